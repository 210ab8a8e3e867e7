//! Reading the graph: lookups by name, neighbours, statistics, the part of the graph
//! around some entities, and "did you mean" suggestions.

use super::{Entity, Memory, Relationship, key};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};

impl Memory {
    /// The entity whose name matches `name` by [`key`].
    pub fn entity(&self, name: &str) -> Option<&Entity> {
        self.by_key.get(&key(name)).map(|&i| &self.entities[i])
    }

    /// Relationships leaving the entity.
    pub fn outgoing(&self, name: &str) -> Vec<&Relationship> {
        self.rels(&self.outgoing, name)
    }

    /// Relationships arriving at the entity.
    pub fn incoming(&self, name: &str) -> Vec<&Relationship> {
        self.rels(&self.incoming, name)
    }

    fn rels(&self, index: &HashMap<String, Vec<usize>>, name: &str) -> Vec<&Relationship> {
        let mut out: Vec<&Relationship> = index
            .get(&key(name))
            .map(|ids| ids.iter().map(|&i| &self.relationships[i]).collect())
            .unwrap_or_default();
        out.sort_by_key(|r| (key(&r.from), key(&r.to), r.kind.clone()));
        out
    }

    /// Every relationship touching the entity, outgoing first.
    pub fn relationships_of(&self, name: &str) -> Vec<&Relationship> {
        let mut out = self.outgoing(name);
        out.extend(
            self.incoming(name)
                .into_iter()
                .filter(|r| key(&r.from) != key(&r.to)),
        );
        out
    }

    /// The entities directly connected to `name` (either direction), sorted by key.
    pub fn neighbours(&self, name: &str) -> Vec<&Entity> {
        let k = key(name);
        let mut keys: Vec<String> = self
            .neighbour_keys(&k)
            .into_iter()
            .filter(|n| *n != k)
            .collect();
        keys.sort();
        keys.dedup();
        keys.iter().filter_map(|n| self.entity(n)).collect()
    }

    pub(super) fn neighbour_keys(&self, k: &str) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(ids) = self.outgoing.get(k) {
            out.extend(ids.iter().map(|&i| key(&self.relationships[i].to)));
        }
        if let Some(ids) = self.incoming.get(k) {
            out.extend(ids.iter().map(|&i| key(&self.relationships[i].from)));
        }
        out
    }

    /// How many relationships touch the entity with this key.
    pub(super) fn degree(&self, k: &str) -> usize {
        self.outgoing.get(k).map_or(0, Vec::len) + self.incoming.get(k).map_or(0, Vec::len)
    }

    /// Counts by type and the most connected entities.
    pub fn stats(&self) -> Stats {
        let mut by_type: BTreeMap<&str, usize> = BTreeMap::new();
        for e in &self.entities {
            *by_type.entry(e.kind.as_str()).or_default() += 1;
        }
        let mut by_rel: BTreeMap<&str, usize> = BTreeMap::new();
        for r in &self.relationships {
            *by_rel.entry(r.kind.as_str()).or_default() += 1;
        }
        let counted = |m: BTreeMap<&str, usize>| {
            let mut v: Vec<Count> = m
                .into_iter()
                .map(|(name, count)| Count {
                    name: name.to_string(),
                    count,
                })
                .collect();
            v.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.name.cmp(&b.name)));
            v
        };
        let mut connected: Vec<(usize, String, &Entity)> = self
            .entities
            .iter()
            .map(|e| {
                let k = key(&e.name);
                (self.degree(&k), k, e)
            })
            .filter(|(d, _, _)| *d > 0)
            .collect();
        connected.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        Stats {
            entities: self.entities.len(),
            relationships: self.relationships.len(),
            entity_types: counted(by_type),
            relationship_types: counted(by_rel),
            most_connected: connected
                .into_iter()
                .take(10)
                .map(|(count, _, e)| Count {
                    name: e.name.clone(),
                    count,
                })
                .collect(),
        }
    }

    /// Picks at most `max` entity keys: with an empty `focus`, the best connected of the
    /// whole graph; otherwise the focus entities, then their neighbours up to `depth`
    /// hops (nearest first, then best connected).
    pub(super) fn select(&self, focus: &[String], depth: usize, max: usize) -> Selection {
        let mut distance: HashMap<String, usize> = HashMap::new();
        let mut missing = Vec::new();
        if focus.is_empty() {
            for e in &self.entities {
                distance.insert(key(&e.name), 0);
            }
        } else {
            let mut queue = std::collections::VecDeque::new();
            for name in focus {
                let k = key(name);
                if !self.by_key.contains_key(&k) {
                    missing.push(name.clone());
                } else if !distance.contains_key(&k) {
                    distance.insert(k.clone(), 0);
                    queue.push_back(k);
                }
            }
            while let Some(k) = queue.pop_front() {
                let d = distance.get(&k).copied().unwrap_or(0);
                if d >= depth {
                    continue;
                }
                for n in self.neighbour_keys(&k) {
                    if !distance.contains_key(&n) {
                        distance.insert(n.clone(), d + 1);
                        queue.push_back(n);
                    }
                }
            }
        }
        let mut ranked: Vec<(usize, std::cmp::Reverse<usize>, String)> = distance
            .into_iter()
            .map(|(k, d)| (d, std::cmp::Reverse(self.degree(&k)), k))
            .collect();
        ranked.sort();
        let total = ranked.len();
        let shown: HashSet<String> = ranked.into_iter().take(max).map(|(_, _, k)| k).collect();
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
        let mut keys: Vec<&String> = shown.iter().collect();
        keys.sort();
        for k in keys {
            if let Some(e) = self.entity(k) {
                out.upsert_entity(e.clone());
            }
        }
        for r in &self.relationships {
            if shown.contains(&key(&r.from)) && shown.contains(&key(&r.to)) {
                out.upsert_relationship(r.clone());
            }
        }
        (out, omitted)
    }

    /// Names close to `name` (for "did you mean"), best first, at most `limit`.
    pub fn suggest(&self, name: &str, limit: usize) -> Vec<String> {
        let k = key(name);
        if k.is_empty() {
            return Vec::new();
        }
        let max = (k.chars().count() / 3).max(1);
        let mut scored: Vec<(usize, String, &str)> = self
            .entities
            .iter()
            .filter_map(|e| {
                let ek = key(&e.name);
                let substring = k.chars().count().min(ek.chars().count()) >= 3
                    && (ek.contains(&k) || k.contains(&ek));
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

/// Entity keys picked for a view of the graph.
pub(super) struct Selection {
    pub(super) shown: HashSet<String>,
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
