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

use super::identity::{self, Family, Kind, Parts};
use super::merge::aliases_of;
use super::model::ALIASES;
use super::{Entity, Ix, Memory, Relationship, key};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};

/// The memory file's top-level key that holds the decisions.
pub const IDENTITY_KEY: &str = "identity";

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
    /// The structure decides the pair is one thing (the same words, both known as the
    /// same kind): merged without a question. Other pairs are the judge's and the
    /// human's.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub certain: bool,
}

/// Who decided a merge or a pair kept apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Decider {
    /// The structure of the names ([`identity`]).
    Rule,
    /// The model, as the judge of what the structure cannot decide.
    Model,
    /// A person: at a question, `memory merge`, `memory keep-apart`, `--yes`.
    Person,
}

/// One side of a pair as the judge sees it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JudgeSide {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub description: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub neighbours: Vec<String>,
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
    /// Who decided it (absent in files written before archie recorded it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Decider>,
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
    /// Pairs (by key, sorted) the model judged two things (also in `apart`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub judged_apart: Vec<[String; 2]>,
    /// Pairs (by key, sorted) the model was not sure of: the human's, not asked of the
    /// model again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unsure: Vec<[String; 2]>,
    /// Relationship words the vocabulary could not place, as the model placed them:
    /// remembered, so no run asks about them again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<WordDecision>,
    /// Entity types the vocabulary could not place, as the model placed them:
    /// remembered, so no run asks about them again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<TypeDecision>,
}

/// What an entity type the vocabulary cannot place is, as the model said.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TypeDecision {
    /// The type as the memory keeps it (lower snake case: `rds_instance`).
    #[serde(rename = "type")]
    pub kind: String,
    /// The vocabulary's type it is (`database`), or `kind` itself: kept as it is.
    pub means: String,
}

/// What a relationship word the vocabulary cannot place means, as the model said.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WordDecision {
    /// The word as the memory keeps it (lower snake case: `fans_out_to`).
    pub word: String,
    /// The prompt's word it says (`publishes_to`), or `word` itself: kept as it is.
    pub means: String,
    /// The word names the relationship from its object's end (`is_fed_by`): an edge
    /// with it is turned round.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reversed: bool,
}

impl WordDecision {
    /// Whether the word stays as it is.
    pub fn kept(&self) -> bool {
        self.means == self.word
    }
}

impl Decisions {
    /// The merges recorded of an entity with the words of `name`, whatever its mark:
    /// those an unmerge of `name` may mean when no merge is of `name` as written.
    /// With where each stands in `merges`.
    pub fn merges_by_words<'a>(
        &'a self,
        name: &str,
    ) -> impl Iterator<Item = (usize, &'a MergeRecord)> {
        let k = key(name);
        self.merges
            .iter()
            .enumerate()
            .filter(move |(_, m)| key(&m.entity.name) == k)
    }

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

    /// Remembers that the model judged the pair two things: kept apart.
    pub fn judge_apart(&mut self, a: &str, b: &str) {
        self.keep_apart(a, b);
        let pair = pair_key(a, b);
        if !self.judged_apart.contains(&pair) {
            self.judged_apart.push(pair);
        }
    }

    /// Remembers that the model was not sure of the pair (it is not asked again).
    pub fn judge_unsure(&mut self, a: &str, b: &str) {
        let pair = pair_key(a, b);
        if !self.unsure.contains(&pair) {
            self.unsure.push(pair);
        }
    }

    /// Whether the model was asked about the pair and was not sure.
    pub fn judged_unsure(&self, a: &str, b: &str) -> bool {
        self.unsure.contains(&pair_key(a, b))
    }

    /// What the model said a relationship word means, if it was asked.
    pub fn word(&self, word: &str) -> Option<&WordDecision> {
        self.words.iter().find(|d| d.word == word)
    }

    /// What the model said an entity type is, if it was asked.
    pub fn entity_type(&self, kind: &str) -> Option<&TypeDecision> {
        self.types.iter().find(|d| d.kind == kind)
    }

    /// Remembers what an entity type is (the last answer for a type stands).
    pub fn place_type(&mut self, decision: TypeDecision) {
        self.types.retain(|d| d.kind != decision.kind);
        self.types.push(decision);
    }

    /// Remembers what a relationship word means (the last answer for a word stands).
    pub fn place_word(&mut self, decision: WordDecision) {
        self.words.retain(|d| d.word != decision.word);
        self.words.push(decision);
    }
}

/// The pair's identity regardless of order.
pub fn pair_key(a: &str, b: &str) -> [String; 2] {
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
        let systems = self.system_names();
        let frames = self.frames();
        let mut blocks: HashMap<String, Vec<Ix>> = HashMap::new();
        for (i, e) in self.entities.iter().enumerate() {
            let shape = shape(&e.name, &systems);
            // A reading that is a frame's words says what every name of its form says
            // (`update` of `$aws/things/…/shadow/update`): no pair by it. What is inside
            // the frame meets its names in the judge's candidates.
            if frames.only_frame_words(&e.name, &shape.parts.core) {
                continue;
            }
            for block in blocking_keys(&shape) {
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
                    if let Some(s) = self.score_pair(a, b, &decisions, &systems, None) {
                        out.push(s);
                    }
                }
            }
        }
        out.sort_by(best_first);
        out
    }

    /// Pairs for the judge beyond [`Memory::duplicates`] (`found`, not found again): two
    /// entities of kinds that agree where every word naming one (the rules' core, or its
    /// words less kind words: [`identity::content`]) is in the other's whole name, in
    /// order, as written, shortened (`Pmt` of `Payment`, `Evts` of `Events`) or with one
    /// letter wrong ([`identity::covered`]), however the other is framed. The structure is sure of none of them: the model says same or
    /// different, and a person decides what it is unsure of. Without a judge they are not
    /// asked (too many for a person: most are two things).
    pub fn judge_candidates(&self, found: &[Suggestion]) -> Vec<Suggestion> {
        let decisions = self.decisions();
        let systems = self.system_names();
        let shapes: Vec<Shape> = self
            .entities
            .iter()
            .map(|e| shape(&e.name, &systems))
            .collect();
        let written: Vec<Vec<String>> = self.entities.iter().map(|e| name_words(&e.name)).collect();
        let frames = self.frames();
        // And the words of each that may name the thing (kind words, little words and a
        // system's name aside).
        let contents: Vec<Vec<String>> = written
            .iter()
            .map(|ws| identity::content(ws, &systems))
            .collect();
        // Who has a word beginning with a letter (where a word and its short forms meet),
        // and who has a word.
        let mut by_letter: HashMap<char, Vec<Ix>> = HashMap::new();
        let mut by_word: HashMap<&str, Vec<Ix>> = HashMap::new();
        // And who has a word of five letters or more with the rest after its first
        // letter (where a word with its first letter wrong meets it: `0rder`, `lnventory`).
        let mut by_tail: HashMap<String, Vec<Ix>> = HashMap::new();
        for (i, ws) in written.iter().enumerate() {
            let mut tails: Vec<String> = ws.iter().filter_map(|w| tail(w)).collect();
            tails.sort_unstable();
            tails.dedup();
            for t in tails {
                by_tail.entry(t).or_default().push(i as Ix);
            }
            let mut letters: Vec<char> = ws.iter().filter_map(|w| w.chars().next()).collect();
            letters.sort_unstable();
            letters.dedup();
            for c in letters {
                by_letter.entry(c).or_default().push(i as Ix);
            }
            let mut own: Vec<&str> = ws.iter().map(String::as_str).collect();
            own.sort_unstable();
            own.dedup();
            for w in own {
                by_word.entry(w).or_default().push(i as Ix);
            }
        }
        let mut seen: HashSet<(Ix, Ix)> = found
            .iter()
            .filter_map(|s| Some(ordered(self.named(&s.merge)?, self.named(&s.into)?)))
            .collect();
        let mut out = Vec::new();
        // A system is not one of its parts, whose names often begin with its name.
        let whole = |i: usize| identity::is_whole_type(&self.entities[i].kind);
        let families: Vec<Family> = (0..self.entities.len())
            .map(|i| self.family_of(i as Ix))
            .collect();
        // How many other names that may be of its family (its own, or not known) have a
        // word of a name.
        let kin_of = |a: usize, w: &str| {
            by_word.get(w).map_or(0, |named| {
                named
                    .iter()
                    .filter(|&&b| b as usize != a && families[b as usize].compatible(families[a]))
                    .count()
            })
        };
        for (a, shape_a) in shapes.iter().enumerate() {
            if whole(a) {
                continue;
            }
            // What names it: the rules' core, and its words less any kind word; and the
            // core of each of its other names (a node shown by a tool's name,
            // `data.shop.invoice_service.allow`, is `invoice` by `cluster/shop/
            // deployment:invoice-service`, and meets `Monitor is DOWN: Invoice Service`).
            // Not what a rule read out of a frame the memory's names share (`update` of
            // `$aws/things/shipping-service/shadow/update`): every name of that form has it.
            let name_a = &self.entities[a].name;
            let mut cores = Vec::new();
            if !frames.only_frame_words(name_a, &shape_a.parts.core) {
                cores.push(shape_a.parts.core.clone());
            }
            let words = &contents[a];
            if !cores.contains(words) {
                cores.push(words.clone());
            }
            let aliases = aliases_of(&self.entities[a]);
            for alias in aliases.iter().take(ALIAS_CORES) {
                let core = shape(alias, &systems).parts.core;
                if !core.is_empty()
                    && !cores.contains(&core)
                    && !frames.only_frame_words(alias, &core)
                {
                    cores.push(core);
                }
            }
            // And what is inside each frame one of its names is written in: `msgid
            // "Fulfillment Service"`, read as a whole `msgid fulfillment`, is the
            // `Fulfillment Service` its frame holds.
            for name in std::iter::once(name_a).chain(aliases.iter().take(ALIAS_CORES)) {
                for inside in frames.insides(name) {
                    let core = shape(inside, &systems).parts.core;
                    if !core.is_empty() && !cores.contains(&core) {
                        cores.push(core);
                    }
                }
            }
            // And its words less one that may not name it, when the rest has a word few
            // others of its family have: each of two names may have one word of its
            // own, a team's word where a kind word stands (`Returns Processor`: the
            // last word of a name with no kind word) or a code in front (`be_returns_
            // service`, `be_okta_api` / `EXT-002 Okta API`: a word of three letters or
            // fewer, or with a digit). Not a word that names (`Audit Events Topic` is not
            // `Order Events Topic` less a word). Few: so a name meets a few names this
            // way, never all of a common word's; and as written (a short form of one
            // word, `event` of `eventi`, says too little).
            let mut rests: Vec<Vec<String>> = Vec::new();
            let mut members: Vec<Ix> = Vec::new();
            let unkinded = shape_a.parts.kind.is_none();
            let may_not_name = |n: usize| {
                let w = &words[n];
                (n + 1 == words.len() && unkinded && Kind::of_word(w).is_none())
                    || (n == 0 && (w.chars().count() <= 3 || w.chars().any(|c| c.is_ascii_digit())))
            };
            if words.len() >= 2 {
                for n in (0..words.len()).filter(|&n| may_not_name(n)) {
                    let mut rest = words.clone();
                    rest.remove(n);
                    let rare = rest.iter().find(|w| {
                        w.chars().count() >= 3 && (1..=ANCHOR_KIN).contains(&kin_of(a, w.as_str()))
                    });
                    if let Some(rare) = rare
                        && !cores.contains(&rest)
                        && !rests.contains(&rest)
                    {
                        members.extend(by_word.get(rare.as_str()).into_iter().flatten());
                        rests.push(rest);
                    }
                }
            }
            cores.retain(|c| c.concat().chars().count() >= 3);
            for core in &cores {
                let first = core[0].chars().next().unwrap_or_default();
                let block = by_letter.get(&first).map_or(&[][..], Vec::as_slice);
                // A letter that many names share says nothing of a name: its exact word
                // only, and nothing for a word that many names share.
                let block = if block.len() > LETTER_BLOCK {
                    by_word.get(core[0].as_str()).map_or(&[][..], Vec::as_slice)
                } else {
                    block
                };
                if block.len() <= LETTER_BLOCK {
                    members.extend_from_slice(block);
                }
                if let Some(same_tail) = tail(&core[0]).and_then(|t| by_tail.get(&t))
                    && same_tail.len() <= LETTER_BLOCK
                {
                    members.extend_from_slice(same_tail);
                }
            }
            members.sort_unstable();
            members.dedup();
            for b in members {
                let b_words = &written[b as usize];
                // Two versions are two things (`Pricing API v1` / `v2`).
                let version_b = &shapes[b as usize].version;
                if b as usize == a
                    || whole(b as usize)
                    || (!shape_a.version.is_empty()
                        && !version_b.is_empty()
                        && shape_a.version != *version_b)
                    || !(cores.iter().any(|c| identity::covered(c, b_words))
                        || rests.iter().any(|r| in_order(r, b_words)))
                    || !self.kinds_agree(a as Ix, b)
                {
                    continue;
                }
                let pair = ordered(a as Ix, b);
                if !seen.insert(pair) {
                    continue;
                }
                if let Some(s) =
                    self.score_pair(pair.0, pair.1, &decisions, &systems, Some(Alike::Shared))
                {
                    out.push((b, pair, s));
                }
            }
        }
        // A name with no word of its own in any other name of its family (`客户服务`,
        // `Kundenservice`, `Serviço de Clientes`: written in another language, or a code
        // name) has nothing for the words to go by: it meets the entities of its family
        // that share its neighbours (named in Latin letters, for a name in another
        // script), and the judge says which, if any, it is.
        // A word that many names of the family share (`Serviço` of `Serviço de
        // Pedidos`, `Serviço de Pagamentos`, …) is their frame's, not what names one.
        // A word shared is an anchor when a name that shares it may be the thing by its
        // words (one's content words all in the other's name): `Sipariş Veritabanı` and
        // `Müşteri Veritabanı`, the last two of a language's databases, share a word
        // but are no candidates of each other. A name kept apart from it (judged
        // another thing: `Coda Eventi Ordini` / `Topic Eventi Ordini`, a queue and a
        // topic) is no partner, and its word no anchor.
        let anchored = |a: usize| {
            let own = &contents[a];
            own.iter().any(|w| {
                let kin: Vec<usize> = by_word.get(w.as_str()).map_or(Vec::new(), |named| {
                    named
                        .iter()
                        .map(|&b| b as usize)
                        .filter(|&b| {
                            b != a
                                && families[b] == families[a]
                                && !decisions
                                    .kept_apart(&self.entities[a].name, &self.entities[b].name)
                        })
                        .collect()
                });
                (1..=ANCHOR_KIN).contains(&kin.len())
                    && kin.iter().any(|&b| {
                        identity::covered(own, &written[b])
                            || identity::covered(&contents[b], &written[a])
                    })
            })
        };
        let latin = |e: &Entity| is_latin(&e.name);
        // Who is named with a word by any of its names: a node stored under a name that
        // is one word (`recommendationsvc`, `inventorystore`) is named by its others too
        // (`Recommendation Service`, `Inventory DB`). Its other names bring their
        // frames' words (`NM-…-PRD`, `…@docker`), which most nodes have: a word of
        // another name counts only when few nodes of the family have it.
        let mut by_any_name: HashMap<String, Vec<Ix>> = HashMap::new();
        for (i, e) in self.entities.iter().enumerate() {
            let mut own: Vec<String> = std::iter::once(e.name.clone())
                .chain(aliases_of(e))
                .flat_map(|n| identity::content(&name_words(&n), &systems))
                .collect();
            own.sort_unstable();
            own.dedup();
            for w in own {
                by_any_name.entry(w).or_default().push(i as Ix);
            }
        }
        // Who says a word in its description (not a word of its own names): two nodes of
        // one thing are described from the same documents, in words few others have
        // (`the single entry point for client requests`), where their names share none
        // (`API-yhdyskäytävä`, `api dash gateway`).
        let mut by_said: HashMap<String, Vec<Ix>> = HashMap::new();
        for (i, e) in self.entities.iter().enumerate() {
            let mut said = identity::content(&said_of(e), &[]);
            said.sort_unstable();
            said.dedup();
            for w in said {
                by_said.entry(w).or_default().push(i as Ix);
            }
        }
        // Two nodes each known by other spellings already (merged: their words found
        // their other names) and each named with its kind word (`TaxService`,
        // `PaymentService`) are the things their words name: they do not meet by
        // their neighbours alone. A name of one with no word in common (`Kundenservice`,
        // `Servizio Ordini`, `Stock Service`) still does.
        let settled = |i: usize| {
            let e = &self.entities[i];
            !aliases_of(e).is_empty() && identity::parts(&e.name).kind.is_some()
        };
        for (a, ea) in self.entities.iter().enumerate() {
            let other_script = in_other_script(&ea.name);
            if whole(a) || !(other_script || (is_latin(&ea.name) && !anchored(a))) {
                continue;
            }
            // Nor a name it was decided apart from: its few partners are the undecided.
            let may_meet = |b: usize| {
                !(whole(b)
                    || (settled(a) && settled(b))
                    || decisions.kept_apart(&ea.name, &self.entities[b].name))
            };
            let mut shared: HashMap<Ix, usize> = HashMap::new();
            let near: HashSet<Ix> = self.neighbour_ids(a as Ix).collect();
            for &n in &near {
                for b in self.neighbour_ids(n) {
                    if b as usize != a && !near.contains(&b) {
                        *shared.entry(b).or_default() += 1;
                    }
                }
            }
            // One neighbour in common says little of two names in Latin letters (two
            // services called by one): two at least.
            let fewest = if other_script { 1 } else { 2 };
            let mut by_count: Vec<(Ix, usize)> = shared
                .into_iter()
                .filter(|&(b, n)| {
                    n >= fewest
                        && may_meet(b as usize)
                        && (!other_script || latin(&self.entities[b as usize]))
                        && self.kinds_agree(a as Ix, b)
                })
                .collect();
            by_count.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
            // And those whose names its description says (`Bestellservice handles
            // everything about orders`: the documents' words for what it is).
            let said = said_of(ea);
            let mut described: HashMap<Ix, usize> = HashMap::new();
            let mut said_alike: HashMap<Ix, usize> = HashMap::new();
            let said_words = identity::content(&said, &[]);
            let mut own_said = said_words.clone();
            own_said.sort_unstable();
            own_said.dedup();
            for w in &own_said {
                let others: Vec<Ix> = by_said
                    .get(w)
                    .map_or(&[][..], Vec::as_slice)
                    .iter()
                    .copied()
                    .filter(|&b| b as usize != a && families[b as usize].compatible(families[a]))
                    .collect();
                if others.len() <= ANCHOR_KIN {
                    for b in others {
                        *said_alike.entry(b).or_default() += 1;
                    }
                }
            }
            // Two rare words in common at least: one is a coincidence of wording.
            for (b, n) in said_alike {
                if n >= 2 {
                    *described.entry(b).or_default() += n;
                }
            }
            for w in said_words {
                let mut says: Vec<Ix> = by_word
                    .get(w.as_str())
                    .map_or(&[][..], Vec::as_slice)
                    .iter()
                    .copied()
                    .filter(|&b| b as usize != a && contents[b as usize].contains(&w))
                    .collect();
                let others: Vec<Ix> = by_any_name
                    .get(&w)
                    .map_or(&[][..], Vec::as_slice)
                    .iter()
                    .copied()
                    .filter(|&b| b as usize != a && families[b as usize].compatible(families[a]))
                    .collect();
                if others.len() <= ANCHOR_KIN {
                    says.extend(others);
                }
                says.sort_unstable();
                says.dedup();
                for b in says {
                    *described.entry(b).or_default() += 1;
                }
            }
            let mut by_words: Vec<(Ix, usize)> = described
                .into_iter()
                .filter(|&(b, _)| {
                    may_meet(b as usize)
                        && (!other_script || latin(&self.entities[b as usize]))
                        && self.kinds_agree(a as Ix, b)
                })
                .collect();
            by_words.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
            let met = by_count
                .into_iter()
                .take(PARTNERS)
                .map(|(b, _)| (b, Alike::Neighbours))
                .chain(
                    by_words
                        .into_iter()
                        .take(PARTNERS)
                        .map(|(b, _)| (b, Alike::Described)),
                );
            for (b, how) in met {
                let pair = ordered(a as Ix, b);
                if seen.insert(pair)
                    && let Some(s) =
                        self.score_pair(pair.0, pair.1, &decisions, &systems, Some(how))
                {
                    // Its partners are counted against it: the name it may be is met by
                    // every name in another language of it.
                    out.push((a as Ix, pair, s));
                }
            }
        }
        out.sort_by(|(_, _, x), (_, _, y)| best_first(x, y));
        // A framed name needs one partner to join its thing: its best few, and the best
        // of all up to a bound a run (most pairs of a large memory of shared words are
        // two things; the rest are met by the next run, as decided pairs are not asked
        // again). Within the bound, a pair that joins two names better pairs join
        // already comes after the rest: a thing written eight ways is met by seven
        // pairs first, not twenty-eight, and a name whose one partner is further down
        // the list still meets it.
        let mut partners: HashMap<Ix, usize> = HashMap::new();
        let kept: Vec<((Ix, Ix), Suggestion)> = out
            .into_iter()
            .filter(|(b, _, _)| {
                let n = partners.entry(*b).or_default();
                *n += 1;
                *n <= PARTNERS
            })
            .map(|(_, pair, s)| (pair, s))
            .collect();
        joining_first(kept, self.entities.len())
            .take(NET_PAIRS)
            .collect()
    }

    /// The frames this memory's names and aliases are written in ([`identity::Frames`]).
    fn frames(&self) -> identity::Frames {
        let names: Vec<String> = self
            .entities
            .iter()
            .flat_map(|e| std::iter::once(e.name.clone()).chain(aliases_of(e)))
            .collect();
        identity::Frames::learn(names.iter().map(String::as_str))
    }

    /// Whether two entities may be one thing by what they are: the families of what
    /// their types say (else their names' kind words) agree. Not their kinds: a model
    /// types a cache `database` as often as `cache`, and a name's kind word may be its
    /// frame's (`NovaMart.Checkout.API` is a service); the judge sees both types.
    ///
    /// A type says less than every name of a node: a model's type word may be another
    /// thing's (`Oracle Net service` of a database, read `service`), and a node keeps the
    /// type of one of its names. Where its names' kind words say another family than its
    /// type (`DB, Shipments` typed `service`), both are what it may be: a question for the
    /// judge, who sees both.
    ///
    /// Code and what runs it are named alike, and a model types either by the artefact
    /// its documents show (`Python module`, `Bazel target` of a service): a library and a
    /// component may be one thing too, for the judge to say (no rule merges them).
    fn kinds_agree(&self, a: Ix, b: Ix) -> bool {
        let (fa, fb) = (self.families_of(a), self.families_of(b));
        let built = |x: Family, y: Family| {
            matches!(
                (x, y),
                (Family::Library, Family::Component) | (Family::Component, Family::Library)
            )
        };
        fa.iter()
            .any(|&x| fb.iter().any(|&y| x.compatible(y) || built(x, y)))
    }

    /// The families an entity may be of: its type's (else its name's kind word's), and
    /// those its names' kind words say, wherever in a name (see [`Memory::kinds_agree`]).
    fn families_of(&self, i: Ix) -> Vec<Family> {
        let e = &self.entities[i as usize];
        let mut out = vec![self.family_of(i)];
        // A kind word with words after it says it too (`Ledger Service Runbook`,
        // `Ledger Service_schedule`): the judge decides whether the name is the thing.
        let named = std::iter::once(e.name.clone())
            .chain(aliases_of(e))
            .filter_map(|n| {
                identity::parts(&n)
                    .kind
                    .or_else(|| identity::parts(&uninverted(&n)?).kind)
                    .or_else(|| {
                        identity::words(&n)
                            .iter()
                            .rev()
                            .find_map(|w| Kind::of_word(&identity::singular(w)))
                    })
                    .map(Kind::family)
            });
        for f in named {
            if !out.contains(&f) {
                out.push(f);
            }
        }
        // A model types a thing by who is paged for it as often as by what it is (`Opsgenie
        // team` of a service): typed a team and named with no word for people, it may be
        // what runs.
        if identity::entity_type(&e.kind) == "team"
            && !std::iter::once(e.name.clone())
                .chain(aliases_of(e))
                .any(|n| identity::names_people(&n))
            && !out.contains(&Family::Component)
        {
            out.push(Family::Component);
        }
        out
    }

    /// The family of what an entity's type says, else of its name's kind word.
    fn family_of(&self, i: Ix) -> Family {
        let e = &self.entities[i as usize];
        match Family::of(&e.kind) {
            Family::Unknown => identity::parts(&e.name)
                .kind
                .map_or(Family::Unknown, Kind::family),
            known => known,
        }
    }

    /// The names of the systems this memory knows (entities of a whole's type:
    /// `system`, `platform`, …): a name
    /// with one of them in front names what it names without it.
    fn system_names(&self) -> Vec<Vec<String>> {
        self.entities
            .iter()
            .filter(|e| identity::is_whole_type(&e.kind))
            .map(|e| identity::parts(&e.name).core)
            .filter(|core| !core.is_empty())
            .collect()
    }

    fn score_pair(
        &self,
        a: Ix,
        b: Ix,
        decisions: &Decisions,
        systems: &[Vec<String>],
        found: Option<Alike>,
    ) -> Option<Suggestion> {
        let (ea, eb) = (&self.entities[a as usize], &self.entities[b as usize]);
        if decisions.kept_apart(&ea.name, &eb.name) {
            return None;
        }
        // The judge's candidates by what their names say too (see `kinds_agree`).
        let (fa, fb) = (Family::of(&ea.kind), Family::of(&eb.kind));
        if !(fa.compatible(fb) || found.is_some() && self.kinds_agree(a, b)) {
            return None;
        }
        let (sa, sb) = (shape(&ea.name, systems), shape(&eb.name, systems));
        let (ta, tb) = (Kind::of_type(&ea.kind), Kind::of_type(&eb.kind));
        let alike = match found {
            Some(found) => found,
            None => alike(&sa, &sb, ta, tb)?,
        };
        let known = |k: &str| k != super::UNKNOWN_TYPE;
        let same_type = ea.kind == eb.kind;
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
        // Marks that say different things (`(EUR)` / `(USD)`) make it a question.
        // So does a name without an environment beside two environments' names, and
        // two of one form around words of their own (`…/src/ledger-service/index.ts` /
        // `…/src/refunds-service/index.ts`, both read `index.ts`).
        let certain = alike == Alike::Same
            && !super::merge::marks_conflict(ea, eb)
            && !self.apart_unsure(a, b);
        if score < ASK_FROM && !certain && !alike.asked_whatever_the_score() {
            return None;
        }
        // Into the name that says the thing plainly: not the one with a version mark, the
        // one with its kind word where the other has another word; else the longer (more
        // specific) name; of equal length, the better connected.
        let plain = |s: &Shape| (s.version.is_empty(), s.parts.kind.is_some());
        let (merge, into) = match (alike, plain(&sa).cmp(&plain(&sb))) {
            (Alike::Version | Alike::KindPlace, std::cmp::Ordering::Less) => (a, b),
            (Alike::Version | Alike::KindPlace, std::cmp::Ordering::Greater) => (b, a),
            // Into the name the rest of the documents write: in Latin letters, and of
            // two, the better connected.
            // Into the name the other's description is written in.
            (Alike::Described, _) if described_in(eb, ea) && !described_in(ea, eb) => (b, a),
            (Alike::Described, _) if described_in(ea, eb) && !described_in(eb, ea) => (a, b),
            (Alike::Neighbours | Alike::Described, _) => {
                match (is_latin(&ea.name), is_latin(&eb.name)) {
                    (true, false) => (b, a),
                    (false, true) => (a, b),
                    _ if self.degree(a) >= self.degree(b) => (b, a),
                    _ => (a, b),
                }
            }
            // Into the name written plainly (`Shipping Service`, not
            // `aws_ecs_service.shipping` or `SHIPPING_SERVICE_URL`), else the one of fewer
            // words.
            (Alike::Shared, _) => {
                let plainly = |e: &Entity| {
                    (
                        identity::is_plain_name(&e.name),
                        std::cmp::Reverse(identity::words(&e.name).len()),
                    )
                };
                match plainly(ea).cmp(&plainly(eb)) {
                    std::cmp::Ordering::Less => (a, b),
                    std::cmp::Ordering::Greater => (b, a),
                    std::cmp::Ordering::Equal => self.longer_of(a, b),
                }
            }
            _ => self.longer_of(a, b),
        };
        let mut why = vec![alike.why().to_string()];
        why.push(if same_type && known(&ea.kind) {
            format!("both {}", ea.kind)
        } else {
            "types agree".to_string()
        });
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
            certain,
        })
    }

    /// (merge, into) for two entities: into the longer (more specific) name; of equal
    /// length, the better connected.
    fn longer_of(&self, a: Ix, b: Ix) -> (Ix, Ix) {
        let (ea, eb) = (&self.entities[a as usize], &self.entities[b as usize]);
        match ea.name.len().cmp(&eb.name.len()) {
            std::cmp::Ordering::Less => (a, b),
            std::cmp::Ordering::Greater => (b, a),
            std::cmp::Ordering::Equal if self.degree(a) > self.degree(b) => (b, a),
            std::cmp::Ordering::Equal => (a, b),
        }
    }

    /// The relationship words in this memory that the vocabulary cannot place
    /// ([`identity::relationship_kind`] keeps them as they are) and that the model has not
    /// placed yet, in order of first use, each with up to `examples` of its edges (from,
    /// to) for the model to see it used.
    pub fn unplaced_words(&self, examples: usize) -> Vec<(String, Vec<[String; 2]>)> {
        let decisions = self.decisions();
        let mut out: Vec<(String, Vec<[String; 2]>)> = Vec::new();
        for r in &self.relationships {
            if identity::is_vocabulary_word(&r.kind) || decisions.word(&r.kind).is_some() {
                continue;
            }
            let edge = [r.from.clone(), r.to.clone()];
            match out.iter_mut().find(|(w, _)| *w == r.kind) {
                Some((_, seen)) if seen.len() < examples => seen.push(edge),
                Some(_) => {}
                None => out.push((r.kind.clone(), vec![edge])),
            }
        }
        out
    }

    /// The entity types in this memory that the vocabulary cannot place
    /// ([`identity::is_placed_type`]) and that the model has not placed yet, in order of
    /// first use, each with up to `examples` names of entities of that type.
    pub fn unplaced_types(&self, examples: usize) -> Vec<(String, Vec<String>)> {
        let decisions = self.decisions();
        let mut out: Vec<(String, Vec<String>)> = Vec::new();
        for e in &self.entities {
            if identity::is_placed_type(&e.kind) || decisions.entity_type(&e.kind).is_some() {
                continue;
            }
            match out.iter_mut().find(|(t, _)| *t == e.kind) {
                Some((_, seen)) if seen.len() < examples => seen.push(e.name.clone()),
                Some(_) => {}
                None => out.push((e.kind.clone(), vec![e.name.clone()])),
            }
        }
        out
    }

    /// A copy with every entity of a type the model placed (remembered in the
    /// decisions) of the type it said; `None` when no entity has such a type.
    pub fn with_placed_types(&self) -> Option<Memory> {
        let decisions = self.decisions();
        let placed = |kind: &str| decisions.entity_type(kind).filter(|d| d.means != d.kind);
        if !self.entities.iter().any(|e| placed(&e.kind).is_some()) {
            return None;
        }
        let mut out = self.clone();
        let mut retyped = HashSet::new();
        for (i, e) in out.entities.iter_mut().enumerate() {
            if let Some(d) = placed(&e.kind) {
                e.kind.clone_from(&d.means);
                retyped.insert(i as Ix);
            }
        }
        out.touch();
        // An edge stored while an end's type said nothing runs as its ends now say.
        Some(out.with_ends_turned(&retyped).unwrap_or(out))
    }

    /// A copy with every relationship word the model placed (remembered in the
    /// decisions) written in the word it means, and its edges turned round where the word
    /// named them from the other end; `None` when no edge has such a word. Edges that
    /// become one are one ([`Memory::upsert_relationship`]).
    pub fn with_placed_words(&self) -> Option<Memory> {
        let decisions = self.decisions();
        let placed = |kind: &str| decisions.word(kind).filter(|d| !d.kept());
        let moved: Vec<(usize, Ix, Ix, String)> = self
            .relationships
            .iter()
            .zip(&self.rel_keys)
            .enumerate()
            .filter_map(|(r, (rel, &(f, t, _)))| {
                let d = placed(&rel.kind)?;
                // What it means, in the vocabulary (as every write maps a word).
                let (means, turned) = if identity::is_relationship_word(&d.means) {
                    (d.means.clone(), false)
                } else {
                    identity::relationship_kind(&d.means)
                };
                let (f, t) = if d.reversed != turned { (t, f) } else { (f, t) };
                (!means.is_empty()).then_some((r, f, t, means))
            })
            .collect();
        (!moved.is_empty()).then(|| self.with_edges_rewritten(moved))
    }

    /// What the judge is shown of one side of a pair: its name, type, description,
    /// aliases and neighbours (at most `limit` of them, by name). `None` when it is not
    /// in memory.
    pub fn judge_side(&self, name: &str, limit: usize) -> Option<JudgeSide> {
        let i = self.named(name)?;
        let e = &self.entities[i as usize];
        let mut neighbours: Vec<String> = self
            .neighbour_ids(i)
            .map(|n| self.entities[n as usize].name.clone())
            .collect();
        neighbours.sort();
        neighbours.dedup();
        neighbours.truncate(limit);
        Some(JudgeSide {
            name: e.name.clone(),
            kind: e.kind.clone(),
            description: e.description.clone(),
            aliases: aliases_of(e),
            neighbours,
        })
    }

    /// A copy with `merge` merged into `into`: its name and aliases become aliases of
    /// `into`, its relationships are re-pointed, its description (when new), tags,
    /// properties and observations are combined with `into`'s; nothing is dropped, and
    /// the merge is recorded so [`Memory::unmerge`] can take it back. `None` when either
    /// is not in memory or both are one entity already.
    pub fn merge_entities(&self, merge: &str, into: &str) -> Option<Memory> {
        self.merge_entities_by(merge, into, Decider::Person)
    }

    /// [`Memory::merge_entities`], recording who decided it.
    pub fn merge_entities_by(&self, merge: &str, into: &str, by: Decider) -> Option<Memory> {
        let (out, done) = self.merge_all(&[(merge, into, by)]);
        done.first().copied().unwrap_or(false).then_some(out)
    }

    /// A copy with each `(merge, into, by)` made in order, as [`Memory::merge_entities`]
    /// makes one, and which were made. A name merged before finds the one it went into
    /// (`A` into `B`, then `C` into `A`: `C` goes into `B`); a pair already one is
    /// skipped. One copy and one reading of the decisions for them all: a merge at a
    /// time copied the memory and read every merge recorded before it.
    pub fn merge_all(&self, merges: &[(&str, &str, Decider)]) -> (Memory, Vec<bool>) {
        let mut out = self.clone();
        let mut decisions = out.decisions();
        let mut gone: HashSet<Ix> = HashSet::new();
        let mut done = Vec::with_capacity(merges.len());
        for &(merge, into, by) in merges {
            let record = match (out.named(merge), out.named(into)) {
                (Some(a), Some(b)) if a != b => Some((out.merge_one(a, b, by), a)),
                _ => None,
            };
            done.push(record.is_some());
            let Some(record) = record else { continue };
            gone.insert(record.1);
            let pair = pair_key(merge, into);
            decisions
                .pending
                .retain(|s| pair_key(&s.merge, &s.into) != pair);
            decisions.merges.push(record.0);
        }
        if gone.is_empty() {
            return (out, done);
        }
        // The merged ones stayed in place while the batch ran (their keys already find
        // the ones they went into); one copy leaves them and their relationships out.
        let mut out = out.kept(|i| !gone.contains(&i), |_, _| true);
        out.set_decisions(&decisions);
        // What a merged name's edges said of it may be turned by what it is now one with.
        let into: HashSet<Ix> = merges
            .iter()
            .filter_map(|&(_, into, _)| out.named(into))
            .collect();
        let out = out.with_ends_turned(&into).unwrap_or(out);
        (out, done)
    }

    /// Merges entity `a` into `b` in place, leaving `a` where it is with no key that
    /// finds it (its keys find `b`; [`Memory::kept`] then leaves it out, and with it
    /// every relationship that still touches it). The record of the merge.
    fn merge_one(&mut self, a: Ix, b: Ix, by: Decider) -> MergeRecord {
        let gone = self.entities[a as usize].clone();
        let target_name = self.entities[b as usize].name.clone();
        // What found the merged one (its key, its marked key, its aliases') finds the
        // one it went into.
        for i in self.by_key.values_mut() {
            if *i == a {
                *i = b;
            }
        }
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
        let kept_one = &self.entities[b as usize];
        absorbed.description = match (kept_one.description.trim(), gone.description.trim()) {
            (_, "") => String::new(),
            ("", theirs) => theirs.to_string(),
            (ours, theirs) if ours.contains(theirs) => String::new(),
            (ours, theirs) => format!("{ours} {theirs}"),
        };
        self.absorb_found(b, absorbed);
        for alias in &aliases {
            self.alias(b, alias);
        }
        // Its relationships, re-pointed by the entities they join (not by their names:
        // two entities a mark keeps apart share their words). The old ones stay on `a`
        // until the batch's copy leaves them out.
        let touching: Vec<(Relationship, Ix, Ix)> = self
            .relationships
            .iter()
            .zip(&self.rel_keys)
            .filter(|(_, (f, t, _))| *f == a || *t == a)
            .map(|(r, &(f, t, _))| (r.clone(), f, t))
            .collect();
        let mut added = Vec::new();
        let mut relationships = Vec::with_capacity(touching.len());
        for (rel, f, t) in touching {
            let end = |i: Ix| if i == a { b } else { i };
            let (f, t) = (end(f), end(t));
            if f != t {
                let mut moved = rel.clone();
                moved.from.clone_from(&self.entities[f as usize].name);
                moved.to.clone_from(&self.entities[t as usize].name);
                if self.upsert_relationship(moved.clone()).0 == super::Upserted::Added {
                    added.push(moved);
                }
            }
            relationships.push(rel);
        }
        self.touch();
        MergeRecord {
            entity: gone,
            into: target_name,
            relationships,
            added,
            by: Some(by),
        }
    }

    /// A copy with the merge of `merged` into another entity taken back: the entity
    /// and its relationships as they were before, its spellings no longer aliases of the
    /// other, and the pair remembered as kept apart. `None` when no merge of that name
    /// is recorded.
    pub fn unmerge(&self, merged: &str) -> Option<Memory> {
        let mut decisions = self.decisions();
        // The merge of the name as written (`Ledger (EU)`, not `Ledger (US)`, which
        // has the same words); else of its words, when only one merge has them.
        let folded = identity::fold(merged);
        let spelled = |m: &MergeRecord| {
            std::iter::once(m.entity.name.clone())
                .chain(aliases_of(&m.entity))
                .any(|n| identity::fold(&n) == folded)
        };
        let at = match decisions.merges.iter().rposition(spelled) {
            Some(at) => at,
            None => {
                let mut by_words = decisions.merges_by_words(merged);
                match (by_words.next(), by_words.next()) {
                    (Some((at, _)), None) => at,
                    _ => return None,
                }
            }
        };
        let record = decisions.merges.remove(at);
        let spellings: Vec<String> = aliases_of(&record.entity)
            .into_iter()
            .chain([record.entity.name.clone()])
            .collect();
        let folded: HashSet<String> = spellings.iter().map(|n| identity::fold(n)).collect();
        // The relationships the merge added, by the entities they join.
        let moved: HashSet<(Ix, Ix, String)> = record
            .added
            .iter()
            .filter_map(|r| {
                let (f, t) = (self.named(&r.from)?, self.named(&r.to)?);
                Some((f, t, super::relationship_type(&r.kind)))
            })
            .collect();
        let mut out = self.kept(
            |_| true,
            |r, (f, t)| !moved.contains(&(f, t, r.kind.clone())),
        );
        // Its spellings are no longer the other's: neither its aliases nor its keys.
        if let Some(into) = out.named(&record.into) {
            let e = &mut out.entities[into as usize];
            if let Some(Value::Array(list)) = e.properties.get_mut(ALIASES) {
                list.retain(|a| {
                    a.as_str()
                        .is_none_or(|a| !folded.contains(&identity::fold(a)))
                });
                if list.is_empty() {
                    e.properties.remove(ALIASES);
                }
            }
            let own = out.keys[into as usize].clone();
            for n in &spellings {
                let k = key(n);
                let marked = identity::Mark::of(n).map(|m| m.key_with(&k));
                for k in std::iter::once(k).chain(marked) {
                    if *k != *own && out.index(&k) == Some(into) {
                        out.by_key.remove(k.as_bytes());
                    }
                }
            }
        }
        // Back under the key its name finds it by; where another holds that key (the
        // other `Ledger` a mark kept apart), under its marked key, shown with its mark
        // so that its name finds it; never into another.
        let mut e = record.entity.clone();
        let k = key(&e.name);
        let mark =
            identity::Mark::of(&e.name).or_else(|| super::merge::marks(&e).into_iter().next());
        let was = e.name.clone();
        let at = if out.index(&k).is_none() && !k.is_empty() {
            std::sync::Arc::from(k)
        } else if let Some(mark) = mark.filter(|m| out.index(&m.key_with(&k)).is_none()) {
            if identity::Mark::of(&e.name).is_none()
                && let identity::Mark::Note(note) = &mark
            {
                e.name = format!("{} ({note})", e.name);
            }
            std::sync::Arc::from(mark.key_with(&k))
        } else {
            out.new_key(k, &e.kind)
        };
        super::merge::drop_own_name(&mut e);
        let i = out.add_entity(at, e);
        for alias in aliases_of(&out.entities[i as usize]) {
            out.index_alias(i, &alias);
        }
        let now = out.entities[i as usize].name.clone();
        for r in &record.relationships {
            let mut r = r.clone();
            for end in [&mut r.from, &mut r.to] {
                if *end == was {
                    end.clone_from(&now);
                }
            }
            out.upsert_relationship(r);
        }
        let pair = pair_key(&record.entity.name, &record.into);
        if !decisions.apart.contains(&pair) {
            decisions.apart.push(pair);
        }
        out.set_decisions(&decisions);
        Some(out)
    }
}

/// A name as the rules compare it: its parts with the system's name in front, generic
/// words and a version mark at the end set aside, the digits in it, its version mark,
/// and its initials (of its words and its kind word).
#[derive(Debug, Clone)]
struct Shape {
    parts: Parts,
    digits: String,
    version: String,
    /// Its initials: of its words and kind word (`OET` for `Order Events Topic`), and of
    /// its words as written when those differ (`FA` for `FedEx API`).
    acronyms: Vec<String>,
}

fn shape(name: &str, systems: &[Vec<String>]) -> Shape {
    let mut parts = identity::parts(name);
    // Initials of the words as written, the kind word's too (`OET` for `Order Events
    // Topic`, `OMS` for `Order Management System`).
    let mut acronym: String = parts.core.iter().filter_map(|w| w.chars().next()).collect();
    if let Some(kind) = parts.kind {
        acronym.extend(kind.word().chars().next());
    }
    let written: String = identity::qualified_tail(&identity::split_note(name).0)
        .split(|c: char| !identity::is_word_char(c))
        .filter(|t| !t.is_empty() && *t != "the")
        .filter_map(|t| t.chars().next())
        .flat_map(char::to_lowercase)
        .collect();
    let mut acronyms = Vec::new();
    if parts.core.len() >= 2 || parts.kind.is_some() {
        for a in [acronym, written] {
            if a.chars().count() >= 2 && !acronyms.contains(&a) {
                acronyms.push(a);
            }
        }
    }
    let mut version = String::new();
    while parts.core.len() > 1
        && parts
            .core
            .last()
            .is_some_and(|w| identity::is_version_word(w))
    {
        if let Some(w) = parts.core.pop() {
            version.insert_str(0, &w);
        }
    }
    for system in systems {
        let n = system.len();
        if parts.core.len() > n && parts.core[..n] == system[..] {
            parts.core.drain(..n);
            break;
        }
    }
    while parts.core.len() > 1
        && parts
            .core
            .last()
            .is_some_and(|w| identity::GENERIC_WORDS.contains(&w.as_str()))
    {
        parts.core.pop();
    }
    Shape {
        digits: parts
            .core
            .iter()
            .flat_map(|w| w.chars())
            .filter(char::is_ascii_digit)
            .collect(),
        parts,
        version,
        acronyms,
    }
}

/// How two names may be one thing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Alike {
    /// The same words, both known as the same kind: one thing, by structure.
    Same,
    /// The same words, one with a kind the other's type does not say (`Checkout` /
    /// `Checkout Service` with `Checkout`'s type not known; `Okta` / `Okta API`).
    Bare,
    /// One is the other with one word more (`Order Service` / `Order History Service`).
    Longer,
    /// One is the acronym of the other (`OMS` / `Order Management System`).
    Acronym,
    /// One letter apart in one long word (`Inventroy` / `Inventory`).
    Typo,
    /// The same name, one with a version mark (`Order Service v2` / `Order Service`):
    /// the version in use, or another version of the thing.
    Version,
    /// Every word that names one is in the other's name, as written or shortened, in the
    /// order it comes (`Shipping Service` / `aws_ecs_service.shipping`, `Order Events
    /// Topic` / `Topic for Order Evts`, `Payment Service` / `Pmt Service`): however the
    /// other is framed (a resource address, an environment variable, a host, a project),
    /// they may be one thing. Wider than the other forms, so found only for the judge
    /// ([`Memory::judge_candidates`]): a question for a person only when the model is
    /// unsure.
    Shared,
    /// One has a word the vocabulary does not know where the other has its kind word: a
    /// class name's role (`OrderManager`, `StripeClient`), a kind word in another
    /// language (`Order Dienst`), or another thing (`Order History`).
    KindPlace,
    /// One is named with no word of its own in another name of its family (in another
    /// script, `客户服务`, or language, `Kundenservice`), and they share neighbours: found
    /// only for the judge, like [`Alike::Shared`].
    Neighbours,
    /// The same, and one's description has words of the other's name (`Bestellservice
    /// handles everything about orders` / `Order Service`): found only for the judge.
    Described,
    /// One is the other with a kind word in front instead of behind (`cache-sessions` /
    /// `Sessions Cache`), where a word in front may as well say its purpose
    /// (`cache-warmer`).
    KindInFront,
}

impl Alike {
    fn why(self) -> &'static str {
        match self {
            Alike::Same => "the same name",
            Alike::Bare => "the same name but for its kind",
            Alike::Longer => "one word more",
            Alike::Acronym => "an acronym",
            Alike::Typo => "one letter apart",
            Alike::Version => "one with a version mark",
            Alike::KindPlace => "another word where the kind word stands",
            Alike::KindInFront => "its kind word in front",
            Alike::Shared => "its words in the other's name",
            Alike::Neighbours => "no word in common, the same neighbours",
            Alike::Described => "no word in common, described in the other's words",
        }
    }

    /// Whether the pair is asked about whatever its score: the structure found it, and
    /// the name's letters say little (an acronym shares few of them).
    fn asked_whatever_the_score(self) -> bool {
        matches!(
            self,
            Alike::Acronym
                | Alike::Version
                | Alike::KindInFront
                | Alike::KindPlace
                | Alike::Shared
                | Alike::Neighbours
                | Alike::Described
        )
    }
}

/// The words of a name, its note aside, each singular.
fn name_words(name: &str) -> Vec<String> {
    identity::words(&identity::split_note(name).0)
        .iter()
        .map(|w| identity::singular(w).into_owned())
        .collect()
}

/// The words `e`'s description says beyond its own names, each singular: what the
/// documents call the thing (`Bestellservice handles orders`: `handle`, `order`). Not
/// the words of its other names: a merged node's description is its names' (`…
/// be_reporting_service handles reports. NM-REPORTING-SVC-PRD handles …`), and their
/// frames' words (`be`, `nm`, `prd`) say nothing of another thing.
fn said_of(e: &Entity) -> Vec<String> {
    let own: Vec<String> = std::iter::once(e.name.clone())
        .chain(aliases_of(e))
        .flat_map(|n| name_words(&n))
        .collect();
    identity::words(&e.description)
        .iter()
        .map(|w| identity::singular(w).into_owned())
        .filter(|w| !own.contains(w))
        .collect()
}

/// Whether `e`'s description has a word of `other`'s name (not of its own, nor a kind
/// word): `Bestellservice handles orders` of `Order Service`.
fn described_in(e: &Entity, other: &Entity) -> bool {
    let said = said_of(e);
    identity::content(&name_words(&other.name), &[])
        .iter()
        .any(|w| said.contains(w))
}

/// An index entry's name the right way round (`DB, Shipments`: `Shipments DB`; the
/// head word first, as an inventory or an index sorts it), or `None` for a name with no
/// one comma between words.
fn uninverted(name: &str) -> Option<String> {
    let (head, rest) = name.split_once(',')?;
    let (head, rest) = (head.trim(), rest.trim());
    (!head.is_empty() && !rest.is_empty() && !rest.contains(',')).then(|| format!("{rest} {head}"))
}

/// Whether a name has letters of another script than the Latin one (`客户服务`, `API 网关`;
/// `é`, `ß`, `ø` are Latin).
fn in_other_script(name: &str) -> bool {
    identity::plain_text(name)
        .chars()
        .any(|c| c.is_alphabetic() && !c.is_ascii() && !('\u{c0}'..='\u{24f}').contains(&c))
}

/// Whether a name is written in Latin letters only (and has some), as read: full-width
/// letters are Latin ones.
fn is_latin(name: &str) -> bool {
    !in_other_script(name)
        && identity::plain_text(name)
            .chars()
            .any(|c| c.is_ascii_alphabetic())
}

/// Whether two names (of types of kinds `ta`, `tb` when known) may name one thing, and
/// how. Never by edit distance alone between real words: a typo is one letter in one
/// word of five or more, and it is only ever a question. A kind word of another family,
/// other digits (`v1` / `v2`) or another known kind keep two names apart.
fn alike(a: &Shape, b: &Shape, ta: Option<Kind>, tb: Option<Kind>) -> Option<Alike> {
    if a.digits != b.digits {
        return None;
    }
    // Two versions are two things; a name with a version and one without, a question.
    let versioned = match (a.version.is_empty(), b.version.is_empty()) {
        (true, true) => false,
        (false, false) if a.version == b.version => false,
        (false, false) => return None,
        _ => true,
    };
    let how = alike_words(a, b, ta, tb)?;
    if versioned {
        return matches!(how, Alike::Same | Alike::Bare).then_some(Alike::Version);
    }
    Some(how)
}

/// [`alike`] by the words and kinds alone.
fn alike_words(a: &Shape, b: &Shape, ta: Option<Kind>, tb: Option<Kind>) -> Option<Alike> {
    let (pa, pb) = (&a.parts, &b.parts);
    // What each is: its type's kind, else its kind word's.
    let (ea, eb) = (ta.or(pa.kind), tb.or(pb.kind));
    // The `queue` type is the topics' too (two kind words of names are compared below).
    let agree = |x: Kind, y: Kind| {
        x.agrees(y)
            || matches!(
                (x, y),
                (Kind::Queue, Kind::Topic) | (Kind::Topic, Kind::Queue)
            )
    };
    if let (Some(x), Some(y)) = (ea, eb)
        && !agree(x, y)
    {
        return None;
    }
    if let (Some(x), Some(y)) = (pa.kind, pb.kind)
        && !x.agrees(y)
    {
        return None;
    }
    let (ca, cb) = (&pa.core, &pb.core);
    if ca.is_empty() || cb.is_empty() {
        return None;
    }
    if ca == cb {
        // Both known as one type, and their names say no other kind: one thing. (A bare
        // name of the `queue` type may be the topic or the queue: a question.)
        let typed_same = ta.is_some() && ta == tb;
        let named_same = pa.kind == pb.kind || ta.is_some_and(|t| t != Kind::Queue);
        return Some(if typed_same && named_same {
            Alike::Same
        } else {
            Alike::Bare
        });
    }
    let acronym =
        |one: &[String], other: &Shape| one.len() == 1 && other.acronyms.contains(&one[0]);
    if acronym(ca, b) || acronym(cb, a) {
        return Some(Alike::Acronym);
    }
    let (short, long) = if ca.len() < cb.len() {
        (ca, cb)
    } else {
        (cb, ca)
    };
    if long.len() == short.len() + 1 {
        let extra =
            (0..long.len()).find(|&n| long[..n] == short[..n] && long[n + 1..] == short[n..]);
        if let Some(n) = extra {
            let (ls, ss) = if ca.len() > cb.len() { (a, b) } else { (b, a) };
            match Kind::of_word(&long[n]) {
                // A word the vocabulary does not know where the other has its kind word
                // (`OrderManager`, `Order Dienst` / `Order Service`).
                None if n + 1 == long.len()
                    && ss.parts.kind.is_some()
                    && ls.parts.kind.is_none() =>
                {
                    return Some(Alike::KindPlace);
                }
                None => return Some(Alike::Longer),
                // A kind word in front of one name, the same kind behind the other.
                Some(front) if n == 0 => {
                    let st = if ca.len() > cb.len() { tb } else { ta };
                    let other = ss.parts.kind.or(st);
                    let same_kind = |k: Kind| {
                        k.agrees(front) || matches!((k, front), (Kind::Queue, Kind::Topic))
                    };
                    if other.is_some_and(same_kind) && ls.parts.kind.is_none_or(same_kind) {
                        return Some(Alike::KindInFront);
                    }
                }
                Some(_) => {}
            }
        }
        return None;
    }
    if ca.len() == cb.len() {
        let differ: Vec<usize> = (0..ca.len()).filter(|&n| ca[n] != cb[n]).collect();
        if let [n] = differ[..] {
            let (x, y) = (&ca[n], &cb[n]);
            let long_enough = x.chars().count() >= 5 && y.chars().count() >= 5;
            let same_start = x.chars().next() == y.chars().next();
            if long_enough && same_start && strsim::damerau_levenshtein(x, y) <= 1 {
                return Some(Alike::Typo);
            }
        }
    }
    None
}

/// The most names with a word of one first letter that are searched for the short forms
/// of a word; above it, a word meets only the names with that very word, and none when
/// more names than this have it.
const LETTER_BLOCK: usize = 400;

/// The most pairs [`Memory::judge_candidates`] gives one name that holds another's words.
const PARTNERS: usize = 6;

/// The most other names of its family a word of a name may be in and still say what
/// names it (see `judge_candidates`): more, and it is a frame's word.
const ANCHOR_KIN: usize = 3;

/// The most of a node's other names whose cores [`Memory::judge_candidates`] looks for in
/// other names, besides its shown name's.
const ALIAS_CORES: usize = 8;

/// The most pairs [`Memory::judge_candidates`] gives in all (20 judge calls).
const NET_PAIRS: usize = 600;

/// Suggestions best first: by score, then by name (a stable order to read and to test).
fn best_first(x: &Suggestion, y: &Suggestion) -> std::cmp::Ordering {
    y.score
        .total_cmp(&x.score)
        .then_with(|| x.into.cmp(&y.into))
        .then_with(|| x.merge.cmp(&y.merge))
}

/// Whether every word of `words` is one of `other`, as written, in order.
fn in_order(words: &[String], other: &[String]) -> bool {
    let mut rest = other.iter();
    words.iter().all(|w| rest.any(|x| x == w))
}

/// A word of five letters or more without its first letter: where one with its first
/// letter put for another meets it (see [`identity::covered`]).
fn tail(word: &str) -> Option<String> {
    (word.chars().count() >= 5).then(|| word.chars().skip(1).collect())
}

/// Which of a set of things are one (a union-find over their numbers).
#[derive(Clone, Debug)]
pub struct Joined(Vec<usize>);

impl Joined {
    /// `n` things, each its own.
    pub fn new(n: usize) -> Self {
        Self((0..n).collect())
    }

    /// The one that stands for `x` and all that are one with it.
    pub fn root(&mut self, mut x: usize) -> usize {
        while self.0[x] != x {
            self.0[x] = self.0[self.0[x]];
            x = self.0[x];
        }
        x
    }

    /// Joins the two; false when they were one already.
    pub fn join(&mut self, [a, b]: [usize; 2]) -> bool {
        let (a, b) = (self.root(a), self.root(b));
        self.0[a] = b;
        a != b
    }
}

/// `pairs` (of `n` things, best first) with those that join two things the pairs before
/// them join already put after the rest, each part in its order: `(0, 1), (1, 2), (0,
/// 2), (3, 4)` comes `(0, 1), (1, 2), (3, 4), (0, 2)`.
fn joining_first<T>(pairs: Vec<((Ix, Ix), T)>, n: usize) -> impl Iterator<Item = T> {
    let mut joined = Joined::new(n);
    let (first, later): (Vec<_>, Vec<_>) = pairs
        .into_iter()
        .partition(|((a, b), _)| joined.join([*a as usize, *b as usize]));
    first.into_iter().chain(later).map(|(_, t)| t)
}

/// A pair of indices, the smaller first.
fn ordered(a: Ix, b: Ix) -> (Ix, Ix) {
    if a < b { (a, b) } else { (b, a) }
}

/// The keys under which a name meets the names it may be a duplicate of: its core
/// words, its core without each one word (for a name one word longer), its acronym (of
/// three or more words) and a single core word (for the acronym it may be), and the
/// first letters of its core (for typos).
fn blocking_keys(shape: &Shape) -> Vec<String> {
    let core = &shape.parts.core;
    let mut keys = vec![format!("s:{}", core.concat())];
    for acronym in &shape.acronyms {
        keys.push(format!("s:{acronym}"));
    }
    if core.len() >= 2 {
        for n in 0..core.len() {
            let mut rest = core.clone();
            rest.remove(n);
            keys.push(format!("s:{}", rest.concat()));
        }
    }
    let k = core.concat();
    if k.chars().count() >= 6 {
        keys.push(format!("t:{}", k.chars().take(4).collect::<String>()));
    }
    keys
}

impl Memory {
    /// Gives each entity whose display name is a machine's spelling (`taxjar-api`,
    /// `checkout_service`, `orderservice`) its most readable alias as its name instead
    /// (`TaxJar API`), the old name becoming an alias; relationships follow.
    ///
    /// A name is one thing: the readable name may be another entity's name already
    /// (`search index`, which an answer typed a concept, beside the store `search-index`
    /// known by those words too). Then the two are made one here, as an answer of that
    /// name would find the one and as reading the saved file would make them: a save
    /// writes what reading it gives. The placed type wins over a concept's or none;
    /// between two placed ones, the one known first stays.
    pub fn readable_names(&mut self) {
        // (Each with whether a document wrote it: one of its aliases.)
        let mut proposed: Vec<(Ix, String, bool)> = Vec::new();
        let systems = self.system_names();
        // Every name and alias known: a spelling cut out of a longer one is never one
        // of them (it could be another thing's).
        let taken: HashSet<String> = self
            .entities
            .iter()
            .flat_map(|e| std::iter::once(e.name.clone()).chain(aliases_of(e)))
            .map(|n| crate::words::fold(&n))
            .collect();
        for (i, e) in self.entities.iter().enumerate() {
            let aliases = aliases_of(e);
            // Between spellings as readable, the one most of the thing's spellings are
            // (by identity), whichever was met first: a store written `Payments DB` in
            // eight ways and `Cronfa Ddata Taliadau` once is shown `Payments DB`.
            let keys: Vec<String> = std::iter::once(&e.name)
                .chain(&aliases)
                .map(|n| identity::key(n))
                .collect();
            // What the rules read out of a form around other words in Latin letters
            // (`index.ts` of `webpack://shop/./src/ledger-service/index.ts`) is shown only
            // when more spellings of the thing read so: every thing of that form may read
            // so, and a node shown by it would take them all in. (Words in another
            // script around it are the same name written twice: `结算服务（settlement-
            // service）`.)
            let read_so = |name: &str, cut: &str| {
                if identity::keyed_by_its_words(name) {
                    return true;
                }
                let k = identity::key(cut);
                let mut inside = identity::form_words(cut);
                let around_names = identity::form_words(name).into_iter().any(|w| {
                    if let Some(at) = inside.iter().position(|c| *c == w) {
                        inside.swap_remove(at);
                        return false;
                    }
                    w.chars().count() >= 3 && w.chars().all(|c| c.is_ascii_alphabetic())
                });
                !around_names || keys.iter().filter(|x| **x == k).count() >= 2
            };
            // Each spelling as it reads without what another medium put in it (a
            // diagram's declaration, a table of contents' dots): `orders_db: Orders DB
            // {shape: cylinder}` is shown `Orders DB`. Not without a note: `Orders DB
            // (staging)` is not `Orders DB`.
            let plain: Vec<String> = std::iter::once(&e.name)
                .chain(&aliases)
                .filter_map(|n| match identity::plain_text(n) {
                    std::borrow::Cow::Owned(p)
                        if identity::split_note(&p).1.is_none() && read_so(n, &p) =>
                    {
                        Some(p)
                    }
                    _ => None,
                })
                .collect();
            if aliases.is_empty() && plain.is_empty() {
                continue;
            }
            // And each spelling without what a tool wrapped it in, where the rules read
            // it so anyway or most spellings are that (`Auth Service.app` → `Auth
            // Service`, `000533/B;1-Order Events Queue` → `Order Events Queue`): what
            // the rules set aside is never the name to show.
            let top = most_common(&keys);
            let plain: Vec<String> = plain
                .into_iter()
                .chain(
                    std::iter::once(&e.name)
                        .chain(&aliases)
                        .filter_map(|n| unwrapped(n, top).filter(|cut| read_so(n, cut)))
                        .filter(|u| !taken.contains(&crate::words::fold(u))),
                )
                .collect();
            // Then, between spellings as readable and as common, the one whose words
            // (less kind words) most of the thing's spellings have, in a run: what the
            // others say around it is not its name (`Auth Service` of `internal Auth
            // Service`, `auth-service-sg`, `KR1.5 Auth Service`), while its kind word is
            // (`Mailgun API` stays, though `Mailgun` is in every spelling). Then one with
            // nothing to cut.
            let contents: Vec<Vec<String>> = std::iter::once(&e.name)
                .chain(&aliases)
                .map(|n| identity::content(&name_words(n), &systems))
                .collect();
            let support = |a: &str| {
                let own = identity::content(&name_words(a), &systems);
                if own.is_empty() {
                    return 0;
                }
                contents
                    .iter()
                    .filter(|c| c.windows(own.len()).any(|w| w == own.as_slice()))
                    .count()
            };
            let score = |a: &str| {
                let k = identity::key(a);
                (
                    readability(a),
                    keys.iter().filter(|x| **x == k).count(),
                    support(a),
                    unwrapped(a, top).is_none(),
                )
            };
            let now = score(&e.name);
            let best = aliases
                .iter()
                .chain(&plain)
                .map(|a| (score(a), a))
                .max_by_key(|(s, _)| *s)
                .filter(|(s, _)| *s > now)
                .map_or(&e.name, |(_, a)| a);
            let best = typos_mended(best, &e.name, &aliases).unwrap_or_else(|| best.clone());
            if best != e.name {
                let folded = crate::words::fold(&best);
                let written = aliases.iter().any(|a| crate::words::fold(a) == folded);
                proposed.push((i as Ix, best, written));
            }
        }
        if proposed.is_empty() {
            return;
        }
        // The names shown once these are given: another entity's name is met whole.
        let renaming: HashSet<Ix> = proposed.iter().map(|(i, ..)| *i).collect();
        let mut shown: HashMap<String, Ix> = self
            .entities
            .iter()
            .enumerate()
            .filter(|(i, _)| !renaming.contains(&(*i as Ix)))
            .map(|(i, e)| (crate::words::fold(&e.name), i as Ix))
            .collect();
        let mut renamed: HashMap<String, String> = HashMap::new();
        let mut one: Vec<(Ix, Ix)> = Vec::new();
        for (i, best, written) in proposed {
            let folded = crate::words::fold(&best);
            if let Some(&j) = shown.get(&folded) {
                // A name the rules read out of a form (`row_count service` of
                // `ledger_service_metrics:row_count`) is no document's: met by another
                // thing's, it is not given, and the two stay two.
                if !written {
                    shown.insert(crate::words::fold(&self.entities[i as usize].name), i);
                    continue;
                }
                let (a, b) = (
                    &self.entities[i as usize].kind,
                    &self.entities[j as usize].kind,
                );
                // The one whose type is placed stays; else the one known first.
                one.push(
                    if vague(a) && !vague(b) || (vague(a) == vague(b) && j < i) {
                        (i, j)
                    } else {
                        (j, i)
                    },
                );
            }
            shown.insert(folded, i);
            let e = &mut self.entities[i as usize];
            let old = std::mem::replace(&mut e.name, best.clone());
            // The spelling it was shown by stays one of its names, whether it had others
            // or not (`搜索索引 (search-index)`, shown `search-index`).
            match e.properties.get_mut(ALIASES) {
                Some(Value::Array(list)) => {
                    list.retain(|a| a.as_str() != Some(best.as_str()));
                    list.push(Value::String(old.clone()));
                }
                _ => {
                    e.properties.insert(
                        ALIASES.into(),
                        Value::Array(vec![Value::String(old.clone())]),
                    );
                }
            }
            self.plain[i as usize] = *e.name == *self.keys[i as usize];
            renamed.insert(old, best);
        }
        for r in &mut self.relationships {
            for end in [&mut r.from, &mut r.to] {
                if let Some(new) = renamed.get(end.as_str()) {
                    end.clone_from(new);
                }
            }
        }
        self.touch();
        if !one.is_empty() {
            self.make_one(&one);
        }
    }

    /// Merges each `(gone, into)` pair of entities that show one name (see
    /// [`Memory::readable_names`]) the way an answer of that name merges: no record to
    /// take back, as there is none for the answer.
    fn make_one(&mut self, pairs: &[(Ix, Ix)]) {
        let mut went: HashMap<Ix, Ix> = HashMap::new();
        let last = |went: &HashMap<Ix, Ix>, mut i: Ix| {
            while let Some(&next) = went.get(&i) {
                i = next;
            }
            i
        };
        for &(gone, into) in pairs {
            let (gone, into) = (last(&went, gone), last(&went, into));
            if gone != into {
                self.merge_one(gone, into, Decider::Rule);
                went.insert(gone, into);
            }
        }
        let mut kept = self.kept(|i| !went.contains_key(&i), |_, _| true);
        let after = |i: Ix| i - went.keys().filter(|&&g| g < i).count() as Ix;
        let into: HashSet<Ix> = went.values().map(|&i| after(last(&went, i))).collect();
        if let Some(turned) = kept.with_ends_turned(&into) {
            kept = turned;
        }
        *self = kept;
    }
}

/// `shown` with each word that none of the thing's other spellings has, where they have
/// a word one letter from it, written as they write it: a typo a document kept for years
/// (`Order Serice` beside `⚙️ Order Service` and `OrderService` → `Order Service`). The
/// others outnumber it: the word is written so nowhere else. `None` when there is no
/// such word.
fn typos_mended(shown: &str, name: &str, aliases: &[String]) -> Option<String> {
    // The other spellings' words, in lower case; and those of the spellings a typo can be
    // of: the ones that share another word with the name shown (of one word, all). A word
    // one letter from another language's word for the same thing (Slovenian `Tema` beside
    // the Estonian `Tellimuste sündmuste teema`) is no typo of it.
    let spellings: Vec<Vec<String>> = aliases
        .iter()
        .map(String::as_str)
        .chain([name])
        .filter(|spelling| *spelling != shown)
        .map(identity::words)
        .collect();
    let own = identity::words(shown);
    let others: HashSet<String> = spellings.iter().flatten().cloned().collect();
    let alike: HashSet<String> = spellings
        .iter()
        .filter(|words| own.len() < 2 || words.iter().filter(|w| own.contains(w)).count() > 0)
        .flatten()
        .cloned()
        .collect();
    let mut out = String::with_capacity(shown.len());
    let mut mended = false;
    let mut rest = shown;
    while let Some(start) = rest.find(char::is_alphanumeric) {
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        let end = rest
            .find(|c: char| !c.is_alphanumeric())
            .unwrap_or(rest.len());
        let word = &rest[..end];
        out.push_str(
            &mend(word, &others, &alike)
                .inspect(|_| mended = true)
                .unwrap_or_else(|| word.to_string()),
        );
        rest = &rest[end..];
    }
    out.push_str(rest);
    mended.then_some(out)
}

/// The word of `alike` (the spellings a typo can be of) one letter from `word`, in
/// `word`'s case (capitals, a capital first, or none), when `word` is none of `others`
/// (every other spelling's; see [`typos_mended`]): letters only, four or more, the same
/// first letter, not an ending's difference, and only one such word.
fn mend(word: &str, others: &HashSet<String>, alike: &HashSet<String>) -> Option<String> {
    let lower = word.to_lowercase();
    let one = identity::singular(&lower);
    let letters = |w: &str| w.chars().count() >= 4 && w.chars().all(char::is_alphabetic);
    // Theirs as a plural or a singular is theirs (`Reader` beside `Readers`); words
    // written as one (`TaxJar`) are theirs as they part them.
    if !letters(&lower)
        || identity::words(word).len() != 1
        || others.iter().any(|o| identity::singular(o) == one)
    {
        return None;
    }
    // One letter more or less at the end is an ending, not a typo (`TaxJara`, a Polish
    // genitive of `TaxJar`; `koszyka` of `koszyk`).
    let ending = |a: &str, b: &str| a.starts_with(b) || b.starts_with(a);
    let mut near = alike.iter().filter(|other| {
        let other_one = identity::singular(other);
        letters(other)
            && other.chars().next() == lower.chars().next()
            && !ending(&other_one, &one)
            && strsim::damerau_levenshtein(&other_one, &one) == 1
    });
    let written = near.next()?;
    if near.next().is_some() {
        return None;
    }
    let mut chars = word.chars();
    let first_upper = chars.next().is_some_and(char::is_uppercase);
    let all_upper = word.chars().all(char::is_uppercase);
    Some(if all_upper {
        written.to_uppercase()
    } else if first_upper {
        let mut w = written.chars();
        w.next()
            .map(|c| {
                c.to_uppercase()
                    .chain(w.flat_map(char::to_lowercase))
                    .collect()
            })
            .unwrap_or_default()
    } else {
        written.to_lowercase()
    })
}

/// The key most of a thing's spellings have, when two or more have it and no other is as
/// common.
fn most_common(keys: &[String]) -> Option<&str> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for k in keys {
        *counts.entry(k.as_str()).or_default() += 1;
    }
    let mut best: Vec<(&str, usize)> = counts.into_iter().collect();
    best.sort_by_key(|x| std::cmp::Reverse(x.1));
    match best.as_slice() {
        [(k, n), rest @ ..] if *n >= 2 && rest.first().is_none_or(|(_, m)| m < n) => Some(k),
        _ => None,
    }
}

/// The shortest run of `name`'s parts, cut where a tool joined them with something
/// other than a space (`.`, `/`, `;`, `_`, `<` …), that reads as `name` does or as
/// `top` (the key most of the thing's spellings have): `Auth Service.app` → `Auth
/// Service`, `BP_FedEx API` → `FedEx API`. Never a cut between words a space joins
/// (`Stripe API` stays whole), nor of a name with a note (`Orders DB (PostgreSQL)`: the
/// note is worth showing), and only a plain name (see [`identity::is_plain_name`]).
fn unwrapped(name: &str, top: Option<&str>) -> Option<String> {
    if identity::split_note(name).1.is_some() {
        return None;
    }
    // The parts: runs of letters, digits and spaces, with the spaces at their ends left
    // out.
    let mut parts: Vec<(usize, usize)> = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in name
        .char_indices()
        .chain(std::iter::once((name.len(), '\0')))
    {
        let inside = c.is_alphanumeric() || c == ' ';
        match (inside && i < name.len(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                let run = &name[s..i];
                let lead = run.len() - run.trim_start().len();
                if !run.trim().is_empty() {
                    parts.push((s + lead, s + lead + run.trim().len()));
                }
                start = None;
            }
            _ => {}
        }
    }
    if parts.len() < 2 || parts.len() > 12 {
        return None;
    }
    let own = identity::key(name);
    let mut best: Option<(usize, &str)> = None;
    for i in 0..parts.len() {
        for j in i..parts.len() {
            let span = j - i + 1;
            if span == parts.len() || best.is_some_and(|(n, _)| n <= span) {
                continue;
            }
            let cut = &name[parts[i].0..parts[j].1];
            let k = identity::key(cut);
            if (k == own || Some(k.as_str()) == top) && identity::is_plain_name(cut) {
                best = Some((span, cut));
            }
        }
    }
    best.map(|(_, cut)| cut.to_string())
}

/// Whether a type says little of what a thing is (an idea, or nothing known).
fn vague(kind: &str) -> bool {
    matches!(Family::of(kind), Family::Concept | Family::Unknown)
}

/// How readable a spelling is to a person: a plain name (see
/// [`identity::is_plain_name`]) before any other, then 2 with capitals and spaces
/// (`TaxJar API`), 1 with either (`PricingService`, `pricing service`), 0 for a
/// machine's (`pricing-service`, `pricing_service`, `pricingservice`, `PRICING_SERVICE`).
fn readability(name: &str) -> u8 {
    // Capitals as a person writes them: not all of the name (`PRICING_SERVICE` is a
    // constant's).
    let upper = name.chars().any(char::is_uppercase) && name.chars().any(char::is_lowercase);
    let space = name.trim().contains(' ');
    2 * u8::from(identity::is_plain_name(name)) + u8::from(upper) + u8::from(space)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_placed_word_rewrites_its_edges_and_joins_the_same_edge() {
        let mut m = typed(&[
            ("Orders", "service"),
            ("Events", "queue"),
            ("Shop", "system"),
        ]);
        linked(
            &mut m,
            &[
                ("Orders", "publishes_to", "Events"),
                ("Events", "is fed by", "Orders"),
                ("Orders", "belongs to", "Shop"),
                ("Orders", "mirrors", "Shop"),
            ],
        );
        // `part_of` is the mapping's own word: not asked.
        let asked: Vec<String> = m.unplaced_words(2).into_iter().map(|(w, _)| w).collect();
        assert_eq!(asked, ["is_fed_by", "mirrors"]);
        assert!(m.with_placed_words().is_none(), "nothing placed yet");
        let mut d = m.decisions();
        for (word, means, reversed) in [
            ("is_fed_by", "publishes_to", true),
            ("mirrors", "mirrors", false),
        ] {
            d.place_word(WordDecision {
                word: word.into(),
                means: means.into(),
                reversed,
            });
        }
        m.set_decisions(&d);
        assert!(m.unplaced_words(2).is_empty());
        let placed = m.with_placed_words().expect("a word to place");
        let edges = placed.edge_list();
        assert_eq!(
            edges,
            [
                ("Orders", "mirrors", "Shop"),
                ("Orders", "part_of", "Shop"),
                ("Orders", "publishes_to", "Events"),
            ]
        );
        assert_eq!(placed.decisions().words.len(), 2);

        // Between names a note keeps apart (`Billing (EU)` / `Billing (US)`; the first is
        // shown by its words, its note kept): the same.
        let mut m = typed(&[
            ("Billing (EU)", "service"),
            ("Billing (US)", "service"),
            ("Ledger (EU)", "queue"),
        ]);
        m.upsert_relationship(Relationship::new("Billing (EU)", "tails", "Ledger (EU)"));
        m.upsert_relationship(Relationship::new("Billing (US)", "tails", "Ledger (EU)"));
        let mut d = m.decisions();
        d.place_word(WordDecision {
            word: "tails".into(),
            means: "subscribes_to".into(),
            reversed: false,
        });
        m.set_decisions(&d);
        let placed = m.with_placed_words().expect("a word to place");
        let edges = placed.edge_list();
        assert_eq!(
            edges,
            [
                ("Billing (EU)", "subscribes_to", "Ledger"),
                ("Billing (US)", "subscribes_to", "Ledger"),
            ]
        );
    }

    #[test]
    fn a_placed_type_retypes_its_entities_and_a_kept_one_is_not_asked_again() {
        let mut m = typed(&[
            ("Orders Store", "RDS instance"),
            ("Ledger", "RDS instance"),
            ("Events", "SNS"),
            ("Shop", "platform"),
            ("Pricing", "Microservice (Go)"),
            ("Cart", "unknown"),
        ]);
        // Whole types, known families and `unknown` are not asked.
        let asked = m.unplaced_types(1);
        assert_eq!(
            asked,
            [
                ("rds_instance".to_string(), vec!["Orders Store".to_string()]),
                ("sns".to_string(), vec!["Events".to_string()]),
            ]
        );
        assert!(m.with_placed_types().is_none());
        let mut d = m.decisions();
        for (kind, means) in [("rds_instance", "database"), ("sns", "sns")] {
            d.place_type(TypeDecision {
                kind: kind.into(),
                means: means.into(),
            });
        }
        m.set_decisions(&d);
        assert!(m.unplaced_types(1).is_empty());
        let placed = m.with_placed_types().expect("a type to place");
        let kinds: Vec<(&str, &str)> = placed
            .entities()
            .iter()
            .map(|e| (e.name.as_str(), e.kind.as_str()))
            .collect();
        assert!(kinds.contains(&("Ledger", "database")), "{kinds:?}");
        assert!(kinds.contains(&("Events", "sns")), "{kinds:?}");
        assert!(kinds.contains(&("Pricing", "service")), "{kinds:?}");
    }

    #[test]
    fn an_edge_runs_as_its_ends_say_once_a_type_is_placed_or_a_name_merged() {
        let edges = |m: &Memory| -> Vec<(String, String, String)> {
            m.relationships()
                .iter()
                .map(|r| (r.from.clone(), r.kind.clone(), r.to.clone()))
                .collect()
        };
        // `Ledger` was an RDS instance, a type nothing knew, when it "wrote to" Billing.
        let mut m = typed(&[("Ledger", "RDS instance"), ("Billing", "service")]);
        linked(&mut m, &[("Ledger", "writes_to", "Billing")]);
        assert_eq!(
            edges(&m)[0].0,
            "Ledger",
            "not turned while its type says nothing"
        );
        let mut d = m.decisions();
        d.place_type(TypeDecision {
            kind: "rds_instance".into(),
            means: "database".into(),
        });
        m.set_decisions(&d);
        let placed = m.with_placed_types().expect("a type to place");
        assert_eq!(
            edges(&placed),
            [("Billing".into(), "reads_from".into(), "Ledger".into())]
        );
        // A stub that delivered to a queue, merged into the topic it is.
        let mut m = typed(&[("OrderEventsTopic", "queue"), ("Shipping Intake", "queue")]);
        linked(&mut m, &[("Atlas Feed", "publishes_to", "Shipping Intake")]);
        assert_eq!(edges(&m)[0].0, "Atlas Feed");
        let (merged, done) = m.merge_all(&[("Atlas Feed", "OrderEventsTopic", Decider::Model)]);
        assert_eq!(done, [true]);
        assert_eq!(
            edges(&merged),
            [(
                "Shipping Intake".into(),
                "subscribes_to".into(),
                "OrderEventsTopic".into()
            )]
        );
    }

    fn names(m: &Memory) -> Vec<&str> {
        let mut v: Vec<&str> = m.entities().iter().map(|e| e.name.as_str()).collect();
        v.sort();
        v
    }

    fn sample() -> Memory {
        let mut m = typed(&[
            ("Okta", "external_system"),
            ("Okta API", "api"),
            ("Checkout", "unknown"),
            ("CheckoutService", "service"),
            ("Orders DB", "database"),
            ("Order Service", "service"),
            ("Order History Service", "service"),
            ("Inventory Service", "service"),
            ("Notification Service", "service"),
            ("Notifications Queue", "queue"),
            ("Order Events Topic", "topic"),
            ("Order Commands Queue", "queue"),
            ("Inventroy Service", "service"),
            ("OMS", "service"),
            ("Order Management System", "service"),
            ("other service 1", "service"),
            ("other service 2", "service"),
        ]);
        m.upsert_relationship(Relationship::new("Checkout", "calls", "Okta"));
        m.upsert_relationship(Relationship::new("CheckoutService", "calls", "Okta API"));
        m
    }

    /// The pairs the judge is asked about in a memory of `names` (with their types).
    /// Whether `a` and `b` are one of `pairs`, either way round.
    /// `m` with these relationships (from, type, to).
    fn linked(m: &mut Memory, relationships: &[(&str, &str, &str)]) {
        for (from, kind, to) in relationships {
            m.upsert_relationship(Relationship::new(*from, *kind, *to));
        }
    }

    /// A memory of entities with these names and types.
    fn typed(entities: &[(&str, &str)]) -> Memory {
        let mut m = Memory::new();
        for (name, kind) in entities {
            m.upsert_entity(Entity::new(*name, *kind));
        }
        m
    }

    /// A memory of entities with these names, types and descriptions.
    fn described(entities: &[(&str, &str, &str)]) -> Memory {
        let mut m = Memory::new();
        for (name, kind, description) in entities {
            let mut e = Entity::new(*name, *kind);
            e.description = (*description).into();
            m.upsert_entity(e);
        }
        m
    }

    fn paired(pairs: &[(String, String)], a: &str, b: &str) -> bool {
        pairs
            .iter()
            .any(|(x, y)| (x == a && y == b) || (x == b && y == a))
    }

    fn judge_pairs(names: &[(&str, &str)]) -> Vec<(String, String)> {
        let mut m = Memory::new();
        for (name, kind) in names {
            m.upsert_entity(Entity::new(*name, *kind));
        }
        let mut found = m.duplicates();
        found.extend(m.judge_candidates(&found));
        found.into_iter().map(|s| (s.merge, s.into)).collect()
    }

    #[test]
    fn pairs_that_join_things_already_joined_come_after_the_rest() {
        let pairs = vec![((0, 1), 'a'), ((1, 2), 'b'), ((0, 2), 'c'), ((3, 4), 'd')];
        assert_eq!(
            joining_first(pairs, 5).collect::<String>(),
            "abdc",
            "a thing's third pair waits for the next thing's first"
        );
    }

    #[test]
    fn a_names_partners_by_neighbours_are_the_undecided_ones() {
        let mut m = Memory::new();
        // Eight services with English names and a name in another language call the
        // same two things; it was decided apart from the first six it met.
        let others: Vec<String> = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]
            .iter()
            .chain(&["Golf", "Hotel"])
            .map(|w| format!("{w} Service"))
            .collect();
        for name in others.iter().map(String::as_str).chain(["Kundenservice"]) {
            m.upsert_entity(Entity::new(name, "service"));
            linked(
                &mut m,
                &[(name, "calls", "Ledger"), (name, "calls", "Rates")],
            );
        }
        let mut decisions = m.decisions();
        for other in &others[..6] {
            decisions.judge_apart("Kundenservice", other);
        }
        m.set_decisions(&decisions);
        let found: Vec<(String, String)> = m
            .judge_candidates(&[])
            .into_iter()
            .map(|s| (s.merge, s.into))
            .collect();
        for other in &others[6..] {
            assert!(paired(&found, "Kundenservice", other), "{other}: {found:?}");
        }
    }

    #[test]
    fn a_thing_typed_a_team_whose_names_say_no_people_may_be_what_runs() {
        let m = described(&[
            (
                "Kassendienst",
                "team",
                "Kassendienst handles everything about checkout for the shop.",
            ),
            ("Checkout Service", "service", "Takes the order."),
            (
                "Payments Team",
                "team",
                "The Payments Team handles everything about payments for the shop.",
            ),
            ("Payment Service", "service", "Charges cards."),
        ]);
        let found: Vec<(String, String)> = m
            .judge_candidates(&m.duplicates())
            .into_iter()
            .map(|s| (s.merge, s.into))
            .collect();
        assert!(
            paired(&found, "Kassendienst", "Checkout Service"),
            "{found:?}"
        );
        // A team named as one is its people, not what they run.
        assert!(
            !paired(&found, "Payments Team", "Payment Service"),
            "{found:?}"
        );
    }

    #[test]
    fn a_node_known_by_its_spellings_meets_no_name_by_neighbours_alone() {
        let mut m = Memory::new();
        // Two services each known by two spellings, and a name in another language
        // known by none: all three call the same two things.
        for (name, alias) in [
            ("Tax Service", Some("tax_service_rw")),
            ("Payment Service", Some("payment_service_rw")),
            ("Kundenservice", None),
        ] {
            let mut e = Entity::new(name, "service");
            if let Some(alias) = alias {
                e.properties
                    .insert(ALIASES.into(), serde_json::json!([alias]));
            }
            m.upsert_entity(e);
        }
        m.upsert_entity(Entity::new("Ledger", "service"));
        m.upsert_entity(Entity::new("Rates", "service"));
        for from in ["Tax Service", "Payment Service", "Kundenservice"] {
            linked(
                &mut m,
                &[(from, "calls", "Ledger"), (from, "calls", "Rates")],
            );
        }
        let found: Vec<(String, String)> = m
            .judge_candidates(&[])
            .into_iter()
            .map(|s| (s.merge, s.into))
            .collect();
        // Two things known by their words, each named with its kind word, are not a
        // question by their neighbours...
        assert!(
            !paired(&found, "Tax Service", "Payment Service"),
            "{found:?}"
        );
        // ...while the name no other name shares a word with meets them from its side.
        assert!(paired(&found, "Kundenservice", "Tax Service"), "{found:?}");
        assert!(
            paired(&found, "Kundenservice", "Payment Service"),
            "{found:?}"
        );
    }

    #[test]
    fn a_name_in_another_script_meets_the_one_with_its_neighbours() {
        let mut m = typed(&[
            ("Refund Service", "service"),
            ("Audit Service", "service"),
            ("退款服务", "service"),
            ("Ledger", "service"),
            ("Refunds DB", "database"),
            ("退款数据库", "database"),
        ]);
        linked(
            &mut m,
            &[
                ("Refund Service", "calls", "Ledger"),
                ("Refund Service", "reads_from", "Refunds DB"),
                ("退款服务", "calls", "Ledger"),
                ("退款服务", "reads_from", "Refunds DB"),
                ("Audit Service", "calls", "Ledger"),
            ],
        );
        let found = m.judge_candidates(&[]);
        let first = found
            .iter()
            .find(|s| s.merge == "退款服务")
            .unwrap_or_else(|| panic!("{found:?}"));
        // Into the name in Latin letters, the one sharing the most neighbours first.
        assert_eq!(first.into, "Refund Service", "{found:?}");
        // Never a store for a service, and only the judge is asked: without one, no
        // rule merges these.
        assert!(
            !found
                .iter()
                .any(|s| s.merge == "退款服务" && s.into == "Refunds DB")
        );
        assert!(m.duplicates().iter().all(|s| s.merge != "退款服务"));
    }

    /// A node shown by a tool's name meets a name that holds one of its other names: two
    /// framed names of one thing (`policy.bank.ledger_service.allow`, `Monitor is DOWN:
    /// Ledger Service`) share no frame, only the name.
    #[test]
    fn a_node_meets_names_by_its_other_names_too() {
        let mut m = typed(&[
            ("Monitor is DOWN: Ledger Service", "service"),
            ("Monitor is DOWN: Fraud Service", "service"),
        ]);
        let mut ledger = Entity::new("policy.bank.ledger_service.allow", "service");
        ledger.properties.insert(
            ALIASES.into(),
            json!(["cluster-two/bank/deployment:ledger-service"]),
        );
        m.upsert_entity(ledger);
        let found = m.judge_candidates(&[]);
        let pair = |a: &str, b: &str| {
            found
                .iter()
                .any(|s| pair_key(&s.merge, &s.into) == pair_key(a, b))
        };
        assert!(
            pair(
                "Monitor is DOWN: Ledger Service",
                "policy.bank.ledger_service.allow"
            ),
            "{found:?}"
        );
        assert!(!pair(
            "Monitor is DOWN: Fraud Service",
            "policy.bank.ledger_service.allow"
        ));
    }

    /// A name in another language in Latin letters (`Rückerstattungsdienst`), or with
    /// a word many of its family share (`Servicio de Reembolsos`, `Servicio de Auditoría`)
    /// shares no word that names it: it meets the names of its family its description
    /// says, or whose neighbours it shares; the judge decides, no rule.
    /// Two names of one thing with no word and no neighbour in common, described from
    /// the same documents in words few others use, meet; two things described in the
    /// words every service is described in, or in one rare word alike, do not.
    #[test]
    fn names_whose_descriptions_say_the_same_rare_words_meet() {
        let m = described(&[
            (
                "refund dash gateway",
                "service",
                "The single entry point for partner callbacks; it handles requests.",
            ),
            (
                "Hyvitysyhdyskäytävä",
                "service",
                "Hyvitysyhdyskäytävä is the single entry point for partner callbacks; it handles requests.",
            ),
            (
                "Ledger Service",
                "service",
                "Keeps the ledger; it handles requests.",
            ),
            (
                "Audit Service",
                "service",
                "Audits payouts; it handles requests.",
            ),
            (
                "Payout Service",
                "service",
                "Sends payouts to partner banks; it handles requests.",
            ),
            (
                "Refunds DB",
                "database",
                "The single entry point for partner callbacks.",
            ),
        ]);
        let found: Vec<(String, String)> = m
            .judge_candidates(&m.duplicates())
            .into_iter()
            .map(|s| (s.merge, s.into))
            .collect();
        assert!(
            paired(&found, "Hyvitysyhdyskäytävä", "refund dash gateway"),
            "{found:?}"
        );
        // Words every service says, one rare word (`partner`), another family: no.
        for other in [
            "Ledger Service",
            "Audit Service",
            "Payout Service",
            "Refunds DB",
        ] {
            assert!(
                !paired(&found, "Hyvitysyhdyskäytävä", other),
                "{other}: {found:?}"
            );
        }
        assert!(m.duplicates().is_empty());
    }

    #[test]
    fn a_name_with_no_word_in_common_meets_the_names_its_description_says() {
        let mut m = described(&[
            ("Refund Service", "service", "Issues refunds."),
            ("Audit Service", "service", ""),
            ("Ledger Service", "service", ""),
            ("Refunds DB", "database", ""),
            (
                "Rückerstattungsdienst",
                "service",
                "Rückerstattungsdienst issues every refund.",
            ),
            ("Servicio de Reembolsos", "service", ""),
            ("Servicio de Auditoría", "service", ""),
            ("Servicio de Pagos", "service", ""),
            ("Servicio de Cuentas", "service", ""),
        ]);
        linked(
            &mut m,
            &[
                ("Refund Service", "calls", "Ledger Service"),
                ("Refund Service", "writes_to", "Refunds DB"),
                ("Servicio de Reembolsos", "writes_to", "Refunds DB"),
                ("Servicio de Reembolsos", "calls", "Ledger Service"),
                ("Audit Service", "calls", "Ledger Service"),
            ],
        );
        let found = m.judge_candidates(&[]);
        let met = |name: &str, other: &str| {
            found.iter().any(|s| {
                (s.merge == name && s.into == other) || (s.merge == other && s.into == name)
            })
        };
        assert!(met("Rückerstattungsdienst", "Refund Service"), "{found:?}");
        assert!(met("Servicio de Reembolsos", "Refund Service"), "{found:?}");
        // Into the better connected name, which the rest of the documents write.
        let s = found
            .iter()
            .find(|s| s.merge == "Rückerstattungsdienst")
            .unwrap_or_else(|| panic!("{found:?}"));
        assert_eq!(s.into, "Refund Service");
        // Never a store for a service, nor one that neither says nor shares two
        // neighbours (one, `Ledger Service`, is what two services called by it share).
        assert!(!met("Servicio de Reembolsos", "Refunds DB"), "{found:?}");
        assert!(!met("Rückerstattungsdienst", "Audit Service"), "{found:?}");
        assert!(!met("Servicio de Reembolsos", "Audit Service"), "{found:?}");
        // Only the judge is asked: no rule merges them.
        assert!(
            m.duplicates()
                .iter()
                .all(|s| !s.merge.starts_with("Servicio") && s.merge != "Rückerstattungsdienst")
        );
    }

    /// The last two names of a language's frame share its word (`Banco de Dados`) and are
    /// no candidates of each other: the word is no anchor, and a name meets what its
    /// description says.
    #[test]
    fn a_word_only_two_names_of_a_frame_share_anchors_neither() {
        let m = described(&[
            ("Ledger DB", "database", ""),
            ("Audit DB", "database", ""),
            (
                "Banco de Dados Razão",
                "database",
                "Keeps the ledger entries.",
            ),
            ("Banco de Dados Auditoria", "database", ""),
        ]);
        let found = m.judge_candidates(&[]);
        assert!(
            found
                .iter()
                .any(|s| s.merge == "Banco de Dados Razão" && s.into == "Ledger DB"),
            "{found:?}"
        );
    }

    /// A word with one letter put for another meets its word wherever the letter is:
    /// the first when the two look alike in print (`lnventory`), or a digit an OCR read
    /// for a letter (`0rder`, `Cata1og`). Only the judge is asked; a digit at a word's end
    /// is a number, another first letter (`Tailer`) or one more in front (`Border`)
    /// another word.
    #[test]
    fn a_word_with_one_letter_wrong_anywhere_meets_its_word() {
        let names = [
            ("OrderEventsQueue", "queue"),
            ("0rder Events Queue", "queue"),
            ("Inventory DB", "database"),
            ("lnventory Database", "database"),
            ("Catalog Service", "service"),
            ("Cata1og Service", "service"),
            ("Ledger1 DB", "database"),
            ("Ledger2 DB", "database"),
            ("Order Service", "service"),
            ("Border Service", "service"),
            ("Mailer Service", "service"),
            ("Tailer Service", "service"),
        ];
        let pairs = judge_pairs(&names);
        let has = |a: &str, b: &str| paired(&pairs, a, b);
        assert!(has("0rder Events Queue", "OrderEventsQueue"), "{pairs:?}");
        assert!(has("lnventory Database", "Inventory DB"), "{pairs:?}");
        assert!(has("Cata1og Service", "Catalog Service"), "{pairs:?}");
        assert!(!has("Ledger1 DB", "Ledger2 DB"), "{pairs:?}");
        assert!(!has("Order Service", "Border Service"), "{pairs:?}");
        assert!(!has("Mailer Service", "Tailer Service"), "{pairs:?}");
        let m = typed(&names);
        assert!(
            m.duplicates()
                .iter()
                .all(|s| s.merge != "0rder Events Queue"
                    && s.into != "0rder Events Queue"
                    && !s.certain)
        );
    }

    /// Two names that hold each other's words (`Coda Eventi Ordini`, `Topic Eventi
    /// Ordini`: a queue and a topic in another language) are each other's partners, and
    /// their shared words anchor them; once kept apart (judged two things), neither is
    /// the other's anchor, and each meets the names its description says.
    #[test]
    fn a_partner_kept_apart_anchors_nothing() {
        let mut m = described(&[
            ("Order Events Queue", "queue", ""),
            ("Order Events Topic", "queue", ""),
            (
                "Coda Eventi Ordini",
                "queue",
                "Coda Eventi Ordini buffers order events until a worker takes them.",
            ),
            (
                "Topic Eventi Ordini",
                "queue",
                "Topic Eventi Ordini carries order events to every consumer.",
            ),
        ]);
        let met = |m: &Memory, a: &str, b: &str| {
            let found = m.judge_candidates(&m.duplicates());
            found
                .iter()
                .any(|s| (s.merge == a && s.into == b) || (s.merge == b && s.into == a))
        };
        // Before: each other's partners, and no other.
        assert!(met(&m, "Coda Eventi Ordini", "Topic Eventi Ordini"));
        assert!(
            !met(&m, "Coda Eventi Ordini", "Order Events Queue"),
            "{:?}",
            m.judge_candidates(&[])
        );
        let mut decisions = m.decisions();
        decisions.judge_apart("Coda Eventi Ordini", "Topic Eventi Ordini");
        m.set_decisions(&decisions);
        assert!(!met(&m, "Coda Eventi Ordini", "Topic Eventi Ordini"));
        assert!(met(&m, "Coda Eventi Ordini", "Order Events Queue"));
        assert!(met(&m, "Topic Eventi Ordini", "Order Events Topic"));
    }

    /// A node is named by all its names: one stored under a name written as one word
    /// (`reportingsvc`) is met by a name whose description says a word of its others
    /// (`Reporting Service`), as a code name (`Atlas`) or a name in another language
    /// (`Database Rapporti`) needs. Not by a word of its other names' frame
    /// (`NM-…-PRD`), which most nodes have.
    #[test]
    fn a_description_meets_a_node_by_any_of_its_names() {
        let m = described(&[
            ("reportingsvc", "service", ""),
            ("Reporting Service", "service", ""),
            ("reportstore", "database", ""),
            ("Reports DB", "database", ""),
            ("Billing Service", "service", ""),
            ("Ledger Service", "service", ""),
            ("Tax Service", "service", ""),
            ("NM-REPORTING-SVC-PRD", "service", ""),
            ("NM-BILLING-SVC-PRD", "service", ""),
            ("NM-LEDGER-SVC-PRD", "service", ""),
            ("NM-TAX-SVC-PRD", "service", ""),
            (
                "Atlas",
                "service",
                "Atlas (Reporting Service) builds every reporting view. NM-ATLAS-SVC-PRD \
                 builds them too.",
            ),
            (
                "Database Rapporti",
                "database",
                "Database Rapporti keeps the report rows.",
            ),
        ]);
        let m = m
            .merge_all(&[
                ("Reporting Service", "reportingsvc", Decider::Model),
                ("Reports DB", "reportstore", Decider::Model),
                ("NM-REPORTING-SVC-PRD", "reportingsvc", Decider::Model),
                ("NM-BILLING-SVC-PRD", "Billing Service", Decider::Model),
                ("NM-LEDGER-SVC-PRD", "Ledger Service", Decider::Model),
                ("NM-TAX-SVC-PRD", "Tax Service", Decider::Model),
            ])
            .0;
        assert_eq!(m.entities().len(), 7, "{:?}", names(&m));
        let found = m.judge_candidates(&m.duplicates());
        let met = |a: &str, b: &str| {
            found
                .iter()
                .any(|s| (s.merge == a && s.into == b) || (s.merge == b && s.into == a))
        };
        assert!(met("Atlas", "reportingsvc"), "{found:?}");
        assert!(met("Database Rapporti", "reportstore"), "{found:?}");
        for other in ["Billing Service", "Ledger Service", "Tax Service"] {
            assert!(!met("Atlas", other), "{found:?}");
        }
        assert!(!met("Database Rapporti", "reportingsvc"), "{found:?}");
    }

    /// Each of two names may have one word of its own beside the words they share: a
    /// team's word for the kind (`Refunds Handler`), a prefix of where it is written
    /// (`be_refunds_service`, `SYS-017 Twilio API` / `be_twilio_api`). They meet when
    /// the rest has a word few names of the family have; a common word (`order`, in
    /// five) does not make every name with it a partner.
    #[test]
    fn names_with_one_word_of_their_own_each_meet_by_a_rare_word() {
        let names = [
            ("Refunds Handler", "service"),
            ("be_refunds_service", "service"),
            ("SYS-017 Twilio API", "external_system"),
            ("be_twilio_api", "external_system"),
            ("Order Handler", "service"),
            ("Order Service", "service"),
            ("Order History Service", "service"),
            ("Order Export Service", "service"),
            ("Order Events Service", "service"),
            ("Refunds DB", "database"),
            ("Audit Events Topic", "queue"),
            ("Order Events Topic", "queue"),
            // A frame's word is common however the names with it are typed (a type in
            // another language is of no known family).
            ("Servizio Rimborsi", "service"),
            ("Servizio Ordini", "service"),
            ("Servizio Carrello", "servizio"),
            ("Servizio Clienti", "servizio"),
            ("Servizio Prezzi", "servizio"),
            ("Servizio Ricerca", "servizio"),
        ];
        let pairs = judge_pairs(&names);
        let has = |a: &str, b: &str| paired(&pairs, a, b);
        assert!(has("Refunds Handler", "be_refunds_service"), "{pairs:?}");
        assert!(has("SYS-017 Twilio API", "be_twilio_api"), "{pairs:?}");
        assert!(!has("Order Handler", "Order Export Service"), "{pairs:?}");
        assert!(!has("Order Handler", "Order History Service"), "{pairs:?}");
        assert!(!has("Refunds Handler", "Refunds DB"), "{pairs:?}");
        // A word that names is not dropped.
        assert!(
            !has("Audit Events Topic", "Order Events Topic"),
            "{pairs:?}"
        );
        assert!(!has("Servizio Rimborsi", "Servizio Carrello"), "{pairs:?}");
        let m = typed(&names);
        assert!(
            m.duplicates()
                .iter()
                .all(|s| s.merge != "Refunds Handler" && s.into != "Refunds Handler")
        );
    }

    /// A merged node's description is its names' descriptions: the words of its other
    /// names there (`be` of `be_audit_service`) say nothing of another thing
    /// (`be_ledger_service`).
    #[test]
    fn a_description_says_nothing_by_its_own_names_words() {
        let mut m = Memory::new();
        for (name, description) in [
            ("Audit Service", "Audit Service keeps the audit trail."),
            (
                "be_audit_service",
                "be_audit_service keeps the audit trail.",
            ),
            ("be_ledger_service", ""),
            ("be_billing_service", ""),
        ] {
            let mut e = Entity::new(name, "service");
            e.description = description.into();
            m.upsert_entity(e);
        }
        let m = m
            .merge_all(&[("be_audit_service", "Audit Service", Decider::Model)])
            .0;
        let found = m.judge_candidates(&m.duplicates());
        assert!(
            found
                .iter()
                .all(|s| s.merge != "Audit Service" && s.into != "Audit Service"),
            "{found:?}"
        );
    }

    /// A node typed by another thing's word (a store typed `service`: `Oracle Net
    /// service` read by its head word) is what its names say too: a name in another
    /// script of the store meets it. Not a store and a service whose names say so.
    #[test]
    fn a_type_its_names_contradict_keeps_no_name_from_the_judge() {
        let mut m = typed(&[
            ("Refund Service", "service"),
            ("DB, Refunds", "service"),
            ("退款数据库", "database"),
            ("Ledger Service", "service"),
        ]);
        linked(
            &mut m,
            &[
                ("Refund Service", "writes_to", "DB, Refunds"),
                ("Refund Service", "writes_to", "退款数据库"),
                ("Ledger Service", "reads_from", "退款数据库"),
            ],
        );
        let found: Vec<(String, String)> = m
            .judge_candidates(&m.duplicates())
            .into_iter()
            .map(|s| (s.merge, s.into))
            .collect();
        assert!(paired(&found, "退款数据库", "DB, Refunds"), "{found:?}");
        assert!(!paired(&found, "退款数据库", "Refund Service"), "{found:?}");
        assert!(!paired(&found, "退款数据库", "Ledger Service"), "{found:?}");
        assert!(
            m.duplicates()
                .iter()
                .all(|s| s.merge != "退款数据库" && s.into != "退款数据库")
        );
    }

    fn capitalised(word: &str) -> String {
        let mut chars = word.chars();
        chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    }

    #[test]
    fn names_of_one_frame_pair_by_what_is_inside_not_by_the_frame() {
        let things = ["ledger", "billing", "courier", "rating", "quota"];
        let mut names: Vec<(String, &str)> = Vec::new();
        for t in things {
            names.push((format!("fleet/devices/{t}-service/twin/patch"), "service"));
            names.push((
                format!("i18n:label:\"{} Service\"", capitalised(t)),
                "service",
            ));
        }
        let names: Vec<(&str, &str)> = names.iter().map(|(n, k)| (n.as_str(), *k)).collect();
        let pairs = judge_pairs(&names);
        // Two names of one frame around other words are no pair, whatever a rule read
        // out of the frame (`patch`).
        let fleet = |n: &str| n.starts_with("fleet/");
        let label = |n: &str| n.starts_with("i18n:");
        assert!(
            !pairs
                .iter()
                .any(|(a, b)| (fleet(a) && fleet(b)) || (label(a) && label(b))),
            "{pairs:?}"
        );
        // What is inside one frame meets what is inside the other.
        for t in things {
            let a = format!("fleet/devices/{t}-service/twin/patch");
            let b = format!("i18n:label:\"{} Service\"", capitalised(t));
            assert!(paired(&pairs, &a, &b), "{a} / {b}: {pairs:?}");
        }
    }

    #[test]
    fn the_judge_meets_a_name_however_it_is_framed() {
        let names = [
            ("NovaMart", "platform"),
            ("Checkout Service", "service"),
            ("NovaMart.Checkout.API", "service"),
            ("Checkout Management Service", "service"),
            ("k8s/deploy/checkout", "service"),
            ("CHECKOUT_SVC_HOST", "service"),
            ("Order Evets Queue", "queue"),
            ("sqs://order-events", "queue"),
            ("Pmt Service", "service"),
            ("Payment Service", "service"),
            ("Payments DB", "database"),
            ("Pricing API v1", "api"),
            ("Pricing API v2", "api"),
            ("Tax API", "api"),
            ("novamart_tax-api_1", "api"),
            ("CATALOG_DB_DSN", "database"),
            ("Database for Catalog", "database"),
            ("NovaMart's TaxJar API", "external_system"),
            ("api.taxjar.com", "external_system"),
        ];
        let pairs = judge_pairs(&names);
        let has = |a: &str, b: &str| paired(&pairs, a, b);
        for framed in ["NovaMart.Checkout.API", "Checkout Management Service"] {
            assert!(has(framed, "Checkout Service"), "{framed}: {pairs:?}");
        }
        // A setting's name is the thing's by its structure: no judge.
        assert_eq!(
            identity::key("CHECKOUT_SVC_HOST"),
            identity::key("Checkout Service")
        );
        assert!(!has("CHECKOUT_SVC_HOST", "Checkout Service"), "{pairs:?}");
        // The last part of a longer path is the thing: the rules join it, no judge.
        assert!(
            !pairs
                .iter()
                .any(|(x, y)| x == "k8s/deploy/checkout" || y == "k8s/deploy/checkout"),
            "{pairs:?}"
        );
        assert!(has("Order Evets Queue", "sqs://order-events"), "{pairs:?}");
        assert!(has("Pmt Service", "Payment Service"), "{pairs:?}");
        // Kind words and little words anywhere, words written as one.
        assert!(has("CATALOG_DB_DSN", "Database for Catalog"), "{pairs:?}");
        assert!(has("NovaMart's TaxJar API", "api.taxjar.com"), "{pairs:?}");
        // Into the name written plainly.
        assert!(
            pairs.contains(&("NovaMart.Checkout.API".into(), "Checkout Service".into())),
            "{pairs:?}"
        );
        // Not a system and its parts, not a service and its database.
        assert!(
            !pairs
                .iter()
                .any(|(a, b)| a == "NovaMart" || b == "NovaMart")
        );
        assert!(!has("Payments DB", "Payment Service"), "{pairs:?}");
        assert!(!has("Payments DB", "Pmt Service"), "{pairs:?}");
        // Two versions are two things; a numbered name may be either.
        assert!(!has("Pricing API v1", "Pricing API v2"), "{pairs:?}");
        assert!(has("novamart_tax-api_1", "Tax API"), "{pairs:?}");
    }

    fn found(m: &Memory) -> Vec<(String, String, bool)> {
        m.duplicates()
            .into_iter()
            .map(|s| (s.merge, s.into, s.certain))
            .collect()
    }

    fn has(found: &[(String, String, bool)], a: &str, b: &str) -> bool {
        found
            .iter()
            .any(|(x, y, _)| (x == a && y == b) || (x == b && y == a))
    }

    #[test]
    fn probable_pairs_are_found_and_unlike_ones_are_not() {
        let found = found(&sample());
        for (a, b) in [
            ("Okta", "Okta API"),
            ("Checkout", "CheckoutService"),
            ("Inventroy Service", "Inventory Service"),
            ("OMS", "Order Management System"),
            ("Order Service", "Order History Service"),
        ] {
            assert!(has(&found, a, b), "{a} / {b} in {found:?}");
        }
        for (a, b) in [
            ("Orders DB", "Order Service"),
            ("Notification Service", "Notifications Queue"),
            ("Order Events Topic", "Order Commands Queue"),
            ("other service 1", "other service 2"),
        ] {
            assert!(!has(&found, a, b), "{a} / {b} in {found:?}");
        }
        // None of these is the structure's to decide.
        assert!(found.iter().all(|(_, _, certain)| !certain), "{found:?}");
    }

    /// What the name's structure cannot decide is a question, never a merge: a class
    /// name's role word or a word in another language where the kind word stands, the
    /// initials, a version mark, a kind word in front.
    #[test]
    fn forms_the_structure_cannot_decide_are_candidates() {
        let m = typed(&[
            ("Refund Service", "service"),
            ("RefundHandler", "service"),
            ("Refund Dienst", "service"),
            ("Refund Service v3", "service"),
            ("Ledger Events Topic", "queue"),
            ("LET", "queue"),
            ("Sessions Cache", "cache"),
            ("cache-sessions", "cache"),
            ("Pricing API v1", "api"),
            ("Pricing API v2", "api"),
            ("api-gateway", "service"),
            ("Gateway", "service"),
            ("PayPal API", "external_system"),
            ("PA", "api"),
            ("topic-ledger-events", "queue"),
        ]);
        assert_eq!(m.entities().len(), 15, "{:?}", names(&m));
        let found = found(&m);
        for (a, b) in [
            ("Refund Service", "RefundHandler"),
            ("Refund Service", "Refund Dienst"),
            ("Refund Service", "Refund Service v3"),
            ("LET", "Ledger Events Topic"),
            ("cache-sessions", "Sessions Cache"),
            ("PA", "PayPal API"),
            ("topic-ledger-events", "Ledger Events Topic"),
        ] {
            assert!(has(&found, a, b), "{a} / {b} in {found:?}");
        }
        for (a, b) in [
            ("Pricing API v1", "Pricing API v2"),
            ("api-gateway", "Gateway"),
        ] {
            assert!(!has(&found, a, b), "{a} / {b} in {found:?}");
        }
        assert!(found.iter().all(|(_, _, certain)| !certain), "{found:?}");
    }

    #[test]
    fn what_the_structure_decides_in_any_order_is_certain() {
        let mut m = Memory::new();
        // A relationship names `Pricing` before anyone says what it is …
        m.upsert_relationship(Relationship::new("Checkout", "depends_on", "Pricing"));
        m.upsert_entity(Entity::new("Pricing Service", "service"));
        // … and then it is said to be a service: the same thing, whatever came first.
        m.upsert_entity(Entity::new("Pricing", "service"));
        let found = found(&m);
        assert_eq!(
            found,
            [("Pricing".to_string(), "Pricing Service".to_string(), true)]
        );
    }

    #[test]
    fn spellings_of_one_kind_are_one_entity_as_they_come_in() {
        let mut m = typed(&[
            ("Pricing Service", "service"),
            ("pricing-svc", "microservice"),
            ("Pricing", "service"),
            ("NovaMart", "system"),
            ("NovaMart Pricing Service", "service"),
            ("TaxJar", "external_system"),
            ("TaxJar API", "external_system"),
            ("Orders DB (PostgreSQL)", "PostgreSQL database"),
            ("Orders", "database"),
        ]);
        let mut names: Vec<&str> = m.entities().iter().map(|e| e.name.as_str()).collect();
        names.sort();
        assert_eq!(
            names,
            ["NovaMart", "Orders DB", "Pricing Service", "TaxJar"]
        );
        assert_eq!(
            m.entity("orders").unwrap().properties["technology"],
            json!("PostgreSQL")
        );
        // A relationship's bare end finds the one entity of the kind it allows.
        m.upsert_relationship(Relationship::new("Pricing", "writes to", "Orders"));
        m.upsert_relationship(Relationship::new(
            "Orders",
            "is read by",
            "NovaMart Pricing",
        ));
        // A call reaches an external system as well as a service.
        m.upsert_relationship(Relationship::new("pricing-svc", "invokes", "TaxJar"));
        assert_eq!(m.entities().len(), 4);
        let rels: Vec<(String, String, String)> = m
            .relationships()
            .iter()
            .map(|r| (r.from.clone(), r.kind.clone(), r.to.clone()))
            .collect();
        assert_eq!(
            rels,
            [
                (
                    "Pricing Service".into(),
                    "writes_to".into(),
                    "Orders DB".into()
                ),
                (
                    "Pricing Service".into(),
                    "reads_from".into(),
                    "Orders DB".into()
                ),
                ("Pricing Service".into(), "calls".into(), "TaxJar".into()),
            ]
        );
    }

    #[test]
    fn near_named_different_things_are_never_certain() {
        let mut m = Memory::new();
        for (a, b, _) in identity::NEAR_PAIRS {
            for name in [a, b] {
                let kind = identity::parts(name)
                    .kind
                    .map_or("service", Kind::entity_type);
                m.upsert_entity(Entity::new(*name, kind));
            }
        }
        assert_eq!(m.entities().len(), 2 * identity::NEAR_PAIRS.len());
        let found = found(&m);
        assert!(found.iter().all(|(_, _, certain)| !certain), "{found:?}");
        for (a, b, _) in identity::NEAR_PAIRS {
            let typo = [("Shipping Service", "Shopping Service")];
            if !typo.contains(&(*a, *b)) {
                assert!(!has(&found, a, b), "{a} / {b} in {found:?}");
            }
        }
    }

    /// Precision, bounded: a memory of 156 different things (39 domain words, no two
    /// within two edits of each other, each as a service, a store, a queue and an API)
    /// holds 156 entities and suggests no pair; with the near-named pairs beside them,
    /// every suggestion has a near-named entity in it (the near pair itself, or a name
    /// one word longer: `Catalog Sync` / `Catalog Service`), is a question and never
    /// certain, and there are no more of them than near pairs.
    #[test]
    fn suggestions_among_different_things_are_bounded() {
        const WORDS: [&str; 39] = [
            "Billing",
            "Shipping",
            "Catalog",
            "Search",
            "Pricing",
            "Inventory",
            "Checkout",
            "Payment",
            "Refund",
            "Loyalty",
            "Review",
            "Wishlist",
            "Coupon",
            "Invoice",
            "Tax",
            "Fraud",
            "Identity",
            "Session",
            "Profile",
            "Notification",
            "Email",
            "Audit",
            "Report",
            "Analytics",
            "Recommendation",
            "Warehouse",
            "Supplier",
            "Customer",
            "Cart",
            "Ledger",
            "Settlement",
            "Dispute",
            "Subscription",
            "Media",
            "Translation",
            "Geo",
            "Scheduler",
            "Archive",
            "Onboarding",
        ];
        for (i, a) in WORDS.iter().enumerate() {
            for b in &WORDS[i + 1..] {
                let d = strsim::levenshtein(&a.to_lowercase(), &b.to_lowercase());
                assert!(d > 2, "{a} / {b} are near: the test's words must not be");
            }
        }
        let mut m = Memory::new();
        for word in WORDS {
            for (kind_word, kind) in [
                ("Service", "service"),
                ("DB", "database"),
                ("Queue", "queue"),
                ("API", "api"),
            ] {
                m.upsert_entity(Entity::new(format!("{word} {kind_word}"), kind));
            }
        }
        assert_eq!(m.entities().len(), 4 * WORDS.len());
        assert_eq!(found(&m), []);

        for (a, b, _) in identity::NEAR_PAIRS {
            for name in [a, b] {
                let kind = identity::parts(name)
                    .kind
                    .map_or("service", Kind::entity_type);
                m.upsert_entity(Entity::new(*name, kind));
            }
        }
        let found = found(&m);
        assert!(
            found.len() <= identity::NEAR_PAIRS.len(),
            "{} suggestions: {found:?}",
            found.len()
        );
        let near = |n: &str| {
            identity::NEAR_PAIRS
                .iter()
                .any(|(x, y, _)| *x == n || *y == n)
        };
        for (a, b, certain) in &found {
            assert!(!certain, "{a} / {b}");
            assert!(
                near(a) || near(b),
                "{a} / {b} suggested, though neither is a near-named pair's"
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
