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
