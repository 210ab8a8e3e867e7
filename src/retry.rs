//! One retry policy for every client that talks to something it does not control (the
//! LLM endpoint, UpGrade, MCP over HTTP). A leaf: it imports nothing of the crate.
//!
//! The caller classifies its own failures ([`Retryable`]: retry or not, why, and how long
//! the server asked to wait); the policy decides when: exponential backoff with jitter,
//! `Retry-After` honoured, every wait capped, never past the deadline, and at most
//! `max_attempts` attempts. A server that asks for a wait longer than `max_delay`, or
//! than the time left before the deadline, is not retried at all: waiting less than it
//! asked would be refused again, and waiting that long is not what the user wants.
//!
//! ```ignore
//! let policy = RetryPolicy::default();
//! let answer = policy
//!     .run(
//!         |attempt| client.send(&request),
//!         |err: &ClientError| err.retryable(),       // Option<Retryable>
//!         |retry| events.emit(Event::Retry { .. }),   // a retry is about to wait
//!     )
//!     .await;
//! ```

use std::future::Future;
use std::time::{Duration, Instant};

/// When and how often to try again.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RetryPolicy {
    /// Attempts in all, the first included (at least 1).
    pub max_attempts: u32,
    /// The first backoff; it doubles per retry, times a jitter factor in [0.5, 1.5).
    pub base: Duration,
    /// No single wait (backoff or `Retry-After`) is longer than this.
    pub max_delay: Duration,
    /// No attempt starts, and no wait lasts, past this much time after the first attempt.
    pub deadline: Option<Duration>,
}

impl Default for RetryPolicy {
    /// 4 attempts, 1 s base, waits capped at 60 s, no deadline.
    fn default() -> Self {
        Self {
            max_attempts: 4,
            base: Duration::from_secs(1),
            max_delay: Duration::from_secs(60),
            deadline: None,
        }
    }
}

/// A failure that may succeed if tried again.
#[derive(Debug, Clone, PartialEq)]
pub struct Retryable {
    /// Why, for the user: `rate limited`, `the server failed (HTTP 503)`.
    pub reason: String,
    /// How long the server asked to wait (`Retry-After`), if it did.
    pub after: Option<Duration>,
}

impl Retryable {
    pub fn new(reason: impl Into<String>) -> Self {
        Self {
            reason: reason.into(),
            after: None,
        }
    }

    pub fn after(mut self, after: Option<Duration>) -> Self {
        self.after = after;
        self
    }
}

/// A retry about to happen, for the caller to report.
#[derive(Debug, Clone, PartialEq)]
pub struct RetryNotice {
    /// The attempt about to be made (2 for the first retry).
    pub attempt: u32,
    pub max_attempts: u32,
    pub delay: Duration,
    pub reason: String,
}

/// Every attempt failed (or the failure could not be retried).
#[derive(Debug)]
pub struct GaveUp<E> {
    /// Attempts made.
    pub attempts: u32,
    /// The last failure.
    pub last: E,
}

impl RetryPolicy {
    /// The wait before attempt `attempt + 1` after attempt `attempt` failed:
    /// `base · 2^(attempt-1)` with jitter, or what the server asked for; capped.
    pub fn delay(&self, attempt: u32, server_asked: Option<Duration>) -> Duration {
        let wait = match server_asked {
            Some(after) => after,
            None => {
                let exp = 2f64.powi(attempt.saturating_sub(1).min(16) as i32);
                let jitter = 0.5 + fastrand::f64();
                Duration::from_secs_f64(self.base.as_secs_f64() * exp * jitter)
            }
        };
        wait.min(self.max_delay)
    }

    /// Runs `attempt(n)` (n = 1, 2, …) until it succeeds, `classify` says its failure
    /// cannot be retried, the attempts are used up, or the deadline would pass. `notify`
    /// hears of every retry before its wait.
    pub async fn run<T, E, F, Fut>(
        &self,
        mut attempt: F,
        classify: impl Fn(&E) -> Option<Retryable>,
        mut notify: impl FnMut(&RetryNotice),
    ) -> Result<T, GaveUp<E>>
    where
        F: FnMut(u32) -> Fut,
        Fut: Future<Output = Result<T, E>>,
    {
        let started = Instant::now();
        let max = self.max_attempts.max(1);
        let mut n = 1;
        loop {
            let err = match attempt(n).await {
                Ok(value) => return Ok(value),
                Err(err) => err,
            };
            let retry = match classify(&err) {
                Some(retry) if n < max => retry,
                _ => {
                    return Err(GaveUp {
                        attempts: n,
                        last: err,
                    });
                }
            };
            if retry.after.is_some_and(|after| after > self.max_delay) {
                return Err(GaveUp {
                    attempts: n,
                    last: err,
                });
            }
            let delay = self.delay(n, retry.after);
            if let Some(deadline) = self.deadline
                && started.elapsed() + delay >= deadline
            {
                return Err(GaveUp {
                    attempts: n,
                    last: err,
                });
            }
            n += 1;
            notify(&RetryNotice {
                attempt: n,
                max_attempts: max,
                delay,
                reason: retry.reason,
            });
            tokio::time::sleep(delay).await;
        }
    }
}

/// `Retry-After` as the server sent it: `retry-after-ms` (milliseconds, OpenAI's) or
/// `retry-after` in seconds. HTTP dates are ignored.
pub fn retry_after(headers: &reqwest::header::HeaderMap) -> Option<Duration> {
    let number = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<f64>().ok())
            .filter(|v| v.is_finite() && *v >= 0.0)
    };
    number("retry-after-ms")
        .map(|ms| Duration::from_secs_f64(ms / 1000.0))
        .or_else(|| number("retry-after").map(Duration::from_secs_f64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    fn fast() -> RetryPolicy {
        RetryPolicy {
            max_attempts: 4,
            base: Duration::from_millis(1),
            max_delay: Duration::from_millis(5),
            deadline: None,
        }
    }

    #[tokio::test]
    async fn retries_what_the_caller_calls_retryable_until_it_works() {
        let calls = Cell::new(0);
        let mut notices = Vec::new();
        let result: Result<u32, GaveUp<&str>> = fast()
            .run(
                |n| {
                    calls.set(n);
                    async move { if n < 3 { Err("busy") } else { Ok(n) } }
                },
                |_| Some(Retryable::new("busy")),
                |notice| notices.push(notice.attempt),
            )
            .await;
        assert_eq!(result.ok(), Some(3));
        assert_eq!(notices, [2, 3]);
        assert_eq!(calls.get(), 3);
    }

    #[tokio::test]
    async fn a_failure_nobody_can_retry_stops_at_once() {
        let result: Result<(), GaveUp<&str>> = fast()
            .run(
                |_| async { Err("401") },
                |_| None,
                |_| panic!("no retry expected"),
            )
            .await;
        let gave_up = result.err().map(|g| (g.attempts, g.last));
        assert_eq!(gave_up, Some((1, "401")));
    }

    #[tokio::test]
    async fn attempts_are_bounded() {
        let result: Result<(), GaveUp<&str>> = fast()
            .run(
                |_| async { Err("503") },
                |_| Some(Retryable::new("503")),
                |_| {},
            )
            .await;
        assert_eq!(result.err().map(|g| g.attempts), Some(4));
    }

    #[tokio::test]
    async fn a_wait_longer_than_the_longest_is_not_made() {
        let policy = RetryPolicy {
            max_delay: Duration::from_secs(60),
            ..fast()
        };
        let result: Result<(), GaveUp<&str>> = policy
            .run(
                |_| async { Err("500") },
                |_| Some(Retryable::new("500").after(Some(Duration::from_secs(3600)))),
                |_| panic!("a wait of an hour must not start"),
            )
            .await;
        assert_eq!(result.err().map(|g| g.attempts), Some(1));
    }

    #[tokio::test]
    async fn no_wait_runs_past_the_deadline() {
        let policy = RetryPolicy {
            deadline: Some(Duration::from_millis(50)),
            max_delay: Duration::from_secs(3600),
            ..fast()
        };
        let result: Result<(), GaveUp<&str>> = policy
            .run(
                |_| async { Err("429") },
                |_| Some(Retryable::new("429").after(Some(Duration::from_secs(3600)))),
                |_| panic!("a wait past the deadline must not start"),
            )
            .await;
        assert_eq!(result.err().map(|g| g.attempts), Some(1));
    }

    #[test]
    fn waits_are_capped_and_honour_the_server() {
        let p = RetryPolicy {
            base: Duration::from_secs(1),
            max_delay: Duration::from_secs(10),
            ..RetryPolicy::default()
        };
        assert_eq!(
            p.delay(1, Some(Duration::from_secs(3))),
            Duration::from_secs(3)
        );
        assert_eq!(
            p.delay(1, Some(Duration::from_secs(3600))),
            Duration::from_secs(10)
        );
        let first = p.delay(1, None);
        assert!(first >= Duration::from_millis(500) && first < Duration::from_millis(1500));
        assert_eq!(p.delay(30, None), Duration::from_secs(10));
    }

    #[test]
    fn retry_after_reads_ms_and_seconds() {
        let mut h = reqwest::header::HeaderMap::new();
        h.insert(
            "retry-after",
            reqwest::header::HeaderValue::from_static("2"),
        );
        assert_eq!(retry_after(&h), Some(Duration::from_secs(2)));
        h.insert(
            "retry-after-ms",
            reqwest::header::HeaderValue::from_static("150"),
        );
        assert_eq!(retry_after(&h), Some(Duration::from_millis(150)));
    }
}
