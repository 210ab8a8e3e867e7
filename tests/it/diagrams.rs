//! Every Mermaid diagram archie writes, read by mermaid itself: the flowchart and C4
//! exports, build-context's diagrams of a whole system and of one component, and
//! `archie graph FLOW`, of a memory whose names are the ones that break naive writers.
//! tests/it/consumers/mermaid_check.js parses and renders each in headless Chromium with
//! the mermaid package of .ci/formats-setup.sh; a missing one fails the test unless
//! `ARCHIE_TEST_SKIP_INTEROP=1` says to skip.

use crate::support::TestEnv;
use crate::support::mcp_servers::repo;
use crate::support::mock_llm::Reply;
use archie::memory::escape::{HOSTILE_NAMES, MERMAID_MAX_TEXT};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::Command;

/// The types the hostile names are given, in turn: every C4 element kind.
const TYPES: &[&str] = &[
    "service",
    "database",
    "queue",
    "api",
    "external_system",
    "team",
    "cache",
];

/// A memory of the hostile names, each calling the next, the first two also joined by
/// a second relationship; all part of `Shop`.
fn hostile_memory() -> Value {
    let mut entities = vec![json!({"name": "Shop", "type": "system"})];
    let mut relationships = Vec::new();
    for (i, name) in HOSTILE_NAMES.iter().enumerate() {
        entities.push(json!({
            "name": name,
            "type": TYPES[i % TYPES.len()],
            "description": format!("{name} does <things> & \"stuff\""),
        }));
        if let Some(next) = HOSTILE_NAMES.get(i + 1) {
            relationships.push(json!({"from": name, "to": next, "type": "calls"}));
        }
    }
    relationships
        .push(json!({"from": HOSTILE_NAMES[0], "to": HOSTILE_NAMES[1], "type": "depends_on"}));
    // A second system, with containers of its own: a boundary of its own in C4.
    entities.push(json!({"name": "Billing <core>", "type": "system"}));
    for name in &HOSTILE_NAMES[1..3] {
        relationships.push(json!({"from": name, "to": "Billing <core>", "type": "part_of"}));
    }
    json!({"entities": entities, "relationships": relationships})
}

/// The npm packages of .ci/formats-setup.sh, with mermaid among them, and node and
/// Chromium; `None` (under `ARCHIE_TEST_SKIP_INTEROP=1`) when one is missing.
fn readers() -> Option<(PathBuf, PathBuf, PathBuf)> {
    let cache = std::env::var_os("ARCHIE_MCP_CACHE")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join(".ci/cache"));
    let modules = cache.join("formats/node_modules");
    let ready = ["mermaid", "playwright-core"]
        .iter()
        .all(|p| modules.join(p).join("package.json").is_file());
    if !ready {
        crate::support::other_side::missing(&format!(
            "{} lacks mermaid or playwright-core (run .ci/formats-setup.sh)",
            modules.display()
        ));
        return None;
    }
    let node = crate::formats::needed("node")?;
    let chromium = crate::formats::needed("chromium")?;
    Some((node, chromium, modules))
}

/// What mermaid made of each diagram: one JSON object per file, in order.
fn render(env: &TestEnv, diagrams: &[(&str, String)]) -> Option<Vec<Value>> {
    let files: Vec<PathBuf> = diagrams
        .iter()
        .map(|(name, text)| env.write(&format!("{name}.mmd"), text))
        .collect();
    let (node, chromium, modules) = readers()?;
    let out = Command::new(node)
        .arg(repo().join("tests/it/consumers/mermaid_check.js"))
        .args(&files)
        .env("NODE_PATH", modules)
        .env("CHROMIUM", chromium)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let results: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        results.len(),
        diagrams.len(),
        "no request left the page: {results:?}"
    );
    Some(results)
}

/// Text without its white space, as the SVG may wrap a name over lines.
fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The Mermaid block of a Markdown file.
fn block(markdown: &str) -> String {
    let start = markdown.find("```mermaid\n").expect("a diagram") + "```mermaid\n".len();
    let end = start + markdown[start..].find("\n```").expect("its end");
    markdown[start..end].to_string()
}

#[test]
fn every_mermaid_output_renders_hostile_names_readably_in_mermaid_itself() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        if crate::flows::is_extraction(req) {
            return Reply::json(json!({"entities": [], "relationships": []}));
        }
        Reply::text("<agent>## Purpose\nSells things.</agent>")
    });
    env.write("context.json", hostile_memory().to_string());
    env.write("docs/shop.md", "# Shop\n\nThe shop sells things.\n");
    let flowchart = env.ok(&["memory", "export", "--format", "mermaid"]).stdout;
    let c4 = env
        .ok(&[
            "memory",
            "export",
            "--format",
            "c4-mermaid",
            "--system",
            "Shop",
        ])
        .stdout;
    let flow = env.ok(&["graph", "build-context"]).stdout;
    env.ok(&["build-context", "Shop", "-i", "docs", "-o", "whole.md"]);
    env.ok(&[
        "build-context",
        "Cache <primary>",
        "-i",
        "docs",
        "-o",
        "one.md",
    ]);
    assert!(
        c4.contains("System_Boundary(e_billing_core, \"Billing #60;core#62;\")"),
        "{c4}"
    );
    let whole = block(&env.read("whole.md"));
    let one = block(&env.read("one.md"));
    // The names as the memory holds them (it sets a trailing note such as
    // `(Postgres)` aside), in the order of the list.
    let memory = archie::memory::MemoryFile::read(&env.path().join("context.json"))
        .unwrap()
        .unwrap()
        .0;
    let held: Vec<String> = HOSTILE_NAMES
        .iter()
        .map(|name| memory.entity(name).expect("in the memory").name.clone())
        .collect();
    let all: Vec<&str> = held.iter().map(String::as_str).collect();
    let component = [all[0], all[1], all[2]];
    let mut c4_names = all.clone();
    c4_names.push("Billing <core>");
    let expected: [(&str, &String, &[&str]); 5] = [
        ("flowchart", &flowchart, &all),
        ("c4", &c4, &c4_names),
        ("flow", &flow, &["retrieve", "extract", "build"]),
        ("whole", &whole, &all),
        ("component", &one, &component),
    ];
    let diagrams: Vec<(&str, String)> = expected
        .iter()
        .map(|(name, text, _)| (*name, (*text).clone()))
        .collect();
    let Some(results) = render(&env, &diagrams) else {
        return;
    };
    for ((name, text, names), result) in expected.iter().zip(&results) {
        assert_eq!(result["parsed"], true, "{name}: {result}\n{text}");
        assert_eq!(result["svg"], true, "{name}: {result}\n{text}");
        assert!(result["error"].is_null(), "{name}: {result}\n{text}");
        let seen = result["text"].as_str().unwrap();
        for bad in ["Syntax error", "Maximum text size", "Lexical error"] {
            assert!(!seen.contains(bad), "{name}: {seen}");
        }
        let seen = squeezed(seen);
        for wanted in *names {
            // A line break in a name is drawn as a space.
            assert!(
                seen.contains(&squeezed(wanted)),
                "{name}: {wanted:?} not readable in the SVG's text:\n{}\n{text}",
                result["text"]
            );
        }
    }
}

/// A memory of `n` entities of the C4 types and `rels` relationships between random
/// pairs (a fixed sequence), shaped like benches/gen_memory.py's.
fn large_memory(n: usize, rels: usize) -> Value {
    let kinds = [
        "calls",
        "writes_to",
        "reads_from",
        "publishes_to",
        "depends_on",
    ];
    let entities: Vec<Value> = (0..n)
        .map(|i| {
            json!({
                "name": format!("svc {i}"),
                "type": TYPES[i % TYPES.len()],
                "description": format!("The svc {i} component handles part of the flow."),
            })
        })
        .collect();
    let mut seed: u64 = 1;
    let mut next = |m: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % m
    };
    let mut seen = std::collections::HashSet::new();
    let mut relationships = Vec::new();
    while relationships.len() < rels {
        let (a, b, k) = (next(n), next(n), kinds[next(kinds.len())]);
        if a == b || !seen.insert((a, b, k)) {
            continue;
        }
        relationships
            .push(json!({"from": format!("svc {a}"), "to": format!("svc {b}"), "type": k}));
    }
    json!({"entities": entities, "relationships": relationships})
}

#[test]
fn a_c4_export_too_large_for_mermaid_says_what_it_left_out_and_still_renders() {
    let env = TestEnv::new();
    // 100 entities and 800 relationships: drawn whole, one relationship per pair.
    env.write("context.json", large_memory(100, 800).to_string());
    let whole = env
        .ok(&[
            "memory",
            "export",
            "--format",
            "c4-mermaid",
            "--system",
            "Shop",
        ])
        .stdout;
    // Twice as many: more than Mermaid reads.
    env.write("context.json", large_memory(200, 1600).to_string());
    let c4 = env
        .ok(&[
            "memory",
            "export",
            "--format",
            "c4-mermaid",
            "--system",
            "Shop",
        ])
        .stdout;
    assert!(c4.len() <= MERMAID_MAX_TEXT, "{} characters", c4.len());
    let title = c4.lines().nth(1).unwrap();
    assert!(
        title.contains("of 200 elements and") && title.contains("archie memory view"),
        "{title}"
    );
    assert!(c4.contains("%% Left out: "), "{c4}");
    let Some(results) = render(&env, &[("whole", whole), ("cut", c4.clone())]) else {
        return;
    };
    for result in &results {
        assert_eq!(result["svg"], true, "{result}");
        assert!(result["error"].is_null(), "{result}");
        let seen = result["text"].as_str().unwrap();
        assert!(!seen.contains("Maximum text size"), "{seen}");
    }
    let seen = results[1]["text"].as_str().unwrap();
    assert!(squeezed(seen).contains("archiememoryview"), "{seen}");

    // A small memory is drawn whole, without a note.
    env.write("context.json", large_memory(20, 40).to_string());
    let c4 = env
        .ok(&[
            "memory",
            "export",
            "--format",
            "c4-mermaid",
            "--system",
            "Shop",
        ])
        .stdout;
    assert!(!c4.contains("Left out"), "{c4}");
    let elements = c4
        .lines()
        .filter(|l| !l.trim_start().starts_with("Rel(") && l.contains("(e_svc_"))
        .count();
    assert_eq!(elements, 20, "{c4}");
}

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

/// The pairs of nodes a flowchart joins, and how many edges each has.
fn pairs(mermaid: &str) -> std::collections::BTreeMap<(String, String), usize> {
    let mut pairs = std::collections::BTreeMap::new();
    for line in mermaid.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let [from, arrow, .., to] = words[..]
            && (arrow.starts_with("-->") || arrow.starts_with("<-->"))
        {
            let pair = if from < to { (from, to) } else { (to, from) };
            *pairs
                .entry((pair.0.to_string(), pair.1.to_string()))
                .or_insert(0) += 1;
        }
    }
    pairs
}

/// 30 documents in the words models use: each area's service `calls` and `depends on`
/// the next area's, which calls back; its own database and queue.
#[test]
fn the_whole_system_of_thirty_documents_draws_each_pair_once_and_renders() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|req| {
        if crate::flows::is_extraction(req) {
            let text = req.last("user").unwrap_or_default();
            let i = AREAS
                .iter()
                .position(|a| text.contains(&format!("# {a}")))
                .unwrap_or(0);
            let (area, next) = (AREAS[i], AREAS[(i + 1) % AREAS.len()]);
            let s = |a: &str| format!("{a} Service");
            return Reply::json(json!({
                "entities": [
                    {"name": s(area), "type": "service"},
                    {"name": format!("{area} DB"), "type": "database"},
                    {"name": format!("{area} Events"), "type": "queue"},
                    {"name": s(next), "type": "service"}
                ],
                "relationships": [
                    {"from": s(area), "to": format!("{area} DB"), "type": "writes_to"},
                    {"from": s(area), "to": format!("{area} DB"), "type": "reads_from"},
                    {"from": s(area), "to": format!("{area} Events"), "type": "publishes_to"},
                    {"from": s(area), "to": s(next), "type": "calls"},
                    {"from": s(area), "to": s(next), "type": "depends_on"},
                    {"from": s(next), "to": s(area), "type": "calls"}
                ]
            }));
        }
        Reply::text("<agent>## Purpose\nRuns the shop.</agent>")
    });
    for i in 0..30 {
        let area = AREAS[i % AREAS.len()];
        let next = AREAS[(i + 1) % AREAS.len()];
        env.write(
            &format!("docs/doc-{i:02}.md"),
            format!(
                "# {area}\n\nPart of NovaMart. The {area} Service calls and depends on the \
                 {next} Service, which calls it back. It reads from and writes to the {area} \
                 DB and publishes to {area} Events. Note {i}.\n"
            ),
        );
    }
    env.ok(&["build-context", "NovaMart", "-i", "docs", "-o", "nova.md"]);
    let diagram = block(&env.read("nova.md"));
    let pairs = pairs(&diagram);
    assert!(pairs.len() >= 30, "{diagram}");
    assert!(
        pairs.values().all(|&n| n == 1),
        "a pair drawn twice: {pairs:?}\n{diagram}"
    );
    let Some(results) = render(&env, &[("nova", diagram.clone())]) else {
        return;
    };
    assert_eq!(results[0]["svg"], true, "{}\n{diagram}", results[0]);
    assert!(results[0]["error"].is_null(), "{}", results[0]);
}
