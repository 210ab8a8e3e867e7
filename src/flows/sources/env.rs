//! What the nodes of `analyze` and `build-context` use: the run's environment, rebuilt
//! from the command line on every run, and what it answers about the memory.

use super::ask::Budgets;
use crate::docs::{ChunkOptions, RetrieveOptions, Retrieved};
use crate::llm::{Llm, Message, ResponseCache};
use crate::memory::Memory;
use crate::prompts::Prompts;
use serde_json::json;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// Options of the extraction step.
#[derive(Debug, Clone)]
pub struct ExtractOptions {
    pub enabled: bool,
    pub concurrency: usize,
    pub chunk: ChunkOptions,
}

/// What the nodes of `analyze` and `build-context` use. Rebuilt from the command line
/// on every run (and on resume); never checkpointed.
pub struct SourcesEnv {
    pub llm: Arc<dyn Llm>,
    pub prompts: Prompts,
    /// The memory as loaded at the start of the run.
    pub memory: Memory,
    pub inputs: RetrieveOptions,
    pub extract: ExtractOptions,
    /// Token budget for the knowledge-graph part of a prompt.
    pub memory_budget: usize,
    /// Token budget for document excerpts in a prompt.
    pub document_budget: usize,
    /// Where the flow writes its markdown.
    pub output: PathBuf,
    /// Where extraction answers are kept for the next run (`None` with `--no-cache`).
    pub cache: Option<Arc<dyn ResponseCache>>,
    /// What determines an extraction answer besides the chunk: the prompt templates, the
    /// model and the schema (see [`extraction_fingerprint`](super::extraction_fingerprint)).
    pub extraction_fingerprint: String,
    /// Token budget for the conversation history in an analysis prompt.
    pub history_budget: usize,
    /// Documents read before the run was recorded (so a folder with nothing to read is a
    /// usage error, not a failed run); the retrieve step takes them.
    pub prefetched: Mutex<Option<Retrieved>>,
    /// Where the extract step hands what the run has learned when it ends, to be saved
    /// into the memory file at once (see [`keeping_learned`]): whatever ends the run
    /// next (Ctrl-C during a long overview), the memory file has it. `None`: the
    /// checkpoint keeps it until the run's own save.
    pub keep_learned: Option<tokio::sync::mpsc::UnboundedSender<Memory>>,
    /// `--view`: the page of the knowledge graph written after the run (see
    /// `archie memory view`), which the output links to.
    pub view: Option<PathBuf>,
}

impl SourcesEnv {
    /// The loaded memory with this run's knowledge merged in.
    pub fn memory_with(&self, learned: &Memory) -> Memory {
        let mut all = self.memory.clone();
        all.merge(learned.clone());
        all
    }

    /// The relevant part of the knowledge graph for a prompt about `text`.
    pub fn relevant_memory(&self, learned: &Memory, text: &str) -> String {
        self.relevant_memory_within(learned, text, self.memory_budget)
    }

    /// Like [`SourcesEnv::relevant_memory`] within `budget` tokens. Reads through both, without
    /// merging a copy of the whole memory per prompt.
    pub fn relevant_memory_within(&self, learned: &Memory, text: &str, budget: usize) -> String {
        self.memory.relevant_with(learned, text, budget).text
    }

    /// The system prompt every call of these flows starts with.
    pub fn system_message(&self) -> anyhow::Result<Message> {
        Ok(Message::system(self.prompts.render("system", json!({}))?))
    }

    /// The user's budgets for the parts of a prompt.
    pub fn budgets(&self) -> Budgets {
        Budgets {
            documents: self.document_budget,
            memory: self.memory_budget,
        }
    }
}

/// Runs `run` (a flow over an [`SourcesEnv`] whose `keep_learned` sends to `learned`), calling
/// `keep` with each memory handed over while it runs; returns what `run` returns.
pub async fn keeping_learned<T>(
    run: impl std::future::Future<Output = T>,
    learned: &mut tokio::sync::mpsc::UnboundedReceiver<Memory>,
    mut keep: impl FnMut(Memory),
) -> T {
    tokio::pin!(run);
    loop {
        tokio::select! {
            biased;
            out = &mut run => {
                // Handed over just before the run ended (it failed at once, say).
                while let Ok(memory) = learned.try_recv() {
                    keep(memory);
                }
                return out;
            }
            Some(memory) = learned.recv() => keep(memory),
        }
    }
}
