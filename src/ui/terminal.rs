//! dialoguer prompts on stderr.

use super::Ui;
use super::prompt::{Answer, Question, QuestionKind};
use crate::error::Interrupted;
use console::Term;
use dialoguer::theme::{ColorfulTheme, SimpleTheme, Theme};

pub(super) fn ask(_ui: &Ui, question: &Question) -> anyhow::Result<Answer> {
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
                option: options[index].clone(),
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
