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
#[cfg(unix)]
mod echo;
mod editor;
mod json;
pub mod mcp;
pub mod memory;
mod progress;
mod render;
pub mod runs;
mod stream;
mod terminal;

pub use json::{JsonLines, json_error};
pub use terminal::Terminal;

use crate::env_vars::EnvVars;
use crate::events::RunEnd;
use crate::text;
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
    let env_off =
        std::env::var_os(EnvVars::NO_COLOR).is_some_and(|v| !v.is_empty()) || dumb_terminal();
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
    std::env::var(EnvVars::TERM).is_ok_and(|t| t == "dumb")
}

/// Whether a human can answer prompts: stdin and stderr are terminals.
pub fn is_interactive() -> bool {
    std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}

#[cfg(unix)]
use echo::quiet_control_echo;
#[cfg(unix)]
pub use echo::restore_terminal;

/// Puts the terminal back as archie found it; nothing to do here.
#[cfg(not(unix))]
pub fn restore_terminal() {}

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
    /// The retries said, by reason, and when: calls in flight at once fail alike, and
    /// the same retry is said once, not once per call ([`render`]'s `retry`).
    retries_said: std::collections::HashMap<String, Instant>,
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
