//! What changed between two memories: entities and relationships added, removed
//! (retracted when the newer file's history says so, with why) and changed. For `archie
//! memory diff OLD NEW` and the line a run ends with.

use super::{Entity, Memory, Relationship};
use serde::Serialize;
use std::collections::BTreeSet;

/// A relationship as a diff names it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Edge {
    pub from: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub to: String,
    /// Why it went, when the newer memory retracted it (`docs/001.md changed`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub because: Vec<String>,
    /// The documents that state it (added ones).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub documents: Vec<String>,
}

/// An entity as a diff names it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Node {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub because: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub documents: Vec<String>,
    /// For a changed entity: what changed (`type`, `description`, `tags`, `sources`, …).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changed: Vec<String>,
}

/// The difference between two memories.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Diff {
    pub entities_added: Vec<Node>,
    pub entities_removed: Vec<Node>,
    pub entities_changed: Vec<Node>,
    pub relationships_added: Vec<Edge>,
    pub relationships_removed: Vec<Edge>,
}

impl Diff {
    pub fn is_empty(&self) -> bool {
        self.entities_added.is_empty()
            && self.entities_removed.is_empty()
            && self.entities_changed.is_empty()
            && self.relationships_added.is_empty()
            && self.relationships_removed.is_empty()
    }

    /// One line: `+2 entities, −1 entity, ~3 changed; +3 relationships, −2 relationships`.
    pub fn summary(&self) -> String {
        let count =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut parts = Vec::new();
        if !self.entities_added.is_empty() {
            parts.push(format!(
                "+{}",
                count(self.entities_added.len(), "entity", "entities")
            ));
        }
        if !self.entities_removed.is_empty() {
            parts.push(format!(
                "−{}",
                count(self.entities_removed.len(), "entity", "entities")
            ));
        }
        if !self.entities_changed.is_empty() {
            parts.push(format!("~{} changed", self.entities_changed.len()));
        }
        if !self.relationships_added.is_empty() {
            parts.push(format!(
                "+{}",
                count(
                    self.relationships_added.len(),
                    "relationship",
                    "relationships"
                )
            ));
        }
        if !self.relationships_removed.is_empty() {
            parts.push(format!(
                "−{}",
                count(
                    self.relationships_removed.len(),
                    "relationship",
                    "relationships"
                )
            ));
        }
        if parts.is_empty() {
            "no change".into()
        } else {
            parts.join(", ")
        }
    }

    /// The diff as markdown, fit for a pull request's comment.
    pub fn markdown(&self) -> String {
        let mut out = String::from("### Knowledge graph changes\n\n");
        out.push_str(&format!("{}\n", self.summary()));
        let code = |s: &str| format!("`{}`", s.replace('`', "'"));
        let why = |because: &[String], documents: &[String]| {
            if !because.is_empty() {
                format!(" — {}", because.join(", "))
            } else if !documents.is_empty() {
                format!(" — {}", documents.join(", "))
            } else {
                String::new()
            }
        };
        let mut section = |title: &str, lines: Vec<String>| {
            if lines.is_empty() {
                return;
            }
            out.push_str(&format!("\n**{title}**\n\n"));
            for line in lines {
                out.push_str(&format!("- {line}\n"));
            }
        };
        // What went has no documents left (`diff_from` clears them): its reason shows.
        let edge = |e: &Edge| {
            format!(
                "{} {} {}{}",
                code(&e.from),
                super::relationship_words(&e.kind),
                code(&e.to),
                why(&e.because, &e.documents)
            )
        };
        let node = |n: &Node| {
            format!(
                "{} ({}){}",
                code(&n.name),
                n.kind,
                why(&n.because, &n.documents)
            )
        };
        section(
            "Relationships added",
            self.relationships_added.iter().map(edge).collect(),
        );
        section(
            "Relationships removed",
            self.relationships_removed.iter().map(edge).collect(),
        );
        section(
            "Entities added",
            self.entities_added.iter().map(node).collect(),
        );
        section(
            "Entities removed",
            self.entities_removed.iter().map(node).collect(),
        );
        section(
            "Entities changed",
            self.entities_changed
                .iter()
                .map(|n| format!("{}: {}", code(&n.name), n.changed.join(", ")))
                .collect(),
        );
        out
    }
}

impl Memory {
    /// What changed from `old` to this memory.
    pub fn diff_from(&self, old: &Memory) -> Diff {
        let history = self.history();
        let mut diff = Diff::default();
        for e in &self.entities {
            match old.entity(&e.name) {
                None => diff.entities_added.push(node(self, e, Vec::new())),
                Some(o) => {
                    let changed = entity_changes(old, o, self, e);
                    if !changed.is_empty() {
                        let mut n = node(self, e, Vec::new());
                        n.documents.clear();
                        n.changed = changed;
                        diff.entities_changed.push(n);
                    }
                }
            }
        }
        for e in &old.entities {
            if self.entity(&e.name).is_none() {
                let because = history
                    .entities
                    .iter()
                    .find(|r| super::key(&r.entity.name) == super::key(&e.name))
                    .map(|r| r.retracted.because.clone())
                    .unwrap_or_default();
                let mut n = node(old, e, because);
                n.documents.clear();
                diff.entities_removed.push(n);
            }
        }
        for (r, rel) in self.relationships.iter().enumerate() {
            if old.same_relationship(self, r as super::Ix).is_none() {
                diff.relationships_added.push(edge(self, rel, Vec::new()));
            }
        }
        for (r, rel) in old.relationships.iter().enumerate() {
            if self.same_relationship(old, r as super::Ix).is_none() {
                let because = history
                    .relationships
                    .iter()
                    .find(|h| {
                        super::key(&h.relationship.from) == super::key(&rel.from)
                            && super::key(&h.relationship.to) == super::key(&rel.to)
                            && h.relationship.kind == rel.kind
                    })
                    .map(|h| h.retracted.because.clone())
                    .unwrap_or_default();
                let mut e = edge(old, rel, because);
                e.documents.clear();
                diff.relationships_removed.push(e);
            }
        }
        diff.entities_added.sort();
        diff.entities_removed.sort();
        diff.entities_changed.sort();
        diff.relationships_added.sort();
        diff.relationships_removed.sort();
        diff
    }
}

/// The document sections a fact's sources name, as `memory` knows them.
fn documents(memory: &Memory, sources: &[String]) -> Vec<String> {
    let set: BTreeSet<String> = sources
        .iter()
        .filter(|s| memory.source_document(s).is_some())
        .map(|s| memory.describe_source(s))
        .collect();
    set.into_iter().collect()
}

fn node(memory: &Memory, e: &Entity, because: Vec<String>) -> Node {
    Node {
        name: e.name.clone(),
        kind: e.kind.clone(),
        because,
        documents: documents(memory, &e.sources),
        changed: Vec::new(),
    }
}

fn edge(memory: &Memory, r: &Relationship, because: Vec<String>) -> Edge {
    Edge {
        from: r.from.clone(),
        kind: r.kind.clone(),
        to: r.to.clone(),
        because,
        documents: documents(memory, &r.sources),
    }
}

/// What differs between two versions of an entity, by field.
fn entity_changes(old_memory: &Memory, old: &Entity, memory: &Memory, new: &Entity) -> Vec<String> {
    let mut changed = Vec::new();
    if old.kind != new.kind {
        changed.push(format!("type {} → {}", old.kind, new.kind));
    }
    if old.description != new.description {
        changed.push("description".into());
    }
    if old.tags != new.tags {
        changed.push("tags".into());
    }
    if old.properties != new.properties {
        changed.push("properties".into());
    }
    if old.catalog != new.catalog {
        changed.push("catalog".into());
    }
    // Every source as a person reads it: a chunk that changed in a section that stays
    // is no change; a client's or a run's source that came or went is.
    let described = |m: &Memory, sources: &[String]| -> BTreeSet<String> {
        sources.iter().map(|s| m.describe_source(s)).collect()
    };
    let (o, n) = (
        described(old_memory, &old.sources),
        described(memory, &new.sources),
    );
    if o != n {
        changed.push("sources".into());
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::super::{FollowStamp, Reading, source};
    use super::*;

    #[test]
    fn a_retracted_dependency_and_its_replacement_show_with_why() {
        let (a, b) = (source::chunk("aaaa"), source::chunk("bbbb"));
        let mut old = Memory::new();
        old.note_chunk("aaaa", "docs/001.md", "Payments");
        old.upsert_relationship(
            Relationship::new("PaymentService", "calls", "StripeApi").source(a.clone()),
        );
        old.upsert_entity(Entity::new("PaymentService", "service").source(a.clone()));
        old.upsert_entity(Entity::new("StripeApi", "external_system").source(a));
        let mut new = old.clone();
        let mut learned = Memory::new();
        learned.note_chunk("bbbb", "docs/001.md", "Payments");
        learned.upsert_entity(Entity::new("PaymentService", "service").source(b.clone()));
        learned.upsert_entity(Entity::new("PayPalApi", "external_system").source(b.clone()));
        learned.upsert_relationship(
            Relationship::new("PaymentService", "calls", "PayPalApi").source(b),
        );
        let reading = Reading {
            scope: vec!["docs".into()],
            read: ["docs/001.md".to_string()].into(),
            gone: Default::default(),
            chunks: Default::default(),
        };
        new.follow(learned, &reading, &FollowStamp::default());
        let diff = new.diff_from(&old);
        assert_eq!(
            diff.summary(),
            "+1 entity, −1 entity, +1 relationship, −1 relationship"
        );
        let md = diff.markdown();
        assert!(
            md.contains("- `PaymentService` calls `PayPalApi` — docs/001.md § Payments"),
            "{md}"
        );
        assert!(
            md.contains("- `PaymentService` calls `StripeApi` — docs/001.md changed"),
            "{md}"
        );
        assert!(
            md.contains("`StripeApi` (external_system) — docs/001.md changed"),
            "{md}"
        );
        assert_eq!(
            Memory::new().diff_from(&Memory::new()).summary(),
            "no change"
        );
    }
}
