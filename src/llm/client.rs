//! The one [`Llm`] implementation: OpenAI-compatible Chat Completions over HTTP.
//!
//! async-openai supplies the wire types; the request loop is ours so that every failure
//! is handled the same way whatever the server: this file is that loop.
//!
//! - A call: the response cache, then the model's context (probed once from a local
//!   server), `max_tokens` for its purpose fitted to that context, then attempts under
//!   the retry policy (5xx, connection failures, timeouts, broken or empty answers), all
//!   within the call's deadline.
//! - An attempt: the structured-output level of the run (json_schema, then json_object
//!   with the schema, then the schema in the prompt, stepping down when the endpoint
//!   rejects one), and a context overflow answered once with a smaller `max_tokens` when
//!   the prompt itself fits.
//! - A request: a slot from the concurrency limiter; a push-back (429/503) gives the slot
//!   back, halves the limit and sends again after the wait asked for, without using an
//!   attempt; a streamed answer that is an empty 200 is asked again without streaming to
//!   hear the server's real error.
//!
//! `wire.rs` builds and reads the JSON, `stream.rs` reads answers, `limiter.rs` decides
//! how many requests are in flight, `waiting.rs` tells the user about a silent server.

use super::cache::{EndpointNotes, ResponseCache, cache_key};
use super::config::{Concurrency, LlmConfig, Purpose, StructuredMode};
use super::error::{LlmError, TimeoutPhase, source_text};
use super::limiter::Limiter;
use super::probe;
use super::stream::{self, Limits};
use super::usage::{CallUsage, UsageMeter};
use super::waiting::{Activity, Deadlines};
use super::wire::{self, Answer, Level};
use super::{Completion, Llm, Request};
use crate::events::{Event, Events};
use crate::retry::RetryNotice;
use crate::secrets::redact_text;
use crate::tokens::estimate_tokens;
use futures::future::BoxFuture;
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
    /// The server the run started from a note about, as the probe named it then: when
    /// the probe names another now, the note no longer holds.
    noted_server: Option<String>,
    /// The server as the probe named it this run.
    server: Mutex<Option<String>>,
}

/// What an endpoint was found to accept, as the run store keeps it.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Noted {
    /// The structured-output level it takes: `object` or `prompt` (see [`level_name`]).
    structured: String,
    /// The server the probe found there, if it found one.
    #[serde(default)]
    server: Option<String>,
}

/// A note about an endpoint is trusted this long; then the endpoint is asked again (an
/// upgraded server may take more).
const NOTE_HOLDS_MS: i64 = 7 * 24 * 3600 * 1000;

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Schema => "schema",
        Level::Object => "object",
        Level::Prompt => "prompt",
    }
}

fn level_named(name: &str) -> Option<Level> {
    match name {
        "schema" => Some(Level::Schema),
        "object" => Some(Level::Object),
        "prompt" => Some(Level::Prompt),
        _ => None,
    }
}

fn level_code(level: Level) -> u8 {
    match level {
        Level::Schema => 0,
        Level::Object => 1,
        Level::Prompt => 2,
    }
}

fn level_of(code: u8) -> Level {
    match code {
        0 => Level::Schema,
        1 => Level::Object,
        _ => Level::Prompt,
    }
}

impl OpenAiCompatible {
    pub(crate) fn new(
        config: LlmConfig,
        events: Events,
        cache: Option<Arc<dyn ResponseCache>>,
        notes: Option<Arc<dyn EndpointNotes>>,
    ) -> Result<Self, LlmError> {
        crate::tls::install();
        let http = reqwest::Client::builder()
            .connect_timeout(config.connect_timeout)
            .build()
            .map_err(|e| LlmError::HttpClient(e.to_string()))?;
        let level = match config.structured {
            StructuredMode::Auto | StructuredMode::Schema => Level::Schema,
            StructuredMode::Object => Level::Object,
            StructuredMode::Prompt => Level::Prompt,
        };
        // Under `auto`, what an earlier run found the endpoint to accept.
        let noted = notes
            .as_ref()
            .filter(|_| config.structured == StructuredMode::Auto)
            .and_then(|notes| notes.recall(&config.base_url, &config.model))
            .filter(|(_, at)| now_ms().saturating_sub(*at) < NOTE_HOLDS_MS)
            .and_then(|(json, _)| serde_json::from_str::<Noted>(&json).ok())
            .and_then(|noted| Some((level_named(&noted.structured)?, noted.server)));
        let (level, noted_server) = match noted {
            Some((known, server)) => {
                events.emit(Event::Detail {
                    message: format!(
                        "structured answers as {}: what this endpoint took on an earlier \
                         run (asked again after 7 days, or when its server changes)",
                        known.label()
                    ),
                });
                (known, server)
            }
            None => (level, None),
        };
        let probe = config.local.then(|| {
            probe::Pending::start(
                &http,
                probe::Target {
                    base_url: config.base_url.clone(),
                    api_key: config.api_key.as_ref().map(|k| k.expose().to_string()),
                    model: config.model.clone(),
                    ollama_parallel: std::env::var("OLLAMA_NUM_PARALLEL")
                        .ok()
                        .and_then(|v| v.trim().parse().ok()),
                },
            )
        });
        Ok(Self {
            probe,
            http,
            url: format!("{}/chat/completions", config.base_url.trim_end_matches('/')),
            limiter: Limiter::new(config.concurrency, config.local),
            activity: Activity::new(events.clone(), config.quiet_after),
            quiet_activity: Activity::new(events.clone(), Duration::MAX),
            config,
            events,
            meter: UsageMeter::new(),
            cache,
            level: AtomicU8::new(level_code(level)),
            context: AtomicU64::new(0),
            probed: tokio::sync::OnceCell::new(),
            said: Mutex::new(HashSet::new()),
            notes,
            noted_server,
            server: Mutex::new(None),
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

    async fn run(&self, request: Request) -> Result<Completion, LlmError> {
        let started = std::time::Instant::now();
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
                truncated: false,
                max_tokens: None,
            });
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
        let (answer, max_tokens) = match result {
            Ok((answer, asked)) => {
                let used = answer.max_tokens.unwrap_or(asked);
                (answer, used)
            }
            Err(err) => {
                self.meter.end(None);
                return Err(err);
            }
        };
        let mut answer = answer;
        // Stopped while it streamed, or (below) cut once read whole.
        let stopped = answer.looped.is_some();
        if request.schema.is_none() && answer.looped.is_none() {
            // A whole answer (not streamed) is cut at its first loop too.
            if let Some(found) = super::repeats::in_text(&answer.text) {
                answer.text.truncate(found.keep);
                answer.looped = Some(found.repeats);
                answer.finish = Some(stream::LOOPED.into());
            }
        }
        let usage = self.usage_of(&request, &answer, ms);
        self.meter.end(Some(&usage));
        if let Some(repeats) = answer.looped {
            answer.text.truncate(answer.text.trim_end().len());
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
        let truncated = answer.truncated();
        if truncated {
            self.meter.record_truncated();
            if request.schema.is_none() {
                self.say_once(
                    &format!("length {}", purpose.label()),
                    format!(
                        "the model's answer ({}) was cut off at max_tokens ({max_tokens} \
                         tokens); raise it with --max-tokens N or [llm] max_tokens",
                        purpose.label()
                    ),
                );
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

    /// The server's token counts, or archie's estimate (marked as one).
    fn usage_of(&self, request: &Request, answer: &Answer, ms: u64) -> CallUsage {
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

    /// The `max_tokens` for this call: the request's, or its purpose's, made to fit the
    /// context when it is known. A prompt that alone is larger than the context fails
    /// here, with no request sent.
    fn fit_max_tokens(&self, request: &Request, purpose: Purpose) -> Result<u32, LlmError> {
        let want = request
            .max_tokens
            .unwrap_or_else(|| self.config.max_tokens.get(purpose));
        self.fit_to_context(request, want)
    }

    /// `want` made to fit the context, when it is known (it may have been learned while
    /// this request waited for a slot).
    fn fit_to_context(&self, request: &Request, want: u32) -> Result<u32, LlmError> {
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

    async fn with_retries(
        &self,
        request: &Request,
        stream: bool,
        max_tokens: u32,
    ) -> Result<(Answer, u32), LlmError> {
        let deadline = Instant::now()
            + self
                .config
                .retry
                .deadline
                .unwrap_or(Duration::from_secs(600));
        self.config
            .retry
            .run(
                |_| self.attempt(request, stream, max_tokens, deadline),
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

    /// One attempt. A context overflow teaches the context's size; when the prompt
    /// itself fits, the request is sent once more at once with the answer's room cut to
    /// what is left.
    async fn attempt(
        &self,
        request: &Request,
        stream: bool,
        max_tokens: u32,
        deadline: Instant,
    ) -> Result<(Answer, u32), LlmError> {
        let mut max_tokens = max_tokens;
        let mut refitted = false;
        loop {
            match self
                .attempt_levels(request, stream, max_tokens, deadline)
                .await
            {
                Ok(answer) => return Ok((answer, max_tokens)),
                Err(LlmError::ContextOverflow {
                    prompt_tokens,
                    context,
                    message,
                    ..
                }) => {
                    if let Some(context) = context {
                        self.learn_context(context);
                    }
                    let prompt = prompt_tokens.unwrap_or_else(|| estimate_prompt(request));
                    let context = self.context_window();
                    if let Some(ctx) = context
                        && !refitted
                        && ctx >= prompt + MIN_ANSWER
                        && u64::from(max_tokens) > ctx - prompt - 8
                    {
                        refitted = true;
                        let fitted = u32::try_from(ctx - prompt - 8).unwrap_or(u32::MAX);
                        self.events.emit(Event::Detail {
                            message: format!(
                                "the prompt ({prompt} tokens) and max_tokens {max_tokens} do \
                                 not fit the context of {ctx} tokens; asking again with \
                                 max_tokens {fitted}"
                            ),
                        });
                        max_tokens = fitted;
                        continue;
                    }
                    return Err(LlmError::ContextOverflow {
                        prompt_tokens: Some(prompt),
                        context,
                        max_tokens: Some(max_tokens),
                        message,
                    });
                }
                Err(err) => return Err(err),
            }
        }
    }

    /// One attempt at the run's structured-output level. Under `--structured auto`, an
    /// endpoint that rejects this level (by naming `response_format` in its error,
    /// whatever the status) is asked again at once at the next one, and so is every later
    /// structured request of the run.
    async fn attempt_levels(
        &self,
        request: &Request,
        stream: bool,
        max_tokens: u32,
        deadline: Instant,
    ) -> Result<Answer, LlmError> {
        loop {
            let (level, result) = self.send(request, stream, max_tokens, deadline).await;
            match result {
                Err(err)
                    if request.schema.is_some()
                        && self.config.structured == StructuredMode::Auto
                        && wire::rejects_response_format(&err) =>
                {
                    let Some(next) = level.next() else {
                        return Err(err);
                    };
                    let stepped = self
                        .level
                        .compare_exchange(
                            level_code(level),
                            level_code(next),
                            Ordering::Relaxed,
                            Ordering::Relaxed,
                        )
                        .is_ok();
                    if stepped {
                        let why = match &err {
                            LlmError::Http {
                                status, message, ..
                            } => format!("HTTP {status}: {message}"),
                            other => other.to_string(),
                        };
                        self.say_once(
                            &format!("level {}", level_code(level)),
                            format!(
                                "the LLM endpoint does not accept {} ({why}); using {} for \
                                 the rest of the run, and from the start of the next",
                                level.label(),
                                next.label()
                            ),
                        );
                        self.note_level(next);
                    }
                }
                other => return other,
            }
        }
    }

    /// One request, sent again while the endpoint pushes back (429/503): each time the
    /// slot is given back (the limiter halves), the wait the server asked for is made
    /// (or a backoff), within the call's deadline. A wait longer than the longest archie
    /// makes, or than the time left, is not made.
    ///
    /// Returns the structured-output level it used with the outcome: the run's level as it
    /// is once a slot is free (another call may have stepped it down meanwhile).
    async fn send(
        &self,
        request: &Request,
        stream: bool,
        max_tokens: u32,
        deadline: Instant,
    ) -> (Level, Result<Answer, LlmError>) {
        let mut level = level_of(self.level.load(Ordering::Relaxed));
        let result = self
            .send_at(request, &mut level, stream, max_tokens, deadline)
            .await;
        (level, result)
    }

    async fn send_at(
        &self,
        request: &Request,
        level: &mut Level,
        stream: bool,
        max_tokens: u32,
        deadline: Instant,
    ) -> Result<Answer, LlmError> {
        let mut pushed = 0u32;
        loop {
            let Some(permit) = self.limiter.acquire(deadline).await else {
                return Err(LlmError::Timeout {
                    phase: TimeoutPhase::Deadline,
                    after: self.config.retry.deadline.unwrap_or_default(),
                });
            };
            *level = level_of(self.level.load(Ordering::Relaxed));
            let level = *level;
            let max_tokens = self.fit_to_context(request, max_tokens)?;
            self.meter.request_started();
            let result = self
                .request(request, level, stream, max_tokens, deadline)
                .await;
            let push_back = matches!(&result, Err(err) if err.is_push_back());
            self.meter.request_ended(push_back);
            let err = match result {
                Ok(answer) => {
                    // Structured answers read whole (extraction's, in parallel) are what
                    // the limiter compares; a long streamed answer would look like queueing.
                    permit.ok(request.schema.is_some() && !stream);
                    return Ok(answer);
                }
                Err(err) => err,
            };
            if !push_back {
                if matches!(
                    err,
                    LlmError::Timeout {
                        phase: TimeoutPhase::FirstToken | TimeoutPhase::Idle,
                        ..
                    }
                ) {
                    permit.overloaded();
                } else {
                    drop(permit);
                }
                return Err(err);
            }
            let (status, asked) = match &err {
                LlmError::Http {
                    status,
                    retry_after,
                    ..
                } => (*status, *retry_after),
                _ => (429, None),
            };
            pushed += 1;
            let left = deadline.saturating_duration_since(Instant::now());
            if let Some(asked) = asked
                && (asked > self.config.retry.max_delay || asked >= left)
            {
                permit.refused(None);
                let (limit, deadline) = if asked > self.config.retry.max_delay {
                    (self.config.retry.max_delay, false)
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
                permit.refused(None);
                return Err(err);
            }
            permit.refused(asked);
            self.say_once(
                "push-back",
                format!(
                    "the LLM endpoint is refusing requests (HTTP {status}); archie sends fewer \
                     at once and sends them again"
                ),
            );
            self.events.emit(Event::Detail {
                message: format!(
                    "HTTP {status}: sending again in {:.1} s, {} at once now",
                    wait.as_secs_f64(),
                    self.limiter.limit()
                ),
            });
            tokio::time::sleep(wait).await;
        }
    }

    /// One HTTP request, read whole or streamed. A streamed answer that is an empty 200
    /// (servers that fail after sending their headers) is asked again without streaming,
    /// whose answer or error then stands.
    async fn request(
        &self,
        request: &Request,
        level: Level,
        stream: bool,
        max_tokens: u32,
        deadline: Instant,
    ) -> Result<Answer, LlmError> {
        let body = wire::request_body(&self.config, request, level, stream, Some(max_tokens))?;
        let result = self
            .http_attempt(body, stream, request.show, max_tokens, deadline)
            .await
            .map(|answer| Answer {
                max_tokens: Some(max_tokens),
                ..answer
            });
        match result {
            Err(LlmError::Empty) if stream => {
                self.events.emit(Event::Detail {
                    message: "the streamed answer was empty; asking once more without \
                              streaming to hear why"
                        .into(),
                });
                let body =
                    wire::request_body(&self.config, request, level, false, Some(max_tokens))?;
                let mut answer = self
                    .http_attempt(body, false, false, max_tokens, deadline)
                    .await?;
                answer.max_tokens = Some(max_tokens);
                if request.show {
                    self.events.emit(Event::Token {
                        text: answer.text.clone(),
                    });
                    self.events.emit(Event::TokensDone);
                }
                Ok(answer)
            }
            other => other,
        }
    }

    async fn http_attempt(
        &self,
        body: Vec<u8>,
        stream: bool,
        show: bool,
        max_tokens: u32,
        deadline: Instant,
    ) -> Result<Answer, LlmError> {
        // Streamed or not, the first byte of the answer (a whole answer's headers come
        // when it is done) is bounded by the first-token timeout, each later piece by the
        // idle timeout, and all of it by the call's deadline: a server that accepts a
        // request and says nothing is hung, whatever the call.
        let deadlines = Deadlines::new(
            self.config.first_token_timeout,
            self.config.idle_timeout,
            deadline,
        );
        let limits = Limits::new(Some(max_tokens), self.config.max_reply_bytes);
        let activity = if show {
            &self.quiet_activity
        } else {
            &self.activity
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
        if crate::stdout::is_closed() {
            // Nobody reads the run's output any more and `main` is ending the run: the
            // request is not sent (this future is dropped there).
            std::future::pending::<()>().await;
        }
        let response = match activity.wait(deadlines.first_token, builder.send()).await {
            Err(()) => return Err(deadlines.missed(deadlines.first_token, false)),
            Ok(Err(err)) => return Err(self.transport_error(&err)),
            Ok(Ok(response)) => response,
        };

        let status = response.status();
        if !status.is_success() {
            activity.touch();
            let headers = response.headers().clone();
            let text = stream::read_body(
                response,
                deadlines,
                Limits::new(None, MAX_ERROR_BODY),
                activity,
            )
            .await
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .unwrap_or_default();
            return Err(wire::http_error(
                status.as_u16(),
                &headers,
                &text,
                &self.config.model,
            ));
        }

        if !stream {
            let bytes = stream::read_body(response, deadlines, limits, activity).await?;
            let answer = wire::parse_whole(&bytes)?;
            if answer.text.trim().is_empty() && !answer.truncated() {
                return Err(LlmError::Empty);
            }
            return Ok(answer);
        }
        stream::read(response, deadlines, limits, show, &self.events, activity).await
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
                url: self.config.display_url(),
                reason,
            }
        } else {
            LlmError::StreamBroken { reason }
        }
    }

    fn learn_context(&self, tokens: u64) {
        let before = self.context.swap(tokens, Ordering::Relaxed);
        if before != tokens {
            self.events.emit(Event::Detail {
                message: format!("the model's context is {tokens} tokens"),
            });
        }
    }

    /// Keeps the structured-output level the endpoint takes for the next runs.
    fn note_level(&self, level: Level) {
        let Some(notes) = &self.notes else { return };
        let noted = Noted {
            structured: level_name(level).into(),
            server: self.server.lock().map(|s| s.clone()).unwrap_or_default(),
        };
        let Ok(json) = serde_json::to_string(&noted) else {
            return;
        };
        if let Err(err) = notes.note(&self.config.base_url, &self.config.model, &json) {
            self.events.emit(Event::Detail {
                message: format!(
                    "could not keep what the endpoint accepts for the next run: {err}"
                ),
            });
        }
    }

    /// The probe named the server: a note about another server no longer holds, and the
    /// run starts again from the level it was configured with.
    fn check_note(&self, server: Option<&str>) {
        if let Ok(mut now) = self.server.lock() {
            *now = server.map(str::to_string);
        }
        let Some(noted) = &self.noted_server else {
            return;
        };
        if server.is_some_and(|s| s != noted) {
            self.level
                .store(level_code(Level::Schema), Ordering::Relaxed);
            self.events.emit(Event::Detail {
                message: format!(
                    "the LLM server is no longer {noted}: finding out again what it accepts"
                ),
            });
        }
    }

    /// Asks a local server once per run what it is ([`probe`]): the model's context
    /// (vLLM, LM Studio and others publish it in `/v1/models`, llama.cpp's server in
    /// `/props`) and how many requests it takes at once, which the limiter starts from.
    /// Quietly nothing when it does not say.
    async fn probe_context(&self) {
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

/// The context size a `/v1/models` list or a `/props` object publishes for `model` (or
/// for its only model).
pub(super) fn context_in(value: &serde_json::Value, model: &str) -> Option<u64> {
    const KEYS: &[&str] = &[
        "max_model_len",
        "context_length",
        "max_context_length",
        "context_window",
        "n_ctx",
        "num_ctx",
    ];
    fn find(v: &serde_json::Value) -> Option<u64> {
        let obj = v.as_object()?;
        for key in KEYS {
            if let Some(n) = obj.get(*key).and_then(|n| n.as_u64()).filter(|n| *n > 0) {
                return Some(n);
            }
        }
        // llama.cpp: {"default_generation_settings": {"n_ctx": …}}, {"meta": {…}}.
        obj.values().filter(|v| v.is_object()).find_map(find)
    }
    match value.get("data").and_then(|d| d.as_array()) {
        Some(models) => {
            let named = models
                .iter()
                .find(|m| m.get("id").and_then(|i| i.as_str()) == Some(model));
            match (named, models.len()) {
                (Some(m), _) => find(m),
                (None, 1) => find(&models[0]),
                _ => None,
            }
        }
        None => find(value),
    }
}

/// archie's estimate of a request's prompt tokens: each message and its framing, and the
/// schema when there is one.
fn estimate_prompt(request: &Request) -> u64 {
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
    use super::*;
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

    #[test]
    fn the_context_is_read_where_servers_publish_it() {
        let vllm = serde_json::json!({"object": "list", "data": [
            {"id": "other", "max_model_len": 1000},
            {"id": "m", "max_model_len": 8192}
        ]});
        assert_eq!(context_in(&vllm, "m"), Some(8192));
        let llama_props = serde_json::json!({"default_generation_settings": {"n_ctx": 4096}});
        assert_eq!(context_in(&llama_props, "m"), Some(4096));
        let one = serde_json::json!({"data": [{"id": "x", "context_length": 2048}]});
        assert_eq!(context_in(&one, "m"), Some(2048));
        let silent = serde_json::json!({"data": [{"id": "m", "owned_by": "me"}]});
        assert_eq!(context_in(&silent, "m"), None);
    }
}
