//! Prompt templates through the library's public API, over real files: the built-ins,
//! `--prompts-dir` overrides and the original Archie's `--prompts-config`.

use crate::support::TestEnv;
use archie::prompts::{PromptError, Prompts, Source};
use serde_json::{Value, json};
use std::path::PathBuf;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fixture_config() -> PathBuf {
    repo().join("fixtures/prompts-config/prompts.json")
}

fn documents() -> Value {
    json!([
        {"path": "docs/orders.md", "excerpt": "The Order Service writes orders to the Orders DB."},
        {"path": "docs/payments.md", "excerpt": "Payments publishes PaymentSettled to Kafka."}
    ])
}

fn history() -> Value {
    json!([
        {"role": "user", "content": "Split the checkout?"},
        {"role": "assistant", "content": "What peak load?"},
        {"role": "user", "content": "300 orders a second."}
    ])
}

fn vars(name: &str) -> Value {
    let memory = "- Orders DB (database)";
    match name {
        "system" => json!({"memory": memory}),
        "analyze_initial" => {
            json!({"goal": "Split the checkout?", "documents": documents(), "memory": memory})
        }
        "analyze_followup" | "analyze_final" => json!({
            "goal": "Split the checkout?", "documents": documents(), "memory": memory, "history": history()
        }),
        "build_context" => {
            json!({"system": "payments", "documents": documents(), "memory": memory})
        }
        "extract" => json!({
            "document": "docs/orders.md", "heading": "Orders",
            "chunk": "The Order Service writes orders.", "known_types": ["service"]
        }),
        "search_plan" => json!({
            "query": "Which services write to the orders database?",
            "tools": [{"name": "archie__find_entities", "description": "Find entities",
                       "arguments": "{\"type\":\"object\"}"}],
            "max_tasks": 5,
            "session": {"summary": "- Q: earlier → A: answer", "turns": [{"query": "q", "answer": "a"}]}
        }),
        "search_answer" => json!({
            "query": "Which services write to the orders database?",
            "results": [{"n": 1, "tool": "archie__find_entities", "arguments": "{}",
                         "status": "done", "text": "Orders DB"}],
            "session": {"summary": "", "turns": []}
        }),
        "identity_judge" => {
            json!({"pairs": "{\"pair\":1,\"a\":{\"name\":\"Okta\"},\"b\":{\"name\":\"Okta API\"} }"})
        }
        "upgrade_router" => json!({"terms": "Condition, Decision point"}),
        other => panic!("no variables for {other}"),
    }
}

fn usage_exit(err: PromptError) -> u8 {
    crate::support::failure(err).0
}

#[test]
fn every_template_file_in_the_repo_is_embedded_and_every_prompt_renders() {
    let mut on_disk: Vec<String> = std::fs::read_dir(repo().join("prompts"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".md") && n != "README.md")
        .collect();
    on_disk.sort();
    let mut embedded: Vec<String> = Prompts::files().iter().map(|f| f.to_string()).collect();
    embedded.sort();
    assert_eq!(on_disk, embedded);

    let prompts = Prompts::load(None, None).unwrap();
    assert!(prompts.warnings().is_empty());
    for name in Prompts::names() {
        let text = prompts.render(name, vars(name)).unwrap();
        assert!(
            !text.contains("{{") && !text.contains("{%"),
            "{name}:\n{text}"
        );
        assert!(!text.contains("[object Object]"), "{name}:\n{text}");
        assert_eq!(prompts.source(name), Some(&Source::BuiltIn));
    }
}

#[test]
fn followup_renders_the_conversation_as_text() {
    let prompts = Prompts::load(None, None).unwrap();
    let text = prompts
        .render("analyze_followup", vars("analyze_followup"))
        .unwrap();
    assert!(text.contains("**User:** Split the checkout?"), "{text}");
    assert!(text.contains("**Archie:** What peak load?"), "{text}");
    assert!(text.contains("**User:** 300 orders a second."), "{text}");
    assert!(!text.contains("[object Object]"));
}

#[test]
fn prompts_dir_overrides_by_file_name_and_ignores_other_files() {
    let env = TestEnv::new();
    env.write(
        "analyze_initial.md",
        "{# mine #}\nOur own prompt: {{ goal }} over {{ documents | length }} documents.\n",
    );
    env.write(
        "_knowledge_format.md",
        "Answer as <agent>…</agent><system>{}</system>, house style.\n",
    );
    env.write("notes.txt", "not a prompt");
    std::fs::create_dir(env.path().join("drafts")).unwrap();

    let prompts = Prompts::load(Some(env.path()), None).unwrap();
    assert_eq!(
        prompts
            .render("analyze_initial", vars("analyze_initial"))
            .unwrap(),
        "Our own prompt: Split the checkout? over 2 documents.\n"
    );
    assert_eq!(
        prompts.source("analyze_initial"),
        Some(&Source::Dir(env.path().join("analyze_initial.md")))
    );
    // An overridden partial reaches the built-ins that include it.
    let context = prompts
        .render("build_context", vars("build_context"))
        .unwrap();
    assert!(context.contains("house style."), "{context}");
    assert!(!context.contains("Reply format"), "{context}");
    assert_eq!(prompts.source("build_context"), Some(&Source::BuiltIn));

    let warnings = prompts.warnings();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("notes.txt"), "{warnings:?}");
    assert!(warnings[0].contains("analyze_initial.md"), "{warnings:?}");
}

#[test]
fn a_template_that_does_not_parse_names_file_and_line() {
    let env = TestEnv::new();
    let file = env.write(
        "analyze_final.md",
        "{# doc #}\nFine line\nSecond line\n{% for turn in history %}\nno end\n",
    );
    let err = Prompts::load(Some(env.path()), None).unwrap_err();
    match &err {
        PromptError::Template { line, .. } => assert!(line.unwrap() >= 4, "{line:?}"),
        other => panic!("{other:?}"),
    }
    let (code, report) = crate::support::failure(err);
    let msg = report.strip_prefix("error: ").unwrap_or(&report);
    assert!(
        msg.starts_with(&format!("prompt template {}, line ", file.display())),
        "{msg}"
    );
    assert!(msg.contains("syntax error"), "{msg}");
    assert!(
        msg.contains("remove it to use archie's built-in one"),
        "{msg}"
    );
    assert_eq!(code, 2);
}

#[test]
fn a_template_that_fails_to_render_names_file_and_line() {
    let env = TestEnv::new();
    let file = env.write(
        "build_context.md",
        "Overview of {{ system }}\n\nfor {{ sytem_owner }}\n",
    );
    let prompts = Prompts::load(Some(env.path()), None).unwrap();
    let err = prompts
        .render("build_context", vars("build_context"))
        .unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.starts_with(&format!(
            "prompt template {}, line 3: undefined value",
            file.display()
        )),
        "{msg}"
    );
    assert_eq!(usage_exit(err), 2);
}

#[test]
fn a_broken_partial_is_named_not_the_prompt_that_includes_it() {
    let env = TestEnv::new();
    let file = env.write(
        "_history.md",
        "{% for turn in history %}\n{{ turn.speaker.name }}\n{% endfor %}\n",
    );
    let prompts = Prompts::load(Some(env.path()), None).unwrap();
    let err = prompts
        .render("analyze_followup", vars("analyze_followup"))
        .unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.starts_with(&format!("prompt template {}, line 2", file.display())),
        "{msg}"
    );
    assert!(
        msg.contains("(included from built-in prompts/analyze_followup.md, line "),
        "{msg}"
    );
    assert_eq!(usage_exit(err), 2);
}

#[test]
fn a_user_template_that_misuses_a_builtin_partial_is_the_users_to_fix() {
    let env = TestEnv::new();
    let file = env.write(
        "analyze_initial.md",
        "Goal: {{ goal }}\n{% include \"_history.md\" %}\n",
    );
    let prompts = Prompts::load(Some(env.path()), None).unwrap();
    let err = prompts
        .render("analyze_initial", vars("analyze_initial"))
        .unwrap_err();
    let (code, report) = crate::support::failure(err);
    let msg = report.strip_prefix("error: ").unwrap_or(&report);
    assert!(
        msg.starts_with("prompt template built-in prompts/_history.md, line "),
        "{msg}"
    );
    assert!(
        msg.contains(&format!("(included from {}, line 2)", file.display())),
        "{msg}"
    );
    assert!(
        msg.contains("remove it to use archie's built-in one"),
        "{msg}"
    );
    assert_eq!(code, 2);
}

#[test]
fn a_missing_prompts_dir_is_a_usage_error() {
    let env = TestEnv::new();
    let missing = env.path().join("nope");
    let err = Prompts::load(Some(&missing), None).unwrap_err();
    let (code, report) = crate::support::failure(err);
    assert!(report.contains(&missing.display().to_string()));
    assert!(report.contains("--prompts-dir"));
    assert_eq!(code, 2);
}

#[test]
fn original_config_maps_keys_and_resolves_paths_against_its_folder() {
    let config = fixture_config();
    let folder = config.parent().unwrap();
    let prompts = Prompts::load(None, Some(&config)).unwrap();
    assert_eq!(
        prompts.source("analyze_initial"),
        Some(&Source::Original(folder.join("initial.txt")))
    );
    assert_eq!(
        prompts.source("analyze_followup"),
        Some(&Source::Original(folder.join("templates/followup.txt")))
    );
    assert_eq!(
        prompts.source("analyze_final"),
        Some(&Source::Original(folder.join("templates/final.txt")))
    );
    assert_eq!(
        prompts.source("build_context"),
        Some(&Source::Original(
            folder.join("templates/context_build.txt")
        ))
    );
    // Not in the original's keys: stays built-in.
    assert_eq!(prompts.source("extract"), Some(&Source::BuiltIn));
    assert!(
        prompts
            .render("extract", vars("extract"))
            .unwrap()
            .contains("<excerpt>")
    );
}

#[test]
fn original_templates_get_placeholders_substituted_and_unknown_ones_kept() {
    let prompts = Prompts::load(None, Some(&fixture_config())).unwrap();

    let initial = prompts
        .render("analyze_initial", vars("analyze_initial"))
        .unwrap();
    assert!(
        initial.starts_with("Team prompt (initial). The user asked: Split the checkout?\n"),
        "{initial}"
    );
    assert!(
        initial.contains(
            "Files:\n--- File: docs/orders.md ---\nThe Order Service writes orders to the Orders DB.\n\n\
             --- File: docs/payments.md ---\nPayments publishes PaymentSettled to Kafka.\n"
        ),
        "{initial}"
    );
    assert!(
        initial.contains("Owner of this review: {{projectOwner}}"),
        "{initial}"
    );
    // It asks for <system> itself: archie's format is not appended.
    assert!(!initial.contains("Reply format"), "{initial}");
    // It does not use {{memory}}: the known graph is appended.
    assert!(initial.contains("- Orders DB (database)"), "{initial}");

    let followup = prompts
        .render("analyze_followup", vars("analyze_followup"))
        .unwrap();
    assert!(
        followup.contains(
            "Conversation:\nUser: Split the checkout?\nArchie: What peak load?\nUser: 300 orders a second.\n"
        ),
        "{followup}"
    );
    assert!(
        followup.contains("--- File: docs/payments.md ---"),
        "{followup}"
    );
    assert!(!followup.contains("[object Object]"));
    // No <system> in the team's template: archie's reply format is appended.
    assert!(followup.contains("Reply format"), "{followup}");
    assert!(followup.contains("<system>{\"entities\""), "{followup}");

    let final_ = prompts
        .render("analyze_final", vars("analyze_final"))
        .unwrap();
    assert!(
        final_.contains("Files considered:\ndocs/orders.md\ndocs/payments.md"),
        "{final_}"
    );
    assert!(
        final_.contains(
            "Summarise this conversation:\nUser: Split the checkout?\nArchie: What peak load?"
        ),
        "{final_}"
    );

    let context = prompts
        .render("build_context", vars("build_context"))
        .unwrap();
    assert!(
        context.starts_with("Team prompt (context). Describe the system payments using:\n--- File: docs/orders.md ---"),
        "{context}"
    );
    assert!(
        context.contains("Mention {{unknownThing}} too."),
        "{context}"
    );
}

#[test]
fn unknown_config_keys_are_warnings_that_list_the_known_keys() {
    let prompts = Prompts::load(None, Some(&fixture_config())).unwrap();
    let warnings = prompts.warnings();
    let unknown: Vec<_> = warnings
        .iter()
        .filter(|w| w.contains("GraphExtractionNode/extract"))
        .collect();
    assert_eq!(unknown.len(), 1, "{warnings:?}");
    // The known keys list only inputs archie provides: nothing else to warn about.
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    for key in [
        "AnalysisPrepareNode/initial",
        "AnalysisPrepareNode/followup",
        "AnalysisPrepareNode/final",
        "ContextBuildingAgentNode/context_build",
    ] {
        assert!(unknown[0].contains(key), "{warnings:?}");
    }
}

#[test]
fn a_config_naming_a_missing_file_is_a_usage_error_naming_the_path() {
    let env = TestEnv::new();
    let config = env.write(
        "cfg/prompts.json",
        r#"{"prompts": {"AnalysisPrepareNode": {"final": {"inputs": ["history"], "path": "gone/final.txt"}}}}"#,
    );
    let err = Prompts::load(None, Some(&config)).unwrap_err();
    let msg = err.to_string();
    let expected = env.path().join("cfg/gone/final.txt");
    assert!(msg.contains(&expected.display().to_string()), "{msg}");
    assert!(msg.contains("AnalysisPrepareNode/final"), "{msg}");
    assert_eq!(usage_exit(err), 2);
}

#[test]
fn a_missing_or_malformed_config_is_a_usage_error() {
    let env = TestEnv::new();
    let missing = env.path().join("none.json");
    let err = Prompts::load(None, Some(&missing)).unwrap_err();
    let (code, report) = crate::support::failure(err);
    assert!(report.contains("--prompts-config"), "{report}");
    assert_eq!(code, 2);

    let bad = env.write("bad.json", r#"{"agents": {}}"#);
    let err = Prompts::load(None, Some(&bad)).unwrap_err();
    assert!(err.to_string().contains("no \"prompts\" object"), "{err}");
    assert_eq!(usage_exit(err), 2);
}

#[test]
fn the_config_wins_over_the_prompts_dir_with_a_warning() {
    let env = TestEnv::new();
    env.write("analyze_initial.md", "from the folder\n");
    let prompts = Prompts::load(Some(env.path()), Some(&fixture_config())).unwrap();
    let text = prompts
        .render("analyze_initial", vars("analyze_initial"))
        .unwrap();
    assert!(text.starts_with("Team prompt (initial)"), "{text}");
    assert!(
        prompts
            .warnings()
            .iter()
            .any(|w| w.contains("analyze_initial") && w.contains("is not used")),
        "{:?}",
        prompts.warnings()
    );
}
