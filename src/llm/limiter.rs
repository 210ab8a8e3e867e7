//! How many requests go to the endpoint at once: fixed (`--concurrency N`), or adapted
//! to what the endpoint takes (`--concurrency auto`, the default).
//!
//! Adapting: start at 8 (1 for a local server, which usually has one slot and queues the
//! rest). While the endpoint answers as fast as it did at the start, raise the limit
//! (quickly for a remote endpoint: each fast answer adds [`REMOTE_STEP`]; for a local one
//! one step per round). When the endpoint pushes back (429/503) or a timeout suggests it
//! is overloaded, halve the limit (once per round of requests, however many of that round
//! are refused) and honour its `Retry-After` for every request. When the answers of a
//! round take clearly longer than at the start, the endpoint is queueing: halve too.
//! After a cut the limit holds for [`PROBE_AFTER`] before it tries one more. Never above
//! [`MAX_CONCURRENCY`].
//!
//! Latency is measured per request from sending it to its last byte, over rounds of as
//! many answers as the limit (at least three), so answers of different lengths average out.

use super::config::{Concurrency, MAX_CONCURRENCY};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::sync::Notify;
use tokio::time::Instant;

/// Where `auto` starts for a remote endpoint.
pub const REMOTE_START: usize = 8;
/// What each fast answer adds while a remote endpoint has never pushed back.
pub const REMOTE_STEP: usize = 8;
/// A round "holds" while its mean latency stays within this factor of the start's.
const TOLERANCE: f64 = 1.5;
/// After a cut, how long the limit holds before trying one more.
pub const PROBE_AFTER: Duration = Duration::from_secs(30);

pub(super) struct Limiter {
    fixed: bool,
    local: bool,
    state: Mutex<State>,
    freed: Notify,
}

#[derive(Debug)]
struct State {
    limit: usize,
    fixed: bool,
    in_flight: usize,
    /// The most requests in flight at once.
    peak: usize,
    /// Permits handed out so far (each permit's number).
    seq: u64,
    /// Growing fast: nothing was refused and latency held so far.
    slow_start: bool,
    /// Mean latency at the start (then the best round's), seconds.
    baseline: Option<f64>,
    /// Permits numbered from here on are measured in the current round.
    round_start: u64,
    round_level: usize,
    round_sum: f64,
    round_n: usize,
    /// Permits numbered below this were sent before the last cut: their refusals do not
    /// cut again.
    cut_at: u64,
    /// The last cut or probe.
    calm_since: Instant,
    /// No request starts before this (`Retry-After`).
    paused_until: Option<Instant>,
    refused: u64,
}

impl Limiter {
    pub(super) fn new(concurrency: Concurrency, local: bool) -> Self {
        let (limit, fixed) = match concurrency {
            Concurrency::Fixed(n) => (n.max(1), true),
            Concurrency::Auto if local => (1, false),
            Concurrency::Auto => (REMOTE_START, false),
        };
        Self {
            fixed,
            local,
            state: Mutex::new(State {
                limit,
                fixed,
                in_flight: 0,
                peak: 0,
                seq: 0,
                slow_start: true,
                baseline: None,
                round_start: 0,
                round_level: limit,
                round_sum: 0.0,
                round_n: 0,
                cut_at: 0,
                calm_since: Instant::now(),
                paused_until: None,
                refused: 0,
            }),
            freed: Notify::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Fixes the limit (`Concurrency::Fixed`) or lets it adapt from where it is.
    pub(super) fn set(&self, concurrency: Concurrency) {
        let mut st = self.lock();
        match concurrency {
            Concurrency::Fixed(n) => {
                st.limit = n.max(1);
                st.fixed = true;
            }
            Concurrency::Auto => st.fixed = self.fixed && st.fixed,
        }
        drop(st);
        self.freed.notify_waiters();
    }

    /// The limit now.
    pub(super) fn limit(&self) -> usize {
        self.lock().limit
    }

    /// The most requests that were in flight at once.
    #[cfg(test)]
    fn peak(&self) -> usize {
        self.lock().peak
    }

    /// Requests the endpoint refused (429/503).
    #[cfg(test)]
    fn refused(&self) -> u64 {
        self.lock().refused
    }

    /// Waits for a free slot (and for any `Retry-After` pause) until `deadline`; `None`
    /// when the deadline passed first.
    pub(super) async fn acquire(&self, deadline: Instant) -> Option<Permit<'_>> {
        loop {
            let freed = self.freed.notified();
            let pause = {
                let mut st = self.lock();
                let now = Instant::now();
                match st.paused_until {
                    Some(until) if until > now => Some(until),
                    _ => {
                        st.paused_until = None;
                        if st.in_flight < st.limit {
                            st.in_flight += 1;
                            st.peak = st.peak.max(st.in_flight);
                            let seq = st.seq;
                            st.seq += 1;
                            return Some(Permit {
                                limiter: self,
                                seq,
                                started: now,
                                open: true,
                            });
                        }
                        None
                    }
                }
            };
            match pause {
                Some(until) => {
                    if until >= deadline {
                        tokio::time::sleep_until(deadline).await;
                        return None;
                    }
                    tokio::time::sleep_until(until).await;
                }
                None => {
                    if tokio::time::timeout_at(deadline, freed).await.is_err() {
                        return None;
                    }
                }
            }
        }
    }

    fn release(&self, seq: u64, outcome: Outcome) {
        let mut st = self.lock();
        st.in_flight = st.in_flight.saturating_sub(1);
        let now = Instant::now();
        match outcome {
            Outcome::Ok(latency) => self.answered(&mut st, seq, latency, now),
            Outcome::Refused(after) => {
                st.refused += 1;
                if let Some(after) = after {
                    let until = now + after;
                    st.paused_until = Some(st.paused_until.map_or(until, |u| u.max(until)));
                }
                self.cut(&mut st, seq, now);
            }
            Outcome::Overloaded => self.cut(&mut st, seq, now),
            Outcome::Other => {}
        }
        drop(st);
        self.freed.notify_waiters();
    }

    /// An answer arrived after `latency`.
    fn answered(&self, st: &mut State, seq: u64, latency: Duration, now: Instant) {
        if st.fixed || seq < st.cut_at {
            return;
        }
        let latency = latency.as_secs_f64();
        let baseline = *st.baseline.get_or_insert(latency);
        if st.slow_start && !self.local && latency <= TOLERANCE * baseline {
            st.limit = (st.limit + REMOTE_STEP).min(MAX_CONCURRENCY);
        }
        if seq < st.round_start {
            return;
        }
        st.round_sum += latency;
        st.round_n += 1;
        // A round: as many answers as the limit allows at once, and at least three, so
        // that at 2 on a one-slot server the queued answers outweigh the first.
        if st.round_n < st.round_level.max(3) {
            return;
        }
        let mean = st.round_sum / st.round_n as f64;
        let first_round = st.round_start == 0;
        if !first_round && mean > TOLERANCE * baseline {
            // The endpoint queues: fewer at once.
            st.limit = (st.limit / 2).max(1);
            st.slow_start = false;
            st.cut_at = st.seq;
            st.calm_since = now;
        } else {
            st.baseline = Some(if first_round {
                mean
            } else {
                baseline.min(mean)
            });
            if st.slow_start && self.local {
                st.limit = (st.limit + 1).min(MAX_CONCURRENCY);
            } else if !st.slow_start && now - st.calm_since >= PROBE_AFTER {
                st.limit = (st.limit + 1).min(MAX_CONCURRENCY);
                st.calm_since = now;
            }
        }
        self.new_round(st);
    }

    /// The endpoint pushed back: halve, once per round of requests sent before.
    fn cut(&self, st: &mut State, seq: u64, now: Instant) {
        if st.fixed || seq < st.cut_at {
            return;
        }
        st.limit = (st.limit / 2).max(1);
        st.slow_start = false;
        st.cut_at = st.seq;
        st.calm_since = now;
        self.new_round(st);
    }

    fn new_round(&self, st: &mut State) {
        st.round_start = st.seq;
        st.round_level = st.limit;
        st.round_sum = 0.0;
        st.round_n = 0;
    }
}

enum Outcome {
    Ok(Duration),
    Refused(Option<Duration>),
    Overloaded,
    Other,
}

/// A request in flight. Say how it went ([`Permit::ok`], [`Permit::refused`],
/// [`Permit::overloaded`]); dropped otherwise, it frees its slot and says nothing.
pub(super) struct Permit<'a> {
    limiter: &'a Limiter,
    seq: u64,
    started: Instant,
    open: bool,
}

impl Permit<'_> {
    /// The endpoint answered; its latency counts when `measured` (answers of one kind,
    /// such as extraction's, compare; a long streamed answer does not).
    pub(super) fn ok(mut self, measured: bool) {
        self.open = false;
        let outcome = if measured {
            Outcome::Ok(self.started.elapsed())
        } else {
            Outcome::Other
        };
        self.limiter.release(self.seq, outcome);
    }

    /// The endpoint refused (429/503), asking to wait `after`.
    pub(super) fn refused(mut self, after: Option<Duration>) {
        self.open = false;
        self.limiter.release(self.seq, Outcome::Refused(after));
    }

    /// The request timed out: the endpoint may be overloaded.
    pub(super) fn overloaded(mut self) {
        self.open = false;
        self.limiter.release(self.seq, Outcome::Overloaded);
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        if self.open {
            self.limiter.release(self.seq, Outcome::Other);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn far() -> Instant {
        Instant::now() + Duration::from_secs(3600)
    }

    #[tokio::test(start_paused = true)]
    async fn a_remote_endpoint_that_holds_gets_more_at_once() {
        let limiter = Limiter::new(Concurrency::Auto, false);
        assert_eq!(limiter.limit(), REMOTE_START);
        let mut permits = Vec::new();
        for _ in 0..REMOTE_START {
            permits.push(limiter.acquire(far()).await.unwrap());
        }
        tokio::time::advance(Duration::from_millis(250)).await;
        for p in permits {
            p.ok(true);
        }
        assert_eq!(limiter.limit(), REMOTE_START * (REMOTE_STEP + 1));
        assert_eq!(limiter.peak(), REMOTE_START);
    }

    #[tokio::test(start_paused = true)]
    async fn a_refusal_halves_once_per_round_and_the_pause_is_honoured() {
        let limiter = Limiter::new(Concurrency::Auto, false);
        let mut permits = Vec::new();
        for _ in 0..8 {
            permits.push(limiter.acquire(far()).await.unwrap());
        }
        // Four of the eight are refused: one cut, to 4.
        for p in permits.drain(4..) {
            p.refused(Some(Duration::from_secs(2)));
        }
        assert_eq!(limiter.limit(), 4);
        assert_eq!(limiter.refused(), 4);
        // Retry-After holds every new request back.
        let before = Instant::now();
        let next = tokio::time::timeout(Duration::from_secs(5), async {
            for p in permits.drain(..) {
                p.ok(true);
            }
            limiter.acquire(far()).await.map(|p| p.started)
        })
        .await
        .unwrap()
        .unwrap();
        assert!(next - before >= Duration::from_secs(2));
        // Latency holding does not raise it again until PROBE_AFTER.
        for _ in 0..20 {
            let p = limiter.acquire(far()).await.unwrap();
            tokio::time::advance(Duration::from_millis(250)).await;
            p.ok(true);
        }
        assert_eq!(limiter.limit(), 4);
    }

    #[tokio::test(start_paused = true)]
    async fn a_local_single_slot_server_stays_at_one() {
        let limiter = Limiter::new(Concurrency::Auto, true);
        assert_eq!(limiter.limit(), 1);
        // Three answers at 1 s each: the round holds, try 2.
        for _ in 0..3 {
            let p = limiter.acquire(far()).await.unwrap();
            tokio::time::advance(Duration::from_secs(1)).await;
            p.ok(true);
        }
        assert_eq!(limiter.limit(), 2);
        // At 2 the server queues: the first answer takes 1 s, the next ones 2 s. Back to 1.
        let a = limiter.acquire(far()).await.unwrap();
        let b = limiter.acquire(far()).await.unwrap();
        tokio::time::advance(Duration::from_secs(1)).await;
        a.ok(true);
        let c = limiter.acquire(far()).await.unwrap();
        tokio::time::advance(Duration::from_secs(1)).await;
        b.ok(true);
        tokio::time::advance(Duration::from_secs(1)).await;
        c.ok(true);
        assert_eq!(limiter.limit(), 1);
    }

    #[tokio::test(start_paused = true)]
    async fn a_fixed_limit_never_moves_and_waiters_get_freed_slots() {
        let limiter = Limiter::new(Concurrency::Fixed(2), false);
        let a = limiter.acquire(far()).await.unwrap();
        let _b = limiter.acquire(far()).await.unwrap();
        let third = tokio::time::timeout(Duration::from_secs(1), limiter.acquire(far())).await;
        assert!(third.is_err(), "a third request must wait");
        a.refused(None);
        assert_eq!(limiter.limit(), 2);
        let _c = limiter.acquire(far()).await.unwrap();
        let none = limiter
            .acquire(Instant::now() + Duration::from_millis(10))
            .await;
        assert!(none.is_none(), "no slot before the deadline");
    }
}
