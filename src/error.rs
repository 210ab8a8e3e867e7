//! Error vocabulary every layer may use. A leaf: it imports nothing of the crate (it
//! classifies archie-core's errors, which know no exit codes).
//!
//! Library code returns typed errors (`thiserror`) whose `Display` says what happened in
//! one line. Each service says what kind of failure its errors are ([`Classify`]); the
//! binary edge (`cli::error`) turns a failure into an exit code and the hints that tell
//! the user what to do, and prints each cause once.

/// How a command ends, and the exit code that says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Exit {
    /// 0: done.
    Done,
    /// 1: the work failed.
    Failed,
    /// 2: bad usage, bad input or configuration; nothing was changed.
    Usage,
    /// 3: the run stopped at a question and can be resumed.
    Waiting,
    /// 4: the user declined or aborted when asked: nothing more was done.
    Declined,
    /// 130: interrupted by Ctrl-C; the checkpoint of the last finished step is kept.
    Interrupted,
}

impl Exit {
    /// The process exit code.
    pub const fn code(self) -> u8 {
        match self {
            Exit::Done => 0,
            Exit::Failed => 1,
            Exit::Usage => 2,
            Exit::Waiting => 3,
            Exit::Declined => 4,
            Exit::Interrupted => 130,
        }
    }
}

/// A service error that knows what kind of failure it is: [`Exit::Usage`] when the user
/// fixes it by changing what they typed, configured or gave as input, [`Exit::Failed`]
/// when the work itself failed.
pub trait Classify {
    fn exit(&self) -> Exit;
}

/// An error the user fixes by changing what they typed or configured (exit code 2).
///
/// `message` says what happened; `hints` (printed below the error by the edge) say what
/// to do.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{message}")]
pub struct UsageError {
    pub message: String,
    pub hints: Vec<String>,
}

impl UsageError {
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            hints: Vec::new(),
        }
    }

    /// Adds a hint (one or more lines).
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hints.push(hint.into());
        self
    }
}

impl Classify for UsageError {
    fn exit(&self) -> Exit {
        Exit::Usage
    }
}

// archie-core's errors, classified here: that crate knows no exit codes.
impl Classify for archie_core::memory::MemoryError {
    /// A corrupt, oversized or irregular file is the user's to fix (exit 2); an I/O
    /// failure is a failure.
    fn exit(&self) -> Exit {
        use archie_core::memory::MemoryError;
        match self {
            MemoryError::Corrupt { .. }
            | MemoryError::Empty { .. }
            | MemoryError::NotAFile { .. }
            | MemoryError::TooLarge { .. } => Exit::Usage,
            MemoryError::Io { .. } | MemoryError::Busy { .. } => Exit::Failed,
        }
    }
}

impl Classify for archie_core::docs::DocsError {
    /// Every docs error is the user's to fix (point `-i` elsewhere, change a filter).
    fn exit(&self) -> Exit {
        Exit::Usage
    }
}

/// The user pressed Ctrl-C (exit code 130).
#[derive(Debug, Clone, Copy, thiserror::Error)]
#[error("interrupted")]
pub struct Interrupted;

impl Classify for Interrupted {
    fn exit(&self) -> Exit {
        Exit::Interrupted
    }
}

/// Whether `err` or any of its causes is the user's Ctrl-C.
pub fn is_interrupted(err: &(dyn std::error::Error + 'static)) -> bool {
    let mut source = Some(err);
    while let Some(e) = source {
        if e.is::<Interrupted>() {
            return true;
        }
        source = e.source();
    }
    false
}

/// Any error, boxed, with its causes as its `source()` chain: what a layer that knows no
/// service (the engine, a prompter, a checkpointer) keeps of a failure. The edge finds
/// each typed error in the chain.
pub type BoxError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// A failure said in one line, and the error that caused it, if one did: what a layer
/// says when something below it failed (the typed form of `anyhow`'s `context`).
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct Failure {
    message: String,
    #[source]
    source: Option<BoxError>,
}

impl Failure {
    /// A failure with no cause.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            source: None,
        }
    }

    /// A failure caused by `source`.
    pub fn because(message: impl Into<String>, source: impl Into<BoxError>) -> Self {
        Self {
            message: message.into(),
            source: Some(source.into()),
        }
    }
}

/// `err` and each of its causes, joined by `: ` (how `anyhow` writes an error with `{:#}`):
/// one line for a warning or an event.
pub fn chain_text(err: &(dyn std::error::Error + 'static)) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(e) = source {
        text.push_str(": ");
        text.push_str(&e.to_string());
        source = e.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_are_the_documented_ones() {
        let codes: Vec<u8> = [
            Exit::Done,
            Exit::Failed,
            Exit::Usage,
            Exit::Waiting,
            Exit::Declined,
            Exit::Interrupted,
        ]
        .iter()
        .map(|e| e.code())
        .collect();
        assert_eq!(codes, [0, 1, 2, 3, 4, 130]);
    }

    #[test]
    fn interrupted_is_found_in_a_chain() {
        let err = anyhow::Error::new(Interrupted).context("asking failed");
        assert!(is_interrupted(err.as_ref()));
        let other = anyhow::anyhow!("no");
        assert!(!is_interrupted(other.as_ref()));
    }

    #[test]
    fn chain_text_is_what_anyhow_writes() {
        let io = std::io::Error::new(std::io::ErrorKind::BrokenPipe, "pipe closed");
        let err = anyhow::Error::new(io)
            .context("cannot write")
            .context("step failed");
        assert_eq!(chain_text(err.as_ref()), format!("{err:#}"));
        assert_eq!(
            chain_text(err.as_ref()),
            "step failed: cannot write: pipe closed"
        );
    }
}
