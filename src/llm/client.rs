//! The one [`Llm`] implementation: OpenAI-compatible Chat Completions over HTTP.
//!
//! async-openai supplies the wire types; the request loop is ours so that 429/5xx,
//! connection failures, timeouts and streams that break mid-answer are all retried the
//! same way, with `Retry-After` honoured and every retry reported. This file is that loop
//! (cache, retries, the `--structured auto` fallback, one HTTP attempt); `wire.rs` builds
//! and reads the JSON, `stream.rs` reads streamed answers.

use super::cache::{ResponseCache, cache_key};
use super::config::{LlmConfig, StructuredMode};
use super::error::{LlmError, TimeoutPhase, source_text};
use super::stream::{self, Deadlines};
use super::usage::{CallUsage, UsageMeter};
use super::wire::{self, Answer};
use super::{Completion, Llm, Request};
use crate::events::{Event, Events};
use crate::secrets::redact_text;
use crate::tokens::estimate_tokens;
use futures::future::BoxFuture;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
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
        let body = wire::request_body(&self.config, request, prompt_mode, stream)?;
        match self.attempt(body, stream, request.show).await {
            Err(err)
                if request.schema.is_some()
                    && !prompt_mode
                    && self.config.structured == StructuredMode::Auto
                    && wire::rejects_response_format(&err) =>
            {
                if !self.prompt_mode.swap(true, Ordering::Relaxed) {
                    self.events.emit(Event::Warning {
                        message: "the LLM endpoint does not accept a JSON Schema \
                                  response_format; putting the schema in the prompt instead"
                            .into(),
                    });
                }
                let body = wire::request_body(&self.config, request, true, stream)?;
                self.attempt(body, stream, request.show).await
            }
            other => other,
        }
    }

    /// One HTTP request: sent, checked, and read whole or streamed.
    async fn attempt(&self, body: Vec<u8>, stream: bool, show: bool) -> Result<Answer, LlmError> {
        let deadlines = Deadlines::new(
            self.config.request_timeout,
            stream.then_some(self.config.first_token_timeout),
        );
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
        let response = match timeout_at(deadlines.first_token, builder.send()).await {
            Err(_) => return Err(deadlines.missed(deadlines.first_token)),
            Ok(Err(err)) => return Err(self.transport_error(&err)),
            Ok(Ok(response)) => response,
        };

        let status = response.status();
        if !status.is_success() {
            let headers = response.headers().clone();
            let text = match timeout_at(deadlines.total, response.text()).await {
                Ok(Ok(text)) => text,
                _ => String::new(),
            };
            return Err(wire::http_error(
                status.as_u16(),
                &headers,
                &text,
                &self.config.model,
            ));
        }

        if !stream {
            let bytes = match timeout_at(deadlines.total, response.bytes()).await {
                Err(_) => return Err(deadlines.missed(deadlines.total)),
                Ok(Err(err)) => {
                    return Err(LlmError::StreamBroken {
                        reason: redact_text(&source_text(&err)),
                    });
                }
                Ok(Ok(bytes)) => bytes,
            };
            return wire::parse_whole(&bytes);
        }
        stream::read(response, deadlines, show, &self.events).await
    }

    /// A request that got no answer: no connection, a connect timeout, or a body cut off.
    fn transport_error(&self, err: &reqwest::Error) -> LlmError {
        let reason = redact_text(&source_text(err));
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

#[cfg(test)]
mod tests {
    use crate::llm::ApiKey;

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
