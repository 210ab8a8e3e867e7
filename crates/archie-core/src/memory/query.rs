//! Reading the graph: lookups by name, neighbours, statistics, the part of the graph
//! around some entities, and "did you mean" suggestions.

use super::{Entity, Ix, Memory, Relationship};
use serde::Serialize;
use std::collections::{HashMap, HashSet, VecDeque};

impl Memory {
    /// The entity whose name matches `name` by [`key`](super::key).
    pub fn entity(&self, name: &str) -> Option<&Entity> {
        self.named(name).map(|i| &self.entities[i as usize])
    }

    /// Relationships leaving the entity.
    pub fn outgoing(&self, name: &str) -> Vec<&Relationship> {
        self.rels(Memory::outgoing_of, name)
    }

    /// Relationships arriving at the entity.
    pub fn incoming(&self, name: &str) -> Vec<&Relationship> {
        self.rels(Memory::incoming_of, name)
    }

    fn rels(&self, list: fn(&Memory, Ix) -> &[Ix], name: &str) -> Vec<&Relationship> {
        let Some(i) = self.named(name) else {
            return Vec::new();
        };
        let mut ids = list(self, i).to_vec();
        ids.sort_unstable_by(|&a, &b| self.rel_order(a, b));
        ids.iter()
            .map(|&r| &self.relationships[r as usize])
            .collect()
    }

    /// The file's order of two relationships: by (key of from, key of to, type).
    pub(super) fn rel_order(&self, a: Ix, b: Ix) -> std::cmp::Ordering {
        let (fa, ta, ka) = self.rel_keys[a as usize];
        let (fb, tb, kb) = self.rel_keys[b as usize];
        self.key_of(fa)
            .cmp(self.key_of(fb))
            .then_with(|| self.key_of(ta).cmp(self.key_of(tb)))
            .then_with(|| self.kinds[ka as usize].cmp(&self.kinds[kb as usize]))
    }

    /// Every relationship touching the entity, outgoing first.
    pub fn relationships_of(&self, name: &str) -> Vec<&Relationship> {
        let mut out = self.outgoing(name);
        let Some(i) = self.named(name) else {
            return out;
        };
        let mut ids: Vec<Ix> = self
            .incoming_of(i)
            .iter()
            .copied()
            .filter(|&r| self.rel_keys[r as usize].0 != i)
            .collect();
        ids.sort_unstable_by(|&a, &b| self.rel_order(a, b));
        out.extend(ids.iter().map(|&r| &self.relationships[r as usize]));
        out
    }

    /// The entities directly connected to `name` (either direction), sorted by key.
    pub fn neighbours(&self, name: &str) -> Vec<&Entity> {
        let Some(i) = self.named(name) else {
            return Vec::new();
        };
        let mut ids: Vec<Ix> = self.neighbour_ids(i).filter(|&n| n != i).collect();
        ids.sort_unstable_by(|&a, &b| self.key_of(a).cmp(self.key_of(b)));
        ids.dedup();
        ids.iter().map(|&n| &self.entities[n as usize]).collect()
    }

    /// The entities at the other end of the relationships of entity `i` (outgoing first;
    /// an entity linked twice comes twice).
    pub(super) fn neighbour_ids(&self, i: Ix) -> impl Iterator<Item = Ix> + '_ {
        let out = self
            .outgoing_of(i)
            .iter()
            .map(|&r| self.rel_keys[r as usize].1);
        let inc = self
            .incoming_of(i)
            .iter()
            .map(|&r| self.rel_keys[r as usize].0);
        out.chain(inc)
    }

    /// How many relationships touch entity `i`.
    pub(super) fn degree(&self, i: Ix) -> usize {
        self.outgoing_of(i).len() + self.incoming_of(i).len()
    }

    /// Counts by type and the most connected entities.
    pub fn stats(&self) -> Stats {
        let mut by_type: HashMap<&str, usize> = HashMap::new();
        for e in &self.entities {
            *by_type.entry(e.kind.as_str()).or_default() += 1;
        }
        let mut by_rel = vec![0usize; self.kinds.len()];
        for &(_, _, t) in &self.rel_keys {
            by_rel[t as usize] += 1;
        }
        let counted = |m: Vec<(&str, usize)>| {
            let mut v: Vec<Count> = m
                .into_iter()
                .filter(|(_, count)| *count > 0)
                .map(|(name, count)| Count {
                    name: name.to_string(),
                    count,
                })
                .collect();
            v.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.name.cmp(&b.name)));
            v
        };
        let most_connected = self
            .best_connected(
                (0..self.entities.len() as Ix).filter(|&i| self.degree(i) > 0),
                10,
            )
            .into_iter()
            .map(|i| Count {
                name: self.entities[i as usize].name.clone(),
                count: self.degree(i),
            })
            .collect();
        Stats {
            entities: self.entities.len(),
            relationships: self.relationships.len(),
            entity_types: counted(by_type.into_iter().collect()),
            relationship_types: counted(self.kinds.iter().map(|k| &**k).zip(by_rel).collect()),
            most_connected,
        }
    }

    /// The `n` best connected of `candidates` (most relationships first, then by key),
    /// without sorting all of them.
    fn best_connected(&self, candidates: impl Iterator<Item = Ix>, n: usize) -> Vec<Ix> {
        let order = |a: &Ix, b: &Ix| {
            self.degree(*b)
                .cmp(&self.degree(*a))
                .then_with(|| self.key_of(*a).cmp(self.key_of(*b)))
        };
        let mut all: Vec<Ix> = candidates.collect();
        if all.len() > n && n > 0 {
            all.select_nth_unstable_by(n - 1, order);
            all.truncate(n);
        } else if n == 0 {
            all.clear();
        }
        all.sort_unstable_by(order);
        all
    }

    /// Picks at most `max` entities: with an empty `focus`, the best connected of the
    /// whole graph; otherwise the focus entities, then their neighbours up to `depth`
    /// hops (nearest first, then best connected).
    pub(super) fn select(&self, focus: &[String], depth: usize, max: usize) -> Selection {
        let mut missing = Vec::new();
        if focus.is_empty() {
            let total = self.entities.len();
            let shown: HashSet<Ix> = self
                .best_connected(0..total as Ix, max)
                .into_iter()
                .collect();
            return Selection {
                omitted: total - shown.len(),
                shown,
                missing,
            };
        }
        let mut distance: HashMap<Ix, usize> = HashMap::new();
        let mut queue = VecDeque::new();
        for name in focus {
            match self.named(name) {
                None => missing.push(name.clone()),
                Some(i) => {
                    if let std::collections::hash_map::Entry::Vacant(slot) = distance.entry(i) {
                        slot.insert(0);
                        queue.push_back(i);
                    }
                }
            }
        }
        while let Some(i) = queue.pop_front() {
            let d = distance.get(&i).copied().unwrap_or(0);
            if d >= depth {
                continue;
            }
            for n in self.neighbour_ids(i) {
                if let std::collections::hash_map::Entry::Vacant(slot) = distance.entry(n) {
                    slot.insert(d + 1);
                    queue.push_back(n);
                }
            }
        }
        let mut ranked: Vec<(usize, std::cmp::Reverse<usize>, &str, Ix)> = distance
            .into_iter()
            .map(|(i, d)| (d, std::cmp::Reverse(self.degree(i)), self.key_of(i), i))
            .collect();
        ranked.sort_unstable();
        let total = ranked.len();
        let shown: HashSet<Ix> = ranked.into_iter().take(max).map(|(.., i)| i).collect();
        Selection {
            omitted: total - shown.len(),
            shown,
            missing,
        }
    }

    /// The part of the graph around `focus` (or the best connected part when `focus`
    /// is empty): at most `max_entities` entities and the relationships between them.
    /// The second value counts the candidate entities left out. For prompts that must
    /// not carry the whole memory.
    pub fn subgraph(&self, focus: &[String], depth: usize, max_entities: usize) -> (Memory, usize) {
        let Selection { shown, omitted, .. } = self.select(focus, depth, max_entities);
        let mut out = Memory::new();
        let mut ids: Vec<Ix> = shown.iter().copied().collect();
        ids.sort_unstable_by(|&a, &b| self.key_of(a).cmp(self.key_of(b)));
        for &i in &ids {
            out.upsert_entity(self.entities[i as usize].clone());
        }
        let mut rels: Vec<Ix> = ids
            .iter()
            .flat_map(|&i| self.outgoing_of(i).iter().copied())
            .filter(|&r| shown.contains(&self.rel_keys[r as usize].1))
            .collect();
        rels.sort_unstable();
        for r in rels {
            out.upsert_relationship(self.relationships[r as usize].clone());
        }
        (out, omitted)
    }

    /// Names close to `name` (for "did you mean"), best first, at most `limit`:
    /// compared as written (case-folded), since that is what the user typed.
    pub fn suggest(&self, name: &str, limit: usize) -> Vec<String> {
        let k = super::identity::fold(name);
        if k.is_empty() {
            return Vec::new();
        }
        let k_chars = k.chars().count();
        let max = (k_chars / 3).max(1);
        let mut scored: Vec<(usize, String, &str)> = self
            .entities
            .iter()
            .filter_map(|e| {
                let ek = super::identity::fold(&e.name);
                let substring = k_chars.min(ek.chars().count()) >= 3
                    && (ek.contains(k.as_str()) || k.contains(ek.as_str()));
                let d = if substring {
                    Some(1)
                } else {
                    edit_distance(&k, &ek, max)
                };
                d.map(|d| (d, ek, e.name.as_str()))
            })
            .collect();
        scored.sort();
        scored
            .into_iter()
            .take(limit)
            .map(|(_, _, n)| n.to_string())
            .collect()
    }
}

/// Entities picked for a view of the graph.
pub(super) struct Selection {
    pub(super) shown: HashSet<Ix>,
    pub(super) omitted: usize,
    /// Focus names that are not in memory.
    pub(super) missing: Vec<String>,
}

/// A name and how many.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Count {
    pub name: String,
    pub count: usize,
}

/// What [`Memory::stats`] returns. Lists are sorted by count, then name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Stats {
    pub entities: usize,
    pub relationships: usize,
    pub entity_types: Vec<Count>,
    pub relationship_types: Vec<Count>,
    /// Up to 10 entities with the most relationships (in + out).
    pub most_connected: Vec<Count>,
}

/// Edit distance (in characters) between `a` and `b` if it is at most `max`.
fn edit_distance(a: &str, b: &str, max: usize) -> Option<usize> {
    // Cheap bound first: the distance is at least the difference in length.
    if a.chars().count().abs_diff(b.chars().count()) > max {
        return None;
    }
    let d = strsim::levenshtein(a, b);
    (d <= max).then_some(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_are_close_names_best_first() {
        let mut m = Memory::new();
        for name in [
            "Order Service",
            "Orders DB",
            "Payment Gateway",
            "Payments",
            "Kafka",
            "db",
            "支付网关",
        ] {
            m.upsert_entity(Entity::new(name, "service"));
        }
        // A typo within a third of the name's length, or a part of a name.
        assert_eq!(m.suggest("order servce", 3), ["Order Service"]);
        assert_eq!(m.suggest("paymnts", 3), ["Payments"]);
        assert_eq!(m.suggest("orders", 3), ["Orders DB"]);
        assert_eq!(m.suggest("支付网", 3), ["支付网关"]);
        assert_eq!(m.suggest("  DB  ", 3), ["db"]);
        // Equally close: by key.
        assert_eq!(m.suggest("payment", 3), ["Payment Gateway", "Payments"]);
        assert_eq!(m.suggest("payment", 1), ["Payment Gateway"]);
        // Too far (a swap is two edits), or nothing to go on.
        assert!(m.suggest("kafak", 3).is_empty());
        assert!(m.suggest("gateway payment", 3).is_empty());
        assert!(m.suggest("x", 3).is_empty());
        assert!(m.suggest("", 3).is_empty());
    }

    #[test]
    fn edit_distance_counts_characters_and_stops_at_max() {
        assert_eq!(edit_distance("kitten", "sitting", 3), Some(3));
        assert_eq!(edit_distance("kitten", "sitting", 2), None);
        assert_eq!(edit_distance("支付网关", "支付网", 1), Some(1));
        assert_eq!(edit_distance("e\u{301}tat", "etat", 1), Some(1));
        assert_eq!(edit_distance("", "abc", 2), None);
    }
}
