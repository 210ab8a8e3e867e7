//! Long work as tasks: task-augmented `tools/call` of MCP 2025-11-25 (the tasks utility)
//! for the flow tools. rmcp 3.11 models only the 2026-07-28 Tasks extension, so the
//! 2025-11-25 methods are answered in `wire` from this registry:
//!
//! - a `tools/call` of `build_context` or `analyze` with `params.task` starts the run as
//!   usual and is answered, once the run is recorded, with `{"task": …}`: the task id is
//!   the run id (`archie runs show ID` at the terminal);
//! - `tasks/get` and `tasks/list` tell the status: `working` while the run runs,
//!   `input_required` while its question is put to the human (elicitation), then
//!   `completed` (the call has its result: done, or the question the run waits for),
//!   `failed` or `cancelled`;
//! - `tasks/result` waits for the call's result (a `CallToolResult`, the run's summary);
//! - `tasks/cancel` stops the run as Ctrl-C does: at once, every extraction answer that
//!   arrived kept; it stays resumable.
//!
//! A task lives as long as the server; a run outlives it in the run store.

use super::flows::{Cancel, FlowRunner};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

/// Where a task-augmented call is marked for the handler (`wire` moves `params.task`
/// here).
pub const MARK: &str = "dev.archie/task";
/// The `_meta` key that ties a result to its task.
pub const RELATED_TASK: &str = "io.modelcontextprotocol/related-task";
/// How often a client is asked to poll, in milliseconds.
const POLL_MS: u64 = 500;

struct Entry {
    status: &'static str,
    message: Option<String>,
    created_ms: i64,
    updated_ms: i64,
    ttl: Option<u64>,
    /// The call's result (`CallToolResult` JSON), once the run ended.
    result: Option<Value>,
    cancel: Arc<Cancel>,
}

impl Entry {
    fn terminal(&self) -> bool {
        matches!(self.status, "completed" | "failed" | "cancelled")
    }
}

/// The tasks of one `archie mcp` session, and, through `runs`, every recorded run.
#[derive(Default)]
pub struct Tasks {
    entries: Mutex<HashMap<String, Entry>>,
    /// Where a task of an earlier session (a run) is looked up.
    runs: Option<Arc<dyn FlowRunner>>,
    /// The task each task-augmented request started (by the request id as JSON text).
    by_request: Mutex<HashMap<String, String>>,
    changed: tokio::sync::Notify,
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or_default()
}

/// `2026-11-25T16:20:00Z` (ISO 8601, UTC) for Unix milliseconds.
fn iso(ms: i64) -> String {
    crate::clock::Utc::from_ms(ms).iso()
}

/// A task error: the JSON-RPC code and message.
pub type TaskError = (i64, String);

fn unknown(id: &str) -> TaskError {
    (
        -32602,
        format!(
            "no task {id} in this session: tasks/list names them (the run may still be in `archie runs list`)"
        ),
    )
}

impl Tasks {
    /// Tasks that are also looked up among `runner`'s recorded runs.
    pub fn new(runner: Option<Arc<dyn FlowRunner>>) -> Self {
        Self {
            runs: runner,
            ..Self::default()
        }
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Records the task `id` (a run id) started by the request `request` (its id as
    /// JSON).
    pub fn start(&self, request: &Value, id: &str, ttl: Option<u64>, cancel: Arc<Cancel>) {
        let now = now_ms();
        self.entries().insert(
            id.to_string(),
            Entry {
                status: "working",
                message: None,
                created_ms: now,
                updated_ms: now,
                ttl,
                result: None,
                cancel,
            },
        );
        self.by_request
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(request.to_string(), id.to_string());
        self.changed.notify_waiters();
    }

    /// Sets a running task's status (`working`, `input_required`); an ended or
    /// cancelled task keeps its own.
    pub fn set_status(&self, id: &str, status: &'static str, message: Option<String>) {
        if let Some(entry) = self.entries().get_mut(id)
            && !entry.terminal()
        {
            entry.status = status;
            entry.message = message;
            entry.updated_ms = now_ms();
        }
        self.changed.notify_waiters();
    }

    /// The run ended: the call's `result`, and the status it ends the task in (a
    /// cancelled task stays cancelled).
    pub fn finish(&self, id: &str, status: &'static str, message: Option<String>, result: Value) {
        if let Some(entry) = self.entries().get_mut(id) {
            if entry.status != "cancelled" {
                entry.status = status;
                entry.message = message;
            }
            entry.updated_ms = now_ms();
            entry.result = Some(result);
        }
        self.changed.notify_waiters();
    }

    fn task(id: &str, entry: &Entry) -> Value {
        let mut task = json!({
            "taskId": id,
            "status": entry.status,
            "createdAt": iso(entry.created_ms),
            "lastUpdatedAt": iso(entry.updated_ms),
            "ttl": entry.ttl,
            "pollInterval": POLL_MS,
        });
        if let Some(message) = &entry.message {
            task["statusMessage"] = json!(message);
        }
        task
    }

    /// The task the request `request` (its id as JSON) started, if it started one.
    pub fn for_request(&self, request: &Value) -> Option<Value> {
        let id = self
            .by_request
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&request.to_string())?;
        self.entries().get(&id).map(|e| Self::task(&id, e))
    }

    /// `tasks/get`: a task of this session, or a recorded run (the task id is the run
    /// id, so a task outlives its session).
    pub fn get(&self, id: &str) -> Result<Value, TaskError> {
        if let Some(task) = self.entries().get(id).map(|e| Self::task(id, e)) {
            return Ok(task);
        }
        let recorded = self
            .runs
            .as_ref()
            .and_then(|r| r.recorded(id))
            .ok_or_else(|| unknown(id))?;
        Ok(json!({
            "taskId": id,
            "status": recorded.status,
            "statusMessage": recorded.message,
            "createdAt": iso(recorded.created_ms),
            "lastUpdatedAt": iso(recorded.updated_ms),
            "ttl": null,
        }))
    }

    /// `tasks/list`
    pub fn list(&self) -> Value {
        let entries = self.entries();
        let mut tasks: Vec<(i64, Value)> = entries
            .iter()
            .map(|(id, e)| (e.created_ms, Self::task(id, e)))
            .collect();
        tasks.sort_by_key(|(created, _)| *created);
        json!({"tasks": tasks.into_iter().map(|(_, t)| t).collect::<Vec<_>>()})
    }

    /// `tasks/cancel`: the run stops at once (as Ctrl-C stops it), resumable.
    pub fn cancel(&self, id: &str) -> Result<Value, TaskError> {
        let mut entries = self.entries();
        let Some(entry) = entries.get_mut(id) else {
            drop(entries);
            return Err(match self.get(id) {
                Ok(_) => (
                    -32602,
                    format!(
                        "task {id} is a run of an earlier session, not running here: \
                         `archie runs list` shows whether it runs elsewhere"
                    ),
                ),
                Err(err) => err,
            });
        };
        if entry.terminal() {
            return Err((
                -32602,
                format!(
                    "task {id} is {} already: there is nothing to cancel",
                    entry.status
                ),
            ));
        }
        entry.cancel.request();
        entry.status = "cancelled";
        entry.message = Some(
            "cancelled by the client: the run stopped; what it was given is kept and it can be resumed"
                .into(),
        );
        entry.updated_ms = now_ms();
        let task = Self::task(id, entry);
        drop(entries);
        self.changed.notify_waiters();
        Ok(task)
    }

    /// `tasks/result`: waits for the call's result.
    pub async fn result(&self, id: &str) -> Result<Value, TaskError> {
        loop {
            let changed = self.changed.notified();
            {
                let entries = self.entries();
                let Some(entry) = entries.get(id) else {
                    drop(entries);
                    return Err(match self.get(id) {
                        Ok(_) => (
                            -32602,
                            format!(
                                "task {id} is a run of an earlier session: its result was given \
                                 there (`archie runs show {id}` shows it; analyze with run_id \
                                 continues it)"
                            ),
                        ),
                        Err(err) => err,
                    });
                };
                if let Some(result) = &entry.result {
                    let mut result = result.clone();
                    result["_meta"] = json!({ RELATED_TASK: {"taskId": id} });
                    return Ok(result);
                }
            }
            changed.await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_iso_8601_utc() {
        assert_eq!(iso(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso(951_782_400_000), "2000-02-29T00:00:00Z");
        assert_eq!(iso(1_795_311_695_000), "2026-11-22T01:41:35Z");
    }

    #[test]
    fn a_task_is_answered_working_then_its_result_once_the_run_ends() {
        let tasks = Tasks::default();
        let cancel = Arc::new(Cancel::default());
        tasks.start(&json!(7), "r1", Some(60_000), cancel);
        assert_eq!(tasks.for_request(&json!(7)).unwrap()["taskId"], "r1");
        assert_eq!(tasks.get("r1").unwrap()["status"], "working");
        tasks.set_status("r1", "input_required", None);
        assert_eq!(tasks.get("r1").unwrap()["status"], "input_required");
        tasks.finish("r1", "completed", None, json!({"content": []}));
        let task = tasks.get("r1").unwrap();
        assert_eq!(task["status"], "completed");
        assert!(task["createdAt"].as_str().unwrap().ends_with('Z'));
        assert!(tasks.cancel("r1").is_err());
        assert_eq!(tasks.get("r2").unwrap_err().0, -32602);
    }
}
