//! Retrieval and chunking throughput: 1,000 markdown documents of ~20 KB each, as
//! criterion benchmarks.
//!
//!     cargo bench --locked --bench docs          (release build)
//!
//! `docs_1000/retrieve` walks, reads and checks the 1,000 files and masks the secrets in
//! them (the default); `docs_1000/retrieve_send_secrets` the same without the scan
//! (`--send-secrets`); `docs_1000/mask_secrets` is the scan alone over their texts;
//! `docs_1000/chunk` cuts the retrieved documents into chunks; `chunk_worst/*` are the cutter's worst cases
//! (1 MiB of one-letter words on one line, 1 MiB with no whitespace at all: only hard
//! cuts). Criterion reports times only: the documents' count and size and the number of
//! chunks are printed at the end.

// A benchmark, like a test, may stop at the first surprise.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use archie::docs::{ChunkOptions, RetrieveOptions, chunk_all, retrieve};
use criterion::{BatchSize, Criterion};
use std::time::Duration;

fn document(i: usize) -> String {
    let mut text = format!("# Service {i}\n\nThe service {i} owns the ledger.\n\n");
    let mut section = 0;
    while text.len() < 20_000 {
        section += 1;
        text.push_str(&format!("## Concern {section}\n\n"));
        for p in 0..4 {
            for s in 0..5 {
                text.push_str(&format!(
                    "Service{i} calls Gateway{section} over gRPC with retry {p}.{s} and a timeout. "
                ));
            }
            text.push_str("\n\n");
        }
        text.push_str("- a list item\n- another item with Платёж and 支付\n\n");
    }
    text
}

fn main() -> std::io::Result<()> {
    let dir = tempfile::tempdir()?;
    for i in 0..1000 {
        let sub = dir.path().join(format!("area{}", i % 20));
        std::fs::create_dir_all(&sub)?;
        std::fs::write(sub.join(format!("doc{i}.md")), document(i))?;
    }
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(30)
        .configure_from_args();

    let opts = RetrieveOptions::new([dir.path()]);
    let retrieved = retrieve(&opts).map_err(std::io::Error::other)?;
    let chunks = chunk_all(&retrieved.documents, ChunkOptions::default()).len();
    let mut group = c.benchmark_group("docs_1000");
    // The results are dropped outside the timing.
    group.bench_function("retrieve", |b| {
        b.iter_batched(
            || (),
            |()| retrieve(&opts).unwrap(),
            BatchSize::PerIteration,
        )
    });
    let sending = RetrieveOptions {
        send_secrets: true,
        ..opts.clone()
    };
    group.bench_function("retrieve_send_secrets", |b| {
        b.iter_batched(
            || (),
            |()| retrieve(&sending).unwrap(),
            BatchSize::PerIteration,
        )
    });
    let raw = retrieve(&sending).map_err(std::io::Error::other)?;
    // The texts are copied for each iteration outside the timing, and what the scan
    // returns is dropped outside it too.
    let texts: Vec<String> = raw.documents.iter().map(|d| d.text.clone()).collect();
    let scan = |texts: Vec<String>| -> Vec<archie::secrets::Masked> {
        texts
            .into_iter()
            .map(archie::secrets::mask_secrets)
            .collect()
    };
    group.bench_function("mask_secrets", |b| {
        b.iter_batched(|| texts.clone(), scan, BatchSize::PerIteration)
    });
    // The same texts with a line of configuration after every paragraph: a `:`, a `=`
    // and a URL every ~400 bytes, each of which the scan looks at closely.
    let heavy: Vec<String> = raw
        .documents
        .iter()
        .map(|d| {
            d.text.replace(
                "\n\n",
                "\nconfig: timeout=30s, retry_token=none, url: https://svc.internal:8443/v1?x=1\n\n",
            )
        })
        .collect();
    group.bench_function("mask_secrets_config_heavy", |b| {
        b.iter_batched(|| heavy.clone(), scan, BatchSize::PerIteration)
    });
    group.bench_function("chunk", |b| {
        b.iter_batched(
            || (),
            |()| chunk_all(&retrieved.documents, ChunkOptions::default()),
            BatchSize::PerIteration,
        )
    });
    group.finish();

    let mut worst = Vec::new();
    let mut group = c.benchmark_group("chunk_worst");
    for (name, id, text) in [
        (
            "1 MiB of tiny words",
            "tiny_words_1MiB",
            "a ".repeat(512 * 1024),
        ),
        (
            "1 MiB without spaces",
            "no_spaces_1MiB",
            "支".repeat(1024 * 1024 / 3),
        ),
    ] {
        let doc = archie::docs::Document {
            path: name.into(),
            source: name.into(),
            size: text.len() as u64,
            hash: String::new(),
            text,
            withheld: Vec::new(),
            secrets_sent: false,
        };
        group.bench_function(id, |b| {
            b.iter_batched(
                || (),
                |()| archie::docs::chunk(&doc, ChunkOptions::default()),
                BatchSize::PerIteration,
            )
        });
        worst.push((
            name,
            archie::docs::chunk(&doc, ChunkOptions::default()).len(),
        ));
    }
    group.finish();
    c.final_summary();

    println!(
        "{} documents, {:.1} MB, {} chunks",
        retrieved.documents.len(),
        retrieved.total_bytes() as f64 / 1e6,
        chunks,
    );
    for (name, n) in worst {
        println!("{name}: {n} chunks");
    }
    Ok(())
}
