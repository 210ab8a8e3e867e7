//! Usage per call and per run.

use crate::events::{Event, Events};
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
    /// Calls that made a request (cache hits excluded).
    pub calls: u64,
    /// Calls answered from the cache.
    pub cached: u64,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    /// Time during which at least one call was in flight (parallel calls are not added up).
    pub ms: u64,
    /// Some token counts are estimates.
    pub estimated: bool,
}

/// A shared meter: clones count into the same totals.
#[derive(Debug, Clone, Default)]
pub struct UsageMeter {
    inner: Arc<Mutex<Inner>>,
}

#[derive(Debug, Default)]
struct Inner {
    totals: UsageTotals,
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

    /// A call ended, successfully (`Some`) or not.
    pub(crate) fn end(&self, usage: Option<&CallUsage>) {
        let mut inner = self.lock();
        inner.in_flight = inner.in_flight.saturating_sub(1);
        if inner.in_flight == 0
            && let Some(since) = inner.busy_since.take()
        {
            inner.busy += since.elapsed();
        }
        if let Some(u) = usage {
            inner.totals.calls += 1;
            inner.totals.prompt_tokens += u.prompt_tokens;
            inner.totals.completion_tokens += u.completion_tokens;
            inner.totals.estimated |= u.estimated;
        }
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

    /// Emits the totals as one [`Event::Usage`] (the summary line of LLM commands).
    pub fn emit(&self, events: &Events) {
        let t = self.totals();
        events.emit(Event::Usage {
            calls: t.calls,
            prompt_tokens: t.prompt_tokens,
            completion_tokens: t.completion_tokens,
            ms: t.ms,
            estimated: t.estimated,
        });
    }
}
