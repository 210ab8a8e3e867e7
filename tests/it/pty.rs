//! A real terminal: archie asks at a prompt and a person (this test) answers.

use crate::flows::scripted_env;
use crate::support::{TestEnv, archie_bin};
use expectrl::{Eof, Session};
use std::time::Duration;

/// archie with `args` in a pseudo-terminal in `env`'s world.
pub(crate) fn in_pty(env: &TestEnv, args: &[&str], timeout: Duration) -> Session {
    let mut cmd = env.process(archie_bin());
    cmd.args(args).env("TERM", "xterm");
    let mut session = Session::spawn(cmd).expect("spawn archie in a pty");
    // Wide enough that no line these tests look for is wrapped (terminal.rs tests the
    // narrow ones).
    session
        .get_process_mut()
        .set_window_size(200, 50)
        .expect("window size");
    session.set_expect_timeout(Some(timeout));
    session
}

/// Waits for archie in `session` to exit, and checks it exited with `code`.
#[track_caller]
pub(crate) fn exits_with(session: &mut Session, code: i32) {
    session.expect(Eof).expect("archie exits");
    let status = session.get_process().wait().expect("wait");
    assert_eq!(
        status,
        expectrl::WaitStatus::Exited(session.get_process().pid(), code)
    );
}

fn analyze_in_pty(env: &TestEnv) -> Session {
    in_pty(
        env,
        &["analyze", "-i", "docs", "-q", "Can checkout survive?"],
        Duration::from_secs(30),
    )
}

#[test]
fn echo_asks_at_a_real_terminal_and_uses_the_answer() {
    let env = TestEnv::new();
    let mut session = in_pty(&env, &["echo"], Duration::from_secs(20));
    session
        .expect("What should archie echo?")
        .expect("the question is shown");
    session.send_line("typed at a terminal").expect("type");
    session
        .expect("Echo: typed at a terminal")
        .expect("the answer is echoed");
    exits_with(&mut session, 0);
}

#[test]
fn an_analysis_at_a_real_terminal_asks_streams_and_writes() {
    let env = scripted_env(2);
    let mut session = analyze_in_pty(&env);
    session.expect("read 2 documents").expect("retrieval line");
    session
        .expect("Checkout Service retry or fail?")
        .expect("the streamed question");
    session.expect("Your answer").expect("the prompt");
    session.send_line("It fails fast.").expect("type");
    session
        .expect("Is the 99.9 % target end to end?")
        .expect("the follow-up");
    session.expect("Your answer").expect("the prompt again");
    session.send_line("/approve").expect("type");
    session
        .expect("wrote analysis_result.md")
        .expect("the analysis is written");
    exits_with(&mut session, 0);
    let analysis = env.read("analysis_result.md");
    assert!(analysis.contains("**You:** It fails fast."));
}

#[test]
fn ctrl_c_at_a_prompt_exits_130_and_leaves_a_resumable_run() {
    let env = scripted_env(2);
    let mut session = analyze_in_pty(&env);
    session.expect("Your answer").expect("the prompt");
    session
        .send(expectrl::ControlCode::EndOfText)
        .expect("Ctrl-C");
    // (The resume hint printed on the way out is not asserted: the PTY may be closed
    // before its last bytes are read. The store below says the same thing reliably.)
    exits_with(&mut session, 130);

    let store = archie::store::Store::open_existing(&env.path().join(".archie"))
        .expect("store")
        .expect("a store");
    let runs = store.list_runs(5).expect("runs");
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0].status, archie::store::Status::Interrupted);
    env.ok(&["resume", "--last", "--answer", "/approve"]);
    assert!(env.path().join("analysis_result.md").exists());
}
