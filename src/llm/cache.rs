//! The response cache: answers keyed by a hash of what was asked.

use super::{Message, Schema};
use crate::hash::sha256_hex;
use crate::store::Store;

/// Stores answers by key. The run store ([`Store`], `.archie/archie.db`) keeps them
/// over SQLite (below).
pub trait ResponseCache: Send + Sync {
    fn get(&self, key: &str) -> Option<String>;
    /// Stores `value`; failing to store is not fatal (the caller warns).
    fn put(&self, key: &str, value: &str) -> std::io::Result<()>;
}

/// Keeps what each endpoint (base URL and model) was found to accept and how much it
/// answered at once, across runs: the run store implements it. `learned` is the LLM
/// layer's own JSON. The base URL is given without its user info: a password in it never
/// reaches the store.
pub trait EndpointNotes: Send + Sync {
    /// What was noted for the endpoint, and when (unix ms).
    fn recall(&self, base_url: &str, model: &str) -> Option<(String, i64)>;
    /// Notes it; failing to is not fatal (the next run learns again).
    fn note(&self, base_url: &str, model: &str, learned: &str) -> std::io::Result<()>;
}

/// The LLM response cache lives in the run store.
impl ResponseCache for Store {
    fn get(&self, key: &str) -> Option<String> {
        self.cache_get(key).ok().flatten()
    }

    fn put(&self, key: &str, value: &str) -> std::io::Result<()> {
        self.cache_put(key, value).map_err(std::io::Error::other)
    }
}

/// What endpoints accept is kept in the run store.
impl EndpointNotes for Store {
    fn recall(&self, base_url: &str, model: &str) -> Option<(String, i64)> {
        self.endpoint_get(base_url, model).ok().flatten()
    }

    fn note(&self, base_url: &str, model: &str, learned: &str) -> std::io::Result<()> {
        self.endpoint_put(base_url, model, learned)
            .map_err(std::io::Error::other)
    }
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
        "schema": schema.map(|s| s.schema.as_ref()),
        "temperature": temperature,
    });
    sha256_hex(material.to_string().as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys are stored in users' run stores: a change here would silently empty every
    /// cache. These values were computed by the key's first implementation (and checked
    /// with Python's hashlib over the same JSON).
    #[test]
    fn keys_stay_byte_identical() {
        let messages = [
            Message::system("You are archie."),
            Message::user("Payments → Ledger?"),
        ];
        let schema = Schema {
            name: "answer".into(),
            schema: std::sync::Arc::new(serde_json::json!({"type": "object"})),
        };
        assert_eq!(
            cache_key(
                "http://127.0.0.1:11434/v1",
                "llama3.2",
                &messages,
                Some(&schema),
                Some(0.2)
            ),
            "1b77d72f74a3898e1c83321a8ad9361a79fe51ab2209c915dd552868cf8037c0"
        );
        assert_eq!(
            cache_key(
                "https://api.openai.com/v1",
                "gpt-4o-mini",
                &messages[1..],
                None,
                None
            ),
            "eccc95c91f48b400dc65bc05bfe0b96c74eb1a023fdfca50ade8412d36ee1fb0"
        );
    }
}
