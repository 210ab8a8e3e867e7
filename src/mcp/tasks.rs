//! Long work as tasks: the flow tools' calls as MCP tasks, in both shapes archie serves.
//!
//! - **2025-11-25, the tasks utility** (rmcp does not model it: `wire` answers its
//!   methods from this registry). A `tools/call` of a flow tool (`build_context`, `analyze`) with
//!   `params.task` is answered, once the run is recorded, with `{"task": …}`; `tasks/get`
//!   and `tasks/list` tell the status, `tasks/result` waits for the call's result (a
//!   `CallToolResult`), `tasks/cancel` answers the cancelled task. The run's questions go
//!   out as `elicitation/create` while the task is `input_required`. A status change is
//!   announced with `notifications/tasks/status` (the revision's optional notification).
//! - **2026-07-28, the Tasks extension** (`io.modelcontextprotocol/tasks`, modelled by
//!   rmcp; the handler answers it from here). The server decides: a flow call whose
//!   request declares the extension is answered with a `CreateTaskResult`
//!   (`resultType: "task"`) once the run is recorded. `tasks/get` gives the detailed task:
//!   its `result` once `completed`, its `error` once `failed`, and, while
//!   `input_required`, the run's question as one `elicitation/create` in `inputRequests`
//!   (a new key for each question: `question-1`, `question-2`, …), answered with
//!   `tasks/update`. `tasks/cancel` is an empty acknowledgement. That revision's
//!   `notifications/tasks` go out only on a `subscriptions/listen` stream that names task
//!   ids, which rmcp 3.11's subscription filter cannot carry: not sent.
//!
//! Either way every task-augmented call is a task of its own, with a new id: the run id,
//! a `-` and 32 random hex digits (`r7k2x-3f…`), so no two tasks share one, a run continued
//! by a second call is a second task (the first keeps its status and result). Each task
//! is kept in the run store when it starts and when it ends (through [`RunStore`]), so
//! a later session's `tasks/get` and `tasks/result` find it as it ended; one whose
//! session stopped first is given as its run now stands. The run id is the `run` of the
//! result, and `dev.archie/run` in the `_meta` of the task's creation answer and of
//! `tasks/result`. Every `elicitation/create` and `notifications/progress` of a task
//! carries its related-task `_meta` (the flow tools' `Caller` adds it). Statuses ([`TaskStatus`]): `working` while
//! the run runs, `input_required` while a question is put to the human, then `completed`
//! (the call has its result: done, or the question the run waits for), `failed`, or
//! `cancelled` (the run stopped, resumable). A run that failed is `failed` under
//! 2025-11-25 (its result says why) and a `completed` task whose result has `isError`
//! under 2026-07-28, whose `failed` is for JSON-RPC errors only.
//!
//! **TTL**: a task is kept [`DEFAULT_TTL_MS`] (one hour) from its creation, or what a
//! 2025-11-25 client asks, at most [`MAX_TTL_MS`] (a day). Once it has ended and its TTL
//! has passed it is forgotten: not listed, not returned (`-32602`, "expired"); a task
//! still running is kept until it ends. The run itself stays in `archie runs`.

use crate::store::TaskRecord;
use serde_json::{Map, Value, json};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// A task's status (the run store keeps it, as the wire's word).
pub use crate::store::TaskStatus;

/// A request to stop a run, as Ctrl-C stops it at the terminal: at once, the step in
/// progress abandoned. What was paid for stays: every extraction answer that arrived is
/// cached as it arrives, the run keeps the checkpoint of its last finished step, is
/// marked interrupted and resumes from there (asking only for the chunks not answered).
#[derive(Default)]
pub struct Cancel {
    requested: AtomicBool,
    stop: tokio::sync::Notify,
}

impl Cancel {
    /// Asks the run to stop now.
    pub fn request(&self) {
        self.requested.store(true, Ordering::SeqCst);
        // A permit is kept if the run does not wait yet: it stops when it does.
        self.stop.notify_one();
    }

    /// Resolves once the run should stop.
    pub async fn stopped(&self) {
        self.stop.notified().await
    }

    pub fn is_requested(&self) -> bool {
        self.requested.load(Ordering::SeqCst)
    }
}

/// A run in the run store, seen as a task.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordedTask {
    pub status: TaskStatus,
    pub message: String,
    /// Unix ms.
    pub created_ms: i64,
    pub updated_ms: i64,
}

/// Where tasks outlive their session: the run store, as the entry opens it.
pub trait RunStore: Send + Sync {
    /// A recorded run as a task (an earlier session's, or the terminal's), if there is
    /// one with this id.
    fn recorded(&self, run: &str) -> Option<RecordedTask>;

    /// Keeps a task in the run store (a failure is logged, not fatal: the task goes on).
    fn save_task(&self, task: &TaskRecord);

    /// A task kept in the run store.
    fn task(&self, id: &str) -> Option<TaskRecord>;
}

/// Where a task-augmented call is marked for the handler (`wire` moves `params.task`
/// here).
pub const MARK: &str = "dev.archie/task";
/// The `_meta` key that ties a request, notification or result to its task.
pub const RELATED_TASK: &str = "io.modelcontextprotocol/related-task";
/// The `_meta` key that names a task's run.
pub const RUN_META: &str = "dev.archie/run";
/// How often a client is asked to poll, in milliseconds.
const POLL_MS: u64 = 500;
/// How long a task is kept from its creation when the client asks nothing (ms).
pub const DEFAULT_TTL_MS: u64 = 60 * 60 * 1000;
/// The longest a client may ask a task to be kept (ms).
pub const MAX_TTL_MS: u64 = 24 * 60 * 60 * 1000;

/// The shape a task takes on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revision {
    /// 2025-11-25's tasks utility: `ttl`, `pollInterval`, `tasks/result`.
    Utility,
    /// 2026-07-28's Tasks extension: `ttlMs`, `pollIntervalMs`, the result inline.
    Extension,
}

/// How a task's run ended.
#[derive(Debug, Clone)]
pub enum Ended {
    /// The call has its result (a `CallToolResult`); `failed` when the run failed (the
    /// result has `isError`), `interrupted` when it was stopped.
    Result {
        value: Value,
        failed: bool,
        interrupted: bool,
        message: Option<String>,
    },
    /// The call could not be answered at all (a JSON-RPC error).
    Broken(String),
}

/// A question a 2026-07-28 task puts to the client, waiting for `tasks/update`.
struct Asked {
    key: String,
    request: Value,
    reply: tokio::sync::oneshot::Sender<Value>,
}

struct Entry {
    /// The run the task's call started or continued.
    run: String,
    revision: Revision,
    status: TaskStatus,
    message: Option<String>,
    created_ms: i64,
    updated_ms: i64,
    ttl_ms: u64,
    /// The call's result (`CallToolResult` JSON), once the run ended with one.
    result: Option<Value>,
    /// The JSON-RPC error, when the call could not be answered.
    error: Option<Value>,
    cancel: Arc<Cancel>,
    asked: Option<Asked>,
    /// Questions asked so far (each gets its own key).
    questions: u32,
}

impl Entry {
    fn terminal(&self) -> bool {
        self.status.is_terminal()
    }

    fn expired(&self, now: i64) -> bool {
        self.terminal() && now > self.created_ms.saturating_add(self.ttl_ms as i64)
    }
}

type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

/// The tasks of one `archie mcp` session, and, through `runs`, every recorded run.
pub struct Tasks {
    entries: Mutex<HashMap<String, Entry>>,
    /// Where a task of an earlier session (a run) is looked up.
    runs: Option<Arc<dyn RunStore>>,
    /// The tools whose calls may be tasks.
    tools: Vec<String>,
    /// The task each task-augmented request started (by the request id as JSON text).
    by_request: Mutex<HashMap<String, String>>,
    changed: tokio::sync::Notify,
    /// The tasks of this session forgotten once their TTL passed (their runs are still
    /// in the run store, which `get` must not give again).
    expired: Mutex<std::collections::HashSet<String>>,
    /// Where 2025-11-25's `notifications/tasks/status` go (stdout's writer).
    notify: Mutex<Option<tokio::sync::mpsc::UnboundedSender<Value>>>,
    clock: Clock,
}

impl Default for Tasks {
    fn default() -> Self {
        Self {
            entries: Mutex::default(),
            runs: None,
            tools: Vec::new(),
            by_request: Mutex::default(),
            changed: tokio::sync::Notify::new(),
            expired: Mutex::default(),
            notify: Mutex::default(),
            clock: Arc::new(now_ms),
        }
    }
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
            "no task {id}: a task id is the one a task-augmented call was answered with \
             (`tasks/list` names this session's; an ended task is forgotten once its TTL \
             has passed)"
        ),
    )
}

fn expired(id: &str) -> TaskError {
    (
        -32602,
        format!(
            "task {id} has expired (its TTL passed after it ended); the run stays: \
             `archie runs show {id}`"
        ),
    )
}

/// A new task id for a call of the run `run`: unique (122 random bits), and the run it
/// belongs to can be read back from it ([`run_of`]).
pub fn new_id(run: &str) -> String {
    format!("{run}-{}", uuid::Uuid::new_v4().simple())
}

/// The run a task id belongs to (run ids have no `-`).
pub fn run_of(task: &str) -> Option<&str> {
    task.split_once('-')
        .map(|(run, _)| run)
        .filter(|run| !run.is_empty())
}

/// The `_meta` of a message that belongs to the task `id`.
pub fn related(id: &str) -> Value {
    json!({ RELATED_TASK: {"taskId": id} })
}

/// The TTL a client asked for (2025-11-25), within archie's bounds.
pub fn ttl(requested: Option<u64>) -> u64 {
    requested.unwrap_or(DEFAULT_TTL_MS).min(MAX_TTL_MS)
}

impl Tasks {
    /// The tasks of calls of `tools`, also looked up among `runs`' recorded runs.
    pub fn new(runs: Option<Arc<dyn RunStore>>, tools: Vec<String>) -> Self {
        Self {
            runs,
            tools,
            ..Self::default()
        }
    }

    /// Whether a call of the tool `name` may be a task (it declares task support).
    pub fn runs_as_task(&self, name: &str) -> bool {
        self.tools.iter().any(|t| t == name)
    }

    /// 2025-11-25 tasks announce their status changes on `out`.
    pub fn notify_on(&self, out: tokio::sync::mpsc::UnboundedSender<Value>) {
        *self.notify.lock().unwrap_or_else(PoisonError::into_inner) = Some(out);
    }

    fn now(&self) -> i64 {
        (self.clock)()
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        let now = self.now();
        let gone: Vec<String> = entries
            .iter()
            .filter(|(_, e)| e.expired(now))
            .map(|(id, _)| id.clone())
            .collect();
        if !gone.is_empty() {
            let mut expired = self.expired.lock().unwrap_or_else(PoisonError::into_inner);
            for id in gone {
                entries.remove(&id);
                expired.insert(id);
            }
        }
        entries
    }

    /// Tells the waiters, and a 2025-11-25 client, that `entry` changed.
    fn changed(&self, id: &str, entry: &Entry) {
        if entry.revision == Revision::Utility
            && let Some(out) = &*self.notify.lock().unwrap_or_else(PoisonError::into_inner)
        {
            let _ = out.send(json!({
                "jsonrpc": "2.0",
                "method": "notifications/tasks/status",
                "params": Self::task(id, entry),
            }));
        }
        self.changed.notify_waiters();
    }

    /// Records the task `id` of the run `run`, started by the request `request` (its id
    /// as JSON), kept `ttl_ms` from now once it has ended.
    pub fn start(
        &self,
        request: &Value,
        id: &str,
        run: &str,
        revision: Revision,
        ttl_ms: u64,
        cancel: Arc<Cancel>,
    ) {
        let now = self.now();
        self.entries().insert(
            id.to_string(),
            Entry {
                run: run.to_string(),
                revision,
                status: TaskStatus::Working,
                message: None,
                created_ms: now,
                updated_ms: now,
                ttl_ms,
                result: None,
                error: None,
                cancel,
                asked: None,
                questions: 0,
            },
        );
        if let Some(entry) = self.entries().get(id) {
            self.keep(id, entry);
        }
        self.by_request
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(request.to_string(), id.to_string());
        self.changed.notify_waiters();
    }

    /// Sets a running task's status (`working`, `input_required`); an ended or
    /// cancelled task keeps its own.
    pub fn set_status(&self, id: &str, status: TaskStatus, message: Option<String>) {
        let mut entries = self.entries();
        if let Some(entry) = entries.get_mut(id)
            && !entry.terminal()
            && (entry.status != status || entry.message != message)
        {
            entry.status = status;
            entry.message = message;
            entry.updated_ms = self.now();
            self.changed(id, entry);
        }
    }

    /// A 2026-07-28 task's question: the task is `input_required` with `request` (an
    /// `elicitation/create`) in its `inputRequests` until `tasks/update` answers it (the
    /// client's result for it) or the task ends. `None` when the task is not running.
    pub fn ask(&self, id: &str, request: Value) -> Option<tokio::sync::oneshot::Receiver<Value>> {
        let mut entries = self.entries();
        let entry = entries.get_mut(id).filter(|e| !e.terminal())?;
        let (reply, answer) = tokio::sync::oneshot::channel();
        entry.questions += 1;
        entry.asked = Some(Asked {
            key: format!("question-{}", entry.questions),
            request,
            reply,
        });
        entry.status = TaskStatus::InputRequired;
        entry.message = Some("archie asks the human a question (inputRequests)".into());
        entry.updated_ms = self.now();
        self.changed(id, entry);
        Some(answer)
    }

    /// `tasks/update` (2026-07-28): the client's responses, by key. A response to a key
    /// that is not outstanding is ignored, as the extension says.
    pub fn update(&self, id: &str, responses: &Map<String, Value>) -> Result<(), TaskError> {
        let mut entries = self.entries();
        let Some(entry) = entries.get_mut(id) else {
            drop(entries);
            return Err(self.not_here(id));
        };
        let answered = entry
            .asked
            .as_ref()
            .and_then(|asked| responses.get(&asked.key))
            .cloned();
        if let Some(response) = answered
            && let Some(asked) = entry.asked.take()
        {
            let _ = asked.reply.send(response);
            if !entry.terminal() {
                entry.status = TaskStatus::Working;
                entry.message = None;
                entry.updated_ms = self.now();
            }
            self.changed(id, entry);
        }
        Ok(())
    }

    /// The run ended.
    pub fn finish(&self, id: &str, ended: Ended) {
        let mut entries = self.entries();
        let Some(entry) = entries.get_mut(id) else {
            return;
        };
        let cancelled = entry.status == TaskStatus::Cancelled;
        let (status, message) = match ended {
            Ended::Result {
                value,
                failed,
                interrupted,
                message,
            } => {
                entry.result = Some(value);
                let status = match (entry.revision, failed, interrupted) {
                    (_, _, true) => TaskStatus::Cancelled,
                    (Revision::Utility, true, _) => TaskStatus::Failed,
                    _ => TaskStatus::Completed,
                };
                (status, message)
            }
            Ended::Broken(message) => {
                entry.error = Some(json!({"code": -32603, "message": message}));
                entry.result = Some(json!({
                    "content": [{"type": "text", "text": message}],
                    "isError": true
                }));
                (TaskStatus::Failed, Some(message))
            }
        };
        if !cancelled {
            entry.status = status;
            entry.message = message;
        }
        entry.asked = None;
        entry.updated_ms = self.now();
        self.keep(id, entry);
        self.changed(id, entry);
    }

    fn task(id: &str, entry: &Entry) -> Value {
        let mut task = match entry.revision {
            Revision::Utility => json!({
                "taskId": id,
                "status": entry.status,
                "createdAt": iso(entry.created_ms),
                "lastUpdatedAt": iso(entry.updated_ms),
                "ttl": entry.ttl_ms,
                "pollInterval": POLL_MS,
            }),
            Revision::Extension => json!({
                "taskId": id,
                "status": entry.status,
                "createdAt": iso(entry.created_ms),
                "lastUpdatedAt": iso(entry.updated_ms),
                "ttlMs": entry.ttl_ms,
                "pollIntervalMs": POLL_MS,
            }),
        };
        if let Some(message) = &entry.message {
            task["statusMessage"] = json!(message);
        }
        task
    }

    /// The task as 2026-07-28's `tasks/get` gives it: with its question, result or error.
    fn detailed(id: &str, entry: &Entry) -> Value {
        let mut task = Self::task(id, entry);
        match entry.status {
            TaskStatus::InputRequired => match &entry.asked {
                Some(asked) => task["inputRequests"] = json!({ asked.key.clone(): asked.request }),
                // Nothing the client could answer: the run is at work.
                None => task["status"] = json!(TaskStatus::Working),
            },
            TaskStatus::Completed => {
                task["result"] = entry
                    .result
                    .clone()
                    .unwrap_or_else(|| json!({"content": []}))
            }
            TaskStatus::Failed => task["error"] = entry.error.clone().unwrap_or_else(
                || json!({"code": -32603, "message": entry.message.clone().unwrap_or_default()}),
            ),
            _ => {}
        }
        task
    }

    /// The answer to the request `request` (its id as JSON) that started a task: its
    /// `CreateTaskResult`, with the run in `_meta`.
    pub fn for_request(&self, request: &Value) -> Option<Value> {
        let id = self
            .by_request
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&request.to_string())?;
        self.entries()
            .get(&id)
            .map(|e| json!({"task": Self::task(&id, e), "_meta": { RUN_META: e.run }}))
    }

    /// The error for a task not in this session: expired, a recorded run, or unknown.
    fn not_here(&self, id: &str) -> TaskError {
        match self.recorded(id, Revision::Utility) {
            Some(Ok(_)) => (
                -32602,
                format!(
                    "task {id} is a run of an earlier session, not running here: \
                     `archie runs list` shows whether it runs elsewhere"
                ),
            ),
            Some(Err(err)) => err,
            None => unknown(id),
        }
    }

    /// A task of an earlier session (or of another process), as the run store keeps it:
    /// a task that ended is as it ended, with its result; one whose session stopped
    /// before it ended is as its run now stands (a run waiting for an answer is a task
    /// that ended with the question as its result: `completed`). Within its TTL; `None`
    /// when there is no such task.
    fn recorded(&self, id: &str, revision: Revision) -> Option<Result<Value, TaskError>> {
        if self
            .expired
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains(id)
        {
            return Some(Err(expired(id)));
        }
        let runs = self.runs.as_ref()?;
        let kept = runs.task(id);
        let (status, message, created_ms, updated_ms, ttl_ms, result) = match kept {
            Some(task) if task.is_terminal() => (
                task.status,
                task.message.unwrap_or_default(),
                task.created_ms,
                task.updated_ms,
                task.ttl_ms,
                task.result,
            ),
            kept => {
                let run = runs.recorded(run_of(id)?)?;
                let status = match run.status {
                    TaskStatus::InputRequired => TaskStatus::Completed,
                    other => other,
                };
                let (created_ms, ttl_ms) = kept
                    .map(|t| (t.created_ms, t.ttl_ms))
                    .unwrap_or((run.created_ms, DEFAULT_TTL_MS));
                let text = json!({"content": [{"type": "text", "text": run.message}],
                                  "isError": status == TaskStatus::Failed});
                (
                    status,
                    run.message,
                    created_ms,
                    run.updated_ms,
                    ttl_ms,
                    Some(text),
                )
            }
        };
        if status != TaskStatus::Working && self.now() > created_ms.saturating_add(ttl_ms as i64) {
            return Some(Err(expired(id)));
        }
        let mut task = json!({
            "taskId": id,
            "status": status,
            "statusMessage": message,
            "createdAt": iso(created_ms),
            "lastUpdatedAt": iso(updated_ms),
        });
        match revision {
            Revision::Utility => {
                task["ttl"] = json!(ttl_ms);
                task["pollInterval"] = json!(POLL_MS);
            }
            Revision::Extension => {
                task["ttlMs"] = json!(ttl_ms);
                task["pollIntervalMs"] = json!(POLL_MS);
                // The extension has no `failed` for a tool error: a completed task whose
                // result has `isError`.
                if matches!(status, TaskStatus::Completed | TaskStatus::Failed) {
                    task["status"] = json!(TaskStatus::Completed);
                    task["result"] = result.unwrap_or_else(|| json!({"content": []}));
                }
            }
        }
        Some(Ok(task))
    }

    /// The result of a task of an earlier session that ended, as `tasks/result` gives it.
    fn recorded_result(&self, id: &str) -> Option<Value> {
        let task = self.runs.as_ref()?.task(id).filter(|t| t.is_terminal())?;
        let mut result = task.result?;
        result["_meta"] = json!({ RELATED_TASK: {"taskId": id}, RUN_META: task.run });
        Some(result)
    }

    /// Keeps the task in the run store, for later sessions.
    fn keep(&self, id: &str, entry: &Entry) {
        if let Some(runs) = &self.runs {
            runs.save_task(&TaskRecord {
                id: id.to_string(),
                run: entry.run.clone(),
                status: entry.status,
                message: entry.message.clone(),
                created_ms: entry.created_ms,
                updated_ms: entry.updated_ms,
                ttl_ms: entry.ttl_ms,
                result: entry.result.clone(),
            });
        }
    }

    /// `tasks/get` (2025-11-25): a task of this session, or a recorded run.
    pub fn get(&self, id: &str) -> Result<Value, TaskError> {
        if let Some(task) = self.entries().get(id).map(|e| Self::task(id, e)) {
            return Ok(task);
        }
        self.recorded(id, Revision::Utility)
            .unwrap_or_else(|| Err(unknown(id)))
    }

    /// `tasks/get` (2026-07-28): the detailed task.
    pub fn get_detailed(&self, id: &str) -> Result<Value, TaskError> {
        if let Some(task) = self.entries().get(id).map(|e| Self::detailed(id, e)) {
            return Ok(task);
        }
        self.recorded(id, Revision::Extension)
            .unwrap_or_else(|| Err(unknown(id)))
    }

    /// `tasks/list`: every task in one page (a cursor is one archie never gave: -32602).
    pub fn list(&self, cursor: Option<&str>) -> Result<Value, TaskError> {
        if let Some(cursor) = cursor {
            return Err((
                -32602,
                format!(
                    "unknown cursor \"{cursor}\": archie lists its tasks in one page, list \
                     again without a cursor"
                ),
            ));
        }
        let entries = self.entries();
        let mut tasks: Vec<(i64, Value)> = entries
            .iter()
            .filter(|(_, e)| e.revision == Revision::Utility)
            .map(|(id, e)| (e.created_ms, Self::task(id, e)))
            .collect();
        tasks.sort_by_key(|(created, _)| *created);
        Ok(json!({"tasks": tasks.into_iter().map(|(_, t)| t).collect::<Vec<_>>()}))
    }

    /// `tasks/cancel`: the run stops at once (as Ctrl-C stops it), resumable.
    pub fn cancel(&self, id: &str) -> Result<Value, TaskError> {
        let mut entries = self.entries();
        let Some(entry) = entries.get_mut(id) else {
            drop(entries);
            return Err(self.not_here(id));
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
        entry.status = TaskStatus::Cancelled;
        entry.message = Some(
            "cancelled by the client: the run stopped; what it was given is kept and it can be resumed"
                .into(),
        );
        entry.asked = None;
        entry.updated_ms = self.now();
        let task = Self::task(id, entry);
        self.keep(id, entry);
        self.changed(id, entry);
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
                    if let Some(result) = self.recorded_result(id) {
                        return Ok(result);
                    }
                    return Err(match self.recorded(id, Revision::Utility) {
                        Some(Ok(_)) => (
                            -32602,
                            format!(
                                "task {id} is one of an earlier session that stopped before it \
                                 ended: `archie runs show {run}` shows its run, and analyze with \
                                 run_id continues it",
                                run = run_of(id).unwrap_or(id)
                            ),
                        ),
                        Some(Err(err)) => err,
                        None => unknown(id),
                    });
                };
                if let Some(result) = &entry.result {
                    let mut result = result.clone();
                    result["_meta"] = json!({
                        RELATED_TASK: {"taskId": id},
                        RUN_META: entry.run,
                    });
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
    use std::sync::atomic::{AtomicI64, Ordering};

    fn at(clock: &Arc<AtomicI64>) -> Tasks {
        let read = Arc::clone(clock);
        Tasks {
            clock: Arc::new(move || read.load(Ordering::SeqCst)),
            ..Tasks::default()
        }
    }

    fn done() -> Ended {
        Ended::Result {
            value: json!({"content": []}),
            failed: false,
            interrupted: false,
            message: None,
        }
    }

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
        tasks.start(&json!(7), "r1", "r1", Revision::Utility, 60_000, cancel);
        let created = tasks.for_request(&json!(7)).unwrap();
        assert_eq!(created["task"]["taskId"], "r1");
        assert_eq!(created["_meta"][RUN_META], "r1");
        assert_eq!(tasks.get("r1").unwrap()["status"], "working");
        tasks.set_status("r1", TaskStatus::InputRequired, None);
        assert_eq!(tasks.get("r1").unwrap()["status"], "input_required");
        tasks.finish("r1", done());
        let task = tasks.get("r1").unwrap();
        assert_eq!(task["status"], "completed");
        assert_eq!(task["ttl"], 60_000);
        assert!(task["createdAt"].as_str().unwrap().ends_with('Z'));
        assert!(tasks.cancel("r1").is_err());
        assert_eq!(tasks.get("r2").unwrap_err().0, -32602);
    }

    #[test]
    fn task_ids_are_new_for_every_call_and_name_their_run() {
        let (a, b) = (new_id("r7k2x"), new_id("r7k2x"));
        assert_ne!(a, b);
        assert_eq!(run_of(&a), Some("r7k2x"));
        assert_eq!(run_of("r7k2x"), None);
        let tasks = Tasks::default();
        tasks.start(
            &json!(1),
            &a,
            "r7k2x",
            Revision::Utility,
            60_000,
            Arc::default(),
        );
        tasks.finish(&a, done());
        // The run continued by a second call is a second task; the first stays as it ended.
        tasks.start(
            &json!(2),
            &b,
            "r7k2x",
            Revision::Utility,
            60_000,
            Arc::default(),
        );
        assert_eq!(tasks.get(&a).unwrap()["status"], "completed");
        assert_eq!(tasks.get(&b).unwrap()["status"], "working");
        assert_eq!(tasks.list(Some("x")).unwrap_err().0, -32602);
    }

    #[test]
    fn the_ttl_asked_for_is_kept_within_a_day_and_an_hour_is_the_default() {
        assert_eq!(ttl(None), DEFAULT_TTL_MS);
        assert_eq!(ttl(Some(5_000)), 5_000);
        assert_eq!(ttl(Some(u64::MAX)), MAX_TTL_MS);
    }

    #[test]
    fn an_ended_task_past_its_ttl_is_neither_listed_nor_returned_but_a_running_one_is_kept() {
        let clock = Arc::new(AtomicI64::new(1_000_000));
        let tasks = at(&clock);
        let cancel = || Arc::new(Cancel::default());
        tasks.start(&json!(1), "ended", "r1", Revision::Utility, 1_000, cancel());
        tasks.start(
            &json!(2),
            "running",
            "r2",
            Revision::Utility,
            1_000,
            cancel(),
        );
        tasks.finish("ended", done());
        clock.store(1_000_900, Ordering::SeqCst);
        assert_eq!(
            tasks.list(None).unwrap()["tasks"].as_array().unwrap().len(),
            2
        );
        clock.store(1_001_001, Ordering::SeqCst);
        let listed = tasks.list(None).unwrap();
        let listed = listed["tasks"].as_array().unwrap();
        assert_eq!(listed.len(), 1, "{listed:?}");
        assert_eq!(listed[0]["taskId"], "running");
        let (code, message) = tasks.get("ended").unwrap_err();
        assert_eq!(code, -32602);
        assert!(message.contains("expired"), "{message}");
        assert_eq!(tasks.get("running").unwrap()["status"], "working");
    }

    #[test]
    fn a_2026_task_gives_its_question_as_input_requests_and_takes_the_answer_by_tasks_update() {
        let tasks = Tasks::default();
        tasks.start(
            &json!("a"),
            "r1",
            "r1",
            Revision::Extension,
            DEFAULT_TTL_MS,
            Arc::new(Cancel::default()),
        );
        let working = tasks.get_detailed("r1").unwrap();
        assert_eq!(working["ttlMs"], DEFAULT_TTL_MS);
        assert_eq!(working["pollIntervalMs"], POLL_MS);
        let request = json!({"method": "elicitation/create", "params": {"message": "Q?"}});
        let mut answer = tasks.ask("r1", request.clone()).unwrap();
        let asked = tasks.get_detailed("r1").unwrap();
        assert_eq!(asked["status"], "input_required");
        assert_eq!(asked["inputRequests"]["question-1"], request);
        // An unknown key is ignored; the right one answers and the task works again.
        let response = json!({"action": "accept", "content": {"answer": "A"}});
        let by = |key: &str| json!({ key: response }).as_object().cloned().unwrap();
        tasks.update("r1", &by("question-9")).unwrap();
        assert!(answer.try_recv().is_err());
        tasks.update("r1", &by("question-1")).unwrap();
        assert_eq!(answer.try_recv().unwrap(), response);
        assert_eq!(tasks.get_detailed("r1").unwrap()["status"], "working");
        // The next question has a key of its own.
        let _second = tasks.ask("r1", request).unwrap();
        assert!(
            tasks.get_detailed("r1").unwrap()["inputRequests"]
                .get("question-2")
                .is_some()
        );
        // A failed run is a completed task with a tool error; its result is inline.
        tasks.finish(
            "r1",
            Ended::Result {
                value: json!({"content": [], "isError": true}),
                failed: true,
                interrupted: false,
                message: Some("no model".into()),
            },
        );
        let ended = tasks.get_detailed("r1").unwrap();
        assert_eq!(ended["status"], "completed");
        assert_eq!(ended["result"]["isError"], true);
        assert!(ended.get("inputRequests").is_none());
        assert_eq!(tasks.update("r9", &by("question-1")).unwrap_err().0, -32602);
    }

    #[tokio::test]
    async fn a_2025_task_announces_each_status_change() {
        let tasks = Tasks::default();
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        tasks.notify_on(tx);
        tasks.start(
            &json!(1),
            "r1",
            "r1",
            Revision::Utility,
            DEFAULT_TTL_MS,
            Arc::new(Cancel::default()),
        );
        tasks.set_status("r1", TaskStatus::InputRequired, None);
        tasks.set_status("r1", TaskStatus::InputRequired, None);
        tasks.set_status("r1", TaskStatus::Working, None);
        tasks.finish("r1", done());
        let mut seen = Vec::new();
        while let Ok(n) = rx.try_recv() {
            assert_eq!(n["method"], "notifications/tasks/status");
            seen.push(n["params"]["status"].as_str().unwrap().to_string());
        }
        assert_eq!(seen, ["input_required", "working", "completed"]);
    }
}
