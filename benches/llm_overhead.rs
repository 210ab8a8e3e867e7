//! Per-call overhead of archie's LLM layer against the mock server with 0 ms latency.
//!
//! Run: `cargo bench --bench llm_overhead` (optionally `-- 500` for more calls).
//!
//! Each round makes one raw reqwest POST of the same body (JSON parsed, content taken)
//! and one call through the layer, alternating so drift affects both alike. The median
//! difference is the layer's cost (for streams, the raw side also splits the SSE events and
//! parses each chunk as JSON, the least any client must do): request building, retry/timeout plumbing, SSE parsing,
//! async-openai typed deserialisation, usage metering, events, schema/repair/validation.

// A benchmark, like a test, may stop at the first surprise.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/it/support/mock_llm.rs"]
mod mock_llm;

use archie::events::{Discard, Events};
use archie::llm::{self, Llm, Message, Request, ResponseCache};
use archie::store::Store;
use futures_util::StreamExt;
use mock_llm::{MockLlm, Reply};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)]
struct Component {
    name: String,
    kind: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)]
struct Extraction {
    components: Vec<Component>,
}

const ANSWER: &str = "Checkout fails fast when PaymentGateway times out, so the 99.9 % target needs a fallback: queue the order and confirm it later, or degrade to cash on delivery.";

fn messages() -> Vec<Message> {
    vec![
        Message::system("You are archie, an assistant for software architects."),
        Message::user("Can checkout survive a payments outage? ".repeat(20)),
    ]
}

fn wire_messages() -> serde_json::Value {
    json!(
        messages()
            .iter()
            .map(|m| json!({"role": m.role, "content": m.content}))
            .collect::<Vec<_>>()
    )
}

struct Stats {
    raw: Vec<Duration>,
    layer: Vec<Duration>,
}

impl Stats {
    fn report(mut self, name: &str) {
        self.raw.sort();
        self.layer.sort();
        let med = |v: &[Duration]| v[v.len() / 2];
        let p90 = |v: &[Duration]| v[v.len() * 9 / 10];
        let us = |d: Duration| d.as_secs_f64() * 1e6;
        println!(
            "{name:<28} raw median {:>7.1} µs (p90 {:>7.1})   layer median {:>7.1} µs (p90 {:>7.1})   overhead {:>+7.1} µs",
            us(med(&self.raw)),
            us(p90(&self.raw)),
            us(med(&self.layer)),
            us(p90(&self.layer)),
            us(med(&self.layer)) - us(med(&self.raw)),
        );
    }
}

async fn raw_post(http: &reqwest::Client, url: &str, body: &serde_json::Value) -> String {
    let response = http.post(url).json(body).send().await.unwrap();
    let value: serde_json::Value = response.json().await.unwrap();
    value["choices"][0]["message"]["content"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The least any client does with a stream: split events, parse each chunk, collect text.
async fn raw_stream(http: &reqwest::Client, url: &str, body: &serde_json::Value) -> String {
    let response = http.post(url).json(body).send().await.unwrap();
    let mut stream = response.bytes_stream();
    let mut buf = Vec::new();
    let mut text = String::new();
    while let Some(chunk) = stream.next().await {
        buf.extend_from_slice(&chunk.unwrap());
        while let Some(end) = buf.windows(2).position(|w| w == b"\n\n") {
            let event: Vec<u8> = buf.drain(..end + 2).collect();
            let data = std::str::from_utf8(&event).unwrap().trim();
            let data = data.strip_prefix("data: ").unwrap_or(data);
            if data == "[DONE]" {
                continue;
            }
            let value: serde_json::Value = serde_json::from_str(data).unwrap();
            if let Some(piece) = value["choices"][0]["delta"]["content"].as_str() {
                text.push_str(piece);
            }
        }
    }
    text
}

fn main() {
    // reqwest is built without a TLS provider of its own: archie installs ring's at
    // start-up, and so must anything that builds a reqwest client outside the binary.
    archie::tls::install();
    let calls: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(200);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        let mock = MockLlm::start().await;
        let extraction = json!({"components": [{"name": "Checkout", "kind": "service"}, {"name": "Payments", "kind": "service"}]});
        let json_answer = extraction.to_string();
        mock.answer_with(move |request| {
            if request.has_response_format() {
                Reply::json(extraction.clone())
            } else {
                Reply::text(ANSWER)
            }
        });
        let url = format!("{}/chat/completions", mock.url());
        let http = reqwest::Client::new();
        let mut config = mock.config();
        config.cache = false;
        let events: Events = Arc::new(Discard);
        let llm: Arc<dyn Llm> = llm::connect(config, events).unwrap();

        let plain = json!({"model": mock_llm::MOCK_MODEL, "messages": wire_messages()});
        let streamed = json!({"model": mock_llm::MOCK_MODEL, "messages": wire_messages(), "stream": true, "stream_options": {"include_usage": true}});
        let schema = serde_json::to_value(schemars::schema_for!(Extraction)).unwrap();
        let structured = json!({"model": mock_llm::MOCK_MODEL, "messages": wire_messages(),
            "response_format": {"type": "json_schema", "json_schema": {"name": "Extraction", "schema": schema}}});

        println!("{calls} calls each, mock latency 0 ms, alternating raw/layer\n");

        // Warm up connections and allocators.
        for _ in 0..20 {
            raw_post(&http, &url, &plain).await;
            llm.ask(messages()).await.unwrap();
        }

        let mut s = Stats { raw: vec![], layer: vec![] };
        for _ in 0..calls {
            let t = Instant::now();
            assert_eq!(raw_post(&http, &url, &plain).await, ANSWER);
            s.raw.push(t.elapsed());
            let t = Instant::now();
            assert_eq!(llm.ask(messages()).await.unwrap(), ANSWER);
            s.layer.push(t.elapsed());
        }
        s.report("whole answer (ask)");

        let mut s = Stats { raw: vec![], layer: vec![] };
        for _ in 0..calls {
            let t = Instant::now();
            assert_eq!(raw_stream(&http, &url, &streamed).await, ANSWER);
            s.raw.push(t.elapsed());
            let t = Instant::now();
            let c = llm.complete(Request::new(messages()).show(true)).await.unwrap();
            assert_eq!(c.text, ANSWER);
            s.layer.push(t.elapsed());
        }
        s.report("streamed answer (chat)");

        let mut s = Stats { raw: vec![], layer: vec![] };
        for _ in 0..calls {
            let t = Instant::now();
            assert_eq!(raw_post(&http, &url, &structured).await, json_answer);
            s.raw.push(t.elapsed());
            let t = Instant::now();
            let e: Extraction = llm.structured_with(Request::new(messages())).await.unwrap();
            assert_eq!(e.components.len(), 2);
            s.layer.push(t.elapsed());
        }
        s.report("structured (no cache)");

        // The response cache is the run store (SQLite), as in a real run.
        let dir = tempfile::tempdir().unwrap();
        let store: Arc<dyn ResponseCache> = Arc::new(Store::open(dir.path()).unwrap());
        let cached: Arc<dyn Llm> =
            llm::connect_with_cache(mock.config(), Arc::new(Discard), Some(store)).unwrap();
        let _: Extraction = cached.structured(messages()).await.unwrap();
        let mut s = Stats { raw: vec![], layer: vec![] };
        for _ in 0..calls {
            let t = Instant::now();
            raw_post(&http, &url, &structured).await;
            s.raw.push(t.elapsed());
            let t = Instant::now();
            let _: Extraction = cached.structured(messages()).await.unwrap();
            s.layer.push(t.elapsed());
        }
        s.report("structured (cache hit)");
        println!("\nrequests served by the mock: {}", mock.requests().len());
    });
}
