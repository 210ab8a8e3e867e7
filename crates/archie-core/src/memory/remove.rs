//! Taking things out of a memory: the one exception to "nothing is ever removed".
//! Saving merges (so a removal would come back), so removals are written with
//! [`MemoryFile::update`](super::MemoryFile::update).

use super::{Entity, Ix, Memory, relationship_type};
use std::collections::HashSet;

impl Memory {
    /// A copy without the entities named in `names` (each the entity its name names, as
    /// every lookup finds it) and every relationship that touches them, and without the
    /// relationships in `relationships` (`(from, to, type)`, matched by the entities
    /// their ends name and the normalised type). Returns the copy and how
    /// many entities and relationships were removed.
    pub fn without(
        &self,
        names: &[String],
        relationships: &[(String, String, String)],
    ) -> (Memory, usize, usize) {
        // By the entities the names name (a marked name, `Billing (EU)`, is kept under a
        // key of its own, not under its words'), so the same lookup as every write.
        let gone: HashSet<Ix> = names.iter().filter_map(|n| self.named(n)).collect();
        let rel_gone: HashSet<(Ix, Ix, String)> = relationships
            .iter()
            .filter_map(|(f, t, k)| Some((self.named(f)?, self.named(t)?, relationship_type(k))))
            .collect();
        let mut out = Memory {
            extra: self.extra.clone(),
            ..Memory::default()
        };
        let mut removed_entities = 0;
        for (i, e) in self.entities.iter().enumerate() {
            if gone.contains(&(i as Ix)) {
                removed_entities += 1;
            } else {
                out.upsert_entity(e.clone());
            }
        }
        let mut removed_rels = 0;
        for (r, &(f, t, _)) in self.relationships.iter().zip(&self.rel_keys) {
            let named = (f, t, r.kind.clone());
            if gone.contains(&f) || gone.contains(&t) || rel_gone.contains(&named) {
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
