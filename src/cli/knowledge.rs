//! What `analyze` and `build-context` share on the command line: the extraction options,
//! handed to the App as plain [`KnowledgeSettings`] (the App builds the flows'
//! environment and runs the flow, see [`crate::app::knowledge`]).

use super::inputs::InputArgs;
use crate::app::KnowledgeSettings;
use clap::Args;

#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Knowledge options")]
pub struct KnowledgeArgs {
    /// LLM requests to run at once: `auto` (the default) starts from what a local server
    /// says it takes (else 4, or 8 remote) and adapts to what the endpoint takes; a
    /// number fixes it
    #[arg(long, value_name = "N|auto")]
    pub concurrency: Option<crate::llm::Concurrency>,

    /// Extract nothing from the documents: use the memory as it is
    #[arg(long)]
    pub no_extract: bool,

    /// Keep facts the documents under -i no longer state (by default they are retracted:
    /// kept as history, see `archie memory show NAME --history`)
    #[arg(long)]
    pub keep_stale: bool,

    /// Leave pairs of names the rules cannot decide to you, not the model
    #[arg(
        long,
        long_help = "Leave pairs of names the rules cannot decide to you, not the model, and relationship words and entity types the vocabulary cannot place as written (also `judge = false` under `[identity]` in archie.toml)"
    )]
    pub no_judge: bool,

    /// Tokens of knowledge graph to put in a prompt (the most relevant part)
    #[arg(long, value_name = "TOKENS", default_value_t = DEFAULT_MEMORY_BUDGET)]
    pub memory_budget: usize,

    /// Tokens of document excerpts to put in a prompt
    #[arg(long, value_name = "TOKENS", default_value_t = DEFAULT_DOCUMENT_BUDGET)]
    pub document_budget: usize,

    /// Show what would be read and sent where, and stop (no LLM call)
    #[arg(long)]
    pub dry_run: bool,

    /// Also write the graph as a page to explore, linked from the output
    #[arg(long)]
    pub view: bool,

    #[command(flatten)]
    pub inputs: InputArgs,
}

const DEFAULT_MEMORY_BUDGET: usize = 2_000;
const DEFAULT_DOCUMENT_BUDGET: usize = 6_000;

/// The options when none is given (as clap's defaults make them).
impl Default for KnowledgeArgs {
    fn default() -> Self {
        Self {
            concurrency: None,
            no_extract: false,
            keep_stale: false,
            no_judge: false,
            memory_budget: DEFAULT_MEMORY_BUDGET,
            document_budget: DEFAULT_DOCUMENT_BUDGET,
            dry_run: false,
            view: false,
            inputs: InputArgs::default(),
        }
    }
}

impl KnowledgeArgs {
    /// These options as the App's plain settings, with `history_budget` (`analyze
    /// --history-budget`; the flow's default for `build-context`).
    pub fn settings(&self, history_budget: usize) -> KnowledgeSettings {
        KnowledgeSettings {
            concurrency: self.concurrency,
            extract: !self.no_extract,
            follow: !self.keep_stale,
            memory_budget: self.memory_budget,
            document_budget: self.document_budget,
            history_budget,
            view: self.view,
            inputs: self.inputs.to_options(),
        }
    }
}
