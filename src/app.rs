//! The App: what every command shares. Output settings, the event sink, the prompter,
//! and the run lifecycle ([`App::run_flow`]): run a graph, and when it stops at a
//! question nobody here can answer, say so and how to continue (exit code 3).

use crate::cli::GlobalArgs;
use crate::error::{EXIT_WAITING, UsageError};
use crate::graph::{Graph, NoCheckpoints, Outcome, RunCtx};
use crate::memory::{Memory, MemoryError, MemoryFile, MergeReport};
use crate::ui::events::{Event, Events, JsonLines};
use crate::ui::prompt::{Chain, NoInput, Prompter, Scripted, Terminal};
use crate::ui::{Ui, Verbosity};
use serde::{Serialize, de::DeserializeOwned};
use std::sync::Arc;
use std::time::Instant;

pub struct App {
    pub global: GlobalArgs,
    /// Where every event goes: the human renderer, or JSON lines with `--json`.
    pub events: Events,
    /// The human renderer (also used with `--json` to draw prompts).
    pub ui: Ui,
    /// Whether a human can be asked (stdin and stderr are terminals, no `--no-input`).
    pub interactive: bool,
}

/// What a finished (or paused) run left behind.
pub struct RunResult<S> {
    pub state: S,
    pub outcome: Outcome,
    /// 0 when completed, 3 when waiting for an answer.
    pub exit_code: u8,
}

impl App {
    pub fn new(global: GlobalArgs) -> Self {
        let verbosity = if global.quiet || global.json {
            Verbosity::Quiet
        } else if global.verbose {
            Verbosity::Verbose
        } else {
            Verbosity::Normal
        };
        let ui = Ui::new(verbosity);
        let events: Events = if global.json {
            Arc::new(JsonLines)
        } else {
            Arc::new(ui.clone())
        };
        let interactive = !global.no_input && crate::ui::is_interactive();
        Self {
            global,
            events,
            ui,
            interactive,
        }
    }

    /// Scripted answers first (`--answer`, `--answers FILE`, `--yes`), then the terminal
    /// when there is one; otherwise nobody, and the run waits.
    pub fn prompter(&self) -> anyhow::Result<Box<dyn Prompter>> {
        let mut answers = Vec::new();
        if let Some(file) = &self.global.answers_file {
            answers.extend(Scripted::read_file(file)?);
        }
        answers.extend(self.global.answers.iter().cloned());
        let mut chain: Vec<Box<dyn Prompter>> =
            vec![Box::new(
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

    /// Runs `graph` from its start over `state`.
    pub async fn run_flow<S, E>(
        &self,
        graph: &Graph<S, E>,
        mut state: S,
        env: &E,
    ) -> anyhow::Result<RunResult<S>>
    where
        S: Serialize + DeserializeOwned + Send,
        E: Sync,
    {
        let prompter = self.prompter()?;
        let started = Instant::now();
        self.events.emit(Event::RunStarted {
            flow: graph.name().into(),
            run: None,
        });
        let rc = RunCtx {
            env,
            events: &self.events,
            prompter: prompter.as_ref(),
            checkpointer: &NoCheckpoints,
            run_id: None,
        };
        let result = graph.run(&mut state, graph.start(), 0, &rc).await;
        let ms = started.elapsed().as_millis() as u64;
        let status = match &result {
            Ok(Outcome::Completed) => "completed",
            Ok(Outcome::Waiting { .. }) => "interrupted",
            Err(_) => "failed",
        };
        self.events.emit(Event::RunFinished {
            run: None,
            status: status.into(),
            ms,
        });
        let outcome = result?;
        let exit_code = match &outcome {
            Outcome::Completed => 0,
            Outcome::Waiting { question, .. } => {
                self.say_waiting(question);
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
    fn say_waiting(&self, question: &crate::ui::prompt::Question) {
        let how = if self.global.no_input {
            "--no-input was given"
        } else {
            "there is no terminal to ask at"
        };
        let msg = format!(
            "{} waiting for an answer ({how}):\n  {}\n  Run the command again with --answer \"…\" (or --yes for a yes/no question).",
            console::style("?").yellow().bold(),
            question.text.trim().replace('\n', "\n  "),
        );
        eprintln!("{msg}");
    }
}

/// A usage error for a command whose options contradict each other.
pub fn usage(message: impl Into<String>) -> anyhow::Error {
    UsageError::new(message).into()
}
