//! What a flow's node fails with: the error of the service it called (the LLM, the
//! memory, the documents, the prompts, UpGrade, an MCP server, a file) or the flow's own
//! failure, said in one line with its cause.
//!
//! The engine keeps a failed step's cause as its `source()` chain, and the edge
//! (`cli::error`) finds each service error in that chain to choose the exit code and the
//! hints. So a wrapped service error is handed to the engine as itself
//! ([`NodeFailure`]), not behind this type: the chain the user and the edge read is the
//! one the service wrote.

use crate::docs::DocsError;
use crate::error::{BoxError, Failure, UsageError};
use crate::graph::NodeFailure;
use crate::llm::LlmError;
use crate::mcp::McpError;
use crate::memory::MemoryError;
use crate::prompts::PromptError;
use crate::upgrade::UpgradeError;

/// A flow's failure.
#[derive(Debug, thiserror::Error)]
pub enum FlowError {
    #[error(transparent)]
    Llm(#[from] LlmError),
    #[error(transparent)]
    Memory(#[from] MemoryError),
    #[error(transparent)]
    Docs(#[from] DocsError),
    #[error(transparent)]
    Prompt(#[from] PromptError),
    #[error(transparent)]
    Upgrade(#[from] UpgradeError),
    #[error(transparent)]
    Mcp(#[from] McpError),
    #[error(transparent)]
    Usage(#[from] UsageError),
    /// The flow's own failure: what went wrong, and what caused it, if anything did.
    #[error(transparent)]
    Failed(#[from] Failure),
    /// The error of a layer that keeps its errors boxed (a prompter).
    #[error(transparent)]
    Boxed(#[from] BoxError),
}

impl FlowError {
    /// The flow's own failure, with no cause.
    pub fn failed(message: impl Into<String>) -> Self {
        Self::Failed(Failure::new(message))
    }

    /// The flow's own failure, caused by `source` (a service's or the system's error; not
    /// a `FlowError`, which would hide the error it wraps from the edge).
    pub fn because(message: impl Into<String>, source: impl Into<BoxError>) -> Self {
        Self::Failed(Failure::because(message, source))
    }

    /// The error this wraps.
    pub fn wrapped(&self) -> &(dyn std::error::Error + 'static) {
        match self {
            Self::Llm(e) => e,
            Self::Memory(e) => e,
            Self::Docs(e) => e,
            Self::Prompt(e) => e,
            Self::Upgrade(e) => e,
            Self::Mcp(e) => e,
            Self::Usage(e) => e,
            Self::Failed(e) => e,
            Self::Boxed(e) => e.as_ref(),
        }
    }
}

impl NodeFailure for FlowError {
    fn into_node_error(self) -> BoxError {
        match self {
            Self::Llm(e) => Box::new(e),
            Self::Memory(e) => Box::new(e),
            Self::Docs(e) => Box::new(e),
            Self::Prompt(e) => Box::new(e),
            Self::Upgrade(e) => Box::new(e),
            Self::Mcp(e) => Box::new(e),
            Self::Usage(e) => Box::new(e),
            Self::Failed(e) => Box::new(e),
            Self::Boxed(e) => e,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrapped_service_error_is_a_link_of_the_chain_itself() {
        let err = FlowError::from(LlmError::NotConfigured).into_node_error();
        assert!(err.downcast_ref::<LlmError>().is_some());
        let err = FlowError::because(
            "cannot write out.md",
            std::io::Error::from(std::io::ErrorKind::PermissionDenied),
        )
        .into_node_error();
        let cause = err
            .source()
            .and_then(|e| e.downcast_ref::<std::io::Error>());
        assert!(cause.is_some());
    }
}
