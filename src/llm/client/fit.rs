//! The model's context: learned from what a local server publishes (asked once per run)
//! or from an overflow error, and the `max_tokens` of every request fitted to it.

use super::OpenAiCompatible;
use crate::events::Event;
use crate::llm::config::Purpose;
use crate::llm::error::LlmError;
use crate::llm::{Llm, Request};
use crate::tokens::estimate_tokens;
use std::sync::atomic::Ordering;

impl OpenAiCompatible {
    /// The `max_tokens` for this call: the request's, or its purpose's, made to fit the
    /// context when it is known. A prompt that alone is larger than the context fails
    /// here, with no request sent.
    pub(super) fn fit_max_tokens(
        &self,
        request: &Request,
        purpose: Purpose,
    ) -> Result<u32, LlmError> {
        let want = request
            .max_tokens
            .unwrap_or_else(|| self.config.max_tokens.get(purpose));
        self.fit_to_context(request, want)
    }

    /// `want` made to fit the context, when it is known (it may have been learned while
    /// this request waited for a slot).
    pub(super) fn fit_to_context(&self, request: &Request, want: u32) -> Result<u32, LlmError> {
        let Some(context) = self.context_window() else {
            return Ok(want);
        };
        let prompt = estimate_prompt(request);
        if prompt >= context {
            return Err(LlmError::ContextOverflow {
                prompt_tokens: Some(prompt),
                context: Some(context),
                max_tokens: Some(want),
                message: "archie's estimate of the prompt is larger than the context".into(),
            });
        }
        let room = context - prompt;
        // archie's estimate is bytes / 4; a real tokenizer spends up to about 1.5 times
        // that on Markdown and JSON (a 32k vocabulary such as Llama 2's), and the chat
        // template adds its own tokens: half the estimate again is kept free for that.
        let margin = 16 + prompt / 2;
        let fitted = room.saturating_sub(margin).max(64.min(room));
        Ok(want.min(u32::try_from(fitted).unwrap_or(u32::MAX)))
    }

    pub(super) fn learn_context(&self, tokens: u64) {
        let before = self.context.swap(tokens, Ordering::Relaxed);
        if before != tokens {
            self.events.emit(Event::Detail {
                message: format!("the model's context is {tokens} tokens"),
            });
        }
    }

    /// Asks a local server once per run what it is (`probe.rs`): the model's context
    /// (vLLM, LM Studio and others publish it in `/v1/models`, llama.cpp's server in
    /// `/props`) and how many requests it takes at once, which the limiter starts from.
    /// Quietly nothing when it does not say.
    pub(super) async fn probe_context(&self) {
        let Some(probe) = &self.probe else {
            return;
        };
        self.probed
            .get_or_init(|| async {
                let told = probe.told().await;
                if let Some(tokens) = told.context {
                    self.learn_context(tokens);
                }
                self.limiter.told(told.capacity, told.round_trip);
                self.check_note(told.server.as_deref());
                if let Some(server) = told.server {
                    self.events.emit(Event::Detail {
                        message: format!(
                            "the LLM server is {server}: {} at once to start",
                            self.limiter.limit()
                        ),
                    });
                }
            })
            .await;
    }
}

/// archie's estimate of a request's prompt tokens: each message and its framing, and the
/// schema when there is one.
pub(super) fn estimate_prompt(request: &Request) -> u64 {
    let messages: u64 = request
        .messages
        .iter()
        .map(|m| estimate_tokens(&m.content) as u64 + 4)
        .sum();
    let schema = request
        .schema
        .as_ref()
        .map_or(0, |s| estimate_tokens(&s.schema.to_string()) as u64 + 32);
    messages + schema
}
