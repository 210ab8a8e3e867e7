//! archie in scripts and plain logs: the last `--json` line is the whole result, errors
//! are events too, `--quiet` still names what was written, help is short, progress
//! without a terminal is a plain line, and symbols fall back to ASCII.

use crate::flows::{is_extraction, scripted_env, scripted_model};
use crate::support::TestEnv;
use serde_json::Value;
use std::time::Duration;

fn last_json(stdout: &str) -> Value {
    let line = stdout.lines().last().expect("a last line");
    serde_json::from_str(line).expect("the last line is JSON")
}

#[test]
fn the_last_json_line_is_the_result_a_script_needs() {
    let env = scripted_env(2);
    let ran = env.code(&["--json", "analyze", "-i", "docs", "--no-input"], 3);
    let result = last_json(&ran.stdout);
    assert_eq!(result["event"], "result");
    assert_eq!(result["status"], "waiting");
    assert_eq!(result["exit_code"], 3);
    let run = result["run"].as_str().expect("the run id").to_string();
    assert_eq!(result["question"]["kind"], "text");
    assert!(
        result["question"]["question"]
            .as_str()
            .is_some_and(|q| q.contains("retry or fail"))
    );
    assert_eq!(result["resume_command"], format!("archie resume {run}"));
    assert_eq!(result["memory"]["entities_added"], 3, "{result:#}");
    assert!(result["usage"]["calls"].as_u64().is_some_and(|c| c >= 3));
    assert!(result["usage"]["wall_ms"].as_u64().is_some());

    let ran = env.ok(&["--json", "resume", &run, "--answer", "/approve"]);
    let result = last_json(&ran.stdout);
    assert_eq!(result["status"], "completed");
    assert_eq!(result["exit_code"], 0);
    assert_eq!(result["files"][0]["path"], "analysis_result.md");
    assert!(result.get("question").is_none());
}

#[test]
fn a_configuration_error_under_json_is_still_an_error_event_and_a_result() {
    let env = TestEnv::new();
    env.docs("docs", 1);
    let ran = env.code(&["--json", "analyze", "-i", "docs"], 2);
    let events = ran.events();
    assert_eq!(events.len(), 2, "{}", ran.stdout);
    assert_eq!(events[0]["event"], "error");
    assert_eq!(events[0]["message"], "no LLM is configured");
    let result = last_json(&ran.stdout);
    assert_eq!(result["status"], "usage_error");
    assert_eq!(result["exit_code"], 2);

    // So is a command line clap cannot read.
    let ran = env.code(&["--json", "analyze", "--frobnicate"], 2);
    assert_eq!(ran.events()[0]["event"], "error", "{}", ran.stdout);
    assert_eq!(last_json(&ran.stdout)["exit_code"], 2);
}

#[test]
fn quiet_still_names_the_files_written() {
    let env = scripted_env(1);
    let ran = env.ok(&["--quiet", "build-context", "shop", "-i", "docs"]);
    insta::assert_snapshot!(env.normalize(&ran.stderr), @r"
        ✔ wrote shop_context.md  (overview · 1 component · data flows · Mermaid diagram of 3 nodes)
        ✔ memory context.json: +3 entities, +2 relationships
        ");
}

#[test]
fn the_usage_line_says_what_its_times_are() {
    let env = scripted_env(1);
    let ran = env.ok(&["build-context", "shop", "-i", "docs"]);
    let line = ran
        .stderr
        .lines()
        .find(|l| l.contains("LLM call"))
        .expect("a usage line");
    assert!(line.contains("waiting for the model"), "{line}");
    assert!(line.contains("in all"), "{line}");
}

#[test]
fn a_command_help_is_short_and_points_at_the_shared_options() {
    let env = TestEnv::new().env("COLUMNS", "100");
    for (args, at_most) in [
        (&["memory", "stats", "--help"][..], 20),
        (&["analyze", "--help"], 55),
        (&["build-context", "-h"], 55),
    ] {
        let ran = env.ok(args);
        let lines = ran.stdout.lines().count();
        assert!(lines <= at_most, "{args:?}: {lines} lines\n{}", ran.stdout);
        assert!(!ran.stdout.contains("--base-url <URL>"), "{}", ran.stdout);
        assert!(ran.stdout.contains("archie --help"), "{}", ran.stdout);
        // The whole text, reviewed as one diff when a word changes.
        insta::assert_snapshot!(
            format!("help_{}", args[..args.len() - 1].join("_")),
            ran.stdout
        );
    }
    // The shared options are listed once, in archie's own help.
    let ran = env.ok(&["--help"]);
    assert!(ran.stdout.contains("--base-url <URL>"));
    assert!(ran.stdout.contains("--memory-file <PATH>"));
}

#[test]
fn every_designed_command_is_built() {
    // `upgrade` was the last (issue 12).
    let env = TestEnv::new();
    let ran = env.ok(&["upgrade", "--help"]);
    assert!(ran.stdout.contains("UPGRADE_API_URL"), "{}", ran.stdout);
}

#[test]
fn no_message_names_a_rust_type() {
    let env = TestEnv::new();
    env.write("context.json", "\"just a string\"");
    let ran = env.code(&["memory", "stats"], 2);
    insta::assert_snapshot!(env.normalize(&ran.stderr), @r#"
        error: context.json is not a valid memory file (line 1, column 15: invalid type: string "just a string", expected a JSON object with "entities" and "relationships")
          The file was left untouched.
          Fix the file and run the command again.
        "#);
}

#[test]
fn without_a_terminal_long_steps_print_a_plain_progress_line() {
    let env = TestEnv::with_llm().env("ARCHIE_PROGRESS_EVERY_MS", "100");
    env.docs("docs", 3);
    env.mock().answer_with(|req| {
        let reply = scripted_model(req);
        if is_extraction(req) {
            reply.delayed(Duration::from_millis(600))
        } else {
            reply
        }
    });
    let ran = env.ok(&["build-context", "shop", "-i", "docs", "--concurrency", "1"]);
    assert!(
        ran.stderr.contains("  extracting knowledge 0/3")
            || ran.stderr.contains("  extracting knowledge 1/3"),
        "{}",
        ran.stderr
    );
    assert!(!ran.stderr.contains('\r'), "no spinner redraws in a log");
    assert!(
        !ran.stderr.contains("\x1b["),
        "no escape sequences in a log"
    );
}

#[test]
fn symbols_fall_back_to_ascii_when_the_locale_is_not_utf8() {
    let env = scripted_env(1).env("LANG", "C");
    let ran = env.ok(&["build-context", "shop", "-i", "docs"]);
    assert!(ran.stderr.contains("+ read 1 document"), "{}", ran.stderr);
    assert!(
        ran.stderr.is_ascii() || !ran.stderr.contains('✔'),
        "{}",
        ran.stderr
    );
    assert!(!ran.stderr.contains('·'), "{}", ran.stderr);
    let utf8 = scripted_env(1).env("LANG", "en_US.UTF-8");
    let ran = utf8.ok(&["build-context", "shop", "-i", "docs"]);
    assert!(ran.stderr.contains("✔ read 1 document"), "{}", ran.stderr);
}

#[test]
fn text_from_outside_is_inert_on_the_terminal_and_in_files() {
    let env = TestEnv::with_llm();
    // A document whose name fakes a line, an entity whose name sets the window title,
    // and a model reply that clears the screen.
    env.write(
        "docs/evil\n✔ skipped all.md",
        "# Evil\n\nThe Checkout Service and the Title owned Service.\n",
    );
    env.mock().answer_with(|req| {
        if is_extraction(req) {
            return crate::support::mock_llm::Reply::json(serde_json::json!({
                "entities": [{"name": "Title\u{1b}]0;owned\u{7}Service", "type": "service"}],
                "relationships": []
            }));
        }
        crate::support::mock_llm::Reply::text(
            "<agent>## Purpose\nClears \u{1b}[2J the screen.\n\n## Key components\n- A</agent>",
        )
    });
    // On a colour terminal (a PTY, TERM=xterm-256color, no NO_COLOR): archie's own
    // colours, and none of the sequences the document, the entity or the model sent.
    let mut cmd = env.process(crate::support::archie_bin());
    cmd.args(["-v", "build-context", "shop", "-i", "docs"])
        .env("TERM", "xterm-256color")
        .env("LANG", "C.UTF-8")
        .env_remove("NO_COLOR");
    let mut session = expectrl::Session::spawn(cmd).expect("spawn archie in a pty");
    session.set_expect_timeout(Some(Duration::from_secs(60)));
    let seen = session.expect(expectrl::Eof).expect("archie ends");
    let terminal = String::from_utf8_lossy(seen.as_bytes()).into_owned();
    crate::pty::exits_with(&mut session, 0);
    assert!(
        terminal.contains("\u{1b}["),
        "archie drew in colour on a terminal (else this proves nothing): {terminal:?}"
    );
    for raw in ["\u{1b}[2J", "\u{1b}]0;", "\u{7}"] {
        assert!(
            !terminal.contains(raw),
            "{raw:?} reached the terminal: {terminal:?}"
        );
    }
    assert!(terminal.contains("\\x1b[2J"), "{terminal:?}");
    assert!(
        !terminal.contains("\n✔ skipped all") && !terminal.contains("\r✔ skipped all"),
        "{terminal:?}"
    );
    // In a log (a pipe): no escape sequence at all, on either stream.
    let ran = env.ok(&["-v", "build-context", "shop", "-i", "docs"]);
    assert!(!ran.stderr.contains('\u{1b}'), "{:?}", ran.stderr);
    assert!(!ran.stdout.contains('\u{1b}'), "{:?}", ran.stdout);
    assert!(!ran.stdout.contains('\u{7}'), "{:?}", ran.stdout);
    assert!(ran.stderr.contains("\\x1b[2J"), "{}", ran.stderr);
    assert!(!ran.stderr.contains("\n✔ skipped all"), "{}", ran.stderr);
    let overview = env.read("shop_context.md");
    assert!(
        !overview
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t'),
        "{overview:?}"
    );
    let ran = env.ok(&["memory", "show", "Title\u{1b}]0;owned\u{7}Service"]);
    assert!(!ran.stdout.contains('\u{1b}'), "{:?}", ran.stdout);
    assert!(!ran.stdout.contains('\u{7}'), "{:?}", ran.stdout);
}
