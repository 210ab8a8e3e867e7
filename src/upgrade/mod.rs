//! UpGrade, the A/B-testing platform: a typed REST client ([`UpgradeClient`]) for the
//! admin API (health, version, context metadata, experiments: list, read, create,
//! update, state, delete; enrollment statistics) and the v6 client API (init, assign,
//! mark), with errors as kinds the agent reasons about ([`ErrorKind`]).
//!
//! Also what the agent reasons with: the glossary ([`glossary`]), field-by-field
//! differences between experiment versions ([`diff`], for safe updates: UpGrade has no
//! optimistic locking), and the chi-square test of a balance test ([`stats`]).
//!
//! Behaviour follows UpGrade 6.4 as observed live (see the reference in the repository's
//! design notes): every success is HTTP 200, a 500 without an error `type` is a server
//! fault, state aliases (`running` = `enrolling`, ...) are shown on reads.

mod client;
pub mod diff;
mod error;
pub mod glossary;
pub mod jwt;
pub mod lock;
pub mod stats;
mod types;

pub use client::{
    DEFAULT_URL, Landed, Secret, UpgradeClient, UpgradeConfig, UpgradeSection, Written,
};
pub use error::{Credential, ErrorKind, UpgradeError};
pub use types::*;
