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
//!
//! This file holds [`Memory`] itself and its JSON shape; `model.rs` the entity and
//! relationship types, `merge.rs` the merge rules, `query.rs` lookups, stats and
//! subgraphs, `relevant.rs` the prompt view, `remove.rs` removals,
//! `session.rs` search sessions, `mermaid.rs` the diagram, `file.rs` the file
//! on disk and `error.rs` what can go wrong with it.

mod backstage;
mod dedupe;
mod diff;
mod error;
pub mod escape;
mod export;
mod file;
mod follow;
pub mod ground;
pub mod identity;
mod merge;
mod mermaid;
mod model;
mod parse;
mod query;
mod rebase;
mod relevant;
mod remove;
pub mod session;
pub mod source;
mod view;

pub use backstage::{
    BACKSTAGE_ANNOTATION, BACKSTAGE_KEY, Catalog, backstage_entities, read as read_backstage,
};
pub use dedupe::{
    Decider, Decisions, IDENTITY_KEY, Joined, JudgeSide, MergeRecord, Suggestion, TypeDecision,
    WordDecision, pair_key,
};
pub use diff::{Diff, Edge as DiffEdge, Node as DiffNode};
pub use error::MemoryError;
pub use file::{DEFAULT_LOCK_WAIT, DEFAULT_MAX_SIZE, MAX_SIZE_ENV, MemoryFile, SaveReport};
pub use follow::{
    FollowStamp, Followed, History, RETRACTED_KEY, Reading, RetractedEntity, RetractedRelationship,
    Retraction,
};
pub use merge::{MergeReport, Upserted};
pub use mermaid::MermaidOptions;
pub use model::{Entity, Relationship, UNKNOWN_TYPE, key, relationship_type, relationship_words};
pub use query::{Count, Stats};
pub use relevant::Relevant;

use query::Selection;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

/// An entity's place in [`Memory::entities`] (u32: four billion entities is plenty, and
/// the indices stay half the size).
type Ix = u32;

/// A relationship's identity: (from entity, to entity, normalised type), as indices.
type RelKey = (Ix, Ix, Ix);

/// Stamps of memory contents: every change takes a new one, so two memories with the
/// same stamp hold the same content (one is an unchanged clone of the other).
static STAMPS: AtomicU64 = AtomicU64::new(1);

fn next_stamp() -> u64 {
    STAMPS.fetch_add(1, Ordering::Relaxed)
}

/// The knowledge graph: entities and relationships with O(1) lookups by key.
///
/// The indices are built once and kept up to date by the upserts, so nothing scans the
/// graph to find an entity, a relationship or a neighbour. The relationship index and
/// the adjacency lists are built on first use (loading a sorted file needs neither, and
/// `memory stats` never needs the first). Entities and relationships are never removed,
/// so the indices stay valid; the order in memory is insertion order, the order on disk
/// is sorted (see [`Memory::to_json`]).
#[derive(Debug, Clone)]
pub struct Memory {
    entities: Vec<Entity>,
    /// `keys[i]` is [`key`] of `entities[i].name`.
    keys: Vec<Arc<str>>,
    /// `plain[i]`: the display name of entity `i` is its key (so a name equal to the key
    /// is equal to the display name, without reading it).
    plain: Vec<bool>,
    relationships: Vec<Relationship>,
    /// `rel_keys[i]`: the entities and type of `relationships[i]`.
    rel_keys: Vec<RelKey>,
    /// Unknown top-level keys of the file, written back unchanged.
    pub extra: Map<String, Value>,
    by_key: HashMap<StoredKey, Ix>,
    /// (from, to, type) → relationship; built on first use.
    rel_by_key: OnceLock<HashMap<RelKey, Ix>>,
    /// Normalised relationship types, interned: `kinds[t]`, and type → t.
    kinds: Vec<Box<str>>,
    kind_ids: HashMap<Box<str>, Ix>,
    /// Entity → relationships leaving it / arriving at it; built on first use, dropped
    /// when an entity or a relationship is added.
    adjacency: OnceLock<Adjacency>,
    /// Changes with every change of content (see [`next_stamp`]).
    stamp: u64,
}

/// The relationships of every entity, in compressed rows: `out[out_start[i]..out_start[i
/// + 1]]` leave entity `i`, in the order they were added; likewise `inc` arrive.
#[derive(Debug, Clone, Default)]
struct Adjacency {
    out_start: Vec<u32>,
    out: Vec<Ix>,
    in_start: Vec<u32>,
    inc: Vec<Ix>,
}

impl Adjacency {
    /// Two passes over the relationships: count, then place.
    fn build(entities: usize, rel_keys: &[RelKey]) -> Self {
        let rows = |end: fn(&RelKey) -> Ix| {
            let mut start = vec![0u32; entities + 1];
            for rk in rel_keys {
                start[end(rk) as usize + 1] += 1;
            }
            for i in 0..entities {
                start[i + 1] += start[i];
            }
            let mut next = start.clone();
            let mut list = vec![0 as Ix; rel_keys.len()];
            for (r, rk) in rel_keys.iter().enumerate() {
                let slot = &mut next[end(rk) as usize];
                list[*slot as usize] = r as Ix;
                *slot += 1;
            }
            (start, list)
        };
        let (out_start, out) = rows(|rk| rk.0);
        let (in_start, inc) = rows(|rk| rk.1);
        Adjacency {
            out_start,
            out,
            in_start,
            inc,
        }
    }

    fn outgoing(&self, i: Ix) -> &[Ix] {
        let i = i as usize;
        &self.out[self.out_start[i] as usize..self.out_start[i + 1] as usize]
    }

    fn incoming(&self, i: Ix) -> &[Ix] {
        let i = i as usize;
        &self.inc[self.in_start[i] as usize..self.in_start[i + 1] as usize]
    }
}

/// An entity key as the index holds it: up to [`INLINE_KEY`] bytes (most names) in the
/// index's own slot, so a lookup compares without following a pointer to the heap (at
/// 100k entities those cache misses were a fifth of the load time); longer keys shared
/// with [`Memory::keys`]. Looked up by the key's bytes.
#[derive(Debug, Clone)]
enum StoredKey {
    Inline { len: u8, bytes: [u8; INLINE_KEY] },
    Shared(Arc<str>),
}

const INLINE_KEY: usize = 22;

impl StoredKey {
    fn new(key: &Arc<str>) -> Self {
        let b = key.as_bytes();
        if b.len() <= INLINE_KEY {
            let mut bytes = [0u8; INLINE_KEY];
            bytes[..b.len()].copy_from_slice(b);
            StoredKey::Inline {
                len: b.len() as u8,
                bytes,
            }
        } else {
            StoredKey::Shared(Arc::clone(key))
        }
    }

    fn as_bytes(&self) -> &[u8] {
        match self {
            StoredKey::Inline { len, bytes } => &bytes[..*len as usize],
            StoredKey::Shared(key) => key.as_bytes(),
        }
    }
}

impl std::borrow::Borrow<[u8]> for StoredKey {
    fn borrow(&self) -> &[u8] {
        self.as_bytes()
    }
}

/// As `[u8]` hashes, so that a lookup by bytes finds the key.
impl std::hash::Hash for StoredKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_bytes().hash(state);
    }
}

impl PartialEq for StoredKey {
    fn eq(&self, other: &Self) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for StoredKey {}

impl Default for Memory {
    fn default() -> Self {
        Memory {
            entities: Vec::new(),
            keys: Vec::new(),
            plain: Vec::new(),
            relationships: Vec::new(),
            rel_keys: Vec::new(),
            extra: Map::new(),
            by_key: HashMap::new(),
            rel_by_key: OnceLock::new(),
            kinds: Vec::new(),
            kind_ids: HashMap::new(),
            adjacency: OnceLock::new(),
            stamp: next_stamp(),
        }
    }
}

impl PartialEq for Memory {
    fn eq(&self, other: &Self) -> bool {
        self.to_json() == other.to_json()
    }
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
        parse::read(deserializer, None)
    }
}

impl Memory {
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses a memory file's text. Entities and relationships are merged by the usual
    /// rules, so duplicate names in a hand-edited or original file collapse into one.
    pub fn from_json(text: &[u8]) -> Result<Self, serde_json::Error> {
        parse::from_slice(text, None)
    }

    /// A stamp of this memory's content: it changes with every change, and an unchanged
    /// clone keeps it. [`MemoryFile::save`] uses it to skip saving an unchanged memory
    /// without serialising it.
    pub fn stamp(&self) -> u64 {
        self.stamp
    }

    /// Marks the content changed.
    fn touch(&mut self) {
        self.stamp = next_stamp();
    }

    /// The file's shape, sorted: entities by key, relationships by (from, to, type).
    ///
    /// A memory loaded from a file is mostly in this order already (new entries come at
    /// the end), so stable sorts, which find sorted runs, do little work; relationships
    /// are compared by the ranks of their entities' keys, not by the keys.
    fn raw_out(&self) -> RawOut<'_> {
        let mut entities: Vec<Ix> = (0..self.entities.len() as Ix).collect();
        entities.sort_by(|&a, &b| self.key_of(a).cmp(self.key_of(b)));
        let mut rank = vec![0 as Ix; self.entities.len()];
        for (r, &i) in entities.iter().enumerate() {
            rank[i as usize] = r as Ix;
        }
        let mut kinds: Vec<Ix> = (0..self.kinds.len() as Ix).collect();
        kinds.sort_by(|&a, &b| self.kinds[a as usize].cmp(&self.kinds[b as usize]));
        let mut kind_rank = vec![0 as Ix; self.kinds.len()];
        for (r, &k) in kinds.iter().enumerate() {
            kind_rank[k as usize] = r as Ix;
        }
        let mut relationships: Vec<Ix> = (0..self.relationships.len() as Ix).collect();
        relationships.sort_by_key(|&r| {
            let (f, t, k) = self.rel_keys[r as usize];
            (rank[f as usize], rank[t as usize], kind_rank[k as usize])
        });
        RawOut {
            entities: entities
                .into_iter()
                .map(|i| &self.entities[i as usize])
                .collect(),
            relationships: relationships
                .into_iter()
                .map(|i| &self.relationships[i as usize])
                .collect(),
            extra: &self.extra,
        }
    }

    /// The file's text: sorted, 2-space pretty JSON with a trailing newline.
    pub fn to_json(&self) -> String {
        // Serialising strings, lists and maps with string keys cannot fail, and
        // serde_json writes UTF-8.
        String::from_utf8(self.to_json_bytes()).unwrap_or_default()
    }

    /// [`Memory::to_json`] as bytes, written straight into one buffer.
    pub fn to_json_bytes(&self) -> Vec<u8> {
        // About 250 bytes an entity and 120 a relationship, pretty-printed.
        let estimate = self.entities.len() * 250 + self.relationships.len() * 120 + 64;
        let mut out = Vec::with_capacity(estimate);
        let _ = serde_json::to_writer_pretty(&mut out, &self.raw_out());
        out.push(b'\n');
        out
    }

    /// [`Memory::to_json_bytes`] without indentation: for a memory too large to write
    /// pretty within the size limit it is read with.
    pub fn to_json_compact(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.entities.len() * 160 + self.relationships.len() * 80);
        let _ = serde_json::to_writer(&mut out, &self.raw_out());
        out.push(b'\n');
        out
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

    /// The entity `name` names: by its key, or by its marked key when a mark keeps it
    /// apart from another of its words (`FX Rates Feed (USD)`, see [`identity::Mark`]),
    /// or a name kept apart by its words (see [`Memory::apart_by_words`]).
    fn named(&self, name: &str) -> Option<Ix> {
        let k = model::key_cow(name);
        if let Some(mark) = identity::Mark::of(name)
            && let Some(i) = self.index(&mark.key_with(&k))
        {
            return Some(i);
        }
        let found = self.index(&k).map(|i| self.saved_with(i, name));
        match self.apart_by_words(name, &k, found, false) {
            Some(apart) => apart.found,
            None => found,
        }
    }

    /// The index of the entity with this [`key`].
    fn index(&self, k: &str) -> Option<Ix> {
        self.by_key.get(k.as_bytes()).copied()
    }

    fn adjacency(&self) -> &Adjacency {
        self.adjacency
            .get_or_init(|| Adjacency::build(self.entities.len(), &self.rel_keys))
    }

    /// The relationships leaving entity `i`, in the order they were added.
    fn outgoing_of(&self, i: Ix) -> &[Ix] {
        self.adjacency().outgoing(i)
    }

    /// The relationships arriving at entity `i`, in the order they were added.
    fn incoming_of(&self, i: Ix) -> &[Ix] {
        self.adjacency().incoming(i)
    }

    /// (from, to, type) → relationship.
    fn rel_index(&self) -> &HashMap<RelKey, Ix> {
        self.rel_by_key.get_or_init(|| {
            self.rel_keys
                .iter()
                .enumerate()
                .map(|(r, rk)| (*rk, r as Ix))
                .collect()
        })
    }

    fn key_of(&self, i: Ix) -> &str {
        &self.keys[i as usize]
    }
}

#[cfg(test)]
mod tests;
