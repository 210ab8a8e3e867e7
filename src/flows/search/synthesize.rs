//! synthesize (LLM call 2): a streamed markdown answer citing the results, and the
//! sources it used (kept in the state; [`super::answer`] appends them); the raw results
//! when the model fails.

use super::session::session_context;
use super::{SearchEnv, SearchState, Source, compact, working};
use crate::events::Event;
use crate::flows::FlowError;
use crate::graph::{Cx, Next};
use crate::llm::Message;
use serde_json::{Value, json};

pub(super) async fn synthesize(
    state: &mut SearchState,
    cx: &mut Cx<'_, SearchEnv>,
) -> Result<Next, FlowError> {
    let env = cx.env;
    let results: Vec<Value> = state
        .results
        .iter()
        .enumerate()
        .map(|(i, r)| {
            json!({
                "n": i + 1,
                "tool": r.tool,
                "arguments": compact(&r.arguments),
                "status": if r.tool_error { "done, the tool reported an error" } else { r.status.as_str() },
                "text": r.text,
            })
        })
        .collect();
    let prompt = env.prompts.render(
        "search_answer",
        json!({
            "query": state.query,
            "results": results,
            "session": session_context(&state.memory),
        }),
    )?;
    let system = env.prompts.render("system", json!({}))?;
    let body = match working(
        cx,
        crate::flows::sources::ASKING,
        env.llm.chat_as(
            crate::llm::Purpose::Final,
            vec![Message::system(system), Message::user(prompt)],
        ),
    )
    .await
    {
        Ok(text) => text.trim().to_string(),
        Err(err) => {
            cx.emit(Event::Warning {
                message: format!(
                    "the model could not write the answer ({err}); showing the raw results"
                ),
            });
            raw_answer(state)
        }
    };
    state.cited = state
        .results
        .iter()
        .enumerate()
        .filter(|(_, r)| r.status == crate::events::TaskState::Done)
        .map(|(i, r)| Source {
            n: i + 1,
            tool: r.tool.clone(),
            arguments: r.arguments.clone(),
        })
        .collect();
    state.answer = Some(body);
    Ok(Next::Continue)
}

/// The answer when the model cannot write one: every result as it came back.
fn raw_answer(state: &SearchState) -> String {
    let mut out = String::from("## Results\n");
    for (i, r) in state.results.iter().enumerate() {
        out.push_str(&format!(
            "\n### [{}] {} {} ({})\n\n```\n{}\n```\n",
            i + 1,
            r.tool,
            compact(&r.arguments),
            r.status,
            r.text.trim()
        ));
    }
    if state.results.is_empty() {
        out.push_str("\nNo tool could be used for this question.\n");
    }
    out
}
