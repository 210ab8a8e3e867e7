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

mod error;
mod file;
mod merge;
mod mermaid;
mod model;
mod parse;
mod query;
mod relevant;
mod remove;
pub mod session;

pub use error::MemoryError;
pub use file::{DEFAULT_MAX_SIZE, MAX_SIZE_ENV, MemoryFile, SaveReport};
pub use merge::{Change, MergeReport};
pub use mermaid::MermaidOptions;
pub use model::{Entity, Relationship, UNKNOWN_TYPE, key, relationship_type};
pub use query::{Count, Stats};
pub use relevant::Relevant;

use query::Selection;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

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
/// Every index is kept up to date by the upserts, so loading builds it once and nothing
/// scans the graph to find an entity, a relationship or a neighbour. Entities and
/// relationships are never removed, so the indices stay valid; the order in memory is
/// insertion order, the order on disk is sorted (see [`Memory::to_json`]).
#[derive(Debug, Clone)]
pub struct Memory {
    entities: Vec<Entity>,
    /// `keys[i]` is [`key`] of `entities[i].name`.
    keys: Vec<Box<str>>,
    relationships: Vec<Relationship>,
    /// `rel_keys[i]`: the entities and type of `relationships[i]`.
    rel_keys: Vec<RelKey>,
    /// Unknown top-level keys of the file, written back unchanged.
    pub extra: Map<String, Value>,
    by_key: HashMap<Box<str>, Ix>,
    rel_by_key: HashMap<RelKey, Ix>,
    /// Normalised relationship types, interned: `kinds[t]`, and type → t.
    kinds: Vec<Box<str>>,
    kind_ids: HashMap<Box<str>, Ix>,
    /// Entity → indices of the relationships leaving it / arriving at it.
    outgoing: Vec<Vec<Ix>>,
    incoming: Vec<Vec<Ix>>,
    /// Changes with every change of content (see [`next_stamp`]).
    stamp: u64,
}

impl Default for Memory {
    fn default() -> Self {
        Memory {
            entities: Vec::new(),
            keys: Vec::new(),
            relationships: Vec::new(),
            rel_keys: Vec::new(),
            extra: Map::new(),
            by_key: HashMap::new(),
            rel_by_key: HashMap::new(),
            kinds: Vec::new(),
            kind_ids: HashMap::new(),
            outgoing: Vec::new(),
            incoming: Vec::new(),
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
    fn raw_out(&self) -> RawOut<'_> {
        let mut entities: Vec<Ix> = (0..self.entities.len() as Ix).collect();
        entities.sort_unstable_by(|&a, &b| self.keys[a as usize].cmp(&self.keys[b as usize]));
        let mut relationships: Vec<Ix> = (0..self.relationships.len() as Ix).collect();
        relationships.sort_unstable_by(|&a, &b| {
            let (fa, ta, ka) = self.rel_keys[a as usize];
            let (fb, tb, kb) = self.rel_keys[b as usize];
            self.keys[fa as usize]
                .cmp(&self.keys[fb as usize])
                .then_with(|| self.keys[ta as usize].cmp(&self.keys[tb as usize]))
                .then_with(|| self.kinds[ka as usize].cmp(&self.kinds[kb as usize]))
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

    pub fn entities(&self) -> &[Entity] {
        &self.entities
    }

    pub fn relationships(&self) -> &[Relationship] {
        &self.relationships
    }

    pub fn is_empty(&self) -> bool {
        self.entities.is_empty() && self.relationships.is_empty()
    }

    /// The index of the entity with this [`key`].
    fn index(&self, k: &str) -> Option<Ix> {
        self.by_key.get(k).copied()
    }

    fn key_of(&self, i: Ix) -> &str {
        &self.keys[i as usize]
    }
}

#[cfg(test)]
mod tests;
