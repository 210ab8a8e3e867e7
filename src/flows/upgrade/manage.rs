//! Experiment management: create, update, state change, delete. Each is planned (what
//! would change, shown to the person), approved by the person's answer (or `--yes`;
//! a delete without `--yes` wants the experiment's name typed), then written.
//!
//! UpGrade has no optimistic locking: a PUT with a stale body silently overwrites a newer
//! edit and can roll `versionNumber` back. So every write re-reads the experiment right
//! before it and refuses when it changed since the person saw it, saying what changed.

use super::capabilities::{Found, find_experiment, learn, pick_context};
use super::session::{AgentKind, FailKind, Failure};
use super::simulate::split_point;
use super::{
    Action, Change, Choice, Clarification, Env, MANAGE, Pending, Slot, Step, UpgradeState,
    approved, next,
};
use crate::graph::{Answer, Cx, Next, Question};
use crate::memory::Entity;
use crate::memory::identity::fold as key;
use crate::upgrade::{
    ErrorKind, Experiment, ExperimentState, Landed, NewCondition, NewDecisionPoint, NewExperiment,
    UpgradeError, Written, diff, new_uuid, number,
};
use serde_json::{Value, json};

pub(super) async fn experiment_management(
    state: &mut UpgradeState,
    cx: &mut Cx<'_, Env>,
) -> anyhow::Result<Next> {
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
    env: &Env,
    answer: Option<Answer>,
) -> Result<Step, UpgradeError> {
    let what = match state.pending.as_ref().map(|p| &p.change) {
        Some(Change::Delete { name, .. }) => format!(": “{name}” was not deleted"),
        Some(Change::Update { name, .. } | Change::State { name, .. }) => {
            format!(": “{name}” is as it was")
        }
        _ => String::new(),
    };
    let refused = format!("Nothing changed in UpGrade{what} (not confirmed).");
    let approved = match approved(state, answer, &refused) {
        Ok(approved) => approved,
        Err(step) => return Ok(step),
    };
    if let Some(pending) = approved {
        return execute(state, env, pending).await;
    }
    let p = state
        .route
        .as_ref()
        .map(|r| r.parameters.clone())
        .unwrap_or_default();
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
                Slot::Action,
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
        Action::Create => plan_create(state, env, &p).await,
        Action::Update => plan_update(state, env, &p).await,
        Action::SetState => plan_state(state, env, &p).await,
        _ => plan_delete(state, env).await,
    }
}

// ---------------------------------------------------------------- planning

async fn plan_state(
    state: &mut UpgradeState,
    env: &Env,
    p: &super::Params,
) -> Result<Step, UpgradeError> {
    let e = match find_experiment(state, env, MANAGE, "should change state").await? {
        Found::Experiment(e) => *e,
        Found::Step(step) => return Ok(step),
    };
    let wanted = p.state.as_deref().map(str::trim).unwrap_or("");
    let word = key(wanted);
    let to = match word.as_str() {
        "" => None,
        "start" | "resume" | "run" | "enrol" | "enroll" | "launch" | "restart" => {
            Some(ExperimentState::Enrolling)
        }
        "pause" => Some(ExperimentState::EnrollmentComplete),
        "stop" | "stopped" | "end" | "ended" | "finish" => {
            return Ok(Step::Clarify(Clarification::choose(
                Slot::TargetState,
                format!("Stop “{}” how?", e.name),
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
                return Ok(invalid(
                    format!("“{wanted}” is not an UpGrade state"),
                    &ExperimentState::all_described(),
                ));
            }
        },
    };
    let Some(to) = to else {
        return Ok(Step::Clarify(Clarification::choose(
            Slot::TargetState,
            format!(
                "“{}” is {}. Which state should it go to?",
                e.name,
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
    if to == e.state {
        state.reply.say(format!(
            "“{}” is already {}; nothing to change.",
            e.name,
            to.describe()
        ));
        return Ok(Step::Done);
    }
    let consequence = match to {
        ExperimentState::Enrolling => {
            "Users who reach its decision points will be enrolled and get conditions."
        }
        ExperimentState::EnrollmentComplete => {
            "No new users are enrolled; enrolled users follow its post-experiment rule."
        }
        ExperimentState::Cancelled => "Nobody gets a condition from it any more.",
        ExperimentState::Inactive => "Users get the default (no condition).",
        _ => "",
    };
    // No " (" in a prompt: the echo of a given answer cuts the prompt there.
    let question = format!(
        "Change “{}” from {} to {}? {consequence}",
        e.name,
        e.state.shown(),
        to.shown()
    );
    state.pending = Some(Pending {
        change: Change::State {
            id: e.id.clone(),
            name: e.name.clone(),
            to,
        },
        seen: Some(e.raw.clone()),
        approved: false,
    });
    Ok(Step::Consent {
        preview: String::new(),
        question: Question::confirm(question.trim_end(), false),
    })
}

async fn plan_delete(state: &mut UpgradeState, env: &Env) -> Result<Step, UpgradeError> {
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
        change: Change::Delete {
            id: e.id.clone(),
            name: e.name.clone(),
        },
        seen: Some(e.raw.clone()),
        approved: false,
    });
    Ok(Step::Consent { preview, question })
}

const UNITS: &[&str] = &["individual", "group", "within-subjects"];
const RULES: &[&str] = &["individual", "group", "experiment"];
const POST_RULES: &[&str] = &["continue", "assign"];
const FILTERS: &[&str] = &["includeAll", "excludeAll"];

/// `value` as one of `allowed` (case and punctuation aside).
fn one_of(value: &str, allowed: &[&'static str]) -> Option<&'static str> {
    let k = crate::memory::identity::compact(value);
    allowed
        .iter()
        .copied()
        .find(|a| crate::memory::identity::compact(a) == k)
}

/// A weight as UpGrade shows it: `50`, not `50.0`.
fn weight(w: f64) -> Value {
    if w.fract() == 0.0 && w.abs() < 1e15 {
        json!(w as i64)
    } else {
        json!(w)
    }
}

/// A fresh two-character id for a new condition, unlike the others.
fn two_character_id(taken: &[String]) -> String {
    const CHARS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    loop {
        let id: String = (0..2)
            .map(|_| char::from(CHARS[fastrand::usize(..CHARS.len())]))
            .collect();
        if !taken.contains(&id) {
            return id;
        }
    }
}

async fn plan_update(
    state: &mut UpgradeState,
    env: &Env,
    p: &super::Params,
) -> Result<Step, UpgradeError> {
    let e = match find_experiment(state, env, MANAGE, "should archie change").await? {
        Found::Experiment(e) => *e,
        Found::Step(step) => return Ok(step),
    };
    let mut desired = e.raw.clone();
    if let Some(name) = p.name.as_deref().map(str::trim).filter(|n| !n.is_empty())
        && name != e.name
    {
        desired["name"] = json!(name);
    }
    if let Some(d) = &p.description {
        desired["description"] = json!(d);
    }
    if !p.conditions.is_empty() {
        let mut conditions: Vec<Value> = desired["conditions"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        conditions.sort_by_key(|c| c["order"].as_i64().unwrap_or(0));
        let positional = p.conditions.iter().all(|c| c.code.trim().is_empty());
        if positional && p.conditions.len() != conditions.len() {
            return Ok(fail(
                ErrorKind::Validation,
                format!(
                    "{} weights were given for {} conditions of “{}”",
                    p.conditions.len(),
                    conditions.len(),
                    e.name
                ),
                vec![format!("Its conditions are: {}.", e.weights_line())],
            ));
        }
        for (i, spec) in p.conditions.iter().enumerate() {
            let code = spec.code.trim();
            if code.eq_ignore_ascii_case("default") {
                return Ok(invalid(
                    "'default' is reserved as a condition code (it means “no condition”)",
                    "any other code",
                ));
            }
            let index = if positional {
                Some(i)
            } else {
                conditions.iter().position(|c| {
                    c["conditionCode"]
                        .as_str()
                        .is_some_and(|x| x.eq_ignore_ascii_case(code))
                })
            };
            match index {
                Some(i) => {
                    if let Some(w) = spec.weight {
                        conditions[i]["assignmentWeight"] = weight(w);
                    }
                }
                None => {
                    let taken: Vec<String> = conditions
                        .iter()
                        .filter_map(|c| c["twoCharacterId"].as_str().map(str::to_string))
                        .collect();
                    let order = conditions.len() as i64 + 1;
                    conditions.push(json!({
                        "id": new_uuid(),
                        "twoCharacterId": two_character_id(&taken),
                        "conditionCode": code,
                        "assignmentWeight": weight(spec.weight.unwrap_or(0.0)),
                        "order": order,
                        "name": null,
                        "description": null,
                        "levelCombinationElements": [],
                    }));
                }
            }
        }
        desired["conditions"] = Value::Array(conditions);
    }
    let mut unit = e
        .assignment_unit
        .clone()
        .unwrap_or_else(|| "individual".into());
    if let Some(u) = p.assignment_unit.as_deref() {
        let Some(u) = one_of(u, UNITS) else {
            return Ok(invalid(
                format!("“{u}” is not an assignment unit"),
                &UNITS.join(", "),
            ));
        };
        unit = u.into();
        desired["assignmentUnit"] = json!(u);
    }
    if unit == "group" {
        let group = p.group_type.clone().or(e.group.clone());
        match group {
            Some(g) => desired["group"] = json!(g),
            None => {
                let metadata = env.client.context_metadata().await?;
                let types = metadata
                    .get(e.context())
                    .map(|i| i.group_types.clone())
                    .unwrap_or_default();
                return Ok(Step::Clarify(if types.is_empty() {
                    Clarification::typed(Slot::GroupType, "Which group type (e.g. classId)?")
                } else {
                    Clarification::choose(
                        Slot::GroupType,
                        "Which group type should the experiment assign by?",
                        types.into_iter().map(Choice::same).collect(),
                    )
                }));
            }
        }
    } else if p.assignment_unit.is_some() {
        desired["group"] = Value::Null;
    }
    if let Some(r) = p.consistency_rule.as_deref() {
        let Some(r) = one_of(r, RULES) else {
            return Ok(invalid(
                format!("“{r}” is not a consistency rule"),
                &RULES.join(", "),
            ));
        };
        desired["consistencyRule"] = json!(r);
    }
    if let Some(r) = p.post_experiment_rule.as_deref() {
        let Some(r) = one_of(r, POST_RULES) else {
            return Ok(invalid(
                format!("“{r}” is not a post-experiment rule"),
                &POST_RULES.join(", "),
            ));
        };
        desired["postExperimentRule"] = json!(r);
        if r == "continue" {
            desired["revertTo"] = Value::Null;
        }
    }
    if let Some(code) = p
        .revert_to
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        let found = e
            .conditions
            .iter()
            .find(|c| c.code.eq_ignore_ascii_case(code));
        match found {
            Some(c) => desired["revertTo"] = json!(c.id),
            None if code.eq_ignore_ascii_case("default") || code.eq_ignore_ascii_case("none") => {
                desired["revertTo"] = Value::Null;
            }
            None => {
                return Ok(invalid(
                    format!("“{}” has no condition “{code}” to revert to", e.name),
                    &format!("one of its conditions ({}) or default", e.weights_line()),
                ));
            }
        }
    }
    if let Some(f) = p.filter_mode.as_deref() {
        let Some(f) = one_of(f, FILTERS) else {
            return Ok(invalid(
                format!("“{f}” is not a filter mode"),
                &FILTERS.join(", "),
            ));
        };
        desired["filterMode"] = json!(f);
    }
    let changes = diff::diff(&e.raw, &desired);
    if changes.is_empty() {
        state.reply.say(format!(
            "Nothing to change: “{}” already is as asked ({}).",
            e.name,
            e.weights_line()
        ));
        return Ok(Step::Done);
    }
    let mut preview = format!(
        "Changes to “{}” (version {}):",
        e.name,
        e.version_number.map_or("?".into(), |v| v.to_string())
    );
    for c in &changes {
        preview.push_str(&format!("\n- {c}"));
    }
    let total: f64 = desired["conditions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["assignmentWeight"].as_f64())
        .sum();
    if !p.conditions.is_empty() && (total - 100.0).abs() > 1e-9 {
        preview.push_str(&format!(
            "\nThe weights would sum to {}: UpGrade gives any share below 100 to the first \
             condition and cuts conditions beyond 100.",
            number(total)
        ));
    }
    let question = format!(
        "Apply {} change{} to “{}”?",
        changes.len(),
        if changes.len() == 1 { "" } else { "s" },
        e.name
    );
    state.pending = Some(Pending {
        change: Change::Update {
            id: e.id.clone(),
            name: e.name.clone(),
            desired,
            changes,
        },
        seen: Some(e.raw.clone()),
        approved: false,
    });
    Ok(Step::Consent {
        preview,
        question: Question::confirm(question, false),
    })
}

async fn plan_create(
    state: &mut UpgradeState,
    env: &Env,
    p: &super::Params,
) -> Result<Step, UpgradeError> {
    let metadata = env.client.context_metadata().await?;
    let context = match pick_context(
        p.context.as_deref(),
        None,
        &metadata,
        MANAGE,
        "should the new experiment belong to",
    ) {
        Ok(c) => c,
        Err(step) => return Ok(step),
    };
    let info = metadata.get(&context).cloned().unwrap_or_default();
    let Some(name) = p
        .name
        .clone()
        .or(p.experiment.clone())
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
    else {
        return Ok(Step::Clarify(Clarification::typed(
            Slot::Name,
            "What should the new experiment be called?",
        )));
    };
    // Conditions: as described, else the context's suggested codes, equal weights.
    let mut specs: Vec<(String, Option<f64>)> = p
        .conditions
        .iter()
        .map(|c| (c.code.trim().to_string(), c.weight))
        .collect();
    if specs.is_empty() {
        let codes = if info.conditions.len() >= 2 {
            info.conditions.clone()
        } else {
            vec!["control".into(), "variant".into()]
        };
        specs = codes.into_iter().map(|c| (c, None)).collect();
    }
    if specs.iter().any(|(c, _)| c.is_empty()) {
        return Ok(invalid(
            "every condition needs a code",
            "codes such as control, variant",
        ));
    }
    if specs.iter().any(|(c, _)| c.eq_ignore_ascii_case("default")) {
        return Ok(invalid(
            "'default' is reserved as a condition code (it means “no condition”)",
            "any other code",
        ));
    }
    for (i, (c, _)) in specs.iter().enumerate() {
        if specs[..i].iter().any(|(o, _)| o == c) {
            return Ok(invalid(
                format!("the condition “{c}” is named twice"),
                "distinct codes",
            ));
        }
    }
    let n = specs.len() as i64;
    let weights: Vec<f64> = if specs.iter().all(|(_, w)| w.is_none()) {
        (0..n)
            .map(|i| (100 / n + i64::from(i < 100 % n)) as f64)
            .collect()
    } else {
        specs.iter().map(|(_, w)| w.unwrap_or(0.0)).collect()
    };
    // Decision points: as described, checked against the context's sites and targets.
    let mut wanted: Vec<String> = p.decision_points.clone();
    if wanted.is_empty()
        && let Some(d) = &p.decision_point
    {
        wanted.push(d.clone());
    }
    let combos: Vec<String> = if info.targets.is_empty() {
        info.sites.clone()
    } else {
        info.sites
            .iter()
            .flat_map(|s| info.targets.iter().map(move |t| format!("{s}/{t}")))
            .collect()
    };
    let ask_point = |text: String| {
        Step::Clarify(if combos.is_empty() || combos.len() > 20 {
            Clarification::typed(Slot::DecisionPoint, format!("{text} (site/target)"))
        } else {
            Clarification::choose(
                Slot::DecisionPoint,
                text,
                combos.iter().cloned().map(Choice::same).collect(),
            )
        })
    };
    let mut points = Vec::new();
    for w in &wanted {
        let (site, target) = split_point(w);
        let site_ok = info.sites.is_empty() || info.sites.contains(&site);
        let target_ok = match &target {
            Some(t) => info.targets.is_empty() || info.targets.contains(t),
            None => true,
        };
        if !site_ok || !target_ok {
            return Ok(ask_point(format!(
                "{w} is not among {context}'s decision points. Which one should “{name}” use?"
            )));
        }
        points.push((site, target));
    }
    if points.is_empty() {
        match combos.as_slice() {
            [one] => points.push(split_point(one)),
            _ => {
                return Ok(ask_point(format!(
                    "At which decision point should “{name}” run?"
                )));
            }
        }
    }
    let unit = match p.assignment_unit.as_deref() {
        None => "individual",
        Some(u) => match one_of(u, UNITS) {
            Some(u) => u,
            None => {
                return Ok(invalid(
                    format!("“{u}” is not an assignment unit"),
                    &UNITS.join(", "),
                ));
            }
        },
    };
    let group = if unit == "group" {
        match p.group_type.clone() {
            Some(g) if info.group_types.is_empty() || info.group_types.contains(&g) => Some(g),
            _ if info.group_types.len() == 1 => info.group_types.first().cloned(),
            _ => {
                return Ok(Step::Clarify(if info.group_types.is_empty() {
                    Clarification::typed(Slot::GroupType, "Which group type (e.g. classId)?")
                } else {
                    Clarification::choose(
                        Slot::GroupType,
                        "Which group type should the experiment assign by?",
                        info.group_types.iter().cloned().map(Choice::same).collect(),
                    )
                }));
            }
        }
    } else {
        None
    };
    let rule = match p.consistency_rule.as_deref() {
        None if unit == "group" => "group",
        None => "individual",
        Some(r) => match one_of(r, RULES) {
            Some(r) => r,
            None => {
                return Ok(invalid(
                    format!("“{r}” is not a consistency rule"),
                    &RULES.join(", "),
                ));
            }
        },
    };
    let initial = match p.state.as_deref() {
        None => ExperimentState::Inactive,
        Some(s) => match ExperimentState::from_words(s) {
            Some(s) => s,
            None => {
                return Ok(invalid(
                    format!("“{s}” is not an UpGrade state"),
                    "inactive, enrolling, …",
                ));
            }
        },
    };
    let body = NewExperiment {
        id: new_uuid(),
        name: name.clone(),
        description: p.description.clone().unwrap_or_default(),
        context: vec![context.clone()],
        state: initial.clone(),
        assignment_unit: unit.into(),
        group: group.clone(),
        consistency_rule: rule.into(),
        post_experiment_rule: "continue".into(),
        filter_mode: "includeAll".into(),
        kind: "Simple".into(),
        tags: Vec::new(),
        conditions: specs
            .iter()
            .zip(&weights)
            .zip(1..)
            .map(|(((code, _), w), order)| NewCondition {
                id: format!("c{order}"),
                condition_code: code.clone(),
                assignment_weight: *w,
                order,
            })
            .collect(),
        partitions: points
            .iter()
            .zip(1..)
            .map(|((site, target), order)| NewDecisionPoint {
                id: format!("d{order}"),
                site: site.clone(),
                target: target.clone(),
                order,
                exclude_if_reached: false,
                description: String::new(),
            })
            .collect(),
    };
    let total: f64 = weights.iter().sum();
    let mut preview = format!(
        "New experiment “{name}” in {context}, {}:\n- conditions: {}\n- decision points: {}\n\
         - assignment: {unit}{} · consistency: {rule} · post-experiment rule: continue · \
         filter mode: includeAll",
        initial.describe(),
        specs
            .iter()
            .zip(&weights)
            .map(|((c, _), w)| format!("{c} {}", number(*w)))
            .collect::<Vec<_>>()
            .join(" · "),
        points
            .iter()
            .map(|(s, t)| t.as_ref().map_or(s.clone(), |t| format!("{s}/{t}")))
            .collect::<Vec<_>>()
            .join(", "),
        group.as_ref().map_or(String::new(), |g| format!(" by {g}")),
    );
    if (total - 100.0).abs() > 1e-9 {
        preview.push_str(&format!(
            "\nThe weights sum to {}: UpGrade gives any share below 100 to the first condition.",
            number(total)
        ));
    }
    if p.post_experiment_rule
        .as_deref()
        .is_some_and(|r| r.eq_ignore_ascii_case("assign"))
    {
        preview.push_str(
            "\nUpGrade saves new experiments with the rule continue; set assign with an update \
             once it exists.",
        );
    }
    let names = env.client.experiment_names().await?;
    if names.iter().any(|n| key(&n.name) == key(&name)) {
        preview.push_str(&format!(
            "\nAnother experiment is already called “{name}” (UpGrade allows it, people \
             confuse them)."
        ));
    }
    preview.push_str(&format!(
        "\n\nRequest body (POST /experiments):\n```json\n{}\n```",
        serde_json::to_string_pretty(&body.to_json()).unwrap_or_default()
    ));
    let question = format!("Create “{name}” in {context}, {}?", initial.shown());
    state.pending = Some(Pending {
        change: Change::Create { body },
        seen: None,
        approved: false,
    });
    Ok(Step::Consent {
        preview,
        question: Question::confirm(question, false),
    })
}

// ---------------------------------------------------------------- writing

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
pub(super) fn read_back_note<T>(written: &Written<T>) -> String {
    match written {
        Written::Answered(_) => String::new(),
        Written::ReadBack { cause } => format!(
            " (UpGrade's answer was lost: {cause}. archie read it back and found it applied, \
             so it did not send it again.)"
        ),
    }
}

fn gone(name: &str) -> Step {
    fail(
        ErrorKind::NotFound,
        format!("“{name}” no longer exists in UpGrade"),
        vec!["“list experiments” shows what there is.".into()],
    )
}

async fn execute(
    state: &mut UpgradeState,
    env: &Env,
    pending: Pending,
) -> Result<Step, UpgradeError> {
    let client = &env.client;
    match pending.change {
        Change::Create { body } => {
            let NewExperiment { id, name, .. } = body.clone();
            // The id is archie's own, so finding it means an earlier attempt landed.
            let written = client
                .write_checked(
                    ("POST", "/experiments"),
                    || client.create(&body),
                    || async {
                        match client.experiment(&id).await {
                            Ok(_) => Ok(Landed::Yes),
                            Err(UpgradeError::NotFound { .. }) => Ok(Landed::No),
                            Err(e) => Err(e),
                        }
                    },
                )
                .await?;
            let created = client.experiment(&id).await?;
            let next = if created.state == ExperimentState::Enrolling {
                "It is running: users who reach its decision points are enrolled.".to_string()
            } else {
                format!("Say “start {name}” to run it.")
            };
            state.reply.say(format!(
                "Created “{name}” (id {id}) in {}, {}: conditions {}; decision points {}.{} \
                 {next}",
                created.context(),
                created.state.describe(),
                created.weights_line(),
                created.decision_points_line(),
                read_back_note(&written),
            ));
            learn(&mut state.learned, &created);
            Ok(Step::Done)
        }
        Change::Update {
            id,
            name,
            desired,
            changes,
        } => {
            let current = match client.experiment(&id).await {
                Ok(e) => e,
                Err(UpgradeError::NotFound { .. }) => return Ok(gone(&name)),
                Err(e) => return Err(e),
            };
            if let Some(seen) = &pending.seen
                && let Some(what) = changed_since(seen, &current)
            {
                return Ok(refuse(&name, what));
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
                    || client.update(&id, &body),
                    || async {
                        let after = client.experiment(&id).await?;
                        let moved = after.version_number != current.version_number
                            || after.updated_at != current.updated_at;
                        let remaining = diff::diff(&desired, &after.raw);
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
            let after = client.experiment(&id).await?;
            let mut text = format!(
                "Updated “{}” (version {} → {}):",
                after.name,
                current.version_number.map_or("?".into(), |v| v.to_string()),
                after.version_number.map_or("?".into(), |v| v.to_string())
            );
            for c in &changes {
                text.push_str(&format!("\n- {c}"));
            }
            text.push_str(&read_back_note(&written));
            state.reply.say(text);
            learn(&mut state.learned, &after);
            Ok(Step::Done)
        }
        Change::State { id, name, to } => {
            let current = match client.experiment(&id).await {
                Ok(e) => e,
                Err(UpgradeError::NotFound { .. }) => return Ok(gone(&name)),
                Err(e) => return Err(e),
            };
            if current.state == to {
                state.reply.say(format!("“{name}” is {}.", to.describe()));
                learn(&mut state.learned, &current);
                return Ok(Step::Done);
            }
            let seen_state = pending
                .seen
                .as_ref()
                .and_then(|s| s["state"].as_str())
                .and_then(ExperimentState::from_words);
            if let Some(seen) = seen_state.filter(|s| *s != current.state) {
                return Ok(refuse(
                    &name,
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
                    || client.set_state(&id, &to),
                    || async {
                        let after = client.experiment(&id).await?;
                        Ok(if after.state == to {
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
            let after = client.experiment(&id).await?;
            state.reply.say(format!(
                "“{name}” is now {} (it was {}).{}",
                after.state.describe(),
                current.state.describe(),
                read_back_note(&written),
            ));
            learn(&mut state.learned, &after);
            Ok(Step::Done)
        }
        Change::Delete { id, name } => {
            match client.experiment(&id).await {
                Ok(current) => {
                    if let Some(seen) = &pending.seen
                        && let Some(what) = changed_since(seen, &current)
                    {
                        return Ok(refuse(&name, what));
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
                        match client.delete(&id).await {
                            // Gone already: what was asked holds.
                            Ok(()) | Err(UpgradeError::NotFound { .. }) => Ok(()),
                            Err(e) => Err(e),
                        }
                    },
                    || async {
                        match client.experiment(&id).await {
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
                Entity::new(&name, "experiment")
                    .property("upgrade_id", id)
                    .property("state", "deleted"),
            );
            Ok(Step::Done)
        }
        other => {
            // Marks and tests are carried out by their own nodes.
            state.pending = Some(Pending {
                change: other,
                ..pending
            });
            Ok(Step::Done)
        }
    }
}
