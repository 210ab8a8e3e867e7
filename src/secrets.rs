//! Keeping secrets out of everything archie writes: the run store, the memory file,
//! output files, events on stdout and lines on the terminal.
//!
//! Two nets: a pattern for things that look like keys (`sk-…`, `ghp_…`, `Bearer …`, the
//! password in a URL), and the exact values of the secrets archie was configured with
//! ([`register`]), which catches keys of any shape.

use std::sync::{Mutex, OnceLock, PoisonError};

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

/// Key prefixes: keys are written in lowercase.
const KEY_PREFIXES: &[&str] = &[
    "sk-",
    "ghp_",
    "gho_",
    "ghs_",
    "github_pat_",
    "xoxb-",
    "xoxp-",
];

/// Besides [`KEY_PREFIXES`], text that can start something [`redact_text`] removes
/// (credentials in a URL, a bearer token).
const OTHER_TRIGGERS: &[&str] = &["://", "earer ", "EARER "];

/// `text` with every key-like token replaced by `[redacted]`: `sk-…` (OpenAI and
/// compatible keys), `Bearer …`, GitHub (`ghp_…`, `github_pat_…`) and Slack (`xox…-`)
/// tokens, and the password of a URL's user info.
///
/// Then every secret archie was configured with ([`register`]) is removed by value,
/// whatever its shape.
pub fn redact_text(text: &str) -> String {
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
    if !KEY_PREFIXES
        .iter()
        .chain(OTHER_TRIGGERS)
        .any(|t| text.contains(t))
    {
        return text.to_string();
    }
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        if matches!(bytes[i], b's' | b'g' | b'x' | b'b' | b'B' | b':')
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
        for prefix in KEY_PREFIXES {
            if let Some(after) = rest.strip_prefix(prefix) {
                let len = token_len(after);
                if len >= 8 {
                    return Some((i, i + prefix.len() + len));
                }
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
