//! Reading and shaping the model's markdown: its sections as the "wrote" line names
//! them, and its headings moved under archie's title.

/// The `##` sections of a markdown reply, each with a short name and how many top-level
/// list items it holds: `## Main components` with 7 bullets is `("components", 7)`.
pub fn outline(markdown: &str) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = Vec::new();
    let mut seen = 0;
    for line in markdown.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            seen += 1;
            // A model that writes dozens of sections would make the "wrote" line a page.
            if out.len() < MAX_NAMED_SECTIONS {
                out.push((section_name(heading), 0));
            }
        } else if seen > MAX_NAMED_SECTIONS {
            continue;
        } else if let Some(last) = out.last_mut() {
            let item = line.starts_with("- ")
                || line.starts_with("* ")
                || line
                    .split_once(". ")
                    .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
            if item {
                last.1 += 1;
            }
        }
    }
    if seen > MAX_NAMED_SECTIONS {
        out.push((format!("{} more sections", seen - MAX_NAMED_SECTIONS), 0));
    }
    out
}

/// The most sections a "wrote" line names.
const MAX_NAMED_SECTIONS: usize = 6;

/// `Main components` → `components`, `Alternatives and trade-offs` → `alternatives`,
/// `Interactions and data flows` → `data flows`.
fn section_name(heading: &str) -> String {
    let lower = heading
        .trim()
        .trim_matches(|c: char| c == '*' || c == ':')
        .to_lowercase();
    if lower.contains("data flow") {
        return "data flows".into();
    }
    let lower = lower
        .trim_start_matches("main ")
        .trim_start_matches("key ")
        .to_string();
    match lower.split_once(" and ") {
        Some((first, _)) => first.trim().to_string(),
        None => lower,
    }
}

/// `7 components` (`1 component`), or the name alone when it lists nothing.
pub fn counted(name: &str, count: usize) -> String {
    match count {
        0 => name.to_string(),
        1 => format!("1 {}", name.strip_suffix('s').unwrap_or(name)),
        n => format!("{n} {name}"),
    }
}

/// The sections of an analysis as the "wrote" line names them: `3 assumptions,
/// 7 components, 3 alternatives, 4 decisions, 2 open questions`.
pub fn sections(markdown: &str) -> String {
    let outline = outline(markdown);
    if outline.is_empty() {
        return "no sections".into();
    }
    outline
        .iter()
        .map(|(name, count)| counted(name, *count))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `markdown` with its headings moved down so the shallowest is at `top` (`2`: under
/// archie's own `#` title), their order kept; deeper ones stay deeper (at most `######`).
/// Code blocks are left alone. A reply whose headings start at `top` or below is
/// returned as it is.
pub fn demote_headings(markdown: &str, top: usize) -> String {
    fn level(line: &str, fenced: bool) -> Option<usize> {
        if fenced || line.len() - line.trim_start_matches(' ').len() > 3 {
            return None;
        }
        let text = line.trim_start_matches(' ');
        let hashes = text.len() - text.trim_start_matches('#').len();
        let rest = &text[hashes..];
        ((1..=6).contains(&hashes) && (rest.is_empty() || rest.starts_with([' ', '\t'])))
            .then_some(hashes)
    }
    let is_fence = |line: &str| {
        let t = line.trim_start();
        t.starts_with("```") || t.starts_with("~~~")
    };
    let mut fenced = false;
    let mut shallowest = None;
    for line in markdown.lines() {
        if is_fence(line) {
            fenced = !fenced;
            continue;
        }
        if let Some(n) = level(line, fenced) {
            shallowest = Some(shallowest.map_or(n, |s: usize| s.min(n)));
        }
    }
    let shift = match shallowest {
        Some(n) if n < top => top - n,
        _ => return markdown.to_string(),
    };
    let mut fenced = false;
    let mut out = String::with_capacity(markdown.len() + 16);
    for line in markdown.split_inclusive('\n') {
        if is_fence(line) {
            fenced = !fenced;
        } else if let Some(n) = level(line.trim_end_matches(['\n', '\r']), fenced) {
            let indent = line.len() - line.trim_start_matches(' ').len();
            let deeper = (n + shift).min(6);
            out.push_str(&line[..indent]);
            out.push_str(&"#".repeat(deeper));
            out.push_str(&line[indent + n..]);
            continue;
        }
        out.push_str(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_s_headings_go_under_archie_s_title() {
        let reply = "# Summary\nText.\n\n## Risks\n- a\n\n```sh\n# a comment\n```\n#hashtag\n";
        assert_eq!(
            demote_headings(reply, 2),
            "## Summary\nText.\n\n### Risks\n- a\n\n```sh\n# a comment\n```\n#hashtag\n"
        );
        let already = "## Assumptions\n- x\n### Detail\n";
        assert_eq!(demote_headings(already, 2), already);
        assert_eq!(demote_headings("no headings", 2), "no headings");
        assert_eq!(demote_headings("# A\n###### F\n", 2), "## A\n###### F\n");
    }

    #[test]
    fn the_wrote_line_names_at_most_six_sections() {
        let mut markdown = String::new();
        for i in 0..20 {
            markdown.push_str(&format!("## Part {i}\n- a\n- b\n"));
        }
        let named = outline(&markdown);
        assert_eq!(named.len(), 7, "{named:?}");
        assert_eq!(named[5], ("part 5".to_string(), 2));
        assert_eq!(named[6].0, "14 more sections");
        assert_eq!(
            outline("## Decisions\n1. one\n2. two\n"),
            [("decisions".to_string(), 2)]
        );
    }
}
