//! What `analyze` and `build-context` share on the command line: extraction options,
//! building the flows' environment, and running a flow that learns into the memory.

use super::error::CommandError;
use super::inputs::InputArgs;
use crate::app::App;
use crate::docs::ChunkOptions;
use crate::error::Exit;
use crate::flows::reply::AgentOnly;
use crate::flows::sources::{ExtractOptions, HasSources, SourcesEnv, extraction_fingerprint};
use crate::graph::Graph;
use crate::llm::{LlmConfig, ResponseCache};
use crate::memory::{Memory, MemoryFile};
use clap::Args;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::PathBuf;
use std::sync::Arc;

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

/// Everything a run needs that the user can get wrong is checked before the run is
/// recorded, so a mistake is a usage error (exit code 2) with no run, no resume hint and
/// no `.archie/` folder: the LLM configuration, the prompt templates and, for a new run,
/// the documents (none given, a folder that does not exist, nothing readable in it).
/// Then the run store is opened, the LLM connected, and the flow environment built
/// around the loaded memory.
pub fn env(
    app: &App,
    args: &KnowledgeArgs,
    memory: Memory,
    output: PathBuf,
) -> Result<SourcesEnv, CommandError> {
    let settings = &app.settings;
    let folder = settings
        .memory_file
        .parent()
        .unwrap_or(std::path::Path::new(""));
    let lookup = |name: &str| std::env::var(name).ok();
    let mut config = LlmConfig::resolve(&settings.llm, folder, &lookup)?;
    if let Some(concurrency) = args.concurrency {
        config.concurrency = concurrency;
    }
    let prompts = app.prompts()?;
    let inputs = args
        .inputs
        .to_options()
        .skip_path(settings.memory_file.clone())
        .skip_path(output.clone());
    let prefetched = if app.is_resume() {
        // A resumed run reads its documents again in its own steps.
        None
    } else {
        Some(crate::docs::retrieve(&inputs)?)
    };
    let store = app.store()?;
    let cache = config
        .cache
        .then(|| Arc::clone(&store) as Arc<dyn ResponseCache>);
    let fingerprint = extraction_fingerprint(&prompts, &config.model);
    // The user reads the agent part of each answer as it streams; the knowledge part is
    // merged into memory, never shown.
    let events = Arc::new(AgentOnly::new(app.events.clone()));
    let llm = crate::llm::connect_noting(config, events, cache.clone(), Some(store))?;
    app.track_usage(llm.usage().clone());
    Ok(SourcesEnv {
        llm,
        prompts,
        memory,
        inputs,
        extract: ExtractOptions {
            enabled: !args.no_extract,
            follow: !args.keep_stale,
            // The LLM client holds requests to its (adapting) limit; the fan-out only
            // bounds the work waiting for it.
            concurrency: args.concurrency.unwrap_or_default().max(),
            chunk: ChunkOptions::default(),
        },
        memory_budget: args.memory_budget,
        document_budget: args.document_budget,
        output,
        cache,
        extraction_fingerprint: fingerprint,
        history_budget: crate::flows::analyze::DEFAULT_HISTORY_BUDGET,
        prefetched: std::sync::Mutex::new(prefetched),
        keep_learned: None,
        view: args
            .view
            .then(|| settings.memory_file.with_extension("html")),
        followed: std::sync::OnceLock::new(),
        memory_dir: {
            let folder = if folder.as_os_str().is_empty() {
                std::path::Path::new(".")
            } else {
                folder
            };
            std::path::absolute(folder).unwrap_or_else(|_| folder.to_path_buf())
        },
    })
}

/// Runs `graph` from `state` over `env`, then saves what the run learned into the memory
/// `file` (also when it stopped at a question) and ends with the LLM usage line. Returns
/// the run's exit code (0, or 3 when waiting for an answer).
pub async fn run_and_save<S>(
    app: &App,
    graph: &Graph<S, SourcesEnv>,
    state: S,
    env: SourcesEnv,
    file: &MemoryFile,
    judge: bool,
) -> Result<Exit, CommandError>
where
    S: HasSources + Serialize + DeserializeOwned,
{
    // What extraction learned is saved as soon as it ends (a Ctrl-C later loses none).
    let (keep, mut kept) = tokio::sync::mpsc::unbounded_channel();
    let mut env = env;
    env.keep_learned = Some(keep);
    let run = app.run_flow(graph, state, &env);
    let result = crate::flows::sources::keeping_learned(run, &mut kept, |learned| {
        if let Err(err) = app.keep_memory(file, env.memory.clone(), learned) {
            app.events.emit(crate::events::Event::Warning {
                message: format!("could not save what extraction learned yet: {err:#}"),
            });
        }
    })
    .await;
    let saved = match result {
        Ok(mut run) => {
            let sources = run.state.sources();
            let learned = std::mem::take(&mut sources.learned);
            let read = sources.reading.take();
            let saved = app.save_following(file, env.memory, learned, read.as_ref());
            // The pairs the rules cannot decide, at the end of a finished run.
            match saved {
                Ok(_) if run.exit == Exit::Done => {
                    let judge = judge.then_some(crate::app::dedupe::Judge {
                        llm: &*env.llm,
                        prompts: &env.prompts,
                    });
                    let reviewed = app.review_duplicates(file, judge).await;
                    // What the run wrote reflects what was just decided.
                    if matches!(reviewed, Ok(n) if n > 0)
                        && let Ok(Some((memory, _))) = MemoryFile::read(file.path())
                        && let Err(err) = run.state.after_decisions(&env.output, &memory)
                    {
                        app.events.emit(crate::events::Event::Warning {
                            message: format!(
                                "could not redraw the diagram after the decisions: {err:#}"
                            ),
                        });
                    }
                    let reviewed = reviewed.map(|_| run.exit);
                    if let Some(page) = &env.view {
                        super::memory::write_view_after_run(app, page);
                    }
                    reviewed
                }
                other => other.map(|_| run.exit),
            }
        }
        Err(err) => Err(err),
    };
    app.emit_usage();
    Ok(saved?)
}
