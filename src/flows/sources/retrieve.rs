//! The retrieve node: reads the design documents (or takes those read before the run
//! was recorded).

use super::{HasSources, READING, SourcesEnv};
use crate::docs;
use crate::events::{Count, Event};
use crate::flows::FlowError;
use crate::graph::{Cx, Next};
use std::sync::PoisonError;

/// Reads the design documents.
pub async fn retrieve<S: HasSources>(
    state: &mut S,
    cx: &mut Cx<'_, SourcesEnv>,
) -> Result<Next, FlowError> {
    let prefetched = cx
        .env
        .prefetched
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take();
    let retrieved = match prefetched {
        Some(retrieved) => retrieved,
        None => {
            let options = cx.env.inputs.clone();
            cx.emit(Event::Progress {
                task: READING.into(),
                done: 0,
                total: None,
                detail: None,
            });
            let read = tokio::task::spawn_blocking(move || docs::retrieve(&options))
                .await
                .map_err(|err| FlowError::because("document retrieval panicked", err));
            cx.emit(Event::ProgressDone {
                task: READING.into(),
            });
            read??
        }
    };
    for skipped in &retrieved.skipped {
        cx.emit(Event::Detail {
            message: format!("skipped {skipped}"),
        });
    }
    let mut retrieved = retrieved;
    let sources = state.sources();
    if sources.started_in.is_none() {
        sources.started_in = std::env::current_dir().ok();
    }
    for doc in &mut retrieved.documents {
        // A resumed run reads them again, perhaps from another folder.
        if let Ok(source) = std::path::absolute(&doc.source) {
            doc.source = source;
        }
    }
    cx.emit(Event::Retrieved {
        documents: retrieved.documents.len() as u64,
        bytes: retrieved.total_bytes(),
        skipped: docs::skip_counts(&retrieved.skipped)
            .into_iter()
            .map(|(label, count)| Count {
                label,
                count: count as u64,
            })
            .collect(),
    });
    // What the documents held that never leaves for the model.
    for doc in &retrieved.documents {
        if !doc.withheld.is_empty() {
            cx.emit(Event::Detail {
                message: format!(
                    "kept back from {}: {}",
                    doc.path,
                    crate::text::counted_kinds(&doc.withheld)
                ),
            });
        }
    }
    if let Some(line) = docs::withheld_line(&retrieved.documents) {
        cx.emit(Event::Warning {
            message: format!("{line} (-v lists them)"),
        });
    }
    state.sources().documents = retrieved.documents;
    Ok(Next::Continue)
}
