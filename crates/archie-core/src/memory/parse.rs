//! Reading a memory file's JSON in one pass: entities and relationships go into the
//! [`Memory`] (and its indices) as they are parsed, with no document tree in between,
//! and what the next save would drop or flatten without a word is reported.
//!
//! The shape is the original Archie's: `{"entities": [...], "relationships": [...]}`,
//! `relations` as an older name of `relationships`, `null` accepted for a missing list,
//! string or map, and unknown top-level keys kept (in [`Memory::extra`]).

use super::merge::Loading;
use super::model::{UNKNOWN_TYPE, null_default};
use super::{Entity, Memory, Relationship};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::fmt;

/// At most this many problems are listed one by one; the rest are counted.
const MAX_LISTED: usize = 20;

/// What a read found that the next save would lose without saying so.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Problems {
    /// One sentence each, the first [`MAX_LISTED`].
    pub listed: Vec<String>,
    /// How many more there were.
    pub more: usize,
}

impl Problems {
    fn push(&mut self, message: String) {
        if self.listed.len() < MAX_LISTED {
            self.listed.push(message);
        } else {
            self.more += 1;
        }
    }

    /// The sentences, with a last one that counts the rest.
    pub fn messages(&self) -> Vec<String> {
        let mut out = self.listed.clone();
        if self.more > 0 {
            out.push(format!("… and {} more such problems", self.more));
        }
        out
    }
}

/// Files at least this large are parsed on a second thread while this one builds the
/// memory from what it parses (a 100k-entity file is about 45 MB).
const PARALLEL_FROM: usize = 2 << 20;

/// Entities and relationships handed from the parsing thread at a time.
const BATCH: usize = 8192;

/// Parses a memory file's bytes; problems go to `problems` when given.
pub(super) fn from_slice(
    bytes: &[u8],
    problems: Option<&mut Problems>,
) -> Result<Memory, serde_json::Error> {
    if bytes.len() >= PARALLEL_FROM {
        return from_slice_in_parallel(bytes, problems);
    }
    let mut builder = Builder::default();
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let extra = de.deserialize_map(FileVisitor {
        problems,
        sink: &mut builder,
    })?;
    de.end()?;
    Ok(builder.finish(extra))
}

/// [`from_slice`] with the parsing on a second thread: it hands entities and
/// relationships over in batches, in file order, and this thread puts them into the
/// memory and its indices. The two halves of the work take about as long each.
fn from_slice_in_parallel(
    bytes: &[u8],
    problems: Option<&mut Problems>,
) -> Result<Memory, serde_json::Error> {
    let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<Item>>(4);
    let want_problems = problems.is_some();
    std::thread::scope(|scope| {
        let parser = scope.spawn(move || {
            let mut found = Problems::default();
            let mut sink = Batches {
                tx,
                batch: Vec::with_capacity(BATCH),
            };
            let mut de = serde_json::Deserializer::from_slice(bytes);
            let extra = de
                .deserialize_map(FileVisitor {
                    problems: want_problems.then_some(&mut found),
                    sink: &mut sink,
                })
                .and_then(|extra| de.end().map(|()| extra));
            sink.flush();
            (extra, found)
        });
        let mut builder = Builder::default();
        for batch in rx {
            for item in batch {
                builder.put(item);
            }
        }
        let (extra, found) = match parser.join() {
            Ok(done) => done,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        let extra = extra?;
        if let Some(problems) = problems {
            problems.listed.extend(found.listed);
            problems.more += found.more;
        }
        Ok(builder.finish(extra))
    })
}

/// Reads the file's shape from any deserializer (a checkpoint's state holds a memory).
pub(super) fn read<'de, D: Deserializer<'de>>(
    de: D,
    problems: Option<&mut Problems>,
) -> Result<Memory, D::Error> {
    let mut builder = Builder::default();
    let extra = de.deserialize_map(FileVisitor {
        problems,
        sink: &mut builder,
    })?;
    Ok(builder.finish(extra))
}

/// What parsing finds, in file order.
enum Item {
    Entity(Entity),
    Relationship(Relationship),
    /// The list of entities has ended.
    EntitiesRead,
}

/// Where parsed items go: straight into a memory, or in batches to another thread.
trait Sink {
    fn put(&mut self, item: Item);
}

/// Builds the memory from the items of a file.
struct Builder {
    memory: Memory,
    loading: Loading,
    /// Relationships that come before the entities wait for them, so an entity's
    /// display name and type come from its own entry, not from a stub.
    early: Vec<Relationship>,
    entities_read: bool,
}

impl Default for Builder {
    fn default() -> Self {
        Builder {
            memory: Memory::new(),
            loading: Loading::new(),
            early: Vec::new(),
            entities_read: false,
        }
    }
}

impl Sink for Builder {
    fn put(&mut self, item: Item) {
        match item {
            Item::Entity(entity) => {
                self.memory.upsert_entity_with(entity, true);
            }
            Item::Relationship(rel) if !self.entities_read => self.early.push(rel),
            Item::Relationship(rel) => {
                self.memory
                    .upsert_relationship_with(rel, Some(&mut self.loading), false);
            }
            Item::EntitiesRead => {
                self.memory.index_aliases();
                self.entities_read = true;
            }
        }
    }
}

impl Builder {
    fn finish(mut self, extra: Map<String, Value>) -> Memory {
        if !self.entities_read {
            self.memory.index_aliases();
        }
        for rel in std::mem::take(&mut self.early) {
            self.memory.upsert_relationship(rel);
        }
        self.memory.extra = extra;
        self.memory
    }
}

/// Hands items to the building thread, [`BATCH`] at a time.
struct Batches {
    tx: std::sync::mpsc::SyncSender<Vec<Item>>,
    batch: Vec<Item>,
}

impl Batches {
    fn flush(&mut self) {
        if !self.batch.is_empty() {
            let full = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
            // The receiver only goes away when this thread's work is not wanted.
            let _ = self.tx.send(full);
        }
    }
}

impl Sink for Batches {
    fn put(&mut self, item: Item) {
        self.batch.push(item);
        if self.batch.len() >= BATCH {
            self.flush();
        }
    }
}

struct FileVisitor<'p, 's, S> {
    problems: Option<&'p mut Problems>,
    sink: &'s mut S,
}

/// A top-level key of the file.
enum Field {
    Entities,
    Relationships,
    Other(String),
}

impl<'de> Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        struct FieldVisitor;
        impl Visitor<'_> for FieldVisitor {
            type Value = Field;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Field, E> {
                Ok(match v {
                    "entities" => Field::Entities,
                    "relationships" | "relations" => Field::Relationships,
                    other => Field::Other(other.to_string()),
                })
            }
        }
        de.deserialize_identifier(FieldVisitor)
    }
}

impl<'de, S: Sink> Visitor<'de> for FileVisitor<'_, '_, S> {
    /// The unknown top-level keys; entities and relationships went to the sink.
    type Value = Map<String, Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(r#"a JSON object with "entities" and "relationships""#)
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut extra = Map::new();
        let mut counts = Counts::default();
        while let Some(field) = map.next_key::<Field>()? {
            match field {
                Field::Entities | Field::Relationships => {
                    let entities = matches!(field, Field::Entities);
                    map.next_value_seed(Items {
                        sink: &mut *self.sink,
                        problems: self.problems.as_deref_mut(),
                        counts: &mut counts,
                        entities,
                    })?;
                    if entities {
                        self.sink.put(Item::EntitiesRead);
                    }
                }
                Field::Other(key) => {
                    extra.insert(key, map.next_value::<Value>()?);
                }
            }
        }
        Ok(extra)
    }
}

/// How many entities and relationships were read so far (to name them in problems).
#[derive(Default)]
struct Counts {
    entities: usize,
    relationships: usize,
}

/// The list of entities or relationships: each goes to the sink as it is read.
struct Items<'a, 'p, S> {
    sink: &'a mut S,
    problems: Option<&'p mut Problems>,
    counts: &'a mut Counts,
    entities: bool,
}

impl<'de, S: Sink> DeserializeSeed<'de> for Items<'_, '_, S> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        de.deserialize_option(self)
    }
}

impl<'de, S: Sink> Visitor<'de> for Items<'_, '_, S> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.entities {
            "a JSON list of entities"
        } else {
            "a JSON list of relationships"
        })
    }

    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_some<D: Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        de.deserialize_seq(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        if self.entities {
            while let Some(raw) = seq.next_element::<RawEntity>()? {
                self.counts.entities += 1;
                let entity = raw.check(self.counts.entities, self.problems.as_deref_mut());
                self.sink.put(Item::Entity(entity));
            }
        } else {
            while let Some(raw) = seq.next_element::<RawRelationship>()? {
                self.counts.relationships += 1;
                let rel = raw.check(self.counts.relationships, self.problems.as_deref_mut());
                self.sink.put(Item::Relationship(rel));
            }
        }
        Ok(())
    }
}

/// An entity as the file has it, with any property named twice.
#[derive(Deserialize)]
struct RawEntity {
    name: String,
    #[serde(rename = "type", default, deserialize_with = "null_default")]
    kind: String,
    #[serde(default, deserialize_with = "null_default")]
    description: String,
    #[serde(default, deserialize_with = "null_default")]
    tags: Vec<String>,
    #[serde(default)]
    properties: Properties,
    #[serde(default, deserialize_with = "super::source::deserialize")]
    sources: Vec<String>,
    #[serde(default, deserialize_with = "null_default")]
    catalog: Map<String, Value>,
}

impl RawEntity {
    /// The entity; what the next save would drop or flatten goes to `problems`.
    fn check(self, number: usize, problems: Option<&mut Problems>) -> Entity {
        let entity = Entity {
            name: self.name,
            kind: if self.kind.is_empty() {
                UNKNOWN_TYPE.to_string()
            } else {
                self.kind
            },
            description: self.description,
            tags: self.tags,
            properties: self.properties.map,
            sources: self.sources,
            catalog: self.catalog,
        };
        if let Some(problems) = problems {
            if entity.name.trim().is_empty() {
                problems.push(format!(
                    "entity {number} has no name, so it is dropped when the memory is next saved: {}",
                    excerpt(&entity)
                ));
            }
            for name in &self.properties.twice {
                problems.push(format!(
                    "entity \"{}\" has the property \"{name}\" more than once; only the last value is kept",
                    entity.name
                ));
            }
        }
        entity
    }
}

/// A relationship as the file has it, with any property named twice.
#[derive(Deserialize)]
struct RawRelationship {
    from: String,
    to: String,
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    properties: Properties,
    #[serde(default, deserialize_with = "super::source::deserialize")]
    sources: Vec<String>,
}

impl RawRelationship {
    fn check(self, number: usize, problems: Option<&mut Problems>) -> Relationship {
        let rel = Relationship {
            from: self.from,
            to: self.to,
            kind: self.kind,
            properties: self.properties.map,
            sources: self.sources,
        };
        if let Some(problems) = problems {
            let blank = [&rel.from, &rel.kind, &rel.to]
                .iter()
                .any(|s| s.trim().is_empty());
            if blank {
                problems.push(format!(
                    "relationship {number} lacks a from, to or type, so it is dropped when the memory is next saved: {}",
                    excerpt(&rel)
                ));
            }
            for name in &self.properties.twice {
                problems.push(format!(
                    "relationship \"{} {} {}\" has the property \"{name}\" more than once; only the last value is kept",
                    rel.from, rel.kind, rel.to
                ));
            }
        }
        rel
    }
}

/// A `properties` map (or `null`), and the names that appeared more than once in it.
#[derive(Default)]
struct Properties {
    map: Map<String, Value>,
    twice: Vec<String>,
}

impl<'de> Deserialize<'de> for Properties {
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        struct PropertiesVisitor;
        impl<'de> Visitor<'de> for PropertiesVisitor {
            type Value = Properties;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object of properties")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Properties, E> {
                Ok(Properties::default())
            }
            fn visit_none<E: de::Error>(self) -> Result<Properties, E> {
                Ok(Properties::default())
            }
            fn visit_some<D: Deserializer<'de>>(self, de: D) -> Result<Properties, D::Error> {
                de.deserialize_map(self)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Properties, A::Error> {
                let mut out = Properties::default();
                while let Some((name, value)) = map.next_entry::<String, Value>()? {
                    if out.map.contains_key(&name) && !out.twice.contains(&name) {
                        out.twice.push(name.clone());
                    }
                    out.map.insert(name, value);
                }
                Ok(out)
            }
        }
        de.deserialize_option(PropertiesVisitor)
    }
}

/// An item as compact JSON, cut to 160 characters.
fn excerpt(item: &impl Serialize) -> String {
    let text = serde_json::to_string(item).unwrap_or_default();
    if text.chars().count() <= 160 {
        text
    } else {
        let cut: String = text.chars().take(160).collect();
        format!("{cut}…")
    }
}
