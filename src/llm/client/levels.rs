//! The run's structured-output level (json_schema, then json_object with the schema,
//! then the schema in the prompt): where it starts (the configured mode, or what an
//! earlier run found the endpoint to accept), stepping down when the endpoint rejects
//! one, and the note kept for the next run.

use super::OpenAiCompatible;
use crate::events::{Event, Events};
use crate::llm::cache::EndpointNotes;
use crate::llm::config::{LlmConfig, StructuredMode};
use crate::llm::error::LlmError;
use crate::llm::limiter::Learned;
use crate::llm::wire::Level;
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// What an endpoint was found to accept, as the run store keeps it (one JSON object per
/// base URL and model; a note of an older archie has only `structured` and `server`).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub(super) struct Noted {
    /// The structured-output level it takes: `object` or `prompt` (see [`Level::name`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    structured: Option<String>,
    /// When that level was learned (unix ms; an older note's is the row's time).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    structured_at: Option<i64>,
    /// The server the probe found there, if it found one.
    #[serde(default)]
    server: Option<String>,
    /// How many requests it takes at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    capacity: Option<NotedCapacity>,
}

/// How many requests an endpoint took at once ([`Learned`]), and when that was learned.
#[derive(Debug, Clone, Copy, serde::Serialize, serde::Deserialize)]
pub(super) struct NotedCapacity {
    most: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    refused_at: Option<usize>,
    /// Unix ms.
    at: i64,
}

impl NotedCapacity {
    pub(super) fn learned(self) -> Learned {
        Learned {
            most: self.most.max(1),
            refused_at: self.refused_at,
        }
    }
}

impl Noted {
    /// The note kept for `base_url` and `model`, without what is older than
    /// [`NOTE_HOLDS_MS`] (nothing when there is none, or it cannot be read).
    pub(super) fn recall(notes: Option<&Arc<dyn EndpointNotes>>, config: &LlmConfig) -> Noted {
        let Some((json, at)) = notes.and_then(|n| n.recall(&config.display_url(), &config.model))
        else {
            return Noted::default();
        };
        let Ok(mut noted) = serde_json::from_str::<Noted>(&json) else {
            return Noted::default();
        };
        let now = now_ms();
        let holds = |at: i64| now.saturating_sub(at) < NOTE_HOLDS_MS;
        if noted.structured.is_some() {
            let learned = *noted.structured_at.get_or_insert(at);
            if !holds(learned) {
                noted.structured = None;
                noted.structured_at = None;
            }
        }
        noted.capacity = noted.capacity.filter(|c| holds(c.at));
        noted
    }

    /// The server the note is about, as the probe named it then.
    pub(super) fn server(&self) -> Option<&str> {
        self.server.as_deref()
    }

    pub(super) fn capacity(&self) -> Option<NotedCapacity> {
        self.capacity
    }
}

/// A note about an endpoint is trusted this long after it was learned; then the endpoint
/// is asked again (an upgraded server may take more).
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

/// The level a run starts from: under `--structured auto`, what an earlier run found the
/// endpoint to accept (`noted`, said as detail), else the configured one; and whether it
/// came from the note.
pub(super) fn starting_level(config: &LlmConfig, noted: &Noted, events: &Events) -> (Level, bool) {
    let configured = match config.structured {
        StructuredMode::Auto | StructuredMode::Schema => Level::Schema,
        StructuredMode::Object => Level::Object,
        StructuredMode::Prompt => Level::Prompt,
    };
    let known = noted
        .structured
        .as_deref()
        .filter(|_| config.structured == StructuredMode::Auto)
        .and_then(Level::named);
    match known {
        Some(known) => {
            events.emit(Event::Detail {
                message: format!(
                    "structured answers as {}: what this endpoint took on an earlier \
                     run (asked again after 7 days, or when its server changes)",
                    known.label()
                ),
            });
            (known, true)
        }
        None => (configured, false),
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
        self.keep_note(|noted| {
            noted.structured = Some(level.name().into());
            noted.structured_at = Some(now_ms());
        });
    }

    /// Keeps what the limiter learned about how many requests the endpoint takes, when
    /// it changed enough since it was last kept.
    pub(super) fn note_capacity(&self) {
        self.keep_capacity(false);
    }

    /// At the end of the run (the client dropped): keeps what the limiter learned since
    /// the last note, however little it grew.
    pub(super) fn note_capacity_at_end(&self) {
        self.keep_capacity(true);
    }

    fn keep_capacity(&self, at_end: bool) {
        if self.notes.is_none() {
            return;
        }
        let learned = if at_end {
            self.limiter.learned_at_end()
        } else {
            self.limiter.learned()
        };
        let Some(learned) = learned else {
            return;
        };
        self.keep_note(|noted| {
            noted.capacity = Some(NotedCapacity {
                most: learned.most,
                refused_at: learned.refused_at,
                at: now_ms(),
            });
        });
    }

    /// Changes the note about this endpoint and keeps it, with the server the probe
    /// named this run.
    fn keep_note(&self, change: impl FnOnce(&mut Noted)) {
        let Some(notes) = &self.notes else { return };
        let json = {
            let Ok(mut noted) = self.noted.lock() else {
                return;
            };
            change(&mut noted);
            noted.server = self.server.lock().map(|s| s.clone()).unwrap_or_default();
            serde_json::to_string(&*noted)
        };
        let Ok(json) = json else { return };
        if let Err(err) = notes.note(&self.config.display_url(), &self.config.model, &json) {
            self.events.emit(Event::Detail {
                message: format!(
                    "could not keep what the endpoint accepts for the next run: {err}"
                ),
            });
        }
    }

    /// The probe named the server: a note about another server no longer holds, and the
    /// run starts again from the level it was configured with and finds out again how
    /// many requests it takes; else the limiter starts from what an earlier run learned.
    pub(super) fn check_note(&self, server: Option<&str>) {
        if let Ok(mut now) = self.server.lock() {
            *now = server.map(str::to_string);
        }
        let Ok(mut noted) = self.noted.lock() else {
            return;
        };
        if noted.server() == server {
            if let Some(capacity) = noted.capacity() {
                drop(noted);
                self.start_from_note(capacity);
            }
            return;
        }
        // How many requests another server took says nothing about this one.
        noted.capacity = None;
        let Some(was) = noted.server().map(str::to_string) else {
            return;
        };
        if self.level_from_note && server.is_some() {
            noted.structured = None;
            noted.structured_at = None;
            self.level.store(Level::Schema.code(), Ordering::Relaxed);
            self.events.emit(Event::Detail {
                message: format!(
                    "the LLM server is no longer {was}: finding out again what it accepts"
                ),
            });
        }
    }

    /// The limiter starts from how many requests the endpoint took at once on an
    /// earlier run.
    pub(super) fn start_from_note(&self, capacity: NotedCapacity) {
        self.limiter.start_from(capacity.learned());
        self.events.emit(Event::Detail {
            message: format!(
                "{} at once to start: what this endpoint answered at once on an earlier run \
                 (found out again after 7 days, or when its server changes)",
                self.limiter.limit()
            ),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One note, as the run store keeps it.
    struct OneNote(String, i64);

    impl EndpointNotes for OneNote {
        fn recall(&self, _: &str, _: &str) -> Option<(String, i64)> {
            Some((self.0.clone(), self.1))
        }
        fn note(&self, _: &str, _: &str, _: &str) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn recall(json: &str, at: i64) -> Noted {
        let notes: Arc<dyn EndpointNotes> = Arc::new(OneNote(json.into(), at));
        Noted::recall(Some(&notes), &LlmConfig::new("http://127.0.0.1:1/v1", "m"))
    }

    #[test]
    fn a_note_holds_for_a_week_each_part_from_when_it_was_learned() {
        let now = now_ms();
        let week_ago = now - NOTE_HOLDS_MS - 1;
        // An older archie's note: the level, learned when the row was written.
        let old = recall(r#"{"structured":"object","server":null}"#, now);
        assert_eq!(old.structured.as_deref(), Some("object"));
        assert!(old.capacity().is_none());
        assert!(
            recall(r#"{"structured":"object"}"#, week_ago)
                .structured
                .is_none()
        );
        let json = format!(
            r#"{{"server":"vLLM","structured":"prompt","structured_at":{week_ago},"capacity":{{"most":40,"refused_at":41,"at":{now}}}}}"#
        );
        let noted = recall(&json, now);
        assert!(noted.structured.is_none(), "the level is a week old");
        let capacity = noted.capacity().unwrap().learned();
        assert_eq!((capacity.most, capacity.refused_at), (40, Some(41)));
        assert_eq!(noted.server(), Some("vLLM"));
        let stale = format!(r#"{{"capacity":{{"most":40,"at":{week_ago}}}}}"#);
        assert!(recall(&stale, now).capacity().is_none());
        assert!(recall("not json", now).capacity().is_none());
    }
}
