//! The LLM response cache in the run store: the `llm_cache` table; and what each
//! endpoint accepts, the `llm_endpoints` table. The LLM layer keeps both here (see
//! `llm::cache`): the store knows tables, not the LLM.

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

impl Store {
    /// What the endpoint at `base_url` serving `model` was found to accept, and when
    /// (unix ms).
    pub fn endpoint_get(
        &self,
        base_url: &str,
        model: &str,
    ) -> Result<Option<(String, i64)>, StoreError> {
        let found = self
            .conn()
            .prepare_cached(
                "SELECT learned, learned_at FROM llm_endpoints WHERE base_url = ?1 AND model = ?2",
            )?
            .query_row([base_url, model], |row| Ok((row.get(0)?, row.get(1)?)))
            .optional()?;
        Ok(found)
    }

    /// Keeps what the endpoint was found to accept (replacing what was known).
    pub fn endpoint_put(
        &self,
        base_url: &str,
        model: &str,
        learned: &str,
    ) -> Result<(), StoreError> {
        self.conn()
            .prepare_cached(
                "INSERT INTO llm_endpoints (base_url, model, learned, learned_at) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (base_url, model) DO UPDATE SET learned = excluded.learned, learned_at = excluded.learned_at",
            )?
            .execute(params![base_url, model, learned, now_ms()])?;
        Ok(())
    }
}
