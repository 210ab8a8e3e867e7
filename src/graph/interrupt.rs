//! Asking the human: the engine's questions, answers and the prompters that get them.
//!
//! - [`Scripted`]: answers given up front (`--answer`, `--answers FILE`, `--yes`),
//!   consumed in order.
//! - `ui::Terminal`: dialoguer prompts on stderr (the only prompter that draws).
//! - [`NoInput`]: there is nobody to ask; the run stops and can be resumed.
//!
//! [`Chain`] puts them together: scripted answers first, then the terminal if there is
//! one, otherwise stop.

use crate::error::UsageError;
use crate::events::{AnswerKind, Event, Events};
use anyhow::Context as _;
use futures_util::future::BoxFuture;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::path::Path;
use std::sync::Mutex;

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
    fn ask<'a>(&'a self, question: &'a Question) -> BoxFuture<'a, anyhow::Result<Option<Answer>>>;
}

/// Nobody to ask.
#[derive(Debug, Default)]
pub struct NoInput;

impl Prompter for NoInput {
    fn ask<'a>(&'a self, _q: &'a Question) -> BoxFuture<'a, anyhow::Result<Option<Answer>>> {
        Box::pin(async { Ok(None) })
    }
}

/// Answers given up front, consumed in order. `--yes` answers every confirmation
/// without using up a scripted answer.
#[derive(Default)]
pub struct Scripted {
    answers: Mutex<VecDeque<String>>,
    yes: bool,
    events: Option<Events>,
}

impl Scripted {
    pub fn new(answers: impl IntoIterator<Item = String>, yes: bool) -> Self {
        Self {
            answers: Mutex::new(answers.into_iter().collect()),
            yes,
            events: None,
        }
    }

    /// Reports every answer it gives as [`Event::Answered`], so a log shows what was
    /// answered where a person would have seen the prompt.
    pub fn with_events(mut self, events: Events) -> Self {
        self.events = Some(events);
        self
    }

    /// Reads answers from a file: a JSON list of strings, or one answer per line.
    pub fn read_file(path: &Path) -> anyhow::Result<Vec<String>> {
        let bytes = crate::files::read_regular(path, 16 << 20)
            .with_context(|| format!("cannot read answers file {}", path.display()))?;
        let text = String::from_utf8(bytes).map_err(|_| {
            UsageError::new(format!("answers file {} is not UTF-8 text", path.display()))
        })?;
        Ok(Self::parse_answers(&text, path)?)
    }

    /// The answers in an answers file's text (read from `path`, named in the error): a
    /// JSON list of strings, or one answer per line.
    pub fn parse_answers(text: &str, path: &Path) -> Result<Vec<String>, UsageError> {
        if text.trim_start().starts_with('[') {
            serde_json::from_str(text).map_err(|e| {
                UsageError::new(format!(
                    "{} is not a JSON list of strings ({e})",
                    path.display()
                ))
                .hint("Write one answer per line, or a JSON list such as [\"yes\", \"/approve\"].")
            })
        } else {
            Ok(text.lines().map(str::to_string).collect())
        }
    }

    /// How many answers are left.
    pub fn remaining(&self) -> usize {
        self.answers.lock().map(|a| a.len()).unwrap_or(0)
    }

    fn next(&self, question: &Question) -> anyhow::Result<Option<Answer>> {
        let answer = if self.yes && matches!(question.kind, QuestionKind::Confirm { .. }) {
            Answer::Yes(true)
        } else {
            let raw = match self.answers.lock() {
                Ok(mut answers) => answers.pop_front(),
                Err(_) => None,
            };
            match raw {
                Some(raw) => question.parse_answer(&raw)?,
                None => return Ok(None),
            }
        };
        if let Some(events) = &self.events {
            events.emit(Event::Answered {
                prompt: question.prompt_label().to_string(),
                answer: answer.as_text().to_string(),
            });
        }
        Ok(Some(answer))
    }
}

impl Prompter for Scripted {
    fn ask<'a>(&'a self, q: &'a Question) -> BoxFuture<'a, anyhow::Result<Option<Answer>>> {
        Box::pin(async move { self.next(q) })
    }
}

/// Tries each prompter in turn until one answers.
pub struct Chain(pub Vec<Box<dyn Prompter>>);

impl Prompter for Chain {
    fn ask<'a>(&'a self, q: &'a Question) -> BoxFuture<'a, anyhow::Result<Option<Answer>>> {
        Box::pin(async move {
            for prompter in &self.0 {
                if let Some(answer) = prompter.ask(q).await? {
                    return Ok(Some(answer));
                }
            }
            Ok(None)
        })
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
