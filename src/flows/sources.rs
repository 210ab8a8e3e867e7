//! What `analyze` and `build-context` share: their environment, the retrieve and
//! extract nodes, document excerpts for prompts, and writing output files.
//!
//! Both flows begin `retrieve → extract`: read the design documents, then extract a
//! knowledge graph from every chunk of them with bounded concurrency. What the run
//! learns is kept in the state (`Sources::learned`), apart from the memory loaded at the
//! start, so a checkpoint carries only this run's knowledge and a resumed run re-applies
//! it to the memory file as it is then.

use super::reply::Knowledge;
use crate::docs::{self, Chunk, ChunkOptions, Document, RetrieveOptions};
use crate::graph::{Cx, Next};
use crate::llm::{Llm, LlmError, Message};
use crate::memory::Memory;
use crate::prompts::Prompts;
use crate::tokens::estimate_tokens;
use crate::ui::events::Event;
use anyhow::Context as _;
use futures::StreamExt;
use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

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
    pub documents: Vec<Document>,
    /// Knowledge this run learned (extraction and the model's answers).
    pub learned: Memory,
    /// Chunks whose extraction failed.
    #[serde(default)]
    pub failed_chunks: usize,
}

/// A flow state that carries [`Sources`].
pub trait HasSources: Send {
    fn sources(&mut self) -> &mut Sources;
}

/// Reads the design documents.
pub fn retrieve<'a, S: HasSources>(
    state: &'a mut S,
    cx: &'a mut Cx<'_, Env>,
) -> BoxFuture<'a, anyhow::Result<Next>> {
    Box::pin(async move {
        let options = cx.env.inputs.clone();
        let retrieved = tokio::task::spawn_blocking(move || docs::retrieve(&options))
            .await
            .context("document retrieval panicked")??;
        for skipped in &retrieved.skipped {
            cx.emit(Event::Detail {
                message: format!("skipped {skipped}"),
            });
        }
        let summary = retrieved.summary();
        if retrieved.skipped.is_empty() {
            cx.emit(Event::Done { message: summary });
        } else {
            cx.emit(Event::Done {
                message: format!("{summary} — see -v"),
            });
        }
        state.sources().documents = retrieved.documents;
        Ok(Next::Continue)
    })
}

/// Extracts a knowledge graph from every chunk of every document: one structured LLM
/// call per chunk, at most `concurrency` at once, cached by the LLM layer so unchanged
/// documents cost nothing the second time. A chunk that fails is reported and skipped.
pub fn extract<'a, S: HasSources>(
    state: &'a mut S,
    cx: &'a mut Cx<'_, Env>,
) -> BoxFuture<'a, anyhow::Result<Next>> {
    Box::pin(async move {
        let env = cx.env;
        if !env.extract.enabled {
            cx.emit(Event::Detail {
                message: "knowledge extraction skipped (--no-extract)".into(),
            });
            return Ok(Next::Continue);
        }
        let sources = state.sources();
        let chunks = docs::chunk_all(&sources.documents, env.extract.chunk);
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
        let mut calls = Vec::with_capacity(total);
        for (chunk, messages) in requests {
            calls.push(extract_one(llm, chunk, messages));
        }
        let mut results = futures::stream::iter(calls).buffer_unordered(concurrency);

        let task = "extracting knowledge".to_string();
        let mut done = 0u64;
        let mut failed = 0usize;
        while let Some((chunk, result)) = results.next().await {
            done += 1;
            match result {
                Ok(knowledge) => {
                    knowledge.merge_into(&mut sources.learned);
                }
                Err(err) => {
                    failed += 1;
                    cx.emit(Event::Warning {
                        message: format!(
                            "extraction failed for {} (part {}): {err}; skipped",
                            chunk.doc,
                            chunk.index + 1
                        ),
                    });
                }
            }
            cx.emit(Event::Progress {
                task: task.clone(),
                done,
                total: Some(total as u64),
                detail: Some(graph_size(&sources.learned)),
            });
        }
        cx.emit(Event::ProgressDone { task });
        sources.failed_chunks = failed;

        let after = env.llm.usage().totals();
        let cached = after.cached.saturating_sub(before.cached);
        let mut message = format!(
            "extracted knowledge  {total} chunk{} · {concurrency} in parallel · {}   {:.1} s",
            if total == 1 { "" } else { "s" },
            graph_size(&sources.learned),
            started.elapsed().as_secs_f64()
        );
        if cached > 0 {
            message.push_str(&format!(
                "\n  (cached: {cached} of {total} chunks unchanged since the last run)"
            ));
        }
        if failed > 0 {
            message.push_str(&format!(
                "\n  ({failed} of {total} chunks failed and were skipped)"
            ));
        }
        cx.emit(Event::Done { message });
        Ok(Next::Continue)
    })
}

async fn extract_one<'c>(
    llm: &dyn Llm,
    chunk: &'c Chunk,
    messages: Vec<Message>,
) -> (&'c Chunk, Result<Knowledge, LlmError>) {
    (chunk, llm.structured::<Knowledge>(messages).await)
}

/// "12 entities, 1 relationship"
fn graph_size(memory: &Memory) -> String {
    let (e, r) = (memory.entities().len(), memory.relationships().len());
    format!(
        "{e} entit{}, {r} relationship{}",
        if e == 1 { "y" } else { "ies" },
        if r == 1 { "" } else { "s" }
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

/// The start of every file archie writes: document retrieval skips files that begin
/// with it, so archie never reads its own output as input.
pub fn generated_header(command: &str) -> String {
    format!("{} {command} -->\n", docs::GENERATED_MARKER)
}

/// Writes `text` to `path` atomically (a temporary file in the same folder, renamed),
/// with secrets redacted.
pub fn write_output(path: &Path, text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create the folder {}", dir.display()))?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)
        .with_context(|| format!("cannot write in {}", dir.display()))?;
    tmp.write_all(crate::secrets::redact_text(text).as_bytes())
        .and_then(|()| tmp.as_file().sync_all())
        .with_context(|| format!("cannot write {}", path.display()))?;
    tmp.persist(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// Rough size of a prompt, for figures and budgets.
pub fn prompt_tokens(messages: &[Message]) -> usize {
    messages.iter().map(|m| estimate_tokens(&m.content)).sum()
}
