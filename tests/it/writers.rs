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
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

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
    // Every round of the import brings something new (another ledger, and PaymentService
    // described anew), so every round saves; the importer's copy of PaymentService is
    // stale as soon as a writer adds an observation, so a save that lands beside a
    // writer's is the three-way merge, not a plain write.
    let merges = Arc::new(AtomicUsize::new(0));
    let done = Arc::new(AtomicBool::new(false));
    let importer = {
        let (done, merges) = (Arc::clone(&done), Arc::clone(&merges));
        let dir = env.path().to_path_buf();
        std::thread::spawn(move || {
            let mut runs = 0;
            while !done.load(Ordering::Relaxed) || runs < 3 {
                std::fs::write(
                    dir.join("billing.json"),
                    json!({"entities": [
                        {"name": "PaymentService", "type": "service",
                         "description": format!("charges cards (round {runs})")},
                        {"name": format!("Ledger {runs}"), "type": "service"}
                    ]})
                    .to_string(),
                )
                .expect("write the catalog");
                let out = Command::new(archie_bin())
                    .current_dir(&dir)
                    .args(["--json", "--memory-file", "context.json"])
                    .args(["memory", "import", "billing.json"])
                    .stderr(Stdio::null())
                    .output()
                    .expect("import runs");
                assert!(out.status.success());
                let merged = String::from_utf8_lossy(&out.stdout)
                    .lines()
                    .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                    .any(|e| e["event"] == "memory_saved" && e["merged_with_disk"] == true);
                if merged {
                    merges.fetch_add(1, Ordering::Relaxed);
                }
                runs += 1;
            }
            runs
        })
    };
    const WRITERS: usize = 4;
    // Each writer writes at least this many notes, and goes on (up to ten times as many)
    // until the importer has merged beside the writers at least three times.
    const EACH: usize = 25;
    // Collected so that every writer starts before the first is joined.
    #[allow(clippy::needless_collect)]
    let writers: Vec<_> = (0..WRITERS)
        .map(|w| {
            let dir = env.path().to_path_buf();
            let merges = Arc::clone(&merges);
            std::thread::spawn(move || {
                let mut writer = McpWriter::start(&dir);
                let mut i = 0;
                while i < EACH || (merges.load(Ordering::Relaxed) < 3 && i < 10 * EACH) {
                    writer.observe("PaymentService", &format!("writer {w} note {i}"));
                    // Every other note is taken back: a removal must stay removed.
                    if i % 2 == 1 {
                        writer.forget("PaymentService", &format!("writer {w} note {i}"));
                    }
                    i += 1;
                }
                i
            })
        })
        .collect();
    let written: Vec<usize> = writers
        .into_iter()
        .map(|w| w.join().expect("writer"))
        .collect();
    done.store(true, Ordering::Relaxed);
    let imports = importer.join().expect("importer");
    let merges = merges.load(Ordering::Relaxed);
    assert!(
        merges >= 1,
        "no import saved beside a writer in {imports} rounds: the three-way merge was not tested"
    );
    let kept = observations(env.path(), "PaymentService");
    let mut expected = vec!["owned by team red".to_string()];
    for (w, n) in written.iter().enumerate() {
        expected.extend((0..*n).step_by(2).map(|i| format!("writer {w} note {i}")));
    }
    let lost = expected.iter().filter(|o| !kept.contains(o)).count();
    let back = kept.iter().filter(|o| !expected.contains(o)).count();
    assert_eq!(
        (lost, back),
        (0, 0),
        "{lost} of {} writes lost and {back} removals undone beside {imports} imports \
         ({merges} merged beside a writer)",
        expected.len()
    );
    // And the importer's own writes are all there: every ledger, the last description.
    let memory: Value =
        serde_json::from_str(&std::fs::read_to_string(env.path().join("context.json")).unwrap())
            .unwrap();
    let names: Vec<&str> = memory["entities"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["name"].as_str())
        .collect();
    for round in 0..imports {
        assert!(
            names.contains(&format!("Ledger {round}").as_str()),
            "Ledger {round} lost: {names:?}"
        );
    }
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
