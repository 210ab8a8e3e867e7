//! `archie graph FLOW`

use super::error::CommandError;
use crate::app::App;
use crate::error::Exit;
use crate::events::Event;
use crate::flows;
use clap::Args;
use clap::builder::PossibleValuesParser;

#[derive(Debug, Args)]
pub struct GraphArgs {
    /// The flow to draw
    #[arg(value_parser = PossibleValuesParser::new(flows::names()))]
    pub flow: String,
}

pub fn run(app: &App, args: GraphArgs) -> Result<Exit, CommandError> {
    let Some(flow) = flows::find(&args.flow) else {
        return Err(
            CommandError::usage(format!("there is no flow `{}`", args.flow)).hint(format!(
                "The flows are: {}",
                flows::names().collect::<Vec<_>>().join(", ")
            )),
        );
    };
    app.events.emit(Event::Result {
        text: (flow.mermaid)()?,
    });
    Ok(Exit::Done)
}
