//! Asking the human: the prompters that get answers to the engine's questions (the
//! questions and answers themselves are the leaf `crate::pause`'s).
//!
//! - [`Scripted`]: answers given up front (`--answer`, `--answers FILE`, `--yes`),
//!   consumed in order.
//! - `ui::Terminal`: dialoguer prompts on stderr (the only prompter that draws).
//! - [`NoInput`]: there is nobody to ask; the run stops and can be resumed.
//!
//! [`Chain`] puts them together: scripted answers first, then the terminal if there is
//! one, otherwise stop.

use crate::error::{BoxError, UsageError};
use crate::events::{Event, Events};
use futures_util::future::BoxFuture;
use std::collections::VecDeque;
use std::path::Path;
use std::sync::Mutex;

pub use crate::pause::{Answer, Prompter, Question, QuestionKind, SlashCommand, Typed};

/// Nobody to ask.
#[derive(Debug, Default)]
pub struct NoInput;

impl Prompter for NoInput {
    fn ask<'a>(&'a self, _q: &'a Question) -> BoxFuture<'a, Result<Option<Answer>, BoxError>> {
        Box::pin(async { Ok(None) })
    }
}

/// An answers file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum AnswersFileError {
    /// It could not be read (the cause says why).
    #[error("cannot read answers file {}", path.display())]
    Read {
        path: std::path::PathBuf,
        #[source]
        source: crate::files::ReadError,
    },
    /// Its text is not answers.
    #[error(transparent)]
    Invalid(#[from] UsageError),
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
    pub fn read_file(path: &Path) -> Result<Vec<String>, AnswersFileError> {
        let bytes = crate::files::read_regular(path, 16 << 20).map_err(|source| {
            AnswersFileError::Read {
                path: path.to_path_buf(),
                source,
            }
        })?;
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

    fn next(&self, question: &Question) -> Result<Option<Answer>, UsageError> {
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
    fn ask<'a>(&'a self, q: &'a Question) -> BoxFuture<'a, Result<Option<Answer>, BoxError>> {
        Box::pin(async move { Ok(self.next(q)?) })
    }
}

/// Tries each prompter in turn until one answers.
pub struct Chain(pub Vec<Box<dyn Prompter>>);

impl Prompter for Chain {
    fn ask<'a>(&'a self, q: &'a Question) -> BoxFuture<'a, Result<Option<Answer>, BoxError>> {
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
