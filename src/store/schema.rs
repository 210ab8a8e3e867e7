//! The schema of the run store and its migrations.
//!
//! The database's `PRAGMA user_version` is the number of migrations applied. Opening a
//! store applies the missing ones, in order, in one transaction. A database whose
//! version is higher than [`MIGRATIONS`] knows was written by a newer archie and is
//! refused (see [`StoreError::TooNew`](super::StoreError::TooNew)).
//!
//! Never edit a migration that has shipped: append a new one.

use super::StoreError;
use rusqlite::{Connection, OptionalExtension, TransactionBehavior};
use std::path::Path;

/// Version 1: runs, their step history, and the latest checkpoint of each run.
pub const V1: &str = "
CREATE TABLE runs (
    id          TEXT PRIMARY KEY,
    command     TEXT NOT NULL,
    args        TEXT NOT NULL,              -- JSON array of strings, secrets redacted
    memory_file TEXT NOT NULL,              -- absolute path
    flow        TEXT NOT NULL,
    status      TEXT NOT NULL
        CHECK (status IN ('pending', 'running', 'interrupted', 'completed', 'failed')),
    step        INTEGER NOT NULL DEFAULT 0, -- steps finished
    node        TEXT NOT NULL DEFAULT '',   -- the node of the last finished step
    error       TEXT,
    created_at  INTEGER NOT NULL,           -- unix ms
    updated_at  INTEGER NOT NULL            -- unix ms
);
CREATE INDEX runs_by_created ON runs (created_at);

CREATE TABLE steps (
    run_id      TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    step        INTEGER NOT NULL,
    node        TEXT NOT NULL,
    started_at  INTEGER NOT NULL,           -- unix ms
    duration_ms INTEGER NOT NULL,
    outcome     TEXT NOT NULL,              -- `goto NODE`, `interrupt` or `end`
    PRIMARY KEY (run_id, step)
) WITHOUT ROWID;

-- Only the latest checkpoint of each run: overwritten after every step.
CREATE TABLE checkpoints (
    run_id      TEXT PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
    step        INTEGER NOT NULL,
    next        TEXT NOT NULL,              -- JSON of graph::Cursor
    data        TEXT NOT NULL,              -- JSON of graph::Checkpoint
    updated_at  INTEGER NOT NULL
);
";

/// Version 2: every error of a run (a resumed run can fail more than once), the files a
/// run wrote, its LLM usage, and the LLM response cache.
pub const V2: &str = "
ALTER TABLE runs ADD COLUMN errors TEXT NOT NULL DEFAULT '[]';  -- JSON array of strings
UPDATE runs SET errors = json_array(error) WHERE error IS NOT NULL;
ALTER TABLE runs DROP COLUMN error;
ALTER TABLE runs ADD COLUMN usage TEXT;                          -- JSON, as the LLM layer reports it

CREATE TABLE outputs (
    run_id      TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    path        TEXT NOT NULL,
    what        TEXT NOT NULL,
    written_at  INTEGER NOT NULL,
    PRIMARY KEY (run_id, seq)
) WITHOUT ROWID;

-- Keyed by a hash of (model, messages, schema, params); see src/llm.
CREATE TABLE llm_cache (
    key         TEXT PRIMARY KEY,
    value       TEXT NOT NULL,
    created_at  INTEGER NOT NULL
);
";

/// Version 3: what each LLM endpoint was found to accept (by base URL and model), so a
/// run starts from it instead of learning it again from a refused request.
pub const V3: &str = "
CREATE TABLE llm_endpoints (
    base_url    TEXT NOT NULL,
    model       TEXT NOT NULL,
    learned     TEXT NOT NULL,              -- JSON, as the LLM layer writes it
    learned_at  INTEGER NOT NULL,           -- unix ms
    PRIMARY KEY (base_url, model)
) WITHOUT ROWID;
";

/// Version 4: a run can end `aborted` (the user stopped it at a question with `/abort`).
/// SQLite cannot change a CHECK constraint in place: the table is rebuilt (foreign keys
/// off meanwhile, see [`migrate`]), its rows and rowids kept.
pub const V4: &str = "
CREATE TABLE runs_v4 (
    id          TEXT PRIMARY KEY,
    command     TEXT NOT NULL,
    args        TEXT NOT NULL,              -- JSON array of strings, secrets redacted
    memory_file TEXT NOT NULL,              -- absolute path
    flow        TEXT NOT NULL,
    status      TEXT NOT NULL
        CHECK (status IN ('pending', 'running', 'interrupted', 'completed', 'failed', 'aborted')),
    step        INTEGER NOT NULL DEFAULT 0, -- steps finished
    node        TEXT NOT NULL DEFAULT '',   -- the node of the last finished step
    created_at  INTEGER NOT NULL,           -- unix ms
    updated_at  INTEGER NOT NULL,           -- unix ms
    errors      TEXT NOT NULL DEFAULT '[]', -- JSON array of strings
    usage       TEXT                        -- JSON, as the LLM layer reports it
);
INSERT INTO runs_v4 (rowid, id, command, args, memory_file, flow, status, step, node,
                     created_at, updated_at, errors, usage)
    SELECT rowid, id, command, args, memory_file, flow, status, step, node,
           created_at, updated_at, errors, usage FROM runs;
DROP TABLE runs;
ALTER TABLE runs_v4 RENAME TO runs;
CREATE INDEX runs_by_created ON runs (created_at);
";

/// Version 5: the MCP tasks calls of `archie mcp` started, one row per task (a run
/// continued by a second call has a second task): a task that ended keeps its status and
/// result for every later session, whatever its run does next.
pub const V5: &str = "
CREATE TABLE tasks (
    id          TEXT PRIMARY KEY,
    run_id      TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    status      TEXT NOT NULL
        CHECK (status IN ('working', 'input_required', 'completed', 'failed', 'cancelled')),
    message     TEXT,
    created_at  INTEGER NOT NULL,           -- unix ms
    updated_at  INTEGER NOT NULL,           -- unix ms
    ttl_ms      INTEGER NOT NULL,
    result      TEXT                        -- JSON: the call's result, once it ended
) WITHOUT ROWID;
CREATE INDEX tasks_by_run ON tasks (run_id);
";

/// Every migration, in order. `MIGRATIONS[n]` takes a database from version `n` to `n + 1`.
pub const MIGRATIONS: &[&str] = &[V1, V2, V3, V4, V5];

/// The schema version this archie writes.
pub const CURRENT_VERSION: u32 = MIGRATIONS.len() as u32;

fn user_version(conn: &Connection) -> rusqlite::Result<u32> {
    conn.pragma_query_value(None, "user_version", |row| row.get(0))
}

fn too_new(path: &Path, found: u32) -> StoreError {
    StoreError::TooNew {
        path: path.to_path_buf(),
        found,
        known: CURRENT_VERSION,
    }
}

/// Brings the database up to [`CURRENT_VERSION`]. Safe when several processes open the
/// same new database at once: the version is read again under the write lock.
pub(super) fn migrate(conn: &mut Connection, path: &Path) -> Result<(), StoreError> {
    let version = user_version(conn)?;
    if version == CURRENT_VERSION {
        return Ok(());
    }
    if version > CURRENT_VERSION {
        return Err(too_new(path, version));
    }
    // A table rebuild (V4) must not cascade its DROP to the rows that refer to it; the
    // setting cannot change inside the transaction.
    conn.pragma_update(None, "foreign_keys", "OFF")?;
    let migrated = migrate_locked(conn, path);
    conn.pragma_update(None, "foreign_keys", "ON")?;
    migrated
}

fn migrate_locked(conn: &mut Connection, path: &Path) -> Result<(), StoreError> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let version = user_version(&tx)?;
    if version > CURRENT_VERSION {
        return Err(too_new(path, version));
    }
    for (index, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        tx.execute_batch(sql)
            .map_err(|source| StoreError::Migrate {
                path: path.to_path_buf(),
                version: index as u32 + 1,
                source,
            })?;
    }
    let broken: Option<String> = tx
        .query_row("PRAGMA foreign_key_check", [], |row| row.get(0))
        .optional()?;
    if let Some(table) = broken {
        return Err(StoreError::Migrate {
            path: path.to_path_buf(),
            version: CURRENT_VERSION,
            source: rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY),
                Some(format!("a row of {table} refers to no run")),
            ),
        });
    }
    tx.pragma_update(None, "user_version", CURRENT_VERSION)?;
    tx.commit()?;
    Ok(())
}
