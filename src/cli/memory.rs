//! `archie memory stats|show|import|export`: look at and move the knowledge graph.

use super::error::CommandError;
use crate::app::App;
use crate::error::{Exit, UsageError};
use crate::events::Event;
use crate::memory::{MemoryFile, MermaidOptions};
use clap::{Args, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Whether the model judges the pairs the names cannot decide.
#[derive(Debug, Clone, Args)]
pub struct JudgeArgs {
    /// Do not ask the model to judge the pairs whose names alone do not decide, nor to
    /// place relationship words and entity types the vocabulary cannot (also `judge =
    /// false` under `[identity]` in archie.toml)
    #[arg(long)]
    pub no_judge: bool,
}

/// What the judge of a memory command needs: an LLM client and the prompts.
type JudgeParts = (std::sync::Arc<dyn crate::llm::Llm>, crate::prompts::Prompts);

/// The model as judge for a memory command: `None` when it is off, or when no LLM is
/// configured (then said once: the pairs are left to the person).
fn memory_judge(app: &App, args: &JudgeArgs) -> Result<Option<JudgeParts>, CommandError> {
    if !crate::app::dedupe::judge_on(args.no_judge, &app.settings.memory_file)? {
        return Ok(None);
    }
    let folder = app
        .settings
        .memory_file
        .parent()
        .unwrap_or(std::path::Path::new(""));
    let lookup = |name: &str| std::env::var(name).ok();
    let config = match crate::llm::LlmConfig::resolve(&app.settings.llm, folder, &lookup) {
        Ok(config) => config,
        Err(err) => {
            app.events.emit(Event::Detail {
                message: format!("no model to judge pairs of names ({err}); they are left to you"),
            });
            return Ok(None);
        }
    };
    let prompts = app.prompts()?;
    let store = app.store()?;
    let cache = config
        .cache
        .then(|| std::sync::Arc::clone(&store) as std::sync::Arc<dyn crate::llm::ResponseCache>);
    let llm = crate::llm::connect_noting(config, app.events.clone(), cache, Some(store))?;
    app.track_usage(llm.usage().clone());
    Ok(Some((llm, prompts)))
}

/// Decides the pairs in `file` with the judge of `args`, then says what the model used.
async fn review(app: &App, file: &MemoryFile, args: &JudgeArgs) -> Result<usize, CommandError> {
    let judge = memory_judge(app, args)?;
    let found = app
        .review_duplicates(
            file,
            judge
                .as_ref()
                .map(|(llm, prompts)| crate::app::dedupe::Judge {
                    llm: &**llm,
                    prompts,
                }),
        )
        .await?;
    app.emit_usage();
    Ok(found)
}

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
    #[command(
        after_help = "Each fact says where it came from: a document's section, a run's conversation, an import, an MCP client or a person. Facts the documents no longer state are not shown; --history lists them, with when and why they went.\n\nExamples:\n  archie memory show \"Order Service\"\n  archie memory show PaymentService --history"
    )]
    Show {
        /// The entity's name (case and spacing do not matter)
        name: String,
        /// Also list what the documents no longer state about it
        #[arg(long)]
        history: bool,
    },
    /// What changed between two memory files: entities and relationships added,
    /// retracted and changed, as markdown for a pull request (or JSON with --json)
    #[command(
        after_help = "OLD and NEW are memory files; NEW defaults to --memory-file; `-` reads one from stdin.\n\nExamples:\n  git show main:context.json | archie memory diff - context.json\n  archie memory diff before.json after.json --json"
    )]
    Diff {
        /// The older memory file (`-`: stdin)
        old: PathBuf,
        /// The newer memory file [default: --memory-file]
        new: Option<PathBuf>,
    },
    /// Merge another memory file or a Backstage catalog into this one (same rules as
    /// extraction), then save
    #[command(
        after_help = "A .yaml/.yml file or a folder is read as a Backstage catalog: Components, APIs, Resources, Systems, Domains, Groups and Users become entities; spec.owner, system, domain, dependsOn, dependencyOf, providesApis, consumesApis, subcomponentOf, parent, children, memberOf and members become relationships; what archie does not model (namespace, links, annotations, lifecycle, spec.type, definitions …) is kept and written back by `memory export --format backstage`. The catalog's names land on the entities your documents mention (and become their aliases).\n\nExamples:\n  archie memory import ../billing/context.json\n  archie memory import catalog-info.yaml\n  archie memory import ../platform-catalog/"
    )]
    Import {
        /// A memory file (archie's or the original Archie's shape), or a Backstage
        /// catalog: a YAML file or a folder of them
        file: PathBuf,
        #[command(flatten)]
        judge: JudgeArgs,
    },
    /// Decide which pairs of entities are one thing: the model judges what the names
    /// cannot decide, you decide what it is unsure of (asked at the terminal; without
    /// one, and under --yes, they are listed)
    #[command(
        after_help = "archie merges the spellings it is sure of by itself (Pricing Service = pricing-svc = PricingService; Pricing, a service, = Pricing Service). Pairs whose names alone do not decide (Okta / Okta API, a bare name whose type is not known, an acronym, a name one word longer, a one-letter typo) go to the model as judge, in batches of 30 per call, when an LLM is configured: `same` merges (undone by `archie memory unmerge`), `different` keeps them apart, `unsure` is left to you. --yes merges only what the names or the model decided, never a pair on its looks. Every decision is remembered.\n\nExamples:\n  archie memory dedupe\n  archie memory dedupe --yes\n  archie memory dedupe --no-judge"
    )]
    Dedupe {
        #[command(flatten)]
        judge: JudgeArgs,
    },
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
    /// Write the graph as one HTML page to look at: search, filter, click, zoom
    #[command(
        after_help = "The page is self-contained (nothing is fetched; it works offline and can be mailed or committed). Search finds an entity by any name or alias; the type boxes filter; a click shows an entity's description, observations and neighbours; the system list shows one system's part of the graph. Drag to pan, scroll to zoom.\n\nExamples:\n  archie memory view                 # writes context.html beside context.json\n  archie memory view --open\n  archie memory view -o docs/system.html"
    )]
    View {
        /// Where to write the page [default: the memory file with .html]
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Open it in the browser once written
        #[arg(long)]
        open: bool,
    },
    /// Print the memory on stdout: JSON, or a diagram or catalog for another tool
    #[command(
        after_help = "Formats:\n  json         archie's own memory file (the default)\n  mermaid      a flowchart for a README (best under ~60 entities)\n  dot          Graphviz: dot -Tsvg graph.dot > graph.svg\n  graphml      Gephi, yEd\n  structurizr  a Structurizr DSL workspace: system context and container views\n  c4-mermaid   Mermaid's C4 container diagram\n  backstage    catalog-info.yaml entities for a Backstage catalog\n\nExamples:\n  archie memory export > backup.json\n  archie memory export --format mermaid --focus payments > payments.mmd\n  archie memory export --format dot | dot -Tsvg > system.svg\n  archie memory export --format structurizr --system Shop > workspace.dsl\n  archie memory export --format backstage > catalog-info.yaml"
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
        /// Structurizr and C4: the name of the system the containers belong to
        /// [default: the memory's one entity of type system, else the name of the folder
        /// the memory file is in]
        #[arg(long, value_name = "NAME")]
        system: Option<String>,
    },
}

/// A Backstage catalog rather than a memory file: a YAML file or a folder.
fn is_catalog(path: &std::path::Path) -> bool {
    path.is_dir()
        || path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"))
}

/// The YAML files of a catalog (the file, or every `*.yaml`/`*.yml` under the folder,
/// outside hidden folders and `node_modules`), each read with a bound.
fn catalog_texts(path: &std::path::Path) -> Result<(Vec<(String, String)>, usize), CommandError> {
    const LIMIT: u64 = 16 * 1024 * 1024;
    let files: Vec<PathBuf> = if path.is_dir() {
        walkdir::WalkDir::new(path)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| {
                let name = e.file_name().to_string_lossy();
                e.depth() == 0 || !(name.starts_with('.') || name == "node_modules")
            })
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file() && is_catalog(e.path()))
            .map(|e| e.into_path())
            .collect()
    } else {
        vec![path.to_path_buf()]
    };
    let mut texts = Vec::new();
    for file in &files {
        let bytes = crate::files::read_regular(file, LIMIT)
            .map_err(|e| UsageError::new(format!("cannot read {}: {e}", file.display())))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| UsageError::new(format!("{} is not UTF-8 text", file.display())))?;
        texts.push((file.display().to_string(), text));
    }
    Ok((texts, files.len()))
}

/// Writes the view page of `memory` to `output` and says so. A page there that archie
/// did not write is replaced only when the user named the file (`explicit`).
fn write_view(
    app: &App,
    memory: &crate::memory::Memory,
    output: &std::path::Path,
    explicit: bool,
) -> Result<(), CommandError> {
    let ours = explicit
        || std::fs::read(output).map_or(true, |old| {
            old.windows(GENERATOR.len())
                .any(|w| w == GENERATOR.as_bytes())
        });
    if !ours {
        return Err(UsageError::new(format!(
            "{} exists and is not a page archie wrote",
            output.display()
        ))
        .hint("Name another file with -o FILE, or remove it.")
        .into());
    }
    let memory_file = &app.settings.memory_file;
    let title = format!("{} · archie", system_name(memory_file));
    let page = memory.to_html(&title);
    crate::files::write_atomic(output, page.as_bytes())
        .map_err(|e| UsageError::new(format!("cannot write {}: {e}", output.display())))?;
    app.events.emit(Event::Wrote {
        path: output.display().to_string(),
        what: format!(
            "view of {} entities, {} relationships",
            memory.entities().len(),
            memory.relationships().len()
        ),
    });
    Ok(())
}

/// `--view` of a finished run: the page of the memory as saved. The run's work is done,
/// so a page that cannot be written is a warning, not a failure.
pub(super) fn write_view_after_run(app: &App, page: &std::path::Path) {
    let written = app
        .open_memory()
        .map_err(CommandError::from)
        .and_then(|(_, memory)| write_view(app, &memory, page, false));
    if let Err(err) = written {
        app.events.emit(Event::Warning {
            message: format!("the view was not written: {:#}", err.error),
        });
    }
}

/// What marks a page `archie memory view` wrote.
const GENERATOR: &str = "<meta name=\"generator\" content=\"archie memory view\">";

/// Opens `page` with the desktop's opener; says so when there is none.
fn open_in_browser(app: &App, page: &std::path::Path) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    let started = std::process::Command::new(opener)
        .arg(page)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = started {
        app.events.emit(Event::Warning {
            message: format!(
                "could not open it ({opener}: {e}); open {} in a browser",
                page.display()
            ),
        });
    }
}

/// The system a memory describes, when not named: the folder its memory file is in
/// (`payments/context.json` → `payments`).
fn system_name(memory_file: &std::path::Path) -> String {
    std::path::absolute(memory_file)
        .ok()
        .and_then(|p| Some(p.parent()?.file_name()?.to_string_lossy().into_owned()))
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "System".to_string())
}

/// The process ends right after a read-only memory command: freeing a large memory entry
/// by entry (some 40 ms at 100k entities) is work the operating system does at once.
fn exiting(memory: crate::memory::Memory) {
    std::mem::forget(memory);
}

/// A memory file for `memory diff` (`-`: stdin). A missing file is an error here: a
/// diff against nothing is a mistake more often than a wish.
fn read_for_diff(app: &App, file: &std::path::Path) -> Result<crate::memory::Memory, CommandError> {
    if super::stdin::is_dash(file) {
        let mut bytes = Vec::new();
        use std::io::Read;
        std::io::stdin()
            .take(crate::memory::DEFAULT_MAX_SIZE + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| UsageError::new(format!("cannot read the memory from stdin: {e}")))?;
        if bytes.len() as u64 > crate::memory::DEFAULT_MAX_SIZE {
            return Err(UsageError::new("the memory on stdin is larger than archie reads").into());
        }
        return crate::memory::Memory::from_json(&bytes).map_err(|e| {
            UsageError::new(format!("the memory on stdin is not a memory file: {e}")).into()
        });
    }
    let Some((memory, problems)) = MemoryFile::read(file)? else {
        return Err(UsageError::new(format!("{} does not exist", file.display()))
            .hint("Give two memory files; `git show REF:context.json > old.json` makes one from history.")
            .into());
    };
    app.memory_problems(file, problems);
    Ok(memory)
}

/// Why `a` and `b` cannot be merged, said precisely: they are one entity already, or
/// one of them is not in the memory (with the names it might have meant).
fn not_two(
    path: &std::path::Path,
    memory: &crate::memory::Memory,
    a: &str,
    b: &str,
) -> Option<UsageError> {
    let (ea, eb) = (memory.entity(a), memory.entity(b));
    if let (Some(ea), Some(eb)) = (ea, eb) {
        return (ea.name == eb.name).then(|| {
            UsageError::new(format!(
                "\"{a}\" and \"{b}\" are already one entity, `{}`, in {}",
                ea.name,
                path.display()
            ))
            .hint("Nothing to merge. `archie memory show NAME` shows it with all its spellings.")
        });
    }
    let missing = if ea.is_none() { a } else { b };
    let close = memory.suggest(missing, 5);
    let hint = if close.is_empty() {
        "`archie memory show NAME` finds an entity by any of its spellings.".to_string()
    } else {
        format!("Did you mean: {}?", close.join(", "))
    };
    Some(
        UsageError::new(format!(
            "no entity named \"{missing}\" in {}",
            path.display()
        ))
        .hint(hint),
    )
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
    Dot,
    Graphml,
    Structurizr,
    #[value(name = "c4-mermaid")]
    C4Mermaid,
    Backstage,
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
        MemoryCommand::Diff { old, new } => {
            let new = new.unwrap_or_else(|| path.clone());
            let (old_memory, new_memory) = (read_for_diff(app, &old)?, read_for_diff(app, &new)?);
            let diff = new_memory.diff_from(&old_memory);
            app.events.emit(if json {
                Event::Data {
                    value: serde_json::to_value(&diff)?,
                }
            } else {
                Event::Result {
                    text: diff.markdown().trim_end().to_string(),
                }
            });
        }
        MemoryCommand::Show { name, history } => {
            let (_, memory) = app.open_memory()?;
            let retracted = memory.history();
            let Some(entity) = memory.entity(&name) else {
                if history
                    && retracted
                        .entities
                        .iter()
                        .any(|r| crate::memory::key(&r.entity.name) == crate::memory::key(&name))
                {
                    app.events.emit(Event::Result {
                        text: format!(
                            "{name}: no longer in the graph{}",
                            crate::ui::memory::render_history(&memory, &name, &retracted)
                        ),
                    });
                    return Ok(Exit::Done);
                }
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
            let k = crate::memory::key(&entity.name);
            let gone = serde_json::json!({
                "entities": retracted.entities.iter().filter(|r| crate::memory::key(&r.entity.name) == k).collect::<Vec<_>>(),
                "relationships": retracted.relationships.iter().filter(|r| crate::memory::key(&r.relationship.from) == k || crate::memory::key(&r.relationship.to) == k).collect::<Vec<_>>(),
            });
            app.events.emit(if json {
                let mut value = serde_json::json!({
                    "entity": entity,
                    "outgoing": outgoing,
                    "incoming": incoming,
                });
                if history {
                    value["retracted"] = gone;
                }
                Event::Data { value }
            } else {
                let mut text =
                    crate::ui::memory::render_entity(&memory, entity, &outgoing, &incoming);
                if history {
                    text.push_str(&crate::ui::memory::render_history(
                        &memory,
                        &entity.name,
                        &retracted,
                    ));
                }
                Event::Result { text }
            });
            exiting(memory);
        }
        MemoryCommand::Import { file, judge } if is_catalog(&file) => {
            let (texts, files) = catalog_texts(&file)?;
            let catalog = crate::memory::read_backstage(&texts).map_err(|e| {
                UsageError::new(format!("cannot read the Backstage catalog: {e}"))
                    .hint("Each file must be YAML: one or more documents separated by `---`.")
            })?;
            if catalog.entities == 0 {
                return Err(UsageError::new(format!(
                    "{} holds no Backstage entities (Component, API, Resource, System, Domain, Group, User) in {files} YAML file(s)",
                    file.display()
                ))
                .into());
            }
            let mut what = format!(
                "read {} catalog entities from {files} file(s)",
                catalog.entities
            );
            if !catalog.skipped.is_empty() {
                what.push_str(&format!(
                    "; not entities archie keeps: {}",
                    catalog.skipped.join(", ")
                ));
            }
            app.events.emit(Event::Done { message: what });
            let (target, mut memory) = app.open_memory()?;
            // Each entity and relationship is sourced to the catalog file that states it.
            let catalog = catalog;
            let before = app.settings.json.then(|| memory.clone());
            let merged = memory.merge(catalog.memory);
            memory.note_duplicates();
            let saved = target.save(&memory)?;
            app.events.emit(Event::memory_saved(&saved, &merged));
            if let Some(before) = &before {
                app.report_diff(before, &memory);
            }
            exiting(memory);
            review(app, &target, &judge).await?;
        }
        MemoryCommand::Import { file, judge } => {
            let (target, mut memory) = app.open_memory()?;
            let Some((other, problems)) = MemoryFile::read(&file)? else {
                return Err(
                    UsageError::new(format!("{} does not exist", file.display()))
                        .hint("Give the path of a memory file (a context.json) to import.")
                        .into(),
                );
            };
            app.memory_problems(&file, problems);
            let mut other = other;
            other.add_source(&crate::memory::source::import(&file.display().to_string()));
            let before = app.settings.json.then(|| memory.clone());
            let merged = memory.merge(other);
            memory.note_duplicates();
            let saved = target.save(&memory)?;
            app.events.emit(Event::memory_saved(&saved, &merged));
            if let Some(before) = &before {
                app.report_diff(before, &memory);
            }
            exiting(memory);
            review(app, &target, &judge).await?;
        }
        MemoryCommand::Dedupe { judge } => {
            let (file, _) = app.open_memory()?;
            if review(app, &file, &judge).await? == 0 {
                app.events.emit(Event::Done {
                    message: format!(
                        "no pairs in {} look like one thing (pairs kept apart are not asked again)",
                        path.display()
                    ),
                });
            }
        }
        MemoryCommand::Merge { name, into } => {
            let (file, memory) = app.open_memory()?;
            if let Some(err) = not_two(&path, &memory, &name, &into) {
                return Err(err.into());
            }
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
            let (file, memory) = app.open_memory()?;
            if let Some(err) = not_two(&path, &memory, &a, &b) {
                return Err(err.into());
            }
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
        MemoryCommand::View { output, open } => {
            let (_, memory) = app.open_memory()?;
            let explicit = output.is_some();
            let output = output.unwrap_or_else(|| path.with_extension("html"));
            write_view(app, &memory, &output, explicit)?;
            exiting(memory);
            if open {
                open_in_browser(app, &output);
            }
        }
        MemoryCommand::Export {
            format,
            focus,
            max_nodes,
            system,
        } => {
            let (_, memory) = app.open_memory()?;
            // Not named: the memory's one system, else the memory file's folder.
            let system = system.unwrap_or_else(|| {
                let mut systems = memory
                    .entities()
                    .iter()
                    .filter(|e| crate::memory::identity::entity_type(&e.kind) == "system");
                match (systems.next(), systems.next()) {
                    (Some(only), None) => only.name.clone(),
                    _ => system_name(&path),
                }
            });
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
                Format::Dot => memory.to_dot(),
                Format::Graphml => memory.to_graphml(),
                Format::Structurizr => memory.to_structurizr(&system),
                Format::C4Mermaid => memory.to_c4_mermaid(&system),
                Format::Backstage => memory.to_backstage(),
            };
            let text = text.trim_end().to_string();
            exiting(memory);
            app.events.emit(Event::Result { text });
        }
    }
    Ok(Exit::Done)
}
