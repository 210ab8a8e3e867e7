//! The session a search belongs to: reading its memory at the start (`init`), the
//! session events, and the session as the prompts show it.

use super::{SearchEnv, SearchState};
use crate::events::{Event, SessionStatus};
use crate::graph::{Cx, Next};
use crate::mcp::{SESSION_URI_PREFIX, ToolServer};
use crate::memory::session::SessionMemory;
use serde_json::{Value, json};

pub(super) fn session_event(state: &SearchState, status: SessionStatus) -> Event {
    Event::Session {
        session: state.session.clone(),
        status,
        new: state.new_session,
        tools: None,
        turns: None,
    }
}

pub(super) async fn init(
    state: &mut SearchState,
    cx: &mut Cx<'_, SearchEnv>,
) -> anyhow::Result<Next> {
    cx.emit(session_event(state, SessionStatus::Starting));
    cx.emit(session_event(state, SessionStatus::RetrievingMemory));
    let uri = format!("{SESSION_URI_PREFIX}{}", state.session);
    state.memory = match cx.env.builtin.read_resource(&uri).await {
        Ok(resource) => serde_json::from_str(&resource.text).unwrap_or_else(|e| {
            cx.emit(Event::Warning {
                message: format!("{uri} is not valid session memory ({e}); starting afresh"),
            });
            SessionMemory::default()
        }),
        Err(e) => {
            cx.emit(Event::Warning {
                message: format!("could not read {uri} ({e}); starting afresh"),
            });
            SessionMemory::default()
        }
    };
    Ok(Next::Continue)
}

/// The session as the prompts show it.
pub(super) fn session_context(memory: &SessionMemory) -> Value {
    json!({
        "summary": memory.conversation_summary,
        "turns": memory.turns.iter().map(|t| json!({"query": t.query, "answer": t.answer})).collect::<Vec<_>>(),
    })
}
