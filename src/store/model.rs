//! What the store records, as data: a run's [`Status`], what a new run needs
//! ([`NewRun`]), and what reading runs back gives ([`RunSummary`], [`RunDetail`],
//! [`StepRecord`], [`Output`]).

use super::RunId;
use crate::pause::{Cursor, Question};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// Where a run is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Recorded, no step finished yet.
    Pending,
    /// Steps are being run (or the process died while running them).
    Running,
    /// Stopped at a question nobody could answer, or by Ctrl-C; resumable.
    Interrupted,
    Completed,
    /// A step or the command failed; resumable from the last checkpoint.
    Failed,
    /// The user stopped it at a question (`/abort`): it ended without its result and is
    /// not resumed.
    Aborted,
    /// Recorded as pending or running, but the process that ran it is gone (killed, a
    /// closed pipe, a reboot): nobody holds its lock. Never stored; read back instead
    /// of `pending`/`running`. Resumable from the last checkpoint.
    Abandoned,
}

impl Status {
    pub const ALL: [Status; 7] = [
        Status::Pending,
        Status::Running,
        Status::Interrupted,
        Status::Completed,
        Status::Failed,
        Status::Aborted,
        Status::Abandoned,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Running => "running",
            Status::Interrupted => "interrupted",
            Status::Completed => "completed",
            Status::Failed => "failed",
            Status::Aborted => "aborted",
            Status::Abandoned => "abandoned",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Status {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Status::ALL
            .into_iter()
            .find(|status| status.as_str() == s)
            .ok_or_else(|| format!("unknown run status `{s}`"))
    }
}

/// What the store needs to record a new run.
#[derive(Debug, Clone)]
pub struct NewRun {
    /// The command (`analyze`, `build-context`, `echo`, …).
    pub command: String,
    /// The whole command line (`std::env::args()`); secrets are removed before storing.
    pub args: Vec<String>,
    /// The memory file the run reads and grows (stored as an absolute path).
    pub memory_file: PathBuf,
    /// The flow (graph name).
    pub flow: String,
}

/// One line of `archie runs list`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunSummary {
    pub id: RunId,
    pub command: String,
    /// The command line, secrets redacted.
    pub args: Vec<String>,
    pub flow: String,
    pub status: Status,
    /// Steps finished.
    pub step: u32,
    /// The node of the last finished step (empty before the first).
    pub node: String,
    /// LLM calls, from the usage the run recorded (`calls`), if any.
    pub llm_calls: Option<u64>,
    /// Unix ms.
    pub created_at: i64,
    /// Unix ms.
    pub updated_at: i64,
}

/// One finished step of a run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepRecord {
    pub step: u32,
    pub node: String,
    /// Unix ms.
    pub started_at: i64,
    pub duration_ms: u64,
    /// `goto NODE`, `interrupt` or `end`.
    pub outcome: String,
}

/// A file a run wrote.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Output {
    pub path: String,
    pub what: String,
    /// Unix ms.
    pub written_at: i64,
}

/// Everything recorded about a run (`archie runs show`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunDetail {
    #[serde(flatten)]
    pub summary: RunSummary,
    pub memory_file: PathBuf,
    /// Every error, oldest first (a resumed run can fail more than once).
    pub errors: Vec<String>,
    pub outputs: Vec<Output>,
    /// LLM usage as the LLM layer reported it.
    pub usage: Option<serde_json::Value>,
    pub history: Vec<StepRecord>,
    /// Where the run continues, from its latest checkpoint (None: no step finished).
    pub next: Option<Cursor>,
    /// The question the run waits for: the latest checkpoint continues at a question and
    /// the run is not completed.
    pub pending_question: Option<Question>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_round_trips_through_text() {
        for status in Status::ALL {
            assert_eq!(status.as_str().parse::<Status>(), Ok(status));
        }
        assert!("done".parse::<Status>().is_err());
    }
}
