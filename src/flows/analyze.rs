//! The analyze flow: a conversation about the design that ends in a written analysis.
//!
//! `retrieve → extract → prepare ⇄ (question) → final → end`. Each `prepare` turn sends
//! the goal, document excerpts, the relevant part of the knowledge graph and the
//! conversation so far; the model's reply streams to the user (its knowledge part is
//! merged into memory, never shown), and the user answers. The user ends the
//! conversation explicitly: `/approve` writes the analysis, `/abort` stops without
//! writing. `--max-turns` bounds the loop.

use super::reply::{self, Vocabulary};
use super::sources::{self, EXTRACT, HasSources, RETRIEVE, Sources, SourcesEnv};
use crate::events::Event;
use crate::flows::FlowError;
use crate::graph::interrupt::Typed;
use crate::graph::{BuildError, Cx, END, Graph, GraphBuilder, Next, Question};
use crate::llm::{Message, Purpose, Role};
use crate::tokens::estimate_tokens;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The flow's name (`archie analyze`, `archie graph analyze`).
pub const NAME: &str = "analyze";
/// One conversation turn: ask the model, show its reply, wait for the user.
pub const PREPARE: &str = "prepare";
/// Write the analysis.
pub const FINAL: &str = "final";

/// The prompts this flow renders.
pub const PROMPTS: &[&str] = &[
    "system",
    "extract",
    "analyze_initial",
    "analyze_followup",
    "analyze_final",
];
/// Its steps as the user reads them (node, words).
pub const STEPS: &[(&str, &str)] = &[
    sources::STEPS[0],
    sources::STEPS[1],
    (PREPARE, sources::ASKING),
    (FINAL, "writing the analysis"),
];

/// The goal used when the user gives no query (as the original did).
pub const DEFAULT_GOAL: &str = "Give a comprehensive overview of this system's architecture: its components, how they interact, and its main risks.";

/// The default token budget of the conversation history in an analysis prompt.
pub const DEFAULT_HISTORY_BUDGET: usize = 3_000;

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

pub fn graph() -> Result<Graph<AnalyzeState, SourcesEnv>, BuildError> {
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

/// The commands the answer prompt takes besides an answer.
pub const COMMANDS: &[(&str, &str)] = &[
    ("/approve", "write the analysis"),
    ("/abort", "stop without writing"),
];

/// The question after an agent turn.
fn question(text: String) -> Question {
    Question::text(text)
        .with_prompt(ANSWER_PROMPT)
        .with_commands(COMMANDS)
}

async fn prepare(state: &mut AnalyzeState, cx: &mut Cx<'_, SourcesEnv>) -> Result<Next, FlowError> {
    if let Some(answer) = cx.answer() {
        let text = answer.as_text().trim().to_string();
        let asked = question(String::new());
        match asked.classify(&text) {
            Typed::Empty => return Ok(ask_again(state)),
            Typed::Help | Typed::Unknown { .. } => {
                // Never sent to the model: a mistyped command is not an answer.
                let suggestion = match asked.classify(&text) {
                    Typed::Unknown { suggestion } => suggestion,
                    _ => None,
                };
                cx.emit(Event::Warning {
                    message: asked.unknown_command(&text, suggestion.as_deref()),
                });
                return Ok(ask_again(state));
            }
            Typed::Command if text.eq_ignore_ascii_case("/approve") => {
                return Ok(Next::Goto(FINAL));
            }
            Typed::Command => {
                state.aborted = true;
                cx.emit(Event::Aborted {
                    message: "analysis aborted: no analysis written".into(),
                });
                return Ok(Next::End);
            }
            Typed::Text => state.history.push(Message::user(text)),
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
    let history = condensed(&state.history, env.history_budget);
    let conversation = conversation_text(&state.goal, &history);
    state.sources.load(cx.events, env.inputs.max_file_size);
    let now = &*state;
    let text = sources::ask_model(cx, Purpose::Chat, |budgets| {
        let documents = sources::excerpts(&now.sources.documents, budgets.documents, &conversation);
        let about = sources::about(&conversation, &documents);
        let memory = env.relevant_memory_within(&now.sources, &about, budgets.memory);
        let prompt = if now.history.is_empty() {
            env.prompts.render(
                "analyze_initial",
                json!({ "goal": now.goal, "documents": documents, "memory": memory }),
            )?
        } else {
            env.prompts.render(
                "analyze_followup",
                json!({
                    "goal": now.goal,
                    "documents": documents,
                    "memory": memory,
                    "history": history,
                }),
            )?
        };
        Ok(vec![env.system_message()?, Message::user(prompt)])
    })
    .await?;
    let reply = absorb(state, cx, &text);
    state.history.push(Message::assistant(reply.clone()));
    state.turns += 1;
    Ok(Next::Interrupt {
        question: question(reply),
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
        question: question(last),
        then: PREPARE,
    }
}

/// Splits a reply, merges its knowledge into what the run learned, and returns the text
/// the user reads.
fn absorb(state: &mut AnalyzeState, cx: &Cx<'_, SourcesEnv>, text: &str) -> String {
    let reply = reply::parse(text);
    if let Some(warning) = reply.warning {
        cx.emit(Event::Warning { message: warning });
    }
    if let Some(knowledge) = reply.knowledge {
        let vocabulary = Vocabulary::of(&cx.env.memory);
        let mut said: Vec<&str> = vec![state.goal.as_str()];
        said.extend(state.history.iter().map(|m| m.content.as_str()));
        let origin =
            cx.env
                .conversation_origin(&state.sources, cx.run_id(), Some(state.turns + 1), &said);
        let capped = knowledge.merge_into(&mut state.sources.learned, &vocabulary, &origin);
        if let Some(warning) = capped.warning() {
            cx.emit(Event::Warning { message: warning });
        }
    }
    reply.agent
}

/// One turn as a prompt carries it: `user`, `assistant`, or `earlier turns (condensed)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Turn {
    pub role: String,
    pub content: String,
}

impl From<&Message> for Turn {
    fn from(m: &Message) -> Self {
        let role = match m.role {
            Role::User => "user",
            Role::Assistant => "assistant",
            Role::System => "system",
        };
        Turn {
            role: role.into(),
            content: m.content.clone(),
        }
    }
}

/// The goal and the conversation a prompt carries.
fn conversation_text(goal: &str, history: &[Turn]) -> String {
    let mut text = goal.to_string();
    for m in history {
        text.push('\n');
        text.push_str(&m.content);
    }
    text
}

/// How many of the latest turns a prompt always carries word for word (an agent turn and
/// the user's answer to it, twice).
const VERBATIM_TURNS: usize = 4;
/// How much of an older turn its condensed form keeps.
const CONDENSED_CHARS: usize = 160;

/// The conversation as a prompt carries it, within `budget_tokens`: the latest turns
/// word for word, older ones condensed to their opening (newest first, as many as fit),
/// and a note of how many earlier turns were left out. So turn 50 costs about what turn
/// 5 does; the transcript in the output file stays whole.
pub fn condensed(history: &[Message], budget_tokens: usize) -> Vec<Turn> {
    let budget = budget_tokens.max(1);
    let split = history.len().saturating_sub(VERBATIM_TURNS);
    let (older, latest) = history.split_at(split);
    let mut used: usize = latest.iter().map(|m| estimate_tokens(&m.content)).sum();
    let mut kept: Vec<String> = Vec::new();
    let mut left_out = 0;
    for m in older.iter().rev() {
        let who = if m.role == Role::User {
            "User"
        } else {
            "Archie"
        };
        let line = format!(
            "{who}: {}",
            truncate(
                &m.content.split_whitespace().collect::<Vec<_>>().join(" "),
                CONDENSED_CHARS
            )
        );
        let cost = estimate_tokens(&line);
        if left_out > 0 || used + cost > budget {
            left_out += 1;
            continue;
        }
        used += cost;
        kept.push(line);
    }
    let mut out = Vec::new();
    if !older.is_empty() {
        kept.reverse();
        let mut summary = String::new();
        if left_out > 0 {
            summary.push_str(&format!(
                "({left_out} earlier turns left out to keep within --history-budget)\n"
            ));
        }
        summary.push_str(&kept.join("\n"));
        out.push(Turn {
            role: "earlier turns (condensed)".into(),
            content: summary.trim().to_string(),
        });
    }
    out.extend(latest.iter().map(Turn::from));
    out
}

/// `text` cut to `max` characters, ending in `…` when cut.
fn truncate(text: &str, max: usize) -> String {
    crate::text::truncate(text, max)
}

async fn final_analysis(
    state: &mut AnalyzeState,
    cx: &mut Cx<'_, SourcesEnv>,
) -> Result<Next, FlowError> {
    let env = cx.env;
    let history = condensed(&state.history, env.history_budget);
    let conversation = conversation_text(&state.goal, &history);
    state.sources.load(cx.events, env.inputs.max_file_size);
    let now = &*state;
    let text = sources::ask_model(cx, Purpose::Final, |budgets| {
        let excerpts = sources::excerpts(&now.sources.documents, budgets.documents, &conversation);
        let about = sources::about(&conversation, &excerpts);
        let memory = env.relevant_memory_within(&now.sources, &about, budgets.memory);
        let paths = sources::paths(&now.sources.documents, MAX_PATHS);
        let prompt = env.prompts.render(
            "analyze_final",
            json!({
                "goal": now.goal,
                "history": history,
                "documents": paths,
                "memory": memory,
            }),
        )?;
        Ok(vec![env.system_message()?, Message::user(prompt)])
    })
    .await?;
    let analysis = absorb(state, cx, &text);
    let mut document = render_document(state, &analysis);
    let output = state.sources.output_path(&env.output);
    if let Some(link) = sources::view_link(env, &output) {
        document.push_str(link.trim_start());
    }
    sources::write_output(&output, &document)?;
    cx.emit(Event::Wrote {
        path: sources::output_name(&output),
        what: format!(
            "{} · transcript of {} turn{}",
            sources::sections(&analysis),
            state.turns,
            if state.turns == 1 { "" } else { "s" }
        ),
    });
    state.analysis = Some(analysis);
    Ok(Next::Continue)
}

/// The final prompt lists at most this many document paths.
const MAX_PATHS: usize = 100;

/// The analysis file: the analysis, then the conversation that led to it.
fn render_document(state: &AnalyzeState, analysis: &str) -> String {
    let mut out = sources::generated_header(NAME);
    out.push_str("# Architecture analysis\n\n");
    out.push_str(&format!(
        "> {}\n\n",
        state.goal.trim().replace('\n', "\n> ")
    ));
    // The model's headings go under archie's title: one `#` in the file.
    out.push_str(sources::demote_headings(analysis, 2).trim());
    out.push_str("\n\n---\n\n## Conversation transcript\n");
    for m in &state.history {
        let who = match m.role {
            Role::User => "You",
            Role::Assistant => "archie",
            Role::System => continue,
        };
        let said = sources::demote_headings(&m.content, 3);
        out.push_str(&format!("\n**{who}:** {}\n", said.trim()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_conversation_is_carried_within_its_budget() {
        let turn = |i: usize| {
            if i.is_multiple_of(2) {
                Message::assistant(format!("Question {i}: {}", "why so? ".repeat(60)))
            } else {
                Message::user(format!("Answer {i}: {}", "because. ".repeat(60)))
            }
        };
        let size = |n: usize| {
            let history: Vec<Message> = (0..n).map(turn).collect();
            let carried = condensed(&history, 600);
            carried
                .iter()
                .map(|m| estimate_tokens(&m.content))
                .sum::<usize>()
        };
        let (turn5, turn50) = (size(10), size(100));
        assert!(
            turn50 <= turn5 * 12 / 10,
            "turn 5: {turn5}, turn 50: {turn50}"
        );
        let history: Vec<Message> = (0..100).map(turn).collect();
        let carried = condensed(&history, 600);
        let latest: Vec<Turn> = history[96..].iter().map(Turn::from).collect();
        assert_eq!(
            &carried[carried.len() - 4..],
            &latest[..],
            "the latest turns word for word"
        );
        assert!(carried[0].content.contains("earlier turns left out"));
    }
}
