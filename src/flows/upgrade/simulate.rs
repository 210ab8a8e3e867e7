//! User simulation: init (with group memberships and a working group), assign (which
//! condition a user gets at a decision point, and why, or why nothing), and mark (the
//! visit that enrols them, after the person's yes).

use super::capabilities::{Found, find_experiment, learn, params, pick_context};
use super::session::Table;
use super::{
    Action, Change, Choice, Clarification, Env, Pending, SIMULATE, Slot, Step, UpgradeState,
    approved, next,
};
use crate::graph::{Answer, Cx, Next, Question};
use crate::upgrade::{
    Experiment, InitRequest, MarkCondition, MarkData, MarkRequest, Search, UpgradeError,
    describe_state, shown_state,
};
use std::collections::BTreeMap;

pub(super) async fn user_simulation(
    state: &mut UpgradeState,
    cx: &mut Cx<'_, Env>,
) -> anyhow::Result<Next> {
    let answer = cx.answer();
    let step = simulate(state, cx, answer).await;
    Ok(next(state, cx, SIMULATE, step))
}

/// `site` or `site/target`.
pub(super) fn split_point(point: &str) -> (String, Option<String>) {
    match point.trim().split_once('/') {
        Some((site, target)) if !target.trim().is_empty() => {
            (site.trim().to_string(), Some(target.trim().to_string()))
        }
        Some((site, _)) => (site.trim().to_string(), None),
        None => (point.trim().to_string(), None),
    }
}

async fn simulate(
    state: &mut UpgradeState,
    cx: &Cx<'_, Env>,
    answer: Option<Answer>,
) -> Result<Step, UpgradeError> {
    let env = cx.env;
    let approved = match approved(state, answer, "Nothing marked: you did not confirm.") {
        Ok(approved) => approved,
        Err(step) => return Ok(step),
    };
    if let Some(Pending {
        change:
            Change::Mark {
                user,
                experiment_id,
                experiment,
                site,
                target,
                code,
            },
        ..
    }) = approved
    {
        let marked = env
            .client
            .mark(
                &user,
                &MarkRequest {
                    data: MarkData {
                        site: site.clone(),
                        target: target.clone(),
                        assigned_condition: MarkCondition {
                            condition_code: Some(code.clone()),
                            experiment_id: Some(experiment_id.clone()),
                        },
                    },
                    status: Some("condition applied".into()),
                },
            )
            .await?;
        let point = target.map_or(site.clone(), |t| format!("{site}/{t}"));
        state.reply.say(format!(
            "Marked: {user} reached {point} and UpGrade recorded “{}” for “{experiment}”. \
             In a running experiment this enrols them (with the condition UpGrade computed), \
             so later assigns follow its consistency rule.",
            marked.condition.unwrap_or(code)
        ));
        return Ok(Step::Done);
    }

    let p = params(state);
    let action = match p.action {
        Some(a @ (Action::Init | Action::Assign | Action::Mark)) => a,
        _ => Action::Assign,
    };
    let Some(user) = p.user_ids.first().cloned().filter(|u| !u.trim().is_empty()) else {
        return Ok(Step::Clarify(Clarification::typed(
            Slot::UserId,
            "Which user id should archie simulate?",
        )));
    };
    let named = if p.experiment.is_some() {
        match find_experiment(state, env, SIMULATE, "is this about").await? {
            Found::Experiment(e) => Some(*e),
            Found::Step(step) => return Ok(step),
        }
    } else {
        None
    };
    let metadata = env.client.context_metadata().await?;
    let context = match pick_context(
        p.context.as_deref(),
        named.as_ref().map(|e| e.context()),
        &metadata,
        SIMULATE,
        "should the user ask in",
    ) {
        Ok(c) => c,
        Err(step) => return Ok(step),
    };
    let init = InitRequest {
        group: (!p.groups.is_empty()).then(|| p.groups.clone()),
        working_group: (!p.working_group.is_empty()).then(|| p.working_group.clone()),
    };
    let inited = env.client.init(&user, &init).await?;
    let groups_line = |g: &Option<BTreeMap<String, Vec<String>>>,
                       w: &Option<BTreeMap<String, String>>| {
        let groups = g
            .as_ref()
            .filter(|g| !g.is_empty())
            .map(|g| {
                g.iter()
                    .map(|(k, v)| format!("{k} {}", v.join(", ")))
                    .collect::<Vec<_>>()
                    .join("; ")
            })
            .unwrap_or_else(|| "none".into());
        let working = w
            .as_ref()
            .filter(|w| !w.is_empty())
            .map(|w| {
                w.iter()
                    .map(|(k, v)| format!("{k} {v}"))
                    .collect::<Vec<_>>()
                    .join("; ")
            })
            .unwrap_or_else(|| "none".into());
        format!("groups: {groups} · working group: {working}")
    };
    if action == Action::Init {
        state.reply.say(format!(
            "Initialised user {} ({}).",
            inited.id,
            groups_line(&inited.group, &inited.working_group)
        ));
        return Ok(Step::Done);
    }
    let assignments = env.client.assign(&user, &context).await?;
    let wanted_point = p
        .decision_point
        .as_deref()
        .filter(|d| !d.trim().is_empty())
        .map(split_point);
    let shown: Vec<_> = assignments
        .iter()
        .filter(|a| match &wanted_point {
            Some((site, target)) => {
                a.site == *site && (target.is_none() || a.target.as_deref() == target.as_deref())
            }
            None => true,
        })
        .filter(|a| {
            named.as_ref().is_none_or(|e| {
                a.assigned_condition
                    .iter()
                    .any(|c| c.experiment_id.as_deref() == Some(e.id.as_str()))
            })
        })
        .collect();
    // The experiments behind the answer, to say why.
    let mut experiments: BTreeMap<String, Experiment> = BTreeMap::new();
    for a in &shown {
        for c in &a.assigned_condition {
            if let Some(id) = &c.experiment_id
                && !experiments.contains_key(id)
                && let Ok(e) = env.client.experiment(id).await
            {
                learn(&mut state.learned, &e);
                experiments.insert(id.clone(), e);
            }
        }
    }
    let mut table = Table::new(&["decision point", "condition", "experiment", "payload"]);
    for a in &shown {
        for c in &a.assigned_condition {
            let experiment = c
                .experiment_id
                .as_ref()
                .and_then(|id| experiments.get(id))
                .map_or_else(|| "?".to_string(), |e| e.name.clone());
            table.row(vec![
                a.label(),
                c.condition_code.clone(),
                experiment,
                c.payload.as_ref().and_then(|p| p.get("value")).map_or_else(
                    || "none".to_string(),
                    |v| v.as_str().map_or(v.to_string(), str::to_string),
                ),
            ]);
        }
    }
    let where_ = match &wanted_point {
        Some((site, Some(target))) => format!(" at {site}/{target}"),
        Some((site, None)) => format!(" at {site}"),
        None => String::new(),
    };
    let mut text = if shown.is_empty() {
        format!("User {user} gets no condition{where_} in {context} (the app shows its default).")
    } else {
        format!(
            "User {user} in {context}{where_} ({}):",
            groups_line(&inited.group, &inited.working_group)
        )
    };
    for e in experiments.values() {
        let code = shown
            .iter()
            .flat_map(|a| &a.assigned_condition)
            .find(|c| c.experiment_id.as_deref() == Some(e.id.as_str()))
            .map(|c| c.condition_code.clone())
            .unwrap_or_default();
        text.push_str(&format!(
            "\n- {}",
            why(e, &user, &code, &inited.working_group)
        ));
    }
    if shown.is_empty() {
        for reason in why_nothing(
            env,
            &context,
            wanted_point.as_ref(),
            named.as_ref(),
            &inited.working_group,
        )
        .await?
        {
            text.push_str(&format!("\n- {reason}"));
        }
    }
    if action == Action::Assign {
        text.push_str("\n\nAssign changes nothing in UpGrade; a mark (“mark user … at …”) records the visit and enrols.");
    }
    state.reply.say(text);
    if !table.rows.is_empty() {
        state.reply.tables.push(table);
    }
    if action == Action::Mark {
        let entries: Vec<(
            &crate::upgrade::Assignment,
            &crate::upgrade::AssignedCondition,
        )> = shown
            .iter()
            .flat_map(|a| a.assigned_condition.iter().map(move |c| (*a, c)))
            .collect();
        let (a, c) = match entries.as_slice() {
            [] => {
                state
                    .reply
                    .say("There is nothing to mark: UpGrade assigns this user no condition there.");
                return Ok(Step::Done);
            }
            [one] => *one,
            many => {
                return Ok(Step::Clarify(Clarification::choose(
                    Slot::DecisionPoint,
                    "At which decision point should archie mark the user?",
                    many.iter().map(|(a, _)| Choice::same(a.label())).collect(),
                )));
            }
        };
        let Some(experiment_id) = c.experiment_id.clone() else {
            return Ok(Step::Done);
        };
        let experiment = experiments
            .get(&experiment_id)
            .map_or_else(|| experiment_id.clone(), |e| e.name.clone());
        let live = experiments
            .get(&experiment_id)
            .is_some_and(|e| matches!(e.stored_state(), "enrolling" | "enrollmentComplete"));
        let question = format!(
            "Mark user {user} at {} with “{}” for “{experiment}”?{}",
            a.label(),
            c.condition_code,
            if live {
                " This enrols them in a live experiment."
            } else {
                ""
            }
        );
        state.pending = Some(Pending {
            change: Change::Mark {
                user: user.clone(),
                experiment_id,
                experiment,
                site: a.site.clone(),
                target: a.target.clone(),
                code: c.condition_code.clone(),
            },
            seen: None,
            approved: false,
        });
        return Ok(Step::Consent {
            preview: String::new(),
            question: Question::confirm(question, false),
        });
    }
    Ok(Step::Done)
}

/// Why `user` got `code` from `e`.
fn why(
    e: &Experiment,
    user: &str,
    code: &str,
    working: &Option<BTreeMap<String, String>>,
) -> String {
    let rule = e.consistency_rule.as_deref().unwrap_or("individual");
    let head = format!(
        "“{code}” from “{}” ({}, weights {}, consistency {rule})",
        e.name,
        describe_state(&e.state),
        e.weights_line()
    );
    if e.stored_state() == "enrollmentComplete" {
        return format!(
            "{head}: enrollment is complete, so only users enrolled before get a condition \
             (post-experiment rule {}).",
            e.post_experiment_rule.as_deref().unwrap_or("continue")
        );
    }
    if e.is_group() {
        let group_type = e.group.as_deref().unwrap_or("group");
        let group = working
            .as_ref()
            .and_then(|w| w.get(group_type))
            .map_or("their working group".to_string(), |g| {
                format!("{group_type} {g}")
            });
        return format!(
            "{head}: a group experiment, so the condition is drawn once per {group_type} by \
             the weights and everyone in {group} gets it; an earlier enrollment wins."
        );
    }
    format!(
        "{head}: drawn by the weights with a seed of the experiment and {user}, so {user} \
         gets the same answer every time; an earlier enrollment wins."
    )
}

/// Why nothing was assigned: the experiments at that point and what keeps them silent.
async fn why_nothing(
    env: &Env,
    context: &str,
    point: Option<&(String, Option<String>)>,
    named: Option<&Experiment>,
    working: &Option<BTreeMap<String, String>>,
) -> Result<Vec<String>, UpgradeError> {
    let candidates: Vec<Experiment> = match named {
        Some(e) => vec![e.clone()],
        None => env
            .client
            .all_pages(
                Some(Search {
                    key: "context".into(),
                    string: context.into(),
                }),
                None,
                100,
            )
            .await?
            .into_iter()
            .filter(|e| {
                point.is_none_or(|(site, target)| {
                    e.partitions
                        .iter()
                        .any(|p| p.site == *site && (target.is_none() || p.target == *target))
                })
            })
            .collect(),
    };
    let mut out = Vec::new();
    for e in &candidates {
        let reason = match e.stored_state() {
            "enrolling" if e.is_group() => {
                let group_type = e.group.as_deref().unwrap_or("group");
                if working.as_ref().is_none_or(|w| !w.contains_key(group_type)) {
                    format!(
                        "“{}” is a group experiment by {group_type} and the user has no \
                         working group of that type (init with groups and a working group).",
                        e.name
                    )
                } else {
                    format!(
                        "“{}” is running; the user may be excluded (lists, or an earlier \
                         exclusion), or their working group is not among their groups.",
                        e.name
                    )
                }
            }
            "enrolling" => format!(
                "“{}” is running; the user may be excluded (lists, filter mode, or an \
                 earlier exclusion), or another experiment at the same decision point won.",
                e.name
            ),
            "enrollmentComplete" => format!(
                "“{}” is paused (enrollment complete): only users enrolled before get a \
                 condition.",
                e.name
            ),
            other => format!(
                "“{}” is {}: only running experiments assign conditions.",
                e.name,
                shown_state(other)
            ),
        };
        out.push(reason);
    }
    if out.is_empty() {
        out.push(match point {
            Some((site, Some(target))) => {
                format!("No experiment in {context} uses {site}/{target}.")
            }
            Some((site, None)) => format!("No experiment in {context} uses the site {site}."),
            None => format!("No experiment in {context} is running."),
        });
    }
    Ok(out)
}
