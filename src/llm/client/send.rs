//! Sending an attempt's request: a slot from the concurrency limiter, the room for the
//! answer fitted to the context as it is known then, and the request sent again while
//! the endpoint pushes back (429/503), which does not use an attempt.

use super::OpenAiCompatible;
use super::attempt::Attempt;
use crate::events::Event;
use crate::llm::error::{LlmError, TimeoutPhase};
use crate::llm::wire::{Level, ModelAnswer};
use std::time::Duration;
use tokio::time::Instant;

/// The wait before a pushed-back request is sent again.
struct PushBack {
    status: u16,
    wait: Duration,
    /// The wait the server asked for (`Retry-After`), which the limiter learns from.
    asked: Option<Duration>,
}

impl OpenAiCompatible {
    /// One request, sent again while the endpoint pushes back (429/503): each time the
    /// slot is given back (the limiter halves), the wait the server asked for is made
    /// (or a backoff), within the call's deadline. A wait longer than the longest archie
    /// makes, or than the time left, is not made.
    ///
    /// Returns the structured-output level it used with the outcome: the run's level as it
    /// is once a slot is free (another call may have stepped it down meanwhile).
    pub(super) async fn send(
        &self,
        attempt: &Attempt<'_>,
    ) -> (Level, Result<ModelAnswer, LlmError>) {
        let mut level = self.level();
        let mut pushed = 0u32;
        loop {
            let Some(permit) = self.limiter.acquire(attempt.deadline).await else {
                let timeout = LlmError::Timeout {
                    phase: TimeoutPhase::Deadline,
                    after: self.config.retry.deadline.unwrap_or_default(),
                };
                return (level, Err(timeout));
            };
            level = self.level();
            // The context may have been learned while this request waited for its slot.
            let fitted = match self.fit_to_context(attempt.request, attempt.max_tokens) {
                Ok(max_tokens) => attempt.with_max_tokens(max_tokens),
                Err(err) => return (level, Err(err)),
            };
            self.meter.request_started();
            let result = self.request(&fitted, level).await;
            self.meter
                .request_ended(matches!(&result, Err(err) if err.is_push_back()));
            let err = match result {
                Ok(answer) => {
                    // Structured answers read whole (extraction's, in parallel) are what
                    // the limiter compares; a long streamed answer would look like queueing.
                    permit.ok(attempt.structured() && !attempt.stream);
                    self.note_capacity();
                    return (level, Ok(answer));
                }
                Err(err) => err,
            };
            if !err.is_push_back() {
                if matches!(
                    err,
                    LlmError::Timeout {
                        phase: TimeoutPhase::FirstToken | TimeoutPhase::Idle,
                        ..
                    }
                ) {
                    permit.overloaded();
                    self.note_capacity();
                } else {
                    drop(permit);
                }
                return (level, Err(err));
            }
            pushed += 1;
            let push_back = match self.push_back(err, pushed, attempt.deadline) {
                Ok(push_back) => push_back,
                Err(err) => {
                    permit.refused(None);
                    return (level, Err(err));
                }
            };
            permit.refused(push_back.asked);
            self.note_capacity();
            self.say_once(
                "push-back",
                format!(
                    "the LLM endpoint is refusing requests (HTTP {}); archie sends fewer \
                     at once and sends them again",
                    push_back.status
                ),
            );
            self.events.emit(Event::Detail {
                message: format!(
                    "HTTP {}: sending again in {:.1} s, {} at once now",
                    push_back.status,
                    push_back.wait.as_secs_f64(),
                    self.limiter.limit()
                ),
            });
            tokio::time::sleep(push_back.wait).await;
        }
    }

    /// The wait before the `pushed`th push-back `err` is sent again: the one the server
    /// asked for, or a backoff. The error the request ends with instead when that wait is
    /// longer than the longest archie makes, or than the time left.
    fn push_back(
        &self,
        err: LlmError,
        pushed: u32,
        deadline: Instant,
    ) -> Result<PushBack, LlmError> {
        let (status, asked) = match &err {
            LlmError::Http {
                status,
                retry_after,
                ..
            } => (*status, *retry_after),
            _ => (429, None),
        };
        let left = deadline.saturating_duration_since(Instant::now());
        let longest = self.config.retry.max_delay;
        if let Some(asked) = asked
            && (asked > longest || asked >= left)
        {
            let (limit, deadline) = if asked > longest {
                (longest, false)
            } else {
                (left, true)
            };
            return Err(LlmError::WaitTooLong {
                status,
                asked,
                limit,
                deadline,
            });
        }
        let wait = asked.unwrap_or_else(|| self.config.retry.delay(pushed, None));
        if wait >= left {
            return Err(err);
        }
        Ok(PushBack {
            status,
            wait,
            asked,
        })
    }
}
