//! End to end: the release archie binary as a child process against the mock LLM server
//! (tests/it/support/mock_llm.rs) with a configurable latency, over generated documents
//! and memory files in temporary directories. Wall time, LLM calls and prompt sizes are
//! taken from the process and the mock's request log. No assertions: numbers only.
//!
//!     cargo bench --bench flows                       (all scenarios, 250 ms latency)
//!     cargo bench --bench flows -- --latency 100 --only build,prompt,long
//!
//! Scenarios:
//! - `build`:  build-context over 50 documents of 2–6 KB (several headings each), twice;
//!   the second run's extraction answers come from the response cache.
//! - `limit`:  build-context with archie's defaults (the mock on loopback is a local
//!   server) over 50 and 200 documents against an endpoint that takes everything and says
//!   it is vLLM, one that takes everything and says nothing (also 1,000 documents, and a
//!   later run over 200 other documents in the same folder against the same endpoint,
//!   after a first run over 200), a gateway that answers 429 with `Retry-After: 1` beyond
//!   4 (50 docs) or 16 (200 docs), and a one-slot server that queues (20 docs): wall time
//!   against the ideal at what the endpoint allows (⌈extraction calls / allowed⌉ + the
//!   other calls' rounds, the judge's beside the overview) × latency, at most 128 at
//!   once), requests refused, the most in flight, and the
//!   most in flight after the first 3 s. Each run of a row has a fresh folder and mock.
//! - `prompt`: size of the analyze prompts (first turn and follow-ups) with a memory of
//!   100 and of 10,000 entities, at the default --memory-budget.
//! - `long`:   a 50-turn analysis (`--answer` × 49, then `/approve`): database size after
//!   exit and the per-step durations from `archie runs show RUN --json`.
//!
//! - `rerun`:  in fresh folders over 50 documents, build-context twice, and build-context
//!   then analyze (to its first question): extraction calls and wall time of each. The
//!   model answers with a `cache` type the memory does not know yet, as real models do.
//!
//! `ARCHIE_BENCH_DOCS=N` changes the document count of `long` (default 50);
//! `ARCHIE_BENCH_PROMPT_SIZES=1000,100000` the memory sizes of `prompt` (default 100,10000);
//! `ARCHIE_BENCH_KEEP=1` keeps (and prints) the temporary folders of `prompt` and `long`;
//! `ARCHIE_BENCH_TRACE=1` prints when each request of a `limit` row's median run came,
//! and when the mock began and ended each answer's work.
//!
//! The binary is the one cargo builds for this bench (`CARGO_BIN_EXE_archie`, i.e.
//! `$CARGO_TARGET_DIR/release/archie`); `ARCHIE_BIN` overrides it.

// A benchmark, like a test, may stop at the first surprise.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/it/support/mock_llm.rs"]
mod mock_llm;

use anyhow::{Context as _, bail};
use mock_llm::{MockLlm, MockRequest, Reply};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Words that make up generated names and prose.
const AREAS: &[&str] = &[
    "Orders",
    "Billing",
    "Ledger",
    "Catalog",
    "Search",
    "Identity",
    "Shipping",
    "Inventory",
    "Pricing",
    "Payments",
    "Refunds",
    "Loyalty",
    "Reviews",
    "Notifications",
    "Fraud",
    "Reporting",
];
const KINDS: &[(&str, &str)] = &[
    ("Service", "service"),
    ("DB", "database"),
    ("Queue", "queue"),
    ("API", "api"),
    ("Cache", "database"),
];
const REL_TYPES: &[&str] = &[
    "calls",
    "writes_to",
    "reads_from",
    "publishes_to",
    "depends_on",
];

/// The analysis turn's reply: one paragraph, as a model would write it.
const PARAGRAPH: &str = "Checkout calls the Payments Service synchronously with a 2 s timeout and fails fast when it does not answer, so a payments outage turns straight into failed orders. Before I suggest a fallback: is the 99.9 % availability target measured end to end at the storefront, or per service? And may an order be accepted while its payment is still pending, for example by queueing the capture and confirming the order by e-mail later?";

fn is_extraction(req: &MockRequest) -> bool {
    req.text().contains("<excerpt>")
}

/// Whether a request asks the model to judge pairs of names (and words, and types).
fn is_judge(req: &MockRequest) -> bool {
    req.text().contains("are these pairs one thing or two")
}

/// Answers like a model: for an extraction call, two entities and a relationship taken
/// from names the chunk mentions; for anything else a paragraph with a knowledge part.
fn model(req: &MockRequest) -> Reply {
    if is_extraction(req) {
        let text = req.last("user").unwrap_or_default();
        let mut names: Vec<String> = Vec::new();
        for area in AREAS {
            for (kind, _) in KINDS {
                let name = format!("{area} {kind}");
                if text.contains(&name) && names.len() < 6 {
                    names.push(name);
                }
            }
        }
        if names.len() < 2 {
            names = vec!["Orders Service".into(), "Orders DB".into()];
        }
        let entities: Vec<Value> = names
            .iter()
            .map(|n| json!({"name": n, "type": kind_of(n), "description": format!("{n} as the documents describe it")}))
            .collect();
        let relationships: Vec<Value> = names
            .windows(2)
            .map(|w| json!({"from": w[0], "to": w[1], "type": "calls"}))
            .collect();
        return Reply::json(json!({"entities": entities, "relationships": relationships}));
    }
    if is_judge(req) {
        // A capable model tells the names it is shown apart.
        let answers: Vec<Value> = req
            .last("user")
            .unwrap_or_default()
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter_map(|v| v["pair"].as_u64())
            .map(|n| json!({"pair": n, "answer": "different"}))
            .collect();
        return Reply::json(json!({"answers": answers}));
    }
    let knowledge = r#"<system>{"entities":[{"name":"Payments Service","type":"service"}],"relationships":[{"from":"Orders Service","to":"Payments Service","type":"calls"}]}</system>"#;
    Reply::text(format!("<agent>{PARAGRAPH}</agent>\n{knowledge}"))
}

fn kind_of(name: &str) -> &'static str {
    KINDS
        .iter()
        .find(|(k, _)| name.ends_with(k))
        .map_or("service", |(_, t)| t)
}

/// A design document of `target` bytes or a little more: a title, an overview and
/// sections (`##`, some with `###`), paragraphs that name other components, and lists.
fn document(i: usize, target: usize, rng: &mut fastrand::Rng) -> String {
    let area = AREAS[i % AREAS.len()];
    let mut text = format!(
        "# {area} Service, design note {i}\n\n## Overview\n\nThe {area} Service owns the {} records and exposes the {area} API to the storefront. It stores its state in the {area} DB and publishes changes to the {area} Queue.\n\n",
        area.to_lowercase()
    );
    let sections = [
        "Responsibilities",
        "Interfaces",
        "Data model",
        "Failure modes",
        "Scaling",
        "Security",
        "Operations",
        "Open questions",
    ];
    let mut s = 0;
    while text.len() < target {
        let section = sections[s % sections.len()];
        s += 1;
        text.push_str(&format!("## {section}\n\n"));
        for p in 0..rng.usize(2..4) {
            if p == 1 && rng.bool() {
                text.push_str(&format!("### {section}: detail {p}\n\n"));
            }
            for _ in 0..rng.usize(3..6) {
                let other = AREAS[rng.usize(..AREAS.len())];
                let (kind, _) = KINDS[rng.usize(..KINDS.len())];
                let verb = ["calls", "reads from", "writes to", "subscribes to"][rng.usize(..4)];
                text.push_str(&format!(
                    "The {area} Service {verb} the {other} {kind} with a timeout of {} ms and {} retries. ",
                    rng.u32(100..3000),
                    rng.u32(0..4)
                ));
            }
            text.push_str("\n\n");
        }
        if rng.bool() {
            text.push_str("- p99 latency under 300 ms\n- idempotent writes keyed by order id\n- on-call owner: the platform team\n\n");
        }
    }
    text
}

fn write_documents(dir: &Path, count: usize, seed: u64) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut rng = fastrand::Rng::with_seed(seed);
    for i in 0..count {
        let target = rng.usize(2000..6000);
        std::fs::write(
            dir.join(format!("design-{i:02}.md")),
            document(i, target, &mut rng),
        )?;
    }
    Ok(())
}

/// A memory file of `n` entities (names of 3 words: "Ledger Queue 17") with about 2
/// relationships per entity, and `docs` documents of about 21 KB each that name about a
/// third of them.
fn write_memory_and_named_documents(dir: &Path, n: usize, docs: usize) -> anyhow::Result<()> {
    let mut rng = fastrand::Rng::with_seed(n as u64);
    let name = |k: usize| {
        let area = AREAS[k % AREAS.len()];
        let (kind, _) = KINDS[(k / AREAS.len()) % KINDS.len()];
        format!("{area} {kind} {k}")
    };
    let entities: Vec<Value> = (0..n)
        .map(|k| {
            let (_, t) = KINDS[(k / AREAS.len()) % KINDS.len()];
            json!({"name": name(k), "type": t, "description": format!("Part {k} of the shop: owns one slice of the data and serves it to its callers."), "tags": [], "properties": {}})
        })
        .collect();
    let mut relationships = Vec::new();
    for k in 0..n {
        for _ in 0..2 {
            let to = rng.usize(..n);
            if to != k {
                relationships.push(json!({"from": name(k), "to": name(to), "type": REL_TYPES[rng.usize(..REL_TYPES.len())], "properties": {}}));
            }
        }
    }
    std::fs::write(
        dir.join("context.json"),
        serde_json::to_string_pretty(
            &json!({"entities": entities, "relationships": relationships}),
        )?,
    )?;
    let docs_dir = dir.join("docs");
    std::fs::create_dir_all(&docs_dir)?;
    let named: Vec<usize> = (0..n).filter(|k| k % 3 == 0).collect();
    for (d, part) in named.chunks(named.len().div_ceil(docs)).enumerate() {
        let mut text = format!("# Area {d}\n\n## Components\n\n");
        for k in part {
            text.push_str(&format!(
                "The {} talks to the {} over HTTP.\n",
                name(*k),
                name((k + 1) % n)
            ));
        }
        // The same document size whatever N, so only the memory differs.
        text.push_str("\n## Notes\n\n");
        while text.len() < 21_000 {
            text.push_str(
                "Every component here is deployed twice, in two zones, behind one load balancer.\n",
            );
        }
        std::fs::write(docs_dir.join(format!("area-{d:02}.md")), text)?;
    }
    Ok(())
}

fn archie_bin() -> PathBuf {
    std::env::var_os("ARCHIE_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_archie")))
}

/// Runs archie in `dir` with a clean environment pointed at the mock.
fn archie(dir: &Path, mock: &MockLlm, args: &[&str]) -> anyhow::Result<(Output, Duration)> {
    let mut cmd = Command::new(archie_bin());
    cmd.current_dir(dir)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", dir)
        .env("NO_COLOR", "1")
        .env("TERM", "dumb")
        .stdin(Stdio::null())
        .args(args);
    for (k, v) in mock.env() {
        cmd.env(k, v);
    }
    let started = Instant::now();
    let out = cmd.output().context("run archie")?;
    Ok((out, started.elapsed()))
}

fn expect_code(out: &Output, code: i32, what: &str) -> anyhow::Result<()> {
    if out.status.code() != Some(code) {
        bail!(
            "{what}: exit {:?}, expected {code}\n{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(())
}

fn extraction_calls(requests: &[MockRequest]) -> usize {
    requests.iter().filter(|r| is_extraction(r)).count()
}

/// The rounds the calls other than extraction need one after the other, `allows` at
/// once: the judge's batches go out at once, beside the overview (asked once extraction
/// is saved), so they add a round only when nothing else is asked or one at a time.
fn other_rounds(requests: &[MockRequest], allows: usize) -> usize {
    let judge = requests.iter().filter(|r| is_judge(r)).count();
    let rest = requests.len() - extraction_calls(requests) - judge;
    if allows <= 1 {
        rest + judge
    } else {
        rest.max(usize::from(judge > 0))
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    if v.is_empty() {
        return 0.0;
    }
    v[v.len() / 2]
}

fn file_size(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

struct Options {
    latency: Duration,
    only: Vec<String>,
}

fn options() -> anyhow::Result<Options> {
    let mut latency = Duration::from_millis(250);
    let mut only = vec![
        "build".to_string(),
        "limit".into(),
        "prompt".into(),
        "long".into(),
    ];
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--latency" => {
                let ms: u64 = args.next().context("--latency MS")?.parse()?;
                latency = Duration::from_millis(ms);
            }
            "--only" => {
                only = args
                    .next()
                    .context("--only build,limit,prompt,long,rerun")?
                    .split(',')
                    .map(str::to_string)
                    .collect();
            }
            "--bench" => {} // what `cargo bench` passes
            other => {
                bail!(
                    "unknown argument {other}: use --latency MS and --only build,limit,prompt,long,rerun"
                )
            }
        }
    }
    Ok(Options { latency, only })
}

/// The mock on 127.0.0.1 stands for a remote endpoint: archie.toml says so (a local
/// server would start at one request at a time). `ARCHIE_BENCH_OLD=1` leaves it out, for
/// binaries from before the setting existed.
fn remote(dir: &Path) -> anyhow::Result<()> {
    if std::env::var_os("ARCHIE_BENCH_OLD").is_none() {
        std::fs::write(dir.join("archie.toml"), "[llm]\nlocal = false\n")?;
    }
    Ok(())
}

/// The events of a `--json` run with this name.
fn events_named(out: &Output, name: &str) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|e| e["event"] == name)
        .collect()
}

/// The endpoints of the `limit` scenario: what the mock says it is and what it takes.
#[derive(Clone, Copy)]
enum Endpoint {
    /// Takes everything at once and says so as vLLM does (`owned_by: vllm`).
    Vllm,
    /// Takes everything at once and says nothing (a gateway, a tunnel).
    Silent,
    /// The same, measured on a later run over other documents (after a first run over as
    /// many, in the same folder against the same endpoint).
    SilentLater,
    /// A gateway that answers 429 with `Retry-After: 1` beyond this many in flight and
    /// says nothing else.
    Limit(usize),
    /// One slot; the rest wait in line, so latency grows with what waits. Says nothing.
    Queue,
}

impl Endpoint {
    fn label(self) -> String {
        match self {
            Self::Vllm => "vLLM, no limit".into(),
            Self::Silent => "silent, no limit".into(),
            Self::SilentLater => "silent, later run".into(),
            Self::Limit(n) => format!("429 over {n}"),
            Self::Queue => "one slot, queues".into(),
        }
    }

    /// What the endpoint allows at once: the ideal's concurrency.
    fn allows(self) -> usize {
        match self {
            Self::Vllm | Self::Silent | Self::SilentLater => archie::llm::MAX_CONCURRENCY,
            Self::Limit(n) => n,
            Self::Queue => 1,
        }
    }
}

/// Figure 1b: build-context with archie's defaults (`--concurrency auto`, the mock on
/// 127.0.0.1 taken as a local server) against endpoints that take everything, take a
/// fixed number and refuse the rest, or queue. Each row is the median of
/// `ARCHIE_BENCH_RUNS` runs (default 3) by wall time. "late max" is the most requests in
/// flight at the mock after the first 3 s (sampled every 5 ms).
fn endpoint_limits(latency: Duration) -> anyhow::Result<()> {
    let lat = latency.as_secs_f64();
    println!(
        "\n## build-context with archie's defaults, mock latency {} ms",
        latency.as_millis()
    );
    println!(
        "{:>5} {:>17} {:>8} {:>7} {:>8} {:>8} {:>9} {:>8} {:>7} {:>8} {:>7}",
        "docs",
        "endpoint",
        "wall s",
        "calls",
        "refused",
        "refused%",
        "peak mock",
        "late max",
        "failed",
        "ideal s",
        "ratio"
    );
    let rows = [
        (50usize, Endpoint::Vllm),
        (200, Endpoint::Vllm),
        (50, Endpoint::Silent),
        (200, Endpoint::Silent),
        (1000, Endpoint::Silent),
        (200, Endpoint::SilentLater),
        (50, Endpoint::Limit(4)),
        (200, Endpoint::Limit(16)),
        (20, Endpoint::Queue),
    ];
    let runs: usize = std::env::var("ARCHIE_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let only: Option<Vec<String>> = std::env::var("ARCHIE_BENCH_ROWS")
        .ok()
        .map(|v| v.split(',').map(|r| r.trim().to_string()).collect());
    for (docs, endpoint) in rows {
        let name = format!("{docs} {}", endpoint.label());
        if only
            .as_ref()
            .is_some_and(|o| !o.iter().any(|r| name.contains(r.as_str())))
        {
            continue;
        }
        let mut results = Vec::new();
        for _ in 0..runs.max(1) {
            // A fresh folder (run store) and mock for every run: nothing carries over
            // from the run before but what the row measures.
            let dir = tempfile::tempdir()?;
            write_documents(&dir.path().join("docs"), docs, 42)?;
            let mock = MockLlm::start_background();
            mock.answer_with(model);
            mock.set_latency(latency);
            mock.switches(|s| match endpoint {
                Endpoint::Vllm => s.owned_by = Some("vllm"),
                Endpoint::Silent | Endpoint::SilentLater => {}
                Endpoint::Limit(n) => {
                    s.limit_in_flight = Some(n);
                    s.limit_retry_after_secs = Some(1);
                }
                Endpoint::Queue => s.single_slot = true,
            });
            let build = |folder: &str| {
                archie(
                    dir.path(),
                    &mock,
                    &[
                        "--json",
                        "--no-cache",
                        "build-context",
                        "shop",
                        "-i",
                        folder,
                    ],
                )
            };
            let mut before = 0;
            let mut folder = "docs";
            if let Endpoint::SilentLater = endpoint {
                let (out, _) = build("docs")?;
                expect_code(&out, 0, "build-context (first run)")?;
                before = mock.received().len();
                write_documents(&dir.path().join("other"), docs, 7)?;
                folder = "other";
            }
            mock.new_round();
            let late_max = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
            let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            let ((out, wall), spawned) = std::thread::scope(|scope| {
                let (late_max, stop, mock) = (late_max.clone(), done.clone(), &mock);
                scope.spawn(move || {
                    let started = Instant::now();
                    while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                        if started.elapsed() > Duration::from_secs(3) {
                            late_max
                                .fetch_max(mock.in_flight(), std::sync::atomic::Ordering::SeqCst);
                        }
                        std::thread::sleep(Duration::from_millis(5));
                    }
                });
                let spawned = Instant::now();
                let result = build(folder);
                done.store(true, std::sync::atomic::Ordering::SeqCst);
                result.map(|r| (r, spawned))
            })?;
            expect_code(&out, 0, "build-context")?;
            let late = late_max.load(std::sync::atomic::Ordering::SeqCst);
            results.push((wall, out, mock, late, before, spawned));
        }
        results.sort_by_key(|(wall, ..)| *wall);
        let walls: Vec<f64> = results.iter().map(|r| r.0.as_secs_f64()).collect();
        let (wall, out, mock, late, before, spawned) = results.swap_remove(results.len() / 2);
        let requests = mock.received().split_off(before);
        if std::env::var_os("ARCHIE_BENCH_TRACE").is_some() {
            trace(&requests, spawned, wall);
            trace_work(&mock.worked(), spawned);
        }
        let extraction = extraction_calls(&requests);
        let other = requests.len() - extraction;
        let refused = mock.refused();
        let failed = events_named(&out, "extracted")
            .last()
            .and_then(|e| e["failed"].as_u64())
            .unwrap_or(0);
        let ideal = (extraction.div_ceil(endpoint.allows())
            + other_rounds(&requests, endpoint.allows())) as f64
            * lat;
        println!(
            "{docs:>5} {:>17} {:>8.2} {:>7} {refused:>8} {:>7.1}% {:>9} {late:>8} {failed:>7} {ideal:>8.2} {:>7.2}",
            endpoint.label(),
            wall.as_secs_f64(),
            extraction + other,
            100.0 * refused as f64 / (extraction + other + refused) as f64,
            mock.max_concurrency(),
            wall.as_secs_f64() / ideal,
        );
        println!(
            "        first round: {} in flight at the first answer; wall s of the runs: {}",
            mock.first_round().unwrap_or(0),
            walls
                .iter()
                .map(|w| format!("{w:.2}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Ok(())
}

/// When each request of a run reached the mock, from the process's start, in 10 ms
/// bins (`E` extraction, `J` the judge, `O` any other), and the time from the last
/// request's answer to the exit: where a run's time goes beyond its rounds.
fn trace(requests: &[MockRequest], spawned: Instant, wall: Duration) {
    let mut bins: std::collections::BTreeMap<u128, String> = Default::default();
    for r in requests {
        let kind = if is_extraction(r) {
            'E'
        } else if is_judge(r) {
            'J'
        } else {
            'O'
        };
        let at = r.at.saturating_duration_since(spawned).as_millis() / 10 * 10;
        bins.entry(at).or_default().push(kind);
    }
    for (at, kinds) in &bins {
        let mut counts: std::collections::BTreeMap<char, usize> = Default::default();
        for k in kinds.chars() {
            *counts.entry(k).or_default() += 1;
        }
        let said: Vec<String> = counts.iter().map(|(k, n)| format!("{n}{k}")).collect();
        println!("        {at:>5} ms  {}", said.join(" "));
    }
    if let Some(last) = requests.iter().map(|r| r.at).max() {
        println!(
            "        last request at {} ms, exit at {} ms",
            last.saturating_duration_since(spawned).as_millis(),
            wall.as_millis()
        );
    }
}

/// When the mock began each answer's work and when it ended, in 10 ms bins from archie's
/// start (work begun before `spawned`, a first run's, is left out): a request's work
/// begins once the mock has read it and made its reply, so work begun well after the
/// request came (see [`trace`]) is the mock's own delay, not archie's.
fn trace_work(worked: &[(Instant, Instant)], spawned: Instant) {
    let mut bins: std::collections::BTreeMap<u128, (usize, usize)> = Default::default();
    for (began, ended) in worked.iter().filter(|(b, _)| *b >= spawned) {
        bins.entry(began.duration_since(spawned).as_millis() / 10 * 10)
            .or_default()
            .0 += 1;
        bins.entry(ended.duration_since(spawned).as_millis() / 10 * 10)
            .or_default()
            .1 += 1;
    }
    println!("        mock's work: ms, begun, ended");
    for (at, (begun, ended)) in &bins {
        println!("        {at:>5} ms  {begun:>4} {ended:>4}");
    }
}

/// Figure 1: build-context over 50 documents, first and second run.
fn build_context(latency: Duration) -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    write_documents(&dir.path().join("docs"), 50, 42)?;
    remote(dir.path())?;
    let bytes: u64 = std::fs::read_dir(dir.path().join("docs"))?
        .filter_map(Result::ok)
        .map(|e| file_size(&e.path()))
        .sum();
    let mock = MockLlm::start_background();
    mock.answer_with(model);
    mock.set_latency(latency);
    let lat = latency.as_secs_f64();

    println!(
        "\n## build-context over 50 documents ({:.0} KB), mock latency {} ms, --concurrency auto",
        bytes as f64 / 1024.0,
        latency.as_millis()
    );
    println!(
        "{:<12} {:>8} {:>11} {:>10} {:>14} {:>9} {:>10}",
        "run", "wall s", "extraction", "other", "peak in flight", "ideal s", "overhead s"
    );
    let mut before = 0;
    let mut chunks = 0;
    for run in ["first", "second"] {
        let (out, wall) = archie(dir.path(), &mock, &["build-context", "shop", "-i", "docs"])?;
        expect_code(&out, 0, "build-context")?;
        let requests = mock.received();
        let new = &requests[before..];
        before = requests.len();
        let extraction = extraction_calls(new);
        let other = new.len() - extraction;
        if run == "first" {
            chunks = extraction;
        }
        let allows = mock.max_concurrency().max(1);
        let ideal = (extraction.div_ceil(allows) + other_rounds(new, allows)) as f64 * lat;
        println!(
            "{run:<12} {:>8.2} {extraction:>11} {other:>10} {:>14} {ideal:>9.2} {:>10.2}",
            wall.as_secs_f64(),
            mock.max_concurrency(),
            wall.as_secs_f64() - ideal
        );
        if run == "second" {
            let err = String::from_utf8_lossy(&out.stderr);
            if let Some(line) = err.lines().find(|l| l.contains("cached")) {
                println!("  second run says: {}", line.trim());
            }
        }
    }
    println!(
        "  chunks: {chunks} (ideal first run at the peak in flight = ceil({chunks}/peak) × {} ms + 1 build call; at 8: {:.2} s)",
        latency.as_millis(),
        (chunks.div_ceil(8) + 1) as f64 * lat
    );
    Ok(())
}

/// Like [`model`], with a type of the model's own for caches (`cache`, not one of
/// archie's suggested types), as real models answer.
fn inventive_model(req: &MockRequest) -> Reply {
    if !is_extraction(req) {
        return model(req);
    }
    let text = req.last("user").unwrap_or_default();
    let mut names: Vec<String> = Vec::new();
    for area in AREAS {
        for (kind, _) in KINDS {
            let name = format!("{area} {kind}");
            if text.contains(&name) && names.len() < 6 {
                names.push(name);
            }
        }
    }
    if names.len() < 2 {
        names = vec!["Orders Service".into(), "Orders Cache".into()];
    }
    let kind = |n: &str| {
        if n.ends_with("Cache") {
            "cache"
        } else {
            kind_of(n)
        }
    };
    let entities: Vec<Value> = names
        .iter()
        .map(|n| json!({"name": n, "type": kind(n), "description": format!("{n} as the documents describe it")}))
        .collect();
    let relationships: Vec<Value> = names
        .windows(2)
        .map(|w| json!({"from": w[0], "to": w[1], "type": "calls"}))
        .collect();
    Reply::json(json!({"entities": entities, "relationships": relationships}))
}

/// Figure 4: reruns, each sequence in a fresh folder: build-context twice; build-context
/// then analyze (to its first question) over the same documents.
fn rerun(latency: Duration) -> anyhow::Result<()> {
    println!(
        "\n## reruns over 50 documents, each sequence in a fresh folder, mock latency {} ms",
        latency.as_millis()
    );
    println!(
        "{:<28} {:>6} {:>11} {:>6} {:>8}",
        "command", "exit", "extraction", "other", "wall s"
    );
    let build: &[&str] = &["build-context", "shop", "-i", "docs"];
    let analyze: &[&str] = &[
        "analyze",
        "-i",
        "docs",
        "-q",
        "Can checkout survive?",
        "--no-input",
    ];
    let sequences: [[(&str, &[&str], i32); 2]; 2] = [
        [
            ("build-context", build, 0),
            ("build-context again", build, 0),
        ],
        [
            ("build-context", build, 0),
            ("analyze after it", analyze, 3),
        ],
    ];
    for sequence in sequences {
        let dir = tempfile::tempdir()?;
        write_documents(&dir.path().join("docs"), 50, 42)?;
        remote(dir.path())?;
        let mock = MockLlm::start_background();
        mock.answer_with(inventive_model);
        mock.set_latency(latency);
        let mut before = 0;
        for (label, args, code) in sequence {
            let (out, wall) = archie(dir.path(), &mock, args)?;
            expect_code(&out, code, label)?;
            let requests = mock.received();
            let new = &requests[before..];
            before = requests.len();
            let extraction = extraction_calls(new);
            println!(
                "{label:<28} {:>6} {extraction:>11} {:>6} {:>8.2}",
                code,
                new.len() - extraction,
                wall.as_secs_f64()
            );
        }
    }
    Ok(())
}

/// Characters of all message contents of a request.
fn prompt_chars(req: &MockRequest) -> usize {
    req.messages()
        .iter()
        .filter_map(|m| m["content"].as_str())
        .map(|c| c.chars().count())
        .sum()
}

/// Characters of the user message from the `from` heading to the `to` heading (or the
/// end), 0 when `from` is absent.
fn section_chars(req: &MockRequest, from: &str, to: &str) -> usize {
    let text = req.last("user").unwrap_or_default();
    let Some(start) = text.find(from) else {
        return 0;
    };
    let end = text[start..].find(to).map_or(text.len(), |e| start + e);
    text[start..end].chars().count()
}

/// Figure 2: analyze prompt sizes with memories of 100 and 10,000 entities.
fn prompt_sizes() -> anyhow::Result<()> {
    println!(
        "\n## analyze prompt size vs memory size (--memory-budget 2000, default --document-budget 6000; 0 ms latency)"
    );
    println!(
        "{:>9} {:>14} {:>8} {:>12} {:>11} {:>12} {:>11} {:>11} {:>10} {:>10}",
        "entities",
        "context.json",
        "doc KB",
        "turn-1 chars",
        "turn-1 ~tok",
        "median chars",
        "median ~tok",
        "memory chr",
        "docs chr",
        "wall/run s"
    );
    let sizes: Vec<usize> = std::env::var("ARCHIE_BENCH_PROMPT_SIZES")
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|_| vec![100, 10_000]);
    for n in sizes {
        let mut dir = tempfile::tempdir()?;
        dir.disable_cleanup(std::env::var_os("ARCHIE_BENCH_KEEP").is_some());
        write_memory_and_named_documents(dir.path(), n, 10)?;
        remote(dir.path())?;
        let memory_kb = file_size(&dir.path().join("context.json")) as f64 / 1024.0;
        let doc_kb: u64 = std::fs::read_dir(dir.path().join("docs"))?
            .filter_map(Result::ok)
            .map(|e| file_size(&e.path()))
            .sum();
        if std::env::var_os("ARCHIE_BENCH_KEEP").is_some() {
            println!("  (kept {})", dir.path().display());
        }
        let mock = MockLlm::start_background();
        mock.answer_with(model);
        // 5 runs, each stopping at the first question (exit 3), and one run of 5 turns
        // (4 answers, then a stop at the fifth question). The memory file is restored
        // before every run so each starts from the same N entities.
        let memory = std::fs::read(dir.path().join("context.json"))?;
        let mut first_turns = Vec::new();
        let mut memory_block = Vec::new();
        let mut docs_block = Vec::new();
        let mut walls = Vec::new();
        for _ in 0..5 {
            std::fs::write(dir.path().join("context.json"), &memory)?;
            let before = mock.received().len();
            let (out, wall) = archie(
                dir.path(),
                &mock,
                &[
                    "analyze",
                    "-i",
                    "docs",
                    "-q",
                    "Can checkout survive a payments outage?",
                    "--no-input",
                ],
            )?;
            expect_code(&out, 3, "analyze (first turn)")?;
            walls.push(wall.as_secs_f64());
            let chats: Vec<MockRequest> = mock.received()[before..]
                .iter()
                .filter(|r| !is_extraction(r))
                .cloned()
                .collect();
            if let Some(first) = chats.first() {
                first_turns.push(prompt_chars(first) as f64);
                memory_block
                    .push(section_chars(first, "## What is already known", "## What to do") as f64);
                docs_block.push(
                    section_chars(first, "## Documents\n", "## What is already known") as f64,
                );
            }
        }
        std::fs::write(dir.path().join("context.json"), &memory)?;
        let before = mock.received().len();
        let mut args = vec![
            "analyze",
            "-i",
            "docs",
            "-q",
            "Can checkout survive a payments outage?",
        ];
        for _ in 0..4 {
            args.extend(["--answer", "It fails fast; the target is end to end."]);
        }
        args.push("--no-input");
        let (out, _) = archie(dir.path(), &mock, &args)?;
        expect_code(&out, 3, "analyze (5 turns)")?;
        let turns: Vec<f64> = mock.received()[before..]
            .iter()
            .filter(|r| !is_extraction(r))
            .map(|r| prompt_chars(r) as f64)
            .collect();
        let first = median(first_turns);
        let med = median(turns.clone());
        println!(
            "{n:>9} {:>11.0} KB {:>8.1} {first:>12.0} {:>11.0} {med:>12.0} {:>11.0} {:>11.0} {:>10.0} {:>10.3}",
            memory_kb,
            doc_kb as f64 / 1024.0,
            first / 4.0,
            med / 4.0,
            median(memory_block),
            median(docs_block),
            median(walls)
        );
        println!(
            "          turns 1–5 chars: {}",
            turns
                .iter()
                .map(|c| format!("{c:.0}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Ok(())
}

/// The JSON a `--json` command printed: its `data` event's value.
fn json_result(out: &Output) -> anyhow::Result<Value> {
    let stdout = String::from_utf8_lossy(&out.stdout);
    for line in stdout.lines() {
        let mut event: Value = serde_json::from_str(line)?;
        if event["event"] == "data" {
            return Ok(event["value"].take());
        }
    }
    bail!("no data event in {stdout}")
}

/// Figure 3: a 50-turn analysis; database size and per-step durations.
fn long_analysis(latency: Duration) -> anyhow::Result<()> {
    let mut dir = tempfile::tempdir()?;
    if std::env::var_os("ARCHIE_BENCH_KEEP").is_some() {
        dir.disable_cleanup(true);
        println!("  (kept {})", dir.path().display());
    }
    let docs: usize = std::env::var("ARCHIE_BENCH_DOCS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    write_documents(&dir.path().join("docs"), docs, 42)?;
    remote(dir.path())?;
    let mock = MockLlm::start_background();
    mock.answer_with(model);
    mock.set_latency(latency);
    let mut args: Vec<String> = [
        "analyze",
        "-i",
        "docs",
        "-q",
        "Can checkout survive a payments outage?",
        "--max-turns",
        "60",
    ]
    .map(String::from)
    .to_vec();
    for i in 1..=49 {
        args.push("--answer".into());
        args.push(format!("Answer {i}: it fails fast, the target is end to end, and orders may wait for payment up to an hour."));
    }
    args.push("--answer".into());
    args.push("/approve".into());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (out, wall) = archie(dir.path(), &mock, &args)?;
    expect_code(&out, 0, "analyze (50 turns)")?;
    let requests = mock.received();
    let extraction = extraction_calls(&requests);
    // The turns: the judge's requests (about the names extraction saved, asked beside the
    // turns) are no turn of the conversation.
    let chats: Vec<&MockRequest> = requests
        .iter()
        .filter(|r| !is_extraction(r) && !is_judge(r))
        .collect();
    let judge = requests.iter().filter(|r| is_judge(r)).count();
    let last_prompt = chats.iter().rev().nth(1).map_or(0, |r| prompt_chars(r));

    let state = dir.path().join(".archie");
    let db = file_size(&state.join("archie.db"));
    let wal = file_size(&state.join("archie.db-wal"));

    let (list, _) = archie(dir.path(), &mock, &["--json", "runs", "list"])?;
    expect_code(&list, 0, "runs list")?;
    let runs = json_result(&list)?;
    let id = runs[0]["id"].as_str().context("a run id")?.to_string();
    let (show, _) = archie(dir.path(), &mock, &["runs", "show", &id, "--json"])?;
    expect_code(&show, 0, "runs show")?;
    let run = json_result(&show)?;
    let history = run["history"].as_array().cloned().unwrap_or_default();
    let mut by_node: std::collections::BTreeMap<String, Vec<f64>> = Default::default();
    for step in &history {
        by_node
            .entry(step["node"].as_str().unwrap_or("?").to_string())
            .or_default()
            .push(step["duration_ms"].as_f64().unwrap_or(0.0));
    }
    let step_sum: f64 = by_node.values().flatten().sum();
    // Between steps: the time from one step's end to the next one's start (checkpoint
    // save, answer handling), from the recorded start times and durations.
    let gaps: Vec<f64> = history
        .windows(2)
        .map(|w| {
            let end = w[0]["started_at"].as_f64().unwrap_or(0.0)
                + w[0]["duration_ms"].as_f64().unwrap_or(0.0);
            w[1]["started_at"].as_f64().unwrap_or(0.0) - end
        })
        .collect();

    println!(
        "\n## 50-turn analysis over {docs} documents (--answer × 49, /approve, --max-turns 60), mock latency {} ms",
        latency.as_millis()
    );
    println!(
        "  wall {:.2} s; LLM calls: {extraction} extraction + {} chat + {judge} judge (ideal {:.2} s)",
        wall.as_secs_f64(),
        chats.len(),
        (extraction.div_ceil(8) + chats.len()) as f64 * latency.as_secs_f64()
    );
    println!(
        "  last turn prompt: {last_prompt} chars (~{} tokens)",
        last_prompt / 4
    );
    // The history is budgeted (--history-budget): turn 50 should cost about what turn 5
    // does, against turn 2 (the first with any history).
    let turn = |n: usize| chats.get(n - 1).map_or(0, |r| prompt_chars(r));
    let (t2, t5, t50) = (turn(2), turn(5), turn(50));
    println!(
        "  prompt chars by turn: 2: {t2}, 5: {t5}, 50: {t50} (turn 50 = {:.2}× turn 2, {:.2}× turn 5)",
        t50 as f64 / t2.max(1) as f64,
        t50 as f64 / t5.max(1) as f64
    );
    println!(
        "  .archie/archie.db {:.1} KB + archie.db-wal {:.1} KB (after exit), run {id}, {} steps recorded",
        db as f64 / 1024.0,
        wal as f64 / 1024.0,
        history.len()
    );
    println!(
        "  {:<10} {:>6} {:>10} {:>10} {:>10}",
        "node", "steps", "median ms", "max ms", "− latency"
    );
    let lat_ms = latency.as_secs_f64() * 1000.0;
    for (node, times) in &by_node {
        let max = times.iter().copied().fold(0.0, f64::max);
        let med = median(times.clone());
        let calls_per_step = if node == "prepare" || node == "final" {
            1.0
        } else {
            0.0
        };
        println!(
            "  {node:<10} {:>6} {med:>10.0} {max:>10.0} {:>10.0}",
            times.len(),
            med - calls_per_step * lat_ms
        );
    }
    println!(
        "  steps sum {:.2} s of {:.2} s wall; between steps: median {:.0} ms, max {:.0} ms, sum {:.0} ms",
        step_sum / 1000.0,
        wall.as_secs_f64(),
        median(gaps.clone()),
        gaps.iter().copied().fold(0.0, f64::max),
        gaps.iter().sum::<f64>()
    );
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let opts = options()?;
    let bin = archie_bin();
    if !bin.exists() {
        bail!(
            "{} does not exist: run `cargo build --release` or set ARCHIE_BIN",
            bin.display()
        );
    }
    println!("archie binary: {}", bin.display());
    for scenario in &opts.only {
        match scenario.as_str() {
            "build" => build_context(opts.latency)?,
            "limit" => endpoint_limits(opts.latency)?,
            "prompt" => prompt_sizes()?,
            "long" => long_analysis(opts.latency)?,
            "rerun" => rerun(opts.latency)?,
            other => bail!("unknown scenario {other}: use build, limit, prompt, long or rerun"),
        }
    }
    Ok(())
}
