//! The LLM layer: any OpenAI-compatible Chat Completions endpoint (OpenAI, Ollama, vLLM,
//! llama.cpp server, LM Studio).
//!
//! - [`LlmConfig::resolve`] works out where to send requests (flags, then env, then `archie.toml`,
//!   then user config) and fails with [`LlmError::NotConfigured`] (exit 2) when there is
//!   neither an API key nor a base URL.
//! - [`connect_noting`] (or [`connect_with_cache`]) builds the client, an `Arc<dyn Llm>`
//!   shared by every node of a flow; commands get theirs from the App
//!   (`app/knowledge.rs`: `App::connect_llm`, `App::llm_client`), which resolves the
//!   configuration and caches in the run store.
//! - `llm.chat(messages)` streams an answer the user reads as [`Event::Token`]s and a
//!   final [`Event::TokensDone`]. With `--no-stream` the whole answer arrives as one
//!   `Token` followed by `TokensDone`, so renderers see the same shape either way.
//! - `llm.structured::<T>(messages)` returns a typed value: the JSON Schema of `T` goes
//!   out as `response_format` json_schema, or (when the endpoint rejects that, by any
//!   status that names `response_format`) json_object with the schema (llama.cpp's
//!   grammar), or in the user message (what the endpoint took is noted in the run store,
//!   [`EndpointNotes`], and the next run starts from it); the answer is repaired if it has common faults,
//!   validated, and asked for once more with the error if still invalid (an answer cut
//!   off at `max_tokens` is not sent back: a shorter one is asked for). Structured answers
//!   are cached by default ([`ResponseCache`], in the run store, redacted); chat turns
//!   are not.
//! - Every request carries `max_tokens` for its [`Purpose`] (`--max-tokens`), fitted to
//!   the model's context once it is known ([`Llm::context_window`]: a local server's
//!   `/v1/models` or `/props`, else the first overflow error). An answer cut off at
//!   `max_tokens` is a warning; an overflow is [`LlmError::ContextOverflow`], explained,
//!   never retried as such.
//! - Streams: a first-token timeout, then an idle timeout between pieces, all within the
//!   call's deadline (`--timeout`); complete only with a finish_reason; an empty 200 is
//!   asked again without streaming to hear the server's error; an answer past archie's
//!   limits (the server ignores `max_tokens`) is cut off. A silent server is reported
//!   ("waiting for the model (42 s)…"). A text answer that repeats a passage again and
//!   again is stopped at the loop and kept up to it, with a warning (`repeats.rs`).
//! - Retries (5xx, connection errors, timeouts, broken or empty answers) back off
//!   exponentially with jitter, honour `Retry-After`, never wait past the deadline, and
//!   are each reported as [`Event::Retry`] (the renderer says one line for the calls
//!   that retry alike). A
//!   push-back (429 except `insufficient_quota`, 503) is not a failed attempt: the
//!   request is sent again after the wait asked for, with fewer in flight.
//!   `--concurrency auto` adapts the requests in flight to what the endpoint takes: from
//!   what a local server says it is (llama.cpp's slots, vLLM, Ollama…: `probe.rs`, asked
//!   once at start-up), else from what an earlier run found it answered at once (kept in
//!   the run store with the structured-output level, [`EndpointNotes`], for 7 days or
//!   until the probe finds another server), else from 4 (8 for a remote endpoint);
//!   growing as TCP does, faster while answers come back together at flat latency, and
//!   holding where a 429 says the limit is (`limiter.rs`). A local one-slot server is not
//!   sent a retry after a timeout. Usage counts every call and request, the server's figures where given
//!   ([`UsageMeter`]).
//!
//! How a flow uses it (the command resolves the client before any work, so a missing
//! configuration fails with exit 2 and nothing done):
//!
//! ```ignore
//! // a command (src/cli/search.rs)
//! let llm = app.llm_client(app.events.clone())?;
//! let env = AnalyzeEnv { llm: llm.clone(), /* ... */ };
//! let result = app.run_flow(&graph, state, &env).await?;
//! llm.emit_usage(); // "4 LLM calls · 31,420 → 3,880 tokens · 41 s"
//!
//! // a node
//! async fn prepare(s: &mut AnalyzeState, cx: &mut Cx<'_, AnalyzeEnv>) -> Result<Next, FlowError> {
//!     let messages = vec![Message::system(system_prompt), Message::user(&s.query)];
//!     let text = cx.env.llm.chat(messages).await?;          // streamed to the user
//!     let facts: Extraction = cx.env.llm.structured(msgs).await?; // typed, cached
//!     Ok(Next::Continue)
//! }
//! ```
//!
//! async-openai provides the wire types (request, response, stream chunk) and
//! eventsource-stream cuts a streamed body into events; the HTTP attempt and the retry
//! loop are ours so that every failure, including one mid-stream, is retried the same
//! way. No async-openai type appears outside this module.

mod cache;
mod client;
mod config;
mod error;
mod flags;
mod limiter;
pub mod local;
mod probe;
mod repair;
mod repeats;
mod stream;
mod usage;
mod waiting;
mod wire;

pub use cache::{EndpointNotes, ResponseCache, cache_key};
pub use config::{
    ApiKey, Concurrency, DEFAULT_BASE_URL, DEFAULT_MODEL, EnvLookup, LlmConfig, LlmOverrides,
    LlmSection, MAX_CONCURRENCY, MaxTokens, Purpose, StructuredMode, display_url, is_local_url,
};
pub use error::{LlmError, TimeoutPhase};
pub use flags::{FLAGS, LlmFlag, Takes};
pub use repair::{OutputError, parse_structured};
#[doc(hidden)]
pub use stream::text_of_sse;
pub use usage::{CallUsage, UsageMeter, UsageTotals};
pub use waiting::WAITING;

use crate::events::{Event, Events};
use futures_util::future::BoxFuture;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;

/// Who says a message. The system prompt is sent as `system`, never as `assistant`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    System,
    User,
    Assistant,
}

/// One message of a conversation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Message {
    pub role: Role,
    pub content: String,
}

impl Message {
    pub fn system(content: impl Into<String>) -> Self {
        Self {
            role: Role::System,
            content: content.into(),
        }
    }

    pub fn user(content: impl Into<String>) -> Self {
        Self {
            role: Role::User,
            content: content.into(),
        }
    }

    pub fn assistant(content: impl Into<String>) -> Self {
        Self {
            role: Role::Assistant,
            content: content.into(),
        }
    }
}

/// The JSON Schema an answer must match.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Schema {
    /// A short name (`a-zA-Z0-9_-`, at most 64 characters), sent as `json_schema.name`.
    pub name: String,
    /// Shared: a request is cloned on its way (a retry keeps it), and a deep copy of the
    /// schema per clone was most of what an extraction call cost besides its JSON.
    #[serde(serialize_with = "shared_value")]
    pub schema: Arc<serde_json::Value>,
}

fn shared_value<S: serde::Serializer>(
    value: &Arc<serde_json::Value>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    value.as_ref().serialize(serializer)
}

impl Schema {
    /// The schema of `T`, named after its title; made once per type and process
    /// (extraction asks with it once per chunk: generating it each time was 4 % of a
    /// large run's main-thread CPU).
    pub fn of<T: JsonSchema + 'static>() -> Self {
        static MADE: std::sync::Mutex<Option<HashMap<std::any::TypeId, Schema>>> =
            std::sync::Mutex::new(None);
        let id = std::any::TypeId::of::<T>();
        if let Ok(made) = MADE.lock()
            && let Some(schema) = made.as_ref().and_then(|m| m.get(&id))
        {
            return schema.clone();
        }
        let schema = Self::generate::<T>();
        if let Ok(mut made) = MADE.lock() {
            made.get_or_insert_with(HashMap::new)
                .insert(id, schema.clone());
        }
        schema
    }

    fn generate<T: JsonSchema>() -> Self {
        let schema = schemars::schema_for!(T);
        let mut value = schema.to_value();
        // The meta-schema URI is noise to a model and some endpoints reject it.
        if let Some(map) = value.as_object_mut() {
            map.remove("$schema");
        }
        let title = value
            .get("title")
            .and_then(|t| t.as_str())
            .unwrap_or("answer");
        let name: String = title
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
            .take(64)
            .collect();
        Self {
            name: if name.is_empty() {
                "answer".into()
            } else {
                name
            },
            schema: Arc::new(value),
        }
    }
}

/// One call to the model. Build it with [`Request::new`] and the setters, or use the
/// shortcuts on `dyn Llm` ([`chat`](trait.Llm.html#method.chat),
/// [`structured`](trait.Llm.html#method.structured)).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Request {
    pub messages: Vec<Message>,
    /// Sampling temperature; `None` leaves the server's default.
    pub temperature: Option<f32>,
    /// An upper bound on the answer's length in tokens; `None` takes the purpose's
    /// (`--max-tokens`, `[llm] max_tokens`, or the default).
    pub max_tokens: Option<u32>,
    /// What the call is for; `None` is [`Purpose::Extraction`] with a schema and
    /// [`Purpose::Chat`] without.
    pub purpose: Option<Purpose>,
    /// The user reads this answer: it is emitted as [`Event::Token`]s (streamed unless
    /// `--no-stream`) followed by [`Event::TokensDone`].
    pub show: bool,
    /// Look the answer up in the response cache first, and store it there afterwards
    /// (ignored under `--no-cache`).
    pub cache: bool,
    /// Ask for JSON matching this schema (set by `structured`).
    pub schema: Option<Schema>,
}

impl Request {
    pub fn new(messages: Vec<Message>) -> Self {
        Self {
            messages,
            ..Self::default()
        }
    }

    pub fn temperature(mut self, t: f32) -> Self {
        self.temperature = Some(t);
        self
    }

    pub fn max_tokens(mut self, n: u32) -> Self {
        self.max_tokens = Some(n);
        self
    }

    pub fn purpose(mut self, purpose: Purpose) -> Self {
        self.purpose = Some(purpose);
        self
    }

    /// What the call is for (see [`Request::purpose`](#structfield.purpose)).
    pub fn purpose_or_default(&self) -> Purpose {
        self.purpose.unwrap_or(if self.schema.is_some() {
            Purpose::Extraction
        } else {
            Purpose::Chat
        })
    }

    pub fn show(mut self, show: bool) -> Self {
        self.show = show;
        self
    }

    pub fn cache(mut self, cache: bool) -> Self {
        self.cache = cache;
        self
    }
}

/// What one call returned.
#[derive(Debug, Clone, PartialEq)]
pub struct Completion {
    /// The answer's text (for a structured call: the raw JSON text, unvalidated).
    pub text: String,
    /// Tokens and time of this call (zero for a cache hit).
    pub usage: CallUsage,
    /// The answer came from the response cache; no request was made.
    pub cached: bool,
    /// The answer stopped at `max_tokens` (finish_reason `length`): it is cut off.
    pub truncated: bool,
    /// The `max_tokens` the answer was asked to stay within.
    pub max_tokens: Option<u32>,
}

/// A chat model. Object-safe: flows share it as `Arc<dyn Llm>`.
///
/// Nodes normally use the typed helpers on `dyn Llm`: [`chat`](#method.chat),
/// [`ask`](#method.ask) and [`structured`](#method.structured).
pub trait Llm: Send + Sync {
    /// Sends one request (with retries, timeouts, cache and usage metering).
    fn complete<'a>(&'a self, request: Request) -> BoxFuture<'a, Result<Completion, LlmError>>;

    /// Stores a validated answer to `request` in the response cache (when the request
    /// asks for caching and caching is on). Structured calls store only answers that
    /// passed validation.
    fn remember(&self, request: &Request, text: &str);

    /// Usage of every call made through this client so far.
    fn usage(&self) -> &UsageMeter;

    /// The model requests go to.
    fn model(&self) -> &str;

    /// Where the client reports retries, tokens and warnings.
    fn events(&self) -> &Events;

    /// The model's context in tokens, once known: published by the server (`/v1/models`
    /// metadata, llama.cpp's `/props`) or learned from an overflow error. Flows fit
    /// their prompt budgets to it ([`prompt_room`](trait.Llm.html#method.prompt_room)).
    fn context_window(&self) -> Option<u64> {
        None
    }

    /// The user's sampling temperature (`[llm] temperature`), if one is set.
    fn temperature(&self) -> Option<f32> {
        None
    }

    /// The `max_tokens` a call for `purpose` asks for.
    fn max_tokens(&self, purpose: Purpose) -> u32 {
        MaxTokens::default().get(purpose)
    }

    /// Requests allowed in flight now (it adapts under `--concurrency auto`).
    fn concurrency(&self) -> usize {
        1
    }

    /// Fixes (or frees) the number of requests in flight.
    fn set_concurrency(&self, _concurrency: Concurrency) {}
}

impl dyn Llm + '_ {
    /// A conversation turn the user reads: streamed as [`Event::Token`]s, then
    /// [`Event::TokensDone`]; not cached. Returns the whole answer.
    pub async fn chat(&self, messages: Vec<Message>) -> Result<String, LlmError> {
        self.chat_as(Purpose::Chat, messages).await
    }

    /// Like [`chat`](#method.chat) for another purpose: [`Purpose::Final`] for a long
    /// document (the final analysis, a context overview), which may be longer.
    pub async fn chat_as(
        &self,
        purpose: Purpose,
        messages: Vec<Message>,
    ) -> Result<String, LlmError> {
        let request = Request::new(messages).show(true).purpose(purpose);
        Ok(self.complete(request).await?.text)
    }

    /// The temperature of a call whose answer should not vary from run to run (knowledge
    /// extraction, routing): the user's `[llm] temperature` when set, otherwise 0. Left to
    /// itself a local server samples at its own default (0.8 for llama.cpp), and a small
    /// model then often answers an extraction with empty lists.
    pub fn steady_temperature(&self) -> f32 {
        self.temperature().unwrap_or(0.0)
    }

    /// A call whose answer the user does not read (no token events, not cached).
    pub async fn ask(&self, messages: Vec<Message>) -> Result<String, LlmError> {
        Ok(self.complete(Request::new(messages)).await?.text)
    }

    /// Tokens a prompt for `purpose` may take, when the context is known: the context
    /// less the room kept for the answer (its `max_tokens`, at most half the context)
    /// and a margin for archie's estimate.
    pub fn prompt_room(&self, purpose: Purpose) -> Option<usize> {
        let context = self.context_window()?;
        let answer = u64::from(self.max_tokens(purpose)).min(context / 2);
        let margin = 32 + context / 20;
        Some(context.saturating_sub(answer + margin) as usize)
    }

    /// A typed answer: the JSON Schema of `T` is sent with the request, the answer is
    /// repaired, validated and asked for once more if invalid. Cached by default.
    pub async fn structured<T>(&self, messages: Vec<Message>) -> Result<T, LlmError>
    where
        T: DeserializeOwned + JsonSchema + 'static,
    {
        self.structured_with(Request::new(messages).cache(true))
            .await
    }

    /// Like [`structured`](#method.structured) with full control over the request
    /// (temperature, cache). `show` is ignored: JSON is never streamed to the user.
    pub async fn structured_with<T>(&self, mut request: Request) -> Result<T, LlmError>
    where
        T: DeserializeOwned + JsonSchema + 'static,
    {
        request.schema = Some(Schema::of::<T>());
        self.structured_schema(request).await
    }

    /// Like [`structured_with`](#method.structured_with) with the schema given in
    /// `request.schema` instead of derived from `T` (a schema built at run time, such as
    /// one that names only the tools on offer). `T` is what the answer is read as; it
    /// may be looser than the schema (`serde_json::Value`), and the caller then checks
    /// the rest. Panics never; a request without a schema asks for any JSON value.
    ///
    /// An invalid answer is asked for once more with the error. An answer cut off at
    /// `max_tokens` is not sent back (it would only fill the context): the question is
    /// asked again with a request for a shorter answer.
    pub async fn structured_schema<T>(&self, mut request: Request) -> Result<T, LlmError>
    where
        T: DeserializeOwned,
    {
        if request.schema.is_none() {
            request.schema = Some(Schema {
                name: "answer".into(),
                schema: Arc::new(serde_json::json!({})),
            });
        }
        request.show = false;
        let first = self.complete(request.clone()).await?;
        let err = match parse_structured::<T>(&first.text) {
            Ok((value, json)) => {
                if !first.cached {
                    self.remember(&request, &json);
                }
                return Ok(value);
            }
            Err(err) => err,
        };
        let mut again = request.clone();
        again.cache = false;
        if first.truncated {
            let limit = first.max_tokens.unwrap_or_default();
            self.events().emit(Event::Detail {
                message: format!(
                    "the model's JSON was cut off at max_tokens ({limit}); asking once more \
                     for a shorter answer"
                ),
            });
            again.messages.push(Message::user(format!(
                "Answer with only the JSON value, and keep it short: at most about {} \
                 words in all. List only the most important items; leave out descriptions \
                 if needed.",
                limit / 2
            )));
        } else {
            self.events().emit(Event::Detail {
                message: format!(
                    "the model's JSON did not validate ({err}); asking once more with the error"
                ),
            });
            again.messages.push(Message::assistant(first.text));
            again.messages.push(Message::user(format!(
                "That answer is not valid: {err}. Answer again with only the corrected JSON \
                 value, matching the JSON Schema exactly. No prose, no code fences."
            )));
        }
        let second = self.complete(again).await?;
        match parse_structured::<T>(&second.text) {
            Ok((value, json)) => {
                self.remember(&request, &json);
                Ok(value)
            }
            Err(_) if second.truncated => Err(LlmError::Truncated {
                max_tokens: second.max_tokens.unwrap_or_default(),
            }),
            Err(err) => Err(LlmError::InvalidOutput {
                path: err.path,
                message: err.message,
                excerpt: excerpt(&second.text),
            }),
        }
    }

    /// Emits the run's usage so far as one [`Event::Usage`] (the summary line at the end
    /// of LLM commands).
    pub fn emit_usage(&self) {
        self.usage().emit(self.events());
    }
}

/// The first 200 characters of an answer, for error messages.
fn excerpt(text: &str) -> String {
    let text = text.trim();
    let mut out: String = text.chars().take(200).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

/// Builds the client for `config`, reporting to `events`, without a response cache.
pub fn connect(config: LlmConfig, events: Events) -> Result<Arc<dyn Llm>, LlmError> {
    connect_with_cache(config, events, None)
}

/// Like [`connect`], with a response cache (the run store's, or none).
pub fn connect_with_cache(
    config: LlmConfig,
    events: Events,
    cache: Option<Arc<dyn ResponseCache>>,
) -> Result<Arc<dyn Llm>, LlmError> {
    connect_noting(config, events, cache, None)
}

/// Like [`connect_with_cache`], starting from what the endpoint was found to accept on
/// earlier runs and noting what this run finds (in `notes`: the run store).
pub fn connect_noting(
    config: LlmConfig,
    events: Events,
    cache: Option<Arc<dyn ResponseCache>>,
    notes: Option<Arc<dyn EndpointNotes>>,
) -> Result<Arc<dyn Llm>, LlmError> {
    Ok(Arc::new(client::OpenAiCompatible::new(
        config, events, cache, notes,
    )?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize, JsonSchema)]
    struct Shape {
        #[allow(dead_code)]
        name: String,
    }

    fn assert_send<F: std::future::Future + Send>(_: F) {}

    /// Nodes run inside `BoxFuture`s, which must be `Send`.
    #[test]
    fn helper_futures_are_send() {
        let config = LlmConfig::new("http://127.0.0.1:9/v1", "m");
        let events: Events = Arc::new(crate::events::Discard);
        let llm = connect(config, events).unwrap();
        assert_send(llm.chat(vec![Message::user("x")]));
        assert_send(llm.ask(vec![Message::user("x")]));
        assert_send(llm.structured::<Shape>(vec![Message::user("x")]));
    }

    #[test]
    fn schema_is_named_after_the_type_without_meta_schema() {
        let schema = Schema::of::<Shape>();
        assert_eq!(schema.name, "Shape");
        assert!(schema.schema.get("$schema").is_none());
        assert_eq!(schema.schema["properties"]["name"]["type"], "string");
    }
}
