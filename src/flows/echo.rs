//! The echo flow: a routing smoke test that needs no LLM.
//!
//! `start` routes to `echo` when the input starts with "echo" (any case), otherwise the
//! run ends without output. Given nothing to echo, `echo` asks for the text, so the flow
//! also exercises interrupts end to end (terminal prompt, `--answer`, exit code 3).

use crate::events::Event;
use crate::flows::FlowError;
use crate::graph::{BuildError, Cx, END, Graph, GraphBuilder, Next, Question};
use serde::{Deserialize, Serialize};

/// The flow's name (`archie echo`, `archie graph echo`).
pub const NAME: &str = "echo";
/// Decides whether there is anything to echo.
const START: &str = "start";
/// Echoes the text (asking for it when there is none).
const ECHO: &str = "echo";

/// The prompts this flow renders (none: it needs no LLM).
pub const PROMPTS: &[&str] = &[];
/// Its steps in words: none, they are shown by their names.
pub const STEPS: &[(&str, &str)] = &[];

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct EchoState {
    /// The whole input, e.g. `echo hello world`.
    pub input: String,
    /// What the echo node answered.
    pub response: Option<String>,
}

pub fn graph() -> Result<Graph<EchoState, ()>, BuildError> {
    GraphBuilder::new(NAME)
        .node(START, start)
        .node(ECHO, echo)
        .entry(START)
        .branch(START, &[ECHO, END])
        .interrupt(ECHO, ECHO)
        .edge(ECHO, END)
        .build()
}

async fn start(state: &mut EchoState, _cx: &mut Cx<'_, ()>) -> Result<Next, FlowError> {
    let routed = state.input.trim_start().to_lowercase().starts_with("echo");
    Ok(if routed { Next::Goto(ECHO) } else { Next::End })
}

async fn echo(state: &mut EchoState, cx: &mut Cx<'_, ()>) -> Result<Next, FlowError> {
    {
        let text = match cx.answer() {
            Some(answer) => answer.as_text().trim().to_string(),
            None => state
                .input
                .trim_start()
                .get(4..)
                .unwrap_or_default()
                .trim()
                .to_string(),
        };
        if text.is_empty() {
            return Ok(Next::Interrupt {
                question: Question::text("What should archie echo?"),
                then: ECHO,
            });
        }
        let response = format!("Echo: {text}");
        cx.emit(Event::Result {
            text: response.clone(),
        });
        state.response = Some(response);
        Ok(Next::Continue)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn graph_is_valid() {
        assert!(super::graph().is_ok());
    }
}
