//! The search flow: agentic search over MCP tools, in two LLM calls.
//!
//! `init → discover → plan → execute → synthesize → end`.
//!
//! - init: the session's memory, read through the resource `memory://session/{id}`
//!   (the default memory when there is none or it cannot be read).
//! - discover: every configured server started at once, each bounded by its start-up
//!   timeout; a server that fails is skipped with a warning quoting its stderr. The
//!   tools on offer are archie's built-in ones and the servers', named
//!   `server__tool`, capped in count and description length, shared fairly between
//!   servers.
//! - plan (LLM call 1): 1–5 tool calls, as JSON whose schema names only the tools on
//!   offer, each with its own argument schema. Every task is checked again (the tool
//!   exists, the arguments match its input schema); an invalid task is dropped with its
//!   reason, and with nothing valid left archie makes its own plan.
//! - execute: tools the server marks read-only run at once; any other asks first (or
//!   needs `--yes`), and without anyone to ask it is skipped and reported. Then every
//!   task runs at the same time, each bounded by its server's call timeout, results kept
//!   in plan order and cut to a token budget with a visible
//!   `[truncated: X of Y bytes]` marker.
//! - synthesize (LLM call 2): a streamed markdown answer citing the results; archie
//!   appends the sources. If the model fails, the raw results are the answer.

use crate::events::{DroppedTask, Event, PlannedTask, ServerTools};
use crate::graph::{BuildError, Cx, END, Graph, GraphBuilder, Next, Prompter, Question};
use crate::llm::{Llm, LlmError, Message, Request, Schema};
use crate::mcp::{
    BUILTIN_SERVER, Builtin, ConnectFailure, Connected, Hints, SESSION_URI_PREFIX, ServerSpec,
    ToolOutput, ToolServer, names,
};
use crate::memory::session::SessionMemory;
use crate::prompts::Prompts;
use crate::tokens::BYTES_PER_TOKEN;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use std::sync::Arc;
use std::time::Instant;

/// The flow's name (`archie search`, `archie graph search`).
pub const NAME: &str = "search";
const INIT: &str = "init";
const DISCOVER: &str = "discover";
const PLAN: &str = "plan";
const EXECUTE: &str = "execute";
const SYNTHESIZE: &str = "synthesize";

/// The prompts this flow renders.
pub const PROMPTS: &[&str] = &["system", "search_plan", "search_answer"];

/// Tasks in a plan at most.
pub const MAX_TASKS: usize = 5;
/// Tools offered to the model at most (a big server cannot flood the prompt).
pub const MAX_OFFERED: usize = 40;
/// Characters of a tool's description offered.
const DESCRIPTION_CHARS: usize = 300;
/// Characters of a tool's argument schema offered in the prompt.
const SCHEMA_CHARS: usize = 1_500;

/// Token budgets for the results sent to synthesis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budget {
    /// Tokens of one result at most.
    pub per_result: usize,
    /// Tokens of all results together at most.
    pub total: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Self {
            per_result: 2_000,
            total: 6_000,
        }
    }
}

/// What the nodes use; rebuilt on every run (and on resume), never checkpointed.
pub struct SearchEnv {
    pub llm: Arc<dyn Llm>,
    pub prompts: Prompts,
    pub builtin: Builtin,
    pub specs: Vec<ServerSpec>,
    /// Who grants consent to tools that are not read-only: scripted answers (`--yes`,
    /// `--answer`), then the terminal if there is one. Nothing else can.
    pub prompter: Box<dyn Prompter>,
    pub budget: Budget,
    /// Pass servers' stderr on as details (`-v`).
    pub verbose: bool,
    servers: tokio::sync::OnceCell<Servers>,
}

/// The servers that started, and those that did not.
pub struct Servers {
    pub connected: Vec<Arc<Connected>>,
    pub failed: Vec<ConnectFailure>,
}

impl SearchEnv {
    pub fn new(
        llm: Arc<dyn Llm>,
        prompts: Prompts,
        builtin: Builtin,
        specs: Vec<ServerSpec>,
        prompter: Box<dyn Prompter>,
        budget: Budget,
        verbose: bool,
    ) -> Self {
        Self {
            llm,
            prompts,
            builtin,
            specs,
            prompter,
            budget,
            verbose,
            servers: tokio::sync::OnceCell::new(),
        }
    }

    /// The configured servers, started on first use.
    async fn servers(&self, events: &crate::events::Events) -> &Servers {
        self.servers
            .get_or_init(|| async {
                let (connected, failed) =
                    crate::mcp::connect_all(&self.specs, events, self.verbose).await;
                Servers {
                    connected: connected.into_iter().map(Arc::new).collect(),
                    failed,
                }
            })
            .await
    }

    /// Stops every server that was started (and whatever they started).
    pub async fn close(&self) {
        if let Some(servers) = self.servers.get() {
            futures::future::join_all(servers.connected.iter().map(|s| s.close())).await;
        }
    }

    fn server(&self, name: &str) -> Option<Arc<dyn ToolServer>> {
        if name == BUILTIN_SERVER {
            return Some(Arc::new(self.builtin.clone()));
        }
        self.servers.get().and_then(|s| {
            s.connected
                .iter()
                .find(|c| c.spec().name == name)
                .map(|c| Arc::clone(c) as Arc<dyn ToolServer>)
        })
    }
}

/// A tool on offer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Offered {
    /// The name the model sees (`server__tool`, sanitised).
    pub name: String,
    pub server: String,
    /// The tool's own name (used for the call).
    pub tool: String,
    pub description: String,
    pub input_schema: Value,
    pub hints: Hints,
}

/// A task of the plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Task {
    /// The offered name.
    pub tool: String,
    pub arguments: Map<String, Value>,
}

/// What a task came to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskResult {
    pub tool: String,
    pub arguments: Map<String, Value>,
    /// `done`, `failed` or `skipped`.
    pub status: String,
    /// The result as sent to synthesis (budgeted), or why there is none.
    pub text: String,
    /// Size of the whole result.
    pub bytes: u64,
    pub tool_error: bool,
    pub started_ms: Option<u64>,
    pub ms: Option<u64>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SearchState {
    pub query: String,
    pub session: String,
    pub new_session: bool,
    pub memory: SessionMemory,
    pub offered: Vec<Offered>,
    pub plan: Vec<Task>,
    pub fallback: bool,
    pub results: Vec<TaskResult>,
    /// The answer (markdown, with its sources), once written.
    pub answer: Option<String>,
    /// The sources the answer used (`tool {arguments}`).
    pub sources: Vec<String>,
}

pub fn graph() -> Result<Graph<SearchState, SearchEnv>, BuildError> {
    GraphBuilder::new(NAME)
        .node(INIT, init)
        .node(DISCOVER, discover)
        .node(PLAN, plan)
        .node(EXECUTE, execute)
        .node(SYNTHESIZE, synthesize)
        .entry(INIT)
        .edge(INIT, DISCOVER)
        .edge(DISCOVER, PLAN)
        .edge(PLAN, EXECUTE)
        .edge(EXECUTE, SYNTHESIZE)
        .edge(SYNTHESIZE, END)
        .build()
}

fn session_event(state: &SearchState, status: &str) -> Event {
    Event::Session {
        session: state.session.clone(),
        status: status.into(),
        new: state.new_session,
        tools: None,
        turns: None,
    }
}

/// `fut`, with `task` (in words) on the progress line while it runs.
async fn working<T>(
    cx: &Cx<'_, SearchEnv>,
    task: &str,
    fut: impl std::future::Future<Output = T>,
) -> T {
    cx.emit(Event::Progress {
        task: task.into(),
        done: 0,
        total: None,
        detail: None,
    });
    let out = fut.await;
    cx.emit(Event::ProgressDone { task: task.into() });
    out
}

async fn init(state: &mut SearchState, cx: &mut Cx<'_, SearchEnv>) -> anyhow::Result<Next> {
    cx.emit(session_event(state, "starting"));
    cx.emit(session_event(state, "retrieving_memory"));
    let uri = format!("{SESSION_URI_PREFIX}{}", state.session);
    state.memory = match cx.env.builtin.read_resource(&uri).await {
        Ok(resource) => serde_json::from_str(&resource.text).unwrap_or_else(|e| {
            cx.emit(Event::Warning {
                message: format!("{uri} is not valid session memory ({e}); starting afresh"),
            });
            SessionMemory::default()
        }),
        Err(e) => {
            cx.emit(Event::Warning {
                message: format!("could not read {uri} ({e}); starting afresh"),
            });
            SessionMemory::default()
        }
    };
    Ok(Next::Continue)
}

async fn discover(state: &mut SearchState, cx: &mut Cx<'_, SearchEnv>) -> anyhow::Result<Next> {
    let env = cx.env;
    let started = Instant::now();
    let builtin_tools = env.builtin.tools();
    let builtin_ms = started.elapsed().as_millis() as u64;
    let servers = working(cx, "starting the tool servers", env.servers(cx.events)).await;

    let mut report = vec![ServerTools {
        server: BUILTIN_SERVER.into(),
        tools: builtin_tools.len() as u64,
        builtin: true,
        ms: builtin_ms,
        error: None,
        stderr: Vec::new(),
    }];
    // Per server, in configuration order: its tools as the filters allow them.
    let mut per_server: Vec<(String, Vec<crate::mcp::ToolInfo>)> =
        vec![(BUILTIN_SERVER.to_string(), builtin_tools)];
    for spec in &env.specs {
        if let Some(c) = servers
            .connected
            .iter()
            .find(|c| c.spec().name == spec.name)
        {
            let tools: Vec<_> = c
                .tools()
                .iter()
                .filter(|t| spec.allows(&t.name))
                .cloned()
                .collect();
            if c.stray_stdout() > 0 {
                cx.emit(Event::Warning {
                    message: format!(
                        "{}: printed {} line(s) on stdout that are not JSON-RPC (ignored)",
                        spec.name,
                        c.stray_stdout()
                    ),
                });
            }
            report.push(ServerTools {
                server: spec.name.clone(),
                tools: tools.len() as u64,
                builtin: false,
                ms: c.startup_ms,
                error: None,
                stderr: Vec::new(),
            });
            per_server.push((spec.name.clone(), tools));
        } else if let Some(f) = servers.failed.iter().find(|f| f.server == spec.name) {
            report.push(ServerTools {
                server: f.server.clone(),
                tools: 0,
                builtin: false,
                ms: 0,
                error: Some(f.reason.clone()),
                stderr: f.stderr.clone(),
            });
        }
    }

    // Shared fairly: one tool of each server in turn, until the cap.
    let total: usize = per_server.iter().map(|(_, t)| t.len()).sum();
    let mut picked: Vec<(String, crate::mcp::ToolInfo)> = Vec::new();
    let mut round = 0;
    while picked.len() < MAX_OFFERED.min(total) {
        for (server, tools) in &per_server {
            if let Some(t) = tools.get(round)
                && picked.len() < MAX_OFFERED
            {
                picked.push((server.clone(), t.clone()));
            }
        }
        round += 1;
    }
    // Back in server order, so the list reads naturally.
    picked.sort_by_key(|(server, _)| per_server.iter().position(|(s, _)| s == server));
    if total > picked.len() {
        cx.emit(Event::Warning {
            message: format!(
                "offering the model {} of {total} tools (at most {MAX_OFFERED}); \
                 narrow a server with enabled_tools/disabled_tools",
                picked.len()
            ),
        });
    }
    let pairs: Vec<(&str, &str)> = picked
        .iter()
        .map(|(s, t)| (s.as_str(), t.name.as_str()))
        .collect();
    let offered_names = names::offered_names(&pairs);
    state.offered = picked
        .into_iter()
        .zip(offered_names)
        .map(|((server, t), name)| Offered {
            name,
            server,
            description: t
                .description
                .or(t.title)
                .unwrap_or_default()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .chars()
                .take(DESCRIPTION_CHARS)
                .collect(),
            tool: t.name,
            input_schema: t.input_schema,
            hints: t.annotations,
        })
        .collect();
    cx.emit(Event::ToolsDiscovered {
        servers: report,
        offered: state.offered.len() as u64,
    });
    cx.emit(Event::Session {
        session: state.session.clone(),
        status: "discovering_tools".into(),
        new: state.new_session,
        tools: Some(state.offered.len() as u64),
        turns: None,
    });
    cx.emit(session_event(state, "completed"));
    Ok(Next::Continue)
}

/// The session as the prompts show it.
fn session_context(memory: &SessionMemory) -> Value {
    json!({
        "summary": memory.conversation_summary,
        "turns": memory.turns.iter().map(|t| json!({"query": t.query, "answer": t.answer})).collect::<Vec<_>>(),
    })
}

/// Whether a schema refers to definitions elsewhere (which cannot be embedded).
fn has_ref(v: &Value) -> bool {
    match v {
        Value::Object(m) => m.contains_key("$ref") || m.values().any(has_ref),
        Value::Array(a) => a.iter().any(has_ref),
        _ => false,
    }
}

/// The plan's JSON Schema: 1–`MAX_TASKS` tasks, each one of the offered tools with that
/// tool's own argument schema.
pub fn plan_schema(offered: &[Offered]) -> Value {
    let variants: Vec<Value> = offered
        .iter()
        .map(|o| {
            let mut args = o.input_schema.clone();
            if has_ref(&args) || !args.is_object() {
                args = json!({"type": "object"});
            }
            if let Some(m) = args.as_object_mut() {
                m.remove("$schema");
            }
            json!({
                "type": "object",
                "properties": {"tool": {"const": o.name}, "arguments": args},
                "required": ["tool", "arguments"],
                "additionalProperties": false
            })
        })
        .collect();
    json!({
        "type": "object",
        "properties": {
            "reasoning": {"type": "string"},
            "tasks": {
                "type": "array",
                "minItems": 1,
                "maxItems": MAX_TASKS,
                "items": {"anyOf": variants}
            }
        },
        "required": ["tasks"],
        "additionalProperties": false
    })
}

/// The plan as the model wrote it, before each task is checked.
#[derive(Debug, Deserialize)]
struct RawPlan {
    #[serde(default)]
    tasks: Vec<Value>,
}

/// Keeps the tasks that name an offered tool with valid arguments; says why of the rest.
fn check_plan(offered: &[Offered], raw: Vec<Value>) -> (Vec<Task>, Vec<DroppedTask>) {
    let mut kept: Vec<Task> = Vec::new();
    let mut dropped = Vec::new();
    for task in raw {
        let name = task["tool"]
            .as_str()
            .or_else(|| task["tool_name"].as_str())
            .unwrap_or("")
            .to_string();
        let drop = |reason: String| DroppedTask {
            tool: name.clone(),
            reason,
        };
        let Some(tool) = offered.iter().find(|o| o.name == name) else {
            dropped.push(drop(if name.is_empty() {
                "names no tool".into()
            } else {
                "no such tool is offered".into()
            }));
            continue;
        };
        let arguments = task
            .get("arguments")
            .or_else(|| task.get("tool_arguments"))
            .cloned()
            .unwrap_or_else(|| json!({}));
        if let Err(reason) = crate::mcp::validate_arguments(&tool.input_schema, &arguments) {
            dropped.push(drop(format!("invalid arguments: {reason}")));
            continue;
        }
        let Value::Object(arguments) = arguments else {
            dropped.push(drop("the arguments are not an object".into()));
            continue;
        };
        let task = Task {
            tool: name.clone(),
            arguments,
        };
        if kept.contains(&task) {
            dropped.push(drop("the same call twice".into()));
        } else if kept.len() >= MAX_TASKS {
            dropped.push(drop(format!("more than {MAX_TASKS} tasks")));
        } else {
            kept.push(task);
        }
    }
    (kept, dropped)
}

/// archie's own plan when the model's is unusable: the query given to up to two
/// read-only tools that take one text argument (archie's built-in ones first).
pub fn fallback_plan(offered: &[Offered], query: &str) -> Vec<Task> {
    let mut tasks = Vec::new();
    for o in offered.iter().filter(|o| o.hints.runs_unasked()) {
        let props = o.input_schema["properties"].as_object();
        let required: Vec<&str> = o.input_schema["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let is_text =
            |k: &str| props.is_some_and(|p| p.get(k).is_some_and(|s| s["type"] == "string"));
        let key = match required.as_slice() {
            [one] if is_text(one) => Some(one.to_string()),
            [] => ["query", "q", "search", "pattern", "text"]
                .iter()
                .find(|k| is_text(k))
                .map(|k| k.to_string()),
            _ => None,
        };
        if let Some(key) = key {
            let mut arguments = Map::new();
            arguments.insert(key, Value::String(query.to_string()));
            tasks.push(Task {
                tool: o.name.clone(),
                arguments,
            });
            if tasks.len() == 2 {
                break;
            }
        }
    }
    tasks
}

fn compact(v: &Map<String, Value>) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

async fn plan(state: &mut SearchState, cx: &mut Cx<'_, SearchEnv>) -> anyhow::Result<Next> {
    let env = cx.env;
    let tools: Vec<Value> = state
        .offered
        .iter()
        .map(|o| {
            let mut schema = o.input_schema.to_string();
            if schema.len() > SCHEMA_CHARS {
                schema = format!("{}…", schema.chars().take(SCHEMA_CHARS).collect::<String>());
            }
            json!({"name": o.name, "description": o.description, "arguments": schema})
        })
        .collect();
    let prompt = env.prompts.render(
        "search_plan",
        json!({
            "query": state.query,
            "tools": tools,
            "max_tasks": MAX_TASKS,
            "session": session_context(&state.memory),
        }),
    )?;
    let system = env.prompts.render("system", json!({}))?;
    let mut request =
        Request::new(vec![Message::system(system), Message::user(prompt)]).cache(false);
    request.schema = Some(Schema {
        name: "search_plan".into(),
        schema: plan_schema(&state.offered),
    });
    let (tasks, dropped, fallback) = if state.offered.is_empty() {
        (Vec::new(), Vec::new(), true)
    } else {
        match working(
            cx,
            "planning the tool calls",
            env.llm.structured_schema::<RawPlan>(request),
        )
        .await
        {
            Ok(raw) => {
                let (tasks, dropped) = check_plan(&state.offered, raw.tasks);
                if tasks.is_empty() {
                    (fallback_plan(&state.offered, &state.query), dropped, true)
                } else {
                    (tasks, dropped, false)
                }
            }
            Err(err @ LlmError::InvalidOutput { .. }) => {
                cx.emit(Event::Warning {
                    message: format!("the model's plan is unusable ({err}); using archie's own"),
                });
                (
                    fallback_plan(&state.offered, &state.query),
                    Vec::new(),
                    true,
                )
            }
            Err(err) => return Err(err.into()),
        }
    };
    state.plan = tasks;
    state.fallback = fallback;
    cx.emit(Event::Plan {
        tasks: state
            .plan
            .iter()
            .map(|t| PlannedTask {
                tool: t.tool.clone(),
                arguments: Value::Object(t.arguments.clone()),
                consent: !offered(state, &t.tool).is_some_and(|o| o.hints.runs_unasked()),
            })
            .collect(),
        dropped,
        fallback,
    });
    Ok(Next::Continue)
}

fn offered<'s>(state: &'s SearchState, name: &str) -> Option<&'s Offered> {
    state.offered.iter().find(|o| o.name == name)
}

/// Why a tool needs consent, for the question.
fn consent_reason(hints: &Hints) -> &'static str {
    if hints.destructive == Some(true) {
        "is marked destructive and may change or delete things"
    } else if hints.read_only == Some(false) {
        "may change things"
    } else {
        "may change things (its server does not say it only reads)"
    }
}

async fn execute(state: &mut SearchState, cx: &mut Cx<'_, SearchEnv>) -> anyhow::Result<Next> {
    let env = cx.env;
    let events = cx.events;
    // A resumed run starts the servers here.
    env.servers(events).await;
    let status = |i: usize, t: &Task, status: &str, started_ms: Option<u64>| Event::TaskStatus {
        index: i as u64,
        tool: t.tool.clone(),
        arguments: Value::Object(t.arguments.clone()),
        status: status.into(),
        started_ms,
        ms: None,
        bytes: None,
        tool_error: false,
        reason: None,
    };
    for (i, t) in state.plan.iter().enumerate() {
        events.emit(status(i, t, "pending", None));
    }

    // Consent first, one question at a time, before anything runs.
    let mut skipped: Vec<Option<String>> = vec![None; state.plan.len()];
    for (i, t) in state.plan.iter().enumerate() {
        let Some(o) = offered(state, &t.tool) else {
            skipped[i] = Some("the tool is no longer offered".into());
            continue;
        };
        if o.hints.runs_unasked() {
            continue;
        }
        let question = Question::confirm(
            format!(
                "{} {} {}. Run it?",
                t.tool,
                crate::secrets::redact_text(&compact(&t.arguments)),
                consent_reason(&o.hints)
            ),
            false,
        );
        events.emit(Event::Interrupt {
            run: None,
            question: question.text.clone(),
            kind: question.kind.name().into(),
            options: Vec::new(),
        });
        skipped[i] = match env.prompter.ask(&question).await? {
            Some(answer) if answer.as_text() == "yes" => None,
            Some(_) => Some("declined".into()),
            None => Some(
                "needs consent: it is not marked read-only and there is no terminal to ask \
                 (pass --yes to allow it)"
                    .into(),
            ),
        };
    }

    let started = Instant::now();
    let work: Vec<(usize, Task)> = state
        .plan
        .iter()
        .cloned()
        .enumerate()
        .filter(|(i, _)| skipped[*i].is_none())
        .collect();
    let limit = work.len().max(1);
    let slots = crate::graph::fan_out(
        crate::graph::FanOut {
            task: None,
            limit,
            events,
        },
        work.clone(),
        |_, (i, task)| {
            let server = offered(state, &task.tool)
                .and_then(|o| env.server(&o.server).map(|s| (s, o.tool.clone())));
            async move {
                let at = started.elapsed().as_millis() as u64;
                events.emit(status(i, &task, "running", Some(at)));
                let begun = Instant::now();
                let result = match server {
                    Some((server, raw)) => server.call_tool(&raw, task.arguments.clone()).await,
                    None => Err(crate::mcp::McpError::Closed {
                        server: task.tool.clone(),
                        stderr: Vec::new(),
                    }),
                };
                Ok::<_, std::convert::Infallible>((result, at, begun.elapsed().as_millis() as u64))
            }
        },
        |_, _| crate::graph::Control::Continue(None),
    )
    .await;

    let mut outputs: Vec<Option<Ran>> = vec![None; state.plan.len()];
    for ((i, _), slot) in work.iter().zip(slots) {
        if let crate::graph::Slot::Done((result, at, ms)) = slot {
            outputs[*i] = Some((result.map_err(|e| e.to_string()), at, ms));
        }
    }
    // The texts that go to synthesis, budgeted together.
    let texts: Vec<Option<String>> = outputs
        .iter()
        .map(|o| match o {
            Some((Ok(out), _, _)) => Some(out.to_text()),
            _ => None,
        })
        .collect();
    let budgeted = budget_texts(&texts, env.budget);

    state.results = Vec::with_capacity(state.plan.len());
    for (i, t) in state.plan.iter().enumerate() {
        let mut result = TaskResult {
            tool: t.tool.clone(),
            arguments: t.arguments.clone(),
            status: String::new(),
            text: String::new(),
            bytes: 0,
            tool_error: false,
            started_ms: None,
            ms: None,
        };
        let mut reason = None;
        match (&skipped[i], &outputs[i]) {
            (Some(why), _) => {
                result.status = "skipped".into();
                result.text = format!("skipped: {why}");
                reason = Some(why.clone());
            }
            (None, Some((Ok(out), at, ms))) => {
                result.status = "done".into();
                result.bytes = texts[i].as_ref().map_or(0, |t| t.len() as u64);
                result.text = budgeted[i].clone().unwrap_or_default();
                result.tool_error = out.is_error;
                result.started_ms = Some(*at);
                result.ms = Some(*ms);
            }
            (None, Some((Err(e), at, ms))) => {
                result.status = "failed".into();
                result.text = format!("failed: {e}");
                result.started_ms = Some(*at);
                result.ms = Some(*ms);
                reason = Some(e.clone());
            }
            (None, None) => {
                result.status = "failed".into();
                result.text = "failed: did not run".into();
                reason = Some("did not run".into());
            }
        }
        events.emit(Event::TaskStatus {
            index: i as u64,
            tool: t.tool.clone(),
            arguments: Value::Object(t.arguments.clone()),
            status: result.status.clone(),
            started_ms: result.started_ms,
            ms: result.ms,
            bytes: (result.status == "done").then_some(result.bytes),
            tool_error: result.tool_error,
            reason: reason.map(|r| crate::secrets::redact_text(&r)),
        });
        state.results.push(result);
    }
    Ok(Next::Continue)
}

/// A task that ran: its result, when it started (after the step began) and how long it
/// took, in milliseconds.
type Ran = (Result<ToolOutput, String>, u64, u64);

/// Cuts each text to its share of the budget: at most `per_result` tokens each and
/// `total` together, what a short result leaves unused going to the longer ones. A cut
/// text ends with `[truncated: X of Y bytes]`.
pub fn budget_texts(texts: &[Option<String>], budget: Budget) -> Vec<Option<String>> {
    let per = budget.per_result.saturating_mul(BYTES_PER_TOKEN);
    let mut left = budget.total.saturating_mul(BYTES_PER_TOKEN);
    let mut sizes: Vec<(usize, usize)> = texts
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.as_ref().map(|t| (i, t.len())))
        .collect();
    // Smallest first: each takes what it needs of an equal share of what is left.
    sizes.sort_by_key(|&(_, len)| len);
    let mut allowed = vec![0usize; texts.len()];
    let mut remaining = sizes.len();
    for (i, len) in sizes {
        let share = left / remaining.max(1);
        let take = len.min(per).min(share);
        allowed[i] = take;
        left -= take;
        remaining -= 1;
    }
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            t.as_ref().map(|text| {
                if text.len() <= allowed[i] {
                    return text.clone();
                }
                let mut cut = allowed[i];
                while cut > 0 && !text.is_char_boundary(cut) {
                    cut -= 1;
                }
                format!(
                    "{}\n[truncated: {cut} of {} bytes]",
                    text[..cut].trim_end(),
                    text.len()
                )
            })
        })
        .collect()
}

async fn synthesize(state: &mut SearchState, cx: &mut Cx<'_, SearchEnv>) -> anyhow::Result<Next> {
    let env = cx.env;
    let results: Vec<Value> = state
        .results
        .iter()
        .enumerate()
        .map(|(i, r)| {
            json!({
                "n": i + 1,
                "tool": r.tool,
                "arguments": compact(&r.arguments),
                "status": if r.tool_error { "done, the tool reported an error" } else { r.status.as_str() },
                "text": r.text,
            })
        })
        .collect();
    let prompt = env.prompts.render(
        "search_answer",
        json!({
            "query": state.query,
            "results": results,
            "session": session_context(&state.memory),
        }),
    )?;
    let system = env.prompts.render("system", json!({}))?;
    let body = match working(
        cx,
        crate::flows::sources::ASKING,
        env.llm.chat_as(
            crate::llm::Purpose::Final,
            vec![Message::system(system), Message::user(prompt)],
        ),
    )
    .await
    {
        Ok(text) => text.trim().to_string(),
        Err(err) => {
            cx.emit(Event::Warning {
                message: format!(
                    "the model could not write the answer ({err}); showing the raw results"
                ),
            });
            raw_answer(state)
        }
    };
    state.sources = state
        .results
        .iter()
        .filter(|r| r.status == "done")
        .map(|r| format!("{} {}", r.tool, compact(&r.arguments)))
        .collect();
    let mut answer = body;
    if !state.sources.is_empty() {
        answer.push_str("\n\n**Sources**\n");
        for (i, r) in state.results.iter().enumerate() {
            if r.status == "done" {
                answer.push_str(&format!(
                    "\n- [{}] `{} {}`",
                    i + 1,
                    r.tool,
                    compact(&r.arguments)
                ));
            }
        }
        answer.push('\n');
    }
    state.answer = Some(answer);
    Ok(Next::Continue)
}

/// The answer when the model cannot write one: every result as it came back.
fn raw_answer(state: &SearchState) -> String {
    let mut out = String::from("## Results\n");
    for (i, r) in state.results.iter().enumerate() {
        out.push_str(&format!(
            "\n### [{}] {} {} ({})\n\n```\n{}\n```\n",
            i + 1,
            r.tool,
            compact(&r.arguments),
            r.status,
            r.text.trim()
        ));
    }
    if state.results.is_empty() {
        out.push_str("\nNo tool could be used for this question.\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offered(name: &str, schema: Value, read_only: bool) -> Offered {
        Offered {
            name: name.into(),
            server: "s".into(),
            tool: name.into(),
            description: String::new(),
            input_schema: schema,
            hints: Hints {
                read_only: Some(read_only),
                ..Hints::default()
            },
        }
    }

    fn tools() -> Vec<Offered> {
        vec![
            offered(
                "s__find",
                json!({"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}),
                true,
            ),
            offered(
                "s__delete",
                json!({"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}),
                false,
            ),
        ]
    }

    #[test]
    fn invalid_tasks_are_dropped_with_their_reason() {
        let (kept, dropped) = check_plan(
            &tools(),
            vec![
                json!({"tool": "s__find", "arguments": {"query": "orders"}}),
                json!({"tool": "s__find", "arguments": {"query": "orders"}}),
                json!({"tool": "s__nope", "arguments": {}}),
                json!({"tool": "s__delete", "arguments": {"id": "x"}}),
                json!({"tool": "s__find", "arguments": "query"}),
            ],
        );
        assert_eq!(kept.len(), 1);
        let reasons: Vec<&str> = dropped.iter().map(|d| d.reason.as_str()).collect();
        assert_eq!(reasons[0], "the same call twice");
        assert_eq!(reasons[1], "no such tool is offered");
        assert!(reasons[2].starts_with("invalid arguments"), "{reasons:?}");
        assert!(reasons[3].contains("object"), "{reasons:?}");
    }

    #[test]
    fn the_fallback_uses_read_only_text_tools() {
        let plan = fallback_plan(&tools(), "orders");
        assert_eq!(plan.len(), 1);
        assert_eq!(plan[0].tool, "s__find");
        assert_eq!(plan[0].arguments["query"], "orders");
    }

    #[test]
    fn the_plan_schema_names_only_offered_tools() {
        let schema = plan_schema(&tools());
        let variants = schema["properties"]["tasks"]["items"]["anyOf"]
            .as_array()
            .unwrap();
        assert_eq!(variants.len(), 2);
        assert_eq!(variants[0]["properties"]["tool"]["const"], "s__find");
        assert_eq!(
            variants[1]["properties"]["arguments"]["properties"]["id"]["type"],
            "integer"
        );
    }

    #[test]
    fn budgets_cut_with_a_visible_marker_and_share_what_is_left() {
        let budget = Budget {
            per_result: 100,
            total: 150,
        };
        let texts = vec![
            Some("a".repeat(1000)),
            None,
            Some("b".repeat(40)),
            Some("c".repeat(1000)),
        ];
        let out = budget_texts(&texts, budget);
        assert_eq!(out[1], None);
        assert_eq!(out[2].as_deref(), Some(&*"b".repeat(40)));
        // 600 bytes in all: 40 for the short one, 280 each for the others.
        assert!(
            out[0]
                .as_ref()
                .unwrap()
                .ends_with("[truncated: 280 of 1000 bytes]")
        );
        assert!(
            out[3]
                .as_ref()
                .unwrap()
                .ends_with("[truncated: 280 of 1000 bytes]")
        );
    }
}
