//! What extraction would ask of the model, without asking it (`--dry-run`).

use super::cache::{extraction_key, usable};
use super::extract::extraction_prompt;
use crate::docs::Chunk;
use crate::flows::FlowError;
use crate::llm::ResponseCache;
use crate::prompts::Prompts;
use crate::tokens::estimate_tokens;
use serde::Serialize;
use serde_json::json;

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
) -> Result<ExtractionPlan, FlowError> {
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
        let prompt = extraction_prompt(prompts, chunk)?;
        plan.calls += 1;
        plan.prompt_tokens += system + estimate_tokens(&prompt);
    }
    Ok(plan)
}
