//! Deleting an experiment: the person sees what goes, and (without `--yes`) types its
//! name to confirm.

use crate::flows::upgrade::capabilities::{Found, find_experiment};
use crate::flows::upgrade::{MANAGE, Pending, PlannedChange, Step, UpgradeEnv, UpgradeState};
use crate::graph::Question;
use crate::upgrade::{ExperimentState, UpgradeError};

/// Plans a delete: what would be lost, and the confirmation.
pub(super) async fn plan_delete(
    state: &mut UpgradeState,
    env: &UpgradeEnv,
) -> Result<Step, UpgradeError> {
    let e = match find_experiment(state, env, MANAGE, "should archie delete").await? {
        Found::Experiment(e) => *e,
        Found::Step(step) => return Ok(step),
    };
    let live = if e.state == ExperimentState::Enrolling {
        " It is running: its users lose their condition."
    } else {
        ""
    };
    let preview = format!(
        "About to delete “{}” ({}, context {}; conditions {}; decision points {}).{live} \
         This cannot be undone.",
        e.name,
        e.state.describe(),
        e.context(),
        e.weights_line(),
        e.decision_points_line()
    );
    let question = if env.yes {
        Question::confirm(format!("Delete “{}”?", e.name), false)
    } else {
        Question::text(format!(
            "To delete “{}”, type its name (anything else keeps it)",
            e.name
        ))
        .with_prompt(format!("Delete “{}”? Type its name to confirm", e.name))
    };
    state.pending = Some(Pending {
        change: PlannedChange::Delete {
            id: e.id.clone(),
            name: e.name.clone(),
        },
        seen: Some(e.raw.clone()),
        approved: false,
    });
    Ok(Step::Consent { preview, question })
}
