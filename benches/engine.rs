//! The graph engine's own cost per step: a 3-node flow of no-op nodes, run many times.
//!
//!     cargo bench --bench engine            (release build; a small report)
//!
//! What a step costs besides its node: finding the node, the events, following the edge,
//! serialising the state into a checkpoint and handing it to the checkpointer. Measured
//! with a checkpointer that keeps nothing (the engine alone) and with the run store's
//! (`RunCheckpointer`, a SQLite transaction per step). A plain timing harness: medians,
//! no assertions. (LangGraph's own overhead is about 200 µs per step.)

// A benchmark, like a test, may stop at the first surprise.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use archie::events::{Discard, Events};
use archie::graph::{
    Checkpointer, Cx, Graph, GraphBuilder, Next, NoCheckpoints, NoInput, Outcome, RunCtx,
};
use archie::store::{NewRun, RunCheckpointer, Store};
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

async fn first(s: &mut State, _cx: &mut Cx<'_, ()>) -> anyhow::Result<Next> {
    s.count += 1;
    Ok(Next::Continue)
}

async fn second(s: &mut State, _cx: &mut Cx<'_, ()>) -> anyhow::Result<Next> {
    s.count += 1;
    Ok(Next::Continue)
}

async fn third(s: &mut State, _cx: &mut Cx<'_, ()>) -> anyhow::Result<Next> {
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

/// µs per step over `runs` runs of the 3-node flow (median of 7 rounds).
fn per_step(rt: &tokio::runtime::Runtime, checkpointer: &dyn Checkpointer, runs: usize) -> f64 {
    let g = graph();
    let events: Events = Arc::new(Discard);
    let rc = RunCtx {
        env: &(),
        events: &events,
        prompter: &NoInput,
        checkpointer,
        run_id: None,
    };
    let mut rounds: Vec<Duration> = Vec::new();
    for _ in 0..7 {
        let started = Instant::now();
        rt.block_on(async {
            for _ in 0..runs {
                let mut s = state();
                let outcome = g.run(&mut s, g.start(), 0, &rc).await.unwrap();
                assert_eq!(outcome, Outcome::Completed);
            }
        });
        rounds.push(started.elapsed());
    }
    rounds.sort();
    rounds[3].as_secs_f64() * 1e6 / (runs * 3) as f64
}

fn main() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let alone = per_step(&rt, &NoCheckpoints, 20_000);
    println!("engine overhead per step, 3-node no-op flow (median of 7 rounds)");
    println!("  no checkpointer:        {alone:>8.2} µs");

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
    let stored = per_step(&rt, &recorded, 500);
    println!("  run store checkpointer: {stored:>8.2} µs (a SQLite transaction per step)");
}
