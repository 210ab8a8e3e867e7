//! `archie mcp`'s flow tools as the protocol sees them: what a tool declares
//! ([`ToolFace`]), a call read from its arguments ([`FlowCall`]), its result (the run's
//! summary, [`FlowResult`]), the caller a run talks back to (progress notifications,
//! elicitation, cancellation) and the [`Prompter`] that puts a run's questions to the
//! human through the client.
//!
//! This module knows no flow: each flow declares its tool next to its command
//! (`cli::flow::FlowTool`), and the entry's [`FlowRunner`] reads and runs the calls. Each
//! call is a recorded run of the same flow the terminal command runs; its result is the
//! run's summary (the `finished` event of `--json`).

use super::builtin::{input_schema, output_schema};
use super::tasks::{self, Cancel, RunStore, TaskStatus, Tasks};
use super::{Elicitation, Elicited, Field, FieldKind, Hints, ToolInfo};
use crate::error::{BoxError, UsageError};
use crate::events::{AnswerKind, CommandStatus, MemoryChange, Summary, Written};
use crate::pause::{Answer, Prompter, Question, QuestionKind};
use futures_util::future::BoxFuture;
use rmcp::model::{ProgressNotificationParam, ProgressToken, ServerRequest};
use rmcp::service::{Peer, RoleServer};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value, json};
use std::sync::Arc;

/// A flow's tool, as its flow declares it (next to its command).
#[derive(Debug, Clone, Copy)]
pub struct ToolFace {
    /// The tool's name (`build_context`).
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    /// What the tool does, for the server's instructions: `NAME (ARGS) does …`.
    pub instructions: &'static str,
    /// Whether a call may continue a run of the flow that waits for an answer, failed
    /// or was cancelled (`run_id` and `answers`), and what an answer can be, in words
    /// (`("/approve" writes the analysis, "/abort" stops)`); `None` when it cannot.
    pub continues: Option<&'static str>,
    pub annotations: Hints,
}

impl ToolFace {
    /// The hints of a flow that writes files and the memory, and asks an LLM.
    pub const WRITES_ASKING_AN_LLM: Hints = Hints {
        read_only: Some(false),
        destructive: Some(false),
        idempotent: Some(false),
        open_world: Some(true),
    };

    /// The tool as `tools/list` gives it, whose arguments are `C`.
    pub fn info<C: JsonSchema>(&self) -> ToolInfo {
        ToolInfo {
            name: self.name.into(),
            title: Some(self.title.into()),
            description: Some(self.description.into()),
            input_schema: input_schema::<C>(),
            output_schema: Some(output_schema::<FlowResult>()),
            annotations: self.annotations,
        }
    }
}

/// A call of a flow tool, read (the run itself is the runner's, opaque here).
pub struct FlowCall {
    /// The tool called.
    pub tool: ToolFace,
    /// The session named in the arguments.
    pub session: Option<String>,
    /// The call as a session's turn records it: its question, and the documents read.
    pub turn: (String, Vec<String>),
    pub plan: Plan,
}

/// What a flow call does.
pub enum Plan {
    /// Starts a run: the flow's own arguments, as the runner made them (opaque here).
    Start(Box<dyn std::any::Any + Send>),
    /// Continues the recorded run `run` with the human's `answers`.
    Continue { run: String, answers: Vec<String> },
}

impl FlowCall {
    /// A call that continues `run` with `answers` (a 2026-07-28 input-required round's
    /// retry), of a tool that [`ToolFace::continues`].
    pub fn resume(tool: ToolFace, run: String, answers: Vec<String>) -> Self {
        Self {
            tool,
            session: None,
            turn: (format!("{} (run {run} continued)", tool.name), Vec::new()),
            plan: Plan::Continue { run, answers },
        }
    }
}

/// The `_meta` key that names the session a call belongs to (as the `session` argument).
pub const SESSION_META: &str = "dev.archie/session";

/// A flow tool's result: the run's summary.
#[derive(Debug, Clone, Default, Serialize, JsonSchema)]
pub struct FlowResult {
    /// completed, waiting (for an answer), interrupted (cancelled), failed, declined or
    /// usage_error.
    #[schemars(with = "String")]
    pub status: CommandStatus,
    /// The run's id: `archie runs show RUN` at the terminal, `run_id` to continue it here.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run: Option<String>,
    /// The question the run waits for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub question: Option<WaitingQuestion>,
    /// Every file written, in order.
    #[serde(default)]
    pub files: Vec<WrittenFile>,
    /// What the memory file gained, when it was saved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory: Option<MemoryGrowth>,
    /// The terminal command that continues the run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resume_command: Option<String>,
    /// What went wrong, when the run failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// What to do about the error.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hints: Vec<String>,
    /// What to do next, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    /// The session the call belongs to, when it named one: a completed run is recorded
    /// as a turn of it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct WaitingQuestion {
    /// The question (for analyze: archie's last turn, which ends in its question).
    pub question: String,
    /// text, confirm or choose.
    #[schemars(with = "String")]
    pub kind: AnswerKind,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize, JsonSchema)]
pub struct WrittenFile {
    pub path: String,
    /// What it is (analysis, context overview, …).
    pub what: String,
}

#[derive(Debug, Clone, Default, Serialize, JsonSchema)]
pub struct MemoryGrowth {
    /// The memory file.
    pub path: String,
    pub entities_added: u64,
    pub relationships_added: u64,
    pub updated: u64,
}

impl FlowResult {
    /// The result of a run of `tool` whose summary (the `finished` event) is `summary`,
    /// with the error's `hints`.
    pub fn new(summary: &Summary, hints: Vec<String>, tool: &ToolFace) -> Self {
        let run = summary.run.clone();
        let name = tool.name;
        let next = match (summary.status, &run, tool.continues) {
            (CommandStatus::Waiting, Some(run), Some(answers)) => Some(format!(
                "Put the question to the user, then call {name} with run_id \"{run}\" and \
                 answers [their answer] {answers}."
            )),
            (CommandStatus::Interrupted | CommandStatus::Failed, Some(run), Some(_)) => Some(
                format!("Continue it with {name} and run_id \"{run}\", or at the terminal."),
            ),
            (CommandStatus::Interrupted | CommandStatus::Failed, Some(_), None) => {
                Some("Continue it at the terminal (resume_command).".into())
            }
            _ => None,
        };
        Self {
            status: summary.status,
            run,
            question: summary.question.as_ref().map(|q| WaitingQuestion {
                question: q.question.clone(),
                kind: q.kind,
                options: q.options.clone(),
            }),
            files: summary
                .files
                .iter()
                .map(|Written { path, what }| WrittenFile {
                    path: path.clone(),
                    what: what.clone(),
                })
                .collect(),
            memory: summary
                .memory
                .as_ref()
                .map(|m: &MemoryChange| MemoryGrowth {
                    path: m.path.clone(),
                    entities_added: m.entities_added,
                    relationships_added: m.relationships_added,
                    updated: m.updated,
                }),
            resume_command: summary.resume_command.clone(),
            error: summary.error.clone(),
            hints,
            next,
            session: None,
        }
    }

    /// Whether the call failed (the caller reads it as an error).
    pub fn is_error(&self) -> bool {
        matches!(
            self.status,
            CommandStatus::Failed | CommandStatus::UsageError
        )
    }
}

/// Reads and runs the flow tools' calls (the entry implements it over the flow registry
/// and the App), and keeps their tasks in the run store.
pub trait FlowRunner: RunStore {
    /// The flow tools, in registry order.
    fn tools(&self) -> &[ToolFace];

    /// The tools as `tools/list` gives them.
    fn infos(&self) -> Vec<ToolInfo>;

    /// Reads a flow tool's arguments; `None` for a tool that is not one.
    fn read(&self, name: &str, args: Value) -> Option<Result<FlowCall, String>>;

    /// Runs a call as a recorded run: its result, the run's summary.
    fn run(&self, call: FlowCall, caller: Caller)
    -> BoxFuture<'static, Result<FlowResult, String>>;
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
    fn task_status(&self, status: TaskStatus, message: Option<String>) {
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
    pub async fn elicit(&self, request: &Elicitation) -> Result<Elicited, BoxError> {
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
) -> Result<Option<Answer>, UsageError> {
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
    fn ask<'a>(
        &'a self,
        question: &'a Question,
    ) -> BoxFuture<'a, Result<Option<Answer>, BoxError>> {
        Box::pin(async move {
            if let Some(answer) = self.0.ask_in_task(question) {
                // Answered by `tasks/update`; a task that ends first leaves it unasked.
                let Ok(response) = answer.await else {
                    return Ok(None);
                };
                return match (response["action"].as_str(), response["content"].as_object()) {
                    (Some("accept"), Some(content)) => Ok(answer_to(question, content)?),
                    _ => Ok(None),
                };
            }
            if !self.0.can_elicit() {
                self.0.not_asked(question);
                return Ok(None);
            }
            self.0.task_status(
                TaskStatus::InputRequired,
                Some("archie asks the human a question (elicitation)".into()),
            );
            let elicited = self.0.elicit(&form(question)).await;
            self.0.task_status(TaskStatus::Working, None);
            let elicited = match elicited {
                Ok(elicited) => elicited,
                // The client could not take it (a revision without server requests, a
                // closed connection): nobody was asked, and the run waits.
                Err(err) => {
                    super::log(&format!(
                        "the question could not be put to the client: {}",
                        crate::error::chain_text(err.as_ref())
                    ));
                    self.0.not_asked(question);
                    return Ok(None);
                }
            };
            match elicited {
                Elicited::Accept(content) => Ok(answer_to(question, &content)?),
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
    fn a_waiting_run_of_a_tool_that_continues_says_how_to_continue_it() {
        let tool = ToolFace {
            name: "analyze",
            title: "",
            description: "",
            instructions: "",
            continues: Some("(\"/approve\" writes the analysis)"),
            annotations: ToolFace::WRITES_ASKING_AN_LLM,
        };
        let summary = Summary {
            status: CommandStatus::Waiting,
            exit_code: 3,
            run: Some("r1".into()),
            question: Some(crate::events::Pending {
                question: "Q?".into(),
                kind: AnswerKind::Text,
                options: vec![],
            }),
            resume_command: Some("archie resume r1".into()),
            ..Summary::default()
        };
        let r = FlowResult::new(&summary, vec![], &tool);
        assert!(!r.is_error());
        assert_eq!(
            r.next.as_deref(),
            Some(
                "Put the question to the user, then call analyze with run_id \"r1\" and \
                 answers [their answer] (\"/approve\" writes the analysis)."
            )
        );
        let wire = serde_json::to_value(&r).unwrap();
        assert_eq!(wire["status"], "waiting");
        assert_eq!(wire["question"], json!({"question": "Q?", "kind": "text"}));
        assert_eq!(wire["files"], json!([]));
        let failed = Summary {
            status: CommandStatus::Failed,
            run: Some("r2".into()),
            ..Summary::default()
        };
        let once = ToolFace {
            continues: None,
            ..tool
        };
        assert!(FlowResult::new(&failed, vec![], &once).is_error());
        assert_eq!(
            FlowResult::new(&failed, vec![], &once).next.as_deref(),
            Some("Continue it at the terminal (resume_command).")
        );
    }
}
