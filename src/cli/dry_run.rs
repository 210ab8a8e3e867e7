//! `--dry-run` for `analyze`, `build-context` and `search`: what the command would read,
//! how many LLM calls it would make and about how many tokens they would carry, and
//! where the text would go, with no LLM call and nothing written (architects' documents
//! are often confidential: they see before they send).

use super::error::CommandError;
use super::inputs::InputArgs;
use super::knowledge::KnowledgeArgs;
use crate::app::App;
use crate::app::Preparation;
use crate::docs::{self, ChunkOptions, Retrieved};
use crate::error::Exit;
use crate::events::Event;
use crate::flows::sources::{ExtractionPlan, extraction_plan};
use crate::llm::{LlmConfig, ResponseCache};
use crate::tokens::estimate_tokens;
use serde::Serialize;
use serde_json::json;
use std::path::Path;

/// How many documents the human report names (all with `-v`; all under `--json`).
const NAMED_DOCUMENTS: usize = 20;

/// The command that would run after reading (and extracting from) the documents.
pub enum Then<'a> {
    /// `analyze`: a conversation turn per answer, then the analysis.
    Analyze { goal: &'a str },
    /// `build-context`: one call for the overview.
    BuildContext { system: &'a str },
}

/// The command a dry run stands for, named (on the terminal and in `--json`) as its flow
/// is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Command {
    Analyze,
    BuildContext,
    Search,
}

impl Serialize for Command {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl std::fmt::Display for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Analyze => crate::flows::analyze::NAME,
            Self::BuildContext => crate::flows::build_context::NAME,
            Self::Search => crate::flows::search::NAME,
        })
    }
}

/// What a dry run found (`--json`: the `data` event's value).
#[derive(Debug, Serialize)]
struct Plan {
    dry_run: bool,
    command: Command,
    documents: Vec<Doc>,
    skipped: Vec<String>,
    extraction: ExtractionPlan,
    /// The calls after extraction (at least this many).
    calls_after: usize,
    /// The most prompt tokens each of those carries, estimated.
    prompt_tokens_each: usize,
    what_after: String,
    /// The model as judge of pairs of names (none for `search`).
    #[serde(skip_serializing_if = "Option::is_none")]
    judge: Option<JudgePlan>,
    /// `None`: no LLM is configured yet.
    endpoint: Option<String>,
    model: Option<String>,
    api_key: bool,
    /// With no LLM configured: the servers found on this machine's usual ports.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    local_servers: Vec<crate::llm::local::LocalServer>,
    /// Where the LLM settings not left to their defaults came from (`-v`).
    #[serde(skip)]
    origins: Vec<String>,
}

/// What the judge of pairs of names would cost: the pairs in the memory now that it
/// would be asked (extraction may find more) and the calls for them.
#[derive(Debug, Serialize)]
struct JudgePlan {
    on: bool,
    pairs: usize,
    /// Relationship words the vocabulary cannot place, asked in the same calls.
    words: usize,
    /// Entity types the vocabulary cannot place, asked in the same calls.
    types: usize,
    calls: usize,
}

/// The judge's part of a dry run over the memory file as it is.
fn judge_plan(app: &App, args: &KnowledgeArgs) -> Result<JudgePlan, CommandError> {
    let on = crate::app::dedupe::judge_on(args.no_judge, &app.settings.memory_file)?;
    let (pairs, words, types) = match crate::memory::MemoryFile::read(&app.settings.memory_file) {
        Ok(Some((memory, _))) if on => crate::app::dedupe::judge_questions(&memory),
        _ => (0, 0, 0),
    };
    Ok(JudgePlan {
        on,
        pairs,
        words,
        types,
        calls: crate::app::dedupe::judge_calls(
            pairs.min(crate::app::dedupe::JUDGE_MAX_PAIRS) + words + types,
        ),
    })
}

#[derive(Debug, Serialize)]
struct Doc {
    path: String,
    bytes: u64,
    /// The kinds of the secrets found in it, which would be replaced by placeholders.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    secrets_withheld: Vec<String>,
}

impl Doc {
    fn of(doc: &docs::Document) -> Self {
        Doc {
            path: doc.path.clone(),
            bytes: doc.size,
            secrets_withheld: doc.withheld.clone(),
        }
    }
}

/// `scheme://host[:port]` of `url`: where the text goes, without a path, user or
/// password.
pub fn endpoint(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
    let authority = rest.split(['/', '?', '#']).next().unwrap_or(rest);
    let host = authority.rsplit('@').next().unwrap_or(authority);
    if scheme.is_empty() {
        host.to_string()
    } else {
        format!("{scheme}://{host}")
    }
}

/// The LLM settings as the command would resolve them; `None` when no LLM is configured
/// (a dry run says where the text would go once one is).
fn llm_config(app: &App) -> Result<Option<LlmConfig>, CommandError> {
    match app.llm_config() {
        Ok(config) => Ok(Some(config)),
        Err(crate::llm::LlmError::NotConfigured) => Ok(None),
        Err(err) => Err(err.into()),
    }
}

impl Plan {
    /// What every dry run says, whatever the command: the documents it would read and
    /// where the text would go (the endpoint, the model, whether a key is set, where the
    /// settings came from; with no LLM configured, the servers found on this machine).
    /// The calls after reading are the command's to fill in.
    fn new(command: Command, retrieved: &Retrieved, config: Option<&LlmConfig>) -> Self {
        Plan {
            dry_run: true,
            command,
            documents: retrieved.documents.iter().map(Doc::of).collect(),
            skipped: retrieved.skipped.iter().map(|s| s.to_string()).collect(),
            extraction: ExtractionPlan::default(),
            calls_after: 0,
            prompt_tokens_each: 0,
            what_after: String::new(),
            judge: None,
            endpoint: config.map(|c| endpoint(&c.base_url)),
            model: config.map(|c| c.model.clone()),
            api_key: config.is_some_and(|c| c.api_key.is_some()),
            local_servers: match config {
                Some(_) => Vec::new(),
                None => crate::llm::local::find(),
            },
            origins: config.map(origins).unwrap_or_default(),
        }
    }
}

/// `analyze --dry-run` and `build-context --dry-run`.
pub fn knowledge(
    app: &App,
    args: &KnowledgeArgs,
    output: &Path,
    then: Then<'_>,
) -> Result<Exit, CommandError> {
    // What the run itself would start from (its history budget plays no part here).
    let settings = args.settings(crate::flows::analyze::DEFAULT_HISTORY_BUDGET);
    let Preparation {
        config,
        prompts,
        inputs,
        fingerprint,
    } = app.prepare_knowledge(&settings, output, true)?;
    let retrieved = docs::retrieve(&inputs)?;
    let chunks = if !settings.extract {
        Vec::new()
    } else {
        docs::chunk_all(&retrieved.documents, ChunkOptions::default())
    };
    // The answers kept by earlier runs, without creating a store that is not there.
    let store = if config.as_ref().is_none_or(|c| c.cache) {
        app.existing_store()?
    } else {
        None
    };
    let extraction = extraction_plan(
        &prompts,
        store.as_ref().map(|s| s as &dyn ResponseCache),
        &fingerprint,
        config.as_ref().and_then(|c| c.temperature).unwrap_or(0.0),
        &chunks,
    )?;
    // A later prompt: the template, the document excerpts (at most --document-budget, no
    // more than the documents hold) and the relevant memory (at most --memory-budget).
    let system = estimate_tokens(&prompts.render("system", json!({}))?);
    let (command, template, calls_after, what_after) = match then {
        Then::Analyze { goal } => (
            Command::Analyze,
            prompts.render(
                "analyze_initial",
                json!({ "goal": goal, "documents": [], "memory": "" }),
            )?,
            2,
            "a conversation turn per answer, then the analysis".to_string(),
        ),
        Then::BuildContext { system } => (
            Command::BuildContext,
            prompts.render(
                "build_context",
                json!({ "system": system, "documents": [], "memory": "" }),
            )?,
            1,
            "the overview".to_string(),
        ),
    };
    let documents_tokens: usize = retrieved
        .documents
        .iter()
        .map(|d| estimate_tokens(&d.text))
        .sum();
    let prompt_tokens_each = system
        + estimate_tokens(&template)
        + documents_tokens.min(settings.document_budget)
        + settings.memory_budget;
    let plan = Plan {
        extraction,
        calls_after,
        prompt_tokens_each,
        what_after,
        judge: Some(judge_plan(app, args)?),
        ..Plan::new(command, &retrieved, config.as_ref())
    };
    report(app, &plan)
}

/// `search --dry-run`: the documents its tools could read, the two calls (a plan, then
/// the answer) and where they go. No MCP server is started.
pub fn search(
    app: &App,
    inputs: &InputArgs,
    output: Option<&Path>,
    results_tokens: usize,
    servers: Vec<String>,
) -> Result<Exit, CommandError> {
    let config = llm_config(app)?;
    app.prompts()?;
    let retrieved = if inputs.inputs.is_empty() {
        Retrieved::default()
    } else {
        docs::retrieve(&app.documents(inputs.to_options(), output))?
    };
    let tools = if servers.is_empty() {
        "archie's built-in tools".to_string()
    } else {
        format!(
            "archie's built-in tools and MCP servers {}",
            servers.join(", ")
        )
    };
    let plan = Plan {
        calls_after: 2,
        prompt_tokens_each: results_tokens,
        what_after: format!(
            "a plan of tool calls ({tools}), then the answer with up to --results-tokens of their results"
        ),
        ..Plan::new(Command::Search, &retrieved, config.as_ref())
    };
    report(app, &plan)
}

fn report(app: &App, plan: &Plan) -> Result<Exit, CommandError> {
    if app.settings.json {
        app.events.emit(Event::Data {
            value: serde_json::to_value(plan)?,
        });
        return Ok(Exit::Done);
    }
    let verbose = app.settings.verbosity == crate::ui::Verbosity::Verbose;
    let mut out = vec![format!(
        "dry run of {}: nothing is sent, no LLM call is made",
        plan.command
    )];
    documents_lines(plan, verbose, &mut out);
    secrets_lines(plan, verbose, &mut out);
    calls_lines(plan, &mut out);
    target_lines(plan, verbose, &mut out);
    app.events.emit(Event::Result {
        text: out.join("\n"),
    });
    Ok(Exit::Done)
}

/// `documents  N would be read (…)`, and the documents named.
fn documents_lines(plan: &Plan, verbose: bool, out: &mut Vec<String>) {
    let bytes: u64 = plan.documents.iter().map(|d| d.bytes).sum();
    let mut line = format!(
        "documents  {} would be read ({})",
        plan.documents.len(),
        crate::text::count(bytes, "byte", "bytes")
    );
    if !plan.skipped.is_empty() {
        line.push_str(&format!(
            ", {} skipped{}",
            plan.skipped.len(),
            if verbose { "" } else { " (see -v)" }
        ));
    }
    out.push(line);
    let named = if verbose {
        plan.documents.len()
    } else {
        NAMED_DOCUMENTS
    };
    for doc in plan.documents.iter().take(named) {
        out.push(format!("  {}", doc.path));
    }
    if plan.documents.len() > named {
        out.push(format!(
            "  … and {} more (-v lists them)",
            plan.documents.len() - named
        ));
    }
    if verbose {
        for skipped in &plan.skipped {
            out.push(format!("  skipped {skipped}"));
        }
    }
}

/// `secrets    N in M documents kept back`, and the documents named.
fn secrets_lines(plan: &Plan, verbose: bool, out: &mut Vec<String>) {
    let with: Vec<&Doc> = plan
        .documents
        .iter()
        .filter(|d| !d.secrets_withheld.is_empty())
        .collect();
    if !with.is_empty() {
        let secrets: usize = with.iter().map(|d| d.secrets_withheld.len()).sum();
        out.push(format!(
            "secrets    {secrets} in {} kept back: placeholders are sent instead (--send-secrets sends them)",
            crate::text::count(with.len() as u64, "document", "documents"),
        ));
        let named = if verbose { with.len() } else { NAMED_DOCUMENTS };
        for doc in with.iter().take(named) {
            out.push(format!(
                "  {}: {}",
                doc.path,
                crate::text::counted_kinds(&doc.secrets_withheld)
            ));
        }
        if with.len() > named {
            out.push(format!(
                "  … and {} more (-v lists them)",
                with.len() - named
            ));
        }
    }
}

/// The calls: extraction's, the command's after it, and the judge's.
fn calls_lines(plan: &Plan, out: &mut Vec<String>) {
    let x = &plan.extraction;
    if plan.command != Command::Search {
        out.push(format!(
            "extract    {}: {} cached, {} to ask ≈ {} prompt tokens",
            crate::text::count(x.chunks as u64, "chunk", "chunks"),
            x.cached,
            crate::text::count(x.calls as u64, "call", "calls"),
            thousands(x.prompt_tokens)
        ));
    }
    out.push(format!(
        "then       {}{}: {}, ≈ up to {} prompt tokens{}",
        if plan.command == Command::Analyze {
            "at least "
        } else {
            ""
        },
        crate::text::count(plan.calls_after as u64, "call", "calls"),
        plan.what_after,
        thousands(plan.prompt_tokens_each),
        if plan.calls_after == 1 { "" } else { " each" }
    ));
    if let Some(judge) = &plan.judge {
        out.push(judge_line(judge));
    }
}

/// `judge      …`: what the model as judge of pairs of names would be asked.
fn judge_line(judge: &JudgePlan) -> String {
    if judge.on && judge.pairs == 0 && judge.words == 0 && judge.types == 0 {
        format!(
            "judge      no pairs of names to judge in the memory now (one call per {} that extraction finds)",
            crate::app::dedupe::JUDGE_BATCH
        )
    } else if judge.on {
        let unplaced: Vec<String> = [
            (judge.words, "relationship word", "relationship words"),
            (judge.types, "entity type", "entity types"),
        ]
        .into_iter()
        .filter(|(n, _, _)| *n > 0)
        .map(|(n, one, many)| crate::text::count(n as u64, one, many))
        .collect();
        let words = if unplaced.is_empty() {
            String::new()
        } else {
            format!(
                " and {} the vocabulary cannot place",
                unplaced.join(" and ")
            )
        };
        format!(
            "judge      {} for {} of names{words} in the memory now (one per {} questions; more if extraction finds new ones)",
            crate::text::count(judge.calls as u64, "call", "calls"),
            crate::text::count(judge.pairs as u64, "pair", "pairs"),
            crate::app::dedupe::JUDGE_BATCH
        )
    } else {
        "judge      off: pairs of names, relationship words and entity types are left to you"
            .to_string()
    }
}

/// `sent to    …`: where the text would go (with no LLM configured, the servers found
/// here), and with `-v` where the settings came from.
fn target_lines(plan: &Plan, verbose: bool, out: &mut Vec<String>) {
    match (&plan.endpoint, &plan.model) {
        (Some(endpoint), Some(model)) => out.push(format!(
            "sent to    {endpoint} · model {model} · {}",
            if plan.api_key {
                "with an API key"
            } else {
                "no API key"
            }
        )),
        _ => {
            out.push(
                "sent to    no LLM is configured yet: the text would go to the endpoint you set \
                 (--base-url URL --model NAME, OPENAI_BASE_URL, [llm] in archie.toml, or \
                 OPENAI_API_KEY for OpenAI)"
                    .to_string(),
            );
            for server in &plan.local_servers {
                out.push(format!(
                    "found      {} — to use it: archie {} {} …",
                    server.describe(),
                    server.flags(),
                    plan.command
                ));
            }
        }
    }
    if verbose && !plan.origins.is_empty() {
        out.push(format!(
            "settings   {} (the others: defaults)",
            plan.origins.join(" · ")
        ));
    }
}

/// `model from --model`: each LLM setting a flag, the environment or a config file set.
fn origins(config: &LlmConfig) -> Vec<String> {
    config
        .origins
        .iter()
        .map(|(setting, origin)| format!("{setting} from {origin}"))
        .collect()
}

/// `31420` → `31,420`.
fn thousands(n: usize) -> String {
    crate::text::thousands(n as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_endpoint_names_the_host_without_a_password_or_path() {
        assert_eq!(
            endpoint("https://user:secret@api.example.com:8443/v1"),
            "https://api.example.com:8443"
        );
        assert_eq!(
            endpoint("http://127.0.0.1:11434/v1"),
            "http://127.0.0.1:11434"
        );
        assert_eq!(thousands(31420), "31,420");
        assert_eq!(thousands(999), "999");
    }
}
