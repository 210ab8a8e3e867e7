//! Runs that survive: stop at a question and resume, SIGKILL mid-step, Ctrl-C, two
//! processes at once, and a CI script that drives a whole analysis without a terminal.

use crate::flows::{TURN_1, is_extraction, scripted_env, scripted_model};
use crate::support::TestEnv;
use archie::store::{Status, Store};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The run (the only one) of `env`.
pub(crate) fn only_run(env: &TestEnv) -> archie::store::RunDetail {
    let store = Store::open_existing(&env.path().join(".archie"))
        .expect("store")
        .expect("a store exists");
    let runs = store.list_runs(10).expect("runs");
    assert_eq!(runs.len(), 1, "{runs:?}");
    store
        .get_run(&runs[0].id)
        .expect("run")
        .expect("run detail")
}

#[test]
fn a_run_stopped_by_no_input_resumes_to_the_same_result_as_an_uninterrupted_run() {
    let straight = scripted_env(2);
    straight.ok(&[
        "analyze",
        "-i",
        "docs",
        "-q",
        "Q?",
        "--answer",
        "It fails fast.",
        "--answer",
        "/approve",
    ]);

    let paused = scripted_env(2);
    let ran = paused.code(&["analyze", "-i", "docs", "-q", "Q?", "--no-input"], 3);
    let run_id = only_run(&paused).summary.id;
    let err = &ran.stderr;
    assert!(err.contains(TURN_1), "the question is printed: {err}");
    assert!(
        err.contains(&format!("archie resume {run_id} --answer")),
        "the exact resume command is printed: {err}"
    );
    let detail = only_run(&paused);
    assert_eq!(detail.summary.status, Status::Interrupted);
    assert_eq!(
        detail.pending_question.map(|q| q.text),
        Some(TURN_1.to_string())
    );

    paused.ok(&[
        "resume",
        &run_id,
        "--answer",
        "It fails fast.",
        "--answer",
        "/approve",
    ]);
    assert_eq!(
        paused.read("analysis_result.md"),
        straight.read("analysis_result.md")
    );
    // The same memory, but for the run each fact of the conversation is sourced to.
    let runs = regex::Regex::new(r#""run:[a-z0-9]+"#).unwrap();
    assert_eq!(
        runs.replace_all(&paused.read("context.json"), "\"run:R"),
        runs.replace_all(&straight.read("context.json"), "\"run:R")
    );
    let detail = only_run(&paused);
    assert_eq!(detail.summary.status, Status::Completed);
    assert_eq!(detail.outputs.len(), 1);

    // A completed run cannot be resumed.
    let ran = paused.code(&["resume", &run_id], 2);
    assert!(ran.stderr.contains("nothing to continue"));
}

#[test]
fn a_run_killed_in_the_middle_of_a_step_resumes_from_the_last_finished_step() {
    let env = TestEnv::with_llm();
    env.docs("docs", 3);
    let mock = env.mock();
    // Chat turns are held until the process is killed, so the kill lands inside the first
    // `prepare` step however slow the machine.
    let killed = Arc::new(AtomicBool::new(false));
    let held = killed.clone();
    mock.answer_with(move |req| {
        if is_extraction(req) || held.load(Ordering::SeqCst) {
            scripted_model(req)
        } else {
            scripted_model(req).delayed(Duration::from_secs(30))
        }
    });
    let child = env.spawn(&["analyze", "-i", "docs", "--answer", "It fails fast."]);
    // Wait until extraction is checkpointed and the first chat request is in flight.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let chatting = mock.received().iter().any(|r| !is_extraction(r));
        if chatting {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "archie never reached the conversation"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill();
    killed.store(true, Ordering::SeqCst);

    let detail = only_run(&env);
    assert_eq!(
        detail.summary.status,
        Status::Abandoned,
        "killed: nobody marked it, and nobody owns it any more"
    );
    let steps: Vec<&str> = detail.history.iter().map(|s| s.node.as_str()).collect();
    assert_eq!(steps, ["retrieve", "extract"]);
    let extractions = mock.received().iter().filter(|r| is_extraction(r)).count();

    env.ok(&[
        "resume",
        &detail.summary.id,
        "--answer",
        "It fails fast.",
        "--answer",
        "/approve",
    ]);
    let detail = only_run(&env);
    let steps: Vec<&str> = detail.history.iter().map(|s| s.node.as_str()).collect();
    assert_eq!(
        steps,
        [
            "retrieve", "extract", "prepare", "prepare", "prepare", "final"
        ],
        "retrieve and extract ran once; the killed step ran again"
    );
    assert_eq!(
        mock.received().iter().filter(|r| is_extraction(r)).count(),
        extractions,
        "no extraction call after the resume"
    );
    assert!(
        env.read("analysis_result.md")
            .contains("**You:** It fails fast.")
    );
}

/// Forced, not hoped for: the first run is held mid-save
/// (`ARCHIE_TEST_PAUSE_BEFORE_RENAME=PATH`), recorded as running, while the second runs
/// from start to end; then the first is released.
#[test]
fn two_processes_record_their_runs_in_one_store() {
    let env = scripted_env(1);
    let listed = |env: &TestEnv| -> Vec<serde_json::Value> {
        env.ok(&["runs", "list", "--json"])
            .events()
            .into_iter()
            .filter(|event| event["event"] == "data")
            .flat_map(|event| event["value"].as_array().cloned().unwrap_or_default())
            .collect()
    };
    let release = env.path().join("release");
    let mut cmd = env.process(crate::support::archie_bin());
    cmd.args(["build-context", "shop", "-i", "docs"])
        .env("ARCHIE_TEST_PAUSE_BEFORE_RENAME", &release)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let first = cmd.spawn().expect("spawn archie");
    let deadline = Instant::now() + Duration::from_secs(30);
    while !std::fs::read_dir(env.path()).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.starts_with(".archie-") && name.ends_with(".tmp")
        })
    }) {
        assert!(
            Instant::now() < deadline,
            "the first run never reached a save"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let during = listed(&env);
    assert_eq!(during.len(), 1, "{during:?}");
    assert_eq!(during[0]["status"], "running", "{during:?}");
    // Echo is recorded when it asks (`echo two` is not).
    env.ok(&["echo", "--answer", "two"]);
    std::fs::write(&release, "").expect("release the first run");
    let first = first.wait_with_output().expect("wait");
    assert!(first.status.success(), "{first:?}");
    let runs = listed(&env);
    assert_eq!(runs.len(), 2, "{runs:?}");
    assert!(runs.iter().all(|r| r["status"] == "completed"), "{runs:?}");
    let commands = runs.iter().filter_map(|r| r["command"].as_str()).count();
    assert_eq!(commands, 2, "{runs:?}");
}

#[test]
fn the_ci_script_drives_an_analysis_without_a_terminal() {
    let env = scripted_env(2);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/ci-analyze.sh");
    let ran = env.run_program(
        "bash",
        &[
            script.to_str().expect("a UTF-8 path"),
            "docs",
            "Can checkout survive a payments outage?",
            "It fails fast.",
        ],
    );
    ran.expect_code(0);
    assert!(
        ran.stdout.contains(TURN_1),
        "the script read the question: {}",
        ran.stdout
    );
    let text = env.read("analysis_result.md");
    assert!(text.contains("**You:** It fails fast."));
    assert_eq!(only_run(&env).summary.status, Status::Completed);
    // The answer the script passed on reached the model.
    assert!(
        env.mock()
            .received()
            .iter()
            .any(|r| r.text().contains("It fails fast."))
    );
}

#[test]
fn a_base_url_password_is_not_kept_so_resume_asks_for_it_again() {
    let env = TestEnv::with_llm();
    env.docs("docs", 1);
    let mock = env.mock().url();
    let with_password =
        |port: &str| format!("http://archieuser:resumePassw0rd99@127.0.0.1:{port}/v1");
    // Nobody listens on the first URL: the run fails at its first LLM call.
    let held = crate::support::ClosedPort::new();
    let closed = held.port().to_string();
    let url = with_password(&closed);
    env.code(
        &[
            "--base-url",
            &url,
            "--retries",
            "0",
            "analyze",
            "-i",
            "docs",
            "-q",
            "Q?",
        ],
        1,
    );
    let run_id = only_run(&env).summary.id;

    // The password was not stored, so resume cannot use the recorded URL.
    let refused = env.code(&["resume", &run_id, "--no-input"], 2);
    assert!(
        refused.stderr.contains("--base-url holding a password")
            && refused
                .stderr
                .contains(&format!("archie resume {run_id} --base-url")),
        "{}",
        refused.stderr
    );
    assert!(env.mock().received().is_empty(), "nothing was sent");

    // Given again, it is the password that reaches the server.
    let port = mock
        .trim_start_matches("http://127.0.0.1:")
        .trim_end_matches("/v1");
    let url = with_password(port);
    env.run(&["resume", &run_id, "--base-url", &url, "--no-input"]);
    let received = env.mock().received();
    assert!(!received.is_empty(), "the resumed run asked the model");
    for request in &received {
        assert_eq!(
            request.authorization.as_deref(),
            // base64 of "archieuser:resumePassw0rd99"
            Some("Basic YXJjaGlldXNlcjpyZXN1bWVQYXNzdzByZDk5")
        );
    }
}
