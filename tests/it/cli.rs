//! The archie binary as a user and a script see it.

use crate::support::{archie, stderr, stdout, tempdir};
use serde_json::Value;

#[test]
fn echo_prints_its_text() {
    let dir = tempdir();
    let out = archie(dir.path())
        .args(["echo", "hello", "world"])
        .output()
        .expect("run archie");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "Echo: hello world\n");
}

#[test]
fn echo_without_text_and_without_a_terminal_waits_with_exit_code_3() {
    let dir = tempdir();
    let out = archie(dir.path()).arg("echo").output().expect("run archie");
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(stdout(&out), "");
    let err = stderr(&out);
    assert!(err.contains("What should archie echo?"), "{err}");
    assert!(err.contains("--answer"), "says how to answer: {err}");
}

#[test]
fn no_input_stops_even_where_an_answer_could_be_asked() {
    let dir = tempdir();
    let out = archie(dir.path())
        .args(["--no-input", "echo"])
        .output()
        .expect("run archie");
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("--no-input was given"));
}

#[test]
fn scripted_answers_come_from_flags_and_files() {
    let dir = tempdir();
    let out = archie(dir.path())
        .args(["echo", "--answer", "from a flag"])
        .output()
        .expect("run archie");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "Echo: from a flag\n");

    std::fs::write(dir.path().join("answers.json"), r#"["from a file"]"#).expect("write");
    let out = archie(dir.path())
        .args(["echo", "--answers", "answers.json"])
        .output()
        .expect("run archie");
    assert_eq!(stdout(&out), "Echo: from a file\n");

    std::fs::write(dir.path().join("answers.txt"), "line one\nline two\n").expect("write");
    let out = archie(dir.path())
        .args(["echo", "--answers", "answers.txt"])
        .output()
        .expect("run archie");
    assert_eq!(stdout(&out), "Echo: line one\n");
}

#[test]
fn json_mode_writes_one_event_per_line_including_the_interrupt() {
    let dir = tempdir();
    let out = archie(dir.path())
        .args(["--json", "echo"])
        .output()
        .expect("run archie");
    assert_eq!(out.status.code(), Some(3));
    let events: Vec<Value> = stdout(&out)
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
            "run_finished"
        ]
    );
    let interrupt = &events[5];
    assert_eq!(interrupt["question"], "What should archie echo?");
    assert_eq!(interrupt["kind"], "text");
    assert_eq!(events[6]["status"], "interrupted");

    let out = archie(dir.path())
        .args(["--json", "echo", "hi"])
        .output()
        .expect("run archie");
    let result: Vec<Value> = stdout(&out)
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|e| e["event"] == "result")
        .collect();
    assert_eq!(result.len(), 1);
    assert_eq!(result[0]["text"], "Echo: hi");
}

#[test]
fn a_bad_answers_file_is_a_usage_error() {
    let dir = tempdir();
    std::fs::write(dir.path().join("answers.json"), "[1, 2").expect("write");
    let out = archie(dir.path())
        .args(["echo", "--answers", "answers.json"])
        .output()
        .expect("run archie");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("answers.json is not a JSON list of strings"));
}

#[test]
fn unknown_options_are_usage_errors() {
    let dir = tempdir();
    let out = archie(dir.path())
        .args(["echo", "--frobnicate"])
        .output()
        .expect("run archie");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn graph_prints_a_flow_as_mermaid() {
    let dir = tempdir();
    let out = archie(dir.path())
        .args(["graph", "echo"])
        .output()
        .expect("run archie");
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("flowchart TD"));
    assert!(text.contains("start -.-> echo"));
    assert!(text.contains("echo -. answer .-> echo"));
}

#[test]
fn help_teaches() {
    let dir = tempdir();
    let help = |args: &[&str]| {
        let out = archie(dir.path())
            .args(args)
            .env("COLUMNS", "100")
            .output()
            .expect("run archie");
        assert_eq!(out.status.code(), Some(0));
        stdout(&out)
    };
    insta::assert_snapshot!("help", help(&["--help"]));
    insta::assert_snapshot!("help_echo", help(&["echo", "--help"]));
}

#[test]
fn a_corrupt_memory_file_stops_echo_with_exit_2_and_is_left_untouched() {
    let dir = tempdir();
    let path = dir.path().join("context.json");
    let corrupt = "{\n  \"entities\": [\n    {\"name\": \"a\"}\n    {\"name\": \"b\"}\n  ]\n}\n";
    std::fs::write(&path, corrupt).expect("write");
    let out = archie(dir.path())
        .args(["echo", "hi"])
        .output()
        .expect("run archie");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "", "the flow did not run");
    let err = stderr(&out);
    assert!(
        err.contains("context.json is not valid JSON (line 4, column 5"),
        "{err}"
    );
    assert!(err.contains("left untouched"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), corrupt);
}

#[test]
fn echo_reads_the_memory_file_named_by_the_flag_and_does_not_rewrite_it() {
    let dir = tempdir();
    let path = dir.path().join("team.json");
    // The original Archie's shape, with its old `relations` key and unsorted content.
    let original = r#"{"entities":[{"name":"b","type":"service"},{"name":"a","type":"service"}],"relations":[]}"#;
    std::fs::write(&path, original).expect("write");
    let out = archie(dir.path())
        .args(["--memory-file", "team.json", "echo", "hi"])
        .output()
        .expect("run archie");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&path).expect("read"), original);
    assert!(!dir.path().join("context.json").exists());
}
