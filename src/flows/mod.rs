//! One module per agent graph (its state, its nodes and its edges), and the flow
//! registry: the one list of flows that `archie graph FLOW`, the commands and the
//! prompt checks all read, so they cannot disagree.

pub mod analyze;
pub mod build_context;
pub mod echo;
pub mod error;
pub mod reply;
pub mod search;
pub mod sources;
pub mod upgrade;

use crate::graph::BuildError;

pub use error::FlowError;

/// A flow as the rest of archie sees it.
pub struct Flow {
    /// The graph's name: the command that runs it and `archie graph NAME`.
    pub name: &'static str,
    /// The prompt templates its nodes render.
    pub prompts: &'static [&'static str],
    /// Its steps (nodes) as the user reads them: `(node, words)`; a node not listed is
    /// shown by its name.
    pub steps: &'static [(&'static str, &'static str)],
    /// The graph as a Mermaid flowchart (building it validates it).
    pub mermaid: fn() -> Result<String, BuildError>,
}

/// A flow's entry in [`FLOWS`], from what its module declares: `NAME`, `PROMPTS`, `STEPS`
/// and `graph()`.
macro_rules! flow {
    ($module:ident) => {
        Flow {
            name: $module::NAME,
            prompts: $module::PROMPTS,
            steps: $module::STEPS,
            mermaid: || Ok($module::graph()?.mermaid()),
        }
    };
}

/// The flow registry: every flow archie has, one name a flow, in the order `archie
/// graph` and the help list them. A name here is the flow's module, `flows::NAME` (its
/// graph: `NAME`, `PROMPTS`, `STEPS`, `graph()`), and its command's, `cli::NAME`
/// (`COMMAND`: its arguments and how it runs, and, for a flow that is also a tool of
/// `archie mcp`, that tool: `cli::flow::FlowTool`). [`FLOWS`] (`archie graph`, the step
/// words, the prompt checks), the commands (`cli::flow::COMMANDS`: parsing and
/// dispatch) and the MCP flow tools (`cli::flow::tools`) are all built from this one
/// list: `for_each_flow!(callback)` calls
/// `callback!(analyze, build_context, …)`.
macro_rules! for_each_flow {
    ($callback:ident) => {
        $callback! { analyze, build_context, echo, search, upgrade }
    };
}
pub(crate) use for_each_flow;

/// Builds [`FLOWS`] from the registry's list.
macro_rules! flows {
    ($($module:ident),* $(,)?) => {
        /// Every flow archie has, in registry order ([`for_each_flow`]).
        pub const FLOWS: &[Flow] = &[$(flow!($module)),*];
    };
}
for_each_flow!(flows);

/// A step (a node) as the user reads it: `extract` is `extracting knowledge`. What no
/// flow lists is shown by its name.
pub fn step_words(node: &str) -> &str {
    FLOWS
        .iter()
        .flat_map(|f| f.steps)
        .find(|(n, _)| *n == node)
        .map_or(node, |(_, words)| words)
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
                mermaid.contains(&format!("title: \"{}\"", flow.name)),
                "{}",
                flow.name
            );
        }
    }

    #[test]
    fn a_step_reads_the_same_in_every_flow_and_names_a_node() {
        for flow in FLOWS {
            let mermaid = (flow.mermaid)().unwrap_or_else(|e| panic!("{}: {e}", flow.name));
            for (node, words) in flow.steps {
                assert_eq!(step_words(node), *words, "{}: {node}", flow.name);
                assert!(mermaid.contains(node), "{}: no node {node}", flow.name);
            }
        }
        assert_eq!(step_words("extract"), "extracting knowledge");
        assert_eq!(step_words("synthesize"), "writing the answer");
        assert_eq!(step_words("router"), "router");
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
