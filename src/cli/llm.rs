//! LLM options shared by every command that talks to a model (flattened into the global
//! options). Settings not given here come from the environment, then `archie.toml`, then
//! `~/.config/archie/config.toml`.

use crate::llm::StructuredMode;
use clap::Args;

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

    /// How to ask for JSON: `schema` sends response_format json_schema, `prompt` puts the
    /// schema in the prompt, `auto` tries schema and falls back to prompt
    #[arg(long, global = true, value_enum, value_name = "HOW")]
    pub structured: Option<StructuredMode>,

    /// Give up on an LLM request after SECS seconds (default 300)
    #[arg(long, global = true, value_name = "SECS")]
    pub timeout: Option<f64>,

    /// Retry a failed LLM request up to N times (default 3)
    #[arg(long, global = true, value_name = "N")]
    pub retries: Option<u32>,
}
