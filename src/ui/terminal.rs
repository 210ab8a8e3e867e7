//! The terminal prompter: dialoguer prompts on stderr, drawn with progress bars
//! suspended so a spinner never garbles a prompt, run off the async runtime (dialoguer
//! blocks).

use super::Ui;
use crate::error::Interrupted;
use crate::graph::{Answer, Prompter, Question, QuestionKind};
use anyhow::Context as _;
use console::Term;
use dialoguer::theme::{ColorfulTheme, SimpleTheme, Theme};
use futures::future::BoxFuture;

/// Asks at the terminal.
pub struct Terminal {
    ui: Ui,
}

impl Terminal {
    pub fn new(ui: Ui) -> Self {
        Self { ui }
    }
}

impl Prompter for Terminal {
    fn ask<'a>(&'a self, q: &'a Question) -> BoxFuture<'a, anyhow::Result<Option<Answer>>> {
        let question = q.clone();
        let ui = self.ui.clone();
        Box::pin(async move {
            let answer = tokio::task::spawn_blocking(move || ui.suspend(|| ask(&question)))
                .await
                .context("the prompt thread panicked")??;
            Ok(Some(answer))
        })
    }
}

fn ask(question: &Question) -> anyhow::Result<Answer> {
    let term = Term::stderr();
    let colorful = ColorfulTheme::default();
    let theme: &dyn Theme = if console::colors_enabled_stderr() {
        &colorful
    } else {
        &SimpleTheme
    };
    let result = match &question.kind {
        QuestionKind::Text => dialoguer::Input::<String>::with_theme(theme)
            .with_prompt(question.prompt_label())
            .allow_empty(false)
            .interact_text_on(&term)
            .map(Answer::Text),
        QuestionKind::Confirm { default } => dialoguer::Confirm::with_theme(theme)
            .with_prompt(question.prompt_label())
            .default(*default)
            .interact_on(&term)
            .map(Answer::Yes),
        QuestionKind::Choose { options } => dialoguer::Select::with_theme(theme)
            .with_prompt(question.prompt_label())
            .items(options)
            .default(0)
            .interact_on(&term)
            .map(|index| Answer::Choice {
                index,
                option: options.get(index).cloned().unwrap_or_default(),
            }),
    };
    result.map_err(|dialoguer::Error::IO(err)| {
        // Whatever happened, never leave the terminal without a cursor.
        let _ = term.show_cursor();
        if err.kind() == std::io::ErrorKind::Interrupted {
            anyhow::Error::new(Interrupted)
        } else {
            anyhow::Error::new(err).context("cannot read the answer from the terminal")
        }
    })
}
