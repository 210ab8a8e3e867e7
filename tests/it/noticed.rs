//! Small things a user notices: what `memory stats` says with no or an empty memory file,
//! a broken link among the documents, what archie leaves beside the memory, one form of
//! the memory's path in events, one `#` title per file, Mermaid labels in words, and
//! what `resume` continues.

use crate::flows::{scripted_env, scripted_model};
use crate::support::TestEnv;
use crate::support::mock_llm::Reply;
use serde_json::Value;

fn names_in(env: &TestEnv) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(env.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn memory_stats_says_when_there_is_no_memory_or_an_empty_one() {
    let env = TestEnv::new();
    let ran = env.ok(&["memory", "stats"]);
    insta::assert_snapshot!(env.normalize(&ran.stdout), @"context.json: no memory file yet (analyze, build-context and memory import create it)");
    assert!(names_in(&env).is_empty(), "{:?}", names_in(&env));

    env.write("context.json", "");
    let ran = env.code(&["memory", "stats"], 2);
    insta::assert_snapshot!(env.normalize(&ran.stderr), @r"
        error: context.json is empty: it holds no memory, not even {}
          The file was left untouched. Delete it (or write {} in it) and archie starts an empty memory.
        ");
    assert_eq!(env.read("context.json"), "", "left untouched");
}

#[test]
fn a_broken_link_among_the_documents_is_reported() {
    let env = scripted_env(2);
    std::os::unix::fs::symlink("nowhere.md", env.path().join("docs/dangling.md")).unwrap();
    let ran = env.ok(&["build-context", "shop", "-i", "docs"]);
    assert!(ran.stderr.contains("1 skipped"), "{}", ran.stderr);
    let ran = env.ok(&["-v", "build-context", "shop", "-i", "docs"]);
    assert!(
        ran.stderr.contains("skipped dangling.md") && ran.stderr.contains("symbolic link"),
        "{}",
        ran.stderr
    );
}

#[test]
fn no_lock_file_stays_and_echo_leaves_no_state_folder() {
    let env = TestEnv::new();
    env.ok(&["echo", "hi"]);
    assert!(names_in(&env).is_empty(), "{:?}", names_in(&env));

    let env = scripted_env(1);
    env.ok(&["build-context", "shop", "-i", "docs"]);
    env.ok(&["build-context", "shop", "-i", "docs", "--no-cache"]);
    let names = names_in(&env);
    assert!(names.contains(&"context.json".to_string()), "{names:?}");
    assert!(
        !names.contains(&"context.json.lock".to_string()),
        "{names:?}"
    );
    // An echo that asks is recorded, so it can be resumed.
    env.ok(&["echo", "--answer", "hi"]);
    let runs = env.ok(&["runs", "list"]).stdout;
    assert!(runs.contains("echo"), "{runs}");
}

#[test]
fn the_memory_path_in_events_has_one_form_on_a_run_and_its_resume() {
    let env = TestEnv::with_llm();
    env.docs("docs", 1);
    // The answer teaches the model something new, so the resume saves the memory too.
    env.mock().answer_with(|req| {
        if !crate::flows::is_extraction(req) && req.text().contains("It fails fast.") {
            return Reply::text(
                "<agent>Is the target end to end?</agent>\n<system>{\"entities\":[{\"name\":\"Ledger\",\"type\":\"database\"}],\"relationships\":[]}</system>"
                    .to_string(),
            );
        }
        scripted_model(req)
    });
    let ran = env.code(&["--json", "analyze", "-i", "docs", "--no-input"], 3);
    let first = ran.event("memory_saved").expect("memory_saved");
    let run = ran.events().pop().unwrap()["run"]
        .as_str()
        .unwrap()
        .to_string();
    let ran = env.code(&["--json", "resume", &run, "--answer", "It fails fast."], 3);
    let again: Vec<Value> = ran
        .events()
        .into_iter()
        .filter(|e| e["event"] == "memory_saved")
        .collect();
    assert_eq!(first["path"], "context.json", "{first}");
    assert!(!again.is_empty(), "{}", ran.stdout);
    for event in &again {
        assert_eq!(event["path"], "context.json", "{event}");
    }
}

#[test]
fn the_model_s_headings_go_under_archie_s_title() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        let text = req.text();
        if text.contains("write the final architecture analysis") {
            return Reply::text(
                "<agent># Summary\nIt holds.\n\n## Risks\n- the gateway</agent>".to_string(),
            );
        }
        if text.contains("context overview") {
            return Reply::text("<agent># Overview\nTakes payments.</agent>".to_string());
        }
        scripted_model(req)
    });
    env.docs("docs", 1);
    env.ok(&["analyze", "-i", "docs", "--answer", "/approve"]);
    env.ok(&["build-context", "shop", "-i", "docs"]);
    for file in ["analysis_result.md", "shop_context.md"] {
        let text = env.read(file);
        let titles = text.lines().filter(|l| l.starts_with("# ")).count();
        assert_eq!(titles, 1, "{file}:\n{text}");
    }
    let analysis = env.read("analysis_result.md");
    assert!(analysis.contains("\n## Summary\n"), "{analysis}");
    assert!(analysis.contains("\n### Risks\n"), "{analysis}");
    assert!(env.read("shop_context.md").contains("\n## Overview\n"));
}

#[test]
fn mermaid_labels_are_words() {
    let env = TestEnv::new();
    env.write(
        "context.json",
        r#"{"entities":[{"name":"Orders","type":"service"},{"name":"Events","type":"queue"}],
            "relationships":[{"from":"Orders","to":"Events","type":"publishes_to"}]}"#,
    );
    let text = env.ok(&["memory", "export", "--format", "mermaid"]).stdout;
    assert!(text.contains("|\"publishes to\"|"), "{text}");
    assert!(!text.contains("publishes_to"), "{text}");
}

#[test]
fn resume_says_which_run_and_command_it_continues() {
    let env = scripted_env(1);
    let ran = env.code(
        &[
            "--json",
            "analyze",
            "-i",
            "docs",
            "-q",
            "why?",
            "--no-input",
        ],
        3,
    );
    let run = ran.events().pop().unwrap()["run"]
        .as_str()
        .unwrap()
        .to_string();
    let ran = env.ok(&["resume", &run, "--answer", "/approve"]);
    let line = ran
        .stderr
        .lines()
        .find(|l| l.contains("continuing run"))
        .unwrap_or_else(|| panic!("{}", ran.stderr));
    // The command as typed, its paths shown from here (no [DIR]).
    insta::assert_snapshot!(env.normalize_with(line, &[(&run, "rRUN")]), @"✔ continuing run rRUN after step 3 (next: its question): archie --json analyze -i docs -q 'why?' --no-input");
}
