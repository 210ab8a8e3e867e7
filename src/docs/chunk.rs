//! Cutting documents into overlapping chunks for graph extraction.
//!
//! The text is first cut into *leaves*: markdown sections and paragraphs, and only where
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

/// Boundary strengths, weakest first.
const HARD: u8 = 0;
const WORD: u8 = 1;
const SENTENCE: u8 = 2;
const LINE: u8 = 3;
const PARAGRAPH: u8 = 4;
const SECTION: u8 = 5;

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

/// A coarse boundary: where a section or paragraph starts.
#[derive(Debug, Clone, Copy)]
struct Bound {
    pos: usize,
    strength: u8,
    path: usize,
}

/// Sections and paragraphs of a markdown (or plain) text.
struct Outline {
    /// Ascending; the first is at 0. Blank lines and headings never stand alone: they
    /// belong to the unit that follows them.
    bounds: Vec<Bound>,
    /// Heading paths; index 0 is the empty path.
    paths: Vec<String>,
}

/// One pass over the lines: ATX (`## Title`) and setext (`Title` / `=====`) headings
/// start sections, a non-blank line after a blank one starts a paragraph, and nothing
/// inside a fenced code block counts.
fn outline(text: &str) -> Outline {
    let mut bounds = vec![Bound {
        pos: 0,
        strength: SECTION,
        path: 0,
    }];
    let mut paths = vec![String::new()];
    let mut stack: Vec<(usize, String)> = Vec::new();
    // Since the last bound, only blank lines and headings: a new bound merges into it.
    let mut only_headings = true;
    let mut prev_blank = true;
    let mut fence: Option<(u8, usize)> = None;
    // The previous line, if it was a one-line paragraph: (start, text, only_headings before it).
    let mut setext_candidate: Option<(usize, &str, bool)> = None;

    let mut enter_heading =
        |paths: &mut Vec<String>, bounds: &mut Vec<Bound>, level: usize, title: &str| {
            while stack.last().is_some_and(|(l, _)| *l >= level) {
                stack.pop();
            }
            stack.push((level, title.to_string()));
            let joined = stack
                .iter()
                .map(|(_, t)| t.as_str())
                .filter(|t| !t.is_empty())
                .collect::<Vec<_>>()
                .join(" > ");
            paths.push(joined);
            if let Some(last) = bounds.last_mut() {
                last.path = paths.len() - 1;
            }
        };

    let mut pos = 0;
    while pos < text.len() {
        let next = text[pos..].find('\n').map_or(text.len(), |i| pos + i + 1);
        let line = text[pos..next].trim_end_matches(['\n', '\r']);
        let start = pos;
        pos = next;
        let candidate = setext_candidate.take();

        if let Some((ch, len)) = fence {
            if closes_fence(line, ch, len) {
                fence = None;
            }
            continue;
        }
        if line.trim().is_empty() {
            prev_blank = true;
            continue;
        }
        if let Some(open) = opens_fence(line) {
            if prev_blank {
                add_bound(&mut bounds, only_headings, start, PARAGRAPH);
            }
            fence = Some(open);
            only_headings = false;
            prev_blank = false;
            continue;
        }
        if let Some((level, title)) = atx_heading(line) {
            add_bound(&mut bounds, only_headings, start, SECTION);
            enter_heading(&mut paths, &mut bounds, level, title);
            only_headings = true;
            prev_blank = false;
            continue;
        }
        if let (Some(level), Some((prev_start, title, headings_before))) =
            (setext_underline(line), candidate)
        {
            // The previous line was this heading's title: it starts the section.
            add_bound(&mut bounds, headings_before, prev_start, SECTION);
            enter_heading(&mut paths, &mut bounds, level, title.trim());
            only_headings = true;
            prev_blank = false;
            continue;
        }
        let starts_paragraph = prev_blank;
        if starts_paragraph {
            add_bound(&mut bounds, only_headings, start, PARAGRAPH);
        }
        if starts_paragraph && is_plain_text_line(line) {
            setext_candidate = Some((start, line, only_headings));
        }
        only_headings = false;
        prev_blank = false;
    }
    Outline { bounds, paths }
}

/// Starts a section or paragraph at `pos`, unless only blank lines and headings came
/// since the last bound (or it is at the same place): then that bound grows stronger.
fn add_bound(bounds: &mut Vec<Bound>, only_headings: bool, pos: usize, strength: u8) {
    if let Some(last) = bounds.last_mut()
        && (only_headings || last.pos == pos)
    {
        last.strength = last.strength.max(strength);
        return;
    }
    let path = bounds.last().map_or(0, |b| b.path);
    bounds.push(Bound {
        pos,
        strength,
        path,
    });
}

/// Leading indentation of at most three spaces removed, or `None` for an indented line.
fn unindent(line: &str) -> Option<&str> {
    let rest = line.trim_start_matches(' ');
    (line.len() - rest.len() <= 3).then_some(rest)
}

fn atx_heading(line: &str) -> Option<(usize, &str)> {
    let rest = unindent(line)?;
    let level = rest.bytes().take_while(|&b| b == b'#').count();
    if !(1..=6).contains(&level) {
        return None;
    }
    let after = &rest[level..];
    if !(after.is_empty() || after.starts_with([' ', '\t'])) {
        return None;
    }
    let mut title = after.trim();
    // An optional closing sequence: `## Title ##`.
    let without = title.trim_end_matches('#');
    if without.is_empty() || without.ends_with([' ', '\t']) {
        title = without.trim_end();
    }
    Some((level, title))
}

fn setext_underline(line: &str) -> Option<usize> {
    let rest = unindent(line)?.trim_end();
    if rest.len() >= 2 && rest.bytes().all(|b| b == b'=') {
        Some(1)
    } else if rest.len() >= 2 && rest.bytes().all(|b| b == b'-') {
        Some(2)
    } else {
        None
    }
}

/// Could be a setext heading's title: not a list item, quote, table row or the like.
fn is_plain_text_line(line: &str) -> bool {
    let Some(rest) = unindent(line) else {
        return false;
    };
    !(rest.starts_with(['-', '*', '+', '>', '|', '<'])
        || rest
            .split_once(['.', ')'])
            .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())))
}

fn opens_fence(line: &str) -> Option<(u8, usize)> {
    let rest = unindent(line)?;
    let ch = *rest.as_bytes().first()?;
    if ch != b'`' && ch != b'~' {
        return None;
    }
    let len = rest.bytes().take_while(|&b| b == ch).count();
    (len >= 3).then_some((ch, len))
}

fn closes_fence(line: &str, ch: u8, len: usize) -> bool {
    let Some(rest) = unindent(line) else {
        return false;
    };
    let n = rest.bytes().take_while(|&b| b == ch).count();
    n >= len && rest[n..].trim().is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(text: &str) -> Document {
        Document {
            path: "t.md".into(),
            source: "t.md".into(),
            text: text.into(),
            size: text.len() as u64,
            hash: sha256_hex(text.as_bytes()),
        }
    }

    fn opts(target_tokens: usize, overlap_tokens: usize) -> ChunkOptions {
        ChunkOptions {
            target_tokens,
            overlap_tokens,
        }
    }

    /// A paragraph of `words` distinct words (so overlaps and cuts can be located).
    fn paragraph(tag: &str, words: usize) -> String {
        (0..words)
            .map(|i| format!("{tag}{i}"))
            .collect::<Vec<_>>()
            .join(" ")
            + "."
    }

    /// Every invariant a chunking must keep, whatever the text.
    fn check_invariants(d: &Document, chunks: &[Chunk], o: ChunkOptions) {
        let text = d.text.as_str();
        if text.trim().is_empty() {
            assert!(chunks.is_empty());
            return;
        }
        assert!(!chunks.is_empty(), "a document with text gives a chunk");
        let mut covered = vec![false; text.len()];
        for (k, c) in chunks.iter().enumerate() {
            assert_eq!(c.index, k);
            assert_eq!(c.doc, d.path);
            assert!(!c.text.trim().is_empty(), "empty chunk {k}");
            assert_eq!(c.text, c.text.trim(), "chunk {k} is not trimmed");
            assert!(text.is_char_boundary(c.start) && text.is_char_boundary(c.end));
            assert_eq!(
                &text[c.start..c.end],
                c.text,
                "chunk {k} is a slice of the doc"
            );
            assert_eq!(c.tokens, estimate_tokens(&c.text));
            assert!(
                c.tokens <= o.target_tokens.max(1),
                "chunk {k} has {} tokens, over the target {}",
                c.tokens,
                o.target_tokens
            );
            assert_eq!(c.hash, sha256_hex(c.text.as_bytes()));
            assert!(c.overlap <= c.text.len());
            if k == 0 {
                assert_eq!(c.overlap, 0);
            } else {
                let prev = &chunks[k - 1];
                assert!(c.start >= prev.start, "chunks go forward");
                assert!(c.end > prev.end, "each chunk brings new text");
                let repeated = c.text[..c.overlap].trim_end();
                assert!(
                    prev.text.ends_with(repeated),
                    "chunk {k} repeats the end of chunk {}: {repeated:?}",
                    k - 1
                );
                assert!(
                    c.overlap <= o.overlap_tokens * BYTES_PER_TOKEN,
                    "overlap of chunk {k} is {} bytes",
                    c.overlap
                );
            }
            covered[c.start..c.end].iter_mut().for_each(|b| *b = true);
        }
        for (i, ch) in text.char_indices() {
            assert!(
                covered[i] || ch.is_whitespace(),
                "{ch:?} at byte {i} is in no chunk"
            );
        }
    }

    #[test]
    fn a_tiny_document_is_one_chunk() {
        let d = doc("\n\n# Payments\n\nCheckout calls PaymentGateway.\n\n");
        let chunks = chunk(&d, ChunkOptions::default());
        assert_eq!(chunks.len(), 1);
        assert_eq!(
            chunks[0].text,
            "# Payments\n\nCheckout calls PaymentGateway."
        );
        assert_eq!(chunks[0].heading_path, "Payments");
        assert_eq!(chunks[0].overlap, 0);
        assert_eq!(chunks[0].start, 2);
    }

    #[test]
    fn whitespace_only_text_gives_no_chunk() {
        assert!(chunk(&doc(" \n\n\t\n"), ChunkOptions::default()).is_empty());
        assert!(chunk(&doc(""), ChunkOptions::default()).is_empty());
    }

    #[test]
    fn sections_are_kept_whole_and_chunks_start_at_headings() {
        // An intro and three sections of ~60 tokens each; a chunk holds 100.
        let mut text = format!("# Payments\n\n{}\n\n", paragraph("intro", 25));
        for name in ["Retries", "Timeouts", "Refunds"] {
            text.push_str(&format!(
                "## {name}\n\n{}\n\n{}\n\n",
                paragraph(name, 12),
                paragraph(&name.to_lowercase(), 12)
            ));
        }
        let d = doc(&text);
        let o = opts(100, 20);
        let chunks = chunk(&d, o);
        check_invariants(&d, &chunks, o);
        let paths: Vec<&str> = chunks.iter().map(|c| c.heading_path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "Payments",
                "Payments > Retries",
                "Payments > Timeouts",
                "Payments > Refunds"
            ]
        );
        for c in &chunks[1..] {
            let new = &c.text[c.overlap..];
            assert!(new.trim_start().starts_with("## "), "{new:?}");
            let name = c.heading_path.rsplit(" > ").next().unwrap();
            assert_eq!(new.matches("## ").count(), 1, "one section per chunk");
            let last = format!("{}11.", name.to_lowercase());
            assert!(new.ends_with(&last), "the whole section: {new:?}");
        }
    }

    #[test]
    fn small_sections_are_packed_together() {
        let text = "# A\n\none.\n\n# B\n\ntwo.\n\n# C\n\nthree.\n";
        let chunks = chunk(&doc(text), ChunkOptions::default());
        assert_eq!(chunks.len(), 1);
        assert_eq!(chunks[0].heading_path, "A");
    }

    #[test]
    fn heading_paths_nest_and_pop() {
        let body = paragraph("w", 60); // ~60 tokens: two sections do not fit in 100
        let text = format!(
            "# A\n\n{body}\n\n## B\n\n{body}\n\n### C\n\n{body}\n\n## D\n\n{body}\n\n# E\n\n{body}\n"
        );
        let d = doc(&text);
        let o = opts(100, 10);
        let chunks = chunk(&d, o);
        check_invariants(&d, &chunks, o);
        let paths: Vec<&str> = chunks.iter().map(|c| c.heading_path.as_str()).collect();
        assert_eq!(paths, ["A", "A > B", "A > B > C", "A > D", "E"]);
    }

    #[test]
    fn a_heading_is_never_left_at_the_end_of_a_chunk() {
        let text = format!(
            "{}\n\n## Retries\n\n### Backoff\n\n{}\n",
            paragraph("a", 80),
            paragraph("b", 80)
        );
        let d = doc(&text);
        let o = opts(100, 10);
        let chunks = chunk(&d, o);
        check_invariants(&d, &chunks, o);
        assert_eq!(chunks.len(), 2);
        assert!(!chunks[0].text.contains('#'), "{:?}", chunks[0].text);
        assert!(chunks[1].text[chunks[1].overlap..].starts_with("## Retries\n\n### Backoff"));
        assert_eq!(chunks[1].heading_path, "Retries > Backoff");
    }

    #[test]
    fn headings_in_code_fences_do_not_count() {
        let text = format!(
            "# Real\n\n```sh\n# not a heading\n\necho hi\n```\n\n{}\n",
            paragraph("x", 10)
        );
        let chunks = chunk(&doc(&text), opts(20, 2));
        assert!(
            chunks.iter().all(|c| c.heading_path == "Real"),
            "{chunks:#?}"
        );
    }

    #[test]
    fn setext_headings_count() {
        let body = paragraph("w", 50);
        let text = format!("Payments\n========\n\n{body}\n\nRetries\n-------\n\n{body}\n");
        let d = doc(&text);
        let o = opts(100, 10);
        let chunks = chunk(&d, o);
        check_invariants(&d, &chunks, o);
        let paths: Vec<&str> = chunks.iter().map(|c| c.heading_path.as_str()).collect();
        assert_eq!(paths, ["Payments", "Payments > Retries"]);
        assert!(chunks[1].text[chunks[1].overlap..].starts_with("Retries\n-------"));
    }

    #[test]
    fn consecutive_chunks_overlap_at_paragraph_boundaries() {
        // One section of many ~25-token paragraphs.
        let text = (0..40)
            .map(|i| paragraph(&format!("p{i}w"), 12))
            .collect::<Vec<_>>()
            .join("\n\n");
        let d = doc(&text);
        let o = opts(200, 60);
        let chunks = chunk(&d, o);
        check_invariants(&d, &chunks, o);
        assert!(chunks.len() >= 4, "{} chunks", chunks.len());
        for c in &chunks[1..] {
            assert!(c.overlap > 0, "chunk {} has no overlap", c.index);
            // Overlap is whole paragraphs: it starts where a paragraph starts.
            assert!(
                c.text.starts_with('p') && d.text[..c.start].ends_with("\n\n"),
                "chunk {} starts mid-paragraph: {:?}",
                c.index,
                &c.text[..20]
            );
            // Roughly the budget: at least a third of it.
            assert!(c.overlap >= 60 * 4 / 3, "overlap {} bytes", c.overlap);
        }
    }

    #[test]
    fn long_paragraphs_are_cut_between_sentences_not_words() {
        let text = (0..200)
            .map(|i| format!("Sentence number {i} says something."))
            .collect::<Vec<_>>()
            .join(" ");
        let d = doc(&text);
        let o = opts(100, 20);
        let chunks = chunk(&d, o);
        check_invariants(&d, &chunks, o);
        assert!(chunks.len() > 5);
        for c in &chunks {
            let new = &c.text[c.overlap..];
            assert!(new.starts_with("Sentence number "), "{new:?}");
            assert!(c.text.ends_with("something."), "{:?}", c.text);
            if c.index > 0 {
                assert!(c.text.starts_with("Sentence number "), "{:?}", c.text);
            }
        }
    }

    #[test]
    fn multibyte_text_is_never_cut_inside_a_character() {
        // CJK without spaces or stops: only hard cuts are possible.
        let cjk = "支付网关超时后结账服务快速失败".repeat(200);
        // Emoji (4 bytes), Cyrillic (2 bytes) and combining marks, with spaces.
        let mixed = "платёж 💳 отказ e\u{301}tat ".repeat(300);
        for text in [cjk.as_str(), mixed.as_str()] {
            for (target, overlap) in [(1, 0), (2, 1), (3, 1), (7, 2), (50, 10), (333, 77)] {
                let d = doc(text);
                let o = opts(target, overlap);
                let chunks = chunk(&d, o);
                check_invariants(&d, &chunks, o);
            }
        }
        let chunks = chunk(&doc(&cjk), opts(50, 10));
        assert!(chunks.len() > 10);
        assert!(chunks[1].overlap > 0);
    }

    #[test]
    fn cjk_sentences_are_cut_at_full_stops() {
        let text = "结账服务调用支付网关。".repeat(100);
        let d = doc(&text);
        let o = opts(40, 0);
        let chunks = chunk(&d, o);
        check_invariants(&d, &chunks, o);
        for c in &chunks {
            assert!(c.text.ends_with('。'), "{:?}", c.text);
        }
    }

    #[test]
    fn chunking_is_deterministic() {
        let text = format!(
            "# A\n\n{}\n\n## B\n\n{}\n",
            paragraph("x", 500),
            paragraph("y", 300)
        );
        let d = doc(&text);
        let first = chunk(&d, ChunkOptions::default());
        assert_eq!(first, chunk(&d, ChunkOptions::default()));
        assert_eq!(first, chunk(&d.clone(), ChunkOptions::default()));
    }

    #[test]
    fn random_markdown_keeps_every_invariant() {
        let mut rng = fastrand::Rng::with_seed(7);
        let words = [
            "checkout",
            "payments",
            "gateway",
            "retry",
            "queue",
            "kafka",
            "ledger",
            "платёж",
            "支付",
            "🚀",
            "e\u{301}",
            "svc.",
            "ok!",
            "why?",
            "a",
            "long_identifier_without_break",
        ];
        for round in 0..200 {
            let mut text = String::new();
            for _ in 0..rng.usize(1..60) {
                match rng.u8(0..10) {
                    0 => text.push_str(&format!("{} Head {round}\n", "#".repeat(rng.usize(1..7)))),
                    1 => text.push('\n'),
                    2 => text.push_str("```\n# code\n\nx = 1\n```\n"),
                    3 => text.push_str("Title\n===\n"),
                    _ => {
                        for _ in 0..rng.usize(1..80) {
                            text.push_str(words[rng.usize(..words.len())]);
                            text.push(if rng.u8(0..8) == 0 { '\n' } else { ' ' });
                        }
                        text.push('\n');
                    }
                }
            }
            let d = doc(&text);
            let o = opts(rng.usize(1..300), rng.usize(0..100));
            let chunks = chunk(&d, o);
            check_invariants(&d, &chunks, o);
        }
    }

    #[test]
    fn extreme_options_do_not_overflow() {
        let d = doc("# A\n\nsome text\n");
        let chunks = chunk(&d, opts(usize::MAX, usize::MAX));
        assert_eq!(chunks.len(), 1);
        let o = opts(0, 0);
        let chunks = chunk(&d, o);
        check_invariants(&d, &chunks, o);
        let words: Vec<&str> = chunks.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(words, ["# A", "some", "text"]);
    }

    #[test]
    fn chunk_all_keeps_document_order() {
        let mut a = doc("alpha");
        a.path = "a.md".into();
        let mut b = doc("beta");
        b.path = "b.md".into();
        let chunks = chunk_all(&[a, b], ChunkOptions::default());
        let docs: Vec<&str> = chunks.iter().map(|c| c.doc.as_str()).collect();
        assert_eq!(docs, ["a.md", "b.md"]);
    }
}
