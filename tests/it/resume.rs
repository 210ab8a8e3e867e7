//! Runs that survive: stop at a question and resume, SIGKILL mid-step, Ctrl-C, two
//! processes at once, and a CI script that drives a whole analysis without a terminal.

use crate::flows::{TURN_1, is_extraction, scripted_model, write_docs};
use crate::support::mock_llm::MockLlm;
use crate::support::{archie, run_with_llm as run, stderr, tempdir};
use archie::store::{Status, Store};
use serde_json::Value;
use std::path::Path;
use std::time::{Duration, Instant};

/// The analysis file without the transcript's timing-free parts: all of it.
fn analysis(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("analysis_result.md")).expect("analysis written")
}

fn only_run(dir: &Path) -> archie::store::RunDetail {
    let store = Store::open_existing(&dir.join(".archie"))
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
    let mock = MockLlm::start_background();
    mock.answer_with(scripted_model);

    let straight = tempdir();
    write_docs(&straight.path().join("docs"), 2);
    let out = run(
        straight.path(),
        &mock,
        &[
            "analyze",
            "-i",
            "docs",
            "-q",
            "Q?",
            "--answer",
            "It fails fast.",
            "--answer",
            "/approve",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    let paused = tempdir();
    write_docs(&paused.path().join("docs"), 2);
    let out = run(
        paused.path(),
        &mock,
        &["analyze", "-i", "docs", "-q", "Q?", "--no-input"],
    );
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let run_id = only_run(paused.path()).summary.id;
    let err = stderr(&out);
    assert!(err.contains(TURN_1), "the question is printed: {err}");
    assert!(
        err.contains(&format!("archie resume {run_id} --answer")),
        "the exact resume command is printed: {err}"
    );
    let detail = only_run(paused.path());
    assert_eq!(detail.summary.status, Status::Interrupted);
    assert_eq!(
        detail.pending_question.map(|q| q.text),
        Some(TURN_1.to_string())
    );

    let out = run(
        paused.path(),
        &mock,
        &[
            "resume",
            &run_id,
            "--answer",
            "It fails fast.",
            "--answer",
            "/approve",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(analysis(paused.path()), analysis(straight.path()));
    assert_eq!(
        std::fs::read_to_string(paused.path().join("context.json")).expect("memory"),
        std::fs::read_to_string(straight.path().join("context.json")).expect("memory"),
    );
    let detail = only_run(paused.path());
    assert_eq!(detail.summary.status, Status::Completed);
    assert_eq!(detail.outputs.len(), 1);

    // A completed run cannot be resumed.
    let out = run(paused.path(), &mock, &["resume", &run_id]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("nothing to continue"));
}

#[test]
fn a_run_killed_in_the_middle_of_a_step_resumes_from_the_last_finished_step() {
    let dir = tempdir();
    write_docs(&dir.path().join("docs"), 3);
    let mock = MockLlm::start_background();
    // Chat turns are slow, so the kill lands inside the first `prepare` step.
    mock.answer_with(|req| {
        if is_extraction(req) {
            scripted_model(req)
        } else {
            scripted_model(req).delayed(Duration::from_secs(3))
        }
    });
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("archie"));
    cmd.current_dir(dir.path())
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("NO_COLOR", "1")
        .args(["analyze", "-i", "docs", "--answer", "It fails fast."])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    for (k, v) in mock.env() {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("spawn archie");
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
    child.kill().expect("SIGKILL");
    let _ = child.wait();

    let detail = only_run(dir.path());
    assert_eq!(
        detail.summary.status,
        Status::Running,
        "killed: nobody marked it"
    );
    let steps: Vec<&str> = detail.history.iter().map(|s| s.node.as_str()).collect();
    assert_eq!(steps, ["retrieve", "extract"]);
    let extractions = mock.received().iter().filter(|r| is_extraction(r)).count();

    let out = run(
        dir.path(),
        &mock,
        &[
            "resume",
            &detail.summary.id,
            "--answer",
            "It fails fast.",
            "--answer",
            "/approve",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let detail = only_run(dir.path());
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
    assert!(analysis(dir.path()).contains("**You:** It fails fast."));
}

#[test]
fn two_processes_record_their_runs_in_one_store() {
    let dir = tempdir();
    let spawn = |text: &str| {
        archie(dir.path())
            .args(["echo", text])
            .timeout(Duration::from_secs(30))
            .output()
    };
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| spawn("one"));
        let b = s.spawn(|| spawn("two"));
        (a.join(), b.join())
    });
    for out in [a, b] {
        let out = out.expect("thread").expect("run archie");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    let out = archie(dir.path())
        .args(["runs", "list", "--json"])
        .output()
        .expect("run archie");
    let text = String::from_utf8_lossy(&out.stdout);
    let runs: Vec<Value> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|event| event["event"] == "data")
        .flat_map(|event| event["value"].as_array().cloned().unwrap_or_default())
        .collect();
    assert_eq!(runs.len(), 2, "{text}");
    assert!(runs.iter().all(|r| r["status"] == "completed"));
}

#[test]
fn the_ci_script_drives_an_analysis_without_a_terminal() {
    let dir = tempdir();
    write_docs(&dir.path().join("docs"), 2);
    let mock = MockLlm::start_background();
    mock.answer_with(scripted_model);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/ci-analyze.sh");
    let mut cmd = std::process::Command::new("bash");
    cmd.arg(&script)
        .args([
            "docs",
            "Can checkout survive a payments outage?",
            "It fails fast.",
        ])
        .current_dir(dir.path())
        .env("ARCHIE", assert_cmd::cargo::cargo_bin("archie"))
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null());
    for (k, v) in mock.env() {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run the script");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{}", stderr(&out));
    assert!(
        stdout.contains(TURN_1),
        "the script read the question: {stdout}"
    );
    let text = analysis(dir.path());
    assert!(text.contains("**You:** It fails fast."));
    assert_eq!(only_run(dir.path()).summary.status, Status::Completed);
    // The mock never saw a request without its answer being used.
    assert!(
        mock.received()
            .iter()
            .any(|r| r.text().contains("It fails fast."))
    );
}
