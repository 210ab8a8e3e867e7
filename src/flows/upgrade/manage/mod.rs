//! Experiment management: create, update, state change, delete. Each is planned (what
//! would change, shown to the person), approved by the person's answer (or `--yes`;
//! a delete without `--yes` wants the experiment's name typed), then written.
//!
//! The experiment is the one named exactly, or by its id ([`super::capabilities::Use::Write`]).
//!
//! UpGrade has no optimistic locking: a PUT with a stale body silently overwrites a newer
//! edit and can roll `versionNumber` back. So every write takes the experiment's advisory
//! lock (against other archie processes on this machine), re-reads it right before
//! writing and refuses when it changed since the person saw it, saying what changed;
//! after writing it checks each changed field (against everyone else) and says which
//! another writer undid, offering to re-read and apply again.
//!
//! One file per job: planning a create ([`create`]), an update ([`update`]), a state
//! change ([`transition`]) or a delete ([`delete`]), and carrying out what was approved
//! ([`write`]).

mod create;
mod delete;
mod transition;
mod update;
mod write;

use super::session::{FailKind, Failure};
use super::{
    Action, Choice, Clarification, MANAGE, ParamSlot, PlannedChange, Step, UpgradeEnv,
    UpgradeState, approved, next,
};
use crate::flows::FlowError;
use crate::graph::{Answer, Cx, Next};
use crate::text::literal;
use crate::upgrade::{ErrorKind, UpgradeError};

pub(super) async fn experiment_management(
    state: &mut UpgradeState,
    cx: &mut Cx<'_, UpgradeEnv>,
) -> Result<Next, FlowError> {
    let answer = cx.answer();
    let step = manage(state, cx.env, answer).await;
    Ok(next(state, cx, MANAGE, step))
}

fn fail(kind: impl Into<FailKind>, message: impl Into<String>, suggestions: Vec<String>) -> Step {
    Step::Fail(Failure::new(MANAGE, kind, message.into(), suggestions))
}

fn invalid(message: impl Into<String>, allowed: &str) -> Step {
    fail(
        ErrorKind::Validation,
        message,
        vec![format!("UpGrade accepts: {allowed}.")],
    )
}

async fn manage(
    state: &mut UpgradeState,
    env: &UpgradeEnv,
    answer: Option<Answer>,
) -> Result<Step, UpgradeError> {
    let what = match state.pending.as_ref().map(|p| &p.change) {
        Some(PlannedChange::Delete { name, id }) => {
            let name = literal(name);
            // A typed answer that is neither the name nor the id (`--answer yes`):
            // said, so the echoed answer is not taken for a yes.
            match answer.as_ref().map(|a| a.as_text().trim().to_string()) {
                Some(typed) if !typed.is_empty() && !matches!(answer, Some(Answer::Yes(_))) => {
                    format!(
                        ": “{}” is neither the name “{name}” nor its id {id}, so “{name}” was \
                         not deleted",
                        literal(&typed)
                    )
                }
                _ => format!(": “{name}” was not deleted"),
            }
        }
        Some(PlannedChange::Update { name, .. } | PlannedChange::State { name, .. }) => {
            format!(": “{}” is as it was", literal(name))
        }
        _ => String::new(),
    };
    let refused = format!("Nothing changed in UpGrade{what} (not confirmed).");
    let approved = match approved(state, answer, &refused) {
        Ok(approved) => approved,
        Err(step) => return Ok(step),
    };
    if let Some(pending) = approved {
        return write::execute(state, env, pending).await;
    }
    let p = super::capabilities::params(state);
    let action = match p.action {
        Some(a @ (Action::Create | Action::Update | Action::SetState | Action::Delete)) => a,
        _ if p.state.is_some()
            && p.conditions.is_empty()
            && p.name.is_none()
            && p.experiment.is_some() =>
        {
            Action::SetState
        }
        _ => {
            return Ok(Step::Clarify(Clarification::choose(
                ParamSlot::Action,
                "What should archie do?",
                [
                    ("Create an experiment", "create"),
                    ("Change an experiment's settings", "update"),
                    ("Start, pause or stop an experiment", "set_state"),
                    ("Delete an experiment", "delete"),
                ]
                .into_iter()
                .map(|(label, value)| Choice {
                    label: label.into(),
                    value: value.into(),
                })
                .collect(),
            )));
        }
    };
    match action {
        Action::Create => create::plan_create(state, env, &p).await,
        Action::Update => update::plan_update(state, env, &p).await,
        Action::SetState => transition::plan_state(state, env, &p).await,
        _ => delete::plan_delete(state, env).await,
    }
}

const UNITS: &[&str] = &["individual", "group", "within-subjects"];
const RULES: &[&str] = &["individual", "group", "experiment"];
const POST_RULES: &[&str] = &["continue", "assign"];
const FILTERS: &[&str] = &["includeAll", "excludeAll"];

/// `value` as one of `allowed` (case and punctuation aside).
fn one_of(value: &str, allowed: &[&'static str]) -> Option<&'static str> {
    let k = crate::words::compact(value);
    allowed
        .iter()
        .copied()
        .find(|a| crate::words::compact(a) == k)
}

/// The question for a group experiment's group type: one of `types` (the context's),
/// or typed when the context names none.
fn ask_group_type(types: Vec<String>) -> Step {
    Step::Clarify(if types.is_empty() {
        Clarification::typed(ParamSlot::GroupType, "Which group type (e.g. classId)?")
    } else {
        Clarification::choose(
            ParamSlot::GroupType,
            "Which group type should the experiment assign by?",
            types.into_iter().map(Choice::same).collect(),
        )
    })
}
