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
    /// Read from the display aliases reads show (`running` is `enrolling`).
    #[serde(default)]
    pub state: ExperimentState,
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

    pub fn is_group(&self) -> bool {
        self.assignment_unit.as_deref() == Some("group")
    }

    /// The name as archie shows it ([`crate::text::literal`]: server text is data).
    pub fn shown_name(&self) -> String {
        crate::text::literal(&self.name)
    }

    /// The first context as archie shows it (`?` when there is none).
    pub fn shown_context(&self) -> String {
        match self.context() {
            "" => "?".into(),
            c => crate::text::literal(c),
        }
    }

    /// `control 50 · variant 50` (codes as archie shows server text)
    pub fn weights_line(&self) -> String {
        self.conditions_in_order()
            .iter()
            .map(|c| format!("{} {}", crate::text::literal(&c.code), number(c.weight)))
            .collect::<Vec<_>>()
            .join(" · ")
    }

    /// `SelectSection/fractions, …` (as archie shows server text)
    pub fn decision_points_line(&self) -> String {
        self.decision_points_in_order()
            .iter()
            .map(|p| crate::text::literal(&p.label()))
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

/// The body of `POST /experiments` (create): the fields a real 6.4 server requires
/// (`upgrade-api.md` §4.4) and archie sets. Sent as a JSON object like every body, so
/// its keys go out sorted, as they did when the body was built by hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewExperiment {
    /// archie's own UUID: UpGrade keeps it, so a lost answer can be checked by reading.
    pub id: String,
    pub name: String,
    pub description: String,
    /// One element: the app context.
    pub context: Vec<String>,
    /// A stored name: UpGrade answers a create with an alias (`running`) with 500.
    pub state: ExperimentState,
    pub assignment_unit: String,
    /// The group type; present only for a group experiment (UpGrade refuses it otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    pub consistency_rule: String,
    /// UpGrade saves every new experiment with `continue` whatever is sent.
    pub post_experiment_rule: String,
    pub filter_mode: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub tags: Vec<String>,
    pub conditions: Vec<NewCondition>,
    /// Decision points.
    pub partitions: Vec<NewDecisionPoint>,
}

impl NewExperiment {
    /// The body as it goes on the wire (and is shown before it is sent).
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// A condition of a create body. UpGrade replaces the `id` (`c1`, `c2`, … are
/// placeholders) and renumbers `order` by position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewCondition {
    pub id: String,
    pub condition_code: String,
    /// Written as UpGrade shows it: `50`, not `50.0`.
    #[serde(serialize_with = "weight")]
    pub assignment_weight: f64,
    pub order: i64,
}

/// A decision point of a create body (`d1`, `d2`, … are placeholder ids).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewDecisionPoint {
    pub id: String,
    pub site: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    pub order: i64,
    pub exclude_if_reached: bool,
    /// Sent, empty when archie has none.
    pub description: String,
}

/// A weight as UpGrade shows it: an integer when it is one.
fn weight<S: serde::Serializer>(w: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    if w.fract() == 0.0 && w.abs() < 1e15 {
        serializer.serialize_i64(*w as i64)
    } else {
        serializer.serialize_f64(*w)
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

/// An experiment's state, by the name UpGrade stores. Reads show three of them under
/// display aliases (`running` = `enrolling`, `paused` = `enrollmentComplete`,
/// `completed` = `cancelled`); both spellings are read, and the stored one is written
/// (what `POST /experiments` and `POST /experiments/state` accept).
///
/// A state this archie does not know (a newer server's) is still read: it is kept as
/// [`ExperimentState::Other`] with the server's spelling, shown as is, and matches none of
/// the known states (so it assigns nothing in archie's explanations).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum ExperimentState {
    /// Designed but off; users get the default.
    #[default]
    Inactive,
    /// Shown as `running`: new users are enrolled and get conditions.
    Enrolling,
    /// Shown as `paused`: no new enrollment; the post-experiment rule applies.
    EnrollmentComplete,
    /// Shown as `completed`: nobody gets a condition.
    Cancelled,
    Preview,
    Scheduled,
    Archived,
    Draft,
    /// A state UpGrade sent that archie does not know, as sent.
    Other(String),
}

impl ExperimentState {
    /// The states UpGrade stores, in its order.
    pub const STORED: [ExperimentState; 8] = [
        Self::Inactive,
        Self::Enrolling,
        Self::EnrollmentComplete,
        Self::Cancelled,
        Self::Preview,
        Self::Scheduled,
        Self::Archived,
        Self::Draft,
    ];

    /// The name UpGrade stores (`enrollmentComplete`).
    pub fn stored(&self) -> &str {
        match self {
            Self::Inactive => "inactive",
            Self::Enrolling => "enrolling",
            Self::EnrollmentComplete => "enrollmentComplete",
            Self::Cancelled => "cancelled",
            Self::Preview => "preview",
            Self::Scheduled => "scheduled",
            Self::Archived => "archived",
            Self::Draft => "draft",
            Self::Other(name) => name,
        }
    }

    /// The name UpGrade shows (`enrolling` → `running`).
    pub fn shown(&self) -> &str {
        match self {
            Self::Enrolling => "running",
            Self::EnrollmentComplete => "paused",
            Self::Cancelled => "completed",
            other => other.stored(),
        }
    }

    /// `running (enrolling)`, or just the name when both agree.
    pub fn describe(&self) -> String {
        let (shown, stored) = (self.shown(), self.stored());
        if shown == stored {
            stored.to_string()
        } else {
            format!("{shown} ({stored})")
        }
    }

    /// `inactive, running (enrolling), …`: every stored state, described.
    pub fn all_described() -> String {
        Self::STORED
            .iter()
            .map(Self::describe)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// A state as UpGrade or a person writes it: a stored name, a display alias
    /// (`running`, `paused`, `completed`) or the words people use (`enrollment
    /// complete`, `started`). Case and spacing do not matter; anything else is `None`.
    pub fn from_words(state: &str) -> Option<Self> {
        let s = crate::words::compact(state);
        Some(match s.as_str() {
            "inactive" => Self::Inactive,
            "enrolling" | "running" | "started" | "live" | "active" => Self::Enrolling,
            "enrollmentcomplete" | "paused" => Self::EnrollmentComplete,
            "cancelled" | "canceled" | "completed" | "complete" | "finished" => Self::Cancelled,
            "preview" => Self::Preview,
            "scheduled" => Self::Scheduled,
            "archived" => Self::Archived,
            "draft" => Self::Draft,
            _ => return None,
        })
    }

    /// A state as UpGrade sent it: known names as [`from_words`](Self::from_words) reads
    /// them, anything else kept as [`Other`](Self::Other).
    pub fn from_server(state: &str) -> Self {
        Self::from_words(state).unwrap_or_else(|| Self::Other(state.to_string()))
    }
}

impl Serialize for ExperimentState {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.stored())
    }
}

impl<'de> Deserialize<'de> for ExperimentState {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        Ok(Self::from_server(&name))
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
        let words = |s| ExperimentState::from_words(s).map(|s| s.stored().to_string());
        assert_eq!(words("running").as_deref(), Some("enrolling"));
        assert_eq!(
            words("Enrollment Complete").as_deref(),
            Some("enrollmentComplete")
        );
        assert_eq!(words("completed").as_deref(), Some("cancelled"));
        assert_eq!(words("nope"), None);
        assert_eq!(ExperimentState::EnrollmentComplete.shown(), "paused");
        assert_eq!(ExperimentState::Enrolling.describe(), "running (enrolling)");
        assert_eq!(ExperimentState::Inactive.describe(), "inactive");
        assert_eq!(
            ExperimentState::all_described(),
            "inactive, running (enrolling), paused (enrollmentComplete), completed \
             (cancelled), preview, scheduled, archived, draft"
        );
    }

    #[test]
    fn states_are_read_in_both_spellings_and_written_stored() {
        for state in ExperimentState::STORED {
            let stored = json!(state.stored());
            let shown = json!(state.shown());
            assert_eq!(
                serde_json::from_value::<ExperimentState>(stored.clone()).unwrap(),
                state
            );
            assert_eq!(
                serde_json::from_value::<ExperimentState>(shown).unwrap(),
                state
            );
            assert_eq!(serde_json::to_value(&state).unwrap(), stored);
        }
        // A newer server's state is read and kept as it was sent, written back the same.
        let new: ExperimentState = serde_json::from_value(json!("rampingUp")).unwrap();
        assert_eq!(new, ExperimentState::Other("rampingUp".into()));
        assert_eq!(new.describe(), "rampingUp");
        assert_eq!(serde_json::to_value(&new).unwrap(), json!("rampingUp"));
        let e =
            Experiment::from_value(json!({"id": "e", "name": "X", "state": "rampingUp"})).unwrap();
        assert_eq!(e.state, new);
        // Absent, as before: inactive.
        let e = Experiment::from_value(json!({"id": "e", "name": "X"})).unwrap();
        assert_eq!(e.state, ExperimentState::Inactive);
    }

    /// The create body, byte for byte as archie sent it when it was built with `json!`
    /// (keys sorted, whole weights as integers, `target` and `group` only when set), and
    /// read back from a checkpoint that holds it.
    #[test]
    fn the_create_body_is_the_one_archie_always_sent() {
        let body = |group: Option<&str>, state| NewExperiment {
            id: "0b9c3f57-8e0a-4c49-9f7e-3f2d1c0a9b11".into(),
            name: "Button “test”".into(),
            description: String::new(),
            context: vec!["assign-prog".into()],
            state,
            assignment_unit: if group.is_some() {
                "group"
            } else {
                "individual"
            }
            .into(),
            group: group.map(str::to_string),
            consistency_rule: if group.is_some() {
                "group"
            } else {
                "individual"
            }
            .into(),
            post_experiment_rule: "continue".into(),
            filter_mode: "includeAll".into(),
            kind: "Simple".into(),
            tags: Vec::new(),
            conditions: vec![
                NewCondition {
                    id: "c1".into(),
                    condition_code: "control".into(),
                    assignment_weight: 50.0,
                    order: 1,
                },
                NewCondition {
                    id: "c2".into(),
                    condition_code: "variant".into(),
                    assignment_weight: 33.3,
                    order: 2,
                },
            ],
            partitions: vec![
                NewDecisionPoint {
                    id: "d1".into(),
                    site: "SelectSection".into(),
                    target: Some("t1".into()),
                    order: 1,
                    exclude_if_reached: false,
                    description: String::new(),
                },
                NewDecisionPoint {
                    id: "d2".into(),
                    site: "Other".into(),
                    target: None,
                    order: 2,
                    exclude_if_reached: false,
                    description: String::new(),
                },
            ],
        };
        let group = body(Some("classId"), ExperimentState::Enrolling);
        let wire = serde_json::to_string(&group.to_json()).unwrap();
        assert_eq!(
            wire,
            r#"{"assignmentUnit":"group","conditions":[{"assignmentWeight":50,"conditionCode":"control","id":"c1","order":1},{"assignmentWeight":33.3,"conditionCode":"variant","id":"c2","order":2}],"consistencyRule":"group","context":["assign-prog"],"description":"","filterMode":"includeAll","group":"classId","id":"0b9c3f57-8e0a-4c49-9f7e-3f2d1c0a9b11","name":"Button “test”","partitions":[{"description":"","excludeIfReached":false,"id":"d1","order":1,"site":"SelectSection","target":"t1"},{"description":"","excludeIfReached":false,"id":"d2","order":2,"site":"Other"}],"postExperimentRule":"continue","state":"enrolling","tags":[],"type":"Simple"}"#
        );
        let individual = body(None, ExperimentState::Inactive);
        let wire_individual = serde_json::to_string(&individual.to_json()).unwrap();
        assert_eq!(
            wire_individual,
            r#"{"assignmentUnit":"individual","conditions":[{"assignmentWeight":50,"conditionCode":"control","id":"c1","order":1},{"assignmentWeight":33.3,"conditionCode":"variant","id":"c2","order":2}],"consistencyRule":"individual","context":["assign-prog"],"description":"","filterMode":"includeAll","id":"0b9c3f57-8e0a-4c49-9f7e-3f2d1c0a9b11","name":"Button “test”","partitions":[{"description":"","excludeIfReached":false,"id":"d1","order":1,"site":"SelectSection","target":"t1"},{"description":"","excludeIfReached":false,"id":"d2","order":2,"site":"Other"}],"postExperimentRule":"continue","state":"inactive","tags":[],"type":"Simple"}"#
        );
        // A checkpoint written before holds the same JSON: it reads back as the body.
        let read: NewExperiment = serde_json::from_str(&wire).unwrap();
        assert_eq!(read, group);
        let read: NewExperiment = serde_json::from_str(&wire_individual).unwrap();
        assert_eq!(read, individual);
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
        assert_eq!(e.state, ExperimentState::Enrolling);
    }
}
