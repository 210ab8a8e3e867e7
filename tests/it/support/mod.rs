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
