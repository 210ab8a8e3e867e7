//! `archie echo TEXT…`

use super::error::CommandError;
use crate::app::App;
use crate::error::Exit;
use crate::flows::echo::{self, EchoState};
use crate::memory::Memory;
use clap::Args;

#[derive(Debug, Args)]
pub struct EchoArgs {
    /// The text to echo (asked for when left out)
    #[arg(value_name = "TEXT")]
    pub text: Vec<String>,
}

/// Like every command: load the memory, run the flow, save the memory. Echo learns
/// nothing, so the memory file is only read (and proven readable).
pub async fn run(app: &App, args: EchoArgs) -> Result<Exit, CommandError> {
    let graph = echo::graph()?;
    let (file, memory) = app.open_memory()?;
    let state = EchoState {
        input: format!("echo {}", args.text.join(" ")),
        response: None,
    };
    let run = app.run_flow(&graph, state, &()).await?;
    app.save_memory(&file, memory, Memory::default())?;
    Ok(run.exit)
}
