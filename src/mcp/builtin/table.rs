//! The built-in tools as one table: each row is a tool's name, what it may change, its
//! argument type (its input schema is generated from that type, and the same type is
//! what the handler receives, so the two cannot drift), its result type (the output
//! schema, generated likewise) and its handler. The names of the reference memory
//! server (`@modelcontextprotocol/server-memory`) are rows of the same table.

use super::{Call, Inner, read, write};
use crate::mcp::{BUILTIN_SERVER, Hints, McpError, ToolInfo, ToolOutput};
use schemars::JsonSchema;
use schemars::generate::{Contract, SchemaSettings};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// What a tool may do to the memory file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Access {
    /// Reads only.
    Read,
    /// Adds or merges; never removes.
    Add,
    /// Removes.
    Remove,
}

/// When a tool is on offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Offered {
    /// Always (writes only when the server offers writes).
    Always,
    /// Only with documents to search (`-i DIR`).
    WithDocuments,
    /// Only by `archie mcp` (the reference memory server's names, for agents configured
    /// for it), not to archie's own planner, which has the richer tools.
    Served,
}

/// One row of the table.
pub(super) struct Tool {
    pub name: &'static str,
    pub title: &'static str,
    pub access: Access,
    pub offered: Offered,
    pub description: &'static str,
    input: fn() -> Value,
    output: fn() -> Value,
    call: fn(&Call, Value) -> Result<ToolOutput, McpError>,
}

impl Tool {
    pub fn info(&self) -> ToolInfo {
        ToolInfo {
            name: self.name.into(),
            title: Some(self.title.into()),
            description: Some(self.description.into()),
            input_schema: (self.input)(),
            output_schema: Some((self.output)()),
            annotations: Hints {
                read_only: Some(self.access == Access::Read),
                destructive: Some(self.access == Access::Remove),
                // archie merges: the same call twice leaves the same file.
                idempotent: Some(true),
                open_world: Some(false),
            },
        }
    }

    /// Runs the handler on `args` (already checked against the input schema).
    pub fn call(&self, call: &Call, args: Value) -> Result<ToolOutput, McpError> {
        (self.call)(call, args)
    }
}

/// What a handler answers: a value of its result type, a failure the caller reads
/// (`isError`), or both (a write that was partly applied).
pub(super) struct Reply<O> {
    value: Option<O>,
    error: Option<String>,
    /// The text blocks, when they are not the value as JSON (the reference memory
    /// server's tools answer a bare array, or one sentence).
    text: Vec<String>,
}

impl<O> Reply<O> {
    pub fn ok(value: O) -> Self {
        Self {
            value: Some(value),
            error: None,
            text: Vec::new(),
        }
    }

    pub fn error(message: impl Into<String>) -> Self {
        Self {
            value: None,
            error: Some(message.into()),
            text: Vec::new(),
        }
    }

    /// `value`, with `error` (if any) marking the result as failed.
    pub fn partial(value: O, error: Option<String>) -> Self {
        Self {
            value: Some(value),
            error,
            text: Vec::new(),
        }
    }

    /// The result's text blocks are `blocks` (the structured content stays the value).
    pub fn text(mut self, blocks: Vec<String>) -> Self {
        self.text = blocks;
        self
    }
}

/// `value` as `JSON.stringify(value, null, 2)` writes it (the reference memory server's
/// text blocks).
pub(super) fn js_pretty<T: Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default()
}

fn output<O: Serialize>(reply: Reply<O>) -> Result<ToolOutput, McpError> {
    let value = match reply.value {
        Some(v) => Some(serde_json::to_value(v).map_err(|e| McpError::Request {
            server: BUILTIN_SERVER.into(),
            what: "building a result".into(),
            message: e.to_string(),
        })?),
        None => None,
    };
    let text = reply.text;
    let with_text = |mut out: ToolOutput| {
        if !text.is_empty() {
            out.content = text
                .iter()
                .map(|t| crate::mcp::Part::Text { text: t.clone() })
                .collect();
        }
        out
    };
    Ok(match (value, reply.error) {
        (Some(v), None) => with_text(ToolOutput::structured(v)),
        (None, error) => ToolOutput::error(error.unwrap_or_default()),
        (Some(v), Some(error)) => {
            let mut out = with_text(ToolOutput::structured(v));
            out.is_error = true;
            out.content
                .insert(0, crate::mcp::Part::Text { text: error });
            out
        }
    })
}

fn parse<A: DeserializeOwned>(tool: &str, args: Value) -> Result<A, McpError> {
    serde_json::from_value(args).map_err(|e| McpError::InvalidArguments {
        server: BUILTIN_SERVER.into(),
        tool: tool.into(),
        message: e.to_string(),
    })
}

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

macro_rules! row {
    ($name:literal, $title:literal, $access:ident, $offered:ident, $handler:path,
     $args:ty => $out:ty, $description:expr) => {
        Tool {
            name: $name,
            title: $title,
            access: Access::$access,
            offered: Offered::$offered,
            description: $description,
            input: input_schema::<$args>,
            output: output_schema::<$out>,
            call: |inner, args| output::<$out>($handler(inner, parse::<$args>($name, args)?)?),
        }
    };
}

/// Every built-in tool, in the order they are listed.
pub(super) const TOOLS: &[Tool] = &[
    row!("find_entities", "Find entities", Read, Always, Inner::find_entities,
        read::FindArgs => read::Found,
        "Find entities (services, stores, queues, APIs, teams, …) in archie's knowledge \
         graph whose name, type, description, tags or properties match the query words."),
    row!("get_entity", "Get an entity", Read, Always, Inner::get_entity,
        read::EntityArgs => read::EntityView,
        "Get one entity by name with its relationships: what it points to (outgoing) \
         and what points to it (incoming), e.g. who writes to a database."),
    row!("find_paths", "Find paths", Read, Always, Inner::find_paths,
        read::PathArgs => read::Paths,
        "Find the shortest chains of relationships between two entities (in either \
         direction), e.g. how a request from the web app reaches the payments database."),
    row!("search_documents", "Search documents", Read, WithDocuments, Inner::search_documents,
        read::DocArgs => read::DocMatches,
        "Search the design documents for lines containing the query words; returns \
         the best matching lines with their file and line number."),
    row!("add_entities", "Add entities", Add, Always, Call::add_entities,
        write::AddEntities => write::EntityCounts,
        "Add entities to archie's knowledge graph, or merge into those with the same \
         name (case and spacing ignored): a description replaces the old one, tags and \
         observations are added."),
    row!("add_relationships", "Add relationships", Add, Always, Call::add_relationships,
        write::Rels => write::RelationshipCounts,
        "Add directed relationships between entities (an unknown entity is created)."),
    row!("add_observations", "Add observations", Add, Always, Call::add_observations,
        write::AddObservations => write::ObservationsAdded,
        "Add observations (short facts) to existing entities."),
    row!("delete_entities", "Delete entities", Remove, Always, Call::delete_entities,
        write::DeleteEntities => write::EntitiesRemoved,
        "Remove entities, and every relationship that touches them, from the knowledge graph."),
    row!("delete_relationships", "Delete relationships", Remove, Always, Call::delete_relationships,
        write::Rels => write::RelationshipsRemoved,
        "Remove relationships from the knowledge graph."),
    row!("delete_observations", "Delete observations", Remove, Always, Call::delete_observations,
        write::DeleteObservations => write::ObservationsRemoved,
        "Remove observations from entities."),
    // The reference memory server's own names and shapes (add_observations,
    // delete_entities and delete_observations above take its shapes too).
    row!("create_entities", "Create Entities", Add, Served, Call::create_entities,
        write::CreateEntities => write::CreatedEntities,
        "Create multiple new entities in the knowledge graph (as the reference memory \
         server does; an entity that exists already is merged, not duplicated)."),
    row!("create_relations", "Create Relations", Add, Served, Call::create_relations,
        write::CreateRelations => write::CreatedRelations,
        "Create multiple new relations between entities in the knowledge graph. \
         Relations should be in active voice."),
    row!("delete_relations", "Delete Relations", Remove, Served, Call::delete_relations,
        write::CreateRelations => write::RelationshipsRemoved,
        "Delete multiple relations from the knowledge graph."),
    row!("read_graph", "Read Graph", Read, Served, Inner::read_graph,
        read::NoArgs => read::Graph,
        "Read the entire knowledge graph."),
    row!("search_nodes", "Search Nodes", Read, Served, Inner::search_nodes,
        read::SearchArgs => read::Graph,
        "Search for nodes in the knowledge graph based on a query (matched against \
         entity names, types and observations)."),
    row!("open_nodes", "Open Nodes", Read, Served, Inner::open_nodes,
        read::OpenArgs => read::Graph,
        "Open specific nodes in the knowledge graph by their names."),
];

/// The row named `name`.
pub(super) fn find(name: &str) -> Option<&'static Tool> {
    TOOLS.iter().find(|t| t.name == name)
}
