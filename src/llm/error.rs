//! What can go wrong talking to a model. Every message says what to do next and none
//! carries the API key (server text is scrubbed before it gets here).

use std::fmt;
use std::time::Duration;

/// Which timeout fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeoutPhase {
    /// No connection within the connect timeout.
    Connect,
    /// Connected, but no first token within the first-token timeout.
    FirstToken,
    /// The whole request took longer than the request timeout.
    Request,
}

impl fmt::Display for TimeoutPhase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Connect => "connect",
            Self::FirstToken => "send a first token",
            Self::Request => "finish answering",
        })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LlmError {
    /// Neither an API key nor a base URL (exit 2).
    #[error(
        "no LLM is configured\n  archie talks to any OpenAI-compatible endpoint. Either:\n    \
         export OPENAI_API_KEY=sk-…                          (OpenAI)\n    \
         archie --base-url http://localhost:11434/v1 --model llama3.1 analyze …   (Ollama)\n  \
         or put [llm] base_url/model in archie.toml."
    )]
    NotConfigured,

    /// A bad setting in a flag, the environment or a config file (exit 2). `message`
    /// carries its own hint lines.
    #[error("{message}")]
    Config { message: String },

    /// The server answered with an error status.
    #[error("{}", http_message(*status, message, code.as_deref(), model))]
    Http {
        status: u16,
        /// The server's `error.code` (or `error.type`), if any.
        code: Option<String>,
        /// The server's `error.message` (or body), scrubbed of secrets.
        message: String,
        model: String,
        /// What the server asked us to wait before retrying.
        retry_after: Option<Duration>,
    },

    /// 429 `insufficient_quota`: retrying will not help.
    #[error(
        "the LLM account has no quota left ({message})\n  Check the plan and billing of the \
         account behind OPENAI_API_KEY, or point archie at another endpoint with --base-url."
    )]
    InsufficientQuota { message: String },

    /// The server could not be reached.
    #[error(
        "could not reach the LLM at {url}: {reason}\n  Is the server running and is the URL \
         right? Set it with --base-url or OPENAI_BASE_URL."
    )]
    Connect { url: String, reason: String },

    /// A timeout fired.
    #[error(
        "the LLM did not {phase} within {:.1} s\n  A slow local model may need more time: \
         --timeout SECS, or [llm] timeout_secs / first_token_timeout_secs in archie.toml.",
        after.as_secs_f64()
    )]
    Timeout {
        phase: TimeoutPhase,
        after: Duration,
    },

    /// The answer stopped arriving before it was complete.
    #[error("the answer broke off mid-stream ({reason})\n  Try again, or use --no-stream.")]
    StreamBroken { reason: String },

    /// The server's answer could not be read.
    #[error(
        "the LLM's answer could not be read: {0}\n  Is --base-url an OpenAI-compatible \
         endpoint (usually ending in /v1)?"
    )]
    Protocol(String),

    /// A structured answer did not match its schema, even after one corrective retry.
    #[error(
        "the model's answer does not have the expected shape at `{path}`: {message}\n  \
         It was asked once more with the error and still answered: {excerpt}\n  A larger \
         model, or --structured schema if the endpoint supports JSON Schema, usually helps."
    )]
    InvalidOutput {
        /// The JSON path that failed (`.` is the whole answer).
        path: String,
        message: String,
        excerpt: String,
    },

    /// Every attempt failed; `last` is the last failure.
    #[error("{last}\n  (gave up after {attempts} attempts)")]
    Exhausted { attempts: u32, last: Box<LlmError> },
}

impl LlmError {
    /// A configuration error (exit 2).
    pub fn is_config(&self) -> bool {
        matches!(self, Self::NotConfigured | Self::Config { .. })
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

    /// Why this failure may be retried, or `None` when retrying cannot help.
    pub(crate) fn retry_reason(&self) -> Option<String> {
        match self {
            Self::Http { status: 429, .. } => Some("rate limited".into()),
            Self::Http { status, .. } if *status >= 500 => {
                Some(format!("the server failed (HTTP {status})"))
            }
            Self::Http { status: 408, .. } => Some("the server timed out (HTTP 408)".into()),
            Self::Connect { .. } => Some("could not connect".into()),
            Self::Timeout { phase, .. } => Some(match phase {
                TimeoutPhase::Connect => "connecting timed out".into(),
                TimeoutPhase::FirstToken => "no first token in time".into(),
                TimeoutPhase::Request => "the request timed out".into(),
            }),
            Self::StreamBroken { .. } => Some("the answer broke off mid-stream".into()),
            _ => None,
        }
    }
}

fn http_message(status: u16, message: &str, code: Option<&str>, model: &str) -> String {
    let code = code.map(|c| format!(", {c}")).unwrap_or_default();
    let hint = match status {
        401 | 403 => "Check OPENAI_API_KEY (or the key your endpoint expects).".to_string(),
        404 => format!(
            "Is the model `{model}` available there, and does --base-url end in /v1? \
             Choose another with --model."
        ),
        400 | 422 => "The endpoint rejected the request; if it does not support JSON Schema \
                      output, try --structured prompt."
            .to_string(),
        429 => "The endpoint is rate limiting; wait a little, or lower concurrency.".to_string(),
        s if s >= 500 => "The server failed; try again later.".to_string(),
        _ => "Check --base-url and --model.".to_string(),
    };
    format!("the LLM endpoint answered HTTP {status}{code}: {message}\n  {hint}")
}
