//! `archie search` and `archie mcp` end to end, numbers only (no assertions):
//!
//!     cargo bench --bench search                      (5 runs each)
//!     cargo bench --bench search -- --runs 9 --latency 250 --tool-ms 300
//!
//! - `search`: a 3-task search against the mock LLM (tests/it/support/mock_llm.rs) at
//!   `--latency` ms per LLM call, each task a tool of the fake MCP server
//!   (tests/it/support/fake_mcp.py, needs python3) that takes `--tool-ms`: wall time of
//!   the process (median, min, max) and LLM calls per run from the mock's request log.
//! - `mcp`: start-up of `archie mcp` until its reply to `initialize` (median, min, max).
//!
//! The binary is the one cargo builds for this bench (`$CARGO_TARGET_DIR/release/archie`);
//! `ARCHIE_BIN` overrides it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/it/support/mock_llm.rs"]
mod mock_llm;

use mock_llm::{MockLlm, Reply};
use serde_json::json;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn binary() -> PathBuf {
    std::env::var_os("ARCHIE_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_archie")))
}

fn stats(mut ms: Vec<f64>) -> String {
    ms.sort_by(f64::total_cmp);
    format!(
        "median {:.0} ms (min {:.0}, max {:.0}, {} runs)",
        ms[ms.len() / 2],
        ms[0],
        ms[ms.len() - 1],
        ms.len()
    )
}

fn main() -> anyhow::Result<()> {
    let runs = arg("--runs", 5) as usize;
    let latency = arg("--latency", 250);
    let tool_ms = arg("--tool-ms", 300);
    let bin = binary();
    let fake = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/support/fake_mcp.py");

    // search
    let dir = tempfile::tempdir()?;
    std::fs::write(
        dir.path().join("context.json"),
        "{\"entities\": [], \"relationships\": []}",
    )?;
    let config = dir.path().join("mcp.json");
    std::fs::write(
        &config,
        json!({"mcpServers": {"slow": {"command": "python3",
            "args": [fake, "--delay-ms", tool_ms.to_string()]}}})
        .to_string(),
    )?;
    let mock = MockLlm::start_background();
    mock.set_latency(Duration::from_millis(latency));
    mock.answer_with(|req| {
        if req.has_response_format() {
            Reply::json(json!({"tasks": [
                {"tool": "slow__slow_a", "arguments": {"query": "a"}},
                {"tool": "slow__slow_b", "arguments": {"query": "b"}},
                {"tool": "slow__slow_c", "arguments": {"query": "c"}}
            ]}))
        } else {
            Reply::text("All three found it [1][2][3].")
        }
    });
    let mut times = Vec::new();
    let mut calls = Vec::new();
    let mut steps: std::collections::BTreeMap<String, Vec<f64>> = Default::default();
    for _ in 0..runs {
        let before = mock.requests().len();
        let started = Instant::now();
        let out = Command::new(&bin)
            .current_dir(dir.path())
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", dir.path())
            .envs(mock.env())
            .args(["--json", "search", "--mcp-config"])
            .arg(&config)
            .arg("Where is it?")
            .output()?;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        calls.push(mock.requests().len() - before);
        if !out.status.success() {
            anyhow::bail!("search failed: {}", String::from_utf8_lossy(&out.stderr));
        }
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let event: serde_json::Value = serde_json::from_str(line)?;
            if event["event"] == "node_finished" {
                let node = event["node"].as_str().unwrap_or("?").to_string();
                let ms = event["ms"].as_f64().unwrap_or(0.0);
                steps.entry(node).or_default().push(ms);
            }
        }
    }
    println!(
        "search, 3 tasks × {tool_ms} ms tools, {latency} ms per LLM call: {} · LLM calls per run {:?}",
        stats(times),
        calls
    );
    for (node, ms) in steps {
        println!("  step {node}: {}", stats(ms));
    }

    // mcp start-up
    let mut times = Vec::new();
    for _ in 0..runs.max(10) {
        let started = Instant::now();
        let mut child = Command::new(&bin)
            .arg("--memory-file")
            .arg(dir.path().join("context.json"))
            .arg("mcp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let mut stdin = child.stdin.take().ok_or_else(|| anyhow::anyhow!("stdin"))?;
        writeln!(
            stdin,
            "{}",
            json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "bench", "version": "1"}}})
        )?;
        stdin.flush()?;
        let mut line = String::new();
        BufReader::new(
            child
                .stdout
                .take()
                .ok_or_else(|| anyhow::anyhow!("stdout"))?,
        )
        .read_line(&mut line)?;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        drop(stdin);
        child.wait()?;
    }
    println!("archie mcp, spawn to initialize reply: {}", stats(times));
    Ok(())
}
