//! The line editor of free-text answers at a terminal (unix): raw mode, bracketed paste
//! (a multi-line paste is one answer, not one answer per line), and a redraw that
//! always knows how many rows the prompt and the typed text take, so however long the
//! answer or narrow the terminal, nothing typed is left behind on the screen.
//!
//! Keys: printable text, Backspace, Delete, ←/→, Home/End (Ctrl-A/Ctrl-E), Ctrl-U and
//! Ctrl-K (delete to the start or end), Ctrl-W (delete a word), Enter (answer), Ctrl-C
//! or Ctrl-D on an empty line (stop).

use rustix::event::{PollFd, PollFlags, Timespec};
use rustix::io::Errno;
use rustix::termios::{
    self, InputModes, LocalModes, OptionalActions, QueueSelector, SpecialCodeIndex, Termios,
};
use std::io::{self, Write};

/// What reading a line ended with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Read {
    /// The text typed (and pasted), newlines from pastes included.
    Line(String),
    /// Ctrl-C, Ctrl-D on an empty line, or the terminal went away.
    Interrupted,
}

/// Raw mode and bracketed paste for as long as it lives; both undone on drop, however
/// the reading ends.
struct RawMode {
    saved: Termios,
}

impl RawMode {
    fn enter() -> io::Result<RawMode> {
        let stdin = rustix::stdio::stdin();
        let saved = termios::tcgetattr(stdin)?;
        let mut raw = saved.clone();
        raw.local_modes
            .remove(LocalModes::ECHO | LocalModes::ICANON | LocalModes::ISIG | LocalModes::IEXTEN);
        raw.input_modes.remove(
            InputModes::IXON
                | InputModes::ICRNL
                | InputModes::BRKINT
                | InputModes::INPCK
                | InputModes::ISTRIP,
        );
        raw.special_codes[SpecialCodeIndex::VMIN] = 1;
        raw.special_codes[SpecialCodeIndex::VTIME] = 0;
        termios::tcsetattr(stdin, OptionalActions::Now, &raw)?;
        let _ = out("\x1b[?2004h");
        Ok(RawMode { saved })
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        let _ = out("\x1b[?2004l");
        let _ = termios::tcsetattr(rustix::stdio::stdin(), OptionalActions::Now, &self.saved);
    }
}

fn out(text: &str) -> io::Result<()> {
    let mut err = io::stderr().lock();
    err.write_all(text.as_bytes())?;
    err.flush()
}

/// Reads bytes from stdin, one key (or escape sequence) at a time.
struct Keys {
    buf: Vec<u8>,
}

/// One thing the user did.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Key {
    Char(char),
    Enter,
    Backspace,
    Delete,
    Left,
    Right,
    /// The previous answer given at this terminal (Up, Ctrl-P).
    Older,
    /// The next one (Down, Ctrl-N).
    Newer,
    Home,
    End,
    KillStart,
    KillEnd,
    KillWord,
    Redraw,
    Interrupt,
    /// Ctrl-D: end of input on an empty line, delete otherwise.
    Eof,
    /// A bracketed paste, whole.
    Paste(String),
    /// The terminal closed.
    Closed,
    Ignored,
}

impl Keys {
    fn fill(&mut self) -> io::Result<bool> {
        let mut chunk = [0u8; 4096];
        loop {
            let n = match rustix::io::read(rustix::stdio::stdin(), &mut chunk[..]) {
                Ok(n) => n,
                Err(err) if err == Errno::INTR => continue,
                Err(err) => return Err(err.into()),
            };
            if n == 0 {
                return Ok(false);
            }
            self.buf.extend_from_slice(&chunk[..n]);
            return Ok(true);
        }
    }

    /// Whether more bytes arrive within a moment (to tell a lone Escape from a
    /// sequence).
    fn more_soon(&self) -> bool {
        readable_within(30)
    }

    /// Whether a key is there to read now (typed before the question was asked).
    fn waiting(&self) -> bool {
        !self.buf.is_empty() || readable_within(0)
    }

    fn next(&mut self) -> io::Result<Key> {
        if self.buf.is_empty() && !self.fill()? {
            return Ok(Key::Closed);
        }
        let first = self.buf[0];
        match first {
            0x1b => self.escape(),
            b'\r' | b'\n' => Ok(self.take(1, Key::Enter)),
            0x7f | 0x08 => Ok(self.take(1, Key::Backspace)),
            0x03 => Ok(self.take(1, Key::Interrupt)),
            0x04 => Ok(self.take(1, Key::Eof)),
            0x01 => Ok(self.take(1, Key::Home)),
            0x05 => Ok(self.take(1, Key::End)),
            0x02 => Ok(self.take(1, Key::Left)),
            0x06 => Ok(self.take(1, Key::Right)),
            0x10 => Ok(self.take(1, Key::Older)),
            0x0e => Ok(self.take(1, Key::Newer)),
            0x15 => Ok(self.take(1, Key::KillStart)),
            0x0b => Ok(self.take(1, Key::KillEnd)),
            0x17 => Ok(self.take(1, Key::KillWord)),
            0x0c => Ok(self.take(1, Key::Redraw)),
            b'\t' => Ok(self.take(1, Key::Char(' '))),
            b if b < 0x20 => Ok(self.take(1, Key::Ignored)),
            _ => self.char(),
        }
    }

    fn take(&mut self, n: usize, key: Key) -> Key {
        self.buf.drain(..n.min(self.buf.len()));
        key
    }

    fn char(&mut self) -> io::Result<Key> {
        let len = match self.buf[0] {
            b if b < 0x80 => 1,
            b if b >> 5 == 0b110 => 2,
            b if b >> 4 == 0b1110 => 3,
            b if b >> 3 == 0b11110 => 4,
            _ => return Ok(self.take(1, Key::Ignored)),
        };
        while self.buf.len() < len {
            if !self.fill()? {
                return Ok(Key::Closed);
            }
        }
        let key = match std::str::from_utf8(&self.buf[..len]) {
            Ok(s) => s.chars().next().map_or(Key::Ignored, Key::Char),
            Err(_) => Key::Ignored,
        };
        Ok(self.take(len, key))
    }

    fn escape(&mut self) -> io::Result<Key> {
        if self.buf.len() < 2 {
            if !self.more_soon() {
                return Ok(self.take(1, Key::Ignored));
            }
            if !self.fill()? {
                return Ok(Key::Closed);
            }
        }
        match self.buf.get(1) {
            Some(b'[') => self.csi(),
            Some(b'O') => {
                while self.buf.len() < 3 {
                    if !self.fill()? {
                        return Ok(Key::Closed);
                    }
                }
                let key = match self.buf[2] {
                    b'H' => Key::Home,
                    b'F' => Key::End,
                    b'C' => Key::Right,
                    b'D' => Key::Left,
                    b'A' => Key::Older,
                    b'B' => Key::Newer,
                    _ => Key::Ignored,
                };
                Ok(self.take(3, key))
            }
            // Alt-something: not a key archie uses.
            _ => Ok(self.take(2, Key::Ignored)),
        }
    }

    fn csi(&mut self) -> io::Result<Key> {
        // ESC [ parameters final, the final byte in 0x40..=0x7e.
        let end = loop {
            if let Some(i) = self.buf[2..].iter().position(|b| (0x40..=0x7e).contains(b)) {
                break i + 2;
            }
            if !self.fill()? {
                return Ok(Key::Closed);
            }
        };
        let params = String::from_utf8_lossy(&self.buf[2..end]).into_owned();
        let key = match (params.as_str(), self.buf[end]) {
            ("200", b'~') => {
                self.buf.drain(..=end);
                return self.paste();
            }
            (_, b'D') => Key::Left,
            (_, b'C') => Key::Right,
            (_, b'A') => Key::Older,
            (_, b'B') => Key::Newer,
            (_, b'H') | ("1" | "7", b'~') => Key::Home,
            (_, b'F') | ("4" | "8", b'~') => Key::End,
            ("3", b'~') => Key::Delete,
            _ => Key::Ignored,
        };
        Ok(self.take(end + 1, key))
    }

    /// Everything up to the end-of-paste marker, as one piece of text.
    fn paste(&mut self) -> io::Result<Key> {
        const END: &[u8] = b"\x1b[201~";
        loop {
            if let Some(at) = self.buf.windows(END.len()).position(|w| w == END) {
                let bytes: Vec<u8> = self.buf.drain(..at + END.len()).take(at).collect();
                let text = String::from_utf8_lossy(&bytes)
                    .replace("\r\n", "\n")
                    .replace('\r', "\n");
                let text: String = text
                    .chars()
                    .map(|c| if c == '\t' { ' ' } else { c })
                    .filter(|c| *c == '\n' || !c.is_control())
                    .collect();
                return Ok(Key::Paste(text));
            }
            if !self.fill()? {
                return Ok(Key::Closed);
            }
        }
    }
}

/// Whether stdin has bytes to read within `ms` milliseconds.
fn readable_within(ms: i64) -> bool {
    let stdin = rustix::stdio::stdin();
    let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
    let timeout = Timespec {
        tv_sec: 0,
        tv_nsec: ms * 1_000_000,
    };
    rustix::event::poll(&mut fds, Some(&timeout)).is_ok_and(|n| n > 0)
}

/// Drops whatever was typed and not read yet (before a yes/no or a choice, where a key
/// typed ahead would answer a question nobody has read).
pub(super) fn drop_typed_ahead() {
    let _ = termios::tcflush(rustix::stdio::stdin(), QueueSelector::IFlush);
}

/// Where things are on the screen, in rows and columns from the prompt's start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pos {
    row: usize,
    /// 0..=cols; `cols` means "at the right margin, the next character wraps".
    col: usize,
}

fn advance(mut pos: Pos, width: usize, cols: usize) -> Pos {
    if pos.col + width > cols {
        pos.row += 1;
        pos.col = 0;
    }
    pos.col += width;
    pos
}

use crate::text::char_width;

/// How a typed character is shown: a pasted newline as `⏎` (one cell).
fn shown(c: char) -> char {
    if c == '\n' { '⏎' } else { c }
}

/// The prompt and the text being typed, drawn so that a redraw can always find and
/// clear what it drew before.
struct Line<'a> {
    /// The prompt, styled.
    prompt: &'a str,
    /// The prompt without styles, for measuring.
    plain_prompt: String,
    text: Vec<char>,
    cursor: usize,
    /// The row (from the prompt's first row) the terminal cursor is on.
    cursor_row: usize,
}

impl<'a> Line<'a> {
    fn new(prompt: &'a str) -> Self {
        Self {
            prompt,
            plain_prompt: console::strip_ansi_codes(prompt).into_owned(),
            text: Vec::new(),
            cursor: 0,
            cursor_row: 0,
        }
    }

    fn size() -> (usize, usize) {
        let (rows, cols) = console::Term::stderr().size();
        (usize::from(rows).max(3), usize::from(cols).max(10))
    }

    /// The first character drawn: a long text shows its end (the part being typed), so
    /// the whole drawing fits the screen and can be cleared.
    fn window(&self, cols: usize, rows: usize) -> usize {
        let mut start = 0;
        loop {
            let end = self.layout(start, self.text.len(), cols);
            if end.row + 1 < rows || start >= self.text.len() {
                return start;
            }
            start += 1;
        }
    }

    /// Where drawing prompt and `text[start..upto]` ends (after a `…` if `start > 0`).
    fn layout(&self, start: usize, upto: usize, cols: usize) -> Pos {
        let mut pos = Pos { row: 0, col: 0 };
        for c in self.plain_prompt.chars() {
            pos = advance(pos, char_width(c), cols);
        }
        if start > 0 {
            pos = advance(pos, 1, cols);
        }
        for c in &self.text[start..upto.max(start)] {
            pos = advance(pos, char_width(shown(*c)), cols);
        }
        pos
    }

    /// Moves to the prompt's first row and clears everything drawn since.
    fn clear(&mut self) -> io::Result<()> {
        let mut seq = String::new();
        if self.cursor_row > 0 {
            seq.push_str(&format!("\x1b[{}A", self.cursor_row));
        }
        seq.push_str("\r\x1b[J");
        self.cursor_row = 0;
        out(&seq)
    }

    fn draw(&mut self) -> io::Result<()> {
        let (rows, cols) = Self::size();
        self.clear()?;
        let start = self.window(cols, rows);
        let mut seq = String::from(self.prompt);
        if start > 0 {
            seq.push('…');
        }
        seq.extend(self.text[start..].iter().map(|c| shown(*c)));
        let mut end = self.layout(start, self.text.len(), cols);
        if end.col >= cols {
            // At the right margin: move to the next row for real, so positions agree.
            seq.push_str("\r\n");
            end = Pos {
                row: end.row + 1,
                col: 0,
            };
        }
        let mut at = self.layout(start, self.cursor.max(start), cols);
        if at.col >= cols {
            at = Pos {
                row: at.row + 1,
                col: 0,
            };
        }
        if end.row > at.row {
            seq.push_str(&format!("\x1b[{}A", end.row - at.row));
        }
        seq.push_str(&format!("\x1b[{}G", at.col + 1));
        self.cursor_row = at.row;
        out(&seq)
    }

    /// The whole line becomes `text`, the cursor at its end.
    fn replace(&mut self, text: &str) {
        self.text.clear();
        self.cursor = 0;
        self.insert(text);
    }

    fn insert(&mut self, text: &str) {
        for c in text.chars() {
            self.text.insert(self.cursor, c);
            self.cursor += 1;
        }
    }
}

/// The answers given at this terminal so far, oldest first: Up and Down bring them back
/// (a chat such as `archie upgrade` asks many questions in one process).
fn history() -> std::sync::MutexGuard<'static, Vec<String>> {
    static HISTORY: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    HISTORY
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Reads one answer after `prompt` (styled). What was typed before the question came
/// (while archie worked, unechoed) is the start of the answer: it is edited as typed,
/// and an Enter in it is a line break, not the answer sent (the question was not read
/// yet). The prompt and the typed text are cleared when the answer is given; the caller
/// echoes it.
pub(super) fn read_line(prompt: &str, initial: &str) -> io::Result<Read> {
    let _raw = RawMode::enter()?;
    let mut keys = Keys { buf: Vec::new() };
    let mut line = Line::new(prompt);
    line.insert(initial);
    while keys.waiting() {
        match keys.next()? {
            Key::Enter if line.text.is_empty() || line.text.last() == Some(&'\n') => {}
            Key::Enter => line.insert("\n"),
            Key::Closed => {
                line.clear()?;
                return Ok(Read::Interrupted);
            }
            Key::Interrupt | Key::Eof | Key::Older | Key::Newer => {}
            key => edit(&mut line, key),
        }
    }
    while line.text.last() == Some(&'\n') {
        line.text.pop();
        line.cursor = line.cursor.min(line.text.len());
    }
    line.draw()?;
    let past = history().clone();
    // Where Up/Down are in the history (`past.len()`: the line being typed), and that line.
    let mut at = past.len();
    let mut typed = String::new();
    loop {
        match keys.next()? {
            Key::Enter => {
                line.clear()?;
                let answer: String = line.text.iter().collect();
                let mut history = history();
                if !answer.trim().is_empty() && history.last() != Some(&answer) {
                    history.push(answer.clone());
                }
                return Ok(Read::Line(answer));
            }
            Key::Older if at > 0 => {
                if at == past.len() {
                    typed = line.text.iter().collect();
                }
                at -= 1;
                line.replace(&past[at]);
            }
            Key::Newer if at < past.len() => {
                at += 1;
                let text = past.get(at).unwrap_or(&typed).clone();
                line.replace(&text);
            }
            Key::Older | Key::Newer => {}
            Key::Interrupt | Key::Closed => {
                line.clear()?;
                return Ok(Read::Interrupted);
            }
            Key::Eof if line.text.is_empty() => {
                line.clear()?;
                return Ok(Read::Interrupted);
            }
            key => edit(&mut line, key),
        }
        line.draw()?;
    }
}

/// A key that edits the text.
fn edit(line: &mut Line<'_>, key: Key) {
    match key {
        Key::Eof | Key::Delete => {
            if line.cursor < line.text.len() {
                line.text.remove(line.cursor);
            }
        }
        Key::Char(c) => line.insert(c.encode_utf8(&mut [0u8; 4])),
        Key::Paste(text) => line.insert(&text),
        Key::Backspace => {
            if line.cursor > 0 {
                line.cursor -= 1;
                line.text.remove(line.cursor);
            }
        }
        Key::Left => line.cursor = line.cursor.saturating_sub(1),
        Key::Right => line.cursor = (line.cursor + 1).min(line.text.len()),
        Key::Home => line.cursor = 0,
        Key::End => line.cursor = line.text.len(),
        Key::KillStart => {
            line.text.drain(..line.cursor);
            line.cursor = 0;
        }
        Key::KillEnd => line.text.truncate(line.cursor),
        Key::KillWord => {
            let mut start = line.cursor;
            while start > 0 && line.text[start - 1].is_whitespace() {
                start -= 1;
            }
            while start > 0 && !line.text[start - 1].is_whitespace() {
                start -= 1;
            }
            line.text.drain(start..line.cursor);
            line.cursor = start;
        }
        Key::Enter
        | Key::Older
        | Key::Newer
        | Key::Interrupt
        | Key::Closed
        | Key::Redraw
        | Key::Ignored => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_wraps_at_the_margin() {
        let cols = 10;
        let mut pos = Pos { row: 0, col: 0 };
        for _ in 0..10 {
            pos = advance(pos, 1, cols);
        }
        assert_eq!(
            pos,
            Pos { row: 0, col: 10 },
            "at the margin, not yet wrapped"
        );
        pos = advance(pos, 1, cols);
        assert_eq!(pos, Pos { row: 1, col: 1 });
        // A wide character that does not fit wraps whole.
        let pos = advance(Pos { row: 0, col: 9 }, 2, cols);
        assert_eq!(pos, Pos { row: 1, col: 2 });
    }

    #[test]
    fn a_long_answer_shows_its_end_within_the_screen() {
        let mut line = Line::new("? Your answer › ");
        line.insert(&"word ".repeat(200));
        let start = line.window(20, 5);
        assert!(start > 0);
        assert!(line.layout(start, line.text.len(), 20).row < 4);
    }
}
