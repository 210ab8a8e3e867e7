//! The terminal as users really use it: pastes, typos, Ctrl-C in the middle of work, a
//! resumed run at its question, narrow windows. Each test runs archie in a terminal of
//! its own (a pseudo-terminal), and where what matters is what is left on the screen, a
//! small screen model replays archie's output to see it.

use crate::flows::{TURN_1, is_extraction, scripted_env, scripted_model};
use crate::support::TestEnv;
use expectrl::{Eof, Session};
use std::os::unix::fs::OpenOptionsExt;
use std::time::Duration;

/// archie with `args` in a pseudo-terminal of `cols` columns in `env`'s world.
fn in_pty(env: &TestEnv, args: &[&str], cols: u16) -> Session {
    let mut session = crate::pty::spawn_sized(env, cols, 24, args);
    session.set_expect_timeout(Some(Duration::from_secs(30)));
    session
}

/// Whether the terminal of `session` edits what is typed by lines (as a shell leaves
/// it; archie turns that off, with the echo, while it draws), read from its terminal
/// side. (The echo itself is off in these terminals from the start: expectrl's choice.)
fn edits_lines(session: &Session) -> bool {
    use std::os::fd::AsRawFd;
    let master = session.get_process().get_raw_handle().expect("pty");
    let mut name = [0 as libc::c_char; 128];
    // SAFETY: a valid fd and a buffer of the length given.
    let found = unsafe { libc::ptsname_r(master.as_raw_fd(), name.as_mut_ptr(), name.len()) };
    assert_eq!(found, 0, "ptsname");
    // SAFETY: ptsname_r wrote a NUL-terminated name.
    let name = unsafe { std::ffi::CStr::from_ptr(name.as_ptr()) };
    let tty = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NOCTTY)
        .open(name.to_str().expect("a path"))
        .expect("open the terminal side");
    // SAFETY: termios is plain data; tcgetattr fills it.
    let mut termios: libc::termios = unsafe { std::mem::zeroed() };
    // SAFETY: a valid fd and a valid pointer.
    assert_eq!(unsafe { libc::tcgetattr(tty.as_raw_fd(), &mut termios) }, 0);
    termios.c_lflag & libc::ICANON != 0
}

/// Everything a session printed, kept as the test reads it.
struct Seen {
    session: Session,
    bytes: Vec<u8>,
}

impl Seen {
    fn new(session: Session) -> Self {
        Self {
            session,
            bytes: Vec::new(),
        }
    }

    #[track_caller]
    fn expect(&mut self, text: &str) {
        match self.session.expect(text) {
            Ok(found) => self.bytes.extend_from_slice(found.as_bytes()),
            Err(err) => panic!(
                "{text:?} never appeared ({err}); the screen was:\n{}",
                Screen::replay(&self.bytes, 200).text()
            ),
        }
    }

    fn send(&mut self, text: &str) {
        self.session.send(text).expect("type");
    }

    /// Waits for archie to exit; its exit code.
    fn exit(self) -> (i32, Vec<u8>) {
        let (code, bytes, _) = self.exit_to_session();
        (code, bytes)
    }

    /// Waits for archie to exit; its exit code, and the terminal it leaves.
    fn exit_to_session(mut self) -> (i32, Vec<u8>, Session) {
        match self.session.expect(Eof) {
            Ok(rest) => self.bytes.extend_from_slice(rest.as_bytes()),
            // Still running after the expect timeout: it waits for input the test never
            // gives. Kill it rather than hang the suite, and show where it stood.
            Err(err) => {
                let _ = self
                    .session
                    .get_process_mut()
                    .kill(expectrl::Signal::SIGKILL);
                panic!(
                    "archie did not exit ({err}); the screen was:\n{}",
                    Screen::replay(&self.bytes, 200).text()
                );
            }
        }
        let status = self.session.get_process().wait().expect("wait");
        let code = match status {
            expectrl::WaitStatus::Exited(_, code) => code,
            expectrl::WaitStatus::Signaled(_, signal, _) => 128 + signal as i32,
            other => panic!("archie did not exit normally: {other:?}"),
        };
        (code, self.bytes, self.session)
    }
}

/// A model of a terminal screen, enough for what archie draws: text that wraps at the
/// right margin, carriage return, line feed, cursor up and down, cursor to column, erase
/// line
/// and erase below. Colours and other sequences are ignored.
struct Screen {
    cols: usize,
    lines: Vec<Vec<char>>,
    row: usize,
    col: usize,
}

impl Screen {
    fn replay(bytes: &[u8], cols: usize) -> Screen {
        let mut screen = Screen {
            cols,
            lines: vec![Vec::new()],
            row: 0,
            col: 0,
        };
        let text = String::from_utf8_lossy(bytes);
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\x1b' => {
                    if chars.peek() != Some(&'[') {
                        chars.next();
                        continue;
                    }
                    chars.next();
                    let mut params = String::new();
                    let mut last = ' ';
                    for p in chars.by_ref() {
                        if ('\x40'..='\x7e').contains(&p) {
                            last = p;
                            break;
                        }
                        params.push(p);
                    }
                    let n = params.parse::<usize>().unwrap_or(1).max(1);
                    match last {
                        'A' => screen.row = screen.row.saturating_sub(n),
                        'B' => {
                            for _ in 0..n {
                                screen.down();
                            }
                        }
                        'G' => screen.col = (n - 1).min(cols - 1),
                        'K' => {
                            let line = screen.line();
                            if params == "2" {
                                line.clear();
                            } else {
                                let col = screen.col;
                                screen.line().truncate(col);
                            }
                        }
                        'J' => {
                            let col = screen.col;
                            screen.line().truncate(col);
                            screen.lines.truncate(screen.row + 1);
                        }
                        _ => {}
                    }
                }
                '\r' => screen.col = 0,
                '\n' => screen.down(),
                c if c.is_control() => {}
                c => {
                    if screen.col >= screen.cols {
                        screen.down();
                        screen.col = 0;
                    }
                    let col = screen.col;
                    let line = screen.line();
                    while line.len() < col {
                        line.push(' ');
                    }
                    if col < line.len() {
                        line[col] = c;
                    } else {
                        line.push(c);
                    }
                    screen.col += 1;
                }
            }
        }
        screen
    }

    fn down(&mut self) {
        self.row += 1;
        while self.lines.len() <= self.row {
            self.lines.push(Vec::new());
        }
    }

    fn line(&mut self) -> &mut Vec<char> {
        while self.lines.len() <= self.row {
            self.lines.push(Vec::new());
        }
        &mut self.lines[self.row]
    }

    /// The screen (and what scrolled off it), one line per row, trailing spaces cut.
    fn text(&self) -> String {
        self.lines
            .iter()
            .map(|l| l.iter().collect::<String>().trim_end().to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[test]
fn a_multi_line_paste_is_one_answer() {
    let env = scripted_env(2);
    let mut seen = Seen::new(in_pty(&env, &["analyze", "-i", "docs", "-q", "Q?"], 100));
    seen.expect("Your answer");
    seen.send("\x1b[200~It fails fast.\nThe target is end to end.\nOrders may wait.\x1b[201~");
    seen.send("\r");
    seen.expect("(+2 more lines");
    seen.expect("Your answer");
    seen.send("/approve\r");
    let (code, _) = seen.exit();
    assert_eq!(code, 0);
    let analysis = env.read("analysis_result.md");
    assert!(
        analysis.contains("**You:** It fails fast.\nThe target is end to end.\nOrders may wait."),
        "{analysis}"
    );
    // One answer, so one follow-up question: the mock saw two chat turns and the final.
    let chats = env
        .mock()
        .received()
        .iter()
        .filter(|r| !is_extraction(r))
        .count();
    assert_eq!(chats, 3);
}

#[test]
fn up_brings_back_the_last_answer() {
    let env = scripted_env(1);
    let mut seen = Seen::new(in_pty(&env, &["analyze", "-i", "docs", "-q", "Q?"], 100));
    seen.expect("Your answer");
    seen.send("It fails fast.\r");
    seen.expect("· It fails fast."); // the echo of the answer
    seen.expect("Your answer");
    // Up recalls it, Down returns to the empty line, Up again, Enter sends it.
    seen.send("\x1b[A\x1b[B\x1b[A\r");
    seen.expect("· It fails fast.");
    seen.expect("Your answer");
    seen.send("/approve\r");
    let (code, _) = seen.exit();
    assert_eq!(code, 0);
    let analysis = env.read("analysis_result.md");
    assert_eq!(
        analysis.matches("**You:** It fails fast.").count(),
        2,
        "{analysis}"
    );
}

#[test]
fn a_mistyped_command_is_refused_help_lists_them_and_an_empty_line_says_what_to_type() {
    let env = scripted_env(1);
    let mut seen = Seen::new(in_pty(&env, &["analyze", "-i", "docs", "-q", "Q?"], 100));
    seen.expect("Your answer");
    seen.send("/aprove\r");
    seen.expect("unknown command /aprove — did you mean /approve?");
    // Each key below waits for the prompt to be drawn again: keys that come before it
    // are typed ahead, where an Enter is a line break (the question was not read yet).
    // The typo is cleared from the line: what is typed next is all the answer (not
    // `/aprove/quit`, which would go to the model as text).
    seen.expect("Your answer");
    seen.send("/quit\r");
    seen.expect("unknown command /quit (the commands are /approve, /abort)");
    seen.expect("Your answer");
    seen.send("/help\r");
    seen.expect("/abort     stop without writing");
    seen.expect("Your answer");
    seen.send("\r");
    seen.expect("type your answer, or /approve to write the analysis");
    seen.expect("Your answer");
    seen.send("/approve\r");
    let (code, _) = seen.exit();
    assert_eq!(code, 0);
    // Nothing of it reached the model: one question, then the final analysis.
    let chats: Vec<String> = env
        .mock()
        .received()
        .iter()
        .filter(|r| !is_extraction(r))
        .map(|r| r.text())
        .collect();
    assert_eq!(chats.len(), 2);
    assert!(
        chats
            .iter()
            .all(|t| !t.contains("/aprove") && !t.contains("/quit") && !t.contains("/help"))
    );
}

#[test]
fn a_long_answer_in_a_narrow_terminal_leaves_no_stale_copy() {
    let env = scripted_env(1);
    let mut seen = Seen::new(in_pty(&env, &["analyze", "-i", "docs", "-q", "Q?"], 60));
    seen.expect("Your answer");
    let answer = "It fails fast, and the target is end to end: every order either completes within two seconds or is refused, and nothing waits in a queue.";
    // Typed in pieces, with a correction, as a person would.
    for piece in answer.as_bytes().chunks(17) {
        seen.send(std::str::from_utf8(piece).expect("ascii"));
    }
    seen.send("XYZ\x7f\x7f\x7f\r");
    seen.expect("nothing waits in a queue.");
    // The follow-up question, then its prompt (keys sent earlier would wait there as
    // the start of the answer, not be sent).
    seen.expect("target end to end?");
    seen.expect("Your answer");
    seen.send("/approve\r");
    let (code, bytes) = seen.exit();
    assert_eq!(code, 0);
    let screen = Screen::replay(&bytes, 60).text();
    // The answer's last words appear once, in the echoed answer, and the prompt line
    // with typed text is gone.
    assert_eq!(
        screen.matches("in a queue.").count(),
        1,
        "stale typed text on the screen:\n{screen}"
    );
    assert!(!screen.contains("XYZ"), "{screen}");
    assert!(screen.contains("✔ Your answer · It fails fast"), "{screen}");
}

#[test]
fn ctrl_c_during_extraction_clears_the_progress_line_and_says_how_to_continue() {
    let env = TestEnv::with_llm();
    env.docs("docs", 3);
    env.mock().answer_with(|req| {
        if is_extraction(req) {
            scripted_model(req).delayed(Duration::from_secs(5))
        } else {
            scripted_model(req)
        }
    });
    let mut seen = Seen::new(in_pty(&env, &["build-context", "shop", "-i", "docs"], 100));
    seen.expect("extracting knowledge");
    // Extraction calls are in flight.
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while env.mock().received().is_empty() {
        assert!(std::time::Instant::now() < deadline, "no extraction call");
        std::thread::sleep(Duration::from_millis(20));
    }
    seen.send("\x03");
    seen.expect("interrupted");
    seen.expect("continue with: archie resume");
    let (code, bytes) = seen.exit();
    assert_eq!(code, 130);
    let screen = Screen::replay(&bytes, 100).text();
    assert!(
        !screen.contains("extracting knowledge"),
        "the progress line is left on the screen:\n{screen}"
    );
    let ran = env.ok(&["runs", "list"]);
    assert!(ran.stdout.contains("interrupted"), "{}", ran.stdout);
}

#[test]
fn a_resumed_run_shows_the_question_it_waits_for() {
    let env = scripted_env(1);
    let ran = env.code(&["analyze", "-i", "docs", "-q", "Q?", "--no-input"], 3);
    let run = ran.event("result");
    assert!(run.is_none(), "no --json, no events");
    let line = ran
        .stderr
        .lines()
        .find(|l| l.contains("continue with: archie resume"))
        .expect("a resume hint");
    let id = line
        .split_whitespace()
        .nth(4)
        .expect("the run id")
        .to_string();
    let mut seen = Seen::new(in_pty(&env, &["resume", &id], 100));
    seen.expect(TURN_1);
    seen.expect("Your answer");
    seen.send("/approve\r");
    let (code, _) = seen.exit();
    assert_eq!(code, 0);
}

#[test]
fn the_screen_model_wraps_and_erases_like_a_terminal() {
    let screen = Screen::replay(b"abcdef\r\nxy\x1b[1A\x1b[3G\x1b[J", 4);
    assert_eq!(screen.text(), "abcd\nef");
}

#[test]
fn a_streaming_answer_says_its_speed_and_time_and_leaves_no_status_line() {
    use crate::slow_model::{Pace, slow_env, slow_model};
    let model = slow_model(Pace {
        first_after: Duration::ZERO,
        every: Duration::from_millis(40),
        words: 100_000,
    });
    let env = slow_env(&model);
    let mut seen = Seen::new(in_pty(&env, &["analyze", "-i", "docs", "-q", "Q?"], 80));
    seen.expect("word1 ");
    // The status line under the answer: tokens so far, their speed, the time.
    seen.expect("tokens/s");
    seen.expect(" s");
    // Keys typed meanwhile are not echoed into the answer (nor held for a whole line).
    assert!(!edits_lines(&seen.session));
    seen.send("\x03");
    seen.expect("interrupted");
    let (code, bytes, session) = seen.exit_to_session();
    assert_eq!(code, 130);
    assert!(edits_lines(&session), "the terminal was not restored");
    let screen = Screen::replay(&bytes, 80).text();
    assert!(
        !screen.contains("tokens/s"),
        "the status line is left on the screen:\n{screen}"
    );
    // The answer wrapped on words: every row of it is whole words.
    for row in screen.lines().filter(|r| r.contains("word")) {
        for word in row.split_whitespace() {
            assert!(
                word == "archie"
                    || word == "─"
                    || word
                        .strip_prefix("word")
                        .is_some_and(|n| n.parse::<u32>().is_ok()),
                "a word cut at the margin: {word:?} in {row:?}\n{screen}"
            );
        }
    }
}

#[test]
fn keys_typed_while_the_model_thinks_start_the_next_answer() {
    let env = TestEnv::with_llm();
    env.docs("docs", 1);
    env.mock().answer_with(|req| {
        if is_extraction(req) {
            scripted_model(req)
        } else {
            scripted_model(req).delayed(Duration::from_millis(1500))
        }
    });
    let mut seen = Seen::new(in_pty(&env, &["analyze", "-i", "docs", "-q", "Q?"], 100));
    seen.expect("asking the model");
    // Typed while the spinner turns, a correction and an Enter included, before any
    // question was asked: it waits in the next prompt, not sent.
    seen.send("It fails fsat\x7f\x7f\x7fast\r");
    seen.expect(TURN_1);
    seen.expect("Your answer");
    seen.send(".\r");
    seen.expect("· It fails fast.");
    seen.expect("target end to end?");
    seen.expect("Your answer");
    seen.send("/approve\r");
    let (code, bytes) = seen.exit();
    assert_eq!(code, 0);
    let analysis = env.read("analysis_result.md");
    assert!(analysis.contains("**You:** It fails fast.\n"), "{analysis}");
    let screen = Screen::replay(&bytes, 100).text();
    // Nothing typed was echoed over the spinner, and no spinner line was left behind.
    assert_eq!(
        screen.matches("It fails").count(),
        1,
        "typed text garbled the screen:\n{screen}"
    );
    assert!(!screen.contains("fsat"), "{screen}");
    assert!(
        !screen.contains("asking the model"),
        "a stale spinner line:\n{screen}"
    );
}

/// Whether `word` is a whole word of a progress line (`⠋ extracting knowledge ━━╸ 1/3 ·
/// eta 1 s  2 entities, 1 relationship · 1 at once`), not a piece of one.
fn progress_word(word: &str) -> bool {
    const WORDS: &[&str] = &[
        "extracting",
        "knowledge",
        "·",
        "eta",
        "s",
        "ms",
        "min",
        "entity,",
        "entities,",
        "relationship",
        "relationships",
        "at",
        "once",
        "so",
        "far",
    ];
    WORDS.contains(&word)
        || word.chars().all(|c| c.is_ascii_digit() || c == '/')
        || word.chars().all(|c| "━╸⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏".contains(c))
}

#[test]
fn in_a_narrow_terminal_the_progress_line_and_the_question_wrap_on_words() {
    let env = TestEnv::with_llm();
    env.docs("docs", 3);
    env.mock().answer_with(|req| {
        if is_extraction(req) {
            scripted_model(req).delayed(Duration::from_millis(700))
        } else {
            scripted_model(req)
        }
    });
    // 72 columns: where the terminal's own wrap would cut the question mid-word.
    let mut seen = Seen::new(in_pty(
        &env,
        &["analyze", "-i", "docs", "-q", "Q?", "--concurrency", "1"],
        72,
    ));
    // The progress line after a chunk, with its ETA and what was learned so far.
    seen.expect("1/3");
    seen.expect("eta");
    let screen = Screen::replay(&seen.bytes, 72);
    let rows: Vec<String> = screen.text().lines().map(String::from).collect();
    let at = rows
        .iter()
        .rposition(|r| r.contains("extracting knowledge"))
        .expect("the progress line");
    assert!(
        rows[at].chars().count() < 72,
        "the progress line fills the row: {:?}",
        rows[at]
    );
    assert!(
        rows[at].split_whitespace().all(progress_word),
        "the progress line is cut mid-word: {:?}",
        rows[at]
    );
    assert!(
        rows[at + 1..].iter().all(|r| r.trim().is_empty()),
        "the progress line wrapped:\n{}",
        rows[at..].join("\n")
    );
    seen.expect("Your answer");
    let screen = Screen::replay(&seen.bytes, 72).text();
    // The question, on two rows cut between words.
    let rows: Vec<&str> = screen.lines().collect();
    let at = rows
        .iter()
        .position(|r| r.starts_with("archie ─ When"))
        .unwrap_or_else(|| panic!("the question:\n{screen}"));
    assert_eq!(
        format!("{} {}", rows[at], rows[at + 1]),
        format!("archie ─ {TURN_1}"),
        "{screen}"
    );
    seen.send("/approve\r");
    let (code, _) = seen.exit();
    assert_eq!(code, 0);
}

#[test]
fn a_terminated_archie_gives_the_terminal_back_as_it_found_it() {
    use crate::slow_model::{Pace, slow_env, slow_model};
    let model = slow_model(Pace {
        first_after: Duration::ZERO,
        every: Duration::from_millis(40),
        words: 100_000,
    });
    let env = slow_env(&model);
    let mut seen = Seen::new(in_pty(&env, &["analyze", "-i", "docs", "-q", "Q?"], 80));
    seen.expect("word1 ");
    assert!(!edits_lines(&seen.session));
    seen.session
        .get_process_mut()
        .signal(expectrl::Signal::SIGTERM)
        .expect("SIGTERM");
    let (code, _, session) = seen.exit_to_session();
    assert_eq!(code, 128 + 15, "killed by SIGTERM as before");
    assert!(edits_lines(&session), "the terminal was not restored");
}

#[test]
fn in_a_narrow_terminal_a_choice_question_wraps_on_words() {
    let env = crate::identity::shop();
    let mut seen = Seen::new(in_pty(&env, &["build-context", "shop", "-i", "docs"], 50));
    seen.expect("like one thing.");
    seen.expect("Merge");
    seen.expect("keep apart");
    let screen = Screen::replay(&seen.bytes, 50).text();
    let question = "1 pair looks like one thing. Merge `Okta` into `Okta API`";
    let words: Vec<&str> = question.split_whitespace().collect();
    let at = screen
        .lines()
        .position(|r| r.contains("1 pair looks"))
        .unwrap_or_else(|| panic!("the question:\n{screen}"));
    // Its rows hold whole words: the question's words, in order, then the rest.
    let shown: Vec<&str> = screen
        .lines()
        .skip(at)
        .flat_map(str::split_whitespace)
        .skip_while(|w| *w != "1")
        .take(words.len())
        .collect();
    assert_eq!(shown, words, "the question was cut mid-word:\n{screen}");
    seen.send("\r");
    seen.expect("merged 1 pair");
    let (code, _) = seen.exit();
    assert_eq!(code, 0);
}
