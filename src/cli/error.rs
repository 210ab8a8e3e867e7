//! The edge where a failure becomes what the user sees: an exit code, the message with
//! each cause once, and hints that say what to do.
//!
//! Services say what happened (one line) and what kind of failure it is
//! ([`Classify`]); this module is the one place that knows which errors exist, what exit
//! code each asks for, and what the user can do about it. A command returns
//! `Result<Exit, CommandError>`; `?` turns any error into a [`CommandError`].

use crate::app::RunFailed;
use crate::config::ConfigError;
use crate::docs::DocsError;
use crate::error::{Classify, Exit, Failure, Interrupted, UsageError};
use crate::events::Event;
use crate::files::ReadError;
use crate::flows::FlowError;
use crate::graph::interrupt::AnswersFileError;
use crate::graph::{BuildError, RunError};
use crate::llm::{LlmError, TimeoutPhase};
use crate::mcp::McpError;
use crate::memory::MemoryError;
use crate::prompts::PromptError;
use crate::store::StoreError;
use crate::upgrade::UpgradeError;

/// A failed command: how it ends, what went wrong, and what to do about it.
#[derive(Debug)]
pub struct CommandError {
    pub exit: Exit,
    pub error: anyhow::Error,
    pub hints: Vec<String>,
}

impl CommandError {
    /// A usage error (exit code 2) with no cause.
    pub fn usage(message: impl Into<String>) -> Self {
        Self::from(UsageError::new(message))
    }

    /// Adds a hint, printed after the error and its causes.
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hints.push(hint.into());
        self
    }

    /// The error as an event: the message, each cause once, the hints and the exit code.
    pub fn event(&self) -> Event {
        let mut chain = self.error.chain().map(|e| e.to_string());
        let message = chain.next().unwrap_or_default();
        let mut causes: Vec<String> = Vec::new();
        for cause in chain {
            // A wrapper that repeats its source (`#[error(transparent)]`, or a message
            // that already quotes it) adds nothing.
            let said = causes.last().unwrap_or(&message);
            if !cause.is_empty() && !said.ends_with(&cause) {
                causes.push(cause);
            }
        }
        Event::Error {
            message,
            causes,
            hints: self.hints.clone(),
            exit_code: self.exit.code(),
        }
    }
}

impl<E: Into<anyhow::Error>> From<E> for CommandError {
    /// Finds the exit code and the hints of every error in the chain: the outermost error
    /// that has an opinion decides the exit code (1 if none does); hints come innermost
    /// first, the most specific first.
    fn from(err: E) -> Self {
        let error: anyhow::Error = err.into();
        let mut exit = None;
        let mut hints: Vec<String> = Vec::new();
        for cause in error.chain() {
            let (kind, mut found) = describe(cause);
            if exit.is_none() {
                exit = kind;
            }
            found.append(&mut hints);
            hints = found;
        }
        hints.dedup();
        Self {
            exit: exit.unwrap_or(Exit::Failed),
            error,
            hints,
        }
    }
}

/// What the edge makes of one error in a chain: the exit code it asks for (`None`: no
/// opinion, an outer error or exit 1 decides) and what the user can do about it.
///
/// Every error type archie defines implements it and is listed in [`KNOWN`]; a unit test
/// reads `src/` and fails when one is missing, so a new service error cannot fall through
/// to exit 1 without a hint unnoticed.
pub trait Describe: std::error::Error + 'static {
    /// The exit code this error asks for, if it has an opinion.
    fn exit_code(&self) -> Option<Exit>;
    /// What to do about it, most specific first.
    fn hints(&self) -> Vec<String>;
}

/// What [`describe`] finds in one error of a chain.
type Described = (Option<Exit>, Vec<String>);

/// One known error type: its name (for the test) and how to find it in a chain.
struct Known {
    #[cfg_attr(not(test), allow(dead_code))]
    name: fn() -> &'static str,
    describe: fn(&(dyn std::error::Error + 'static)) -> Option<Described>,
}

const fn known<E: Describe>() -> Known {
    Known {
        name: std::any::type_name::<E>,
        describe: |err| err.downcast_ref::<E>().map(|e| (e.exit_code(), e.hints())),
    }
}

/// Every error type archie defines, as the edge reads them.
const KNOWN: &[Known] = &[
    known::<UsageError>(),
    known::<Interrupted>(),
    known::<LlmError>(),
    known::<MemoryError>(),
    known::<DocsError>(),
    known::<PromptError>(),
    known::<StoreError>(),
    known::<McpError>(),
    known::<UpgradeError>(),
    known::<ReadError>(),
    known::<ConfigError>(),
    known::<RunError>(),
    known::<BuildError>(),
    known::<RunFailed>(),
    known::<FlowError>(),
    known::<Failure>(),
    known::<AnswersFileError>(),
];

/// The exit code (if this error has an opinion) and the hints of one error in a chain.
fn describe(err: &(dyn std::error::Error + 'static)) -> Described {
    KNOWN
        .iter()
        .find_map(|k| (k.describe)(err))
        .unwrap_or_default()
}

impl Describe for UsageError {
    fn exit_code(&self) -> Option<Exit> {
        Some(self.exit())
    }
    fn hints(&self) -> Vec<String> {
        self.hints.clone()
    }
}

impl Describe for Interrupted {
    fn exit_code(&self) -> Option<Exit> {
        Some(Exit::Interrupted)
    }
    fn hints(&self) -> Vec<String> {
        Vec::new()
    }
}

/// A service error that classifies itself ([`Classify`]) and whose hints are `$hints`.
macro_rules! classified {
    ($($error:ty => $hints:ident),* $(,)?) => {$(
        impl Describe for $error {
            fn exit_code(&self) -> Option<Exit> {
                Some(self.exit())
            }
            fn hints(&self) -> Vec<String> {
                $hints(self)
            }
        }
    )*};
}

classified! {
    LlmError => llm_hints,
    MemoryError => memory_hints,
    DocsError => docs_hints,
    PromptError => prompt_hints,
    StoreError => store_hints,
    McpError => mcp_hints,
    UpgradeError => upgrade_hints,
}

impl Describe for ReadError {
    /// An input file given by the user that is missing, not a file, or too large.
    fn exit_code(&self) -> Option<Exit> {
        let usage = match self {
            ReadError::Io(io) => io.kind() == std::io::ErrorKind::NotFound,
            _ => true,
        };
        usage.then_some(Exit::Usage)
    }
    fn hints(&self) -> Vec<String> {
        Vec::new()
    }
}

impl Describe for ConfigError {
    fn exit_code(&self) -> Option<Exit> {
        Some(Exit::Usage)
    }
    fn hints(&self) -> Vec<String> {
        vec![CONFIG_HINT.into()]
    }
}

impl Describe for RunError {
    fn exit_code(&self) -> Option<Exit> {
        None
    }
    fn hints(&self) -> Vec<String> {
        run_hints(self)
    }
}

impl Describe for BuildError {
    fn exit_code(&self) -> Option<Exit> {
        None
    }
    fn hints(&self) -> Vec<String> {
        vec![BUG.into()]
    }
}

impl Describe for FlowError {
    /// What the error it wraps says: a flow's error is handed to the engine as the
    /// service error it wraps, and reaches the edge as itself only from a flow's helper.
    fn exit_code(&self) -> Option<Exit> {
        describe(self.wrapped()).0
    }
    fn hints(&self) -> Vec<String> {
        describe(self.wrapped()).1
    }
}

impl Describe for AnswersFileError {
    /// A file that cannot be read: its cause (a [`ReadError`]) decides; text that is not
    /// answers is a usage error.
    fn exit_code(&self) -> Option<Exit> {
        match self {
            AnswersFileError::Read { .. } => None,
            AnswersFileError::Invalid(e) => e.exit_code(),
        }
    }
    fn hints(&self) -> Vec<String> {
        match self {
            AnswersFileError::Read { .. } => Vec::new(),
            AnswersFileError::Invalid(e) => Describe::hints(e),
        }
    }
}

impl Describe for Failure {
    /// Its cause, the next error of the chain, has the opinion if any does.
    fn exit_code(&self) -> Option<Exit> {
        None
    }
    fn hints(&self) -> Vec<String> {
        Vec::new()
    }
}

impl Describe for RunFailed {
    fn exit_code(&self) -> Option<Exit> {
        None
    }
    fn hints(&self) -> Vec<String> {
        vec![
            self.where_it_stopped(),
            format!("continue with: {}", self.resume_command),
        ]
    }
}

const BUG: &str = "This is a fault in archie; please report it.";
const CONFIG_HINT: &str = "Fix or remove the file (see `archie --help` for the [llm] settings).";
const STATE_DIR: &str =
    "or keep archie's state elsewhere with --state-dir DIR (or ARCHIE_STATE_DIR)";
const INPUTS: &str =
    "pass a folder of design documents with -i docs/ (repeat -i to add folders or single files)";

fn llm_hints(err: &LlmError) -> Vec<String> {
    let hint = match err {
        LlmError::NotConfigured => "archie talks to any OpenAI-compatible endpoint. Either:\n  \
             export OPENAI_API_KEY=sk-…                          (OpenAI)\n  \
             archie --base-url http://localhost:11434/v1 --model llama3.1 analyze …   (Ollama)\n\
             or put [llm] base_url/model in archie.toml."
            .to_string(),
        LlmError::ConfigFile(_) => CONFIG_HINT.into(),
        LlmError::BadBaseUrl { .. } => "Use e.g. --base-url http://localhost:11434/v1 (Ollama) \
                                        or https://api.openai.com/v1."
            .into(),
        LlmError::BadSeconds { .. } => "e.g. --timeout 120".into(),
        LlmError::BadSetting { setting, .. } => {
            format!("Fix {setting} in archie.toml or on the command line.")
        }
        LlmError::HttpClient(_) => "This is a bug or a broken TLS setup.".into(),
        LlmError::ContextOverflow { context, .. } => {
            let raise = match context {
                Some(c) => format!("raise the server's context above {c} tokens"),
                None => "raise the server's context".into(),
            };
            format!(
                "Send less: lower --document-budget and --memory-budget (or shorten the \
                 conversation), or {raise} (llama.cpp: --n_ctx / -c, Ollama: num_ctx, vLLM: \
                 --max-model-len); --max-tokens lowers the room kept for the answer."
            )
        }
        LlmError::Http { status, model, .. } => match status {
            401 | 403 => "Check OPENAI_API_KEY (or the key your endpoint expects).".into(),
            404 => format!(
                "Is the model `{model}` available there, and does --base-url end in /v1? \
                 Choose another with --model."
            ),
            400 | 422 => "The endpoint rejected the request; check --model, and if the error \
                          is about JSON output, try --structured prompt."
                .into(),
            429 => "The endpoint is rate limiting; wait a little, or lower --concurrency.".into(),
            s if *s >= 500 => "The server failed; check its log, or try again later.".into(),
            _ => "Check --base-url and --model.".into(),
        },
        LlmError::InsufficientQuota { .. } => "Check the plan and billing of the account behind \
                                               OPENAI_API_KEY, or point archie at another \
                                               endpoint with --base-url."
            .into(),
        LlmError::WaitTooLong { .. } => {
            "The endpoint's limit resets later: run again then (finished \
                                        chunks are cached), or lower --concurrency."
                .into()
        }
        LlmError::Connect { .. } => "Is the server running and is the URL right? Set it with \
                                     --base-url or OPENAI_BASE_URL."
            .into(),
        LlmError::Timeout { phase, .. } => match phase {
            TimeoutPhase::Connect => "Is the server running and reachable? Check --base-url.",
            TimeoutPhase::Deadline => {
                "Allow a slow model more time in all with --timeout SECS (or [llm] \
                 timeout_secs in archie.toml)."
            }
            _ => {
                "A slow local model may need more time: [llm] first_token_timeout_secs / \
                 idle_timeout_secs in archie.toml, or --timeout SECS for the whole call."
            }
        }
        .into(),
        LlmError::StreamBroken { .. } => "Try again, or use --no-stream.".into(),
        LlmError::Empty => {
            "Check the server's log; a smaller prompt (--document-budget) may help.".into()
        }
        LlmError::TooLarge { .. } => {
            "The server ignores max_tokens; check its settings (or --max-tokens).".into()
        }
        LlmError::Truncated { .. } => "Raise --max-tokens, or use a larger model.".into(),
        LlmError::Protocol(_) => {
            "Is --base-url an OpenAI-compatible endpoint (usually ending in /v1)?".into()
        }
        LlmError::InvalidOutput { .. } => "A larger model, or --structured schema if the \
                                           endpoint supports JSON Schema, usually helps."
            .into(),
        LlmError::Unusable { .. } => "The model could not follow the extraction \
                                      instructions: a larger model usually can."
            .into(),
        LlmError::Exhausted { last, .. } => return llm_hints(last),
    };
    vec![hint]
}

fn mcp_hints(err: &McpError) -> Vec<String> {
    let hint = match err {
        McpError::Timeout { .. } => {
            "Give the server more time with \"tool_timeout_sec\" (or \"startup_timeout_sec\") \
             in its MCP configuration."
        }
        McpError::Closed { .. } => {
            "The server stopped; `archie -v mcp list` starts it and shows its stderr."
        }
        McpError::UnknownTool { .. } => "`archie mcp list` shows the tools each server offers.",
        McpError::UnknownResource { .. } | McpError::InvalidArguments { .. } => return Vec::new(),
        McpError::Request { .. } => "`archie -v mcp list` shows what the server says.",
    };
    vec![hint.into()]
}

fn memory_hints(err: &MemoryError) -> Vec<String> {
    match err {
        MemoryError::Corrupt { backup, .. } => {
            let mut hints = vec![match backup {
                Some(bak) => format!(
                    "The file was left untouched. A copy of the last good version is {}.",
                    bak.display()
                ),
                None => "The file was left untouched.".to_string(),
            }];
            hints.push(match backup {
                Some(_) => "Fix the file (or restore the copy) and run the command again.".into(),
                None => "Fix the file and run the command again.".into(),
            });
            hints
        }
        MemoryError::Empty { backup, .. } => vec![match backup {
            Some(bak) => format!(
                "The file was left untouched. Delete it and archie starts an empty memory, \
                 or restore the last good version, {}.",
                bak.display()
            ),
            None => "The file was left untouched. Delete it (or write {} in it) and archie \
                     starts an empty memory."
                .into(),
        }],
        MemoryError::NotAFile { .. } => vec![
            "Point --memory-file at a JSON file (one that does not exist yet starts an empty memory)."
                .into(),
        ],
        MemoryError::TooLarge { size, .. } => {
            let room = size.saturating_add(1).next_power_of_two();
            let room = if room >= 1 << 30 {
                format!("{}G", room >> 30)
            } else {
                format!("{}M", (room >> 20).max(1))
            };
            vec![format!(
                "Raise the limit with {}={room} (or more), or use a smaller memory file.",
                crate::memory::MAX_SIZE_ENV
            )]
        }
        MemoryError::Io {
            action: "read",
            source,
            ..
        } if source.kind() == std::io::ErrorKind::PermissionDenied => {
            vec!["Check that you may read the file, then run the command again.".into()]
        }
        MemoryError::Io { source, .. } => io_hint(source).into_iter().collect(),
        MemoryError::Busy { lock, .. } => vec![format!(
            "Another archie is saving it (it holds {}). Try again when it has finished; \
             if no archie is running, the lock is stale and the next try takes it.",
            lock.display()
        )],
    }
}

/// What to do about an I/O failure, when the failure says.
fn io_hint(err: &std::io::Error) -> Option<String> {
    use std::io::ErrorKind as K;
    match err.kind() {
        K::NotFound | K::PermissionDenied | K::ReadOnlyFilesystem | K::NotADirectory => {
            Some("Check that the folder exists and is writable, then run the command again.".into())
        }
        K::StorageFull | K::QuotaExceeded => Some("Free some disk space and run again.".into()),
        _ => None,
    }
}

fn docs_hints(err: &DocsError) -> Vec<String> {
    match err {
        DocsError::NoInputs => vec![INPUTS.into()],
        DocsError::NotFound { .. } => vec![format!("check the path; {INPUTS}")],
        DocsError::Inaccessible { .. } => vec![format!("check its permissions; {INPUTS}")],
        DocsError::BadGlob { .. } => vec![
            "globs match the path relative to the input folder or the file name, e.g. \
             --include '*.rst' or --exclude 'drafts/**'"
                .into(),
        ],
        DocsError::NoDocuments {
            skipped,
            include,
            ignored,
            ..
        } => {
            let mut lines: Vec<String> = skipped
                .iter()
                .take(5)
                .map(|s| format!("skipped {s}"))
                .collect();
            if skipped.len() > 5 {
                lines.push(format!("… and {} more", skipped.len() - 5));
            }
            // The skipped files say what to do about themselves; the filter is named only
            // when it passed files over.
            if !include.is_empty() {
                lines.push(
                    "check the --include and --exclude globs, or point -i at your design documents"
                        .into(),
                );
            } else if *ignored > 0 {
                lines.push(
                    "archie reads .md and .txt files; add --include '*.rst' (for example) to read \
                     other kinds, or point -i at your design documents"
                        .into(),
                );
            } else if skipped.is_empty() {
                lines.push("point -i at a folder of design documents (.md or .txt)".into());
            }
            vec![lines.join("\n")]
        }
    }
}

fn prompt_hints(err: &PromptError) -> Vec<String> {
    let hint = match err {
        PromptError::Template { user_file, .. } => {
            if *user_file {
                "fix the template, or remove it to use archie's built-in one"
            } else {
                "this is a fault in archie's built-in prompt; please report it"
            }
        }
        PromptError::UnknownPrompt { .. } | PromptError::Context { .. } => BUG,
        PromptError::PromptsDir { .. } => "check the folder given to --prompts-dir",
        PromptError::ReadTemplate { .. } => {
            "make it a readable UTF-8 text file, or remove it to use the built-in one"
        }
        PromptError::ConfigRead { .. } => "check the file given to --prompts-config",
        PromptError::ConfigInvalid { .. } => {
            "expected {\"prompts\": {\"AGENT\": {\"KEY\": {\"inputs\": [..], \"path\": \"file.txt\"}}}}"
        }
        PromptError::ConfigFile { .. } => {
            "fix its \"path\" in the config; a relative path is read from the config file's folder"
        }
    };
    vec![hint.into()]
}

fn store_hints(err: &StoreError) -> Vec<String> {
    let hint = match err {
        StoreError::CreateDir { .. } => format!("Make it writable, {STATE_DIR}."),
        StoreError::Open { .. } => {
            format!("If the file is damaged, move it away (archie starts a new one), {STATE_DIR}.")
        }
        StoreError::TooNew { .. } => format!("Upgrade archie, {STATE_DIR}."),
        StoreError::Migrate { .. } => "The database was left as it was. Move it away to start \
                                       a new one, or report this as a bug."
            .into(),
        StoreError::UnknownRun { .. } => "Run `archie runs list` to see the recorded runs.".into(),
        StoreError::Owned { id, .. } => format!(
            "Wait for it to finish (`archie runs show {id}` shows where it is), or stop that \
             process; a run whose process has died shows as abandoned and can be resumed."
        ),
        StoreError::Lock { .. } => format!("Check that the folder is writable, {STATE_DIR}."),
        StoreError::Busy(_) => "Try again when the other run has finished.".into(),
        StoreError::BadCheckpoint { .. } => "It was written by an incompatible archie; start \
                                             the command again instead of resuming."
            .into(),
        StoreError::NoFreeId => "Prune old runs with `archie runs prune --older-than 30d`.".into(),
        StoreError::Sql(_) => {
            "If this persists, move the database away (archie starts a new one).".into()
        }
        StoreError::Json(_) => BUG.into(),
    };
    vec![hint]
}

fn upgrade_hints(err: &UpgradeError) -> Vec<String> {
    const URL: &str = "Point archie at UpGrade with --upgrade-url, UPGRADE_API_URL or [upgrade] \
                       url in archie.toml; it is the API's base, e.g. http://localhost:3030/api.";
    let hint = match err {
        UpgradeError::Unauthorized { credential, .. } => format!("Set {}.", credential.settings()),
        UpgradeError::Network { .. } | UpgradeError::BadUrl { .. } => {
            format!("Is UpGrade running? {URL}")
        }
        UpgradeError::NoRoute { .. } | UpgradeError::Protocol { .. } => URL.into(),
        UpgradeError::Timeout { .. } => {
            "UpGrade is slow or stuck; [upgrade] timeout_secs in archie.toml allows more time."
                .into()
        }
        UpgradeError::Server { .. } => "UpGrade failed inside; its log says why.".into(),
        UpgradeError::Unconfirmed { .. } => "Look at the experiment (or the user) in UpGrade \
                                              before you ask again."
            .into(),
        UpgradeError::Busy { .. } => "Ask again when the other archie has finished; [upgrade] \
                                       lock_wait_secs in archie.toml waits longer."
            .into(),
        UpgradeError::Config { .. } => {
            "Fix the [upgrade] settings (url, token_env, client_api_key_env, \
             client_api_secret_env, timeout_secs, retries, concurrency, lock_wait_secs) or the \
             variables."
                .into()
        }
        UpgradeError::NotFound { .. } | UpgradeError::Validation { .. } => return Vec::new(),
    };
    vec![hint]
}

fn run_hints(err: &RunError) -> Vec<String> {
    match err {
        RunError::Undeclared { .. } | RunError::UnknownCursor { .. } | RunError::State(_) => {
            vec![BUG.into()]
        }
        RunError::StepLimit { .. } => {
            vec![
                "The flow went round in circles; this is a fault in archie, please report it."
                    .into(),
            ]
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outermost_opinion_decides_and_hints_are_innermost_first() {
        let inner = LlmError::Http {
            status: 401,
            code: None,
            message: "bad key".into(),
            model: "m".into(),
            retry_after: None,
        };
        let err = anyhow::Error::new(inner).context("extraction failed");
        let cmd = CommandError::from(err);
        assert_eq!(cmd.exit, Exit::Failed);
        assert_eq!(cmd.hints.len(), 1);
        assert!(cmd.hints[0].contains("OPENAI_API_KEY"));
        let Event::Error {
            message, causes, ..
        } = cmd.event()
        else {
            panic!("an error event")
        };
        assert_eq!(message, "extraction failed");
        assert_eq!(causes, ["the LLM endpoint answered HTTP 401: bad key"]);
    }

    #[test]
    fn usage_errors_exit_2_with_their_hints() {
        let cmd = CommandError::usage("no such run").hint("see `archie runs list`");
        assert_eq!(cmd.exit.code(), 2);
        assert_eq!(cmd.hints, ["see `archie runs list`"]);
        assert_eq!(
            CommandError::from(LlmError::NotConfigured).exit,
            Exit::Usage
        );
        assert_eq!(
            CommandError::from(anyhow::Error::new(Interrupted)).exit,
            Exit::Interrupted
        );
    }

    /// The error types archie and archie-core define: `#[derive(.., thiserror::Error)]`
    /// on the next `struct`/`enum`, or `impl std::error::Error for NAME`.
    fn defined_error_types() -> Vec<(String, String)> {
        fn walk(dir: &std::path::Path, found: &mut Vec<(String, String)>) {
            let mut entries: Vec<_> = std::fs::read_dir(dir)
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            entries.sort();
            for path in entries {
                if path.is_dir() {
                    walk(&path, found);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                let mut derived = false;
                for line in text.lines().map(str::trim) {
                    if line.starts_with("#[derive(") && line.contains("Error") {
                        derived = line.contains("thiserror::Error");
                        continue;
                    }
                    let name = if let Some(rest) = line.strip_prefix("impl std::error::Error for ")
                    {
                        rest.split([' ', '{', '<']).next()
                    } else if derived && !line.starts_with("#[") && !line.starts_with("///") {
                        derived = false;
                        line.split_whitespace()
                            .skip_while(|w| !matches!(*w, "struct" | "enum"))
                            .nth(1)
                            .map(|w| w.trim_end_matches([';', '{', '(']))
                    } else {
                        None
                    };
                    if let Some(name) = name {
                        found.push((name.to_string(), path.display().to_string()));
                    }
                }
            }
        }
        let mut found = Vec::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for src in ["src", "crates/archie-core/src"] {
            walk(&root.join(src), &mut found);
        }
        found
    }

    #[test]
    fn every_error_type_archie_defines_has_an_exit_code_and_hints_here() {
        let known: Vec<&str> = KNOWN
            .iter()
            .map(|k| (k.name)().rsplit("::").next().unwrap_or_default())
            .collect();
        let defined = defined_error_types();
        assert!(defined.len() >= KNOWN.len(), "{defined:?}");
        for (name, file) in &defined {
            assert!(
                known.contains(&name.as_str()),
                "{name} ({file}) is an error type the edge does not know: implement \
                 cli::error::Describe for it and list it in KNOWN"
            );
        }
    }

    #[test]
    fn a_flow_error_is_read_as_the_error_it_wraps() {
        use crate::graph::NodeFailure as _;
        let direct = CommandError::from(LlmError::NotConfigured);
        assert!(!direct.hints.is_empty());
        let wrapped = CommandError::from(FlowError::from(LlmError::NotConfigured));
        assert_eq!((wrapped.exit, &wrapped.hints), (direct.exit, &direct.hints));
        // A failed step's cause is the service error itself, a link of the chain.
        let step = CommandError::from(RunError::Node {
            node: "extract".into(),
            step: 2,
            source: FlowError::from(LlmError::NotConfigured).into_node_error(),
        });
        assert_eq!(step.exit, direct.exit);
        assert!(step.hints.starts_with(&direct.hints), "{:?}", step.hints);
        assert!(step.error.chain().any(|e| e.is::<LlmError>()));
        // The flow's own failure has no opinion; its cause does.
        let failed = CommandError::from(FlowError::because(
            "cannot write out.md",
            UsageError::new("bad").hint("do this"),
        ));
        assert_eq!(
            (failed.exit, failed.hints),
            (Exit::Usage, vec!["do this".into()])
        );
    }

    #[test]
    fn an_unknown_error_is_a_failure_without_hints() {
        let cmd = CommandError::from(anyhow::anyhow!("boom"));
        assert_eq!(cmd.exit, Exit::Failed);
        assert!(cmd.hints.is_empty());
    }

    #[test]
    fn a_read_that_is_not_allowed_asks_for_read_permission() {
        let err = MemoryError::Io {
            action: "read",
            path: "context.json".into(),
            source: std::io::Error::from(std::io::ErrorKind::PermissionDenied),
        };
        let cmd = CommandError::from(err);
        assert_eq!(cmd.exit, Exit::Failed);
        assert_eq!(
            cmd.hints,
            ["Check that you may read the file, then run the command again."]
        );
        let err = MemoryError::Io {
            action: "write",
            path: "context.json".into(),
            source: std::io::Error::from(std::io::ErrorKind::PermissionDenied),
        };
        assert!(CommandError::from(err).hints[0].contains("writable"));
    }

    #[test]
    fn an_out_of_memory_read_gets_no_folder_hint() {
        let err = MemoryError::Io {
            action: "read",
            path: "context.json".into(),
            source: std::io::Error::from(std::io::ErrorKind::OutOfMemory),
        };
        assert!(CommandError::from(err).hints.is_empty());
    }
}
