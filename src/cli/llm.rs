//! LLM options shared by every command that talks to a model (flattened into the global
//! options), built from their one description ([`crate::llm::FLAGS`]). Settings not
//! given here come from the environment, then `archie.toml`, then
//! `~/.config/archie/config.toml`.

use crate::llm::{FLAGS, LlmFlag, LlmOverrides, Takes};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches};

/// The LLM options as given: [`LlmOverrides`], read and described by clap.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LlmArgs(pub LlmOverrides);

const HEADING: &str = "LLM options";

/// The clap option of `flag`.
fn arg(flag: &LlmFlag) -> Arg {
    let arg = Arg::new(flag.long())
        .long(flag.long())
        .help(flag.help)
        .global(true)
        .help_heading(HEADING);
    let arg = match flag.short {
        Some(short) => arg.short(short),
        None => arg,
    };
    if flag.takes == Takes::Switch {
        return arg.action(ArgAction::SetTrue);
    }
    let arg = arg
        .action(ArgAction::Set)
        .value_name(flag.value_name)
        .required(false);
    match flag.takes {
        Takes::Switch | Takes::Text => arg.value_parser(clap::value_parser!(String)),
        Takes::Seconds => arg.value_parser(clap::value_parser!(f64)),
        Takes::Count => arg.value_parser(clap::value_parser!(u32)),
        Takes::Positive => arg.value_parser(clap::value_parser!(u32).range(1..)),
        Takes::OneOf(words) => arg.value_parser(PossibleValuesParser::new(
            words
                .iter()
                .map(|(word, meaning)| PossibleValue::new(*word).help(*meaning)),
        )),
    }
}

impl Args for LlmArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        FLAGS
            .iter()
            .fold(cmd.next_help_heading(HEADING), |cmd, flag| {
                cmd.arg(arg(flag))
            })
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for LlmArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut args = Self::default();
        args.update_from_arg_matches(matches)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for flag in FLAGS {
            let id = flag.long();
            if flag.takes == Takes::Switch {
                if matches.get_flag(id) {
                    (flag.set)(&mut self.0, "").map_err(invalid)?;
                }
                continue;
            }
            // clap checked the value; the description reads it from how it was written.
            let raw = matches
                .get_raw(id)
                .and_then(|mut values| values.next_back());
            if let Some(raw) = raw {
                let value = raw
                    .to_str()
                    .ok_or_else(|| invalid(format!("{} is not UTF-8", flag.flag)))?;
                (flag.set)(&mut self.0, value).map_err(invalid)?;
            }
        }
        Ok(())
    }
}

fn invalid(message: String) -> clap::Error {
    clap::Error::raw(clap::error::ErrorKind::ValueValidation, message)
}

impl From<&LlmArgs> for LlmOverrides {
    fn from(args: &LlmArgs) -> Self {
        args.0.clone()
    }
}
