//! A stdio server's process: started in its own process group, its stderr drained into
//! a bounded buffer, its stdout read through a line-length limit, and stopped on every
//! way out.
//!
//! Stopping ([`ServerProcess::shutdown`]): stdin is closed (by the caller, which drops
//! the transport), the server gets a moment to exit, then the whole group gets SIGTERM,
//! then SIGKILL. A server started through `sh -c` or `npx` has children of its own; they
//! share the group, so none outlives archie. When the process is dropped without a
//! shutdown (an error, a panic, Ctrl-C dropping the run), the drop guard terminates and
//! kills the group at once.
//!
//! When archie itself is killed (SIGKILL, the OOM killer) none of that runs. On Linux the
//! server is then killed by the kernel: it is started with a parent-death signal
//! (`PR_SET_PDEATHSIG`, SIGKILL). That reaches only the direct child; what a wrapper
//! (`sh -c`, `npx`) started is told only by its stdin closing.

use crate::events::{Event, Events};
use rustix::process::{Pid, Signal};
use std::collections::VecDeque;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, ReadBuf};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

/// Lines of stderr kept per server (the last ones).
const STDERR_LINES: usize = 200;
/// Characters kept of one stderr line.
const STDERR_LINE_CHARS: usize = 1_000;
/// Stderr lines shown with `-v` per server (a flood is cut, and says so).
const STDERR_SHOWN: u64 = 100;

/// What a server wrote to stderr (and stray lines on stdout), the last lines kept.
#[derive(Debug, Default)]
pub struct Log {
    inner: Mutex<LogInner>,
}

#[derive(Debug, Default)]
struct LogInner {
    lines: VecDeque<String>,
    stderr_lines: u64,
    stray_stdout: u64,
    oversize: Option<usize>,
}

impl Log {
    fn lock(&self) -> std::sync::MutexGuard<'_, LogInner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn push(&self, line: String) {
        let mut inner = self.lock();
        if inner.lines.len() == STDERR_LINES {
            inner.lines.pop_front();
        }
        inner.lines.push_back(line);
    }

    /// The last `n` lines.
    pub fn tail(&self, n: usize) -> Vec<String> {
        let inner = self.lock();
        let skip = inner.lines.len().saturating_sub(n);
        inner.lines.iter().skip(skip).cloned().collect()
    }

    /// Lines on stdout that were not JSON-RPC (ignored).
    pub fn stray_stdout(&self) -> u64 {
        self.lock().stray_stdout
    }

    /// The limit a reply exceeded, if one did.
    pub fn oversize(&self) -> Option<usize> {
        self.lock().oversize
    }
}

/// A running stdio server.
pub struct ServerProcess {
    child: Child,
    pgid: Option<i32>,
    pub log: Arc<Log>,
    /// The task reading stderr into `log`.
    drained: Option<tokio::task::JoinHandle<()>>,
    guard: GroupGuard,
}

/// Kills the process group when dropped, unless disarmed.
struct GroupGuard {
    pgid: Option<i32>,
}

impl Drop for GroupGuard {
    fn drop(&mut self) {
        if let Some(pgid) = self.pgid.take() {
            signal_group(pgid, Signal::TERM);
            // A short grace for a clean exit, then no more chances.
            for _ in 0..10 {
                if !group_alive(pgid) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            signal_group(pgid, Signal::KILL);
        }
    }
}

/// Sends `signal` to the group; a group that is gone (ESRCH) is ignored.
fn signal_group(pgid: i32, signal: Signal) {
    if let Some(group) = group(pgid) {
        let _ = rustix::process::kill_process_group(group, signal);
    }
}

fn group_alive(pgid: i32) -> bool {
    group(pgid).is_some_and(|g| rustix::process::test_kill_process_group(g).is_ok())
}

/// The group of `pgid`: never archie's own (0) nor init's (1).
fn group(pgid: i32) -> Option<Pid> {
    (pgid > 1).then(|| Pid::from_raw(pgid)).flatten()
}

/// The pieces a transport needs.
pub struct Pipes {
    pub stdin: ChildStdin,
    pub stdout: LineLimit<ChildStdout>,
}

impl ServerProcess {
    /// Starts `command` in a new process group with all three pipes. Stderr is drained
    /// at once into [`ServerProcess::log`]; with `events`, each line also goes out as a
    /// detail (shown with `-v`).
    pub fn spawn(
        name: &str,
        mut command: Command,
        max_line: usize,
        events: Option<Events>,
    ) -> io::Result<(ServerProcess, Pipes)> {
        command
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .process_group(0)
            .kill_on_drop(true);
        die_with_parent(&mut command);
        let mut child = command.spawn()?;
        let pgid = child.id().and_then(|id| i32::try_from(id).ok());
        let log = Arc::new(Log::default());
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            return Err(io::Error::other("the server's pipes could not be opened"));
        };
        let drained = tokio::spawn(drain(name.to_string(), stderr, Arc::clone(&log), events));
        let stdout = LineLimit::new(stdout, max_line, Arc::clone(&log));
        Ok((
            ServerProcess {
                child,
                pgid,
                log,
                drained: Some(drained),
                guard: GroupGuard { pgid },
            },
            Pipes { stdin, stdout },
        ))
    }

    /// The server's exit status, if it exits within `wait`. Once it has exited, what it
    /// wrote to stderr is in the log (read to its end, within the same `wait`).
    pub async fn exited(&mut self, wait: Duration) -> Option<std::process::ExitStatus> {
        let deadline = tokio::time::Instant::now() + wait;
        let status = tokio::time::timeout_at(deadline, self.child.wait())
            .await
            .ok()
            .and_then(Result::ok)?;
        if let Some(drained) = self.drained.take() {
            // A child it left behind may hold stderr open: the wait stays bounded.
            let _ = tokio::time::timeout_at(deadline, drained).await;
        }
        Some(status)
    }

    /// Stops the server (call after closing its stdin): a moment to exit on its own,
    /// then SIGTERM to the group, then SIGKILL. Also ends whatever it started.
    pub async fn shutdown(mut self, grace: Duration) {
        let Some(pgid) = self.pgid else {
            return;
        };
        let exited = tokio::time::timeout(grace, self.child.wait()).await.is_ok();
        if !exited || group_alive(pgid) {
            signal_group(pgid, Signal::TERM);
            let deadline = tokio::time::Instant::now() + grace;
            while tokio::time::Instant::now() < deadline {
                let _ = self.child.try_wait();
                if !group_alive(pgid) {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            if group_alive(pgid) {
                signal_group(pgid, Signal::KILL);
            }
            let _ = tokio::time::timeout(grace, self.child.wait()).await;
        }
        // The group is gone: nothing for the guard to do.
        self.guard.pgid = None;
    }
}

/// Has the kernel SIGKILL the child when archie dies. The signal follows the thread that
/// spawns the child, so spawn from a runtime worker or the main thread (they live as
/// long as archie), never from a blocking-pool thread (which exits when idle).
#[cfg(target_os = "linux")]
fn die_with_parent(command: &mut Command) {
    let parent = rustix::process::getpid();
    // SAFETY: between fork and exec the hook only makes the async-signal-safe system
    // calls prctl(2) and getppid(2) (rustix's raw system calls), and allocates nothing
    // (an OS error is a number).
    unsafe {
        command.pre_exec(move || {
            rustix::process::set_parent_process_death_signal(Some(Signal::KILL))?;
            // archie died before the signal was set: nothing would ever send it.
            if rustix::process::getppid() != Some(parent) {
                return Err(rustix::io::Errno::SRCH.into());
            }
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn die_with_parent(_: &mut Command) {}

/// Reads stderr to its end, keeping the last lines (each cut to a length).
async fn drain(
    server: String,
    mut stderr: tokio::process::ChildStderr,
    log: Arc<Log>,
    events: Option<Events>,
) {
    let mut buf = vec![0u8; 8192];
    let mut line: Vec<u8> = Vec::new();
    let flush = |line: &mut Vec<u8>| {
        let text = String::from_utf8_lossy(line);
        let text: String = text.trim_end().chars().take(STDERR_LINE_CHARS).collect();
        line.clear();
        let n = {
            let mut inner = log.lock();
            inner.stderr_lines += 1;
            inner.stderr_lines
        };
        if let Some(events) = &events {
            if n <= STDERR_SHOWN {
                events.emit(Event::Detail {
                    message: format!("{server} stderr: {text}"),
                });
            } else if n == STDERR_SHOWN + 1 {
                events.emit(Event::Detail {
                    message: format!("{server} stderr: … (more lines not shown)"),
                });
            }
        }
        log.push(text);
    };
    loop {
        let n = match stderr.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        for &b in &buf[..n] {
            if b == b'\n' {
                flush(&mut line);
            } else if line.len() < STDERR_LINE_CHARS * 4 {
                line.push(b);
            }
        }
    }
    if !line.is_empty() {
        flush(&mut line);
    }
}

/// A server's stdout, failing with an error (rather than buffering without end) when a
/// line is longer than the limit, and counting lines that are not JSON (which the
/// protocol layer ignores).
pub struct LineLimit<R> {
    inner: R,
    max: usize,
    current: usize,
    /// The first byte of the current line that is not whitespace has been seen.
    started: bool,
    log: Arc<Log>,
}

impl<R> LineLimit<R> {
    pub fn new(inner: R, max: usize, log: Arc<Log>) -> Self {
        Self {
            inner,
            max,
            current: 0,
            started: false,
            log,
        }
    }
}

impl<R: AsyncRead + Unpin> AsyncRead for LineLimit<R> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let this = &mut *self;
        match Pin::new(&mut this.inner).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {}
            other => return other,
        }
        for &b in &buf.filled()[before..] {
            if b == b'\n' {
                this.current = 0;
                this.started = false;
                continue;
            }
            this.current += 1;
            if !this.started && !b.is_ascii_whitespace() {
                this.started = true;
                if b != b'{' && b != b'[' {
                    this.log.lock().stray_stdout += 1;
                }
            }
            if this.current > this.max {
                this.log.lock().oversize = Some(this.max);
                return Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("a message is larger than {} bytes", this.max),
                )));
            }
        }
        Poll::Ready(Ok(()))
    }
}
