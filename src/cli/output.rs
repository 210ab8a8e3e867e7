//! `-o FILE` checked before any paid work: a run that would fail to write its result at
//! the end (after every LLM call) fails at its start instead, naming the path the user
//! gave, with nothing spent.

use super::error::CommandError;
use crate::app::App;
use crate::events::Event;
use crate::flows::sources::is_stdout;
use std::path::{Path, PathBuf};

/// Checks that the output `given` (as the user wrote it) can be written: it is not a
/// folder nor a device, its folder exists (archie creates a missing one, and says so) and
/// takes a new file. `-` (standard output) always can.
/// `name` is what the hint for a folder suggests (`analysis_result.md`).
pub fn check(app: &App, given: &Path, name: &str) -> Result<(), CommandError> {
    if is_stdout(given) {
        return Ok(());
    }
    let path = resolved(app, given);
    let shown = crate::text::near(&given.display().to_string());
    let near = |p: &Path| crate::text::near(&p.display().to_string());
    let cannot = |why: String| {
        CommandError::usage(format!("cannot write -o {shown}: {why}"))
            .hint("Nothing was sent to the model. Give -o a file in a folder you can write to, or `-o -` for standard output.")
    };
    match std::fs::metadata(&path) {
        Ok(meta) if meta.is_dir() => {
            return Err(
                CommandError::usage(format!("-o {shown} is a folder")).hint(format!(
                    "Give a file name: -o {}",
                    given.join(name).display()
                )),
            );
        }
        Ok(meta) if !meta.is_file() => {
            return Err(cannot("it is not a regular file".into()));
        }
        _ => {}
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    // The nearest folder that is there: a file in the way is named.
    let existing = folder.ancestors().find_map(|p| {
        let p = if p.as_os_str().is_empty() {
            Path::new(".")
        } else {
            p
        };
        std::fs::metadata(p)
            .ok()
            .map(|meta| (p.to_path_buf(), meta.is_dir()))
    });
    match existing {
        Some((p, false)) => {
            return Err(cannot(format!("{} is a file, not a folder", near(&p))));
        }
        Some((p, true)) if p == folder => {}
        _ => {
            std::fs::create_dir_all(&folder).map_err(|err| {
                cannot(format!(
                    "cannot create the folder {}: {}",
                    near(&folder),
                    crate::text::io_reason(&err)
                ))
            })?;
            app.events.emit(Event::Done {
                message: format!("created the folder {} for -o {shown}", near(&folder)),
            });
        }
    }
    // A new file in the folder, as the final write makes (then renames over the output).
    tempfile::Builder::new()
        .prefix(".archie-check-")
        .tempfile_in(&folder)
        .map(drop)
        .map_err(|err| cannot(crate::text::io_reason(&err)))
}

/// Where `given` will be written: a relative path of a resumed run is taken from the
/// folder the run started in, as the flows do (`Sources::output_path`).
fn resolved(app: &App, given: &Path) -> PathBuf {
    if given.is_relative()
        && let Some(started) = app
            .resumed_checkpoint()
            .and_then(|cp| cp.state["sources"]["started_in"].as_str())
    {
        return Path::new(started).join(given);
    }
    given.to_path_buf()
}
