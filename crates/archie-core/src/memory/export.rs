//! The knowledge graph in the formats other tools read: Graphviz DOT, GraphML (Gephi,
//! yEd), Structurizr DSL, Mermaid's C4 syntax and (backstage.rs) a Backstage catalog.
//!
//! Every format is written from one [`Graph`]: the entities with an id that is safe in
//! every format, their family (what kind of thing each is), and the relationships whose
//! two ends are entities of the memory (a relationship to a name archie has no entity for
//! is left out: none of these formats can draw an edge to nothing).

use super::Memory;
use super::identity::{Family, entity_type};
use super::model::{Entity, Relationship, relationship_words as words};
use std::collections::{HashMap, HashSet};
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

/// A string as a double-quoted literal: JSON's escapes, which DOT, Structurizr, Mermaid
/// and YAML all read (DOT and Mermaid need `"` escaped; a newline becomes a space).
fn quoted(text: &str) -> String {
    let flat: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    serde_json::Value::String(flat).to_string()
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
        let mut out = String::from("workspace {\n    !identifiers flat\n\n    model {\n");
        for &i in &c4.people {
            let node = &graph.nodes[i];
            let _ = writeln!(
                out,
                "        {} = person {} {}",
                node.id,
                quoted(&node.entity.name),
                quoted(&node.entity.description)
            );
        }
        for &i in &c4.systems {
            let node = &graph.nodes[i];
            let _ = writeln!(
                out,
                "        {} = softwareSystem {} {}",
                node.id,
                quoted(&node.entity.name),
                quoted(&node.entity.description)
            );
        }
        let _ = writeln!(
            out,
            "        {system_id} = softwareSystem {} {{",
            quoted(system)
        );
        for &i in &c4.containers {
            let node = &graph.nodes[i];
            let tags = match node.family {
                Family::Store => " {\n                tags \"Database\"\n            }",
                Family::Channel => " {\n                tags \"Queue\"\n            }",
                _ => "",
            };
            let _ = writeln!(
                out,
                "            {} = container {} {} {}{tags}",
                node.id,
                quoted(&node.entity.name),
                quoted(&node.entity.description),
                quoted(&node.kind),
            );
        }
        out.push_str("        }\n\n");
        for edge in &graph.edges {
            let (from, to) = (&graph.nodes[edge.from], &graph.nodes[edge.to]);
            if edge.from == edge.to || !c4.drawn(edge.from) || !c4.drawn(edge.to) {
                continue;
            }
            let _ = writeln!(
                out,
                "        {} -> {} {}",
                from.id,
                to.id,
                quoted(&words(&edge.relationship.kind))
            );
        }
        let _ = write!(
            out,
            "    }}\n\n    views {{\n        systemContext {system_id} \"SystemContext\" {{\n            include *\n            autoLayout lr\n        }}\n\n        container {system_id} \"Containers\" {{\n            include *\n            autoLayout lr\n        }}\n\n        styles {{\n            element \"Database\" {{\n                shape cylinder\n            }}\n            element \"Queue\" {{\n                shape pipe\n            }}\n        }}\n    }}\n}}\n"
        );
        out
    }

    /// Mermaid's C4 container diagram of the same model as [`Memory::to_structurizr`].
    pub fn to_c4_mermaid(&self, system: &str) -> String {
        let graph = Graph::of(self);
        let c4 = C4::of(&graph, system);
        let mut ids = graph.nodes.iter().map(|n| n.id.clone()).collect();
        let boundary = match c4.itself {
            Some(i) => graph.nodes[i].id.clone(),
            None => unique_id(&format!("{system} boundary"), &mut ids),
        };
        let mut out = format!(
            "C4Container\n    title Containers of {}\n\n",
            mermaid(system)
        );
        for &i in &c4.people {
            let node = &graph.nodes[i];
            let _ = writeln!(
                out,
                "    Person({}, \"{}\", \"{}\")",
                node.id,
                mermaid(&node.entity.name),
                mermaid(&node.entity.description)
            );
        }
        for &i in &c4.systems {
            let node = &graph.nodes[i];
            let shape = if node.kind == "system" {
                "System"
            } else {
                "System_Ext"
            };
            let _ = writeln!(
                out,
                "    {shape}({}, \"{}\", \"{}\")",
                node.id,
                mermaid(&node.entity.name),
                mermaid(&node.entity.description)
            );
        }
        let _ = writeln!(
            out,
            "\n    System_Boundary({boundary}, \"{}\") {{",
            mermaid(system)
        );
        for &i in &c4.containers {
            let node = &graph.nodes[i];
            let shape = match node.family {
                Family::Store => "ContainerDb",
                Family::Channel => "ContainerQueue",
                _ => "Container",
            };
            let _ = writeln!(
                out,
                "        {shape}({}, \"{}\", \"{}\", \"{}\")",
                node.id,
                mermaid(&node.entity.name),
                mermaid(&node.kind),
                mermaid(&node.entity.description)
            );
        }
        out.push_str("    }\n\n");
        for edge in &graph.edges {
            if edge.from == edge.to || !c4.drawn(edge.from) || !c4.drawn(edge.to) {
                continue;
            }
            let _ = writeln!(
                out,
                "    Rel({}, {}, \"{}\")",
                graph.nodes[edge.from].id,
                graph.nodes[edge.to].id,
                mermaid(&words(&edge.relationship.kind))
            );
        }
        out
    }
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
        };
        let key = super::key(system);
        for (i, node) in graph.nodes.iter().enumerate() {
            if super::key(&node.entity.name) == key && node.family == Family::Component {
                c4.itself = Some(i);
                continue;
            }
            match (node.family, node.kind.as_str()) {
                (_, "system" | "external_system") => c4.systems.push(i),
                (Family::Team, _) => c4.people.push(i),
                (Family::Component | Family::Store | Family::Channel, _) => c4.containers.push(i),
                _ => c4.drawn[i] = false,
            }
        }
        c4
    }

    /// Whether an edge may end at `i`: a C4 element other than the system itself.
    fn drawn(&self, i: usize) -> bool {
        self.drawn[i] && self.itself != Some(i)
    }
}

/// Text safe inside a quoted Mermaid C4 argument (no `"`, no line breaks).
fn mermaid(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '"' => '\'',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect()
}

/// Text safe inside an XML element.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() && c != '\n' && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn memory() -> Memory {
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
    fn c4_mermaid_uses_the_shapes_of_each_family() {
        let c4 = memory().to_c4_mermaid("Shop");
        assert!(c4.starts_with("C4Container\n"), "{c4}");
        assert!(
            c4.contains("ContainerDb(e_orders_db, \"Orders DB\""),
            "{c4}"
        );
        assert!(c4.contains("ContainerQueue(e_order_events"), "{c4}");
        assert!(c4.contains("System_Ext(e_stripe, \"Stripe\""), "{c4}");
        assert!(c4.contains("Takes 'orders' <fast>"), "{c4}");
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
