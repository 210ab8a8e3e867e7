//! The part of the graph a prompt needs, within a token budget.
//!
//! The original Archie pasted the whole memory into every prompt, so prompts grew
//! without bound. Here a prompt gets the entities named in its text (the documents, the
//! question, the conversation) ranked by how often they are named and how connected
//! they are, then their neighbours, then the relationships among what was chosen, until
//! the budget is spent. The cost is linear in the text and in the entities chosen, not
//! in the size of the memory.

use super::{Memory, key};
use crate::tokens::estimate_tokens;
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
        if self.entities.is_empty() || budget_tokens == 0 {
            return Relevant::default();
        }
        let mentions = self.mentions(text);
        // Named entities first (most named, then best connected), then their neighbours.
        let mut named: Vec<(&String, &usize)> = mentions.iter().collect();
        named.sort_by(|a, b| {
            b.1.cmp(a.1)
                .then_with(|| self.degree(b.0).cmp(&self.degree(a.0)))
                .then_with(|| a.0.cmp(b.0))
        });
        let mut order: Vec<String> = named.iter().map(|(k, _)| (*k).clone()).collect();
        let mut seen: HashSet<String> = order.iter().cloned().collect();
        let mut neighbours: Vec<String> = Vec::new();
        for k in &order {
            for n in self.neighbour_keys(k) {
                if seen.insert(n.clone()) {
                    neighbours.push(n);
                }
            }
        }
        neighbours.sort_by(|a, b| self.degree(b).cmp(&self.degree(a)).then_with(|| a.cmp(b)));
        order.extend(neighbours);
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
        for k in &order {
            let Some(entity) = self.by_key.get(k).map(|&i| &self.entities[i]) else {
                continue;
            };
            let mut line = format!("- {} · {}", entity.name, entity.kind);
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
            chosen.insert(k.as_str());
        }
        if chosen.is_empty() {
            return Relevant {
                omitted,
                ..Relevant::default()
            };
        }

        let mut relationships = 0;
        let rel_header = "Known relationships:\n";
        let mut rel_text = String::new();
        let mut rel_ids: Vec<usize> = chosen
            .iter()
            .flat_map(|k| self.outgoing.get(*k).into_iter().flatten().copied())
            .filter(|&i| chosen.contains(key(&self.relationships[i].to).as_str()))
            .collect();
        rel_ids.sort_unstable();
        rel_ids.dedup();
        used += estimate_tokens(rel_header);
        for i in rel_ids {
            let r = &self.relationships[i];
            let line = format!("- {} {} {}\n", r.from, r.kind, r.to);
            let cost = estimate_tokens(&line);
            if used + cost + note_cost > budget_tokens {
                break;
            }
            used += cost;
            rel_text.push_str(&line);
            relationships += 1;
        }
        if relationships > 0 {
            text.push_str(rel_header);
            text.push_str(&rel_text);
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

    /// Entity key → how many times its name appears in `text` (as whole words).
    fn mentions(&self, text: &str) -> HashMap<String, usize> {
        let words: Vec<String> = text
            .split_whitespace()
            .map(|w| {
                w.trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase()
            })
            .filter(|w| !w.is_empty())
            .collect();
        let mut found: HashMap<String, usize> = HashMap::new();
        let mut gram = String::new();
        for start in 0..words.len() {
            gram.clear();
            for word in words.iter().skip(start).take(MAX_NAME_WORDS) {
                if !gram.is_empty() {
                    gram.push(' ');
                }
                gram.push_str(word);
                if self.by_key.contains_key(gram.as_str()) {
                    *found.entry(gram.clone()).or_default() += 1;
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
