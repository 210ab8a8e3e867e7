//! The router's answer: which capability a message asks for, how sure the model is, and
//! the parameters it found. The model is asked once per message (never for a message
//! that names a glossary term exactly, nor to re-route after a clarification).

use super::UpgradeState;
use crate::llm::Message;
use crate::prompts::{PromptError, Prompts};
use crate::upgrade::glossary;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The router's prompt template (`prompts/upgrade_router.md`).
pub const PROMPT: &str = "upgrade_router";

/// What the message asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Capability {
    Terminology,
    VersionCheck,
    ListExperiments,
    ExperimentDetails,
    ExperimentManagement,
    UserSimulation,
    Testing,
    #[default]
    ClarificationNeeded,
    Unsupported,
}

impl Capability {
    /// The seven capabilities a person can choose between.
    pub const ALL: [Capability; 7] = [
        Capability::Terminology,
        Capability::VersionCheck,
        Capability::ListExperiments,
        Capability::ExperimentDetails,
        Capability::ExperimentManagement,
        Capability::UserSimulation,
        Capability::Testing,
    ];

    /// How a clarification offers it.
    pub fn label(self) -> &'static str {
        match self {
            Capability::Terminology => "Explain an UpGrade term",
            Capability::VersionCheck => "Check that UpGrade is up, and its version",
            Capability::ListExperiments => "List experiments",
            Capability::ExperimentDetails => "Show one experiment's details",
            Capability::ExperimentManagement => {
                "Create, change, start, stop or delete an experiment"
            }
            Capability::UserSimulation => "Simulate a user (init, assign, mark)",
            Capability::Testing => "Test an experiment's condition balance or consistency",
            Capability::ClarificationNeeded => "Something else",
            Capability::Unsupported => "Something archie cannot do",
        }
    }
}

/// What to do, for the capabilities that do several things.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Create,
    Update,
    SetState,
    Delete,
    Init,
    Assign,
    Mark,
    Balance,
    Consistency,
}

/// A condition as the person described it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ConditionSpec {
    /// Empty when only weights were given (then they apply in order).
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub weight: Option<f64>,
}

/// The parameters the router found. Everything is optional: a capability asks for what
/// it needs and is missing.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Params {
    /// Glossary terms asked about.
    pub concepts: Vec<String>,
    /// The existing experiment the message is about (its name as written, or its id).
    pub experiment: Option<String>,
    /// An app context (e.g. assign-prog).
    pub context: Option<String>,
    /// A state: a filter for listing, or the target of a state change.
    pub state: Option<String>,
    pub action: Option<Action>,
    pub user_ids: Vec<String>,
    /// Group memberships for init: group type → group ids.
    pub groups: BTreeMap<String, Vec<String>>,
    /// The working group for init: group type → group id.
    pub working_group: BTreeMap<String, String>,
    /// A decision point: "site" or "site/target".
    pub decision_point: Option<String>,
    /// How many simulated users.
    pub count: Option<u32>,
    /// The name of a new experiment, or a new name for an existing one.
    pub name: Option<String>,
    pub description: Option<String>,
    pub conditions: Vec<ConditionSpec>,
    /// Decision points of a new experiment: "site/target" each.
    pub decision_points: Vec<String>,
    pub assignment_unit: Option<String>,
    pub group_type: Option<String>,
    pub consistency_rule: Option<String>,
    pub post_experiment_rule: Option<String>,
    /// A condition code.
    pub revert_to: Option<String>,
    pub filter_mode: Option<String>,
}

/// The router's decision.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Route {
    pub capability: Capability,
    /// 0 to 1.
    #[serde(default)]
    pub confidence: f64,
    /// Other capabilities the message may mean, most likely first.
    #[serde(default)]
    pub alternatives: Vec<Capability>,
    #[serde(default)]
    pub parameters: Params,
}

impl Route {
    /// A route decided without a model (a glossary term named exactly).
    pub fn terminology(title: &str) -> Self {
        Route {
            capability: Capability::Terminology,
            confidence: 1.0,
            alternatives: Vec::new(),
            parameters: Params {
                concepts: vec![title.to_string()],
                ..Params::default()
            },
        }
    }
}

/// The router's instructions: the `upgrade_router` prompt with the glossary's terms.
pub(super) fn system_prompt(prompts: &Prompts) -> Result<String, PromptError> {
    prompts.render(
        PROMPT,
        serde_json::json!({ "terms": glossary::titles().join(", ") }),
    )
}

/// Asks the model to route the current message, with `system` as its instructions.
pub(super) async fn ask_model(
    state: &UpgradeState,
    system: String,
    llm: &dyn crate::llm::Llm,
) -> Result<Route, crate::llm::LlmError> {
    let mut user = String::new();
    let recent: Vec<_> = state.turns.iter().rev().take(4).collect();
    if !recent.is_empty() {
        user.push_str("The conversation so far:\n");
        for turn in recent.into_iter().rev() {
            user.push_str(&format!("Person: {}\n", turn.user.trim()));
            let first = turn.reply.text.lines().next().unwrap_or("").trim();
            user.push_str(&format!("archie: {first}\n"));
        }
        user.push('\n');
    }
    let message = state.message.as_deref().unwrap_or("");
    user.push_str(&format!(
        "The message to route:\n<message>\n{}\n</message>\n",
        message.trim()
    ));
    let mut route: Route = llm
        .structured_with(
            crate::llm::Request::new(vec![Message::system(system), Message::user(user)])
                .cache(true)
                .temperature(llm.steady_temperature()),
        )
        .await?;
    // Some models answer in percent.
    if route.confidence > 1.0 {
        route.confidence /= 100.0;
    }
    route.confidence = route.confidence.clamp(0.0, 1.0);
    Ok(route)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The router's instructions as they were when built in beside this file, so answers
    /// cached for them (keyed by the messages) are still found.
    #[test]
    fn the_router_prompt_renders_as_the_text_it_replaced() {
        let template = include_str!("../../../prompts/upgrade_router.md");
        let (_, body) = template.split_once("-#}\n").unwrap();
        let before = body.replace("{{terms}}", &glossary::titles().join(", "));
        let prompts = Prompts::load(None, None).unwrap();
        assert_eq!(system_prompt(&prompts).unwrap(), before);
    }
}
