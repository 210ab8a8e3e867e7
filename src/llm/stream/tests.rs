//! Tests of the stream reader: event splitting, line endings, completeness, errors,
//! usage and deadlines.

use super::*;

fn deadlines() -> Deadlines {
    Deadlines::new(Duration::from_secs(30), Some(Duration::from_secs(30)))
}

/// Reads `chunks` as a body, recording every data payload and taking it as the text.
async fn read_chunks(chunks: &[&'static [u8]]) -> (Vec<String>, Result<Streamed, LlmError>) {
    let body = futures::stream::iter(chunks.iter().map(|c| Ok::<_, std::io::Error>(*c)));
    let mut seen = Vec::new();
    let on = |d: &str| {
        seen.push(d.to_string());
        Ok(Delta {
            text: d.to_string(),
            ..Delta::default()
        })
    };
    let result = read_events(body, deadlines(), on).await;
    (seen, result)
}

/// Reads `chunks` as a Chat Completions stream.
async fn read_chat(chunks: Vec<String>) -> Result<Streamed, LlmError> {
    let body = futures::stream::iter(chunks.into_iter().map(Ok::<_, std::io::Error>));
    read_events(body, deadlines(), parse_chunk).await
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
    assert!(sse.finished && !sse.done);
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
    let body = futures::stream::iter([
        Ok(chunk(Some("Check"), None)),
        Err(std::io::Error::other("connection reset")),
    ]);
    let err = read_events(body, deadlines(), parse_chunk)
        .await
        .unwrap_err();
    assert!(
        matches!(&err, LlmError::StreamBroken { reason } if reason == "connection reset"),
        "{err:?}"
    );
}

#[tokio::test]
async fn no_first_token_and_no_end_in_time_are_timeouts() {
    let silent = futures::stream::pending::<Result<&[u8], std::io::Error>>();
    let short = Deadlines::new(Duration::from_secs(30), Some(Duration::from_millis(50)));
    let err = read_events(silent, short, parse_chunk).await.unwrap_err();
    assert!(
        matches!(
            err,
            LlmError::Timeout {
                phase: TimeoutPhase::FirstToken,
                ..
            }
        ),
        "{err:?}"
    );

    let first = chunk(Some("Check"), None);
    let stalls =
        futures::stream::iter([Ok::<_, std::io::Error>(first)]).chain(futures::stream::pending());
    let short = Deadlines::new(Duration::from_millis(200), Some(Duration::from_millis(100)));
    let err = read_events(Box::pin(stalls), short, parse_chunk)
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            LlmError::Timeout {
                phase: TimeoutPhase::Request,
                ..
            }
        ),
        "{err:?}"
    );
}
