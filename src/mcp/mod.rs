//! MCP: the tools `archie search` calls, and `archie mcp`, which serves archie's own
//! knowledge to other agents.
//!
//! - [`ToolServer`]: what a flow sees of a server: list its tools, call one, read a
//!   resource. Two kinds implement it: [`Builtin`] (archie's memory file and documents,
//!   in-process) and an external server reached over stdio or streamable HTTP
//!   ([`connect_all`]). rmcp's types never leave this module: tools, results and
//!   resources cross it as archie's own [`ToolInfo`], [`ToolOutput`] and [`Resource`].
//! - [`config`]: the `mcpServers` configuration (`--mcp-config FILE`, `.mcp.json`, or
//!   `[mcp]` in `archie.toml`).
//! - Servers are bounded: every request has a timeout (a timed-out call is cancelled
//!   with `notifications/cancelled`), replies have a size limit, each stdio server runs
//!   in its own process group that is closed, terminated and killed on every way out
//!   (see `process`), and its stderr is drained into a bounded buffer that failures
//!   quote.
//! - [`names`]: the names tools are offered under (`server__tool`, sanitised).
//! - [`serve_stdio`]: `archie mcp` (`server`, over the stdio framing in `wire`).

mod builtin;
mod check;
mod client;
pub mod config;
pub mod flows;
pub mod names;
mod process;
pub mod server;
pub mod tasks;
mod wire;

pub use builtin::{Builtin, BuiltinOptions, KNOWLEDGE_GRAPH_URI, SESSION_URI_PREFIX};
pub use client::{
    ClientContext, ConnectFailure, Connected, Elicitation, Elicited, Elicitor, Field, FieldKind,
    connect_all, connect_all_with, normalised,
};
pub use config::{McpConfig, ServerSpec, Transport};
pub use server::serve_stdio;

/// `archie mcp`'s log: writes one line to stderr; a closed or broken stderr is ignored.
pub fn log(line: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "archie mcp: {}", crate::secrets::redact_text(line));
    let _ = err.flush();
}

use futures_util::future::BoxFuture;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::io::Write;
use std::time::Duration;

/// The name the built-in tools are offered under (`archie__find_entities`).
pub const BUILTIN_SERVER: &str = "archie";

/// What a tool says about itself (MCP tool annotations). All are hints from the server:
/// archie runs a tool without asking only when `read_only` is `Some(true)`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Hints {
    #[serde(rename = "readOnlyHint", skip_serializing_if = "Option::is_none")]
    pub read_only: Option<bool>,
    #[serde(rename = "destructiveHint", skip_serializing_if = "Option::is_none")]
    pub destructive: Option<bool>,
    #[serde(rename = "idempotentHint", skip_serializing_if = "Option::is_none")]
    pub idempotent: Option<bool>,
    #[serde(rename = "openWorldHint", skip_serializing_if = "Option::is_none")]
    pub open_world: Option<bool>,
}

impl Hints {
    /// Whether the tool may run without the user's consent: only a tool that says it is
    /// read-only and does not also say it is destructive (contradictory hints ask).
    pub fn runs_unasked(&self) -> bool {
        self.read_only == Some(true) && self.destructive != Some(true)
    }
}

/// A tool as a server lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolInfo {
    /// The tool's own name on its server (used for the call).
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    /// The JSON Schema of the arguments (an object schema).
    #[serde(default = "empty_object_schema")]
    pub input_schema: Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_schema: Option<Value>,
    #[serde(default)]
    pub annotations: Hints,
}

fn empty_object_schema() -> Value {
    serde_json::json!({"type": "object"})
}

/// One piece of a tool's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Part {
    Text {
        text: String,
    },
    /// An image, audio clip or binary resource: kept as a placeholder, never sent to a
    /// model.
    Binary {
        kind: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mime_type: Option<String>,
        bytes: u64,
    },
    /// A resource the result embeds (as text) or links to.
    Resource {
        uri: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        text: Option<String>,
    },
}

/// What a tool call returned. A result with `is_error` is still a result: the model
/// reads what went wrong.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ToolOutput {
    pub is_error: bool,
    pub content: Vec<Part>,
    /// Structured content, when the tool returned some (preferred over `content`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub structured: Option<Value>,
}

impl ToolOutput {
    /// A result of one text part.
    pub fn text(text: impl Into<String>) -> Self {
        Self {
            is_error: false,
            content: vec![Part::Text { text: text.into() }],
            structured: None,
        }
    }

    /// A structured result (also given as JSON text, as the spec asks for older
    /// clients).
    pub fn structured(value: Value) -> Self {
        let text = serde_json::to_string_pretty(&value).unwrap_or_else(|_| value.to_string());
        Self {
            is_error: false,
            content: vec![Part::Text { text }],
            structured: Some(value),
        }
    }

    /// A tool-level failure the caller reads (`isError: true`).
    pub fn error(text: impl Into<String>) -> Self {
        Self {
            is_error: true,
            ..Self::text(text)
        }
    }

    /// The result as text for a model: structured content when there is some (pretty
    /// JSON), else the parts in order; images and blobs as placeholders.
    pub fn to_text(&self) -> String {
        if let Some(value) = &self.structured {
            return serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string());
        }
        let mut out = Vec::new();
        for part in &self.content {
            out.push(match part {
                Part::Text { text } => text.clone(),
                Part::Binary {
                    kind,
                    mime_type,
                    bytes,
                } => format!(
                    "[{kind}{} of {bytes} bytes not shown]",
                    mime_type
                        .as_deref()
                        .map(|m| format!(" ({m})"))
                        .unwrap_or_default()
                ),
                Part::Resource { uri, text } => match text {
                    Some(text) => format!("[resource {uri}]\n{text}"),
                    None => format!("[resource {uri}]"),
                },
            });
        }
        out.join("\n")
    }
}

/// A resource's contents as text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Resource {
    pub uri: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    pub text: String,
}

/// Why a request to a server failed.
#[derive(Debug, thiserror::Error)]
pub enum McpError {
    #[error("{server}: no answer to {what} within {} s", after.as_secs_f64())]
    Timeout {
        server: String,
        what: String,
        after: Duration,
    },
    #[error("{server}: {what} failed: {message}")]
    Request {
        server: String,
        what: String,
        message: String,
    },
    #[error("{server}: {}{}", closed_how(.exit), stderr_tail(.stderr))]
    Closed {
        server: String,
        /// How the server's process ended (`exit status: 3`, `signal: 9 (SIGKILL)`),
        /// when it did.
        exit: Option<String>,
        /// The last lines the server wrote to stderr.
        stderr: Vec<String>,
    },
    #[error("{server} has no tool `{tool}`")]
    UnknownTool { server: String, tool: String },
    #[error("{server}: no resource {uri}")]
    UnknownResource { server: String, uri: String },
    #[error("{server}: invalid arguments for {tool}: {message}")]
    InvalidArguments {
        server: String,
        tool: String,
        message: String,
    },
}

impl crate::error::Classify for McpError {
    fn exit(&self) -> crate::error::Exit {
        crate::error::Exit::Failed
    }
}

fn closed_how(exit: &Option<String>) -> String {
    match exit {
        Some(status) => format!("the server exited ({status})"),
        None => "the connection is closed".into(),
    }
}

fn stderr_tail(lines: &[String]) -> String {
    match lines {
        [] => String::new(),
        [last] => format!("; its stderr ends: {last}"),
        lines => format!("; its stderr ends:\n  {}", lines.join("\n  ")),
    }
}

/// A server archie can ask for tools and resources.
pub trait ToolServer: Send + Sync {
    /// The server's name in the configuration (`archie` for the built-in tools).
    fn name(&self) -> &str;

    /// Every tool the server offers (all pages).
    fn list_tools(&self) -> BoxFuture<'_, Result<Vec<ToolInfo>, McpError>>;

    /// Calls `tool` (its raw name) with `arguments`.
    fn call_tool<'a>(
        &'a self,
        tool: &'a str,
        arguments: Map<String, Value>,
    ) -> BoxFuture<'a, Result<ToolOutput, McpError>>;

    /// Reads the resource at `uri`.
    fn read_resource<'a>(&'a self, uri: &'a str) -> BoxFuture<'a, Result<Resource, McpError>>;
}

/// Checks `arguments` against a tool's input schema: they must be an object that the
/// schema accepts. What archie cannot check (a remote `$ref`, a `pattern`) is left to the
/// server to enforce.
pub fn validate_arguments(schema: &Value, arguments: &Value) -> Result<(), String> {
    if !arguments.is_object() {
        return Err("the arguments must be a JSON object".into());
    }
    check::check(schema, arguments)
}

/// How archie reaches a server, as `archie mcp list` says it (`builtin`, `stdio`, `http`,
/// and `-` for a server the configuration skipped).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ServerTransport {
    Builtin,
    Stdio,
    Http,
    #[serde(rename = "-")]
    Skipped,
}

impl std::fmt::Display for ServerTransport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Builtin => "builtin",
            Self::Stdio => "stdio",
            Self::Http => "http",
            Self::Skipped => "-",
        })
    }
}

/// One server as `archie mcp list` shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ServerReport {
    pub name: String,
    pub transport: ServerTransport,
    /// The command line or URL.
    pub target: String,
    pub started: bool,
    pub ms: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stderr: Vec<String>,
    pub tools: Vec<ToolReport>,
    /// What the server says about using it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instructions: Option<String>,
    /// Its prompts.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub prompts: Vec<PromptReport>,
}

/// One prompt a server offers, as `archie mcp list` shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PromptReport {
    pub name: String,
    pub description: String,
}

/// One tool as `archie mcp list` shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolReport {
    /// The tool's own name.
    pub name: String,
    /// The name offered to the model.
    pub offered_as: String,
    /// `enabled_tools`/`disabled_tools` let it through.
    pub enabled: bool,
    pub annotations: Hints,
    pub description: String,
}

/// Starts every configured server (all at once, each within its start-up timeout),
/// reports it with its tools, and stops it again. The built-in tools come first.
pub async fn inspect(
    specs: &[ServerSpec],
    builtin: &Builtin,
    events: &crate::events::Events,
    verbose: bool,
) -> Vec<ServerReport> {
    let (connected, failed) = connect_all(specs, events, verbose).await;
    let mut pairs: Vec<(String, ToolInfo, bool)> = builtin
        .tools()
        .into_iter()
        .map(|t| (BUILTIN_SERVER.to_string(), t, true))
        .collect();
    for spec in specs {
        if let Some(c) = connected.iter().find(|c| c.spec().name == spec.name) {
            for t in c.tools().iter().cloned().chain(c.resource_tools()) {
                let allowed = spec.allows(&t.name);
                pairs.push((spec.name.clone(), t, allowed));
            }
        }
    }
    let offered = names::offered_names(
        &pairs
            .iter()
            .map(|(s, t, _)| (s.as_str(), t.name.as_str()))
            .collect::<Vec<_>>(),
    );
    let mut tools_of: std::collections::BTreeMap<String, Vec<ToolReport>> = Default::default();
    for ((server, t, enabled), offered_as) in pairs.into_iter().zip(offered) {
        tools_of.entry(server).or_default().push(ToolReport {
            name: t.name,
            offered_as,
            enabled,
            annotations: t.annotations,
            description: t
                .description
                .unwrap_or_default()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
        });
    }
    let mut reports = vec![ServerReport {
        name: BUILTIN_SERVER.into(),
        transport: ServerTransport::Builtin,
        target: "archie's memory file and documents".into(),
        started: true,
        ms: 0,
        error: None,
        stderr: Vec::new(),
        tools: tools_of.remove(BUILTIN_SERVER).unwrap_or_default(),
        instructions: None,
        prompts: Vec::new(),
    }];
    for spec in specs {
        let transport = match spec.transport {
            Transport::Stdio { .. } => ServerTransport::Stdio,
            Transport::Http { .. } => ServerTransport::Http,
        };
        let target = spec.display.clone();
        if let Some(c) = connected.iter().find(|c| c.spec().name == spec.name) {
            reports.push(ServerReport {
                name: spec.name.clone(),
                transport,
                target,
                started: true,
                ms: c.startup_ms,
                error: None,
                stderr: Vec::new(),
                tools: tools_of.remove(&spec.name).unwrap_or_default(),
                instructions: c.instructions().map(crate::secrets::redact_text),
                prompts: c
                    .prompts()
                    .iter()
                    .map(|(name, description)| PromptReport {
                        name: name.clone(),
                        description: description.split_whitespace().collect::<Vec<_>>().join(" "),
                    })
                    .collect(),
            });
        } else if let Some(f) = failed.iter().find(|f| f.server == spec.name) {
            reports.push(ServerReport {
                name: spec.name.clone(),
                transport,
                target,
                started: false,
                ms: 0,
                error: Some(f.reason.clone()),
                stderr: f.stderr.clone(),
                tools: Vec::new(),
                instructions: None,
                prompts: Vec::new(),
            });
        }
    }
    futures_util::future::join_all(connected.iter().map(|c| c.close())).await;
    reports
}
