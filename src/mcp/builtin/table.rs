//! The built-in tools as one table: each row is a tool's name, what it may change, its
//! argument type (its input schema is generated from that type, and the same type is
//! what the handler receives, so the two cannot drift), its result type (the output
//! schema, generated likewise) and its handler. The names of the reference memory
//! server (`@modelcontextprotocol/server-memory`) are rows of the same table.

use super::reply::output;
use super::schema::{input_schema, output_schema};
use super::{Call, Inner, read, write};
use crate::mcp::{BUILTIN_SERVER, Hints, McpError, ToolInfo, ToolOutput};
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

fn parse<A: DeserializeOwned>(tool: &str, args: Value) -> Result<A, McpError> {
    serde_json::from_value(args).map_err(|e| McpError::InvalidArguments {
        server: BUILTIN_SERVER.into(),
        tool: tool.into(),
        message: e.to_string(),
    })
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
