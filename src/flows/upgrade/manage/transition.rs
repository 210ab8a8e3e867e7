//! Starting, pausing and stopping an experiment: the state asked for, in UpGrade's
//! words or people's, and what the change means for its users.

use super::invalid;
use crate::flows::upgrade::capabilities::{Found, Use, find_experiment};
use crate::flows::upgrade::{
    Choice, Clarification, MANAGE, ParamSlot, Params, Pending, PlannedChange, Step, UpgradeEnv,
    UpgradeState,
};
use crate::graph::Question;
use crate::upgrade::{Experiment, ExperimentState, UpgradeError};
use crate::words::fold as key;

/// Plans a state change: the state asked for, then the question saying what it means.
pub(super) async fn plan_state(
    state: &mut UpgradeState,
    env: &UpgradeEnv,
    p: &Params,
) -> Result<Step, UpgradeError> {
    let e = match find_experiment(state, env, MANAGE, "should change state", Use::Write).await? {
        Found::Experiment(e) => *e,
        Found::Step(step) => return Ok(step),
    };
    let to = match target_state(&e, p) {
        Ok(to) => to,
        Err(step) => return Ok(step),
    };
    if to == e.state {
        state.reply.say(format!(
            "“{}” is already {}; nothing to change.",
            e.shown_name(),
            to.describe()
        ));
        return Ok(Step::Done);
    }
    let consequence = consequence(&to);
    // No " (" in a prompt: the echo of a given answer cuts the prompt there.
    let question = format!(
        "Change “{}” from {} to {}? {consequence}",
        e.shown_name(),
        e.state.shown(),
        to.shown()
    );
    state.pending = Some(Pending {
        change: PlannedChange::State {
            id: e.id.clone(),
            name: e.name.clone(),
            to,
        },
        seen: Some(e.raw),
        approved: false,
    });
    Ok(Step::Consent {
        preview: String::new(),
        question: Question::confirm(question.trim_end(), false),
    })
}

/// The state the route asks for (a state's name, or a verb such as start or pause), or
/// the question for it: none named, or “stop”, which means paused or completed.
fn target_state(e: &Experiment, p: &Params) -> Result<ExperimentState, Step> {
    let wanted = p.state.as_deref().map(str::trim).unwrap_or("");
    let word = key(wanted);
    let to = match word.as_str() {
        "" => None,
        "start" | "resume" | "run" | "enrol" | "enroll" | "launch" | "restart" => {
            Some(ExperimentState::Enrolling)
        }
        "pause" => Some(ExperimentState::EnrollmentComplete),
        "stop" | "stopped" | "end" | "ended" | "finish" => {
            return Err(Step::Clarify(Clarification::choose(
                ParamSlot::TargetState,
                format!("Stop “{}” how?", e.shown_name()),
                vec![
                    Choice {
                        label:
                            "paused: no new users; enrolled users follow the post-experiment rule"
                                .into(),
                        value: ExperimentState::EnrollmentComplete.stored().into(),
                    },
                    Choice {
                        label: "completed: nobody gets a condition any more".into(),
                        value: ExperimentState::Cancelled.stored().into(),
                    },
                ],
            )));
        }
        _ => match ExperimentState::from_words(wanted) {
            Some(s) => Some(s),
            None => {
                return Err(invalid(
                    format!("“{}” is not an UpGrade state", crate::text::literal(wanted)),
                    &ExperimentState::all_described(),
                ));
            }
        },
    };
    let Some(to) = to else {
        return Err(Step::Clarify(Clarification::choose(
            ParamSlot::TargetState,
            format!(
                "“{}” is {}. Which state should it go to?",
                e.shown_name(),
                e.state.describe()
            ),
            [
                ExperimentState::Enrolling,
                ExperimentState::EnrollmentComplete,
                ExperimentState::Cancelled,
                ExperimentState::Inactive,
            ]
            .into_iter()
            .map(|s| Choice {
                label: s.describe(),
                value: s.stored().into(),
            })
            .collect(),
        )));
    };
    Ok(to)
}

/// What moving to `to` means for the experiment's users.
fn consequence(to: &ExperimentState) -> &'static str {
    match to {
        ExperimentState::Enrolling => {
            "Users who reach its decision points will be enrolled and get conditions."
        }
        ExperimentState::EnrollmentComplete => {
            "No new users are enrolled; enrolled users follow its post-experiment rule."
        }
        ExperimentState::Cancelled => "Nobody gets a condition from it any more.",
        ExperimentState::Inactive => "Users get the default (no condition).",
        _ => "",
    }
}
