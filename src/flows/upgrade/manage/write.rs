//! Carrying out an approved change. Every write holds the experiment's advisory lock
//! ([`crate::upgrade::lock`]) from a re-read right before it (refusing when it changed
//! since the person saw it) through a check after it (each changed field holds what was
//! written; a field another writer put back is said, and applying again is offered); a
//! write whose answer was lost is read back, never sent again blindly.

use super::fail;
use crate::flows::upgrade::capabilities::LEAVE_IT;
use crate::flows::upgrade::capabilities::learn;
use crate::flows::upgrade::session::FailKind;
use crate::flows::upgrade::{
    Choice, Clarification, ParamSlot, Pending, PlannedChange, Step, UpgradeEnv, UpgradeState,
};
use crate::graph::Question;
use crate::memory::Entity;
use crate::text::literal;
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
        PlannedChange::Create { body, namesakes } => {
            // Resumed later, the name may have been taken meanwhile: warned about as a
            // fresh run warns, and asked again.
            let names = client.experiment_names().await?;
            let now = super::create::namesakes(&names, &body.name);
            if now > *namesakes {
                let name = literal(&body.name);
                state.pending = Some(Pending {
                    change: PlannedChange::Create {
                        body: body.clone(),
                        namesakes: now,
                    },
                    seen: None,
                    approved: false,
                });
                return Ok(Step::Consent {
                    preview: format!(
                        "Another experiment is already called “{name}” (created since you \
                         were asked; UpGrade allows it, people confuse them)."
                    ),
                    question: Question::confirm(format!("Create “{name}” all the same?"), false),
                });
            }
            create(state, client, body).await
        }
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
        format!("Say “start {}” to run it.", literal(name))
    };
    state.reply.say(format!(
        "Created “{}” (id {id}) in {}, {}: conditions {}; decision points {}.{} {next}",
        literal(name),
        created.shown_context(),
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
    // No other archie on this machine changes it between the re-read and the check
    // after the write.
    let lock = client.lock_experiment(id).await?;
    let current = match still_there(client, id, name).await? {
        Ok(e) => e,
        Err(step) => return Ok(step),
    };
    if let Some(seen) = seen
        && let Some(what) = changed_since(seen, &current)
    {
        let what = what.into_iter().map(|l| format!("changed: {l}")).collect();
        return Ok(offer_again(state, id, &refusal(name), what));
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
                let present = lost(desired, changes, &after).is_empty();
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
    drop(lock);
    let version = |v: Option<i64>| v.map_or("?".into(), |v| v.to_string());
    // Every field archie changed must hold what it wrote: another writer's PUT that
    // landed meanwhile (with a body read before archie's) puts the old values back.
    let gone = lost(desired, changes, &after);
    if !gone.is_empty() {
        let message = format!(
            "“{}” was changed by another writer while archie wrote it: {} of archie's \
             change{} {} not in UpGrade (version {} → {})",
            literal(name),
            gone.len(),
            if changes.len() == 1 { "" } else { "s" },
            if gone.len() == 1 { "is" } else { "are" },
            version(current.version_number),
            version(after.version_number),
        );
        learn(&mut state.learned, &after);
        return Ok(offer_again(state, id, &message, gone));
    }
    // UpGrade takes a PUT's version when it differs from the stored one: a version that
    // did not move means another writer's PUT landed between archie's read and its
    // write, and archie's (built on the older read) overwrote it.
    if let (Some(before), Some(now)) = (current.version_number, after.version_number)
        && now <= before
    {
        learn(&mut state.learned, &after);
        return Ok(fail(
            ErrorKind::Conflict,
            format!(
                "archie's change to “{}” landed, but another writer changed it between \
                 archie's read and its write, and archie's write may have undone their edit \
                 (version {before} → {now}: UpGrade takes a stale write's version)",
                literal(name)
            ),
            vec![format!(
                "Look at it (“show {}”) and redo the other edit if it is gone; UpGrade has \
                 no locking that could have stopped it.",
                literal(name)
            )],
        ));
    }
    let again = matches!(
        state.reply.failed,
        Some(FailKind::Upgrade(ErrorKind::Conflict))
    );
    if again {
        // The person chose to apply it again, and now it holds.
        state.reply.failed = None;
    }
    let mut text = format!(
        "{} “{}” (version {} → {}):",
        if again { "Applied again to" } else { "Updated" },
        literal(&after.name),
        version(current.version_number),
        version(after.version_number)
    );
    for c in changes {
        text.push_str(&format!("\n- {c}"));
    }
    text.push_str(&read_back_note(&written));
    state.reply.say(text);
    learn(&mut state.learned, &after);
    Ok(Step::Done)
}

/// The changes archie wrote that UpGrade's copy does not hold, as lines: what archie
/// wrote and what is there now.
fn lost(desired: &Value, changes: &[diff::FieldChange], after: &Experiment) -> Vec<String> {
    let remaining = diff::diff(desired, &after.raw);
    let mut out = Vec::new();
    for c in changes {
        let within = |field: &str| {
            field == c.field
                || field.starts_with(&format!("{}.", c.field))
                || field.starts_with(&format!("{}[", c.field))
        };
        for r in remaining.iter().filter(|r| within(&r.field)) {
            out.push(format!(
                "{}: archie wrote {}, UpGrade has {}",
                r.field, r.before, r.after
            ));
        }
    }
    out
}

/// Says what went wrong (`message`, then `lines`), marks the message failed (a one-shot
/// exits non-zero) and offers to re-read the experiment and plan the same change on
/// the current version, which is shown and asked again before anything is written.
fn offer_again(state: &mut UpgradeState, id: &str, message: &str, lines: Vec<String>) -> Step {
    let mut text = format!("**{message}.**");
    for line in &lines {
        text.push_str(&format!("\n- {line}"));
    }
    state.reply.say(text);
    state.reply.failed = Some(FailKind::Upgrade(ErrorKind::Conflict));
    // What was approved is done with: only a new yes writes again.
    state.pending = None;
    Step::Clarify(Clarification::choose(
        ParamSlot::Experiment,
        "Re-read it and apply your change to the current version? archie shows the \
         difference and asks before writing",
        vec![
            Choice {
                label: "re-read and apply again".into(),
                value: id.to_string(),
            },
            Choice {
                label: "leave it as it is".into(),
                value: LEAVE_IT.into(),
            },
        ],
    ))
}

async fn set_state(
    state: &mut UpgradeState,
    client: &UpgradeClient,
    target: Target<'_>,
    to: &ExperimentState,
) -> Result<Step, UpgradeError> {
    let Target { id, name, seen } = target;
    let lock = client.lock_experiment(id).await?;
    let current = match still_there(client, id, name).await? {
        Ok(e) => e,
        Err(step) => return Ok(step),
    };
    if current.state == *to {
        state
            .reply
            .say(format!("“{}” is {}.", literal(name), to.describe()));
        learn(&mut state.learned, &current);
        return Ok(Step::Done);
    }
    let seen_state = seen
        .and_then(|s| s["state"].as_str())
        .and_then(ExperimentState::from_words);
    if let Some(seen) = seen_state.filter(|s| *s != current.state) {
        return Ok(offer_again(
            state,
            id,
            &refusal(name),
            vec![format!(
                "changed: state {} → {}",
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
    drop(lock);
    if after.state != *to {
        let message = format!(
            "“{}” was changed by another writer while archie changed its state: it is {}, \
             not {}",
            literal(name),
            after.state.describe(),
            to.describe()
        );
        learn(&mut state.learned, &after);
        return Ok(offer_again(state, id, &message, Vec::new()));
    }
    if matches!(
        state.reply.failed,
        Some(FailKind::Upgrade(ErrorKind::Conflict))
    ) {
        state.reply.failed = None;
    }
    state.reply.say(format!(
        "“{}” is now {}; it was {}.{}",
        literal(name),
        after.state.describe(),
        current.state.shown(),
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
    let _lock = client.lock_experiment(id).await?;
    match client.experiment(id).await {
        Ok(current) => {
            if let Some(seen) = seen
                && let Some(what) = changed_since(seen, &current)
            {
                return Ok(refuse(name, what));
            }
        }
        Err(UpgradeError::NotFound { .. }) => {
            state
                .reply
                .say(format!("“{}” is already gone.", literal(name)));
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
    state.reply.say(format!(
        "Deleted “{}”.{}",
        literal(name),
        read_back_note(&written)
    ));
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
    // UpGrade adds and rebuilds payload records itself on every update: not an edit.
    let changes: Vec<diff::FieldChange> = diff::diff(seen, &now.raw)
        .into_iter()
        .filter(|c| !diff::is_payload(&c.field))
        .collect();
    if changes.is_empty() && lines.is_empty() {
        return None;
    }
    lines.extend(changes.iter().take(12).map(|c| c.to_string()));
    if changes.len() > 12 {
        lines.push(format!("… and {} more", changes.len() - 12));
    }
    Some(lines)
}

/// Why archie wrote nothing: the experiment changed since the person saw it.
fn refusal(name: &str) -> String {
    format!(
        "“{}” changed in UpGrade since archie showed it to you, so archie wrote nothing \
         (UpGrade would silently overwrite the newer edit)",
        literal(name)
    )
}

/// The refusal of a delete: the person looks again and asks again.
fn refuse(name: &str, what: Vec<String>) -> Step {
    let mut suggestions: Vec<String> = what.into_iter().map(|l| format!("changed: {l}")).collect();
    suggestions.push(
        "Ask again: archie will start from the current version and show you the difference.".into(),
    );
    fail(ErrorKind::Conflict, refusal(name), suggestions)
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
        format!("“{}” no longer exists in UpGrade", literal(name)),
        vec!["“list experiments” shows what there is.".into()],
    )
}
