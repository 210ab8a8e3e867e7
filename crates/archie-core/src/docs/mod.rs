//! Document retrieval and chunking.
//!
//! - [`retrieve`] walks the input folders (recursively, following symbolic links, in a
//!   deterministic order) and reads the design documents in them: `.md` and `.txt` by
//!   default, or whatever `--include` globs select. Every file it passes over for a
//!   reason (binary, not UTF-8, too large, a symlink loop, hidden, archie's own output,
//!   unreadable) is listed in [`Retrieved::skipped`] with that reason.
//! - [`chunk()`] cuts a document into pieces of about [`ChunkOptions::target_tokens`] for
//!   graph extraction: at markdown headings first, then paragraphs, lines, sentences and
//!   words, and only as a last resort in the middle of a word. Consecutive chunks overlap.
//!   The headings, fences and paragraphs it cuts along come from `outline.rs`.
//! - [`parse_size`] and [`format_size`]: byte counts as people write and read them.

mod chunk;
mod document;
mod error;
mod outline;
mod retrieve;
mod size;
mod skip;

pub use chunk::{Chunk, ChunkOptions, chunk, chunk_all};
pub use document::{Document, Reload};
pub use error::DocsError;
pub use retrieve::{
    DEFAULT_EXTENSIONS, DEFAULT_MAX_FILE_SIZE, DEFAULT_OWN_OUTPUTS, GENERATED_MARKER,
    RetrieveOptions, Retrieved, retrieve, withheld, withheld_line,
};
pub use size::{format_size, parse_size};
pub use skip::{SkipReason, Skipped, skip_counts};
