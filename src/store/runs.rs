//! Recording runs: creating them, their status, outputs, usage, the history of their
//! steps and their latest checkpoint; and reading them back (`archie runs`, `resume`).

use super::{
    NewRun, Output, RunDetail, RunId, RunSummary, Status, StepRecord, Store, StoreError, id,
    now_ms, redact_args, redact_text,
};
use crate::pause::{Checkpoint, Cursor};
use rusqlite::{OptionalExtension, TransactionBehavior, params};
use std::path::{Path, PathBuf};
use std::time::Duration;

const SUMMARY_COLUMNS: &str =
    "id, command, args, flow, status, step, node, usage, created_at, updated_at";

impl Store {
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
        for attempt in 0..id::MAX_ID_ATTEMPTS {
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

    /// Replaces the command line recorded for run `id` (secrets redacted, as when it was
    /// created): what `archie resume` runs from now on.
    pub fn set_args(&self, id: &str, args: &[String]) -> Result<(), StoreError> {
        let args = serde_json::to_string(&redact_args(args))?;
        let changed = self
            .conn()
            .prepare_cached("UPDATE runs SET args = ?2, updated_at = ?3 WHERE id = ?1")?
            .execute(params![id, args, now_ms()])?;
        known(id, changed)
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
        // The run wrote a file the user keeps: its record is worth the fsyncs too.
        self.keep_durably();
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
    /// [`RunCheckpointer`](super::RunCheckpointer) calls this after every step.
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
            Cursor::Answered { then, .. } => format!("goto {then}"),
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

    /// Records where run `id` continues (`next`, the answer to its pending question)
    /// in its latest checkpoint, leaving the state and the steps as they are.
    pub fn record_next(&self, id: &str, next: &Cursor) -> Result<(), StoreError> {
        // An answer may hold a pasted key: it is redacted like every checkpoint.
        let next = redact_text(&serde_json::to_string(next)?);
        let changed = self
            .conn()
            .prepare_cached(
                "UPDATE checkpoints SET next = ?2, data = json_set(data, '$.next', json(?2)),
                     updated_at = ?3
                 WHERE run_id = ?1",
            )?
            .execute(params![id, next, now_ms()])?;
        if changed == 0 {
            // No step finished yet, so no checkpoint to continue from: nothing to keep.
            return Ok(());
        }
        // What the user typed is worth keeping through a power cut.
        self.keep_durably();
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
        let Some((mut summary, memory_file, errors, usage)) = row else {
            return Ok(None);
        };
        summary.status = self.settle(id, summary.status);
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
            Some(Cursor::Question { question, .. })
                if !matches!(summary.status, Status::Completed | Status::Aborted) =>
            {
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
        let mut runs = stmt
            .query_map([limit], summary_from_row)?
            .collect::<Result<Vec<_>, _>>()?;
        drop(stmt);
        drop(conn);
        for run in &mut runs {
            run.status = self.settle(&run.id, run.status);
        }
        Ok(runs)
    }

    /// The most recently updated run that `archie resume` can continue: interrupted,
    /// failed or abandoned (pending or running, its process gone), with a checkpoint that
    /// does not say the flow is done, and nobody continuing it now.
    pub fn last_resumable(&self) -> Result<Option<RunId>, StoreError> {
        let candidates: Vec<String> = {
            let conn = self.conn();
            let mut stmt = conn.prepare_cached(
                "SELECT r.id FROM runs r JOIN checkpoints c ON c.run_id = r.id
                 WHERE r.status IN ('interrupted', 'failed', 'pending', 'running')
                   AND json_extract(c.next, '$.at') != 'done'
                 ORDER BY r.updated_at DESC, r.rowid DESC",
            )?;
            stmt.query_map([], |row| row.get(0))?
                .collect::<Result<Vec<_>, _>>()?
        };
        Ok(candidates
            .into_iter()
            .find(|id| self.unowned(id))
            .map(|id| RunId::new(&id)))
    }

    /// Deletes completed, aborted, failed and abandoned runs last updated more than `older_than`
    /// ago, with their steps, checkpoints and outputs. Returns how many runs were
    /// deleted.
    pub fn prune(&self, older_than: Duration) -> Result<usize, StoreError> {
        let cutoff =
            now_ms().saturating_sub(i64::try_from(older_than.as_millis()).unwrap_or(i64::MAX));
        let unfinished: Vec<String> = {
            let conn = self.conn();
            let mut stmt = conn.prepare_cached(
                "SELECT id FROM runs WHERE status IN ('pending', 'running') AND updated_at < ?1",
            )?;
            stmt.query_map([cutoff], |row| row.get(0))?
                .collect::<Result<Vec<_>, _>>()?
        };
        let abandoned: Vec<String> = unfinished
            .into_iter()
            .filter(|id| self.unowned(id))
            .collect();
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut deleted = tx.execute(
            "DELETE FROM runs WHERE status IN ('completed', 'aborted', 'failed') AND updated_at < ?1",
            [cutoff],
        )?;
        for id in &abandoned {
            deleted += tx.execute(
                "DELETE FROM runs WHERE id = ?1 AND status IN ('pending', 'running')",
                [id],
            )?;
        }
        tx.commit()?;
        Ok(deleted)
    }
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
    fn memory_file_is_stored_absolute() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let id = store.create_run(new_run()).unwrap();
        let run = store.get_run(&id).unwrap().unwrap();
        assert!(run.memory_file.is_absolute(), "{:?}", run.memory_file);
        assert!(run.memory_file.ends_with("context.json"));
    }
}
