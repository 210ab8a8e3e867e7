//! `archie analyze -i DIR [-q QUERY]`

use super::error::CommandError;
use super::flow::{FlowArgs, FlowEntry};
use super::knowledge::{self, KnowledgeArgs};
use crate::app::App;
use crate::error::Exit;
use crate::flows::analyze::{self, AnalyzeState, DEFAULT_GOAL};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The question to analyse (default: a comprehensive architecture overview); `-`
    /// reads it from standard input
    #[arg(short = 'q', long, value_name = "TEXT")]
    pub query: Option<String>,

    /// Where to write the analysis; `-` writes it to standard output (and nothing else)
    #[arg(
        short = 'o',
        long,
        value_name = "FILE",
        default_value = "analysis_result.md"
    )]
    pub output: PathBuf,

    /// Write the analysis after this many agent turns at the latest
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub max_turns: u32,

    /// Tokens of conversation to put in a prompt: the latest turns word for word, older
    /// ones condensed (the transcript in the output file stays whole)
    #[arg(long, value_name = "TOKENS", default_value_t = analyze::DEFAULT_HISTORY_BUDGET)]
    pub history_budget: usize,

    #[command(flatten)]
    pub knowledge: KnowledgeArgs,
}

/// `archie analyze`, in the flow registry.
pub const COMMAND: FlowEntry = FlowEntry::of::<AnalyzeArgs>(analyze::NAME);

impl FlowArgs for AnalyzeArgs {
    fn describe(command: clap::Command) -> clap::Command {
        command
            .about("Analyse the design with an LLM in a conversation, then write the analysis")
            .alias("analyse")
            .after_help(EXAMPLES)
    }

    async fn run(self, app: &App) -> Result<Exit, CommandError> {
        run(app, self).await
    }

    fn question_from_stdin(&mut self) -> Option<&mut String> {
        self.query
            .as_mut()
            .filter(|q| q.as_str() == super::stdin::DASH)
    }
}

const EXAMPLES: &str = "Examples:
  archie analyze -i docs/ -q \"Can checkout survive a payments outage?\"
  archie analyze -i docs/ --no-input --json > events.jsonl   # stops at the first question (exit 3)
  archie analyze -i docs/ --answer \"It fails fast.\" --answer /approve
  echo \"Who owns payments?\" | archie analyze -i docs/ -q - -o - > analysis.md

At each question: type an answer, /approve to write the analysis, or /abort to stop.";

pub async fn run(app: &App, args: AnalyzeArgs) -> Result<Exit, CommandError> {
    super::stdin::stdout_is_free(app, &args.output)?;
    if args.knowledge.dry_run {
        let goal = args.query.as_deref().unwrap_or(DEFAULT_GOAL);
        let then = super::dry_run::Then::Analyze { goal };
        return super::dry_run::knowledge(app, &args.knowledge, &args.output, then);
    }
    super::output::check(app, &args.output, "analysis_result.md")?;
    let graph = analyze::graph()?;
    let args_no_judge = args.knowledge.no_judge;
    let (file, memory) = app.open_memory()?;
    let mut env = knowledge::env(app, &args.knowledge, memory, args.output.clone())?;
    env.history_budget = args.history_budget;
    let state = AnalyzeState {
        goal: args.query.unwrap_or_else(|| DEFAULT_GOAL.to_string()),
        max_turns: args.max_turns.max(1),
        ..AnalyzeState::default()
    };
    let judge = crate::app::dedupe::judge_on(args_no_judge, &app.settings.memory_file)?;
    knowledge::run_and_save(app, &graph, state, env, &file, judge).await
}
