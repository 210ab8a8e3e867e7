//! The App: what every command shares. Its settings, the event sink, the prompter,
//! and the run lifecycle ([`App::run_flow`]): run a graph as a recorded run, and when it
//! stops at a question nobody here can answer, say so and how to continue (exit code 3).

mod settings;

pub use settings::{DEFAULT_MEMORY_FILE, Overridden, Settings};

use crate::error::{Exit, Interrupted, UsageError};
use crate::events::{Event, EventSink, Events};
use crate::graph::{
    Chain, Checkpoint, Graph, NoInput, Outcome, Prompter, RunCtx, RunError, Scripted,
};
use crate::memory::{Memory, MemoryError, MemoryFile, MergeReport};
use crate::store::{NewRun, RunCheckpointer, RunId, Status, Store};
use crate::ui::{JsonLines, Terminal, Ui};
use serde::{Serialize, de::DeserializeOwned};
use std::path::PathBuf;
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
}

/// A recorded run to continue, and its latest checkpoint (none if no step finished).
#[derive(Debug, Clone)]
pub struct Resume {
    pub run: RunId,
    pub checkpoint: Option<Checkpoint>,
}

/// The run in progress, shared with the event sink that records on it.
#[derive(Default)]
struct CurrentRun(Mutex<Option<(Arc<Store>, RunId)>>);

impl CurrentRun {
    fn get(&self) -> Option<(Arc<Store>, RunId)> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn set(&self, run: Option<(Arc<Store>, RunId)>) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = run;
    }
}

/// Passes every event on, and records files written and LLM usage on the current run.
struct Recording {
    inner: Events,
    current: Arc<CurrentRun>,
}

impl EventSink for Recording {
    fn emit(&self, event: Event) {
        if let Some((store, run)) = self.current.get() {
            let recorded = match &event {
                Event::Wrote { path, what } => store.add_output(&run, path.as_ref(), what),
                Event::Usage {
                    calls,
                    prompt_tokens,
                    completion_tokens,
                    ms,
                    estimated,
                } => store.set_usage(
                    &run,
                    serde_json::json!({
                        "calls": calls,
                        "prompt_tokens": prompt_tokens,
                        "completion_tokens": completion_tokens,
                        "ms": ms,
                        "estimated": estimated,
                    }),
                ),
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

/// What a finished (or paused) run left behind.
pub struct RunResult<S> {
    pub state: S,
    pub outcome: Outcome,
    /// [`Exit::Done`], or [`Exit::Waiting`] when the run stopped at a question.
    pub exit: Exit,
}

/// A recorded run failed; its last finished step is kept and it can be resumed.
#[derive(Debug, thiserror::Error)]
#[error("run {run} failed; its last finished step is kept")]
pub struct RunFailed {
    pub run: String,
    pub resume_command: String,
    #[source]
    pub source: RunError,
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
        let current = Arc::new(CurrentRun::default());
        let events: Events = Arc::new(Recording {
            inner,
            current: Arc::clone(&current),
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
        }
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
        let current = self.current.get();
        if let Some((store, run)) = &current {
            let _ = store.mark_interrupted(run);
        }
        self.events.emit(Event::Interrupted {
            run: current.as_ref().map(|(_, run)| run.to_string()),
            resume_command: current.map(|(_, run)| resume_command(&self.settings, &run)),
        });
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
            chain.push(Box::new(NoInput));
        }
        Ok(Box::new(Chain(chain)))
    }

    /// Loads the memory file (`--memory-file`). A missing file is an empty memory; a
    /// corrupt one stops the command (exit code 2) and is never overwritten.
    pub fn open_memory(&self) -> Result<(MemoryFile, Memory), MemoryError> {
        MemoryFile::open(&self.settings.memory_file)
    }

    /// Merges what the run `learned` into the memory loaded at the start and saves it
    /// (atomically, merged with whatever another process saved meanwhile). Says what
    /// changed in one line; an unchanged memory is not rewritten.
    pub fn save_memory(
        &self,
        file: &MemoryFile,
        mut memory: Memory,
        learned: Memory,
    ) -> anyhow::Result<MergeReport> {
        let report = memory.merge(learned);
        let saved = file.save(&memory)?;
        if saved.written {
            self.events.emit(Event::MemorySaved {
                path: file.path().display().to_string(),
                entities_added: report.entities_added as u64,
                relationships_added: report.relationships_added as u64,
                updated: (report.entities_updated + report.relationships_updated) as u64,
                stubs_added: report.stubs_added as u64,
                skipped: report.skipped as u64,
                merged_with_disk: saved.merged_with_disk,
                written: true,
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
            }) => (run.clone(), state, graph.start(), 0),
        };
        self.current.set(Some((Arc::clone(&store), run.clone())));
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
        let (status, error) = match &result {
            Ok(Outcome::Completed) => (Status::Completed, None),
            Ok(Outcome::Waiting { .. }) => (Status::Interrupted, None),
            // Ctrl-C at a prompt arrives as an error from the prompt as well as a signal.
            Err(err) if crate::error::is_interrupted(err) => (Status::Interrupted, None),
            Err(err) => (Status::Failed, Some(format!("{err:#}"))),
        };
        store.set_status(&run, status, error.as_deref())?;
        self.events.emit(Event::RunFinished {
            run: Some(run.to_string()),
            status: status.as_str().into(),
            ms,
        });
        let outcome = match result {
            Ok(outcome) => outcome,
            Err(err) if crate::error::is_interrupted(&err) => return Err(Interrupted.into()),
            Err(source) => {
                return Err(RunFailed {
                    run: run.to_string(),
                    resume_command: resume_command(&self.settings, &run),
                    source,
                }
                .into());
            }
        };
        let exit = match &outcome {
            Outcome::Completed => Exit::Done,
            Outcome::Waiting { question, .. } => {
                self.events.emit(Event::Waiting {
                    run: run.to_string(),
                    question: question.text.clone(),
                    prompt: question.prompt.clone(),
                    kind: question.kind.name().into(),
                    options: question.kind.options().to_vec(),
                    reason: if self.settings.no_input {
                        "no_input"
                    } else {
                        "no_terminal"
                    }
                    .into(),
                    resume_command: resume_command(&self.settings, &run),
                });
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
/// function every "continue with" hint uses.
pub fn resume_command(settings: &Settings, run: &str) -> String {
    let mut words = vec!["archie".to_string()];
    if let Some(dir) = &settings.state_dir {
        words.push("--state-dir".into());
        words.push(dir.display().to_string());
    } else if settings.memory_file != std::path::Path::new(DEFAULT_MEMORY_FILE) {
        words.push("--memory-file".into());
        words.push(settings.memory_file.display().to_string());
    }
    words.push("resume".into());
    words.push(run.to_string());
    crate::shell::join(words)
}
