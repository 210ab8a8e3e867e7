//! What can go wrong talking to UpGrade, as kinds the agent reasons about.

use crate::error::{Classify, Exit};
use crate::retry::Retryable;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The kind of a failure: what the agent (and the error handler) decides on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// UpGrade could not be reached (refused, reset, DNS).
    Network,
    /// UpGrade did not answer in time.
    Timeout,
    /// A 5xx without an error `type`: a fault in the server, possibly passing.
    ServerFault,
    /// The thing asked for does not exist.
    NotFound,
    /// UpGrade rejected the request (a 4xx, or a 500 carrying an error `type`).
    Validation,
    /// 401/403: a token is missing or wrong.
    Unauthorized,
    /// The answer was not what UpGrade sends (wrong URL, another service).
    Protocol,
    /// archie's own UpGrade settings are unusable.
    Config,
    /// A write may or may not have been applied: its answer was lost and archie could
    /// not read back whether it landed (it did not send it again).
    Uncertain,
    /// Another archie process held the experiment's lock longer than archie waits.
    Busy,
    /// Another writer changed the experiment while archie wrote it: a change was lost
    /// (archie's, or theirs under archie's).
    Conflict,
}

impl ErrorKind {
    /// What it means for the exit code: the person fixes what they asked or configured
    /// (usage), or the work failed.
    pub fn exit(self) -> Exit {
        match self {
            ErrorKind::Network
            | ErrorKind::Timeout
            | ErrorKind::ServerFault
            | ErrorKind::Protocol
            | ErrorKind::Uncertain
            | ErrorKind::Busy
            | ErrorKind::Conflict => Exit::Failed,
            ErrorKind::NotFound
            | ErrorKind::Validation
            | ErrorKind::Unauthorized
            | ErrorKind::Config => Exit::Usage,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Network => "network",
            ErrorKind::Timeout => "timeout",
            ErrorKind::ServerFault => "server fault",
            ErrorKind::NotFound => "not found",
            ErrorKind::Validation => "validation",
            ErrorKind::Unauthorized => "unauthorised",
            ErrorKind::Protocol => "protocol",
            ErrorKind::Config => "configuration",
            ErrorKind::Uncertain => "uncertain",
            ErrorKind::Busy => "busy",
            ErrorKind::Conflict => "conflict",
        }
    }
}

/// Which credential a 401 asks for, and the settings that provide it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Credential {
    /// Admin endpoints: a Google token of an UpGrade admin, sent as `Authorization: Bearer`.
    AdminToken { set: bool },
    /// Client (`/v6`) endpoints with `toCheckAuth` on: a JWT signed with the client secret.
    ClientJwt { set: bool },
}

impl Credential {
    /// The settings that fix it, in one line.
    pub fn settings(self) -> &'static str {
        match self {
            Credential::AdminToken { .. } => {
                "UPGRADE_TOKEN (a Google ID or access token of an UpGrade admin; or the variable \
                 named by [upgrade] token_env in archie.toml)"
            }
            Credential::ClientJwt { .. } => {
                "UPGRADE_CLIENT_API_KEY and UPGRADE_CLIENT_API_SECRET (the server's \
                 CLIENT_API_KEY and CLIENT_API_SECRET), or turn the project setting toCheckAuth off"
            }
        }
    }

    /// Whether archie sent that credential (so it is wrong rather than missing).
    pub fn was_set(self) -> bool {
        match self {
            Credential::AdminToken { set } | Credential::ClientJwt { set } => set,
        }
    }
}

/// A failed UpGrade call. `Display` says what happened in one line; the kind
/// ([`UpgradeError::kind`]) says what sort of failure it is.
#[derive(Debug, Clone, thiserror::Error)]
pub enum UpgradeError {
    #[error("cannot reach UpGrade at {url} ({reason})")]
    Network {
        url: String,
        reason: String,
        /// Retries made before giving up (the client's policy), 0 for the first failure.
        retries: u32,
        /// The request may have reached UpGrade (the connection failed after it was
        /// sent), so a write may have been applied. False when the connection was never
        /// made.
        sent: bool,
    },
    #[error("UpGrade at {url} did not answer within {secs} s")]
    Timeout {
        url: String,
        secs: u64,
        retries: u32,
    },
    #[error("UpGrade failed on {method} {path} (HTTP {status}): {message}")]
    Server {
        method: String,
        path: String,
        status: u16,
        message: String,
        retry_after: Option<Duration>,
        retries: u32,
    },
    #[error("UpGrade found nothing for {method} {path}: {message}")]
    NotFound {
        method: String,
        path: String,
        message: String,
    },
    #[error("UpGrade has no route {method} {path} (is {base} its API URL?)")]
    NoRoute {
        method: String,
        path: String,
        base: String,
    },
    #[error("UpGrade rejected {method} {path} (HTTP {status}): {message}")]
    Validation {
        method: String,
        path: String,
        status: u16,
        message: String,
        /// UpGrade's error `type`, when it sent one.
        error_type: Option<String>,
    },
    #[error("UpGrade refused {method} {path} (HTTP {status}): {message}")]
    Unauthorized {
        method: String,
        path: String,
        status: u16,
        message: String,
        credential: Credential,
    },
    #[error("UpGrade's answer to {method} {path} is not what archie expects: {reason}")]
    Protocol {
        method: String,
        path: String,
        reason: String,
    },
    #[error(
        "UpGrade did not confirm {method} {path} ({cause}), and archie could not tell \
         whether it was applied: {check}; archie did not send it again"
    )]
    Unconfirmed {
        method: String,
        path: String,
        /// Why the answer was lost.
        cause: String,
        /// What the read-back found (or why it could not be made).
        check: String,
    },
    #[error(
        "another archie process is changing this experiment (it held the lock {lock} for \
         {secs:.1} s); archie wrote nothing"
    )]
    Busy { lock: String, secs: f64 },
    #[error("`{url}` is not a usable UpGrade URL")]
    BadUrl { url: String },
    #[error("{message}")]
    Config { message: String },
}

impl UpgradeError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            UpgradeError::Network { .. } => ErrorKind::Network,
            UpgradeError::Timeout { .. } => ErrorKind::Timeout,
            UpgradeError::Server { .. } => ErrorKind::ServerFault,
            UpgradeError::NotFound { .. } => ErrorKind::NotFound,
            UpgradeError::Validation { .. } => ErrorKind::Validation,
            UpgradeError::Unauthorized { .. } => ErrorKind::Unauthorized,
            UpgradeError::NoRoute { .. } | UpgradeError::Protocol { .. } => ErrorKind::Protocol,
            UpgradeError::BadUrl { .. } | UpgradeError::Config { .. } => ErrorKind::Config,
            UpgradeError::Unconfirmed { .. } => ErrorKind::Uncertain,
            UpgradeError::Busy { .. } => ErrorKind::Busy,
        }
    }

    /// Whether a write that failed this way may nevertheless have been applied: UpGrade
    /// failed inside (5xx), did not answer in time, or the connection broke after the
    /// request was sent. Such a write is read back before anything is sent again.
    pub fn may_have_applied(&self) -> bool {
        match self {
            UpgradeError::Server { .. } | UpgradeError::Timeout { .. } => true,
            UpgradeError::Network { sent, .. } => *sent,
            _ => false,
        }
    }

    /// How many times the client tried again before this failure was final.
    pub fn retries(&self) -> u32 {
        match self {
            UpgradeError::Network { retries, .. }
            | UpgradeError::Timeout { retries, .. }
            | UpgradeError::Server { retries, .. } => *retries,
            _ => 0,
        }
    }

    /// The failure after `made` retries (the ones the retry policy made).
    pub fn after_retries(mut self, made: u32) -> Self {
        if let UpgradeError::Network { retries, .. }
        | UpgradeError::Timeout { retries, .. }
        | UpgradeError::Server { retries, .. } = &mut self
        {
            *retries = made;
        }
        self
    }

    /// Whether the shared retry policy may try again, and why (never for a 4xx).
    pub fn retryable(&self) -> Option<Retryable> {
        match self {
            UpgradeError::Network { reason, .. } => {
                Some(Retryable::new(format!("UpGrade is unreachable ({reason})")))
            }
            UpgradeError::Timeout { .. } => Some(Retryable::new("UpGrade did not answer in time")),
            UpgradeError::Server {
                status,
                retry_after,
                ..
            } => {
                Some(Retryable::new(format!("UpGrade failed (HTTP {status})")).after(*retry_after))
            }
            _ => None,
        }
    }
}

impl Classify for UpgradeError {
    fn exit(&self) -> Exit {
        self.kind().exit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_failures_after_sending_may_have_applied_a_write() {
        let network = |sent| UpgradeError::Network {
            url: "u".into(),
            reason: "r".into(),
            retries: 0,
            sent,
        };
        assert!(!network(false).may_have_applied(), "connection never made");
        assert!(network(true).may_have_applied(), "lost mid-answer");
        let timeout = UpgradeError::Timeout {
            url: "u".into(),
            secs: 1,
            retries: 0,
        };
        assert!(timeout.may_have_applied());
        let server = UpgradeError::Server {
            method: "POST".into(),
            path: "/v6/mark".into(),
            status: 503,
            message: "m".into(),
            retry_after: None,
            retries: 0,
        };
        assert!(server.may_have_applied());
        let rejected = UpgradeError::Validation {
            method: "POST".into(),
            path: "/experiments".into(),
            status: 400,
            message: "m".into(),
            error_type: None,
        };
        assert!(!rejected.may_have_applied(), "a 4xx applied nothing");
        let unconfirmed = UpgradeError::Unconfirmed {
            method: "POST".into(),
            path: "/v6/mark".into(),
            cause: "c".into(),
            check: "k".into(),
        };
        assert_eq!(unconfirmed.kind(), ErrorKind::Uncertain);
        assert_eq!(unconfirmed.exit(), Exit::Failed);
    }
}
