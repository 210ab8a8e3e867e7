//! A real terminal: archie asks at a prompt and a person (this test) answers.

use crate::flows::scripted_env;
use crate::support::{TestEnv, archie_bin};
use expectrl::{Eof, Session};
use std::time::Duration;

/// archie with `args` in a pseudo-terminal in `env`'s world, wide enough that no line
/// these tests look for is wrapped (terminal.rs tests the narrow ones).
pub(crate) fn in_pty(env: &TestEnv, args: &[&str], timeout: Duration) -> Session {
    let mut session = spawn_sized(env, 200, 50, args);
    session.set_expect_timeout(Some(timeout));
    session
}

/// archie with `args` in `env`'s world in a terminal of `cols` × `rows` from its first
/// line on. (expectrl sizes the terminal 80 × 24 in the parent after the child starts:
/// sized after that from here, archie could already have drawn at 80 columns on a
/// busy machine. So a shell waits for a line from the test, sent once the size is
/// set, and then runs archie in its place: same process, exit status and signals.)
pub(crate) fn spawn_sized(env: &TestEnv, cols: u16, rows: u16, args: &[&str]) -> Session {
    let mut cmd = env.process("sh");
    cmd.arg("-c")
        .arg("read _ && exec \"$0\" \"$@\"")
        .arg(archie_bin())
        .args(args)
        .env("TERM", "xterm")
        .env("LANG", "C.UTF-8");
    let mut session = Session::spawn(cmd).expect("spawn archie in a pty");
    session
        .get_process_mut()
        .set_window_size(cols, rows)
        .expect("window size");
    session.send("\n").expect("start archie");
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

/// `archie mcp` typed at a terminal says what it waits for, and ends at Ctrl-D (no
/// session began: exit 1, saying so).
#[test]
fn archie_mcp_at_a_terminal_says_it_waits_for_a_client_on_stdin() {
    let env = TestEnv::new();
    let mut session = in_pty(&env, &["mcp"], Duration::from_secs(20));
    session
        .expect("waiting for an MCP client on stdin")
        .expect("archie mcp says what it waits for");
    session
        .expect("npx @modelcontextprotocol/inspector archie mcp")
        .expect("and how to try it");
    session
        .send(expectrl::ControlCode::EndOfTransmission)
        .expect("Ctrl-D");
    session
        .expect("the client did not start a session")
        .expect("says no session began");
    exits_with(&mut session, 1);
}
