//! The one [`Llm`] implementation: OpenAI-compatible Chat Completions over HTTP.
//!
//! async-openai supplies the wire types; the request loop is ours so that every failure
//! is handled the same way whatever the server. Its loops, outermost first, one job each:
//!
//! - A call (this file): the response cache, then the model's context (probed once from
//!   a local server), `max_tokens` for its purpose fitted to that context, then attempts
//!   under the retry policy (5xx, connection failures, timeouts, broken or empty
//!   answers), all within the call's deadline; the answer cut at a loop, warned about
//!   when cut off, cached.
//! - An attempt (`client/attempt.rs`, its arguments bundled in an [`Attempt`]): a context
//!   overflow answered once with a smaller `max_tokens` when the prompt itself fits, and
//!   the structured-output level of the run (json_schema, then json_object with the
//!   schema, then the schema in the prompt: `client/levels.rs`), stepping down when the
//!   endpoint rejects one.
//! - Sending (`client/send.rs`): a slot from the concurrency limiter; a push-back
//!   (429/503) gives the slot back, halves the limit and sends again after the wait asked
//!   for, without using an attempt.
//! - A request (`client/http.rs`): one HTTP request within the call's timeouts; a streamed
//!   answer that is an empty 200 is asked again without streaming to hear the server's
//!   real error.
//!
//! `client/fit.rs` learns the model's context and fits `max_tokens` to it; `wire.rs`
//! builds and reads the JSON, `stream.rs` reads answers, `limiter.rs` decides how many
//! requests are in flight, `waiting.rs` tells the user about a silent server.

mod attempt;
mod fit;
mod http;
mod levels;
mod send;

use crate::env_vars::EnvVars;
use attempt::Attempt;
use fit::estimate_prompt;

use super::cache::{EndpointNotes, ResponseCache, cache_key};
use super::config::{Concurrency, LlmConfig, Purpose};
use super::error::{LlmError, TimeoutPhase};
use super::limiter::Limiter;
use super::probe;
use super::stream;
use super::usage::{CallUsage, UsageMeter};
use super::waiting::Activity;
use super::wire::ModelAnswer;
use super::{Completion, Llm, Request};
use crate::events::{Event, Events};
use crate::retry::RetryNotice;
use crate::secrets::redact_text;
use crate::tokens::estimate_tokens;
use futures_util::future::BoxFuture;
use std::collections::HashSet;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// How much of an error body is read.
const MAX_ERROR_BODY: usize = 64 << 10;
/// The least room for an answer worth asking for after an overflow.
const MIN_ANSWER: u64 = 256;

pub(crate) struct OpenAiCompatible {
    http: reqwest::Client,
    config: LlmConfig,
    url: String,
    /// `url` parsed once (`None` when it does not parse: the request then fails as it
    /// would have): parsing it per request was 3 % of a large run's main-thread CPU (the
    /// `url` crate is built at opt-level 0).
    parsed_url: Option<reqwest::Url>,
    events: Events,
    meter: UsageMeter,
    cache: Option<Arc<dyn ResponseCache>>,
    /// How structured answers are asked for now (a [`Level`] as a number); under
    /// `--structured auto` it only ever steps down.
    level: AtomicU8,
    limiter: Limiter,
    /// Silence of the server on calls the user does not read (extraction) is reported; a
    /// call the user reads has the flow's own "asking the model…" line, so its waits
    /// (`quiet_activity`) report nothing.
    activity: Activity,
    quiet_activity: Activity,
    /// The model's context in tokens (0: not known).
    context: AtomicU64,
    probed: tokio::sync::OnceCell<()>,
    /// What a local server says it is (started with the client, read once).
    probe: Option<probe::Pending>,
    /// Warnings said once per run, by topic.
    said: Mutex<HashSet<String>>,
    /// Where what the endpoint accepts is kept across runs (the run store).
    notes: Option<Arc<dyn EndpointNotes>>,
    /// What an earlier run noted about the endpoint (its server as the probe named it
    /// then: when the probe names another now, the note no longer holds), changed as this
    /// run learns.
    noted: Mutex<levels::Noted>,
    /// Whether the structured-output level came from the note.
    level_from_note: bool,
    /// The server as the probe named it this run.
    server: Mutex<Option<String>>,
}

impl OpenAiCompatible {
    pub(crate) fn new(
        config: LlmConfig,
        events: Events,
        cache: Option<Arc<dyn ResponseCache>>,
        notes: Option<Arc<dyn EndpointNotes>>,
    ) -> Result<Self, LlmError> {
        crate::tls::install();
        let mut http = reqwest::Client::builder().connect_timeout(config.connect_timeout);
        if super::config::is_plain_loopback_url(&config.base_url) {
            // Plain HTTP on this machine needs no TLS: the system's root certificates
            // (about 150, parsed before the first request could go: 5-13 ms) are not
            // loaded. Only a loopback server redirecting to HTTPS elsewhere would miss
            // them (its certificate would not verify).
            http = http.tls_certs_only(Vec::<reqwest::Certificate>::new());
        }
        let http = http
            .build()
            .map_err(|e| LlmError::HttpClient(e.to_string()))?;
        // Under `auto`, what an earlier run found the endpoint to accept.
        let noted = levels::Noted::recall(notes.as_ref(), &config);
        let (level, level_from_note) = levels::starting_level(&config, &noted, &events);
        // Without a probe (a remote endpoint) what an earlier run learned about how many
        // requests it takes holds at once; else once the probe named the same server.
        let capacity = noted.capacity().filter(|_| !config.local);
        let probe = config.local.then(|| {
            probe::Pending::start(
                &http,
                probe::Target {
                    base_url: config.base_url.clone(),
                    api_key: config.api_key.as_ref().map(|k| k.expose().to_string()),
                    model: config.model.clone(),
                    ollama_parallel: std::env::var(EnvVars::OLLAMA_NUM_PARALLEL)
                        .ok()
                        .and_then(|v| v.trim().parse().ok()),
                },
            )
        });
        let client = Self {
            probe,
            http,
            url: format!("{}/chat/completions", config.base_url.trim_end_matches('/')),
            parsed_url: reqwest::Url::parse(&format!(
                "{}/chat/completions",
                config.base_url.trim_end_matches('/')
            ))
            .ok(),
            limiter: Limiter::new(config.concurrency, config.local),
            activity: Activity::new(events.clone(), config.quiet_after),
            quiet_activity: Activity::new(events.clone(), Duration::MAX),
            config,
            events,
            meter: UsageMeter::new(),
            cache,
            level: AtomicU8::new(level.code()),
            context: AtomicU64::new(0),
            probed: tokio::sync::OnceCell::new(),
            said: Mutex::new(HashSet::new()),
            notes,
            noted: Mutex::new(noted),
            level_from_note,
            server: Mutex::new(None),
        };
        if let Some(capacity) = capacity {
            client.start_from_note(capacity);
        }
        Ok(client)
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

    /// Says `message` as a warning the first time `topic` comes up in this run, and as
    /// detail (`-v`) afterwards.
    fn say_once(&self, topic: &str, message: String) {
        let first = self
            .said
            .lock()
            .map(|mut said| said.insert(topic.to_string()))
            .unwrap_or(true);
        self.events.emit(if first {
            Event::Warning { message }
        } else {
            Event::Detail { message }
        });
    }

    /// One call: an answer kept in the response cache, or attempts under the retry
    /// policy; the answer then cut at a loop, warned about when cut off, shown when it was
    /// not streamed, and cached.
    async fn run(&self, request: Request) -> Result<Completion, LlmError> {
        let started = std::time::Instant::now();
        if let Some(completion) = self.cached(&request, started) {
            return Ok(completion);
        }
        self.meter.begin();
        self.probe_context().await;
        let purpose = request.purpose_or_default();
        let stream = request.show && self.config.stream;
        let result = match self.fit_max_tokens(&request, purpose) {
            Ok(max_tokens) => self.with_retries(&request, stream, max_tokens).await,
            Err(err) => Err(err),
        };
        self.activity.settle();
        let ms = started.elapsed().as_millis() as u64;
        let (mut answer, max_tokens) = match result {
            Ok((answer, asked)) => {
                let used = answer.max_tokens.unwrap_or(asked);
                (answer, used)
            }
            Err(err) => {
                self.meter.end(None);
                return Err(err);
            }
        };
        // Stopped while it streamed, or (here) cut once read whole.
        let stopped = answer.looped.is_some();
        if request.schema.is_none() && !stopped {
            cut_at_loop(&mut answer);
        }
        let usage = self.usage_of(&request, &answer, ms);
        self.meter.end(Some(&usage));
        if let Some(repeats) = answer.looped {
            answer.text.truncate(answer.text.trim_end().len());
            self.say_looped(purpose, repeats, stopped);
        }
        let truncated = answer.truncated();
        if truncated {
            self.meter.record_truncated();
            if request.schema.is_none() {
                self.say_cut_off(purpose, max_tokens);
            }
        }
        if request.show && !stream {
            self.events.emit(Event::Token {
                text: answer.text.clone(),
            });
            self.events.emit(Event::TokensDone);
        }
        let completion = Completion {
            text: answer.text,
            usage,
            cached: false,
            truncated,
            max_tokens: Some(max_tokens),
        };
        if request.schema.is_none() && !truncated && answer.looped.is_none() {
            self.remember(&request, &completion.text);
        }
        Ok(completion)
    }

    /// The answer an earlier run kept for `request` (shown when the user reads it), when
    /// the request may be answered from the cache.
    fn cached(&self, request: &Request, started: std::time::Instant) -> Option<Completion> {
        let text = self.cache_for(request)?.get(&self.key(request))?;
        self.meter.record_cached();
        if request.show {
            self.events.emit(Event::Token { text: text.clone() });
            self.events.emit(Event::TokensDone);
        }
        Some(Completion {
            text,
            usage: CallUsage {
                ms: started.elapsed().as_millis() as u64,
                ..CallUsage::default()
            },
            cached: true,
            truncated: false,
            max_tokens: None,
        })
    }

    /// Warns (once per purpose) that the model's answer looped and was cut at the first
    /// copy: `stopped` while it streamed, or after it was read whole.
    fn say_looped(&self, purpose: Purpose, repeats: usize, stopped: bool) {
        let what = if stopped {
            format!("stopped after {repeats} repeats, keeping")
        } else {
            format!("it wrote {repeats} repeats; kept")
        };
        self.say_once(
            &format!("loop {}", purpose.label()),
            format!(
                "the model started repeating itself in its answer ({}); {what} the \
                 answer up to the first. A larger model, or the server's repeat \
                 penalty (llama.cpp: --repeat-penalty 1.1), usually helps; a higher \
                 --max-tokens does not",
                purpose.label()
            ),
        );
    }

    /// Warns (once per purpose) that a text answer was cut off at `max_tokens`.
    fn say_cut_off(&self, purpose: Purpose, max_tokens: u32) {
        self.say_once(
            &format!("length {}", purpose.label()),
            format!(
                "the model's answer ({}) was cut off at max_tokens ({max_tokens} \
                 tokens); raise it with --max-tokens N or [llm] max_tokens",
                purpose.label()
            ),
        );
    }

    /// The server's token counts, or archie's estimate (marked as one).
    fn usage_of(&self, request: &Request, answer: &ModelAnswer, ms: u64) -> CallUsage {
        match answer.usage {
            Some((prompt, completion)) => CallUsage {
                prompt_tokens: prompt,
                completion_tokens: completion,
                ms,
                estimated: false,
            },
            None => CallUsage {
                prompt_tokens: estimate_prompt(request),
                completion_tokens: estimate_tokens(&answer.text) as u64,
                ms,
                estimated: true,
            },
        }
    }

    async fn with_retries(
        &self,
        request: &Request,
        stream: bool,
        max_tokens: u32,
    ) -> Result<(ModelAnswer, u32), LlmError> {
        let deadline = Instant::now()
            + self
                .config
                .retry
                .deadline
                .unwrap_or(Duration::from_secs(600));
        let attempt = Attempt {
            request,
            stream,
            max_tokens,
            deadline,
        };
        self.config
            .retry
            .run(
                |_| self.attempt(attempt),
                |err: &LlmError| self.classify(err),
                |retry| self.report_retry(retry),
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

    /// Whether a failed attempt is tried again. Not after a timeout on a local server
    /// that takes one request at a time: the abandoned request may still be running
    /// there, and a new one would only queue behind it.
    fn classify(&self, err: &LlmError) -> Option<crate::retry::Retryable> {
        if self.config.local
            && self.limiter.one_at_a_time()
            && matches!(err, LlmError::Timeout { phase, .. } if *phase != TimeoutPhase::Connect)
        {
            return None;
        }
        err.retryable()
    }

    /// Reports every retry; the renderer says one line for calls that retry alike.
    fn report_retry(&self, retry: &RetryNotice) {
        self.events.emit(Event::Retry {
            attempt: retry.attempt,
            max_attempts: retry.max_attempts,
            delay_ms: retry.delay.as_millis() as u64,
            reason: retry.reason.clone(),
        });
    }
}

/// A whole answer (not streamed) cut at its first loop, as a streamed one is while it
/// arrives (see `repeats.rs`).
fn cut_at_loop(answer: &mut ModelAnswer) {
    if let Some(found) = super::repeats::in_text(&answer.text) {
        answer.text.truncate(found.keep);
        answer.looped = Some(found.repeats);
        answer.finish = Some(stream::LOOPED.into());
    }
}

/// The end of the run: what the limiter learned since the last note is kept for the
/// next run (a run's last growth, less than a quarter, is noted only here).
impl Drop for OpenAiCompatible {
    fn drop(&mut self) {
        self.note_capacity_at_end();
    }
}

impl Llm for OpenAiCompatible {
    fn complete<'a>(&'a self, request: Request) -> BoxFuture<'a, Result<Completion, LlmError>> {
        Box::pin(self.run(request))
    }

    fn remember(&self, request: &Request, text: &str) {
        if let Some(cache) = self.cache_for(request)
            && let Err(err) = cache.put(&self.key(request), &redact_text(text))
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

    fn context_window(&self) -> Option<u64> {
        match self.context.load(Ordering::Relaxed) {
            0 => None,
            n => Some(n),
        }
    }

    fn temperature(&self) -> Option<f32> {
        self.config.temperature
    }

    fn max_tokens(&self, purpose: Purpose) -> u32 {
        self.config.max_tokens.get(purpose)
    }

    fn concurrency(&self) -> usize {
        self.limiter.limit()
    }

    fn set_concurrency(&self, concurrency: Concurrency) {
        self.limiter.set(concurrency);
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
