//! `archie mcp`: archie's knowledge served over stdio to any MCP client (Claude Code,
//! Claude Desktop, Cursor, Codex, …).
//!
//! stdout carries JSON-RPC and nothing else. Log lines go to stderr through [`log`],
//! which ignores write errors (a client that closed our stderr must not make archie
//! panic). The server ends when stdin closes. A request the client cancels is dropped.

use super::builtin::{Builtin, KNOWLEDGE_GRAPH_URI, SESSION_URI_PREFIX};
use super::{McpError, ToolInfo, ToolOutput};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ErrorData, Implementation,
    ListResourceTemplatesResult, ListResourcesResult, ListToolsResult, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, ServerCapabilities,
    ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ServerHandler, ServiceExt};
use serde_json::{Value, json};
use std::io::Write;

/// Writes one line to stderr; a closed or broken stderr is ignored.
pub fn log(line: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "archie mcp: {}", crate::secrets::redact_text(line));
    let _ = err.flush();
}

struct Handler {
    builtin: Builtin,
    verbose: bool,
}

/// Serves `builtin` on stdin/stdout until stdin closes.
pub async fn serve_stdio(builtin: Builtin, verbose: bool) -> Result<(), String> {
    let handler = Handler { builtin, verbose };
    let service = handler
        .serve((tokio::io::stdin(), tokio::io::stdout()))
        .await
        .map_err(|e| format!("the client did not start a session: {e}"))?;
    let _ = service.waiting().await;
    Ok(())
}

fn wire<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, ErrorData> {
    serde_json::from_value(value).map_err(|e| {
        ErrorData::internal_error(format!("archie built a malformed reply: {e}"), None)
    })
}

fn tool_wire(tool: &ToolInfo) -> Result<Tool, ErrorData> {
    wire(serde_json::to_value(tool).unwrap_or_default())
}

fn result_wire(output: &ToolOutput) -> Result<CallToolResult, ErrorData> {
    let content: Vec<Value> = output
        .content
        .iter()
        .map(|part| match part {
            super::Part::Text { text } => json!({"type": "text", "text": text}),
            other => json!({"type": "text", "text": ToolOutput {
                content: vec![other.clone()], ..ToolOutput::default()
            }.to_text()}),
        })
        .collect();
    let mut value = json!({"content": content, "isError": output.is_error});
    if let Some(structured) = &output.structured {
        value["structuredContent"] = structured.clone();
    }
    wire(value)
}

impl Handler {
    fn error(&self, err: McpError) -> Result<CallToolResponse, ErrorData> {
        if self.verbose {
            log(&err.to_string());
        }
        match err {
            // The caller can correct these: a result it reads, not a protocol error.
            McpError::InvalidArguments { .. } => Ok(CallToolResponse::from(result_wire(
                &ToolOutput::error(err.to_string()),
            )?)),
            McpError::UnknownTool { .. } => Err(ErrorData::invalid_params(err.to_string(), None)),
            other => Err(ErrorData::internal_error(other.to_string(), None)),
        }
    }
}

impl ServerHandler for Handler {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build(),
        )
        .with_server_info(Implementation::new("archie", env!("CARGO_PKG_VERSION")))
        .with_instructions(
            "archie's knowledge graph of a software system (services, stores, queues, APIs \
             and who talks to whom) and its design documents. Read with find_entities, \
             get_entity, find_paths and search_documents; grow it with add_entities, \
             add_relationships and add_observations. The whole graph is the resource \
             memory://knowledge-graph.",
        )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let tools = self
            .builtin
            .tools()
            .iter()
            .map(tool_wire)
            .collect::<Result<Vec<_>, _>>()?;
        wire(json!({ "tools": tools }))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let builtin = self.builtin.clone();
        let name = request.name.to_string();
        let arguments = Value::Object(request.arguments.unwrap_or_default());
        let call = tokio::task::spawn_blocking(move || builtin.call(&name, &arguments));
        tokio::select! {
            joined = call => match joined {
                Ok(Ok(output)) => Ok(CallToolResponse::from(result_wire(&output)?)),
                Ok(Err(err)) => self.error(err),
                Err(join) => Err(ErrorData::internal_error(format!("the tool failed: {join}"), None)),
            },
            _ = context.ct.cancelled() => {
                Err(ErrorData::internal_error("cancelled by the client", None))
            }
        }
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        wire(json!({"resources": [{
            "uri": KNOWLEDGE_GRAPH_URI,
            "name": "knowledge-graph",
            "title": "archie's knowledge graph",
            "description": "Every entity and relationship archie knows, in its memory file's JSON shape.",
            "mimeType": "application/json"
        }]}))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        wire(json!({"resourceTemplates": [{
            "uriTemplate": format!("{SESSION_URI_PREFIX}{{id}}"),
            "name": "session",
            "title": "a search session's memory",
            "description": "conversation_summary, user_preferences, ongoing_tasks and the last turns of an archie search session.",
            "mimeType": "application/json"
        }]}))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let builtin = self.builtin.clone();
        let uri = request.uri.clone();
        let read = tokio::task::spawn_blocking(move || builtin.resource(&uri)).await;
        match read {
            Ok(Ok(resource)) => {
                let result: ReadResourceResult = wire(json!({"contents": [{
                    "uri": resource.uri,
                    "mimeType": resource.mime_type,
                    "text": resource.text
                }]}))?;
                Ok(ReadResourceResponse::from(result))
            }
            Ok(Err(McpError::UnknownResource { uri, .. })) => Err(ErrorData::resource_not_found(
                format!("no resource {uri}"),
                None,
            )),
            Ok(Err(err)) => Err(ErrorData::internal_error(err.to_string(), None)),
            Err(join) => Err(ErrorData::internal_error(join.to_string(), None)),
        }
    }
}
