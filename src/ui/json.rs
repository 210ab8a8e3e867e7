//! `--json`: every event as one JSON object per line on stdout.

use crate::events::{CommandStatus, Event, EventSink};

/// Writes each event as one JSON object per line on stdout, secrets redacted.
#[derive(Debug, Default)]
pub struct JsonLines;

impl EventSink for JsonLines {
    fn emit(&self, event: Event) {
        // For people only: a script has the run's `interrupt` event already, and the
        // command's result text comes in the final `result` event.
        if matches!(event, Event::Waiting { .. } | Event::Result { .. }) {
            return;
        }
        // No Rust type names in messages (`expected struct RawIn`).
        let event = match event {
            Event::Error {
                message,
                causes,
                hints,
                exit_code,
            } => Event::Error {
                message: crate::text::plain_serde(&message),
                causes: causes.iter().map(|c| crate::text::plain_serde(c)).collect(),
                hints,
                exit_code,
            },
            Event::Warning { message } => Event::Warning {
                message: crate::text::plain_serde(&message),
            },
            other => other,
        };
        if let Ok(line) = serde_json::to_string(&event) {
            let line = crate::secrets::redact_text(&line);
            // A closed stdout (`| head`) is noticed there and ends the run quietly
            // (`main`); it is not an error to report.
            let _ = crate::stdout::write(format!("{line}\n").as_bytes());
        }
    }
}

/// A command-line error under `--json`, before anything else could run: an `error` event
/// and the final `result` event.
pub fn json_error(message: &str, exit_code: u8) {
    let status = if exit_code == 2 {
        CommandStatus::UsageError
    } else {
        CommandStatus::Failed
    };
    JsonLines.emit(Event::Error {
        message: message.to_string(),
        causes: Vec::new(),
        hints: Vec::new(),
        exit_code,
    });
    JsonLines.emit(Event::Finished(Box::new(crate::events::Summary {
        status,
        exit_code,
        error: Some(message.to_string()),
        ..crate::events::Summary::default()
    })));
}
