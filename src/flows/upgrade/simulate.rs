//! User simulation: init (with group memberships and a working group), assign (which
//! condition a user gets at a decision point, and why, or why nothing), and mark (the
//! visit that enrols them, after the person's yes).

use super::capabilities::{Found, Use, find_experiment, learn, params, pick_context};
use super::session::Table;
use super::{
    Action, Choice, Clarification, ParamSlot, Pending, PlannedChange, SIMULATE, Step, UpgradeEnv,
    UpgradeState, approved, next,
};
use crate::flows::FlowError;
use crate::graph::{Answer, Cx, Next, Question};
use crate::text::literal;
use crate::upgrade::{
    AssignedCondition, Assignment, Experiment, ExperimentState, InitRequest, MarkCondition,
    MarkData, MarkRequest, Search, UpgradeError,
};
use std::collections::BTreeMap;

pub(super) async fn user_simulation(
    state: &mut UpgradeState,
    cx: &mut Cx<'_, UpgradeEnv>,
) -> Result<Next, FlowError> {
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

/// A simulation: what the person confirmed is carried out; otherwise the user, the
/// experiment and the context are found, and a known user's assignment explained (a read)
/// or the person asked before the first write.
async fn simulate(
    state: &mut UpgradeState,
    cx: &Cx<'_, UpgradeEnv>,
    answer: Option<Answer>,
) -> Result<Step, UpgradeError> {
    let env = cx.env;
    let refused = match state.pending.as_ref().map(|p| &p.change) {
        Some(PlannedChange::Simulate { user, .. }) => format!(
            "Nothing changed in UpGrade: user {user} was neither created nor changed, and \
             nothing was marked (not confirmed)."
        ),
        _ => "Nothing marked: you did not confirm.".to_string(),
    };
    let approved = match approved(state, answer, &refused) {
        Ok(approved) => approved,
        Err(step) => return Ok(step),
    };
    let p = params(state);
    let wanted_point = p
        .decision_point
        .as_deref()
        .filter(|d| !d.trim().is_empty())
        .map(split_point);
    if let Some(change) = approved.map(|p| p.change)
        && let Some(step) = carry_out(state, env, change, wanted_point.clone()).await?
    {
        return Ok(step);
    }

    let action = match p.action {
        Some(a @ (Action::Init | Action::Assign | Action::Mark)) => a,
        _ => Action::Assign,
    };
    let Some(user) = p.user_ids.first().cloned().filter(|u| !u.trim().is_empty()) else {
        return Ok(Step::Clarify(Clarification::typed(
            ParamSlot::UserId,
            "Which user id should archie simulate?",
        )));
    };
    let named = if p.experiment.is_some() {
        match find_experiment(
            state,
            env,
            SIMULATE,
            "is this about",
            if action == Action::Mark {
                Use::Write
            } else {
                Use::Read
            },
        )
        .await?
        {
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
    let regroup = init.group.is_some() || init.working_group.is_some();
    // Without new groups, an assign of a user UpGrade knows is a read: ask it directly.
    // A user UpGrade does not know needs an init first, and that is a write.
    let known = if action == Action::Init || regroup {
        None
    } else {
        match env.client.assign(&user, &context).await {
            Ok(assignments) => Some(assignments),
            Err(UpgradeError::NotFound { .. }) => None,
            Err(e) => return Err(e),
        }
    };
    let asked = Asked {
        user,
        context,
        action,
        named,
        point: wanted_point,
        groups: None,
    };
    match known {
        Some(assignments) => explain(state, env, &asked, &assignments, false).await,
        None => Ok(ask_to_init(state, asked, init)),
    }
}

/// Does what the person confirmed: a mark, or a simulation's init and then its assign
/// (and, for a mark, the mark). `None`: the confirmed change is no simulation's.
async fn carry_out(
    state: &mut UpgradeState,
    env: &UpgradeEnv,
    change: PlannedChange,
    wanted_point: Option<(String, Option<String>)>,
) -> Result<Option<Step>, UpgradeError> {
    match change {
        PlannedChange::Mark {
            user,
            experiment_id,
            experiment,
            site,
            target,
            code,
        } => {
            let target = MarkTarget {
                experiment_id,
                experiment,
                site,
                target,
                code,
            };
            mark(state, env, &user, &target).await.map(Some)
        }
        PlannedChange::Simulate {
            user,
            action,
            context,
            init,
            experiment_id,
        } => {
            let inited = match &init {
                Some(init) => Some(env.client.init(&user, init).await?),
                None => None,
            };
            if action == Action::Init {
                let (group, working) = inited
                    .map(|i| (i.group, i.working_group))
                    .unwrap_or_default();
                state.reply.say(format!(
                    "Initialised user {user} ({}).",
                    groups_line(&group, &working)
                ));
                return Ok(Some(Step::Done));
            }
            let named = match experiment_id {
                Some(id) => Some(env.client.experiment(&id).await?),
                None => None,
            };
            let assignments = env.client.assign(&user, &context).await?;
            let asked = Asked {
                user,
                context,
                action,
                named,
                point: wanted_point,
                groups: inited.map(|i| (i.group, i.working_group)),
            };
            explain(state, env, &asked, &assignments, true)
                .await
                .map(Some)
        }
        _ => Ok(None),
    }
}

/// What the person is asked before the first write of a simulation: the init (when the
/// user is new to UpGrade or gets groups) and, for a mark, the mark after it.
fn ask_to_init(state: &mut UpgradeState, asked: Asked, init: InitRequest) -> Step {
    let Asked {
        user,
        context,
        action,
        named,
        point: wanted_point,
        groups: _,
    } = asked;
    let regroup = init.group.is_some() || init.working_group.is_some();
    // The first write is the init: ask now, for everything this message will write.
    let body = serde_json::to_string(&init).unwrap_or_default();
    let mut preview = if regroup {
        format!(
            "POST /v6/init as {user}: {body}\nThis creates {user} if UpGrade does not know \
             them, and replaces the group memberships and working group it names (under \
             group consistency that can change the condition they get)."
        )
    } else {
        format!(
            "POST /v6/init as {user}: {body}\nUpGrade does not know {user} yet: asking for \
             their condition needs the user created first."
        )
    };
    let at = match (&wanted_point, &named) {
        (Some((site, Some(t))), _) => format!("{site}/{t}"),
        (Some((site, None)), _) => site.clone(),
        (None, Some(e)) => e.decision_points_line(),
        (None, None) => "the decision point".into(),
    };
    let question = match action {
        Action::Init => format!("Initialise user {user} in UpGrade with these groups?"),
        Action::Mark => {
            preview.push_str(&format!(
                "\nThen archie asks which condition they get and marks them at {at} with it \
                 (POST /v6/mark): in a running experiment that enrols them."
            ));
            format!(
                "Create or update user {user}, then mark them at {at}{}?",
                named
                    .as_ref()
                    .map_or(String::new(), |e| format!(" for “{}”", e.shown_name()))
            )
        }
        _ if regroup => {
            format!("Set the groups of user {user} in UpGrade, then ask which condition they get?")
        }
        _ => format!("Create user {user} in UpGrade, then ask which condition they get?"),
    };
    state.pending = Some(Pending {
        change: PlannedChange::Simulate {
            user,
            action,
            context,
            init: Some(init),
            experiment_id: named.map(|e| e.id),
        },
        seen: None,
        approved: false,
    });
    Step::Consent {
        preview,
        question: Question::confirm(question, false),
    }
}

/// What a simulation asks about.
struct Asked {
    user: String,
    context: String,
    action: Action,
    /// The experiment the message names.
    named: Option<Experiment>,
    /// The decision point the message names.
    point: Option<(String, Option<String>)>,
    /// The user's groups and working group, when archie just sent them.
    groups: Option<Groups>,
}

type Groups = (
    Option<BTreeMap<String, Vec<String>>>,
    Option<BTreeMap<String, String>>,
);

fn groups_line(
    g: &Option<BTreeMap<String, Vec<String>>>,
    w: &Option<BTreeMap<String, String>>,
) -> String {
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
}

/// Where a mark goes.
struct MarkTarget {
    experiment_id: String,
    experiment: String,
    site: String,
    target: Option<String>,
    code: String,
}

/// Explains what UpGrade assigned (and why, or why nothing); for a mark, asks for it
/// (`consented` false) or makes it (`consented`: the person already said yes to it).
async fn explain(
    state: &mut UpgradeState,
    env: &UpgradeEnv,
    asked: &Asked,
    assignments: &[Assignment],
    consented: bool,
) -> Result<Step, UpgradeError> {
    let Asked {
        user,
        context,
        action,
        named,
        point,
        groups,
    } = asked;
    let (action, named) = (*action, named.as_ref());
    let of_named = |a: &&Assignment| {
        named.is_none_or(|e| {
            a.assigned_condition
                .iter()
                .any(|c| c.experiment_id.as_deref() == Some(e.id.as_str()))
        })
    };
    // A decision point the named experiment does not have: say so, and show what
    // UpGrade answered at the experiment's own points.
    let foreign_point = match (named, point) {
        (Some(e), Some((site, target))) => !e
            .partitions
            .iter()
            .any(|p| p.site == *site && (target.is_none() || p.target == *target)),
        _ => false,
    };
    let wanted_point = if foreign_point { None } else { point.clone() };
    let shown: Vec<&Assignment> = assignments
        .iter()
        .filter(|a| match &wanted_point {
            Some((site, target)) => {
                a.site == *site && (target.is_none() || a.target.as_deref() == target.as_deref())
            }
            None => true,
        })
        .filter(of_named)
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
    let table = assignment_table(&shown, &experiments);
    let label = |(site, target): &(String, Option<String>)| match target {
        Some(target) => format!("{site}/{target}"),
        None => site.clone(),
    };
    let where_ = wanted_point
        .as_ref()
        .map_or(String::new(), |p| format!(" at {}", label(p)));
    let groups_text = groups
        .as_ref()
        .map_or(String::new(), |(g, w)| format!(" ({})", groups_line(g, w)));
    let mut text = String::new();
    if let (true, Some(e), Some(p)) = (foreign_point, named, point) {
        text.push_str(&format!(
            "{} is not a decision point of “{}”: its decision points are {}. ",
            label(p),
            e.shown_name(),
            e.decision_points_line()
        ));
    }
    if shown.is_empty() {
        text.push_str(&format!(
            "User {user} gets no condition{where_} in {context}{groups_text}: UpGrade's assign \
             answered nothing there{}, so the app shows its default.",
            named.map_or(String::new(), |e| format!(" from “{}”", e.shown_name()))
        ));
    } else {
        text.push_str(&format!("User {user} in {context}{where_}{groups_text}:"));
    }
    let working = groups.as_ref().and_then(|(_, w)| w.clone());
    for e in experiments.values() {
        let code = shown
            .iter()
            .flat_map(|a| &a.assigned_condition)
            .find(|c| c.experiment_id.as_deref() == Some(e.id.as_str()))
            .map(|c| c.condition_code.clone())
            .unwrap_or_default();
        text.push_str(&format!("\n- {}", why(e, user, &code, &working)));
    }
    if shown.is_empty() {
        for reason in
            why_nothing(env, context, wanted_point.as_ref(), named, groups.as_ref()).await?
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
    if action != Action::Mark {
        return Ok(Step::Done);
    }
    mark_or_ask(state, env, user, &shown, &experiments, consented).await
}

/// The condition UpGrade assigned at each decision point shown, from which experiment,
/// with what payload.
fn assignment_table(shown: &[&Assignment], experiments: &BTreeMap<String, Experiment>) -> Table {
    let mut table = Table::new(&["decision point", "condition", "experiment", "payload"]);
    for a in shown {
        for c in &a.assigned_condition {
            let experiment = c
                .experiment_id
                .as_ref()
                .and_then(|id| experiments.get(id))
                .map_or_else(|| "?".to_string(), |e| e.shown_name());
            table.row(vec![
                literal(&a.label()),
                literal(&c.condition_code),
                experiment,
                c.payload.as_ref().and_then(|p| p.get("value")).map_or_else(
                    || "none".to_string(),
                    |v| literal(&v.as_str().map_or(v.to_string(), str::to_string)),
                ),
            ]);
        }
    }
    table
}

/// For a mark: marks the one condition shown (`consented`: the person already said yes),
/// or asks for it, or asks at which decision point when several are shown.
async fn mark_or_ask(
    state: &mut UpgradeState,
    env: &UpgradeEnv,
    user: &str,
    shown: &[&Assignment],
    experiments: &BTreeMap<String, Experiment>,
    consented: bool,
) -> Result<Step, UpgradeError> {
    let entries: Vec<(&Assignment, &AssignedCondition)> = shown
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
        _ if consented => {
            state.reply.say(
                "Nothing was marked: UpGrade assigns this user conditions at several decision \
                 points; name one (“mark … at SITE/TARGET”).",
            );
            return Ok(Step::Done);
        }
        many => {
            return Ok(Step::Clarify(Clarification::choose(
                ParamSlot::DecisionPoint,
                "At which decision point should archie mark the user?",
                many.iter()
                    .map(|(a, _)| Choice {
                        label: literal(&a.label()),
                        value: a.label(),
                    })
                    .collect(),
            )));
        }
    };
    let Some(experiment_id) = c.experiment_id.clone() else {
        return Ok(Step::Done);
    };
    let experiment = experiments
        .get(&experiment_id)
        .map_or_else(|| experiment_id.clone(), |e| e.shown_name());
    let target = MarkTarget {
        experiment_id: experiment_id.clone(),
        experiment: experiment.clone(),
        site: a.site.clone(),
        target: a.target.clone(),
        code: c.condition_code.clone(),
    };
    if consented {
        return mark(state, env, user, &target).await;
    }
    let live = experiments.get(&experiment_id).is_some_and(|e| {
        matches!(
            e.state,
            ExperimentState::Enrolling | ExperimentState::EnrollmentComplete
        )
    });
    let question = format!(
        "Mark user {user} at {} with “{}” for “{experiment}”?{}",
        literal(&a.label()),
        literal(&c.condition_code),
        if live {
            " This enrols them in a live experiment."
        } else {
            ""
        }
    );
    state.pending = Some(Pending {
        change: PlannedChange::Mark {
            user: user.to_string(),
            experiment_id,
            experiment,
            site: target.site,
            target: target.target,
            code: target.code,
        },
        seen: None,
        approved: false,
    });
    Ok(Step::Consent {
        preview: String::new(),
        question: Question::confirm(question, false),
    })
}

/// Sends the mark once. UpGrade stores every mark it receives, so one whose answer was
/// lost is not sent again: the experiment's enrollment count, read before and after,
/// says whether it landed; when it cannot tell, the failure says so.
async fn mark(
    state: &mut UpgradeState,
    env: &UpgradeEnv,
    user: &str,
    to: &MarkTarget,
) -> Result<Step, UpgradeError> {
    let before = env
        .client
        .enrollment(&to.experiment_id)
        .await
        .ok()
        .map(|d| d.users);
    let request = MarkRequest {
        data: MarkData {
            site: to.site.clone(),
            target: to.target.clone(),
            assigned_condition: MarkCondition {
                condition_code: Some(to.code.clone()),
                experiment_id: Some(to.experiment_id.clone()),
            },
        },
        status: Some("condition applied".into()),
    };
    let point = literal(
        &to.target
            .as_ref()
            .map_or(to.site.clone(), |t| format!("{}/{t}", to.site)),
    );
    let experiment = &to.experiment;
    let marked = match env.client.mark(user, &request).await {
        Ok(marked) => literal(&marked.condition.unwrap_or_else(|| to.code.clone())),
        Err(err) if err.may_have_applied() => {
            let after = env
                .client
                .enrollment(&to.experiment_id)
                .await
                .ok()
                .map(|d| d.users);
            match (before, after) {
                (Some(b), Some(a)) if a > b => {
                    state.reply.say(format!(
                        "Marked: {user} reached {point} for “{experiment}”. UpGrade's answer \
                         was lost ({err}), but its enrollment count went from {b} to {a}, so \
                         the mark was recorded; archie did not send it again."
                    ));
                    return Ok(Step::Done);
                }
                (b, a) => {
                    let count = |n: Option<u64>| n.map_or("unknown".to_string(), |n| n.to_string());
                    return Err(UpgradeError::Unconfirmed {
                        method: "POST".into(),
                        path: "/v6/mark".into(),
                        cause: err.to_string(),
                        check: format!(
                            "the enrollment count of “{experiment}” was {} before and is {} \
                             now (a mark of a user enrolled already, or outside a running \
                             experiment, changes no count)",
                            count(b),
                            count(a)
                        ),
                    });
                }
            }
        }
        Err(err) => return Err(err),
    };
    state.reply.say(format!(
        "Marked: {user} reached {point} and UpGrade recorded “{marked}” for “{experiment}”. \
         In a running experiment this enrols them (with the condition UpGrade computed), \
         so later assigns follow its consistency rule."
    ));
    Ok(Step::Done)
}

/// Why `user` got `code` from `e`.
fn why(
    e: &Experiment,
    user: &str,
    code: &str,
    working: &Option<BTreeMap<String, String>>,
) -> String {
    let rule = literal(e.consistency_rule.as_deref().unwrap_or("individual"));
    let code = literal(code);
    let head = format!(
        "“{code}” from “{}” ({}, weights {}, consistency {rule})",
        e.shown_name(),
        e.state.describe(),
        e.weights_line()
    );
    if e.state == ExperimentState::EnrollmentComplete {
        return format!(
            "{head}: enrollment is complete, so only users enrolled before get a condition \
             (post-experiment rule {}).",
            literal(e.post_experiment_rule.as_deref().unwrap_or("continue"))
        );
    }
    if e.is_group() {
        let group_type = e.group.as_deref().unwrap_or("group");
        let group = working
            .as_ref()
            .and_then(|w| w.get(group_type))
            .map_or("their working group".to_string(), |g| {
                format!("{} {}", literal(group_type), literal(g))
            });
        let group_type = literal(group_type);
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
    env: &UpgradeEnv,
    context: &str,
    point: Option<&(String, Option<String>)>,
    named: Option<&Experiment>,
    groups: Option<&Groups>,
) -> Result<Vec<String>, UpgradeError> {
    let working = groups.and_then(|(_, w)| w.as_ref());
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
        let reason = match &e.state {
            ExperimentState::Enrolling if e.is_group() => {
                let group_type = e.group.as_deref().unwrap_or("group");
                match (groups, working) {
                    (None, _) => format!(
                        "“{}” is a group experiment by {group_type}: a user gets its condition \
                         only with a working group of that type among their groups (UpGrade \
                         answers nothing otherwise; set them with “init … with groups”).",
                        e.shown_name()
                    ),
                    (Some(_), w) if w.is_none_or(|w| !w.contains_key(group_type)) => format!(
                        "“{}” is a group experiment by {group_type} and the user has no \
                         working group of that type (init with groups and a working group).",
                        e.shown_name()
                    ),
                    _ => format!(
                        "“{}” is running; the user may be excluded (lists, or an earlier \
                         exclusion), or their working group is not among their groups.",
                        e.shown_name()
                    ),
                }
            }
            ExperimentState::Enrolling => format!(
                "“{}” is running; the user may be excluded (lists, filter mode, or an \
                 earlier exclusion), or another experiment at the same decision point won.",
                e.shown_name()
            ),
            ExperimentState::EnrollmentComplete => format!(
                "“{}” is paused (enrollment complete): only users enrolled before get a \
                 condition.",
                e.shown_name()
            ),
            other => format!(
                "“{}” is {}: only running experiments assign conditions.",
                e.shown_name(),
                other.shown()
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
