use super::*;
use serde_json::Value;
use serde_json::json;
use std::collections::HashSet;

impl Memory {
    /// Its relationships as (from, type, to), sorted: what a test compares.
    pub(super) fn edge_list(&self) -> Vec<(&str, &str, &str)> {
        let mut edges: Vec<(&str, &str, &str)> = self
            .relationships()
            .iter()
            .map(|r| (r.from.as_str(), r.kind.as_str(), r.to.as_str()))
            .collect();
        edges.sort_unstable();
        edges
    }
}

#[test]
fn key_folds_case_separators_and_plurals() {
    assert_eq!(key("  Order \t  Service\n"), "orderservice");
    assert_eq!(key("ORDER SERVICE"), key("order service"));
    assert_eq!(key("orderservice"), key("Orders Service"));
    assert_ne!(key("OrderService"), key("OrdersDB"));
    assert_eq!(key("   "), "");
}

#[test]
fn relationship_types_are_lower_snake() {
    for raw in [
        "writes to",
        "WRITES_TO",
        "writes_to",
        "writes-to",
        " Writes  To ",
        "writesTo",
    ] {
        assert_eq!(relationship_type(raw), "writes_to", "{raw:?}");
    }
    assert_eq!(relationship_type("calls"), "calls");
    assert_eq!(relationship_type("HTTP call"), "calls");
    assert_eq!(relationship_type("replicates to"), "replicates_to");
}

#[test]
fn normalised_match_keeps_first_display_name_and_merges() {
    let mut m = Memory::new();
    let first = Entity::new("Order Service", "service")
        .description("takes orders")
        .tag("core")
        .property("owner", "team-a")
        .property("lang", "rust");
    assert_eq!(m.upsert_entity(first), Upserted::Added);
    let update = Entity::new("  order   SERVICE ", "unknown")
        .tag("checkout")
        .tag("core")
        .property("owner", "team-b");
    assert_eq!(m.upsert_entity(update), Upserted::Updated);
    assert_eq!(m.entities().len(), 1);
    let e = m.entity("ORDER service").expect("found by key");
    assert_eq!(e.name, "Order Service");
    assert_eq!(e.kind, "service", "unknown does not replace a type");
    assert_eq!(e.description, "takes orders", "empty does not replace");
    assert_eq!(e.tags, vec!["checkout", "core"]);
    assert_eq!(e.properties.get("owner"), Some(&json!("team-b")));
    assert_eq!(e.properties.get("lang"), Some(&json!("rust")));

    let retype = Entity::new("order service", "api").description("new words");
    assert_eq!(m.upsert_entity(retype.clone()), Upserted::Updated);
    assert_eq!(m.upsert_entity(retype), Upserted::Unchanged);
    let e = m.entity("order service").expect("found");
    assert_eq!(
        (e.kind.as_str(), e.description.as_str()),
        ("api", "new words")
    );
    assert_eq!(
        m.upsert_entity(Entity::new("  ", "service")),
        Upserted::Skipped
    );
}

#[test]
fn relationships_match_by_keys_and_normalised_type() {
    let mut m = Memory::new();
    m.upsert_entity(Entity::new("OrderService", "service"));
    m.upsert_entity(Entity::new("PaymentsDB", "database"));
    let (c, stubs) =
        m.upsert_relationship(Relationship::new("orderservice", "WRITES TO", "paymentsdb"));
    assert_eq!((c, stubs), (Upserted::Added, 0));
    let (c, _) = m.upsert_relationship(
        Relationship::new("Order Service".replace(' ', ""), "writes-to", "PAYMENTSDB")
            .property("mode", "sync"),
    );
    assert_eq!(c, Upserted::Updated);
    assert_eq!(m.relationships().len(), 1);
    let r = &m.relationships()[0];
    assert_eq!(
        (r.from.as_str(), r.kind.as_str(), r.to.as_str()),
        ("OrderService", "writes_to", "PaymentsDB"),
        "endpoints use the entities' display names"
    );
    assert_eq!(r.properties.get("mode"), Some(&json!("sync")));
    let (c, _) = m.upsert_relationship(Relationship::new("orderservice", "reads", "paymentsdb"));
    assert_eq!(c, Upserted::Added, "another type is another relationship");
}

#[test]
fn missing_endpoint_becomes_an_unknown_stub() {
    let mut m = Memory::new();
    m.upsert_entity(Entity::new("checkout", "service"));
    let (c, stubs) = m.upsert_relationship(Relationship::new("checkout", "calls", "Fraud Check"));
    assert_eq!((c, stubs), (Upserted::Added, 1));
    let stub = m.entity("fraud check").expect("stub created");
    assert_eq!(
        (stub.name.as_str(), stub.kind.as_str()),
        ("Fraud Check", "unknown")
    );
    // A later, real definition upgrades the stub's type.
    assert_eq!(
        m.upsert_entity(Entity::new("fraud check", "service")),
        Upserted::Updated
    );
    assert_eq!(
        m.entity("Fraud Check").map(|e| e.kind.as_str()),
        Some("service")
    );
}

#[test]
fn merge_reports_what_changed() {
    let mut a = Memory::new();
    a.upsert_entity(Entity::new("a", "service"));
    let mut b = Memory::new();
    b.upsert_entity(Entity::new("A", "service"));
    b.upsert_entity(Entity::new("b", "service").description("new"));
    b.upsert_relationship(Relationship::new("a", "calls", "b"));
    b.upsert_relationship(Relationship::new("b", "calls", "c"));
    let report = a.merge(b);
    assert_eq!(report.entities_added, 2, "b and the stub c");
    assert_eq!(report.entities_unchanged, 1);
    assert_eq!(report.relationships_added, 2);
    assert!(report.changed());
    assert_eq!(
        (
            report.entities_added + report.stubs_added,
            report.relationships_added
        ),
        (2, 2),
        "+2 entities, +2 relationships"
    );
    assert_eq!(a.entity("a").map(|e| e.name.as_str()), Some("a"));
    let again = a.clone().merge(a.clone());
    assert!(!again.changed());
    assert_eq!(
        (
            again.entities_added + again.stubs_added,
            again.relationships_added
        ),
        (0, 0),
        "+0 entities, +0 relationships"
    );
}

#[test]
fn reads_relations_and_keeps_unknown_keys() {
    let text = br#"{"entities":[{"name":"x","type":"service"}],
        "relations":[{"from":"x","to":"y","type":"calls"}],
        "version": 3, "notes": {"by": "hand"}}"#;
    let m = Memory::from_json(text).expect("parses");
    assert_eq!(m.entities().len(), 2);
    assert_eq!(m.relationships().len(), 1);
    let out: Value = serde_json::from_str(&m.to_json()).expect("json");
    assert_eq!(out["version"], json!(3));
    assert_eq!(out["notes"], json!({"by": "hand"}));
    assert!(out.get("relations").is_none());
    assert_eq!(out["relationships"][0]["type"], json!("calls"));
    assert_eq!(
        out["entities"][0],
        json!({"name":"x","type":"service","description":"","tags":[],"properties":{}})
    );
}

#[test]
fn output_is_sorted_and_independent_of_insertion_order() {
    let mut a = Memory::new();
    a.upsert_entity(Entity::new("zeta", "service").tag("b").tag("a").tag("b"));
    a.upsert_entity(
        Entity::new("Alpha", "store")
            .property("z", 1)
            .property("a", 2),
    );
    a.upsert_relationship(Relationship::new("zeta", "calls", "alpha"));
    a.upsert_relationship(Relationship::new("alpha", "calls", "zeta"));
    let mut b = Memory::new();
    b.upsert_relationship(Relationship::new("alpha", "calls", "zeta"));
    b.upsert_relationship(Relationship::new("zeta", "calls", "alpha"));
    let mut b2 = Memory::new();
    b2.upsert_entity(
        Entity::new("Alpha", "store")
            .property("a", 2)
            .property("z", 1),
    );
    b2.upsert_entity(Entity::new("zeta", "service").tag("a").tag("b"));
    b2.merge(b);
    // Display name differs: b2 saw "Alpha" first too; so the texts match exactly.
    assert_eq!(a.to_json(), b2.to_json());
    let text = a.to_json();
    assert!(text.ends_with("}\n"));
    assert!(text.contains("\n  \"entities\": [\n    {\n      \"name\": \"Alpha\""));
    let alpha = text.find("\"Alpha\"").expect("alpha");
    let zeta = text.find("\"zeta\"").expect("zeta");
    assert!(alpha < zeta);
    assert!(text.find("\"a\": 2").expect("a") < text.find("\"z\": 1").expect("z"));
}

/// Merge at scale keeps each of 20,000 entities once and a second merge of the same
/// changes nothing. How its time grows with the memory (about linearly, 1k to 100k) is
/// measured by `cargo bench --bench memory` (docs/performance.md), not here: a test does
/// not assert on wall-clock time.
#[test]
fn merging_twenty_thousand_entities_keeps_each_once_and_again_changes_nothing() {
    let mut m = Memory::new();
    let mut other = Memory::new();
    for i in 0..20_000 {
        other.upsert_entity(Entity::new(format!("Service {i}"), "service"));
        if i > 0 {
            other.upsert_relationship(Relationship::new(
                format!("service {i}"),
                "calls",
                format!("service {}", i - 1),
            ));
        }
    }
    let report = m.merge(other.clone());
    assert_eq!(report.entities_added, 20_000);
    assert_eq!(report.relationships_added, 19_999);
    let report = m.merge(other);
    assert_eq!(report.entities_added, 0);
    assert_eq!(report.entities_unchanged, 20_000);
    assert_eq!(report.relationships_unchanged, 19_999);
    assert_eq!(m.entities().len(), 20_000);
    assert_eq!(m.relationships().len(), 19_999);
    assert_eq!(m.neighbours("service 5").len(), 2);
}

#[test]
fn stats_count_types_and_connections() {
    let mut m = Memory::new();
    m.upsert_entity(Entity::new("db", "datastore"));
    for s in ["a", "b", "c"] {
        m.upsert_entity(Entity::new(s, "service"));
        m.upsert_relationship(Relationship::new(s, "writes to", "db"));
    }
    m.upsert_relationship(Relationship::new("a", "calls", "b"));
    let s = m.stats();
    assert_eq!((s.entities, s.relationships), (4, 4));
    assert_eq!(
        s.entity_types[0],
        Count {
            name: "service".into(),
            count: 3
        }
    );
    assert_eq!(
        s.relationship_types[0],
        Count {
            name: "writes_to".into(),
            count: 3
        }
    );
    assert_eq!(
        s.most_connected[0],
        Count {
            name: "db".into(),
            count: 3
        }
    );
    assert_eq!(
        s.most_connected[1],
        Count {
            name: "a".into(),
            count: 2
        }
    );
    assert_eq!(m.relationships_of("a").len(), 2);
    assert_eq!(m.incoming("DB").len(), 3);
    assert_eq!(m.suggest("orderservce", 3), Vec::<String>::new());
    assert_eq!(m.suggest("dbb", 3), vec!["db".to_string()]);
}

#[test]
fn mermaid_caps_nodes_and_says_what_is_left_out() {
    let mut m = Memory::new();
    m.upsert_entity(Entity::new("hub", "service"));
    for i in 0..100 {
        m.upsert_relationship(Relationship::new("hub", "calls", format!("leaf {i}")));
    }
    let text = m.to_mermaid(&MermaidOptions::default());
    let nodes = text.lines().filter(|l| l.starts_with("    n_")).count();
    assert_eq!(nodes, 60);
    assert!(
        text.contains("n_hub[\"hub\"]"),
        "the best connected node is kept"
    );
    assert!(text.contains("… 41 more entities not shown"));
    let focused = m.to_mermaid(&MermaidOptions::default().focus(["leaf 7"]));
    assert!(focused.contains("n_leaf_7[\"leaf 7\"]"));
    assert!(focused.contains("n_hub -->|\"calls\"| n_leaf_7"));
    assert_eq!(
        focused.lines().filter(|l| l.starts_with("    n_")).count(),
        2
    );
}

#[test]
fn mermaid_ids_are_safe_and_unique() {
    let mut m = Memory::new();
    m.upsert_entity(Entity::new("end", "a b"));
    // One key, two things (a service and a store are never one by a rule): two ids.
    m.upsert_entity(Entity::new("say \"hi\"", "service"));
    m.upsert_entity(Entity::new("say-hi", "database"));
    assert_eq!(m.entities().len(), 3);
    let text = m.to_mermaid(&MermaidOptions::default());
    assert!(text.contains("n_end[\"end\"]"));
    assert!(text.contains("n_say_hi_[\"say #quot;hi#quot;\"]"));
    assert!(text.contains("n_say_hi[\"say-hi\"]"));
    assert!(text.contains("subgraph t_a_b[\"a_b\"]"), "{text}");
}

#[test]
fn subgraph_keeps_the_focus_neighbourhood_within_a_limit() {
    let mut m = Memory::new();
    for (a, b) in [("a", "b"), ("b", "c"), ("c", "d"), ("a", "e")] {
        m.upsert_relationship(Relationship::new(a, "calls", b));
    }
    let (sub, omitted) = m.subgraph(&["B".to_string()], 1, 10);
    let names: Vec<&str> = sub.entities().iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "c"]);
    assert_eq!((sub.relationships().len(), omitted), (2, 0));
    let (sub, omitted) = m.subgraph(&["b".to_string()], 2, 3);
    assert_eq!((sub.entities().len(), omitted), (3, 2));
    let (whole, _) = m.subgraph(&[], 1, 100);
    assert_eq!(whole, m);
}

#[test]
fn memory_round_trips_through_serde() {
    let mut m = Memory::new();
    m.upsert_relationship(Relationship::new("x", "reads from", "y").property("p", 1));
    m.extra.insert("v".into(), json!(1));
    let value = serde_json::to_value(&m).expect("serialise");
    assert_eq!(value["relationships"][0]["type"], json!("reads_from"));
    let back: Memory = serde_json::from_value(value).expect("deserialise");
    assert_eq!(back, m);
    assert_eq!(back.to_json(), m.to_json());
}

/// A memory of `n` entities with a deterministic spread of relationships, some
/// descriptions, tags and properties, and a self-loop.
fn sample_graph(prefix: &str, n: usize, seed: u64) -> Memory {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut m = Memory::new();
    for i in 0..n {
        let mut e = Entity::new(
            format!("{prefix} {i}"),
            ["service", "queue", "unknown"][i % 3],
        );
        if rng.bool() {
            e = e.description(format!("what {prefix} {i} does"));
        }
        if rng.bool() {
            e = e.tag(format!("t{}", rng.u8(..4)));
        }
        if rng.bool() {
            e = e.property("owner", format!("team{}", rng.u8(..3)));
        }
        m.upsert_entity(e);
    }
    for _ in 0..2 * n {
        let (a, b) = (rng.usize(..n), rng.usize(..n));
        let kind = ["calls", "reads from", "WritesTo"][rng.usize(..3)];
        m.upsert_relationship(Relationship::new(
            format!("{prefix} {a}"),
            kind,
            format!("{prefix} {b}"),
        ));
    }
    m.upsert_relationship(Relationship::new(
        format!("{prefix} 0"),
        "calls",
        format!("{prefix} 0"),
    ));
    m
}

#[test]
fn the_layered_view_equals_the_view_of_the_merged_memory() {
    // A loaded memory and what a run learned: overlapping entities (some changed),
    // relationships in both, new ones, and names only the run knows.
    let base = sample_graph("svc", 300, 1);
    let mut learned = sample_graph("svc", 40, 2);
    learned.merge(sample_graph("new", 30, 3));
    learned.upsert_relationship(Relationship::new("new 1", "calls", "svc 7"));
    let mut merged = base.clone();
    merged.merge(learned.clone());
    for (text, budget) in [
        ("svc 1 and svc 2 talk to new 3 and NEW 1; svc 7 too", 2000),
        ("svc 0 svc 0 svc 5 new 2 svc 299", 300),
        ("svc 12 calls svc 30", 60),
        ("nothing named here", 2000),
        ("new 4 new 5 new 6", 2000),
    ] {
        let expected = merged.relevant(text, budget);
        let layered = base.relevant_with(&learned, text, budget);
        assert_eq!(layered, expected, "{text} / {budget}");
        // And with nothing learned, the plain view.
        assert_eq!(
            base.relevant_with(&Memory::new(), text, budget),
            base.relevant(text, budget)
        );
    }
}

#[test]
fn an_unchanged_clone_keeps_its_stamp_and_any_change_takes_a_new_one() {
    let mut a = sample_graph("svc", 10, 4);
    let b = a.clone();
    assert_eq!(a.stamp(), b.stamp());
    let mut c = a.clone();
    assert_eq!(
        a.upsert_entity(Entity::new("svc 1", "unknown")),
        Upserted::Unchanged
    );
    assert_eq!(a.stamp(), b.stamp(), "nothing changed");
    a.upsert_entity(Entity::new("svc 1", "database"));
    c.upsert_entity(Entity::new("svc 1", "queue"));
    assert_ne!(a.stamp(), b.stamp());
    assert_ne!(
        a.stamp(),
        c.stamp(),
        "two clones changed differently differ"
    );
    let mut d = b.clone();
    d.merge(Memory::new());
    assert_eq!(d.stamp(), b.stamp(), "an empty merge changes nothing");
    d.upsert_relationship(Relationship::new("svc 1", "calls", "svc 2 new"));
    assert_ne!(d.stamp(), b.stamp());
}

#[test]
fn reading_reports_what_a_save_would_lose() {
    let text = br#"{"entities": [
        {"name": "", "type": "service", "description": "nameless"},
        {"name": "  ", "type": "queue"},
        {"name": "Checkout", "properties": {"owner": "a", "tier": 1, "owner": "b"}}
      ],
      "relationships": [
        {"from": "Checkout", "to": "", "type": "calls"},
        {"from": "Checkout", "to": "Checkout", "type": "pings", "properties": {"x": 1, "x": 2}}
      ]}"#;
    let mut problems = super::parse::Problems::default();
    let m = super::parse::from_slice(text, Some(&mut problems)).expect("parses");
    let messages = problems.messages();
    assert_eq!(messages.len(), 5, "{messages:#?}");
    assert!(
        messages[0].starts_with("entity 1 has no name"),
        "{}",
        messages[0]
    );
    assert!(
        messages[0].contains("nameless"),
        "with the entity: {}",
        messages[0]
    );
    assert!(messages[1].starts_with("entity 2 has no name"));
    assert!(
        messages[2].contains("\"Checkout\" has the property \"owner\" more than once"),
        "{}",
        messages[2]
    );
    assert!(messages[3].starts_with("relationship 1 lacks a from, to or type"));
    assert!(messages[4].contains("\"Checkout pings Checkout\" has the property \"x\""));
    // The last value is the one kept; the nameless are not.
    assert_eq!(
        m.entity("checkout").expect("kept").properties["owner"],
        json!("b")
    );
    assert_eq!(m.entities().len(), 1);
    assert_eq!(m.relationships().len(), 1);
}

#[test]
fn many_problems_are_counted_not_listed() {
    let entities: Vec<Value> = (0..50).map(|_| json!({"name": ""})).collect();
    let text = serde_json::to_vec(&json!({ "entities": entities })).expect("json");
    let mut problems = super::parse::Problems::default();
    super::parse::from_slice(&text, Some(&mut problems)).expect("parses");
    let messages = problems.messages();
    assert_eq!(messages.len(), 21);
    assert_eq!(messages[20], "… and 30 more such problems");
}

#[test]
fn relationships_before_entities_wait_for_them() {
    let text = br#"{"relationships": [{"from": "order service", "to": "db", "type": "writes"}],
        "entities": [{"name": "Order Service", "type": "service"}]}"#;
    let m = Memory::from_json(text).expect("parses");
    let e = m.entity("order service").expect("entity");
    assert_eq!(
        (e.name.as_str(), e.kind.as_str()),
        ("Order Service", "service")
    );
    assert_eq!(m.relationships()[0].from, "Order Service");
}

#[test]
fn a_file_of_the_wrong_shape_says_what_was_expected() {
    let err = Memory::from_json(b"[1, 2]").expect_err("not an object");
    assert!(err.to_string().contains("a JSON object with"), "{err}");
    let err = Memory::from_json(br#"{"entities": {"a": 1}}"#).expect_err("not a list");
    assert!(err.to_string().contains("a JSON list of entities"), "{err}");
    assert!(Memory::from_json(br#"{"entities": null, "relationships": null}"#).is_ok());
    let err = Memory::from_json(br#"{"entities": [{"type": "x"}]}"#).expect_err("no name");
    assert!(err.to_string().contains("missing field `name`"), "{err}");
}

#[test]
fn a_merge_on_top_of_disk_equals_a_merge_of_a_clone() {
    let disk = sample_graph("svc", 200, 5);
    let mut ours = sample_graph("svc", 120, 6);
    ours.merge(sample_graph("ours", 20, 7));
    ours.extra.insert("version".into(), json!(2));
    let mut expected = disk.clone();
    expected.merge(ours.clone());
    let mut overlaid = disk.clone();
    overlaid.overlay(&ours);
    assert_eq!(overlaid.to_json(), expected.to_json());
    let mut probe = ours.clone();
    assert_eq!(disk.news_for(&ours), probe.merge(disk));
}

#[test]
fn duplicates_in_a_file_collapse_whether_it_is_sorted_or_not() {
    let text = br#"{"entities": [{"name": "a"}, {"name": "b"}, {"name": "c"}],
      "relationships": [
        {"from": "a", "to": "b", "type": "calls", "properties": {"x": 1}},
        {"from": "a", "to": "b", "type": "calls", "properties": {"y": 2}},
        {"from": "a", "to": "c", "type": "calls"},
        {"from": "A", "to": "B", "type": "Calls", "properties": {"z": 3}},
        {"from": "b", "to": "a", "type": "calls"}
      ]}"#;
    let m = Memory::from_json(text).expect("parses");
    assert_eq!(m.relationships().len(), 3);
    let ab = m.outgoing("a");
    assert_eq!(ab[0].to, "b");
    assert_eq!(
        ab[0].properties,
        json!({"x": 1, "y": 2, "z": 3})
            .as_object()
            .cloned()
            .unwrap()
    );
    // Loading archie's own output gives the same memory back.
    let again = Memory::from_json(m.to_json().as_bytes()).expect("parses");
    assert_eq!(again.to_json(), m.to_json());
    let big = sample_graph("svc", 500, 9);
    let reloaded = Memory::from_json(big.to_json().as_bytes()).expect("parses");
    assert_eq!(reloaded.to_json(), big.to_json());
    assert_eq!(reloaded.stats(), big.stats());
    assert_eq!(reloaded.neighbours("svc 3"), big.neighbours("svc 3"));
}

#[test]
fn a_large_file_parsed_on_two_threads_gives_the_same_memory() {
    let big = sample_graph("svc", 12_000, 11);
    let mut value: Value = serde_json::from_str(&big.to_json()).expect("json");
    value["entities"]
        .as_array_mut()
        .expect("entities")
        .push(json!({"name": "", "type": "queue"}));
    value["version"] = json!(7);
    let text = serde_json::to_vec_pretty(&value).expect("json");
    assert!(text.len() >= 2 << 20, "{} bytes: large enough", text.len());
    let mut problems = super::parse::Problems::default();
    let parsed = super::parse::from_slice(&text, Some(&mut problems)).expect("parses");
    let mut expected = big;
    expected.extra.insert("version".into(), json!(7));
    assert_eq!(parsed.to_json(), expected.to_json());
    assert_eq!(problems.messages().len(), 1, "{:?}", problems.messages());
    // A syntax error near the end is reported as on one thread.
    let mut broken = text;
    let at = broken.len() - 3;
    broken.insert(at, b'!');
    let err = super::parse::from_slice(&broken, None).expect_err("broken");
    let small = serde_json::from_slice::<Value>(&broken).expect_err("broken");
    assert_eq!((err.line(), err.column()), (small.line(), small.column()));
}

#[test]
fn a_machine_spelling_gives_way_to_a_readable_alias() {
    let mut m = Memory::new();
    m.upsert_entity(Entity::new("taxjar-api", "api"));
    m.upsert_entity(Entity::new("TaxJar API", "api"));
    m.upsert_entity(Entity::new("Checkout Service", "service"));
    m.upsert_entity(Entity::new("checkout_service", "service"));
    m.upsert_relationship(Relationship::new("checkout-service", "calls", "taxjar_api"));
    m.readable_names();
    let names: Vec<&str> = m.entities().iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["TaxJar API", "Checkout Service"]);
    let taxjar = m.entity("taxjar api").expect("found");
    assert_eq!(
        taxjar.properties["aliases"],
        json!(["taxjar_api", "taxjar-api"])
    );
    assert_eq!(m.relationships()[0].to, "TaxJar API");
    assert_eq!(m.relationships()[0].from, "Checkout Service");
    // Found by the old name still.
    assert!(m.entity("taxjar-api").is_some());
}

/// An entity of `name` and `kind` that goes by `aliases` too.
fn with(name: &str, kind: &str, aliases: &[&str]) -> Entity {
    let mut e = Entity::new(name, kind);
    e.properties.insert("aliases".into(), json!(aliases));
    e
}

/// Asserts that the names `m` shows are the ones the next save shows.
fn names_settled(m: &mut Memory) {
    let before = m.to_json();
    m.readable_names();
    assert_eq!(
        m.to_json(),
        before,
        "the next save leaves the names as they are"
    );
}

#[test]
fn what_a_tool_wrapped_a_name_in_is_not_shown() {
    let mut m = Memory::new();
    // A package's extension that most spellings lack: shown without it.
    m.upsert_entity(with(
        "Ledger Worker.pkg",
        "service",
        &["LedgerWorker", "ledger_worker"],
    ));
    // A register's code in front that most spellings lack.
    m.upsert_entity(with(
        "44871/R;2-Billing Events Topic",
        "topic",
        &["billing-events-topic", "BillingEventsTopic"],
    ));
    // A constant's capitals give way to a person's.
    m.upsert_entity(with("BILLING_SERVICE", "service", &["BillingService"]));
    // Words a space joins are never cut.
    m.upsert_entity(with("Mailgun API", "api", &["mailgun", "Mailgun"]));
    // A name alone, shown as the rest of the documents write it: what it was stays one
    // of its names.
    m.upsert_entity(Entity::new("结算服务（settlement-service）", "service"));
    // A cut that is another thing's name is not made.
    m.upsert_entity(with(
        "Audit Trail.pkg",
        "database",
        &["AuditTrail", "audit_trail"],
    ));
    m.upsert_entity(Entity::new("Audit Trail", "service"));
    // What the rules read out of a form around another thing's words is no name: every
    // thing of that form reads so.
    m.upsert_entity(Entity::new(
        "webpack://shop/./src/ledger-service/index.ts",
        "service",
    ));
    m.readable_names();
    let names: Vec<&str> = m.entities().iter().map(|e| e.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Ledger Worker",
            "Billing Events Topic",
            "BillingService",
            "Mailgun API",
            "settlement-service",
            "Audit Trail.pkg",
            "Audit Trail",
            "webpack://shop/./src/ledger-service/index.ts",
        ]
    );
    // And the next of that form is another thing.
    m.upsert_entity(Entity::new(
        "webpack://shop/./src/refunds-service/index.ts",
        "service",
    ));
    assert_eq!(m.entities().len(), 9, "{:?}", m.entities());
    // The spellings it was known by are kept.
    let settlement = m.entity("settlement-service").expect("found");
    assert_eq!(
        settlement.properties["aliases"],
        json!(["结算服务（settlement-service）"])
    );
    let ledger = m.entity("ledger_worker").expect("found");
    assert!(
        ledger.properties["aliases"]
            .as_array()
            .expect("aliases")
            .contains(&json!("Ledger Worker.pkg"))
    );
    names_settled(&mut m);
}

#[test]
fn between_spellings_as_readable_the_one_most_spellings_are_is_shown() {
    let mut m = Memory::new();
    // Met first in another language, written in English everywhere else.
    m.upsert_entity(with(
        "Bunachar Iocaiochtai",
        "database",
        &["Payments DB", "payments_db", "PaymentsDB"],
    ));
    // Written in the other language most of the time: shown so.
    m.upsert_entity(with(
        "Ledger Service",
        "service",
        &["Servicio de Libro Mayor", "servicio-de-libro-mayor"],
    ));
    // One spelling each: the first stays.
    m.upsert_entity(with("Fraud Service", "service", &["Servicio de Fraude"]));
    m.readable_names();
    let names: Vec<&str> = m.entities().iter().map(|e| e.name.as_str()).collect();
    assert_eq!(
        names,
        ["Payments DB", "Servicio de Libro Mayor", "Fraud Service"]
    );
    names_settled(&mut m);
}

#[test]
fn what_other_spellings_say_around_a_name_is_not_shown() {
    let mut m = Memory::new();
    m.upsert_entity(Entity::new("Shop", "system"));
    // Met first with a word in front, then in tools' forms that share its words: shown
    // by the words they share.
    m.upsert_entity(with(
        "legacy Ledger Service",
        "service",
        &[
            "Ledger Service",
            "ledger-service-prod-sg",
            "[apps.ledger-service]",
            "T-17 Ledger Service",
        ],
    ));
    m.upsert_entity(with(
        "Ticket Store (so to speak)",
        "database",
        &["Ticket Store", "ticket_store_v2"],
    ));
    // The system's name in front is no more the name than a kind word less.
    m.upsert_entity(with(
        "Shop Fraud Checker",
        "service",
        &["Fraud Checker", "fraud-checker.internal"],
    ));
    // A kind word is part of the name: the words less it are in every spelling, and
    // still not shown.
    m.upsert_entity(with(
        "Postmark API",
        "external_system",
        &["Postmark", "postmark-api"],
    ));
    // Nothing shared: the first stays.
    m.upsert_entity(with("Rates Cache", "cache", &["Tarifspeicher"]));
    m.readable_names();
    let names: Vec<&str> = m.entities().iter().map(|e| e.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Shop",
            "Ledger Service",
            "Ticket Store",
            "Fraud Checker",
            "Postmark API",
            "Rates Cache"
        ]
    );
    names_settled(&mut m);
}

#[test]
fn a_typo_or_another_mediums_marks_are_not_the_name_shown() {
    let mut m = Memory::new();
    m.upsert_entity(with(
        "Order Serice",
        "service",
        &[
            "\u{2699}\u{fe0f} Order Service",
            "OrderService",
            "order-service",
        ],
    ));
    m.upsert_entity(with("API Gatway", "service", &["APIGateway"]));
    m.upsert_entity(with("Custmers DB", "database", &["[customers-db]"]));
    // Not typos: a word the others write as a plural, a word with no near one, a near
    // word of another first letter, a word the others write too.
    m.upsert_entity(with("Orders Reader", "service", &["order-readers"]));
    m.upsert_entity(with("Ledger Service", "service", &["ledger"]));
    m.upsert_entity(with("Exporter Service", "service", &["mporter-svc"]));
    m.upsert_entity(with(
        "Colour Service",
        "service",
        &["colour-svc", "color-svc"],
    ));
    // Nor an ending (a Polish genitive), nor words written as one.
    m.upsert_entity(with("Serwis koszyka", "service", &["koszyk-svc"]));
    m.upsert_entity(with("TaxJar API", "api", &["api taxjara"]));
    // Nor a word of another language's name for it, which shares no other word.
    m.upsert_entity(with("Servizio ordini", "service", &["Servicio de pedidos"]));
    // Nor a word only a wrapper of the name writes (a namespace's `Data`).
    m.upsert_entity(with(
        "Cronfa Ddata Taliadau",
        "database",
        &["<see cref=\"T:Bank.Data.PaymentsDb\"/>"],
    ));
    // What another medium put in a name is not shown; a note that tells it apart is.
    m.upsert_entity(with(
        "Reporting Service ....... 3",
        "service",
        &["reporting_service: Reporting Service {shape: rectangle}"],
    ));
    m.upsert_entity(with(
        "Orders DB (staging)",
        "database",
        &["orders_db_staging"],
    ));
    m.upsert_relationship(Relationship::new("Order Serice", "calls", "Custmers DB"));
    m.readable_names();
    let names: Vec<&str> = m.entities().iter().map(|e| e.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Order Service",
            "API Gateway",
            "Customers DB",
            "Orders Reader",
            "Ledger Service",
            "Exporter Service",
            "Colour Service",
            "Serwis koszyka",
            "TaxJar API",
            "Servizio ordini",
            "Cronfa Ddata Taliadau",
            "Reporting Service",
            "Orders DB (staging)"
        ]
    );
    let r = &m.relationships()[0];
    assert_eq!(
        (r.from.as_str(), r.to.as_str()),
        ("Order Service", "Customers DB")
    );
    // The typo is kept as an alias: what the documents write still finds the thing.
    assert_eq!(
        m.entity("Order Serice").map(|e| e.name.as_str()),
        Some("Order Service")
    );
    // And the next save leaves the name as it is.
    let before = m.to_json();
    m.readable_names();
    assert_eq!(m.to_json(), before);
}

#[test]
fn a_readable_name_never_shows_two_entities_alike_and_the_file_reads_as_saved() {
    let mut m = Memory::new();
    // A store known first by a machine's spelling and then by its words, and the same
    // words typed as a concept: the concept stays apart from the machine's spelling.
    m.upsert_entity(Entity::new("search-index", "database"));
    m.upsert_entity(Entity::new("search index", "database"));
    m.upsert_entity(Entity::new("search index", "concept"));
    // The same for a ledger, whose words another answer typed a service.
    m.upsert_entity(Entity::new("payments-ledger", "database"));
    m.upsert_entity(Entity::new("payments ledger", "database"));
    m.upsert_entity(Entity::new("payments ledger", "service"));
    m.upsert_relationship(Relationship::new("Checkout", "writes_to", "search-index"));
    m.upsert_relationship(Relationship::new("Catalog", "relates_to", "search index"));
    m.upsert_relationship(Relationship::new(
        "Refunds",
        "reads_from",
        "payments ledger",
    ));
    assert_eq!(m.entities().len(), 7, "{:?}", m.entities());
    m.readable_names();
    // One name, one entity, as an answer of that name finds one: the placed type wins
    // over a concept's, and between two placed ones the one known first stays.
    let named: Vec<(&str, &str)> = m
        .entities()
        .iter()
        .map(|e| (e.name.as_str(), e.kind.as_str()))
        .collect();
    assert_eq!(
        named,
        [
            ("search index", "database"),
            ("payments ledger", "database"),
            ("Checkout", "unknown"),
            ("Catalog", "unknown"),
            ("Refunds", "unknown"),
        ]
    );
    let ends: HashSet<(&str, &str)> = m
        .relationships()
        .iter()
        .map(|r| (r.from.as_str(), r.to.as_str()))
        .collect();
    assert_eq!(
        ends,
        HashSet::from([
            ("Checkout", "search index"),
            ("Catalog", "search index"),
            ("Refunds", "payments ledger"),
        ])
    );
    // The old spellings still find them.
    assert_eq!(
        m.entity("search-index").map(|e| e.name.as_str()),
        Some("search index")
    );
    // What is saved is what is read back.
    let back = Memory::from_json(m.to_json().as_bytes()).expect("parses");
    assert_eq!(back.to_json(), m.to_json());
}

#[test]
fn a_relationship_end_is_found_by_the_other_name_its_note_gives() {
    let mut m = Memory::new();
    m.upsert_entity(Entity::new("Sentinel", "service"));
    m.upsert_entity(Entity::new("Vault", "service"));
    m.upsert_entity(Entity::new("Checkout Service", "service"));
    // Another name in the end's note finds the thing, as for an entity written so.
    let (_, stubs) = m.upsert_relationship(Relationship::new(
        "Checkout Service",
        "calls",
        "Fraud Check (aka Sentinel)",
    ));
    assert_eq!(stubs, 0);
    assert_eq!(m.entities().len(), 3);
    assert_eq!(m.relationships()[0].to, "Sentinel");
    assert_eq!(
        m.entity("Fraud Check").map(|e| e.name.as_str()),
        Some("Sentinel")
    );
    // Not a doubt, and not a thing of a kind the relationship cannot reach (a write
    // goes to a store, not to a service): stubs.
    let (_, doubted) = m.upsert_relationship(Relationship::new(
        "Checkout Service",
        "calls",
        "Risk Engine (aka Sentinel?)",
    ));
    let (_, other_kind) = m.upsert_relationship(Relationship::new(
        "Checkout Service",
        "writes_to",
        "Orders DB (aka Vault)",
    ));
    assert_eq!((doubted, other_kind), (1, 1));
    assert_eq!(m.entities().len(), 5);
    assert_eq!(m.entity("Vault").map(|e| e.name.as_str()), Some("Vault"));
}

#[test]
fn a_note_that_is_another_name_a_reference_or_a_doubt_is_no_technology_and_no_mark() {
    use super::identity::{Aside, Mark, aside};
    let alias = |a: &str| Aside::Alias(a.to_string());
    let reference = |r: &str| Aside::Reference(r.to_string());
    let note = |n: &str| Aside::Note(n.to_string());
    for (bare, written, is) in [
        ("Order Management Service", "OMS", Aside::Initials),
        ("Identity and Access Management", "IAM", Aside::Initials),
        ("Fraud Check", "a.k.a. \"Sentinel\"", alias("Sentinel")),
        ("Checkout Service", "renamed from Basket", alias("Basket")),
        // What it ran on as often as what it was called: a note.
        ("Orders DB", "formerly MySQL", note("formerly MySQL")),
        ("Rate Limiter", "per user", note("per user")),
        ("Billing Service", "see", Aside::Hedge),
        ("Tax Engine", "also known as: Levy", alias("Levy")),
        // A lower-case form longer than its letters (`İ`) is read on the note as written.
        ("Ledger", "AKA İzmir Ledger", alias("İzmir Ledger")),
        ("Ledger", "İnferred", note("İnferred")),
        ("Ledger", "see İ-7", reference("İ-7")),
        // A name of another kind is another thing: the note stays a note.
        (
            "Checkout Service",
            "formerly Cart API",
            note("formerly Cart API"),
        ),
        ("Billing Service", "see ADR-0012", reference("ADR-0012")),
        ("Billing Service", "cf. RFC 7231", reference("RFC 7231")),
        ("Billing Service", "ADR-0031", reference("ADR-0031")),
        ("Auction Service", "inferred", Aside::Hedge),
        ("Auction Service", "unconfirmed", Aside::Hedge),
        ("Auction Service", "probably Go", Aside::Hedge),
        ("Auction Service", "TBD", Aside::Hedge),
        ("Search", "Elasticsearch?", Aside::Hedge),
        ("Fraud Check", "aka Sentinel?", Aside::Hedge),
        // What says what the thing is or which one it is stays a note.
        ("Orders DB", "PostgreSQL", note("PostgreSQL")),
        ("Ledger", "deprecated", note("deprecated")),
        ("Reports DB", "read-only", note("read-only")),
        ("Report Job", "weekly", note("weekly")),
        ("FX Rates Feed", "EUR", note("EUR")),
        ("Orders DB", "managed", note("managed")),
        ("Orders", "INFERRED", note("INFERRED")),
    ] {
        assert_eq!(aside(bare, written), is, "{bare} ({written})");
    }
    assert_eq!(Mark::of("Auction Service (inferred)"), None);
    assert_eq!(Mark::of("Billing Service (see ADR-0012)"), None);
    assert_eq!(Mark::of("Fulfillment Service (FS)"), None);
    // Notes compare word by word, a version's numbers aside.
    let mark = |n: &str| Mark::Note(n.to_string());
    assert!(mark("read-only").differs(&mark("read-write")));
    assert!(mark("EU West").differs(&mark("EU Central")));
    assert!(!mark("Postgres 15").differs(&mark("PostgreSQL")));
    assert!(!mark("Kafka Streams").differs(&mark("Kafka")));
    // Numbers alone are compared as written.
    assert!(mark("1").differs(&mark("2")));
    assert!(mark("6379").differs(&mark("PostgreSQL")));
    assert!(!mark("2").differs(&mark("2")));

    // In the memory: a doubt and the name's initials are kept nowhere and keep nothing
    // apart, a reference is a tag, another name is an alias that finds the thing
    // whichever is written first. Initials are no alias: two things may share them.
    let mut m = Memory::new();
    for (name, kind) in [
        ("Sentinel", "service"),
        ("Fraud Check (aka Sentinel)", "service"),
        ("Basket Service (renamed from Trolley)", "service"),
        ("Trolley", "service"),
        ("Cart Service (CS)", "service"),
        ("Customer Service (CS)", "service"),
        ("Auction Service (inferred)", "service"),
        ("Auction Service (Go)", "service"),
        ("Billing Service (see ADR-0012)", "service"),
        ("Checkout Service (formerly Cart API)", "service"),
        ("Cart API", "api"),
        ("Reports DB (read-only)", "database"),
        ("Reports DB (read-write)", "database"),
        ("Orders DB (formerly MySQL)", "database"),
        ("Users DB (formerly MySQL)", "database"),
        ("Ledger (1)", "service"),
        ("Ledger (2)", "service"),
    ] {
        m.upsert_entity(Entity::new(name, kind));
    }
    let names: Vec<&str> = m.entities().iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names.len(), 14, "{names:?}");
    let sentinel = m.entity("Fraud Check").expect("found by its other name");
    assert_eq!(sentinel.name, "Sentinel");
    assert!(
        m.entity("Trolley")
            .is_some_and(|e| e.name == "Basket Service")
    );
    for name in ["Cart Service", "Customer Service"] {
        let e = m.entity(name).expect("each its own");
        assert_eq!(e.name, name);
        assert!(e.properties.is_empty(), "{e:?}");
    }
    let auction = m.entity("Auction Service").expect("one auction service");
    assert_eq!(
        auction
            .properties
            .get(merge::TECHNOLOGY)
            .and_then(|v| v.as_str()),
        Some("Go")
    );
    let billing = m.entity("Billing Service").expect("billing");
    assert_eq!(billing.tags, ["ADR-0012"]);
    assert!(!billing.properties.contains_key(merge::TECHNOLOGY));
    assert_ne!(
        m.entity("Cart API").map(|e| e.kind.as_str()),
        Some("service")
    );
    let reports = |n: &str| m.entity(n).map(|e| e.name.clone());
    assert!(reports("Reports DB (read-only)").is_some());
    assert_ne!(
        reports("Reports DB (read-only)"),
        reports("Reports DB (read-write)")
    );
}

/// The names of `m`'s entities, sorted.
fn sorted_names(m: &Memory) -> Vec<&str> {
    let mut names: Vec<&str> = m.entities().iter().map(|e| e.name.as_str()).collect();
    names.sort();
    names
}

/// `m`'s relationships as `from -> to`, sorted.
fn sorted_edges(m: &Memory) -> Vec<String> {
    let mut edges: Vec<String> = m
        .relationships()
        .iter()
        .map(|r| format!("{} -> {}", r.from, r.to))
        .collect();
    edges.sort();
    edges
}

#[test]
fn a_note_that_says_another_thing_keeps_two_names_apart() {
    let mut m = Memory::default();
    for (name, kind) in [
        ("FX Rates Feed (EUR)", "external_system"),
        ("FX Rates Feed (USD)", "external_system"),
        ("fx-rates-feed (USD)", "external_system"),
        ("Orders DB", "database"),
        ("Orders DB (PostgreSQL)", "database"),
        ("orders db (Postgres 15)", "database"),
        // An environment word or a namespace set aside from the key marks the same way.
        ("orders-db-prod", "database"),
        ("orders-db-staging", "database"),
        ("com.acme.billing.EventPublisher", "service"),
        ("com.acme.shipping.EventPublisher", "service"),
        ("com.acme.billing.EventPublisher", "service"),
        // A repository's owner and a package are different sorts of namespace.
        ("novamart/order-service", "service"),
        ("com.novamart.order.OrderService", "service"),
    ] {
        m.upsert_entity(Entity::new(name, kind));
    }
    m.upsert_relationship(Relationship::new(
        "Pricing Service",
        "reads_from",
        "FX Rates Feed (USD)",
    ));
    m.upsert_relationship(Relationship::new(
        "Billing Service",
        "reads_from",
        "FX Rates Feed (GBP)",
    ));
    m.upsert_relationship(Relationship::new(
        "Billing Service",
        "reads_from",
        "FX Rates Feed (EUR)",
    ));
    let check = |m: &Memory| {
        assert_eq!(
            sorted_names(m),
            [
                "Billing Service",
                "FX Rates Feed (EUR)",
                "FX Rates Feed (GBP)",
                "FX Rates Feed (USD)",
                "Orders DB",
                "Pricing Service",
                "com.acme.billing.EventPublisher",
                "com.acme.shipping.EventPublisher",
                "novamart/order-service",
                "orders-db-staging"
            ]
        );
        let tech = |n: &str| m.entity(n).unwrap().properties["technology"].clone();
        // The first feed is shown with its note once another came: its old name
        // still finds it.
        assert_eq!(tech("FX Rates Feed"), json!("EUR"));
        assert_eq!(tech("FX Rates Feed (EUR)"), json!("EUR"));
        assert_eq!(tech("FX Rates Feed (USD)"), json!("USD"));
        assert_eq!(
            sorted_edges(m),
            [
                "Billing Service -> FX Rates Feed (EUR)",
                "Billing Service -> FX Rates Feed (GBP)",
                "Pricing Service -> FX Rates Feed (USD)"
            ]
        );
    };
    check(&m);
    // Read back from its file, the names stay apart and the edges find theirs.
    let again = Memory::from_json(m.to_json().as_bytes()).unwrap();
    check(&again);
    // Dedupe asks about the two feeds rather than merging them by rule.
    assert!(
        again.duplicates().iter().all(|s| !s.certain),
        "{:?}",
        again.duplicates()
    );
}

#[test]
fn one_form_around_other_names_is_another_thing_whatever_its_key() {
    let mut m = Memory::default();
    for (name, kind) in [
        ("Ledger Service", "service"),
        ("Refunds Service", "service"),
        ("Billing", "service"),
        // Keyed alike by what the form ends with (`modelpkl`), and two things by what
        // is inside.
        ("gs://acme/ledger/latest/model.pkl", "unknown"),
        ("gs://acme/refunds/latest/model.pkl", "unknown"),
        ("gs://acme/ledger/latest/model.pkl", "unknown"),
    ] {
        m.upsert_entity(Entity::new(name, kind));
    }
    m.upsert_relationship(Relationship::new(
        "Ledger Service",
        "reads_from",
        "gs://acme/billing/latest/model.pkl",
    ));
    m.upsert_relationship(Relationship::new(
        "Ledger Service",
        "reads_from",
        "gs://acme/refunds/latest/model.pkl",
    ));
    let check = |m: &Memory| {
        assert_eq!(
            sorted_names(m),
            [
                "Billing",
                "Ledger Service",
                "Refunds Service",
                "gs://acme/billing/latest/model.pkl",
                "gs://acme/ledger/latest/model.pkl",
                "gs://acme/refunds/latest/model.pkl",
            ]
        );
        assert_eq!(
            sorted_edges(m),
            [
                "Ledger Service -> gs://acme/billing/latest/model.pkl",
                "Ledger Service -> gs://acme/refunds/latest/model.pkl"
            ]
        );
    };
    check(&m);
    // Read back from its file, they stay apart.
    let again = Memory::from_json(m.to_json().as_bytes()).unwrap();
    check(&again);

    // A node shown by the words the rules read out of its form (`row_count service`)
    // is not named by them: the next thing of that form is another still.
    let mut m = Memory::default();
    m.upsert_entity(Entity::new("Ledger Service", "service"));
    m.upsert_entity(Entity::new("Refunds Service", "service"));
    m.upsert_entity(Entity::new("service_ledger:row_count", "service"));
    m.readable_names();
    m.upsert_entity(Entity::new("service_refunds:row_count", "service"));
    m.upsert_entity(Entity::new("service_ledger:row_count", "service"));
    // Nor are the two made one by the name the rules read out of both.
    m.readable_names();
    assert_eq!(m.entities().len(), 4, "{:?}", m.entities());
    names_settled(&mut m);
    // Around things not known (yet): two all the same.
    let mut m = Memory::default();
    m.upsert_entity(Entity::new("service_ledger:row_count", "service"));
    m.upsert_entity(Entity::new("service_payouts:row_count", "service"));
    assert_eq!(m.entities().len(), 2, "{:?}", m.entities());
    // One word longer inside the form (`gaur-calf` beside `gaur`), another kind word
    // (`gaur-db`, of a type no family knows), another thing: in any order, four things,
    // each found again by its own name and by its name with another kind word of its
    // kind (`gaur-svc`).
    let names = [
        "webpack://shop/./src/gaur-service/index.ts",
        "webpack://shop/./src/gaur-calf-service/index.ts",
        "webpack://shop/./src/gaur-db/index.ts",
        "webpack://shop/./src/order-service/index.ts",
    ];
    for order in [
        [0, 1, 2, 3],
        [1, 0, 3, 2],
        [3, 2, 1, 0],
        [2, 3, 0, 1],
        [3, 0, 2, 1],
    ] {
        let mut m = Memory::default();
        for n in order {
            m.upsert_entity(Entity::new(names[n], "tablespace"));
        }
        for n in order {
            m.upsert_entity(Entity::new(names[n], "tablespace"));
        }
        m.upsert_entity(Entity::new(
            "webpack://shop/./src/gaur-svc/index.ts",
            "tablespace",
        ));
        let mut want = names.to_vec();
        want.sort_unstable();
        assert_eq!(sorted_names(&m), want, "{order:?}");
        // (Found by each of its names, as a merge or a question names it.)
        for name in names {
            assert_eq!(m.entity(name).map(|e| e.name.as_str()), Some(name));
        }
        let svc = m
            .entity("webpack://shop/./src/gaur-svc/index.ts")
            .map(|e| e.name.as_str());
        assert_eq!(svc, Some(names[0]), "{order:?}");
        // Nor does a review make any two one by rule (the key the rules read out of
        // all three is the form's): the judge's or a person's to say.
        let found = m.duplicates();
        assert!(found.iter().all(|s| !s.certain), "{found:?}");
    }
}

#[test]
fn a_relationship_stated_from_the_end_that_carries_or_keeps_is_turned_round() {
    let mut m = Memory::new();
    for (name, kind) in [
        ("Invoice Events", "queue"),
        ("Billing Service", "service"),
        ("Ledger DB", "database"),
        ("Audit Log", "unknown"),
        ("Refund Events Topic", "queue"),
        ("Refund Queue", "queue"),
        ("Retry Queue", "queue"),
        ("Payout Events", "queue"),
        // Typed as what runs, by a model that typed every component so.
        ("Dispute Events Topic", "service"),
        // And what runs typed as a channel (a gateway that brokers devices' messages).
        ("Device API", "queue"),
    ] {
        m.upsert_entity(Entity::new(name, kind));
    }
    // A channel that feeds a service, one its names say is a channel, and one that
    // takes from a service.
    m.upsert_relationship(Relationship::new(
        "Payout Events",
        "writes_to",
        "Billing Service",
    ));
    m.upsert_relationship(Relationship::new(
        "Retry Queue",
        "reads_from",
        "Billing Service",
    ));
    m.upsert_relationship(Relationship::new(
        "Dispute Events Topic",
        "publishes_to",
        "Billing Service",
    ));
    // A bare name known as a topic by another of its names (a judge's merge).
    let mut feed = Entity::new("sns/eu-west-1/1234/payment-events", "queue");
    feed.properties
        .insert("aliases".into(), json!(["Payment Events Topic"]));
    m.upsert_entity(feed);
    m.upsert_entity(Entity::new("Payment Events Queue", "queue"));
    m.upsert_relationship(Relationship::new(
        "sns/eu-west-1/1234/payment-events",
        "publishes_to",
        "Payment Events Queue",
    ));
    // A topic (typed as the prompt's channel word) that delivers to a queue: the queue
    // subscribes. A queue that feeds another queue: as stated.
    m.upsert_relationship(Relationship::new(
        "Refund Events Topic",
        "writes_to",
        "Refund Queue",
    ));
    m.upsert_relationship(Relationship::new(
        "Refund Queue",
        "publishes_to",
        "Retry Queue",
    ));
    // A topic that delivers to a service, a store that provides data to one.
    m.upsert_relationship(Relationship::new(
        "Invoice Events",
        "publishes_to",
        "Billing Service",
    ));
    m.upsert_relationship(Relationship::new(
        "Invoice Events",
        "calls",
        "Billing Service",
    ));
    m.upsert_relationship(Relationship::new(
        "Ledger DB",
        "writes_to",
        "Billing Service",
    ));
    // As the vocabulary has it, or an end whose kind is not known: as stated.
    m.upsert_relationship(Relationship::new(
        "Billing Service",
        "writes_to",
        "Ledger DB",
    ));
    m.upsert_relationship(Relationship::new(
        "Audit Log",
        "reads_from",
        "Billing Service",
    ));
    m.upsert_relationship(Relationship::new("Device API", "calls", "Billing Service"));
    // A service one of whose many names is a topic's path: what runs still.
    let mut gateway = Entity::new("Ledger Gateway", "service");
    gateway.properties.insert(
        "aliases".into(),
        json!(["/topics/ledger-gateway", "LedgerGateway", "ledger_gateway"]),
    );
    m.upsert_entity(gateway);
    m.upsert_relationship(Relationship::new(
        "Ledger Gateway",
        "calls",
        "Billing Service",
    ));
    let edges = m.edge_list();
    assert_eq!(
        edges,
        [
            ("Audit Log", "reads_from", "Billing Service"),
            ("Billing Service", "publishes_to", "Retry Queue"),
            ("Billing Service", "reads_from", "Ledger DB"),
            ("Billing Service", "subscribes_to", "Dispute Events Topic"),
            ("Billing Service", "subscribes_to", "Invoice Events"),
            ("Billing Service", "subscribes_to", "Payout Events"),
            ("Billing Service", "writes_to", "Ledger DB"),
            ("Device API", "calls", "Billing Service"),
            ("Ledger Gateway", "calls", "Billing Service"),
            (
                "Payment Events Queue",
                "subscribes_to",
                "sns/eu-west-1/1234/payment-events"
            ),
            ("Refund Queue", "publishes_to", "Retry Queue"),
            ("Refund Queue", "subscribes_to", "Refund Events Topic"),
        ]
    );
}

#[test]
fn an_edge_turned_by_an_end_found_to_be_another_kind_is_read_again_as_stated() {
    let mut m = Memory::new();
    for (name, kind) in [
        ("Basket Service", "service"),
        ("Till Service", "service"),
        ("till-service-changelog", "topic"),
        ("Stock Feed", "queue"),
        ("Stock Service", "service"),
        ("Ledger Mirror", "database"),
    ] {
        m.upsert_entity(Entity::new(name, kind));
    }
    // Stated from the end that was typed a topic: turned, and what was stated kept.
    m.upsert_relationship(Relationship::new(
        "till-service-changelog",
        "calls",
        "Basket Service",
    ));
    // Stated as the vocabulary has it: nothing to read again.
    m.upsert_relationship(Relationship::new(
        "Basket Service",
        "subscribes_to",
        "Stock Feed",
    ));
    // A store that writes to a service is read by it.
    m.upsert_relationship(Relationship::new(
        "Ledger Mirror",
        "writes_to",
        "Stock Service",
    ));
    // A service with a stream's name among its own acts: as stated.
    let mut payments = Entity::new("Payments Service", "service");
    payments
        .properties
        .insert("aliases".into(), json!(["PAYMENTS_SERVICE_STREAM"]));
    m.upsert_entity(payments);
    m.upsert_entity(Entity::new("Refund Inbox", "queue"));
    m.upsert_relationship(Relationship::new(
        "Payments Service",
        "publishes_to",
        "Refund Inbox",
    ));
    assert_eq!(
        m.edge_list(),
        [
            ("Basket Service", "subscribes_to", "Stock Feed"),
            ("Basket Service", "subscribes_to", "till-service-changelog"),
            ("Payments Service", "publishes_to", "Refund Inbox"),
            ("Stock Service", "reads_from", "Ledger Mirror"),
        ]
    );
    let stated = |m: &Memory, from: &str| {
        m.relationships()
            .iter()
            .filter(|r| r.from == from)
            .map(|r| r.properties.get("stated_as").cloned())
            .collect::<Vec<_>>()
    };
    assert_eq!(stated(&m, "Stock Service"), [Some(json!("writes_to"))]);
    // The judge finds the "topic" is the till service, the "feed" the stock service
    // and the "store" a service too.
    let (m, done) = m.merge_all(&[
        ("till-service-changelog", "Till Service", Decider::Model),
        ("Stock Feed", "Stock Service", Decider::Model),
        ("Ledger Mirror", "Basket Service", Decider::Model),
    ]);
    assert_eq!(done, [true, true, true]);
    assert_eq!(
        m.edge_list(),
        [
            ("Basket Service", "subscribes_to", "Stock Service"),
            ("Basket Service", "writes_to", "Stock Service"),
            ("Payments Service", "publishes_to", "Refund Inbox"),
            ("Till Service", "calls", "Basket Service"),
        ]
    );
    assert!(
        m.relationships()
            .iter()
            .all(|r| !r.properties.contains_key("stated_as")),
        "read again as stated, there is nothing turned to remember"
    );
    // And saved and read again, the same.
    let again = Memory::from_json(m.to_json().as_bytes()).expect("reads");
    assert_eq!(again.edge_list(), m.edge_list());
}

#[test]
fn removing_a_marked_name_removes_that_entity_and_no_other() {
    let mut m = Memory::new();
    for name in ["Billing (EU)", "Billing (US)"] {
        m.upsert_entity(Entity::new(name, "service"));
    }
    m.upsert_relationship(Relationship::new("Billing (EU)", "calls", "Billing (US)"));
    let (rest, entities, relationships) = m.without(&["Billing (US)".to_string()], &[]);
    assert_eq!((entities, relationships), (1, 1));
    assert_eq!(rest.entities().len(), 1);
    let left = &rest.entities()[0];
    assert_eq!(
        serde_json::to_value(left).unwrap()["properties"]["technology"],
        "EU",
        "{left:?}"
    );
    let (rest, entities, _) = m.without(&["Billing (EU)".to_string()], &[]);
    assert_eq!(entities, 1);
    // What is left is the US one, under its own name.
    let left = &rest.entities()[0];
    assert_eq!(left.name, "Billing (US)");
    assert_eq!(
        serde_json::to_value(left).unwrap()["properties"]["technology"],
        "US",
        "{left:?}"
    );
}

#[test]
fn a_name_for_another_environment_than_production_is_not_merged_by_rule() {
    // In either order: the name without the environment is taken for production.
    for (order, other) in [
        (
            ["payments-db-staging", "Payments DB", "payments-db-prod"],
            "payments-db-staging",
        ),
        (
            ["Payments DB", "payments_db_qa", "payments-db-prod"],
            "payments_db_qa",
        ),
    ] {
        let mut m = Memory::new();
        for name in order {
            m.upsert_entity(Entity::new(name, "database"));
        }
        assert_eq!(m.entities().len(), 2, "{order:?}: {:?}", m.entities());
        let holder = |name: &str| m.entity(name).map(|e| e.name.clone());
        assert_eq!(
            holder("Payments DB"),
            holder("payments-db-prod"),
            "{order:?}"
        );
        assert_ne!(holder("Payments DB"), holder(other), "{order:?}");
        // The pair is a question for the judge or a person, not certain.
        let found = m.duplicates();
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(!found[0].certain, "{found:?}");
    }
}

#[test]
fn a_name_without_an_environment_beside_two_environments_is_not_taken_for_production() {
    // `ledger-db` beside `ledger-db-prod` alone is production's; beside a staging one as
    // well it could be either: its own entity, and a question.
    let mut m = Memory::new();
    for name in [
        "ledger-db-prod",
        "ledger_db_staging",
        "Ledger DB",
        "ledger-db",
    ] {
        m.upsert_entity(Entity::new(name, "database"));
    }
    assert_eq!(m.entities().len(), 3, "{:?}", m.entities());
    let holder = |name: &str| m.entity(name).map(|e| e.name.clone());
    assert_eq!(holder("ledger-db"), Some("Ledger DB".to_string()));
    assert_ne!(holder("ledger-db"), holder("ledger-db-prod"));
    assert_ne!(holder("ledger-db"), holder("ledger_db_staging"));
    let found = m.duplicates();
    assert!(
        !found.is_empty() && found.iter().all(|d| !d.certain),
        "{found:?}"
    );
    // A relationship's end by that name is that entity, and so it is read back.
    m.upsert_relationship(Relationship::new(
        "Billing Service",
        "writes_to",
        "Ledger DB",
    ));
    let back = Memory::from_json(m.to_json().as_bytes()).unwrap();
    assert_eq!(back.entities().len(), m.entities().len());
    let to = &back.relationships()[0].to;
    assert_eq!(
        back.entity(to).map(|e| e.name.clone()),
        Some("Ledger DB".to_string())
    );
    // Production alone: the name without one is production's, as before.
    let mut m = Memory::new();
    for name in ["ledger-db-prod", "Ledger DB"] {
        m.upsert_entity(Entity::new(name, "database"));
    }
    assert_eq!(m.entities().len(), 1, "{:?}", m.entities());
}

#[test]
fn a_label_after_a_host_name_that_says_no_place_is_a_question_not_a_merge() {
    // A label of its own may be a variant of the thing (SQS's FIFO queue, a dead-letter
    // queue) as well as a file of it: in either order, a question, never a merge.
    for (a, b, kind) in [
        ("payment-retries.fifo", "payment-retries", "queue"),
        ("Invoice Events", "invoice-events.dlq", "queue"),
        ("ledger-db.sql", "Ledger DB", "database"),
    ] {
        for order in [[a, b], [b, a]] {
            let mut m = Memory::new();
            for name in order {
                m.upsert_entity(Entity::new(name, kind));
            }
            assert_eq!(m.entities().len(), 2, "{order:?}: {:?}", m.entities());
            let found = m.duplicates();
            assert_eq!(found.len(), 1, "{order:?}: {found:?}");
            assert!(!found[0].certain, "{found:?}");
        }
    }
    // A private network's domain, or a kind word, says where or what it is: one thing.
    for (a, b, kind) in [
        ("ledger-db.internal", "Ledger DB", "database"),
        ("Ledger DB", "ledger-db.lan", "database"),
        ("tax-sync.service", "tax-sync", "service"),
        ("ledger-db.eu.corp", "ledger-db", "database"),
    ] {
        let mut m = Memory::new();
        m.upsert_entity(Entity::new(a, kind));
        m.upsert_entity(Entity::new(b, kind));
        assert_eq!(m.entities().len(), 1, "{a} / {b}: {:?}", m.entities());
    }
}

#[test]
fn a_note_that_says_something_about_the_thing_does_not_keep_it_apart() {
    use super::identity::Mark;
    // Its own initials, and notes of different keys, say nothing of which one it is.
    assert_eq!(Mark::of("Fulfillment Service (FS)"), None);
    let note = |n: &str| Mark::Note(n.to_string());
    assert!(!note("owner: team-commerce").differs(&note("PostgreSQL")));
    assert!(!note("owner: team-commerce").differs(&note("Container: Kotlin")));
    assert!(note("owner: team-commerce").differs(&note("owner: team-platform")));
    assert!(note("EUR").differs(&note("USD")));
    let mut m = Memory::new();
    for name in [
        "Fulfillment Service (owner: team-commerce)",
        "Fulfillment Service (FS)",
        "Fulfillment Service [Container: Kotlin]",
        "Fulfillment Service",
        "Ledger (owner: team-a)",
        "Ledger (owner: team-b)",
    ] {
        m.upsert_entity(Entity::new(name, "service"));
    }
    assert_eq!(m.entities().len(), 3, "{:?}", m.entities());
}

#[test]
fn merging_and_unmerging_marked_names_touch_those_entities_and_no_others() {
    // Two of each, a mark apart: `Billing (EU)`/`(US)`, `Ledger (EU)`/`(US)`.
    let mut m = Memory::new();
    for name in [
        "Billing (EU)",
        "Billing (US)",
        "Ledger (EU)",
        "Ledger (US)",
        "Tax",
        "Fraud",
    ] {
        m.upsert_entity(Entity::new(name, "service"));
    }
    m.upsert_relationship(Relationship::new("Ledger (EU)", "calls", "Tax"));
    m.upsert_relationship(Relationship::new("Ledger (US)", "calls", "Fraud"));
    let m = m.merge_entities("Ledger (EU)", "Billing (EU)").unwrap();
    let mut m = m.merge_entities("Ledger (US)", "Billing (US)").unwrap();
    let technology = |m: &Memory, name: &str| {
        let e = m
            .entity(name)
            .unwrap_or_else(|| panic!("{name} in {:?}", m.entities()));
        serde_json::to_value(e).unwrap()["properties"]["technology"].clone()
    };
    assert_eq!(m.entities().len(), 4, "{:?}", m.entities());
    assert_eq!(technology(&m, "Billing (EU)"), "EU");
    assert_eq!(technology(&m, "Billing (US)"), "US");
    assert_eq!(
        m.edge_list(),
        [
            ("Billing (EU)", "calls", "Tax"),
            ("Billing (US)", "calls", "Fraud"),
        ],
        "each ledger's call moved to its own billing"
    );
    // A later mention of a merged marked name finds the one it went into.
    m.upsert_entity(Entity::new("Ledger (US)", "service"));
    assert_eq!(m.entities().len(), 4, "{:?}", m.entities());
    assert_eq!(technology(&m, "Ledger (US)"), "US");

    // Taking back the EU merge takes back that one (it took back the US one, and the
    // US ledger was then absorbed into the EU billing).
    let back = m.unmerge("Ledger (EU)").unwrap();
    assert_eq!(back.entities().len(), 5, "{:?}", back.entities());
    assert_eq!(technology(&back, "Ledger (EU)"), "EU");
    assert_eq!(technology(&back, "Billing (EU)"), "EU");
    assert_eq!(technology(&back, "Billing (US)"), "US");
    assert_eq!(
        technology(&back, "Ledger (US)"),
        "US",
        "still the US billing's"
    );
    assert_eq!(
        back.edge_list(),
        [
            ("Billing (US)", "calls", "Fraud"),
            ("Ledger (EU)", "calls", "Tax"),
        ]
    );
    let merges = back.decisions().merges;
    assert_eq!(merges.len(), 1);
    assert_eq!(merges[0].into, "Billing (US)");
    // Saved and read again, the same entities and edges.
    let read = Memory::from_json(back.to_json().as_bytes()).expect("parses");
    assert_eq!(read.entities().len(), 5);
    assert_eq!(read.edge_list(), back.edge_list());
    assert_eq!(technology(&read, "Ledger (US)"), "US");
    assert_eq!(technology(&read, "Ledger (EU)"), "EU");
}

#[test]
fn every_merge_of_a_batch_is_made_and_recorded_so_each_can_be_taken_back() {
    // A file holds each thing twice, bare and with its kind word (written by hand: a
    // file's entities are not resolved again when read).
    let names = ["Pricing", "Ledger", "Search", "Tax Engine"];
    let mut entities = Vec::new();
    let mut relationships = Vec::new();
    for n in names {
        entities.push(json!({"name": format!("{n} Service"), "type": "service"}));
        entities.push(json!({"name": n, "type": "service"}));
        relationships.push(json!({"from": n, "to": "Audit", "type": "calls"}));
    }
    entities.push(json!({"name": "Audit", "type": "service"}));
    let text = json!({"entities": entities, "relationships": relationships}).to_string();
    let m = Memory::from_json(text.as_bytes()).expect("parses");
    assert_eq!(m.entities().len(), 9);
    let found = m.duplicates();
    let pairs: Vec<(&str, &str, Decider)> = found
        .iter()
        .map(|s| (s.merge.as_str(), s.into.as_str(), Decider::Rule))
        .collect();
    assert_eq!(pairs.len(), 4, "{found:?}");
    let (merged, done) = m.merge_all(&pairs);
    assert_eq!(done, [true; 4]);
    assert_eq!(merged.entities().len(), 5, "{:?}", merged.entities());
    let records = merged.decisions().merges;
    assert_eq!(
        records.len(),
        4,
        "one record a merge: each can be taken back"
    );
    assert_eq!(merged.relationships().len(), 4);
    assert!(
        merged
            .relationships()
            .iter()
            .all(|r| r.from.ends_with(" Service"))
    );
    // One at a time, the same (a merge copied the memory by writing every name again,
    // which merged the other pairs with no record: not one could be taken back).
    let mut one_by_one = m;
    for &(merge, into, by) in &pairs {
        one_by_one = one_by_one.merge_entities_by(merge, into, by).expect("made");
    }
    assert_eq!(one_by_one.decisions().merges.len(), 4);
    // Taking one back leaves the others.
    let back = merged.unmerge("Ledger").expect("recorded");
    assert_eq!(back.entities().len(), 6);
    assert_eq!(back.decisions().merges.len(), 3);
    assert!(back.edge_list().contains(&("Ledger", "calls", "Audit")));
    assert!(
        back.edge_list()
            .contains(&("Pricing Service", "calls", "Audit"))
    );
}

#[test]
fn what_a_qualified_name_or_a_flag_says_of_which_one_keeps_it_apart() {
    let count = |names: &[(&str, &str)]| {
        let mut m = Memory::new();
        for (name, kind) in names {
            m.upsert_entity(Entity::new(*name, *kind));
        }
        m.entities().len()
    };
    // A path's collection says the kind of what follows it.
    assert_eq!(
        key("projects/acme/topics/billing-events"),
        key("Billing Events Topic")
    );
    assert_eq!(
        key("acme/queues/billing-events"),
        key("Billing Events Queue")
    );
    assert_ne!(
        key("acme/queues/billing-events"),
        key("Billing Events Topic")
    );
    assert_eq!(
        key("apps/deployments/billing-worker"),
        key("billing-worker")
    );
    // A topic is not taken for the queue of its words, and a bare name of the type
    // both share is neither by rule (whichever came first): a question.
    let topic_then_queue = [
        ("Billing Events Topic", "queue"),
        ("billing-events", "queue"),
        ("Billing Events Queue", "queue"),
    ];
    assert_eq!(count(&topic_then_queue), 3);
    let queue_then_bare = [
        ("Billing Events Queue", "queue"),
        ("billing-events", "queue"),
        ("Billing Events Topic", "queue"),
    ];
    assert_eq!(count(&queue_then_bare), 3);
    assert_eq!(
        count(&[
            ("Billing Events Queue", "queue"),
            ("billing-events-queue", "queue")
        ]),
        1
    );
    // A flag is a note: two flags are two things, a flag and none one.
    assert_eq!(
        count(&[("🇩🇪 Ledger", "service"), ("🇫🇷 Ledger", "service")]),
        2
    );
    assert_eq!(count(&[("🇩🇪 Ledger", "service"), ("Ledger", "service")]), 1);
    // The rest of a host name: another place is another thing, a longer or shorter
    // form of one place is the same, another environment is a question.
    assert_eq!(
        count(&[
            ("ledger-sync.path", "service"),
            ("ledger-sync.socket", "service")
        ]),
        2
    );
    assert_eq!(
        count(&[
            ("ledger-db.corp.example", "database"),
            ("Ledger DB", "database")
        ]),
        1
    );
    assert_eq!(
        count(&[
            ("ledger-db.eu.corp", "database"),
            ("ledger-db.corp", "database")
        ]),
        1
    );
    assert_eq!(
        count(&[("Ledger DB", "database"), ("ledger-db.qa.corp", "database")]),
        2
    );
    // The whole of a qualifier, not its last part: two stacks of one project.
    assert_eq!(
        count(&[
            (
                "urn:acme:alpha::shop::gcp:storage/bucket:Bucket::media",
                "bucket"
            ),
            (
                "urn:acme:beta::shop::gcp:storage/bucket:Bucket::media",
                "bucket"
            ),
        ]),
        2
    );
}

#[test]
fn a_name_written_in_another_medium_is_read_as_its_text() {
    // Diagram and page markup, encodings, broken lines, tools' ids and paths (names of
    // neither quality set).
    for (written, plain) in [
        ("Lambda(\"resize images\")", "Resize Images"),
        ("billing_db[(Billing DB)]", "Billing DB"),
        ("mq1>Refund Queue]", "Refund Queue"),
        ("rates_api{{Rates API}}", "Rates API"),
        ("Refund<br/>Service", "Refund Service"),
        ("Refund&nbsp;Service", "Refund Service"),
        ("Refund%20Service", "Refund Service"),
        ("Ｒｅｆｕｎｄ Ｓｅｒｖｉｃｅ", "Refund Service"),
        ("Ｒｅｆｕｎｄｓ ＤＢ２", "Refunds DB2"),
        // Letters of a styled font, a footnote's mark.
        ("𝐑𝐞𝐟𝐮𝐧𝐝 𝐒𝐞𝐫𝐯𝐢𝐜𝐞", "Refund Service"),
        ("𝑅𝑒𝑓𝑢𝑛𝑑𝑠 𝐷𝐵", "Refunds DB"),
        ("𝚁𝚎𝚏𝚞𝚗𝚍𝚜 𝚀𝚞𝚎𝚞𝚎", "Refunds Queue"),
        ("Refund Service²", "Refund Service"),
        ("Refunds DB₁", "Refunds DB"),
        // The marker of the list item a name was copied from, a tag of a page.
        ("3. Refund Service", "Refund Service"),
        ("b) Refunds DB", "Refunds DB"),
        ("(vi) Refunds Queue", "Refunds Queue"),
        ("iii. Ledger Writer", "Ledger Writer"),
        ("[X] Ledger Writer", "Ledger Writer"),
        ("<kbd>refund-service</kbd>", "Refund Service"),
        // A plural hedged in parentheses.
        ("Refund(s) Service", "Refunds Service"),
        ("Ledger Index(es)", "Ledger Indexes"),
        // A wiki's or Org mode's link.
        ("[[file:ledger.org][Ledger Writer]]", "Ledger Writer"),
        ("[[refunds-db]]", "Refunds DB"),
        // A prompt left on a name (a database's shell).
        ("refunds_db=#", "Refunds DB"),
        // An item of a collection, by its machine's name; the thing a commit touched.
        ("fix(ledger-writer)", "Ledger Writer"),
        ("role[refunds_db]", "Refunds DB"),
        ("recipe[ledger-writer]", "Ledger Writer"),
        ("Reconcil- iation Service", "Reconciliation Service"),
        ("退款服务 (refund-service)", "Refund Service"),
        ("退款服务（refund-service）", "Refund Service"),
        ("app.kubernetes.io/name=refund-service", "Refund Service"),
        ("RefundService3F2A91C0", "Refund Service"),
        ("refund-service-7dcbf8x9kq-w2x4z", "Refund Service"),
        (
            "Refund Service 0a1b2c3d4e5f60718293a4b5c6d7e8f9",
            "Refund Service",
        ),
        ("/tenants/t1/regions/r2/queues/refunds", "Refunds Queue"),
        ("BATCH01\\REFUNDS", "Refunds"),
        ("RefundService.dll", "Refund Service"),
        // Marks a tool or a model leaves: an index, a process id, citations.
        ("refund_service.worker[2]", "refund_service.worker"),
        ("refund-service[4411]:", "Refund Service"),
        ("Refund Service [12]", "Refund Service"),
        ("Refund Service[^3]", "Refund Service"),
        ("Refund Service【2:1†source】", "Refund Service"),
        ("[refund-svc]", "Refund Service"),
        // A page's breadcrumb: its last part, of the kind its section says.
        ("Platform / Services / Refund Service", "Refund Service"),
        ("Docs › Queues › Refunds", "Refunds Queue"),
        // A thing named by its owner.
        ("Refund Service's database", "Refunds DB"),
        ("the Ledger's queue", "Ledger Queue"),
        ("Refund Service\u{2019}s event topic", "Refund Event Topic"),
        // A kind word in parentheses is the name's kind word.
        ("Refunds (queue)", "Refunds Queue"),
        ("Refund (service)", "Refund Service"),
        ("Refund Events (message queue)", "Refund Events Queue"),
        // A name inside a machine's or a markup's text: a selector, a proxy's cluster, a
        // URL, a remote, a tag, a host, a heading's attributes, a cross reference.
        ("up{job=\"ledger-writer\"}", "Ledger Writer"),
        (
            "kafka_consumergroup_lag{topic=\"refund-events\"}",
            "Refund Events Topic",
        ),
        (
            "outbound|9090||ledger-writer.fin.svc.cluster.local",
            "Ledger Writer",
        ),
        (
            "https://sqs.eu-central-1.amazonaws.com/000011112222/refund-queue",
            "Refund Queue",
        ),
        (
            "https://git.example.org/fin/ledger-writer.git",
            "Ledger Writer",
        ),
        (
            "git@gitlab.example.org:fin/ledger-writer.git",
            "Ledger Writer",
        ),
        ("redis://fx-rates-cache:6379/0", "FX Rates Cache"),
        (
            "postgresql://app@ledger-db:5432/ledger_history",
            "Ledger History",
        ),
        ("service:ledger-writer", "Ledger Writer Service"),
        ("db:ledger", "Ledger DB"),
        ("topicname:refund-events", "Refund Events Topic"),
        ("queue:refund-queue", "Refund Queue"),
        (
            "internal-ledger-writer-4411223344.us-east-2.elb.amazonaws.com",
            "Internal Ledger Writer",
        ),
        (
            "primary.fx-rates-cache.ab12cd.use2.cache.amazonaws.com",
            "FX Rates Cache",
        ),
        ("Ledger Writer {#ledger-writer .api}", "Ledger Writer"),
        ("<<ledger-writer,Ledger Writer>>", "Ledger Writer"),
        ("<<ledger-writer>>", "Ledger Writer"),
        // One inline element of reStructuredText, LaTeX or Javadoc.
        (":ref:`Ledger Writer <ledger-writer>`", "Ledger Writer"),
        (":ref:`ledger-writer`", "Ledger Writer"),
        (":py:class:`~fin.LedgerWriter`", "Ledger Writer"),
        ("\\texttt{ledger-db}", "Ledger DB"),
        ("\\emph{Refund Events Queue}", "Refund Events Queue"),
        ("{@link LedgerWriter}", "Ledger Writer"),
        (
            "{@link fin.LedgerWriter#post(Entry) Ledger Writer}",
            "Ledger Writer",
        ),
        ("{@code refund-queue}", "Refund Queue"),
        ("the Ledger squad's database", "Ledger DB"),
        // Markdown's escapes.
        ("refund\\_service", "Refund Service"),
        ("refund\\_events\\_queue", "Refund Events Queue"),
        ("\\*Ledger\\* Service", "Ledger Service"),
        // Look-alike letters of another script in a Latin word (Cyrillic \u{435}, \u{420}
        // for P; Greek \u{39f}), template expressions left in, an initialism spelled out.
        ("R\u{435}fund Service", "Refund Service"),
        ("\u{420}ayouts DB", "Payouts DB"),
        ("Ledg\u{435}r Events Topic", "Ledger Events Topic"),
        ("Refunds \u{39f}utbox", "Refunds Outbox"),
        ("{{ .Release.Name }}-refund-service", "Refund Service"),
        ("${var.stage}-ledger-db", "Ledger DB"),
        ("Refunds D B", "Refunds DB"),
        ("Ledger A P I", "Ledger API"),
    ] {
        assert_eq!(key(written), key(plain), "{written}");
    }
    // A region, a port, an account are not the name; a colon in a name's words is.
    assert_ne!(key("eu-west-1"), key("eu-west-2"));
    assert_ne!(
        key("up{job=\"ledger-writer\"}"),
        key("up{job=\"ledger-reader\"}")
    );
    assert_ne!(key("db:ledger"), key("service:ledger"));
    assert_ne!(
        key("recipe[refund_service::default]"),
        key("recipe[ledger_writer::default]")
    );
    assert_ne!(key("role[refunds_db]"), key("role[ledger_db]"));
    assert_ne!(key("fix(refunds-db)"), key("fix(ledger-writer)"));
    // A parenthesis that is a note stays one.
    assert_eq!(
        identity::split_note("Refunds DB (Postgres)").1.as_deref(),
        Some("Postgres")
    );
    assert_eq!(identity::split_note("Refund(s) Service").1, None);
    assert_eq!(
        identity::split_note("refunds-db(eu-west-1)").0,
        "refunds-db"
    );
    // After a plain word, a region or a version in brackets is a note too.
    assert_eq!(identity::split_note("Refunds(eu-west-1)").0, "Refunds");
    assert_eq!(identity::split_note("Redis(v6.2)").0, "Redis");
    // No reading loses a name with letters or digits in it.
    for odd in ["=#", "#1", "x=#"] {
        assert!(
            !key(odd).is_empty() || !odd.contains(char::is_alphanumeric),
            "{odd}"
        );
    }
    assert_eq!(key("A[refund-service]"), key("Refund Service"));
    assert_eq!(
        identity::split_note("refunds-db[eu-west-1]").0,
        "refunds-db"
    );
    // A name's own first word is no list's marker.
    assert_ne!(key("A Refund Service"), key("B Refund Service"));
    assert_ne!(key("v2. Refund Service"), key("Refund Service"));
    // Read as written: a colon in a name's words, a reference's kind and namespace,
    // another scheme's own structure, a possessive that is a name.
    for kept in [
        "Payments: Refunds",
        "system:default/ledger",
        "spiffe://mesh.local/ns/refunds/sa/default",
        "Martha's Vineyard",
    ] {
        assert_eq!(identity::split_note(kept).0, kept);
    }
    // Nested markup is not one element: a LaTeX document is not its first argument.
    assert_ne!(key("\\section{Ledger} \\label{ledger}"), key("Ledger"));
    assert_ne!(
        key("lag{queue=\"refund-events\"}"),
        key("lag{topic=\"refund-events\"}")
    );
    // Escaped or behind a path's backslash, a name is more than its kind word.
    assert_ne!(key("refund\\_service"), key("ledger\\_service"));
    assert_ne!(key("BATCH01\\service"), key("BATCH02\\service"));
    // None of them is a note; a kind word in parentheses keeps two things apart.
    for written in [
        "refund-service[4411]:",
        "Refund Service[^3]",
        "Refunds (queue)",
    ] {
        assert_eq!(identity::split_note(written).1, None, "{written}");
    }
    assert_ne!(key("Refunds (queue)"), key("Refunds (database)"));
    assert_ne!(key("Refund Service's database"), key("Refund Service"));
    assert_ne!(key("Read / Write API"), key("Write API"));
    assert_eq!(
        identity::split_note("Refunds (queue)").0,
        "Refunds Queue",
        "written as the name's own kind word"
    );
    // What stays: a note after a name, a version, words that only look made up, a path
    // of two parts.
    assert_eq!(
        identity::split_note("RefundsDB(Go)").1.as_deref(),
        Some("Go")
    );
    assert_eq!(
        identity::split_note("Lambda(\"resize images\")")
            .1
            .as_deref(),
        Some("Lambda")
    );
    // A type's path in code or configuration with a quoted title: the title is the
    // thing, the path's last word its kind when the title says none; the path is no
    // technology, so two titles of one type are two things.
    assert_eq!(
        identity::split_note("Messaging::Queue['refund-requests']"),
        (
            std::borrow::Cow::Owned("refund-requests Queue".to_string()),
            None
        )
    );
    assert_eq!(
        key("Messaging::Queue['refund-requests']"),
        key("Refund Requests Queue")
    );
    assert_eq!(key("Search::Engine::Index['ledger-db']"), key("Ledger DB"));
    assert_ne!(
        key("Messaging::Queue['refund-requests']"),
        key("Messaging::Queue['refund-replies']")
    );
    assert_ne!(key("HTTP2 Gateway"), key("Gateway"));
    assert_ne!(key("Refund API v2"), key("Refund API"));
    assert_eq!(key("Pub/Sub"), "pubsub");
}

#[test]
fn an_environment_in_brackets_or_parentheses_is_the_environment_s_mark() {
    // `[DEV] Orders DB` is not production's `Orders DB`, nor `(staging)` `[PROD]`'s.
    let mut m = Memory::new();
    for name in ["[DEV] Orders DB", "Orders DB", "Orders DB (staging)"] {
        m.upsert_entity(Entity::new(name, "database"));
    }
    assert_eq!(m.entities().len(), 3, "{:?}", m.entities());
    // An environment is kept in the name, not taken for a technology.
    let dev = m.entity("[DEV] Orders DB").expect("the dev one");
    assert_eq!(dev.name, "[DEV] Orders DB");
    assert!(!dev.properties.contains_key("technology"), "{dev:?}");
    // Production's tag is production's: the name without one joins it.
    let mut m = Memory::new();
    for name in ["[PROD] Order Service", "Order Service"] {
        m.upsert_entity(Entity::new(name, "service"));
    }
    assert_eq!(m.entities().len(), 1, "{:?}", m.entities());
}

#[test]
fn a_file_s_relationship_stays_on_the_entity_it_was_saved_with() {
    // `Customers`, the database, is kept beside `Customer`, the service, under a key of
    // its type; its edge is written with its display name. Read back, the edge is the
    // database's, and the service takes no alias of it.
    let file = r#"{"entities": [
        {"name": "Customer", "type": "service"},
        {"name": "Customers", "type": "database"},
        {"name": "Billing", "type": "service"}
      ], "relationships": [
        {"from": "Customers", "to": "Billing", "type": "mirrors_rows_into"},
        {"from": "Billing", "to": "Customer", "type": "calls"}
      ]}"#;
    let m = Memory::from_json(file.as_bytes()).unwrap();
    assert_eq!(m.entities().len(), 3, "{:?}", m.entities());
    let of = |end: &str| m.entity(end).map(|e| e.kind.clone());
    let mirrored = m
        .relationships()
        .iter()
        .find(|r| r.kind == "mirrors_rows_into")
        .expect("the edge");
    assert_eq!(mirrored.from, "Customers");
    assert_eq!(of(&mirrored.from), Some("database".to_string()));
    let service = m.entity("Customer").expect("the service");
    assert_eq!(service.kind, "service");
    assert!(!service.properties.contains_key("aliases"), "{service:?}");
}

#[test]
fn a_placed_word_moves_its_edge_to_the_thing_of_its_words_it_can_end_at() {
    // A model's `search index` concept held the words when an edge with a word nobody
    // had placed ended there; once the word means `writes_to`, the edge is the index's.
    let mut m = Memory::new();
    m.upsert_entity(Entity::new("search index", "concept"));
    m.upsert_entity(Entity::new("search_index[(Search Index)]", "database"));
    m.upsert_entity(Entity::new("Search Service", "service"));
    assert_eq!(m.entities().len(), 3, "{:?}", m.entities());
    m.upsert_relationship(Relationship::new(
        "Search Service",
        "sinks data into",
        "search index",
    ));
    assert_eq!(m.relationships()[0].to, "search index");
    let word = m.relationships()[0].kind.clone();
    let mut d = m.decisions();
    d.place_word(super::dedupe::WordDecision {
        word,
        means: "writes_to".into(),
        reversed: false,
    });
    m.set_decisions(&d);
    let placed = m.with_placed_words().expect("a word to place");
    let r = &placed.relationships()[0];
    assert_eq!(
        (r.from.as_str(), r.kind.as_str(), r.to.as_str()),
        (
            "Search Service",
            "writes_to",
            "search_index[(Search Index)]"
        )
    );
}

#[test]
fn a_name_is_kept_without_what_a_page_left_in_it_unseen() {
    // A soft hyphen from a page's hyphenation, direction marks from a right-to-left
    // page, a zero-width space: the name shown is the one a person can type.
    let mut m = Memory::new();
    m.merge_parts(
        vec![
            Entity::new("\u{200e}Web Storefront\u{200e}", "frontend"),
            Entity::new("Ledger Ser\u{ad}vice", "service"),
        ],
        vec![Relationship::new(
            "Web\u{200b}Storefront",
            "calls",
            "\u{2067}Ledger Service\u{2069}",
        )],
        &mut MergeReport::default(),
    );
    let names: Vec<&str> = m.entities().iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["Web Storefront", "Ledger Service"]);
    let r = &m.relationships()[0];
    assert_eq!(
        (r.from.as_str(), r.to.as_str()),
        ("Web Storefront", "Ledger Service")
    );
    // Letters the joiners shape stay as they are written.
    let persian = "پایگاه\u{200c}داده";
    m.upsert_entity(Entity::new(persian, "database"));
    assert!(m.entities().iter().any(|e| e.name == persian));
}

#[test]
fn a_merged_name_of_a_form_kept_apart_is_found_where_it_went_after_a_reload() {
    let mut m = Memory::new();
    m.upsert_entity(Entity::new("Cart Service", "service"));
    m.upsert_entity(Entity::new("Pricing Service", "service"));
    for t in [
        "cart-service",
        "notification-queue",
        "pricing-service",
        "review-service",
    ] {
        m.upsert_entity(Entity::new(
            format!("webpack://shop/./src/{t}/index.ts"),
            "service",
        ));
    }
    let framed = "webpack://shop/./src/cart-service/index.ts";
    let m = m.merge_entities(framed, "Cart Service").unwrap();
    let mut m = Memory::from_json(&m.to_json_bytes()).unwrap();
    let before = m.entities.len();
    m.upsert_relationship(Relationship::new(framed, "calls", "Pricing Service"));
    let names: Vec<&str> = m.entities.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(
        m.entities.len(),
        before,
        "no stub of a known alias: {names:?}"
    );
    assert!(
        m.relationships
            .iter()
            .any(|r| r.from == "Cart Service" && r.to == "Pricing Service"),
        "{:?}",
        m.relationships
    );
}

#[test]
fn a_relationship_end_written_as_a_typed_entitys_name_is_that_entity() {
    // The service and the queue share their words' key (`index.ts`): the service is kept
    // under a typed key, and a relationship names it by its name as written.
    let queue = "webpack://shop/./src/notification-queue/index.ts";
    let cart = "webpack://shop/./src/cart-service/index.ts";
    let mut m = Memory::new();
    m.upsert_entity(Entity::new(queue, "queue"));
    m.upsert_entity(Entity::new(cart, "service"));
    m.upsert_entity(Entity::new(
        "webpack://shop/./src/pricing-service/index.ts",
        "service",
    ));
    m.upsert_relationship(Relationship::new(cart, "publishes_to", queue));
    for m in [m.clone(), Memory::from_json(&m.to_json_bytes()).unwrap()] {
        let names: Vec<&str> = m.entities.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names.len(), 3, "no stub: {names:?}");
        assert!(
            m.relationships
                .iter()
                .any(|r| r.from == cart && r.to == queue),
            "{:?}",
            m.relationships
        );
    }
}
