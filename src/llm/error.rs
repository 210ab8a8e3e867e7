//! What can go wrong talking to a model. Each message says what happened in one line and
//! none carries the API key or a password (server text is scrubbed before it gets here);
//! what to do about it is the edge's to say (`cli::error`).

use std::fmt;
use std::time::Duration;

/// Which timeout fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeoutPhase {
    /// No connection within the connect timeout.
    Connect,
    /// Connected, but no first token within the first-token timeout.
    FirstToken,
    /// A streamed answer stopped arriving: nothing for the idle timeout.
    Idle,
    /// The call's total deadline passed (`--timeout`), retries and waits included.
    Deadline,
}

impl fmt::Display for TimeoutPhase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Connect => "connect",
            Self::FirstToken => "send a first token",
            Self::Idle => "send any more of its answer",
            Self::Deadline => "finish answering",
        })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LlmError {
    /// Neither an API key nor a base URL (exit 2).
    #[error("no LLM is configured")]
    NotConfigured,

    /// `archie.toml` or the user config cannot be read (exit 2).
    #[error(transparent)]
    ConfigFile(#[from] crate::config::ConfigError),

    /// The base URL is not an http(s) URL (exit 2).
    #[error("the LLM base URL `{url}` is not an http(s) URL")]
    BadBaseUrl { url: String },

    /// A duration setting that is not a positive number of seconds (exit 2).
    #[error("{setting} must be a positive number of seconds, not {value}")]
    BadSeconds { setting: &'static str, value: f64 },

    /// Another setting with a value it cannot take (exit 2).
    #[error("{setting} must be {expected}, not {value}")]
    BadSetting {
        setting: &'static str,
        value: String,
        expected: &'static str,
    },

    /// The HTTP client could not be built (a broken TLS setup).
    #[error("cannot set up the HTTP client: {0}")]
    HttpClient(String),

    /// The server answered with an error status.
    #[error("{}", http_message(*status, message, code.as_deref()))]
    Http {
        status: u16,
        /// The server's `error.code` (or `error.type`), if any.
        code: Option<String>,
        /// The server's `error.message` (or body) on one line, a traceback cut off,
        /// scrubbed of secrets.
        message: String,
        model: String,
        /// What the server asked us to wait before retrying.
        retry_after: Option<Duration>,
    },

    /// The prompt and the answer's room (`max_tokens`) do not fit the model's context:
    /// not retried, since the same request overflows again.
    #[error("{}", overflow_message(*prompt_tokens, *context, *max_tokens))]
    ContextOverflow {
        /// The prompt's size in tokens: the server's count when it said, else archie's
        /// estimate.
        prompt_tokens: Option<u64>,
        /// The model's context in tokens, when known.
        context: Option<u64>,
        /// The room asked for the answer.
        max_tokens: Option<u32>,
        /// What the server said, on one line.
        message: String,
    },

    /// 429 `insufficient_quota`: retrying will not help.
    #[error("the LLM account has no quota left ({message})")]
    InsufficientQuota { message: String },

    /// The endpoint pushed back (429/503) and asked to wait longer than archie will.
    #[error(
        "the LLM endpoint refused the request (HTTP {status}) and asked to wait {} s, \
         longer than {} s{}",
        asked.as_secs(),
        limit.as_secs(),
        if *deadline { " left before the call's deadline" } else { "" }
    )]
    WaitTooLong {
        status: u16,
        asked: Duration,
        limit: Duration,
        /// The limit is the time left before the call's deadline (else the longest single
        /// wait).
        deadline: bool,
    },

    /// The server could not be reached.
    #[error("could not reach the LLM at {url}: {reason}")]
    Connect { url: String, reason: String },

    /// A timeout fired.
    #[error("the LLM did not {phase} within {:.1} s", after.as_secs_f64())]
    Timeout {
        phase: TimeoutPhase,
        after: Duration,
    },

    /// The answer stopped arriving before it was complete.
    #[error("the answer broke off mid-stream ({reason})")]
    StreamBroken { reason: String },

    /// A 200 with no answer in it.
    #[error("the LLM sent an empty answer")]
    Empty,

    /// The answer grew past archie's limits (the server ignored `max_tokens`, or never
    /// stops): reading stopped there. Not retried.
    #[error("the answer was cut off by archie at {limit}: the server went on past max_tokens")]
    TooLarge { limit: String },

    /// A structured answer stopped at `max_tokens` before its JSON was complete, even
    /// when asked once more for a shorter one.
    #[error(
        "the model's JSON answer was cut off at max_tokens ({max_tokens}) before it was complete"
    )]
    Truncated { max_tokens: u32 },

    /// The server's answer could not be read.
    #[error("the LLM's answer could not be read: {0}")]
    Protocol(String),

    /// A structured answer did not match its schema, even after one corrective retry.
    #[error(
        "the model's answer does not have the expected shape at `{path}`: {message} \
         (asked once more with the error, it still answered: {excerpt})"
    )]
    InvalidOutput {
        /// The JSON path that failed (`.` is the whole answer).
        path: String,
        message: String,
        excerpt: String,
    },

    /// A structured answer had the expected shape but nothing usable in it (a weak model
    /// wrote the schema's own words back as entities).
    #[error("the model's answer has nothing usable: {reason}")]
    Unusable { reason: String },

    /// Every attempt failed; `last` is the last failure.
    #[error("{last} (gave up after {attempts} attempts)")]
    Exhausted { attempts: u32, last: Box<LlmError> },
}

impl crate::error::Classify for LlmError {
    fn exit(&self) -> crate::error::Exit {
        if self.is_config() {
            crate::error::Exit::Usage
        } else {
            crate::error::Exit::Failed
        }
    }
}

impl LlmError {
    /// A configuration error (exit 2).
    pub fn is_config(&self) -> bool {
        matches!(
            self,
            Self::NotConfigured
                | Self::ConfigFile(_)
                | Self::BadBaseUrl { .. }
                | Self::BadSeconds { .. }
                | Self::BadSetting { .. }
        )
    }

    /// The error of the last attempt (looks through [`LlmError::Exhausted`]).
    pub fn last(&self) -> &LlmError {
        match self {
            Self::Exhausted { last, .. } => last,
            other => other,
        }
    }

    /// The HTTP status of the (last) failure, if it was one.
    pub fn status(&self) -> Option<u16> {
        match self.last() {
            Self::Http { status, .. } => Some(*status),
            Self::InsufficientQuota { .. } => Some(429),
            Self::WaitTooLong { status, .. } => Some(*status),
            _ => None,
        }
    }

    /// How many attempts were made (1 unless retried).
    pub fn attempts(&self) -> u32 {
        match self {
            Self::Exhausted { attempts, .. } => *attempts,
            _ => 1,
        }
    }

    /// The prompt did not fit the model's context.
    pub fn is_context_overflow(&self) -> bool {
        matches!(self.last(), Self::ContextOverflow { .. })
    }

    /// Whether every other call of the run will fail the same way, so the run should stop
    /// at once instead of trying the rest: a configuration error, a rejected key or
    /// permission, a model the endpoint does not have, no quota, an endpoint that wants a
    /// wait longer than archie will make, or a server that cannot be reached or does not
    /// answer in time even after the retries.
    pub fn is_fatal(&self) -> bool {
        match self.last() {
            Self::Http { status, .. } => matches!(status, 401 | 403 | 404),
            Self::InsufficientQuota { .. }
            | Self::Connect { .. }
            | Self::Timeout { .. }
            | Self::WaitTooLong { .. } => true,
            other => other.is_config() || matches!(other, Self::HttpClient(_)),
        }
    }

    /// Why this failure may be retried (and how long the server asked to wait), or `None`
    /// when retrying cannot help.
    pub(crate) fn retryable(&self) -> Option<crate::retry::Retryable> {
        let after = match self {
            Self::Http { retry_after, .. } => *retry_after,
            _ => None,
        };
        self.retry_reason()
            .map(|reason| crate::retry::Retryable::new(reason).after(after))
    }

    /// The endpoint pushed back: too many requests (429, not a quota) or overloaded (503).
    /// Such a request is sent again after the wait the server asks for, with fewer in
    /// flight, without using up an attempt.
    pub(crate) fn is_push_back(&self) -> bool {
        matches!(
            self,
            Self::Http {
                status: 429 | 503,
                ..
            }
        )
    }

    fn retry_reason(&self) -> Option<String> {
        match self {
            Self::Http { status: 429, .. } => Some("rate limited".into()),
            Self::Http { status, .. } if *status >= 500 => {
                Some(format!("the server failed (HTTP {status})"))
            }
            Self::Http { status: 408, .. } => Some("the server timed out (HTTP 408)".into()),
            Self::Connect { .. } => Some("could not connect".into()),
            Self::Timeout { phase, .. } => match phase {
                TimeoutPhase::Connect => Some("connecting timed out".into()),
                TimeoutPhase::FirstToken => Some("no first token in time".into()),
                TimeoutPhase::Idle => Some("the answer stalled".into()),
                TimeoutPhase::Deadline => None,
            },
            Self::StreamBroken { .. } => Some("the answer broke off mid-stream".into()),
            Self::Empty => Some("the answer was empty".into()),
            _ => None,
        }
    }
}

fn http_message(status: u16, message: &str, code: Option<&str>) -> String {
    let code = code.map(|c| format!(", {c}")).unwrap_or_default();
    format!("the LLM endpoint answered HTTP {status}{code}: {message}")
}

fn overflow_message(prompt: Option<u64>, context: Option<u64>, max_tokens: Option<u32>) -> String {
    let mut out = String::from("the prompt does not fit the model's context");
    let mut parts = Vec::new();
    if let Some(p) = prompt {
        parts.push(format!("{} tokens of prompt", thousands(p)));
    }
    if let Some(m) = max_tokens {
        parts.push(format!("{} for the answer", thousands(u64::from(m))));
    }
    match (parts.is_empty(), context) {
        (false, Some(c)) => out.push_str(&format!(
            " ({} > {} tokens)",
            parts.join(" + "),
            thousands(c)
        )),
        (false, None) => out.push_str(&format!(" ({})", parts.join(" + "))),
        (true, Some(c)) => out.push_str(&format!(" of {} tokens", thousands(c))),
        (true, None) => {}
    }
    out
}

/// `31420` → `31,420`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The innermost cause of an error, which says more than reqwest's outer message.
pub(super) fn source_text(err: &(dyn std::error::Error + 'static)) -> String {
    let mut text = err.to_string();
    let mut cause = err.source();
    while let Some(inner) = cause {
        text = inner.to_string();
        cause = inner.source();
    }
    text
}
