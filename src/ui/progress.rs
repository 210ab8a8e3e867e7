//! The words of a progress line, fitted to the screen: `extracting knowledge ━━━━╸ 8/12 ·
//! eta 2 s  31 entities, 40 relationships · 8 at once`. A line that does not fit loses
//! whole parts (the detail's pieces, then the bar, then the ETA), never half a word:
//! a progress line that wraps can no longer be redrawn in place.

use std::time::Duration;

/// A step's progress as the line shows it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Shown<'a> {
    pub name: &'a str,
    pub done: u64,
    pub total: Option<u64>,
    /// Since the step began.
    pub elapsed: Duration,
    /// Extra words (`31 entities, 40 relationships · 8 at once`), pieces split at ` · `.
    pub detail: Option<&'a str>,
}

/// The ETA from the speed measured so far: the time each item took on average since
/// the step began, times the items left. `None` before the first item and after the last.
pub(super) fn eta(elapsed: Duration, done: u64, total: u64) -> Option<Duration> {
    (done > 0 && done < total).then(|| elapsed.mul_f64((total - done) as f64 / done as f64))
}

/// ` · eta 2 s` from the speed so far, or before the first item ` · 2 min 5 s so far`
/// (a slow model's first answer can take minutes).
fn timing(elapsed: Duration, done: u64, total: u64) -> String {
    match eta(elapsed, done, total) {
        Some(left) => format!(" · eta {}", super::secs(left)),
        None if done == 0 && elapsed >= Duration::from_secs(1) => {
            format!(" · {} so far", super::secs(elapsed))
        }
        None => String::new(),
    }
}

/// `extracting knowledge 8/12 · eta 2 s` (a plain line: no bar, no detail), or
/// `asking the model… 12 s`.
pub(super) fn plain(s: &Shown<'_>) -> String {
    match s.total {
        Some(total) => format!(
            "{} {}/{total}{}",
            s.name,
            s.done,
            timing(s.elapsed, s.done, total)
        ),
        None => format!("{}… {}", s.name, super::secs(s.elapsed)),
    }
}

/// The line drawn on a terminal, at most `width` columns wide, styled.
pub(super) fn fitted(s: &Shown<'_>, width: usize, ascii: bool) -> String {
    let Some(total) = s.total else {
        let line = plain(s);
        if console::measure_text_width(&line) <= width {
            return line;
        }
        return crate::text::truncate(&format!("{}…", s.name), width);
    };
    let count = format!("{}/{total}", s.done);
    let eta = timing(s.elapsed, s.done, total);
    let pieces: Vec<&str> = s
        .detail
        .map(|d| d.split(" · ").filter(|p| !p.trim().is_empty()).collect())
        .unwrap_or_default();
    let fraction = if total == 0 {
        1.0
    } else {
        s.done as f64 / total as f64
    };
    // From the fullest line to the barest, the first that fits: the detail's pieces go
    // first (the last first), then the bar, then the ETA.
    for with_eta in [true, false] {
        if !with_eta && eta.is_empty() {
            continue;
        }
        for bar_width in [20usize, 10, 0] {
            for keep in (0..=pieces.len()).rev() {
                let mut plain_len = s.name.chars().count() + 1 + count.chars().count();
                if bar_width > 0 {
                    plain_len += bar_width + 1;
                }
                let eta_part = if with_eta { eta.as_str() } else { "" };
                plain_len += console::measure_text_width(eta_part);
                let detail = pieces[..keep].join(" · ");
                if keep > 0 {
                    plain_len += 2 + console::measure_text_width(&detail);
                }
                if plain_len > width {
                    continue;
                }
                let mut line = String::from(s.name);
                line.push(' ');
                if bar_width > 0 {
                    line.push_str(&bar(fraction, bar_width, ascii));
                    line.push(' ');
                }
                line.push_str(&count);
                line.push_str(eta_part);
                if keep > 0 {
                    line.push_str("  ");
                    line.push_str(&console::style(detail).for_stderr().dim().to_string());
                }
                return line;
            }
        }
    }
    fit_words(&format!("{} {count}", s.name), width)
}

/// `━━━━━━╸   ` in cyan (`====>   ` in ASCII).
fn bar(fraction: f64, width: usize, ascii: bool) -> String {
    let (full, head) = if ascii { ('=', '>') } else { ('━', '╸') };
    let filled = ((fraction.clamp(0.0, 1.0) * width as f64).floor() as usize).min(width);
    let mut out: String = std::iter::repeat_n(full, filled).collect();
    let mut used = filled;
    if filled < width && filled > 0 {
        out.push(head);
        used += 1;
    }
    let rest = " ".repeat(width - used);
    format!(
        "{}{}",
        console::style(out).for_stderr().cyan(),
        console::style(rest).for_stderr().dim()
    )
}

/// `text` cut at a word to fit `width` columns, ending in `…` when cut.
fn fit_words(text: &str, width: usize) -> String {
    if console::measure_text_width(text) <= width {
        return text.to_string();
    }
    let mut out = String::new();
    for word in text.split(' ') {
        let next = if out.is_empty() {
            word.to_string()
        } else {
            format!("{out} {word}")
        };
        if console::measure_text_width(&next) + 1 > width {
            break;
        }
        out = next;
    }
    if out.is_empty() {
        return crate::text::truncate(text, width);
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(detail: Option<&str>) -> Shown<'_> {
        Shown {
            name: "extracting knowledge",
            done: 3,
            total: Some(12),
            elapsed: Duration::from_secs(30),
            detail,
        }
    }

    #[test]
    fn the_eta_comes_from_the_speed_measured_so_far() {
        // 3 chunks in 30 s: 10 s each, 9 left.
        assert_eq!(
            eta(Duration::from_secs(30), 3, 12),
            Some(Duration::from_secs(90))
        );
        assert_eq!(eta(Duration::from_secs(30), 0, 12), None);
        assert_eq!(eta(Duration::from_secs(30), 12, 12), None);
        assert_eq!(
            plain(&shown(None)),
            "extracting knowledge 3/12 · eta 1 min 30 s"
        );
        // Before the first answer: the time so far.
        let first = Shown {
            done: 0,
            ..shown(None)
        };
        assert_eq!(plain(&first), "extracting knowledge 0/12 · 30 s so far");
    }

    #[test]
    fn a_line_fits_its_screen_dropping_whole_parts() {
        let detail = Some("31 entities, 40 relationships · 8 at once");
        let wide = console::strip_ansi_codes(&fitted(&shown(detail), 200, false)).into_owned();
        assert_eq!(
            wide,
            "extracting knowledge ━━━━━╸               3/12 · eta 1 min 30 s  31 entities, 40 relationships · 8 at once"
        );
        for width in [100, 70, 60, 45, 30, 20, 12] {
            let line =
                console::strip_ansi_codes(&fitted(&shown(detail), width, false)).into_owned();
            assert!(
                console::measure_text_width(&line) <= width,
                "{width}: {line:?}"
            );
            // Whole parts only: what is shown is a piece of the wide line's words.
            for word in line.split_whitespace() {
                assert!(
                    wide.split_whitespace().any(|w| w == word)
                        || word.trim_end_matches('…').len() < word.len()
                        || word.chars().all(|c| "━╸".contains(c)),
                    "{width}: {word:?} in {line:?}"
                );
            }
        }
        let at_70 = console::strip_ansi_codes(&fitted(&shown(detail), 68, false)).into_owned();
        assert!(at_70.contains("3/12 · eta 1 min 30 s"), "{at_70}");
    }

    #[test]
    fn a_step_without_a_total_says_how_long_it_has_run() {
        let s = Shown {
            name: "asking the model",
            done: 0,
            total: None,
            elapsed: Duration::from_secs(75),
            detail: None,
        };
        assert_eq!(fitted(&s, 80, false), "asking the model… 1 min 15 s");
        assert_eq!(fitted(&s, 20, false), "asking the model…");
    }
}
