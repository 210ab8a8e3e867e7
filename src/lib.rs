//! archie: a terminal agent for software architects.
//!
//! Layers, top to bottom (a request flows down; nothing flows up):
//! - [`cli`]: clap definitions, one file per command; turns flags into plain settings;
//!   the edge where errors become exit codes and hints ([`cli::error`]).
//! - [`app`]: the App: settings, the event sink, the prompter, the run lifecycle.
//! - [`flows`]: one module per agent graph (its state, nodes and edges), and the flow
//!   registry.
//! - [`graph`]: the engine: builder, run loop, interrupts, fan-out, checkpoints.
//! - services the nodes call, none of which knows clap, the terminal or a flow:
//!   [`llm`], [`memory`], [`docs`], [`prompts`], [`store`], [`upgrade`].
//! - [`ui`]: the only place that draws: renders events, terminal prompts, tables.
//! - leaves everyone may use: [`events`] (the event vocabulary), [`pause`] (questions,
//!   answers, cursors and checkpoints: what a paused run is), [`error`] (error kinds,
//!   exit codes), [`secrets`] (redaction), [`retry`] (the retry policy), [`files`]
//!   (atomic writes), [`hash`], [`shell`] (quoting), [`tokens`] (the token estimate),
//!   [`config`] (archie.toml), [`clock`] (dates), [`text`] (numbers, sizes, times and
//!   tables as people read them).

pub mod app;
pub mod cli;
pub mod clock;
pub mod config;
pub mod error;
pub mod events;
pub mod flows;
pub mod graph;
pub mod llm;
pub mod mcp;
pub mod pause;
pub mod prompts;
pub mod retry;
pub mod shell;
pub mod stdout;
pub mod store;
pub mod text;
pub mod tls;
pub mod ui;
pub mod upgrade;

// The memory graph, documents and the leaves they use live in archie-core (compiled at
// opt-level 3 in release builds); they are archie's modules all the same.
pub use archie_core::{docs, env_vars, files, hash, memory, secrets, tokens, words};

pub use error::UsageError;
