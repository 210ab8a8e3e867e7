//! Taking things out of a memory: the one exception to "nothing is ever removed".
//! Saving merges (so a removal would come back), so removals are written with
//! [`MemoryFile::update`](super::MemoryFile::update).

use super::{Entity, Memory, key, relationship_type};
use std::collections::HashSet;

impl Memory {
    /// A copy without the entities named in `names` (by [`key`]) and every
    /// relationship that touches them, and without the relationships in `relationships`
    /// (`(from, to, type)`, matched by key and normalised type). Returns the copy and how
    /// many entities and relationships were removed.
    pub fn without(
        &self,
        names: &[String],
        relationships: &[(String, String, String)],
    ) -> (Memory, usize, usize) {
        let gone: HashSet<String> = names.iter().map(|n| key(n)).collect();
        let rel_gone: HashSet<(String, String, String)> = relationships
            .iter()
            .map(|(f, t, k)| (key(f), key(t), relationship_type(k)))
            .collect();
        let mut out = Memory {
            extra: self.extra.clone(),
            ..Memory::default()
        };
        let mut removed_entities = 0;
        for (k, e) in self.keys.iter().zip(&self.entities) {
            if gone.contains(&**k) {
                removed_entities += 1;
            } else {
                out.upsert_entity(e.clone());
            }
        }
        let mut removed_rels = 0;
        for (r, &(f, t, _)) in self.relationships.iter().zip(&self.rel_keys) {
            let (f, t) = (self.key_of(f), self.key_of(t));
            let named = (f.to_string(), t.to_string(), r.kind.clone());
            if gone.contains(f) || gone.contains(t) || rel_gone.contains(&named) {
                removed_rels += 1;
            } else {
                out.upsert_relationship(r.clone());
            }
        }
        (out, removed_entities, removed_rels)
    }

    /// The entity with this name, to change in place (its name and key stay). The
    /// memory counts as changed from here on (see [`Memory::stamp`]).
    pub fn entity_mut(&mut self, name: &str) -> Option<&mut Entity> {
        let i = self.named(name)?;
        self.touch();
        Some(&mut self.entities[i as usize])
    }
}
