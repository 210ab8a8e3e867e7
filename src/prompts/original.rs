//! The original Archie's `--prompts-config`: its JSON shape,
//! `{"prompts": {"AGENT": {"KEY": {"inputs": [..], "path": "file.txt"}}}}`, with paths
//! relative to the config file's folder. The keys map onto archie's prompts (see
//! [`ORIGINAL_KEYS`]); an unknown key is a warning. These files are in the original's
//! placeholder format, not minijinja: `{{name}}` is replaced by the value of `name` and
//! any placeholder archie does not know is left as it is.
//!
//! Variables an original-format template can use, made from archie's own variables:
//!
//! | placeholder | value |
//! |---|---|
//! | `{{fileSummaries}}` | `documents`, each as `--- File: PATH ---` followed by its excerpt, blank line between |
//! | `{{firstUserMessage}}` | `goal` |
//! | `{{conversationHistory}}`, `{{history}}` | `history`, one `User: …` / `Archie: …` line per turn |
//! | `{{fileList}}` | the paths of `documents`, one per line |
//! | `{{systemName}}` | `system` |
//! | `{{goal}}`, `{{memory}}`, `{{system}}`, … | any of archie's own variables whose value is text or a number |
//!
//! The original's templates did not always ask for the `<agent>`/`<system>` reply format,
//! so when an original-format template for an analyze or build-context prompt does not
//! mention `<system>`, archie appends its `_knowledge_format.md` instruction; when it does
//! not use `{{memory}}` and there is memory to show, archie appends `_memory.md` too.

use super::{PromptError, Prompts};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The original Archie's prompt keys (`AGENT/KEY` in its `--prompts-config`) and the
/// archie prompt each one replaces.
pub const ORIGINAL_KEYS: &[(&str, &str)] = &[
    ("AnalysisPrepareNode/initial", "analyze_initial"),
    ("AnalysisPrepareNode/followup", "analyze_followup"),
    ("AnalysisPrepareNode/final", "analyze_final"),
    ("ContextBuildingAgentNode/context_build", "build_context"),
];

/// The placeholders an original-format template can use besides archie's own variables.
const ORIGINAL_PLACEHOLDERS: &[&str] = &[
    "fileSummaries",
    "firstUserMessage",
    "conversationHistory",
    "history",
    "fileList",
    "systemName",
];

/// An original-format template from `--prompts-config`.
#[derive(Debug)]
pub(super) struct Original {
    pub(super) path: PathBuf,
    pub(super) text: String,
}

impl Prompts {
    /// Renders an original-format template: its placeholders filled from `ctx`, then
    /// archie's memory and reply-format instructions appended where it lacks them.
    pub(super) fn render_original(
        &self,
        name: &str,
        original: &Original,
        ctx: &impl Serialize,
    ) -> Result<String, PromptError> {
        let ctx = serde_json::to_value(ctx).map_err(|e| PromptError::Context {
            name: name.to_string(),
            problem: e.to_string(),
        })?;
        let vars = original_vars(&ctx);
        let mut text = substitute(&original.text, &vars);
        let memory = vars.get("memory").map(|m| m.trim()).unwrap_or_default();
        if !memory.is_empty() && !mentions_placeholder(&original.text, "memory") {
            let block = self.render_file("_memory.md", minijinja::context! { memory })?;
            text = format!("{}\n\n{}", text.trim_end(), block.trim());
        }
        if !original.text.contains("<system>") {
            let block = self.render_file("_knowledge_format.md", minijinja::context! {})?;
            text = format!("{}\n\n{}", text.trim_end(), block.trim());
        }
        if !text.ends_with('\n') {
            text.push('\n');
        }
        Ok(text)
    }
}

/// Read an original-format `--prompts-config`: prompt name → its template.
pub(super) fn read_original_config(
    config: &Path,
    warnings: &mut Vec<String>,
) -> Result<Vec<(&'static str, Original)>, PromptError> {
    let text = std::fs::read_to_string(config).map_err(|err| PromptError::ConfigRead {
        path: config.to_path_buf(),
        err,
    })?;
    let invalid = |problem: String| PromptError::ConfigInvalid {
        path: config.to_path_buf(),
        problem,
    };
    let json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| invalid(e.to_string()))?;
    let agents = json
        .get("prompts")
        .and_then(|p| p.as_object())
        .ok_or_else(|| invalid("it has no \"prompts\" object at the top level".into()))?;
    let base = config.parent().unwrap_or(Path::new("."));
    let known_keys = || {
        ORIGINAL_KEYS
            .iter()
            .map(|(k, _)| *k)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = Vec::new();
    for (agent, keys) in agents {
        let keys = keys.as_object().ok_or_else(|| {
            invalid(format!(
                "\"prompts\".\"{agent}\" must be an object of prompt keys"
            ))
        })?;
        for (key, entry) in keys {
            let full_key = format!("{agent}/{key}");
            let Some((_, name)) = ORIGINAL_KEYS.iter().find(|(k, _)| *k == full_key) else {
                warnings.push(format!(
                    "ignoring {full_key} in {}: archie knows {}",
                    config.display(),
                    known_keys()
                ));
                continue;
            };
            let rel = entry
                .get("path")
                .and_then(|p| p.as_str())
                .ok_or_else(|| invalid(format!("{full_key} has no \"path\" string")))?;
            if let Some(inputs) = entry.get("inputs").and_then(|i| i.as_array()) {
                for input in inputs.iter().filter_map(|i| i.as_str()) {
                    if !ORIGINAL_PLACEHOLDERS.contains(&input) && !is_own_variable(name, input) {
                        warnings.push(format!(
                            "{full_key} in {} lists the input {input:?}, which archie does not provide; \
                             its placeholder is left as it is",
                            config.display()
                        ));
                    }
                }
            }
            let path = base.join(rel);
            let text = std::fs::read_to_string(&path).map_err(|err| PromptError::ConfigFile {
                key: full_key.clone(),
                path: path.clone(),
                config: config.to_path_buf(),
                err,
            })?;
            out.push((*name, Original { path, text }));
        }
    }
    Ok(out)
}

/// Whether `var` is one of archie's own variables for the prompt `name`.
fn is_own_variable(name: &str, var: &str) -> bool {
    let vars: &[&str] = match name {
        "analyze_initial" => &["goal", "documents", "memory"],
        "analyze_followup" | "analyze_final" => &["goal", "documents", "memory", "history"],
        "build_context" => &["system", "documents", "memory"],
        _ => &[],
    };
    vars.contains(&var)
}

/// The values of the original's placeholders, made from archie's variables.
pub(super) fn original_vars(ctx: &serde_json::Value) -> BTreeMap<String, String> {
    use serde_json::Value;
    let mut vars = BTreeMap::new();
    let Some(obj) = ctx.as_object() else {
        return vars;
    };
    for (key, value) in obj {
        match value {
            Value::String(s) => {
                vars.insert(key.clone(), s.clone());
            }
            Value::Number(n) => {
                vars.insert(key.clone(), n.to_string());
            }
            Value::Bool(b) => {
                vars.insert(key.clone(), b.to_string());
            }
            _ => {}
        }
    }
    if let Some(docs) = obj.get("documents").and_then(Value::as_array) {
        let mut summaries = Vec::new();
        let mut paths = Vec::new();
        for doc in docs {
            let (path, excerpt) = match doc {
                Value::String(path) => (path.as_str(), None),
                other => (
                    other.get("path").and_then(Value::as_str).unwrap_or("?"),
                    other.get("excerpt").and_then(Value::as_str),
                ),
            };
            paths.push(path.to_string());
            let mut block = format!("--- File: {path} ---");
            if let Some(excerpt) = excerpt {
                block.push('\n');
                block.push_str(excerpt.trim_end());
            }
            summaries.push(block);
        }
        vars.insert("fileSummaries".into(), summaries.join("\n\n"));
        vars.insert("fileList".into(), paths.join("\n"));
    }
    if let Some(goal) = obj.get("goal").and_then(Value::as_str) {
        vars.insert("firstUserMessage".into(), goal.to_string());
    }
    if let Some(system) = obj.get("system").and_then(Value::as_str) {
        vars.insert("systemName".into(), system.to_string());
    }
    if let Some(turns) = obj.get("history").and_then(Value::as_array) {
        let mut lines = String::new();
        for turn in turns {
            let role = turn.get("role").and_then(Value::as_str).unwrap_or("user");
            let content = turn.get("content").and_then(Value::as_str).unwrap_or("");
            if !lines.is_empty() {
                lines.push('\n');
            }
            let _ = write!(lines, "{}: {}", role_label(role), content.trim());
        }
        vars.insert("conversationHistory".into(), lines.clone());
        vars.insert("history".into(), lines);
    }
    vars
}

/// How a conversation role is shown: `User`, `Archie`, or the role itself, capitalised.
pub(super) fn role_label(role: &str) -> String {
    match role {
        "user" => "User".into(),
        "assistant" | "agent" | "archie" => "Archie".into(),
        other => {
            let mut chars = other.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect(),
                None => "User".into(),
            }
        }
    }
}

/// The original's substitution: `{{name}}` (spaces inside allowed) becomes the value of
/// `name`; a placeholder with no value is left exactly as it is. One pass, so a value that
/// itself contains `{{…}}` is not substituted again.
pub(super) fn substitute(text: &str, vars: &BTreeMap<String, String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        if let Some(end) = after.find("}}")
            && let Some(value) = vars.get(after[..end].trim())
        {
            out.push_str(value);
            rest = &after[end + 2..];
            continue;
        }
        out.push_str("{{");
        rest = after;
    }
    out.push_str(rest);
    out
}

fn mentions_placeholder(text: &str, name: &str) -> bool {
    substitute(text, &BTreeMap::from([(name.to_string(), String::new())])) != text
}
