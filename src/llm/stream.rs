//! Streamed answers: the streamed attempt (tokens shown as they arrive, first-token and
//! total deadlines, a stream complete only with `[DONE]` or a finish_reason) over the
//! server-sent events that `eventsource-stream` cuts the body into.

use super::error::{LlmError, TimeoutPhase, source_text};
use super::wire::{Answer, Delta, parse_chunk};
use crate::events::{Event, Events};
use crate::secrets::redact_text;
use eventsource_stream::{EventStreamError, Eventsource};
use futures::{Stream, StreamExt, TryStreamExt};
use std::time::Duration;
use tokio::time::{Instant, timeout_at};

/// When one attempt must have sent its first token, and its whole answer.
#[derive(Debug, Clone, Copy)]
pub(super) struct Deadlines {
    start: Instant,
    /// The first token of a streamed answer (never after `total`); for a whole answer,
    /// the same as `total`.
    pub(super) first_token: Instant,
    pub(super) total: Instant,
}

impl Deadlines {
    /// From now: the whole answer within `request`, a streamed one's first token within
    /// `first_token`.
    pub(super) fn new(request: Duration, first_token: Option<Duration>) -> Self {
        let start = Instant::now();
        let total = start + request;
        Self {
            start,
            first_token: first_token.map_or(total, |t| (start + t).min(total)),
            total,
        }
    }

    /// The error for the deadline `at`, which passed.
    pub(super) fn missed(&self, at: Instant) -> LlmError {
        LlmError::Timeout {
            phase: if at < self.total {
                TimeoutPhase::FirstToken
            } else {
                TimeoutPhase::Request
            },
            after: at - self.start,
        }
    }
}

/// Reads a streamed answer from `response` (a 2xx), emitting its tokens to `events` when
/// the user reads it (`show`), then [`Event::TokensDone`] to end the line on screen.
pub(super) async fn read(
    response: reqwest::Response,
    deadlines: Deadlines,
    show: bool,
    events: &Events,
) -> Result<Answer, LlmError> {
    let mut emitted = false;
    let on_data = |data: &str| {
        let delta = parse_chunk(data)?;
        if show && !delta.text.is_empty() {
            emitted = true;
            events.emit(Event::Token {
                text: delta.text.clone(),
            });
        }
        Ok(delta)
    };
    let outcome = read_events(response.bytes_stream(), deadlines, on_data).await;
    if emitted || (show && outcome.is_ok()) {
        // End the line on screen: after a whole answer, or before a retry line.
        events.emit(Event::TokensDone);
    }
    let streamed = outcome?;
    Ok(Answer {
        text: streamed.text,
        usage: streamed.usage,
    })
}

/// What a stream delivered.
#[derive(Debug, Default)]
struct Streamed {
    text: String,
    /// From the last chunk that carried usage (with `include_usage`, the last chunk).
    usage: Option<(u64, u64)>,
    /// `data: [DONE]` arrived.
    done: bool,
    /// A chunk carried a finish_reason (servers that omit `[DONE]`).
    finished: bool,
}

/// Reads the events of `body` until `data: [DONE]`, calling `on_data` with every other
/// `data` payload and adding up the deltas it returns. Stops at the first error, at a
/// deadline, or when the body ends; an answer without `[DONE]` is complete only if a
/// chunk carried a finish_reason.
async fn read_events<S, B, E>(
    body: S,
    deadlines: Deadlines,
    mut on_data: impl FnMut(&str) -> Result<Delta, LlmError>,
) -> Result<Streamed, LlmError>
where
    S: Stream<Item = Result<B, E>> + Unpin,
    B: AsRef<[u8]>,
    E: std::error::Error + 'static,
{
    // A blank line after the body's end: a last event without one still counts, and a
    // bare CR at the very end is known to end its line (it could have been half a CRLF).
    let body = body
        .map_ok(Piece::Body)
        .chain(futures::stream::iter([Ok(Piece::End)]));
    let mut sse = body.eventsource();
    let mut out = Streamed::default();
    let mut got_first = false;
    let outcome = loop {
        let at = if got_first {
            deadlines.total
        } else {
            deadlines.first_token
        };
        let event = match timeout_at(at, sse.next()).await {
            Err(_) => break Err(deadlines.missed(at)),
            Ok(None) => break Ok(()),
            Ok(Some(Err(err))) => break Err(broken(err)),
            Ok(Some(Ok(event))) => event,
        };
        let data = event.data.trim();
        if data.is_empty() {
            continue;
        }
        if data == "[DONE]" {
            out.done = true;
            break Ok(());
        }
        got_first = true;
        let delta = match on_data(data) {
            Ok(delta) => delta,
            Err(err) => break Err(err),
        };
        out.text.push_str(&delta.text);
        out.finished |= delta.finished;
        if delta.usage.is_some() {
            out.usage = delta.usage;
        }
    };
    outcome?;
    if !(out.done || out.finished) {
        return Err(LlmError::StreamBroken {
            reason: "the connection closed before the answer was complete".into(),
        });
    }
    // Read the body to its end (normally at once) so the connection is reused.
    let drain_until = Instant::now() + Duration::from_millis(100);
    while let Ok(Some(Ok(_))) = timeout_at(drain_until.min(deadlines.total), sse.next()).await {}
    Ok(out)
}

/// A piece of the body, or the blank line added after its end.
enum Piece<B> {
    Body(B),
    End,
}

impl<B: AsRef<[u8]>> AsRef<[u8]> for Piece<B> {
    fn as_ref(&self) -> &[u8] {
        match self {
            Piece::Body(bytes) => bytes.as_ref(),
            Piece::End => b"\n\n",
        }
    }
}

/// A stream that broke off: the connection failed, or it stopped being text.
fn broken<E: std::error::Error + 'static>(err: EventStreamError<E>) -> LlmError {
    let reason = match err {
        EventStreamError::Transport(err) => source_text(&err),
        EventStreamError::Utf8(err) => format!("the stream is not UTF-8 text ({err})"),
        EventStreamError::Parser(err) => format!("the stream is not server-sent events ({err})"),
    };
    LlmError::StreamBroken {
        reason: redact_text(&reason),
    }
}

/// For fuzzing (`fuzz/`): the text of the streamed answer in `body` (its pieces as the
/// network cut them), read as [`read`] reads it, without deadlines.
#[doc(hidden)]
pub async fn text_of_sse(body: Vec<Vec<u8>>) -> Result<String, LlmError> {
    let body = futures::stream::iter(body.into_iter().map(Ok::<_, std::io::Error>));
    let deadlines = Deadlines::new(Duration::from_secs(3600), None);
    Ok(read_events(body, deadlines, parse_chunk).await?.text)
}

#[cfg(test)]
mod tests;
