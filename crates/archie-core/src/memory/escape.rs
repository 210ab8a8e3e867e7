//! Names are data, never syntax: one function per format that writes a name (or any
//! text archie did not choose) into that format so its reader gets back what the name
//! says. Every diagram and export writer goes through these.

/// Text for inside a double-quoted Mermaid string (a flowchart label `id["…"]`, an edge
/// label `-->|"…"|`, a C4 argument `Container(id, "…")`).
///
/// Mermaid reads `#name;` and `#123;` in any diagram as the HTML entity `&name;` or
/// `&#123;`, so every character that is syntax somewhere in Mermaid (quotes, backticks
/// that start a Markdown string, `<` and `&` that its HTML labels would read as markup,
/// `#` and `;` of its own entity codes, `%` of comments, brackets, `|`, `:`, `$` of
/// C4's `$key=` arguments …) is written as `#<code>;` and drawn as itself. Anything
/// beyond ASCII (letters of any script, `…`, `—`), ASCII letters, digits, spaces and a
/// few plain marks are kept as they are, so the source stays readable; line breaks and other control characters become spaces.
pub fn mermaid(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.push(' ');
        } else if !c.is_ascii()
            || c.is_alphanumeric()
            || matches!(
                c,
                ' ' | '-'
                    | '_'
                    | '.'
                    | ','
                    | '\''
                    | '/'
                    | '('
                    | ')'
                    | '+'
                    | '*'
                    | '!'
                    | '?'
                    | '@'
                    | '='
                    | '~'
                    | '^'
            )
        {
            out.push(c);
        } else if c == '"' {
            out.push_str("#quot;");
        } else {
            out.push('#');
            out.push_str(&u32::from(c).to_string());
            out.push(';');
        }
    }
    out
}

/// Mermaid's limit on a diagram's text (`maxTextSize`, 50,000 by default): beyond it
/// Mermaid draws only "Maximum text size in diagram exceeded".
pub const MERMAID_MAX_TEXT: usize = 50_000;

/// Constants a Structurizr workspace declares when [`structurizr`] needs them: `$`
/// (so that `${` in a name is not a substitution) and nothing (so that a name's last
/// `\` does not escape the closing quote).
pub const STRUCTURIZR_CONSTANTS: &str =
    "    !const archie.dollar \"$\"\n    !const archie.nothing \"\"\n";

/// A double-quoted Structurizr DSL string that its parser reads back as `text`.
///
/// Structurizr's tokenizer ends a quoted token at a `"` not preceded by `\`, and its
/// reader then turns `\"` into `"` and `\n` into a line break (no other escapes: `\\`
/// stays two backslashes), and replaces `${NAME}` by a constant or an environment
/// variable. So: `"` is written `\"`; a `$` before `{` is `${archie.dollar}` (a
/// constant, so `${HOME}` stays `${HOME}`); a final `\` is followed by
/// `${archie.nothing}` so the closing quote is not escaped; a `\` before `n` (which
/// Structurizr would read as a line break, substitutions or not) is written `⧵`;
/// control characters become spaces. The second value says whether the constants of
/// [`STRUCTURIZR_CONSTANTS`] were used.
pub fn structurizr(text: &str) -> (String, bool) {
    let chars: Vec<char> = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut out = String::with_capacity(text.len() + 2);
    let mut constants = false;
    out.push('"');
    for (i, &c) in chars.iter().enumerate() {
        let next = chars.get(i + 1).copied();
        match c {
            '"' => out.push_str("\\\""),
            '$' if next == Some('{') => {
                out.push_str("${archie.dollar}");
                constants = true;
            }
            '\\' if next == Some('n') => out.push('⧵'),
            '\\' if next.is_none() => {
                out.push_str("\\${archie.nothing}");
                constants = true;
            }
            c => out.push(c),
        }
    }
    out.push('"');
    (out, constants)
}

/// A double-quoted Graphviz DOT string (an `escString` in labels): `"` and `\` escaped
/// (so `\n`, `\N` or `\G` in a name are not DOT's line break or node name), control
/// characters as spaces.
pub fn dot(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Text inside an XML element or a double-quoted attribute (GraphML).
pub fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() && c != '\n' && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Names that have broken diagram writers: backticks and parentheses as models copy
/// inline code, markup, Mermaid's entity codes, HTML entities, quotes, a final
/// backslash, a substitution, line breaks, other scripts, brackets, keywords, arrows
/// and comments.
pub const HOSTILE_NAMES: &[&str] = &[
    "`orders-db` (Postgres)",
    "Cache <primary>",
    "#1;",
    "&amp; Co",
    "The \"quoted\" one",
    "C:\\services\\",
    "${HOME} service",
    "two\nlines",
    "Zahlungsprüfung 支付",
    "[brackets] {braces} |pipes|",
    "end",
    "graph",
    "A --> B",
    "%% not a comment",
    "C:\\new folder",
    "a\\\"b",
    "$tags=x; #quot;",
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Mermaid's own reading of `#…;` codes (`&#…;` entities), then HTML's.
    fn read_mermaid(text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(start) = rest.find('#') {
            out.push_str(&rest[..start]);
            let after = &rest[start + 1..];
            let end = after.find(';').expect("a code ends with ;");
            let code = &after[..end];
            let c = if code == "quot" {
                '"'
            } else {
                char::from_u32(code.parse().expect("a number")).expect("a char")
            };
            out.push(c);
            rest = &after[end + 1..];
        }
        out.push_str(rest);
        out
    }

    /// Structurizr's reading of one quoted token as its tokenizer, reader and
    /// substitution do it (with `HOME` in the environment).
    fn read_structurizr(line: &str) -> Vec<String> {
        let mut tokens = Vec::new();
        let chars: Vec<char> = line.trim().chars().collect();
        let mut token: Option<String> = None;
        let mut quoted = false;
        for (i, &c) in chars.iter().enumerate() {
            match token.as_mut() {
                None if c == '"' => {
                    quoted = true;
                    token = Some(String::new());
                }
                None if c.is_whitespace() => {}
                None => {
                    quoted = false;
                    token = Some(c.to_string());
                }
                Some(t) if c == '"' && chars[i - 1] == '\\' => t.push(c),
                Some(t) if (quoted && c == '"') || (!quoted && c.is_whitespace()) => {
                    tokens.push(std::mem::take(t));
                    token = None;
                }
                Some(t) => t.push(c),
            }
        }
        tokens.extend(token);
        tokens
            .into_iter()
            .map(|t| substitute(&t).replace("\\\"", "\"").replace("\\n", "\n"))
            .collect()
    }

    /// Structurizr's `${NAME}` substitution: every match in the token as written is
    /// replaced (by a constant, or `HOME` from the environment) wherever it occurs.
    fn substitute(token: &str) -> String {
        let value = |name: &str| match name {
            "archie.dollar" => Some("$"),
            "archie.nothing" => Some(""),
            "HOME" => Some("/root"),
            _ => None,
        };
        let mut found = Vec::new();
        let mut rest = token;
        while let Some(at) = rest.find("${") {
            let after = &rest[at + 2..];
            let len = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
                .unwrap_or(after.len());
            if len > 0 && after[len..].starts_with('}') {
                found.push(after[..len].to_string());
                rest = &after[len + 1..];
            } else {
                rest = after;
            }
        }
        let mut out = token.to_string();
        for name in found {
            if let Some(v) = value(&name) {
                out = out.replace(&format!("${{{name}}}"), v);
            }
        }
        out
    }

    #[test]
    fn mermaid_keeps_every_hostile_name_as_data() {
        for name in HOSTILE_NAMES {
            let text = mermaid(name);
            for syntax in [
                '"', '`', '<', '>', '&', '%', '[', ']', '{', '}', '|', '\n', ':', '$',
            ] {
                assert!(!text.contains(syntax), "{syntax} in {text}");
            }
            assert_eq!(read_mermaid(&text), name.replace('\n', " "), "{text}");
        }
        assert_eq!(
            mermaid("`orders-db` (Postgres)"),
            "#96;orders-db#96; (Postgres)"
        );
        assert_eq!(mermaid("Cache <primary>"), "Cache #60;primary#62;");
        assert_eq!(mermaid("#1;"), "#35;1#59;");
    }

    #[test]
    fn structurizr_reads_back_every_hostile_name() {
        for name in HOSTILE_NAMES {
            let (text, _) = structurizr(name);
            let line = format!("e_x = container {text} \"desc\"");
            let tokens = read_structurizr(&line);
            assert_eq!(tokens.len(), 5, "{line}: {tokens:?}");
            let expected = name.replace('\n', " ").replace("\\n", "⧵n");
            assert_eq!(tokens[3], expected, "{line}");
            assert_eq!(tokens[4], "desc");
        }
        assert_eq!(structurizr("a\\").0, "\"a\\${archie.nothing}\"");
        assert_eq!(structurizr("plain"), ("\"plain\"".to_string(), false));
    }

    #[test]
    fn dot_and_xml_escape_their_syntax() {
        assert_eq!(dot("a\"b\\"), "\"a\\\"b\\\\\"");
        assert_eq!(dot("x\ny"), "\"x y\"");
        assert_eq!(xml("<a & \"b\">"), "&lt;a &amp; &quot;b&quot;&gt;");
    }
}
