//! Deleting an experiment: the person sees what goes, and (without `--yes`) types its
//! name to confirm.

use crate::flows::upgrade::capabilities::{Found, Use, find_experiment};
use crate::flows::upgrade::{MANAGE, Pending, PlannedChange, Step, UpgradeEnv, UpgradeState};
use crate::graph::Question;
use crate::text::literal;
use crate::upgrade::{ExperimentState, UpgradeError};

/// Plans a delete: what would be lost, and the confirmation.
pub(super) async fn plan_delete(
    state: &mut UpgradeState,
    env: &UpgradeEnv,
) -> Result<Step, UpgradeError> {
    let e = match find_experiment(state, env, MANAGE, "should archie delete", Use::Write).await? {
        Found::Experiment(e) => *e,
        Found::Step(step) => return Ok(step),
    };
    let live = if e.state == ExperimentState::Enrolling {
        " It is running: its users lose their condition."
    } else {
        ""
    };
    let name = literal(&e.name);
    let preview = format!(
        "About to delete “{name}” ({}, context {}; conditions {}; decision points {}; id {}).\
         {live} This cannot be undone.",
        e.state.describe(),
        literal(e.context()),
        e.weights_line(),
        e.decision_points_line(),
        e.id,
    );
    // A name that cannot be typed on one line as stored (a newline, a control
    // character) is confirmed by its id.
    let typable = !e.name.trim().is_empty() && !e.name.chars().any(char::is_control);
    let question = if env.yes {
        Question::confirm(format!("Delete “{name}”?"), false)
    } else if typable {
        Question::text(format!(
            "To delete “{name}”, type its name or its id (anything else keeps it)"
        ))
        .with_prompt(format!("Delete “{name}”? Type its name to confirm"))
    } else {
        Question::text(format!(
            "To delete “{name}”, type its id {} (its name holds characters that cannot be \
             typed here; anything else keeps it)",
            e.id
        ))
        .with_prompt(format!("Delete “{name}”? Type its id to confirm"))
    };
    state.pending = Some(Pending {
        change: PlannedChange::Delete {
            id: e.id.clone(),
            name: e.name.clone(),
        },
        seen: Some(e.raw),
        approved: false,
    });
    Ok(Step::Consent { preview, question })
}
