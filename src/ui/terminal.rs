//! The terminal prompter: questions asked on stderr with the progress lines suspended,
//! so a spinner never garbles a prompt, run off the async runtime (reading blocks).
//!
//! Free-text answers use archie's own line editor where it can (a unix terminal): a
//! multi-line paste is one answer, a mistyped `/command` is refused with a suggestion
//! (never sent to the model), `/help` lists the commands, and Enter on an empty line
//! says what to type; what was typed while archie worked is the start of the answer.
//! Yes/no and choice questions use dialoguer, after dropping anything typed ahead.

use super::Ui;
use crate::error::{BoxError, Failure, Interrupted};
use crate::pause::{Answer, Prompter, Question, QuestionKind, Typed};
use console::Term;
use dialoguer::theme::{ColorfulTheme, SimpleTheme, Theme};
use futures_util::future::BoxFuture;

/// Asks at the terminal.
pub struct Terminal {
    ui: Ui,
}

impl Terminal {
    pub fn new(ui: Ui) -> Self {
        Self { ui }
    }
}

/// What a failed read of the answer says (its cause follows).
const TERMINAL_READ: &str = "cannot read the answer from the terminal";

impl Prompter for Terminal {
    fn ask<'a>(&'a self, q: &'a Question) -> BoxFuture<'a, Result<Option<Answer>, BoxError>> {
        let question = q.clone();
        let ui = self.ui.clone();
        Box::pin(async move {
            let answer = tokio::task::spawn_blocking(move || {
                // A question whose text was not shown on this terminal (a resumed run
                // waiting at it) is shown again before its short prompt.
                let seen = ui.take_streamed();
                if question.prompt.is_some() && !seen {
                    ui.line(&format!(
                        "\n{} {}\n",
                        console::style("archie ─").cyan().bold(),
                        crate::text::inert(question.text.trim_end())
                    ));
                }
                ui.suspend(|| ask(&ui, &question))
            })
            .await
            .map_err(|err| Failure::because("the prompt thread panicked", err))??;
            Ok(Some(answer))
        })
    }
}

fn ask(ui: &Ui, question: &Question) -> Result<Answer, BoxError> {
    #[cfg(unix)]
    if matches!(question.kind, QuestionKind::Text)
        && std::io::IsTerminal::is_terminal(&std::io::stdin())
    {
        return ask_text(ui, question);
    }
    let _ = ui;
    // A key typed while archie worked would answer a question nobody has read yet.
    #[cfg(unix)]
    if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        super::editor::drop_typed_ahead();
    }
    let term = Term::stderr();
    // Broken into rows on words here, not by the terminal mid-word: dialoguer counts the
    // rows it clears by the line breaks it was given. Room is left for `? ` before and
    // `[y/n] ›` after.
    let label = crate::text::wrap(question.prompt_label(), super::columns().saturating_sub(12));
    let colorful = ColorfulTheme::default();
    let theme: &dyn Theme = if console::colors_enabled_stderr() && !super::ascii() {
        &colorful
    } else {
        &SimpleTheme
    };
    let result = match &question.kind {
        QuestionKind::Text => dialoguer::Input::<String>::with_theme(theme)
            .with_prompt(&label)
            .allow_empty(false)
            .interact_text_on(&term)
            .map(Answer::Text),
        QuestionKind::Confirm { default } => dialoguer::Confirm::with_theme(theme)
            .with_prompt(&label)
            .default(*default)
            .interact_on(&term)
            .map(Answer::Yes),
        QuestionKind::Choose { options } => dialoguer::Select::with_theme(theme)
            .with_prompt(&label)
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
            Box::new(Interrupted) as BoxError
        } else {
            Box::new(Failure::because(TERMINAL_READ, err))
        }
    })
}

/// A free-text answer with archie's line editor: asks again until the answer is text or one of the question's commands.
#[cfg(unix)]
fn ask_text(ui: &Ui, question: &Question) -> Result<Answer, BoxError> {
    use super::editor::{Read, read_line};
    use crate::text::inert_line;
    let label = inert_line(question.prompt_label());
    // A reminder of the commands that would not fit on the prompt's row (with room to
    // type) is left out rather than cut mid-word: /help and an empty Enter say it too.
    let room = super::columns().saturating_sub(16);
    let label = if console::measure_text_width(&label) + 4 > room {
        std::borrow::Cow::Owned(label.split(" (/").next().unwrap_or(&label).to_string())
    } else {
        label
    };
    let arrow = if super::ascii() { ">" } else { "›" };
    let prompt = format!(
        "{} {} {} ",
        console::style("?").yellow().bold(),
        console::style(&label).bold(),
        console::style(arrow).dim()
    );
    let prompt = super::finish(&prompt).into_owned();
    let mut typed = String::new();
    loop {
        let line =
            match read_line(&prompt, &typed).map_err(|err| Failure::because(TERMINAL_READ, err))? {
                Read::Line(line) => line,
                Read::Interrupted => return Err(Box::new(Interrupted)),
            };
        let say = |text: String| eprintln!("{}", super::finish(&text));
        match question.classify(&line) {
            Typed::Text | Typed::Command => {
                // The echo names the prompt without its reminder of the commands.
                let short = label.split(" (/").next().unwrap_or(&label);
                say(echo(short, &line));
                return Ok(Answer::Text(line));
            }
            Typed::Empty => {
                say(format!(
                    "  {}",
                    console::style(question.what_to_type()).dim()
                ));
                typed.clear();
            }
            Typed::Help => {
                let mut help = String::from("  commands:");
                for c in &question.commands {
                    help.push_str(&format!("\n    {:<10} {}", c.name, c.help));
                }
                help.push_str(
                    "\n  anything else is your answer (a multi-line paste is one answer)",
                );
                say(help);
                typed.clear();
            }
            Typed::Unknown { suggestion } => {
                say(format!(
                    "{} {}",
                    console::style("!").yellow().bold(),
                    inert_line(&question.unknown_command(&line, suggestion.as_deref()))
                ));
                // The line is cleared: a command is one word, retyped at once, and a typo
                // kept on the line would become part of the next answer (`/aprove` then
                // `/approve` sent `/aprove/approve` to the model).
                typed.clear();
            }
        }
        let _ = ui;
    }
}

/// `✔ Your answer · It fails fast.`, a multi-line answer as its first line and a count.
#[cfg(unix)]
fn echo(label: &str, answer: &str) -> String {
    let mut lines = answer.trim().lines();
    let first = crate::text::inert_line(lines.next().unwrap_or_default()).into_owned();
    let more = lines.count();
    let rest = if more > 0 {
        format!(
            " {}",
            console::style(format!(
                "(+{more} more line{}, {} characters)",
                if more == 1 { "" } else { "s" },
                crate::text::thousands(answer.chars().count() as u64)
            ))
            .dim()
        )
    } else {
        String::new()
    };
    format!(
        "{} {} {} {first}{rest}",
        console::style("✔").green(),
        console::style(label).bold(),
        console::style("·").dim()
    )
}
