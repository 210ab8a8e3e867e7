//! Every environment variable archie reads, named once (as uv's `EnvVars` does): the
//! settings a person sets, the other programs' variables archie honours, and the test
//! knobs. A knob is read only while `ARCHIE_TEST_KNOBS=1` is set (the test harness and
//! the benches set it), so a stray variable in someone's shell changes nothing.

/// The names. Settings first, then other programs' variables, then the knobs.
pub struct EnvVars;

impl EnvVars {
    /// The memory file (`--memory-file`).
    pub const ARCHIE_MEMORY_FILE: &'static str = "ARCHIE_MEMORY_FILE";
    /// The run store's folder (`--state-dir`).
    pub const ARCHIE_STATE_DIR: &'static str = "ARCHIE_STATE_DIR";
    /// The model (`--model`).
    pub const ARCHIE_MODEL: &'static str = "ARCHIE_MODEL";
    /// The largest memory file archie reads, in bytes.
    pub const ARCHIE_MAX_MEMORY_SIZE: &'static str = "ARCHIE_MAX_MEMORY_SIZE";
    /// The loopback ports looked at for a local LLM server when none is configured
    /// (`11434,9000`; empty: none).
    pub const ARCHIE_PROBE_PORTS: &'static str = "ARCHIE_PROBE_PORTS";
    /// Where `archie upgrade` keeps its experiment locks.
    pub const ARCHIE_UPGRADE_LOCK_DIR: &'static str = "ARCHIE_UPGRADE_LOCK_DIR";

    /// OpenAI's client variables.
    pub const OPENAI_BASE_URL: &'static str = "OPENAI_BASE_URL";
    pub const OPENAI_API_BASE: &'static str = "OPENAI_API_BASE";
    pub const OPENAI_API_KEY: &'static str = "OPENAI_API_KEY";
    /// Ollama's parallel slots, when archie is told it talks to Ollama.
    pub const OLLAMA_NUM_PARALLEL: &'static str = "OLLAMA_NUM_PARALLEL";
    /// UpGrade's server and credentials.
    pub const UPGRADE_API_URL: &'static str = "UPGRADE_API_URL";
    pub const UPGRADE_TOKEN: &'static str = "UPGRADE_TOKEN";
    pub const UPGRADE_CLIENT_API_KEY: &'static str = "UPGRADE_CLIENT_API_KEY";
    pub const UPGRADE_CLIENT_API_SECRET: &'static str = "UPGRADE_CLIENT_API_SECRET";
    /// The terminal's: no colour when set and not empty; `dumb` draws nothing in place.
    pub const NO_COLOR: &'static str = "NO_COLOR";
    pub const TERM: &'static str = "TERM";
    /// The user's folders.
    pub const HOME: &'static str = "HOME";
    pub const XDG_CONFIG_HOME: &'static str = "XDG_CONFIG_HOME";
    pub const XDG_RUNTIME_DIR: &'static str = "XDG_RUNTIME_DIR";

    /// `1`: the knobs below are read.
    pub const ARCHIE_TEST_KNOBS: &'static str = "ARCHIE_TEST_KNOBS";
    /// Knob: the LLM client's first backoff, in ms (a test against a mock that fails).
    pub const ARCHIE_LLM_BACKOFF_MS: &'static str = "ARCHIE_LLM_BACKOFF_MS";
    /// Knob: the UpGrade client's first backoff, in ms.
    pub const ARCHIE_UPGRADE_BACKOFF_MS: &'static str = "ARCHIE_UPGRADE_BACKOFF_MS";
    /// Knobs: how often a progress line says it is still waiting, and the longest gap.
    pub const ARCHIE_PROGRESS_EVERY_MS: &'static str = "ARCHIE_PROGRESS_EVERY_MS";
    pub const ARCHIE_PROGRESS_MAX_MS: &'static str = "ARCHIE_PROGRESS_MAX_MS";
    /// Knob: the most pairs the judge is asked about in one run (a test of the bound
    /// without a thousand entities).
    pub const ARCHIE_JUDGE_MAX_PAIRS: &'static str = "ARCHIE_JUDGE_MAX_PAIRS";
    /// Knob (debug builds only): a pause between writing a file and renaming it.
    pub const ARCHIE_TEST_PAUSE_BEFORE_RENAME: &'static str = "ARCHIE_TEST_PAUSE_BEFORE_RENAME";
}

/// The knob `name` as `lookup` finds it, while `ARCHIE_TEST_KNOBS=1`; else nothing.
pub fn knob(lookup: impl Fn(&str) -> Option<String>, name: &str) -> Option<String> {
    if lookup(EnvVars::ARCHIE_TEST_KNOBS).as_deref() == Some("1") {
        lookup(name)
    } else {
        None
    }
}

/// [`knob`] read from the process's environment.
pub fn env_knob(name: &str) -> Option<String> {
    knob(|n| std::env::var(n).ok(), name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_knob_is_read_only_behind_the_switch() {
        let off = |n: &str| (n == EnvVars::ARCHIE_LLM_BACKOFF_MS).then(|| "5".to_string());
        assert_eq!(knob(off, EnvVars::ARCHIE_LLM_BACKOFF_MS), None);
        let on = |n: &str| match n {
            EnvVars::ARCHIE_TEST_KNOBS => Some("1".to_string()),
            EnvVars::ARCHIE_LLM_BACKOFF_MS => Some("5".to_string()),
            _ => None,
        };
        assert_eq!(
            knob(on, EnvVars::ARCHIE_LLM_BACKOFF_MS).as_deref(),
            Some("5")
        );
    }
}
