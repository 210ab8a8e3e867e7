//! Model replies in two parts: `<agent>…</agent>` (what the user reads) and
//! `<system>{"entities": […], "relationships": […]}</system>` (knowledge to merge).
//!
//! Parsing follows the original Archie's lenient rules: a part counts only when both its
//! tags are present; with no `<agent>` part the whole answer minus any `<system>` part is
//! the agent text; invalid JSON in `<system>` is a warning, never a failure; entities
//! without a name or type and relationships without from, to or type are skipped.
//!
//! [`AgentOnly`] applies the same split to a live token stream, so the user sees the
//! agent text as it is generated and never the knowledge JSON.

use crate::events::{Event, EventSink, Events};
use crate::memory::{Entity, Memory, Relationship};
use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Mutex;

/// Knowledge as the model writes it (in `<system>` or as an extraction answer).
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
pub struct Knowledge {
    /// Things in the system: services, databases, queues, APIs, teams, …
    #[serde(default)]
    pub entities: Vec<KnownEntity>,
    /// Directed links between entities.
    #[serde(default)]
    pub relationships: Vec<KnownRelationship>,
}

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
pub struct KnownEntity {
    /// The entity's name as the text writes it.
    #[serde(default)]
    pub name: String,
    /// service, database, queue, api, library, team, external_system, concept, …
    #[serde(default, rename = "type")]
    pub kind: String,
    /// One or two sentences on what it is or does, from the text.
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub tags: Vec<String>,
}

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
pub struct KnownRelationship {
    /// The name of the entity the relationship starts at.
    #[serde(default)]
    pub from: String,
    /// The name of the entity it points to.
    #[serde(default)]
    pub to: String,
    /// calls, reads_from, writes_to, publishes_to, subscribes_to, depends_on, owns, …
    #[serde(default, rename = "type")]
    pub kind: String,
}

impl Knowledge {
    /// Merges into `memory`, skipping incomplete items. Returns how many were skipped.
    pub fn merge_into(self, memory: &mut Memory) -> usize {
        let mut skipped = 0;
        for e in self.entities {
            if e.name.trim().is_empty() || e.kind.trim().is_empty() {
                skipped += 1;
                continue;
            }
            let mut entity = Entity::new(e.name.trim(), e.kind.trim().to_lowercase())
                .description(e.description.trim());
            for tag in e.tags {
                entity = entity.tag(tag);
            }
            memory.upsert_entity(entity);
        }
        for r in self.relationships {
            if r.from.trim().is_empty() || r.to.trim().is_empty() || r.kind.trim().is_empty() {
                skipped += 1;
                continue;
            }
            memory.upsert_relationship(Relationship::new(
                r.from.trim(),
                r.kind.trim(),
                r.to.trim(),
            ));
        }
        skipped
    }
}

/// A reply split into its parts.
#[derive(Debug, Default)]
pub struct Reply {
    /// What the user reads.
    pub agent: String,
    /// The knowledge part, when present and valid.
    pub knowledge: Option<Knowledge>,
    /// Why a `<system>` part was ignored, when it was.
    pub warning: Option<String>,
}

fn between<'a>(text: &'a str, open: &str, close: &str) -> Option<(usize, &'a str, usize)> {
    let start = text.find(open)?;
    let body_start = start + open.len();
    let len = text[body_start..].find(close)?;
    Some((
        start,
        &text[body_start..body_start + len],
        body_start + len + close.len(),
    ))
}

/// Splits a reply by the original's rules (see the module docs).
pub fn parse(text: &str) -> Reply {
    let mut reply = Reply::default();
    let system = between(text, "<system>", "</system>");
    if let Some((_, body, _)) = system {
        let json = body
            .trim()
            .trim_start_matches("```json")
            .trim_start_matches("```")
            .trim_end_matches("```")
            .trim();
        match serde_json::from_str::<Knowledge>(json) {
            Ok(k) => reply.knowledge = Some(k),
            Err(e) => {
                reply.warning = Some(format!(
                    "the model's knowledge part is not valid JSON ({e}); nothing was learned from this answer"
                ))
            }
        }
    }
    reply.agent = match between(text, "<agent>", "</agent>") {
        Some((_, body, _)) => body.trim().to_string(),
        None => match system {
            Some((start, _, end)) => format!("{}{}", &text[..start], &text[end..])
                .trim()
                .to_string(),
            None => text.trim().to_string(),
        },
    };
    reply
}

/// An event sink that passes streamed tokens through only when they are agent text:
/// inside `<agent>…</agent>`, or outside any tag; `<system>…</system>` is hidden. Tags
/// split across tokens are handled. Every other event passes through unchanged.
pub struct AgentOnly {
    inner: Events,
    state: Mutex<FilterState>,
}

#[derive(Default)]
struct FilterState {
    /// Text held back because it may be the start of a tag.
    pending: String,
    hidden: bool,
    /// `</agent>` was seen: the rest of the answer is not agent text.
    agent_closed: bool,
    /// Whether anything was shown since the last TokensDone (to trim leading space).
    shown: bool,
}

const TAGS: [&str; 4] = ["<agent>", "</agent>", "<system>", "</system>"];

impl AgentOnly {
    pub fn new(inner: Events) -> Self {
        Self {
            inner,
            state: Mutex::new(FilterState::default()),
        }
    }

    fn show(&self, state: &mut FilterState, text: &str) {
        let text = if state.shown { text } else { text.trim_start() };
        if !text.is_empty() {
            state.shown = true;
            self.inner.emit(Event::Token {
                text: text.to_string(),
            });
        }
    }

    fn feed(&self, state: &mut FilterState, token: &str) {
        state.pending.push_str(token);
        loop {
            let Some(lt) = state.pending.find('<') else {
                let text = std::mem::take(&mut state.pending);
                if !state.hidden {
                    self.show(state, &text);
                }
                return;
            };
            let rest = &state.pending[lt..];
            if let Some(tag) = TAGS.iter().find(|t| rest.starts_with(**t)) {
                let before = state.pending[..lt].to_string();
                if !state.hidden {
                    self.show(state, &before);
                }
                if *tag == "</agent>" {
                    state.agent_closed = true;
                }
                state.hidden = state.agent_closed || *tag == "<system>";
                state.pending.drain(..lt + tag.len());
                continue;
            }
            if TAGS.iter().any(|t| t.starts_with(rest)) {
                // Maybe a tag split across tokens: show what comes before, wait for more.
                let before = state.pending[..lt].to_string();
                if !state.hidden {
                    self.show(state, &before);
                }
                state.pending.drain(..lt);
                return;
            }
            // A '<' that starts no tag: ordinary text.
            let upto = lt + 1;
            let text: String = state.pending.drain(..upto).collect();
            if !state.hidden {
                self.show(state, &text);
            }
        }
    }
}

impl EventSink for AgentOnly {
    fn emit(&self, event: Event) {
        let mut state = self
            .state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match event {
            Event::Token { text } => self.feed(&mut state, &text),
            Event::TokensDone => {
                let rest = std::mem::take(&mut state.pending);
                if !state.hidden {
                    self.show(&mut state, &rest);
                }
                *state = FilterState::default();
                self.inner.emit(Event::TokensDone);
            }
            other => self.inner.emit(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::Recorder;

    #[test]
    fn both_parts_are_split() {
        let r = parse(
            "<agent>Which queue?</agent>\n<system>{\"entities\":[{\"name\":\"Orders\",\"type\":\"service\"}],\"relationships\":[]}</system>",
        );
        assert_eq!(r.agent, "Which queue?");
        assert_eq!(r.knowledge.map(|k| k.entities.len()), Some(1));
        assert!(r.warning.is_none());
    }

    #[test]
    fn without_tags_the_whole_answer_is_agent_text() {
        let r = parse("  Just an answer.  ");
        assert_eq!(r.agent, "Just an answer.");
        assert!(r.knowledge.is_none());
    }

    #[test]
    fn a_part_counts_only_with_both_tags() {
        let r = parse("<agent>Half open and <system>{}");
        assert_eq!(r.agent, "<agent>Half open and <system>{}");
        assert!(r.knowledge.is_none());
    }

    #[test]
    fn system_outside_agent_is_removed_from_the_text() {
        let r = parse("Hello.\n<system>{\"entities\":[]}</system>\nBye.");
        assert_eq!(r.agent, "Hello.\n\nBye.");
        assert!(r.knowledge.is_some());
    }

    #[test]
    fn invalid_knowledge_is_a_warning_not_a_failure() {
        let r = parse("<agent>ok</agent><system>{not json</system>");
        assert_eq!(r.agent, "ok");
        assert!(r.knowledge.is_none());
        assert!(r.warning.is_some_and(|w| w.contains("not valid JSON")));
    }

    #[test]
    fn incomplete_items_are_skipped() {
        let k: Knowledge = serde_json::from_str(
            r#"{"entities":[{"name":"A","type":"service"},{"name":"","type":"x"},{"name":"B"}],
                "relationships":[{"from":"A","to":"C","type":"calls"},{"from":"A","type":"calls"}]}"#,
        )
        .expect("json");
        let mut m = Memory::new();
        assert_eq!(k.merge_into(&mut m), 3);
        assert!(m.entity("A").is_some());
        assert!(m.entity("B").is_none());
        assert_eq!(m.relationships().len(), 1);
    }

    fn stream(tokens: &[&str]) -> String {
        let rec = Recorder::new();
        let filter = AgentOnly::new(rec.clone());
        for t in tokens {
            filter.emit(Event::Token {
                text: t.to_string(),
            });
        }
        filter.emit(Event::TokensDone);
        rec.events()
            .into_iter()
            .filter_map(|e| match e {
                Event::Token { text } => Some(text),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_stream_hides_the_system_part_even_when_tags_are_split() {
        let shown = stream(&[
            "<age",
            "nt>Two ",
            "questions: a < b?",
            "</ag",
            "ent>\n<sys",
            "tem>{\"entities\":",
            "[]}</system>",
        ]);
        assert_eq!(shown, "Two questions: a < b?");
    }

    #[test]
    fn an_untagged_stream_is_shown_whole() {
        assert_eq!(stream(&["Plain ", "answer <3"]), "Plain answer <3");
    }
}
