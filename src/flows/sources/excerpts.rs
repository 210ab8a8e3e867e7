//! Document excerpts for a prompt, within a token budget however many documents there
//! are, and what a prompt carrying them is about.

use crate::docs::Document;
use serde::Serialize;

/// One document's part of a prompt, or (the last one) the note that says how many
/// documents were left out. Templates read `path` and `excerpt`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Excerpt {
    /// The document's path; for the note, `(N more documents)`.
    pub path: String,
    /// Its text cut to its share of the budget (`[…]` marks a cut); for the note, why
    /// the rest are not shown.
    pub excerpt: String,
}

/// The smallest excerpt worth sending: with more documents than the budget gives this
/// much each, the most relevant ones are sent and the rest only counted.
const MIN_EXCERPT_CHARS: usize = 400;

/// Document excerpts for a prompt, within `budget_tokens` however many documents there
/// are: every document gets an equal share (cut at a character boundary); when a share
/// would be smaller than [`MIN_EXCERPT_CHARS`], only as many documents as the budget
/// holds are sent, those that mention `about` most first, and the last item says how
/// many were left out.
pub fn excerpts(documents: &[Document], budget_tokens: usize, about: &str) -> Vec<Excerpt> {
    if documents.is_empty() {
        return Vec::new();
    }
    let budget_chars = budget_tokens.saturating_mul(4);
    let fits = (budget_chars / MIN_EXCERPT_CHARS).max(1);
    let chosen: Vec<&Document> = if documents.len() <= fits {
        documents.iter().collect()
    } else {
        let words = about_words(about);
        let mut ranked: Vec<(usize, usize, &Document)> = documents
            .iter()
            .enumerate()
            .map(|(i, d)| (mentions(&words, d), i, d))
            .collect();
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut kept: Vec<(usize, &Document)> = ranked
            .into_iter()
            .take(fits)
            .map(|(_, i, d)| (i, d))
            .collect();
        kept.sort_by_key(|(i, _)| *i);
        kept.into_iter().map(|(_, d)| d).collect()
    };
    let per_doc_chars = (budget_chars / chosen.len()).max(1);
    let mut out: Vec<Excerpt> = chosen
        .iter()
        .map(|doc| {
            let text = doc.text.trim();
            let excerpt = if text.chars().count() > per_doc_chars {
                let cut: String = text.chars().take(per_doc_chars).collect();
                format!("{cut}\n[…]")
            } else {
                text.to_string()
            };
            Excerpt {
                path: doc.path.clone(),
                excerpt,
            }
        })
        .collect();
    let left_out = documents.len() - chosen.len();
    if left_out > 0 {
        out.push(Excerpt {
            path: format!("({left_out} more documents)"),
            excerpt: format!(
                "{left_out} more documents were read but are not shown here, to keep within --document-budget {budget_tokens}; their knowledge is in the knowledge graph."
            ),
        });
    }
    out
}

/// At most `max` document paths for a prompt, and a count of the rest.
pub fn paths(documents: &[Document], max: usize) -> Vec<String> {
    let mut out: Vec<String> = documents.iter().take(max).map(|d| d.path.clone()).collect();
    if documents.len() > max {
        out.push(format!("… and {} more", documents.len() - max));
    }
    out
}

/// The words of `about` worth looking for (three letters or more, lower case).
fn about_words(about: &str) -> Vec<String> {
    let mut words: Vec<String> = about
        .split(|c: char| !crate::memory::identity::is_word_char(c))
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .collect();
    words.sort();
    words.dedup();
    words
}

/// How often a document's path and opening mention `words`.
fn mentions(words: &[String], doc: &Document) -> usize {
    if words.is_empty() {
        return 0;
    }
    let head: String = doc.text.chars().take(4_000).collect();
    let text = format!("{} {}", doc.path, head).to_lowercase();
    words.iter().map(|w| text.matches(w.as_str()).count()).sum()
}

/// What a prompt is about, to find the relevant part of the knowledge graph: the given
/// text and the document excerpts the prompt carries (not the documents' whole text, so
/// the scan stays bounded by the document budget).
pub fn about(text: &str, excerpts: &[Excerpt]) -> String {
    let mut about = text.to_string();
    for e in excerpts {
        about.push('\n');
        about.push_str(&e.excerpt);
    }
    about
}
