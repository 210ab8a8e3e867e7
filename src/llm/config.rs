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
    /// Send the JSON Schema as `response_format`; after a 400 that rejects it, put the
    /// schema in the prompt for the rest of the run.
    #[default]
    Auto,
    /// Always send `response_format: {type: json_schema}`.
    Schema,
    /// Always put the schema in the prompt.
    Prompt,
}

impl std::str::FromStr for StructuredMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "auto" => Ok(Self::Auto),
            "schema" => Ok(Self::Schema),
            "prompt" => Ok(Self::Prompt),
            other => Err(format!("`{other}` is not auto, schema or prompt")),
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
    /// Seconds.
    pub timeout: Option<f64>,
    pub retries: Option<u32>,
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
    /// The whole request, seconds.
    pub timeout_secs: Option<f64>,
    pub connect_timeout_secs: Option<f64>,
    pub first_token_timeout_secs: Option<f64>,
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
    pub base_url: String,
    pub model: String,
    pub api_key: Option<ApiKey>,
    /// Stream answers the user reads (off with `--no-stream`).
    pub stream: bool,
    /// Use the response cache for requests that ask for it (off with `--no-cache`).
    pub cache: bool,
    pub structured: StructuredMode,
    pub temperature: Option<f32>,
    pub connect_timeout: Duration,
    /// From sending a streamed request to its first token.
    pub first_token_timeout: Duration,
    /// The whole request, first byte to last.
    pub request_timeout: Duration,
    /// Attempts per call (the first included: `--retries N` gives N + 1), backoff and
    /// its cap.
    pub retry: crate::retry::RetryPolicy,
}

impl LlmConfig {
    /// Defaults for `base_url` and `model`: streaming on, cache on (used when the client is given one),
    /// structured auto, 4 attempts, 1 s backoff base.
    pub fn new(base_url: impl Into<String>, model: impl Into<String>) -> Self {
        Self {
            base_url: base_url.into().trim_end_matches('/').to_string(),
            model: model.into(),
            api_key: None,
            stream: true,
            cache: true,
            structured: StructuredMode::Auto,
            temperature: None,
            connect_timeout: Duration::from_secs(10),
            first_token_timeout: Duration::from_secs(120),
            request_timeout: Duration::from_secs(300),
            retry: crate::retry::RetryPolicy::default(),
        }
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
                return Err(LlmError::BadBaseUrl { url: base_url });
            }
        }
        let model = args
            .model
            .clone()
            .or_else(|| var("ARCHIE_MODEL"))
            .or(file.model.clone())
            .unwrap_or_else(|| DEFAULT_MODEL.to_string());

        let mut config = LlmConfig::new(base_url, model);
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
        config.request_timeout = secs(
            "the LLM timeout",
            args.timeout.or(file.timeout_secs),
            config.request_timeout,
        )?;
        config.connect_timeout = secs(
            "connect_timeout_secs",
            file.connect_timeout_secs,
            config.connect_timeout,
        )?;
        config.first_token_timeout = secs(
            "first_token_timeout_secs",
            file.first_token_timeout_secs,
            config.first_token_timeout.min(config.request_timeout),
        )?;
        config.retry.max_attempts = args.retries.or(file.retries).unwrap_or(3).saturating_add(1);
        // For tests that run the binary against a mock which injects failures.
        if let Some(ms) = var("ARCHIE_LLM_BACKOFF_MS").and_then(|v| v.parse::<u64>().ok()) {
            config.retry.base = Duration::from_millis(ms);
        }
        Ok(config)
    }

    /// Whether requests go to this machine (no API key needed).
    pub fn is_local(&self) -> bool {
        is_local_url(&self.base_url)
    }
}

/// Whether `url` points at this machine (localhost, 127.0.0.1, ::1).
pub fn is_local_url(url: &str) -> bool {
    reqwest::Url::parse(url)
        .ok()
        .and_then(|u| u.host_str().map(str::to_string))
        .is_some_and(|h| h == "localhost" || h == "127.0.0.1" || h == "[::1]" || h == "::1")
}
