//! What the agent says: a reply per message (markdown text, tables, a balance test),
//! the failures the error handler explains, and the session file (`upgrade-session.md`).

use crate::error::Exit;
use crate::events::{BalanceRow, Event};
use crate::upgrade::ErrorKind;
use serde::{Deserialize, Serialize};

/// `1 user`, `2 users`: a count with its noun.
pub(crate) fn count(n: impl TryInto<u64>, one: &str, many: &str) -> String {
    let n: u64 = n.try_into().unwrap_or(u64::MAX);
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A table for the terminal (aligned columns) and the session file (markdown).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Columns to right-align (numbers).
    #[serde(default)]
    pub right: Vec<usize>,
}

impl Table {
    pub fn new(columns: &[&str]) -> Self {
        Self {
            columns: columns.iter().map(|c| c.to_string()).collect(),
            rows: Vec::new(),
            right: Vec::new(),
        }
    }

    pub fn right(mut self, columns: &[usize]) -> Self {
        self.right = columns.to_vec();
        self
    }

    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    fn markdown(&self) -> String {
        let cell = |c: &str| c.replace('|', "\\|").replace('\n', " ");
        let mut out = format!(
            "| {} |\n|{}|\n",
            self.columns
                .iter()
                .map(|c| cell(c))
                .collect::<Vec<_>>()
                .join(" | "),
            self.columns
                .iter()
                .enumerate()
                .map(|(i, _)| if self.right.contains(&i) {
                    "---:"
                } else {
                    "---"
                })
                .collect::<Vec<_>>()
                .join("|")
        );
        for row in &self.rows {
            out.push_str(&format!(
                "| {} |\n",
                row.iter().map(|c| cell(c)).collect::<Vec<_>>().join(" | ")
            ));
        }
        out
    }
}

/// One condition's counts in a balance test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BalanceCount {
    pub condition: String,
    pub weight: f64,
    pub expected: f64,
    pub observed: u64,
    pub enrolled: Option<u64>,
}

/// A finished balance test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Balance {
    pub experiment: String,
    pub users: u64,
    pub unassigned: u64,
    pub failed: u64,
    pub concurrency: u64,
    pub ms: u64,
    pub conditions: Vec<BalanceCount>,
    pub chi_square: Option<f64>,
    pub df: u32,
    pub p_value: Option<f64>,
}

impl Balance {
    pub fn event(&self) -> Event {
        Event::BalanceTest {
            experiment: self.experiment.clone(),
            users: self.users,
            unassigned: self.unassigned,
            failed: self.failed,
            concurrency: self.concurrency,
            ms: self.ms,
            conditions: self
                .conditions
                .iter()
                .map(|c| BalanceRow {
                    condition: c.condition.clone(),
                    weight: c.weight,
                    expected: c.expected,
                    observed: c.observed,
                    enrolled: c.enrolled,
                })
                .collect(),
            chi_square: self.chi_square,
            df: self.df,
            p_value: self.p_value,
        }
    }

    fn markdown(&self) -> String {
        let mut table = Table::new(&["condition", "weight", "expected", "observed", "enrolled"])
            .right(&[1, 2, 3, 4]);
        for c in &self.conditions {
            table.row(vec![
                c.condition.clone(),
                crate::upgrade::number(c.weight),
                format!("{:.1}", c.expected),
                c.observed.to_string(),
                c.enrolled.map_or("?".into(), |n| n.to_string()),
            ]);
        }
        let mut out = table.markdown();
        if let (Some(x), Some(p)) = (self.chi_square, self.p_value) {
            out.push_str(&format!(
                "\nχ² {x:.2}, {} df, p {p:.4}: {}\n",
                self.df,
                crate::text::fit_verdict(p)
            ));
        }
        out
    }
}

/// Why a message could not be answered as asked: UpGrade's failure kinds, or the
/// agent's own. Written as the kind's name alone (`"network"`, `"refused"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum FailKind {
    /// UpGrade failed, or refused.
    Upgrade(ErrorKind),
    Agent(AgentKind),
}

/// The agent's own reasons for not answering as asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AgentKind {
    /// Nothing archie can do.
    Unsupported,
    /// archie refused to act (the experiment changed since it was shown, a bulk change).
    Refused,
    /// The model could not route the message.
    Model,
}

impl FailKind {
    /// Whether the person fixes it by changing what they asked or configured (exit 2)
    /// rather than the work failing (exit 1).
    pub fn is_usage(self) -> bool {
        match self {
            FailKind::Upgrade(kind) => kind.exit() == Exit::Usage,
            FailKind::Agent(kind) => kind == AgentKind::Unsupported,
        }
    }
}

impl From<ErrorKind> for FailKind {
    fn from(kind: ErrorKind) -> Self {
        FailKind::Upgrade(kind)
    }
}

impl From<AgentKind> for FailKind {
    fn from(kind: AgentKind) -> Self {
        FailKind::Agent(kind)
    }
}

/// A failure for the error handler to explain, with suggestions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Failure {
    pub kind: FailKind,
    pub message: String,
    pub suggestions: Vec<String>,
    /// The node that failed.
    pub node: String,
    /// Retries the client made before giving up (said in the explanation).
    #[serde(default)]
    pub retries: u32,
}

impl Failure {
    /// `node` failed: `message` says what happened and `suggestions` what to do.
    pub fn new(
        node: &str,
        kind: impl Into<FailKind>,
        message: impl Into<String>,
        suggestions: Vec<String>,
    ) -> Self {
        Self {
            kind: kind.into(),
            message: message.into(),
            suggestions,
            node: node.into(),
            retries: 0,
        }
    }
}

/// The answer to one message.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    /// Markdown prose, shown at the end of the turn.
    pub text: String,
    pub tables: Vec<Table>,
    pub balance: Option<Balance>,
    /// What was already shown during the turn (previews before a question); kept for
    /// the session file.
    pub shown: Vec<String>,
    /// Set when the message could not be answered as asked.
    pub failed: Option<FailKind>,
    /// The person said no to a change archie asked about: nothing more was done.
    #[serde(default)]
    pub declined: bool,
}

impl Reply {
    pub fn say(&mut self, text: impl AsRef<str>) {
        if !self.text.is_empty() {
            self.text.push_str("\n\n");
        }
        self.text.push_str(text.as_ref().trim_end());
    }
}

/// One exchange.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    pub user: String,
    pub reply: Reply,
}

/// The session file: every exchange, tables in markdown.
pub fn render(turns: &[Turn], url: &str) -> String {
    let mut out = super::super::sources::generated_header(super::NAME);
    out.push_str(&format!("# UpGrade session\n\nUpGrade at {url}\n"));
    for turn in turns {
        out.push_str(&format!("\n**You:** {}\n\n", turn.user.trim()));
        for shown in &turn.reply.shown {
            out.push_str(shown.trim_end());
            out.push_str("\n\n");
        }
        out.push_str(&format!("**archie:** {}\n", turn.reply.text.trim()));
        for table in &turn.reply.tables {
            out.push('\n');
            out.push_str(&table.markdown());
        }
        if let Some(balance) = &turn.reply.balance {
            out.push('\n');
            out.push_str(&balance.markdown());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checkpoints hold the kind by its name alone, as before it was split in two.
    #[test]
    fn a_fail_kind_is_written_by_its_name() {
        for (kind, name) in [
            (FailKind::from(ErrorKind::ServerFault), "\"server_fault\""),
            (FailKind::from(ErrorKind::NotFound), "\"not_found\""),
            (FailKind::from(AgentKind::Refused), "\"refused\""),
            (FailKind::from(AgentKind::Unsupported), "\"unsupported\""),
        ] {
            assert_eq!(serde_json::to_string(&kind).unwrap(), name);
            assert_eq!(serde_json::from_str::<FailKind>(name).unwrap(), kind);
        }
    }

    #[test]
    fn usage_failures_are_those_the_person_fixes() {
        assert!(FailKind::from(ErrorKind::Validation).is_usage());
        assert!(FailKind::from(ErrorKind::Unauthorized).is_usage());
        assert!(FailKind::from(AgentKind::Unsupported).is_usage());
        assert!(!FailKind::from(ErrorKind::Network).is_usage());
        assert!(!FailKind::from(AgentKind::Refused).is_usage());
        assert!(!FailKind::from(AgentKind::Model).is_usage());
    }
}
