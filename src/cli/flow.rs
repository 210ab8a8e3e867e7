//! The flows' commands, from the flow registry ([`crate::flows::for_each_flow`]): for
//! every flow `NAME` listed there, `cli::NAME` declares `COMMAND`, its clap arguments
//! (a type implementing [`FlowArgs`]) and, when the flow is also an MCP tool of `archie
//! mcp`, that tool ([`FlowTool`]: its name and description, its arguments' type, whose
//! JSON schema is the tool's, and the command's arguments a call makes). clap parses
//! `archie NAME …` into a [`FlowCommand`], which `main` runs without naming the flow;
//! `archie mcp` reads a tool call into one ([`ToolEntry::read`], no command line parsed)
//! and runs it the same way. Adding a flow, or its tool, touches no enum and no match.

use super::error::CommandError;
use crate::app::App;
use crate::error::Exit;
use crate::mcp::ToolInfo;
use crate::mcp::flows::{FlowCall, Plan, ToolFace};
use clap::{ArgMatches, FromArgMatches};
use futures_util::future::LocalBoxFuture;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::any::Any;
use std::fmt;

/// A flow's command-line arguments: how `archie NAME` is described and how it runs.
pub trait FlowArgs: clap::Args + fmt::Debug + Send + Sized + 'static {
    /// The command's own help: its summary, examples and aliases (its options come from
    /// the `clap::Args` derive).
    fn describe(command: clap::Command) -> clap::Command;

    /// Runs the command to its end.
    fn run(self, app: &App) -> impl Future<Output = Result<Exit, CommandError>>;

    /// The question given as `-`, to be replaced by what standard input holds
    /// ([`super::stdin`]); `None` when the command takes no question from it.
    fn question_from_stdin(&mut self) -> Option<&mut String> {
        None
    }
}

/// A flow's MCP tool, declared with its command: `archie mcp` offers it (unless
/// read-only), reads a call's arguments as [`FlowTool::Call`] and runs the flow with the
/// command's arguments [`FlowTool::plan`] makes of them, as `archie NAME` runs it; the
/// call's result is the run's summary (`mcp::flows::FlowResult`).
pub trait FlowTool: FlowArgs {
    /// The tool's arguments; their JSON schema is the tool's input schema.
    type Call: DeserializeOwned + JsonSchema;

    /// The tool: its name, description, and whether a call continues a run.
    const TOOL: ToolFace;

    /// The archie session the call names (a completed run becomes a turn of it).
    fn session(call: &Self::Call) -> Option<&str>;

    /// The call as a session's turn records it: its question, and the documents read.
    fn turn(call: &Self::Call) -> (String, Vec<String>);

    /// What the call asks for: a new run, or (a tool that continues runs) a recorded run
    /// continued.
    fn plan(call: Self::Call) -> ToolPlan<Self>;
}

/// What a tool call asks of its flow.
pub enum ToolPlan<A> {
    /// A new run of the command with `args`. `words` are the command line a terminal
    /// would type for them (`analyze --inputs=docs`), which the run records so that
    /// `archie resume RUN` continues it; `answers` answer its questions, in order.
    Start {
        args: A,
        words: Vec<String>,
        answers: Vec<String>,
    },
    /// The recorded run `run` continued with `answers`, as `archie resume RUN --answer …`.
    Continue { run: String, answers: Vec<String> },
}

/// A new run a tool call asks for ([`Plan::Start`]'s content).
pub struct StartRun {
    pub command: FlowCommand,
    /// The command line without `archie` and the global options (see [`ToolPlan`]).
    pub words: Vec<String>,
    pub answers: Vec<String>,
}

/// A flow's tool in the registry ([`FlowEntry::with_tool`]).
pub struct ToolEntry {
    pub face: ToolFace,
    info: fn() -> ToolInfo,
    read: fn(&'static FlowEntry, Value) -> Result<FlowCall, String>,
}

impl ToolEntry {
    /// The tool as `tools/list` gives it.
    pub fn info(&self) -> ToolInfo {
        (self.info)()
    }

    /// Reads a call of the tool of `entry` (this one): its arguments as the tool's type.
    pub fn read(&self, entry: &'static FlowEntry, args: Value) -> Result<FlowCall, String> {
        (self.read)(entry, args)
    }
}

fn tool_info<A: FlowTool>() -> ToolInfo {
    A::TOOL.info::<A::Call>()
}

fn read_call<A: FlowTool>(entry: &'static FlowEntry, args: Value) -> Result<FlowCall, String> {
    let call: A::Call = serde_json::from_value(args)
        .map_err(|e| format!("invalid arguments for {}: {e}", A::TOOL.name))?;
    let session = A::session(&call).map(String::from);
    let turn = A::turn(&call);
    let plan = match A::plan(call) {
        ToolPlan::Start {
            args,
            words,
            answers,
        } => Plan::Start(Box::new(StartRun {
            command: FlowCommand {
                entry,
                args: Box::new(args),
            },
            words,
            answers,
        })),
        ToolPlan::Continue { run, answers } => Plan::Continue { run, answers },
    };
    Ok(FlowCall {
        tool: A::TOOL,
        session,
        turn,
        plan,
    })
}

/// A flow's entry in the command line: its name (the flow's), its arguments' type, and
/// its MCP tool when it has one.
pub struct FlowEntry {
    name: &'static str,
    augment: fn(clap::Command) -> clap::Command,
    parse: fn(&mut ArgMatches) -> Result<Box<dyn Parsed>, clap::Error>,
    tool: Option<ToolEntry>,
}

impl FlowEntry {
    /// The entry of the flow `name`, whose command takes `A`.
    pub const fn of<A: FlowArgs>(name: &'static str) -> Self {
        Self {
            name,
            augment: augment::<A>,
            parse: parse::<A>,
            tool: None,
        }
    }

    /// The entry of the flow `name`, whose command takes `A`, and which is the MCP tool
    /// `A` declares.
    pub const fn with_tool<A: FlowTool>(name: &'static str) -> Self {
        Self {
            tool: Some(ToolEntry {
                face: A::TOOL,
                info: tool_info::<A>,
                read: read_call::<A>,
            }),
            ..Self::of::<A>(name)
        }
    }

    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The flow's MCP tool, if it is one.
    pub fn tool(&self) -> Option<&ToolEntry> {
        self.tool.as_ref()
    }

    /// `archie NAME`, described and with its arguments.
    fn command(&self) -> clap::Command {
        (self.augment)(clap::Command::new(self.name))
    }
}

/// As clap's derive builds a subcommand: the arguments first (a flattened struct's doc
/// comment may set an `about`), then the command's own description over them.
fn augment<A: FlowArgs>(command: clap::Command) -> clap::Command {
    A::describe(A::augment_args(command).long_about(None))
}

fn parse<A: FlowArgs>(matches: &mut ArgMatches) -> Result<Box<dyn Parsed>, clap::Error> {
    Ok(Box::new(A::from_arg_matches_mut(matches)?))
}

/// Parsed arguments of some flow, as [`FlowCommand`] holds them.
trait Parsed: fmt::Debug + Send {
    fn run<'a>(self: Box<Self>, app: &'a App) -> LocalBoxFuture<'a, Result<Exit, CommandError>>;
    fn question_from_stdin(&mut self) -> Option<&mut String>;
    fn as_any(&self) -> &dyn Any;
}

impl<A: FlowArgs> Parsed for A {
    fn run<'a>(self: Box<Self>, app: &'a App) -> LocalBoxFuture<'a, Result<Exit, CommandError>> {
        Box::pin(FlowArgs::run(*self, app))
    }

    fn question_from_stdin(&mut self) -> Option<&mut String> {
        FlowArgs::question_from_stdin(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Builds [`COMMANDS`] from the registry's list: `cli::NAME::COMMAND` for each flow.
macro_rules! flow_commands {
    ($($module:ident),* $(,)?) => {
        /// Every flow's command, in registry order.
        pub const COMMANDS: &[FlowEntry] = &[$(super::$module::COMMAND),*];
    };
}
crate::flows::for_each_flow!(flow_commands);

/// The command of the flow `name`.
pub fn find(name: &str) -> Option<&'static FlowEntry> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// Every flow that is an MCP tool, with its tool, in registry order.
pub fn tools() -> impl Iterator<Item = (&'static FlowEntry, &'static ToolEntry)> {
    COMMANDS
        .iter()
        .filter_map(|entry| entry.tool.as_ref().map(|tool| (entry, tool)))
}

/// `archie NAME …` for one of the flows: which flow, and its parsed arguments.
pub struct FlowCommand {
    entry: &'static FlowEntry,
    args: Box<dyn Parsed>,
}

impl fmt::Debug for FlowCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.args, f)
    }
}

impl FlowCommand {
    /// The flow's name (`analyze`, `build-context`, …).
    pub fn name(&self) -> &'static str {
        self.entry.name
    }

    /// Runs the flow's command to its end.
    pub async fn run(self, app: &App) -> Result<Exit, CommandError> {
        self.args.run(app).await
    }

    /// The question to read from standard input, when the command was given `-`.
    pub fn question_from_stdin(&mut self) -> Option<&mut String> {
        self.args.question_from_stdin()
    }

    /// The arguments, when they are `A`'s.
    pub fn args<A: FlowArgs>(&self) -> Option<&A> {
        self.args.as_any().downcast_ref()
    }
}

impl FromArgMatches for FlowCommand {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        Self::from_arg_matches_mut(&mut matches.clone())
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, mut sub)) = matches.remove_subcommand() else {
            return Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand));
        };
        let Some(entry) = find(&name) else {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::InvalidSubcommand,
                format!("`{name}` is not a flow\n"),
            ));
        };
        Ok(Self {
            entry,
            args: (entry.parse)(&mut sub)?,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Subcommand for FlowCommand {
    fn augment_subcommands(mut command: clap::Command) -> clap::Command {
        for entry in COMMANDS {
            command = command.subcommand(entry.command());
        }
        command
    }

    fn augment_subcommands_for_update(command: clap::Command) -> clap::Command {
        Self::augment_subcommands(command)
    }

    fn has_subcommand(name: &str) -> bool {
        find(name).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_flow_has_its_command_and_no_command_is_not_a_flow() {
        let flows: Vec<&str> = crate::flows::names().collect();
        let commands: Vec<&str> = COMMANDS.iter().map(FlowEntry::name).collect();
        assert_eq!(flows, commands);
    }

    #[test]
    fn a_flow_command_is_parsed_into_its_own_arguments() {
        use clap::Parser;
        let cli = super::super::Cli::try_parse_from(["archie", "analyse", "-q", "why?"])
            .unwrap_or_else(|e| panic!("{e}"));
        let super::super::Command::Flow(flow) = cli.command else {
            panic!("not a flow: {:?}", cli.command);
        };
        assert_eq!(flow.name(), "analyze");
        let args = flow.args::<super::super::analyze::AnalyzeArgs>();
        assert_eq!(args.and_then(|a| a.query.as_deref()), Some("why?"));
        assert!(flow.args::<super::super::echo::EchoArgs>().is_none());
    }

    /// The flow command `archie WORDS…` parses into.
    fn parsed(words: &[String]) -> FlowCommand {
        use clap::Parser;
        let argv = std::iter::once("archie".to_string()).chain(words.iter().cloned());
        let cli = super::super::Cli::try_parse_from(argv).unwrap_or_else(|e| panic!("{e}"));
        match cli.command {
            super::super::Command::Flow(flow) => flow,
            other => panic!("not a flow: {other:?}"),
        }
    }

    fn tool(name: &str) -> (&'static FlowEntry, &'static ToolEntry) {
        tools()
            .find(|(_, t)| t.face.name == name)
            .unwrap_or_else(|| panic!("no tool {name}"))
    }

    #[test]
    fn a_tool_call_runs_the_arguments_its_recorded_command_line_parses_into() {
        let calls = [
            (
                "analyze",
                serde_json::json!({"inputs": ["docs", "-odd.md"], "query": "--why? -q",
                    "output": "out dir/a.md", "answers": ["It fails fast.", "/approve"]}),
            ),
            ("analyze", serde_json::json!({})),
            (
                "build_context",
                serde_json::json!({"system": "Pay ments", "inputs": ["docs/", "b.md"]}),
            ),
            (
                "build_context",
                serde_json::json!({"system": "-n", "inputs": [], "output": "-"}),
            ),
        ];
        for (name, args) in calls {
            let (entry, tool) = tool(name);
            let call = tool
                .read(entry, args.clone())
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(call.tool.name, name);
            let Plan::Start(start) = call.plan else {
                panic!("{name} {args}: not a new run");
            };
            let Ok(start) = start.downcast::<StartRun>() else {
                panic!("{name}: not a StartRun");
            };
            assert_eq!(start.command.name(), entry.name());
            // `archie resume RUN` re-reads the recorded words: they must be the call.
            let again = parsed(&start.words);
            assert_eq!(again.name(), entry.name());
            assert_eq!(
                format!("{again:?}"),
                format!("{:?}", start.command),
                "{args}"
            );
        }
    }

    #[test]
    fn a_flow_commands_arguments_by_default_are_claps_defaults() {
        let analyze = parsed(&["analyze".into()]);
        let args = analyze.args::<super::super::analyze::AnalyzeArgs>();
        assert_eq!(
            format!("{args:?}"),
            format!("{:?}", Some(super::super::analyze::AnalyzeArgs::default()))
        );
        let build = parsed(&["build-context".into()]);
        let args = build.args::<super::super::build_context::BuildContextArgs>();
        assert_eq!(
            format!("{args:?}"),
            format!(
                "{:?}",
                Some(super::super::build_context::BuildContextArgs::default())
            )
        );
    }

    #[test]
    fn a_tool_that_continues_runs_reads_run_id_as_a_continuation_and_bad_arguments_as_an_error() {
        let (entry, analyze) = tool("analyze");
        let call = analyze
            .read(
                entry,
                serde_json::json!({"run_id": "r1", "answers": ["/approve"]}),
            )
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            matches!(&call.plan, Plan::Continue { run, answers } if run == "r1" && answers == &["/approve"])
        );
        assert_eq!(call.turn.0, "analyze (run r1 continued)");
        let (entry, build) = tool("build_context");
        let Err(err) = build.read(entry, serde_json::json!({"system": "x", "input": []})) else {
            panic!("an unknown field was taken");
        };
        assert!(
            err.starts_with("invalid arguments for build_context: "),
            "{err}"
        );
        let names: Vec<&str> = tools().map(|(_, t)| t.face.name).collect();
        assert!(names.contains(&"analyze") && names.contains(&"build_context"));
        assert!(!names.contains(&"echo"), "echo has no tool");
    }
}
