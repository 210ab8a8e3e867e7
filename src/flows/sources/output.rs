//! Writing a flow's output: the generated-file header, standard output for `-`, an
//! atomic redacted write, and the link to the knowledge graph's view page.

use super::SourcesEnv;
use crate::docs;
use anyhow::Context as _;
use std::path::{Path, PathBuf};

/// The start of every file archie writes: document retrieval skips files that begin
/// with it, so archie never reads its own output as input.
pub fn generated_header(command: &str) -> String {
    format!("{} {command} -->\n", docs::GENERATED_MARKER)
}

/// Whether `path` is `-`: standard output (`-o -`).
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// How a "wrote" line names `path`: `stdout` for `-`.
pub fn output_name(path: &Path) -> String {
    if is_stdout(path) {
        "stdout".into()
    } else {
        path.display().to_string()
    }
}

/// Writes an output file atomically, secrets redacted, with no control character but
/// newlines and tabs (a model's reply can hold any). `-` writes it to standard output.
pub fn write_output(path: &Path, text: &str) -> anyhow::Result<()> {
    let text = crate::text::for_file(&crate::secrets::redact_text(text));
    if is_stdout(path) {
        return crate::stdout::write(text.as_bytes()).context("cannot write to standard output");
    }
    // Named by the path the user gave: the temporary file the write goes through is no
    // concern of theirs.
    crate::files::write_atomic(path, text.as_bytes()).map_err(|err| {
        anyhow::anyhow!(
            "cannot write {}: {}",
            path.display(),
            crate::text::io_reason(&err)
        )
    })
}

/// The line that links an output written to `output` to the view page, if there is one:
/// a path relative to the output's folder, so the link works wherever the two are moved
/// together.
pub fn view_link(env: &SourcesEnv, output: &std::path::Path) -> Option<String> {
    let view = env.view.as_ref()?;
    let absolute = |p: &std::path::Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let from = if output.as_os_str() == "-" {
        absolute(std::path::Path::new("."))
    } else {
        absolute(output)
            .parent()
            .map(std::path::Path::to_path_buf)?
    };
    let to = absolute(view);
    let common = from
        .components()
        .zip(to.components())
        .take_while(|(a, b)| a == b)
        .count();
    let mut relative = PathBuf::new();
    for _ in from.components().skip(common) {
        relative.push("..");
    }
    for part in to.components().skip(common) {
        relative.push(part);
    }
    let target = relative.display().to_string().replace(' ', "%20");
    Some(format!(
        "\n\n[Explore the knowledge graph: search, filter, neighbours]({target})\n"
    ))
}
