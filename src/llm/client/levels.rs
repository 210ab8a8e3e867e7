//! The run's structured-output level (json_schema, then json_object with the schema,
//! then the schema in the prompt): where it starts (the configured mode, or what an
//! earlier run found the endpoint to accept), stepping down when the endpoint rejects
//! one, and the note kept for the next run.

use super::OpenAiCompatible;
use crate::events::{Event, Events};
use crate::llm::cache::EndpointNotes;
use crate::llm::config::{LlmConfig, StructuredMode};
use crate::llm::error::LlmError;
use crate::llm::wire::Level;
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// What an endpoint was found to accept, as the run store keeps it.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Noted {
    /// The structured-output level it takes: `object` or `prompt` (see [`Level::name`]).
    structured: String,
    /// The server the probe found there, if it found one.
    #[serde(default)]
    server: Option<String>,
}

/// A note about an endpoint is trusted this long; then the endpoint is asked again (an
/// upgraded server may take more).
const NOTE_HOLDS_MS: i64 = 7 * 24 * 3600 * 1000;

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

impl Level {
    /// The level's name in a note.
    fn name(self) -> &'static str {
        match self {
            Level::Schema => "schema",
            Level::Object => "object",
            Level::Prompt => "prompt",
        }
    }

    fn named(name: &str) -> Option<Level> {
        match name {
            "schema" => Some(Level::Schema),
            "object" => Some(Level::Object),
            "prompt" => Some(Level::Prompt),
            _ => None,
        }
    }

    /// The level as the client keeps it (an atomic number).
    pub(super) fn code(self) -> u8 {
        match self {
            Level::Schema => 0,
            Level::Object => 1,
            Level::Prompt => 2,
        }
    }

    fn of_code(code: u8) -> Level {
        match code {
            0 => Level::Schema,
            1 => Level::Object,
            _ => Level::Prompt,
        }
    }
}

/// The level a run starts from, and the server the note it came from was about: under
/// `--structured auto`, what an earlier run found the endpoint to accept (said as
/// detail), else the configured one.
pub(super) fn starting_level(
    config: &LlmConfig,
    notes: Option<&Arc<dyn EndpointNotes>>,
    events: &Events,
) -> (Level, Option<String>) {
    let configured = match config.structured {
        StructuredMode::Auto | StructuredMode::Schema => Level::Schema,
        StructuredMode::Object => Level::Object,
        StructuredMode::Prompt => Level::Prompt,
    };
    let noted = notes
        .filter(|_| config.structured == StructuredMode::Auto)
        .and_then(|notes| notes.recall(&config.base_url, &config.model))
        .filter(|(_, at)| now_ms().saturating_sub(*at) < NOTE_HOLDS_MS)
        .and_then(|(json, _)| serde_json::from_str::<Noted>(&json).ok())
        .and_then(|noted| Some((Level::named(&noted.structured)?, noted.server)));
    match noted {
        Some((known, server)) => {
            events.emit(Event::Detail {
                message: format!(
                    "structured answers as {}: what this endpoint took on an earlier \
                     run (asked again after 7 days, or when its server changes)",
                    known.label()
                ),
            });
            (known, server)
        }
        None => (configured, None),
    }
}

impl OpenAiCompatible {
    /// How structured answers are asked for now.
    pub(super) fn level(&self) -> Level {
        Level::of_code(self.level.load(Ordering::Relaxed))
    }

    /// The endpoint rejected `level` with `err`: the run goes on at the next level (said
    /// once, and noted for the next runs) unless another call stepped down already.
    /// False when there is no level below.
    pub(super) fn step_down(&self, level: Level, err: &LlmError) -> bool {
        let Some(next) = level.next() else {
            return false;
        };
        let stepped = self
            .level
            .compare_exchange(
                level.code(),
                next.code(),
                Ordering::Relaxed,
                Ordering::Relaxed,
            )
            .is_ok();
        if stepped {
            let why = match err {
                LlmError::Http {
                    status, message, ..
                } => format!("HTTP {status}: {message}"),
                other => other.to_string(),
            };
            self.say_once(
                &format!("level {}", level.code()),
                format!(
                    "the LLM endpoint does not accept {} ({why}); using {} for the rest of \
                     the run, and from the start of the next",
                    level.label(),
                    next.label()
                ),
            );
            self.note_level(next);
        }
        true
    }

    /// Keeps the structured-output level the endpoint takes for the next runs.
    fn note_level(&self, level: Level) {
        let Some(notes) = &self.notes else { return };
        let noted = Noted {
            structured: level.name().into(),
            server: self.server.lock().map(|s| s.clone()).unwrap_or_default(),
        };
        let Ok(json) = serde_json::to_string(&noted) else {
            return;
        };
        if let Err(err) = notes.note(&self.config.base_url, &self.config.model, &json) {
            self.events.emit(Event::Detail {
                message: format!(
                    "could not keep what the endpoint accepts for the next run: {err}"
                ),
            });
        }
    }

    /// The probe named the server: a note about another server no longer holds, and the
    /// run starts again from the level it was configured with.
    pub(super) fn check_note(&self, server: Option<&str>) {
        if let Ok(mut now) = self.server.lock() {
            *now = server.map(str::to_string);
        }
        let Some(noted) = &self.noted_server else {
            return;
        };
        if server.is_some_and(|s| s != noted) {
            self.level.store(Level::Schema.code(), Ordering::Relaxed);
            self.events.emit(Event::Detail {
                message: format!(
                    "the LLM server is no longer {noted}: finding out again what it accepts"
                ),
            });
        }
    }
}
