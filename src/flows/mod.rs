//! One module per agent graph (its state, its nodes and its edges), and the flow
//! registry: the one list of flows that `archie graph FLOW`, the commands and the
//! prompt checks all read, so they cannot disagree.

pub mod analyze;
pub mod build_context;
pub mod echo;
pub mod reply;
pub mod search;
pub mod sources;
pub mod upgrade;

use crate::graph::BuildError;

/// A flow as the rest of archie sees it.
pub struct Flow {
    /// The graph's name: the command that runs it and `archie graph NAME`.
    pub name: &'static str,
    /// The prompt templates its nodes render.
    pub prompts: &'static [&'static str],
    /// The graph as a Mermaid flowchart (building it validates it).
    pub mermaid: fn() -> Result<String, BuildError>,
}

/// Every flow archie has. A new flow is added here and nowhere else.
pub const FLOWS: &[Flow] = &[
    Flow {
        name: analyze::NAME,
        prompts: analyze::PROMPTS,
        mermaid: || Ok(analyze::graph()?.mermaid()),
    },
    Flow {
        name: build_context::NAME,
        prompts: build_context::PROMPTS,
        mermaid: || Ok(build_context::graph()?.mermaid()),
    },
    Flow {
        name: echo::NAME,
        prompts: echo::PROMPTS,
        mermaid: || Ok(echo::graph()?.mermaid()),
    },
    Flow {
        name: search::NAME,
        prompts: search::PROMPTS,
        mermaid: || Ok(search::graph()?.mermaid()),
    },
    Flow {
        name: upgrade::NAME,
        prompts: upgrade::PROMPTS,
        mermaid: || Ok(upgrade::graph()?.mermaid()),
    },
];

/// A step (a node) as the user reads it: `extract` is `extracting knowledge`. What is
/// not listed is shown by its name.
pub fn step_words(node: &str) -> &str {
    match node {
        sources::RETRIEVE => "reading the documents",
        sources::EXTRACT => "extracting knowledge",
        analyze::PREPARE => "asking the model",
        analyze::FINAL => "writing the analysis",
        build_context::BUILD => "writing the overview",
        "init" => "starting the session",
        "discover" => "starting the tool servers",
        "plan" => "planning the tool calls",
        "execute" => "calling the tools",
        "synthesize" => "writing the answer",
        other => other,
    }
}

/// The flow named `name`.
pub fn find(name: &str) -> Option<&'static Flow> {
    FLOWS.iter().find(|f| f.name == name)
}

/// The names of every flow, in registry order.
pub fn names() -> impl Iterator<Item = &'static str> {
    FLOWS.iter().map(|f| f.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_flow_builds_and_names_its_graph() {
        for flow in FLOWS {
            let mermaid = (flow.mermaid)().unwrap_or_else(|e| panic!("{}: {e}", flow.name));
            assert!(
                mermaid.contains(&format!("title: {}", flow.name)),
                "{}",
                flow.name
            );
        }
    }

    #[test]
    fn every_prompt_a_flow_renders_exists() {
        for flow in FLOWS {
            for prompt in flow.prompts {
                assert!(
                    crate::prompts::NAMES.contains(prompt),
                    "{} renders unknown prompt {prompt}",
                    flow.name
                );
            }
        }
    }
}
