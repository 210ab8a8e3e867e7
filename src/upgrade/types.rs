//! UpGrade's request and response shapes (6.4), as the server really sends them.
//!
//! Experiments are read into typed views for display and reasoning, and keep the JSON
//! they came from ([`Experiment::raw`]): an update sends that whole document back with
//! its edits, because UpGrade's PUT replaces the experiment with the body.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// `GET /api`: the health answer (no auth ever).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Health {
    pub name: String,
    pub version: String,
    #[serde(default)]
    pub description: String,
}

/// One context of `GET /experiments/contextMetaData`. The server enforces only the
/// context's name; the lists are suggestions archie checks itself.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ContextInfo {
    #[serde(rename = "CONDITIONS", default)]
    pub conditions: Vec<String>,
    #[serde(rename = "GROUP_TYPES", default)]
    pub group_types: Vec<String>,
    /// Decision point targets.
    #[serde(rename = "EXP_IDS", default)]
    pub targets: Vec<String>,
    /// Decision point sites.
    #[serde(rename = "EXP_POINTS", default)]
    pub sites: Vec<String>,
}

/// Contexts by name.
pub type ContextMetadata = BTreeMap<String, ContextInfo>;

#[derive(Debug, Deserialize)]
pub(super) struct ContextMetadataResponse {
    #[serde(rename = "contextMetadata", default)]
    pub context_metadata: ContextMetadata,
}

/// `GET /experiments/names`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExperimentName {
    pub id: String,
    pub name: String,
}

/// An experiment as `GET /experiments/single/{id}` and the lists show it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Experiment {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub context: Vec<String>,
    /// As shown: `running`, `paused` and `completed` are display aliases.
    #[serde(default)]
    pub state: String,
    #[serde(default)]
    pub assignment_unit: Option<String>,
    #[serde(default)]
    pub consistency_rule: Option<String>,
    /// The group type of a group experiment (`classId`).
    #[serde(default)]
    pub group: Option<String>,
    #[serde(default)]
    pub post_experiment_rule: Option<String>,
    #[serde(default)]
    pub revert_to: Option<String>,
    #[serde(default)]
    pub filter_mode: Option<String>,
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub updated_at: Option<String>,
    #[serde(default)]
    pub version_number: Option<i64>,
    /// Absent from the paginated list's nodes.
    #[serde(default)]
    pub conditions: Vec<Condition>,
    /// Decision points.
    #[serde(default)]
    pub partitions: Vec<DecisionPoint>,
    #[serde(default)]
    pub experiment_segment_inclusion: Vec<Value>,
    #[serde(default)]
    pub experiment_segment_exclusion: Vec<Value>,
    /// The document as UpGrade sent it.
    #[serde(skip)]
    pub raw: Value,
}

impl Experiment {
    /// Reads an experiment, keeping the document for a later update.
    pub fn from_value(value: Value) -> Result<Self, serde_json::Error> {
        let mut experiment: Experiment = serde_json::from_value(value.clone())?;
        experiment.raw = value;
        Ok(experiment)
    }

    /// Conditions by `order` (the list endpoint's array order means nothing).
    pub fn conditions_in_order(&self) -> Vec<&Condition> {
        let mut conditions: Vec<&Condition> = self.conditions.iter().collect();
        conditions.sort_by_key(|c| c.order);
        conditions
    }

    /// Decision points by `order`.
    pub fn decision_points_in_order(&self) -> Vec<&DecisionPoint> {
        let mut points: Vec<&DecisionPoint> = self.partitions.iter().collect();
        points.sort_by_key(|p| p.order);
        points
    }

    /// The first context (UpGrade stores a one-element array).
    pub fn context(&self) -> &str {
        self.context.first().map(String::as_str).unwrap_or("")
    }

    /// The stored state (`enrolling` for `running`, ...).
    pub fn stored_state(&self) -> &'static str {
        stored_state(&self.state).unwrap_or("inactive")
    }

    pub fn is_group(&self) -> bool {
        self.assignment_unit.as_deref() == Some("group")
    }

    /// `control 50 · variant 50`
    pub fn weights_line(&self) -> String {
        self.conditions_in_order()
            .iter()
            .map(|c| format!("{} {}", c.code, number(c.weight)))
            .collect::<Vec<_>>()
            .join(" · ")
    }

    /// `SelectSection/fractions, …`
    pub fn decision_points_line(&self) -> String {
        self.decision_points_in_order()
            .iter()
            .map(|p| p.label())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The condition code of `revertTo`, if it names one.
    pub fn revert_to_code(&self) -> Option<&str> {
        let id = self.revert_to.as_deref()?;
        self.conditions
            .iter()
            .find(|c| c.id == id)
            .map(|c| c.code.as_str())
    }
}

/// A weight as people write it: `50`, `33.3`.
pub fn number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n:.1}")
    }
}

/// One condition (arm) of an experiment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Condition {
    pub id: String,
    #[serde(rename = "conditionCode")]
    pub code: String,
    #[serde(rename = "assignmentWeight", default)]
    pub weight: f64,
    #[serde(default)]
    pub order: i64,
}

/// A decision point (`partitions[]`): a site and, usually, a target.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DecisionPoint {
    pub id: String,
    pub site: String,
    #[serde(default)]
    pub target: Option<String>,
    #[serde(default)]
    pub order: i64,
    #[serde(default)]
    pub exclude_if_reached: bool,
}

impl DecisionPoint {
    /// `site/target`, or `site` when there is no target.
    pub fn label(&self) -> String {
        match self.target.as_deref().filter(|t| !t.is_empty()) {
            Some(target) => format!("{}/{target}", self.site),
            None => self.site.clone(),
        }
    }

    pub fn is(&self, site: &str, target: Option<&str>) -> bool {
        self.site == site && self.target.as_deref().filter(|t| !t.is_empty()) == target
    }
}

/// `POST /experiments/paginated`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PageRequest {
    pub skip: u64,
    pub take: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search_params: Option<Search>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sort_params: Option<Sort>,
}

/// Search keys: `all`, `name`, `status`, `tag`, `context`, `id` (substring,
/// case-insensitive; `status` exact).
#[derive(Debug, Clone, Serialize)]
pub struct Search {
    pub key: String,
    pub string: String,
}

/// Sort keys: `name`, `state`, `updatedAt`, `postExperimentRule`; `sortAs` `ASC`/`DESC`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Sort {
    pub key: String,
    pub sort_as: String,
}

/// One page of experiments. Nodes carry decision points but no conditions.
#[derive(Debug, Clone, Deserialize)]
pub struct Page {
    pub total: u64,
    pub nodes: Vec<Experiment>,
}

/// `POST /stats/enrollment/detail`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EnrollmentDetail {
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub users: u64,
    #[serde(default)]
    pub groups: u64,
    #[serde(default)]
    pub users_excluded: u64,
    #[serde(default)]
    pub groups_excluded: u64,
    #[serde(default)]
    pub conditions: Vec<ConditionEnrollment>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ConditionEnrollment {
    pub id: String,
    #[serde(default)]
    pub users: u64,
    #[serde(default)]
    pub groups: u64,
}

/// `POST /v6/init`: group memberships and working group (both optional; no other keys).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InitRequest {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<BTreeMap<String, Vec<String>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub working_group: Option<BTreeMap<String, String>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InitResponse {
    pub id: String,
    #[serde(default)]
    pub group: Option<BTreeMap<String, Vec<String>>>,
    #[serde(default)]
    pub working_group: Option<BTreeMap<String, String>>,
}

/// One decision point's entry in `POST /v6/assign`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Assignment {
    pub site: String,
    #[serde(default)]
    pub target: Option<String>,
    #[serde(default)]
    pub experiment_type: Option<String>,
    #[serde(default)]
    pub assigned_condition: Vec<AssignedCondition>,
}

impl Assignment {
    pub fn label(&self) -> String {
        match self.target.as_deref().filter(|t| !t.is_empty()) {
            Some(target) => format!("{}/{target}", self.site),
            None => self.site.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AssignedCondition {
    #[serde(default)]
    pub id: Option<String>,
    pub condition_code: String,
    #[serde(default)]
    pub payload: Option<Value>,
    #[serde(default)]
    pub experiment_id: Option<String>,
}

/// `POST /v6/mark`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MarkRequest {
    pub data: MarkData,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MarkData {
    pub site: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    pub assigned_condition: MarkCondition,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MarkCondition {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub condition_code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub experiment_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MarkResponse {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub experiment_id: Option<String>,
    #[serde(default)]
    pub condition: Option<String>,
}

/// The states UpGrade stores.
pub const STORED_STATES: &[&str] = &[
    "inactive",
    "enrolling",
    "enrollmentComplete",
    "cancelled",
    "preview",
    "scheduled",
    "archived",
    "draft",
];

/// The stored state for a state as written by UpGrade or a person: a stored name, a
/// display alias (`running`, `paused`, `completed`) or the words people use
/// (`enrollment complete`, `started`). Case and spacing do not matter.
pub fn stored_state(state: &str) -> Option<&'static str> {
    let s = crate::memory::identity::compact(state);
    Some(match s.as_str() {
        "inactive" => "inactive",
        "enrolling" | "running" | "started" | "live" | "active" => "enrolling",
        "enrollmentcomplete" | "paused" => "enrollmentComplete",
        "cancelled" | "canceled" | "completed" | "complete" | "finished" => "cancelled",
        "preview" => "preview",
        "scheduled" => "scheduled",
        "archived" => "archived",
        "draft" => "draft",
        _ => return None,
    })
}

/// How UpGrade shows a stored state (`enrolling` → `running`).
pub fn shown_state(stored: &str) -> &str {
    match stored {
        "enrolling" => "running",
        "enrollmentComplete" => "paused",
        "cancelled" => "completed",
        other => other,
    }
}

/// `enrolling (shown as running)`, or just the name when both agree.
pub fn describe_state(state: &str) -> String {
    let stored = stored_state(state).unwrap_or("inactive");
    let shown = shown_state(stored);
    if shown == stored {
        stored.to_string()
    } else {
        format!("{shown} ({stored})")
    }
}

/// A fresh random UUID (v4), for ids UpGrade keeps as given.
pub fn new_uuid() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// Whether `s` has the shape of a UUID, hyphenated (UpGrade answers other ids with 400
/// or 500): 36 characters is the only form `uuid` parses at that length.
pub fn is_uuid(s: &str) -> bool {
    s.len() == 36 && uuid::Uuid::try_parse(s).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn states_map_both_ways() {
        assert_eq!(stored_state("running"), Some("enrolling"));
        assert_eq!(
            stored_state("Enrollment Complete"),
            Some("enrollmentComplete")
        );
        assert_eq!(stored_state("completed"), Some("cancelled"));
        assert_eq!(stored_state("nope"), None);
        assert_eq!(shown_state("enrollmentComplete"), "paused");
        assert_eq!(describe_state("enrolling"), "running (enrolling)");
        assert_eq!(describe_state("inactive"), "inactive");
    }

    #[test]
    fn uuids_are_v4_and_recognised() {
        let id = new_uuid();
        assert!(is_uuid(&id), "{id}");
        assert_eq!(&id[14..15], "4");
        assert!(!is_uuid("c1"));
        assert!(!is_uuid(&id.replace('-', "")), "only the hyphenated form");
        assert!(!is_uuid(&format!("{{{id}}}")), "only the hyphenated form");
        assert!(!is_uuid(&id.replacen('-', "x", 1)));
        assert!(is_uuid(&id.to_uppercase()));
        assert_ne!(new_uuid(), id);
    }

    #[test]
    fn an_experiment_keeps_its_document_and_sorts_by_order() {
        let raw = json!({
            "id": "e1", "name": "X", "context": ["assign-prog"], "state": "running",
            "versionNumber": 2, "unknownKey": {"kept": true},
            "conditions": [
                {"id": "b", "conditionCode": "variant", "assignmentWeight": 70, "order": 2},
                {"id": "a", "conditionCode": "control", "assignmentWeight": 30, "order": 1}
            ],
            "partitions": [{"id": "p", "site": "SelectSection", "target": "t1", "order": 1, "excludeIfReached": false}]
        });
        let e = Experiment::from_value(raw.clone()).unwrap();
        assert_eq!(e.raw, raw);
        assert_eq!(e.weights_line(), "control 30 · variant 70");
        assert_eq!(e.decision_points_line(), "SelectSection/t1");
        assert_eq!(e.stored_state(), "enrolling");
    }
}
