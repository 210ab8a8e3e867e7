//! The outline of a markdown (or plain) text: where its sections and paragraphs start,
//! and the heading path each falls under. ATX and setext headings start sections, a
//! non-blank line after a blank one starts a paragraph, and nothing inside a fenced code
//! block counts. [`chunk`](super::chunk) cuts documents along these bounds.

/// Boundary strengths, weakest first: the outline finds [`SECTION`] and [`PARAGRAPH`]
/// bounds; chunking cuts further at the weaker ones where a unit is too big.
pub(super) const HARD: u8 = 0;
pub(super) const WORD: u8 = 1;
pub(super) const SENTENCE: u8 = 2;
pub(super) const LINE: u8 = 3;
pub(super) const PARAGRAPH: u8 = 4;
pub(super) const SECTION: u8 = 5;

/// A coarse boundary: where a section or paragraph starts.
#[derive(Debug, Clone, Copy)]
pub(super) struct Bound {
    pub(super) pos: usize,
    pub(super) strength: u8,
    /// Index into [`Outline::paths`].
    pub(super) path: usize,
}

/// Sections and paragraphs of a markdown (or plain) text.
pub(super) struct Outline {
    /// Ascending; the first is at 0. Blank lines and headings never stand alone: they
    /// belong to the unit that follows them.
    pub(super) bounds: Vec<Bound>,
    /// Heading paths; index 0 is the empty path.
    pub(super) paths: Vec<String>,
}

/// One pass over the lines: ATX (`## Title`) and setext (`Title` / `=====`) headings
/// start sections, a non-blank line after a blank one starts a paragraph, and nothing
/// inside a fenced code block counts.
pub(super) fn outline(text: &str) -> Outline {
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
