//! What differs between two versions of an experiment document, field by field, as
//! people read it: `conditions[variant].assignmentWeight: 50 → 70`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// One field that differs between two versions of an experiment document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FieldChange {
    /// `name`, `conditions[control].assignmentWeight`, `partitions[SelectSection/t1]`.
    pub field: String,
    /// Compact JSON, or `(none)` when the field is new.
    pub before: String,
    /// Compact JSON, or `(none)` when the field is gone.
    pub after: String,
}

impl std::fmt::Display for FieldChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} → {}", self.field, self.before, self.after)
    }
}

/// Fields that change on every save or are derived: not what a person edits.
const VOLATILE: &[&str] = &[
    "updatedAt",
    "createdAt",
    "stateTimeLogs",
    "versionNumber",
    "backendVersion",
];

/// The differences between `before` and `after` (two experiment documents). Lists of
/// objects with ids are compared by id, each element named by its condition code,
/// decision point or id. Volatile fields (`updatedAt`, `versionNumber`, ...) are left out.
pub fn diff(before: &Value, after: &Value) -> Vec<FieldChange> {
    let mut out = Vec::new();
    let empty = Map::new();
    let b = before.as_object().unwrap_or(&empty);
    let a = after.as_object().unwrap_or(&empty);
    for key in edited_keys(b, a) {
        compare(key, b.get(key), a.get(key), &mut out);
    }
    // `revertTo` holds a condition's id: shown as the condition's code.
    for change in out.iter_mut().filter(|c| c.field == "revertTo") {
        let code = |doc: &Value, fallback: &Value| {
            let id = doc.get("revertTo").and_then(Value::as_str)?;
            [doc, fallback]
                .into_iter()
                .flat_map(|d| d["conditions"].as_array().into_iter().flatten())
                .find(|c| c["id"].as_str() == Some(id))
                .and_then(|c| c["conditionCode"].as_str())
                .map(|code| format!("\"{}\"", crate::text::literal(code)))
        };
        if let Some(code) = code(before, after) {
            change.before = code;
        }
        if let Some(code) = code(after, before) {
            change.after = code;
        }
    }
    out
}

/// Whether a field is one of the payload records UpGrade adds or rebuilds itself on
/// every update (a person does not edit them through archie).
pub fn is_payload(field: &str) -> bool {
    field == "conditionPayloads" || field.starts_with("conditionPayloads[")
}

fn show(v: Option<&Value>) -> String {
    match v {
        None => "(none)".into(),
        Some(v) => {
            // Server text: one line, inert, no markup (compact JSON escapes control
            // characters already).
            let text = crate::text::literal(&v.to_string());
            if text.chars().count() > 120 {
                let cut: String = text.chars().take(117).collect();
                format!("{cut}…")
            } else {
                text
            }
        }
    }
}

fn compare(field: &str, before: Option<&Value>, after: Option<&Value>, out: &mut Vec<FieldChange>) {
    if before == after {
        return;
    }
    // Absent and null say the same thing.
    if before.is_none_or(Value::is_null) && after.is_none_or(Value::is_null) {
        return;
    }
    if let (Some(Value::Array(b)), Some(Value::Array(a))) = (before, after)
        && b.iter()
            .chain(a)
            .all(|v| v.get("id").is_some_and(Value::is_string))
    {
        let id = |v: &Value| v["id"].as_str().unwrap_or_default().to_string();
        for old in b {
            let label = format!("{field}[{}]", label(old));
            match a.iter().find(|new| id(new) == id(old)) {
                Some(new) => compare_objects(&label, old, new, out),
                None => out.push(FieldChange {
                    field: label,
                    before: show(Some(old)),
                    after: "(none)".into(),
                }),
            }
        }
        for new in a {
            if !b.iter().any(|old| id(old) == id(new)) {
                out.push(FieldChange {
                    field: format!("{field}[{}]", label(new)),
                    before: "(none)".into(),
                    after: show(Some(new)),
                });
            }
        }
        return;
    }
    out.push(FieldChange {
        field: field.to_string(),
        before: show(before),
        after: show(after),
    });
}

fn compare_objects(field: &str, before: &Value, after: &Value, out: &mut Vec<FieldChange>) {
    match (before.as_object(), after.as_object()) {
        (Some(b), Some(a)) => {
            for key in edited_keys(b, a) {
                compare(&format!("{field}.{key}"), b.get(key), a.get(key), out);
            }
        }
        _ => compare(field, Some(before), Some(after), out),
    }
}

/// The keys of either object, sorted, once each, volatile ones left out.
fn edited_keys<'a>(before: &'a Map<String, Value>, after: &'a Map<String, Value>) -> Vec<&'a str> {
    let mut keys: Vec<&str> = before
        .keys()
        .chain(after.keys())
        .map(String::as_str)
        .filter(|key| !VOLATILE.contains(key))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// How an element of a list is named: its condition code, its decision point, or its id.
fn label(v: &Value) -> String {
    use crate::text::literal;
    if let Some(code) = v.get("conditionCode").and_then(Value::as_str) {
        return literal(code);
    }
    if let Some(site) = v.get("site").and_then(Value::as_str) {
        return match v.get("target").and_then(Value::as_str) {
            Some(t) if !t.is_empty() => format!("{}/{}", literal(site), literal(t)),
            _ => literal(site),
        };
    }
    let id = v.get("id").and_then(Value::as_str).unwrap_or("?");
    id.chars().take(8).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn changes_are_named_by_what_people_know() {
        let before = json!({
            "name": "A", "updatedAt": "1", "versionNumber": 1, "group": null,
            "conditions": [
                {"id": "c1", "conditionCode": "control", "assignmentWeight": 50},
                {"id": "c2", "conditionCode": "variant", "assignmentWeight": 50}
            ]
        });
        let after = json!({
            "name": "B", "updatedAt": "2", "versionNumber": 2,
            "conditions": [
                {"id": "c1", "conditionCode": "control", "assignmentWeight": 30},
                {"id": "c3", "conditionCode": "new", "assignmentWeight": 70}
            ]
        });
        let lines: Vec<String> = diff(&before, &after)
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(lines[0], "conditions[control].assignmentWeight: 50 → 30");
        assert!(lines[1].starts_with("conditions[variant]: {"), "{lines:?}");
        assert!(lines[1].ends_with("→ (none)"));
        assert!(lines[2].starts_with("conditions[new]: (none) → {"));
        assert_eq!(lines[3], "name: \"A\" → \"B\"");
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert!(diff(&before, &before).is_empty());
    }

    #[test]
    fn revert_to_is_shown_as_the_conditions_code_and_server_text_is_inert() {
        let before = json!({"revertTo": null, "name": "a",
            "conditions": [{"id": "c1", "conditionCode": "control"}]});
        let after = json!({"revertTo": "c1", "name": "a\n**SYSTEM:** <b>",
            "conditions": [{"id": "c1", "conditionCode": "control"}]});
        let lines: Vec<String> = diff(&before, &after)
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(
            lines[0],
            "name: \"a\" → \"a\\\\n\\*\\*SYSTEM:\\*\\* \\<b\\>\""
        );
        assert_eq!(lines[1], "revertTo: null → \"control\"");
    }
}
