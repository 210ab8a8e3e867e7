//! The read-mostly capabilities: terminology, health and version, listing, details and
//! user simulation; and what they share (finding the experiment a message names,
//! remembering what was seen).

use super::session::{FailKind, Failure, Table};
use super::{
    Action, Change, Choice, Clarification, Consent, DETAILS, Env, LIST, Pending, SIMULATE, Slot,
    Step, TERMINOLOGY, UpgradeState, VERSION, consent, next,
};
use crate::events::Event;
use crate::graph::{Answer, Control, Cx, FanOut, Next, Question, Slot as FanSlot, fan_out};
use crate::memory::{Entity, Memory, Relationship, key};
use crate::upgrade::{
    ContextMetadata, Experiment, ExperimentName, InitRequest, MarkCondition, MarkData, MarkRequest,
    Search, Sort, UpgradeError, describe_state, glossary, is_uuid, number, shown_state,
    stored_state,
};
use std::collections::BTreeMap;

// ---------------------------------------------------------------- shared

/// The experiment a message is about, or the step that gets it.
pub(super) enum Found {
    Experiment(Box<Experiment>),
    Step(Step),
}

/// Words that name many experiments: archie acts on one at a time.
fn is_bulk(name: &str) -> bool {
    matches!(
        key(name).trim_matches(|c: char| !c.is_alphanumeric()),
        "all"
            | "all experiments"
            | "every experiment"
            | "everything"
            | "experiments"
            | "all of them"
            | "each experiment"
            | ""
    ) || name.trim() == "*"
}

/// Experiments whose name is `wanted` (case and spacing aside), else those whose name
/// contains it or all of its words.
fn matching<'a>(names: &'a [ExperimentName], wanted: &str) -> Vec<&'a ExperimentName> {
    let k = key(wanted);
    let exact: Vec<&ExperimentName> = names.iter().filter(|n| key(&n.name) == k).collect();
    if !exact.is_empty() {
        return exact;
    }
    let words: Vec<&str> = k.split_whitespace().collect();
    names
        .iter()
        .filter(|n| {
            let nk = key(&n.name);
            nk.contains(&k) || (!words.is_empty() && words.iter().all(|w| nk.contains(w)))
        })
        .collect()
}

/// Up to three names close to `wanted`, closest first.
pub(super) fn close_names(names: &[ExperimentName], wanted: &str) -> Vec<String> {
    let k = key(wanted);
    let mut scored: Vec<(f64, &str)> = names
        .iter()
        .map(|n| {
            let nk = key(&n.name);
            let score =
                strsim::jaro_winkler(&k, &nk).max(strsim::normalized_damerau_levenshtein(&k, &nk));
            (score, n.name.as_str())
        })
        .filter(|(score, _)| *score >= 0.75)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut out: Vec<String> = Vec::new();
    for (_, name) in scored {
        if !out.iter().any(|o| o == name) {
            out.push(name.to_string());
        }
        if out.len() == 3 {
            break;
        }
    }
    out
}

fn not_found(node: &str, wanted: &str, names: &[ExperimentName]) -> Step {
    let mut names = names.to_vec();
    names.sort_by_key(|n| key(&n.name));
    let close = close_names(&names, wanted);
    let mut suggestions = Vec::new();
    match close.as_slice() {
        [] if names.is_empty() => suggestions.push("UpGrade has no experiments yet.".to_string()),
        [] if names.len() <= 8 => suggestions.push(format!(
            "The experiments are: {}.",
            names
                .iter()
                .map(|n| format!("“{}”", n.name))
                .collect::<Vec<_>>()
                .join(", ")
        )),
        [] => suggestions.push("“list experiments” shows them all.".to_string()),
        [one] => suggestions.push(format!("Did you mean “{one}”?")),
        many => suggestions.push(format!(
            "Did you mean one of {}?",
            many.iter()
                .map(|n| format!("“{n}”"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
    Step::Fail(Failure {
        kind: FailKind::NotFound,
        message: format!("there is no experiment named “{wanted}”"),
        suggestions,
        node: node.into(),
    })
}

/// Finds the experiment the message names and reads it whole: asks which one when none
/// is named or several match, fails with close names when none matches.
pub(super) async fn find_experiment(
    state: &UpgradeState,
    env: &Env,
    node: &str,
    purpose: &str,
) -> Result<Found, UpgradeError> {
    let wanted = state
        .route
        .as_ref()
        .and_then(|r| r.parameters.experiment.clone())
        .map(|w| w.trim().trim_matches(['"', '“', '”', '\'']).to_string());
    if let Some(w) = &wanted
        && is_uuid(w)
    {
        return match env.client.experiment(w).await {
            Ok(e) => Ok(Found::Experiment(Box::new(e))),
            Err(UpgradeError::NotFound { .. }) => {
                let names = env.client.experiment_names().await?;
                Ok(Found::Step(not_found(node, w, &names)))
            }
            Err(e) => Err(e),
        };
    }
    if let Some(w) = &wanted
        && is_bulk(w)
    {
        return Ok(Found::Step(Step::Fail(Failure {
            kind: FailKind::Refused,
            message: format!("archie works on one experiment at a time, and “{w}” names many"),
            suggestions: vec!["Name the experiment (“list experiments” shows them).".into()],
            node: node.into(),
        })));
    }
    let mut names = env.client.experiment_names().await?;
    names.sort_by_key(|n| key(&n.name));
    let candidates: Vec<&ExperimentName> = match &wanted {
        Some(w) => matching(&names, w),
        None => names.iter().collect(),
    };
    match (candidates.as_slice(), &wanted) {
        ([], Some(w)) => Ok(Found::Step(not_found(node, w, &names))),
        ([], None) => Ok(Found::Step(Step::Fail(Failure {
            kind: FailKind::NotFound,
            message: "UpGrade has no experiments yet".into(),
            suggestions: vec!["Create one: “create an experiment …”.".into()],
            node: node.into(),
        }))),
        ([one], Some(_)) => match env.client.experiment(&one.id).await {
            Ok(e) => Ok(Found::Experiment(Box::new(e))),
            Err(UpgradeError::NotFound { .. }) => {
                let names = env.client.experiment_names().await?;
                Ok(Found::Step(not_found(node, &one.name, &names)))
            }
            Err(e) => Err(e),
        },
        (many, _) => {
            let text = match &wanted {
                Some(w) => format!("Several experiments match “{w}”. Which one {purpose}?"),
                None => format!("Which experiment {purpose}?"),
            };
            if many.len() > 20 {
                return Ok(Found::Step(Step::Clarify(Clarification::typed(
                    Slot::Experiment,
                    format!("{text} (type its name; “list experiments” shows them)"),
                ))));
            }
            let duplicated = |name: &str| many.iter().filter(|n| n.name == name).count() > 1;
            let options = many
                .iter()
                .map(|n| Choice {
                    label: if duplicated(&n.name) {
                        format!("{} ({})", n.name, n.id.chars().take(8).collect::<String>())
                    } else {
                        n.name.clone()
                    },
                    value: n.id.clone(),
                })
                .collect();
            Ok(Found::Step(Step::Clarify(Clarification::choose(
                Slot::Experiment,
                text,
                options,
            ))))
        }
    }
}

/// Finds the context the message names among UpGrade's, or asks for it.
pub(super) fn pick_context(
    wanted: Option<&str>,
    fallback: Option<&str>,
    metadata: &ContextMetadata,
    node: &str,
    purpose: &str,
) -> Result<String, Step> {
    let contexts: Vec<&String> = metadata.keys().collect();
    match wanted.or(fallback) {
        Some(w) => {
            if let Some(c) = contexts.iter().find(|c| c.as_str() == w) {
                return Ok(c.to_string());
            }
            if let Some(c) = contexts.iter().find(|c| c.eq_ignore_ascii_case(w)) {
                return Ok(c.to_string());
            }
            if metadata.is_empty() {
                return Ok(w.to_string());
            }
            Err(Step::Fail(Failure {
                kind: FailKind::Validation,
                message: format!("UpGrade has no app context “{w}”"),
                suggestions: vec![format!(
                    "The contexts UpGrade knows are: {}.",
                    contexts
                        .iter()
                        .map(|c| c.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )],
                node: node.into(),
            }))
        }
        None => match contexts.as_slice() {
            [one] => Ok(one.to_string()),
            [] => Err(Step::Clarify(Clarification::typed(
                Slot::Context,
                format!("Which app context {purpose}?"),
            ))),
            many => Err(Step::Clarify(Clarification::choose(
                Slot::Context,
                format!("Which app context {purpose}?"),
                many.iter().map(|c| Choice::same(c.as_str())).collect(),
            ))),
        },
    }
}

/// Remembers an experiment, its context, decision points and conditions.
pub(super) fn learn(memory: &mut Memory, e: &Experiment) {
    let mut entity = Entity::new(&e.name, "experiment")
        .description("UpGrade experiment")
        .property("upgrade_id", e.id.clone())
        .property("state", e.stored_state());
    if let Some(unit) = &e.assignment_unit {
        entity = entity.property("assignment_unit", unit.clone());
    }
    if let Some(rule) = &e.consistency_rule {
        entity = entity.property("consistency_rule", rule.clone());
    }
    memory.upsert_entity(entity);
    if !e.context().is_empty() {
        memory.upsert_entity(
            Entity::new(e.context(), "app_context").description("UpGrade app context"),
        );
        memory.upsert_relationship(Relationship::new(&e.name, "belongs_to", e.context()));
    }
    for p in &e.partitions {
        let mut point = Entity::new(p.label(), "decision_point")
            .description("UpGrade decision point")
            .property("site", p.site.clone());
        if let Some(t) = &p.target {
            point = point.property("target", t.clone());
        }
        memory.upsert_entity(point);
        memory.upsert_relationship(Relationship::new(&e.name, "tests", p.label()));
    }
    for c in &e.conditions {
        let name = format!("{}: {}", e.name, c.code);
        memory.upsert_entity(
            Entity::new(&name, "condition")
                .description(format!("condition of the UpGrade experiment {}", e.name))
                .property("code", c.code.clone())
                .property("weight", c.weight),
        );
        memory.upsert_relationship(Relationship::new(&name, "belongs_to", &e.name));
    }
}

fn params(state: &UpgradeState) -> super::Params {
    state
        .route
        .as_ref()
        .map(|r| r.parameters.clone())
        .unwrap_or_default()
}

// ---------------------------------------------------------------- terminology

/// Answers from the glossary: no UpGrade call, no model call.
pub(super) async fn terminology(
    state: &mut UpgradeState,
    cx: &mut Cx<'_, Env>,
) -> anyhow::Result<Next> {
    let concepts = params(state).concepts;
    let mut entries: Vec<&glossary::Term> = Vec::new();
    let mut missing = Vec::new();
    for concept in &concepts {
        match glossary::lookup(concept).or_else(|| glossary::closest(concept)) {
            Some(term) if !entries.iter().any(|t| t.title == term.title) => entries.push(term),
            Some(_) => {}
            None => missing.push(concept.clone()),
        }
    }
    for term in &entries {
        state.reply.say(&term.text);
    }
    if entries.is_empty() || !missing.is_empty() {
        let mut text = String::new();
        if !missing.is_empty() {
            text.push_str(&format!(
                "archie's glossary has no entry for {}. ",
                missing
                    .iter()
                    .map(|m| format!("“{m}”"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        text.push_str(&format!("It explains: {}.", glossary::titles().join(", ")));
        state.reply.say(text);
    }
    Ok(next(state, cx, TERMINOLOGY, Ok(Step::Done)))
}

// ---------------------------------------------------------------- health and version

pub(super) async fn version_check(
    state: &mut UpgradeState,
    cx: &mut Cx<'_, Env>,
) -> anyhow::Result<Next> {
    let step = health(state, cx.env).await;
    Ok(next(state, cx, VERSION, step))
}

async fn health(state: &mut UpgradeState, env: &Env) -> Result<Step, UpgradeError> {
    let client = &env.client;
    let health = client.health().await?;
    let mut text = format!(
        "UpGrade at {} is up: **{} {}**.",
        client.url(),
        health.name,
        health.version
    );
    match client.version().await {
        Ok(v) if v != health.version => text.push_str(&format!(" /version reports {v}.")),
        Ok(_) => {}
        Err(UpgradeError::Unauthorized { credential, .. }) => text.push_str(&format!(
            " Its admin endpoints need a token: set {}.",
            credential.settings()
        )),
        Err(e) => text.push_str(&format!(" (/version failed: {e})")),
    }
    if let Ok(metadata) = client.context_metadata().await {
        if !metadata.is_empty() {
            text.push_str(&format!(
                "\n\nApp contexts: {}.",
                metadata.keys().cloned().collect::<Vec<_>>().join(", ")
            ));
        }
        for context in metadata.keys() {
            state.learned.upsert_entity(
                Entity::new(context, "app_context").description("UpGrade app context"),
            );
        }
    }
    state.reply.say(text);
    Ok(Step::Done)
}

// ---------------------------------------------------------------- listing

pub(super) async fn list_experiments(
    state: &mut UpgradeState,
    cx: &mut Cx<'_, Env>,
) -> anyhow::Result<Next> {
    let step = list(state, cx).await;
    Ok(next(state, cx, LIST, step))
}

async fn list(state: &mut UpgradeState, cx: &Cx<'_, Env>) -> Result<Step, UpgradeError> {
    let env = cx.env;
    let p = params(state);
    let wanted_state = match p.state.as_deref().filter(|s| !s.trim().is_empty()) {
        None => None,
        Some(s) => match stored_state(s) {
            Some(stored) => Some(stored),
            None => {
                return Ok(Step::Fail(Failure {
                    kind: FailKind::Validation,
                    message: format!("“{s}” is not an UpGrade state"),
                    suggestions: vec![
                        "States: inactive, running (enrolling), paused (enrollmentComplete), \
                         completed (cancelled), preview, scheduled, archived, draft."
                            .into(),
                    ],
                    node: LIST.into(),
                }));
            }
        },
    };
    let context = p.context.clone().filter(|c| !c.trim().is_empty());
    let search = context.as_ref().map(|c| Search {
        key: "context".into(),
        string: c.clone(),
    });
    let sort = Sort {
        key: "name".into(),
        sort_as: "ASC".into(),
    };
    let mut experiments = env.client.all_pages(search, Some(sort), 100).await?;
    if let Some(c) = &context {
        experiments.retain(|e| e.context.iter().any(|x| x.eq_ignore_ascii_case(c)));
        if experiments.is_empty() {
            let metadata = env.client.context_metadata().await?;
            if let Err(step) = pick_context(Some(c), None, &metadata, LIST, "") {
                return Ok(step);
            }
        }
    }
    if let Some(s) = wanted_state {
        experiments.retain(|e| e.stored_state() == s);
    }
    if let Some(name) = p.experiment.as_deref().filter(|n| !is_bulk(n)) {
        let k = key(name);
        experiments.retain(|e| key(&e.name).contains(&k));
    }
    experiments.sort_by_key(|e| key(&e.name));
    // The list's nodes carry no conditions: read each experiment whole (a few at once).
    if experiments.len() <= 50 {
        let ids: Vec<String> = experiments.iter().map(|e| e.id.clone()).collect();
        let slots = fan_out(
            FanOut {
                task: None,
                limit: 8,
                events: cx.events,
            },
            ids,
            |_, id| async move { env.client.experiment(&id).await },
            |_, _| Control::Continue(None),
        )
        .await;
        for (e, slot) in experiments.iter_mut().zip(slots) {
            if let FanSlot::Done(full) = slot {
                *e = full;
            }
        }
    }
    let mut table = Table::new(&["name", "state", "context", "conditions", "decision points"]);
    for e in &experiments {
        table.row(vec![
            e.name.clone(),
            shown_state(e.stored_state()).to_string(),
            e.context.join(", "),
            if e.conditions.is_empty() {
                "?".into()
            } else {
                e.weights_line()
            },
            e.decision_points_line(),
        ]);
        learn(&mut state.learned, e);
    }
    let mut what = String::new();
    if let Some(c) = &context {
        what.push_str(&format!(" in {c}"));
    }
    if let Some(s) = wanted_state {
        what.push_str(&format!(" that are {}", shown_state(s)));
    }
    if experiments.is_empty() {
        state.reply.say(format!("No experiments{what}."));
    } else {
        state.reply.say(format!(
            "{} experiment{}{what}:",
            experiments.len(),
            if experiments.len() == 1 { "" } else { "s" }
        ));
        state.reply.tables.push(table);
    }
    Ok(Step::Done)
}

// ---------------------------------------------------------------- details

pub(super) async fn experiment_details(
    state: &mut UpgradeState,
    cx: &mut Cx<'_, Env>,
) -> anyhow::Result<Next> {
    let step = details(state, cx).await;
    Ok(next(state, cx, DETAILS, step))
}

/// `users vip1, vip2; classId c1` for a list of segment entries.
fn segments(entries: &[serde_json::Value]) -> String {
    let mut parts = Vec::new();
    for entry in entries {
        let segment = entry.get("segment").unwrap_or(entry);
        let users: Vec<&str> = segment["individualForSegment"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|u| u["userId"].as_str())
            .collect();
        if !users.is_empty() {
            parts.push(format!("users {}", users.join(", ")));
        }
        for g in segment["groupForSegment"].as_array().into_iter().flatten() {
            parts.push(format!(
                "{} {}",
                g["type"].as_str().unwrap_or("group"),
                g["groupId"].as_str().unwrap_or("?")
            ));
        }
        for s in segment["subSegments"].as_array().into_iter().flatten() {
            parts.push(format!("segment {}", s["name"].as_str().unwrap_or("?")));
        }
    }
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join("; ")
    }
}

async fn details(state: &mut UpgradeState, cx: &Cx<'_, Env>) -> Result<Step, UpgradeError> {
    let env = cx.env;
    let e = match find_experiment(state, env, DETAILS, "should archie show").await? {
        Found::Experiment(e) => *e,
        Found::Step(step) => return Ok(step),
    };
    let stats = match env.client.enrollment(&e.id).await {
        Ok(stats) => Some(stats),
        Err(err) => {
            cx.emit(Event::Detail {
                message: format!("no enrollment statistics: {err}"),
            });
            None
        }
    };
    let mut text = format!(
        "**{}** · {} · context {}",
        e.name,
        describe_state(&e.state),
        if e.context().is_empty() {
            "?"
        } else {
            e.context()
        }
    );
    if let Some(d) = e.description.as_deref().filter(|d| !d.is_empty()) {
        text.push_str(&format!("\n\n{d}\n"));
    }
    let unit = e.assignment_unit.as_deref().unwrap_or("individual");
    let group = match (&e.group, unit) {
        (Some(g), "group") => format!(" by {g}"),
        _ => String::new(),
    };
    text.push_str(&format!(
        "\n- assignment: {unit}{group} · consistency: {}",
        e.consistency_rule.as_deref().unwrap_or("?")
    ));
    let rule = e.post_experiment_rule.as_deref().unwrap_or("continue");
    let revert = match (rule, e.revert_to_code()) {
        ("assign", Some(code)) => format!(" (enrolled users switch to “{code}”)"),
        ("assign", None) => " (nobody gets a condition once enrollment stops)".into(),
        _ => " (enrolled users keep their condition once enrollment stops)".into(),
    };
    text.push_str(&format!("\n- post-experiment rule: {rule}{revert}"));
    text.push_str(&format!(
        "\n- filter mode: {} · type: {}",
        e.filter_mode.as_deref().unwrap_or("?"),
        e.kind.as_deref().unwrap_or("Simple")
    ));
    text.push_str(&format!(
        "\n- segments: included {} · excluded {}",
        segments(&e.experiment_segment_inclusion),
        segments(&e.experiment_segment_exclusion)
    ));
    if let Some(s) = &stats {
        text.push_str(&format!(
            "\n- enrolled: {} users, {} groups · excluded: {} users, {} groups",
            s.users, s.groups, s.users_excluded, s.groups_excluded
        ));
    }
    text.push_str(&format!(
        "\n- id {} · version {} · updated {}",
        e.id,
        e.version_number.map_or("?".into(), |v| v.to_string()),
        e.updated_at.as_deref().unwrap_or("?")
    ));
    let total: f64 = e.conditions.iter().map(|c| c.weight).sum();
    if !e.conditions.is_empty() && (total - 100.0).abs() > 1e-9 {
        text.push_str(&format!(
            "\n\nThe weights sum to {}: UpGrade gives any share below 100 to the first \
             condition and cuts conditions beyond 100.",
            number(total)
        ));
    }
    state.reply.say(text);
    let mut conditions =
        Table::new(&["condition", "weight", "order", "enrolled users"]).right(&[1, 2, 3]);
    for c in e.conditions_in_order() {
        let enrolled = stats
            .as_ref()
            .and_then(|s| s.conditions.iter().find(|x| x.id == c.id))
            .map_or_else(|| "0".to_string(), |x| x.users.to_string());
        conditions.row(vec![
            c.code.clone(),
            number(c.weight),
            c.order.to_string(),
            if stats.is_some() {
                enrolled
            } else {
                "?".into()
            },
        ]);
    }
    state.reply.tables.push(conditions);
    let mut points = Table::new(&["decision point", "site", "target", "exclude if reached"]);
    for p in e.decision_points_in_order() {
        points.row(vec![
            p.label(),
            p.site.clone(),
            p.target.clone().unwrap_or_default(),
            if p.exclude_if_reached { "yes" } else { "no" }.into(),
        ]);
    }
    state.reply.tables.push(points);
    learn(&mut state.learned, &e);
    Ok(Step::Done)
}

// ---------------------------------------------------------------- user simulation

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
    match consent(state, answer) {
        Consent::Refused => {
            state.reply.say("Nothing marked: you did not confirm.");
            return Ok(Step::Done);
        }
        Consent::Granted => {
            if let Some(p) = &mut state.pending {
                p.approved = true;
            }
        }
        Consent::None => {}
    }
    if let Some(Pending {
        approved: true,
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
    }) = state.pending.clone()
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
            sent: false,
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
