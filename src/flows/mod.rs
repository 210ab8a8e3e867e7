//! One module per agent graph: its state, its nodes and its edges.

pub mod echo;
pub mod reply;
