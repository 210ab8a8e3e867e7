//! `archie search QUERY`: agentic search over archie's knowledge and MCP tools, in a
//! session.

use super::error::CommandError;
use super::inputs::InputArgs;
use crate::app::App;
use crate::error::{Exit, UsageError};
use crate::events::Event;
use crate::flows::search::{self, Budget, SearchEnv, SearchState};
use crate::mcp::config::Sources;
use crate::mcp::{Builtin, BuiltinOptions, McpConfig};
use crate::memory::session;
use clap::Args;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

pub const EXAMPLES: &str = "\
Examples:
  archie search \"Which services write to the orders database?\"
  archie search -i docs/ \"Who owns the checkout flow?\"      # also search the documents
  archie search --continue \"And who reads from it?\"         # follow up in the last session
  archie search --session s4k1 \"…\"                           # follow up in session s4k1
  archie search --mcp-config servers.json --yes \"…\"         # allow tools that may change things
  archie search --dry-run \"…\"                                # what would be sent, and where

Tools come from archie's memory and documents, and from the MCP servers in --mcp-config,
.mcp.json or [mcp.servers.NAME] in archie.toml. A tool its server does not mark read-only
runs only after you say yes (or with --yes).";

#[derive(Debug, Args)]
pub struct SearchArgs {
    /// The question
    #[arg(value_name = "QUERY", required = true)]
    pub query: Vec<String>,

    /// Continue the session ID (or start one with that name)
    #[arg(long, value_name = "ID", conflicts_with = "continue_last")]
    pub session: Option<String>,

    /// Continue the most recent session
    #[arg(long = "continue")]
    pub continue_last: bool,

    /// Write the answer to FILE instead of stdout (`-`: stdout)
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// MCP servers to use, in the mcpServers JSON shape (default: .mcp.json, then [mcp]
    /// in archie.toml)
    #[arg(long, value_name = "FILE")]
    pub mcp_config: Option<PathBuf>,

    /// Tokens of one tool result sent to the model at most
    #[arg(long, value_name = "TOKENS", default_value_t = Budget::default().per_result)]
    pub result_tokens: usize,

    /// Tokens of all tool results together sent to the model at most
    #[arg(long, value_name = "TOKENS", default_value_t = Budget::default().total)]
    pub results_tokens: usize,

    /// Say what would be read and sent, and where, then stop: no LLM call, no MCP server
    /// started
    #[arg(long)]
    pub dry_run: bool,

    #[command(flatten)]
    pub inputs: InputArgs,
}

/// The folder of the memory file (empty for the current one).
pub fn memory_dir(path: &Path) -> &Path {
    path.parent().unwrap_or(Path::new(""))
}

/// The MCP servers configured for this invocation.
pub fn mcp_config(app: &App, file: Option<&Path>) -> Result<McpConfig, CommandError> {
    let env = |name: &str| std::env::var(name).ok();
    Ok(McpConfig::load(&Sources {
        file,
        memory_dir: memory_dir(&app.settings.memory_file),
        env: &env,
    })?)
}

pub async fn run(app: &App, mut args: SearchArgs) -> Result<Exit, CommandError> {
    if args.output.as_deref().is_some_and(super::stdin::is_dash) {
        args.output = None;
    }
    let graph = search::graph()?;
    let query = args.query.join(" ").trim().to_string();
    if query.is_empty() {
        return Err(CommandError::usage("the question is empty")
            .hint("e.g. archie search \"Which services write to the orders database?\""));
    }
    let settings = &app.settings;
    // A corrupt memory file stops here (exit 2), before anything is started.
    let (_, memory) = app.open_memory()?;
    let (session, new_session) = match (&args.session, args.continue_last) {
        (Some(id), _) => {
            if !session::valid_id(id) {
                return Err(UsageError::new(format!("`{id}` cannot name a session"))
                    .hint("Use letters, digits, - and _ (at most 64).")
                    .into());
            }
            (id.clone(), session::get(&memory, id).is_none())
        }
        (None, true) => match session::latest(&memory) {
            Some(id) => (id, false),
            None => {
                app.events.emit(Event::Warning {
                    message: "there is no session to continue; starting a new one".into(),
                });
                (session::new_id(&memory), true)
            }
        },
        (None, false) => (session::new_id(&memory), true),
    };
    let config = mcp_config(app, args.mcp_config.as_deref())?;
    if args.dry_run {
        let servers = config.servers.iter().map(|s| s.name.clone()).collect();
        return super::dry_run::search(
            app,
            &args.inputs,
            args.output.as_deref(),
            args.results_tokens,
            servers,
        );
    }
    let llm = crate::llm::from_settings(
        &settings.llm,
        &settings.memory_file,
        app.events.clone(),
        app.store()?,
    )?;
    let prompts = app.prompts()?;
    let documents = (!args.inputs.inputs.is_empty()).then(|| {
        let mut options = args
            .inputs
            .to_options()
            .skip_path(settings.memory_file.clone());
        if let Some(out) = &args.output {
            options = options.skip_path(out.clone());
        }
        options
    });
    let builtin = Builtin::new(BuiltinOptions {
        memory_file: settings.memory_file.clone(),
        documents,
        writes: false,
    });
    let skipped = config
        .skipped
        .iter()
        .map(|s| crate::mcp::ConnectFailure {
            server: s.server.clone(),
            reason: s.message(),
            stderr: Vec::new(),
        })
        .collect();
    let mut env = SearchEnv::new(
        llm.clone(),
        prompts,
        builtin.clone(),
        config.servers,
        app.prompter()?,
        Budget {
            per_result: args.result_tokens.max(1),
            total: args.results_tokens.max(1),
        },
        settings.verbosity == crate::ui::Verbosity::Verbose,
    );
    env.skipped = skipped;
    // The folders archie works in, offered to the servers as roots: the current one and
    // each folder given with -i.
    let mut roots = vec![std::env::current_dir().unwrap_or_default()];
    for input in &args.inputs.inputs {
        if input.is_dir() && !roots.iter().any(|r| r == input) {
            roots.push(input.clone());
        }
    }
    env.client = crate::mcp::ClientContext {
        roots,
        elicitor: Some(std::sync::Arc::new(search::PromptElicitor::new(
            env.prompter.clone(),
            app.events.clone(),
        ))),
    };
    let state = SearchState {
        query: query.clone(),
        session,
        new_session,
        ..SearchState::default()
    };
    let result = app.run_flow(&graph, state, &env).await;
    // Every server is stopped, whatever happened.
    env.close().await;
    let run = match result {
        Ok(run) => run,
        Err(err) => {
            llm.emit_usage();
            return Err(err.into());
        }
    };
    let state = run.state;
    let answer = state.answer.clone().unwrap_or_default();
    if let Some(path) = &args.output {
        let mut text = crate::flows::sources::generated_header("search");
        text.push_str(&format!("# {}\n\n", state.query.trim()));
        text.push_str(&answer);
        crate::flows::sources::write_output(path, &text)?;
        app.events.emit(Event::Wrote {
            path: path.display().to_string(),
            what: format!("answer · {} sources", state.sources.len()),
        });
    } else if settings.json || !std::io::stdout().is_terminal() {
        app.events.emit(Event::Result {
            text: answer.clone(),
        });
    } else if let Some(at) = answer.find("\n\n**Sources**") {
        // The answer itself was streamed above; its sources are archie's own.
        app.events.emit(Event::Result {
            text: answer[at..].trim().to_string(),
        });
    }

    let mut memory = state.memory.clone();
    let body = answer.split("\n\n**Sources**").next().unwrap_or("");
    memory.record(&state.query, body, state.sources.clone(), now_ms());
    let turns = memory.turns.len() as u64;
    if let Err(err) = builtin.write_session(&state.session, &memory) {
        app.events.emit(Event::Warning {
            message: format!("the session could not be saved: {err}"),
        });
    }
    llm.emit_usage();
    app.events.emit(Event::Session {
        session: state.session.clone(),
        status: crate::events::SessionStatus::Saved,
        new: state.new_session,
        tools: None,
        turns: Some(turns),
    });
    Ok(run.exit)
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
