//! `archie build-context SYSTEM -i DIR`

use super::error::CommandError;
use super::flow::{FlowArgs, FlowEntry, FlowTool, ToolPlan};
use super::knowledge::KnowledgeArgs;
use crate::app::App;
use crate::error::Exit;
use crate::flows::build_context::{self, BuildContextState};
use crate::mcp::flows::ToolFace;
use clap::Args;
use schemars::JsonSchema;
use serde::Deserialize;
use std::path::PathBuf;

#[derive(Debug, Default, Args)]
pub struct BuildContextArgs {
    /// The system or feature to describe, e.g. payments
    #[arg(value_name = "SYSTEM")]
    pub system: Option<String>,

    /// The system's name (the original Archie's flag; same as SYSTEM)
    #[arg(
        short = 'n',
        long = "name",
        value_name = "SYSTEM",
        conflicts_with = "system"
    )]
    pub name: Option<String>,

    /// Where to write the overview (default: SYSTEM_context.md); `-` writes it to standard
    /// output (and nothing else)
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub knowledge: KnowledgeArgs,
}

/// `archie build-context`, in the flow registry, and its MCP tool `build_context`.
pub const COMMAND: FlowEntry = FlowEntry::with_tool::<BuildContextArgs>(build_context::NAME);

/// `build_context`'s arguments: as `archie build-context SYSTEM -i PATH… [-o FILE]`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BuildContextCall {
    /// The system or feature to describe, e.g. payments.
    pub system: String,
    /// Design documents to read: folders or files, relative to the folder archie mcp
    /// runs in.
    pub inputs: Vec<String>,
    /// Where to write the overview (default: SYSTEM_context.md).
    #[serde(default)]
    pub output: Option<String>,
    /// The archie session this call belongs to (one archie search made; the resource
    /// memory://session/{id}): the finished run is recorded as a turn of it. Also read
    /// from _meta "dev.archie/session". An unknown session is refused.
    #[serde(default)]
    pub session: Option<String>,
}

impl FlowTool for BuildContextArgs {
    type Call = BuildContextCall;

    const TOOL: ToolFace = ToolFace {
        name: "build_context",
        title: "Build a context overview",
        description: "Read design documents, extract their knowledge graph into archie's memory \
             file (changes the memory) and write a context overview of one system with a \
             Mermaid diagram (writes SYSTEM_context.md), as `archie build-context` does. \
             A recorded run: the result names the run, the files written and what the \
             memory gained. Takes minutes on a large corpus.",
        instructions: "build_context (system, inputs) reads design documents into the graph \
             and writes a context overview",
        continues: None,
        annotations: ToolFace::WRITES_ASKING_AN_LLM,
    };

    fn session(call: &BuildContextCall) -> Option<&str> {
        call.session.as_deref()
    }

    fn turn(call: &BuildContextCall) -> (String, Vec<String>) {
        let read = call.inputs.iter().map(|i| format!("build_context -i {i}"));
        (format!("build_context {}", call.system), read.collect())
    }

    fn plan(call: BuildContextCall) -> ToolPlan<Self> {
        let mut words = vec![
            build_context::NAME.to_string(),
            format!("--name={}", call.system),
        ];
        words.extend(call.inputs.iter().map(|i| format!("--inputs={i}")));
        words.extend(call.output.iter().map(|o| format!("--output={o}")));
        let mut args = BuildContextArgs {
            name: Some(call.system),
            output: call.output.map(PathBuf::from),
            ..BuildContextArgs::default()
        };
        args.knowledge.inputs.inputs = call.inputs.into_iter().map(PathBuf::from).collect();
        ToolPlan::Start {
            args,
            words,
            answers: Vec::new(),
        }
    }
}

impl FlowArgs for BuildContextArgs {
    fn describe(command: clap::Command) -> clap::Command {
        command
            .about("Write a context overview of a system with a Mermaid diagram of its knowledge graph")
            .after_help(
                "Examples:
  archie build-context payments -i docs/payments/        # writes payments_context.md
  archie build-context -n payments -i docs/ -o ctx.md",
            )
    }

    async fn run(self, app: &App) -> Result<Exit, CommandError> {
        run(app, self).await
    }
}

pub async fn run(app: &App, args: BuildContextArgs) -> Result<Exit, CommandError> {
    let Some(system) = args.system.or(args.name).filter(|s| !s.trim().is_empty()) else {
        return Err(
            CommandError::usage("build-context needs the name of the system to describe").hint(
                "Name a part to describe it and what it talks to (archie build-context \
                     payments -i docs/), or the system itself, as your documents call it, for \
                     its main components (archie build-context NovaMart -i docs/).",
            ),
        );
    };
    let graph = build_context::graph()?;
    let output = args
        .output
        .unwrap_or_else(|| PathBuf::from(build_context::default_output(&system)));
    super::stdin::stdout_is_free(app, &output)?;
    if args.knowledge.dry_run {
        let then = super::dry_run::Then::BuildContext { system: &system };
        return super::dry_run::knowledge(app, &args.knowledge, &output, then);
    }
    let args_no_judge = args.knowledge.no_judge;
    super::output::check(app, &output, &build_context::default_output(&system))?;
    let (file, memory) = app.open_memory()?;
    let settings = args
        .knowledge
        .settings(crate::flows::analyze::DEFAULT_HISTORY_BUDGET);
    let env = app.knowledge_env(&settings, memory, output)?;
    if !app.settings.yes
        && let Some(suggestion) = misspelt(&env, &system)
    {
        return Err(CommandError::usage(format!(
            "no document and no entity in the memory names `{system}`: did you mean `{suggestion}`?"
        ))
        .hint(format!(
            "archie build-context {} …; or add --yes to describe the whole system under the name `{system}`. Nothing was sent to the model.",
            crate::shell::quote(&suggestion)
        )));
    }
    let state = BuildContextState {
        system,
        ..BuildContextState::default()
    };
    let judge = crate::app::dedupe::judge_on(args_no_judge, &app.settings.memory_file)?;
    Ok(app.run_and_save(&graph, state, env, &file, judge).await?)
}

/// A spelling of `system` the documents or the memory use, when they use `system`'s own
/// nowhere: each word of it found in neither is replaced by the closest word that is
/// (one edit in a word of 5 to 7 letters, two in a longer one: `Paymnets` → `Payments`;
/// shorter words are left alone). `None` when every word
/// is used somewhere, or no word is close (a name of the user's own for the whole).
fn misspelt(env: &crate::flows::sources::SourcesEnv, system: &str) -> Option<String> {
    use std::collections::HashMap;
    let prefetched = env
        .prefetched
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let documents = &prefetched.as_ref()?.documents;
    let names = env.memory.entities().iter().map(|e| e.name.as_str());
    let texts = documents.iter().map(|d| d.text.as_str()).chain(names);
    // Most names are used as they are given: found without a word list (tens of ms on a
    // large corpus before the first request).
    let mut unseen: Vec<String> = system
        .split_whitespace()
        .map(|word| {
            word.to_lowercase()
                .chars()
                .filter(|c| c.is_alphanumeric())
                .collect::<String>()
        })
        .filter(|bare| bare.chars().count() >= 5)
        .collect();
    for text in texts.clone() {
        if unseen.is_empty() {
            return None;
        }
        for word in text.split(|c: char| !c.is_alphanumeric()) {
            if word.len() >= 3 {
                unseen.retain(|bare| !word.chars().flat_map(char::to_lowercase).eq(bare.chars()));
            }
        }
    }
    if unseen.is_empty() {
        return None;
    }
    // Every word used, lower case, with its first spelling.
    let mut used: HashMap<String, String> = HashMap::new();
    for text in texts {
        for word in text.split(|c: char| !c.is_alphanumeric()) {
            if word.chars().count() >= 3 {
                used.entry(word.to_lowercase())
                    .or_insert_with(|| word.to_string());
            }
        }
    }
    let mut changed = false;
    let mut out = Vec::new();
    for word in system.split_whitespace() {
        let lower = word.to_lowercase();
        let bare: String = lower.chars().filter(|c| c.is_alphanumeric()).collect();
        let letters = bare.chars().count();
        if letters < 5 || used.contains_key(&bare) {
            out.push(word.to_string());
            continue;
        }
        let most = if letters < 8 { 1 } else { 2 };
        let closest = used
            .iter()
            .map(|(l, spelt)| (strsim::damerau_levenshtein(&bare, l), l, spelt))
            .filter(|(d, _, _)| *d <= most)
            .min_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(b.1)));
        match closest {
            Some((_, _, spelt)) => {
                out.push(spelt.clone());
                changed = true;
            }
            None => return None,
        }
    }
    changed.then(|| out.join(" "))
}
