//! One node per real thing: a model's spellings land on one entity, probable pairs are
//! the human's to decide (at a terminal, by --yes, or later with `memory dedupe`), and
//! every decision is remembered.

use crate::flows::is_extraction;
use crate::pty::{exits_with, in_pty};
use crate::support::TestEnv;
use crate::support::mock_llm::{MockRequest, Reply};
use serde_json::{Value, json};
use std::time::Duration;

/// Each document's chunk is answered with the same system spelt another way, as models
/// do: three spellings of the checkout service, two of the orders database, `Okta` in
/// one chunk and `Okta API`, an API, in another (a pair only the human can decide: an
/// external system and its API are one by rule only when both are known as external).
fn spelling_model(req: &MockRequest) -> Reply {
    if !is_extraction(req) {
        return Reply::text("<agent>## Purpose\nRuns the shop.</agent>");
    }
    let text = req.last("user").unwrap_or_default();
    let (checkout, orders, okta) = if text.contains("# One") {
        ("Checkout Service", "Orders DB", "Okta")
    } else if text.contains("# Two") {
        ("checkout-service", "orders_db", "Okta API")
    } else {
        ("CheckoutService", "Order Database", "Okta API")
    };
    Reply::json(json!({
        "entities": [
            {"name": checkout, "type": if text.contains("# Two") { "microservice" } else { "service" }},
            {"name": orders, "type": "datastore"},
            {"name": okta, "type": if okta == "Okta" { "external_system" } else { "api" }}
        ],
        "relationships": [
            {"from": checkout, "to": orders, "type": if text.contains("# Two") { "WRITES_TO" } else { "writes to" }},
            {"from": checkout, "to": okta, "type": "invokes"}
        ]
    }))
}

pub(crate) fn shop() -> TestEnv {
    let env = TestEnv::with_llm();
    env.mock().answer_with(spelling_model);
    for (i, title) in ["One", "Two", "Three"].iter().enumerate() {
        env.write(
            &format!("docs/{i}.md"),
            format!("# {title}\n\nHow checkout talks to its database and to Okta.\n"),
        );
    }
    env
}

fn memory(env: &TestEnv) -> Value {
    serde_json::from_str(&env.read("context.json")).expect("json")
}

fn names(memory: &Value) -> Vec<String> {
    memory["entities"]
        .as_array()
        .expect("entities")
        .iter()
        .map(|e| e["name"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn spellings_become_one_node_and_without_a_terminal_the_probable_pairs_wait() {
    let env = shop();
    let out = env.ok(&[
        "build-context",
        "shop",
        "-i",
        "docs",
        "--no-input",
        "--json",
    ]);
    let m = memory(&env);
    // Checkout ×3, orders ×3, Okta and Okta API (undecided): four entities.
    assert_eq!(
        names(&m),
        ["Checkout Service", "Okta", "Okta API", "Orders DB"],
        "{m:#}"
    );
    let checkout = &m["entities"][0];
    assert_eq!(checkout["type"], "service");
    assert_eq!(
        checkout["properties"]["aliases"],
        json!(["checkout-service", "CheckoutService"])
    );
    // One edge per relation, joining the single nodes, in the prompt's words.
    let rels: Vec<String> = m["relationships"]
        .as_array()
        .expect("rels")
        .iter()
        .map(|r| format!("{} {} {}", r["from"], r["type"], r["to"]))
        .collect();
    assert_eq!(
        rels,
        [
            r#""Checkout Service" "calls" "Okta""#,
            r#""Checkout Service" "calls" "Okta API""#,
            r#""Checkout Service" "writes_to" "Orders DB""#
        ]
    );
    // The pair waits: listed in the result event and in the file, the run ends as usual.
    let result = out.event("result").expect("result event");
    assert_eq!(result["status"], "completed");
    assert_eq!(result["duplicates"][0]["merge"], "Okta");
    assert_eq!(result["duplicates"][0]["into"], "Okta API");
    assert_eq!(m["identity"]["pending"][0]["merge"], "Okta");
    // Found by any spelling.
    let shown = env.ok(&["memory", "show", "checkout service"]).stdout;
    assert!(shown.starts_with("Checkout Service (service)"), "{shown}");
    let shown = env.ok(&["memory", "show", "ORDERS-DATABASE"]).stdout;
    assert!(shown.starts_with("Orders DB (database)"), "{shown}");

    // Later, from flags: --yes merges the pending pair; unmerge takes it back, and
    // the pair, kept apart, is never suggested again.
    let merged = env.ok(&["memory", "dedupe", "--yes"]);
    assert!(
        merged.stderr.contains("merged 1 pair that was one thing"),
        "{}",
        merged.stderr
    );
    let m = memory(&env);
    assert_eq!(names(&m), ["Checkout Service", "Okta API", "Orders DB"]);
    assert_eq!(m["entities"][1]["properties"]["aliases"], json!(["Okta"]));
    assert!(m["identity"].get("pending").is_none(), "{m:#}");
    env.ok(&["memory", "unmerge", "Okta"]);
    let m = memory(&env);
    assert_eq!(
        names(&m),
        ["Checkout Service", "Okta", "Okta API", "Orders DB"]
    );
    assert_eq!(m["relationships"].as_array().map(Vec::len), Some(3));
    let again = env.ok(&["memory", "dedupe", "--yes"]);
    assert!(
        again
            .stderr
            .contains("no pairs in context.json look like one thing"),
        "{}",
        again.stderr
    );
    assert_eq!(names(&memory(&env)).len(), 4);
}

#[test]
fn importing_twelve_spellings_of_seven_things_with_yes_gives_seven() {
    let env = TestEnv::new();
    env.write(
        "spellings.json",
        json!({
            "entities": [
                {"name": "Order Service", "type": "service"},
                {"name": "order-service", "type": "microservice"},
                {"name": "OrderService", "type": "Service"},
                {"name": "Orders DB", "type": "database"},
                {"name": "orders_db", "type": "db"},
                {"name": "OrdersDatabase", "type": "datastore"},
                {"name": "Order Events Topic", "type": "topic"},
                {"name": "Order Events Queue", "type": "queue"},
                {"name": "Payment Service", "type": "service"},
                {"name": "Payments DB", "type": "database"},
                {"name": "Okta", "type": "external_system"},
                {"name": "Okta API", "type": "api"}
            ],
            "relationships": [
                {"from": "Order Service", "to": "Orders DB", "type": "writes_to"},
                {"from": "order-service", "to": "orders_db", "type": "WRITES TO"}
            ]
        })
        .to_string(),
    );
    env.ok(&["memory", "import", "spellings.json", "--yes"]);
    let m = memory(&env);
    assert_eq!(
        names(&m),
        // In the file's order: by identity key (oktaapi, orderdatabase, ordereventqueue…).
        [
            "Okta API",
            "Orders DB",
            "Order Events Queue",
            "Order Events Topic",
            "Order Service",
            "Payments DB",
            "Payment Service"
        ]
    );
    assert_eq!(m["relationships"].as_array().map(Vec::len), Some(1));
}

#[test]
fn merge_moves_the_edges_and_refuses_what_it_cannot_find() {
    let env = shop();
    env.ok(&["build-context", "shop", "-i", "docs", "--no-input"]);
    // Without a terminal, dedupe says how to decide: not itself, but --yes or a merge.
    let waiting = env.ok(&["memory", "dedupe"]);
    assert!(
        waiting
            .stderr
            .contains("`archie memory merge Okta 'Okta API'` merges one, `archie memory dedupe --yes` merges them all"),
        "{}",
        waiting.stderr
    );
    env.ok(&["memory", "merge", "okta", "okta-api"]);
    let m = memory(&env);
    assert_eq!(names(&m), ["Checkout Service", "Okta API", "Orders DB"]);
    assert_eq!(m["relationships"].as_array().map(Vec::len), Some(2));
    let refused = env.code(&["memory", "merge", "Okta", "Nowhere"], 2);
    assert!(
        refused.stderr.contains("no entity named \"Nowhere\""),
        "{}",
        refused.stderr
    );
    let again = env.code(&["memory", "merge", "Okta", "Okta API"], 2);
    assert!(
        again
            .stderr
            .contains("\"Okta\" and \"Okta API\" are already one entity, `Okta API`"),
        "{}",
        again.stderr
    );
    let typo = env.code(&["memory", "merge", "Chekout Service", "Orders DB"], 2);
    assert!(
        typo.stderr.contains("Did you mean: Checkout Service"),
        "{}",
        typo.stderr
    );
    let refused = env.code(&["memory", "unmerge", "Checkout Service"], 2);
    assert!(refused.stderr.contains("no merge of"), "{}", refused.stderr);
}

#[test]
fn at_a_terminal_the_pair_is_asked_once_and_the_answer_remembered() {
    let env = shop();
    let mut session = in_pty(
        &env,
        &["build-context", "shop", "-i", "docs"],
        Duration::from_secs(60),
    );
    session
        .expect("1 pair looks like one thing. Merge `Okta` into `Okta API`")
        .expect("the question at the end of the run");
    // Down to "keep apart", then Enter.
    session.send("\x1b[B").expect("down");
    session.send("\r").expect("enter");
    session
        .expect("kept 1 apart (archie will not ask again)")
        .expect("the decision is said");
    exits_with(&mut session, 0);
    assert_eq!(
        memory(&env)["identity"]["apart"][0],
        json!(["okta", "oktaapi"])
    );

    // The next run over the same documents asks nothing already decided.
    let mut session = in_pty(
        &env,
        &["build-context", "shop", "-i", "docs"],
        Duration::from_secs(60),
    );
    session
        .expect("wrote shop_context.md")
        .expect("the run ends");
    exits_with(&mut session, 0);
    let again = env.ok(&["memory", "dedupe"]);
    assert!(
        again
            .stderr
            .contains("no pairs in context.json look like one thing"),
        "{}",
        again.stderr
    );
}

#[test]
fn memory_dedupe_at_a_terminal_merges_what_the_person_says() {
    let env = shop();
    env.ok(&["build-context", "shop", "-i", "docs", "--no-input"]);
    let mut session = in_pty(&env, &["memory", "dedupe"], Duration::from_secs(30));
    session
        .expect("Merge `Okta` into `Okta API`")
        .expect("the pending pair is asked");
    session.send("\r").expect("enter: merge");
    session
        .expect("merged 1 pair that was one thing")
        .expect("the merge is said");
    exits_with(&mut session, 0);
    assert_eq!(
        names(&memory(&env)),
        ["Checkout Service", "Okta API", "Orders DB"]
    );
}

#[test]
fn the_mcp_read_tools_find_an_entity_by_any_spelling() {
    let env = shop();
    env.ok(&["build-context", "shop", "-i", "docs", "--no-input"]);
    let mut mcp = crate::writers::McpWriter::start(env.path());
    let call = |mcp: &mut crate::writers::McpWriter, name: &str, args: Value| {
        mcp.call("tools/call", json!({"name": name, "arguments": args}))["result"]
            ["structuredContent"]
            .clone()
    };
    let found = call(
        &mut mcp,
        "find_entities",
        json!({"query": "checkout-service"}),
    );
    assert_eq!(found["entities"][0]["name"], "Checkout Service", "{found}");
    let got = call(&mut mcp, "get_entity", json!({"name": "CheckoutService"}));
    assert_eq!(got["entity"]["name"], "Checkout Service", "{got}");
    let nodes = call(&mut mcp, "search_nodes", json!({"query": "order database"}));
    assert_eq!(nodes["entities"][0]["name"], "Orders DB", "{nodes}");
}
