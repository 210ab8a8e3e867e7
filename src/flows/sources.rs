//! What `analyze` and `build-context` share: their environment, the retrieve and
//! extract nodes, document excerpts for prompts, and writing output files.
//!
//! Both flows begin `retrieve → extract`: read the design documents, then extract a
//! knowledge graph from every chunk of them with bounded concurrency. What the run
//! learns is kept in the state (`Sources::learned`), apart from the memory loaded at the
//! start, so a checkpoint carries only this run's knowledge and a resumed run re-applies
//! it to the memory file as it is then. A checkpoint refers to documents by path, size and
//! hash, not their text: a resumed run reads them again and says if one changed.

use super::reply::Knowledge;
use crate::docs::{self, Chunk, ChunkOptions, Document, Reload, RetrieveOptions};
use crate::events::{Count, Event, Events};
use crate::graph::{Control, Cx, FanOut, Next, Slot, fan_out};
use crate::llm::{Llm, LlmError, Message};
use crate::memory::Memory;
use crate::prompts::Prompts;
use crate::tokens::estimate_tokens;
use anyhow::Context as _;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// The node that reads the documents.
pub const RETRIEVE: &str = "retrieve";
/// The node that extracts knowledge from them.
pub const EXTRACT: &str = "extract";

/// The progress line of extraction.
const EXTRACTING: &str = "extracting knowledge";

/// Entity types suggested to the extraction prompt.
const KNOWN_TYPES: &[&str] = &[
    "service",
    "database",
    "queue",
    "api",
    "library",
    "team",
    "external_system",
    "concept",
];

/// Options of the extraction step.
#[derive(Debug, Clone)]
pub struct ExtractOptions {
    pub enabled: bool,
    pub concurrency: usize,
    pub chunk: ChunkOptions,
}

/// What the nodes of `analyze` and `build-context` use. Rebuilt from the command line
/// on every run (and on resume); never checkpointed.
pub struct Env {
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
}

impl Env {
    /// The loaded memory with this run's knowledge merged in.
    pub fn memory_with(&self, learned: &Memory) -> Memory {
        let mut all = self.memory.clone();
        all.merge(learned.clone());
        all
    }

    /// The relevant part of the knowledge graph for a prompt about `text`.
    pub fn relevant_memory(&self, learned: &Memory, text: &str) -> String {
        self.memory_with(learned)
            .relevant(text, self.memory_budget)
            .text
    }

    /// The system prompt every call of these flows starts with.
    pub fn system_message(&self) -> anyhow::Result<Message> {
        Ok(Message::system(self.prompts.render("system", json!({}))?))
    }
}

/// The documents a run read and what it learned from them.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Sources {
    /// The documents read. Checkpointed without their text (see [`Sources::load`]).
    pub documents: Vec<Document>,
    /// Knowledge this run learned (extraction and the model's answers).
    pub learned: Memory,
    /// Chunks whose extraction failed.
    #[serde(default)]
    pub failed_chunks: usize,
}

impl Sources {
    /// The documents with their text: after a resume (a checkpoint carries no text) each
    /// is read again, and a document that changed or vanished since is reported.
    pub fn load(&mut self, events: &Events, max_file_size: u64) -> &[Document] {
        if self.documents.iter().any(|d| d.text.is_empty()) {
            self.documents.retain_mut(|doc| {
                if !doc.text.is_empty() {
                    return true;
                }
                match doc.reload(max_file_size) {
                    Reload::Unchanged => true,
                    Reload::Changed => {
                        events.emit(Event::Warning {
                            message: format!(
                                "{} changed since the run stopped; using it as it is now",
                                doc.path
                            ),
                        });
                        true
                    }
                    Reload::Gone(reason) => {
                        events.emit(Event::Warning {
                            message: format!(
                                "{} can no longer be read ({reason}); going on without it",
                                doc.path
                            ),
                        });
                        false
                    }
                }
            });
        }
        &self.documents
    }
}

/// A flow state that carries [`Sources`].
pub trait HasSources: Send {
    fn sources(&mut self) -> &mut Sources;
}

/// Reads the design documents.
pub async fn retrieve<S: HasSources>(state: &mut S, cx: &mut Cx<'_, Env>) -> anyhow::Result<Next> {
    let options = cx.env.inputs.clone();
    let retrieved = tokio::task::spawn_blocking(move || docs::retrieve(&options))
        .await
        .context("document retrieval panicked")??;
    for skipped in &retrieved.skipped {
        cx.emit(Event::Detail {
            message: format!("skipped {skipped}"),
        });
    }
    cx.emit(Event::Retrieved {
        documents: retrieved.documents.len() as u64,
        bytes: retrieved.total_bytes(),
        skipped: docs::skip_counts(&retrieved.skipped)
            .into_iter()
            .map(|(label, count)| Count {
                label,
                count: count as u64,
            })
            .collect(),
    });
    state.sources().documents = retrieved.documents;
    Ok(Next::Continue)
}

/// Extracts a knowledge graph from every chunk of every document: one structured LLM
/// call per chunk, at most `concurrency` at once, cached by the LLM layer so unchanged
/// documents cost nothing the second time. A chunk that fails is reported and skipped.
/// What was learned is merged in the chunks' order, so the result does not depend on
/// which answer came first.
pub async fn extract<S: HasSources>(state: &mut S, cx: &mut Cx<'_, Env>) -> anyhow::Result<Next> {
    let env = cx.env;
    if !env.extract.enabled {
        cx.emit(Event::Detail {
            message: "knowledge extraction skipped (--no-extract)".into(),
        });
        return Ok(Next::Continue);
    }
    let sources = state.sources();
    let documents = sources.load(cx.events, env.inputs.max_file_size);
    let chunks = docs::chunk_all(documents, env.extract.chunk);
    let total = chunks.len();
    let system = env.system_message()?;
    let mut known_types: Vec<String> = KNOWN_TYPES.iter().map(|t| t.to_string()).collect();
    for t in env.memory.stats().entity_types {
        if !known_types.contains(&t.name) && t.name != "unknown" {
            known_types.push(t.name);
        }
    }
    let mut requests = Vec::with_capacity(total);
    for chunk in &chunks {
        let prompt = env.prompts.render(
            "extract",
            json!({
                "document": chunk.doc,
                "heading": chunk.heading_path,
                "chunk": chunk.text,
                "known_types": known_types,
            }),
        )?;
        requests.push((chunk, vec![system.clone(), Message::user(prompt)]));
    }

    let started = Instant::now();
    let before = env.llm.usage().totals();
    let llm = env.llm.as_ref();
    let concurrency = env.extract.concurrency.max(1);
    let events = cx.events;
    // Counted as answers arrive, for the progress line only.
    let mut live = Memory::new();
    let slots = fan_out(
        FanOut {
            task: Some(EXTRACTING),
            limit: concurrency,
            events,
        },
        requests,
        |_, (chunk, messages)| extract_one(llm, chunk, messages),
        |_, result| match result {
            Ok(knowledge) => {
                knowledge.clone().merge_into(&mut live);
                Control::Continue(Some(graph_size(&live)))
            }
            Err(_) => Control::Continue(None),
        },
    )
    .await;

    let mut failed = 0;
    for (chunk, slot) in chunks.iter().zip(slots) {
        match slot {
            Slot::Done(knowledge) => {
                knowledge.merge_into(&mut sources.learned);
            }
            Slot::Failed(err) => {
                failed += 1;
                events.emit(Event::Warning {
                    message: format!(
                        "extraction failed for {} (part {}): {err}; skipped",
                        chunk.doc,
                        chunk.index + 1
                    ),
                });
            }
            Slot::NotRun => failed += 1,
        }
    }
    sources.failed_chunks = failed;
    let after = env.llm.usage().totals();
    cx.emit(Event::Extracted {
        chunks: total as u64,
        cached: after.cached.saturating_sub(before.cached),
        failed: failed as u64,
        entities: sources.learned.entities().len() as u64,
        relationships: sources.learned.relationships().len() as u64,
        concurrency: concurrency as u64,
        ms: started.elapsed().as_millis() as u64,
    });
    Ok(Next::Continue)
}

async fn extract_one(
    llm: &dyn Llm,
    _chunk: &Chunk,
    messages: Vec<Message>,
) -> Result<Knowledge, LlmError> {
    llm.structured::<Knowledge>(messages).await
}

/// "12 entities, 1 relationship"
fn graph_size(memory: &Memory) -> String {
    crate::ui::text::graph_size(
        memory.entities().len() as u64,
        memory.relationships().len() as u64,
    )
}

/// Document excerpts for a prompt: every document gets an equal share of `budget_tokens`
/// (at least a few hundred characters), cut at a character boundary.
pub fn excerpts(documents: &[Document], budget_tokens: usize) -> Vec<serde_json::Value> {
    if documents.is_empty() {
        return Vec::new();
    }
    let per_doc_chars = (budget_tokens * 4 / documents.len()).max(400);
    documents
        .iter()
        .map(|doc| {
            let text = doc.text.trim();
            let excerpt = if text.chars().count() > per_doc_chars {
                let cut: String = text.chars().take(per_doc_chars).collect();
                format!("{cut}\n[…]")
            } else {
                text.to_string()
            };
            json!({ "path": doc.path, "excerpt": excerpt })
        })
        .collect()
}

/// What a prompt is about, to find the relevant part of the knowledge graph: the given
/// text and the document excerpts the prompt carries (not the documents' whole text, so
/// the scan stays bounded by the document budget).
pub fn about(text: &str, excerpts: &[serde_json::Value]) -> String {
    let mut about = text.to_string();
    for e in excerpts {
        if let Some(excerpt) = e["excerpt"].as_str() {
            about.push('\n');
            about.push_str(excerpt);
        }
    }
    about
}

/// The start of every file archie writes: document retrieval skips files that begin
/// with it, so archie never reads its own output as input.
pub fn generated_header(command: &str) -> String {
    format!("{} {command} -->\n", docs::GENERATED_MARKER)
}

/// Writes an output file atomically, secrets redacted.
pub fn write_output(path: &Path, text: &str) -> anyhow::Result<()> {
    crate::files::write_atomic(path, crate::secrets::redact_text(text).as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Rough size of a prompt, for figures and budgets.
pub fn prompt_tokens(messages: &[Message]) -> usize {
    messages.iter().map(|m| estimate_tokens(&m.content)).sum()
}
