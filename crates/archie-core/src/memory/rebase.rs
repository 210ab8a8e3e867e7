//! Saving beside another writer: what this process changed, put onto what is on disk.
//!
//! A process loads the memory (the *base*), changes it (*ours*), and finds at save time
//! that another process saved meanwhile (*theirs*). Writing ours over theirs would undo
//! their writes; merging ours on top of theirs would too, wherever ours holds a stale
//! copy of something they changed (an entity's observations, a session). So the save is
//! a three-way merge: start from theirs and apply only the difference between base and
//! ours. Additions from both sides are kept; a removal is applied only when this process
//! made it; where both changed the same value, ours wins.
//!
//! Entities are matched by identity (the same rules as every other merge), relationships
//! by (from, to, type), top-level keys (such as `sessions`) member by member.

use super::{Entity, Ix, Memory, Relationship};
use serde_json::{Map, Value};

impl Memory {
    /// `theirs` with the changes that turned `base` into `ours` applied.
    pub(super) fn rebase(mut theirs: Memory, base: &Memory, ours: &Memory) -> Memory {
        let mut gone_entities = Vec::new();
        for (i, e) in ours.entities.iter().enumerate() {
            match base.index(ours.key_of(i as Ix)) {
                None => {
                    theirs.upsert_entity(e.clone());
                }
                Some(b) if base.entities[b as usize] == *e => {}
                Some(b) => theirs.apply_entity_change(&base.entities[b as usize], e),
            }
        }
        for (b, e) in base.entities.iter().enumerate() {
            if ours.index(base.key_of(b as Ix)).is_none() {
                gone_entities.push(e.name.clone());
            }
        }
        let mut gone_relationships = Vec::new();
        for (r, rel) in ours.relationships.iter().enumerate() {
            match base.same_relationship(ours, r as Ix) {
                None => {
                    theirs.upsert_relationship(rel.clone());
                }
                Some(b) if base.relationships[b as usize] == *rel => {}
                Some(b) => theirs.apply_relationship_change(&base.relationships[b as usize], rel),
            }
        }
        for (b, rel) in base.relationships.iter().enumerate() {
            if ours.same_relationship(base, b as Ix).is_none() {
                gone_relationships.push((rel.from.clone(), rel.to.clone(), rel.kind.clone()));
            }
        }
        let mut extra = std::mem::take(&mut theirs.extra);
        apply_map_change(&mut extra, &base.extra, &ours.extra);
        theirs.extra = extra;
        theirs.touch();
        if gone_entities.is_empty() && gone_relationships.is_empty() {
            return theirs;
        }
        theirs.without(&gone_entities, &gone_relationships).0
    }

    /// Applies to this memory's version of an entity what changed from `before` to
    /// `after`; adds `after` when this memory no longer has it.
    fn apply_entity_change(&mut self, before: &Entity, after: &Entity) {
        let Some(i) = self.resolve(&after.name, &after.kind) else {
            self.upsert_entity(after.clone());
            return;
        };
        let target = &mut self.entities[i as usize];
        if before.kind != after.kind {
            target.kind.clone_from(&after.kind);
        }
        if before.description != after.description {
            target.description.clone_from(&after.description);
        }
        apply_list_change(&mut target.tags, &before.tags, &after.tags);
        apply_sources_change(&mut target.sources, &before.sources, &after.sources);
        apply_map_change(
            &mut target.properties,
            &before.properties,
            &after.properties,
        );
        apply_map_change(&mut target.catalog, &before.catalog, &after.catalog);
        // The new name of `after` (if it was merged under another) is an alias here.
        let name = after.name.clone();
        self.alias(i, &name);
        self.touch();
    }

    /// Applies to this memory's version of a relationship what changed in its
    /// properties from `before` to `after`; adds `after` when this memory lacks it.
    fn apply_relationship_change(&mut self, before: &Relationship, after: &Relationship) {
        let mut probe = Memory::new();
        probe.upsert_relationship(after.clone());
        let Some(r) = self.same_relationship(&probe, 0) else {
            self.upsert_relationship(after.clone());
            return;
        };
        let target = &mut self.relationships[r as usize];
        apply_sources_change(&mut target.sources, &before.sources, &after.sources);
        apply_map_change(
            &mut target.properties,
            &before.properties,
            &after.properties,
        );
        self.touch();
    }
}

/// Applies to `target` what changed from `before` to `after`: members added, removed or
/// changed; a member that is an object or a list on every side is merged member by
/// member (item by item), so both sides' additions stay.
fn apply_map_change(
    target: &mut Map<String, Value>,
    before: &Map<String, Value>,
    after: &Map<String, Value>,
) {
    for (name, new) in after {
        let old = before.get(name);
        if old == Some(new) {
            continue;
        }
        match (target.get_mut(name), old, new) {
            (Some(Value::Object(t)), Some(Value::Object(o)), Value::Object(n)) => {
                apply_map_change(t, o, n);
            }
            (Some(Value::Object(t)), None, Value::Object(n)) => {
                apply_map_change(t, &Map::new(), n);
            }
            (Some(Value::Array(t)), Some(Value::Array(o)), Value::Array(n)) => {
                apply_list_change(t, o, n);
            }
            (Some(Value::Array(t)), None, Value::Array(n)) => {
                apply_list_change(t, &[], n);
            }
            _ => {
                target.insert(name.clone(), new.clone());
            }
        }
    }
    for name in before.keys() {
        if !after.contains_key(name) {
            target.remove(name);
        }
    }
}

/// [`apply_list_change`] for a sorted list of sources: it stays sorted.
fn apply_sources_change(target: &mut Vec<String>, before: &[String], after: &[String]) {
    apply_list_change(target, before, after);
    target.sort();
}

/// Applies to `target` what changed from `before` to `after`: items added (at the end,
/// once) and items removed.
fn apply_list_change<T: PartialEq + Clone>(target: &mut Vec<T>, before: &[T], after: &[T]) {
    target.retain(|item| !before.contains(item) || after.contains(item));
    for item in after {
        if !before.contains(item) && !target.contains(item) {
            target.push(item.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn observed(name: &str, observations: &[&str]) -> Entity {
        Entity::new(name, "service").property("observations", json!(observations))
    }

    fn observations(m: &Memory, name: &str) -> Vec<String> {
        m.entity(name)
            .and_then(|e| e.properties.get("observations"))
            .and_then(Value::as_array)
            .map(|l| {
                l.iter()
                    .filter_map(|v| v.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    }

    #[test]
    fn a_stale_copy_does_not_undo_their_change() {
        let mut base = Memory::new();
        base.upsert_entity(observed("PaymentService", &["owned by team red"]));
        base.upsert_entity(Entity::new("Ledger", "service"));
        // They add an observation; we learn something about another entity.
        let mut theirs = base.clone();
        let list = theirs
            .entity_mut("PaymentService")
            .and_then(|e| e.properties.get_mut("observations"))
            .and_then(Value::as_array_mut)
            .unwrap();
        list.push(json!("on-call: alice"));
        let mut ours = base.clone();
        ours.upsert_entity(Entity::new("Ledger", "service").description("keeps the books"));
        ours.upsert_entity(Entity::new("Fraud", "service"));
        let merged = Memory::rebase(theirs, &base, &ours);
        assert_eq!(
            observations(&merged, "PaymentService"),
            ["owned by team red", "on-call: alice"]
        );
        assert_eq!(
            merged.entity("Ledger").map(|e| e.description.as_str()),
            Some("keeps the books")
        );
        assert!(merged.entity("Fraud").is_some());
    }

    #[test]
    fn both_sides_additions_to_one_list_stay_and_only_our_removals_apply() {
        let mut base = Memory::new();
        base.upsert_entity(observed("A", &["one", "two"]));
        let mut theirs = base.clone();
        theirs.upsert_entity(observed("A", &["three"]));
        let mut ours = Memory::new();
        ours.upsert_entity(observed("A", &["two", "four"]));
        let merged = Memory::rebase(theirs, &base, &ours);
        assert_eq!(observations(&merged, "A"), ["two", "three", "four"]);
    }

    #[test]
    fn removals_are_ours_only() {
        let mut base = Memory::new();
        base.upsert_entity(Entity::new("Keep", "service"));
        base.upsert_entity(Entity::new("Drop", "service"));
        base.upsert_relationship(Relationship::new("Keep", "calls", "Drop"));
        let mut theirs = base.clone();
        theirs.upsert_entity(Entity::new("Theirs", "service"));
        theirs.upsert_relationship(Relationship::new("Theirs", "calls", "Keep"));
        let (ours, _, _) = base.without(&["Drop".to_string()], &[]);
        let merged = Memory::rebase(theirs, &base, &ours);
        let names: Vec<&str> = merged.entities().iter().map(|e| e.name.as_str()).collect();
        assert!(
            names.contains(&"Keep") && names.contains(&"Theirs"),
            "{names:?}"
        );
        assert!(!names.contains(&"Drop"), "{names:?}");
        assert_eq!(merged.relationships().len(), 1);
    }

    #[test]
    fn sessions_merge_member_by_member() {
        let mut base = Memory::new();
        base.extra
            .insert("sessions".into(), json!({"s1": {"turns": [1]}}));
        let mut theirs = base.clone();
        theirs.extra.insert(
            "sessions".into(),
            json!({"s1": {"turns": [1]}, "s2": {"turns": [9]}}),
        );
        let mut ours = base.clone();
        ours.extra
            .insert("sessions".into(), json!({"s1": {"turns": [1, 2]}}));
        let merged = Memory::rebase(theirs, &base, &ours);
        assert_eq!(
            merged.extra.get("sessions"),
            Some(&json!({"s1": {"turns": [1, 2]}, "s2": {"turns": [9]}}))
        );
    }

    #[test]
    fn both_writers_sources_are_kept_and_our_retraction_applies() {
        let doc = |h: &str| crate::memory::source::chunk(h);
        let mut base = Memory::new();
        base.upsert_entity(Entity::new("A", "service").source(doc("1")));
        base.upsert_relationship(Relationship::new("A", "calls", "B").source(doc("1")));
        // They (an MCP client) vouch for A; we see a new chunk state it.
        let mut theirs = base.clone();
        theirs.upsert_entity(Entity::new("A", "service").source("mcp:agent"));
        let mut ours = base.clone();
        ours.upsert_entity(Entity::new("A", "service").source(doc("2")));
        let merged = Memory::rebase(theirs, &base, &ours);
        assert_eq!(
            merged.entity("A").unwrap().sources,
            [doc("1"), doc("2"), "mcp:agent".to_string()]
        );
        // We retracted A calls B: gone from theirs too.
        let (ours, _, _) = base.without(&[], &[("A".into(), "B".into(), "calls".into())]);
        let merged = Memory::rebase(base.clone(), &base, &ours);
        assert!(merged.relationships().is_empty());
    }

    #[test]
    fn with_nothing_from_them_the_result_is_ours() {
        let mut base = Memory::new();
        base.upsert_entity(observed("A", &["x"]));
        let mut ours = base.clone();
        ours.upsert_entity(Entity::new("B", "database"));
        ours.upsert_relationship(Relationship::new("A", "writes to", "B"));
        let merged = Memory::rebase(base.clone(), &base, &ours);
        assert_eq!(merged, ours);
    }
}
