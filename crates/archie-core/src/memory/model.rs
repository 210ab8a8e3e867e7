//! What the graph is made of: [`Entity`], [`Relationship`], and how names and types are
//! normalised ([`key`], [`relationship_type`]) so the same thing is stored once.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

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
    /// Where the entity was stated (see [`source`](super::source)): document chunks,
    /// runs, imports, MCP clients, people. Sorted, without duplicates; empty in a file
    /// written before archie recorded sources (then the fact counts as a person's).
    #[serde(
        default,
        serialize_with = "super::source::serialize",
        deserialize_with = "super::source::deserialize",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub sources: Vec<String>,
    /// What a Backstage catalog says of the entity that archie does not model, kept so
    /// an export writes it back (see [`backstage`](super::backstage)): the document's
    /// `apiVersion`, `metadata` (namespace, links, labels, annotations …) and `spec`
    /// (type, lifecycle, definition, profile …) without the name, title, description,
    /// tags and the references archie holds as relationships. Written only when there
    /// is some; readers that do not know it (the original Archie) ignore it.
    #[serde(
        default,
        deserialize_with = "null_default",
        skip_serializing_if = "Map::is_empty"
    )]
    pub catalog: Map<String, Value>,
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
    /// Where the relationship was stated, as for [`Entity::sources`].
    #[serde(
        default,
        serialize_with = "super::source::serialize",
        deserialize_with = "super::source::deserialize",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub sources: Vec<String>,
}

/// The type given to an entity archie knows only as a relationship's endpoint.
pub const UNKNOWN_TYPE: &str = "unknown";

fn unknown_type() -> String {
    UNKNOWN_TYPE.to_string()
}

/// Accepts `null` where a list, map or string is expected (hand-edited files do that).
pub(super) fn null_default<'de, D, T>(de: D) -> Result<T, D::Error>
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
            sources: Vec::new(),
            catalog: Map::new(),
        }
    }

    /// Adds a source (see [`source`](super::source)).
    pub fn source(mut self, source: impl Into<String>) -> Self {
        super::source::add(&mut self.sources, source.into());
        self
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

    /// The other spellings this entity was seen under (`properties.aliases`).
    pub fn aliases(&self) -> impl Iterator<Item = &str> {
        self.properties
            .get(ALIASES)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
    }
}

/// The property that keeps an entity's other spellings.
pub const ALIASES: &str = "aliases";

/// The property of a relationship that archie turned round by what its ends are (see
/// [`Memory::upsert_relationship`]): the vocabulary word it was stated with, from its
/// other end (`Order Events calls Billing`, stored `Billing subscribes_to Order Events`
/// with `stated_as: calls`). When its ends are found to be other kinds (a merge, a type
/// placed), it is read again as stated.
pub const STATED_AS: &str = "stated_as";

impl Relationship {
    pub fn new(from: impl Into<String>, kind: impl Into<String>, to: impl Into<String>) -> Self {
        Self {
            from: from.into(),
            to: to.into(),
            kind: kind.into(),
            properties: Map::new(),
            sources: Vec::new(),
        }
    }

    /// Adds a source (see [`source`](super::source)).
    pub fn source(mut self, source: impl Into<String>) -> Self {
        super::source::add(&mut self.sources, source.into());
        self
    }

    pub fn property(mut self, key: impl Into<String>, value: impl Into<Value>) -> Self {
        self.properties.insert(key.into(), value.into());
        self
    }
}

/// The match key of a name: see [`identity::key`](super::identity::key).
pub use super::identity::{key, key_cow};

/// A relationship type in the extraction prompt's words, in lower snake case:
/// `writes to`, `WRITES_TO`, `writes-to`, `writesTo`, `stores data in` all become
/// `writes_to`. A word that names the relationship from its other end (`owned by`) is
/// mapped too; [`Memory::upsert_relationship`](super::Memory::upsert_relationship)
/// turns such an edge around (see [`identity::relationship_kind`](super::identity::relationship_kind)).
/// A relationship type as a label reads it: `publishes_to` → `publishes to`.
pub fn relationship_words(kind: &str) -> String {
    kind.replace('_', " ")
}

pub fn relationship_type(kind: &str) -> String {
    super::identity::relationship_kind(kind).0
}

/// `text` without surrounding whitespace, reusing its allocation when there is none.
pub(super) fn trimmed(text: String) -> String {
    if text.trim().len() == text.len() {
        text
    } else {
        text.trim().to_string()
    }
}
