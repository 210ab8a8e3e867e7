//! The run store: every run archie makes, its step history, its latest checkpoint, and
//! the LLM response cache, in one SQLite database (`.archie/archie.db` beside the memory
//! file by default; see [`state_dir`]).
//!
//! - WAL mode and a busy timeout: several archie processes can record runs at once.
//! - Only the latest checkpoint of a run is kept (one row per run, overwritten after each
//!   step, in the same transaction as the step's history row), so a long conversation
//!   does not make the database grow with the square of its length.
//! - The schema is versioned (`PRAGMA user_version`) and migrated on open; see
//!   [`schema`].
//! - Secrets never reach it: arguments go through [`redact_args`], errors and
//!   checkpoints through [`redact_text`].
//!
//! The API is synchronous (rusqlite is); a call takes well under a millisecond unless
//! another process holds the write lock, when it waits up to [`BUSY_TIMEOUT`].
//!
//! This file opens the store; `runs.rs` records and reads runs, `cache.rs` is the LLM
//! cache, `model.rs` the types runs are read back as, `error.rs` what can go wrong.

mod cache;
mod checkpointer;
mod error;
mod id;
mod model;
mod runs;
pub mod schema;

pub use crate::secrets::{REDACTED, redact_args, redact_text};
pub use checkpointer::RunCheckpointer;
pub use error::StoreError;
pub use id::RunId;
pub use model::{NewRun, Output, RunDetail, RunSummary, Status, StepRecord};

use rusqlite::Connection;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The database's file name inside the state directory.
pub const DB_FILE: &str = "archie.db";

/// How long a write waits for another process holding the database before failing.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Where archie keeps its state: `override_dir` (`--state-dir`, `ARCHIE_STATE_DIR`) if
/// given, otherwise `.archie/` in the directory of the memory file.
pub fn state_dir(memory_file: &Path, override_dir: Option<&Path>) -> PathBuf {
    match override_dir {
        Some(dir) => dir.to_path_buf(),
        None => memory_file
            .parent()
            .unwrap_or(Path::new(""))
            .join(".archie"),
    }
}

/// The database file in a state directory.
pub fn db_path(dir: &Path) -> PathBuf {
    dir.join(DB_FILE)
}

/// The current time in unix milliseconds.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// The run store. `Send + Sync`: share it (`Arc<Store>` or `&Store`) between the run
/// loop, the LLM cache and the Ctrl-C handler; calls are serialised on one connection.
pub struct Store {
    conn: Mutex<Connection>,
    path: PathBuf,
}

impl fmt::Debug for Store {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Store").field("path", &self.path).finish()
    }
}

impl Store {
    /// Opens the store in `dir`, creating the directory and the database on first use and
    /// migrating an older schema.
    pub fn open(dir: &Path) -> Result<Store, StoreError> {
        if !dir.is_dir() {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::CreateDir {
                path: dir.to_path_buf(),
                source,
            })?;
            // The state is local to this checkout; keep it out of git. Best effort: the
            // store works without it.
            let _ = std::fs::write(
                dir.join(".gitignore"),
                "# archie's run store (runs, checkpoints, LLM cache): local state\n*\n",
            );
        }
        Self::open_file(db_path(dir))
    }

    /// Opens the store in `dir` if it exists; `None` (and nothing created) otherwise. For
    /// read-only commands.
    pub fn open_existing(dir: &Path) -> Result<Option<Store>, StoreError> {
        let path = db_path(dir);
        if !path.is_file() {
            return Ok(None);
        }
        Self::open_file(path).map(Some)
    }

    fn open_file(path: PathBuf) -> Result<Store, StoreError> {
        let open_err = |source| StoreError::Open {
            path: path.clone(),
            source,
        };
        let mut conn = Connection::open(&path).map_err(open_err)?;
        // Switching a new database to WAL needs a lock that SQLite does not wait for
        // (no busy handler), so when several processes create the store at once the
        // losers retry until the busy timeout.
        let deadline = std::time::Instant::now() + BUSY_TIMEOUT;
        loop {
            let result = configure(&conn)
                .map_err(open_err)
                .and_then(|()| schema::migrate(&mut conn, &path));
            match result {
                Err(err) if is_busy(&err) && std::time::Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5 + fastrand::u64(..20)));
                }
                other => break other?,
            }
        }
        Ok(Store {
            conn: Mutex::new(conn),
            path,
        })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn conn(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a transaction open (it rolls back
        // when dropped), so the connection is still good.
        self.conn.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Per-connection settings: wait for other writers, WAL (readers never block the writer),
/// `synchronous = NORMAL` (safe with WAL: a power cut can lose the last commits, never
/// corrupt the file), and foreign keys so deleting a run deletes its rows.
fn configure(conn: &Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    let mode: String =
        conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        // A file system without shared memory support: still usable, one writer at a time.
        conn.pragma_update(None, "journal_mode", "DELETE")?;
    }
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
}

/// Another process holds the database (worth waiting for while opening).
fn is_busy(err: &StoreError) -> bool {
    let sql = match err {
        StoreError::Open { source, .. } | StoreError::Migrate { source, .. } => source,
        StoreError::Busy(source) | StoreError::Sql(source) => source,
        _ => return false,
    };
    matches!(
        sql.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_dir_is_beside_the_memory_file_unless_overridden() {
        assert_eq!(
            state_dir(Path::new("repo/context.json"), None),
            Path::new("repo/.archie")
        );
        assert_eq!(
            state_dir(Path::new("context.json"), None),
            Path::new(".archie")
        );
        assert_eq!(
            state_dir(Path::new("repo/context.json"), Some(Path::new("/tmp/s"))),
            Path::new("/tmp/s")
        );
    }

    #[test]
    fn too_new_a_database_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        drop(Store::open(dir.path()).unwrap());
        let conn = Connection::open(db_path(dir.path())).unwrap();
        conn.pragma_update(None, "user_version", schema::CURRENT_VERSION + 1)
            .unwrap();
        drop(conn);
        let err = Store::open(dir.path()).unwrap_err();
        assert!(
            matches!(err, StoreError::TooNew { found, .. } if found == schema::CURRENT_VERSION + 1)
        );
        assert!(err.to_string().contains("a newer archie wrote it"), "{err}");
        assert_eq!(
            crate::error::Classify::exit(&err),
            crate::error::Exit::Usage
        );
    }
}
