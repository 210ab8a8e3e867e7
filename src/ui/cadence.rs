//! When a plain progress line (no terminal that can redraw: a CI log, a file) is due.
//!
//! A line when the step's count changes, and while nothing changes a line at an
//! interval that doubles from `every` up to `max`: a few seconds apart at first, then
//! once every `max`. Lines for changes are `every` apart at first too, then a tenth of
//! the step's age, up to half of `max` (a count that moves every second is not a line
//! every 3 s for 40 minutes). With the defaults, a 40-minute wait in a CI log is 43
//! lines, and 40 minutes of a count moving every second about 100, where a line every
//! 3 s made 800.

use crate::env_vars::EnvVars;
use std::time::{Duration, Instant};

/// The plain-line schedule of one step in progress.
#[derive(Debug, Clone)]
pub(super) struct Cadence {
    /// When the step started.
    started: Instant,
    /// When the last line was printed (or the step started).
    said: Instant,
    /// What the step's count was then.
    said_key: Key,
    /// How long to wait for the next line when nothing changes.
    repeat: Duration,
}

/// What counts as a change: the count and the total of a step that has a total. (A step
/// without one counts seconds: that is not news.)
pub(super) type Key = Option<(u64, u64)>;

/// The settings: the first interval and the longest.
#[derive(Debug, Clone, Copy)]
pub(super) struct Schedule {
    pub every: Duration,
    pub max: Duration,
}

impl Schedule {
    /// 3 s, at most 60 s apart (never below the first interval); the test knobs
    /// `ARCHIE_PROGRESS_EVERY_MS` and `ARCHIE_PROGRESS_MAX_MS` change them.
    pub(super) fn from_env() -> Self {
        let ms = |var: &str| {
            crate::env_vars::env_knob(var)
                .and_then(|v| v.parse::<u64>().ok())
                .map(Duration::from_millis)
        };
        let every = ms(EnvVars::ARCHIE_PROGRESS_EVERY_MS).unwrap_or(Duration::from_secs(3));
        let max = ms(EnvVars::ARCHIE_PROGRESS_MAX_MS)
            .unwrap_or(Duration::from_secs(60))
            .max(every);
        Self { every, max }
    }
}

/// The key of a step: its count when it has a total.
pub(super) fn key(done: u64, total: Option<u64>) -> Key {
    total.map(|t| (done, t))
}

impl Cadence {
    /// A step that started at `now` with `key`: its first line is due after `every`.
    pub(super) fn new(now: Instant, key: Key, schedule: Schedule) -> Self {
        Self {
            started: now,
            said: now,
            said_key: key,
            repeat: schedule.every,
        }
    }

    /// Whether a line is due at `now` for a step whose count is `key`; when it is, it
    /// counts as printed.
    pub(super) fn due(&mut self, now: Instant, key: Key, schedule: Schedule) -> bool {
        let since = now.saturating_duration_since(self.said);
        let changed = key != self.said_key;
        let wait = if changed {
            let age = now.saturating_duration_since(self.started);
            (age / 10).clamp(schedule.every, (schedule.max / 2).max(schedule.every))
        } else {
            self.repeat
        };
        if since < wait {
            return false;
        }
        if !changed {
            self.repeat = (self.repeat * 2).min(schedule.max);
        }
        self.said = now;
        self.said_key = key;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Schedule = Schedule {
        every: Duration::from_secs(3),
        max: Duration::from_secs(60),
    };

    /// The seconds (after the start) at which lines are printed for a step whose key is
    /// `key_at(second)`, over `secs` seconds checked every second.
    fn lines(secs: u64, key_at: impl Fn(u64) -> Key) -> Vec<u64> {
        let start = Instant::now();
        let mut cadence = Cadence::new(start, key_at(0), S);
        (1..=secs)
            .filter(|s| cadence.due(start + Duration::from_secs(*s), key_at(*s), S))
            .collect()
    }

    #[test]
    fn an_unchanging_step_is_reported_ever_less_often_then_every_minute() {
        let at = lines(40 * 60, |_| Some((0, 12)));
        assert_eq!(&at[..6], &[3, 9, 21, 45, 93, 153]);
        // Then once a minute.
        assert!(at.windows(2).skip(5).all(|w| w[1] - w[0] == 60), "{at:?}");
        // A 40-minute wait: about 40 lines, where every 3 s made 800.
        assert!(at.len() < 45, "{} lines", at.len());
    }

    #[test]
    fn a_change_is_reported_as_it_comes_at_most_every_few_seconds() {
        // One more chunk done every 10 s.
        let at = lines(60, |s| Some((s / 10, 12)));
        assert_eq!(at, vec![3, 9, 12, 20, 30, 40, 50, 60]);
        // Changes every second: still one line per 3 s.
        let at = lines(12, |s| Some((s, 12)));
        assert_eq!(at, vec![3, 6, 9, 12]);
    }

    #[test]
    fn a_change_after_a_long_wait_is_said_soon() {
        let at = lines(200, |s| Some((u64::from(s >= 100), 12)));
        // 3, 9, 21, 45, 93 unchanged; the change at 100 within a tenth of the step's
        // age since the last line, then a minute on.
        assert_eq!(at, vec![3, 9, 21, 45, 93, 104, 164]);
    }

    #[test]
    fn a_count_that_moves_all_the_time_is_said_ever_less_often() {
        let at = lines(40 * 60, |s| Some((s, 100_000)));
        assert_eq!(&at[..4], &[3, 6, 9, 12]);
        assert!((60..120).contains(&at.len()), "{} lines", at.len());
        // At the end, every half minute.
        assert!(
            at.windows(2).rev().take(10).all(|w| w[1] - w[0] == 30),
            "{at:?}"
        );
    }

    #[test]
    fn seconds_counted_by_a_step_without_a_total_are_not_news() {
        assert_eq!(key(12, None), None);
        let at = lines(100, |s| key(s, None));
        assert_eq!(at, vec![3, 9, 21, 45, 93]);
    }
}
