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
use crate::env_vars::EnvVars;
use crate::error::UsageError;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The default time a server has to start and answer `initialize` and `tools/list`.
pub const DEFAULT_STARTUP_TIMEOUT: Duration = Duration::from_secs(30);
/// The default time one tool call may take.
pub const DEFAULT_TOOL_TIMEOUT: Duration = Duration::from_secs(60);

/// The variables of archie's environment every stdio server gets (when they are set):
/// what a program needs to find its tools, its home, its locale, its terminal, a
/// temporary folder and a proxy. The list of Codex (`DEFAULT_ENV_VARS`) and of the MCP
/// SDKs' `getDefaultEnvironment`, plus the locale categories, proxies and CA bundles.
pub const DEFAULT_ENV_VARS: &[&str] = &[
    EnvVars::HOME,
    "LOGNAME",
    "USER",
    "PATH",
    "SHELL",
    EnvVars::TERM,
    "TMPDIR",
    "TZ",
    "LANG",
    "LANGUAGE",
    "LC_ALL",
    "LC_CTYPE",
    "LC_COLLATE",
    "LC_MESSAGES",
    "LC_MONETARY",
    "LC_NUMERIC",
    "LC_TIME",
    "__CF_USER_TEXT_ENCODING",
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "NO_PROXY",
    "http_proxy",
    "https_proxy",
    "no_proxy",
    "SSL_CERT_FILE",
    "SSL_CERT_DIR",
    "NODE_EXTRA_CA_CERTS",
];

/// The variables that may hold archie's own credentials, by default (`[llm] api_key_env`
/// and the `[upgrade] …_env` settings add the ones they name).
const OWN_SECRET_VARS: &[&str] = &[
    EnvVars::OPENAI_API_KEY,
    EnvVars::OPENAI_BASE_URL,
    EnvVars::OPENAI_API_BASE,
    "BASE_URL",
    EnvVars::UPGRADE_TOKEN,
    EnvVars::UPGRADE_CLIENT_API_KEY,
    EnvVars::UPGRADE_CLIENT_API_SECRET,
];

/// The servers to connect, in name order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct McpConfig {
    pub servers: Vec<ServerSpec>,
    /// Where the configuration came from (for messages), if anywhere.
    pub source: Option<String>,
    /// Servers left out, with why (a `${VAR}` that is not set, a transport archie does
    /// not speak, an entry without `command` or `url`): warned about, never fatal.
    pub skipped: Vec<Skipped>,
}

/// A configured server archie does not start.
#[derive(Debug, Clone, PartialEq)]
pub struct Skipped {
    pub server: String,
    pub reason: String,
    /// What to do about it.
    pub hint: String,
}

impl Skipped {
    /// One line: the reason, then the hint.
    pub fn message(&self) -> String {
        format!("{} ({})", self.reason, self.hint)
    }
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
    /// A stdio server's share of archie's environment: [`DEFAULT_ENV_VARS`] and the
    /// variables its `env_vars` names, archie's own credentials left out. (Its own `env`
    /// is in the transport.)
    pub inherit: BTreeMap<String, String>,
    /// What was kept from the server and why (shown when it starts).
    pub withheld: Vec<String>,
    /// The command line or URL as written, before `${VAR}` expansion and redacted: what
    /// `archie mcp list` shows.
    pub display: String,
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
    /// More variables of archie's environment to pass on, by name (Codex's `env_vars`).
    #[serde(
        default,
        alias = "envVars",
        alias = "env_passthrough",
        alias = "envPassthrough"
    )]
    env_vars: Vec<String>,
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
        let own = OwnSecrets::of(sources.memory_dir, sources.env);
        if let Some(file) = sources.file {
            return Self::read_json(file, sources.env, &own, true).map(|c| c.unwrap_or_default());
        }
        let mut candidates = vec![PathBuf::from(".mcp.json")];
        if !sources.memory_dir.as_os_str().is_empty() {
            candidates.push(sources.memory_dir.join(".mcp.json"));
        }
        for path in candidates {
            if let Some(config) = Self::read_json(&path, sources.env, &own, false)? {
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
            &own,
            source,
        )
    }

    fn read_json(
        path: &Path,
        env: EnvLookup<'_>,
        own: &OwnSecrets,
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
            own,
            Some(path.display().to_string()),
        )
        .map(Some)
    }
}

/// archie's own credentials: the variables that hold them and their values.
#[derive(Debug, Default)]
struct OwnSecrets {
    vars: Vec<String>,
    values: Vec<String>,
}

/// The settings that name the variables of archie's credentials (read leniently: the
/// LLM and UpGrade settings check their own tables).
#[derive(Debug, Default, Deserialize)]
struct NamedVars {
    api_key_env: Option<String>,
    token_env: Option<String>,
    client_api_key_env: Option<String>,
    client_api_secret_env: Option<String>,
}

impl OwnSecrets {
    fn of(memory_dir: &Path, env: EnvLookup<'_>) -> Self {
        let mut vars: Vec<String> = OWN_SECRET_VARS.iter().map(|v| v.to_string()).collect();
        for table in ["llm", "upgrade"] {
            let named: NamedVars =
                crate::config::section(table, memory_dir, env).unwrap_or_default();
            vars.extend(
                [
                    named.api_key_env,
                    named.token_env,
                    named.client_api_key_env,
                    named.client_api_secret_env,
                ]
                .into_iter()
                .flatten(),
            );
        }
        let mut values = Vec::new();
        for var in &vars {
            let Some(value) = env(var).map(|v| v.trim().to_string()) else {
                continue;
            };
            if value.contains("://") {
                // A base URL: only the password it may carry is a secret.
                if let Ok(url) = reqwest::Url::parse(&value)
                    && let Some(password) = url.password()
                {
                    values.push(password.to_string());
                }
            } else if value.len() >= 8 {
                values.push(value);
            }
        }
        Self { vars, values }
    }

    /// Whether giving `name=value` to a server would give it one of archie's secrets.
    fn withholds(&self, name: &str, value: &str) -> bool {
        self.vars.iter().any(|v| v == name)
            || self.values.iter().any(|s| value.contains(s.as_str()))
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

/// Why a server is left out: a reason and a hint.
type Skip = (String, String);

/// A server's transport, inherited variables, what was withheld, and its line for people.
type Built = (Transport, BTreeMap<String, String>, Vec<String>, String);

fn build(
    raw: BTreeMap<String, RawServer>,
    dir: &Path,
    defaults: &Defaults,
    env: EnvLookup<'_>,
    own: &OwnSecrets,
    source: Option<String>,
) -> Result<McpConfig, UsageError> {
    let mut servers = Vec::new();
    let mut skipped = Vec::new();
    for (name, server) in raw {
        if server.disabled {
            continue;
        }
        let context = format!("MCP server `{name}`");
        let startup_timeout = secs(server.startup_timeout_sec, "startup_timeout_sec", &context)?
            .or(defaults.startup)
            .unwrap_or(DEFAULT_STARTUP_TIMEOUT);
        let tool_timeout = secs(server.tool_timeout_sec, "tool_timeout_sec", &context)?
            .or(defaults.tool)
            .unwrap_or(DEFAULT_TOOL_TIMEOUT);
        match server_spec(&server, dir, env, own) {
            Ok((transport, inherit, withheld, display)) => servers.push(ServerSpec {
                startup_timeout,
                tool_timeout,
                enabled_tools: server.enabled_tools,
                disabled_tools: server.disabled_tools,
                inherit,
                withheld,
                display,
                name,
                transport,
            }),
            Err((reason, hint)) => skipped.push(Skipped {
                server: name,
                reason,
                hint,
            }),
        }
    }
    Ok(McpConfig {
        servers,
        source,
        skipped,
    })
}

/// One server's transport, inherited variables, what was withheld, and its line for
/// people; or why it is skipped.
fn server_spec(
    server: &RawServer,
    dir: &Path,
    env: EnvLookup<'_>,
    own: &OwnSecrets,
) -> Result<Built, Skip> {
    let expand = |s: &str, what: &str| {
        let expanded = expand_strict(s, env);
        if let Ok(value) = &expanded
            && names_secret_var(s)
        {
            crate::secrets::register(value);
        }
        expanded.map_err(|var| {
            (
                format!("${{{var}}} in its {what} is not set"),
                format!(
                    "Set {var} in the environment, or write ${{{var}:-default}} in the \
                     configuration; \"disabled\": true leaves the server out."
                ),
            )
        })
    };
    let kind = server.kind.as_deref().map(str::to_ascii_lowercase);
    let http_kinds = ["http", "streamable-http", "streamable_http"];
    match (kind.as_deref(), &server.command, &server.url) {
        (None | Some("stdio"), Some(command), _) => {
            let command_line: Vec<&String> = std::iter::once(command).chain(&server.args).collect();
            let command = expand(command, "command")?;
            let args = server
                .args
                .iter()
                .map(|a| expand(a, "arguments"))
                .collect::<Result<Vec<_>, _>>()?;
            if args.iter().chain([&command]).any(|a| own.withholds("", a)) {
                return Err((
                    "its command line would carry one of archie's own credentials".into(),
                    "Give the server its own key (in \"env\", from a variable of its own).".into(),
                ));
            }
            let mut own_env = BTreeMap::new();
            let mut withheld = Vec::new();
            for (k, v) in &server.env {
                let value = expand(v, &format!("env {k}"))?;
                // What a variable named as a secret holds, or was filled from one, is
                // a secret too.
                if crate::secrets::is_secret_name(k) || names_secret_var(v) {
                    crate::secrets::register(&value);
                }
                crate::secrets::register_url_secrets(&value);
                if own.withholds("", &value) {
                    withheld.push(format!(
                        "env {k} is left out: it holds one of archie's own credentials \
                         (give the server its own)"
                    ));
                } else {
                    own_env.insert(k.clone(), value);
                }
            }
            let mut inherit = BTreeMap::new();
            let wanted = DEFAULT_ENV_VARS
                .iter()
                .map(|v| (v.to_string(), false))
                .chain(server.env_vars.iter().map(|v| (v.clone(), true)));
            for (var, asked) in wanted {
                if own_env.contains_key(&var) || inherit.contains_key(&var) {
                    continue;
                }
                let Some(value) = env(&var) else { continue };
                if own.withholds(&var, &value) {
                    if asked {
                        withheld.push(format!(
                            "{var} (env_vars) is left out: it holds one of archie's own \
                             credentials"
                        ));
                    }
                    continue;
                }
                if asked && crate::secrets::is_secret_name(&var) {
                    crate::secrets::register(&value);
                }
                crate::secrets::register_url_password(&value);
                inherit.insert(var, value);
            }
            let cwd = match &server.cwd {
                Some(c) => {
                    let c = PathBuf::from(expand(&c.to_string_lossy(), "cwd")?);
                    Some(if c.is_relative() && !dir.as_os_str().is_empty() {
                        dir.join(c)
                    } else {
                        c
                    })
                }
                None => None,
            };
            // As written, after every secret above is known.
            let display = crate::shell::join(crate::secrets::redact_args(&command_line));
            Ok((
                Transport::Stdio {
                    command,
                    args,
                    env: own_env,
                    cwd,
                },
                inherit,
                withheld,
                display,
            ))
        }
        (None, None, Some(url)) | (Some(_), None, Some(url))
            if kind.as_deref().is_none_or(|k| http_kinds.contains(&k)) =>
        {
            let mut headers = BTreeMap::new();
            for (k, v) in &server.headers {
                let value = expand(v, &format!("header {k}"))?;
                crate::secrets::register(&value);
                if let Some((_, token)) = value.split_once(' ') {
                    crate::secrets::register(token);
                }
                headers.insert(k.clone(), value);
            }
            let url = expand(url, "url")?;
            crate::secrets::register_url_secrets(&url);
            let display = crate::secrets::redact_text(&server.url.clone().unwrap_or_default());
            Ok((
                Transport::Http { url, headers },
                BTreeMap::new(),
                Vec::new(),
                display,
            ))
        }
        (Some("sse"), _, _) => Err((
            "uses the old HTTP+SSE transport (\"type\": \"sse\"), which archie does not speak"
                .into(),
            "Use the server's streamable HTTP endpoint (\"type\": \"http\", often the same \
             URL ending in /mcp) or run it over stdio."
                .into(),
        )),
        (Some(other), _, _) if other != "stdio" && !http_kinds.contains(&other) => Err((
            format!("has an unknown \"type\": \"{other}\""),
            "Use \"stdio\" (with \"command\") or \"http\" (with \"url\").".into(),
        )),
        _ => Err((
            "needs either \"command\" (stdio) or \"url\" (HTTP)".into(),
            "Give it \"command\" and \"args\", or \"url\".".into(),
        )),
    }
}

/// Whether `text` expands a variable whose name marks it as a secret (`${GITHUB_TOKEN}`).
fn names_secret_var(text: &str) -> bool {
    text.split("${").skip(1).any(|rest| {
        let inner = rest.split('}').next().unwrap_or("");
        let name = inner.split(":-").next().unwrap_or("");
        crate::secrets::is_secret_name(name)
    })
}

/// Expands `${VAR}` and `${VAR:-default}`; an unset variable without a default becomes
/// empty. `$$` is a literal `$`.
pub fn expand_vars(text: &str, env: EnvLookup<'_>) -> String {
    expand_with(text, env, &mut |_| {})
}

/// Like [`expand_vars`], but a variable that is not set and has no default is an error
/// (its name), as Claude Code refuses such a configuration.
pub fn expand_strict(text: &str, env: EnvLookup<'_>) -> Result<String, String> {
    let mut missing = None;
    let out = expand_with(text, env, &mut |name| {
        missing.get_or_insert_with(|| name.to_string());
    });
    match missing {
        Some(name) => Err(name),
        None => Ok(out),
    }
}

fn expand_with(text: &str, env: EnvLookup<'_>, missing: &mut dyn FnMut(&str)) -> String {
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
            if value.is_none() && default.is_none() {
                missing(name);
            }
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

    fn load_json(json: &str, env: EnvLookup<'_>) -> McpConfig {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mcp.json");
        std::fs::write(&path, json).unwrap();
        McpConfig::load(&Sources {
            file: Some(&path),
            memory_dir: Path::new(""),
            env,
        })
        .unwrap()
    }

    #[test]
    fn servers_that_cannot_be_used_are_skipped_not_fatal() {
        let config = load_json(
            r#"{"mcpServers": {
                "x": {"args": []},
                "old": {"type": "sse", "url": "http://127.0.0.1:1/sse"},
                "unset": {"command": "srv", "env": {"K": "${NOT_SET_ANYWHERE}"}},
                "ok": {"command": "srv", "args": ["${NOPE:-fallback}"]}
            }}"#,
            &env,
        );
        assert_eq!(config.servers.len(), 1);
        assert_eq!(config.servers[0].name, "ok");
        let reasons: Vec<String> = config
            .skipped
            .iter()
            .map(|s| format!("{}: {}", s.server, s.reason))
            .collect();
        assert_eq!(
            reasons,
            [
                "old: uses the old HTTP+SSE transport (\"type\": \"sse\"), which archie does not speak",
                "unset: ${NOT_SET_ANYWHERE} in its env K is not set",
                "x: needs either \"command\" (stdio) or \"url\" (HTTP)",
            ]
        );
    }

    #[test]
    fn a_stdio_server_gets_a_minimal_environment_and_never_archies_secrets() {
        let env = |name: &str| -> Option<String> {
            Some(
                match name {
                    "PATH" => "/usr/bin",
                    EnvVars::HOME => "/home/u",
                    "LC_TIME" => "C",
                    EnvVars::OPENAI_API_KEY => "probe-llm-key-0001",
                    EnvVars::UPGRADE_TOKEN => "probe-upgrade-token-02",
                    "GITHUB_TOKEN" => "probe-github-token-03",
                    "SRV_TOKEN" => "probe-server-token-04",
                    "SHELL_HISTORY" => "secret stuff",
                    _ => return None,
                }
                .to_string(),
            )
        };
        let config = load_json(
            r#"{"mcpServers": {"s": {"command": "srv",
                "env": {"OWN": "${SRV_TOKEN}", "LEAK": "x ${OPENAI_API_KEY}", "PLAIN": "value-plain-1"},
                "env_vars": ["GITHUB_TOKEN", "UPGRADE_TOKEN", "NOT_SET"]}}}"#,
            &env,
        );
        let s = &config.servers[0];
        let names: Vec<&str> = s.inherit.keys().map(String::as_str).collect();
        assert_eq!(names, ["GITHUB_TOKEN", EnvVars::HOME, "LC_TIME", "PATH"]);
        let Transport::Stdio { env: own, .. } = &s.transport else {
            panic!("{s:?}")
        };
        let own: Vec<&str> = own.keys().map(String::as_str).collect();
        assert_eq!(own, ["OWN", "PLAIN"]);
        assert_eq!(s.withheld.len(), 2, "{:?}", s.withheld);
        assert!(
            s.withheld[0].starts_with("env LEAK is left out"),
            "{:?}",
            s.withheld
        );
        assert!(
            s.withheld[1].starts_with("UPGRADE_TOKEN (env_vars)"),
            "{:?}",
            s.withheld
        );
        // Secrets by name or by the variable they came from; not every value.
        let text = crate::secrets::redact_text(
            "probe-server-token-04 probe-github-token-03 value-plain-1",
        );
        assert_eq!(text, "[redacted] [redacted] value-plain-1");
    }

    #[test]
    fn mcp_list_shows_the_command_as_written_without_expanded_secrets() {
        let config = load_json(
            r#"{"mcpServers": {
                "s": {"command": "srv", "args": ["--path", "${TOKEN}", "--token", "literal"]},
                "h": {"url": "https://h.example/mcp?api_key=${TOKEN}&probeq=queryTOKEN-77"}}}"#,
            &env,
        );
        assert_eq!(
            config.servers[1].display,
            "srv --path '${TOKEN}' --token '[redacted]'"
        );
        assert_eq!(
            config.servers[0].display,
            "https://h.example/mcp?api_key=${TOKEN}&probeq=queryTOKEN-77"
        );
        let config = load_json(
            r#"{"mcpServers": {"h": {"url": "https://h.example/mcp?x=1&access_token=probeACCESS-5"}}}"#,
            &env,
        );
        assert_eq!(
            config.servers[0].display,
            "https://h.example/mcp?x=1&access_token=[redacted]"
        );
    }
}
