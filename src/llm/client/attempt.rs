//! One attempt of a call, as the retry policy runs it (`with_retries` in `client.rs`):
//! the arguments it carries down to the HTTP request ([`Attempt`]), a context overflow
//! answered once with a smaller `max_tokens`, and the structured-output level stepped
//! down when the endpoint rejects it (`levels.rs` keeps the level).

use super::fit::estimate_prompt;
use super::{MIN_ANSWER, OpenAiCompatible};
use crate::events::Event;
use crate::llm::config::StructuredMode;
use crate::llm::error::LlmError;
use crate::llm::wire::{self, ModelAnswer};
use crate::llm::{Llm, Request};
use tokio::time::Instant;

/// What one attempt sends, from the retry loop down to the HTTP request. Only
/// `max_tokens` changes on the way: an overflow cuts it, and each request fits it to
/// the context as it is known then.
#[derive(Debug, Clone, Copy)]
pub(super) struct Attempt<'a> {
    pub(super) request: &'a Request,
    /// The answer is streamed to the user as it arrives.
    pub(super) stream: bool,
    /// The room for the answer, in tokens.
    pub(super) max_tokens: u32,
    /// The call's deadline: no wait for a slot, push-back or answer goes past it.
    pub(super) deadline: Instant,
}

impl Attempt<'_> {
    /// The answer is asked for as JSON matching a schema.
    pub(super) fn structured(&self) -> bool {
        self.request.schema.is_some()
    }

    /// The same attempt with room for `max_tokens`.
    pub(super) fn with_max_tokens(self, max_tokens: u32) -> Self {
        Self { max_tokens, ..self }
    }
}

impl OpenAiCompatible {
    /// One attempt. A context overflow teaches the context's size; when the prompt
    /// itself fits, the request is sent once more at once with the answer's room cut to
    /// what is left. Returns the answer and the `max_tokens` it was asked within.
    pub(super) async fn attempt(
        &self,
        attempt: Attempt<'_>,
    ) -> Result<(ModelAnswer, u32), LlmError> {
        let mut attempt = attempt;
        let mut refitted = false;
        loop {
            let (prompt_tokens, context, message) = match self.at_level(&attempt).await {
                Ok(answer) => return Ok((answer, attempt.max_tokens)),
                Err(LlmError::ContextOverflow {
                    prompt_tokens,
                    context,
                    message,
                    ..
                }) => (prompt_tokens, context, message),
                Err(err) => return Err(err),
            };
            if let Some(context) = context {
                self.learn_context(context);
            }
            let prompt = prompt_tokens.unwrap_or_else(|| estimate_prompt(attempt.request));
            let context = self.context_window();
            if let Some(ctx) = context
                && !refitted
                && let Some(fitted) = refit(ctx, prompt, attempt.max_tokens)
            {
                refitted = true;
                self.events.emit(Event::Detail {
                    message: format!(
                        "the prompt ({prompt} tokens) and max_tokens {} do not fit the \
                         context of {ctx} tokens; asking again with max_tokens {fitted}",
                        attempt.max_tokens
                    ),
                });
                attempt = attempt.with_max_tokens(fitted);
                continue;
            }
            return Err(LlmError::ContextOverflow {
                prompt_tokens: Some(prompt),
                context,
                max_tokens: Some(attempt.max_tokens),
                message,
            });
        }
    }

    /// One attempt at the run's structured-output level. Under `--structured auto`, an
    /// endpoint that rejects this level (by naming `response_format` in its error,
    /// whatever the status) is asked again at once at the next one, and so is every later
    /// structured request of the run.
    async fn at_level(&self, attempt: &Attempt<'_>) -> Result<ModelAnswer, LlmError> {
        loop {
            let (level, result) = self.send(attempt).await;
            match result {
                Err(err)
                    if attempt.structured()
                        && self.config.structured == StructuredMode::Auto
                        && wire::rejects_response_format(&err) =>
                {
                    if !self.step_down(level, &err) {
                        return Err(err);
                    }
                }
                other => return other,
            }
        }
    }
}

/// The smaller `max_tokens` a request that overflowed a context of `context` tokens is
/// sent again with, when its prompt leaves room for an answer worth asking for and the
/// room asked for was more than is left.
fn refit(context: u64, prompt: u64, max_tokens: u32) -> Option<u32> {
    (context >= prompt + MIN_ANSWER && u64::from(max_tokens) > context - prompt - 8)
        .then(|| u32::try_from(context - prompt - 8).unwrap_or(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::refit;

    #[test]
    fn an_overflow_is_sent_again_only_with_room_for_an_answer() {
        // 8,192 context, 4,000 prompt: 4,184 left of the 8,000 asked for.
        assert_eq!(refit(8192, 4000, 8000), Some(4184));
        // It already fitted: the overflow was the prompt's, nothing to cut.
        assert_eq!(refit(8192, 4000, 4000), None);
        // Less than 256 tokens left for the answer: not worth asking.
        assert_eq!(refit(4096, 4000, 8000), None);
    }
}
