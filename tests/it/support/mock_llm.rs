//! An OpenAI-compatible mock LLM server for tests: real HTTP on 127.0.0.1, real SSE.
//!
//! ```ignore
//! let mock = MockLlm::start().await;            // inside #[tokio::test]
//! mock.push(Reply::text("hi"));                 // scripted replies, in order
//! mock.push(Reply::rate_limited(1));            // 429 with Retry-After: 1
//! let llm = archie::llm::connect(mock.config(), events)?;
//! ...
//! assert_eq!(mock.requests()[0]["messages"][0]["role"], "system");
//! ```
//!
//! Replies come from the queue first, then from the rule set with [`MockLlm::answer_with`]
//! (a closure over the request, for many parallel calls answered by content). With
//! neither, the mock answers 418 with a message saying so (4xx: never retried).
//!
//! Switches make it behave like the servers people run ([`Switches`], set with
//! [`MockLlm::switches`]; [`MockLlm::llama_cpp_python`] sets those of llama-cpp-python's
//! server): a 500 for `json_schema`, chat templates without a system role, a context
//! window with its overflow (an empty 200 when streamed), `[DONE]` without a finish
//! reason, answers capped at `max_tokens`, streams without usage, one slot that keeps
//! working on abandoned requests, and 429 beyond N requests in flight.
//!
//! Runtimes: [`MockLlm::start`] serves on the calling test's tokio runtime, which is
//! enough when the test talks to it in-process. A test that runs the archie binary as a
//! child process and waits on it synchronously blocks its runtime thread, so there use
//! [`MockLlm::start_background`] (the server owns a runtime on its own thread), or a
//! `#[tokio::test(flavor = "multi_thread")]` with the child awaited via
//! `spawn_blocking`. [`MockLlm::env`] gives the variables that point archie at the mock.

#![allow(dead_code)]

// The shared server code lives beside this file; it is declared here (and re-exported as
// `support::http`) because the benches include this file by path, without `support`.
#[path = "http.rs"]
pub mod http;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::post;
use http::{Background, bind, nodelay};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The model name the mock reports and [`MockLlm::config`] uses.
pub const MOCK_MODEL: &str = "mock-model";

/// One scripted reply.
#[derive(Debug, Clone)]
pub enum Reply {
    /// A normal answer (streamed as SSE when the request has `stream: true`).
    Text {
        content: String,
        /// Report usage (`prompt_tokens` = characters of all messages, `completion_tokens`
        /// = words of the answer). Without it archie estimates.
        usage: bool,
        /// The finish_reason (`stop` unless set).
        finish: &'static str,
    },
    /// An answer that never ends: tokens forever (streamed), or a body that never ends.
    Endless,
    /// A normal answer streamed in pieces of `every` characters (a real server's tokens
    /// cut words, keys and tags anywhere), whole when not streamed.
    Split { content: String, every: usize },
    /// An error status with a JSON body and extra headers.
    Error {
        status: u16,
        body: Value,
        headers: Vec<(String, String)>,
    },
    /// Wait, then reply (for timeouts).
    Delay { delay: Duration, then: Box<Reply> },
    /// Wait until `until` is set (another request came, say), then reply; past `bound`,
    /// a 504 instead (so a client that never sets it fails, rather than hangs).
    Held {
        until: Arc<std::sync::atomic::AtomicBool>,
        bound: Duration,
        then: Box<Reply>,
    },
    /// Send the start of `content` (streamed: a few chunks; whole: part of the body), then
    /// drop the connection.
    Disconnect { partial: String },
    /// A weak model that loops: `before`, then `passage` again and again; streamed, until
    /// the client hangs up; whole, [`LOOP_COPIES`] copies cut off at max_tokens.
    Looping { before: String, passage: String },
}

/// Copies of the passage in a whole (not streamed) [`Reply::Looping`] answer.
pub const LOOP_COPIES: usize = 50;

impl Reply {
    pub fn text(content: impl Into<String>) -> Self {
        Self::Text {
            content: content.into(),
            usage: true,
            finish: "stop",
        }
    }

    /// An answer cut off at max_tokens (finish_reason `length`).
    pub fn cut_off(content: impl Into<String>) -> Self {
        Self::Text {
            content: content.into(),
            usage: true,
            finish: "length",
        }
    }

    /// An answer that never ends.
    pub fn endless() -> Self {
        Self::Endless
    }

    /// A server that accepts the request and never answers.
    pub fn silent() -> Self {
        Self::text("never").delayed(Duration::from_secs(3600))
    }

    /// A JSON answer (for structured calls): the value's text as the content.
    pub fn json(value: Value) -> Self {
        Self::text(value.to_string())
    }

    /// A normal answer streamed in pieces of `every` characters.
    pub fn split(content: impl Into<String>, every: usize) -> Self {
        Self::Split {
            content: content.into(),
            every: every.max(1),
        }
    }

    /// Leaves usage out of the answer.
    pub fn without_usage(self) -> Self {
        match self {
            Self::Text {
                content, finish, ..
            } => Self::Text {
                content,
                usage: false,
                finish,
            },
            other => other,
        }
    }

    /// Any error status with an OpenAI-shaped error body.
    pub fn error(status: u16, message: &str, code: Option<&str>) -> Self {
        Self::Error {
            status,
            body: json!({"error": {"message": message, "type": code.unwrap_or("error"), "code": code}}),
            headers: Vec::new(),
        }
    }

    /// 429 with `Retry-After: secs`.
    pub fn rate_limited(retry_after_secs: u64) -> Self {
        Self::Error {
            status: 429,
            body: json!({"error": {"message": "Rate limit reached", "type": "requests", "code": "rate_limit_exceeded"}}),
            headers: vec![("retry-after".into(), retry_after_secs.to_string())],
        }
    }

    /// 429 `insufficient_quota` (must not be retried).
    pub fn insufficient_quota() -> Self {
        Self::error(
            429,
            "You exceeded your current quota, please check your plan and billing details.",
            Some("insufficient_quota"),
        )
    }

    /// 500.
    pub fn server_error() -> Self {
        Self::error(
            500,
            "The server had an error processing your request.",
            None,
        )
    }

    /// 400 with a message.
    pub fn bad_request(message: &str) -> Self {
        Self::error(400, message, Some("invalid_request_error"))
    }

    /// 400 rejecting `response_format` (what servers without JSON Schema support say).
    pub fn rejects_response_format() -> Self {
        Self::bad_request(
            "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
        )
    }

    /// llama-cpp-python 0.3's answer to `response_format: {type: json_schema}`: a 500
    /// with pydantic's message and the server's traceback.
    pub fn llama_cpp_python_rejects_json_schema() -> Self {
        Self::Error {
            status: 500,
            body: json!({"error": {
                "message": "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema', 'ctx': {'expected': \"'text' or 'json_object'\"}}\n\n  File \"/venv/lib/python3.11/site-packages/llama_cpp/server/app.py\", line 376, in create_chat_completion\n    POST /v1/chat/completions",
                "type": "internal_server_error", "param": null, "code": null}}),
            headers: Vec::new(),
        }
    }

    /// What llama-cpp-python (and vLLM) say when the prompt and max_tokens do not fit.
    pub fn context_overflow(context: usize, messages: usize, completion: usize) -> Self {
        Self::Error {
            status: 400,
            body: json!({"error": {
                "message": format!("This model's maximum context length is {context} tokens. However, you requested {} tokens ({messages} in the messages, {completion} in the completion). Please reduce the length of the messages or completion.", messages + completion),
                "type": "invalid_request_error", "param": "messages", "code": "context_length_exceeded"}}),
            headers: Vec::new(),
        }
    }

    /// 429 with `Retry-After`, as a rate limiter answers when too many are in flight.
    pub fn too_many(retry_after_ms: Option<u64>) -> Self {
        Self::Error {
            status: 429,
            body: json!({"error": {"message": "Too many requests in flight", "type": "requests", "code": "rate_limit_exceeded"}}),
            headers: retry_after_ms
                .map(|ms| vec![("retry-after-ms".to_string(), ms.to_string())])
                .unwrap_or_default(),
        }
    }

    /// This reply after `delay`.
    pub fn delayed(self, delay: Duration) -> Self {
        Self::Delay {
            delay,
            then: Box::new(self),
        }
    }

    /// This reply once `until` is set, or a 504 after `bound` (see [`Reply::Held`]).
    pub fn held_until(self, until: Arc<std::sync::atomic::AtomicBool>, bound: Duration) -> Self {
        Self::Held {
            until,
            bound,
            then: Box::new(self),
        }
    }

    /// The start of an answer, then a dropped connection.
    pub fn disconnect(partial: impl Into<String>) -> Self {
        Self::Disconnect {
            partial: partial.into(),
        }
    }

    /// `before`, then `passage` forever (see [`Reply::Looping`]).
    pub fn looping(before: impl Into<String>, passage: impl Into<String>) -> Self {
        Self::Looping {
            before: before.into(),
            passage: passage.into(),
        }
    }
}

/// What the mock received: the body, a few headers, and when it arrived by the server's
/// clock (so a test of waiting reads the server's log, not archie's own timings).
#[derive(Debug, Clone)]
pub struct MockRequest {
    pub body: Value,
    pub authorization: Option<String>,
    pub at: std::time::Instant,
}

impl MockRequest {
    pub fn messages(&self) -> &[Value] {
        self.body["messages"].as_array().map_or(&[], Vec::as_slice)
    }

    /// The content of the last message with this role.
    pub fn last(&self, role: &str) -> Option<String> {
        self.messages()
            .iter()
            .rev()
            .find(|m| m["role"] == role)
            .and_then(|m| m["content"].as_str())
            .map(str::to_string)
    }

    /// Every message's content, joined by newlines.
    pub fn text(&self) -> String {
        self.messages()
            .iter()
            .filter_map(|m| m["content"].as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }

    pub fn is_stream(&self) -> bool {
        self.body["stream"] == true
    }

    pub fn has_response_format(&self) -> bool {
        !self.body["response_format"].is_null()
    }
}

type Rule = Arc<dyn Fn(&MockRequest) -> Reply + Send + Sync>;

/// How the mock behaves beyond its scripted replies: the ways real servers differ.
#[derive(Debug, Clone, Default)]
pub struct Switches {
    /// Answer `response_format: {type: json_schema}` with llama-cpp-python's 500.
    pub reject_json_schema_500: bool,
    /// Answer `response_format: {type: json_object}` with a 400 naming response_format
    /// (a server with no JSON mode at all).
    pub reject_json_object: bool,
    /// The chat template has no system role: system messages never reach the "model"
    /// (the rule does not see them and usage does not count them).
    pub no_system_role: bool,
    /// The model's context in tokens: the messages counted as a real tokenizer and chat
    /// template count them ([`prompt_tokens`]: more tokens per byte than archie's bytes /
    /// 4 estimate, and a per-message overhead), plus max_tokens or 512 when absent. A
    /// request over it overflows: 400 `context_length_exceeded`, or, with
    /// `overflow_empty_stream`, an empty 200 when streamed.
    pub context_window: Option<usize>,
    pub overflow_empty_stream: bool,
    /// `GET /v1/models` publishes `context_window` as `max_model_len` (as vLLM does).
    pub publish_context: bool,
    /// Streams end with `[DONE]` and no finish_reason (llama.cpp cutting a stream short).
    pub done_without_finish: bool,
    /// Answers stop at `max_tokens` words, with finish_reason `length`.
    pub honour_max_tokens: bool,
    /// Streams carry no usage, even when asked.
    pub no_stream_usage: bool,
    /// One slot: requests are answered one at a time, and a request whose client hung up
    /// keeps the slot until its answer would have been done.
    pub single_slot: bool,
    /// 429 (with this `retry-after-ms`, if any) for a request that arrives while this
    /// many are in flight already.
    pub limit_in_flight: Option<usize>,
    pub limit_retry_after_ms: Option<u64>,
    /// With `limit_in_flight`: the 429 says `Retry-After: secs` (instead of `retry-after-ms`).
    pub limit_retry_after_secs: Option<u64>,
    /// `owned_by` of the model in `GET /v1/models` ("mock" when unset): "vllm" as vLLM
    /// says, "me" as llama-cpp-python says.
    pub owned_by: Option<&'static str>,
    /// `GET /props` answers as llama.cpp's server does, with this many `total_slots`
    /// (404 when unset).
    pub total_slots: Option<usize>,
}

struct Shared {
    queue: Mutex<VecDeque<Reply>>,
    rule: Mutex<Option<Rule>>,
    requests: Mutex<Vec<MockRequest>>,
    /// For each answer, when its work (the latency) began and when it ended.
    worked: Mutex<Vec<(std::time::Instant, std::time::Instant)>>,
    latency: Mutex<Duration>,
    switches: Mutex<Switches>,
    slot: Arc<tokio::sync::Semaphore>,
    slot_waits: AtomicUsize,
    in_flight: AtomicUsize,
    peak: AtomicUsize,
    /// Requests in flight when the first answer since [`MockLlm::new_round`] was ready.
    first_round: Mutex<Option<usize>>,
    refused: AtomicUsize,
    overflowed: AtomicUsize,
    models_asked: AtomicUsize,
}

impl Shared {
    fn new() -> Self {
        Self {
            queue: Mutex::default(),
            rule: Mutex::default(),
            requests: Mutex::default(),
            worked: Mutex::default(),
            latency: Mutex::default(),
            switches: Mutex::default(),
            slot: Arc::new(tokio::sync::Semaphore::new(1)),
            slot_waits: AtomicUsize::new(0),
            in_flight: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
            first_round: Mutex::new(None),
            refused: AtomicUsize::new(0),
            overflowed: AtomicUsize::new(0),
            models_asked: AtomicUsize::new(0),
        }
    }
}

/// The running mock. Dropping it stops the server.
pub struct MockLlm {
    addr: SocketAddr,
    shared: Arc<Shared>,
    task: Option<tokio::task::JoinHandle<()>>,
    background: Option<Background>,
}

impl MockLlm {
    /// Serves on the current tokio runtime (call from a `#[tokio::test]`).
    pub async fn start() -> Self {
        let shared = Arc::new(Shared::new());
        let listener = bind().await;
        let addr = listener.local_addr().expect("local address");
        let app = router(shared.clone());
        let task = tokio::spawn(async move {
            let _ = axum::serve(nodelay(listener), app).await;
        });
        Self {
            addr,
            shared,
            task: Some(task),
            background: None,
        }
    }

    /// Serves on a runtime of its own thread: usable from synchronous tests and from
    /// tests that block while the archie binary runs as a child process.
    pub fn start_background() -> Self {
        let shared = Arc::new(Shared::new());
        let background = Background::start(router(shared.clone()));
        Self {
            addr: background.addr,
            shared,
            task: None,
            background: Some(background),
        }
    }

    /// The base URL (`http://127.0.0.1:PORT/v1`).
    pub fn url(&self) -> String {
        format!("http://{}/v1", self.addr)
    }

    /// A client configuration for the mock as a remote endpoint: fast backoff (5 ms
    /// base), 10 s first-token and idle timeouts, 30 s per call, model [`MOCK_MODEL`].
    /// (127.0.0.1 is local; tests of local behaviour set `local` back.)
    pub fn config(&self) -> archie::llm::LlmConfig {
        let mut config = archie::llm::LlmConfig::new(self.url(), MOCK_MODEL);
        config.set_local(false);
        config.retry.base = Duration::from_millis(5);
        config.retry.max_delay = Duration::from_secs(5);
        config.retry.deadline = Some(Duration::from_secs(30));
        config.first_token_timeout = Duration::from_secs(10);
        config.idle_timeout = Duration::from_secs(10);
        config
    }

    /// Sets how the mock behaves ([`Switches`]).
    pub fn switches(&self, set: impl FnOnce(&mut Switches)) -> &Self {
        set(&mut self.shared.switches.lock().unwrap());
        self
    }

    /// Behaves like llama-cpp-python 0.3's server with `--n_ctx context`: a 500 for
    /// json_schema, an empty 200 for a streamed overflow, no usage in streams, one slot.
    pub fn llama_cpp_python(&self, context: usize) -> &Self {
        self.switches(|s| {
            s.reject_json_schema_500 = true;
            s.context_window = Some(context);
            s.overflow_empty_stream = true;
            s.no_stream_usage = true;
            s.single_slot = true;
            s.owned_by = Some("me");
        })
    }

    /// Requests answered 429 because too many were in flight.
    pub fn refused(&self) -> usize {
        self.shared.refused.load(Ordering::SeqCst)
    }

    /// Requests that overflowed the context window.
    pub fn overflowed(&self) -> usize {
        self.shared.overflowed.load(Ordering::SeqCst)
    }

    /// `GET /v1/models` requests.
    pub fn models_asked(&self) -> usize {
        self.shared.models_asked.load(Ordering::SeqCst)
    }

    /// Requests in flight now.
    pub fn in_flight(&self) -> usize {
        self.shared.in_flight.load(Ordering::SeqCst)
    }

    /// Environment variables that point the archie binary at the mock (with fast
    /// backoff through the test knob `ARCHIE_LLM_BACKOFF_MS`).
    pub fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("OPENAI_BASE_URL", self.url()),
            ("ARCHIE_MODEL", MOCK_MODEL.to_string()),
            ("ARCHIE_TEST_KNOBS", "1".to_string()),
            ("ARCHIE_LLM_BACKOFF_MS", "5".to_string()),
        ]
    }

    /// Queues a reply.
    pub fn push(&self, reply: Reply) -> &Self {
        self.shared.queue.lock().unwrap().push_back(reply);
        self
    }

    /// Answers requests the queue does not cover with `rule(request)`.
    pub fn answer_with(&self, rule: impl Fn(&MockRequest) -> Reply + Send + Sync + 'static) {
        *self.shared.rule.lock().unwrap() = Some(Arc::new(rule));
    }

    /// Waits this long before answering every request.
    pub fn set_latency(&self, latency: Duration) {
        *self.shared.latency.lock().unwrap() = latency;
    }

    /// The body of every request so far, in arrival order (requests refused for too many
    /// in flight are not among them: see [`MockLlm::refused`]).
    pub fn requests(&self) -> Vec<Value> {
        self.received().into_iter().map(|r| r.body).collect()
    }

    /// Every request so far, with headers.
    pub fn received(&self) -> Vec<MockRequest> {
        self.shared.requests.lock().unwrap().clone()
    }

    /// For each answer, when the mock began its work (after reading the request and
    /// making the reply) and when the work ended (the reply then goes out).
    pub fn worked(&self) -> Vec<(std::time::Instant, std::time::Instant)> {
        self.shared.worked.lock().unwrap().clone()
    }

    /// How many replies are still queued.
    pub fn pending(&self) -> usize {
        self.shared.queue.lock().unwrap().len()
    }

    /// Drops the replies still queued and says how many there were: for a test that
    /// queues a reply to prove it is never asked for (otherwise an unused reply fails
    /// the test when the mock is dropped).
    pub fn take_unused(&self) -> usize {
        let mut queue = self.shared.queue.lock().unwrap();
        let n = queue.len();
        queue.clear();
        n
    }

    /// How many requests found the one slot (`single_slot`) taken and waited for it.
    pub fn slot_waits(&self) -> usize {
        self.shared.slot_waits.load(Ordering::SeqCst)
    }

    /// The most requests that were in flight at once.
    /// Requests in flight when the first answer (since the start or the last
    /// [`MockLlm::new_round`]) was ready: how many the client sent in its first round.
    pub fn first_round(&self) -> Option<usize> {
        *self.shared.first_round.lock().unwrap()
    }

    /// Starts counting [`MockLlm::first_round`] again (before a later run).
    pub fn new_round(&self) {
        *self.shared.first_round.lock().unwrap() = None;
    }

    pub fn max_concurrency(&self) -> usize {
        self.shared.peak.load(Ordering::SeqCst)
    }
}

impl Drop for MockLlm {
    fn drop(&mut self) {
        // A scripted reply nobody asked for means the test did not test what it meant to.
        let unused = self.pending();
        if unused > 0 && !std::thread::panicking() {
            panic!("the mock LLM still holds {unused} scripted replies that no request used");
        }
        if let Some(task) = self.task.take() {
            task.abort();
        }
        // Stops the server and waits for its thread.
        self.background.take();
    }
}

fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/v1/chat/completions", post(handle))
        .route("/chat/completions", post(handle))
        .route("/v1/models", axum::routing::get(models))
        .route("/props", axum::routing::get(props))
        .with_state(shared)
}

/// llama.cpp's `/props` when `total_slots` is set, else 404.
async fn props(State(shared): State<Arc<Shared>>) -> Response {
    let switches = shared.switches.lock().unwrap().clone();
    let Some(slots) = switches.total_slots else {
        return Response::builder()
            .status(StatusCode::NOT_FOUND)
            .body(Body::empty())
            .unwrap();
    };
    let body = json!({
        "total_slots": slots,
        "default_generation_settings": {"n_ctx": switches.context_window.unwrap_or(4096)},
    });
    Response::builder()
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap()
}

async fn models(State(shared): State<Arc<Shared>>) -> Response {
    shared.models_asked.fetch_add(1, Ordering::SeqCst);
    let switches = shared.switches.lock().unwrap().clone();
    let owner = switches.owned_by.unwrap_or("mock");
    let mut model = json!({"id": MOCK_MODEL, "object": "model", "owned_by": owner});
    if let (true, Some(context)) = (switches.publish_context, switches.context_window) {
        model["max_model_len"] = json!(context);
    }
    Response::builder()
        .header("content-type", "application/json")
        .body(Body::from(
            json!({"object": "list", "data": [model]}).to_string(),
        ))
        .unwrap()
}

/// Counts a request in flight until dropped (also when the client hangs up).
struct InFlight(Arc<Shared>);

impl InFlight {
    fn new(shared: Arc<Shared>) -> Self {
        let now = shared.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        shared.peak.fetch_max(now, Ordering::SeqCst);
        Self(shared)
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

async fn handle(State(shared): State<Arc<Shared>>, headers: HeaderMap, body: Bytes) -> Response {
    let switches = shared.switches.lock().unwrap().clone();
    let guard = InFlight::new(shared.clone());
    if let Some(limit) = switches.limit_in_flight
        && shared.in_flight.load(Ordering::SeqCst) > limit
    {
        shared.refused.fetch_add(1, Ordering::SeqCst);
        let mut reply = Reply::too_many(switches.limit_retry_after_ms);
        if let (Some(secs), Reply::Error { headers, .. }) =
            (switches.limit_retry_after_secs, &mut reply)
        {
            headers.push(("retry-after".to_string(), secs.to_string()));
        }
        return respond(reply, &MockRequest::empty(), guard).await;
    }
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let request = MockRequest {
        body,
        at: std::time::Instant::now(),
        authorization: headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string),
    };
    shared.requests.lock().unwrap().push(request.clone());
    // What the model sees: without system messages when the template has no system role.
    let mut seen = request.clone();
    if switches.no_system_role
        && let Some(messages) = seen.body["messages"].as_array_mut()
    {
        messages.retain(|m| m["role"] != "system");
    }
    let format = seen.body["response_format"]["type"]
        .as_str()
        .map(str::to_string);
    if switches.reject_json_schema_500 && format.as_deref() == Some("json_schema") {
        return respond(Reply::llama_cpp_python_rejects_json_schema(), &seen, guard).await;
    }
    if switches.reject_json_object && format.as_deref() == Some("json_object") {
        return respond(
            Reply::bad_request("'response_format' of type 'json_object' is not supported"),
            &seen,
            guard,
        )
        .await;
    }
    if let Some(context) = switches.context_window {
        let messages = prompt_tokens(&seen);
        let completion = seen.body["max_tokens"].as_u64().unwrap_or(512) as usize;
        if messages + completion > context {
            shared.overflowed.fetch_add(1, Ordering::SeqCst);
            if seen.is_stream() && switches.overflow_empty_stream {
                return stream_response(Vec::new(), guard);
            }
            return respond(
                Reply::context_overflow(context, messages, completion),
                &seen,
                guard,
            )
            .await;
        }
    }
    // One slot: wait for it; the work (latency and any delay) holds it to the end even
    // when the client hangs up, as a server that cannot cancel does.
    let slot = if switches.single_slot {
        let permit = match shared.slot.clone().try_acquire_owned() {
            Ok(permit) => Ok(permit),
            Err(_) => {
                shared.slot_waits.fetch_add(1, Ordering::SeqCst);
                shared.slot.clone().acquire_owned().await
            }
        };
        match permit {
            Ok(permit) => Some(permit),
            Err(_) => return Response::builder().status(503).body(Body::empty()).unwrap(),
        }
    } else {
        None
    };
    let latency = *shared.latency.lock().unwrap();
    let queued = shared.queue.lock().unwrap().pop_front();
    let rule = shared.rule.lock().unwrap().clone();
    let mut reply = match (queued, rule) {
        (Some(reply), _) => reply,
        (None, Some(rule)) => rule(&seen),
        (None, None) => Reply::error(
            418,
            "MockLlm: no reply queued and no rule set for this request",
            Some("mock_empty"),
        ),
    };
    let began = std::time::Instant::now();
    let mut work = latency;
    while let Reply::Delay { delay, then } = reply {
        work += delay;
        reply = *then;
    }
    if let Some(permit) = slot {
        let (done_tx, done_rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(async move {
            tokio::time::sleep(work).await;
            drop(permit);
            let _ = done_tx.send(());
        });
        let _ = done_rx.await;
    } else if !work.is_zero() {
        tokio::time::sleep(work).await;
    }
    {
        let mut first = shared.first_round.lock().unwrap();
        if first.is_none() {
            *first = Some(shared.in_flight.load(Ordering::SeqCst));
        }
    }
    shared
        .worked
        .lock()
        .unwrap()
        .push((began, std::time::Instant::now()));
    let reply = shape(reply, &seen, &switches);
    respond_with(reply, &seen, guard, &switches).await
}

impl MockRequest {
    fn empty() -> Self {
        Self {
            body: Value::Null,
            authorization: None,
            at: std::time::Instant::now(),
        }
    }
}

/// A text reply as the switches shape it: cut at `max_tokens` words.
fn shape(reply: Reply, request: &MockRequest, switches: &Switches) -> Reply {
    match reply {
        Reply::Text {
            content,
            usage,
            finish,
        } if switches.honour_max_tokens => {
            let max = request.body["max_tokens"].as_u64().unwrap_or(u64::MAX) as usize;
            let words = pieces(&content);
            if words.len() > max {
                Reply::Text {
                    content: words[..max].concat(),
                    usage,
                    finish: "length",
                }
            } else {
                Reply::Text {
                    content,
                    usage,
                    finish,
                }
            }
        }
        other => other,
    }
}

async fn respond(reply: Reply, request: &MockRequest, guard: InFlight) -> Response {
    respond_with(reply, request, guard, &Switches::default()).await
}

async fn respond_with(
    mut reply: Reply,
    request: &MockRequest,
    guard: InFlight,
    switches: &Switches,
) -> Response {
    loop {
        match reply {
            Reply::Delay { delay, then } => {
                tokio::time::sleep(delay).await;
                reply = *then;
            }
            Reply::Held { until, bound, then } => {
                let deadline = tokio::time::Instant::now() + bound;
                while !until.load(Ordering::SeqCst) && tokio::time::Instant::now() < deadline {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
                reply = if until.load(Ordering::SeqCst) {
                    *then
                } else {
                    Reply::error(504, "MockLlm: held past its bound", Some("mock_held"))
                };
            }
            other => {
                reply = other;
                break;
            }
        }
    }
    let model = request.body["model"]
        .as_str()
        .unwrap_or(MOCK_MODEL)
        .to_string();
    match reply {
        Reply::Delay { .. } | Reply::Held { .. } => unreachable!("waits are unwrapped above"),
        Reply::Error {
            status,
            body,
            headers,
        } => {
            let mut response = Response::builder()
                .status(StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR))
                .header("content-type", "application/json");
            for (name, value) in headers {
                response = response.header(name, value);
            }
            response.body(Body::from(body.to_string())).unwrap()
        }
        Reply::Text {
            content,
            usage,
            finish,
        } => {
            let usage = usage.then(|| usage_of(request, &content));
            if request.is_stream() {
                let include_usage = request.body["stream_options"]["include_usage"] == true
                    && !switches.no_stream_usage;
                let mut events: Vec<Result<Bytes, std::io::Error>> = pieces(&content)
                    .into_iter()
                    .map(|piece| Ok(sse(&chunk(&model, Some(&piece), None))))
                    .collect();
                if !switches.done_without_finish {
                    events.push(Ok(sse(&chunk(&model, None, Some(finish)))));
                }
                if let (Some(usage), true) = (usage, include_usage) {
                    events.push(Ok(sse(&json!({
                        "id": "chatcmpl-mock", "object": "chat.completion.chunk", "created": 0,
                        "model": model, "choices": [], "usage": usage,
                    }))));
                }
                events.push(Ok(Bytes::from_static(b"data: [DONE]\n\n")));
                stream_response(events, guard)
            } else {
                let mut body = json!({
                    "id": "chatcmpl-mock", "object": "chat.completion", "created": 0, "model": model,
                    "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish}],
                });
                if let Some(usage) = usage {
                    body["usage"] = usage;
                }
                Response::builder()
                    .header("content-type", "application/json")
                    .body(Body::from(body.to_string()))
                    .unwrap()
            }
        }
        Reply::Endless => {
            let streamed = request.is_stream();
            let model = model.clone();
            let mut first = true;
            let body = futures_util::stream::repeat_with(move || {
                let piece = if streamed {
                    sse(&chunk(&model, Some("and again "), None))
                } else if std::mem::take(&mut first) {
                    Bytes::from_static(b"{\"choices\":[{\"message\":{\"content\":\"")
                } else {
                    Bytes::from_static(b"and again and again and again ")
                };
                Ok::<_, std::io::Error>(piece)
            });
            let guard = Arc::new(guard);
            let body = body.then(move |item| {
                let _guard = guard.clone();
                async move {
                    tokio::time::sleep(Duration::from_micros(200)).await;
                    item
                }
            });
            Response::builder()
                .header(
                    "content-type",
                    if streamed {
                        "text/event-stream"
                    } else {
                        "application/json"
                    },
                )
                .body(Body::from_stream(body))
                .unwrap()
        }
        Reply::Disconnect { partial } => {
            let mut events: Vec<Result<Bytes, std::io::Error>> = if request.is_stream() {
                pieces(&partial)
                    .into_iter()
                    .map(|piece| Ok(sse(&chunk(&model, Some(&piece), None))))
                    .collect()
            } else {
                vec![Ok(Bytes::from(format!(
                    "{{\"id\":\"chatcmpl-mock\",\"choices\":[{{\"message\":{{\"content\":\"{partial}"
                )))]
            };
            events.push(Err(std::io::Error::other("mock: connection dropped")));
            let content_type = if request.is_stream() {
                "text/event-stream"
            } else {
                "application/json"
            };
            let mut response = stream_response(events, guard);
            response
                .headers_mut()
                .insert("content-type", content_type.parse().unwrap());
            response
        }
        Reply::Split { content, every } if request.is_stream() => {
            let chars: Vec<char> = content.chars().collect();
            let mut events: Vec<Result<Bytes, std::io::Error>> = chars
                .chunks(every)
                .map(|piece| Ok(sse(&chunk(&model, Some(&String::from_iter(piece)), None))))
                .collect();
            events.push(Ok(sse(&chunk(&model, None, Some("stop")))));
            events.push(Ok(Bytes::from_static(b"data: [DONE]\n\n")));
            stream_response(events, guard)
        }
        Reply::Split { content, .. } => {
            Box::pin(respond(Reply::text(content), request, guard)).await
        }
        Reply::Looping { before, passage } if request.is_stream() => {
            let first = pieces(&before);
            let again = pieces(&passage);
            let words = first.into_iter().chain(std::iter::repeat(again).flatten());
            let guard = Arc::new(guard);
            let body = futures_util::stream::iter(words).then(move |word| {
                let _guard = guard.clone();
                let piece = sse(&chunk(&model, Some(&word), None));
                async move {
                    tokio::time::sleep(Duration::from_micros(200)).await;
                    Ok::<_, std::io::Error>(piece)
                }
            });
            Response::builder()
                .header("content-type", "text/event-stream")
                .body(Body::from_stream(body))
                .unwrap()
        }
        Reply::Looping { before, passage } => {
            let content = format!("{before}{}", passage.repeat(LOOP_COPIES));
            let reply = Reply::Text {
                content,
                usage: true,
                finish: "length",
            };
            Box::pin(respond(reply, request, guard)).await
        }
    }
}

fn stream_response(events: Vec<Result<Bytes, std::io::Error>>, guard: InFlight) -> Response {
    // The guard lives as long as the body stream, so streamed answers count as in flight.
    // An error is delayed a little so the chunks before it reach the client first.
    let guard = Arc::new(guard);
    let stream = futures_util::stream::iter(events).then(move |item| {
        let _guard = guard.clone();
        async move {
            if item.is_err() {
                tokio::time::sleep(Duration::from_millis(30)).await;
            }
            item
        }
    });
    Response::builder()
        .header("content-type", "text/event-stream")
        .header("cache-control", "no-cache")
        .body(Body::from_stream(stream))
        .unwrap()
}

use futures_util::StreamExt;

fn sse(value: &Value) -> Bytes {
    Bytes::from(format!("data: {value}\n\n"))
}

fn chunk(model: &str, content: Option<&str>, finish: Option<&str>) -> Value {
    let delta = match content {
        Some(text) => json!({"role": "assistant", "content": text}),
        None => json!({}),
    };
    json!({
        "id": "chatcmpl-mock", "object": "chat.completion.chunk", "created": 0, "model": model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    })
}

/// Splits text into word-sized pieces (each word with its following whitespace).
fn pieces(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for c in text.chars() {
        if !c.is_whitespace() && current.ends_with(char::is_whitespace) {
            out.push(std::mem::take(&mut current));
        }
        current.push(c);
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

fn usage_of(request: &MockRequest, content: &str) -> Value {
    let prompt = request.text().chars().count() as u64;
    let completion = content.split_whitespace().count() as u64;
    json!({"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion})
}

/// Tokens a real tokenizer (a BPE such as Llama's or OpenAI's) spends on `text`, counted
/// the way such tokenizers split English prose, Markdown and JSON, and harsher than
/// archie's estimate (bytes / 4): a run of letters is a token per 4 letters (as a 32k
/// vocabulary such as Llama 2's splits "Checkout" or "Payments" in two), digits go three
/// to a token,
/// punctuation two characters to a token, each line break is a token (spaces ride on
/// the next word), and each character outside ASCII is a token of its own.
pub fn tokenizer_count(text: &str) -> usize {
    #[derive(PartialEq, Clone, Copy)]
    enum Run {
        None,
        Letters,
        Digits,
        Punct,
    }
    let per_token = |run: Run| match run {
        Run::Letters => 4,
        Run::Digits => 3,
        Run::Punct => 2,
        Run::None => 1,
    };
    let mut tokens = 0;
    let (mut run, mut len) = (Run::None, 0usize);
    let flush = |run: Run, len: usize, tokens: &mut usize| {
        if run != Run::None && len > 0 {
            *tokens += len.div_ceil(per_token(run));
        }
    };
    for c in text.chars() {
        let kind = if c.is_ascii_alphabetic() {
            Run::Letters
        } else if c.is_ascii_digit() {
            Run::Digits
        } else if c.is_ascii_punctuation() {
            Run::Punct
        } else {
            Run::None
        };
        if kind != run {
            flush(run, len, &mut tokens);
            run = kind;
            len = 0;
        }
        match kind {
            Run::None => {
                if c == '\n' || !c.is_ascii() {
                    tokens += 1;
                }
            }
            _ => len += 1,
        }
    }
    flush(run, len, &mut tokens);
    tokens
}

/// The prompt's tokens as a chat template spends them: each message's content
/// ([`tokenizer_count`]) plus 4 for its role markers, plus 3 that prime the answer.
pub fn prompt_tokens(request: &MockRequest) -> usize {
    let messages = request.messages();
    let content: usize = messages
        .iter()
        .filter_map(|m| m["content"].as_str())
        .map(tokenizer_count)
        .sum();
    content + 4 * messages.len() + 3
}
