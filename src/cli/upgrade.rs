//! `archie upgrade [MESSAGE]`: the UpGrade agent, as a chat at the terminal or one
//! answer for scripts.

use super::error::CommandError;
use super::flow::{FlowArgs, FlowEntry};
use crate::app::App;
use crate::error::Exit;
use crate::events::Event;
use crate::flows::sources::write_output;
use crate::flows::upgrade::{self, UpgradeEnv, UpgradeState};
use crate::llm::LlmError;
use crate::upgrade::{UpgradeClient, UpgradeConfig};
use clap::Args;
use std::path::{Path, PathBuf};

/// `archie upgrade`, in the flow registry.
pub const COMMAND: FlowEntry = FlowEntry::of::<UpgradeArgs>(upgrade::NAME);

impl FlowArgs for UpgradeArgs {
    fn describe(command: clap::Command) -> clap::Command {
        command
            .about(
                "Talk to an UpGrade A/B-testing server: terms, experiments, users, balance tests",
            )
            .after_help(EXAMPLES)
    }

    async fn run(self, app: &App) -> Result<Exit, CommandError> {
        run(app, self).await
    }
}

const EXAMPLES: &str = "Examples:
  archie upgrade                                   a chat at the terminal (/examples, /quit)
  archie upgrade \"which experiments are running in assign-prog?\"
  archie upgrade \"what is a decision point?\"       (a glossary term: no LLM call)
  archie upgrade --yes \"start Button test\"         (--yes answers the confirmation)
  archie upgrade --json \"balance test of 1000 users on Button test\" --yes | tail -3

UpGrade: --upgrade-url, UPGRADE_API_URL or [upgrade] url (default http://localhost:3030/api);
the admin token from UPGRADE_TOKEN; for client calls with toCheckAuth on,
UPGRADE_CLIENT_API_KEY and UPGRADE_CLIENT_API_SECRET. Nothing in UpGrade changes without
a yes at the prompt, --yes or --answer; a delete asks for the experiment's name or id,
and a change is made only to the experiment named exactly (a partial name is a question).
A chat is written to upgrade-session.md (-o FILE) after every answer; a one-shot (a
MESSAGE) writes its exchange only where -o FILE says.";

/// Where a chat is written when `-o` does not say.
const SESSION_FILE: &str = "upgrade-session.md";

#[derive(Debug, Args)]
pub struct UpgradeArgs {
    /// A message to answer once, then exit (for scripts); without it, a chat at the
    /// terminal
    #[arg(value_name = "MESSAGE")]
    pub message: Vec<String>,

    /// UpGrade's API base URL (env UPGRADE_API_URL, or [upgrade] url in archie.toml;
    /// default http://localhost:3030/api). The admin token is read from UPGRADE_TOKEN.
    #[arg(long, value_name = "URL")]
    pub upgrade_url: Option<String>,

    /// Simulated users in flight at once in balance and consistency tests (default 16)
    #[arg(long, value_name = "N")]
    pub concurrency: Option<usize>,

    /// Where to write the conversation [default: upgrade-session.md for a chat; a
    /// one-shot writes nothing without it]
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

pub async fn run(app: &App, args: UpgradeArgs) -> Result<Exit, CommandError> {
    let graph = upgrade::graph()?;
    let (file, memory) = app.open_memory()?;
    let settings = &app.settings;
    let dir = settings.memory_file.parent().unwrap_or(Path::new(""));
    let lookup = |name: &str| std::env::var(name).ok();
    let config =
        UpgradeConfig::resolve(args.upgrade_url.as_deref(), args.concurrency, dir, &lookup)?;
    let client = UpgradeClient::new(config, app.events.clone())?;
    // Without a model, questions that name a glossary term and the chat's commands still
    // work; anything else says how to configure one.
    let llm = match app.llm_client(app.events.clone()) {
        Ok(llm) => Some(llm),
        Err(err) if matches!(err.downcast_ref(), Some(LlmError::NotConfigured)) => None,
        Err(err) => return Err(err.into()),
    };
    let prompts = app.prompts()?;
    let message = args.message.join(" ");
    let one_shot = !message.trim().is_empty();
    // A chat keeps its conversation; a one-shot (a script's question) leaves no file
    // in the current folder unless asked to.
    let output = args
        .output
        .clone()
        .or_else(|| (!one_shot).then(|| PathBuf::from(SESSION_FILE)));
    let state = UpgradeState {
        one_shot,
        message: one_shot.then_some(message),
        ..UpgradeState::default()
    };
    let env = UpgradeEnv {
        client,
        prompts,
        llm: llm.clone(),
        yes: settings.yes,
        output: output.clone(),
    };
    let result = app.run_flow(&graph, state, &env).await;
    let usage = || {
        if let Some(llm) = &llm {
            llm.emit_usage();
        }
    };
    let run = match result {
        Ok(run) => run,
        Err(err) => {
            usage();
            return Err(err.into());
        }
    };
    // Written after every answer already (a chat left with Ctrl-C keeps what was said);
    // written once more here so a failure to write stops the command, and said once.
    let turns = &run.state.turns;
    if let Some(output) = output.as_ref().filter(|_| !turns.is_empty()) {
        write_output(output, &upgrade::render(turns, env.client.url()))?;
        app.events.emit(Event::Wrote {
            path: output.display().to_string(),
            what: format!(
                "{} exchange{}",
                turns.len(),
                if turns.len() == 1 { "" } else { "s" }
            ),
        });
    }
    app.save_memory(&file, memory, run.state.learned)?;
    usage();
    // A one-shot that could not do what it was asked, or whose change the person
    // declined, says so in its exit code.
    let last = turns.last().filter(|_| one_shot).map(|t| &t.reply);
    let failed = last.and_then(|r| r.failed);
    let declined = last.is_some_and(|r| r.declined);
    Ok(match (run.exit, failed) {
        (Exit::Done, Some(kind)) if kind.is_usage() => Exit::Usage,
        (Exit::Done, Some(_)) => Exit::Failed,
        (Exit::Done, None) if declined => Exit::Declined,
        (exit, _) => exit,
    })
}
