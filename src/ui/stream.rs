//! A streamed answer on a terminal that can redraw: wrapped on words (never cut
//! mid-word at the margin), with a status line under it while it streams, saying how
//! long the answer has run and how fast it comes (`~412 tokens · 14 tokens/s · 29 s`),
//! so a slow or runaway answer is never a silent wait.
//!
//! What is drawn: the lines of the answer that are complete stay where they are; the
//! row being written and the status line under it are redrawn in place. Nothing of the
//! status line is left behind when the answer ends.

use std::time::{Duration, Instant};

/// Escape sequences of the redraw (used only on a terminal that can redraw).
const CLEAR_TO_END: &str = "\x1b[K";
const UP: &str = "\x1b[1A";

/// The status line appears once an answer has streamed this long (a short answer does
/// not flash one).
const STATUS_AFTER: Duration = Duration::from_millis(800);

/// One streamed answer being drawn.
#[derive(Debug)]
pub(super) struct Stream {
    /// When the call began (the "asking the model…" line's start, or the first token).
    started: Instant,
    /// When the first text arrived (the speed is measured from there).
    first: Instant,
    /// Bytes of text received (tokens are estimated from them, as everywhere in archie).
    bytes: usize,
    /// The row being written (styled), and its width in columns.
    row: String,
    row_width: usize,
    /// The word being written (not yet known to fit the row), and its width.
    word: String,
    word_width: usize,
    /// Whether the status line is on the screen (under the row).
    status_shown: bool,
}

impl Stream {
    /// An answer whose call began at `started`, its first row opened by `header`
    /// (`archie ─ `, styled) of `header_width` columns.
    pub(super) fn new(started: Instant, header: &str, header_width: usize) -> Self {
        Self {
            started,
            first: Instant::now(),
            bytes: 0,
            row: header.to_string(),
            row_width: header_width,
            word: String::new(),
            word_width: 0,
            status_shown: false,
        }
    }

    /// Adds `text` (inert already) for a screen of `cols` columns; returns what to write.
    pub(super) fn push(&mut self, text: &str, cols: usize, now: Instant) -> String {
        self.bytes += text.len();
        // One column short of the margin: a character in the last column leaves the
        // cursor there, where clearing the rest of the line would erase it.
        let width = cols.saturating_sub(1).max(10);
        let mut out = self.back_to_row();
        for c in text.chars() {
            match c {
                '\n' => {
                    self.place_word(width, &mut out);
                    self.end_row(&mut out);
                }
                ' ' | '\t' => {
                    self.place_word(width, &mut out);
                    if self.row_width < width {
                        self.row.push(' ');
                        self.row_width += 1;
                    }
                }
                c => {
                    let w = crate::text::char_width(c);
                    if self.row_width + self.word_width + w > width {
                        if self.row_width > 0 && !self.row_is_blank() {
                            // The word goes to the next row.
                            self.end_row(&mut out);
                        } else {
                            // A word longer than a row: cut it.
                            self.place_word(usize::MAX, &mut out);
                            self.end_row(&mut out);
                        }
                    }
                    self.word.push(c);
                    self.word_width += w;
                }
            }
        }
        self.draw_row(&mut out);
        self.draw_status(now, &mut out);
        out
    }

    /// Redraws the status line alone (time passes while the model is silent).
    pub(super) fn refresh(&mut self, now: Instant) -> String {
        if !self.status_shown && now.saturating_duration_since(self.first) < STATUS_AFTER {
            return String::new();
        }
        let mut out = self.back_to_row();
        self.draw_row(&mut out);
        self.draw_status(now, &mut out);
        out
    }

    /// Ends the answer: the status line cleared, the cursor after the last text.
    pub(super) fn finish(&mut self) -> String {
        let mut out = self.back_to_row();
        self.draw_row(&mut out);
        out
    }

    fn row_is_blank(&self) -> bool {
        console::strip_ansi_codes(&self.row).trim().is_empty()
    }

    /// From wherever the last drawing left the cursor to the start of the row.
    fn back_to_row(&mut self) -> String {
        let mut out = String::from("\r");
        if self.status_shown {
            out.push_str(CLEAR_TO_END);
            out.push_str(UP);
            self.status_shown = false;
        }
        out
    }

    /// The word being written joins the row, or starts the next one when it does not fit
    /// within `width`.
    fn place_word(&mut self, width: usize, out: &mut String) {
        if self.word.is_empty() {
            return;
        }
        if self.row_width + self.word_width > width && !self.row_is_blank() {
            self.end_row(out);
        }
        self.row.push_str(&self.word);
        self.row_width += self.word_width;
        self.word.clear();
        self.word_width = 0;
    }

    /// The row is complete: written for good, and a new one begins.
    fn end_row(&mut self, out: &mut String) {
        out.push_str(self.row.trim_end_matches(' '));
        out.push_str(CLEAR_TO_END);
        out.push('\n');
        self.row.clear();
        self.row_width = 0;
    }

    fn draw_row(&self, out: &mut String) {
        out.push_str(&self.row);
        out.push_str(&self.word);
        out.push_str(CLEAR_TO_END);
    }

    fn draw_status(&mut self, now: Instant, out: &mut String) {
        if now.saturating_duration_since(self.first) < STATUS_AFTER {
            return;
        }
        out.push('\n');
        out.push_str(
            &console::style(self.status(now))
                .for_stderr()
                .dim()
                .to_string(),
        );
        out.push_str(CLEAR_TO_END);
        self.status_shown = true;
    }

    /// `~412 tokens · 14 tokens/s · 29 s`.
    pub(super) fn status(&self, now: Instant) -> String {
        let tokens = self.bytes.div_ceil(crate::tokens::BYTES_PER_TOKEN);
        let streaming = now.saturating_duration_since(self.first).as_secs_f64();
        let rate = if streaming >= 0.5 {
            format!(" · {:.0} tokens/s", tokens as f64 / streaming)
        } else {
            String::new()
        };
        format!(
            "  ~{} tokens{rate} · {}",
            crate::text::thousands(tokens as u64),
            super::secs(now.saturating_duration_since(self.started))
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a terminal of `cols` columns shows after `out` (rows, trailing spaces cut):
    /// enough of a screen for `\r`, `\n`, clear to end of line and one row up.
    fn screen(out: &str, cols: usize) -> Vec<String> {
        let mut rows: Vec<Vec<char>> = vec![Vec::new()];
        let (mut row, mut col) = (0usize, 0usize);
        let mut chars = out.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\x1b' => {
                    let mut seq = String::new();
                    for s in chars.by_ref() {
                        seq.push(s);
                        if s.is_ascii_alphabetic() {
                            break;
                        }
                    }
                    match seq.as_str() {
                        "[K" => rows[row].truncate(col),
                        "[1A" => row = row.saturating_sub(1),
                        _ => {}
                    }
                }
                '\r' => col = 0,
                '\n' => {
                    row += 1;
                    col = 0;
                    if rows.len() <= row {
                        rows.push(Vec::new());
                    }
                }
                c => {
                    assert!(col < cols, "text past the margin: {rows:?}");
                    let line = &mut rows[row];
                    while line.len() < col {
                        line.push(' ');
                    }
                    if col < line.len() {
                        line[col] = c;
                    } else {
                        line.push(c);
                    }
                    col += 1;
                }
            }
        }
        rows.iter()
            .map(|r| r.iter().collect::<String>().trim_end().to_string())
            .collect()
    }

    #[test]
    fn an_answer_wraps_on_words_however_it_is_cut_into_tokens() {
        console::set_colors_enabled_stderr(false);
        let text = "When the PaymentGateway times out, does the Checkout Service retry or fail? And is the target end to end?\nA second paragraph.";
        let start = Instant::now();
        for piece in [1usize, 3, 7, 1000] {
            let mut stream = Stream::new(start, "archie ─ ", 9);
            let mut out = String::new();
            let chars: Vec<char> = text.chars().collect();
            for chunk in chars.chunks(piece) {
                out.push_str(&stream.push(&String::from_iter(chunk), 40, start));
            }
            out.push_str(&stream.finish());
            let rows = screen(&out, 40);
            assert_eq!(
                rows,
                vec![
                    "archie ─ When the PaymentGateway times",
                    "out, does the Checkout Service retry or",
                    "fail? And is the target end to end?",
                    "A second paragraph.",
                ],
                "pieces of {piece}"
            );
        }
    }

    #[test]
    fn a_word_longer_than_a_row_is_cut() {
        console::set_colors_enabled_stderr(false);
        let start = Instant::now();
        let mut stream = Stream::new(start, "", 0);
        let mut out = stream.push(&format!("a {} b", "x".repeat(25)), 12, start);
        out.push_str(&stream.finish());
        let rows = screen(&out, 12);
        assert!(rows.iter().all(|r| r.chars().count() <= 11), "{rows:?}");
        assert_eq!(
            rows.concat().replace(' ', ""),
            format!("a{}b", "x".repeat(25))
        );
    }

    #[test]
    fn the_status_line_says_speed_and_time_and_is_gone_at_the_end() {
        console::set_colors_enabled_stderr(false);
        let start = Instant::now();
        let mut stream = Stream::new(start, "archie ─ ", 9);
        let mut out = stream.push("Then the weak point", 60, start);
        assert!(!out.contains("tokens"), "no status line at once: {out:?}");
        let later = start + Duration::from_secs(4);
        out.push_str(&stream.push(" is the gateway.", 60, later));
        let rows = screen(&out, 60);
        assert_eq!(rows[0], "archie ─ Then the weak point is the gateway.");
        assert!(rows[1].contains("tokens/s"), "{rows:?}");
        assert!(rows[1].contains("4 s"), "{rows:?}");
        out.push_str(&stream.refresh(later + Duration::from_secs(3)));
        assert!(screen(&out, 60)[1].contains("7 s"));
        out.push_str(&stream.finish());
        let rows = screen(&out, 60);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[1], "", "the status line is cleared");
    }
}
