//! archie's own tools over its knowledge: the memory file (the knowledge graph) and the
//! input documents. `archie search` offers the read-only ones with no server
//! configured; `archie mcp` serves all of them, and the resources
//! `memory://knowledge-graph` and `memory://session/{id}`, to other agents.
//!
//! The memory file is read again whenever it changed on disk (its inode, size or
//! modification time), so a long-running `archie mcp` sees what other processes wrote.
//! Every write goes through the memory file's lock ([`MemoryFile::update`]): read what
//! is on disk now, apply the change by the memory's merge rules, write atomically, so
//! two writers never lose each other's additions.

use super::{BUILTIN_SERVER, Hints, McpError, Resource, ToolInfo, ToolOutput, ToolServer};
use crate::docs::RetrieveOptions;
use crate::memory::session::{self, SessionMemory};
use crate::memory::{Entity, Memory, MemoryFile, Relationship, key};
use futures::future::BoxFuture;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::collections::{HashMap, HashSet, VecDeque};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

/// The whole knowledge graph, in the memory file's JSON shape.
pub const KNOWLEDGE_GRAPH_URI: &str = "memory://knowledge-graph";
/// `memory://session/{id}`: one session's memory.
pub const SESSION_URI_PREFIX: &str = "memory://session/";

/// Most items one call returns.
const MAX_LIMIT: u64 = 50;

/// What the built-in tools work on.
#[derive(Debug, Clone)]
pub struct BuiltinOptions {
    pub memory_file: PathBuf,
    /// The documents `search_documents` reads; `None` leaves that tool out.
    pub documents: Option<RetrieveOptions>,
    /// Offer the tools that change the memory (for `archie mcp`).
    pub writes: bool,
}

/// The built-in tool server. Cheap to clone (shared inside).
#[derive(Clone)]
pub struct Builtin {
    inner: Arc<Inner>,
}

struct Inner {
    options: BuiltinOptions,
    cache: Mutex<Option<(FileStamp, Arc<Memory>)>>,
}

/// What tells a changed memory file from the one read last.
#[derive(Debug, Clone, PartialEq, Eq)]
struct FileStamp {
    ino: u64,
    len: u64,
    modified: Option<std::time::SystemTime>,
}

fn stamp(path: &std::path::Path) -> Option<FileStamp> {
    let meta = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    let ino = std::os::unix::fs::MetadataExt::ino(&meta);
    #[cfg(not(unix))]
    let ino = 0;
    Some(FileStamp {
        ino,
        len: meta.len(),
        modified: meta.modified().ok(),
    })
}

/// The built-in tools that only read.
const READ_TOOLS: &[&str] = &[
    "find_entities",
    "get_entity",
    "find_paths",
    "search_documents",
];

impl Builtin {
    pub fn new(options: BuiltinOptions) -> Self {
        Self {
            inner: Arc::new(Inner {
                options,
                cache: Mutex::new(None),
            }),
        }
    }

    /// The memory as it is on disk now (read again only if the file changed).
    pub fn memory(&self) -> Result<Arc<Memory>, McpError> {
        self.inner.memory()
    }

    /// The tools this server offers.
    pub fn tools(&self) -> Vec<ToolInfo> {
        self.inner.tools()
    }

    /// Calls `tool` with `args` (blocking: it reads files).
    pub fn call(&self, tool: &str, args: &Value) -> Result<ToolOutput, McpError> {
        self.inner.call(tool, args)
    }

    /// `memory://knowledge-graph` or `memory://session/{id}` (a session archie does not
    /// know reads as the default session memory).
    pub fn resource(&self, uri: &str) -> Result<Resource, McpError> {
        self.inner.resource(uri)
    }

    /// Stores a session's memory (under the memory file's lock).
    pub fn write_session(&self, id: &str, s: &SessionMemory) -> Result<(), McpError> {
        self.inner.write(|memory| session::put(memory, id, s))
    }

    /// Whether `tool` only reads.
    pub fn is_read_only(tool: &str) -> bool {
        READ_TOOLS.contains(&tool)
    }
}

impl Inner {
    fn memory(&self) -> Result<Arc<Memory>, McpError> {
        let path = &self.options.memory_file;
        let now = stamp(path);
        let mut cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        if let (Some(now), Some((then, memory))) = (&now, cache.as_ref())
            && now == then
        {
            return Ok(Arc::clone(memory));
        }
        let (_, memory) = MemoryFile::open(path).map_err(|e| self.failed("reading memory", e))?;
        let memory = Arc::new(memory);
        *cache = now.map(|s| (s, Arc::clone(&memory)));
        Ok(memory)
    }

    fn failed(&self, what: &str, err: impl std::fmt::Display) -> McpError {
        McpError::Request {
            server: BUILTIN_SERVER.into(),
            what: what.into(),
            message: err.to_string(),
        }
    }

    /// Changes the memory file under its lock and returns what `change` returned.
    fn write<R>(&self, change: impl FnOnce(&mut Memory) -> R) -> Result<R, McpError> {
        let (file, _) = MemoryFile::open(&self.options.memory_file)
            .map_err(|e| self.failed("writing memory", e))?;
        let (result, memory, _) = file
            .update(change)
            .map_err(|e| self.failed("writing memory", e))?;
        let mut cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        *cache = stamp(&self.options.memory_file).map(|s| (s, Arc::new(memory)));
        Ok(result)
    }

    fn tools(&self) -> Vec<ToolInfo> {
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
        if self.options.documents.is_some() {
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
        if self.options.writes {
            tools.extend(write_tools());
        }
        tools
    }

    fn call(&self, tool: &str, args: &Value) -> Result<ToolOutput, McpError> {
        let info = self
            .tools()
            .into_iter()
            .find(|t| t.name == tool)
            .ok_or_else(|| McpError::UnknownTool {
                server: BUILTIN_SERVER.into(),
                tool: tool.into(),
            })?;
        if let Err(message) = super::validate_arguments(&info.input_schema, args) {
            return Err(McpError::InvalidArguments {
                server: BUILTIN_SERVER.into(),
                tool: tool.into(),
                message,
            });
        }
        let bad = |e: serde_json::Error| McpError::InvalidArguments {
            server: BUILTIN_SERVER.into(),
            tool: tool.to_string(),
            message: e.to_string(),
        };
        match tool {
            "find_entities" => {
                let a: FindArgs = serde_json::from_value(args.clone()).map_err(bad)?;
                Ok(self.find_entities(&a)?)
            }
            "get_entity" => {
                let a: EntityArgs = serde_json::from_value(args.clone()).map_err(bad)?;
                self.get_entity(&a)
            }
            "find_paths" => {
                let a: PathArgs = serde_json::from_value(args.clone()).map_err(bad)?;
                self.find_paths(&a)
            }
            "search_documents" => {
                let a: DocArgs = serde_json::from_value(args.clone()).map_err(bad)?;
                self.search_documents(&a)
            }
            "add_entities" => {
                let a: AddEntities = serde_json::from_value(args.clone()).map_err(bad)?;
                self.add_entities(a)
            }
            "add_relationships" => {
                let a: Rels = serde_json::from_value(args.clone()).map_err(bad)?;
                self.add_relationships(a)
            }
            "add_observations" => {
                let a: AddObservations = serde_json::from_value(args.clone()).map_err(bad)?;
                self.add_observations(a)
            }
            "delete_entities" => {
                let a: DeleteEntities = serde_json::from_value(args.clone()).map_err(bad)?;
                self.delete_entities(a)
            }
            "delete_relationships" => {
                let a: Rels = serde_json::from_value(args.clone()).map_err(bad)?;
                self.delete_relationships(a)
            }
            "delete_observations" => {
                let a: DeleteObservations = serde_json::from_value(args.clone()).map_err(bad)?;
                self.delete_observations(a)
            }
            _ => Err(McpError::UnknownTool {
                server: BUILTIN_SERVER.into(),
                tool: tool.into(),
            }),
        }
    }

    fn find_entities(&self, a: &FindArgs) -> Result<ToolOutput, McpError> {
        let memory = self.memory()?;
        let words = query_words(&a.query);
        let phrase = a.query.trim().to_lowercase();
        let mut scored: Vec<(usize, &Entity)> = memory
            .entities()
            .iter()
            .filter(|e| {
                a.kind
                    .as_ref()
                    .is_none_or(|t| e.kind.eq_ignore_ascii_case(t))
            })
            .filter_map(|e| {
                let name = e.name.to_lowercase();
                let rest = format!(
                    "{} {} {} {}",
                    e.kind,
                    e.description,
                    e.tags.join(" "),
                    Value::Object(e.properties.clone())
                )
                .to_lowercase();
                let mut score = 0;
                if !phrase.is_empty() && key(&e.name) == key(&phrase) {
                    score += 100;
                } else if !phrase.is_empty() && name.contains(&phrase) {
                    score += 50;
                }
                for w in &words {
                    if name.contains(w.as_str()) {
                        score += 10;
                    } else if rest.contains(w.as_str()) {
                        score += 3;
                    }
                }
                (score > 0).then_some((score, e))
            })
            .collect();
        scored.sort_by(|x, y| {
            y.0.cmp(&x.0)
                .then_with(|| key(&x.1.name).cmp(&key(&y.1.name)))
        });
        let total = scored.len();
        let limit = a.limit.unwrap_or(10).clamp(1, MAX_LIMIT) as usize;
        let entities: Vec<Value> = scored
            .into_iter()
            .take(limit)
            .map(|(_, e)| entity_json(e))
            .collect();
        Ok(ToolOutput::structured(
            json!({"entities": entities, "total": total}),
        ))
    }

    fn get_entity(&self, a: &EntityArgs) -> Result<ToolOutput, McpError> {
        let memory = self.memory()?;
        let Some(entity) = memory.entity(&a.name) else {
            let suggestions = memory.suggest(&a.name, 5);
            return Ok(ToolOutput::error(if suggestions.is_empty() {
                format!("no entity named \"{}\"", a.name)
            } else {
                format!(
                    "no entity named \"{}\"; did you mean: {}?",
                    a.name,
                    suggestions.join(", ")
                )
            }));
        };
        let direction = a.direction.as_deref().unwrap_or("both");
        let out: Vec<Value> = if direction == "in" {
            Vec::new()
        } else {
            memory.outgoing(&a.name).into_iter().map(rel_json).collect()
        };
        let inc: Vec<Value> = if direction == "out" {
            Vec::new()
        } else {
            memory.incoming(&a.name).into_iter().map(rel_json).collect()
        };
        Ok(ToolOutput::structured(json!({
            "entity": entity_json(entity),
            "outgoing": out,
            "incoming": inc,
        })))
    }

    fn find_paths(&self, a: &PathArgs) -> Result<ToolOutput, McpError> {
        let memory = self.memory()?;
        for name in [&a.from, &a.to] {
            if memory.entity(name).is_none() {
                return Ok(ToolOutput::error(format!("no entity named \"{name}\"")));
            }
        }
        let max_hops = a.max_hops.unwrap_or(4).clamp(1, 6) as usize;
        let limit = a.limit.unwrap_or(5).clamp(1, 20) as usize;
        let paths = shortest_paths(&memory, &a.from, &a.to, max_hops, limit);
        let paths: Vec<Vec<Value>> = paths
            .into_iter()
            .map(|p| p.into_iter().map(rel_json).collect())
            .collect();
        Ok(ToolOutput::structured(json!({ "paths": paths })))
    }

    fn search_documents(&self, a: &DocArgs) -> Result<ToolOutput, McpError> {
        let Some(options) = &self.options.documents else {
            return Err(McpError::UnknownTool {
                server: BUILTIN_SERVER.into(),
                tool: "search_documents".into(),
            });
        };
        let retrieved =
            crate::docs::retrieve(options).map_err(|e| self.failed("reading documents", e))?;
        let words = query_words(&a.query);
        let phrase = a.query.trim().to_lowercase();
        let mut hits: Vec<(usize, &str, usize, &str)> = Vec::new();
        for doc in &retrieved.documents {
            for (i, line) in doc.text.lines().enumerate() {
                let lower = line.to_lowercase();
                let mut score = words.iter().filter(|w| lower.contains(w.as_str())).count();
                if !phrase.is_empty() && lower.contains(&phrase) {
                    score += words.len().max(1);
                }
                if score > 0 {
                    hits.push((score, &doc.path, i + 1, line.trim()));
                }
            }
        }
        hits.sort_by(|x, y| y.0.cmp(&x.0).then_with(|| (x.1, x.2).cmp(&(y.1, y.2))));
        let limit = a.limit.unwrap_or(10).clamp(1, MAX_LIMIT) as usize;
        let matches: Vec<Value> = hits
            .into_iter()
            .take(limit)
            .map(|(_, path, line, text)| {
                let text: String = text.chars().take(400).collect();
                json!({"path": path, "line": line, "text": text})
            })
            .collect();
        Ok(ToolOutput::structured(json!({
            "matches": matches,
            "documents": retrieved.documents.len(),
        })))
    }

    fn add_entities(&self, a: AddEntities) -> Result<ToolOutput, McpError> {
        let report = self.write(|memory| {
            let mut report = crate::memory::MergeReport::default();
            let entities: Vec<Entity> =
                a.entities.into_iter().map(NewEntity::into_entity).collect();
            memory.merge_parts(entities, Vec::new(), &mut report);
            report
        })?;
        Ok(ToolOutput::structured(json!({
            "added": report.entities_added,
            "updated": report.entities_updated,
            "unchanged": report.entities_unchanged,
            "skipped": report.skipped,
        })))
    }

    fn add_relationships(&self, a: Rels) -> Result<ToolOutput, McpError> {
        let report = self.write(|memory| {
            let mut report = crate::memory::MergeReport::default();
            let rels = a
                .relationships
                .into_iter()
                .map(|r| Relationship::new(r.from, r.kind, r.to))
                .collect();
            memory.merge_parts(Vec::new(), rels, &mut report);
            report
        })?;
        Ok(ToolOutput::structured(json!({
            "added": report.relationships_added,
            "unchanged": report.relationships_unchanged,
            "entities_created": report.stubs_added,
            "skipped": report.skipped,
        })))
    }

    fn add_observations(&self, a: AddObservations) -> Result<ToolOutput, McpError> {
        let (added, missing) = self.write(|memory| {
            let mut added = 0;
            let mut missing = Vec::new();
            for o in a.observations {
                let Some(entity) = memory.entity_mut(&o.entity) else {
                    missing.push(o.entity);
                    continue;
                };
                added += with_observations(entity, |list| {
                    let mut n = 0;
                    for c in o.contents {
                        let c = Value::String(c.trim().to_string());
                        if !list.contains(&c) {
                            list.push(c);
                            n += 1;
                        }
                    }
                    n
                });
            }
            (added, missing)
        })?;
        let value = json!({"added": added, "unknown_entities": missing});
        Ok(if missing_is_empty(&value) {
            ToolOutput::structured(value)
        } else {
            ToolOutput {
                is_error: true,
                ..ToolOutput::structured(value)
            }
        })
    }

    fn delete_entities(&self, a: DeleteEntities) -> Result<ToolOutput, McpError> {
        let (entities, relationships) = self.write(|memory| {
            let (rest, e, r) = memory.without(&a.names, &[]);
            *memory = rest;
            (e, r)
        })?;
        Ok(ToolOutput::structured(json!({
            "entities_removed": entities,
            "relationships_removed": relationships,
        })))
    }

    fn delete_relationships(&self, a: Rels) -> Result<ToolOutput, McpError> {
        let removed = self.write(|memory| {
            let gone: Vec<(String, String, String)> = a
                .relationships
                .into_iter()
                .map(|r| (r.from, r.to, r.kind))
                .collect();
            let (rest, _, r) = memory.without(&[], &gone);
            *memory = rest;
            r
        })?;
        Ok(ToolOutput::structured(
            json!({ "relationships_removed": removed }),
        ))
    }

    fn delete_observations(&self, a: DeleteObservations) -> Result<ToolOutput, McpError> {
        let removed = self.write(|memory| {
            let mut removed = 0;
            for d in a.deletions {
                if let Some(entity) = memory.entity_mut(&d.entity) {
                    removed += with_observations(entity, |list| {
                        let before = list.len();
                        list.retain(|o| !d.observations.iter().any(|x| o.as_str() == Some(x)));
                        before - list.len()
                    });
                }
            }
            removed
        })?;
        Ok(ToolOutput::structured(
            json!({ "observations_removed": removed }),
        ))
    }

    fn resource(&self, uri: &str) -> Result<Resource, McpError> {
        let memory = self.memory()?;
        let text = if uri == KNOWLEDGE_GRAPH_URI {
            let mut graph = (*memory).clone();
            graph.extra.remove(session::SESSIONS_KEY);
            graph.to_json()
        } else if let Some(id) = uri.strip_prefix(SESSION_URI_PREFIX)
            && session::valid_id(id)
        {
            let s = session::get(&memory, id).unwrap_or_default();
            serde_json::to_string_pretty(&s).unwrap_or_default()
        } else {
            return Err(McpError::UnknownResource {
                server: BUILTIN_SERVER.into(),
                uri: uri.into(),
            });
        };
        Ok(Resource {
            uri: uri.into(),
            mime_type: Some("application/json".into()),
            text,
        })
    }
}

fn missing_is_empty(v: &Value) -> bool {
    v["unknown_entities"].as_array().is_none_or(Vec::is_empty)
}

/// Runs `f` over an entity's observations (`properties.observations`, a list of
/// strings), storing the list back if it is not empty.
fn with_observations<R>(entity: &mut Entity, f: impl FnOnce(&mut Vec<Value>) -> R) -> R {
    let mut list = match entity.properties.remove("observations") {
        Some(Value::Array(list)) => list,
        None | Some(Value::Null) => Vec::new(),
        Some(other) => vec![other],
    };
    let result = f(&mut list);
    if !list.is_empty() {
        entity
            .properties
            .insert("observations".into(), Value::Array(list));
    }
    result
}

impl ToolServer for Builtin {
    fn name(&self) -> &str {
        BUILTIN_SERVER
    }

    fn list_tools(&self) -> BoxFuture<'_, Result<Vec<ToolInfo>, McpError>> {
        Box::pin(async move { Ok(self.tools()) })
    }

    fn call_tool<'a>(
        &'a self,
        tool: &'a str,
        arguments: Map<String, Value>,
    ) -> BoxFuture<'a, Result<ToolOutput, McpError>> {
        let this = self.clone();
        let tool = tool.to_string();
        Box::pin(async move {
            let name = tool.clone();
            tokio::task::spawn_blocking(move || this.call(&tool, &Value::Object(arguments)))
                .await
                .unwrap_or_else(|e| {
                    Err(McpError::Request {
                        server: BUILTIN_SERVER.into(),
                        what: format!("calling {name}"),
                        message: e.to_string(),
                    })
                })
        })
    }

    fn read_resource<'a>(&'a self, uri: &'a str) -> BoxFuture<'a, Result<Resource, McpError>> {
        let this = self.clone();
        let uri = uri.to_string();
        Box::pin(async move {
            let at = uri.clone();
            tokio::task::spawn_blocking(move || this.resource(&uri))
                .await
                .unwrap_or_else(|e| {
                    Err(McpError::Request {
                        server: BUILTIN_SERVER.into(),
                        what: format!("reading {at}"),
                        message: e.to_string(),
                    })
                })
        })
    }
}

fn read_only() -> Hints {
    Hints {
        read_only: Some(true),
        destructive: Some(false),
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

fn write_tools() -> Vec<ToolInfo> {
    let writes = Hints {
        read_only: Some(false),
        destructive: Some(false),
        idempotent: Some(true),
        open_world: Some(false),
    };
    let removes = Hints {
        read_only: Some(false),
        destructive: Some(true),
        idempotent: Some(true),
        open_world: Some(false),
    };
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
            json!({
                "type": "object",
                "properties": {"observations": {"type": "array", "items": {
                    "type": "object",
                    "properties": {
                        "entity": {"type": "string"},
                        "entityName": {"type": "string"},
                        "contents": {"type": "array", "items": {"type": "string"}}
                    },
                    "required": ["contents"]
                }}},
                "required": ["observations"]
            }),
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
            json!({
                "type": "object",
                "properties": {"deletions": {"type": "array", "items": {
                    "type": "object",
                    "properties": {
                        "entity": {"type": "string"},
                        "entityName": {"type": "string"},
                        "observations": {"type": "array", "items": {"type": "string"}}
                    },
                    "required": ["observations"]
                }}},
                "required": ["deletions"]
            }),
            counts(&["observations_removed"]),
            removes,
        ),
    ]
}

#[derive(Deserialize)]
struct FindArgs {
    query: String,
    #[serde(rename = "type")]
    kind: Option<String>,
    limit: Option<u64>,
}

#[derive(Deserialize)]
struct EntityArgs {
    name: String,
    direction: Option<String>,
}

#[derive(Deserialize)]
struct PathArgs {
    from: String,
    to: String,
    max_hops: Option<u64>,
    limit: Option<u64>,
}

#[derive(Deserialize)]
struct DocArgs {
    query: String,
    limit: Option<u64>,
}

#[derive(Deserialize)]
struct AddEntities {
    entities: Vec<NewEntity>,
}

#[derive(Deserialize)]
struct NewEntity {
    name: String,
    #[serde(rename = "type", alias = "entityType", default)]
    kind: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default)]
    observations: Vec<String>,
}

impl NewEntity {
    fn into_entity(self) -> Entity {
        let mut e = Entity::new(self.name, self.kind);
        e.description = self.description;
        e.tags = self.tags;
        if !self.observations.is_empty() {
            e.properties.insert(
                "observations".into(),
                Value::Array(self.observations.into_iter().map(Value::String).collect()),
            );
        }
        e
    }
}

#[derive(Deserialize)]
struct Rels {
    relationships: Vec<RelArg>,
}

#[derive(Deserialize)]
struct RelArg {
    from: String,
    to: String,
    #[serde(rename = "type", alias = "relationType")]
    kind: String,
}

#[derive(Deserialize)]
struct AddObservations {
    observations: Vec<ObservationArg>,
}

#[derive(Deserialize)]
struct ObservationArg {
    #[serde(alias = "entityName")]
    entity: String,
    contents: Vec<String>,
}

#[derive(Deserialize)]
struct DeleteEntities {
    #[serde(alias = "entityNames")]
    names: Vec<String>,
}

#[derive(Deserialize)]
struct DeleteObservations {
    deletions: Vec<DeletionArg>,
}

#[derive(Deserialize)]
struct DeletionArg {
    #[serde(alias = "entityName")]
    entity: String,
    observations: Vec<String>,
}

/// Lower-case query words of 2 characters or more.
fn query_words(query: &str) -> Vec<String> {
    let mut seen = HashSet::new();
    query
        .split(|c: char| !c.is_alphanumeric() && c != '_' && c != '-')
        .map(str::to_lowercase)
        .filter(|w| w.chars().count() >= 2 && seen.insert(w.clone()))
        .collect()
}

fn entity_json(e: &Entity) -> Value {
    let mut v = json!({"name": e.name, "type": e.kind});
    if !e.description.is_empty() {
        v["description"] = json!(e.description);
    }
    if !e.tags.is_empty() {
        v["tags"] = json!(e.tags);
    }
    if !e.properties.is_empty() {
        v["properties"] = Value::Object(e.properties.clone());
    }
    v
}

fn rel_json(r: &Relationship) -> Value {
    json!({"from": r.from, "type": r.kind, "to": r.to})
}

/// Up to `limit` shortest simple paths from `from` to `to` of at most `max_hops`
/// relationships, following relationships either way. Bounded: at most 20,000 partial
/// paths are explored.
fn shortest_paths<'m>(
    memory: &'m Memory,
    from: &str,
    to: &str,
    max_hops: usize,
    limit: usize,
) -> Vec<Vec<&'m Relationship>> {
    let (start, goal) = (key(from), key(to));
    let mut edges: HashMap<String, Vec<(&Relationship, String)>> = HashMap::new();
    for r in memory.relationships() {
        let (f, t) = (key(&r.from), key(&r.to));
        edges.entry(f.clone()).or_default().push((r, t.clone()));
        edges.entry(t).or_default().push((r, f));
    }
    let mut found = Vec::new();
    let mut queue: VecDeque<(String, Vec<&Relationship>, Vec<String>)> =
        VecDeque::from([(start.clone(), Vec::new(), vec![start])]);
    let mut explored = 0;
    let mut shortest = None;
    while let Some((at, path, visited)) = queue.pop_front() {
        explored += 1;
        if explored > 20_000 || found.len() >= limit {
            break;
        }
        if shortest.is_some_and(|s| path.len() > s) {
            break;
        }
        if at == goal && !path.is_empty() {
            shortest.get_or_insert(path.len());
            found.push(path);
            continue;
        }
        if path.len() >= max_hops {
            continue;
        }
        for (r, next) in edges.get(&at).into_iter().flatten() {
            if visited.contains(next) {
                continue;
            }
            let mut p = path.clone();
            p.push(*r);
            let mut v = visited.clone();
            v.push(next.clone());
            queue.push_back((next.clone(), p, v));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn builtin(dir: &std::path::Path) -> Builtin {
        let path = dir.join("context.json");
        let mut m = Memory::new();
        m.upsert_entity(Entity::new("Orders DB", "database").description("orders"));
        m.upsert_entity(Entity::new("Order Service", "service"));
        m.upsert_entity(Entity::new("Billing", "service"));
        m.upsert_relationship(Relationship::new("Order Service", "writes_to", "Orders DB"));
        m.upsert_relationship(Relationship::new("Billing", "reads_from", "Orders DB"));
        std::fs::write(&path, m.to_json()).unwrap();
        Builtin::new(BuiltinOptions {
            memory_file: path,
            documents: None,
            writes: true,
        })
    }

    #[test]
    fn find_get_and_paths() {
        let dir = tempfile::tempdir().unwrap();
        let b = builtin(dir.path());
        let out = b
            .call("find_entities", &json!({"query": "orders database"}))
            .unwrap();
        let v = out.structured.unwrap();
        assert_eq!(v["entities"][0]["name"], "Orders DB");
        let out = b
            .call(
                "get_entity",
                &json!({"name": "orders db", "direction": "in"}),
            )
            .unwrap();
        let v = out.structured.unwrap();
        assert_eq!(v["incoming"].as_array().unwrap().len(), 2);
        assert!(v["outgoing"].as_array().unwrap().is_empty());
        let out = b
            .call(
                "find_paths",
                &json!({"from": "Order Service", "to": "Billing"}),
            )
            .unwrap();
        let v = out.structured.unwrap();
        assert_eq!(v["paths"][0].as_array().unwrap().len(), 2);
        assert!(b.call("get_entity", &json!({"nme": "x"})).is_err());
    }

    #[test]
    fn writes_and_removals_reach_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let b = builtin(dir.path());
        b.call(
            "add_entities",
            &json!({"entities": [{"name": "Queue", "entityType": "queue", "observations": ["fifo"]}]}),
        )
        .unwrap();
        b.call(
            "add_observations",
            &json!({"observations": [{"entityName": "Queue", "contents": ["durable"]}]}),
        )
        .unwrap();
        b.call("delete_entities", &json!({"names": ["Billing"]}))
            .unwrap();
        let (_, m) = MemoryFile::open(dir.path().join("context.json")).unwrap();
        assert!(m.entity("billing").is_none());
        assert_eq!(m.relationships().len(), 1);
        assert_eq!(
            m.entity("queue").unwrap().properties["observations"],
            json!(["fifo", "durable"])
        );
    }
}
