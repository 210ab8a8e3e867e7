//! The model-like answerer: for an extraction request, the ground truth of the chunk it
//! asks about (found from the prompt's `Document:` line and `<excerpt>`), in archie's
//! extraction JSON, with names, types and relationship words as the document's facts
//! wrote them. For a judge request (pairs of names: one thing or two?), what a capable
//! model would say from the ground truth: `same` when both names are forms of one
//! component, `different` when of two, `unsure` when a name is no component's (a name no
//! document wrote is read by its aliases, when they agree). Anything
//! else (the overview of build-context) gets a short markdown.

use crate::corpus::{Corpus, Kind, Rel};
use crate::mock_llm::{MockRequest, Reply};
use crate::styles::{self, Set};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

pub struct Answerer {
    corpus: Arc<Corpus>,
    /// Surface form (case-folded) → component, for the judge.
    forms: HashMap<String, usize>,
    pub judge_calls: AtomicUsize,
    pub judged_pairs: AtomicUsize,
    pub judged_words: AtomicUsize,
    pub extraction_calls: AtomicUsize,
    /// Extraction requests whose document or excerpt the answerer could not place: each
    /// would be a hole in the measurement, so the bench stops when there is one.
    pub unrecognised: AtomicUsize,
    pub other_calls: AtomicUsize,
}

/// The overview the build-context call gets.
const OVERVIEW: &str = "<agent>## Purpose\n\nNovaMart is an e-commerce platform: a web shop, its services and their stores.\n\n## Key components\n\n- The web storefront and the API gateway in front of the services.\n- Checkout, orders, payments and inventory.\n\n## Interactions and data flows\n\nRequests enter at the gateway; orders flow from checkout to the order service and out as events.</agent>";

impl Answerer {
    pub fn new(corpus: Arc<Corpus>, forms: HashMap<String, usize>) -> Self {
        Self {
            corpus,
            forms,
            judge_calls: AtomicUsize::new(0),
            judged_pairs: AtomicUsize::new(0),
            judged_words: AtomicUsize::new(0),
            extraction_calls: AtomicUsize::new(0),
            unrecognised: AtomicUsize::new(0),
            other_calls: AtomicUsize::new(0),
        }
    }

    pub fn answer(&self, req: &MockRequest) -> Reply {
        let text = req.last("user").unwrap_or_default();
        if text.contains("are these pairs one thing or two") {
            self.judge_calls.fetch_add(1, Ordering::Relaxed);
            return Reply::json(self.judge(&text));
        }
        if !text.contains("<excerpt>") {
            self.other_calls.fetch_add(1, Ordering::Relaxed);
            return Reply::text(OVERVIEW);
        }
        self.extraction_calls.fetch_add(1, Ordering::Relaxed);
        match self.extract(&text) {
            Some(answer) => Reply::json(answer),
            None => {
                self.unrecognised.fetch_add(1, Ordering::Relaxed);
                Reply::json(json!({"entities": [], "relationships": []}))
            }
        }
    }

    /// The judge's answers: each pair's names looked up in the ground truth, and each
    /// relationship word asked placed as the corpus meant it (the prompt's word, turned
    /// round for a passive one); a word the corpus never wrote is kept.
    fn judge(&self, prompt: &str) -> Value {
        let words: Vec<Value> = prompt
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter_map(|v| {
                let n = v["word"].as_u64()?;
                let phrase = plain(v["phrase"].as_str()?);
                self.judged_words.fetch_add(1, Ordering::Relaxed);
                let meant = RELS.iter().find_map(|&rel| {
                    Set::ALL
                        .iter()
                        .flat_map(|&set| styles::rel_words(rel, set))
                        .find(|(word, _, _)| plain(word) == phrase)
                        .map(|&(_, _, passive)| (rel.word(), passive))
                });
                let (means, reversed) = meant.unwrap_or(("keep", false));
                Some(json!({"word": n, "means": means, "reversed": reversed}))
            })
            .collect();
        let mut out = self.judge_pairs(prompt);
        out["words"] = Value::Array(words);
        out["types"] = Value::Array(self.judge_types(prompt));
        out
    }

    /// Each entity type asked placed as the corpus meant it: the prompt's type of the
    /// kind whose type words hold it (`RDS instance` → `database`); one the corpus never
    /// wrote is kept.
    fn judge_types(&self, prompt: &str) -> Vec<Value> {
        let compact = |t: &str| plain(t).replace(' ', "");
        prompt
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter_map(|v| {
                let n = v["type"].as_u64()?;
                let written = compact(v["written"].as_str()?);
                let kind = KINDS.iter().find(|&&kind| {
                    Set::ALL
                        .iter()
                        .flat_map(|&set| styles::type_words(kind, set))
                        .any(|t| compact(t) == written)
                });
                let means = kind.map_or("keep", |&k| styles::type_words(k, Set::Development)[0]);
                Some(json!({"type": n, "means": means}))
            })
            .collect()
    }

    fn judge_pairs(&self, prompt: &str) -> Value {
        let component = |name: &str| self.forms.get(&crate::score::key(name)).copied();
        // A side is its name's component; a name no document wrote (archie shows a
        // spelling without what a tool wrapped it in: `fedex-api` of `fedex-api-prod`)
        // is read by its other names, as a model reads them, when they agree.
        let side = |v: &Value| {
            component(v["name"].as_str()?).or_else(|| {
                let mut of = v["aliases"]
                    .as_array()?
                    .iter()
                    .filter_map(|a| component(a.as_str()?));
                let first = of.next()?;
                of.all(|c| c == first).then_some(first)
            })
        };
        let answers: Vec<Value> = prompt
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter_map(|v| {
                let n = v["pair"].as_u64()?;
                v["a"]["name"].as_str()?;
                v["b"]["name"].as_str()?;
                let a = side(&v["a"]);
                let b = side(&v["b"]);
                self.judged_pairs.fetch_add(1, Ordering::Relaxed);
                let answer = match (a, b) {
                    (Some(a), Some(b)) if a == b => "same",
                    (Some(_), Some(_)) => "different",
                    _ => "unsure",
                };
                Some(json!({"pair": n, "answer": answer}))
            })
            .collect();
        json!({ "answers": answers })
    }

    /// The chunk's facts as an extraction answer; `None` when the chunk is not found.
    fn extract(&self, prompt: &str) -> Option<Value> {
        let path = prompt
            .lines()
            .find_map(|l| l.strip_prefix("Document: "))?
            .trim();
        let file = path.rsplit(['/', '\\']).next()?;
        let doc = self.corpus.docs.iter().find(|d| d.file == file)?;
        let start = prompt.find("<excerpt>")? + "<excerpt>".len();
        let end = start + prompt[start..].find("</excerpt>")?;
        let excerpt = prompt[start..end].trim();
        let at = doc.text.find(excerpt)?;
        let range = at..at + excerpt.len();

        let mut entities: Vec<Value> = Vec::new();
        let mut names: Vec<&str> = Vec::new();
        let mut relationships: Vec<Value> = Vec::new();
        let facts = doc
            .facts
            .iter()
            .filter(|f| range.contains(&f.start) && f.end <= range.end);
        for fact in facts {
            for m in &fact.entities {
                // One entry per spelling, as a model lists each name it saw once.
                if !names.contains(&m.form.as_str()) {
                    names.push(&m.form);
                    entities.push(json!({
                        "name": m.form,
                        "type": m.type_word,
                        "description": m.description,
                        "tags": [],
                    }));
                }
            }
            if let Some((from, to, word)) = &fact.relationship {
                relationships.push(json!({"from": from, "to": to, "type": word}));
            }
        }
        Some(json!({"entities": entities, "relationships": relationships}))
    }
}

const KINDS: &[Kind] = &[
    Kind::Service,
    Kind::Database,
    Kind::Cache,
    Kind::Topic,
    Kind::Queue,
    Kind::External,
    Kind::Gateway,
    Kind::Frontend,
    Kind::Index,
];

const RELS: &[Rel] = &[
    Rel::Calls,
    Rel::ReadsFrom,
    Rel::WritesTo,
    Rel::PublishesTo,
    Rel::SubscribesTo,
    Rel::DependsOn,
    Rel::PartOf,
];

/// A relationship phrase's letters and digits, lower case (`Invoked_By` → `invokedby`,
/// `fans_out_to` → `fansoutto`, `dependencyOf` and `dependency_of` → `dependencyof`): the
/// word a model reads, however it is cased or joined.
fn plain(phrase: &str) -> String {
    phrase
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}
