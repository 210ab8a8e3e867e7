//! The run's life: steps, questions asked and answered, a question waiting, Ctrl-C,
//! an error, the end of a run.

use crate::events::{AnswerKind, Event, WaitReason};
use crate::text;
use crate::ui::{
    Ui, Verbosity, columns, dumb_terminal, error_text, finish, runs, style_stderr, tick,
};
use std::io::IsTerminal;

impl Ui {
    pub(super) fn render_run(&self, event: Event) {
        match event {
            Event::Error {
                message,
                causes,
                hints,
                ..
            } => self.error(&message, &causes, &hints),
            Event::Waiting {
                question,
                prompt,
                kind,
                options,
                reason,
                resume_command,
                ..
            } => self.waiting(
                &text::inert(&question),
                prompt.as_deref(),
                kind,
                &options,
                reason,
                &resume_command,
            ),
            Event::Interrupted { resume_command, .. } => {
                self.clear_bars();
                if std::io::stderr().is_terminal() && !dumb_terminal() {
                    let _ = console::Term::stderr().show_cursor();
                }
                eprintln!("\n{} interrupted", style_stderr(finish("✘")).red());
                if let Some(cmd) = resume_command {
                    eprintln!("{}", finish(&format!("  continue with: {cmd}")));
                }
            }
            Event::NodeFinished { node, ms, .. } if self.inner.verbosity == Verbosity::Verbose => {
                self.line(&format!(
                    "{} step {node} {}",
                    console::style("·").dim(),
                    console::style(text::took(ms)).dim()
                ));
            }
            Event::NodeFailed { .. } => self.clear_bars(),
            Event::Answered { prompt, answer } => self.line(&format!(
                "{} {} · {}  {}",
                tick(),
                // The prompt without its reminder of the commands ("… (/approve to …)").
                text::inert_line(prompt.split(" (/").next().unwrap_or(&prompt)),
                text::inert_line(&answer),
                console::style("(given up front)").dim()
            )),
            Event::RunFinished { run, status, .. } => {
                let mut state = self.state();
                state.run = run;
                state.run_status = Some(status);
            }
            _ => {}
        }
    }

    /// `error: message`, each cause once, then what to do.
    fn error(&self, message: &str, causes: &[String], hints: &[String]) {
        self.clear_bars();
        eprintln!("{}", finish(&error_text(message, causes, hints)));
    }

    /// The run stopped at a question: the question, and the command that answers it.
    fn waiting(
        &self,
        question: &str,
        prompt: Option<&str>,
        kind: AnswerKind,
        options: &[String],
        reason: WaitReason,
        resume_command: &str,
    ) {
        self.clear_bars();
        let how = match reason {
            WaitReason::NoInput => "--no-input was given",
            WaitReason::NoTerminal => "there is no terminal to ask at",
        };
        let mut msg = format!(
            "{} waiting for an answer ({how}):\n  {}\n",
            console::style("?").yellow().bold(),
            question.trim().replace('\n', "\n  "),
        );
        if let Some(prompt) = prompt {
            msg.push_str(&format!("  {}\n", console::style(prompt).dim()));
        }
        msg.push_str(&runs::answer_hint(resume_command, kind, options));
        let msg = finish(&msg);
        if std::io::stderr().is_terminal() && !dumb_terminal() {
            eprintln!("{}", text::wrap(&msg, columns().saturating_sub(1)));
        } else {
            eprintln!("{msg}");
        }
    }
}
