//! What a paused run is, in words every layer may use: the questions a flow asks the
//! human ([`Question`]), their answers ([`Answer`]), who answers them ([`Prompter`]),
//! where a run continues ([`Cursor`]) and its [`Checkpoint`], kept by a
//! [`Checkpointer`]. A leaf: the engine (`graph`) asks and checkpoints with them, the run
//! store keeps them, MCP elicitation answers them, the terminal draws them; none of those
//! needs the engine for it.

use crate::error::{BoxError, UsageError};
use crate::events::AnswerKind;
use futures_util::future::BoxFuture;
use serde::{Deserialize, Serialize};

/// A question a flow asks the human.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Question {
    /// The whole question (what a script sees in the interrupt event).
    pub text: String,
    pub kind: QuestionKind,
    /// A short label for the terminal prompt when `text` was already shown above it
    /// (an agent's streamed message, say).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt: Option<String>,
    /// The slash commands a free-text answer may be instead of text (`/approve`). Any
    /// other `/word` is a mistyped command, never an answer: it is refused with a
    /// suggestion, and so never sent to a model.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub commands: Vec<SlashCommand>,
}

/// A command a question accepts instead of a free-text answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlashCommand {
    /// `/approve`
    pub name: String,
    /// What it does: `write the analysis`.
    pub help: String,
}

/// What a typed answer is, as far as slash commands go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// Text to use as the answer.
    Text,
    /// One of the question's commands.
    Command,
    /// `/help`: the user asks which commands there are.
    Help,
    /// Nothing but whitespace.
    Empty,
    /// A `/word` that is not a command of this question; the closest one, if any is close.
    Unknown { suggestion: Option<String> },
}

/// What kind of answer a question wants.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum QuestionKind {
    /// Free text.
    Text,
    /// Yes or no.
    Confirm { default: bool },
    /// One of `options`.
    Choose { options: Vec<String> },
}

impl QuestionKind {
    /// The kind without its details, as events carry it (`text`, `confirm`, `choose`).
    pub fn name(&self) -> AnswerKind {
        match self {
            QuestionKind::Text => AnswerKind::Text,
            QuestionKind::Confirm { .. } => AnswerKind::Confirm,
            QuestionKind::Choose { .. } => AnswerKind::Choose,
        }
    }

    pub fn options(&self) -> &[String] {
        match self {
            QuestionKind::Choose { options } => options,
            _ => &[],
        }
    }
}

impl Question {
    pub fn text(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            kind: QuestionKind::Text,
            prompt: None,
            commands: Vec::new(),
        }
    }

    pub fn confirm(text: impl Into<String>, default: bool) -> Self {
        Self {
            text: text.into(),
            kind: QuestionKind::Confirm { default },
            prompt: None,
            commands: Vec::new(),
        }
    }

    pub fn choose(text: impl Into<String>, options: Vec<String>) -> Self {
        Self {
            text: text.into(),
            kind: QuestionKind::Choose { options },
            prompt: None,
            commands: Vec::new(),
        }
    }

    /// Shows `prompt` at the terminal instead of the whole text.
    pub fn with_prompt(mut self, prompt: impl Into<String>) -> Self {
        self.prompt = Some(prompt.into());
        self
    }

    /// Accepts these slash commands (name, what it does) besides free text.
    pub fn with_commands(mut self, commands: &[(&str, &str)]) -> Self {
        self.commands = commands
            .iter()
            .map(|(name, help)| SlashCommand {
                name: (*name).to_string(),
                help: (*help).to_string(),
            })
            .collect();
        self
    }

    /// What the terminal prompt shows.
    pub fn prompt_label(&self) -> &str {
        self.prompt.as_deref().unwrap_or(&self.text)
    }

    /// Whether `raw` is text, one of this question's commands, `/help`, nothing, or a
    /// mistyped command. A command is a single `/word` of letters (so `/etc/hosts is the
    /// file` is text).
    pub fn classify(&self, raw: &str) -> Typed {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Typed::Empty;
        }
        let Some(word) = trimmed.strip_prefix('/') else {
            return Typed::Text;
        };
        if word.is_empty() || !word.chars().all(|c| c.is_ascii_alphabetic() || c == '-') {
            return Typed::Text;
        }
        let lower = trimmed.to_ascii_lowercase();
        if self.commands.iter().any(|c| c.name == lower) {
            return Typed::Command;
        }
        if lower == "/help" || lower == "/?" {
            return Typed::Help;
        }
        let suggestion = self
            .commands
            .iter()
            .map(|c| (edit_distance(&lower, &c.name), &c.name))
            .filter(|(d, name)| *d <= (name.len() / 3).max(2))
            .min()
            .map(|(_, name)| name.clone());
        Typed::Unknown { suggestion }
    }

    /// `unknown command /aprove — did you mean /approve?`
    pub fn unknown_command(&self, raw: &str, suggestion: Option<&str>) -> String {
        let raw = raw.trim();
        match suggestion {
            Some(s) => format!("unknown command {raw} — did you mean {s}?"),
            None if self.commands.is_empty() => format!("unknown command {raw}"),
            None => format!(
                "unknown command {raw} (the commands are {})",
                self.command_names()
            ),
        }
    }

    /// `/approve, /abort`
    pub fn command_names(&self) -> String {
        self.commands
            .iter()
            .map(|c| c.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// What to type, for an empty answer: `type your answer, or /approve to write the
    /// analysis, /abort to stop`.
    pub fn what_to_type(&self) -> String {
        let mut out = String::from("type your answer");
        if !self.commands.is_empty() {
            let commands: Vec<String> = self
                .commands
                .iter()
                .map(|c| format!("{} to {}", c.name, c.help))
                .collect();
            out.push_str(", or ");
            out.push_str(&commands.join(", "));
            out.push_str(" (/help lists the commands)");
        }
        out
    }

    /// Reads a typed answer (a scripted one, or one read back from a store) for this
    /// question: free text as is; `y`/`yes`/`true`/`n`/`no`/`false` for a confirmation;
    /// an option's text (any case) or its 1-based number for a choice.
    pub fn parse_answer(&self, raw: &str) -> Result<Answer, UsageError> {
        let trimmed = raw.trim();
        match &self.kind {
            QuestionKind::Text => match self.classify(raw) {
                Typed::Unknown { suggestion } => Err(UsageError::new(
                    self.unknown_command(raw, suggestion.as_deref()),
                )
                .hint(format!("The commands here are {}.", self.command_names()))),
                Typed::Help => Err(UsageError::new(format!(
                    "{trimmed} is for the terminal; the commands here are {}",
                    self.command_names()
                ))),
                _ => Ok(Answer::Text(raw.to_string())),
            },
            QuestionKind::Confirm { .. } => match trimmed.to_ascii_lowercase().as_str() {
                "y" | "yes" | "true" | "1" => Ok(Answer::Yes(true)),
                "n" | "no" | "false" | "0" => Ok(Answer::Yes(false)),
                _ => Err(UsageError::new(format!(
                    "`{trimmed}` does not answer the yes/no question \"{}\"",
                    self.text
                ))
                .hint("Answer it with `--answer yes` or `--answer no` (or pass --yes).")),
            },
            QuestionKind::Choose { options } => {
                let by_number = trimmed
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=options.len()).contains(n))
                    .map(|n| n - 1);
                let index = by_number
                    .or_else(|| options.iter().position(|o| o.eq_ignore_ascii_case(trimmed)));
                match index {
                    Some(index) => Ok(Answer::Choice {
                        index,
                        option: options[index].clone(),
                    }),
                    None => Err(UsageError::new(format!(
                        "`{trimmed}` is not one of the choices for \"{}\"",
                        self.text
                    ))
                    .hint(format!(
                        "Answer with one of: {} (or its number).",
                        options.join(", ")
                    ))),
                }
            }
        }
    }
}

/// Edit distance between two short strings.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// An answer to a [`Question`]. Kept in a checkpoint between the question and the step
/// that uses it (adjacently tagged: `{"kind": "text", "value": "…"}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Answer {
    Text(String),
    Yes(bool),
    Choice { index: usize, option: String },
}

impl Answer {
    /// The answer as text (a choice gives its option, a confirmation `yes`/`no`).
    pub fn as_text(&self) -> &str {
        match self {
            Answer::Text(t) => t,
            Answer::Yes(true) => "yes",
            Answer::Yes(false) => "no",
            Answer::Choice { option, .. } => option,
        }
    }
}

/// Gets answers to questions. `Ok(None)` means nobody can answer here: the run stops,
/// keeps its checkpoint and waits to be resumed.
pub trait Prompter: Send + Sync {
    fn ask<'a>(&'a self, question: &'a Question)
    -> BoxFuture<'a, Result<Option<Answer>, BoxError>>;
}

/// Where a run starts or continues.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "at", rename_all = "snake_case")]
pub enum Cursor {
    /// Run this node next.
    Node { node: String },
    /// Ask this question, then deliver the answer to `then`.
    Question { question: Question, then: String },
    /// The question was answered: deliver `answer` to `then`. Recorded before `then`
    /// runs, so an answer typed once survives the failure (or Ctrl-C) of the step that
    /// uses it: resume continues from it instead of asking again.
    Answered { answer: Answer, then: String },
    /// The run has ended.
    Done,
}

/// The state of a run after a step: enough to continue it later.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The flow (graph name).
    pub flow: String,
    /// Steps finished so far.
    pub step: u32,
    /// The node that just finished (empty before the first step).
    pub node: String,
    /// How long that node ran, in milliseconds (not counting time spent waiting for an
    /// answer, which happens between steps).
    #[serde(default)]
    pub ms: u64,
    /// Where the run continues.
    pub next: Cursor,
    /// The flow's state, serialised.
    pub state: serde_json::Value,
}

/// Receives the latest checkpoint after every step. The run store implements it; the
/// engine only knows this trait.
pub trait Checkpointer: Send + Sync {
    fn save(&self, checkpoint: &Checkpoint) -> Result<(), BoxError>;

    /// Records that the latest checkpoint's question was answered: the run continues
    /// from `next` (a [`Cursor::Answered`]) rather than asking again. The state and the
    /// steps are unchanged.
    fn answered(&self, _next: &Cursor) -> Result<(), BoxError> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question() -> Question {
        Question::text("Which?").with_commands(&[
            ("/approve", "write the analysis"),
            ("/abort", "stop without writing"),
        ])
    }

    #[test]
    fn slash_words_are_commands_help_or_typos() {
        let q = question();
        assert_eq!(q.classify("/approve"), Typed::Command);
        assert_eq!(q.classify("  /APPROVE "), Typed::Command);
        assert_eq!(q.classify("/help"), Typed::Help);
        assert_eq!(q.classify("   "), Typed::Empty);
        assert_eq!(q.classify("It fails fast."), Typed::Text);
        assert_eq!(q.classify("/etc/hosts is the file"), Typed::Text);
        assert_eq!(
            q.classify("/aprove"),
            Typed::Unknown {
                suggestion: Some("/approve".into())
            }
        );
        assert_eq!(q.classify("/quit"), Typed::Unknown { suggestion: None });
        assert_eq!(
            q.unknown_command("/aprove", Some("/approve")),
            "unknown command /aprove — did you mean /approve?"
        );
    }

    #[test]
    fn a_scripted_typo_is_refused_not_answered() {
        let q = question();
        let err = q.parse_answer("/aprove").unwrap_err();
        assert!(err.message.contains("did you mean /approve?"), "{err}");
        assert_eq!(
            q.parse_answer("/abort").unwrap(),
            Answer::Text("/abort".into())
        );
    }
}
