//! Taking things out of a memory: the one exception to "nothing is ever removed".
//! Saving merges (so a removal would come back), so removals are written with
//! [`MemoryFile::update`](super::MemoryFile::update).

use super::{Entity, Ix, Memory, Relationship, relationship_type};
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
        let out = self.kept(
            |i| !gone.contains(&i),
            |r, (f, t)| !rel_gone.contains(&(f, t, r.kind.clone())),
        );
        let removed_entities = self.entities.len() - out.entities.len();
        let removed_rels = self.relationships.len() - out.relationships.len();
        (out, removed_entities, removed_rels)
    }

    /// A copy with only the entities `keep` keeps and the relationships between them,
    /// each as it is: a part of the memory to draw or show, its names as the memory
    /// holds them (writing them in again would decide their identity anew).
    pub fn only(&self, keep: impl Fn(&Entity) -> bool) -> Memory {
        self.kept(|i| keep(&self.entities[i as usize]), |_, _| true)
    }

    /// A copy with the entities `keep` keeps and the relationships between them that
    /// `keep_rel` keeps (given with its ends), each entity under the key and aliases it
    /// had: a copy is no new mention, so identity is not decided again (re-resolving
    /// every name made a marked entity whose sibling had gone take another's name, and a
    /// name then found the wrong one).
    pub(super) fn kept(
        &self,
        keep: impl Fn(Ix) -> bool,
        keep_rel: impl Fn(&Relationship, (Ix, Ix)) -> bool,
    ) -> Memory {
        let mut out = Memory {
            extra: self.extra.clone(),
            ..Memory::default()
        };
        let mut new_ix: Vec<Option<Ix>> = vec![None; self.entities.len()];
        for (i, e) in self.entities.iter().enumerate() {
            if keep(i as Ix) {
                new_ix[i] = Some(out.entities.len() as Ix);
                out.entities.push(e.clone());
                out.keys.push(self.keys[i].clone());
                out.plain.push(self.plain[i]);
            }
        }
        out.by_key = self
            .by_key
            .iter()
            .filter_map(|(k, &i)| Some((k.clone(), new_ix[i as usize]?)))
            .collect();
        for (r, &(f, t, _)) in self.relationships.iter().zip(&self.rel_keys) {
            let (Some(nf), Some(nt)) = (new_ix[f as usize], new_ix[t as usize]) else {
                continue;
            };
            if keep_rel(r, (f, t)) {
                let kind = out.kind_id(&r.kind);
                out.rel_keys.push((nf, nt, kind));
                out.relationships.push(r.clone());
            }
        }
        out.touch();
        out
    }

    /// The entity with this name, to change in place (its name and key stay). The
    /// memory counts as changed from here on (see [`Memory::stamp`]).
    pub fn entity_mut(&mut self, name: &str) -> Option<&mut Entity> {
        let i = self.named(name)?;
        self.touch();
        Some(&mut self.entities[i as usize])
    }
}
