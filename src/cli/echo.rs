//! `archie echo TEXT…`

use super::error::CommandError;
use super::flow::{FlowArgs, FlowEntry};
use crate::app::App;
use crate::error::Exit;
use crate::flows::echo::{self, EchoState};
use crate::graph::{NoCheckpoints, RunCtx};
use crate::memory::Memory;
use clap::Args;

#[derive(Debug, Args)]
pub struct EchoArgs {
    /// The text to echo (asked for when left out)
    #[arg(value_name = "TEXT")]
    pub text: Vec<String>,
}

/// `archie echo`, in the flow registry.
pub const COMMAND: FlowEntry = FlowEntry::of::<EchoArgs>(echo::NAME);

impl FlowArgs for EchoArgs {
    fn describe(command: clap::Command) -> clap::Command {
        command
            .about("Run the echo flow: prints \"Echo: TEXT\" (a smoke test that needs no LLM)")
            .after_help("Example:\n  archie echo hello world     prints `Echo: hello world`")
    }

    async fn run(self, app: &App) -> Result<Exit, CommandError> {
        run(app, self).await
    }
}

/// Like every command: load the memory, run the flow, save the memory. Echo learns
/// nothing, so the memory file is only read (and proven readable). Echo is recorded as a
/// run only when it has to ask (no TEXT), so it can be resumed.
pub async fn run(app: &App, args: EchoArgs) -> Result<Exit, CommandError> {
    let graph = echo::graph()?;
    let (file, memory) = app.open_memory()?;
    let state = EchoState {
        input: format!("echo {}", args.text.join(" ")),
        response: None,
    };
    if !args.text.is_empty() && !app.is_resume() {
        // Nothing to ask and so nothing to resume: the smoke test runs the flow without
        // recording it, and leaves no `.archie/` behind.
        let mut state = state;
        // Read (and checked) like any command's answers, though echo will not ask.
        let prompter = app.prompter()?;
        let rc = RunCtx {
            env: &(),
            events: &app.events,
            prompter: prompter.as_ref(),
            checkpointer: &NoCheckpoints,
            run_id: None,
        };
        graph.run(&mut state, graph.start(), 0, &rc).await?;
        return Ok(Exit::Done);
    }
    let run = app.run_flow(&graph, state, &()).await?;
    app.save_memory(&file, memory, Memory::default())?;
    Ok(run.exit)
}
