//! The only place that draws: the human renderer of [`Event`]s on stderr, JSON lines
//! ([`JsonLines`]), the terminal prompter ([`Terminal`]), tables of runs and of the
//! memory, and colour settings.

mod json;
pub mod mcp;
pub mod memory;
pub mod runs;
mod terminal;
pub mod text;

pub use json::JsonLines;
pub use terminal::Terminal;
pub use text::thousands;

use crate::events::{Event, EventSink};
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// When to use colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColorChoice {
    /// Colour when the stream is a terminal and `NO_COLOR` is unset.
    #[default]
    Auto,
    Always,
    Never,
}

/// How much the human renderer says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Verbosity {
    /// Errors, results and the files written.
    Quiet,
    #[default]
    Normal,
    /// Also details (skipped files, node timings).
    Verbose,
}

/// Decides colour for stdout and stderr once, at start-up.
pub fn init_colors(choice: ColorChoice) {
    let env_off = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
        || std::env::var("TERM").is_ok_and(|t| t == "dumb");
    let (out, err) = match choice {
        ColorChoice::Always => (true, true),
        ColorChoice::Never => (false, false),
        ColorChoice::Auto if env_off => (false, false),
        ColorChoice::Auto => (
            std::io::stdout().is_terminal(),
            std::io::stderr().is_terminal(),
        ),
    };
    console::set_colors_enabled(out);
    console::set_colors_enabled_stderr(err);
}

/// Whether a human can answer prompts: stdin and stderr are terminals.
pub fn is_interactive() -> bool {
    std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}

/// The human renderer: spinners and bars on stderr, a line per finished step, results
/// on stdout. Cheap to clone (shared inside).
#[derive(Clone)]
pub struct Ui {
    inner: Arc<Inner>,
}

struct Inner {
    multi: MultiProgress,
    verbosity: Verbosity,
    /// Events also go out as JSON lines on stdout: draw only what must reach stderr
    /// whatever the mode (a question waiting, Ctrl-C, an error).
    json: bool,
    /// Whether bars are drawn (stderr is a terminal and not quiet).
    live: bool,
    bars: Mutex<Bars>,
}

#[derive(Default)]
struct Bars {
    nodes: HashMap<String, ProgressBar>,
    tasks: HashMap<String, ProgressBar>,
    streaming: bool,
    /// The last thing printed ended with a blank line.
    gap: bool,
    /// The run that finished last, named on the usage line.
    run: Option<String>,
}

impl Ui {
    /// The renderer for `verbosity`; with `json`, only what must reach stderr whatever
    /// the output mode.
    pub fn new(verbosity: Verbosity, json: bool) -> Self {
        let live = !json && verbosity != Verbosity::Quiet && std::io::stderr().is_terminal();
        let target = if live {
            ProgressDrawTarget::stderr_with_hz(12)
        } else {
            ProgressDrawTarget::hidden()
        };
        Self {
            inner: Arc::new(Inner {
                multi: MultiProgress::with_draw_target(target),
                verbosity,
                json,
                live,
                bars: Mutex::new(Bars::default()),
            }),
        }
    }

    pub fn verbosity(&self) -> Verbosity {
        self.inner.verbosity
    }

    /// Runs `f` with every bar cleared from the screen, then redraws them.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.inner.multi.suspend(f)
    }

    /// Prints a line on stderr above the bars.
    pub fn line(&self, text: &str) {
        let text = &crate::secrets::redact_text(text);
        self.bars().gap = text.ends_with('\n');
        if self.inner.live {
            self.inner.multi.suspend(|| eprintln!("{text}"));
        } else {
            eprintln!("{text}");
        }
    }

    /// Prints a command's result on stdout, after any stream in progress.
    fn result(&self, text: &str) {
        let mut bars = self.bars();
        self.end_stream(&mut bars);
        drop(bars);
        self.suspend(|| {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{}", crate::secrets::redact_text(text));
            let _ = out.flush();
        });
    }

    fn quiet(&self) -> bool {
        self.inner.verbosity == Verbosity::Quiet
    }

    fn bars(&self) -> std::sync::MutexGuard<'_, Bars> {
        self.inner
            .bars
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Ends a streamed answer with a blank line, so it stands apart from what follows.
    fn end_stream(&self, bars: &mut Bars) {
        if bars.streaming {
            bars.streaming = false;
            bars.gap = true;
            eprintln!("\n");
        }
    }

    fn spinner(&self, message: String) -> ProgressBar {
        let bar = self.inner.multi.add(ProgressBar::new_spinner());
        bar.set_style(
            ProgressStyle::with_template("{spinner:.cyan} {msg} {elapsed:.dim}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.set_message(message);
        bar.enable_steady_tick(Duration::from_millis(100));
        bar
    }

    fn task_bar(&self, task: &str, total: Option<u64>) -> ProgressBar {
        let bar = match total {
            Some(total) => {
                let bar = self.inner.multi.add(ProgressBar::new(total));
                bar.set_style(
                    ProgressStyle::with_template(
                        "{spinner:.cyan} {prefix} [{bar:24.cyan/dim}] {pos}/{len} {msg} {elapsed:.dim} (eta {eta})",
                    )
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("━╸ "),
                );
                bar
            }
            None => self.spinner(String::new()),
        };
        bar.set_prefix(task.to_string());
        bar.enable_steady_tick(Duration::from_millis(100));
        bar
    }
}

impl Ui {
    /// A finished piece of work: `✔ message`, after any stream in progress.
    fn done(&self, message: &str) {
        let mut bars = self.bars();
        self.end_stream(&mut bars);
        drop(bars);
        self.line(&format!("{} {message}", tick()));
    }

    /// Clears every spinner and bar from the screen for good.
    fn clear_bars(&self) {
        let mut bars = self.bars();
        let Bars { nodes, tasks, .. } = &mut *bars;
        for (_, bar) in nodes.drain().chain(tasks.drain()) {
            bar.finish_and_clear();
        }
        self.end_stream(&mut bars);
    }

    /// `error: message`, each cause once, then what to do.
    fn error(&self, message: &str, causes: &[String], hints: &[String]) {
        self.clear_bars();
        eprintln!("{}", error_text(message, causes, hints));
    }

    /// The run stopped at a question: the question, and the command that answers it.
    fn waiting(
        &self,
        question: &str,
        prompt: Option<&str>,
        kind: &str,
        options: &[String],
        reason: &str,
        resume_command: &str,
    ) {
        self.clear_bars();
        let how = if reason == "no_input" {
            "--no-input was given"
        } else {
            "there is no terminal to ask at"
        };
        let answer = match kind {
            "confirm" => "--answer yes   (or --yes)".to_string(),
            "choose" => format!(
                "--answer \"{}\"   (one of: {})",
                options.first().map_or("", |o| o.as_str()),
                options.join(", ")
            ),
            _ => "--answer \"…\"".to_string(),
        };
        let mut msg = format!(
            "{} waiting for an answer ({how}):\n  {}\n",
            console::style("?").yellow().bold(),
            question.trim().replace('\n', "\n  "),
        );
        if let Some(prompt) = prompt {
            msg.push_str(&format!("  {}\n", console::style(prompt).dim()));
        }
        msg.push_str(&format!("  continue with: {resume_command} {answer}"));
        eprintln!("{}", crate::secrets::redact_text(&msg));
    }
}

/// The report of a failed command: `error: message`, each cause once (`caused by: …`),
/// then the hints, each line indented; secrets redacted.
pub fn error_text(message: &str, causes: &[String], hints: &[String]) -> String {
    let mut out = format!("{} {message}", console::style("error:").red().bold());
    for cause in causes {
        out.push_str(&format!("\n  caused by: {cause}"));
    }
    for hint in hints {
        for line in hint.lines() {
            out.push_str(&format!("\n  {line}"));
        }
    }
    crate::secrets::redact_text(&out)
}

fn tick() -> console::StyledObject<&'static str> {
    console::style("✔").green()
}

impl EventSink for Ui {
    fn emit(&self, event: Event) {
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
                &question,
                prompt.as_deref(),
                &kind,
                &options,
                &reason,
                &resume_command,
            ),
            Event::Interrupted { resume_command, .. } => {
                self.clear_bars();
                let _ = console::Term::stderr().show_cursor();
                eprintln!("\n{} interrupted", console::style("✘").red());
                if let Some(cmd) = resume_command {
                    eprintln!("  continue with: {cmd}");
                }
            }
            _ if self.inner.json => {}
            Event::Result { text } => self.result(&text),
            Event::Data { value } => {
                let text =
                    serde_json::to_string_pretty(&value).unwrap_or_else(|_| value.to_string());
                self.result(&text);
            }
            _ if self.quiet() => {}
            Event::NodeStarted { node, .. } => {
                if self.inner.live {
                    let bar = self.spinner(node.clone());
                    self.bars().nodes.insert(node, bar);
                }
            }
            Event::NodeFinished { node, ms, .. } => {
                if let Some(bar) = self.bars().nodes.remove(&node) {
                    bar.finish_and_clear();
                }
                if self.inner.verbosity == Verbosity::Verbose {
                    self.line(&format!(
                        "{} {node} {}",
                        console::style("·").dim(),
                        console::style(format!("{ms} ms")).dim()
                    ));
                }
            }
            Event::NodeFailed { node, .. } => {
                if let Some(bar) = self.bars().nodes.remove(&node) {
                    bar.finish_and_clear();
                }
            }
            Event::Done { message } => self.done(&message),
            Event::Warning { message } => {
                let mut bars = self.bars();
                self.end_stream(&mut bars);
                drop(bars);
                self.line(&format!(
                    "{} {message}",
                    console::style("!").yellow().bold()
                ));
            }
            Event::Detail { message } => {
                if self.inner.verbosity == Verbosity::Verbose {
                    self.line(&format!("  {}", console::style(message).dim()));
                }
            }
            Event::Progress {
                task,
                done,
                total,
                detail,
            } => {
                if !self.inner.live {
                    return;
                }
                let mut bars = self.bars();
                let bar = match bars.tasks.get(&task) {
                    Some(bar) => bar.clone(),
                    None => {
                        let bar = self.task_bar(&task, total);
                        bars.tasks.insert(task, bar.clone());
                        bar
                    }
                };
                if let Some(total) = total {
                    bar.set_length(total);
                }
                bar.set_position(done);
                if let Some(detail) = detail {
                    bar.set_message(detail);
                }
            }
            Event::ProgressDone { task } => {
                if let Some(bar) = self.bars().tasks.remove(&task) {
                    bar.finish_and_clear();
                }
            }
            Event::Token { text } => {
                let mut bars = self.bars();
                if !bars.streaming {
                    // Spinners and streamed text cannot share the screen: clear them.
                    for bar in bars.nodes.values() {
                        bar.finish_and_clear();
                    }
                    bars.streaming = true;
                    let gap = if bars.gap { "" } else { "\n" };
                    eprint!("{gap}{} ", console::style("archie ─").cyan().bold());
                }
                eprint!("{}", crate::secrets::redact_text(&text));
                let _ = std::io::stderr().flush();
            }
            Event::TokensDone => {
                let mut bars = self.bars();
                self.end_stream(&mut bars);
            }
            Event::Message { text } => {
                self.line(&format!(
                    "\n{} {}\n",
                    console::style("archie ─").cyan().bold(),
                    text.trim_end()
                ));
            }
            Event::Retry {
                attempt,
                max_attempts,
                delay_ms,
                reason,
            } => self.line(&format!(
                "{} {reason}, retrying in {:.1} s ({attempt}/{max_attempts})",
                console::style("!").yellow().bold(),
                delay_ms as f64 / 1000.0
            )),
            Event::Usage {
                calls,
                prompt_tokens,
                completion_tokens,
                ms,
                estimated,
            } => {
                let run = match self.bars().run.clone() {
                    Some(run) => format!(" · run {run} (archie runs show {run})"),
                    None => String::new(),
                };
                self.line(&format!(
                    "  {}",
                    console::style(format!(
                        "{calls} LLM call{} · {}{} → {} tokens · {:.1} s{run}",
                        if calls == 1 { "" } else { "s" },
                        if estimated { "~" } else { "" },
                        thousands(prompt_tokens),
                        thousands(completion_tokens),
                        ms as f64 / 1000.0
                    ))
                    .dim()
                ))
            }
            Event::Wrote { path, what } => {
                let what = if what.is_empty() {
                    String::new()
                } else {
                    format!("  {}", console::style(format!("({what})")).dim())
                };
                self.line(&format!("{} wrote {path}{what}", tick()));
            }
            Event::Answered { prompt, answer } => self.line(&format!(
                "{} {prompt} · {answer}  {}",
                tick(),
                console::style("(given up front)").dim()
            )),
            Event::Retrieved {
                documents, skipped, ..
            } => {
                let mut line = format!(
                    "read {documents} document{}",
                    if documents == 1 { "" } else { "s" }
                );
                if !skipped.is_empty() {
                    let total: u64 = skipped.iter().map(|c| c.count).sum();
                    let breakdown: Vec<String> = skipped
                        .iter()
                        .map(|c| format!("{} {}", c.count, c.label))
                        .collect();
                    line.push_str(&format!(
                        " ({total} skipped: {}) — see -v",
                        breakdown.join(", ")
                    ));
                }
                self.line(&format!("{} {line}", tick()));
            }
            Event::Extracted {
                chunks,
                cached,
                failed,
                entities,
                relationships,
                concurrency,
                ms,
            } => {
                let mut message = format!(
                    "extracted knowledge  {chunks} chunk{} · {concurrency} in parallel · {}   {:.1} s",
                    if chunks == 1 { "" } else { "s" },
                    text::graph_size(entities, relationships),
                    ms as f64 / 1000.0
                );
                if cached > 0 {
                    message.push_str(&format!(
                        "\n  (cached: {cached} of {chunks} chunks unchanged since the last run)"
                    ));
                }
                if failed > 0 {
                    message.push_str(&format!(
                        "\n  ({failed} of {chunks} chunks failed and were skipped)"
                    ));
                }
                self.done(&message);
            }
            Event::MemorySaved {
                path,
                entities_added,
                relationships_added,
                updated,
                stubs_added,
                skipped,
                merged_with_disk,
                written,
            } => {
                let mut line = format!(
                    "memory {path}: {}",
                    text::merge_summary(
                        entities_added,
                        relationships_added,
                        updated,
                        stubs_added,
                        skipped
                    )
                );
                if merged_with_disk {
                    line.push_str(" (merged with changes another archie saved meanwhile)");
                }
                if !written {
                    line.push_str(" — nothing new, file unchanged");
                }
                self.done(&line);
            }
            Event::ToolsDiscovered { servers, .. } => {
                let ok: Vec<String> = servers
                    .iter()
                    .filter(|s| s.error.is_none())
                    .map(|s| {
                        if s.builtin {
                            format!("{} ({} built-in)", s.server, s.tools)
                        } else {
                            format!("{} ({})", s.server, s.tools)
                        }
                    })
                    .collect();
                self.done(&format!("tools  {}", ok.join(" · ")));
                for s in servers.iter().filter(|s| s.error.is_some()) {
                    let mut line = format!(
                        "{} {} skipped: {}",
                        console::style("✘").red(),
                        s.server,
                        s.error.as_deref().unwrap_or("")
                    );
                    for l in &s.stderr {
                        line.push_str(&format!("\n    {} {l}", console::style("stderr:").dim()));
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
                    self.line(&format!(
                        "{} dropped {}: {}",
                        console::style("!").yellow().bold(),
                        d.tool,
                        d.reason
                    ));
                }
            }
            Event::TaskStatus {
                index,
                tool,
                arguments,
                status,
                ms,
                tool_error,
                reason,
                ..
            } => {
                let key = format!("task {index}");
                let call = format!("{tool} {}", text::truncate(&arguments.to_string(), 70));
                if status == "running" {
                    if self.inner.live {
                        let bar = self.spinner(call);
                        self.bars().nodes.insert(key, bar);
                    }
                    return;
                }
                if let Some(bar) = self.bars().nodes.remove(&key) {
                    bar.finish_and_clear();
                }
                let line = match status.as_str() {
                    "done" => format!(
                        "  {} {call}   {}{}",
                        tick(),
                        console::style(text::took(ms.unwrap_or(0))).dim(),
                        if tool_error {
                            " (the tool reported an error)"
                        } else {
                            ""
                        }
                    ),
                    "failed" => format!(
                        "  {} {call}   failed: {}",
                        console::style("✘").red(),
                        reason.unwrap_or_default()
                    ),
                    "skipped" => format!(
                        "  {} {call}   skipped: {}",
                        console::style("-").yellow(),
                        reason.unwrap_or_default()
                    ),
                    _ => return,
                };
                self.line(&line);
            }
            Event::Session {
                session, status, ..
            } => {
                if status == "saved" {
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
                        console::style(format!("session {session}: {status}")).dim()
                    ));
                }
            }
            Event::RunFinished { run, .. } => self.bars().run = run,
            Event::RunStarted { .. } | Event::Interrupt { .. } => {}
        }
    }
}
