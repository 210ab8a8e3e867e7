//! The analyze flow: a conversation about the design that ends in a written analysis.
//!
//! `retrieve → extract → prepare ⇄ (question) → final → end`. Each `prepare` turn sends
//! the goal, document excerpts, the relevant part of the knowledge graph and the
//! conversation so far; the model's reply streams to the user (its knowledge part is
//! merged into memory, never shown), and the user answers. The user ends the
//! conversation explicitly: `/approve` writes the analysis, `/abort` stops without
//! writing. `--max-turns` bounds the loop.

use super::reply;
use super::sources::{self, EXTRACT, Env, HasSources, RETRIEVE, Sources};
use crate::events::Event;
use crate::graph::{BuildError, Cx, END, Graph, GraphBuilder, Next, Question};
use crate::llm::{Message, Role};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The flow's name (`archie analyze`, `archie graph analyze`).
pub const NAME: &str = "analyze";
/// One conversation turn: ask the model, show its reply, wait for the user.
const PREPARE: &str = "prepare";
/// Write the analysis.
const FINAL: &str = "final";

/// The prompts this flow renders.
pub const PROMPTS: &[&str] = &[
    "system",
    "extract",
    "analyze_initial",
    "analyze_followup",
    "analyze_final",
];

/// The goal used when the user gives no query (as the original did).
pub const DEFAULT_GOAL: &str = "Give a comprehensive overview of this system's architecture: its components, how they interact, and its main risks.";

/// What the terminal prompt says after each agent turn.
pub const ANSWER_PROMPT: &str = "Your answer (/approve to write the analysis, /abort to stop)";

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct AnalyzeState {
    pub goal: String,
    pub max_turns: u32,
    #[serde(flatten)]
    pub sources: Sources,
    /// The conversation, oldest first: assistant turns are the agent text only.
    pub history: Vec<Message>,
    /// Agent turns so far.
    pub turns: u32,
    pub aborted: bool,
    /// The final analysis, once written.
    pub analysis: Option<String>,
}

impl HasSources for AnalyzeState {
    fn sources(&mut self) -> &mut Sources {
        &mut self.sources
    }
}

pub fn graph() -> Result<Graph<AnalyzeState, Env>, BuildError> {
    GraphBuilder::new(NAME)
        .node(RETRIEVE, sources::retrieve::<AnalyzeState>)
        .node(EXTRACT, sources::extract::<AnalyzeState>)
        .node(PREPARE, prepare)
        .node(FINAL, final_analysis)
        .entry(RETRIEVE)
        .edge(RETRIEVE, EXTRACT)
        .edge(EXTRACT, PREPARE)
        .interrupt(PREPARE, PREPARE)
        .branch(PREPARE, &[FINAL, END])
        .edge(FINAL, END)
        .build()
}

async fn prepare(state: &mut AnalyzeState, cx: &mut Cx<'_, Env>) -> anyhow::Result<Next> {
    if let Some(answer) = cx.answer() {
        let text = answer.as_text().trim().to_string();
        match text.to_ascii_lowercase().as_str() {
            "/approve" => return Ok(Next::Goto(FINAL)),
            "/abort" => {
                state.aborted = true;
                cx.emit(Event::Warning {
                    message: "analysis aborted: no analysis written".into(),
                });
                return Ok(Next::End);
            }
            "" => return Ok(ask_again(state)),
            _ => state.history.push(Message::user(text)),
        }
    }
    if state.turns >= state.max_turns {
        cx.emit(Event::Warning {
            message: format!(
                "reached --max-turns {}; writing the analysis",
                state.max_turns
            ),
        });
        return Ok(Next::Goto(FINAL));
    }

    let env = cx.env;
    let docs = state.sources.load(cx.events, env.inputs.max_file_size);
    let documents = sources::excerpts(docs, env.document_budget);
    let about = sources::about(&conversation_text(state), &documents);
    let memory = env.relevant_memory(&state.sources.learned, &about);
    let prompt = if state.history.is_empty() {
        env.prompts.render(
            "analyze_initial",
            json!({ "goal": state.goal, "documents": documents, "memory": memory }),
        )?
    } else {
        env.prompts.render(
            "analyze_followup",
            json!({
                "goal": state.goal,
                "documents": documents,
                "memory": memory,
                "history": state.history,
            }),
        )?
    };
    let messages = vec![env.system_message()?, Message::user(prompt)];
    let text = env.llm.chat(messages).await?;
    let reply = absorb(state, cx, &text);
    state.history.push(Message::assistant(reply.clone()));
    state.turns += 1;
    Ok(Next::Interrupt {
        question: Question::text(reply).with_prompt(ANSWER_PROMPT),
        then: PREPARE,
    })
}

/// An empty answer: the same question again.
fn ask_again(state: &AnalyzeState) -> Next {
    let last = state
        .history
        .iter()
        .rev()
        .find(|m| m.role == Role::Assistant)
        .map(|m| m.content.clone())
        .unwrap_or_default();
    Next::Interrupt {
        question: Question::text(last).with_prompt(ANSWER_PROMPT),
        then: PREPARE,
    }
}

/// Splits a reply, merges its knowledge into what the run learned, and returns the text
/// the user reads.
fn absorb(state: &mut AnalyzeState, cx: &Cx<'_, Env>, text: &str) -> String {
    let reply = reply::parse(text);
    if let Some(warning) = reply.warning {
        cx.emit(Event::Warning { message: warning });
    }
    if let Some(knowledge) = reply.knowledge {
        knowledge.merge_into(&mut state.sources.learned);
    }
    reply.agent
}

/// The goal and the conversation so far.
fn conversation_text(state: &AnalyzeState) -> String {
    let mut text = state.goal.clone();
    for m in &state.history {
        text.push('\n');
        text.push_str(&m.content);
    }
    text
}

async fn final_analysis(state: &mut AnalyzeState, cx: &mut Cx<'_, Env>) -> anyhow::Result<Next> {
    let env = cx.env;
    let docs = state.sources.load(cx.events, env.inputs.max_file_size);
    let excerpts = sources::excerpts(docs, env.document_budget);
    let about = sources::about(&conversation_text(state), &excerpts);
    let memory = env.relevant_memory(&state.sources.learned, &about);
    let paths: Vec<&str> = state
        .sources
        .documents
        .iter()
        .map(|d| d.path.as_str())
        .collect();
    let prompt = env.prompts.render(
        "analyze_final",
        json!({
            "goal": state.goal,
            "history": state.history,
            "documents": paths,
            "memory": memory,
        }),
    )?;
    let messages = vec![env.system_message()?, Message::user(prompt)];
    let text = env.llm.chat(messages).await?;
    let analysis = absorb(state, cx, &text);
    let document = render_document(state, &analysis);
    sources::write_output(&env.output, &document)?;
    let sections = count_sections(&analysis);
    cx.emit(Event::Wrote {
        path: env.output.display().to_string(),
        what: format!(
            "{sections} sections · transcript of {} turn{}",
            state.turns,
            if state.turns == 1 { "" } else { "s" }
        ),
    });
    state.analysis = Some(analysis);
    Ok(Next::Continue)
}

fn count_sections(markdown: &str) -> usize {
    markdown.lines().filter(|l| l.starts_with("## ")).count()
}

/// The analysis file: the analysis, then the conversation that led to it.
fn render_document(state: &AnalyzeState, analysis: &str) -> String {
    let mut out = sources::generated_header("analyze");
    out.push_str("# Architecture analysis\n\n");
    out.push_str(&format!(
        "> {}\n\n",
        state.goal.trim().replace('\n', "\n> ")
    ));
    out.push_str(analysis.trim());
    out.push_str("\n\n---\n\n## Conversation transcript\n");
    for m in &state.history {
        let who = match m.role {
            Role::User => "You",
            Role::Assistant => "archie",
            Role::System => continue,
        };
        out.push_str(&format!("\n**{who}:** {}\n", m.content.trim()));
    }
    out
}
