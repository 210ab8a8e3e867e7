//! `archie memory stats|show|import|export`: look at and move the knowledge graph.

use super::error::CommandError;
use crate::app::App;
use crate::error::Exit;
use clap::{Args, Subcommand};
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
        after_help = "archie merges the spellings it is sure of by itself (Pricing Service = pricing-svc = PricingService; Pricing, a service, = Pricing Service). Pairs whose names alone do not decide (Okta / Okta API, a bare name whose type is not known, an acronym, a name one word longer, a one-letter typo) go to the model as judge, in batches of 30 per call, when an LLM is configured; so do names that hold another's words however they are framed (aws_ecs_service.shipping, SHIPPING_SERVICE_URL, Ship Service / Shipping Service), which without a judge are not asked: `same` merges (undone by `archie memory unmerge`), `different` keeps them apart, `unsure` is left to you. --yes merges only what the names or the model decided, never a pair on its looks. Every decision is remembered.\n\nExamples:\n  archie memory dedupe\n  archie memory dedupe --yes\n  archie memory dedupe --no-judge"
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

pub use crate::app::memory::ExportFormat as Format;

/// `archie memory …`: each subcommand is the App's work ([`crate::app::memory`]).
pub async fn run(app: &App, args: MemoryArgs) -> Result<Exit, CommandError> {
    match args.command {
        MemoryCommand::Stats => app.memory_stats()?,
        MemoryCommand::Diff { old, new } => app.memory_diff(&old, new)?,
        MemoryCommand::Show { name, history } => app.memory_show(&name, history)?,
        MemoryCommand::Import { file, judge } if crate::app::memory::is_catalog(&file) => {
            app.import_catalog(&file, judge.no_judge).await?
        }
        MemoryCommand::Import { file, judge } => app.import_memory(&file, judge.no_judge).await?,
        MemoryCommand::Dedupe { judge } => app.memory_dedupe(judge.no_judge).await?,
        MemoryCommand::Merge { name, into } => app.memory_merge(&name, &into)?,
        MemoryCommand::Unmerge { name } => app.memory_unmerge(&name)?,
        MemoryCommand::KeepApart { a, b } => app.memory_keep_apart(&a, &b)?,
        MemoryCommand::View { output, open } => app.memory_view(output, open)?,
        MemoryCommand::Export {
            format,
            focus,
            max_nodes,
            system,
        } => app.memory_export(format, focus, max_nodes, system)?,
    }
    Ok(Exit::Done)
}
