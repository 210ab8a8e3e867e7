//! The part of the graph a prompt needs, within a token budget.
//!
//! The original Archie pasted the whole memory into every prompt, so prompts grew
//! without bound. Here a prompt gets the entities named in its text (the documents, the
//! question, the conversation) ranked by how often they are named and how connected
//! they are, then their neighbours, then the relationships among what was chosen, until
//! the budget is spent. The cost is linear in the text and in the entities chosen, not
//! in the size of the memory.

use super::merge::absorb;
use super::{Entity, Ix, Memory};
use crate::tokens::estimate_tokens;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

/// The longest entity name, in words, that is looked for in the text.
const MAX_NAME_WORDS: usize = 4;

/// What [`Memory::relevant`] chose.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Relevant {
    /// The rendered block for the prompt (empty when nothing is relevant).
    pub text: String,
    /// Estimated tokens of `text`.
    pub tokens: usize,
    pub entities: usize,
    pub relationships: usize,
    /// Relevant entities left out for the budget.
    pub omitted: usize,
}

/// The line that says how many relevant entities the budget left out.
fn omission_note(omitted: usize) -> String {
    format!("({omitted} more relevant entities left out for length)\n")
}

impl Memory {
    /// The entities and relationships relevant to `text`, rendered as a compact list that
    /// fits in `budget_tokens`.
    pub fn relevant(&self, text: &str, budget_tokens: usize) -> Relevant {
        self.relevant_with(&Memory::new(), text, budget_tokens)
    }

    /// [`Memory::relevant`] of this memory with `learned` merged on top (what a run
    /// learned so far), without building the merged memory: the same result as
    /// `merged.relevant(text, budget)`, at a cost that depends on the text and on what
    /// is chosen, not on the size of either memory.
    pub fn relevant_with(&self, learned: &Memory, text: &str, budget_tokens: usize) -> Relevant {
        let view = Layers {
            base: self,
            top: learned,
        };
        if (self.entities.is_empty() && learned.entities.is_empty()) || budget_tokens == 0 {
            return Relevant::default();
        }
        let mentions = view.mentions(text);
        // Named entities first (most named, then best connected), then their neighbours.
        let mut named: Vec<(&str, usize, usize)> = mentions
            .iter()
            .map(|(&k, &count)| (k, count, view.degree(k)))
            .collect();
        named.sort_unstable_by(|a, b| {
            b.1.cmp(&a.1)
                .then_with(|| b.2.cmp(&a.2))
                .then_with(|| a.0.cmp(b.0))
        });
        let mut order: Vec<&str> = named.iter().map(|(k, ..)| *k).collect();
        let mut seen: HashSet<&str> = order.iter().copied().collect();
        let mut neighbours: Vec<(&str, usize)> = Vec::new();
        for k in &order {
            view.for_each_neighbour(k, |n| {
                if seen.insert(n) {
                    neighbours.push((n, view.degree(n)));
                }
            });
        }
        neighbours.sort_unstable_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
        order.extend(neighbours.iter().map(|(k, _)| *k));
        if order.is_empty() {
            return Relevant::default();
        }

        let header = "Known entities (name · type · description):\n";
        let mut text = String::from(header);
        let mut used = estimate_tokens(header);
        // Room for the omission note, so that the note never pushes the text over the
        // budget (it counts at most every entity in `order`).
        let note_cost = estimate_tokens(&omission_note(order.len()));
        let mut chosen: HashSet<&str> = HashSet::new();
        let mut omitted = 0;
        let mut line = String::new();
        for k in &order {
            // Cheap bound first: a line costs at least its name's tokens.
            if used + note_cost + estimate_tokens(view.display(k)) > budget_tokens {
                omitted += 1;
                continue;
            }
            let Some(entity) = view.entity(k) else {
                continue;
            };
            line.clear();
            let _ = write!(line, "- {} · {}", entity.name, entity.kind);
            if !entity.description.is_empty() {
                let _ = write!(line, " · {}", one_line(&entity.description, 200));
            }
            line.push('\n');
            let cost = estimate_tokens(&line);
            if used + cost + note_cost > budget_tokens {
                omitted += 1;
                continue;
            }
            used += cost;
            text.push_str(&line);
            chosen.insert(k);
        }
        if chosen.is_empty() {
            return Relevant {
                omitted,
                ..Relevant::default()
            };
        }

        let mut relationships = 0;
        let rel_header = "Known relationships:\n";
        // The header counts from the first relationship that fits with it.
        let mut header_cost = estimate_tokens(rel_header);
        for (from, kind, to, sources) in view.relationships_among(&chosen) {
            line.clear();
            let _ = write!(line, "- {from} {kind} {to}");
            // The document behind it, so an answer can cite it.
            let documents: std::collections::BTreeSet<&str> = sources
                .iter()
                .filter_map(|s| {
                    view.base
                        .source_document(s)
                        .or_else(|| view.top.source_document(s))
                })
                .collect();
            let mut documents = documents.into_iter();
            if let Some(first) = documents.next() {
                let more = documents.count();
                if more > 0 {
                    let _ = write!(line, " (per {first} +{more})");
                } else {
                    let _ = write!(line, " (per {first})");
                }
            }
            line.push('\n');
            let cost = estimate_tokens(&line) + header_cost;
            if used + cost + note_cost > budget_tokens {
                break;
            }
            if header_cost > 0 {
                text.push_str(rel_header);
                header_cost = 0;
            }
            used += cost;
            text.push_str(&line);
            relationships += 1;
        }
        if omitted > 0 {
            let note = omission_note(omitted);
            used += estimate_tokens(&note);
            text.push_str(&note);
        }
        Relevant {
            tokens: used,
            entities: chosen.len(),
            relationships,
            omitted,
            text,
        }
    }
}

/// A memory with another on top, read as the memory `base.merge(top)` would give,
/// without building it. Entities are named by their [`key`](super::key), borrowed
/// from whichever layer holds them.
struct Layers<'a> {
    base: &'a Memory,
    top: &'a Memory,
}

impl<'a> Layers<'a> {
    fn base_index(&self, k: &str) -> Option<Ix> {
        self.base.index(k)
    }

    fn top_index(&self, k: &str) -> Option<Ix> {
        self.top.index(k)
    }

    /// The stored key equal to `k`, if either layer has that entity.
    fn stored_key(&self, k: &str) -> Option<&'a str> {
        if let Some(i) = self.base.index(k) {
            return Some(self.base.key_of(i));
        }
        self.top.index(k).map(|i| self.top.key_of(i))
    }

    /// The display name: the base's (the first one seen), else the top's.
    fn display(&self, k: &str) -> &'a str {
        match (self.base_index(k), self.top_index(k)) {
            (Some(i), _) => &self.base.entities[i as usize].name,
            (None, Some(i)) => &self.top.entities[i as usize].name,
            (None, None) => "",
        }
    }

    /// The entity as the merged memory would hold it.
    fn entity(&self, k: &str) -> Option<Cow<'a, Entity>> {
        match (self.base_index(k), self.top_index(k)) {
            (Some(b), None) => Some(Cow::Borrowed(&self.base.entities[b as usize])),
            (None, Some(t)) => Some(Cow::Borrowed(&self.top.entities[t as usize])),
            (Some(b), Some(t)) => {
                let mut merged = self.base.entities[b as usize].clone();
                absorb(&mut merged, self.top.entities[t as usize].clone());
                Some(Cow::Owned(merged))
            }
            (None, None) => None,
        }
    }

    /// Whether the base holds the top's relationship `r`.
    fn base_has(&self, r: Ix) -> bool {
        let (f, t, kind) = self.top.rel_keys[r as usize];
        let (Some(f), Some(t), Some(&kind)) = (
            self.base_index(self.top.key_of(f)),
            self.base_index(self.top.key_of(t)),
            self.base.kind_ids.get(&self.top.kinds[kind as usize]),
        ) else {
            return false;
        };
        // Through the entity's own relationships: no index of them all is needed.
        self.base
            .outgoing_of(f)
            .iter()
            .any(|&r| self.base.rel_keys[r as usize] == (f, t, kind))
    }

    /// The top's relationships that the base does not hold, leaving entity `t` of the
    /// top and arriving at it.
    fn top_only(&self, t: Ix) -> (impl Iterator<Item = Ix> + '_, impl Iterator<Item = Ix> + '_) {
        let out = self
            .top
            .outgoing_of(t)
            .iter()
            .copied()
            .filter(|&r| !self.base_has(r));
        let inc = self
            .top
            .incoming_of(t)
            .iter()
            .copied()
            .filter(|&r| !self.base_has(r));
        (out, inc)
    }

    /// How many relationships touch the entity in the merged memory.
    fn degree(&self, k: &str) -> usize {
        let base = self.base_index(k).map_or(0, |b| self.base.degree(b));
        let top = match self.top_index(k) {
            None => 0,
            Some(t) if self.base.is_empty() => self.top.degree(t),
            Some(t) => {
                let (out, inc) = self.top_only(t);
                out.count() + inc.count()
            }
        };
        base + top
    }

    /// Calls `f` with the key of every entity linked to `k`, either way (an entity linked
    /// twice comes twice).
    fn for_each_neighbour(&self, k: &str, mut f: impl FnMut(&'a str)) {
        if let Some(b) = self.base_index(k) {
            for n in self.base.neighbour_ids(b) {
                f(self.base.key_of(n));
            }
        }
        if let Some(t) = self.top_index(k) {
            for n in self.top.neighbour_ids(t) {
                f(self.top.key_of(n));
            }
        }
    }

    /// The relationships between chosen entities, as (from, type, to) display names, in
    /// the merged memory's order: the base's in its order, then the top's new ones.
    fn relationships_among(
        &self,
        chosen: &HashSet<&str>,
    ) -> Vec<(&'a str, &'a str, &'a str, &'a [String])> {
        let mut base_ids: Vec<Ix> = Vec::new();
        let mut top_ids: Vec<Ix> = Vec::new();
        for k in chosen {
            if let Some(b) = self.base_index(k) {
                base_ids.extend(self.base.outgoing_of(b).iter().copied().filter(|&r| {
                    chosen.contains(self.base.key_of(self.base.rel_keys[r as usize].1))
                }));
            }
            if let Some(t) = self.top_index(k) {
                top_ids.extend(self.top.outgoing_of(t).iter().copied().filter(|&r| {
                    chosen.contains(self.top.key_of(self.top.rel_keys[r as usize].1))
                        && !self.base_has(r)
                }));
            }
        }
        base_ids.sort_unstable();
        base_ids.dedup();
        top_ids.sort_unstable();
        top_ids.dedup();
        let base = base_ids.into_iter().map(|r| {
            let rel = &self.base.relationships[r as usize];
            (
                rel.from.as_str(),
                rel.kind.as_str(),
                rel.to.as_str(),
                rel.sources.as_slice(),
            )
        });
        let top = top_ids.into_iter().map(|r| {
            let (f, t, _) = self.top.rel_keys[r as usize];
            let rel = &self.top.relationships[r as usize];
            (
                self.display(self.top.key_of(f)),
                rel.kind.as_str(),
                self.display(self.top.key_of(t)),
                rel.sources.as_slice(),
            )
        });
        base.chain(top).collect()
    }

    /// Entity key → how many times its name appears in `text` (as whole words).
    fn mentions(&self, text: &str) -> HashMap<&'a str, usize> {
        let words: Vec<String> = text
            .split_whitespace()
            .map(|w| {
                w.trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase()
            })
            .filter(|w| !w.is_empty())
            .collect();
        let mut found: HashMap<&'a str, usize> = HashMap::new();
        let mut gram = String::new();
        for start in 0..words.len() {
            gram.clear();
            for word in words.iter().skip(start).take(MAX_NAME_WORDS) {
                if !gram.is_empty() {
                    gram.push(' ');
                }
                gram.push_str(word);
                if let Some(k) = self.stored_key(&super::identity::key_cow(&gram)) {
                    *found.entry(k).or_default() += 1;
                }
            }
        }
        found
    }
}

fn one_line(text: &str, max_chars: usize) -> String {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= max_chars {
        flat
    } else {
        let cut: String = flat.chars().take(max_chars).collect();
        format!("{cut}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::{Entity, Relationship};

    fn sample() -> Memory {
        let mut m = Memory::new();
        m.upsert_entity(Entity::new("Checkout Service", "service").description("takes orders"));
        m.upsert_entity(Entity::new("PaymentGateway", "service"));
        m.upsert_entity(Entity::new("orders-db", "database"));
        m.upsert_entity(Entity::new("Unrelated Thing", "concept"));
        m.upsert_relationship(Relationship::new(
            "Checkout Service",
            "calls",
            "PaymentGateway",
        ));
        m.upsert_relationship(Relationship::new(
            "Checkout Service",
            "writes_to",
            "orders-db",
        ));
        m
    }

    #[test]
    fn named_entities_and_their_neighbours_are_chosen() {
        let r = sample().relevant("Can the checkout service survive a payment outage?", 1000);
        assert!(
            r.text
                .contains("- Checkout Service · service · takes orders"),
            "{}",
            r.text
        );
        assert!(
            r.text.contains("PaymentGateway"),
            "neighbour included: {}",
            r.text
        );
        assert!(r.text.contains("orders-db"));
        assert!(!r.text.contains("Unrelated Thing"));
        assert!(r.text.contains("- Checkout Service calls PaymentGateway"));
        assert_eq!(r.entities, 3);
        assert_eq!(r.relationships, 2);
    }

    #[test]
    fn punctuation_and_case_do_not_hide_a_name() {
        let r = sample().relevant("We write to ORDERS-DB.", 1000);
        assert!(r.text.contains("orders-db"), "{}", r.text);
    }

    #[test]
    fn nothing_named_means_nothing_added() {
        assert_eq!(sample().relevant("hello there", 1000), Relevant::default());
    }

    #[test]
    fn the_budget_holds_to_the_token_whatever_fits() {
        let m = sample();
        let text = "checkout service and paymentgateway and orders-db";
        for budget in 1..120 {
            let r = m.relevant(text, budget);
            assert!(r.tokens <= budget, "{} > {budget}: {}", r.tokens, r.text);
            assert!(estimate_tokens(&r.text) <= r.tokens);
            assert_eq!(r.text.contains("Known relationships"), r.relationships > 0);
        }
    }

    #[test]
    fn the_budget_is_respected_and_omissions_are_said() {
        let mut m = Memory::new();
        let mut text = String::new();
        for i in 0..5000 {
            m.upsert_entity(Entity::new(format!("svc{i}"), "service").description("x".repeat(80)));
            text.push_str(&format!("svc{i} "));
        }
        let r = m.relevant(&text, 500);
        assert!(r.tokens <= 500, "{} tokens", r.tokens);
        assert!(estimate_tokens(&r.text) <= 500);
        assert!(r.omitted > 4000);
        assert!(r.text.contains("more relevant entities left out"));
    }
}
