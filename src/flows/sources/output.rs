//! Writing a flow's output: the generated-file header, standard output for `-`, an
//! atomic redacted write.

use crate::docs;
use crate::flows::FlowError;
use std::path::Path;

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
pub fn write_output(path: &Path, text: &str) -> Result<(), FlowError> {
    let text = crate::text::for_file(&crate::secrets::redact_text(text));
    if is_stdout(path) {
        return crate::stdout::write(text.as_bytes())
            .map_err(|err| FlowError::because("cannot write to standard output", err));
    }
    // Named by the path the user gave: the temporary file the write goes through is no
    // concern of theirs.
    crate::files::write_atomic(path, text.as_bytes()).map_err(|err| {
        FlowError::failed(format!(
            "cannot write {}: {}",
            path.display(),
            crate::text::io_reason(&err)
        ))
    })
}
