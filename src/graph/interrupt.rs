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
use crate::events::{Event, Events};
use anyhow::Context as _;
use futures::future::BoxFuture;
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
    pub fn name(&self) -> &'static str {
        match self {
            QuestionKind::Text => "text",
            QuestionKind::Confirm { .. } => "confirm",
            QuestionKind::Choose { .. } => "choose",
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
        }
    }

    pub fn confirm(text: impl Into<String>, default: bool) -> Self {
        Self {
            text: text.into(),
            kind: QuestionKind::Confirm { default },
            prompt: None,
        }
    }

    pub fn choose(text: impl Into<String>, options: Vec<String>) -> Self {
        Self {
            text: text.into(),
            kind: QuestionKind::Choose { options },
            prompt: None,
        }
    }

    /// Shows `prompt` at the terminal instead of the whole text.
    pub fn with_prompt(mut self, prompt: impl Into<String>) -> Self {
        self.prompt = Some(prompt.into());
        self
    }

    /// What the terminal prompt shows.
    pub fn prompt_label(&self) -> &str {
        self.prompt.as_deref().unwrap_or(&self.text)
    }

    /// Reads a typed answer (a scripted one, or one read back from a store) for this
    /// question: free text as is; `y`/`yes`/`true`/`n`/`no`/`false` for a confirmation;
    /// an option's text (any case) or its 1-based number for a choice.
    pub fn parse_answer(&self, raw: &str) -> Result<Answer, UsageError> {
        let trimmed = raw.trim();
        match &self.kind {
            QuestionKind::Text => Ok(Answer::Text(raw.to_string())),
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

/// An answer to a [`Question`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
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
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read answers file {}", path.display()))?;
        if text.trim_start().starts_with('[') {
            serde_json::from_str(&text).map_err(|e| {
                UsageError::new(format!(
                    "{} is not a JSON list of strings ({e})",
                    path.display()
                ))
                .hint("Write one answer per line, or a JSON list such as [\"yes\", \"/approve\"].")
                .into()
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
