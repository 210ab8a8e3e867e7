//! The build-context flow: a one-pass overview of a system, with a Mermaid diagram of
//! its part of the knowledge graph.
//!
//! `retrieve → extract → build → end`.

use super::reply;
use super::sources::{self, EXTRACT, HasSources, RETRIEVE, Sources, SourcesEnv};
use crate::events::Event;
use crate::flows::FlowError;
use crate::graph::{BuildError, Cx, END, Graph, GraphBuilder, Next};
use crate::llm::{Message, Purpose};
use crate::memory::key;
use crate::memory::{Memory, MermaidOptions, escape, identity};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Who is linked to whom, by entity key.
type Links = BTreeMap<String, BTreeSet<String>>;

/// The flow's name (`archie build-context`, `archie graph build-context`).
pub const NAME: &str = "build-context";
/// Write the overview.
pub const BUILD: &str = "build";

/// The prompts this flow renders.
pub const PROMPTS: &[&str] = &["system", "extract", "build_context"];
/// Its steps as the user reads them (node, words).
pub const STEPS: &[(&str, &str)] = &[
    sources::STEPS[0],
    sources::STEPS[1],
    (BUILD, "writing the overview"),
];

/// The diagram's node cap: beyond it the diagram says what it left out.
pub const DIAGRAM_NODES: usize = 40;
/// An entity linked to at least this share of the others (and to at least [`HUB_MIN`])
/// connects to everything: it is a note on the diagram, not a star of edges.
const HUB_SHARE: f64 = 0.5;
const HUB_MIN: usize = 8;
/// A name found in at least this share of the documents is their subject.
const SUBJECT_SHARE: f64 = 0.6;
/// What being linked to an entity already drawn adds to an entity's importance (which
/// is between 0 and 2) while the whole system's diagram grows.
const JOINED_BONUS: f64 = 0.5;
/// Words that join a name's words and name nothing (`Order and Payment Services`).
const JOINING: &[&str] = &["the", "and", "of", "for"];

/// Whether a word of a name names no system of its own: a kind word (`PaymentService`
/// is about payments), a generic word (`platform`) or a joining word; from the identity
/// vocabulary.
fn generic(word: &str) -> bool {
    identity::Kind::of_word(word).is_some()
        || identity::GENERIC_WORDS.contains(&word)
        || JOINING.contains(&word)
}

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

    /// The diagram drawn again from the decided memory: a pair merged after the file was
    /// written (`PayPal` and `PayPalApi`) is one node in it, not two.
    fn after_decisions(&self, output: &Path, memory: &Memory) -> Result<(), FlowError> {
        let output = self.sources.output_path(output);
        if sources::is_stdout(&output) {
            return Ok(());
        }
        let Ok(document) = std::fs::read_to_string(&output) else {
            return Ok(());
        };
        let Some(section) = knowledge_section(&document) else {
            return Ok(());
        };
        let view = self.view(memory);
        let drawn = view.section(&self.system);
        if document[section.clone()] != drawn {
            let mut redrawn = document;
            redrawn.replace_range(section, &drawn);
            sources::write_output(&output, &redrawn)?;
        }
        Ok(())
    }
}

impl BuildContextState {
    /// The system's part of `all`: what matches its name (or, when the name is the whole
    /// system, what these documents are about), and its neighbourhood.
    fn view(&self, all: &Memory) -> SystemView {
        let subject = is_subject(&self.system, &self.sources.documents);
        system_view(
            all,
            &self.sources.learned,
            &self.system,
            DIAGRAM_NODES,
            subject,
        )
    }
}

/// Where the file's "Knowledge graph" section is: its heading to the end of its Mermaid
/// block.
fn knowledge_section(document: &str) -> Option<std::ops::Range<usize>> {
    let start = document.find(KNOWLEDGE_HEADING)?;
    let block = start + document[start..].find("```mermaid\n")?;
    let end = block + "```mermaid\n".len();
    let close = end + document[end..].find("\n```\n")? + "\n```\n".len();
    Some(start..close)
}

const KNOWLEDGE_HEADING: &str = "## Knowledge graph\n\n";

pub fn graph() -> Result<Graph<BuildContextState, SourcesEnv>, BuildError> {
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

async fn build(
    state: &mut BuildContextState,
    cx: &mut Cx<'_, SourcesEnv>,
) -> Result<Next, FlowError> {
    let env = cx.env;
    state.sources.load(cx.events, env.inputs.max_file_size);
    // What the answer's knowledge must be found in (the whole corpus: tens of ms), made
    // while the model writes the answer.
    let ground = env.conversation_ground_later(&state.sources, &[]);
    let now = &*state;
    let text = sources::ask_model(cx, Purpose::Final, |budgets| {
        let documents = sources::excerpts(&now.sources.documents, budgets.documents, &now.system);
        let about = sources::about(&now.system, &documents);
        let memory = env.relevant_memory_within(&now.sources, &about, budgets.memory);
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
        // The system the documents describe is never one of its own components.
        let ground = ground
            .get(|| sources::ground_of_all(env.conversation_texts(&state.sources, &[])))
            .await;
        let mut origin = SourcesEnv::conversation_origin_of(ground, cx.run_id(), None);
        if is_subject(&state.system, &state.sources.documents) {
            origin = origin.not_the_system(&state.system);
        }
        let capped = knowledge.merge_into(&mut state.sources.learned, &vocabulary, &origin);
        if let Some(warning) = capped.warning() {
            cx.emit(Event::Warning { message: warning });
        }
    }

    // The system's part of the graph.
    let view = state.view(&env.memory_with(&state.sources));
    let shown = view.memory.entities().len();
    let overview = reply.agent;
    let mut document = sources::generated_header(NAME);
    document.push_str(&format!("# {} — context\n\n", state.system.trim()));
    // The model's headings go under archie's title: one `#` in the file.
    document.push_str(sources::demote_headings(&overview, 2).trim());
    document.push_str("\n\n");
    document.push_str(&view.section(&state.system));
    let output = state.sources.output_path(&env.output);
    if let Some(link) = sources::view_link(env, &output) {
        document.push_str(link.trim_end());
        document.push('\n');
    }
    sources::write_output(&output, &document)?;
    let mut what = vec!["overview".to_string()];
    for (name, count) in sources::outline(&overview) {
        // A section the model called "Overview" is the overview already named.
        if name != "purpose" && name != "overview" {
            what.push(sources::counted(&name, count));
        }
    }
    what.push(format!(
        "Mermaid diagram of {shown} node{}",
        if shown == 1 { "" } else { "s" }
    ));
    cx.emit(Event::Wrote {
        path: sources::output_name(&output),
        what: what.join(" · "),
    });
    state.overview = Some(overview);
    Ok(Next::Continue)
}

/// The part of the knowledge graph a system's diagram draws.
pub struct SystemView {
    /// The entities drawn and the relationships between them.
    pub memory: Memory,
    /// Entities linked to nearly everything: notes, not nodes.
    pub hubs: Vec<Hub>,
    /// Related entities beyond the node cap.
    pub left_out: usize,
    pub cap: usize,
    /// The name is the whole system (the documents' subject, or an entity the rest is
    /// part of): the diagram draws its main components, not one entity's neighbourhood.
    pub whole: bool,
    /// The entities the diagram chose from (the drawn ones and those left out).
    pub candidates: usize,
    /// The drawn entities most of the others hang on, with their links: the diagram's
    /// own hubs, marked on it and named in the overview.
    pub central: Vec<(String, usize)>,
}

/// An entity linked to nearly everything, drawn as a note joined to the groups it links
/// to rather than as a star of edges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hub {
    pub name: String,
    /// How many entities it links to.
    pub links: usize,
    /// The types of the drawn entities it links to (the diagram's groups).
    pub kinds: Vec<String>,
}

impl SystemView {
    /// The diagram: the drawn part grouped by type, relationship words as words, the
    /// central entities marked, and notes for hubs (joined to the groups they link to)
    /// and for what was left out.
    pub fn mermaid(&self) -> String {
        let text = self.memory.to_mermaid(
            &MermaidOptions::default()
                .max_nodes(self.cap.max(1))
                .laid_out(),
        );
        // The groups (`subgraph t_service["service"]`) and nodes (`n_x["Name"]`) by label.
        let mut groups: Vec<(String, String)> = Vec::new();
        let mut nodes: Vec<(String, String)> = Vec::new();
        let mut out = String::with_capacity(text.len() + 512);
        for line in text.lines() {
            let trimmed = line.trim_start();
            if let Some(rest) = trimmed.strip_prefix("subgraph ")
                && let Some((id, label)) = id_and_label(rest)
            {
                groups.push((label, id));
            } else if let Some((id, label)) = id_and_label(trimmed)
                && id.starts_with("n_")
            {
                nodes.push((label, id));
            }
            out.push_str(line);
            out.push('\n');
        }
        let central: Vec<&str> = self
            .central
            .iter()
            .filter_map(|(name, _)| {
                let label = escape::mermaid(name);
                nodes
                    .iter()
                    .find(|(l, _)| *l == label)
                    .map(|(_, id)| id.as_str())
            })
            .collect();
        if !central.is_empty() {
            out.push_str("  classDef central stroke-width:3px\n");
            out.push_str(&format!("  class {} central\n", central.join(",")));
        }
        let mut notes = Vec::new();
        for (i, hub) in self.hubs.iter().enumerate() {
            let links = hub.links;
            let id = format!("hub_note_{i}");
            notes.push((
                id.clone(),
                format!(
                    "{} links to {links} entities; shown as this note, not as {links} edges",
                    hub.name
                ),
            ));
            let mut joined = Vec::new();
            for kind in &hub.kinds {
                let label = escape::mermaid(kind);
                if let Some((_, gid)) = groups.iter().find(|(l, _)| *l == label)
                    && !joined.contains(gid)
                {
                    joined.push(gid.clone());
                }
            }
            for gid in joined {
                notes.push((String::new(), format!("  {id} -.- {gid}\n")));
            }
        }
        if self.left_out > 0 {
            notes.push((
                "left_out_note".to_string(),
                format!(
                    "… {} more related entities not shown (limit {})",
                    self.left_out, self.cap
                ),
            ));
        }
        let mut any = false;
        for (id, note) in &notes {
            if id.is_empty() {
                out.push_str(note);
                continue;
            }
            any = true;
            let safe = escape::mermaid(note);
            let comment: String = note
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect();
            out.push_str(&format!("  %% {comment}\n  {id}[\"{safe}\"]:::note\n"));
        }
        if any && !out.contains("classDef note") {
            out.push_str("  classDef note fill:none,stroke:#999,stroke-dasharray:4 4,color:#666\n");
        }
        out
    }

    /// One sentence for the overview: what the diagram draws, of how many, and its hubs.
    /// The file's "Knowledge graph" section: the heading, the summary and the diagram.
    fn section(&self, system: &str) -> String {
        format!(
            "{KNOWLEDGE_HEADING}{}\n\n```mermaid\n{}\n```\n",
            self.summary(system),
            self.mermaid().trim_end()
        )
    }

    pub fn summary(&self, system: &str) -> String {
        let shown = self.memory.entities().len();
        let system = system.trim();
        if shown == 0 {
            return format!("The knowledge graph holds nothing to draw for {system} yet.");
        }
        let mut text = if self.whole && shown == self.candidates {
            format!(
                "The diagram draws all {shown} {} of {system}",
                if shown == 1 {
                    "component"
                } else {
                    "components"
                }
            )
        } else if self.whole {
            format!(
                "The diagram draws {shown} of the {} components of {system}",
                self.candidates
            )
        } else {
            format!(
                "The diagram draws {shown} {} around {system}",
                if shown == 1 { "entity" } else { "entities" }
            )
        };
        if shown < self.candidates && self.whole {
            text.push_str(
                ", the most connected first (the most links, and the most paths between \
                 the others running through them)",
            );
        } else if self.left_out > 0 {
            text.push_str(&format!(
                " ({} more related entities are not drawn)",
                self.left_out
            ));
        }
        text.push('.');
        if !self.central.is_empty() && self.whole {
            let named: Vec<String> = self
                .central
                .iter()
                .map(|(name, links)| {
                    format!(
                        "{name} ({links} link{})",
                        if *links == 1 { "" } else { "s" }
                    )
                })
                .collect();
            text.push_str(&format!(
                " Its hubs, drawn with a heavier border: {}.",
                named.join(", ")
            ));
        }
        if !self.hubs.is_empty() {
            let named: Vec<String> = self.hubs.iter().map(|h| h.name.clone()).collect();
            text.push_str(&format!(
                " Linked to nearly everything, and so shown as a note: {}.",
                named.join(", ")
            ));
        }
        text
    }
}

/// `id["label"]` (with anything after it) as the id and the label as written.
fn id_and_label(text: &str) -> Option<(String, String)> {
    let (id, rest) = text.split_once("[\"")?;
    let (label, _) = rest.rsplit_once("\"]")?;
    if id.is_empty() || id.contains(' ') {
        return None;
    }
    Some((id.to_string(), label.to_string()))
}

/// The words of a name: split at anything not a letter or digit and at lower-to-upper
/// case changes (`PaymentService` is `payment`, `service`), lower case, plural `s` off.
fn words(name: &str) -> Vec<String> {
    identity::words(name)
        .into_iter()
        .map(|w| identity::singular(&w).into_owned())
        .collect()
}

/// What `system` names: its words without the generic ones (all of them if that leaves
/// nothing).
fn name_words(system: &str) -> Vec<String> {
    let all = words(system);
    let specific: Vec<String> = all.iter().filter(|w| !generic(w)).cloned().collect();
    if specific.is_empty() { all } else { specific }
}

/// Whether `system` is what the documents are about: named in at least
/// [`SUBJECT_SHARE`] of them (and in two or more).
pub fn is_subject(system: &str, documents: &[crate::docs::Document]) -> bool {
    let name = system.trim().to_lowercase();
    if name.is_empty() || documents.len() < 2 {
        return false;
    }
    let named = documents
        .iter()
        .filter(|d| d.text.to_lowercase().contains(&name))
        .count();
    named >= 2 && named as f64 >= documents.len() as f64 * SUBJECT_SHARE
}

/// The system's part of `all`.
///
/// - When `system` names one part (`payments` and `PaymentService` find `Payments DB`
///   and `Payments Service`: every word of the name is in theirs): those entities and
///   their neighbours, ranked by how closely they are linked.
/// - When it names the whole system (no entity matches, only a hub does, a matching
///   entity is of a whole's type such as `system` or `platform`, or `subject`: the
///   documents are about it): the main components of what the run learned from its
///   documents (or of the whole graph when it learned nothing), chosen by importance
///   ([`whole_system`]).
///
/// Always within `cap` nodes; hubs are left out and listed.
pub fn system_view(
    all: &Memory,
    learned: &Memory,
    system: &str,
    cap: usize,
    subject: bool,
) -> SystemView {
    let links = undirected_links(all);
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
    let system_key = key(system);
    let matched: Vec<&crate::memory::Entity> = all
        .entities()
        .iter()
        .filter(|e| {
            let have = words(&e.name);
            !wanted.is_empty() && wanted.iter().all(|w| have.contains(w))
        })
        .collect();
    // The entities that are the system itself: named exactly so, or of a whole's type.
    let itself: BTreeSet<String> = matched
        .iter()
        .filter(|e| key(&e.name) == system_key || identity::is_whole_type(&e.kind))
        .map(|e| key(&e.name))
        .collect();
    let seeds: Vec<String> = matched
        .iter()
        .map(|e| key(&e.name))
        .filter(|k| !hubs.contains(k))
        .collect();
    let whole_by_type = matched.iter().any(|e| identity::is_whole_type(&e.kind));
    let whole = seeds.is_empty() || whole_by_type || (subject && !itself.is_empty());

    let (chosen, left_out, candidates, central) = if whole {
        // What these documents describe; everything when the run learned (next to)
        // nothing.
        let source = if learned.entities().len() >= 3 {
            learned
        } else {
            all
        };
        let pool: Vec<String> = source
            .entities()
            .iter()
            .map(|e| key(&e.name))
            .filter(|k| !hubs.contains(k) && !itself.contains(k))
            .collect();
        let picked = whole_system(&pool, &links, cap);
        let central: Vec<(String, usize)> = picked
            .central
            .iter()
            .filter_map(|k| all.entity(k).map(|e| (e.name.clone(), degree(k))))
            .collect();
        let chosen: BTreeSet<String> = picked.chosen.into_iter().collect();
        let left_out = pool.len().saturating_sub(chosen.len());
        (chosen, left_out, pool.len(), central)
    } else {
        let (chosen, left_out, candidates) = around_seeds(&seeds, &links, &hubs, cap);
        (chosen, left_out, candidates, Vec::new())
    };

    SystemView {
        memory: within(all, &chosen),
        hubs: hub_notes(all, &links, &hubs, &chosen),
        left_out,
        cap,
        whole,
        candidates,
        central,
    }
}

/// Who is linked to whom, either way, by entity key (a self-link left out).
fn undirected_links(all: &Memory) -> Links {
    let mut links = Links::new();
    for r in all.relationships() {
        let (f, t) = (key(&r.from), key(&r.to));
        if f != t {
            links.entry(f.clone()).or_default().insert(t.clone());
            links.entry(t).or_default().insert(f);
        }
    }
    links
}

/// The part of a system that its name's entities (`seeds`, no hub among them) make, up
/// to `cap`: the seeds first, the best linked first; then their neighbours, by links to
/// the seeds. Returns the chosen, how many were left out and how many were candidates.
fn around_seeds(
    seeds: &[String],
    links: &Links,
    hubs: &BTreeSet<String>,
    cap: usize,
) -> (BTreeSet<String>, usize, usize) {
    let degree = |k: &str| links.get(k).map_or(0, BTreeSet::len);
    let seed_set: BTreeSet<&String> = seeds.iter().collect();
    let mut ranked: Vec<(
        usize,
        std::cmp::Reverse<usize>,
        std::cmp::Reverse<usize>,
        String,
    )> = Vec::new();
    for k in seeds {
        ranked.push((
            0,
            std::cmp::Reverse(degree(k)),
            std::cmp::Reverse(0),
            k.clone(),
        ));
    }
    let mut near: BTreeMap<String, usize> = BTreeMap::new();
    for k in seeds {
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
    let candidates = ranked.len();
    let left_out = candidates.saturating_sub(cap);
    let chosen: BTreeSet<String> = ranked.into_iter().take(cap).map(|r| r.3).collect();
    (chosen, left_out, candidates)
}

/// The entities of `all` whose keys are `chosen`, and the relationships between them.
fn within(all: &Memory, chosen: &BTreeSet<String>) -> Memory {
    all.only(|e| chosen.contains(&key(&e.name)))
}

/// The hubs left out of the picture, the most linked first, each with the kinds of the
/// chosen entities it links to.
fn hub_notes(
    all: &Memory,
    links: &Links,
    hubs: &BTreeSet<String>,
    chosen: &BTreeSet<String>,
) -> Vec<Hub> {
    let degree = |k: &str| links.get(k).map_or(0, BTreeSet::len);
    let mut hub_notes: Vec<Hub> = hubs
        .iter()
        .filter_map(|k| {
            let e = all.entity(k)?;
            let mut kinds: Vec<String> = links
                .get(k)
                .into_iter()
                .flatten()
                .filter(|n| chosen.contains(*n))
                .filter_map(|n| all.entity(n).map(|e| e.kind.clone()))
                .collect();
            kinds.sort();
            kinds.dedup();
            Some(Hub {
                name: e.name.clone(),
                links: degree(k),
                kinds,
            })
        })
        .collect();
    hub_notes.sort_by(|a, b| b.links.cmp(&a.links).then_with(|| a.name.cmp(&b.name)));
    hub_notes
}

/// What [`whole_system`] picked.
struct Picked {
    /// The keys to draw.
    chosen: Vec<String>,
    /// The few of them the most hang on, the most important first.
    central: Vec<String>,
}

/// How many entities [`whole_system`] counts paths from: all of them up to this many,
/// otherwise this many spread over the graph (an estimate, as good for ranking) …
const PATH_SOURCES: usize = 256;
/// … and fewer on a graph so large that this many steps (sources × entities and links)
/// would be passed, though never fewer than [`MIN_PATH_SOURCES`].
const PATH_WORK: usize = 20_000_000;
const MIN_PATH_SOURCES: usize = 16;
/// How many of the drawn entities are marked as the diagram's hubs.
const CENTRAL: usize = 3;

/// The main components of a whole system among `pool` (keys), within `cap`: each one's
/// importance is its links to the others and how many shortest paths between the others
/// run through it (betweenness, Brandes' algorithm, over the pool's own links), the two
/// scaled alike and added. The diagram is grown from the most important one, an entity
/// linked to those already drawn counting for more, so it shows flows, not scattered
/// stars. Deterministic: ties go to the key that sorts first.
fn whole_system(
    pool: &[String],
    links: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
    cap: usize,
) -> Picked {
    use std::collections::{HashMap, VecDeque};
    let mut keys: Vec<&String> = pool.iter().collect();
    keys.sort();
    keys.dedup();
    let n = keys.len();
    let index: HashMap<&str, usize> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| (k.as_str(), i))
        .collect();
    let adjacency: Vec<Vec<usize>> = keys
        .iter()
        .map(|k| {
            links
                .get(*k)
                .into_iter()
                .flatten()
                .filter_map(|n| index.get(n.as_str()).copied())
                .collect()
        })
        .collect();

    // Brandes' betweenness over the pool (undirected, unweighted).
    let mut between = vec![0.0f64; n];
    let size = n + adjacency.iter().map(Vec::len).sum::<usize>();
    let sources = (PATH_WORK / size.max(1)).clamp(MIN_PATH_SOURCES, PATH_SOURCES);
    let step = n.div_ceil(sources).max(1);
    let mut sigma = vec![0.0f64; n];
    let mut dist = vec![usize::MAX; n];
    let mut delta = vec![0.0f64; n];
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut order: Vec<usize> = Vec::with_capacity(n);
    let mut queue: VecDeque<usize> = VecDeque::new();
    for s in (0..n).step_by(step) {
        if adjacency[s].is_empty() {
            continue;
        }
        for v in &order {
            sigma[*v] = 0.0;
            dist[*v] = usize::MAX;
            delta[*v] = 0.0;
            preds[*v].clear();
        }
        order.clear();
        sigma[s] = 1.0;
        dist[s] = 0;
        queue.push_back(s);
        while let Some(v) = queue.pop_front() {
            order.push(v);
            for &w in &adjacency[v] {
                if dist[w] == usize::MAX {
                    dist[w] = dist[v] + 1;
                    queue.push_back(w);
                }
                if dist[w] == dist[v] + 1 {
                    sigma[w] += sigma[v];
                    preds[w].push(v);
                }
            }
        }
        for &w in order.iter().rev() {
            for &v in &preds[w] {
                delta[v] += sigma[v] / sigma[w] * (1.0 + delta[w]);
            }
            if w != s {
                between[w] += delta[w];
            }
        }
    }
    let max_between = between.iter().copied().fold(0.0, f64::max);
    let max_degree = adjacency.iter().map(Vec::len).max().unwrap_or(0);
    let score: Vec<f64> = (0..n)
        .map(|i| {
            let b = if max_between > 0.0 {
                between[i] / max_between
            } else {
                0.0
            };
            let d = if max_degree > 0 {
                adjacency[i].len() as f64 / max_degree as f64
            } else {
                0.0
            };
            b + d
        })
        .collect();

    // Grown from the most important, joined entities first among near equals.
    let mut drawn = vec![false; n];
    let mut touches = vec![false; n];
    let mut chosen = Vec::new();
    while chosen.len() < cap.min(n) {
        let mut best: Option<(f64, usize)> = None;
        for i in 0..n {
            if drawn[i] {
                continue;
            }
            let value = score[i] + if touches[i] { JOINED_BONUS } else { 0.0 };
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, i));
            }
        }
        let Some((_, i)) = best else { break };
        drawn[i] = true;
        for &w in &adjacency[i] {
            touches[w] = true;
        }
        chosen.push(i);
    }
    let mut central: Vec<usize> = chosen
        .iter()
        .copied()
        .filter(|&i| !adjacency[i].is_empty())
        .collect();
    central.sort_by(|&a, &b| score[b].total_cmp(&score[a]).then(a.cmp(&b)));
    central.truncate(CENTRAL);
    Picked {
        chosen: chosen.into_iter().map(|i| keys[i].clone()).collect(),
        central: central.into_iter().map(|i| keys[i].clone()).collect(),
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
        let payments = system_view(&m, &m, "payments", 40, false);
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
        assert_eq!(payments.hubs[0].name, "NovaMart");
        assert_eq!(
            system_view(&m, &m, "PaymentService", 40, false)
                .memory
                .entities()
                .len(),
            payments.memory.entities().len()
        );
        let whole = system_view(&m, &m, "NovaMart", 40, false);
        assert_eq!(whole.memory.entities().len(), 40);
        assert!(whole.left_out > 0);
        assert!(whole.mermaid().contains("NovaMart links to 60 entities"));
        assert_ne!(
            payments.memory.entities().len(),
            whole.memory.entities().len()
        );
    }

    /// 50 components in 10 areas (service, database, queue, API, cache), each service
    /// calling the next area's API; "NovaMart" (of `kind`) contains only two of them.
    fn platform(kind: Option<&str>) -> Memory {
        const AREAS: [&str; 10] = [
            "Payment",
            "Order",
            "Billing",
            "Ledger",
            "Catalog",
            "Search",
            "Identity",
            "Shipping",
            "Inventory",
            "Pricing",
        ];
        let mut m = Memory::new();
        for (i, area) in AREAS.iter().enumerate() {
            let next = AREAS[(i + 1) % AREAS.len()];
            for (part, kind) in [
                ("Service", "service"),
                ("DB", "database"),
                ("Queue", "queue"),
                ("API", "api"),
                ("Cache", "cache"),
            ] {
                m.upsert_entity(Entity::new(format!("{area}{part}"), kind));
            }
            for (from, rel, to) in [
                ("Service", "writes_to", "DB"),
                ("Service", "publishes_to", "Queue"),
                ("API", "calls", "Service"),
                ("Service", "reads_from", "Cache"),
            ] {
                m.upsert_relationship(Relationship::new(
                    format!("{area}{from}"),
                    rel,
                    format!("{area}{to}"),
                ));
            }
            m.upsert_relationship(Relationship::new(
                format!("{area}Service"),
                "calls",
                format!("{next}API"),
            ));
        }
        if let Some(kind) = kind {
            m.upsert_entity(Entity::new("NovaMart", kind));
            for part in ["OrderAPI", "CatalogAPI"] {
                m.upsert_relationship(Relationship::new("NovaMart", "contains", part));
            }
        }
        m
    }

    #[test]
    fn the_whole_system_draws_its_main_components_not_one_neighbourhood() {
        for (kind, subject) in [
            (Some("system"), false),
            (Some("platform"), false),
            (None, false),
            (Some("concept"), true),
        ] {
            let m = platform(kind);
            let whole = system_view(&m, &m, "NovaMart", DIAGRAM_NODES, subject);
            let names: Vec<&str> = whole
                .memory
                .entities()
                .iter()
                .map(|e| e.name.as_str())
                .collect();
            assert!(whole.whole, "{kind:?}");
            assert_eq!(names.len(), DIAGRAM_NODES, "{kind:?}: {names:?}");
            assert!(!names.contains(&"NovaMart"), "{names:?}");
            assert_eq!(whole.candidates, 50);
            assert_eq!(whole.left_out, 10);
            // The services carry the flows: every one is drawn, with its edges.
            for area in ["Payment", "Order", "Pricing"] {
                assert!(
                    names.contains(&format!("{area}Service").as_str()),
                    "{names:?}"
                );
            }
            assert!(whole.memory.relationships().len() >= 30, "edges kept");
            assert_eq!(whole.central.len(), CENTRAL);
            assert!(
                whole.central[0].0.ends_with("Service"),
                "{:?}",
                whole.central
            );
            let summary = whole.summary("NovaMart");
            assert!(
                summary.starts_with("The diagram draws 40 of the 50 components of NovaMart"),
                "{summary}"
            );
        }
        // A concept merely named in the documents, without being their subject, is one
        // entity and its neighbours.
        let m = platform(Some("concept"));
        let one = system_view(&m, &m, "NovaMart", DIAGRAM_NODES, false);
        assert!(!one.whole);
        assert_eq!(one.memory.entities().len(), 3);
        // One part is still one part, subject or not.
        let payments = system_view(&m, &m, "PaymentService", DIAGRAM_NODES, false);
        assert!(!payments.whole);
        let names: Vec<&str> = payments
            .memory
            .entities()
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        assert!(names.contains(&"PaymentService") && names.contains(&"PaymentDB"));
        assert!(names.contains(&"OrderAPI"), "a neighbour: {names:?}");
        assert!(!names.contains(&"SearchDB"), "unrelated: {names:?}");
        assert!(names.len() < 15, "{names:?}");
    }

    #[test]
    fn the_diagram_writes_words_marks_its_hubs_and_joins_hub_notes() {
        let m = shop();
        let whole = system_view(&m, &m, "NovaMart", 40, false);
        let text = whole.mermaid();
        assert!(text.contains("|\"writes to\"|"), "{text}");
        assert!(!text.contains("writes_to"), "{text}");
        assert!(text.contains("hub_note_0 -.- t_service"), "{text}");
        // Each database is drawn in its one service's box, so there is no database
        // group for the note to join.
        assert!(!text.contains("t_database"), "{text}");
        assert!(text.contains("  class n_"), "{text}");
    }

    /// The words models use: two services that call and depend on each other, both
    /// ways, each with its own store and queue, and a store two services share.
    #[test]
    fn the_diagram_draws_each_pair_once_and_stores_with_their_owner() {
        let mut m = platform(Some("system"));
        for (area, next) in [
            ("Payment", "Order"),
            ("Order", "Billing"),
            ("Billing", "Payment"),
        ] {
            for rel in ["depends_on", "calls", "uses"] {
                m.upsert_relationship(Relationship::new(
                    format!("{area}Service"),
                    rel,
                    format!("{next}Service"),
                ));
            }
            m.upsert_relationship(Relationship::new(
                format!("{next}Service"),
                "depends_on",
                format!("{area}Service"),
            ));
        }
        m.upsert_relationship(Relationship::new("OrderService", "reads_from", "PaymentDB"));
        let whole = system_view(&m, &m, "NovaMart", DIAGRAM_NODES, false);
        let text = whole.mermaid();
        let mut pairs = std::collections::BTreeMap::new();
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            if let [from, arrow, .., to] = words[..]
                && (arrow.starts_with("-->") || arrow.starts_with("<-->"))
            {
                let pair = if from < to { (from, to) } else { (to, from) };
                *pairs.entry(pair).or_insert(0) += 1;
            }
        }
        assert!(pairs.len() > 20, "{text}");
        assert!(pairs.values().all(|&n| n == 1), "{pairs:?}\n{text}");
        // Both ways, with the specific words only.
        assert!(
            text.contains("n_orderservice <-->|\"calls\"| n_paymentservice"),
            "{text}"
        );
        assert!(!text.contains("depends on\"| n_paymentservice"), "{text}");
        // A store only its service uses is in that service's box; a shared one is not.
        let boxed = |service: &str, store: &str| {
            let start = text.find(&format!("subgraph g_{service}[")).unwrap_or(0);
            let inner = &text[start..];
            let end = inner.find("    end").unwrap_or(0);
            start > 0 && inner[..end].contains(&format!("n_{store}["))
        };
        assert!(boxed("orderservice", "orderdb"), "{text}");
        assert!(boxed("orderservice", "orderqueue"), "{text}");
        assert!(!boxed("paymentservice", "paymentdb"), "{text}");
    }

    #[test]
    fn the_main_components_are_the_busiest_and_the_bridges_between_them() {
        use std::collections::{BTreeMap, BTreeSet};
        // Two stars of 20 joined through one bridge.
        let mut links: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let mut link = |a: &str, b: &str| {
            links.entry(a.into()).or_default().insert(b.into());
            links.entry(b.into()).or_default().insert(a.into());
        };
        for i in 0..20 {
            link("left", &format!("l{i:02}"));
            link("right", &format!("r{i:02}"));
        }
        link("left", "bridge");
        link("bridge", "right");
        let pool: Vec<String> = links.keys().cloned().collect();
        let picked = whole_system(&pool, &links, 3);
        let chosen: BTreeSet<&str> = picked.chosen.iter().map(String::as_str).collect();
        assert_eq!(chosen, BTreeSet::from(["bridge", "left", "right"]));
        assert_eq!(picked.central.len(), 3);
        assert_eq!(whole_system(&pool, &links, 100).chosen.len(), pool.len());
    }

    #[test]
    fn the_summary_says_how_many_of_how_many() {
        let empty = Memory::new();
        assert_eq!(
            system_view(&empty, &empty, "NovaMart", 40, true).summary("NovaMart"),
            "The knowledge graph holds nothing to draw for NovaMart yet."
        );
        let m = platform(Some("system"));
        let all = system_view(&m, &m, "NovaMart", 60, false).summary("NovaMart");
        assert!(
            all.starts_with("The diagram draws all 50 components of NovaMart."),
            "{all}"
        );
        let payments = system_view(&m, &m, "payments", 40, false).summary("payments");
        assert!(
            payments.starts_with("The diagram draws 7 entities around payments."),
            "{payments}"
        );
    }

    #[test]
    fn a_name_in_most_documents_is_their_subject() {
        let doc = |text: &str| crate::docs::Document {
            path: "d.md".into(),
            source: "d.md".into(),
            text: text.to_string(),
            size: text.len() as u64,
            hash: String::new(),
            withheld: Vec::new(),
            secrets_sent: false,
        };
        let docs = vec![
            doc("NovaMart checkout"),
            doc("novamart payments"),
            doc("PaymentService charges cards"),
        ];
        assert!(is_subject("NovaMart", &docs));
        assert!(!is_subject("PaymentService", &docs));
        assert!(!is_subject("NovaMart", &docs[..1]));
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
