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
            "open_nodes"
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
        } else {
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
    let results = futures::future::join_all(writes).await;
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
        assert_eq!(report["call"]["entities"][0]["name"], "Orders DB");
        assert_eq!(
            report["created"],
            json!({"entities": [{"name": "Payments", "entityType": "service", "observations": ["charges cards"]}]}),
            "{mode}"
        );
        assert_eq!(
            report["graph_entities"],
            json!(["Order Service", "Orders DB", "Payments"]),
            "{mode}"
        );
    }
}
