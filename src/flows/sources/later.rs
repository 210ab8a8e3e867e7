//! Work a step needs only once the model has answered, done meanwhile: the ground of a
//! run's whole corpus (and of each chunk, made by [`super::learning`]) takes tens of
//! milliseconds of CPU (about 0.15 ms a chunk), which the run would otherwise spend after
//! the last answer, with the network idle. [`Later`] runs such work on the runtime's
//! blocking threads while the step waits for the model, and hands it over when the step
//! needs it.

use crate::docs::Document;
use crate::memory::ground::Ground;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::oneshot;

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

/// The ground of a run's documents, their texts in order: the first part of every
/// ground of the whole corpus ([`super::SourcesEnv::conversation_texts`]: the documents,
/// then names and the conversation). Made once, on a blocking thread after the chunks'
/// grounds while the model answers extraction, instead of again from the same texts
/// after the last answer (where it held the CPU the overview's prompt and the judge's
/// questions need); an analysis copies it for each turn.
#[derive(Default)]
pub struct DocumentsGround(Mutex<Slot>);

#[derive(Default)]
enum Slot {
    #[default]
    None,
    /// Being made, for the documents of this fingerprint.
    Coming(Vec<String>, oneshot::Receiver<Ground>),
    Ready(Vec<String>, Arc<Ground>),
}

/// A documents' ground being made or made, taken out of a [`DocumentsGround`].
pub struct Pending(Slot);

impl DocumentsGround {
    /// Which documents, in which order and with which texts.
    fn fingerprint(documents: &[Document]) -> Vec<String> {
        documents
            .iter()
            .map(|d| format!("{}\n{}", d.path, d.hash))
            .collect()
    }

    /// The ground of `documents` will be sent here: what is waiting for it is the
    /// receiving end. A ground of other documents is let go.
    pub fn expect(&self, documents: &[Document]) -> oneshot::Sender<Ground> {
        let (tx, rx) = oneshot::channel();
        *self.lock() = Slot::Coming(Self::fingerprint(documents), rx);
        tx
    }

    /// The ground of `documents`, made or on its way, taken out (for one answer's ground,
    /// which adds to it); `None` when none is made for them.
    pub fn take(&self, documents: &[Document]) -> Option<Pending> {
        let mut slot = self.lock();
        let wanted = Self::fingerprint(documents);
        match std::mem::take(&mut *slot) {
            Slot::Coming(of, rx) if of == wanted => Some(Pending(Slot::Coming(of, rx))),
            Slot::Ready(of, ground) if of == wanted => Some(Pending(Slot::Ready(of, ground))),
            other => {
                *slot = other;
                None
            }
        }
    }

    /// A copy of the ground of `documents` when it is made (kept for the next turn);
    /// `None` while it is being made, or when none is made for them.
    pub fn copy_if_ready(&self, documents: &[Document]) -> Option<Ground> {
        let mut slot = self.lock();
        let wanted = Self::fingerprint(documents);
        if let Slot::Coming(of, rx) = &mut *slot
            && *of == wanted
            && let Ok(ground) = rx.try_recv()
        {
            *slot = Slot::Ready(std::mem::take(of), Arc::new(ground));
        }
        match &*slot {
            Slot::Ready(of, ground) if *of == wanted => Some(Ground::clone(ground)),
            _ => None,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Slot> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Pending {
    /// The ground, waiting for it on this (blocking) thread; `None` when its making
    /// failed. Not in an async context.
    pub fn wait(self) -> Option<Ground> {
        match self.0 {
            Slot::Coming(_, rx) => rx.blocking_recv().ok(),
            Slot::Ready(_, ground) => {
                Some(Arc::try_unwrap(ground).unwrap_or_else(|shared| Ground::clone(&shared)))
            }
            Slot::None => None,
        }
    }
}

/// Drops `value` on a blocking thread (at once without a runtime): the grounds of a
/// large corpus take milliseconds to free, which the next step would wait for.
pub fn drop_later<T: Send + 'static>(value: T) {
    match tokio::runtime::Handle::try_current() {
        Ok(runtime) => drop(runtime.spawn_blocking(move || drop(value))),
        Err(_) => drop(value),
    }
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

    fn document(path: &str, text: &str) -> Document {
        Document::new(path.into(), path.into(), text.into(), false)
    }

    /// What the ground of a whole corpus is asked: names in the documents, in the names
    /// added after them, across the two, and in neither.
    fn answers(ground: &Ground) -> [bool; 4] {
        [
            ground.names("Payment Service"),
            ground.names("Ledger DB"),
            ground.names("Stripe Ledger"),
            ground.names("Fraud Engine"),
        ]
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_documents_ground_made_ahead_is_the_one_made_after() {
        let docs = [
            document("a.md", "PaymentService calls Stripe."),
            document("b.md", "Orders are kept."),
        ];
        let texts = [
            "PaymentService calls Stripe.",
            "Orders are kept.",
            "Ledger DB",
        ];
        let whole = ground_of_all(texts);
        let made = DocumentsGround::default();
        let tx = made.expect(&docs);
        tx.send(ground_of_all(&texts[..2])).ok();
        // An analysis copies it for each turn and keeps it.
        for _ in 0..2 {
            let mut ground = made.copy_if_ready(&docs).unwrap_or_default();
            ground.add(texts[2]);
            assert_eq!(answers(&ground), answers(&whole));
        }
        // Build-context takes it and adds to it on a blocking thread.
        let pending = made.take(&docs);
        let ground = tokio::task::spawn_blocking(move || {
            let mut ground = pending.and_then(Pending::wait).unwrap_or_default();
            ground.add(texts[2]);
            ground
        })
        .await
        .unwrap_or_default();
        assert_eq!(answers(&ground), answers(&whole));
        assert_eq!(answers(&whole), [true, true, true, false]);
        // Taken: not there for the next.
        assert!(made.take(&docs).is_none());
    }

    #[test]
    fn a_documents_ground_is_only_for_its_documents_and_a_lost_one_is_none() {
        let docs = [document("a.md", "PaymentService calls Stripe.")];
        let other = [document("a.md", "PaymentService calls Adyen.")];
        let made = DocumentsGround::default();
        let tx = made.expect(&docs);
        assert!(made.copy_if_ready(&docs).is_none(), "not made yet");
        assert!(made.take(&other).is_none() && made.copy_if_ready(&other).is_none());
        // Its maker failed (the sender dropped): the caller makes it itself.
        drop(tx);
        assert!(made.take(&docs).and_then(Pending::wait).is_none());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn work_that_panicked_is_done_again_by_the_caller() {
        let later: Later<u32> = Later::start(|| panic!("the blocking thread failed"));
        assert_eq!(later.get(|| 7).await, 7);
    }
}
