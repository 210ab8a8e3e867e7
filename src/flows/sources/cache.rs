//! Extraction answers kept for the next run: what they depend on (the fingerprint), the
//! key of a chunk's answer, and reading and writing them.

use super::SourcesEnv;
use crate::docs::Chunk;
use crate::events::{Event, Events};
use crate::flows::reply::Knowledge;
use crate::llm::Schema;
use crate::prompts::Prompts;
use serde_json::json;

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
            "schema": schema.schema.as_ref(),
        })
        .to_string()
        .as_bytes(),
    )
}

/// The key of a chunk's extraction answer. The temperature extraction asks for is part
/// of it when the user set one other than 0 (so changing `[llm] temperature` extracts
/// again); at the default, 0, the key is what it was before extraction asked for one.
fn answer_key(env: &SourcesEnv, chunk: &Chunk) -> String {
    extraction_key(
        &env.extraction_fingerprint,
        env.llm.steady_temperature(),
        chunk,
    )
}

/// [`answer_key`] from its parts: the extraction fingerprint, the temperature extraction
/// asks for, and the chunk.
pub(super) fn extraction_key(fingerprint: &str, temperature: f32, chunk: &Chunk) -> String {
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

/// The answer kept for `chunk` by an earlier run, if any (and caching is on). One that
/// names only the schema's words (kept before archie rejected them) is asked again.
pub(super) fn cached(env: &SourcesEnv, chunk: &Chunk) -> Option<Knowledge> {
    let text = env.cache.as_ref()?.get(&answer_key(env, chunk))?;
    serde_json::from_str::<Knowledge>(&text)
        .ok()
        .filter(|k| !k.names_only_schema_words())
}

/// Whether a kept answer is one [`cached`] would use.
pub(super) fn usable(text: &str) -> bool {
    serde_json::from_str::<Knowledge>(text).is_ok_and(|k| !k.names_only_schema_words())
}

/// Keeps `knowledge` (within archie's limits) as the answer for `chunk`.
pub(super) fn remember(env: &SourcesEnv, chunk: &Chunk, knowledge: &Knowledge, events: &Events) {
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
