//! The only place that draws: the human renderer of [`Event`]s on stderr, JSON lines
//! ([`JsonLines`]), the terminal prompter ([`Terminal`]), tables of runs and of the
//! memory, and colour and symbol settings.
//!
//! What the renderer promises:
//! - one progress line per step, in words and with counts and an ETA when the step knows
//!   them (`extracting knowledge 8/12 · eta 2 s`); never two spinners, never a node name;
//! - a progress line fits its screen and a streamed answer wraps on words, so nothing is
//!   cut mid-word at the margin; while an answer streams, a status line under it says
//!   how fast it comes and how long it has run;
//! - without a terminal that can redraw (`TERM=dumb`, stderr a file or a pipe), a plain
//!   progress line when the count changes and at a slowing interval ([`cadence`])
//!   instead of spinners, and no escape sequence at all;
//! - keys typed while archie works are not echoed over its lines: they wait, and become
//!   the start of the next answer (or are dropped before a yes/no question);
//! - everything that came from outside (documents, file names, entity names, model
//!   replies) is made inert: control characters are shown escaped ([`text::inert`]);
//! - archie's own symbols fall back to ASCII when the locale is not UTF-8.

#[cfg(unix)]
/// `eprintln!` and `eprint!` that survive a closed stderr (`archie … 2>&1 | head -3`):
/// the write's error is ignored, where the std macros panic (exit 101).
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
macro_rules! eprint {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}

mod cadence;
mod editor;
mod json;
pub mod mcp;
pub mod memory;
mod progress;
pub mod runs;
mod stream;
mod terminal;

pub use json::{JsonLines, json_error};
pub use terminal::Terminal;

use crate::events::{
    AnswerKind, Event, EventSink, Extraction, RunEnd, SessionStatus, TaskState, Usage, WaitReason,
};
use crate::text::{self, thousands};
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

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

/// archie's symbols are drawn in ASCII (the locale is not UTF-8).
static ASCII: AtomicBool = AtomicBool::new(false);

/// Decides colour for stdout and stderr, and whether symbols must be ASCII, once, at
/// start-up.
pub fn init_colors(choice: ColorChoice) {
    let env_off = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) || dumb_terminal();
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
    ASCII.store(!utf8_locale(), Ordering::Relaxed);
}

/// Whether archie's symbols are drawn in ASCII.
pub fn ascii() -> bool {
    ASCII.load(Ordering::Relaxed)
}

/// The locale's character set is UTF-8: the first of `LC_ALL`, `LC_CTYPE` and `LANG`
/// that is set says so. With none set, archie assumes a UTF-8 terminal (as nearly all
/// are); an explicit `C`, `POSIX` or Latin-1 locale gets ASCII.
fn utf8_locale() -> bool {
    for var in ["LC_ALL", "LC_CTYPE", "LANG"] {
        if let Ok(value) = std::env::var(var)
            && !value.is_empty()
        {
            let value = value.to_ascii_lowercase();
            return value.contains("utf-8") || value.contains("utf8");
        }
    }
    true
}

/// `TERM=dumb`: no colour, no cursor movement.
fn dumb_terminal() -> bool {
    std::env::var("TERM").is_ok_and(|t| t == "dumb")
}

/// Whether a human can answer prompts: stdin and stderr are terminals.
pub fn is_interactive() -> bool {
    std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}

/// While progress lines are drawn, the terminal echoes nothing typed (`^C` included):
/// an echo lands in the middle of a progress line or a streamed answer, and the lines
/// could then no longer be redrawn in place. What is typed waits, unread and readable
/// at once (not held for a whole line), for the next question: it becomes the start of
/// the answer ([`editor`]). Ctrl-C still interrupts. Set when the first progress line
/// or answer is drawn (after the command line, and any query read from stdin, are
/// read); restored by [`restore_terminal`], and on the way out of a panic or of a
/// SIGTERM, SIGHUP or SIGQUIT (a terminal left without echo is unusable).
#[cfg(unix)]
static SAVED_TERMIOS: Mutex<Option<libc::termios>> = Mutex::new(None);

/// The terminal's settings as archie found them, for the signal handler (which may not
/// take a lock).
#[cfg(unix)]
static ORIGINAL_TERMIOS: std::sync::OnceLock<libc::termios> = std::sync::OnceLock::new();

/// Restores the terminal, then dies of `sig` as it would have.
#[cfg(unix)]
extern "C" fn restore_and_die(sig: libc::c_int) {
    if let Some(original) = ORIGINAL_TERMIOS.get() {
        // SAFETY: tcsetattr, signal and raise are async-signal-safe; `original` is
        // plain data set before this handler was installed.
        unsafe {
            libc::tcsetattr(0, libc::TCSANOW, original);
        }
    }
    // SAFETY: as above.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
    }
}

/// Whatever ends the process, the terminal gets its echo back.
#[cfg(unix)]
fn guard_terminal() {
    for sig in [libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT] {
        let handler = restore_and_die as extern "C" fn(libc::c_int) as libc::sighandler_t;
        // SAFETY: installs a handler that only calls async-signal-safe functions; one
        // that someone else installed is put back.
        unsafe {
            let previous = libc::signal(sig, handler);
            if previous != libc::SIG_DFL {
                libc::signal(sig, previous);
            }
        }
    }
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore_terminal();
        previous(info);
    }));
}

#[cfg(unix)]
fn quiet_control_echo() {
    if !std::io::stdin().is_terminal() {
        return;
    }
    let mut saved = SAVED_TERMIOS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if saved.is_some() {
        return;
    }
    // SAFETY: termios is plain data; tcgetattr fills it or fails.
    let mut current: libc::termios = unsafe { std::mem::zeroed() };
    // SAFETY: a valid fd and a valid pointer to a termios.
    if unsafe { libc::tcgetattr(0, &mut current) } != 0 {
        return;
    }
    let mut changed = current;
    changed.c_lflag &= !(libc::ECHOCTL | libc::ECHO | libc::ICANON);
    changed.c_cc[libc::VMIN] = 1;
    changed.c_cc[libc::VTIME] = 0;
    if ORIGINAL_TERMIOS.set(current).is_ok() {
        guard_terminal();
    }
    // SAFETY: a valid fd and a valid pointer to a termios.
    if unsafe { libc::tcsetattr(0, libc::TCSANOW, &changed) } == 0 {
        *saved = Some(current);
    }
}

/// Puts the terminal back as archie found it (echo, line editing); call before exiting.
pub fn restore_terminal() {
    #[cfg(unix)]
    {
        let saved = SAVED_TERMIOS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        if let Some(saved) = saved {
            // SAFETY: restores the settings read in `quiet_control_echo`.
            unsafe {
                libc::tcsetattr(0, libc::TCSANOW, &saved);
            }
        }
    }
}

/// The human renderer: progress lines on stderr, a line per finished step, results on
/// stdout. Cheap to clone (shared inside).
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
    /// Whether spinners are drawn (stderr is a terminal that can redraw, not quiet).
    live: bool,
    /// Whether plain progress lines are printed instead (no terminal that can redraw).
    plain: bool,
    /// When plain progress lines are printed.
    schedule: cadence::Schedule,
    /// When this invocation started (the wall time on the usage line).
    started: Instant,
    state: Mutex<State>,
    ticker: AtomicBool,
}

#[derive(Default)]
struct State {
    tasks: BTreeMap<String, Task>,
    streaming: bool,
    /// The answer streaming on a terminal that can redraw (wrapped, with its status line).
    stream: Option<stream::Stream>,
    /// Something was streamed since the last question (so the question was seen).
    streamed: bool,
    /// The last thing printed ended with a blank line.
    gap: bool,
    /// The run that finished last, named on the usage line, and how it ended.
    run: Option<String>,
    run_status: Option<RunEnd>,
    /// The last retry said, so the same retry is not said once per call in flight.
    last_retry: Option<String>,
}

/// A step in progress.
struct Task {
    bar: Option<ProgressBar>,
    /// The words its bar draws (its name and detail), shared with the bar's style.
    words: Arc<Mutex<BarWords>>,
    done: u64,
    total: Option<u64>,
    started: Instant,
    /// When its next plain progress line is due.
    cadence: cadence::Cadence,
}

/// What a bar shows besides its counts.
#[derive(Default)]
struct BarWords {
    name: String,
    detail: Option<String>,
}

impl Ui {
    /// The renderer for `verbosity`; with `json`, only what must reach stderr whatever
    /// the output mode.
    pub fn new(verbosity: Verbosity, json: bool) -> Self {
        let speaking = !json && verbosity != Verbosity::Quiet;
        let redraws = std::io::stderr().is_terminal() && !dumb_terminal();
        let live = speaking && redraws;
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
                plain: speaking && !redraws,
                schedule: cadence::Schedule::from_env(),
                started: Instant::now(),
                state: Mutex::new(State::default()),
                ticker: AtomicBool::new(false),
            }),
        }
    }

    pub fn verbosity(&self) -> Verbosity {
        self.inner.verbosity
    }

    /// Runs `f` with every progress line cleared from the screen, then redraws them.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.inner.multi.suspend(f)
    }

    /// Whether the agent's last message was seen on this terminal since the last
    /// question (when not, a prompt shows the question again). Resets the flag.
    pub fn take_streamed(&self) -> bool {
        std::mem::take(&mut self.state().streamed)
    }

    /// Prints a line on stderr above the progress lines (after any answer streaming);
    /// on a terminal, wrapped on words to its width.
    pub fn line(&self, text: &str) {
        let mut state = self.state();
        self.end_stream(&mut state);
        state.gap = text.ends_with('\n');
        drop(state);
        let text = finish(text);
        if self.inner.live {
            let text = text::wrap(&text, columns().saturating_sub(1));
            self.inner.multi.suspend(|| eprintln!("{text}"));
        } else {
            eprintln!("{text}");
        }
    }

    /// Prints a command's result on stdout, after any stream in progress.
    fn result(&self, text: &str) {
        let mut state = self.state();
        self.end_stream(&mut state);
        drop(state);
        self.suspend(|| {
            // A closed stdout is noticed there and ends the run (`main`).
            let _ = crate::stdout::write(format!("{}\n", finish(&text::inert(text))).as_bytes());
        });
    }

    fn quiet(&self) -> bool {
        self.inner.verbosity == Verbosity::Quiet
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.inner
            .state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Ends a streamed answer with a blank line, so it stands apart from what follows.
    fn end_stream(&self, state: &mut State) {
        if state.streaming {
            state.streaming = false;
            state.gap = true;
            let rest = state
                .stream
                .take()
                .map(|mut s| s.finish())
                .unwrap_or_default();
            eprintln!("{rest}\n");
        }
    }

    /// A spinner and the step's line ([`progress::fitted`]), redrawn to fit the screen
    /// at every tick.
    fn bar(&self, words: &Arc<Mutex<BarWords>>, total: Option<u64>) -> ProgressBar {
        #[cfg(unix)]
        quiet_control_echo();
        let ascii = ascii();
        let ticks = if ascii {
            "|/-\\ "
        } else {
            "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏ "
        };
        let bar = match total {
            Some(total) => ProgressBar::new(total),
            None => ProgressBar::new_spinner(),
        };
        let bar = self.inner.multi.add(bar);
        let words = Arc::clone(words);
        let line = move |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let words = words
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let shown = progress::Shown {
                name: &words.name,
                done: state.pos(),
                total: state.len(),
                elapsed: state.elapsed(),
                detail: words.detail.as_deref(),
            };
            // The spinner and a space before it, and the last column left free.
            let line = progress::fitted(&shown, columns().saturating_sub(3), ascii);
            let _ = w.write_str(&finish(&line));
        };
        bar.set_style(
            ProgressStyle::with_template("{spinner:.cyan} {line}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner())
                .with_key("line", line)
                .tick_chars(ticks),
        );
        bar.enable_steady_tick(Duration::from_millis(100));
        bar
    }

    /// A thread that, without spinners, prints the plain lines of the steps in
    /// progress when they are due, and on a terminal redraws the status line of an
    /// answer streaming (its time goes on while the model is silent). Started with the
    /// first step or answer, ended with the renderer.
    fn start_ticker(&self) {
        if self.inner.ticker.swap(true, Ordering::Relaxed) {
            return;
        }
        let weak: Weak<Inner> = Arc::downgrade(&self.inner);
        let nap = self.inner.schedule.every.min(Duration::from_millis(250));
        let spawned = std::thread::Builder::new()
            .name("archie-progress".into())
            .spawn(move || {
                loop {
                    std::thread::sleep(nap);
                    let Some(inner) = weak.upgrade() else { return };
                    let ui = Ui { inner };
                    if ui.inner.live {
                        ui.refresh_stream();
                    } else {
                        ui.say_progress();
                    }
                }
            });
        if spawned.is_err() {
            self.inner.ticker.store(false, Ordering::Relaxed);
        }
    }

    /// Redraws the status line of the answer streaming on the terminal.
    fn refresh_stream(&self) {
        let mut state = self.state();
        if let Some(stream) = state.stream.as_mut() {
            let out = stream.refresh(Instant::now());
            if !out.is_empty() {
                eprint!("{out}");
                let _ = std::io::stderr().flush();
            }
        }
    }

    /// Prints a plain progress line for every step due one ([`cadence`]).
    fn say_progress(&self) {
        let mut state = self.state();
        if state.streaming {
            return;
        }
        let schedule = self.inner.schedule;
        let now = Instant::now();
        let mut lines = Vec::new();
        for (name, task) in state.tasks.iter_mut() {
            let key = cadence::key(task.done, task.total);
            if task.cadence.due(now, key, schedule) {
                lines.push(plain_line(name, task));
            }
        }
        drop(state);
        for line in lines {
            eprintln!("{}", finish(&format!("  {line}")));
        }
    }

    /// A finished piece of work: `✔ message`, after any stream in progress.
    fn done(&self, message: &str) {
        let mut state = self.state();
        self.end_stream(&mut state);
        drop(state);
        self.line(&format!("{} {message}", tick()));
    }

    fn warn(&self, message: &str) {
        let mut state = self.state();
        self.end_stream(&mut state);
        drop(state);
        self.line(&format!("{} {message}", warn_sign()));
    }

    /// Clears every progress line from the screen for good.
    fn clear_bars(&self) {
        let mut state = self.state();
        for (_, task) in std::mem::take(&mut state.tasks) {
            if let Some(bar) = task.bar {
                bar.finish_and_clear();
            }
        }
        self.end_stream(&mut state);
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

    fn progress(&self, task: String, done: u64, total: Option<u64>, detail: Option<String>) {
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

    fn progress_done(&self, task: &str) {
        let mut state = self.state();
        if let Some(task) = state.tasks.remove(task)
            && let Some(bar) = task.bar
        {
            bar.finish_and_clear();
        }
        state.last_retry = None;
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
                quiet_control_echo();
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

    fn retry(&self, attempt: u32, max_attempts: u32, delay_ms: u64, reason: &str) {
        let mut state = self.state();
        // Calls in flight at once fail alike: say it once per step, not once per call.
        if state.last_retry.as_deref() == Some(reason) {
            return;
        }
        state.last_retry = Some(reason.to_string());
        drop(state);
        self.warn(&format!(
            "{reason}, retrying in {:.1} s ({attempt}/{max_attempts})",
            delay_ms as f64 / 1000.0
        ));
    }

    fn extracted(&self, extraction: Extraction) {
        let Extraction {
            chunks,
            cached,
            failed,
            entities,
            relationships,
            concurrency,
            ms,
        } = extraction;
        let size = text::graph_size(entities, relationships);
        let secs = format!("{:.1} s", ms as f64 / 1000.0);
        if failed > 0 {
            self.warn(&format!(
                "extracted knowledge  {} of {} · {size}   {secs}\n  ({failed} failed and were left out; run the command again to retry them, the others are cached)",
                chunks - failed,
                text::count(chunks, "chunk", "chunks"),
            ));
            return;
        }
        if cached == chunks && chunks > 0 {
            self.done(&format!(
                "extracted knowledge  ({}, all cached) · {size}   {secs}",
                text::count(chunks, "chunk", "chunks")
            ));
            return;
        }
        let mut message = format!(
            "extracted knowledge  {} · {concurrency} in parallel · {size}   {secs}",
            text::count(chunks, "chunk", "chunks"),
        );
        if cached > 0 {
            message.push_str(&format!(
                "\n  (cached: {cached} of {chunks} chunks unchanged since the last run)"
            ));
        }
        self.done(&message);
    }
}

/// `extracting knowledge 8/12 · eta 2 s` or `asking the model… 12 s`.
fn plain_line(name: &str, task: &Task) -> String {
    progress::plain(&progress::Shown {
        name,
        done: task.done,
        total: task.total,
        elapsed: task.started.elapsed(),
        detail: None,
    })
}

/// The width of the terminal stderr is (80 when it is not one).
pub(super) fn columns() -> usize {
    usize::from(console::Term::stderr().size().1).max(20)
}

/// `console::style` for text bound for stderr: coloured only when stderr is.
fn style_stderr<D>(text: D) -> console::StyledObject<D> {
    console::style(text).for_stderr()
}

/// `2 s`, `1 min 5 s`.
fn secs(d: Duration) -> String {
    let s = d.as_secs();
    if s < 60 {
        format!("{s} s")
    } else {
        format!("{} min {} s", s / 60, s % 60)
    }
}

/// The last step before text reaches stderr: secrets redacted, archie's symbols in
/// ASCII when the locale is not UTF-8, and no style (no escape sequence at all) when
/// stderr is not coloured (a file, a pipe, `NO_COLOR`), even where stdout is.
fn finish(text: &str) -> std::borrow::Cow<'_, str> {
    let redacted = crate::secrets::redact_text(text);
    let redacted = if console::colors_enabled_stderr() || !redacted.contains('\x1b') {
        redacted
    } else {
        console::strip_ansi_codes(&redacted).into_owned()
    };
    if ascii() {
        std::borrow::Cow::Owned(text::ascii_symbols(&redacted).into_owned())
    } else {
        std::borrow::Cow::Owned(redacted)
    }
}

/// The report of a failed command: `error: message`, each cause once (`caused by: …`),
/// then the hints, each line indented; secrets redacted, no Rust type names.
pub fn error_text(message: &str, causes: &[String], hints: &[String]) -> String {
    let mut out = format!(
        "{} {}",
        console::style("error:").red().bold(),
        text::inert(&text::plain_serde(message))
    );
    for cause in causes {
        out.push_str(&format!(
            "\n  caused by: {}",
            text::inert(&text::plain_serde(cause))
        ));
    }
    for hint in hints {
        for line in hint.lines() {
            out.push_str(&format!("\n  {}", text::inert_line(line)));
        }
    }
    crate::secrets::redact_text(&out)
}

fn tick() -> console::StyledObject<&'static str> {
    console::style("✔").green()
}

fn warn_sign() -> console::StyledObject<&'static str> {
    console::style("!").yellow().bold()
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
            _ if self.inner.json => {}
            Event::Result { text } => self.result(&text),
            Event::Data { value } => {
                let text =
                    serde_json::to_string_pretty(&value).unwrap_or_else(|_| value.to_string());
                self.result(&text);
            }
            Event::Table {
                columns,
                rows,
                right,
            } => {
                // Cells come from outside (UpGrade): one line each, inert.
                let cells = |row: Vec<String>| -> Vec<String> {
                    row.iter()
                        .map(|c| text::inert_line(c).into_owned())
                        .collect()
                };
                let mut all = vec![cells(columns)];
                all.extend(rows.into_iter().map(cells));
                // A blank line sets a table apart from the text above it.
                self.result(&format!("\n{}", text::table(&all, &right)));
            }
            Event::BalanceTest {
                users,
                unassigned,
                failed,
                concurrency,
                ms,
                conditions,
                chi_square,
                df,
                p_value,
                ..
            } => self.result(&format!(
                "\n{}",
                text::balance_test(
                    users,
                    unassigned,
                    failed,
                    concurrency,
                    ms,
                    &conditions,
                    chi_square,
                    df,
                    p_value,
                )
            )),
            // The files written are named even with --quiet.
            Event::Wrote { path, what } => {
                let what = if what.is_empty() {
                    String::new()
                } else {
                    format!(
                        "  {}",
                        console::style(format!("({})", text::inert_line(&what))).dim()
                    )
                };
                self.done(&format!(
                    "wrote {}{what}",
                    text::inert_line(&text::near(&path))
                ));
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
                    "memory {}: {}",
                    text::inert_line(&text::near(&path)),
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
            Event::Duplicates {
                merged,
                kept_apart,
                pending,
            } => {
                if merged + kept_apart > 0 {
                    self.done(&text::duplicates_decided(merged, kept_apart));
                }
                if !pending.is_empty() {
                    self.warn(&text::duplicates_pending(&pending));
                }
            }
            _ if self.quiet() => {}
            Event::NodeStarted { .. } => {}
            Event::NodeFinished { node, ms, .. } => {
                if self.inner.verbosity == Verbosity::Verbose {
                    self.line(&format!(
                        "{} step {node} {}",
                        console::style("·").dim(),
                        console::style(text::took(ms)).dim()
                    ));
                }
            }
            Event::NodeFailed { .. } => self.clear_bars(),
            Event::Done { message } => self.done(&text::inert_line(&message)),
            Event::Warning { message } | Event::Aborted { message } => {
                self.warn(&text::inert_line(&text::plain_serde(&message)))
            }
            Event::Detail { message } => {
                if self.inner.verbosity == Verbosity::Verbose {
                    self.line(&format!(
                        "  {}",
                        console::style(text::inert_line(&message)).dim()
                    ));
                }
            }
            Event::Progress {
                task,
                done,
                total,
                detail,
            } => self.progress(task, done, total, detail),
            Event::ProgressDone { task } => self.progress_done(&task),
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
            Event::Answered { prompt, answer } => self.line(&format!(
                "{} {} · {}  {}",
                tick(),
                // The prompt without its reminder of the commands ("… (/approve to …)").
                text::inert_line(prompt.split(" (/").next().unwrap_or(&prompt)),
                text::inert_line(&answer),
                console::style("(given up front)").dim()
            )),
            Event::Retrieved {
                documents, skipped, ..
            } => {
                let mut line = format!("read {}", text::count(documents, "document", "documents"));
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
                self.done(&line);
            }
            Event::Extracted(extraction) => self.extracted(extraction),
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
            Event::RunFinished { run, status, .. } => {
                let mut state = self.state();
                state.run = run;
                state.run_status = Some(status);
            }
            Event::RunStarted { .. } | Event::Interrupt { .. } | Event::Finished(_) => {}
        }
    }
}
