//! `archie mcp`'s framing on stdio: one JSON-RPC message per line, answered as JSON-RPC
//! 2.0 and MCP say before rmcp sees it.
//!
//! - A line that is not JSON: `-32700` with `"id": null`.
//! - JSON that is not a request (no `"jsonrpc": "2.0"`, not an object, no method):
//!   `-32600` with the request's id when it has a readable one (a string or an integer),
//!   else with `"id": null`, as JSON-RPC 2.0 says (every error has an `id`).
//! - `tools/call` without a `name`: `-32602` (rmcp would take it for an unknown method).
//! - A batch (a JSON array) is taken only when the session negotiated 2025-03-26, the
//!   one revision that has them: its requests run as usual and their answers go back as
//!   one array. Under any other revision a batch is `-32600`.
//! - Tasks (2025-11-25's tasks utility, which rmcp does not model; see `tasks`), when the
//!   server offers the flow tools: the `tasks` capability in the `initialize` answer,
//!   `execution.taskSupport` on the flow tools, a `tools/call` of one with
//!   `params.task` passed on marked and answered with its task (a task-augmented call of
//!   any other tool, which declares no task support, is `-32601`), and `tasks/get`,
//!   `tasks/result`, `tasks/cancel` and `tasks/list` (one page: a cursor is `-32602`)
//!   answered here, and the tasks' `notifications/tasks/status` written. The Tasks extension (in the capabilities the
//!   handler declares) is left out of an `initialize` answer before 2026-07-28.

use super::tasks::{TaskError, Tasks};
use rmcp::service::{RoleServer, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// The longest line read (a larger one is answered `-32600` and skipped).
const MAX_LINE: usize = 16 * 1024 * 1024;

/// A batch waiting for its answers.
struct Batch {
    /// The ids of its requests still unanswered (as JSON, to compare any id kind).
    waiting: Vec<Value>,
    answers: Vec<Value>,
}

#[derive(Default)]
struct State {
    /// The id of the `initialize` request, until it is answered.
    initialize_id: Option<Value>,
    /// The negotiated revision.
    version: Option<String>,
    batches: Vec<Batch>,
    /// Task-augmented calls, and `tools/list` requests, waiting for their answers.
    task_calls: Vec<Value>,
    tool_lists: Vec<Value>,
}

/// The revision whose tasks utility is served here.
const TASKS_REVISION: &str = "2025-11-25";
/// The revision whose Tasks extension rmcp and the handler serve.
const EXTENSION_REVISION: &str = "2026-07-28";

/// The transport: stdin and stdout, framed as above.
pub struct StdioFraming {
    input: BufReader<tokio::io::Stdin>,
    /// Every line for stdout, in order, to the one task that writes them: `receive`
    /// never waits on a write, since rmcp may drop it at any await.
    out: tokio::sync::mpsc::UnboundedSender<Value>,
    state: Arc<Mutex<State>>,
    queued: VecDeque<RxJsonRpcMessage<RoleServer>>,
    /// The line being read: kept across calls, since rmcp may drop `receive` mid-read.
    line: Vec<u8>,
    /// The tasks, when the flow tools are offered.
    tasks: Option<Arc<Tasks>>,
}

impl StdioFraming {
    /// Must be called on the async runtime (it starts the writer task, whose handle is
    /// returned: it ends once the transport is dropped and every line is written).
    pub fn new(tasks: Option<Arc<Tasks>>) -> (Self, tokio::task::JoinHandle<()>) {
        let (out, mut lines) = tokio::sync::mpsc::unbounded_channel::<Value>();
        let writer = tokio::spawn(async move {
            let mut stdout = tokio::io::stdout();
            while let Some(value) = lines.recv().await {
                if write_line(&mut stdout, &value).await.is_err() {
                    return;
                }
            }
        });
        if let Some(tasks) = &tasks {
            tasks.notify_on(out.clone());
        }
        let framing = Self {
            input: BufReader::new(tokio::io::stdin()),
            out,
            state: Arc::default(),
            queued: VecDeque::new(),
            line: Vec::new(),
            tasks,
        };
        (framing, writer)
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Reads one message: a request for rmcp, or an answer archie writes itself.
    fn take(&mut self, value: Value) -> Outcome {
        match value {
            Value::Array(items) => {
                let batches = self.state().version.as_deref() == Some("2025-03-26");
                if !batches || items.is_empty() {
                    return Outcome::Answer(error(
                        None,
                        -32600,
                        if items.is_empty() {
                            "an empty batch is not a request".into()
                        } else {
                            "batches are part of MCP 2025-03-26 only; send one request per line"
                                .into()
                        },
                    ));
                }
                let mut messages = Vec::new();
                let mut batch = Batch {
                    waiting: Vec::new(),
                    answers: Vec::new(),
                };
                for item in items {
                    match check(item) {
                        Outcome::Message(m, id) => {
                            if let Some(id) = id {
                                batch.waiting.push(id);
                            }
                            messages.push(*m);
                        }
                        Outcome::Answer(a) => batch.answers.push(a),
                        Outcome::Nothing => {}
                    }
                }
                if batch.waiting.is_empty() {
                    return if batch.answers.is_empty() {
                        Outcome::Nothing
                    } else {
                        Outcome::Answer(Value::Array(batch.answers))
                    };
                }
                self.state().batches.push(batch);
                self.queued.extend(messages);
                Outcome::Nothing
            }
            mut other => {
                if let Some(answer) = self.tasks_utility(&mut other) {
                    return answer;
                }
                let is_initialize =
                    other.get("method").and_then(Value::as_str) == Some("initialize");
                let outcome = check(other);
                if let (true, Outcome::Message(_, Some(id))) = (is_initialize, &outcome) {
                    self.state().initialize_id = Some(id.clone());
                }
                outcome
            }
        }
    }
}

impl StdioFraming {
    /// The tasks utility's part of one message: a `tasks/*` request answered here, a
    /// task-augmented flow call marked for the handler, a `tools/list` noted. `None`
    /// passes the message on.
    fn tasks_utility(&mut self, message: &mut Value) -> Option<Outcome> {
        let tasks = self.tasks.clone()?;
        if self.state().version.as_deref() != Some(TASKS_REVISION) {
            return None;
        }
        let method = message.get("method").and_then(Value::as_str)?.to_string();
        let id = message.get("id").cloned();
        let task_id = message
            .pointer("/params/taskId")
            .and_then(Value::as_str)
            .map(String::from);
        let answer = |result: Result<Value, TaskError>| match (&id, result) {
            (None, _) => Outcome::Nothing,
            (Some(id), Ok(result)) => {
                Outcome::Answer(json!({"jsonrpc": "2.0", "id": id, "result": result}))
            }
            (Some(id), Err((code, message))) => {
                Outcome::Answer(error(Some(id.clone()), code, message))
            }
        };
        let needs_id = || {
            Err((
                -32602,
                format!(
                    "{method} needs params.taskId, the id the task-augmented call was answered with"
                ),
            ))
        };
        match method.as_str() {
            "tools/call" => {
                let flow = message
                    .pointer("/params/name")
                    .and_then(Value::as_str)
                    .is_some_and(|name| tasks.runs_as_task(name));
                let params = message.get_mut("params")?.as_object_mut()?;
                if !flow && params.contains_key("task") {
                    let name = params.get("name").and_then(Value::as_str).unwrap_or("?");
                    return Some(answer(Err((
                        -32601,
                        format!(
                            "tool {name} does not run as a task (tools/list gives it no \
                             execution.taskSupport): call it without params.task"
                        ),
                    ))));
                }
                if flow && let Some(task) = params.remove("task") {
                    let meta = params.entry("_meta").or_insert_with(|| json!({}));
                    if let Some(meta) = meta.as_object_mut() {
                        meta.insert(super::tasks::MARK.into(), task);
                    }
                    if let Some(id) = id {
                        self.state().task_calls.push(id);
                    }
                }
                None
            }
            "tools/list" => {
                if let Some(id) = id {
                    self.state().tool_lists.push(id);
                }
                None
            }
            "tasks/get" => Some(answer(task_id.map_or_else(needs_id, |t| tasks.get(&t)))),
            "tasks/cancel" => Some(answer(task_id.map_or_else(needs_id, |t| tasks.cancel(&t)))),
            "tasks/list" => {
                let cursor = message.pointer("/params/cursor").and_then(Value::as_str);
                Some(answer(tasks.list(cursor)))
            }
            "tasks/result" => {
                let Some(task_id) = task_id else {
                    return Some(answer(needs_id()));
                };
                // Answered when the run ends, by a task of its own: the session goes on.
                let out = self.out.clone();
                tokio::spawn(async move {
                    let result = tasks.result(&task_id).await;
                    let reply = match (id, result) {
                        (None, _) => return,
                        (Some(id), Ok(result)) => {
                            json!({"jsonrpc": "2.0", "id": id, "result": result})
                        }
                        (Some(id), Err((code, message))) => error(Some(id), code, message),
                    };
                    let _ = out.send(reply);
                });
                Some(Outcome::Nothing)
            }
            _ => None,
        }
    }
}

/// An answer to a flow tool's `tools/list` or task-augmented `tools/call`, or to
/// `initialize`, with what 2025-11-25's tasks utility adds.
fn with_tasks(state: &mut State, tasks: &Tasks, value: &mut Value, initialize: bool) {
    if initialize {
        let version = state.version.as_deref();
        if let Some(caps) = value
            .pointer_mut("/result/capabilities")
            .and_then(Value::as_object_mut)
        {
            if version == Some(TASKS_REVISION) {
                caps.insert(
                    "tasks".into(),
                    json!({"list": {}, "cancel": {}, "requests": {"tools": {"call": {}}}}),
                );
            }
            // The Tasks extension is 2026-07-28's.
            if version != Some(EXTENSION_REVISION)
                && let Some(extensions) = caps.get_mut("extensions").and_then(Value::as_object_mut)
            {
                extensions.remove(rmcp::model::TASKS_EXTENSION_ID);
                if extensions.is_empty() {
                    caps.remove("extensions");
                }
            }
        }
        return;
    }
    let Some(id) = value.get("id").cloned() else {
        return;
    };
    if let Some(i) = state.task_calls.iter().position(|w| w == &id) {
        state.task_calls.remove(i);
        if let Some(created) = tasks.for_request(&id)
            && value.get("result").is_some()
        {
            value["result"] = created;
        }
    }
    if let Some(i) = state.tool_lists.iter().position(|w| w == &id) {
        state.tool_lists.remove(i);
        if let Some(tools) = value
            .pointer_mut("/result/tools")
            .and_then(Value::as_array_mut)
        {
            for tool in tools {
                let name = tool["name"].as_str().unwrap_or_default();
                if tasks.runs_as_task(name) {
                    tool["execution"] = json!({"taskSupport": "optional"});
                }
            }
        }
    }
}

enum Outcome {
    /// For rmcp, with the id of a request.
    Message(Box<RxJsonRpcMessage<RoleServer>>, Option<Value>),
    /// archie answers it here.
    Answer(Value),
    /// A notification or response that is not understood: ignored, as JSON-RPC says.
    Nothing,
}

/// A JSON-RPC error; `id` is `null` when the request's id could not be read.
fn error(id: Option<Value>, code: i64, message: String) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// Checks one message (not a batch).
fn check(value: Value) -> Outcome {
    let Value::Object(map) = &value else {
        return Outcome::Answer(error(
            None,
            -32600,
            "a JSON-RPC message is a JSON object".into(),
        ));
    };
    let id = map
        .get("id")
        .filter(|id| id.is_string() || id.is_i64() || id.is_u64())
        .cloned();
    if map.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Outcome::Answer(error(
            id,
            -32600,
            "not a JSON-RPC 2.0 message: \"jsonrpc\": \"2.0\" is missing".into(),
        ));
    }
    let method = map.get("method").and_then(Value::as_str).map(String::from);
    let is_response = map.contains_key("result") || map.contains_key("error");
    if method.as_deref() == Some("tools/call")
        && !map
            .get("params")
            .and_then(|p| p.get("name"))
            .is_some_and(Value::is_string)
    {
        return match id {
            Some(id) => Outcome::Answer(error(
                Some(id),
                -32602,
                "tools/call needs params.name, the tool to call".into(),
            )),
            None => Outcome::Nothing,
        };
    }
    let is_request = method.is_some() && map.contains_key("id");
    match serde_json::from_value::<RxJsonRpcMessage<RoleServer>>(value) {
        Ok(m) => Outcome::Message(Box::new(m), if is_request { id } else { None }),
        Err(e) if is_request => {
            Outcome::Answer(error(id, -32600, format!("not a valid request: {e}")))
        }
        Err(_) if method.is_none() && !is_response => {
            Outcome::Answer(error(id, -32600, "a request needs a method".into()))
        }
        Err(_) => Outcome::Nothing,
    }
}

async fn write_line(out: &mut tokio::io::Stdout, value: &Value) -> std::io::Result<()> {
    let mut line = serde_json::to_vec(value).map_err(std::io::Error::other)?;
    line.push(b'\n');
    out.write_all(&line).await?;
    out.flush().await
}

fn closed() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::BrokenPipe, "stdout is closed")
}

impl Transport<RoleServer> for StdioFraming {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl std::future::Future<Output = Result<(), Self::Error>> + Send + 'static {
        let out = self.out.clone();
        let state = Arc::clone(&self.state);
        let tasks = self.tasks.clone();
        async move {
            let mut value = serde_json::to_value(&item).map_err(std::io::Error::other)?;
            let to_write = {
                let mut state = state.lock().unwrap_or_else(PoisonError::into_inner);
                let id = value.get("id").cloned();
                let mut initialize = false;
                if let Some(id) = &id
                    && state.initialize_id.as_ref() == Some(id)
                {
                    state.initialize_id = None;
                    state.version = value
                        .pointer("/result/protocolVersion")
                        .and_then(Value::as_str)
                        .map(String::from);
                    initialize = true;
                }
                if let Some(tasks) = &tasks {
                    with_tasks(&mut state, tasks, &mut value, initialize);
                }
                let in_batch = id
                    .as_ref()
                    .and_then(|id| state.batches.iter().position(|b| b.waiting.contains(id)));
                match (in_batch, id) {
                    (Some(i), Some(id)) => {
                        let batch = &mut state.batches[i];
                        batch.waiting.retain(|w| w != &id);
                        batch.answers.push(value);
                        if batch.waiting.is_empty() {
                            let done = state.batches.remove(i);
                            Some(Value::Array(done.answers))
                        } else {
                            None
                        }
                    }
                    _ => Some(value),
                }
            };
            match to_write {
                Some(v) => out.send(v).map_err(|_| closed()),
                None => Ok(()),
            }
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            if let Some(m) = self.queued.pop_front() {
                return Some(m);
            }
            // `receive` may be dropped mid-read by rmcp's select loop: `read_until`
            // appends what it read to `self.line`, and the next call goes on from there.
            match self.input.read_until(b'\n', &mut self.line).await {
                Ok(0) if self.line.is_empty() => return None,
                Ok(_) => {}
                Err(_) => return None,
            }
            let line = std::mem::take(&mut self.line);
            let text = line.strip_suffix(b"\n").unwrap_or(&line);
            let text = text.strip_suffix(b"\r").unwrap_or(text);
            if text.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            if line.len() > MAX_LINE {
                if self
                    .out
                    .send(error(None, -32600, "the message is over 16 MiB".into()))
                    .is_err()
                {
                    return None;
                }
                continue;
            }
            let outcome = match serde_json::from_slice::<Value>(text) {
                Ok(value) => self.take(value),
                Err(e) => Outcome::Answer(json!({
                    "jsonrpc": "2.0",
                    "id": null,
                    "error": {"code": -32700, "message": format!("parse error: {e}")}
                })),
            };
            match outcome {
                Outcome::Message(m, _) => return Some(*m),
                Outcome::Answer(a) => {
                    if self.out.send(a).is_err() {
                        return None;
                    }
                }
                Outcome::Nothing => {}
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}
