//! The App: what every command shares. Its settings, the event sink, the prompter,
//! and the run lifecycle ([`App::run_flow`]): run a graph as a recorded run, and when it
//! stops at a question nobody here can answer, say so and how to continue (exit code 3).

pub mod dedupe;
pub mod knowledge;
pub mod memory;
mod settings;

pub use knowledge::{KnowledgeSettings, Preparation};
pub use settings::{DEFAULT_MEMORY_FILE, Overridden, Settings};

use crate::error::{BoxError, Exit, Interrupted, UsageError};
use crate::events::{
    CommandStatus, Event, EventSink, Events, MemoryChange, Pending, RunEnd, Summary, Usage,
    UsageSummary, WaitReason, Written,
};
use crate::graph::{
    Chain, Checkpoint, Graph, NoInput, Outcome, Prompter, RunCtx, RunError, Scripted,
};
use crate::llm::UsageMeter;
use crate::memory::{FollowStamp, Followed, Memory, MemoryError, MemoryFile, MergeReport, Reading};
use crate::store::{NewRun, RunCheckpointer, RunId, RunLock, Status, Store};
use crate::ui::{JsonLines, Terminal, Ui};
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Instant;

pub struct App {
    pub settings: Settings,
    /// Where every event goes: the human renderer, or JSON lines with `--json`. Files
    /// written and LLM usage are also recorded on the current run.
    pub events: Events,
    /// The human renderer (also used with `--json` to draw prompts).
    pub ui: Ui,
    /// Whether a human can be asked (stdin and stderr are terminals, no `--no-input`).
    pub interactive: bool,
    /// The command line recorded with a new run (secrets are removed by the store).
    argv: Vec<String>,
    /// Set when this invocation continues a recorded run (`archie resume`).
    resume: Option<Resume>,
    store: OnceLock<Arc<Store>>,
    current: Arc<CurrentRun>,
    summary: Arc<Mutex<Summary>>,
    /// The user stopped the run at a question (`/abort`).
    aborted: Arc<AtomicBool>,
    /// The LLM client's meter, so Ctrl-C can still record what the run used.
    meter: Mutex<Option<UsageMeter>>,
    /// A run stopped at a question: said last, after the memory and usage lines, so the
    /// command to continue is the last thing on the screen.
    waiting: Mutex<Option<Event>>,
    started: Instant,
    /// Who answers when there is no terminal, before the run waits (`archie mcp`: the
    /// client's elicitation).
    asker: Option<Arc<dyn Prompter>>,
}

/// A recorded run to continue, and its latest checkpoint (none if no step finished).
#[derive(Debug, Clone)]
pub struct Resume {
    pub run: RunId,
    pub checkpoint: Option<Checkpoint>,
    /// This process owns the run while this lives (taken before the checkpoint was read).
    pub owner: Option<Arc<RunLock>>,
}

/// The run in progress, shared with the event sink that records on it: its store, its
/// id, and the usage its earlier attempts recorded (a resumed run's usage adds up).
#[derive(Default)]
struct CurrentRun(Mutex<Option<Recorded>>);

#[derive(Clone)]
struct Recorded {
    store: Arc<Store>,
    run: RunId,
    earlier: Option<RecordedUsage>,
}

impl CurrentRun {
    fn get(&self) -> Option<Recorded> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn set(&self, run: Option<Recorded>) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = run;
    }
}

/// The usage a run records: every figure written (zeros too), and the number of
/// attempts once there were several (a resumed run's usage adds up).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct RecordedUsage {
    calls: u64,
    prompt_tokens: u64,
    completion_tokens: u64,
    ms: u64,
    estimated: bool,
    estimated_calls: u64,
    requests: u64,
    failed: u64,
    refused: u64,
    truncated: u64,
    /// The most requests in flight at once, in any attempt.
    concurrency: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    attempts: Option<u64>,
}

impl RecordedUsage {
    /// What the run store holds, when it holds usage (a record without `calls` is none).
    fn read(value: &serde_json::Value) -> Option<Self> {
        value.get("calls")?;
        serde_json::from_value(value.clone()).ok()
    }

    /// This attempt's usage added to what the run's `earlier` attempts recorded.
    fn add(earlier: Option<&Self>, now: &Usage) -> Self {
        let none = Self::default();
        let e = earlier.unwrap_or(&none);
        Self {
            calls: e.calls + now.calls,
            prompt_tokens: e.prompt_tokens + now.prompt_tokens,
            completion_tokens: e.completion_tokens + now.completion_tokens,
            ms: e.ms + now.ms,
            estimated: e.estimated || now.estimated,
            estimated_calls: e.estimated_calls + now.estimated_calls,
            requests: e.requests + now.requests,
            failed: e.failed + now.failed,
            refused: e.refused + now.refused,
            truncated: e.truncated + now.truncated,
            concurrency: e.concurrency.max(now.concurrency),
            attempts: earlier.map(|e| e.attempts.unwrap_or(1) + 1),
        }
    }
}

/// Passes every event on, records files written and LLM usage on the current run, and
/// keeps what the final `result` event reports.
struct Recording {
    inner: Events,
    current: Arc<CurrentRun>,
    summary: Arc<Mutex<Summary>>,
    /// Set by [`Event::Aborted`]: the run ended because the user stopped it.
    aborted: Arc<AtomicBool>,
}

impl Recording {
    fn note(&self, event: &Event) {
        let mut summary = self.summary.lock().unwrap_or_else(PoisonError::into_inner);
        match event {
            Event::RunStarted { run: Some(run), .. } => summary.run = Some(run.clone()),
            Event::Wrote { path, what } => summary.files.push(Written {
                path: path.clone(),
                what: what.clone(),
            }),
            Event::MemorySaved {
                path,
                entities_added,
                relationships_added,
                updated,
                stubs_added,
                ..
            } => {
                summary.memory = Some(MemoryChange {
                    path: path.clone(),
                    entities_added: entities_added + stubs_added,
                    relationships_added: *relationships_added,
                    updated: *updated,
                })
            }
            Event::Duplicates { pending, .. } => summary.duplicates = pending.clone(),
            Event::Aborted { .. } => self.aborted.store(true, Ordering::SeqCst),
            Event::Usage(usage) => {
                summary.usage = Some(UsageSummary {
                    calls: usage.calls,
                    prompt_tokens: usage.prompt_tokens,
                    completion_tokens: usage.completion_tokens,
                    llm_ms: usage.ms,
                    wall_ms: 0,
                })
            }
            Event::Waiting {
                question,
                kind,
                options,
                resume_command,
                ..
            } => {
                summary.question = Some(Pending {
                    question: question.clone(),
                    kind: *kind,
                    options: options.clone(),
                });
                summary.resume_command = Some(resume_command.clone());
            }
            Event::Interrupted {
                resume_command: Some(cmd),
                ..
            } => summary.resume_command = Some(cmd.clone()),
            Event::Result { text } => {
                let all = summary.text.get_or_insert_with(String::new);
                if !all.is_empty() {
                    all.push('\n');
                }
                all.push_str(text);
            }
            Event::Error { message, .. } => summary.error = Some(crate::text::plain_serde(message)),
            _ => {}
        }
    }
}

impl EventSink for Recording {
    fn emit(&self, event: Event) {
        self.note(&event);
        if let Some(Recorded {
            store,
            run,
            earlier,
        }) = self.current.get()
        {
            let recorded = match &event {
                Event::Wrote { path, what } => store
                    .add_output(&run, path.as_ref(), what)
                    .map_err(anyhow::Error::new),
                Event::Usage(usage) => {
                    serde_json::to_value(RecordedUsage::add(earlier.as_ref(), usage))
                        .map_err(anyhow::Error::new)
                        .and_then(|usage| Ok(store.set_usage(&run, usage)?))
                }
                _ => Ok(()),
            };
            if let Err(err) = recorded {
                self.inner.emit(Event::Warning {
                    message: format!("could not record this on run {run}: {err}"),
                });
            }
        }
        self.inner.emit(event);
    }
}

/// Both sinks: JSON lines on stdout, and the renderer for what must reach stderr
/// whatever the output mode (a question waiting, an error, Ctrl-C).
struct Both(Events, Events);

impl EventSink for Both {
    fn emit(&self, event: Event) {
        self.0.emit(event.clone());
        self.1.emit(event);
    }
}

/// Streamed tokens redacted as a whole: a secret that the model's tokens cut into pieces
/// (`probe`, `NOPREF`, `IX-…`) reaches neither the terminal nor `--json` (see
/// [`crate::secrets::StreamRedactor`]). A progress or usage event passes through as it
/// comes; every other event ends the stream: it passes after what the stream held back.
struct RedactedStream {
    inner: Events,
    held: Mutex<crate::secrets::StreamRedactor>,
}

impl RedactedStream {
    fn new(inner: Events) -> Self {
        Self {
            inner,
            held: Mutex::new(crate::secrets::StreamRedactor::new()),
        }
    }

    fn pass(&self, text: String) {
        if !text.is_empty() {
            self.inner.emit(Event::Token { text });
        }
    }
}

impl EventSink for RedactedStream {
    fn emit(&self, event: Event) {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        match event {
            Event::Token { text } => {
                let ready = held.push(&text);
                drop(held);
                self.pass(ready);
            }
            // A status line drawn while the answer streams (the model is quiet, the usage
            // moved) is not the end of the answer: the word being written stays held, or
            // its first half would pass unredacted before the line and its rest after.
            other @ (Event::Progress { .. } | Event::ProgressDone { .. } | Event::Usage(_)) => {
                drop(held);
                self.inner.emit(other);
            }
            other => {
                let rest = held.finish();
                drop(held);
                self.pass(rest);
                self.inner.emit(other);
            }
        }
    }
}

/// A prompter shared with whoever made it.
struct Shared(Arc<dyn Prompter>);

impl Prompter for Shared {
    fn ask<'a>(
        &'a self,
        question: &'a crate::graph::Question,
    ) -> futures_util::future::BoxFuture<
        'a,
        Result<Option<crate::graph::Answer>, crate::error::BoxError>,
    > {
        self.0.ask(question)
    }
}

/// What a finished (or paused) run left behind.
pub struct RunResult<S> {
    pub state: S,
    pub outcome: Outcome,
    /// [`Exit::Done`], or [`Exit::Waiting`] when the run stopped at a question.
    pub exit: Exit,
}

/// A recorded run failed; its last finished step is kept and it can be resumed. It
/// reads as what went wrong (the step's own error, whose causes follow); where the run
/// stopped and how to continue it are hints.
#[derive(Debug)]
pub struct RunFailed {
    pub run: String,
    /// The step that failed, in words (`extracting knowledge`), and its number.
    pub step: Option<(String, u32)>,
    pub resume_command: String,
    pub source: BoxError,
}

impl std::fmt::Display for RunFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.source)
    }
}

impl std::error::Error for RunFailed {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        // The step's error itself: the edge prints its message once (it is this one's)
        // and then its causes, and finds its exit code and hints.
        Some(self.source.as_ref())
    }
}

impl RunFailed {
    fn new(run: &RunId, resume_command: String, err: RunError) -> Self {
        let (step, source, resume_command) = match err {
            RunError::Node { node, step, source } => (
                Some((crate::flows::step_words(&node).to_string(), step)),
                source,
                resume_command,
            ),
            // An answer that does not fit the question: the run still waits for one.
            RunError::Prompt(source) => (
                Some(("its question".to_string(), 0)),
                source,
                format!("{resume_command} --answer \"…\""),
            ),
            other => (None, Box::new(other) as BoxError, resume_command),
        };
        Self {
            run: run.to_string(),
            step,
            resume_command,
            source,
        }
    }

    /// `run r7k2 stopped at step 2 (extracting knowledge).`
    pub fn where_it_stopped(&self) -> String {
        match &self.step {
            Some((words, 0)) => format!("run {} stopped at {words}.", self.run),
            Some((words, step)) => {
                format!("run {} stopped at step {step} ({words}).", self.run)
            }
            None => format!("run {} stopped.", self.run),
        }
    }
}

impl App {
    /// An App that records `argv` with a new run, or continues `resume`.
    pub fn new(settings: Settings, argv: Vec<String>, resume: Option<Resume>) -> Self {
        let ui = Ui::new(settings.verbosity, settings.json);
        let inner: Events = if settings.json {
            Arc::new(Both(Arc::new(JsonLines), Arc::new(ui.clone())))
        } else {
            Arc::new(ui.clone())
        };
        let inner: Events = Arc::new(RedactedStream::new(inner));
        let current = Arc::new(CurrentRun::default());
        let summary = Arc::new(Mutex::new(Summary::default()));
        let aborted = Arc::new(AtomicBool::new(false));
        let events: Events = Arc::new(Recording {
            inner,
            current: Arc::clone(&current),
            summary: Arc::clone(&summary),
            aborted: Arc::clone(&aborted),
        });
        let interactive = !settings.no_input && crate::ui::is_interactive();
        Self {
            settings,
            events,
            ui,
            interactive,
            argv,
            resume,
            store: OnceLock::new(),
            current,
            summary,
            aborted,
            meter: Mutex::new(None),
            waiting: Mutex::new(None),
            started: Instant::now(),
            asker: None,
        }
    }

    /// Asks `asker` the questions no scripted answer and no terminal answers.
    pub fn with_asker(mut self, asker: Arc<dyn Prompter>) -> Self {
        self.asker = Some(asker);
        self
    }

    /// The LLM client's usage meter: its usage is recorded even when Ctrl-C ends the
    /// command before the usage line.
    pub fn track_usage(&self, meter: UsageMeter) {
        *self.meter.lock().unwrap_or_else(PoisonError::into_inner) = Some(meter);
    }

    /// Emits the usage of the tracked LLM client, once.
    pub fn emit_usage(&self) {
        let meter = self
            .meter
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(meter) = meter {
            meter.emit(&self.events);
        }
    }

    /// The last event of every command: how it ended and what it left behind (under
    /// `--json`, the line `tail -1` reads).
    pub fn finish(&self, exit: Exit) {
        if crate::stdout::is_closed() {
            // Its reader went away (`| head`): end quietly, as ripgrep does.
            return;
        }
        let waiting = self
            .waiting
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(event) = waiting {
            self.events.emit(event);
        }
        let mut summary = self
            .summary
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        summary.status = match exit {
            Exit::Done => CommandStatus::Completed,
            Exit::Waiting => CommandStatus::Waiting,
            Exit::Declined if self.aborted.load(Ordering::SeqCst) => CommandStatus::Aborted,
            Exit::Declined => CommandStatus::Declined,
            Exit::Interrupted => CommandStatus::Interrupted,
            Exit::Failed => CommandStatus::Failed,
            Exit::Usage => CommandStatus::UsageError,
        };
        summary.exit_code = exit.code();
        if let Some(usage) = &mut summary.usage {
            usage.wall_ms = self.started.elapsed().as_millis() as u64;
        }
        if matches!(exit, Exit::Done | Exit::Usage | Exit::Declined) {
            summary.resume_command = None;
        }
        self.events.emit(Event::Finished(Box::new(summary)));
    }

    /// The id of the run being recorded, once it is.
    pub fn current_run(&self) -> Option<String> {
        self.current.get().map(|r| r.run.to_string())
    }

    /// Whether this invocation continues a recorded run (`archie resume`).
    pub fn is_resume(&self) -> bool {
        self.resume.is_some()
    }

    /// The checkpoint a resumed run continues from, if any.
    pub fn resumed_checkpoint(&self) -> Option<&crate::graph::Checkpoint> {
        self.resume.as_ref()?.checkpoint.as_ref()
    }

    /// The folder of the run store (`.archie/` beside the memory file, or `--state-dir`).
    pub fn state_dir(&self) -> PathBuf {
        self.settings.state_dir()
    }

    /// The run store, opened (and created) on first use.
    pub fn store(&self) -> anyhow::Result<Arc<Store>> {
        if let Some(store) = self.store.get() {
            return Ok(Arc::clone(store));
        }
        let store = Arc::new(Store::open(&self.state_dir())?);
        Ok(Arc::clone(self.store.get_or_init(|| store)))
    }

    /// Ctrl-C: the step in progress is abandoned; the run keeps the checkpoint of its last
    /// finished step and is marked interrupted. Says how to continue.
    pub fn interrupted(&self) {
        self.emit_usage();
        let current = self.current.get();
        self.mark_interrupted();
        self.events.emit(Event::Interrupted {
            run: current.as_ref().map(|r| r.run.to_string()),
            resume_command: current.map(|r| resume_command(&self.settings, &r.run)),
        });
    }

    /// stdout's reader went away: the step in progress is abandoned and the run keeps
    /// the checkpoint of its last finished step, marked interrupted (so `archie resume`
    /// continues it), like Ctrl-C, but nothing is said: nobody is reading.
    pub fn stdout_closed(&self) {
        self.mark_interrupted();
    }

    fn mark_interrupted(&self) {
        if let Some(Recorded { store, run, .. }) = &self.current.get() {
            let _ = store.mark_interrupted(run);
        }
    }

    /// Scripted answers first (`--answer`, `--answers FILE`, `--yes`), then the terminal
    /// when there is one; otherwise nobody, and the run waits.
    pub fn prompter(&self) -> anyhow::Result<Box<dyn Prompter>> {
        let mut answers = Vec::new();
        if let Some(file) = &self.settings.answers_file {
            answers.extend(Scripted::read_file(file)?);
        }
        answers.extend(self.settings.answers.iter().cloned());
        let mut chain: Vec<Box<dyn Prompter>> = vec![Box::new(
            Scripted::new(answers, self.settings.yes).with_events(self.events.clone()),
        )];
        if self.interactive {
            chain.push(Box::new(Terminal::new(self.ui.clone())));
        } else {
            if let Some(asker) = &self.asker {
                chain.push(Box::new(Shared(Arc::clone(asker))));
            }
            chain.push(Box::new(NoInput));
        }
        Ok(Box::new(Chain(chain)))
    }

    /// Loads the memory file (`--memory-file`). A missing file is an empty memory; a
    /// corrupt one stops the command (exit code 2) and is never overwritten.
    /// What the read found that the next save would drop or flatten is shown as warnings.
    pub fn open_memory(&self) -> Result<(MemoryFile, Memory), MemoryError> {
        let (file, memory) = MemoryFile::open(&self.settings.memory_file)?;
        self.memory_problems(file.path(), file.problems());
        Ok((file, memory))
    }

    /// Loads the prompts (`--prompts-dir`, `--prompts-config`, the built-ins), showing
    /// what the loading warns about.
    pub fn prompts(&self) -> Result<crate::prompts::Prompts, crate::prompts::PromptError> {
        let prompts = crate::prompts::Prompts::load(
            self.settings.prompts_dir.as_deref(),
            self.settings.prompts_config.as_deref(),
        )?;
        for warning in prompts.warnings() {
            self.events.emit(Event::Warning {
                message: warning.clone(),
            });
        }
        Ok(prompts)
    }

    /// Shows what reading the memory file `path` found, one warning each.
    pub fn memory_problems(&self, path: &std::path::Path, problems: Vec<String>) {
        for problem in problems {
            self.events.emit(Event::Warning {
                message: format!("{}: {problem}", path.display()),
            });
        }
    }

    /// Merges what the run `learned` into the memory loaded at the start and saves it
    /// (atomically, merged with whatever another process saved meanwhile). Says what
    /// changed in one line; an unchanged memory is not rewritten.
    pub fn save_memory(
        &self,
        file: &MemoryFile,
        memory: Memory,
        learned: Memory,
    ) -> anyhow::Result<MergeReport> {
        self.save_memory_saying(file, memory, learned, None, true)
    }

    /// Under `--json`, what a run or an import changed in the memory, fact by fact, as a
    /// `data` event (`{"memory_diff": …}`, `archie memory diff`'s shape).
    pub fn report_diff(&self, before: &Memory, after: &Memory) {
        if !self.settings.json {
            return;
        }
        let diff = after.diff_from(before);
        if let Ok(value) = serde_json::to_value(&diff) {
            self.events.emit(Event::Data {
                value: serde_json::json!({ "memory_diff": value }),
            });
        }
    }

    /// [`App::save_memory`] at the end of a run over documents: the memory follows what
    /// the run `read` (see [`Memory::follow`]): facts the documents no longer state are
    /// retracted, and the line says which and why.
    pub fn save_following(
        &self,
        file: &MemoryFile,
        memory: Memory,
        learned: Memory,
        read: Option<&Reading>,
    ) -> anyhow::Result<MergeReport> {
        self.save_memory_saying(file, memory, learned, read, true)
    }

    /// [`App::save_memory`] midway through a run (what extraction learned, kept whatever
    /// ends the run next): said as detail (`-v`) only, as the run's last save says what
    /// the whole run changed; unless it merged with another process's save.
    pub fn keep_memory(
        &self,
        file: &MemoryFile,
        memory: Memory,
        learned: Memory,
    ) -> anyhow::Result<MergeReport> {
        self.save_memory_saying(file, memory, learned, None, false)
    }

    fn save_memory_saying(
        &self,
        file: &MemoryFile,
        mut memory: Memory,
        learned: Memory,
        read: Option<&Reading>,
        loud: bool,
    ) -> anyhow::Result<MergeReport> {
        // The run's own diff, for `--json` readers and pull-request comments.
        let before = (loud && self.settings.json).then(|| memory.clone());
        let (report, followed) = match read {
            Some(read) => {
                let stamp = FollowStamp {
                    at: crate::clock::Utc::from_ms(crate::store::now_ms()).iso(),
                    run: self.current_run().unwrap_or_default(),
                };
                memory.follow(learned, read, &stamp)
            }
            None => (memory.merge(learned), Followed::default()),
        };
        memory.readable_names();
        // The pairs that are probably one thing go in with this save; the end of the run
        // asks about them (see `review_duplicates`).
        memory.note_duplicates();
        let saved = file.save(&memory)?;
        // A merge with another writer's save is said when it happens.
        if saved.written && (loud || saved.merged_with_disk) {
            let mut event = Event::memory_saved(&saved, &report);
            if let Event::MemorySaved {
                path,
                retracted_entities,
                retracted_relationships,
                because,
                ..
            } = &mut event
            {
                *retracted_entities = followed.entities.len() as u64;
                *retracted_relationships = followed.relationships.len() as u64;
                *because = followed.because();

                // One form on a first run and a resume (whose memory file is recorded
                // absolute): relative under the current folder, absolute elsewhere.
                let at = Path::new(path.as_str());
                let at = crate::files::lexical(
                    &std::path::absolute(at).unwrap_or_else(|_| at.to_path_buf()),
                );
                *path = crate::text::near(&at.display().to_string());
            }
            self.events.emit(event);
            if let Some(before) = &before {
                self.report_diff(before, &memory);
            }
        } else if saved.written {
            self.events.emit(Event::Detail {
                message: format!(
                    "kept what extraction learned in {} ({})",
                    file.path().display(),
                    crate::text::merge_summary(
                        report.entities_added as u64,
                        report.relationships_added as u64,
                        (report.entities_updated + report.relationships_updated) as u64,
                        report.stubs_added as u64,
                        report.skipped as u64,
                    )
                ),
            });
        }
        Ok(report)
    }

    /// Runs `graph` over `state` as a recorded run: from its start, or, when this App
    /// continues a run, from that run's latest checkpoint (whose state replaces `state`).
    /// Every step is checkpointed; the run ends completed, interrupted (waiting for an
    /// answer: exit code 3) or failed.
    pub async fn run_flow<S, E>(
        &self,
        graph: &Graph<S, E>,
        state: S,
        env: &E,
    ) -> anyhow::Result<RunResult<S>>
    where
        S: Serialize + DeserializeOwned + Send,
        E: Sync,
    {
        let prompter = self.prompter()?;
        let store = self.store()?;
        let (run, mut state, cursor, steps) = match &self.resume {
            None => {
                let memory_file = std::path::absolute(&self.settings.memory_file)
                    .unwrap_or_else(|_| self.settings.memory_file.clone());
                let run = store.create_run(NewRun {
                    command: graph.name().into(),
                    args: self.argv.clone(),
                    memory_file,
                    flow: graph.name().into(),
                })?;
                (run, state, graph.start(), 0)
            }
            Some(Resume {
                run,
                checkpoint: Some(cp),
                ..
            }) => {
                if cp.flow != graph.name() {
                    return Err(UsageError::new(format!(
                        "run {run} is a `{}` run, not `{}`",
                        cp.flow,
                        graph.name()
                    ))
                    .into());
                }
                let state = serde_json::from_value(cp.state.clone())?;
                (run.clone(), state, cp.next.clone(), cp.step)
            }
            Some(Resume {
                run,
                checkpoint: None,
                ..
            }) => (run.clone(), state, graph.start(), 0),
        };
        // One owner per run (a resume took it before reading the checkpoint).
        let _owner = match &self.resume {
            None => Some(store.claim(&run)?),
            Some(_) => None,
        };
        let earlier = match &self.resume {
            Some(_) => store
                .get_run(&run)?
                .and_then(|r| r.usage)
                .and_then(|usage| RecordedUsage::read(&usage)),
            None => None,
        };
        self.current.set(Some(Recorded {
            store: Arc::clone(&store),
            run: run.clone(),
            earlier,
        }));
        store.set_status(&run, Status::Running, None)?;
        let started = Instant::now();
        self.events.emit(Event::RunStarted {
            flow: graph.name().into(),
            run: Some(run.to_string()),
        });
        let checkpointer = RunCheckpointer::new(&store, &run);
        let rc = RunCtx {
            env,
            events: &self.events,
            prompter: prompter.as_ref(),
            checkpointer: &checkpointer,
            run_id: Some(&run),
        };
        let result = graph.run(&mut state, cursor, steps, &rc).await;
        let ms = started.elapsed().as_millis() as u64;
        let aborted = self.aborted.load(Ordering::SeqCst);
        let (status, error) = match &result {
            Ok(Outcome::Completed) if aborted => (RunEnd::Aborted, None),
            Ok(Outcome::Completed) => (RunEnd::Completed, None),
            Ok(Outcome::Waiting { .. }) => (RunEnd::Waiting, None),
            // Ctrl-C at a prompt arrives as an error from the prompt as well as a signal.
            Err(err) if crate::error::is_interrupted(err) => (RunEnd::Interrupted, None),
            Err(err) => (RunEnd::Failed, Some(format!("{err:#}"))),
        };
        let stored = match status {
            RunEnd::Completed => Status::Completed,
            RunEnd::Waiting | RunEnd::Interrupted => Status::Interrupted,
            RunEnd::Failed => Status::Failed,
            RunEnd::Aborted => Status::Aborted,
        };
        store.set_status(&run, stored, error.as_deref())?;
        self.events.emit(Event::RunFinished {
            run: Some(run.to_string()),
            status,
            ms,
        });
        let outcome = match result {
            Ok(outcome) => outcome,
            Err(err) if crate::error::is_interrupted(&err) => return Err(Interrupted.into()),
            Err(source) => {
                return Err(
                    RunFailed::new(&run, resume_command(&self.settings, &run), source).into(),
                );
            }
        };
        let exit = match &outcome {
            // The user said stop: not a success a script could mistake for one.
            Outcome::Completed if aborted => Exit::Declined,
            Outcome::Completed => Exit::Done,
            Outcome::Waiting { question, .. } => {
                let waiting = Event::Waiting {
                    run: run.to_string(),
                    question: question.text.clone(),
                    prompt: question.prompt.clone(),
                    kind: question.kind.name(),
                    options: question.kind.options().to_vec(),
                    reason: if self.settings.no_input {
                        WaitReason::NoInput
                    } else {
                        WaitReason::NoTerminal
                    },
                    resume_command: resume_command(&self.settings, &run),
                };
                *self.waiting.lock().unwrap_or_else(PoisonError::into_inner) = Some(waiting);
                Exit::Waiting
            }
        };
        Ok(RunResult {
            state,
            outcome,
            exit,
        })
    }
}

/// The command that continues `run`, with the option that finds its store: the one
/// function every "continue with" hint uses. The path it names works from where the user
/// stands: relative when it lies under the current folder, absolute otherwise; and
/// nothing at all when archie would find the store there by default.
pub fn resume_command(settings: &Settings, run: &str) -> String {
    let mut words = vec!["archie".to_string()];
    let here = std::env::current_dir().ok();
    let abs = |p: &Path| {
        crate::files::lexical(&std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf()))
    };
    let shown = |p: &Path| {
        let p = abs(p);
        match here.as_deref().and_then(|h| p.strip_prefix(h).ok()) {
            Some(rel) if !rel.as_os_str().is_empty() => rel.display().to_string(),
            _ => p.display().to_string(),
        }
    };
    let default_store = abs(&crate::store::state_dir(
        Path::new(DEFAULT_MEMORY_FILE),
        None,
    ));
    let store = abs(&settings.state_dir());
    if store != default_store {
        let by_memory = abs(&crate::store::state_dir(&settings.memory_file, None));
        if by_memory == store {
            words.push("--memory-file".into());
            words.push(shown(&settings.memory_file));
        } else {
            words.push("--state-dir".into());
            words.push(shown(&store));
        }
    }
    words.push("resume".into());
    words.push(run.to_string());
    crate::shell::join(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A secret the model's tokens cut in two around a progress line (the model went
    /// quiet mid-word) reaches the events as `[redacted]`, never in halves.
    #[test]
    fn a_secret_cut_by_a_progress_line_is_still_redacted() {
        crate::secrets::register("probeSPLIT-SECRET789");
        let recorder = crate::events::Recorder::new();
        let inner: Events = recorder.clone();
        let stream = RedactedStream::new(inner);
        stream.emit(Event::Token {
            text: "Is probeSPL".into(),
        });
        stream.emit(Event::Progress {
            task: crate::llm::WAITING.into(),
            done: 0,
            total: None,
            detail: Some("waiting for the model (10 s)".into()),
        });
        stream.emit(Event::ProgressDone {
            task: crate::llm::WAITING.into(),
        });
        stream.emit(Event::Token {
            text: "IT-SECRET789 the key?".into(),
        });
        stream.emit(Event::TokensDone);
        let text: String = recorder
            .events()
            .iter()
            .filter_map(|e| match e {
                Event::Token { text } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(text, "Is [redacted] the key?");
    }

    #[test]
    fn a_resumed_runs_usage_adds_up_and_is_recorded_as_before() {
        let first = Usage {
            calls: 3,
            prompt_tokens: 100,
            completion_tokens: 20,
            ms: 40,
            requests: 4,
            refused: 1,
            concurrency: 2,
            ..Usage::default()
        };
        let once = RecordedUsage::add(None, &first);
        // Every figure, zeros too; no `attempts` on a first attempt.
        assert_eq!(
            serde_json::to_string(&serde_json::to_value(&once).unwrap_or_default())
                .unwrap_or_default(),
            r#"{"calls":3,"completion_tokens":20,"concurrency":2,"estimated":false,"estimated_calls":0,"failed":0,"ms":40,"prompt_tokens":100,"refused":1,"requests":4,"truncated":0}"#
        );
        let stored = serde_json::to_value(&once).unwrap_or_default();
        let second = Usage {
            calls: 1,
            prompt_tokens: 10,
            estimated: true,
            estimated_calls: 1,
            requests: 1,
            concurrency: 1,
            ..Usage::default()
        };
        let twice = RecordedUsage::add(RecordedUsage::read(&stored).as_ref(), &second);
        assert_eq!(
            serde_json::to_string(&serde_json::to_value(&twice).unwrap_or_default())
                .unwrap_or_default(),
            r#"{"attempts":2,"calls":4,"completion_tokens":20,"concurrency":2,"estimated":true,"estimated_calls":1,"failed":0,"ms":40,"prompt_tokens":110,"refused":1,"requests":5,"truncated":0}"#
        );
        // A third attempt counts on; a record without calls is no earlier usage.
        let stored = serde_json::to_value(&twice).unwrap_or_default();
        let third = RecordedUsage::add(RecordedUsage::read(&stored).as_ref(), &second);
        assert_eq!(third.attempts, Some(3));
        assert_eq!(RecordedUsage::read(&serde_json::json!({"ms": 5})), None);
    }
}
