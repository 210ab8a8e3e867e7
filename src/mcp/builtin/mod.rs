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
//!
//! This module holds the server itself (its options, the memory cache, the lock-taking
//! write, dispatch of a call to its handler, the resources); `schemas` holds what each
//! tool says about itself, `read` the handlers that only read, `write` those that
//! change the memory file.

mod read;
mod schemas;
mod write;

use super::{BUILTIN_SERVER, McpError, Resource, ToolInfo, ToolOutput, ToolServer};
use crate::docs::RetrieveOptions;
use crate::memory::session::{self, SessionMemory};
use crate::memory::{Memory, MemoryFile};
use futures::future::BoxFuture;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
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
        schemas::tools(self.options.documents.is_some(), self.options.writes)
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
        match tool {
            "find_entities" => self.find_entities(&arguments(tool, args)?),
            "get_entity" => self.get_entity(&arguments(tool, args)?),
            "find_paths" => self.find_paths(&arguments(tool, args)?),
            "search_documents" => self.search_documents(&arguments(tool, args)?),
            "add_entities" => self.add_entities(arguments(tool, args)?),
            "add_relationships" => self.add_relationships(arguments(tool, args)?),
            "add_observations" => self.add_observations(arguments(tool, args)?),
            "delete_entities" => self.delete_entities(arguments(tool, args)?),
            "delete_relationships" => self.delete_relationships(arguments(tool, args)?),
            "delete_observations" => self.delete_observations(arguments(tool, args)?),
            _ => Err(McpError::UnknownTool {
                server: BUILTIN_SERVER.into(),
                tool: tool.into(),
            }),
        }
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
        Box::pin(blocking(format!("calling {tool}"), move || {
            this.call(&tool, &Value::Object(arguments))
        }))
    }

    fn read_resource<'a>(&'a self, uri: &'a str) -> BoxFuture<'a, Result<Resource, McpError>> {
        let this = self.clone();
        let uri = uri.to_string();
        Box::pin(blocking(format!("reading {uri}"), move || {
            this.resource(&uri)
        }))
    }
}

/// `tool`'s arguments as its handler takes them (already checked against its schema).
fn arguments<T: DeserializeOwned>(tool: &str, args: &Value) -> Result<T, McpError> {
    serde_json::from_value(args.clone()).map_err(|e| McpError::InvalidArguments {
        server: BUILTIN_SERVER.into(),
        tool: tool.into(),
        message: e.to_string(),
    })
}

/// Runs `f` (which reads files) off the async runtime; a task that panicked is a failed
/// request about `what`.
async fn blocking<T: Send + 'static>(
    what: String,
    f: impl FnOnce() -> Result<T, McpError> + Send + 'static,
) -> Result<T, McpError> {
    tokio::task::spawn_blocking(f).await.unwrap_or_else(|e| {
        Err(McpError::Request {
            server: BUILTIN_SERVER.into(),
            what,
            message: e.to_string(),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::{Entity, Relationship};
    use serde_json::json;

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
