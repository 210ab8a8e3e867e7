//! `archie runs`: the recorded runs as tables and a detail page.

use crate::events::AnswerKind;
use crate::pause::Cursor;
use crate::store::{RunDetail, RunSummary, Status};
use crate::text::{ago, indent, table, thousands, took, truncate, utc};

/// The table of `archie runs list`; `more` says the list was cut at `limit`.
pub fn render_list(runs: &[RunSummary], now: i64, more: Option<usize>) -> String {
    let mut rows = vec![
        ["ID", "STATUS", "LAST STEP", "LLM", "COMMAND", "STARTED"]
            .map(String::from)
            .to_vec(),
    ];
    for run in runs {
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
    if let Some(limit) = more {
        text.push_str(&format!(
            "\n(the newest {limit}; see more with `archie runs list --limit {}`)",
            limit.saturating_mul(2)
        ));
    }
    text
}

/// How a step is named for people (`extract` → `extracting knowledge`).
pub type StepWords = fn(&str) -> &str;

/// The text of `archie runs show`; `words` names steps for people.
pub fn render_detail(run: &RunDetail, now: i64, resume_command: &str, words: StepWords) -> String {
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

    if let Some(what_next) = what_next(run, resume_command, words) {
        out.push_str("\n\n");
        out.push_str(&what_next);
    }

    if !run.outputs.is_empty() {
        out.push_str("\n\nwrote\n");
        let rows: Vec<Vec<String>> = run
            .outputs
            .iter()
            .map(|o| vec![crate::text::near(&o.path), o.what.clone()])
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

/// What the user can do next with a run that has not completed: the same lines the run
/// itself printed when it stopped.
fn what_next(run: &RunDetail, resume_command: &str, words: StepWords) -> Option<String> {
    if let Some(question) = &run.pending_question {
        return Some(format!(
            "waiting for an answer:\n  {}\n{}",
            question.text.replace('\n', "\n  "),
            answer_hint(
                resume_command,
                question.kind.name(),
                question.kind.options()
            )
        ));
    }
    match (run.summary.status, &run.next) {
        (Status::Completed | Status::Aborted, _) | (_, Some(Cursor::Done)) => None,
        (Status::Interrupted | Status::Failed | Status::Abandoned, Some(Cursor::Node { node })) => {
            Some(format!(
                "stopped after step {} (next: {})\n{}",
                run.summary.step,
                words(node),
                continue_hint(resume_command)
            ))
        }
        (
            Status::Interrupted | Status::Failed | Status::Abandoned,
            Some(Cursor::Answered { then, .. }),
        ) => Some(format!(
            "stopped after step {} with your answer kept (next: {})\n{}",
            run.summary.step,
            words(then),
            continue_hint(resume_command)
        )),
        (Status::Interrupted | Status::Failed | Status::Abandoned, None) => Some(format!(
            "stopped before its first step finished\n{}",
            continue_hint(resume_command)
        )),
        _ => None,
    }
}

/// `  continue with: archie resume r7k2`: the one line every "how to go on" says.
pub fn continue_hint(resume_command: &str) -> String {
    format!("  continue with: {resume_command}")
}

/// The exact `archie resume` command that answers a question of `kind`, as the run
/// prints it when it stops and `archie runs show` prints it later.
pub fn answer_hint(resume_command: &str, kind: AnswerKind, options: &[String]) -> String {
    match kind {
        AnswerKind::Confirm => {
            format!("  continue with: {resume_command} --answer yes   (or --answer no, or --yes)")
        }
        AnswerKind::Choose => format!(
            "  continue with: {resume_command} --answer \"{}\"   (one of: {})",
            options.first().map_or("…", String::as_str),
            options.join(", ")
        ),
        AnswerKind::Text => format!("  continue with: {resume_command} --answer \"…\""),
    }
}

/// A run's status as the tables show it: a plain word. A result reaches the terminal
/// inert (an escape sequence is shown, not obeyed: `ui::Ui::result`), so a colour here
/// was printed as `\x1b[32mcompleted\x1b[0m` at a colour terminal.
fn styled_status(status: Status) -> String {
    status.as_str().to_string()
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
    let mut words: Vec<&str> = Vec::new();
    if with_program {
        words.push("archie");
    }
    let near: Vec<String> = args.iter().skip(1).map(|a| crate::text::near(a)).collect();
    if args.len() > 1 {
        words.extend(near.iter().map(String::as_str));
    } else {
        words.push(command);
    }
    crate::shell::join(words)
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
    if let Some(attempts) = get("attempts").filter(|a| *a > 1) {
        parts.push(format!("over {attempts} attempts"));
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

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
            r#"archie analyze -q 'why "this"?' -i docs/"#
        );
        assert_eq!(command_line(&[], "echo", false), "echo");
    }

    #[test]
    fn a_status_carries_no_escape_sequence_even_in_colour() {
        console::set_colors_enabled(true);
        let shown = styled_status(Status::Completed);
        console::set_colors_enabled(false);
        assert_eq!(shown, "completed");
    }
}
