//! plan (LLM call 1): the plan's JSON Schema, built from the tools on offer; checking
//! each task the model wrote; and archie's own plan when the model's is unusable.

use super::session::session_context;
use super::{MAX_TASKS, Offered, SCHEMA_CHARS, SearchEnv, SearchState, Task, offered, working};
use crate::events::{DroppedTask, Event, PlannedTask};
use crate::flows::FlowError;
use crate::graph::{Cx, Next};
use crate::llm::{LlmError, Message, Request, Schema};
use serde::Deserialize;
use serde_json::{Map, Value, json};

/// Whether a schema refers to definitions elsewhere (which cannot be embedded).
fn has_ref(v: &Value) -> bool {
    match v {
        Value::Object(m) => m.contains_key("$ref") || m.values().any(has_ref),
        Value::Array(a) => a.iter().any(has_ref),
        _ => false,
    }
}

/// The plan's JSON Schema: 1–`MAX_TASKS` tasks, each one of the offered tools with that
/// tool's own argument schema.
pub fn plan_schema(offered: &[Offered]) -> Value {
    let variants: Vec<Value> = offered
        .iter()
        .map(|o| {
            let mut args = o.input_schema.clone();
            if has_ref(&args) || !args.is_object() {
                args = json!({"type": "object"});
            }
            if let Some(m) = args.as_object_mut() {
                m.remove("$schema");
            }
            json!({
                "type": "object",
                "properties": {"tool": {"const": o.name}, "arguments": args},
                "required": ["tool", "arguments"],
                "additionalProperties": false
            })
        })
        .collect();
    json!({
        "type": "object",
        "properties": {
            "reasoning": {"type": "string"},
            "tasks": {
                "type": "array",
                "minItems": 1,
                "maxItems": MAX_TASKS,
                "items": {"anyOf": variants}
            }
        },
        "required": ["tasks"],
        "additionalProperties": false
    })
}

/// The plan as the model wrote it, before each task is checked.
#[derive(Debug, Deserialize)]
struct RawPlan {
    #[serde(default)]
    tasks: Vec<Value>,
}

/// Keeps the tasks that name an offered tool with valid arguments; says why of the rest.
fn check_plan(offered: &[Offered], raw: Vec<Value>) -> (Vec<Task>, Vec<DroppedTask>) {
    let mut kept: Vec<Task> = Vec::new();
    let mut dropped = Vec::new();
    for task in raw {
        let name = task["tool"]
            .as_str()
            .or_else(|| task["tool_name"].as_str())
            .unwrap_or("")
            .to_string();
        let drop = |reason: String| DroppedTask {
            tool: name.clone(),
            reason,
        };
        let Some(tool) = offered.iter().find(|o| o.name == name) else {
            dropped.push(drop(if name.is_empty() {
                "names no tool".into()
            } else {
                "no such tool is offered".into()
            }));
            continue;
        };
        let arguments = task
            .get("arguments")
            .or_else(|| task.get("tool_arguments"))
            .cloned()
            .unwrap_or_else(|| json!({}));
        if let Err(reason) = crate::mcp::validate_arguments(&tool.input_schema, &arguments) {
            dropped.push(drop(format!("invalid arguments: {reason}")));
            continue;
        }
        let Value::Object(arguments) = arguments else {
            dropped.push(drop("the arguments are not an object".into()));
            continue;
        };
        let task = Task {
            tool: name.clone(),
            arguments,
        };
        if kept.contains(&task) {
            dropped.push(drop("the same call twice".into()));
        } else if kept.len() >= MAX_TASKS {
            dropped.push(drop(format!("more than {MAX_TASKS} tasks")));
        } else {
            kept.push(task);
        }
    }
    (kept, dropped)
}

/// archie's own plan when the model's is unusable: the query given to up to two
/// read-only tools that take one text argument (archie's built-in ones first).
pub fn fallback_plan(offered: &[Offered], query: &str) -> Vec<Task> {
    let mut tasks = Vec::new();
    for o in offered.iter().filter(|o| o.hints.runs_unasked()) {
        let props = o.input_schema["properties"].as_object();
        let required: Vec<&str> = o.input_schema["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let is_text =
            |k: &str| props.is_some_and(|p| p.get(k).is_some_and(|s| s["type"] == "string"));
        let key = match required.as_slice() {
            [one] if is_text(one) => Some(one.to_string()),
            [] => ["query", "q", "search", "pattern", "text"]
                .iter()
                .find(|k| is_text(k))
                .map(|k| k.to_string()),
            _ => None,
        };
        if let Some(key) = key {
            let mut arguments = Map::new();
            arguments.insert(key, Value::String(query.to_string()));
            tasks.push(Task {
                tool: o.name.clone(),
                arguments,
            });
            if tasks.len() == 2 {
                break;
            }
        }
    }
    tasks
}

pub(super) async fn plan(
    state: &mut SearchState,
    cx: &mut Cx<'_, SearchEnv>,
) -> Result<Next, FlowError> {
    let env = cx.env;
    let tools: Vec<Value> = state
        .offered
        .iter()
        .map(|o| {
            let mut schema = o.input_schema.to_string();
            if schema.len() > SCHEMA_CHARS {
                schema = format!("{}…", schema.chars().take(SCHEMA_CHARS).collect::<String>());
            }
            json!({"name": o.name, "description": o.description, "arguments": schema})
        })
        .collect();
    let prompt = env.prompts.render(
        "search_plan",
        json!({
            "query": state.query,
            "tools": tools,
            "max_tasks": MAX_TASKS,
            "session": session_context(&state.memory),
            "servers": state
                .instructions
                .iter()
                .map(|i| json!({"name": i.server, "instructions": i.text}))
                .collect::<Vec<_>>(),
        }),
    )?;
    let system = env.prompts.render("system", json!({}))?;
    let mut request =
        Request::new(vec![Message::system(system), Message::user(prompt)]).cache(false);
    request.schema = Some(Schema {
        name: "search_plan".into(),
        schema: std::sync::Arc::new(plan_schema(&state.offered)),
    });
    let (tasks, dropped, fallback) = if state.offered.is_empty() {
        (Vec::new(), Vec::new(), true)
    } else {
        match working(
            cx,
            "planning the tool calls",
            env.llm.structured_schema::<RawPlan>(request),
        )
        .await
        {
            Ok(raw) => {
                let (tasks, dropped) = check_plan(&state.offered, raw.tasks);
                if tasks.is_empty() {
                    (fallback_plan(&state.offered, &state.query), dropped, true)
                } else {
                    (tasks, dropped, false)
                }
            }
            Err(err @ LlmError::InvalidOutput { .. }) => {
                cx.emit(Event::Warning {
                    message: format!("the model's plan is unusable ({err}); using archie's own"),
                });
                (
                    fallback_plan(&state.offered, &state.query),
                    Vec::new(),
                    true,
                )
            }
            Err(err) => return Err(err.into()),
        }
    };
    state.plan = tasks;
    state.fallback = fallback;
    cx.emit(Event::Plan {
        tasks: state
            .plan
            .iter()
            .map(|t| PlannedTask {
                tool: t.tool.clone(),
                arguments: Value::Object(t.arguments.clone()),
                consent: !offered(state, &t.tool).is_some_and(|o| o.hints.runs_unasked()),
            })
            .collect(),
        dropped,
        fallback,
    });
    Ok(Next::Continue)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcp::Hints;

    fn offered(name: &str, schema: Value, read_only: bool) -> Offered {
        Offered {
            name: name.into(),
            server: "s".into(),
            tool: name.into(),
            description: String::new(),
            input_schema: schema,
            hints: Hints {
                read_only: Some(read_only),
                ..Hints::default()
            },
        }
    }

    fn tools() -> Vec<Offered> {
        vec![
            offered(
                "s__find",
                json!({"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}),
                true,
            ),
            offered(
                "s__delete",
                json!({"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}),
                false,
            ),
        ]
    }

    #[test]
    fn invalid_tasks_are_dropped_with_their_reason() {
        let (kept, dropped) = check_plan(
            &tools(),
            vec![
                json!({"tool": "s__find", "arguments": {"query": "orders"}}),
                json!({"tool": "s__find", "arguments": {"query": "orders"}}),
                json!({"tool": "s__nope", "arguments": {}}),
                json!({"tool": "s__delete", "arguments": {"id": "x"}}),
                json!({"tool": "s__find", "arguments": "query"}),
            ],
        );
        assert_eq!(kept.len(), 1);
        let reasons: Vec<&str> = dropped.iter().map(|d| d.reason.as_str()).collect();
        assert_eq!(reasons[0], "the same call twice");
        assert_eq!(reasons[1], "no such tool is offered");
        assert!(reasons[2].starts_with("invalid arguments"), "{reasons:?}");
        assert!(reasons[3].contains("object"), "{reasons:?}");
    }

    #[test]
    fn the_fallback_uses_read_only_text_tools() {
        let plan = fallback_plan(&tools(), "orders");
        assert_eq!(plan.len(), 1);
        assert_eq!(plan[0].tool, "s__find");
        assert_eq!(plan[0].arguments["query"], "orders");
    }

    #[test]
    fn the_plan_schema_names_only_offered_tools() {
        let schema = plan_schema(&tools());
        let variants = schema["properties"]["tasks"]["items"]["anyOf"]
            .as_array()
            .unwrap();
        assert_eq!(variants.len(), 2);
        assert_eq!(variants[0]["properties"]["tool"]["const"], "s__find");
        assert_eq!(
            variants[1]["properties"]["arguments"]["properties"]["id"]["type"],
            "integer"
        );
    }
}
