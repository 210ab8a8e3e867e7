//! What the built-in tools say about themselves: each tool's name, description,
//! input and output JSON Schemas and annotations (read-only, destructive, …). The
//! handlers that answer them are in `read` and `write`.

use super::MAX_LIMIT;
use crate::mcp::{Hints, ToolInfo};
use serde_json::{Map, Value, json};

/// The tools on offer: the reads, `search_documents` if there are documents to search,
/// and the writes and removals if `writes`.
pub(super) fn tools(documents: bool, writes: bool) -> Vec<ToolInfo> {
    let mut tools = vec![
        tool(
            "find_entities",
            "Find entities (services, stores, queues, APIs, teams, …) in archie's knowledge \
             graph whose name, type, description, tags or properties match the query words.",
            json!({
                "type": "object",
                "properties": {
                    "query": {"type": "string", "description": "Words to look for, e.g. \"orders database\""},
                    "type": {"type": "string", "description": "Only entities of this type, e.g. \"service\""},
                    "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "default": 10}
                },
                "required": ["query"],
                "additionalProperties": false
            }),
            json!({
                "type": "object",
                "properties": {
                    "entities": {"type": "array", "items": entity_schema()},
                    "total": {"type": "integer", "description": "Matches before the limit"}
                },
                "required": ["entities", "total"]
            }),
            read_only(),
        ),
        tool(
            "get_entity",
            "Get one entity by name with its relationships: what it points to (outgoing) \
             and what points to it (incoming), e.g. who writes to a database.",
            json!({
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "direction": {"type": "string", "enum": ["in", "out", "both"], "default": "both"}
                },
                "required": ["name"],
                "additionalProperties": false
            }),
            json!({
                "type": "object",
                "properties": {
                    "entity": entity_schema(),
                    "outgoing": {"type": "array", "items": rel_schema()},
                    "incoming": {"type": "array", "items": rel_schema()}
                },
                "required": ["entity", "outgoing", "incoming"]
            }),
            read_only(),
        ),
        tool(
            "find_paths",
            "Find the shortest chains of relationships between two entities (in either \
             direction), e.g. how a request from the web app reaches the payments database.",
            json!({
                "type": "object",
                "properties": {
                    "from": {"type": "string"},
                    "to": {"type": "string"},
                    "max_hops": {"type": "integer", "minimum": 1, "maximum": 6, "default": 4},
                    "limit": {"type": "integer", "minimum": 1, "maximum": 20, "default": 5}
                },
                "required": ["from", "to"],
                "additionalProperties": false
            }),
            json!({
                "type": "object",
                "properties": {
                    "paths": {"type": "array", "items": {"type": "array", "items": rel_schema()}}
                },
                "required": ["paths"]
            }),
            read_only(),
        ),
    ];
    if documents {
        tools.push(tool(
            "search_documents",
            "Search the design documents for lines containing the query words; returns \
             the best matching lines with their file and line number.",
            json!({
                "type": "object",
                "properties": {
                    "query": {"type": "string"},
                    "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "default": 10}
                },
                "required": ["query"],
                "additionalProperties": false
            }),
            json!({
                "type": "object",
                "properties": {
                    "matches": {"type": "array", "items": {
                        "type": "object",
                        "properties": {
                            "path": {"type": "string"},
                            "line": {"type": "integer"},
                            "text": {"type": "string"}
                        },
                        "required": ["path", "line", "text"]
                    }},
                    "documents": {"type": "integer"}
                },
                "required": ["matches", "documents"]
            }),
            read_only(),
        ));
    }
    if writes {
        tools.extend(write_tools());
    }
    tools
}

fn read_only() -> Hints {
    hints(true, false)
}

/// Annotations of a tool over archie's own files: idempotent, and closed-world.
fn hints(read_only: bool, destructive: bool) -> Hints {
    Hints {
        read_only: Some(read_only),
        destructive: Some(destructive),
        idempotent: Some(true),
        open_world: Some(false),
    }
}

fn tool(name: &str, description: &str, input: Value, output: Value, hints: Hints) -> ToolInfo {
    ToolInfo {
        name: name.into(),
        title: None,
        description: Some(description.into()),
        input_schema: input,
        output_schema: Some(output),
        annotations: hints,
    }
}

fn entity_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "type": {"type": "string"},
            "description": {"type": "string"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "properties": {"type": "object"}
        },
        "required": ["name", "type"]
    })
}

fn rel_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "from": {"type": "string"},
            "type": {"type": "string"},
            "to": {"type": "string"}
        },
        "required": ["from", "type", "to"]
    })
}

/// The input of a tool that takes `{list: [{entity, texts: [string]}]}` (`entityName`
/// is accepted for `entity`, as the reference memory server names it).
fn per_entity(list: &str, texts: &str) -> Value {
    json!({
        "type": "object",
        "properties": {list: {"type": "array", "items": {
            "type": "object",
            "properties": {
                "entity": {"type": "string"},
                "entityName": {"type": "string"},
                texts: {"type": "array", "items": {"type": "string"}}
            },
            "required": [texts]
        }}},
        "required": [list]
    })
}

fn write_tools() -> Vec<ToolInfo> {
    let writes = hints(false, false);
    let removes = hints(false, true);
    let rels_input = json!({
        "type": "object",
        "properties": {"relationships": {"type": "array", "items": {
            "type": "object",
            "properties": {
                "from": {"type": "string"},
                "to": {"type": "string"},
                "type": {"type": "string", "description": "e.g. writes_to, calls, owns"},
                "relationType": {"type": "string"}
            },
            "required": ["from", "to"]
        }}},
        "required": ["relationships"]
    });
    let counts = |keys: &[&str]| {
        let props: Map<String, Value> = keys
            .iter()
            .map(|k| (k.to_string(), json!({"type": "integer"})))
            .collect();
        json!({"type": "object", "properties": props, "required": keys})
    };
    vec![
        tool(
            "add_entities",
            "Add entities to archie's knowledge graph, or merge into those with the same \
             name (case and spacing ignored): a description replaces the old one, tags and \
             observations are added.",
            json!({
                "type": "object",
                "properties": {"entities": {"type": "array", "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string"},
                        "type": {"type": "string", "description": "service, database, queue, api, team, …"},
                        "entityType": {"type": "string"},
                        "description": {"type": "string"},
                        "tags": {"type": "array", "items": {"type": "string"}},
                        "observations": {"type": "array", "items": {"type": "string"}}
                    },
                    "required": ["name"]
                }}},
                "required": ["entities"]
            }),
            counts(&["added", "updated", "unchanged", "skipped"]),
            writes.clone(),
        ),
        tool(
            "add_relationships",
            "Add directed relationships between entities (an unknown entity is created).",
            rels_input.clone(),
            counts(&["added", "unchanged", "entities_created", "skipped"]),
            writes.clone(),
        ),
        tool(
            "add_observations",
            "Add observations (short facts) to existing entities.",
            per_entity("observations", "contents"),
            json!({
                "type": "object",
                "properties": {
                    "added": {"type": "integer"},
                    "unknown_entities": {"type": "array", "items": {"type": "string"}}
                },
                "required": ["added", "unknown_entities"]
            }),
            writes,
        ),
        tool(
            "delete_entities",
            "Remove entities, and every relationship that touches them, from the knowledge graph.",
            json!({
                "type": "object",
                "properties": {"names": {"type": "array", "items": {"type": "string"}}},
                "required": ["names"]
            }),
            counts(&["entities_removed", "relationships_removed"]),
            removes.clone(),
        ),
        tool(
            "delete_relationships",
            "Remove relationships from the knowledge graph.",
            rels_input,
            counts(&["relationships_removed"]),
            removes.clone(),
        ),
        tool(
            "delete_observations",
            "Remove observations from entities.",
            per_entity("deletions", "observations"),
            counts(&["observations_removed"]),
            removes,
        ),
    ]
}
