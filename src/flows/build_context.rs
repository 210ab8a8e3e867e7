//! The build-context flow: a one-pass overview of a system, with a Mermaid diagram of
//! its part of the knowledge graph.
//!
//! `retrieve → extract → build → end`.

use super::reply;
use super::sources::{self, EXTRACT, Env, HasSources, RETRIEVE, Sources};
use crate::events::Event;
use crate::graph::{BuildError, Cx, END, Graph, GraphBuilder, Next};
use crate::llm::{Message, Purpose};
use crate::memory::{Memory, MermaidOptions};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The flow's name (`archie build-context`, `archie graph build-context`).
pub const NAME: &str = "build-context";
/// Write the overview.
pub const BUILD: &str = "build";

/// The prompts this flow renders.
pub const PROMPTS: &[&str] = &["system", "extract", "build_context"];

/// The diagram's node cap: beyond it the diagram says what it left out.
pub const DIAGRAM_NODES: usize = 40;
/// An entity linked to at least this share of the others (and to at least [`HUB_MIN`])
/// connects to everything: it is a note on the diagram, not a star of edges.
const HUB_SHARE: f64 = 0.5;
const HUB_MIN: usize = 8;
/// Words that name no system of their own (`PaymentService` is about payments).
const GENERIC: &[&str] = &[
    "service",
    "system",
    "api",
    "app",
    "application",
    "platform",
    "db",
    "database",
    "the",
    "and",
    "of",
    "for",
    "component",
    "module",
    "server",
];

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct BuildContextState {
    pub system: String,
    #[serde(flatten)]
    pub sources: Sources,
    /// The overview, once written.
    pub overview: Option<String>,
}

impl HasSources for BuildContextState {
    fn sources(&mut self) -> &mut Sources {
        &mut self.sources
    }
}

pub fn graph() -> Result<Graph<BuildContextState, Env>, BuildError> {
    GraphBuilder::new(NAME)
        .node(RETRIEVE, sources::retrieve::<BuildContextState>)
        .node(EXTRACT, sources::extract::<BuildContextState>)
        .node(BUILD, build)
        .entry(RETRIEVE)
        .edge(RETRIEVE, EXTRACT)
        .edge(EXTRACT, BUILD)
        .edge(BUILD, END)
        .build()
}

/// The file name for a system's overview: `SYSTEM_context.md`, with anything that is not
/// a letter, digit, `-` or `_` turned into `_`.
pub fn default_output(system: &str) -> String {
    let safe: String = system
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let safe = safe.trim_matches('_');
    format!(
        "{}_context.md",
        if safe.is_empty() { "system" } else { safe }
    )
}

async fn build(state: &mut BuildContextState, cx: &mut Cx<'_, Env>) -> anyhow::Result<Next> {
    let env = cx.env;
    state.sources.load(cx.events, env.inputs.max_file_size);
    let now = &*state;
    let text = sources::ask_model(cx, Purpose::Final, |budgets| {
        let documents = sources::excerpts(&now.sources.documents, budgets.documents, &now.system);
        let about = sources::about(&now.system, &documents);
        let memory = env.relevant_memory_within(&now.sources.learned, &about, budgets.memory);
        let prompt = env.prompts.render(
            "build_context",
            json!({
                "system": now.system,
                "documents": documents,
                "memory": memory,
            }),
        )?;
        Ok(vec![env.system_message()?, Message::user(prompt)])
    })
    .await?;
    let reply = reply::parse(&text);
    if let Some(warning) = reply.warning {
        cx.emit(Event::Warning { message: warning });
    }
    if let Some(knowledge) = reply.knowledge {
        let vocabulary = reply::Vocabulary::of(&env.memory);
        let capped = knowledge.merge_into(&mut state.sources.learned, &vocabulary);
        if let Some(warning) = capped.warning() {
            cx.emit(Event::Warning { message: warning });
        }
    }

    // The system's part of the graph: what matches its name (or, when the name is the
    // whole system, what these documents are about), and its neighbourhood.
    let all = env.memory_with(&state.sources.learned);
    let view = system_view(&all, &state.sources.learned, &state.system, DIAGRAM_NODES);
    let shown = view.memory.entities().len();
    let diagram = view.mermaid();
    let overview = reply.agent;
    let mut document = sources::generated_header("build-context");
    document.push_str(&format!("# {} — context\n\n", state.system.trim()));
    document.push_str(overview.trim());
    document.push_str("\n\n## Knowledge graph\n\n```mermaid\n");
    document.push_str(diagram.trim_end());
    document.push_str("\n```\n");
    let output = state.sources.output_path(&env.output);
    sources::write_output(&output, &document)?;
    let mut what = vec!["overview".to_string()];
    for (name, count) in sources::outline(&overview) {
        if name != "purpose" {
            what.push(sources::counted(&name, count));
        }
    }
    what.push(format!("Mermaid diagram of {shown} nodes"));
    cx.emit(Event::Wrote {
        path: output.display().to_string(),
        what: what.join(" · "),
    });
    state.overview = Some(overview);
    Ok(Next::Continue)
}

/// The part of the knowledge graph a system's diagram draws.
pub struct SystemView {
    /// The entities drawn and the relationships between them.
    pub memory: Memory,
    /// Entities linked to nearly everything, with how many they link to: notes, not
    /// nodes.
    pub hubs: Vec<(String, usize)>,
    /// Related entities beyond the node cap.
    pub left_out: usize,
    pub cap: usize,
}

impl SystemView {
    /// The diagram: the drawn part grouped by type, and notes for hubs and what was left
    /// out.
    pub fn mermaid(&self) -> String {
        let mut text = self
            .memory
            .to_mermaid(&MermaidOptions::default().max_nodes(self.cap.max(1)));
        let mut notes = Vec::new();
        for (name, links) in &self.hubs {
            notes.push(format!(
                "{name} links to {links} entities; shown as this note, not as {links} edges"
            ));
        }
        if self.left_out > 0 {
            notes.push(format!(
                "… {} more related entities not shown (limit {})",
                self.left_out, self.cap
            ));
        }
        for (i, note) in notes.iter().enumerate() {
            let safe = note.replace('"', "#quot;");
            text.push_str(&format!("  %% {note}\n  hub_note_{i}[\"{safe}\"]:::note\n"));
        }
        if !notes.is_empty() && !text.contains("classDef note") {
            text.push_str(
                "  classDef note fill:none,stroke:#999,stroke-dasharray:4 4,color:#666\n",
            );
        }
        text
    }
}

/// The words of a name: split at anything not a letter or digit and at lower-to-upper
/// case changes (`PaymentService` is `payment`, `service`), lower case, plural `s` off.
fn words(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if !c.is_alphanumeric() {
            if !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        word.extend(c.to_lowercase());
    }
    if !word.is_empty() {
        out.push(word);
    }
    out.into_iter()
        .map(|w| match w.strip_suffix('s') {
            Some(stem) if stem.len() >= 3 && !stem.ends_with('s') => stem.to_string(),
            _ => w,
        })
        .collect()
}

/// What `system` names: its words without the generic ones (all of them if that leaves
/// nothing).
fn name_words(system: &str) -> Vec<String> {
    let all = words(system);
    let specific: Vec<String> = all
        .iter()
        .filter(|w| !GENERIC.contains(&w.as_str()))
        .cloned()
        .collect();
    if specific.is_empty() { all } else { specific }
}

/// The system's part of `all`: the entities whose names carry every word of `system`
/// (`payments` and `PaymentService` find `Payments DB` and `Payments Service`), or, when
/// nothing matches or only a hub does (the name is the whole system), what the run
/// learned from its documents; then their neighbours, ranked by how closely they are
/// linked, within `cap` nodes. Hubs are left out and listed.
pub fn system_view(all: &Memory, learned: &Memory, system: &str, cap: usize) -> SystemView {
    use crate::memory::key;
    use std::collections::{BTreeMap, BTreeSet};
    let mut links: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for r in all.relationships() {
        let (f, t) = (key(&r.from), key(&r.to));
        if f != t {
            links.entry(f.clone()).or_default().insert(t.clone());
            links.entry(t).or_default().insert(f);
        }
    }
    let degree = |k: &str| links.get(k).map_or(0, BTreeSet::len);
    let others = all.entities().len().saturating_sub(1);
    let threshold = ((others as f64 * HUB_SHARE).ceil() as usize).max(HUB_MIN);
    let hubs: BTreeSet<String> = all
        .entities()
        .iter()
        .map(|e| key(&e.name))
        .filter(|k| degree(k) >= threshold)
        .collect();

    let wanted = name_words(system);
    let matches: Vec<String> = all
        .entities()
        .iter()
        .filter(|e| {
            let have = words(&e.name);
            !wanted.is_empty() && wanted.iter().all(|w| have.contains(w))
        })
        .map(|e| key(&e.name))
        .collect();
    let mut seeds: Vec<String> = matches
        .iter()
        .filter(|k| !hubs.contains(*k))
        .cloned()
        .collect();
    if seeds.is_empty() {
        seeds = learned
            .entities()
            .iter()
            .map(|e| key(&e.name))
            .filter(|k| !hubs.contains(k))
            .collect();
    }
    if seeds.is_empty() {
        seeds = all
            .entities()
            .iter()
            .map(|e| key(&e.name))
            .filter(|k| !hubs.contains(k))
            .collect();
    }
    let seed_set: BTreeSet<&String> = seeds.iter().collect();

    // Seeds first, the best linked first; then neighbours by links to the seeds.
    let mut ranked: Vec<(
        usize,
        std::cmp::Reverse<usize>,
        std::cmp::Reverse<usize>,
        String,
    )> = Vec::new();
    for k in &seeds {
        ranked.push((
            0,
            std::cmp::Reverse(degree(k)),
            std::cmp::Reverse(0),
            k.clone(),
        ));
    }
    let mut near: BTreeMap<String, usize> = BTreeMap::new();
    for k in &seeds {
        for n in links.get(k).into_iter().flatten() {
            if !seed_set.contains(n) && !hubs.contains(n) {
                *near.entry(n.clone()).or_default() += 1;
            }
        }
    }
    for (k, to_seeds) in near {
        ranked.push((
            1,
            std::cmp::Reverse(to_seeds),
            std::cmp::Reverse(degree(&k)),
            k,
        ));
    }
    ranked.sort();
    ranked.dedup_by(|a, b| a.3 == b.3);
    let left_out = ranked.len().saturating_sub(cap);
    let chosen: BTreeSet<String> = ranked.into_iter().take(cap).map(|r| r.3).collect();

    let mut memory = Memory::new();
    for e in all.entities() {
        if chosen.contains(&key(&e.name)) {
            memory.upsert_entity(e.clone());
        }
    }
    for r in all.relationships() {
        if chosen.contains(&key(&r.from)) && chosen.contains(&key(&r.to)) {
            memory.upsert_relationship(r.clone());
        }
    }
    let mut hub_notes: Vec<(String, usize)> = hubs
        .iter()
        .filter_map(|k| all.entity(k).map(|e| (e.name.clone(), degree(k))))
        .collect();
    hub_notes.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    SystemView {
        memory,
        hubs: hub_notes,
        left_out,
        cap,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::{Entity, Relationship};

    /// A shop of 30 areas, each a service and a database, all linked to "NovaMart".
    fn shop() -> Memory {
        let mut m = Memory::new();
        m.upsert_entity(Entity::new("NovaMart", "system"));
        for i in 0..30 {
            let area = if i == 0 {
                "Payments".to_string()
            } else {
                format!("Area{i}")
            };
            m.upsert_entity(Entity::new(format!("{area} Service"), "service"));
            m.upsert_entity(Entity::new(format!("{area} DB"), "database"));
            m.upsert_relationship(Relationship::new(
                format!("{area} Service"),
                "writes_to",
                format!("{area} DB"),
            ));
            m.upsert_relationship(Relationship::new(
                "NovaMart",
                "contains",
                format!("{area} Service"),
            ));
            m.upsert_relationship(Relationship::new(
                "NovaMart",
                "contains",
                format!("{area} DB"),
            ));
        }
        m.upsert_relationship(Relationship::new(
            "Area1 Service",
            "calls",
            "Payments Service",
        ));
        m
    }

    #[test]
    fn the_diagram_draws_the_named_system_and_notes_the_hub() {
        let m = shop();
        let payments = system_view(&m, &m, "payments", 40);
        let names: Vec<&str> = payments
            .memory
            .entities()
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        assert!(
            names.contains(&"Payments Service") && names.contains(&"Payments DB"),
            "{names:?}"
        );
        assert!(names.contains(&"Area1 Service"), "a neighbour: {names:?}");
        assert!(!names.contains(&"NovaMart"), "the hub is a note: {names:?}");
        assert_eq!(payments.hubs[0].0, "NovaMart");
        assert_eq!(
            system_view(&m, &m, "PaymentService", 40)
                .memory
                .entities()
                .len(),
            payments.memory.entities().len()
        );
        let whole = system_view(&m, &m, "NovaMart", 40);
        assert_eq!(whole.memory.entities().len(), 40);
        assert!(whole.left_out > 0);
        assert!(whole.mermaid().contains("NovaMart links to 60 entities"));
        assert_ne!(
            payments.memory.entities().len(),
            whole.memory.entities().len()
        );
    }

    #[test]
    fn names_split_into_words() {
        assert_eq!(words("PaymentService"), ["payment", "service"]);
        assert_eq!(words("Payments DB"), ["payment", "db"]);
        assert_eq!(name_words("payments"), ["payment"]);
        assert_eq!(name_words("NovaMart"), ["nova", "mart"]);
    }

    #[test]
    fn output_names_are_filesystem_safe() {
        assert_eq!(super::default_output("payments"), "payments_context.md");
        assert_eq!(
            super::default_output("Order / Billing"),
            "Order___Billing_context.md"
        );
        assert_eq!(super::default_output("../../etc"), "etc_context.md");
        assert_eq!(super::default_output("   "), "system_context.md");
    }

    #[test]
    fn the_graph_is_valid() {
        assert!(super::graph().is_ok());
        assert!(crate::flows::analyze::graph().is_ok());
    }
}
