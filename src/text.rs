//! Numbers, sizes, times and tables as people read them.

/// `12345` → `12,345`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn plural<'a>(n: u64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

/// "12 entities, 1 relationship"
pub fn graph_size(entities: u64, relationships: u64) -> String {
    format!(
        "{entities} {}, {relationships} {}",
        plural(entities, "entity", "entities"),
        plural(relationships, "relationship", "relationships")
    )
}

/// `+12 entities, +19 relationships` (then `, 3 updated` and stub/skip counts if any).
pub fn merge_summary(
    entities_added: u64,
    relationships_added: u64,
    updated: u64,
    stubs_added: u64,
    skipped: u64,
) -> String {
    let added = entities_added + stubs_added;
    let mut out = format!(
        "+{added} {}, +{relationships_added} {}",
        plural(added, "entity", "entities"),
        plural(relationships_added, "relationship", "relationships"),
    );
    if updated > 0 {
        out.push_str(&format!(", {updated} updated"));
    }
    if stubs_added > 0 {
        out.push_str(&format!(
            " ({stubs_added} only named by a relationship, type unknown)"
        ));
    }
    if skipped > 0 {
        out.push_str(&format!(", {skipped} skipped (no name, from, to or type)"));
    }
    out
}

/// The relationship words the model placed: `relationship words the model placed: fans
/// out to → publishes to, is fed by → publishes to (turned round); kept as written:
/// syncs with (remembered; …)`.
pub fn words_placed(words: &[crate::events::PlacedWord]) -> String {
    let shown = |w: &crate::events::PlacedWord| {
        let turned = if w.reversed { " (turned round)" } else { "" };
        format!(
            "{} → {}{turned}",
            inert_line(&crate::memory::relationship_words(&w.word)),
            crate::memory::relationship_words(&w.means)
        )
    };
    let kept = |w: &crate::events::PlacedWord| {
        inert_line(&crate::memory::relationship_words(&w.word)).into_owned()
    };
    let (placed, written): (Vec<_>, Vec<_>) = words.iter().partition(|w| w.means != w.word);
    placed_line(
        ("relationship", "word", "words"),
        placed.into_iter().map(shown).collect(),
        written.into_iter().map(kept).collect(),
    )
}

/// One line for the entity types the model placed and kept.
pub fn types_placed(types: &[crate::events::PlacedType]) -> String {
    let name = |t: &str| inert_line(&t.replace('_', " ")).into_owned();
    let (placed, written): (Vec<_>, Vec<_>) = types.iter().partition(|t| t.means != t.kind);
    placed_line(
        ("entity", "type", "types"),
        placed
            .into_iter()
            .map(|t| format!("{} → {}", name(&t.kind), t.means))
            .collect(),
        written.into_iter().map(|t| name(&t.kind)).collect(),
    )
}

/// `{what} {words} the model placed: a → b, …; kept as written: c (remembered; …)`, at
/// most five of each.
fn placed_line(
    (what, one, many): (&str, &str, &str),
    placed: Vec<String>,
    kept: Vec<String>,
) -> String {
    let list = |items: Vec<String>| {
        let more = if items.len() > 5 { ", …" } else { "" };
        format!("{}{more}", items[..items.len().min(5)].join(", "))
    };
    let mut parts = Vec::new();
    if !placed.is_empty() {
        parts.push(format!(
            "{what} {} the model placed: {}",
            plural(placed.len() as u64, one, many),
            list(placed)
        ));
    }
    if !kept.is_empty() {
        parts.push(format!("kept as written: {}", list(kept)));
    }
    format!(
        "{} (remembered; archie will not ask again)",
        parts.join("; ")
    )
}

pub fn duplicates_decided(merges: &[crate::events::MergedPair], kept_apart: u64) -> String {
    let mut parts = Vec::new();
    let merged = merges.len() as u64;
    if merged > 0 {
        let shown: Vec<String> = merges
            .iter()
            .take(5)
            .map(|m| {
                let by = match m.by.as_str() {
                    "model" => " (the model)",
                    "rule" => " (same words)",
                    _ => "",
                };
                format!("{} into {}{by}", inert_line(&m.merge), inert_line(&m.into))
            })
            .collect();
        let more = if merges.len() > 5 { ", …" } else { "" };
        parts.push(format!(
            "merged {merged} {} that {} one thing: {}{more}",
            plural(merged, "pair", "pairs"),
            if merged == 1 { "was" } else { "were" },
            shown.join(", ")
        ));
    }
    if kept_apart > 0 {
        parts.push(format!(
            "kept {kept_apart} apart (archie will not ask again)"
        ));
    }
    parts.join("; ")
}

/// `3 pairs look like one thing (Okta = Okta API, …): ` and how to decide them: at a
/// terminal `archie memory dedupe` asks about each; without one, `memory merge A B`
/// merges a pair and `memory keep-apart A B` keeps it apart (`--yes` merges only what the
/// names or the model decided: these are the person's).
pub fn duplicates_pending(pending: &[crate::events::DuplicatePair]) -> String {
    let n = pending.len() as u64;
    let shown: Vec<String> = pending
        .iter()
        .take(3)
        .map(|p| format!("{} = {}", inert_line(&p.merge), inert_line(&p.into)))
        .collect();
    let more = if pending.len() > 3 { ", …" } else { "" };
    let example = pending.first().map_or_else(String::new, |p| {
        let (a, b) = (
            crate::shell::quote(&inert_line(&p.merge)),
            crate::shell::quote(&inert_line(&p.into)),
        );
        format!(
            "; `archie memory merge {a} {b}` merges one, `archie memory keep-apart {a} {b}` \
             keeps it apart"
        )
    });
    format!(
        "{n} {} like one thing ({}{more}): `archie memory dedupe` at a terminal asks about \
         each{example}",
        plural(n, "pair looks", "pairs look"),
        shown.join(", ")
    )
}

/// How long ago `then` was: `just now`, `42 s ago`, `3 min ago`, `5 h ago`, `2 days ago`.
pub fn ago(now_ms: i64, then_ms: i64) -> String {
    let secs = (now_ms - then_ms).max(0) / 1000;
    match secs {
        0..5 => "just now".into(),
        5..60 => format!("{secs} s ago"),
        60..3600 => format!("{} min ago", secs / 60),
        3600..86_400 => format!("{} h ago", secs / 3600),
        _ => {
            let days = secs / 86_400;
            format!("{days} day{} ago", if days == 1 { "" } else { "s" })
        }
    }
}

/// A duration: `12 ms`, `6.1 s`, `2 min 5 s`, `1 h 3 min`.
pub fn took(ms: u64) -> String {
    match ms {
        0..1000 => format!("{ms} ms"),
        1000..60_000 => format!("{:.1} s", ms as f64 / 1000.0),
        60_000..3_600_000 => format!("{} min {} s", ms / 60_000, ms % 60_000 / 1000),
        _ => format!("{} h {} min", ms / 3_600_000, ms % 3_600_000 / 60_000),
    }
}

/// A unix-ms time as `2026-11-22 03:41:35 UTC`.
pub fn utc(ms: i64) -> String {
    crate::clock::Utc::from_ms(ms).readable()
}

/// An age as the user would type it: `30d`, `12h`, `90m`, `45s`.
pub fn age(age: std::time::Duration) -> String {
    let secs = age.as_secs();
    for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60)] {
        if secs >= size && secs.is_multiple_of(size) {
            return format!("{}{unit}", secs / size);
        }
    }
    format!("{secs}s")
}

/// The columns a character takes on a terminal (0 for a combining mark, 2 for a wide one).
pub fn char_width(c: char) -> usize {
    console::measure_text_width(c.encode_utf8(&mut [0u8; 4]))
}

/// `text` wrapped on words to lines of at most `width` columns (a word longer than a
/// line is cut). Each line of `text` is wrapped on its own; its further rows are
/// indented as its first row is, and under the text when it starts with a symbol
/// (`✔ wrote …`). A separator (`·`, `→`) stays at the end of a row, a unit stays with
/// its number (`3.5 s`), and spaces within a row are kept as they are. ANSI styles
/// count as no width.
pub fn wrap(text: &str, width: usize) -> String {
    let width = width.max(10);
    let mut out = Vec::new();
    for line in text.split('\n') {
        if console::measure_text_width(line) <= width {
            out.push(line.to_string());
            continue;
        }
        let plain = console::strip_ansi_codes(line);
        let rest = plain.trim_start_matches(' ');
        let lead = plain.len() - rest.len();
        let mut first = rest.chars();
        let hang = match (first.next(), first.next()) {
            (Some(c), Some(' ')) if !c.is_alphanumeric() => 2,
            _ => 0,
        };
        let indent = " ".repeat((lead + hang).min(width / 2));
        let mut row = String::new();
        let mut row_width = 0;
        for (i, (space, word)) in units(line).into_iter().enumerate() {
            let w = console::measure_text_width(&word);
            let space_w = console::measure_text_width(&space);
            if i == 0 {
                row.push_str(&space);
                row_width = space_w;
            } else if row_width + space_w + w > width {
                out.push(std::mem::take(&mut row));
                row.push_str(&indent);
                row_width = indent.len();
            } else {
                row.push_str(&space);
                row_width += space_w;
            }
            if row_width + w <= width {
                row.push_str(&word);
                row_width += w;
                continue;
            }
            // A word longer than a row: cut it at the margin.
            for c in word.chars() {
                let cw = char_width(c);
                if row_width + cw > width && row_width > indent.len() {
                    out.push(std::mem::take(&mut row));
                    row.push_str(&indent);
                    row_width = indent.len();
                }
                row.push(c);
                row_width += cw;
            }
        }
        out.push(row);
    }
    out.join("\n")
}

/// A line as the pieces that wrapping keeps whole, each with the spaces before it.
fn units(line: &str) -> Vec<(String, String)> {
    const UNITS: &[&str] = &["s", "ms", "min", "h", "tokens", "KiB", "MiB", "%"];
    let mut units: Vec<(String, String)> = Vec::new();
    let mut rest = line;
    while !rest.is_empty() {
        let word_at = rest.find(|c| c != ' ').unwrap_or(rest.len());
        let (space, after) = rest.split_at(word_at);
        let word_end = after.find(' ').unwrap_or(after.len());
        let (word, after) = after.split_at(word_end);
        rest = after;
        if word.is_empty() {
            // Trailing spaces: dropped at a wrap, as at any row's end.
            break;
        }
        let plain = console::strip_ansi_codes(word);
        let glued = match units.last() {
            Some((_, prev)) => {
                matches!(plain.as_ref(), "·" | "→" | "—")
                    || (UNITS.contains(&plain.trim_end_matches([',', ')', ';']))
                        && console::strip_ansi_codes(prev).ends_with(|c: char| c.is_ascii_digit()))
            }
            None => false,
        };
        match units.last_mut() {
            Some((_, prev)) if glued => {
                prev.push_str(space);
                prev.push_str(word);
            }
            _ => units.push((space.to_string(), word.to_string())),
        }
    }
    units
}

/// `text` cut to `max` characters, ending in `…` when cut.
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
        cut.push('…');
        cut
    }
}

/// Every line indented by two spaces.
pub fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("  {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Aligned columns separated by two spaces; columns listed in `right` are right-aligned.
/// The last column is not padded (no trailing spaces).
pub fn table(rows: &[Vec<String>], right: &[usize]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|cell| console::measure_text_width(cell))
                .max()
                .unwrap_or(0)
        })
        .collect();
    rows.iter()
        .map(|row| {
            let mut line = String::new();
            for (c, cell) in row.iter().enumerate() {
                if c > 0 {
                    line.push_str("  ");
                }
                let pad = widths[c].saturating_sub(console::measure_text_width(cell));
                let last = c + 1 == row.len();
                if right.contains(&c) {
                    line.push_str(&" ".repeat(pad));
                    line.push_str(cell);
                } else {
                    line.push_str(cell);
                    if !last {
                        line.push_str(&" ".repeat(pad));
                    }
                }
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A path as the user reads it where they stand: an absolute path under the current
/// folder is shown relative to it (`/home/me/proj/out.md` in `/home/me/proj` is
/// `out.md`); anything else as it is.
pub fn near(path: &str) -> String {
    let p = std::path::Path::new(path);
    if !p.is_absolute() {
        return path.to_string();
    }
    match std::env::current_dir() {
        Ok(here) => match p.strip_prefix(&here) {
            Ok(rel) if !rel.as_os_str().is_empty() => rel.display().to_string(),
            _ => path.to_string(),
        },
        Err(_) => path.to_string(),
    }
}

/// Whether `c` must not reach a terminal as it is: a control character (C0, DEL, C1)
/// or a Unicode bidirectional override, which can move the cursor, set the title, clear
/// the screen or reorder what the user reads.
fn is_unsafe(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn escape_char(c: char, out: &mut String) {
    use std::fmt::Write as _;
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if (c as u32) < 0x80 => {
            let _ = write!(out, "\\x{:02x}", c as u32);
        }
        c => {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
    }
}

/// Text from outside archie (a model's reply, a document, the memory file) made inert
/// for a terminal: every control character but newline and tab is shown escaped
/// (`\x1b`), so it is seen, not obeyed.
pub fn inert(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| is_unsafe(c) && c != '\n' && c != '\t') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe(c) && c != '\n' && c != '\t' {
            escape_char(c, &mut out);
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Like [`inert`], for text that must stay on one line (a name, a path, a one-line
/// message): newlines and tabs are shown escaped too, so a file name cannot fake a line.
pub fn inert_line(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe(c) {
            escape_char(c, &mut out);
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Text from a server (a name, a description, a code) as a literal inside archie's own
/// words, the same on a terminal, in `--json` and in a markdown file: one line, every
/// control character, newline and escape sequence shown escaped as [`inert_line`] does
/// (a backslash doubled, so `\n` typed and a real newline differ), and what markdown or
/// HTML would read as markup escaped with a backslash (`*`, `` ` ``, `[`, `]`, `<`, `>`,
/// `~`, an `_` or `#` that could open markup, an `&` that could start an entity).
pub fn literal(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).and_then(|j| chars.get(j)).copied();
        let after = chars.get(i + 1).copied();
        let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
        match c {
            c if is_unsafe(c) => escape_char(c, &mut out),
            '\\' | '*' | '`' | '[' | ']' | '<' | '>' | '~' => {
                out.push('\\');
                out.push(c);
            }
            '_' if !(word(before) && word(after)) => out.push_str("\\_"),
            '#' if i == 0 => out.push_str("\\#"),
            '&' if after.is_some_and(|a| a.is_alphanumeric() || a == '#') => out.push_str("\\&"),
            c => out.push(c),
        }
    }
    out
}

/// Text for a file archie writes: line endings made `\n`, and no control character but
/// newline and tab (others are written escaped, as [`inert`] shows them).
pub fn for_file(text: &str) -> String {
    let text = text.replace("\r\n", "\n");
    inert(&text).into_owned()
}

/// Characters a terminal whose locale is not UTF-8 cannot show, and what it shows
/// instead.
const ASCII: &[(char, &str)] = &[
    ('✔', "+"),
    ('✘', "x"),
    ('─', "-"),
    ('━', "="),
    ('╸', ">"),
    ('·', "-"),
    ('→', "->"),
    ('…', "..."),
    ('—', "--"),
    ('–', "-"),
    ('›', ">"),
    ('⏎', "\\n"),
    ('≈', "~"),
    ('χ', "chi"),
    ('²', "2"),
];

/// `text` with archie's own symbols in ASCII (for a terminal whose locale is not UTF-8).
pub fn ascii_symbols(text: &str) -> std::borrow::Cow<'_, str> {
    if text.is_ascii() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match ASCII.iter().find(|(u, _)| *u == c) {
            Some((_, a)) => out.push_str(a),
            None => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A serde error as people read it: no Rust type names (`expected struct RawIn` becomes
/// `expected a JSON object`).
pub fn plain_serde(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find("expected ") {
        let (before, after) = rest.split_at(at + "expected ".len());
        out.push_str(before);
        let (word, named) = if let Some(r) = after.strip_prefix("struct ") {
            ("a JSON object", r)
        } else if let Some(r) = after.strip_prefix("enum ") {
            ("one of the allowed values", r)
        } else if let Some(r) = after.strip_prefix("tuple struct ") {
            ("a JSON list", r)
        } else {
            rest = after;
            continue;
        };
        out.push_str(word);
        // Skip the type's name (a Rust identifier, maybe with a path or generics).
        let end = named
            .find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | ':' | '<' | '>')))
            .unwrap_or(named.len());
        rest = &named[end..];
    }
    out.push_str(rest);
    out.replace("a sequence", "a JSON list")
        .replace("a map", "a JSON object")
        .replace("invalid type: map", "invalid type: JSON object")
        .replace("invalid type: sequence", "invalid type: JSON list")
}

/// `n` followed by `one` or `many`: `1 chunk`, `12 chunks`.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), plural(n, one, many))
}

/// An I/O error in a few words, without the temporary file's name.
pub fn io_reason(err: &std::io::Error) -> String {
    match err.kind() {
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::ReadOnlyFilesystem => "the file system is read-only".into(),
        std::io::ErrorKind::NotFound => "the folder does not take new files".into(),
        std::io::ErrorKind::StorageFull => "the disk is full".into(),
        _ => err.raw_os_error().map_or_else(
            || err.kind().to_string(),
            |code| std::io::Error::from_raw_os_error(code).to_string(),
        ),
    }
}

/// Kinds with how often each comes, in the order first met: `2 postgres password, aws
/// access key id`.
pub fn counted_kinds(kinds: &[String]) -> String {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for kind in kinds {
        match seen.iter_mut().find(|(k, _)| *k == kind.as_str()) {
            Some((_, n)) => *n += 1,
            None => seen.push((kind, 1)),
        }
    }
    seen.iter()
        .map(|(k, n)| {
            if *n == 1 {
                (*k).to_string()
            } else {
                format!("{n} × {k}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a p-value says about counts against the weights.
pub fn fit_verdict(p: f64) -> &'static str {
    if p >= 0.05 {
        "consistent with the weights"
    } else if p >= 0.01 {
        "borderline: run it again with more users"
    } else {
        "NOT consistent with the weights"
    }
}

/// The table of a balance test and its verdict line:
///
/// ```text
/// condition  weight  expected  observed
/// control        30     300.0       289
/// variant        70     700.0       711
/// χ² 0.58, 1 df, p 0.45: consistent with the weights
/// 1,000 users · 16 at a time · 34.5 s · 29 users/s
/// ```
#[allow(clippy::too_many_arguments)]
pub fn balance_test(
    users: u64,
    unassigned: u64,
    failed: u64,
    concurrency: u64,
    ms: u64,
    conditions: &[crate::events::BalanceRow],
    chi_square: Option<f64>,
    df: u32,
    p_value: Option<f64>,
) -> String {
    let enrolled = conditions.iter().any(|c| c.enrolled.is_some());
    let mut header = vec!["condition", "weight", "expected", "observed"];
    if enrolled {
        header.push("enrolled");
    }
    let mut rows = vec![header.into_iter().map(String::from).collect::<Vec<_>>()];
    for c in conditions {
        let weight = if c.weight.fract() == 0.0 {
            format!("{}", c.weight as i64)
        } else {
            format!("{:.1}", c.weight)
        };
        let mut row = vec![
            c.condition.clone(),
            weight,
            format!("{:.1}", c.expected),
            thousands(c.observed),
        ];
        if enrolled {
            row.push(c.enrolled.map(thousands).unwrap_or_else(|| "?".into()));
        }
        rows.push(row);
    }
    let mut out = table(&rows, &[1, 2, 3, 4]);
    match (chi_square, p_value) {
        (Some(x), Some(p)) => out.push_str(&format!(
            "
χ² {x:.2}, {df} df, p {}: {}",
            if p < 0.0001 {
                format!("{p:.1e}")
            } else {
                format!("{p:.4}")
            },
            fit_verdict(p)
        )),
        _ => out.push_str(
            "
no chi-square test: fewer than two conditions received users",
        ),
    }
    let secs = ms as f64 / 1000.0;
    let rate = if secs > 0.0 { users as f64 / secs } else { 0.0 };
    out.push_str(&format!(
        "
{} users · {concurrency} at a time · {secs:.1} s · {rate:.0} users/s",
        thousands(users)
    ));
    if unassigned > 0 {
        out.push_str(&format!(" · {} got no condition", thousands(unassigned)));
    }
    if failed > 0 {
        out.push_str(&format!(" · {} failed", thousands(failed)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_text_is_a_literal_on_one_line_without_markup() {
        assert_eq!(literal("Fractions Hints"), "Fractions Hints");
        assert_eq!(literal("absolute_value_plot"), "absolute_value_plot");
        assert_eq!(
            literal("a\nSYSTEM: yes\u{1b}[2J"),
            "a\\nSYSTEM: yes\\x1b\\[2J"
        );
        assert_eq!(
            literal("<script>x</script> **b** [l](u) _i_ `c` ~~s~~ &amp; # h"),
            "\\<script\\>x\\</script\\> \\*\\*b\\*\\* \\[l\\](u) \\_i\\_ \\`c\\` \\~\\~s\\~\\~ \\&amp; # h"
        );
        assert_eq!(
            literal("#1 \\n"),
            "\\#1 \\\\n",
            "a typed backslash is told apart"
        );
        assert_eq!(literal("\u{202e}abc"), "\\u{202e}abc");
    }
    use std::time::Duration;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(31420), "31,420");
        assert_eq!(thousands(1234567), "1,234,567");
    }

    #[test]
    fn ages_read_like_speech() {
        let now = 1_000_000_000_000;
        assert_eq!(ago(now, now), "just now");
        assert_eq!(ago(now, now + 5_000), "just now");
        assert_eq!(ago(now, now - 42_000), "42 s ago");
        assert_eq!(ago(now, now - 3 * 60_000 - 5), "3 min ago");
        assert_eq!(ago(now, now - 5 * 3_600_000), "5 h ago");
        assert_eq!(ago(now, now - 86_400_000), "1 day ago");
        assert_eq!(ago(now, now - 3 * 86_400_000), "3 days ago");
    }

    #[test]
    fn durations_are_short() {
        assert_eq!(took(12), "12 ms");
        assert_eq!(took(6_100), "6.1 s");
        assert_eq!(took(125_000), "2 min 5 s");
        assert_eq!(took(3_780_000), "1 h 3 min");
        assert_eq!(age(Duration::from_secs(30 * 86_400)), "30d");
        assert_eq!(age(Duration::from_secs(90 * 60)), "90m");
    }

    #[test]
    fn utc_dates_are_civil() {
        assert_eq!(utc(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(951_782_400_000), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc(1_795_311_695_000), "2026-11-22 01:41:35 UTC");
    }

    #[test]
    fn merges_read_as_plus_counts() {
        assert_eq!(
            merge_summary(12, 19, 0, 0, 0),
            "+12 entities, +19 relationships"
        );
        assert_eq!(
            merge_summary(0, 1, 3, 1, 2),
            "+1 entity, +1 relationship, 3 updated (1 only named by a relationship, type unknown), 2 skipped (no name, from, to or type)"
        );
        assert_eq!(truncate("abcdef", 4), "abc…");
    }

    #[test]
    fn outside_text_is_made_inert() {
        assert_eq!(
            inert("a\x1b]0;owned\x07b\nc\td"),
            "a\\x1b]0;owned\\x07b\nc\td"
        );
        assert_eq!(inert_line("x\n✔ skipped y"), "x\\n✔ skipped y");
        assert_eq!(inert("\u{202e}abc"), "\\u{202e}abc");
        assert_eq!(for_file("a\r\nb\x1b[2J"), "a\nb\\x1b[2J");
        assert!(matches!(inert("plain"), std::borrow::Cow::Borrowed(_)));
    }

    #[test]
    fn lines_wrap_on_words_with_their_indent() {
        let text =
            "archie ─ When the PaymentGateway times out, does the Checkout Service retry or fail?";
        assert_eq!(
            wrap(text, 40),
            "archie ─ When the PaymentGateway times\nout, does the Checkout Service retry or\nfail?"
        );
        assert_eq!(
            wrap("  caused by: a b c d e f g h", 12),
            "  caused by:\n  a b c d e\n  f g h"
        );
        assert_eq!(wrap("short\n\nlines", 10), "short\n\nlines");
        let long = wrap(&"x".repeat(25), 10);
        assert!(long.lines().all(|l| l.chars().count() <= 10), "{long}");
        assert_eq!(long.replace('\n', ""), "x".repeat(25));
    }

    #[test]
    fn a_wrapped_line_keeps_its_units_separators_and_spacing() {
        assert_eq!(
            wrap(
                "✔ extracted knowledge  4 chunks · 2 in parallel · 2 entities, 1 relationship   0.1 s",
                50
            ),
            "✔ extracted knowledge  4 chunks · 2 in parallel ·\n  2 entities, 1 relationship   0.1 s"
        );
        assert_eq!(
            wrap(
                "  5 LLM calls · 3.5 s waiting for the model · 3.5 s in all",
                24
            ),
            "  5 LLM calls · 3.5 s\n  waiting for the\n  model · 3.5 s in all"
        );
    }

    #[test]
    fn symbols_have_ascii_fallbacks() {
        assert_eq!(ascii_symbols("✔ read · 3 → 4 …"), "+ read - 3 -> 4 ...");
    }

    #[test]
    fn serde_errors_name_no_rust_types() {
        assert_eq!(
            plain_serde("invalid type: string \"x\", expected struct RawIn at line 1 column 3"),
            "invalid type: string \"x\", expected a JSON object at line 1 column 3"
        );
        assert_eq!(
            plain_serde("invalid type: map, expected a sequence"),
            "invalid type: JSON object, expected a JSON list"
        );
    }
}
