//! What the rules cannot decide: pairs that are probably one thing, scored for the human
//! to decide, and the decisions, remembered.
//!
//! The rules of [`identity`](super::identity) merge only what is certain. Pairs that are
//! probably one thing (`Okta` / `Okta API`, `Checkout` / `CheckoutService`, `Inventory
//! Svc` / `Inventory Service`, a typo) are found by [`Memory::duplicates`], scored by name
//! similarity, shared neighbours and type, and left to the human: merged
//! ([`Memory::merge_entities`]: the one becomes an alias of the other, nothing dropped),
//! kept apart (remembered, never asked again), or left pending. Every decision and every
//! merge (with what it needs to be taken back: [`Memory::unmerge`]) is kept in the memory
//! file under the top-level key `identity`.

use super::identity::{self, Family};
use super::merge::{ALIASES, aliases_of};
use super::{Entity, Ix, Memory, Relationship, key};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};

/// The memory file's top-level key that holds the decisions.
pub const IDENTITY_KEY: &str = "identity";

/// Words a name may end with that do not change what it names when another name is
/// the same without them (`Checkout` / `Checkout Service`): such pairs are asked.
const GENERIC_WORDS: &[&str] = &[
    "service",
    "svc",
    "api",
    "app",
    "application",
    "system",
    "server",
    "platform",
    "component",
    "module",
    "backend",
];

/// The least score a pair needs to be asked about.
const ASK_FROM: f64 = 0.45;

/// A pair that is probably one thing: merge `merge` into `into`?
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Suggestion {
    /// The name that would become an alias.
    pub merge: String,
    /// The name that stays.
    pub into: String,
    /// 0..1: how likely the two are one thing.
    pub score: f64,
    /// Why they look alike, in a few words ("same name but `service`, 2 shared
    /// neighbours").
    pub why: String,
}

/// A merge made by [`Memory::merge_entities`], with what it takes to undo it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MergeRecord {
    /// The entity merged away, as it was.
    pub entity: Entity,
    /// The name it was merged into.
    pub into: String,
    /// Its relationships as they were.
    pub relationships: Vec<Relationship>,
    /// The relationships the merge added to the entity it stayed in (re-pointed ones
    /// that entity did not have already): taken out again by an unmerge.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub added: Vec<Relationship>,
}

/// What the human decided and what waits for them (`identity` in the memory file).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Decisions {
    /// Pairs (by key, sorted) the human kept apart.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub apart: Vec<[String; 2]>,
    /// Pairs found and not decided yet.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<Suggestion>,
    /// Merges made, newest last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merges: Vec<MergeRecord>,
}

impl Decisions {
    /// Remembers the pair as two things, and drops it from the pending ones.
    pub fn keep_apart(&mut self, a: &str, b: &str) {
        let pair = pair_key(a, b);
        self.pending.retain(|s| pair_key(&s.merge, &s.into) != pair);
        if !self.apart.contains(&pair) {
            self.apart.push(pair);
        }
    }

    /// Whether the pair was kept apart.
    pub fn kept_apart(&self, a: &str, b: &str) -> bool {
        let pair = pair_key(a, b);
        self.apart.contains(&pair)
    }
}

/// The pair's identity regardless of order.
fn pair_key(a: &str, b: &str) -> [String; 2] {
    let (a, b) = (key(a), key(b));
    if a <= b { [a, b] } else { [b, a] }
}

impl Memory {
    /// The decisions kept in this memory (none when the key is missing or unreadable).
    pub fn decisions(&self) -> Decisions {
        self.extra
            .get(IDENTITY_KEY)
            .and_then(|v| serde_json::from_value(v.clone()).ok())
            .unwrap_or_default()
    }

    /// Lists the pairs [`Memory::duplicates`] finds now as the pending ones (so a run
    /// that ends without anyone to ask records them in the same save).
    pub fn note_duplicates(&mut self) {
        let mut decisions = self.decisions();
        let found = self.duplicates();
        if decisions.pending != found {
            decisions.pending = found;
            self.set_decisions(&decisions);
        }
    }

    /// Keeps `decisions` in this memory.
    pub fn set_decisions(&mut self, decisions: &Decisions) {
        let value = serde_json::to_value(decisions).unwrap_or(Value::Null);
        if value == json!({}) || value.is_null() {
            if self.extra.remove(IDENTITY_KEY).is_some() {
                self.touch();
            }
        } else if self.extra.get(IDENTITY_KEY) != Some(&value) {
            self.extra.insert(IDENTITY_KEY.into(), value);
            self.touch();
        }
    }

    /// Pairs that are probably one thing and were not decided, best first: names that
    /// are the same but for a generic word (`Checkout` / `Checkout Service`, `Okta` /
    /// `Okta API`), an abbreviation (`Svc`), an acronym of the other (`OMS` / `Order
    /// Management System`), or a typo; of compatible types. Scored by name similarity,
    /// shared neighbours and type.
    pub fn duplicates(&self) -> Vec<Suggestion> {
        let decisions = self.decisions();
        let mut blocks: HashMap<String, Vec<Ix>> = HashMap::new();
        for (i, e) in self.entities.iter().enumerate() {
            for block in blocking_keys(&e.name) {
                blocks.entry(block).or_default().push(i as Ix);
            }
        }
        let mut seen: HashSet<(Ix, Ix)> = HashSet::new();
        let mut out = Vec::new();
        for members in blocks.values() {
            // A block that large is a common word, not a name.
            if members.len() > 50 {
                continue;
            }
            for (n, &a) in members.iter().enumerate() {
                for &b in &members[n + 1..] {
                    let (a, b) = if a < b { (a, b) } else { (b, a) };
                    if a == b || !seen.insert((a, b)) {
                        continue;
                    }
                    if let Some(s) = self.score_pair(a, b, &decisions) {
                        out.push(s);
                    }
                }
            }
        }
        out.sort_by(|x, y| {
            y.score
                .total_cmp(&x.score)
                .then_with(|| x.into.cmp(&y.into))
                .then_with(|| x.merge.cmp(&y.merge))
        });
        out
    }

    fn score_pair(&self, a: Ix, b: Ix, decisions: &Decisions) -> Option<Suggestion> {
        let (ea, eb) = (&self.entities[a as usize], &self.entities[b as usize]);
        if decisions.kept_apart(&ea.name, &eb.name) {
            return None;
        }
        let (fa, fb) = (Family::of(&ea.kind), Family::of(&eb.kind));
        if !fa.compatible(fb) {
            return None;
        }
        let known = |k: &str| k != super::UNKNOWN_TYPE;
        // A service and its API, both known as such, are two things.
        let same_type = ea.kind == eb.kind;
        let external_api = [ea.kind.as_str(), eb.kind.as_str()]
            .iter()
            .all(|k| matches!(*k, "external_system" | "api" | "unknown"));
        if known(&ea.kind) && known(&eb.kind) && !same_type && !external_api {
            return None;
        }
        if !alike_names(&ea.name, &eb.name) {
            return None;
        }
        let (ka, kb) = (self.key_of(a), self.key_of(b));
        let name = strsim::jaro_winkler(ka, kb);
        let na: HashSet<Ix> = self.neighbour_ids(a).filter(|&n| n != b).collect();
        let nb: HashSet<Ix> = self.neighbour_ids(b).filter(|&n| n != a).collect();
        let shared = na.intersection(&nb).count();
        let union = na.union(&nb).count();
        let neighbours = if union == 0 {
            0.0
        } else {
            shared as f64 / union as f64
        };
        let typed = if same_type && known(&ea.kind) {
            1.0
        } else {
            0.5
        };
        let score = 0.5 * name + 0.3 * neighbours + 0.2 * typed;
        if score < ASK_FROM {
            return None;
        }
        // Into the longer (more specific) name; of equal length, the better connected.
        let (merge, into) = match ea.name.len().cmp(&eb.name.len()) {
            std::cmp::Ordering::Less => (a, b),
            std::cmp::Ordering::Greater => (b, a),
            std::cmp::Ordering::Equal if self.degree(a) > self.degree(b) => (b, a),
            std::cmp::Ordering::Equal => (a, b),
        };
        let mut why = vec![if same_type && known(&ea.kind) {
            format!("both {}", ea.kind)
        } else {
            "types agree".to_string()
        }];
        if shared > 0 {
            why.push(format!(
                "{shared} shared neighbour{}",
                if shared == 1 { "" } else { "s" }
            ));
        }
        Some(Suggestion {
            merge: self.entities[merge as usize].name.clone(),
            into: self.entities[into as usize].name.clone(),
            score: (score * 100.0).round() / 100.0,
            why: why.join(", "),
        })
    }

    /// A copy with `merge` merged into `into`: its name and aliases become aliases of
    /// `into`, its relationships are re-pointed, its description (when new), tags,
    /// properties and observations are combined with `into`'s; nothing is dropped, and
    /// the merge is recorded so [`Memory::unmerge`] can take it back. `None` when either
    /// is not in memory or both are one entity already.
    pub fn merge_entities(&self, merge: &str, into: &str) -> Option<Memory> {
        let a = self.index(&key(merge))?;
        let b = self.index(&key(into))?;
        if a == b {
            return None;
        }
        let gone = self.entities[a as usize].clone();
        let target_name = self.entities[b as usize].name.clone();
        let touching: Vec<Relationship> = self
            .relationships
            .iter()
            .zip(&self.rel_keys)
            .filter(|(_, (f, t, _))| *f == a || *t == a)
            .map(|(r, _)| r.clone())
            .collect();
        let (mut out, _, _) = self.without(std::slice::from_ref(&gone.name), &[]);
        let mut absorbed = gone.clone();
        absorbed.name = target_name.clone();
        let mut aliases = aliases_of(&gone);
        aliases.push(gone.name.clone());
        absorbed.properties.insert(
            ALIASES.into(),
            Value::Array(aliases.iter().cloned().map(Value::String).collect()),
        );
        // The entity that stays keeps its own description and type; the other's
        // description, when it says something else, is kept beside it.
        absorbed.kind = String::new();
        let target = &self.entities[b as usize];
        absorbed.description = match (target.description.trim(), gone.description.trim()) {
            (_, "") => String::new(),
            ("", theirs) => theirs.to_string(),
            (ours, theirs) if ours.contains(theirs) => String::new(),
            (ours, theirs) => format!("{ours} {theirs}"),
        };
        out.upsert_entity(absorbed);
        for alias in &aliases {
            if let Some(i) = out.index(&key(&target_name)) {
                out.alias(i, alias);
            }
        }
        let mut added = Vec::new();
        for rel in &touching {
            let mut moved = rel.clone();
            let is_gone = |n: &str| key(n) == key(&gone.name);
            if is_gone(&moved.from) {
                moved.from.clone_from(&target_name);
            }
            if is_gone(&moved.to) {
                moved.to.clone_from(&target_name);
            }
            if key(&moved.from) != key(&moved.to)
                && out.upsert_relationship(moved.clone()).0 == super::Upserted::Added
            {
                added.push(moved);
            }
        }
        let mut decisions = out.decisions();
        let pair = pair_key(merge, into);
        decisions
            .pending
            .retain(|s| pair_key(&s.merge, &s.into) != pair);
        decisions.merges.push(MergeRecord {
            entity: gone,
            into: target_name,
            relationships: touching,
            added,
        });
        out.set_decisions(&decisions);
        Some(out)
    }

    /// A copy with the merge of `merged` into another entity taken back: the entity
    /// and its relationships as they were before, its spellings no longer aliases of the
    /// other, and the pair remembered as kept apart. `None` when no merge of that name
    /// is recorded.
    pub fn unmerge(&self, merged: &str) -> Option<Memory> {
        let mut decisions = self.decisions();
        let at = decisions
            .merges
            .iter()
            .rposition(|m| key(&m.entity.name) == key(merged))?;
        let record = decisions.merges.remove(at);
        let spellings: HashSet<String> = aliases_of(&record.entity)
            .into_iter()
            .chain([record.entity.name.clone()])
            .map(|n| identity::fold(&n))
            .collect();
        let moved: HashSet<(String, String, String)> = record
            .added
            .iter()
            .map(|r| (key(&r.from), key(&r.to), super::relationship_type(&r.kind)))
            .collect();
        let mut out = Memory {
            extra: self.extra.clone(),
            ..Memory::default()
        };
        for e in &self.entities {
            let mut e = e.clone();
            if key(&e.name) == key(&record.into)
                && let Some(Value::Array(list)) = e.properties.get_mut(ALIASES)
            {
                list.retain(|a| {
                    a.as_str()
                        .is_none_or(|a| !spellings.contains(&identity::fold(a)))
                });
                if list.is_empty() {
                    e.properties.remove(ALIASES);
                }
            }
            out.upsert_entity(e);
        }
        out.upsert_entity(record.entity.clone());
        for r in &self.relationships {
            let k = (key(&r.from), key(&r.to), r.kind.clone());
            if !moved.contains(&k) {
                out.upsert_relationship(r.clone());
            }
        }
        for r in &record.relationships {
            out.upsert_relationship(r.clone());
        }
        let pair = pair_key(&record.entity.name, &record.into);
        if !decisions.apart.contains(&pair) {
            decisions.apart.push(pair);
        }
        out.set_decisions(&decisions);
        Some(out)
    }
}

/// Words that say what kind of thing a name is: two names that differ in them
/// (`Order Events Topic` / `Order Events Queue`, `Orders` / `Orders DB`) are two things.
const KIND_WORDS: &[&str] = &[
    "topic",
    "queue",
    "stream",
    "database",
    "db",
    "cache",
    "bucket",
    "table",
    "index",
    "store",
    "storage",
    "gateway",
    "worker",
    "job",
    "scheduler",
    "proxy",
    "bus",
    "event",
    "events",
    "log",
    "ui",
    "frontend",
    "client",
    "sdk",
    "library",
    "team",
];

/// Whether two names may name one thing: one is the other with generic words added
/// (`Checkout` / `Checkout Service`, `Okta` / `Okta API`, `Inventory Svc` / `Inventory
/// Service`), an acronym of it (`OMS` / `Order Management System`), or the same but
/// for a typo (two edits at most) in a word that does not say what kind of thing it is.
fn alike_names(a: &str, b: &str) -> bool {
    let norm = |name: &str| -> Vec<String> {
        identity::words(name)
            .into_iter()
            .map(|w| {
                if w == "svc" {
                    "service".into()
                } else {
                    key(&w)
                }
            })
            .collect()
    };
    // `Service 1` and `Service 2` are two things.
    let digits = |n: &str| n.chars().filter(char::is_ascii_digit).collect::<String>();
    if digits(a) != digits(b) {
        return false;
    }
    let (ka, kb) = (key(a), key(b));
    let generic_suffix = |short: &str, long: &str| {
        long.strip_prefix(short)
            .is_some_and(|rest| GENERIC_WORDS.iter().any(|g| key(g) == rest))
    };
    if generic_suffix(&ka, &kb) || generic_suffix(&kb, &ka) {
        return true;
    }
    let (wa, wb) = (norm(a), norm(b));
    let only_a: Vec<&String> = wa.iter().filter(|w| !wb.contains(w)).collect();
    let only_b: Vec<&String> = wb.iter().filter(|w| !wa.contains(w)).collect();
    let generic = |w: &&String| GENERIC_WORDS.contains(&w.as_str());
    let kind = |w: &&String| KIND_WORDS.contains(&w.as_str());
    match (only_a.is_empty(), only_b.is_empty()) {
        (true, true) => true,
        (true, false) => only_b.iter().all(generic),
        (false, true) => only_a.iter().all(generic),
        (false, false) => {
            let acronym = |one: &[String], many: &[String]| {
                one.len() == 1
                    && many.len() >= 3
                    && one[0]
                        == many
                            .iter()
                            .filter_map(|w| w.chars().next())
                            .collect::<String>()
            };
            if acronym(&wa, &wb) || acronym(&wb, &wa) {
                return true;
            }
            !only_a.iter().chain(&only_b).any(kind)
                && strsim::damerau_levenshtein(&wa.concat(), &wb.concat()) <= 2
        }
    }
}

/// The keys under which a name meets the names it may be a duplicate of: its key
/// without a generic last word, with `svc` read as `service`, its acronym (of three or
/// more words), and the first letters of its key (for typos).
fn blocking_keys(name: &str) -> Vec<String> {
    let words = identity::words(name);
    let mut keys = Vec::new();
    let mut stripped: Vec<String> = words
        .iter()
        .map(|w| {
            if w == "svc" {
                "service".into()
            } else {
                w.clone()
            }
        })
        .collect();
    while stripped.len() > 1
        && stripped
            .last()
            .is_some_and(|w| GENERIC_WORDS.contains(&w.as_str()))
    {
        stripped.pop();
    }
    keys.push(format!("s:{}", key(&stripped.join(" "))));
    if words.len() >= 3 {
        let acronym: String = words.iter().filter_map(|w| w.chars().next()).collect();
        keys.push(format!("s:{}", key(&acronym)));
    }
    let k = key(name);
    if k.chars().count() >= 6 {
        keys.push(format!("t:{}", k.chars().take(4).collect::<String>()));
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(m: &Memory) -> Vec<&str> {
        let mut v: Vec<&str> = m.entities().iter().map(|e| e.name.as_str()).collect();
        v.sort();
        v
    }

    fn sample() -> Memory {
        let mut m = Memory::new();
        for (name, kind) in [
            ("Okta", "external_system"),
            ("Okta API", "api"),
            ("Checkout", "service"),
            ("CheckoutService", "service"),
            ("Orders DB", "database"),
            ("Order Service", "service"),
            ("Inventory Svc", "service"),
            ("Inventory Service", "service"),
            ("Notification Service", "service"),
            ("Notifications Queue", "queue"),
            ("Order Events Topic", "topic"),
            ("Order Events Queue", "queue"),
            ("Inventroy Service", "service"),
            ("OMS", "service"),
            ("Order Management System", "service"),
            ("TaxJar", "api"),
            ("taxjar-api", "api"),
            ("other service 1", "service"),
            ("other service 2", "service"),
        ] {
            m.upsert_entity(Entity::new(name, kind));
        }
        m.upsert_relationship(Relationship::new("Checkout", "calls", "Okta"));
        m.upsert_relationship(Relationship::new("CheckoutService", "calls", "Okta API"));
        m
    }

    #[test]
    fn probable_pairs_are_found_and_unlike_ones_are_not() {
        let found: Vec<(String, String)> = sample()
            .duplicates()
            .into_iter()
            .map(|s| (s.merge, s.into))
            .collect();
        for pair in [
            ("Okta", "Okta API"),
            ("Checkout", "CheckoutService"),
            ("Inventory Svc", "Inventory Service"),
            ("Inventroy Service", "Inventory Service"),
            ("OMS", "Order Management System"),
            ("TaxJar", "taxjar-api"),
        ] {
            let (a, b) = (pair.0.to_string(), pair.1.to_string());
            assert!(
                found.contains(&(a.clone(), b.clone())) || found.contains(&(b, a)),
                "{pair:?} in {found:?}"
            );
        }
        for (a, b) in found {
            let apart = [
                ("Orders DB", "Order Service"),
                ("Notification Service", "Notifications Queue"),
                ("Order Events Topic", "Order Events Queue"),
                ("other service 1", "other service 2"),
            ];
            assert!(
                !apart
                    .iter()
                    .any(|p| (p.0 == a && p.1 == b) || (p.0 == b && p.1 == a)),
                "{a} / {b}"
            );
        }
    }

    #[test]
    fn a_merge_keeps_everything_and_an_unmerge_takes_it_back() {
        let mut m = sample();
        m.upsert_entity(
            Entity::new("Okta", "external_system")
                .description("identity provider")
                .property("observations", json!(["SSO for staff"])),
        );
        let before = m.clone();
        let merged = m.merge_entities("Okta", "Okta API").unwrap();
        assert!(!names(&merged).contains(&"Okta"));
        let okta = merged.entity("okta").expect("found by its old name");
        assert_eq!(okta.name, "Okta API");
        assert_eq!(okta.description, "identity provider");
        assert_eq!(okta.properties["observations"], json!(["SSO for staff"]));
        assert_eq!(okta.properties[ALIASES], json!(["Okta"]));
        let into_okta: Vec<&str> = merged
            .incoming("Okta API")
            .iter()
            .map(|r| r.from.as_str())
            .collect();
        assert_eq!(into_okta.len(), 2, "{into_okta:?}");
        assert_eq!(merged.decisions().merges.len(), 1);
        // And back.
        let back = merged.unmerge("Okta").unwrap();
        assert_eq!(names(&back), names(&before));
        let sorted = |m: &Memory| {
            let mut v: Vec<Relationship> = m.relationships().to_vec();
            v.sort_by(|a, b| (&a.from, &a.to).cmp(&(&b.from, &b.to)));
            v
        };
        assert_eq!(sorted(&back), sorted(&before));
        assert!(
            back.entity("Okta API")
                .unwrap()
                .properties
                .get(ALIASES)
                .is_none()
        );
        assert!(back.decisions().kept_apart("Okta", "Okta API"));
        assert!(
            !back
                .duplicates()
                .iter()
                .any(|s| s.merge == "Okta" && s.into == "Okta API"),
            "a pair kept apart is not asked again"
        );
    }
}
