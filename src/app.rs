//! The App: what every command shares. Output settings, the event sink, the prompter,
//! and the run lifecycle ([`App::run_flow`]): run a graph, and when it stops at a
//! question nobody here can answer, say so and how to continue (exit code 3).

use crate::cli::GlobalArgs;
use crate::error::{EXIT_WAITING, Interrupted, UsageError};
use crate::graph::{Checkpoint, Graph, Outcome, RunCtx};
use crate::memory::{Memory, MemoryError, MemoryFile, MergeReport};
use crate::store::{NewRun, RunCheckpointer, RunId, Status, Store};
use crate::ui::events::{Event, EventSink, Events, JsonLines};
use crate::ui::prompt::{Chain, NoInput, Prompter, Question, Scripted, Terminal};
use crate::ui::{Ui, Verbosity};
use serde::{Serialize, de::DeserializeOwned};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Instant;

pub struct App {
    pub global: GlobalArgs,
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

/// What a finished (or paused) run left behind.
pub struct RunResult<S> {
    pub state: S,
    pub outcome: Outcome,
    /// 0 when completed, 3 when waiting for an answer.
    pub exit_code: u8,
}

impl App {
    /// An App for this process's command line.
    pub fn new(global: GlobalArgs) -> Self {
        Self::with_run(global, std::env::args().collect(), None)
    }

    /// An App that records `argv` with a new run, or continues `resume`.
    pub fn with_run(global: GlobalArgs, argv: Vec<String>, resume: Option<Resume>) -> Self {
        let verbosity = if global.quiet || global.json {
            Verbosity::Quiet
        } else if global.verbose {
            Verbosity::Verbose
        } else {
            Verbosity::Normal
        };
        let ui = Ui::new(verbosity);
        let inner: Events = if global.json {
            Arc::new(JsonLines)
        } else {
            Arc::new(ui.clone())
        };
        let current = Arc::new(CurrentRun::default());
        let events: Events = Arc::new(Recording {
            inner,
            current: Arc::clone(&current),
        });
        let interactive = !global.no_input && crate::ui::is_interactive();
        Self {
            global,
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
        crate::store::state_dir(&self.global.memory_file, self.global.state_dir.as_deref())
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
        if let Some((store, run)) = self.current.get() {
            let _ = store.mark_interrupted(&run);
            let _ = console::Term::stderr().show_cursor();
            eprintln!("  continue with: {}", self.resume_command(&run));
        }
    }

    /// The command that continues `run`, with the options needed to find its store.
    pub fn resume_command(&self, run: &str) -> String {
        let mut cmd = String::from("archie");
        if let Some(dir) = &self.global.state_dir {
            cmd.push_str(&format!(
                " --state-dir {}",
                shell_quote(&dir.display().to_string())
            ));
        } else if self.global.memory_file != std::path::Path::new("context.json") {
            cmd.push_str(&format!(
                " --memory-file {}",
                shell_quote(&self.global.memory_file.display().to_string())
            ));
        }
        cmd.push_str(&format!(" resume {run}"));
        cmd
    }

    /// Scripted answers first (`--answer`, `--answers FILE`, `--yes`), then the terminal
    /// when there is one; otherwise nobody, and the run waits.
    pub fn prompter(&self) -> anyhow::Result<Box<dyn Prompter>> {
        let mut answers = Vec::new();
        if let Some(file) = &self.global.answers_file {
            answers.extend(Scripted::read_file(file)?);
        }
        answers.extend(self.global.answers.iter().cloned());
        let mut chain: Vec<Box<dyn Prompter>> = vec![Box::new(
            Scripted::new(answers, self.global.yes).with_events(self.events.clone()),
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
        MemoryFile::open(&self.global.memory_file)
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
            self.events.emit(Event::Done {
                message: format!("memory {}: {report}", file.path().display()),
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
                let memory_file = std::path::absolute(&self.global.memory_file)
                    .unwrap_or_else(|_| self.global.memory_file.clone());
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
            Err(err) if is_interrupted(err) => (Status::Interrupted, None),
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
            Err(err) if is_interrupted(&err) => return Err(Interrupted.into()),
            Err(err) => {
                return Err(anyhow::Error::new(err).context(format!(
                    "run {run} failed; its last finished step is kept: {}",
                    self.resume_command(&run)
                )));
            }
        };
        let exit_code = match &outcome {
            Outcome::Completed => 0,
            Outcome::Waiting { question, .. } => {
                self.say_waiting(question, &run);
                EXIT_WAITING
            }
        };
        Ok(RunResult {
            state,
            outcome,
            exit_code,
        })
    }

    /// Tells the user (on stderr, whatever the output mode) that the run needs an answer.
    fn say_waiting(&self, question: &Question, run: &str) {
        let how = if self.global.no_input {
            "--no-input was given"
        } else {
            "there is no terminal to ask at"
        };
        let answer = match &question.kind {
            crate::ui::prompt::QuestionKind::Confirm { .. } => {
                "--answer yes   (or --yes)".to_string()
            }
            crate::ui::prompt::QuestionKind::Choose { options } => {
                format!(
                    "--answer \"{}\"   (one of: {})",
                    options.first().map_or("", |o| o.as_str()),
                    options.join(", ")
                )
            }
            crate::ui::prompt::QuestionKind::Text => "--answer \"…\"".to_string(),
        };
        let mut msg = format!(
            "{} waiting for an answer ({how}):\n  {}\n",
            console::style("?").yellow().bold(),
            question.text.trim().replace('\n', "\n  "),
        );
        if let Some(prompt) = &question.prompt {
            msg.push_str(&format!("  {}\n", console::style(prompt).dim()));
        }
        msg.push_str(&format!(
            "  continue with: {} {answer}",
            self.resume_command(run)
        ));
        eprintln!("{msg}");
    }
}

/// Whether a run error is the user's Ctrl-C.
fn is_interrupted(err: &crate::graph::RunError) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(err);
    while let Some(e) = source {
        if e.is::<Interrupted>() {
            return true;
        }
        source = e.source();
    }
    false
}

/// Quotes `s` for a POSIX shell when it needs it.
fn shell_quote(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=@%+,".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// A usage error for a command whose options contradict each other.
pub fn usage(message: impl Into<String>) -> anyhow::Error {
    UsageError::new(message).into()
}
