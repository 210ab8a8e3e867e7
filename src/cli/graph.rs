//! `archie graph FLOW`

use crate::app::App;
use crate::flows;
use crate::ui::events::Event;
use clap::{Args, ValueEnum};

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Flow {
    Echo,
}

#[derive(Debug, Args)]
pub struct GraphArgs {
    /// The flow to draw
    pub flow: Flow,
}

pub fn run(app: &App, args: GraphArgs) -> anyhow::Result<u8> {
    let mermaid = match args.flow {
        Flow::Echo => flows::echo::graph()?.mermaid(),
    };
    app.events.emit(Event::Result { text: mermaid });
    Ok(0)
}
