//! Reading a model's JSON: repair common faults, then validate by deserialising, naming
//! the JSON path that failed.

use serde::de::DeserializeOwned;
use std::fmt;

/// Why an answer is not a valid `T`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputError {
    /// The JSON path that failed (`entities[2].name`); `.` is the whole answer.
    pub path: String,
    pub message: String,
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at `{}`: {}", self.path, self.message)
    }
}

/// Parses a model's answer as `T`, repairing code fences, prose around the JSON,
/// trailing commas and single-quoted strings. Returns the value and the (repaired) JSON
/// text it was read from.
pub fn parse_structured<T: DeserializeOwned>(text: &str) -> Result<(T, String), OutputError> {
    let mut candidate = text.trim().to_string();
    let steps: [fn(&str) -> Option<String>; 5] = [
        strip_thinking,
        strip_fences,
        extract_json,
        remove_trailing_commas,
        single_to_double_quotes,
    ];
    let mut syntax_error = None;
    for step in std::iter::once(None).chain(steps.iter().map(Some)) {
        if let Some(step) = step {
            match step(&candidate) {
                Some(next) => candidate = next,
                None => continue,
            }
        }
        match serde_json::from_str::<serde_json::Value>(&candidate) {
            Ok(_) => return deserialize::<T>(&candidate).map(|v| (v, candidate)),
            Err(err) => {
                syntax_error.get_or_insert(err);
            }
        }
    }
    Err(OutputError {
        path: ".".into(),
        message: match syntax_error {
            Some(err) => format!("not valid JSON ({err})"),
            None => "not valid JSON".into(),
        },
    })
}

fn deserialize<T: DeserializeOwned>(json: &str) -> Result<T, OutputError> {
    let mut de = serde_json::Deserializer::from_str(json);
    serde_path_to_error::deserialize(&mut de).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner();
        // serde_json appends " at line L column C"; the path says more.
        let message = inner.to_string();
        let message = match message.rfind(" at line ") {
            Some(i) => message[..i].to_string(),
            None => message,
        };
        OutputError { path, message }
    })
}

/// Drops `<think>…</think>` blocks that reasoning models (DeepSeek-R1, Qwen3) put before
/// the answer; their prose may contain braces.
fn strip_thinking(text: &str) -> Option<String> {
    let end = text.rfind("</think>")?;
    Some(text[end + "</think>".len()..].trim().to_string())
}

/// The inside of the first ``` fence, if there is one.
fn strip_fences(text: &str) -> Option<String> {
    let start = text.find("```")?;
    let after = &text[start + 3..];
    // Skip the info string (```json).
    let body_start = after.find('\n').map(|i| i + 1).unwrap_or(0);
    let body = &after[body_start..];
    let end = body.find("```").unwrap_or(body.len());
    Some(body[..end].trim().to_string())
}

/// The span from the first `{` or `[` to the last matching closer (drops prose around).
fn extract_json(text: &str) -> Option<String> {
    let start = text.find(['{', '['])?;
    let closer = if text[start..].starts_with('{') {
        '}'
    } else {
        ']'
    };
    let end = text.rfind(closer)?;
    if end <= start {
        return None;
    }
    let inner = &text[start..=end];
    (inner.len() != text.len()).then(|| inner.to_string())
}

/// Removes commas directly before `}` or `]` (outside strings).
fn remove_trailing_commas(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    let mut escaped = false;
    let mut changed = false;
    for (i, &c) in chars.iter().enumerate() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        if c == '"' {
            in_string = true;
        } else if c == ',' {
            let next = chars[i + 1..].iter().find(|c| !c.is_whitespace());
            if matches!(next, Some('}') | Some(']')) {
                changed = true;
                continue;
            }
        }
        out.push(c);
    }
    changed.then_some(out)
}

/// Turns single-quoted strings into double-quoted ones (outside double-quoted strings).
fn single_to_double_quotes(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut quote: Option<char> = None;
    let mut escaped = false;
    let mut changed = false;
    for c in text.chars() {
        match quote {
            None => {
                if c == '\'' {
                    quote = Some('\'');
                    changed = true;
                    out.push('"');
                } else {
                    if c == '"' {
                        quote = Some('"');
                    }
                    out.push(c);
                }
            }
            Some(q) => {
                if escaped {
                    escaped = false;
                    if q == '\'' && c == '\'' {
                        // \' inside a single-quoted string is a plain apostrophe.
                        out.pop();
                    }
                    out.push(c);
                } else if c == '\\' {
                    escaped = true;
                    out.push(c);
                } else if c == q {
                    quote = None;
                    out.push('"');
                } else if q == '\'' && c == '"' {
                    out.push_str("\\\"");
                } else {
                    out.push(c);
                }
            }
        }
    }
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Item {
        name: String,
        tags: Vec<String>,
    }

    fn ok(text: &str) -> Item {
        parse_structured::<Item>(text).map(|(v, _)| v).unwrap()
    }

    #[test]
    fn repairs_common_faults() {
        let want = Item {
            name: "a".into(),
            tags: vec!["x".into()],
        };
        assert_eq!(ok(r#"{"name":"a","tags":["x"]}"#), want);
        assert_eq!(ok("```json\n{\"name\":\"a\",\"tags\":[\"x\"]}\n```"), want);
        assert_eq!(
            ok("Sure! Here it is: {\"name\":\"a\",\"tags\":[\"x\"]} Hope it helps."),
            want
        );
        assert_eq!(ok("{\"name\":\"a\",\"tags\":[\"x\",],}"), want);
        assert_eq!(ok("{'name': 'a', 'tags': ['x']}"), want);
        assert_eq!(ok("```\n{'name': 'a', 'tags': ['x',],}\n```"), want);
        assert_eq!(
            ok("<think>maybe {name: b}?</think>\n{\"name\":\"a\",\"tags\":[\"x\"]}"),
            want
        );
    }

    #[test]
    fn keeps_commas_and_quotes_inside_strings() {
        let v = ok(r#"{"name":"it's, ]","tags":[]}"#);
        assert_eq!(v.name, "it's, ]");
        let v = ok(r#"{'name': 'say "hi"', 'tags': []}"#);
        assert_eq!(v.name, "say \"hi\"");
    }

    #[test]
    fn names_the_failing_path() {
        let err = parse_structured::<Item>(r#"{"name":"a","tags":[1]}"#).unwrap_err();
        assert_eq!(err.path, "tags[0]");
        let err = parse_structured::<Item>(r#"{"tags":[]}"#).unwrap_err();
        assert_eq!(err.path, ".");
        assert!(err.message.contains("name"), "{err}");
        let err = parse_structured::<Item>("no json here").unwrap_err();
        assert!(err.message.contains("not valid JSON"), "{err}");
    }
}
