//! execute: consent for the tools that are not read-only (asked one at a time,
//! before anything runs), then the tasks, each bounded by its server's call timeout:
//! read-only calls at once, a call that may change things alone and in plan order (so a
//! relation is created after its entities); results kept in plan order and budgeted.

use super::budget::budget_texts;
use super::{SearchEnv, SearchState, Task, TaskResult, compact, offered};
use crate::events::{Event, TaskState};
use crate::flows::FlowError;
use crate::graph::{Cx, Next, Question};
use crate::mcp::{Hints, ToolOutput};
use serde_json::Value;
use std::time::Instant;

/// Why a tool needs consent, for the question.
fn consent_reason(hints: &Hints) -> &'static str {
    if hints.destructive == Some(true) && hints.read_only == Some(true) {
        "says it only reads but also that it is destructive, so it may change or delete things"
    } else if hints.destructive == Some(true) {
        "is marked destructive and may change or delete things"
    } else if hints.read_only == Some(false) {
        "may change things"
    } else {
        "may change things (its server does not say it only reads)"
    }
}

pub(super) async fn execute(
    state: &mut SearchState,
    cx: &mut Cx<'_, SearchEnv>,
) -> Result<Next, FlowError> {
    let env = cx.env;
    let events = cx.events;
    // A resumed run starts the servers here.
    env.servers(events).await;
    for (i, t) in state.plan.iter().enumerate() {
        events.emit(status(i, t, TaskState::Pending, None));
    }

    // Consent first, one question at a time, before anything runs.
    let skipped = ask_consent(state, env, events).await?;

    let started = Instant::now();
    let work: Vec<(usize, Task)> = state
        .plan
        .iter()
        .cloned()
        .enumerate()
        .filter(|(i, _)| skipped[*i].is_none())
        .collect();
    let mut slots = Vec::with_capacity(work.len());
    for batch in in_batches(state, &work) {
        let limit = batch.len().max(1);
        slots.extend(run_batch(state, env, events, started, limit, batch).await);
    }

    let mut outputs: Vec<Option<Ran>> = vec![None; state.plan.len()];
    for ((i, _), slot) in work.iter().zip(slots) {
        if let crate::graph::ItemOutcome::Done((result, at, ms)) = slot {
            outputs[*i] = Some((result.map_err(|e| e.to_string()), at, ms));
        }
    }
    // The texts that go to synthesis, budgeted together.
    let texts: Vec<Option<String>> = outputs
        .iter()
        .map(|o| match o {
            // What a server returns may repeat a secret (its own token, say): the model
            // is told none.
            Some((Ok(out), _, _)) => Some(crate::secrets::redact_text(&out.to_text())),
            _ => None,
        })
        .collect();
    let budgeted = budget_texts(&texts, env.budget);

    state.results = Vec::with_capacity(state.plan.len());
    for (i, t) in state.plan.iter().enumerate() {
        let bytes = texts[i].as_ref().map_or(0, |t| t.len() as u64);
        let (result, reason) = task_result(
            t,
            skipped[i].as_ref(),
            outputs[i].as_ref(),
            bytes,
            budgeted[i].as_ref(),
        );
        events.emit(Event::TaskStatus {
            index: i as u64,
            tool: t.tool.clone(),
            arguments: Value::Object(t.arguments.clone()),
            status: result.status,
            started_ms: result.started_ms,
            ms: result.ms,
            bytes: (result.status == TaskState::Done).then_some(result.bytes),
            tool_error: result.tool_error,
            reason: reason.map(|r| crate::secrets::redact_text(&r)),
        });
        state.results.push(result);
    }
    Ok(Next::Continue)
}

/// Asks, one task at a time in plan order, for consent to each tool that is not
/// read-only; by task, why it is skipped (`None`: it runs).
async fn ask_consent(
    state: &SearchState,
    env: &SearchEnv,
    events: &crate::events::Events,
) -> Result<Vec<Option<String>>, FlowError> {
    let mut skipped: Vec<Option<String>> = vec![None; state.plan.len()];
    for (i, t) in state.plan.iter().enumerate() {
        let Some(o) = offered(state, &t.tool) else {
            skipped[i] = Some("the tool is no longer offered".into());
            continue;
        };
        if o.hints.runs_unasked() {
            continue;
        }
        let question = Question::confirm(
            format!(
                "{} {} {}. Run it?",
                t.tool,
                crate::secrets::redact_text(&compact(&t.arguments)),
                consent_reason(&o.hints)
            ),
            false,
        );
        events.emit(Event::Interrupt {
            run: None,
            question: question.text.clone(),
            kind: question.kind.name(),
            options: Vec::new(),
        });
        skipped[i] = match env.prompter.ask(&question).await? {
            Some(answer) if answer.as_text() == "yes" => None,
            Some(_) => Some("declined".into()),
            None => Some(
                "needs consent: it is not marked read-only and there is no terminal to ask \
                 (pass --yes to allow it)"
                    .into(),
            ),
        };
    }
    Ok(skipped)
}

/// The tasks to run (with their plan index) in the batches they run in: reads at once;
/// a call that may change things alone, in plan order, after what comes before it and
/// before what comes after it (a relation after its entities, a read after the write it
/// checks).
fn in_batches(state: &SearchState, work: &[(usize, Task)]) -> Vec<Vec<(usize, Task)>> {
    let mut batches: Vec<Vec<(usize, Task)>> = Vec::new();
    for (i, task) in work.iter().cloned() {
        let reads = offered(state, &task.tool).is_some_and(|o| o.hints.runs_unasked());
        match batches.last_mut() {
            Some(batch)
                if reads
                    && batch.iter().all(|(_, t)| {
                        offered(state, &t.tool).is_some_and(|o| o.hints.runs_unasked())
                    }) =>
            {
                batch.push((i, task))
            }
            _ => batches.push(vec![(i, task)]),
        }
    }
    batches
}

/// What became of task `t`: skipped (and why), ran (its budgeted `text` of `bytes`
/// before the budget) or failed; with the reason its final status gives, if any.
fn task_result(
    t: &Task,
    skipped: Option<&String>,
    output: Option<&Ran>,
    bytes: u64,
    text: Option<&String>,
) -> (TaskResult, Option<String>) {
    let mut result = TaskResult {
        tool: t.tool.clone(),
        arguments: t.arguments.clone(),
        status: TaskState::Failed,
        text: String::new(),
        bytes: 0,
        tool_error: false,
        started_ms: None,
        ms: None,
    };
    let mut reason = None;
    match (skipped, output) {
        (Some(why), _) => {
            result.status = TaskState::Skipped;
            result.text = format!("skipped: {why}");
            reason = Some(why.clone());
        }
        (None, Some((Ok(out), at, ms))) => {
            result.status = TaskState::Done;
            result.bytes = bytes;
            result.text = text.cloned().unwrap_or_default();
            result.tool_error = out.is_error;
            result.started_ms = Some(*at);
            result.ms = Some(*ms);
        }
        (None, Some((Err(e), at, ms))) => {
            result.status = TaskState::Failed;
            result.text = crate::secrets::redact_text(&format!("failed: {e}"));
            result.started_ms = Some(*at);
            result.ms = Some(*ms);
            reason = Some(e.clone());
        }
        (None, None) => {
            result.status = TaskState::Failed;
            result.text = "failed: did not run".into();
            reason = Some("did not run".into());
        }
    }
    (result, reason)
}

/// A task's status, while it waits or runs.
fn status(i: usize, t: &Task, status: TaskState, started_ms: Option<u64>) -> Event {
    Event::TaskStatus {
        index: i as u64,
        tool: t.tool.clone(),
        arguments: Value::Object(t.arguments.clone()),
        status,
        started_ms,
        ms: None,
        bytes: None,
        tool_error: false,
        reason: None,
    }
}

/// Runs `batch` (tasks with their plan index), `limit` at once; its slots in order.
async fn run_batch(
    state: &SearchState,
    env: &SearchEnv,
    events: &crate::events::Events,
    started: Instant,
    limit: usize,
    batch: Vec<(usize, Task)>,
) -> Vec<crate::graph::ItemOutcome<Outcome, std::convert::Infallible>> {
    crate::graph::fan_out(
        crate::graph::FanOut {
            task: None,
            limit,
            events,
        },
        batch,
        |_, (i, task)| {
            let server = offered(state, &task.tool)
                .and_then(|o| env.server(&o.server).map(|s| (s, o.tool.clone())));
            async move {
                let at = started.elapsed().as_millis() as u64;
                events.emit(status(i, &task, TaskState::Running, Some(at)));
                let begun = Instant::now();
                let result = match server {
                    Some((server, raw)) => server.call_tool(&raw, task.arguments.clone()).await,
                    None => Err(crate::mcp::McpError::Closed {
                        server: task.tool.clone(),
                        exit: None,
                        stderr: Vec::new(),
                    }),
                };
                Ok::<_, std::convert::Infallible>((result, at, begun.elapsed().as_millis() as u64))
            }
        },
        |_, _| crate::graph::Control::Continue(None),
    )
    .await
}

/// What a call came to: its result, when it started and how long it took (ms).
type Outcome = (Result<ToolOutput, crate::mcp::McpError>, u64, u64);

/// A task that ran: its result, when it started (after the step began) and how long it
/// took, in milliseconds.
type Ran = (Result<ToolOutput, String>, u64, u64);
