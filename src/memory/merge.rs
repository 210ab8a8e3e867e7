//! Growing the graph: the merge rules of [`Memory::upsert_entity`] and
//! [`Memory::upsert_relationship`], and what a merge changed ([`MergeReport`]).

use super::{Entity, Memory, Relationship, UNKNOWN_TYPE, key, relationship_type};
use serde::Serialize;

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

impl Memory {
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
}
