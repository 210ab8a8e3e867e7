//! What a prompt and a diagram hold: build-context draws the named system's part of the
//! knowledge graph, the "wrote" lines say what was written, and every prompt and every
//! merged answer stays within its bounds however much there is.

use crate::flows::{is_extraction, scripted_model};
use crate::support::TestEnv;
use crate::support::mock_llm::{MockRequest, Reply};
use serde_json::json;

const AREAS: &[&str] = &[
    "Payments",
    "Orders",
    "Billing",
    "Ledger",
    "Catalog",
    "Search",
    "Identity",
    "Shipping",
    "Inventory",
    "Pricing",
];

/// The area a chunk's document is about (`docs/area-03.md` names `Ledger`).
fn area_of(req: &MockRequest) -> Option<&'static str> {
    let text = req.last("user").unwrap_or_default();
    AREAS
        .iter()
        .copied()
        .find(|a| text.contains(&format!("# {a}")))
}

/// A shop where every document mentions NovaMart: extraction links each area's
/// components to each other, to a neighbour area, and to the NovaMart hub.
fn shop_model(req: &MockRequest) -> Reply {
    if is_extraction(req) {
        let area = area_of(req).unwrap_or("Orders");
        let next = AREAS[(AREAS.iter().position(|a| *a == area).unwrap_or(0) + 1) % AREAS.len()];
        let c = |kind: &str| format!("{area} {kind}");
        return Reply::json(json!({
            "entities": [
                {"name": c("Service"), "type": "service"},
                {"name": c("DB"), "type": "database"},
                {"name": c("Queue"), "type": "queue"},
                {"name": c("API"), "type": "api"},
                {"name": c("Cache"), "type": "database"},
                {"name": "NovaMart", "type": "system"}
            ],
            "relationships": [
                {"from": c("Service"), "to": c("DB"), "type": "writes_to"},
                {"from": c("Service"), "to": c("Queue"), "type": "publishes_to"},
                {"from": c("API"), "to": c("Service"), "type": "calls"},
                {"from": c("Service"), "to": c("Cache"), "type": "reads_from"},
                {"from": c("Service"), "to": format!("{next} API"), "type": "calls"},
                {"from": "NovaMart", "to": c("Service"), "type": "contains"},
                {"from": "NovaMart", "to": c("DB"), "type": "contains"},
                {"from": "NovaMart", "to": c("Queue"), "type": "contains"},
                {"from": "NovaMart", "to": c("API"), "type": "contains"},
                {"from": "NovaMart", "to": c("Cache"), "type": "contains"}
            ]
        }));
    }
    Reply::text(
        "<agent>## Purpose\nRuns the shop.\n\n## Key components\n- Payments Service\n- Payments DB\n- Orders API\n\n## Interactions and data flows\nOrders call payments.</agent>",
    )
}

fn shop(docs: usize) -> TestEnv {
    let env = TestEnv::with_llm();
    env.mock().answer_with(shop_model);
    for i in 0..docs {
        let area = AREAS[i % AREAS.len()];
        let next = AREAS[(i + 1) % AREAS.len()];
        env.write(
            &format!("docs/area-{i:02}.md"),
            format!(
                "# {area}\n\nPart of NovaMart. The {area} Service owns its data and calls the \
                 {next} API. Note {i}.\n"
            ),
        );
    }
    env
}

/// The Mermaid block of a context file.
fn diagram(env: &TestEnv, file: &str) -> String {
    let text = env.read(file);
    let start = text.find("```mermaid").expect("a diagram");
    text[start..].to_string()
}

fn nodes(mermaid: &str) -> usize {
    mermaid
        .lines()
        .filter(|l| l.trim_start().starts_with("n_") && l.contains("[\""))
        .count()
}

#[test]
fn build_context_draws_the_named_system_not_the_whole_graph() {
    let env = shop(50);
    let ran = env.ok(&["build-context", "payments", "-i", "docs"]);
    let payments = diagram(&env, "payments_context.md");
    assert!(payments.contains("Payments Service"), "{payments}");
    assert!(
        payments.contains("Pricing Service"),
        "a neighbour: {payments}"
    );
    assert!(!payments.contains("Search DB"), "unrelated: {payments}");
    assert!(
        payments.contains("NovaMart links to"),
        "the hub is a note: {payments}"
    );
    assert!(!payments.contains("[\"NovaMart\"]"), "{payments}");
    let shown = nodes(&payments);
    assert!(
        ran.stderr.contains(&format!(
            "(overview · 3 components · data flows · Mermaid diagram of {shown} nodes)"
        )),
        "{}",
        ran.stderr
    );

    env.ok(&["build-context", "PaymentService", "-i", "docs"]);
    assert_eq!(nodes(&diagram(&env, "PaymentService_context.md")), shown);

    env.ok(&["build-context", "NovaMart", "-i", "docs"]);
    let whole = diagram(&env, "NovaMart_context.md");
    assert!(nodes(&whole) > shown, "{whole}");
    assert!(nodes(&whole) <= 40, "within the node cap: {whole}");
    assert!(whole.contains("more related entities not shown"), "{whole}");
    assert!(!whole.contains("[\"NovaMart\"]"), "{whole}");
}

#[test]
fn the_analysis_line_names_its_sections() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(scripted_model);
    env.docs("docs", 1);
    let ran = env.ok(&["analyze", "-i", "docs", "--answer", "/approve"]);
    assert!(
        ran.stderr.contains(
            "wrote analysis_result.md  (1 assumption, 1 component, 1 alternative, 1 decision, 1 open question · transcript of 1 turn)"
        ),
        "{}",
        ran.stderr
    );
}

#[test]
fn the_build_context_prompt_keeps_to_the_document_budget_however_many_documents() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(scripted_model);
    for i in 0..400 {
        env.write(
            &format!("docs/d{i:03}.md"),
            format!(
                "# Note {i}\n\n{}\n",
                "The Checkout Service is fine. ".repeat(30)
            ),
        );
    }
    env.ok(&[
        "build-context",
        "shop",
        "-i",
        "docs",
        "--no-extract",
        "--document-budget",
        "2000",
    ]);
    let prompt = env
        .mock()
        .received()
        .into_iter()
        .find(|r| r.text().contains("context overview"))
        .expect("the build-context call")
        .last("user")
        .unwrap_or_default();
    let documents = prompt
        .split("## Documents")
        .nth(1)
        .and_then(|t| t.split("## What to write").next())
        .unwrap_or_default();
    // 2,000 tokens are about 8,000 characters; paths and tags add a little.
    assert!(
        documents.chars().count() < 12_000,
        "{} characters of documents",
        documents.chars().count()
    );
    assert!(documents.contains("more documents were read but are not shown"));
}

#[test]
fn turn_fifty_costs_about_what_turn_five_does() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        if is_extraction(req) {
            return scripted_model(req);
        }
        // Twelve questions, not one twelve times (that is a loop, which archie cuts).
        let questions: String = (1..=12)
            .map(|k| format!("Which failure mode ({k}) matters most here, and why? "))
            .collect();
        Reply::text(format!("<agent>{questions}</agent>"))
    });
    env.docs("docs", 1);
    let mut args: Vec<String> = [
        "analyze",
        "-i",
        "docs",
        "--max-turns",
        "60",
        "--history-budget",
        "800",
    ]
    .map(String::from)
    .to_vec();
    for i in 0..49 {
        args.push("--answer".into());
        args.push(format!(
            "Answer {i}: {}",
            "it fails fast and the target is end to end. ".repeat(6)
        ));
    }
    args.push("--answer".into());
    args.push("/approve".into());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    env.ok(&args);
    let sizes: Vec<usize> = env
        .mock()
        .received()
        .iter()
        .filter(|r| !is_extraction(r))
        .map(|r| r.text().chars().count())
        .collect();
    assert_eq!(sizes.len(), 51);
    let (turn5, turn50) = (sizes[4], sizes[49]);
    assert!(
        turn50 * 10 <= turn5 * 12,
        "turn 5: {turn5} characters, turn 50: {turn50}"
    );
    // The transcript stays whole.
    let analysis = env.read("analysis_result.md");
    assert!(analysis.contains("Answer 0:") && analysis.contains("Answer 48:"));
}

#[test]
fn an_extraction_answer_beyond_all_reason_is_cut_to_archies_limits_and_said() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        if is_extraction(req) {
            let mut entities: Vec<serde_json::Value> = (0..10_000)
                .map(|i| json!({"name": format!("Entity {i}"), "type": "service"}))
                .collect();
            entities.push(json!({"name": "x".repeat(100_000), "type": "service"}));
            return Reply::json(json!({"entities": entities, "relationships": []}));
        }
        scripted_model(req)
    });
    env.docs("docs", 1);
    let ran = env.ok(&["build-context", "shop", "-i", "docs"]);
    assert!(
        ran.stderr.contains("9,800 items over 200 entities"),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr
            .contains("1 items with names over 200 characters dropped"),
        "{}",
        ran.stderr
    );
    let memory = env.read("context.json");
    assert!(memory.len() < 200_000, "{} bytes", memory.len());
    assert!(env.read("shop_context.md").len() < 100_000);
}

/// A platform of 50 components: each area's service, database, queue, API and cache,
/// each service calling the next area's API. With `novamart`, the Payments document's
/// answer also names "NovaMart", a system that contains only two of them; without it
/// NovaMart is no entity at all, only the documents' subject.
fn platform(novamart: bool) -> TestEnv {
    let env = TestEnv::with_llm();
    env.mock().answer_with(move |req| {
        if !is_extraction(req) {
            return Reply::text(
                "<agent>## Purpose\nRuns the shop.\n\n## Key components\n- PaymentService\n\n## Interactions and data flows\nOrders call payments.</agent>",
            );
        }
        let area = area_of(req).unwrap_or("Orders");
        let next = AREAS[(AREAS.iter().position(|a| *a == area).unwrap_or(0) + 1) % AREAS.len()];
        let area = area.trim_end_matches('s');
        let next = next.trim_end_matches('s');
        let c = |part: &str| format!("{area}{part}");
        let mut entities = vec![
            json!({"name": c("Service"), "type": "service"}),
            json!({"name": c("DB"), "type": "database"}),
            json!({"name": c("Queue"), "type": "queue"}),
            json!({"name": c("API"), "type": "api"}),
            json!({"name": c("Cache"), "type": "cache"}),
        ];
        let mut relationships = vec![
            json!({"from": c("Service"), "to": c("DB"), "type": "writes_to"}),
            json!({"from": c("Service"), "to": c("Queue"), "type": "publishes_to"}),
            json!({"from": c("API"), "to": c("Service"), "type": "calls"}),
            json!({"from": c("Service"), "to": c("Cache"), "type": "reads_from"}),
            json!({"from": c("Service"), "to": format!("{next}API"), "type": "calls"}),
        ];
        if novamart && area == "Payment" {
            entities.push(json!({"name": "NovaMart", "type": "system"}));
            relationships.push(json!({"from": "NovaMart", "to": "OrderAPI", "type": "contains"}));
            relationships
                .push(json!({"from": "NovaMart", "to": "PaymentAPI", "type": "contains"}));
        }
        Reply::json(json!({"entities": entities, "relationships": relationships}))
    });
    for (i, area) in AREAS.iter().enumerate() {
        let next = AREAS[(i + 1) % AREAS.len()];
        env.write(
            &format!("docs/area-{i:02}.md"),
            format!(
                "# {area}\n\nThe {area} part of NovaMart: a service, its data, its events; it \
                 calls the {next} API.\n"
            ),
        );
    }
    env
}

#[test]
fn build_context_of_the_whole_system_draws_its_main_components() {
    for novamart in [true, false] {
        let env = platform(novamart);
        env.ok(&["build-context", "NovaMart", "-i", "docs"]);
        let memory: serde_json::Value = serde_json::from_str(&env.read("context.json")).unwrap();
        let entities = memory["entities"].as_array().map_or(0, Vec::len);
        assert_eq!(
            entities,
            if novamart { 51 } else { 50 },
            "{:?}",
            memory["entities"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| format!("{} ({})", e["name"], e["type"]))
                .collect::<Vec<_>>()
        );
        let whole = diagram(&env, "NovaMart_context.md");
        let drawn = nodes(&whole);
        assert!(
            drawn >= 20,
            "NovaMart entity: {novamart}, {drawn} nodes: {whole}"
        );
        assert!(drawn <= 40, "within the node cap: {whole}");
        assert!(!whole.contains("[\"NovaMart\"]"), "{whole}");
        for service in ["PaymentService", "OrderService", "SearchService"] {
            assert!(whole.contains(&format!("[\"{service}\"]")), "{whole}");
        }
        assert!(whole.contains("|\"publishes to\"|"), "{whole}");
        assert!(!whole.contains("publishes_to"), "{whole}");
        let text = env.read("NovaMart_context.md");
        assert!(
            text.contains(&format!(
                "The diagram draws {drawn} of the 50 components of NovaMart"
            )),
            "{text}"
        );
        assert!(
            text.contains("Its hubs, drawn with a heavier border: "),
            "{text}"
        );
    }

    // One component of it is still that component's neighbourhood.
    let env = platform(true);
    env.ok(&["build-context", "PaymentService", "-i", "docs"]);
    let payments = diagram(&env, "PaymentService_context.md");
    for near in [
        "PaymentService",
        "PaymentDB",
        "PaymentAPI",
        "OrderAPI",
        "PricingService",
    ] {
        assert!(
            payments.contains(&format!("[\"{near}\"]")),
            "{near}: {payments}"
        );
    }
    assert!(!payments.contains("SearchDB"), "unrelated: {payments}");
    assert!(nodes(&payments) < 15, "{payments}");
    let text = env.read("PaymentService_context.md");
    assert!(text.contains("entities around PaymentService"), "{text}");
}

#[test]
fn extraction_asks_for_temperature_zero_unless_the_user_set_one() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(scripted_model);
    env.docs("docs", 2);
    let temperatures = |from: usize| -> (Vec<serde_json::Value>, Vec<serde_json::Value>) {
        let received = env.mock().received();
        let (extraction, other): (Vec<_>, Vec<_>) =
            received[from..].iter().partition(|r| is_extraction(r));
        (
            extraction
                .iter()
                .map(|r| r.body["temperature"].clone())
                .collect(),
            other
                .iter()
                .map(|r| r.body["temperature"].clone())
                .collect(),
        )
    };

    env.ok(&["build-context", "shop", "-i", "docs"]);
    let (extraction, other) = temperatures(0);
    assert_eq!(extraction.len(), 2, "one call per document");
    assert!(
        extraction.iter().all(|t| *t == json!(0.0)),
        "{extraction:?}"
    );
    // The overview is the user's reading: the server's default, as before.
    assert_eq!(other, [serde_json::Value::Null]);

    // The user's temperature wins, everywhere, and extracts again.
    env.write("archie.toml", "[llm]\ntemperature = 0.5\n");
    let before = env.mock().received().len();
    env.ok(&["build-context", "shop", "-i", "docs"]);
    let (extraction, other) = temperatures(before);
    assert_eq!(extraction, [json!(0.5), json!(0.5)]);
    assert_eq!(other, [json!(0.5)]);

    // Back at the default, the answers extracted at 0 are still kept.
    env.write("archie.toml", "[llm]\n");
    let before = env.mock().received().len();
    env.ok(&["build-context", "shop", "-i", "docs"]);
    let (extraction, other) = temperatures(before);
    assert!(extraction.is_empty(), "{extraction:?}");
    assert_eq!(other, [serde_json::Value::Null]);
}
