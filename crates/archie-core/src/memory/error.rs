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
    /// The file is empty (or only whitespace): not even `{}`. Never overwritten.
    #[error("{} is empty: it holds no memory, not even {{}}", .path.display())]
    Empty {
        path: PathBuf,
        /// `PATH.bak`, the last good version archie kept, if it exists.
        backup: Option<PathBuf>,
    },
    /// The path is a folder, a named pipe, a device or a socket: only a regular file is
    /// read as a memory file.
    #[error("{} is {what}: a memory file is a regular file", .path.display())]
    NotAFile { path: PathBuf, what: &'static str },
    /// Larger than the memory-file size limit.
    #[error(
        "{} is {}, over the limit of {} for a memory file",
        .path.display(),
        crate::docs::format_size(*.size),
        crate::docs::format_size(*.limit)
    )]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    /// Another process held the file's lock for longer than a save waits.
    #[error(
        "{} is being saved by another process: gave up after waiting {} s for its lock",
        .path.display(),
        .waited.as_secs()
    )]
    Busy {
        path: PathBuf,
        lock: PathBuf,
        waited: std::time::Duration,
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
