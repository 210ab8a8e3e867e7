//! `archie search QUERY`: agentic search over archie's knowledge and MCP tools, in a
//! session. Wiring only: the session, the environment, the answer and its sources are
//! the flow's ([`crate::flows::search`]).

use super::error::CommandError;
use super::flow::{FlowArgs, FlowEntry};
use super::inputs::InputArgs;
use crate::app::App;
use crate::error::Exit;
use crate::flows::search::{self, AnswerTo, Budget, SearchEnv, SearchState};
use crate::mcp::McpConfig;
use crate::mcp::config::Sources;
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

/// `archie search`, in the flow registry.
pub const COMMAND: FlowEntry = FlowEntry::of::<SearchArgs>(search::NAME);

impl FlowArgs for SearchArgs {
    fn describe(command: clap::Command) -> clap::Command {
        command
            .about("Answer a question with MCP tools and archie's knowledge, citing the sources")
            .after_help(EXAMPLES)
    }

    async fn run(self, app: &App) -> Result<Exit, CommandError> {
        run(app, self).await
    }

    fn question_from_stdin(&mut self) -> Option<&mut String> {
        match self.query.as_mut_slice() {
            [query] if query.as_str() == super::stdin::DASH => Some(query),
            _ => None,
        }
    }
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
    let session = search::choose_session(
        &memory,
        args.session.as_deref(),
        args.continue_last,
        &app.events,
    )?;
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
    if memory.entities().is_empty() {
        let file = crate::text::near(&settings.memory_file.display().to_string());
        if args.inputs.inputs.is_empty() && config.servers.is_empty() {
            return Err(CommandError::usage(format!(
                "nothing to search: the memory {file} holds no entities, and no documents (-i) or MCP servers are given"
            ))
            .hint("Build the memory first (archie build-context SYSTEM -i docs/), search documents as they are (archie search -i docs/ \"…\"), or configure MCP servers in .mcp.json. Nothing was sent to the model."));
        }
        app.events.emit(crate::events::Event::Warning {
            message: format!(
                "the memory {file} holds no entities: only the {} will be searched",
                match (args.inputs.inputs.is_empty(), config.servers.is_empty()) {
                    (false, true) => "documents",
                    (true, false) => "MCP servers",
                    _ => "documents and MCP servers",
                }
            ),
        });
    }
    if let Some(output) = &args.output {
        super::output::check(app, output, "answer.md")?;
    }
    let llm = app.llm_client(app.events.clone())?;
    let env = SearchEnv::for_search(search::Setup {
        llm: llm.clone(),
        prompts: app.prompts()?,
        prompter: app.prompter()?,
        events: app.events.clone(),
        memory_file: settings.memory_file.clone(),
        documents: (!args.inputs.inputs.is_empty()).then(|| args.inputs.to_options()),
        output: args.output.clone(),
        mcp: config,
        budget: Budget {
            per_result: args.result_tokens.max(1),
            total: args.results_tokens.max(1),
        },
        verbose: settings.verbosity == crate::ui::Verbosity::Verbose,
    });
    let result = app
        .run_flow(&graph, SearchState::new(query, session), &env)
        .await;
    // Every server is stopped, whatever happened.
    env.close().await;
    let run = match result {
        Ok(run) => run,
        Err(err) => {
            llm.emit_usage();
            return Err(err.into());
        }
    };
    let to = match &args.output {
        Some(path) => AnswerTo::File(path),
        None if settings.json || !std::io::stdout().is_terminal() => AnswerTo::Result,
        // The answer itself was streamed above.
        None => AnswerTo::SourcesOnly,
    };
    search::finish(&run.state, &env, to, &app.events)?;
    Ok(run.exit)
}
