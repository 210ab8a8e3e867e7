//! The run store: every run archie makes, its step history, its latest checkpoint, and
//! the LLM response cache, in one SQLite database (`.archie/archie.db` beside the memory
//! file by default; see [`state_dir`]).
//!
//! - WAL mode and a busy timeout: several archie processes can record runs at once.
//! - No fsync for what changes nothing durable: commits do not sync (`synchronous =
//!   NORMAL`), and closing does not checkpoint the WAL (which costs fsyncs) unless the
//!   process stored something worth them (an LLM response, a file it wrote) or the WAL
//!   has grown past [`WAL_FLUSH_BYTES`]; that checkpoint also removes `archie.db-wal` and
//!   `archie.db-shm`. Durable against a crash of archie; see docs/reliability.md for what
//!   a power cut can lose.
//! - One owner per run: a lock the operating system releases when its process dies
//!   ([`Store::claim`], `owner.rs`); a run whose owner is gone reads back as abandoned.
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
//! This file opens the store; `runs.rs` records and reads runs, `tasks.rs` the MCP
//! tasks of runs, `cache.rs` is the LLM cache, `model.rs` the types runs are read back as, `error.rs` what can go wrong.

mod cache;
mod checkpointer;
mod error;
mod id;
mod model;
mod owner;
mod runs;
pub mod schema;
mod tasks;

pub use crate::secrets::{REDACTED, redact_args, redact_text};
pub use checkpointer::RunCheckpointer;
pub use error::StoreError;
pub use id::RunId;
pub use model::{NewRun, Output, RunDetail, RunSummary, Status, StepRecord};
pub use owner::RunLock;
pub use tasks::{TaskRecord, TaskStatus};

use rusqlite::Connection;
use rusqlite::config::DbConfig;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The database's file name inside the state directory.
pub const DB_FILE: &str = "archie.db";

/// How long a write waits for another process holding the database before failing.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// A WAL larger than this is checkpointed (and removed) when the store closes, whatever
/// the process did: the fsyncs are paid once every few dozen runs, not by each.
pub const WAL_FLUSH_BYTES: u64 = 1024 * 1024;

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
    /// Something worth fsyncs was stored (an LLM response, a file written): checkpoint
    /// the WAL when closing.
    durable: AtomicBool,
}

/// Closing: checkpoint the WAL (fsyncs; the WAL and shared-memory files are removed)
/// only when this process stored something durable or the WAL has grown; otherwise
/// leave it for a later run, which costs no fsync now and loses nothing to a crash.
impl Drop for Store {
    fn drop(&mut self) {
        let wal = wal_path(&self.path);
        let grown = std::fs::metadata(&wal).is_ok_and(|m| m.len() > WAL_FLUSH_BYTES);
        if self.durable.load(Ordering::Relaxed) || grown {
            let _ = self
                .conn()
                .set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, false);
        }
    }
}

/// The WAL file of the database at `db`.
pub fn wal_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push("-wal");
    PathBuf::from(name)
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
            durable: AtomicBool::new(false),
        })
    }

    /// Marks that this process stored something worth the fsyncs of a checkpoint when
    /// the store closes.
    pub(crate) fn keep_durably(&self) {
        self.durable.store(true, Ordering::Relaxed);
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
/// corrupt the file), no checkpoint on close unless asked for, and foreign keys so
/// deleting a run deletes its rows.
fn configure(conn: &Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // Before the journal mode: creating a database then syncs less.
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    // Closing leaves the WAL for a later checkpoint (see `Drop for Store`).
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)?;
    let mode: String =
        conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        // A file system without shared memory support: still usable, one writer at a time.
        conn.pragma_update(None, "journal_mode", "DELETE")?;
    }
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
