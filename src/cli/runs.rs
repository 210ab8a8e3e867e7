//! `archie runs [list|show RUN|prune --older-than AGE]`: the runs archie recorded.

use crate::UsageError;
use crate::app::App;
use crate::graph::Cursor;
use crate::store::{self, RunDetail, RunId, RunSummary, Status, Store};
use crate::ui::events::Event;
use crate::ui::prompt::{Question, QuestionKind};
use crate::ui::thousands;
use clap::{Args, Subcommand};
use std::path::Path;
use std::time::Duration;

pub const EXAMPLES: &str = "\
Examples:
  archie runs                          list the latest runs, newest first
  archie runs show r7k2                a run's steps, the question it waits for, what it wrote
  archie runs prune --older-than 30d   delete completed and failed runs older than 30 days
  archie --json runs list              the same list as a JSON array";

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
    /// Delete completed and failed runs last active more than AGE ago
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

pub fn run(app: &App, args: RunsArgs) -> anyhow::Result<u8> {
    let dir = store::state_dir(&app.global.memory_file, app.global.state_dir.as_deref());
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
fn data(app: &App, value: impl serde::Serialize) -> anyhow::Result<()> {
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

fn list(app: &App, dir: &Path, args: ListArgs) -> anyhow::Result<u8> {
    let Some(store) = Store::open_existing(dir)? else {
        if app.global.json {
            data(app, serde_json::json!([]))?;
        } else {
            result(app, no_runs_yet(dir));
        }
        return Ok(0);
    };
    let limit = args.limit.max(1);
    let mut runs = store.list_runs(limit.saturating_add(1))?;
    let more = runs.len() > limit;
    runs.truncate(limit);
    if app.global.json {
        data(app, &runs)?;
        return Ok(0);
    }
    if runs.is_empty() {
        result(app, no_runs_yet(dir));
        return Ok(0);
    }
    let now = store::now_ms();
    let mut rows = vec![
        ["ID", "STATUS", "STEP", "LLM", "COMMAND", "STARTED"]
            .map(String::from)
            .to_vec(),
    ];
    for run in &runs {
        rows.push(vec![
            run.id.to_string(),
            styled_status(run.status),
            step_label(run),
            run.llm_calls.map_or("-".into(), |c| c.to_string()),
            truncate(&command_line(&run.args, &run.command, false), 48),
            ago(now, run.created_at),
        ]);
    }
    let mut text = table(&rows, &[3]);
    if more {
        text.push_str(&format!(
            "\n(the newest {limit}; see more with `archie runs list --limit {}`)",
            limit.saturating_mul(2)
        ));
    }
    result(app, text);
    Ok(0)
}

fn unknown_run(id: &str, dir: &Path, any: bool) -> anyhow::Error {
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

fn show(app: &App, dir: &Path, args: ShowArgs) -> anyhow::Result<u8> {
    let id = RunId::new(&args.run);
    let Some(store) = Store::open_existing(dir)? else {
        return Err(unknown_run(&id, dir, false));
    };
    let Some(run) = store.get_run(&id)? else {
        return Err(unknown_run(&id, dir, true));
    };
    if app.global.json {
        data(app, &run)?;
    } else {
        result(app, render_detail(&run, store::now_ms()));
    }
    Ok(0)
}

fn prune(app: &App, dir: &Path, args: PruneArgs) -> anyhow::Result<u8> {
    let age = format_age(args.older_than);
    let pruned = match Store::open_existing(dir)? {
        Some(store) => store.prune(args.older_than)?,
        None => 0,
    };
    if app.global.json {
        data(app, serde_json::json!({ "pruned": pruned }))?;
        return Ok(0);
    }
    let text = if pruned == 0 {
        format!("nothing to prune: no completed or failed run was last active more than {age} ago")
    } else {
        format!(
            "pruned {pruned} run{} (completed or failed, last active more than {age} ago)",
            if pruned == 1 { "" } else { "s" }
        )
    };
    result(app, text);
    Ok(0)
}

/// The text of `archie runs show`.
pub fn render_detail(run: &RunDetail, now: i64) -> String {
    let s = &run.summary;
    let mut out = format!("run {}  {}\n", s.id, styled_status(s.status));
    let fields = vec![
        vec![
            "command".to_string(),
            command_line(&s.args, &s.command, true),
        ],
        vec!["flow".into(), s.flow.clone()],
        vec!["memory".into(), run.memory_file.display().to_string()],
        vec![
            "started".into(),
            format!("{} ({})", utc(s.created_at), ago(now, s.created_at)),
        ],
        vec![
            "updated".into(),
            format!("{} ({})", utc(s.updated_at), ago(now, s.updated_at)),
        ],
        vec!["step".into(), step_label(s)],
    ];
    out.push_str(&indent(&table(&fields, &[])));

    out.push_str("\n\nsteps\n");
    if run.history.is_empty() {
        out.push_str("  (no step finished yet)");
    } else {
        let mut rows = vec![["#", "NODE", "OUTCOME", "TOOK"].map(String::from).to_vec()];
        for step in &run.history {
            rows.push(vec![
                step.step.to_string(),
                step.node.clone(),
                step.outcome.clone(),
                took(step.duration_ms),
            ]);
        }
        out.push_str(&indent(&table(&rows, &[0])));
    }

    if let Some(what_next) = what_next(run) {
        out.push_str("\n\n");
        out.push_str(&what_next);
    }

    if !run.outputs.is_empty() {
        out.push_str("\n\nwrote\n");
        let rows: Vec<Vec<String>> = run
            .outputs
            .iter()
            .map(|o| vec![o.path.clone(), o.what.clone()])
            .collect();
        out.push_str(&indent(&table(&rows, &[])));
    }

    if let Some(usage) = &run.usage {
        out.push_str("\n\nLLM usage\n  ");
        out.push_str(&format_usage(usage));
    }

    if !run.errors.is_empty() {
        out.push_str("\n\nerrors\n");
        let errors: Vec<String> = run
            .errors
            .iter()
            .map(|e| format!("  {}", e.replace('\n', "\n    ")))
            .collect();
        out.push_str(&errors.join("\n"));
    }
    out
}

/// What the user can do next with a run that has not completed.
fn what_next(run: &RunDetail) -> Option<String> {
    let id = &run.summary.id;
    if let Some(question) = &run.pending_question {
        return Some(format!(
            "waiting for an answer:\n  {}\n{}",
            question.text.replace('\n', "\n  "),
            resume_hint(id, question)
        ));
    }
    match (run.summary.status, &run.next) {
        (Status::Completed, _) | (_, Some(Cursor::Done)) => None,
        (Status::Interrupted | Status::Failed, Some(Cursor::Node { node })) => Some(format!(
            "continue from step {} (next: {node}) with:\n  archie resume {id}",
            run.summary.step + 1
        )),
        (Status::Interrupted | Status::Failed, None) => Some(
            "no step finished, so there is nothing to resume: run the command again".to_string(),
        ),
        _ => None,
    }
}

/// The exact `archie resume` command that answers `question`.
fn resume_hint(id: &RunId, question: &Question) -> String {
    match &question.kind {
        QuestionKind::Text => {
            format!("answer it with:\n  archie resume {id} --answer \"…\"")
        }
        QuestionKind::Confirm { .. } => {
            format!("answer it with:\n  archie resume {id} --answer yes   (or --answer no)")
        }
        QuestionKind::Choose { options } => format!(
            "choose one of: {}\nanswer it with:\n  archie resume {id} --answer \"{}\"",
            options.join(", "),
            options.first().map_or("…", String::as_str)
        ),
    }
}

fn styled_status(status: Status) -> String {
    let style = console::style(status.as_str());
    match status {
        Status::Completed => style.green(),
        Status::Failed => style.red(),
        Status::Interrupted => style.yellow(),
        Status::Running | Status::Pending => style.cyan(),
    }
    .to_string()
}

fn step_label(run: &RunSummary) -> String {
    if run.step == 0 {
        "-".into()
    } else {
        format!("{} {}", run.step, run.node)
    }
}

/// The command line as the user typed it: `archie` and the stored arguments (the first
/// stored argument is the program path and is not repeated), quoted where needed.
fn command_line(args: &[String], command: &str, with_program: bool) -> String {
    let mut words: Vec<String> = Vec::new();
    if with_program {
        words.push("archie".into());
    }
    if args.len() > 1 {
        words.extend(args[1..].iter().map(|a| quote(a)));
    } else {
        words.push(command.to_string());
    }
    words.join(" ")
}

fn quote(arg: &str) -> String {
    let plain = !arg.is_empty()
        && arg.chars().all(|c| {
            c.is_alphanumeric()
                || matches!(
                    c,
                    '-' | '_' | '.' | '/' | ':' | '=' | ',' | '@' | '+' | '[' | ']'
                )
        });
    if plain {
        arg.to_string()
    } else {
        format!("\"{}\"", arg.replace('\\', "\\\\").replace('"', "\\\""))
    }
}

fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
        cut.push('…');
        cut
    }
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("  {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Aligned columns separated by two spaces; columns listed in `right` are right-aligned.
/// The last column is not padded (no trailing spaces).
fn table(rows: &[Vec<String>], right: &[usize]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|cell| console::measure_text_width(cell))
                .max()
                .unwrap_or(0)
        })
        .collect();
    rows.iter()
        .map(|row| {
            let mut line = String::new();
            for (c, cell) in row.iter().enumerate() {
                if c > 0 {
                    line.push_str("  ");
                }
                let pad = widths[c].saturating_sub(console::measure_text_width(cell));
                let last = c + 1 == row.len();
                if right.contains(&c) {
                    line.push_str(&" ".repeat(pad));
                    line.push_str(cell);
                } else {
                    line.push_str(cell);
                    if !last {
                        line.push_str(&" ".repeat(pad));
                    }
                }
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// How long ago `then` was: `just now`, `42 s ago`, `3 min ago`, `5 h ago`, `2 days ago`.
pub fn ago(now_ms: i64, then_ms: i64) -> String {
    let secs = (now_ms - then_ms).max(0) / 1000;
    match secs {
        0..5 => "just now".into(),
        5..60 => format!("{secs} s ago"),
        60..3600 => format!("{} min ago", secs / 60),
        3600..86_400 => format!("{} h ago", secs / 3600),
        _ => {
            let days = secs / 86_400;
            format!("{days} day{} ago", if days == 1 { "" } else { "s" })
        }
    }
}

/// A step's duration: `12 ms`, `6.1 s`, `2 min 5 s`, `1 h 3 min`.
pub fn took(ms: u64) -> String {
    match ms {
        0..1000 => format!("{ms} ms"),
        1000..60_000 => format!("{:.1} s", ms as f64 / 1000.0),
        60_000..3_600_000 => format!("{} min {} s", ms / 60_000, ms % 60_000 / 1000),
        _ => format!("{} h {} min", ms / 3_600_000, ms % 3_600_000 / 60_000),
    }
}

/// A unix-ms time as `2026-11-22 03:41:35 UTC`.
pub fn utc(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// `4 calls · 31,420 → 3,880 tokens · 41.0 s` from the usage the LLM layer recorded
/// (`calls`, `prompt_tokens`, `completion_tokens`, `ms`, `estimated`); any other shape
/// is shown as JSON.
fn format_usage(usage: &serde_json::Value) -> String {
    let get = |key: &str| usage.get(key).and_then(serde_json::Value::as_u64);
    let Some(calls) = get("calls") else {
        return usage.to_string();
    };
    let mut parts = vec![format!("{calls} call{}", if calls == 1 { "" } else { "s" })];
    if let (Some(p), Some(c)) = (get("prompt_tokens"), get("completion_tokens")) {
        let estimated = usage
            .get("estimated")
            .and_then(serde_json::Value::as_bool)
            .unwrap_or(false);
        parts.push(format!(
            "{} → {} tokens{}",
            thousands(p),
            thousands(c),
            if estimated { " (estimated)" } else { "" }
        ));
    }
    if let Some(ms) = get("ms") {
        parts.push(took(ms));
    }
    parts.join(" · ")
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

fn format_age(age: Duration) -> String {
    let secs = age.as_secs();
    for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60)] {
        if secs >= size && secs.is_multiple_of(size) {
            return format!("{}{unit}", secs / size);
        }
    }
    format!("{secs}s")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ages_read_like_speech() {
        let now = 1_000_000_000_000;
        assert_eq!(ago(now, now), "just now");
        assert_eq!(ago(now, now + 5_000), "just now");
        assert_eq!(ago(now, now - 42_000), "42 s ago");
        assert_eq!(ago(now, now - 3 * 60_000 - 5), "3 min ago");
        assert_eq!(ago(now, now - 5 * 3_600_000), "5 h ago");
        assert_eq!(ago(now, now - 86_400_000), "1 day ago");
        assert_eq!(ago(now, now - 3 * 86_400_000), "3 days ago");
    }

    #[test]
    fn durations_are_short() {
        assert_eq!(took(12), "12 ms");
        assert_eq!(took(6_100), "6.1 s");
        assert_eq!(took(125_000), "2 min 5 s");
        assert_eq!(took(3_780_000), "1 h 3 min");
    }

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
        assert_eq!(format_age(Duration::from_secs(30 * 86_400)), "30d");
        assert_eq!(format_age(Duration::from_secs(90 * 60)), "90m");
    }

    #[test]
    fn utc_dates_are_civil() {
        assert_eq!(utc(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(951_782_400_000), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc(1_795_311_695_000), "2026-11-22 01:41:35 UTC");
    }

    #[test]
    fn usage_reads_well() {
        let usage = serde_json::json!({"calls": 4, "prompt_tokens": 31420, "completion_tokens": 3880, "ms": 41000});
        assert_eq!(
            format_usage(&usage),
            "4 calls · 31,420 → 3,880 tokens · 41.0 s"
        );
        assert_eq!(format_usage(&serde_json::json!({"x": 1})), r#"{"x":1}"#);
    }

    #[test]
    fn arguments_are_quoted_when_needed() {
        let args = [
            "/usr/bin/archie",
            "analyze",
            "-q",
            "why \"this\"?",
            "-i",
            "docs/",
        ]
        .map(String::from);
        assert_eq!(
            command_line(&args, "analyze", true),
            r#"archie analyze -q "why \"this\"?" -i docs/"#
        );
        assert_eq!(command_line(&[], "echo", false), "echo");
        assert_eq!(truncate("abcdef", 4), "abc…");
    }
}
