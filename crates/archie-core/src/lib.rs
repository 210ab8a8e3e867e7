//! archie's knowledge graph and documents: the services whose speed users feel with a
//! large memory file or a large folder of documents.
//!
//! - [`memory`]: the knowledge graph and its memory file (`context.json`).
//! - [`docs`]: document retrieval and chunking.
//! - leaves they use, which archie uses too: [`files`] (bounded reads, atomic writes),
//!   [`hash`], [`tokens`] (the token estimate), [`secrets`] (redaction), [`words`] (text
//!   folded for comparison).
//!
//! A crate of its own so that a release build can compile it for speed (one codegen unit)
//! while the rest of archie (flows, the CLI, MCP, UpGrade: code that waits on people and
//! networks) is compiled for a cheaper build. archie re-exports every module, so
//! `archie::memory` is this crate's [`memory`]. It knows no flow, no terminal and no
//! CLI: errors are typed here and get their exit codes in archie.

pub mod docs;
pub mod env_vars;
pub mod files;
pub mod hash;
pub mod memory;
pub mod secrets;
pub mod tokens;
pub mod words;
