//! External MCP servers over rmcp: started (stdio) or reached (streamable HTTP), listed,
//! called and stopped, every request bounded in time and size.

use super::config::{ServerSpec, Transport};
use super::process::{Log, ServerProcess};
use super::{McpError, Part, Resource, ToolInfo, ToolOutput, ToolServer};
use crate::events::{Event, Events};
use crate::retry::{RetryPolicy, Retryable};
use futures_util::future::BoxFuture;
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
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
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

type Client = RunningService<RoleClient, Handler>;

/// What archie offers the servers it connects to, beyond calling them: the folders it
/// works in (`roots`), and someone to answer their questions (elicitation).
#[derive(Clone, Default)]
pub struct ClientContext {
    /// Folders, served as `file://` roots.
    pub roots: Vec<std::path::PathBuf>,
    /// Who answers a server's `elicitation/create`; without one every request is
    /// declined.
    pub elicitor: Option<Arc<dyn Elicitor>>,
}

/// A server's question for the human (a form of simple fields).
#[derive(Debug, Clone, PartialEq)]
pub struct Elicitation {
    pub message: String,
    pub fields: Vec<Field>,
}

/// One field of an [`Elicitation`].
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    pub name: String,
    /// The title or description, if the server gave one.
    pub label: Option<String>,
    pub kind: FieldKind,
    pub required: bool,
    /// The schema's `default`: what an empty answer takes (SEP-1034).
    pub default: Option<Value>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum FieldKind {
    Text,
    Number,
    Integer,
    Boolean,
    Choice(Vec<String>),
}

/// What the human made of an [`Elicitation`].
#[derive(Debug, Clone, PartialEq)]
pub enum Elicited {
    Accept(Map<String, Value>),
    Decline,
    Cancel,
}

/// Puts a server's question to the human (the flows implement it over their prompter).
pub trait Elicitor: Send + Sync {
    fn elicit<'a>(&'a self, server: &'a str, request: &'a Elicitation) -> BoxFuture<'a, Elicited>;
}

/// archie as an MCP client: its identity and capabilities, its roots, its elicitor.
pub(crate) struct Handler {
    server: String,
    context: ClientContext,
    events: Events,
    waits: Arc<HumanWait>,
}

/// The time a server's questions wait for the human: it does not count against the
/// timeout of the call they came with (a person may take longer than a tool may).
#[derive(Debug, Default)]
struct HumanWait {
    /// Questions being asked now.
    asking: AtomicUsize,
    /// Milliseconds spent on questions so far.
    total_ms: AtomicU64,
}

impl HumanWait {
    /// Runs `ask`, counting its time.
    async fn counting<T>(&self, ask: impl Future<Output = T>) -> T {
        self.asking.fetch_add(1, Ordering::SeqCst);
        let started = tokio::time::Instant::now();
        let out = ask.await;
        self.total_ms
            .fetch_add(started.elapsed().as_millis() as u64, Ordering::SeqCst);
        self.asking.fetch_sub(1, Ordering::SeqCst);
        out
    }
}

/// `fut` for at most `limit`, not counting the time the human spends on the server's
/// questions meanwhile (`waits`): `Err(())` when the time is up.
async fn within_limit<T>(
    limit: Duration,
    waits: &HumanWait,
    fut: impl Future<Output = T>,
) -> Result<T, ()> {
    let fut = std::pin::pin!(fut);
    let mut fut = fut;
    let mut deadline = tokio::time::Instant::now() + limit;
    let mut credited = waits.total_ms.load(Ordering::SeqCst);
    loop {
        match tokio::time::timeout_at(deadline, fut.as_mut()).await {
            Ok(value) => return Ok(value),
            Err(_) if waits.asking.load(Ordering::SeqCst) > 0 => {
                // Someone is answering: look again shortly.
                deadline = tokio::time::Instant::now() + Duration::from_millis(250);
            }
            Err(_) => {
                let total = waits.total_ms.load(Ordering::SeqCst);
                if total <= credited {
                    return Err(());
                }
                deadline += Duration::from_millis(total - credited);
                credited = total;
            }
        }
    }
}

impl rmcp::ClientHandler for Handler {
    fn get_info(&self) -> ClientConfig {
        client_config(&self.context)
    }

    // Roots are deprecated by SEP-2577 (the 2026 revision); the revisions archie
    // negotiates (up to 2025-11-25) have them, and servers such as server-everything and
    // server-filesystem use them.
    #[allow(deprecated)]
    async fn list_roots(
        &self,
        _context: rmcp::service::RequestContext<RoleClient>,
    ) -> Result<rmcp::model::ListRootsResult, rmcp::ErrorData> {
        let roots = self
            .context
            .roots
            .iter()
            .filter_map(|dir| {
                let dir = normalised(dir)?;
                let uri = reqwest::Url::from_directory_path(&dir).ok()?;
                let mut root = rmcp::model::Root::new(uri.to_string());
                root.name = dir.file_name().map(|n| n.to_string_lossy().into_owned());
                Some(root)
            })
            .collect();
        Ok(rmcp::model::ListRootsResult::new(roots))
    }

    async fn create_elicitation(
        &self,
        request: rmcp::model::ElicitRequestParams,
        _context: rmcp::service::RequestContext<RoleClient>,
    ) -> Result<rmcp::model::ElicitResult, rmcp::ErrorData> {
        use rmcp::model::{ElicitResult, ElicitationAction};
        // The fields in the server's order (JSON maps here sort their keys; rmcp keeps
        // the order they came in).
        let order = match &request {
            rmcp::model::ElicitRequestParams::FormElicitationParams {
                requested_schema, ..
            } => requested_schema.property_order.clone(),
            _ => None,
        };
        let wire = serde_json::to_value(&request).unwrap_or_default();
        let Some(elicitation) = elicitation_from_wire(&wire, order.as_deref()) else {
            self.events.emit(Event::Warning {
                message: format!(
                    "{} asked to send you to a web page ({}); archie declined (it only \
                     asks questions at the terminal)",
                    self.server,
                    crate::secrets::redact_text(wire["url"].as_str().unwrap_or(""))
                ),
            });
            return Ok(ElicitResult::new(ElicitationAction::Decline));
        };
        let answer = match &self.context.elicitor {
            Some(elicitor) => {
                self.waits
                    .counting(elicitor.elicit(&self.server, &elicitation))
                    .await
            }
            None => Elicited::Decline,
        };
        Ok(match answer {
            Elicited::Accept(content) => {
                ElicitResult::new(ElicitationAction::Accept).with_content(Value::Object(content))
            }
            Elicited::Decline => ElicitResult::new(ElicitationAction::Decline),
            Elicited::Cancel => ElicitResult::new(ElicitationAction::Cancel),
        })
    }
}

/// A form elicitation's message and fields (wire JSON), the fields in `order` (the
/// server's) where it is known; `None` for another mode (a URL).
fn elicitation_from_wire(wire: &Value, order: Option<&[String]>) -> Option<Elicitation> {
    if wire["mode"].as_str().is_some_and(|m| m != "form") {
        return None;
    }
    let schema = &wire["requestedSchema"];
    let required: Vec<&str> = schema["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let fields = schema["properties"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(name, p)| {
            let choices: Vec<String> = p["enum"]
                .as_array()
                .or_else(|| p["oneOf"].as_array())
                .into_iter()
                .flatten()
                .filter_map(|v| {
                    v.as_str()
                        .or_else(|| v["const"].as_str())
                        .map(str::to_string)
                })
                .collect();
            let kind = match p["type"].as_str() {
                _ if !choices.is_empty() => FieldKind::Choice(choices),
                Some("boolean") => FieldKind::Boolean,
                Some("integer") => FieldKind::Integer,
                Some("number") => FieldKind::Number,
                _ => FieldKind::Text,
            };
            Field {
                name: name.clone(),
                label: p["title"]
                    .as_str()
                    .or_else(|| p["description"].as_str())
                    .map(str::to_string),
                kind,
                required: required.contains(&name.as_str()),
                default: p.get("default").filter(|d| !d.is_null()).cloned(),
            }
        })
        .collect();
    let mut fields: Vec<Field> = fields;
    if let Some(order) = order {
        fields.sort_by_key(|f| {
            order
                .iter()
                .position(|o| o == &f.name)
                .unwrap_or(usize::MAX)
        });
    }
    Some(Elicitation {
        message: wire["message"].as_str().unwrap_or("").to_string(),
        fields,
    })
}

/// A server that started and listed its tools.
pub struct Connected {
    spec: ServerSpec,
    client: Mutex<Option<Client>>,
    peer: rmcp::Peer<RoleClient>,
    process: Mutex<Option<ServerProcess>>,
    log: Option<Arc<Log>>,
    tools: Vec<ToolInfo>,
    extras: Extras,
    waits: Arc<HumanWait>,
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

    /// The tools archie adds to read the server's resources ([`LIST_RESOURCES`],
    /// [`READ_RESOURCE`]), when it has resources and no tools of those names; offered
    /// beside its own.
    pub fn resource_tools(&self) -> Vec<ToolInfo> {
        if self.extras.resource_tools {
            resource_tools()
        } else {
            Vec::new()
        }
    }

    /// What the server says about using it (its `instructions`).
    pub fn instructions(&self) -> Option<&str> {
        self.extras.instructions.as_deref()
    }

    /// Its prompts: name and description.
    pub fn prompts(&self) -> &[(String, String)] {
        &self.extras.prompts
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

    /// The connection closed: how the server ended, if it did (waiting a moment for it,
    /// and for the rest of its stderr), and what it last wrote.
    async fn closed(&self) -> McpError {
        let exit = match self.process.lock().await.as_mut() {
            Some(process) => process.exited(EXIT_GRACE).await.map(|s| s.to_string()),
            None => None,
        };
        McpError::Closed {
            server: self.spec.name.clone(),
            exit,
            stderr: self
                .log
                .as_ref()
                .map(|l| failure_tail(l))
                .unwrap_or_default(),
        }
    }

    async fn service_error(&self, what: &str, err: ServiceError) -> McpError {
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
                    None => self.closed().await,
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

    /// `resources/list`, every page (at most [`MAX_PAGES`]), as a tool's text result.
    async fn list_resources(&self) -> Result<ToolOutput, McpError> {
        let mut lines = Vec::new();
        let mut cursor: Option<String> = None;
        for _ in 0..MAX_PAGES {
            let params = cursor
                .take()
                .map(|c| PaginatedRequestParams::default().with_cursor(Some(c)));
            let page = self
                .bounded(
                    "listing resources",
                    self.spec.tool_timeout,
                    self.peer.list_resources(params),
                )
                .await?;
            let wire = serde_json::to_value(&page).unwrap_or_default();
            for r in wire["resources"].as_array().into_iter().flatten() {
                let mut line = format!("- {}", r["uri"].as_str().unwrap_or(""));
                if let Some(name) = r["name"].as_str() {
                    line.push_str(&format!(" ({name})"));
                }
                if let Some(d) = r["description"].as_str() {
                    line.push_str(&format!(": {d}"));
                }
                if let Some(m) = r["mimeType"].as_str() {
                    line.push_str(&format!(" [{m}]"));
                }
                lines.push(line);
            }
            match wire["nextCursor"].as_str() {
                Some(next) if !next.is_empty() => cursor = Some(next.to_string()),
                _ => break,
            }
        }
        Ok(ToolOutput::text(if lines.is_empty() {
            "no resources".to_string()
        } else {
            lines.join("\n")
        }))
    }

    /// Runs `fut` for at most `limit` (time spent answering the server's questions not
    /// counted). Dropping an rmcp request future sends
    /// `notifications/cancelled` for it, so a timed-out call is cancelled on the server.
    async fn bounded<T>(
        &self,
        what: &str,
        limit: Duration,
        fut: impl Future<Output = Result<T, ServiceError>>,
    ) -> Result<T, McpError> {
        match within_limit(limit, &self.waits, fut).await {
            Err(()) => Err(McpError::Timeout {
                server: self.spec.name.clone(),
                what: what.into(),
                after: limit,
            }),
            Ok(Err(err)) => Err(self.service_error(what, err).await),
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
            if self.extras.resource_tools {
                match tool {
                    LIST_RESOURCES => return self.list_resources().await,
                    READ_RESOURCE => {
                        let uri = arguments.get("uri").and_then(Value::as_str).unwrap_or("");
                        let resource = self.read_resource(uri).await?;
                        return Ok(ToolOutput::text(format!(
                            "[resource {}]\n{}",
                            resource.uri, resource.text
                        )));
                    }
                    _ => {}
                }
            }
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

/// `dir` as a root names it: absolute, without `.` or `..` (symbolic links resolved
/// when it exists).
pub fn normalised(dir: &std::path::Path) -> Option<std::path::PathBuf> {
    if let Ok(real) = std::fs::canonicalize(dir) {
        return Some(real);
    }
    Some(crate::files::lexical(&std::path::absolute(dir).ok()?))
}

/// The folders a stdio server's command line gives it (`server-filesystem /srv/docs`):
/// its arguments that name a folder, relative to its `cwd`.
fn folders_given(command_args: &[String], cwd: Option<&std::path::Path>) -> Vec<String> {
    command_args
        .iter()
        .filter(|a| !a.starts_with('-'))
        .filter(|a| match cwd {
            Some(cwd) => cwd.join(a).is_dir(),
            None => std::path::Path::new(a).is_dir(),
        })
        .cloned()
        .collect()
}

/// The client's identity, its capabilities (`roots` when it has folders to offer,
/// `elicitation` (form) when someone can answer), and the newest protocol version that
/// still has `initialize` (what servers of every age answer).
fn client_config(context: &ClientContext) -> ClientConfig {
    let mut capabilities = serde_json::Map::new();
    if !context.roots.is_empty() {
        capabilities.insert("roots".into(), serde_json::json!({"listChanged": false}));
    }
    if context.elicitor.is_some() {
        capabilities.insert("elicitation".into(), serde_json::json!({}));
    }
    let capabilities: ClientCapabilities =
        serde_json::from_value(Value::Object(capabilities)).unwrap_or_default();
    ClientConfig::new(
        capabilities,
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
    connect_all_with(specs, events, verbose, &ClientContext::default()).await
}

/// [`connect_all`], offering the servers `context` (roots, elicitation).
pub async fn connect_all_with(
    specs: &[ServerSpec],
    events: &Events,
    verbose: bool,
    context: &ClientContext,
) -> (Vec<Connected>, Vec<ConnectFailure>) {
    let results = futures_util::future::join_all(
        specs
            .iter()
            .map(|spec| connect(spec.clone(), events, verbose, context)),
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
    context: &ClientContext,
) -> Result<Connected, ConnectFailure> {
    let started = Instant::now();
    let waits = Arc::new(HumanWait::default());
    let context = offered_context(&spec, events, context);
    let handler = || Handler {
        server: spec.name.clone(),
        context: context.clone(),
        events: events.clone(),
        waits: Arc::clone(&waits),
    };
    let up = match &spec.transport {
        Transport::Stdio {
            command,
            args,
            env,
            cwd,
        } => {
            let cmd = server_command(&spec, events, command, args, env, cwd.as_deref());
            start_stdio(&spec, cmd, events, verbose, handler).await?
        }
        Transport::Http { url, headers } => {
            start_http(&spec, url, headers, events, started, handler).await?
        }
    };
    let (process, log) = match up.process {
        Some((process, log)) => (Some(process), Some(log)),
        None => (None, None),
    };
    Ok(Connected {
        peer: up.client.peer().clone(),
        client: Mutex::new(Some(up.client)),
        process: Mutex::new(process),
        log,
        tools: up.tools,
        extras: up.extras,
        waits,
        startup_ms: started.elapsed().as_millis() as u64,
        spec,
    })
}

/// A server started and listed, before it is [`Connected`]: for a child process, the
/// process and its stderr log too.
struct Started {
    client: Client,
    tools: Vec<ToolInfo>,
    extras: Extras,
    process: Option<(ServerProcess, Arc<Log>)>,
}

fn failure(spec: &ServerSpec, reason: String, stderr: Vec<String>) -> ConnectFailure {
    ConnectFailure {
        server: spec.name.clone(),
        reason,
        stderr,
    }
}

/// The client context offered to `spec`'s server. A server given folders in its
/// configuration keeps to them: archie's roots would replace them (server-filesystem
/// takes the client's roots instead of its own folders), which could widen what it may
/// touch. It is offered no roots.
fn offered_context(spec: &ServerSpec, events: &Events, context: &ClientContext) -> ClientContext {
    let mut context = context.clone();
    if let Transport::Stdio { args, cwd, .. } = &spec.transport
        && !context.roots.is_empty()
    {
        let given = folders_given(args, cwd.as_deref());
        if !given.is_empty() {
            events.emit(crate::events::Event::Detail {
                message: format!(
                    "{}: not offered archie's roots; it keeps the folders its configuration \
                     gives it ({})",
                    spec.name,
                    given.join(", ")
                ),
            });
            context.roots.clear();
        }
    }
    context
}

/// The command that starts a stdio server. Not archie's environment: the few variables a
/// program needs, those the server's `env_vars` names, and its own `env` (see `config`).
fn server_command(
    spec: &ServerSpec,
    events: &Events,
    command: &str,
    args: &[String],
    env: &BTreeMap<String, String>,
    cwd: Option<&std::path::Path>,
) -> tokio::process::Command {
    let mut cmd = tokio::process::Command::new(command);
    cmd.args(args);
    cmd.env_clear();
    cmd.envs(&spec.inherit);
    cmd.envs(env);
    for withheld in &spec.withheld {
        events.emit(Event::Warning {
            message: format!("{}: {withheld}", spec.name),
        });
    }
    if let Some(cwd) = cwd {
        cmd.current_dir(cwd);
    }
    cmd
}

/// Starts a stdio server's process and shakes hands within its start-up time; a server
/// that fails is stopped, and the failure says why (its exit, an oversize message, or the
/// handshake's error) with the tail of its stderr.
async fn start_stdio(
    spec: &ServerSpec,
    cmd: tokio::process::Command,
    events: &Events,
    verbose: bool,
    handler: impl Fn() -> Handler,
) -> Result<Started, ConnectFailure> {
    let (mut process, pipes) = ServerProcess::spawn(
        &spec.name,
        cmd,
        MAX_MESSAGE_BYTES,
        verbose.then(|| events.clone()),
    )
    .map_err(|e| {
        failure(
            spec,
            format!("could not start `{}`: {e}", spec.display),
            Vec::new(),
        )
    })?;
    let log = Arc::clone(&process.log);
    // The line limit is ours (an error closes the connection at once); rmcp's
    // own limit would drop the message and leave the request waiting.
    let transport =
        AsyncRwTransport::new_client(pipes.stdout, pipes.stdin).with_max_line_length(usize::MAX);
    let handshake = async {
        let client = handler()
            .serve(transport)
            .await
            .map_err(|e| root_cause(&e))?;
        let tools = listing(&client).await?;
        Ok::<_, String>((client, tools))
    };
    match tokio::time::timeout(spec.startup_timeout, handshake).await {
        Ok(Ok((client, (tools, extras)))) => Ok(Started {
            client,
            tools,
            extras,
            process: Some((process, log)),
        }),
        Ok(Err(err)) => {
            let status = process.exited(EXIT_GRACE).await;
            process.shutdown(EXIT_GRACE).await;
            let reason = match status {
                Some(status) => format!("exited at start ({status})"),
                None => match log.oversize() {
                    Some(limit) => format!("sent a message larger than {} MiB", limit >> 20),
                    None => format!("failed to start: {err}"),
                },
            };
            Err(failure(spec, reason, failure_tail(&log)))
        }
        Err(_) => {
            process.shutdown(EXIT_GRACE).await;
            Err(failure(
                spec,
                format!("did not start in {} s", spec.startup_timeout.as_secs_f64()),
                failure_tail(&log),
            ))
        }
    }
}

/// Connects to a streamable HTTP server, retrying what may pass (a refused connection,
/// a 5xx) within its start-up time.
async fn start_http(
    spec: &ServerSpec,
    url: &str,
    headers: &BTreeMap<String, String>,
    events: &Events,
    started: Instant,
    handler: impl Fn() -> Handler,
) -> Result<Started, ConnectFailure> {
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
            let client = handler()
                .serve(transport)
                .await
                .map_err(|e| HttpFailure::retryable(root_cause(&e)))?;
            let tools = listing(&client).await.map_err(HttpFailure::retryable)?;
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
        Ok((client, (tools, extras))) => Ok(Started {
            client,
            tools,
            extras,
            process: None,
        }),
        Err(gave_up) => Err(failure(
            spec,
            crate::secrets::redact_text(&gave_up.last.message),
            Vec::new(),
        )),
    }
}

/// The last lines of a server's stderr, for a failure; with npm's `npm error code …`
/// line first when the tail does not hold it (npm ends with where its log is, which
/// says nothing), so a failed `npx` says why (E404, ENOTFOUND, ETIMEDOUT, …).
fn failure_tail(log: &Log) -> Vec<String> {
    let mut tail = log.tail(STDERR_TAIL);
    let is_code = |l: &String| l.starts_with("npm error code") || l.starts_with("npm ERR! code");
    if !tail.iter().any(is_code)
        && let Some(code) = log.tail(usize::MAX).into_iter().rev().find(is_code)
    {
        tail.insert(0, code);
    }
    tail
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

/// What a server offers besides its tools.
#[derive(Debug, Clone, Default)]
struct Extras {
    /// Its `instructions` (from `initialize`).
    instructions: Option<String>,
    /// Its prompts (name, description), when it has the capability.
    prompts: Vec<(String, String)>,
    /// It has the `resources` capability.
    resources: bool,
    /// [`LIST_RESOURCES`] and [`READ_RESOURCE`] are offered for it.
    resource_tools: bool,
}

/// The tool archie adds to a server with resources (and no tool of that name) to list
/// them, so a plan can use them.
pub const LIST_RESOURCES: &str = "list_resources";
/// The tool archie adds to read one of those resources.
pub const READ_RESOURCE: &str = "read_resource";

/// The two resource tools, as a server's own tools look.
fn resource_tools() -> Vec<ToolInfo> {
    let read_only = super::Hints {
        read_only: Some(true),
        destructive: Some(false),
        idempotent: Some(true),
        open_world: None,
    };
    vec![
        ToolInfo {
            name: LIST_RESOURCES.into(),
            title: None,
            description: Some(
                "List the resources (documents, files, records) this server offers: URI, \
                 name, description. Read one with read_resource."
                    .into(),
            ),
            input_schema: serde_json::json!({"type": "object", "properties": {}}),
            output_schema: None,
            annotations: read_only,
        },
        ToolInfo {
            name: READ_RESOURCE.into(),
            title: None,
            description: Some("Read one resource of this server by its URI.".into()),
            input_schema: serde_json::json!({
                "type": "object",
                "properties": {"uri": {"type": "string", "description": "the resource's URI"}},
                "required": ["uri"]
            }),
            output_schema: None,
            annotations: read_only,
        },
    ]
}

/// A server's tools (every page) and its extras: instructions, prompts (the first page;
/// a server that fails to list them just has none), whether it has resources.
async fn listing(client: &Client) -> Result<(Vec<ToolInfo>, Extras), String> {
    let tools = list_all(client).await?;
    let info = client
        .peer_info()
        .and_then(|i| serde_json::to_value(&*i).ok())
        .unwrap_or_default();
    let mut extras = Extras {
        instructions: info["instructions"]
            .as_str()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_string),
        prompts: Vec::new(),
        resources: info["capabilities"].get("resources").is_some(),
        resource_tools: false,
    };
    extras.resource_tools = extras.resources
        && !tools
            .iter()
            .any(|t| t.name == LIST_RESOURCES || t.name == READ_RESOURCE);
    if info["capabilities"].get("prompts").is_some()
        && let Ok(page) = client.list_prompts(None).await
    {
        extras.prompts = page
            .prompts
            .iter()
            .map(|p| {
                let wire = serde_json::to_value(p).unwrap_or_default();
                (
                    wire["name"].as_str().unwrap_or("").to_string(),
                    wire["description"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect();
    }
    Ok((tools, extras))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// On tokio's paused clock: a call of 1.5 s against a limit of 1 s times out alone,
    /// and ends when a question the server asked meanwhile took the human 2 s.
    #[tokio::test(start_paused = true)]
    async fn time_spent_answering_a_servers_question_is_not_counted_against_its_call() {
        let call = || tokio::time::sleep(Duration::from_millis(1500));
        let waits = HumanWait::default();
        assert_eq!(
            within_limit(Duration::from_secs(1), &waits, call()).await,
            Err(())
        );

        let waits = Arc::new(HumanWait::default());
        let asker = Arc::clone(&waits);
        let question = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(200)).await;
            asker
                .counting(tokio::time::sleep(Duration::from_secs(2)))
                .await;
        });
        let call = async {
            question.await.unwrap();
            tokio::time::sleep(Duration::from_millis(500)).await;
        };
        assert_eq!(
            within_limit(Duration::from_secs(1), &waits, call).await,
            Ok(())
        );
    }

    #[test]
    fn a_form_elicitation_is_read_into_fields() {
        let wire = serde_json::json!({
            "message": "Who?",
            "requestedSchema": {"type": "object", "properties": {
                "name": {"type": "string", "title": "Your name"},
                "level": {"type": "string", "enum": ["low", "high"]},
                "n": {"type": "integer", "default": 30},
                "ok": {"type": "boolean", "description": "Sure?"}
            }, "required": ["name"]}
        });
        let order: Vec<String> = ["ok", "name", "n", "level"].map(String::from).to_vec();
        let e = elicitation_from_wire(&wire, Some(&order)).unwrap();
        let names: Vec<&str> = e.fields.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["ok", "name", "n", "level"], "the server's order");
        assert_eq!(e.fields[2].default, Some(serde_json::json!(30)));
        assert_eq!(e.message, "Who?");
        let kinds: Vec<(&str, &FieldKind, bool)> = e
            .fields
            .iter()
            .map(|f| (f.name.as_str(), &f.kind, f.required))
            .collect();
        assert!(kinds.contains(&("name", &FieldKind::Text, true)));
        assert!(kinds.contains(&(
            "level",
            &FieldKind::Choice(vec!["low".into(), "high".into()]),
            false
        )));
        assert!(kinds.contains(&("n", &FieldKind::Integer, false)));
        assert!(kinds.contains(&("ok", &FieldKind::Boolean, false)));
        assert!(
            elicitation_from_wire(
                &serde_json::json!({"mode": "url", "url": "https://x"}),
                None
            )
            .is_none()
        );
    }
}
