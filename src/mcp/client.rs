//! External MCP servers over rmcp: started (stdio) or reached (streamable HTTP), listed,
//! called and stopped, every request bounded in time and size.

use super::config::{ServerSpec, Transport};
use super::process::{Log, ServerProcess};
use super::{McpError, Part, Resource, ToolInfo, ToolOutput, ToolServer};
use crate::events::{Event, Events};
use crate::retry::{RetryPolicy, Retryable};
use futures::future::BoxFuture;
use rmcp::ServiceExt;
use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, Implementation,
    PaginatedRequestParams, ProtocolVersion, ReadResourceRequestParams,
};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::async_rw::AsyncRwTransport;
use rmcp::transport::streamable_http_client::{
    StreamableHttpClientTransportConfig, StreamableHttpError,
};
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

/// The largest single message archie accepts from a server.
pub const MAX_MESSAGE_BYTES: usize = 16 << 20;
/// Pages of `tools/list` read at most (a server whose cursor never ends is cut off).
const MAX_PAGES: usize = 50;
/// How long a server has to exit once its stdin is closed, and again after SIGTERM.
const EXIT_GRACE: Duration = Duration::from_millis(500);
/// Lines of a server's stderr quoted when it fails.
pub const STDERR_TAIL: usize = 5;

type Client = RunningService<RoleClient, ClientConfig>;

/// A server that started and listed its tools.
pub struct Connected {
    spec: ServerSpec,
    client: Mutex<Option<Client>>,
    peer: rmcp::Peer<RoleClient>,
    process: Mutex<Option<ServerProcess>>,
    log: Option<Arc<Log>>,
    tools: Vec<ToolInfo>,
    /// How long starting and listing took.
    pub startup_ms: u64,
}

/// A server that could not be used.
#[derive(Debug, Clone)]
pub struct ConnectFailure {
    pub server: String,
    pub reason: String,
    /// The last lines of its stderr.
    pub stderr: Vec<String>,
}

impl Connected {
    pub fn spec(&self) -> &ServerSpec {
        &self.spec
    }

    /// Its tools, as listed at start-up (before `enabled_tools`/`disabled_tools`).
    pub fn tools(&self) -> &[ToolInfo] {
        &self.tools
    }

    /// The last lines the server wrote to stderr.
    pub fn stderr_tail(&self, n: usize) -> Vec<String> {
        self.log.as_ref().map(|l| l.tail(n)).unwrap_or_default()
    }

    /// Lines the server printed on stdout that were not JSON-RPC (ignored).
    pub fn stray_stdout(&self) -> u64 {
        self.log.as_ref().map_or(0, |l| l.stray_stdout())
    }

    /// Closes the connection and stops the server (and anything it started).
    pub async fn close(&self) {
        if let Some(mut client) = self.client.lock().await.take() {
            let _ = client.close_with_timeout(EXIT_GRACE).await;
        }
        if let Some(process) = self.process.lock().await.take() {
            process.shutdown(EXIT_GRACE).await;
        }
    }

    fn closed(&self) -> McpError {
        McpError::Closed {
            server: self.spec.name.clone(),
            stderr: self.stderr_tail(STDERR_TAIL),
        }
    }

    fn service_error(&self, what: &str, err: ServiceError) -> McpError {
        match err {
            ServiceError::TransportClosed | ServiceError::TransportSend(_) => {
                match self.log.as_ref().and_then(|l| l.oversize()) {
                    Some(limit) => McpError::Request {
                        server: self.spec.name.clone(),
                        what: what.into(),
                        message: format!(
                            "the reply is larger than {} MiB; the connection was closed",
                            limit >> 20
                        ),
                    },
                    None => self.closed(),
                }
            }
            ServiceError::Timeout { timeout } => McpError::Timeout {
                server: self.spec.name.clone(),
                what: what.into(),
                after: timeout,
            },
            ServiceError::McpError(e) => McpError::Request {
                server: self.spec.name.clone(),
                what: what.into(),
                message: e.message.to_string(),
            },
            other => McpError::Request {
                server: self.spec.name.clone(),
                what: what.into(),
                message: other.to_string(),
            },
        }
    }

    /// Runs `fut` for at most `limit`. Dropping an rmcp request future sends
    /// `notifications/cancelled` for it, so a timed-out call is cancelled on the server.
    async fn bounded<T>(
        &self,
        what: &str,
        limit: Duration,
        fut: impl Future<Output = Result<T, ServiceError>>,
    ) -> Result<T, McpError> {
        match tokio::time::timeout(limit, fut).await {
            Err(_) => Err(McpError::Timeout {
                server: self.spec.name.clone(),
                what: what.into(),
                after: limit,
            }),
            Ok(Err(err)) => Err(self.service_error(what, err)),
            Ok(Ok(value)) => Ok(value),
        }
    }
}

impl ToolServer for Connected {
    fn name(&self) -> &str {
        &self.spec.name
    }

    fn list_tools(&self) -> BoxFuture<'_, Result<Vec<ToolInfo>, McpError>> {
        Box::pin(async move { Ok(self.tools.clone()) })
    }

    fn call_tool<'a>(
        &'a self,
        tool: &'a str,
        arguments: Map<String, Value>,
    ) -> BoxFuture<'a, Result<ToolOutput, McpError>> {
        Box::pin(async move {
            let what = format!("calling {tool}");
            let params = CallToolRequestParams::new(tool.to_string()).with_arguments(arguments);
            let result = self
                .bounded(&what, self.spec.tool_timeout, self.peer.call_tool(params))
                .await?;
            Ok(output_from_wire(
                &serde_json::to_value(&result).unwrap_or_default(),
            ))
        })
    }

    fn read_resource<'a>(&'a self, uri: &'a str) -> BoxFuture<'a, Result<Resource, McpError>> {
        Box::pin(async move {
            let what = format!("reading {uri}");
            let params = ReadResourceRequestParams::new(uri.to_string());
            let result = self
                .bounded(
                    &what,
                    self.spec.tool_timeout,
                    self.peer.read_resource(params),
                )
                .await?;
            let wire = serde_json::to_value(&result).unwrap_or_default();
            resource_from_wire(&wire).ok_or_else(|| McpError::UnknownResource {
                server: self.spec.name.clone(),
                uri: uri.to_string(),
            })
        })
    }
}

/// The client's identity and the newest protocol version that still has `initialize`
/// (what servers of every age answer).
fn client_config() -> ClientConfig {
    ClientConfig::new(
        ClientCapabilities::default(),
        Implementation::new("archie", env!("CARGO_PKG_VERSION")),
    )
    .with_protocol_version(ProtocolVersion::LATEST_WITH_INITIALIZE)
}

/// Connects every server at once, each within its start-up timeout (starting,
/// `initialize` and every page of `tools/list`). A server that fails is stopped and
/// reported with the last lines of its stderr; the others go on.
pub async fn connect_all(
    specs: &[ServerSpec],
    events: &Events,
    verbose: bool,
) -> (Vec<Connected>, Vec<ConnectFailure>) {
    let results = futures::future::join_all(
        specs
            .iter()
            .map(|spec| connect(spec.clone(), events, verbose)),
    )
    .await;
    let mut ok = Vec::new();
    let mut failed = Vec::new();
    for result in results {
        match result {
            Ok(server) => ok.push(server),
            Err(failure) => failed.push(failure),
        }
    }
    (ok, failed)
}

async fn connect(
    spec: ServerSpec,
    events: &Events,
    verbose: bool,
) -> Result<Connected, ConnectFailure> {
    let started = Instant::now();
    let fail = |reason: String, stderr: Vec<String>| ConnectFailure {
        server: spec.name.clone(),
        reason,
        stderr,
    };
    match &spec.transport {
        Transport::Stdio {
            command,
            args,
            env,
            cwd,
        } => {
            let mut cmd = tokio::process::Command::new(command);
            cmd.args(args);
            // archie's own LLM key is not the server's business.
            cmd.env_remove("OPENAI_API_KEY");
            cmd.envs(env);
            if let Some(cwd) = cwd {
                cmd.current_dir(cwd);
            }
            let (process, pipes) = ServerProcess::spawn(
                &spec.name,
                cmd,
                MAX_MESSAGE_BYTES,
                verbose.then(|| events.clone()),
            )
            .map_err(|e| {
                fail(
                    format!("could not start `{}`: {e}", spec.transport.describe()),
                    Vec::new(),
                )
            })?;
            let log = Arc::clone(&process.log);
            // The line limit is ours (an error closes the connection at once); rmcp's
            // own limit would drop the message and leave the request waiting.
            let transport = AsyncRwTransport::new_client(pipes.stdout, pipes.stdin)
                .with_max_line_length(usize::MAX);
            let handshake = async {
                let client = client_config()
                    .serve(transport)
                    .await
                    .map_err(|e| root_cause(&e))?;
                let tools = list_all(&client).await?;
                Ok::<_, String>((client, tools))
            };
            let outcome = tokio::time::timeout(spec.startup_timeout, handshake).await;
            let mut process = process;
            let (client, tools) = match outcome {
                Ok(Ok(pair)) => pair,
                Ok(Err(err)) => {
                    let status = process.exited(EXIT_GRACE).await;
                    process.shutdown(EXIT_GRACE).await;
                    let reason = match status {
                        Some(status) => format!("exited at start ({status})"),
                        None => match log.oversize() {
                            Some(limit) => {
                                format!("sent a message larger than {} MiB", limit >> 20)
                            }
                            None => format!("failed to start: {err}"),
                        },
                    };
                    return Err(fail(reason, log.tail(STDERR_TAIL)));
                }
                Err(_) => {
                    process.shutdown(EXIT_GRACE).await;
                    return Err(fail(
                        format!("did not start in {} s", spec.startup_timeout.as_secs_f64()),
                        log.tail(STDERR_TAIL),
                    ));
                }
            };
            let peer = client.peer().clone();
            Ok(Connected {
                peer,
                client: Mutex::new(Some(client)),
                process: Mutex::new(Some(process)),
                log: Some(log),
                tools,
                startup_ms: started.elapsed().as_millis() as u64,
                spec,
            })
        }
        Transport::Http { url, headers } => {
            let deadline = spec.startup_timeout;
            let policy = RetryPolicy {
                max_attempts: 3,
                base: Duration::from_millis(500),
                max_delay: Duration::from_secs(5),
                deadline: Some(deadline),
            };
            let attempt = |_| async {
                let config = http_config(url, headers)?;
                crate::tls::install();
                let transport = StreamableHttpClientTransport::from_config(config);
                let handshake = async {
                    let client = client_config()
                        .serve(transport)
                        .await
                        .map_err(|e| HttpFailure::retryable(root_cause(&e)))?;
                    let tools = list_all(&client).await.map_err(HttpFailure::retryable)?;
                    Ok::<_, HttpFailure>((client, tools))
                };
                let left = deadline.saturating_sub(started.elapsed());
                match tokio::time::timeout(left, handshake).await {
                    Ok(result) => result,
                    Err(_) => Err(HttpFailure::final_(format!(
                        "did not answer in {} s",
                        deadline.as_secs_f64()
                    ))),
                }
            };
            let result = policy
                .run(
                    attempt,
                    |e: &HttpFailure| e.retry.then(|| Retryable::new(e.message.clone())),
                    |retry| {
                        events.emit(Event::Retry {
                            attempt: retry.attempt,
                            max_attempts: retry.max_attempts,
                            delay_ms: retry.delay.as_millis() as u64,
                            reason: format!("{}: {}", spec.name, retry.reason),
                        })
                    },
                )
                .await;
            match result {
                Ok((client, tools)) => Ok(Connected {
                    peer: client.peer().clone(),
                    client: Mutex::new(Some(client)),
                    process: Mutex::new(None),
                    log: None,
                    tools,
                    startup_ms: started.elapsed().as_millis() as u64,
                    spec,
                }),
                Err(gave_up) => Err(fail(
                    crate::secrets::redact_text(&gave_up.last.message),
                    Vec::new(),
                )),
            }
        }
    }
}

/// The innermost cause of an error (rmcp's outer messages name its internal types).
fn root_cause(err: &(dyn std::error::Error + 'static)) -> String {
    let mut last = err;
    loop {
        if let Some(source) = last.source() {
            last = source;
        } else if let Some(rmcp::service::ClientInitializeError::TransportError { error, .. }) =
            last.downcast_ref()
        {
            // rmcp does not mark these two errors as sources, which left an unreachable
            // HTTP server's reason without its cause (connection refused, DNS, TLS).
            last = error.error.as_ref();
        } else if let Some(StreamableHttpError::<reqwest::Error>::Client(inner)) =
            last.downcast_ref()
        {
            last = inner;
        } else {
            break;
        }
    }
    let text = last.to_string();
    let mut text = if text.is_empty() {
        err.to_string()
    } else {
        text
    };
    // Drop the Rust type names rmcp puts in its messages (` [rmcp::transport::…]`).
    while let Some(start) = text.find(" [")
        && let Some(len) = text[start..].find(']')
        && text[start..start + len].contains("::")
    {
        text.replace_range(start..start + len + 1, "");
    }
    text.replace("Send message error ", "")
        .replace("Client error: ", "")
}

struct HttpFailure {
    message: String,
    retry: bool,
}

impl HttpFailure {
    fn retryable(message: String) -> Self {
        Self {
            message,
            retry: true,
        }
    }

    fn final_(message: String) -> Self {
        Self {
            message,
            retry: false,
        }
    }
}

fn http_config(
    url: &str,
    headers: &std::collections::BTreeMap<String, String>,
) -> Result<StreamableHttpClientTransportConfig, HttpFailure> {
    let mut config = StreamableHttpClientTransportConfig::with_uri(url.to_string());
    let mut custom = HashMap::new();
    for (name, value) in headers {
        if name.eq_ignore_ascii_case("authorization")
            && let Some(token) = value.strip_prefix("Bearer ")
        {
            config = config.auth_header(token.to_string());
            continue;
        }
        let name = reqwest::header::HeaderName::from_bytes(name.as_bytes())
            .map_err(|e| HttpFailure::final_(format!("bad header name `{name}`: {e}")))?;
        let mut value = reqwest::header::HeaderValue::from_str(value)
            .map_err(|e| HttpFailure::final_(format!("bad value for header `{name}`: {e}")))?;
        value.set_sensitive(true);
        custom.insert(name, value);
    }
    Ok(config.custom_headers(custom))
}

/// Every page of `tools/list`, at most [`MAX_PAGES`].
async fn list_all(client: &Client) -> Result<Vec<ToolInfo>, String> {
    let mut tools = Vec::new();
    let mut cursor: Option<String> = None;
    for _ in 0..MAX_PAGES {
        let params = cursor
            .take()
            .map(|c| PaginatedRequestParams::default().with_cursor(Some(c)));
        let page = client
            .list_tools(params)
            .await
            .map_err(|e| format!("tools/list failed: {}", root_cause(&e)))?;
        for tool in &page.tools {
            let wire = serde_json::to_value(tool).map_err(|e| e.to_string())?;
            match serde_json::from_value::<ToolInfo>(wire) {
                Ok(info) => tools.push(info),
                Err(e) => return Err(format!("a tool in tools/list is malformed: {e}")),
            }
        }
        match page.next_cursor.clone() {
            Some(next) if !next.is_empty() => cursor = Some(next),
            _ => break,
        }
    }
    Ok(tools)
}

/// A `tools/call` result (wire JSON) as archie's [`ToolOutput`].
pub(crate) fn output_from_wire(wire: &Value) -> ToolOutput {
    let mut content = Vec::new();
    for block in wire["content"].as_array().into_iter().flatten() {
        let kind = block["type"].as_str().unwrap_or("");
        let part = match kind {
            "text" => Part::Text {
                text: block["text"].as_str().unwrap_or("").to_string(),
            },
            "image" | "audio" => Part::Binary {
                kind: kind.into(),
                mime_type: block["mimeType"].as_str().map(str::to_string),
                bytes: (block["data"].as_str().map_or(0, str::len) as u64) * 3 / 4,
            },
            "resource" => {
                let res = &block["resource"];
                let uri = res["uri"].as_str().unwrap_or("").to_string();
                match res["text"].as_str() {
                    Some(text) => Part::Resource {
                        uri,
                        text: Some(text.to_string()),
                    },
                    None => Part::Binary {
                        kind: format!("blob {uri}"),
                        mime_type: res["mimeType"].as_str().map(str::to_string),
                        bytes: (res["blob"].as_str().map_or(0, str::len) as u64) * 3 / 4,
                    },
                }
            }
            "resource_link" => Part::Resource {
                uri: block["uri"].as_str().unwrap_or("").to_string(),
                text: None,
            },
            other => Part::Text {
                text: format!("[{other} content not shown]"),
            },
        };
        content.push(part);
    }
    ToolOutput {
        is_error: wire["isError"].as_bool().unwrap_or(false),
        content,
        structured: wire
            .get("structuredContent")
            .filter(|v| !v.is_null())
            .cloned(),
    }
}

/// The first text contents of a `resources/read` result (wire JSON).
pub(crate) fn resource_from_wire(wire: &Value) -> Option<Resource> {
    let first = wire["contents"].as_array()?.first()?;
    Some(Resource {
        uri: first["uri"].as_str().unwrap_or("").to_string(),
        mime_type: first["mimeType"].as_str().map(str::to_string),
        text: first["text"].as_str()?.to_string(),
    })
}
