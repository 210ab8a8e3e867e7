//! The run store: SQLite runs, checkpoints and the LLM cache.
