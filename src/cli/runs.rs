//! `archie runs [list|show RUN|prune --older-than AGE]`: the runs archie recorded.

use super::error::CommandError;
use crate::app::{App, resume_command};
use crate::error::{Exit, UsageError};
use crate::events::Event;
use crate::store::{self, RunId, Store};
use clap::{Args, Subcommand};
use std::path::Path;
use std::time::Duration;

pub const EXAMPLES: &str = "\
Examples:
  archie runs                          list the latest runs, newest first
  archie runs show r7k2                a run's steps, the question it waits for, what it wrote
  archie runs prune --older-than 30d   delete completed, failed and abandoned runs older than 30 days
  archie --json runs list              the same list as JSON: {\"event\":\"data\",\"value\":[…]}";

#[derive(Debug, Args)]
pub struct RunsArgs {
    #[command(subcommand)]
    pub command: Option<RunsCommand>,
}

#[derive(Debug, Subcommand)]
pub enum RunsCommand {
    /// List recorded runs, newest first (the default)
    #[command(
        after_help = "Examples:\n  archie runs list --limit 50\n  archie --json runs list | jq .value"
    )]
    List(ListArgs),
    /// Show one run: its steps, the question it waits for, what it wrote, usage, errors
    #[command(after_help = "Example:\n  archie runs show r7k2")]
    Show(ShowArgs),
    /// Delete completed, failed and abandoned runs last active more than AGE ago
    #[command(
        after_help = "Example:\n  archie runs prune --older-than 30d   (interrupted runs are kept)"
    )]
    Prune(PruneArgs),
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Show at most N runs
    #[arg(short = 'n', long, value_name = "N", default_value_t = 20)]
    pub limit: usize,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The run's id, as `archie runs list` shows it (e.g. r7k2)
    #[arg(value_name = "RUN")]
    pub run: String,
}

#[derive(Debug, Args)]
pub struct PruneArgs {
    /// How old: a number with a unit, s, m, h or d (e.g. 90m, 12h, 30d)
    #[arg(long, value_name = "AGE", value_parser = parse_age)]
    pub older_than: Duration,
}

pub fn run(app: &App, args: RunsArgs) -> Result<Exit, CommandError> {
    let dir = app.state_dir();
    match args.command {
        None => list(app, &dir, ListArgs { limit: 20 }),
        Some(RunsCommand::List(list_args)) => list(app, &dir, list_args),
        Some(RunsCommand::Show(show_args)) => show(app, &dir, show_args),
        Some(RunsCommand::Prune(prune_args)) => prune(app, &dir, prune_args),
    }
}

fn result(app: &App, text: String) {
    app.events.emit(Event::Result { text });
}

/// The result under `--json`: the value itself, not its text in a string.
fn data(app: &App, value: impl serde::Serialize) -> Result<(), CommandError> {
    let value = serde_json::to_value(value)?;
    app.events.emit(Event::Data { value });
    Ok(())
}

fn no_runs_yet(dir: &Path) -> String {
    format!(
        "no runs yet (archie records every run in {})",
        store::db_path(dir).display()
    )
}

fn list(app: &App, dir: &Path, args: ListArgs) -> Result<Exit, CommandError> {
    let Some(store) = Store::open_existing(dir)? else {
        if app.settings.json {
            data(app, serde_json::json!([]))?;
        } else {
            result(app, no_runs_yet(dir));
        }
        return Ok(Exit::Done);
    };
    let limit = args.limit.max(1);
    let mut runs = store.list_runs(limit.saturating_add(1))?;
    let more = runs.len() > limit;
    runs.truncate(limit);
    if app.settings.json {
        data(app, &runs)?;
        return Ok(Exit::Done);
    }
    if runs.is_empty() {
        result(app, no_runs_yet(dir));
        return Ok(Exit::Done);
    }
    let text = crate::ui::runs::render_list(&runs, store::now_ms(), more.then_some(limit));
    result(app, text);
    Ok(Exit::Done)
}

fn unknown_run(id: &str, dir: &Path, any: bool) -> CommandError {
    let db = store::db_path(dir);
    let message = if any {
        format!("no run `{id}` is recorded in {}", db.display())
    } else {
        format!(
            "no run `{id}`: no runs are recorded yet in {}",
            db.display()
        )
    };
    UsageError::new(message)
        .hint("Run `archie runs list` to see the recorded runs (add --state-dir DIR if they are kept elsewhere).")
        .into()
}

fn show(app: &App, dir: &Path, args: ShowArgs) -> Result<Exit, CommandError> {
    let id = RunId::new(&args.run);
    let Some(store) = Store::open_existing(dir)? else {
        return Err(unknown_run(&id, dir, false));
    };
    let Some(run) = store.get_run(&id)? else {
        return Err(unknown_run(&id, dir, true));
    };
    if app.settings.json {
        data(app, &run)?;
    } else {
        let resume = resume_command(&app.settings, &id);
        result(
            app,
            crate::ui::runs::render_detail(
                &run,
                store::now_ms(),
                &resume,
                crate::flows::step_words,
            ),
        );
    }
    Ok(Exit::Done)
}

fn prune(app: &App, dir: &Path, args: PruneArgs) -> Result<Exit, CommandError> {
    let age = crate::text::age(args.older_than);
    let pruned = match Store::open_existing(dir)? {
        Some(store) => store.prune(args.older_than)?,
        None => 0,
    };
    if app.settings.json {
        data(app, serde_json::json!({ "pruned": pruned }))?;
        return Ok(Exit::Done);
    }
    let text = if pruned == 0 {
        format!(
            "nothing to prune: no completed, failed or abandoned run was last active more than {age} ago"
        )
    } else {
        format!(
            "pruned {pruned} run{} (completed, failed or abandoned, last active more than {age} ago)",
            if pruned == 1 { "" } else { "s" }
        )
    };
    result(app, text);
    Ok(Exit::Done)
}

/// Parses `30d`, `12h`, `90m`, `45s` (a whole number and a unit).
pub fn parse_age(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: u64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not an age; write a number and a unit, e.g. 30d"))?;
    let unit_secs = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        "" => {
            return Err(format!(
                "`{text}` needs a unit: s, m, h or d (e.g. {text}d)"
            ));
        }
        _ => {
            return Err(format!(
                "unknown unit `{unit}` in `{text}`; use s, m, h or d (e.g. 30d)"
            ));
        }
    };
    number
        .checked_mul(unit_secs)
        .map(Duration::from_secs)
        .ok_or_else(|| format!("`{text}` is too long an age"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ages_parse_with_units() {
        assert_eq!(parse_age("30d"), Ok(Duration::from_secs(30 * 86_400)));
        assert_eq!(parse_age("12h"), Ok(Duration::from_secs(12 * 3600)));
        assert_eq!(parse_age("90m"), Ok(Duration::from_secs(90 * 60)));
        assert_eq!(parse_age("45s"), Ok(Duration::from_secs(45)));
        assert!(parse_age("30").unwrap_err().contains("needs a unit"));
        assert!(parse_age("3w").unwrap_err().contains("unknown unit"));
        assert!(parse_age("d").is_err());
        assert!(parse_age("99999999999999999999d").is_err());
    }
}
