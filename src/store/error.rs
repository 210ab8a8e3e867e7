//! [`StoreError`]: a run store that cannot be used, and how it is classified.

use super::BUSY_TIMEOUT;
use super::id::MAX_ID_ATTEMPTS;
use std::path::PathBuf;

/// A run store that cannot be used, and what to do about it.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot create the state directory {}: {source}", path.display())]
    CreateDir {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot open the run store {}: {source}", path.display())]
    Open {
        path: PathBuf,
        #[source]
        source: rusqlite::Error,
    },
    #[error(
        "the run store {} has schema version {found}, but this archie only knows up to version {known}: a newer archie wrote it",
        path.display()
    )]
    TooNew {
        path: PathBuf,
        found: u32,
        known: u32,
    },
    #[error(
        "upgrading the run store {} to schema version {version} failed: {source}",
        path.display()
    )]
    Migrate {
        path: PathBuf,
        version: u32,
        #[source]
        source: rusqlite::Error,
    },
    #[error(
        "run {id} is being run by another archie process{}",
        pid.map(|p| format!(" (pid {p})")).unwrap_or_default()
    )]
    Owned { id: String, pid: Option<u32> },
    #[error("cannot lock {}: {source}", path.display())]
    Lock {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("no run `{id}` is recorded")]
    UnknownRun { id: String },
    #[error(
        "the run store is busy: another archie process held it for more than {} s",
        BUSY_TIMEOUT.as_secs()
    )]
    Busy(#[source] rusqlite::Error),
    #[error("the checkpoint of run {id} cannot be read: {source}")]
    BadCheckpoint {
        id: String,
        #[source]
        source: serde_json::Error,
    },
    #[error("could not find a free run id after {MAX_ID_ATTEMPTS} tries")]
    NoFreeId,
    #[error("run store error: {0}")]
    Sql(#[source] rusqlite::Error),
    #[error("cannot serialise data for the run store: {0}")]
    Json(#[from] serde_json::Error),
}

impl From<rusqlite::Error> for StoreError {
    fn from(err: rusqlite::Error) -> Self {
        match err.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
                StoreError::Busy(err)
            }
            _ => StoreError::Sql(err),
        }
    }
}

impl crate::error::Classify for StoreError {
    /// An unknown run id, a run another process owns, or a database from a newer archie:
    /// the user's to fix (exit 2).
    fn exit(&self) -> crate::error::Exit {
        match self {
            StoreError::UnknownRun { .. }
            | StoreError::Owned { .. }
            | StoreError::TooNew { .. } => crate::error::Exit::Usage,
            _ => crate::error::Exit::Failed,
        }
    }
}
