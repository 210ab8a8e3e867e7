//! What `analyze` and `build-context` share on the command line: extraction options,
//! building the flows' environment, and running a flow that learns into the memory.

use super::error::CommandError;
use super::inputs::InputArgs;
use crate::app::App;
use crate::docs::ChunkOptions;
use crate::error::Exit;
use crate::events::Event;
use crate::flows::reply::AgentOnly;
use crate::flows::sources::{Env, ExtractOptions, HasSources};
use crate::graph::Graph;
use crate::memory::{Memory, MemoryFile};
use crate::prompts::Prompts;
use clap::Args;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Knowledge options")]
pub struct KnowledgeArgs {
    /// Extraction calls to run at once
    #[arg(long, value_name = "N", default_value_t = 8)]
    pub concurrency: usize,

    /// Do not extract a knowledge graph from the documents (use the memory as it is)
    #[arg(long)]
    pub no_extract: bool,

    /// Tokens of knowledge graph to put in a prompt (the most relevant part)
    #[arg(long, value_name = "TOKENS", default_value_t = 2_000)]
    pub memory_budget: usize,

    /// Tokens of document excerpts to put in a prompt
    #[arg(long, value_name = "TOKENS", default_value_t = 6_000)]
    pub document_budget: usize,

    #[command(flatten)]
    pub inputs: InputArgs,
}

/// Connects the LLM (failing before any work when none is configured), loads prompts
/// and builds the flow environment around the loaded memory.
pub fn env(
    app: &App,
    args: &KnowledgeArgs,
    memory: Memory,
    output: PathBuf,
) -> Result<Env, CommandError> {
    // The user reads the agent part of each answer as it streams; the knowledge part is
    // merged into memory, never shown.
    let events = Arc::new(AgentOnly::new(app.events.clone()));
    let settings = &app.settings;
    let llm =
        crate::llm::from_settings(&settings.llm, &settings.memory_file, events, app.store()?)?;
    let prompts = Prompts::load(
        settings.prompts_dir.as_deref(),
        settings.prompts_config.as_deref(),
    )?;
    for warning in prompts.warnings() {
        app.events.emit(Event::Warning {
            message: warning.clone(),
        });
    }
    let inputs = args
        .inputs
        .to_options()
        .skip_path(settings.memory_file.clone())
        .skip_path(output.clone());
    Ok(Env {
        llm,
        prompts,
        memory,
        inputs,
        extract: ExtractOptions {
            enabled: !args.no_extract,
            concurrency: args.concurrency.max(1),
            chunk: ChunkOptions::default(),
        },
        memory_budget: args.memory_budget,
        document_budget: args.document_budget,
        output,
    })
}

/// Runs `graph` from `state` over `env`, then saves what the run learned into the memory
/// `file` (also when it stopped at a question) and ends with the LLM usage line. Returns
/// the run's exit code (0, or 3 when waiting for an answer).
pub async fn run_and_save<S>(
    app: &App,
    graph: &Graph<S, Env>,
    state: S,
    env: Env,
    file: &MemoryFile,
) -> Result<Exit, CommandError>
where
    S: HasSources + Serialize + DeserializeOwned,
{
    let result = app.run_flow(graph, state, &env).await;
    let saved = match result {
        Ok(mut run) => {
            let learned = std::mem::take(&mut run.state.sources().learned);
            app.save_memory(file, env.memory, learned).map(|_| run.exit)
        }
        Err(err) => Err(err),
    };
    env.llm.emit_usage();
    Ok(saved?)
}
