//! What the graph is made of: [`Entity`], [`Relationship`], and how names and types are
//! normalised ([`key`], [`relationship_type`]) so the same thing is stored once.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::borrow::Cow;

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
    key_cow(name).into_owned()
}

/// [`key`] without an allocation when the name is already its own key (lower-case
/// ASCII, single spaces: the common case in a file archie wrote).
pub(super) fn key_cow(name: &str) -> Cow<'_, str> {
    let bytes = name.as_bytes();
    let mut previous = b' ';
    let plain = bytes.last() != Some(&b' ')
        && bytes.iter().all(|&b| {
            // No space first, none doubled, no other whitespace, nothing to lower-case.
            let ok = if b == b' ' {
                previous != b' '
            } else {
                b.is_ascii_graphic() && !b.is_ascii_uppercase()
            };
            previous = b;
            ok
        });
    if plain {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len());
    for word in name.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().flat_map(char::to_lowercase));
    }
    Cow::Owned(out)
}

/// A relationship type in lower snake case: `writes to`, `WRITES_TO`, `writes-to`,
/// `writesTo` all become `writes_to`.
pub fn relationship_type(kind: &str) -> String {
    relationship_type_cow(kind).into_owned()
}

/// [`relationship_type`] without an allocation when the type is already lower snake case.
pub(super) fn relationship_type_cow(kind: &str) -> Cow<'_, str> {
    let bytes = kind.as_bytes();
    let plain = !bytes.is_empty()
        && bytes[0] != b'_'
        && bytes[bytes.len() - 1] != b'_'
        && bytes
            .iter()
            .all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        && !kind.contains("__");
    if plain {
        return Cow::Borrowed(kind);
    }
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
    Cow::Owned(words.join("_"))
}

/// `text` without surrounding whitespace, reusing its allocation when there is none.
pub(super) fn trimmed(text: String) -> String {
    if text.trim().len() == text.len() {
        text
    } else {
        text.trim().to_string()
    }
}
