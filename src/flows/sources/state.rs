//! The part of a flow's state these nodes keep: the documents read (checkpointed by
//! path, size and hash, not their text) and what the run learned from them.

use super::output::is_stdout;
use crate::docs::{Document, Reload};
use crate::events::{Event, Events};
use crate::flows::FlowError;
use crate::memory::{Memory, Reading};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The documents a run read and what it learned from them.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Sources {
    /// The documents read. Checkpointed without their text (see [`Sources::load`]).
    pub documents: Vec<Document>,
    /// Knowledge this run learned (extraction and the model's answers).
    pub learned: Memory,
    /// Chunks whose extraction failed.
    #[serde(default)]
    pub failed_chunks: usize,
    /// The folder the run started in: a relative output path is written there, also when
    /// the run is resumed from another folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_in: Option<PathBuf>,
    /// What extraction read whole, so the memory follows the documents when it is
    /// saved (see [`Memory::follow`]); `None` when nothing was extracted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<Reading>,
}

impl Sources {
    /// Where `output` goes: a relative path is taken from the folder the run started in.
    pub fn output_path(&self, output: &Path) -> PathBuf {
        if is_stdout(output) {
            return output.to_path_buf();
        }
        match &self.started_in {
            Some(dir) if output.is_relative() => {
                let here = std::env::current_dir().ok();
                if here.as_deref() == Some(dir.as_path()) {
                    output.to_path_buf()
                } else {
                    dir.join(output)
                }
            }
            _ => output.to_path_buf(),
        }
    }

    /// The documents with their text: after a resume (a checkpoint carries no text) each
    /// is read again, and a document that changed or vanished since is reported.
    pub fn load(&mut self, events: &Events, max_file_size: u64) -> &[Document] {
        if self.documents.iter().any(|d| d.text.is_empty()) {
            self.documents.retain_mut(|doc| {
                if !doc.text.is_empty() {
                    return true;
                }
                match doc.reload(max_file_size) {
                    Reload::Unchanged => true,
                    Reload::Changed => {
                        events.emit(Event::Warning {
                            message: format!(
                                "{} changed since the run stopped; using it as it is now",
                                doc.path
                            ),
                        });
                        true
                    }
                    Reload::Gone(reason) => {
                        events.emit(Event::Warning {
                            message: format!(
                                "{} can no longer be read ({reason}); going on without it",
                                doc.path
                            ),
                        });
                        false
                    }
                }
            });
        }
        &self.documents
    }
}

/// A flow state that carries [`Sources`].
pub trait HasSources: Send {
    fn sources(&mut self) -> &mut Sources;

    /// After the run's pairs of names were decided (merged or kept apart) in `memory`:
    /// brings what the run wrote (`output`, as given) from the memory up to date, so the
    /// file reflects the decisions without a second run. Nothing by default.
    fn after_decisions(&self, _output: &Path, _memory: &Memory) -> Result<(), FlowError> {
        Ok(())
    }
}
