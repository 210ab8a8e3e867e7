//! The one event stream of a run. A leaf: it imports nothing of the crate (only
//! archie-core's save report, which [`Event::memory_saved`] turns into an event).
//!
//! Every layer reports what it is doing by emitting [`Event`]s into an [`EventSink`].
//! Events carry data, not prose: numbers stay numbers, so `--json` consumers read them
//! directly, and `ui` alone decides how they look (spinners, bars, one line per finished
//! step on stderr; one JSON object per line on stdout under `--json`).

use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex};

/// Something that happened during a run. Serialised as `{"event": "<name>", ...}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A run began. `run` is the run id once runs are recorded.
    RunStarted {
        flow: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        run: Option<String>,
    },
    /// The engine entered a node.
    NodeStarted { node: String, step: u32 },
    /// A node returned; `outcome` is where the run goes next (`goto X`, `interrupt`, `end`).
    NodeFinished {
        node: String,
        step: u32,
        ms: u64,
        outcome: NodeOutcome,
    },
    /// A node failed; the run stops and keeps the checkpoint of the last finished step.
    NodeFailed {
        node: String,
        step: u32,
        ms: u64,
        error: String,
    },
    /// A finished piece of work, said in one line ("read 42 documents").
    Done { message: String },
    /// Something the user should know that does not stop the run.
    Warning { message: String },
    /// The user stopped the run at a question (`/abort`): it ends without its result,
    /// as `aborted`, with exit code 4. Shown like a warning.
    Aborted { message: String },
    /// Extra detail, shown with `-v` only.
    Detail { message: String },
    /// Progress of a long step. `total` is `None` when unknown.
    Progress {
        task: String,
        done: u64,
        #[serde(skip_serializing_if = "Option::is_none")]
        total: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        detail: Option<String>,
    },
    /// The end of a progress task started with [`Event::Progress`].
    ProgressDone { task: String },
    /// A piece of streamed model output the user reads as it arrives.
    Token { text: String },
    /// The end of a streamed answer (the renderer ends the line).
    TokensDone,
    /// A whole message for the user from the agent (not streamed).
    Message { text: String },
    /// An LLM call is being retried.
    Retry {
        attempt: u32,
        max_attempts: u32,
        delay_ms: u64,
        reason: String,
    },
    /// LLM usage for the run so far (emitted at the end of LLM commands). Its fields
    /// stand inline: `{"event": "usage", "calls": 3, ...}`.
    Usage(Usage),
    /// The run needs an answer. Without a terminal the run stops here (exit code 3).
    Interrupt {
        #[serde(skip_serializing_if = "Option::is_none")]
        run: Option<String>,
        question: String,
        kind: AnswerKind,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        options: Vec<String>,
    },
    /// A question was answered without asking (`--answer`, `--answers`, `--yes`).
    Answered { prompt: String, answer: String },
    /// A file archie wrote (named again at the end of the run).
    Wrote { path: String, what: String },
    /// The command's result, for stdout. Under `--json` its text is carried by the final
    /// [`Event::Finished`] (`"result"`) instead of a line of its own.
    #[serde(rename = "output")]
    Result { text: String },
    /// The command's result as structured data, for stdout: pretty JSON for people, the
    /// value itself under `--json` (`{"event":"data","value":…}`), so scripts decode once.
    Data { value: serde_json::Value },
    /// Documents were read. `skipped` counts what was passed over, by reason (each file
    /// is also a [`Event::Detail`], shown with `-v`).
    Retrieved {
        documents: u64,
        bytes: u64,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        skipped: Vec<Count>,
    },
    /// Knowledge was extracted from the documents' chunks. Its fields stand inline.
    Extracted(Extraction),
    /// The memory file was saved with what the run learned.
    MemorySaved {
        path: String,
        entities_added: u64,
        relationships_added: u64,
        /// Entities and relationships whose description, tags or properties changed.
        updated: u64,
        /// Entities created (type `unknown`) because a relationship named them.
        stubs_added: u64,
        /// Items dropped for lack of a name, from, to or type.
        skipped: u64,
        /// Another process had saved the file meanwhile; both sets of additions were kept.
        merged_with_disk: bool,
        /// False when nothing was new and the file was left as it was.
        written: bool,
        /// Entities and relationships retracted: the documents the run read no longer
        /// state them.
        retracted_entities: u64,
        retracted_relationships: u64,
        /// The changes of documents that retracted them (`docs/001.md changed, docs/005.md
        /// deleted`); empty when none.
        #[serde(skip_serializing_if = "String::is_empty")]
        because: String,
    },
    /// Pairs of entities that are probably one thing, after the human (or `--yes`)
    /// decided what they could: `merged` and `kept_apart` were decided now, `pending`
    /// wait for `archie memory dedupe`.
    Duplicates {
        merged: u64,
        kept_apart: u64,
        /// Pairs the model was asked to judge.
        #[serde(skip_serializing_if = "is_zero")]
        judged: u64,
        /// Relationship words the vocabulary could not place, as the model placed them
        /// (asked in the same calls as the pairs; remembered, never asked again).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        words: Vec<PlacedWord>,
        /// Entity types the vocabulary could not place, as the model placed them (asked
        /// in the same calls; remembered, never asked again).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        types: Vec<PlacedType>,
        /// The merges made, and who decided each.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        merges: Vec<MergedPair>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pending: Vec<DuplicatePair>,
    },
    /// The run stopped at a question nobody here can answer (exit code 3).
    Waiting {
        run: String,
        question: String,
        /// The short label the terminal prompt would show, if any.
        #[serde(skip_serializing_if = "Option::is_none")]
        prompt: Option<String>,
        kind: AnswerKind,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        options: Vec<String>,
        /// Why nobody was asked: `no_input` (`--no-input`) or `no_terminal`.
        reason: WaitReason,
        /// The command that continues the run (add `--answer …`).
        resume_command: String,
    },
    /// A table of results for stdout (the UpGrade agent's experiments, conditions, ...).
    /// `right` lists the columns to right-align (numbers).
    Table {
        columns: Vec<String>,
        rows: Vec<Vec<String>>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        right: Vec<usize>,
    },
    /// A condition balance test against UpGrade finished: simulated users enrolled, the
    /// conditions they got against the weights, and Pearson's chi-square test of the fit
    /// (`p_value` is `None` when there is nothing to test, e.g. one condition).
    BalanceTest {
        experiment: String,
        users: u64,
        /// Users who got no condition (excluded, or the experiment stopped meanwhile).
        unassigned: u64,
        /// Users whose calls failed.
        failed: u64,
        concurrency: u64,
        ms: u64,
        conditions: Vec<BalanceRow>,
        #[serde(skip_serializing_if = "Option::is_none")]
        chi_square: Option<f64>,
        df: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        p_value: Option<f64>,
    },
    /// The user pressed Ctrl-C: the step in progress was abandoned.
    Interrupted {
        #[serde(skip_serializing_if = "Option::is_none")]
        run: Option<String>,
        /// The command that continues the run, when one was recorded.
        #[serde(skip_serializing_if = "Option::is_none")]
        resume_command: Option<String>,
    },
    /// The command failed: what happened, each cause once, what to do, the exit code.
    Error {
        message: String,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        causes: Vec<String>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        hints: Vec<String>,
        exit_code: u8,
    },
    /// MCP servers were started (all at once) and their tools listed.
    ToolsDiscovered {
        servers: Vec<ServerTools>,
        /// Tools offered to the model after filters and caps.
        offered: u64,
    },
    /// The model's plan (search): the tasks kept, in order, and those dropped.
    Plan {
        tasks: Vec<PlannedTask>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        dropped: Vec<DroppedTask>,
        /// No valid task was planned, so archie used its own fallback plan.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        fallback: bool,
    },
    /// A planned task changed status: `pending`, `running`, `done`, `failed` or
    /// `skipped`. `started_ms` is when it started after the execute step began, `ms`
    /// how long it ran, `bytes` the size of its result.
    TaskStatus {
        index: u64,
        tool: String,
        arguments: serde_json::Value,
        status: TaskState,
        #[serde(skip_serializing_if = "Option::is_none")]
        started_ms: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        ms: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        bytes: Option<u64>,
        /// The tool said its result is an error (`isError`); it is still a result.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        tool_error: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// A search session's progress: `starting`, `retrieving_memory`,
    /// `discovering_tools` (with `tools`), `completed`, then `saved` (with `turns`).
    Session {
        session: String,
        status: SessionStatus,
        /// The session was created by this run.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        new: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        tools: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        turns: Option<u64>,
    },
    /// A run ended: `status` is `completed`, `waiting`, `interrupted`, `failed` or
    /// `aborted`.
    RunFinished {
        #[serde(skip_serializing_if = "Option::is_none")]
        run: Option<String>,
        status: RunEnd,
        ms: u64,
    },
    /// The last event of every command, so a script needs only `tail -1`: how it ended,
    /// the run, the question it waits for, what it wrote and learned, and what it cost.
    /// Serialised as `{"event": "result", ...}`.
    #[serde(rename = "result")]
    Finished(Box<Summary>),
}

/// What a command left behind ([`Event::Finished`]).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Summary {
    /// `completed`, `waiting`, `interrupted`, `failed`, `usage_error`, `declined` or
    /// `aborted`.
    pub status: CommandStatus,
    pub exit_code: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run: Option<String>,
    /// The command's result text (`Echo: hi`), when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The question the run waits for (exit code 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub question: Option<Pending>,
    /// The command that continues the run, when it can be continued.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resume_command: Option<String>,
    /// Every file written, in order.
    pub files: Vec<Written>,
    /// What the memory file gained, when it was saved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory: Option<MemoryChange>,
    /// Pairs that are probably one thing, left for `archie memory dedupe`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub duplicates: Vec<DuplicatePair>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<UsageSummary>,
    /// The error's message, when the command failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Two entities found to be one thing and merged: `merge` into `into`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MergedPair {
    pub merge: String,
    pub into: String,
    /// Who decided: `rule` (the names' structure), `model` (the judge) or `person`.
    pub by: String,
}

/// A relationship word the vocabulary could not place, as the model placed it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlacedWord {
    /// The word as the memory kept it (`fans_out_to`).
    pub word: String,
    /// The prompt's word it means (`publishes_to`), or `word` itself: kept.
    pub means: String,
    /// Its edges were turned round: the word named them from the object's end.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub reversed: bool,
}

/// An entity type the vocabulary could not place, as the model placed it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlacedType {
    /// The type as the memory kept it (`rds_instance`).
    #[serde(rename = "type")]
    pub kind: String,
    /// The vocabulary's type it is (`database`), or `type` itself: kept.
    pub means: String,
}

/// Two entities that are probably one thing: merge `merge` into `into`?
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DuplicatePair {
    pub merge: String,
    pub into: String,
    /// 0..1: how likely the two are one thing.
    pub score: f64,
    /// Why they look alike.
    pub why: String,
}

/// A question waiting for an answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pending {
    pub question: String,
    pub kind: AnswerKind,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
}

/// A file a command wrote.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Written {
    pub path: String,
    pub what: String,
}

/// What a saved memory file gained.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MemoryChange {
    pub path: String,
    pub entities_added: u64,
    pub relationships_added: u64,
    pub updated: u64,
}

/// What the extraction step did ([`Event::Extracted`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Extraction {
    pub chunks: u64,
    /// Chunks answered from the response cache (unchanged since an earlier run).
    pub cached: u64,
    /// Chunks whose extraction failed (reported and skipped).
    pub failed: u64,
    /// Entities and relationships this run learned so far.
    pub entities: u64,
    pub relationships: u64,
    /// Calls in flight at most.
    pub concurrency: u64,
    pub ms: u64,
}

/// LLM usage of a run so far ([`Event::Usage`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Usage {
    /// Calls made, answered or failed (cache hits excluded).
    pub calls: u64,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    /// Time with a call in flight (parallel calls are not added up).
    pub ms: u64,
    /// Some token counts are archie's estimates: the server did not report them.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub estimated: bool,
    /// Calls whose token counts are estimates (the others are the server's figures).
    #[serde(skip_serializing_if = "is_zero")]
    pub estimated_calls: u64,
    /// HTTP requests sent (every attempt, failed and refused ones too).
    pub requests: u64,
    /// Calls that failed.
    #[serde(skip_serializing_if = "is_zero")]
    pub failed: u64,
    /// Requests the endpoint refused (429/503) and archie sent again later.
    #[serde(skip_serializing_if = "is_zero")]
    pub refused: u64,
    /// Answers cut off at their `max_tokens`.
    #[serde(skip_serializing_if = "is_zero")]
    pub truncated: u64,
    /// Calls stopped unanswered when the run ended (another call failed, Ctrl-C).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub stopped: u64,
    /// The most requests in flight at once.
    #[serde(skip_serializing_if = "is_zero")]
    pub concurrency: u64,
}

/// LLM use of this invocation: `llm_ms` is time with a call in flight, `wall_ms` the
/// whole command.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UsageSummary {
    pub calls: u64,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    pub llm_ms: u64,
    pub wall_ms: u64,
}

/// Where a run goes after a node ([`Event::NodeFinished`]): serialised as `goto NODE`,
/// `interrupt` or `end`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NodeOutcome {
    Goto(String),
    /// A question is asked before the next node.
    Interrupt,
    End,
}

impl Event {
    /// The [`Event::MemorySaved`] that says what the save `saved` wrote, with what the
    /// merge `report` added.
    pub fn memory_saved(
        saved: &archie_core::memory::SaveReport,
        report: &archie_core::memory::MergeReport,
    ) -> Event {
        Event::MemorySaved {
            path: saved.path.display().to_string(),
            entities_added: report.entities_added as u64,
            relationships_added: report.relationships_added as u64,
            updated: (report.entities_updated + report.relationships_updated) as u64,
            stubs_added: report.stubs_added as u64,
            skipped: report.skipped as u64,
            merged_with_disk: saved.merged_with_disk,
            written: saved.written,
            retracted_entities: 0,
            retracted_relationships: 0,
            because: String::new(),
        }
    }
}

impl Serialize for NodeOutcome {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            NodeOutcome::Goto(node) => serializer.collect_str(&format_args!("goto {node}")),
            NodeOutcome::Interrupt => serializer.serialize_str("interrupt"),
            NodeOutcome::End => serializer.serialize_str("end"),
        }
    }
}

/// The kind of answer a question takes ([`Event::Interrupt`], [`Event::Waiting`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AnswerKind {
    /// Free text.
    Text,
    /// Yes or no.
    Confirm,
    /// One of the question's options.
    Choose,
}

/// Why a run waits instead of asking ([`Event::Waiting`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WaitReason {
    /// `--no-input` was given.
    NoInput,
    /// stdin or stderr is not a terminal.
    NoTerminal,
}

/// Where a planned task stands ([`Event::TaskStatus`]); `done`, `failed` and `skipped`
/// are also what a search's state keeps of each task.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskState {
    Pending,
    Running,
    Done,
    Failed,
    Skipped,
}

impl TaskState {
    pub fn as_str(self) -> &'static str {
        match self {
            TaskState::Pending => "pending",
            TaskState::Running => "running",
            TaskState::Done => "done",
            TaskState::Failed => "failed",
            TaskState::Skipped => "skipped",
        }
    }
}

impl std::fmt::Display for TaskState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A search session's progress ([`Event::Session`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SessionStatus {
    Starting,
    RetrievingMemory,
    DiscoveringTools,
    Completed,
    /// The session was saved with this turn.
    Saved,
}

impl SessionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            SessionStatus::Starting => "starting",
            SessionStatus::RetrievingMemory => "retrieving_memory",
            SessionStatus::DiscoveringTools => "discovering_tools",
            SessionStatus::Completed => "completed",
            SessionStatus::Saved => "saved",
        }
    }
}

/// How a recorded run ended ([`Event::RunFinished`]): the run store's status for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RunEnd {
    Completed,
    /// Stopped at a question nobody here could answer: resumable with its answer. The
    /// word the `result` event uses too (the run store records it as `interrupted`).
    Waiting,
    /// Stopped by Ctrl-C (or a cancelled task): resumable.
    Interrupted,
    Failed,
    /// The user stopped it at a question (`/abort`).
    Aborted,
}

/// How a command ended ([`Summary::status`]); each goes with its exit code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CommandStatus {
    #[default]
    Completed,
    /// Stopped at a question nobody here can answer (exit code 3).
    Waiting,
    Interrupted,
    Failed,
    UsageError,
    /// The user said no when asked (exit code 4).
    Declined,
    /// The user stopped the run at a question (`/abort`, exit code 4).
    Aborted,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// How many of something, with a label for people (`{"label": "binary", "count": 2}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Count {
    pub label: String,
    pub count: u64,
}

/// One MCP server at start-up: its tools, or why it was skipped (with the last lines of
/// its stderr).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ServerTools {
    pub server: String,
    pub tools: u64,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub builtin: bool,
    pub ms: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stderr: Vec<String>,
}

/// A task of a plan: the tool (as offered) and its arguments; `consent` when it may run
/// only with the user's consent.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlannedTask {
    pub tool: String,
    pub arguments: serde_json::Value,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub consent: bool,
}

/// A task the model planned that archie did not keep, and why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DroppedTask {
    pub tool: String,
    pub reason: String,
}

/// One condition of a [`Event::BalanceTest`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BalanceRow {
    pub condition: String,
    pub weight: f64,
    /// Users expected under UpGrade's weighted draw.
    pub expected: f64,
    /// Users who got it.
    pub observed: u64,
    /// Users UpGrade's enrollment statistics counted for it during the test.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enrolled: Option<u64>,
}

/// Where events go. Implementations must be cheap: they are called from hot loops.
pub trait EventSink: Send + Sync {
    fn emit(&self, event: Event);
}

/// A shared handle to a sink.
pub type Events = Arc<dyn EventSink>;

/// Drops every event (for library callers that want no output).
#[derive(Debug, Default)]
pub struct Discard;

impl EventSink for Discard {
    fn emit(&self, _event: Event) {}
}

/// Keeps every event in memory, for tests and for callers that inspect a run.
#[derive(Debug, Default)]
pub struct Recorder {
    events: Mutex<Vec<Event>>,
}

impl Recorder {
    pub fn new() -> Arc<Self> {
        Arc::new(Self::default())
    }

    /// A copy of every event so far.
    pub fn events(&self) -> Vec<Event> {
        self.events.lock().map(|e| e.clone()).unwrap_or_default()
    }
}

impl EventSink for Recorder {
    fn emit(&self, event: Event) {
        if let Ok(mut events) = self.events.lock() {
            events.push(event);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_enums_are_written_as_the_words_scripts_read() {
        let words = |e: &Event| serde_json::to_value(e).unwrap_or_default();
        let finished = |outcome| Event::NodeFinished {
            node: "answer".into(),
            step: 2,
            ms: 5,
            outcome,
        };
        assert_eq!(
            words(&finished(NodeOutcome::Goto("write".into())))["outcome"],
            "goto write"
        );
        assert_eq!(
            words(&finished(NodeOutcome::Interrupt))["outcome"],
            "interrupt"
        );
        assert_eq!(words(&finished(NodeOutcome::End))["outcome"], "end");
        let waiting = Event::Waiting {
            run: "r1".into(),
            question: "Q?".into(),
            prompt: None,
            kind: AnswerKind::Confirm,
            options: Vec::new(),
            reason: WaitReason::NoInput,
            resume_command: "archie resume r1".into(),
        };
        assert_eq!(
            words(&waiting),
            json!({"event": "waiting", "run": "r1", "question": "Q?", "kind": "confirm",
                   "reason": "no_input", "resume_command": "archie resume r1"})
        );
        let session = Event::Session {
            session: "s1".into(),
            status: SessionStatus::RetrievingMemory,
            new: false,
            tools: None,
            turns: None,
        };
        assert_eq!(words(&session)["status"], "retrieving_memory");
        let summary = Summary {
            status: CommandStatus::UsageError,
            ..Summary::default()
        };
        assert_eq!(
            words(&Event::Finished(Box::new(summary)))["status"],
            "usage_error"
        );
        for state in [
            TaskState::Pending,
            TaskState::Running,
            TaskState::Done,
            TaskState::Failed,
            TaskState::Skipped,
        ] {
            assert_eq!(json!(state), json!(state.as_str()));
            assert_eq!(
                serde_json::from_value::<TaskState>(json!(state.as_str())).ok(),
                Some(state)
            );
        }
    }
}
