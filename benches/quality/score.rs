//! The scorer: reads a memory file (`context.json`) against the ground truth.
//!
//! An output entity stands for the real components its `name` and its aliases
//! (`properties.aliases`, a list of strings) are surface forms of. A name is looked up
//! by archie's match key of today (case-folded, whitespace collapsed), so a display name
//! in other capitals still counts; a name that is no form of any component (NovaMart
//! itself, a stub) stands for nothing.

use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeSet, HashMap, HashSet};

/// archie's match key today: lower case, whitespace trimmed and collapsed, and the
/// characters that show nothing left out (a soft hyphen, a zero-width space, a direction
/// mark: a name with them and without them is one name to the person reading it).
pub fn key(name: &str) -> String {
    let seen = archie_core::memory::identity::without_invisible(name);
    seen.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Surface form → component.
pub struct Table {
    by_key: HashMap<String, usize>,
    ambiguous: HashSet<String>,
    /// The components' canonical names.
    pub names: Vec<String>,
}

impl Table {
    /// Fails when one form (by key) belongs to two components: the scorer could not
    /// tell them apart.
    pub fn new<'a>(
        forms: impl IntoIterator<Item = (&'a str, usize)>,
        ambiguous: &[String],
        names: Vec<String>,
    ) -> anyhow::Result<Self> {
        let mut by_key = HashMap::new();
        for (form, c) in forms {
            if let Some(other) = by_key.insert(key(form), c)
                && other != c
            {
                anyhow::bail!("the form {form:?} belongs to components {other} and {c}");
            }
        }
        Ok(Self {
            by_key,
            ambiguous: ambiguous.iter().map(|f| key(f)).collect(),
            names,
        })
    }

    /// Every form (by key) and its component.
    pub fn forms(&self) -> HashMap<String, usize> {
        self.by_key.clone()
    }

    pub fn component(&self, name: &str) -> Option<usize> {
        self.by_key.get(&key(name)).copied()
    }
}

/// An edge of the ground truth: from, to, the extraction prompt's word.
pub struct TrueEdge<'a> {
    pub from: usize,
    pub to: usize,
    pub word: &'a str,
}

#[derive(Debug, Default, Serialize)]
pub struct Score {
    pub components: usize,
    /// Components with at least one entity.
    pub components_found: usize,
    pub entities: usize,
    pub relationships: usize,
    /// Entities that stand for a component, over the components found.
    pub entities_per_component: f64,
    /// The same, leaving out entities named only by forms no rule can decide (`Okta`,
    /// `Checkout`): what the rules alone must reach, before any human answer.
    pub entities_per_component_rules: f64,
    pub ambiguous_only_entities: usize,
    /// Entities whose name and aliases stand for two or more components.
    pub wrong_merges: usize,
    pub wrong_merge_examples: Vec<String>,
    /// Components drawn as several entities, most first: `OrderService ×3: …`.
    pub split: Vec<String>,
    /// Entities that stand for no component (NovaMart, stubs).
    pub other_entities: Vec<String>,
    pub true_edges: usize,
    /// True edges whose ends are single nodes joined by a relationship of any type…
    pub edges_single: usize,
    /// …and of the right type.
    pub edges_single_typed: usize,
    pub edges_single_pct: f64,
    pub edges_single_typed_pct: f64,
    /// True edges between single nodes stored only the wrong way round.
    pub edges_reversed: usize,
    /// Those edges as stored, with the true edge's word: `A → B (calls: B calls A)`.
    pub reversed_examples: Vec<String>,
    /// Edges between single nodes (any type) when entities named only by a human's
    /// forms are left out: what the rules alone reach if those pairs stay apart.
    pub edges_single_rules_pct: f64,
    pub relationship_words: Vec<String>,
    pub entity_types: Vec<String>,
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn ratio(n: usize, d: usize) -> f64 {
    if d == 0 { 0.0 } else { n as f64 / d as f64 }
}

/// Scores a memory file's JSON.
pub fn score(memory: &Value, table: &Table, truth: &[TrueEdge]) -> Score {
    let empty = Vec::new();
    let entities = memory["entities"].as_array().unwrap_or(&empty);
    let relationships = memory["relationships"].as_array().unwrap_or(&empty);
    let mut s = Score {
        components: table.names.len(),
        entities: entities.len(),
        relationships: relationships.len(),
        true_edges: truth.len(),
        ..Score::default()
    };

    // Each entity's names, what they stand for, and who is named by what.
    let mut of_component: Vec<Vec<usize>> = vec![Vec::new(); table.names.len()];
    let mut rule_entities: Vec<Vec<usize>> = vec![Vec::new(); table.names.len()];
    let mut entity_of_name: HashMap<String, usize> = HashMap::new();
    let mut types = BTreeSet::new();
    let all_names: Vec<Vec<String>> = entities
        .iter()
        .map(|e| {
            let mut names = vec![e["name"].as_str().unwrap_or_default().to_string()];
            names.extend(strings(&e["properties"]["aliases"]));
            // Also a top-level list, should aliases ever be kept there.
            names.extend(strings(&e["aliases"]));
            names
        })
        .collect();
    // A relationship's end is an entity's name first, an alias only if no name is it.
    for (i, names) in all_names.iter().enumerate() {
        entity_of_name.entry(key(&names[0])).or_insert(i);
    }
    for (i, names) in all_names.iter().enumerate() {
        for alias in &names[1..] {
            entity_of_name.entry(key(alias)).or_insert(i);
        }
    }
    for (i, (e, names)) in entities.iter().zip(&all_names).enumerate() {
        let name = names[0].clone();
        types.insert(e["type"].as_str().unwrap_or_default().to_string());
        let mut stands_for = BTreeSet::new();
        let mut only_ambiguous = true;
        for n in names {
            if let Some(c) = table.component(n) {
                stands_for.insert(c);
                only_ambiguous &= table.ambiguous.contains(&key(n));
            }
        }
        for &c in &stands_for {
            of_component[c].push(i);
            if !only_ambiguous {
                rule_entities[c].push(i);
            }
        }
        match stands_for.len() {
            0 => s.other_entities.push(name),
            1 => {}
            _ => {
                s.wrong_merges += 1;
                s.wrong_merge_examples.push(names.join(" = "));
            }
        }
        if !stands_for.is_empty() && only_ambiguous {
            s.ambiguous_only_entities += 1;
        }
    }
    s.entity_types = types.into_iter().collect();
    let mut split: Vec<(usize, String)> = of_component
        .iter()
        .enumerate()
        .filter(|(_, es)| es.len() > 1)
        .map(|(c, es)| {
            let names: Vec<&str> = es
                .iter()
                .map(|&i| entities[i]["name"].as_str().unwrap_or_default())
                .collect();
            let line = format!("{} ×{}: {}", table.names[c], es.len(), names.join(", "));
            (es.len(), line)
        })
        .collect();
    split.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    s.split = split.into_iter().map(|(_, line)| line).collect();
    s.components_found = of_component.iter().filter(|v| !v.is_empty()).count();
    let on_components: usize = of_component.iter().map(Vec::len).sum();
    s.entities_per_component = ratio(on_components, s.components_found);
    let rule_found = rule_entities.iter().filter(|v| !v.is_empty()).count();
    let on_rules: usize = rule_entities.iter().map(Vec::len).sum();
    s.entities_per_component_rules = ratio(on_rules, rule_found);

    // The relationships between entities, by (from entity, to entity).
    let mut words = BTreeSet::new();
    let mut joined: HashMap<(usize, usize), BTreeSet<String>> = HashMap::new();
    for r in relationships {
        let word = r["type"].as_str().unwrap_or_default().to_string();
        words.insert(word.clone());
        let end = |k: &str| entity_of_name.get(&key(r[k].as_str().unwrap_or_default()));
        if let (Some(&f), Some(&t)) = (end("from"), end("to")) {
            joined.entry((f, t)).or_default().insert(word);
        }
    }
    s.relationship_words = words.into_iter().collect();
    // A true edge joins single nodes when each end has one entity and they are linked.
    let single = |of: &[Vec<usize>], edge: &TrueEdge| {
        let (from, to) = (&of[edge.from], &of[edge.to]);
        if from.len() == 1 && to.len() == 1 {
            joined.get(&(from[0], to[0]))
        } else {
            None
        }
    };
    let mut rules_single = 0;
    for edge in truth {
        if let Some(found) = single(&of_component, edge) {
            s.edges_single += 1;
            if found.contains(edge.word) {
                s.edges_single_typed += 1;
            }
        }
        let back = TrueEdge {
            from: edge.to,
            to: edge.from,
            word: edge.word,
        };
        if single(&of_component, edge).is_none()
            && let Some(stored) = single(&of_component, &back)
        {
            s.edges_reversed += 1;
            let name = |c: usize| {
                entities[of_component[c][0]]["name"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string()
            };
            s.reversed_examples.push(format!(
                "{} → {} ({}; true: {} {})",
                name(edge.to),
                name(edge.from),
                stored.iter().cloned().collect::<Vec<_>>().join(", "),
                table.names[edge.from],
                edge.word,
            ));
        }
        if single(&rule_entities, edge).is_some() {
            rules_single += 1;
        }
    }
    s.edges_single_pct = 100.0 * ratio(s.edges_single, truth.len());
    s.edges_single_typed_pct = 100.0 * ratio(s.edges_single_typed, truth.len());
    s.edges_single_rules_pct = 100.0 * ratio(rules_single, truth.len());
    s
}

/// The node labels of the first Mermaid block of a markdown file: lines `id["label"]`
/// (subgraph titles, edges and notes, which end in `:::note`, left out).
pub fn mermaid_labels(markdown: &str) -> Vec<String> {
    let Some(start) = markdown.find("```mermaid") else {
        return Vec::new();
    };
    let block = &markdown[start..];
    let block = &block[..block[3..].find("```").map_or(block.len(), |e| e + 3)];
    block
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("subgraph") && !l.contains("--") && l.ends_with("\"]"))
        .filter_map(|l| l.split_once("[\""))
        .map(|(_, label)| label.trim_end_matches("\"]").replace("#quot;", "\""))
        .collect()
}

/// How many components the diagram draws (each counted once). A label no document wrote
/// (archie shows a spelling without what a tool wrapped it in) is the component of the
/// entity it names in `memory`, when that entity's names agree on one.
pub fn diagram_components(labels: &[String], table: &Table, memory: &Value) -> usize {
    let empty = Vec::new();
    let entities = memory["entities"].as_array().unwrap_or(&empty);
    let by_entity = |label: &str| {
        let e = entities
            .iter()
            .find(|e| e["name"].as_str() == Some(label))?;
        let mut of = strings(&e["properties"]["aliases"])
            .into_iter()
            .filter_map(|a| table.component(&a));
        let first = of.next()?;
        of.all(|c| c == first).then_some(first)
    };
    labels
        .iter()
        .filter_map(|l| table.component(l).or_else(|| by_entity(l)))
        .collect::<BTreeSet<_>>()
        .len()
}
