//! `archie mcp list` and the lines of `archie search`: servers, tools, tasks.

use crate::mcp::{Hints, ServerReport, ServerTransport};
use crate::text::{table, took, truncate};

/// `read-only`, `destructive`, … from a tool's annotations; `no hints` when it has none.
pub fn hints_label(h: &Hints) -> String {
    let mut out = Vec::new();
    match h.read_only {
        Some(true) => out.push("read-only"),
        Some(false) => out.push("writes"),
        None => {}
    }
    if h.destructive == Some(true) {
        out.push(if h.read_only == Some(true) {
            "destructive (contradictory: asks first)"
        } else {
            "destructive"
        });
    }
    if h.idempotent == Some(true) && h.read_only != Some(true) {
        out.push("idempotent");
    }
    if h.open_world == Some(true) {
        out.push("open-world");
    }
    if out.is_empty() {
        "no hints (asks first)".into()
    } else {
        out.join(", ")
    }
}

/// The text of `archie mcp list`.
pub fn render_list(servers: &[ServerReport], source: Option<&str>) -> String {
    let mut out = match source {
        Some(source) => format!("MCP servers from {source}\n"),
        None => "No MCP servers are configured (--mcp-config FILE, .mcp.json or [mcp] in archie.toml); archie's built-in tools:\n".to_string(),
    };
    for s in servers {
        let status = if s.started {
            if s.transport == ServerTransport::Builtin {
                console::style("built in".to_string()).green().to_string()
            } else {
                console::style(format!("started in {}", took(s.ms)))
                    .green()
                    .to_string()
            }
        } else {
            console::style(format!(
                "did not start: {}",
                s.error.as_deref().unwrap_or("unknown")
            ))
            .red()
            .to_string()
        };
        out.push_str(&format!(
            "\n{}  {}  {}\n  {}\n",
            console::style(&s.name).bold(),
            s.transport,
            status,
            console::style(&s.target).dim()
        ));
        for line in &s.stderr {
            out.push_str(&format!("  {} {line}\n", console::style("stderr:").dim()));
        }
        if !s.tools.is_empty() {
            let rows: Vec<Vec<String>> = s
                .tools
                .iter()
                .map(|t| {
                    vec![
                        format!(
                            "  {}{}",
                            t.offered_as,
                            if t.enabled { "" } else { " (disabled)" }
                        ),
                        hints_label(&t.annotations),
                        truncate(&t.description, 60),
                    ]
                })
                .collect();
            out.push_str(&table(&rows, &[]));
            out.push('\n');
        }
        if let Some(instructions) = &s.instructions {
            out.push_str(&format!(
                "  {} {}\n",
                console::style("instructions:").dim(),
                truncate(instructions, 100)
            ));
        }
        for p in &s.prompts {
            out.push_str(&format!(
                "  {} {}  {}\n",
                console::style("prompt:").dim(),
                p.name,
                truncate(&p.description, 60)
            ));
        }
    }
    out.trim_end().to_string()
}
