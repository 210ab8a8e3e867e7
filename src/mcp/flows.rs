//! `archie mcp`'s flow tools, `build_context` and `analyze`, as the protocol sees them:
//! their arguments and results (typed, so the schemas are generated from the same types
//! the handler reads), the caller a run talks back to (progress notifications,
//! elicitation, cancellation) and the [`Prompter`] that puts a run's questions to the
//! human through the client.
//!
//! This module knows no flow: running one is the entry's job (`cli::mcp`), behind
//! [`FlowRunner`]. Each call is a recorded run of the same flow the terminal command
//! runs; its result is the run's summary (the `finished` event of `--json`).

use super::builtin::{input_schema, output_schema};
use super::tasks::{self, Tasks};
use super::{Elicitation, Elicited, Field, FieldKind, Hints, ToolInfo};
use crate::graph::{Answer, Prompter, Question, QuestionKind};
use futures::future::BoxFuture;
use rmcp::model::{ProgressNotificationParam, ProgressToken, ServerRequest};
use rmcp::service::{Peer, RoleServer};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub const BUILD_CONTEXT: &str = "build_context";
pub const ANALYZE: &str = "analyze";

/// `build_context`'s arguments: as `archie build-context SYSTEM -i PATH… [-o FILE]`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BuildContextCall {
    /// The system or feature to describe, e.g. payments.
    pub system: String,
    /// Design documents to read: folders or files, relative to the folder archie mcp
    /// runs in.
    pub inputs: Vec<String>,
    /// Where to write the overview (default: SYSTEM_context.md).
    #[serde(default)]
    pub output: Option<String>,
    /// The archie session this call belongs to (one archie search made; the resource
    /// memory://session/{id}): the finished run is recorded as a turn of it. Also read
    /// from _meta "dev.archie/session". An unknown session is refused.
    #[serde(default)]
    pub session: Option<String>,
}

/// `analyze`'s arguments: as `archie analyze -i PATH… [-q QUERY] [--answer …]`, or, with
/// `run_id`, as `archie resume RUN --answer …`.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeCall {
    /// The question to analyse (default: a comprehensive architecture overview).
    #[serde(default)]
    pub query: Option<String>,
    /// Design documents to read: folders or files, relative to the folder archie mcp
    /// runs in. Needed for a new run; a continued run reads its own.
    #[serde(default)]
    pub inputs: Vec<String>,
    /// Answers to archie's questions, in order, as the human gave them: text, or
    /// "/approve" to write the analysis, "/abort" to stop.
    #[serde(default)]
    pub answers: Vec<String>,
    /// Continue this run (one that waits for an answer, failed or was cancelled) instead
    /// of starting one.
    #[serde(default)]
    pub run_id: Option<String>,
    /// Where to write the analysis (default: analysis_result.md). Not for a continued run.
    #[serde(default)]
    pub output: Option<String>,
    /// The archie session this call belongs to (one archie search made; the resource
    /// memory://session/{id}): the finished analysis is recorded as a turn of it. Also
    /// read from _meta "dev.archie/session". An unknown session is refused.
    #[serde(default)]
    pub session: Option<String>,
}

/// What a flow tool was asked to do.
#[derive(Debug, Clone)]
pub enum FlowCall {
    BuildContext(BuildContextCall),
    Analyze(AnalyzeCall),
}

/// The `_meta` key that names the session a call belongs to (as the `session` argument).
pub const SESSION_META: &str = "dev.archie/session";

impl FlowCall {
    /// The session named in the arguments.
    pub fn session(&self) -> Option<&str> {
        match self {
            Self::BuildContext(c) => c.session.as_deref(),
            Self::Analyze(c) => c.session.as_deref(),
        }
    }

    /// The call as a session's turn records it: its question, and the documents read.
    pub fn turn(&self) -> (String, Vec<String>) {
        match self {
            Self::BuildContext(c) => (
                format!("build_context {}", c.system),
                c.inputs
                    .iter()
                    .map(|i| format!("build_context -i {i}"))
                    .collect(),
            ),
            Self::Analyze(c) => (
                match (&c.query, &c.run_id) {
                    (Some(query), _) => query.clone(),
                    (None, Some(run)) => format!("analyze (run {run} continued)"),
                    (None, None) => "analyze: a comprehensive architecture overview".into(),
                },
                c.inputs.iter().map(|i| format!("analyze -i {i}")).collect(),
            ),
        }
    }
}

/// A flow tool's result: the run's summary.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct FlowResult {
    /// completed, waiting (for an answer), interrupted (cancelled), failed, declined or
    /// usage_error.
    pub status: String,
    /// The run's id: `archie runs show RUN` at the terminal, `run_id` to continue it here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<String>,
    /// The question the run waits for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub question: Option<WaitingQuestion>,
    /// Every file written, in order.
    #[serde(default)]
    pub files: Vec<WrittenFile>,
    /// What the memory file gained, when it was saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory: Option<MemoryGrowth>,
    /// The terminal command that continues the run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resume_command: Option<String>,
    /// What went wrong, when the run failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// What to do about the error.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hints: Vec<String>,
    /// What to do next, in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    /// The session the call belongs to, when it named one: a completed run is recorded
    /// as a turn of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct WaitingQuestion {
    /// The question (for analyze: archie's last turn, which ends in its question).
    pub question: String,
    /// text, confirm or choose.
    pub kind: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct WrittenFile {
    pub path: String,
    /// What it is (analysis, context overview, …).
    pub what: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct MemoryGrowth {
    /// The memory file.
    pub path: String,
    pub entities_added: u64,
    pub relationships_added: u64,
    pub updated: u64,
}

impl FlowResult {
    /// The result of a run whose summary (the `finished` event) is `summary`, with the
    /// error's `hints`; `tool` is the tool that ran it.
    pub fn from_summary(summary: Value, hints: Vec<String>, tool: &str) -> Self {
        let mut result: FlowResult = serde_json::from_value(summary).unwrap_or_default();
        result.hints = hints;
        result.next = match (result.status.as_str(), &result.run) {
            ("waiting", Some(run)) if tool == ANALYZE => Some(format!(
                "Put the question to the user, then call analyze with run_id \"{run}\" and \
                 answers [their answer] (\"/approve\" writes the analysis, \"/abort\" stops)."
            )),
            ("interrupted" | "failed", Some(run)) if tool == ANALYZE => Some(format!(
                "Continue it with analyze and run_id \"{run}\", or at the terminal."
            )),
            ("interrupted" | "failed", Some(_)) => {
                Some("Continue it at the terminal (resume_command).".into())
            }
            _ => None,
        };
        result
    }

    /// Whether the call failed (the caller reads it as an error).
    pub fn is_error(&self) -> bool {
        matches!(self.status.as_str(), "failed" | "usage_error")
    }
}

/// The flow tools (offered when the server offers writes).
pub fn tools() -> Vec<ToolInfo> {
    let hints = Hints {
        read_only: Some(false),
        destructive: Some(false),
        idempotent: Some(false),
        // It asks an LLM.
        open_world: Some(true),
    };
    vec![
        ToolInfo {
            name: BUILD_CONTEXT.into(),
            title: Some("Build a context overview".into()),
            description: Some(
                "Read design documents, extract their knowledge graph into archie's memory \
                 file (changes the memory) and write a context overview of one system with a \
                 Mermaid diagram (writes SYSTEM_context.md), as `archie build-context` does. \
                 A recorded run: the result names the run, the files written and what the \
                 memory gained. Takes minutes on a large corpus."
                    .into(),
            ),
            input_schema: input_schema::<BuildContextCall>(),
            output_schema: Some(output_schema::<FlowResult>()),
            annotations: hints.clone(),
        },
        ToolInfo {
            name: ANALYZE.into(),
            title: Some("Analyse the architecture".into()),
            description: Some(
                "An architecture analysis of the design documents, as `archie analyze` does: \
                 archie asks the human clarifying questions (through the client's elicitation \
                 when it has it; otherwise the result is the question and a run_id, and the \
                 human's answer goes back with run_id and answers) until they approve, then \
                 writes the analysis (analysis_result.md) and grows the memory file. Never \
                 answer for the human."
                    .into(),
            ),
            input_schema: input_schema::<AnalyzeCall>(),
            output_schema: Some(output_schema::<FlowResult>()),
            annotations: hints,
        },
    ]
}

/// Whether `name` is a flow tool's.
pub fn is_flow(name: &str) -> bool {
    matches!(name, BUILD_CONTEXT | ANALYZE)
}

/// Reads a flow tool's arguments; `None` for a tool that is not one.
pub fn parse(name: &str, args: Value) -> Option<Result<FlowCall, String>> {
    let read = |e: serde_json::Error| format!("invalid arguments for {name}: {e}");
    match name {
        BUILD_CONTEXT => Some(
            serde_json::from_value(args)
                .map(FlowCall::BuildContext)
                .map_err(read),
        ),
        ANALYZE => Some(
            serde_json::from_value(args)
                .map(FlowCall::Analyze)
                .map_err(read),
        ),
        _ => None,
    }
}

/// Runs a flow tool's call as a recorded run (the entry implements it over the App).
pub trait FlowRunner: Send + Sync {
    /// The run's summary (the `finished` event) and the hints of its error, if any.
    fn run(
        &self,
        call: FlowCall,
        caller: Caller,
    ) -> BoxFuture<'static, Result<(Value, Vec<String>), String>>;

    /// A recorded run as a task (an earlier session's, or the terminal's), if there is
    /// one with this id.
    fn recorded(&self, run: &str) -> Option<RecordedTask>;

    /// Keeps a task in the run store (a failure is logged, not fatal: the task goes on).
    fn save_task(&self, task: &crate::store::TaskRecord);

    /// A task kept in the run store.
    fn task(&self, id: &str) -> Option<crate::store::TaskRecord>;
}

/// A run in the run store, seen as a task.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordedTask {
    /// working, input_required, completed, failed or cancelled.
    pub status: &'static str,
    pub message: String,
    /// Unix ms.
    pub created_ms: i64,
    pub updated_ms: i64,
}

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

/// The client that called a flow tool, as the run sees it: where its progress goes, who
/// answers its questions, and whether it was cancelled.
#[derive(Clone)]
pub struct Caller {
    peer: Peer<RoleServer>,
    /// Progress notifications, in order, to the task that sends them.
    progress: Option<tokio::sync::mpsc::UnboundedSender<(f64, String)>>,
    forwarder: Arc<std::sync::Mutex<Option<tokio::task::JoinHandle<()>>>>,
    /// The server's runtime: requests to the client are made there.
    runtime: tokio::runtime::Handle,
    pub cancel: Arc<Cancel>,
    task: Arc<TaskLink>,
    /// The last question nobody could be asked through the client (for an
    /// input-required round under 2026-07-28).
    unasked: Arc<std::sync::Mutex<Option<Question>>>,
}

/// A task-augmented call: where its task is kept and how.
pub struct TaskSpec {
    pub tasks: Arc<Tasks>,
    /// 2026-07-28: the run's questions are the task's input requests.
    pub asks_in_task: bool,
    /// The id of the request that asked for the task (as JSON).
    pub request: Value,
    pub revision: tasks::Revision,
    pub ttl_ms: u64,
}

/// The task a task-augmented call started: registered, with a new id, once the run is
/// recorded (before the run can ask or report anything).
#[derive(Default)]
struct TaskLink {
    spec: Option<TaskSpec>,
    id: std::sync::OnceLock<String>,
    started: std::sync::Mutex<Option<tokio::sync::oneshot::Sender<String>>>,
}

impl TaskLink {
    /// The `_meta` of a message of the call's task; `None` when the call is no task.
    fn related(&self) -> Option<Value> {
        self.id.get().map(|id| tasks::related(id))
    }
}

impl Caller {
    /// Must be called on the server's runtime. Progress goes out when `token` is given;
    /// a task-augmented call's task is kept as `task` says (its questions are the task's
    /// input requests under 2026-07-28's Tasks extension when it says so), and every
    /// progress notification and question of it carries its related-task `_meta`.
    pub fn new(
        peer: Peer<RoleServer>,
        token: Option<ProgressToken>,
        task: Option<TaskSpec>,
    ) -> Self {
        let link = Arc::new(TaskLink {
            spec: task,
            ..TaskLink::default()
        });
        let mut forwarder = None;
        let progress = token.map(|token| {
            let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(f64, String)>();
            let peer = peer.clone();
            let link = Arc::clone(&link);
            forwarder = Some(tokio::spawn(async move {
                while let Some((progress, message)) = rx.recv().await {
                    let mut param = ProgressNotificationParam::new(token.clone(), progress);
                    param.message = Some(message);
                    param.meta = link
                        .related()
                        .and_then(|meta| serde_json::from_value(meta).ok());
                    if peer.notify_progress(param).await.is_err() {
                        return;
                    }
                }
            }));
            tx
        });
        Self {
            peer,
            progress,
            forwarder: Arc::new(std::sync::Mutex::new(forwarder)),
            runtime: tokio::runtime::Handle::current(),
            cancel: Arc::default(),
            task: link,
            unasked: Arc::default(),
        }
    }

    /// Waits until every progress notification is sent (the run's other handles are
    /// gone): none may follow the call's answer.
    pub async fn flush(self) {
        let forwarder = self
            .forwarder
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        drop(self);
        if let Some(forwarder) = forwarder {
            let _ = tokio::time::timeout(std::time::Duration::from_secs(5), forwarder).await;
        }
    }

    /// The question the run stopped at without asking the client, if it did.
    pub fn unasked(&self) -> Option<Question> {
        self.unasked
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    }

    fn not_asked(&self, question: &Question) {
        *self
            .unasked
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(question.clone());
    }

    /// Resolves to the run's id once the run is recorded (dropped if it never is); by
    /// then a task-augmented call's task is registered ([`Caller::task_id`]).
    pub fn run_id(&self) -> tokio::sync::oneshot::Receiver<String> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        *self
            .task
            .started
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(tx);
        rx
    }

    /// The task this call is, once its run is recorded.
    pub fn task_id(&self) -> Option<String> {
        self.task.id.get().cloned()
    }

    /// The run was recorded as `run`: a task-augmented call's task is registered with a
    /// new id.
    pub fn run_started(&self, run: &str) {
        if let Some(spec) = &self.task.spec
            && self.task.id.get().is_none()
        {
            let id = tasks::new_id(run);
            spec.tasks.start(
                &spec.request,
                &id,
                run,
                spec.revision,
                spec.ttl_ms,
                Arc::clone(&self.cancel),
            );
            let _ = self.task.id.set(id);
        }
        let started = self
            .task
            .started
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        if let Some(tx) = started {
            let _ = tx.send(run.to_string());
        }
    }

    /// Sets the status of the call's task, if it is one.
    fn task_status(&self, status: &'static str, message: Option<String>) {
        if let (Some(spec), Some(id)) = (&self.task.spec, self.task.id.get()) {
            spec.tasks.set_status(id, status, message);
        }
    }

    /// Puts `question` to the human as the task's input request (2026-07-28): the
    /// client's answer (an elicitation result) once `tasks/update` brings it; `None` when
    /// the call is not such a task.
    fn ask_in_task(&self, question: &Question) -> Option<tokio::sync::oneshot::Receiver<Value>> {
        let spec = self.task.spec.as_ref().filter(|s| s.asks_in_task)?;
        let id = self.task.id.get()?;
        let form = form(question);
        spec.tasks.ask(
            id,
            json!({
                "method": "elicitation/create",
                "params": {
                    "mode": "form",
                    "message": form.message,
                    "requestedSchema": schema_of(&form.fields),
                }
            }),
        )
    }

    /// Reports progress (a step number, rising) when the client asked for it.
    pub fn progress(&self, progress: f64, message: String) {
        if let Some(tx) = &self.progress {
            let _ = tx.send((progress, message));
        }
    }

    /// Whether the client declared it can put a form to the human.
    pub fn can_elicit(&self) -> bool {
        self.peer.peer_info().is_some_and(|info| {
            info.capabilities
                .elicitation
                .as_ref()
                .is_some_and(|e| e.form.is_some() || e.url.is_none())
        })
    }

    /// Puts `request` to the human through the client (`elicitation/create`), with the
    /// related-task `_meta` when the call is a task.
    pub async fn elicit(&self, request: &Elicitation) -> anyhow::Result<Elicited> {
        let mut wire = json!({
            "method": "elicitation/create",
            "params": {
                "mode": "form",
                "message": request.message,
                "requestedSchema": schema_of(&request.fields),
            }
        });
        if let Some(meta) = self.task.related() {
            wire["params"]["_meta"] = meta;
        }
        let request: ServerRequest = serde_json::from_value(wire)?;
        let peer = self.peer.clone();
        let answer = self
            .runtime
            .spawn(async move { peer.send_request(request).await })
            .await??;
        let answer = serde_json::to_value(answer)?;
        Ok(match answer["action"].as_str() {
            Some("accept") => {
                Elicited::Accept(answer["content"].as_object().cloned().unwrap_or_default())
            }
            Some("decline") => Elicited::Decline,
            _ => Elicited::Cancel,
        })
    }
}

/// The key of the one input request of an input-required round.
const ROUND_KEY: &str = "answer";

/// 2026-07-28's input-required round for a run stopped at `question`: the question as
/// an `elicitation/create` the client puts to the human, and the run id as the request
/// state the client sends back with the answer.
pub fn input_round(question: &Question, run: &str) -> Value {
    let form = form(question);
    json!({
        "resultType": "input_required",
        "inputRequests": { ROUND_KEY: {
            "method": "elicitation/create",
            "params": {
                "mode": "form",
                "message": form.message,
                "requestedSchema": schema_of(&form.fields),
            }
        }},
        "requestState": run,
    })
}

/// The answer a client sent back for an input-required round (as a typed answer: text,
/// `/approve`, `yes`, an option); `None` when the human declined or dismissed the form.
pub fn round_answer(responses: Option<&Map<String, Value>>) -> Option<String> {
    let response = responses?.get(ROUND_KEY)?;
    if response["action"].as_str() != Some("accept") {
        return None;
    }
    let content = response["content"].as_object()?;
    let choice = content.get(CHOICE).and_then(Value::as_str).unwrap_or(SEND);
    if choice != SEND {
        return Some(format!("/{choice}"));
    }
    match content.get(ANSWER)? {
        Value::Bool(true) => Some("yes".into()),
        Value::Bool(false) => Some("no".into()),
        Value::String(text) => Some(text.clone()),
        other => Some(other.to_string()),
    }
}

/// A form's fields as the requested schema of `elicitation/create`.
fn schema_of(fields: &[Field]) -> Value {
    let mut properties = Map::new();
    for field in fields {
        let mut p = match &field.kind {
            FieldKind::Text => json!({"type": "string"}),
            FieldKind::Number => json!({"type": "number"}),
            FieldKind::Integer => json!({"type": "integer"}),
            FieldKind::Boolean => json!({"type": "boolean"}),
            FieldKind::Choice(options) => json!({"type": "string", "enum": options}),
        };
        if let Some(label) = &field.label {
            p["title"] = json!(label);
        }
        properties.insert(field.name.clone(), p);
    }
    let required: Vec<&str> = fields
        .iter()
        .filter(|f| f.required)
        .map(|f| f.name.as_str())
        .collect();
    json!({"type": "object", "properties": properties, "required": required})
}

const ANSWER: &str = "answer";
const CHOICE: &str = "choice";
/// The choice that sends the typed answer.
const SEND: &str = "answer";

/// A question as a form: the answer text and, when the question takes commands
/// (`/approve`, `/abort`), the choice between answering and each command.
pub fn form(question: &Question) -> Elicitation {
    let fields = match &question.kind {
        QuestionKind::Text if question.commands.is_empty() => vec![Field {
            name: ANSWER.into(),
            label: Some(question.prompt_label().to_string()),
            kind: FieldKind::Text,
            required: true,
            default: None,
        }],
        QuestionKind::Text => {
            let mut choices = vec![SEND.to_string()];
            choices.extend(
                question
                    .commands
                    .iter()
                    .map(|c| c.name.trim_start_matches('/').to_string()),
            );
            let what: Vec<String> = question
                .commands
                .iter()
                .map(|c| format!("{}: {}", c.name.trim_start_matches('/'), c.help))
                .collect();
            vec![
                Field {
                    name: ANSWER.into(),
                    label: Some("Your answer".into()),
                    kind: FieldKind::Text,
                    required: false,
                    default: None,
                },
                Field {
                    name: CHOICE.into(),
                    label: Some(format!("answer: send your answer; {}", what.join("; "))),
                    kind: FieldKind::Choice(choices),
                    required: true,
                    default: None,
                },
            ]
        }
        QuestionKind::Confirm { .. } => vec![Field {
            name: ANSWER.into(),
            label: Some(question.prompt_label().to_string()),
            kind: FieldKind::Boolean,
            required: true,
            default: None,
        }],
        QuestionKind::Choose { options } => vec![Field {
            name: ANSWER.into(),
            label: Some(question.prompt_label().to_string()),
            kind: FieldKind::Choice(options.clone()),
            required: true,
            default: None,
        }],
    };
    Elicitation {
        message: question.text.clone(),
        fields,
    }
}

/// What the human filled in, as the answer to `question`; `None` when the form says
/// nothing usable (the question is then asked again by the flow, or the run waits).
pub fn answer_to(
    question: &Question,
    content: &Map<String, Value>,
) -> anyhow::Result<Option<Answer>> {
    let text = content.get(ANSWER).and_then(Value::as_str).unwrap_or("");
    match &question.kind {
        QuestionKind::Text => {
            let choice = content.get(CHOICE).and_then(Value::as_str).unwrap_or(SEND);
            if choice != SEND
                && let Some(command) = question
                    .commands
                    .iter()
                    .find(|c| c.name.trim_start_matches('/') == choice)
            {
                return Ok(Some(Answer::Text(command.name.clone())));
            }
            Ok(Some(question.parse_answer(text)?))
        }
        QuestionKind::Confirm { .. } => Ok(content
            .get(ANSWER)
            .and_then(Value::as_bool)
            .map(Answer::Yes)),
        QuestionKind::Choose { .. } if text.is_empty() => Ok(None),
        QuestionKind::Choose { .. } => Ok(Some(question.parse_answer(text)?)),
    }
}

/// Asks through the client's elicitation. A human who declines or dismisses the form, or
/// a client that cannot take the request, leaves the question unanswered: the run waits,
/// as it would at a closed terminal, and the call's result is the question.
pub struct Elicit(pub Caller);

impl Prompter for Elicit {
    fn ask<'a>(&'a self, question: &'a Question) -> BoxFuture<'a, anyhow::Result<Option<Answer>>> {
        Box::pin(async move {
            if let Some(answer) = self.0.ask_in_task(question) {
                // Answered by `tasks/update`; a task that ends first leaves it unasked.
                let Ok(response) = answer.await else {
                    return Ok(None);
                };
                return match (response["action"].as_str(), response["content"].as_object()) {
                    (Some("accept"), Some(content)) => answer_to(question, content),
                    _ => Ok(None),
                };
            }
            if !self.0.can_elicit() {
                self.0.not_asked(question);
                return Ok(None);
            }
            self.0.task_status(
                "input_required",
                Some("archie asks the human a question (elicitation)".into()),
            );
            let elicited = self.0.elicit(&form(question)).await;
            self.0.task_status("working", None);
            let elicited = match elicited {
                Ok(elicited) => elicited,
                // The client could not take it (a revision without server requests, a
                // closed connection): nobody was asked, and the run waits.
                Err(err) => {
                    super::server::log(&format!(
                        "the question could not be put to the client: {err:#}"
                    ));
                    self.0.not_asked(question);
                    return Ok(None);
                }
            };
            match elicited {
                Elicited::Accept(content) => answer_to(question, &content),
                Elicited::Decline | Elicited::Cancel => Ok(None),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analyze_question() -> Question {
        Question::text("Does checkout retry?")
            .with_prompt("Your answer")
            .with_commands(&[
                ("/approve", "write the analysis"),
                ("/abort", "stop without writing"),
            ])
    }

    #[test]
    fn an_analyze_question_is_a_form_of_answer_text_and_approve_or_abort() {
        let q = analyze_question();
        let f = form(&q);
        assert_eq!(f.message, "Does checkout retry?");
        let schema = schema_of(&f.fields);
        assert_eq!(
            schema["properties"]["choice"]["enum"],
            json!(["answer", "approve", "abort"])
        );
        assert_eq!(schema["required"], json!(["choice"]));
        let filled = |v: Value| v.as_object().cloned().unwrap();
        assert_eq!(
            answer_to(
                &q,
                &filled(json!({"choice": "answer", "answer": "It fails fast."}))
            )
            .unwrap(),
            Some(Answer::Text("It fails fast.".into()))
        );
        assert_eq!(
            answer_to(&q, &filled(json!({"choice": "approve"}))).unwrap(),
            Some(Answer::Text("/approve".into()))
        );
        assert_eq!(
            answer_to(&q, &filled(json!({"choice": "abort", "answer": "x"}))).unwrap(),
            Some(Answer::Text("/abort".into()))
        );
    }

    #[test]
    fn an_input_required_round_carries_the_form_and_its_answer_comes_back_as_typed() {
        let round = input_round(&analyze_question(), "r1");
        assert_eq!(round["requestState"], "r1");
        assert_eq!(
            round["inputRequests"]["answer"]["params"]["requestedSchema"]["properties"]["choice"]["enum"],
            json!(["answer", "approve", "abort"])
        );
        let back = |v: Value| round_answer(v.as_object());
        assert_eq!(
            back(
                json!({"answer": {"action": "accept", "content": {"choice": "answer", "answer": "It fails fast."}}})
            ),
            Some("It fails fast.".into())
        );
        assert_eq!(
            back(json!({"answer": {"action": "accept", "content": {"choice": "approve"}}})),
            Some("/approve".into())
        );
        assert_eq!(back(json!({"answer": {"action": "decline"}})), None);
    }

    #[test]
    fn a_waiting_analysis_says_how_to_continue_it() {
        let summary = json!({"status": "waiting", "exit_code": 3, "run": "r1",
            "question": {"question": "Q?", "kind": "text"}, "files": [],
            "resume_command": "archie resume r1"});
        let r = FlowResult::from_summary(summary, vec![], ANALYZE);
        assert!(!r.is_error());
        assert!(r.next.unwrap().contains("run_id \"r1\""));
        assert_eq!(r.question.unwrap().question, "Q?");
    }
}
