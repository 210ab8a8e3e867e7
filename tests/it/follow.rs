//! The memory follows the documents (issue 35): every fact knows where it came from, a
//! dependency removed from the documents leaves the graph (kept as history), facts from
//! other writers stay, and a run says what changed. Through the real binary, files and
//! HTTP to the mock LLM, whose extraction reads the chunk like a model would.

use crate::flows::is_extraction;
use crate::support::TestEnv;
use crate::support::mock_llm::{MockRequest, Reply};
use serde_json::{Value, json};

/// Extraction as a model would do it from this corpus: every line `A calls B` (or
/// `A writes to B`) of the excerpt is a relationship; the overview answers nothing new.
fn reading_model(req: &MockRequest) -> Reply {
    if !is_extraction(req) {
        return Reply::text("<agent>## Purpose\nA shop.</agent>");
    }
    let text = req.last("user").unwrap_or_default();
    let excerpt = text
        .split("<excerpt>")
        .nth(1)
        .and_then(|t| t.split("</excerpt>").next())
        .unwrap_or_default();
    let mut entities = Vec::new();
    let mut relationships = Vec::new();
    for line in excerpt.lines() {
        for (verb, kind) in [(" calls ", "calls"), (" writes to ", "writes_to")] {
            if let Some((from, to)) = line.trim().trim_end_matches('.').split_once(verb) {
                entities.push(json!({"name": from, "type": "service"}));
                entities.push(json!({"name": to, "type": "service"}));
                relationships.push(json!({"from": from, "to": to, "type": kind}));
            }
        }
    }
    Reply::json(json!({"entities": entities, "relationships": relationships}))
}

fn shop() -> TestEnv {
    let env = TestEnv::with_llm();
    env.mock().answer_with(reading_model);
    env.write(
        "docs/001-overview.md",
        "# Overview\n\n## Main request path\n\nCheckoutService calls PaymentService.\nPaymentService calls StripeApi.\n",
    );
    env.write(
        "docs/002-orders.md",
        "# Orders\n\nCheckoutService writes to OrdersDb.\n",
    );
    env.write(
        "docs/005-fedex.md",
        "# Shipping\n\nShippingService calls FedExApi.\n",
    );
    env
}

fn memory(env: &TestEnv) -> Value {
    serde_json::from_str(&env.read("context.json")).expect("json")
}

fn edges(m: &Value) -> Vec<String> {
    m["relationships"]
        .as_array()
        .expect("relationships")
        .iter()
        .map(|r| {
            format!(
                "{} {} {}",
                r["from"].as_str().unwrap(),
                r["type"].as_str().unwrap(),
                r["to"].as_str().unwrap()
            )
        })
        .collect()
}

fn extraction_calls(env: &TestEnv) -> usize {
    env.mock()
        .received()
        .iter()
        .filter(|r| is_extraction(r))
        .count()
}

#[test]
fn a_moved_dependency_and_a_deleted_document_leave_the_graph_and_the_rest_stays() {
    let env = shop();
    env.ok(&["build-context", "shop", "-i", "docs", "--no-input"]);
    let first = memory(&env);
    assert!(edges(&first).contains(&"PaymentService calls StripeApi".to_string()));
    // Every fact names its chunk.
    let stripe = first["relationships"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["to"] == "StripeApi")
        .unwrap();
    // One source: a string naming the chunk, which the `chunks` table places.
    let source = stripe["sources"].as_str().unwrap();
    let hash = source.strip_prefix("doc:").unwrap();
    assert_eq!(hash.len(), 12, "{source}");
    assert_eq!(
        first["chunks"][hash],
        "docs/001-overview.md § Overview > Main request path"
    );
    env.write("before.json", env.read("context.json"));

    // Another writer's fact: an import stays whatever the documents say.
    env.write(
        "ledger.json",
        r#"{"entities":[{"name":"Ledger","type":"service"}],"relationships":[{"from":"Ledger","to":"StripeApi","type":"calls"}]}"#,
    );
    env.ok(&["memory", "import", "ledger.json", "--no-input"]);

    // 001 moves the payment provider; 005 is deleted.
    env.write(
        "docs/001-overview.md",
        "# Overview\n\n## Main request path\n\nCheckoutService calls PaymentService.\nPaymentService calls PayPalApi.\n",
    );
    std::fs::remove_file(env.path().join("docs/005-fedex.md")).unwrap();
    let calls = extraction_calls(&env);
    let ran = env.ok(&["build-context", "shop", "-i", "docs", "--no-input"]);
    // Only the changed chunk was asked again.
    assert_eq!(extraction_calls(&env) - calls, 1, "{}", ran.stderr);
    let after = memory(&env);
    let now = edges(&after);
    assert!(
        now.contains(&"PaymentService calls PayPalApi".to_string()),
        "{now:?}"
    );
    assert!(
        !now.contains(&"PaymentService calls StripeApi".to_string()),
        "{now:?}"
    );
    assert!(!now.iter().any(|e| e.contains("FedEx")), "{now:?}");
    // Kept: what 001 and 002 still state, and the import (which still names StripeApi).
    for kept in [
        "CheckoutService calls PaymentService",
        "CheckoutService writes_to OrdersDb",
        "Ledger calls StripeApi",
    ] {
        assert!(now.contains(&kept.to_string()), "{kept}: {now:?}");
    }
    assert!(
        ran.stderr.contains(
            "−2 relationships, −2 entities no longer in the documents (docs/001-overview.md \
             changed, docs/005-fedex.md deleted)"
        ),
        "{}",
        ran.stderr
    );
    // History: retracted, not deleted.
    let gone: Vec<String> = after["retracted"]["relationships"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            format!(
                "{} → {}: {}",
                r["from"].as_str().unwrap(),
                r["to"].as_str().unwrap(),
                r["retracted"]["because"][0].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        gone,
        [
            "PaymentService → StripeApi: docs/001-overview.md changed",
            "ShippingService → FedExApi: docs/005-fedex.md deleted"
        ]
    );

    // memory show names the document of each fact, and the history on request.
    let shown = env.ok(&["memory", "show", "PaymentService", "--history"]);
    assert!(
        shown.stdout.contains(
            "--calls--> PayPalApi  · docs/001-overview.md § Overview > Main request path"
        ),
        "{}",
        shown.stdout
    );
    assert!(
        shown
            .stdout
            .contains("PaymentService --calls--> StripeApi — retracted"),
        "{}",
        shown.stdout
    );
    let plain = env.ok(&["memory", "show", "PaymentService"]);
    assert!(!plain.stdout.contains("StripeApi"), "{}", plain.stdout);

    // memory diff: the retracted and the added dependency, as markdown and as JSON.
    let diff = env.ok(&["memory", "diff", "before.json", "context.json"]);
    assert!(
        diff.stdout
            .contains("- `PaymentService` calls `PayPalApi` — docs/001-overview.md § Overview > Main request path"),
        "{}",
        diff.stdout
    );
    assert!(
        diff.stdout
            .contains("- `ShippingService` calls `FedExApi` — docs/005-fedex.md deleted"),
        "{}",
        diff.stdout
    );
    let json = env.ok(&["--json", "memory", "diff", "before.json"]);
    let data: Value = json
        .stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|e| e["event"] == "data")
        .expect("a data event");
    let removed: Vec<&str> = data["value"]["relationships_removed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["to"].as_str().unwrap())
        .collect();
    assert_eq!(removed, ["StripeApi", "FedExApi"]);

    // Nothing changed: no extraction call, nothing retracted, the file as it was.
    let saved = env.read("context.json");
    let calls = extraction_calls(&env);
    let again = env.ok(&["build-context", "shop", "-i", "docs", "--no-input"]);
    assert_eq!(extraction_calls(&env), calls, "{}", again.stderr);
    assert!(
        !again.stderr.contains("no longer in the documents"),
        "{}",
        again.stderr
    );
    assert_eq!(env.read("context.json"), saved);
}

#[test]
fn a_run_over_a_sub_folder_retracts_nothing_outside_it() {
    let env = shop();
    env.write(
        "docs/payments/010-refunds.md",
        "# Refunds\n\nRefundService calls PaymentService.\n",
    );
    env.ok(&["build-context", "shop", "-i", "docs", "--no-input"]);
    std::fs::remove_file(env.path().join("docs/005-fedex.md")).unwrap();
    env.ok(&[
        "build-context",
        "payments",
        "-i",
        "docs/payments",
        "--no-input",
    ]);
    // 005 is outside docs/payments: its facts wait for a run over docs/.
    assert!(edges(&memory(&env)).contains(&"ShippingService calls FedExApi".to_string()));
    // --keep-stale keeps them over docs/ too.
    let kept = env.ok(&[
        "build-context",
        "shop",
        "-i",
        "docs",
        "--no-input",
        "--keep-stale",
    ]);
    assert!(edges(&memory(&env)).contains(&"ShippingService calls FedExApi".to_string()));
    assert!(
        !kept.stderr.contains("no longer in the documents"),
        "{}",
        kept.stderr
    );
    let ran = env.ok(&[
        "--json",
        "build-context",
        "shop",
        "-i",
        "docs",
        "--no-input",
    ]);
    assert!(!edges(&memory(&env)).iter().any(|e| e.contains("FedEx")));
    // Under --json the run's own diff is a data event.
    let diff = ran
        .stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|e| e["event"] == "data" && e["value"].get("memory_diff").is_some())
        .expect("a memory_diff data event");
    let removed = &diff["value"]["memory_diff"]["relationships_removed"];
    assert_eq!(removed[0]["to"], "FedExApi", "{diff}");
    assert_eq!(
        removed[0]["because"][0], "docs/005-fedex.md deleted",
        "{diff}"
    );
}

#[test]
fn a_file_written_before_sources_keeps_its_facts_and_gets_sources_next_run() {
    let env = shop();
    env.write(
        "context.json",
        r#"{"entities":[{"name":"PaymentService","type":"service","description":"","tags":[],"properties":{}},{"name":"Mainframe","type":"service","description":"","tags":[],"properties":{}}],"relationships":[]}"#,
    );
    env.ok(&["build-context", "shop", "-i", "docs", "--no-input"]);
    let m = memory(&env);
    let entity = |name: &str| {
        m["entities"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name)
            .cloned()
            .unwrap_or(Value::Null)
    };
    // Kept (as far as archie can tell, a person's), and sourced where a chunk states it.
    assert!(entity("Mainframe")["sources"].is_null());
    let source = entity("PaymentService")["sources"]
        .as_str()
        .unwrap()
        .to_string();
    let hash = source.strip_prefix("doc:").unwrap();
    assert!(
        m["chunks"][hash]
            .as_str()
            .unwrap()
            .starts_with("docs/001-overview.md")
    );
}

#[test]
fn a_model_that_echoes_the_prompt_or_names_the_system_stores_nothing_the_documents_do_not_name() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        if is_extraction(req) {
            // A weak model: the prompt's example, and a name from nowhere.
            return Reply::json(json!({
                "entities": [
                    {"name": "Order Service", "type": "service", "description": "Accepts and tracks customer orders."},
                    {"name": "Orders DB", "type": "database"},
                    {"name": "Quantum Ledger", "type": "service"},
                    {"name": "as the text writes it", "type": "concept"},
                    {"name": "PaymentService", "type": "service"}
                ],
                "relationships": [
                    {"from": "Order Service", "to": "Orders DB", "type": "writes_to"},
                    {"from": "PaymentService", "to": "Quantum Ledger", "type": "calls"}
                ]
            }));
        }
        // The overview's knowledge makes the system one of its own services.
        Reply::text(
            "<agent>## Purpose\nA shop.</agent>\n<system>{\"entities\":[{\"name\":\"NovaMart\",\"type\":\"service\"}],\"relationships\":[{\"from\":\"NovaMart\",\"to\":\"PaymentService\",\"type\":\"calls\"}]}</system>",
        )
    });
    for i in 0..3 {
        env.write(
            &format!("docs/{i}.md"),
            format!(
                "# NovaMart part {i}\n\nNovaMart's PaymentService takes payments. It writes \
                 the text of each receipt as it goes. Note {i}.\n"
            ),
        );
    }
    let ran = env.ok(&["build-context", "NovaMart", "-i", "docs", "--no-input"]);
    let m = memory(&env);
    let names: Vec<&str> = m["entities"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["PaymentService"], "{}", ran.stderr);
    assert!(m["relationships"].as_array().unwrap().is_empty());
    assert!(
        ran.stderr
            .contains("naming what their text does not name not stored"),
        "{}",
        ran.stderr
    );
}

#[test]
fn what_a_model_says_in_an_analysis_is_sourced_to_its_run_and_turn() {
    let env = crate::flows::scripted_env(1);
    env.ok(&[
        "analyze",
        "-i",
        "docs",
        "--answer",
        "It fails fast.",
        "--answer",
        "/approve",
    ]);
    let m = memory(&env);
    let gateway = m["entities"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "PaymentGateway")
        .expect("the answers' PaymentGateway");
    let sources = gateway["sources"].to_string();
    assert!(sources.contains("\"run:"), "{sources}");
    assert!(sources.contains(" turn 1\""), "{sources}");
    let shown = env.ok(&["memory", "show", "PaymentGateway"]);
    assert!(shown.stdout.contains("stated by: run "), "{}", shown.stdout);
    assert!(shown.stdout.contains(", turn 1"), "{}", shown.stdout);
}
