//! The second run is free: extraction answers are kept per chunk by what determines them
//! (the chunk, the prompt templates, the model, the schema), not by whatever else a
//! prompt carries, so what a first run adds to the memory does not cost the second run.

use crate::flows::{is_extraction, scripted_model};
use crate::support::TestEnv;
use crate::support::mock_llm::{MockLlm, MockRequest, Reply};
use serde_json::json;

fn extraction_calls(mock: &MockLlm) -> usize {
    mock.received().iter().filter(|r| is_extraction(r)).count()
}

/// A model whose extraction answers bring new entity types (the memory's vocabulary
/// grows with every run, which used to change every extraction prompt).
fn inventive_model(req: &MockRequest) -> Reply {
    if is_extraction(req) {
        let text = req.last("user").unwrap_or_default();
        let n = text
            .split("Note ")
            .nth(1)
            .and_then(|t| t.split('.').next())
            .unwrap_or("0")
            .to_string();
        return Reply::json(json!({
            "entities": [
                {"name": format!("Component {n}"), "type": format!("kind_{n}")},
                {"name": "Payments DB", "type": "Databases"},
                {"name": "checkout-service", "type": "micro-service"}
            ],
            "relationships": [{"from": format!("Component {n}"), "to": "Payments DB", "type": "writes to"}]
        }));
    }
    scripted_model(req)
}

fn world(docs: usize) -> TestEnv {
    let env = TestEnv::with_llm();
    env.mock().answer_with(inventive_model);
    env.docs("docs", docs);
    env
}

#[test]
fn the_second_build_context_makes_no_extraction_call_and_says_all_cached() {
    let env = world(4);
    env.ok(&["build-context", "shop", "-i", "docs"]);
    assert_eq!(extraction_calls(env.mock()), 4);
    for _ in 0..2 {
        let ran = env.ok(&["build-context", "shop", "-i", "docs"]);
        assert_eq!(extraction_calls(env.mock()), 4, "{}", ran.stderr);
        assert!(
            ran.stderr.contains("(4 chunks, all cached)"),
            "{}",
            ran.stderr
        );
    }
}

#[test]
fn analyze_after_build_context_over_the_same_documents_extracts_nothing() {
    let env = world(3);
    env.ok(&["build-context", "shop", "-i", "docs"]);
    assert_eq!(extraction_calls(env.mock()), 3);
    let ran = env.ok(&["analyze", "-i", "docs", "--answer", "/approve"]);
    assert_eq!(extraction_calls(env.mock()), 3, "{}", ran.stderr);
    assert!(ran.stderr.contains("all cached"), "{}", ran.stderr);
}

#[test]
fn an_edited_document_re_extracts_only_its_changed_chunk() {
    let env = world(4);
    env.ok(&["build-context", "shop", "-i", "docs"]);
    assert_eq!(extraction_calls(env.mock()), 4);
    env.write(
        "docs/doc02.md",
        "# Service 2\n\nThe Checkout Service now writes orders to the Ledger. Note 2.\n",
    );
    let ran = env.ok(&["build-context", "shop", "-i", "docs"]);
    assert_eq!(extraction_calls(env.mock()), 5, "{}", ran.stderr);
    let last = env
        .mock()
        .received()
        .into_iter()
        .rfind(is_extraction)
        .expect("an extraction call");
    assert!(last.text().contains("writes orders to the Ledger"));
    assert!(
        ran.stderr
            .contains("(cached: 3 of 4 chunks unchanged since the last run)"),
        "{}",
        ran.stderr
    );
}

#[test]
fn no_cache_a_changed_template_or_another_model_extract_again() {
    let env = world(2);
    env.ok(&["build-context", "shop", "-i", "docs"]);
    assert_eq!(extraction_calls(env.mock()), 2);

    env.ok(&["build-context", "shop", "-i", "docs", "--no-cache"]);
    assert_eq!(extraction_calls(env.mock()), 4, "--no-cache asks again");

    env.ok(&["build-context", "shop", "-i", "docs", "-m", "another-model"]);
    assert_eq!(extraction_calls(env.mock()), 6, "another model is asked");

    let template = include_str!("../../prompts/extract.md").replace(
        "Only what the excerpt states",
        "Strictly only what the excerpt states",
    );
    env.write("my-prompts/extract.md", template);
    env.ok(&[
        "--prompts-dir",
        "my-prompts",
        "build-context",
        "shop",
        "-i",
        "docs",
    ]);
    assert_eq!(
        extraction_calls(env.mock()),
        8,
        "a changed template is asked"
    );

    // And each of those is kept too.
    env.ok(&[
        "--prompts-dir",
        "my-prompts",
        "build-context",
        "shop",
        "-i",
        "docs",
    ]);
    assert_eq!(extraction_calls(env.mock()), 8);
}

#[test]
fn the_memory_vocabulary_is_applied_when_merging_not_put_in_the_prompt() {
    let env = world(2);
    env.write(
        "context.json",
        r#"{"entities": [{"name": "Checkout Service", "type": "service"}], "relationships": []}"#,
    );
    env.ok(&["build-context", "shop", "-i", "docs"]);
    for req in env.mock().received().iter().filter(|r| is_extraction(r)) {
        assert!(
            !req.text().contains("Types already in use"),
            "the prompt carries the memory's types"
        );
    }
    let memory: serde_json::Value = serde_json::from_str(&env.read("context.json")).expect("json");
    let entity = |name: &str| {
        memory["entities"]
            .as_array()
            .expect("entities")
            .iter()
            .find(|e| e["name"] == name)
            .cloned()
    };
    // `Databases` and `micro-service` are written as the memory writes them, and
    // `checkout-service` is the Checkout Service the memory knows.
    assert_eq!(
        entity("Payments DB").expect("Payments DB")["type"],
        "database"
    );
    assert_eq!(
        entity("Checkout Service").expect("Checkout Service")["type"],
        "service"
    );
    assert!(entity("checkout-service").is_none(), "{memory:#}");
}
