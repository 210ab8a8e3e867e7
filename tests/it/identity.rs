//! One node per real thing: a model's spellings land on one entity, pairs the names
//! cannot decide go to the model as judge (in batches, cached, a malformed answer merging
//! nothing) and what it is unsure of to the human (at a terminal, or later with `memory
//! dedupe`), and every decision is remembered.

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
    if is_judge(req) {
        return judge_says(req, |_, _, _| "unsure");
    }
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

/// Whether a request asks the model to judge pairs of names.
fn is_judge(req: &MockRequest) -> bool {
    req.text().contains("are these pairs one thing or two")
}

/// The pairs a judge request asks about: (number, one name, the other).
fn judged_pairs(req: &MockRequest) -> Vec<(u64, String, String)> {
    req.last("user")
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|v| {
            Some((
                v["pair"].as_u64()?,
                v["a"]["name"].as_str()?.to_string(),
                v["b"]["name"].as_str()?.to_string(),
            ))
        })
        .collect()
}

/// The judge's answer: `verdict(number, a, b)` for each pair asked.
fn judge_says(req: &MockRequest, verdict: impl Fn(u64, &str, &str) -> &'static str) -> Reply {
    let answers: Vec<Value> = judged_pairs(req)
        .iter()
        .map(|(n, a, b)| json!({"pair": n, "answer": verdict(*n, a, b)}))
        .collect();
    Reply::json(json!({ "answers": answers }))
}

fn judge_requests(env: &TestEnv) -> Vec<MockRequest> {
    env.mock().received().into_iter().filter(is_judge).collect()
}

pub(crate) fn shop() -> TestEnv {
    let env = TestEnv::with_llm();
    env.mock().answer_with(spelling_model);
    for (i, title) in ["One", "Two", "Three"].iter().enumerate() {
        env.write(
            &format!("docs/{i}.md"),
            format!("# {title}\n\nHow checkout writes orders to its database and calls Okta.\n"),
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
        "--no-judge",
    ]);
    assert!(judge_requests(&env).is_empty(), "--no-judge asks no model");
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

    // Later, from flags: the model judges the pending pair one thing, and it is merged
    // (--yes alone would merge nothing); unmerge takes it back, and the pair, kept
    // apart, is never suggested again.
    env.mock()
        .answer_with(|req| judge_says(req, |_, _, _| "same"));
    let merged = env.ok(&["memory", "dedupe", "--yes"]);
    assert!(
        merged
            .stderr
            .contains("merged 1 pair that was one thing: Okta into Okta API (the model)"),
        "{}",
        merged.stderr
    );
    assert_eq!(judge_requests(&env).len(), 1);
    assert_eq!(
        memory(&env)["identity"]["merges"][0]["by"],
        "model",
        "who decided is recorded"
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
fn importing_twelve_spellings_of_seven_things_with_yes_gives_seven_and_a_question() {
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
    let out = env.ok(&["--json", "memory", "import", "spellings.json", "--yes"]);
    let m = memory(&env);
    assert_eq!(
        names(&m),
        // In the file's order: by identity key (okta, oktaapi, orderdatabase…). A topic
        // and a queue of one name are two things; `Okta` (an external system) and `Okta
        // API` (an API) are a question no model is here to judge, and --yes is not a
        // decision about them.
        [
            "Okta",
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
    let result = out.event("result").expect("result event");
    assert_eq!(result["duplicates"][0]["merge"], "Okta", "{result}");
}

use archie::memory::identity::NEAR_PAIRS;

#[test]
fn near_named_different_things_stay_apart_under_yes() {
    let env = TestEnv::new();
    let entities: Vec<Value> = NEAR_PAIRS
        .iter()
        .flat_map(|(a, b, kind)| {
            [
                json!({"name": a, "type": kind}),
                json!({"name": b, "type": kind}),
            ]
        })
        .collect();
    env.write(
        "near.json",
        json!({"entities": entities, "relationships": []}).to_string(),
    );
    let out = env.ok(&["--json", "memory", "import", "near.json", "--yes"]);
    assert_eq!(names(&memory(&env)).len(), 2 * NEAR_PAIRS.len());
    let result = out.event("result").expect("result event");
    assert!(result.get("merges").is_none(), "{result}");
    let again = env.ok(&["memory", "dedupe", "--yes"]);
    assert!(!again.stderr.contains("merged"), "{}", again.stderr);
    assert_eq!(names(&memory(&env)).len(), 2 * NEAR_PAIRS.len());
}

/// 35 pairs of a bare name whose type nobody said and a service of that name: what
/// only a judge (or a person) can decide.
fn bare_pairs(env: &TestEnv) {
    let mut entities = Vec::new();
    for n in 1..=35 {
        entities.push(json!({"name": format!("Area{n:02}"), "type": ""}));
        entities.push(json!({"name": format!("Area{n:02} Service"), "type": "service"}));
    }
    env.write(
        "pairs.json",
        json!({"entities": entities, "relationships": []}).to_string(),
    );
}

/// The number in an `AreaNN` name.
fn area(name: &str) -> u64 {
    name.trim_start_matches("Area")
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap_or(0)
}

#[test]
fn the_judge_decides_in_batches_and_a_second_run_asks_it_nothing() {
    let env = TestEnv::with_llm();
    // Every third pair the same, every third different; of the rest no word (unsure),
    // and an answer about a pair it was not asked.
    env.mock().answer_with(|req| {
        let mut answers: Vec<Value> = judged_pairs(req)
            .iter()
            .filter_map(|(n, a, _)| match area(a) % 3 {
                0 => Some(json!({"pair": n, "answer": "same"})),
                1 => Some(json!({"pair": n, "answer": "different"})),
                _ => None,
            })
            .collect();
        answers.push(json!({"pair": 99, "answer": "same"}));
        Reply::json(json!({ "answers": answers }))
    });
    bare_pairs(&env);
    // What a dry run says the judge would cost, once the pairs are in memory.
    env.write(
        "context.json",
        "{\"entities\": [], \"relationships\": []}\n",
    );
    env.ok(&["memory", "import", "pairs.json", "--no-judge"]);
    env.write("docs/a.md", "# A\n\nNothing new.\n");
    let dry = env.ok(&["build-context", "shop", "-i", "docs", "--dry-run"]);
    assert!(
        dry.stdout.contains("judge      2 calls for 35 pairs"),
        "{}",
        dry.stdout
    );
    let off = env.ok(&[
        "build-context",
        "shop",
        "-i",
        "docs",
        "--dry-run",
        "--no-judge",
    ]);
    assert!(off.stdout.contains("judge      off"), "{}", off.stdout);

    let out = env.ok(&["--json", "memory", "dedupe", "--yes"]);
    let asked = judge_requests(&env);
    // The batches go out together: the order they reach the server in is the machine's.
    let mut sizes: Vec<usize> = asked.iter().map(|r| judged_pairs(r).len()).collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(sizes, [30, 5], "one call per 30 pairs");
    assert!(
        asked.iter().all(|r| r.body["temperature"] == json!(0.0)),
        "at temperature 0"
    );
    let result = out.event("result").expect("result event");
    assert_eq!(result["usage"]["calls"], 2, "{result}");
    let m = memory(&env);
    // 11 pairs the same (3, 6, … 33): merged, as aliases, by the model.
    assert_eq!(names(&m).len(), 70 - 11);
    let merges = m["identity"]["merges"].as_array().expect("merges");
    assert_eq!(merges.len(), 11);
    assert!(merges.iter().all(|r| r["by"] == "model"));
    // 12 different (1, 4, … 34): kept apart; 12 unsure: the person's, listed.
    assert_eq!(
        m["identity"]["judged_apart"].as_array().map(Vec::len),
        Some(12)
    );
    assert_eq!(m["identity"]["unsure"].as_array().map(Vec::len), Some(12));
    assert_eq!(m["identity"]["pending"].as_array().map(Vec::len), Some(12));

    // A second run asks the model nothing: every pair was decided or is the person's.
    let again = env.ok(&["--json", "memory", "dedupe", "--yes"]);
    assert_eq!(judge_requests(&env).len(), 2);
    let result = again.event("result").expect("result event");
    assert!(
        result["usage"]["calls"].as_u64().unwrap_or(0) == 0,
        "{result}"
    );
    // And a merge of the model's is taken back like any other.
    env.ok(&["memory", "unmerge", "Area03"]);
    assert_eq!(names(&memory(&env)).len(), 70 - 10);
}

#[test]
fn a_malformed_judge_answer_merges_nothing() {
    for junk in [
        Reply::text("Sure! They all look like the same thing to me."),
        Reply::json(
            json!({"answers": [{"pair": 1, "answer": "yes, same"}, {"pair": 2, "answer": "SAME!"}]}),
        ),
        Reply::json(json!({"verdicts": {"Area01": "same"}})),
    ] {
        let env = TestEnv::with_llm();
        let junk = std::sync::Arc::new(junk);
        let reply = junk.clone();
        env.mock().answer_with(move |_| (*reply).clone());
        bare_pairs(&env);
        let out = env.ok(&["--json", "memory", "import", "pairs.json", "--yes"]);
        assert_eq!(names(&memory(&env)).len(), 70, "{:?}", out.stderr);
        let result = out.event("result").expect("result event");
        assert!(result.get("merges").is_none(), "{result}");
        assert_eq!(result["duplicates"].as_array().map(Vec::len), Some(35));
    }
}

#[test]
fn merge_moves_the_edges_and_refuses_what_it_cannot_find() {
    let env = shop();
    env.ok(&["build-context", "shop", "-i", "docs", "--no-input"]);
    // Without a terminal, dedupe says how to decide: a merge or a keep-apart (not
    // `--yes`, which decides nothing of a person's).
    let waiting = env.ok(&["memory", "dedupe"]);
    assert!(
        waiting.stderr.contains(
            "`archie memory merge Okta 'Okta API'` merges one, `archie memory keep-apart Okta 'Okta API'` keeps it apart"
        ),
        "{}",
        waiting.stderr
    );
    let yes = env.ok(&["memory", "dedupe", "--yes"]);
    assert!(!yes.stderr.contains("--yes"), "{}", yes.stderr);
    assert_eq!(
        names(&memory(&env)).len(),
        4,
        "--yes merged nothing of the person's"
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

#[test]
fn judge_false_under_identity_in_archie_toml_asks_no_model() {
    let env = TestEnv::with_llm();
    env.mock()
        .answer_with(|req| judge_says(req, |_, _, _| "same"));
    bare_pairs(&env);
    env.write("archie.toml", "[identity]\njudge = false\n");
    env.ok(&["memory", "import", "pairs.json", "--yes"]);
    assert!(judge_requests(&env).is_empty());
    assert_eq!(names(&memory(&env)).len(), 70);
    // A word archie does not know there is a mistake to say, not to skip.
    env.write("archie.toml", "[identity]\njudge = \"sometimes\"\n");
    let refused = env.code(&["memory", "dedupe"], 2);
    assert!(refused.stderr.contains("archie.toml"), "{}", refused.stderr);
}

/// The judge's answer about relationship words: `means(phrase)` for each word asked, as
/// (the vocabulary word or `keep`, reversed); pairs unsure.
fn judge_places_words(req: &MockRequest, means: impl Fn(&str) -> (&'static str, bool)) -> Reply {
    let words: Vec<Value> = req
        .last("user")
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|v| {
            let n = v["word"].as_u64()?;
            let (word, reversed) = means(v["phrase"].as_str()?);
            Some(json!({"word": n, "means": word, "reversed": reversed}))
        })
        .collect();
    let answers: Vec<Value> = judged_pairs(req)
        .iter()
        .map(|(n, _, _)| json!({"pair": n, "answer": "unsure"}))
        .collect();
    Reply::json(json!({"answers": answers, "words": words}))
}

/// The relationships of a memory file as (from, type, to).
fn edges(memory: &Value) -> Vec<(String, String, String)> {
    let mut out: Vec<(String, String, String)> = memory["relationships"]
        .as_array()
        .expect("relationships")
        .iter()
        .map(|r| {
            let s = |k: &str| r[k].as_str().unwrap_or_default().to_string();
            (s("from"), s("type"), s("to"))
        })
        .collect();
    out.sort();
    out
}

fn edge(from: &str, kind: &str, to: &str) -> (String, String, String) {
    (from.into(), kind.into(), to.into())
}

#[test]
fn relationship_words_the_vocabulary_cannot_place_go_to_the_judge_once() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        judge_places_words(req, |phrase| match phrase {
            "fans out to" => ("publishes_to", false),
            "is fed by" => ("publishes_to", true),
            _ => ("keep", false),
        })
    });
    let entities = json!([
        {"name": "Order Service", "type": "service"},
        {"name": "Order Events Topic", "type": "queue"},
        {"name": "Billing Service", "type": "service"},
        {"name": "Ledger Service", "type": "service"},
    ]);
    env.write(
        "words.json",
        json!({"entities": entities, "relationships": [
            {"from": "Order Service", "to": "Order Events Topic", "type": "fans out to"},
            {"from": "Order Events Topic", "to": "Billing Service", "type": "is fed by"},
            {"from": "Order Service", "to": "Ledger Service", "type": "mirrors"},
            {"from": "Order Service", "to": "Billing Service", "type": "calls"},
        ]})
        .to_string(),
    );
    // Without the judge the words stay as the rules leave them, and nobody is asked.
    env.ok(&["memory", "import", "words.json", "--no-judge"]);
    assert!(judge_requests(&env).is_empty());
    let before = edges(&memory(&env));
    assert!(
        before.contains(&edge("Order Service", "fans_out_to", "Order Events Topic")),
        "{before:?}"
    );
    // A dry run counts them among the judge's questions.
    env.write("docs/a.md", "# A\n\nNothing new.\n");
    let dry = env.ok(&["build-context", "shop", "-i", "docs", "--dry-run"]);
    assert!(
        dry.stdout
            .contains("judge      1 call for 0 pairs of names and 3 relationship words"),
        "{}",
        dry.stdout
    );

    // The judge places them in one call (counted in the usage), and the answer is kept.
    let out = env.ok(&["--json", "memory", "dedupe", "--yes"]);
    let asked = judge_requests(&env);
    assert_eq!(asked.len(), 1);
    assert!(
        asked[0].text().contains("\"phrase\":\"fans out to\""),
        "{}",
        asked[0].text()
    );
    let result = out.event("result").expect("result event");
    assert_eq!(result["usage"]["calls"], 1, "{result}");
    let m = memory(&env);
    assert_eq!(
        edges(&m),
        [
            edge("Billing Service", "publishes_to", "Order Events Topic"),
            edge("Order Service", "calls", "Billing Service"),
            edge("Order Service", "mirrors", "Ledger Service"),
            edge("Order Service", "publishes_to", "Order Events Topic"),
        ]
    );
    let remembered = m["identity"]["words"].as_array().expect("words");
    assert_eq!(remembered.len(), 3, "{remembered:?}");
    assert!(
        remembered
            .contains(&json!({"word": "is_fed_by", "means": "publishes_to", "reversed": true}))
    );
    assert!(remembered.contains(&json!({"word": "mirrors", "means": "mirrors"})));

    // A second run that brings the same words again asks nothing, and writes them as
    // the model said.
    env.write(
        "more.json",
        json!({"entities": [
            {"name": "Audit Service", "type": "service"},
            {"name": "Audit Events Topic", "type": "queue"}
        ], "relationships": [
            {"from": "Audit Service", "to": "Audit Events Topic", "type": "fans out to"},
            {"from": "Audit Service", "to": "Ledger Service", "type": "mirrors"},
        ]})
        .to_string(),
    );
    let again = env.ok(&["--json", "memory", "import", "more.json", "--yes"]);
    assert_eq!(
        judge_requests(&env).len(),
        1,
        "no call for a word already placed"
    );
    let result = again.event("result").expect("result event");
    assert_eq!(
        result["usage"]["calls"].as_u64().unwrap_or(0),
        0,
        "{result}"
    );
    let m = memory(&env);
    assert!(
        edges(&m).contains(&edge("Audit Service", "publishes_to", "Audit Events Topic")),
        "{:?}",
        edges(&m)
    );
    assert!(edges(&m).contains(&edge("Audit Service", "mirrors", "Ledger Service")));
}

/// build-context's file reflects the run's decisions: a pair the model judges one thing
/// after the overview was written is one node in the file's diagram, with no second run.
#[test]
fn build_contexts_diagram_is_drawn_after_the_pairs_are_decided() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        if is_judge(req) {
            return judge_says(req, |_, a, b| {
                if a.starts_with("Order") && b.starts_with("Order") {
                    "same"
                } else {
                    "different"
                }
            });
        }
        if !is_extraction(req) {
            return Reply::text("<agent>## Purpose\nTakes orders.</agent>");
        }
        Reply::json(json!({
            "entities": [
                {"name": "Checkout Service", "type": "service"},
                {"name": "Order Service", "type": "service"},
                {"name": "Order History Service", "type": "service"}
            ],
            "relationships": [
                {"from": "Checkout Service", "to": "Order Service", "type": "calls"},
                {"from": "Checkout Service", "to": "Order History Service", "type": "calls"}
            ]
        }))
    });
    env.write(
        "docs/shop.md",
        "# Shop\n\nCheckout Service calls Order Service, also written Order History Service.\n",
    );
    env.ok(&[
        "build-context",
        "Checkout Service",
        "-i",
        "docs",
        "--yes",
        "-o",
        "checkout.md",
    ]);
    // The judge merged the pair …
    let m = memory(&env);
    let orders: Vec<String> = names(&m)
        .into_iter()
        .filter(|n| n.starts_with("Order"))
        .collect();
    assert_eq!(orders.len(), 1, "{:?}", names(&m));
    // … and the file's diagram draws one node for it, as the memory now holds it.
    let text = env.read("checkout.md");
    let diagram = &text[text.find("```mermaid").expect("a diagram")..];
    let nodes = diagram.lines().filter(|l| l.contains("[\"Order")).count();
    assert_eq!(nodes, 1, "{diagram}");
    assert!(diagram.contains(&orders[0]), "{diagram}");
    assert!(
        text.contains("## Purpose") || text.contains("Takes orders."),
        "{text}"
    );
}

/// What a name's shape sets aside (a package, a repository path, a deployment wrapper, an
/// article, a short kind word in front) lands on one node by rule; what it cannot decide
/// (a class name's role word, a kind word in another language, initials, a version mark)
/// is the judge's question, never a rule's merge: `--yes` without the judge merges none
/// of it, and two versions are never even asked about.
#[test]
fn forms_the_structure_cannot_decide_go_to_the_judge_and_yes_merges_only_its_answers() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        judge_says(req, |_, a, b| {
            let refund = |n: &str| n.to_lowercase().contains("refund") && !n.contains("v3");
            let ledger = |n: &str| n == "LET" || n == "Ledger Events Topic";
            if (refund(a) && refund(b)) || (ledger(a) && ledger(b)) {
                "same"
            } else {
                "different"
            }
        })
    });
    let entities = json!([
        {"name": "Refund Service", "type": "service"},
        {"name": "com.shopco.refund.RefundService", "type": "service"},
        {"name": "shopco/refund-service", "type": "service"},
        {"name": "refund-service-prod", "type": "service"},
        {"name": "svc-refund", "type": "service"},
        {"name": "the refund service", "type": "service"},
        {"name": "RefundHandler", "type": "service"},
        {"name": "Refund Dienst", "type": "service"},
        {"name": "Refund Service v3", "type": "service"},
        {"name": "Ledger Events Topic", "type": "queue"},
        {"name": "LET", "type": "queue"},
        {"name": "Pricing API v1", "type": "api"},
        {"name": "Pricing API v2", "type": "api"},
    ]);
    env.write(
        "forms.json",
        json!({"entities": entities, "relationships": [
            {"from": "svc-refund", "to": "LET", "type": "publishes_to"},
        ]})
        .to_string(),
    );
    let out = env.ok(&[
        "--json",
        "memory",
        "import",
        "forms.json",
        "--yes",
        "--no-judge",
    ]);
    assert!(judge_requests(&env).is_empty());
    let mut got = names(&memory(&env));
    got.sort();
    assert_eq!(
        got.len(),
        8,
        "six forms of the refund service by rule, the rest apart: {got:?}"
    );
    let result = out.event("result").expect("result event");
    let pending: Vec<(String, String)> = result["duplicates"]
        .as_array()
        .expect("pending pairs")
        .iter()
        .map(|p| {
            let (a, b) = (
                p["merge"].as_str().unwrap_or(""),
                p["into"].as_str().unwrap_or(""),
            );
            (a.min(b).to_string(), a.max(b).to_string())
        })
        .collect();
    for name in ["RefundHandler", "Refund Dienst", "Refund Service v3", "LET"] {
        assert!(
            pending.iter().any(|(a, b)| a == name || b == name),
            "{name} is a question: {pending:?}"
        );
    }
    assert!(
        !pending
            .iter()
            .any(|(a, b)| a.starts_with("Pricing") && b.starts_with("Pricing")),
        "two versions are two things: {pending:?}"
    );

    // The judge decides them in one call; `--yes` merges what it said is one thing.
    env.ok(&["--json", "memory", "dedupe", "--yes"]);
    let asked = judge_requests(&env);
    assert_eq!(asked.len(), 1);
    assert!(
        !asked[0].text().contains("Pricing API v"),
        "{}",
        asked[0].text()
    );
    let m = memory(&env);
    let mut got = names(&m);
    got.sort();
    assert_eq!(got.len(), 5, "{got:?}");
    assert!(got.iter().any(|n| n == "Refund Service v3"), "{got:?}");
    assert!(got.iter().any(|n| n == "Pricing API v1"), "{got:?}");
    assert!(got.iter().any(|n| n == "Pricing API v2"), "{got:?}");
    assert!(!got.iter().any(|n| n == "LET"), "{got:?}");
    assert_eq!(edges(&m).len(), 1, "{:?}", edges(&m));
}

/// Entity types the vocabulary cannot place (`RDS instance`, `SNS`) go to the judge in
/// the same calls as the pairs, once: its answer retypes their entities and is
/// remembered, so the next run that brings them asks nothing.
#[test]
fn entity_types_the_vocabulary_cannot_place_go_to_the_judge_once() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        let types: Vec<Value> = req
            .last("user")
            .unwrap_or_default()
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter_map(|v| {
                let n = v["type"].as_u64()?;
                let means = match v["written"].as_str()? {
                    "rds instance" => "database",
                    "sns" => "queue",
                    _ => "keep",
                };
                Some(json!({"type": n, "means": means}))
            })
            .collect();
        Reply::json(json!({"answers": [], "types": types}))
    });
    env.write(
        "types.json",
        json!({"entities": [
            {"name": "Ledger Store", "type": "RDS instance"},
            {"name": "Billing Events", "type": "SNS"},
            {"name": "Gizmo", "type": "widget"},
            {"name": "Shop", "type": "platform"},
            {"name": "Pricing", "type": "Microservice (Go)"},
        ], "relationships": []})
        .to_string(),
    );
    let kinds = |env: &TestEnv| -> Vec<(String, String)> {
        let m = memory(env);
        let mut out: Vec<(String, String)> = m["entities"]
            .as_array()
            .expect("entities")
            .iter()
            .map(|e| {
                let s = |k: &str| e[k].as_str().unwrap_or_default().to_string();
                (s("name"), s("type"))
            })
            .collect();
        out.sort();
        out
    };
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    // Without the judge the types stay as the rules leave them, and nobody is asked.
    env.ok(&["memory", "import", "types.json", "--no-judge"]);
    assert!(judge_requests(&env).is_empty());
    assert!(kinds(&env).contains(&pair("Ledger Store", "rds_instance")));
    assert!(
        kinds(&env).contains(&pair("Pricing", "service")),
        "placed by its words"
    );
    env.write("docs/a.md", "# A\n\nNothing new.\n");
    let dry = env.ok(&["build-context", "shop", "-i", "docs", "--dry-run"]);
    assert!(
        dry.stdout.contains(
            "judge      1 call for 0 pairs of names and 3 entity types the vocabulary cannot place"
        ),
        "{}",
        dry.stdout
    );

    let out = env.ok(&["--json", "memory", "dedupe", "--yes"]);
    let asked = judge_requests(&env);
    assert_eq!(asked.len(), 1);
    assert!(
        asked[0].text().contains("\"written\":\"rds instance\""),
        "{}",
        asked[0].text()
    );
    assert!(!asked[0].text().contains("\"written\":\"platform\""));
    let result = out.event("result").expect("result event");
    assert_eq!(result["usage"]["calls"], 1, "{result}");
    let got = kinds(&env);
    for want in [
        pair("Ledger Store", "database"),
        pair("Billing Events", "queue"),
        pair("Gizmo", "widget"),
        pair("Shop", "platform"),
    ] {
        assert!(got.contains(&want), "{want:?} in {got:?}");
    }
    let remembered = memory(&env)["identity"]["types"].clone();
    assert!(
        remembered
            .as_array()
            .is_some_and(|t| t.contains(&json!({"type": "widget", "means": "widget"}))),
        "{remembered}"
    );

    // The same types again: no call, and the entities typed as the model said.
    env.write(
        "more.json",
        json!({"entities": [{"name": "Audit Store", "type": "RDS instance"}], "relationships": []})
            .to_string(),
    );
    env.ok(&["memory", "import", "more.json", "--yes"]);
    assert_eq!(
        judge_requests(&env).len(),
        1,
        "no call for a type already placed"
    );
    assert!(kinds(&env).contains(&pair("Audit Store", "database")));
}

/// Imports (without a judge) `5 × syllables` made-up bare names of unknown type, each
/// beside its `… Service`: as many pairs the structure cannot decide.
fn import_bare_and_services(env: &TestEnv, syllables: usize) {
    let entities: Vec<Value> = ["ka", "lo", "mi", "nu", "po", "ra", "si", "tu", "ve"]
        .iter()
        .take(syllables)
        .flat_map(|a| {
            ["bendor", "fengal", "hulmar", "quisto", "wexly"]
                .iter()
                .map(move |b| format!("{a}{b}"))
        })
        .flat_map(|w| {
            [
                json!({"name": w, "type": "unknown"}),
                json!({"name": format!("{w} Service"), "type": "service"}),
            ]
        })
        .collect();
    env.write(
        "bare.json",
        json!({"entities": entities, "relationships": []}).to_string(),
    );
    env.ok(&["memory", "import", "bare.json", "--yes", "--no-judge"]);
}

#[test]
fn the_judges_batches_are_asked_at_once_and_each_answer_counts() {
    let env = TestEnv::with_llm();
    env.mock().set_latency(Duration::from_millis(300));
    env.mock()
        .answer_with(|req| judge_says(req, |_, _, _| "same"));
    // Forty bare names beside their services: forty pairs the structure cannot decide,
    // two batches for the judge.
    import_bare_and_services(&env, 8);
    assert_eq!(names(&memory(&env)).len(), 80);
    env.ok(&["--json", "memory", "dedupe", "--yes"]);
    assert_eq!(judge_requests(&env).len(), 2);
    assert_eq!(env.mock().max_concurrency(), 2, "the batches overlap");
    assert_eq!(names(&memory(&env)).len(), 40);
}

/// A name in another language meets the one it is once its neighbour has been merged:
/// the review looks again after a round that merged, and asks the judge only the new
/// pairs.
#[test]
fn a_review_looks_again_after_its_merges() {
    let env = TestEnv::with_llm();
    let same = [
        ("Hauptbuchdienst", "Ledger Service"),
        ("Rückerstattungsdienst", "Refund Service"),
    ];
    env.mock().answer_with(move |req| {
        judge_says(req, |_, a, b| {
            if same.contains(&(a, b)) || same.contains(&(b, a)) {
                "same"
            } else {
                "different"
            }
        })
    });
    env.write(
        "german.json",
        json!({
            "entities": [
                {"name": "Refund Service", "type": "service"},
                {"name": "Ledger Service", "type": "service"},
                {"name": "Audit Service", "type": "service"},
                {"name": "Hauptbuchdienst", "type": "service",
                 "description": "Hauptbuchdienst keeps the ledger."},
                {"name": "Rückerstattungsdienst", "type": "service"}
            ],
            "relationships": [
                {"from": "Refund Service", "to": "Ledger Service", "type": "calls"},
                {"from": "Audit Service", "to": "Refund Service", "type": "calls"},
                {"from": "Rückerstattungsdienst", "to": "Hauptbuchdienst", "type": "calls"},
                {"from": "Audit Service", "to": "Rückerstattungsdienst", "type": "calls"}
            ]
        })
        .to_string(),
    );
    env.ok(&["--json", "memory", "import", "german.json", "--yes"]);
    let m = memory(&env);
    assert_eq!(
        names(&m),
        ["Audit Service", "Ledger Service", "Refund Service"],
        "{m:#}"
    );
    // Two rounds: the second asked only what the first's merge made meet.
    let asked: Vec<Vec<(u64, String, String)>> =
        judge_requests(&env).iter().map(judged_pairs).collect();
    assert_eq!(asked.len(), 2, "{asked:?}");
    assert!(
        asked[1]
            .iter()
            .any(|(_, a, b)| a.contains("Rückerstattungsdienst")
                || b.contains("Rückerstattungsdienst")),
        "{asked:?}"
    );
    assert!(
        !asked[1]
            .iter()
            .any(|(_, a, b)| a.contains("Hauptbuchdienst") || b.contains("Hauptbuchdienst")),
        "{asked:?}"
    );
}

/// The judge is asked once extraction is saved, while the overview is written: the
/// overview's answer here waits for the judge's question (and fails the run if it never
/// comes), and the review at the end takes the answer given then instead of asking again.
#[test]
fn the_judge_is_asked_while_the_overview_is_written_and_only_then() {
    let env = shop();
    let judged = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let seen = judged.clone();
    env.mock().answer_with(move |req| {
        if is_judge(req) {
            seen.store(true, std::sync::atomic::Ordering::SeqCst);
            return judge_says(req, |_, _, _| "same");
        }
        let reply = spelling_model(req);
        if is_extraction(req) {
            reply
        } else {
            reply.held_until(seen.clone(), Duration::from_secs(20))
        }
    });
    env.ok(&[
        "build-context",
        "shop",
        "-i",
        "docs",
        "--no-input",
        "--json",
    ]);
    assert!(judged.load(std::sync::atomic::Ordering::SeqCst));
    assert_eq!(judge_requests(&env).len(), 1, "asked once, ahead");
    // Its answer decided: Okta and Okta API are one.
    let m = memory(&env);
    assert_eq!(
        names(&m),
        ["Checkout Service", "Okta API", "Orders DB"],
        "{m:#}"
    );
}

#[test]
fn the_judge_is_asked_about_so_many_pairs_a_run_and_the_next_run_goes_on() {
    // The bound (900 pairs a run) set to 30 here: one call a run.
    let env = TestEnv::with_llm().env("ARCHIE_JUDGE_MAX_PAIRS", "30");
    let bare = |n: &str| n.trim_end_matches(" Service").to_string();
    env.mock().answer_with(move |req| {
        judge_says(req, |_, a, b| {
            if bare(a) == bare(b) {
                "same"
            } else {
                "different"
            }
        })
    });
    // Forty-five bare names beside their services: more pairs than one run asks.
    import_bare_and_services(&env, 9);
    let out = env.ok(&["--json", "memory", "dedupe", "--yes"]);
    assert_eq!(judge_requests(&env).len(), 1, "30 pairs, one call");
    let warned = out.events().iter().any(|e| {
        e["event"] == "warning" && e["message"].as_str().unwrap_or("").contains("left pending")
    });
    assert!(warned, "the run says what it left: {}", out.stdout);
    assert_eq!(names(&memory(&env)).len(), 90 - 30);
    // The next run goes on with the rest, best first, none asked twice.
    env.ok(&["--json", "memory", "dedupe", "--yes"]);
    assert_eq!(judge_requests(&env).len(), 2);
    assert_eq!(names(&memory(&env)).len(), 45);
}

/// One thing written four ways that each meet every other (by what they are said to
/// do): six pairs, more than the run may ask (the bound set to 4 here), but three
/// answers `same` decide them all, and the judge is asked only those.
#[test]
fn a_thing_written_many_ways_costs_the_judge_a_question_per_name_not_per_pair() {
    let env = TestEnv::with_llm().env("ARCHIE_JUDGE_MAX_PAIRS", "4");
    env.mock()
        .answer_with(|req| judge_says(req, |_, _, _| "same"));
    let said = "keeps every account's ledger entries and the balances reconciled nightly";
    let entities: Vec<Value> = [
        "Hauptbuchdienst",
        "Servizo de libro maior",
        "Služba hlavnej knihy",
        "Grootboekdienst",
    ]
    .iter()
    .map(|n| json!({"name": n, "type": "service", "description": format!("{n} {said}.")}))
    .collect();
    env.write(
        "ledger.json",
        json!({"entities": entities, "relationships": []}).to_string(),
    );
    env.ok(&["memory", "import", "ledger.json", "--no-judge", "--yes"]);
    assert_eq!(names(&memory(&env)).len(), 4);
    env.ok(&["--json", "memory", "dedupe", "--yes"]);
    let asked: Vec<(u64, String, String)> =
        judge_requests(&env).iter().flat_map(judged_pairs).collect();
    let m = memory(&env);
    assert_eq!(names(&m).len(), 1, "{m:#}");
    assert_eq!(asked.len(), 3, "one question per name more: {asked:?}");
}

#[test]
fn merges_and_unmerges_of_names_a_mark_keeps_apart_touch_those_and_survive_the_file() {
    // Two of each, a mark apart; each command reads the file and writes it back.
    let env = TestEnv::new();
    env.write(
        "marked.json",
        json!({
            "entities": [
                {"name": "Billing (EU)", "type": "service"},
                {"name": "Billing (US)", "type": "service"},
                {"name": "Ledger (EU)", "type": "service"},
                {"name": "Ledger (US)", "type": "service"},
                {"name": "Tax", "type": "service"},
                {"name": "Fraud", "type": "service"}
            ],
            "relationships": [
                {"from": "Ledger (EU)", "to": "Tax", "type": "calls"},
                {"from": "Ledger (US)", "to": "Fraud", "type": "calls"}
            ]
        })
        .to_string(),
    );
    env.ok(&["memory", "import", "marked.json", "--yes"]);
    env.ok(&["memory", "merge", "Ledger (EU)", "Billing (EU)"]);
    env.ok(&["memory", "merge", "Ledger (US)", "Billing (US)"]);
    let technology_of = |m: &Value, calls: &str| -> Vec<String> {
        // The technology of each entity that calls `calls`.
        let m_entities = m["entities"].as_array().expect("entities");
        m["relationships"]
            .as_array()
            .expect("relationships")
            .iter()
            .filter(|r| r["to"] == calls)
            .filter_map(|r| m_entities.iter().find(|e| e["name"] == r["from"]))
            .map(|e| {
                e["properties"]["technology"]
                    .as_str()
                    .unwrap_or("")
                    .to_string()
            })
            .collect()
    };
    let m = memory(&env);
    assert_eq!(names(&m).len(), 4, "{m}");
    assert_eq!(technology_of(&m, "Tax"), ["EU"], "{m}");
    assert_eq!(technology_of(&m, "Fraud"), ["US"], "{m}");

    // Taking back the US merge takes back that one (the file read again had renamed the
    // US ledger `Ledger`, and the EU one went back instead).
    env.ok(&["memory", "unmerge", "Ledger (US)"]);
    let m = memory(&env);
    assert_eq!(names(&m).len(), 5, "{m}");
    assert!(names(&m).contains(&"Ledger (US)".to_string()), "{m}");
    assert_eq!(technology_of(&m, "Fraud"), ["US"], "{m}");
    assert_eq!(technology_of(&m, "Tax"), ["EU"], "the EU merge stays: {m}");
    let merges = m["identity"]["merges"].as_array().expect("merges");
    assert_eq!(merges.len(), 1, "{m}");
    assert_eq!(merges[0]["entity"]["properties"]["technology"], "EU", "{m}");

    // And the EU one, beside a `Ledger (US)`: back as itself, never into the US one.
    env.ok(&["memory", "unmerge", "Ledger"]);
    let m = memory(&env);
    assert_eq!(names(&m).len(), 6, "{m}");
    assert_eq!(technology_of(&m, "Tax"), ["EU"], "{m}");
    assert_eq!(technology_of(&m, "Fraud"), ["US"], "{m}");
}
