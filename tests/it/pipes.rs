//! archie in a pipe: `-q -` and `--answers -` read standard input, `-o -` writes the
//! result (and nothing else) to standard output, `/abort` is not a success, shell
//! completions, and `--dry-run` shows what would be sent without sending it.

use crate::flows::scripted_env;
use crate::support::{Ran, TestEnv};

/// Runs archie with `stdin` on its standard input, expecting exit code `code`.
#[track_caller]
fn piped(env: &TestEnv, stdin: &str, args: &[&str], code: i32) -> Ran {
    let ran = env.run_with_stdin(stdin, args);
    ran.expect_code(code);
    ran
}

#[test]
fn the_question_and_the_answers_come_from_standard_input() {
    let env = scripted_env(1);
    let ran = piped(
        &env,
        "Can checkout survive a payments outage?\n",
        &["analyze", "-i", "docs", "-q", "-", "--answer", "/approve"],
        0,
    );
    let analysis = env.read("analysis_result.md");
    assert!(
        analysis.contains("Can checkout survive a payments outage?"),
        "{analysis}\n{}",
        ran.stderr
    );
    let asked = env.mock().received();
    assert!(
        asked
            .iter()
            .any(|r| r.text().contains("Can checkout survive a payments outage?")),
        "the question read from stdin reached the model"
    );

    // The answers, one per line, as an answers file would give them.
    let env = scripted_env(1);
    piped(
        &env,
        "It fails fast.\n/approve\n",
        &["analyze", "-i", "docs", "--answers", "-"],
        0,
    );
    let analysis = env.read("analysis_result.md");
    assert!(analysis.contains("**You:** It fails fast."), "{analysis}");

    // Both at once cannot share it.
    let ran = piped(
        &env,
        "x\n",
        &["analyze", "-i", "docs", "-q", "-", "--answers", "-"],
        2,
    );
    insta::assert_snapshot!(env.normalize(&ran.stderr), @r"
        error: standard input can give the question or the answers, not both
          Put the answers in a file (--answers FILE) or give them with --answer TEXT.
        ");
    // An empty question is a usage error, not an empty analysis.
    let ran = piped(&env, "  \n", &["analyze", "-i", "docs", "-q", "-"], 2);
    insta::assert_snapshot!(env.normalize(&ran.stderr), @r#"
        error: the question on standard input is empty
          e.g. echo "Can checkout survive a payments outage?" | archie analyze -i docs/ -q -
        "#);
}

#[test]
fn search_reads_its_question_from_standard_input_too() {
    let env = scripted_env(1);
    piped(
        &env,
        "Who owns checkout?\n",
        &["search", "-", "--dry-run"],
        0,
    );
    let ran = piped(&env, "\n", &["search", "-", "--dry-run"], 2);
    assert!(
        ran.stderr.contains("question on standard input is empty"),
        "{}",
        ran.stderr
    );
}

#[test]
fn a_question_read_from_standard_input_is_kept_for_resume() {
    let env = scripted_env(1);
    let ran = piped(
        &env,
        "Who owns the Payments DB?",
        &["--json", "analyze", "-i", "docs", "-q", "-", "--no-input"],
        3,
    );
    let result = ran.events().pop().expect("a result event");
    let run = result["run"].as_str().expect("a run").to_string();
    // Resumed with nothing on stdin, the run still has its question.
    env.ok(&["resume", &run, "--answer", "/approve"]);
    let analysis = env.read("analysis_result.md");
    assert!(analysis.contains("Who owns the Payments DB?"), "{analysis}");
}

#[test]
fn dash_o_writes_the_analysis_to_stdout_and_nothing_else() {
    let env = scripted_env(1);
    let ran = env.ok(&["analyze", "-i", "docs", "-o", "-", "--answer", "/approve"]);
    assert!(ran.stdout.contains("## Open questions"), "{}", ran.stdout);
    assert!(
        ran.stdout.contains("## Conversation transcript"),
        "{}",
        ran.stdout
    );
    assert!(!env.path().join("-").exists(), "no file named -");
    assert!(!env.path().join("analysis_result.md").exists());
    assert!(ran.stderr.contains("wrote stdout"), "{}", ran.stderr);
    // Only the document: the progress, memory and usage lines are on stderr.
    assert!(!ran.stdout.contains("LLM call"), "{}", ran.stdout);
    assert!(!ran.stdout.contains("memory"), "{}", ran.stdout);

    let ran = env.ok(&["build-context", "shop", "-i", "docs", "-o", "-"]);
    assert!(ran.stdout.contains("```mermaid"), "{}", ran.stdout);
    assert!(!env.path().join("-").exists());
    assert!(!env.path().join("shop_context.md").exists());

    // --json has stdout already.
    let ran = env.code(
        &["--json", "build-context", "shop", "-i", "docs", "-o", "-"],
        2,
    );
    insta::assert_snapshot!(env.normalize(&ran.stdout), @r#"
        {"event":"error","message":"-o - and --json both write to standard output","hints":["Drop one, or write the file with -o FILE."],"exit_code":2}
        {"event":"result","status":"usage_error","exit_code":2,"files":[],"error":"-o - and --json both write to standard output"}
        "#);
}

#[test]
fn an_aborted_analysis_is_not_a_success() {
    let env = scripted_env(1);
    let ran = env.code(
        &["--json", "analyze", "-i", "docs", "--answer", "/abort"],
        4,
    );
    let events = ran.events();
    assert!(
        events.iter().any(|e| e["event"] == "aborted"),
        "{}",
        ran.stdout
    );
    let result = events.last().expect("a result event");
    assert_eq!(result["event"], "result");
    assert_eq!(result["status"], "aborted");
    assert_eq!(result["exit_code"], 4);
    assert!(result.get("resume_command").is_none(), "{result}");
    let run = result["run"].as_str().expect("a run").to_string();
    assert!(!env.path().join("analysis_result.md").exists());
    let finished = events
        .iter()
        .find(|e| e["event"] == "run_finished")
        .expect("run_finished");
    assert_eq!(finished["status"], "aborted");

    let list = env.ok(&["runs", "list"]).stdout;
    let line = list
        .lines()
        .find(|l| l.contains(&run))
        .unwrap_or_else(|| panic!("{list}"));
    assert!(line.contains("aborted"), "{list}");
    let ran = env.code(&["resume", &run], 2);
    assert!(ran.stderr.contains("was aborted"), "{}", ran.stderr);

    // Without --json the user reads it, and the exit code says it.
    let ran = env.code(&["analyze", "-i", "docs", "--answer", "/abort"], 4);
    assert!(ran.stderr.contains("analysis aborted"), "{}", ran.stderr);
}

#[test]
fn completions_are_a_script_the_shell_takes() {
    let env = TestEnv::new();
    let bash = env.ok(&["completions", "bash"]).stdout;
    assert!(bash.contains("build-context"), "{bash}");
    assert!(bash.contains("--memory-file"), "{bash}");
    // Nothing of archie's own on stdout, even under --json.
    let json = env.ok(&["--json", "completions", "bash"]).stdout;
    assert_eq!(json, bash);
    // bash itself loads it and registers the completion.
    env.write("archie.bash", &bash);
    let ran = env.run_program(
        "bash",
        &["-c", "source ./archie.bash && complete -p archie"],
    );
    ran.expect_code(0);
    assert!(ran.stdout.contains("_archie"), "{}", ran.stdout);
    for shell in ["zsh", "fish"] {
        let script = env.ok(&["completions", shell]).stdout;
        assert!(script.contains("build-context"), "{shell}: {script}");
    }
    env.code(&["completions", "powershell-9"], 2);
    assert!(!env.path().join(".archie").exists());
}

#[test]
fn a_dry_run_shows_what_would_be_sent_and_sends_nothing() {
    let env = scripted_env(3);
    env.write("docs/notes.bin", [0u8, 159, 146, 150]);
    let ran = env.ok(&["build-context", "shop", "-i", "docs", "--dry-run"]);
    let host = env.mock().url();
    let host = host.trim_end_matches("/v1").trim_end_matches('/');
    insta::assert_snapshot!(env.normalize_with(&ran.stdout, &[(host, "[LLM]")]), @r"
        dry run of build-context: nothing is sent, no LLM call is made
        documents  3 would be read (363 bytes)
          doc00.md
          doc01.md
          doc02.md
        extract    3 chunks: 0 cached, 3 calls to ask ≈ 1,617 prompt tokens
        then       1 call: the overview, ≈ up to 2,788 prompt tokens
        judge      no pairs of names to judge in the memory now (one call per 30 that extraction finds)
        sent to    [LLM] · model mock-model · no API key
        ");
    assert_eq!(env.mock().received().len(), 0, "no LLM call");
    assert!(!env.path().join(".archie").exists(), "nothing written");
    assert!(!env.path().join("shop_context.md").exists());
    assert!(!env.path().join("context.json").exists());

    // After a real run the chunks are cached, and the dry run says so.
    env.ok(&["build-context", "shop", "-i", "docs"]);
    let asked = env.mock().received().len();
    let ran = env.ok(&["--json", "analyze", "-i", "docs", "--dry-run", "-q", "why?"]);
    let plan = ran.event("data").expect("a data event")["value"].clone();
    assert_eq!(plan["dry_run"], true);
    assert_eq!(plan["extraction"]["chunks"], 3, "{plan}");
    assert_eq!(plan["extraction"]["cached"], 3, "{plan}");
    assert_eq!(plan["extraction"]["calls"], 0, "{plan}");
    assert_eq!(plan["calls_after"], 2, "{plan}");
    assert!(plan["prompt_tokens_each"].as_u64().unwrap() > 0, "{plan}");
    assert_eq!(plan["documents"].as_array().unwrap().len(), 3, "{plan}");
    assert_eq!(env.mock().received().len(), asked, "still no LLM call");

    let ran = env.ok(&["search", "--dry-run", "-i", "docs", "who owns checkout?"]);
    insta::assert_snapshot!(env.normalize_with(&ran.stdout, &[(host, "[LLM]")]), @r"
        dry run of search: nothing is sent, no LLM call is made
        documents  3 would be read (363 bytes)
          doc00.md
          doc01.md
          doc02.md
        then       2 calls: a plan of tool calls (archie's built-in tools), then the answer with up to --results-tokens of their results, ≈ up to 6,000 prompt tokens each
        sent to    [LLM] · model mock-model · no API key
        ");
    assert_eq!(env.mock().received().len(), asked, "still no LLM call");
}

/// `-v` on a dry run says where each LLM setting not left to its default came from:
/// a flag over the environment, the environment over `archie.toml`.
#[test]
fn a_verbose_dry_run_says_where_the_llm_settings_came_from() {
    let env = scripted_env(1);
    env.write(
        "archie.toml",
        "[llm]\nmodel = \"file-model\"\nretries = 2\n",
    );
    let ran = env.ok(&["-v", "search", "--dry-run", "who owns checkout?"]);
    assert!(
        ran.stdout.contains(
            "settings   base_url from OPENAI_BASE_URL · model from ARCHIE_MODEL · \
             retries from archie.toml (the others: defaults)"
        ),
        "{}",
        ran.stdout
    );
    let ran = env.ok(&[
        "-v",
        "--model",
        "m1",
        "--max-tokens",
        "9",
        "search",
        "--dry-run",
        "q",
    ]);
    assert!(ran.stdout.contains("· model m1 ·"), "{}", ran.stdout);
    assert!(
        ran.stdout.contains(
            "settings   base_url from OPENAI_BASE_URL · model from --model · \
             max_tokens from --max-tokens · retries from archie.toml"
        ),
        "{}",
        ran.stdout
    );
    // Not without -v, and never in the JSON plan.
    let ran = env.ok(&["search", "--dry-run", "q"]);
    assert!(!ran.stdout.contains("settings "), "{}", ran.stdout);
    assert_eq!(env.mock().received().len(), 0, "no LLM call");
}

/// `archie --json analyze … | head -1`: once the reader is gone, archie makes no more
/// LLM calls, says nothing, exits 0 (as ripgrep does), and keeps the run's last
/// checkpoint for `archie resume`. Forced, not hoped for: the first LLM request is held
/// until the test has read one line and closed its end of the pipe.
#[test]
fn a_closed_stdout_ends_the_run_quietly_and_keeps_the_run() {
    use crate::flows::scripted_model;
    use std::io::BufRead;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};

    let args = [
        "--json",
        "analyze",
        "-i",
        "docs",
        "--concurrency",
        "1",
        "--answer",
        "It fails fast.",
        "--answer",
        "/approve",
    ];
    // What the whole run asks of the model.
    let full = scripted_env(3);
    full.ok(&args);
    let full_requests = full.mock().received().len();

    let env = TestEnv::with_llm();
    env.docs("docs", 3);
    let released = Arc::new(AtomicBool::new(false));
    let gate = released.clone();
    env.mock().answer_with(move |req| {
        while !gate.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(5));
        }
        scripted_model(req)
    });
    let (reader, writer) = std::io::pipe().expect("a pipe");
    let mut cmd = env.process(crate::support::archie_bin());
    cmd.args(args)
        .stdin(std::process::Stdio::null())
        .stdout(writer)
        .stderr(std::process::Stdio::piped());
    let child = cmd.spawn().expect("spawn archie");
    drop(cmd); // the parent's copy of the pipe's write end
    let mut reader = std::io::BufReader::new(reader);
    let mut first = String::new();
    reader.read_line(&mut first).expect("read the first event");
    assert!(first.starts_with('{'), "{first}");
    let deadline = Instant::now() + Duration::from_secs(30);
    while env.mock().received().is_empty() {
        assert!(Instant::now() < deadline, "archie never asked the model");
        std::thread::sleep(Duration::from_millis(10));
    }
    drop(reader); // `head -1` exits
    released.store(true, Ordering::SeqCst);
    let out = child.wait_with_output().expect("wait for archie");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "", "quiet: nobody is reading");
    let asked = env.mock().received().len();
    assert!(
        asked == 1 && full_requests > 1,
        "{asked} LLM requests, the held one and those after the reader left (a whole run \
         makes {full_requests})"
    );
    let listed = env.ok(&["runs", "list", "--json"]).stdout;
    assert!(listed.contains("\"interrupted\""), "{listed}");
    assert!(!env.path().join("analysis_result.md").exists());
}

/// `--dry-run` needs no LLM: it says where the text would go once one is configured.
/// With none configured, a server on a probed loopback port is offered with the exact
/// flags, by the dry run and by the error of a real run, and never used unasked.
#[test]
fn a_dry_run_needs_no_llm_and_a_local_server_is_offered_not_used() {
    let env = TestEnv::new();
    env.docs("docs", 2);
    let ran = env.ok(&["build-context", "shop", "-i", "docs", "--dry-run"]);
    assert!(
        ran.stdout.contains(
            "sent to    no LLM is configured yet: the text would go to the endpoint you set"
        ),
        "{}",
        ran.stdout
    );
    assert!(ran.stdout.contains("extract    2 chunks"), "{}", ran.stdout);
    assert!(!ran.stdout.contains("found "), "{}", ran.stdout);

    let local = crate::support::mock_llm::MockLlm::start_background();
    let url = local.url();
    let port = url
        .trim_start_matches("http://127.0.0.1:")
        .trim_end_matches("/v1");
    let env = env.env("ARCHIE_PROBE_PORTS", port);
    let flags = format!("--base-url {url} --model mock-model");
    let ran = env.ok(&["search", "--dry-run", "who owns checkout?"]);
    assert!(
        ran.stdout.contains(&format!(
            "found      an OpenAI-compatible server at {url} (mock-model) — to use it: archie {flags} search …"
        )),
        "{}",
        ran.stdout
    );
    let ran = env.ok(&["--json", "analyze", "-i", "docs", "--dry-run"]);
    let plan = ran.event("data").expect("a data event")["value"].clone();
    assert_eq!(plan["endpoint"], serde_json::Value::Null, "{plan}");
    assert_eq!(plan["local_servers"][0]["base_url"], url.as_str(), "{plan}");
    // A real run stops at the missing configuration, and its error offers the server.
    let ran = env.code(&["analyze", "-i", "docs", "-q", "why?"], 2);
    assert!(
        ran.stderr.contains("error: no LLM is configured"),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr
            .contains("Found on this machine (not used unless you ask):")
            && ran
                .stderr
                .contains(&format!("archie {flags} analyze -i docs -q 'why?'")),
        "{}",
        ran.stderr
    );
    assert!(local.models_asked() >= 3, "the server was looked at");
    assert_eq!(local.received().len(), 0, "the server was never used");
}
