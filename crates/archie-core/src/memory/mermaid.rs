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
    /// Choose the direction by the graph's shape instead (see [`direction_of`]).
    pub direction_by_shape: bool,
    /// Draw each store and queue that only one service uses in a group with that
    /// service, not in its type's group.
    pub group_owned: bool,
}

impl Default for MermaidOptions {
    fn default() -> Self {
        Self {
            focus: Vec::new(),
            depth: 1,
            max_nodes: 60,
            direction: "LR",
            direction_by_shape: false,
            group_owned: false,
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

    /// As an architect would draw it: direction by shape, stores with their owners.
    pub fn laid_out(mut self) -> Self {
        self.direction_by_shape = true;
        self.group_owned = true;
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

/// Text safe inside a quoted Mermaid label: what the name says, as data.
fn label(text: &str) -> String {
    super::escape::mermaid(text)
}

/// Text for a `%%` comment line: one line.
pub(crate) fn comment(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Relationship types that say less than any other between the same two entities: left
/// off an edge that has a more specific one (`calls` says what `depends on` does).
const GENERAL: &[&str] = &[
    "depends_on",
    "uses",
    "related_to",
    "relates_to",
    "connects_to",
    "interacts_with",
    "integrates_with",
    "communicates_with",
];

/// At most this many relationship phrases on one edge; beyond, `+N`.
const LABEL_WORDS: usize = 2;

/// One edge per pair of entities: `a -->|"calls"| b`, or `a <-->|…| b` when they are
/// related both ways; its label the pair's relationships in words, the general ones
/// left off when a more specific one is there, at most [`LABEL_WORDS`] phrases.
/// `edges` is sorted (from id, to id, type).
fn pair_edges(edges: &[(&str, &str, &str)]) -> Vec<String> {
    // By unordered pair, in the order first met: the directions and the types.
    let mut pairs: BTreeMap<(&str, &str), (bool, bool, Vec<&str>)> = BTreeMap::new();
    for &(from, to, kind) in edges {
        let forward = from <= to;
        let key = if forward { (from, to) } else { (to, from) };
        let entry = pairs.entry(key).or_insert((false, false, Vec::new()));
        if forward {
            entry.0 = true;
        } else {
            entry.1 = true;
        }
        if !entry.2.contains(&kind) {
            entry.2.push(kind);
        }
    }
    pairs
        .into_iter()
        .map(|((a, b), (forward, backward, kinds))| {
            let specific: Vec<&str> = kinds
                .iter()
                .copied()
                .filter(|k| !GENERAL.contains(k))
                .collect();
            let kept = if specific.is_empty() { kinds } else { specific };
            let mut words: Vec<String> = kept
                .iter()
                .take(LABEL_WORDS)
                .map(|k| super::relationship_words(k))
                .collect();
            if kept.len() > LABEL_WORDS {
                words.push(format!("+{}", kept.len() - LABEL_WORDS));
            }
            let text = label(&words.join(", "));
            match (forward, backward) {
                (true, true) if a != b => format!("  {a} <-->|\"{text}\"| {b}"),
                (false, true) => format!("  {b} -->|\"{text}\"| {a}"),
                _ => format!("  {a} -->|\"{text}\"| {b}"),
            }
        })
        .collect()
}

/// `TD` for a graph deeper than it is wide (a chain of calls reads down a page), `LR`
/// for one wider than deep (many siblings side by side): its depth is the longest path
/// of the edges (cycles cut where they close), its width the most entities at one depth.
fn direction_of(edges: &[(&str, &str, &str)]) -> &'static str {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    let mut has_in: HashSet<&str> = HashSet::new();
    for &(from, to, _) in edges {
        if from != to {
            next.entry(from).or_default().push(to);
            next.entry(to).or_default();
            has_in.insert(to);
        }
    }
    if next.is_empty() {
        return "LR";
    }
    // Longest-path depth by a bounded relaxation from the roots (or from every entity
    // of a graph that is all cycles): each entity is raised at most once per entity.
    let mut depth: HashMap<&str, usize> = HashMap::new();
    let roots: Vec<&str> = next
        .keys()
        .copied()
        .filter(|n| !has_in.contains(n))
        .collect();
    let roots = if roots.is_empty() {
        next.keys().copied().take(1).collect()
    } else {
        roots
    };
    let limit = next.len();
    let mut stack: Vec<(&str, usize)> = roots.into_iter().map(|r| (r, 0)).collect();
    let mut steps = 0usize;
    let budget = limit * (edges.len() + 1);
    while let Some((n, d)) = stack.pop() {
        steps += 1;
        if steps > budget || d >= limit {
            continue;
        }
        if depth.get(n).is_some_and(|&have| have >= d) {
            continue;
        }
        depth.insert(n, d);
        for &m in next.get(n).into_iter().flatten() {
            stack.push((m, d + 1));
        }
    }
    let mut width: HashMap<usize, usize> = HashMap::new();
    for d in depth.values() {
        *width.entry(*d).or_default() += 1;
    }
    let deep = width.len();
    let wide = width.values().copied().max().unwrap_or(0);
    if deep > wide { "TD" } else { "LR" }
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

        // Each store or queue used by exactly one shown service: drawn with it.
        let owner = if opts.group_owned {
            self.sole_users(&keys, &ids)
        } else {
            HashMap::new()
        };
        let mut owned: BTreeMap<Ix, Vec<Ix>> = BTreeMap::new();
        for &i in &keys {
            if let Some(&o) = owner.get(&i) {
                owned.entry(o).or_default().push(i);
            }
        }

        let mut by_type: BTreeMap<&str, Vec<Ix>> = BTreeMap::new();
        for &i in &keys {
            if owner.contains_key(&i) {
                continue;
            }
            by_type
                .entry(self.entities[i as usize].kind.as_str())
                .or_default()
                .push(i);
        }

        let edges = self.shown_edges(&keys, &ids);
        let direction = if opts.direction_by_shape {
            direction_of(&edges)
        } else {
            opts.direction
        };

        let mut out = String::new();
        let _ = writeln!(out, "flowchart {direction}");
        let mut sub_ids: HashSet<String> = HashSet::new();
        let node = |out: &mut String, i: Ix, pad: &str| {
            if let Some(id) = ids.get(&i) {
                let name = &self.entities[i as usize].name;
                let _ = writeln!(out, "{pad}{id}[\"{}\"]", label(name));
            }
        };
        for (kind, members) in &by_type {
            let sid = unique(ident("t_", kind), &mut sub_ids);
            let _ = writeln!(out, "  subgraph {sid}[\"{}\"]", label(kind));
            for &i in members {
                match owned.get(&i) {
                    Some(data) => {
                        // The service and what only it uses, one box without a title.
                        let gid =
                            unique(ident("g_", &self.entities[i as usize].name), &mut sub_ids);
                        let _ = writeln!(out, "    subgraph {gid}[\" \"]");
                        node(&mut out, i, "      ");
                        for &d in data {
                            node(&mut out, d, "      ");
                        }
                        let _ = writeln!(out, "    end");
                    }
                    None => node(&mut out, i, "    "),
                }
            }
            let _ = writeln!(out, "  end");
        }
        for line in pair_edges(&edges) {
            let _ = writeln!(out, "{line}");
        }

        let notes = notes(opts, omitted, &missing, keys.is_empty());
        for (i, note) in notes.iter().enumerate() {
            let _ = writeln!(out, "  %% {}", comment(note));
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

    /// Each store or queue that exactly one shown service uses (a relationship either
    /// way between two of `keys`, the entities drawn with `ids`): that service, by store
    /// or queue.
    fn sole_users(&self, keys: &[Ix], ids: &HashMap<Ix, String>) -> HashMap<Ix, Ix> {
        let family = |i: Ix| {
            super::identity::Family::of(&super::identity::entity_type(
                &self.entities[i as usize].kind,
            ))
        };
        let mut owner: HashMap<Ix, Ix> = HashMap::new();
        let mut users: HashMap<Ix, HashSet<Ix>> = HashMap::new();
        for &i in keys {
            for &r in self.outgoing_of(i) {
                let (f, t, _) = self.rel_keys[r as usize];
                if !ids.contains_key(&t) || f == t {
                    continue;
                }
                for (data, user) in [(f, t), (t, f)] {
                    use super::identity::Family;
                    if matches!(family(data), Family::Store | Family::Channel)
                        && family(user) == Family::Component
                    {
                        users.entry(data).or_default().insert(user);
                    }
                }
            }
        }
        for (data, users) in users {
            if users.len() == 1
                && let Some(&user) = users.iter().next()
            {
                owner.insert(data, user);
            }
        }
        owner
    }

    /// The relationships among the shown entities (`keys`, with their `ids`), as
    /// (from id, to id, kind), sorted: found from each one's outgoing list, not by a scan
    /// of every relationship.
    fn shown_edges<'a>(
        &'a self,
        keys: &[Ix],
        ids: &'a HashMap<Ix, String>,
    ) -> Vec<(&'a str, &'a str, &'a str)> {
        let mut edges: Vec<(&'a str, &'a str, &'a str)> = keys
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
        edges
    }
}

/// What the drawing says it leaves out: how many entities over `opts.max_nodes`
/// (`omitted`), the focus names not in memory, or that the memory is empty.
fn notes(
    opts: &MermaidOptions,
    omitted: usize,
    missing: &[String],
    shown_none: bool,
) -> Vec<String> {
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
    if shown_none && missing.is_empty() {
        notes.push("the memory is empty".to_string());
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_edge_per_pair_with_the_specific_words() {
        let edges = [
            ("n_a", "n_b", "calls"),
            ("n_a", "n_b", "depends_on"),
            ("n_b", "n_a", "reads_from"),
            ("n_c", "n_a", "depends_on"),
            ("n_c", "n_d", "calls"),
            ("n_c", "n_d", "writes_to"),
            ("n_c", "n_d", "reads_from"),
        ];
        assert_eq!(
            pair_edges(&edges),
            [
                "  n_a <-->|\"calls, reads from\"| n_b",
                "  n_c -->|\"depends on\"| n_a",
                "  n_c -->|\"calls, writes to, +1\"| n_d",
            ]
        );
    }

    #[test]
    fn a_chain_reads_down_and_a_fan_reads_across() {
        let chain = [
            ("a", "b", "calls"),
            ("b", "c", "calls"),
            ("c", "d", "calls"),
            ("d", "a", "calls"),
        ];
        assert_eq!(direction_of(&chain), "TD");
        let fan = [
            ("a", "b", "calls"),
            ("a", "c", "calls"),
            ("a", "d", "calls"),
            ("a", "e", "calls"),
        ];
        assert_eq!(direction_of(&fan), "LR");
        assert_eq!(direction_of(&[]), "LR");
    }

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
