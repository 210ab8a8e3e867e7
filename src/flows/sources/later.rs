//! Work a step needs only once the model has answered, done meanwhile: the grounds of a
//! run's document chunks and of its whole corpus take tens of milliseconds of CPU (about
//! 0.15 ms a chunk), which the run would otherwise spend after the last answer, with the
//! network idle. [`Later`] runs such work on the runtime's blocking threads while the
//! step waits for the model, and hands it over when the step needs it.

use crate::memory::ground::Ground;

/// Work started on a blocking thread, or done at once when there is no runtime.
pub struct Later<T>(State<T>);

enum State<T> {
    Done(T),
    Running(tokio::task::JoinHandle<T>),
}

impl<T: Send + 'static> Later<T> {
    /// Starts `work` on a blocking thread of the current runtime (at once without one).
    pub fn start(work: impl FnOnce() -> T + Send + 'static) -> Self {
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => Self(State::Running(runtime.spawn_blocking(work))),
            Err(_) => Self(State::Done(work())),
        }
    }

    /// What the work made. When it could not finish (its thread panicked, or the runtime
    /// is shutting down), `again` makes it here: the same work, the same result (or the
    /// same panic).
    pub async fn get(self, again: impl FnOnce() -> T) -> T {
        match self.0 {
            State::Done(value) => value,
            State::Running(task) => match task.await {
                Ok(value) => value,
                Err(_) => again(),
            },
        }
    }
}

/// The ground of one chunk of a document: its text, its headings and its document's path.
pub fn chunk_ground(text: &str, heading_path: &str, doc: &str) -> Ground {
    let mut ground = Ground::of(text);
    ground.add(heading_path);
    ground.add(doc);
    ground
}

/// One ground of all of `texts`, in their order.
pub fn ground_of_all<S: AsRef<str>>(texts: impl IntoIterator<Item = S>) -> Ground {
    let mut ground = Ground::new();
    for text in texts {
        ground.add(text.as_ref());
    }
    ground
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn work_started_on_a_blocking_thread_is_handed_over() {
        let later = Later::start(|| ground_of_all(["PaymentService calls Stripe."]));
        let ground = later.get(|| unreachable!("the work finished")).await;
        assert!(ground.names("Payment Service") && ground.names("Stripe"));
    }

    #[test]
    fn without_a_runtime_the_work_is_done_at_once() {
        let later = Later::start(|| chunk_ground("Orders DB", "Storage", "docs/orders.md"));
        let ground =
            futures_util::FutureExt::now_or_never(later.get(|| unreachable!())).unwrap_or_default();
        assert!(ground.names("Orders DB"));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn work_that_panicked_is_done_again_by_the_caller() {
        let later: Later<u32> = Later::start(|| panic!("the blocking thread failed"));
        assert_eq!(later.get(|| 7).await, 7);
    }
}
