//! Reading answers: a streamed one (tokens shown as they arrive; a first-token timeout,
//! then an idle timeout between pieces, under the call's deadline; complete only with a
//! finish_reason) over the server-sent events that `eventsource-stream` cuts the body
//! into, and a whole one read with the same bounds. Both stop at archie's size limits, so
//! a server that never stops cannot fill memory or the terminal.

use super::error::{LlmError, source_text};
use super::repeats;
use super::waiting::{Activity, Deadlines};
use super::wire::{Delta, ModelAnswer, parse_chunk};
use crate::events::{Event, Events};
use crate::secrets::redact_text;
use crate::tokens::estimate_tokens;
use eventsource_stream::{EventStreamError, Eventsource};
use futures_util::{Stream, StreamExt, TryStreamExt};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::time::{Instant, timeout_at};

/// How much of an answer archie reads.
#[derive(Debug, Clone, Copy)]
pub(super) struct Limits {
    /// Bytes of body.
    pub(super) bytes: usize,
    /// Tokens of text (estimated), well above the `max_tokens` asked for: a server that
    /// goes past it ignores it.
    pub(super) tokens: usize,
}

impl Limits {
    /// For an answer asked to stop at `max_tokens`, with a body of at most `bytes`.
    pub(super) fn new(max_tokens: Option<u32>, bytes: usize) -> Self {
        let tokens = match max_tokens {
            Some(n) => (n as usize).saturating_mul(2).saturating_add(256),
            None => bytes / 4,
        };
        Self { bytes, tokens }
    }

    fn too_large_bytes(&self) -> LlmError {
        let limit = if self.bytes >= 1 << 20 {
            format!("{} MiB of answer", self.bytes >> 20)
        } else {
            format!("{} KiB of answer", self.bytes >> 10)
        };
        LlmError::TooLarge { limit }
    }

    fn too_many_tokens(&self) -> LlmError {
        LlmError::TooLarge {
            limit: format!("about {} tokens", self.tokens),
        }
    }
}

/// Reads a streamed answer from `response` (a 2xx), emitting its tokens to `events` when
/// the user reads it (`show`), then [`Event::TokensDone`] to end the line on screen.
/// A body with no event at all is [`LlmError::Empty`] (the caller asks again without
/// streaming, to hear the server's real error).
pub(super) async fn read(
    response: reqwest::Response,
    deadlines: Deadlines,
    limits: Limits,
    show: bool,
    events: &Events,
    activity: &Activity,
) -> Result<ModelAnswer, LlmError> {
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
    let outcome = read_events(
        response.bytes_stream(),
        deadlines,
        limits,
        activity,
        true,
        on_data,
    )
    .await;
    if emitted || (show && outcome.is_ok()) {
        // End the line on screen: after a whole answer, or before a retry line.
        events.emit(Event::TokensDone);
    }
    let streamed = outcome?;
    Ok(ModelAnswer {
        text: streamed.text,
        usage: streamed.usage,
        finish: streamed.finish,
        max_tokens: None,
        looped: streamed.looped,
    })
}

/// Reads a whole (not streamed) body: each piece within the idle timeout, all before
/// the deadline, at most `limits.bytes`.
pub(super) async fn read_body(
    response: reqwest::Response,
    deadlines: Deadlines,
    limits: Limits,
    activity: &Activity,
) -> Result<Vec<u8>, LlmError> {
    let mut body = response.bytes_stream();
    let mut out = Vec::new();
    loop {
        let at = deadlines.next(true);
        let piece = match activity.wait(at, body.next()).await {
            Err(()) => return Err(deadlines.missed(at, true)),
            Ok(None) => return Ok(out),
            Ok(Some(Err(err))) => {
                return Err(LlmError::StreamBroken {
                    reason: redact_text(&source_text(&err)),
                });
            }
            Ok(Some(Ok(piece))) => piece,
        };
        activity.touch();
        if out.len() + piece.len() > limits.bytes {
            return Err(limits.too_large_bytes());
        }
        out.extend_from_slice(&piece);
    }
}

/// What a stream delivered.
#[derive(Debug, Default)]
struct Streamed {
    text: String,
    /// From the last chunk that carried usage (with `include_usage`, the last chunk).
    usage: Option<(u64, u64)>,
    /// The finish_reason of the chunk that had one.
    finish: Option<String>,
    /// `data: [DONE]` arrived.
    done: bool,
    /// Reading stopped at a loop: the repeats left out (the text ends before them).
    looped: Option<usize>,
}

/// The finish reason archie gives an answer it stopped because it looped.
pub(super) const LOOPED: &str = "archie: repeating";

/// Reads the events of `body` until `data: [DONE]`, calling `on_data` with every other
/// `data` payload and adding up the deltas it returns. Stops at the first error, at a
/// deadline, at a limit, or when the body ends. The answer is complete only if a chunk
/// carried a finish_reason: `[DONE]` without one is a stream the server cut short.
/// With `watch_loops`, an answer that starts repeating itself is stopped there (the
/// connection dropped, so the server stops generating) and kept up to the repetition.
async fn read_events<S, B, E>(
    body: S,
    deadlines: Deadlines,
    limits: Limits,
    activity: &Activity,
    watch_loops: bool,
    mut on_data: impl FnMut(&str) -> Result<Delta, LlmError>,
) -> Result<Streamed, LlmError>
where
    S: Stream<Item = Result<B, E>> + Unpin,
    B: AsRef<[u8]>,
    E: std::error::Error + 'static,
{
    // Bytes read so far; the body ends early past the limit, so even one endless event
    // (no blank line ever) cannot grow the parser's buffer without bound.
    let read = Arc::new(AtomicUsize::new(0));
    let counted = read.clone();
    let total = read.clone();
    let max = limits.bytes;
    let body = body
        .map_ok(move |piece| {
            counted.fetch_add(piece.as_ref().len(), Ordering::Relaxed);
            Piece::Body(piece)
        })
        .take_while(move |_| {
            let within = read.load(Ordering::Relaxed) <= max;
            futures_util::future::ready(within)
        });
    // A blank line after the body's end: a last event without one still counts, and a
    // bare CR at the very end is known to end its line (it could have been half a CRLF).
    let body = body.chain(futures_util::stream::iter([Ok(Piece::End)]));
    let mut sse = body.eventsource();
    let mut out = Streamed::default();
    let mut got_first = false;
    let mut events = 0usize;
    let max_events = limits.tokens.saturating_mul(2);
    let mut looked_at = 0usize;
    let outcome = loop {
        let at = deadlines.next(got_first);
        let event = match activity.wait(at, sse.next()).await {
            Err(()) => break Err(deadlines.missed(at, got_first)),
            Ok(None) => break Ok(()),
            Ok(Some(Err(err))) => break Err(broken(err)),
            Ok(Some(Ok(event))) => event,
        };
        activity.touch();
        if total.load(Ordering::Relaxed) > max {
            break Err(limits.too_large_bytes());
        }
        let data = event.data.trim();
        if data.is_empty() {
            continue;
        }
        if data == "[DONE]" {
            out.done = true;
            break Ok(());
        }
        events += 1;
        let delta = match on_data(data) {
            Ok(delta) => delta,
            Err(err) => break Err(err),
        };
        got_first |= !delta.text.is_empty() || delta.finish.is_some();
        out.text.push_str(&delta.text);
        if delta.finish.is_some() {
            out.finish = delta.finish;
        }
        if delta.usage.is_some() {
            out.usage = delta.usage;
        }
        if watch_loops && out.text.len() >= looked_at + repeats::CHECK_EVERY {
            looked_at = out.text.len();
            if let Some(found) = repeats::at_end(&out.text) {
                out.text.truncate(found.keep);
                out.looped = Some(found.repeats);
                out.finish = Some(LOOPED.into());
                return Ok(out);
            }
        }
        if estimate_tokens(&out.text) > limits.tokens || events > max_events {
            break Err(limits.too_many_tokens());
        }
    };
    outcome?;
    if total.load(Ordering::Relaxed) > max {
        return Err(limits.too_large_bytes());
    }
    if out.finish.is_none() {
        return Err(if events == 0 && !out.done {
            LlmError::Empty
        } else if out.done {
            LlmError::StreamBroken {
                reason: "the server ended the stream without a finish reason; it stopped \
                         generating before the answer was complete"
                    .into(),
            }
        } else {
            LlmError::StreamBroken {
                reason: "the connection closed before the answer was complete".into(),
            }
        });
    }
    if out.text.trim().is_empty() && out.finish.as_deref() != Some("length") {
        return Err(LlmError::Empty);
    }
    // Read the body to its end (normally at once) so the connection is reused.
    let drain_until = Instant::now() + Duration::from_millis(100);
    while let Ok(Some(Ok(_))) = timeout_at(drain_until.min(deadlines.end), sse.next()).await {}
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
    let body = futures_util::stream::iter(body.into_iter().map(Ok::<_, std::io::Error>));
    let hour = Duration::from_secs(3600);
    let deadlines = Deadlines::new(hour, hour, Instant::now() + hour);
    let activity = Activity::new(Arc::new(crate::events::Discard), hour);
    let limits = Limits::new(None, 16 << 20);
    Ok(
        read_events(body, deadlines, limits, &activity, false, parse_chunk)
            .await?
            .text,
    )
}

#[cfg(test)]
mod tests;
