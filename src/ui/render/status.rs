//! What is said as work goes on: a progress line per step, finished work, warnings,
//! details (`-v`).

use crate::events::Event;
use crate::text;
use crate::ui::{BarWords, Task, Ui, Verbosity, cadence, finish};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

impl Ui {
    pub(super) fn render_status(&self, event: Event) {
        match event {
            Event::Progress {
                task,
                done,
                total,
                detail,
            } => self.progress(task, done, total, detail),
            Event::ProgressDone { task } => self.progress_done(&task),
            Event::Done { message } => self.done(&text::inert_line(&message)),
            Event::Warning { message } | Event::Aborted { message } => {
                self.warn(&text::inert_line(&text::plain_serde(&message)))
            }
            Event::Detail { message } => self.detail(&message),
            _ => {}
        }
    }

    /// Extra detail, dim, shown with `-v` only.
    pub(super) fn detail(&self, message: &str) {
        if self.inner.verbosity == Verbosity::Verbose {
            self.line(&format!(
                "  {}",
                console::style(text::inert_line(message)).dim()
            ));
        }
    }

    pub(super) fn progress(
        &self,
        task: String,
        done: u64,
        total: Option<u64>,
        detail: Option<String>,
    ) {
        let mut state = self.state();
        let now = Instant::now();
        // A silent model is reported once it has been silent a while: `done` is how long.
        let waited = if task == crate::llm::WAITING {
            Duration::from_secs(done)
        } else {
            Duration::ZERO
        };
        let schedule = self.inner.schedule;
        let streaming = state.stream.is_some();
        let entry = state.tasks.entry(task.clone()).or_insert_with(|| Task {
            bar: None,
            words: Arc::new(Mutex::new(BarWords {
                name: finish(&task).into_owned(),
                detail: None,
            })),
            done: 0,
            total,
            started: now.checked_sub(waited).unwrap_or(now),
            cadence: cadence::Cadence::new(now, cadence::key(done, total), schedule),
        });
        entry.done = done;
        if total.is_some() {
            entry.total = total;
        }
        if self.inner.live {
            if let Some(detail) = detail {
                entry
                    .words
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .detail = Some(finish(&text::inert_line(&detail)).into_owned());
            }
            let bar = match &entry.bar {
                Some(bar) => bar.clone(),
                // An answer streaming has the screen (its status line says the time): a
                // spinner would be drawn in the middle of it.
                None if streaming => return,
                None => {
                    let bar = self.bar(&entry.words, total).with_elapsed(waited);
                    entry.bar = Some(bar.clone());
                    bar
                }
            };
            drop(state);
            if let Some(total) = total {
                bar.set_length(total);
            }
            bar.set_position(done);
        } else if self.inner.plain {
            drop(state);
            self.start_ticker();
        }
    }

    pub(super) fn progress_done(&self, task: &str) {
        let mut state = self.state();
        if let Some(task) = state.tasks.remove(task)
            && let Some(bar) = task.bar
        {
            bar.finish_and_clear();
        }
        // A step's progress line ended: a retry said long enough ago may be said again.
        state
            .retries_said
            .retain(|_, at| at.elapsed() < super::llm::RETRY_QUIET);
    }
}
