//! The LLM layer against the servers people run (issue 10) and against servers that
//! misbehave (issue 14): each behaviour is a switch of the mock
//! (tests/it/support/mock_llm.rs), each switch has a test here, over real HTTP; the last
//! tests run the archie binary against a mock that behaves like llama-cpp-python.

use crate::support::TestEnv;
use crate::support::llm_client::{cached_client, client, structured_at_once, timeout_phase};
use crate::support::mock_llm::{MockLlm, Reply};
use archie::events::{Event, Recorder};
use archie::llm::{
    self, Concurrency, LlmConfig, LlmError, Message, Purpose, Request, StructuredMode, TimeoutPhase,
};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;
use std::time::Duration;

#[derive(Debug, Deserialize, JsonSchema, PartialEq)]
struct Found {
    names: Vec<String>,
}

fn found() -> serde_json::Value {
    json!({"names": ["Checkout", "Payments"]})
}

fn question() -> Vec<Message> {
    vec![
        Message::system("You extract names."),
        Message::user("Checkout calls Payments."),
    ]
}

fn warnings(rec: &Recorder) -> Vec<String> {
    rec.events()
        .into_iter()
        .filter_map(|e| match e {
            Event::Warning { message } => Some(message),
            _ => None,
        })
        .collect()
}

// --- structured output ----------------------------------------------------------------

#[tokio::test]
async fn a_500_for_json_schema_steps_down_to_json_object_and_is_said_once_on_one_line() {
    let mock = MockLlm::start().await;
    mock.switches(|s| s.reject_json_schema_500 = true);
    mock.answer_with(|_| Reply::json(found()));
    let (llm, rec) = client(mock.config());
    for _ in 0..3 {
        let got: Found = llm.structured(question()).await.unwrap();
        assert_eq!(got.names, ["Checkout", "Payments"]);
    }
    let requests = mock.requests();
    // One rejected json_schema, then json_object with the schema for the rest of the run.
    assert_eq!(requests.len(), 4);
    assert_eq!(requests[0]["response_format"]["type"], "json_schema");
    for r in &requests[1..] {
        assert_eq!(r["response_format"]["type"], "json_object");
        assert!(r["response_format"]["schema"]["properties"]["names"].is_object());
    }
    let said = warnings(&rec);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("HTTP 500"), "{}", said[0]);
    assert!(
        said[0].contains("Input should be 'text' or 'json_object'"),
        "{}",
        said[0]
    );
    assert!(
        !said[0].contains("File \""),
        "the traceback is cut: {}",
        said[0]
    );
    assert!(!said[0].contains('\n'), "{}", said[0]);
    // No retries of a rejection: it is not a server failure.
    assert!(
        !rec.events()
            .iter()
            .any(|e| matches!(e, Event::Retry { .. })),
        "{:?}",
        rec.events()
    );
}

#[tokio::test]
async fn a_server_without_any_json_mode_gets_the_schema_in_the_user_message() {
    let mock = MockLlm::start().await;
    mock.switches(|s| {
        s.reject_json_schema_500 = true;
        s.reject_json_object = true;
    });
    mock.answer_with(|_| Reply::json(found()));
    let (llm, rec) = client(mock.config());
    let _: Found = llm.structured(question()).await.unwrap();
    let _: Found = llm.structured(question()).await.unwrap();
    let requests = mock.requests();
    assert_eq!(requests.len(), 4, "schema, object, then prompt twice");
    assert_eq!(requests[1]["response_format"]["type"], "json_object");
    for r in &requests[2..] {
        assert!(r.get("response_format").is_none(), "{r}");
        let user = r["messages"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(user["role"], "user");
        assert!(user["content"].as_str().unwrap().contains("JSON Schema"));
    }
    assert_eq!(warnings(&rec).len(), 2, "one per step down");
}

#[tokio::test]
async fn a_template_without_a_system_role_still_shows_the_model_the_schema() {
    let mock = MockLlm::start().await;
    mock.switches(|s| s.no_system_role = true);
    // The "model" answers JSON only when it can see the schema.
    mock.answer_with(|seen| {
        assert!(seen.messages().iter().all(|m| m["role"] != "system"));
        if seen.text().contains("JSON Schema") {
            Reply::json(found())
        } else {
            Reply::text("Sure! Checkout and Payments.")
        }
    });
    let mut config = mock.config();
    config.structured = StructuredMode::Prompt;
    let (llm, _rec) = client(config);
    let got: Found = llm.structured(question()).await.unwrap();
    assert_eq!(got.names.len(), 2);
    assert_eq!(mock.requests().len(), 1);
}

// --- answer length ----------------------------------------------------------------------

#[tokio::test]
async fn every_request_carries_max_tokens_for_its_purpose() {
    let mock = MockLlm::start().await;
    mock.answer_with(|r| {
        if r.has_response_format() {
            Reply::json(found())
        } else {
            Reply::text("fine")
        }
    });
    let (llm, _rec) = client(mock.config());
    let _: Found = llm.structured(question()).await.unwrap();
    llm.chat(question()).await.unwrap();
    llm.chat_as(Purpose::Final, question()).await.unwrap();
    let sent: Vec<u64> = mock
        .requests()
        .iter()
        .map(|r| r["max_tokens"].as_u64().unwrap())
        .collect();
    assert_eq!(sent, [2048, 1024, 4096]);

    let mut config = mock.config();
    config.max_tokens = llm::MaxTokens::all(300);
    let (llm, _rec) = client(config);
    llm.chat(question()).await.unwrap();
    assert_eq!(mock.requests()[3]["max_tokens"], 300);
}

#[tokio::test]
async fn an_answer_cut_at_max_tokens_is_a_warning_said_once() {
    let mock = MockLlm::start().await;
    mock.switches(|s| s.honour_max_tokens = true);
    mock.answer_with(|_| Reply::text("one two three four five six seven eight nine ten"));
    let (llm, rec) = client(mock.config());
    let cut = llm
        .complete(Request::new(question()).show(true).max_tokens(4))
        .await
        .unwrap();
    assert!(cut.truncated);
    assert_eq!(cut.text, "one two three four ");
    llm.complete(Request::new(question()).show(true).max_tokens(4))
        .await
        .unwrap();
    let said = warnings(&rec);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("cut off at max_tokens (4"), "{}", said[0]);
    assert!(said[0].contains("--max-tokens"), "{}", said[0]);
    assert_eq!(llm.usage().totals().truncated, 2);
}

#[tokio::test]
async fn a_truncated_json_answer_is_not_sent_back_but_asked_for_shorter() {
    let mock = MockLlm::start().await;
    mock.switches(|s| s.honour_max_tokens = true);
    mock.push(Reply::cut_off(r#"{"names": ["Checkout", "Paym"#));
    mock.push(Reply::json(found()));
    let (llm, _rec) = client(mock.config());
    let got: Found = llm.structured(question()).await.unwrap();
    assert_eq!(got.names.len(), 2);
    let again = &mock.requests()[1];
    let messages = again["messages"].as_array().unwrap();
    assert!(
        messages.iter().all(|m| m["role"] != "assistant"),
        "the cut-off answer is not fed back: {again}"
    );
    let last = messages.last().unwrap()["content"].as_str().unwrap();
    assert!(last.contains("keep it short"), "{last}");

    // Cut off twice: a clear error, not "invalid JSON".
    mock.push(Reply::cut_off(r#"{"names": ["A"#));
    mock.push(Reply::cut_off(r#"{"names": ["B"#));
    let err = llm
        .structured::<Found>(vec![Message::user("again")])
        .await
        .unwrap_err();
    assert!(
        matches!(err, LlmError::Truncated { max_tokens: 2048 }),
        "{err:?}"
    );
}

// --- streams ----------------------------------------------------------------------------

#[tokio::test]
async fn done_without_a_finish_reason_is_a_broken_stream() {
    let mock = MockLlm::start().await;
    mock.switches(|s| s.done_without_finish = true);
    mock.answer_with(|_| Reply::text("An overview of"));
    let mut config = mock.config();
    config.retry.max_attempts = 2;
    let (llm, _rec) = client(config);
    let err = llm.chat(question()).await.unwrap_err();
    assert_eq!(mock.requests().len(), 2, "retried");
    assert!(
        matches!(err.last(), LlmError::StreamBroken { reason } if reason.contains("without a finish reason")),
        "{err:?}"
    );
}

#[tokio::test]
async fn streams_without_usage_are_estimated_and_marked() {
    let mock = MockLlm::start().await;
    mock.switches(|s| s.no_stream_usage = true);
    mock.answer_with(|_| Reply::text("twelve characters"));
    let (llm, rec) = client(mock.config());
    llm.chat(question()).await.unwrap();
    llm.emit_usage();
    let estimated = rec.events().into_iter().find_map(|e| match e {
        Event::Usage(usage) => Some(usage.estimated),
        _ => None,
    });
    assert_eq!(estimated, Some(true));
}

// --- context ----------------------------------------------------------------------------

#[tokio::test]
async fn an_empty_200_on_overflow_is_asked_again_unstreamed_and_explained() {
    let mock = MockLlm::start().await;
    mock.llama_cpp_python(1000);
    let (llm, rec) = client(mock.config());
    let big = vec![Message::user("word ".repeat(1000))];
    let err = llm.chat(big).await.unwrap_err();
    // Streamed (empty 200), then once without streaming to hear the error: not retried.
    let requests = mock.requests();
    assert_eq!(requests.len(), 2, "{err:?}");
    assert_eq!(requests[0]["stream"], true);
    assert!(requests[1].get("stream").is_none());
    match &err {
        LlmError::ContextOverflow {
            prompt_tokens,
            context,
            ..
        // The server's count (1,000 words of four letters, and the chat template's 7),
        // as the error reports it.
        } => assert_eq!((*prompt_tokens, *context), (Some(1007), Some(1000))),
        other => panic!("expected an overflow, got {other:?}"),
    }
    assert!(
        !rec.events()
            .iter()
            .any(|e| matches!(e, Event::Retry { .. }))
    );
    assert_eq!(llm.context_window(), Some(1000), "learned from the error");
    let (code, report) = crate::support::failure(err);
    assert_eq!(code, 1);
    for needle in [
        "1,007 tokens of prompt",
        "1,000 tokens",
        "--document-budget",
        "--n_ctx",
    ] {
        assert!(report.contains(needle), "{needle}: {report}");
    }
    assert!(!report.contains("--structured"), "{report}");

    // Learned: the next call's max_tokens fits what is left, and it works.
    mock.answer_with(|_| Reply::text("short"));
    llm.chat_as(Purpose::Final, question()).await.unwrap();
    let last = mock.requests().last().unwrap().clone();
    let max = last["max_tokens"].as_u64().unwrap();
    assert!((256..1000).contains(&max), "fitted: {max}");
}

#[tokio::test]
async fn an_overflow_from_max_tokens_alone_is_sent_again_with_less_room() {
    let mock = MockLlm::start().await;
    mock.switches(|s| s.context_window = Some(3000));
    mock.answer_with(|_| Reply::text("the analysis"));
    let (llm, _rec) = client(mock.config());
    // 4096 for a final answer does not fit 3000; the prompt does.
    assert_eq!(
        llm.chat_as(Purpose::Final, question()).await.unwrap(),
        "the analysis"
    );
    let requests = mock.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[0]["max_tokens"], 4096);
    assert!(requests[1]["max_tokens"].as_u64().unwrap() < 3000);
    assert_eq!(llm.context_window(), Some(3000));
}

#[tokio::test]
async fn a_local_server_that_publishes_its_context_is_fitted_from_the_start() {
    let mock = MockLlm::start().await;
    mock.switches(|s| {
        s.context_window = Some(2000);
        s.publish_context = true;
    });
    mock.answer_with(|_| Reply::text("ok"));
    let mut config = mock.config();
    config.set_local(true);
    let (llm, _rec) = client(config);
    llm.chat_as(Purpose::Final, question()).await.unwrap();
    llm.chat(question()).await.unwrap();
    assert_eq!(mock.models_asked(), 1, "asked once per run");
    assert_eq!(mock.overflowed(), 0);
    assert_eq!(llm.context_window(), Some(2000));
    assert!(mock.requests()[0]["max_tokens"].as_u64().unwrap() < 2000);
    // A prompt that cannot fit is not sent at all.
    let err = llm
        .chat(vec![Message::user("word ".repeat(2000))])
        .await
        .unwrap_err();
    assert!(err.is_context_overflow(), "{err:?}");
    assert_eq!(mock.requests().len(), 2);
}

// --- one slot, timeouts and waits ---------------------------------------------------------

#[tokio::test]
async fn a_timeout_on_a_local_single_slot_server_is_not_retried() {
    let mock = MockLlm::start().await;
    mock.switches(|s| s.single_slot = true);
    mock.push(Reply::text("late").delayed(Duration::from_millis(1500)));
    let mut config = mock.config();
    config.set_local(true);
    config.first_token_timeout = Duration::from_millis(300);
    let (llm, _rec) = client(config.clone());
    let err = llm.chat(question()).await.unwrap_err();
    assert_eq!(
        timeout_phase(&err),
        Some(TimeoutPhase::FirstToken),
        "{err:?}"
    );
    assert_eq!(
        mock.requests().len(),
        1,
        "no second request queued behind the first"
    );
    assert!(err.is_fatal());

    // The abandoned request still holds the slot: the next one waits for it.
    mock.push(Reply::text("now"));
    let mut patient = config;
    patient.first_token_timeout = Duration::from_secs(10);
    let (llm, _rec) = client(patient);
    assert_eq!(llm.chat(question()).await.unwrap(), "now");
    assert_eq!(mock.slot_waits(), 1, "queued behind the abandoned one");

    // A remote server's timeout is retried.
    mock.switches(|s| s.single_slot = false);
    mock.push(Reply::text("late").delayed(Duration::from_millis(1500)));
    mock.push(Reply::text("on time"));
    let mut remote = mock.config();
    remote.first_token_timeout = Duration::from_millis(300);
    let (llm, _rec) = client(remote);
    assert_eq!(llm.chat(question()).await.unwrap(), "on time");
    assert_eq!(mock.requests().len(), 4);
}

#[tokio::test]
async fn a_local_server_that_says_it_has_one_slot_gets_one_request_at_a_time() {
    let mock = MockLlm::start().await;
    mock.switches(|s| {
        s.single_slot = true;
        s.total_slots = Some(1);
    });
    mock.set_latency(Duration::from_millis(40));
    mock.answer_with(|_| Reply::json(found()));
    let mut config = mock.config();
    config.set_local(true);
    let (llm, _rec) = client(config);
    let prompts = (0..12).map(|i| format!("doc {i}"));
    for result in structured_at_once::<Found>(&llm, prompts).await {
        result.unwrap();
    }
    assert_eq!(mock.max_concurrency(), 1);
    assert_eq!(llm.usage().totals().peak_in_flight, 1);
    assert_eq!(llm.concurrency(), 1);
}

#[tokio::test]
async fn a_local_server_like_llama_cpp_python_gets_one_request_at_a_time() {
    let mock = MockLlm::start().await;
    mock.switches(|s| {
        s.single_slot = true;
        s.owned_by = Some("me");
    });
    mock.answer_with(|_| Reply::json(found()));
    let mut config = mock.config();
    config.set_local(true);
    let (llm, _rec) = client(config);
    for result in structured_at_once::<Found>(&llm, (0..6).map(|i| format!("doc {i}"))).await {
        result.unwrap();
    }
    assert_eq!(mock.max_concurrency(), 1);
}

#[tokio::test]
async fn a_local_server_that_says_nothing_and_queues_ends_at_one() {
    let mock = MockLlm::start().await;
    mock.switches(|s| s.single_slot = true);
    // A service time well above what a loaded test machine delays a read by: two answers
    // read late together look like answers worked on at once, and a real one-slot LLM
    // server takes seconds.
    mock.set_latency(Duration::from_millis(120));
    mock.answer_with(|_| Reply::json(found()));
    let mut config = mock.config();
    config.set_local(true);
    let (llm, _rec) = client(config);
    let prompts = (0..16).map(|i| format!("doc {i}"));
    for result in structured_at_once::<Found>(&llm, prompts).await {
        result.unwrap();
    }
    // It starts at a few, sees the answers queue, and goes back to one.
    let peak = llm.usage().totals().peak_in_flight;
    assert!(peak <= 6, "peak {peak}, limit {}", llm.concurrency());
    assert_eq!(llm.concurrency(), 1);
    assert_eq!(llm.usage().totals().failed, 0);
}

#[tokio::test]
async fn a_local_vllm_gets_everything_at_once() {
    let mock = MockLlm::start().await;
    mock.switches(|s| s.owned_by = Some("vllm"));
    mock.set_latency(Duration::from_millis(100));
    mock.answer_with(|_| Reply::json(found()));
    let mut config = mock.config();
    config.set_local(true);
    let (llm, _rec) = client(config);
    let prompts = (0..40).map(|i| format!("doc {i}"));
    for result in structured_at_once::<Found>(&llm, prompts).await {
        result.unwrap();
    }
    assert_eq!(mock.max_concurrency(), 40);
    assert_eq!(mock.models_asked(), 1);
}

#[tokio::test]
async fn behind_a_limit_the_limit_is_learned_and_held_with_few_refusals() {
    let mock = MockLlm::start().await;
    mock.switches(|s| {
        s.limit_in_flight = Some(4);
        s.limit_retry_after_secs = Some(1);
    });
    mock.set_latency(Duration::from_millis(50));
    mock.answer_with(|_| Reply::json(found()));
    let mut config = mock.config();
    config.set_local(true);
    let (llm, _rec) = client(config);
    let prompts = (0..40).map(|i| format!("doc {i}"));
    for result in structured_at_once::<Found>(&llm, prompts).await {
        result.unwrap();
    }
    assert_eq!(mock.requests().len(), 40);
    let refused = mock.refused();
    assert!(
        (1..=2).contains(&refused),
        "refused {refused}, limit {}, peak {}",
        llm.concurrency(),
        llm.usage().totals().peak_in_flight
    );
    assert_eq!(llm.concurrency(), 4);
    assert_eq!(llm.usage().totals().failed, 0);
}

#[tokio::test]
async fn a_silent_server_is_reported_and_given_up_at_the_deadline() {
    let mock = MockLlm::start().await;
    mock.push(Reply::silent());
    let mut config = mock.config();
    config.quiet_after = Duration::from_millis(300);
    config.retry.deadline = Some(Duration::from_millis(1800));
    config.first_token_timeout = Duration::from_secs(60);
    let (llm, rec) = client(config);
    // A call the user does not read (extraction): the flows show their own line for the
    // ones they stream. The deadline, not the 60 s first-token timeout, ends it.
    let err = llm.ask(question()).await.unwrap_err();
    assert_eq!(timeout_phase(&err), Some(TimeoutPhase::Deadline), "{err:?}");
    let events = rec.events();
    let waiting: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Progress { task, detail, .. } if task == llm::WAITING => detail.clone(),
            _ => None,
        })
        .collect();
    assert!(!waiting.is_empty(), "{events:?}");
    assert!(
        waiting[0].starts_with("waiting for the model ("),
        "{waiting:?}"
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::ProgressDone { task } if task == llm::WAITING)),
        "the line is ended"
    );
    mock.take_unused();
}

/// A server that accepts the connection and then says nothing at all (it never even
/// reads the request): each attempt ends at the first-token timeout (well before the
/// call's deadline), every attempt on a connection that was accepted, none refused.
#[tokio::test]
async fn a_server_that_accepts_and_never_answers_is_given_up_at_the_first_token_timeout() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let accepted = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let held = accepted.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            held.lock().unwrap().push(stream);
        }
    });
    let mut config = LlmConfig::new(format!("http://127.0.0.1:{port}/v1"), "hung-model");
    config.retry.max_attempts = 2;
    config.retry.base = Duration::from_millis(1);
    config.first_token_timeout = Duration::from_millis(400);
    config.retry.deadline = Some(Duration::from_secs(20));
    let (llm, _rec) = client(config);
    let err = llm.ask(question()).await.unwrap_err();
    // The first-token timeout, not the call's deadline, ends each attempt.
    assert_eq!(
        timeout_phase(err.last()),
        Some(TimeoutPhase::FirstToken),
        "{err:?}"
    );
    // Every attempt was on a connection the server accepted (archie's probes of what
    // server this is hang on theirs too).
    assert!(
        accepted.lock().unwrap().len() as u32 >= err.attempts(),
        "{err:?}"
    );
}

#[tokio::test]
async fn retry_after_an_hour_is_not_waited_for() {
    let mock = MockLlm::start().await;
    mock.push(Reply::rate_limited(3600));
    let (llm, _rec) = client(mock.config());
    // Not waited for: the answer is the error at once, after the one request (a client
    // that slept the hour would leave this test hanging, and CI's time limit would say so).
    let err = llm.ask(question()).await.unwrap_err();
    assert!(
        matches!(err, LlmError::WaitTooLong { status: 429, .. }),
        "{err:?}"
    );
    assert_eq!(mock.requests().len(), 1);
    assert!(err.to_string().contains("3600 s"), "{err}");
    assert!(err.is_fatal());
}

// --- push-back and concurrency --------------------------------------------------------------

#[tokio::test]
async fn beyond_n_in_flight_429s_set_the_limit_and_no_call_fails() {
    let mock = MockLlm::start().await;
    mock.switches(|s| {
        s.limit_in_flight = Some(4);
        s.limit_retry_after_ms = Some(20);
    });
    mock.set_latency(Duration::from_millis(60));
    mock.answer_with(|_| Reply::json(found()));
    let (llm, rec) = client(mock.config());
    assert_eq!(llm.concurrency(), 8);
    let prompts = (0..40).map(|i| format!("doc {i}"));
    for result in structured_at_once::<Found>(&llm, prompts).await {
        result.unwrap();
    }
    assert_eq!(mock.requests().len(), 40);
    let refused = mock.refused();
    assert!((1..=6).contains(&refused), "refused {refused}");
    assert_eq!(llm.concurrency(), 4);
    let totals = llm.usage().totals();
    assert_eq!(totals.refused as usize, refused);
    assert_eq!(totals.failed, 0);
    assert_eq!(totals.requests as usize, 40 + refused);
    let pushed = warnings(&rec)
        .into_iter()
        .filter(|w| w.contains("HTTP 429"))
        .count();
    assert_eq!(pushed, 1, "said once");
}

#[tokio::test]
async fn an_endpoint_that_keeps_up_gets_more_in_flight() {
    let mock = MockLlm::start().await;
    mock.set_latency(Duration::from_millis(100));
    mock.answer_with(|_| Reply::json(found()));
    let (llm, _rec) = client(mock.config());
    let prompts = (0..60).map(|i| format!("doc {i}"));
    for result in structured_at_once::<Found>(&llm, prompts).await {
        result.unwrap();
    }
    assert!(
        mock.max_concurrency() > 8,
        "peak {}",
        mock.max_concurrency()
    );
    assert!(llm.concurrency() > 8);

    // A fixed number is kept to.
    let (fixed, _rec) = client(mock.config());
    fixed.set_concurrency(Concurrency::Fixed(3));
    let before = mock.requests().len();
    structured_at_once::<Found>(&fixed, (0..12).map(|i| format!("fixed {i}"))).await;
    assert_eq!(mock.requests().len() - before, 12);
    assert_eq!(fixed.usage().totals().peak_in_flight, 3);
}

// --- bounds and secrets ---------------------------------------------------------------------

#[tokio::test]
async fn an_endless_answer_is_cut_off_and_not_retried() {
    let mock = MockLlm::start().await;
    mock.push(Reply::endless());
    mock.push(Reply::endless());
    let (llm, rec) = client(mock.config());
    let err = llm
        .complete(Request::new(question()).show(true).max_tokens(50))
        .await
        .unwrap_err();
    assert!(matches!(err, LlmError::TooLarge { .. }), "{err:?}");
    let shown: usize = rec
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Token { text } => Some(text.len()),
            _ => None,
        })
        .sum();
    assert!(shown < 2000, "the terminal got {shown} bytes");

    // A whole body that never ends: the byte limit. (The mock sends a piece of 30 bytes
    // a millisecond or so: 256 KiB took 10-20 s alone and outlasted the 30 s deadline
    // on a busy machine; 64 KiB is cut off just the same.)
    let mut config = mock.config();
    config.max_reply_bytes = 64 << 10;
    let (llm, _rec) = client(config);
    let err = llm.ask(question()).await.unwrap_err();
    assert!(matches!(err, LlmError::TooLarge { .. }), "{err:?}");
    assert_eq!(mock.requests().len(), 2, "neither was retried");
}

#[tokio::test]
async fn a_password_in_the_base_url_is_sent_as_basic_auth_and_never_shown() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text("hello"));
    let url = mock
        .url()
        .replace("http://", "http://archie:Secr3tPassw0rd@");
    let mut config = mock.config();
    config.base_url = url.clone();
    archie::secrets::register("Secr3tPassw0rd");
    let (llm, rec) = client(config.clone());
    assert_eq!(llm.chat(question()).await.unwrap(), "hello");
    let auth = mock.received()[0].authorization.clone().unwrap_or_default();
    assert!(auth.starts_with("Basic "), "{auth}");

    // Nobody listening: the error names the server without the password.
    let closed = crate::support::ClosedPort::new();
    let port = closed.port();
    let mut config = LlmConfig::new(
        format!("http://archie:Secr3tPassw0rd@127.0.0.1:{port}/v1"),
        "m",
    );
    config.retry.max_attempts = 1;
    let (llm, _) = client(config);
    let err = llm.ask(question()).await.unwrap_err();
    let (_, report) = crate::support::failure(err);
    assert!(report.contains(&format!("127.0.0.1:{port}")), "{report}");
    assert!(!report.contains("Secr3tPassw0rd"), "{report}");
    for e in rec.events() {
        assert!(!format!("{e:?}").contains("Secr3tPassw0rd"));
    }
}

#[tokio::test]
async fn answers_are_redacted_before_they_are_cached() {
    let mock = MockLlm::start().await;
    let key = "sk-ARCHIECACHEKEY-0123456789abcdef";
    mock.push(Reply::json(json!({"names": [format!("uses {key}")]})));
    let dir = crate::support::tempdir();
    let (llm, _rec) = cached_client(mock.config(), dir.path());
    let _: Found = llm.structured(question()).await.unwrap();
    drop(llm);
    let conn = rusqlite::Connection::open(archie::store::db_path(dir.path())).unwrap();
    let value: String = conn
        .query_row("SELECT value FROM llm_cache", [], |r| r.get(0))
        .unwrap();
    assert!(!value.contains("ARCHIECACHEKEY"), "{value}");
    assert!(value.contains("[redacted]"), "{value}");
}

// --- through the binary ---------------------------------------------------------------------

/// A model for the binary: extraction answers name what the chunk names; anything else
/// is a short overview with a knowledge part.
fn scripted_model(request: &crate::support::mock_llm::MockRequest) -> Reply {
    if request.has_response_format() || request.text().contains("JSON Schema") {
        return Reply::json(json!({
            "entities": [
                {"name": "Checkout Service", "type": "service", "description": "takes orders"},
                {"name": "Payments DB", "type": "database", "description": "stores payments"}
            ],
            "relationships": [{"from": "Checkout Service", "to": "Payments DB", "type": "writes_to"}]
        }));
    }
    Reply::text("<agent>## Overview\n\nCheckout writes orders to the Payments DB.</agent>")
}

#[test]
fn build_context_against_a_server_like_llama_cpp_python() {
    let env = TestEnv::with_llm();
    env.mock().llama_cpp_python(4096);
    env.mock().switches(|s| {
        s.no_system_role = true;
        s.honour_max_tokens = true;
    });
    env.mock().answer_with(scripted_model);
    env.docs("docs", 3);
    let run = env.ok(&["build-context", "shop", "-i", "docs"]);
    assert!(
        run.stderr.contains("wrote shop_context.md"),
        "{}",
        run.stderr
    );
    let memory = env.read("context.json");
    assert!(memory.contains("Checkout Service"), "{memory}");
    // The json_schema rejection is said once, on one line, without the traceback.
    assert_eq!(
        run.stderr.matches("does not accept").count(),
        1,
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("File \""), "{}", run.stderr);
    assert!(!run.stderr.contains("retrying"), "{}", run.stderr);
    // The stream carried no usage: the figures are marked as estimates.
    assert!(
        run.stderr.contains("1 of 4 calls estimated"),
        "{}",
        run.stderr
    );
    // A local server: one request at a time; json_schema asked once, not once per chunk.
    assert_eq!(env.mock().max_concurrency(), 1);
    let schema_asks = env
        .mock()
        .requests()
        .iter()
        .filter(|r| r["response_format"]["type"] == "json_schema")
        .count();
    assert_eq!(schema_asks, 1);
}

#[test]
fn the_same_server_error_for_every_chunk_is_said_once() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|r| {
        if r.has_response_format() && !r.text().contains("Service 0") {
            Reply::error(
                400,
                "the model `mock-model` cannot do that",
                Some("bad_request"),
            )
        } else {
            scripted_model(r)
        }
    });
    env.docs("docs", 5);
    let run = env.ok(&["build-context", "shop", "-i", "docs"]);
    let said = run.stderr.matches("extraction failed").count();
    assert_eq!(said, 1, "{}", run.stderr);
    assert!(run.stderr.contains("4 chunks ("), "{}", run.stderr);
}

#[test]
fn a_fatal_error_stops_extraction_at_once() {
    let env = TestEnv::with_llm();
    env.mock()
        .answer_with(|_| Reply::error(401, "Incorrect API key provided", Some("invalid_api_key")));
    env.docs("docs", 6);
    let run = env.code(
        &["build-context", "shop", "-i", "docs", "--concurrency", "1"],
        1,
    );
    assert!(run.stderr.contains("HTTP 401"), "{}", run.stderr);
    // One at a time: the first answer stops the run before a second request is sent.
    assert_eq!(env.mock().requests().len(), 1, "stopped after the first");
}

#[test]
fn an_analysis_fits_a_small_context_it_learns_from_the_server() {
    let env = TestEnv::with_llm();
    // Context 2,500 tokens; the default budgets (6,000 + 2,000) would overflow it.
    env.mock().switches(|s| {
        s.context_window = Some(2500);
        s.overflow_empty_stream = true;
    });
    env.mock().answer_with(|r| {
        if r.has_response_format() {
            scripted_model(r)
        } else {
            Reply::text("<agent>What is the availability target?</agent>")
        }
    });
    let paragraph = "The Checkout Service writes orders to the Payments DB and calls the Ledger. ";
    for i in 0..6 {
        env.write(
            &format!("docs/d{i}.md"),
            format!("# Doc {i}\n\n{}", paragraph.repeat(40)),
        );
    }
    let run = env.ok(&[
        "analyze",
        "-i",
        "docs",
        "-q",
        "Can checkout survive a payments outage?",
        "--answer",
        "It fails fast.",
        "--answer",
        "/approve",
        "--memory-budget",
        "500",
        "-v",
    ]);
    assert!(
        run.stderr.contains("wrote analysis_result.md"),
        "{}",
        run.stderr
    );
    let mock = env.mock();
    // Overflows taught the context; the prompts after them fit, counted as the server
    // counts them (a tokenizer that spends about 1.35 times archie's estimate here).
    let chats: Vec<_> = mock
        .received()
        .into_iter()
        .filter(|r| !r.has_response_format())
        .collect();
    let last = chats.last().unwrap();
    let size = crate::support::mock_llm::prompt_tokens(last);
    assert!(
        size + last.body["max_tokens"].as_u64().unwrap() as usize <= 2500,
        "{size}"
    );
    // A local server that says nothing gets a few requests at once (UNKNOWN_START, 4):
    // each of the first may overflow before one of them has taught the context.
    assert!(
        mock.overflowed() <= 5,
        "overflowed {} times: {}",
        mock.overflowed(),
        run.stderr
    );
}

#[test]
fn an_overflow_that_cannot_be_fitted_is_explained() {
    let env = TestEnv::with_llm();
    env.mock().switches(|s| s.context_window = Some(300));
    env.mock().answer_with(|_| Reply::text("never"));
    env.docs("docs", 1);
    let run = env.code(&["build-context", "shop", "-i", "docs", "--no-extract"], 1);
    assert!(
        run.stderr.contains("does not fit the model's context"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--document-budget"), "{}", run.stderr);
    assert!(!run.stderr.contains("retrying"), "{}", run.stderr);
}

#[test]
fn usage_counts_failed_calls_and_their_requests() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(|_| Reply::server_error());
    env.docs("docs", 1);
    let run = env.code(
        &[
            "--json",
            "build-context",
            "shop",
            "-i",
            "docs",
            "--retries",
            "1",
        ],
        1,
    );
    let usage = run.event("usage").expect("a usage event");
    // The one extraction call failed (so the step did): 1 call, 2 requests, counted.
    assert_eq!(usage["calls"], 1, "{usage}");
    assert_eq!(usage["failed"], 1, "{usage}");
    assert_eq!(usage["requests"], 2, "{usage}");
}

// --- what a run learned about how many requests the endpoint takes ------------------------

/// `count` documents in `folder`, each a different text (nothing known from an earlier run).
fn distinct_docs(env: &TestEnv, folder: &str, count: usize) {
    for i in 0..count {
        env.write(
            &format!("{folder}/note{i:02}.md"),
            format!(
                "# {folder} note {i}\n\nThe {folder} Service {i} reads from the Ledger DB {i} and calls the Search API {i}.\n"
            ),
        );
    }
}

const EARLIER: &str = "at once to start: what this endpoint answered at once on an earlier run";

#[test]
fn a_later_run_starts_at_what_the_endpoint_answered_at_once() {
    let env = TestEnv::with_llm();
    env.mock().set_latency(Duration::from_millis(200));
    env.mock().answer_with(scripted_model);
    distinct_docs(&env, "first", 40);
    let first = env.ok(&["-v", "--no-cache", "build-context", "shop", "-i", "first"]);
    assert!(!first.stderr.contains(EARLIER), "{}", first.stderr);
    // A local server that says nothing starts at a few.
    let cold = env.mock().first_round().unwrap();
    assert!(cold <= 5, "first round of the first run: {cold}");

    env.mock().new_round();
    distinct_docs(&env, "second", 40);
    let second = env.ok(&["-v", "--no-cache", "build-context", "shop", "-i", "second"]);
    assert!(second.stderr.contains(EARLIER), "{}", second.stderr);
    // What the first run proved (how much depends on how its answers came back on a busy
    // machine), sent at once: more than a cold start's few.
    let warm = env.mock().first_round().unwrap();
    assert!(warm >= 8, "first round of the second run: {warm}");
    assert_eq!(env.mock().refused(), 0);
}

#[test]
fn a_later_run_does_not_start_above_a_limit_that_refused() {
    let env = TestEnv::with_llm();
    env.mock().switches(|s| {
        s.limit_in_flight = Some(6);
        s.limit_retry_after_ms = Some(20);
    });
    env.mock().set_latency(Duration::from_millis(150));
    env.mock().answer_with(scripted_model);
    distinct_docs(&env, "first", 40);
    env.ok(&["--no-cache", "build-context", "shop", "-i", "first"]);
    assert!(env.mock().refused() >= 1, "the first run finds the limit");

    env.mock().new_round();
    let refused = env.mock().refused();
    distinct_docs(&env, "second", 40);
    let second = env.ok(&["-v", "--no-cache", "build-context", "shop", "-i", "second"]);
    assert!(second.stderr.contains(EARLIER), "{}", second.stderr);
    let at_once = env.mock().first_round().unwrap();
    assert!((5..=6).contains(&at_once), "first round: {at_once}");
    assert_eq!(
        env.mock().refused(),
        refused,
        "nothing refused: {}",
        second.stderr
    );
}

#[test]
fn another_server_at_the_same_address_is_found_out_again() {
    let env = TestEnv::with_llm();
    env.mock().set_latency(Duration::from_millis(150));
    env.mock().answer_with(scripted_model);
    distinct_docs(&env, "first", 40);
    env.ok(&["--no-cache", "build-context", "shop", "-i", "first"]);

    // The probe now finds LM Studio there, which starts at one and finds out.
    env.mock()
        .switches(|s| s.owned_by = Some("organization_owner"));
    env.mock().new_round();
    distinct_docs(&env, "second", 20);
    let second = env.ok(&["-v", "--no-cache", "build-context", "shop", "-i", "second"]);
    assert!(!second.stderr.contains(EARLIER), "{}", second.stderr);
    let at_once = env.mock().first_round().unwrap();
    assert_eq!(at_once, 1, "{}", second.stderr);
}
