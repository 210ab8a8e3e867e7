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
    /// Decide which pairs of entities are one thing (asks at the terminal; --yes merges
    /// them all; without a terminal, lists them)
    #[command(
        after_help = "archie merges the spellings it is sure of by itself (Pricing Service = pricing-service = PricingService). Pairs that are probably one thing (Okta / Okta API, Checkout / CheckoutService) are the human's to decide; every decision is remembered.\n\nExamples:\n  archie memory dedupe\n  archie memory dedupe --yes"
    )]
    Dedupe,
    /// Merge one entity into another: its name becomes an alias, its relationships move,
    /// nothing is dropped
    #[command(
        after_help = "Example:\n  archie memory merge Okta \"Okta API\"\n  archie memory unmerge Okta      (takes it back)"
    )]
    Merge {
        /// The entity that becomes an alias
        name: String,
        /// The entity that stays
        into: String,
    },
    /// Take back a merge: the entity and its relationships as they were before it
    #[command(after_help = "Example:\n  archie memory unmerge Okta")]
    Unmerge {
        /// The name of the entity that was merged into another
        name: String,
    },
    /// Remember that two entities are two things: archie will not suggest merging them
    #[command(
        name = "keep-apart",
        after_help = "Example:\n  archie memory keep-apart Checkout CheckoutService"
    )]
    KeepApart { a: String, b: String },
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

/// Two names of which one is not in the memory, or both are one entity already.
fn not_both(path: &std::path::Path, a: &str, b: &str) -> UsageError {
    UsageError::new(format!(
        "\"{a}\" and \"{b}\" are not two entities of {}",
        path.display()
    ))
    .hint("`archie memory show NAME` finds an entity by any of its spellings.")
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
            if !json && !path.exists() {
                app.events.emit(Event::Result {
                    text: format!(
                        "{}: no memory file yet (analyze, build-context and memory import \
                         create it)",
                        path.display()
                    ),
                });
                return Ok(Exit::Done);
            }
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
            memory.note_duplicates();
            let saved = target.save(&memory)?;
            app.events.emit(saved.event(&merged));
            exiting(memory);
            app.review_duplicates(&target).await?;
        }
        MemoryCommand::Dedupe => {
            let (file, _) = app.open_memory()?;
            if app.review_duplicates(&file).await? == 0 {
                app.events.emit(Event::Done {
                    message: format!(
                        "no pairs in {} look like one thing (pairs kept apart are not asked again)",
                        path.display()
                    ),
                });
            }
        }
        MemoryCommand::Merge { name, into } => {
            let (file, _) = app.open_memory()?;
            let (done, _, saved) = file.update(|m| {
                let merged = m.merge_entities(&name, &into);
                merged.map(|merged| *m = merged).is_some()
            })?;
            if !done {
                return Err(not_both(&path, &name, &into).into());
            }
            app.events.emit(Event::Done {
                message: format!(
                    "merged `{name}` into `{into}` in {} (`archie memory unmerge {}` takes it back)",
                    saved.path.display(),
                    crate::shell::quote(&name)
                ),
            });
        }
        MemoryCommand::Unmerge { name } => {
            let (file, _) = app.open_memory()?;
            let (done, _, _) = file.update(|m| {
                let back = m.unmerge(&name);
                back.map(|back| *m = back).is_some()
            })?;
            if !done {
                return Err(UsageError::new(format!(
                    "no merge of \"{name}\" is recorded in {}",
                    path.display()
                ))
                .hint("Only merges archie made (memory merge, memory dedupe, a run's question) can be taken back.")
                .into());
            }
            app.events.emit(Event::Done {
                message: format!(
                    "took back the merge of `{name}`; archie will not suggest it again"
                ),
            });
        }
        MemoryCommand::KeepApart { a, b } => {
            let (file, _) = app.open_memory()?;
            let (found, _, _) = file.update(|m| {
                let found = m.entity(&a).is_some() && m.entity(&b).is_some();
                if found {
                    let mut d = m.decisions();
                    d.keep_apart(&a, &b);
                    m.set_decisions(&d);
                }
                found
            })?;
            if !found {
                return Err(not_both(&path, &a, &b).into());
            }
            app.events.emit(Event::Done {
                message: format!(
                    "`{a}` and `{b}` are two things; archie will not suggest merging them"
                ),
            });
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
