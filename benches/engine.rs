//! The graph engine's own cost per step: a 3-node flow of no-op nodes, as criterion
//! benchmarks.
//!
//!     cargo bench --locked --bench engine            (release build)
//!
//! What a step costs besides its node: finding the node, the events, following the edge,
//! serialising the state into a checkpoint and handing it to the checkpointer. Measured
//! with a checkpointer that keeps nothing (`engine/step_no_checkpointer`, the engine
//! alone) and with the run store's (`engine/step_run_store`: `RunCheckpointer`, a SQLite
//! transaction per step). Each iteration is one run of the flow and the time criterion
//! reports is divided by its 3 steps: the figures are per step. (LangGraph's own overhead
//! is about 200 µs per step.)

// A benchmark, like a test, may stop at the first surprise.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use archie::events::{Discard, Events};
use archie::flows::FlowError;
use archie::graph::{
    Checkpointer, Cx, Graph, GraphBuilder, Next, NoCheckpoints, NoInput, Outcome, RunCtx,
};
use archie::store::{NewRun, RunCheckpointer, Store};
use criterion::Criterion;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A small state, like a flow's between LLM calls.
#[derive(Debug, Default, Serialize, Deserialize)]
struct State {
    goal: String,
    turns: Vec<String>,
    count: u64,
}

async fn first(s: &mut State, _cx: &mut Cx<'_, ()>) -> Result<Next, FlowError> {
    s.count += 1;
    Ok(Next::Continue)
}

async fn second(s: &mut State, _cx: &mut Cx<'_, ()>) -> Result<Next, FlowError> {
    s.count += 1;
    Ok(Next::Continue)
}

async fn third(s: &mut State, _cx: &mut Cx<'_, ()>) -> Result<Next, FlowError> {
    s.count += 1;
    Ok(Next::End)
}

fn graph() -> Graph<State, ()> {
    GraphBuilder::new("bench")
        .node("first", first)
        .node("second", second)
        .node("third", third)
        .entry("first")
        .edge("first", "second")
        .edge("second", "third")
        .branch("third", &[archie::graph::END])
        .build()
        .unwrap()
}

fn state() -> State {
    State {
        goal: "Can checkout survive a payments outage?".into(),
        turns: (0..4)
            .map(|i| format!("turn {i}: the checkout service calls the payment gateway"))
            .collect(),
        count: 0,
    }
}

/// Benchmarks one step of the 3-node flow with `checkpointer`: `iters` runs per sample
/// in one `block_on`, the time divided by the 3 steps of a run.
fn per_step(
    c: &mut Criterion,
    name: &str,
    rt: &tokio::runtime::Runtime,
    checkpointer: &dyn Checkpointer,
) {
    let g = graph();
    let events: Events = Arc::new(Discard);
    let rc = RunCtx {
        env: &(),
        events: &events,
        prompter: &NoInput,
        checkpointer,
        run_id: None,
    };
    c.benchmark_group("engine").bench_function(name, |b| {
        b.iter_custom(|iters| {
            let started = Instant::now();
            rt.block_on(async {
                for _ in 0..iters {
                    let mut s = state();
                    let outcome = g.run(&mut s, g.start(), 0, &rc).await.unwrap();
                    assert_eq!(outcome, Outcome::Completed);
                }
            });
            started.elapsed() / 3
        })
    });
}

fn main() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    per_step(&mut c, "step_no_checkpointer", &rt, &NoCheckpoints);

    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let run = store
        .create_run(NewRun {
            command: "bench".into(),
            args: vec!["archie".into(), "bench".into()],
            memory_file: "context.json".into(),
            flow: "bench".into(),
        })
        .unwrap();
    let recorded = RunCheckpointer::new(&store, &run);
    per_step(&mut c, "step_run_store", &rt, &recorded);
    c.final_summary();
}
