//! Carrying out an approved change. Every write re-reads the experiment right before it
//! and refuses when it changed since the person saw it; a write whose answer was lost
//! is read back, never sent again blindly.

use super::fail;
use crate::flows::upgrade::capabilities::learn;
use crate::flows::upgrade::session::AgentKind;
use crate::flows::upgrade::{Pending, PlannedChange, Step, UpgradeEnv, UpgradeState};
use crate::memory::Entity;
use crate::upgrade::{
    ErrorKind, Experiment, ExperimentState, Landed, NewExperiment, UpgradeClient, UpgradeError,
    Written, diff,
};
use serde_json::Value;

/// Carries out the approved change; marks and tests are left pending for their own
/// nodes.
pub(super) async fn execute(
    state: &mut UpgradeState,
    env: &UpgradeEnv,
    pending: Pending,
) -> Result<Step, UpgradeError> {
    let client = &env.client;
    let seen = pending.seen.as_ref();
    match &pending.change {
        PlannedChange::Create { body } => create(state, client, body).await,
        PlannedChange::Update {
            id,
            name,
            desired,
            changes,
        } => {
            let target = Target { id, name, seen };
            update(state, client, target, desired, changes).await
        }
        PlannedChange::State { id, name, to } => {
            let target = Target { id, name, seen };
            set_state(state, client, target, to).await
        }
        PlannedChange::Delete { id, name } => {
            delete(state, client, Target { id, name, seen }).await
        }
        _ => {
            // Marks and tests are carried out by their own nodes.
            state.pending = Some(pending);
            Ok(Step::Done)
        }
    }
}

/// The experiment a write is for, and the document the person saw.
#[derive(Clone, Copy)]
struct Target<'a> {
    id: &'a str,
    name: &'a str,
    seen: Option<&'a Value>,
}

async fn create(
    state: &mut UpgradeState,
    client: &UpgradeClient,
    body: &NewExperiment,
) -> Result<Step, UpgradeError> {
    let NewExperiment { id, name, .. } = body;
    // The id is archie's own, so finding it means an earlier attempt landed.
    let written = client
        .write_checked(
            ("POST", "/experiments"),
            || client.create(body),
            || async {
                match client.experiment(id).await {
                    Ok(_) => Ok(Landed::Yes),
                    Err(UpgradeError::NotFound { .. }) => Ok(Landed::No),
                    Err(e) => Err(e),
                }
            },
        )
        .await?;
    let created = client.experiment(id).await?;
    let next = if created.state == ExperimentState::Enrolling {
        "It is running: users who reach its decision points are enrolled.".to_string()
    } else {
        format!("Say “start {name}” to run it.")
    };
    state.reply.say(format!(
        "Created “{name}” (id {id}) in {}, {}: conditions {}; decision points {}.{} {next}",
        created.context(),
        created.state.describe(),
        created.weights_line(),
        created.decision_points_line(),
        read_back_note(&written),
    ));
    learn(&mut state.learned, &created);
    Ok(Step::Done)
}

async fn update(
    state: &mut UpgradeState,
    client: &UpgradeClient,
    target: Target<'_>,
    desired: &Value,
    changes: &[diff::FieldChange],
) -> Result<Step, UpgradeError> {
    let Target { id, name, seen } = target;
    let current = match still_there(client, id, name).await? {
        Ok(e) => e,
        Err(step) => return Ok(step),
    };
    if let Some(seen) = seen
        && let Some(what) = changed_since(seen, &current)
    {
        return Ok(refuse(name, what));
    }
    let mut body = desired.clone();
    // Send the stored version so UpGrade increments it (it takes a different one
    // from the body as is).
    body["versionNumber"] = current.raw["versionNumber"].clone();
    body["updatedAt"] = current.raw["updatedAt"].clone();
    let path = format!("/experiments/{id}");
    // Sent again blindly, a PUT that landed would carry a stale version and roll
    // it back: read back first. It landed when the version moved and the fields
    // asked for have their new values.
    let written = client
        .write_checked(
            ("PUT", &path),
            || client.update(id, &body),
            || async {
                let after = client.experiment(id).await?;
                let moved = after.version_number != current.version_number
                    || after.updated_at != current.updated_at;
                let remaining = diff::diff(desired, &after.raw);
                let present = changes
                    .iter()
                    .all(|c| !remaining.iter().any(|r| r.field == c.field));
                Ok(match (moved, present) {
                    (false, _) => Landed::No,
                    (true, true) => Landed::Yes,
                    (true, false) => Landed::Unknown(
                        "the experiment changed, but not as asked (another edit?)".into(),
                    ),
                })
            },
        )
        .await?;
    let after = client.experiment(id).await?;
    let mut text = format!(
        "Updated “{}” (version {} → {}):",
        after.name,
        current.version_number.map_or("?".into(), |v| v.to_string()),
        after.version_number.map_or("?".into(), |v| v.to_string())
    );
    for c in changes {
        text.push_str(&format!("\n- {c}"));
    }
    text.push_str(&read_back_note(&written));
    state.reply.say(text);
    learn(&mut state.learned, &after);
    Ok(Step::Done)
}

async fn set_state(
    state: &mut UpgradeState,
    client: &UpgradeClient,
    target: Target<'_>,
    to: &ExperimentState,
) -> Result<Step, UpgradeError> {
    let Target { id, name, seen } = target;
    let current = match still_there(client, id, name).await? {
        Ok(e) => e,
        Err(step) => return Ok(step),
    };
    if current.state == *to {
        state.reply.say(format!("“{name}” is {}.", to.describe()));
        learn(&mut state.learned, &current);
        return Ok(Step::Done);
    }
    let seen_state = seen
        .and_then(|s| s["state"].as_str())
        .and_then(ExperimentState::from_words);
    if let Some(seen) = seen_state.filter(|s| *s != current.state) {
        return Ok(refuse(
            name,
            vec![format!(
                "state {} → {}",
                seen.describe(),
                current.state.describe()
            )],
        ));
    }
    let written = client
        .write_checked(
            ("POST", "/experiments/state"),
            || client.set_state(id, to),
            || async {
                let after = client.experiment(id).await?;
                Ok(if after.state == *to {
                    Landed::Yes
                } else if after.state == current.state {
                    Landed::No
                } else {
                    Landed::Unknown(format!(
                        "it is now {} (another change?)",
                        after.state.describe()
                    ))
                })
            },
        )
        .await?;
    let after = client.experiment(id).await?;
    state.reply.say(format!(
        "“{name}” is now {} (it was {}).{}",
        after.state.describe(),
        current.state.describe(),
        read_back_note(&written),
    ));
    learn(&mut state.learned, &after);
    Ok(Step::Done)
}

async fn delete(
    state: &mut UpgradeState,
    client: &UpgradeClient,
    target: Target<'_>,
) -> Result<Step, UpgradeError> {
    let Target { id, name, seen } = target;
    match client.experiment(id).await {
        Ok(current) => {
            if let Some(seen) = seen
                && let Some(what) = changed_since(seen, &current)
            {
                return Ok(refuse(name, what));
            }
        }
        Err(UpgradeError::NotFound { .. }) => {
            state.reply.say(format!("“{name}” is already gone."));
            return Ok(Step::Done);
        }
        Err(e) => return Err(e),
    }
    let path = format!("/experiments/{id}");
    let written = client
        .write_checked(
            ("DELETE", &path),
            || async {
                match client.delete(id).await {
                    // Gone already: what was asked holds.
                    Ok(()) | Err(UpgradeError::NotFound { .. }) => Ok(()),
                    Err(e) => Err(e),
                }
            },
            || async {
                match client.experiment(id).await {
                    Err(UpgradeError::NotFound { .. }) => Ok(Landed::Yes),
                    Ok(_) => Ok(Landed::No),
                    Err(e) => Err(e),
                }
            },
        )
        .await?;
    state
        .reply
        .say(format!("Deleted “{name}”.{}", read_back_note(&written)));
    state.learned.upsert_entity(
        Entity::new(name, "experiment")
            .property("upgrade_id", id)
            .property("state", "deleted"),
    );
    Ok(Step::Done)
}

/// What changed between what the person saw and UpGrade's copy now, if anything.
fn changed_since(seen: &Value, now: &Experiment) -> Option<Vec<String>> {
    let mut lines = Vec::new();
    let version = |v: &Value| v["versionNumber"].as_i64();
    if version(seen) != now.version_number {
        lines.push(format!(
            "version {} → {}",
            version(seen).map_or("?".into(), |v| v.to_string()),
            now.version_number.map_or("?".into(), |v| v.to_string())
        ));
    }
    let updated = seen["updatedAt"].as_str();
    if updated != now.updated_at.as_deref() {
        lines.push(format!(
            "updated at {} → {}",
            updated.unwrap_or("?"),
            now.updated_at.as_deref().unwrap_or("?")
        ));
    }
    let changes = diff::diff(seen, &now.raw);
    if changes.is_empty() && lines.is_empty() {
        return None;
    }
    lines.extend(changes.iter().take(12).map(|c| c.to_string()));
    if changes.len() > 12 {
        lines.push(format!("… and {} more", changes.len() - 12));
    }
    Some(lines)
}

fn refuse(name: &str, what: Vec<String>) -> Step {
    let mut suggestions: Vec<String> = what.into_iter().map(|l| format!("changed: {l}")).collect();
    suggestions.push(
        "Ask again: archie will start from the current version and show you the difference.".into(),
    );
    fail(
        AgentKind::Refused,
        format!(
            "“{name}” changed in UpGrade since archie showed it to you, so archie wrote \
             nothing (UpGrade would silently overwrite the newer edit)"
        ),
        suggestions,
    )
}

/// What the reply says when a write's answer was lost and reading back showed it landed.
fn read_back_note<T>(written: &Written<T>) -> String {
    match written {
        Written::Answered(_) => String::new(),
        Written::ReadBack { cause } => format!(
            " (UpGrade's answer was lost: {cause}. archie read it back and found it applied, \
             so it did not send it again.)"
        ),
    }
}

/// The experiment as UpGrade has it now, or the step that says it is gone.
async fn still_there(
    client: &UpgradeClient,
    id: &str,
    name: &str,
) -> Result<Result<Experiment, Step>, UpgradeError> {
    match client.experiment(id).await {
        Ok(e) => Ok(Ok(e)),
        Err(UpgradeError::NotFound { .. }) => Ok(Err(gone(name))),
        Err(e) => Err(e),
    }
}

fn gone(name: &str) -> Step {
    fail(
        ErrorKind::NotFound,
        format!("“{name}” no longer exists in UpGrade"),
        vec!["“list experiments” shows what there is.".into()],
    )
}
