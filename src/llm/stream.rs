//! Streamed answers: the server-sent-events reader and the streamed attempt (tokens
//! shown as they arrive, first-token and total deadlines, a stream complete only with
//! `[DONE]` or a finish_reason).

use super::error::{LlmError, TimeoutPhase, source_text};
use super::wire::{Answer, Delta, parse_chunk};
use crate::events::{Event, Events};
use crate::secrets::redact_text;
use futures::StreamExt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
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
    let mut sse = Sse::default();
    let mut body = response.bytes_stream();
    let emitted = AtomicBool::new(false);
    let got_first = AtomicBool::new(false);
    let failed: Mutex<Option<LlmError>> = Mutex::new(None);
    let handle = |data: &str| -> Result<Delta, ()> {
        got_first.store(true, Ordering::Relaxed);
        match parse_chunk(data) {
            Ok(delta) => {
                if show && !delta.text.is_empty() {
                    emitted.store(true, Ordering::Relaxed);
                    events.emit(Event::Token {
                        text: delta.text.clone(),
                    });
                }
                Ok(delta)
            }
            Err(err) => {
                if let Ok(mut slot) = failed.lock() {
                    slot.get_or_insert(err);
                }
                Err(())
            }
        }
    };
    let outcome: Result<(), LlmError> = loop {
        let at = if got_first.load(Ordering::Relaxed) {
            deadlines.total
        } else {
            deadlines.first_token
        };
        let chunk = match timeout_at(at, body.next()).await {
            Err(_) => break Err(deadlines.missed(at)),
            Ok(None) => break Ok(()),
            Ok(Some(Err(err))) => {
                break Err(LlmError::StreamBroken {
                    reason: redact_text(&source_text(&err)),
                });
            }
            Ok(Some(Ok(chunk))) => chunk,
        };
        sse.feed(&chunk, handle);
        if let Some(err) = failed.lock().ok().and_then(|mut f| f.take()) {
            break Err(err);
        }
        if sse.done {
            break Ok(());
        }
    };
    let outcome = outcome.and_then(|()| {
        sse.flush(handle);
        if let Some(err) = failed.lock().ok().and_then(|mut f| f.take()) {
            return Err(err);
        }
        if sse.done || sse.finished {
            Ok(())
        } else {
            Err(LlmError::StreamBroken {
                reason: "the connection closed before the answer was complete".into(),
            })
        }
    });
    if outcome.is_ok() {
        // Read the body to its end (normally at once) so the connection is reused.
        let drain_until = tokio::time::Instant::now() + Duration::from_millis(100);
        while let Ok(Some(Ok(_))) = timeout_at(drain_until.min(deadlines.total), body.next()).await
        {
        }
    }
    let emitted = emitted.load(Ordering::Relaxed);
    if emitted || (show && outcome.is_ok()) {
        // End the line on screen: after a whole answer, or before a retry line.
        events.emit(Event::TokensDone);
    }
    outcome?;
    Ok(Answer {
        text: sse.text,
        usage: sse.usage,
    })
}

/// A server-sent-events reader for Chat Completions streams.
#[derive(Default)]
struct Sse {
    buf: Vec<u8>,
    text: String,
    usage: Option<(u64, u64)>,
    /// `data: [DONE]` arrived.
    done: bool,
    /// A chunk carried a finish_reason (servers that omit `[DONE]`).
    finished: bool,
}

impl Sse {
    /// Adds bytes; calls `on_data` for every complete `data:` payload (not `[DONE]`),
    /// appending what it returns to the text. Stops at the first `Err`.
    fn feed(&mut self, bytes: &[u8], mut on_data: impl FnMut(&str) -> Result<Delta, ()>) {
        self.buf.extend_from_slice(bytes);
        while let Some((end, skip)) = event_end(&self.buf) {
            let event: Vec<u8> = self.buf.drain(..end + skip).take(end).collect();
            if self.event(&event, &mut on_data).is_err() {
                return;
            }
        }
    }

    /// Processes what is left when the body ends without a final blank line.
    fn flush(&mut self, mut on_data: impl FnMut(&str) -> Result<Delta, ()>) {
        let rest = std::mem::take(&mut self.buf);
        if !rest.iter().all(u8::is_ascii_whitespace) {
            let _ = self.event(&rest, &mut on_data);
        }
    }

    fn event(
        &mut self,
        event: &[u8],
        on_data: &mut impl FnMut(&str) -> Result<Delta, ()>,
    ) -> Result<(), ()> {
        let event = String::from_utf8_lossy(event);
        let mut data = String::new();
        for line in event.lines() {
            if let Some(payload) = line.strip_prefix("data:") {
                if !data.is_empty() {
                    data.push('\n');
                }
                data.push_str(payload.strip_prefix(' ').unwrap_or(payload));
            }
        }
        let data = data.trim();
        if data.is_empty() {
            return Ok(());
        }
        if data == "[DONE]" {
            self.done = true;
            return Ok(());
        }
        let delta = on_data(data)?;
        self.text.push_str(&delta.text);
        self.finished |= delta.finished;
        if delta.usage.is_some() {
            self.usage = delta.usage;
        }
        Ok(())
    }
}

/// The end of the first complete event in `buf`: (index of the blank line, its length).
fn event_end(buf: &[u8]) -> Option<(usize, usize)> {
    let mut i = 0;
    while i + 1 < buf.len() {
        if buf[i] == b'\n' && buf[i + 1] == b'\n' {
            return Some((i, 2));
        }
        if buf[i] == b'\r' && buf[i..].starts_with(b"\r\n\r\n") {
            return Some((i, 4));
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sse_splits_events_across_chunks() {
        let mut sse = Sse::default();
        let mut seen = Vec::new();
        let mut on = |d: &str| {
            seen.push(d.to_string());
            Ok(Delta {
                text: d.to_string(),
                ..Delta::default()
            })
        };
        sse.feed(b"data: a\n\nda", &mut on);
        sse.feed(b"ta: b\r\n\r\ndata: [DONE]\n\n", &mut on);
        assert_eq!(seen, vec!["a", "b"]);
        assert!(sse.done);
        assert_eq!(sse.text, "ab");
    }
}
