//! The archie binary as a user and a script see it.

use crate::support::TestEnv;
use serde_json::Value;

#[test]
fn echo_prints_its_text() {
    let env = TestEnv::new();
    let ran = env.ok(&["echo", "hello", "world"]);
    assert_eq!(ran.stdout, "Echo: hello world\n");
}

#[test]
fn echo_without_text_and_without_a_terminal_waits_with_exit_code_3() {
    let env = TestEnv::new();
    let ran = env.code(&["echo"], 3);
    assert_eq!(ran.stdout, "");
    let err = &ran.stderr;
    assert!(err.contains("What should archie echo?"), "{err}");
    assert!(err.contains("--answer"), "says how to answer: {err}");
}

#[test]
fn no_input_stops_even_where_an_answer_could_be_asked() {
    let env = TestEnv::new();
    let ran = env.code(&["--no-input", "echo"], 3);
    assert!(ran.stderr.contains("--no-input was given"));
}

#[test]
fn scripted_answers_come_from_flags_and_files() {
    let env = TestEnv::new();
    let ran = env.ok(&["echo", "--answer", "from a flag"]);
    assert_eq!(ran.stdout, "Echo: from a flag\n");

    env.write("answers.json", r#"["from a file"]"#);
    let ran = env.ok(&["echo", "--answers", "answers.json"]);
    assert_eq!(ran.stdout, "Echo: from a file\n");

    env.write("answers.txt", "line one\nline two\n");
    let ran = env.ok(&["echo", "--answers", "answers.txt"]);
    assert_eq!(ran.stdout, "Echo: line one\n");
}

#[test]
fn json_mode_writes_one_event_per_line_including_the_interrupt() {
    let env = TestEnv::new();
    let ran = env.code(&["--json", "echo"], 3);
    let events: Vec<Value> = ran
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect();
    let names: Vec<&str> = events.iter().filter_map(|e| e["event"].as_str()).collect();
    assert_eq!(
        names,
        [
            "run_started",
            "node_started",
            "node_finished",
            "node_started",
            "node_finished",
            "interrupt",
            "run_finished",
            "result"
        ]
    );
    let interrupt = &events[5];
    assert_eq!(interrupt["question"], "What should archie echo?");
    assert_eq!(interrupt["kind"], "text");
    // The same word as the result event's (`runs list` says `interrupted`).
    assert_eq!(events[6]["status"], "waiting");
    assert_eq!(events[7]["status"], "waiting");

    let ran = env.ok(&["--json", "echo", "hi"]);
    let result: Vec<Value> = ran
        .events()
        .into_iter()
        .filter(|e| e["event"] == "result")
        .collect();
    assert_eq!(result.len(), 1);
    assert_eq!(result[0]["text"], "Echo: hi");
}

#[test]
fn a_bad_answers_file_is_a_usage_error() {
    let env = TestEnv::new();
    env.write("answers.json", "[1, 2");
    let ran = env.code(&["echo", "--answers", "answers.json"], 2);
    assert!(
        ran.stderr
            .contains("answers.json is not a JSON list of strings")
    );
}

#[test]
fn unknown_options_are_usage_errors() {
    TestEnv::new().code(&["echo", "--frobnicate"], 2);
}

#[test]
fn graph_prints_a_flow_as_mermaid() {
    let env = TestEnv::new();
    let text = env.ok(&["graph", "echo"]).stdout;
    assert!(text.contains("flowchart TD"));
    assert!(text.contains("n_start -.-> n_echo"), "{text}");
    assert!(text.contains("n_echo -. answer .-> n_echo"), "{text}");
}

#[test]
fn help_teaches() {
    let env = TestEnv::new().env("COLUMNS", "100");
    let help = |args: &[&str]| env.ok(args).stdout;
    insta::assert_snapshot!("help", help(&["--help"]));
    insta::assert_snapshot!("help_echo", help(&["echo", "--help"]));
}

#[test]
fn a_corrupt_memory_file_stops_echo_with_exit_2_and_is_left_untouched() {
    let env = TestEnv::new();
    let corrupt = "{\n  \"entities\": [\n    {\"name\": \"a\"}\n    {\"name\": \"b\"}\n  ]\n}\n";
    env.write("context.json", corrupt);
    let ran = env.code(&["echo", "hi"], 2);
    assert_eq!(ran.stdout, "", "the flow did not run");
    let err = &ran.stderr;
    assert!(
        err.contains("context.json is not valid JSON (line 4, column 5"),
        "{err}"
    );
    assert!(err.contains("left untouched"), "{err}");
    assert_eq!(env.read("context.json"), corrupt);
}

#[test]
fn echo_reads_the_memory_file_named_by_the_flag_and_does_not_rewrite_it() {
    let env = TestEnv::new();
    // The original Archie's shape, with its old `relations` key and unsorted content.
    let original = r#"{"entities":[{"name":"b","type":"service"},{"name":"a","type":"service"}],"relations":[]}"#;
    env.write("team.json", original);
    env.ok(&["--memory-file", "team.json", "echo", "hi"]);
    assert_eq!(env.read("team.json"), original);
    assert!(!env.path().join("context.json").exists());
}

#[test]
fn archie_help_is_one_screen_that_starts_with_the_two_main_commands() {
    let env = TestEnv::new().env("COLUMNS", "100");
    let help = env.ok(&["--help"]).stdout;
    let lines = help.lines().count();
    assert!(lines <= 50, "{lines} lines:\n{help}");
    assert_eq!(env.ok(&["-h"]).stdout, help);
    assert_eq!(env.ok(&["help"]).stdout, help);
    let analyze = help.find("archie analyze -i").expect("an analyze example");
    let build = help
        .find("archie build-context")
        .expect("a build-context example");
    let echo = help.find("archie echo").expect("the echo example");
    assert!(analyze < build && build < echo, "{help}");
    for needle in [
        "OPENAI_API_KEY",
        "--base-url",
        "archie.toml",
        "4 declined or aborted",
    ] {
        assert!(help.contains(needle), "{needle} missing:\n{help}");
    }
    // Every shared option is still named, and described in `archie help options`.
    let options = env.ok(&["help", "options"]).stdout;
    for flag in [
        "--memory-file <PATH>",
        "--answers <FILE>",
        "--max-tokens <TOKENS>",
    ] {
        assert!(help.contains(flag), "{flag}:\n{help}");
        assert!(options.contains(flag), "{flag}:\n{options}");
    }
    assert!(options.contains("[env: ARCHIE_MEMORY_FILE]"), "{options}");
}

#[test]
fn analyse_and_input_are_accepted_spellings() {
    let env = TestEnv::new().env("OPENAI_BASE_URL", "http://127.0.0.1:9/v1");
    env.docs("docs", 1);
    let british = env.ok(&["analyse", "--input", "docs", "--dry-run"]).stdout;
    let american = env.ok(&["analyze", "--inputs", "docs", "--dry-run"]).stdout;
    assert_eq!(british, american);
    assert!(british.contains("1 would be read"), "{british}");
    assert!(
        env.ok(&["analyse", "--help"])
            .stdout
            .contains("--history-budget")
    );
}

#[test]
fn search_examples_put_a_hash_before_each_description() {
    let env = TestEnv::new();
    let help = env.ok(&["search", "-h"]).stdout;
    let examples: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Examples:"))
        .skip(1)
        .take_while(|l| l.starts_with("  archie"))
        .collect();
    assert!(examples.len() >= 4, "{help}");
    for line in examples {
        // What a user pastes ends at the closing quote, or at a `#`.
        let after_query = line.rsplit_once('"').map_or("", |(_, rest)| rest).trim();
        assert!(
            after_query.is_empty() || after_query.starts_with('#'),
            "a pasted line would send its description: {line}"
        );
    }
}

/// `build-context` with a misspelt name stops before any paid work with a did-you-mean
/// (the documents' and the memory's spelling); `--yes` describes it under that name anyway.
/// Without a name, the error says how to ask for a part and for the whole system.
#[test]
fn build_context_with_a_misspelt_name_asks_what_was_meant() {
    let env = crate::flows::scripted_env(2);
    let ran = env.code(&["build-context", "Paymnets", "-i", "docs"], 2);
    assert!(
        ran.stderr.contains(
            "no document and no entity in the memory names `Paymnets`: did you mean `Payments`?"
        ),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr.contains("archie build-context Payments …"),
        "{}",
        ran.stderr
    );
    assert_eq!(env.mock().received().len(), 0, "nothing was sent");
    // Two words, one of them misspelt.
    let ran = env.code(&["build-context", "Chekcout Service", "-i", "docs"], 2);
    assert!(
        ran.stderr.contains("did you mean `Checkout Service`?"),
        "{}",
        ran.stderr
    );
    // A name used nowhere and close to nothing is the user's own name for the whole.
    env.ok(&["build-context", "Webshop", "-i", "docs", "-o", "whole.md"]);
    env.ok(&["--yes", "build-context", "Paymnets", "-i", "docs"]);
    assert!(env.path().join("Paymnets_context.md").exists());

    let ran = env.code(&["build-context", "-i", "docs"], 2);
    assert!(
        ran.stderr
            .contains("or the system itself, as your documents call it, for its main components"),
        "{}",
        ran.stderr
    );
}

/// `archie resume` with no id names the run that can continue and `--last`; `-q` before
/// the command says it is analyze's question, and `--quiet` the flag.
#[test]
fn resume_without_an_id_and_q_before_the_command_say_what_to_type() {
    let env = crate::flows::scripted_env(1);
    env.code(&["analyze", "-i", "docs", "-q", "Q?", "--no-input"], 3);
    let run = crate::resume::only_run(&env).summary.id;
    let ran = env.code(&["resume"], 2);
    assert!(
        ran.stderr
            .contains("which run? archie resume needs a run id or --last"),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr
            .contains(&format!("`archie resume {run}`, or `archie resume --last`")),
        "{}",
        ran.stderr
    );
    let ran = env.code(&["-q", "why?", "analyze", "-i", "docs"], 2);
    assert!(
        ran.stderr
            .contains("hint: -q is analyze's question and goes after the command"),
        "{}",
        ran.stderr
    );
    assert_eq!(
        env.mock()
            .received()
            .iter()
            .filter(|r| !crate::flows::is_extraction(r))
            .count(),
        1
    );
}
