//! `--json`: every event as one JSON object per line on stdout.

use crate::events::{Event, EventSink};

/// Writes each event as one JSON object per line on stdout, secrets redacted.
#[derive(Debug, Default)]
pub struct JsonLines;

impl EventSink for JsonLines {
    fn emit(&self, event: Event) {
        use std::io::Write;
        // For people only: a script has the run's `interrupt` event already.
        if matches!(event, Event::Waiting { .. }) {
            return;
        }
        if let Ok(line) = serde_json::to_string(&event) {
            let line = crate::secrets::redact_text(&line);
            let mut out = std::io::stdout().lock();
            // A closed stdout (`| head`) must not kill the run.
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        }
    }
}
