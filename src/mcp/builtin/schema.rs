//! The JSON Schemas of the built-in tools' arguments and results, generated from their
//! Rust types (and used for flows' tools too), and the transforms the argument types ask
//! for.

use schemars::JsonSchema;
use schemars::generate::{Contract, SchemaSettings};
use serde_json::Value;

/// The JSON Schema of `T` as MCP wants it: inline (no `$defs`), no `$schema`, optional
/// fields without `null`. Arguments are described as they are read (`Contract::
/// Deserialize`), results as they are written.
fn schema<T: JsonSchema>(contract: Contract) -> Value {
    let schema = SchemaSettings::draft2020_12()
        .with(|s| {
            s.inline_subschemas = true;
            s.meta_schema = None;
            s.contract = contract;
        })
        .into_generator()
        .into_root_schema_for::<T>();
    let mut value = schema.to_value();
    if let Some(map) = value.as_object_mut() {
        map.remove("title");
    }
    without_null(&mut value);
    value
}

pub(crate) fn input_schema<T: JsonSchema>() -> Value {
    schema::<T>(Contract::Deserialize)
}

pub(crate) fn output_schema<T: JsonSchema>() -> Value {
    schema::<T>(Contract::Serialize)
}

/// `"type": ["string", "null"]` → `"type": "string"`: an optional argument is left
/// out, not sent as null. Also drops the numeric `format`s only schemars knows.
fn without_null(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Array(types)) = map.get_mut("type") {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    let only = types.remove(0);
                    map.insert("type".into(), only);
                }
            }
            if let Some(Value::Array(values)) = map.get_mut("enum") {
                values.retain(|v| !v.is_null());
            }
            // schemars names Rust's integer types (`uint`, `int64`, …): not formats JSON
            // Schema knows, and validators such as Ajv warn about them.
            if matches!(
                map.get("type").and_then(Value::as_str),
                Some("integer" | "number")
            ) {
                map.remove("format");
            }
            map.values_mut().for_each(without_null);
        }
        Value::Array(items) => items.iter_mut().for_each(without_null),
        _ => {}
    }
}

/// A schema transform: at least one of `a` and `b` is required (an argument and the
/// alias the reference memory server uses for it).
pub(super) fn one_of_required(schema: &mut schemars::Schema, a: &str, b: &str) {
    schema.insert(
        "anyOf".into(),
        serde_json::json!([{"required": [a]}, {"required": [b]}]),
    );
}
