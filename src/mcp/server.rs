//! `archie mcp`: archie's knowledge served over stdio to any MCP client (Claude Code,
//! Claude Desktop, Cursor, Codex, …).
//!
//! stdout carries JSON-RPC and nothing else. Log lines go to stderr through [`log`],
//! which ignores write errors (a client that closed our stderr must not make archie
//! panic). The server ends when stdin closes.
//!
//! Revisions: every revision rmcp knows, 2024-11-05 to 2026-07-28. Results carry
//! `resultType` (rmcp removes it, and fills `ttlMs`/`cacheScope`, by the negotiated
//! revision); under 2024-11-05 tools carry no annotations, titles or output schemas,
//! resources no titles, and results no structured content, which that revision does not
//! have. The framing (parse errors, requests without `jsonrpc`, batches under
//! 2025-03-26) is `wire`'s; a second `initialize` and an unknown cursor are refused here.
//!
//! A call the client cancels: a write that has not begun never lands (its gate is
//! closed before the server moves on; per the spec the request gets no answer); one
//! that has begun lands and is answered. A write that waits longer than the lock wait
//! for another process's save is a tool error (`isError`) the agent can retry.
//!
//! The flow tools (each flow's tool, as it declares it; not on a read-only server) are
//! read and run by the entry's [`FlowRunner`] (see `flows`): each call is a recorded run, blocking with
//! progress notifications, or a task (see `tasks`); the client's cancel stops the run as
//! Ctrl-C does (at once, every extraction answer that arrived kept, resumable). A flow
//! call may name the search session it belongs to (`session`, or `_meta`
//! `dev.archie/session`): an unknown one is refused (a tool error, nothing runs, nothing
//! is created); a completed run is recorded as a turn of it.
//!
//! The knowledge graph can be subscribed to (`resources/subscribe` up to 2025-11-25,
//! `subscriptions/listen` from 2026-07-28): the memory file is polled five times a
//! second, and a change by anyone (this server, `archie analyze`, another `archie mcp`)
//! is announced; a new search session is a change of the list of resources.

use super::builtin::{Builtin, Gate, KNOWLEDGE_GRAPH_URI, SESSION_URI_PREFIX};
use super::flows::{self, Caller, FlowCall, FlowResult, FlowRunner};
use super::tasks::{self, Ended, RunStore, Tasks};
use super::{McpError, ToolInfo, ToolOutput};
use crate::events::CommandStatus;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CancelTaskParams, CreateTaskResult,
    ErrorData, GetTaskParams, GetTaskResult, Implementation, InitializeRequestParams,
    InitializeResult, ListResourceTemplatesResult, ListResourcesResult, ListToolsResult,
    PaginatedRequestParams, ProtocolVersion, ReadResourceRequestParams, ReadResourceResponse,
    ReadResourceResult, ServerCapabilities, ServerConfig, SubscribeRequestParams,
    SubscriptionFilter, Tool, UnsubscribeRequestParams, UpdateTaskParams,
};
use rmcp::service::{NotificationContext, Peer, RequestContext, RoleServer, SubscriptionContext};
use rmcp::{ServerHandler, ServiceExt};
use serde_json::{Map, Value, json};
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// How often a subscription looks at the memory file.
const POLL: Duration = Duration::from_millis(200);

pub use super::log;

#[derive(Clone)]
struct Handler {
    builtin: Builtin,
    /// Reads and runs the flow tools (the entry's; none on a read-only server).
    flows: Option<Arc<dyn FlowRunner>>,
    /// The tasks task-augmented calls of the flow tools started.
    tasks: Arc<Tasks>,
    verbose: bool,
    initialized: Arc<AtomicBool>,
    /// URIs subscribed with `resources/subscribe`, and whether the watcher runs.
    subscribed: Arc<Mutex<BTreeSet<String>>>,
    watching: Arc<AtomicBool>,
    /// The file as it was before the last `subscriptions/listen` was acknowledged: a
    /// change the client makes once it has the acknowledgment is one to announce.
    listen_baseline: Arc<Mutex<Option<Seen>>>,
}

/// Serves `builtin` on stdin/stdout until stdin closes, and the flow tools when `flows`
/// is given.
pub async fn serve_stdio(
    builtin: Builtin,
    flows: Option<Arc<dyn FlowRunner>>,
    verbose: bool,
) -> Result<(), String> {
    let tools = flows
        .as_ref()
        .map(|f| f.tools().iter().map(|t| t.name.to_string()).collect())
        .unwrap_or_default();
    let tasks = Arc::new(Tasks::new(
        flows.clone().map(|f| f as Arc<dyn RunStore>),
        tools,
    ));
    let offers_tasks = flows.is_some().then(|| Arc::clone(&tasks));
    let handler = Handler {
        builtin,
        flows,
        tasks,
        verbose,
        initialized: Arc::default(),
        subscribed: Arc::default(),
        watching: Arc::default(),
        listen_baseline: Arc::default(),
    };
    let (framing, writer) = super::wire::StdioFraming::new(offers_tasks);
    let service = handler
        .serve(framing)
        .await
        .map_err(|e| format!("the client did not start a session: {e}"))?;
    let _ = service.waiting().await;
    // The answers still queued for stdout go out before the process ends (bounded, in
    // case a stuck stdout never takes them).
    let _ = tokio::time::timeout(Duration::from_secs(5), writer).await;
    Ok(())
}

/// A reply archie built as JSON, as rmcp's type; `resultType` is set (rmcp drops it
/// again for revisions before 2026-07-28).
fn wire<T: serde::de::DeserializeOwned>(mut value: Value) -> Result<T, ErrorData> {
    if let Some(map) = value.as_object_mut() {
        map.insert("resultType".into(), json!("complete"));
    }
    serde_json::from_value(value).map_err(|e| {
        ErrorData::internal_error(format!("archie built a malformed reply: {e}"), None)
    })
}

/// Whether the request's revision is 2024-11-05, which has no tool annotations, titles,
/// output schemas or structured content.
fn first_revision(context: &RequestContext<RoleServer>) -> bool {
    context
        .protocol_version()
        .is_some_and(|v| v == ProtocolVersion::V_2024_11_05)
}

fn tool_wire(tool: &ToolInfo, first: bool) -> Result<Tool, ErrorData> {
    let mut value = serde_json::to_value(tool).unwrap_or_default();
    if first && let Some(map) = value.as_object_mut() {
        for key in ["annotations", "outputSchema", "title"] {
            map.remove(key);
        }
    }
    serde_json::from_value(value)
        .map_err(|e| ErrorData::internal_error(format!("archie built a malformed tool: {e}"), None))
}

fn result_wire(output: &ToolOutput, first: bool) -> Result<CallToolResult, ErrorData> {
    let content: Vec<Value> = output
        .content
        .iter()
        .map(|part| match part {
            super::Part::Text { text } => json!({"type": "text", "text": text}),
            other => json!({"type": "text", "text": ToolOutput {
                content: vec![other.clone()], ..ToolOutput::default()
            }.to_text()}),
        })
        .collect();
    let mut value = json!({"content": content, "isError": output.is_error});
    if let Some(structured) = &output.structured
        && !first
    {
        value["structuredContent"] = structured.clone();
    }
    wire(value)
}

/// A flow tool's run as its result: the run's [`FlowResult`], and the `CallToolResult`
/// carrying it.
/// The search session a flow call names, as an argument or in `_meta`.
fn session_named(
    call: &Result<FlowCall, String>,
    context: &RequestContext<RoleServer>,
) -> Option<String> {
    call.as_ref()
        .ok()
        .and_then(|c| c.session.clone())
        .or_else(|| {
            context
                .meta
                .get(flows::SESSION_META)
                .and_then(Value::as_str)
                .map(String::from)
        })
}

/// A run that waits for an answer, as a 2026-07-28 input-required round (`None`: archie
/// could not ask its question).
fn input_required(round: Option<Value>) -> Result<CallToolResponse, ErrorData> {
    let Some(round) = round else {
        return Err(ErrorData::internal_error(
            "the run waits for an answer archie could not ask for",
            None,
        ));
    };
    serde_json::from_value(round)
        .map(CallToolResponse::InputRequired)
        .map_err(|e| {
            ErrorData::internal_error(format!("archie built a malformed round: {e}"), None)
        })
}

fn finished(
    joined: Result<Result<FlowResult, String>, tokio::task::JoinError>,
    first: bool,
    session: Option<&SessionTurn>,
) -> Result<(FlowResult, CallToolResult), String> {
    let mut result = joined.map_err(|e| format!("the run failed: {e}"))??;
    if let Some(turn) = session {
        result.session = Some(turn.id.clone());
        if result.status == CommandStatus::Completed {
            turn.record(&result);
        }
    }
    let value = serde_json::to_value(&result)
        .map_err(|e| format!("archie built a malformed reply: {e}"))?;
    let mut output = ToolOutput::structured(value);
    output.is_error = result.is_error();
    let answer = result_wire(&output, first).map_err(|e| e.message.to_string())?;
    Ok((result, answer))
}

/// No list here has a second page: any cursor is one archie never gave.
fn no_cursor(request: &Option<PaginatedRequestParams>) -> Result<(), ErrorData> {
    match request.as_ref().and_then(|r| r.cursor.as_deref()) {
        Some(cursor) => Err(ErrorData::invalid_params(
            format!(
                "unknown cursor \"{cursor}\": archie's lists have one page, list again without a cursor"
            ),
            None,
        )),
        None => Ok(()),
    }
}

/// The session a flow call belongs to, and the turn its completed run adds to it.
#[derive(Clone)]
struct SessionTurn {
    builtin: Builtin,
    id: String,
    query: String,
    sources: Vec<String>,
}

impl SessionTurn {
    /// Records the completed run as a turn: the call's question, and as the answer the
    /// file it wrote (an excerpt, as a search turn keeps), with the run id.
    fn record(&self, result: &FlowResult) {
        let run = result.run.as_deref().unwrap_or("?");
        let answer = match result.files.first() {
            Some(file) => {
                let text = std::fs::read_to_string(&file.path).unwrap_or_default();
                format!("(archie run {run}: {} {})\n\n{text}", file.what, file.path)
            }
            None => format!("(archie run {run} completed)"),
        };
        if let Err(err) =
            self.builtin
                .record_turn(&self.id, &self.query, &answer, self.sources.clone())
        {
            log(&format!(
                "the run could not be recorded in session {}: {err}",
                self.id
            ));
        }
    }
}

/// How a flow call is answered.
struct FlowCallOptions {
    /// The revision is 2024-11-05.
    first: bool,
    /// A waiting question is an input-required round (2026-07-28).
    rounds: bool,
    /// A 2026-07-28 task, and whether its questions are its input requests.
    task: Option<bool>,
    session: Option<SessionTurn>,
}

/// The kind of task a flow call is.
#[derive(Clone, Copy)]
enum Revision {
    /// 2025-11-25's tasks utility.
    Utility,
    /// 2026-07-28's Tasks extension; whether the run's questions go to the client as
    /// the task's input requests (it declared elicitation).
    Extension(bool),
}

fn task_error((_, message): tasks::TaskError) -> ErrorData {
    ErrorData::invalid_params(message, None)
}

/// What a subscriber watches: the memory file's state and the sessions in it.
#[derive(PartialEq)]
struct Seen {
    file: String,
    sessions: Vec<String>,
}

/// Who a memory-file poller tells of changes, by the protocol the client subscribed with.
enum Subscriber<'a> {
    /// `resources/subscribe` (up to 2025-11-25): the URIs subscribed so far, and every
    /// change of the list of resources; gone when the transport closes.
    Subscribed(Peer<RoleServer>),
    /// `subscriptions/listen` (from 2026-07-28): the URIs and the list changes it
    /// accepted; gone when the client cancels it.
    Listening {
        context: &'a SubscriptionContext,
        uris: Vec<String>,
        list: bool,
    },
}

impl Subscriber<'_> {
    /// Waits one poll; false once the subscriber is gone.
    async fn wait(&self) -> bool {
        match self {
            Subscriber::Subscribed(peer) => {
                tokio::time::sleep(POLL).await;
                !peer.is_transport_closed()
            }
            Subscriber::Listening { context, .. } => tokio::select! {
                _ = context.cancelled() => false,
                _ = tokio::time::sleep(POLL) => true,
            },
        }
    }

    /// The URIs to tell of a change to the memory file.
    fn uris(&self, handler: &Handler) -> Vec<String> {
        match self {
            Subscriber::Subscribed(_) => handler
                .subscribed
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .iter()
                .cloned()
                .collect(),
            Subscriber::Listening { uris, .. } => uris.clone(),
        }
    }

    /// Tells of a change to `uri`; false when the subscriber is gone.
    async fn updated(&self, uri: String) -> bool {
        match self {
            Subscriber::Subscribed(peer) => peer
                .notify_resource_updated(rmcp::model::ResourceUpdatedNotificationParam::new(uri))
                .await
                .is_ok(),
            Subscriber::Listening { context, .. } => {
                context.sink().notify_resource_updated(uri).await.is_ok()
            }
        }
    }

    /// Tells of a change to the list of resources, if it asked; false when it is gone.
    async fn list_changed(&self) -> bool {
        match self {
            Subscriber::Subscribed(peer) => peer.notify_resource_list_changed().await.is_ok(),
            Subscriber::Listening { list: false, .. } => true,
            Subscriber::Listening { context, .. } => {
                context.sink().notify_resource_list_changed().await.is_ok()
            }
        }
    }
}

fn seen(builtin: &Builtin) -> Seen {
    Seen {
        file: builtin.file_marker(),
        sessions: builtin.sessions(),
    }
}

impl Handler {
    /// Runs a flow tool's call to its end (or its question, or the client's cancel, which
    /// stops it at once, resumable), with progress notifications when the client
    /// sent a progress token.
    async fn call_flow(
        &self,
        runner: &Arc<dyn FlowRunner>,
        name: &str,
        call: Result<FlowCall, String>,
        options: FlowCallOptions,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let FlowCallOptions {
            first,
            rounds,
            task,
            session,
        } = options;
        let call = match call {
            Ok(call) => call,
            Err(message) => {
                return self.error(
                    McpError::InvalidArguments {
                        server: super::BUILTIN_SERVER.into(),
                        tool: name.into(),
                        message,
                    },
                    first,
                );
            }
        };
        // A task: 2025-11-25's (the client asked, `wire` marked it), or 2026-07-28's
        // (the client declared the extension; archie makes every flow call a task).
        let task = match (context.meta.get(tasks::MARK), task) {
            (Some(asked), _) => Some((
                Revision::Utility,
                tasks::ttl(asked.get("ttl").and_then(Value::as_u64)),
            )),
            (None, Some(asks)) => Some((Revision::Extension(asks), tasks::DEFAULT_TTL_MS)),
            (None, None) => None,
        };
        let request_id = serde_json::to_value(&context.id).unwrap_or_default();
        let caller = Caller::new(
            context.peer.clone(),
            context.meta.get_progress_token(),
            task.map(|(revision, ttl_ms)| flows::TaskSpec {
                tasks: Arc::clone(&self.tasks),
                asks_in_task: matches!(revision, Revision::Extension(true)),
                request: request_id,
                revision: match revision {
                    Revision::Utility => tasks::Revision::Utility,
                    Revision::Extension(_) => tasks::Revision::Extension,
                },
                ttl_ms,
            }),
        );
        let cancel = Arc::clone(&caller.cancel);
        let ct = context.ct.clone();
        let watch_cancel = Arc::clone(&cancel);
        let watch = tokio::spawn(async move {
            ct.cancelled().await;
            watch_cancel.request();
        });
        let started = caller.run_id();
        let asked = caller.clone();
        let mut ran = tokio::spawn(runner.run(call, caller));
        if let Some((revision, _)) = task {
            // A task: answered as soon as the run is recorded and its task registered with
            // a new id (2025-11-25: `wire` turns the answer into the task; 2026-07-28: a
            // `CreateTaskResult`); the run goes on, and its result waits for
            // `tasks/result` or `tasks/get`. A call that fails before its run exists is
            // answered as is.
            tokio::select! {
                biased;
                Ok(run) = started => {
                    // A task is cancelled with `tasks/cancel`; rmcp cancels the request's
                    // token once it is answered.
                    watch.abort();
                    let Some(id) = asked.task_id() else {
                        return Err(ErrorData::internal_error("the task was not registered", None));
                    };
                    self.finish_task_later(id.clone(), ran, session);
                    if matches!(revision, Revision::Extension(_)) {
                        return self.created_task(&id, &run);
                    }
                    return Ok(CallToolResponse::from(result_wire(
                        &ToolOutput::text("task started (see tasks/get)"),
                        first,
                    )?));
                }
                joined = &mut ran => {
                    watch.abort();
                    return match finished(joined, first, session.as_ref()) {
                        Ok((_, answer)) => Ok(CallToolResponse::from(answer)),
                        Err(message) => Err(ErrorData::internal_error(message, None)),
                    };
                }
            }
        }
        let joined = ran.await;
        watch.abort();
        let unasked = asked.unasked();
        asked.flush().await;
        match finished(joined, first, session.as_ref()) {
            Ok((result, _)) if rounds && result.status == CommandStatus::Waiting => {
                let round = unasked
                    .zip(result.run.as_ref())
                    .map(|(question, run)| flows::input_round(&question, run));
                input_required(round)
            }
            Ok((_, answer)) => Ok(CallToolResponse::from(answer)),
            Err(message) => Err(ErrorData::internal_error(message, None)),
        }
    }

    /// Calls a built-in tool off the runtime. The client's cancel stops a call still
    /// waiting for the memory file's lock (nothing written); a write that has begun lands
    /// and is answered.
    async fn call_builtin(
        &self,
        name: String,
        arguments: Value,
        first: bool,
        context: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let builtin = self.builtin.clone();
        let gate = Arc::new(Gate::default());
        let call_gate = Arc::clone(&gate);
        let mut call =
            tokio::task::spawn_blocking(move || builtin.call_gated(&name, &arguments, &call_gate));
        let joined = tokio::select! {
            joined = &mut call => joined,
            _ = context.ct.cancelled() => {
                if gate.cancel() {
                    // The call may still be waiting for the memory file's lock: it ends
                    // by itself, without writing.
                    let verbose = self.verbose;
                    tokio::spawn(async move {
                        let _ = call.await;
                        if verbose {
                            log("a cancelled call ended without writing");
                        }
                    });
                    return Err(ErrorData::internal_error("cancelled by the client; nothing was written", None));
                }
                // The write had begun: it lands, and is answered.
                call.await
            }
        };
        match joined {
            Ok(Ok(output)) => Ok(CallToolResponse::from(result_wire(&output, first)?)),
            Ok(Err(err)) => self.error(err, first),
            Err(join) => Err(ErrorData::internal_error(
                format!("the tool failed: {join}"),
                None,
            )),
        }
    }

    /// Records a task's end once its run is over (the call was answered when it began).
    fn finish_task_later(
        &self,
        task_id: String,
        ran: tokio::task::JoinHandle<Result<FlowResult, String>>,
        session: Option<SessionTurn>,
    ) {
        let tasks = Arc::clone(&self.tasks);
        tokio::spawn(async move {
            let joined = ran.await;
            let ended = match finished(joined, false, session.as_ref()) {
                Ok((result, answer)) => Ended::Result {
                    value: serde_json::to_value(&answer).unwrap_or_default(),
                    failed: result.is_error(),
                    interrupted: result.status == CommandStatus::Interrupted,
                    message: result.error,
                },
                Err(message) => Ended::Broken(message),
            };
            tasks.finish(&task_id, ended);
        });
    }

    /// The answer to a 2026-07-28 task's call: its `CreateTaskResult`, naming the run.
    fn created_task(&self, id: &str, run: &str) -> Result<CallToolResponse, ErrorData> {
        let mut handle = self
            .tasks
            .get_detailed(id)
            .map_err(|(_, message)| ErrorData::internal_error(message, None))?;
        handle["resultType"] = json!("task");
        handle["_meta"] = json!({ tasks::RUN_META: run });
        serde_json::from_value::<CreateTaskResult>(handle)
            .map(CallToolResponse::Task)
            .map_err(|e| {
                ErrorData::internal_error(format!("archie built a malformed task: {e}"), None)
            })
    }

    fn error(&self, err: McpError, first: bool) -> Result<CallToolResponse, ErrorData> {
        if self.verbose {
            log(&err.to_string());
        }
        match err {
            // The caller can correct these, or retry: a result it reads, not a protocol
            // error. `Request` is the memory file failing (busy, unreadable, full disk).
            McpError::InvalidArguments { .. } | McpError::Request { .. } => Ok(
                CallToolResponse::from(result_wire(&ToolOutput::error(err.to_string()), first)?),
            ),
            McpError::UnknownTool { .. } => Err(ErrorData::invalid_params(err.to_string(), None)),
            other => Err(ErrorData::internal_error(other.to_string(), None)),
        }
    }

    /// Polls the memory file from `baseline` until `subscriber` goes away, telling it of
    /// every change to what it subscribed to: the one poller of both subscription
    /// protocols.
    async fn poll_memory(&self, subscriber: Subscriber<'_>, baseline: Option<Seen>) {
        let mut last = baseline;
        while subscriber.wait().await {
            let now = self.seen_now().await;
            if let (Some(now), Some(before)) = (&now, &last) {
                if now.file != before.file {
                    for uri in subscriber.uris(self) {
                        if !subscriber.updated(uri).await {
                            return;
                        }
                    }
                }
                if now.sessions != before.sessions && !subscriber.list_changed().await {
                    return;
                }
            }
            // A failed read (`None`) is no baseline: the next poll starts again from it.
            last = now;
        }
    }

    /// The memory file's state and its sessions now, read off the runtime.
    async fn seen_now(&self) -> Option<Seen> {
        let builtin = self.builtin.clone();
        tokio::task::spawn_blocking(move || seen(&builtin))
            .await
            .ok()
    }

    /// Starts the watcher of a session that began with `initialize` (once): it tells of
    /// changes to the list of resources from the start, and of changes to subscribed
    /// resources from their subscription.
    async fn start_watching(&self, peer: Peer<RoleServer>) {
        if !self.watching.swap(true, Ordering::SeqCst) {
            // Seen before the caller answers: a write after that is news.
            let baseline = self.seen_now().await;
            let handler = self.clone();
            tokio::spawn(async move {
                handler
                    .poll_memory(Subscriber::Subscribed(peer), baseline)
                    .await;
            });
        }
    }

    /// The built-in tools' instructions, and the flow tools' when they are offered.
    fn instructions(&self) -> String {
        let mut text = self.builtin.instructions();
        let tools = self.flows.as_ref().map_or(&[][..], |f| f.tools());
        let what: Vec<&str> = tools.iter().map(|t| t.instructions).collect();
        let all = match what.len() {
            0 => return text,
            1 => "It is a recorded run that takes minutes: call it as a task where you can.",
            2 => "Both are recorded runs that take minutes: call them as tasks where you can.",
            _ => "All are recorded runs that take minutes: call them as tasks where you can.",
        };
        text.push_str(&format!(" {}. {all}", what.join("; ")));
        text
    }

    fn known_uri(&self, uri: &str) -> bool {
        uri == KNOWLEDGE_GRAPH_URI
            || uri
                .strip_prefix(SESSION_URI_PREFIX)
                .is_some_and(|id| self.builtin.sessions().iter().any(|s| s == id))
    }
}

impl ServerHandler for Handler {
    fn get_info(&self) -> ServerConfig {
        let mut capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .enable_resources_subscribe()
            .enable_resources_list_changed()
            .build();
        if self.flows.is_some() {
            // 2026-07-28's Tasks extension (`wire` leaves it out of an `initialize`
            // answer of an earlier revision, which has no such extension).
            capabilities
                .extensions
                .get_or_insert_with(Default::default)
                .insert(rmcp::model::TASKS_EXTENSION_ID.into(), Default::default());
        }
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new("archie", env!("CARGO_PKG_VERSION")))
            .with_instructions(self.instructions())
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        if self.initialized.swap(true, Ordering::SeqCst) {
            return Err(ErrorData::invalid_request(
                "the session is initialized already: send initialize once, first",
                None,
            ));
        }
        context.peer.set_peer_info(request.clone());
        self.builtin.set_client(&request.client_info.name);
        self.negotiate_initialize(&request)
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.start_watching(context.peer.clone()).await;
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        let mut task = self
            .tasks
            .get_detailed(&request.task_id)
            .map_err(task_error)?;
        task["resultType"] = json!("complete");
        serde_json::from_value(task).map_err(|e| {
            ErrorData::internal_error(format!("archie built a malformed task: {e}"), None)
        })
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let responses: Map<String, Value> = request.input_responses.into_iter().collect();
        self.tasks
            .update(&request.task_id, &responses)
            .map_err(task_error)
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        match self.tasks.cancel(&request.task_id) {
            Ok(_) => Ok(()),
            // A task that ended already, or runs elsewhere: acknowledged, as the
            // extension's cooperative cancel allows.
            Err(_) if self.tasks.get_detailed(&request.task_id).is_ok() => Ok(()),
            Err(err) => Err(task_error(err)),
        }
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        no_cursor(&request)?;
        let first = first_revision(&context);
        let mut listed = self.builtin.tools();
        if let Some(runner) = &self.flows {
            listed.extend(runner.infos());
        }
        let tools = listed
            .iter()
            .map(|t| tool_wire(t, first))
            .collect::<Result<Vec<_>, _>>()?;
        wire(json!({ "tools": tools }))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let first = first_revision(&context);
        let name = request.name.to_string();
        let modern = context
            .protocol_version()
            .is_some_and(|v| v == ProtocolVersion::V_2026_07_28);
        let state = request.request_state.clone();
        let responses = request.input_responses.clone();
        let arguments = Value::Object(request.arguments.unwrap_or_default());
        if let Some(runner) = &self.flows
            && let Some(call) = runner.read(&name, arguments.clone())
        {
            // 2026-07-28: the questions go to the human as input-required rounds, the
            // run id as the request state; the retry carries the answer and continues
            // the run as `run_id` and `answers` would.
            let can_elicit = context
                .meta
                .client_capabilities()
                .or_else(|| context.peer.peer_info().map(|i| i.capabilities.clone()))
                .is_some_and(|c| c.elicitation.is_some());
            // 2026-07-28's Tasks extension, when the request declares it: the call is a
            // task, whose questions are its input requests when the client can elicit.
            let task = (modern
                && context
                    .client_capabilities()
                    .is_some_and(|c| c.supports_tasks()))
            .then_some(can_elicit);
            let (call, rounds) = match (state, call) {
                (Some(run), Ok(call)) if modern && call.tool.continues.is_some() => {
                    let responses: Option<Map<String, Value>> =
                        responses.map(|r| r.into_iter().collect());
                    let answer = flows::round_answer(responses.as_ref());
                    let declined = answer.is_none();
                    let call = FlowCall::resume(call.tool, run, answer.into_iter().collect());
                    (Ok(call), can_elicit && !declined)
                }
                (_, call) => (call, modern && can_elicit),
            };
            // The session the call belongs to (seed 000's validation): one that exists,
            // never one made up.
            let named = session_named(&call, &context);
            if let Some(id) = &named
                && !self.builtin.sessions().iter().any(|s| s == id)
            {
                return self.error(
                    McpError::InvalidArguments {
                        server: super::BUILTIN_SERVER.into(),
                        tool: name,
                        message: format!(
                            "no session \"{id}\": a call may belong only to a session archie \
                             search made (resources/list names them, as memory://session/ID); \
                             none is created here. Leave session out, or name one of those"
                        ),
                    },
                    first,
                );
            }
            let session = named.map(|id| {
                let (query, sources) = call.as_ref().map(|c| c.turn.clone()).unwrap_or_default();
                SessionTurn {
                    builtin: self.builtin.clone(),
                    id,
                    query,
                    sources,
                }
            });
            let options = FlowCallOptions {
                first,
                rounds: rounds && task.is_none(),
                task,
                session,
            };
            return self.call_flow(runner, &name, call, options, context).await;
        }
        self.call_builtin(name, arguments, first, &context).await
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        no_cursor(&request)?;
        let first = first_revision(&context);
        let mut resources = vec![json!({
            "uri": KNOWLEDGE_GRAPH_URI,
            "name": "knowledge-graph",
            "title": "archie's knowledge graph",
            "description": "Every entity and relationship archie knows, in its memory file's JSON shape.",
            "mimeType": "application/json"
        })];
        let builtin = self.builtin.clone();
        let sessions = tokio::task::spawn_blocking(move || builtin.sessions())
            .await
            .unwrap_or_default();
        for id in sessions {
            resources.push(json!({
                "uri": format!("{SESSION_URI_PREFIX}{id}"),
                "name": format!("session-{id}"),
                "description": "A search session's memory.",
                "mimeType": "application/json"
            }));
        }
        if first {
            resources
                .iter_mut()
                .filter_map(Value::as_object_mut)
                .for_each(|r| {
                    r.remove("title");
                });
        }
        wire(json!({ "resources": resources }))
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        no_cursor(&request)?;
        let mut template = json!({
            "uriTemplate": format!("{SESSION_URI_PREFIX}{{id}}"),
            "name": "session",
            "title": "a search session's memory",
            "description": "conversation_summary, user_preferences, ongoing_tasks and the last turns of an archie search session.",
            "mimeType": "application/json"
        });
        if first_revision(&context)
            && let Some(t) = template.as_object_mut()
        {
            t.remove("title");
        }
        wire(json!({ "resourceTemplates": [template] }))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let builtin = self.builtin.clone();
        let uri = request.uri.clone();
        let read = tokio::task::spawn_blocking(move || builtin.resource(&uri)).await;
        match read {
            Ok(Ok(resource)) => {
                let result: ReadResourceResult = wire(json!({"contents": [{
                    "uri": resource.uri,
                    "mimeType": resource.mime_type,
                    "text": resource.text
                }]}))?;
                Ok(ReadResourceResponse::from(result))
            }
            Ok(Err(McpError::UnknownResource { uri, .. })) => Err(ErrorData::resource_not_found(
                format!("no resource {uri}: resources/list names those there are"),
                Some(json!({ "uri": uri })),
            )),
            Ok(Err(err)) => Err(ErrorData::internal_error(err.to_string(), None)),
            Err(join) => Err(ErrorData::internal_error(join.to_string(), None)),
        }
    }

    #[allow(deprecated)]
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        if !self.known_uri(&request.uri) {
            return Err(ErrorData::resource_not_found(
                format!("no resource {}", request.uri),
                Some(json!({ "uri": request.uri })),
            ));
        }
        self.subscribed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(request.uri);
        self.start_watching(context.peer.clone()).await;
        Ok(())
    }

    #[allow(deprecated)]
    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.subscribed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&request.uri);
        Ok(())
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        // Called before the acknowledgment: what the file is now is the baseline.
        *self
            .listen_baseline
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(seen(&self.builtin));
        let mut accepted = SubscriptionFilter::default();
        accepted.resources_list_changed = requested.resources_list_changed;
        accepted.resource_subscriptions = requested
            .resource_subscriptions
            .as_ref()
            .map(|uris| uris.iter().filter(|u| self.known_uri(u)).cloned().collect());
        Some(accepted)
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        let uris = context
            .accepted()
            .resource_subscriptions
            .clone()
            .unwrap_or_default();
        let list = context.accepted().resources_list_changed == Some(true);
        let baseline = self
            .listen_baseline
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let baseline = match baseline {
            Some(seen) => Some(seen),
            None => self.seen_now().await,
        };
        let subscriber = Subscriber::Listening {
            context: &context,
            uris,
            list,
        };
        self.poll_memory(subscriber, baseline).await;
        Ok(())
    }
}
