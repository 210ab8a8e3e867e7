//! The memory at scale: load, merge, save and the prompt's relevant view at 1k, 10k and
//! 100k entities (with twice as many relationships), as criterion benchmarks.
//!
//!     cargo bench --locked --bench memory                    (release build)
//!     ARCHIE_BENCH_SIZES=1000,10000 cargo bench --bench memory   (only these sizes)
//!     cargo bench --bench memory -- 'memory_10k/(load|save)'     (criterion's filter)
//!     ARCHIE_BENCH_DIR=/some/disk cargo bench --bench memory
//!
//! One benchmark group per size (`memory_1k`, `memory_10k`, `memory_100k`); the larger
//! the memory, the fewer the samples (100, 30, 10), so that a full run takes a few
//! minutes. The files go in a temporary directory under ARCHIE_BENCH_DIR (default: the
//! system's). `save` includes the fsyncs, so it depends on the disk. Criterion reports
//! times only: the file sizes and the prompt view's token counts are printed at the end.

// A benchmark, like a test, may stop at the first surprise.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use archie::memory::{Entity, Memory, MemoryFile, Relationship};
use archie::tokens::estimate_tokens;
use criterion::{BatchSize, Criterion, SamplingMode};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

const TYPES: [&str; 7] = [
    "service", "database", "queue", "api", "library", "team", "concept",
];
const KINDS: [&str; 5] = [
    "calls",
    "writes_to",
    "reads_from",
    "publishes_to",
    "depends_on",
];

/// `n` entities named `{prefix} {i}` and `2n` relationships between them (a fixed
/// pseudo-random pattern, so every run builds the same graph).
fn graph(prefix: &str, n: usize) -> Memory {
    let mut m = Memory::new();
    let mut rng = fastrand::Rng::with_seed(7);
    for i in 0..n {
        m.upsert_entity(
            Entity::new(format!("{prefix} {i}"), TYPES[i % TYPES.len()])
                .description(format!(
                    "The {prefix} {i} component handles part of the flow."
                ))
                .tag(format!("t{}", i % 13))
                .property("owner", format!("team{}", i % 50)),
        );
    }
    let mut added = 0;
    while added < 2 * n {
        let (a, b) = (rng.usize(..n), rng.usize(..n));
        let kind = KINDS[rng.usize(..KINDS.len())];
        let (change, _) = m.upsert_relationship(Relationship::new(
            format!("{prefix} {a}"),
            kind,
            format!("{prefix} {b}"),
        ));
        if change == archie::memory::Upserted::Added {
            added += 1;
        }
    }
    m
}

/// A prompt's text naming `named` entities of the memory (spread over it), in sentences.
fn question(n: usize, named: usize) -> String {
    let mut text = String::from("Can the checkout survive a payments outage? ");
    for j in 0..named {
        let i = (j * 7919) % n;
        text.push_str(&format!("The svc {i} talks to the queue over HTTP. "));
    }
    text
}

/// "1k", "10k", "100k"; other sizes as they are.
fn label(n: usize) -> String {
    if n >= 1000 && n.is_multiple_of(1000) {
        format!("{}k", n / 1000)
    } else {
        n.to_string()
    }
}

/// The sizes to run: ARCHIE_BENCH_SIZES (numbers separated by commas or spaces, `10k`
/// allowed), or 1k, 10k and 100k.
fn sizes() -> Vec<usize> {
    let parse = |s: &str| -> Option<usize> {
        let s = s.trim().replace('_', "");
        match s.strip_suffix(['k', 'K']) {
            Some(k) => k.parse::<usize>().ok().map(|k| k * 1000),
            None => s.parse().ok(),
        }
    };
    let chosen: Vec<usize> = std::env::var("ARCHIE_BENCH_SIZES")
        .unwrap_or_default()
        .split([',', ' '])
        .filter(|s| !s.trim().is_empty())
        .map(|s| parse(s).unwrap_or_else(|| panic!("ARCHIE_BENCH_SIZES: not a size: {s:?}")))
        .filter(|&n| n > 0)
        .collect();
    if chosen.is_empty() {
        vec![1_000, 10_000, 100_000]
    } else {
        chosen
    }
}

/// What criterion does not report: the file's size and the prompt view's tokens.
struct Facts {
    n: usize,
    bytes: u64,
    tokens: usize,
    tokens_learned: usize,
}

fn bench(c: &mut Criterion, dir: &Path, n: usize) -> Facts {
    let path = dir.join(format!("context-{n}.json"));
    let _ = std::fs::remove_file(&path);
    let built = graph("svc", n);
    let (file, _) = MemoryFile::open(&path).unwrap();
    file.save(&built).unwrap();
    drop((file, built));
    let bytes = std::fs::metadata(&path).unwrap().len();
    let original = dir.join(format!("original-{n}.json"));
    std::fs::copy(&path, &original).unwrap();

    let mut group = c.benchmark_group(format!("memory_{}", label(n)));
    group
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    if n >= 100_000 {
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(6))
            .sampling_mode(SamplingMode::Flat);
    } else if n >= 10_000 {
        group.sample_size(30).sampling_mode(SamplingMode::Flat);
    }

    // Load: read, parse, index (what `memory stats` costs before it counts). The loaded
    // memory is dropped outside the timing, here and below.
    group.bench_function("load", |b| {
        b.iter_batched(
            || (),
            |()| MemoryFile::open(&path).unwrap(),
            BatchSize::PerIteration,
        )
    });
    let (file, memory) = MemoryFile::open(&path).unwrap();
    group.bench_function("stats", |b| b.iter(|| memory.stats()));

    // Merge: a tenth as many new entities (and their relationships), as an import. The
    // copies of the memory and of the new part are made outside the timing.
    let news = graph("new", (n / 10).max(1));
    group.bench_function("merge_10pct_new", |b| {
        b.iter_batched(
            || (memory.clone(), news.clone()),
            |(mut m, new)| {
                m.merge(new);
                m
            },
            BatchSize::PerIteration,
        )
    });

    // Serialise the merged memory, and save it (lock, check the disk, back up, write,
    // fsync, rename) over a fresh copy of the original file.
    let mut merged = memory.clone();
    merged.merge(news.clone());
    group.bench_function("serialise", |b| {
        b.iter_batched(|| (), |()| merged.to_json_bytes(), BatchSize::PerIteration)
    });
    drop(merged);
    group.bench_function("save", |b| {
        b.iter_batched(
            || {
                std::fs::copy(&original, &path).unwrap();
                let (file, mut m) = MemoryFile::open(&path).unwrap();
                m.merge(news.clone());
                (file, m)
            },
            |(file, m)| {
                file.save(&m).unwrap();
                (file, m)
            },
            BatchSize::PerIteration,
        )
    });
    drop(news);
    std::fs::copy(&original, &path).unwrap();
    drop((file, memory));
    let (file, memory) = MemoryFile::open(&path).unwrap();
    // An unchanged memory is not even serialised.
    group.bench_function("save_unchanged", |b| b.iter(|| file.save(&memory).unwrap()));

    // The prompt's view: 20 entities named in the text, within 2,000 tokens; on its own
    // and with a run's learned knowledge on top.
    let text = question(n, 20);
    let learned = graph("svc", 50);
    group.bench_function("select", |b| {
        b.iter(|| memory.relevant(black_box(&text), 2000))
    });
    group.bench_function("select_learned", |b| {
        b.iter(|| memory.relevant_with(&learned, black_box(&text), 2000))
    });
    group.finish();

    let relevant = memory.relevant(&text, 2000);
    let layered = memory.relevant_with(&learned, &text, 2000);
    // The budget holds (line by line estimates add up to at least the whole's).
    assert!(estimate_tokens(&relevant.text) <= relevant.tokens && relevant.tokens <= 2000);
    assert!(layered.tokens <= 2000);
    Facts {
        n,
        bytes,
        tokens: relevant.tokens,
        tokens_learned: layered.tokens,
    }
}

fn main() {
    let base = std::env::var_os("ARCHIE_BENCH_DIR").map(std::path::PathBuf::from);
    let dir = match &base {
        Some(b) => tempfile::tempdir_in(b).unwrap(),
        None => tempfile::tempdir().unwrap(),
    };
    let mut c = Criterion::default().configure_from_args();
    let facts: Vec<Facts> = sizes()
        .into_iter()
        .map(|n| bench(&mut c, dir.path(), n))
        .collect();
    c.final_summary();

    println!(
        "memory at scale (relationships = 2 × entities; prompt view: 20 named, 2,000-token budget)"
    );
    println!(
        "{:>8} {:>10} {:>8} {:>16}",
        "entities", "file", "tokens", "tokens+learned"
    );
    for f in facts {
        println!(
            "{:>8} {:>7.1} MB {:>8} {:>16}",
            f.n,
            f.bytes as f64 / 1e6,
            f.tokens,
            f.tokens_learned
        );
    }
}
