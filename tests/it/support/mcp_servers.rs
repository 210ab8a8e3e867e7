//! MCP servers for the tests: the fake server script (`fake_mcp.py`, which can crash,
//! hang, flood stderr, …), the npm reference servers and the Python `mcp` client that
//! `.ci/mcp-setup.sh` installs, and helpers to read what happened (events, pids).

#![allow(dead_code)]

use serde_json::{Value, json};
use std::path::{Path, PathBuf};

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The fake server script.
pub fn fake_script() -> PathBuf {
    repo().join("tests/it/support/fake_mcp.py")
}

/// A server entry running the fake server with `args`.
pub fn fake(args: &[&str]) -> Value {
    let mut all = vec![fake_script().display().to_string()];
    all.extend(args.iter().map(|a| a.to_string()));
    json!({"command": "python3", "args": all})
}

/// The archie binary under test, as an owned path (for `json!`).
pub fn archie_bin() -> PathBuf {
    super::archie_bin().to_path_buf()
}

/// Writes `{"mcpServers": servers}` to `dir/mcp.json` and returns its path.
pub fn write_config(dir: &Path, servers: Value) -> PathBuf {
    let path = dir.join("mcp.json");
    std::fs::write(&path, json!({ "mcpServers": servers }).to_string()).expect("write mcp.json");
    path
}

/// Where `.ci/mcp-setup.sh` put the npm servers and the Python venv
/// (`ARCHIE_MCP_CACHE`, default `.ci/cache`). Missing, the test fails unless
/// `ARCHIE_TEST_SKIP_INTEROP=1` says to skip it (then: `None`, and the test says it was
/// skipped); see [`super::other_side::missing`].
pub fn cache() -> Option<PathBuf> {
    let dir = std::env::var_os("ARCHIE_MCP_CACHE")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join(".ci/cache"));
    let ready = dir.join("npm/node_modules/.bin/mcp-server-memory").exists()
        && dir.join("venv/bin/python").exists();
    if ready {
        return Some(dir);
    }
    super::other_side::missing(&format!(
        "the MCP interoperability servers are not installed in {}, or not usable by this \
         user (run `bash .ci/mcp-setup.sh` as this user, or point ARCHIE_MCP_CACHE at its \
         cache)",
        dir.display()
    ));
    None
}

/// Whether process `pid` still runs (a zombie does not count).
pub fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            // "pid (comm) S …": the state follows the last ')'.
            let state = stat.rsplit(')').next().unwrap_or("").trim_start();
            !state.starts_with('Z') && !state.starts_with('X')
        }
        Err(_) => false,
    }
}

/// The pid a server wrote to `path`, if it got that far before it was stopped.
pub fn read_pid(path: &Path) -> Option<u32> {
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}

/// Every event of a `--json` run.
pub fn events(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// The events named `name`.
pub fn named<'a>(events: &'a [Value], name: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["event"] == name).collect()
}

/// The final status event of each task, by index.
pub fn task_results(events: &[Value]) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    for e in named(events, "task_status") {
        let status = e["status"].as_str().unwrap_or("");
        if ["done", "failed", "skipped"].contains(&status) {
            out.push(e.clone());
        }
    }
    out.sort_by_key(|e| e["index"].as_u64());
    out
}

/// A plan reply naming `tasks` (`[(tool, arguments)]`).
pub fn plan(tasks: &[(&str, Value)]) -> Value {
    json!({
        "reasoning": "test plan",
        "tasks": tasks.iter().map(|(t, a)| json!({"tool": t, "arguments": a})).collect::<Vec<_>>(),
    })
}

/// Lines of a server's log file (what it was asked).
pub fn log_lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect()
}
