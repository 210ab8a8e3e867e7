//! The echo flow: a routing smoke test that needs no LLM.
//!
//! `start` routes to `echo` when the input starts with "echo" (any case), otherwise the
//! run ends without output. Given nothing to echo, `echo` asks for the text, so the flow
//! also exercises interrupts end to end (terminal prompt, `--answer`, exit code 3).

use crate::graph::{BuildError, Cx, END, Graph, GraphBuilder, Next};
use crate::ui::events::Event;
use crate::ui::prompt::Question;
use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct EchoState {
    /// The whole input, e.g. `echo hello world`.
    pub input: String,
    /// What the echo node answered.
    pub response: Option<String>,
}

pub fn graph() -> Result<Graph<EchoState, ()>, BuildError> {
    GraphBuilder::new("echo")
        .node("start", start)
        .node("echo", echo)
        .entry("start")
        .branch("start", &["echo", END])
        .interrupt("echo", "echo")
        .edge("echo", END)
        .build()
}

fn start<'a>(
    state: &'a mut EchoState,
    _cx: &'a mut Cx<'_, ()>,
) -> BoxFuture<'a, anyhow::Result<Next>> {
    Box::pin(async move {
        let routed = state.input.trim_start().to_lowercase().starts_with("echo");
        Ok(if routed {
            Next::Goto("echo")
        } else {
            Next::End
        })
    })
}

fn echo<'a>(
    state: &'a mut EchoState,
    cx: &'a mut Cx<'_, ()>,
) -> BoxFuture<'a, anyhow::Result<Next>> {
    Box::pin(async move {
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
                then: "echo",
            });
        }
        let response = format!("Echo: {text}");
        cx.emit(Event::Result {
            text: response.clone(),
        });
        state.response = Some(response);
        Ok(Next::Continue)
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn graph_is_valid() {
        assert!(super::graph().is_ok());
    }
}
