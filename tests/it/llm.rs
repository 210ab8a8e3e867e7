//! The LLM layer over real HTTP against the mock server (tests/it/support/mock_llm.rs).

use crate::support::llm_client::{cached_client, client, structured_at_once, timeout_phase};
use crate::support::mock_llm::{MOCK_MODEL, MockLlm, Reply};
use crate::support::{TestEnv, tempdir};
use archie::events::Event;
use archie::llm::{
    self, ApiKey, LlmConfig, LlmError, LlmOverrides, Message, Request, StructuredMode, TimeoutPhase,
};
use archie::store;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;
use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

/// How many answers the run store in `dir` caches.
fn cached_answers(dir: &Path) -> i64 {
    let conn = rusqlite::Connection::open(store::db_path(dir)).expect("open db");
    conn.query_row("SELECT count(*) FROM llm_cache", [], |r| r.get(0))
        .expect("count")
}

fn tokens(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Token { text } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

fn retries(events: &[Event]) -> Vec<(u32, u32, u64, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Retry {
                attempt,
                max_attempts,
                delay_ms,
                reason,
            } => Some((*attempt, *max_attempts, *delay_ms, reason.clone())),
            _ => None,
        })
        .collect()
}

fn conversation() -> Vec<Message> {
    vec![
        Message::system("You are archie, an assistant for software architects."),
        Message::user("Can checkout survive a payments outage?"),
    ]
}

#[derive(Debug, Deserialize, JsonSchema, PartialEq)]
struct Component {
    name: String,
    kind: String,
}

#[derive(Debug, Deserialize, JsonSchema, PartialEq)]
struct Extraction {
    components: Vec<Component>,
}

fn extraction_json() -> serde_json::Value {
    json!({"components": [{"name": "Checkout", "kind": "service"}, {"name": "Payments", "kind": "service"}]})
}

fn expected_extraction() -> Extraction {
    Extraction {
        components: vec![
            Component {
                name: "Checkout".into(),
                kind: "service".into(),
            },
            Component {
                name: "Payments".into(),
                kind: "service".into(),
            },
        ],
    }
}

const ANSWER: &str = "Checkout fails fast when PaymentGateway times out, so the 99.9 % target\nneeds a fallback: queue the order and confirm later.";

#[tokio::test]
async fn streamed_and_whole_answers_are_identical() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(ANSWER));
    mock.push(Reply::text(ANSWER));

    let (streaming, rec) = client(mock.config());
    let streamed = streaming.chat(conversation()).await.unwrap();
    let events = rec.events();
    let pieces = tokens(&events);
    assert!(pieces.len() > 5, "streamed token by token: {pieces:?}");
    assert_eq!(pieces.concat(), ANSWER);
    assert_eq!(events.last(), Some(&Event::TokensDone));

    let mut config = mock.config();
    config.stream = false;
    let (whole, rec) = client(config);
    let answer = whole.chat(conversation()).await.unwrap();
    // Without streaming: the whole answer as one Token, then TokensDone.
    assert_eq!(
        rec.events(),
        vec![
            Event::Token {
                text: ANSWER.into()
            },
            Event::TokensDone
        ]
    );

    assert_eq!(streamed, ANSWER);
    assert_eq!(answer, streamed);
    let requests = mock.requests();
    assert_eq!(requests[0]["stream"], true);
    assert_eq!(requests[0]["stream_options"]["include_usage"], true);
    assert!(requests[1].get("stream").is_none());
}

#[tokio::test]
async fn rate_limit_honours_retry_after_then_succeeds_without_using_an_attempt() {
    let mock = MockLlm::start().await;
    mock.push(Reply::rate_limited(1));
    mock.push(Reply::text("ok"));
    let mut config = mock.config();
    config.retry.max_attempts = 1;
    let (llm, rec) = client(config);
    assert_eq!(llm.ask(conversation()).await.unwrap(), "ok");
    // Retry-After honoured, by the server's log: the second request came a second later.
    let received = mock.received();
    assert_eq!(received.len(), 2);
    let gap = received[1].at - received[0].at;
    assert!(gap >= Duration::from_secs(1), "asked again after {gap:?}");
    // A push-back is not a failed attempt: said once, counted in the usage.
    let events = rec.events();
    assert!(retries(&events).is_empty());
    let warnings = events
        .iter()
        .filter(|e| matches!(e, Event::Warning { message } if message.contains("HTTP 429")))
        .count();
    assert_eq!(warnings, 1, "{events:?}");
    let totals = llm.usage().totals();
    assert_eq!((totals.calls, totals.requests, totals.refused), (1, 2, 1));
}

#[tokio::test]
async fn server_errors_are_retried_with_backoff() {
    let mock = MockLlm::start().await;
    mock.push(Reply::server_error());
    mock.push(Reply::server_error());
    mock.push(Reply::text("third time lucky"));
    let (llm, rec) = client(mock.config());
    assert_eq!(llm.ask(conversation()).await.unwrap(), "third time lucky");
    assert_eq!(mock.requests().len(), 3);
    let retried = retries(&rec.events());
    assert_eq!(retried.len(), 2);
    assert_eq!((retried[0].0, retried[1].0), (2, 3));
    assert!(retried[0].3.contains("HTTP 500"), "{retried:?}");
    // 5 ms base, doubling, ±50 % jitter.
    assert!((2..=8).contains(&retried[0].2), "{retried:?}");
    assert!((5..=15).contains(&retried[1].2), "{retried:?}");
}

#[tokio::test]
async fn server_errors_give_up_after_max_attempts() {
    let mock = MockLlm::start().await;
    for _ in 0..5 {
        mock.push(Reply::server_error());
    }
    let mut config = mock.config();
    config.retry.max_attempts = 3;
    let (llm, _rec) = client(config);
    let err = llm.ask(conversation()).await.unwrap_err();
    assert_eq!(mock.requests().len(), 3);
    assert_eq!(mock.take_unused(), 2);
    assert_eq!(err.attempts(), 3);
    assert_eq!(err.status(), Some(500));
    assert!(
        err.to_string().contains("gave up after 3 attempts"),
        "{err}"
    );
}

#[tokio::test]
async fn a_stream_broken_mid_answer_is_retried() {
    let mock = MockLlm::start().await;
    mock.push(Reply::disconnect("Checkout fails"));
    mock.push(Reply::text(ANSWER));
    let (llm, rec) = client(mock.config());
    let answer = llm.chat(conversation()).await.unwrap();
    assert_eq!(answer, ANSWER);
    assert_eq!(mock.requests().len(), 2);
    let events = rec.events();
    let retried = retries(&events);
    assert_eq!(retried.len(), 1);
    assert!(retried[0].3.contains("mid-stream"), "{retried:?}");
    // The broken partial line is ended before the retry is announced.
    let retry_at = events
        .iter()
        .position(|e| matches!(e, Event::Retry { .. }))
        .unwrap();
    assert_eq!(events[retry_at - 1], Event::TokensDone);
    assert_eq!(tokens(&events[retry_at..]).concat(), ANSWER);
}

#[tokio::test]
async fn a_whole_body_cut_short_is_retried() {
    let mock = MockLlm::start().await;
    mock.push(Reply::disconnect("Checkout"));
    mock.push(Reply::json(extraction_json()));
    let (llm, _rec) = client(mock.config());
    let got: Extraction = llm.structured(conversation()).await.unwrap();
    assert_eq!(got, expected_extraction());
    assert_eq!(mock.requests().len(), 2);
}

#[tokio::test]
async fn a_bad_request_is_not_retried() {
    let mock = MockLlm::start().await;
    mock.push(Reply::bad_request("'messages' must not be empty"));
    mock.push(Reply::text("never sent"));
    let (llm, rec) = client(mock.config());
    let err = llm.ask(conversation()).await.unwrap_err();
    assert!(matches!(err, LlmError::Http { status: 400, .. }), "{err:?}");
    assert_eq!(mock.requests().len(), 1);
    assert_eq!(mock.take_unused(), 1);
    assert!(retries(&rec.events()).is_empty());
    let text = err.to_string();
    assert!(
        text.contains("HTTP 400") && text.contains("must not be empty"),
        "{text}"
    );
}

#[tokio::test]
async fn a_slow_answer_stops_at_the_deadline() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text("too late").delayed(Duration::from_secs(5)));
    let mut config = mock.config();
    config.retry.deadline = Some(Duration::from_millis(300));
    let (llm, _rec) = client(config);
    let err = llm.ask(conversation()).await.unwrap_err();
    assert_eq!(timeout_phase(&err), Some(TimeoutPhase::Deadline), "{err:?}");
    assert_eq!(mock.requests().len(), 1, "no attempt after the deadline");
    assert!(err.is_fatal(), "every other call would wait as long");
    let (_, report) = crate::support::failure(err);
    assert!(report.contains("--timeout"), "{report}");
}

#[tokio::test]
async fn no_first_token_in_time_is_retried() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text("too late").delayed(Duration::from_secs(5)));
    mock.push(Reply::text("on time"));
    let mut config = mock.config();
    // Long enough that the immediate answer is on time even on a busy machine.
    config.first_token_timeout = Duration::from_secs(1);
    let (llm, rec) = client(config);
    assert_eq!(llm.chat(conversation()).await.unwrap(), "on time");
    let retried = retries(&rec.events());
    assert_eq!(retried.len(), 1);
    assert_eq!(retried[0].3, "no first token in time");
}

#[tokio::test]
async fn insufficient_quota_is_not_retried() {
    let mock = MockLlm::start().await;
    mock.push(Reply::insufficient_quota());
    mock.push(Reply::text("never sent"));
    let (llm, rec) = client(mock.config());
    let err = llm.ask(conversation()).await.unwrap_err();
    assert!(matches!(err, LlmError::InsufficientQuota { .. }), "{err:?}");
    assert_eq!(mock.requests().len(), 1);
    assert_eq!(mock.take_unused(), 1, "never sent");
    assert!(retries(&rec.events()).is_empty());
    assert!(err.to_string().contains("billing"), "{err}");
}

#[tokio::test]
async fn rejected_json_schema_steps_down_to_json_object_for_the_rest_of_the_run() {
    let mock = MockLlm::start().await;
    mock.push(Reply::rejects_response_format());
    mock.push(Reply::json(extraction_json()));
    mock.push(Reply::json(extraction_json()));
    let (llm, rec) = client(mock.config());
    let first: Extraction = llm.structured(conversation()).await.unwrap();
    let second: Extraction = llm
        .structured(vec![Message::user("Another document")])
        .await
        .unwrap();
    assert_eq!(first, expected_extraction());
    assert_eq!(second, expected_extraction());

    let requests = mock.requests();
    assert_eq!(requests.len(), 3);
    assert_eq!(requests[0]["response_format"]["type"], "json_schema");
    assert_eq!(
        requests[0]["response_format"]["json_schema"]["name"],
        "Extraction"
    );
    assert!(
        requests[0]["response_format"]["json_schema"]["schema"]["properties"]["components"]
            .is_object()
    );
    for request in &requests[1..] {
        // llama.cpp's grammar-constrained JSON, with the schema…
        assert_eq!(
            request["response_format"]["type"], "json_object",
            "{request}"
        );
        assert!(request["response_format"]["schema"]["properties"]["components"].is_object());
        // …and the schema in the last user message, which every chat template keeps.
        let messages = request["messages"].as_array().unwrap();
        let user = messages.last().unwrap();
        assert_eq!(user["role"], "user");
        let text = user["content"].as_str().unwrap();
        assert!(
            text.contains("JSON Schema") && text.contains("\"components\""),
            "{text}"
        );
    }
    // The system prompt is left as it was.
    assert_eq!(
        requests[1]["messages"][0]["content"],
        "You are archie, an assistant for software architects."
    );
    let warnings = rec
        .events()
        .into_iter()
        .filter(|e| matches!(e, Event::Warning { .. }))
        .count();
    assert_eq!(warnings, 1);
}

#[tokio::test]
async fn structured_schema_mode_does_not_fall_back() {
    let mock = MockLlm::start().await;
    mock.push(Reply::rejects_response_format());
    let mut config = mock.config();
    config.structured = StructuredMode::Schema;
    let (llm, _rec) = client(config);
    let err = llm
        .structured::<Extraction>(conversation())
        .await
        .unwrap_err();
    assert_eq!(err.status(), Some(400));
    assert_eq!(mock.requests().len(), 1);
}

#[tokio::test]
async fn fenced_json_with_trailing_commas_is_repaired() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(
        "Here you go:\n```json\n{\"components\": [\n  {\"name\": \"Checkout\", \"kind\": \"service\",},\n  {'name': 'Payments', 'kind': 'service'},\n],}\n```\nAnything else?",
    ));
    let (llm, _rec) = client(mock.config());
    let got: Extraction = llm.structured(conversation()).await.unwrap();
    assert_eq!(got, expected_extraction());
    assert_eq!(mock.requests().len(), 1);
}

#[tokio::test]
async fn invalid_json_gets_one_corrective_retry() {
    let mock = MockLlm::start().await;
    mock.push(Reply::json(
        json!({"components": [{"name": "Checkout", "kind": "service"}, {"name": 7, "kind": "service"}]}),
    ));
    mock.push(Reply::json(extraction_json()));
    let (llm, _rec) = client(mock.config());
    let got: Extraction = llm.structured(conversation()).await.unwrap();
    assert_eq!(got, expected_extraction());
    let requests = mock.requests();
    assert_eq!(requests.len(), 2);
    let messages = requests[1]["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 4);
    assert_eq!(messages[2]["role"], "assistant");
    let correction = messages[3]["content"].as_str().unwrap();
    assert!(correction.contains("components[1].name"), "{correction}");
}

#[tokio::test]
async fn still_invalid_json_fails_naming_the_path() {
    let mock = MockLlm::start().await;
    let bad =
        json!({"components": [{"name": "Checkout", "kind": "service"}, {"name": "Payments"}]});
    mock.push(Reply::json(bad.clone()));
    mock.push(Reply::json(bad));
    mock.push(Reply::json(extraction_json()));
    let (llm, _rec) = client(mock.config());
    let err = llm
        .structured::<Extraction>(conversation())
        .await
        .unwrap_err();
    match &err {
        LlmError::InvalidOutput { path, message, .. } => {
            assert_eq!(path, "components[1]");
            assert!(message.contains("missing field `kind`"), "{message}");
        }
        other => panic!("expected InvalidOutput, got {other:?}"),
    }
    assert!(err.to_string().contains("`components[1]`"), "{err}");
    assert_eq!(mock.requests().len(), 2, "exactly one corrective retry");
    assert_eq!(mock.take_unused(), 1);
}

#[tokio::test]
async fn a_cache_hit_makes_no_request() {
    let mock = MockLlm::start().await;
    mock.push(Reply::json(extraction_json()));
    mock.push(Reply::json(extraction_json()));
    let dir = tempdir();
    let state = dir.path().join(".archie");
    let mut config = mock.config();

    let (llm, _rec) = cached_client(config.clone(), &state);
    let first: Extraction = llm.structured(conversation()).await.unwrap();
    assert_eq!(mock.requests().len(), 1);
    drop(llm);

    // A new client (a new run) finds the answer in the same store.
    let (again, _rec) = cached_client(config.clone(), &state);
    let second: Extraction = again.structured(conversation()).await.unwrap();
    assert_eq!(first, second);
    assert_eq!(mock.requests().len(), 1, "the cache hit made no request");
    let totals = again.usage().totals();
    assert_eq!(
        (totals.calls, totals.cached, totals.prompt_tokens),
        (0, 1, 0)
    );

    // A different question is a miss; --no-cache bypasses the cache.
    let _: Extraction = again
        .structured(vec![Message::user("other")])
        .await
        .unwrap();
    assert_eq!(mock.requests().len(), 2);
    config.cache = false;
    mock.push(Reply::json(extraction_json()));
    let (uncached, _rec) = cached_client(config, &state);
    let _: Extraction = uncached.structured(conversation()).await.unwrap();
    assert_eq!(mock.requests().len(), 3);
}

#[tokio::test]
async fn chat_turns_are_not_cached_and_invalid_answers_never_are() {
    let mock = MockLlm::start().await;
    let dir = tempdir();
    let (llm, _rec) = cached_client(mock.config(), dir.path());
    mock.push(Reply::text("one"));
    mock.push(Reply::text("two"));
    assert_eq!(llm.chat(conversation()).await.unwrap(), "one");
    assert_eq!(llm.chat(conversation()).await.unwrap(), "two");
    // An answer that fails validation twice leaves nothing in the cache.
    mock.push(Reply::text("nope"));
    mock.push(Reply::text("still nope"));
    assert!(llm.structured::<Extraction>(conversation()).await.is_err());
    assert_eq!(cached_answers(dir.path()), 0);
}

#[tokio::test]
async fn roles_are_kept_system_stays_system() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text("fine"));
    let (llm, _rec) = client(mock.config());
    let mut messages = conversation();
    messages.push(Message::assistant("A question back?"));
    messages.push(Message::user("An answer."));
    llm.ask(messages).await.unwrap();
    let request = &mock.requests()[0];
    let roles: Vec<&str> = request["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["system", "user", "assistant", "user"]);
    assert_eq!(
        request["messages"][0]["content"],
        "You are archie, an assistant for software architects."
    );
    assert_eq!(request["model"], MOCK_MODEL);
}

const FAKE_KEY: &str = "sk-ARCHIEFAKEKEY-do-not-leak-0123456789";

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .collect()
}

#[tokio::test]
async fn the_api_key_never_appears_in_events_errors_or_the_cache() {
    let mock = MockLlm::start().await;
    let dir = tempdir();
    let mut config = mock.config();
    config.api_key = Some(ApiKey::new(FAKE_KEY));
    // Servers echo keys back in errors.
    mock.push(Reply::error(
        401,
        &format!("Incorrect API key provided: {FAKE_KEY}. You can find your API key at …"),
        Some("invalid_api_key"),
    ));
    mock.push(Reply::error(
        500,
        &format!("upstream said {FAKE_KEY}"),
        None,
    ));
    mock.push(Reply::json(extraction_json()));
    mock.push(Reply::text("a chat answer"));
    let (llm, rec) = cached_client(config.clone(), dir.path());
    let err = llm.ask(conversation()).await.unwrap_err();
    let _: Extraction = llm.structured(conversation()).await.unwrap();
    llm.chat(conversation()).await.unwrap();
    llm.emit_usage();
    drop(llm);

    // The key was sent where it belongs.
    let received = mock.received();
    assert_eq!(
        received[0].authorization.as_deref(),
        Some(format!("Bearer {FAKE_KEY}").as_str())
    );

    let mut seen = vec![
        err.to_string(),
        format!("{err:?}"),
        format!("{config:?}"),
        format!("{:?}", config.api_key),
    ];
    assert!(err.to_string().contains("HTTP 401"), "{err}");
    for event in rec.events() {
        seen.push(serde_json::to_string(&event).unwrap());
        seen.push(format!("{event:?}"));
    }
    assert_eq!(
        cached_answers(dir.path()),
        1,
        "the structured answer was cached"
    );
    // The store's bytes (database, WAL, anything beside them), read raw.
    let files = walk(dir.path());
    let bytes: Vec<String> = files
        .iter()
        .map(|f| String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned())
        .collect();
    assert!(
        bytes.iter().any(|b| b.contains("Payments")),
        "the cached answer is readable in the store's bytes: {files:?}"
    );
    seen.extend(bytes);
    for text in &seen {
        assert!(
            !text.contains("ARCHIEFAKEKEY"),
            "the key leaked into: {text}"
        );
    }
}

#[tokio::test]
async fn usage_is_metered_per_call_and_per_run() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text("three little words"));
    mock.push(Reply::text("four words without usage").without_usage());
    let (llm, rec) = client(mock.config());
    let messages = vec![Message::user("abcdefgh")];
    let first = llm.complete(Request::new(messages.clone())).await.unwrap();
    assert_eq!(
        (first.usage.prompt_tokens, first.usage.completion_tokens),
        (8, 3)
    );
    assert!(!first.usage.estimated);
    let second = llm.complete(Request::new(messages)).await.unwrap();
    assert!(second.usage.estimated);
    // ~4 characters per token: "abcdefgh" → 2 (+4 per message), 24 chars → 6.
    assert_eq!(
        (second.usage.prompt_tokens, second.usage.completion_tokens),
        (6, 6)
    );
    llm.emit_usage();
    let usage = rec.events().into_iter().find_map(|e| match e {
        Event::Usage(u) => Some((u.calls, u.prompt_tokens, u.completion_tokens, u.estimated)),
        _ => None,
    });
    assert_eq!(usage, Some((2, 14, 9, true)));
}

#[tokio::test]
async fn parallel_calls_are_answered_by_rule() {
    let mock = MockLlm::start().await;
    mock.set_latency(Duration::from_millis(50));
    mock.answer_with(|request| {
        let doc = request.last("user").unwrap_or_default();
        Reply::json(json!({"components": [{"name": doc, "kind": "doc"}]}))
    });
    let (llm, _rec) = client(mock.config());
    let results = structured_at_once::<Extraction>(&llm, (0..8).map(|i| format!("doc-{i}"))).await;
    for (i, result) in results.into_iter().enumerate() {
        assert_eq!(result.unwrap().components[0].name, format!("doc-{i}"));
    }
    assert_eq!(mock.requests().len(), 8);
    assert!(mock.max_concurrency() > 1, "{}", mock.max_concurrency());
}

#[test]
fn the_background_mock_serves_callers_on_other_runtimes() {
    let mock = MockLlm::start_background();
    mock.push(Reply::text("from the background"));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (llm, _rec) = client(mock.config());
    let answer = runtime.block_on(llm.ask(conversation())).unwrap();
    assert_eq!(answer, "from the background");
}

#[tokio::test]
async fn an_unreachable_server_is_a_connect_error() {
    let closed = crate::support::ClosedPort::new();
    let port = closed.port();
    let mut config = LlmConfig::new(format!("http://127.0.0.1:{port}/v1"), MOCK_MODEL);
    config.retry.max_attempts = 2;
    config.retry.base = Duration::from_millis(1);
    let (llm, rec) = client(config);
    let err = llm.ask(conversation()).await.unwrap_err();
    assert!(matches!(err.last(), LlmError::Connect { .. }), "{err:?}");
    assert_eq!(err.attempts(), 2);
    assert_eq!(retries(&rec.events())[0].3, "could not connect");
}

// --- configuration -------------------------------------------------------------------

fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> + use<> {
    let map: HashMap<String, String> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    move |name: &str| map.get(name).cloned()
}

#[test]
fn unconfigured_is_a_usage_error_that_says_what_to_do() {
    let dir = tempdir();
    let home = dir.path().display().to_string();
    let env = env_of(&[("HOME", &home)]);
    let err = LlmConfig::resolve(&LlmOverrides::default(), dir.path(), &env).unwrap_err();
    assert!(matches!(err, LlmError::NotConfigured));
    let (code, report) = crate::support::failure(err);
    assert_eq!(code, 2);
    insta::assert_snapshot!(report);
}

#[test]
fn precedence_is_flags_then_env_then_project_then_user() {
    let dir = TestEnv::new();
    let home = dir.path().join("home");
    dir.write(
        "home/.config/archie/config.toml",
        "[llm]\nbase_url = \"http://localhost:1/v1\"\nmodel = \"user-model\"\nretries = 7\n",
    );
    let project = dir.path().join("project");
    std::fs::create_dir_all(&project).unwrap();
    let home_s = home.display().to_string();

    // User config only: enough to be configured (a local base URL needs no key).
    let env = env_of(&[("HOME", &home_s)]);
    let c = LlmConfig::resolve(&LlmOverrides::default(), &project, &env).unwrap();
    assert_eq!(
        (c.base_url.as_str(), c.model.as_str(), c.retry.max_attempts),
        ("http://localhost:1/v1", "user-model", 8)
    );
    assert!(c.api_key.is_none() && c.is_local());

    // archie.toml beside the memory file beats the user config.
    dir.write(
        "project/archie.toml",
        "[llm]\nbase_url = \"http://localhost:2/v1\"\nmodel = \"project-model\"\nstructured = \"prompt\"\n",
    );
    let c = LlmConfig::resolve(&LlmOverrides::default(), &project, &env).unwrap();
    assert_eq!(
        (c.base_url.as_str(), c.model.as_str(), c.retry.max_attempts),
        ("http://localhost:2/v1", "project-model", 8)
    );
    assert_eq!(c.structured, StructuredMode::Prompt);

    // The environment beats the files: BASE_URL (the original's), then OPENAI_API_BASE,
    // then OPENAI_BASE_URL.
    let env = env_of(&[
        ("HOME", &home_s),
        ("BASE_URL", "http://localhost:3/v1"),
        ("ARCHIE_MODEL", "env-model"),
    ]);
    let c = LlmConfig::resolve(&LlmOverrides::default(), &project, &env).unwrap();
    assert_eq!(
        (c.base_url.as_str(), c.model.as_str()),
        ("http://localhost:3/v1", "env-model")
    );
    let env = env_of(&[
        ("HOME", &home_s),
        ("BASE_URL", "http://localhost:3/v1"),
        ("OPENAI_API_BASE", "http://localhost:4/v1"),
        ("OPENAI_BASE_URL", "http://localhost:5/v1/"),
        ("ARCHIE_MODEL", "env-model"),
        ("OPENAI_API_KEY", FAKE_KEY),
    ]);
    let c = LlmConfig::resolve(&LlmOverrides::default(), &project, &env).unwrap();
    assert_eq!(c.base_url, "http://localhost:5/v1");
    assert!(!format!("{c:?}").contains("ARCHIEFAKEKEY"));

    // Flags beat everything.
    let args = LlmOverrides {
        model: Some("flag-model".into()),
        base_url: Some("http://localhost:6/v1".into()),
        no_stream: true,
        no_cache: true,
        structured: Some(StructuredMode::Schema),
        timeout: Some(2.5),
        retries: Some(0),
        max_tokens: Some(300),
    };
    let c = LlmConfig::resolve(&args, &project, &env).unwrap();
    assert_eq!(
        (c.base_url.as_str(), c.model.as_str()),
        ("http://localhost:6/v1", "flag-model")
    );
    assert!(!c.stream && !c.cache);
    assert_eq!(c.structured, StructuredMode::Schema);
    assert_eq!(c.retry.deadline, Some(Duration::from_millis(2500)));
    assert_eq!(c.retry.max_attempts, 1);
    assert_eq!(c.max_tokens, llm::MaxTokens::all(300));
}

#[test]
fn a_key_alone_means_openai_with_the_default_model() {
    let dir = tempdir();
    let env = env_of(&[("OPENAI_API_KEY", FAKE_KEY)]);
    let c = LlmConfig::resolve(&LlmOverrides::default(), dir.path(), &env).unwrap();
    assert_eq!(c.base_url, llm::DEFAULT_BASE_URL);
    assert_eq!(c.model, llm::DEFAULT_MODEL);
    assert_eq!(c.retry.max_attempts, 4);
}

#[test]
fn bad_configuration_is_a_usage_error_naming_the_file() {
    let dir = TestEnv::new();
    dir.write("archie.toml", "[llm]\nmodle = \"x\"\n");
    let env = env_of(&[("OPENAI_API_KEY", FAKE_KEY)]);
    let err = LlmConfig::resolve(&LlmOverrides::default(), dir.path(), &env).unwrap_err();
    let text = err.to_string();
    assert_eq!(crate::support::failure(err).0, 2);
    assert!(
        text.contains("archie.toml") && text.contains("modle"),
        "{text}"
    );

    let args = LlmOverrides {
        base_url: Some("localhost:11434".into()),
        ..LlmOverrides::default()
    };
    let err = LlmConfig::resolve(&args, Path::new(""), &env).unwrap_err();
    assert!(err.to_string().contains("not an http(s) URL"), "{err}");
    assert_eq!(crate::support::failure(err).0, 2);
}

/// A server that accepts a request that is not streamed (extraction's, or any under
/// `--no-stream`) and never answers is given up at the first-token timeout, not at the
/// call's deadline: the run fails naming that timeout.
#[test]
fn a_hung_server_is_given_up_at_the_first_token_timeout_when_not_streaming() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|_| Reply::silent());
    env.docs("docs", 1);
    env.write(
        "archie.toml",
        "[llm]\nfirst_token_timeout_secs = 1\ntimeout_secs = 50\n",
    );
    // Extraction is never streamed.
    let ran = env.code(&["build-context", "shop", "-i", "docs"], 1);
    assert!(
        ran.stderr
            .contains("did not send a first token within 1.0 s"),
        "{}",
        ran.stderr
    );
    assert!(!ran.stderr.contains("within 50"), "{}", ran.stderr);
    // Nor is anything under --no-stream.
    let ran = env.code(
        &[
            "--no-stream",
            "search",
            "-i",
            "docs",
            "Which services exist?",
        ],
        1,
    );
    assert!(
        ran.stderr
            .contains("did not send a first token within 1.0 s"),
        "{}",
        ran.stderr
    );
}
