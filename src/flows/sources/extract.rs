//! The extract node: a knowledge graph from every chunk of every document, one
//! structured LLM call per chunk not answered by an earlier run, in parallel.

use super::cache::{cached, remember};
use super::later::ground_of_all;
use super::learning::{Learned, Learner, Learning, Part};
use super::{EXTRACTING, HasSources, Sources, SourcesEnv};
use crate::docs::{self, Chunk};
use crate::events::{Event, Events, Extraction};
use crate::flows::FlowError;
use crate::flows::reply::{Knowledge, Origin, Vocabulary};
use crate::graph::{Control, Cx, FanOut, ItemOutcome, Next, fan_out};
use crate::llm::{Llm, LlmError, Message, Request};
use crate::memory::ground::Ground;
use crate::memory::{Memory, Reading};
use crate::prompts::{PromptError, Prompts};
use serde_json::json;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

/// How many failed chunks are named one by one; the rest are counted.
const NAMED_FAILURES: usize = 3;

/// Extracts a knowledge graph from every chunk of every document: one structured LLM
/// call per chunk, at most `concurrency` at once.
///
/// - An answer is kept per chunk as soon as it arrives (so Ctrl-C or a kill loses none),
///   keyed by what determines it (the chunk, the prompt templates, the model, the schema:
///   [`SourcesEnv::extraction_fingerprint`]), so unchanged chunks cost nothing on the next run,
///   whatever else changed; `--no-cache` asks again.
/// - A failure no retry can fix (a rejected key, an unknown model, no server) stops the
///   step at once, with that one error: the run fails here and can be resumed.
/// - Other failures skip their chunk; when every chunk failed the step fails (it never
///   looks like a success). A rerun or resume asks again only for the chunks that failed.
/// - What was learned is merged in the chunks' order, in the memory's vocabulary and
///   within archie's limits, so the result does not depend on which answer came first.
pub async fn extract<S: HasSources>(
    state: &mut S,
    cx: &mut Cx<'_, SourcesEnv>,
) -> Result<Next, FlowError> {
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
        if answers[i].is_none() {
            let prompt = extraction_prompt(&env.prompts, chunk)?;
            requests.push((i, vec![system.clone(), Message::user(prompt)]));
        }
    }

    // What the answers teach is merged in the chunks' order on a blocking thread as they
    // arrive (see [`Learner`]): first the chunks' grounds (what each answer's names must
    // be found in), then the documents' ground, which the answers about the whole corpus
    // start from, on a thread of its own.
    let vocabulary = Vocabulary::of(&env.memory);
    let paths = document_paths(env, documents);
    let instructions = Arc::new(prompt_ground(env));
    let mut learner = {
        let texts: Vec<String> = documents.iter().map(|d| d.text.clone()).collect();
        let documents_ground = env.documents_ground.expect(documents);
        Learner::start(
            parts(&chunks, &paths),
            sources.learned.clone(),
            vocabulary.clone(),
            Arc::clone(&instructions),
            move || {
                // Without a runtime the sender is dropped, and the corpus's ground is
                // made when asked.
                if let Ok(runtime) = tokio::runtime::Handle::try_current() {
                    drop(runtime.spawn_blocking(move || {
                        let _ = documents_ground.send(ground_of_all(texts));
                    }));
                }
            },
        )
    };
    for (i, answer) in answers.iter().enumerate() {
        if let Some(answer) = answer {
            learner.offer(i, Some(answer.clone()));
        }
    }
    let started = Instant::now();
    let llm = env.llm.as_ref();
    let before = llm.usage().totals();
    let concurrency = env.extract.concurrency.max(1);
    let events = cx.events;
    // Counted as answers arrive, for the progress line only.
    let mut live = Memory::new();
    for answer in answers.iter().flatten() {
        answer
            .clone()
            .merge_into(&mut live, &vocabulary, &Origin::none());
    }
    let asked: Vec<usize> = requests.iter().map(|(i, _)| *i).collect();
    let outcomes = if requests.is_empty() {
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
                    learner.offer(asked[index], None);
                    Control::Continue(Some(progress_detail(&live, llm)))
                }
                Ok(knowledge) => {
                    // Kept as it arrives: an answer paid for survives whatever ends the
                    // run next (Ctrl-C, a kill, a later failure).
                    remember(env, &chunks[asked[index]], knowledge, events);
                    knowledge
                        .clone()
                        .merge_into(&mut live, &vocabulary, &Origin::none());
                    learner.offer(asked[index], Some(knowledge.clone()));
                    Control::Continue(Some(progress_detail(&live, llm)))
                }
                // Every other call would fail the same way: stop now, say it once.
                Err(err) if err.is_fatal() => Control::Stop,
                Err(_) => {
                    learner.offer(asked[index], None);
                    Control::Continue(Some(progress_detail(&live, llm)))
                }
            },
        )
        .await
    };

    let failures = sort_outcomes(&chunks, asked, outcomes, &mut answers)?;
    let failed = failures.len();
    warn_failures(events, &failures);
    let learned = match learner.finish().await {
        Some(learned) => learned,
        // The thread could not finish: the same learning here.
        None => Learning::all(
            parts(&chunks, &paths),
            sources.learned.clone(),
            vocabulary,
            instructions,
            answers,
        ),
    };
    learn(env, sources, &chunks, &paths, learned, events);
    sources.failed_chunks = failed;
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

/// Sorts extraction's outcomes, in the chunks' order: an answer goes into `answers`, a
/// failure (or an answer of only the schema's words) is returned with its chunk. A
/// failure no retry can fix, or every chunk failed, fails the step.
fn sort_outcomes<'c>(
    chunks: &'c [Chunk],
    asked: Vec<usize>,
    outcomes: Vec<ItemOutcome<Knowledge, LlmError>>,
    answers: &mut [Option<Knowledge>],
) -> Result<Vec<(&'c Chunk, LlmError)>, FlowError> {
    let total = chunks.len();
    let mut fatal: Option<LlmError> = None;
    let mut failures: Vec<(&Chunk, LlmError)> = Vec::new();
    for (i, outcome) in asked.into_iter().zip(outcomes) {
        match outcome {
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
    if total > 0 && failures.len() == total {
        let (chunk, err) = failures.swap_remove(0);
        return Err(FlowError::because(
            format!(
                "knowledge extraction failed for all {total} chunks (the first: {}, part {})",
                chunk.doc,
                chunk.index + 1
            ),
            err,
        ));
    }
    Ok(failures)
}

/// Each document's path as the memory cites it, by its path as read.
fn document_paths(env: &SourcesEnv, documents: &[docs::Document]) -> HashMap<String, String> {
    documents
        .iter()
        .map(|d| (d.path.clone(), env.source_path(&d.source)))
        .collect()
}

/// The chunks as learning needs them.
fn parts(chunks: &[Chunk], paths: &HashMap<String, String>) -> Vec<Part> {
    chunks
        .iter()
        .map(|c| Part {
            text: c.text.clone(),
            heading: c.heading_path.clone(),
            doc: c.doc.clone(),
            hash: c.hash.clone(),
            path: paths.get(&c.doc).cloned().unwrap_or_else(|| c.doc.clone()),
        })
        .collect()
}

/// The extraction prompt's own words (rendered about nothing): a weak model writes them
/// back as names (`as the text writes it`).
fn prompt_ground(env: &SourcesEnv) -> Ground {
    Ground::of(
        &env.prompts
            .render(
                "extract",
                json!({ "document": "", "heading": "", "chunk": "" }),
            )
            .unwrap_or_default(),
    )
}

/// Takes what the answers taught (merged in the chunks' order, within archie's limits,
/// each fact with its chunk as its source and only what the chunk names: see
/// [`Learning`]) as what the run learned; records what was read whole (see
/// [`Sources::reading`]); and hands what was learned over to be saved at once (see
/// [`SourcesEnv::keep_learned`]).
fn learn(
    env: &SourcesEnv,
    sources: &mut Sources,
    chunks: &[Chunk],
    paths: &HashMap<String, String>,
    learned: Learned,
    events: &Events,
) {
    let mut reading = Reading {
        scope: env
            .inputs
            .inputs
            .iter()
            .map(|p| env.source_path(p))
            .collect(),
        read: paths.values().cloned().collect(),
        gone: Default::default(),
        chunks: chunks
            .iter()
            .map(|c| c.hash[..c.hash.len().min(crate::memory::source::HASH_DIGITS)].to_string())
            .collect(),
    };
    for path in &learned.unread {
        reading.read.remove(path);
    }
    sources.learned = learned.memory;
    let gone = reading.cited_and_missing(&env.memory, |p| {
        let path = std::path::Path::new(p);
        if path.is_absolute() {
            path.exists()
        } else {
            env.memory_dir.join(path).exists()
        }
    });
    reading.gone.extend(gone);
    sources.reading = env.extract.follow.then_some(reading);
    if let Some(warning) = learned.capped.warning() {
        events.emit(Event::Warning { message: warning });
    }
    if let Some(keep) = &env.keep_learned
        && !(sources.learned.entities().is_empty() && sources.learned.relationships().is_empty())
    {
        // Nobody listening only means the run's own save will keep it.
        let _ = keep.send(sources.learned.clone());
    }
}

/// Says each distinct extraction failure once, with the chunks it hit (a server fails
/// every chunk alike): the first [`NAMED_FAILURES`] named, the rest counted.
fn warn_failures(events: &Events, failures: &[(&Chunk, LlmError)]) {
    let mut by_error: Vec<(String, Vec<String>)> = Vec::new();
    for (chunk, err) in failures {
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
}

/// The extraction prompt of `chunk` (without the system prompt).
pub(super) fn extraction_prompt(prompts: &Prompts, chunk: &Chunk) -> Result<String, PromptError> {
    prompts.render(
        "extract",
        json!({
            "document": chunk.doc,
            "heading": chunk.heading_path,
            "chunk": chunk.text,
        }),
    )
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

async fn extract_one(llm: &dyn Llm, messages: Vec<Message>) -> Result<Knowledge, LlmError> {
    // Kept by the extraction cache above, not the LLM layer's (whose key is the whole
    // prompt). At temperature 0 unless the user set one: the same chunk, the same answer.
    let request = Request::new(messages)
        .cache(false)
        .temperature(llm.steady_temperature());
    llm.structured_with::<Knowledge>(request).await
}

/// The progress line's detail: what was learned so far and the requests the endpoint
/// is allowed at once now (it adapts under `--concurrency auto`): "allowed", since the
/// lines after it count the requests that were in flight, which may be fewer.
fn progress_detail(live: &Memory, llm: &dyn Llm) -> String {
    format!(
        "{} · {} allowed at once",
        graph_size(live),
        llm.concurrency()
    )
}

/// "12 entities, 1 relationship"
fn graph_size(memory: &Memory) -> String {
    crate::text::graph_size(
        memory.entities().len() as u64,
        memory.relationships().len() as u64,
    )
}
