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
//! write, dispatch of a call to its handler, the resources); `table` is the list of
//! tools (name, access, argument and result types, handler), `read` the handlers that
//! only read, `write` those that change the memory file; `reply` (what a handler
//! answers) and `schema` (the schemas of the argument and result types) are the leaves
//! they share.

mod read;
mod reply;
mod schema;
mod table;
mod write;
pub(crate) use schema::{input_schema, output_schema};

use super::{BUILTIN_SERVER, McpError, Resource, ToolInfo, ToolOutput, ToolServer};
use crate::docs::RetrieveOptions;
use crate::memory::session::{self, SessionMemory};
use crate::memory::{Memory, MemoryError, MemoryFile};
use futures_util::future::BoxFuture;
use serde_json::{Map, Value};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use table::{Access, Offered};

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
    /// Served by `archie mcp` (offers the reference memory server's names too).
    served: bool,
    /// How long a write waits for another process's lock on the memory file.
    lock_wait: std::time::Duration,
    cache: Mutex<Option<(FileStamp, Arc<Memory>)>>,
    /// The name the MCP client gave at initialize: the source of what it writes.
    client: std::sync::OnceLock<String>,
}

/// Whether a write may still land: a cancelled call's write must not land once its
/// cancellation was acknowledged, and a write that has begun is not cancelled.
#[derive(Debug, Default)]
pub struct Gate(AtomicU8);

const OPEN: u8 = 0;
const COMMITTED: u8 = 1;
const CANCELLED: u8 = 2;

impl Gate {
    /// Called under the memory file's lock, before the change: whether to apply it.
    fn commit(&self) -> bool {
        match self
            .0
            .compare_exchange(OPEN, COMMITTED, Ordering::SeqCst, Ordering::SeqCst)
        {
            Ok(_) => true,
            Err(state) => state == COMMITTED,
        }
    }

    /// Cancels the call's write, if it has not begun: `true` when it will not land.
    pub fn cancel(&self) -> bool {
        match self
            .0
            .compare_exchange(OPEN, CANCELLED, Ordering::SeqCst, Ordering::SeqCst)
        {
            Ok(_) => true,
            Err(state) => state == CANCELLED,
        }
    }
}

/// One call of a tool: the server, and the gate its write passes.
struct Call<'a> {
    inner: &'a Inner,
    gate: Option<&'a Gate>,
}

impl std::ops::Deref for Call<'_> {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        self.inner
    }
}

impl Call<'_> {
    /// The source of what this call writes (see [`crate::memory::source::mcp`]).
    fn source(&self) -> String {
        crate::memory::source::mcp(self.inner.client.get().map_or("", String::as_str))
    }

    /// Changes the memory file under its lock, unless the call was cancelled first.
    fn write<R>(&self, change: impl FnOnce(&mut Memory) -> R) -> Result<R, McpError> {
        self.inner.write(self.gate, change)
    }
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

impl Builtin {
    /// Records the MCP client's name (from its `initialize`): what it writes is sourced
    /// to it.
    pub fn set_client(&self, name: &str) {
        let _ = self.inner.client.set(name.to_string());
    }

    /// The tools for archie's own planner (`archie search`).
    pub fn new(options: BuiltinOptions) -> Self {
        Self::with(options, false, crate::memory::DEFAULT_LOCK_WAIT)
    }

    /// The tools `archie mcp` serves: archie's, and the reference memory server's names
    /// (`create_entities`, `read_graph`, …) for agents configured for it. A write waits
    /// at most `lock_wait` for another process's lock, then fails (the caller may retry).
    pub fn served(options: BuiltinOptions, lock_wait: std::time::Duration) -> Self {
        Self::with(options, true, lock_wait)
    }

    fn with(options: BuiltinOptions, served: bool, lock_wait: std::time::Duration) -> Self {
        Self {
            inner: Arc::new(Inner {
                options,
                served,
                lock_wait,
                cache: Mutex::new(None),
                client: std::sync::OnceLock::new(),
            }),
        }
    }

    /// What tells the memory file from the one seen before (its inode, size and
    /// modification time); empty when it does not exist.
    pub fn file_marker(&self) -> String {
        stamp(&self.inner.options.memory_file)
            .map(|s| format!("{s:?}"))
            .unwrap_or_default()
    }

    /// The ids of the sessions stored in the memory file.
    pub fn sessions(&self) -> Vec<String> {
        self.memory()
            .ok()
            .and_then(|m| {
                m.extra
                    .get(session::SESSIONS_KEY)
                    .and_then(Value::as_object)
                    .map(|o| o.keys().cloned().collect())
            })
            .unwrap_or_default()
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
        self.inner.call(tool, args, None)
    }

    /// [`Builtin::call`] whose write passes `gate` (see [`Gate::cancel`]).
    pub fn call_gated(
        &self,
        tool: &str,
        args: &Value,
        gate: &Gate,
    ) -> Result<ToolOutput, McpError> {
        self.inner.call(tool, args, Some(gate))
    }

    /// What the server tells a client about itself: the tools it offers, by what they do.
    pub fn instructions(&self) -> String {
        let tools = self.tools();
        let named = |access: Access, served: bool| -> Vec<String> {
            table::TOOLS
                .iter()
                .filter(|t| {
                    t.access == access
                        && (t.offered == Offered::Served) == served
                        && tools.iter().any(|o| o.name == t.name)
                })
                .map(|t| t.name.to_string())
                .collect()
        };
        let mut text = String::from(
            "archie's knowledge graph of a software system (services, stores, queues, APIs \
             and who talks to whom)",
        );
        text.push_str(if self.inner.options.documents.is_some() {
            " and its design documents."
        } else {
            "."
        });
        text.push_str(&format!(
            " Read with {}",
            named(Access::Read, false).join(", ")
        ));
        let adds = named(Access::Add, false);
        if !adds.is_empty() {
            text.push_str(&format!("; grow it with {}", adds.join(", ")));
        }
        let removes = named(Access::Remove, false);
        if !removes.is_empty() {
            text.push_str(&format!("; remove with {}", removes.join(", ")));
        }
        text.push('.');
        let compat: Vec<String> = [Access::Read, Access::Add, Access::Remove]
            .into_iter()
            .flat_map(|a| named(a, true))
            .collect();
        if !compat.is_empty() {
            text.push_str(&format!(
                " The reference memory server's tools work too: {}.",
                compat.join(", ")
            ));
        }
        text.push_str(&format!(
            " The whole graph is the resource {KNOWLEDGE_GRAPH_URI}."
        ));
        text
    }

    /// `memory://knowledge-graph` or `memory://session/{id}` (a session archie does not
    /// know is an unknown resource).
    pub fn resource(&self, uri: &str) -> Result<Resource, McpError> {
        self.inner.resource(uri)
    }

    /// Stores a session's memory (under the memory file's lock).
    pub fn write_session(&self, id: &str, s: &SessionMemory) -> Result<(), McpError> {
        self.inner.write(None, |memory| session::put(memory, id, s))
    }

    /// Adds a turn to session `id` (read and written under the memory file's lock, so a
    /// turn another process adds meanwhile is kept).
    pub fn record_turn(
        &self,
        id: &str,
        query: &str,
        answer: &str,
        sources: Vec<String>,
    ) -> Result<(), McpError> {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or_default();
        self.inner.write(None, |memory| {
            let mut s = session::get(memory, id).unwrap_or_default();
            s.record(query, answer, sources, now);
            session::put(memory, id, &s)
        })
    }

    /// Whether `tool` only reads.
    pub fn is_read_only(tool: &str) -> bool {
        table::find(tool).is_some_and(|t| t.access == Access::Read)
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

    /// Changes the memory file under its lock and returns what `change` returned. With
    /// a `gate`, the change is applied only if the call was not cancelled first.
    fn write<R>(
        &self,
        gate: Option<&Gate>,
        change: impl FnOnce(&mut Memory) -> R,
    ) -> Result<R, McpError> {
        let (file, _) = MemoryFile::open(&self.options.memory_file)
            .map_err(|e| self.failed("writing memory", e))?;
        let (result, memory, _) = file
            .lock_wait(self.lock_wait)
            .update(|memory| gate.is_none_or(Gate::commit).then(|| change(memory)))
            .map_err(|e| match e {
                MemoryError::Busy { .. } => self.failed(
                    "writing memory",
                    format!("{e}; nothing was written, try the call again"),
                ),
                other => self.failed("writing memory", other),
            })?;
        let mut cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        *cache = stamp(&self.options.memory_file).map(|s| (s, Arc::new(memory)));
        result.ok_or_else(|| self.failed("writing memory", "the client cancelled the call"))
    }

    /// Whether `tool` is on offer here.
    fn offers(&self, tool: &table::Tool) -> bool {
        (self.options.writes || tool.access == Access::Read)
            && match tool.offered {
                Offered::Always => true,
                Offered::WithDocuments => self.options.documents.is_some(),
                Offered::Served => self.served,
            }
    }

    fn tools(&self) -> Vec<ToolInfo> {
        table::TOOLS
            .iter()
            .filter(|t| self.offers(t))
            .map(table::Tool::info)
            .collect()
    }

    fn call(&self, tool: &str, args: &Value, gate: Option<&Gate>) -> Result<ToolOutput, McpError> {
        let row = table::find(tool)
            .filter(|t| self.offers(t))
            .ok_or_else(|| McpError::UnknownTool {
                server: BUILTIN_SERVER.into(),
                tool: tool.into(),
            })?;
        if let Err(message) = super::validate_arguments(&row.info().input_schema, args) {
            return Err(McpError::InvalidArguments {
                server: BUILTIN_SERVER.into(),
                tool: tool.into(),
                message,
            });
        }
        row.call(&Call { inner: self, gate }, args.clone())
    }

    fn resource(&self, uri: &str) -> Result<Resource, McpError> {
        let memory = self.memory()?;
        let text = if uri == KNOWLEDGE_GRAPH_URI {
            let mut graph = (*memory).clone();
            graph.extra.remove(session::SESSIONS_KEY);
            graph.to_json()
        } else if let Some(id) = uri.strip_prefix(SESSION_URI_PREFIX)
            && session::valid_id(id)
            && let Some(s) = session::get(&memory, id)
        {
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

    fn served(dir: &std::path::Path) -> Builtin {
        let b = builtin(dir);
        Builtin::served(b.inner.options.clone(), crate::memory::DEFAULT_LOCK_WAIT)
    }

    fn invalid(b: &Builtin, tool: &str, args: Value) -> String {
        match b.call(tool, &args) {
            Err(McpError::InvalidArguments { message, .. }) => message,
            other => panic!("{tool} {args}: {other:?}"),
        }
    }

    #[test]
    fn schemas_say_what_is_required_and_take_the_aliases() {
        let dir = tempfile::tempdir().unwrap();
        let b = served(dir.path());
        // A relationship needs a type, by either name.
        let m = invalid(
            &b,
            "add_relationships",
            json!({"relationships": [{"from": "Billing", "to": "Orders DB"}]}),
        );
        assert!(
            m.contains("\"type\" is a required property")
                && m.contains("\"relationType\" is a required property"),
            "{m}"
        );
        for kind in ["type", "relationType"] {
            let out = b
                .call(
                    "add_relationships",
                    &json!({"relationships": [{"from": "Billing", "to": "Order Service", kind: "calls"}]}),
                )
                .unwrap();
            assert!(!out.is_error, "{kind}");
        }
        // An observation needs its entity, by either name.
        invalid(
            &b,
            "add_observations",
            json!({"observations": [{"contents": ["x"]}]}),
        );
        for key in ["entity", "entityName"] {
            let out = b
                .call(
                    "add_observations",
                    &json!({"observations": [{key: "Billing", "contents": [key]}]}),
                )
                .unwrap();
            assert!(!out.is_error, "{key}");
        }
        // delete_entities takes names or entityNames; direction is an enum in the
        // schema because it is one in the code.
        invalid(&b, "delete_entities", json!({}));
        invalid(
            &b,
            "get_entity",
            json!({"name": "Billing", "direction": "sideways"}),
        );
        let out = b
            .call("delete_entities", &json!({"entityNames": ["Billing"]}))
            .unwrap();
        assert_eq!(out.structured.unwrap()["entities_removed"], 1);
    }

    #[test]
    fn every_result_fits_its_output_schema() {
        let dir = tempfile::tempdir().unwrap();
        let b = served(dir.path());
        let calls = [
            ("find_entities", json!({"query": "orders"})),
            ("get_entity", json!({"name": "Orders DB"})),
            (
                "find_paths",
                json!({"from": "Order Service", "to": "Billing"}),
            ),
            (
                "add_entities",
                json!({"entities": [{"name": "Queue", "type": "queue", "observations": ["fifo"]}]}),
            ),
            (
                "add_relationships",
                json!({"relationships": [{"from": "Queue", "to": "Billing", "type": "feeds"}]}),
            ),
            (
                "add_observations",
                json!({"observations": [{"entity": "Queue", "contents": ["durable"]}]}),
            ),
            (
                "create_entities",
                json!({"entities": [{"name": "Cache", "entityType": "store", "observations": []}]}),
            ),
            (
                "create_relations",
                json!({"relations": [{"from": "Billing", "to": "Cache", "relationType": "reads_from"}]}),
            ),
            ("read_graph", json!({})),
            ("search_nodes", json!({"query": "fifo"})),
            ("open_nodes", json!({"names": ["queue"]})),
            (
                "delete_observations",
                json!({"deletions": [{"entity": "Queue", "observations": ["fifo"]}]}),
            ),
            (
                "delete_relations",
                json!({"relations": [{"from": "Billing", "to": "Cache", "relationType": "reads_from"}]}),
            ),
            (
                "delete_relationships",
                json!({"relationships": [{"from": "Queue", "to": "Billing", "type": "feeds"}]}),
            ),
            ("delete_entities", json!({"names": ["Cache"]})),
        ];
        let tools = b.tools();
        for t in &tools {
            assert_eq!(t.input_schema["type"], "object", "{}", t.name);
            // Only what JSON Schema knows: no null types, no schemars-only formats.
            let text = format!(
                "{} {}",
                t.input_schema,
                t.output_schema.clone().unwrap_or_default()
            );
            assert!(
                !text.contains("format") && !text.contains("null"),
                "{}: {text}",
                t.name
            );
            assert!(
                calls.iter().any(|(name, _)| *name == t.name),
                "{} has no call here",
                t.name
            );
        }
        for (tool, args) in calls {
            let out = b.call(tool, &args).unwrap();
            assert!(!out.is_error, "{tool}: {}", out.to_text());
            let schema = tools
                .iter()
                .find(|t| t.name == tool)
                .and_then(|t| t.output_schema.clone())
                .unwrap();
            let value = out.structured.unwrap();
            assert_eq!(
                super::super::check::check(&schema, &value),
                Ok(()),
                "{tool}: {value} against {schema}"
            );
            assert!(
                value.as_object().is_some_and(|o| !o.is_empty()),
                "{tool}: {value}"
            );
        }
    }
}
