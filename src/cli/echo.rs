//! `archie echo TEXT…`

use crate::app::App;
use crate::flows::echo::{self, EchoState};
use clap::Args;

#[derive(Debug, Args)]
pub struct EchoArgs {
    /// The text to echo (asked for when left out)
    #[arg(value_name = "TEXT")]
    pub text: Vec<String>,
}

pub async fn run(app: &App, args: EchoArgs) -> anyhow::Result<u8> {
    let graph = echo::graph()?;
    let state = EchoState {
        input: format!("echo {}", args.text.join(" ")),
        response: None,
    };
    app.run_flow(&graph, state, &())
        .await
        .map(|run| run.exit_code)
}
