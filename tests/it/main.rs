//! archie's one integration-test binary. Each module tests one area through the real
//! paths: the built binary, real files, real HTTP to a mock LLM on 127.0.0.1.

// Test helpers (not #[test] functions themselves) may stop at the first surprise too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

mod cli;
mod context;
mod diagrams;
mod docs;
mod engine;
mod failures;
mod flows;
mod follow;
mod formats;
mod fuzz_regressions;
mod identity;
mod inputs;
mod llm;
mod llm_servers;
mod mcp;
mod mcp_flows;
mod memory;
mod noticed;
mod paid;
mod pipes;
mod prompts;
mod pty;
mod real_llama;
mod rerun;
mod resume;
mod scripts;
mod search;
mod secrets;
mod slow_model;
mod store;
mod terminal;
mod upgrade;
mod weak;
mod writers;
