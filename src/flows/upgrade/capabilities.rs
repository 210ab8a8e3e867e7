//! The read-only capabilities: terminology, health and version, listing and details;
//! and what every capability shares (finding the experiment a message names, the
//! context, remembering what was seen).

use super::session::{Failure, Table, count};
use super::{
    Choice, Clarification, DETAILS, LIST, ParamSlot, Step, TERMINOLOGY, UpgradeEnv, UpgradeState,
    VERSION, next,
};
use crate::events::Event;
use crate::flows::FlowError;
use crate::graph::{Control, Cx, FanOut, ItemOutcome, Next, fan_out};
use crate::memory::{Entity, Memory, Relationship};
use crate::text::literal;
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

/// Experiments whose name is `wanted` (case and spacing aside, [`key`]).
fn exactly<'a>(names: &'a [ExperimentName], wanted: &str) -> Vec<&'a ExperimentName> {
    let k = key(wanted);
    names.iter().filter(|n| key(&n.name) == k).collect()
}

/// Experiments whose name contains `wanted` or all of its words (none is named exactly).
fn partly<'a>(names: &'a [ExperimentName], wanted: &str) -> Vec<&'a ExperimentName> {
    let k = key(wanted);
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
                .map(|n| format!("“{}”", literal(&n.name)))
                .collect::<Vec<_>>()
                .join(", ")
        )),
        [] => suggestions.push("“list experiments” shows them all.".to_string()),
        [one] => suggestions.push(format!("Did you mean “{}”?", literal(one))),
        many => suggestions.push(format!(
            "Did you mean one of {}?",
            many.iter()
                .map(|n| format!("“{}”", literal(n)))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
    Step::Fail(Failure::new(
        node,
        ErrorKind::NotFound,
        format!("there is no experiment named “{}”", literal(wanted)),
        suggestions,
    ))
}

/// What a message does with the experiment it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Use {
    /// A read: an experiment whose name contains the words will do, said as such.
    Read,
    /// A write (delete, update, state change, mark, a test that enrols users): only the
    /// experiment named exactly (case and spacing aside) or by its id. A name that only
    /// contains the words, or all of them, is a question, never a write, `--yes` or not.
    Write,
}

/// The value of the “none of these” choice a write's question offers (no name can be
/// it: names are typed).
pub(super) const NONE_OF_THESE: &str = "\u{0}none";

/// The value of the “leave it as it is” choice offered after another writer's change.
pub(crate) const LEAVE_IT: &str = "\u{0}leave";

/// Reads `one` whole; gone meanwhile: the names to choose from.
async fn read_one(
    env: &UpgradeEnv,
    node: &str,
    one: &ExperimentName,
) -> Result<Found, UpgradeError> {
    match env.client.experiment(&one.id).await {
        Ok(e) => Ok(Found::Experiment(Box::new(e))),
        Err(UpgradeError::NotFound { .. }) => {
            let names = env.client.experiment_names().await?;
            Ok(Found::Step(not_found(node, &one.name, &names)))
        }
        Err(e) => Err(e),
    }
}

/// Options for a choice among `names`: each by its name, by its id's start when a name is
/// there twice; the value is the id.
fn choices(names: &[&ExperimentName]) -> Vec<Choice> {
    let duplicated = |name: &str| names.iter().filter(|n| n.name == name).count() > 1;
    names
        .iter()
        .map(|n| Choice {
            label: if duplicated(&n.name) {
                format!(
                    "{} ({})",
                    literal(&n.name),
                    n.id.chars().take(8).collect::<String>()
                )
            } else {
                literal(&n.name)
            },
            value: n.id.clone(),
        })
        .collect()
}

/// Finds the experiment the message names and reads it whole: asks which one when none
/// is named or several match, fails with close names when none matches. For a write
/// ([`Use::Write`]) only an exact name or the id is taken: a name that merely contains
/// the words asks “did you mean” with a choice (and “none of these”).
pub(super) async fn find_experiment(
    state: &mut UpgradeState,
    env: &UpgradeEnv,
    node: &str,
    purpose: &str,
    usage: Use,
) -> Result<Found, UpgradeError> {
    let wanted = state
        .route
        .as_ref()
        .and_then(|r| r.parameters.experiment.clone())
        .map(|w| w.trim().trim_matches(['"', '“', '”', '\'']).to_string());
    if wanted.as_deref() == Some(NONE_OF_THESE) {
        state
            .reply
            .say("Nothing changed in UpGrade: none of the experiments offered was chosen.");
        state.reply.declined = true;
        return Ok(Found::Step(Step::Done));
    }
    if wanted.as_deref() == Some(LEAVE_IT) {
        state
            .reply
            .say("Nothing more changed in UpGrade: archie left it as it is.");
        state.reply.declined = true;
        return Ok(Found::Step(Step::Done));
    }
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
        // A request the person rephrases: a usage problem (exit 2), not a failure.
        return Ok(Found::Step(Step::Fail(Failure::new(
            node,
            ErrorKind::Validation,
            format!(
                "archie works on one experiment at a time, and “{}” names many",
                literal(w)
            ),
            vec!["Name the experiment (“list experiments” shows them).".into()],
        ))));
    }
    let mut names = env.client.experiment_names().await?;
    // UpGrade lists names in no particular order: sort, ties by id, so a choice
    // offered twice is offered the same way.
    names.sort_by_cached_key(|n| (key(&n.name), n.name.clone(), n.id.clone()));
    let Some(w) = &wanted else {
        return Ok(Found::Step(match names.as_slice() {
            [] => Step::Fail(Failure::new(
                node,
                ErrorKind::NotFound,
                "UpGrade has no experiments yet",
                vec!["Create one: “create an experiment …”.".into()],
            )),
            _ => which(
                &names.iter().collect::<Vec<_>>(),
                format!("Which experiment {purpose}?"),
            ),
        }));
    };
    let exact = exactly(&names, w);
    match exact.as_slice() {
        [one] => return read_one(env, node, one).await,
        [] => {}
        many => {
            let text = format!(
                "Several experiments are named “{}”. Which one {purpose}?",
                literal(w)
            );
            return Ok(Found::Step(which(many, text)));
        }
    }
    let partial = partly(&names, w);
    match (usage, partial.as_slice()) {
        (_, []) => Ok(Found::Step(not_found(node, w, &names))),
        (Use::Read, [one]) => {
            let found = read_one(env, node, one).await?;
            if matches!(found, Found::Experiment(_)) {
                state.reply.say(format!(
                    "No experiment is named “{}”; the closest is “{}”:",
                    literal(w),
                    literal(&one.name)
                ));
            }
            Ok(found)
        }
        (Use::Read, many) => Ok(Found::Step(which(
            many,
            format!(
                "Several experiments match “{}”. Which one {purpose}?",
                literal(w)
            ),
        ))),
        (Use::Write, some) => {
            let text = format!(
                "No experiment is named exactly “{}”. Did you mean {}? archie changes only \
                 the one you choose",
                literal(w),
                if some.len() == 1 {
                    "this one"
                } else {
                    "one of these"
                },
            );
            if some.len() > 20 {
                return Ok(Found::Step(Step::Clarify(Clarification::typed(
                    ParamSlot::Experiment,
                    format!("{text} (type its exact name; “list experiments” shows them)"),
                ))));
            }
            let mut options = choices(some);
            options.push(Choice {
                label: "none of these: change nothing".into(),
                value: NONE_OF_THESE.into(),
            });
            Ok(Found::Step(Step::Clarify(Clarification::choose(
                ParamSlot::Experiment,
                text,
                options,
            ))))
        }
    }
}

/// The question “which of `names`?”: a choice, or a typed name when there are too many
/// to list.
fn which(names: &[&ExperimentName], text: String) -> Step {
    if names.len() > 20 {
        return Step::Clarify(Clarification::typed(
            ParamSlot::Experiment,
            format!("{text} (type its name; “list experiments” shows them)"),
        ));
    }
    Step::Clarify(Clarification::choose(
        ParamSlot::Experiment,
        text,
        choices(names),
    ))
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
                format!("UpGrade has no app context “{}”", literal(w)),
                vec![format!(
                    "The contexts UpGrade knows are: {}.",
                    contexts
                        .iter()
                        .map(|c| literal(c))
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
                many.iter()
                    .map(|c| Choice {
                        label: literal(c),
                        value: c.to_string(),
                    })
                    .collect(),
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
) -> Result<Next, FlowError> {
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
) -> Result<Next, FlowError> {
    let step = health(state, cx.env).await;
    Ok(next(state, cx, VERSION, step))
}

async fn health(state: &mut UpgradeState, env: &UpgradeEnv) -> Result<Step, UpgradeError> {
    let client = &env.client;
    let health = client.health().await?;
    let mut text = format!(
        "UpGrade at {} is up: **{} {}**.",
        client.url(),
        literal(&health.name),
        literal(&health.version)
    );
    match client.version().await {
        Ok(v) if v != health.version => {
            text.push_str(&format!(" /version reports {}.", literal(&v)))
        }
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
                metadata
                    .keys()
                    .map(|c| literal(c))
                    .collect::<Vec<_>>()
                    .join(", ")
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
) -> Result<Next, FlowError> {
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
                    format!("“{}” is not an UpGrade state", literal(s)),
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
            e.shown_name(),
            e.state.shown().to_string(),
            e.context
                .iter()
                .map(|c| literal(c))
                .collect::<Vec<_>>()
                .join(", "),
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
) -> Result<Next, FlowError> {
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
            parts.push(format!(
                "users {}",
                users
                    .iter()
                    .map(|u| literal(u))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        for g in segment["groupForSegment"].as_array().into_iter().flatten() {
            parts.push(format!(
                "{} {}",
                literal(g["type"].as_str().unwrap_or("group")),
                literal(g["groupId"].as_str().unwrap_or("?"))
            ));
        }
        for s in segment["subSegments"].as_array().into_iter().flatten() {
            parts.push(format!(
                "segment {}",
                literal(s["name"].as_str().unwrap_or("?"))
            ));
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
    let e = match find_experiment(state, env, DETAILS, "should archie show", Use::Read).await? {
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
        e.shown_name(),
        e.state.describe(),
        e.shown_context()
    );
    if let Some(d) = e.description.as_deref().filter(|d| !d.is_empty()) {
        text.push_str(&format!("\n\n{}\n", literal(d)));
    }
    // Every value below is the server's: shown as data.
    let or = |value: &Option<String>, default: &str| literal(value.as_deref().unwrap_or(default));
    let unit = e.assignment_unit.as_deref().unwrap_or("individual");
    let group = match (&e.group, unit) {
        (Some(g), "group") => format!(" by {}", literal(g)),
        _ => String::new(),
    };
    text.push_str(&format!(
        "\n- assignment: {}{group} · consistency: {}",
        literal(unit),
        or(&e.consistency_rule, "?")
    ));
    let rule = e.post_experiment_rule.as_deref().unwrap_or("continue");
    let revert = match (rule, e.revert_to_code()) {
        ("assign", Some(code)) => format!(" (enrolled users switch to “{}”)", literal(code)),
        ("assign", None) => " (nobody gets a condition once enrollment stops)".into(),
        _ => " (enrolled users keep their condition once enrollment stops)".into(),
    };
    text.push_str(&format!(
        "\n- post-experiment rule: {}{revert}",
        literal(rule)
    ));
    text.push_str(&format!(
        "\n- filter mode: {} · type: {}",
        or(&e.filter_mode, "?"),
        or(&e.kind, "Simple")
    ));
    text.push_str(&format!(
        "\n- segments: included {} · excluded {}",
        segments(&e.experiment_segment_inclusion),
        segments(&e.experiment_segment_exclusion)
    ));
    if let Some(s) = &stats {
        text.push_str(&format!(
            "\n- enrolled: {}, {} · excluded: {}, {}",
            count(s.users, "user", "users"),
            count(s.groups, "group", "groups"),
            count(s.users_excluded, "user", "users"),
            count(s.groups_excluded, "group", "groups")
        ));
    }
    text.push_str(&format!(
        "\n- id {} · version {} · updated {}",
        literal(&e.id),
        e.version_number.map_or("?".into(), |v| v.to_string()),
        or(&e.updated_at, "?")
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
            literal(&c.code),
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
            literal(&p.label()),
            literal(&p.site),
            literal(p.target.as_deref().unwrap_or_default()),
            if p.exclude_if_reached { "yes" } else { "no" }.into(),
        ]);
    }
    state.reply.tables.push(points);
    learn(&mut state.learned, &e);
    Ok(Step::Done)
}
