//! Testing a running experiment with simulated users (init, assign, mark through the v6
//! client API, a bounded number at once through the engine's fan-out):
//!
//! - balance: enrol N users, count the conditions they got, and compare the counts with
//!   the weights by Pearson's chi-square test (the p-value says whether the split is
//!   within chance);
//! - consistency: users of one group get one condition under group assignment, a user
//!   who changes group follows the consistency rule, and a user keeps their condition
//!   across repeated assigns.
//!
//! Simulated users are real users to UpGrade: they stay enrolled. So a test asks first.

use super::capabilities::{Found, Use, find_experiment, params};
use super::session::{AgentKind, Balance, BalanceCount, FailKind, Failure, Table, count};
use super::{
    Action, Pending, PlannedChange, Step, TESTING, UpgradeEnv, UpgradeState, approved, next,
};
use crate::flows::FlowError;
use crate::graph::{Answer, Control, Cx, FanOut, ItemOutcome, Next, Question, fan_out};
use crate::text::literal;
use crate::upgrade::stats::{chi_square, draw_shares};
use crate::upgrade::{
    DecisionPoint, ErrorKind, Experiment, ExperimentState, InitRequest, MarkCondition, MarkData,
    MarkRequest, UpgradeClient, UpgradeError, number,
};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Simulated users at most in one test.
const MAX_USERS: u32 = 100_000;
/// Members per simulated class in a group consistency test.
const MEMBERS: u32 = 4;

pub(super) async fn testing(
    state: &mut UpgradeState,
    cx: &mut Cx<'_, UpgradeEnv>,
) -> Result<Next, FlowError> {
    let answer = cx.answer();
    let step = test(state, cx, answer).await;
    Ok(next(state, cx, TESTING, step))
}

fn fail(kind: impl Into<FailKind>, message: impl Into<String>, suggestions: Vec<String>) -> Step {
    Step::Fail(Failure::new(TESTING, kind, message.into(), suggestions))
}

fn not_running(e: &Experiment) -> Step {
    fail(
        AgentKind::Refused,
        format!(
            "“{}” is {}, and only running experiments assign conditions to new users",
            e.shown_name(),
            e.state.describe()
        ),
        vec![format!(
            "Start it first: “start {}” (archie asks before changing its state).",
            e.shown_name()
        )],
    )
}

async fn test(
    state: &mut UpgradeState,
    cx: &Cx<'_, UpgradeEnv>,
    answer: Option<Answer>,
) -> Result<Step, UpgradeError> {
    let env = cx.env;
    let refused = "No simulated users were enrolled (not confirmed).";
    let approved = match approved(state, answer, refused) {
        Ok(approved) => approved,
        Err(step) => return Ok(step),
    };
    if let Some(pending) = approved {
        let (id, users, prefix, balanced) = match pending.change {
            PlannedChange::Balance {
                id, users, prefix, ..
            } => (id, users, prefix, true),
            PlannedChange::Consistency {
                id, users, prefix, ..
            } => (id, users, prefix, false),
            _ => return Ok(Step::Done),
        };
        let (e, point) = match running(&env.client, &id).await? {
            Ok(found) => found,
            Err(step) => return Ok(step),
        };
        return if balanced {
            balance(state, cx, &e, &point, users, &prefix).await
        } else {
            consistency(state, cx, &e, &point, users, &prefix).await
        };
    }
    let p = params(state);
    let action = match p.action {
        Some(Action::Consistency) => Action::Consistency,
        _ => Action::Balance,
    };
    let e = match find_experiment(state, env, TESTING, "should archie test", Use::Write).await? {
        Found::Experiment(e) => *e,
        Found::Step(step) => return Ok(step),
    };
    if e.state != ExperimentState::Enrolling {
        return Ok(not_running(&e));
    }
    let Some(point) = e.decision_points_in_order().first().map(|p| p.label()) else {
        return Ok(fail(
            ErrorKind::Validation,
            format!("“{}” has no decision point to test at", e.shown_name()),
            Vec::new(),
        ));
    };
    let default = match action {
        Action::Consistency if e.is_group() => 6 * MEMBERS,
        Action::Consistency => 20,
        _ => 100,
    };
    let users = p.count.unwrap_or(default).clamp(1, MAX_USERS);
    let tag: String = (0..6)
        .map(|_| char::from(b'a' + fastrand::u8(..26)))
        .collect();
    let prefix = format!("archie-sim-{tag}");
    let (change, what) = match action {
        Action::Consistency => (
            PlannedChange::Consistency {
                id: e.id.clone(),
                name: e.name.clone(),
                users,
                prefix: prefix.clone(),
            },
            "a consistency test",
        ),
        _ => (
            PlannedChange::Balance {
                id: e.id.clone(),
                name: e.name.clone(),
                users,
                prefix: prefix.clone(),
            },
            "a balance test",
        ),
    };
    // No " (" in a prompt: the echo of a given answer cuts the prompt there.
    let question = format!(
        "This enrols {} into “{}”, {}, at {} for {what}; they stay in UpGrade as \
         {prefix}-…. Go ahead?",
        count(users, "simulated user", "simulated users"),
        e.shown_name(),
        e.state.shown(),
        literal(&point)
    );
    state.pending = Some(Pending {
        change,
        seen: Some(e.raw),
        approved: false,
    });
    Ok(Step::Consent {
        preview: String::new(),
        question: Question::confirm(question, false),
    })
}

/// The experiment as it is now, if it still runs.
/// The experiment to test, running, and its first decision point (where simulated users
/// are marked); or the step that ends the test (not found, not running, no decision
/// point).
async fn running(
    client: &UpgradeClient,
    id: &str,
) -> Result<Result<(Experiment, DecisionPoint), Step>, UpgradeError> {
    let e = match client.experiment(id).await {
        Ok(e) => e,
        Err(UpgradeError::NotFound { message, .. }) => {
            return Ok(Err(fail(ErrorKind::NotFound, message, Vec::new())));
        }
        Err(e) => return Err(e),
    };
    if e.state != ExperimentState::Enrolling {
        return Ok(Err(not_running(&e)));
    }
    let Some(point) = e.decision_points_in_order().first().map(|p| (*p).clone()) else {
        return Ok(Err(Step::Done));
    };
    Ok(Ok((e, point)))
}

/// One simulated user: init (with a working group for group experiments), assign, and
/// mark the condition they got at `point` (which enrols them). Returns the condition.
/// A mark whose answer was lost is not sent again (UpGrade stores every mark, and a
/// second one would count the user twice): it is counted in `unconfirmed`.
async fn visit(
    client: &UpgradeClient,
    e: &Experiment,
    point: &DecisionPoint,
    user: &str,
    init: &InitRequest,
    unconfirmed: &AtomicU64,
) -> Result<Option<String>, UpgradeError> {
    client.init(user, init).await?;
    let assigned = client.assign(user, e.context()).await?;
    let code = assigned
        .iter()
        .filter(|a| point.is(&a.site, a.target.as_deref().filter(|t| !t.is_empty())))
        .flat_map(|a| &a.assigned_condition)
        .find(|c| c.experiment_id.as_deref() == Some(e.id.as_str()))
        .map(|c| c.condition_code.clone());
    if let Some(code) = &code {
        let marked = client
            .mark(
                user,
                &MarkRequest {
                    data: MarkData {
                        site: point.site.clone(),
                        target: point.target.clone(),
                        assigned_condition: MarkCondition {
                            condition_code: Some(code.clone()),
                            experiment_id: Some(e.id.clone()),
                        },
                    },
                    status: Some("condition applied".into()),
                },
            )
            .await;
        match marked {
            Ok(_) => {}
            Err(err) if err.may_have_applied() => {
                unconfirmed.fetch_add(1, Ordering::Relaxed);
            }
            Err(err) => return Err(err),
        }
    }
    Ok(code)
}

/// `init` for a member of `class` (group experiments), or nothing.
fn member_of(e: &Experiment, classes: &[&str], working: &str) -> InitRequest {
    match (&e.group, e.is_group()) {
        (Some(group_type), true) => InitRequest {
            group: Some(BTreeMap::from([(
                group_type.clone(),
                classes.iter().map(|c| c.to_string()).collect(),
            )])),
            working_group: Some(BTreeMap::from([(group_type.clone(), working.to_string())])),
        },
        _ => InitRequest::default(),
    }
}

/// Runs `visit` for every user, `concurrency` at a time, with a progress bar; stops early
/// when most calls fail. Returns each user's outcome, in order.
async fn enrol(
    cx: &Cx<'_, UpgradeEnv>,
    e: &Experiment,
    point: &DecisionPoint,
    users: Vec<(String, InitRequest)>,
    unconfirmed: &AtomicU64,
) -> Vec<ItemOutcome<Option<String>, UpgradeError>> {
    let client = &cx.env.client;
    let concurrency = client.config().concurrency;
    let started = Instant::now();
    let mut done = 0usize;
    let mut failed = 0usize;
    fan_out(
        FanOut {
            task: Some("enrolling simulated users"),
            limit: concurrency,
            events: cx.events,
        },
        users,
        |_, (user, init)| async move { visit(client, e, point, &user, &init, unconfirmed).await },
        |_, result| {
            done += 1;
            if result.is_err() {
                failed += 1;
                // Most calls failing: UpGrade is down or refusing; stop hammering it.
                if failed >= 10 && failed * 2 > done {
                    return Control::Stop;
                }
            }
            let secs = started.elapsed().as_secs_f64();
            let rate = if secs > 0.0 { done as f64 / secs } else { 0.0 };
            Control::Continue(Some(format!("{concurrency} at a time · {rate:.0} users/s")))
        },
    )
    .await
}

/// The first failure, when nothing succeeded (for the error handler to explain).
fn all_failed<T>(slots: &mut Vec<ItemOutcome<T, UpgradeError>>) -> Option<UpgradeError> {
    if slots.iter().any(ItemOutcome::is_done) {
        return None;
    }
    slots.drain(..).find_map(|s| match s {
        ItemOutcome::Failed(e) => Some(e),
        _ => None,
    })
}

async fn balance(
    state: &mut UpgradeState,
    cx: &Cx<'_, UpgradeEnv>,
    e: &Experiment,
    point: &DecisionPoint,
    n: u32,
    prefix: &str,
) -> Result<Step, UpgradeError> {
    let client = &cx.env.client;
    let id = e.id.as_str();
    let before = client.enrollment(id).await.ok();
    let users: Vec<(String, InitRequest)> = (0..n)
        .map(|i| {
            let user = format!("{prefix}-{i}");
            // Group experiments: every simulated user is alone in a class, so each draw
            // is independent and the counts can be tested like individual ones.
            let class = format!("{user}-class");
            let init = member_of(e, &[&class], &class);
            (user, init)
        })
        .collect();
    let started = Instant::now();
    let unconfirmed = AtomicU64::new(0);
    let mut slots = enrol(cx, e, point, users, &unconfirmed).await;
    let ms = started.elapsed().as_millis() as u64;
    let unconfirmed = unconfirmed.into_inner();
    if let Some(err) = all_failed(&mut slots) {
        return Err(err);
    }
    let conditions = e.conditions_in_order();
    let mut observed = vec![0u64; conditions.len()];
    let mut unassigned = 0u64;
    let mut failed = 0u64;
    let mut other = 0u64;
    for slot in &slots {
        match slot {
            ItemOutcome::Done(Some(code)) => {
                match conditions.iter().position(|c| c.code == *code) {
                    Some(i) => observed[i] += 1,
                    None => other += 1,
                }
            }
            ItemOutcome::Done(None) => unassigned += 1,
            ItemOutcome::Failed(_) | ItemOutcome::NotRun => failed += 1,
        }
    }
    let after = client.enrollment(id).await.ok();
    let weights: Vec<f64> = conditions.iter().map(|c| c.weight).collect();
    let shares = draw_shares(&weights);
    let assigned: u64 = observed.iter().sum();
    let fit = chi_square(&observed, &shares);
    let enrolled = |cid: &str| -> Option<u64> {
        let count = |d: &Option<crate::upgrade::EnrollmentDetail>| {
            d.as_ref().map(|d| {
                d.conditions
                    .iter()
                    .find(|c| c.id == cid)
                    .map_or(0, |c| c.users)
            })
        };
        Some(count(&after)?.saturating_sub(count(&before).unwrap_or(0)))
    };
    let result = Balance {
        experiment: e.shown_name(),
        users: u64::from(n),
        unassigned,
        failed,
        concurrency: client.config().concurrency as u64,
        ms,
        conditions: conditions
            .iter()
            .zip(&observed)
            .zip(&shares)
            .map(|((c, o), s)| BalanceCount {
                condition: literal(&c.code),
                weight: c.weight,
                expected: s * assigned as f64,
                observed: *o,
                enrolled: enrolled(&c.id),
            })
            .collect(),
        chi_square: fit.map(|f| f.statistic),
        df: fit.map_or(0, |f| f.df),
        p_value: fit.map(|f| f.p_value),
    };
    let mut text = format!(
        "Balance test of “{}” at {} (weights {}): {}.",
        e.shown_name(),
        literal(&point.label()),
        e.weights_line(),
        count(n, "simulated user", "simulated users")
    );
    if other > 0 {
        text.push_str(&format!(
            " {other} got a condition the experiment does not list."
        ));
    }
    if failed > 0 {
        let first = slots.iter().find_map(|s| match s {
            ItemOutcome::Failed(e) => Some(e.to_string()),
            _ => None,
        });
        text.push_str(&format!(
            " {} could not be simulated{}.",
            count(failed, "user", "users"),
            first.map_or(String::new(), |f| format!(" (first failure: {f})"))
        ));
    }
    if unconfirmed > 0 {
        text.push_str(&format!(
            " {unconfirmed} mark{} went unanswered (UpGrade may have stored {}); archie did \
             not send {} again, so no user is counted twice: the enrolled column is UpGrade's \
             own count.",
            if unconfirmed == 1 { "" } else { "s" },
            if unconfirmed == 1 { "it" } else { "them" },
            if unconfirmed == 1 { "it" } else { "them" },
        ));
    }
    let total: f64 = weights.iter().sum();
    if (total - 100.0).abs() > 1e-9 {
        text.push_str(&format!(
            " The weights sum to {}, so the expected shares follow UpGrade's draw (the rest \
             goes to the first condition).",
            number(total)
        ));
    }
    state.reply.say(text);
    state.reply.balance = Some(result);
    super::capabilities::learn(&mut state.learned, e);
    Ok(Step::Done)
}

async fn consistency(
    state: &mut UpgradeState,
    cx: &Cx<'_, UpgradeEnv>,
    e: &Experiment,
    point: &DecisionPoint,
    n: u32,
    prefix: &str,
) -> Result<Step, UpgradeError> {
    let client = &cx.env.client;
    if e.is_group() {
        return group_consistency(state, cx, e, point, n, prefix).await;
    }
    // Individual: the same user gets the same condition on every assign, before and
    // after the mark that enrols them.
    let users: Vec<(String, InitRequest)> = (0..n)
        .map(|i| (format!("{prefix}-{i}"), InitRequest::default()))
        .collect();
    let unconfirmed = AtomicU64::new(0);
    let mut first = enrol(cx, e, point, users.clone(), &unconfirmed).await;
    if let Some(err) = all_failed(&mut first) {
        return Err(err);
    }
    let (e, point) = (&e, &point);
    let again = fan_out(
        FanOut {
            task: Some("asking again"),
            limit: client.config().concurrency,
            events: cx.events,
        },
        users,
        |_, (user, _)| async move {
            let assigned = client.assign(&user, e.context()).await?;
            Ok::<_, UpgradeError>(
                assigned
                    .iter()
                    .filter(|a| point.is(&a.site, a.target.as_deref().filter(|t| !t.is_empty())))
                    .flat_map(|a| &a.assigned_condition)
                    .find(|c| c.experiment_id.as_deref() == Some(e.id.as_str()))
                    .map(|c| c.condition_code.clone()),
            )
        },
        |_, _| Control::Continue(None),
    )
    .await;
    let mut same = 0;
    let mut tested = 0;
    for (a, b) in first.iter().zip(&again) {
        if let (ItemOutcome::Done(Some(a)), ItemOutcome::Done(Some(b))) = (a, b) {
            tested += 1;
            if a == b {
                same += 1;
            }
        }
    }
    let holds = tested > 0 && same == tested;
    let mut table = Table::new(&["check", "users", "consistent"]).right(&[1]);
    table.row(vec![
        "same condition after the mark that enrolled them".into(),
        tested.to_string(),
        format!("{same} of {tested}"),
    ]);
    state.reply.say(format!(
        "Individual consistency {} for “{}” at {}: {same} of {} got the same condition \
         when asked again after enrolling{}.",
        if holds { "holds" } else { "is BROKEN" },
        e.shown_name(),
        literal(&point.label()),
        count(tested, "simulated user", "simulated users"),
        if tested < n as usize {
            format!(" ({} got no condition)", n as usize - tested)
        } else {
            String::new()
        }
    ));
    state.reply.tables.push(table);
    Ok(Step::Done)
}

async fn group_consistency(
    state: &mut UpgradeState,
    cx: &Cx<'_, UpgradeEnv>,
    e: &Experiment,
    point: &DecisionPoint,
    n: u32,
    prefix: &str,
) -> Result<Step, UpgradeError> {
    let client = &cx.env.client;
    let group_type = e.group.clone().unwrap_or_else(|| "group".into());
    let classes = (n / MEMBERS).max(2);
    let class = |g: u32| format!("{prefix}-class{g}");
    let mut users = Vec::new();
    for g in 0..classes {
        for m in 0..MEMBERS {
            let c = class(g);
            users.push((format!("{prefix}-c{g}-m{m}"), member_of(e, &[&c], &c)));
        }
    }
    let unconfirmed = AtomicU64::new(0);
    let mut slots = enrol(cx, e, point, users, &unconfirmed).await;
    if let Some(err) = all_failed(&mut slots) {
        return Err(err);
    }
    let mut by_class: Vec<(String, Vec<Option<String>>)> = Vec::new();
    for g in 0..classes {
        let got: Vec<Option<String>> = (0..MEMBERS)
            .map(|m| match &slots[(g * MEMBERS + m) as usize] {
                ItemOutcome::Done(code) => code.clone(),
                _ => None,
            })
            .collect();
        by_class.push((class(g), got));
    }
    let mut table = Table::new(&["class", "members", "conditions", "consistent"]).right(&[1]);
    let mut broken = 0;
    for (c, got) in &by_class {
        let codes: BTreeSet<String> = got
            .iter()
            .map(|g| g.clone().unwrap_or_else(|| "none".into()))
            .collect();
        let ok = codes.len() == 1 && !codes.contains("none");
        if !ok {
            broken += 1;
        }
        table.row(vec![
            c.clone(),
            got.len().to_string(),
            codes.into_iter().collect::<Vec<_>>().join(", "),
            if ok { "yes" } else { "NO" }.into(),
        ]);
    }
    let code_of = |g: usize| by_class[g].1.first().cloned().flatten();
    let mut text = format!(
        "Group consistency {} for “{}” ({} by {}, consistency {}): {classes} \
         classes × {MEMBERS} members at {}{}.",
        if broken == 0 { "holds" } else { "is BROKEN" },
        e.shown_name(),
        literal(e.assignment_unit.as_deref().unwrap_or("group")),
        literal(&group_type),
        literal(e.consistency_rule.as_deref().unwrap_or("?")),
        literal(&point.label()),
        if broken == 0 {
            ", and every member got their class's condition".to_string()
        } else {
            format!("; {broken} classes were split or got nothing")
        }
    );
    // A member moves to a class with another condition: under group consistency they
    // follow the new class, under individual consistency they keep their own.
    let other = (1..by_class.len()).find(|&g| code_of(g).is_some() && code_of(g) != code_of(0));
    match (code_of(0), other) {
        (Some(own), Some(g)) => {
            let new_class = class(g as u32);
            let mover = format!("{prefix}-c0-m0");
            let init = member_of(e, &[&class(0), &new_class], &new_class);
            client.init(&mover, &init).await?;
            let assigned = client.assign(&mover, e.context()).await?;
            let now = assigned
                .iter()
                .filter(|a| point.is(&a.site, a.target.as_deref().filter(|t| !t.is_empty())))
                .flat_map(|a| &a.assigned_condition)
                .find(|c| c.experiment_id.as_deref() == Some(e.id.as_str()))
                .map(|c| c.condition_code.clone());
            let theirs = code_of(g).unwrap_or_default();
            let expected = match e.consistency_rule.as_deref() {
                Some("individual") => own.clone(),
                _ => theirs.clone(),
            };
            let as_rule = now.as_deref() == Some(expected.as_str());
            text.push_str(&format!(
                " A member of {} (“{}”) who moved to {new_class} (“{}”) now gets “{}”: {}.",
                class(0),
                literal(&own),
                literal(&theirs),
                literal(now.as_deref().unwrap_or("nothing")),
                if as_rule {
                    "as the consistency rule says"
                } else {
                    "NOT what the consistency rule says"
                }
            ));
            table.row(vec![
                format!("{} → {new_class}", class(0)),
                "1".into(),
                literal(&now.unwrap_or_else(|| "none".into())),
                if as_rule { "yes" } else { "NO" }.into(),
            ]);
        }
        _ => text.push_str(
            " Every class got the same condition, so a move between classes shows nothing.",
        ),
    }
    state.reply.say(text);
    state.reply.tables.push(table);
    super::capabilities::learn(&mut state.learned, e);
    Ok(Step::Done)
}
