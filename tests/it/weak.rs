//! A weak model (issue 28): a small model that writes the schema back as entities, loops,
//! and writes archie's own `<system>` tag in its prose. archie keeps the junk out of the
//! memory, stops a loop and says so, shows and writes the model's text as text, and keeps
//! what extraction learned whatever ends the run after it.

use crate::flows::{is_extraction, scripted_model};
use crate::support::TestEnv;
use crate::support::mock_llm::{MockRequest, Reply};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Names and types a weak model wrote back from the schema.
const JUNK: &[&str] = &["name", "type", "string", "1", "2", "array", "list"];

/// Extraction the way Gemma 3 270M did it: the chunk about checkout names a real service
/// among the schema's words; every other chunk only the schema's words.
fn schema_echoing_model(req: &MockRequest) -> Reply {
    if is_extraction(req) {
        let mut entities = vec![
            json!({"name": "name", "type": "string"}),
            json!({"name": "1", "type": "service"}),
            json!({"name": "2", "type": "array"}),
            json!({"name": "type", "type": "list"}),
        ];
        let mut relationships = vec![json!({"from": "name", "to": "type", "type": "string"})];
        if req.last("user").unwrap_or_default().contains("# Checkout") {
            entities.push(json!({"name": "Checkout Service", "type": "service"}));
            entities.push(json!({"name": "Orders DB", "type": "array"}));
            relationships.push(
                json!({"from": "Checkout Service", "to": "Payments DB", "type": "writes_to"}),
            );
            entities.push(json!({"name": "Payments DB", "type": "database"}));
        }
        return Reply::json(json!({"entities": entities, "relationships": relationships}));
    }
    Reply::text("<agent>## Purpose\nTakes orders.</agent>")
}

fn memory(env: &TestEnv) -> Value {
    serde_json::from_str(&env.read("context.json")).expect("context.json is JSON")
}

fn names_and_types(memory: &Value) -> Vec<(String, String)> {
    memory["entities"]
        .as_array()
        .expect("entities")
        .iter()
        .map(|e| {
            (
                e["name"].as_str().unwrap_or_default().to_string(),
                e["type"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

/// The entities of a memory file that are the schema written back: named or typed with
/// a word of [`JUNK`], or named with a bare number.
pub(crate) fn schema_words_in(memory: &Value) -> Vec<(String, String)> {
    names_and_types(memory)
        .into_iter()
        .filter(|(name, kind)| {
            let (n, k) = (name.trim().to_lowercase(), kind.trim().to_lowercase());
            JUNK.contains(&n.as_str())
                || JUNK.contains(&k.as_str())
                || n.is_empty()
                || n.parse::<f64>().is_ok()
        })
        .collect()
}

#[test]
fn schema_words_never_reach_the_memory() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(schema_echoing_model);
    env.write(
        "docs/checkout.md",
        "# Checkout\n\nThe Checkout Service writes to the Payments DB. Orders are kept in the \
         Orders DB.\n",
    );
    env.write(
        "docs/notes.md",
        "# Notes\n\nMeeting notes with nothing in them.\n",
    );
    let ran = env.ok(&["build-context", "shop", "-i", "docs"]);

    let memory = memory(&env);
    let entities = names_and_types(&memory);
    assert_eq!(
        schema_words_in(&memory),
        [],
        "the schema written back is not knowledge: {entities:?}"
    );
    let names: Vec<&str> = entities.iter().map(|(n, _)| n.as_str()).collect();
    assert!(
        names.contains(&"Checkout Service"),
        "{entities:?}\n{}",
        ran.stderr
    );
    assert!(names.contains(&"Payments DB"), "{entities:?}");
    // A real name typed `array` is kept, untyped.
    assert!(
        entities.contains(&("Orders DB".to_string(), "unknown".to_string())),
        "typed `array`: {entities:?}"
    );
    assert_eq!(memory["relationships"].as_array().map(Vec::len), Some(1));
    // Counted and said once, like the other limits.
    assert_eq!(
        ran.stderr
            .matches("named after the answer's schema")
            .count(),
        1,
        "{}",
        ran.stderr
    );
    // The chunk with nothing but the schema's words failed, and says why.
    assert!(
        ran.stderr.contains("extraction failed for notes.md")
            && ran.stderr.contains("the answer's schema written back"),
        "{}",
        ran.stderr
    );

    // Not kept as that chunk's answer: the next run asks for it again, and only for it.
    let before = env
        .mock()
        .received()
        .iter()
        .filter(|r| is_extraction(r))
        .count();
    env.ok(&["build-context", "shop", "-i", "docs"]);
    let asked: Vec<String> = env.mock().received()[..]
        .iter()
        .filter(|r| is_extraction(r))
        .skip(before)
        .map(MockRequest::text)
        .collect();
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert!(asked[0].contains("Meeting notes"), "{asked:?}");
}

/// The overview as a looping small model writes it.
const LOOP_BEFORE: &str = "<agent>## Purpose\nRuns the shop.\n\n## Key components\n";
const PASSAGE: &str =
    "- The Orders Service writes every order to the Orders DB and tells Billing.\n";

#[test]
fn a_looping_answer_is_stopped_early_and_named() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        if is_extraction(req) {
            return scripted_model(req);
        }
        Reply::looping(LOOP_BEFORE, PASSAGE)
    });
    env.docs("docs", 1);
    // The stream never ends: only stopping at the loop ends this run.
    let ran = env.ok(&["build-context", "shop", "-i", "docs"]);
    let overview = env.read("shop_context.md");
    assert_eq!(overview.matches(PASSAGE.trim()).count(), 1, "{overview}");
    assert!(overview.contains("## Key components"), "{overview}");
    // Cut before its `</agent>`, the answer is still read as the agent part.
    assert!(!overview.contains("<agent>"), "{overview}");
    assert!(
        ran.stderr
            .contains("the model started repeating itself in its answer (final answer); stopped after 3 repeats"),
        "{}",
        ran.stderr
    );
    assert!(
        !ran.stderr.contains("raise it with --max-tokens"),
        "a loop is not cut off for room: {}",
        ran.stderr
    );

    // Not streamed, the whole answer is cut at the loop the same way.
    let ran = env.ok(&["--no-stream", "build-context", "shop", "-i", "docs"]);
    let overview = env.read("shop_context.md");
    assert_eq!(overview.matches(PASSAGE.trim()).count(), 1, "{overview}");
    assert!(
        ran.stderr.contains(&format!(
            "repeating itself in its answer (final answer); it wrote {} repeats",
            crate::support::mock_llm::LOOP_COPIES - 1
        )),
        "{}",
        ran.stderr
    );
}

#[test]
fn a_cut_off_answer_still_gets_the_max_tokens_advice() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        if is_extraction(req) {
            return scripted_model(req);
        }
        Reply::cut_off("<agent>## Purpose\nRuns the shop and then it")
    });
    env.docs("docs", 1);
    let ran = env.ok(&["build-context", "shop", "-i", "docs"]);
    assert!(
        ran.stderr.contains("raise it with --max-tokens"),
        "{}",
        ran.stderr
    );
    assert!(!ran.stderr.contains("repeating itself"), "{}", ran.stderr);
}

/// A final analysis in which SmolLM2 wrote archie's tag as prose.
const PROSE_WITH_TAG: &str = "## Assumptions\n- The <system> prompt is fixed.\n\n## Decisions\n- After the tag: payments fail open.\n";

#[test]
fn a_system_tag_in_the_models_prose_is_shown_and_written_as_text() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        if is_extraction(req) {
            return scripted_model(req);
        }
        Reply::split(PROSE_WITH_TAG, 3)
    });
    env.docs("docs", 1);
    let ran = env.ok(&["analyze", "-i", "docs", "-q", "Q?", "--answer", "/approve"]);
    let analysis = env.read("analysis_result.md");
    assert!(
        analysis.contains("- The <system> prompt is fixed.")
            && analysis.contains("After the tag: payments fail open."),
        "{analysis}"
    );
    // What streamed to the reader holds the text after the tag as well.
    let shown = format!("{}{}", ran.stdout, ran.stderr);
    assert!(
        shown.contains("After the tag: payments fail open."),
        "stdout:\n{}\nstderr:\n{}",
        ran.stdout,
        ran.stderr
    );
}

/// Waits until `ready` holds (the test fails after a minute).
#[track_caller]
fn wait_for(what: &str, ready: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !ready() {
        assert!(Instant::now() < deadline, "never happened: {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn ctrl_c_during_the_overview_keeps_what_extraction_learned_in_the_memory_file() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        if is_extraction(req) {
            return scripted_model(req);
        }
        // The overview of a slow CPU model: it never comes.
        Reply::silent()
    });
    env.docs("docs", 2);
    let child = env.spawn(&["build-context", "shop", "-i", "docs"]);
    wait_for("the overview was asked for", || {
        env.mock().received().iter().any(|r| !is_extraction(r))
    });
    // SAFETY: sends SIGINT to the archie child this test started.
    unsafe { libc::kill(child.child.id() as i32, libc::SIGINT) };
    let ran = child.wait();
    ran.expect_code(130);
    let memory = memory(&env);
    let names: Vec<String> = names_and_types(&memory)
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert!(
        names.iter().any(|n| n == "Checkout Service") && names.iter().any(|n| n == "Payments DB"),
        "{names:?}\n{}",
        ran.stderr
    );
    assert!(!env.path().join("shop_context.md").exists());
}

fn asked_for_json_schema(req: &MockRequest) -> bool {
    req.body["response_format"]["type"] == "json_schema"
}

/// Requests of the last run: those received after the first `before`.
fn since(env: &TestEnv, before: usize) -> Vec<MockRequest> {
    env.mock().received().into_iter().skip(before).collect()
}

#[test]
fn what_an_endpoint_refused_is_remembered_for_the_next_run() {
    let env = TestEnv::with_llm();
    env.mock().llama_cpp_python(32_768);
    env.mock().answer_with(scripted_model);
    env.docs("docs", 2);
    let args = ["--no-cache", "build-context", "shop", "-i", "docs"];

    let first = env.ok(&args);
    let asked = since(&env, 0);
    assert!(
        asked.iter().any(asked_for_json_schema),
        "the first run finds out: {}",
        first.stderr
    );
    assert!(
        first.stderr.contains("and from the start of the next"),
        "{}",
        first.stderr
    );

    // The next run starts from what was learned: no json_schema, so no 500 first.
    let before = env.mock().received().len();
    let second = env.ok(&["-v", "--no-cache", "build-context", "shop", "-i", "docs"]);
    let asked = since(&env, before);
    assert!(
        asked.iter().any(is_extraction),
        "extraction asked again (--no-cache)"
    );
    assert!(
        !asked.iter().any(asked_for_json_schema),
        "{}",
        second.stderr
    );
    assert!(
        !second.stderr.contains("does not accept"),
        "{}",
        second.stderr
    );
    assert!(
        second
            .stderr
            .contains("what this endpoint took on an earlier run"),
        "{}",
        second.stderr
    );

    // Another server at the same address: what the old one refused is asked again.
    env.mock().switches(|s| s.owned_by = Some("vllm"));
    let before = env.mock().received().len();
    let third = env.ok(&args);
    assert!(
        since(&env, before).iter().any(asked_for_json_schema),
        "{}",
        third.stderr
    );
}

#[test]
fn the_wrote_line_names_the_overview_once_and_one_node_as_one() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        if is_extraction(req) {
            return Reply::json(json!({
                "entities": [{"name": "Shop Service", "type": "service"}],
                "relationships": []
            }));
        }
        Reply::text("<agent>## Overview\nA shop.</agent>")
    });
    env.write("docs/shop.md", "# Shop\n\nThe Shop Service sells things.\n");
    let ran = env.ok(&["build-context", "shop", "-i", "docs"]);
    assert!(
        ran.stderr
            .contains("(overview · Mermaid diagram of 1 node)"),
        "{}",
        ran.stderr
    );
}

#[test]
fn a_setting_given_to_resume_that_the_run_did_not_have_is_said_in_words() {
    let env = crate::flows::scripted_env(1);
    env.code(&["analyze", "-i", "docs", "-q", "Q?", "--no-input"], 3);
    let ran = env.ok(&[
        "resume",
        "--last",
        "--max-tokens",
        "400",
        "--answer",
        "/approve",
    ]);
    assert!(
        ran.stderr.contains(
            "using --max-tokens 400 given here; the run was recorded without it (kept for the next resume)"
        ),
        "{}",
        ran.stderr
    );
    assert!(!ran.stderr.contains("(default)"), "{}", ran.stderr);
}

#[test]
fn a_system_tag_in_the_models_prose_does_not_stop_the_terminal_showing_it() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        if is_extraction(req) {
            return scripted_model(req);
        }
        Reply::split(PROSE_WITH_TAG, 3)
    });
    env.docs("docs", 1);
    let mut session = crate::pty::in_pty(
        &env,
        &["build-context", "shop", "-i", "docs"],
        Duration::from_secs(30),
    );
    session
        .expect("The <system> prompt is fixed.")
        .expect("the tag is shown as the model wrote it");
    session
        .expect("After the tag: payments fail open.")
        .expect("the text after the tag is shown");
    session.expect("wrote shop_context.md").expect("written");
    crate::pty::exits_with(&mut session, 0);
    assert!(
        env.read("shop_context.md")
            .contains("After the tag: payments fail open.")
    );
}

#[test]
fn an_overview_that_fails_leaves_what_extraction_learned_in_the_memory_file() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        if is_extraction(req) {
            return scripted_model(req);
        }
        Reply::bad_request("the model crashed on this prompt")
    });
    env.docs("docs", 1);
    let ran = env.code(&["build-context", "shop", "-i", "docs"], 1);
    let memory = memory(&env);
    let names: Vec<String> = names_and_types(&memory)
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert!(
        names.iter().any(|n| n == "Checkout Service"),
        "{names:?}\n{}",
        ran.stderr
    );
}
