//! LLM options shared by every command that talks to a model.

use clap::Args;

#[derive(Debug, Clone, Default, Args)]
pub struct LlmArgs {
    /// The model to use (env ARCHIE_MODEL)
    #[arg(short = 'm', long, global = true, value_name = "NAME")]
    pub model: Option<String>,

    /// An OpenAI-compatible endpoint, e.g. http://localhost:11434/v1 for Ollama
    #[arg(long, global = true, value_name = "URL")]
    pub base_url: Option<String>,
}
