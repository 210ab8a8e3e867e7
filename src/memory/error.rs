//! [`MemoryError`]: what went wrong with a memory file, and how it is classified.

use std::path::PathBuf;

/// What went wrong with a memory file.
#[derive(Debug, thiserror::Error)]
pub enum MemoryError {
    /// The file is not JSON, or not a memory file's shape. It is never overwritten.
    #[error(
        "{} {} (line {line}, column {column}: {message})",
        .path.display(),
        if *.not_json { "is not valid JSON" } else { "is not a valid memory file" }
    )]
    Corrupt {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
        /// True for a syntax error; false when it is JSON of the wrong shape.
        not_json: bool,
        /// `PATH.bak`, the last good version archie kept, if it exists.
        backup: Option<PathBuf>,
    },
    /// Reading, writing or locking failed.
    #[error("cannot {action} {}: {source}", .path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

impl crate::error::Classify for MemoryError {
    /// A corrupt file is the user's to fix (exit 2); an I/O failure is a failure.
    fn exit(&self) -> crate::error::Exit {
        match self {
            MemoryError::Corrupt { .. } => crate::error::Exit::Usage,
            MemoryError::Io { .. } => crate::error::Exit::Failed,
        }
    }
}
