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
mod query;
mod relevant;
mod remove;
pub mod session;

pub use error::MemoryError;
pub use file::{MemoryFile, SaveReport};
pub use merge::{Change, MergeReport};
pub use mermaid::MermaidOptions;
pub use model::{Entity, Relationship, UNKNOWN_TYPE, key, relationship_type};
pub use query::{Count, Stats};
pub use relevant::Relevant;

use model::null_default;
use query::Selection;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::HashMap;

/// A relationship's identity: (key of from, key of to, normalised type).
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
}

#[cfg(test)]
mod tests;
