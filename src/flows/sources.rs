//! What `analyze` and `build-context` share: their environment, the retrieve and
//! extract nodes, document excerpts for prompts, and writing output files.
//!
//! Both flows begin `retrieve → extract`: read the design documents, then extract a
//! knowledge graph from every chunk of them with bounded concurrency. What the run
//! learns is kept in the state (`Sources::learned`), apart from the memory loaded at the
//! start, so a checkpoint carries only this run's knowledge and a resumed run re-applies
//! it to the memory file as it is then. A checkpoint refers to documents by path, size and
//! hash, not their text: a resumed run reads them again and says if one changed.

use super::reply::{Capped, Knowledge, Vocabulary};
use crate::docs::{self, Chunk, ChunkOptions, Document, Reload, RetrieveOptions, Retrieved};
use crate::events::{Count, Event, Events, Extraction};
use crate::graph::{Control, Cx, FanOut, ItemOutcome, Next, fan_out};
use crate::llm::{Llm, LlmError, Message, Purpose, Request, ResponseCache, Schema};
use crate::memory::Memory;
use crate::prompts::Prompts;
use crate::tokens::estimate_tokens;
use anyhow::Context as _;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// The node that reads the documents.
pub const RETRIEVE: &str = "retrieve";
/// The node that extracts knowledge from them.
pub const EXTRACT: &str = "extract";

/// The progress line of extraction.
const EXTRACTING: &str = "extracting knowledge";
/// The progress line of reading the documents.
const READING: &str = "reading the documents";
/// The progress line while waiting for the model's first words.
pub const ASKING: &str = "asking the model";
/// The nodes above as the user reads them, for the flows that run them.
pub const STEPS: [(&str, &str); 2] = [(RETRIEVE, READING), (EXTRACT, EXTRACTING)];

/// How many failed chunks are named one by one; the rest are counted.
const NAMED_FAILURES: usize = 3;

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
    /// Where extraction answers are kept for the next run (`None` with `--no-cache`).
    pub cache: Option<Arc<dyn ResponseCache>>,
    /// What determines an extraction answer besides the chunk: the prompt templates, the
    /// model and the schema (see [`extraction_fingerprint`]).
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

/// The line that links an output written to `output` to the view page, if there is one:
/// a path relative to the output's folder, so the link works wherever the two are moved
/// together.
pub fn view_link(env: &Env, output: &std::path::Path) -> Option<String> {
    let view = env.view.as_ref()?;
    let absolute = |p: &std::path::Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let from = if output.as_os_str() == "-" {
        absolute(std::path::Path::new("."))
    } else {
        absolute(output)
            .parent()
            .map(std::path::Path::to_path_buf)?
    };
    let to = absolute(view);
    let common = from
        .components()
        .zip(to.components())
        .take_while(|(a, b)| a == b)
        .count();
    let mut relative = PathBuf::new();
    for _ in from.components().skip(common) {
        relative.push("..");
    }
    for part in to.components().skip(common) {
        relative.push(part);
    }
    let target = relative.display().to_string().replace(' ', "%20");
    Some(format!(
        "\n\n[Explore the knowledge graph: search, filter, neighbours]({target})\n"
    ))
}

/// Runs `run` (a flow over an [`Env`] whose `keep_learned` sends to `learned`), calling
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

/// What an extraction answer depends on besides the chunk itself: the extraction and
/// system prompt templates as they are (built in or overridden), the model and the
/// answer's schema. Nothing else a prompt happens to carry (like the memory's contents)
/// is part of it, so the second run over unchanged documents asks the model nothing.
pub fn extraction_fingerprint(prompts: &Prompts, model: &str) -> String {
    let schema = Schema::of::<Knowledge>();
    crate::hash::sha256_hex(
        json!({
            "v": 1,
            "extract": prompts.fingerprint("extract"),
            "system": prompts.fingerprint("system"),
            "model": model,
            "schema": schema.schema,
        })
        .to_string()
        .as_bytes(),
    )
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
        self.relevant_memory_within(learned, text, self.memory_budget)
    }

    /// Like [`Env::relevant_memory`] within `budget` tokens. Reads through both, without
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

/// Token budgets for the parts of one prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budgets {
    /// Document excerpts.
    pub documents: usize,
    /// The relevant part of the knowledge graph.
    pub memory: usize,
}

impl Budgets {
    /// The least a prompt gets of each part, however small the context.
    const FLOOR_DOCUMENTS: usize = 200;
    const FLOOR_MEMORY: usize = 100;

    /// Takes `excess` tokens (and a tenth more) off the two parts in proportion; false
    /// when both are at their floors already.
    fn shrink(&mut self, excess: usize) -> bool {
        let before = *self;
        let total = (self.documents + self.memory).max(1);
        let cut = (excess + excess / 10).max(total / 10);
        let doc_cut = cut * self.documents / total;
        let mem_cut = cut - doc_cut;
        self.documents = self
            .documents
            .saturating_sub(doc_cut)
            .max(Self::FLOOR_DOCUMENTS.min(before.documents));
        self.memory = self
            .memory
            .saturating_sub(mem_cut)
            .max(Self::FLOOR_MEMORY.min(before.memory));
        *self != before
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
    /// The folder the run started in: a relative output path is written there, also when
    /// the run is resumed from another folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_in: Option<PathBuf>,
}

impl Sources {
    /// Where `output` goes: a relative path is taken from the folder the run started in.
    pub fn output_path(&self, output: &Path) -> PathBuf {
        if is_stdout(output) {
            return output.to_path_buf();
        }
        match &self.started_in {
            Some(dir) if output.is_relative() => {
                let here = std::env::current_dir().ok();
                if here.as_deref() == Some(dir.as_path()) {
                    output.to_path_buf()
                } else {
                    dir.join(output)
                }
            }
            _ => output.to_path_buf(),
        }
    }

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
    let prefetched = cx
        .env
        .prefetched
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take();
    let retrieved = match prefetched {
        Some(retrieved) => retrieved,
        None => {
            let options = cx.env.inputs.clone();
            cx.emit(Event::Progress {
                task: READING.into(),
                done: 0,
                total: None,
                detail: None,
            });
            let read = tokio::task::spawn_blocking(move || docs::retrieve(&options))
                .await
                .context("document retrieval panicked");
            cx.emit(Event::ProgressDone {
                task: READING.into(),
            });
            read??
        }
    };
    for skipped in &retrieved.skipped {
        cx.emit(Event::Detail {
            message: format!("skipped {skipped}"),
        });
    }
    let mut retrieved = retrieved;
    let sources = state.sources();
    if sources.started_in.is_none() {
        sources.started_in = std::env::current_dir().ok();
    }
    for doc in &mut retrieved.documents {
        // A resumed run reads them again, perhaps from another folder.
        if let Ok(source) = std::path::absolute(&doc.source) {
            doc.source = source;
        }
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
/// call per chunk, at most `concurrency` at once.
///
/// - An answer is kept per chunk as soon as it arrives (so Ctrl-C or a kill loses none),
///   keyed by what determines it (the chunk, the prompt templates, the model, the schema:
///   [`Env::extraction_fingerprint`]), so unchanged chunks cost nothing on the next run,
///   whatever else changed; `--no-cache` asks again.
/// - A failure no retry can fix (a rejected key, an unknown model, no server) stops the
///   step at once, with that one error: the run fails here and can be resumed.
/// - Other failures skip their chunk; when every chunk failed the step fails (it never
///   looks like a success). A rerun or resume asks again only for the chunks that failed.
/// - What was learned is merged in the chunks' order, in the memory's vocabulary and
///   within archie's limits, so the result does not depend on which answer came first.
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

    // Answers kept from earlier runs first; the model is asked only for the rest.
    let mut answers: Vec<Option<Knowledge>> = chunks.iter().map(|c| cached(env, c)).collect();
    let cached_count = answers.iter().filter(|a| a.is_some()).count();
    let mut requests = Vec::new();
    for (i, chunk) in chunks.iter().enumerate() {
        if answers[i].is_some() {
            continue;
        }
        let prompt = env.prompts.render(
            "extract",
            json!({
                "document": chunk.doc,
                "heading": chunk.heading_path,
                "chunk": chunk.text,
            }),
        )?;
        requests.push((i, vec![system.clone(), Message::user(prompt)]));
    }

    let started = Instant::now();
    let llm = env.llm.as_ref();
    let before = llm.usage().totals();
    let concurrency = env.extract.concurrency.max(1);
    let events = cx.events;
    let vocabulary = Vocabulary::of(&env.memory);
    // Counted as answers arrive, for the progress line only.
    let mut live = Memory::new();
    for answer in answers.iter().flatten() {
        answer.clone().merge_into(&mut live, &vocabulary);
    }
    let mut fatal: Option<LlmError> = None;
    let asked: Vec<usize> = requests.iter().map(|(i, _)| *i).collect();
    let slots = if requests.is_empty() {
        Vec::new()
    } else {
        fan_out(
            FanOut {
                task: Some(EXTRACTING),
                limit: concurrency,
                events,
            },
            requests,
            |_, (_, messages)| extract_one(llm, messages),
            |index, result| match result {
                // Only the schema's own words: failed like an unreadable answer, not kept.
                Ok(knowledge) if knowledge.names_only_schema_words() => {
                    Control::Continue(Some(progress_detail(&live, llm)))
                }
                Ok(knowledge) => {
                    // Kept as it arrives: an answer paid for survives whatever ends the
                    // run next (Ctrl-C, a kill, a later failure).
                    remember(env, &chunks[asked[index]], knowledge, events);
                    knowledge.clone().merge_into(&mut live, &vocabulary);
                    Control::Continue(Some(progress_detail(&live, llm)))
                }
                // Every other call would fail the same way: stop now, say it once.
                Err(err) if err.is_fatal() => Control::Stop,
                Err(_) => Control::Continue(Some(progress_detail(&live, llm))),
            },
        )
        .await
    };

    let mut failures: Vec<(&Chunk, LlmError)> = Vec::new();
    for (i, slot) in asked.into_iter().zip(slots) {
        match slot {
            ItemOutcome::Done(knowledge) if knowledge.names_only_schema_words() => {
                failures.push((&chunks[i], schema_echo(&knowledge)));
            }
            ItemOutcome::Done(knowledge) => {
                answers[i] = Some(knowledge);
            }
            ItemOutcome::Failed(err) if err.is_fatal() => {
                fatal.get_or_insert(err);
            }
            ItemOutcome::Failed(err) => failures.push((&chunks[i], err)),
            ItemOutcome::NotRun => {}
        }
    }
    if let Some(err) = fatal {
        return Err(err.into());
    }
    let failed = failures.len();
    if total > 0 && failed == total {
        let (chunk, err) = failures.swap_remove(0);
        return Err(anyhow::Error::new(err).context(format!(
            "knowledge extraction failed for all {total} chunks (the first: {}, part {})",
            chunk.doc,
            chunk.index + 1
        )));
    }
    // Each distinct error once, with the chunks it hit (a server fails every chunk alike).
    let mut by_error: Vec<(String, Vec<String>)> = Vec::new();
    for (chunk, err) in &failures {
        let message = err.to_string();
        let which = format!("{} part {}", chunk.doc, chunk.index + 1);
        match by_error.iter_mut().find(|(m, _)| *m == message) {
            Some((_, chunks)) => chunks.push(which),
            None => by_error.push((message, vec![which])),
        }
    }
    for (message, chunks) in &by_error {
        let which = match chunks.as_slice() {
            [one] => one.replacen(" part ", " (part ", 1) + ")",
            _ => {
                let mut named = chunks
                    .iter()
                    .take(NAMED_FAILURES)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(", ");
                if chunks.len() > NAMED_FAILURES {
                    named.push_str(", …");
                }
                format!("{} chunks ({named})", chunks.len())
            }
        };
        events.emit(Event::Warning {
            message: format!("extraction failed for {which}: {message}"),
        });
    }
    let mut capped = Capped::default();
    for knowledge in answers.into_iter().flatten() {
        capped.add(knowledge.merge_into(&mut sources.learned, &vocabulary));
    }
    if let Some(warning) = capped.warning() {
        events.emit(Event::Warning { message: warning });
    }
    sources.failed_chunks = failed;
    if let Some(keep) = &env.keep_learned
        && !(sources.learned.entities().is_empty() && sources.learned.relationships().is_empty())
    {
        // Nobody listening only means the run's own save will keep it.
        let _ = keep.send(sources.learned.clone());
    }
    let after = llm.usage().totals();
    cx.emit(Event::Extracted(Extraction {
        chunks: total as u64,
        cached: cached_count as u64,
        failed: failed as u64,
        entities: sources.learned.entities().len() as u64,
        relationships: sources.learned.relationships().len() as u64,
        // The most requests in flight; with none sent (all cached), what would be sent.
        concurrency: if after.requests > before.requests {
            after.peak_in_flight
        } else {
            llm.concurrency() as u64
        },
        ms: started.elapsed().as_millis() as u64,
    }));
    Ok(Next::Continue)
}

/// The key of a chunk's extraction answer. The temperature extraction asks for is part
/// of it when the user set one other than 0 (so changing `[llm] temperature` extracts
/// again); at the default, 0, the key is what it was before extraction asked for one.
fn answer_key(env: &Env, chunk: &Chunk) -> String {
    extraction_key(
        &env.extraction_fingerprint,
        env.llm.steady_temperature(),
        chunk,
    )
}

/// [`answer_key`] from its parts: the extraction fingerprint, the temperature extraction
/// asks for, and the chunk.
fn extraction_key(fingerprint: &str, temperature: f32, chunk: &Chunk) -> String {
    let mut material = json!({
        "fingerprint": fingerprint,
        "heading": chunk.heading_path,
        "chunk": chunk.hash,
    });
    if temperature != 0.0 {
        material["temperature"] = json!(temperature);
    }
    format!(
        "extract/v1/{}",
        crate::hash::sha256_hex(material.to_string().as_bytes())
    )
}

/// What extracting knowledge from `chunks` would ask of the model, without asking it
/// (`--dry-run`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ExtractionPlan {
    pub chunks: usize,
    /// Chunks whose answer an earlier run kept: no call.
    pub cached: usize,
    /// One per chunk not cached.
    pub calls: usize,
    /// The prompts of those calls (system and extraction prompt), estimated.
    pub prompt_tokens: usize,
}

/// The [`ExtractionPlan`] of `chunks`: the same keys and prompts [`extract`] would use.
pub fn extraction_plan(
    prompts: &Prompts,
    cache: Option<&dyn ResponseCache>,
    fingerprint: &str,
    temperature: f32,
    chunks: &[Chunk],
) -> anyhow::Result<ExtractionPlan> {
    let system = estimate_tokens(&prompts.render("system", json!({}))?);
    let mut plan = ExtractionPlan {
        chunks: chunks.len(),
        ..ExtractionPlan::default()
    };
    for chunk in chunks {
        let key = extraction_key(fingerprint, temperature, chunk);
        if cache.is_some_and(|c| c.get(&key).is_some_and(|text| usable(&text))) {
            plan.cached += 1;
            continue;
        }
        let prompt = prompts.render(
            "extract",
            json!({ "document": chunk.doc, "heading": chunk.heading_path, "chunk": chunk.text }),
        )?;
        plan.calls += 1;
        plan.prompt_tokens += system + estimate_tokens(&prompt);
    }
    Ok(plan)
}

/// The answer kept for `chunk` by an earlier run, if any (and caching is on). One that
/// names only the schema's words (kept before archie rejected them) is asked again.
fn cached(env: &Env, chunk: &Chunk) -> Option<Knowledge> {
    let text = env.cache.as_ref()?.get(&answer_key(env, chunk))?;
    serde_json::from_str::<Knowledge>(&text)
        .ok()
        .filter(|k| !k.names_only_schema_words())
}

/// Whether a kept answer is one [`cached`] would use.
fn usable(text: &str) -> bool {
    serde_json::from_str::<Knowledge>(text).is_ok_and(|k| !k.names_only_schema_words())
}

/// The failure of a chunk whose answer named only the schema's own words.
fn schema_echo(knowledge: &Knowledge) -> LlmError {
    let mut names: Vec<String> = knowledge
        .entities
        .iter()
        .take(4)
        .map(|e| format!("`{}`", e.name.trim()))
        .collect();
    if knowledge.entities.len() > 4 {
        names.push("…".into());
    }
    LlmError::Unusable {
        reason: format!(
            "its entities ({}) are the answer's schema written back, not names from the document",
            names.join(", ")
        ),
    }
}

/// Keeps `knowledge` (within archie's limits) as the answer for `chunk`.
fn remember(env: &Env, chunk: &Chunk, knowledge: &Knowledge, events: &Events) {
    let Some(cache) = &env.cache else { return };
    let (capped, _) = knowledge.clone().capped();
    let Ok(text) = serde_json::to_string(&capped) else {
        return;
    };
    // What the model wrote may carry a key it read in a document.
    let text = crate::secrets::redact_text(&text);
    if let Err(err) = cache.put(&answer_key(env, chunk), &text) {
        events.emit(Event::Warning {
            message: format!("could not keep an extraction answer for the next run: {err}"),
        });
    }
}

async fn extract_one(llm: &dyn Llm, messages: Vec<Message>) -> Result<Knowledge, LlmError> {
    // Kept by the extraction cache above, not the LLM layer's (whose key is the whole
    // prompt). At temperature 0 unless the user set one: the same chunk, the same answer.
    let request = Request::new(messages)
        .cache(false)
        .temperature(llm.steady_temperature());
    llm.structured_with::<Knowledge>(request).await
}

/// Asks the model for a reply the user reads (streamed), with "asking the model…" on
/// the progress line until its first words arrive, and the prompt `build` makes from the
/// budgets. When the model's context is known (the server published it, or an earlier
/// call overflowed it), the budgets shrink until the prompt fits, and a prompt that
/// overflowed is built once more to fit and sent again.
pub async fn ask_model(
    cx: &Cx<'_, Env>,
    purpose: Purpose,
    build: impl Fn(&Budgets) -> anyhow::Result<Vec<Message>>,
) -> anyhow::Result<String> {
    cx.emit(Event::Progress {
        task: ASKING.into(),
        done: 0,
        total: None,
        detail: None,
    });
    let reply = ask_fitted(cx.env, purpose, build).await;
    cx.emit(Event::ProgressDone {
        task: ASKING.into(),
    });
    reply
}

async fn ask_fitted(
    env: &Env,
    purpose: Purpose,
    build: impl Fn(&Budgets) -> anyhow::Result<Vec<Message>>,
) -> anyhow::Result<String> {
    let llm = env.llm.as_ref();
    let mut budgets = env.budgets();
    let mut resent = false;
    // Each shrink takes at least a tenth: a handful of rounds reaches the floors.
    for _ in 0..12 {
        let messages = build(&budgets)?;
        if let Some(room) = llm.prompt_room(purpose) {
            let size = prompt_tokens(&messages);
            if size > room && budgets.shrink(size - room) {
                continue;
            }
        }
        match llm.chat_as(purpose, messages).await {
            Err(err)
                if err.is_context_overflow() && !resent && llm.prompt_room(purpose).is_some() =>
            {
                resent = true;
                continue;
            }
            result => return Ok(result?),
        }
    }
    let messages = build(&budgets)?;
    Ok(llm.chat_as(purpose, messages).await?)
}

/// The progress line's detail: what was learned so far and the requests allowed at
/// once (it adapts under `--concurrency auto`).
fn progress_detail(live: &Memory, llm: &dyn Llm) -> String {
    format!("{} · {} at once", graph_size(live), llm.concurrency())
}

/// "12 entities, 1 relationship"
fn graph_size(memory: &Memory) -> String {
    crate::text::graph_size(
        memory.entities().len() as u64,
        memory.relationships().len() as u64,
    )
}

/// The smallest excerpt worth sending: with more documents than the budget gives this
/// much each, the most relevant ones are sent and the rest only counted.
const MIN_EXCERPT_CHARS: usize = 400;

/// Document excerpts for a prompt, within `budget_tokens` however many documents there
/// are: every document gets an equal share (cut at a character boundary); when a share
/// would be smaller than [`MIN_EXCERPT_CHARS`], only as many documents as the budget
/// holds are sent, those that mention `about` most first, and the last item says how
/// many were left out.
pub fn excerpts(
    documents: &[Document],
    budget_tokens: usize,
    about: &str,
) -> Vec<serde_json::Value> {
    if documents.is_empty() {
        return Vec::new();
    }
    let budget_chars = budget_tokens.saturating_mul(4);
    let fits = (budget_chars / MIN_EXCERPT_CHARS).max(1);
    let chosen: Vec<&Document> = if documents.len() <= fits {
        documents.iter().collect()
    } else {
        let words = about_words(about);
        let mut ranked: Vec<(usize, usize, &Document)> = documents
            .iter()
            .enumerate()
            .map(|(i, d)| (mentions(&words, d), i, d))
            .collect();
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut kept: Vec<(usize, &Document)> = ranked
            .into_iter()
            .take(fits)
            .map(|(_, i, d)| (i, d))
            .collect();
        kept.sort_by_key(|(i, _)| *i);
        kept.into_iter().map(|(_, d)| d).collect()
    };
    let per_doc_chars = (budget_chars / chosen.len()).max(1);
    let mut out: Vec<serde_json::Value> = chosen
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
        .collect();
    let left_out = documents.len() - chosen.len();
    if left_out > 0 {
        out.push(json!({
            "path": format!("({left_out} more documents)"),
            "excerpt": format!(
                "{left_out} more documents were read but are not shown here, to keep within --document-budget {budget_tokens}; their knowledge is in the knowledge graph."
            ),
        }));
    }
    out
}

/// At most `max` document paths for a prompt, and a count of the rest.
pub fn paths(documents: &[Document], max: usize) -> Vec<String> {
    let mut out: Vec<String> = documents.iter().take(max).map(|d| d.path.clone()).collect();
    if documents.len() > max {
        out.push(format!("… and {} more", documents.len() - max));
    }
    out
}

/// The words of `about` worth looking for (three letters or more, lower case).
fn about_words(about: &str) -> Vec<String> {
    let mut words: Vec<String> = about
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .collect();
    words.sort();
    words.dedup();
    words
}

/// How often a document's path and opening mention `words`.
fn mentions(words: &[String], doc: &Document) -> usize {
    if words.is_empty() {
        return 0;
    }
    let head: String = doc.text.chars().take(4_000).collect();
    let text = format!("{} {}", doc.path, head).to_lowercase();
    words.iter().map(|w| text.matches(w.as_str()).count()).sum()
}

/// The `##` sections of a markdown reply, each with a short name and how many top-level
/// list items it holds: `## Main components` with 7 bullets is `("components", 7)`.
pub fn outline(markdown: &str) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = Vec::new();
    let mut seen = 0;
    for line in markdown.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            seen += 1;
            // A model that writes dozens of sections would make the "wrote" line a page.
            if out.len() < MAX_NAMED_SECTIONS {
                out.push((section_name(heading), 0));
            }
        } else if seen > MAX_NAMED_SECTIONS {
            continue;
        } else if let Some(last) = out.last_mut() {
            let item = line.starts_with("- ")
                || line.starts_with("* ")
                || line
                    .split_once(". ")
                    .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
            if item {
                last.1 += 1;
            }
        }
    }
    if seen > MAX_NAMED_SECTIONS {
        out.push((format!("{} more sections", seen - MAX_NAMED_SECTIONS), 0));
    }
    out
}

/// The most sections a "wrote" line names.
const MAX_NAMED_SECTIONS: usize = 6;

/// `Main components` → `components`, `Alternatives and trade-offs` → `alternatives`,
/// `Interactions and data flows` → `data flows`.
fn section_name(heading: &str) -> String {
    let lower = heading
        .trim()
        .trim_matches(|c: char| c == '*' || c == ':')
        .to_lowercase();
    if lower.contains("data flow") {
        return "data flows".into();
    }
    let lower = lower
        .trim_start_matches("main ")
        .trim_start_matches("key ")
        .to_string();
    match lower.split_once(" and ") {
        Some((first, _)) => first.trim().to_string(),
        None => lower,
    }
}

/// `7 components` (`1 component`), or the name alone when it lists nothing.
pub fn counted(name: &str, count: usize) -> String {
    match count {
        0 => name.to_string(),
        1 => format!("1 {}", name.strip_suffix('s').unwrap_or(name)),
        n => format!("{n} {name}"),
    }
}

/// The sections of an analysis as the "wrote" line names them: `3 assumptions,
/// 7 components, 3 alternatives, 4 decisions, 2 open questions`.
pub fn sections(markdown: &str) -> String {
    let outline = outline(markdown);
    if outline.is_empty() {
        return "no sections".into();
    }
    outline
        .iter()
        .map(|(name, count)| counted(name, *count))
        .collect::<Vec<_>>()
        .join(", ")
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

/// `markdown` with its headings moved down so the shallowest is at `top` (`2`: under
/// archie's own `#` title), their order kept; deeper ones stay deeper (at most `######`).
/// Code blocks are left alone. A reply whose headings start at `top` or below is
/// returned as it is.
pub fn demote_headings(markdown: &str, top: usize) -> String {
    fn level(line: &str, fenced: bool) -> Option<usize> {
        if fenced || line.len() - line.trim_start_matches(' ').len() > 3 {
            return None;
        }
        let text = line.trim_start_matches(' ');
        let hashes = text.len() - text.trim_start_matches('#').len();
        let rest = &text[hashes..];
        ((1..=6).contains(&hashes) && (rest.is_empty() || rest.starts_with([' ', '\t'])))
            .then_some(hashes)
    }
    let is_fence = |line: &str| {
        let t = line.trim_start();
        t.starts_with("```") || t.starts_with("~~~")
    };
    let mut fenced = false;
    let mut shallowest = None;
    for line in markdown.lines() {
        if is_fence(line) {
            fenced = !fenced;
            continue;
        }
        if let Some(n) = level(line, fenced) {
            shallowest = Some(shallowest.map_or(n, |s: usize| s.min(n)));
        }
    }
    let shift = match shallowest {
        Some(n) if n < top => top - n,
        _ => return markdown.to_string(),
    };
    let mut fenced = false;
    let mut out = String::with_capacity(markdown.len() + 16);
    for line in markdown.split_inclusive('\n') {
        if is_fence(line) {
            fenced = !fenced;
        } else if let Some(n) = level(line.trim_end_matches(['\n', '\r']), fenced) {
            let indent = line.len() - line.trim_start_matches(' ').len();
            let deeper = (n + shift).min(6);
            out.push_str(&line[..indent]);
            out.push_str(&"#".repeat(deeper));
            out.push_str(&line[indent + n..]);
            continue;
        }
        out.push_str(line);
    }
    out
}

/// The start of every file archie writes: document retrieval skips files that begin
/// with it, so archie never reads its own output as input.
pub fn generated_header(command: &str) -> String {
    format!("{} {command} -->\n", docs::GENERATED_MARKER)
}

/// Whether `path` is `-`: standard output (`-o -`).
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// How a "wrote" line names `path`: `stdout` for `-`.
pub fn output_name(path: &Path) -> String {
    if is_stdout(path) {
        "stdout".into()
    } else {
        path.display().to_string()
    }
}

/// Writes an output file atomically, secrets redacted, with no control character but
/// newlines and tabs (a model's reply can hold any). `-` writes it to standard output.
pub fn write_output(path: &Path, text: &str) -> anyhow::Result<()> {
    let text = crate::text::for_file(&crate::secrets::redact_text(text));
    if is_stdout(path) {
        return crate::stdout::write(text.as_bytes()).context("cannot write to standard output");
    }
    crate::files::write_atomic(path, text.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Rough size of a prompt, for figures and budgets.
pub fn prompt_tokens(messages: &[Message]) -> usize {
    messages.iter().map(|m| estimate_tokens(&m.content)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_s_headings_go_under_archie_s_title() {
        let reply = "# Summary\nText.\n\n## Risks\n- a\n\n```sh\n# a comment\n```\n#hashtag\n";
        assert_eq!(
            demote_headings(reply, 2),
            "## Summary\nText.\n\n### Risks\n- a\n\n```sh\n# a comment\n```\n#hashtag\n"
        );
        let already = "## Assumptions\n- x\n### Detail\n";
        assert_eq!(demote_headings(already, 2), already);
        assert_eq!(demote_headings("no headings", 2), "no headings");
        assert_eq!(demote_headings("# A\n###### F\n", 2), "## A\n###### F\n");
    }

    #[test]
    fn the_wrote_line_names_at_most_six_sections() {
        let mut markdown = String::new();
        for i in 0..20 {
            markdown.push_str(&format!("## Part {i}\n- a\n- b\n"));
        }
        let named = outline(&markdown);
        assert_eq!(named.len(), 7, "{named:?}");
        assert_eq!(named[5], ("part 5".to_string(), 2));
        assert_eq!(named[6].0, "14 more sections");
        assert_eq!(
            outline("## Decisions\n1. one\n2. two\n"),
            [("decisions".to_string(), 2)]
        );
    }
}
