//! `archie memory stats|show|import|export`: look at and move the knowledge graph.

use crate::app::App;
use crate::error::UsageError;
use crate::memory::{Memory, MemoryFile, MermaidOptions, Stats};
use crate::ui::events::Event;
use clap::{Args, Subcommand, ValueEnum};
use std::fmt::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct MemoryArgs {
    #[command(subcommand)]
    pub command: MemoryCommand,
}

#[derive(Debug, Subcommand)]
pub enum MemoryCommand {
    /// Count entities and relationships by type; list the most connected entities
    #[command(after_help = "Example:\n  archie memory stats --memory-file docs/context.json")]
    Stats,
    /// Show one entity with its relationships, in and out
    #[command(after_help = "Example:\n  archie memory show \"Order Service\"")]
    Show {
        /// The entity's name (case and spacing do not matter)
        name: String,
    },
    /// Merge another memory file into this one (same rules as extraction), then save
    #[command(after_help = "Example:\n  archie memory import ../billing/context.json")]
    Import {
        /// A memory file in archie's or the original Archie's shape
        file: PathBuf,
    },
    /// Print the memory as JSON or as a Mermaid diagram on stdout
    #[command(
        after_help = "Examples:\n  archie memory export > backup.json\n  archie memory export --format mermaid --focus payments > payments.mmd"
    )]
    Export {
        /// Output format
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
        /// Mermaid: draw only these entities and their neighbours (repeatable)
        #[arg(long, value_name = "NAME")]
        focus: Vec<String>,
        /// Mermaid: at most this many entities (the best connected are kept)
        #[arg(long, value_name = "N", default_value_t = 60)]
        max_nodes: usize,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Json,
    Mermaid,
}

pub async fn run(app: &App, args: MemoryArgs) -> anyhow::Result<u8> {
    let path = app.global.memory_file.clone();
    match args.command {
        MemoryCommand::Stats => {
            let (_, memory) = MemoryFile::open(&path)?;
            let stats = memory.stats();
            app.events.emit(if app.global.json {
                Event::Data {
                    value: serde_json::to_value(&stats)?,
                }
            } else {
                Event::Result {
                    text: render_stats(&path, &stats),
                }
            });
        }
        MemoryCommand::Show { name } => {
            let (_, memory) = MemoryFile::open(&path)?;
            app.events.emit(show(app, &memory, &name, &path)?);
        }
        MemoryCommand::Import { file } => {
            let (target, mut memory) = MemoryFile::open(&path)?;
            let Some(other) = MemoryFile::read(&file)? else {
                return Err(
                    UsageError::new(format!("{} does not exist", file.display()))
                        .hint("Give the path of a memory file (a context.json) to import.")
                        .into(),
                );
            };
            let merged = memory.merge(other);
            let saved = target.save(&memory)?;
            let mut message = format!("memory {}: {merged}", path.display());
            if saved.merged_with_disk {
                let _ = write!(
                    message,
                    " (merged with changes another archie saved meanwhile)"
                );
            }
            if !saved.written {
                message.push_str(" — nothing new, file unchanged");
            }
            app.events.emit(Event::Done { message });
        }
        MemoryCommand::Export {
            format,
            focus,
            max_nodes,
        } => {
            let (_, memory) = MemoryFile::open(&path)?;
            let text = match format {
                // Under --json, the memory itself rather than its text in a string.
                Format::Json if app.global.json => {
                    let value = serde_json::from_str(&memory.to_json())?;
                    app.events.emit(Event::Data { value });
                    return Ok(0);
                }
                Format::Json => memory.to_json().trim_end().to_string(),
                Format::Mermaid => {
                    let opts = MermaidOptions::default()
                        .focus(focus)
                        .max_nodes(max_nodes.max(1));
                    memory.to_mermaid(&opts).trim_end().to_string()
                }
            };
            app.events.emit(Event::Result { text });
        }
    }
    Ok(0)
}

fn render_stats(path: &std::path::Path, stats: &Stats) -> String {
    let mut out = format!(
        "{}: {} entities, {} relationships",
        path.display(),
        stats.entities,
        stats.relationships
    );
    if !stats.entity_types.is_empty() {
        out.push_str("\n\nentities by type:");
        for c in &stats.entity_types {
            let _ = write!(out, "\n  {:>6}  {}", c.count, c.name);
        }
    }
    if !stats.relationship_types.is_empty() {
        out.push_str("\n\nrelationships by type:");
        for c in &stats.relationship_types {
            let _ = write!(out, "\n  {:>6}  {}", c.count, c.name);
        }
    }
    if !stats.most_connected.is_empty() {
        out.push_str("\n\nmost connected:");
        for c in &stats.most_connected {
            let _ = write!(out, "\n  {:>6}  {}", c.count, c.name);
        }
    }
    out
}

/// The entity and its relationships: text for people, data under `--json`.
fn show(app: &App, memory: &Memory, name: &str, path: &std::path::Path) -> anyhow::Result<Event> {
    let Some(entity) = memory.entity(name) else {
        let close = memory.suggest(name, 5);
        let hint = if close.is_empty() {
            format!(
                "`archie memory stats --memory-file {}` lists the most connected entities.",
                path.display()
            )
        } else {
            format!("Did you mean: {}?", close.join(", "))
        };
        return Err(
            UsageError::new(format!("no entity named \"{name}\" in {}", path.display()))
                .hint(hint)
                .into(),
        );
    };
    let outgoing = memory.outgoing(name);
    let incoming = memory.incoming(name);
    if app.global.json {
        let value = serde_json::json!({
            "entity": entity,
            "outgoing": outgoing,
            "incoming": incoming,
        });
        return Ok(Event::Data { value });
    }
    let mut out = format!("{} ({})", entity.name, entity.kind);
    if !entity.description.is_empty() {
        let _ = write!(out, "\n  {}", entity.description);
    }
    if !entity.tags.is_empty() {
        let _ = write!(out, "\n  tags: {}", entity.tags.join(", "));
    }
    for (k, v) in &entity.properties {
        let v = match v {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        let _ = write!(out, "\n  {k}: {v}");
    }
    if !outgoing.is_empty() {
        let _ = write!(out, "\n\nout ({}):", outgoing.len());
        for r in &outgoing {
            let _ = write!(out, "\n  --{}--> {}", r.kind, r.to);
        }
    }
    if !incoming.is_empty() {
        let _ = write!(out, "\n\nin ({}):", incoming.len());
        for r in &incoming {
            let _ = write!(out, "\n  {} --{}-->", r.from, r.kind);
        }
    }
    if outgoing.is_empty() && incoming.is_empty() {
        out.push_str("\n\nno relationships");
    }
    Ok(Event::Result { text: out })
}
