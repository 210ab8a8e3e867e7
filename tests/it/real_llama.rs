//! archie against a real OpenAI-compatible server nobody here wrote: llama-cpp-python's
//! server with the Gemma 3 270M GGUF (both from PyPI), CPU only, started by
//! `.ci/llama-server.sh`. The protocol is tested, not the prose of a 270M model.
//!
//! Runs only when `ARCHIE_LLAMA_URL` names the server's base URL, as `.ci/run` sets it:
//!
//!     bash .ci/llama-server.sh install
//!     export ARCHIE_LLAMA_URL=$(bash .ci/llama-server.sh start 18089)
//!     cargo test --test it real_llama -- --nocapture
//!     bash .ci/llama-server.sh stop
//!
//! Without it the test fails, saying how to start the server, unless
//! `ARCHIE_TEST_SKIP_INTEROP=1` says to skip it (never under CI). `.ci/run` leaves it out
//! of its first `cargo test` (`--skip real_llama`) and runs it against the server.
//!
//! The memory holds no schema word written back as an entity, and the second run starts
//! from what the first learned the endpoint accepts (no json_schema 500 first).
//!
//! Last, `build-context` runs with archie's defaults (no `archie.toml`, no `--max-tokens`):
//! extraction asks for temperature 0 by itself and must find at least one entity. That run
//! takes minutes (the overview is written until its 4,096 tokens are spent): 323 s at a
//! load average of about 8, see docs/llm-servers.md.

use crate::support::{TestEnv, archie_bin};
use std::time::{Duration, Instant};

const DOC: &str = "# Payments\n\n\
The Checkout Service calls the Payments Service over HTTP to charge a card.\n\
The Payments Service stores every charge in the Payments DB (PostgreSQL) and\n\
publishes a ChargeCompleted event to the Orders Queue. The Orders Service reads\n\
the Orders Queue and marks the order as paid.\n";

/// Each short run's limit (`--max-tokens 300`): a bound on a hung run, not a measure.
/// The analysis (four calls of up to 300 tokens) took 88 s on a quiet 2-core machine
/// and over 140 s on a loaded one, where the old limit killed it mid-answer.
const RUN_LIMIT: Duration = Duration::from_secs(300);
/// The limit of the run with archie's defaults: a 270M model writes the overview until its
/// 4,096 tokens are spent.
const DEFAULTS_LIMIT: Duration = Duration::from_secs(420);

fn run(env: &TestEnv, args: &[&str]) -> (i32, String, String, Duration) {
    run_within(env, args, RUN_LIMIT)
}

fn run_within(env: &TestEnv, args: &[&str], limit: Duration) -> (i32, String, String, Duration) {
    let started = Instant::now();
    let output = env
        .command(args)
        .timeout(limit)
        .output()
        .expect("run archie");
    let took = started.elapsed();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    eprintln!(
        "--- archie {} ({:.1} s, exit {:?})\n{stderr}",
        args.join(" "),
        took.as_secs_f64(),
        output.status.code()
    );
    (output.status.code().unwrap_or(-1), stdout, stderr, took)
}

/// The `usage` event of a `--json` run.
fn usage(stdout: &str) -> serde_json::Value {
    stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|e| e["event"] == "usage")
        .unwrap_or_else(|| panic!("no usage event in {stdout}"))
}

#[test]
fn build_context_and_a_scripted_analysis_against_llama_cpp_python() {
    let Some(url) = std::env::var("ARCHIE_LLAMA_URL")
        .ok()
        .filter(|u| !u.trim().is_empty())
    else {
        crate::support::other_side::missing(
            "ARCHIE_LLAMA_URL is not set: this test needs a real llama.cpp server (start it \
             with `bash .ci/llama-server.sh install && bash .ci/llama-server.sh start PORT` \
             and set ARCHIE_LLAMA_URL to the URL it prints, or run \
             `bash .ci/llama-server.sh test`)",
        );
        return;
    };
    assert!(archie_bin().exists());
    let env = TestEnv::new()
        .env("OPENAI_BASE_URL", url.trim())
        .env("ARCHIE_MODEL", "gemma-3-270m");
    env.write("docs/payments.md", DOC);
    // Greedy sampling for every call, the user's temperature (extraction asks for 0 by
    // itself; at the server's default a 270M model answers the extraction with empty
    // lists about a third of the time).
    env.write("archie.toml", "[llm]\ntemperature = 0\n");

    // A 270M model rambles to max_tokens: a short one keeps the runs within the time
    // limit (the protocol is tested, not the prose).
    let (code, stdout, stderr, build_took) = run(
        &env,
        &[
            "--json",
            "--max-tokens",
            "300",
            "build-context",
            "payments",
            "-i",
            "docs",
        ],
    );
    assert_eq!(code, 0, "build-context failed:\n{stderr}\n{stdout}");
    let memory: serde_json::Value =
        serde_json::from_str(&env.read("context.json")).expect("context.json is JSON");
    let entities = memory["entities"].as_array().map_or(0, Vec::len);
    assert!(entities >= 1, "no entity extracted: {memory}");
    assert_eq!(
        crate::weak::schema_words_in(&memory),
        [],
        "the schema written back is not knowledge: {memory}"
    );
    // llama-cpp-python refuses json_schema (a 500): learned here, noted for the next run.
    assert!(
        stdout.contains("does not accept a JSON Schema response_format"),
        "{stdout}"
    );
    let overview = env.read("payments_context.md");
    assert!(overview.contains("```mermaid"), "{overview}");
    let build_usage = usage(&stdout);
    eprintln!("build-context usage: {build_usage}");
    // The server's own token counts: the extraction call is read whole, with usage.
    let calls = build_usage["calls"].as_u64().unwrap_or(0);
    let estimated = build_usage["estimated_calls"].as_u64().unwrap_or(0);
    assert!(calls >= 2 && estimated < calls, "{build_usage}");
    assert!(build_usage["prompt_tokens"].as_u64().unwrap_or(0) > 0);
    assert_eq!(build_usage.get("failed"), None, "{build_usage}");

    let (code, stdout, stderr, analyze_took) = run(
        &env,
        &[
            "--json",
            "--max-tokens",
            "300",
            // Extraction asked again, to show it starts from what the last run learned.
            "--no-cache",
            "analyze",
            "-i",
            "docs",
            "-q",
            "Can checkout survive a payments outage?",
            "--answer",
            "It fails fast; the target is end to end.",
            "--answer",
            "/approve",
        ],
    );
    assert_eq!(code, 0, "analyze failed:\n{stderr}\n{stdout}");
    // The endpoint's refusal of json_schema was remembered: no 500 first this time.
    assert!(
        !stdout.contains("does not accept a JSON Schema"),
        "{stdout}"
    );
    let analysis = env.read("analysis_result.md");
    assert!(analysis.contains("Conversation transcript"), "{analysis}");
    let analyze_usage = usage(&stdout);
    eprintln!("analyze usage: {analyze_usage}");
    assert!(analyze_usage["calls"].as_u64().unwrap_or(0) >= 2);
    assert!(analyze_usage["prompt_tokens"].as_u64().unwrap_or(0) > 0);

    // archie's defaults: no archie.toml, no --max-tokens. Extraction asks for temperature
    // 0 by itself (at llama.cpp's own 0.8 this extracted nothing), so it finds something.
    let defaults = TestEnv::new()
        .env("OPENAI_BASE_URL", url.trim())
        .env("ARCHIE_MODEL", "gemma-3-270m");
    defaults.write("docs/payments.md", DOC);
    let (code, stdout, stderr, defaults_took) = run_within(
        &defaults,
        &["--json", "build-context", "payments", "-i", "docs"],
        DEFAULTS_LIMIT,
    );
    assert_eq!(
        code, 0,
        "build-context with the defaults failed:\n{stderr}\n{stdout}"
    );
    let memory: serde_json::Value =
        serde_json::from_str(&defaults.read("context.json")).expect("context.json is JSON");
    let default_entities = memory["entities"].as_array().map_or(0, Vec::len);
    assert_eq!(crate::weak::schema_words_in(&memory), [], "{memory}");
    assert!(
        default_entities >= 1,
        "no entity extracted with archie's defaults: {memory}"
    );
    eprintln!("build-context usage with the defaults: {}", usage(&stdout));
    eprintln!(
        "real server: build-context {:.1} s, analyze {:.1} s, {entities} entities; \
         with the defaults: build-context {:.1} s, {default_entities} entities",
        build_took.as_secs_f64(),
        analyze_took.as_secs_f64(),
        defaults_took.as_secs_f64()
    );
}
