//! Configuration files: flags > environment > `archie.toml` > user config.
//!
//! `archie.toml` is looked for in the current directory, then beside the memory file;
//! the user config is `$XDG_CONFIG_HOME/archie/config.toml` or
//! `~/.config/archie/config.toml`. Both are optional. Example:
//!
//! ```toml
//! [llm]
//! base_url = "http://localhost:11434/v1"
//! model = "llama3.1"
//! timeout_secs = 600
//! first_token_timeout_secs = 120
//! retries = 3
//! structured = "auto"        # auto | schema | prompt
//! stream = true
//! cache = true
//! api_key_env = "GROQ_API_KEY"  # read the key from this variable instead of OPENAI_API_KEY
//! ```
//!
//! API keys never go in these files: only the name of the variable that holds one.

use crate::llm::StructuredMode;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// One configuration file's contents. Unknown top-level tables are ignored (other
/// layers read them); unknown keys inside `[llm]` are an error, so typos surface.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct FileConfig {
    pub llm: LlmSection,
}

/// The `[llm]` table.
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

impl LlmSection {
    /// Fills every setting unset here from `lower` (a lower-precedence file).
    pub fn or(self, lower: LlmSection) -> LlmSection {
        LlmSection {
            base_url: self.base_url.or(lower.base_url),
            model: self.model.or(lower.model),
            timeout_secs: self.timeout_secs.or(lower.timeout_secs),
            connect_timeout_secs: self.connect_timeout_secs.or(lower.connect_timeout_secs),
            first_token_timeout_secs: self
                .first_token_timeout_secs
                .or(lower.first_token_timeout_secs),
            retries: self.retries.or(lower.retries),
            structured: self.structured.or(lower.structured),
            stream: self.stream.or(lower.stream),
            cache: self.cache.or(lower.cache),
            temperature: self.temperature.or(lower.temperature),
            api_key_env: self.api_key_env.or(lower.api_key_env),
        }
    }
}

/// A configuration file that cannot be used.
#[derive(Debug, thiserror::Error)]
#[error(
    "{path} is not a valid archie configuration: {reason}\n  Fix or remove the file (see `archie --help` for the [llm] settings)."
)]
pub struct ConfigError {
    pub path: String,
    pub reason: String,
}

/// Reads `path`; a missing file is `Ok(None)`.
pub fn load(path: &Path) -> Result<Option<FileConfig>, ConfigError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(err) => {
            return Err(ConfigError {
                path: path.display().to_string(),
                reason: err.to_string(),
            });
        }
    };
    toml::from_str(&text).map(Some).map_err(|err| ConfigError {
        path: path.display().to_string(),
        reason: err.message().to_string(),
    })
}

/// Where the project file may be: `archie.toml` in the current directory, then beside
/// the memory file (`memory_dir`; empty means the current directory).
pub fn project_files(memory_dir: &Path) -> Vec<PathBuf> {
    let here = PathBuf::from("archie.toml");
    let beside = memory_dir.join("archie.toml");
    if memory_dir.as_os_str().is_empty() || beside == here {
        vec![here]
    } else {
        vec![here, beside]
    }
}

/// The user config path, from `XDG_CONFIG_HOME` or `HOME`.
pub fn user_file(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    if let Some(xdg) = env("XDG_CONFIG_HOME").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(xdg).join("archie").join("config.toml"));
    }
    env("HOME").filter(|v| !v.is_empty()).map(|home| {
        PathBuf::from(home)
            .join(".config")
            .join("archie")
            .join("config.toml")
    })
}

/// The merged `[llm]` settings of the project file (first found) over the user file.
pub fn llm_section(
    memory_dir: &Path,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<LlmSection, ConfigError> {
    let mut project = None;
    for path in project_files(memory_dir) {
        if let Some(file) = load(&path)? {
            project = Some(file.llm);
            break;
        }
    }
    let user = match user_file(env) {
        Some(path) => load(&path)?.map(|f| f.llm),
        None => None,
    };
    Ok(project.unwrap_or_default().or(user.unwrap_or_default()))
}
