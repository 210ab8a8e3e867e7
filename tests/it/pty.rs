//! A real terminal: archie asks at a prompt and a person (this test) answers.

use expectrl::{Eof, Session};
use std::time::Duration;

#[test]
fn echo_asks_at_a_real_terminal_and_uses_the_answer() {
    let dir = crate::support::tempdir();
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("archie"));
    cmd.arg("echo")
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .env("TERM", "xterm");
    let mut session = Session::spawn(cmd).expect("spawn archie in a pty");
    session.set_expect_timeout(Some(Duration::from_secs(20)));
    session
        .expect("What should archie echo?")
        .expect("the question is shown");
    session.send_line("typed at a terminal").expect("type");
    session
        .expect("Echo: typed at a terminal")
        .expect("the answer is echoed");
    session.expect(Eof).expect("archie exits");
    let status = session.get_process().wait().expect("wait");
    assert_eq!(
        status,
        expectrl::WaitStatus::Exited(session.get_process().pid(), 0)
    );
}

fn analyze_in_pty(dir: &std::path::Path, mock: &crate::support::mock_llm::MockLlm) -> Session {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("archie"));
    cmd.args(["analyze", "-i", "docs", "-q", "Can checkout survive?"])
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("TERM", "xterm");
    for (k, v) in mock.env() {
        cmd.env(k, v);
    }
    let mut session = Session::spawn(cmd).expect("spawn archie in a pty");
    session.set_expect_timeout(Some(Duration::from_secs(30)));
    session
}

#[test]
fn an_analysis_at_a_real_terminal_asks_streams_and_writes() {
    let dir = crate::support::tempdir();
    crate::flows::write_docs(&dir.path().join("docs"), 2);
    let mock = crate::support::mock_llm::MockLlm::start_background();
    mock.answer_with(crate::flows::scripted_model);
    let mut session = analyze_in_pty(dir.path(), &mock);
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
    session.expect(Eof).expect("archie exits");
    let status = session.get_process().wait().expect("wait");
    assert_eq!(
        status,
        expectrl::WaitStatus::Exited(session.get_process().pid(), 0)
    );
    let analysis = std::fs::read_to_string(dir.path().join("analysis_result.md")).expect("file");
    assert!(analysis.contains("**You:** It fails fast."));
}

#[test]
fn ctrl_c_at_a_prompt_exits_130_and_leaves_a_resumable_run() {
    let dir = crate::support::tempdir();
    crate::flows::write_docs(&dir.path().join("docs"), 2);
    let mock = crate::support::mock_llm::MockLlm::start_background();
    mock.answer_with(crate::flows::scripted_model);
    let mut session = analyze_in_pty(dir.path(), &mock);
    session.expect("Your answer").expect("the prompt");
    session
        .send(expectrl::ControlCode::EndOfText)
        .expect("Ctrl-C");
    // (The resume hint printed on the way out is not asserted: the PTY may be closed
    // before its last bytes are read. The store below says the same thing reliably.)
    session.expect(Eof).expect("archie exits");
    let status = session.get_process().wait().expect("wait");
    assert_eq!(
        status,
        expectrl::WaitStatus::Exited(session.get_process().pid(), 130)
    );

    let store = archie::store::Store::open_existing(&dir.path().join(".archie"))
        .expect("store")
        .expect("a store");
    let runs = store.list_runs(5).expect("runs");
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0].status, archie::store::Status::Interrupted);
    let mut cmd = crate::support::archie(dir.path());
    for (k, v) in mock.env() {
        cmd.env(k, v);
    }
    let out = cmd
        .args(["resume", "--last", "--answer", "/approve"])
        .output()
        .expect("resume");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.path().join("analysis_result.md").exists());
}
