//! What a test needs from outside the suite, and what it does when that is missing: it
//! fails, naming what is missing and how to get it. It is skipped only when
//! `ARCHIE_TEST_SKIP_INTEROP=1` says so (CI never sets it, and under `CI` it is refused),
//! so a green run never hides a test that did not run.

use std::path::Path;
use std::process::Command;

/// The one opt-out: set to `1`, tests that cannot reach their real other side (the MCP
/// reference servers and Python client of `.ci/mcp-setup.sh`, the llama.cpp server of
/// `.ci/llama-server.sh`) say they were skipped instead of failing.
pub const SKIP_INTEROP: &str = "ARCHIE_TEST_SKIP_INTEROP";

/// Called by a test whose other side is missing (`what`: what, and how to get it).
/// Returns (the caller then returns: skipped) only under `ARCHIE_TEST_SKIP_INTEROP=1`
/// outside CI; panics otherwise.
pub fn missing(what: &str) {
    let opted_out = std::env::var(SKIP_INTEROP).is_ok_and(|v| v.trim() == "1");
    let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false");
    if opted_out && !ci {
        eprintln!("skipped ({SKIP_INTEROP}=1): {what}");
        return;
    }
    if ci {
        panic!("{what}\n(under CI this test must run: {SKIP_INTEROP} is not honoured)");
    }
    panic!(
        "{what}\n(to run the rest of the suite without it, set {SKIP_INTEROP}=1; \
         the test then says it was skipped)"
    );
}

/// Makes `path` a named pipe; a failure fails the test (every Unix has `mkfifo`).
pub fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).output();
    match made {
        Ok(out) if out.status.success() => {}
        Ok(out) => panic!(
            "mkfifo {} failed ({}): {}",
            path.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(e) => panic!("cannot run mkfifo (coreutils) for {}: {e}", path.display()),
    }
}

/// Whether this process runs as root (file permissions do not stop root).
pub fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    // /proc/self belongs to the effective user.
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// For a test that needs file permissions to apply. Not root: returns true, and the
/// caller runs its body. Root: runs the test `name` (its path in the test binary, such as
/// `docs::unreadable_files_are_skipped_with_the_io_reason`) again in this test binary as
/// user `nobody` (with `setpriv`), asserts that it ran and passed there, and returns
/// false. Without `setpriv` a root run fails, saying so.
pub fn unprivileged(name: &str) -> bool {
    if !is_root() {
        return true;
    }
    let exe = std::env::current_exe().expect("the test binary's path");
    let out = Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        .arg(&exe)
        .args(["--exact", name, "--nocapture", "--test-threads=1"])
        .env_remove("CARGO_TARGET_DIR")
        .env("TMPDIR", std::env::temp_dir())
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "{name} needs file permissions to apply: run as root, it runs itself as \
                 `nobody` with setpriv (util-linux), which failed to start: {e}"
            )
        });
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("test result: ok. 1 passed"),
        "{name} as user nobody ({}):\n{stdout}\n{stderr}",
        out.status
    );
    false
}
