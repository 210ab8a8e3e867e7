//! Asking the model for a reply the user reads, with a prompt built from token budgets
//! that shrink until it fits the model's context.

use super::{ASKING, SourcesEnv};
use crate::events::Event;
use crate::flows::FlowError;
use crate::graph::Cx;
use crate::llm::{Message, Purpose};
use crate::tokens::estimate_tokens;

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

/// Asks the model for a reply the user reads (streamed), with "asking the model…" on
/// the progress line until its first words arrive, and the prompt `build` makes from the
/// budgets. When the model's context is known (the server published it, or an earlier
/// call overflowed it), the budgets shrink until the prompt fits, and a prompt that
/// overflowed is built once more to fit and sent again.
pub async fn ask_model(
    cx: &Cx<'_, SourcesEnv>,
    purpose: Purpose,
    build: impl Fn(&Budgets) -> Result<Vec<Message>, FlowError>,
) -> Result<String, FlowError> {
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
    env: &SourcesEnv,
    purpose: Purpose,
    build: impl Fn(&Budgets) -> Result<Vec<Message>, FlowError>,
) -> Result<String, FlowError> {
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

/// Rough size of a prompt, for figures and budgets.
pub fn prompt_tokens(messages: &[Message]) -> usize {
    messages.iter().map(|m| estimate_tokens(&m.content)).sum()
}
