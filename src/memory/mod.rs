//! The knowledge graph and its memory file (`context.json`).
//!
//! - [`Memory`]: entities and relationships, indexed by a normalised [`key`], merged by
//!   the rules in [`Memory::upsert_entity`] and [`Memory::upsert_relationship`].
//! - [`MemoryFile`]: the file on disk. Atomic saves under an advisory lock, merge-on-save
//!   when another process changed the file meanwhile, deterministic pretty JSON.
//! - [`Memory::to_mermaid`]: a readable Mermaid flowchart of the graph or a part of it.
//!
//! The JSON shape is the original Archie's (`{"entities": [...], "relationships": [...]}`,
//! the older `relations` key is read too), so its users' files keep working both ways.

mod file;
mod mermaid;
mod relevant;

pub use file::{MemoryFile, SaveReport};
pub use mermaid::MermaidOptions;
pub use relevant::Relevant;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;

/// A thing in the system: a service, a store, a queue, an API, a concept.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entity {
    pub name: String,
    #[serde(rename = "type", default = "unknown_type")]
    pub kind: String,
    #[serde(default, deserialize_with = "null_default")]
    pub description: String,
    #[serde(default, deserialize_with = "null_default")]
    pub tags: Vec<String>,
    #[serde(default, deserialize_with = "null_default")]
    pub properties: Map<String, Value>,
}

/// A directed, typed edge between two entities (`orderservice writes_to paymentsdb`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Relationship {
    pub from: String,
    pub to: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, deserialize_with = "null_default")]
    pub properties: Map<String, Value>,
}

/// The type given to an entity archie knows only as a relationship's endpoint.
pub const UNKNOWN_TYPE: &str = "unknown";

fn unknown_type() -> String {
    UNKNOWN_TYPE.to_string()
}

/// Accepts `null` where a list, map or string is expected (hand-edited files do that).
fn null_default<'de, D, T>(de: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(de)?.unwrap_or_default())
}

impl Entity {
    pub fn new(name: impl Into<String>, kind: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            kind: kind.into(),
            description: String::new(),
            tags: Vec::new(),
            properties: Map::new(),
        }
    }

    pub fn description(mut self, description: impl Into<String>) -> Self {
        self.description = description.into();
        self
    }

    pub fn tag(mut self, tag: impl Into<String>) -> Self {
        self.tags.push(tag.into());
        self
    }

    pub fn property(mut self, key: impl Into<String>, value: impl Into<Value>) -> Self {
        self.properties.insert(key.into(), value.into());
        self
    }
}

impl Relationship {
    pub fn new(from: impl Into<String>, kind: impl Into<String>, to: impl Into<String>) -> Self {
        Self {
            from: from.into(),
            to: to.into(),
            kind: kind.into(),
            properties: Map::new(),
        }
    }

    pub fn property(mut self, key: impl Into<String>, value: impl Into<Value>) -> Self {
        self.properties.insert(key.into(), value.into());
        self
    }
}

/// The match key of a name: case-folded, whitespace trimmed and collapsed.
/// `"  Order   Service "` and `"order service"` are the same entity.
pub fn key(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for word in name.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().flat_map(char::to_lowercase));
    }
    out
}

/// A relationship type in lower snake case: `writes to`, `WRITES_TO`, `writes-to`,
/// `writesTo` all become `writes_to`.
pub fn relationship_type(kind: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut prev_lower = false;
    for c in kind.chars() {
        if c.is_whitespace() || c == '-' || c == '_' || c == '.' || c == '/' {
            if !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        current.extend(c.to_lowercase());
    }
    if !current.is_empty() {
        words.push(current);
    }
    words.join("_")
}

/// What one upsert did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    Added,
    Updated,
    Unchanged,
    /// Not stored: the entity had no name, or the relationship lacked from, to or type.
    Skipped,
}

/// What a merge changed, so callers can say "+12 entities, +19 relationships".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct MergeReport {
    pub entities_added: usize,
    pub entities_updated: usize,
    pub entities_unchanged: usize,
    pub relationships_added: usize,
    pub relationships_updated: usize,
    pub relationships_unchanged: usize,
    /// Entities created (type `unknown`) because a relationship named them.
    pub stubs_added: usize,
    /// Entities without a name and relationships without from, to or type.
    pub skipped: usize,
}

impl MergeReport {
    /// Whether the merge changed anything.
    pub fn changed(&self) -> bool {
        self.entities_added
            + self.entities_updated
            + self.relationships_added
            + self.relationships_updated
            + self.stubs_added
            > 0
    }

    fn entity(&mut self, change: Change) {
        match change {
            Change::Added => self.entities_added += 1,
            Change::Updated => self.entities_updated += 1,
            Change::Unchanged => self.entities_unchanged += 1,
            Change::Skipped => self.skipped += 1,
        }
    }

    fn relationship(&mut self, change: Change) {
        match change {
            Change::Added => self.relationships_added += 1,
            Change::Updated => self.relationships_updated += 1,
            Change::Unchanged => self.relationships_unchanged += 1,
            Change::Skipped => self.skipped += 1,
        }
    }
}

type RelKey = (String, String, String);

/// The knowledge graph: entities and relationships with O(1) lookups by key.
///
/// Entities and relationships are never removed, so the indices stay valid; the order
/// in memory is insertion order, the order on disk is sorted (see [`Memory::to_json`]).
#[derive(Debug, Clone, Default)]
pub struct Memory {
    entities: Vec<Entity>,
    relationships: Vec<Relationship>,
    /// Unknown top-level keys of the file, written back unchanged.
    pub extra: Map<String, Value>,
    by_key: HashMap<String, usize>,
    rel_by_key: HashMap<RelKey, usize>,
    /// Entity key → indices of relationships leaving it / arriving at it.
    outgoing: HashMap<String, Vec<usize>>,
    incoming: HashMap<String, Vec<usize>>,
}

impl PartialEq for Memory {
    fn eq(&self, other: &Self) -> bool {
        self.to_json() == other.to_json()
    }
}

/// The file's shape, for reading: `relations` is the older name of `relationships`.
#[derive(Deserialize)]
struct RawIn {
    #[serde(default, deserialize_with = "null_default")]
    entities: Vec<Entity>,
    #[serde(default, deserialize_with = "null_default")]
    relationships: Vec<Relationship>,
    #[serde(default, deserialize_with = "null_default")]
    relations: Vec<Relationship>,
    #[serde(flatten)]
    extra: Map<String, Value>,
}

#[derive(Serialize)]
struct RawOut<'a> {
    entities: Vec<&'a Entity>,
    relationships: Vec<&'a Relationship>,
    #[serde(flatten)]
    extra: &'a Map<String, Value>,
}

/// Serialises in the file's shape (sorted), so a `Memory` can sit in a flow's state.
impl Serialize for Memory {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.raw_out().serialize(serializer)
    }
}

/// Reads the file's shape, including the older `relations` key.
impl<'de> Deserialize<'de> for Memory {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        RawIn::deserialize(deserializer).map(Memory::from_raw)
    }
}

impl Memory {
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses a memory file's text. Entities and relationships are merged by the usual
    /// rules, so duplicate names in a hand-edited or original file collapse into one.
    pub fn from_json(text: &[u8]) -> Result<Self, serde_json::Error> {
        serde_json::from_slice(text)
    }

    fn from_raw(raw: RawIn) -> Self {
        let mut memory = Memory {
            extra: raw.extra,
            ..Memory::default()
        };
        memory.entities.reserve(raw.entities.len());
        for entity in raw.entities {
            memory.upsert_entity(entity);
        }
        for rel in raw.relationships.into_iter().chain(raw.relations) {
            memory.upsert_relationship(rel);
        }
        memory
    }

    /// The file's shape, sorted: entities by key, relationships by (from, to, type).
    fn raw_out(&self) -> RawOut<'_> {
        let mut entities: Vec<(String, &Entity)> =
            self.entities.iter().map(|e| (key(&e.name), e)).collect();
        entities.sort_by(|a, b| a.0.cmp(&b.0));
        let mut relationships: Vec<(RelKey, &Relationship)> = self
            .relationships
            .iter()
            .map(|r| ((key(&r.from), key(&r.to), r.kind.clone()), r))
            .collect();
        relationships.sort_by(|a, b| a.0.cmp(&b.0));
        RawOut {
            entities: entities.into_iter().map(|(_, e)| e).collect(),
            relationships: relationships.into_iter().map(|(_, r)| r).collect(),
            extra: &self.extra,
        }
    }

    /// The file's text: sorted, 2-space pretty JSON with a trailing newline.
    pub fn to_json(&self) -> String {
        // Serialising strings, lists and maps with string keys cannot fail.
        let mut text = serde_json::to_string_pretty(&self.raw_out()).unwrap_or_default();
        text.push('\n');
        text
    }

    pub fn entities(&self) -> &[Entity] {
        &self.entities
    }

    pub fn relationships(&self) -> &[Relationship] {
        &self.relationships
    }

    pub fn is_empty(&self) -> bool {
        self.entities.is_empty() && self.relationships.is_empty()
    }

    /// The entity whose name matches `name` by [`key`].
    pub fn entity(&self, name: &str) -> Option<&Entity> {
        self.by_key.get(&key(name)).map(|&i| &self.entities[i])
    }

    /// Relationships leaving the entity.
    pub fn outgoing(&self, name: &str) -> Vec<&Relationship> {
        self.rels(&self.outgoing, name)
    }

    /// Relationships arriving at the entity.
    pub fn incoming(&self, name: &str) -> Vec<&Relationship> {
        self.rels(&self.incoming, name)
    }

    fn rels(&self, index: &HashMap<String, Vec<usize>>, name: &str) -> Vec<&Relationship> {
        let mut out: Vec<&Relationship> = index
            .get(&key(name))
            .map(|ids| ids.iter().map(|&i| &self.relationships[i]).collect())
            .unwrap_or_default();
        out.sort_by_key(|r| (key(&r.from), key(&r.to), r.kind.clone()));
        out
    }

    /// Every relationship touching the entity, outgoing first.
    pub fn relationships_of(&self, name: &str) -> Vec<&Relationship> {
        let mut out = self.outgoing(name);
        out.extend(
            self.incoming(name)
                .into_iter()
                .filter(|r| key(&r.from) != key(&r.to)),
        );
        out
    }

    /// The entities directly connected to `name` (either direction), sorted by key.
    pub fn neighbours(&self, name: &str) -> Vec<&Entity> {
        let k = key(name);
        let mut keys: Vec<String> = self
            .neighbour_keys(&k)
            .into_iter()
            .filter(|n| *n != k)
            .collect();
        keys.sort();
        keys.dedup();
        keys.iter().filter_map(|n| self.entity(n)).collect()
    }

    fn neighbour_keys(&self, k: &str) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(ids) = self.outgoing.get(k) {
            out.extend(ids.iter().map(|&i| key(&self.relationships[i].to)));
        }
        if let Some(ids) = self.incoming.get(k) {
            out.extend(ids.iter().map(|&i| key(&self.relationships[i].from)));
        }
        out
    }

    /// How many relationships touch the entity with this key.
    fn degree(&self, k: &str) -> usize {
        self.outgoing.get(k).map_or(0, Vec::len) + self.incoming.get(k).map_or(0, Vec::len)
    }

    /// Adds an entity or updates the one with the same [`key`]. The first display name
    /// is kept; a non-empty description replaces the old one; a type replaces the old
    /// one unless it is empty or `unknown`; tags are united; properties shallow-merged.
    pub fn upsert_entity(&mut self, entity: Entity) -> Change {
        let k = key(&entity.name);
        if k.is_empty() {
            return Change::Skipped;
        }
        let kind = entity.kind.trim();
        let description = entity.description.trim();
        match self.by_key.get(&k) {
            Some(&i) => {
                let old = &mut self.entities[i];
                let mut changed = false;
                if !description.is_empty() && old.description != description {
                    old.description = description.to_string();
                    changed = true;
                }
                if !kind.is_empty() && kind != UNKNOWN_TYPE && old.kind != kind {
                    old.kind = kind.to_string();
                    changed = true;
                }
                for tag in entity.tags {
                    let tag = tag.trim();
                    if !tag.is_empty() && !old.tags.iter().any(|t| t == tag) {
                        old.tags.push(tag.to_string());
                        changed = true;
                    }
                }
                if changed {
                    old.tags.sort();
                }
                for (name, value) in entity.properties {
                    if old.properties.get(&name) != Some(&value) {
                        old.properties.insert(name, value);
                        changed = true;
                    }
                }
                if changed {
                    Change::Updated
                } else {
                    Change::Unchanged
                }
            }
            None => {
                let mut tags: Vec<String> = entity
                    .tags
                    .iter()
                    .map(|t| t.trim().to_string())
                    .filter(|t| !t.is_empty())
                    .collect();
                tags.sort();
                tags.dedup();
                let stored = Entity {
                    name: entity.name.trim().to_string(),
                    kind: if kind.is_empty() {
                        UNKNOWN_TYPE.to_string()
                    } else {
                        kind.to_string()
                    },
                    description: description.to_string(),
                    tags,
                    properties: entity.properties,
                };
                self.by_key.insert(k, self.entities.len());
                self.entities.push(stored);
                Change::Added
            }
        }
    }

    /// Adds a relationship or merges its properties into the one with the same
    /// (key(from), key(to), normalised type). An endpoint that is not an entity yet is
    /// created as a stub of type `unknown` (the second value counts them), so nothing
    /// is dropped. The stored `from`/`to` are the entities' display names.
    pub fn upsert_relationship(&mut self, rel: Relationship) -> (Change, usize) {
        let kind = relationship_type(&rel.kind);
        let (fk, tk) = (key(&rel.from), key(&rel.to));
        if fk.is_empty() || tk.is_empty() || kind.is_empty() {
            return (Change::Skipped, 0);
        }
        let mut stubs = 0;
        for name in [&rel.from, &rel.to] {
            if self.upsert_entity(Entity::new(name.as_str(), UNKNOWN_TYPE)) == Change::Added {
                stubs += 1;
            }
        }
        let rk = (fk, tk, kind);
        if let Some(&i) = self.rel_by_key.get(&rk) {
            let old = &mut self.relationships[i];
            let mut changed = false;
            for (name, value) in rel.properties {
                if old.properties.get(&name) != Some(&value) {
                    old.properties.insert(name, value);
                    changed = true;
                }
            }
            let change = if changed {
                Change::Updated
            } else {
                Change::Unchanged
            };
            return (change, stubs);
        }
        let display = |k: &str| {
            self.by_key
                .get(k)
                .map(|&i| self.entities[i].name.clone())
                .unwrap_or_default()
        };
        let stored = Relationship {
            from: display(&rk.0),
            to: display(&rk.1),
            kind: rk.2.clone(),
            properties: rel.properties,
        };
        let i = self.relationships.len();
        self.outgoing.entry(rk.0.clone()).or_default().push(i);
        self.incoming.entry(rk.1.clone()).or_default().push(i);
        self.rel_by_key.insert(rk, i);
        self.relationships.push(stored);
        (Change::Added, stubs)
    }

    /// Merges entities, then relationships, into this memory. Unknown top-level keys of
    /// `other` overwrite ours.
    pub fn merge(&mut self, other: Memory) -> MergeReport {
        let mut report = MergeReport::default();
        for (k, v) in other.extra {
            self.extra.insert(k, v);
        }
        self.merge_parts(other.entities, other.relationships, &mut report);
        report
    }

    /// Merges loose entities and relationships (as extracted from a document).
    pub fn merge_parts(
        &mut self,
        entities: Vec<Entity>,
        relationships: Vec<Relationship>,
        report: &mut MergeReport,
    ) {
        self.entities.reserve(entities.len());
        for entity in entities {
            report.entity(self.upsert_entity(entity));
        }
        for rel in relationships {
            let (change, stubs) = self.upsert_relationship(rel);
            report.relationship(change);
            report.stubs_added += stubs;
        }
    }

    /// Counts by type and the most connected entities.
    pub fn stats(&self) -> Stats {
        let mut by_type: BTreeMap<&str, usize> = BTreeMap::new();
        for e in &self.entities {
            *by_type.entry(e.kind.as_str()).or_default() += 1;
        }
        let mut by_rel: BTreeMap<&str, usize> = BTreeMap::new();
        for r in &self.relationships {
            *by_rel.entry(r.kind.as_str()).or_default() += 1;
        }
        let counted = |m: BTreeMap<&str, usize>| {
            let mut v: Vec<Count> = m
                .into_iter()
                .map(|(name, count)| Count {
                    name: name.to_string(),
                    count,
                })
                .collect();
            v.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.name.cmp(&b.name)));
            v
        };
        let mut connected: Vec<(usize, String, &Entity)> = self
            .entities
            .iter()
            .map(|e| {
                let k = key(&e.name);
                (self.degree(&k), k, e)
            })
            .filter(|(d, _, _)| *d > 0)
            .collect();
        connected.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        Stats {
            entities: self.entities.len(),
            relationships: self.relationships.len(),
            entity_types: counted(by_type),
            relationship_types: counted(by_rel),
            most_connected: connected
                .into_iter()
                .take(10)
                .map(|(count, _, e)| Count {
                    name: e.name.clone(),
                    count,
                })
                .collect(),
        }
    }

    /// Picks at most `max` entity keys: with an empty `focus`, the best connected of the
    /// whole graph; otherwise the focus entities, then their neighbours up to `depth`
    /// hops (nearest first, then best connected).
    fn select(&self, focus: &[String], depth: usize, max: usize) -> Selection {
        let mut distance: HashMap<String, usize> = HashMap::new();
        let mut missing = Vec::new();
        if focus.is_empty() {
            for e in &self.entities {
                distance.insert(key(&e.name), 0);
            }
        } else {
            let mut queue = std::collections::VecDeque::new();
            for name in focus {
                let k = key(name);
                if !self.by_key.contains_key(&k) {
                    missing.push(name.clone());
                } else if !distance.contains_key(&k) {
                    distance.insert(k.clone(), 0);
                    queue.push_back(k);
                }
            }
            while let Some(k) = queue.pop_front() {
                let d = distance.get(&k).copied().unwrap_or(0);
                if d >= depth {
                    continue;
                }
                for n in self.neighbour_keys(&k) {
                    if !distance.contains_key(&n) {
                        distance.insert(n.clone(), d + 1);
                        queue.push_back(n);
                    }
                }
            }
        }
        let mut ranked: Vec<(usize, std::cmp::Reverse<usize>, String)> = distance
            .into_iter()
            .map(|(k, d)| (d, std::cmp::Reverse(self.degree(&k)), k))
            .collect();
        ranked.sort();
        let total = ranked.len();
        let shown: HashSet<String> = ranked.into_iter().take(max).map(|(_, _, k)| k).collect();
        Selection {
            omitted: total - shown.len(),
            shown,
            missing,
        }
    }

    /// The part of the graph around `focus` (or the best connected part when `focus`
    /// is empty): at most `max_entities` entities and the relationships between them.
    /// The second value counts the candidate entities left out. For prompts that must
    /// not carry the whole memory.
    pub fn subgraph(&self, focus: &[String], depth: usize, max_entities: usize) -> (Memory, usize) {
        let Selection { shown, omitted, .. } = self.select(focus, depth, max_entities);
        let mut out = Memory::new();
        let mut keys: Vec<&String> = shown.iter().collect();
        keys.sort();
        for k in keys {
            if let Some(e) = self.entity(k) {
                out.upsert_entity(e.clone());
            }
        }
        for r in &self.relationships {
            if shown.contains(&key(&r.from)) && shown.contains(&key(&r.to)) {
                out.upsert_relationship(r.clone());
            }
        }
        (out, omitted)
    }

    /// Names close to `name` (for "did you mean"), best first, at most `limit`.
    pub fn suggest(&self, name: &str, limit: usize) -> Vec<String> {
        let k = key(name);
        if k.is_empty() {
            return Vec::new();
        }
        let max = (k.chars().count() / 3).max(1);
        let mut scored: Vec<(usize, String, &str)> = self
            .entities
            .iter()
            .filter_map(|e| {
                let ek = key(&e.name);
                let substring = k.chars().count().min(ek.chars().count()) >= 3
                    && (ek.contains(&k) || k.contains(&ek));
                let d = if substring {
                    Some(1)
                } else {
                    levenshtein(&k, &ek, max)
                };
                d.map(|d| (d, ek, e.name.as_str()))
            })
            .collect();
        scored.sort();
        scored
            .into_iter()
            .take(limit)
            .map(|(_, _, n)| n.to_string())
            .collect()
    }
}

/// Edit distance between `a` and `b` if it is at most `max`.
fn levenshtein(a: &str, b: &str, max: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    let d = prev[b.len()];
    (d <= max).then_some(d)
}

/// Entity keys picked for a view of the graph.
struct Selection {
    shown: HashSet<String>,
    omitted: usize,
    /// Focus names that are not in memory.
    missing: Vec<String>,
}

/// A name and how many.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Count {
    pub name: String,
    pub count: usize,
}

/// What [`Memory::stats`] returns. Lists are sorted by count, then name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Stats {
    pub entities: usize,
    pub relationships: usize,
    pub entity_types: Vec<Count>,
    pub relationship_types: Vec<Count>,
    /// Up to 10 entities with the most relationships (in + out).
    pub most_connected: Vec<Count>,
}

/// What went wrong with a memory file.
#[derive(Debug, thiserror::Error)]
pub enum MemoryError {
    /// The file is not JSON, or not a memory file's shape. It is never overwritten.
    #[error(
        "{} {} (line {line}, column {column}: {message})",
        .path.display(),
        if *.not_json { "is not valid JSON" } else { "is not a valid memory file" }
    )]
    Corrupt {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
        /// True for a syntax error; false when it is JSON of the wrong shape.
        not_json: bool,
        /// `PATH.bak`, the last good version archie kept, if it exists.
        backup: Option<PathBuf>,
    },
    /// Reading, writing or locking failed.
    #[error("cannot {action} {}: {source}", .path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

impl crate::error::Classify for MemoryError {
    /// A corrupt file is the user's to fix (exit 2); an I/O failure is a failure.
    fn exit(&self) -> crate::error::Exit {
        match self {
            MemoryError::Corrupt { .. } => crate::error::Exit::Usage,
            MemoryError::Io { .. } => crate::error::Exit::Failed,
        }
    }
}

#[cfg(test)]
mod tests;
