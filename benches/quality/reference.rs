//! A reference rule set: the yardstick the corpus is checked against, and (with
//! `--reference`) what those rules make of archie's own output, to see what plain rules
//! reach on the same `context.json`. Not archie's rules: a bench's.

use serde_json::{Value, json};
use std::collections::{BTreeSet, HashMap};

/// Entity types (as archie stores them) of an external system, whose trailing `API` the
/// rules set aside.
const EXTERNAL: &[&str] = &["api", "external_system", "external_api", "third_party_api"];

/// Relationship words onto the extraction prompt's.
const SYNONYMS: &[(&str, &str)] = &[
    ("invokes", "calls"),
    ("sends_requests_to", "calls"),
    ("queries", "reads_from"),
    ("stores_data_in", "writes_to"),
    ("persists_to", "writes_to"),
    ("emits", "publishes_to"),
    ("consumes", "subscribes_to"),
    ("listens_to", "subscribes_to"),
    ("uses", "depends_on"),
    ("relies_on", "depends_on"),
    ("belongs_to", "part_of"),
];

/// A name with case, separators and camelCase set aside, `Database` = `DB`, and a trailing
/// `API` off an external system's name.
pub fn rule_key(form: &str, external: bool) -> String {
    let mut k: String = form
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    if let Some(stem) = k.strip_suffix("database") {
        k = format!("{stem}db");
    }
    if let (true, Some(stem)) = (external, k.strip_suffix("api")) {
        k = stem.to_string();
    }
    k
}

/// `memory` with entities merged by [`rule_key`] (every name kept as an alias) and
/// relationship words mapped by [`SYNONYMS`], duplicates dropped. A relationship keeps
/// the spellings of its ends as written (aliases now), so the scorer must find entities
/// by alias.
pub fn merge(memory: &Value) -> Value {
    let empty = Vec::new();
    let entities = memory["entities"].as_array().unwrap_or(&empty);
    let mut group_of: HashMap<String, usize> = HashMap::new();
    let mut by_name: HashMap<String, usize> = HashMap::new();
    let mut groups: Vec<(String, String, Vec<String>)> = Vec::new();
    for e in entities {
        let name = e["name"].as_str().unwrap_or_default().to_string();
        let kind = e["type"].as_str().unwrap_or_default().to_string();
        let k = rule_key(&name, EXTERNAL.contains(&kind.as_str()));
        let g = *group_of.entry(k).or_insert_with(|| {
            groups.push((name.clone(), kind, Vec::new()));
            groups.len() - 1
        });
        groups[g].2.push(name.clone());
        by_name.insert(name.to_lowercase(), g);
    }
    let mut seen = BTreeSet::new();
    let mut relationships = Vec::new();
    for r in memory["relationships"].as_array().unwrap_or(&empty) {
        let end = |k: &str| by_name.get(&r[k].as_str().unwrap_or_default().to_lowercase());
        let word = r["type"].as_str().unwrap_or_default();
        let word = SYNONYMS
            .iter()
            .find(|(w, _)| *w == word)
            .map_or(word, |(_, to)| to);
        if let (Some(&f), Some(&t)) = (end("from"), end("to"))
            && seen.insert((f, t, word.to_string()))
        {
            relationships.push(json!({"from": r["from"], "to": r["to"], "type": word}));
        }
    }
    let entities: Vec<Value> = groups
        .iter()
        .map(|(name, kind, aliases)| json!({"name": name, "type": kind, "properties": {"aliases": aliases}}))
        .collect();
    json!({"entities": entities, "relationships": relationships})
}
