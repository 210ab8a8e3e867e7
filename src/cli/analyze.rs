//! `archie analyze -i DIR [-q QUERY]`

use super::error::CommandError;
use super::flow::{FlowArgs, FlowEntry, FlowTool, ToolPlan};
use super::knowledge::KnowledgeArgs;
use crate::app::App;
use crate::error::Exit;
use crate::flows::analyze::{self, AnalyzeState, DEFAULT_GOAL};
use crate::mcp::flows::ToolFace;
use clap::Args;
use schemars::JsonSchema;
use serde::Deserialize;
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
        default_value = DEFAULT_OUTPUT
    )]
    pub output: PathBuf,

    /// Write the analysis after this many agent turns at the latest
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_TURNS)]
    pub max_turns: u32,

    /// Tokens of conversation to put in a prompt: the latest turns word for word, older
    /// ones condensed (the transcript in the output file stays whole)
    #[arg(long, value_name = "TOKENS", default_value_t = analyze::DEFAULT_HISTORY_BUDGET)]
    pub history_budget: usize,

    #[command(flatten)]
    pub knowledge: KnowledgeArgs,
}

/// The command's arguments when none is given (as clap's defaults make them).
impl Default for AnalyzeArgs {
    fn default() -> Self {
        Self {
            query: None,
            output: PathBuf::from(DEFAULT_OUTPUT),
            max_turns: DEFAULT_MAX_TURNS,
            history_budget: analyze::DEFAULT_HISTORY_BUDGET,
            knowledge: KnowledgeArgs::default(),
        }
    }
}

const DEFAULT_OUTPUT: &str = "analysis_result.md";
const DEFAULT_MAX_TURNS: u32 = 10;

/// `archie analyze`, in the flow registry, and its MCP tool `analyze`.
pub const COMMAND: FlowEntry = FlowEntry::with_tool::<AnalyzeArgs>(analyze::NAME);

/// `analyze`'s arguments: as `archie analyze -i PATH… [-q QUERY] [--answer …]`, or, with
/// `run_id`, as `archie resume RUN --answer …`.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeCall {
    /// The question to analyse (default: a comprehensive architecture overview).
    #[serde(default)]
    pub query: Option<String>,
    /// Design documents to read: folders or files, relative to the folder archie mcp
    /// runs in. Needed for a new run; a continued run reads its own.
    #[serde(default)]
    pub inputs: Vec<String>,
    /// Answers to archie's questions, in order, as the human gave them: text, or
    /// "/approve" to write the analysis, "/abort" to stop.
    #[serde(default)]
    pub answers: Vec<String>,
    /// Continue this run (one that waits for an answer, failed or was cancelled) instead
    /// of starting one.
    #[serde(default)]
    pub run_id: Option<String>,
    /// Where to write the analysis (default: analysis_result.md). Not for a continued run.
    #[serde(default)]
    pub output: Option<String>,
    /// The archie session this call belongs to (one archie search made; the resource
    /// memory://session/{id}): the finished analysis is recorded as a turn of it. Also
    /// read from _meta "dev.archie/session". An unknown session is refused.
    #[serde(default)]
    pub session: Option<String>,
}

impl FlowTool for AnalyzeArgs {
    type Call = AnalyzeCall;

    const TOOL: ToolFace = ToolFace {
        name: "analyze",
        title: "Analyse the architecture",
        description: "An architecture analysis of the design documents, as `archie analyze` does: \
             archie asks the human clarifying questions (through the client's elicitation \
             when it has it; otherwise the result is the question and a run_id, and the \
             human's answer goes back with run_id and answers) until they approve, then \
             writes the analysis (analysis_result.md) and grows the memory file. Never \
             answer for the human.",
        instructions: "analyze (query, inputs) writes an architecture analysis after asking \
             the human clarifying questions (never answer them yourself)",
        continues: Some("(\"/approve\" writes the analysis, \"/abort\" stops)"),
        annotations: ToolFace::WRITES_ASKING_AN_LLM,
    };

    fn session(call: &AnalyzeCall) -> Option<&str> {
        call.session.as_deref()
    }

    fn turn(call: &AnalyzeCall) -> (String, Vec<String>) {
        let question = match (&call.query, &call.run_id) {
            (Some(query), _) => query.clone(),
            (None, Some(run)) => format!("analyze (run {run} continued)"),
            (None, None) => "analyze: a comprehensive architecture overview".into(),
        };
        let read = call.inputs.iter().map(|i| format!("analyze -i {i}"));
        (question, read.collect())
    }

    fn plan(call: AnalyzeCall) -> ToolPlan<Self> {
        if let Some(run) = call.run_id {
            return ToolPlan::Continue {
                run,
                answers: call.answers,
            };
        }
        let mut words = vec![analyze::NAME.to_string()];
        words.extend(call.inputs.iter().map(|i| format!("--inputs={i}")));
        words.extend(call.query.iter().map(|q| format!("--query={q}")));
        words.extend(call.output.iter().map(|o| format!("--output={o}")));
        let mut args = AnalyzeArgs {
            query: call.query,
            ..AnalyzeArgs::default()
        };
        args.knowledge.inputs.inputs = call.inputs.into_iter().map(PathBuf::from).collect();
        if let Some(output) = call.output {
            args.output = PathBuf::from(output);
        }
        ToolPlan::Start {
            args,
            words,
            answers: call.answers,
        }
    }
}

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
    super::output::check(app, &args.output, DEFAULT_OUTPUT)?;
    let graph = analyze::graph()?;
    let args_no_judge = args.knowledge.no_judge;
    let (file, memory) = app.open_memory()?;
    let settings = args.knowledge.settings(args.history_budget);
    let env = app.knowledge_env(&settings, memory, args.output.clone())?;
    let state = AnalyzeState {
        goal: args.query.unwrap_or_else(|| DEFAULT_GOAL.to_string()),
        max_turns: args.max_turns.max(1),
        ..AnalyzeState::default()
    };
    let judge = crate::app::dedupe::judge_on(args_no_judge, &app.settings.memory_file)?;
    Ok(app.run_and_save(&graph, state, env, &file, judge).await?)
}
