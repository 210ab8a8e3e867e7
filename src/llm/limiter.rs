//! How many requests go to the endpoint at once: fixed (`--concurrency N`), or adapted
//! to what the endpoint takes (`--concurrency auto`, the default).
//!
//! Adapting:
//! - **Start from what the server says** ([`super::probe`], once per run, for a local
//!   server): llama.cpp's slots, llama-cpp-python's one and TGI's maximum are kept to
//!   exactly; vLLM and SGLang batch, so everything goes at once (up to
//!   [`MAX_CONCURRENCY`]); Ollama and LM Studio start at one and find out. A server that
//!   says nothing starts at [`UNKNOWN_START`] ([`REMOTE_START`] for a remote endpoint).
//! - **Or from what an earlier run learned** ([`Learned`], kept in the run store by the
//!   client): the most requests the endpoint answered at once with flat latency and
//!   nothing refused, never above a limit that refused (nor grown to it: held right
//!   below, one more tried after [`PROBE_AFTER_REFUSAL`]). Not for a server that says
//!   what it takes.
//! - **Grow** while the endpoint keeps up, as long as there is work waiting for a slot:
//!   each answer that came back about as fast as the quickest adds one (the limit doubles
//!   per round, as TCP does); once several answers came back together at that latency
//!   (they were in the server at the same time, so it is not queueing them), the limit
//!   goes to [`FAST_GROWTH`] times as many as came back together, unless a refusal or a
//!   queueing cut held it. Requests above the most the endpoint has answered at once go
//!   out in steps one `pace` apart (the round trip of a request that does no work,
//!   measured by the probe), one and then twice as many each step up to [`MAX_STEP`], so
//!   a refusal comes back before the next step goes; what a step sent and nothing refused
//!   within a pace counts as taken, and a slot an answer frees below that is filled at
//!   once (one per pace for every freed slot would hold the requests in flight where the
//!   answers come one per pace, whatever the limit).
//! - **A refusal (429/503) says where the limit is**: what was in flight when it came,
//!   less the refused one. The limit is set there and held; only the refused request waits
//!   for `Retry-After` (all of them wait only when nothing else was in flight). After
//!   [`PROBE_AFTER_REFUSAL`] without refusals, one more is tried.
//! - **Queueing**: over a round of answers (as many as the limit, at least three), the
//!   answers delivered per second are compared with what the requests in flight (as the
//!   answers came) would give at the quickest latency seen; at less than half of it the server is queueing (a
//!   one-slot server at 4 in flight delivers a quarter), and the limit becomes what the
//!   delivered rate needs at that latency (Little's law), held for [`PROBE_AFTER`]. Not
//!   for a batching server, whose latency grows with its batch by design.
//! - A timeout suggests overload: halve, and hold for [`PROBE_AFTER`].
//!
//! Latency is measured per request from sending it to its last byte, for answers of one
//! kind (extraction's structured answers read whole).

use super::config::{Concurrency, MAX_CONCURRENCY};
use super::probe::Capacity;
use std::collections::VecDeque;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::sync::Notify;
use tokio::time::Instant;

/// Where `auto` starts for a remote endpoint.
pub const REMOTE_START: usize = 8;
/// Where `auto` starts for a local endpoint that says nothing about itself (a gateway, a
/// tunnel): a one-slot server queues three and says so within the first round.
pub const UNKNOWN_START: usize = 4;
/// An answer "holds" while its latency stays within this factor of the quickest.
const TOLERANCE: f64 = 1.5;
/// While answers hold and come back several at once, the limit grows to this many times
/// as many as came back together (at most this factor per round, against TCP's two).
/// A server that queues is found out by the same round as before: its answers never come
/// back together.
pub const FAST_GROWTH: usize = 8;
/// After a cut for queueing or a timeout, how long the limit holds before trying one more.
pub const PROBE_AFTER: Duration = Duration::from_secs(30);
/// After a refusal set the limit, how long it holds before trying one more.
pub const PROBE_AFTER_REFUSAL: Duration = Duration::from_secs(10);
/// The pace of requests above what the endpoint has shown it takes, until the probe
/// measured a round trip (and its bounds after).
const DEFAULT_PACE: Duration = Duration::from_millis(2);
const MIN_PACE: Duration = Duration::from_millis(1);
const MAX_PACE: Duration = Duration::from_millis(20);
/// Above what the endpoint has shown it takes, requests go out in steps one `pace` apart:
/// one, then twice as many each step that nothing was refused, up to this many. A
/// refusal comes back before the next step, so one step is the most refused at once.
pub const MAX_STEP: usize = 8;

/// What a run learned about how many requests the endpoint takes at once: the client
/// keeps it for the next run against the same endpoint (base URL and model).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Learned {
    /// The most requests it answered at once with latency flat and nothing refused.
    pub most: usize,
    /// The fewest in flight at which it refused one (the refused one included).
    pub refused_at: Option<usize>,
}

impl Learned {
    /// Where a run starts from it: `most`, below a limit that refused.
    pub fn start(self) -> usize {
        let below = self.refused_at.map_or(usize::MAX, |r| r.saturating_sub(1));
        self.most.min(below).max(1)
    }
}

pub(super) struct Limiter {
    /// `--concurrency N`: [`Limiter::set`] with `Auto` does not free it.
    fixed_at_start: bool,
    state: Mutex<State>,
    freed: Notify,
}

/// Why the limit is where it is, when it is not growing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Hold {
    /// Growing (slow start).
    Growing,
    /// Set by a refusal: try one more after [`PROBE_AFTER_REFUSAL`].
    Refused,
    /// Set by queueing or a timeout: try one more after [`PROBE_AFTER`].
    Queued,
    /// What the server said it takes: never above.
    Told,
}

#[derive(Debug)]
struct State {
    limit: usize,
    fixed: bool,
    /// Never above this (what the server said, or [`MAX_CONCURRENCY`]).
    ceiling: usize,
    /// The server batches: latency growing with what is in flight is no sign of queueing.
    batches: bool,
    hold: Hold,
    in_flight: usize,
    /// Callers waiting for a slot (work the limit holds back).
    waiting: usize,
    /// The most requests in flight at once.
    peak: usize,
    /// Permits handed out so far (each permit's number).
    seq: u64,
    /// The most in flight that the endpoint answered without refusing: up to here (or
    /// `taken`) requests go at once, above it in steps one `pace` apart.
    shown: usize,
    /// The most in flight that the endpoint took without refusing within a `pace` (not
    /// yet answered): up to here freed slots are filled at once too.
    taken: usize,
    pace: Duration,
    /// When the last step above `taken` began, how many it may send, how many it has
    /// left, and the most in flight it reached.
    last_extra: Option<Instant>,
    step: usize,
    step_left: usize,
    step_top: usize,
    /// The quickest answer, seconds.
    quickest: Option<f64>,
    /// The same, as it was measured.
    quickest_took: Option<Duration>,
    /// The current round: requests numbered from `round_start`, sent from `round_began`
    /// at `round_level`; `round_n` of their answers are in, `delivered` answers of any
    /// request since `round_began`.
    round_start: u64,
    round_began: Option<Instant>,
    round_level: usize,
    round_n: usize,
    delivered: usize,
    /// The sum of those answers' latencies, and when the first and the last came.
    latency_sum: f64,
    first_answer: Option<Instant>,
    last_answer: Option<Instant>,
    /// The last cut or probe upward.
    calm_since: Instant,
    /// No request starts before this (`Retry-After` when nothing else was in flight).
    paused_until: Option<Instant>,
    refused: u64,
    /// When the answers that held came back, those within half the quickest latency of
    /// the latest: all of them were worked on at once.
    quick: VecDeque<Instant>,
    /// The most answers that held and came back together (lowered by a cut): what the
    /// endpoint has shown it answers at once with flat latency.
    proven: usize,
    /// The fewest in flight at which the endpoint refused a request.
    refused_at: Option<usize>,
    /// What [`Limiter::learned`] last handed out.
    published: Option<Learned>,
}

impl Limiter {
    pub(super) fn new(concurrency: Concurrency, local: bool) -> Self {
        let (limit, fixed) = match concurrency {
            Concurrency::Fixed(n) => (n.max(1), true),
            Concurrency::Auto if local => (UNKNOWN_START, false),
            Concurrency::Auto => (REMOTE_START, false),
        };
        Self {
            fixed_at_start: fixed,
            state: Mutex::new(State {
                limit,
                fixed,
                ceiling: MAX_CONCURRENCY,
                batches: false,
                hold: Hold::Growing,
                in_flight: 0,
                waiting: 0,
                peak: 0,
                seq: 0,
                shown: 0,
                taken: 0,
                pace: DEFAULT_PACE,
                last_extra: None,
                step: 0,
                step_left: 0,
                step_top: 0,
                quickest: None,
                quickest_took: None,
                round_start: 0,
                round_began: None,
                round_level: limit,
                round_n: 0,
                delivered: 0,
                latency_sum: 0.0,
                first_answer: None,
                last_answer: None,
                calm_since: Instant::now(),
                paused_until: None,
                refused: 0,
                quick: VecDeque::new(),
                proven: 0,
                refused_at: None,
                published: None,
            }),
            freed: Notify::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts from what the server said ([`super::probe`]): its capacity and the round
    /// trip of a request that does no work. Before any request is sent.
    pub(super) fn told(&self, capacity: Capacity, round_trip: Option<Duration>) {
        let mut st = self.lock();
        if let Some(rt) = round_trip {
            st.pace = (rt * 2).clamp(MIN_PACE, MAX_PACE);
        }
        if st.fixed {
            return;
        }
        match capacity {
            Capacity::Slots(n) => {
                let n = n.clamp(1, MAX_CONCURRENCY);
                st.limit = n;
                st.ceiling = n;
                st.shown = n;
                st.hold = Hold::Told;
            }
            Capacity::Batches => {
                st.limit = MAX_CONCURRENCY;
                st.shown = MAX_CONCURRENCY;
                st.batches = true;
            }
            Capacity::Few { at_most } => {
                st.limit = 1;
                st.ceiling = at_most.clamp(1, MAX_CONCURRENCY);
            }
            Capacity::Unknown => {}
        }
        st.round_level = st.limit;
        drop(st);
        self.freed.notify_waiters();
    }

    /// Starts from what an earlier run learned about this endpoint, before any request is
    /// sent: not for a fixed limit or a server that said what it takes (nor above what it
    /// said, such as Ollama's most).
    pub(super) fn start_from(&self, learned: Learned) {
        let mut st = self.lock();
        if st.fixed || st.batches || st.hold == Hold::Told {
            return;
        }
        let start = learned.start().min(st.ceiling);
        st.limit = start;
        st.shown = start;
        st.proven = start;
        st.refused_at = learned.refused_at;
        Self::hold_below_refusal(&mut st, Instant::now());
        st.round_level = start;
        st.published = Self::learned_in(&st);
        drop(st);
        self.freed.notify_waiters();
    }

    /// What this run has learned, when it changed enough to keep since it was last
    /// handed out (a fall, a refusal, or a quarter more): `None` otherwise, and for a fixed
    /// limit or a server that said what it takes.
    pub(super) fn learned(&self) -> Option<Learned> {
        self.learned_when(false)
    }

    /// What this run has learned, at its end: when it changed at all since it was last
    /// handed out (the growth of a run's last part, less than a quarter, included).
    pub(super) fn learned_at_end(&self) -> Option<Learned> {
        self.learned_when(true)
    }

    fn learned_when(&self, at_end: bool) -> Option<Learned> {
        let mut st = self.lock();
        let now = Self::learned_in(&st)?;
        let changed = match st.published {
            None => true,
            Some(was) if at_end => now != was,
            Some(was) => {
                now.refused_at != was.refused_at
                    || now.most < was.most
                    || now.most > was.most + was.most / 4
            }
        };
        if !changed {
            return None;
        }
        st.published = Some(now);
        Some(now)
    }

    fn learned_in(st: &State) -> Option<Learned> {
        if st.fixed || st.batches || st.hold == Hold::Told || st.proven == 0 {
            return None;
        }
        Some(Learned {
            most: st.proven,
            refused_at: st.refused_at.filter(|r| *r > st.proven),
        })
    }

    /// Fixes the limit (`Concurrency::Fixed`) or lets it adapt from where it is.
    pub(super) fn set(&self, concurrency: Concurrency) {
        let mut st = self.lock();
        match concurrency {
            Concurrency::Fixed(n) => {
                st.limit = n.max(1);
                st.fixed = true;
            }
            Concurrency::Auto => st.fixed = self.fixed_at_start,
        }
        drop(st);
        self.freed.notify_waiters();
    }

    /// Whether the endpoint may take only one request at a time: it was told so, found
    /// out, or never answered two at once.
    pub(super) fn one_at_a_time(&self) -> bool {
        let st = self.lock();
        st.limit == 1 || (st.shown <= 1 && !st.batches)
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
        let mut waiting: Option<Waiting<'_>> = None;
        loop {
            let freed = self.freed.notified();
            let until = {
                let mut st = self.lock();
                let now = Instant::now();
                match st.paused_until {
                    Some(until) if until > now => Some(until),
                    _ => {
                        st.paused_until = None;
                        match self.grant(&mut st, now) {
                            Ok(permit) => {
                                if let Some(w) = waiting.as_mut()
                                    && w.counted
                                {
                                    st.waiting = st.waiting.saturating_sub(1);
                                    w.counted = false;
                                }
                                return Some(permit);
                            }
                            Err(until) => until,
                        }
                    }
                }
            };
            if waiting.is_none() {
                self.lock().waiting += 1;
                waiting = Some(Waiting {
                    limiter: self,
                    counted: true,
                });
            }
            match until {
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

    /// A slot now, or when to look again (`None`: when one is freed).
    fn grant(&self, st: &mut State, now: Instant) -> Result<Permit<'_>, Option<Instant>> {
        if st.in_flight >= st.limit {
            return Err(None);
        }
        if st.in_flight >= st.shown.max(st.taken) {
            // Above what the endpoint has shown it takes: in steps one pace apart.
            match st.last_extra {
                Some(last) if now < last + st.pace => {
                    if st.step_left == 0 {
                        return Err(Some(last + st.pace));
                    }
                    st.step_left -= 1;
                }
                last => {
                    // The last step went a pace ago and nothing of it was refused: the
                    // endpoint takes that many, and the next step may be twice as large
                    // (right after it; after a pause, one again) once the endpoint has
                    // answered at the last step's height, or twice the largest step at
                    // once. Until then one a pace: behind a small limit a refusal slower
                    // than a pace (a loaded machine, a remote gateway) costs one request
                    // a pace, not a doubling step each; above, one step is a small share.
                    st.taken = st.taken.max(st.step_top);
                    let next = last.is_some_and(|last| now < last + st.pace * 2)
                        && (st.shown >= st.step_top || st.shown >= 2 * MAX_STEP);
                    st.step = if next {
                        (st.step * 2).clamp(1, MAX_STEP)
                    } else {
                        1
                    };
                    st.step_left = st.step - 1;
                    st.last_extra = Some(now);
                }
            }
            st.step_top = st.step_top.max(st.in_flight + 1);
        }
        st.in_flight += 1;
        st.peak = st.peak.max(st.in_flight);
        let seq = st.seq;
        st.seq += 1;
        if st.round_began.is_none() {
            st.round_began = Some(now);
        }
        Ok(Permit {
            limiter: self,
            seq,
            level: st.in_flight,
            started: now,
            open: true,
        })
    }

    fn release(&self, permit: &Permit<'_>, outcome: Outcome) {
        let mut st = self.lock();
        let was = st.in_flight;
        st.in_flight = st.in_flight.saturating_sub(1);
        let now = Instant::now();
        match outcome {
            Outcome::Ok(latency) => {
                st.shown = st.shown.max(permit.level);
                if let Some(latency) = latency {
                    self.answered(&mut st, permit.seq, was, latency, now);
                }
            }
            Outcome::Refused(after) => {
                st.refused += 1;
                if was <= 1
                    && let Some(after) = after
                {
                    // Nothing else got through: everyone waits.
                    let until = now + after;
                    st.paused_until = Some(st.paused_until.map_or(until, |u| u.max(until)));
                }
                if !st.fixed {
                    // What was in flight, less this one, is what the endpoint takes.
                    let learned = was.saturating_sub(1).max(1);
                    st.limit = st.limit.min(learned);
                    st.shown = st.shown.min(st.limit);
                    st.proven = st.proven.min(st.limit);
                    Self::stop_steps(&mut st);
                    st.refused_at = Some(st.refused_at.map_or(was.max(1), |r| r.min(was.max(1))));
                    if st.hold != Hold::Told {
                        st.hold = Hold::Refused;
                    }
                    st.calm_since = now;
                    self.new_round(&mut st, now);
                }
            }
            Outcome::Overloaded => {
                if !st.fixed {
                    st.limit = (st.limit / 2).max(1);
                    st.shown = st.shown.min(st.limit);
                    st.proven = st.proven.min(st.limit);
                    Self::stop_steps(&mut st);
                    if st.hold != Hold::Told {
                        st.hold = Hold::Queued;
                    }
                    st.calm_since = now;
                    self.new_round(&mut st, now);
                }
            }
            Outcome::Other => {}
        }
        drop(st);
        self.freed.notify_waiters();
    }

    /// An answer arrived after `latency`, with `was` in flight (itself included).
    fn answered(&self, st: &mut State, seq: u64, was: usize, latency: Duration, now: Instant) {
        if st.fixed {
            return;
        }
        let took = latency;
        let quickest_took = st.quickest_took.map_or(took, |q| q.min(took));
        st.quickest_took = Some(quickest_took);
        let latency = latency.as_secs_f64().max(1e-6);
        let quickest = st.quickest.map_or(latency, |q| q.min(latency));
        st.quickest = Some(quickest);
        let holds = latency <= TOLERANCE * quickest;
        // The answers that held and came back within half the quickest latency of this
        // one were all worked on at once (each took at least that long). Not within the
        // whole of it: a one-slot server's answers come one service time apart, just
        // under the quickest latency (service plus the round trip), and an answer that
        // waited little in its queue still holds; that pair was never worked on at once.
        let together = if holds {
            let since = now.checked_sub(quickest_took / 2);
            while let (Some(first), Some(since)) = (st.quick.front(), since) {
                if *first > since {
                    break;
                }
                st.quick.pop_front();
            }
            st.quick.push_back(now);
            st.quick.len()
        } else {
            0
        };
        if st.hold != Hold::Told && together > st.proven {
            st.proven = together;
        }
        // Growing: an answer as fast as the quickest, with work held back, adds one; when
        // several came back together, the limit goes to a multiple of them.
        if st.hold == Hold::Growing && holds && was + st.waiting >= st.limit {
            let fast = if together >= 2 {
                together.saturating_mul(FAST_GROWTH)
            } else {
                0
            };
            st.limit = (st.limit + 1).max(fast).min(st.ceiling);
            // (On an earlier run's refusal: this run's own holds the limit already.)
            Self::hold_below_refusal(st, now);
        }
        st.delivered += 1;
        st.latency_sum += latency;
        st.first_answer.get_or_insert(now);
        st.last_answer = Some(now);
        if seq >= st.round_start {
            st.round_n += 1;
        }
        if st.round_n < st.round_level.max(3) {
            return;
        }
        let mean = st.latency_sum / st.delivered as f64;
        let span = match (st.first_answer, st.last_answer) {
            (Some(first), Some(last)) => (last - first).as_secs_f64(),
            _ => 0.0,
        };
        if !st.batches
            && st.hold != Hold::Told
            && st.delivered >= 3
            && mean > TOLERANCE * quickest
            && span > 0.0
        {
            // Queueing: the answers come at the rate the server works at; at the
            // quickest latency that rate needs this many in flight (Little's law).
            let rate = (st.delivered - 1) as f64 / span;
            let needed = (rate * quickest).round() as usize;
            st.limit = needed.clamp(1, st.limit);
            st.shown = st.shown.min(st.limit);
            st.proven = st.proven.min(st.limit);
            Self::stop_steps(st);
            st.hold = Hold::Queued;
            st.calm_since = now;
        } else {
            let after = match st.hold {
                Hold::Refused => Some(PROBE_AFTER_REFUSAL),
                Hold::Queued => Some(PROBE_AFTER),
                Hold::Growing | Hold::Told => None,
            };
            if let Some(after) = after
                && now - st.calm_since >= after
            {
                st.limit = (st.limit + 1).min(st.ceiling);
                st.calm_since = now;
            }
        }
        self.new_round(st, now);
    }

    /// Never at or above a limit that refused: held right below it, one more tried after
    /// [`PROBE_AFTER_REFUSAL`].
    fn hold_below_refusal(st: &mut State, now: Instant) {
        if let Some(refused_at) = st.refused_at
            && st.limit + 1 >= refused_at
        {
            st.limit = st.limit.min(refused_at.saturating_sub(1)).max(1);
            st.hold = Hold::Refused;
            st.calm_since = now;
        }
    }

    /// After a cut: what was taken above the new limit no longer counts, and the steps
    /// above it start again at one.
    fn stop_steps(st: &mut State) {
        st.taken = st.taken.min(st.limit);
        st.step = 0;
        st.step_left = 0;
        st.step_top = 0;
    }

    fn new_round(&self, st: &mut State, now: Instant) {
        st.round_start = st.seq;
        st.round_began = Some(now);
        st.round_level = st.limit;
        st.round_n = 0;
        st.delivered = 0;
        st.latency_sum = 0.0;
        st.first_answer = None;
        st.last_answer = None;
    }
}

/// A caller waiting for a slot; counted until it gets one or gives up.
struct Waiting<'a> {
    limiter: &'a Limiter,
    counted: bool,
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        if self.counted {
            let mut st = self.limiter.lock();
            st.waiting = st.waiting.saturating_sub(1);
        }
    }
}

enum Outcome {
    /// Answered; the latency when it counts.
    Ok(Option<Duration>),
    Refused(Option<Duration>),
    Overloaded,
    Other,
}

/// A request in flight. Say how it went ([`Permit::ok`], [`Permit::refused`],
/// [`Permit::overloaded`]); dropped otherwise, it frees its slot and says nothing.
pub(super) struct Permit<'a> {
    limiter: &'a Limiter,
    seq: u64,
    /// In flight when it was sent, itself included.
    level: usize,
    started: Instant,
    open: bool,
}

impl Permit<'_> {
    /// The endpoint answered; its latency counts when `measured` (answers of one kind,
    /// such as extraction's, compare; a long streamed answer does not).
    pub(super) fn ok(mut self, measured: bool) {
        self.open = false;
        let latency = measured.then(|| self.started.elapsed());
        self.limiter.release(&self, Outcome::Ok(latency));
    }

    /// The endpoint refused (429/503), asking to wait `after`.
    pub(super) fn refused(mut self, after: Option<Duration>) {
        self.open = false;
        self.limiter.release(&self, Outcome::Refused(after));
    }

    /// The request timed out: the endpoint may be overloaded.
    pub(super) fn overloaded(mut self) {
        self.open = false;
        self.limiter.release(&self, Outcome::Overloaded);
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        if self.open {
            self.open = false;
            self.limiter.release(self, Outcome::Other);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn far() -> Instant {
        Instant::now() + Duration::from_secs(3600)
    }

    /// A simulated endpoint on the paused clock.
    #[derive(Clone, Copy)]
    enum Server {
        /// Answers everything after `latency`.
        Unbounded,
        /// Refuses (`Retry-After: 1`) beyond this many in flight.
        Limit(usize),
        /// One slot; the rest wait in line.
        OneSlot,
    }

    struct Sim {
        in_server: AtomicUsize,
        refused: AtomicUsize,
        /// The most in flight after the first two seconds.
        late_peak: AtomicUsize,
        slot: tokio::sync::Mutex<()>,
        start: Instant,
    }

    /// `jobs` calls at once through `limiter` to `server`; what the server saw.
    async fn run(limiter: Arc<Limiter>, server: Server, jobs: usize) -> Arc<Sim> {
        let latency = Duration::from_millis(250);
        let sim = Arc::new(Sim {
            in_server: AtomicUsize::new(0),
            refused: AtomicUsize::new(0),
            late_peak: AtomicUsize::new(0),
            slot: tokio::sync::Mutex::new(()),
            start: Instant::now(),
        });
        let mut tasks = Vec::new();
        for _ in 0..jobs {
            let (limiter, sim) = (limiter.clone(), sim.clone());
            tasks.push(tokio::spawn(async move {
                loop {
                    let permit = limiter.acquire(far()).await.unwrap();
                    let now = sim.in_server.fetch_add(1, Ordering::SeqCst) + 1;
                    if Instant::now() - sim.start > Duration::from_secs(2) {
                        sim.late_peak.fetch_max(now, Ordering::SeqCst);
                    }
                    match server {
                        Server::Limit(k) if now > k => {
                            sim.in_server.fetch_sub(1, Ordering::SeqCst);
                            sim.refused.fetch_add(1, Ordering::SeqCst);
                            tokio::time::sleep(Duration::from_millis(1)).await;
                            permit.refused(Some(Duration::from_secs(1)));
                            tokio::time::sleep(Duration::from_secs(1)).await;
                            continue;
                        }
                        Server::OneSlot => {
                            let _slot = sim.slot.lock().await;
                            tokio::time::sleep(latency).await;
                        }
                        _ => tokio::time::sleep(latency).await,
                    }
                    sim.in_server.fetch_sub(1, Ordering::SeqCst);
                    permit.ok(true);
                    return;
                }
            }));
        }
        for task in tasks {
            task.await.unwrap();
        }
        sim
    }

    #[tokio::test(start_paused = true)]
    async fn an_endpoint_that_keeps_up_gets_twice_as_many_each_round() {
        let limiter = Arc::new(Limiter::new(Concurrency::Auto, false));
        assert_eq!(limiter.limit(), REMOTE_START);
        run(limiter.clone(), Server::Unbounded, 200).await;
        assert!(limiter.peak() >= 64, "peak {}", limiter.peak());
        assert_eq!(limiter.refused(), 0);
    }

    #[tokio::test(start_paused = true)]
    async fn a_refusal_says_where_the_limit_is_and_it_is_held() {
        for (limit, jobs) in [(4, 50), (16, 200)] {
            let limiter = Arc::new(Limiter::new(Concurrency::Auto, true));
            let sim = run(limiter.clone(), Server::Limit(limit), jobs).await;
            assert_eq!(limiter.limit(), limit, "limit {limit}");
            let refused = sim.refused.load(Ordering::SeqCst);
            // Counted, not timed: a few over the limit at the first overshoot.
            assert!(refused * 20 <= jobs, "limit {limit}: {refused} refused");
            assert_eq!(limiter.refused() as usize, refused);
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_refusal_pauses_everyone_only_when_nothing_else_was_in_flight() {
        let limiter = Limiter::new(Concurrency::Auto, false);
        let a = limiter.acquire(far()).await.unwrap();
        let b = limiter.acquire(far()).await.unwrap();
        a.refused(Some(Duration::from_secs(5)));
        assert_eq!(limiter.limit(), 1);
        // b is still in flight: the next one only waits for a slot, not for 5 s.
        b.ok(true);
        let before = Instant::now();
        let c = limiter.acquire(far()).await.unwrap();
        assert!(Instant::now() - before < Duration::from_secs(1));
        c.refused(Some(Duration::from_secs(5)));
        let d = limiter.acquire(far()).await.unwrap();
        assert!(Instant::now() - before >= Duration::from_secs(5));
        drop(d);
    }

    /// A timeout (the server too slow to answer in time) halves the limit, down to one,
    /// and holds it; a limit the user fixed is not touched.
    #[tokio::test(start_paused = true)]
    async fn a_timeout_halves_the_limit_down_to_one_and_holds_it() {
        let limiter = Limiter::new(Concurrency::Auto, false);
        let start = limiter.limit();
        assert!(start >= 4, "start {start}");
        let mut permits = Vec::new();
        for _ in 0..start {
            permits.push(limiter.acquire(far()).await.unwrap());
        }
        let mut expected = start;
        while let Some(p) = permits.pop() {
            p.overloaded();
            expected = (expected / 2).max(1);
            assert_eq!(limiter.limit(), expected);
        }
        assert_eq!(limiter.limit(), 1);
        // Held: answers at once from here on do not grow it before PROBE_AFTER.
        let p = limiter.acquire(far()).await.unwrap();
        p.ok(true);
        assert_eq!(limiter.limit(), 1);

        let fixed = Limiter::new(Concurrency::Fixed(6), false);
        let p = fixed.acquire(far()).await.unwrap();
        p.overloaded();
        assert_eq!(fixed.limit(), 6);
    }

    #[tokio::test(start_paused = true)]
    async fn a_held_limit_tries_one_more_later() {
        let limiter = Limiter::new(Concurrency::Auto, false);
        let mut permits = Vec::new();
        for _ in 0..5 {
            permits.push(limiter.acquire(far()).await.unwrap());
        }
        permits.pop().unwrap().refused(None);
        assert_eq!(limiter.limit(), 4);
        tokio::time::advance(Duration::from_millis(250)).await;
        for p in permits {
            p.ok(true);
        }
        for _ in 0..60 {
            let p = limiter.acquire(far()).await.unwrap();
            tokio::time::advance(Duration::from_millis(250)).await;
            p.ok(true);
        }
        assert_eq!(limiter.limit(), 5);
    }

    #[tokio::test(start_paused = true)]
    async fn a_server_that_says_its_slots_gets_exactly_that_many() {
        let limiter = Arc::new(Limiter::new(Concurrency::Auto, true));
        limiter.told(Capacity::Slots(1), Some(Duration::from_millis(1)));
        let sim = run(limiter.clone(), Server::OneSlot, 12).await;
        assert_eq!(limiter.peak(), 1);
        assert_eq!(limiter.limit(), 1);
        assert_eq!(sim.refused.load(Ordering::SeqCst), 0);
    }

    #[tokio::test(start_paused = true)]
    async fn a_silent_one_slot_server_is_found_out_within_the_first_seconds() {
        let limiter = Arc::new(Limiter::new(Concurrency::Auto, true));
        let sim = run(limiter.clone(), Server::OneSlot, 40).await;
        assert_eq!(limiter.limit(), 1);
        assert!(
            limiter.peak() <= UNKNOWN_START + 2,
            "peak {}",
            limiter.peak()
        );
        assert!(sim.late_peak.load(Ordering::SeqCst) <= 1 || limiter.peak() <= 1);
    }

    #[tokio::test(start_paused = true)]
    async fn a_batching_server_gets_everything_at_once() {
        let limiter = Arc::new(Limiter::new(Concurrency::Auto, true));
        limiter.told(Capacity::Batches, Some(Duration::from_millis(1)));
        run(limiter.clone(), Server::Unbounded, 100).await;
        assert_eq!(limiter.peak(), 100);
    }

    #[tokio::test(start_paused = true)]
    async fn a_fixed_limit_never_moves_and_waiters_get_freed_slots() {
        let limiter = Limiter::new(Concurrency::Fixed(2), false);
        limiter.told(Capacity::Batches, None);
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

    /// The most in flight at the server in the first round (before any answer came).
    async fn first_round_of(limiter: Arc<Limiter>, server: Server, jobs: usize) -> usize {
        let first = Arc::new(AtomicUsize::new(0));
        let seen = first.clone();
        let watcher = tokio::spawn({
            let limiter = limiter.clone();
            async move {
                // Just before the first answers come back.
                tokio::time::sleep(Duration::from_millis(240)).await;
                seen.store(limiter.lock().in_flight, Ordering::SeqCst);
            }
        });
        run(limiter, server, jobs).await;
        watcher.await.unwrap();
        first.load(Ordering::SeqCst)
    }

    #[tokio::test(start_paused = true)]
    async fn answers_that_come_back_together_grow_the_limit_faster_than_doubling() {
        let limiter = Arc::new(Limiter::new(Concurrency::Auto, true));
        let in_second_round = Arc::new(AtomicUsize::new(0));
        let seen = in_second_round.clone();
        let watcher = tokio::spawn({
            let limiter = limiter.clone();
            async move {
                // Before the second round's answers come back.
                tokio::time::sleep(Duration::from_millis(490)).await;
                seen.store(limiter.lock().in_flight, Ordering::SeqCst);
            }
        });
        run(limiter.clone(), Server::Unbounded, 300).await;
        watcher.await.unwrap();
        // Four in the first round; doubling would send eight in the second.
        let second = in_second_round.load(Ordering::SeqCst);
        assert!(second > 2 * UNKNOWN_START * 2, "second round {second}");
        assert_eq!(limiter.refused(), 0);
        assert_eq!(limiter.limit(), MAX_CONCURRENCY);
    }

    /// Once the limit grew, a slot an answer frees is filled at once up to what the
    /// endpoint took, not one per pace: the requests in flight reach the limit within a
    /// few rounds and stay there (refilled one per pace, they settle where the answers
    /// come one per pace).
    #[tokio::test(start_paused = true)]
    async fn freed_slots_are_filled_at_once_up_to_what_the_endpoint_took() {
        let limiter = Arc::new(Limiter::new(Concurrency::Auto, true));
        limiter.told(Capacity::Unknown, Some(Duration::from_millis(3)));
        let samples = Arc::new(Mutex::new(Vec::new()));
        let watcher = tokio::spawn({
            let (limiter, samples) = (limiter.clone(), samples.clone());
            async move {
                // From the fourth round to the sixth.
                tokio::time::sleep(Duration::from_millis(1000)).await;
                for _ in 0..20 {
                    let in_flight = limiter.lock().in_flight;
                    samples.lock().unwrap().push(in_flight);
                    tokio::time::sleep(Duration::from_millis(25)).await;
                }
            }
        });
        run(limiter.clone(), Server::Unbounded, 2000).await;
        watcher.await.unwrap();
        assert_eq!(limiter.limit(), MAX_CONCURRENCY);
        let samples = samples.lock().unwrap().clone();
        let least = samples.iter().copied().min().unwrap();
        // A slot is free only between an answer and the next request, or for one step
        // above what the endpoint took.
        assert!(least >= MAX_CONCURRENCY - MAX_STEP, "in flight {samples:?}");
        assert_eq!(limiter.refused(), 0);
    }

    /// Steps above what the endpoint took grow, but a gateway that refuses beyond a
    /// limit refuses at most one step's worth when the limit is already far above it.
    #[tokio::test(start_paused = true)]
    async fn steps_above_what_was_taken_refuse_at_most_one_step() {
        for limit in [4, 16, 40, 100] {
            let limiter = Arc::new(Limiter::new(Concurrency::Auto, true));
            limiter.told(Capacity::Unknown, Some(Duration::from_millis(3)));
            let sim = run(limiter.clone(), Server::Limit(limit), 1000).await;
            let refused = sim.refused.load(Ordering::SeqCst);
            assert!(refused <= MAX_STEP + 2, "limit {limit}: {refused} refused");
            assert_eq!(limiter.limit(), limit, "limit {limit}");
        }
    }

    #[tokio::test(start_paused = true)]
    async fn the_next_run_starts_where_this_one_ended() {
        let first = Arc::new(Limiter::new(Concurrency::Auto, true));
        run(first.clone(), Server::Unbounded, 300).await;
        let learned = first.learned().unwrap();
        assert!(learned.most >= 64, "{learned:?}");
        assert_eq!(learned.refused_at, None);
        assert_eq!(first.learned(), None, "handed out once");

        let next = Arc::new(Limiter::new(Concurrency::Auto, true));
        next.start_from(learned);
        assert_eq!(next.limit(), learned.most);
        let at_once = first_round_of(next.clone(), Server::Unbounded, 300).await;
        assert_eq!(at_once, learned.most);
        assert_eq!(next.refused(), 0);
    }

    /// Growth of less than a quarter since the last note is handed out only at the end of
    /// the run, then once.
    #[tokio::test(start_paused = true)]
    async fn the_end_of_a_run_hands_out_what_grew_since_the_last_note() {
        let limiter = Limiter::new(Concurrency::Auto, true);
        limiter.start_from(Learned {
            most: 40,
            refused_at: None,
        });
        // All the limit allows at once, twice: the first round grows it by one.
        for _ in 0..2 {
            let mut permits = Vec::new();
            for _ in 0..limiter.limit() {
                permits.push(limiter.acquire(far()).await.unwrap());
            }
            tokio::time::advance(Duration::from_millis(250)).await;
            for p in permits {
                p.ok(true);
            }
        }
        assert_eq!(limiter.learned(), None, "less than a quarter more");
        let end = limiter.learned_at_end().unwrap();
        assert_eq!(end.most, 41);
        assert_eq!(limiter.learned_at_end(), None, "handed out once");
    }

    #[tokio::test(start_paused = true)]
    async fn the_next_run_starts_below_a_limit_that_refused() {
        let first = Arc::new(Limiter::new(Concurrency::Auto, true));
        run(first.clone(), Server::Limit(16), 200).await;
        let learned = first.learned().unwrap();
        assert_eq!(learned.refused_at, Some(17), "{learned:?}");
        assert!(learned.most <= 16, "{learned:?}");

        let next = Arc::new(Limiter::new(Concurrency::Auto, true));
        next.start_from(learned);
        let sim_start = learned.start();
        assert!((8..=16).contains(&sim_start), "{learned:?}");
        let at_once = first_round_of(next.clone(), Server::Limit(16), 200).await;
        assert_eq!(at_once, sim_start);
        assert_eq!(next.refused(), 0, "nothing refused at the start");
    }

    #[tokio::test(start_paused = true)]
    async fn a_run_that_starts_below_a_limit_that_refused_grows_only_to_it() {
        // An earlier run answered 3 at once and was refused at 7 (a limit of 6).
        let next = Arc::new(Limiter::new(Concurrency::Auto, true));
        next.start_from(Learned {
            most: 3,
            refused_at: Some(7),
        });
        let sim = run(next.clone(), Server::Limit(6), 60).await;
        assert_eq!(sim.refused.load(Ordering::SeqCst), 0);
        assert_eq!(next.limit(), 6);
        assert_eq!(next.peak(), 6);
    }

    #[tokio::test(start_paused = true)]
    async fn a_silent_one_slot_server_is_remembered_at_one() {
        let first = Arc::new(Limiter::new(Concurrency::Auto, true));
        run(first.clone(), Server::OneSlot, 40).await;
        let learned = first.learned().unwrap();
        assert_eq!(learned.most, 1, "{learned:?}");

        let next = Arc::new(Limiter::new(Concurrency::Auto, true));
        next.start_from(learned);
        assert_eq!(first_round_of(next.clone(), Server::OneSlot, 40).await, 1);
        assert_eq!(next.limit(), 1);
    }

    #[tokio::test(start_paused = true)]
    async fn what_a_server_says_wins_over_what_a_run_learned() {
        let limiter = Limiter::new(Concurrency::Auto, true);
        limiter.told(Capacity::Slots(2), None);
        limiter.start_from(Learned {
            most: 50,
            refused_at: None,
        });
        assert_eq!(limiter.limit(), 2);
        let fixed = Limiter::new(Concurrency::Fixed(3), true);
        fixed.start_from(Learned {
            most: 50,
            refused_at: None,
        });
        assert_eq!(fixed.limit(), 3);
        assert_eq!(fixed.learned(), None);
    }
}
