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

mod checkpointer;
mod id;
pub mod schema;

pub use crate::secrets::{REDACTED, redact_args, redact_text};
pub use checkpointer::RunCheckpointer;
pub use id::RunId;

use crate::graph::Question;
use crate::graph::{Checkpoint, Cursor};
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The database's file name inside the state directory.
pub const DB_FILE: &str = "archie.db";

/// How long a write waits for another process holding the database before failing.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// How many ids `create_run` tries before giving up (ids grow longer as it retries).
const MAX_ID_ATTEMPTS: u32 = 40;

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

/// Where a run is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Recorded, no step finished yet.
    Pending,
    /// Steps are being run (or the process died while running them).
    Running,
    /// Stopped at a question nobody could answer, or by Ctrl-C; resumable.
    Interrupted,
    Completed,
    /// A step or the command failed; resumable from the last checkpoint.
    Failed,
}

impl Status {
    pub const ALL: [Status; 5] = [
        Status::Pending,
        Status::Running,
        Status::Interrupted,
        Status::Completed,
        Status::Failed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Running => "running",
            Status::Interrupted => "interrupted",
            Status::Completed => "completed",
            Status::Failed => "failed",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Status {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Status::ALL
            .into_iter()
            .find(|status| status.as_str() == s)
            .ok_or_else(|| format!("unknown run status `{s}`"))
    }
}

/// What the store needs to record a new run.
#[derive(Debug, Clone)]
pub struct NewRun {
    /// The command (`analyze`, `build-context`, `echo`, …).
    pub command: String,
    /// The whole command line (`std::env::args()`); secrets are removed before storing.
    pub args: Vec<String>,
    /// The memory file the run reads and grows (stored as an absolute path).
    pub memory_file: PathBuf,
    /// The flow (graph name).
    pub flow: String,
}

/// One line of `archie runs list`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunSummary {
    pub id: RunId,
    pub command: String,
    /// The command line, secrets redacted.
    pub args: Vec<String>,
    pub flow: String,
    pub status: Status,
    /// Steps finished.
    pub step: u32,
    /// The node of the last finished step (empty before the first).
    pub node: String,
    /// LLM calls, from the usage the run recorded (`calls`), if any.
    pub llm_calls: Option<u64>,
    /// Unix ms.
    pub created_at: i64,
    /// Unix ms.
    pub updated_at: i64,
}

/// One finished step of a run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepRecord {
    pub step: u32,
    pub node: String,
    /// Unix ms.
    pub started_at: i64,
    pub duration_ms: u64,
    /// `goto NODE`, `interrupt` or `end`.
    pub outcome: String,
}

/// A file a run wrote.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Output {
    pub path: String,
    pub what: String,
    /// Unix ms.
    pub written_at: i64,
}

/// Everything recorded about a run (`archie runs show`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunDetail {
    #[serde(flatten)]
    pub summary: RunSummary,
    pub memory_file: PathBuf,
    /// Every error, oldest first (a resumed run can fail more than once).
    pub errors: Vec<String>,
    pub outputs: Vec<Output>,
    /// LLM usage as the LLM layer reported it.
    pub usage: Option<serde_json::Value>,
    pub history: Vec<StepRecord>,
    /// Where the run continues, from its latest checkpoint (None: no step finished).
    pub next: Option<Cursor>,
    /// The question the run waits for: the latest checkpoint continues at a question and
    /// the run is not completed.
    pub pending_question: Option<Question>,
}

/// A run store that cannot be used, and what to do about it.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot create the state directory {}: {source}", path.display())]
    CreateDir {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot open the run store {}: {source}", path.display())]
    Open {
        path: PathBuf,
        #[source]
        source: rusqlite::Error,
    },
    #[error(
        "the run store {} has schema version {found}, but this archie only knows up to version {known}: a newer archie wrote it",
        path.display()
    )]
    TooNew {
        path: PathBuf,
        found: u32,
        known: u32,
    },
    #[error(
        "upgrading the run store {} to schema version {version} failed: {source}",
        path.display()
    )]
    Migrate {
        path: PathBuf,
        version: u32,
        #[source]
        source: rusqlite::Error,
    },
    #[error("no run `{id}` is recorded")]
    UnknownRun { id: String },
    #[error(
        "the run store is busy: another archie process held it for more than {} s",
        BUSY_TIMEOUT.as_secs()
    )]
    Busy(#[source] rusqlite::Error),
    #[error("the checkpoint of run {id} cannot be read: {source}")]
    BadCheckpoint {
        id: String,
        #[source]
        source: serde_json::Error,
    },
    #[error("could not find a free run id after {MAX_ID_ATTEMPTS} tries")]
    NoFreeId,
    #[error("run store error: {0}")]
    Sql(#[source] rusqlite::Error),
    #[error("cannot serialise data for the run store: {0}")]
    Json(#[from] serde_json::Error),
}

impl From<rusqlite::Error> for StoreError {
    fn from(err: rusqlite::Error) -> Self {
        match err.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
                StoreError::Busy(err)
            }
            _ => StoreError::Sql(err),
        }
    }
}

impl crate::error::Classify for StoreError {
    /// An unknown run id or a database from a newer archie: the user's to fix (exit 2).
    fn exit(&self) -> crate::error::Exit {
        match self {
            StoreError::UnknownRun { .. } | StoreError::TooNew { .. } => crate::error::Exit::Usage,
            _ => crate::error::Exit::Failed,
        }
    }
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

const SUMMARY_COLUMNS: &str =
    "id, command, args, flow, status, step, node, usage, created_at, updated_at";

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

    /// Records a new run (status `pending`) and returns its id.
    pub fn create_run(&self, new: NewRun) -> Result<RunId, StoreError> {
        self.create_run_with(new, &mut fastrand::Rng::new())
    }

    fn create_run_with(&self, new: NewRun, rng: &mut fastrand::Rng) -> Result<RunId, StoreError> {
        let args = serde_json::to_string(&redact_args(&new.args))?;
        let memory_file = std::path::absolute(&new.memory_file).unwrap_or(new.memory_file);
        let memory_file = memory_file.to_string_lossy();
        let now = now_ms();
        let conn = self.conn();
        let mut insert = conn.prepare_cached(
            "INSERT INTO runs (id, command, args, memory_file, flow, status, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, 'pending', ?6, ?6)",
        )?;
        for attempt in 0..MAX_ID_ATTEMPTS {
            let id = id::random_id(rng, id::id_len(attempt));
            match insert.execute(params![
                id.as_str(),
                new.command,
                args,
                memory_file,
                new.flow,
                now
            ]) {
                Ok(_) => return Ok(id),
                Err(err) if is_constraint(&err) => continue,
                Err(err) => return Err(err.into()),
            }
        }
        Err(StoreError::NoFreeId)
    }

    /// Sets a run's status; `error` (secrets redacted) is added to its errors.
    pub fn set_status(
        &self,
        id: &str,
        status: Status,
        error: Option<&str>,
    ) -> Result<(), StoreError> {
        let error = error.map(redact_text);
        let changed = self
            .conn()
            .prepare_cached(
                "UPDATE runs SET status = ?2, updated_at = ?4,
                 errors = CASE WHEN ?3 IS NULL THEN errors ELSE json_insert(errors, '$[#]', ?3) END
             WHERE id = ?1",
            )?
            .execute(params![id, status.as_str(), error, now_ms()])?;
        known(id, changed)
    }

    /// Marks a run `interrupted` if it is still `pending` or `running` (for Ctrl-C: a run
    /// that already finished keeps its status). Returns whether it changed.
    pub fn mark_interrupted(&self, id: &str) -> Result<bool, StoreError> {
        let changed = self.conn().execute(
            "UPDATE runs SET status = 'interrupted', updated_at = ?2
             WHERE id = ?1 AND status IN ('pending', 'running')",
            params![id, now_ms()],
        )?;
        Ok(changed > 0)
    }

    /// Records a file the run wrote. Writing the same path again replaces the entry.
    pub fn add_output(&self, id: &str, path: &Path, what: &str) -> Result<(), StoreError> {
        let path = path.to_string_lossy();
        let now = now_ms();
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let changed = tx.execute(
            "UPDATE runs SET updated_at = ?2 WHERE id = ?1",
            params![id, now],
        )?;
        known(id, changed)?;
        tx.execute(
            "DELETE FROM outputs WHERE run_id = ?1 AND path = ?2",
            params![id, path],
        )?;
        tx.execute(
            "INSERT INTO outputs (run_id, seq, path, what, written_at)
             VALUES (?1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM outputs WHERE run_id = ?1), ?2, ?3, ?4)",
            params![id, path, what, now],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Replaces the run's LLM usage (whatever JSON the LLM layer reports; `calls` is shown
    /// by `archie runs list`).
    pub fn set_usage(&self, id: &str, usage: serde_json::Value) -> Result<(), StoreError> {
        let usage = serde_json::to_string(&usage)?;
        let changed = self.conn().execute(
            "UPDATE runs SET usage = ?2, updated_at = ?3 WHERE id = ?1",
            params![id, usage, now_ms()],
        )?;
        known(id, changed)
    }

    /// The latest checkpoint of a run: `None` if no step has finished yet.
    /// [`StoreError::UnknownRun`] if there is no such run.
    pub fn latest_checkpoint(&self, id: &str) -> Result<Option<Checkpoint>, StoreError> {
        let conn = self.conn();
        let data: Option<String> = conn
            .query_row(
                "SELECT data FROM checkpoints WHERE run_id = ?1",
                [id],
                |row| row.get(0),
            )
            .optional()?;
        match data {
            Some(data) => {
                serde_json::from_str(&data)
                    .map(Some)
                    .map_err(|source| StoreError::BadCheckpoint {
                        id: id.into(),
                        source,
                    })
            }
            None => {
                let exists = conn
                    .query_row("SELECT 1 FROM runs WHERE id = ?1", [id], |_| Ok(()))
                    .optional()?;
                known(id, usize::from(exists.is_some())).map(|()| None)
            }
        }
    }

    /// Records a finished step: its history row, the run's current step and status
    /// `running`, and the checkpoint (replacing the previous one), in one transaction.
    /// [`RunCheckpointer`] calls this after every step.
    pub fn record_step(
        &self,
        id: &str,
        checkpoint: &Checkpoint,
        started_at: i64,
        duration_ms: u64,
    ) -> Result<(), StoreError> {
        // A key pasted into an answer must not reach the disk either. The replacement is
        // plain text, so the JSON stays valid.
        let data = redact_text(&serde_json::to_string(checkpoint)?);
        let next = redact_text(&serde_json::to_string(&checkpoint.next)?);
        let outcome = match &checkpoint.next {
            Cursor::Node { node } => format!("goto {node}"),
            Cursor::Question { .. } => "interrupt".to_string(),
            Cursor::Done => "end".to_string(),
        };
        let now = now_ms();
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let changed = tx
            .prepare_cached(
                "UPDATE runs SET step = ?2, node = ?3, flow = ?4, status = 'running', updated_at = ?5
                 WHERE id = ?1",
            )?
            .execute(params![
                id,
                checkpoint.step,
                checkpoint.node,
                checkpoint.flow,
                now
            ])?;
        known(id, changed)?;
        tx.prepare_cached(
            "INSERT INTO steps (run_id, step, node, started_at, duration_ms, outcome)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (run_id, step) DO UPDATE SET node = excluded.node,
                 started_at = excluded.started_at, duration_ms = excluded.duration_ms,
                 outcome = excluded.outcome",
        )?
        .execute(params![
            id,
            checkpoint.step,
            checkpoint.node,
            started_at,
            duration_ms as i64,
            outcome
        ])?;
        tx.prepare_cached(
            "INSERT INTO checkpoints (run_id, step, next, data, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (run_id) DO UPDATE SET step = excluded.step, next = excluded.next,
                 data = excluded.data, updated_at = excluded.updated_at",
        )?
        .execute(params![id, checkpoint.step, next, data, now])?;
        tx.commit()?;
        Ok(())
    }

    /// Everything recorded about a run, or `None` if there is no such run.
    pub fn get_run(&self, id: &str) -> Result<Option<RunDetail>, StoreError> {
        let mut conn = self.conn();
        // One read transaction: a consistent view while another process writes.
        let tx = conn.transaction()?;
        let row = tx
            .query_row(
                &format!("SELECT {SUMMARY_COLUMNS}, memory_file, errors FROM runs WHERE id = ?1"),
                [id],
                |row| {
                    let summary = summary_from_row(row)?;
                    let memory_file: String = row.get(10)?;
                    let errors: String = row.get(11)?;
                    let usage: Option<String> = row.get(7)?;
                    Ok((summary, memory_file, errors, usage))
                },
            )
            .optional()?;
        let Some((summary, memory_file, errors, usage)) = row else {
            return Ok(None);
        };
        let errors: Vec<String> = serde_json::from_str(&errors)?;
        let usage = usage.and_then(|u| serde_json::from_str(&u).ok());
        let history = tx
            .prepare_cached(
                "SELECT step, node, started_at, duration_ms, outcome FROM steps
                 WHERE run_id = ?1 ORDER BY step",
            )?
            .query_map([id], |row| {
                Ok(StepRecord {
                    step: row.get(0)?,
                    node: row.get(1)?,
                    started_at: row.get(2)?,
                    duration_ms: row.get::<_, i64>(3)?.max(0) as u64,
                    outcome: row.get(4)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let outputs = tx
            .prepare_cached(
                "SELECT path, what, written_at FROM outputs WHERE run_id = ?1 ORDER BY seq",
            )?
            .query_map([id], |row| {
                Ok(Output {
                    path: row.get(0)?,
                    what: row.get(1)?,
                    written_at: row.get(2)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let next: Option<String> = tx
            .query_row(
                "SELECT next FROM checkpoints WHERE run_id = ?1",
                [id],
                |row| row.get(0),
            )
            .optional()?;
        let next: Option<Cursor> =
            match next {
                Some(next) => Some(serde_json::from_str(&next).map_err(|source| {
                    StoreError::BadCheckpoint {
                        id: id.into(),
                        source,
                    }
                })?),
                None => None,
            };
        let pending_question = match &next {
            Some(Cursor::Question { question, .. }) if summary.status != Status::Completed => {
                Some(question.clone())
            }
            _ => None,
        };
        Ok(Some(RunDetail {
            summary,
            memory_file: PathBuf::from(memory_file),
            errors,
            outputs,
            usage,
            history,
            next,
            pending_question,
        }))
    }

    /// The newest `limit` runs, newest first.
    pub fn list_runs(&self, limit: usize) -> Result<Vec<RunSummary>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT {SUMMARY_COLUMNS} FROM runs ORDER BY created_at DESC, rowid DESC LIMIT ?1"
        ))?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let runs = stmt
            .query_map([limit], summary_from_row)?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(runs)
    }

    /// The most recently updated run that `archie resume` can continue: interrupted or
    /// failed, with a checkpoint that does not say the flow is done.
    pub fn last_resumable(&self) -> Result<Option<RunId>, StoreError> {
        let id: Option<String> = self
            .conn()
            .query_row(
                "SELECT r.id FROM runs r JOIN checkpoints c ON c.run_id = r.id
                 WHERE r.status IN ('interrupted', 'failed') AND json_extract(c.next, '$.at') != 'done'
                 ORDER BY r.updated_at DESC, r.rowid DESC LIMIT 1",
                [],
                |row| row.get(0),
            )
            .optional()?;
        Ok(id.map(|id| RunId::new(&id)))
    }

    /// Deletes completed and failed runs last updated more than `older_than` ago, with
    /// their steps, checkpoints and outputs. Returns how many runs were deleted.
    pub fn prune(&self, older_than: Duration) -> Result<usize, StoreError> {
        let cutoff =
            now_ms().saturating_sub(i64::try_from(older_than.as_millis()).unwrap_or(i64::MAX));
        let deleted = self.conn().execute(
            "DELETE FROM runs WHERE status IN ('completed', 'failed') AND updated_at < ?1",
            [cutoff],
        )?;
        Ok(deleted)
    }

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
        self.conn()
            .prepare_cached(
                "INSERT INTO llm_cache (key, value, created_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value, created_at = excluded.created_at",
            )?
            .execute(params![key, value, now_ms()])?;
        Ok(())
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

fn summary_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<RunSummary> {
    let args: String = row.get(2)?;
    let status: String = row.get(4)?;
    let usage: Option<String> = row.get(7)?;
    let conversion = |index: usize, err: Box<dyn std::error::Error + Send + Sync>| {
        rusqlite::Error::FromSqlConversionFailure(index, rusqlite::types::Type::Text, err)
    };
    Ok(RunSummary {
        id: RunId::new(&row.get::<_, String>(0)?),
        command: row.get(1)?,
        args: serde_json::from_str(&args).map_err(|e| conversion(2, e.into()))?,
        flow: row.get(3)?,
        status: status
            .parse()
            .map_err(|e: String| conversion(4, e.into()))?,
        step: row.get(5)?,
        node: row.get(6)?,
        llm_calls: usage
            .and_then(|u| serde_json::from_str::<serde_json::Value>(&u).ok())
            .and_then(|u| u.get("calls").and_then(serde_json::Value::as_u64)),
        created_at: row.get(8)?,
        updated_at: row.get(9)?,
    })
}

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

fn is_constraint(err: &rusqlite::Error) -> bool {
    err.sqlite_error_code() == Some(rusqlite::ErrorCode::ConstraintViolation)
}

/// `Ok` if an update touched the run, [`StoreError::UnknownRun`] if there was none.
fn known(id: &str, changed: usize) -> Result<(), StoreError> {
    if changed == 0 {
        Err(StoreError::UnknownRun { id: id.into() })
    } else {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn new_run() -> NewRun {
        NewRun {
            command: "echo".into(),
            args: vec!["archie".into(), "echo".into(), "hi".into()],
            memory_file: "context.json".into(),
            flow: "echo".into(),
        }
    }

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
    fn a_colliding_id_is_retried() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let first = store
            .create_run_with(new_run(), &mut fastrand::Rng::with_seed(42))
            .unwrap();
        // The same seed draws the same first id again: it must not be reused.
        let second = store
            .create_run_with(new_run(), &mut fastrand::Rng::with_seed(42))
            .unwrap();
        assert_ne!(first, second);
        assert_eq!(store.list_runs(10).unwrap().len(), 2);
    }

    #[test]
    fn status_round_trips_through_text() {
        for status in Status::ALL {
            assert_eq!(status.as_str().parse::<Status>(), Ok(status));
        }
        assert!("done".parse::<Status>().is_err());
    }

    #[test]
    fn memory_file_is_stored_absolute() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let id = store.create_run(new_run()).unwrap();
        let run = store.get_run(&id).unwrap().unwrap();
        assert!(run.memory_file.is_absolute(), "{:?}", run.memory_file);
        assert!(run.memory_file.ends_with("context.json"));
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
