//! A world for `archie upgrade` against the UpGrade double: a [`TestEnv`] pointed at the
//! double, whose mock LLM plays the router (it answers each routing request from the
//! message it carries). Used by `tests/it/upgrade.rs` and `benches/upgrade.rs`.

use super::mock_llm::{MockRequest, Reply};
use super::upgrade_double::UpgradeDouble;
use super::{Ran, TestEnv};
use serde_json::{Value, json};

/// `env` pointed at the double (with its fast backoff).
pub fn pointed_at(mut env: TestEnv, up: &UpgradeDouble) -> TestEnv {
    for (k, v) in up.env() {
        env = env.env(k, v);
    }
    env
}

/// A world pointed at the double, with a mock LLM that routes every message to
/// `route(message)`.
pub fn world(up: &UpgradeDouble, route: impl Fn(&str) -> Value + Send + Sync + 'static) -> TestEnv {
    let env = pointed_at(TestEnv::with_llm(), up);
    routes(&env, route);
    env
}

/// The mock of `env` routes every message to `route(message)` from now on.
pub fn routes(env: &TestEnv, route: impl Fn(&str) -> Value + Send + Sync + 'static) {
    env.mock()
        .answer_with(move |req| Reply::json(route(&message_of(req))));
}

/// `archie upgrade ARGS` in `env`, expecting exit code `code` (the harness reports
/// everything otherwise).
#[track_caller]
pub fn upgrade(env: &TestEnv, code: i32, args: &[&str]) -> Ran {
    env.code(&[&["upgrade"], args].concat(), code)
}

/// The message a routing request carries.
pub fn message_of(req: &MockRequest) -> String {
    let text = req.last("user").unwrap_or_default();
    let start = text
        .find("<message>\n")
        .map_or(0, |i| i + "<message>\n".len());
    let end = text.find("\n</message>").unwrap_or(text.len());
    text[start..end].to_string()
}

pub fn route(capability: &str, params: Value) -> Value {
    json!({"capability": capability, "confidence": 0.95, "parameters": params})
}

pub fn of_kind<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["event"] == kind).collect()
}

/// An experiment's condition weights, in their order.
pub fn weights(e: &Value) -> Vec<f64> {
    let mut conditions = e["conditions"].as_array().unwrap().clone();
    conditions.sort_by_key(|c| c["order"].as_i64());
    conditions
        .iter()
        .map(|c| c["assignmentWeight"].as_f64().unwrap())
        .collect()
}
