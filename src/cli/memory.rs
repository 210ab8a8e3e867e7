//! `archie memory stats|show|import|export`: look at and move the knowledge graph.

use super::error::CommandError;
use crate::app::App;
use crate::error::{Exit, UsageError};
use crate::events::Event;
use crate::memory::{MemoryFile, MermaidOptions};
use clap::{Args, Subcommand, ValueEnum};
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

/// The process ends right after a read-only memory command: freeing a large memory entry
/// by entry (some 40 ms at 100k entities) is work the operating system does at once.
fn exiting(memory: crate::memory::Memory) {
    std::mem::forget(memory);
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Json,
    Mermaid,
}

pub async fn run(app: &App, args: MemoryArgs) -> Result<Exit, CommandError> {
    let path = app.settings.memory_file.clone();
    let json = app.settings.json;
    match args.command {
        MemoryCommand::Stats => {
            let (_, memory) = app.open_memory()?;
            let stats = memory.stats();
            app.events.emit(if json {
                Event::Data {
                    value: serde_json::to_value(&stats)?,
                }
            } else {
                Event::Result {
                    text: crate::ui::memory::render_stats(&path, &stats),
                }
            });
            exiting(memory);
        }
        MemoryCommand::Show { name } => {
            let (_, memory) = app.open_memory()?;
            let Some(entity) = memory.entity(&name) else {
                let close = memory.suggest(&name, 5);
                let hint = if close.is_empty() {
                    format!(
                        "`archie memory stats --memory-file {}` lists the most connected entities.",
                        crate::shell::quote(&path.display().to_string())
                    )
                } else {
                    format!("Did you mean: {}?", close.join(", "))
                };
                return Err(UsageError::new(format!(
                    "no entity named \"{name}\" in {}",
                    path.display()
                ))
                .hint(hint)
                .into());
            };
            let outgoing = memory.outgoing(&name);
            let incoming = memory.incoming(&name);
            app.events.emit(if json {
                Event::Data {
                    value: serde_json::json!({
                        "entity": entity,
                        "outgoing": outgoing,
                        "incoming": incoming,
                    }),
                }
            } else {
                Event::Result {
                    text: crate::ui::memory::render_entity(entity, &outgoing, &incoming),
                }
            });
            exiting(memory);
        }
        MemoryCommand::Import { file } => {
            let (target, mut memory) = app.open_memory()?;
            let Some((other, problems)) = MemoryFile::read(&file)? else {
                return Err(
                    UsageError::new(format!("{} does not exist", file.display()))
                        .hint("Give the path of a memory file (a context.json) to import.")
                        .into(),
                );
            };
            app.memory_problems(&file, problems);
            let merged = memory.merge(other);
            let saved = target.save(&memory)?;
            app.events.emit(saved.event(&merged));
            exiting(memory);
        }
        MemoryCommand::Export {
            format,
            focus,
            max_nodes,
        } => {
            let (_, memory) = app.open_memory()?;
            let text = match format {
                // Under --json, the memory itself rather than its text in a string.
                Format::Json if json => {
                    let value = serde_json::from_str(&memory.to_json())?;
                    app.events.emit(Event::Data { value });
                    return Ok(Exit::Done);
                }
                Format::Json => memory.to_json().trim_end().to_string(),
                Format::Mermaid => {
                    let opts = MermaidOptions::default()
                        .focus(focus)
                        .max_nodes(max_nodes.max(1));
                    memory.to_mermaid(&opts).trim_end().to_string()
                }
            };
            exiting(memory);
            app.events.emit(Event::Result { text });
        }
    }
    Ok(Exit::Done)
}
