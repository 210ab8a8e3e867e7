//! Failures a user can trust: a failure no retry can fix stops the run at once and is
//! said once; a step whose work failed is never shown as done and is resumed; a mistake
//! on the command line is not a run; every hint works where it is pasted; resume honours
//! what it is told.

use crate::flows::{TURN_1, is_extraction, scripted_env, scripted_model};
use crate::support::TestEnv;
use crate::support::mock_llm::{MockLlm, Reply};
use serde_json::Value;

fn extraction_calls(mock: &MockLlm) -> usize {
    mock.received().iter().filter(|r| is_extraction(r)).count()
}

/// The id in the first `archie resume ID` of `text`.
fn resumed_run(text: &str) -> String {
    let at = text.find("resume r").expect("a resume hint") + "resume ".len();
    text[at..]
        .split(|c: char| !c.is_ascii_alphanumeric())
        .next()
        .expect("an id")
        .to_string()
}

/// The line of `text` that says how to continue.
fn continue_line(text: &str) -> String {
    text.lines()
        .find(|l| l.contains("continue with:"))
        .unwrap_or_else(|| panic!("no continue line in:\n{text}"))
        .trim()
        .to_string()
}

#[test]
fn a_rejected_key_stops_extraction_at_once_says_it_once_and_resumes_once_fixed() {
    let env = TestEnv::with_llm();
    env.docs("docs", 12);
    env.mock()
        .answer_with(|_| Reply::error(401, "Incorrect API key provided", Some("invalid_api_key")));
    let ran = env.code(&["build-context", "shop", "-i", "docs"], 1);
    let err = &ran.stderr;
    assert_eq!(
        err.matches("Incorrect API key provided").count(),
        1,
        "{err}"
    );
    assert!(err.contains("Check OPENAI_API_KEY"), "{err}");
    assert!(
        !err.contains("extracted knowledge"),
        "never a ✔ for it: {err}"
    );
    assert!(
        err.contains("stopped at step 2 (extracting knowledge)"),
        "{err}"
    );
    // Stopped at once: not one request per chunk (8 were in flight at most).
    assert!(
        env.mock().received().len() <= 8,
        "{}",
        env.mock().received().len()
    );
    assert!(!env.path().join("shop_context.md").exists());

    // The key fixed, the run continues at extraction and asks for every chunk.
    env.mock().answer_with(scripted_model);
    let before = extraction_calls(env.mock());
    let id = resumed_run(err);
    let ran = env.ok(&["resume", &id]);
    assert_eq!(extraction_calls(env.mock()) - before, 12, "{}", ran.stderr);
    assert!(ran.stderr.contains("extracted knowledge"), "{}", ran.stderr);
    assert!(env.path().join("shop_context.md").exists());
}

#[test]
fn an_unknown_model_and_a_closed_port_fail_fast_too() {
    let env = TestEnv::with_llm();
    env.docs("docs", 6);
    env.mock()
        .answer_with(|_| Reply::error(404, "The model `nope` does not exist", None));
    let ran = env.code(&["build-context", "shop", "-i", "docs", "-m", "nope"], 1);
    assert_eq!(
        ran.stderr.matches("does not exist").count(),
        1,
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr.contains("Choose another with --model"),
        "{}",
        ran.stderr
    );

    let closed = TestEnv::new()
        .env("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
        .env("ARCHIE_LLM_BACKOFF_MS", "1");
    closed.docs("docs", 6);
    let ran = closed.code(&["build-context", "shop", "-i", "docs"], 1);
    let err = &ran.stderr;
    assert_eq!(err.matches("error:").count(), 1, "{err}");
    assert_eq!(err.matches("could not reach the LLM").count(), 1, "{err}");
    // Retries are said once, not once per call in flight.
    assert!(err.matches("retrying").count() <= 3, "{err}");
    assert!(!err.contains("extracted knowledge"), "{err}");
}

/// Issue 22: against a closed port, the calls dropped when the first one failed are
/// counted and said, not left out ("1 LLM call (61 requests, 1 failed)").
#[test]
fn the_usage_line_counts_the_calls_a_failure_stopped() {
    let closed = TestEnv::new()
        .env("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
        .env("ARCHIE_LLM_BACKOFF_MS", "200");
    closed.docs("docs", 6);
    // Four calls at once, each retrying the refused connection for a while.
    let args = ["build-context", "shop", "-i", "docs", "--concurrency", "4"];
    let ran = closed.code(&args, 1);
    let line = ran
        .stderr
        .lines()
        .find(|l| l.contains("LLM call"))
        .unwrap_or_else(|| panic!("no usage line: {}", ran.stderr));
    assert!(
        line.contains("4 LLM calls (") && line.contains("1 failed, 3 stopped unanswered)"),
        "{line}"
    );
    assert!(line.contains(" · no answer · "), "{line}");
    let mut json_args = vec!["--json"];
    json_args.extend(args);
    let ran = closed.code(&json_args, 1);
    let usage = ran.event("usage").expect("a usage event");
    assert_eq!(
        (
            usage["calls"].as_u64(),
            usage["failed"].as_u64(),
            usage["stopped"].as_u64()
        ),
        (Some(4), Some(1), Some(3)),
        "{usage}"
    );
}

#[test]
fn a_step_whose_every_chunk_failed_fails_and_resume_asks_only_for_those() {
    let env = TestEnv::with_llm();
    env.docs("docs", 3);
    env.mock().answer_with(|req| {
        if is_extraction(req) {
            Reply::server_error()
        } else {
            scripted_model(req)
        }
    });
    let ran = env.code(
        &["build-context", "shop", "-i", "docs", "--retries", "0"],
        1,
    );
    assert!(
        ran.stderr
            .contains("knowledge extraction failed for all 3 chunks"),
        "{}",
        ran.stderr
    );
    assert!(!ran.stderr.contains("✔ extracted"), "{}", ran.stderr);

    // One chunk still fails: the step goes on with the others, says so, and is not ✔.
    env.mock().answer_with(|req| {
        if is_extraction(req) && req.text().contains("Note 1.") {
            Reply::server_error()
        } else {
            scripted_model(req)
        }
    });
    let id = resumed_run(&ran.stderr);
    let ran = env.ok(&["resume", &id, "--retries", "0"]);
    assert!(
        ran.stderr.contains("! extracted knowledge  2 of 3 chunks"),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr.contains("1 failed and were left out"),
        "{}",
        ran.stderr
    );

    // The next run asks only for the chunk that failed.
    env.mock().answer_with(scripted_model);
    let before = extraction_calls(env.mock());
    let ran = env.ok(&["build-context", "shop", "-i", "docs"]);
    assert_eq!(extraction_calls(env.mock()) - before, 1, "{}", ran.stderr);
}

#[test]
fn usage_errors_are_not_runs() {
    let env = TestEnv::with_llm();
    env.write("empty/notes.bin", [0u8, 1, 2, 3]);
    let mut said = String::new();
    for args in [
        &["build-context", "shop"][..],
        &["build-context", "shop", "-i", "missing"],
        &["analyze", "-i", "empty"],
    ] {
        let ran = env.code(args, 2);
        said.push_str(&format!("$ archie {}\n{}\n", args.join(" "), ran.stderr));
    }
    insta::assert_snapshot!(env.normalize(&said), @r"
        $ archie build-context shop
        error: no documents to read: no input was given
          pass a folder of design documents with -i docs/ (repeat -i to add folders or single files)

        $ archie build-context shop -i missing
        error: input missing does not exist
          check the path; pass a folder of design documents with -i docs/ (repeat -i to add folders or single files)

        $ archie analyze -i empty
        error: no documents to read in empty: 1 other file is not .md or .txt
          archie reads .md and .txt files; add --include '*.rst' (for example) to read other kinds, or point -i at your design documents
        ");
    assert!(
        !env.path().join(".archie").exists(),
        "no run was recorded:\n{}",
        env.files()
    );

    // A configuration error creates no .archie/ either.
    let bare = TestEnv::new();
    bare.docs("docs", 1);
    let ran = bare.code(&["analyze", "-i", "docs"], 2);
    insta::assert_snapshot!(bare.normalize(&ran.stderr), @r"
        error: no LLM is configured
          archie talks to any OpenAI-compatible endpoint. Either:
            export OPENAI_API_KEY=sk-…                          (OpenAI)
            archie --base-url http://localhost:11434/v1 --model llama3.1 analyze …   (Ollama)
          or put [llm] base_url/model in archie.toml.
        ");
    bare.write("archie.toml", "[llm\nbase_url = 3");
    let ran = bare.code(&["analyze", "-i", "docs"], 2);
    insta::assert_snapshot!(bare.normalize(&ran.stderr), @r"
        error: archie.toml is not a valid archie configuration: unclosed table, expected `]`
          Fix or remove the file (see `archie --help` for the [llm] settings).
        ");
    assert!(!bare.path().join(".archie").exists(), "{}", bare.files());
}

#[test]
fn a_hint_with_a_memory_file_elsewhere_works_from_any_folder_and_runs_show_prints_it_too() {
    let env = scripted_env(1);
    std::fs::create_dir_all(env.path().join("project/sub")).expect("folders");
    std::fs::create_dir_all(env.path().join("elsewhere")).expect("folders");
    // Run from project/sub with the memory file one folder up.
    let sub = env.path().join("project/sub");
    let mut cmd = env.process(crate::support::archie_bin());
    cmd.current_dir(&sub).args([
        "--memory-file",
        "../ctx.json",
        "analyze",
        "-i",
        "../../docs",
        "--no-input",
    ]);
    let out = cmd.output().expect("run archie");
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let line = continue_line(&err);
    let memory = env.path().join("project/ctx.json");
    let memory = std::fs::canonicalize(&memory).expect("memory file written");
    assert!(
        line.contains(&format!("--memory-file {}", memory.display())),
        "an absolute path, as the file is not under where the user stands: {line}"
    );

    // `runs show` prints the same line.
    let id = resumed_run(&line);
    let mut cmd = env.process(crate::support::archie_bin());
    cmd.current_dir(&sub)
        .args(["--memory-file", "../ctx.json", "runs", "show", &id]);
    let out = cmd.output().expect("runs show");
    assert_eq!(continue_line(&String::from_utf8_lossy(&out.stdout)), line);

    // Pasted in another folder, it finds the run.
    let command = line
        .trim_start_matches("continue with: ")
        .replace("--answer \"…\"", "--answer /approve");
    let words: Vec<&str> = command.split_whitespace().skip(1).collect();
    let mut cmd = env.process(crate::support::archie_bin());
    cmd.current_dir(env.path().join("elsewhere")).args(&words);
    let out = cmd.output().expect("the pasted hint");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        env.path().join("project/sub/analysis_result.md").exists()
            || env.path().join("elsewhere/analysis_result.md").exists()
    );
}

#[test]
fn resume_uses_the_model_given_to_it_and_says_so() {
    let env = scripted_env(1);
    let ran = env.code(&["analyze", "-i", "docs", "--no-input"], 3);
    let id = resumed_run(&ran.stderr);
    let ran = env.ok(&["resume", &id, "-m", "other-model", "--answer", "/approve"]);
    assert!(
        ran.stderr.contains(
            "using --model other-model given here; the run was recorded without it \
             (kept for the next resume)"
        ),
        "{}",
        ran.stderr
    );
    let last = env.mock().received().pop().expect("a request");
    assert_eq!(last.body["model"], "other-model");
}

#[test]
fn usage_adds_up_over_the_attempts_of_a_run() {
    let env = scripted_env(2);
    let ran = env.code(&["analyze", "-i", "docs", "-q", "Q?", "--no-input"], 3);
    let id = resumed_run(&ran.stderr);
    let first = env.mock().received().len();
    env.code(
        &["resume", &id, "--answer", "It fails fast.", "--no-input"],
        3,
    );
    env.ok(&["resume", &id, "--answer", "/approve"]);
    let total = env.mock().received().len();
    assert!(total > first);
    let ran = env.ok(&["--json", "runs", "list"]);
    let runs: Value = ran.event("data").expect("data")["value"].clone();
    assert_eq!(runs[0]["llm_calls"], total as u64, "{runs:#}");
    let shown = env.ok(&["runs", "show", &id]);
    assert!(
        shown.stdout.contains(&format!("{total} calls")),
        "{}",
        shown.stdout
    );
    assert!(shown.stdout.contains("over 3 attempts"), "{}", shown.stdout);
}

#[test]
fn a_scripted_typo_of_a_command_is_refused_not_sent_to_the_model() {
    let env = scripted_env(1);
    let ran = env.code(&["analyze", "-i", "docs", "--answer", "/aprove"], 2);
    assert!(
        ran.stderr
            .contains("unknown command /aprove — did you mean /approve?"),
        "{}",
        ran.stderr
    );
    assert!(
        env.mock()
            .received()
            .iter()
            .all(|r| !r.text().contains("/aprove"))
    );
    let id = resumed_run(&ran.stderr);
    env.ok(&["resume", &id, "--answer", "/approve"]);
    let transcript = env.read("analysis_result.md");
    assert!(transcript.contains(TURN_1));
}

/// build-context over six documents with six calls in flight, each chunk's first request
/// failing alike once all six are in flight; the output (stderr, or stdout under --json).
fn a_burst_of_failures(json: bool) -> crate::support::Ran {
    use std::collections::HashSet;
    use std::sync::{Arc, Mutex};
    use std::time::Duration;
    let env = TestEnv::with_llm();
    env.docs("docs", 6);
    let failed: Arc<Mutex<HashSet<String>>> = Arc::default();
    env.mock().answer_with(move |req| {
        let first = is_extraction(req) && failed.lock().expect("lock").insert(req.text());
        if first {
            Reply::server_error().delayed(Duration::from_millis(300))
        } else {
            scripted_model(req)
        }
    });
    let mut args = vec!["build-context", "shop", "-i", "docs", "--concurrency", "6"];
    if json {
        args.insert(0, "--json");
    }
    let ran = env.ok(&args);
    assert_eq!(
        env.mock()
            .received()
            .iter()
            .filter(|r| is_extraction(r))
            .count(),
        12,
        "each of the six chunks asked twice"
    );
    ran
}

#[test]
fn a_burst_of_identical_retries_from_calls_in_flight_is_said_once() {
    // The client reports every retry…
    let ran = a_burst_of_failures(true);
    let retries: Vec<Value> = ran
        .events()
        .into_iter()
        .filter(|e| e["event"] == "retry")
        .collect();
    assert_eq!(retries.len(), 6, "{}", ran.stdout);
    assert!(retries.iter().all(|r| r["reason"] == retries[0]["reason"]));
    // …and the terminal says it once.
    let ran = a_burst_of_failures(false);
    assert_eq!(
        ran.stderr.matches("retrying in").count(),
        1,
        "{}",
        ran.stderr
    );
}

/// A folder whose only document is too large says so and how to raise the limit, without
/// the unrelated advice to read other kinds of files.
#[test]
fn an_oversized_document_alone_gets_its_own_hint_only() {
    let env = TestEnv::with_llm();
    env.write("docs/big.md", "word ".repeat(300_000));
    let ran = env.code(&["analyze", "-i", "docs"], 2);
    assert!(
        ran.stderr
            .contains("is over the 1 MiB limit (raise it with --max-file-size)"),
        "{}",
        ran.stderr
    );
    assert!(!ran.stderr.contains("--include"), "{}", ran.stderr);
}
