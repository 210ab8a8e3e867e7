//! Two writers lose nothing: `archie mcp` writers beside a looping `archie memory import`
//! and beside a `build-context`, each write counted.

use crate::flows::is_extraction;
use crate::support::mock_llm::{MockRequest, Reply};
use crate::support::{TestEnv, archie_bin};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// An `archie mcp` process on the memory file `memory`, initialised.
pub(crate) struct McpWriter {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
}

impl McpWriter {
    pub(crate) fn start(dir: &Path) -> Self {
        let mut child = Command::new(archie_bin())
            .current_dir(dir)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .args(["--memory-file", "context.json", "mcp"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("archie mcp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut writer = McpWriter {
            child,
            stdin,
            stdout,
            next_id: 1,
        };
        let init = writer.call(
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "writers-test", "version": "1"}}),
        );
        assert!(init.get("result").is_some(), "{init}");
        writeln!(
            writer.stdin,
            "{}",
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"})
        )
        .expect("send");
        writer
    }

    pub(crate) fn call(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        writeln!(
            self.stdin,
            "{}",
            json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
        )
        .expect("send");
        self.stdin.flush().expect("flush");
        loop {
            let mut line = String::new();
            assert!(
                self.stdout.read_line(&mut line).expect("read") > 0,
                "archie mcp ended"
            );
            let reply: Value = serde_json::from_str(&line).expect("json-rpc");
            if reply["id"] == id {
                return reply;
            }
        }
    }

    /// Adds one observation to `entity`; panics unless archie says it was added.
    fn observe(&mut self, entity: &str, text: &str) {
        self.tool(
            "add_observations",
            json!({"observations": [{"entityName": entity, "contents": [text]}]}),
        );
    }

    /// Removes one observation of `entity`.
    fn forget(&mut self, entity: &str, text: &str) {
        self.tool(
            "delete_observations",
            json!({"deletions": [{"entityName": entity, "observations": [text]}]}),
        );
    }

    fn tool(&mut self, name: &str, arguments: Value) {
        let reply = self.call("tools/call", json!({"name": name, "arguments": arguments}));
        let result = &reply["result"];
        assert!(
            result.get("isError").is_none_or(|e| e == false),
            "the write failed: {reply}"
        );
    }
}

impl Drop for McpWriter {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn observations(dir: &Path, entity: &str) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("context.json")).expect("memory");
    let memory: Value = serde_json::from_str(&text).expect("json");
    memory["entities"]
        .as_array()
        .expect("entities")
        .iter()
        .find(|e| e["name"] == entity)
        .and_then(|e| e["properties"]["observations"].as_array())
        .map(|l| {
            l.iter()
                .filter_map(|o| o.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

fn seed(env: &TestEnv) {
    env.write(
        "context.json",
        json!({"entities": [{"name": "PaymentService", "type": "service",
                             "properties": {"observations": ["owned by team red"]}}]})
        .to_string(),
    );
}

#[test]
fn mcp_writers_beside_a_looping_import_lose_nothing() {
    let env = TestEnv::new();
    seed(&env);
    // What the importer brings changes PaymentService too: the importer's copy of it is
    // stale as soon as a writer adds an observation.
    env.write(
        "billing.json",
        json!({"entities": [
            {"name": "PaymentService", "type": "service", "description": "charges cards"},
            {"name": "Ledger", "type": "service"}
        ]})
        .to_string(),
    );
    let done = Arc::new(AtomicBool::new(false));
    let importer = {
        let done = Arc::clone(&done);
        let dir = env.path().to_path_buf();
        std::thread::spawn(move || {
            let mut runs = 0;
            while !done.load(Ordering::Relaxed) || runs < 3 {
                let status = Command::new(archie_bin())
                    .current_dir(&dir)
                    .args([
                        "--memory-file",
                        "context.json",
                        "memory",
                        "import",
                        "billing.json",
                    ])
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status()
                    .expect("import runs");
                assert!(status.success());
                runs += 1;
            }
            runs
        })
    };
    const WRITERS: usize = 4;
    const EACH: usize = 25;
    let writers: Vec<_> = (0..WRITERS)
        .map(|w| {
            let dir = env.path().to_path_buf();
            std::thread::spawn(move || {
                let mut writer = McpWriter::start(&dir);
                for i in 0..EACH {
                    writer.observe("PaymentService", &format!("writer {w} note {i}"));
                    // Every other note is taken back: a removal must stay removed.
                    if i % 2 == 1 {
                        writer.forget("PaymentService", &format!("writer {w} note {i}"));
                    }
                }
            })
        })
        .collect();
    for w in writers {
        w.join().expect("writer");
    }
    done.store(true, Ordering::Relaxed);
    let imports = importer.join().expect("importer");
    let kept = observations(env.path(), "PaymentService");
    let mut expected = vec!["owned by team red".to_string()];
    for w in 0..WRITERS {
        expected.extend((0..EACH).step_by(2).map(|i| format!("writer {w} note {i}")));
    }
    let lost = expected.iter().filter(|o| !kept.contains(o)).count();
    let back = kept.iter().filter(|o| !expected.contains(o)).count();
    assert_eq!(
        (lost, back),
        (0, 0),
        "{lost} of {} writes lost and {back} removals undone beside {imports} imports",
        expected.len()
    );
}

/// Extraction that waits until the test says so, so the MCP write lands while
/// build-context holds its stale copy.
fn slow_model(gate: Arc<AtomicBool>) -> impl Fn(&MockRequest) -> Reply + Send + Sync {
    move |req| {
        if is_extraction(req) {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
            while !gate.load(Ordering::Relaxed) && std::time::Instant::now() < deadline {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            return Reply::json(json!({
                "entities": [{"name": "PaymentService", "type": "service",
                              "description": "charges cards"}],
                "relationships": []
            }));
        }
        Reply::text("<agent>## Purpose\nPayments.</agent>")
    }
}

#[test]
fn an_mcp_write_during_build_context_survives_its_save() {
    let env = TestEnv::with_llm();
    seed(&env);
    let gate = Arc::new(AtomicBool::new(false));
    env.mock().answer_with(slow_model(Arc::clone(&gate)));
    env.write(
        "docs/pay.md",
        "# Payments\n\nPaymentService charges cards.\n",
    );
    let run = env.spawn(&["build-context", "payments", "-i", "docs", "--no-input"]);
    // build-context has loaded the memory and waits for its extraction answer.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while env.mock().received().is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let mut writer = McpWriter::start(env.path());
    writer.observe("PaymentService", "on-call: alice");
    writer.forget("PaymentService", "owned by team red");
    assert_eq!(
        observations(env.path(), "PaymentService"),
        ["on-call: alice"]
    );
    gate.store(true, Ordering::Relaxed);
    let out = run.wait();
    out.expect_code(0);
    assert!(
        out.stderr
            .contains("merged with changes another archie saved meanwhile"),
        "{}",
        out.stderr
    );
    // build-context's copy still held "owned by team red": it must not come back.
    assert_eq!(
        observations(env.path(), "PaymentService"),
        ["on-call: alice"]
    );
}
