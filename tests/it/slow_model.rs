//! A model that is slow the way a small model on a laptop's CPU is: it answers
//! extraction at once, then streams its conversation answers a word at a time. What
//! archie says meanwhile: the speed and time of the answer at a terminal, plain progress
//! lines that come ever less often in a log, and a clean stop at Ctrl-C, with nothing
//! but text in a redirected stderr.

use crate::flows::{is_extraction, scripted_model};
use crate::support::http::Background;
use crate::support::mock_llm::MockRequest;
use crate::support::{TestEnv, archie_bin};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::response::Response;
use axum::routing::post;
use expectrl::Session;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// How the slow model answers a conversation turn.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pace {
    /// Silence before the first word.
    pub first_after: Duration,
    /// Between words.
    pub every: Duration,
    /// Words in all (then the answer ends normally).
    pub words: usize,
}

/// The slow model on 127.0.0.1: extraction answered at once (as the scripted model
/// does), every other request streamed at `pace` (`word0 word1 …`).
pub(crate) fn slow_model(pace: Pace) -> Background {
    let app = Router::new().route(
        "/v1/chat/completions",
        post(move |body: Bytes| async move {
            let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
            answer(&body, pace)
        }),
    );
    Background::start(app)
}

/// A world pointed at `model`.
pub(crate) fn slow_env(model: &Background) -> TestEnv {
    let env = TestEnv::new()
        .env("OPENAI_BASE_URL", format!("http://{}/v1", model.addr))
        .env("ARCHIE_MODEL", "slow-model")
        .env("ARCHIE_LLM_BACKOFF_MS", "5");
    env.docs("docs", 1);
    env
}

fn answer(body: &Value, pace: Pace) -> Response {
    let request = MockRequest {
        body: body.clone(),
        authorization: None,
        at: std::time::Instant::now(),
    };
    let stream = body["stream"] == true;
    if is_extraction(&request) {
        let crate::support::mock_llm::Reply::Text { content, .. } = scripted_model(&request) else {
            unreachable!("extraction answers are text");
        };
        return if stream {
            let events = vec![
                Ok::<_, std::io::Error>(sse(&chunk(Some(&content), None))),
                Ok(sse(&chunk(None, Some("stop")))),
                Ok(Bytes::from_static(b"data: [DONE]\n\n")),
            ];
            sse_response(Body::from_stream(futures_util::stream::iter(events)))
        } else {
            Response::builder()
                .header("content-type", "application/json")
                .body(Body::from(
                    json!({
                        "id": "slow", "object": "chat.completion", "created": 0, "model": "slow-model",
                        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
                        "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}
                    })
                    .to_string(),
                ))
                .unwrap()
        };
    }
    // word0 word1 … at the pace, then the end.
    let words = futures_util::stream::unfold(0usize, move |i| async move {
        if i > pace.words {
            return None;
        }
        let piece = if i == pace.words {
            let mut end = sse(&chunk(None, Some("stop"))).to_vec();
            end.extend_from_slice(b"data: [DONE]\n\n");
            Bytes::from(end)
        } else {
            tokio::time::sleep(if i == 0 { pace.first_after } else { pace.every }).await;
            sse(&chunk(Some(&format!("word{i} ")), None))
        };
        Some((Ok::<_, std::io::Error>(piece), i + 1))
    });
    sse_response(Body::from_stream(words))
}

fn sse_response(body: Body) -> Response {
    Response::builder()
        .header("content-type", "text/event-stream")
        .header("cache-control", "no-cache")
        .body(body)
        .unwrap()
}

fn sse(value: &Value) -> Bytes {
    Bytes::from(format!("data: {value}\n\n"))
}

fn chunk(content: Option<&str>, finish: Option<&str>) -> Value {
    let delta = match content {
        Some(text) => json!({"role": "assistant", "content": text}),
        None => json!({}),
    };
    json!({
        "id": "slow", "object": "chat.completion.chunk", "created": 0, "model": "slow-model",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    })
}

/// Waits until `path` holds `text` (or fails the test after a generous while).
#[track_caller]
fn wait_for_text(path: &std::path::Path, text: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let now = std::fs::read_to_string(path).unwrap_or_default();
        if now.contains(text) {
            return now;
        }
        assert!(
            Instant::now() < deadline,
            "{text:?} never reached {}:\n{now}",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn ctrl_c_mid_answer_leaves_a_redirected_stderr_plain_and_the_usage_on_its_own_line() {
    let model = slow_model(Pace {
        first_after: Duration::ZERO,
        every: Duration::from_millis(40),
        words: 100_000,
    });
    let env = slow_env(&model);
    // A terminal for stdin and stdout (colour on for stdout, as a person's shell has
    // it), stderr redirected to a file: `archie analyze … 2>err.txt`, then Ctrl-C.
    let mut cmd = env.process("sh");
    cmd.args(["-c", "exec \"$0\" \"$@\" 2>err.txt"])
        .arg(archie_bin())
        .args(["analyze", "-i", "docs", "-q", "Can checkout survive?"])
        .env_remove("NO_COLOR")
        .env("TERM", "xterm")
        .env("LANG", "C.UTF-8");
    let mut session = Session::spawn(cmd).expect("spawn archie in a pty");
    session.set_expect_timeout(Some(Duration::from_secs(30)));
    let err = env.path().join("err.txt");
    // The extraction call is done (so there is usage to report) and the answer streams.
    wait_for_text(&err, "word3 ");
    session
        .send(expectrl::ControlCode::EndOfText)
        .expect("Ctrl-C");
    crate::pty::exits_with(&mut session, 130);

    let bytes = std::fs::read(&err).expect("stderr file");
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        !bytes.contains(&0x1b),
        "an escape sequence in the redirected stderr: {text:?}"
    );
    assert!(text.contains("interrupted"), "{text}");
    let usage = text
        .lines()
        .find(|l| l.contains("LLM call"))
        .unwrap_or_else(|| panic!("no usage line:\n{text}"));
    // The extraction call answered, the streamed one was cut off by Ctrl-C.
    assert!(
        usage
            .trim_start()
            .starts_with("2 LLM calls (1 stopped unanswered)")
            && !usage.contains("word"),
        "the usage summary shares a line with the cut-off answer: {usage:?}"
    );
}

#[test]
fn without_a_terminal_a_long_wait_is_reported_ever_less_often() {
    // First lines 50 ms apart, doubling, up to a minute: a 3-second silence gives a line
    // at about 0.05, 0.15, 0.35, 0.75, 1.55 s (and 3.15 s if the machine is slow),
    // where the fixed interval printed 60. However slow the machine, the count grows
    // with the log of the wait, not with the wait.
    let model = slow_model(Pace {
        first_after: Duration::from_secs(3),
        every: Duration::from_millis(1),
        words: 5,
    });
    let env = slow_env(&model)
        .env("ARCHIE_PROGRESS_EVERY_MS", "50")
        .env("ARCHIE_PROGRESS_MAX_MS", "60000");
    let ran = env.ok(&["build-context", "shop", "-i", "docs"]);
    let waits = ran
        .stderr
        .lines()
        .filter(|l| l.starts_with("  asking the model…"))
        .count();
    assert!(
        (2..=12).contains(&waits),
        "{waits} progress lines for one wait:\n{}",
        ran.stderr
    );
    assert!(!ran.stderr.contains('\x1b'), "{:?}", ran.stderr);
}

#[test]
fn without_a_terminal_each_change_of_a_count_is_reported() {
    let env = TestEnv::with_llm()
        .env("ARCHIE_PROGRESS_EVERY_MS", "50")
        .env("ARCHIE_PROGRESS_MAX_MS", "60000");
    env.docs("docs", 3);
    env.mock().answer_with(|req| {
        let reply = scripted_model(req);
        if is_extraction(req) {
            reply.delayed(Duration::from_millis(500))
        } else {
            reply
        }
    });
    let ran = env.ok(&["build-context", "shop", "-i", "docs", "--concurrency", "1"]);
    for count in ["1/3", "2/3"] {
        assert!(
            ran.stderr
                .lines()
                .any(|l| l.starts_with(&format!("  extracting knowledge {count}"))),
            "{count} was never said:\n{}",
            ran.stderr
        );
    }
}
