//! Commands the user can paste: one quoting rule for every hint archie prints. A leaf.
//!
//! Not `shell_words::quote` (in the build via dialoguer): it quotes `=` and `%`, so the
//! hints would change (`--answer=x` becomes `'--answer=x'`), and it leaves `!`, `{` and
//! non-ASCII bare, which an interactive bash expands; this keeps a short list of plain
//! characters and quotes everything else.

/// `s` quoted for a POSIX shell when it needs it: plain words stay as they are, anything
/// else goes in single quotes (a `'` inside becomes `'\''`).
pub fn quote(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=@%+,".contains(c));
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// Words joined into a command line, each quoted as needed.
pub fn join<S: AsRef<str>>(words: impl IntoIterator<Item = S>) -> String {
    words
        .into_iter()
        .map(|w| quote(w.as_ref()))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_survives_a_shell() {
        assert_eq!(quote("docs/a.md"), "docs/a.md");
        assert_eq!(quote(""), "''");
        assert_eq!(quote("my docs"), "'my docs'");
        assert_eq!(quote("it's"), "'it'\\''s'");
        assert_eq!(
            join(["archie", "analyze", "-q", "why \"this\"?"]),
            "archie analyze -q 'why \"this\"?'"
        );
    }
}
