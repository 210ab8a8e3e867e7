//! The LLM response cache in the run store: the `llm_cache` table and the
//! [`ResponseCache`](crate::llm::ResponseCache) implementation the LLM client uses.

use super::{Store, StoreError, now_ms};
use rusqlite::{OptionalExtension, params};

impl Store {
    /// A cached LLM response.
    pub fn cache_get(&self, key: &str) -> Result<Option<String>, StoreError> {
        let value = self
            .conn()
            .prepare_cached("SELECT value FROM llm_cache WHERE key = ?1")?
            .query_row([key], |row| row.get(0))
            .optional()?;
        Ok(value)
    }

    /// Stores an LLM response under `key` (replacing any previous one).
    pub fn cache_put(&self, key: &str, value: &str) -> Result<(), StoreError> {
        let value = super::redact_text(value);
        self.conn()
            .prepare_cached(
                "INSERT INTO llm_cache (key, value, created_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value, created_at = excluded.created_at",
            )?
            .execute(params![key, value, now_ms()])?;
        // A response cost a call to the model: worth keeping through a power cut.
        self.keep_durably();
        Ok(())
    }
}

/// The LLM response cache lives in the run store.
impl crate::llm::ResponseCache for Store {
    fn get(&self, key: &str) -> Option<String> {
        self.cache_get(key).ok().flatten()
    }

    fn put(&self, key: &str, value: &str) -> std::io::Result<()> {
        self.cache_put(key, value).map_err(std::io::Error::other)
    }
}
