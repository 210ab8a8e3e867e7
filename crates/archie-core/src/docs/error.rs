//! [`DocsError`]: why there is nothing to read.

use super::skip::{Skipped, skip_breakdown};
use std::fmt;
use std::path::PathBuf;

/// Why there is nothing to read. Every variant is a usage error (exit code 2): the user
/// fixes it by pointing `-i` elsewhere or changing the filters. `Display` gives the
/// message; what to do about it is the edge's to say (`cli::error`).
#[derive(Debug, thiserror::Error)]
pub enum DocsError {
    /// No `-i` at all.
    NoInputs,
    /// An input path does not exist.
    NotFound { path: PathBuf },
    /// An input path exists but cannot be examined.
    Inaccessible { path: PathBuf, message: String },
    /// An `--include`/`--exclude` (or own-output) glob does not parse.
    BadGlob {
        flag: &'static str,
        glob: String,
        message: String,
    },
    /// The inputs hold no readable document.
    NoDocuments {
        inputs: Vec<PathBuf>,
        skipped: Vec<Skipped>,
        ignored: usize,
        include: Vec<String>,
    },
}

impl DocsError {
    /// What happened, in one line.
    pub fn message(&self) -> String {
        match self {
            DocsError::NoInputs => "no documents to read: no input was given".into(),
            DocsError::NotFound { path } => {
                format!("input {} does not exist", path.display())
            }
            DocsError::Inaccessible { path, message } => {
                format!("cannot read input {}: {message}", path.display())
            }
            DocsError::BadGlob {
                flag,
                glob,
                message,
            } => format!("invalid {flag} glob `{glob}`: {message}"),
            DocsError::NoDocuments {
                inputs,
                skipped,
                ignored,
                include,
            } => {
                let names = inputs
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ");
                let mut msg = format!("no documents to read in {names}");
                let mut parts = Vec::new();
                if !skipped.is_empty() {
                    parts.push(format!(
                        "{} skipped ({})",
                        skipped.len(),
                        skip_breakdown(skipped)
                    ));
                }
                if *ignored > 0 {
                    let one = *ignored == 1;
                    let filter = match (include.is_empty(), one) {
                        (true, true) => "is not .md or .txt".to_string(),
                        (true, false) => "are not .md or .txt".to_string(),
                        (false, true) => format!("does not match --include {}", include.join(", ")),
                        (false, false) => format!("do not match --include {}", include.join(", ")),
                    };
                    parts.push(format!(
                        "{ignored} other file{} {filter}",
                        if one { "" } else { "s" }
                    ));
                }
                if parts.is_empty() {
                    msg.push_str(": it holds no files");
                } else {
                    msg.push_str(": ");
                    msg.push_str(&parts.join("; "));
                }
                msg
            }
        }
    }
}

impl fmt::Display for DocsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}
