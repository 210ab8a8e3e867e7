//! Helpers shared by the integration tests.

#![allow(dead_code)]

use assert_cmd::Command;
use std::path::Path;

/// The archie binary with a clean environment: no LLM keys, no colour, no config from
/// the machine, run in `dir`.
pub fn archie(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("archie").expect("the archie binary is built");
    cmd.current_dir(dir)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", dir)
        .env("NO_COLOR", "1")
        .env("TERM", "dumb");
    cmd
}

/// A fresh temporary directory.
pub fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

pub mod mock_llm;

/// The archie binary pointed at `mock`, run in `dir` with `args`.
pub fn run_with_llm(dir: &Path, mock: &mock_llm::MockLlm, args: &[&str]) -> std::process::Output {
    let mut cmd = archie(dir);
    for (k, v) in mock.env() {
        cmd.env(k, v);
    }
    cmd.args(args).output().expect("run archie")
}

/// A finished process's stdout as text.
pub fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A finished process's stderr as text.
pub fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// How a library error reaches the user: its exit code and the report the binary prints
/// (message, causes, hints), through the same edge the binary uses.
pub fn failure(err: impl Into<anyhow::Error>) -> (u8, String) {
    let cmd = archie::cli::error::CommandError::from(err.into());
    match cmd.event() {
        archie::events::Event::Error {
            message,
            causes,
            hints,
            exit_code,
        } => (exit_code, archie::ui::error_text(&message, &causes, &hints)),
        other => panic!("not an error event: {other:?}"),
    }
}
