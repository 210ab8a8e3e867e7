//! Secrets written in design documents, kept back before any text leaves for a model.
//!
//! A runbook holds a connection string with its password, an AWS key pair, a Stripe key.
//! [`mask_secrets`] finds them and replaces each with a placeholder that names its kind
//! (`[secret: postgres password 1]`), numbered per document and kind, the same value the
//! same number: the text is what it was in every other way, and masking the same text
//! always gives the same result, so the cache keys made from it are stable.
//!
//! What is found:
//! - key formats by prefix ([`KEY_RULES`](super::KEY_RULES): Stripe, GitHub, GitLab,
//!   Slack, AWS access key ids, Google API keys, OpenAI and Anthropic keys, npm, Hugging
//!   Face), each with its exact alphabet and length;
//! - the AWS secret access key that follows an access key id (40 characters of base64
//!   with upper case, lower case and a digit, within a few lines);
//! - the password of a URL's user info (`postgres://user:PASSWORD@host`);
//! - private keys (`-----BEGIN … PRIVATE KEY-----` to its `-----END …-----`);
//! - SendGrid keys, JSON Web Tokens and Slack webhook URLs;
//! - assignments whose name says secret (`password=`, `DB_PASSWORD:`, `"api_key": "…"`,
//!   `client_secret =`, `token:`) of a value that looks random: 8 characters or more,
//!   Shannon entropy of 3 bits a character or more, two kinds of character and a digit
//!   (or 16 characters), and not a template (`${DB_PASSWORD}`, `<password>`, `****`).
//!
//! Hashes, UUIDs, base64 and version strings are not secrets by their shape alone and
//! pass untouched.

use super::{Alphabet, KEY_RULES};
use std::collections::HashMap;
use std::fmt::Write as _;

/// A document's text with its secrets replaced.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Masked {
    pub text: String,
    /// The kind of each secret replaced, in the order of the text (`postgres password`,
    /// `aws access key id`); a value met twice counts once.
    pub withheld: Vec<String>,
}

/// `text` with every secret it holds replaced by `[secret: KIND N]` (see the module's
/// documentation for what is found).
pub fn mask_secrets(text: String) -> Masked {
    let found = find(&text);
    if found.is_empty() {
        // Most documents: the text as it is, not copied.
        return Masked {
            text,
            withheld: Vec::new(),
        };
    }
    let mut out = String::with_capacity(text.len());
    let mut numbers: HashMap<(&str, &str), usize> = HashMap::new();
    let mut per_kind: HashMap<&str, usize> = HashMap::new();
    let mut withheld = Vec::new();
    let mut copied = 0;
    for f in &found {
        let value = &text[f.start..f.end];
        let label = f.label.as_str();
        let n = *numbers.entry((label, value)).or_insert_with(|| {
            let n = per_kind.entry(label).or_insert(0);
            *n += 1;
            withheld.push(label.to_string());
            *n
        });
        out.push_str(&text[copied..f.start]);
        let _ = write!(out, "[secret: {label} {n}]");
        copied = f.end;
    }
    out.push_str(&text[copied..]);
    Masked {
        text: out,
        withheld,
    }
}

/// One secret: its byte range and its kind.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Found {
    start: usize,
    end: usize,
    label: String,
    /// Found by a name that says secret, not by the value's own shape: a shaped find
    /// that overlaps it wins.
    generic: bool,
}

/// Whether the scan stops at `b`, the byte after `prev`. The stops are all rare in prose:
/// `:` and `=` (URLs, a Slack webhook, assignments), the punctuation of every key format
/// within its first dozen bytes (`_` of `sk_live_` and `ghp_`, `-` of `sk-`, `xoxb-` and a
/// private key's armour), `A` (`AKIA`, `AIza`), `J` (`eyJ` of a JSON Web Token) and `G`
/// after `S` (`SG.` of a SendGrid key). From the punctuation, the word it is in is looked
/// at from its start. Written as comparisons, which the compiler turns into vector
/// instructions over a block: prose is passed over at a fraction of a nanosecond a byte.
#[inline]
fn is_stop(prev: u8, b: u8) -> bool {
    matches!(b, b':' | b'=' | b'_' | b'-' | b'A' | b'J') | ((b == b'G') & (prev == b'S'))
}

/// The first stop at or after `from`: 32 bytes at a time while a block holds none (most
/// of prose), then byte by byte.
fn next_stop(bytes: &[u8], from: usize) -> Option<usize> {
    if from == 0 && is_stop(b' ', *bytes.first()?) {
        return Some(0);
    }
    let mut i = from.max(1);
    while let (Some(prev), Some(block)) = (
        bytes.get(i - 1..).and_then(|r| r.first_chunk::<32>()),
        bytes.get(i..).and_then(|r| r.first_chunk::<32>()),
    ) {
        let mut any = 0u8;
        for k in 0..32 {
            any |= u8::from(is_stop(prev[k], block[k]));
        }
        if any != 0 {
            break;
        }
        i += 32;
    }
    (i..bytes.len()).find(|&k| is_stop(bytes[k - 1], bytes[k]))
}

/// How far back from its punctuation a key's word can start (`github_pat_`).
const PREFIX_REACH: usize = 12;

/// The first bytes of the key formats, SendGrid keys (`S`) and JSON Web Tokens (`e`).
const FIRST: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < KEY_RULES.len() {
        table[KEY_RULES[i].prefix.as_bytes()[0] as usize] = true;
        i += 1;
    }
    table[b'S' as usize] = true;
    table[b'e' as usize] = true;
    table
};

/// Every secret in `text`, sorted, none overlapping.
fn find(text: &str) -> Vec<Found> {
    let bytes = text.as_bytes();
    let mut found: Vec<Found> = Vec::new();
    let mut i = 0;
    // The word start last looked at by shape, so a word is looked at once.
    let mut tried = usize::MAX;
    while i < bytes.len() {
        match next_stop(bytes, i) {
            Some(at) => i = at,
            None => break,
        }
        let b = bytes[i];
        let hit = match b {
            b':' => url_password(text, i)
                .or_else(|| slack_webhook(text, i))
                .or_else(|| assignment(text, i)),
            b'=' => assignment(text, i),
            b'-' if bytes.get(i + 1) == Some(&b'-') => private_key(text, i),
            _ => {
                // The start of the word this byte is in (or starts).
                let mut start = i;
                while start > 0 && i - start < PREFIX_REACH && is_word_byte(bytes[start - 1]) {
                    start -= 1;
                }
                let boundary = start == 0 || !is_word_byte(bytes[start - 1]);
                if boundary && start != tried && FIRST[bytes[start] as usize] {
                    tried = start;
                    shaped(text, start)
                } else {
                    None
                }
            }
        };
        match hit {
            Some(f) => {
                if !f.generic
                    && f.label == "aws access key id"
                    && let Some(secret) = aws_secret_after(text, f.end)
                {
                    push(&mut found, f);
                    i = secret.end;
                    push(&mut found, secret);
                    continue;
                }
                // An assignment's value is scanned on: a shaped key inside it wins.
                i = if f.generic { i + 1 } else { f.end.max(i + 1) };
                push(&mut found, f);
            }
            None => i += 1,
        }
    }
    found
}

/// Adds `f`, keeping the list free of overlaps: of two that overlap, a shaped one wins
/// over a generic one, else the one found first stays.
fn push(found: &mut Vec<Found>, f: Found) {
    // Found in the order of the text, most often after everything found before.
    if found.last().is_none_or(|last| last.end <= f.start) {
        found.push(f);
        return;
    }
    let overlapping: Vec<usize> = found
        .iter()
        .enumerate()
        .filter(|(_, g)| g.start < f.end && f.start < g.end)
        .map(|(i, _)| i)
        .collect();
    if overlapping.is_empty() {
        let at = found.partition_point(|g| g.start < f.start);
        found.insert(at, f);
        return;
    }
    if !f.generic && overlapping.iter().all(|&i| found[i].generic) {
        for i in overlapping.into_iter().rev() {
            found.remove(i);
        }
        let at = found.partition_point(|g| g.start < f.start);
        found.insert(at, f);
    }
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// The run of `alphabet` bytes at the start of `bytes`, at most `max + 1` long.
fn run_of(bytes: &[u8], alphabet: Alphabet, max: usize) -> usize {
    bytes
        .iter()
        .take(max + 1)
        .take_while(|&&b| alphabet.has(b))
        .count()
}

/// A secret whose own shape says what it is, starting at `i` (a word boundary).
fn shaped(text: &str, i: usize) -> Option<Found> {
    let rest = &text.as_bytes()[i..];
    for rule in KEY_RULES {
        let Some(after) = rest.strip_prefix(rule.prefix.as_bytes()) else {
            continue;
        };
        let len = run_of(after, rule.alphabet, rule.max);
        if len < rule.min || len > rule.max {
            // A longer run is something else (base64, an identifier); a fixed-length key
            // must end where its alphabet does.
            return None;
        }
        let end = i + rule.prefix.len() + len;
        if after.get(len).is_some_and(|&b| is_word_byte(b)) {
            return None;
        }
        return Some(Found {
            start: i,
            end,
            label: rule.label.to_string(),
            generic: false,
        });
    }
    if rest.starts_with(b"SG.") {
        // SendGrid: SG.<22>.<43>
        let a = run_of(&rest[3..], Alphabet::Word, 22);
        if a == 22 && rest.get(3 + a) == Some(&b'.') {
            let b = run_of(&rest[4 + a..], Alphabet::Word, 43);
            if b == 43 {
                return Some(Found {
                    start: i,
                    end: i + 4 + a + b,
                    label: "sendgrid key".into(),
                    generic: false,
                });
            }
        }
        return None;
    }
    if rest.starts_with(b"eyJ") {
        return jwt(text, i);
    }
    None
}

/// The secret path of a Slack webhook, the `:` of its `https://` at `i`.
fn slack_webhook(text: &str, i: usize) -> Option<Found> {
    const HOOKS: &str = "://hooks.slack.com/services/";
    if !text.get(i..)?.starts_with(HOOKS) {
        return None;
    }
    let start = i + HOOKS.len();
    let len = text.as_bytes()[start..]
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'/')
        .count();
    (len >= 20).then(|| Found {
        start,
        end: start + len,
        label: "slack webhook".into(),
        generic: false,
    })
}

/// A JSON Web Token at `i`: three base64url parts, the first two JSON (`eyJ`).
fn jwt(text: &str, i: usize) -> Option<Found> {
    let bytes = &text.as_bytes()[i..];
    let header = run_of(bytes, Alphabet::Word, 4096);
    if header < 10 || bytes.get(header) != Some(&b'.') {
        return None;
    }
    let payload_at = header + 1;
    if !bytes[payload_at..].starts_with(b"eyJ") {
        return None;
    }
    let payload = run_of(&bytes[payload_at..], Alphabet::Word, 16384);
    let sig_at = payload_at + payload + 1;
    if payload < 10 || bytes.get(sig_at - 1) != Some(&b'.') {
        return None;
    }
    let signature = run_of(&bytes[sig_at..], Alphabet::Word, 4096);
    if signature < 10 {
        return None;
    }
    Some(Found {
        start: i,
        end: i + sig_at + signature,
        label: "jwt".into(),
        generic: false,
    })
}

/// How far after an AWS access key id its secret key is looked for.
const AWS_PAIR_WINDOW: usize = 400;

/// The AWS secret access key written after an access key id ending at `from`: 40
/// characters of `[A-Za-z0-9/+]`, standing alone, with upper case, lower case and a digit.
fn aws_secret_after(text: &str, from: usize) -> Option<Found> {
    let bytes = text.as_bytes();
    let end = (from + AWS_PAIR_WINDOW).min(bytes.len());
    let is_key = |b: u8| b.is_ascii_alphanumeric() || b == b'/' || b == b'+';
    let mut i = from;
    while i < end {
        if !is_key(bytes[i]) || (i > 0 && is_key(bytes[i - 1])) {
            i += 1;
            continue;
        }
        let len = bytes[i..].iter().take_while(|&&b| is_key(b)).count();
        let word = &bytes[i..i + len];
        if len == 40
            && word.iter().any(u8::is_ascii_uppercase)
            && word.iter().any(u8::is_ascii_lowercase)
            && word.iter().any(u8::is_ascii_digit)
        {
            return Some(Found {
                start: i,
                end: i + len,
                label: "aws secret access key".into(),
                generic: false,
            });
        }
        i += len.max(1);
    }
    None
}

/// The password of a URL's user info, the `:` of `://` at `i`.
fn url_password(text: &str, i: usize) -> Option<Found> {
    let after = text.get(i..)?.strip_prefix("://")?;
    let scheme_start = text[..i]
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
        .map_or(0, |p| p + 1);
    let scheme = &text[scheme_start..i];
    if scheme.is_empty() {
        return None;
    }
    let authority = &after[..after
        .find(|c: char| matches!(c, '/' | '?' | '#') || c.is_whitespace())
        .unwrap_or(after.len())];
    let at = authority.rfind('@')?;
    let colon = authority[..at].find(':')?;
    let password = &authority[colon + 1..at];
    if password.is_empty() || is_template(password) {
        return None;
    }
    let base = i + 3;
    let kind = match scheme.to_ascii_lowercase().as_str() {
        "postgresql" | "postgres" => "postgres".to_string(),
        "mongodb+srv" => "mongodb".to_string(),
        other => other
            .split(['+', '-', '.'])
            .next()
            .unwrap_or(other)
            .to_string(),
    };
    Some(Found {
        start: base + colon + 1,
        end: base + at,
        label: format!("{kind} password"),
        generic: false,
    })
}

/// A private key's armour at `i`: `-----BEGIN … PRIVATE KEY-----` to the matching end
/// line (or, without one, to the first blank line).
fn private_key(text: &str, i: usize) -> Option<Found> {
    let rest = text.get(i..)?;
    let header = rest.strip_prefix("-----BEGIN ")?;
    let line_end = header.find('\n').unwrap_or(header.len());
    let title = header[..line_end].trim_end().strip_suffix("-----")?;
    if !title.ends_with("PRIVATE KEY") && !title.ends_with("PRIVATE KEY BLOCK") {
        return None;
    }
    let end = match rest.find("-----END ") {
        Some(e) => {
            let tail = &rest[e + "-----END ".len()..];
            let close = tail.find("-----").map_or(tail.len(), |c| c + 5);
            e + "-----END ".len() + close
        }
        None => rest.find("\n\n").unwrap_or(rest.len()),
    };
    Some(Found {
        start: i,
        end: i + end,
        label: "private key".into(),
        generic: false,
    })
}

/// Whether `haystack` holds `needle` (lower case), ASCII case ignored.
fn holds(haystack: &str, needle: &str) -> bool {
    haystack
        .as_bytes()
        .windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// The words of a name that say its value is a secret.
fn secret_kind(name: &str) -> bool {
    // Most names (`timeout`, `url`, `region`) hold none of the words: said without
    // allocating.
    if !["pass", "pwd", "secret", "token", "key", "credential"]
        .iter()
        .any(|w| holds(name, w))
    {
        return false;
    }
    let lower = name.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(['_', '-', '.'])
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().enumerate().any(|(n, w)| {
        matches!(
            *w,
            "password"
                | "passwd"
                | "pwd"
                | "pass"
                | "passphrase"
                | "secret"
                | "token"
                | "apikey"
                | "credential"
                | "credentials"
                | "accountkey"
                | "secretkey"
                | "accesskey"
        ) || (*w == "key"
            && n > 0
            && matches!(
                words[n - 1],
                "api"
                    | "access"
                    | "secret"
                    | "private"
                    | "account"
                    | "signing"
                    | "client"
                    | "master"
                    | "encryption"
                    | "app"
                    | "license"
                    | "subscription"
            ))
            || w.ends_with("password")
            || w.ends_with("secret")
            || w.ends_with("token")
    })
}

/// An assignment at `i` (`:` or `=`) of a random-looking value to a name that says
/// secret: `password=…`, `DB_PASSWORD: …`, `"api_key": "…"`, `secret := …`.
fn assignment(text: &str, i: usize) -> Option<Found> {
    let bytes = text.as_bytes();
    // `==`, `!=`, `<=`, `>=`, `=>` from the other side, `::`.
    if bytes[i] == b'=' && (bytes.get(i + 1) == Some(&b'=') || bytes.get(i + 1) == Some(&b'~')) {
        return None;
    }
    if i > 0 && matches!(bytes[i - 1], b'=' | b'!' | b'<' | b'>' | b':') {
        return None;
    }
    // The name: back over spaces, closing quotes and markdown emphasis.
    let mut j = i;
    while j > 0 && matches!(bytes[j - 1], b' ' | b'\t' | b'"' | b'\'' | b'*' | b'`') && i - j < 4 {
        j -= 1;
    }
    let name_end = j;
    while j > 0
        && (bytes[j - 1].is_ascii_alphanumeric() || matches!(bytes[j - 1], b'_' | b'-' | b'.'))
    {
        j -= 1;
    }
    let name = &text[j..name_end];
    if name.len() < 3 || name.len() > 64 || !secret_kind(name) {
        return None;
    }
    // The value: past `=`/`>` of `:=`/`=>`, spaces, emphasis; quoted or a word.
    let mut k = i + 1;
    if matches!(bytes.get(k), Some(b'=' | b'>')) {
        k += 1;
    }
    while k < bytes.len() && matches!(bytes[k], b' ' | b'\t' | b'*' | b'`') && k - i < 6 {
        k += 1;
    }
    let quote = bytes.get(k).copied().filter(|b| matches!(b, b'"' | b'\''));
    if quote.is_some() {
        k += 1;
    }
    let start = k;
    let mut end = start;
    while end < bytes.len() && end - start <= MAX_VALUE {
        let b = bytes[end];
        let stop = match quote {
            Some(q) => b == q || b == b'\n',
            None => {
                b.is_ascii_whitespace()
                    || matches!(
                        b,
                        b',' | b';'
                            | b'"'
                            | b'\''
                            | b'`'
                            | b')'
                            | b']'
                            | b'}'
                            | b'<'
                            | b'>'
                            | b'|'
                            | b'('
                    )
            }
        };
        if stop {
            break;
        }
        end += 1;
    }
    if quote.is_none() {
        while end > start && matches!(bytes[end - 1], b'.' | b'*') {
            end -= 1;
        }
    }
    let value = &text[start..end];
    if !looks_random(value) {
        return None;
    }
    Some(Found {
        start,
        end,
        label: label_of(name),
        generic: true,
    })
}

/// The longest value an assignment's rule takes for a secret.
const MAX_VALUE: usize = 512;

/// The placeholder's kind for a secret named `name`: its words in lower case
/// (`DB_PASSWORD` → `db password`).
fn label_of(name: &str) -> String {
    let words: Vec<String> = name
        .split(['_', '-', '.'])
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let label = words.join(" ");
    if label.len() > 40 {
        "secret".into()
    } else {
        label
    }
}

/// A value that stands for a secret without being one: a variable, a placeholder, a
/// mask.
fn is_template(value: &str) -> bool {
    value.starts_with(['$', '{', '<', '%', '['])
        || value.contains("${")
        || value.contains("{{")
        || value
            .bytes()
            .all(|b| matches!(b, b'*' | b'x' | b'X' | b'.' | b'-' | b'#'))
}

/// Whether a value looks generated rather than written: long enough, not a template,
/// not a path or a URL, several kinds of character and a digit (or long), and Shannon
/// entropy of at least 3 bits a character.
fn looks_random(value: &str) -> bool {
    if value.len() < 8 || value.len() > MAX_VALUE || is_template(value) {
        return false;
    }
    if value.starts_with(['/', '.', '~']) || value.contains("://") {
        return false;
    }
    let b = value.as_bytes();
    let lower = b.iter().any(u8::is_ascii_lowercase);
    let upper = b.iter().any(u8::is_ascii_uppercase);
    let digit = b.iter().any(u8::is_ascii_digit);
    let symbol = b.iter().any(|c| !c.is_ascii_alphanumeric());
    let kinds = [lower, upper, digit, symbol].iter().filter(|&&k| k).count();
    if kinds < 2 || !(digit || value.len() >= 16) {
        return false;
    }
    entropy(b) >= 3.0
}

/// Shannon entropy in bits per byte.
fn entropy(bytes: &[u8]) -> f64 {
    let mut counts = [0u32; 256];
    for &b in bytes {
        counts[b as usize] += 1;
    }
    let n = bytes.len() as f64;
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = f64::from(c) / n;
            -p * p.log2()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Test keys assembled at run time, so no scanner flags this file.
    fn k(parts: &[&str]) -> String {
        parts.concat()
    }

    #[test]
    fn every_format_is_replaced_by_its_kind() {
        let stripe = k(&["sk_", "live_", "4eC39HqLyjWDarjtT1zdp7dc"]);
        let aws_id = k(&["AKIA", "IOSFODNN7EXAMPLE"]);
        let aws_secret = k(&["wJalrXUtnFEMI/K7MDENG/", "bPxRfiCYEXAMPLEKEY"]);
        let github = k(&["ghp_", "aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"]);
        let slack = k(&[
            "xoxb-",
            "123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
        ]);
        let google = k(&["AIza", "SyA-1234567890abcdefghijklmnopqrstu"]);
        let text = format!(
            "DSN: postgres://orders_admin:S3cr3t-Pa55@orders-db.internal:5432/orders\n\
             aws_access_key_id = {aws_id}\naws_secret_access_key = {aws_secret}\n\
             stripe: {stripe}\ngithub {github} slack {slack} maps {google}\n\
             DB_PASSWORD=Xk39fj2kdLq\n\"client_secret\": \"9f8e7d6c5b4a3210zz\"\n"
        );
        let masked = mask_secrets(text);
        for secret in [
            "S3cr3t-Pa55",
            &stripe,
            &aws_id,
            &aws_secret,
            &github,
            &slack,
            &google,
            "Xk39fj2kdLq",
            "9f8e7d6c5b4a3210zz",
        ] {
            assert!(!masked.text.contains(secret), "{secret} in {}", masked.text);
        }
        for placeholder in [
            "postgres://orders_admin:[secret: postgres password 1]@orders-db.internal:5432/orders",
            "aws_access_key_id = [secret: aws access key id 1]",
            "aws_secret_access_key = [secret: aws secret access key 1]",
            "stripe: [secret: stripe live key 1]",
            "[secret: github token 1]",
            "[secret: slack token 1]",
            "[secret: google api key 1]",
            "DB_PASSWORD=[secret: db password 1]",
            "\"client_secret\": \"[secret: client secret 1]\"",
        ] {
            assert!(
                masked.text.contains(placeholder),
                "{placeholder} not in {}",
                masked.text
            );
        }
        assert_eq!(masked.withheld.len(), 9, "{:?}", masked.withheld);
    }

    #[test]
    fn a_private_key_goes_whole() {
        let body = k(&["MIIEowIBAAKCAQEA", "s0meBase64Body\nMoreLinesOfKey==\n"]);
        let text = format!(
            "key:\n-----BEGIN RSA PRIVATE KEY-----\n{body}-----END RSA PRIVATE KEY-----\nafter\n\
             -----BEGIN PUBLIC KEY-----\nMIIBIjANBgkq\n-----END PUBLIC KEY-----\n"
        );
        let masked = mask_secrets(text);
        assert_eq!(
            masked.text,
            "key:\n[secret: private key 1]\nafter\n-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkq\n-----END PUBLIC KEY-----\n"
        );
    }

    #[test]
    fn the_same_value_gets_the_same_number_and_masking_is_stable() {
        let text = "a postgres://u:Pw0rd-One@h/db b postgres://v:Pw0rd-Two@h/db \
                    c postgres://u:Pw0rd-One@h2/db";
        let masked = mask_secrets(text.to_string());
        assert_eq!(
            masked.text,
            "a postgres://u:[secret: postgres password 1]@h/db b \
             postgres://v:[secret: postgres password 2]@h/db \
             c postgres://u:[secret: postgres password 1]@h2/db"
        );
        assert_eq!(masked.withheld, ["postgres password", "postgres password"]);
        assert_eq!(mask_secrets(text.to_string()), masked);
        assert_eq!(mask_secrets(masked.text.clone()).text, masked.text);
    }

    #[test]
    fn ordinary_text_passes_byte_for_byte() {
        let text = "\
# Orders service v2.14.3 (rustc 1.89.0, OpenSSL 3.0.13)\n\
commit 9fceb02d0ae598e95dc970b74767f19372d61af8, sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\n\
order id 123e4567-e89b-12d3-a456-426614174000; trace 4bf92f3577b34da6a3ce929d0e0e4736\n\
![diagram](https://mermaid.ink/img/pako:eNpVkMFqwzAMhl9F6JRC8wI5DNqxw2Ds0MEOwQfXVhIzxw6W3VFK331OuhU2XyT9-j9JaVFlZWhBnXFi4MeAhbz2KOEL2dF0p3ElkGOwphB5H9iM4w3L8WVpKiBTnLpkFoxJBWmVKiB8sKaq2ACrOvCAJWf7P5-1BKY8CP)\n\
data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==\n\
password: required for the admin console; token: a JWT from Okta; secret: see Vault at secret/data/orders\n\
primary key: order_id, partition_key: customer_id, cache key: sha256(order_id)\n\
DATABASE_URL=postgres://orders-db.internal:5432/orders and https://example.com/a@b\n\
password=${DB_PASSWORD} token=<your token> api_key: ******** secret={{ vault.secret }}\n\
sk-short, task-list, risk-assessment-matrix, ask_live_chat, AKIA is a prefix\n\
if a == b && c != d => e; x := y; Kafka topic: orders.v2.created\n";
        let masked = mask_secrets(text.to_string());
        assert_eq!(masked.text, text);
        assert!(masked.withheld.is_empty());
    }

    #[test]
    fn a_secret_is_found_wherever_it_falls_in_the_scan_s_blocks() {
        let key = k(&["sk_", "live_", "4eC39HqLyjWDarjtT1zdp7dc"]);
        let sendgrid = k(&[
            "SG.",
            "ngeVfQFYQlKU0ufo8x5d1A",
            ".",
            "TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5cr",
        ]);
        for secret in [&key, &sendgrid] {
            for pad in 0..70 {
                let text = format!("{} {secret} and more text after it", "x".repeat(pad));
                let masked = mask_secrets(text.clone());
                assert!(
                    !masked.text.contains(secret.as_str()),
                    "{pad}: {}",
                    masked.text
                );
                assert_eq!(masked.withheld.len(), 1, "{pad}");
            }
        }
    }

    #[test]
    fn jwt_sendgrid_and_webhooks_are_found() {
        let jwt = k(&[
            "eyJhbGciOiJIUzI1NiJ9.",
            "eyJzdWIiOiIxMjM0NTY3ODkwIn0.",
            "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        ]);
        let sendgrid = k(&[
            "SG.",
            "ngeVfQFYQlKU0ufo8x5d1A",
            ".",
            "TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5cr",
        ]);
        let hook = k(&[
            "https://hooks.slack.com/services/",
            "T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
        ]);
        let masked = mask_secrets(format!("{jwt} {sendgrid} {hook}"));
        assert_eq!(
            masked.text,
            "[secret: jwt 1] [secret: sendgrid key 1] https://hooks.slack.com/services/[secret: slack webhook 1]"
        );
    }
}
