//! `archie mcp` as other agents see it: a real child process on stdio, read by archie's
//! own client library and by the Python `mcp` package.

use crate::support::mcp_servers::{archie_bin, cache, repo};
use crate::support::{stderr, tempdir};
use archie::mcp::{ServerSpec, ToolServer, Transport};
use serde_json::{Map, Value, json};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

fn write_memory(path: &Path) {
    std::fs::write(
        path,
        json!({
            "entities": [
                {"name": "Orders DB", "type": "database"},
                {"name": "Order Service", "type": "service"}
            ],
            "relationships": [{"from": "Order Service", "to": "Orders DB", "type": "writes_to"}]
        })
        .to_string(),
    )
    .unwrap();
}

fn spec(name: &str, memory: &Path) -> ServerSpec {
    ServerSpec {
        name: name.into(),
        transport: Transport::Stdio {
            command: archie_bin().display().to_string(),
            args: vec![
                "--memory-file".into(),
                memory.display().to_string(),
                "mcp".into(),
            ],
            env: Default::default(),
            cwd: None,
        },
        startup_timeout: Duration::from_secs(30),
        tool_timeout: Duration::from_secs(30),
        enabled_tools: None,
        disabled_tools: Vec::new(),
        inherit: Default::default(),
        withheld: Vec::new(),
        display: name.into(),
    }
}

async fn connect(specs: &[ServerSpec]) -> Vec<Arc<archie::mcp::Connected>> {
    let events: archie::events::Events = Arc::new(archie::events::Discard);
    let (ok, failed) = archie::mcp::connect_all(specs, &events, false).await;
    assert!(failed.is_empty(), "{failed:?}");
    ok.into_iter().map(Arc::new).collect()
}

fn args(v: Value) -> Map<String, Value> {
    v.as_object().unwrap().clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tools_are_annotated_and_have_output_schemas() {
    let dir = tempdir();
    let memory = dir.path().join("context.json");
    write_memory(&memory);
    let server = connect(&[spec("archie", &memory)]).await.remove(0);
    let tools = server.list_tools().await.unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "find_entities",
            "get_entity",
            "find_paths",
            "add_entities",
            "add_relationships",
            "add_observations",
            "delete_entities",
            "delete_relationships",
            "delete_observations",
            "create_entities",
            "create_relations",
            "delete_relations",
            "read_graph",
            "search_nodes",
            "open_nodes",
            // The flow tools, in the flow registry's order (as `archie --help` lists
            // their commands).
            "analyze",
            "build_context"
        ]
    );
    for t in &tools {
        assert!(t.output_schema.is_some(), "{}", t.name);
        let h = &t.annotations;
        if t.name.starts_with("delete_") {
            assert_eq!(
                (h.read_only, h.destructive),
                (Some(false), Some(true)),
                "{}",
                t.name
            );
        } else if t.name.starts_with("add_") || t.name.starts_with("create_") {
            assert_eq!(
                (h.read_only, h.destructive),
                (Some(false), Some(false)),
                "{}",
                t.name
            );
        } else if !matches!(t.name.as_str(), "build_context" | "analyze") {
            assert_eq!(h.read_only, Some(true), "{}", t.name);
        }
    }
    let out = server
        .call_tool("get_entity", args(json!({"name": "orders db"})))
        .await
        .unwrap();
    assert_eq!(
        out.structured.unwrap()["incoming"][0]["from"],
        "Order Service"
    );
    // Bad arguments are a result the caller reads, not a broken connection.
    let out = server
        .call_tool("get_entity", args(json!({"nme": "x"})))
        .await
        .unwrap();
    assert!(out.is_error);
    assert!(out.to_text().contains("nme"), "{}", out.to_text());
    server.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_memory_file_is_read_again_when_it_changes_and_writes_merge_into_it() {
    let dir = tempdir();
    let memory = dir.path().join("context.json");
    write_memory(&memory);
    let server = connect(&[spec("archie", &memory)]).await.remove(0);
    let find = |q: &'static str| {
        let server = Arc::clone(&server);
        async move {
            server
                .call_tool("find_entities", args(json!({"query": q})))
                .await
                .unwrap()
                .structured
                .unwrap()["total"]
                .as_u64()
                .unwrap()
        }
    };
    assert_eq!(find("payments").await, 0);
    // Another process writes the file.
    let mut m = archie::memory::Memory::new();
    m.upsert_entity(archie::memory::Entity::new("Payments Gateway", "service"));
    let (file, _) = archie::memory::MemoryFile::open(&memory).unwrap();
    let (_, mut on_disk) = archie::memory::MemoryFile::open(&memory).unwrap();
    on_disk.merge(m);
    file.save(&on_disk).unwrap();
    assert_eq!(find("payments").await, 1);

    server
        .call_tool(
            "add_relationships",
            args(json!({"relationships": [{"from": "Payments Gateway", "to": "Orders DB", "type": "reads from"}]})),
        )
        .await
        .unwrap();
    server
        .call_tool("delete_entities", args(json!({"names": ["Order Service"]})))
        .await
        .unwrap();
    let (_, after) = archie::memory::MemoryFile::open(&memory).unwrap();
    assert!(after.entity("order service").is_none());
    assert_eq!(after.relationships().len(), 1);
    assert_eq!(after.relationships()[0].kind, "reads_from");
    server.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_archie_mcp_processes_writing_50_entities_each_leave_100() {
    let dir = tempdir();
    let memory = dir.path().join("context.json");
    let servers = connect(&[spec("a", &memory), spec("b", &memory)]).await;
    let writes = servers.iter().enumerate().flat_map(|(s, server)| {
        (0..50).map(move |i| {
            let server = Arc::clone(server);
            async move {
                server
                    .call_tool(
                        "add_entities",
                        args(json!({"entities": [{"name": format!("svc-{s}-{i}"), "type": "service"}]})),
                    )
                    .await
                    .unwrap()
            }
        })
    });
    // All 100 in flight at once, over both processes.
    let results = futures_util::future::join_all(writes).await;
    assert!(results.iter().all(|r| !r.is_error));
    for s in &servers {
        s.close().await;
    }
    let (_, m) = archie::memory::MemoryFile::open(&memory).unwrap();
    assert_eq!(m.entities().len(), 100);
}

#[test]
fn session_memory_round_trips_through_memory_session_resource() {
    let dir = tempdir();
    let memory = dir.path().join("context.json");
    write_memory(&memory);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    // A session that does not exist is a resource that does not exist.
    let server = runtime
        .block_on(connect(&[spec("archie", &memory)]))
        .remove(0);
    let fresh = runtime
        .block_on(server.read_resource("memory://session/s-new"))
        .unwrap_err();
    assert!(
        fresh
            .to_string()
            .contains("no resource memory://session/s-new"),
        "{fresh}"
    );
    // A search writes its session; the resource gives it back.
    let mock = crate::support::mock_llm::MockLlm::start_background();
    mock.answer_with(|req| {
        if req.has_response_format() {
            crate::support::mock_llm::Reply::json(json!({"tasks": [{"tool": "archie__find_entities", "arguments": {"query": "orders"}}]}))
        } else {
            crate::support::mock_llm::Reply::text("Order Service writes it [1].")
        }
    });
    let out = crate::support::run_with_llm(
        dir.path(),
        &mock,
        &["search", "--session", "s-1", "Who writes orders?"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let read = runtime
        .block_on(server.read_resource("memory://session/s-1"))
        .unwrap();
    let session: Value = serde_json::from_str(&read.text).unwrap();
    assert_eq!(session["turns"][0]["query"], "Who writes orders?");
    assert_eq!(
        session["turns"][0]["answer"],
        "Order Service writes it [1]."
    );
    assert_eq!(
        session["turns"][0]["sources"][0],
        "archie__find_entities {\"query\":\"orders\"}"
    );
    // The graph resource is the graph without the sessions.
    let graph = runtime
        .block_on(server.read_resource("memory://knowledge-graph"))
        .unwrap();
    let graph: Value = serde_json::from_str(&graph.text).unwrap();
    assert_eq!(graph["entities"].as_array().unwrap().len(), 2);
    assert!(graph.get("sessions").is_none());
    runtime.block_on(server.close());
}

/// Sends one JSON-RPC message.
fn send(stdin: &mut impl Write, v: Value) {
    writeln!(stdin, "{v}").unwrap();
    stdin.flush().unwrap();
}

#[test]
fn stdout_is_only_json_rpc_a_closed_stderr_is_harmless_and_closing_stdin_ends_it() {
    let dir = tempdir();
    let memory = dir.path().join("context.json");
    write_memory(&memory);
    let mut child = Command::new(archie_bin())
        .args(["-v", "--json", "--memory-file"])
        .arg(&memory)
        .arg("mcp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The client closed our stderr: every log line now fails to write.
    drop(child.stderr.take());
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    send(
        &mut stdin,
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"}}}),
    );
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let init: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(init["id"], 1);
    assert_eq!(init["result"]["serverInfo"]["name"], "archie");
    send(
        &mut stdin,
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    );
    send(
        &mut stdin,
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
               "params": {"name": "no_such_tool", "arguments": {}}}),
    );
    send(
        &mut stdin,
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
               "params": {"name": "find_entities", "arguments": {"query": "orders"}}}),
    );
    drop(stdin);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let replies: Vec<Value> = rest
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON-RPC ({e}): {l}")))
        .collect();
    assert_eq!(replies.len(), 2, "{rest}");
    let by_id = |id: u64| replies.iter().find(|r| r["id"] == id).unwrap();
    assert!(
        by_id(2)["error"]["message"]
            .as_str()
            .unwrap()
            .contains("no_such_tool")
    );
    assert_eq!(by_id(3)["result"]["structuredContent"]["total"], 1);
    // stdin closed: the server ends by itself, successfully.
    let status = wait(&mut child, Duration::from_secs(10)).expect("archie mcp exits");
    assert!(status.success(), "{status:?}");
}

fn wait(child: &mut std::process::Child, limit: Duration) -> Option<std::process::ExitStatus> {
    let until = std::time::Instant::now() + limit;
    while std::time::Instant::now() < until {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    None
}

/// The Python SDK's `Client` in its default mode (`server/discover`, the newest
/// revision, 2026-07-28) and in its legacy mode (the `initialize` handshake).
#[test]
fn the_python_mcp_client_lists_calls_and_reads_the_knowledge_graph_in_both_modes() {
    let Some(cache) = cache() else { return };
    for (mode, revision) in [("auto", "2026-07-28"), ("legacy", "2025-11-25")] {
        let dir = tempdir();
        let memory = dir.path().join("context.json");
        write_memory(&memory);
        let out = Command::new(cache.join("venv/bin/python"))
            .arg(repo().join("tests/it/mcp_client.py"))
            .arg(archie_bin())
            .arg(&memory)
            .arg(mode)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{mode}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(report["protocol_version"], revision, "{mode}");
        let tools = report["tools"].as_array().unwrap();
        assert!(tools.contains(&json!("find_entities")) && tools.contains(&json!("add_entities")));
        assert!(tools.contains(&json!("create_entities")) && tools.contains(&json!("read_graph")));
        assert_eq!(report["read_only"]["find_entities"], true);
        assert_eq!(report["read_only"]["delete_entities"], false);
        assert_eq!(report["is_error"], false);
        let found: Vec<&str> = report["call"]["entities"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["name"].as_str().unwrap())
            .collect();
        assert_eq!(found, ["Order Service"], "{mode}: {}", report["call"]);
        assert_eq!(
            report["created"],
            json!({"entities": [{"name": "Payments", "entityType": "service", "observations": ["charges cards"]}]}),
            "{mode}"
        );
        let mut names: Vec<&str> = report["graph_entities"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_str().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["Order Service", "Orders DB", "Payments"], "{mode}");
        // A subscriber to the graph hears of a write.
        assert_eq!(report["heard"], "memory://knowledge-graph", "{mode}");
    }
}

/// `archie mcp` as a child process spoken to line by line.
pub(crate) struct Raw {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
    errors: std::sync::mpsc::Receiver<String>,
}

/// Long enough for a slow CI machine; only a broken server waits this long.
const PATIENCE: Duration = Duration::from_secs(60);

impl Raw {
    fn start(memory: &Path, extra: &[&str]) -> Self {
        let mut command = Command::new(archie_bin());
        command
            .arg("-v")
            .arg("--memory-file")
            .arg(memory)
            .arg("mcp")
            .args(extra);
        Self::spawn(command)
    }

    /// `command` (an `archie … mcp`) started with piped stdio.
    pub(crate) fn spawn(mut command: Command) -> Self {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let lines = Self::reader(child.stdout.take().unwrap());
        let errors = Self::reader(child.stderr.take().unwrap());
        Self {
            stdin: child.stdin.take(),
            child,
            lines,
            errors,
        }
    }

    fn reader(from: impl std::io::Read + Send + 'static) -> std::sync::mpsc::Receiver<String> {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(from).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        rx
    }

    pub(crate) fn send_text(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{text}").unwrap();
        stdin.flush().unwrap();
    }

    pub(crate) fn send(&mut self, v: Value) {
        self.send_text(&v.to_string());
    }

    /// The next line on stdout, as JSON.
    pub(crate) fn next(&self) -> Value {
        let line = self
            .lines
            .recv_timeout(PATIENCE)
            .expect("archie mcp answers");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"))
    }

    /// Sends a request and returns its answer.
    pub(crate) fn ask(&mut self, id: u64, method: &str, params: Value) -> Value {
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.next()
    }

    pub(crate) fn initialize(&mut self, revision: &str) -> Value {
        self.initialize_with(revision, json!({}))
    }

    /// `initialize` declaring `capabilities`, then `notifications/initialized`.
    pub(crate) fn initialize_with(&mut self, revision: &str, capabilities: Value) -> Value {
        let init = self.ask(
            1,
            "initialize",
            json!({"protocolVersion": revision, "capabilities": capabilities,
                   "clientInfo": {"name": "test", "version": "1"}}),
        );
        self.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        init
    }

    /// Waits for a stderr line containing `text`.
    pub(crate) fn stderr_shows(&self, text: &str) {
        loop {
            let line = self
                .errors
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|_| panic!("no stderr line with {text:?}"));
            if line.contains(text) {
                return;
            }
        }
    }

    pub(crate) fn close(mut self) {
        drop(self.stdin.take());
        let status = wait(&mut self.child, PATIENCE).expect("archie mcp exits");
        assert!(status.success(), "{status:?}");
    }
}

pub(crate) fn code(reply: &Value) -> i64 {
    reply["error"]["code"]
        .as_i64()
        .unwrap_or_else(|| panic!("not an error: {reply}"))
}

#[test]
fn json_rpc_errors_are_answered_as_the_spec_says() {
    let dir = tempdir();
    let memory = dir.path().join("context.json");
    write_memory(&memory);
    let mut raw = Raw::start(&memory, &[]);
    // Not JSON: parse error, with "id": null.
    raw.send_text("{not json");
    let reply = raw.next();
    assert_eq!(code(&reply), -32700, "{reply}");
    assert_eq!(reply.get("id"), Some(&Value::Null), "{reply}");
    // No "jsonrpc": invalid request, answered to its id, which can be read.
    raw.send(json!({"id": 7, "method": "tools/list"}));
    let reply = raw.next();
    assert_eq!((code(&reply), reply["id"].clone()), (-32600, json!(7)));
    // Invalid requests whose id cannot be read: "id": null (JSON-RPC 2.0 5.1).
    for unreadable in [
        json!({"method": "tools/list"}),
        json!({"jsonrpc": "2.0", "id": {"n": 1}, "method": "tools/list"}),
        json!(42),
    ] {
        raw.send(unreadable.clone());
        let reply = raw.next();
        assert_eq!(code(&reply), -32600, "{unreadable} -> {reply}");
        assert_eq!(
            reply.get("id"),
            Some(&Value::Null),
            "{unreadable} -> {reply}"
        );
    }
    let init = raw.initialize("2025-06-18");
    assert_eq!(init["result"]["protocolVersion"], "2025-06-18");
    // tools/call without a name: invalid params.
    let reply = raw.ask(2, "tools/call", json!({"arguments": {}}));
    assert_eq!((code(&reply), reply["id"].clone()), (-32602, json!(2)));
    // A cursor archie never gave: invalid params.
    let reply = raw.ask(3, "tools/list", json!({"cursor": "page-2"}));
    assert_eq!(code(&reply), -32602, "{reply}");
    // A session that does not exist: resource not found.
    let reply = raw.ask(
        4,
        "resources/read",
        json!({"uri": "memory://session/s-none"}),
    );
    assert_eq!(code(&reply), -32002, "{reply}");
    // initialize again: refused.
    let reply = raw.ask(
        5,
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": {},
               "clientInfo": {"name": "test", "version": "1"}}),
    );
    assert_eq!((code(&reply), reply["id"].clone()), (-32600, json!(5)));
    // A batch: not in 2025-06-18.
    raw.send(json!([{"jsonrpc": "2.0", "id": 6, "method": "tools/list"}]));
    let reply = raw.next();
    assert_eq!(code(&reply), -32600, "{reply}");
    assert_eq!(reply.get("id"), Some(&Value::Null), "{reply}");
    // Still serving, and the results of this revision carry no resultType.
    let reply = raw.ask(8, "tools/list", json!({}));
    assert!(reply["result"]["tools"].as_array().unwrap().len() > 10);
    assert!(reply["result"].get("resultType").is_none(), "{reply}");
    assert!(reply["result"]["tools"][0].get("outputSchema").is_some());
    raw.close();
}

#[test]
fn a_batch_under_2025_03_26_is_answered_as_one_array() {
    let dir = tempdir();
    let memory = dir.path().join("context.json");
    write_memory(&memory);
    let mut raw = Raw::start(&memory, &[]);
    raw.initialize("2025-03-26");
    raw.send(json!([
        {"jsonrpc": "2.0", "id": 10, "method": "tools/list"},
        {"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": "t", "progress": 1}},
        {"jsonrpc": "2.0", "id": "eleven", "method": "tools/call",
         "params": {"name": "find_entities", "arguments": {"query": "orders"}}},
        {"jsonrpc": "2.0", "id": 12, "method": "tools/call", "params": {}}
    ]));
    let reply = raw.next();
    let answers = reply
        .as_array()
        .unwrap_or_else(|| panic!("not a batch: {reply}"));
    assert_eq!(answers.len(), 3, "{reply}");
    let by_id = |id: Value| answers.iter().find(|a| a["id"] == id).unwrap();
    assert!(by_id(json!(10))["result"]["tools"].is_array());
    assert_eq!(
        by_id(json!("eleven"))["result"]["structuredContent"]["total"],
        1
    );
    assert_eq!(code(by_id(json!(12))), -32602);
    raw.close();
}

#[test]
fn under_2024_11_05_tools_have_no_annotations_output_schemas_or_structured_content() {
    let dir = tempdir();
    let memory = dir.path().join("context.json");
    write_memory(&memory);
    let mut raw = Raw::start(&memory, &[]);
    assert_eq!(
        raw.initialize("2024-11-05")["result"]["protocolVersion"],
        "2024-11-05"
    );
    let tools = raw.ask(2, "tools/list", json!({}));
    for t in tools["result"]["tools"].as_array().unwrap() {
        for key in ["annotations", "outputSchema", "title"] {
            assert!(t.get(key).is_none(), "{key} in {t}");
        }
        assert!(t["inputSchema"].is_object());
    }
    let call = raw.ask(
        3,
        "tools/call",
        json!({"name": "find_entities", "arguments": {"query": "orders"}}),
    );
    assert!(call["result"].get("structuredContent").is_none(), "{call}");
    let resources = raw.ask(4, "resources/list", json!({}));
    assert!(
        resources["result"]["resources"][0].get("title").is_none(),
        "{resources}"
    );
    let text = call["result"]["content"][0]["text"].as_str().unwrap();
    assert_eq!(serde_json::from_str::<Value>(text).unwrap()["total"], 1);
    raw.close();
}

#[test]
fn a_subscriber_hears_when_another_process_changes_the_graph() {
    let dir = tempdir();
    let memory = dir.path().join("context.json");
    write_memory(&memory);
    let mut raw = Raw::start(&memory, &[]);
    let init = raw.initialize("2025-06-18");
    assert_eq!(
        init["result"]["capabilities"]["resources"],
        json!({"subscribe": true, "listChanged": true})
    );
    let reply = raw.ask(
        2,
        "resources/subscribe",
        json!({"uri": "memory://knowledge-graph"}),
    );
    assert_eq!(reply["result"], json!({}), "{reply}");
    let reply = raw.ask(3, "resources/subscribe", json!({"uri": "memory://nothing"}));
    assert_eq!(code(&reply), -32002, "{reply}");
    // Another process saves the file.
    let (file, mut m) = archie::memory::MemoryFile::open(&memory).unwrap();
    m.upsert_entity(archie::memory::Entity::new("Payments Gateway", "service"));
    file.save(&m).unwrap();
    let note = raw.next();
    assert_eq!(note["method"], "notifications/resources/updated", "{note}");
    assert_eq!(note["params"]["uri"], "memory://knowledge-graph");
    // A search session appears: the graph changed, and so did the list of resources.
    let (file, mut m) = archie::memory::MemoryFile::open(&memory).unwrap();
    archie::memory::session::put(&mut m, "s-1", &Default::default());
    file.save(&m).unwrap();
    let mut methods = vec![
        raw.next()["method"].as_str().unwrap().to_string(),
        raw.next()["method"].as_str().unwrap().to_string(),
    ];
    methods.sort();
    assert_eq!(
        methods,
        [
            "notifications/resources/list_changed",
            "notifications/resources/updated"
        ]
    );
    let list = raw.ask(4, "resources/list", json!({}));
    let uris: Vec<&str> = list["result"]["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["uri"].as_str().unwrap())
        .collect();
    assert_eq!(uris, ["memory://knowledge-graph", "memory://session/s-1"]);
    raw.close();
}

#[test]
fn the_instructions_name_only_the_tools_on_offer() {
    let dir = tempdir();
    let memory = dir.path().join("context.json");
    write_memory(&memory);
    let docs = dir.path().join("docs");
    std::fs::create_dir(&docs).unwrap();
    std::fs::write(docs.join("a.md"), "Orders DB is Postgres.\n").unwrap();
    let instructions = |extra: &[&str]| {
        let mut raw = Raw::start(&memory, extra);
        let init = raw.initialize("2025-06-18");
        let tools = raw.ask(2, "tools/list", json!({}));
        raw.close();
        let names: Vec<String> = tools["result"]["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect();
        (
            init["result"]["instructions"].as_str().unwrap().to_string(),
            names,
        )
    };
    for extra in [&["--read-only"][..], &[], &["-i", docs.to_str().unwrap()]] {
        let (text, names) = instructions(extra);
        let named: Vec<&str> = text
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .filter(|w| (w.contains('_') && !w.starts_with('_')) || *w == "analyze")
            .collect();
        assert!(!named.is_empty(), "{text}");
        for tool in &named {
            assert!(
                names.iter().any(|n| n == tool),
                "{extra:?}: {tool} is not offered: {text}"
            );
        }
        for name in &names {
            assert!(
                named.contains(&name.as_str()),
                "{extra:?}: {name} is not named: {text}"
            );
        }
    }
}

#[test]
fn a_write_cancelled_while_it_waits_for_the_lock_never_lands() {
    let dir = tempdir();
    let memory = dir.path().join("context.json");
    write_memory(&memory);
    let (file, _) = archie::memory::MemoryFile::open(&memory).unwrap();
    // Another writer holds the memory file's lock.
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(file.lock_path())
        .unwrap();
    lock.lock().unwrap();
    let mut raw = Raw::start(&memory, &[]);
    raw.initialize("2025-06-18");
    raw.send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "add_entities", "arguments": {"entities": [{"name": "Cancelled"}]}}}));
    raw.send(
        json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
        "params": {"requestId": 2, "reason": "the user pressed Esc"}}),
    );
    // The server goes on serving; the cancelled request gets no answer.
    let reply = raw.ask(3, "tools/list", json!({}));
    assert_eq!(reply["id"], 3, "{reply}");
    lock.unlock().unwrap();
    raw.stderr_shows("a cancelled call ended without writing");
    let reply = raw.ask(
        4,
        "tools/call",
        json!({"name": "add_entities", "arguments": {"entities": [{"name": "After"}]}}),
    );
    assert_eq!(reply["id"], 4, "{reply}");
    raw.close();
    let (_, m) = archie::memory::MemoryFile::open(&memory).unwrap();
    assert!(m.entity("After").is_some());
    assert!(m.entity("Cancelled").is_none());
}

/// What an agent configured for `@modelcontextprotocol/server-memory` sends, in order,
/// with what that server answers (its structured results).
fn server_memory_script() -> Vec<(&'static str, Value, Value)> {
    let ok = |message: &str| json!({"success": true, "message": message});
    vec![
        (
            "create_entities",
            json!({"entities": [
                {"name": "Alice", "entityType": "person", "observations": ["likes tea"]},
                {"name": "Acme", "entityType": "organization", "observations": []}]}),
            json!({"entities": [
                {"name": "Alice", "entityType": "person", "observations": ["likes tea"]},
                {"name": "Acme", "entityType": "organization", "observations": []}]}),
        ),
        (
            "create_entities",
            json!({"entities": [
                {"name": "Alice", "entityType": "person", "observations": ["likes tea"]},
                {"name": "Bob", "entityType": "person", "observations": ["plays chess"]}]}),
            json!({"entities": [
                {"name": "Bob", "entityType": "person", "observations": ["plays chess"]}]}),
        ),
        (
            "create_relations",
            json!({"relations": [
                {"from": "Alice", "to": "Acme", "relationType": "works_at"},
                {"from": "Bob", "to": "Acme", "relationType": "works_at"}]}),
            json!({"relations": [
                {"from": "Alice", "to": "Acme", "relationType": "works_at"},
                {"from": "Bob", "to": "Acme", "relationType": "works_at"}]}),
        ),
        (
            "create_relations",
            json!({"relations": [{"from": "Alice", "to": "Acme", "relationType": "works_at"}]}),
            json!({"relations": []}),
        ),
        (
            "add_observations",
            json!({"observations": [{"entityName": "Alice", "contents": ["speaks French", "likes tea"]}]}),
            json!({"results": [{"entityName": "Alice", "addedObservations": ["speaks French"]}]}),
        ),
        (
            "search_nodes",
            json!({"query": "french"}),
            json!({"entities": [
                {"name": "Alice", "entityType": "person", "observations": ["likes tea", "speaks French"]}],
                "relations": [{"from": "Alice", "to": "Acme", "relationType": "works_at"}]}),
        ),
        (
            "open_nodes",
            json!({"names": ["Bob"]}),
            json!({"entities": [
                {"name": "Bob", "entityType": "person", "observations": ["plays chess"]}],
                "relations": [{"from": "Bob", "to": "Acme", "relationType": "works_at"}]}),
        ),
        (
            "delete_observations",
            json!({"deletions": [{"entityName": "Alice", "observations": ["likes tea"]}]}),
            ok("Observations deleted successfully"),
        ),
        (
            "delete_relations",
            json!({"relations": [{"from": "Bob", "to": "Acme", "relationType": "works_at"}]}),
            ok("Relations deleted successfully"),
        ),
        (
            "delete_entities",
            json!({"entityNames": ["Bob"]}),
            ok("Entities deleted successfully"),
        ),
        (
            "read_graph",
            json!({}),
            json!({"entities": [
                {"name": "Alice", "entityType": "person", "observations": ["speaks French"]},
                {"name": "Acme", "entityType": "organization", "observations": []}],
                "relations": [{"from": "Alice", "to": "Acme", "relationType": "works_at"}]}),
        ),
    ]
}

/// `got` as far as the reference server's shape goes (archie may say more), with lists
/// of entities and relations in one order.
fn as_server_memory(got: &Value, expected: &Value) -> Value {
    let mut out = serde_json::Map::new();
    for (key, want) in expected.as_object().unwrap() {
        let mut value = got[key].clone();
        if let (Value::Array(items), Some(first)) = (&mut value, want.get(0))
            && first.is_object()
        {
            for item in items.iter_mut() {
                *item = as_server_memory(item, first);
            }
        }
        // Entities and relations in one order; observations keep theirs.
        if let Value::Array(items) = &mut value
            && items.iter().all(Value::is_object)
        {
            items.sort_by_key(|i| i.to_string());
        }
        out.insert(key.clone(), value);
    }
    Value::Object(out)
}

fn sorted(v: &Value) -> Value {
    as_server_memory(v, v)
}

/// The text blocks of a result as an agent reads them: a block that is JSON parsed
/// (lists of objects in one order), any other as its exact text.
fn text_blocks(out: &archie::mcp::ToolOutput) -> Vec<Value> {
    out.content
        .iter()
        .map(|part| match part {
            archie::mcp::Part::Text { text } => match serde_json::from_str::<Value>(text) {
                Ok(Value::Array(mut items)) => {
                    items.sort_by_key(|i| i.to_string());
                    Value::Array(items)
                }
                Ok(other) => sorted(&other),
                Err(_) => Value::String(text.clone()),
            },
            other => panic!("not a text block: {other:?}"),
        })
        .collect()
}

/// Each call's structured result (as far as the reference server's shape goes) and its
/// text blocks.
async fn run_script(server: &archie::mcp::Connected) -> Vec<(Value, Vec<Value>)> {
    let mut results = Vec::new();
    for (tool, arguments, expected) in server_memory_script() {
        let out = server.call_tool(tool, args(arguments)).await.unwrap();
        assert!(!out.is_error, "{tool}: {}", out.to_text());
        let text = text_blocks(&out);
        results.push((as_server_memory(&out.structured.unwrap(), &expected), text));
    }
    results
}

/// The write tools go through the one merge path: types and relationship words come
/// back, and are stored, in the identity vocabulary, as extraction's would (a passive
/// word turned round, a note in parentheses set aside).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_write_tools_answer_in_the_identity_vocabulary() {
    let dir = tempdir();
    let memory = dir.path().join("memory.json");
    let archie = connect(&[spec("archie", &memory)]).await.remove(0);
    let created = archie
        .call_tool(
            "create_entities",
            args(json!({"entities": [
                {"name": "Stripe", "entityType": "ExternalApi", "observations": []},
                {"name": "Orders DB (PostgreSQL)", "entityType": "PostgreSQL database", "observations": []},
                {"name": "Order Service", "entityType": "backend service", "observations": []},
                {"name": "order-service", "entityType": "service", "observations": []}]})),
        )
        .await
        .unwrap();
    assert!(!created.is_error, "{}", created.to_text());
    assert_eq!(
        sorted(&json!({"v": text_blocks(&created)[0]})),
        sorted(&json!({"v": [
            {"name": "Stripe", "entityType": "external_system", "observations": []},
            {"name": "Orders DB", "entityType": "database", "observations": []},
            {"name": "Order Service", "entityType": "service", "observations": []}]}))
    );
    let related = archie
        .call_tool(
            "create_relations",
            args(json!({"relations": [
                {"from": "Orders DB", "to": "order-service", "relationType": "is written to by"},
                {"from": "OrderService", "to": "Stripe", "relationType": "Sends Requests To"}]})),
        )
        .await
        .unwrap();
    let added = archie
        .call_tool(
            "add_relationships",
            args(json!({"relationships": [
                {"from": "Stripe", "to": "order_service", "type": "is called by"}]})),
        )
        .await
        .unwrap();
    archie.close().await;
    assert!(!related.is_error, "{}", related.to_text());
    assert_eq!(
        sorted(&json!({"v": text_blocks(&related)[0]})),
        sorted(&json!({"v": [
            {"from": "Order Service", "to": "Orders DB", "relationType": "writes_to"},
            {"from": "Order Service", "to": "Stripe", "relationType": "calls"}]}))
    );
    // The same call again in the other voice: nothing new.
    assert_eq!(added.structured.unwrap()["unchanged"], 1);
    let (_, m) = archie::memory::MemoryFile::open(&memory).unwrap();
    assert_eq!(m.entities().len(), 3);
    assert_eq!(m.relationships().len(), 2);
    assert_eq!(
        m.entity("Orders DB").unwrap().properties["technology"],
        json!("PostgreSQL")
    );
}

/// `create_entities` with a name archie takes for an entity that exists: server-memory's
/// agent reads the bare array of what was new (nothing), and a second block says what the
/// merge did.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_entities_says_when_it_merged_into_an_entity_that_exists() {
    let dir = tempdir();
    let memory = dir.path().join("memory.json");
    let archie = connect(&[spec("archie", &memory)]).await.remove(0);
    let create = |entities: Value| args(json!({ "entities": entities }));
    archie
        .call_tool(
            "create_entities",
            create(
                json!([{"name": "Alice", "entityType": "person", "observations": ["likes tea"]}]),
            ),
        )
        .await
        .unwrap();
    // The same entity again, as it is: skipped without a word, as server-memory does.
    let same = archie
        .call_tool(
            "create_entities",
            create(
                json!([{"name": "Alice", "entityType": "person", "observations": ["likes tea"]}]),
            ),
        )
        .await
        .unwrap();
    assert_eq!(text_blocks(&same), vec![json!([])]);
    let out = archie
        .call_tool(
            "create_entities",
            create(json!([
                {"name": "alice ", "entityType": "user", "observations": ["plays chess"]},
                {"name": "Bob", "entityType": "person", "observations": []}])),
        )
        .await
        .unwrap();
    archie.close().await;
    assert!(!out.is_error, "{}", out.to_text());
    let blocks = text_blocks(&out);
    assert_eq!(blocks.len(), 2, "{blocks:?}");
    assert_eq!(
        blocks[0],
        json!([{"name": "Bob", "entityType": "person", "observations": []}])
    );
    let said = blocks[1].as_str().unwrap();
    assert!(said.contains("\"alice \" into \"Alice\""), "{said}");
    assert!(said.contains("1 observation added"), "{said}");
    let structured = out.structured.unwrap();
    let merged = &structured["merged"][0];
    assert_eq!(
        (merged["name"].clone(), merged["into"].clone()),
        (json!("alice "), json!("Alice"))
    );
    // Whatever the merge rules decide of the type, the answer says what it became.
    let (_, m) = archie::memory::MemoryFile::open(&memory).unwrap();
    let kind = m.entity("Alice").unwrap().kind.clone();
    if kind != "person" {
        assert!(said.contains(&format!("became \"{kind}\"")), "{said}");
    }
}

/// An agent's unchanged calls to server-memory work against `archie mcp`, and answer
/// what server-memory answers. With `.ci/mcp-setup.sh` run, the same calls go to the
/// real server-memory too, and both agree.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_memory_calls_work_unchanged_against_archie_mcp() {
    let dir = tempdir();
    let memory = dir.path().join("memory.json");
    let archie = connect(&[spec("archie", &memory)]).await.remove(0);
    let got = run_script(&archie).await;
    archie.close().await;
    for ((tool, _, expected), (got, text)) in server_memory_script().iter().zip(&got) {
        assert_eq!(got, &sorted(expected), "{tool}");
        // The text block: the create tools' bare array, the delete tools' one sentence,
        // the read tools' graph.
        let want = match *tool {
            "create_entities" => expected["entities"].clone(),
            "create_relations" => expected["relations"].clone(),
            "add_observations" => expected["results"].clone(),
            t if t.starts_with("delete_") => expected["message"].clone(),
            _ => sorted(expected),
        };
        assert_eq!(
            text,
            &vec![sorted(&json!({"v": want}))["v"].clone()],
            "{tool}"
        );
    }
    // archie's own tools read what the reference server's names wrote.
    let (_, m) = archie::memory::MemoryFile::open(&memory).unwrap();
    assert_eq!(
        m.entity("alice").unwrap().properties["observations"],
        json!(["speaks French"])
    );
    let Some(cache) = cache() else { return };
    let reference = ServerSpec {
        name: "memory".into(),
        transport: Transport::Stdio {
            command: cache
                .join("npm/node_modules/.bin/mcp-server-memory")
                .display()
                .to_string(),
            args: Vec::new(),
            env: [(
                "MEMORY_FILE_PATH".to_string(),
                dir.path().join("memory.jsonl").display().to_string(),
            )]
            .into(),
            cwd: None,
        },
        ..spec("memory", &memory)
    };
    let server = connect(&[reference]).await.remove(0);
    let theirs = run_script(&server).await;
    server.close().await;
    assert_eq!(got, theirs);
}

/// 2026-07-28 without a handshake: `server/discover`, the context in every request's
/// `_meta`, `resultType` and caching hints on results, the removed methods unknown.
#[test]
fn under_2026_07_28_every_request_carries_its_context_and_results_their_type() {
    let dir = tempdir();
    let memory = dir.path().join("context.json");
    write_memory(&memory);
    let mut raw = Raw::start(&memory, &[]);
    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                      "io.modelcontextprotocol/clientCapabilities": {}});
    let with_meta = |mut params: Value| {
        params["_meta"] = meta.clone();
        params
    };
    let reply = raw.ask(1, "server/discover", json!({}));
    assert_eq!(code(&reply), -32602, "{reply}");
    let discover = raw.ask(2, "server/discover", with_meta(json!({})));
    let versions = discover["result"]["supportedVersions"].as_array().unwrap();
    assert!(versions.contains(&json!("2026-07-28")), "{discover}");
    assert!(versions.contains(&json!("2024-11-05")), "{discover}");
    assert_eq!(discover["result"]["resultType"], "complete");
    let tools = raw.ask(3, "tools/list", with_meta(json!({})));
    assert_eq!(tools["result"]["resultType"], "complete", "{tools}");
    assert!(tools["result"]["ttlMs"].is_u64() && tools["result"]["cacheScope"].is_string());
    let call = raw.ask(
        4,
        "tools/call",
        with_meta(json!({"name": "find_entities", "arguments": {"query": "orders"}})),
    );
    assert_eq!(call["result"]["resultType"], "complete", "{call}");
    assert_eq!(call["result"]["structuredContent"]["total"], 1);
    let read = raw.ask(
        5,
        "resources/read",
        with_meta(json!({"uri": "memory://knowledge-graph"})),
    );
    assert_eq!(read["result"]["resultType"], "complete", "{read}");
    // Unknown resources are invalid params in this revision.
    let reply = raw.ask(
        6,
        "resources/read",
        with_meta(json!({"uri": "memory://session/s-none"})),
    );
    assert_eq!(code(&reply), -32602, "{reply}");
    // ping and resources/subscribe are gone from this revision.
    let reply = raw.ask(7, "ping", with_meta(json!({})));
    assert_eq!(code(&reply), -32601, "{reply}");
    let reply = raw.ask(
        8,
        "resources/subscribe",
        with_meta(json!({"uri": "memory://knowledge-graph"})),
    );
    assert_eq!(code(&reply), -32601, "{reply}");
    raw.close();
}

/// Another process holds the memory file longer than a write waits: the write answers
/// an error the agent reads and can retry, and the server goes on.
#[test]
fn a_write_that_waits_too_long_for_the_lock_is_an_error_to_retry() {
    let dir = tempdir();
    let memory = dir.path().join("context.json");
    write_memory(&memory);
    let (file, _) = archie::memory::MemoryFile::open(&memory).unwrap();
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(file.lock_path())
        .unwrap();
    lock.lock().unwrap();
    let mut raw = Raw::start(&memory, &["--lock-wait", "0.2"]);
    raw.initialize("2025-06-18");
    let add = json!({"name": "add_entities", "arguments": {"entities": [{"name": "Ledger"}]}});
    let reply = raw.ask(2, "tools/call", add.clone());
    assert_eq!(reply["result"]["isError"], true, "{reply}");
    let text = reply["result"]["content"][0]["text"].as_str().unwrap();
    assert!(
        text.contains("being saved by another process") && text.contains("try the call again"),
        "{text}"
    );
    lock.unlock().unwrap();
    let reply = raw.ask(3, "tools/call", add);
    assert_eq!(reply["result"]["isError"], false, "{reply}");
    raw.close();
    let (_, m) = archie::memory::MemoryFile::open(&memory).unwrap();
    assert!(m.entity("Ledger").is_some());
}

/// The MCP conformance suite's server scenarios that apply to archie, against `archie
/// mcp` (reached over HTTP through `tests/it/conformance_bridge.py`, since the suite
/// speaks only Streamable HTTP). The suite's other server scenarios test the fixtures of
/// its own reference server (tools such as `test_simple_text`, resources such as
/// `test://static-text`) or capabilities archie does not declare (prompts, completions,
/// logging), which archie rightly answers with -32601 or -32002; the HTTP transport ones
/// (SSE polling, DNS rebinding) are the bridge's, not archie's.
#[test]
fn the_conformance_suites_server_scenarios_that_apply_pass_against_archie_mcp() {
    let Some(cache) = cache() else { return };
    let suite = cache.join("npm/node_modules/.bin/conformance");
    if !suite.exists() {
        crate::support::other_side::missing(&format!(
            "the MCP conformance suite is not installed in {} (run `bash .ci/mcp-setup.sh`)",
            cache.display()
        ));
        return;
    }
    let dir = tempdir();
    let memory = dir.path().join("context.json");
    write_memory(&memory);
    let mut bridge = Command::new("python3")
        .arg(repo().join("tests/it/conformance_bridge.py"))
        .arg(archie_bin())
        .arg("--memory-file")
        .arg(&memory)
        .arg("mcp")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the bridge");
    let mut port = String::new();
    BufReader::new(bridge.stdout.take().unwrap())
        .read_line(&mut port)
        .unwrap();
    let url = format!("http://127.0.0.1:{}/mcp", port.trim());
    let mut failures = Vec::new();
    for scenario in ["server-initialize", "ping", "tools-list", "resources-list"] {
        let out_dir = dir.path().join(format!("results-{scenario}"));
        let out = Command::new(&suite)
            .env("NO_COLOR", "1")
            .args(["server", "--url", &url, "--scenario", scenario, "-o"])
            .arg(&out_dir)
            .output()
            .expect("run the conformance suite");
        let checks = crate::search::walk_json(&out_dir, "checks.json");
        let failed: Vec<&Value> = checks
            .iter()
            .filter(|c| matches!(c["status"].as_str(), Some("FAILURE") | Some("WARNING")))
            .collect();
        let passed = checks.iter().any(|c| c["status"] == "SUCCESS");
        if !out.status.success() || !failed.is_empty() || !passed {
            failures.push(format!(
                "{scenario}: {failed:#?}\n{}",
                String::from_utf8_lossy(&out.stdout)
            ));
        }
    }
    let _ = bridge.kill();
    let _ = bridge.wait();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
