//! What extraction learned, merged in the chunks' order while the model answers the rest:
//! on a blocking thread that takes each answer as it arrives and merges every answer up to
//! the first chunk still waiting. After the last answer only the chunks after the last
//! one waited for are left (in a run of 288 answers, ~50 ms of merging that came after
//! the last answer, with the network idle, before the next step could ask anything).
//!
//! The result is the one merging every answer after the last would give: the same
//! answers merged in the same order from the same memory.

use super::later::chunk_ground;
use crate::flows::reply::{Capped, Knowledge, Origin, Vocabulary};
use crate::memory::Memory;
use crate::memory::ground::Ground;
use std::sync::Arc;
use std::sync::mpsc;
use tokio::sync::oneshot;

/// One chunk as learning needs it: the text its names must be found in, and where its
/// facts come from.
pub(super) struct Part {
    pub text: String,
    pub heading: String,
    pub doc: String,
    pub hash: String,
    /// Its document's path as the memory cites it.
    pub path: String,
}

/// What the answers taught: the memory learned into, what merging left out, and the
/// documents not read whole (a chunk of theirs has no answer).
pub(super) struct Learned {
    pub memory: Memory,
    pub capped: Capped,
    pub unread: Vec<String>,
}

/// Merges answers in the chunks' order as they are offered, in any order.
pub(super) struct Learning {
    parts: Vec<Part>,
    grounds: Vec<Option<Ground>>,
    slots: Vec<Slot>,
    next: usize,
    memory: Memory,
    vocabulary: Vocabulary,
    instructions: Arc<Ground>,
    capped: Capped,
    unread: Vec<String>,
    /// The origins merged with (each holds its chunk's ground): freed after the result
    /// is handed over.
    spent: Vec<Origin>,
}

enum Slot {
    Waiting,
    Answer(Knowledge),
    Missing,
}

impl Learning {
    /// Learning into `memory`, each chunk's ground made here (~0.15 ms a chunk).
    pub fn new(
        parts: Vec<Part>,
        memory: Memory,
        vocabulary: Vocabulary,
        instructions: Arc<Ground>,
    ) -> Self {
        let grounds = parts
            .iter()
            .map(|p| Some(chunk_ground(&p.text, &p.heading, &p.doc)))
            .collect();
        let slots = parts.iter().map(|_| Slot::Waiting).collect();
        Self {
            parts,
            grounds,
            slots,
            next: 0,
            memory,
            vocabulary,
            instructions,
            capped: Capped::default(),
            unread: Vec::new(),
            spent: Vec::new(),
        }
    }

    /// Chunk `index`'s answer (`None`: it has none), and every answer up to the first
    /// chunk still waiting merged.
    pub fn offer(&mut self, index: usize, answer: Option<Knowledge>) {
        if let Some(slot) = self.slots.get_mut(index) {
            *slot = answer.map_or(Slot::Missing, Slot::Answer);
        }
        while self
            .slots
            .get(self.next)
            .is_some_and(|s| !matches!(s, Slot::Waiting))
        {
            self.learn_next();
        }
    }

    /// Every answer (`None`: the chunk has none) merged here, in the chunks' order.
    pub fn all(
        parts: Vec<Part>,
        memory: Memory,
        vocabulary: Vocabulary,
        instructions: Arc<Ground>,
        answers: Vec<Option<Knowledge>>,
    ) -> Learned {
        let mut learning = Self::new(parts, memory, vocabulary, instructions);
        for (i, answer) in answers.into_iter().enumerate() {
            learning.offer(i, answer);
        }
        learning.finished_here()
    }

    /// [`Learning::finish`] on the caller's thread: the origins are freed on another.
    fn finished_here(self) -> Learned {
        let (learned, spent) = self.finish();
        super::later::drop_later(spent);
        learned
    }

    /// Every chunk merged, one still waiting as one without an answer; and the origins
    /// to free.
    pub fn finish(mut self) -> (Learned, Vec<Origin>) {
        while self.next < self.slots.len() {
            self.learn_next();
        }
        let learned = Learned {
            memory: self.memory,
            capped: self.capped,
            unread: self.unread,
        };
        (learned, self.spent)
    }

    fn learn_next(&mut self) {
        let i = self.next;
        self.next += 1;
        let part = &self.parts[i];
        match std::mem::replace(&mut self.slots[i], Slot::Missing) {
            Slot::Answer(knowledge) => {
                let ground = self.grounds[i]
                    .take()
                    .unwrap_or_else(|| chunk_ground(&part.text, &part.heading, &part.doc));
                let origin = Origin::grounded(crate::memory::source::chunk(&part.hash), ground)
                    .asked_with(Arc::clone(&self.instructions));
                self.capped
                    .add(knowledge.merge_into(&mut self.memory, &self.vocabulary, &origin));
                self.memory
                    .note_chunk(&part.hash, &part.path, &part.heading);
                self.spent.push(origin);
            }
            // Not known what this document states now: its facts stay as they are.
            Slot::Waiting | Slot::Missing => self.unread.push(part.path.clone()),
        }
    }
}

/// [`Learning`] on a blocking thread of the current runtime (here, at once, without one).
pub(super) enum Learner {
    Thread {
        answers: mpsc::Sender<(usize, Option<Knowledge>)>,
        done: oneshot::Receiver<Learned>,
    },
    Here(Box<Learning>),
}

impl Learner {
    /// Starts learning; `then` runs on the thread once the chunks' grounds are made.
    pub fn start(
        parts: Vec<Part>,
        memory: Memory,
        vocabulary: Vocabulary,
        instructions: Arc<Ground>,
        then: impl FnOnce() + Send + 'static,
    ) -> Self {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            let learning = Learning::new(parts, memory, vocabulary, instructions);
            then();
            return Self::Here(Box::new(learning));
        };
        let (answers, offered) = mpsc::channel::<(usize, Option<Knowledge>)>();
        let (sender, done) = oneshot::channel();
        drop(runtime.spawn_blocking(move || {
            let mut learning = Learning::new(parts, memory, vocabulary, instructions);
            then();
            while let Ok((index, answer)) = offered.recv() {
                learning.offer(index, answer);
            }
            let (learned, spent) = learning.finish();
            let _ = sender.send(learned);
            drop(spent);
        }));
        Self::Thread { answers, done }
    }

    pub fn offer(&mut self, index: usize, answer: Option<Knowledge>) {
        match self {
            // A thread that ended early is made up for by the caller.
            Self::Thread { answers, .. } => {
                let _ = answers.send((index, answer));
            }
            Self::Here(learning) => learning.offer(index, answer),
        }
    }

    /// What was learned; `None` when the thread could not finish (it panicked, or the
    /// runtime is shutting down).
    pub async fn finish(self) -> Option<Learned> {
        match self {
            Self::Thread { answers, done } => {
                drop(answers);
                done.await.ok()
            }
            Self::Here(learning) => Some(learning.finished_here()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(n: usize, text: &str) -> Part {
        Part {
            text: text.into(),
            heading: format!("Section {n}"),
            doc: format!("doc{}.md", n / 2),
            hash: format!("{n:016x}"),
            path: format!("docs/doc{}.md", n / 2),
        }
    }

    fn answer(json: serde_json::Value) -> Knowledge {
        serde_json::from_value(json).unwrap()
    }

    /// Four chunks: the same service under two spellings, a relationship, a name the
    /// text does not hold (dropped), and one chunk without an answer.
    fn chunks() -> (Vec<Part>, Vec<Option<Knowledge>>) {
        let parts = vec![
            part(0, "The Order Service stores orders in Orders DB."),
            part(1, "OrderService publishes to the order-events topic."),
            part(2, "Billing reads order-events."),
            part(3, "Shipping is described elsewhere."),
        ];
        let answers = vec![
            Some(answer(serde_json::json!({
                "entities": [
                    {"name": "Order Service", "type": "service"},
                    {"name": "Orders DB", "type": "database"}],
                "relationships": [{"from": "Order Service", "to": "Orders DB", "type": "writes_to"}]
            }))),
            Some(answer(serde_json::json!({
                "entities": [
                    {"name": "OrderService", "type": "service"},
                    {"name": "order-events", "type": "topic"},
                    {"name": "Inventory", "type": "service"}],
                "relationships": [{"from": "OrderService", "to": "order-events", "type": "publishes_to"}]
            }))),
            None,
            Some(answer(serde_json::json!({
                "entities": [{"name": "Shipping", "type": "service"}]
            }))),
        ];
        (parts, answers)
    }

    fn learned(order: &[usize]) -> (Learned, usize) {
        let (parts, answers) = chunks();
        let mut learning = Learning::new(
            parts,
            Memory::new(),
            Vocabulary::default(),
            Arc::new(Ground::of("Extract the components.")),
        );
        for &i in order {
            learning.offer(i, answers[i].clone());
        }
        let (learned, spent) = learning.finish();
        (learned, spent.len())
    }

    fn json(memory: &Memory) -> String {
        serde_json::to_string(memory).unwrap()
    }

    #[test]
    fn answers_offered_in_any_order_teach_what_they_teach_in_order() {
        let (in_order, merged) = learned(&[0, 1, 2, 3]);
        assert_eq!(merged, 3);
        let names: Vec<&str> = in_order
            .memory
            .entities()
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        assert!(names.contains(&"Order Service") && names.contains(&"Shipping"));
        assert!(!names.contains(&"Inventory"), "not in its chunk: {names:?}");
        assert_eq!(in_order.unread, vec!["docs/doc1.md".to_string()]);
        for order in [[3, 2, 1, 0], [1, 3, 0, 2], [2, 0, 3, 1]] {
            let (learned, _) = learned(&order);
            assert_eq!(json(&learned.memory), json(&in_order.memory), "{order:?}");
            assert_eq!(learned.unread, in_order.unread);
            assert_eq!(learned.capped, in_order.capped);
        }
    }

    #[test]
    fn a_chunk_never_answered_counts_as_unread() {
        let (parts, answers) = chunks();
        let mut learning = Learning::new(
            parts,
            Memory::new(),
            Vocabulary::default(),
            Arc::new(Ground::of("")),
        );
        learning.offer(1, answers[1].clone());
        learning.offer(3, answers[3].clone());
        let (learned, _) = learning.finish();
        // Chunk 0 never answered, chunk 2 never offered.
        assert_eq!(learned.unread, vec!["docs/doc0.md", "docs/doc1.md"]);
        assert!(learned.memory.entity("Shipping").is_some());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn on_a_thread_it_learns_what_it_learns_here() {
        let (parts, answers) = chunks();
        let (here, _) = learned(&[0, 1, 2, 3]);
        let (ran_tx, ran) = std::sync::mpsc::channel();
        let mut learner = Learner::start(
            parts,
            Memory::new(),
            Vocabulary::default(),
            Arc::new(Ground::of("Extract the components.")),
            move || ran_tx.send(()).unwrap(),
        );
        assert!(matches!(learner, Learner::Thread { .. }));
        for i in [2, 3, 1, 0] {
            learner.offer(i, answers[i].clone());
        }
        let learned = learner.finish().await.unwrap();
        assert_eq!(json(&learned.memory), json(&here.memory));
        assert_eq!(learned.unread, here.unread);
        ran.recv().unwrap();
    }
}
