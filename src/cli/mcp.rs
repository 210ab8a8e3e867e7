//! `archie mcp`: serve archie's knowledge to other agents over stdio, and
//! `archie mcp list`: the configured MCP servers, whether each starts, and their tools.

use super::error::CommandError;
use super::flow::{FlowCommand, StartRun};
use super::inputs::InputArgs;
use crate::app::App;
use crate::app::Settings;
use crate::cli::Command;
use crate::error::Exit;
use crate::events::Event;
use crate::events::Summary;
use crate::events::{EventSink, Events};
use crate::mcp::flows::{Caller, Elicit, FlowCall, FlowResult, FlowRunner, Plan, ToolFace};
use crate::mcp::tasks::{RecordedTask, RunStore, TaskStatus};
use crate::mcp::{Builtin, BuiltinOptions, ToolInfo};
use clap::{Args, Subcommand};
use futures_util::StreamExt;
use futures_util::future::{BoxFuture, LocalBoxFuture};
use serde_json::Value;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

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
    // Typed at a terminal, the server would wait in silence for a client that is not
    // there: it says what it waits for, and how to try it.
    if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        log(
            "waiting for an MCP client on stdin (JSON-RPC, one message per line); an agent \
             starts archie mcp itself (its .mcp.json: see archie mcp --help). To try it: \
             npx @modelcontextprotocol/inspector archie mcp. Ctrl-D ends it.",
        );
    }
    let builtin = builtin(app, &args.inputs, !args.read_only, Some(args.lock_wait));
    if verbose {
        log(&format!(
            "serving {} ({} tools) on stdio",
            app.settings.memory_file.display(),
            builtin.tools().len()
        ));
    }
    let (jobs, runs) = tokio::sync::mpsc::unbounded_channel();
    let flows: Option<Arc<dyn FlowRunner>> = (!args.read_only).then(|| {
        let argv: Vec<String> = std::env::args_os()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        Arc::new(Runner {
            settings: app.settings.clone(),
            globals: global_words(&argv),
            faces: super::flow::tools().map(|(_, tool)| tool.face).collect(),
            jobs,
        }) as Arc<dyn FlowRunner>
    });
    // The flow tools' runs are driven here, on this task of the server's runtime (a
    // flow's steps are not `Send`, so they cannot be spawned onto its workers); the
    // protocol is served on the workers. Runs still going when the client leaves stop
    // with the server.
    let served = tokio::select! {
        served = crate::mcp::serve_stdio(builtin, flows, verbose) => served,
        () = drive(runs) => Ok(()),
    };
    match served {
        Ok(()) => Exit::Done,
        Err(err) => {
            log(&err);
            Exit::Failed
        }
    }
}

/// A flow tool's run, to be driven by [`drive`].
type Job = Box<dyn FnOnce() -> LocalBoxFuture<'static, ()> + Send>;

/// Drives every run the server is given, each as far as it can go, until the server is
/// gone (then never resolves: the server's end ends `archie mcp`).
async fn drive(mut jobs: tokio::sync::mpsc::UnboundedReceiver<Job>) {
    let mut running = futures_util::stream::FuturesUnordered::new();
    loop {
        tokio::select! {
            job = jobs.recv() => match job {
                Some(job) => running.push(job()),
                None => break,
            },
            Some(()) = running.next(), if !running.is_empty() => {}
        }
    }
    while running.next().await.is_some() {}
    std::future::pending::<()>().await
}

async fn list(app: &App, args: ListArgs) -> Result<Exit, CommandError> {
    let config = super::search::mcp_config(app, args.mcp_config.as_deref())?;
    let builtin = builtin(app, &InputArgs::default(), false, None);
    let verbose = app.settings.verbosity == crate::ui::Verbosity::Verbose;
    let mut reports = crate::mcp::inspect(&config.servers, &builtin, &app.events, verbose).await;
    for skipped in &config.skipped {
        reports.push(crate::mcp::ServerReport {
            name: skipped.server.clone(),
            transport: crate::mcp::ServerTransport::Skipped,
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

/// Reads the flow tools' calls (each flow's tool, from the flow registry) and runs them
/// as the terminal commands run: each a recorded run of the same flow, through the same
/// command code, with the server's settings, driven by [`drive`]. Only the human
/// answers: scripted answers are the call's `answers`, then the client's elicitation,
/// then the run waits.
struct Runner {
    settings: Settings,
    /// The server's global options (`--memory-file`, `--base-url`, …) as given: a run
    /// records them with its command, so `archie resume RUN` finds the same settings.
    globals: Vec<String>,
    faces: Vec<ToolFace>,
    jobs: tokio::sync::mpsc::UnboundedSender<Job>,
}

impl FlowRunner for Runner {
    fn tools(&self) -> &[ToolFace] {
        &self.faces
    }

    fn infos(&self) -> Vec<ToolInfo> {
        super::flow::tools().map(|(_, tool)| tool.info()).collect()
    }

    fn read(&self, name: &str, args: Value) -> Option<Result<FlowCall, String>> {
        let (entry, tool) = super::flow::tools().find(|(_, tool)| tool.face.name == name)?;
        Some(tool.read(entry, args))
    }

    fn run(
        &self,
        call: FlowCall,
        caller: Caller,
    ) -> BoxFuture<'static, Result<FlowResult, String>> {
        let settings = self.settings.clone();
        let globals = self.globals.clone();
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            Box::pin(async move {
                let _ = tx.send(run_call(settings, globals, call, caller).await);
            })
        });
        let sent = self.jobs.send(job);
        Box::pin(async move {
            sent.map_err(|_| "archie mcp is stopping: the run was not started".to_string())?;
            rx.await
                .map_err(|_| "the run ended without a result".to_string())?
        })
    }
}

impl RunStore for Runner {
    fn recorded(&self, run: &str) -> Option<RecordedTask> {
        use crate::graph::Cursor;
        use crate::store::{Status, Store};
        let store = Store::open_existing(&self.settings.state_dir()).ok()??;
        let detail = store.get_run(run).ok()??;
        let resume = crate::app::resume_command(&self.settings, run);
        let (status, message) = match detail.summary.status {
            Status::Pending | Status::Running => {
                (TaskStatus::Working, format!("run {run} is running"))
            }
            Status::Completed => (TaskStatus::Completed, format!("run {run} completed")),
            Status::Aborted => (
                TaskStatus::Cancelled,
                format!("run {run} was aborted at a question (/abort); it is not continued"),
            ),
            Status::Failed => (
                TaskStatus::Failed,
                format!("run {run} failed; `{resume}` continues it"),
            ),
            Status::Interrupted if matches!(detail.next, Some(Cursor::Question { .. })) => (
                TaskStatus::InputRequired,
                format!(
                    "run {run} waits for an answer: analyze with run_id, or `{resume} --answer …`"
                ),
            ),
            Status::Interrupted | Status::Abandoned => (
                TaskStatus::Cancelled,
                format!("run {run} stopped; `{resume}` continues it"),
            ),
        };
        Some(RecordedTask {
            status,
            message,
            created_ms: detail.summary.created_at,
            updated_ms: detail.summary.updated_at,
        })
    }

    fn save_task(&self, task: &crate::store::TaskRecord) {
        let saved = crate::store::Store::open_existing(&self.settings.state_dir())
            .and_then(|store| store.map_or(Ok(()), |store| store.save_task(task)));
        if let Err(err) = saved {
            crate::mcp::log(&format!(
                "task {} could not be kept in the run store: {err}",
                task.id
            ));
        }
    }

    fn task(&self, id: &str) -> Option<crate::store::TaskRecord> {
        let store = crate::store::Store::open_existing(&self.settings.state_dir()).ok()??;
        store.get_task(id).ok()?
    }
}

/// What a run of a flow tool sees of its events: the steps (progress), the error's
/// hints and the final summary.
struct Watch {
    caller: Caller,
    seen: Mutex<(Option<Summary>, Vec<String>)>,
}

impl Watch {
    fn see(&self, event: &crate::events::Event) {
        use crate::events::Event;
        match event {
            Event::RunStarted { run: Some(run), .. } => self.caller.run_started(run),
            Event::NodeStarted { node, step } => {
                self.caller.progress(
                    f64::from(*step),
                    format!("step {step}: {}", crate::flows::step_words(node)),
                );
            }
            Event::Error { hints, .. } => {
                self.seen.lock().unwrap_or_else(PoisonError::into_inner).1 = hints.clone()
            }
            Event::Finished(summary) => {
                self.seen.lock().unwrap_or_else(PoisonError::into_inner).0 =
                    Some(summary.as_ref().clone())
            }
            _ => {}
        }
    }

    /// The run's result, once it finished.
    fn take(&self, tool: &ToolFace) -> Result<FlowResult, String> {
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        let (summary, hints) = std::mem::take(&mut *seen);
        let summary = summary.ok_or("the run ended without its summary")?;
        Ok(FlowResult::new(&summary, hints, tool))
    }
}

/// Every event to the App's own sinks (the renderer on stderr, the run's record) and
/// to the [`Watch`].
struct Tee(Events, Arc<Watch>);

impl EventSink for Tee {
    fn emit(&self, event: crate::events::Event) {
        self.1.see(&event);
        self.0.emit(event);
    }
}

fn watched(mut app: App, watch: &Arc<Watch>) -> App {
    app.events = Arc::new(Tee(app.events.clone(), Arc::clone(watch)));
    app
}

/// A flow call's settings: the server's, with no JSON on stdout (it is the protocol's),
/// no terminal, and no answers but the call's own.
fn for_a_call(mut settings: Settings, answers: Vec<String>) -> Settings {
    settings.json = false;
    settings.no_input = true;
    settings.yes = false;
    settings.answers_file = None;
    settings.answers = answers;
    settings
}

async fn run_call(
    settings: Settings,
    globals: Vec<String>,
    call: FlowCall,
    caller: Caller,
) -> Result<FlowResult, String> {
    let watch = Arc::new(Watch {
        caller: caller.clone(),
        seen: Mutex::default(),
    });
    let tool = call.tool;
    let (app, command) = match prepare(settings.clone(), &globals, call) {
        Ok(prepared) => prepared,
        Err(err) => {
            let app = watched(
                App::new(for_a_call(settings, Vec::new()), Vec::new(), None),
                &watch,
            );
            app.events.emit(err.event());
            app.finish(err.exit);
            return watch.take(&tool);
        }
    };
    let app = watched(app.with_asker(Arc::new(Elicit(caller.clone()))), &watch);
    let exit = tokio::select! {
        biased;
        // The client cancelled: the run stops as Ctrl-C stops it, at once (extraction
        // keeps every answer that arrived), and stays resumable from its last checkpoint.
        _ = caller.cancel.stopped() => Exit::Interrupted,
        result = command.run(&app) => match result {
            Ok(exit) => exit,
            Err(err) if err.exit == Exit::Interrupted => Exit::Interrupted,
            Err(err) => {
                app.events.emit(err.event());
                err.exit
            }
        },
    };
    if exit == Exit::Interrupted {
        app.interrupted();
    }
    app.finish(exit);
    watch.take(&tool)
}

/// The App and command of a flow call: a new run of the arguments the call was read
/// into, recorded with the command line the terminal would have typed, or (a tool that
/// continues runs, given `run_id`) the recorded run continued as `archie resume RUN
/// --answer …` continues it (which takes the run's owner lock: two clients cannot drive
/// one run).
fn prepare(
    settings: Settings,
    globals: &[String],
    call: FlowCall,
) -> Result<(App, FlowCommand), CommandError> {
    match call.plan {
        Plan::Continue { run, answers } => {
            let resumed = super::resume::prepare(
                for_a_call(settings, answers.clone()),
                super::resume::ResumeArgs {
                    run: Some(run.clone()),
                    last: false,
                    output: None,
                    view: false,
                },
            )?;
            let flow = super::flow::tools()
                .find(|(_, tool)| tool.face.name == call.tool.name)
                .map(|(entry, _)| entry.name());
            let flow = flow.unwrap_or(call.tool.name);
            let Command::Flow(command) = resumed.command else {
                return Err(not_this_flow(&run, flow));
            };
            if command.name() != flow {
                return Err(not_this_flow(&run, flow));
            }
            // The call's answers only: the recorded command line's are never used twice.
            let settings = for_a_call(resumed.settings, answers);
            let app = App::new(settings, resumed.argv, Some(resumed.resume));
            Ok((app, command))
        }
        Plan::Start(start) => {
            let start = start.downcast::<StartRun>().map_err(|_| {
                CommandError::usage(format!("{} was read into no command", call.tool.name))
            })?;
            let StartRun {
                command,
                words,
                answers,
            } = *start;
            let mut argv = vec!["archie".to_string()];
            argv.extend(globals.iter().cloned());
            argv.extend(words);
            let recorded = super::help::recorded_argv(&argv);
            let app = App::new(for_a_call(settings, answers), recorded, None);
            Ok((app, command))
        }
    }
}

fn not_this_flow(run: &str, flow: &str) -> CommandError {
    CommandError::usage(format!("run {run} is not a run of {flow}"))
        .hint(format!("Continue it at the terminal: archie resume {run}"))
}

/// The global options in the server's command line (`archie --memory-file m.json mcp
/// --base-url …`): every option before the subcommand, and the global ones after it,
/// with their values.
fn global_words(argv: &[String]) -> Vec<String> {
    use clap::CommandFactory;
    let root = super::Cli::command();
    let globals: Vec<&clap::Arg> = root.get_arguments().collect();
    let takes = |a: &clap::Arg| a.get_action().takes_values();
    let mut out = Vec::new();
    let mut words = argv.iter().skip(1);
    let mut before = true;
    while let Some(word) = words.next() {
        if word == "--" {
            break;
        }
        let arg = if let Some(long) = word.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((name, _)) => (name, true),
                None => (long, false),
            };
            globals
                .iter()
                .find(|a| a.get_long() == Some(name))
                .map(|a| (*a, !inline && takes(a)))
        } else if let Some(short) = word.strip_prefix('-').filter(|s| s.chars().count() == 1) {
            globals
                .iter()
                .find(|a| short.chars().next() == a.get_short())
                .map(|a| (*a, takes(a)))
        } else {
            None
        };
        match arg {
            Some((_, value)) => {
                out.push(word.clone());
                if value && let Some(v) = words.next() {
                    out.push(v.clone());
                }
            }
            None if before && !word.starts_with('-') => before = false,
            None => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_records_the_servers_global_options_wherever_they_were_given() {
        let argv: Vec<String> = [
            "archie",
            "--memory-file",
            "m.json",
            "-m",
            "llama3.1",
            "mcp",
            "-i",
            "docs",
            "--base-url=http://localhost:11434/v1",
            "--read-only",
            "--lock-wait",
            "5",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            global_words(&argv),
            [
                "--memory-file",
                "m.json",
                "-m",
                "llama3.1",
                "--base-url=http://localhost:11434/v1"
            ]
        );
    }
}
