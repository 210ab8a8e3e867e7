//! The graph engine every archie command runs on.
//!
//! A [`Graph`] is a set of named nodes joined by plain edges (always taken), branches
//! (the node picks one of the targets declared for it) and interrupt edges (the node asks
//! the human a question and the answer is delivered to a declared node). Because every
//! possible target is declared up front, a graph is validated when it is built (unknown
//! target, unreachable node, node with no way out, missing entry) and can draw itself as
//! Mermaid.
//!
//! The run loop ([`Graph::run`]) enforces a step limit, emits [`Event`]s, hands a
//! [`Checkpoint`] to a [`Checkpointer`] after every step, and on an interrupt asks the
//! [`Prompter`]. The answer goes to the node named in the interrupt: no node is re-run
//! from its start to "replay" a question. Those words (question, answer, cursor,
//! checkpoint) are the leaf [`crate::pause`]'s, re-exported here, so the run store and MCP
//! can keep and answer them without knowing the engine.

mod fan_out;
pub mod interrupt;
mod mermaid;

pub use crate::pause::{Checkpoint, Checkpointer, Cursor};
pub use fan_out::{Control, FanOut, ItemOutcome, fan_out};
pub use interrupt::{Answer, Chain, NoInput, Prompter, Question, QuestionKind, Scripted};

use crate::error::BoxError;
use crate::events::{Event, Events, NodeOutcome};
use futures_util::future::LocalBoxFuture;
use serde::{Serialize, de::DeserializeOwned};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::Arc;
use std::time::Instant;

/// The name of the implicit end of every graph.
pub const END: &str = "__end__";

/// Where a run goes after a node.
#[derive(Debug, Clone, PartialEq)]
pub enum Next {
    /// Follow the node's plain edge.
    Continue,
    /// Go to one of the targets declared for this node with [`GraphBuilder::branch`].
    Goto(&'static str),
    /// Ask the human; the answer is delivered to `then` (declared with
    /// [`GraphBuilder::interrupt`]), available there as [`Cx::answer`].
    Interrupt {
        question: Question,
        then: &'static str,
    },
    /// Finish the run (the node must have [`END`] among its targets).
    End,
}

/// What a node sees besides the state: the run's services and the answer to the
/// question that led here, if any.
pub struct Cx<'a, E> {
    /// The flow's environment (LLM client, memory, options, ...).
    pub env: &'a E,
    /// Where to report progress.
    pub events: &'a Events,
    answer: Option<Answer>,
    step: u32,
    run_id: Option<&'a str>,
}

impl<E> Cx<'_, E> {
    /// The recorded run's id (`None` when runs are not recorded).
    pub fn run_id(&self) -> Option<&str> {
        self.run_id
    }

    /// The answer to the interrupt that led to this node. Taking it leaves `None`.
    pub fn answer(&mut self) -> Option<Answer> {
        self.answer.take()
    }

    /// The number of the step being run (1-based).
    pub fn step(&self) -> u32 {
        self.step
    }

    pub fn emit(&self, event: Event) {
        self.events.emit(event);
    }
}

/// A node: an async step over the state. Any `async fn` of this shape is one:
///
/// ```ignore
/// async fn prepare(state: &mut AnalyzeState, cx: &mut Cx<'_, Env>) -> Result<Next, FlowError> {
///     let text = cx.env.llm.chat(messages).await?;
///     Ok(Next::Goto(FINAL))
/// }
/// ```
///
/// Its error is any [`NodeFailure`]: a flow's typed error, or a [`BoxError`].
///
/// Runs are driven on the caller's task (nothing is spawned), so a node's future need
/// not be `Send`.
pub trait Node<S, E>: Send + Sync {
    fn run<'a>(
        &'a self,
        state: &'a mut S,
        cx: &'a mut Cx<'_, E>,
    ) -> LocalBoxFuture<'a, Result<Next, BoxError>>;
}

impl<S, E, F, R> Node<S, E> for F
where
    F: for<'a, 'b> AsyncFn(&'a mut S, &'a mut Cx<'b, E>) -> Result<Next, R> + Send + Sync,
    R: NodeFailure,
{
    fn run<'a>(
        &'a self,
        state: &'a mut S,
        cx: &'a mut Cx<'_, E>,
    ) -> LocalBoxFuture<'a, Result<Next, BoxError>> {
        Box::pin(async move { self(state, cx).await.map_err(NodeFailure::into_node_error) })
    }
}

/// An error a node may fail with. The engine knows no service, so it keeps a failed
/// step's cause boxed, as its `source()` chain (the edge classifies each link); flows fail
/// with a typed error (`flows::FlowError`) and hand over the error it wraps.
pub trait NodeFailure {
    /// The error to keep as the failed step's cause. A wrapper hands over the error it
    /// wraps, so that error is itself a link of the chain the edge reads.
    fn into_node_error(self) -> BoxError;
}

impl NodeFailure for BoxError {
    fn into_node_error(self) -> BoxError {
        self
    }
}

type SharedNode<S, E> = Arc<dyn Node<S, E>>;

/// A checkpointer that keeps nothing.
pub struct NoCheckpoints;

impl Checkpointer for NoCheckpoints {
    fn save(&self, _checkpoint: &Checkpoint) -> Result<(), BoxError> {
        Ok(())
    }
}

/// How a run ended without error.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The graph reached its end.
    Completed,
    /// A question could not be answered here (no terminal, no scripted answer left).
    /// The run can be continued from `checkpoint.next`.
    Waiting { question: Question, then: String },
}

/// A graph that cannot be built as declared.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BuildError {
    #[error("graph `{graph}` has no entry node")]
    MissingEntry { graph: String },
    #[error("graph `{graph}`: node `{node}` is declared twice")]
    DuplicateNode { graph: String, node: String },
    #[error("graph `{graph}`: `{from}` points to unknown node `{to}`")]
    UnknownTarget {
        graph: String,
        from: String,
        to: String,
    },
    #[error("graph `{graph}`: edge from unknown node `{from}`")]
    UnknownSource { graph: String, from: String },
    #[error("graph `{graph}`: node `{node}` can never be reached from `{entry}`")]
    Unreachable {
        graph: String,
        node: String,
        entry: String,
    },
    #[error("graph `{graph}`: node `{node}` has no way out (add an edge, branch or interrupt)")]
    NoWayOut { graph: String, node: String },
    #[error("graph `{graph}`: node `{node}` has more than one plain edge")]
    TwoPlainEdges { graph: String, node: String },
}

/// A run that went wrong. The last checkpoint stays where it was.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("step {step} ({node}) failed")]
    Node {
        node: String,
        step: u32,
        #[source]
        source: BoxError,
    },
    #[error("`{node}` went to `{to}`, which is not one of its declared targets")]
    Undeclared { node: String, to: String },
    #[error("the run stopped after {limit} steps without finishing (step limit)")]
    StepLimit { limit: u32 },
    #[error("checkpoint after step {step} could not be saved")]
    Checkpoint {
        step: u32,
        #[source]
        source: BoxError,
    },
    #[error("asking the question failed")]
    Prompt(#[source] BoxError),
    #[error("cannot continue at `{node}`: the graph has no such node")]
    UnknownCursor { node: String },
    #[error("the flow state could not be serialised")]
    State(#[from] serde_json::Error),
}

#[derive(Debug, Default, Clone)]
struct Exits {
    edge: Option<&'static str>,
    branches: Vec<&'static str>,
    interrupts: Vec<&'static str>,
}

impl Exits {
    fn targets(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.edge
            .iter()
            .copied()
            .chain(self.branches.iter().copied())
            .chain(self.interrupts.iter().copied())
    }
}

/// Builds a [`Graph`]; [`GraphBuilder::build`] validates it.
pub struct GraphBuilder<S, E> {
    name: &'static str,
    nodes: Vec<(&'static str, SharedNode<S, E>)>,
    exits: BTreeMap<&'static str, Exits>,
    entry: Option<&'static str>,
    step_limit: u32,
    errors: Vec<BuildError>,
}

impl<S, E> GraphBuilder<S, E> {
    pub fn new(name: &'static str) -> Self {
        Self {
            name,
            nodes: Vec::new(),
            exits: BTreeMap::new(),
            entry: None,
            step_limit: 1_000,
            errors: Vec::new(),
        }
    }

    /// Adds a node.
    pub fn node(mut self, name: &'static str, node: impl Node<S, E> + 'static) -> Self {
        if self.nodes.iter().any(|(n, _)| *n == name) {
            self.errors.push(BuildError::DuplicateNode {
                graph: self.name.into(),
                node: name.into(),
            });
        }
        self.nodes.push((name, Arc::new(node)));
        self
    }

    /// The node a run starts at.
    pub fn entry(mut self, name: &'static str) -> Self {
        self.entry = Some(name);
        self
    }

    /// A plain edge, taken when `from` returns [`Next::Continue`].
    pub fn edge(mut self, from: &'static str, to: &'static str) -> Self {
        let exits = self.exits.entry(from).or_default();
        if exits.edge.is_some() {
            self.errors.push(BuildError::TwoPlainEdges {
                graph: self.name.into(),
                node: from.into(),
            });
        }
        exits.edge = Some(to);
        self
    }

    /// The targets `from` may choose with [`Next::Goto`] (or [`Next::End`] if [`END`] is
    /// among them).
    pub fn branch(mut self, from: &'static str, targets: &[&'static str]) -> Self {
        self.exits
            .entry(from)
            .or_default()
            .branches
            .extend_from_slice(targets);
        self
    }

    /// Declares that `from` may interrupt with a question whose answer goes to `then`.
    pub fn interrupt(mut self, from: &'static str, then: &'static str) -> Self {
        self.exits.entry(from).or_default().interrupts.push(then);
        self
    }

    /// Runs stop with [`RunError::StepLimit`] after this many steps (default 1,000).
    pub fn step_limit(mut self, limit: u32) -> Self {
        self.step_limit = limit;
        self
    }

    pub fn build(mut self) -> Result<Graph<S, E>, BuildError> {
        if let Some(err) = self.errors.drain(..).next() {
            return Err(err);
        }
        let graph = self.name.to_string();
        let names: BTreeSet<&str> = self.nodes.iter().map(|(n, _)| *n).collect();
        let entry =
            self.entry
                .filter(|e| names.contains(e))
                .ok_or_else(|| BuildError::MissingEntry {
                    graph: graph.clone(),
                })?;
        for (from, exits) in &self.exits {
            if !names.contains(from) {
                return Err(BuildError::UnknownSource {
                    graph,
                    from: from.to_string(),
                });
            }
            if let Some(to) = exits.targets().find(|t| *t != END && !names.contains(t)) {
                return Err(BuildError::UnknownTarget {
                    graph,
                    from: from.to_string(),
                    to: to.into(),
                });
            }
        }
        for (name, _) in &self.nodes {
            if self
                .exits
                .get(name)
                .is_none_or(|e| e.targets().next().is_none())
            {
                return Err(BuildError::NoWayOut {
                    graph,
                    node: name.to_string(),
                });
            }
        }
        let mut seen = BTreeSet::from([entry]);
        let mut queue = VecDeque::from([entry]);
        while let Some(node) = queue.pop_front() {
            for to in self.exits.get(node).into_iter().flat_map(Exits::targets) {
                if to != END && seen.insert(to) {
                    queue.push_back(to);
                }
            }
        }
        if let Some((node, _)) = self.nodes.iter().find(|(n, _)| !seen.contains(n)) {
            return Err(BuildError::Unreachable {
                graph,
                node: node.to_string(),
                entry: entry.into(),
            });
        }
        Ok(Graph {
            name: self.name,
            nodes: self.nodes.into_iter().collect(),
            exits: self.exits,
            entry,
            step_limit: self.step_limit,
        })
    }
}

/// A validated graph, ready to run.
pub struct Graph<S, E> {
    name: &'static str,
    nodes: BTreeMap<&'static str, SharedNode<S, E>>,
    exits: BTreeMap<&'static str, Exits>,
    entry: &'static str,
    step_limit: u32,
}

/// What a run needs besides the state.
pub struct RunCtx<'a, E> {
    pub env: &'a E,
    pub events: &'a Events,
    pub prompter: &'a dyn Prompter,
    pub checkpointer: &'a dyn Checkpointer,
    /// The run's id, when runs are recorded (carried on interrupt events).
    pub run_id: Option<&'a str>,
}

impl<S, E> Graph<S, E>
where
    S: Serialize + DeserializeOwned + Send,
    E: Sync,
{
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Where a fresh run starts.
    pub fn start(&self) -> Cursor {
        Cursor::Node {
            node: self.entry.to_string(),
        }
    }

    /// The graph as a Mermaid flowchart.
    pub fn mermaid(&self) -> String {
        mermaid::render(
            self.name,
            self.entry,
            self.nodes.keys().copied(),
            &self.exits,
        )
    }

    /// Runs from `cursor` (a fresh [`Graph::start`] or a checkpoint's `next`) until the
    /// graph ends, a question cannot be answered, or a step fails. `steps_done` is the
    /// number of steps a resumed run had already finished.
    pub async fn run(
        &self,
        state: &mut S,
        mut cursor: Cursor,
        mut steps_done: u32,
        rc: &RunCtx<'_, E>,
    ) -> Result<Outcome, RunError> {
        let mut answer = None;
        loop {
            let node = match cursor {
                Cursor::Done => return Ok(Outcome::Completed),
                Cursor::Node { node } => node,
                Cursor::Question { question, then } => {
                    self.check_node(&then)?;
                    rc.events.emit(Event::Interrupt {
                        run: rc.run_id.map(str::to_string),
                        question: question.text.clone(),
                        kind: question.kind.name(),
                        options: question.kind.options().to_vec(),
                    });
                    match rc.prompter.ask(&question).await.map_err(RunError::Prompt)? {
                        Some(a) => {
                            // Kept before the step that uses it: whatever ends that step
                            // (a failed call, Ctrl-C), the answer is not asked for again.
                            rc.checkpointer
                                .answered(&Cursor::Answered {
                                    answer: a.clone(),
                                    then: then.clone(),
                                })
                                .map_err(|source| RunError::Checkpoint {
                                    step: steps_done,
                                    source,
                                })?;
                            answer = Some(a);
                            then
                        }
                        None => return Ok(Outcome::Waiting { question, then }),
                    }
                }
                Cursor::Answered { answer: a, then } => {
                    self.check_node(&then)?;
                    answer = Some(a);
                    then
                }
            };
            let (name, node_fn) = self.check_node(&node)?;
            if steps_done >= self.step_limit {
                return Err(RunError::StepLimit {
                    limit: self.step_limit,
                });
            }
            let step = steps_done + 1;
            rc.events.emit(Event::NodeStarted {
                node: name.into(),
                step,
            });
            let started = Instant::now();
            let mut cx = Cx {
                env: rc.env,
                events: rc.events,
                answer: answer.take(),
                step,
                run_id: rc.run_id,
            };
            let result = node_fn.run(state, &mut cx).await;
            let ms = started.elapsed().as_millis() as u64;
            let next = match result {
                Ok(next) => next,
                Err(source) => {
                    rc.events.emit(Event::NodeFailed {
                        node: name.into(),
                        step,
                        ms,
                        error: crate::error::chain_text(source.as_ref()),
                    });
                    return Err(RunError::Node {
                        node: name.into(),
                        step,
                        source,
                    });
                }
            };
            cursor = self.follow(name, next)?;
            rc.events.emit(Event::NodeFinished {
                node: name.into(),
                step,
                ms,
                outcome: match &cursor {
                    Cursor::Node { node } => NodeOutcome::Goto(node.clone()),
                    Cursor::Question { .. } => NodeOutcome::Interrupt,
                    Cursor::Answered { then, .. } => NodeOutcome::Goto(then.clone()),
                    Cursor::Done => NodeOutcome::End,
                },
            });
            steps_done = step;
            let checkpoint = Checkpoint {
                flow: self.name.into(),
                step,
                node: name.into(),
                ms,
                next: cursor.clone(),
                state: serde_json::to_value(&*state)?,
            };
            rc.checkpointer
                .save(&checkpoint)
                .map_err(|source| RunError::Checkpoint { step, source })?;
        }
    }

    fn check_node(&self, node: &str) -> Result<(&'static str, &SharedNode<S, E>), RunError> {
        self.nodes
            .get_key_value(node)
            .map(|(k, v)| (*k, v))
            .ok_or_else(|| RunError::UnknownCursor { node: node.into() })
    }

    /// Checks `next` against what `from` declared and turns it into a cursor.
    fn follow(&self, from: &'static str, next: Next) -> Result<Cursor, RunError> {
        let exits = self.exits.get(from).cloned().unwrap_or_default();
        let undeclared = |to: &str| RunError::Undeclared {
            node: from.into(),
            to: to.into(),
        };
        let target = match next {
            Next::Continue => exits.edge.ok_or_else(|| undeclared("(plain edge)"))?,
            Next::Goto(to) if exits.branches.contains(&to) => to,
            Next::Goto(to) => return Err(undeclared(to)),
            Next::End if exits.branches.contains(&END) || exits.edge == Some(END) => END,
            Next::End => return Err(undeclared(END)),
            Next::Interrupt { question, then } if exits.interrupts.contains(&then) => {
                return Ok(Cursor::Question {
                    question,
                    then: then.into(),
                });
            }
            Next::Interrupt { then, .. } => return Err(undeclared(then)),
        };
        Ok(if target == END {
            Cursor::Done
        } else {
            Cursor::Node {
                node: target.into(),
            }
        })
    }
}
