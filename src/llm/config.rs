//! Where requests go and how they behave: [`LlmConfig`].

use super::LlmError;
pub use crate::config::EnvLookup;
use crate::env_vars::EnvVars;
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
    /// Where each setting given by a flag, the environment or a config file came from
    /// (the others are defaults), in [`Layer`]'s order.
    pub origins: Vec<(&'static str, Origin)>,
    /// Whether nobody reads the run's output any more (the app passes its stdout's
    /// state): a request not yet sent then is not sent. Never, unless told.
    pub reader_gone: fn() -> bool,
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
            origins: Vec::new(),
            reader_gone: || false,
        }
    }

    /// The base URL as it may be shown: without `user:password@`.
    pub fn display_url(&self) -> String {
        display_url(&self.base_url)
    }

    /// Resolves the configuration: flags > environment > `archie.toml` (current
    /// directory, then `memory_dir`) > user config > defaults, each layer read once
    /// ([`Layer`]) and combined high over low; each value keeps where it came from
    /// ([`LlmConfig::origins`]). `memory_dir` is the memory file's folder.
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
        let set = Layer::flags(args)
            .combine(Layer::env(&var))
            .combine(Layer::file(&file));

        let key_var = file
            .api_key_env
            .as_deref()
            .unwrap_or(EnvVars::OPENAI_API_KEY);
        // Whatever its shape, the key is redacted from everything archie writes.
        let api_key = var(key_var).map(ApiKey::new);
        if set.base_url.is_none() && api_key.is_none() {
            return Err(LlmError::NotConfigured);
        }
        let mut config = set.into_config()?;
        config.api_key = api_key;
        // For tests that run the binary against a mock which injects failures.
        if let Some(ms) = crate::env_vars::knob(var, EnvVars::ARCHIE_LLM_BACKOFF_MS)
            .and_then(|v| v.parse::<u64>().ok())
        {
            config.retry.base = Duration::from_millis(ms);
        }
        Ok(config)
    }

    /// Whether requests go to this machine or a private network (no API key needed).
    pub fn is_local(&self) -> bool {
        self.local
    }
}

/// Where a setting's value came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A command-line flag (`--model`).
    Flag(&'static str),
    /// An environment variable (`OPENAI_BASE_URL`).
    Env(&'static str),
    /// `[llm]` in `archie.toml` or the user config.
    File,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Flag(name) | Self::Env(name) => f.write_str(name),
            Self::File => f.write_str("archie.toml"),
        }
    }
}

/// A value and the layer that set it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layered<T> {
    pub value: T,
    pub origin: Origin,
}

/// Combining a higher layer with a lower one: the higher's value where it has one.
pub(super) trait Combine {
    fn combine(self, lower: Self) -> Self;
}

impl<T> Combine for Option<T> {
    fn combine(self, lower: Self) -> Self {
        self.or(lower)
    }
}

/// The LLM settings one layer gives (the flags, the environment, the config files);
/// `None` leaves a setting to the layers below, and the defaults below them all.
#[derive(Debug, Clone, Default)]
pub(super) struct Layer {
    base_url: Option<Layered<String>>,
    model: Option<Layered<String>>,
    stream: Option<Layered<bool>>,
    cache: Option<Layered<bool>>,
    structured: Option<Layered<StructuredMode>>,
    temperature: Option<Layered<f32>>,
    /// Seconds: the total deadline of one call.
    timeout: Option<Layered<f64>>,
    connect_timeout: Option<Layered<f64>>,
    first_token_timeout: Option<Layered<f64>>,
    idle_timeout: Option<Layered<f64>>,
    max_tokens: Option<Layered<u32>>,
    concurrency: Option<Layered<Concurrency>>,
    local: Option<Layered<bool>>,
    retries: Option<Layered<u32>>,
}

/// The value of a layered setting.
fn value<T>(set: Option<Layered<T>>) -> Option<T> {
    set.map(|l| l.value)
}

/// `v` seconds as a duration (`default` when no layer set it); `setting` names it when
/// it is not a positive number.
fn seconds(setting: &'static str, v: Option<f64>, default: Duration) -> Result<Duration, LlmError> {
    match v {
        None => Ok(default),
        Some(s) if s.is_finite() && s > 0.0 => Ok(Duration::from_secs_f64(s)),
        Some(s) => Err(LlmError::BadSeconds { setting, value: s }),
    }
}

/// `Some` value, set by `origin`.
fn by<T>(origin: Origin, value: Option<T>) -> Option<Layered<T>> {
    value.map(|value| Layered { value, origin })
}

impl Layer {
    /// The environment (`var` gives a variable's value, trimmed, when it is not empty):
    /// the base URL from the first of `OPENAI_BASE_URL`, `OPENAI_API_BASE`, `BASE_URL`
    /// that is set, the model from `ARCHIE_MODEL`.
    fn env(var: &dyn Fn(&str) -> Option<String>) -> Self {
        let named = |name: &'static str| by(Origin::Env(name), var(name));
        Self {
            base_url: named(EnvVars::OPENAI_BASE_URL)
                .combine(named(EnvVars::OPENAI_API_BASE))
                .combine(named("BASE_URL")),
            model: named(EnvVars::ARCHIE_MODEL),
            ..Self::default()
        }
    }

    /// `[llm]` of the config files.
    fn file(file: &LlmSection) -> Self {
        Self::section(file, Origin::File)
    }

    /// The settings of an `[llm]` table, each set by `origin`.
    pub(super) fn section(file: &LlmSection, origin: Origin) -> Self {
        Self {
            base_url: by(origin, file.base_url.clone()),
            model: by(origin, file.model.clone()),
            stream: by(origin, file.stream),
            cache: by(origin, file.cache),
            structured: by(origin, file.structured),
            temperature: by(origin, file.temperature),
            timeout: by(origin, file.timeout_secs),
            connect_timeout: by(origin, file.connect_timeout_secs),
            first_token_timeout: by(origin, file.first_token_timeout_secs),
            idle_timeout: by(origin, file.idle_timeout_secs),
            max_tokens: by(origin, file.max_tokens),
            concurrency: by(origin, file.concurrency),
            local: by(origin, file.local),
            retries: by(origin, file.retries),
        }
    }

    /// The configuration the combined layers give, defaults for the rest; fails on a
    /// base URL that is not http(s) and on a value out of range.
    fn into_config(self) -> Result<LlmConfig, LlmError> {
        let origins = self.origins();
        let base_url = value(self.base_url).unwrap_or_else(|| DEFAULT_BASE_URL.to_string());
        crate::secrets::register_url_password(&base_url);
        match reqwest::Url::parse(&base_url) {
            Ok(url) if matches!(url.scheme(), "http" | "https") => {}
            _ => {
                return Err(LlmError::BadBaseUrl {
                    url: display_url(&base_url),
                });
            }
        }
        let model = value(self.model).unwrap_or_else(|| DEFAULT_MODEL.to_string());
        let mut config = LlmConfig::new(base_url, model);
        config.origins = origins;
        if let Some(local) = value(self.local) {
            config.set_local(local);
        }
        config.stream = value(self.stream).unwrap_or(true);
        config.cache = value(self.cache).unwrap_or(true);
        config.structured = value(self.structured).unwrap_or_default();
        config.temperature = value(self.temperature);
        let deadline = seconds(
            "the LLM timeout",
            value(self.timeout),
            config.retry.deadline.unwrap_or(Duration::from_secs(600)),
        )?;
        config.retry.deadline = Some(deadline);
        config.connect_timeout = seconds(
            "connect_timeout_secs",
            value(self.connect_timeout),
            config.connect_timeout,
        )?;
        config.first_token_timeout = seconds(
            "first_token_timeout_secs",
            value(self.first_token_timeout),
            config.first_token_timeout.min(deadline),
        )?;
        config.idle_timeout = seconds(
            "idle_timeout_secs",
            value(self.idle_timeout),
            config.idle_timeout,
        )?;
        match value(self.max_tokens) {
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
        if let Some(c) = value(self.concurrency) {
            config.concurrency = c;
        }
        config.retry.max_attempts = value(self.retries).unwrap_or(3).saturating_add(1);
        Ok(config)
    }

    /// Each setting a layer set, by its `archie.toml` name, and where it came from.
    fn origins(&self) -> Vec<(&'static str, Origin)> {
        fn of<T>(name: &'static str, v: &Option<Layered<T>>) -> Option<(&'static str, Origin)> {
            v.as_ref().map(|l| (name, l.origin))
        }
        [
            of("base_url", &self.base_url),
            of("model", &self.model),
            of("stream", &self.stream),
            of("cache", &self.cache),
            of("structured", &self.structured),
            of("temperature", &self.temperature),
            of("timeout_secs", &self.timeout),
            of("connect_timeout_secs", &self.connect_timeout),
            of("first_token_timeout_secs", &self.first_token_timeout),
            of("idle_timeout_secs", &self.idle_timeout),
            of("max_tokens", &self.max_tokens),
            of("concurrency", &self.concurrency),
            of("local", &self.local),
            of("retries", &self.retries),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

impl Combine for Layer {
    fn combine(self, lower: Self) -> Self {
        Self {
            base_url: self.base_url.combine(lower.base_url),
            model: self.model.combine(lower.model),
            stream: self.stream.combine(lower.stream),
            cache: self.cache.combine(lower.cache),
            structured: self.structured.combine(lower.structured),
            temperature: self.temperature.combine(lower.temperature),
            timeout: self.timeout.combine(lower.timeout),
            connect_timeout: self.connect_timeout.combine(lower.connect_timeout),
            first_token_timeout: self.first_token_timeout.combine(lower.first_token_timeout),
            idle_timeout: self.idle_timeout.combine(lower.idle_timeout),
            max_tokens: self.max_tokens.combine(lower.max_tokens),
            concurrency: self.concurrency.combine(lower.concurrency),
            local: self.local.combine(lower.local),
            retries: self.retries.combine(lower.retries),
        }
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

/// Whether `url` is plain HTTP to this machine (`localhost` or a loopback address): a
/// client for it needs no TLS.
pub fn is_plain_loopback_url(url: &str) -> bool {
    let Ok(url) = reqwest::Url::parse(url) else {
        return false;
    };
    if url.scheme() != "http" {
        return false;
    }
    let Some(host) = url.host_str() else {
        return false;
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    match host.parse::<std::net::IpAddr>() {
        Ok(ip) => ip.is_loopback(),
        Err(_) => host.eq_ignore_ascii_case("localhost"),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_http_to_this_machine_goes_without_tls() {
        for url in [
            "http://127.0.0.1:8080/v1",
            "http://localhost:11434/v1",
            "http://[::1]:8000/v1",
        ] {
            assert!(is_plain_loopback_url(url), "{url}");
        }
        for url in [
            "https://127.0.0.1:8080/v1",
            "http://192.168.1.20:8000/v1",
            "http://llm.example.com/v1",
            "https://api.openai.com/v1",
            "not a url",
        ] {
            assert!(!is_plain_loopback_url(url), "{url}");
        }
    }

    #[test]
    fn each_setting_comes_from_the_highest_layer_that_sets_it() {
        let flags = LlmOverrides {
            model: Some("flag-model".into()),
            no_stream: true,
            ..LlmOverrides::default()
        };
        let env = |name: &str| match name {
            EnvVars::OPENAI_API_BASE => Some("http://env-api-base/v1".to_string()),
            "BASE_URL" => Some("http://env-base/v1".to_string()),
            EnvVars::ARCHIE_MODEL => Some("env-model".to_string()),
            _ => None,
        };
        let file = LlmSection {
            base_url: Some("http://file/v1".into()),
            model: Some("file-model".into()),
            stream: Some(true),
            retries: Some(7),
            ..LlmSection::default()
        };
        let set = Layer::flags(&flags)
            .combine(Layer::env(&env))
            .combine(Layer::file(&file));
        assert_eq!(
            set.origins(),
            vec![
                ("base_url", Origin::Env(EnvVars::OPENAI_API_BASE)),
                ("model", Origin::Flag("--model")),
                ("stream", Origin::Flag("--no-stream")),
                ("retries", Origin::File),
            ]
        );
        assert_eq!(
            value(set.base_url).as_deref(),
            Some("http://env-api-base/v1")
        );
        assert_eq!(value(set.model).as_deref(), Some("flag-model"));
        assert_eq!(value(set.stream), Some(false));
        assert_eq!(value(set.retries), Some(7));
        assert_eq!(value(set.timeout), None);
    }

    #[test]
    fn a_flag_left_out_leaves_the_setting_to_the_file() {
        let file = LlmSection {
            stream: Some(false),
            cache: Some(false),
            ..LlmSection::default()
        };
        let set = Layer::flags(&LlmOverrides::default())
            .combine(Layer::env(&|_: &str| None))
            .combine(Layer::file(&file));
        assert_eq!(value(set.stream), Some(false));
        assert_eq!(value(set.cache), Some(false));
        assert_eq!(
            Origin::Flag("--model").to_string() + " " + &Origin::File.to_string(),
            "--model archie.toml"
        );
    }
}
