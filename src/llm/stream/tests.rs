//! Tests of the stream reader: event splitting, line endings, completeness, errors,
//! usage and deadlines.

use super::*;
use crate::events::Discard;
use crate::llm::TimeoutPhase;

fn deadlines() -> Deadlines {
    Deadlines::new(
        Duration::from_secs(30),
        Duration::from_secs(30),
        Instant::now() + Duration::from_secs(60),
    )
}

fn limits() -> Limits {
    Limits::new(Some(1000), 1 << 20)
}

fn activity() -> Activity {
    Activity::new(Arc::new(Discard), Duration::from_secs(10))
}

/// Reads `chunks` as a body, recording every data payload and taking it as the text.
async fn read_chunks(chunks: &[&'static [u8]]) -> (Vec<String>, Result<Streamed, LlmError>) {
    let body = futures_util::stream::iter(chunks.iter().map(|c| Ok::<_, std::io::Error>(*c)));
    let mut seen = Vec::new();
    let on = |d: &str| {
        seen.push(d.to_string());
        Ok(Delta {
            text: d.to_string(),
            finish: Some("stop".into()),
            ..Delta::default()
        })
    };
    let result = read_events(body, deadlines(), limits(), &activity(), false, on).await;
    (seen, result)
}

/// Reads `body` as a Chat Completions stream with these deadlines and limits.
async fn read_body<S, B, E>(
    body: S,
    deadlines: Deadlines,
    limits: Limits,
) -> Result<Streamed, LlmError>
where
    S: Stream<Item = Result<B, E>> + Unpin,
    B: AsRef<[u8]>,
    E: std::error::Error + 'static,
{
    read_events(body, deadlines, limits, &activity(), false, parse_chunk).await
}

/// Reads `chunks` as a Chat Completions stream.
async fn read_chat(chunks: Vec<String>) -> Result<Streamed, LlmError> {
    let body = futures_util::stream::iter(chunks.into_iter().map(Ok::<_, std::io::Error>));
    read_body(body, deadlines(), limits()).await
}

/// Which timeout `err` is; `None` when it is not a timeout.
fn timeout_phase(err: &LlmError) -> Option<TimeoutPhase> {
    match err {
        LlmError::Timeout { phase, .. } => Some(*phase),
        _ => None,
    }
}

fn chunk(content: Option<&str>, finish: Option<&str>) -> String {
    let delta = match content {
        Some(text) => serde_json::json!({"role": "assistant", "content": text}),
        None => serde_json::json!({}),
    };
    let value = serde_json::json!({
        "id": "c", "object": "chat.completion.chunk", "created": 0, "model": "m",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    });
    format!("data: {value}\n\n")
}

#[tokio::test]
async fn sse_splits_events_across_chunks() {
    let (seen, sse) = read_chunks(&[b"data: a\n\nda", b"ta: b\r\n\r\ndata: [DONE]\n\n"]).await;
    let sse = sse.unwrap();
    assert_eq!(seen, vec!["a", "b"]);
    assert!(sse.done);
    assert_eq!(sse.text, "ab");
}

#[tokio::test]
async fn bare_carriage_returns_end_lines_too() {
    let (seen, sse) = read_chunks(&[b"data: a\r\rdata: b\r", b"\rdata: [DONE]\r\r"]).await;
    assert_eq!(seen, vec!["a", "b"]);
    assert!(sse.unwrap().done);
}

#[tokio::test]
async fn a_last_event_without_a_blank_line_still_counts() {
    let (seen, sse) = read_chunks(&[b"data: a\n\ndata: [DONE]"]).await;
    assert_eq!(seen, vec!["a"]);
    assert!(sse.unwrap().done);
}

#[tokio::test]
async fn a_finish_reason_completes_a_stream_without_done() {
    let sse = read_chat(vec![chunk(Some("hi"), None), chunk(None, Some("stop"))])
        .await
        .unwrap();
    assert_eq!(sse.text, "hi");
    assert_eq!(sse.finish.as_deref(), Some("stop"));
    assert!(!sse.done);
}

#[tokio::test]
async fn done_without_a_finish_reason_is_a_stream_cut_short() {
    let err = read_chat(vec![
        chunk(Some("half an ans"), None),
        "data: [DONE]\n\n".into(),
    ])
    .await
    .unwrap_err();
    assert!(
        matches!(&err, LlmError::StreamBroken { reason } if reason.contains("without a finish reason")),
        "{err:?}"
    );
}

#[tokio::test]
async fn an_empty_body_and_an_empty_answer_are_empty() {
    let err = read_chat(vec![]).await.unwrap_err();
    assert!(matches!(err, LlmError::Empty), "{err:?}");
    let err = read_chat(vec![
        chunk(Some(" "), Some("stop")),
        "data: [DONE]\n\n".into(),
    ])
    .await
    .unwrap_err();
    assert!(matches!(err, LlmError::Empty), "{err:?}");
}

#[tokio::test]
async fn an_endless_stream_stops_at_the_limits() {
    // Tokens past twice max_tokens: the server ignores max_tokens.
    let endless =
        futures_util::stream::repeat_with(|| Ok::<_, std::io::Error>(chunk(Some("word "), None)));
    let tight = Limits::new(Some(10), 1 << 20);
    let err = read_body(Box::pin(endless), deadlines(), tight)
        .await
        .unwrap_err();
    assert!(matches!(err, LlmError::TooLarge { .. }), "{err:?}");
    // One endless event that never ends its line: the byte limit.
    let endless = futures_util::stream::iter([Ok::<_, std::io::Error>(b"data: ".to_vec())])
        .chain(futures_util::stream::repeat_with(|| Ok(vec![b'x'; 4096])));
    let small = Limits::new(Some(10), 64 << 10);
    let err = read_body(Box::pin(endless), deadlines(), small)
        .await
        .unwrap_err();
    assert!(matches!(err, LlmError::TooLarge { .. }), "{err:?}");
}

#[tokio::test]
async fn a_stream_that_just_ends_is_broken() {
    let err = read_chat(vec![chunk(Some("half an ans"), None)])
        .await
        .unwrap_err();
    assert!(
        matches!(&err, LlmError::StreamBroken { reason } if reason.contains("closed before")),
        "{err:?}"
    );
}

#[tokio::test]
async fn usage_comes_from_the_last_chunk_that_has_it() {
    let usage = serde_json::json!({
        "id": "c", "object": "chat.completion.chunk", "created": 0, "model": "m",
        "choices": [], "usage": {"prompt_tokens": 12, "completion_tokens": 3, "total_tokens": 15},
    });
    let sse = read_chat(vec![
        chunk(Some("a b c"), None),
        chunk(None, Some("stop")),
        format!("data: {usage}\n\n"),
        "data: [DONE]\n\n".into(),
    ])
    .await
    .unwrap();
    assert_eq!(sse.usage, Some((12, 3)));
    assert_eq!(sse.text, "a b c");
}

#[tokio::test]
async fn an_error_event_breaks_the_stream() {
    let err = read_chat(vec![
        chunk(Some("Check"), None),
        "data: {\"error\": {\"message\": \"model overloaded\"}}\n\n".into(),
    ])
    .await
    .unwrap_err();
    assert!(
        matches!(&err, LlmError::StreamBroken { reason } if reason == "model overloaded"),
        "{err:?}"
    );
}

#[tokio::test]
async fn a_failing_connection_breaks_the_stream() {
    let body = futures_util::stream::iter([
        Ok(chunk(Some("Check"), None)),
        Err(std::io::Error::other("connection reset")),
    ]);
    let err = read_body(body, deadlines(), limits()).await.unwrap_err();
    assert!(
        matches!(&err, LlmError::StreamBroken { reason } if reason == "connection reset"),
        "{err:?}"
    );
}

#[tokio::test(start_paused = true)]
async fn no_first_token_a_stall_and_the_deadline_are_timeouts() {
    let silent = futures_util::stream::pending::<Result<&[u8], std::io::Error>>();
    let short = Deadlines::new(
        Duration::from_millis(50),
        Duration::from_secs(10),
        Instant::now() + Duration::from_secs(30),
    );
    let err = read_body(silent, short, limits()).await.unwrap_err();
    assert_eq!(
        timeout_phase(&err),
        Some(TimeoutPhase::FirstToken),
        "{err:?}"
    );

    let first = chunk(Some("Check"), None);
    let stalls = futures_util::stream::iter([Ok::<_, std::io::Error>(first)])
        .chain(futures_util::stream::pending());
    let idle = Deadlines::new(
        Duration::from_secs(1),
        Duration::from_millis(100),
        Instant::now() + Duration::from_secs(30),
    );
    let err = read_body(Box::pin(stalls), idle, limits())
        .await
        .unwrap_err();
    assert_eq!(timeout_phase(&err), Some(TimeoutPhase::Idle), "{err:?}");

    // Tokens keep coming, each within the idle timeout: only the deadline ends it.
    let slow =
        futures_util::stream::repeat_with(|| Ok::<_, std::io::Error>(chunk(Some("a "), None)))
            .then(|c| async {
                tokio::time::sleep(Duration::from_millis(50)).await;
                c
            });
    let end = Deadlines::new(
        Duration::from_secs(1),
        Duration::from_millis(100),
        Instant::now() + Duration::from_secs(2),
    );
    let err = read_body(Box::pin(slow), end, limits()).await.unwrap_err();
    assert_eq!(timeout_phase(&err), Some(TimeoutPhase::Deadline), "{err:?}");
}
