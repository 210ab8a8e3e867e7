//! What was paid for is kept (issue 22): an extraction answer survives Ctrl-C, an answer
//! the user typed survives the failure of the call that uses it, and a setting given to
//! resume becomes the run's.

use crate::flows::{is_extraction, scripted_model};
use crate::resume::only_run;
use crate::support::{Spawned, TestEnv};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How many extraction requests the mock has received.
pub(crate) fn extractions(env: &TestEnv) -> usize {
    env.mock()
        .received()
        .iter()
        .filter(|r| is_extraction(r))
        .count()
}

/// Waits until `ready` holds (the test fails after a minute).
#[track_caller]
pub(crate) fn wait_for(what: &str, ready: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !ready() {
        assert!(Instant::now() < deadline, "never happened: {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Sends SIGINT (Ctrl-C) to the archie process the test started.
fn ctrl_c(child: &Spawned) {
    // SAFETY: sends SIGINT to the archie child this test started.
    unsafe { libc::kill(child.child.id() as i32, libc::SIGINT) };
}

#[test]
fn ctrl_c_during_extraction_keeps_every_answer_that_arrived() {
    const DOCS: usize = 6;
    const ANSWERED: usize = 3;
    const AT_ONCE: usize = 2;
    let env = TestEnv::with_llm();
    env.docs("docs", DOCS);
    // The first extraction requests are answered at once, the rest held until Ctrl-C.
    let interrupted = Arc::new(AtomicBool::new(false));
    let seen = Arc::new(AtomicUsize::new(0));
    let (released, counted) = (interrupted.clone(), seen);
    env.mock().answer_with(move |req| {
        if is_extraction(req)
            && !released.load(Ordering::SeqCst)
            && counted.fetch_add(1, Ordering::SeqCst) >= ANSWERED
        {
            return scripted_model(req).delayed(Duration::from_secs(3600));
        }
        scripted_model(req)
    });
    let child = env.spawn(&[
        "analyze",
        "-i",
        "docs",
        "-q",
        "Q?",
        "--no-input",
        "--concurrency",
        &AT_ONCE.to_string(),
    ]);
    // With AT_ONCE in flight, a request is sent only after an answer was taken in: once
    // ANSWERED + AT_ONCE have arrived, archie has handled the ANSWERED answers.
    wait_for("the held requests were sent", || {
        extractions(&env) >= ANSWERED + AT_ONCE
    });
    ctrl_c(&child);
    let ran = child.wait();
    ran.expect_code(130);
    interrupted.store(true, Ordering::SeqCst);
    let first = extractions(&env);

    // The resumed run stops at the first question (--no-input): extraction is done.
    let resumed = env.run(&["resume", "--last", "--no-input"]);
    resumed.expect_code(3);
    let asked_again = extractions(&env) - first;
    assert_eq!(
        asked_again,
        DOCS - ANSWERED,
        "{ANSWERED} of {DOCS} chunks were answered before Ctrl-C; resume asked again for {asked_again}\n{}",
        resumed.stderr
    );
}

/// A run stopped at its first question (`--no-input`), and its id.
fn stopped_at_the_first_question() -> (TestEnv, String) {
    let env = crate::flows::scripted_env(2);
    env.code(&["analyze", "-i", "docs", "-q", "Q?", "--no-input"], 3);
    let run = only_run(&env).summary.id.to_string();
    (env, run)
}

/// Asserts that the typed answer reached the model and the analysis, and that the
/// question it answered was asked once.
#[track_caller]
fn the_answer_was_kept(env: &TestEnv, finished: &crate::support::Ran) {
    let analysis = env.read("analysis_result.md");
    assert!(
        analysis.contains("**You:** It fails fast."),
        "the answer typed before the failure is in the analysis:\n{analysis}\n{}",
        finished.stderr
    );
    assert!(
        !finished.stderr.contains(crate::flows::TURN_1),
        "the answered question was not asked again:\n{}",
        finished.stderr
    );
    assert_eq!(
        only_run(env).summary.status,
        archie::store::Status::Completed
    );
}

#[test]
fn an_answer_survives_the_failure_of_the_call_that_uses_it() {
    let (env, run) = stopped_at_the_first_question();
    // The call that carries the answer fails (a rejected key: no retry helps).
    env.mock().push(crate::support::mock_llm::Reply::error(
        401,
        "Incorrect API key provided",
        Some("invalid_api_key"),
    ));
    let failed = env.run(&["resume", &run, "--answer", "It fails fast."]);
    assert!(
        failed.code != 0 && failed.code != 3,
        "the call failed: {}",
        failed.stderr
    );
    // The server is back: resume continues from the answer, the next question gets
    // /approve.
    let finished = env.run(&["resume", &run, "--answer", "/approve"]);
    finished.expect_code(0);
    the_answer_was_kept(&env, &finished);
}

#[test]
fn an_answer_survives_ctrl_c_while_the_model_thinks() {
    let (env, run) = stopped_at_the_first_question();
    let interrupted = Arc::new(AtomicBool::new(false));
    let released = interrupted.clone();
    env.mock().answer_with(move |req| {
        if !released.load(Ordering::SeqCst) && req.text().contains("It fails fast.") {
            return scripted_model(req).delayed(Duration::from_secs(3600));
        }
        scripted_model(req)
    });
    let child = env.spawn(&["resume", &run, "--answer", "It fails fast."]);
    wait_for("the answer reached the model", || {
        env.mock()
            .received()
            .iter()
            .any(|r| r.text().contains("It fails fast."))
    });
    ctrl_c(&child);
    child.wait().expect_code(130);
    interrupted.store(true, Ordering::SeqCst);
    let finished = env.run(&["resume", &run, "--answer", "/approve"]);
    finished.expect_code(0);
    the_answer_was_kept(&env, &finished);
}

#[test]
fn a_base_url_given_to_resume_becomes_the_runs() {
    let env = crate::flows::scripted_env(1);
    // Nobody listens on the first URL: the run fails at its first LLM call.
    let held = crate::support::ClosedPort::new();
    let closed = held.port();
    let bad = format!("http://127.0.0.1:{closed}/v1");
    let failed = env.run(&[
        "--base-url",
        &bad,
        "--retries",
        "0",
        "analyze",
        "-i",
        "docs",
        "-q",
        "Q?",
        "--no-input",
    ]);
    assert_eq!(failed.code, 1, "{}", failed.stderr);
    let run = only_run(&env).summary.id.to_string();

    let good = env.mock().url();
    let fixed = env.run(&["resume", &run, "--base-url", &good, "--no-input"]);
    fixed.expect_code(3);
    assert!(
        fixed.stderr.contains("kept for the next resume"),
        "{}",
        fixed.stderr
    );
    // The hint it printed works as printed: no --base-url needed any more.
    let hint = format!("archie resume {run} --answer");
    assert!(fixed.stderr.contains(&hint), "{}", fixed.stderr);
    let asked = env.mock().received().len();
    let finished = env.run(&["resume", &run, "--answer", "/approve"]);
    finished.expect_code(0);
    assert!(
        env.mock().received().len() > asked,
        "the plain resume asked the good server"
    );
    assert!(env.read("analysis_result.md").contains("## Decisions"));
}

/// An output archie could not write at the end is found at the start, before any LLM
/// call: its folder is a file, it is a folder, its folder takes no new file. The error
/// names the path as given, never a temporary file.
#[test]
fn an_output_that_cannot_be_written_costs_no_llm_call() {
    let env = crate::flows::scripted_env(2);
    env.write("blocker", "a file where a folder should be\n");
    std::fs::create_dir_all(env.path().join("reports")).unwrap();
    for (args, says) in [
        (
            &[
                "analyze",
                "-i",
                "docs",
                "-o",
                "blocker/out.md",
                "--answer",
                "/approve",
            ][..],
            "cannot write -o blocker/out.md: blocker is a file, not a folder",
        ),
        (
            &[
                "build-context",
                "shop",
                "-i",
                "docs",
                "-o",
                "blocker/x/ctx.md",
            ],
            "cannot write -o blocker/x/ctx.md: blocker is a file, not a folder",
        ),
        (
            &[
                "analyze", "-i", "docs", "-o", "reports", "--answer", "/approve",
            ],
            "-o reports is a folder",
        ),
        (
            &["build-context", "shop", "-i", "docs", "-o", "/proc/shop.md"],
            "cannot write -o /proc/shop.md",
        ),
        (
            &[
                "search",
                "-i",
                "docs",
                "-o",
                "reports",
                "What writes orders?",
            ],
            "-o reports is a folder",
        ),
    ] {
        let ran = env.code(args, 2);
        assert!(ran.stderr.contains(says), "{args:?}: {}", ran.stderr);
        assert!(!ran.stderr.contains(".tmp"), "{args:?}: {}", ran.stderr);
        assert_eq!(env.mock().received().len(), 0, "{args:?} asked the model");
    }
    assert!(!env.path().join(".archie").exists(), "no run was recorded");
    // A folder that is missing is made, and the user is told.
    let ran = env.ok(&[
        "analyze",
        "-i",
        "docs",
        "-o",
        "new/deeper/out.md",
        "--answer",
        "/approve",
    ]);
    assert!(
        ran.stderr
            .contains("created the folder new/deeper for -o new/deeper/out.md"),
        "{}",
        ran.stderr
    );
    assert!(env.read("new/deeper/out.md").contains("## Assumptions"));
}

/// `archie resume RUN -o FILE` writes where it is told, and the run keeps it: a run whose
/// output became unwritable while it waited finishes, and the failing attempt costs no call.
#[test]
fn resume_takes_an_output_and_keeps_it() {
    let env = crate::flows::scripted_env(2);
    env.code(
        &[
            "analyze",
            "-i",
            "docs",
            "-q",
            "Q?",
            "-o",
            "out/analysis.md",
            "--no-input",
        ],
        3,
    );
    let run = only_run(&env).summary.id;
    // The folder is gone while the run waits, and a file is in its place.
    std::fs::remove_dir_all(env.path().join("out")).unwrap();
    env.write("out", "not a folder\n");
    let asked = env.mock().received().len();
    let ran = env.code(
        &[
            "resume",
            &run,
            "--answer",
            "It fails fast.",
            "--answer",
            "/approve",
        ],
        2,
    );
    assert!(
        ran.stderr
            .contains("cannot write -o out/analysis.md: out is a file, not a folder"),
        "{}",
        ran.stderr
    );
    assert_eq!(
        env.mock().received().len(),
        asked,
        "the refused resume asked the model"
    );
    // Told where to write instead (and to draw the view), the run finishes there.
    env.ok(&[
        "resume",
        &run,
        "-o",
        "fixed.md",
        "--view",
        "--answer",
        "It fails fast.",
        "--answer",
        "/approve",
    ]);
    assert!(env.read("fixed.md").contains("## Assumptions"));
    assert!(env.read("context.html").contains("archie memory view"));
    let detail = only_run(&env);
    assert_eq!(detail.summary.status, archie::store::Status::Completed);
    let fixed = env.path().join("fixed.md").display().to_string();
    assert!(
        detail
            .summary
            .args
            .windows(2)
            .any(|w| w[0] == "-o" && w[1] == fixed),
        "{:?}",
        detail.summary.args
    );
    assert!(detail.summary.args.iter().any(|a| a == "--view"));
    // A completed run is not continued, -o or not.
    let ran = env.code(&["resume", &run, "-o", "x.md"], 2);
    assert!(ran.stderr.contains("nothing to continue"), "{}", ran.stderr);
}
