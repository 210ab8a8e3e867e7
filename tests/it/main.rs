//! archie's one integration-test binary. Each module tests one area through the real
//! paths: the built binary, real files, real HTTP to a mock LLM on 127.0.0.1.

mod support;

mod cli;
mod docs;
mod engine;
mod flows;
mod llm;
mod memory;
mod prompts;
mod pty;
mod resume;
mod store;
