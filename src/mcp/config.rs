//! Which MCP servers to use, in the `mcpServers` shape that Claude Desktop, Cursor and
//! Claude Code read:
//!
//! ```json
//! { "mcpServers": {
//!     "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."],
//!                "env": {"DEBUG": "0"}, "cwd": ".",
//!                "startup_timeout_sec": 30, "tool_timeout_sec": 60,
//!                "disabled_tools": ["write_file"] },
//!     "docs":  { "type": "http", "url": "https://example.com/mcp",
//!                "headers": {"Authorization": "Bearer ${DOCS_TOKEN}"} } } }
//! ```
//!
//! Read from `--mcp-config FILE`, else `.mcp.json` in the current folder (then beside
//! the memory file), else `[mcp.servers.NAME]` tables in `archie.toml`. `${VAR}` and
//! `${VAR:-default}` in commands, arguments, env values, URLs and headers are expanded
//! from the environment (so tokens stay out of the file); header values are treated as
//! secrets and redacted wherever archie prints or stores text.

use crate::config::EnvLookup;
use crate::error::UsageError;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The default time a server has to start and answer `initialize` and `tools/list`.
pub const DEFAULT_STARTUP_TIMEOUT: Duration = Duration::from_secs(30);
/// The default time one tool call may take.
pub const DEFAULT_TOOL_TIMEOUT: Duration = Duration::from_secs(60);

/// The servers to connect, in name order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct McpConfig {
    pub servers: Vec<ServerSpec>,
    /// Where the configuration came from (for messages), if anywhere.
    pub source: Option<String>,
}

/// One configured server.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerSpec {
    pub name: String,
    pub transport: Transport,
    pub startup_timeout: Duration,
    pub tool_timeout: Duration,
    /// Only these tools are offered (all when `None`).
    pub enabled_tools: Option<Vec<String>>,
    /// These tools are never offered.
    pub disabled_tools: Vec<String>,
}

impl ServerSpec {
    /// Whether `tool` may be offered, by `enabled_tools` and `disabled_tools`.
    pub fn allows(&self, tool: &str) -> bool {
        self.enabled_tools
            .as_ref()
            .is_none_or(|on| on.iter().any(|t| t == tool))
            && !self.disabled_tools.iter().any(|t| t == tool)
    }
}

/// How to reach a server.
#[derive(Debug, Clone, PartialEq)]
pub enum Transport {
    /// A child process speaking JSON-RPC on stdin/stdout.
    Stdio {
        command: String,
        args: Vec<String>,
        env: BTreeMap<String, String>,
        cwd: Option<PathBuf>,
    },
    /// Streamable HTTP.
    Http {
        url: String,
        headers: BTreeMap<String, String>,
    },
}

impl Transport {
    /// One line for people: the command line or the URL.
    pub fn describe(&self) -> String {
        match self {
            Transport::Stdio { command, args, .. } => {
                crate::shell::join(std::iter::once(command).chain(args))
            }
            Transport::Http { url, .. } => url.clone(),
        }
    }
}

/// The JSON file.
#[derive(Debug, Deserialize)]
struct File {
    #[serde(rename = "mcpServers", alias = "mcp_servers", default)]
    servers: BTreeMap<String, RawServer>,
}

/// `[mcp]` in archie.toml.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct McpSection {
    #[serde(default)]
    servers: BTreeMap<String, RawServer>,
    /// Defaults for every server.
    startup_timeout_sec: Option<f64>,
    tool_timeout_sec: Option<f64>,
}

/// One server as written. Unknown keys are ignored: other tools' files carry their own.
#[derive(Debug, Clone, Default, Deserialize)]
struct RawServer {
    #[serde(rename = "type")]
    kind: Option<String>,
    command: Option<String>,
    #[serde(default)]
    args: Vec<String>,
    #[serde(default)]
    env: BTreeMap<String, String>,
    cwd: Option<PathBuf>,
    url: Option<String>,
    #[serde(default)]
    headers: BTreeMap<String, String>,
    #[serde(alias = "startupTimeoutSec")]
    startup_timeout_sec: Option<f64>,
    #[serde(alias = "toolTimeoutSec")]
    tool_timeout_sec: Option<f64>,
    #[serde(alias = "enabledTools")]
    enabled_tools: Option<Vec<String>>,
    #[serde(default, alias = "disabledTools")]
    disabled_tools: Vec<String>,
    #[serde(default)]
    disabled: bool,
}

/// Where to look, in order.
pub struct Sources<'a> {
    /// `--mcp-config FILE`.
    pub file: Option<&'a Path>,
    /// The memory file's folder (a second place for `.mcp.json` and `archie.toml`).
    pub memory_dir: &'a Path,
    pub env: EnvLookup<'a>,
}

impl McpConfig {
    /// Reads the configuration: `--mcp-config FILE` (which must exist), else `.mcp.json`
    /// in the current folder or beside the memory file, else `[mcp]` in `archie.toml`.
    /// No configuration at all is an empty one (archie's built-in tools still work).
    pub fn load(sources: &Sources<'_>) -> Result<McpConfig, UsageError> {
        if let Some(file) = sources.file {
            return Self::read_json(file, sources.env, true).map(|c| c.unwrap_or_default());
        }
        let mut candidates = vec![PathBuf::from(".mcp.json")];
        if !sources.memory_dir.as_os_str().is_empty() {
            candidates.push(sources.memory_dir.join(".mcp.json"));
        }
        for path in candidates {
            if let Some(config) = Self::read_json(&path, sources.env, false)? {
                return Ok(config);
            }
        }
        let section: McpSection = crate::config::section("mcp", sources.memory_dir, sources.env)
            .map_err(|e| {
                UsageError::new(e.to_string())
                    .hint("Write servers as [mcp.servers.NAME] with command/args or url.")
            })?;
        let defaults = Defaults {
            startup: secs(section.startup_timeout_sec, "startup_timeout_sec", "[mcp]")?,
            tool: secs(section.tool_timeout_sec, "tool_timeout_sec", "[mcp]")?,
        };
        let source = (!section.servers.is_empty()).then(|| "archie.toml [mcp]".to_string());
        build(
            section.servers,
            Path::new(""),
            &defaults,
            sources.env,
            source,
        )
    }

    fn read_json(
        path: &Path,
        env: EnvLookup<'_>,
        required: bool,
    ) -> Result<Option<McpConfig>, UsageError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound && !required => {
                return Ok(None);
            }
            Err(err) => {
                return Err(
                    UsageError::new(format!("cannot read {}: {err}", path.display()))
                        .hint("Give --mcp-config a readable JSON file with \"mcpServers\"."),
                );
            }
        };
        let file: File = serde_json::from_str(&text).map_err(|err| {
            UsageError::new(format!(
                "{} is not a valid MCP configuration ({err})",
                path.display()
            ))
            .hint(
                "Expected {\"mcpServers\": {\"NAME\": {\"command\": \"…\", \"args\": […]}}} \
                 or {\"mcpServers\": {\"NAME\": {\"url\": \"https://…/mcp\"}}}.",
            )
        })?;
        let dir = path.parent().unwrap_or(Path::new(""));
        build(
            file.servers,
            dir,
            &Defaults::default(),
            env,
            Some(path.display().to_string()),
        )
        .map(Some)
    }
}

#[derive(Default)]
struct Defaults {
    startup: Option<Duration>,
    tool: Option<Duration>,
}

fn secs(value: Option<f64>, key: &str, server: &str) -> Result<Option<Duration>, UsageError> {
    match value {
        None => Ok(None),
        Some(v) if v.is_finite() && v > 0.0 && v <= 86_400.0 => {
            Ok(Some(Duration::from_secs_f64(v)))
        }
        Some(v) => Err(UsageError::new(format!(
            "{server}: {key} = {v} is not a number of seconds between 0 and 86400"
        ))),
    }
}

fn build(
    raw: BTreeMap<String, RawServer>,
    dir: &Path,
    defaults: &Defaults,
    env: EnvLookup<'_>,
    source: Option<String>,
) -> Result<McpConfig, UsageError> {
    let mut servers = Vec::new();
    for (name, server) in raw {
        if server.disabled {
            continue;
        }
        let context = format!("MCP server `{name}`");
        let expand = |s: &str| expand_vars(s, env);
        let kind = server.kind.as_deref().map(str::to_ascii_lowercase);
        let transport = match (kind.as_deref(), &server.command, &server.url) {
            (None | Some("stdio"), Some(command), _) => Transport::Stdio {
                command: expand(command),
                args: server.args.iter().map(|a| expand(a)).collect(),
                env: server
                    .env
                    .iter()
                    .map(|(k, v)| (k.clone(), expand(v)))
                    .collect(),
                cwd: server.cwd.as_ref().map(|c| {
                    let c = PathBuf::from(expand(&c.to_string_lossy()));
                    if c.is_relative() && !dir.as_os_str().is_empty() {
                        dir.join(c)
                    } else {
                        c
                    }
                }),
            },
            (
                None | Some("http") | Some("streamable-http") | Some("streamable_http"),
                None,
                Some(url),
            ) => {
                let headers: BTreeMap<String, String> = server
                    .headers
                    .iter()
                    .map(|(k, v)| (k.clone(), expand(v)))
                    .collect();
                for value in headers.values() {
                    crate::secrets::register(value);
                    if let Some((_, token)) = value.split_once(' ') {
                        crate::secrets::register(token);
                    }
                }
                Transport::Http {
                    url: expand(url),
                    headers,
                }
            }
            (Some("sse"), _, _) => {
                return Err(UsageError::new(format!(
                    "{context}: the old HTTP+SSE transport is not supported"
                ))
                .hint("Use the server's streamable HTTP endpoint (\"type\": \"http\") or run it over stdio."));
            }
            (Some(other), _, _)
                if !["stdio", "http", "streamable-http", "streamable_http"].contains(&other) =>
            {
                return Err(
                    UsageError::new(format!("{context}: unknown \"type\": \"{other}\""))
                        .hint("Use \"stdio\" (with \"command\") or \"http\" (with \"url\")."),
                );
            }
            _ => {
                return Err(UsageError::new(format!(
                    "{context} needs either \"command\" (stdio) or \"url\" (HTTP)"
                )));
            }
        };
        servers.push(ServerSpec {
            startup_timeout: secs(server.startup_timeout_sec, "startup_timeout_sec", &context)?
                .or(defaults.startup)
                .unwrap_or(DEFAULT_STARTUP_TIMEOUT),
            tool_timeout: secs(server.tool_timeout_sec, "tool_timeout_sec", &context)?
                .or(defaults.tool)
                .unwrap_or(DEFAULT_TOOL_TIMEOUT),
            enabled_tools: server.enabled_tools,
            disabled_tools: server.disabled_tools,
            name,
            transport,
        });
    }
    Ok(McpConfig { servers, source })
}

/// Expands `${VAR}` and `${VAR:-default}`; an unset variable without a default becomes
/// empty. `$$` is a literal `$`.
pub fn expand_vars(text: &str, env: EnvLookup<'_>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        if let Some(tail) = after.strip_prefix('$') {
            out.push('$');
            rest = tail;
        } else if let Some(body) = after.strip_prefix('{')
            && let Some(end) = body.find('}')
        {
            let inner = &body[..end];
            let (name, default) = match inner.split_once(":-") {
                Some((n, d)) => (n, Some(d)),
                None => (inner, None),
            };
            let value = env(name).filter(|v| !v.is_empty() || default.is_none());
            out.push_str(&value.unwrap_or_else(|| default.unwrap_or("").to_string()));
            rest = &body[end + 1..];
        } else {
            out.push('$');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(name: &str) -> Option<String> {
        match name {
            "TOKEN" => Some("s3cr3t-token-value".into()),
            "EMPTY" => Some(String::new()),
            _ => None,
        }
    }

    #[test]
    fn variables_expand_with_defaults() {
        assert_eq!(
            expand_vars("Bearer ${TOKEN}", &env),
            "Bearer s3cr3t-token-value"
        );
        assert_eq!(expand_vars("${NOPE:-x}/${EMPTY:-y}", &env), "x/y");
        assert_eq!(expand_vars("a$$b $c ${NOPE}", &env), "a$b $c ");
    }

    #[test]
    fn the_mcp_servers_shape_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mcp.json");
        std::fs::write(
            &path,
            r#"{"mcpServers": {
                "files": {"command": "npx", "args": ["-y", "srv"], "cwd": "sub",
                          "tool_timeout_sec": 5, "disabled_tools": ["write"], "other": 1},
                "web": {"type": "http", "url": "http://127.0.0.1:1/mcp",
                        "headers": {"Authorization": "Bearer ${TOKEN}"}},
                "off": {"command": "x", "disabled": true}
            }}"#,
        )
        .unwrap();
        let config = McpConfig::load(&Sources {
            file: Some(&path),
            memory_dir: Path::new(""),
            env: &env,
        })
        .unwrap();
        assert_eq!(config.servers.len(), 2);
        let files = &config.servers[0];
        assert_eq!(files.name, "files");
        assert_eq!(files.tool_timeout, Duration::from_secs(5));
        assert_eq!(files.startup_timeout, DEFAULT_STARTUP_TIMEOUT);
        assert!(!files.allows("write") && files.allows("read"));
        match &files.transport {
            Transport::Stdio { cwd, .. } => {
                assert_eq!(cwd.as_deref(), Some(&*dir.path().join("sub")))
            }
            other => panic!("{other:?}"),
        }
        match &config.servers[1].transport {
            Transport::Http { headers, .. } => {
                assert_eq!(headers["Authorization"], "Bearer s3cr3t-token-value")
            }
            other => panic!("{other:?}"),
        }
        assert!(!crate::secrets::redact_text("Bearer s3cr3t-token-value").contains("s3cr3t"));
    }

    #[test]
    fn a_server_without_command_or_url_is_a_usage_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mcp.json");
        std::fs::write(&path, r#"{"mcpServers": {"x": {"args": []}}}"#).unwrap();
        let err = McpConfig::load(&Sources {
            file: Some(&path),
            memory_dir: Path::new(""),
            env: &env,
        })
        .unwrap_err();
        assert!(err.message.contains("`x`"), "{err}");
    }
}
