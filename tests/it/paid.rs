//! What was paid for is kept (issue 22): an extraction answer survives Ctrl-C, an answer
//! the user typed survives the failure of the call that uses it, and a setting given to
//! resume becomes the run's.

use crate::flows::{is_extraction, scripted_model};
use crate::support::{Spawned, TestEnv};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

fn extractions(env: &TestEnv) -> usize {
    env.mock()
        .received()
        .iter()
        .filter(|r| is_extraction(r))
        .count()
}

/// Waits until `ready` holds (the test fails after a minute).
#[track_caller]
fn wait_for(what: &str, ready: impl Fn() -> bool) {
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
    let (released, counted) = (interrupted.clone(), seen.clone());
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
