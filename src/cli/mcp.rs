//! `archie mcp`: serve archie's knowledge to other agents over stdio, and
//! `archie mcp list`: the configured MCP servers, whether each starts, and their tools.

use super::error::CommandError;
use super::inputs::InputArgs;
use crate::app::App;
use crate::error::Exit;
use crate::events::Event;
use crate::mcp::{Builtin, BuiltinOptions};
use clap::{Args, Subcommand};
use std::path::PathBuf;

pub const EXAMPLES: &str = "\
Examples:
  archie mcp                               serve context.json over stdio (for Claude Code, Cursor, …)
  archie --memory-file ctx.json mcp -i docs/   serve another memory file and search docs/ too
  archie mcp list                          the configured servers, whether each starts, their tools
  archie --memory-file memory.json mcp     instead of @modelcontextprotocol/server-memory (same tools)

Register archie with Claude Code in .mcp.json:
  {\"mcpServers\": {\"archie\": {\"command\": \"archie\", \"args\": [\"--memory-file\", \"context.json\", \"mcp\"]}}}";

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct McpArgs {
    #[command(subcommand)]
    pub command: Option<McpCommand>,

    #[command(flatten)]
    pub serve: ServeArgs,
}

#[derive(Debug, Subcommand)]
pub enum McpCommand {
    /// Serve archie's knowledge graph and documents over stdio (the default)
    Serve(ServeArgs),
    /// Start every configured MCP server, show whether it starts and its tools, stop it
    #[command(
        after_help = "Examples:\n  archie mcp list\n  archie mcp list --mcp-config servers.json\n  archie --json mcp list | jq .value"
    )]
    List(ListArgs),
}

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// Offer only the tools that read (no adding or removing)
    #[arg(long)]
    pub read_only: bool,

    /// How long a write waits while another process saves the memory file, then
    /// answers an error the agent can retry on
    #[arg(long, value_name = "SECONDS", default_value = "30", value_parser = seconds)]
    pub lock_wait: std::time::Duration,

    #[command(flatten)]
    pub inputs: InputArgs,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// MCP servers, in the mcpServers JSON shape (default: .mcp.json, then [mcp] in archie.toml)
    #[arg(long, value_name = "FILE")]
    pub mcp_config: Option<PathBuf>,
}

/// A number of seconds (`0.5`, `30`).
fn seconds(text: &str) -> Result<std::time::Duration, String> {
    text.parse::<f64>()
        .ok()
        .and_then(|s| std::time::Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| format!("{text} is not a number of seconds (like 30 or 0.5)"))
}

impl McpArgs {
    /// Whether this serves over stdio, where stdout belongs to JSON-RPC.
    pub fn serves(&self) -> bool {
        !matches!(self.command, Some(McpCommand::List(_)))
    }
}

pub async fn run(app: &App, args: McpArgs) -> Result<Exit, CommandError> {
    match args.command {
        None => Ok(serve(app, args.serve).await),
        Some(McpCommand::Serve(serve_args)) => Ok(serve(app, serve_args).await),
        Some(McpCommand::List(list_args)) => list(app, list_args).await,
    }
}

/// The built-in tools: as `archie mcp` serves them (`served`, with its lock wait), or
/// as `archie search`'s planner sees them.
fn builtin(
    app: &App,
    inputs: &InputArgs,
    writes: bool,
    served: Option<std::time::Duration>,
) -> Builtin {
    let memory_file = app.settings.memory_file.clone();
    let documents =
        (!inputs.inputs.is_empty()).then(|| inputs.to_options().skip_path(memory_file.clone()));
    let options = BuiltinOptions {
        memory_file,
        documents,
        writes,
    };
    match served {
        Some(lock_wait) => Builtin::served(options, lock_wait),
        None => Builtin::new(options),
    }
}

/// Serves until stdin closes. Reports only to stderr, by writes that cannot fail the
/// process: stdout belongs to JSON-RPC, and a client may have closed stderr.
async fn serve(app: &App, args: ServeArgs) -> Exit {
    use crate::mcp::server::log;
    let verbose = app.settings.verbosity == crate::ui::Verbosity::Verbose;
    if let Err(err) = app.open_memory() {
        log(&format!("{err}"));
        return Exit::Usage;
    }
    let builtin = builtin(app, &args.inputs, !args.read_only, Some(args.lock_wait));
    if verbose {
        log(&format!(
            "serving {} ({} tools) on stdio",
            app.settings.memory_file.display(),
            builtin.tools().len()
        ));
    }
    match crate::mcp::serve_stdio(builtin, verbose).await {
        Ok(()) => Exit::Done,
        Err(err) => {
            log(&err);
            Exit::Failed
        }
    }
}

async fn list(app: &App, args: ListArgs) -> Result<Exit, CommandError> {
    let config = super::search::mcp_config(app, args.mcp_config.as_deref())?;
    let builtin = builtin(app, &InputArgs::default(), false, None);
    let verbose = app.settings.verbosity == crate::ui::Verbosity::Verbose;
    let mut reports = crate::mcp::inspect(&config.servers, &builtin, &app.events, verbose).await;
    for skipped in &config.skipped {
        reports.push(crate::mcp::ServerReport {
            name: skipped.server.clone(),
            transport: "-".into(),
            target: String::new(),
            started: false,
            ms: 0,
            error: Some(format!("skipped: {}", skipped.message())),
            stderr: Vec::new(),
            tools: Vec::new(),
            instructions: None,
            prompts: Vec::new(),
        });
    }
    if app.settings.json {
        app.events.emit(Event::Data {
            value: serde_json::to_value(&reports)?,
        });
    } else {
        app.events.emit(Event::Result {
            text: crate::ui::mcp::render_list(&reports, config.source.as_deref()),
        });
    }
    Ok(Exit::Done)
}
