//! Configuration files: flags > environment > `archie.toml` > user config. A leaf: each
//! service defines the type of its own table (`[llm]`, `[mcp]`, `[upgrade]`) and reads it
//! with [`section`].
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
//!
//! [identity]
//! judge = false               # pairs of names the structure cannot decide: yours, not the model's
//! ```
//!
//! API keys never go in these files: only the name of the variable that holds one.

use crate::env_vars::EnvVars;
use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};

/// Looks up an environment variable (a closure over `std::env::var` in the binary, a map
/// in tests).
pub type EnvLookup<'a> = &'a dyn Fn(&str) -> Option<String>;

/// A configuration file that cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("{path} is not a valid archie configuration: {reason}")]
pub struct ConfigError {
    pub path: String,
    pub reason: String,
}

/// Reads `path` as a TOML table; a missing file is `Ok(None)`.
fn load(path: &Path) -> Result<Option<toml::Table>, ConfigError> {
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
    text.parse::<toml::Table>()
        .map(Some)
        .map_err(|err| ConfigError {
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
pub fn user_file(env: EnvLookup<'_>) -> Option<PathBuf> {
    if let Some(xdg) = env(EnvVars::XDG_CONFIG_HOME).filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(xdg).join("archie").join("config.toml"));
    }
    env(EnvVars::HOME).filter(|v| !v.is_empty()).map(|home| {
        PathBuf::from(home)
            .join(".config")
            .join("archie")
            .join("config.toml")
    })
}

/// The table `[name]` of the project file (the first found) over the same table of the
/// user file, key by key, read as `T`. A file without the table gives `T::default()`
/// for it; unknown keys are an error if `T` denies them (so typos surface).
pub fn section<T: DeserializeOwned + Default>(
    name: &str,
    memory_dir: &Path,
    env: EnvLookup<'_>,
) -> Result<T, ConfigError> {
    let mut merged = toml::Table::new();
    let mut origin = String::new();
    let mut layers = Vec::new();
    for path in project_files(memory_dir) {
        if let Some(table) = load(&path)? {
            layers.push((path, table));
            break;
        }
    }
    if let Some(path) = user_file(env)
        && let Some(table) = load(&path)?
    {
        layers.push((path, table));
    }
    // Lower layers first, so the project file's keys win.
    for (path, mut table) in layers.into_iter().rev() {
        if let Some(toml::Value::Table(section)) = table.remove(name) {
            origin = path.display().to_string();
            merged.extend(section);
        }
    }
    if merged.is_empty() {
        return Ok(T::default());
    }
    toml::Value::Table(merged)
        .try_into()
        .map_err(|err: toml::de::Error| ConfigError {
            path: origin,
            reason: format!("[{name}] {}", err.message()),
        })
}
