//! Many items of work at once, bounded: extraction runs its chunks with it, search its
//! tool calls, the UpGrade balance test its simulated users.
//!
//! [`fan_out`] runs `work` over every item with at most `limit` in flight on the
//! caller's task (nothing is spawned, so a dropped run cancels what is in flight),
//! reports progress as [`Event::Progress`], hands each result to the caller as it
//! arrives (which decides whether to go on), and returns the results in the items' order.

use crate::events::{Event, Events};
use futures_util::StreamExt;
use futures_util::stream::FuturesUnordered;
use std::future::Future;

/// How to run a fan-out.
pub struct FanOut<'a> {
    /// The progress line's label (`extracting knowledge`); `None` reports no progress.
    pub task: Option<&'a str>,
    /// Items in flight at most (at least 1).
    pub limit: usize,
    pub events: &'a Events,
}

/// What the caller says after each result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Control {
    /// Go on; the text (if any) is shown on the progress line.
    Continue(Option<String>),
    /// Stop: nothing more is started, and what is in flight is cancelled.
    Stop,
}

/// One item's outcome, in the items' order.
#[derive(Debug)]
pub enum ItemOutcome<T, E> {
    Done(T),
    Failed(E),
    /// Not run (or cancelled) because the caller stopped the fan-out.
    NotRun,
}

impl<T, E> ItemOutcome<T, E> {
    pub fn is_done(&self) -> bool {
        matches!(self, ItemOutcome::Done(_))
    }

    pub fn is_failed(&self) -> bool {
        matches!(self, ItemOutcome::Failed(_))
    }
}

/// Runs `work(index, item)` for every item, at most `opts.limit` at once. `on_done` sees
/// each result as it arrives (in completion order) and decides whether to go on.
pub async fn fan_out<I, T, E, W, Fut>(
    opts: FanOut<'_>,
    items: Vec<I>,
    work: W,
    mut on_done: impl FnMut(usize, &Result<T, E>) -> Control,
) -> Vec<ItemOutcome<T, E>>
where
    W: Fn(usize, I) -> Fut,
    Fut: Future<Output = Result<T, E>>,
{
    let total = items.len();
    let limit = opts.limit.max(1);
    let mut outcomes: Vec<ItemOutcome<T, E>> = (0..total).map(|_| ItemOutcome::NotRun).collect();
    let mut pending = items.into_iter().enumerate();
    let mut running = FuturesUnordered::new();
    let mut done = 0u64;
    let progress = |done: u64, detail: Option<String>| {
        if let Some(task) = opts.task {
            opts.events.emit(Event::Progress {
                task: task.to_string(),
                done,
                total: Some(total as u64),
                detail,
            });
        }
    };
    progress(0, None);
    let start = |(index, item): (usize, I)| {
        let fut = work(index, item);
        async move { (index, fut.await) }
    };
    for next in pending.by_ref().take(limit) {
        running.push(start(next));
    }
    while let Some((index, result)) = running.next().await {
        done += 1;
        let control = on_done(index, &result);
        outcomes[index] = match result {
            Ok(value) => ItemOutcome::Done(value),
            Err(err) => ItemOutcome::Failed(err),
        };
        match control {
            Control::Continue(detail) => progress(done, detail),
            Control::Stop => break,
        }
        if let Some(next) = pending.next() {
            running.push(start(next));
        }
    }
    if let Some(task) = opts.task {
        opts.events.emit(Event::ProgressDone {
            task: task.to_string(),
        });
    }
    outcomes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::Recorder;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn events() -> (Arc<Recorder>, Events) {
        let rec = Recorder::new();
        let events: Events = rec.clone();
        (rec, events)
    }

    #[tokio::test]
    async fn results_come_back_in_order_and_in_flight_stays_bounded() {
        let (rec, events) = events();
        let in_flight = AtomicUsize::new(0);
        let peak = AtomicUsize::new(0);
        let outcomes = fan_out(
            FanOut {
                task: Some("work"),
                limit: 3,
                events: &events,
            },
            (0..10u64).collect(),
            |_, n| {
                let (in_flight, peak) = (&in_flight, &peak);
                async move {
                    let now = in_flight.fetch_add(1, Ordering::SeqCst) + 1;
                    peak.fetch_max(now, Ordering::SeqCst);
                    // Later items finish first: completion order is not item order.
                    tokio::time::sleep(std::time::Duration::from_millis(20 - n)).await;
                    in_flight.fetch_sub(1, Ordering::SeqCst);
                    if n == 4 { Err("four") } else { Ok(n * 10) }
                }
            },
            |_, _| Control::Continue(None),
        )
        .await;
        let values: Vec<Option<u64>> = outcomes
            .iter()
            .map(|s| match s {
                ItemOutcome::Done(v) => Some(*v),
                _ => None,
            })
            .collect();
        assert_eq!(
            values,
            [0, 10, 20, 30, 40, 50, 60, 70, 80, 90]
                .map(|v| (v != 40).then_some(v))
                .to_vec()
        );
        assert!(outcomes[4].is_failed());
        assert!(peak.load(Ordering::SeqCst) <= 3);
        let progress: Vec<u64> = rec
            .events()
            .into_iter()
            .filter_map(|e| match e {
                Event::Progress { done, .. } => Some(done),
                _ => None,
            })
            .collect();
        assert_eq!(progress, (0..=10).collect::<Vec<_>>());
    }

    #[tokio::test]
    async fn stop_leaves_the_rest_unrun() {
        let (_rec, events) = events();
        let started = AtomicUsize::new(0);
        let outcomes = fan_out(
            FanOut {
                task: None,
                limit: 1,
                events: &events,
            },
            vec![1, 2, 3, 4],
            |_, n| {
                started.fetch_add(1, Ordering::SeqCst);
                async move { if n == 2 { Err(()) } else { Ok(n) } }
            },
            |_, result| {
                if result.is_err() {
                    Control::Stop
                } else {
                    Control::Continue(None)
                }
            },
        )
        .await;
        assert!(outcomes[0].is_done());
        assert!(outcomes[1].is_failed());
        assert!(matches!(outcomes[2], ItemOutcome::NotRun));
        assert!(matches!(outcomes[3], ItemOutcome::NotRun));
        assert_eq!(started.load(Ordering::SeqCst), 2);
    }
}
