//! The MCP tasks of runs (`archie mcp`'s task-augmented calls), so that a task outlives
//! the session that started it: one row per task, written when it starts and when it
//! ends; a row that says the task ended is never changed again.

use super::{Store, StoreError, redact_text};
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use rusqlite::{OptionalExtension, params};
use serde_json::Value;

/// An MCP task's status, as both revisions of the protocol name it on the wire and the
/// store keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskStatus {
    Working,
    InputRequired,
    Completed,
    Failed,
    Cancelled,
}

impl TaskStatus {
    pub const ALL: [TaskStatus; 5] = [
        Self::Working,
        Self::InputRequired,
        Self::Completed,
        Self::Failed,
        Self::Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Working => "working",
            Self::InputRequired => "input_required",
            Self::Completed => "completed",
            Self::Failed => "failed",
            Self::Cancelled => "cancelled",
        }
    }

    /// The status named `text` (as [`TaskStatus::as_str`] writes it).
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// A terminal status is final.
    pub fn is_terminal(self) -> bool {
        matches!(self, Self::Completed | Self::Failed | Self::Cancelled)
    }
}

impl std::fmt::Display for TaskStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A status is kept as the word the wire uses (`working`, `input_required`, …), as it
/// always was: stores written before the enum read the same.
impl ToSql for TaskStatus {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.as_str()))
    }
}

impl FromSql for TaskStatus {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let text = value.as_str()?;
        TaskStatus::parse(text)
            .ok_or_else(|| FromSqlError::Other(format!("`{text}` is not a task status").into()))
    }
}

/// A task as the store keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskRecord {
    pub id: String,
    pub run: String,
    pub status: TaskStatus,
    pub message: Option<String>,
    /// Unix ms.
    pub created_ms: i64,
    pub updated_ms: i64,
    pub ttl_ms: u64,
    /// The call's result (a `CallToolResult`), once it ended with one.
    pub result: Option<Value>,
}

impl TaskRecord {
    pub fn is_terminal(&self) -> bool {
        self.status.is_terminal()
    }
}

impl Store {
    /// Records `task`, unless the row there says it ended already (a terminal status
    /// is final; only a result it ended without, as a cancelled task's run stops after
    /// the cancel, is added).
    pub fn save_task(&self, task: &TaskRecord) -> Result<(), StoreError> {
        let result = task.result.as_ref().map(|r| redact_text(&r.to_string()));
        let message = task.message.as_deref().map(redact_text);
        self.conn().execute(
            "INSERT INTO tasks (id, run_id, status, message, created_at, updated_at, ttl_ms, result)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
             ON CONFLICT (id) DO UPDATE SET status = excluded.status,
                 message = excluded.message, updated_at = excluded.updated_at,
                 result = excluded.result
             WHERE tasks.status NOT IN ('completed', 'failed', 'cancelled')
                OR (tasks.status = excluded.status AND tasks.result IS NULL)",
            params![
                task.id,
                task.run,
                task.status,
                message,
                task.created_ms,
                task.updated_ms,
                task.ttl_ms as i64,
                result
            ],
        )?;
        Ok(())
    }

    /// The task `id`, if it was recorded.
    pub fn get_task(&self, id: &str) -> Result<Option<TaskRecord>, StoreError> {
        let row = self
            .conn()
            .query_row(
                "SELECT id, run_id, status, message, created_at, updated_at, ttl_ms, result
                 FROM tasks WHERE id = ?1",
                [id],
                |row| {
                    Ok((
                        TaskRecord {
                            id: row.get(0)?,
                            run: row.get(1)?,
                            status: row.get(2)?,
                            message: row.get(3)?,
                            created_ms: row.get(4)?,
                            updated_ms: row.get(5)?,
                            ttl_ms: row.get::<_, i64>(6)?.max(0) as u64,
                            result: None,
                        },
                        row.get::<_, Option<String>>(7)?,
                    ))
                },
            )
            .optional()?;
        Ok(row.map(|(mut task, result)| {
            task.result = result.and_then(|r| serde_json::from_str(&r).ok());
            task
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::NewRun;

    #[test]
    fn a_task_that_ended_keeps_its_status_and_result() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let run = store
            .create_run(NewRun {
                command: "analyze".into(),
                args: vec!["archie".into(), "analyze".into()],
                memory_file: dir.path().join("context.json"),
                flow: "analyze".into(),
            })
            .unwrap();
        let mut task = TaskRecord {
            id: format!("{run}-1"),
            run: run.to_string(),
            status: TaskStatus::Working,
            message: None,
            created_ms: 1,
            updated_ms: 1,
            ttl_ms: 60_000,
            result: None,
        };
        store.save_task(&task).unwrap();
        task.status = TaskStatus::Completed;
        task.result = Some(serde_json::json!({"content": [], "isError": false}));
        task.updated_ms = 2;
        store.save_task(&task).unwrap();
        let ended = task.clone();
        task.status = TaskStatus::Working;
        task.result = None;
        store.save_task(&task).unwrap();
        assert_eq!(store.get_task(&task.id).unwrap(), Some(ended));
        assert_eq!(store.get_task("r9-9").unwrap(), None);
    }

    #[test]
    fn a_status_is_kept_as_its_wire_word_so_stores_written_before_read_the_same() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let run = store
            .create_run(NewRun {
                command: "analyze".into(),
                args: vec!["archie".into(), "analyze".into()],
                memory_file: dir.path().join("context.json"),
                flow: "analyze".into(),
            })
            .unwrap();
        for status in TaskStatus::ALL {
            let id = format!("{run}-{status}");
            store
                .conn()
                .execute(
                    "INSERT INTO tasks (id, run_id, status, message, created_at, updated_at, ttl_ms, result)
                     VALUES (?1, ?2, ?3, NULL, 1, 1, 1000, NULL)",
                    params![id, run.to_string(), status.as_str()],
                )
                .unwrap();
            assert_eq!(store.get_task(&id).unwrap().unwrap().status, status);
        }
        let saved = TaskRecord {
            id: format!("{run}-saved"),
            run: run.to_string(),
            status: TaskStatus::InputRequired,
            message: None,
            created_ms: 1,
            updated_ms: 1,
            ttl_ms: 1000,
            result: None,
        };
        store.save_task(&saved).unwrap();
        let word: String = store
            .conn()
            .query_row("SELECT status FROM tasks WHERE id = ?1", [&saved.id], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(word, "input_required");
    }
}
