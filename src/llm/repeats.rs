//! Telling an answer that repeats itself: a small model at a low temperature falls into
//! a loop (the same paragraph, or the same `<use_case>` block, again and again until
//! `max_tokens`). A streamed answer is watched as it arrives and stopped at the loop's
//! [`REPEATS`]th repeat; a whole one is cut the same way. What is kept is the answer up
//! to the end of the passage's first copy.
//!
//! A loop is a passage of at least [`MIN_PASSAGE`] bytes written [`REPEATS`] more times
//! in a row, word for word. A shorter period (a rule of dashes, a table border, "and
//! again and again") is left alone: archie's size limits still stop an endless one.

/// The shortest passage whose repetition is a loop.
const MIN_PASSAGE: usize = 24;
/// The longest passage looked for (a long paragraph).
const MAX_PASSAGE: usize = 4096;
/// Copies after the first that make a loop.
pub(crate) const REPEATS: usize = 3;
/// A streamed answer is looked at again once it has grown this much.
pub(super) const CHECK_EVERY: usize = 16;

/// A loop found in an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Loop {
    /// Bytes of the answer worth keeping: up to the end of the passage's first copy.
    pub(crate) keep: usize,
    /// How many times the passage was repeated after its first copy.
    pub(crate) repeats: usize,
    /// Where the repetition starts, and the passage's length in bytes.
    start: usize,
    period: usize,
}

/// A loop that `text` ends in, if any.
pub(super) fn at_end(text: &str) -> Option<Loop> {
    let b = text.as_bytes();
    let n = b.len();
    let copies = REPEATS + 1;
    let longest = MAX_PASSAGE.min(n / copies);
    // The smallest period first: text that repeats every 4 bytes also repeats every 40.
    for len in 1..=longest {
        // Cheap rejections first: the last byte, then the whole window.
        if b[n - 1] != b[n - 1 - len] {
            continue;
        }
        let window = copies * len;
        if b[n - window..n - len] != b[n - window + len..n] {
            continue;
        }
        if len < MIN_PASSAGE {
            return None;
        }
        // Where the repetition starts: as far back as the text keeps the period.
        let mut start = n - window;
        while start > 0 && b[start - 1] == b[start - 1 + len] {
            start -= 1;
        }
        let repeats = (n - start) / len - 1;
        return Some(Loop {
            keep: tidy_end(text, start + len, len),
            repeats,
            start,
            period: len,
        });
    }
    None
}

/// The first loop in a whole answer, if any, with all its repeats counted.
pub(super) fn in_text(text: &str) -> Option<Loop> {
    let b = text.as_bytes();
    let mut end = MIN_PASSAGE * (REPEATS + 1);
    while end < b.len() {
        if text.is_char_boundary(end)
            && let Some(mut found) = at_end(&text[..end])
        {
            let mut last = end;
            while last < b.len() && b[last] == b[last - found.period] {
                last += 1;
            }
            found.repeats = (last - found.start) / found.period - 1;
            return Some(found);
        }
        end += CHECK_EVERY / 2;
    }
    at_end(text)
}

/// The kept part's end, moved to a character boundary and on to the end of its line or
/// sentence when that comes within the next `room` bytes (a repetition that began right
/// after a full stop would otherwise leave it off).
fn tidy_end(text: &str, mut keep: usize, room: usize) -> usize {
    while keep < text.len() && !text.is_char_boundary(keep) {
        keep += 1;
    }
    let rest = &text[keep..];
    let mut within = rest.len().min(room);
    while !rest.is_char_boundary(within) {
        within -= 1;
    }
    let rest = &rest[..within];
    let mut extra = 0;
    for (i, c) in rest.char_indices() {
        if c == '\n' {
            break;
        }
        if matches!(c, '.' | '!' | '?' | ':' | ';' | '>') {
            extra = i + c.len_utf8();
            break;
        }
        if !c.is_whitespace() && !matches!(c, '"' | ')' | ']' | '*' | '`') {
            break;
        }
    }
    keep + extra
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paragraph_written_again_and_again_is_a_loop() {
        let intro = "The checkout flow has three parts.\n\n";
        let para = "The Order Service writes each order to the Orders DB and publishes an event.\n";
        let text = format!("{intro}{}", para.repeat(4));
        let found = at_end(&text).expect("a loop");
        assert_eq!(found.repeats, 3);
        assert_eq!(
            text[..found.keep].trim_end(),
            format!("{intro}{para}").trim_end()
        );
        // Three copies are not yet a loop.
        assert_eq!(at_end(&format!("{intro}{}", para.repeat(3))), None);
    }

    #[test]
    fn a_loop_is_found_whatever_piece_the_stream_ends_on() {
        let block = "<use_case>A customer pays for the order.</use_case>\n";
        let text = format!("Use cases:\n{}", block.repeat(10));
        for end in text.len() - block.len()..text.len() {
            let found = at_end(&text[..end]).expect("a loop");
            let kept = &text[..found.keep];
            assert!(
                kept.starts_with("Use cases:\n<use_case>A customer"),
                "{kept:?}"
            );
            assert_eq!(kept.matches("<use_case>").count(), 1, "{kept:?}");
        }
    }

    #[test]
    fn separators_tables_and_lists_are_not_loops() {
        assert_eq!(at_end(&"-".repeat(400)), None);
        assert_eq!(at_end(&"|---".repeat(100)), None);
        assert_eq!(at_end(&"and again ".repeat(100)), None);
        let table: String = (0..20)
            .map(|i| format!("| Service{i} | writes to | Orders DB |\n"))
            .collect();
        assert_eq!(in_text(&table), None);
    }

    #[test]
    fn a_whole_answer_is_cut_at_its_first_loop() {
        let text = format!(
            "Intro.\n{}Conclusion.",
            "Payments retry three times before failing.\n".repeat(6)
        );
        let found = in_text(&text).expect("a loop");
        assert_eq!(
            &text[..found.keep],
            "Intro.\nPayments retry three times before failing."
        );
        assert_eq!(in_text("A short answer."), None);
    }

    /// The text of a recorded answer: a whole JSON body, a stream, or plain text.
    fn answer_text(raw: &str) -> String {
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(raw)
            && let Some(text) = v
                .pointer("/choices/0/message/content")
                .and_then(|c| c.as_str())
        {
            return text.to_string();
        }
        let deltas: Vec<String> = raw
            .lines()
            .filter_map(|l| l.strip_prefix("data: "))
            .filter_map(|d| serde_json::from_str::<serde_json::Value>(d).ok())
            .filter_map(|v| {
                v.pointer("/choices/0/delta/content")
                    .and_then(|c| c.as_str())
                    .map(str::to_string)
            })
            .collect();
        if deltas.is_empty() {
            raw.to_string()
        } else {
            deltas.concat()
        }
    }

    /// Real text: archie's own docs and prompts (written by people) hold no loop; the
    /// answers Gemma 3 270M gave on real llama.cpp servers (`docs/llama-probes/`) hold
    /// the two loops they were seen to, and nothing else is taken for one.
    #[test]
    fn real_text_people_and_small_models_wrote() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut read = 0;
        for dir in ["docs", "prompts", "docs/llama-probes", "."] {
            let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                let name = path.to_string_lossy().to_string();
                if !(name.ends_with(".md") || name.ends_with(".resp")) {
                    continue;
                }
                let Ok(raw) = std::fs::read_to_string(&path) else {
                    continue;
                };
                read += 1;
                let found = in_text(&answer_text(&raw));
                assert_eq!(found, None, "{name}");
            }
        }
        assert!(read > 40, "only {read} files read");
        for (run, repeats) in [("a_gemma", 9), ("b_gemma", 16)] {
            let log = root.join(format!("docs/llama-probes/runs/{run}/stderr.txt"));
            let text = std::fs::read_to_string(&log).expect("the recorded run");
            let found = in_text(&text).expect("the loop Gemma fell into");
            assert_eq!(found.repeats, repeats, "{run}");
        }
    }

    #[test]
    fn any_text_is_cut_at_a_character_boundary() {
        // Passages of every length around the minimum, in 1- to 4-byte characters, cut
        // at every byte: no slice ever falls inside a character.
        for unit in ["a", "é", "€", "𝄞"] {
            for len in 20..40 {
                let passage: String = (0..len)
                    .map(|i| {
                        if i % 7 == 0 {
                            unit.to_string()
                        } else {
                            "x".repeat(1 + i % 3)
                        }
                    })
                    .collect::<String>()
                    + " ";
                let text = format!("{unit}{unit} {}", passage.repeat(6));
                for end in (0..=text.len()).filter(|e| text.is_char_boundary(*e)) {
                    if let Some(found) = at_end(&text[..end]) {
                        assert!(text.is_char_boundary(found.keep));
                    }
                }
                if let Some(found) = in_text(&text) {
                    assert!(text.is_char_boundary(found.keep));
                }
            }
        }
    }

    #[test]
    fn multibyte_text_is_cut_at_a_character_boundary() {
        let text = format!("Début — {}", "le service écrit dans la base — ".repeat(5));
        let found = in_text(&text).expect("a loop");
        assert!(text.is_char_boundary(found.keep));
    }
}
