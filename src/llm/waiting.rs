//! "waiting for the model (42 s)…": while requests are out and nothing has arrived from
//! the server for a while, the client says so once a second (as [`Event::Progress`] of
//! the task [`WAITING`]), and ends the line ([`Event::ProgressDone`]) when something
//! arrives. Every wait is also bounded by a deadline: [`Activity::wait`].

use super::error::{LlmError, TimeoutPhase};
use crate::events::{Event, Events};
use std::future::Future;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;
use tokio::time::Instant;

/// The progress task of a silent server.
pub const WAITING: &str = "waiting for the model";

/// When the server last sent something, and whether the user was told it is silent.
pub(super) struct Activity {
    events: Events,
    last: Mutex<Instant>,
    shown: AtomicBool,
    /// The seconds last reported, so parallel waiters report each second once.
    reported: AtomicU64,
    /// Waits in progress: the silence is counted from when the first of them began (or
    /// from the last thing that arrived since).
    waiters: AtomicUsize,
    quiet: Duration,
}

impl Activity {
    /// Reports to `events` once a wait has heard nothing for `quiet`.
    pub(super) fn new(events: Events, quiet: Duration) -> Self {
        Self {
            events,
            last: Mutex::new(Instant::now()),
            shown: AtomicBool::new(false),
            reported: AtomicU64::new(0),
            waiters: AtomicUsize::new(0),
            quiet,
        }
    }

    /// Something arrived from the server.
    pub(super) fn touch(&self) {
        if let Ok(mut last) = self.last.lock() {
            *last = Instant::now();
        }
        if self.shown.swap(false, Ordering::Relaxed) {
            self.events.emit(Event::ProgressDone {
                task: WAITING.into(),
            });
        }
    }

    /// A waiter is still waiting: say so when the server has been silent long enough.
    fn tick(&self) {
        let Ok(last) = self.last.lock().map(|l| *l) else {
            return;
        };
        let silent = Instant::now() - last;
        if silent < self.quiet {
            return;
        }
        let secs = silent.as_secs();
        if self.reported.swap(secs, Ordering::Relaxed) == secs {
            return;
        }
        self.shown.store(true, Ordering::Relaxed);
        self.events.emit(Event::Progress {
            task: WAITING.into(),
            done: secs,
            total: None,
            detail: Some(format!("waiting for the model ({secs} s)…")),
        });
    }

    /// The user was told the model is silent: end that line once nobody waits any more
    /// (a wait ended without an answer, say at a timeout).
    pub(super) fn settle(&self) {
        if self.waiters.load(Ordering::Relaxed) == 0 && self.shown.swap(false, Ordering::Relaxed) {
            self.events.emit(Event::ProgressDone {
                task: WAITING.into(),
            });
        }
    }

    /// Waits for `fut` until `deadline`, reporting silence every second. `Err` is the
    /// deadline passing.
    pub(super) async fn wait<F: Future>(&self, deadline: Instant, fut: F) -> Result<F::Output, ()> {
        let since = Instant::now();
        let _waiting = Waiting::new(self);
        let mut fut = std::pin::pin!(fut);
        let mut tick =
            tokio::time::interval_at(since + Duration::from_secs(1), Duration::from_secs(1));
        loop {
            tokio::select! {
                biased;
                out = &mut fut => return Ok(out),
                _ = tokio::time::sleep_until(deadline) => return Err(()),
                _ = tick.tick() => self.tick(),
            }
        }
    }
}

/// One wait in progress (also when its future is dropped).
struct Waiting<'a>(&'a Activity);

impl<'a> Waiting<'a> {
    fn new(activity: &'a Activity) -> Self {
        if activity.waiters.fetch_add(1, Ordering::Relaxed) == 0
            && let Ok(mut last) = activity.last.lock()
        {
            *last = Instant::now();
        }
        Self(activity)
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.waiters.fetch_sub(1, Ordering::Relaxed);
    }
}

/// When one attempt must show progress: its first token, then each next piece, and the
/// call's deadline over all.
#[derive(Debug, Clone, Copy)]
pub(super) struct Deadlines {
    start: Instant,
    /// The first token (never after `end`).
    pub(super) first_token: Instant,
    /// The longest silence between pieces once the answer flows.
    pub(super) idle: Duration,
    /// The call's deadline.
    pub(super) end: Instant,
    first_token_after: Duration,
}

impl Deadlines {
    /// From now: the first token within `first_token`, then no silence longer than
    /// `idle`, all before `end`.
    pub(super) fn new(first_token: Duration, idle: Duration, end: Instant) -> Self {
        let start = Instant::now();
        Self {
            start,
            first_token: (start + first_token).min(end),
            idle,
            end,
            first_token_after: first_token,
        }
    }

    /// The deadline for the next piece: the first token's, or `idle` from now.
    pub(super) fn next(&self, got_first: bool) -> Instant {
        if got_first {
            (Instant::now() + self.idle).min(self.end)
        } else {
            self.first_token
        }
    }

    /// The error for the deadline `at`, which passed.
    pub(super) fn missed(&self, at: Instant, got_first: bool) -> LlmError {
        if at >= self.end {
            LlmError::Timeout {
                phase: TimeoutPhase::Deadline,
                after: self.end.saturating_duration_since(self.start),
            }
        } else if got_first {
            LlmError::Timeout {
                phase: TimeoutPhase::Idle,
                after: self.idle,
            }
        } else {
            LlmError::Timeout {
                phase: TimeoutPhase::FirstToken,
                after: self.first_token_after,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::Recorder;
    use std::sync::Arc;

    #[tokio::test(start_paused = true)]
    async fn silence_is_reported_each_second_after_a_while_and_ended_by_data() {
        let rec = Recorder::new();
        let events: Events = rec.clone();
        let activity = Activity::new(events, Duration::from_secs(10));
        let slow = tokio::time::sleep(Duration::from_secs(13));
        let out = activity
            .wait(Instant::now() + Duration::from_secs(60), slow)
            .await;
        assert!(out.is_ok());
        activity.touch();
        let seen: Vec<String> = rec
            .events()
            .into_iter()
            .map(|e| match e {
                Event::Progress { detail, .. } => detail.unwrap_or_default(),
                Event::ProgressDone { .. } => "done".into(),
                other => format!("{other:?}"),
            })
            .collect();
        assert_eq!(
            seen,
            [
                "waiting for the model (10 s)…",
                "waiting for the model (11 s)…",
                "waiting for the model (12 s)…",
                "done"
            ]
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_wait_ends_at_its_deadline() {
        let events: Events = Arc::new(crate::events::Discard);
        let activity = Activity::new(events, Duration::from_secs(10));
        let never = std::future::pending::<()>();
        let out = activity
            .wait(Instant::now() + Duration::from_secs(3), never)
            .await;
        assert!(out.is_err());
    }
}
