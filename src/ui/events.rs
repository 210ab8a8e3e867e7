//! The one event stream of a run.
//!
//! Every layer reports what it is doing by emitting [`Event`]s into an [`EventSink`].
//! The human renderer draws them on stderr (spinners, bars, one line per finished
//! step); `--json` writes each one as a JSON object on its own line on stdout.

use serde::Serialize;
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
        outcome: String,
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
    /// LLM usage for the run so far (emitted at the end of LLM commands).
    Usage {
        calls: u64,
        prompt_tokens: u64,
        completion_tokens: u64,
        ms: u64,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        estimated: bool,
    },
    /// The run needs an answer. Without a terminal the run stops here (exit code 3).
    Interrupt {
        #[serde(skip_serializing_if = "Option::is_none")]
        run: Option<String>,
        question: String,
        kind: String,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        options: Vec<String>,
    },
    /// A question was answered without asking (`--answer`, `--answers`, `--yes`).
    Answered { prompt: String, answer: String },
    /// A file archie wrote (named again at the end of the run).
    Wrote { path: String, what: String },
    /// The command's result, for stdout.
    Result { text: String },
    /// The command's result as structured data, for stdout: pretty JSON for people, the
    /// value itself under `--json` (`{"event":"data","value":…}`), so scripts decode once.
    Data { value: serde_json::Value },
    /// A run ended: `status` is `completed`, `interrupted` or `failed`.
    RunFinished {
        #[serde(skip_serializing_if = "Option::is_none")]
        run: Option<String>,
        status: String,
        ms: u64,
    },
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

/// Writes each event as one JSON object per line on stdout (`--json`).
#[derive(Debug, Default)]
pub struct JsonLines;

impl EventSink for JsonLines {
    fn emit(&self, event: Event) {
        use std::io::Write;
        if let Ok(line) = serde_json::to_string(&event) {
            let line = crate::secrets::redact_text(&line);
            let mut out = std::io::stdout().lock();
            // A closed stdout (`| head`) must not kill the run.
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        }
    }
}
