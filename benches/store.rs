//! What the run store costs a run: the time `RunCheckpointer::save` adds per step, and
//! the size of the database after a long conversation.
//!
//!     cargo bench --bench store            (release build; prints a small report)
//!     ARCHIE_BENCH_DIR=/some/disk cargo bench --bench store
//!
//! The database goes in a temporary directory under ARCHIE_BENCH_DIR (default: the
//! system temporary directory). No assertions: numbers only.

// A benchmark, like a test, may stop at the first surprise.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use archie::graph::{Checkpoint, Checkpointer, Cursor};
use archie::store::{NewRun, RunCheckpointer, Store, db_path};
use std::path::Path;
use std::time::{Duration, Instant};

/// A conversation state like the analyze flow's: the query, retrieved context and
/// `turns` turns of `turn_bytes` bytes each.
fn conversation(turns: usize, turn_bytes: usize) -> serde_json::Value {
    let sentence = "CheckoutService calls PaymentGateway synchronously and fails fast on timeout. ";
    let text: String = sentence.repeat(turn_bytes / sentence.len() + 1)[..turn_bytes].to_string();
    let turns: Vec<serde_json::Value> = (0..turns)
        .map(|i| {
            serde_json::json!({
                "role": if i % 2 == 0 { "user" } else { "assistant" },
                "text": format!("{i}: {text}"),
            })
        })
        .collect();
    serde_json::json!({
        "query": "Can checkout survive a payments outage?",
        "approved": false,
        // A URL makes the secret scan take its slow path: the conservative case.
        "source": "https://wiki.example.com/payments/outages",
        "turns": turns,
    })
}

fn checkpoint(step: u32, state: serde_json::Value) -> Checkpoint {
    Checkpoint {
        flow: "analyze".into(),
        step,
        node: "prepare".into(),
        ms: 0,
        next: Cursor::Node {
            node: "prepare".into(),
        },
        state,
    }
}

fn new_run() -> NewRun {
    NewRun {
        command: "analyze".into(),
        args: vec![
            "archie".into(),
            "analyze".into(),
            "-i".into(),
            "docs/".into(),
        ],
        memory_file: "context.json".into(),
        flow: "analyze".into(),
    }
}

fn file_size(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() -> anyhow::Result<()> {
    let base = std::env::var_os("ARCHIE_BENCH_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(std::env::temp_dir);

    // 1. Save latency: 500 saves of a ~20 KB state.
    let dir = tempfile::tempdir_in(&base)?;
    let store = Store::open(dir.path())?;
    let id = store.create_run(new_run())?;
    let checkpointer = RunCheckpointer::new(&store, &id);
    let state = conversation(20, 1000);
    let state_bytes = serde_json::to_string(&state)?.len();
    let mut times = Vec::with_capacity(500);
    for step in 1..=520u32 {
        let cp = checkpoint(step, state.clone());
        let started = Instant::now();
        checkpointer.save(&cp).map_err(anyhow::Error::from_boxed)?;
        if step > 20 {
            // The first 20 warm the caches.
            times.push(started.elapsed());
        }
    }
    times.sort();
    println!(
        "save, {} saves of a {:.1} KB state: median {:?}, p90 {:?}, p99 {:?}, max {:?}",
        times.len(),
        state_bytes as f64 / 1024.0,
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        percentile(&times, 0.99),
        times[times.len() - 1],
    );
    drop(store);

    // 2. Size: a 50-step run whose conversation grows by one turn per step.
    let dir = tempfile::tempdir_in(&base)?;
    let store = Store::open(dir.path())?;
    let id = store.create_run(new_run())?;
    let checkpointer = RunCheckpointer::new(&store, &id);
    let mut every_checkpoint = 0usize;
    let mut last = 0usize;
    for step in 1..=50u32 {
        let state = conversation(step as usize, 1000);
        last = serde_json::to_string(&state)?.len();
        every_checkpoint += last;
        checkpointer
            .save(&checkpoint(step, state))
            .map_err(anyhow::Error::from_boxed)?;
    }
    let db = db_path(dir.path());
    let wal = dir.path().join("archie.db-wal");
    let (db_open, wal_open) = (file_size(&db), file_size(&wal));
    drop(store);
    println!(
        "50-step run, 50-turn conversation: last state {:.1} KB; while open: db {:.1} KB + wal {:.1} KB; after close: db {:.1} KB",
        last as f64 / 1024.0,
        db_open as f64 / 1024.0,
        wal_open as f64 / 1024.0,
        file_size(&db) as f64 / 1024.0,
    );
    println!(
        "  (keeping every checkpoint instead would store {:.1} KB of states)",
        every_checkpoint as f64 / 1024.0
    );
    Ok(())
}
