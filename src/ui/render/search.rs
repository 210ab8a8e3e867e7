//! A search's tools, plan, tasks and session.

use crate::events::{Event, SessionStatus, TaskState};
use crate::text;
use crate::ui::{Ui, Verbosity, tick};

impl Ui {
    pub(super) fn render_search(&self, event: Event) {
        match event {
            Event::ToolsDiscovered { servers, .. } => {
                let ok: Vec<String> = servers
                    .iter()
                    .filter(|s| s.error.is_none())
                    .map(|s| {
                        let name = text::inert_line(&s.server);
                        if s.builtin {
                            format!("{name} ({} built-in)", s.tools)
                        } else {
                            format!("{name} ({})", s.tools)
                        }
                    })
                    .collect();
                self.done(&format!("tools  {}", ok.join(" · ")));
                for s in servers.iter().filter(|s| s.error.is_some()) {
                    let mut line = format!(
                        "{} {} skipped: {}",
                        console::style("✘").red(),
                        text::inert_line(&s.server),
                        text::inert_line(s.error.as_deref().unwrap_or(""))
                    );
                    for l in &s.stderr {
                        line.push_str(&format!(
                            "\n    {} {}",
                            console::style("stderr:").dim(),
                            text::inert_line(l)
                        ));
                    }
                    self.line(&line);
                }
            }
            Event::Plan {
                tasks,
                dropped,
                fallback,
            } => {
                let n = tasks.len();
                let mut line = format!("plan   {n} task{}", if n == 1 { "" } else { "s" });
                if fallback {
                    line.push_str(" (archie's own: the model's plan was unusable)");
                }
                self.done(&line);
                for d in dropped {
                    self.warn(&format!(
                        "dropped {}: {}",
                        text::inert_line(&d.tool),
                        text::inert_line(&d.reason)
                    ));
                }
            }
            Event::TaskStatus {
                tool,
                arguments,
                status,
                ms,
                tool_error,
                reason,
                ..
            } => {
                let call = text::inert_line(&format!(
                    "{tool} {}",
                    text::truncate(&arguments.to_string(), 70)
                ))
                .into_owned();
                if status == TaskState::Running {
                    // One progress line per tool call in flight, named by the call.
                    self.progress(call, 0, None, None);
                    return;
                }
                self.progress_done(&call);
                let reason = text::inert_line(reason.as_deref().unwrap_or_default()).into_owned();
                let line = match status {
                    TaskState::Done => format!(
                        "  {} {call}   {}{}",
                        tick(),
                        console::style(text::took(ms.unwrap_or(0))).dim(),
                        if tool_error {
                            " (the tool reported an error)"
                        } else {
                            ""
                        }
                    ),
                    TaskState::Failed => {
                        format!("  {} {call}   failed: {reason}", console::style("✘").red())
                    }
                    TaskState::Skipped => format!(
                        "  {} {call}   skipped: {reason}",
                        console::style("-").yellow()
                    ),
                    TaskState::Pending | TaskState::Running => return,
                };
                self.line(&line);
            }
            Event::Session {
                session, status, ..
            } => {
                if status == SessionStatus::Saved {
                    self.line(&format!(
                        "  {}",
                        console::style(format!(
                            "session {session} · follow up with: archie search --session {session} \"…\""
                        ))
                        .dim()
                    ));
                } else if self.inner.verbosity == Verbosity::Verbose {
                    self.line(&format!(
                        "  {}",
                        console::style(format!("session {session}: {}", status.as_str())).dim()
                    ));
                }
            }
            _ => {}
        }
    }
}
