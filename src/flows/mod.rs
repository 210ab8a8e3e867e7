//! One module per agent graph: its state, its nodes and its edges.

pub mod analyze;
pub mod build_context;
pub mod echo;
pub mod reply;
pub mod sources;
