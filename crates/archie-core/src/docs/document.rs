//! One document: reading a file as text (size limit, binary sniffing, UTF-8, byte-order
//! mark, empty) and reading it again after a checkpoint.

use super::skip::SkipReason;
use crate::files::{self, ReadError};
use crate::hash::sha256_hex;
use serde::{Deserialize, Serialize};
use std::io;
use std::path::{Path, PathBuf};

/// How much of a file is searched for a NUL byte to call it binary.
const SNIFF_BYTES: usize = 8 * 1024;

/// One design document, read whole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Document {
    /// The name shown to the user and the LLM: relative to the input folder, with `/`
    /// separators (`payments/retries.md`). With several inputs it starts with the input
    /// folder's name (`docs/payments/retries.md`); a file given directly keeps the path
    /// as given.
    pub path: String,
    /// Where the file is on disk (as reachable from the current directory).
    pub source: PathBuf,
    /// The full text (a leading UTF-8 byte-order mark removed). Not serialised: a
    /// checkpoint refers to the file by path, size and hash, and [`Document::reload`]
    /// reads it again.
    #[serde(skip_serializing, default)]
    pub text: String,
    /// Size of the text in bytes.
    pub size: u64,
    /// SHA-256 of the file's text, lowercase hex: unchanged documents can reuse cached work.
    pub hash: String,
    /// The kinds of the secrets found in the file and replaced in [`Document::text`] by
    /// placeholders (`[secret: postgres password 1]`, see [`crate::secrets::mask_secrets`]),
    /// so they never reach a model; empty with `--send-secrets`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub withheld: Vec<String>,
    /// `--send-secrets`: [`Document::text`] is the file's text as it is, secrets included.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub secrets_sent: bool,
}

/// What [`Document::reload`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reload {
    /// The file has the content it had (by hash).
    Unchanged,
    /// The file's content changed; the document now holds the new text.
    Changed,
    /// The file cannot be read as a document any more (gone, binary, …).
    Gone(SkipReason),
}

impl Document {
    /// A document of `text` read from `source`, shown as `path`: its secrets replaced by
    /// placeholders unless `send_secrets`.
    pub fn new(path: String, source: PathBuf, text: String, send_secrets: bool) -> Self {
        let mut doc = Document {
            path,
            source,
            size: text.len() as u64,
            hash: sha256_hex(text.as_bytes()),
            text: String::new(),
            withheld: Vec::new(),
            secrets_sent: send_secrets,
        };
        doc.set_text(text, send_secrets);
        doc
    }

    /// Takes the file's `text`, its secrets masked unless `send_secrets`.
    fn set_text(&mut self, text: String, send_secrets: bool) {
        if send_secrets {
            self.text = text;
            self.withheld.clear();
        } else {
            let masked = crate::secrets::mask_secrets(text);
            self.text = masked.text;
            self.withheld = masked.withheld;
        }
    }

    /// Reads the document's file again (after a checkpoint, which carries no text), up
    /// to `limit` bytes, and says whether its content is what it was.
    pub fn reload(&mut self, limit: u64) -> Reload {
        match read_text(&self.source, limit) {
            Err(reason) => Reload::Gone(reason),
            Ok(text) => {
                let hash = sha256_hex(text.as_bytes());
                let changed = hash != self.hash;
                self.size = text.len() as u64;
                self.hash = hash;
                self.set_text(text, self.secrets_sent);
                if changed {
                    Reload::Changed
                } else {
                    Reload::Unchanged
                }
            }
        }
    }
}

/// Reads a file as text, or says why it is not one. Only a regular file is read; its
/// first 8 KiB are looked at for a NUL byte before the rest is read, and never more than
/// `limit` bytes are held (a file that grows meanwhile is caught too).
pub(super) fn read_text(path: &Path, limit: u64) -> Result<String, SkipReason> {
    let mut file = files::open_regular(path).map_err(skip_reason)?;
    if file.len() > limit {
        return Err(SkipReason::TooLarge {
            size: file.len(),
            limit,
        });
    }
    let head = file.read_head(SNIFF_BYTES).map_err(|err| SkipReason::Io {
        message: io_message(&err),
    })?;
    if head.contains(&0) {
        return Err(SkipReason::Binary);
    }
    let bytes = file.read_rest(head, limit).map_err(skip_reason)?;
    let mut text = String::from_utf8(bytes).map_err(|err| SkipReason::NotUtf8 {
        offset: err.utf8_error().valid_up_to(),
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    if text.trim().is_empty() {
        return Err(SkipReason::Empty);
    }
    Ok(text)
}

/// Why a bounded read failed, as a skip reason.
fn skip_reason(err: ReadError) -> SkipReason {
    match err {
        ReadError::Io(err) => SkipReason::Io {
            message: io_message(&err),
        },
        ReadError::NotAFile { .. } => SkipReason::NotAFile,
        ReadError::TooLarge { size, limit } => SkipReason::TooLarge { size, limit },
    }
}

/// What an I/O error means for a file the user gave us, in a few words.
pub(super) fn io_message(err: &io::Error) -> String {
    match err.kind() {
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        io::ErrorKind::NotFound => "not found (a broken symbolic link?)".into(),
        _ => err.to_string(),
    }
}
