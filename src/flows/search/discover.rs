//! discover: start the configured servers and choose the tools offered to the model
//! (archie's built-in ones and the servers', shared fairly up to `MAX_OFFERED`).

use super::session::session_event;
use super::{
    DESCRIPTION_CHARS, INSTRUCTION_CHARS, MAX_OFFERED, Offered, SearchEnv, SearchState,
    ServerInstructions, working,
};
use crate::events::{Event, ServerTools, SessionStatus};
use crate::flows::FlowError;
use crate::graph::{Cx, Next};
use crate::mcp::{BUILTIN_SERVER, names};
use std::time::Instant;

pub(super) async fn discover(
    state: &mut SearchState,
    cx: &mut Cx<'_, SearchEnv>,
) -> Result<Next, FlowError> {
    let env = cx.env;
    let started = Instant::now();
    let builtin_tools = env.builtin.tools();
    let builtin_ms = started.elapsed().as_millis() as u64;
    let servers = working(cx, "starting the tool servers", env.servers(cx.events)).await;

    let mut report = vec![ServerTools {
        server: BUILTIN_SERVER.into(),
        tools: builtin_tools.len() as u64,
        builtin: true,
        ms: builtin_ms,
        error: None,
        stderr: Vec::new(),
    }];
    // Per server, in configuration order: its tools as the filters allow them.
    let mut per_server: Vec<(String, Vec<crate::mcp::ToolInfo>)> =
        vec![(BUILTIN_SERVER.to_string(), builtin_tools)];
    for spec in &env.specs {
        if let Some(c) = servers
            .connected
            .iter()
            .find(|c| c.spec().name == spec.name)
        {
            let tools: Vec<_> = c
                .tools()
                .iter()
                .cloned()
                .chain(c.resource_tools())
                .filter(|t| spec.allows(&t.name))
                .collect();
            if c.stray_stdout() > 0 {
                cx.emit(Event::Warning {
                    message: format!(
                        "{}: printed {} line(s) on stdout that are not JSON-RPC (ignored)",
                        spec.name,
                        c.stray_stdout()
                    ),
                });
            }
            report.push(ServerTools {
                server: spec.name.clone(),
                tools: tools.len() as u64,
                builtin: false,
                ms: c.startup_ms,
                error: None,
                stderr: Vec::new(),
            });
            per_server.push((spec.name.clone(), tools));
        } else if let Some(f) = servers.failed.iter().find(|f| f.server == spec.name) {
            report.push(unusable(f));
        }
    }

    // Servers the configuration left out.
    for f in servers
        .failed
        .iter()
        .filter(|f| !env.specs.iter().any(|s| s.name == f.server))
    {
        report.push(unusable(f));
    }

    // Shared fairly: one tool of each server in turn, until the cap.
    let total: usize = per_server.iter().map(|(_, t)| t.len()).sum();
    let mut picked: Vec<(String, crate::mcp::ToolInfo)> = Vec::new();
    let mut round = 0;
    while picked.len() < MAX_OFFERED.min(total) {
        for (server, tools) in &per_server {
            if let Some(t) = tools.get(round)
                && picked.len() < MAX_OFFERED
            {
                picked.push((server.clone(), t.clone()));
            }
        }
        round += 1;
    }
    // Back in server order, so the list reads naturally.
    picked.sort_by_key(|(server, _)| per_server.iter().position(|(s, _)| s == server));
    if total > picked.len() {
        cx.emit(Event::Warning {
            message: format!(
                "offering the model {} of {total} tools (at most {MAX_OFFERED}); \
                 narrow a server with enabled_tools/disabled_tools",
                picked.len()
            ),
        });
    }
    let pairs: Vec<(&str, &str)> = picked
        .iter()
        .map(|(s, t)| (s.as_str(), t.name.as_str()))
        .collect();
    let offered_names = names::offered_names(&pairs);
    // What the servers on offer say about using their tools, for the planner.
    state.instructions = servers
        .connected
        .iter()
        .filter(|c| picked.iter().any(|(s, _)| *s == c.spec().name))
        .filter_map(|c| {
            let full = crate::secrets::redact_text(c.instructions()?);
            let mut text: String = full.chars().take(INSTRUCTION_CHARS).collect();
            if text.len() < full.len() {
                text.push('…');
            }
            Some(ServerInstructions {
                server: c.spec().name.clone(),
                text,
            })
        })
        .collect();
    state.offered = picked
        .into_iter()
        .zip(offered_names)
        .map(|((server, t), name)| Offered {
            name,
            server,
            description: crate::secrets::redact_text(
                &t.description.or(t.title).unwrap_or_default(),
            )
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .chars()
            .take(DESCRIPTION_CHARS)
            .collect(),
            tool: t.name,
            input_schema: t.input_schema,
            hints: t.annotations,
        })
        .collect();
    cx.emit(Event::ToolsDiscovered {
        servers: report,
        offered: state.offered.len() as u64,
    });
    cx.emit(Event::Session {
        session: state.session.clone(),
        status: SessionStatus::DiscoveringTools,
        new: state.new_session,
        tools: Some(state.offered.len() as u64),
        turns: None,
    });
    cx.emit(session_event(state, SessionStatus::Completed));
    Ok(Next::Continue)
}

/// The report line of a server that could not be used.
fn unusable(f: &crate::mcp::ConnectFailure) -> ServerTools {
    ServerTools {
        server: f.server.clone(),
        tools: 0,
        builtin: false,
        ms: 0,
        error: Some(f.reason.clone()),
        stderr: f.stderr.clone(),
    }
}
