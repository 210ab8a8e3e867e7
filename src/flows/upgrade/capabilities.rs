//! The read-only capabilities: terminology, health and version, listing and details;
//! and what every capability shares (finding the experiment a message names, the
//! context, remembering what was seen).

use super::session::{AgentKind, Failure, Table};
use super::{
    Choice, Clarification, DETAILS, LIST, ParamSlot, Step, TERMINOLOGY, UpgradeEnv, UpgradeState,
    VERSION, next,
};
use crate::events::Event;
use crate::graph::{Control, Cx, FanOut, ItemOutcome, Next, fan_out};
use crate::memory::{Entity, Memory, Relationship};
use crate::upgrade::{
    ContextMetadata, ErrorKind, Experiment, ExperimentName, ExperimentState, Search, Sort,
    UpgradeError, glossary, is_uuid, number,
};
use crate::words::fold as key;

// ---------------------------------------------------------------- shared

/// The experiment a message is about, or the step that gets it.
pub(super) enum Found {
    Experiment(Box<Experiment>),
    Step(Step),
}

/// Words that name many experiments: archie acts on one at a time.
pub(super) fn is_bulk(name: &str) -> bool {
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
    // UpGrade lists names in no particular order: sort, ties by id, so a choice
    // offered twice is offered the same way.
    names.sort_by_cached_key(|n| (key(&n.name), n.name.clone(), n.id.clone()));
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
    Step::Fail(Failure::new(
        node,
        ErrorKind::NotFound,
        format!("there is no experiment named “{wanted}”"),
        suggestions,
    ))
}

/// Finds the experiment the message names and reads it whole: asks which one when none
/// is named or several match, fails with close names when none matches.
pub(super) async fn find_experiment(
    state: &UpgradeState,
    env: &UpgradeEnv,
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
        return Ok(Found::Step(Step::Fail(Failure::new(
            node,
            AgentKind::Refused,
            format!("archie works on one experiment at a time, and “{w}” names many"),
            vec!["Name the experiment (“list experiments” shows them).".into()],
        ))));
    }
    let mut names = env.client.experiment_names().await?;
    // UpGrade lists names in no particular order: sort, ties by id, so a choice
    // offered twice is offered the same way.
    names.sort_by_cached_key(|n| (key(&n.name), n.name.clone(), n.id.clone()));
    let candidates: Vec<&ExperimentName> = match &wanted {
        Some(w) => matching(&names, w),
        None => names.iter().collect(),
    };
    match (candidates.as_slice(), &wanted) {
        ([], Some(w)) => Ok(Found::Step(not_found(node, w, &names))),
        ([], None) => Ok(Found::Step(Step::Fail(Failure::new(
            node,
            ErrorKind::NotFound,
            "UpGrade has no experiments yet",
            vec!["Create one: “create an experiment …”.".into()],
        )))),
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
                    ParamSlot::Experiment,
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
                ParamSlot::Experiment,
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
            Err(Step::Fail(Failure::new(
                node,
                ErrorKind::Validation,
                format!("UpGrade has no app context “{w}”"),
                vec![format!(
                    "The contexts UpGrade knows are: {}.",
                    contexts
                        .iter()
                        .map(|c| c.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )],
            )))
        }
        None => match contexts.as_slice() {
            [one] => Ok(one.to_string()),
            [] => Err(Step::Clarify(Clarification::typed(
                ParamSlot::Context,
                format!("Which app context {purpose}?"),
            ))),
            many => Err(Step::Clarify(Clarification::choose(
                ParamSlot::Context,
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
        .property("state", e.state.stored());
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
        memory.upsert_relationship(Relationship::new(&e.name, "part_of", e.context()));
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
        memory.upsert_relationship(Relationship::new(&name, "part_of", &e.name));
    }
}

pub(super) fn params(state: &UpgradeState) -> super::Params {
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
    cx: &mut Cx<'_, UpgradeEnv>,
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
    cx: &mut Cx<'_, UpgradeEnv>,
) -> anyhow::Result<Next> {
    let step = health(state, cx.env).await;
    Ok(next(state, cx, VERSION, step))
}

async fn health(state: &mut UpgradeState, env: &UpgradeEnv) -> Result<Step, UpgradeError> {
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
    cx: &mut Cx<'_, UpgradeEnv>,
) -> anyhow::Result<Next> {
    let step = list(state, cx).await;
    Ok(next(state, cx, LIST, step))
}

async fn list(state: &mut UpgradeState, cx: &Cx<'_, UpgradeEnv>) -> Result<Step, UpgradeError> {
    let env = cx.env;
    let p = params(state);
    let wanted_state = match p.state.as_deref().filter(|s| !s.trim().is_empty()) {
        None => None,
        Some(s) => match ExperimentState::from_words(s) {
            Some(stored) => Some(stored),
            None => {
                return Ok(Step::Fail(Failure::new(
                    LIST,
                    ErrorKind::Validation,
                    format!("“{s}” is not an UpGrade state"),
                    vec![format!("States: {}.", ExperimentState::all_described())],
                )));
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
    if let Some(s) = &wanted_state {
        experiments.retain(|e| e.state == *s);
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
            if let ItemOutcome::Done(full) = slot {
                *e = full;
            }
        }
    }
    let mut table = Table::new(&["name", "state", "context", "conditions", "decision points"]);
    for e in &experiments {
        table.row(vec![
            e.name.clone(),
            e.state.shown().to_string(),
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
    if let Some(s) = &wanted_state {
        what.push_str(&format!(" that are {}", s.shown()));
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
    cx: &mut Cx<'_, UpgradeEnv>,
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

async fn details(state: &mut UpgradeState, cx: &Cx<'_, UpgradeEnv>) -> Result<Step, UpgradeError> {
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
        e.state.describe(),
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
