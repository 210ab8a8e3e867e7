//! The knowledge graph in the formats other tools read: Graphviz DOT, GraphML (Gephi,
//! yEd), Structurizr DSL, Mermaid's C4 syntax and (backstage.rs) a Backstage catalog.
//!
//! Every format is written from one [`Graph`]: the entities with an id that is safe in
//! every format, their family (what kind of thing each is), and the relationships whose
//! two ends are entities of the memory (a relationship to a name archie has no entity for
//! is left out: none of these formats can draw an edge to nothing).

use super::Memory;
use super::escape;
use super::identity::{Family, entity_type};
use super::model::{Entity, Relationship, relationship_words as words};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write;

/// The graph every format is written from.
pub(super) struct Graph<'a> {
    pub(super) nodes: Vec<Node<'a>>,
    pub(super) edges: Vec<Edge<'a>>,
}

pub(super) struct Node<'a> {
    pub(super) entity: &'a Entity,
    /// `e_` and `[a-z0-9_]`, unique.
    pub(super) id: String,
    /// The entity's type in the extraction prompt's words (`service`, `database` …).
    pub(super) kind: String,
    pub(super) family: Family,
}

pub(super) struct Edge<'a> {
    pub(super) from: usize,
    pub(super) to: usize,
    pub(super) relationship: &'a Relationship,
}

impl<'a> Graph<'a> {
    pub(super) fn of(memory: &'a Memory) -> Self {
        let mut used = HashSet::new();
        let mut index = HashMap::new();
        let nodes: Vec<Node<'a>> = memory
            .entities()
            .iter()
            .enumerate()
            .map(|(i, entity)| {
                index.insert(super::key(&entity.name), i);
                let kind = entity_type(&entity.kind);
                Node {
                    id: unique_id(&entity.name, &mut used),
                    family: Family::of(&kind),
                    kind,
                    entity,
                }
            })
            .collect();
        let edges = memory
            .relationships()
            .iter()
            .filter_map(|relationship| {
                let end = |name: &str| {
                    index.get(&super::key(name)).copied().or_else(|| {
                        let found = memory.entity(name)?;
                        index.get(&super::key(&found.name)).copied()
                    })
                };
                Some(Edge {
                    from: end(&relationship.from)?,
                    to: end(&relationship.to)?,
                    relationship,
                })
            })
            .collect();
        Graph { nodes, edges }
    }
}

/// An id of ASCII letters, digits and `_` for `name` (`e_order_service`), unique among
/// `used`.
fn unique_id(name: &str, used: &mut HashSet<String>) -> String {
    let mut base = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            base.push(c.to_ascii_lowercase());
        } else if !base.ends_with('_') && !base.is_empty() {
            base.push('_');
        }
    }
    // Always a prefix: a bare `edge`, `node`, `end` or `person` is a keyword of one of
    // the formats, and an id may not start with a digit.
    let base = format!("e_{}", base.trim_end_matches('_'));
    let mut id = base.clone();
    let mut n = 2;
    while !used.insert(id.clone()) {
        id = format!("{base}_{n}");
        n += 1;
    }
    id
}

/// A colour per family, the same in every format that has colours.
pub(super) fn colour_of(family: Family) -> &'static str {
    match family {
        Family::Component => "#4e79a7",
        Family::Store => "#f28e2b",
        Family::Channel => "#59a14f",
        Family::Team => "#b07aa1",
        Family::Library => "#76b7b2",
        Family::Concept => "#edc948",
        Family::Unknown => "#9d9d9d",
    }
}

/// A double-quoted DOT string.
fn quoted(text: &str) -> String {
    escape::dot(text)
}

impl Memory {
    /// A Graphviz digraph: one node per entity (labelled with its name, coloured and shaped
    /// by its family, with `type` and `description` attributes), one edge per
    /// relationship labelled in words.
    pub fn to_dot(&self) -> String {
        let graph = Graph::of(self);
        let mut out = String::from(
            "digraph archie {\n  graph [rankdir=LR, overlap=false, fontname=\"Helvetica\"];\n  node [style=filled, fontname=\"Helvetica\", fontcolor=white];\n  edge [fontname=\"Helvetica\", fontsize=10];\n",
        );
        for node in &graph.nodes {
            let shape = match node.family {
                Family::Store => "cylinder",
                Family::Channel => "cds",
                Family::Team => "house",
                Family::Library => "component",
                Family::Concept => "note",
                Family::Component | Family::Unknown => "box",
            };
            let _ = writeln!(
                out,
                "  {} [label={}, shape={shape}, fillcolor=\"{}\", type={}, tooltip={}];",
                node.id,
                quoted(&node.entity.name),
                colour_of(node.family),
                quoted(&node.kind),
                quoted(&node.entity.description),
            );
        }
        for edge in &graph.edges {
            let kind = &edge.relationship.kind;
            let _ = writeln!(
                out,
                "  {} -> {} [label={}, type={}];",
                graph.nodes[edge.from].id,
                graph.nodes[edge.to].id,
                quoted(&words(kind)),
                quoted(kind),
            );
        }
        out.push_str("}\n");
        out
    }

    /// GraphML with `name`, `type`, `description` and `aliases` on nodes and `type` and
    /// `label` on edges, declared as keys so Gephi and yEd show them as columns.
    pub fn to_graphml(&self) -> String {
        let graph = Graph::of(self);
        let mut out = String::from(concat!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
            "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" ",
            "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" ",
            "xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns ",
            "http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n",
            "  <key id=\"name\" for=\"node\" attr.name=\"name\" attr.type=\"string\"/>\n",
            "  <key id=\"type\" for=\"node\" attr.name=\"type\" attr.type=\"string\"/>\n",
            "  <key id=\"description\" for=\"node\" attr.name=\"description\" attr.type=\"string\"/>\n",
            "  <key id=\"aliases\" for=\"node\" attr.name=\"aliases\" attr.type=\"string\"/>\n",
            "  <key id=\"color\" for=\"node\" attr.name=\"color\" attr.type=\"string\"/>\n",
            "  <key id=\"rel_type\" for=\"edge\" attr.name=\"type\" attr.type=\"string\"/>\n",
            "  <key id=\"label\" for=\"edge\" attr.name=\"label\" attr.type=\"string\"/>\n",
            "  <graph id=\"archie\" edgedefault=\"directed\">\n",
        ));
        for node in &graph.nodes {
            let aliases: Vec<&str> = node.entity.aliases().collect();
            let _ = writeln!(out, "    <node id=\"{}\">", node.id);
            let mut data = |key: &str, value: &str| {
                if !value.is_empty() {
                    let _ = writeln!(out, "      <data key=\"{key}\">{}</data>", xml(value));
                }
            };
            data("name", &node.entity.name);
            data("type", &node.kind);
            data("description", &node.entity.description);
            data("aliases", &aliases.join("; "));
            data("color", colour_of(node.family));
            out.push_str("    </node>\n");
        }
        for (i, edge) in graph.edges.iter().enumerate() {
            let kind = &edge.relationship.kind;
            let _ = writeln!(
                out,
                "    <edge id=\"r{i}\" source=\"{}\" target=\"{}\">\n      <data key=\"rel_type\">{}</data>\n      <data key=\"label\">{}</data>\n    </edge>",
                graph.nodes[edge.from].id,
                graph.nodes[edge.to].id,
                xml(kind),
                xml(&words(kind)),
            );
        }
        out.push_str("  </graph>\n</graphml>\n");
        out
    }

    /// A Structurizr DSL workspace: the system's services, APIs, stores and queues as
    /// containers of one software system named `system`, external systems and entities
    /// of type `system` as software systems of their own, teams as people, every
    /// relationship with its words as description, and a system-context and a container
    /// view.
    pub fn to_structurizr(&self, system: &str) -> String {
        let graph = Graph::of(self);
        let c4 = C4::of(&graph, system);
        let mut ids = graph.nodes.iter().map(|n| n.id.clone()).collect();
        let system_id = match c4.itself {
            Some(i) => graph.nodes[i].id.clone(),
            None => unique_id(&format!("{system} system"), &mut ids),
        };
        // Every string through Structurizr's escaping; the constants it may need are
        // declared first.
        let mut constants = false;
        let mut q = |text: &str| {
            let (quoted, needs) = escape::structurizr(text);
            constants |= needs;
            quoted
        };
        let mut model = String::new();
        for &i in &c4.people {
            let node = &graph.nodes[i];
            let _ = writeln!(
                model,
                "        {} = person {} {}",
                node.id,
                q(&node.entity.name),
                q(&node.entity.description)
            );
        }
        let container = |model: &mut String, q: &mut dyn FnMut(&str) -> String, i: usize| {
            let node = &graph.nodes[i];
            let tags = match node.family {
                Family::Store => " {\n                tags \"Database\"\n            }",
                Family::Channel => " {\n                tags \"Queue\"\n            }",
                _ => "",
            };
            let _ = writeln!(
                model,
                "            {} = container {} {} {}{tags}",
                node.id,
                q(&node.entity.name),
                q(&node.entity.description),
                q(&node.kind),
            );
        };
        for &i in &c4.systems {
            let node = &graph.nodes[i];
            let _ = write!(
                model,
                "        {} = softwareSystem {} {}",
                node.id,
                q(&node.entity.name),
                q(&node.entity.description)
            );
            match c4.members.get(&i) {
                Some(parts) => {
                    model.push_str(" {\n");
                    for &part in parts {
                        container(&mut model, &mut q, part);
                    }
                    model.push_str("        }\n");
                }
                None => model.push('\n'),
            }
        }
        let _ = writeln!(
            model,
            "        {system_id} = softwareSystem {} {{",
            q(system)
        );
        for &i in &c4.containers {
            container(&mut model, &mut q, i);
        }
        model.push_str("        }\n\n");
        // One relationship per pair and direction, in words (Structurizr refuses two
        // with one description).
        for ((from, to), said) in c4.relationships(&graph) {
            let _ = writeln!(
                model,
                "        {} -> {} {}",
                graph.nodes[from].id,
                graph.nodes[to].id,
                q(&said)
            );
        }
        let mut out = String::from("workspace {\n    !identifiers flat\n");
        if constants {
            out.push_str(escape::STRUCTURIZR_CONSTANTS);
        }
        out.push_str("\n    model {\n");
        out.push_str(&model);
        let _ = write!(
            out,
            "    }}\n\n    views {{\n        systemContext {system_id} \"SystemContext\" {{\n            include *\n            autoLayout lr\n        }}\n\n        container {system_id} \"Containers\" {{\n            include *\n            autoLayout lr\n        }}\n\n        styles {{\n            element \"Database\" {{\n                shape cylinder\n            }}\n            element \"Queue\" {{\n                shape pipe\n            }}\n        }}\n    }}\n}}\n"
        );
        out
    }

    /// Mermaid's C4 container diagram of the same model as [`Memory::to_structurizr`],
    /// one relationship per pair of elements (the words of all of them), within
    /// Mermaid's text limit: when the whole would not fit, the best connected elements
    /// are drawn and the title says how many were left out and where to see them all.
    pub fn to_c4_mermaid(&self, system: &str) -> String {
        self.to_c4_mermaid_within(system, escape::MERMAID_MAX_TEXT)
    }

    pub(super) fn to_c4_mermaid_within(&self, system: &str, limit: usize) -> String {
        let graph = Graph::of(self);
        let c4 = C4::of(&graph, system);
        let mut ids = graph.nodes.iter().map(|n| n.id.clone()).collect();
        let boundary = match c4.itself {
            Some(i) => graph.nodes[i].id.clone(),
            None => unique_id(&format!("{system} boundary"), &mut ids),
        };
        let line = c4.mermaid_elements(&graph);
        let m = escape::mermaid;
        let relationships: Vec<((usize, usize), String)> = c4
            .relationships(&graph)
            .into_iter()
            .map(|((from, to), said)| {
                let text = format!(
                    "    Rel({}, {}, \"{}\")\n",
                    graph.nodes[from].id,
                    graph.nodes[to].id,
                    m(&said)
                );
                ((from, to), text)
            })
            .collect();
        let ranked = best_connected(&graph, line.keys().copied(), &relationships);
        let diagram = C4Mermaid {
            graph: &graph,
            c4: &c4,
            system,
            boundary,
            line,
            relationships,
            ranked,
        };
        let whole = diagram.drawing(diagram.ranked.len());
        if whole.len() <= limit {
            return whole;
        }
        // The most elements whose diagram fits.
        let (mut low, mut high) = (0, diagram.ranked.len());
        while low < high {
            let mid = (low + high).div_ceil(2);
            if diagram.drawing(mid).len() <= limit {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        diagram.drawing(low)
    }
}

/// A Mermaid C4 container diagram with its best connected elements drawn.
struct C4Mermaid<'a> {
    graph: &'a Graph<'a>,
    c4: &'a C4,
    system: &'a str,
    /// The id of the system's boundary.
    boundary: String,
    /// Each element's line, by node.
    line: HashMap<usize, String>,
    /// One per pair and direction: the pair and its `Rel` line.
    relationships: Vec<((usize, usize), String)>,
    /// The elements, the best connected first.
    ranked: Vec<usize>,
}

impl C4Mermaid<'_> {
    /// The diagram of the first `count` elements of [`C4Mermaid::ranked`] and the
    /// relationships between them; the title says what was left out.
    fn drawing(&self, count: usize) -> String {
        let m = escape::mermaid;
        let drawn: HashSet<usize> = self.ranked.iter().take(count).copied().collect();
        let rels: Vec<&String> = self
            .relationships
            .iter()
            .filter(|((f, t), _)| drawn.contains(f) && drawn.contains(t))
            .map(|(_, text)| text)
            .collect();
        let mut title = format!("Containers of {}", self.system);
        if count < self.ranked.len() {
            let _ = write!(
                title,
                " — {count} of {} elements and {} of {} relationships drawn (Mermaid's size limit); all of them in archie memory view",
                self.ranked.len(),
                rels.len(),
                self.relationships.len()
            );
        }
        let title = m(&title);
        let mut out = format!("C4Container\n    title {title}\n\n");
        if count < self.ranked.len() {
            let _ = writeln!(
                out,
                "    %% Left out: {} elements and {} relationships, the least connected. `archie memory view` shows them all; `archie build-context NAME` draws one part.\n",
                self.ranked.len() - count,
                self.relationships.len() - rels.len()
            );
        }
        for &i in self.ranked.iter().take(count) {
            if !self.c4.containers.contains(&i) && self.c4.boundary_of(i).is_none() {
                out.push_str(&self.line[&i]);
            }
        }
        // The memory's other systems, each a boundary around its drawn containers.
        for (&whole, parts) in &self.c4.members {
            let inside: Vec<usize> = parts
                .iter()
                .copied()
                .filter(|p| drawn.contains(p))
                .collect();
            if inside.is_empty() {
                continue;
            }
            let node = &self.graph.nodes[whole];
            let _ = writeln!(
                out,
                "\n    System_Boundary({}, \"{}\") {{",
                node.id,
                m(&node.entity.name)
            );
            for i in inside {
                out.push_str(&self.line[&i]);
            }
            out.push_str("    }\n");
        }
        let _ = writeln!(
            out,
            "\n    System_Boundary({}, \"{}\") {{",
            self.boundary,
            m(self.system)
        );
        for &i in &self.c4.containers {
            if drawn.contains(&i) {
                out.push_str(&self.line[&i]);
            }
        }
        out.push_str("    }\n\n");
        for text in rels {
            out.push_str(text);
        }
        out
    }
}

/// The elements, the best connected first (the most relationships at either end),
/// then by id.
fn best_connected(
    graph: &Graph,
    elements: impl Iterator<Item = usize>,
    relationships: &[((usize, usize), String)],
) -> Vec<usize> {
    let mut degree: HashMap<usize, usize> = HashMap::new();
    for ((from, to), _) in relationships {
        *degree.entry(*from).or_default() += 1;
        *degree.entry(*to).or_default() += 1;
    }
    let mut ranked: Vec<usize> = elements.collect();
    ranked.sort_by(|a, b| {
        degree
            .get(b)
            .unwrap_or(&0)
            .cmp(degree.get(a).unwrap_or(&0))
            .then_with(|| graph.nodes[*a].id.cmp(&graph.nodes[*b].id))
    });
    ranked
}

/// Which C4 element each entity is: people (teams), software systems (entities of type
/// `system` and external systems), containers (everything that runs or keeps data inside
/// the system). Libraries, concepts and unknown things are not C4 elements.
struct C4 {
    people: Vec<usize>,
    systems: Vec<usize>,
    containers: Vec<usize>,
    drawn: Vec<bool>,
    /// The entity that is the system itself, if the memory has one.
    itself: Option<usize>,
    /// The memory's other systems (of type `system`) with the containers that are part
    /// of them (`part_of`, `contains`): a boundary each, not one of the system's.
    members: BTreeMap<usize, Vec<usize>>,
}

impl C4 {
    /// `system` is the system the containers belong to; an entity of that name is that
    /// system, not a second one.
    fn of(graph: &Graph, system: &str) -> Self {
        let mut c4 = C4 {
            people: Vec::new(),
            systems: Vec::new(),
            containers: Vec::new(),
            drawn: vec![true; graph.nodes.len()],
            itself: None,
            members: BTreeMap::new(),
        };
        let key = super::key(system);
        // An API that nothing in the memory exposes, owns or contains (and that is part
        // of nothing) is a third party's (Stripe's, Okta's): outside the boundary.
        let mut held = vec![false; graph.nodes.len()];
        for edge in &graph.edges {
            let kind = entity_relationship(&edge.relationship.kind);
            match kind.as_str() {
                "exposes" | "provides" | "implements" | "owns" | "contains" => {
                    held[edge.to] = true;
                }
                "part_of" | "owned_by" | "exposed_by" | "provided_by" => held[edge.from] = true,
                _ => {}
            }
        }
        for (i, node) in graph.nodes.iter().enumerate() {
            if super::key(&node.entity.name) == key && node.family == Family::Component {
                c4.itself = Some(i);
                continue;
            }
            match (node.family, node.kind.as_str()) {
                (_, "system" | "external_system") => c4.systems.push(i),
                (_, "api") if !held[i] => c4.systems.push(i),
                (Family::Team, _) => c4.people.push(i),
                (Family::Component | Family::Store | Family::Channel, _) => c4.containers.push(i),
                _ => c4.drawn[i] = false,
            }
        }
        // Containers that are part of another system of the memory go into its boundary.
        let other = |i: usize| graph.nodes[i].kind == "system" && c4.itself != Some(i);
        let mut member_of: BTreeMap<usize, usize> = BTreeMap::new();
        for edge in &graph.edges {
            let kind = entity_relationship(&edge.relationship.kind);
            let (part, whole) = match kind.as_str() {
                "part_of" => (edge.from, edge.to),
                "contains" => (edge.to, edge.from),
                _ => continue,
            };
            if other(whole) && c4.containers.contains(&part) {
                member_of.entry(part).or_insert(whole);
            }
        }
        for (part, whole) in member_of {
            c4.containers.retain(|&c| c != part);
            c4.members.entry(whole).or_default().push(part);
        }
        c4
    }

    /// Each element's line in Mermaid's C4 syntax, by node: people, the systems not
    /// drawn as a boundary, and containers (those in a boundary too).
    fn mermaid_elements(&self, graph: &Graph) -> HashMap<usize, String> {
        let m = escape::mermaid;
        let element = |shape: &str, i: usize| {
            let node = &graph.nodes[i];
            format!(
                "    {shape}({}, \"{}\", \"{}\")\n",
                node.id,
                m(&node.entity.name),
                m(&node.entity.description)
            )
        };
        let mut line: HashMap<usize, String> = HashMap::new();
        for &i in &self.people {
            line.insert(i, element("Person", i));
        }
        for &i in &self.systems {
            if self.members.contains_key(&i) {
                continue;
            }
            let shape = if graph.nodes[i].kind == "system" {
                "System"
            } else {
                "System_Ext"
            };
            line.insert(i, element(shape, i));
        }
        for &i in self
            .containers
            .iter()
            .chain(self.members.values().flatten())
        {
            let node = &graph.nodes[i];
            let shape = match node.family {
                Family::Store => "ContainerDb",
                Family::Channel => "ContainerQueue",
                _ => "Container",
            };
            line.insert(
                i,
                format!(
                    "        {shape}({}, \"{}\", \"{}\", \"{}\")\n",
                    node.id,
                    m(&node.entity.name),
                    m(&node.kind),
                    m(&node.entity.description)
                ),
            );
        }
        line
    }

    /// Whether an edge may end at `i`: a C4 element other than the system itself or a
    /// system drawn as the boundary of its containers.
    fn drawn(&self, i: usize) -> bool {
        self.drawn[i] && self.itself != Some(i) && !self.members.contains_key(&i)
    }

    /// The system `i` is a container of, if not the main one.
    fn boundary_of(&self, i: usize) -> Option<usize> {
        self.members
            .iter()
            .find(|(_, parts)| parts.contains(&i))
            .map(|(&whole, _)| whole)
    }

    /// The relationships between drawn elements, one per pair and direction: the
    /// words of all of that pair's relationships, joined, in the order first met.
    fn relationships(&self, graph: &Graph) -> Vec<((usize, usize), String)> {
        let mut said: BTreeMap<(usize, usize), Vec<String>> = BTreeMap::new();
        for edge in &graph.edges {
            if edge.from == edge.to || !self.drawn(edge.from) || !self.drawn(edge.to) {
                continue;
            }
            let words = words(&edge.relationship.kind);
            let list = said.entry((edge.from, edge.to)).or_default();
            if !list.contains(&words) {
                list.push(words);
            }
        }
        said.into_iter()
            .map(|(pair, words)| (pair, words.join(", ")))
            .collect()
    }
}

/// Text safe inside an XML element.
fn xml(text: &str) -> String {
    escape::xml(text)
}

/// A relationship type in the prompt's words, from the other end where it reads that way.
fn entity_relationship(kind: &str) -> String {
    super::identity::relationship_kind(kind).0
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A memory archie grew from documents (no catalog behind it); the Backstage tests
    /// use it too.
    pub(in crate::memory) fn memory() -> Memory {
        let mut m = Memory::new();
        let entities = [
            Entity::new("Order Service", "service").description("Takes \"orders\" <fast>"),
            Entity::new("Orders DB", "database"),
            Entity::new("Order Events", "queue"),
            Entity::new("Payments Team", "team"),
            Entity::new("Stripe", "external_system"),
            Entity::new("Orders API", "api"),
            Entity::new("3D Secure", "concept"),
        ];
        let relationships = [
            Relationship::new("Order Service", "writes_to", "Orders DB"),
            Relationship::new("Order Service", "publishes_to", "Order Events"),
            Relationship::new("Payments Team", "owns", "Order Service"),
            Relationship::new("Order Service", "calls", "Stripe"),
            Relationship::new("Order Service", "exposes", "Orders API"),
            Relationship::new("Order Service", "calls", "Nowhere"),
        ];
        for e in entities {
            m.upsert_entity(e);
        }
        for r in relationships {
            m.upsert_relationship(r);
        }
        m
    }

    #[test]
    fn dot_has_every_entity_and_every_edge_with_both_ends() {
        let dot = memory().to_dot();
        assert!(dot.starts_with("digraph archie {"), "{dot}");
        for id in [
            "e_order_service",
            "e_orders_db",
            "e_order_events",
            "e_3d_secure",
        ] {
            assert!(dot.contains(&format!("  {id} [")), "{id}: {dot}");
        }
        assert!(
            dot.contains(
                "e_order_service -> e_order_events [label=\"publishes to\", type=\"publishes_to\"]"
            ),
            "{dot}"
        );
        assert!(
            dot.contains("tooltip=\"Takes \\\"orders\\\" <fast>\""),
            "{dot}"
        );
        // A relationship's end archie knows nothing of is an entity of unknown type.
        assert!(
            dot.contains(
                "e_nowhere [label=\"Nowhere\", shape=box, fillcolor=\"#9d9d9d\", type=\"unknown\""
            ),
            "{dot}"
        );
        assert_eq!(dot.matches(" -> ").count(), 6, "{dot}");
    }

    #[test]
    fn graphml_escapes_and_declares_its_keys() {
        let xml = memory().to_graphml();
        assert!(
            xml.contains("Takes &quot;orders&quot; &lt;fast&gt;"),
            "{xml}"
        );
        assert_eq!(xml.matches("<node ").count(), 8);
        assert_eq!(xml.matches("<edge ").count(), 6);
        assert!(
            xml.contains("<data key=\"label\">writes to</data>"),
            "{xml}"
        );
    }

    #[test]
    fn structurizr_puts_stores_in_the_system_and_teams_outside() {
        let dsl = memory().to_structurizr("Shop");
        assert!(
            dsl.contains("e_payments_team = person \"Payments Team\""),
            "{dsl}"
        );
        assert!(
            dsl.contains("e_stripe = softwareSystem \"Stripe\""),
            "{dsl}"
        );
        assert!(
            dsl.contains("e_orders_db = container \"Orders DB\" \"\" \"database\" {"),
            "{dsl}"
        );
        assert!(
            dsl.contains("e_order_service -> e_stripe \"calls\""),
            "{dsl}"
        );
        assert!(!dsl.contains("3D Secure"), "{dsl}");
        assert_eq!(dsl.matches('{').count(), dsl.matches('}').count(), "{dsl}");
        // Every identifier a relationship or a view names is defined once, and no two
        // elements share a name (Structurizr refuses both).
        let mut defined = Vec::new();
        let mut names = Vec::new();
        for line in dsl.lines() {
            if let Some((id, rest)) = line.trim().split_once(" = ") {
                defined.push(id.to_string());
                names.push(rest.split('"').nth(1).unwrap_or_default().to_string());
            }
        }
        let mut unique = defined.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), defined.len(), "{dsl}");
        let mut unique_names = names.clone();
        unique_names.sort();
        unique_names.dedup();
        assert_eq!(unique_names.len(), names.len(), "{dsl}");
        for line in dsl.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.len() > 2 && words[1] == "->" {
                assert!(defined.iter().any(|d| d == words[0]), "{line}");
                assert!(defined.iter().any(|d| d == words[2]), "{line}");
            }
            if let ["systemContext" | "container", id, ..] = words[..] {
                assert!(defined.iter().any(|d| d == id), "{line}");
            }
        }
        assert!(defined.len() >= 6, "{dsl}");
    }

    #[test]
    fn each_system_of_the_memory_is_a_system_with_its_containers() {
        let mut m = memory();
        m.upsert_entity(Entity::new("Billing", "system"));
        m.upsert_entity(Entity::new("Invoice Service", "service"));
        m.upsert_entity(Entity::new("Invoices DB", "database"));
        m.upsert_relationship(Relationship::new("Invoice Service", "part_of", "Billing"));
        m.upsert_relationship(Relationship::new("Billing", "contains", "Invoices DB"));
        m.upsert_relationship(Relationship::new(
            "Invoice Service",
            "writes_to",
            "Invoices DB",
        ));
        m.upsert_relationship(Relationship::new(
            "Order Service",
            "calls",
            "Invoice Service",
        ));
        let dsl = m.to_structurizr("Shop");
        let billing = dsl
            .find("e_billing = softwareSystem \"Billing\" \"\" {")
            .unwrap();
        let shop = dsl.find("softwareSystem \"Shop\" {").unwrap();
        let invoice = dsl.find("e_invoice_service = container").unwrap();
        let db = dsl.find("e_invoices_db = container").unwrap();
        assert!(billing < invoice && invoice < shop && db < shop, "{dsl}");
        assert!(
            dsl.contains("e_order_service -> e_invoice_service \"calls\""),
            "{dsl}"
        );
        assert_eq!(dsl.matches('{').count(), dsl.matches('}').count(), "{dsl}");
        let c4 = m.to_c4_mermaid("Shop");
        let boundary = c4
            .find("System_Boundary(e_billing, \"Billing\") {")
            .unwrap();
        assert!(
            c4[boundary..].contains("Container(e_invoice_service"),
            "{c4}"
        );
        assert!(!c4.contains("System(e_billing"), "{c4}");
        assert!(
            c4.contains("Rel(e_order_service, e_invoice_service, \"calls\")"),
            "{c4}"
        );
    }

    #[test]
    fn a_third_partys_api_is_outside_the_boundary() {
        let mut m = memory();
        m.upsert_entity(Entity::new("Okta API", "api"));
        m.upsert_relationship(Relationship::new("Order Service", "calls", "Okta API"));
        let c4 = m.to_c4_mermaid("Shop");
        assert!(c4.contains("System_Ext(e_okta_api, \"Okta API\""), "{c4}");
        // Orders API is exposed by Order Service: a container of the system.
        assert!(
            c4.contains("Container(e_orders_api, \"Orders API\""),
            "{c4}"
        );
        let dsl = m.to_structurizr("Shop");
        assert!(
            dsl.contains("e_okta_api = softwareSystem \"Okta API\""),
            "{dsl}"
        );
    }

    #[test]
    fn c4_mermaid_uses_the_shapes_of_each_family() {
        let c4 = memory().to_c4_mermaid("Shop");
        assert!(c4.starts_with("C4Container\n"), "{c4}");
        assert!(
            c4.contains("ContainerDb(e_orders_db, \"Orders DB\""),
            "{c4}"
        );
        assert!(c4.contains("ContainerQueue(e_order_events"), "{c4}");
        assert!(c4.contains("System_Ext(e_stripe, \"Stripe\""), "{c4}");
        assert!(c4.contains("Takes #quot;orders#quot; #60;fast#62;"), "{c4}");
        assert!(
            c4.contains("Rel(e_order_service, e_orders_db, \"writes to\")"),
            "{c4}"
        );
    }

    #[test]
    fn ids_are_valid_and_unique() {
        let mut ids = HashSet::new();
        assert_eq!(unique_id("3D Secure", &mut ids), "e_3d_secure");
        assert_eq!(unique_id("end", &mut ids), "e_end");
        assert_eq!(unique_id("End", &mut ids), "e_end_2");
    }
}
