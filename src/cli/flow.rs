//! The flows' commands, from the flow registry ([`crate::flows::for_each_flow`]): for
//! every flow `NAME` listed there, `cli::NAME` declares `COMMAND`, its clap arguments
//! (a type implementing [`FlowArgs`]). clap parses `archie NAME …` into a
//! [`FlowCommand`], which `main` (and `archie mcp`'s flow tools) run without naming the
//! flow: adding a flow touches no enum and no match.

use super::error::CommandError;
use crate::app::App;
use crate::error::Exit;
use clap::{ArgMatches, FromArgMatches};
use futures::future::LocalBoxFuture;
use std::any::Any;
use std::fmt;

/// A flow's command-line arguments: how `archie NAME` is described and how it runs.
pub trait FlowArgs: clap::Args + fmt::Debug + Sized + 'static {
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

/// A flow's entry in the command line: its name (the flow's) and its arguments' type.
pub struct FlowEntry {
    name: &'static str,
    augment: fn(clap::Command) -> clap::Command,
    parse: fn(&mut ArgMatches) -> Result<Box<dyn Parsed>, clap::Error>,
}

impl FlowEntry {
    /// The entry of the flow `name`, whose command takes `A`.
    pub const fn of<A: FlowArgs>(name: &'static str) -> Self {
        Self {
            name,
            augment: augment::<A>,
            parse: parse::<A>,
        }
    }

    pub fn name(&self) -> &'static str {
        self.name
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
trait Parsed: fmt::Debug {
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
}
