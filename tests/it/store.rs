//! The run store through its real paths: a SQLite file in a temporary directory, written
//! by the library (runs driven by the real graph engine), read back by the library and by
//! the `archie runs` binary.

use crate::flows::{is_extraction, scripted_model};
use crate::support::{TestEnv, tempdir};
use archie::events::{Discard, Event, Events, Recorder};
use archie::flows::FlowError;
use archie::flows::echo::{self, EchoState};
use archie::graph::{
    Checkpoint, Checkpointer, Cursor, Cx, END, Graph, GraphBuilder, Next, Outcome, RunCtx,
};
use archie::graph::{NoInput, Question, Scripted};
use archie::store::{self, NewRun, RunCheckpointer, RunId, Status, Store, schema};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

// ---------------------------------------------------------------- a small chat flow

#[derive(Debug, Default, Serialize, Deserialize)]
struct Chat {
    turns: Vec<String>,
}

async fn prepare(s: &mut Chat, _cx: &mut Cx<'_, ()>) -> Result<Next, FlowError> {
    s.turns.push("prepared".into());
    Ok(Next::Continue)
}

async fn ask(s: &mut Chat, _cx: &mut Cx<'_, ()>) -> Result<Next, FlowError> {
    s.turns.push("asked".into());
    Ok(Next::Interrupt {
        question: Question::text("Which region fails over first?"),
        then: "answer",
    })
}

async fn answer(s: &mut Chat, cx: &mut Cx<'_, ()>) -> Result<Next, FlowError> {
    let answer = cx
        .answer()
        .map(|a| a.as_text().to_string())
        .unwrap_or_default();
    s.turns.push(answer);
    Ok(Next::End)
}

fn chat_graph() -> Graph<Chat, ()> {
    GraphBuilder::new("chat")
        .node("prepare", prepare)
        .node("ask", ask)
        .node("answer", answer)
        .entry("prepare")
        .edge("prepare", "ask")
        .interrupt("ask", "answer")
        .branch("answer", &[END])
        .build()
        .expect("the chat graph is valid")
}

fn new_run(dir: &Path, command: &str, args: &[&str], flow: &str) -> NewRun {
    NewRun {
        command: command.into(),
        args: args.iter().map(|a| a.to_string()).collect(),
        memory_file: dir.join("context.json"),
        flow: flow.into(),
    }
}

/// Runs the chat flow until it waits for the answer, recording it as the lead's
/// `run_flow` will: create, checkpoint every step, mark interrupted.
async fn chat_until_question(store: &Store, dir: &Path, args: &[&str]) -> RunId {
    let id = store
        .create_run(new_run(dir, "analyze", args, "chat"))
        .expect("run created");
    let graph = chat_graph();
    let checkpointer = RunCheckpointer::new(store, &id);
    let events: Events = Arc::new(Discard);
    let rc = RunCtx {
        env: &(),
        events: &events,
        prompter: &NoInput,
        checkpointer: &checkpointer,
        run_id: Some(&id),
    };
    let mut state = Chat::default();
    let outcome = graph
        .run(&mut state, graph.start(), 0, &rc)
        .await
        .expect("run");
    assert!(matches!(outcome, Outcome::Waiting { .. }), "{outcome:?}");
    store
        .set_status(&id, Status::Interrupted, None)
        .expect("status set");
    id
}

/// Runs the echo flow to its end and marks the run completed.
async fn echo_run(store: &Store, dir: &Path) -> RunId {
    let id = store
        .create_run(new_run(
            dir,
            "echo",
            &["/usr/local/bin/archie", "echo", "hello", "world"],
            "echo",
        ))
        .expect("run created");
    let graph = echo::graph().expect("echo graph");
    let checkpointer = RunCheckpointer::new(store, &id);
    let events: Events = Arc::new(Discard);
    let rc = RunCtx {
        env: &(),
        events: &events,
        prompter: &NoInput,
        checkpointer: &checkpointer,
        run_id: Some(&id),
    };
    let mut state = EchoState {
        input: "echo hello world".into(),
        response: None,
    };
    let outcome = graph
        .run(&mut state, graph.start(), 0, &rc)
        .await
        .expect("run");
    assert_eq!(outcome, Outcome::Completed);
    store
        .set_status(&id, Status::Completed, None)
        .expect("status");
    id
}

fn count(db: &Path, sql: &str) -> i64 {
    let conn = rusqlite::Connection::open(db).expect("open db");
    conn.query_row(sql, [], |row| row.get(0)).expect("count")
}

// ---------------------------------------------------------------- library

#[tokio::test]
async fn a_run_is_recorded_step_by_step_and_resumed_from_its_checkpoint() {
    let dir = tempdir();
    let state_dir = dir.path().join(".archie");
    let store = Store::open(&state_dir).unwrap();
    let id = chat_until_question(&store, dir.path(), &["archie", "analyze", "-i", "docs"]).await;
    let gitignore = std::fs::read_to_string(state_dir.join(".gitignore")).unwrap();
    assert!(gitignore.lines().any(|l| l == "*"), "{gitignore}");

    let run = store.get_run(&id).unwrap().expect("the run is recorded");
    assert_eq!(run.summary.status, Status::Interrupted);
    assert_eq!(run.summary.step, 2);
    assert_eq!(run.summary.node, "ask");
    assert_eq!(run.summary.flow, "chat");
    let steps: Vec<(u32, &str, &str)> = run
        .history
        .iter()
        .map(|s| (s.step, s.node.as_str(), s.outcome.as_str()))
        .collect();
    assert_eq!(steps, [(1, "prepare", "goto ask"), (2, "ask", "interrupt")]);
    assert_eq!(
        run.pending_question.as_ref().map(|q| q.text.as_str()),
        Some("Which region fails over first?")
    );
    assert_eq!(store.last_resumable().unwrap(), Some(id.clone()));

    // Resume as `archie resume` will: the latest checkpoint, its cursor, its step count.
    let checkpoint = store.latest_checkpoint(&id).unwrap().expect("a checkpoint");
    assert_eq!(checkpoint.step, 2);
    assert!(matches!(checkpoint.next, Cursor::Question { .. }));
    let mut state: Chat = serde_json::from_value(checkpoint.state).unwrap();
    assert_eq!(state.turns, ["prepared", "asked"]);
    let graph = chat_graph();
    let checkpointer = RunCheckpointer::new(&store, &id);
    let recorder = Recorder::new();
    let events: Events = recorder.clone();
    let answers = Scripted::new(["eu-west first".to_string()], false);
    let rc = RunCtx {
        env: &(),
        events: &events,
        prompter: &answers,
        checkpointer: &checkpointer,
        run_id: Some(&id),
    };
    let outcome = graph
        .run(&mut state, checkpoint.next, checkpoint.step, &rc)
        .await
        .unwrap();
    assert_eq!(outcome, Outcome::Completed);
    store.set_status(&id, Status::Completed, None).unwrap();
    // The timing tap passes every event through.
    assert!(
        recorder
            .events()
            .iter()
            .any(|e| matches!(e, Event::NodeFinished { node, step: 3, .. } if node == "answer"))
    );

    let run = store.get_run(&id).unwrap().unwrap();
    assert_eq!(run.summary.status, Status::Completed);
    assert_eq!(run.history.len(), 3);
    assert_eq!(run.history[2].outcome, "end");
    assert_eq!(run.pending_question, None);
    assert_eq!(run.next, Some(Cursor::Done));
    let last: Chat =
        serde_json::from_value(store.latest_checkpoint(&id).unwrap().unwrap().state).unwrap();
    assert_eq!(last.turns, ["prepared", "asked", "eu-west first"]);
    assert_eq!(store.last_resumable().unwrap(), None);
}

#[tokio::test]
async fn runs_are_listed_newest_first_with_outputs_usage_and_errors() {
    let dir = tempdir();
    let store = Store::open(dir.path()).unwrap();
    let first = echo_run(&store, dir.path()).await;
    let second = chat_until_question(&store, dir.path(), &["archie", "analyze"]).await;
    let third = store
        .create_run(new_run(
            dir.path(),
            "search",
            &["archie", "search", "x"],
            "search",
        ))
        .unwrap();

    store
        .add_output(&first, Path::new("echo.md"), "the echo")
        .unwrap();
    store
        .add_output(&first, Path::new("echo.md"), "the echo, again")
        .unwrap();
    store
        .add_output(&first, Path::new("notes.md"), "notes")
        .unwrap();
    store
        .set_usage(
            &second,
            serde_json::json!({"calls": 3, "prompt_tokens": 10, "completion_tokens": 5}),
        )
        .unwrap();
    store
        .set_status(&third, Status::Failed, Some("first failure"))
        .unwrap();
    store
        .set_status(&third, Status::Failed, Some("second failure"))
        .unwrap();

    let list = store.list_runs(10).unwrap();
    let ids: Vec<&RunId> = list.iter().map(|r| &r.id).collect();
    assert_eq!(ids, [&third, &second, &first]);
    assert_eq!(list[1].llm_calls, Some(3));
    assert_eq!(list[0].llm_calls, None);
    assert_eq!(store.list_runs(2).unwrap().len(), 2);

    let run = store.get_run(&first).unwrap().unwrap();
    let outputs: Vec<(&str, &str)> = run
        .outputs
        .iter()
        .map(|o| (o.path.as_str(), o.what.as_str()))
        .collect();
    assert_eq!(
        outputs,
        [("echo.md", "the echo, again"), ("notes.md", "notes")]
    );
    let run = store.get_run(&third).unwrap().unwrap();
    assert_eq!(run.errors, ["first failure", "second failure"]);
    assert!(run.history.is_empty());
    assert_eq!(
        store.latest_checkpoint(&third).unwrap().map(|c| c.step),
        None
    );
    // A failed run without a checkpoint has nothing to resume from.
    assert_eq!(store.last_resumable().unwrap(), Some(second));

    assert!(store.get_run("rnone").unwrap().is_none());
    for result in [
        store.set_status("rnone", Status::Failed, None),
        store.set_usage("rnone", serde_json::json!({})),
        store.add_output("rnone", Path::new("x"), "x"),
        store.latest_checkpoint("rnone").map(|_| ()),
    ] {
        let err = result.unwrap_err();
        assert!(matches!(err, store::StoreError::UnknownRun { .. }), "{err}");
        let (_, report) = crate::support::failure(err);
        assert!(report.contains("archie runs list"), "{report}");
    }
}

#[tokio::test]
async fn ctrl_c_marks_only_an_unfinished_run_interrupted() {
    let dir = tempdir();
    let store = Store::open(dir.path()).unwrap();
    let done = echo_run(&store, dir.path()).await;
    let running = store
        .create_run(new_run(dir.path(), "echo", &["archie"], "echo"))
        .unwrap();
    assert!(store.mark_interrupted(&running).unwrap());
    assert!(!store.mark_interrupted(&done).unwrap());
    assert_eq!(
        store.get_run(&running).unwrap().unwrap().summary.status,
        Status::Interrupted
    );
    assert_eq!(
        store.get_run(&done).unwrap().unwrap().summary.status,
        Status::Completed
    );
}

#[test]
fn the_llm_cache_keeps_responses_across_opens() {
    let dir = tempdir();
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.cache_get("k1").unwrap(), None);
    store.cache_put("k1", "first").unwrap();
    store.cache_put("k1", "second").unwrap();
    store.cache_put("k2", "other").unwrap();
    drop(store);
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.cache_get("k1").unwrap().as_deref(), Some("second"));
    assert_eq!(store.cache_get("k2").unwrap().as_deref(), Some("other"));
}

/// A conversation state that grows by one ~800-byte turn per step.
fn conversation(turns: usize) -> serde_json::Value {
    let turns: Vec<serde_json::Value> = (0..turns)
        .map(|i| {
            serde_json::json!({
                "role": if i % 2 == 0 { "user" } else { "assistant" },
                "text": format!("turn {i}: {}", "the checkout service calls payments synchronously; ".repeat(15)),
            })
        })
        .collect();
    serde_json::json!({ "query": "Can checkout survive a payments outage?", "turns": turns })
}

#[test]
fn only_the_latest_checkpoint_is_kept() {
    let dir = tempdir();
    let store = Store::open(dir.path()).unwrap();
    let id = store
        .create_run(new_run(dir.path(), "analyze", &["archie"], "analyze"))
        .unwrap();
    let checkpointer = RunCheckpointer::new(&store, &id);
    for step in 1..=50u32 {
        let checkpoint = Checkpoint {
            flow: "analyze".into(),
            step,
            node: "prepare".into(),
            ms: 0,
            next: Cursor::Node {
                node: "prepare".into(),
            },
            state: conversation(step as usize),
        };
        checkpointer.save(&checkpoint).unwrap();
    }
    let last_state_len = serde_json::to_string(&conversation(50)).unwrap().len();
    drop(store);

    let db = store::db_path(dir.path());
    assert_eq!(count(&db, "SELECT COUNT(*) FROM checkpoints"), 1);
    assert_eq!(count(&db, "SELECT COUNT(*) FROM steps"), 50);
    assert_eq!(count(&db, "SELECT MAX(step) FROM checkpoints"), 50);
    let store = Store::open(dir.path()).unwrap();
    let latest = store.latest_checkpoint(&id).unwrap().unwrap();
    assert_eq!(latest.state, conversation(50));
    drop(store);

    // Keeping every checkpoint would take the sum of all 50 states (about 25 times the
    // last one); keeping the latest leaves the file a small multiple of it.
    let size = std::fs::metadata(&db).unwrap().len() as usize;
    assert!(
        size < 4 * last_state_len + 64 * 1024,
        "db is {size} bytes for a last state of {last_state_len} bytes"
    );
}

#[test]
fn several_stores_on_one_directory_record_runs_at_the_same_time() {
    let env = TestEnv::new();
    let state = env.path().join("state");
    const WRITERS: usize = 4;
    const RUNS: usize = 10;
    const STEPS: u32 = 20;
    let barrier = Arc::new(Barrier::new(WRITERS + 1));
    let handles: Vec<_> = (0..WRITERS)
        .map(|w| {
            let (state, barrier, root) = (state.clone(), barrier.clone(), env.path().to_path_buf());
            std::thread::spawn(move || -> anyhow::Result<Vec<RunId>> {
                barrier.wait();
                // Each opens its own connection to a database nobody has created yet.
                let store = Store::open(&state)?;
                let mut ids = Vec::new();
                for r in 0..RUNS {
                    let id = store.create_run(new_run(
                        &root,
                        "echo",
                        &["archie", "echo", &format!("{w}-{r}")],
                        "echo",
                    ))?;
                    let checkpointer = RunCheckpointer::new(&store, &id);
                    for step in 1..=STEPS {
                        checkpointer
                            .save(&Checkpoint {
                                flow: "echo".into(),
                                step,
                                node: "echo".into(),
                                ms: 0,
                                next: Cursor::Node {
                                    node: "echo".into(),
                                },
                                state: serde_json::json!({ "writer": w, "run": r, "step": step }),
                            })
                            .map_err(anyhow::Error::from_boxed)?;
                    }
                    store.set_status(&id, Status::Completed, None)?;
                    ids.push(id);
                }
                Ok(ids)
            })
        })
        .collect();
    // Meanwhile other processes read the store being written.
    barrier.wait();
    for _ in 0..5 {
        env.ok(&["--state-dir", "state", "runs", "list"]);
    }
    let mut all = Vec::new();
    for handle in handles {
        all.extend(
            handle
                .join()
                .expect("writer thread")
                .expect("every write succeeds"),
        );
    }
    all.sort();
    all.dedup();
    assert_eq!(all.len(), WRITERS * RUNS);
    let db = store::db_path(&state);
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM runs WHERE status = 'completed'"),
        (WRITERS * RUNS) as i64
    );
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM steps"),
        (WRITERS * RUNS) as i64 * STEPS as i64
    );
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM checkpoints WHERE step = 20"),
        (WRITERS * RUNS) as i64
    );
    let conn = rusqlite::Connection::open(&db).unwrap();
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
}

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/store")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Builds a version-1 database from the shipped v1 schema and data.
fn v1_database(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    let conn = rusqlite::Connection::open(store::db_path(dir)).unwrap();
    conn.execute_batch(&fixture("v1.sql")).unwrap();
    let version: u32 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version, 1);
}

#[test]
fn a_version_1_database_is_migrated_and_keeps_its_data() {
    let dir = tempdir();
    v1_database(dir.path());

    let store = Store::open(dir.path()).unwrap();
    let failed = store
        .get_run("rv1a")
        .unwrap()
        .expect("the old run is still there");
    assert_eq!(failed.summary.status, Status::Failed);
    assert_eq!(failed.summary.command, "build-context");
    assert_eq!(
        failed.summary.args,
        ["archie", "build-context", "payments", "-i", "docs/"]
    );
    assert_eq!(
        failed.errors,
        ["step 3 (build) failed: the model returned invalid JSON"]
    );
    assert_eq!(failed.history.len(), 2);
    assert_eq!(failed.history[1].duration_ms, 6100);
    assert_eq!(failed.usage, None);
    assert!(failed.outputs.is_empty());

    let waiting = store.get_run("rv1b").unwrap().unwrap();
    assert_eq!(waiting.errors, Vec::<String>::new());
    assert_eq!(
        waiting.pending_question.map(|q| q.text),
        Some("Is the 99.9 % target end to end?".to_string())
    );
    let checkpoint = store.latest_checkpoint("rv1b").unwrap().unwrap();
    assert_eq!(
        checkpoint.state["turns"][0],
        "Can checkout survive a payments outage?"
    );
    assert_eq!(store.last_resumable().unwrap(), Some(RunId::new("rv1b")));

    // The new parts work on the migrated database.
    store
        .add_output("rv1b", Path::new("analysis_result.md"), "analysis")
        .unwrap();
    store
        .set_usage("rv1b", serde_json::json!({"calls": 1}))
        .unwrap();
    store.cache_put("k", "v").unwrap();
    assert_eq!(store.list_runs(10).unwrap().len(), 2);
    drop(store);
    let conn = rusqlite::Connection::open(store::db_path(dir.path())).unwrap();
    let version: u32 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version, schema::CURRENT_VERSION);
}

#[test]
fn secrets_never_reach_the_database_file() {
    let dir = tempdir();
    let store = Store::open(dir.path()).unwrap();
    let key = "sk-proj-Zq9XvTq7w8e1r2t3y4u5";
    let token = "hunter2-very-secret";
    let id = store
        .create_run(new_run(
            dir.path(),
            "analyze",
            &[
                "archie",
                "--api-key",
                key,
                "analyze",
                "-q",
                &format!("why does {key} fail?"),
            ],
            "analyze",
        ))
        .unwrap();
    let id2 = store
        .create_run(new_run(
            dir.path(),
            "upgrade",
            &["archie", &format!("--upgrade-token={token}"), "upgrade"],
            "upgrade",
        ))
        .unwrap();
    store
        .set_status(
            &id,
            Status::Failed,
            Some(&format!("401 from the server for key {key}")),
        )
        .unwrap();
    // A key pasted into an answer ends up in the flow's state: not on disk either.
    RunCheckpointer::new(&store, &id)
        .save(&Checkpoint {
            flow: "analyze".into(),
            step: 1,
            node: "prepare".into(),
            ms: 0,
            next: Cursor::Question {
                question: Question::text(format!("Is {key} the production key?")),
                then: "prepare".into(),
            },
            state: serde_json::json!({ "turns": [format!("use the key {key}, \"quoted\"")] }),
        })
        .unwrap();
    let checkpoint = store.latest_checkpoint(&id).unwrap().unwrap();
    assert_eq!(
        checkpoint.state["turns"][0],
        "use the key [redacted], \"quoted\""
    );
    let run = store.get_run(&id).unwrap().unwrap();
    assert_eq!(
        run.pending_question.map(|q| q.text).as_deref(),
        Some("Is [redacted] the production key?")
    );
    assert_eq!(run.summary.args[1..3], ["--api-key", "[redacted]"]);
    assert_eq!(run.summary.args[5], "why does [redacted] fail?");
    assert_eq!(run.errors, ["401 from the server for key [redacted]"]);
    assert_eq!(
        store.get_run(&id2).unwrap().unwrap().summary.args[1],
        "--upgrade-token=[redacted]"
    );
    drop(store);

    let mut bytes = Vec::new();
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        bytes.extend(std::fs::read(entry.unwrap().path()).unwrap());
    }
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("[redacted]"), "the runs are in the file");
    assert!(
        !text.contains("Zq9XvTq7w8e1r2t3y4u5"),
        "the API key reached the database"
    );
    assert!(!text.contains(token), "the token reached the database");
}

#[test]
fn prune_deletes_old_finished_runs_and_their_rows() {
    let dir = tempdir();
    let store = Store::open(dir.path()).unwrap();
    let mut ids = Vec::new();
    for status in [
        Status::Completed,
        Status::Failed,
        Status::Interrupted,
        Status::Completed,
    ] {
        let id = store
            .create_run(new_run(dir.path(), "echo", &["archie"], "echo"))
            .unwrap();
        let checkpointer = RunCheckpointer::new(&store, &id);
        for step in 1..=3 {
            checkpointer
                .save(&Checkpoint {
                    flow: "echo".into(),
                    step,
                    node: "echo".into(),
                    ms: 0,
                    next: Cursor::Node {
                        node: "echo".into(),
                    },
                    state: serde_json::json!({}),
                })
                .unwrap();
        }
        store
            .add_output(&id, Path::new("out.md"), "output")
            .unwrap();
        store.set_status(&id, status, None).unwrap();
        ids.push(id);
    }
    // The first three were last active 40 days ago; the fourth just now.
    let db = store::db_path(dir.path());
    let conn = rusqlite::Connection::open(&db).unwrap();
    let old = store::now_ms() - 40 * 86_400_000;
    for id in &ids[..3] {
        conn.execute(
            "UPDATE runs SET updated_at = ?1 WHERE id = ?2",
            rusqlite::params![old, id.as_str()],
        )
        .unwrap();
    }
    drop(conn);

    assert_eq!(store.prune(Duration::from_secs(60 * 86_400)).unwrap(), 0);
    assert_eq!(store.prune(Duration::from_secs(30 * 86_400)).unwrap(), 2);
    let left: Vec<RunId> = store
        .list_runs(10)
        .unwrap()
        .into_iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(
        left,
        [ids[3].clone(), ids[2].clone()],
        "the interrupted run and the recent one stay"
    );
    for table in ["steps", "checkpoints", "outputs"] {
        assert_eq!(
            count(&db, &format!("SELECT COUNT(DISTINCT run_id) FROM {table}")),
            2,
            "{table}"
        );
    }
}

// ---------------------------------------------------------------- the binary

struct Fixture {
    env: TestEnv,
    echo: RunId,
    waiting: RunId,
    failed: RunId,
}

/// Three runs in `DIR/.archie`: an echo that completed, an analysis waiting for an
/// answer (started with an API key on the command line), a search that failed.
async fn three_runs() -> Fixture {
    let env = TestEnv::new();
    let dir = env.path();
    let store = Store::open(&dir.join(".archie")).unwrap();
    let echo = echo_run(&store, dir).await;
    store
        .add_output(&echo, Path::new("echo.md"), "the echo")
        .unwrap();
    let waiting = chat_until_question(
        &store,
        dir,
        &[
            "/usr/bin/archie",
            "--api-key",
            "sk-test-0123456789abcdef",
            "analyze",
            "-i",
            "docs/",
            "-q",
            "Can checkout survive a payments outage?",
        ],
    )
    .await;
    store
        .set_usage(&waiting, serde_json::json!({"calls": 4, "prompt_tokens": 31420, "completion_tokens": 3880, "ms": 41000}))
        .unwrap();
    let failed = store
        .create_run(new_run(
            dir,
            "search",
            &["archie", "search", "who calls payments?"],
            "search",
        ))
        .unwrap();
    let checkpointer = RunCheckpointer::new(&store, &failed);
    checkpointer
        .save(&Checkpoint {
            flow: "search".into(),
            step: 1,
            node: "init".into(),
            ms: 0,
            next: Cursor::Node {
                node: "discover".into(),
            },
            state: serde_json::json!({}),
        })
        .unwrap();
    store
        .set_status(
            &failed,
            Status::Failed,
            Some("step 2 (discover) failed: connection refused\nis the MCP server running?"),
        )
        .unwrap();
    drop(store);
    Fixture {
        env,
        echo,
        waiting,
        failed,
    }
}

impl Fixture {
    /// archie's stdout for `args`, which must succeed, in the fixture's world.
    fn stdout(&self, args: &[&str]) -> String {
        self.env.ok(args).stdout
    }
}

fn snapshot(f: &Fixture, name: &str, text: &str) {
    // Placeholders as long as the ids, so the columns stay aligned; the usage's 41.0 s is
    // the fixture's, not a measured time.
    let text = f.env.normalize_with(
        text,
        &[
            (f.echo.as_str(), "rECHO"),
            (f.waiting.as_str(), "rWAIT"),
            (f.failed.as_str(), "rFAIL"),
            ("41.0 s", "41.0 s"),
        ],
    );
    insta::assert_snapshot!(name, text);
}

#[tokio::test]
async fn runs_list_shows_the_newest_first() {
    let f = three_runs().await;
    let text = f.stdout(&["runs", "list"]);
    snapshot(&f, "runs_list", &text);
    // `archie runs` alone lists too.
    assert_eq!(f.stdout(&["runs"]), text);
    let limited = f.stdout(&["runs", "list", "--limit", "1"]);
    assert!(
        limited.contains(f.failed.as_str()) && !limited.contains(f.echo.as_str()),
        "{limited}"
    );
    assert!(limited.contains("--limit 2"), "{limited}");
}

#[tokio::test]
async fn runs_show_tells_what_a_run_did_and_how_to_continue() {
    let f = three_runs().await;
    snapshot(
        &f,
        "runs_show_waiting",
        &f.stdout(&["runs", "show", f.waiting.as_str()]),
    );
    snapshot(
        &f,
        "runs_show_failed",
        &f.stdout(&["runs", "show", f.failed.as_str()]),
    );
    // Ids are typed any case.
    let upper = f.echo.to_uppercase();
    snapshot(
        &f,
        "runs_show_completed",
        &f.stdout(&["runs", "show", &upper]),
    );
}

#[tokio::test]
async fn runs_list_json_is_an_array_of_runs() {
    let f = three_runs().await;
    let out = f.stdout(&["--json", "runs", "list"]);
    let event: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(event["event"], "data");
    let runs = &event["value"];
    let ids: Vec<&str> = runs
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [f.failed.as_str(), f.waiting.as_str(), f.echo.as_str()]
    );
    assert_eq!(runs[1]["status"], "interrupted");
    assert_eq!(runs[1]["llm_calls"], 4);
    assert_eq!(runs[1]["args"][2], "[redacted]");

    let out = f.stdout(&["runs", "show", f.waiting.as_str(), "--json"]);
    let event: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(event["event"], "data");
    let run = &event["value"];
    assert_eq!(
        run["pending_question"]["text"],
        "Which region fails over first?"
    );
    assert_eq!(run["history"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn the_state_dir_follows_the_memory_file_or_the_override() {
    let f = three_runs().await;
    // Elsewhere in the tree there is no store: nothing is listed, nothing is created.
    std::fs::create_dir(f.env.path().join("sub")).unwrap();
    let out = f.stdout(&["--memory-file", "sub/context.json", "runs", "list"]);
    assert!(out.starts_with("no runs yet"), "{out}");
    assert!(!f.env.path().join("sub/.archie").exists());
    // --state-dir and ARCHIE_STATE_DIR point at a store anywhere.
    let state = f.env.path().join(".archie").display().to_string();
    let elsewhere = TestEnv::new();
    let ran = elsewhere.ok(&["--state-dir", &state, "runs"]);
    assert!(ran.stdout.contains(f.echo.as_str()));
    let elsewhere = elsewhere.env("ARCHIE_STATE_DIR", state);
    let ran = elsewhere.ok(&["runs", "list"]);
    assert!(ran.stdout.contains(f.echo.as_str()));
    assert!(!elsewhere.path().join(".archie").exists());
}

#[test]
fn runs_list_without_a_store_says_so_and_creates_nothing() {
    let env = TestEnv::new();
    let ran = env.ok(&["runs", "list"]);
    assert!(ran.stdout.starts_with("no runs yet"), "{}", ran.stdout);
    env.ok(&["runs", "prune", "--older-than", "1d"]);
    let ran = env.ok(&["--json", "runs"]);
    let event: serde_json::Value =
        serde_json::from_str(ran.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(event, serde_json::json!({"event": "data", "value": []}));
    assert!(
        !env.path().join(".archie").exists(),
        "a read-only command created the store"
    );
}

#[tokio::test]
async fn an_unknown_run_is_a_usage_error_with_a_hint() {
    let f = three_runs().await;
    let stderr = f.env.code(&["runs", "show", "rzzzz"], 2).stderr;
    assert!(stderr.contains("no run `rzzzz`"), "{stderr}");
    assert!(stderr.contains("archie runs list"), "{stderr}");

    let empty = TestEnv::new();
    let ran = empty.code(&["runs", "show", "r7k2"], 2);
    assert!(ran.stderr.contains("no runs are recorded yet"));
    assert!(!empty.path().join(".archie").exists());
}

#[test]
fn a_store_from_a_newer_archie_is_refused_with_exit_2() {
    let env = TestEnv::new();
    let state = env.path().join(".archie");
    drop(Store::open(&state).unwrap());
    let conn = rusqlite::Connection::open(store::db_path(&state)).unwrap();
    conn.pragma_update(None, "user_version", schema::CURRENT_VERSION + 7)
        .unwrap();
    drop(conn);
    // Every runs subcommand: exit 2 comes from store::exit_status, not a wrapper.
    for args in [
        &["runs", "list"][..],
        &["runs", "show", "r7k2"],
        &["runs", "prune", "--older-than", "1d"],
    ] {
        let stderr = env.code(args, 2).stderr;
        assert!(
            stderr.contains("newer archie") && stderr.contains("Upgrade archie"),
            "{stderr}"
        );
    }
}

#[tokio::test]
async fn runs_prune_deletes_old_finished_runs() {
    let f = three_runs().await;
    let db = store::db_path(&f.env.path().join(".archie"));
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute(
        "UPDATE runs SET updated_at = updated_at - 40 * 86400000",
        [],
    )
    .unwrap();
    drop(conn);
    let out = f.stdout(&["runs", "prune", "--older-than", "90d"]);
    assert!(out.starts_with("nothing to prune"), "{out}");
    let out = f.stdout(&["--json", "runs", "prune", "--older-than", "90d"]);
    let event: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(
        event,
        serde_json::json!({"event": "data", "value": {"pruned": 0}})
    );
    let out = f.stdout(&["runs", "prune", "--older-than", "30d"]);
    assert_eq!(
        out.trim(),
        "pruned 2 runs (completed, failed or abandoned, last active more than 30d ago)"
    );
    let list = f.stdout(&["runs", "list"]);
    assert!(list.contains(f.waiting.as_str()), "{list}");
    assert!(
        !list.contains(f.echo.as_str()) && !list.contains(f.failed.as_str()),
        "{list}"
    );

    let ran = f.env.code(&["runs", "prune", "--older-than", "30"], 2);
    assert!(ran.stderr.contains("needs a unit"));
}

#[test]
fn runs_help_shows_examples() {
    let help = TestEnv::new().ok(&["runs", "--help"]).stdout;
    assert!(help.contains("archie runs show r7k2"), "{help}");
    assert!(help.contains("--older-than 30d"), "{help}");
}

// ---------------------------------------------------------------- one owner per run

/// (id, status) of every recorded run, newest first, as `runs list --json` shows them.
fn listed(env: &TestEnv) -> Vec<(String, String)> {
    env.ok(&["--json", "runs", "list"])
        .events()
        .into_iter()
        .filter(|e| e["event"] == "data")
        .flat_map(|e| e["value"].as_array().cloned().unwrap_or_default())
        .map(|r| {
            let field = |k: &str| r[k].as_str().unwrap_or_default().to_string();
            (field("id"), field("status"))
        })
        .collect()
}

/// A world whose model holds every chat answer for 30 s while `hold` is set.
fn held_chat(hold: &Arc<AtomicBool>) -> TestEnv {
    let env = TestEnv::with_llm();
    env.docs("docs", 2);
    let hold = hold.clone();
    env.mock().answer_with(move |req| {
        if is_extraction(req) || !hold.load(Ordering::SeqCst) {
            scripted_model(req)
        } else {
            scripted_model(req).delayed(Duration::from_secs(30))
        }
    });
    env
}

/// Waits until the mock has received `n` chat (non-extraction) requests.
fn wait_for_chats(env: &TestEnv, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while env
        .mock()
        .received()
        .iter()
        .filter(|r| !is_extraction(r))
        .count()
        < n
    {
        assert!(Instant::now() < deadline, "archie never asked the model");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_run_in_progress_has_one_owner_and_a_dead_owners_run_is_abandoned() {
    let hold = Arc::new(AtomicBool::new(true));
    let env = held_chat(&hold);
    let first = env.spawn(&[
        "analyze",
        "-i",
        "docs",
        "--answer",
        "It fails fast.",
        "--answer",
        "/approve",
    ]);
    wait_for_chats(&env, 1);
    let runs = listed(&env);
    assert_eq!(runs.len(), 1);
    let (id, status) = runs[0].clone();
    assert_eq!(status, "running");

    // While its process lives, nobody else continues it.
    let ran = env.code(&["resume", &id, "--answer", "/approve"], 2);
    assert!(
        ran.stderr.contains(&format!(
            "run {id} is being run by another archie process (pid "
        )),
        "{}",
        ran.stderr
    );
    assert!(ran.stderr.contains("abandoned"), "{}", ran.stderr);
    let ran = env.code(&["resume", "--last"], 2);
    assert!(
        ran.stderr
            .contains("there is no interrupted, failed or abandoned run to continue"),
        "{}",
        ran.stderr
    );

    // Killed, its run is abandoned: listed so, picked by --last, continued to the end.
    first.kill();
    hold.store(false, Ordering::SeqCst);
    assert_eq!(listed(&env), [(id.clone(), "abandoned".to_string())]);
    let shown = env.ok(&["runs", "show", &id]).stdout;
    assert!(shown.contains("abandoned"), "{shown}");
    assert!(shown.contains(&format!("archie resume {id}")), "{shown}");
    env.ok(&[
        "resume",
        "--last",
        "--answer",
        "It fails fast.",
        "--answer",
        "/approve",
    ]);
    assert_eq!(listed(&env), [(id, "completed".to_string())]);
    assert!(env.read("analysis_result.md").contains("fails fast"));
    // Nothing of the lock is left.
    let leftovers: Vec<String> = std::fs::read_dir(env.path().join(".archie"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".lock"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn two_resumes_of_one_run_do_not_both_proceed() {
    let hold = Arc::new(AtomicBool::new(false));
    let env = held_chat(&hold);
    env.code(&["analyze", "-i", "docs", "-q", "Q?", "--no-input"], 3);
    let (id, status) = listed(&env)[0].clone();
    assert_eq!(status, "interrupted");

    hold.store(true, Ordering::SeqCst);
    let first = env.spawn(&[
        "resume",
        &id,
        "--answer",
        "It fails fast.",
        "--answer",
        "/approve",
    ]);
    wait_for_chats(&env, 2);
    let before = env.mock().received().len();
    let ran = env.code(
        &[
            "resume",
            &id,
            "--answer",
            "It fails fast.",
            "--answer",
            "/approve",
        ],
        2,
    );
    assert!(
        ran.stderr
            .contains("is being run by another archie process"),
        "{}",
        ran.stderr
    );
    assert_eq!(
        env.mock().received().len(),
        before,
        "the second made no LLM call"
    );
    first.kill();
}

#[test]
fn runs_prune_removes_abandoned_runs_but_not_owned_ones() {
    let env = TestEnv::new();
    let dir = env.path().join(".archie");
    let store = Store::open(&dir).unwrap();
    let new = |args: &[&str]| {
        store
            .create_run(new_run(env.path(), "echo", args, "echo"))
            .unwrap()
    };
    let gone = new(&["echo", "gone"]);
    let alive = new(&["echo", "alive"]);
    let owner = store.claim(&alive).unwrap();
    let conn = rusqlite::Connection::open(store::db_path(&dir)).unwrap();
    conn.execute(
        "UPDATE runs SET status = 'running', updated_at = updated_at - 86400000 * 3",
        [],
    )
    .unwrap();
    drop(conn);
    let mut runs = listed(&env);
    runs.sort();
    let mut expected = vec![
        (gone.to_string(), "abandoned".to_string()),
        (alive.to_string(), "running".to_string()),
    ];
    expected.sort();
    assert_eq!(runs, expected);
    let out = env.ok(&["runs", "prune", "--older-than", "1d"]).stdout;
    assert_eq!(
        out.trim(),
        "pruned 1 run (completed, failed or abandoned, last active more than 1d ago)"
    );
    assert_eq!(listed(&env), [(alive.to_string(), "running".to_string())]);
    drop(owner);
}

#[test]
fn usage_adds_up_over_resumed_attempts() {
    let env = crate::flows::scripted_env(2);
    env.code(&["analyze", "-i", "docs", "-q", "Q?", "--no-input"], 3);
    let (id, _) = listed(&env)[0].clone();
    let first = env.mock().received().len();
    env.ok(&[
        "resume",
        &id,
        "--answer",
        "It fails fast.",
        "--answer",
        "/approve",
    ]);
    let total = env.mock().received().len();
    assert!(total > first);
    let shown = env.ok(&["--json", "runs", "show", &id]).events();
    let usage = &shown
        .iter()
        .find(|e| e["event"] == "data")
        .expect("the run")["value"]["usage"];
    assert_eq!(usage["calls"], serde_json::json!(total), "{usage}");
}

#[test]
fn commands_that_store_nothing_durable_leave_the_wal_for_later_and_it_stays_small() {
    let env = TestEnv::new();
    let dir = env.path().join(".archie");
    let wal = store::wal_path(&store::db_path(&dir));
    // An echo that stops at its question is recorded and stores nothing durable
    // (`echo hi` is not recorded at all).
    env.code(&["echo"], 3);
    let size = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
    assert!(size > 0, "closing did not checkpoint (no fsync)");
    // Many such runs: the WAL is checkpointed when it passes the limit, not by each.
    let mut largest = 0;
    for _ in 0..25 {
        env.code(&["echo"], 3);
        largest = largest.max(std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0));
    }
    assert!(
        largest < store::WAL_FLUSH_BYTES + 512 * 1024,
        "the WAL stays bounded: {largest}"
    );
    // Every run is recorded: 26 runs, above the list's default of 20, each waiting at
    // its question.
    let all: Vec<serde_json::Value> = env
        .ok(&["--json", "runs", "list", "--limit", "100"])
        .events()
        .into_iter()
        .filter(|e| e["event"] == "data")
        .flat_map(|e| e["value"].as_array().cloned().unwrap_or_default())
        .collect();
    assert_eq!(all.len(), 26, "every run is recorded");
    assert!(all.iter().all(|r| r["status"] == "interrupted"), "{all:?}");
}

#[test]
fn a_command_that_stores_something_durable_checkpoints_and_leaves_no_wal() {
    let env = crate::flows::scripted_env(1);
    env.ok(&["echo", "--answer", "hi"]);
    env.ok(&["build-context", "payments", "-i", "docs"]);
    let dir = env.path().join(".archie");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, [".gitignore", "archie.db"]);
}
