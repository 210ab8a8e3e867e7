//! The memory at scale: load, merge, save and the prompt's relevant view at 1k, 10k and
//! 100k entities (with twice as many relationships).
//!
//!     cargo bench --bench memory                 (release build; a small report)
//!     cargo bench --bench memory -- 1000 10000   (only these sizes)
//!     ARCHIE_BENCH_DIR=/some/disk cargo bench --bench memory
//!
//! A plain timing harness (no criterion): medians of a few runs per figure, and no
//! assertions. The files go in a temporary directory under ARCHIE_BENCH_DIR (default:
//! the system's). `save` includes the fsyncs, so it depends on the disk.

// A benchmark, like a test, may stop at the first surprise.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use archie::memory::{Entity, Memory, MemoryFile, Relationship};
use archie::tokens::estimate_tokens;
use std::path::Path;
use std::time::{Duration, Instant};

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
        if change == archie::memory::Change::Added {
            added += 1;
        }
    }
    m
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Times `f` `runs` times; the median.
fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut times = Vec::with_capacity(runs);
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        let out = f();
        times.push(t.elapsed());
        last = Some(out);
    }
    (median(times), last.expect("at least one run"))
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

fn bench(dir: &Path, n: usize) {
    let runs = if n >= 100_000 { 5 } else { 9 };
    let path = dir.join(format!("context-{n}.json"));
    let _ = std::fs::remove_file(&path);
    let built = graph("svc", n);
    let (file, _) = MemoryFile::open(&path).unwrap();
    file.save(&built).unwrap();
    let size = std::fs::metadata(&path).unwrap().len();
    drop(built);

    // Load: read, parse, index (what `memory stats` costs before it counts).
    let (load, _) = time(runs, || MemoryFile::open(&path).unwrap());
    let (_, memory) = MemoryFile::open(&path).unwrap();
    let (stats, _) = time(runs, || memory.stats());

    // Merge: a tenth as many new entities (and their relationships), as an import.
    let news = graph("new", (n / 10).max(1));
    let (merge, merged) = time(runs, || {
        let mut m = memory.clone();
        m.merge(news.clone());
        m
    });
    let (clone, _) = time(runs, || {
        let mut m = memory.clone();
        m.merge(Memory::new());
        m
    });
    let merge = merge.saturating_sub(clone);

    // Serialise, and save (lock, check the disk, back up, write, fsync, rename).
    let (serialise, bytes) = time(runs, || merged.to_json_bytes());
    let original = dir.join(format!("original-{n}.json"));
    std::fs::copy(&path, &original).unwrap();
    let mut saves = Vec::new();
    for _ in 0..runs {
        std::fs::copy(&original, &path).unwrap();
        let (file, mut m) = MemoryFile::open(&path).unwrap();
        m.merge(news.clone());
        let t = Instant::now();
        file.save(&m).unwrap();
        saves.push(t.elapsed());
    }
    std::fs::copy(&original, &path).unwrap();
    let (file, memory) = MemoryFile::open(&path).unwrap();
    let save = median(saves);
    // An unchanged memory is not even serialised.
    let (unchanged, _) = time(runs, || file.save(&memory).unwrap());

    // The prompt's view: 20 entities named in the text, within 2,000 tokens; on its own
    // and with a run's learned knowledge on top.
    let text = question(n, 20);
    let learned = graph("svc", 50);
    let (select, relevant) = time(runs * 20, || memory.relevant(&text, 2000));
    let (select_layered, layered) = time(runs * 20, || memory.relevant_with(&learned, &text, 2000));

    println!(
        "{n:>7} {:>7.1} MB {:>8.1} {:>7.1} {:>7.1} {:>9.1} {:>7.1} {:>9.3} {:>9.3} {:>10.3} {:>7} {:>7}",
        size as f64 / 1e6,
        ms(load),
        ms(stats),
        ms(merge),
        ms(serialise),
        ms(save),
        ms(unchanged),
        ms(select),
        ms(select_layered),
        relevant.tokens,
        layered.tokens,
    );
    // The budget holds (line by line estimates add up to at least the whole's).
    assert!(estimate_tokens(&relevant.text) <= relevant.tokens && relevant.tokens <= 2000);
    drop(bytes);
}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![1_000, 10_000, 100_000]
    } else {
        sizes
    };
    let base = std::env::var_os("ARCHIE_BENCH_DIR").map(std::path::PathBuf::from);
    let dir = match &base {
        Some(b) => tempfile::tempdir_in(b).unwrap(),
        None => tempfile::tempdir().unwrap(),
    };
    println!(
        "memory at scale (medians, ms; relationships = 2 × entities; prompt view: 20 named, 2,000-token budget)"
    );
    println!(
        "{:>7} {:>10} {:>8} {:>7} {:>7} {:>9} {:>7} {:>9} {:>9} {:>10} {:>7} {:>7}",
        "entities",
        "file",
        "load",
        "stats",
        "merge",
        "serialise",
        "save",
        "unchanged",
        "select",
        "select+run",
        "tokens",
        "tok+run"
    );
    for n in sizes {
        bench(dir.path(), n);
    }
}
