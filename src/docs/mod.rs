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
//! - [`InputArgs`] are the `-i/--inputs`, `--include`, `--exclude` and `--max-file-size`
//!   options the commands that read documents flatten into their arguments.

mod args;
mod chunk;
mod retrieve;

pub use args::{InputArgs, format_size, parse_size};
pub use chunk::{Chunk, ChunkOptions, chunk, chunk_all};
pub use retrieve::{
    DEFAULT_EXTENSIONS, DEFAULT_MAX_FILE_SIZE, DEFAULT_OWN_OUTPUTS, DocsError, Document,
    GENERATED_MARKER, RetrieveOptions, Retrieved, SkipReason, Skipped, retrieve,
};

/// The exit code an error from this module asks for, if it is one of ours: every
/// [`DocsError`] is a usage error (exit code 2).
pub fn exit_status(err: &(dyn std::error::Error + 'static)) -> Option<u8> {
    err.is::<DocsError>().then_some(crate::error::EXIT_USAGE)
}

/// Lowercase hex of a SHA-256 digest of `bytes`.
pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let digest = Sha256::digest(bytes);
    let mut out = String::with_capacity(64);
    for b in digest {
        out.push(HEX[usize::from(b >> 4)] as char);
        out.push(HEX[usize::from(b & 0xf)] as char);
    }
    out
}
