//! `archie graph FLOW`

use crate::app::App;
use crate::flows;
use crate::ui::events::Event;
use clap::{Args, ValueEnum};

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Flow {
    Analyze,
    BuildContext,
    Echo,
}

#[derive(Debug, Args)]
pub struct GraphArgs {
    /// The flow to draw
    pub flow: Flow,
}

pub fn run(app: &App, args: GraphArgs) -> anyhow::Result<u8> {
    let mermaid = match args.flow {
        Flow::Analyze => flows::analyze::graph()?.mermaid(),
        Flow::BuildContext => flows::build_context::graph()?.mermaid(),
        Flow::Echo => flows::echo::graph()?.mermaid(),
    };
    app.events.emit(Event::Result { text: mermaid });
    Ok(0)
}
