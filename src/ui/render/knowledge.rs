//! What a run learned: documents read, knowledge extracted, the memory saved, pairs
//! that are probably one thing.

use crate::events::{Event, Extraction};
use crate::text;
use crate::ui::Ui;

impl Ui {
    pub(super) fn render_knowledge(&self, event: Event) {
        match event {
            Event::Retrieved {
                documents, skipped, ..
            } => {
                let mut line = format!("read {}", text::count(documents, "document", "documents"));
                if !skipped.is_empty() {
                    let total: u64 = skipped.iter().map(|c| c.count).sum();
                    let breakdown: Vec<String> = skipped
                        .iter()
                        .map(|c| format!("{} {}", c.count, c.label))
                        .collect();
                    line.push_str(&format!(
                        " ({total} skipped: {}) — see -v",
                        breakdown.join(", ")
                    ));
                }
                self.done(&line);
            }
            Event::Extracted(extraction) => self.extracted(extraction),
            Event::MemorySaved {
                path,
                entities_added,
                relationships_added,
                updated,
                stubs_added,
                skipped,
                merged_with_disk,
                written,
                retracted_entities,
                retracted_relationships,
                because,
                ..
            } => {
                let mut line = format!(
                    "memory {}: {}",
                    text::inert_line(&text::near(&path)),
                    text::merge_summary(
                        entities_added,
                        relationships_added,
                        updated,
                        stubs_added,
                        skipped
                    )
                );
                if retracted_entities + retracted_relationships > 0 {
                    let mut gone = Vec::new();
                    if retracted_relationships > 0 {
                        gone.push(format!(
                            "−{}",
                            text::count(retracted_relationships, "relationship", "relationships")
                        ));
                    }
                    if retracted_entities > 0 {
                        gone.push(format!(
                            "−{}",
                            text::count(retracted_entities, "entity", "entities")
                        ));
                    }
                    line.push_str(&format!(
                        ", {} no longer in the documents ({})",
                        gone.join(", "),
                        text::inert_line(&because)
                    ));
                }
                if merged_with_disk {
                    line.push_str(" (merged with changes another archie saved meanwhile)");
                }
                if !written {
                    line.push_str(" — nothing new, file unchanged");
                }
                self.done(&line);
            }
            Event::Duplicates {
                merges,
                kept_apart,
                pending,
                words,
                types,
                ..
            } => {
                if !merges.is_empty() || kept_apart > 0 {
                    self.done(&text::duplicates_decided(&merges, kept_apart));
                }
                if !words.is_empty() {
                    self.done(&text::words_placed(&words));
                }
                if !types.is_empty() {
                    self.done(&text::types_placed(&types));
                }
                if !pending.is_empty() {
                    self.warn(&text::duplicates_pending(&pending));
                }
            }
            _ => {}
        }
    }

    fn extracted(&self, extraction: Extraction) {
        let Extraction {
            chunks,
            cached,
            failed,
            entities,
            relationships,
            concurrency,
            ms,
        } = extraction;
        let size = text::graph_size(entities, relationships);
        let secs = format!("{:.1} s", ms as f64 / 1000.0);
        if failed > 0 {
            self.warn(&format!(
                "extracted knowledge  {} of {} · {size}   {secs}\n  ({failed} failed and were left out; run the command again to retry them, the others are cached)",
                chunks - failed,
                text::count(chunks, "chunk", "chunks"),
            ));
            return;
        }
        if cached == chunks && chunks > 0 {
            self.done(&format!(
                "extracted knowledge  ({}, all cached) · {size}   {secs}",
                text::count(chunks, "chunk", "chunks")
            ));
            return;
        }
        let mut message = format!(
            "extracted knowledge  {} · {concurrency} in parallel · {size}   {secs}",
            text::count(chunks, "chunk", "chunks"),
        );
        if cached > 0 {
            message.push_str(&format!(
                "\n  (cached: {cached} of {chunks} chunks unchanged since the last run)"
            ));
        }
        self.done(&message);
    }
}
