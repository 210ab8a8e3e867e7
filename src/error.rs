//! Error conventions shared by every layer.
//!
//! Library code returns typed errors (`thiserror`); the binary edge works with
//! `anyhow`. [`exit_code`] maps an error chain onto archie's exit codes:
//! 0 done, 1 failed, 2 usage or configuration error, 3 waiting for input,
//! 130 interrupted by Ctrl-C.

use std::fmt;

/// Exit code: the run failed.
pub const EXIT_FAILED: u8 = 1;
/// Exit code: bad usage, bad input or configuration; nothing was changed.
pub const EXIT_USAGE: u8 = 2;
/// Exit code: the run stopped at a question and can be resumed.
pub const EXIT_WAITING: u8 = 3;
/// Exit code: interrupted by Ctrl-C; the checkpoint of the last finished step is kept.
pub const EXIT_INTERRUPTED: u8 = 130;

/// An error the user fixes by changing what they typed or configured (exit code 2).
///
/// `message` says what happened; `hint` (printed on the lines below it) says what to do.
#[derive(Debug, thiserror::Error)]
pub struct UsageError {
    pub message: String,
    pub hint: Option<String>,
}

impl UsageError {
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            hint: None,
        }
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some(hint) = &self.hint {
            for line in hint.lines() {
                write!(f, "\n  {line}")?;
            }
        }
        Ok(())
    }
}

/// The user pressed Ctrl-C (exit code 130).
#[derive(Debug, thiserror::Error)]
#[error("interrupted")]
pub struct Interrupted;

/// The exit code for an error chain: the first error in it that has an opinion wins.
pub fn exit_code(err: &anyhow::Error) -> u8 {
    for cause in err.chain() {
        if cause.is::<UsageError>() {
            return EXIT_USAGE;
        }
        if cause.is::<Interrupted>() {
            return EXIT_INTERRUPTED;
        }
        if let Some(code) = crate::memory::exit_status(cause) {
            return code;
        }
        if let Some(code) = crate::llm::exit_status(cause) {
            return code;
        }
        if let Some(code) = crate::prompts::exit_status(cause) {
            return code;
        }
        if let Some(code) = crate::docs::exit_status(cause) {
            return code;
        }
        if let Some(code) = crate::store::exit_status(cause) {
            return code;
        }
    }
    EXIT_FAILED
}
