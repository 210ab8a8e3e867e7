//! `-` for standard input: `analyze -q -`, `search -` (the question) and `--answers -`
//! (the answers, one per line or a JSON list). Standard input is read once, whole, within
//! a cap, before the command starts; asking two things of it is a usage error.
//!
//! The question read is written into the run's recorded command line in place of `-`,
//! so `archie resume` finds it without standard input.

use super::{Cli, Command};
use crate::error::UsageError;
use crate::graph::Scripted;
use std::io::Read;
use std::path::Path;

/// The most archie reads from standard input: the cap of an answers file.
pub const LIMIT: u64 = 16 << 20;

/// The word that means standard input (or output, for `-o`).
pub const DASH: &str = "-";

/// Whether `path` names standard input or output (`-`).
pub fn is_dash(path: &Path) -> bool {
    path.as_os_str() == DASH
}

/// `-o -` wants standard output to itself: `--json` cannot have it too.
pub fn stdout_is_free(app: &crate::app::App, output: &Path) -> Result<(), UsageError> {
    if is_dash(output) && app.settings.json {
        return Err(
            UsageError::new("-o - and --json both write to standard output")
                .hint("Drop one, or write the file with -o FILE."),
        );
    }
    Ok(())
}

/// What standard input gave: the question, when one was read from it.
#[derive(Debug, Default)]
pub struct FromStdin {
    pub query: Option<String>,
}

/// Reads standard input for what asks for it (`--answers -`, `analyze -q -`,
/// `search -`): the answers join the `--answer`s (first, as an answers file would), the
/// question replaces the `-`.
pub fn resolve(cli: &mut Cli) -> Result<FromStdin, UsageError> {
    let answers = cli.global.answers_file.as_deref().is_some_and(is_dash);
    let query: Option<&mut String> = match &mut cli.command {
        Command::Flow(flow) => flow.question_from_stdin(),
        _ => None,
    };
    if answers && query.is_some() {
        return Err(UsageError::new(
            "standard input can give the question or the answers, not both",
        )
        .hint("Put the answers in a file (--answers FILE) or give them with --answer TEXT."));
    }
    let mut out = FromStdin::default();
    if answers {
        let text = read("the answers")?;
        let mut given = Scripted::parse_answers(&text, Path::new("standard input"))?;
        given.append(&mut cli.global.answers);
        cli.global.answers = given;
        cli.global.answers_file = None;
    }
    if let Some(query) = query {
        let text = read("the question")?;
        let text = text.trim().to_string();
        if text.is_empty() {
            return Err(UsageError::new("the question on standard input is empty")
                .hint("e.g. echo \"Can checkout survive a payments outage?\" | archie analyze -i docs/ -q -"));
        }
        *query = text.clone();
        out.query = Some(text);
    }
    Ok(out)
}

/// The whole of standard input as UTF-8 text, at most [`LIMIT`] bytes.
fn read(what: &str) -> Result<String, UsageError> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| UsageError::new(format!("cannot read {what} from standard input: {err}")))?;
    if bytes.len() as u64 > LIMIT {
        return Err(UsageError::new(format!(
            "standard input holds more than {} MiB ({what})",
            LIMIT >> 20
        ))
        .hint("Give a smaller input, or put it in a file."));
    }
    String::from_utf8(bytes)
        .map_err(|_| UsageError::new(format!("standard input is not UTF-8 text ({what})")))
}

/// `argv` with the question read from standard input in place of its `-`: the value of
/// `-q`/`--query` (also `--query=-`), or `search`'s positional `-`. Options are told
/// from their values by archie's own command definitions.
pub fn record_query(argv: &[String], query: &str) -> Vec<String> {
    use clap::CommandFactory;
    let mut root = Cli::command();
    root.build();
    let mut out = argv.to_vec();
    let mut cmd = &root;
    let takes_value = |cmd: &clap::Command, word: &str| {
        let found = if let Some(long) = word.strip_prefix("--") {
            cmd.get_arguments().find(|a| {
                a.get_long() == Some(long)
                    || a.get_all_aliases().is_some_and(|all| all.contains(&long))
            })
        } else {
            // `-q` (a value glued on, `-qtext`, needs no next word).
            let mut chars = word.chars().skip(1);
            match (chars.next(), chars.next()) {
                (Some(c), None) => cmd.get_arguments().find(|a| a.get_short() == Some(c)),
                _ => None,
            }
        };
        found.is_some_and(|a| a.get_action().takes_values())
    };
    let mut i = 1;
    while i < out.len() {
        let word = out[i].as_str();
        if word == "--query=-" {
            out[i] = format!("--query={query}");
            return out;
        }
        if word.len() > 1 && word.starts_with('-') && !word.contains('=') {
            if takes_value(cmd, word) {
                if matches!(word, "-q" | "--query") && out.get(i + 1).is_some_and(|v| v == DASH) {
                    out[i + 1] = query.to_string();
                    return out;
                }
                i += 1; // its value
            }
        } else if let Some(sub) = cmd.find_subcommand(word) {
            cmd = sub;
        } else if word == DASH && cmd.get_name() == crate::flows::search::NAME {
            out[i] = query.to_string();
            return out;
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|a| a.to_string()).collect()
    }

    #[test]
    fn the_question_replaces_its_dash_in_the_recorded_command_line() {
        assert_eq!(
            record_query(
                &strings(&["archie", "--answers", "-", "analyze", "-q", "-"]),
                "why?"
            ),
            strings(&["archie", "--answers", "-", "analyze", "-q", "why?"])
        );
        assert_eq!(
            record_query(&strings(&["archie", "search", "-o", "-", "-"]), "who?"),
            strings(&["archie", "search", "-o", "-", "who?"])
        );
        assert_eq!(
            record_query(&strings(&["archie", "analyze", "--query=-"]), "x"),
            strings(&["archie", "analyze", "--query=x"])
        );
        assert_eq!(
            record_query(
                &strings(&["archie", "search", "--continue", "--session", "-", "-"]),
                "y"
            ),
            strings(&["archie", "search", "--continue", "--session", "-", "y"])
        );
    }
}
