//! LLM options shared by every command that talks to a model (flattened into the global
//! options). Settings not given here come from the environment, then `archie.toml`, then
//! `~/.config/archie/config.toml`.

use crate::llm::{LlmOverrides, StructuredMode};
use clap::{Args, ValueEnum};

#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "LLM options")]
pub struct LlmArgs {
    /// The model to use (env ARCHIE_MODEL; default gpt-4o-mini)
    #[arg(short = 'm', long, global = true, value_name = "NAME")]
    pub model: Option<String>,

    /// An OpenAI-compatible endpoint, e.g. http://localhost:11434/v1 for Ollama
    /// (env OPENAI_BASE_URL, OPENAI_API_BASE or BASE_URL)
    #[arg(long, global = true, value_name = "URL")]
    pub base_url: Option<String>,

    /// Print answers whole instead of token by token
    #[arg(long, global = true)]
    pub no_stream: bool,

    /// Neither read nor write the LLM response cache (in .archie/archie.db)
    #[arg(long, global = true)]
    pub no_cache: bool,

    /// How to ask for JSON: `schema` sends response_format json_schema, `object` sends
    /// json_object with the schema (llama.cpp), `prompt` puts the schema in the prompt,
    /// `auto` tries each in that order
    #[arg(long, global = true, value_enum, value_name = "HOW")]
    pub structured: Option<Structured>,

    /// Give up on an LLM call after SECS seconds in all, retries and waits included
    /// (default 600; 900 for a local server)
    #[arg(long, global = true, value_name = "SECS")]
    pub timeout: Option<f64>,

    /// Retry a failed LLM request up to N times (default 3)
    #[arg(long, global = true, value_name = "N")]
    pub retries: Option<u32>,

    /// Longest answer to ask for, in tokens (default: 2048 for extraction, 1024 for a
    /// chat turn, 4096 for a final analysis or overview)
    #[arg(long, global = true, value_name = "TOKENS", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_tokens: Option<u32>,
}

/// `--structured auto|schema|prompt`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Structured {
    /// Try `schema`, then `object`, then `prompt`, as the endpoint rejects each.
    Auto,
    /// Always send `response_format: {type: json_schema}`.
    Schema,
    /// Always send `response_format: {type: json_object, schema}` (llama.cpp).
    Object,
    /// Always put the schema in the prompt.
    Prompt,
}

impl From<&LlmArgs> for LlmOverrides {
    fn from(args: &LlmArgs) -> Self {
        let LlmArgs {
            model,
            base_url,
            no_stream,
            no_cache,
            structured,
            timeout,
            retries,
            max_tokens,
        } = args;
        LlmOverrides {
            model: model.clone(),
            base_url: base_url.clone(),
            no_stream: *no_stream,
            no_cache: *no_cache,
            structured: structured.map(|s| match s {
                Structured::Auto => StructuredMode::Auto,
                Structured::Schema => StructuredMode::Schema,
                Structured::Object => StructuredMode::Object,
                Structured::Prompt => StructuredMode::Prompt,
            }),
            timeout: *timeout,
            retries: *retries,
            max_tokens: *max_tokens,
        }
    }
}
