//! The session a search belongs to: reading its memory at the start (`init`), the
//! session events, and the session as the prompts show it.

use super::{SearchEnv, SearchState};
use crate::events::{Event, SessionStatus};
use crate::flows::FlowError;
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
) -> Result<Next, FlowError> {
    cx.emit(session_event(state, SessionStatus::Starting));
    cx.emit(session_event(state, SessionStatus::RetrievingMemory));
    if state.new_session {
        // Nothing to read yet (and nothing to warn about).
        state.memory = SessionMemory::default();
        return Ok(Next::Continue);
    }
    let uri = format!("{SESSION_URI_PREFIX}{}", state.session);
    // A new session has no memory yet: nothing to read, nothing to warn about.
    if state.new_session {
        state.memory = SessionMemory::default();
        return Ok(Next::Continue);
    }
    state.memory = match cx.env.builtin.read_resource(&uri).await {
        Ok(resource) => serde_json::from_str(&resource.text).unwrap_or_else(|e| {
            cx.emit(Event::Warning {
                message: format!("{uri} is not valid session memory ({e}); starting afresh"),
            });
            SessionMemory::default()
        }),
        // Gone meanwhile (another process removed it): it starts again, as a new one.
        Err(crate::mcp::McpError::UnknownResource { .. }) => SessionMemory::default(),
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

/// The session a search belongs to: its id, and whether it starts here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub id: String,
    pub new: bool,
}

/// The session `--session ID` names (a new one when `memory` has none of that name),
/// the latest one (`--continue`; a new one, with a warning, when there is none), or a
/// new one.
pub fn choose_session(
    memory: &crate::memory::Memory,
    named: Option<&str>,
    continue_last: bool,
    events: &crate::events::Events,
) -> Result<Session, crate::error::UsageError> {
    use crate::memory::session;
    let fresh = || Session {
        id: session::new_id(memory),
        new: true,
    };
    match (named, continue_last) {
        (Some(id), _) => {
            if !session::valid_id(id) {
                return Err(
                    crate::error::UsageError::new(format!("`{id}` cannot name a session"))
                        .hint("Use letters, digits, - and _ (at most 64)."),
                );
            }
            Ok(Session {
                id: id.to_string(),
                new: session::get(memory, id).is_none(),
            })
        }
        (None, true) => Ok(match session::latest(memory) {
            Some(id) => Session { id, new: false },
            None => {
                events.emit(Event::Warning {
                    message: "there is no session to continue; starting a new one".into(),
                });
                fresh()
            }
        }),
        (None, false) => Ok(fresh()),
    }
}
