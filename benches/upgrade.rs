//! `archie upgrade` against the UpGrade double over real HTTP on 127.0.0.1, measured
//! rather than tested (figures for docs/performance.md and docs/reliability.md; no
//! assertion on time):
//!
//! - `balance`: users per second of a 1,000-user balance test at concurrency 1 and 16;
//! - `latency`: the same with the double answering in 120–420 ms, at concurrency 16;
//! - `writers`: two simultaneous `archie --yes upgrade` edits of one experiment, 20
//!   trials (`ARCHIE_TRIALS=N`) per series, with one lock folder and with one each.
//!
//! `cargo bench --bench upgrade [-- balance|latency|writers]` (all three without a name).
//! The binary is the one cargo builds for the bench (`CARGO_BIN_EXE_archie`).

// A benchmark, like a test, may stop at the first surprise.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

#[path = "../tests/it/support/mod.rs"]
mod support;

use serde_json::json;
use support::upgrade_double::UpgradeDouble;
use support::upgrade_world::{of_kind, route, upgrade, weights, world};

fn main() {
    let asked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let wants = |name: &str| asked.is_empty() || asked.iter().any(|a| a == name);
    if wants("balance") {
        balance_throughput();
    }
    if wants("latency") {
        balance_throughput_with_latency();
    }
    if wants("writers") {
        two_writers_trials();
    }
}

/// Users per second of a 1,000-user balance test against the double, at concurrency 1
/// and 16 (for the performance notes; no assertion on time). Run with
/// `cargo bench --bench upgrade -- balance`.
fn balance_throughput() {
    let up = UpgradeDouble::start();
    up.seed(
        json!({"name": "Checkout Copy", "state": "enrolling", "conditions": [
        {"id": "a", "conditionCode": "control", "assignmentWeight": 30, "order": 1},
        {"id": "b", "conditionCode": "variant", "assignmentWeight": 70, "order": 2}]}),
    );
    for concurrency in ["1", "16"] {
        let env = world(&up, |_| {
            route(
                "testing",
                json!({"action": "balance", "experiment": "Checkout Copy", "count": 1000}),
            )
        });
        let out = upgrade(
            &env,
            0,
            &[
                "--json",
                "--yes",
                "--concurrency",
                concurrency,
                "balance test",
            ],
        );
        let ev = out.events();
        let b = of_kind(&ev, "balance_test")[0];
        let ms = b["ms"].as_f64().unwrap();
        println!(
            "concurrency {concurrency}: 1000 users in {:.2} s = {:.0} users/s (p = {:.3})",
            ms / 1000.0,
            1000.0 / (ms / 1000.0),
            b["p_value"].as_f64().unwrap()
        );
    }
}

/// The balance test against the double with the real server's latency (120–420 ms per
/// call at 16 users): the figure beside the real server's 20–21 users/s in
/// docs/performance.md.
/// `cargo bench --bench upgrade -- latency`.
fn balance_throughput_with_latency() {
    let up = UpgradeDouble::start();
    up.seed(
        json!({"name": "Checkout Copy", "state": "enrolling", "conditions": [
        {"id": "a", "conditionCode": "control", "assignmentWeight": 30, "order": 1},
        {"id": "b", "conditionCode": "variant", "assignmentWeight": 70, "order": 2}]}),
    );
    up.latency(120, 420);
    for users in [400, 1000] {
        let env = world(&up, move |_| {
            route(
                "testing",
                json!({"action": "balance", "experiment": "Checkout Copy", "count": users}),
            )
        });
        let out = upgrade(
            &env,
            0,
            &["--json", "--yes", "--concurrency", "16", "balance test"],
        );
        let ev = out.events();
        let b = of_kind(&ev, "balance_test")[0];
        let ms = b["ms"].as_f64().unwrap();
        println!(
            "latency 120-420 ms, concurrency 16: {users} users in {:.1} s = {:.1} users/s (p = {:.3})",
            ms / 1000.0,
            users as f64 / (ms / 1000.0),
            b["p_value"].as_f64().unwrap()
        );
    }
}

/// Two `archie --yes upgrade` processes started together on one experiment, one changing
/// its description and one its weights, against the double with latency like the real
/// server's (a PUT of 5–40 ms): in how many trials both changes landed, in how many one
/// is gone and a run said so (a non-zero exit), and in how many one is gone while both
/// exited 0, which must be none. Two series: both processes with one lock folder (one
/// machine: they serialise on the lock) and with a folder each (as on two machines: only
/// the check after each write protects). For docs/reliability.md; run with
/// `cargo bench --bench upgrade -- writers`
/// (`ARCHIE_TRIALS=N` for another number of trials than 20).
fn two_writers_trials() {
    let trials: usize = std::env::var("ARCHIE_TRIALS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    let up = UpgradeDouble::start();
    up.latency(5, 40);
    let env = world(&up, |m| {
        let name = m
            .split(" of ")
            .nth(1)
            .and_then(|rest| rest.split(" to ").next())
            .unwrap_or("")
            .to_string();
        if m.contains("weights") {
            route(
                "experiment_management",
                json!({"action": "update", "experiment": name,
                       "conditions": [{"code": "control", "weight": 30}, {"code": "variant", "weight": 70}]}),
            )
        } else {
            route(
                "experiment_management",
                json!({"action": "update", "experiment": name, "description": "mine"}),
            )
        }
    });
    let folders = [support::tempdir(), support::tempdir()];
    for (series, separate) in [
        ("one lock folder (one machine)", false),
        ("a lock folder each (two machines)", true),
    ] {
        let (mut both, mut reported, mut silent) = (0, 0, 0);
        let mut codes: std::collections::BTreeMap<(i32, i32), usize> = Default::default();
        for t in 0..trials {
            let name = format!("Race {} {t}", u8::from(separate));
            let id = up.seed(json!({"name": name}));
            let start = |i: usize, message: String| {
                let mut cmd = env.process(support::archie_bin());
                cmd.args([
                    "upgrade",
                    "--yes",
                    "-o",
                    &format!("session-{i}.md"),
                    &message,
                ])
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped());
                if separate {
                    cmd.env("ARCHIE_UPGRADE_LOCK_DIR", folders[i].path());
                }
                cmd.spawn().expect("spawn archie")
            };
            let a = start(0, format!("set the description of {name} to mine"));
            let b = start(1, format!("set the weights of {name} to 30/70"));
            let a = a.wait_with_output().unwrap();
            let b = b.wait_with_output().unwrap();
            let code = |o: &std::process::Output| o.status.code().unwrap_or(-1);
            let (ca, cb) = (code(&a), code(&b));
            *codes.entry((ca, cb)).or_default() += 1;
            let e = up.experiment(&id).unwrap();
            let landed = e["description"] == "mine" && weights(&e) == [30.0, 70.0];
            if landed {
                both += 1;
            } else if ca == 0 && cb == 0 {
                silent += 1;
                eprintln!(
                    "trial {t}: a change is gone and both exited 0:\n{}\n{}",
                    String::from_utf8_lossy(&a.stdout),
                    String::from_utf8_lossy(&b.stdout)
                );
            } else {
                reported += 1;
            }
        }
        println!(
            "{series}: {trials} trials: both changes landed {both}, one gone and said so \
             (non-zero exit) {reported}, one gone and both exited 0 {silent}; exit codes \
             (description, weights): {codes:?}"
        );
        assert_eq!(silent, 0, "{series}");
    }
}
