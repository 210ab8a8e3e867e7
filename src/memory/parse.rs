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

/// Parses a memory file's bytes; problems go to `problems` when given.
pub(super) fn from_slice(
    bytes: &[u8],
    problems: Option<&mut Problems>,
) -> Result<Memory, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let memory = read(&mut de, problems)?;
    de.end()?;
    Ok(memory)
}

/// Reads the file's shape from any deserializer (a checkpoint's state holds a memory).
pub(super) fn read<'de, D: Deserializer<'de>>(
    de: D,
    problems: Option<&mut Problems>,
) -> Result<Memory, D::Error> {
    de.deserialize_map(FileVisitor { problems })
}

struct FileVisitor<'p> {
    problems: Option<&'p mut Problems>,
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

impl<'de> Visitor<'de> for FileVisitor<'_> {
    type Value = Memory;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(r#"a memory file (an object with "entities" and "relationships")"#)
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<Memory, A::Error> {
        let mut memory = Memory::new();
        let mut extra = Map::new();
        let mut counts = Counts::default();
        let mut loading = Loading::new();
        // Relationships that come before the entities wait for them, so an entity's
        // display name and type come from its own entry, not from a stub.
        let mut early: Option<Vec<Relationship>> = None;
        let mut entities_read = false;
        while let Some(field) = map.next_key::<Field>()? {
            match field {
                Field::Entities => {
                    map.next_value_seed(Items {
                        memory: &mut memory,
                        problems: self.problems.as_deref_mut(),
                        counts: &mut counts,
                        loading: &mut loading,
                        entities: true,
                        hold: None,
                    })?;
                    entities_read = true;
                }
                Field::Relationships => {
                    let hold = (!entities_read).then(|| early.get_or_insert_with(Vec::new));
                    map.next_value_seed(Items {
                        memory: &mut memory,
                        problems: self.problems.as_deref_mut(),
                        counts: &mut counts,
                        loading: &mut loading,
                        entities: false,
                        hold,
                    })?;
                }
                Field::Other(key) => {
                    extra.insert(key, map.next_value::<Value>()?);
                }
            }
        }
        for rel in early.into_iter().flatten() {
            memory.upsert_relationship(rel);
        }
        memory.extra = extra;
        Ok(memory)
    }
}

/// How many entities and relationships were read so far (to name them in problems).
#[derive(Default)]
struct Counts {
    entities: usize,
    relationships: usize,
}

/// The list of entities or relationships: each goes into the memory as it is read, or
/// into `hold` when it must wait.
struct Items<'a, 'p> {
    memory: &'a mut Memory,
    problems: Option<&'p mut Problems>,
    counts: &'a mut Counts,
    loading: &'a mut Loading,
    entities: bool,
    hold: Option<&'a mut Vec<Relationship>>,
}

impl<'de> DeserializeSeed<'de> for Items<'_, '_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        de.deserialize_option(self)
    }
}

impl<'de> Visitor<'de> for Items<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.entities {
            "a list of entities"
        } else {
            "a list of relationships"
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
        if let Some(n) = seq.size_hint() {
            if self.entities {
                self.memory.reserve(n, 0);
            } else {
                self.memory.reserve(0, n);
            }
        }
        if self.entities {
            while let Some(raw) = seq.next_element::<RawEntity>()? {
                self.counts.entities += 1;
                let entity = raw.check(self.counts.entities, self.problems.as_deref_mut());
                self.memory.upsert_entity(entity);
            }
        } else {
            while let Some(raw) = seq.next_element::<RawRelationship>()? {
                self.counts.relationships += 1;
                let rel = raw.check(self.counts.relationships, self.problems.as_deref_mut());
                match self.hold.as_deref_mut() {
                    Some(hold) => hold.push(rel),
                    None => {
                        self.memory
                            .upsert_relationship_with(rel, Some(&mut *self.loading));
                    }
                }
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
}

impl RawRelationship {
    fn check(self, number: usize, problems: Option<&mut Problems>) -> Relationship {
        let rel = Relationship {
            from: self.from,
            to: self.to,
            kind: self.kind,
            properties: self.properties.map,
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
                f.write_str("a map of properties")
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
