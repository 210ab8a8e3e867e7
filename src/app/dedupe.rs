//! Deciding what the identity rules cannot decide as names come in: at the end of a run
//! that grew the memory, and in `archie memory dedupe`.
//!
//! Pairs that are probably one thing ([`Memory::duplicates`]) are decided in three
//! steps, each remembered in the memory file:
//! 1. the structure: a pair whose words and known kinds agree (found only when the names
//!    came in an order the rules could not join at once) is merged;
//! 2. the model as judge ([`Judge`]): the other pairs go to the LLM in batches of
//!    [`JUDGE_BATCH`], at temperature 0 and through the response cache; `same` merges
//!    (an alias, undone by `archie memory unmerge`), `different` keeps the pair apart,
//!    and `unsure`, or an answer that is not a clean one of those for a pair it was
//!    asked, leaves it to the human (and is not asked of the model again);
//! 3. the human: at the terminal (merge, keep apart, merge all, decide later); without a
//!    terminal, and under `--yes`, the pairs wait as pending suggestions (listed in the
//!    `result` event): `--yes` merges only what the structure or the model decided.
//!
//! Relationship words the vocabulary cannot place ([`identity::relationship_kind`]
//! keeps them as they are: `fans out to`, `is fed by`) go to the judge in the same
//! batched calls: the model maps each onto the prompt's words (turned round when it
//! names the edge from its object's end) or keeps it. The answer is remembered for the
//! word, so no later run asks again, and the memory's edges are written in it.
//!
//! Decisions are written under the memory file's lock, so they never undo another
//! process's save.
//!
//! [`identity::relationship_kind`]: crate::memory::identity::relationship_kind

use super::App;
use crate::events::{DuplicatePair, Event, MergedPair, PlacedType, PlacedWord};
use crate::graph::interrupt::{Answer, Question, QuestionKind};
use crate::llm::{Llm, Message, Request};
use crate::memory::identity::{is_vocabulary_word, snake, type_vocabulary, vocabulary};
use crate::memory::{Decider, Joined, Memory, MemoryFile, Suggestion, TypeDecision, WordDecision};
use crate::prompts::Prompts;
use crate::ui::Terminal;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// The tokens a judge's answer may take: a little for its frame, and a short JSON
/// object per question (`{"pair": 12, "answer": "different"}` is about 15).
const JUDGE_ANSWER_TOKENS: u32 = 64;
const JUDGE_TOKENS_PER_QUESTION: u32 = 48;

/// How many pairs go to the model in one call.
pub const JUDGE_BATCH: usize = 30;

/// The most pairs the judge is asked about in one review (30 calls): a large import's
/// pairs are judged over several runs, best first; the rest stay pending, not asked of a
/// person, and the next `memory dedupe` goes on with them.
pub const JUDGE_MAX_PAIRS: usize = 30 * JUDGE_BATCH;

/// How many waves of questions a review's round asks the judge at most (see [`Wave`]):
/// the last asks all that is left, so that a memory whose names pair off every way
/// waits on the judge that many times, not once per pair it decides.
const JUDGE_WAVES: usize = 3;

/// How many neighbours of each side of a pair the judge is shown.
const JUDGE_NEIGHBOURS: usize = 8;

/// How many of a relationship word's edges the judge is shown.
const WORD_EXAMPLES: usize = 3;

/// How many entities of an entity type the judge is shown.
const TYPE_EXAMPLES: usize = 3;

/// The model as the judge of pairs the structure cannot decide: an LLM client (whose
/// usage is the run's), the prompts (`identity_judge`), and what it was asked ahead in
/// this run, when it was ([`App::judge_ahead`]).
#[derive(Clone, Copy)]
pub struct Judge<'a> {
    pub llm: &'a dyn Llm,
    pub prompts: &'a Prompts,
    pub ahead: Option<&'a JudgedAhead>,
}

/// The judge's answers given ahead of the review that uses them (see
/// [`App::judge_ahead`]), by question: a pair by its names, a relationship word, an
/// entity type. The review takes from here what it would ask again and asks only the
/// rest (the memory may have grown since: new pairs, not new answers to old ones). A
/// batch whose call failed holds nothing, and is asked again.
#[derive(Default)]
pub struct JudgedAhead(std::sync::Mutex<Held>);

#[derive(Default, Clone)]
struct Held {
    pairs: HashMap<(String, String), Verdict>,
    words: HashMap<String, WordDecision>,
    types: HashMap<String, TypeDecision>,
}

impl JudgedAhead {
    fn held(&self) -> Held {
        self.0.lock().map(|h| h.clone()).unwrap_or_default()
    }

    fn hold(
        &self,
        batch: &[&Suggestion],
        verdicts: Vec<Verdict>,
        placed: Vec<WordDecision>,
        typed: Vec<TypeDecision>,
    ) {
        if let Ok(mut held) = self.0.lock() {
            for (s, verdict) in batch.iter().zip(verdicts) {
                held.pairs
                    .insert((s.merge.clone(), s.into.clone()), verdict);
            }
            for d in placed {
                held.words.insert(d.word.clone(), d);
            }
            for d in typed {
                held.types.insert(d.kind.clone(), d);
            }
        }
    }
}

/// The `[identity]` table of `archie.toml`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct IdentitySection {
    /// Whether the model judges the pairs the structure cannot decide (default true).
    judge: Option<bool>,
}

/// Whether the judge is on: off with `--no-judge` (`no_judge`), else as `judge` under
/// `[identity]` in `archie.toml` says (on when it says nothing).
pub fn judge_on(no_judge: bool, memory_file: &Path) -> Result<bool, crate::config::ConfigError> {
    if no_judge {
        return Ok(false);
    }
    let folder = memory_file.parent().unwrap_or(Path::new(""));
    let lookup = |name: &str| std::env::var(name).ok();
    let section: IdentitySection = crate::config::section("identity", folder, &lookup)?;
    Ok(section.judge.unwrap_or(true))
}

/// How many calls the judge makes for `questions` questions (pairs of names and
/// relationship words, batched together).
pub fn judge_calls(questions: usize) -> usize {
    questions.div_ceil(JUDGE_BATCH)
}

/// The questions a judge would be asked about `memory` now: pairs of names the
/// structure cannot decide (not asked before), as many as the first wave asks (all when
/// they fit the run's bound, else one per name: all that is asked when the answers say
/// `same`; see [`Wave`]), relationship words and entity types the vocabulary cannot
/// place (not placed before).
pub fn judge_questions(memory: &Memory) -> (usize, usize, usize) {
    let known = memory.decisions();
    let found = pairs_found(memory, true);
    let ask: Vec<usize> = (0..found.len())
        .filter(|&n| !found[n].certain && !known.judged_unsure(&found[n].merge, &found[n].into))
        .collect();
    let pairs = Wave::of(
        &found,
        &ask,
        &vec![None; ask.len()],
        judge_max_pairs(),
        false,
    )
    .ask
    .len();
    (
        pairs,
        memory.unplaced_words(0).len(),
        memory.unplaced_types(0).len(),
    )
}

/// The pairs a review decides: the rules' ([`Memory::duplicates`]), and with a judge the
/// wider net's ([`Memory::judge_candidates`]), best first within each.
fn pairs_found(memory: &Memory, judged: bool) -> Vec<Suggestion> {
    let mut found = memory.duplicates();
    if judged {
        found.extend(memory.judge_candidates(&found));
    }
    found
}

/// The judge's answer for one pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Same,
    Different,
    Unsure,
}

/// The judge's reply, as the schema asks for it.
#[derive(Debug, Deserialize, JsonSchema)]
struct Verdicts {
    #[serde(default)]
    answers: Vec<PairVerdict>,
    /// What each relationship word asked means.
    #[serde(default)]
    words: Vec<WordVerdict>,
    /// What each entity type asked is.
    #[serde(default)]
    types: Vec<TypeVerdict>,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct TypeVerdict {
    /// The type's number, as it was asked.
    #[serde(rename = "type")]
    number: u32,
    /// One of the vocabulary's entity types, or `keep`.
    means: String,
}

/// One decision per entity type asked (`asked`, numbered from 1): a clean answer of one
/// of the vocabulary's types places it; `keep`, anything else (another word, a number
/// not asked, two answers for one type) keeps it as it is.
fn read_types(reply: &Verdicts, asked: &[String]) -> Vec<TypeDecision> {
    let answers = reply.types.iter().map(|v| {
        let means = snake(&v.means);
        (
            v.number,
            type_vocabulary().any(|t| t == means).then_some(means),
        )
    });
    asked
        .iter()
        .zip(clean_answers(answers, asked.len()))
        .map(|(kind, placed)| TypeDecision {
            kind: kind.clone(),
            means: placed.unwrap_or_else(|| kind.clone()),
        })
        .collect()
}

/// For each of `asked` questions (numbered from 1), the one clean placement its answers
/// give: `None` when it has none, only junk, or two that disagree; answers to a number
/// not asked are ignored.
fn clean_answers<T: PartialEq>(
    answers: impl Iterator<Item = (u32, Option<T>)>,
    asked: usize,
) -> Vec<Option<T>> {
    let mut seen: HashMap<u32, Option<T>> = HashMap::new();
    for (number, placed) in answers {
        if number == 0 || number as usize > asked {
            continue;
        }
        seen.entry(number)
            .and_modify(|old| {
                if *old != placed {
                    *old = None;
                }
            })
            .or_insert(placed);
    }
    (1..=asked as u32)
        .map(|n| seen.remove(&n).flatten())
        .collect()
}

#[derive(Debug, Deserialize, JsonSchema)]
struct WordVerdict {
    /// The word's number, as it was asked.
    word: u32,
    /// One of the prompt's relationship words, or `keep`.
    means: String,
    /// Whether the word names the relationship from its object's end (`is fed by`).
    #[serde(default)]
    reversed: bool,
}

/// One decision per relationship word asked (`asked`, numbered from 1): a clean answer
/// of one of the prompt's words places it; `keep`, anything else (another word, a
/// number not asked, two answers for one word) keeps it as it is.
fn read_words(reply: &Verdicts, asked: &[String]) -> Vec<WordDecision> {
    let answers = reply.words.iter().map(|v| {
        let means = snake(&v.means);
        (
            v.word,
            is_vocabulary_word(&means).then_some((means, v.reversed)),
        )
    });
    asked
        .iter()
        .zip(clean_answers(answers, asked.len()))
        .map(|(word, placed)| {
            let (means, reversed) = placed.unwrap_or_else(|| (word.clone(), false));
            WordDecision {
                word: word.clone(),
                means,
                reversed,
            }
        })
        .collect()
}

#[derive(Debug, Deserialize, JsonSchema)]
struct PairVerdict {
    /// The pair's number, as it was asked.
    pair: u32,
    /// `same`, `different` or `unsure`.
    answer: String,
}

/// One verdict per pair asked (`asked` pairs, numbered from 1): a clean `same` or
/// `different` counts; anything else (another word, a number not asked, two answers for
/// one pair) is `unsure`.
fn read_verdicts(reply: &Verdicts, asked: usize) -> Vec<Verdict> {
    let mut seen: HashMap<u32, Option<Verdict>> = HashMap::new();
    for v in &reply.answers {
        if v.pair == 0 || v.pair as usize > asked {
            continue;
        }
        let verdict = match v.answer.trim().to_ascii_lowercase().as_str() {
            "same" => Some(Verdict::Same),
            "different" => Some(Verdict::Different),
            _ => None,
        };
        seen.entry(v.pair)
            .and_modify(|old| {
                if *old != verdict {
                    *old = None;
                }
            })
            .or_insert(verdict);
    }
    (1..=asked as u32)
        .map(|n| seen.get(&n).copied().flatten().unwrap_or(Verdict::Unsure))
        .collect()
}

/// What becomes of one pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Decision {
    Merge(Decider),
    KeepApart(Decider),
    /// The model was not sure: the human's (and not asked of the model again).
    Unsure,
    Later,
}

const OPTIONS: [&str; 4] = ["merge", "keep apart", "merge all the rest", "decide later"];

/// The memory with the relationship words and entity types the model placed in an
/// earlier run written in what they mean (no call), saved; `None` when there were none.
fn with_remembered_placements(
    file: &MemoryFile,
    memory: &crate::memory::Memory,
) -> anyhow::Result<Option<crate::memory::Memory>> {
    if memory.with_placed_words().is_none() && memory.with_placed_types().is_none() {
        return Ok(None);
    }
    let ((), placed, _) = file.update(|m| {
        if let Some(out) = m.with_placed_words() {
            *m = out;
        }
        if let Some(out) = m.with_placed_types() {
            *m = out;
        }
    })?;
    Ok(Some(placed))
}

/// What a review of duplicates says: the merges, the pairs kept apart and left for
/// later, what the judge was asked and what it placed.
fn duplicates_event(
    merges: Vec<MergedPair>,
    kept_apart: usize,
    judged: u64,
    placed: &[WordDecision],
    typed: &[TypeDecision],
    pending: Vec<Suggestion>,
) -> Event {
    Event::Duplicates {
        merged: merges.len() as u64,
        kept_apart: kept_apart as u64,
        judged,
        words: placed
            .iter()
            .map(|d| PlacedWord {
                word: d.word.clone(),
                means: d.means.clone(),
                reversed: d.reversed,
            })
            .collect(),
        types: typed
            .iter()
            .map(|d| PlacedType {
                kind: d.kind.clone(),
                means: d.means.clone(),
            })
            .collect(),
        merges,
        pending: pending
            .into_iter()
            .map(|s| DuplicatePair {
                merge: s.merge,
                into: s.into,
                score: s.score,
                why: s.why,
            })
            .collect(),
    }
}

/// The most pairs the judge is asked about in one review ([`JUDGE_MAX_PAIRS`], or
/// `ARCHIE_JUDGE_MAX_PAIRS`).
fn judge_max_pairs() -> usize {
    crate::env_vars::env_knob(crate::env_vars::EnvVars::ARCHIE_JUDGE_MAX_PAIRS)
        .and_then(|v| v.parse().ok())
        .unwrap_or(JUDGE_MAX_PAIRS)
}

/// What a review asks about a memory: the pairs found (best first), the decision the
/// structure already made for each, which of them are the judge's (with a judge only),
/// how many it may still be asked about in this run (of [`JUDGE_MAX_PAIRS`]), and the
/// relationship words and entity types the vocabulary cannot place (with a judge only).
struct Questions {
    memory: Memory,
    found: Vec<Suggestion>,
    decisions: Vec<Option<Decision>>,
    ask: Vec<usize>,
    room: usize,
    words: Vec<(String, Vec<[String; 2]>)>,
    types: Vec<(String, Vec<String>)>,
}

impl Questions {
    /// The questions about the memory in `file`, with or without a judge, `asked` pairs
    /// of the review's bound asked already; `None` when there is no memory file.
    fn of(file: &MemoryFile, judging: bool, asked: usize) -> anyhow::Result<Option<Self>> {
        let Some((mut memory, _)) = MemoryFile::read(file.path())? else {
            return Ok(None);
        };
        if let Some(placed) = with_remembered_placements(file, &memory)? {
            memory = placed;
        }
        let (words, types) = if judging {
            (
                memory.unplaced_words(WORD_EXAMPLES),
                memory.unplaced_types(TYPE_EXAMPLES),
            )
        } else {
            (Vec::new(), Vec::new())
        };
        let found = pairs_found(&memory, judging);
        let known = memory.decisions();
        let decisions: Vec<Option<Decision>> = found
            .iter()
            .map(|s| s.certain.then_some(Decision::Merge(Decider::Rule)))
            .collect();
        // The model judges what the structure cannot decide, once per pair.
        let ask: Vec<usize> = (0..found.len())
            .filter(|&n| decisions[n].is_none())
            .filter(|&n| !known.judged_unsure(&found[n].merge, &found[n].into))
            .collect();
        // The bound is on what the judge is asked, not on what it may decide: a pair
        // that answers of others decide is not asked (see `Wave`).
        let room = judge_max_pairs().saturating_sub(asked);
        Ok(Some(Self {
            memory,
            found,
            decisions,
            ask,
            room,
            words,
            types,
        }))
    }

    /// Whether there is anything to decide.
    fn is_empty(&self) -> bool {
        self.found.is_empty() && self.words.is_empty() && self.types.is_empty()
    }

    /// Whether the judge has questions.
    fn for_the_judge(&self) -> bool {
        !self.ask.is_empty() || !self.words.is_empty() || !self.types.is_empty()
    }
}

/// How many times a review looks for pairs: again after a round that merged (the
/// merged names' neighbours are then one node, which another name may share).
const REVIEW_ROUNDS: usize = 3;

/// What the rounds of a review decided, for the one event that says so.
#[derive(Default)]
struct Reviewed {
    found: usize,
    judged: u64,
    merges: Vec<MergedPair>,
    kept_apart: usize,
    placed: Vec<WordDecision>,
    typed: Vec<TypeDecision>,
}

impl Reviewed {
    fn count(&mut self, found: &[Suggestion], decisions: &[Decision]) {
        for (s, d) in found.iter().zip(decisions) {
            match d {
                Decision::Merge(by) => self.merges.push(MergedPair {
                    merge: s.merge.clone(),
                    into: s.into.clone(),
                    by: decider_word(*by).into(),
                }),
                Decision::KeepApart(_) => self.kept_apart += 1,
                Decision::Unsure | Decision::Later => {}
            }
        }
    }

    fn event(&mut self, pending: Vec<Suggestion>) -> Event {
        duplicates_event(
            std::mem::take(&mut self.merges),
            self.kept_apart,
            self.judged,
            &self.placed,
            &self.typed,
            pending,
        )
    }
}

/// The judge's questions in batches of [`JUDGE_BATCH`]: pairs first, then relationship
/// words, then entity types, together in one numbering.
/// One wave of the judge's questions about the pairs of a review (positions in its
/// `ask`, as its answers are). Names that answers `same` made one are one thing: a pair
/// of two such names is decided by those answers (`implied`), not asked, and so is a
/// pair of two things answered `different` by way of two other of their names. The rest
/// are asked at once when they fit in the room left (the run's bound). When they do
/// not, a wave asks, best first, only a pair that joins two names no pair before it in
/// the wave joins: a thing written eight ways costs seven questions, not twenty-eight,
/// and two such things one more. A pair a wave leaves out is asked in a later one unless
/// the answers have decided it by then.
#[derive(Default)]
struct Wave {
    ask: Vec<usize>,
    implied: Vec<(usize, Verdict)>,
}

impl Wave {
    fn plan(questions: &Questions, verdicts: &[Option<Verdict>], room: usize, last: bool) -> Wave {
        Self::of(&questions.found, &questions.ask, verdicts, room, last)
    }

    /// [`Wave::plan`] of the pairs `ask` of `found`; the `last` wave asks every pair not
    /// decided yet.
    fn of(
        found: &[Suggestion],
        ask: &[usize],
        verdicts: &[Option<Verdict>],
        room: usize,
        last: bool,
    ) -> Wave {
        let mut ids: HashMap<&str, usize> = HashMap::new();
        let pairs: Vec<[usize; 2]> = ask
            .iter()
            .map(|&n| {
                let s = &found[n];
                [&s.merge, &s.into].map(|name| {
                    let next = ids.len();
                    *ids.entry(name.as_str()).or_insert(next)
                })
            })
            .collect();
        let mut answered = Joined::new(ids.len());
        for (pair, verdict) in pairs.iter().zip(verdicts) {
            if *verdict == Some(Verdict::Same) {
                answered.join(*pair);
            }
        }
        // Two things said to be different: every name of one and every name of the other.
        let mut apart: HashSet<[usize; 2]> = HashSet::new();
        for (&[a, b], verdict) in pairs.iter().zip(verdicts) {
            if *verdict == Some(Verdict::Different) {
                let (a, b) = (answered.root(a), answered.root(b));
                apart.insert([a.min(b), a.max(b)]);
            }
        }
        let mut wave = Wave::default();
        let mut open = Vec::new();
        for (k, (&pair, verdict)) in pairs.iter().zip(verdicts).enumerate() {
            if verdict.is_some() {
                continue;
            }
            let [a, b] = pair.map(|x| answered.root(x));
            if a == b {
                wave.implied.push((k, Verdict::Same));
            } else if apart.contains(&[a.min(b), a.max(b)]) {
                wave.implied.push((k, Verdict::Different));
            } else {
                open.push(k);
            }
        }
        // All at once when they fit (one wait on the judge, whatever it answers).
        if last || open.len() <= room {
            open.truncate(room);
            wave.ask = open;
            return wave;
        }
        let mut planned = answered;
        for k in open {
            if wave.ask.len() < room && planned.join(pairs[k]) {
                wave.ask.push(k);
            }
        }
        wave
    }

    /// The pairs this wave asks.
    fn pairs<'q>(&self, questions: &'q Questions) -> impl Iterator<Item = &'q Suggestion> {
        self.ask.iter().map(|&k| &questions.found[questions.ask[k]])
    }
}

struct Batches<'b> {
    pairs: Vec<&'b Suggestion>,
    words: Vec<&'b (String, Vec<[String; 2]>)>,
    types: Vec<&'b (String, Vec<String>)>,
}

impl<'b> Batches<'b> {
    /// The first wave of `questions` (see [`Wave`]) with every word and type.
    fn first(questions: &'b Questions) -> Self {
        let unanswered = vec![None; questions.ask.len()];
        let wave = Wave::plan(questions, &unanswered, questions.room, false);
        Self {
            pairs: wave.pairs(questions).collect(),
            words: questions.words.iter().collect(),
            types: questions.types.iter().collect(),
        }
    }

    fn total(&self) -> usize {
        self.pairs.len() + self.words.len() + self.types.len()
    }

    /// Where each batch starts in the numbering.
    fn starts(&self) -> Vec<usize> {
        (0..self.total()).step_by(JUDGE_BATCH).collect()
    }

    /// The pairs, words and types of the batch at `start`.
    #[allow(clippy::type_complexity)]
    fn of(
        &self,
        start: usize,
    ) -> (
        &[&'b Suggestion],
        &[&'b (String, Vec<[String; 2]>)],
        &[&'b (String, Vec<String>)],
    ) {
        let end = (start + JUDGE_BATCH).min(self.total());
        let pairs = self.pairs.len();
        (
            part(&self.pairs, start, end, 0),
            part(&self.words, start, end, pairs),
            part(&self.types, start, end, pairs + self.words.len()),
        )
    }

    /// How many questions the batch at `start` asks.
    fn questions(&self, start: usize) -> usize {
        (start + JUDGE_BATCH).min(self.total()) - start
    }

    /// The prompt that asks the batch at `start` about `memory`.
    fn prompt(&self, prompts: &Prompts, memory: &Memory, start: usize) -> anyhow::Result<String> {
        let (batch, words, types) = self.of(start);
        let lines: Vec<String> = batch
            .iter()
            .enumerate()
            .map(|(n, s)| {
                json!({
                    "pair": n + 1,
                    "a": memory.judge_side(&s.merge, JUDGE_NEIGHBOURS),
                    "b": memory.judge_side(&s.into, JUDGE_NEIGHBOURS),
                })
                .to_string()
            })
            .collect();
        let word_lines: Vec<String> = words
            .iter()
            .enumerate()
            .map(|(n, (word, used))| {
                json!({
                    "word": n + 1,
                    "phrase": crate::memory::relationship_words(word),
                    "used": used.iter().map(|[a, b]| format!("{a} → {b}")).collect::<Vec<_>>(),
                })
                .to_string()
            })
            .collect();
        let type_lines: Vec<String> = types
            .iter()
            .enumerate()
            .map(|(n, (kind, named))| {
                json!({
                    "type": n + 1,
                    "written": kind.replace('_', " "),
                    "entities": named,
                })
                .to_string()
            })
            .collect();
        Ok(prompts.render(
            "identity_judge",
            json!({
                "pairs": lines.join("\n"),
                "words": word_lines.join("\n"),
                "types": type_lines.join("\n"),
                "type_vocabulary": type_vocabulary().collect::<Vec<_>>().join(", "),
                "vocabulary": vocabulary().collect::<Vec<_>>().join(", "),
            }),
        )?)
    }
}

/// One batch's `prompt` asked of the model: its answer, or why there is none.
async fn ask_judge(llm: &dyn Llm, prompt: String, questions: usize) -> Result<Verdicts, String> {
    // The answer is a short JSON line per question: bounded by them, so a small model
    // that rambles stops there (and counts as unsure).
    let request = Request::new(vec![Message::user(prompt)])
        .temperature(0.0)
        .max_tokens(JUDGE_ANSWER_TOKENS + JUDGE_TOKENS_PER_QUESTION * questions as u32)
        .cache(true);
    llm.structured_with::<Verdicts>(request)
        .await
        .map_err(|err| format!("{:#}", anyhow::Error::from(err)))
}

impl App {
    /// Asks the judge now what the end of the run will ask it about the memory in `file`,
    /// so that its answers are in the response cache by then: started once extraction
    /// has been saved, while the run's last step (the overview, the conversation) goes
    /// on, it takes the judge's round off the run's end. Said nothing of: a question
    /// whose answer failed or changed by then is asked again at the end, and said there.
    pub async fn judge_ahead(&self, file: &MemoryFile, judge: Judge<'_>) {
        let Some(ahead) = judge.ahead else {
            return;
        };
        let Ok(Some(questions)) = Questions::of(file, true, 0) else {
            return;
        };
        let batches = Batches::first(&questions);
        let memory = &questions.memory;
        let starts = batches.starts();
        let replies = futures_util::future::join_all(starts.iter().map(|&start| {
            let batches = &batches;
            async move {
                let prompt = batches.prompt(judge.prompts, memory, start).ok()?;
                ask_judge(judge.llm, prompt, batches.questions(start))
                    .await
                    .ok()
            }
        }))
        .await;
        for (&start, reply) in starts.iter().zip(replies) {
            let Some(reply) = reply else { continue };
            let (batch, words, types) = batches.of(start);
            let words: Vec<String> = words.iter().map(|(w, _)| w.clone()).collect();
            let types: Vec<String> = types.iter().map(|(t, _)| t.clone()).collect();
            ahead.hold(
                batch,
                read_verdicts(&reply, batch.len()),
                read_words(&reply, &words),
                read_types(&reply, &types),
            );
        }
    }

    /// Finds the pairs of entities in the memory file that are probably one thing and
    /// decides them (see the module's doc), with `judge` when there is one. Pairs kept
    /// apart before are not found again; pending ones are asked again. Returns how many
    /// pairs were found.
    pub async fn review_duplicates(
        &self,
        file: &MemoryFile,
        judge: Option<Judge<'_>>,
    ) -> anyhow::Result<usize> {
        let mut so_far = Reviewed::default();
        let mut merged_any = false;
        for round in 1..=REVIEW_ROUNDS {
            let Some(questions) = Questions::of(file, judge.is_some(), so_far.judged as usize)?
            else {
                if merged_any {
                    file.update(Memory::readable_names)?;
                }
                return Ok(0);
            };
            if questions.is_empty() {
                let pending = !questions.memory.decisions().pending.is_empty();
                if pending || merged_any {
                    file.update(|m| {
                        let mut d = m.decisions();
                        d.pending.clear();
                        m.set_decisions(&d);
                        // The last write of a review that merged (see `apply`).
                        if merged_any {
                            m.readable_names();
                        }
                    })?;
                }
                if so_far.found > 0 {
                    self.events.emit(so_far.event(Vec::new()));
                }
                return Ok(so_far.found);
            }
            let known = questions.memory.decisions();
            let found = &questions.found;
            let mut decisions = questions.decisions.clone();
            let mut placed: Vec<WordDecision> = Vec::new();
            let mut typed: Vec<TypeDecision> = Vec::new();
            if let Some(judge) = judge
                && questions.for_the_judge()
            {
                // What the judge answered ahead is taken; the rest is asked now, in waves.
                let held = judge.ahead.map(JudgedAhead::held).unwrap_or_default();
                let mut verdicts: Vec<Option<Verdict>> = questions
                    .ask
                    .iter()
                    .map(|&n| {
                        let s = &found[n];
                        held.pairs.get(&(s.merge.clone(), s.into.clone())).copied()
                    })
                    .collect();
                placed.extend(
                    questions
                        .words
                        .iter()
                        .filter_map(|(w, _)| held.words.get(w).cloned()),
                );
                typed.extend(
                    questions
                        .types
                        .iter()
                        .filter_map(|(t, _)| held.types.get(t).cloned()),
                );
                let mut words: Vec<_> = questions
                    .words
                    .iter()
                    .filter(|(w, _)| !held.words.contains_key(w))
                    .collect();
                let mut types: Vec<_> = questions
                    .types
                    .iter()
                    .filter(|(t, _)| !held.types.contains_key(t))
                    .collect();
                let mut room = questions.room;
                let mut implied = 0;
                for waves in 1.. {
                    // After the last, only what its answers decide.
                    let done = waves > JUDGE_WAVES;
                    let wave = Wave::plan(
                        &questions,
                        &verdicts,
                        if done { 0 } else { room },
                        waves == JUDGE_WAVES,
                    );
                    for &(k, verdict) in &wave.implied {
                        verdicts[k] = Some(verdict);
                    }
                    implied += wave.implied.len();
                    let batches = Batches {
                        pairs: wave.pairs(&questions).collect(),
                        words: std::mem::take(&mut words),
                        types: std::mem::take(&mut types),
                    };
                    if done || batches.total() == 0 {
                        break;
                    }
                    let (asked, decided, decided_types, failures) =
                        self.judge(judge, &questions.memory, &batches).await;
                    for message in failures {
                        self.events.emit(Event::Warning { message });
                    }
                    for (&k, verdict) in wave.ask.iter().zip(asked) {
                        verdicts[k] = Some(verdict);
                    }
                    room -= wave.ask.len();
                    placed.extend(decided);
                    typed.extend(decided_types);
                }
                let beyond = verdicts.iter().filter(|v| v.is_none()).count();
                if beyond > 0 {
                    self.events.emit(Event::Warning {
                        message: format!(
                            "{} for the judge beyond the {} it is asked about in one run: left pending; `archie memory dedupe` goes on with them",
                            crate::text::count(beyond as u64, "pair of names", "pairs of names"),
                            judge_max_pairs(),
                        ),
                    });
                }
                so_far.judged += (questions.ask.len() - beyond - implied) as u64;
                for (&n, verdict) in questions.ask.iter().zip(verdicts) {
                    decisions[n] = Some(match verdict {
                        Some(Verdict::Same) => Decision::Merge(Decider::Model),
                        Some(Verdict::Different) => Decision::KeepApart(Decider::Model),
                        Some(Verdict::Unsure) => Decision::Unsure,
                        None => Decision::Later,
                    });
                }
            }
            so_far.found += found.len();
            so_far.placed.extend(placed.iter().cloned());
            so_far.typed.extend(typed.iter().cloned());
            // What was merged may meet what it could not before (a name's neighbours,
            // now one node, are the ones of another name's): the next round looks again,
            // and the person is asked only at the last.
            let merged = decisions
                .iter()
                .any(|d| matches!(d, Some(Decision::Merge(_))));
            merged_any |= merged;
            if merged && round < REVIEW_ROUNDS {
                let decided: Vec<Decision> = decisions
                    .iter()
                    .map(|d| d.unwrap_or(Decision::Later))
                    .collect();
                so_far.count(found, &decided);
                file.update(|m| {
                    apply(m, found, &decided, None, false);
                    place_words(m, &placed);
                    place_types(m, &typed);
                })?;
                continue;
            }
            // The person decides the rest.
            let rest: Vec<usize> = (0..found.len())
                .filter(|&n| matches!(decisions[n], None | Some(Decision::Unsure)))
                .collect();
            let asked: Vec<Suggestion> = rest.iter().map(|&n| found[n].clone()).collect();
            let answers = self.decide(&asked).await?;
            for (&n, answer) in rest.iter().zip(answers) {
                if answer != Decision::Later || decisions[n].is_none() {
                    decisions[n] = Some(answer);
                }
            }
            let decisions: Vec<Decision> = decisions
                .into_iter()
                .map(|d| d.unwrap_or(Decision::Later))
                .collect();
            so_far.count(found, &decisions);
            let pending: Vec<Suggestion> = found
                .iter()
                .zip(&decisions)
                .filter(|(_, d)| matches!(d, Decision::Later | Decision::Unsure))
                .map(|(s, _)| s.clone())
                .collect();
            // Nothing decided and the pairs already listed in the file: nothing to write.
            let unsure = decisions.contains(&Decision::Unsure);
            let changed = decisions
                .iter()
                .any(|d| matches!(d, Decision::Merge(_) | Decision::KeepApart(_)));
            if changed
                || merged_any
                || unsure
                || known.pending != pending
                || !placed.is_empty()
                || !typed.is_empty()
            {
                file.update(|m| {
                    apply(m, found, &decisions, Some(&pending), merged_any);
                    place_words(m, &placed);
                    place_types(m, &typed);
                })?;
            }
            self.events.emit(so_far.event(pending));
            break;
        }
        Ok(so_far.found)
    }

    /// The judge's verdict on each pair and what each relationship word means, pairs
    /// and words together in batches of [`JUDGE_BATCH`] questions. A batch whose call fails or whose
    /// answer cannot be read leaves its pairs unsure and its words unplaced and not
    /// remembered (and says why, in the last part, for the caller to warn): nothing
    /// merges or moves on a malformed answer.
    async fn judge(
        &self,
        judge: Judge<'_>,
        memory: &Memory,
        batches: &Batches<'_>,
    ) -> (
        Vec<Verdict>,
        Vec<WordDecision>,
        Vec<TypeDecision>,
        Vec<String>,
    ) {
        let mut failures = Vec::new();
        let mut out = Vec::with_capacity(batches.pairs.len());
        let mut placed = Vec::with_capacity(batches.words.len());
        let mut typed = Vec::with_capacity(batches.types.len());
        let starts = batches.starts();
        // The batches are asked at once: the client's limiter bounds how many run
        // together, and a wide net's many batches do not wait on each other.
        let replies = futures_util::future::join_all(starts.iter().map(|&start| async move {
            let prompt = batches
                .prompt(judge.prompts, memory, start)
                .map_err(|err| format!("{err:#}"))?;
            ask_judge(judge.llm, prompt, batches.questions(start)).await
        }))
        .await;
        for (&start, asked) in starts.iter().zip(replies) {
            let (batch, batch_words, batch_types) = batches.of(start);
            match asked {
                Ok(reply) => {
                    out.extend(read_verdicts(&reply, batch.len()));
                    let asked: Vec<String> = batch_words.iter().map(|(w, _)| w.clone()).collect();
                    placed.extend(read_words(&reply, &asked));
                    let asked: Vec<String> = batch_types.iter().map(|(t, _)| t.clone()).collect();
                    typed.extend(read_types(&reply, &asked));
                }
                Err(err) => {
                    let what = [
                        (batch.len(), "pair", "pairs"),
                        (batch_words.len(), "relationship word", "relationship words"),
                        (batch_types.len(), "entity type", "entity types"),
                    ]
                    .into_iter()
                    .filter(|(n, _, _)| *n > 0)
                    .map(|(n, one, many)| crate::text::count(n as u64, one, many))
                    .collect::<Vec<_>>()
                    .join(" and ");
                    failures.push(format!(
                        "the model could not judge {what}: {err}; left to you"
                    ));
                    out.extend(std::iter::repeat_n(Verdict::Unsure, batch.len()));
                }
            }
        }
        (out, placed, typed, failures)
    }

    /// One decision per pair: asked at a terminal, left for later otherwise (also under
    /// `--yes`: a person's yes is not a decision about names they were not shown).
    async fn decide(&self, found: &[Suggestion]) -> anyhow::Result<Vec<Decision>> {
        if found.is_empty() || self.settings.yes || !self.interactive {
            return Ok(vec![Decision::Later; found.len()]);
        }
        let terminal = Terminal::new(self.ui.clone());
        let mut out = Vec::with_capacity(found.len());
        let total = found.len();
        for (n, s) in found.iter().enumerate() {
            let ask = format!("Merge `{}` into `{}` ({})?", s.merge, s.into, s.why);
            let text = if n == 0 {
                let pairs = if total == 1 {
                    "1 pair looks"
                } else {
                    "pairs look"
                };
                let count = if total == 1 {
                    String::new()
                } else {
                    format!("{total} ")
                };
                format!("{count}{pairs} like one thing. {ask}")
            } else {
                ask
            };
            let question = Question {
                text,
                kind: QuestionKind::Choose {
                    options: OPTIONS.iter().map(|o| (*o).to_string()).collect(),
                },
                prompt: None,
                commands: Vec::new(),
            };
            use crate::graph::interrupt::Prompter as _;
            // A prompter's error is boxed: Ctrl-C is told apart here, so the edge still
            // finds it.
            let answer = match terminal.ask(&question).await {
                Ok(answer) => answer,
                Err(err) if crate::error::is_interrupted(err.as_ref()) => {
                    return Err(crate::error::Interrupted.into());
                }
                Err(err) => return Err(anyhow::Error::from_boxed(err)),
            };
            match answer {
                Some(Answer::Choice { index: 0, .. }) => out.push(Decision::Merge(Decider::Person)),
                Some(Answer::Choice { index: 1, .. }) => {
                    out.push(Decision::KeepApart(Decider::Person));
                }
                Some(Answer::Choice { index: 2, .. }) => {
                    out.resize(total, Decision::Merge(Decider::Person));
                    break;
                }
                _ => out.push(Decision::Later),
            }
        }
        out.resize(total, Decision::Later);
        Ok(out)
    }
}

/// Who decided, as the `result` event and the terminal say it.
fn decider_word(by: Decider) -> &'static str {
    match by {
        Decider::Rule => "rule",
        Decider::Model => "model",
        Decider::Person => "person",
    }
}

/// The part of `list` that questions `start..end` of a batch hold, when `list`'s
/// questions are numbered from `offset`.
fn part<T>(list: &[T], start: usize, end: usize, offset: usize) -> &[T] {
    let from = start.saturating_sub(offset).min(list.len());
    let to = end.saturating_sub(offset).min(list.len());
    &list[from..to.max(from)]
}

/// Remembers what the model said each entity type is, and retypes the memory's
/// entities.
fn place_types(memory: &mut Memory, placed: &[TypeDecision]) {
    if placed.is_empty() {
        return;
    }
    let mut all = memory.decisions();
    for d in placed {
        all.place_type(d.clone());
    }
    memory.set_decisions(&all);
    if let Some(out) = memory.with_placed_types() {
        *memory = out;
    }
}

/// Remembers what the model said each relationship word means, and writes the memory's
/// edges in it.
fn place_words(memory: &mut Memory, placed: &[WordDecision]) {
    if placed.is_empty() {
        return;
    }
    let mut all = memory.decisions();
    for d in placed {
        all.place_word(d.clone());
    }
    memory.set_decisions(&all);
    if let Some(out) = memory.with_placed_words() {
        *memory = out;
    }
}

/// Writes the decisions into `memory`: merges made (in order, one into another merged
/// before it going where that went; see [`Memory::merge_all`]), pairs kept apart
/// remembered, pairs the model was unsure of remembered, pending ones listed.
fn apply(
    memory: &mut Memory,
    found: &[Suggestion],
    decisions: &[Decision],
    pending: Option<&[Suggestion]>,
    readable: bool,
) {
    let merges: Vec<(&str, &str, Decider)> = found
        .iter()
        .zip(decisions)
        .filter_map(|(s, d)| match d {
            Decision::Merge(by) => Some((s.merge.as_str(), s.into.as_str(), *by)),
            _ => None,
        })
        .collect();
    if !merges.is_empty() {
        *memory = memory.merge_all(&merges).0;
    }
    let mut all = memory.decisions();
    for (s, d) in found.iter().zip(decisions) {
        match d {
            Decision::KeepApart(Decider::Model) => all.judge_apart(&s.merge, &s.into),
            Decision::KeepApart(_) => all.keep_apart(&s.merge, &s.into),
            Decision::Unsure => all.judge_unsure(&s.merge, &s.into),
            Decision::Merge(_) | Decision::Later => {}
        }
    }
    if let Some(pending) = pending {
        all.pending = pending.to_vec();
    }
    memory.set_decisions(&all);
    // The last write of a review whose merges brought spellings together: the most
    // readable is shown, as every save of a run shows it (`OrderEventsTopic`, not
    // `sns/eu-west-1/…/order-events`). Not between rounds: each round reads the names as
    // they were found.
    if readable {
        memory.readable_names();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(names: &[(&str, &str)]) -> Vec<Suggestion> {
        names
            .iter()
            .map(|(a, b)| Suggestion {
                merge: a.to_string(),
                into: b.to_string(),
                score: 0.5,
                why: String::new(),
                certain: false,
            })
            .collect()
    }

    #[test]
    fn a_wave_asks_what_the_answers_before_it_cannot_decide() {
        // A1..A3 one thing, B1..B2 another; every pair found, best first.
        let found = pairs(&[
            ("A1", "A2"),
            ("A1", "B1"),
            ("A2", "A3"),
            ("A1", "A3"),
            ("B1", "B2"),
            ("A2", "B2"),
            ("A3", "B1"),
        ]);
        let ask: Vec<usize> = (0..found.len()).collect();
        let mut verdicts = vec![None; ask.len()];
        // First: one pair per name more, whatever the answers will be (A1–B1 joins the
        // two sets, so A2–B2 and A3–B1 wait).
        let wave = Wave::of(&found, &ask, &verdicts, 5, false);
        assert_eq!(wave.ask, [0, 1, 2, 4]);
        assert!(wave.implied.is_empty());
        for (k, v) in [
            (0, Verdict::Same),
            (1, Verdict::Different),
            (2, Verdict::Same),
            (4, Verdict::Same),
        ] {
            verdicts[k] = Some(v);
        }
        // Then nothing is left to ask: A1–A3 is one by two answers, and A2–B2, A3–B1
        // are the two things answered different by way of A1–B1.
        let wave = Wave::of(&found, &ask, &verdicts, 1, false);
        assert!(wave.ask.is_empty());
        assert_eq!(
            wave.implied,
            [
                (3, Verdict::Same),
                (5, Verdict::Different),
                (6, Verdict::Different)
            ]
        );
        // An unsure answer decides nothing else: with A1–A2 unsure, A1–A3 is asked.
        verdicts = vec![None; ask.len()];
        verdicts[0] = Some(Verdict::Unsure);
        verdicts[2] = Some(Verdict::Same);
        let wave = Wave::of(&found, &ask, &verdicts, 4, false);
        assert!(wave.ask.contains(&3), "{:?}", wave.ask);
    }

    #[test]
    fn a_wave_asks_no_more_than_its_room_and_all_when_they_fit_or_it_is_the_last() {
        let found = pairs(&[("A", "B"), ("B", "C"), ("A", "C"), ("C", "D")]);
        let ask: Vec<usize> = (0..found.len()).collect();
        let none = vec![None; ask.len()];
        assert_eq!(Wave::of(&found, &ask, &none, 2, false).ask, [0, 1]);
        assert_eq!(Wave::of(&found, &ask, &none, 3, false).ask, [0, 1, 3]);
        assert_eq!(Wave::of(&found, &ask, &none, 3, true).ask, [0, 1, 2]);
        // All at once when all fit: one wait on the judge.
        assert_eq!(Wave::of(&found, &ask, &none, 4, false).ask, [0, 1, 2, 3]);
    }

    fn reply(answers: &[(u32, &str)]) -> Verdicts {
        Verdicts {
            answers: answers
                .iter()
                .map(|(pair, answer)| PairVerdict {
                    pair: *pair,
                    answer: (*answer).to_string(),
                })
                .collect(),
            words: Vec::new(),
            types: Vec::new(),
        }
    }

    #[test]
    fn only_a_clean_vocabulary_word_places_a_relationship_word() {
        let asked: Vec<String> = ["fans_out_to", "is_fed_by", "mirrors", "tails", "syncs", "x"]
            .map(String::from)
            .to_vec();
        let said = |word: u32, means: &str, reversed: bool| WordVerdict {
            word,
            means: means.into(),
            reversed,
        };
        let reply = Verdicts {
            answers: Vec::new(),
            types: Vec::new(),
            words: vec![
                said(1, "publishes to", false),
                said(2, "PUBLISHES_TO", true),
                said(3, "keep", true),
                said(4, "streams", false),
                said(5, "calls", false),
                said(5, "reads_from", false),
                said(9, "calls", false),
                said(0, "calls", false),
            ],
        };
        let got: Vec<(String, bool)> = read_words(&reply, &asked)
            .into_iter()
            .map(|d| (d.means, d.reversed))
            .collect();
        let want = [
            ("publishes_to", false),
            ("publishes_to", true),
            ("mirrors", false),
            ("tails", false),
            ("syncs", false),
            ("x", false),
        ]
        .map(|(m, r)| (m.to_string(), r));
        assert_eq!(got, want);
    }

    #[test]
    fn only_a_clean_answer_for_a_pair_asked_counts() {
        use Verdict::*;
        let got = read_verdicts(
            &reply(&[
                (1, "same"),
                (2, " Different "),
                (3, "probably the same"),
                (4, "same"),
                (4, "different"),
                (9, "same"),
                (0, "same"),
                (6, "unsure"),
            ]),
            6,
        );
        assert_eq!(got, [Same, Different, Unsure, Unsure, Unsure, Unsure]);
        assert_eq!(read_verdicts(&reply(&[]), 2), [Unsure, Unsure]);
    }

    #[test]
    fn the_judge_is_asked_once_per_thirty_pairs() {
        assert_eq!(judge_calls(0), 0);
        assert_eq!(judge_calls(1), 1);
        assert_eq!(judge_calls(30), 1);
        assert_eq!(judge_calls(31), 2);
    }

    #[test]
    fn near_named_different_things_stay_apart_under_yes_without_a_judge() {
        // Twenty-two pairs of different things with near names, as an import brings them.
        let mut m = Memory::new();
        for (a, b, _) in NEAR_PAIRS {
            for name in [a, b] {
                let kind = crate::memory::identity::parts(name)
                    .kind
                    .map_or("service", crate::memory::identity::Kind::entity_type);
                m.upsert_entity(crate::memory::Entity::new(*name, kind));
            }
        }
        assert_eq!(m.entities().len(), 2 * NEAR_PAIRS.len());
        let found = m.duplicates();
        // What `--yes` does with no judge: the structure's merges only, and there are none.
        let decisions: Vec<Decision> = found
            .iter()
            .map(|s| {
                if s.certain {
                    Decision::Merge(Decider::Rule)
                } else {
                    Decision::Later
                }
            })
            .collect();
        let pending: Vec<Suggestion> = found.iter().filter(|s| !s.certain).cloned().collect();
        apply(&mut m, &found, &decisions, Some(&pending), false);
        assert_eq!(m.entities().len(), 2 * NEAR_PAIRS.len(), "{found:?}");
        assert!(m.decisions().merges.is_empty());
    }

    #[test]
    fn a_merge_the_judge_decides_shows_the_most_readable_of_the_names() {
        let mut m = Memory::new();
        m.upsert_entity(crate::memory::Entity::new(
            "sns/eu-west-1/1234/order-events",
            "queue",
        ));
        m.upsert_entity(crate::memory::Entity::new("OrderEventsTopic", "queue"));
        m.upsert_relationship(crate::memory::Relationship::new(
            "Order Service",
            "publishes_to",
            "OrderEventsTopic",
        ));
        let found = [Suggestion {
            merge: "OrderEventsTopic".into(),
            into: "sns/eu-west-1/1234/order-events".into(),
            score: 0.9,
            why: "judged".into(),
            certain: false,
        }];
        apply(
            &mut m,
            &found,
            &[Decision::Merge(Decider::Model)],
            None,
            true,
        );
        let topic = m
            .entity("sns/eu-west-1/1234/order-events")
            .expect("one channel");
        assert_eq!(topic.name, "OrderEventsTopic");
        let edges: Vec<(&str, &str, &str)> = m
            .relationships()
            .iter()
            .map(|r| (r.from.as_str(), r.kind.as_str(), r.to.as_str()))
            .collect();
        assert_eq!(
            edges,
            [("Order Service", "publishes_to", "OrderEventsTopic")]
        );
        assert_eq!(m.entities().len(), 2);
    }

    use crate::memory::identity::NEAR_PAIRS;
}
