//! What was passed over and why: [`Skipped`], [`SkipReason`], and the counts per reason
//! that summaries and errors show.

use super::size::format_size;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

/// A file (or folder) that was passed over, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skipped {
    /// Display path, in the same form as [`Document::path`](super::Document::path).
    pub path: String,
    /// Where it is on disk.
    pub source: PathBuf,
    pub reason: SkipReason,
}

impl fmt::Display for Skipped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.reason)
    }
}

/// Why a file was not read. `Display` gives a full sentence fragment for `-v` listings;
/// [`Retrieved::summary`](super::Retrieved::summary) groups them by a short label.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SkipReason {
    /// A NUL byte in the first 8 KiB.
    Binary,
    /// Not valid UTF-8; `offset` is the first invalid byte.
    NotUtf8 { offset: usize },
    /// Larger than `--max-file-size`.
    TooLarge { size: u64, limit: u64 },
    /// No text at all (empty or whitespace only).
    Empty,
    /// A symbolic link leading back to a folder above it.
    SymlinkLoop { target: PathBuf },
    /// The name starts with `.` (a hidden folder is skipped whole, listed once).
    Hidden,
    /// A file archie wrote (or will write in this run); `why` says how it was recognised.
    OwnOutput { why: String },
    /// A FIFO, socket or device.
    NotAFile,
    /// The file system refused: permission denied, a broken link, ...
    Io { message: String },
}

impl SkipReason {
    /// Order and short label (for `count`) used in the one-line summary.
    fn summary_label(&self, count: usize) -> (u8, String) {
        let many = count != 1;
        match self {
            SkipReason::Binary => (0, "binary".into()),
            SkipReason::NotUtf8 { .. } => (1, "not UTF-8".into()),
            SkipReason::TooLarge { limit, .. } => (2, format!("over {}", format_size(*limit))),
            SkipReason::Empty => (3, "empty".into()),
            SkipReason::SymlinkLoop { .. } => (
                4,
                if many {
                    "symlink loops"
                } else {
                    "symlink loop"
                }
                .into(),
            ),
            SkipReason::Hidden => (5, "hidden".into()),
            SkipReason::OwnOutput { .. } => (
                6,
                if many {
                    "archie outputs"
                } else {
                    "archie output"
                }
                .into(),
            ),
            SkipReason::NotAFile => (
                7,
                if many {
                    "not regular files"
                } else {
                    "not a regular file"
                }
                .into(),
            ),
            SkipReason::Io { .. } => (8, "unreadable".into()),
        }
    }
}

impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SkipReason::Binary => f.write_str("binary (a NUL byte in its first 8 KiB)"),
            SkipReason::NotUtf8 { offset } => {
                write!(f, "not UTF-8 text (invalid byte at offset {offset})")
            }
            SkipReason::TooLarge { size, limit } => {
                let (size_h, limit_h) = (format_size(*size), format_size(*limit));
                if size_h == limit_h {
                    write!(f, "{size_h} ({size} bytes) is over the {limit_h} limit")?;
                } else {
                    write!(f, "{size_h} is over the {limit_h} limit")?;
                }
                f.write_str(" (raise it with --max-file-size)")
            }
            SkipReason::Empty => f.write_str("empty"),
            SkipReason::SymlinkLoop { target } => {
                write!(f, "symbolic link loop (leads back to {})", target.display())
            }
            SkipReason::Hidden => f.write_str("hidden (its name starts with '.')"),
            SkipReason::OwnOutput { why } => write!(f, "archie's own output ({why})"),
            SkipReason::NotAFile => f.write_str("not a regular file"),
            SkipReason::Io { message } => write!(f, "cannot read it: {message}"),
        }
    }
}

/// `2 binary, 1 over 1 MiB`: counts per kind of reason, in a fixed order.
pub(super) fn skip_breakdown(skipped: &[Skipped]) -> String {
    skip_counts(skipped)
        .into_iter()
        .map(|(label, count)| format!("{count} {label}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// How many files were skipped for each kind of reason, with a short label, in a fixed
/// order: `[("binary", 2), ("over 1 MiB", 1)]`.
pub fn skip_counts(skipped: &[Skipped]) -> Vec<(String, usize)> {
    let mut groups: BTreeMap<(u8, String), (usize, &SkipReason)> = BTreeMap::new();
    for s in skipped {
        let key = s.reason.summary_label(1);
        groups.entry(key).or_insert((0, &s.reason)).0 += 1;
    }
    groups
        .values()
        .map(|(count, reason)| (reason.summary_label(*count).1, *count))
        .collect()
}
