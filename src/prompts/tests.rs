use super::original::{original_vars, role_label, substitute};
use super::*;
use serde_json::json;

fn documents() -> serde_json::Value {
    json!([
        {"path": "docs/orders.md", "excerpt": "# Orders\n\nThe Order Service writes orders to the Orders DB."},
        {"path": "docs/payments.md", "excerpt": "Payments publishes PaymentSettled events to Kafka."}
    ])
}

fn history() -> serde_json::Value {
    json!([
        {"role": "user", "content": "How should we split the checkout?"},
        {"role": "assistant", "content": "1. What peak load do you expect?"},
        {"role": "user", "content": "About 300 orders a second."}
    ])
}

/// Representative variables for each built-in prompt.
pub(super) fn sample_vars(name: &str) -> serde_json::Value {
    let memory = "- Order Service (service): takes orders\n- Order Service writes_to Orders DB";
    match name {
        "system" => json!({"memory": memory}),
        "analyze_initial" => {
            json!({"goal": "How should we split the checkout?", "documents": documents(), "memory": memory})
        }
        "analyze_followup" => json!({
            "goal": "How should we split the checkout?", "documents": documents(),
            "memory": memory, "history": history()
        }),
        "analyze_final" => json!({
            "goal": "How should we split the checkout?", "documents": ["docs/orders.md", "docs/payments.md"],
            "memory": memory, "history": history()
        }),
        "build_context" => {
            json!({"system": "payments", "documents": documents(), "memory": memory})
        }
        "extract" => json!({
            "document": "docs/orders.md", "heading": "Orders",
            "chunk": "The Order Service writes orders to the Orders DB.",
            "known_types": ["service", "database"]
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
        "identity_judge" => json!({
            "pairs": "{\"pair\":1,\"a\":{\"name\":\"Okta\"},\"b\":{\"name\":\"Okta API\"} }"
        }),
        "upgrade_router" => json!({"terms": "Assignment unit, Condition, Decision point"}),
        other => panic!("no sample for {other}"),
    }
}

fn builtins() -> Prompts {
    Prompts::load(None, None).unwrap()
}

#[test]
fn every_builtin_renders_without_leftover_template_syntax() {
    let p = builtins();
    for name in Prompts::names() {
        let text = p.render(name, sample_vars(name)).unwrap();
        for leftover in ["{{", "}}", "{%", "%}", "{#", "#}"] {
            assert!(!text.contains(leftover), "{name} has {leftover:?}:\n{text}");
        }
        assert!(!text.contains("[object Object]"), "{name}:\n{text}");
        assert!(
            !text.contains("\n\n\n"),
            "{name} has runs of blank lines:\n{text}"
        );
        assert!(text.ends_with('\n') && !text.ends_with("\n\n"), "{name}");
        assert!(
            !text.contains("Variables:"),
            "{name} leaks its doc comment:\n{text}"
        );
    }
}

#[test]
fn builtins_use_their_variables() {
    let p = builtins();
    let initial = p
        .render("analyze_initial", sample_vars("analyze_initial"))
        .unwrap();
    assert!(initial.contains("> How should we split the checkout?"));
    assert!(initial.contains("<document path=\"docs/orders.md\">\n# Orders\n\nThe Order Service"));
    assert!(initial.contains("Payments publishes PaymentSettled events to Kafka."));
    assert!(initial.contains("- Order Service writes_to Orders DB"));
    assert!(initial.contains("up to 3"));

    let context = p
        .render("build_context", sample_vars("build_context"))
        .unwrap();
    assert!(context.contains("context overview of \"payments\""));
    assert!(context.contains("**Interactions and data flows**"));
    assert!(context.contains("no Mermaid"));

    let extract = p.render("extract", sample_vars("extract")).unwrap();
    assert!(extract.contains("Document: docs/orders.md\nSection: Orders"));
    assert!(
        extract
            .contains("<excerpt>\nThe Order Service writes orders to the Orders DB.\n</excerpt>")
    );
    // The memory's vocabulary is applied when merging, not carried by the prompt.
    assert!(!extract.contains("prefer them"));

    let final_ = p
        .render("analyze_final", sample_vars("analyze_final"))
        .unwrap();
    for section in [
        "Assumptions",
        "Main components",
        "Alternatives and trade-offs",
        "Decisions",
        "Open questions",
    ] {
        assert!(final_.contains(&format!("**{section}**")), "{section}");
    }
    assert!(final_.contains("- docs/orders.md\n- docs/payments.md"));
}

#[test]
fn history_renders_as_conversation_text() {
    let p = builtins();
    for name in ["analyze_followup", "analyze_final"] {
        let text = p.render(name, sample_vars(name)).unwrap();
        assert!(
            text.contains(
                "**User:** How should we split the checkout?\n\n\
                 **Archie:** 1. What peak load do you expect?\n\n\
                 **User:** About 300 orders a second."
            ),
            "{name}:\n{text}"
        );
    }
}

#[test]
fn knowledge_format_is_in_the_analyze_and_build_context_prompts_only() {
    let p = builtins();
    for name in Prompts::names() {
        let text = p.render(name, sample_vars(name)).unwrap();
        let has = text.contains("<agent>") && text.contains("<system>{\"entities\"");
        let wants = name.starts_with("analyze_") || *name == "build_context";
        assert_eq!(has, wants, "{name}");
    }
}

#[test]
fn optional_parts_disappear_when_empty() {
    let p = builtins();
    let text = p
        .render(
            "analyze_initial",
            json!({"goal": "Why?", "documents": [], "memory": ""}),
        )
        .unwrap();
    assert!(text.contains("(No documents were provided.)"));
    assert!(!text.contains("What is already known"));
    let system = p.render("system", json!({})).unwrap();
    assert!(!system.contains("What is already known"));
    let extract = p
        .render(
            "extract",
            json!({"document": "a.md", "heading": "", "chunk": "x", "known_types": []}),
        )
        .unwrap();
    assert!(!extract.contains("Section:"));
    assert!(!extract.contains("prefer them"));
}

#[test]
fn names_with_md_suffix_render_too() {
    let p = builtins();
    assert_eq!(
        p.render("extract.md", sample_vars("extract")).unwrap(),
        p.render("extract", sample_vars("extract")).unwrap()
    );
}

#[test]
fn a_missing_variable_in_a_builtin_is_archies_fault() {
    let err = builtins()
        .render("analyze_initial", json!({"documents": []}))
        .unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("built-in prompts/analyze_initial.md, line"),
        "{msg}"
    );
    assert!(msg.contains("undefined"), "{msg}");
    assert!(!err.is_usage());
    assert_eq!(
        crate::error::Classify::exit(&err),
        crate::error::Exit::Failed
    );
}

#[test]
fn an_unknown_prompt_is_an_error_listing_the_names() {
    let err = builtins().render("analyse", json!({})).unwrap_err();
    assert!(matches!(err, PromptError::UnknownPrompt { .. }));
    assert!(
        err.to_string()
            .contains("analyze_initial, analyze_followup")
    );
}

#[test]
fn substitute_replaces_known_and_keeps_unknown_placeholders() {
    let vars = BTreeMap::from([
        ("a".to_string(), "1".to_string()),
        ("b".to_string(), "{{a}}".to_string()),
    ]);
    assert_eq!(substitute("x {{a}} y", &vars), "x 1 y");
    assert_eq!(substitute("{{ a }}{{a}}", &vars), "11");
    assert_eq!(substitute("{{zzz}} and {{a}}", &vars), "{{zzz}} and 1");
    // A value is not substituted again.
    assert_eq!(substitute("{{b}}", &vars), "{{a}}");
    assert_eq!(substitute("{{ {{a}} }}", &vars), "{{ 1 }}");
    assert_eq!(substitute("open {{a", &vars), "open {{a");
    assert_eq!(substitute("no placeholders", &vars), "no placeholders");
}

#[test]
fn original_vars_map_archies_variables_onto_the_originals() {
    let vars = original_vars(&sample_vars("analyze_followup"));
    assert_eq!(
        vars["fileSummaries"],
        "--- File: docs/orders.md ---\n# Orders\n\nThe Order Service writes orders to the Orders DB.\n\n\
         --- File: docs/payments.md ---\nPayments publishes PaymentSettled events to Kafka."
    );
    assert_eq!(vars["fileList"], "docs/orders.md\ndocs/payments.md");
    assert_eq!(
        vars["firstUserMessage"],
        "How should we split the checkout?"
    );
    assert_eq!(
        vars["conversationHistory"],
        "User: How should we split the checkout?\n\
         Archie: 1. What peak load do you expect?\n\
         User: About 300 orders a second."
    );
    assert_eq!(vars["history"], vars["conversationHistory"]);
    assert!(vars["memory"].starts_with("- Order Service (service)"));
    let vars = original_vars(&sample_vars("build_context"));
    assert_eq!(vars["systemName"], "payments");
    let vars = original_vars(&sample_vars("analyze_final"));
    assert_eq!(vars["fileList"], "docs/orders.md\ndocs/payments.md");
    assert_eq!(
        vars["fileSummaries"],
        "--- File: docs/orders.md ---\n\n--- File: docs/payments.md ---"
    );
}

#[test]
fn role_labels() {
    assert_eq!(role_label("user"), "User");
    assert_eq!(role_label("assistant"), "Archie");
    assert_eq!(role_label("system"), "System");
}
