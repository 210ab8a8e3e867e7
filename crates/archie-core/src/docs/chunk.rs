//! Packing documents into overlapping chunks for graph extraction: sizes, cuts, overlap.
//!
//! The text is first cut into *leaves*: the sections and paragraphs of its
//! [`outline`](super::outline), and only where
//! one is larger than a chunk can hold, lines, then sentences, then words, then (last
//! resort) fixed-size pieces at character boundaries. Each leaf remembers how strong the
//! boundary at its start is. Leaves are then packed greedily into chunks of at most
//! `target_tokens`; a chunk also ends early where the next section (or paragraph, …) would
//! not fit in what is left but fits whole in a fresh chunk, so units are not cut in two
//! when they need not be. Every chunk after the first starts with up to `overlap_tokens` of
//! the text before it, cut at a paragraph, line, sentence or word boundary.
//!
//! All positions are byte offsets into the document's text and every cut is on a
//! character boundary; a chunk's text is a trimmed slice of the document, so the work is
//! linear in the size of the document.

use super::Document;
use super::outline::{HARD, LINE, SECTION, SENTENCE, WORD, outline};
use crate::hash::sha256_hex;
use crate::tokens::{BYTES_PER_TOKEN, estimate_tokens};
use serde::{Deserialize, Serialize};

/// How big chunks are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChunkOptions {
    /// Upper bound of a chunk's [`estimate_tokens`], overlap included (at least 1).
    pub target_tokens: usize,
    /// How much of the previous chunk's end each chunk repeats (at most half the target).
    pub overlap_tokens: usize,
}

impl Default for ChunkOptions {
    fn default() -> Self {
        Self {
            target_tokens: 1200,
            overlap_tokens: 150,
        }
    }
}

/// A piece of a document to extract knowledge from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chunk {
    /// The document's display path ([`Document::path`]).
    pub doc: String,
    /// Position among the document's chunks, from 0.
    pub index: usize,
    /// The text: never empty, no leading or trailing whitespace.
    pub text: String,
    /// The headings the chunk's new content falls under, outermost first, joined with
    /// ` > ` (`Payments > Retries`); empty before the first heading.
    pub heading_path: String,
    /// SHA-256 of `text`, lowercase hex: a stable key for the LLM cache.
    pub hash: String,
    /// [`estimate_tokens`] of `text`.
    pub tokens: usize,
    /// Byte range of `text` in the document's text.
    pub start: usize,
    pub end: usize,
    /// How many bytes at the start of `text` repeat the end of the previous chunk.
    pub overlap: usize,
}

/// A piece of text between two cuts, before packing.
#[derive(Debug, Clone, Copy)]
struct Leaf {
    start: usize,
    end: usize,
    /// Strength of the boundary at `start`.
    strength: u8,
    /// Index into the heading paths.
    path: usize,
}

/// Cuts `doc` into chunks (see the module docs). A document with any non-whitespace text
/// gives at least one chunk; a small one gives exactly one. Deterministic: the same text
/// and options always give the same chunks.
pub fn chunk(doc: &Document, opts: ChunkOptions) -> Vec<Chunk> {
    let text = doc.text.as_str();
    let target_tokens = opts.target_tokens.max(1);
    let target = target_tokens.saturating_mul(BYTES_PER_TOKEN);
    let overlap = opts
        .overlap_tokens
        .min(target_tokens / 2)
        .saturating_mul(BYTES_PER_TOKEN);
    let cap = target - overlap;

    let outline = outline(text);
    let mut leaves = Vec::with_capacity(outline.bounds.len() * 2);
    for (k, bound) in outline.bounds.iter().enumerate() {
        let end = outline.bounds.get(k + 1).map_or(text.len(), |b| b.pos);
        let leaf = Leaf {
            start: bound.pos,
            end,
            strength: bound.strength,
            path: bound.path,
        };
        split(text, leaf, LINE, cap, &mut leaves);
    }
    let n = leaves.len();

    // next_ge[s][i]: the first leaf after i whose boundary is at least as strong as s,
    // i.e. where the unit of level s that starts at leaf i ends.
    let mut next_ge = vec![vec![n; n]; usize::from(SECTION) + 1];
    for (s, next) in next_ge.iter_mut().enumerate() {
        for i in (0..n.saturating_sub(1)).rev() {
            next[i] = if usize::from(leaves[i + 1].strength) >= s {
                i + 1
            } else {
                next[i + 1]
            };
        }
    }
    let unit_end = |i: usize| {
        let j = next_ge[usize::from(leaves[i].strength)][i];
        leaves.get(j).map_or(text.len(), |l| l.start)
    };

    let mut chunks = Vec::new();
    let mut previous: Option<usize> = None;
    let mut i = 0;
    while i < n {
        let first = i;
        let content = leaves[i].start;
        let start = match previous {
            Some(prev_start) => overlap_start(text, prev_start, content, overlap),
            None => content,
        };
        let mut end = leaves[i].end;
        i += 1;
        while i < n {
            let leaf = leaves[i];
            if leaf.end - start > target {
                break;
            }
            // The unit starting here does not fit in what is left, but would fit whole in
            // the next chunk: end this one before it.
            let unit = unit_end(i);
            if unit - start > target && (unit - leaf.start).saturating_add(overlap) <= target {
                break;
            }
            end = leaf.end;
            i += 1;
        }
        if text[content..end].trim().is_empty() {
            // Nothing new (blank lines, or a hard cut that left only whitespace).
            continue;
        }
        let slice = &text[start..end];
        let trimmed = slice.trim();
        let t_start = start + (slice.len() - slice.trim_start().len());
        let t_end = t_start + trimmed.len();
        chunks.push(Chunk {
            doc: doc.path.clone(),
            index: chunks.len(),
            text: trimmed.to_string(),
            heading_path: outline.paths[leaves[first].path].clone(),
            hash: sha256_hex(trimmed.as_bytes()),
            tokens: estimate_tokens(trimmed),
            start: t_start,
            end: t_end,
            overlap: content.saturating_sub(t_start).min(trimmed.len()),
        });
        previous = Some(start);
    }
    chunks
}

/// Chunks of every document, in order.
pub fn chunk_all(docs: &[Document], opts: ChunkOptions) -> Vec<Chunk> {
    docs.iter().flat_map(|doc| chunk(doc, opts)).collect()
}

/// Pushes `leaf` if it fits in `cap` bytes, otherwise cuts it at boundaries of `level`
/// (and weaker ones where a piece is still too big).
fn split(text: &str, leaf: Leaf, level: u8, cap: usize, out: &mut Vec<Leaf>) {
    if leaf.end - leaf.start <= cap {
        out.push(leaf);
        return;
    }
    let cuts = cuts(text, leaf.start, leaf.end, level, cap);
    let mut piece = Leaf {
        end: leaf.start,
        ..leaf
    };
    for cut in cuts.into_iter().chain([leaf.end]) {
        piece.end = cut;
        if level == HARD {
            out.push(piece);
        } else {
            split(text, piece, level - 1, cap, out);
        }
        piece = Leaf {
            start: cut,
            end: cut,
            strength: level,
            path: leaf.path,
        };
    }
}

/// Positions strictly inside `start..end` where a piece of level `level` begins.
fn cuts(text: &str, start: usize, end: usize, level: u8, cap: usize) -> Vec<usize> {
    let s = &text[start..end];
    let mut out = Vec::new();
    match level {
        LINE => {
            for (i, b) in s.bytes().enumerate() {
                if b == b'\n' && i + 1 < s.len() {
                    out.push(start + i + 1);
                }
            }
        }
        SENTENCE => {
            let mut after_stop = false; // a '.', '!' or '?' seen, waiting for whitespace
            let mut in_gap = false; // whitespace after a sentence end
            for (i, c) in s.char_indices() {
                if in_gap && !c.is_whitespace() {
                    out.push(start + i);
                    in_gap = false;
                }
                if matches!(c, '。' | '！' | '？') || (after_stop && c.is_whitespace()) {
                    in_gap = true;
                }
                after_stop = matches!(c, '.' | '!' | '?');
            }
        }
        WORD => {
            let mut prev_ws = false;
            for (i, c) in s.char_indices() {
                if prev_ws && !c.is_whitespace() && i > 0 {
                    out.push(start + i);
                }
                prev_ws = c.is_whitespace();
            }
        }
        _ => {
            let mut at = start;
            while end - at > cap {
                let mut cut = floor_char_boundary(text, at + cap);
                if cut <= at {
                    cut = ceil_char_boundary(text, at + 1);
                }
                if cut >= end {
                    break;
                }
                out.push(cut);
                at = cut;
            }
        }
    }
    out
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    if i >= text.len() {
        return text.len();
    }
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_char_boundary(text: &str, mut i: usize) -> usize {
    if i >= text.len() {
        return text.len();
    }
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// Where the chunk whose new content starts at `content` begins: up to `budget` bytes
/// back (but not before the previous chunk's start `floor`), at the earliest paragraph
/// start in that window, else line start, sentence start or word start, preferring the
/// strongest boundary that still gives a useful overlap (a third of the budget).
fn overlap_start(text: &str, floor: usize, content: usize, budget: usize) -> usize {
    if budget == 0 || content <= floor {
        return content;
    }
    let w = ceil_char_boundary(text, content.saturating_sub(budget).max(floor));
    if w >= content {
        return content;
    }
    let bytes = text.as_bytes();
    let window = &text[w..content];
    let useful = |q: usize| content - q >= budget / 3;

    // Line starts in the window, and whether each line is blank.
    let mut line_starts = Vec::new();
    if w == 0 || bytes[w - 1] == b'\n' {
        line_starts.push(w);
    }
    for (i, b) in window.bytes().enumerate() {
        if b == b'\n' && w + i + 1 < content {
            line_starts.push(w + i + 1);
        }
    }
    let line_is_blank = |q: usize| {
        let rest = &text[q..];
        rest[..rest.find('\n').unwrap_or(rest.len())]
            .trim()
            .is_empty()
    };
    let previous_line_blank = |q: usize| {
        if q == 0 {
            return false;
        }
        let before = &text[..q - 1];
        let from = before.rfind('\n').map_or(0, |i| i + 1);
        before[from..].trim().is_empty()
    };

    let paragraph = line_starts
        .iter()
        .copied()
        .find(|&q| !line_is_blank(q) && previous_line_blank(q));
    let line = line_starts.first().copied();
    let sentence = cuts(text, w, content, SENTENCE, 0).first().copied();
    let word = {
        let at_word =
            !window.starts_with(char::is_whitespace) && text[..w].ends_with(char::is_whitespace);
        if at_word {
            Some(w)
        } else {
            cuts(text, w, content, WORD, 0).first().copied()
        }
    };
    for candidate in [paragraph, line, sentence, word].into_iter().flatten() {
        if useful(candidate) {
            return candidate;
        }
    }
    [word, sentence, line, paragraph]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(w)
}

#[cfg(test)]
mod tests;
