//! The options every command shares, as plain data: built from the command line in
//! `cli`, recorded with every run, and merged in one place when a run is resumed.

use crate::llm::LlmOverrides;
pub use crate::ui::{ColorChoice, Verbosity};
use std::path::{Path, PathBuf};

/// The global options of one invocation.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// The memory file (`--memory-file`, default `context.json`).
    pub memory_file: PathBuf,
    /// Where the run store lives, when not `.archie/` beside the memory file.
    pub state_dir: Option<PathBuf>,
    pub prompts_dir: Option<PathBuf>,
    pub prompts_config: Option<PathBuf>,
    /// Never ask: stop at the first question (exit code 3).
    pub no_input: bool,
    /// Answer yes/no questions with yes.
    pub yes: bool,
    /// Answers given up front, in order.
    pub answers: Vec<String>,
    /// A file of answers (one per line, or a JSON list).
    pub answers_file: Option<PathBuf>,
    /// Every event as a JSON line on stdout.
    pub json: bool,
    pub verbosity: Verbosity,
    pub color: ColorChoice,
    /// LLM settings given on the command line.
    pub llm: LlmOverrides,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            memory_file: PathBuf::from(DEFAULT_MEMORY_FILE),
            state_dir: None,
            prompts_dir: None,
            prompts_config: None,
            no_input: false,
            yes: false,
            answers: Vec::new(),
            answers_file: None,
            json: false,
            verbosity: Verbosity::Normal,
            color: ColorChoice::Auto,
            llm: LlmOverrides::default(),
        }
    }
}

/// The memory file's default name.
pub const DEFAULT_MEMORY_FILE: &str = "context.json";

/// A setting that a resumed run takes from the new command line over the recorded one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overridden {
    /// The flag, e.g. `--model`.
    pub flag: &'static str,
    /// As the run was recorded; empty when it was not given then.
    pub recorded: String,
    pub now: String,
}

impl Overridden {
    /// What a resume says when it uses a setting given on its command line: the setting
    /// becomes the run's, for the next resume too, except a password in it, which archie
    /// never stores.
    pub fn message(&self) -> String {
        let kept = if crate::secrets::redact_text(&self.now) == self.now {
            "kept for the next resume"
        } else {
            "its password is not kept: give it again on the next resume"
        };
        if self.recorded.is_empty() {
            format!(
                "using {} {} given here; the run was recorded without it ({kept})",
                self.flag, self.now
            )
        } else {
            format!(
                "using {} {} given here, not {} as the run was recorded ({kept})",
                self.flag, self.now, self.recorded
            )
        }
    }
}

impl Settings {
    /// The folder of the run store: `--state-dir`, or `.archie/` beside the memory file.
    pub fn state_dir(&self) -> PathBuf {
        crate::store::state_dir(&self.memory_file, self.state_dir.as_deref())
    }

    /// The settings of a resumed run: what the run was recorded with (its memory file and
    /// options), where its store was found, and from the new command line how to answer,
    /// how to show output, and any LLM setting given again (which wins, and is reported
    /// in the returned list).
    ///
    /// Every field is named here, so a new option cannot be forgotten on resume.
    pub fn resumed(
        recorded: Settings,
        now: Settings,
        memory_file: &Path,
        state_dir: &Path,
    ) -> (Settings, Vec<Overridden>) {
        let Settings {
            memory_file: _,
            state_dir: _,
            prompts_dir,
            prompts_config,
            no_input: _,
            yes: _,
            answers: _,
            answers_file: _,
            json: _,
            verbosity: _,
            color: _,
            llm,
        } = recorded;
        let Settings {
            memory_file: _,
            state_dir: _,
            prompts_dir: _,
            prompts_config: _,
            no_input,
            yes,
            answers,
            answers_file,
            json,
            verbosity,
            color,
            llm: llm_now,
        } = now;
        let overridden = llm_overrides(&llm, &llm_now);
        let settings = Settings {
            memory_file: memory_file.to_path_buf(),
            state_dir: Some(state_dir.to_path_buf()),
            prompts_dir,
            prompts_config,
            no_input,
            yes,
            answers,
            answers_file,
            json,
            verbosity,
            color,
            llm: llm_now.or(llm),
        };
        (settings, overridden)
    }
}

/// The LLM settings given again on a resume's command line that differ from the
/// recorded ones (switches excepted: they hold for this attempt only).
fn llm_overrides(recorded: &LlmOverrides, now: &LlmOverrides) -> Vec<Overridden> {
    crate::llm::FLAGS
        .iter()
        .filter(|flag| flag.takes_value())
        .filter_map(|flag| {
            let now = (flag.get)(now)?;
            // Not given then: the message says so in words.
            let recorded = (flag.get)(recorded).unwrap_or_default();
            (now != recorded).then_some(Overridden {
                flag: flag.flag,
                recorded,
                now,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resume_keeps_the_run_and_takes_answers_output_and_llm_from_now() {
        let recorded = Settings {
            memory_file: "old/context.json".into(),
            prompts_dir: Some("p".into()),
            answers: vec!["first".into()],
            llm: LlmOverrides {
                model: Some("a".into()),
                retries: Some(2),
                ..LlmOverrides::default()
            },
            ..Settings::default()
        };
        let now = Settings {
            answers: vec!["second".into()],
            json: true,
            llm: LlmOverrides {
                model: Some("b".into()),
                ..LlmOverrides::default()
            },
            ..Settings::default()
        };
        let (s, overridden) = Settings::resumed(
            recorded,
            now,
            Path::new("/abs/context.json"),
            Path::new("/abs/.archie"),
        );
        assert_eq!(s.memory_file, Path::new("/abs/context.json"));
        assert_eq!(s.state_dir.as_deref(), Some(Path::new("/abs/.archie")));
        assert_eq!(s.prompts_dir.as_deref(), Some(Path::new("p")));
        assert_eq!(s.answers, ["second"]);
        assert!(s.json);
        assert_eq!(s.llm.model.as_deref(), Some("b"));
        assert_eq!(s.llm.retries, Some(2));
        assert_eq!(
            overridden,
            [Overridden {
                flag: "--model",
                recorded: "a".into(),
                now: "b".into()
            }]
        );
    }
}
