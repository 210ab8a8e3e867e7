//! One renderer per family of events, as codex-rs's `exec` splits its event
//! processors: [`Ui::emit`] decides who sees an event (a question waiting and an error
//! always; results and files written even with `--quiet`; the rest neither under
//! `--json` nor with `--quiet`) and hands it to its family.

mod knowledge;
mod llm;
mod output;
mod run;
mod search;
mod status;

use super::Ui;
use crate::events::{Event, EventSink};

/// Who an event is drawn for on stderr.
enum Audience {
    /// Whatever the output mode: what must reach a person even under `--json`.
    Always,
    /// Not under `--json` (stdout carries the events), but even with `--quiet`.
    Results,
    /// Neither under `--json` nor with `--quiet`.
    Normal,
}

fn audience(event: &Event) -> Audience {
    match event {
        Event::Error { .. } | Event::Waiting { .. } | Event::Interrupted { .. } => Audience::Always,
        // The files written are named even with --quiet.
        Event::Result { .. }
        | Event::Data { .. }
        | Event::Table { .. }
        | Event::BalanceTest { .. }
        | Event::Wrote { .. }
        | Event::MemorySaved { .. }
        | Event::Duplicates { .. } => Audience::Results,
        _ => Audience::Normal,
    }
}

impl EventSink for Ui {
    fn emit(&self, event: Event) {
        let shown = match audience(&event) {
            Audience::Always => true,
            Audience::Results => !self.inner.json,
            Audience::Normal => !self.inner.json && !self.quiet(),
        };
        if !shown {
            return;
        }
        match event {
            e @ (Event::RunStarted { .. }
            | Event::NodeStarted { .. }
            | Event::NodeFinished { .. }
            | Event::NodeFailed { .. }
            | Event::Interrupt { .. }
            | Event::Answered { .. }
            | Event::Waiting { .. }
            | Event::Interrupted { .. }
            | Event::Error { .. }
            | Event::RunFinished { .. }
            | Event::Finished(_)) => self.render_run(e),
            e @ (Event::Progress { .. }
            | Event::ProgressDone { .. }
            | Event::Done { .. }
            | Event::Warning { .. }
            | Event::Aborted { .. }
            | Event::Detail { .. }) => self.render_status(e),
            e @ (Event::Token { .. }
            | Event::TokensDone
            | Event::Message { .. }
            | Event::Retry { .. }
            | Event::Usage(_)) => self.render_llm(e),
            e @ (Event::Result { .. }
            | Event::Data { .. }
            | Event::Table { .. }
            | Event::BalanceTest { .. }
            | Event::Wrote { .. }) => self.render_output(e),
            e @ (Event::Retrieved { .. }
            | Event::Extracted(_)
            | Event::MemorySaved { .. }
            | Event::Duplicates { .. }) => self.render_knowledge(e),
            e @ (Event::ToolsDiscovered { .. }
            | Event::Plan { .. }
            | Event::TaskStatus { .. }
            | Event::Session { .. }) => self.render_search(e),
        }
    }
}
