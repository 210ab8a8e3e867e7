//! Session memory: what `archie search` remembers of a conversation, kept in the memory
//! file under the top-level key `sessions` (one object per session id) and served as the
//! MCP resource `memory://session/{id}`.
//!
//! A session's memory has the shape the seed describes
//! (`{"conversation_summary": "", "user_preferences": {}, "ongoing_tasks": []}`) plus the
//! last [`KEEP_TURNS`] turns; older turns are folded into `conversation_summary` (one
//! line each, the summary itself bounded), so follow-ups see them without another LLM
//! call.

use super::Memory;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The memory file's top-level key that holds every session.
pub const SESSIONS_KEY: &str = "sessions";
/// Turns kept word for word.
pub const KEEP_TURNS: usize = 10;
/// Characters of an answer kept in a turn.
const ANSWER_CHARS: usize = 2_000;
/// Characters of the summary kept (the oldest lines go first).
const SUMMARY_CHARS: usize = 4_000;

/// One session's memory.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionMemory {
    #[serde(default)]
    pub conversation_summary: String,
    #[serde(default)]
    pub user_preferences: Map<String, Value>,
    #[serde(default)]
    pub ongoing_tasks: Vec<Value>,
    /// The last turns, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<Turn>,
    /// When the session last changed (milliseconds since the Unix epoch): `--continue`
    /// picks the newest.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub updated_ms: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A question and its answer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    pub query: String,
    pub answer: String,
    /// The tools (with arguments) the answer used.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<String>,
}

impl SessionMemory {
    /// Adds a turn (its answer cut to a bounded excerpt), keeps the last
    /// [`KEEP_TURNS`], and folds older ones into the summary.
    pub fn record(&mut self, query: &str, answer: &str, sources: Vec<String>, now_ms: u64) {
        let mut excerpt: String = answer.trim().chars().take(ANSWER_CHARS).collect();
        if excerpt.len() < answer.trim().len() {
            excerpt.push('…');
        }
        self.turns.push(Turn {
            query: query.trim().to_string(),
            answer: excerpt,
            sources,
        });
        while self.turns.len() > KEEP_TURNS {
            let old = self.turns.remove(0);
            let first_line = old
                .answer
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("");
            let line: String = format!("- Q: {} → A: {}", old.query, first_line.trim())
                .chars()
                .take(300)
                .collect();
            if !self.conversation_summary.is_empty() {
                self.conversation_summary.push('\n');
            }
            self.conversation_summary.push_str(&line);
        }
        if self.conversation_summary.len() > SUMMARY_CHARS {
            let cut = self.conversation_summary.len() - SUMMARY_CHARS;
            let start = self.conversation_summary[cut..]
                .find('\n')
                .map_or(cut, |i| cut + i + 1);
            self.conversation_summary = self.conversation_summary[start..].to_string();
        }
        self.updated_ms = now_ms;
    }
}

/// The session `id`, if the memory has it.
pub fn get(memory: &Memory, id: &str) -> Option<SessionMemory> {
    let value = memory.extra.get(SESSIONS_KEY)?.get(id)?;
    serde_json::from_value(value.clone()).ok()
}

/// Stores session `id` (leaving every other session as it is).
pub fn put(memory: &mut Memory, id: &str, session: &SessionMemory) {
    let sessions = memory
        .extra
        .entry(SESSIONS_KEY)
        .or_insert_with(|| Value::Object(Map::new()));
    if !sessions.is_object() {
        *sessions = Value::Object(Map::new());
    }
    if let (Some(map), Ok(value)) = (sessions.as_object_mut(), serde_json::to_value(session)) {
        map.insert(id.to_string(), value);
    }
}

/// The id of the session that changed last.
pub fn latest(memory: &Memory) -> Option<String> {
    let sessions = memory.extra.get(SESSIONS_KEY)?.as_object()?;
    sessions
        .iter()
        .max_by_key(|(id, v)| (v["updated_ms"].as_u64().unwrap_or(0), id.to_string()))
        .map(|(id, _)| id.clone())
}

/// Whether `id` can name a session (letters, digits, `-`, `_`; 1 to 64 characters).
pub fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// A new session id like `s4k1x`.
pub fn new_id(memory: &Memory) -> String {
    const ALPHABET: &[u8] = b"23456789abcdefghjkmnpqrstuvwxyz";
    loop {
        let mut id = String::from("s");
        for _ in 0..4 {
            id.push(char::from(ALPHABET[fastrand::usize(..ALPHABET.len())]));
        }
        if get(memory, &id).is_none() {
            return id;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_ten_turns_are_kept_and_older_ones_summarised() {
        let mut s = SessionMemory::default();
        for i in 0..13 {
            s.record(&format!("q{i}"), &format!("answer {i}\nmore"), vec![], i);
        }
        assert_eq!(s.turns.len(), KEEP_TURNS);
        assert_eq!(s.turns[0].query, "q3");
        assert_eq!(
            s.conversation_summary,
            "- Q: q0 → A: answer 0\n- Q: q1 → A: answer 1\n- Q: q2 → A: answer 2"
        );
        assert_eq!(s.updated_ms, 12);
    }

    #[test]
    fn sessions_round_trip_through_the_memory_file_shape() {
        let mut m = Memory::new();
        let mut a = SessionMemory::default();
        a.record("q", "a", vec!["archie__find_entities {}".into()], 5);
        put(&mut m, "sa", &a);
        put(
            &mut m,
            "sb",
            &SessionMemory {
                updated_ms: 9,
                ..SessionMemory::default()
            },
        );
        let back = Memory::from_json(m.to_json().as_bytes()).unwrap();
        assert_eq!(get(&back, "sa"), Some(a));
        assert_eq!(latest(&back).as_deref(), Some("sb"));
        // The default shape has the seed's three keys.
        let v = serde_json::to_value(SessionMemory::default()).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"conversation_summary": "", "user_preferences": {}, "ongoing_tasks": []})
        );
        assert!(valid_id("s4k1") && !valid_id("../x") && !valid_id(""));
    }
}
