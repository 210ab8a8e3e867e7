//! Clap definitions, one file per command. No logic beyond wiring: each command's
//! `run` takes the [`App`](crate::app::App) and its own arguments and returns how it
//! ended, or a [`CommandError`](error::CommandError). [`GlobalArgs::settings`] turns the global
//! flags into plain [`Settings`].

pub mod analyze;
pub mod build_context;
pub mod completions;
pub mod dry_run;
pub mod echo;
pub mod entry;
pub mod error;
pub mod flow;
pub mod graph;
pub mod help;
pub mod inputs;
pub mod knowledge;
pub mod llm;
pub mod mcp;
pub mod memory;
pub mod output;
pub mod resume;
pub mod runs;
pub mod search;
pub mod stdin;
pub mod upgrade;

use crate::app::Settings;
use crate::env_vars::EnvVars;
use crate::ui::{ColorChoice, Verbosity};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

const ABOUT: &str = "A terminal agent for software architects.\n\n\
archie reads your design documents, grows a knowledge graph of the system (services, \
stores, queues, APIs and who talks to whom) in a memory file kept in the repo \
(context.json), and runs small agent graphs over it, asking you whenever it needs a \
decision.";

#[derive(Debug, Parser)]
#[command(name = "archie", version, about = ABOUT, max_term_width = 100)]
// `archie --help` is help::root(), one screen; `archie help options` describes the options.
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

/// Options every command shares.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Global options")]
pub struct GlobalArgs {
    /// The memory file: the knowledge graph archie reads and grows
    #[arg(
        long,
        global = true,
        value_name = "PATH",
        default_value = "context.json",
        env = EnvVars::ARCHIE_MEMORY_FILE,
        hide_env_values = true
    )]
    pub memory_file: PathBuf,

    /// Keep archie's state (runs, checkpoints, LLM cache) in DIR instead of .archie/
    /// beside the memory file
    #[arg(
        long,
        global = true,
        value_name = "DIR",
        env = EnvVars::ARCHIE_STATE_DIR,
        hide_env_values = true
    )]
    pub state_dir: Option<PathBuf>,

    /// Use prompt templates from DIR instead of the built-in ones (matched by file name)
    #[arg(long, global = true, value_name = "DIR")]
    pub prompts_dir: Option<PathBuf>,

    /// Prompt configuration in the original Archie's JSON shape
    #[arg(long, global = true, value_name = "FILE")]
    pub prompts_config: Option<PathBuf>,

    /// Never ask: a run that reaches a question stops with exit code 3 and can be resumed
    #[arg(long, global = true)]
    pub no_input: bool,

    /// Answer every yes/no question with yes
    #[arg(short = 'y', long, global = true)]
    pub yes: bool,

    /// Answer the next question with TEXT (repeat for several questions, in order)
    #[arg(long = "answer", global = true, value_name = "TEXT")]
    pub answers: Vec<String>,

    /// Read answers from FILE: one per line, or a JSON list of strings (`-`: standard input)
    #[arg(long = "answers", global = true, value_name = "FILE")]
    pub answers_file: Option<PathBuf>,

    /// Write every event as one JSON object per line on stdout
    #[arg(long, global = true)]
    pub json: bool,

    /// Print only errors and results
    #[arg(long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,

    /// Say more: skipped files, step timings
    #[arg(short, long, global = true)]
    pub verbose: bool,

    /// When to use colour (NO_COLOR is honoured under auto)
    #[arg(long, global = true, value_enum, default_value_t, value_name = "WHEN")]
    pub color: Color,

    #[command(flatten)]
    pub llm: llm::LlmArgs,
}

/// `--color auto|always|never`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Color {
    /// Colour when the stream is a terminal and `NO_COLOR` is unset.
    #[default]
    Auto,
    Always,
    Never,
}

impl GlobalArgs {
    /// The global options as plain settings.
    pub fn settings(&self) -> Settings {
        let GlobalArgs {
            memory_file,
            state_dir,
            prompts_dir,
            prompts_config,
            no_input,
            yes,
            answers,
            answers_file,
            json,
            quiet,
            verbose,
            color,
            llm,
        } = self;
        Settings {
            memory_file: memory_file.clone(),
            state_dir: state_dir.clone(),
            prompts_dir: prompts_dir.clone(),
            prompts_config: prompts_config.clone(),
            no_input: *no_input,
            yes: *yes,
            answers: answers.clone(),
            answers_file: answers_file.clone(),
            json: *json,
            verbosity: if *quiet {
                Verbosity::Quiet
            } else if *verbose {
                Verbosity::Verbose
            } else {
                Verbosity::Normal
            },
            color: match color {
                Color::Auto => ColorChoice::Auto,
                Color::Always => ColorChoice::Always,
                Color::Never => ColorChoice::Never,
            },
            llm: llm.into(),
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// A flow's command (`analyze`, `build-context`, `echo`, `search`, `upgrade`): one
    /// per flow of the registry ([`flow`]).
    #[command(flatten)]
    Flow(flow::FlowCommand),
    /// Print a completion script for bash, zsh or fish
    #[command(after_help = completions::EXAMPLES)]
    Completions(completions::CompletionsArgs),
    /// Print a flow's graph as a Mermaid diagram
    #[command(after_help = "Example:\n  archie graph echo > echo.mmd")]
    Graph(graph::GraphArgs),
    /// Serve archie's knowledge to other agents over MCP (stdio), or list MCP servers
    #[command(after_help = mcp::EXAMPLES)]
    Mcp(mcp::McpArgs),
    /// Look at the knowledge graph: stats, show, import, export, view, dedupe, merge
    #[command(
        after_help = "Examples:\n  archie memory stats\n  archie memory show \"Order Service\"\n  archie memory import ../billing/context.json\n  archie memory export --format mermaid > system.mmd"
    )]
    Memory(memory::MemoryArgs),
    /// Continue a run that stopped at a question, failed or was interrupted
    #[command(after_help = "Examples:
  archie resume r7k2 --answer \"It fails fast.\" --answer /approve
  archie resume --last                  # the most recent interrupted, failed or abandoned run

The run continues from its last finished step, with its own command, memory file and
options; give answers and output settings (--json, --no-input, …) here.")]
    Resume(resume::ResumeArgs),
    /// List and inspect recorded runs, and prune old ones
    #[command(after_help = runs::EXAMPLES)]
    Runs(runs::RunsArgs),
}

impl Command {
    /// The flow this command runs, if it is a flow's.
    pub fn flow_name(&self) -> Option<&'static str> {
        match self {
            Command::Flow(flow) => Some(flow.name()),
            _ => None,
        }
    }

    /// Whether the command's stdout is a protocol's (`archie mcp` serving JSON-RPC) or a
    /// script's (`archie completions`), so archie writes nothing of its own there, not
    /// even the final `result` event.
    pub fn owns_stdout(&self) -> bool {
        matches!(self, Command::Mcp(args) if args.serves())
            || matches!(self, Command::Completions(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_flow_has_its_command() {
        let cli = Cli::command();
        for name in crate::flows::names() {
            assert!(
                cli.find_subcommand(name).is_some(),
                "flow `{name}` has no `archie {name}` command"
            );
        }
    }
}
