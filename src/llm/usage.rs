//! Usage per call and per run.

use crate::events::{Event, Events, Usage};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Tokens and time of one call.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CallUsage {
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    /// Wall time of the call, retries and backoff included.
    pub ms: u64,
    /// The server reported no usage: the token counts are estimates (~4 characters each).
    pub estimated: bool,
}

/// Totals for a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UsageTotals {
    /// Calls that made a request, answered or failed (cache hits excluded).
    pub calls: u64,
    /// Calls that failed.
    pub failed: u64,
    /// HTTP requests sent: every attempt of every call, failed and refused ones too.
    pub requests: u64,
    /// Requests the endpoint refused (429/503) and archie sent again later.
    pub refused: u64,
    /// Answers cut off at `max_tokens`.
    pub truncated: u64,
    /// The most requests in flight at once.
    pub peak_in_flight: u64,
    /// Calls answered from the cache.
    pub cached: u64,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    /// Time during which at least one call was in flight (parallel calls are not added up).
    pub ms: u64,
    /// Some token counts are estimates (the server did not report them).
    pub estimated: bool,
    /// Calls whose token counts are archie's estimates.
    pub estimated_calls: u64,
    /// Calls begun and not ended: still in flight, or dropped unanswered when the run
    /// stopped (another call's failure, Ctrl-C). Counted in `calls` by [`UsageMeter::emit`].
    pub stopped: u64,
}

/// A shared meter: clones count into the same totals.
#[derive(Debug, Clone, Default)]
pub struct UsageMeter {
    inner: Arc<Mutex<Inner>>,
}

#[derive(Debug, Default)]
struct Inner {
    totals: UsageTotals,
    requests_in_flight: u64,
    in_flight: u32,
    busy_since: Option<Instant>,
    busy: Duration,
}

impl UsageMeter {
    pub fn new() -> Self {
        Self::default()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A call starts (for the busy time).
    pub(crate) fn begin(&self) {
        let mut inner = self.lock();
        if inner.in_flight == 0 {
            inner.busy_since = Some(Instant::now());
        }
        inner.in_flight += 1;
    }

    /// A call ended, successfully (`Some`) or not. Both count as calls.
    pub(crate) fn end(&self, usage: Option<&CallUsage>) {
        let mut inner = self.lock();
        inner.in_flight = inner.in_flight.saturating_sub(1);
        if inner.in_flight == 0
            && let Some(since) = inner.busy_since.take()
        {
            inner.busy += since.elapsed();
        }
        inner.totals.calls += 1;
        match usage {
            Some(u) => {
                inner.totals.prompt_tokens += u.prompt_tokens;
                inner.totals.completion_tokens += u.completion_tokens;
                inner.totals.estimated |= u.estimated;
                inner.totals.estimated_calls += u64::from(u.estimated);
            }
            None => inner.totals.failed += 1,
        }
    }

    /// An HTTP request is sent.
    pub(crate) fn request_started(&self) {
        let mut inner = self.lock();
        inner.totals.requests += 1;
        inner.requests_in_flight += 1;
        inner.totals.peak_in_flight = inner.totals.peak_in_flight.max(inner.requests_in_flight);
    }

    /// An HTTP request ended; `refused` when the endpoint pushed back (429/503).
    pub(crate) fn request_ended(&self, refused: bool) {
        let mut inner = self.lock();
        inner.requests_in_flight = inner.requests_in_flight.saturating_sub(1);
        if refused {
            inner.totals.refused += 1;
        }
    }

    /// An answer was cut off at `max_tokens`.
    pub(crate) fn record_truncated(&self) {
        self.lock().totals.truncated += 1;
    }

    pub(crate) fn record_cached(&self) {
        self.lock().totals.cached += 1;
    }

    /// The totals so far.
    pub fn totals(&self) -> UsageTotals {
        let inner = self.lock();
        let mut busy = inner.busy;
        if let Some(since) = inner.busy_since {
            busy += since.elapsed();
        }
        UsageTotals {
            ms: busy.as_millis() as u64,
            ..inner.totals
        }
    }

    /// Emits the totals as one [`Event::Usage`] (the summary line of LLM commands), at
    /// the end of a run: a call that has not ended by then was stopped unanswered, and
    /// counts as a call.
    pub fn emit(&self, events: &Events) {
        let mut totals = self.totals();
        let stopped = u64::from(self.lock().in_flight);
        totals.stopped = stopped;
        totals.calls += stopped;
        events.emit(Event::Usage(totals.into()));
    }
}

impl From<UsageTotals> for Usage {
    fn from(t: UsageTotals) -> Self {
        Usage {
            calls: t.calls,
            prompt_tokens: t.prompt_tokens,
            completion_tokens: t.completion_tokens,
            ms: t.ms,
            estimated: t.estimated,
            estimated_calls: t.estimated_calls,
            requests: t.requests,
            failed: t.failed,
            refused: t.refused,
            truncated: t.truncated,
            stopped: t.stopped,
            concurrency: t.peak_in_flight,
        }
    }
}
