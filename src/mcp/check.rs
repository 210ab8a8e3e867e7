//! Checks tool arguments against a tool's input schema.
//!
//! MCP tool schemas use a small part of JSON Schema: `type`, `properties`, `required`,
//! `additionalProperties`, `items`, `enum`, `const`, the numeric and length bounds,
//! `anyOf`/`oneOf`/`allOf`/`not`, and local `$ref`s into `$defs` or `definitions` (what
//! schemars, pydantic and zod emit). That part is checked here. Keywords outside it
//! (`pattern`, `format`, `if`/`then`, remote references …) are left to the server, which
//! enforces its own schema anyway: a check here only saves a round trip and gives the
//! model a clear reason.

use serde_json::{Map, Value};

/// How deep references and nested schemas are followed before the check gives up
/// (and leaves the rest to the server): a recursive schema cannot loop.
const MAX_DEPTH: usize = 64;

/// Checks `value` against `schema`; the error names where and why.
pub fn check(schema: &Value, value: &Value) -> Result<(), String> {
    let checker = Checker { root: schema };
    match checker.check(schema, value, &mut String::new(), 0) {
        Ok(()) => Ok(()),
        Err(Failure { path, reason }) if path.is_empty() => Err(reason),
        Err(Failure { path, reason }) => Err(format!("at {path}: {reason}")),
    }
}

struct Failure {
    /// A JSON pointer to the value that failed (`/items/0/name`), empty for the top.
    path: String,
    reason: String,
}

struct Checker<'a> {
    root: &'a Value,
}

impl Checker<'_> {
    fn check(
        &self,
        schema: &Value,
        value: &Value,
        path: &mut String,
        depth: usize,
    ) -> Result<(), Failure> {
        let fail = |path: &str, reason: String| Failure {
            path: path.to_string(),
            reason,
        };
        if depth > MAX_DEPTH {
            return Ok(());
        }
        let schema = match schema {
            Value::Bool(true) => return Ok(()),
            Value::Bool(false) => return Err(fail(path, "no value is allowed here".into())),
            Value::Object(schema) => schema,
            _ => return Ok(()),
        };
        if let Some(Value::String(reference)) = schema.get("$ref")
            && let Some(target) = self.resolve(reference)
        {
            self.check(target, value, path, depth + 1)?;
        }
        if let Some(types) = schema.get("type") {
            let allowed: Vec<&str> = match types {
                Value::String(t) => vec![t.as_str()],
                Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            };
            if !allowed.is_empty() && !allowed.iter().any(|t| is_type(value, t)) {
                return Err(fail(
                    path,
                    format!("{} is not of type {}", brief(value), allowed.join(" or ")),
                ));
            }
        }
        if let Some(Value::Array(choices)) = schema.get("enum")
            && !choices.iter().any(|c| equal(c, value))
        {
            let listed: Vec<String> = choices.iter().map(brief).collect();
            return Err(fail(
                path,
                format!("{} is not one of {}", brief(value), listed.join(", ")),
            ));
        }
        if let Some(expected) = schema.get("const")
            && !equal(expected, value)
        {
            return Err(fail(
                path,
                format!("{} is not {}", brief(value), brief(expected)),
            ));
        }
        self.bounds(schema, value)
            .map_err(|reason| fail(path, reason))?;
        self.combinators(schema, value, path, depth)?;
        match value {
            Value::Object(object) => self.object(schema, object, path, depth),
            Value::Array(items) => self.array(schema, items, path, depth),
            _ => Ok(()),
        }
    }

    /// `allOf`, `anyOf`, `oneOf` and `not`.
    fn combinators(
        &self,
        schema: &Map<String, Value>,
        value: &Value,
        path: &mut String,
        depth: usize,
    ) -> Result<(), Failure> {
        if let Some(Value::Array(all)) = schema.get("allOf") {
            for sub in all {
                self.check(sub, value, path, depth + 1)?;
            }
        }
        let passes = |sub: &Value| self.check(sub, value, &mut path.clone(), depth + 1).is_ok();
        if let Some(Value::Array(any)) = schema.get("anyOf") {
            let mut reasons = Vec::new();
            for sub in any {
                match self.check(sub, value, &mut path.clone(), depth + 1) {
                    Ok(()) => {
                        reasons.clear();
                        break;
                    }
                    Err(failure) => reasons.push(failure.reason),
                }
            }
            if !reasons.is_empty() {
                reasons.dedup();
                return Err(Failure {
                    path: path.clone(),
                    reason: format!(
                        "{} matches none of the allowed forms ({})",
                        brief(value),
                        reasons.join("; or ")
                    ),
                });
            }
        }
        if let Some(Value::Array(one)) = schema.get("oneOf") {
            let matched = one.iter().filter(|sub| passes(sub)).count();
            if matched != 1 {
                let reason = if matched == 0 {
                    format!("{} matches none of the allowed forms", brief(value))
                } else {
                    format!(
                        "{} matches more than one of the exclusive forms",
                        brief(value)
                    )
                };
                return Err(Failure {
                    path: path.clone(),
                    reason,
                });
            }
        }
        if let Some(not) = schema.get("not")
            && passes(not)
        {
            return Err(Failure {
                path: path.clone(),
                reason: format!("{} is not allowed here", brief(value)),
            });
        }
        Ok(())
    }

    /// Numeric bounds and the lengths of strings and arrays.
    fn bounds(&self, schema: &Map<String, Value>, value: &Value) -> Result<(), String> {
        let number = |key: &str| schema.get(key).and_then(Value::as_f64);
        let count = |key: &str| schema.get(key).and_then(Value::as_u64);
        if let Some(n) = value.as_f64() {
            if let Some(min) = number("minimum").filter(|min| n < *min) {
                return Err(format!("{value} is less than the minimum of {min}"));
            }
            if let Some(max) = number("maximum").filter(|max| n > *max) {
                return Err(format!("{value} is greater than the maximum of {max}"));
            }
            if let Some(min) = number("exclusiveMinimum").filter(|min| n <= *min) {
                return Err(format!("{value} must be greater than {min}"));
            }
            if let Some(max) = number("exclusiveMaximum").filter(|max| n >= *max) {
                return Err(format!("{value} must be less than {max}"));
            }
            if let Some(step) = number("multipleOf").filter(|s| *s > 0.0) {
                let ratio = n / step;
                if (ratio - ratio.round()).abs() > 1e-9 {
                    return Err(format!("{value} is not a multiple of {step}"));
                }
            }
        }
        if let Value::String(s) = value {
            let chars = s.chars().count() as u64;
            if let Some(min) = count("minLength").filter(|min| chars < *min) {
                return Err(format!("{} is shorter than {min} characters", brief(value)));
            }
            if let Some(max) = count("maxLength").filter(|max| chars > *max) {
                return Err(format!("{} is longer than {max} characters", brief(value)));
            }
        }
        if let Value::Array(items) = value {
            let n = items.len() as u64;
            if let Some(min) = count("minItems").filter(|min| n < *min) {
                return Err(format!("{n} items, fewer than the {min} required"));
            }
            if let Some(max) = count("maxItems").filter(|max| n > *max) {
                return Err(format!("{n} items, more than the {max} allowed"));
            }
            if schema.get("uniqueItems") == Some(&Value::Bool(true)) {
                for (i, a) in items.iter().enumerate() {
                    if items[..i].iter().any(|b| equal(a, b)) {
                        return Err(format!("{} appears twice", brief(a)));
                    }
                }
            }
        }
        if let Value::Object(object) = value {
            let n = object.len() as u64;
            if let Some(min) = count("minProperties").filter(|min| n < *min) {
                return Err(format!("{n} properties, fewer than the {min} required"));
            }
            if let Some(max) = count("maxProperties").filter(|max| n > *max) {
                return Err(format!("{n} properties, more than the {max} allowed"));
            }
        }
        Ok(())
    }

    fn object(
        &self,
        schema: &Map<String, Value>,
        object: &Map<String, Value>,
        path: &mut String,
        depth: usize,
    ) -> Result<(), Failure> {
        let properties = schema.get("properties").and_then(Value::as_object);
        let additional = schema.get("additionalProperties");
        for (name, item) in object {
            let len = path.len();
            path.push('/');
            path.push_str(&name.replace('~', "~0").replace('/', "~1"));
            let result = match properties.and_then(|p| p.get(name)) {
                Some(sub) => self.check(sub, item, path, depth + 1),
                None => match additional {
                    Some(Value::Bool(false)) => {
                        path.truncate(len);
                        let known = properties.into_iter().flat_map(|p| p.keys());
                        let hint = known
                            .filter(|k| strsim::levenshtein(k, name) <= 2)
                            .map(|k| format!(" (did you mean \"{k}\"?)"))
                            .next()
                            .unwrap_or_default();
                        return Err(Failure {
                            path: path.clone(),
                            reason: format!("\"{name}\" is not an allowed property{hint}"),
                        });
                    }
                    Some(sub @ Value::Object(_)) => self.check(sub, item, path, depth + 1),
                    _ => Ok(()),
                },
            };
            result?;
            path.truncate(len);
        }
        if let Some(Value::Array(required)) = schema.get("required")
            && let Some(missing) = required
                .iter()
                .filter_map(Value::as_str)
                .find(|name| !object.contains_key(*name))
        {
            return Err(Failure {
                path: path.clone(),
                reason: format!("\"{missing}\" is a required property"),
            });
        }
        Ok(())
    }

    fn array(
        &self,
        schema: &Map<String, Value>,
        items: &[Value],
        path: &mut String,
        depth: usize,
    ) -> Result<(), Failure> {
        // `prefixItems` (2020-12) or an array under `items` (draft 7) for the first
        // items; `items` (2020-12) or `additionalItems` (draft 7) for the rest.
        let (prefix, rest): (&[Value], Option<&Value>) =
            match (schema.get("prefixItems"), schema.get("items")) {
                (Some(Value::Array(prefix)), rest) => (prefix, rest),
                (None, Some(Value::Array(prefix))) => (prefix, schema.get("additionalItems")),
                (_, rest) => (&[], rest),
            };
        for (i, item) in items.iter().enumerate() {
            let sub = prefix.get(i).or(rest);
            if let Some(sub) = sub {
                let len = path.len();
                path.push('/');
                path.push_str(&i.to_string());
                self.check(sub, item, path, depth + 1)?;
                path.truncate(len);
            }
        }
        if let Some(contains) = schema.get("contains") {
            let found = items.iter().any(|item| {
                self.check(contains, item, &mut path.clone(), depth + 1)
                    .is_ok()
            });
            if !found {
                return Err(Failure {
                    path: path.clone(),
                    reason: "no item matches what the array must contain".into(),
                });
            }
        }
        Ok(())
    }

    /// A local reference (`#`, `#/$defs/Name`, `#/definitions/Name`, any JSON pointer
    /// into the schema); `None` for a remote one.
    fn resolve(&self, reference: &str) -> Option<&Value> {
        let pointer = reference.strip_prefix('#')?;
        if pointer.is_empty() {
            return Some(self.root);
        }
        let decoded = percent_decode(pointer);
        self.root.pointer(&decoded)
    }
}

/// Whether `value` has JSON Schema type `name` (an integer is also a number; a float
/// with no fraction is an integer, as the specification says).
fn is_type(value: &Value, name: &str) -> bool {
    match name {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "number" => value.is_number(),
        "integer" => {
            value.is_i64()
                || value.is_u64()
                || value
                    .as_f64()
                    .is_some_and(|f| f.fract() == 0.0 && f.is_finite())
        }
        // An unknown type name is not archie's to enforce.
        _ => true,
    }
}

/// JSON equality where `1` and `1.0` are the same number.
fn equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x == y || x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| equal(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| equal(v, w)))
        }
        _ => a == b,
    }
}

/// A value as an error message shows it: short.
fn brief(value: &Value) -> String {
    const MAX: usize = 60;
    let text = value.to_string();
    if text.chars().count() <= MAX {
        return text;
    }
    let cut: String = text.chars().take(MAX).collect();
    format!("{cut}…")
}

/// `%25` → `%` and the like, for references written as URI fragments.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "minLength": 1},
                "limit": {"type": "integer", "minimum": 1, "maximum": 100},
                "direction": {"enum": ["in", "out", "both"]},
                "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true},
                "entity": {"$ref": "#/$defs/Entity"},
                "maybe": {"anyOf": [{"type": "string"}, {"type": "null"}]}
            },
            "required": ["name"],
            "additionalProperties": false,
            "$defs": {
                "Entity": {
                    "type": "object",
                    "properties": {"entityType": {"type": "string"}},
                    "required": ["entityType"]
                }
            }
        })
    }

    #[test]
    fn accepts_what_the_schema_allows() {
        let ok = json!({
            "name": "orders", "limit": 5.0, "direction": "in", "tags": ["a", "b"],
            "entity": {"entityType": "service"}, "maybe": null
        });
        assert_eq!(check(&schema(), &ok), Ok(()));
        assert_eq!(check(&json!(true), &json!(1)), Ok(()));
        assert_eq!(check(&json!({}), &json!({"x": 1})), Ok(()));
    }

    #[test]
    fn says_where_and_why() {
        let cases = [
            (json!({}), "\"name\" is a required property"),
            (json!({"name": 3}), "at /name: 3 is not of type string"),
            (
                json!({"name": ""}),
                "at /name: \"\" is shorter than 1 characters",
            ),
            (
                json!({"name": "a", "limit": 0}),
                "at /limit: 0 is less than the minimum of 1",
            ),
            (
                json!({"name": "a", "limit": 1.5}),
                "at /limit: 1.5 is not of type integer",
            ),
            (
                json!({"name": "a", "direction": "up"}),
                "at /direction: \"up\" is not one of \"in\", \"out\", \"both\"",
            ),
            (
                json!({"name": "a", "tags": ["x", 2]}),
                "at /tags/1: 2 is not of type string",
            ),
            (
                json!({"name": "a", "tags": ["x", "x"]}),
                "at /tags: \"x\" appears twice",
            ),
            (
                json!({"name": "a", "entity": {}}),
                "at /entity: \"entityType\" is a required property",
            ),
            (
                json!({"name": "a", "maybe": 1}),
                "at /maybe: 1 matches none of the allowed forms (1 is not of type string; or 1 is not of type null)",
            ),
            (
                json!({"name": "a", "extra": 1}),
                "\"extra\" is not an allowed property",
            ),
            (
                json!({"nme": "a"}),
                "\"nme\" is not an allowed property (did you mean \"name\"?)",
            ),
        ];
        for (value, expected) in cases {
            assert_eq!(
                check(&schema(), &value),
                Err(expected.to_string()),
                "{value}"
            );
        }
    }

    #[test]
    fn a_recursive_schema_ends() {
        let schema = json!({"$ref": "#"});
        assert_eq!(check(&schema, &json!({"a": 1})), Ok(()));
        let tree = json!({
            "type": "object",
            "properties": {"children": {"type": "array", "items": {"$ref": "#"}}}
        });
        let bad = json!({"children": [{"children": [{"children": 3}]}]});
        assert_eq!(
            check(&tree, &bad),
            Err("at /children/0/children/0/children: 3 is not of type array".into())
        );
    }

    #[test]
    fn what_it_cannot_check_is_left_to_the_server() {
        let schema = json!({
            "type": "object",
            "properties": {
                "remote": {"$ref": "https://example.com/schema.json"},
                "code": {"type": "string", "pattern": "^[A-Z]+$", "format": "uuid"}
            }
        });
        assert_eq!(
            check(&schema, &json!({"remote": 1, "code": "lower"})),
            Ok(())
        );
    }

    #[test]
    fn draft_7_tuples_and_one_of() {
        let schema = json!({
            "type": "array",
            "items": [{"type": "string"}, {"type": "integer"}],
            "additionalItems": false
        });
        assert_eq!(check(&schema, &json!(["a", 1])), Ok(()));
        assert_eq!(
            check(&schema, &json!(["a", 1, 2])),
            Err("at /2: no value is allowed here".into())
        );
        let one = json!({"oneOf": [{"type": "integer"}, {"type": "number"}]});
        assert_eq!(
            check(&one, &json!(1)),
            Err("1 matches more than one of the exclusive forms".into())
        );
        assert_eq!(check(&one, &json!(1.5)), Ok(()));
    }
}
