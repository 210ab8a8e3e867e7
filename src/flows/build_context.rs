//! The build-context flow: a one-pass overview of a system, with a Mermaid diagram of
//! its part of the knowledge graph.
//!
//! `retrieve → extract → build → end`.

use super::reply;
use super::sources::{self, EXTRACT, Env, HasSources, RETRIEVE, Sources};
use crate::events::Event;
use crate::graph::{BuildError, Cx, END, Graph, GraphBuilder, Next};
use crate::llm::Message;
use crate::memory::MermaidOptions;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The flow's name (`archie build-context`, `archie graph build-context`).
pub const NAME: &str = "build-context";
/// Write the overview.
const BUILD: &str = "build";

/// The prompts this flow renders.
pub const PROMPTS: &[&str] = &["system", "extract", "build_context"];

/// The diagram's node cap: beyond it the diagram says what it left out.
pub const DIAGRAM_NODES: usize = 60;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct BuildContextState {
    pub system: String,
    #[serde(flatten)]
    pub sources: Sources,
    /// The overview, once written.
    pub overview: Option<String>,
}

impl HasSources for BuildContextState {
    fn sources(&mut self) -> &mut Sources {
        &mut self.sources
    }
}

pub fn graph() -> Result<Graph<BuildContextState, Env>, BuildError> {
    GraphBuilder::new(NAME)
        .node(RETRIEVE, sources::retrieve::<BuildContextState>)
        .node(EXTRACT, sources::extract::<BuildContextState>)
        .node(BUILD, build)
        .entry(RETRIEVE)
        .edge(RETRIEVE, EXTRACT)
        .edge(EXTRACT, BUILD)
        .edge(BUILD, END)
        .build()
}

/// The file name for a system's overview: `SYSTEM_context.md`, with anything that is not
/// a letter, digit, `-` or `_` turned into `_`.
pub fn default_output(system: &str) -> String {
    let safe: String = system
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let safe = safe.trim_matches('_');
    format!(
        "{}_context.md",
        if safe.is_empty() { "system" } else { safe }
    )
}

async fn build(state: &mut BuildContextState, cx: &mut Cx<'_, Env>) -> anyhow::Result<Next> {
    let env = cx.env;
    let docs = state.sources.load(cx.events, env.inputs.max_file_size);
    let documents = sources::excerpts(docs, env.document_budget);
    let about = sources::about(&state.system, &documents);
    let memory = env.relevant_memory(&state.sources.learned, &about);
    let prompt = env.prompts.render(
        "build_context",
        json!({
            "system": state.system,
            "documents": documents,
            "memory": memory,
        }),
    )?;
    let messages = vec![env.system_message()?, Message::user(prompt)];
    let text = env.llm.chat(messages).await?;
    let reply = reply::parse(&text);
    if let Some(warning) = reply.warning {
        cx.emit(Event::Warning { message: warning });
    }
    if let Some(knowledge) = reply.knowledge {
        knowledge.merge_into(&mut state.sources.learned);
    }

    // The system's part of the graph: what these documents taught, and its neighbours.
    let all = env.memory_with(&state.sources.learned);
    let focus: Vec<String> = state
        .sources
        .learned
        .entities()
        .iter()
        .map(|e| e.name.clone())
        .collect();
    let shown = focus.len().min(DIAGRAM_NODES);
    let diagram = all.to_mermaid(
        &MermaidOptions::default()
            .focus(focus)
            .max_nodes(DIAGRAM_NODES),
    );
    let overview = reply.agent;
    let mut document = sources::generated_header("build-context");
    document.push_str(&format!("# {} — context\n\n", state.system.trim()));
    document.push_str(overview.trim());
    document.push_str("\n\n## Knowledge graph\n\n```mermaid\n");
    document.push_str(diagram.trim_end());
    document.push_str("\n```\n");
    sources::write_output(&env.output, &document)?;
    cx.emit(Event::Wrote {
        path: env.output.display().to_string(),
        what: format!("overview · Mermaid diagram of {shown} nodes"),
    });
    state.overview = Some(overview);
    Ok(Next::Continue)
}

#[cfg(test)]
mod tests {
    #[test]
    fn output_names_are_filesystem_safe() {
        assert_eq!(super::default_output("payments"), "payments_context.md");
        assert_eq!(
            super::default_output("Order / Billing"),
            "Order___Billing_context.md"
        );
        assert_eq!(super::default_output("../../etc"), "etc_context.md");
        assert_eq!(super::default_output("   "), "system_context.md");
    }

    #[test]
    fn the_graph_is_valid() {
        assert!(super::graph().is_ok());
        assert!(crate::flows::analyze::graph().is_ok());
    }
}
