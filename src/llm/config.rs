//! Where requests go and how they behave: [`LlmConfig`].

use super::LlmError;
pub use crate::config::EnvLookup;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;
use std::time::Duration;

/// OpenAI's endpoint, used when only an API key is configured.
pub const DEFAULT_BASE_URL: &str = "https://api.openai.com/v1";
/// A current small OpenAI model.
pub const DEFAULT_MODEL: &str = "gpt-4o-mini";

/// How structured output is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StructuredMode {
    /// Step down as the endpoint rejects each way, for the rest of the run: `schema`,
    /// then `object`, then `prompt`. A rejection is an error that names `response_format`
    /// (or `json_schema`), whatever its status.
    #[default]
    Auto,
    /// Always send `response_format: {type: json_schema}` (OpenAI, vLLM, Ollama ≥ 0.5).
    Schema,
    /// Always send `response_format: {type: json_object, schema}`: the grammar-constrained
    /// JSON of llama.cpp's servers; the schema also goes in the user message.
    Object,
    /// Always put the schema in the user message.
    Prompt,
}

impl std::str::FromStr for StructuredMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "auto" => Ok(Self::Auto),
            "schema" => Ok(Self::Schema),
            "object" => Ok(Self::Object),
            "prompt" => Ok(Self::Prompt),
            other => Err(format!("`{other}` is not auto, schema, object or prompt")),
        }
    }
}

/// How many requests may be in flight at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Concurrency {
    /// Adapt: start from what a local server says it takes (else 4, or 8 for a remote
    /// endpoint), grow while latency holds and nothing is refused, hold where a 429/503
    /// says the limit is, at most [`MAX_CONCURRENCY`].
    #[default]
    Auto,
    /// Exactly this many (at least 1).
    Fixed(usize),
}

/// The most requests in flight that `--concurrency auto` ever allows.
pub const MAX_CONCURRENCY: usize = 128;

impl Concurrency {
    /// The most requests that may be in flight (for callers that fan out work).
    pub fn max(self) -> usize {
        match self {
            Self::Auto => MAX_CONCURRENCY,
            Self::Fixed(n) => n.max(1),
        }
    }
}

impl std::str::FromStr for Concurrency {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("auto") {
            return Ok(Self::Auto);
        }
        match s.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(Self::Fixed(n)),
            _ => Err(format!("`{s}` is not `auto` or a number of at least 1")),
        }
    }
}

impl fmt::Display for Concurrency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Auto => f.write_str("auto"),
            Self::Fixed(n) => write!(f, "{n}"),
        }
    }
}

impl<'de> Deserialize<'de> for Concurrency {
    /// `concurrency = "auto"` or `concurrency = 4` in `archie.toml`.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Number(i64),
            Text(String),
        }
        let text = match Raw::deserialize(d)? {
            Raw::Number(n) => n.to_string(),
            Raw::Text(t) => t,
        };
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// What a call is for; each purpose has its own answer length (`max_tokens`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Purpose {
    /// A structured answer: knowledge extracted from a chunk, a plan.
    Extraction,
    /// A conversation turn the user reads.
    Chat,
    /// A long document: the final analysis, a context overview.
    Final,
}

impl Purpose {
    pub fn label(self) -> &'static str {
        match self {
            Self::Extraction => "extraction",
            Self::Chat => "chat turn",
            Self::Final => "final answer",
        }
    }
}

/// The answer length asked for (`max_tokens`) per [`Purpose`]. Servers that are not
/// told stop only when the context is full.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaxTokens {
    pub extraction: u32,
    pub chat: u32,
    pub final_answer: u32,
}

impl Default for MaxTokens {
    fn default() -> Self {
        Self {
            extraction: 2048,
            chat: 1024,
            final_answer: 4096,
        }
    }
}

impl MaxTokens {
    /// The same length for every purpose (`--max-tokens N`).
    pub fn all(n: u32) -> Self {
        Self {
            extraction: n,
            chat: n,
            final_answer: n,
        }
    }

    pub fn get(&self, purpose: Purpose) -> u32 {
        match purpose {
            Purpose::Extraction => self.extraction,
            Purpose::Chat => self.chat,
            Purpose::Final => self.final_answer,
        }
    }
}

/// What the user asked for on the command line: each `None` (or `false`) leaves the
/// setting to the environment, then `archie.toml`, then the defaults.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LlmOverrides {
    pub model: Option<String>,
    pub base_url: Option<String>,
    pub no_stream: bool,
    pub no_cache: bool,
    pub structured: Option<StructuredMode>,
    /// Seconds: the total deadline of one call, retries and waits included.
    pub timeout: Option<f64>,
    pub retries: Option<u32>,
    /// `max_tokens` for every purpose.
    #[serde(default)]
    pub max_tokens: Option<u32>,
}

impl LlmOverrides {
    /// `self`'s settings where it has them, `lower`'s elsewhere.
    pub fn or(self, lower: LlmOverrides) -> LlmOverrides {
        LlmOverrides {
            model: self.model.or(lower.model),
            base_url: self.base_url.or(lower.base_url),
            no_stream: self.no_stream || lower.no_stream,
            no_cache: self.no_cache || lower.no_cache,
            structured: self.structured.or(lower.structured),
            timeout: self.timeout.or(lower.timeout),
            retries: self.retries.or(lower.retries),
            max_tokens: self.max_tokens.or(lower.max_tokens),
        }
    }
}

/// The `[llm]` table of `archie.toml` (and of the user config). Unknown keys are an
/// error, so typos surface.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LlmSection {
    pub base_url: Option<String>,
    pub model: Option<String>,
    /// The total deadline of one call (retries and waits included), seconds.
    pub timeout_secs: Option<f64>,
    pub connect_timeout_secs: Option<f64>,
    /// From sending a request to the first token (first byte when not streamed), seconds.
    pub first_token_timeout_secs: Option<f64>,
    /// Between two pieces of a streamed answer, seconds.
    pub idle_timeout_secs: Option<f64>,
    /// `max_tokens` for every purpose (the defaults: extraction 2048, chat turn 1024,
    /// final answer 4096).
    pub max_tokens: Option<u32>,
    /// `"auto"` (the default) or a number of requests in flight.
    pub concurrency: Option<Concurrency>,
    /// Treat the server as local (`true`: concurrency from 1, longer waits) or remote,
    /// whatever its address says.
    pub local: Option<bool>,
    /// Retries after the first attempt.
    pub retries: Option<u32>,
    pub structured: Option<StructuredMode>,
    pub stream: Option<bool>,
    pub cache: Option<bool>,
    pub temperature: Option<f32>,
    /// The environment variable holding the API key (default OPENAI_API_KEY).
    pub api_key_env: Option<String>,
}

/// An API key. Its `Debug` and `Display` never show it; it is only ever written into
/// the `Authorization` header.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    /// A key; from now on it is redacted from everything archie writes or prints.
    pub fn new(key: impl Into<String>) -> Self {
        let key = key.into();
        crate::secrets::register(&key);
        Self(key)
    }

    /// The key itself, for the `Authorization` header only.
    pub(crate) fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKey([redacted])")
    }
}

impl fmt::Display for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

/// Everything the client needs. [`LlmConfig::new`] gives the defaults (tests adjust the
/// fields); [`LlmConfig::resolve`] reads flags, environment and config files.
#[derive(Debug, Clone)]
pub struct LlmConfig {
    /// The endpoint, without a trailing slash (requests go to `{base_url}/chat/completions`).
    /// May carry `user:password@`, sent as basic auth and never shown
    /// ([`LlmConfig::display_url`]).
    pub base_url: String,
    pub model: String,
    pub api_key: Option<ApiKey>,
    /// Stream answers the user reads (off with `--no-stream`).
    pub stream: bool,
    /// Use the response cache for requests that ask for it (off with `--no-cache`).
    pub cache: bool,
    pub structured: StructuredMode,
    pub temperature: Option<f32>,
    /// The answer length per purpose.
    pub max_tokens: MaxTokens,
    /// Requests in flight at once.
    pub concurrency: Concurrency,
    /// The server runs on this machine or a private network (loopback or a private
    /// address): it is asked what it is (its slots, its context), the first token may take longer, and a request
    /// that timed out is not sent again while the abandoned one may still be running.
    pub local: bool,
    pub connect_timeout: Duration,
    /// From sending a request to its first streamed token (or, not streamed, to the
    /// first byte of the whole answer).
    pub first_token_timeout: Duration,
    /// Between two pieces of a streamed answer (or of a whole answer's body).
    pub idle_timeout: Duration,
    /// Attempts per call (the first included: `--retries N` gives N + 1), backoff and
    /// its cap, and the call's total deadline (`retry.deadline`, `--timeout`): no attempt
    /// starts and no wait lasts past it.
    pub retry: crate::retry::RetryPolicy,
    /// The largest answer read (bytes of the body); a server that ignores `max_tokens`
    /// and never stops is cut off here.
    pub max_reply_bytes: usize,
    /// How long the server may be silent before archie says it is waiting for it.
    pub quiet_after: Duration,
}

impl LlmConfig {
    /// Defaults for `base_url` and `model`: streaming on, cache on (used when the client
    /// is given one), structured auto, concurrency auto, 4 attempts, 1 s backoff base;
    /// first token within 120 s (300 s for a local server), 60 s at most between pieces
    /// of a stream, 600 s per call in all (900 s for a local server).
    pub fn new(base_url: impl Into<String>, model: impl Into<String>) -> Self {
        let base_url = base_url.into().trim_end_matches('/').to_string();
        let local = is_local_url(&base_url);
        let mut config = Self::with_local(base_url, model.into(), local);
        config.set_local(local);
        config
    }

    /// Treats the server as local or remote, with the waits that go with it.
    pub fn set_local(&mut self, local: bool) {
        self.local = local;
        self.first_token_timeout = Duration::from_secs(if local { 300 } else { 120 });
        self.retry.deadline = Some(Duration::from_secs(if local { 900 } else { 600 }));
    }

    fn with_local(base_url: String, model: String, local: bool) -> Self {
        // A password in the URL is a secret like the key: never shown, never written.
        if let Ok(url) = reqwest::Url::parse(&base_url)
            && let Some(password) = url.password()
        {
            crate::secrets::register(password);
        }
        Self {
            base_url,
            model,
            api_key: None,
            stream: true,
            cache: true,
            structured: StructuredMode::Auto,
            temperature: None,
            max_tokens: MaxTokens::default(),
            concurrency: Concurrency::Auto,
            local,
            connect_timeout: Duration::from_secs(10),
            first_token_timeout: Duration::from_secs(if local { 300 } else { 120 }),
            idle_timeout: Duration::from_secs(60),
            retry: crate::retry::RetryPolicy {
                deadline: Some(Duration::from_secs(if local { 900 } else { 600 })),
                ..crate::retry::RetryPolicy::default()
            },
            max_reply_bytes: 16 << 20,
            quiet_after: Duration::from_secs(10),
        }
    }

    /// The base URL as it may be shown: without `user:password@`.
    pub fn display_url(&self) -> String {
        display_url(&self.base_url)
    }

    /// Resolves the configuration: flags > environment > `archie.toml` (current
    /// directory, then `memory_dir`) > user config. `memory_dir` is the memory file's
    /// folder.
    ///
    /// Fails with [`LlmError::NotConfigured`] when there is neither an API key nor a base
    /// URL, and with a configuration error for a bad file or value (both exit 2).
    pub fn resolve(
        args: &LlmOverrides,
        memory_dir: &Path,
        env: EnvLookup<'_>,
    ) -> Result<LlmConfig, LlmError> {
        let file: LlmSection =
            crate::config::section("llm", memory_dir, env).map_err(LlmError::ConfigFile)?;
        let var = |name: &str| {
            env(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };

        let base_url = args
            .base_url
            .clone()
            .or_else(|| var("OPENAI_BASE_URL"))
            .or_else(|| var("OPENAI_API_BASE"))
            .or_else(|| var("BASE_URL"))
            .or(file.base_url.clone());
        let key_var = file.api_key_env.as_deref().unwrap_or("OPENAI_API_KEY");
        // Whatever its shape, the key is redacted from everything archie writes.
        let api_key = var(key_var).map(ApiKey::new);
        if base_url.is_none() && api_key.is_none() {
            return Err(LlmError::NotConfigured);
        }
        let base_url = base_url.unwrap_or_else(|| DEFAULT_BASE_URL.to_string());
        crate::secrets::register_url_password(&base_url);
        match reqwest::Url::parse(&base_url) {
            Ok(url) if matches!(url.scheme(), "http" | "https") => {}
            _ => {
                return Err(LlmError::BadBaseUrl {
                    url: display_url(&base_url),
                });
            }
        }
        let model = args
            .model
            .clone()
            .or_else(|| var("ARCHIE_MODEL"))
            .or(file.model.clone())
            .unwrap_or_else(|| DEFAULT_MODEL.to_string());

        let mut config = LlmConfig::new(base_url, model);
        if let Some(local) = file.local {
            config.set_local(local);
        }
        config.api_key = api_key;
        config.stream = !args.no_stream && file.stream.unwrap_or(true);
        config.cache = !args.no_cache && file.cache.unwrap_or(true);
        config.structured = args.structured.or(file.structured).unwrap_or_default();
        config.temperature = file.temperature;
        let secs = |name: &'static str, v: Option<f64>, default: Duration| match v {
            None => Ok(default),
            Some(s) if s.is_finite() && s > 0.0 => Ok(Duration::from_secs_f64(s)),
            Some(s) => Err(LlmError::BadSeconds {
                setting: name,
                value: s,
            }),
        };
        let deadline = secs(
            "the LLM timeout",
            args.timeout.or(file.timeout_secs),
            config.retry.deadline.unwrap_or(Duration::from_secs(600)),
        )?;
        config.retry.deadline = Some(deadline);
        config.connect_timeout = secs(
            "connect_timeout_secs",
            file.connect_timeout_secs,
            config.connect_timeout,
        )?;
        config.first_token_timeout = secs(
            "first_token_timeout_secs",
            file.first_token_timeout_secs,
            config.first_token_timeout.min(deadline),
        )?;
        config.idle_timeout = secs(
            "idle_timeout_secs",
            file.idle_timeout_secs,
            config.idle_timeout,
        )?;
        match args.max_tokens.or(file.max_tokens) {
            Some(0) => {
                return Err(LlmError::BadSetting {
                    setting: "max_tokens",
                    value: "0".into(),
                    expected: "a number of tokens of at least 1",
                });
            }
            Some(n) => config.max_tokens = MaxTokens::all(n),
            None => {}
        }
        if let Some(c) = file.concurrency {
            config.concurrency = c;
        }
        config.retry.max_attempts = args.retries.or(file.retries).unwrap_or(3).saturating_add(1);
        // For tests that run the binary against a mock which injects failures.
        if let Some(ms) = var("ARCHIE_LLM_BACKOFF_MS").and_then(|v| v.parse::<u64>().ok()) {
            config.retry.base = Duration::from_millis(ms);
        }
        Ok(config)
    }

    /// Whether requests go to this machine or a private network (no API key needed).
    pub fn is_local(&self) -> bool {
        self.local
    }
}

/// `url` without `user:password@` (as given when it does not parse).
pub fn display_url(url: &str) -> String {
    match reqwest::Url::parse(url) {
        Ok(mut parsed) if !parsed.username().is_empty() || parsed.password().is_some() => {
            let _ = parsed.set_password(None);
            let _ = parsed.set_username("");
            parsed.as_str().trim_end_matches('/').to_string()
        }
        _ => url.to_string(),
    }
}

/// Whether `url` points at this machine or a private network: `localhost` (and
/// `*.localhost`, `*.local`, `host.docker.internal`), loopback, private (10/8,
/// 172.16/12, 192.168/16, 100.64/10), link-local and unique-local IPv6 addresses.
pub fn is_local_url(url: &str) -> bool {
    let Ok(url) = reqwest::Url::parse(url) else {
        return false;
    };
    let Some(host) = url.host_str() else {
        return false;
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    match host.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(ip)) => local_v4(ip),
        Ok(std::net::IpAddr::V6(ip)) => {
            let first = ip.segments()[0];
            ip.is_loopback()
                || ip.is_unspecified()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
                || ip.to_ipv4_mapped().is_some_and(local_v4)
        }
        Err(_) => {
            let name = host.to_ascii_lowercase();
            name == "localhost"
                || name.ends_with(".localhost")
                || name.ends_with(".local")
                || name == "host.docker.internal"
        }
    }
}

fn local_v4(ip: std::net::Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || (a == 100 && (64..128).contains(&b))
}
