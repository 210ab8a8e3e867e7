//! The response cache: answers keyed by a hash of what was asked.

use super::{Message, Schema};
use sha2::{Digest, Sha256};
use std::path::PathBuf;

/// Stores answers by key. The run store implements it over SQLite; [`FileCache`] keeps
/// one file per answer.
pub trait ResponseCache: Send + Sync {
    fn get(&self, key: &str) -> Option<String>;
    /// Stores `value`; failing to store is not fatal (the caller warns).
    fn put(&self, key: &str, value: &str) -> std::io::Result<()>;
}

/// The cache key: SHA-256 (hex) of base URL, model, messages (with roles), schema and
/// temperature. The API key is not part of it.
pub fn cache_key(
    base_url: &str,
    model: &str,
    messages: &[Message],
    schema: Option<&Schema>,
    temperature: Option<f32>,
) -> String {
    let material = serde_json::json!({
        "v": 1,
        "base_url": base_url,
        "model": model,
        "messages": messages,
        "schema": schema.map(|s| &s.schema),
        "temperature": temperature,
    });
    let digest = Sha256::digest(material.to_string().as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// One file per answer under a directory (`.archie/cache/` beside the memory file),
/// sharded by the key's first two characters. Writes are atomic (temp file + rename).
#[derive(Debug, Clone)]
pub struct FileCache {
    dir: PathBuf,
}

impl FileCache {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    fn path(&self, key: &str) -> Option<PathBuf> {
        if key.len() < 3 || !key.chars().all(|c| c.is_ascii_alphanumeric()) {
            return None;
        }
        Some(self.dir.join(&key[..2]).join(format!("{key}.txt")))
    }
}

impl ResponseCache for FileCache {
    fn get(&self, key: &str) -> Option<String> {
        std::fs::read_to_string(self.path(key)?).ok()
    }

    fn put(&self, key: &str, value: &str) -> std::io::Result<()> {
        use std::io::Write;
        let path = self
            .path(key)
            .ok_or_else(|| std::io::Error::other("invalid cache key"))?;
        let dir = path
            .parent()
            .ok_or_else(|| std::io::Error::other("invalid cache path"))?;
        std::fs::create_dir_all(dir)?;
        let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
        tmp.write_all(value.as_bytes())?;
        tmp.persist(&path).map_err(|e| e.error)?;
        Ok(())
    }
}
