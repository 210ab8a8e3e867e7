//! Model replies in two parts: `<agent>…</agent>` (what the user reads) and
//! `<system>{"entities": […], "relationships": […]}</system>` (knowledge to merge).
//!
//! Parsing follows the original Archie's lenient rules: a part counts only when both its
//! tags are present (except an `<agent>` part at the start that never closes: an answer
//! cut off); with no `<agent>` part the whole answer minus any `<system>` part is
//! the agent text; invalid JSON in `<system>` is a warning, never a failure; entities
//! without a name or type and relationships without from, to or type are skipped.
//! A `<system>` tag counts only where the protocol puts one: outside the `<agent>` part
//! and followed by a JSON object. A model that writes the tag in its prose (a small one
//! does) has it shown and written as the text it is.
//!
//! [`AgentOnly`] applies the same split to a live token stream, so the user sees the
//! agent text as it is generated and never the knowledge JSON.

use crate::events::{Event, EventSink, Events};
use crate::memory::{Entity, Memory, Relationship};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Mutex;

/// At most this many entities are taken from one answer (the rest are dropped, counted).
pub const MAX_ENTITIES: usize = 200;
/// At most this many relationships are taken from one answer.
pub const MAX_RELATIONSHIPS: usize = 400;
/// A name (or a relationship's end) longer than this is not a name: the item is dropped.
pub const MAX_NAME: usize = 200;
/// Descriptions are cut to this many characters.
pub const MAX_DESCRIPTION: usize = 1_000;
/// At most this many tags of at most [`MAX_TYPE`] characters per entity.
const MAX_TAGS: usize = 20;
/// Types and tags longer than this are cut.
const MAX_TYPE: usize = 60;

/// Knowledge as the model writes it (in `<system>` or as an extraction answer).
///
/// Reading is lenient (a missing list is empty), but the schema sent to the model marks
/// the lists and each item's name and type as required: a model constrained by the
/// schema would otherwise answer `{}`.
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[schemars(extend("required" = ["entities", "relationships"]))]
pub struct Knowledge {
    /// Things in the system: services, databases, queues, APIs, teams, …
    #[serde(default)]
    pub entities: Vec<KnownEntity>,
    /// Directed links between entities.
    #[serde(default)]
    pub relationships: Vec<KnownRelationship>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[schemars(extend("required" = ["name", "type"]))]
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

#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[schemars(extend("required" = ["from", "to", "type"]))]
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

/// What merging a model's knowledge left out or shortened to stay within archie's limits.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Capped {
    /// Items without a name, from, to or type.
    pub skipped: usize,
    /// Entities and relationships beyond [`MAX_ENTITIES`] / [`MAX_RELATIONSHIPS`] in one answer.
    pub over_limit: usize,
    /// Items dropped for a name longer than [`MAX_NAME`].
    pub long_names: usize,
    /// Descriptions, types or tags cut to length.
    pub shortened: usize,
    /// Items named (or typed) with a word of the answer's own schema, a JSON type name or
    /// a bare number: a weak model repeats the schema back (see [`names_nothing`]).
    pub schema_words: usize,
    /// Entities with a real name typed with a word of the schema (`array`, `list`): kept,
    /// as `unknown` (a 270M model names real things and types them `string`).
    pub schema_types: usize,
    /// Items naming something their text does not name (or the prompt's own example).
    pub ungrounded: usize,
    /// Items that made the system a run describes one of its own components.
    pub the_system: usize,
}

impl Capped {
    pub fn add(&mut self, other: Capped) {
        self.skipped += other.skipped;
        self.over_limit += other.over_limit;
        self.long_names += other.long_names;
        self.shortened += other.shortened;
        self.schema_words += other.schema_words;
        self.schema_types += other.schema_types;
        self.ungrounded += other.ungrounded;
        self.the_system += other.the_system;
    }

    /// What was cut to archie's limits, for a warning; `None` when nothing was.
    pub fn warning(&self) -> Option<String> {
        let mut parts = Vec::new();
        if self.over_limit > 0 {
            parts.push(format!(
                "{} items over {MAX_ENTITIES} entities or {MAX_RELATIONSHIPS} relationships in one answer dropped",
                crate::text::thousands(self.over_limit as u64)
            ));
        }
        if self.long_names > 0 {
            parts.push(format!(
                "{} items with names over {MAX_NAME} characters dropped",
                crate::text::thousands(self.long_names as u64)
            ));
        }
        if self.shortened > 0 {
            parts.push(format!(
                "{} descriptions, types or tags cut to length",
                crate::text::thousands(self.shortened as u64)
            ));
        }
        if self.schema_words > 0 {
            parts.push(format!(
                "{} items named after the answer's schema (`name`, `type`, `string`, a bare number…) rejected",
                crate::text::thousands(self.schema_words as u64)
            ));
        }
        if self.schema_types > 0 {
            parts.push(format!(
                "{} typed after the schema (`array`, `string`…) kept as `unknown`",
                crate::text::count(self.schema_types as u64, "entity", "entities")
            ));
        }
        if self.ungrounded > 0 {
            parts.push(format!(
                "{} naming what their text does not name not stored",
                crate::text::count(self.ungrounded as u64, "item", "items")
            ));
        }
        if self.the_system > 0 {
            parts.push(format!(
                "{} making the system one of its own components not stored",
                crate::text::count(self.the_system as u64, "item", "items")
            ));
        }
        (!parts.is_empty()).then(|| {
            format!(
                "the model's knowledge was kept within archie's limits: {}",
                parts.join("; ")
            )
        })
    }
}

/// `text` cut to `max` characters; whether it was cut.
fn cut(text: &str, max: usize) -> (String, bool) {
    match text.char_indices().nth(max) {
        Some((at, _)) => (text[..at].trim_end().to_string(), true),
        None => (text.to_string(), false),
    }
}

impl Knowledge {
    /// The answer within archie's limits: at most [`MAX_ENTITIES`] entities and
    /// [`MAX_RELATIONSHIPS`] relationships, no name over [`MAX_NAME`] characters,
    /// descriptions, types and tags cut to length. What was dropped or cut is counted.
    pub fn capped(mut self) -> (Knowledge, Capped) {
        let mut capped = Capped::default();
        let long = |name: &str| name.chars().nth(MAX_NAME).is_some();
        let before = self.entities.len();
        self.entities.retain(|e| !long(&e.name));
        capped.long_names += before - self.entities.len();
        if self.entities.len() > MAX_ENTITIES {
            capped.over_limit += self.entities.len() - MAX_ENTITIES;
            self.entities.truncate(MAX_ENTITIES);
        }
        for e in &mut self.entities {
            let (description, d) = cut(&e.description, MAX_DESCRIPTION);
            let (kind, k) = cut(&e.kind, MAX_TYPE);
            let mut t = e.tags.len() > MAX_TAGS;
            e.tags.truncate(MAX_TAGS);
            for tag in &mut e.tags {
                let (short, c) = cut(tag, MAX_TYPE);
                *tag = short;
                t |= c;
            }
            (e.description, e.kind) = (description, kind);
            capped.shortened += usize::from(d) + usize::from(k) + usize::from(t);
        }
        let before = self.relationships.len();
        self.relationships
            .retain(|r| !long(&r.from) && !long(&r.to) && !long(&r.kind));
        capped.long_names += before - self.relationships.len();
        if self.relationships.len() > MAX_RELATIONSHIPS {
            capped.over_limit += self.relationships.len() - MAX_RELATIONSHIPS;
            self.relationships.truncate(MAX_RELATIONSHIPS);
        }
        (self, capped)
    }

    /// Merges into `memory` within archie's limits ([`Knowledge::capped`]), skipping
    /// incomplete items, in the memory's vocabulary (see [`Vocabulary`]), with what
    /// `origin` says: the source every fact gets (its endpoints too), the text a name must
    /// be found in, the names that are never a component. Says what was skipped, dropped
    /// or cut.
    pub fn merge_into(
        self,
        memory: &mut Memory,
        vocabulary: &Vocabulary,
        origin: &Origin,
    ) -> Capped {
        let (knowledge, mut capped) = self.capped();
        // A model that copied the prompt's example entity copied its relationship too.
        let echoed = knowledge
            .entities
            .iter()
            .any(KnownEntity::is_prompt_example);
        let sourced = |mut sources: Vec<String>| {
            if let Some(s) = &origin.source {
                crate::memory::source::add(&mut sources, s.clone());
            }
            sources
        };
        for e in knowledge.entities {
            if e.name.trim().is_empty() || e.kind.trim().is_empty() {
                capped.skipped += 1;
                continue;
            }
            if e.is_schema_echo() {
                capped.schema_words += 1;
                continue;
            }
            if e.is_prompt_example() || !origin.grounds(&e.name) {
                capped.ungrounded += 1;
                continue;
            }
            if origin.is_not_a_component(&e.name) {
                capped.the_system += 1;
                continue;
            }
            let kind = if names_nothing(&e.kind) {
                capped.schema_types += 1;
                crate::memory::UNKNOWN_TYPE.to_string()
            } else {
                vocabulary.kind(&e.kind)
            };
            let mut entity =
                Entity::new(vocabulary.name(&e.name), kind).description(e.description.trim());
            entity.sources = sourced(Vec::new());
            for tag in e.tags {
                entity = entity.tag(tag);
            }
            memory.upsert_entity(entity);
        }
        for r in knowledge.relationships {
            if r.from.trim().is_empty() || r.to.trim().is_empty() || r.kind.trim().is_empty() {
                capped.skipped += 1;
                continue;
            }
            if [&r.from, &r.to, &r.kind].iter().any(|s| names_nothing(s)) {
                capped.schema_words += 1;
                continue;
            }
            if (echoed && r.is_prompt_example())
                || !origin.grounds(&r.from)
                || !origin.grounds(&r.to)
            {
                capped.ungrounded += 1;
                continue;
            }
            if origin.is_not_a_component(&r.from) || origin.is_not_a_component(&r.to) {
                capped.the_system += 1;
                continue;
            }
            let (from, to) = (vocabulary.name(&r.from), vocabulary.name(&r.to));
            let mut rel = Relationship::new(from, r.kind.trim(), to);
            rel.sources = sourced(Vec::new());
            // What states a relationship states its ends (as the relationship resolves
            // them: a bare `Orders` that writes_to is the store).
            memory.upsert_stated_relationship(rel);
        }
        capped
    }

    /// An answer that lists entities, none of them usable (each unnamed or named after
    /// the schema): the model repeated the question back. A chunk with such an answer
    /// counts as failed, and the answer is not kept.
    pub fn names_only_schema_words(&self) -> bool {
        !self.entities.is_empty()
            && self
                .entities
                .iter()
                .all(|e| e.name.trim().is_empty() || e.is_schema_echo())
    }
}

/// Where a model's knowledge comes from, and what it must be grounded in (see
/// [`Knowledge::merge_into`]).
#[derive(Debug, Clone, Default)]
pub struct Origin {
    /// The source each fact gets (see [`crate::memory::source`]); `None`: none.
    pub source: Option<String>,
    /// The text every name must be found in (by identity); `None`: no check.
    pub ground: Option<crate::memory::ground::Ground>,
    /// The keys of names that are never a component: the system a run describes.
    pub not_components: Vec<String>,
    /// The prompt's own words (its instructions, without the text it asks about): a
    /// name written out there and not in the text is the prompt echoed, not a fact.
    pub prompt: Option<std::sync::Arc<crate::memory::ground::Ground>>,
}

impl Origin {
    /// No source, no check: for counting, and for tests.
    pub fn none() -> Self {
        Self::default()
    }

    /// Knowledge from `source`, whose names must be found in `ground`.
    pub fn grounded(source: String, ground: crate::memory::ground::Ground) -> Self {
        Self {
            source: Some(source),
            ground: Some(ground),
            not_components: Vec::new(),
            prompt: None,
        }
    }

    /// This origin, whose names must not be the prompt's own words echoed.
    pub fn asked_with(mut self, prompt: std::sync::Arc<crate::memory::ground::Ground>) -> Self {
        self.prompt = Some(prompt);
        self
    }

    /// This origin, whose knowledge never makes `system` a component.
    pub fn not_the_system(mut self, system: &str) -> Self {
        let k = crate::memory::key(system);
        if !k.is_empty() {
            self.not_components.push(k);
        }
        self
    }

    fn grounds(&self, name: &str) -> bool {
        let Some(ground) = &self.ground else {
            return true;
        };
        let echoed = self
            .prompt
            .as_ref()
            .is_some_and(|p| p.holds(name) && !ground.holds(name));
        !echoed && ground.names(name)
    }

    fn is_not_a_component(&self, name: &str) -> bool {
        !self.not_components.is_empty()
            && self.not_components.contains(&crate::memory::key(
                &crate::memory::identity::split_note(name).0,
            ))
    }
}

/// The example of the reply format's prompt (`prompts/_knowledge_format.md`): a model
/// that copies it states nothing about the system.
const PROMPT_EXAMPLE: (&str, &str, &str) = (
    "Order Service",
    "Orders DB",
    "Accepts and tracks customer orders.",
);

impl KnownRelationship {
    /// The prompt's example relationship, copied.
    fn is_prompt_example(&self) -> bool {
        let (service, db, _) = PROMPT_EXAMPLE;
        self.from.trim() == service && self.to.trim() == db
    }
}

impl KnownEntity {
    /// The prompt's example entity, copied with its description.
    fn is_prompt_example(&self) -> bool {
        let (service, _, description) = PROMPT_EXAMPLE;
        self.name.trim() == service && self.description.trim() == description
    }

    /// Named with a word of the schema (see [`names_nothing`]). A real name with a
    /// schema word for its type is knowledge: it is kept, untyped.
    fn is_schema_echo(&self) -> bool {
        names_nothing(&self.name)
    }
}

/// The words of the extraction schema and JSON's type names: what a model that cannot
/// follow the instructions writes back as entities (`name`, `type`, `string`) and types
/// (`array`, `list`).
const SCHEMA_WORDS: &[&str] = &[
    "name",
    "names",
    "type",
    "types",
    "description",
    "tags",
    "tag",
    "entity",
    "entities",
    "relationship",
    "relationships",
    "from",
    "to",
    "properties",
    "property",
    "items",
    "required",
    "schema",
    "string",
    "str",
    "number",
    "integer",
    "int",
    "float",
    "boolean",
    "bool",
    "object",
    "array",
    "list",
    "null",
    "none",
    "true",
    "false",
];

/// Whether a name (or type) names nothing: empty, punctuation, a bare number, or a word
/// of the answer's schema (see [`SCHEMA_WORDS`]), whatever its case, quotes or brackets.
pub fn names_nothing(text: &str) -> bool {
    let word = text
        .trim()
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    if word.is_empty() {
        return true;
    }
    let number = word.starts_with(|c: char| c.is_ascii_digit())
        && word.replace([',', '_'], "").parse::<f64>().is_ok();
    number || SCHEMA_WORDS.contains(&word.as_str())
}

/// The memory's words, applied when merging a model's knowledge (not put in the prompt,
/// so an extraction answer stays reusable whatever the memory holds): a type is written
/// the way the memory already writes it (`Databases`, `db` and `data store` are
/// `database`), and a name the memory knows under another spacing or case
/// (`CheckoutService`) takes the memory's spelling (`Checkout Service`).
#[derive(Debug, Clone, Default)]
pub struct Vocabulary {
    /// Compact form (letters and digits, lower case) → the spelling in use.
    types: HashMap<String, String>,
    names: HashMap<String, String>,
}

/// Letters and digits only, lower case: `Checkout-Service` and `checkout service` meet.
fn compact(text: &str) -> String {
    crate::words::compact(text)
}

impl Vocabulary {
    /// The vocabulary of `memory`, with archie's own types.
    pub fn of(memory: &Memory) -> Self {
        let mut vocabulary = Vocabulary::default();
        for t in crate::memory::identity::ENTITY_TYPES {
            vocabulary.types.insert(compact(t), (*t).to_string());
        }
        for e in memory.entities() {
            if e.kind != crate::memory::UNKNOWN_TYPE {
                vocabulary
                    .types
                    .entry(compact(&e.kind))
                    .or_insert_with(|| e.kind.clone());
            }
            let c = compact(&e.name);
            if !c.is_empty() {
                vocabulary.names.entry(c).or_insert_with(|| e.name.clone());
            }
        }
        vocabulary
    }

    /// A type as the memory writes it: in the prompt's words by the identity
    /// vocabulary (`Databases`, `data store`, `PostgreSQL database` are `database`;
    /// `ExternalApi`, `third-party API` are `external_system`), else lower snake case,
    /// spelt as the memory already spells it.
    pub fn kind(&self, kind: &str) -> String {
        let kind = crate::memory::identity::entity_type(kind);
        self.types.get(&compact(&kind)).cloned().unwrap_or(kind)
    }

    /// A name as the memory spells it, when the memory knows it under another spacing
    /// or case; otherwise the name as given (trimmed).
    pub fn name(&self, name: &str) -> String {
        let name = name.trim();
        self.names
            .get(&compact(name))
            .cloned()
            .unwrap_or_else(|| name.to_string())
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

/// Whether the text after a `<system>` tag starts archie's knowledge part (a JSON
/// object, perhaps in a code fence). A `<system>` the model writes in prose is followed
/// by prose, and stays text.
fn opens_knowledge(after_tag: &str) -> bool {
    let body = after_tag.trim_start();
    body.starts_with('{') || body.starts_with("```")
}

/// The knowledge part: the first `<system>` where the protocol puts one (outside the
/// `<agent>` part, followed by a JSON object, closed by `</system>`), as
/// (start of the tag, body, end of the closing tag).
fn knowledge_part(text: &str) -> Option<(usize, &str, usize)> {
    let agent = between(text, "<agent>", "</agent>").map(|(start, _, end)| start..end);
    let mut from = 0;
    while let Some(found) = text[from..].find("<system>") {
        let start = from + found;
        let body_start = start + "<system>".len();
        from = body_start;
        if agent.as_ref().is_some_and(|a| a.contains(&start)) {
            continue;
        }
        if !opens_knowledge(&text[body_start..]) {
            continue;
        }
        let len = text[body_start..].find("</system>")?;
        return Some((
            start,
            &text[body_start..body_start + len],
            body_start + len + "</system>".len(),
        ));
    }
    None
}

/// Splits a reply by the original's rules (see the module docs).
pub fn parse(text: &str) -> Reply {
    let mut reply = Reply::default();
    let system = knowledge_part(text);
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
        None => {
            let rest = match system {
                Some((start, _, end)) => format!("{}{}", &text[..start], &text[end..]),
                None => text.to_string(),
            };
            // An `<agent>` part never closed (the answer was cut off, or stopped at a
            // loop) is the agent text to the end, without its tag.
            match rest.trim_start().strip_prefix("<agent>") {
                Some(open) => open.trim().to_string(),
                None => rest.trim().to_string(),
            }
        }
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
    /// Inside the knowledge part.
    in_knowledge: bool,
    /// `pending` starts with a `<system>` tag whose next words tell whether it opens the
    /// knowledge part or is prose.
    maybe_knowledge: bool,
    /// Inside `<agent>…`, where `<system>` is prose.
    in_agent: bool,
    /// `</agent>` was seen: the rest of the answer is not agent text.
    agent_closed: bool,
    /// Whether anything was shown since the last TokensDone (to trim leading space).
    shown: bool,
    /// The end of the text to show that may be part of a secret (a run of the characters
    /// keys are written in), held until it ends: a secret split across tokens reaches the
    /// sinks, which redact it, in one piece.
    word: String,
}

/// Whether `c` may be part of a key or a password (see [`FilterState::word`]).
fn in_key(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(c, '-' | '_' | '.' | '+' | '/' | '=' | ':' | '@' | '~' | '%')
}

/// The most a run of key characters is held back: longer, it is shown as it comes.
const HELD_MOST: usize = 4096;

const TAGS: [&str; 4] = ["<agent>", "</agent>", "<system>", "</system>"];

impl AgentOnly {
    pub fn new(inner: Events) -> Self {
        Self {
            inner,
            state: Mutex::new(FilterState::default()),
        }
    }

    fn show(&self, state: &mut FilterState, text: &str) {
        state.word.push_str(text);
        let held = state
            .word
            .char_indices()
            .rev()
            .take_while(|(_, c)| in_key(*c))
            .last()
            .map_or(state.word.len(), |(i, _)| i);
        let held = if state.word.len() - held > HELD_MOST {
            state.word.len()
        } else {
            held
        };
        let out: String = state.word.drain(..held).collect();
        self.emit_text(state, &out);
    }

    /// Shows what [`AgentOnly::show`] held back.
    fn flush(&self, state: &mut FilterState) {
        let out = std::mem::take(&mut state.word);
        self.emit_text(state, &out);
    }

    fn emit_text(&self, state: &mut FilterState, text: &str) {
        let text = if state.shown { text } else { text.trim_start() };
        if !text.is_empty() {
            state.shown = true;
            self.inner.emit(Event::Token {
                text: text.to_string(),
            });
        }
    }

    fn feed(&self, state: &mut FilterState, token: &str) {
        const OPEN: &str = "<system>";
        state.pending.push_str(token);
        loop {
            if state.maybe_knowledge {
                let after = &state.pending[OPEN.len()..];
                let body = after.trim_start();
                if body.is_empty() || "```".starts_with(body) {
                    return; // Not known yet: wait for more.
                }
                state.maybe_knowledge = false;
                if opens_knowledge(after) {
                    state.in_knowledge = true;
                } else {
                    // Prose that names the tag: shown as written.
                    self.show(state, OPEN);
                }
                state.pending.drain(..OPEN.len());
                continue;
            }
            let hidden = state.agent_closed || state.in_knowledge;
            let Some(lt) = state.pending.find('<') else {
                let text = std::mem::take(&mut state.pending);
                if !hidden {
                    self.show(state, &text);
                }
                return;
            };
            let rest = &state.pending[lt..];
            if let Some(tag) = TAGS.iter().find(|t| rest.starts_with(**t)) {
                let before = state.pending[..lt].to_string();
                if !hidden {
                    self.show(state, &before);
                }
                state.pending.drain(..lt);
                // Whether the tag is the protocol's (dropped) or text (shown).
                let protocol = match *tag {
                    "<agent>" => {
                        state.in_agent |= !hidden;
                        true
                    }
                    "</agent>" => {
                        state.agent_closed = true;
                        state.in_agent = false;
                        true
                    }
                    "<system>" if hidden => true,
                    "<system>" if state.in_agent => false,
                    "<system>" => {
                        state.maybe_knowledge = true;
                        continue;
                    }
                    _ => {
                        // `</system>`: ends the knowledge part, or is text.
                        let closes = state.in_knowledge;
                        state.in_knowledge = false;
                        closes || state.agent_closed
                    }
                };
                if protocol {
                    self.flush(state);
                } else {
                    self.show(state, tag);
                }
                state.pending.drain(..tag.len());
                continue;
            }
            if TAGS.iter().any(|t| t.starts_with(rest)) {
                // Maybe a tag split across tokens: show what comes before, wait for more.
                let before = state.pending[..lt].to_string();
                if !hidden {
                    self.show(state, &before);
                }
                state.pending.drain(..lt);
                return;
            }
            // A '<' that starts no tag: ordinary text.
            let upto = lt + 1;
            let text: String = state.pending.drain(..upto).collect();
            if !hidden {
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
                if !(state.agent_closed || state.in_knowledge) {
                    self.show(&mut state, &rest);
                }
                self.flush(&mut state);
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
    fn the_extraction_schema_requires_lists_names_and_types() {
        let schema = crate::llm::Schema::of::<Knowledge>().schema;
        assert_eq!(
            schema["required"],
            serde_json::json!(["entities", "relationships"])
        );
        let defs = &schema["$defs"];
        assert_eq!(
            defs["KnownEntity"]["required"],
            serde_json::json!(["name", "type"])
        );
        assert_eq!(
            defs["KnownRelationship"]["required"],
            serde_json::json!(["from", "to", "type"])
        );
        // Reading stays lenient.
        let empty: Knowledge = serde_json::from_str("{}").unwrap();
        assert!(empty.entities.is_empty());
    }

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
        assert_eq!(r.agent, "Half open and <system>{}");
        assert!(r.knowledge.is_none());
        // Cut off before `</agent>`, after a whole knowledge part.
        let r = parse("<system>{\"entities\":[]}</system>\n<agent>Cut off mid");
        assert_eq!(r.agent, "Cut off mid");
        assert!(r.knowledge.is_some());
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
        assert_eq!(
            k.merge_into(&mut m, &Vocabulary::default(), &Origin::none())
                .skipped,
            3
        );
        assert!(m.entity("A").is_some());
        assert!(m.entity("B").is_none());
        assert_eq!(m.relationships().len(), 1);
    }

    #[test]
    fn the_schema_written_back_is_not_knowledge() {
        for junk in [
            "name",
            "Type",
            "`string`",
            "\"array\"",
            "1",
            "2.5",
            "1,000",
            "",
            " - ",
            "LIST",
        ] {
            assert!(names_nothing(junk), "{junk:?}");
        }
        for name in [
            "Orders DB",
            "E0",
            "S3",
            "3scale",
            "Name Service",
            "2FA Service",
        ] {
            assert!(!names_nothing(name), "{name:?}");
        }
        let k: Knowledge = serde_json::from_str(
            r#"{"entities":[{"name":"name","type":"string"},{"name":"1","type":"service"},
                {"name":"Orders","type":"array"},{"name":"Payments","type":"service"}],
                "relationships":[{"from":"Payments","to":"type","type":"calls"},
                {"from":"Payments","to":"Orders","type":"string"}]}"#,
        )
        .expect("json");
        assert!(!k.names_only_schema_words());
        let mut m = Memory::new();
        let capped = k.merge_into(&mut m, &Vocabulary::default(), &Origin::none());
        assert_eq!((capped.schema_words, capped.schema_types), (4, 1));
        // Orders is a real name typed `array`: kept, untyped.
        assert_eq!(m.entities().len(), 2);
        assert_eq!(m.entity("Orders").map(|e| e.kind.as_str()), Some("unknown"));
        assert!(m.relationships().is_empty());
        assert!(capped.warning().is_some_and(|w| {
            w.contains("4 items named after the answer's schema")
                && w.contains("1 entity typed after the schema")
        }));
        let echo: Knowledge = serde_json::from_str(
            r#"{"entities":[{"name":"name","type":"string"},{"name":"2","type":"list"}],"relationships":[]}"#,
        )
        .expect("json");
        assert!(echo.names_only_schema_words());
        assert!(!Knowledge::default().names_only_schema_words());
    }

    #[test]
    fn an_endless_answer_is_cut_to_archie_limits_and_counted() {
        let entities: Vec<KnownEntity> = (0..10_000)
            .map(|i| KnownEntity {
                name: format!("E{i}"),
                kind: "service".into(),
                description: "d".repeat(5_000),
                tags: Vec::new(),
            })
            .chain(std::iter::once(KnownEntity {
                name: "x".repeat(100_000),
                kind: "service".into(),
                ..KnownEntity::default()
            }))
            .collect();
        let k = Knowledge {
            entities,
            relationships: Vec::new(),
        };
        let mut m = Memory::new();
        let capped = k.merge_into(&mut m, &Vocabulary::default(), &Origin::none());
        assert_eq!(m.entities().len(), MAX_ENTITIES);
        assert_eq!(capped.over_limit, 10_000 - MAX_ENTITIES);
        assert_eq!(capped.long_names, 1);
        assert!(m.entities()[0].description.chars().count() <= MAX_DESCRIPTION);
        assert!(capped.warning().is_some_and(|w| w.contains("9,800")));
    }

    #[test]
    fn the_memory_vocabulary_is_applied_when_merging() {
        let mut memory = Memory::new();
        memory.upsert_entity(Entity::new("Checkout Service", "service"));
        memory.upsert_entity(Entity::new("Ledger", "event_store"));
        let v = Vocabulary::of(&memory);
        assert_eq!(v.kind("Databases"), "database");
        assert_eq!(v.kind("DB"), "database");
        // By the identity vocabulary: an event store is a store, by its head word.
        assert_eq!(v.kind("Event Store"), "database");
        assert_eq!(v.kind("ExternalApi"), "external_system");
        assert_eq!(v.kind("PostgreSQL database"), "database");
        assert_eq!(v.kind("event stream"), "queue");
        assert_eq!(v.kind("Load Balancer"), "load_balancer");
        assert_eq!(v.kind("Micro-service"), "service");
        assert_eq!(v.kind("cache"), "cache");
        assert_eq!(v.name("CheckoutService"), "Checkout Service");
        assert_eq!(v.name(" Orders DB "), "Orders DB");
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

    /// A secret the model repeats reaches the sinks (which redact whole secrets) in one
    /// token however the server cut it, and the text around it is shown as it comes.
    #[test]
    fn a_word_cut_across_tokens_is_shown_whole() {
        let rec = Recorder::new();
        let filter = AgentOnly::new(rec.clone());
        let answer = "<agent>Is zq-SECRET_41x7/a=b the key? 是的 zq-SECRET_41x7/a=b</agent>";
        let chars: Vec<char> = answer.chars().collect();
        for piece in chars.chunks(3) {
            filter.emit(Event::Token {
                text: piece.iter().collect(),
            });
        }
        filter.emit(Event::TokensDone);
        let tokens: Vec<String> = rec
            .events()
            .into_iter()
            .filter_map(|e| match e {
                Event::Token { text } => Some(text),
                _ => None,
            })
            .collect();
        assert_eq!(
            tokens.concat(),
            "Is zq-SECRET_41x7/a=b the key? 是的 zq-SECRET_41x7/a=b"
        );
        let whole = tokens
            .iter()
            .filter(|t| t.contains("zq-SECRET_41x7/a=b"))
            .count();
        assert_eq!(whole, 2, "{tokens:?}");
        // Words go out as they end, not at the end of the answer.
        assert!(tokens.len() > 4, "{tokens:?}");
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
    fn a_system_tag_in_prose_is_text_on_screen_and_in_the_reply() {
        let prose = "## Risks\nThe <system> prompt says: be brief.\nPayments fail open.";
        assert_eq!(
            stream(&[
                "## Risks\nThe <sys",
                "tem> prompt says",
                ": be brief.\nPayments fail open."
            ]),
            prose
        );
        assert_eq!(
            stream(&["The <system>", "   ", "\n", "words"]),
            "The <system>   \nwords"
        );
        assert_eq!(stream(&["ends with <system>"]), "ends with <system>");
        assert_eq!(stream(&["a stray </system> tag"]), "a stray </system> tag");
        let r = parse(prose);
        assert_eq!(r.agent, prose);
        assert!(r.knowledge.is_none() && r.warning.is_none());
        // Inside the agent part a `<system>` is prose, even before a JSON object.
        let inside = "<agent>Write <system>{\"a\":1}</system> to hide.</agent>";
        assert_eq!(
            stream(&[inside]),
            "Write <system>{\"a\":1}</system> to hide."
        );
        assert_eq!(
            parse(inside).agent,
            "Write <system>{\"a\":1}</system> to hide."
        );
        // The knowledge part where the protocol puts it is still hidden, after prose
        // that names the tag, and in a code fence.
        let both = "Mind the <system> tag.\n<system>\n```json\n{\"entities\":[]}\n```\n</system>";
        assert_eq!(stream(&[both]), "Mind the <system> tag.\n");
        let r = parse(both);
        assert_eq!(r.agent, "Mind the <system> tag.");
        assert!(r.knowledge.is_some());
    }

    #[test]
    fn an_untagged_stream_is_shown_whole() {
        assert_eq!(stream(&["Plain ", "answer <3"]), "Plain answer <3");
    }
}
