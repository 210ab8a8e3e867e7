//! Changing an experiment's settings. UpGrade's PUT replaces the experiment with the
//! body, so the edit starts from the whole document as read ([`Experiment::raw`]) and
//! changes only what was asked; the person sees the field-by-field difference.

use super::{FILTERS, POST_RULES, RULES, UNITS, ask_group_type, fail, invalid, one_of};
use crate::flows::upgrade::capabilities::{Found, Use, find_experiment};
use crate::flows::upgrade::{
    MANAGE, Params, Pending, PlannedChange, Step, UpgradeEnv, UpgradeState,
};
use crate::graph::Question;
use crate::text::literal;
use crate::upgrade::{ErrorKind, Experiment, UpgradeError, diff, new_uuid, number};
use serde_json::{Value, json};

/// Plans an update: the edited document, then the difference and the question.
pub(super) async fn plan_update(
    state: &mut UpgradeState,
    env: &UpgradeEnv,
    p: &Params,
) -> Result<Step, UpgradeError> {
    let e = match find_experiment(state, env, MANAGE, "should archie change", Use::Write).await? {
        Found::Experiment(e) => *e,
        Found::Step(step) => return Ok(step),
    };
    let mut edit = Edit {
        e: &e,
        p,
        desired: e.raw.clone(),
    };
    match edit.apply() {
        Ok(()) => {}
        Err(Stop::Step(step)) => return Ok(step),
        Err(Stop::AskGroupType) => {
            let metadata = env.client.context_metadata().await?;
            let types = metadata
                .get(e.context())
                .map(|i| i.group_types.clone())
                .unwrap_or_default();
            return Ok(ask_group_type(types));
        }
    }
    let desired = edit.desired;
    let changes = diff::diff(&e.raw, &desired);
    if changes.is_empty() {
        state.reply.say(format!(
            "Nothing to change: “{}” already is as asked ({}).",
            e.shown_name(),
            e.weights_line()
        ));
        return Ok(Step::Done);
    }
    let mut preview = preview(&e, &changes, &desired, !p.conditions.is_empty());
    // A group type set by this change that the context does not declare: said before
    // the yes.
    if let Some(group) = desired["group"]
        .as_str()
        .filter(|g| e.raw["group"].as_str() != Some(*g))
    {
        let metadata = env.client.context_metadata().await?;
        if let Some(warning) = metadata
            .get(e.context())
            .and_then(|info| super::create::undeclared_group_type(group, e.context(), info))
        {
            preview.push('\n');
            preview.push_str(&warning);
        }
    }
    let question = format!(
        "Apply {} change{} to “{}”?",
        changes.len(),
        if changes.len() == 1 { "" } else { "s" },
        e.shown_name()
    );
    state.pending = Some(Pending {
        change: PlannedChange::Update {
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

/// Why an edit stops before there is a plan.
enum Stop {
    /// Ask or fail with this step.
    Step(Step),
    /// A group experiment without a group type: ask which, from the context's (read
    /// from UpGrade only then).
    AskGroupType,
}

impl From<Step> for Stop {
    fn from(step: Step) -> Self {
        Self::Step(step)
    }
}

/// The experiment as read, the route's parameters, and the document being edited.
struct Edit<'a> {
    e: &'a Experiment,
    p: &'a Params,
    /// The whole document as it will be sent.
    desired: Value,
}

impl Edit<'_> {
    /// Every edit asked for, in the order their refusals are reported.
    fn apply(&mut self) -> Result<(), Stop> {
        self.name_and_description();
        self.conditions()?;
        self.assignment()?;
        self.consistency_rule()?;
        self.post_experiment_rule()?;
        self.revert_to()?;
        self.filter_mode()?;
        Ok(())
    }

    fn name_and_description(&mut self) {
        if let Some(name) = self
            .p
            .name
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            && name != self.e.name
        {
            self.desired["name"] = json!(name);
        }
        if let Some(d) = &self.p.description {
            self.desired["description"] = json!(d);
        }
    }

    /// Weights by code (or by position when no code is given), new codes appended.
    fn conditions(&mut self) -> Result<(), Step> {
        let (e, p) = (self.e, self.p);
        if p.conditions.is_empty() {
            return Ok(());
        }
        let mut conditions: Vec<Value> = self.desired["conditions"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        conditions.sort_by_key(|c| c["order"].as_i64().unwrap_or(0));
        let positional = p.conditions.iter().all(|c| c.code.trim().is_empty());
        if positional && p.conditions.len() != conditions.len() {
            return Err(fail(
                ErrorKind::Validation,
                format!(
                    "{} weights were given for {} conditions of “{}”",
                    p.conditions.len(),
                    conditions.len(),
                    e.shown_name()
                ),
                vec![format!("Its conditions are: {}.", e.weights_line())],
            ));
        }
        for (i, spec) in p.conditions.iter().enumerate() {
            let code = spec.code.trim();
            if code.eq_ignore_ascii_case("default") {
                return Err(invalid(
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
                    let condition = new_condition(&conditions, code, spec.weight);
                    conditions.push(condition);
                }
            }
        }
        self.desired["conditions"] = Value::Array(conditions);
        Ok(())
    }

    /// The assignment unit, and the group type a group experiment needs (UpGrade
    /// refuses one on any other unit).
    fn assignment(&mut self) -> Result<(), Stop> {
        let (e, p) = (self.e, self.p);
        let mut unit = e
            .assignment_unit
            .clone()
            .unwrap_or_else(|| "individual".into());
        if let Some(u) = p.assignment_unit.as_deref() {
            let Some(u) = one_of(u, UNITS) else {
                return Err(invalid(
                    format!("“{}” is not an assignment unit", literal(u)),
                    &UNITS.join(", "),
                )
                .into());
            };
            unit = u.into();
            self.desired["assignmentUnit"] = json!(u);
        }
        if unit == "group" {
            match p.group_type.clone().or(e.group.clone()) {
                Some(g) => self.desired["group"] = json!(g),
                None => return Err(Stop::AskGroupType),
            }
        } else if p.assignment_unit.is_some() {
            self.desired["group"] = Value::Null;
        }
        Ok(())
    }

    fn consistency_rule(&mut self) -> Result<(), Step> {
        if let Some(r) = self.p.consistency_rule.as_deref() {
            let Some(r) = one_of(r, RULES) else {
                return Err(invalid(
                    format!("“{}” is not a consistency rule", literal(r)),
                    &RULES.join(", "),
                ));
            };
            self.desired["consistencyRule"] = json!(r);
        }
        Ok(())
    }

    /// The rule; `continue` clears `revertTo`.
    fn post_experiment_rule(&mut self) -> Result<(), Step> {
        if let Some(r) = self.p.post_experiment_rule.as_deref() {
            let Some(r) = one_of(r, POST_RULES) else {
                return Err(invalid(
                    format!("“{}” is not a post-experiment rule", literal(r)),
                    &POST_RULES.join(", "),
                ));
            };
            self.desired["postExperimentRule"] = json!(r);
            if r == "continue" {
                self.desired["revertTo"] = Value::Null;
            }
        }
        Ok(())
    }

    /// `revertTo` names a condition by id; `default` or `none` clears it.
    fn revert_to(&mut self) -> Result<(), Step> {
        let e = self.e;
        let Some(code) = self
            .p
            .revert_to
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
        else {
            return Ok(());
        };
        let found = e
            .conditions
            .iter()
            .find(|c| c.code.eq_ignore_ascii_case(code));
        match found {
            Some(c) => self.desired["revertTo"] = json!(c.id),
            None if code.eq_ignore_ascii_case("default") || code.eq_ignore_ascii_case("none") => {
                self.desired["revertTo"] = Value::Null;
            }
            None => {
                return Err(invalid(
                    format!(
                        "“{}” has no condition “{}” to revert to",
                        e.shown_name(),
                        literal(code)
                    ),
                    &format!("one of its conditions ({}) or default", e.weights_line()),
                ));
            }
        }
        Ok(())
    }

    fn filter_mode(&mut self) -> Result<(), Step> {
        if let Some(f) = self.p.filter_mode.as_deref() {
            let Some(f) = one_of(f, FILTERS) else {
                return Err(invalid(
                    format!("“{}” is not a filter mode", literal(f)),
                    &FILTERS.join(", "),
                ));
            };
            self.desired["filterMode"] = json!(f);
        }
        Ok(())
    }
}

/// A condition added by an update, in the shape UpGrade's reads have: a fresh UUID
/// (UpGrade keeps the ids a PUT sends) and a two-character id unlike the others.
fn new_condition(conditions: &[Value], code: &str, weight_given: Option<f64>) -> Value {
    let taken: Vec<String> = conditions
        .iter()
        .filter_map(|c| c["twoCharacterId"].as_str().map(str::to_string))
        .collect();
    json!({
        "id": new_uuid(),
        "twoCharacterId": two_character_id(&taken),
        "conditionCode": code,
        "assignmentWeight": weight(weight_given.unwrap_or(0.0)),
        "order": conditions.len() as i64 + 1,
        "name": null,
        "description": null,
        "levelCombinationElements": [],
    })
}

/// The changes as the person sees them before saying yes, with a warning when the
/// weights asked for do not sum to 100.
fn preview(
    e: &Experiment,
    changes: &[diff::FieldChange],
    desired: &Value,
    weights_given: bool,
) -> String {
    let mut preview = format!(
        "Changes to “{}” (version {}):",
        e.shown_name(),
        e.version_number.map_or("?".into(), |v| v.to_string())
    );
    for c in changes {
        preview.push_str(&format!("\n- {c}"));
    }
    let total: f64 = desired["conditions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["assignmentWeight"].as_f64())
        .sum();
    if weights_given && (total - 100.0).abs() > 1e-9 {
        preview.push_str(&format!(
            "\nThe weights would sum to {}: UpGrade gives any share below 100 to the first \
             condition and cuts conditions beyond 100.",
            number(total)
        ));
    }
    preview
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
