//! Retrieval and chunking throughput: 1,000 markdown documents of ~20 KB each.
//!
//! Run with `cargo bench --bench docs` (a release build). Prints the time of each phase;
//! no assertions.

// A benchmark, like a test, may stop at the first surprise.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use archie::docs::{ChunkOptions, RetrieveOptions, chunk_all, retrieve};
use std::time::{Duration, Instant};

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
    let opts = RetrieveOptions::new([dir.path()]);
    let mut read = Vec::new();
    let mut cut = Vec::new();
    let mut totals = (0, 0, 0);
    for _ in 0..7 {
        let t = Instant::now();
        let retrieved = retrieve(&opts).map_err(std::io::Error::other)?;
        let t_read = t.elapsed();
        let t = Instant::now();
        let chunks = chunk_all(&retrieved.documents, ChunkOptions::default());
        let t_chunk = t.elapsed();
        read.push(t_read);
        cut.push(t_chunk);
        totals = (
            retrieved.documents.len(),
            retrieved.total_bytes(),
            chunks.len(),
        );
    }
    read.sort();
    cut.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{} documents, {:.1} MB, {} chunks (median of 7): retrieve {:.0} ms, chunk {:.0} ms, total {:.0} ms",
        totals.0,
        totals.1 as f64 / 1e6,
        totals.2,
        ms(read[3]),
        ms(cut[3]),
        ms(read[3] + cut[3]),
    );

    // Worst cases for the cutter: 1 MiB of one-letter words on one line, and 1 MiB with
    // no whitespace at all (only hard cuts).
    for (name, text) in [
        ("1 MiB of tiny words", "a ".repeat(512 * 1024)),
        ("1 MiB without spaces", "支".repeat(1024 * 1024 / 3)),
    ] {
        let doc = archie::docs::Document {
            path: name.into(),
            source: name.into(),
            size: text.len() as u64,
            hash: String::new(),
            text,
        };
        let t = Instant::now();
        let n = archie::docs::chunk(&doc, ChunkOptions::default()).len();
        println!("{name}: {n} chunks in {:.0} ms", ms(t.elapsed()));
    }
    Ok(())
}
