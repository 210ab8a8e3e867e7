//! Creating an experiment: the parameters are gathered into a [`Draft`] (asking for
//! what is missing, refusing what UpGrade would refuse), the draft becomes the create
//! body, and the person sees both before anything is sent.

use super::{RULES, UNITS, ask_group_type, invalid, one_of};
use crate::flows::upgrade::capabilities::pick_context;
use crate::flows::upgrade::simulate::split_point;
use crate::flows::upgrade::{
    Choice, Clarification, MANAGE, ParamSlot, Params, Pending, PlannedChange, Step, UpgradeEnv,
    UpgradeState,
};
use crate::graph::Question;
use crate::text::literal;
use crate::upgrade::{
    ContextInfo, ExperimentName, ExperimentState, NewCondition, NewDecisionPoint, NewExperiment,
    UpgradeError, new_uuid, number,
};
use crate::words::fold as key;

/// Plans a create: the draft, then the preview and the question.
pub(super) async fn plan_create(
    state: &mut UpgradeState,
    env: &UpgradeEnv,
    p: &Params,
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
    let draft = match Draft::gather(p, context, &info) {
        Ok(draft) => draft,
        Err(step) => return Ok(step),
    };
    let names = env.client.experiment_names().await?;
    let body = draft.body(new_uuid());
    let preview = draft.preview(&body, &names, &info);
    let question = format!(
        "Create “{}” in {}, {}?",
        literal(&draft.name),
        literal(&draft.context),
        draft.initial.shown()
    );
    let namesakes = namesakes(&names, &draft.name);
    state.pending = Some(Pending {
        change: PlannedChange::Create { body, namesakes },
        seen: None,
        approved: false,
    });
    Ok(Step::Consent {
        preview,
        question: Question::confirm(question, false),
    })
}

/// A new experiment as the person described it, checked against the context's
/// suggestions and UpGrade's rules.
struct Draft {
    context: String,
    name: String,
    description: String,
    /// Condition codes and weights, in order.
    conditions: Vec<(String, f64)>,
    /// Sites and targets, in order.
    points: Vec<(String, Option<String>)>,
    unit: &'static str,
    /// The group type of a group experiment.
    group: Option<String>,
    rule: &'static str,
    initial: ExperimentState,
    /// The person asked for the post-experiment rule `assign` (UpGrade saves
    /// `continue` on create).
    wants_assign: bool,
}

impl Draft {
    /// Gathers the draft from the route's parameters, or the step that asks for what is
    /// missing or says what UpGrade would refuse.
    fn gather(p: &Params, context: String, info: &ContextInfo) -> Result<Self, Step> {
        let name = name(p)?;
        let conditions = conditions(p, info)?;
        let points = decision_points(p, info, &context, &name)?;
        let unit = match p.assignment_unit.as_deref() {
            None => "individual",
            Some(u) => one_of(u, UNITS).ok_or_else(|| {
                invalid(
                    format!("“{}” is not an assignment unit", literal(u)),
                    &UNITS.join(", "),
                )
            })?,
        };
        let group = if unit == "group" {
            Some(group_type(p, info)?)
        } else {
            None
        };
        let rule = match p.consistency_rule.as_deref() {
            None if unit == "group" => "group",
            None => "individual",
            Some(r) => one_of(r, RULES).ok_or_else(|| {
                invalid(
                    format!("“{}” is not a consistency rule", literal(r)),
                    &RULES.join(", "),
                )
            })?,
        };
        let initial = match p.state.as_deref() {
            None => ExperimentState::Inactive,
            Some(s) => ExperimentState::from_words(s).ok_or_else(|| {
                invalid(
                    format!("“{}” is not an UpGrade state", literal(s)),
                    "inactive, enrolling, …",
                )
            })?,
        };
        Ok(Self {
            context,
            name,
            description: p.description.clone().unwrap_or_default(),
            conditions,
            points,
            unit,
            group,
            rule,
            initial,
            wants_assign: p
                .post_experiment_rule
                .as_deref()
                .is_some_and(|r| r.eq_ignore_ascii_case("assign")),
        })
    }

    /// The create body, with `id` as the experiment's id (UpGrade keeps it). Condition
    /// and decision point ids are placeholders UpGrade replaces.
    fn body(&self, id: String) -> NewExperiment {
        NewExperiment {
            id,
            name: self.name.clone(),
            description: self.description.clone(),
            context: vec![self.context.clone()],
            state: self.initial.clone(),
            assignment_unit: self.unit.into(),
            group: self.group.clone(),
            consistency_rule: self.rule.into(),
            post_experiment_rule: "continue".into(),
            filter_mode: "includeAll".into(),
            kind: "Simple".into(),
            tags: Vec::new(),
            conditions: self
                .conditions
                .iter()
                .zip(1..)
                .map(|((code, weight), order)| NewCondition {
                    id: format!("c{order}"),
                    condition_code: code.clone(),
                    assignment_weight: *weight,
                    order,
                })
                .collect(),
            partitions: self
                .points
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
        }
    }

    /// What the person sees before saying yes: the experiment in words, what UpGrade
    /// will do differently from what was asked, and the request body.
    fn preview(
        &self,
        body: &NewExperiment,
        names: &[ExperimentName],
        info: &ContextInfo,
    ) -> String {
        let name = literal(&self.name);
        let mut preview = format!(
            "New experiment “{name}” in {}, {}:\n- conditions: {}\n- decision points: {}\n\
             - assignment: {}{} · consistency: {} · post-experiment rule: continue · \
             filter mode: includeAll",
            literal(&self.context),
            self.initial.describe(),
            self.conditions
                .iter()
                .map(|(c, w)| format!("{} {}", literal(c), number(*w)))
                .collect::<Vec<_>>()
                .join(" · "),
            self.points
                .iter()
                .map(|(s, t)| { literal(&t.as_ref().map_or(s.clone(), |t| format!("{s}/{t}"))) })
                .collect::<Vec<_>>()
                .join(", "),
            self.unit,
            self.group
                .as_ref()
                .map_or(String::new(), |g| format!(" by {}", literal(g))),
            self.rule,
        );
        let total: f64 = self.conditions.iter().map(|(_, w)| w).sum();
        if (total - 100.0).abs() > 1e-9 {
            preview.push_str(&format!(
                "\nThe weights sum to {}: UpGrade gives any share below 100 to the first \
                 condition.",
                number(total)
            ));
        }
        if self.wants_assign {
            preview.push_str(
                "\nUpGrade saves new experiments with the rule continue; set assign with an \
                 update once it exists.",
            );
        }
        if let Some(warning) = self
            .group
            .as_deref()
            .and_then(|g| undeclared_group_type(g, &self.context, info))
        {
            preview.push('\n');
            preview.push_str(&warning);
        }
        if namesakes(names, &self.name) > 0 {
            preview.push_str(&format!(
                "\nAnother experiment is already called “{name}” (UpGrade allows it, people \
                 confuse them)."
            ));
        }
        preview.push_str(&format!(
            "\n\nRequest body (POST /experiments):\n```json\n{}\n```",
            serde_json::to_string_pretty(&body.to_json()).unwrap_or_default()
        ));
        preview
    }
}

/// How many experiments are called `name` (case and spacing aside).
pub(super) fn namesakes(names: &[ExperimentName], name: &str) -> usize {
    names.iter().filter(|n| key(&n.name) == key(name)).count()
}

/// The warning for a group type the context does not declare (UpGrade accepts any, but
/// users' groups of the declared types will not match it).
pub(super) fn undeclared_group_type(
    group: &str,
    context: &str,
    info: &ContextInfo,
) -> Option<String> {
    if info.group_types.is_empty() || info.group_types.iter().any(|t| t == group) {
        return None;
    }
    Some(format!(
        "Warning: {} declares no group type “{}” (it declares {}); UpGrade accepts it, but \
         users' groups of the declared types will not match it.",
        literal(context),
        literal(group),
        info.group_types
            .iter()
            .map(|t| literal(t))
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

/// The new experiment's name, or the question for it.
fn name(p: &Params) -> Result<String, Step> {
    p.name
        .clone()
        .or(p.experiment.clone())
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .ok_or_else(|| {
            Step::Clarify(Clarification::typed(
                ParamSlot::Name,
                "What should the new experiment be called?",
            ))
        })
}

/// The conditions as described, else the context's suggested codes; equal weights
/// when none is given (the remainder of 100 to the first ones).
fn conditions(p: &Params, info: &ContextInfo) -> Result<Vec<(String, f64)>, Step> {
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
        return Err(invalid(
            "every condition needs a code",
            "codes such as control, variant",
        ));
    }
    if specs.iter().any(|(c, _)| c.eq_ignore_ascii_case("default")) {
        return Err(invalid(
            "'default' is reserved as a condition code (it means “no condition”)",
            "any other code",
        ));
    }
    for (i, (c, _)) in specs.iter().enumerate() {
        if specs[..i].iter().any(|(o, _)| o == c) {
            return Err(invalid(
                format!("the condition “{}” is named twice", literal(c)),
                "distinct codes",
            ));
        }
    }
    let n = specs.len() as i64;
    let even = specs.iter().all(|(_, w)| w.is_none());
    Ok(specs
        .into_iter()
        .zip(0..)
        .map(|((code, w), i)| {
            let weight = if even {
                (100 / n + i64::from(i < 100 % n)) as f64
            } else {
                w.unwrap_or(0.0)
            };
            (code, weight)
        })
        .collect())
}

/// The decision points as described, checked against the context's sites and targets;
/// the context's only one when none is named; otherwise the question for one.
fn decision_points(
    p: &Params,
    info: &ContextInfo,
    context: &str,
    name: &str,
) -> Result<Vec<(String, Option<String>)>, Step> {
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
            Clarification::typed(ParamSlot::DecisionPoint, format!("{text} (site/target)"))
        } else {
            Clarification::choose(
                ParamSlot::DecisionPoint,
                text,
                combos
                    .iter()
                    .map(|c| Choice {
                        label: literal(c),
                        value: c.clone(),
                    })
                    .collect(),
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
            return Err(ask_point(format!(
                "{} is not among {}'s decision points. Which one should “{}” use?",
                literal(w),
                literal(context),
                literal(name)
            )));
        }
        points.push((site, target));
    }
    if points.is_empty() {
        match combos.as_slice() {
            [one] => points.push(split_point(one)),
            _ => {
                return Err(ask_point(format!(
                    "At which decision point should “{}” run?",
                    literal(name)
                )));
            }
        }
    }
    Ok(points)
}

/// The group type of a group experiment: the one named, the context's only one, or the
/// question for it.
fn group_type(p: &Params, info: &ContextInfo) -> Result<String, Step> {
    // A type the context does not declare is kept as asked, with a warning in the
    // preview ([`undeclared_group_type`]).
    if let Some(g) = p.group_type.as_ref().filter(|g| !g.trim().is_empty()) {
        return Ok(g.trim().to_string());
    }
    match info.group_types.as_slice() {
        [only] => Ok(only.clone()),
        types => Err(ask_group_type(types.to_vec())),
    }
}
