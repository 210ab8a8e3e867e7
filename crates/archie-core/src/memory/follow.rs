//! The memory follows the documents: after a run over documents, a fact whose every
//! source is a chunk of a document that changed or disappeared, and that no chunk of
//! the documents as they are now states, is retracted.
//!
//! Retracting keeps history: the fact leaves the graph (so diagrams, prompts, search,
//! exports and `archie mcp` readers no longer see it) and is kept under the file's
//! `retracted` key with when, by which run and because of which change
//! ([`Retraction`]); `archie memory show` lists it on request. A fact with any other
//! source (a person, an import, an MCP client, a document outside what the run read)
//! stays, and so does a fact written before archie kept sources (as far as archie can
//! tell, a person's). A fact that a document states again comes back.

use super::source::{self, Source};
use super::{Entity, Ix, Memory, MergeReport, Relationship, key};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::{BTreeSet, HashMap, HashSet};

/// The top-level key of the file that keeps retracted facts.
pub const RETRACTED_KEY: &str = "retracted";

/// What a run over documents read, in the paths sources use (relative to the memory
/// file's folder, `/` separators).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reading {
    /// The folders and files the run was given: sources outside them are not touched.
    pub scope: Vec<String>,
    /// Documents read whole (every chunk answered, from the model or the cache).
    pub read: BTreeSet<String>,
    /// Documents in the scope that the memory cites and that no longer exist.
    pub gone: BTreeSet<String>,
    /// The chunks of the documents read, by their sources' hash digits: a fact sourced
    /// to one of them that the run no longer finds there was dropped by archie's rules
    /// or a new answer, not by a change of the document.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub chunks: BTreeSet<String>,
}

impl Reading {
    /// Whether `path` is under one of the folders (or is one of the files) read.
    pub fn covers(&self, path: &str) -> bool {
        self.scope.iter().any(|s| within(path, s))
    }

    /// Whether what `path` states is known from this run: it was read whole, or it is
    /// gone.
    fn revisits(&self, path: &str) -> bool {
        self.read.contains(path) || self.gone.contains(path)
    }

    /// The documents the memory cites in this run's scope that are neither read nor
    /// anywhere on disk (`exists` says which are): the ones to add to [`Reading::gone`].
    pub fn cited_and_missing(&self, memory: &Memory, exists: impl Fn(&str) -> bool) -> Vec<String> {
        let mut cited: BTreeSet<&str> = BTreeSet::new();
        let sources = memory
            .entities
            .iter()
            .flat_map(|e| &e.sources)
            .chain(memory.relationships.iter().flat_map(|r| &r.sources));
        for s in sources {
            if let Some(path) = memory.source_document(s)
                && self.covers(path)
                && !self.read.contains(path)
            {
                cited.insert(path);
            }
        }
        cited
            .into_iter()
            .filter(|p| !exists(p))
            .map(str::to_string)
            .collect()
    }
}

/// Whether `path` is `scope` or inside it (`.` or an empty scope is everything).
fn within(path: &str, scope: &str) -> bool {
    let scope = scope.trim_end_matches('/');
    scope.is_empty()
        || scope == "."
        || path == scope
        || path
            .strip_prefix(scope)
            .is_some_and(|rest| rest.starts_with('/'))
}

/// When and why a fact was retracted.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Retraction {
    /// When (RFC 3339, UTC).
    pub at: String,
    /// The run that found it no longer stated.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub run: String,
    /// The changes that took its sources away: `docs/005-fedex.md deleted`,
    /// `docs/001-overview.md changed`.
    pub because: Vec<String>,
}

/// Who follows the documents, and when: recorded with each retraction.
#[derive(Debug, Clone, Default)]
pub struct FollowStamp {
    pub at: String,
    pub run: String,
}

/// What following the documents changed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Followed {
    /// Entities retracted, by display name.
    pub entities: Vec<String>,
    /// Relationships retracted: (from, type, to).
    pub relationships: Vec<(String, String, String)>,
    /// Documents whose change took a fact away, `changed`, `deleted` or `no longer
    /// states it` (the same text, read again by other rules or answered anew), sorted:
    /// (path, what happened).
    pub documents: Vec<(String, &'static str)>,
    /// Facts that came back (a document states them again).
    pub restated: usize,
}

impl Followed {
    pub fn is_empty(&self) -> bool {
        self.entities.is_empty() && self.relationships.is_empty()
    }

    /// How many facts were retracted.
    pub fn count(&self) -> usize {
        self.entities.len() + self.relationships.len()
    }

    /// The documents that took facts away: `001-overview.md changed, 005-fedex.md deleted`.
    pub fn because(&self) -> String {
        self.documents
            .iter()
            .map(|(path, what)| format!("{path} {what}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A retracted entity or relationship as the file keeps it: the fact, and when and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RetractedEntity {
    #[serde(flatten)]
    pub entity: Entity,
    pub retracted: Retraction,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RetractedRelationship {
    #[serde(flatten)]
    pub relationship: Relationship,
    pub retracted: Retraction,
}

/// The history of retracted facts (the file's `retracted` key).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct History {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entities: Vec<RetractedEntity>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relationships: Vec<RetractedRelationship>,
}

impl Memory {
    /// Merges what a run `learned` from the documents it read (each fact with its chunk
    /// as a source) and follows the documents: sources of the documents read that no
    /// chunk states any more are dropped; a fact left without any source is retracted
    /// (see the module's text). Returns the merge's report and what was retracted.
    pub fn follow(
        &mut self,
        learned: Memory,
        reading: &Reading,
        stamp: &FollowStamp,
    ) -> (MergeReport, Followed) {
        // What the run adds, measured before its revisited sources come off (putting a
        // source back is no change).
        let report = learned.news_for(self);
        // Sources of the documents this run revisited come off; the run's own put back
        // those that a chunk still states. Revisited chunks by hash, with their paths.
        let revisited_chunks: HashMap<String, String> = self
            .extra
            .get(source::CHUNKS_KEY)
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .filter_map(|(hash, place)| {
                let path = source::place_path(place.as_str()?);
                (reading.covers(path) && reading.revisits(path))
                    .then(|| (hash.clone(), path.to_string()))
            })
            .collect();
        let mut stripped_entities: HashMap<Ix, Vec<String>> = HashMap::new();
        let mut stripped_relationships: HashMap<Ix, Vec<String>> = HashMap::new();
        let revisited = |s: &String| match source::parse(s) {
            Source::Chunk(hash) => revisited_chunks.contains_key(hash),
            _ => false,
        };
        let mut touched = false;
        for (i, e) in self.entities.iter_mut().enumerate() {
            if e.sources.iter().any(revisited) {
                let (gone, kept): (Vec<String>, Vec<String>) = std::mem::take(&mut e.sources)
                    .into_iter()
                    .partition(revisited);
                e.sources = kept;
                stripped_entities.insert(i as Ix, gone);
                touched = true;
            }
        }
        for (i, r) in self.relationships.iter_mut().enumerate() {
            if r.sources.iter().any(revisited) {
                let (gone, kept): (Vec<String>, Vec<String>) = std::mem::take(&mut r.sources)
                    .into_iter()
                    .partition(revisited);
                r.sources = kept;
                stripped_relationships.insert(i as Ix, gone);
                touched = true;
            }
        }
        if touched {
            self.touch();
        }
        self.merge(learned);
        let mut followed = Followed {
            restated: self.restate(),
            ..Followed::default()
        };

        // What is left without a source is no longer stated. A relationship first; an
        // entity only when no relationship that stays touches it.
        let mut documents: BTreeSet<(String, &'static str)> = BTreeSet::new();
        let mut because = |gone: &[String]| -> Vec<String> {
            let mut out: BTreeSet<String> = BTreeSet::new();
            for s in gone {
                if let Source::Chunk(hash) = source::parse(s)
                    && let Some(path) = revisited_chunks.get(hash)
                {
                    let path = path.as_str();
                    let what = if reading.gone.contains(path) {
                        "deleted"
                    } else if reading.chunks.contains(hash) {
                        "no longer states it"
                    } else {
                        "changed"
                    };
                    documents.insert((path.to_string(), what));
                    out.insert(format!("{path} {what}"));
                }
            }
            out.into_iter().collect()
        };
        let retraction = |because: Vec<String>| Retraction {
            at: stamp.at.clone(),
            run: stamp.run.clone(),
            because,
        };
        let mut history = self.history();
        let mut gone_relationships = Vec::new();
        let mut gone_rel_ix: HashSet<Ix> = HashSet::new();
        let mut rels: Vec<(&Ix, &Vec<String>)> = stripped_relationships.iter().collect();
        rels.sort_by_key(|(i, _)| **i);
        for (&r, gone) in rels {
            let rel = &self.relationships[r as usize];
            if !rel.sources.is_empty() {
                continue;
            }
            let mut kept = rel.clone();
            kept.sources.clone_from(gone);
            history.relationships.push(RetractedRelationship {
                relationship: kept,
                retracted: retraction(because(gone)),
            });
            gone_relationships.push((rel.from.clone(), rel.to.clone(), rel.kind.clone()));
            followed
                .relationships
                .push((rel.from.clone(), rel.kind.clone(), rel.to.clone()));
            gone_rel_ix.insert(r);
        }
        let mut gone_entities = Vec::new();
        let mut ents: Vec<(&Ix, &Vec<String>)> = stripped_entities.iter().collect();
        ents.sort_by_key(|(i, _)| **i);
        for (&i, gone) in ents {
            let e = &self.entities[i as usize];
            if !e.sources.is_empty() {
                continue;
            }
            let linked = self
                .outgoing_of(i)
                .iter()
                .chain(self.incoming_of(i))
                .any(|r| !gone_rel_ix.contains(r));
            if linked {
                continue;
            }
            let mut kept = e.clone();
            kept.sources.clone_from(gone);
            history.entities.push(RetractedEntity {
                entity: kept,
                retracted: retraction(because(gone)),
            });
            gone_entities.push(e.name.clone());
            followed.entities.push(e.name.clone());
        }
        followed.documents = documents.into_iter().collect();
        if !followed.is_empty() {
            self.set_history(history);
            let (rest, _, _) = self.without(&gone_entities, &gone_relationships);
            *self = rest;
        }
        self.forget_chunks_no_fact_names();
        (report, followed)
    }

    /// Takes out of the `chunks` table what neither a fact nor a retracted one names.
    fn forget_chunks_no_fact_names(&mut self) {
        let history = self.history();
        let mut named: HashSet<String> = HashSet::new();
        let all = self
            .entities
            .iter()
            .flat_map(|e| &e.sources)
            .chain(self.relationships.iter().flat_map(|r| &r.sources))
            .chain(history.entities.iter().flat_map(|r| &r.entity.sources))
            .chain(
                history
                    .relationships
                    .iter()
                    .flat_map(|r| &r.relationship.sources),
            );
        for s in all {
            if let Source::Chunk(hash) = source::parse(s) {
                named.insert(hash.to_string());
            }
        }
        let named: HashSet<&str> = named.iter().map(String::as_str).collect();
        self.forget_unnamed_chunks(&named);
    }

    /// The retracted facts kept in the file, oldest first.
    pub fn history(&self) -> History {
        self.extra
            .get(RETRACTED_KEY)
            .and_then(|v| serde_json::from_value(v.clone()).ok())
            .unwrap_or_default()
    }

    fn set_history(&mut self, mut history: History) {
        history.entities.sort_by_key(|a| key(&a.entity.name));
        history.relationships.sort_by_key(|a| {
            let r = &a.relationship;
            (key(&r.from), key(&r.to), r.kind.clone())
        });
        if history.entities.is_empty() && history.relationships.is_empty() {
            if self.extra.remove(RETRACTED_KEY).is_some() {
                self.touch();
            }
            return;
        }
        let value = serde_json::to_value(&history).unwrap_or(Value::Object(Map::new()));
        if self.extra.get(RETRACTED_KEY) != Some(&value) {
            self.extra.insert(RETRACTED_KEY.into(), value);
            self.touch();
        }
    }

    /// Takes out of the history every fact the graph holds again; how many.
    fn restate(&mut self) -> usize {
        if !self.extra.contains_key(RETRACTED_KEY) {
            return 0;
        }
        let mut history = self.history();
        let before = history.entities.len() + history.relationships.len();
        history
            .entities
            .retain(|r| self.entity(&r.entity.name).is_none());
        history.relationships.retain(|r| {
            let mut probe = Memory::new();
            probe.upsert_relationship(r.relationship.clone());
            self.same_relationship(&probe, 0).is_none()
        });
        let after = history.entities.len() + history.relationships.len();
        if after != before {
            self.set_history(history);
        }
        before - after
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stamp() -> FollowStamp {
        FollowStamp {
            at: "2026-12-02T00:00:00Z".into(),
            run: "r1".into(),
        }
    }

    /// A chunk source of `path` with `hash`, noted in memory `m`.
    fn chunk(m: &mut Memory, path: &str, hash: &str) -> String {
        m.note_chunk(hash, path, "");
        source::chunk(hash)
    }

    fn reading(read: &[&str], gone: &[&str]) -> Reading {
        Reading {
            scope: vec!["docs".into()],
            read: read.iter().map(|s| s.to_string()).collect(),
            gone: gone.iter().map(|s| s.to_string()).collect(),
            chunks: Default::default(),
        }
    }

    /// The memory after a first run: PaymentService calls StripeApi (001), ShippingService
    /// calls FedExApi (005), and an MCP client's fact.
    fn before() -> Memory {
        let mut m = Memory::new();
        let a = chunk(&mut m, "docs/001.md", "aaaa");
        let f = chunk(&mut m, "docs/005.md", "ffff");
        for (name, s) in [
            ("PaymentService", &a),
            ("StripeApi", &a),
            ("ShippingService", &f),
            ("FedExApi", &f),
        ] {
            m.upsert_entity(Entity::new(name, "service").source(s.clone()));
        }
        m.upsert_relationship(Relationship::new("PaymentService", "calls", "StripeApi").source(a));
        m.upsert_relationship(Relationship::new("ShippingService", "calls", "FedExApi").source(f));
        m.upsert_entity(Entity::new("Ledger", "service").source(source::mcp("agent")));
        m.upsert_relationship(
            Relationship::new("Ledger", "calls", "StripeApi").source(source::mcp("agent")),
        );
        m
    }

    #[test]
    fn a_changed_and_a_deleted_document_take_their_facts_away() {
        let mut m = before();
        // 001 now says PayPal; 005 is gone.
        let mut learned = Memory::new();
        let b = chunk(&mut learned, "docs/001.md", "bbbb");
        learned.upsert_entity(Entity::new("PaymentService", "service").source(b.clone()));
        learned.upsert_entity(Entity::new("PayPalApi", "service").source(b.clone()));
        learned.upsert_relationship(
            Relationship::new("PaymentService", "calls", "PayPalApi").source(b.clone()),
        );
        let (_, followed) = m.follow(
            learned,
            &reading(&["docs/001.md"], &["docs/005.md"]),
            &stamp(),
        );
        let names: Vec<&str> = m.entities().iter().map(|e| e.name.as_str()).collect();
        assert!(names.contains(&"PayPalApi"), "{names:?}");
        assert!(!names.contains(&"FedExApi") && !names.contains(&"ShippingService"));
        // StripeApi stays: the MCP client's relationship still names it.
        assert!(names.contains(&"StripeApi"), "{names:?}");
        let rels: Vec<String> = m
            .relationships()
            .iter()
            .map(|r| format!("{} {} {}", r.from, r.kind, r.to))
            .collect();
        assert!(rels.contains(&"PaymentService calls PayPalApi".to_string()));
        assert!(rels.contains(&"Ledger calls StripeApi".to_string()));
        assert!(
            !rels
                .iter()
                .any(|r| r.contains("FedEx") || r == "PaymentService calls StripeApi")
        );
        assert_eq!(followed.relationships.len(), 2, "{followed:?}");
        assert_eq!(
            followed.because(),
            "docs/001.md changed, docs/005.md deleted"
        );
        // History keeps what went, with its old sources and why.
        let h = m.history();
        let paths: Vec<&str> = h
            .relationships
            .iter()
            .map(|r| r.relationship.to.as_str())
            .collect();
        assert_eq!(paths, ["StripeApi", "FedExApi"]);
        assert_eq!(
            h.relationships[1].retracted.because,
            ["docs/005.md deleted"]
        );
        assert_eq!(
            h.relationships[1].relationship.sources,
            [source::chunk("ffff")]
        );
        assert_eq!(h.relationships[1].retracted.run, "r1");
        // The payment service is still stated by 001's new chunk only; the chunks table
        // names the chunks facts name (history included), no others.
        let p = m.entity("PaymentService").unwrap();
        assert_eq!(p.sources, [b]);
        assert_eq!(m.chunk_place("bbbb"), Some("docs/001.md"));
        assert_eq!(m.chunk_place("ffff"), Some("docs/005.md"));
    }

    #[test]
    fn nothing_changes_when_the_documents_did_not() {
        let mut m = before();
        let first = m.clone();
        let mut learned = Memory::new();
        let a = chunk(&mut learned, "docs/001.md", "aaaa");
        let f = chunk(&mut learned, "docs/005.md", "ffff");
        for (name, s) in [
            ("PaymentService", &a),
            ("StripeApi", &a),
            ("ShippingService", &f),
            ("FedExApi", &f),
        ] {
            learned.upsert_entity(Entity::new(name, "service").source(s.clone()));
        }
        learned.upsert_relationship(
            Relationship::new("PaymentService", "calls", "StripeApi").source(a),
        );
        learned.upsert_relationship(
            Relationship::new("ShippingService", "calls", "FedExApi").source(f),
        );
        let (report, followed) = m.follow(
            learned,
            &reading(&["docs/001.md", "docs/005.md"], &[]),
            &stamp(),
        );
        assert!(followed.is_empty(), "{followed:?}");
        assert_eq!(m, first);
        assert!(!report.changed());
    }

    #[test]
    fn outside_the_scope_and_without_sources_nothing_is_retracted() {
        let mut m = before();
        m.upsert_entity(Entity::new("Legacy", "service"));
        let mut outside = reading(&[], &["docs/005.md"]);
        outside.scope = vec!["docs/payments".into()];
        let (_, followed) = m.follow(Memory::new(), &outside, &stamp());
        assert!(followed.is_empty(), "{followed:?}");
        // In scope now: FedEx goes, Legacy (no source: a person's) stays.
        let (_, followed) = m.follow(Memory::new(), &reading(&[], &["docs/005.md"]), &stamp());
        assert_eq!(followed.entities, ["ShippingService", "FedExApi"]);
        assert!(m.entity("Legacy").is_some());
    }

    #[test]
    fn a_fact_stated_again_comes_back_out_of_the_history() {
        let mut m = before();
        m.follow(Memory::new(), &reading(&[], &["docs/005.md"]), &stamp());
        assert_eq!(m.history().relationships.len(), 1);
        let mut learned = Memory::new();
        let g = chunk(&mut learned, "docs/006.md", "9999");
        learned.upsert_relationship(
            Relationship::new("ShippingService", "calls", "FedExApi").source(g),
        );
        let (_, followed) = m.follow(learned, &reading(&["docs/006.md"], &[]), &stamp());
        // The relationship and its two ends.
        assert_eq!(followed.restated, 3);
        assert!(m.history().relationships.is_empty());
        assert!(!m.extra.contains_key(RETRACTED_KEY) || !m.history().entities.is_empty());
    }

    #[test]
    fn an_unchanged_chunk_that_no_longer_states_a_fact_says_so() {
        let mut m = before();
        let mut read = reading(&["docs/005.md"], &[]);
        read.chunks.insert("ffff".into());
        let (_, followed) = m.follow(Memory::new(), &read, &stamp());
        assert_eq!(followed.because(), "docs/005.md no longer states it");
    }

    #[test]
    fn scope_is_a_folder_or_a_file() {
        assert!(within("docs/a.md", "docs"));
        assert!(within("docs/a.md", "docs/"));
        assert!(within("docs/a.md", "docs/a.md"));
        assert!(!within("docsx/a.md", "docs"));
        assert!(within("anything.md", "."));
    }
}
