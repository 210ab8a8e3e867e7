//! The UpGrade agent (`archie upgrade`): a conversation about an UpGrade A/B-testing
//! server, the graph of the seed "UpGradeAgent Graph Structure":
//!
//! ```text
//! input → router → capability → response_formatter → input (or end)
//!           ↓  ↑          ↓  ↑
//!     clarification    error_handler
//! ```
//!
//! - `input` takes the next message (the one-shot's, or a prompt in the chat; `/help`,
//!   `/terms`, `/history`, `/quit` are handled there).
//! - `router` asks the model once per message for a [`Route`] (capability, confidence,
//!   parameters). A message that names a glossary term exactly needs no model. Below
//!   0.7 confidence, or when a capability misses a parameter, `clarification` asks a
//!   choose-one question with concrete options and the answer goes back to `router`.
//! - The seven capabilities call UpGrade. Anything that changes UpGrade (create, update,
//!   state change, delete, a simulated user's init or mark, enrolling simulated users)
//!   asks the person first, before the first write of the message (an interrupt back to
//!   the same node); only their answer, or `--yes`, approves it, and a no ends a
//!   one-shot with exit code 4.
//! - `error_handler` explains what happened and what to do. It does not re-run the
//!   capability: the client already retried each call (network, timeout and server
//!   faults) with the shared retry policy, the one retry layer; a write that may have
//!   landed is read back before it is sent again, never resent blindly.
//! - `response_formatter` shows the reply and records the exchange.

mod capabilities;
mod manage;
mod route;
mod session;
mod simulate;
mod testing;

pub use route::{Action, Capability, ConditionSpec, Params, Route};
pub use session::{
    AgentKind, Balance, BalanceCount, FailKind, Failure, Reply, Table, Turn, render,
};

use crate::events::Event;
use crate::flows::FlowError;
use crate::graph::{Answer, BuildError, Cx, END, Graph, GraphBuilder, Next, Question};
use crate::llm::Llm;
use crate::memory::Memory;
use crate::prompts::Prompts;
use crate::upgrade::{ErrorKind, UpgradeClient, UpgradeError, diff, glossary};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;

/// The flow's name (`archie upgrade`, `archie graph upgrade`).
pub const NAME: &str = "upgrade";
/// Prompt templates from `prompts/` this flow renders.
pub const PROMPTS: &[&str] = &[route::PROMPT];
/// Its steps in words: none, they are shown by their names.
pub const STEPS: &[(&str, &str)] = &[];

const INPUT: &str = "input";
const ROUTER: &str = "router";
const TERMINOLOGY: &str = "terminology";
const VERSION: &str = "version_check";
const LIST: &str = "list_experiments";
const DETAILS: &str = "experiment_details";
const MANAGE: &str = "experiment_management";
const SIMULATE: &str = "user_simulation";
const TESTING: &str = "testing";
const CLARIFY: &str = "clarification";
const ERROR: &str = "error_handler";
const FORMAT: &str = "response_formatter";

const CAPABILITY_NODES: [&str; 7] = [
    TERMINOLOGY,
    VERSION,
    LIST,
    DETAILS,
    MANAGE,
    SIMULATE,
    TESTING,
];

/// Below this the router's guess is checked with the person.
pub const MIN_CONFIDENCE: f64 = 0.7;

/// What the UpGrade agent's nodes use (the graph's environment for this flow).
pub struct UpgradeEnv {
    pub client: UpgradeClient,
    /// The router's prompt comes from here (built in, `--prompts-dir`, `--prompts-config`).
    pub prompts: Prompts,
    /// `None` when no model is configured: exact glossary questions and the chat's
    /// commands still work.
    pub llm: Option<Arc<dyn Llm>>,
    /// `--yes` was given: confirmations are answered yes, so a delete asks a yes/no
    /// question rather than for the experiment's name.
    pub yes: bool,
    /// The session file, rewritten after every answer (so a chat left with Ctrl-C keeps
    /// what was said); `None` writes nothing.
    pub output: Option<std::path::PathBuf>,
}

/// The conversation.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct UpgradeState {
    /// `archie upgrade "MESSAGE"`: answer once and end.
    pub one_shot: bool,
    /// The message being answered.
    pub message: Option<String>,
    /// Every exchange so far.
    pub turns: Vec<Turn>,
    /// How the current message was routed.
    pub route: Option<Route>,
    /// The clarification waiting for an answer.
    pub asking: Option<Clarification>,
    /// A change waiting for (or approved by) the person.
    pub pending: Option<Pending>,
    /// The current message's failure, for the error handler.
    pub failure: Option<Failure>,
    /// The reply being built.
    pub reply: Reply,
    /// Experiments, contexts, decision points and conditions seen, for the memory file.
    pub learned: Memory,
    /// The person typed /quit.
    pub quit: bool,
    /// The chat's first prompt said how to use it.
    #[serde(default)]
    pub greeted: bool,
}

/// Which of the route's parameters ([`Params`]) a clarification fills in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ParamSlot {
    Capability,
    Action,
    Experiment,
    Context,
    DecisionPoint,
    UserId,
    Name,
    TargetState,
    GroupType,
}

/// An option of a clarification: what the person sees, and what it fills in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    pub label: String,
    pub value: String,
}

impl Choice {
    pub fn same(text: impl Into<String>) -> Self {
        let text = text.into();
        Self {
            label: text.clone(),
            value: text,
        }
    }
}

/// A question that fills in a missing or ambiguous parameter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Clarification {
    pub slot: ParamSlot,
    pub text: String,
    /// What to choose from; none: a typed answer.
    pub options: Vec<Choice>,
}

impl Clarification {
    pub fn choose(slot: ParamSlot, text: impl Into<String>, options: Vec<Choice>) -> Self {
        Self {
            slot,
            text: text.into(),
            options,
        }
    }

    pub fn typed(slot: ParamSlot, text: impl Into<String>) -> Self {
        Self {
            slot,
            text: text.into(),
            options: Vec::new(),
        }
    }

    fn question(&self) -> Question {
        if self.options.is_empty() {
            Question::text(&self.text)
        } else {
            Question::choose(
                &self.text,
                self.options.iter().map(|o| o.label.clone()).collect(),
            )
        }
    }

    /// Fills the answer into the route.
    fn apply(&self, answer: &Answer, route: &mut Route) {
        let value = match answer {
            Answer::Choice { index, .. } => self.options.get(*index).map(|o| o.value.clone()),
            other => {
                let text = other.as_text().trim();
                Some(
                    self.options
                        .iter()
                        .find(|o| o.label.eq_ignore_ascii_case(text))
                        .map_or_else(|| text.to_string(), |o| o.value.clone()),
                )
            }
        };
        let Some(value) = value.filter(|v| !v.is_empty()) else {
            return;
        };
        let p = &mut route.parameters;
        match self.slot {
            ParamSlot::Capability => {
                if let Some(c) = Capability::ALL.iter().find(|c| c.label() == value) {
                    route.capability = *c;
                    route.confidence = 1.0;
                }
            }
            ParamSlot::Action => {
                p.action = serde_json::from_value(Value::String(value)).ok();
            }
            ParamSlot::Experiment => p.experiment = Some(value),
            ParamSlot::Context => p.context = Some(value),
            ParamSlot::DecisionPoint => {
                p.decision_point = Some(value.clone());
                if route.capability == Capability::ExperimentManagement {
                    p.decision_points = vec![value];
                }
            }
            ParamSlot::UserId => p.user_ids = vec![value],
            ParamSlot::Name => p.name = Some(value),
            ParamSlot::TargetState => p.state = Some(value),
            ParamSlot::GroupType => p.group_type = Some(value),
        }
    }
}

/// A change to UpGrade waiting for the person's yes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pending {
    pub change: PlannedChange,
    /// The experiment as the person saw it, compared with UpGrade's copy right before
    /// writing.
    pub seen: Option<Value>,
    /// The person approved it. Only an answer to archie's own question sets this.
    pub approved: bool,
}

/// A change to UpGrade archie planned and shows before making it (the person's yes
/// carries it out).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PlannedChange {
    Create {
        body: crate::upgrade::NewExperiment,
        /// Experiments of the same name when the person was asked (a new one since is
        /// warned about again before the create).
        #[serde(default)]
        namesakes: usize,
    },
    Update {
        id: String,
        name: String,
        desired: Value,
        changes: Vec<diff::FieldChange>,
    },
    State {
        id: String,
        name: String,
        to: crate::upgrade::ExperimentState,
    },
    Delete {
        id: String,
        name: String,
    },
    Mark {
        user: String,
        experiment_id: String,
        experiment: String,
        site: String,
        target: Option<String>,
        code: String,
    },
    /// A simulation whose first write is an init (a user new to UpGrade, or new
    /// groups), approved as a whole: the init, then the assign, then for a mark the mark.
    Simulate {
        user: String,
        action: Action,
        context: String,
        init: Option<crate::upgrade::InitRequest>,
        /// The experiment the message named.
        experiment_id: Option<String>,
    },
    Balance {
        id: String,
        name: String,
        users: u32,
        prefix: String,
    },
    Consistency {
        id: String,
        name: String,
        users: u32,
        prefix: String,
    },
}

/// How a capability's work ended.
pub(crate) enum Step {
    /// The reply is ready.
    Done,
    /// Ask the person to fill something in, then route again.
    Clarify(Clarification),
    /// Show `preview`, then ask for consent; the answer comes back to the same node.
    Consent { preview: String, question: Question },
    /// Hand over to the error handler.
    Fail(Failure),
}

/// Whether the person approved the pending change with their answer.
pub(crate) enum Consent {
    /// No answer came with this step.
    None,
    Granted,
    Refused,
}

/// Reads the answer to a consent question. Only `yes` to a yes/no question, or for a
/// delete the experiment's exact name (as stored, or as archie shows it) or its id typed,
/// approves.
pub(crate) fn consent(state: &UpgradeState, answer: Option<Answer>) -> Consent {
    let Some(answer) = answer else {
        return Consent::None;
    };
    let granted = match (&answer, state.pending.as_ref().map(|p| &p.change)) {
        (_, None) => false,
        (Answer::Yes(yes), Some(_)) => *yes,
        (Answer::Text(typed), Some(PlannedChange::Delete { id, name })) => {
            let typed = typed.trim();
            typed == name.trim() || typed == crate::text::literal(name.trim()) || typed == id
        }
        _ => false,
    };
    if granted {
        Consent::Granted
    } else {
        Consent::Refused
    }
}

/// Reads the person's answer into the pending change (see [`consent`]). A refusal says
/// `refused`, marks the reply declined (a one-shot exits 4) and ends the message
/// (`Err(Step::Done)`); otherwise the pending change when
/// it is approved (by this answer or an earlier one) and ready to carry out.
pub(crate) fn approved(
    state: &mut UpgradeState,
    answer: Option<Answer>,
    refused: &str,
) -> Result<Option<Pending>, Step> {
    match consent(state, answer) {
        Consent::Refused => {
            state.reply.say(refused);
            state.reply.declined = true;
            return Err(Step::Done);
        }
        Consent::Granted => {
            if let Some(p) = &mut state.pending {
                p.approved = true;
            }
        }
        Consent::None => {}
    }
    Ok(state.pending.clone().filter(|p| p.approved))
}

pub fn graph() -> Result<Graph<UpgradeState, UpgradeEnv>, BuildError> {
    let mut from_router = CAPABILITY_NODES.to_vec();
    from_router.extend([CLARIFY, ERROR]);
    let mut builder = GraphBuilder::new(NAME)
        .node(INPUT, input)
        .node(ROUTER, router)
        .node(TERMINOLOGY, capabilities::terminology)
        .node(VERSION, capabilities::version_check)
        .node(LIST, capabilities::list_experiments)
        .node(DETAILS, capabilities::experiment_details)
        .node(MANAGE, manage::experiment_management)
        .node(SIMULATE, simulate::user_simulation)
        .node(TESTING, testing::testing)
        .node(CLARIFY, clarification)
        .node(ERROR, error_handler)
        .node(FORMAT, response_formatter)
        .entry(INPUT)
        .interrupt(INPUT, INPUT)
        .branch(INPUT, &[ROUTER, END])
        .branch(ROUTER, &from_router)
        .interrupt(CLARIFY, ROUTER)
        .branch(ERROR, &[FORMAT])
        .branch(FORMAT, &[INPUT, END])
        .step_limit(100_000);
    for node in CAPABILITY_NODES {
        builder = builder.branch(node, &[CLARIFY, ERROR, FORMAT]);
    }
    for node in [MANAGE, SIMULATE, TESTING] {
        builder = builder.interrupt(node, node);
    }
    builder.build()
}

/// What `/help` says.
pub const HELP: &str = "Ask in plain words, for example:
  what is a decision point?
  is UpGrade up? which version is it?
  list the running experiments in assign-prog
  show Fractions Hints
  create \"Button test\" in assign-prog with control 50 and variant 50 at SelectSection/absolute_value_plot_equality
  set the weights of Button test to 30/70 · start Button test · delete Button test
  which condition does user u1 get at SelectSection in assign-prog, and why?
  run a balance test of 1000 users on Button test · test the consistency of Class test
Commands: /examples · /terms (the glossary) · /history · /quit (/help lists them)
Nothing changes in UpGrade without your yes at the prompt (or --yes).";

/// The chat's commands (the terminal's `/help` lists them).
pub const COMMANDS: &[(&str, &str)] = &[
    ("/examples", "show what you can ask"),
    ("/terms", "list the glossary's terms"),
    ("/history", "list what you asked"),
    ("/quit", "leave (the conversation is in the session file)"),
];

fn ask_for_message() -> Next {
    Next::Interrupt {
        question: Question::text("What would you like to ask UpGrade?")
            .with_prompt("upgrade")
            .with_commands(COMMANDS),
        then: INPUT,
    }
}

/// Takes the next message: the one-shot's, or the chat's answer to the prompt.
async fn input(state: &mut UpgradeState, cx: &mut Cx<'_, UpgradeEnv>) -> Result<Next, FlowError> {
    let line = match cx.answer() {
        Some(answer) => answer.as_text().trim().to_string(),
        None => match state.message.clone() {
            Some(message) => message,
            None if state.one_shot => return Ok(Next::End),
            None => {
                if !state.greeted {
                    state.greeted = true;
                    cx.emit(Event::Message {
                        text: format!(
                            "Ask about UpGrade at {} in plain words; /examples shows what you \
                             can ask, /quit leaves. Nothing changes in UpGrade without your yes.",
                            cx.env.client.url()
                        ),
                    });
                }
                return Ok(ask_for_message());
            }
        },
    };
    state.message = None;
    let done = if state.one_shot {
        Next::End
    } else {
        ask_for_message()
    };
    match line.as_str() {
        "" => Ok(done),
        "/quit" | "/exit" | "/q" => {
            state.quit = true;
            Ok(Next::End)
        }
        "/examples" | "/help" | "/?" => {
            cx.emit(Event::Message { text: HELP.into() });
            Ok(done)
        }
        "/terms" => {
            cx.emit(Event::Result {
                text: format!(
                    "archie's UpGrade glossary explains: {}.",
                    glossary::titles().join(", ")
                ),
            });
            Ok(done)
        }
        "/history" => {
            let text = if state.turns.is_empty() {
                "Nothing asked yet.".to_string()
            } else {
                state
                    .turns
                    .iter()
                    .enumerate()
                    .map(|(i, t)| format!("{:>3}. {}", i + 1, t.user))
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            cx.emit(Event::Result { text });
            Ok(done)
        }
        other if other.starts_with('/') => {
            cx.emit(Event::Warning {
                message: format!("unknown command {other}; /help lists them"),
            });
            Ok(done)
        }
        _ => {
            state.message = Some(line);
            Ok(Next::Goto(ROUTER))
        }
    }
}

/// Routes the message (asking the model), or re-routes it with a clarification's answer.
async fn router(state: &mut UpgradeState, cx: &mut Cx<'_, UpgradeEnv>) -> Result<Next, FlowError> {
    if let Some(answer) = cx.answer() {
        if let Some(asked) = state.asking.take() {
            let route = state.route.get_or_insert_with(Route::default);
            asked.apply(&answer, route);
        }
    } else {
        let message = state.message.clone().unwrap_or_default();
        if let Some(term) = glossary::exact_question(&message) {
            cx.emit(Event::Detail {
                message: format!("“{}” is in the glossary: no model call", term.title),
            });
            state.route = Some(Route::terminology(&term.title));
        } else {
            let Some(llm) = cx.env.llm.clone() else {
                state.failure = Some(Failure::new(
                    ROUTER,
                    ErrorKind::Config,
                    "no LLM is configured, so archie can only answer questions that \
                              name a glossary term exactly (and /help, /terms, /quit)",
                    vec![
                        "Point archie at a model: export OPENAI_API_KEY=sk-… (OpenAI), or \
                         --base-url http://localhost:11434/v1 --model llama3.1 (Ollama), or \
                         [llm] base_url/model in archie.toml."
                            .into(),
                    ],
                ));
                return Ok(Next::Goto(ERROR));
            };
            let system = route::system_prompt(&cx.env.prompts)?;
            match route::ask_model(state, system, llm.as_ref()).await {
                Ok(route) => state.route = Some(route),
                Err(err) => {
                    state.failure = Some(Failure::new(
                        ROUTER,
                        AgentKind::Model,
                        format!("the model could not route the message: {err}"),
                        vec!["Check the LLM settings (--base-url, --model) and try again.".into()],
                    ));
                    return Ok(Next::Goto(ERROR));
                }
            }
        }
    }
    let route = state.route.clone().unwrap_or_default();
    cx.emit(Event::Detail {
        message: format!(
            "routed to {:?} (confidence {:.2})",
            route.capability, route.confidence
        ),
    });
    if route.capability == Capability::ClarificationNeeded || route.confidence < MIN_CONFIDENCE {
        let mut options: Vec<Capability> = Vec::new();
        for c in std::iter::once(route.capability).chain(route.alternatives.iter().copied()) {
            if Capability::ALL.contains(&c) && !options.contains(&c) {
                options.push(c);
            }
        }
        if options.len() < 2 {
            options = Capability::ALL.to_vec();
        }
        state.asking = Some(Clarification::choose(
            ParamSlot::Capability,
            "What would you like to do?",
            options
                .into_iter()
                .map(|c| Choice::same(c.label()))
                .collect(),
        ));
        return Ok(Next::Goto(CLARIFY));
    }
    Ok(Next::Goto(match route.capability {
        Capability::Terminology => TERMINOLOGY,
        Capability::VersionCheck => VERSION,
        Capability::ListExperiments => LIST,
        Capability::ExperimentDetails => DETAILS,
        Capability::ExperimentManagement => MANAGE,
        Capability::UserSimulation => SIMULATE,
        Capability::Testing => TESTING,
        Capability::ClarificationNeeded | Capability::Unsupported => {
            state.failure = Some(Failure::new(
                ROUTER,
                AgentKind::Unsupported,
                "archie's UpGrade agent cannot do that",
                vec![format!(
                    "It can: {}.",
                    Capability::ALL
                        .iter()
                        .map(|c| c.label().to_lowercase())
                        .collect::<Vec<_>>()
                        .join("; ")
                )],
            ));
            ERROR
        }
    }))
}

/// Asks the clarification; the answer goes back to the router.
async fn clarification(
    state: &mut UpgradeState,
    _cx: &mut Cx<'_, UpgradeEnv>,
) -> Result<Next, FlowError> {
    let asking = state.asking.clone().unwrap_or_else(|| {
        Clarification::typed(ParamSlot::Name, "Could you say that differently?")
    });
    state.asking = Some(asking.clone());
    Ok(Next::Interrupt {
        question: asking.question(),
        then: ROUTER,
    })
}

/// Explains what went wrong and what to do (the client already retried what may pass).
async fn error_handler(
    state: &mut UpgradeState,
    _cx: &mut Cx<'_, UpgradeEnv>,
) -> Result<Next, FlowError> {
    let Some(failure) = state.failure.take() else {
        return Ok(Next::Goto(FORMAT));
    };
    let mut text = format!("**{}**", sentence(&failure.message));
    if failure.retries > 0 {
        text.push_str(&format!(
            " (tried {} more time{})",
            failure.retries,
            if failure.retries == 1 { "" } else { "s" }
        ));
    }
    for s in &failure.suggestions {
        text.push_str(&format!("\n- {s}"));
    }
    state.reply.say(text);
    state.reply.failed = Some(failure.kind);
    Ok(Next::Goto(FORMAT))
}

/// A message as a sentence: capital first letter, final full stop.
fn sentence(text: &str) -> String {
    let text = text.trim();
    let mut chars = text.chars();
    let mut out: String = match chars.next() {
        // archie's name stays in lowercase.
        _ if text.starts_with("archie") => text.to_string(),
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    };
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// Shows the reply and records the exchange.
async fn response_formatter(
    state: &mut UpgradeState,
    cx: &mut Cx<'_, UpgradeEnv>,
) -> Result<Next, FlowError> {
    let reply = std::mem::take(&mut state.reply);
    if !reply.text.is_empty() {
        cx.emit(Event::Result {
            text: reply.text.clone(),
        });
    }
    // A one-shot whose change the person declined ends as the README's table says:
    // listed `aborted`, exit code 4.
    if state.one_shot && reply.declined && reply.failed.is_none() {
        cx.emit(Event::Aborted {
            message: "declined: nothing was changed in UpGrade".into(),
        });
    }
    for table in &reply.tables {
        cx.emit(Event::Table {
            columns: table.columns.clone(),
            rows: table.rows.clone(),
            right: table.right.clone(),
        });
    }
    if let Some(balance) = &reply.balance {
        cx.emit(balance.event());
    }
    state.turns.push(Turn {
        user: state.message.take().unwrap_or_default(),
        reply,
    });
    if let Some(path) = &cx.env.output {
        let text = render(&state.turns, cx.env.client.url());
        if let Err(err) = super::sources::write_output(path, &text) {
            cx.emit(Event::Warning {
                message: crate::error::chain_text(&err),
            });
        }
    }
    state.route = None;
    state.asking = None;
    state.pending = None;
    state.failure = None;
    Ok(if state.one_shot || state.quit {
        Next::End
    } else {
        Next::Goto(INPUT)
    })
}

/// Turns a capability's outcome into where the run goes.
pub(crate) fn next(
    state: &mut UpgradeState,
    cx: &Cx<'_, UpgradeEnv>,
    node: &'static str,
    step: Result<Step, UpgradeError>,
) -> Next {
    match step {
        Ok(Step::Done) => Next::Goto(FORMAT),
        Ok(Step::Clarify(c)) => {
            // What the reply says so far (a change another writer undid) is read before
            // the question, not after it.
            let said = std::mem::take(&mut state.reply.text);
            if !said.is_empty() {
                cx.emit(Event::Result { text: said.clone() });
                state.reply.shown.push(said);
            }
            state.asking = Some(c);
            Next::Goto(CLARIFY)
        }
        Ok(Step::Consent { preview, question }) => {
            if !preview.is_empty() {
                cx.emit(Event::Message {
                    text: preview.clone(),
                });
                state.reply.shown.push(preview);
            }
            Next::Interrupt {
                question,
                then: node,
            }
        }
        Ok(Step::Fail(failure)) => {
            state.failure = Some(failure);
            Next::Goto(ERROR)
        }
        Err(err) => {
            state.failure = Some(failure_of(&err, node, cx.env.client.url()));
            Next::Goto(ERROR)
        }
    }
}

/// A client error as a failure, with what to do about it.
pub(crate) fn failure_of(err: &UpgradeError, node: &str, url: &str) -> Failure {
    let mut suggestions = Vec::new();
    match err {
        UpgradeError::Unauthorized { credential, .. } => {
            suggestions.push(format!("Set {}.", credential.settings()));
            if credential.was_set() {
                suggestions.push(
                    "archie sent one and UpGrade rejected it: check that it is current and \
                     belongs to an UpGrade admin."
                        .into(),
                );
            }
        }
        UpgradeError::Network { .. } => suggestions.push(format!(
            "Is UpGrade running at {url}? Point archie at it with --upgrade-url, \
             UPGRADE_API_URL or [upgrade] url in archie.toml."
        )),
        UpgradeError::NoRoute { .. } | UpgradeError::Protocol { .. } => suggestions.push(
            "The URL should be UpGrade's API base, ending in /api (e.g. \
             http://localhost:3030/api)."
                .into(),
        ),
        UpgradeError::Timeout { .. } => suggestions.push(
            "UpGrade is slow or stuck; [upgrade] timeout_secs in archie.toml allows more time."
                .into(),
        ),
        UpgradeError::Server { .. } => suggestions
            .push("UpGrade failed inside; its log says why. Try again in a moment.".into()),
        UpgradeError::Unconfirmed { .. } => suggestions.push(
            "Look at it in UpGrade (“show …”) before you ask again: sending it twice could \
             apply it twice."
                .into(),
        ),
        UpgradeError::Busy { .. } => suggestions.push(
            "Ask again when the other archie has finished; [upgrade] lock_wait_secs in \
             archie.toml waits longer."
                .into(),
        ),
        UpgradeError::Validation { .. }
        | UpgradeError::NotFound { .. }
        | UpgradeError::BadUrl { .. }
        | UpgradeError::Config { .. } => {}
    }
    Failure {
        retries: err.retries(),
        ..Failure::new(node, err.kind(), err.to_string(), suggestions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_graph_builds_with_the_seeds_nodes() {
        let mermaid = graph().unwrap().mermaid();
        for node in [
            "router",
            "terminology",
            "version_check",
            "list_experiments",
            "experiment_details",
            "experiment_management",
            "user_simulation",
            "testing",
            "clarification",
            "error_handler",
            "response_formatter",
        ] {
            assert!(mermaid.contains(&format!("n_{node}[\"{node}\"]")), "{node}");
        }
        assert!(mermaid.contains("n_clarification -. answer .-> n_router"));
        assert!(mermaid.contains("n_error_handler -.-> n_response_formatter"));
        // One retry layer, the client's: the error handler re-runs nothing.
        assert!(!mermaid.contains("n_error_handler -.-> n_testing"));
    }

    #[test]
    fn only_the_persons_answer_approves() {
        let mut state = UpgradeState::default();
        assert!(matches!(
            consent(&state, Some(Answer::Yes(true))),
            Consent::Refused
        ));
        state.pending = Some(Pending {
            change: PlannedChange::Delete {
                id: "1".into(),
                name: "Button test".into(),
            },
            seen: None,
            approved: false,
        });
        assert!(matches!(consent(&state, None), Consent::None));
        assert!(matches!(
            consent(&state, Some(Answer::Text("yes".into()))),
            Consent::Refused
        ));
        assert!(matches!(
            consent(&state, Some(Answer::Text(" Button test ".into()))),
            Consent::Granted
        ));
        assert!(matches!(
            consent(&state, Some(Answer::Yes(false))),
            Consent::Refused
        ));
    }
}
