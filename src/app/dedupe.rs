//! The human deciding what the identity rules cannot: at the end of a run that grew the
//! memory, and in `archie memory dedupe`.
//!
//! Pairs that are probably one thing ([`Memory::duplicates`]) are asked at the terminal
//! (merge, keep apart, merge all, decide later); `--yes` merges them; without a terminal
//! they are kept as pending suggestions (listed in the `result` event) and the run ends
//! as it would without them. Decisions are written under the memory file's lock, so
//! they never undo another process's save.

use super::App;
use crate::events::{DuplicatePair, Event};
use crate::graph::interrupt::{Answer, Question, QuestionKind};
use crate::memory::{Memory, MemoryFile, Suggestion};
use crate::ui::Terminal;

/// What to do with one pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Decision {
    Merge,
    KeepApart,
    Later,
}

const OPTIONS: [&str; 4] = ["merge", "keep apart", "merge all the rest", "decide later"];

impl App {
    /// Finds the pairs of entities in the memory file that are probably one thing and
    /// lets the human decide (see the module's doc). Pairs kept apart before are not
    /// found again; pending ones are asked again. Returns how many pairs were found.
    pub async fn review_duplicates(&self, file: &MemoryFile) -> anyhow::Result<usize> {
        let Some((memory, _)) = MemoryFile::read(file.path())? else {
            return Ok(0);
        };
        let found = memory.duplicates();
        if found.is_empty() {
            if !memory.decisions().pending.is_empty() {
                file.update(|m| {
                    let mut d = m.decisions();
                    d.pending.clear();
                    m.set_decisions(&d);
                })?;
            }
            return Ok(0);
        }
        let decisions = self.decide(&found).await?;
        let (merged, kept_apart) = (
            decisions.iter().filter(|d| **d == Decision::Merge).count(),
            decisions
                .iter()
                .filter(|d| **d == Decision::KeepApart)
                .count(),
        );
        let pending: Vec<Suggestion> = found
            .iter()
            .zip(&decisions)
            .filter(|(_, d)| **d == Decision::Later)
            .map(|(s, _)| s.clone())
            .collect();
        // Nothing decided and the pairs already listed in the file: nothing to write.
        if merged + kept_apart > 0 || memory.decisions().pending != pending {
            file.update(|m| apply(m, &found, &decisions, &pending))?;
        }
        self.events.emit(Event::Duplicates {
            merged: merged as u64,
            kept_apart: kept_apart as u64,
            pending: pending
                .into_iter()
                .map(|s| DuplicatePair {
                    merge: s.merge,
                    into: s.into,
                    score: s.score,
                    why: s.why,
                })
                .collect(),
        });
        Ok(found.len())
    }

    /// One decision per pair: all merged under `--yes`, asked at a terminal, left for
    /// later otherwise.
    async fn decide(&self, found: &[Suggestion]) -> anyhow::Result<Vec<Decision>> {
        if self.settings.yes {
            return Ok(vec![Decision::Merge; found.len()]);
        }
        if !self.interactive {
            return Ok(vec![Decision::Later; found.len()]);
        }
        let terminal = Terminal::new(self.ui.clone());
        let mut out = Vec::with_capacity(found.len());
        let total = found.len();
        for (n, s) in found.iter().enumerate() {
            let ask = format!("Merge `{}` into `{}` ({})?", s.merge, s.into, s.why);
            let text = if n == 0 {
                let pairs = if total == 1 {
                    "1 pair looks"
                } else {
                    "pairs look"
                };
                let count = if total == 1 {
                    String::new()
                } else {
                    format!("{total} ")
                };
                format!("{count}{pairs} like one thing. {ask}")
            } else {
                ask
            };
            let question = Question {
                text,
                kind: QuestionKind::Choose {
                    options: OPTIONS.iter().map(|o| (*o).to_string()).collect(),
                },
                prompt: None,
                commands: Vec::new(),
            };
            use crate::graph::interrupt::Prompter as _;
            let answer = terminal.ask(&question).await?;
            match answer {
                Some(Answer::Choice { index: 0, .. }) => out.push(Decision::Merge),
                Some(Answer::Choice { index: 1, .. }) => out.push(Decision::KeepApart),
                Some(Answer::Choice { index: 2, .. }) => {
                    out.resize(total, Decision::Merge);
                    break;
                }
                _ => out.push(Decision::Later),
            }
        }
        out.resize(total, Decision::Later);
        Ok(out)
    }
}

/// Writes the decisions into `memory`: merges made (in order, skipping one whose
/// entities a merge before it already joined), pairs kept apart remembered, pending ones
/// listed.
fn apply(
    memory: &mut Memory,
    found: &[Suggestion],
    decisions: &[Decision],
    pending: &[Suggestion],
) {
    for (s, d) in found.iter().zip(decisions) {
        match d {
            Decision::Merge => {
                if let Some(merged) = memory.merge_entities(&s.merge, &s.into) {
                    *memory = merged;
                }
            }
            Decision::KeepApart => {
                let mut all = memory.decisions();
                all.keep_apart(&s.merge, &s.into);
                memory.set_decisions(&all);
            }
            Decision::Later => {}
        }
    }
    let mut all = memory.decisions();
    all.pending = pending.to_vec();
    memory.set_decisions(&all);
}
