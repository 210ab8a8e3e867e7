//! The response cache: answers keyed by a hash of what was asked.

use super::{Message, Schema};
use sha2::{Digest, Sha256};

/// Stores answers by key. The run store (`crate::store::Store`, `.archie/archie.db`)
/// implements it over SQLite.
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
