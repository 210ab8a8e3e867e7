//! `archie build-context SYSTEM -i DIR`

use super::error::CommandError;
use super::flow::{FlowArgs, FlowEntry};
use super::knowledge::{self, KnowledgeArgs};
use crate::app::App;
use crate::error::Exit;
use crate::flows::build_context::{self, BuildContextState};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct BuildContextArgs {
    /// The system or feature to describe, e.g. payments
    #[arg(value_name = "SYSTEM")]
    pub system: Option<String>,

    /// The system's name (the original Archie's flag; same as SYSTEM)
    #[arg(
        short = 'n',
        long = "name",
        value_name = "SYSTEM",
        conflicts_with = "system"
    )]
    pub name: Option<String>,

    /// Where to write the overview (default: SYSTEM_context.md); `-` writes it to standard
    /// output (and nothing else)
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub knowledge: KnowledgeArgs,
}

/// `archie build-context`, in the flow registry.
pub const COMMAND: FlowEntry = FlowEntry::of::<BuildContextArgs>(build_context::NAME);

impl FlowArgs for BuildContextArgs {
    fn describe(command: clap::Command) -> clap::Command {
        command
            .about("Write a context overview of a system with a Mermaid diagram of its knowledge graph")
            .after_help(
                "Examples:
  archie build-context payments -i docs/payments/        # writes payments_context.md
  archie build-context -n payments -i docs/ -o ctx.md",
            )
    }

    async fn run(self, app: &App) -> Result<Exit, CommandError> {
        run(app, self).await
    }
}

pub async fn run(app: &App, args: BuildContextArgs) -> Result<Exit, CommandError> {
    let Some(system) = args.system.or(args.name).filter(|s| !s.trim().is_empty()) else {
        return Err(
            CommandError::usage("build-context needs the name of the system to describe")
                .hint("e.g. archie build-context payments -i docs/payments/"),
        );
    };
    let graph = build_context::graph()?;
    let output = args
        .output
        .unwrap_or_else(|| PathBuf::from(build_context::default_output(&system)));
    super::stdin::stdout_is_free(app, &output)?;
    if args.knowledge.dry_run {
        let then = super::dry_run::Then::BuildContext { system: &system };
        return super::dry_run::knowledge(app, &args.knowledge, &output, then);
    }
    super::output::check(app, &output, &build_context::default_output(&system))?;
    let (file, memory) = app.open_memory()?;
    let env = knowledge::env(app, &args.knowledge, memory, output)?;
    let state = BuildContextState {
        system,
        ..BuildContextState::default()
    };
    knowledge::run_and_save(app, &graph, state, env, &file).await
}
