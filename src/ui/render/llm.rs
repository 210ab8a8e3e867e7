//! The model's side: an answer streaming, a whole message, a call retried, what the
//! calls cost.

use crate::events::{Event, RunEnd, Usage};
use crate::text::{self, thousands};
use crate::ui::{Ui, columns, finish, stream, style_stderr};
use std::io::Write;
use std::time::{Duration, Instant};

/// A retry said is not said again for another call within this long, even across
/// steps.
pub(super) const RETRY_QUIET: Duration = Duration::from_secs(10);

impl Ui {
    pub(super) fn render_llm(&self, event: Event) {
        match event {
            Event::Token { text } => self.token(&text),
            Event::TokensDone => {
                let mut state = self.state();
                self.end_stream(&mut state);
            }
            Event::Message { text } => {
                self.state().streamed = true;
                self.line(&format!(
                    "\n{} {}\n",
                    console::style("archie ─").cyan().bold(),
                    text::inert(text.trim_end())
                ));
            }
            Event::Retry {
                attempt,
                max_attempts,
                delay_ms,
                reason,
            } => self.retry(attempt, max_attempts, delay_ms, &text::inert_line(&reason)),
            Event::Usage(usage) => self.usage(&usage),
            _ => {}
        }
    }

    fn token(&self, text: &str) {
        let mut state = self.state();
        let now = Instant::now();
        if !state.streaming {
            // A spinner and streamed text cannot share the screen: the answer replaces
            // the "asking the model…" line. The answer's time counts from its start.
            let waiting: Vec<String> = state
                .tasks
                .iter()
                .filter(|(_, t)| t.total.is_none())
                .map(|(name, _)| name.clone())
                .collect();
            let mut started = now;
            for name in waiting {
                if let Some(task) = state.tasks.remove(&name) {
                    started = started.min(task.started);
                    if let Some(bar) = task.bar {
                        bar.finish_and_clear();
                    }
                }
            }
            state.streaming = true;
            let gap = if state.gap { "" } else { "\n" };
            let header = finish("archie ─ ").into_owned();
            let header_width = console::measure_text_width(&header);
            let header = format!("{} ", style_stderr(header.trim_end()).cyan().bold());
            if self.inner.live {
                #[cfg(unix)]
                crate::ui::quiet_control_echo();
                eprint!("{gap}");
                state.stream = Some(stream::Stream::new(started, &header, header_width));
                drop(state);
                self.start_ticker();
                state = self.state();
            } else {
                eprint!("{gap}{header}");
            }
        }
        state.streamed = true;
        let text = finish(&text::inert(text)).into_owned();
        match state.stream.as_mut() {
            Some(stream) => eprint!("{}", stream.push(&text, columns(), now)),
            None => eprint!("{text}"),
        }
        let _ = std::io::stderr().flush();
    }

    fn usage(&self, u: &Usage) {
        let calls = u.calls;
        let state = self.state();
        let (run, status) = (state.run.clone(), state.run_status);
        drop(state);
        // A run that made no call and did not complete has nothing to report.
        if calls == 0 && status != Some(RunEnd::Completed) {
            return;
        }
        let wall = self.inner.started.elapsed().as_millis() as u64;
        let mut parts = Vec::new();
        if calls == 0 {
            parts.push("no LLM calls".to_string());
        } else {
            // Requests beyond the calls (retries, refusals), failures, answers cut off.
            let mut extra = Vec::new();
            if u.requests > calls {
                extra.push(text::count(u.requests, "request", "requests"));
            }
            if u.refused > 0 {
                extra.push(format!("{} refused", u.refused));
            }
            if u.failed > 0 {
                extra.push(format!("{} failed", u.failed));
            }
            if u.truncated > 0 {
                extra.push(format!("{} cut off at max_tokens", u.truncated));
            }
            if u.stopped > 0 {
                extra.push(format!("{} stopped unanswered", u.stopped));
            }
            let mut calls_part = text::count(calls, "LLM call", "LLM calls");
            if !extra.is_empty() {
                calls_part.push_str(&format!(" ({})", extra.join(", ")));
            }
            parts.push(calls_part);
            // All estimates: every figure says so; some: the note says how many.
            let answered = calls.saturating_sub(u.failed + u.stopped);
            let (est, note) = if !u.estimated {
                ("", String::new())
            } else if u.estimated_calls == 0 || u.estimated_calls >= answered {
                ("~", " (estimated)".to_string())
            } else {
                (
                    "",
                    format!(" ({} of {answered} calls estimated)", u.estimated_calls),
                )
            };
            if answered == 0 {
                parts.push("no answer".to_string());
            } else {
                parts.push(format!(
                    "{est}{} → {est}{} tokens{note}",
                    thousands(u.prompt_tokens),
                    thousands(u.completion_tokens)
                ));
            }
            parts.push(format!("{} waiting for the model", text::took(u.ms)));
            if u.concurrency > 1 {
                parts.push(format!("up to {} in parallel", u.concurrency));
            }
        }
        parts.push(format!("{} in all", text::took(wall)));
        if let Some(run) = run {
            parts.push(format!("run {run} (archie runs show {run})"));
        }
        self.line(&format!(
            "  {}",
            console::style(finish(&parts.join(" · "))).dim()
        ));
    }

    /// `reason, retrying in 1.0 s (1/3)`. Calls in flight at once fail alike, and every
    /// retry is reported: a reason said since a step's progress line last ended, or
    /// within [`RETRY_QUIET`], is said again as a detail only (`-v`).
    fn retry(&self, attempt: u32, max_attempts: u32, delay_ms: u64, reason: &str) {
        let line = format!(
            "{reason}, retrying in {:.1} s ({attempt}/{max_attempts})",
            delay_ms as f64 / 1000.0
        );
        let mut state = self.state();
        let fresh = !state.retries_said.contains_key(reason);
        if fresh {
            state
                .retries_said
                .insert(reason.to_string(), Instant::now());
        }
        drop(state);
        if fresh {
            self.warn(&line);
        } else {
            self.detail(&line);
        }
    }
}
