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
//!   needs `--yes`), and without anyone to ask it is skipped and reported. Then the
//!   tasks run, read-only ones at the same time, ones that may change things one after
//!   another in plan order, each bounded by its server's call timeout, results kept
//!   in plan order and cut to a token budget with a visible
//!   `[truncated: X of Y bytes]` marker.
//! - synthesize (LLM call 2): a streamed markdown answer citing the results; archie
//!   appends the sources. If the model fails, the raw results are the answer.
//!
//! Each step is its own module: `session` (init, and the session as events and prompts
//! see it), `discover`, `plan` (the plan's schema, checking it, archie's own fallback
//! plan), `execute` (consent, then the calls), `budget` (cutting results to their
//! token budget) and `synthesize`. This module holds the state, the environment the
//! nodes share and the graph.

mod answer;
mod budget;
mod discover;
mod elicit;
mod execute;
mod plan;
mod session;
mod synthesize;

pub use answer::{AnswerTo, Source, finish};
pub use budget::{Budget, budget_texts};
pub use elicit::PromptElicitor;
pub use plan::{fallback_plan, plan_schema};
pub use session::{Session, choose_session};

use crate::events::Event;
use crate::graph::{BuildError, Cx, END, Graph, GraphBuilder, Prompter};
use crate::llm::Llm;
use crate::mcp::{
    BUILTIN_SERVER, Builtin, ConnectFailure, Connected, Hints, ServerSpec, ToolServer,
};
use crate::memory::session::SessionMemory;
use crate::prompts::Prompts;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::sync::Arc;

/// The flow's name (`archie search`, `archie graph search`).
pub const NAME: &str = "search";
const INIT: &str = "init";
const DISCOVER: &str = "discover";
const PLAN: &str = "plan";
const EXECUTE: &str = "execute";
const SYNTHESIZE: &str = "synthesize";

/// The prompts this flow renders.
pub const PROMPTS: &[&str] = &["system", "search_plan", "search_answer"];
/// Its steps as the user reads them (node, words).
pub const STEPS: &[(&str, &str)] = &[
    (INIT, "starting the session"),
    (DISCOVER, "starting the tool servers"),
    (PLAN, "planning the tool calls"),
    (EXECUTE, "calling the tools"),
    (SYNTHESIZE, "writing the answer"),
];

/// Tasks in a plan at most.
pub const MAX_TASKS: usize = 5;
/// Tools offered to the model at most (a big server cannot flood the prompt).
pub const MAX_OFFERED: usize = 40;
/// Characters of a tool's description offered.
const DESCRIPTION_CHARS: usize = 300;
/// Characters of a tool's argument schema offered in the prompt.
const SCHEMA_CHARS: usize = 1_500;

/// What the nodes use; rebuilt on every run (and on resume), never checkpointed.
pub struct SearchEnv {
    pub llm: Arc<dyn Llm>,
    pub prompts: Prompts,
    pub builtin: Builtin,
    pub specs: Vec<ServerSpec>,
    /// Who grants consent to tools that are not read-only: scripted answers (`--yes`,
    /// `--answer`), then the terminal if there is one. Nothing else can.
    pub prompter: Arc<dyn Prompter>,
    pub budget: Budget,
    /// Pass servers' stderr on as details (`-v`).
    pub verbose: bool,
    /// Configured servers that are not started (reported with the ones that failed).
    pub skipped: Vec<ConnectFailure>,
    /// What archie offers the servers (roots, someone to answer their questions).
    pub client: crate::mcp::ClientContext,
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
            prompter: Arc::from(prompter),
            budget,
            verbose,
            skipped: Vec::new(),
            client: crate::mcp::ClientContext::default(),
            servers: tokio::sync::OnceCell::new(),
        }
    }

    /// The environment of a search: archie's built-in tools (the memory, and the
    /// documents when `-i` names some), the configured servers (not started yet; the
    /// ones the configuration left out are reported with those that fail), and what
    /// archie offers them: the current folder and each `-i` folder as roots, the
    /// prompter to answer their questions.
    pub fn for_search(setup: Setup) -> Self {
        let Setup {
            llm,
            prompts,
            prompter,
            events,
            memory_file,
            documents,
            output,
            mcp,
            budget,
            verbose,
        } = setup;
        let mut roots: Vec<std::path::PathBuf> = std::env::current_dir()
            .ok()
            .and_then(|d| crate::mcp::normalised(&d))
            .into_iter()
            .collect();
        for input in documents.iter().flat_map(|d| &d.inputs) {
            if input.is_dir()
                && let Some(root) = crate::mcp::normalised(input)
                && !roots.contains(&root)
            {
                roots.push(root);
            }
        }
        let documents = documents.map(|options| {
            let options = options.skip_path(memory_file.clone());
            match &output {
                Some(out) => options.skip_path(out.clone()),
                None => options,
            }
        });
        let builtin = Builtin::new(crate::mcp::BuiltinOptions {
            memory_file,
            documents,
            writes: false,
        });
        let mut env = Self::new(
            llm,
            prompts,
            builtin,
            mcp.servers,
            prompter,
            budget,
            verbose,
        );
        env.skipped = mcp
            .skipped
            .iter()
            .map(|s| ConnectFailure {
                server: s.server.clone(),
                reason: s.message(),
                stderr: Vec::new(),
            })
            .collect();
        env.client = crate::mcp::ClientContext {
            roots,
            elicitor: Some(Arc::new(PromptElicitor::new(env.prompter.clone(), events))),
        };
        env
    }

    /// The configured servers, started on first use.
    async fn servers(&self, events: &crate::events::Events) -> &Servers {
        self.servers
            .get_or_init(|| async {
                let (connected, mut failed) =
                    crate::mcp::connect_all_with(&self.specs, events, self.verbose, &self.client)
                        .await;
                failed.extend(self.skipped.iter().cloned());
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
            futures_util::future::join_all(servers.connected.iter().map(|s| s.close())).await;
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

/// A server's `instructions`, cut to [`INSTRUCTION_CHARS`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ServerInstructions {
    pub server: String,
    pub text: String,
}

/// Characters of a server's instructions given to the planner.
const INSTRUCTION_CHARS: usize = 2_000;

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
    pub status: crate::events::TaskState,
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
    /// What the servers that offer tools say about using them (their `instructions`),
    /// for the planner.
    #[serde(default)]
    pub instructions: Vec<ServerInstructions>,
    pub plan: Vec<Task>,
    pub fallback: bool,
    pub results: Vec<TaskResult>,
    /// The answer (markdown, without its sources), once written.
    pub answer: Option<String>,
    /// The sources the answer used: the tool calls that were done, numbered as the
    /// results are (archie appends them to the answer, [`SearchState::sources_markdown`]).
    #[serde(default)]
    pub cited: Vec<Source>,
}

impl SearchState {
    /// A new search for `query` in `session`.
    pub fn new(query: String, session: Session) -> Self {
        Self {
            query,
            session: session.id,
            new_session: session.new,
            ..Self::default()
        }
    }
}

/// What a search needs from its command line and settings ([`SearchEnv::for_search`]).
pub struct Setup {
    pub llm: Arc<dyn Llm>,
    pub prompts: Prompts,
    pub prompter: Box<dyn Prompter>,
    pub events: crate::events::Events,
    pub memory_file: std::path::PathBuf,
    /// The documents `-i` names, searched too; `None` without `-i`.
    pub documents: Option<crate::docs::RetrieveOptions>,
    /// Where the answer is written (not a document to search), if to a file.
    pub output: Option<std::path::PathBuf>,
    pub mcp: crate::mcp::McpConfig,
    pub budget: Budget,
    pub verbose: bool,
}

pub fn graph() -> Result<Graph<SearchState, SearchEnv>, BuildError> {
    GraphBuilder::new(NAME)
        .node(INIT, session::init)
        .node(DISCOVER, discover::discover)
        .node(PLAN, plan::plan)
        .node(EXECUTE, execute::execute)
        .node(SYNTHESIZE, synthesize::synthesize)
        .entry(INIT)
        .edge(INIT, DISCOVER)
        .edge(DISCOVER, PLAN)
        .edge(PLAN, EXECUTE)
        .edge(EXECUTE, SYNTHESIZE)
        .edge(SYNTHESIZE, END)
        .build()
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

fn compact(v: &Map<String, Value>) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

fn offered<'s>(state: &'s SearchState, name: &str) -> Option<&'s Offered> {
    state.offered.iter().find(|o| o.name == name)
}
