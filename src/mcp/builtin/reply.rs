//! What a handler answers ([`Reply`]) and how that becomes the tool's result: shared by
//! the handlers (`read`, `write`) and the table that calls them, so neither imports the
//! other's file for it.

use crate::mcp::{BUILTIN_SERVER, McpError, ToolOutput};
use serde::Serialize;

/// What a handler answers: a value of its result type, a failure the caller reads
/// (`isError`), or both (a write that was partly applied).
pub(super) struct Reply<O> {
    value: Option<O>,
    error: Option<String>,
    /// The text blocks, when they are not the value as JSON (the reference memory
    /// server's tools answer a bare array, or one sentence).
    text: Vec<String>,
}

impl<O> Reply<O> {
    pub fn ok(value: O) -> Self {
        Self {
            value: Some(value),
            error: None,
            text: Vec::new(),
        }
    }

    pub fn error(message: impl Into<String>) -> Self {
        Self {
            value: None,
            error: Some(message.into()),
            text: Vec::new(),
        }
    }

    /// `value`, with `error` (if any) marking the result as failed.
    pub fn partial(value: O, error: Option<String>) -> Self {
        Self {
            value: Some(value),
            error,
            text: Vec::new(),
        }
    }

    /// The result's text blocks are `blocks` (the structured content stays the value).
    pub fn text(mut self, blocks: Vec<String>) -> Self {
        self.text = blocks;
        self
    }
}

/// `value` as `JSON.stringify(value, null, 2)` writes it (the reference memory server's
/// text blocks).
pub(super) fn js_pretty<T: Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default()
}

pub(super) fn output<O: Serialize>(reply: Reply<O>) -> Result<ToolOutput, McpError> {
    let value = match reply.value {
        Some(v) => Some(serde_json::to_value(v).map_err(|e| McpError::Request {
            server: BUILTIN_SERVER.into(),
            what: "building a result".into(),
            message: e.to_string(),
        })?),
        None => None,
    };
    let text = reply.text;
    let with_text = |mut out: ToolOutput| {
        if !text.is_empty() {
            out.content = text
                .iter()
                .map(|t| crate::mcp::Part::Text { text: t.clone() })
                .collect();
        }
        out
    };
    Ok(match (value, reply.error) {
        (Some(v), None) => with_text(ToolOutput::structured(v)),
        (None, error) => ToolOutput::error(error.unwrap_or_default()),
        (Some(v), Some(error)) => {
            let mut out = with_text(ToolOutput::structured(v));
            out.is_error = true;
            out.content
                .insert(0, crate::mcp::Part::Text { text: error });
            out
        }
    })
}
