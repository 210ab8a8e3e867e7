//! The one [`Llm`] implementation: OpenAI-compatible Chat Completions over HTTP.
//!
//! async-openai supplies the wire types; the request loop is ours so that 429/5xx,
//! connection failures, timeouts and streams that break mid-answer are all retried the
//! same way, with `Retry-After` honoured and every retry reported.

use super::cache::{ResponseCache, cache_key};
#[cfg(test)]
use super::config::ApiKey;
use super::config::{LlmConfig, StructuredMode};
use super::error::{LlmError, TimeoutPhase};
use super::usage::{CallUsage, UsageMeter};
use super::{Completion, Llm, Message, Request, Role};
use crate::events::{Event, Events};
use crate::tokens::estimate_tokens;
use async_openai::types::chat as oa;
use futures::StreamExt;
use futures::future::BoxFuture;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tokio::time::timeout_at;

pub(crate) struct OpenAiCompatible {
    http: reqwest::Client,
    config: LlmConfig,
    url: String,
    events: Events,
    meter: UsageMeter,
    cache: Option<Arc<dyn ResponseCache>>,
    /// Set once the endpoint rejected `response_format` (structured auto).
    prompt_mode: AtomicBool,
}

/// What one successful attempt produced.
struct Answer {
    text: String,
    /// (prompt, completion) tokens as reported by the server.
    usage: Option<(u64, u64)>,
}

impl OpenAiCompatible {
    pub(crate) fn new(
        config: LlmConfig,
        events: Events,
        cache: Option<Arc<dyn ResponseCache>>,
    ) -> Result<Self, LlmError> {
        let http = reqwest::Client::builder()
            .connect_timeout(config.connect_timeout)
            .build()
            .map_err(|e| LlmError::HttpClient(e.to_string()))?;
        Ok(Self {
            http,
            url: format!("{}/chat/completions", config.base_url.trim_end_matches('/')),
            config,
            events,
            meter: UsageMeter::new(),
            cache,
            prompt_mode: AtomicBool::new(false),
        })
    }

    fn key(&self, request: &Request) -> String {
        cache_key(
            &self.config.base_url,
            &self.config.model,
            &request.messages,
            request.schema.as_ref(),
            request.temperature.or(self.config.temperature),
        )
    }

    fn cache_for(&self, request: &Request) -> Option<&Arc<dyn ResponseCache>> {
        self.cache
            .as_ref()
            .filter(|_| request.cache && self.config.cache)
    }

    async fn run(&self, request: Request) -> Result<Completion, LlmError> {
        let started = Instant::now();
        if let Some(cache) = self.cache_for(&request)
            && let Some(text) = cache.get(&self.key(&request))
        {
            self.meter.record_cached();
            if request.show {
                self.events.emit(Event::Token { text: text.clone() });
                self.events.emit(Event::TokensDone);
            }
            return Ok(Completion {
                text,
                usage: CallUsage {
                    ms: started.elapsed().as_millis() as u64,
                    ..CallUsage::default()
                },
                cached: true,
            });
        }

        self.meter.begin();
        let stream = request.show && self.config.stream;
        let result = self.with_retries(&request, stream).await;
        let ms = started.elapsed().as_millis() as u64;
        let completion = result.map(|answer| {
            let usage = match answer.usage {
                Some((prompt, completion)) => CallUsage {
                    prompt_tokens: prompt,
                    completion_tokens: completion,
                    ms,
                    estimated: false,
                },
                None => CallUsage {
                    prompt_tokens: request
                        .messages
                        .iter()
                        .map(|m| estimate_tokens(&m.content) as u64 + 4)
                        .sum(),
                    completion_tokens: estimate_tokens(&answer.text) as u64,
                    ms,
                    estimated: true,
                },
            };
            Completion {
                text: answer.text,
                usage,
                cached: false,
            }
        });
        self.meter.end(completion.as_ref().ok().map(|c| &c.usage));
        let completion = completion?;
        if request.show && !stream {
            self.events.emit(Event::Token {
                text: completion.text.clone(),
            });
            self.events.emit(Event::TokensDone);
        }
        if request.schema.is_none() {
            self.remember(&request, &completion.text);
        }
        Ok(completion)
    }

    async fn with_retries(&self, request: &Request, stream: bool) -> Result<Answer, LlmError> {
        self.config
            .retry
            .run(
                |_| self.attempt_with_fallback(request, stream),
                LlmError::retryable,
                |retry| {
                    self.events.emit(Event::Retry {
                        attempt: retry.attempt,
                        max_attempts: retry.max_attempts,
                        delay_ms: retry.delay.as_millis() as u64,
                        reason: retry.reason.clone(),
                    })
                },
            )
            .await
            .map_err(|gave_up| {
                if gave_up.attempts > 1 {
                    LlmError::Exhausted {
                        attempts: gave_up.attempts,
                        last: Box::new(gave_up.last),
                    }
                } else {
                    gave_up.last
                }
            })
    }

    /// One attempt. Under `--structured auto`, an endpoint that rejects the JSON Schema
    /// `response_format` is asked again at once with the schema in the prompt, and so is
    /// every later structured request of the run.
    async fn attempt_with_fallback(
        &self,
        request: &Request,
        stream: bool,
    ) -> Result<Answer, LlmError> {
        let prompt_mode = request.schema.is_some()
            && (self.config.structured == StructuredMode::Prompt
                || self.prompt_mode.load(Ordering::Relaxed));
        let body = self.body(request, prompt_mode, stream)?;
        match self.attempt(body, stream, request.show).await {
            Err(err)
                if request.schema.is_some()
                    && !prompt_mode
                    && self.config.structured == StructuredMode::Auto
                    && rejects_response_format(&err) =>
            {
                if !self.prompt_mode.swap(true, Ordering::Relaxed) {
                    self.events.emit(Event::Warning {
                        message: "the LLM endpoint does not accept a JSON Schema \
                                  response_format; putting the schema in the prompt instead"
                            .into(),
                    });
                }
                let body = self.body(request, true, stream)?;
                self.attempt(body, stream, request.show).await
            }
            other => other,
        }
    }

    fn body(
        &self,
        request: &Request,
        prompt_mode: bool,
        stream: bool,
    ) -> Result<Vec<u8>, LlmError> {
        let mut messages = request.messages.clone();
        let mut response_format = None;
        if let Some(schema) = &request.schema {
            if prompt_mode {
                let pretty = serde_json::to_string_pretty(&schema.schema).unwrap_or_default();
                let instruction = format!(
                    "Answer with a single JSON value that conforms to this JSON Schema, and \
                     nothing else (no prose, no code fences):\n{pretty}"
                );
                match messages.iter_mut().find(|m| m.role == Role::System) {
                    Some(system) => {
                        system.content.push_str("\n\n");
                        system.content.push_str(&instruction);
                    }
                    None => messages.insert(0, Message::system(instruction)),
                }
            } else {
                response_format = Some(oa::ResponseFormat::JsonSchema {
                    json_schema: oa::ResponseFormatJsonSchema {
                        description: None,
                        name: schema.name.clone(),
                        schema: schema.schema.clone(),
                        strict: None,
                    },
                });
            }
        }
        #[allow(deprecated)]
        let body = oa::CreateChatCompletionRequest {
            model: self.config.model.clone(),
            messages: messages.into_iter().map(to_wire).collect(),
            temperature: request.temperature.or(self.config.temperature),
            max_tokens: request.max_tokens,
            response_format,
            stream: stream.then_some(true),
            stream_options: stream.then_some(oa::ChatCompletionStreamOptions {
                include_usage: Some(true),
                include_obfuscation: None,
            }),
            ..Default::default()
        };
        serde_json::to_vec(&body)
            .map_err(|e| LlmError::Protocol(format!("the request could not be encoded: {e}")))
    }

    async fn attempt(&self, body: Vec<u8>, stream: bool, show: bool) -> Result<Answer, LlmError> {
        let start = tokio::time::Instant::now();
        let deadline = start + self.config.request_timeout;
        let first_deadline = if stream {
            (start + self.config.first_token_timeout).min(deadline)
        } else {
            deadline
        };
        let timeout = |at: tokio::time::Instant| LlmError::Timeout {
            phase: if at < deadline {
                TimeoutPhase::FirstToken
            } else {
                TimeoutPhase::Request
            },
            after: at - start,
        };

        let mut builder = self
            .http
            .post(&self.url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body);
        if let Some(key) = &self.config.api_key
            && let Ok(mut value) =
                reqwest::header::HeaderValue::from_str(&format!("Bearer {}", key.expose()))
        {
            value.set_sensitive(true);
            builder = builder.header(reqwest::header::AUTHORIZATION, value);
        }
        let response = match timeout_at(first_deadline, builder.send()).await {
            Err(_) => return Err(timeout(first_deadline)),
            Ok(Err(err)) => return Err(self.transport_error(&err)),
            Ok(Ok(response)) => response,
        };

        let status = response.status();
        if !status.is_success() {
            let headers = response.headers().clone();
            let text = match timeout_at(deadline, response.text()).await {
                Ok(Ok(text)) => text,
                _ => String::new(),
            };
            return Err(self.http_error(status.as_u16(), &headers, &text));
        }

        if !stream {
            let bytes = match timeout_at(deadline, response.bytes()).await {
                Err(_) => return Err(timeout(deadline)),
                Ok(Err(err)) => {
                    return Err(LlmError::StreamBroken {
                        reason: self.scrub(&source_text(&err)),
                    });
                }
                Ok(Ok(bytes)) => bytes,
            };
            return self.parse_whole(&bytes);
        }

        let mut sse = Sse::default();
        let mut body = response.bytes_stream();
        let emitted = AtomicBool::new(false);
        let got_first = AtomicBool::new(false);
        let failed: Mutex<Option<LlmError>> = Mutex::new(None);
        let handle = |data: &str| -> Result<Delta, ()> {
            got_first.store(true, Ordering::Relaxed);
            match self.on_data(data) {
                Ok(delta) => {
                    if show && !delta.text.is_empty() {
                        emitted.store(true, Ordering::Relaxed);
                        self.events.emit(Event::Token {
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
                deadline
            } else {
                first_deadline
            };
            let chunk = match timeout_at(at, body.next()).await {
                Err(_) => break Err(timeout(at)),
                Ok(None) => break Ok(()),
                Ok(Some(Err(err))) => {
                    break Err(LlmError::StreamBroken {
                        reason: self.scrub(&source_text(&err)),
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
            while let Ok(Some(Ok(_))) = timeout_at(drain_until.min(deadline), body.next()).await {}
        }
        let emitted = emitted.load(Ordering::Relaxed);
        if emitted || (show && outcome.is_ok()) {
            // End the line on screen: after a whole answer, or before a retry line.
            self.events.emit(Event::TokensDone);
        }
        outcome?;
        Ok(Answer {
            text: sse.text,
            usage: sse.usage,
        })
    }

    /// One SSE `data:` payload: the content delta, `None` for `[DONE]`-like payloads
    /// without content, or an error event.
    fn on_data(&self, data: &str) -> Result<Delta, LlmError> {
        if let Ok(chunk) = serde_json::from_str::<oa::CreateChatCompletionStreamResponse>(data) {
            let choice = chunk.choices.first();
            return Ok(Delta {
                text: choice
                    .and_then(|c| c.delta.content.clone())
                    .unwrap_or_default(),
                finished: choice.is_some_and(|c| c.finish_reason.is_some()),
                usage: chunk
                    .usage
                    .map(|u| (u.prompt_tokens as u64, u.completion_tokens as u64)),
            });
        }
        // Lenient fallback for servers that leave out fields async-openai requires.
        let value: serde_json::Value = serde_json::from_str(data)
            .map_err(|e| LlmError::Protocol(format!("a streamed chunk is not JSON ({e})")))?;
        if let Some(error) = value.get("error") {
            let message = error
                .get("message")
                .and_then(|m| m.as_str())
                .unwrap_or("unknown error");
            return Err(LlmError::StreamBroken {
                reason: self.scrub(message),
            });
        }
        let num = |p: &str| value.pointer(p).and_then(|v| v.as_u64());
        Ok(Delta {
            text: value
                .pointer("/choices/0/delta/content")
                .and_then(|c| c.as_str())
                .unwrap_or_default()
                .to_string(),
            finished: value
                .pointer("/choices/0/finish_reason")
                .is_some_and(|f| !f.is_null()),
            usage: num("/usage/prompt_tokens").zip(num("/usage/completion_tokens")),
        })
    }

    fn parse_whole(&self, bytes: &[u8]) -> Result<Answer, LlmError> {
        let usage_of =
            |u: &oa::CompletionUsage| (u.prompt_tokens as u64, u.completion_tokens as u64);
        if let Ok(response) = serde_json::from_slice::<oa::CreateChatCompletionResponse>(bytes) {
            let choice = response
                .choices
                .first()
                .ok_or_else(|| LlmError::Protocol("the answer has no choices".into()))?;
            let text = match (&choice.message.content, &choice.message.refusal) {
                (Some(text), _) => text.clone(),
                (None, Some(refusal)) => {
                    return Err(LlmError::Protocol(format!(
                        "the model refused: {}",
                        self.scrub(refusal)
                    )));
                }
                (None, None) => String::new(),
            };
            return Ok(Answer {
                text,
                usage: response.usage.as_ref().map(usage_of),
            });
        }
        // Lenient fallback for servers that leave out fields async-openai requires.
        let value: serde_json::Value = serde_json::from_slice(bytes)
            .map_err(|e| LlmError::Protocol(format!("the response is not JSON ({e})")))?;
        let text = value
            .pointer("/choices/0/message/content")
            .and_then(|c| c.as_str())
            .ok_or_else(|| {
                LlmError::Protocol("the response has no choices[0].message.content".into())
            })?
            .to_string();
        let num = |p: &str| value.pointer(p).and_then(|v| v.as_u64());
        let usage = num("/usage/prompt_tokens").zip(num("/usage/completion_tokens"));
        Ok(Answer { text, usage })
    }

    fn http_error(
        &self,
        status: u16,
        headers: &reqwest::header::HeaderMap,
        body: &str,
    ) -> LlmError {
        let json: Option<serde_json::Value> = serde_json::from_str(body).ok();
        let error = json.as_ref().and_then(|j| j.get("error"));
        let field = |name: &str| {
            error
                .and_then(|e| e.get(name))
                .and_then(|v| v.as_str())
                .map(str::to_string)
        };
        let message = field("message")
            .or_else(|| error.and_then(|e| e.as_str()).map(str::to_string))
            .unwrap_or_else(|| {
                let body = body.trim();
                if body.is_empty() {
                    "(no details)".to_string()
                } else {
                    body.chars().take(300).collect()
                }
            });
        let message = self.scrub(&message);
        let code = field("code").or_else(|| field("type"));
        let quota = [field("code"), field("type")]
            .iter()
            .flatten()
            .any(|c| c == "insufficient_quota");
        if status == 429 && quota {
            return LlmError::InsufficientQuota { message };
        }
        LlmError::Http {
            status,
            code,
            message,
            model: self.config.model.clone(),
            retry_after: crate::retry::retry_after(headers),
        }
    }

    fn transport_error(&self, err: &reqwest::Error) -> LlmError {
        let reason = self.scrub(&source_text(err));
        if err.is_timeout() {
            LlmError::Timeout {
                phase: TimeoutPhase::Connect,
                after: self.config.connect_timeout,
            }
        } else if err.is_connect() || err.is_request() {
            LlmError::Connect {
                url: self.config.base_url.clone(),
                reason,
            }
        } else {
            LlmError::StreamBroken { reason }
        }
    }

    /// Server text with secrets removed (an echoed key, a password in a URL).
    fn scrub(&self, text: &str) -> String {
        crate::secrets::redact_text(text)
    }
}

impl Llm for OpenAiCompatible {
    fn complete<'a>(&'a self, request: Request) -> BoxFuture<'a, Result<Completion, LlmError>> {
        Box::pin(self.run(request))
    }

    fn remember(&self, request: &Request, text: &str) {
        if let Some(cache) = self.cache_for(request)
            && let Err(err) = cache.put(&self.key(request), text)
        {
            self.events.emit(Event::Warning {
                message: format!("could not write the LLM response cache: {err}"),
            });
        }
    }

    fn usage(&self) -> &UsageMeter {
        &self.meter
    }

    fn model(&self) -> &str {
        &self.config.model
    }

    fn events(&self) -> &Events {
        &self.events
    }
}

fn to_wire(message: Message) -> oa::ChatCompletionRequestMessage {
    match message.role {
        Role::System => {
            oa::ChatCompletionRequestMessage::System(oa::ChatCompletionRequestSystemMessage {
                content: oa::ChatCompletionRequestSystemMessageContent::Text(message.content),
                name: None,
            })
        }
        Role::User => {
            oa::ChatCompletionRequestMessage::User(oa::ChatCompletionRequestUserMessage {
                content: oa::ChatCompletionRequestUserMessageContent::Text(message.content),
                name: None,
            })
        }
        Role::Assistant => {
            oa::ChatCompletionRequestMessage::Assistant(oa::ChatCompletionRequestAssistantMessage {
                content: Some(oa::ChatCompletionRequestAssistantMessageContent::Text(
                    message.content,
                )),
                ..Default::default()
            })
        }
    }
}

/// A 400/422 that says the endpoint does not take our `response_format`.
fn rejects_response_format(err: &LlmError) -> bool {
    match err {
        LlmError::Http {
            status: 400 | 422,
            message,
            code,
            ..
        } => {
            let text = format!("{message} {}", code.as_deref().unwrap_or_default()).to_lowercase();
            text.contains("response_format") || text.contains("json_schema")
        }
        _ => false,
    }
}

/// The innermost cause of an error, which says more than reqwest's outer message.
fn source_text(err: &(dyn std::error::Error + 'static)) -> String {
    let mut text = err.to_string();
    let mut cause = err.source();
    while let Some(inner) = cause {
        text = inner.to_string();
        cause = inner.source();
    }
    text
}

/// What one streamed chunk carried.
#[derive(Debug, Default)]
struct Delta {
    text: String,
    /// The chunk has a finish_reason.
    finished: bool,
    usage: Option<(u64, u64)>,
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

    #[test]
    fn api_key_debug_is_redacted() {
        let key = ApiKey::new("sk-test-secret-123456");
        assert_eq!(format!("{key:?}"), "ApiKey([redacted])");
        assert_eq!(
            crate::secrets::redact_text("x sk-test-secret-123456 y"),
            "x [redacted] y"
        );
    }
}
