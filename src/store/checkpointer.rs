//! [`RunCheckpointer`]: the engine's [`Checkpointer`] over the run store.

use super::{Store, now_ms};
use crate::graph::{Checkpoint, Checkpointer};
use crate::ui::events::{Event, EventSink, Events};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// Records every step of one run: its history row (node, start, duration, outcome), the
/// run's current step and status `running`, and the checkpoint, in one transaction.
///
/// Step durations: the engine's checkpoint does not carry timings, so by default a step
/// lasts from the previous save (or from [`RunCheckpointer::new`]) to this one, which
/// for the step after a question includes the time the human took to answer. Pass the
/// run's events through [`RunCheckpointer::timed_events`] to record the engine's own
/// node timings instead.
pub struct RunCheckpointer<'a> {
    pub store: &'a Store,
    pub run: &'a str,
    clock: Arc<Mutex<Clock>>,
}

struct Clock {
    /// When the previous step was saved (or the checkpointer made): monotonic and unix ms.
    last_save: (Instant, i64),
    /// The latest `NodeStarted` seen: step, monotonic and unix ms.
    started: Option<(u32, Instant, i64)>,
    /// The latest `NodeFinished` seen: step and its duration.
    finished: Option<(u32, u64)>,
}

impl<'a> RunCheckpointer<'a> {
    pub fn new(store: &'a Store, run: &'a str) -> Self {
        Self {
            store,
            run,
            clock: Arc::new(Mutex::new(Clock {
                last_save: (Instant::now(), now_ms()),
                started: None,
                finished: None,
            })),
        }
    }

    /// Wraps the run's event sink so this checkpointer sees `NodeStarted`/`NodeFinished`
    /// and records the engine's timings; every event still reaches `inner`, unchanged.
    /// Use the returned sink as the run's `RunCtx::events`.
    pub fn timed_events(&self, inner: Events) -> Events {
        Arc::new(TimingTap {
            inner,
            clock: Arc::clone(&self.clock),
        })
    }
}

impl Checkpointer for RunCheckpointer<'_> {
    fn save(&self, checkpoint: &Checkpoint) -> anyhow::Result<()> {
        let (started_at, duration_ms) = {
            let clock = self.clock.lock().unwrap_or_else(PoisonError::into_inner);
            match clock.started {
                Some((step, at, wall)) if step == checkpoint.step => {
                    let ms = match clock.finished {
                        Some((finished, ms)) if finished == step => ms,
                        _ => at.elapsed().as_millis() as u64,
                    };
                    (wall, ms)
                }
                _ => (
                    clock.last_save.1,
                    clock.last_save.0.elapsed().as_millis() as u64,
                ),
            }
        };
        self.store
            .record_step(self.run, checkpoint, started_at, duration_ms)?;
        let mut clock = self.clock.lock().unwrap_or_else(PoisonError::into_inner);
        clock.last_save = (Instant::now(), now_ms());
        Ok(())
    }
}

struct TimingTap {
    inner: Events,
    clock: Arc<Mutex<Clock>>,
}

impl EventSink for TimingTap {
    fn emit(&self, event: Event) {
        match &event {
            Event::NodeStarted { step, .. } => {
                let mut clock = self.clock.lock().unwrap_or_else(PoisonError::into_inner);
                clock.started = Some((*step, Instant::now(), now_ms()));
            }
            Event::NodeFinished { step, ms, .. } => {
                let mut clock = self.clock.lock().unwrap_or_else(PoisonError::into_inner);
                clock.finished = Some((*step, *ms));
            }
            _ => {}
        }
        self.inner.emit(event);
    }
}
