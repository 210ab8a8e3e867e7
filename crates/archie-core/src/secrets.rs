//! Keeping secrets out of everything archie writes: the run store, the memory file,
//! output files, events on stdout and lines on the terminal.
//!
//! Two nets: a pattern for things that look like keys (`sk-…`, `ghp_…`, `Bearer …`, the
//! password in a URL), and the exact values of the secrets archie was configured with
//! ([`register`]), which catches keys of any shape.

use std::sync::{Mutex, OnceLock, PoisonError};

mod documents;

pub use documents::{Masked, mask_secrets};

/// The secrets this process knows (the API key it was given), redacted wherever they
/// appear.
fn known() -> &'static Mutex<Vec<String>> {
    static KNOWN: OnceLock<Mutex<Vec<String>>> = OnceLock::new();
    KNOWN.get_or_init(|| Mutex::new(Vec::new()))
}

/// Remembers a secret's value so [`redact_text`] removes it wherever it appears. Values
/// shorter than 8 characters are ignored (they would match ordinary text).
pub fn register(secret: &str) {
    let secret = secret.trim();
    if secret.len() >= 8 {
        let mut known = known().lock().unwrap_or_else(PoisonError::into_inner);
        if !known.iter().any(|k| k == secret) {
            known.push(secret.to_string());
        }
    }
}

/// Remembers the password of a URL's user info (`http://user:PASSWORD@host/…`), raw and
/// percent-decoded, so it is removed wherever it appears, not only inside the URL (a
/// user pastes it into an answer, a model repeats it). The user name is kept.
pub fn register_url_password(url: &str) {
    let Some((_, after)) = url.split_once("://") else {
        return;
    };
    let authority = &after[..after.find(['/', '?', '#']).unwrap_or(after.len())];
    let Some((userinfo, _host)) = authority.rsplit_once('@') else {
        return;
    };
    if let Some((_user, password)) = userinfo.split_once(':') {
        register(password);
        if let Ok(decoded) = percent_decode(password) {
            register(&decoded);
        }
    }
}

/// Whether a variable, header or query parameter named `name` holds a secret: one of
/// its words (split at `_`, `-` and `.`, case ignored) is a secret word (`API_KEY`,
/// `GITHUB_TOKEN`, `client-secret`, `access_token`, `DB_PASSWORD`, `apikey`, …).
pub fn is_secret_name(name: &str) -> bool {
    name.to_ascii_lowercase()
        .split(['_', '-', '.'])
        .any(|word| SECRET_WORDS.contains(&word) || matches!(word, "sig" | "signature"))
}

/// Remembers the secrets a URL carries: the password of its user info, and the value of
/// every query parameter whose name says it is a secret (`?api_key=…`, `&token=…`,
/// `access_token`, `sig`), raw and percent-decoded.
pub fn register_url_secrets(url: &str) {
    register_url_password(url);
    let Some((_, query)) = url.split_once('?') else {
        return;
    };
    let query = query.split('#').next().unwrap_or("");
    for pair in query.split('&') {
        if let Some((name, value)) = pair.split_once('=')
            && is_secret_name(&percent_decode(name).unwrap_or_else(|_| name.to_string()))
        {
            register(value);
            if let Ok(decoded) = percent_decode(&value.replace('+', " ")) {
                register(&decoded);
            }
        }
    }
}

/// `%XX` escapes decoded (an invalid escape or invalid UTF-8 is an error).
fn percent_decode(text: &str) -> Result<String, ()> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3).ok_or(())?;
            out.push(u8::from_str_radix(hex, 16).map_err(|_| ())?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| ())
}

/// Redacts a text that arrives in pieces, such as a streamed answer: a secret cut
/// across pieces is still removed. The word being written (the text after the last
/// whitespace, and a `Bearer` before it) is held back until it is complete, so what
/// [`StreamRedactor::push`] returns can be shown at once.
#[derive(Debug, Default)]
pub struct StreamRedactor {
    pending: String,
}

/// A word longer than this is not held back any longer (a stream without whitespace
/// must still reach the screen).
const MAX_HELD: usize = 16 * 1024;

impl StreamRedactor {
    pub fn new() -> Self {
        Self::default()
    }

    /// Takes the next piece; returns what is safe to show now (possibly nothing).
    pub fn push(&mut self, piece: &str) -> String {
        self.pending.push_str(piece);
        let cut = if self.pending.len() > MAX_HELD {
            self.pending.len()
        } else {
            held_from(&self.pending)
        };
        if cut == 0 {
            return String::new();
        }
        let ready: String = self.pending.drain(..cut).collect();
        redact_text(&ready)
    }

    /// The end of the text: everything held back, redacted.
    pub fn finish(&mut self) -> String {
        redact_text(&std::mem::take(&mut self.pending))
    }

    /// Whether some text is held back.
    pub fn is_holding(&self) -> bool {
        !self.pending.is_empty()
    }
}

/// Where the incomplete tail of `text` starts: after its last whitespace, or at a
/// `Bearer ` just before that (the token that follows completes it).
fn held_from(text: &str) -> usize {
    let Some((ws, c)) = text.char_indices().rev().find(|(_, c)| c.is_whitespace()) else {
        return 0;
    };
    let word_start = ws + c.len_utf8();
    let before = text[..ws].trim_end_matches(char::is_whitespace);
    let last_word_start = before
        .char_indices()
        .rev()
        .find(|(_, c)| c.is_whitespace())
        .map_or(0, |(i, c)| i + c.len_utf8());
    if before[last_word_start..].eq_ignore_ascii_case(BEARER.trim_end()) {
        last_word_start
    } else {
        word_start
    }
}

/// What a removed secret is replaced with.
pub const REDACTED: &str = "[redacted]";

/// The last word of an option name (`--openai-api-key` → `key`) that marks its value as
/// a secret.
const SECRET_WORDS: &[&str] = &[
    "key",
    "apikey",
    "token",
    "secret",
    "password",
    "passwd",
    "pwd",
    "auth",
    "authorization",
    "credential",
    "credentials",
    "bearer",
    "cookie",
];

/// Whether `--name` (or `-name`) takes a secret as its value.
fn is_secret_option(arg: &str) -> bool {
    let Some(name) = arg.strip_prefix("--").or_else(|| arg.strip_prefix('-')) else {
        return false;
    };
    let name = name.to_ascii_lowercase();
    name.rsplit(['-', '_'])
        .next()
        .is_some_and(|last| SECRET_WORDS.contains(&last))
}

/// A copy of `argv` with secrets removed, fit to be stored:
/// - the value of an option whose name ends in a secret word (`--api-key VALUE`,
///   `--token=VALUE`, `--client-secret`, `--password`, `--auth`, …) becomes `[redacted]`;
/// - anything in any argument that looks like a key (`sk-…`, `Bearer …`, `ghp_…`,
///   the password in `https://user:password@host`) becomes `[redacted]`.
///
/// Option names and every other argument are kept, so the record still says what was run.
pub fn redact_args<S: AsRef<str>>(argv: &[S]) -> Vec<String> {
    let mut out = Vec::with_capacity(argv.len());
    let mut secret_next = false;
    for arg in argv {
        let arg = arg.as_ref();
        if secret_next {
            secret_next = false;
            if !arg.starts_with('-') || arg == "-" {
                out.push(REDACTED.to_string());
                continue;
            }
        }
        if arg.starts_with('-') && arg != "--" {
            if let Some((name, _value)) = arg.split_once('=') {
                if is_secret_option(name) {
                    out.push(format!("{name}={REDACTED}"));
                    continue;
                }
            } else if is_secret_option(arg) {
                secret_next = true;
                out.push(arg.to_string());
                continue;
            }
        }
        out.push(redact_text(arg));
    }
    out
}

/// A key format: a prefix no ordinary word starts with, then key characters. The one
/// table of key shapes: [`redact_text`] removes any of them (the prefix and at least 8
/// key characters) from what archie writes, and [`mask_secrets`] finds them in documents
/// with their exact alphabet and length, as gitleaks' rules of the same names do.
pub(crate) struct KeyRule {
    pub prefix: &'static str,
    /// What the placeholder calls it: `[secret: stripe live key 1]`.
    pub label: &'static str,
    /// The characters after the prefix.
    pub alphabet: Alphabet,
    /// How many of them, at least and at most; a key of a fixed length is followed by a
    /// character outside its alphabet (so a longer run, like base64, is not cut into one).
    pub min: usize,
    pub max: usize,
}

#[derive(Clone, Copy)]
pub(crate) enum Alphabet {
    /// `[A-Za-z0-9]`
    Alnum,
    /// `[A-Z0-9]`
    Upper,
    /// `[A-Za-z0-9_-]`
    Word,
}

impl Alphabet {
    pub(crate) fn has(self, b: u8) -> bool {
        match self {
            Alphabet::Alnum => b.is_ascii_alphanumeric(),
            Alphabet::Upper => b.is_ascii_uppercase() || b.is_ascii_digit(),
            Alphabet::Word => b.is_ascii_alphanumeric() || b == b'_' || b == b'-',
        }
    }
}

const fn rule(
    prefix: &'static str,
    label: &'static str,
    alphabet: Alphabet,
    min: usize,
    max: usize,
) -> KeyRule {
    KeyRule {
        prefix,
        label,
        alphabet,
        min,
        max,
    }
}

/// Key formats by prefix (after gitleaks' rules: aws-access-token, stripe-access-token,
/// github-pat and its kin, slack tokens, gcp-api-key, gitlab-pat, openai/anthropic keys,
/// npm, Hugging Face, SendGrid). Longer prefixes first where one starts another.
pub(crate) const KEY_RULES: &[KeyRule] = &[
    rule("sk_live_", "stripe live key", Alphabet::Alnum, 10, 247),
    rule("sk_test_", "stripe test key", Alphabet::Alnum, 10, 247),
    rule("rk_live_", "stripe live key", Alphabet::Alnum, 10, 247),
    rule("rk_test_", "stripe test key", Alphabet::Alnum, 10, 247),
    rule("sk-ant-", "anthropic key", Alphabet::Word, 20, 200),
    rule("sk-", "openai key", Alphabet::Word, 20, 200),
    rule("github_pat_", "github token", Alphabet::Word, 22, 255),
    rule("ghp_", "github token", Alphabet::Alnum, 36, 36),
    rule("gho_", "github token", Alphabet::Alnum, 36, 36),
    rule("ghu_", "github token", Alphabet::Alnum, 36, 36),
    rule("ghs_", "github token", Alphabet::Alnum, 36, 36),
    rule("ghr_", "github token", Alphabet::Alnum, 36, 36),
    rule("glpat-", "gitlab token", Alphabet::Word, 20, 20),
    rule("xoxb-", "slack token", Alphabet::Word, 10, 200),
    rule("xoxp-", "slack token", Alphabet::Word, 10, 200),
    rule("xoxa-", "slack token", Alphabet::Word, 10, 200),
    rule("xoxr-", "slack token", Alphabet::Word, 10, 200),
    rule("xoxs-", "slack token", Alphabet::Word, 10, 200),
    rule("xapp-", "slack token", Alphabet::Word, 10, 200),
    rule("AKIA", "aws access key id", Alphabet::Upper, 16, 16),
    rule("ASIA", "aws access key id", Alphabet::Upper, 16, 16),
    rule("ABIA", "aws access key id", Alphabet::Upper, 16, 16),
    rule("ACCA", "aws access key id", Alphabet::Upper, 16, 16),
    rule("AIza", "google api key", Alphabet::Word, 35, 35),
    rule("npm_", "npm token", Alphabet::Alnum, 36, 36),
    rule("hf_", "hugging face token", Alphabet::Alnum, 34, 34),
];

/// Besides the key prefixes, text that can start something [`redact_text`] removes
/// (credentials in a URL, a bearer token).
const OTHER_TRIGGERS: &[&str] = &["://", "earer ", "EARER "];

/// The prefixes whose key [`redact_text`] removes whatever follows them (8 key characters
/// or more), as it always did; the other rules' keys only in their exact shape.
const LOOSE_PREFIXES: &[&str] = &[
    "sk-",
    "ghp_",
    "gho_",
    "ghs_",
    "github_pat_",
    "xoxb-",
    "xoxp-",
];

/// The prefixes [`redact_text`] looks for before it scans: those of [`KEY_RULES`] (the
/// short ones that stand for a family, `xox`, are there by their first member).
fn key_prefixes() -> impl Iterator<Item = &'static str> {
    KEY_RULES.iter().map(|r| r.prefix)
}

/// `text` with every key-like token replaced by `[redacted]`: `sk-…` (OpenAI and
/// compatible keys), `Bearer …`, GitHub (`ghp_…`, `github_pat_…`) and Slack (`xox…-`)
/// tokens, and the password of a URL's user info.
///
/// Then every secret archie was configured with ([`register`]) is removed by value,
/// whatever its shape.
///
/// Redacting twice changes nothing more (archie redacts at several layers: the store,
/// then the terminal). A pass can make a new secret shape, such as a URL's user info
/// running from one `[redacted]` to the next, or a key prefix that a removed value no
/// longer glues to the word before it; so passes repeat until nothing changes (in
/// practice at most twice).
pub fn redact_text(text: &str) -> String {
    let mut out = redact_once(text);
    if out != text {
        for _ in 0..4 {
            let again = redact_once(&out);
            if again == out {
                break;
            }
            out = again;
        }
    }
    out
}

/// One pass: key shapes, then the registered values.
fn redact_once(text: &str) -> String {
    let shaped = redact_shapes(text);
    let known = known().lock().unwrap_or_else(PoisonError::into_inner);
    if known.iter().any(|k| shaped.contains(k.as_str())) {
        let mut out = shaped;
        for secret in known.iter() {
            out = out.replace(secret.as_str(), REDACTED);
        }
        return out;
    }
    shaped
}

/// Key-shaped tokens and URL passwords replaced.
fn redact_shapes(text: &str) -> String {
    // Fast path for the common case (a checkpoint's state is scanned after every step).
    if !key_prefixes()
        .chain(OTHER_TRIGGERS.iter().copied())
        .any(|t| text.contains(t))
    {
        return text.to_string();
    }
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        if STARTS[bytes[i] as usize]
            && let Some((start, end)) = secret_at(text, i)
        {
            out.push_str(&text[copied..start]);
            out.push_str(REDACTED);
            copied = end;
            i = end;
            continue;
        }
        i += 1;
    }
    out.push_str(&text[copied..]);
    out
}

/// The byte range of a secret found at byte `i` (an ASCII byte) of `text`, if any.
fn secret_at(text: &str, i: usize) -> Option<(usize, usize)> {
    let rest = &text[i..];
    let at_boundary = i == 0 || {
        let prev = text.as_bytes()[i - 1];
        !(prev.is_ascii_alphanumeric() || prev == b'_' || prev == b'-')
    };
    if at_boundary {
        // Key-shaped tokens: a known prefix and enough key characters after it.
        for rule in KEY_RULES {
            let Some(after) = rest.strip_prefix(rule.prefix) else {
                continue;
            };
            let len = if LOOSE_PREFIXES.contains(&rule.prefix) {
                // Any run of key characters, as these were always removed.
                let len = token_len(after);
                (len >= 8).then_some(len)
            } else {
                // The others by their exact shape, so that a word that merely starts
                // like one (`hf_hub_download`, `AIza` in prose) is kept.
                let len = after
                    .bytes()
                    .take(rule.max + 1)
                    .take_while(|&b| rule.alphabet.has(b))
                    .count();
                let ends = after
                    .as_bytes()
                    .get(len)
                    .is_none_or(|&b| !(b.is_ascii_alphanumeric() || b == b'_' || b == b'-'));
                (len >= rule.min && len <= rule.max && ends).then_some(len)
            };
            if let Some(len) = len {
                return Some((i, i + rule.prefix.len() + len));
            }
        }
        if rest
            .as_bytes()
            .get(..BEARER.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(BEARER.as_bytes()))
        {
            let start = i + BEARER.len();
            let len = token_len(&text[start..]);
            if len >= 8 {
                return Some((start, start + len));
            }
        }
    }
    // The password in `scheme://user:password@host`.
    let after = rest.strip_prefix("://")?;
    let authority = &after[..after.find(['/', '?', '#', ' ']).unwrap_or(after.len())];
    let at = authority.rfind('@')?;
    let colon = authority[..at].find(':')?;
    let base = i + 3;
    Some((base + colon + 1, base + at))
}

const BEARER: &str = "bearer ";

/// The bytes [`secret_at`] can start at: a key prefix's first, `b`/`B` of a bearer
/// token, `:` of a URL's `://`.
const STARTS: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < KEY_RULES.len() {
        table[KEY_RULES[i].prefix.as_bytes()[0] as usize] = true;
        i += 1;
    }
    table[b'b' as usize] = true;
    table[b'B' as usize] = true;
    table[b':' as usize] = true;
    table
};

/// The length of the run of key characters at the start of `text`.
fn token_len(text: &str) -> usize {
    text.find(|c: char| {
        !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '~' | '+' | '/' | '='))
    })
    .unwrap_or(text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        redact_args(list)
    }

    #[test]
    fn values_of_secret_options_are_removed() {
        assert_eq!(
            args(&[
                "archie",
                "--api-key",
                "abc123",
                "analyze",
                "--token=t0k3n",
                "-i",
                "docs"
            ]),
            [
                "archie",
                "--api-key",
                REDACTED,
                "analyze",
                "--token=[redacted]",
                "-i",
                "docs"
            ]
        );
        assert_eq!(
            args(&[
                "--openai-api-key",
                "x",
                "--client_secret",
                "y",
                "--password",
                "z"
            ]),
            [
                "--openai-api-key",
                REDACTED,
                "--client_secret",
                REDACTED,
                "--password",
                REDACTED
            ]
        );
    }

    #[test]
    fn a_secret_option_followed_by_another_option_keeps_that_option() {
        assert_eq!(args(&["--token", "--verbose"]), ["--token", "--verbose"]);
    }

    #[test]
    fn counts_and_ordinary_options_are_kept() {
        let argv = ["--max-tokens", "100", "--keys-file", "k.txt", "-q", "why?"];
        assert_eq!(args(&argv), argv);
    }

    #[test]
    fn key_shaped_text_is_removed_anywhere() {
        assert_eq!(
            args(&[
                "-q",
                "is sk-proj-AbCdEf0123456789 valid?",
                "sk-abcdefghijkl"
            ]),
            ["-q", "is [redacted] valid?", REDACTED]
        );
        assert_eq!(
            redact_text("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.x.y done"),
            "Authorization: Bearer [redacted] done"
        );
        assert_eq!(redact_text("ghp_0123456789abcdef"), REDACTED);
        assert_eq!(
            redact_text("https://bob:hunter2@example.com/v1"),
            "https://bob:[redacted]@example.com/v1"
        );
    }

    #[test]
    fn several_secrets_among_other_text_are_all_removed() {
        assert_eq!(
            redact_text("é sk-abcdefghij, «ghp_0123456789» https://a:b@c/x bearer 0123456789abc"),
            "é [redacted], «[redacted]» https://a:[redacted]@c/x bearer [redacted]"
        );
        assert_eq!(
            redact_text("no secrets here: ünïcödé"),
            "no secrets here: ünïcödé"
        );
    }

    #[test]
    fn a_registered_secret_is_removed_whatever_its_shape() {
        register("probeNOPREFIX-UNIQUE456");
        assert_eq!(
            redact_text("key=probeNOPREFIX-UNIQUE456; sk-abcdefghijkl"),
            "key=[redacted]; [redacted]"
        );
        assert_eq!(
            args(&["--base-url", "http://h/probeNOPREFIX-UNIQUE456"]),
            ["--base-url", "http://h/[redacted]"]
        );
    }

    #[test]
    fn a_url_password_is_removed_wherever_it_appears_once_registered() {
        register_url_password("http://archieuser:probeURLPASS%2F99@127.0.0.1:9/v1");
        register_url_password("http://nouser.example/v1");
        register_url_password("http://onlyuser@example/v1");
        assert_eq!(
            redact_text("the password is probeURLPASS%2F99 or probeURLPASS/99"),
            "the password is [redacted] or [redacted]"
        );
        assert_eq!(redact_text("archieuser onlyuser"), "archieuser onlyuser");
    }

    #[test]
    fn secret_names_and_url_query_tokens_are_known() {
        for name in [
            "API_KEY",
            "GITHUB_TOKEN",
            "client-secret",
            "access_token",
            "apikey",
            "sig",
        ] {
            assert!(is_secret_name(name), "{name}");
        }
        for name in ["PATH", "MEMORY_FILE_PATH", "keyboard", "DEBUG", "tokenizer"] {
            assert!(!is_secret_name(name), "{name}");
        }
        register_url_secrets(
            "https://h.example/mcp?region=eu-west-1x&api_key=probeQUERY%2Bkey1&x=1",
        );
        assert_eq!(
            redact_text("k=probeQUERY%2Bkey1 or probeQUERY+key1; region eu-west-1x"),
            "k=[redacted] or [redacted]; region eu-west-1x"
        );
    }

    /// `pieces` through a [`StreamRedactor`], joined.
    fn streamed(pieces: &[&str]) -> String {
        let mut r = StreamRedactor::new();
        let mut out: String = pieces.iter().map(|p| r.push(p)).collect();
        out.push_str(&r.finish());
        out
    }

    #[test]
    fn a_secret_cut_across_streamed_pieces_is_removed() {
        register("probeSTREAMKEY-0042");
        assert_eq!(
            streamed(&[
                "Is pro",
                "beSTREAM",
                "KEY-00",
                "42 the key? sk-ab",
                "cdefghijk ok"
            ]),
            "Is [redacted] the key? [redacted] ok"
        );
        assert_eq!(
            streamed(&["Authorization: Bearer ", "eyJhbGciOi", "JIUzI1NiJ9 done"]),
            "Authorization: Bearer [redacted] done"
        );
        assert_eq!(
            streamed(&["http://u:pa", "ss@host/v1\n"]),
            "http://u:[redacted]@host/v1\n"
        );
    }

    #[test]
    fn streamed_words_are_shown_as_soon_as_they_are_complete() {
        let mut r = StreamRedactor::new();
        assert_eq!(r.push("Hello wor"), "Hello ");
        assert!(r.is_holding());
        assert_eq!(r.push("ld, "), "world, ");
        assert_eq!(r.push("ünï"), "");
        assert_eq!(r.finish(), "ünï");
        let long = "x".repeat(MAX_HELD + 1);
        assert_eq!(r.push(&long), long);
    }

    #[test]
    fn redacting_twice_changes_nothing_more() {
        // Found by fuzzing: the key inside the URL's authority ends it early; once
        // redacted, the authority runs to the second `@`.
        let text = "https://u:pw@éghp_012345/01@host b";
        let once = redact_text(text);
        assert_eq!(once, "https://u:[redacted]@host b");
        assert_eq!(redact_text(&once), once);
        // A registered value glued to a key prefix: once it is gone, the key stands alone.
        register("probeGLUEDKEY-77");
        assert_eq!(
            redact_text("xoprobeGLUEDKEY-77xoxp-433139abb"),
            "xo[redacted][redacted]"
        );
    }

    #[test]
    fn the_newer_key_formats_are_removed_only_in_their_exact_shape() {
        let stripe = ["sk_", "live_", "4eC39HqLyjWDarjtT1zdp7dc"].concat();
        let aws = ["AKIA", "IOSFODNN7EXAMPLE"].concat();
        assert_eq!(
            redact_text(&format!("keys {stripe} and {aws}.")),
            "keys [redacted] and [redacted]."
        );
        for text in [
            "hf_hub_download(repo)",
            "AIzaTooShort",
            "npm_install_step",
            "AKIAX",
        ] {
            assert_eq!(redact_text(text), text);
        }
    }

    #[test]
    fn ordinary_words_that_start_like_keys_are_kept() {
        for text in [
            "task-list",
            "desk-top",
            "sk-short",
            "risk-assessment-matrix",
            "http://example.com/a@b",
        ] {
            assert_eq!(redact_text(text), text);
        }
    }
}
