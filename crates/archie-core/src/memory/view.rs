//! `archie memory view`: the knowledge graph as one self-contained HTML page (no network,
//! nothing fetched), laid out here and drawn by a little script of our own: pan, zoom,
//! search by any name or alias, a filter by type, an entity's details and neighbours, one
//! system's subgraph.

use super::Memory;
use super::export::Graph;
use super::identity::Family;
use super::model::relationship_words as words;
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

const TEMPLATE: &str = include_str!("view.html");

#[derive(Serialize)]
struct Data<'a> {
    nodes: Vec<ViewNode<'a>>,
    /// `[from, to, words, type]`.
    edges: Vec<(usize, usize, String, &'a str)>,
    types: Vec<TypeCount>,
    /// The entities of type `system`, by index, for the subgraph picker.
    systems: Vec<usize>,
    /// Colour by group index (`f` of a node; see [`GROUPS`]).
    colours: Vec<&'static str>,
    /// The groups' names, for the legend.
    groups: Vec<&'static str>,
    /// The clusters the layout drew (a system and its parts, else the entities of one
    /// group), each in a disc of its own: `[name, x, y, radius, size]`, named on the
    /// first screen.
    clusters: Vec<(String, f32, f32, f32, usize)>,
}

#[derive(Serialize)]
struct ViewNode<'a> {
    n: &'a str,
    t: &'a str,
    f: usize,
    /// The cluster the entity is drawn in (index in `clusters`).
    c: usize,
    x: f32,
    y: f32,
    #[serde(skip_serializing_if = "str::is_empty")]
    d: &'a str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    a: Vec<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    o: Vec<&'a str>,
    /// Where the entity was stated, as a person reads it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    s: Vec<String>,
}

#[derive(Serialize)]
struct TypeCount {
    name: String,
    family: usize,
    count: usize,
}

/// What the view colours alike, with its colour: the [`Family`]s, but a component split in
/// the four a reader tells apart (a service, an API, an external system, a system).
const GROUPS: [(&str, &str); 10] = [
    ("service", "#4e79a7"),
    ("api", "#17becf"),
    ("external system", "#e15759"),
    ("system", "#2f3e75"),
    ("store", "#f28e2b"),
    ("queue", "#59a14f"),
    ("team or person", "#b07aa1"),
    ("library", "#9c755f"),
    ("concept", "#edc948"),
    ("unknown", "#9d9d9d"),
];

/// The index in [`GROUPS`] of an entity of type `kind` (in the prompt's words) and
/// family `family`.
fn group_index(kind: &str, family: Family) -> usize {
    match (kind, family) {
        ("api", _) => 1,
        ("external_system", _) => 2,
        ("system", _) => 3,
        (_, Family::Component) => 0,
        (_, Family::Store) => 4,
        (_, Family::Channel) => 5,
        (_, Family::Team) => 6,
        (_, Family::Library) => 7,
        (_, Family::Concept) => 8,
        (_, Family::Unknown) => 9,
    }
}

fn strings(value: Option<&Value>) -> Vec<&str> {
    match value {
        Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
        Some(Value::String(s)) => vec![s.as_str()],
        _ => Vec::new(),
    }
}

impl Memory {
    /// The page of [`crate::memory`]'s view, titled `title`.
    pub fn to_html(&self, title: &str) -> String {
        let graph = Graph::of(self);
        let pairs: Vec<(usize, usize)> = graph.edges.iter().map(|e| (e.from, e.to)).collect();
        // Each entity's cluster: the system it is part of, else its group of types.
        let mut system_of: Vec<Option<usize>> = graph
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.kind == "system").then_some(i))
            .collect();
        for e in &graph.edges {
            if e.relationship.kind == "part_of"
                && graph.nodes[e.to].kind == "system"
                && system_of[e.from].is_none()
            {
                system_of[e.from] = Some(e.to);
            }
        }
        let mut cluster_ids: HashMap<(bool, usize), usize> = HashMap::new();
        let mut cluster_names: Vec<String> = Vec::new();
        let clusters: Vec<usize> = graph
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let key = match system_of[i] {
                    Some(s) => (true, s),
                    None => (false, group_index(&n.kind, n.family)),
                };
                *cluster_ids.entry(key).or_insert_with(|| {
                    cluster_names.push(match key {
                        (true, s) => graph.nodes[s].entity.name.clone(),
                        (false, g) => GROUPS[g].0.to_string(),
                    });
                    cluster_names.len() - 1
                })
            })
            .collect();
        let (positions, discs) = cluster_layout(graph.nodes.len(), &pairs, &clusters);
        let mut types: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        for node in &graph.nodes {
            types
                .entry(node.kind.as_str())
                .or_insert((group_index(&node.kind, node.family), 0))
                .1 += 1;
        }
        let data = Data {
            nodes: graph
                .nodes
                .iter()
                .zip(&positions)
                .zip(&clusters)
                .map(|((node, &(x, y)), &c)| ViewNode {
                    n: &node.entity.name,
                    t: &node.kind,
                    f: group_index(&node.kind, node.family),
                    c,
                    x: (x * 10.0).round() / 10.0,
                    y: (y * 10.0).round() / 10.0,
                    d: &node.entity.description,
                    a: node.entity.aliases().collect(),
                    o: strings(node.entity.properties.get("observations")),
                    s: {
                        let mut s = self.cite_sources(&node.entity.sources);
                        for legacy in strings(node.entity.properties.get("sources")) {
                            if !s.iter().any(|d| d == legacy) {
                                s.push(legacy.to_string());
                            }
                        }
                        s
                    },
                })
                .collect(),
            edges: graph
                .edges
                .iter()
                .map(|e| {
                    let kind = e.relationship.kind.as_str();
                    (e.from, e.to, words(kind), kind)
                })
                .collect(),
            types: types
                .into_iter()
                .map(|(name, (family, count))| TypeCount {
                    name: name.to_string(),
                    family,
                    count,
                })
                .collect(),
            systems: graph
                .nodes
                .iter()
                .enumerate()
                .filter(|(_, n)| n.kind == "system")
                .map(|(i, _)| i)
                .collect(),
            colours: GROUPS.iter().map(|g| g.1).collect(),
            groups: GROUPS.iter().map(|g| g.0).collect(),
            clusters: cluster_names
                .into_iter()
                .zip(discs)
                .enumerate()
                .map(|(c, (name, (x, y, r)))| {
                    let at = |v: f32| (v * 10.0).round() / 10.0;
                    let size = clusters.iter().filter(|&&k| k == c).count();
                    (name, at(x), at(y), at(r), size)
                })
                .collect(),
        };
        // Inside <script>, `</` would end the element and `<!--` would open a comment:
        // JSON may write both as escapes.
        let json = serde_json::to_string(&data)
            .unwrap_or_else(|_| "{}".into())
            .replace("</", "<\\/")
            .replace("<!--", "<\\u0021--");
        let title = html(title);
        TEMPLATE
            .replace("__TITLE__", &title)
            .replacen("__DATA__", &json, 1)
    }
}

/// Text safe in HTML.
fn html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A cluster's disc: its centre and radius.
type Disc = (f32, f32, f32);

/// Positions for `n` nodes joined by `edges`, each in its cluster (`clusters`: a cluster
/// id per node), and each cluster's disc (`[x, y, radius]`). Each cluster is laid out on
/// its own (from the relationships inside it) and drawn in a disc of its own; the discs,
/// the largest first, are packed around the middle with space between them, so a cluster
/// reads as one group and a relationship between two clusters is a long faint line, not
/// a pull that folds them together. Deterministic: the same graph gives the same picture.
pub(crate) fn cluster_layout(
    n: usize,
    edges: &[(usize, usize)],
    clusters: &[usize],
) -> (Vec<(f32, f32)>, Vec<Disc>) {
    let k = 100.0_f32;
    let count = clusters.iter().max().map_or(0, |m| m + 1);
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); count];
    let mut local = vec![0_usize; n];
    for (i, &c) in clusters.iter().enumerate().take(n) {
        local[i] = members[c].len();
        members[c].push(i);
    }
    let mut inside: Vec<Vec<(usize, usize)>> = vec![Vec::new(); count];
    for &(a, b) in edges {
        if a < n && b < n && clusters[a] == clusters[b] {
            inside[clusters[a]].push((local[a], local[b]));
        }
    }
    // Each cluster around its own middle, and the radius of the disc that holds it.
    let shapes: Vec<(Vec<(f32, f32)>, f32)> = members
        .iter()
        .zip(&inside)
        .map(|(m, e)| {
            let mut pos = layout(m.len(), e);
            let len = pos.len().max(1) as f32;
            let (cx, cy) = pos
                .iter()
                .fold((0.0, 0.0), |(x, y), p| (x + p.0 / len, y + p.1 / len));
            let mut radius = k * 0.5;
            for p in pos.iter_mut() {
                *p = (p.0 - cx, p.1 - cy);
                radius = radius.max((p.0 * p.0 + p.1 * p.1).sqrt() + k * 0.3);
            }
            (pos, radius)
        })
        .collect();
    // Pack the discs, largest first: each goes where it touches one already placed
    // (a gap between) without overlapping any, as near the middle as it can.
    let gap = k * 2.5;
    let mut order: Vec<usize> = (0..count).collect();
    order.sort_by(|&a, &b| members[b].len().cmp(&members[a].len()).then(a.cmp(&b)));
    let mut discs = vec![(0.0_f32, 0.0_f32, 0.0_f32); count];
    let mut placed: Vec<usize> = Vec::new();
    for &c in &order {
        let r = shapes[c].1;
        let mut best: Option<(f32, f32, f32)> = None;
        if placed.is_empty() {
            best = Some((0.0, 0.0, 0.0));
        }
        for &p in &placed {
            let (px, py, pr) = discs[p];
            for step in 0..48 {
                let a = step as f32 / 48.0 * std::f32::consts::TAU;
                let (x, y) = (px + (pr + r + gap) * a.cos(), py + (pr + r + gap) * a.sin());
                let free = placed.iter().all(|&q| {
                    let (qx, qy, qr) = discs[q];
                    ((x - qx).powi(2) + (y - qy).powi(2)).sqrt() >= qr + r + gap * 0.99
                });
                // Wider than tall: the screen is.
                let cost = (x / 1.6).powi(2) + y * y;
                if free && best.is_none_or(|b| cost < b.2) {
                    best = Some((x, y, cost));
                }
            }
        }
        let (x, y, _) = best.unwrap_or((0.0, 0.0, 0.0));
        discs[c] = (x, y, r);
        placed.push(c);
    }
    let mut pos = vec![(0.0_f32, 0.0_f32); n];
    for (c, m) in members.iter().enumerate() {
        for (j, &i) in m.iter().enumerate() {
            let p = shapes[c].0[j];
            pos[i] = (discs[c].0 + p.0, discs[c].1 + p.1);
        }
    }
    (pos, discs)
}

/// Positions for `n` nodes joined by `edges`: a force-directed layout (Fruchterman and
/// Reingold) whose repulsion is computed only between nodes in neighbouring grid cells,
/// so each round is linear in the graph's size (2,000 entities lay out in well under a
/// second). Deterministic: the same graph gives the same picture.
pub(crate) fn layout(n: usize, edges: &[(usize, usize)]) -> Vec<(f32, f32)> {
    if n == 0 {
        return Vec::new();
    }
    let k = 100.0_f32;
    // A sunflower spiral to start: spread out, no two nodes on one spot.
    let mut pos: Vec<(f32, f32)> = (0..n)
        .map(|j| {
            let r = k * (j as f32 + 0.5).sqrt();
            let a = j as f32 * 2.399_963;
            (r * a.cos(), r * a.sin())
        })
        .collect();
    let rounds = (300_000 / n).clamp(60, 300);
    let mut temperature = k * (n as f32).sqrt() / 4.0;
    let cooling = temperature / rounds as f32;
    let cell = 2.0 * k;
    let mut disp = vec![(0.0_f32, 0.0_f32); n];
    let mut grid: HashMap<(i32, i32), Vec<usize>> = HashMap::new();
    for _ in 0..rounds {
        grid.clear();
        for (i, &(x, y)) in pos.iter().enumerate() {
            grid.entry(((x / cell).floor() as i32, (y / cell).floor() as i32))
                .or_default()
                .push(i);
        }
        for d in disp.iter_mut() {
            *d = (0.0, 0.0);
        }
        // Repulsion from the nodes near by.
        for (i, &(x, y)) in pos.iter().enumerate() {
            let (cx, cy) = ((x / cell).floor() as i32, (y / cell).floor() as i32);
            for gx in cx - 1..=cx + 1 {
                for gy in cy - 1..=cy + 1 {
                    let Some(others) = grid.get(&(gx, gy)) else {
                        continue;
                    };
                    for &j in others {
                        if j == i {
                            continue;
                        }
                        let (dx, dy) = (x - pos[j].0, y - pos[j].1);
                        let d2 = (dx * dx + dy * dy).max(0.01);
                        if d2 < cell * cell {
                            let f = k * k / d2;
                            disp[i].0 += dx * f;
                            disp[i].1 += dy * f;
                        }
                    }
                }
            }
        }
        // Attraction along the relationships.
        for &(a, b) in edges {
            if a == b || a >= n || b >= n {
                continue;
            }
            let (dx, dy) = (pos[a].0 - pos[b].0, pos[a].1 - pos[b].1);
            let d = (dx * dx + dy * dy).sqrt().max(0.01);
            let f = d / k;
            disp[a].0 -= dx * f;
            disp[a].1 -= dy * f;
            disp[b].0 += dx * f;
            disp[b].1 += dy * f;
        }
        // A little gravity keeps unconnected parts from drifting apart.
        for (i, p) in pos.iter_mut().enumerate() {
            let (mut dx, mut dy) = disp[i];
            dx -= p.0 * 0.02;
            dy -= p.1 * 0.02;
            let d = (dx * dx + dy * dy).sqrt().max(0.01);
            let step = d.min(temperature);
            p.0 += dx / d * step;
            p.1 += dy / d * step;
        }
        temperature = (temperature - cooling).max(k * 0.05);
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::{Entity, Relationship};

    #[test]
    fn layout_spreads_nodes_and_keeps_neighbours_closer() {
        // Two cliques of 10 joined by one edge.
        let mut edges = Vec::new();
        for group in [0, 10] {
            for a in group..group + 10 {
                for b in a + 1..group + 10 {
                    edges.push((a, b));
                }
            }
        }
        edges.push((0, 10));
        let pos = layout(20, &edges);
        assert_eq!(pos, layout(20, &edges), "deterministic");
        let dist = |a: usize, b: usize| {
            let (dx, dy) = (pos[a].0 - pos[b].0, pos[a].1 - pos[b].1);
            (dx * dx + dy * dy).sqrt()
        };
        let mut within = 0.0;
        let mut across = 0.0;
        for a in 0..10 {
            for b in 0..10 {
                if a != b {
                    within += dist(a, b) + dist(a + 10, b + 10);
                }
                across += dist(a, b + 10);
            }
        }
        let (within, across) = (within / 180.0, across / 100.0);
        assert!(within * 1.5 < across, "within {within}, across {across}");
        for a in 0..20 {
            for b in a + 1..20 {
                assert!(dist(a, b) > 5.0, "{a} and {b} overlap");
            }
        }
    }

    #[test]
    fn each_cluster_has_a_disc_of_its_own() {
        // Three clusters of 30, 12 and 3 nodes, with edges inside and across.
        let clusters: Vec<usize> = (0..45)
            .map(|i| usize::from(i >= 30) + usize::from(i >= 42))
            .collect();
        let edges: Vec<(usize, usize)> = (0..45).map(|i| (i, (i * 7 + 3) % 45)).collect();
        let (pos, discs) = cluster_layout(45, &edges, &clusters);
        assert_eq!(
            (pos.clone(), discs.clone()),
            cluster_layout(45, &edges, &clusters)
        );
        assert_eq!(discs.len(), 3);
        for (i, &(x, y)) in pos.iter().enumerate() {
            let (cx, cy, r) = discs[clusters[i]];
            assert!(
                ((x - cx).powi(2) + (y - cy).powi(2)).sqrt() < r,
                "{i} outside its disc"
            );
        }
        for a in 0..3 {
            for b in a + 1..3 {
                let ((ax, ay, ar), (bx, by, br)) = (discs[a], discs[b]);
                let apart = ((ax - bx).powi(2) + (ay - by).powi(2)).sqrt() - ar - br;
                assert!(apart >= 100.0, "discs {a} and {b} {apart} apart");
            }
        }
        assert!(
            discs[0].2 > discs[1].2 && discs[1].2 > discs[2].2,
            "{discs:?}"
        );
    }

    #[test]
    fn the_page_holds_the_data_and_no_markup_from_it() {
        let mut m = Memory::new();
        m.upsert_entity(
            Entity::new("Evil </script><!-- Service", "service").description("<b>bold</b>"),
        );
        m.upsert_entity(Entity::new("Shop", "system"));
        m.upsert_relationship(Relationship::new(
            "Evil </script><!-- Service",
            "part_of",
            "Shop",
        ));
        let page = m.to_html("Shop & <co>");
        assert_eq!(page.matches("</script>").count(), 2, "only the page's own");
        assert!(!page.contains("<!-- Service"));
        assert!(page.contains("<title>Shop &amp; &lt;co&gt;</title>"));
        assert!(!page.contains("__DATA__") && !page.contains("__TITLE__"));
        let start = page.find("type=\"application/json\">").unwrap() + 24;
        let end = start + page[start..].find("</script>").unwrap();
        let data: Value = serde_json::from_str(&page[start..end]).unwrap();
        assert_eq!(data["nodes"][0]["n"], "Evil </script><!-- Service");
        assert_eq!(
            data["edges"][0],
            serde_json::json!([0, 1, "part of", "part_of"])
        );
        assert_eq!(data["systems"], serde_json::json!([1]));
        // Nothing is fetched: no URL but the SVG namespace.
        let urls: Vec<&str> = page
            .match_indices("http:")
            .chain(page.match_indices("https:"))
            .map(|(i, _)| &page[i..i + 30])
            .collect();
        assert!(
            urls.iter()
                .all(|u| u.starts_with("http://www.w3.org/2000/svg")),
            "{urls:?}"
        );
    }
}
