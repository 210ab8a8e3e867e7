//! archie: a terminal agent for software architects.
//!
//! Layers, top to bottom (nothing flows up):
//! - [`cli`]: clap definitions and wiring, one file per command.
//! - [`flows`]: one module per agent graph: its state, nodes and edges.
//! - [`graph`]: the engine that runs a flow: builder, run loop, interrupts, checkpoints.
//! - services the nodes call: [`llm`], [`memory`], [`docs`], [`prompts`], [`store`];
//!   [`tokens`] is the one token estimate they all budget with.
//! - [`ui`]: the only place that draws: events, progress, prompts.

pub mod app;
pub mod cli;
pub mod config;
pub mod docs;
pub mod error;
pub mod flows;
pub mod graph;
pub mod llm;
pub mod memory;
pub mod prompts;
pub mod secrets;
pub mod store;
pub mod tokens;
pub mod ui;

pub use error::UsageError;
