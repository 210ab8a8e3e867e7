//! Prompt templates: embedded in the binary, rendered with minijinja, overridable.
//!
//! Every prompt archie sends is a template file under `prompts/` in the source tree,
//! compiled into the binary with `include_str!`. Each file documents its variables in a
//! `{# … #}` comment at the top. Files whose name starts with `_` are partials, pulled in
//! by the prompts with `{% include %}`.
//! Rendering is strict about typos (printing or looping over an undefined variable is an
//! error naming the file and line; `{% if var %}` on an undefined one is fine) and tidies
//! the result: trailing spaces go, runs of blank lines become one, one final newline.
//!
//! Two ways to replace the built-ins, applied in this order:
//!
//! 1. `--prompts-dir DIR`: a file in DIR with the same name as a built-in
//!    (`analyze_initial.md`, `_knowledge_format.md`, …) replaces it. It is a minijinja
//!    template with the same variables. Other files in DIR are ignored with a warning.
//! 2. `--prompts-config FILE`: the original Archie's JSON config. Its templates use the
//!    original's `{{name}}` placeholders, not minijinja; `original.rs` reads the config and
//!    maps archie's variables onto those placeholders. When a prompt is set both ways, the
//!    config wins (with a warning).

mod original;

pub use original::ORIGINAL_KEYS;

use original::{Original, read_original_config};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The built-in template files: (file name, text).
const BUILTINS: &[(&str, &str)] = &[
    ("system.md", include_str!("../../prompts/system.md")),
    (
        "analyze_initial.md",
        include_str!("../../prompts/analyze_initial.md"),
    ),
    (
        "analyze_followup.md",
        include_str!("../../prompts/analyze_followup.md"),
    ),
    (
        "analyze_final.md",
        include_str!("../../prompts/analyze_final.md"),
    ),
    (
        "build_context.md",
        include_str!("../../prompts/build_context.md"),
    ),
    ("extract.md", include_str!("../../prompts/extract.md")),
    (
        "search_plan.md",
        include_str!("../../prompts/search_plan.md"),
    ),
    (
        "search_answer.md",
        include_str!("../../prompts/search_answer.md"),
    ),
    (
        "upgrade_router.md",
        include_str!("../../prompts/upgrade_router.md"),
    ),
    (
        "identity_judge.md",
        include_str!("../../prompts/identity_judge.md"),
    ),
    (
        "_knowledge_format.md",
        include_str!("../../prompts/_knowledge_format.md"),
    ),
    ("_memory.md", include_str!("../../prompts/_memory.md")),
    ("_documents.md", include_str!("../../prompts/_documents.md")),
    ("_history.md", include_str!("../../prompts/_history.md")),
];

/// The prompts archie renders, by name (the file name without `.md`).
pub const NAMES: &[&str] = &[
    "system",
    "analyze_initial",
    "analyze_followup",
    "analyze_final",
    "build_context",
    "extract",
    "search_plan",
    "search_answer",
    "upgrade_router",
    "identity_judge",
];

/// Where the template in use for a file came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Compiled into archie.
    BuiltIn,
    /// A minijinja template from `--prompts-dir`.
    Dir(PathBuf),
    /// An original-format template named by `--prompts-config`.
    Original(PathBuf),
}

/// Why a prompt could not be loaded or rendered.
///
/// [`PromptError::is_usage`] tells them apart: anything the user can fix (their template
/// files, their folder, their config) is a usage error (exit code 2); a fault in archie
/// itself (a built-in template given the wrong variables, an unknown prompt name) is a
/// failure (exit code 1).
#[derive(Debug, thiserror::Error)]
pub enum PromptError {
    /// A template failed to parse or render.
    #[error("prompt template {file}{}: {problem}", line_suffix(*.line))]
    Template {
        /// The file: its path, or `built-in prompts/NAME.md`.
        file: String,
        line: Option<usize>,
        problem: String,
        /// The template came from the user (`--prompts-dir` or `--prompts-config`).
        user_file: bool,
    },
    /// `render` was asked for a prompt archie does not have.
    #[error("there is no prompt named {name:?} (archie's prompts are: {})", NAMES.join(", "))]
    UnknownPrompt { name: String },
    /// The `--prompts-dir` folder could not be read.
    #[error("cannot read the prompts folder {}: {err}", .dir.display())]
    PromptsDir { dir: PathBuf, err: std::io::Error },
    /// A template file in `--prompts-dir` could not be read.
    #[error("cannot read the prompt template {}: {err}", .path.display())]
    ReadTemplate { path: PathBuf, err: std::io::Error },
    /// The `--prompts-config` file could not be read.
    #[error("cannot read the prompts config {}: {err}", .path.display())]
    ConfigRead { path: PathBuf, err: std::io::Error },
    /// The `--prompts-config` file is not in the expected shape.
    #[error("the prompts config {} is not valid: {problem}", .path.display())]
    ConfigInvalid { path: PathBuf, problem: String },
    /// A template file named in `--prompts-config` could not be read.
    #[error(
        "cannot read the prompt file {} for {key} (named in {}): {err}",
        .path.display(),
        .config.display()
    )]
    ConfigFile {
        key: String,
        path: PathBuf,
        config: PathBuf,
        err: std::io::Error,
    },
    /// The variables given to `render` could not be serialized.
    #[error("cannot pass the variables to the prompt {name}: {problem}")]
    Context { name: String, problem: String },
}

fn line_suffix(line: Option<usize>) -> String {
    line.map(|l| format!(", line {l}")).unwrap_or_default()
}

impl PromptError {
    /// Whether the user can fix this (exit code 2) rather than it being archie's fault.
    pub fn is_usage(&self) -> bool {
        match self {
            PromptError::Template { user_file, .. } => *user_file,
            PromptError::UnknownPrompt { .. } | PromptError::Context { .. } => false,
            PromptError::PromptsDir { .. }
            | PromptError::ReadTemplate { .. }
            | PromptError::ConfigRead { .. }
            | PromptError::ConfigInvalid { .. }
            | PromptError::ConfigFile { .. } => true,
        }
    }
}

impl crate::error::Classify for PromptError {
    /// The user's templates, folder or config: theirs to fix (exit 2); a built-in
    /// template given the wrong variables is archie's fault (exit 1).
    fn exit(&self) -> crate::error::Exit {
        if self.is_usage() {
            crate::error::Exit::Usage
        } else {
            crate::error::Exit::Failed
        }
    }
}

/// archie's prompt templates, ready to render.
#[derive(Debug)]
pub struct Prompts {
    env: minijinja::Environment<'static>,
    /// Template file name → where the template in use came from.
    sources: BTreeMap<&'static str, Source>,
    /// Prompt name → original-format template that replaces it.
    originals: BTreeMap<&'static str, Original>,
    warnings: Vec<String>,
}

impl Prompts {
    /// The built-in prompts, then `prompts_dir` overrides by file name, then
    /// `prompts_config` (the original Archie's JSON shape). Unknown files in the folder and
    /// unknown keys in the config are not errors: see [`Prompts::warnings`].
    pub fn load(
        prompts_dir: Option<&Path>,
        prompts_config: Option<&Path>,
    ) -> Result<Prompts, PromptError> {
        let mut warnings = Vec::new();
        let mut texts: BTreeMap<&'static str, (String, Source)> = BUILTINS
            .iter()
            .map(|(file, text)| (*file, ((*text).to_string(), Source::BuiltIn)))
            .collect();
        if let Some(dir) = prompts_dir {
            read_dir_overrides(dir, &mut texts, &mut warnings)?;
        }

        let mut env = minijinja::Environment::new();
        env.set_trim_blocks(true);
        env.set_lstrip_blocks(true);
        env.set_undefined_behavior(minijinja::UndefinedBehavior::SemiStrict);
        env.set_auto_escape_callback(|_| minijinja::AutoEscape::None);
        env.set_debug(false);
        let mut sources = BTreeMap::new();
        for (file, (text, source)) in texts {
            env.add_template_owned(file, text)
                .map_err(|e| template_error(&e, file, &source))?;
            sources.insert(file, source);
        }

        let mut originals = BTreeMap::new();
        if let Some(config) = prompts_config {
            for (name, original) in read_original_config(config, &mut warnings)? {
                let file = file_of(name);
                if let Some(Source::Dir(path)) = sources.get(file) {
                    warnings.push(format!(
                        "{} is replaced by {} from --prompts-config; {} is not used",
                        name,
                        original.path.display(),
                        path.display()
                    ));
                }
                sources.insert(file, Source::Original(original.path.clone()));
                originals.insert(name, original);
            }
        }
        Ok(Prompts {
            env,
            sources,
            originals,
            warnings,
        })
    }

    /// The built-in prompts archie renders (file names without `.md`), partials excluded.
    pub fn names() -> &'static [&'static str] {
        NAMES
    }

    /// Every built-in template file name, partials (`_*.md`) included: the names a file in
    /// `--prompts-dir` can have.
    pub fn files() -> Vec<&'static str> {
        BUILTINS.iter().map(|(file, _)| *file).collect()
    }

    /// What loading noticed but did not stop for: ignored files, unknown config keys.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Where the template in use for `name` (with or without `.md`) came from.
    pub fn source(&self, name: &str) -> Option<&Source> {
        let file = BUILTINS
            .iter()
            .map(|(file, _)| *file)
            .find(|file| *file == name || file.strip_suffix(".md") == Some(name))?;
        self.sources.get(file)
    }

    /// What the prompt `name` is rendered from, as a hash: the text of its template and of
    /// the partials it includes, wherever they came from (built in, `--prompts-dir`,
    /// `--prompts-config`). What a model answered to this prompt can be reused while the
    /// fingerprint is unchanged.
    pub fn fingerprint(&self, name: &str) -> String {
        let name = name.strip_suffix(".md").unwrap_or(name);
        let mut material = String::new();
        if let Some(original) = self.originals.get(name) {
            material.push_str(&original.text);
        }
        let mut todo = vec![file_of(name)];
        let mut seen = std::collections::BTreeSet::new();
        while let Some(file) = todo.pop() {
            if !seen.insert(file) {
                continue;
            }
            let Ok(template) = self.env.get_template(file) else {
                continue;
            };
            let source = template.source();
            material.push_str(&format!("\u{0}{file}\u{0}{source}"));
            todo.extend(
                BUILTINS
                    .iter()
                    .map(|(f, _)| *f)
                    .filter(|f| f.starts_with('_') && source.contains(*f)),
            );
        }
        crate::hash::sha256_hex(material.as_bytes())
    }

    /// Render the prompt `name` (`analyze_initial`, or `analyze_initial.md`) with the
    /// variables in `ctx` (a struct or map; see the comment at the top of each template).
    pub fn render(&self, name: &str, ctx: impl Serialize) -> Result<String, PromptError> {
        let Some(name) = NAMES
            .iter()
            .copied()
            .find(|n| *n == name || name.strip_suffix(".md") == Some(*n))
        else {
            return Err(PromptError::UnknownPrompt {
                name: name.to_string(),
            });
        };
        if let Some(original) = self.originals.get(name) {
            return self.render_original(name, original, &ctx);
        }
        self.render_file(file_of(name), minijinja::Value::from_serialize(&ctx))
    }

    fn render_file(&self, file: &str, ctx: minijinja::Value) -> Result<String, PromptError> {
        let text = self
            .env
            .get_template(file)
            .and_then(|template| template.render(ctx))
            .map_err(|e| self.render_error(&e, file))?;
        Ok(tidy(&text))
    }

    /// A render error, naming the innermost template that failed (an error inside an
    /// included partial names the partial) and the templates that included it.
    fn render_error(&self, err: &minijinja::Error, file: &str) -> PromptError {
        let mut chain = vec![err];
        let mut cause: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(err);
        while let Some(c) = cause {
            if let Some(inner) = c.downcast_ref::<minijinja::Error>() {
                chain.push(inner);
            }
            cause = c.source();
        }
        let source_of = |name: Option<&str>| {
            let name = name.unwrap_or(file);
            let found = self.sources.iter().find(|(f, _)| **f == name);
            found.map_or((name.to_string(), Source::BuiltIn), |(f, s)| {
                (f.to_string(), s.clone())
            })
        };
        // Blame the user if any template on the way is theirs.
        let user_file = chain
            .iter()
            .any(|e| source_of(e.name()).1 != Source::BuiltIn);
        let innermost = chain
            .iter()
            .rev()
            .find(|e| e.line().is_some())
            .unwrap_or(&err);
        let (name, source) = source_of(innermost.name());
        let mut error = template_error(innermost, &name, &source);
        if let PromptError::Template {
            problem,
            user_file: blame,
            ..
        } = &mut error
        {
            *blame = user_file;
            for outer in chain
                .iter()
                .rev()
                .skip_while(|e| !std::ptr::eq(**e, *innermost))
                .skip(1)
            {
                let (name, source) = source_of(outer.name());
                let _ = write!(
                    problem,
                    " (included from {}{})",
                    label(&name, &source),
                    line_suffix(outer.line())
                );
            }
        }
        error
    }
}

/// The template file of a prompt name.
fn file_of(name: &str) -> &'static str {
    BUILTINS
        .iter()
        .map(|(file, _)| *file)
        .find(|file| file.strip_suffix(".md") == Some(name))
        .unwrap_or("?")
}

/// Read `--prompts-dir`: files named like a built-in replace it, others are warned about.
fn read_dir_overrides(
    dir: &Path,
    texts: &mut BTreeMap<&'static str, (String, Source)>,
    warnings: &mut Vec<String>,
) -> Result<(), PromptError> {
    let dir_err = |err| PromptError::PromptsDir {
        dir: dir.to_path_buf(),
        err,
    };
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(dir_err)? {
        entries.push(entry.map_err(dir_err)?.path());
    }
    entries.sort();
    for path in entries {
        let Some(file_name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        // Folders and hidden files are not templates; say nothing about them.
        if file_name.starts_with('.') || path.is_dir() {
            continue;
        }
        match BUILTINS.iter().find(|(file, _)| *file == file_name) {
            Some((file, _)) => {
                let text =
                    std::fs::read_to_string(&path).map_err(|err| PromptError::ReadTemplate {
                        path: path.clone(),
                        err,
                    })?;
                texts.insert(file, (text, Source::Dir(path)));
            }
            None => warnings.push(format!(
                "ignoring {} in --prompts-dir: no prompt has that name (archie's are {})",
                path.display(),
                Prompts::files().join(", ")
            )),
        }
    }
    Ok(())
}

/// Collapse runs of blank lines left by optional sections, end with one newline.
fn tidy(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = 0;
    for line in text.trim().lines() {
        let line = line.trim_end();
        if line.is_empty() {
            blank += 1;
            if blank > 1 {
                continue;
            }
        } else {
            blank = 0;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// How a template file is named in errors: its path, or `built-in prompts/NAME.md`.
fn label(file: &str, source: &Source) -> String {
    match source {
        Source::BuiltIn => format!("built-in prompts/{file}"),
        Source::Dir(path) | Source::Original(path) => path.display().to_string(),
    }
}

fn template_error(e: &minijinja::Error, file: &str, source: &Source) -> PromptError {
    let label = label(file, source);
    let mut problem = e.kind().to_string();
    if let Some(detail) = e.detail() {
        problem = format!("{problem}: {detail}");
    }
    PromptError::Template {
        file: label,
        line: e.line(),
        problem,
        user_file: *source != Source::BuiltIn,
    }
}

#[cfg(test)]
mod tests;
