//! Where requests go and how they behave: [`LlmConfig`].

use super::LlmError;
use crate::cli::llm::LlmArgs;
use serde::Deserialize;
use std::fmt;
use std::path::Path;
use std::time::Duration;

/// OpenAI's endpoint, used when only an API key is configured.
pub const DEFAULT_BASE_URL: &str = "https://api.openai.com/v1";
/// A current small OpenAI model.
pub const DEFAULT_MODEL: &str = "gpt-4o-mini";

/// Looks up an environment variable (a closure over `std::env::var` in the binary, a map
/// in tests).
pub type EnvLookup<'a> = &'a dyn Fn(&str) -> Option<String>;

/// How structured output is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, clap::ValueEnum)]
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

/// An API key. Its `Debug` and `Display` never show it; it is only ever written into
/// the `Authorization` header.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    pub fn new(key: impl Into<String>) -> Self {
        Self(key.into())
    }

    /// The key itself, for the `Authorization` header only.
    pub(crate) fn expose(&self) -> &str {
        &self.0
    }

    /// `text` with every occurrence of the key replaced.
    pub(crate) fn scrub(&self, text: &str) -> String {
        if self.0.len() < 4 {
            return text.to_string();
        }
        text.replace(&self.0, "[redacted]")
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
    /// Attempts per call, the first included (`--retries N` gives N + 1).
    pub max_attempts: u32,
    /// The first backoff delay; it doubles per retry, with ±50 % jitter.
    pub backoff_base: Duration,
    /// No backoff (nor `Retry-After`) waits longer than this.
    pub max_backoff: Duration,
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
            max_attempts: 4,
            backoff_base: Duration::from_secs(1),
            max_backoff: Duration::from_secs(60),
        }
    }

    /// Resolves the configuration: flags > environment > `archie.toml` (current
    /// directory, then `memory_dir`) > user config. `memory_dir` is the memory file's
    /// folder.
    ///
    /// Fails with [`LlmError::NotConfigured`] when there is neither an API key nor a base
    /// URL, and with [`LlmError::Config`] for a bad file or value (both exit 2).
    pub fn resolve(
        args: &LlmArgs,
        memory_dir: &Path,
        env: EnvLookup<'_>,
    ) -> Result<LlmConfig, LlmError> {
        let file = crate::config::llm_section(memory_dir, env).map_err(|e| LlmError::Config {
            message: e.to_string(),
        })?;
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
        let api_key = var(key_var).map(|key| {
            // Whatever its shape, the key is redacted from everything archie writes.
            crate::secrets::register(&key);
            ApiKey::new(key)
        });
        if base_url.is_none() && api_key.is_none() {
            return Err(LlmError::NotConfigured);
        }
        let base_url = base_url.unwrap_or_else(|| DEFAULT_BASE_URL.to_string());
        match reqwest::Url::parse(&base_url) {
            Ok(url) if matches!(url.scheme(), "http" | "https") => {}
            _ => {
                return Err(LlmError::Config {
                    message: format!(
                        "the LLM base URL `{base_url}` is not an http(s) URL\n  Use e.g. \
                         --base-url http://localhost:11434/v1 (Ollama) or \
                         https://api.openai.com/v1."
                    ),
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
        config.api_key = api_key;
        config.stream = !args.no_stream && file.stream.unwrap_or(true);
        config.cache = !args.no_cache && file.cache.unwrap_or(true);
        config.structured = args.structured.or(file.structured).unwrap_or_default();
        config.temperature = file.temperature;
        let secs = |name: &str, v: Option<f64>, default: Duration| match v {
            None => Ok(default),
            Some(s) if s.is_finite() && s > 0.0 => Ok(Duration::from_secs_f64(s)),
            Some(s) => Err(LlmError::Config {
                message: format!(
                    "{name} must be a positive number of seconds, not {s}\n  e.g. --timeout 120"
                ),
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
        config.max_attempts = args.retries.or(file.retries).unwrap_or(3).saturating_add(1);
        // For tests that run the binary against a mock which injects failures.
        if let Some(ms) = var("ARCHIE_LLM_BACKOFF_MS").and_then(|v| v.parse::<u64>().ok()) {
            config.backoff_base = Duration::from_millis(ms);
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
