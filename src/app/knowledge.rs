//! What `analyze` and `build-context` compose before and around their run: the LLM
//! configuration, the documents, the run store as cache, the flows' environment, and
//! the save of what the run learned. The command line hands over plain
//! [`KnowledgeSettings`]; `--dry-run` reads the same [`Preparation`] the run would use.

use super::App;
use crate::docs::{ChunkOptions, RetrieveOptions};
use crate::error::Exit;
use crate::events::{Event, Events};
use crate::flows::reply::AgentOnly;
use crate::flows::sources::{ExtractOptions, HasSources, SourcesEnv, extraction_fingerprint};
use crate::graph::Graph;
use crate::llm::{Concurrency, Llm, LlmConfig, LlmError, ResponseCache};
use crate::memory::{Memory, MemoryFile};
use crate::prompts::Prompts;
use crate::store::Store;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The run store as the LLM's response cache.
type Cache = Arc<dyn ResponseCache>;

/// The options of a run that learns from documents, as plain data.
#[derive(Debug, Clone)]
pub struct KnowledgeSettings {
    /// `--concurrency`: `None` leaves it to the configuration.
    pub concurrency: Option<Concurrency>,
    /// Extract knowledge from the documents (off with `--no-extract`).
    pub extract: bool,
    /// Retract facts the documents no longer state (off with `--keep-stale`).
    pub follow: bool,
    pub memory_budget: usize,
    pub document_budget: usize,
    /// Tokens of conversation in an analysis prompt (`analyze --history-budget`).
    pub history_budget: usize,
    /// Write the page of the knowledge graph after the run (`--view`).
    pub view: bool,
    /// The documents to read (`-i`, `--include`, …); the memory file and the output are
    /// added to what is skipped.
    pub inputs: RetrieveOptions,
}

/// What a run over documents is given before anything is sent: what `--dry-run`
/// reports, and what the run itself starts from.
pub struct Preparation {
    /// `None`: no LLM is configured yet (only a dry run gets this far without one).
    pub config: Option<LlmConfig>,
    pub prompts: Prompts,
    /// The documents to read, with the memory file and `output` skipped.
    pub inputs: RetrieveOptions,
    /// What determines an extraction answer besides the chunk.
    pub fingerprint: String,
}

impl App {
    /// The memory file's folder (empty: the current folder).
    fn memory_folder(&self) -> &Path {
        self.settings.memory_file.parent().unwrap_or(Path::new(""))
    }

    /// The documents `inputs` asks for, less the memory file and the `output` the
    /// command writes.
    pub fn documents(&self, inputs: RetrieveOptions, output: Option<&Path>) -> RetrieveOptions {
        let inputs = inputs.skip_path(self.settings.memory_file.clone());
        match output {
            Some(output) => inputs.skip_path(output.to_path_buf()),
            None => inputs,
        }
    }

    /// The LLM configuration as the command line, the environment and the config files
    /// give it.
    pub fn llm_config(&self) -> Result<LlmConfig, LlmError> {
        let lookup = |name: &str| std::env::var(name).ok();
        let mut config = LlmConfig::resolve(&self.settings.llm, self.memory_folder(), &lookup)?;
        config.reader_gone = crate::stdout::is_closed;
        Ok(config)
    }

    /// A client for `config` whose answers are cached in the run store (unless caching
    /// is off) and whose usage this App reports; events go to `events`.
    pub fn connect_llm(&self, config: LlmConfig, events: Events) -> anyhow::Result<Arc<dyn Llm>> {
        let (llm, _) = self.connect_caching(config, events)?;
        Ok(llm)
    }

    /// A client for the configured LLM ([`App::llm_config`]), caching in the run store
    /// (opened first) unless caching is off; the command says its usage itself
    /// (`search`, `upgrade`). Fails with [`LlmError::NotConfigured`] when no LLM is set.
    pub fn llm_client(&self, events: Events) -> anyhow::Result<Arc<dyn Llm>> {
        let store = self.store()?;
        let (llm, _) = connect_to(store, self.llm_config()?, events)?;
        Ok(llm)
    }

    fn connect_caching(
        &self,
        config: LlmConfig,
        events: Events,
    ) -> anyhow::Result<(Arc<dyn Llm>, Option<Cache>)> {
        let (llm, cache) = connect_to(self.store()?, config, events)?;
        self.track_usage(llm.usage().clone());
        Ok((llm, cache))
    }

    /// The configuration, prompts and documents of a run over `settings`' documents
    /// writing `output`. Fails, before anything is recorded, on a bad LLM configuration
    /// (or none, unless `dry_run`) and on bad prompt templates.
    pub fn prepare_knowledge(
        &self,
        settings: &KnowledgeSettings,
        output: &Path,
        dry_run: bool,
    ) -> anyhow::Result<Preparation> {
        let config = match self.llm_config() {
            Ok(mut config) => {
                if let Some(concurrency) = settings.concurrency {
                    config.concurrency = concurrency;
                }
                Some(config)
            }
            Err(LlmError::NotConfigured) if dry_run => None,
            Err(err) => return Err(err.into()),
        };
        let prompts = self.prompts()?;
        let inputs = self.documents(settings.inputs.clone(), Some(output));
        let model = config.as_ref().map_or("", |c| c.model.as_str());
        let fingerprint = extraction_fingerprint(&prompts, model);
        Ok(Preparation {
            config,
            prompts,
            inputs,
            fingerprint,
        })
    }

    /// The flows' environment for a run over documents: everything the user can get wrong
    /// is checked before the run is recorded, so a mistake is a usage error (exit code 2)
    /// with no run, no resume hint and no `.archie/` folder: the LLM configuration, the
    /// prompt templates and, for a new run, the documents (none given, a folder that does
    /// not exist, nothing readable in it). Then the run store is opened, the LLM
    /// connected, and the environment built around the loaded `memory`.
    pub fn knowledge_env(
        &self,
        settings: &KnowledgeSettings,
        memory: Memory,
        output: PathBuf,
    ) -> anyhow::Result<SourcesEnv> {
        let Preparation {
            config,
            prompts,
            inputs,
            fingerprint,
        } = self.prepare_knowledge(settings, &output, false)?;
        let config = config.ok_or(LlmError::NotConfigured)?;
        let prefetched = if self.is_resume() {
            // A resumed run reads its documents again in its own steps.
            None
        } else {
            Some(crate::docs::retrieve(&inputs)?)
        };
        // The user reads the agent part of each answer as it streams; the knowledge part is
        // merged into memory, never shown.
        let events = Arc::new(AgentOnly::new(self.events.clone()));
        let (llm, cache) = self.connect_caching(config, events)?;
        let folder = self.memory_folder();
        let folder = if folder.as_os_str().is_empty() {
            Path::new(".")
        } else {
            folder
        };
        Ok(SourcesEnv {
            llm,
            prompts,
            memory,
            inputs,
            extract: ExtractOptions {
                enabled: settings.extract,
                follow: settings.follow,
                // The LLM client holds requests to its (adapting) limit; the fan-out only
                // bounds the work waiting for it.
                concurrency: settings.concurrency.unwrap_or_default().max(),
                chunk: ChunkOptions::default(),
            },
            memory_budget: settings.memory_budget,
            document_budget: settings.document_budget,
            output,
            cache,
            extraction_fingerprint: fingerprint,
            history_budget: settings.history_budget,
            prefetched: std::sync::Mutex::new(prefetched),
            keep_learned: None,
            view: settings
                .view
                .then(|| self.settings.memory_file.with_extension("html")),
            followed: std::sync::OnceLock::new(),
            documents_ground: Default::default(),
            memory_dir: std::path::absolute(folder).unwrap_or_else(|_| folder.to_path_buf()),
        })
    }

    /// The run store as it is, for what earlier runs kept, without creating one that is
    /// not there (a dry run writes nothing).
    pub fn existing_store(&self) -> anyhow::Result<Option<Store>> {
        Ok(Store::open_existing(&self.state_dir())?)
    }

    /// Runs `graph` from `state` over `env`, then saves what the run learned into the
    /// memory `file` (also when it stopped at a question), asks about the pairs of names
    /// (the model as `judge` when on), and ends with the LLM usage line. Returns the run's
    /// exit code (0, or 3 when waiting for an answer).
    pub async fn run_and_save<S>(
        &self,
        graph: &Graph<S, SourcesEnv>,
        state: S,
        mut env: SourcesEnv,
        file: &MemoryFile,
        judge: bool,
    ) -> anyhow::Result<Exit>
    where
        S: HasSources + Serialize + DeserializeOwned,
    {
        // What extraction learned is saved as soon as it ends (a Ctrl-C later loses none),
        // and the judge is asked about it then, while the run's last step goes on: its
        // answers wait for the review at the end, which asks only what changed since.
        let (keep, mut kept) = tokio::sync::mpsc::unbounded_channel();
        env.keep_learned = Some(keep);
        let ahead_answers = super::dedupe::JudgedAhead::default();
        let result = {
            let (saved_tx, saved_rx) = tokio::sync::oneshot::channel();
            let saved_tx = std::cell::Cell::new(judge.then_some(saved_tx));
            let run = self.run_flow(graph, state, &env);
            let run = crate::flows::sources::keeping_learned(run, &mut kept, |learned| match self
                .keep_memory(file, env.memory.clone(), learned)
            {
                Ok(_) => {
                    if let Some(saved) = saved_tx.take() {
                        let _ = saved.send(());
                    }
                }
                Err(err) => self.events.emit(Event::Warning {
                    message: format!("could not save what extraction learned yet: {err:#}"),
                }),
            });
            let ahead = async {
                // The sender is dropped unused when the run ends before extraction was saved.
                if saved_rx.await.is_ok() {
                    let judge = super::dedupe::Judge {
                        llm: &*env.llm,
                        prompts: &env.prompts,
                        ahead: Some(&ahead_answers),
                    };
                    self.judge_ahead(file, judge).await;
                }
            };
            tokio::pin!(run, ahead);
            let mut judged_ahead = false;
            let result = loop {
                tokio::select! {
                    out = &mut run => break out,
                    () = &mut ahead, if !judged_ahead => judged_ahead = true,
                }
            };
            // Extraction saved nothing: nothing to judge ahead.
            drop(saved_tx.take());
            // A finished run waits for the judge's answers (the review then takes them
            // rather than asking the same while they are on their way); a run that stopped
            // (a question, Ctrl-C, an error) drops them.
            if !judged_ahead && matches!(&result, Ok(run) if run.exit == Exit::Done) {
                ahead.await;
            }
            result
        };
        let saved = match result {
            Ok(mut run) => {
                let sources = run.state.sources();
                let learned = std::mem::take(&mut sources.learned);
                let read = sources.reading.take();
                let memory = std::mem::take(&mut env.memory);
                match self.save_following(file, memory, learned, read.as_ref()) {
                    Ok(_) if run.exit == Exit::Done => {
                        let judge = judge.then_some(&ahead_answers);
                        let reviewed = self.after_run(&run.state, &env, file, judge).await;
                        if let Some(page) = &env.view {
                            self.write_view_after_run(page);
                        }
                        reviewed.map(|()| run.exit)
                    }
                    other => other.map(|_| run.exit),
                }
            }
            Err(err) => Err(err),
        };
        self.emit_usage();
        saved
    }

    /// The end of a finished run: the pairs the rules cannot decide are asked about, and
    /// what the run wrote is redrawn when a decision changed the memory.
    async fn after_run<S: HasSources>(
        &self,
        state: &S,
        env: &SourcesEnv,
        file: &MemoryFile,
        judge: Option<&super::dedupe::JudgedAhead>,
    ) -> anyhow::Result<()> {
        let judge = judge.map(|ahead| super::dedupe::Judge {
            llm: &*env.llm,
            prompts: &env.prompts,
            ahead: Some(ahead),
        });
        let reviewed = self.review_duplicates(file, judge).await?;
        // What the run wrote reflects what was just decided.
        if reviewed > 0
            && let Ok(Some((memory, _))) = MemoryFile::read(file.path())
            && let Err(err) = state.after_decisions(&env.output, &memory)
        {
            self.events.emit(Event::Warning {
                message: format!(
                    "could not redraw the diagram after the decisions: {}",
                    crate::error::chain_text(&err)
                ),
            });
        }
        Ok(())
    }
}

/// The client for `config`, caching in `store` unless caching is off, noting what it
/// learns of the endpoint there: the one way archie connects to its LLM.
fn connect_to(
    store: Arc<Store>,
    config: LlmConfig,
    events: Events,
) -> Result<(Arc<dyn Llm>, Option<Cache>), LlmError> {
    let cache = config.cache.then(|| Arc::clone(&store) as Cache);
    let llm = crate::llm::connect_noting(config, events, cache.clone(), Some(store))?;
    Ok((llm, cache))
}
