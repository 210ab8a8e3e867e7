//! What kind of server is behind the endpoint, and how many requests it takes at once:
//! asked once per run, at start-up, of a local server (loopback or a private address:
//! the only place where one can tell a llama.cpp from a vLLM or a gateway).
//!
//! Every question is a GET answered at once by the servers that know it and by a 404 or
//! a refused connection elsewhere; all are asked together, each bounded by [`TIMEOUT`].
//!
//! | server | tell | what it takes |
//! |---|---|---|
//! | llama.cpp server | `/props` `total_slots` (`/v1/models` `owned_by: llamacpp`) | that many |
//! | llama-cpp-python | `/v1/models` `owned_by: me` | one |
//! | vLLM, SGLang | `/v1/models` `owned_by: vllm` / `sglang` | batches (256 by default) |
//! | TGI | `/info` `max_concurrent_requests` | that many |
//! | Ollama | `/api/version` | `OLLAMA_NUM_PARALLEL` if set here, else 1 to 4 (its default picks one by memory) |
//! | LM Studio | `/v1/models` `owned_by: organization_owner` | finds out (one by default) |
//! | a gateway, a tunnel, anything else | nothing | finds out |
//!
//! The quickest answer also says how long a refusal takes to come back (the round trip
//! of a request that does no work): the limiter paces the requests it sends above what
//! the endpoint has shown it takes by that much, so a gateway's 429 comes back before
//! the next one goes.

use super::config::MAX_CONCURRENCY;
use std::time::Duration;
use tokio::time::Instant;

/// Each question's bound (connection and answer).
pub const TIMEOUT: Duration = Duration::from_secs(2);
/// The most of an answer read.
const MAX_BODY: usize = 1 << 20;

/// How many requests the server takes at once, as far as it says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Capacity {
    /// Exactly this many (llama.cpp's slots, TGI's `max_concurrent_requests`,
    /// llama-cpp-python's one); more only queue.
    Slots(usize),
    /// Batches many at once (vLLM, SGLang): start high.
    Batches,
    /// Runs a few at once and queues the rest, how many depends on its settings (Ollama,
    /// LM Studio): start at one and find out, never above `at_most`.
    Few { at_most: usize },
    /// Says nothing: find out.
    Unknown,
}

/// What the server said.
#[derive(Debug, Clone, PartialEq)]
pub struct Told {
    /// A name for the detail line ("llama.cpp server, 1 slot").
    pub server: Option<String>,
    pub capacity: Capacity,
    /// The model's context in tokens, where published.
    pub context: Option<u64>,
    /// The quickest answer's round trip (any status).
    pub round_trip: Option<Duration>,
}

impl Default for Told {
    fn default() -> Self {
        Self {
            server: None,
            capacity: Capacity::Unknown,
            context: None,
            round_trip: None,
        }
    }
}

/// Where to ask: the base URL (`…/v1`) and the key, if any.
#[derive(Clone)]
pub struct Target {
    pub base_url: String,
    pub api_key: Option<String>,
    pub model: String,
    /// `OLLAMA_NUM_PARALLEL` of this process's environment (the server's, when it runs here).
    pub ollama_parallel: Option<usize>,
}

struct Reply {
    status: u16,
    body: Option<serde_json::Value>,
    took: Duration,
}

async fn get(http: &reqwest::Client, url: String, key: Option<&str>) -> Option<Reply> {
    let started = Instant::now();
    let mut builder = http.get(url).timeout(TIMEOUT);
    if let Some(key) = key {
        builder = builder.bearer_auth(key);
    }
    let response = builder.send().await.ok()?;
    let status = response.status().as_u16();
    let took = started.elapsed();
    let body = if response.status().is_success() {
        match response.bytes().await {
            Ok(bytes) if bytes.len() <= MAX_BODY => serde_json::from_slice(&bytes).ok(),
            _ => None,
        }
    } else {
        None
    };
    Some(Reply { status, body, took })
}

/// Asks the server at `target` what it is; nothing found is [`Told::default`].
pub async fn ask(http: &reqwest::Client, target: &Target) -> Told {
    let base = target.base_url.trim_end_matches('/');
    let root = base.strip_suffix("/v1").unwrap_or(base);
    let key = target.api_key.as_deref();
    let (models, props, version, info) = futures_util::join!(
        get(http, format!("{base}/models"), key),
        get(http, format!("{root}/props"), key),
        get(http, format!("{root}/api/version"), key),
        get(http, format!("{root}/info"), key),
    );
    let round_trip = [&models, &props, &version, &info]
        .into_iter()
        .flatten()
        .map(|r| r.took)
        .min();
    let body = |r: Option<Reply>| r.filter(|r| r.status < 300).and_then(|r| r.body);
    let mut told = read(body(models), body(props), body(version), body(info), target);
    told.round_trip = round_trip;
    told
}

/// The probe of a run: started at once in the background when there is a runtime (so it
/// overlaps the rest of start-up), else when first needed; answered once.
pub struct Pending {
    http: reqwest::Client,
    target: Target,
    task: std::sync::Mutex<Option<tokio::task::JoinHandle<Told>>>,
}

impl Pending {
    pub fn start(http: &reqwest::Client, target: Target) -> Self {
        let task = tokio::runtime::Handle::try_current().ok().map(|runtime| {
            let (http, target) = (http.clone(), target.clone());
            runtime.spawn(async move { ask(&http, &target).await })
        });
        Self {
            http: http.clone(),
            target,
            task: std::sync::Mutex::new(task),
        }
    }

    /// What the server said (waits for the probe; call once).
    pub async fn told(&self) -> Told {
        let task = self.task.lock().ok().and_then(|mut t| t.take());
        match task {
            Some(task) => task.await.unwrap_or_default(),
            None => ask(&self.http, &self.target).await,
        }
    }
}

/// The context size a `/v1/models` list or a `/props` object publishes for `model` (or
/// for its only model).
fn context_in(value: &serde_json::Value, model: &str) -> Option<u64> {
    const KEYS: &[&str] = &[
        "max_model_len",
        "context_length",
        "max_context_length",
        "context_window",
        "n_ctx",
        "num_ctx",
    ];
    fn find(v: &serde_json::Value) -> Option<u64> {
        let obj = v.as_object()?;
        for key in KEYS {
            if let Some(n) = obj.get(*key).and_then(|n| n.as_u64()).filter(|n| *n > 0) {
                return Some(n);
            }
        }
        // llama.cpp: {"default_generation_settings": {"n_ctx": …}}, {"meta": {…}}.
        obj.values().filter(|v| v.is_object()).find_map(find)
    }
    match value.get("data").and_then(|d| d.as_array()) {
        Some(models) => {
            let named = models
                .iter()
                .find(|m| m.get("id").and_then(|i| i.as_str()) == Some(model));
            match (named, models.len()) {
                (Some(m), _) => find(m),
                (None, 1) => find(&models[0]),
                _ => None,
            }
        }
        None => find(value),
    }
}

/// What the answers say (`None`: no answer, or not JSON).
fn read(
    models: Option<serde_json::Value>,
    props: Option<serde_json::Value>,
    version: Option<serde_json::Value>,
    info: Option<serde_json::Value>,
    target: &Target,
) -> Told {
    let context = models
        .as_ref()
        .and_then(|m| context_in(m, &target.model))
        .or_else(|| props.as_ref().and_then(|p| context_in(p, &target.model)));
    let owner = models.as_ref().and_then(|m| owned_by(m, &target.model));
    let slots = props
        .as_ref()
        .and_then(|p| p.get("total_slots"))
        .and_then(|n| n.as_u64())
        .filter(|n| *n > 0)
        .map(|n| n as usize);
    let tgi = info
        .as_ref()
        .and_then(|i| i.get("max_concurrent_requests"))
        .and_then(|n| n.as_u64())
        .filter(|n| *n > 0)
        .map(|n| n as usize);
    let ollama = version
        .as_ref()
        .and_then(|v| v.get("version"))
        .and_then(|v| v.as_str())
        .map(str::to_string);
    let (server, capacity) = if let Some(n) = slots {
        let plural = if n == 1 { "" } else { "s" };
        (
            Some(format!("llama.cpp server, {n} slot{plural}")),
            Capacity::Slots(n),
        )
    } else if owner.as_deref() == Some("me") {
        (Some("llama-cpp-python, 1 slot".into()), Capacity::Slots(1))
    } else if owner.as_deref() == Some("llamacpp") {
        // An older llama.cpp without `total_slots`: one slot unless started with more.
        (
            Some("llama.cpp server".into()),
            Capacity::Few { at_most: 4 },
        )
    } else if let Some(kind) = owner.as_deref().filter(|o| matches!(*o, "vllm" | "sglang")) {
        (
            Some(if kind == "vllm" { "vLLM" } else { "SGLang" }.to_string()),
            Capacity::Batches,
        )
    } else if let Some(n) = tgi {
        (
            Some(format!("text-generation-inference, {n} at once")),
            Capacity::Slots(n.min(MAX_CONCURRENCY)),
        )
    } else if let Some(version) = ollama {
        let at_most = target.ollama_parallel.unwrap_or(4).max(1);
        (
            Some(format!("Ollama {version}")),
            match target.ollama_parallel {
                Some(n) => Capacity::Slots(n.max(1)),
                None => Capacity::Few { at_most },
            },
        )
    } else if owner.as_deref() == Some("organization_owner") {
        (
            Some("LM Studio".into()),
            Capacity::Few {
                at_most: MAX_CONCURRENCY,
            },
        )
    } else {
        (None, Capacity::Unknown)
    };
    Told {
        server,
        capacity,
        context,
        round_trip: None,
    }
}

/// `owned_by` of `model` in a `/v1/models` list (or of its only model).
fn owned_by(models: &serde_json::Value, model: &str) -> Option<String> {
    let list = models.get("data")?.as_array()?;
    let entry = list
        .iter()
        .find(|m| m.get("id").and_then(|i| i.as_str()) == Some(model))
        .or(if list.len() == 1 { list.first() } else { None })
        .or(list.first())?;
    entry
        .get("owned_by")
        .and_then(|o| o.as_str())
        .map(str::to_ascii_lowercase)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn target() -> Target {
        Target {
            base_url: "http://127.0.0.1:8080/v1".into(),
            api_key: None,
            model: "m".into(),
            ollama_parallel: None,
        }
    }

    #[test]
    fn the_context_is_read_where_servers_publish_it() {
        let vllm = serde_json::json!({"object": "list", "data": [
            {"id": "other", "max_model_len": 1000},
            {"id": "m", "max_model_len": 8192}
        ]});
        assert_eq!(context_in(&vllm, "m"), Some(8192));
        let llama_props = serde_json::json!({"default_generation_settings": {"n_ctx": 4096}});
        assert_eq!(context_in(&llama_props, "m"), Some(4096));
        let one = serde_json::json!({"data": [{"id": "x", "context_length": 2048}]});
        assert_eq!(context_in(&one, "m"), Some(2048));
        let silent = serde_json::json!({"data": [{"id": "m", "owned_by": "me"}]});
        assert_eq!(context_in(&silent, "m"), None);
    }

    #[test]
    fn each_server_is_told_by_its_own_answer() {
        let llama = read(
            Some(json!({"data": [{"id": "m", "owned_by": "llamacpp"}]})),
            Some(json!({"total_slots": 2, "default_generation_settings": {"n_ctx": 4096}})),
            None,
            None,
            &target(),
        );
        assert_eq!(llama.capacity, Capacity::Slots(2));
        assert_eq!(llama.context, Some(4096));
        let python = read(
            Some(json!({"data": [{"id": "/models/x.gguf", "owned_by": "me"}]})),
            None,
            None,
            None,
            &target(),
        );
        assert_eq!(python.capacity, Capacity::Slots(1));
        let vllm = read(
            Some(json!({"data": [{"id": "m", "owned_by": "vllm", "max_model_len": 8192}]})),
            None,
            None,
            None,
            &target(),
        );
        assert_eq!(vllm.capacity, Capacity::Batches);
        assert_eq!(vllm.context, Some(8192));
        let ollama = read(
            Some(json!({"data": [{"id": "m", "owned_by": "library"}]})),
            None,
            Some(json!({"version": "0.12.3"})),
            None,
            &target(),
        );
        assert_eq!(ollama.capacity, Capacity::Few { at_most: 4 });
        let mut here = target();
        here.ollama_parallel = Some(2);
        let set = read(None, None, Some(json!({"version": "0.12.3"})), None, &here);
        assert_eq!(set.capacity, Capacity::Slots(2));
        let tgi = read(
            None,
            None,
            None,
            Some(json!({"model_id": "m", "max_concurrent_requests": 128})),
            &target(),
        );
        assert_eq!(tgi.capacity, Capacity::Slots(128));
        let gateway = read(
            Some(json!({"data": [{"id": "m", "owned_by": "openai"}]})),
            None,
            None,
            None,
            &target(),
        );
        assert_eq!(gateway.capacity, Capacity::Unknown);
        assert_eq!(read(None, None, None, None, &target()), Told::default());
    }
}
