//! archie's flows for other agents: `build_context` and `analyze` as tools of
//! `archie mcp`, driven by the official Python MCP client (`mcp_flows_client.py`)
//! against the real binary and the mock LLM.

use crate::flows::{TURN_1, is_extraction, scripted_env, scripted_model};
use crate::paid::{extractions, wait_for};
use crate::support::TestEnv;
use crate::support::mcp_servers::{cache, repo};
use serde_json::Value;

/// Runs a scenario of `mcp_flows_client.py` in `env`'s folder; `None` when the MCP test
/// cache is not installed (`.ci/mcp-setup.sh`).
fn client(env: &TestEnv, scenario: &str) -> Option<Value> {
    client_with(env, scenario, &[])
}

fn client_with(env: &TestEnv, scenario: &str, extra: &[&str]) -> Option<Value> {
    let cache = cache()?;
    let python = cache.join("venv/bin/python");
    let script = repo().join("tests/it/mcp_flows_client.py");
    let mut args = vec![
        script.to_str().unwrap(),
        crate::support::archie_bin().to_str().unwrap(),
        scenario,
    ];
    args.extend(extra);
    let ran = env.run_program(python.to_str().unwrap(), &args);
    assert_eq!(ran.code, 0, "{scenario}: {}\n{}", ran.stderr, ran.stdout);
    Some(serde_json::from_str(&ran.stdout).unwrap())
}

/// Starts a scenario of `mcp_flows_client.py` and does not wait: for a test that acts
/// while it runs (its report: [`report_of`]). `None` without the MCP test cache.
fn spawn_client(env: &TestEnv, scenario: &str) -> Option<std::process::Child> {
    let cache = cache()?;
    let script = repo().join("tests/it/mcp_flows_client.py");
    let child = env
        .process(cache.join("venv/bin/python"))
        .arg(script)
        .arg(crate::support::archie_bin())
        .arg(scenario)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start the client");
    Some(child)
}

#[track_caller]
fn report_of(child: std::process::Child, scenario: &str) -> Value {
    let out = child.wait_with_output().expect("the client ran");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{scenario}: {stderr}\n{stdout}");
    serde_json::from_str(&stdout).unwrap()
}

fn run_ids(env: &TestEnv) -> Value {
    let listed = env.ok(&["--json", "runs", "list"]);
    listed.event("data").unwrap()["value"].clone()
}

/// The run a task id names (`RUN-…`).
fn run_of(task: &str) -> &str {
    task.split_once('-')
        .unwrap_or_else(|| panic!("task id {task} names no run"))
        .0
}

/// The run `id` as `archie runs list` shows it; fails if it is not there.
fn recorded_run(env: &TestEnv, id: &str) -> Value {
    let runs = run_ids(env);
    runs.as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == id)
        .unwrap_or_else(|| panic!("run {id} not in {runs}"))
        .clone()
}

#[test]
fn build_context_over_mcp_is_a_recorded_run_that_grows_the_memory_and_reports_progress() {
    let env = scripted_env(2);
    let Some(report) = client(&env, "build_context") else {
        return;
    };
    assert_eq!(report["protocol_version"], "2026-07-28");
    assert_eq!(report["annotations"]["build_context"]["read_only"], false);
    assert_eq!(report["is_error"], false, "{report}");
    let result = &report["result"];
    assert_eq!(result["status"], "completed", "{report}");
    let run = result["run"].as_str().unwrap();
    assert!(
        result["memory"]["entities_added"].as_u64().unwrap() >= 2,
        "{report}"
    );
    let files = result["files"].as_array().unwrap();
    assert!(
        files
            .iter()
            .any(|f| f["path"].as_str().unwrap().ends_with("shop_context.md")),
        "{report}"
    );
    // Written where the terminal command writes it, the memory grown in the same file.
    assert!(env.read("shop_context.md").contains("Checkout Service"));
    assert!(env.read("context.json").contains("Payments DB"));
    // Progress: one notification per step, rising.
    let progress: Vec<f64> = report["progress"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["progress"].as_f64().unwrap())
        .collect();
    assert!(progress.len() >= 3, "{report}");
    assert!(progress.windows(2).all(|w| w[0] < w[1]), "{progress:?}");
    // The run is recorded as the terminal's would be.
    let recorded = recorded_run(&env, run);
    assert_eq!(recorded["status"], "completed", "{recorded}");
    // Recorded with the command line the terminal would have typed: resumable there.
    let mut args = recorded["args"].as_array().unwrap().iter();
    assert!(args.any(|a| a == "build-context"), "{recorded}");
}

#[test]
fn analyze_over_mcp_asks_its_question_through_the_clients_elicitation() {
    let env = scripted_env(2);
    let Some(report) = client(&env, "elicit") else {
        return;
    };
    assert_eq!(report["protocol_version"], "2025-11-25");
    elicited(&env, &report);
}

/// Under 2026-07-28 the same questions are input-required rounds, which the SDK puts to
/// the same elicitation handler.
#[test]
fn analyze_over_mcp_2026_asks_its_question_in_input_required_rounds() {
    let env = scripted_env(2);
    let Some(report) = client_with(&env, "elicit", &["auto"]) else {
        return;
    };
    assert_eq!(report["protocol_version"], "2026-07-28");
    elicited(&env, &report);
    // One run, continued round by round.
    let runs = run_ids(&env);
    assert_eq!(runs.as_array().unwrap().len(), 1, "{runs}");
}

fn elicited(env: &TestEnv, report: &Value) {
    let asked = report["asked"].as_array().unwrap();
    assert_eq!(asked.len(), 2, "{report}");
    assert!(
        asked[0]["message"].as_str().unwrap().contains(TURN_1),
        "{report}"
    );
    assert_eq!(
        asked[0]["schema"]["properties"]["choice"]["enum"],
        serde_json::json!(["answer", "approve", "abort"])
    );
    let result = &report["result"];
    assert_eq!(result["status"], "completed", "{report}");
    let analysis = env.read("analysis_result.md");
    assert!(analysis.contains("**You:** It fails fast."), "{analysis}");
    assert!(analysis.contains("## Open questions"), "{analysis}");
}

#[test]
fn analyze_through_a_client_without_elicitation_is_continued_with_its_run_id() {
    let env = scripted_env(2);
    let Some(report) = client(&env, "continue") else {
        return;
    };
    let first = &report["first"];
    assert_eq!(first["status"], "waiting", "{report}");
    assert!(
        first["question"]["question"]
            .as_str()
            .unwrap()
            .contains(TURN_1),
        "{report}"
    );
    let run = first["run"].as_str().unwrap();
    assert!(first["next"].as_str().unwrap().contains(run), "{report}");
    assert_eq!(report["second"]["status"], "waiting", "{report}");
    // The answer reached the model: its next turn is the follow-up question.
    assert!(
        report["second"]["question"]["question"]
            .as_str()
            .unwrap()
            .contains("99.9 %"),
        "{report}"
    );
    assert_eq!(report["second"]["run"], run);
    let third = &report["third"];
    assert_eq!(third["status"], "completed", "{report}");
    assert_eq!(third["run"], run);
    let analysis = env.read("analysis_result.md");
    assert!(analysis.contains("**You:** It fails fast."), "{analysis}");
    let runs = run_ids(&env);
    assert_eq!(
        runs.as_array().unwrap().len(),
        1,
        "one run, continued: {runs}"
    );
}

#[test]
fn build_context_as_a_task_is_polled_to_completed_and_its_task_id_names_its_run() {
    let env = scripted_env(2);
    let Some(report) = client(&env, "task") else {
        return;
    };
    assert_eq!(report["capabilities_tasks"], true, "{report}");
    assert_eq!(report["execution"]["build_context"], "optional", "{report}");
    assert_eq!(report["execution"]["analyze"], "optional", "{report}");
    let handle = &report["handle"];
    let id = handle["taskId"].as_str().unwrap();
    assert_eq!(handle["ttl"], 600000, "{report}");
    let statuses = report["statuses"].as_array().unwrap();
    assert_eq!(statuses.last().unwrap(), "completed", "{report}");
    let result = &report["result"];
    assert_eq!(result["status"], "completed", "{report}");
    assert_eq!(result["run"], run_of(id), "the task id names its run");
    assert_eq!(report["related"]["taskId"], id, "{report}");
    assert!(
        result["memory"]["entities_added"].as_u64().unwrap() >= 2,
        "{report}"
    );
    assert!(env.read("shop_context.md").contains("Checkout Service"));
    let recorded = recorded_run(&env, run_of(id));
    assert_eq!(recorded["status"], "completed", "{recorded}");
    // The status change was announced (2025-11-25's notifications/tasks/status).
    let notified = report["notified"].as_array().unwrap();
    assert_eq!(
        notified.last().and_then(Value::as_str),
        Some("completed"),
        "{report}"
    );
}

/// A task is kept its TTL (asked by the client, here 300 ms) once it has ended: then it
/// is neither returned nor listed. The run stays in the run store.
#[test]
fn a_task_past_its_ttl_is_forgotten_but_its_run_stays() {
    let env = scripted_env(2);
    let Some(report) = client(&env, "ttl") else {
        return;
    };
    assert_eq!(report["handle"]["ttl"], 300, "{report}");
    let id = report["handle"]["taskId"].as_str().unwrap();
    let after = &report["after"];
    assert_eq!(after["code"], -32602, "{report}");
    assert!(
        after["error"].as_str().unwrap().contains("expired"),
        "{report}"
    );
    assert!(
        !report["listed"].as_array().unwrap().iter().any(|t| t == id),
        "{report}"
    );
    let recorded = recorded_run(&env, run_of(id));
    assert_eq!(recorded["status"], "completed", "{recorded}");
}

/// 2026-07-28's Tasks extension: a client that declares it gets a task, which it polls
/// with tasks/get until the result is inline.
#[test]
fn build_context_through_the_2026_tasks_extension_is_a_task_whose_result_tasks_get_gives() {
    let env = scripted_env(2);
    let Some(report) = client_with(&env, "ext", &["build_context"]) else {
        return;
    };
    assert_eq!(report["protocol_version"], "2026-07-28", "{report}");
    assert_eq!(report["extension_declared"], true, "{report}");
    let seen = &report["seen"];
    let handle = &seen["handle"];
    assert_eq!(handle["resultType"], "task", "{report}");
    assert_eq!(handle["status"], "working", "{report}");
    assert_eq!(handle["ttlMs"], 3_600_000, "{report}");
    let id = handle["taskId"].as_str().unwrap();
    assert_eq!(seen["final"]["status"], "completed", "{report}");
    let result = &report["result"];
    assert_eq!(result["status"], "completed", "{report}");
    assert_eq!(result["run"], run_of(id), "the task id names its run");
    assert!(env.read("shop_context.md").contains("Checkout Service"));
    assert!(
        run_ids(&env)
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["id"] == run_of(id) && r["status"] == "completed")
    );
}

/// Under the extension, analyze's questions are the task's input requests, each under a
/// key of its own, answered with tasks/update; the run goes on in the same task.
#[test]
fn analyze_through_the_2026_tasks_extension_asks_its_questions_as_the_tasks_input_requests() {
    let env = scripted_env(2);
    let Some(report) = client_with(&env, "ext", &["analyze"]) else {
        return;
    };
    let seen = &report["seen"];
    assert_eq!(
        seen["keys"],
        serde_json::json!(["question-1", "question-2"]),
        "{report}"
    );
    let statuses = seen["statuses"].as_array().unwrap();
    assert!(statuses.iter().any(|s| s == "input_required"), "{report}");
    assert_eq!(statuses.last().unwrap(), "completed", "{report}");
    assert_eq!(
        seen["update_acks"][0],
        serde_json::json!({"resultType": "complete"}),
        "{report}"
    );
    elicited(&env, &report);
    let runs = run_ids(&env);
    assert_eq!(runs.as_array().unwrap().len(), 1, "{runs}");
}

/// A task cancelled while its question is out ends cancelled; its run stays resumable.
#[test]
fn a_2026_task_cancelled_at_its_question_ends_cancelled_and_its_run_is_resumable() {
    let env = scripted_env(2);
    let Some(report) = client(&env, "ext_cancel") else {
        return;
    };
    let seen = &report["seen"];
    assert_eq!(
        seen["cancel_ack"],
        serde_json::json!({"resultType": "complete"}),
        "{report}"
    );
    assert_eq!(seen["after_cancel"]["status"], "cancelled", "{report}");
    let run = run_of(seen["handle"]["taskId"].as_str().unwrap());
    env.ok(&[
        "resume",
        run,
        "--answer",
        "It fails fast.",
        "--answer",
        "/approve",
    ]);
    assert!(
        env.read("analysis_result.md")
            .contains("**You:** It fails fast.")
    );
}

#[test]
fn a_cancelled_analyze_task_stops_and_is_resumed_from_the_terminal() {
    let env = scripted_env(2);
    // Slow enough that the cancel arrives while the run reads or extracts.
    env.mock()
        .set_latency(std::time::Duration::from_millis(1000));
    let Some(report) = client(&env, "cancel") else {
        return;
    };
    assert_eq!(report["cancelled"], "cancelled", "{report}");
    assert_eq!(report["final"], "cancelled", "{report}");
    let result = &report["result"];
    assert_eq!(result["status"], "interrupted", "{report}");
    let task = report["handle"]["taskId"].as_str().unwrap();
    let run = run_of(task);
    assert_eq!(result["run"], run);
    assert!(!env.path().join("analysis_result.md").exists());
    let recorded = recorded_run(&env, run);
    assert_eq!(recorded["status"], "interrupted", "{recorded}");
    // The task outlives its session: a new one finds it by its id.
    let again = client_with(&env, "get", &[task]).unwrap();
    assert_eq!(again["taskId"], task, "{again}");
    assert_eq!(again["status"], "cancelled", "{again}");
    // The terminal continues it from its last finished step, with the human's answers.
    env.mock().set_latency(std::time::Duration::ZERO);
    env.ok(&[
        "resume",
        run,
        "--answer",
        "It fails fast.",
        "--answer",
        "/approve",
    ]);
    let analysis = env.read("analysis_result.md");
    assert!(analysis.contains("**You:** It fails fast."), "{analysis}");
    // The run went on; the task ended cancelled and stays so (a terminal status is final).
    let done = client_with(&env, "get", &[task]).unwrap();
    assert_eq!(done["status"], "cancelled", "{done}");
    assert_eq!(recorded_run(&env, run)["status"], "completed");
}

/// A cancel does not wait for extraction to end: the run stops as Ctrl-C stops it, with
/// every answer that arrived kept, and the terminal resumes it asking only for the rest.
#[test]
fn a_cancelled_task_stops_extraction_at_once_and_its_resumed_run_asks_only_the_chunks_left() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    const DOCS: usize = 10;
    const ANSWERED: usize = 3;
    const AT_ONCE: usize = 2;
    let env = crate::support::TestEnv::with_llm();
    env.docs("docs", DOCS);
    env.write("archie.toml", format!("[llm]\nconcurrency = {AT_ONCE}\n"));
    // The first extraction requests are answered at once, the rest slowly (had the
    // cancel waited for the step, every chunk would have been asked and answered).
    let released = Arc::new(AtomicBool::new(false));
    let seen = Arc::new(AtomicUsize::new(0));
    let (free, counted) = (released.clone(), seen);
    env.mock().answer_with(move |req| {
        if is_extraction(req)
            && !free.load(Ordering::SeqCst)
            && counted.fetch_add(1, Ordering::SeqCst) >= ANSWERED
        {
            return scripted_model(req).delayed(std::time::Duration::from_secs(5));
        }
        scripted_model(req)
    });
    let Some(child) = spawn_client(&env, "cancel_extraction") else {
        return;
    };
    // With AT_ONCE in flight, a request is sent only after an answer was taken in: once
    // ANSWERED + AT_ONCE have arrived, archie has kept the ANSWERED answers.
    wait_for("the slow requests were sent", || {
        extractions(&env) >= ANSWERED + AT_ONCE
    });
    env.write("cancel-now", "");
    let report = report_of(child, "cancel_extraction");
    released.store(true, Ordering::SeqCst);
    let asked = extractions(&env);
    assert_eq!(report["cancelled"], "cancelled", "{report}");
    assert_eq!(report["final"], "cancelled", "{report}");
    assert_eq!(report["result"]["status"], "interrupted", "{report}");
    assert_eq!(
        asked,
        ANSWERED + AT_ONCE,
        "the cancel stopped extraction: no chunk was asked after it ({DOCS} in all)"
    );
    let run = run_of(report["handle"]["taskId"].as_str().unwrap());
    let recorded = recorded_run(&env, run);
    assert_eq!(recorded["status"], "interrupted", "{recorded}");
    // Resumed at the terminal: only the chunks whose answers never arrived are asked.
    let resumed = env.ok(&["resume", run]);
    assert_eq!(
        extractions(&env) - asked,
        DOCS - ANSWERED,
        "{ANSWERED} of {DOCS} chunks were answered before the cancel\n{}",
        resumed.stderr
    );
    assert!(env.read("shop_context.md").contains("Checkout Service"));
}

#[test]
fn a_run_being_asked_cannot_be_driven_by_another_client_and_a_declined_question_leaves_it_waiting()
{
    let env = scripted_env(2);
    let Some(report) = client(&env, "decline") else {
        return;
    };
    let seen = &report["seen"];
    let run = seen["run"].as_str().unwrap();
    assert_eq!(seen["status_while_asked"], "running", "{report}");
    // The terminal and a second MCP call are refused while the question is out.
    assert_eq!(seen["terminal_code"], 2, "{report}");
    assert!(
        seen["terminal_stderr"]
            .as_str()
            .unwrap()
            .contains("is being run by another archie process"),
        "{report}"
    );
    assert_eq!(seen["second"]["status"], "usage_error", "{report}");
    assert!(
        seen["second"]["error"]
            .as_str()
            .unwrap()
            .contains("is being run by another archie process"),
        "{report}"
    );
    let first = &report["first"];
    assert_eq!(
        first["status"], "waiting",
        "declined, not answered: {report}"
    );
    assert_eq!(first["run"], run);
    let later = &report["later"];
    assert_eq!(later["status"], "completed", "{report}");
    assert!(
        env.read("analysis_result.md")
            .contains("**You:** It fails fast.")
    );
}

#[test]
fn a_blocking_call_the_client_cancels_stops_its_run_resumable_from_the_terminal() {
    let env = scripted_env(2);
    // Every LLM call outlasts the client's patience.
    env.mock()
        .set_latency(std::time::Duration::from_millis(1000));
    let Some(report) = client(&env, "abandon") else {
        return;
    };
    assert!(
        report["gave_up"]
            .as_str()
            .unwrap_or_default()
            .contains("timed out"),
        "{report}"
    );
    let run = &report["run"];
    assert_eq!(run["status"], "interrupted", "{report}");
    // The step in progress when the client gave up was finished and checkpointed.
    assert!(run["step"].as_u64().unwrap() >= 1, "{report}");
    assert!(!env.path().join("shop_context.md").exists());
    env.mock().set_latency(std::time::Duration::ZERO);
    env.ok(&["resume", run["id"].as_str().unwrap()]);
    assert!(env.read("shop_context.md").contains("Checkout Service"));
}

/// A call names the session it belongs to (its `session` argument, or `_meta`
/// "dev.archie/session"): an unknown one is refused, never made; a known one gains the
/// finished run as a turn.
#[test]
fn a_call_belongs_to_a_session_that_exists_and_its_finished_run_is_a_turn_of_it() {
    let env = scripted_env(2);
    env.write(
        "context.json",
        serde_json::json!({"entities": [], "relationships": [], "sessions": {"s-1": {
            "conversation_summary": "We looked at checkout.",
            "turns": [{"query": "Who writes orders?", "answer": "The Checkout Service."}],
            "updated_ms": 1
        }}})
        .to_string(),
    );
    let Some(report) = client(&env, "session") else {
        return;
    };
    let unknown = &report["unknown"];
    assert_eq!(unknown["is_error"], true, "{report}");
    assert!(
        unknown["text"]
            .as_str()
            .unwrap()
            .contains("no session \"nope\""),
        "{report}"
    );
    let known = &report["known"];
    assert_eq!(known["status"], "completed", "{report}");
    assert_eq!(known["session"], "s-1", "{report}");
    let turns = report["session"]["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 2, "{report}");
    assert_eq!(turns[1]["query"], "build_context shop", "{report}");
    let answer = turns[1]["answer"].as_str().unwrap();
    assert!(answer.contains(known["run"].as_str().unwrap()), "{answer}");
    assert!(answer.contains("Checkout Service"), "{answer}");
    // Refused before any run: only the known session's call ran.
    let runs = run_ids(&env);
    assert_eq!(runs.as_array().unwrap().len(), 1, "{runs}");
    // The memory file still has no session "nope".
    let memory: Value = serde_json::from_str(&env.read("context.json")).unwrap();
    assert!(memory["sessions"].get("nope").is_none());
}

/// The tasks utility read on the raw wire (2025-11-25): every task-augmented call is a
/// new task whose id names its run; the progress and the questions of a task carry its
/// related-task `_meta`; a run continued by a second call is a second task, and the
/// first stays `completed` with its own result; the cursor and task-support errors.
#[test]
fn on_the_raw_wire_every_task_is_new_its_messages_name_it_and_an_ended_task_stays_ended() {
    use crate::mcp::{Raw, code};
    use serde_json::json;
    let env = scripted_env(2);
    let mut command = env.process(crate::support::archie_bin());
    command.arg("mcp");
    let mut raw = Raw::spawn(command);
    let init = raw.initialize_with("2025-11-25", json!({"elicitation": {"form": {}}}));
    assert!(
        init["result"]["capabilities"]["tasks"].is_object(),
        "{init}"
    );
    // A cursor archie never gave, and a task-augmented call of a tool without task support.
    let listed = raw.ask(2, "tasks/list", json!({"cursor": "page-2"}));
    assert_eq!((code(&listed), listed["id"].clone()), (-32602, json!(2)));
    let plain = raw.ask(
        3,
        "tools/call",
        json!({"name": "read_graph", "arguments": {}, "task": {"ttl": 60000}}),
    );
    assert_eq!((code(&plain), plain["id"].clone()), (-32601, json!(3)));

    // The first call: its questions come as elicitation/create; the first is answered,
    // the second declined, so the run waits and the task completes with the question.
    let call = |id: u64, arguments: Value| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
            "name": "analyze", "arguments": arguments, "task": {"ttl": 600000},
            "_meta": {"progressToken": format!("p{id}")}}})
    };
    raw.send(call(
        4,
        json!({"query": "Can checkout survive?", "inputs": ["docs"]}),
    ));
    let mut seen = Vec::new();
    let mut questions = 0;
    // Reads until the answer to `id`, answering the questions on the way (the first with
    // an answer, the next declined); every other message is kept in `seen`.
    let mut until = |raw: &mut Raw, id: u64, seen: &mut Vec<Value>| loop {
        let line = raw.next();
        if line["id"] == id && line.get("method").is_none() {
            return line;
        }
        if line["method"] == "elicitation/create" {
            questions += 1;
            let answer = if questions == 1 {
                json!({"action": "accept", "content": {"choice": "answer", "answer": "It fails fast."}})
            } else {
                json!({"action": "decline"})
            };
            raw.send(json!({"jsonrpc": "2.0", "id": line["id"], "result": answer}));
        }
        seen.push(line);
    };
    let created = until(&mut raw, 4, &mut seen);
    let first = created["result"]["task"]["taskId"]
        .as_str()
        .unwrap_or_else(|| panic!("{created}"))
        .to_string();
    let run = created["result"]["_meta"]["dev.archie/run"]
        .as_str()
        .unwrap_or_else(|| panic!("{created}"))
        .to_string();
    assert_ne!(first, run, "a task id is new, not the run id");
    assert!(first.starts_with(&format!("{run}-")), "{first} names {run}");
    raw.send(json!({"jsonrpc": "2.0", "id": 5, "method": "tasks/result",
                    "params": {"taskId": first}}));
    let first_result = until(&mut raw, 5, &mut seen);
    let asked = seen
        .iter()
        .filter(|m| m["method"] == "elicitation/create")
        .count();
    assert_eq!(asked, 2, "{seen:?}");
    let belongs =
        |m: &Value| m["params"]["_meta"]["io.modelcontextprotocol/related-task"]["taskId"].clone();
    let of_task: Vec<&Value> = seen
        .iter()
        .filter(|m| {
            matches!(
                m["method"].as_str(),
                Some("elicitation/create" | "notifications/progress")
            )
        })
        .collect();
    assert!(
        of_task
            .iter()
            .filter(|m| m["method"] == "notifications/progress")
            .count()
            > 0,
        "{seen:?}"
    );
    for message in &of_task {
        assert_eq!(belongs(message), json!(first), "{message}");
    }
    let result = &first_result["result"];
    assert_eq!(
        result["structuredContent"]["status"], "waiting",
        "{first_result}"
    );
    assert_eq!(result["structuredContent"]["run"], run.as_str());
    assert_eq!(
        result["_meta"]["io.modelcontextprotocol/related-task"]["taskId"],
        first.as_str()
    );
    assert_eq!(result["_meta"]["dev.archie/run"], run.as_str());
    let before = raw.ask(6, "tasks/get", json!({"taskId": first}));
    assert_eq!(before["result"]["status"], "completed", "{before}");

    // The run continued: a second task of the same run.
    raw.send(call(7, json!({"run_id": run, "answers": ["/approve"]})));
    let mut later = Vec::new();
    let created = until(&mut raw, 7, &mut later);
    let second = created["result"]["task"]["taskId"]
        .as_str()
        .unwrap()
        .to_string();
    assert_ne!(second, first, "{created}");
    assert_eq!(created["result"]["_meta"]["dev.archie/run"], run.as_str());
    raw.send(json!({"jsonrpc": "2.0", "id": 8, "method": "tasks/result",
                    "params": {"taskId": second}}));
    let done = until(&mut raw, 8, &mut later);
    for line in later
        .iter()
        .filter(|m| m["method"] == "notifications/progress")
    {
        assert_eq!(belongs(line), json!(second), "{line}");
    }
    assert_eq!(
        done["result"]["structuredContent"]["status"], "completed",
        "{done}"
    );
    // The first task is as it ended: completed, created when it was, its result its own.
    let after = raw.ask(9, "tasks/get", json!({"taskId": first}));
    assert_eq!(
        after["result"], before["result"],
        "an ended task does not change"
    );
    let again = raw.ask(10, "tasks/result", json!({"taskId": first}));
    assert_eq!(again["result"], first_result["result"]);
    let listed = raw.ask(11, "tasks/list", json!({}));
    let ids: Vec<&str> = listed["result"]["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["taskId"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [first.as_str(), second.as_str()], "{listed}");
    raw.close();
}
