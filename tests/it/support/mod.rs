//! The test harness every test file shares.
//!
//! [`TestEnv`] is a test's world: a temporary folder, a clean environment (no keys, no
//! colour, no user config), documents written into it, and, when asked, a mock LLM on
//! 127.0.0.1. It runs the archie binary and, when the exit code is not the one
//! expected, fails with everything needed to see why: the command, the folder, the
//! files in it, stdout and stderr.
//!
//! ```ignore
//! let env = TestEnv::with_llm();
//! env.mock().answer_with(scripted_model);
//! env.docs("docs", 3);
//! let run = env.ok(&["analyze", "-i", "docs", "--answer", "/approve"]);
//! assert!(run.stderr.contains("wrote analysis_result.md"));
//! ```
//!
//! [`normalize`] turns paths, run ids, dates and timings into placeholders, for
//! snapshots; [`normalize_with`] also names values the test knows (run ids it made).
//!
//! Every run has a time limit ([`TIMEOUT`]): a hung archie fails its test with its
//! output so far instead of stalling the suite.

#![allow(dead_code)]

pub mod llm_client;
pub mod mcp_servers;
pub mod mock_llm;
pub mod other_side;
pub mod upgrade_double;
pub mod upgrade_world;

pub use mock_llm::http;

use assert_cmd::Command;
use mock_llm::MockLlm;
use serde_json::Value;
use std::ffi::OsStr;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};
use std::time::Duration;

/// How long one run by [`TestEnv::run`], [`TestEnv::ok`], [`TestEnv::code`] or
/// [`TestEnv::run_program`] may take before it is killed and reported (exit code -1).
/// A [`TestEnv::spawn`]ed process is the test's to stop.
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// The archie binary under test.
pub fn archie_bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_archie"))
}

/// `program` with a clean environment: no LLM keys, no colour, no config from the
/// machine, run in `dir`.
fn clean(program: impl AsRef<OsStr>, dir: &Path) -> std::process::Command {
    let mut cmd = std::process::Command::new(program);
    cmd.current_dir(dir)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", dir)
        .env("NO_COLOR", "1")
        .env("TERM", "dumb")
        // Whatever LLM server runs on this machine stays out of the tests' output.
        .env("ARCHIE_PROBE_PORTS", "")
        // The test knobs (ARCHIE_LLM_BACKOFF_MS and the like) are read.
        .env("ARCHIE_TEST_KNOBS", "1");
    cmd
}

/// The archie binary with a clean environment: no LLM keys, no colour, no config from
/// the machine, run in `dir`.
pub fn archie(dir: &Path) -> Command {
    Command::from_std(clean(archie_bin(), dir))
}

/// A fresh temporary directory.
pub fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

/// A test's world: a folder, a clean environment and, if asked, a mock LLM.
pub struct TestEnv {
    dir: tempfile::TempDir,
    mock: Option<MockLlm>,
    env: Vec<(String, String)>,
}

impl Default for TestEnv {
    fn default() -> Self {
        Self::new()
    }
}

impl TestEnv {
    /// An empty folder and no LLM.
    pub fn new() -> Self {
        Self {
            dir: tempdir(),
            mock: None,
            env: Vec::new(),
        }
    }

    /// With a mock LLM (serving on its own thread) that archie is pointed at.
    pub fn with_llm() -> Self {
        let mut env = Self::new();
        env.mock = Some(MockLlm::start_background());
        env
    }

    /// The folder archie runs in.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The mock LLM (a test that did not ask for one has a bug).
    pub fn mock(&self) -> &MockLlm {
        self.mock
            .as_ref()
            .expect("TestEnv::with_llm() gives a mock LLM")
    }

    /// Sets an environment variable for every run.
    pub fn env(mut self, key: &str, value: impl Into<String>) -> Self {
        self.env.push((key.into(), value.into()));
        self
    }

    /// Writes `contents` to `rel` (creating folders).
    pub fn write(&self, rel: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.path().join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create folders");
        }
        std::fs::write(&path, contents).expect("write a file");
        path
    }

    /// `count` small design documents in `folder`, each naming the Checkout Service and
    /// the Payments DB.
    pub fn docs(&self, folder: &str, count: usize) -> PathBuf {
        for i in 0..count {
            self.write(
                &format!("{folder}/doc{i:02}.md"),
                format!(
                    "# Service {i}\n\nThe Checkout Service writes orders to the Payments DB and charges cards through the PaymentGateway. Note {i}.\n"
                ),
            );
        }
        self.path().join(folder)
    }

    /// The text of `rel` (the test fails if it cannot be read).
    #[track_caller]
    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path().join(rel))
            .unwrap_or_else(|e| panic!("cannot read {rel}: {e}\n{}", self.files()))
    }

    /// `program` in this world: clean environment, the mock's settings, the extra
    /// variables, run in the folder. For what [`TestEnv::command`] cannot do, such as a
    /// terminal.
    pub fn process(&self, program: impl AsRef<OsStr>) -> std::process::Command {
        let mut cmd = clean(program, self.path());
        if let Some(mock) = &self.mock {
            for (k, v) in mock.env() {
                cmd.env(k, v);
            }
        }
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        cmd
    }

    /// The archie command for this world (see [`TestEnv::process`]), with the time limit.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut std = self.process(archie_bin());
        std.args(args);
        let mut cmd = Command::from_std(std);
        cmd.timeout(TIMEOUT);
        cmd
    }

    /// Runs archie with `args`, whatever its exit code.
    pub fn run(&self, args: &[&str]) -> Ran {
        let output = self.command(args).output().expect("run archie");
        Ran::new(output, describe("archie", args), self.path())
    }

    /// Runs archie with `args` and `stdin` on its standard input, whatever its exit code.
    pub fn run_with_stdin(&self, stdin: &str, args: &[&str]) -> Ran {
        let output = self
            .command(args)
            .write_stdin(stdin.to_string())
            .output()
            .expect("run archie");
        Ran::new(output, describe("archie", args), self.path())
    }

    /// Runs `program` (a script, say) in this world without a terminal, with `ARCHIE`
    /// naming the binary under test, whatever its exit code.
    pub fn run_program(&self, program: &str, args: &[&str]) -> Ran {
        let mut std = self.process(program);
        std.env("ARCHIE", archie_bin());
        let mut cmd = Command::from_std(std);
        cmd.args(args).timeout(TIMEOUT);
        let output = cmd.output().expect("run the program");
        Ran::new(output, describe(program, args), self.path())
    }

    /// Starts archie with `args` and does not wait: for a test that acts while it runs.
    pub fn spawn(&self, args: &[&str]) -> Spawned {
        let child = self
            .process(archie_bin())
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn archie");
        Spawned {
            child,
            command: describe("archie", args),
            dir: self.path().to_path_buf(),
        }
    }

    /// Runs archie and expects exit code 0.
    #[track_caller]
    pub fn ok(&self, args: &[&str]) -> Ran {
        self.code(args, 0)
    }

    /// Runs archie and expects exit code `code`.
    #[track_caller]
    pub fn code(&self, args: &[&str], code: i32) -> Ran {
        let ran = self.run(args);
        ran.expect_code(code);
        ran
    }

    /// Runs archie with `args` and these variables set for this run only, and expects
    /// exit code `code`.
    #[track_caller]
    pub fn code_with(&self, vars: &[(&str, &str)], args: &[&str], code: i32) -> Ran {
        let output = self
            .command(args)
            .envs(vars.iter().copied())
            .output()
            .expect("run archie");
        let ran = Ran::new(output, describe("archie", args), self.path());
        ran.expect_code(code);
        ran
    }

    /// Every file under the folder, with its size (for failure reports).
    pub fn files(&self) -> String {
        files(self.path())
    }

    /// `text` with this world's folder, run ids, dates and timings as placeholders.
    pub fn normalize(&self, text: &str) -> String {
        normalize(text, self.path())
    }

    /// [`normalize`] with the test's own names for values it knows (see
    /// [`normalize_with`]).
    pub fn normalize_with(&self, text: &str, known: &[(&str, &str)]) -> String {
        normalize_with(text, self.path(), known)
    }
}

/// A command line as a person would type it.
fn describe(program: &str, args: &[&str]) -> String {
    let mut line = String::from(program);
    for a in args {
        line.push(' ');
        line.push_str(&archie::shell::quote(a));
    }
    line
}

/// Every file under `dir`, with its size (for failure reports).
fn files(dir: &Path) -> String {
    let mut out = format!("files under {}:\n", dir.display());
    for entry in walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
    {
        let rel = entry.path().strip_prefix(dir).unwrap_or(entry.path());
        let size = entry.metadata().map(|m| m.len()).unwrap_or(0);
        let _ = writeln!(out, "  {} ({size} bytes)", rel.display());
    }
    out
}

/// An archie process started by [`TestEnv::spawn`].
pub struct Spawned {
    pub child: Child,
    command: String,
    dir: PathBuf,
}

impl Spawned {
    /// Waits for it to exit.
    pub fn wait(self) -> Ran {
        let output = self.child.wait_with_output().expect("wait for archie");
        Ran::new(output, self.command, &self.dir)
    }

    /// Kills it (SIGKILL) and waits for it.
    pub fn kill(mut self) -> Ran {
        self.child.kill().expect("SIGKILL");
        self.wait()
    }
}

/// A finished archie process.
pub struct Ran {
    pub output: Output,
    pub stdout: String,
    pub stderr: String,
    /// The exit code (-1 when killed by a signal, or by the harness after [`TIMEOUT`]).
    pub code: i32,
    command: String,
    dir: PathBuf,
}

impl Ran {
    fn new(output: Output, command: String, dir: &Path) -> Self {
        Self {
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            code: output.status.code().unwrap_or(-1),
            output,
            command,
            dir: dir.to_path_buf(),
        }
    }

    /// Fails the test, with the command, its folder, the files in it, stdout and stderr,
    /// unless it exited with `code`.
    #[track_caller]
    pub fn expect_code(&self, code: i32) {
        if self.code != code {
            panic!(
                "\n{} exited with {} (expected {code})\ncwd: {}\n{}\n--- stdout ---\n{}\n--- stderr ---\n{}",
                self.command,
                self.code,
                self.dir.display(),
                files(&self.dir),
                self.stdout,
                self.stderr
            );
        }
    }

    /// The JSON events on stdout (`--json`).
    pub fn events(&self) -> Vec<Value> {
        self.stdout
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect()
    }

    /// The first event named `name`.
    pub fn event(&self, name: &str) -> Option<Value> {
        self.events().into_iter().find(|e| e["event"] == name)
    }
}

/// The archie binary pointed at `mock`, run in `dir` with `args`. (The style before
/// [`TestEnv`]; new tests use [`TestEnv::with_llm`].)
pub fn run_with_llm(dir: &Path, mock: &MockLlm, args: &[&str]) -> std::process::Output {
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

/// `text` with `dir` as `[DIR]`, run ids as `[RUN]`, UTC dates as `[TIME]`, ages as
/// `[AGE]`, durations as `[TOOK]` and a test server's loopback port as `[PORT]`: the one
/// normaliser for snapshots.
pub fn normalize(text: &str, dir: &Path) -> String {
    normalize_with(text, dir, &[])
}

/// [`normalize`], but first every `(exact, name)` in `known` becomes `name`, and the
/// placeholders leave what `known` produced alone. For values a test made itself: run
/// ids under names as long as they are (`(id, "rECHO")`, so columns stay aligned), or a
/// figure that looks like a timing but is fixed (`("41.0 s", "41.0 s")`).
pub fn normalize_with(text: &str, dir: &Path, known: &[(&str, &str)]) -> String {
    let dir = dir.display().to_string();
    let exact: Vec<(&str, &str)> = std::iter::once((dir.as_str(), "[DIR]"))
        .chain(known.iter().copied())
        .filter(|(from, _)| !from.is_empty())
        .collect();
    let alternatives: Vec<String> = exact.iter().map(|(from, _)| regex::escape(from)).collect();
    let exact_re = regex::Regex::new(&alternatives.join("|")).expect("a valid pattern");
    let rules = placeholders();
    let general = |part: &str| {
        let mut part = part.to_string();
        for (pattern, with) in &rules {
            part = pattern.replace_all(&part, *with).into_owned();
        }
        part
    };
    let mut out = String::with_capacity(text.len());
    let mut rest = 0;
    for m in exact_re.find_iter(text) {
        out.push_str(&general(&text[rest..m.start()]));
        let name = exact
            .iter()
            .find(|(from, _)| *from == m.as_str())
            .map_or(m.as_str(), |(_, name)| *name);
        out.push_str(name);
        rest = m.end();
    }
    out.push_str(&general(&text[rest..]));
    out
}

fn placeholders() -> Vec<(regex::Regex, &'static str)> {
    [
        (r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC", "[TIME]"),
        (r"just now|\d+ (s|min|h) ago|\d+ days? ago", "[AGE]"),
        (r"\brun r[0-9a-z]{4,12}\b", "run [RUN]"),
        (r"\bresume r[0-9a-z]{4,12}\b", "resume [RUN]"),
        (r"\b\d+(\.\d+)? (ms|s)\b", "[TOOK]"),
        (r"\b127\.0\.0\.1:\d+\b", "127.0.0.1:[PORT]"),
    ]
    .into_iter()
    .map(|(p, w)| (regex::Regex::new(p).expect("a valid pattern"), w))
    .collect()
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

/// A port on 127.0.0.1 where every connection is refused for as long as this lives: a
/// socket bound to it that never listens. (A listener bound and dropped frees its port,
/// and a test running beside may take it: its server then answers instead.)
pub struct ClosedPort(tokio::net::TcpSocket);

impl ClosedPort {
    pub fn new() -> ClosedPort {
        let socket = tokio::net::TcpSocket::new_v4().expect("socket");
        socket
            .bind(std::net::SocketAddr::from(([127, 0, 0, 1], 0)))
            .expect("bind");
        ClosedPort(socket)
    }

    pub fn port(&self) -> u16 {
        self.0.local_addr().expect("address").port()
    }
}
