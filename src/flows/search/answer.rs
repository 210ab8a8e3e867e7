//! The answer once the graph has run: its sources (kept typed in the state, rendered
//! here), where it goes (a file, or the result on stdout), and the turn it adds to the
//! session.

use super::{SearchEnv, SearchState, compact};
use crate::events::{Event, Events};
use crate::flows::FlowError;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::path::Path;

/// A source the answer used: a tool call that was done.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Source {
    /// Its number among the results (`[n]` in the answer).
    pub n: usize,
    /// The offered name (`server__tool`).
    pub tool: String,
    pub arguments: Map<String, Value>,
}

impl Source {
    /// `tool {arguments}`: how the session and the answer name it.
    pub fn cited(&self) -> String {
        format!("{} {}", self.tool, compact(&self.arguments))
    }
}

impl SearchState {
    /// The answer's sources as markdown (`**Sources**` and a list), or `None` when it
    /// used none.
    pub fn sources_markdown(&self) -> Option<String> {
        if self.cited.is_empty() {
            return None;
        }
        let mut out = String::from("**Sources**\n");
        for source in &self.cited {
            out.push_str(&format!("\n- [{}] `{}`", source.n, source.cited()));
        }
        out.push('\n');
        Some(out)
    }

    /// The whole answer: the model's (or the raw results), then its sources.
    pub fn answer_markdown(&self) -> String {
        let mut out = self.answer.clone().unwrap_or_default();
        if let Some(sources) = self.sources_markdown() {
            out.push_str("\n\n");
            out.push_str(&sources);
        }
        out
    }
}

/// Where the answer goes.
#[derive(Debug, Clone, Copy)]
pub enum AnswerTo<'a> {
    /// Written to this file.
    File(&'a Path),
    /// The result on stdout, whole.
    Result,
    /// The answer was streamed to the terminal as it was written: the result is only
    /// its sources (archie's own).
    SourcesOnly,
}

/// After a finished run: the answer written where it goes, the turn recorded in the
/// session (a failure to save it is a warning), the usage line, and the session event.
pub fn finish(
    state: &SearchState,
    env: &SearchEnv,
    to: AnswerTo<'_>,
    events: &Events,
) -> Result<(), FlowError> {
    match to {
        AnswerTo::File(path) => {
            let mut text = crate::flows::sources::generated_header(super::NAME);
            text.push_str(&format!("# {}\n\n", state.query.trim()));
            text.push_str(&state.answer_markdown());
            crate::flows::sources::write_output(path, &text)?;
            events.emit(Event::Wrote {
                path: path.display().to_string(),
                what: format!("answer · {} sources", state.cited.len()),
            });
        }
        AnswerTo::Result => events.emit(Event::Result {
            text: state.answer_markdown(),
        }),
        AnswerTo::SourcesOnly => {
            if let Some(sources) = state.sources_markdown() {
                events.emit(Event::Result {
                    text: sources.trim().to_string(),
                });
            }
        }
    }
    let mut memory = state.memory.clone();
    let cited = state.cited.iter().map(Source::cited).collect();
    let body = state.answer.as_deref().unwrap_or_default();
    memory.record(&state.query, body, cited, now_ms());
    let turns = memory.turns.len() as u64;
    if let Err(err) = env.builtin.write_session(&state.session, &memory) {
        events.emit(Event::Warning {
            message: format!("the session could not be saved: {err}"),
        });
    }
    env.llm.emit_usage();
    events.emit(Event::Session {
        session: state.session.clone(),
        status: crate::events::SessionStatus::Saved,
        new: state.new_session,
        tools: None,
        turns: Some(turns),
    });
    Ok(())
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn source(n: usize, tool: &str, arguments: Value) -> Source {
        let Value::Object(arguments) = arguments else {
            panic!("not an object");
        };
        Source {
            n,
            tool: tool.into(),
            arguments,
        }
    }

    #[test]
    fn the_sources_follow_the_answer_numbered_as_the_results() {
        let state = SearchState {
            answer: Some("Orders writes it [2].".into()),
            cited: vec![
                source(2, "archie__search_nodes", json!({"query": "orders"})),
                source(3, "fs__read", json!({})),
            ],
            ..SearchState::default()
        };
        assert_eq!(
            state.answer_markdown(),
            "Orders writes it [2].\n\n**Sources**\n\n- [2] `archie__search_nodes {\"query\":\"orders\"}`\n- [3] `fs__read {}`\n"
        );
        let without = SearchState {
            answer: Some("No tool helped.".into()),
            ..SearchState::default()
        };
        assert_eq!(without.answer_markdown(), "No tool helped.");
        assert_eq!(without.sources_markdown(), None);
    }
}
