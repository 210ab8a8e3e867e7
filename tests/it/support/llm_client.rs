//! What the tests of the LLM layer (tests/it/llm.rs, tests/it/llm_servers.rs) share: a
//! client whose events are recorded (with or without a response cache), calls made at
//! once, a port nobody listens on, and which timeout an error is.

use archie::events::{Events, Recorder};
use archie::llm::{self, Llm, LlmConfig, LlmError, Message, ResponseCache, TimeoutPhase};
use archie::store::Store;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use std::path::Path;
use std::sync::Arc;

/// A client for `config` and the recorder of the events it sends.
pub fn client(config: LlmConfig) -> (Arc<dyn Llm>, Arc<Recorder>) {
    let recorder = Recorder::new();
    let events: Events = recorder.clone();
    (llm::connect(config, events).expect("client"), recorder)
}

/// A client whose response cache is the run store in `dir`, opened afresh as a new run
/// would open it.
pub fn cached_client(config: LlmConfig, dir: &Path) -> (Arc<dyn Llm>, Arc<Recorder>) {
    let recorder = Recorder::new();
    let events: Events = recorder.clone();
    let store: Arc<dyn ResponseCache> = Arc::new(Store::open(dir).expect("store"));
    let llm = llm::connect_with_cache(config, events, Some(store)).expect("client");
    (llm, recorder)
}

/// One structured call per prompt (a single user message each), all at once; their
/// results in the prompts' order.
pub async fn structured_at_once<T>(
    llm: &Arc<dyn Llm>,
    prompts: impl IntoIterator<Item = String>,
) -> Vec<Result<T, LlmError>>
where
    T: DeserializeOwned + JsonSchema + 'static,
{
    let calls = prompts.into_iter().map(|prompt| {
        let llm = llm.clone();
        async move { llm.structured::<T>(vec![Message::user(prompt)]).await }
    });
    futures_util::future::join_all(calls).await
}

/// Which timeout `err` is; `None` when it is not a timeout.
pub fn timeout_phase(err: &LlmError) -> Option<TimeoutPhase> {
    match err {
        LlmError::Timeout { phase, .. } => Some(*phase),
        _ => None,
    }
}
