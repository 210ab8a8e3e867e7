//! Mermaid rendering of the knowledge graph, readable at 50+ nodes: entities grouped
//! in subgraphs by type, a node cap, and a visible note of what was left out.

use super::{Ix, Memory, Selection};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write;

/// What [`Memory::to_mermaid`] draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MermaidOptions {
    /// Draw only these entities and their neighbourhood; empty: the whole graph.
    pub focus: Vec<String>,
    /// How many relationship hops around the focus to include (default 1).
    pub depth: usize,
    /// At most this many entities (default 60); the best connected are kept.
    pub max_nodes: usize,
    /// Flowchart direction: `LR` (default) or `TD`.
    pub direction: &'static str,
}

impl Default for MermaidOptions {
    fn default() -> Self {
        Self {
            focus: Vec::new(),
            depth: 1,
            max_nodes: 60,
            direction: "LR",
        }
    }
}

impl MermaidOptions {
    pub fn focus<I, S>(mut self, names: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.focus = names.into_iter().map(Into::into).collect();
        self
    }

    pub fn max_nodes(mut self, max: usize) -> Self {
        self.max_nodes = max;
        self
    }
}

/// `base`, or `base_2`, `base_3`, … if it is taken; marks the result taken.
fn unique(base: String, used: &mut HashSet<String>) -> String {
    let mut id = base.clone();
    let mut n = 2;
    while used.contains(&id) {
        id = format!("{base}_{n}");
        n += 1;
    }
    used.insert(id.clone());
    id
}

/// A Mermaid-safe identifier: ASCII letters, digits and `_`, with a prefix so it never
/// collides with a keyword (`end`, `graph`, `subgraph`) or starts with a digit.
fn ident(prefix: &str, raw: &str) -> String {
    let mut out = String::from(prefix);
    let mut last_underscore = false;
    for c in raw.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
            last_underscore = false;
        } else if !last_underscore {
            out.push('_');
            last_underscore = true;
        }
    }
    out
}

/// Text safe inside a quoted Mermaid label.
fn label(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("#quot;"),
            '\n' | '\r' | '\t' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

impl Memory {
    /// A Mermaid flowchart of the graph, or of `opts.focus` and its neighbourhood.
    pub fn to_mermaid(&self, opts: &MermaidOptions) -> String {
        let Selection {
            shown,
            omitted,
            missing,
        } = self.select(&opts.focus, opts.depth, opts.max_nodes);

        // Unique ids, assigned in key order so they do not depend on insertion order.
        let mut keys: Vec<Ix> = shown.iter().copied().collect();
        keys.sort_unstable_by(|&a, &b| self.key_of(a).cmp(self.key_of(b)));
        let mut ids: HashMap<Ix, String> = HashMap::new();
        let mut used: HashSet<String> = HashSet::new();
        for &i in &keys {
            ids.insert(
                i,
                unique(ident("n_", &self.entities[i as usize].name), &mut used),
            );
        }

        let mut by_type: BTreeMap<&str, Vec<Ix>> = BTreeMap::new();
        for &i in &keys {
            by_type
                .entry(self.entities[i as usize].kind.as_str())
                .or_default()
                .push(i);
        }

        let mut out = String::new();
        let _ = writeln!(out, "flowchart {}", opts.direction);
        let mut sub_ids: HashSet<String> = HashSet::new();
        for (kind, members) in &by_type {
            let sid = unique(ident("t_", kind), &mut sub_ids);
            let _ = writeln!(out, "  subgraph {sid}[\"{}\"]", label(kind));
            for i in members {
                if let Some(id) = ids.get(i) {
                    let name = &self.entities[*i as usize].name;
                    let _ = writeln!(out, "    {id}[\"{}\"]", label(name));
                }
            }
            let _ = writeln!(out, "  end");
        }

        // The relationships among the shown entities: found from each one's outgoing
        // list, not by a scan of every relationship.
        let mut edges: Vec<(&str, &str, &str)> = keys
            .iter()
            .flat_map(|&i| self.outgoing_of(i).iter())
            .filter_map(|&r| {
                let (f, t, _) = self.rel_keys[r as usize];
                let from = ids.get(&f)?;
                let to = ids.get(&t)?;
                Some((
                    from.as_str(),
                    to.as_str(),
                    self.relationships[r as usize].kind.as_str(),
                ))
            })
            .collect();
        edges.sort();
        for (from, to, kind) in edges {
            // In words: `publishes to`, not the stored `publishes_to`.
            let words = super::relationship_words(kind);
            let _ = writeln!(out, "  {from} -->|\"{}\"| {to}", label(&words));
        }

        let mut notes = Vec::new();
        if omitted > 0 {
            let what = match (opts.focus.is_empty(), omitted == 1) {
                (true, true) => "entity",
                (true, false) => "entities",
                (false, true) => "related entity",
                (false, false) => "related entities",
            };
            notes.push(format!(
                "… {omitted} more {what} not shown (limit {})",
                opts.max_nodes
            ));
        }
        if !missing.is_empty() {
            notes.push(format!("not in memory: {}", missing.join(", ")));
        }
        if keys.is_empty() && missing.is_empty() {
            notes.push("the memory is empty".to_string());
        }
        for (i, note) in notes.iter().enumerate() {
            let _ = writeln!(out, "  %% {note}");
            let _ = writeln!(out, "  note_{i}[\"{}\"]:::note", label(note));
        }
        if !notes.is_empty() {
            let _ = writeln!(
                out,
                "  classDef note fill:none,stroke:#999,stroke-dasharray:4 4,color:#666"
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taken_ids_get_a_number() {
        let mut used = HashSet::new();
        let ids: Vec<String> = ["n_a_b", "n_a_b", "n_a_b", "n_c"]
            .into_iter()
            .map(|base| unique(base.to_string(), &mut used))
            .collect();
        assert_eq!(ids, ["n_a_b", "n_a_b_2", "n_a_b_3", "n_c"]);
        assert_eq!(used.len(), 4);
    }
}
