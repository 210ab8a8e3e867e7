//! One HTTP request of an attempt: the body at the run's structured-output level, the
//! key, the answer read whole or streamed within the call's timeouts, a failed status
//! read as the server's error, and a streamed empty 200 asked again without streaming.

use super::attempt::Attempt;
use super::{MAX_ERROR_BODY, OpenAiCompatible};
use crate::events::Event;
use crate::llm::error::{LlmError, TimeoutPhase, source_text};
use crate::llm::stream::{self, Limits};
use crate::llm::waiting::{Activity, Deadlines};
use crate::llm::wire::{self, Level, ModelAnswer};
use crate::secrets::redact_text;

impl OpenAiCompatible {
    /// One HTTP request, read whole or streamed. A streamed answer that is an empty 200
    /// (servers that fail after sending their headers) is asked again without streaming,
    /// whose answer or error then stands.
    pub(super) async fn request(
        &self,
        attempt: &Attempt<'_>,
        level: Level,
    ) -> Result<ModelAnswer, LlmError> {
        let max_tokens = attempt.max_tokens;
        let result = self
            .http_attempt(attempt, level, attempt.request.show)
            .await
            .map(|answer| ModelAnswer {
                max_tokens: Some(max_tokens),
                ..answer
            });
        match result {
            Err(LlmError::Empty) if attempt.stream => {
                self.events.emit(Event::Detail {
                    message: "the streamed answer was empty; asking once more without \
                              streaming to hear why"
                        .into(),
                });
                let whole = Attempt {
                    stream: false,
                    ..*attempt
                };
                let mut answer = self.http_attempt(&whole, level, false).await?;
                answer.max_tokens = Some(max_tokens);
                if attempt.request.show {
                    self.events.emit(Event::Token {
                        text: answer.text.clone(),
                    });
                    self.events.emit(Event::TokensDone);
                }
                Ok(answer)
            }
            other => other,
        }
    }

    /// The request sent once; `show` streams its answer to the user as it arrives.
    async fn http_attempt(
        &self,
        attempt: &Attempt<'_>,
        level: Level,
        show: bool,
    ) -> Result<ModelAnswer, LlmError> {
        let max_tokens = attempt.max_tokens;
        let body = wire::request_body(
            &self.config,
            attempt.request,
            level,
            attempt.stream,
            Some(max_tokens),
        )?;
        // Streamed or not, the first byte of the answer (a whole answer's headers come
        // when it is done) is bounded by the first-token timeout, each later piece by the
        // idle timeout, and all of it by the call's deadline: a server that accepts a
        // request and says nothing is hung, whatever the call.
        let deadlines = Deadlines::new(
            self.config.first_token_timeout,
            self.config.idle_timeout,
            attempt.deadline,
        );
        let limits = Limits::new(Some(max_tokens), self.config.max_reply_bytes);
        let activity = if show {
            &self.quiet_activity
        } else {
            &self.activity
        };
        let builder = self.post(body);
        if (self.config.reader_gone)() {
            // Nobody reads the run's output any more and `main` is ending the run: the
            // request is not sent (this future is dropped there).
            std::future::pending::<()>().await;
        }
        let response = match activity.wait(deadlines.first_token, sent(builder)).await {
            Err(()) => return Err(deadlines.missed(deadlines.first_token, false)),
            Ok(Err(Sent::Failed(err))) => return Err(self.transport_error(&err)),
            Ok(Err(Sent::Cancelled)) => {
                return Err(LlmError::StreamBroken {
                    reason: "the request was cancelled as archie stopped".into(),
                });
            }
            Ok(Ok(response)) => response,
        };

        if !response.status().is_success() {
            activity.touch();
            return Err(self.http_error(response, deadlines, activity).await);
        }

        if !attempt.stream {
            let bytes = stream::read_body(response, deadlines, limits, activity).await?;
            let answer = wire::parse_whole(&bytes)?;
            if answer.text.trim().is_empty() && !answer.truncated() {
                return Err(LlmError::Empty);
            }
            return Ok(answer);
        }
        stream::read(response, deadlines, limits, show, &self.events, activity).await
    }

    /// The POST of `body`, with the key when there is one (marked sensitive).
    fn post(&self, body: Vec<u8>) -> reqwest::RequestBuilder {
        let post = match &self.parsed_url {
            Some(url) => self.http.post(url.clone()),
            None => self.http.post(&self.url),
        };
        let mut builder = post
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body);
        if let Some(key) = &self.config.api_key
            && let Ok(mut value) =
                reqwest::header::HeaderValue::from_str(&format!("Bearer {}", key.expose()))
        {
            value.set_sensitive(true);
            builder = builder.header(reqwest::header::AUTHORIZATION, value);
        }
        builder
    }

    /// The error a failed status stands for, read from (the start of) its body.
    async fn http_error(
        &self,
        response: reqwest::Response,
        deadlines: Deadlines,
        activity: &Activity,
    ) -> LlmError {
        let status = response.status();
        let headers = response.headers().clone();
        let text = stream::read_body(
            response,
            deadlines,
            Limits::new(None, MAX_ERROR_BODY),
            activity,
        )
        .await
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default();
        wire::http_error(status.as_u16(), &headers, &text, &self.config.model)
    }

    /// A request that got no answer: no connection, a connect timeout, or a body cut off.
    fn transport_error(&self, err: &reqwest::Error) -> LlmError {
        let reason = redact_text(&source_text(err));
        if err.is_timeout() {
            LlmError::Timeout {
                phase: TimeoutPhase::Connect,
                after: self.config.connect_timeout,
            }
        } else if err.is_connect() || err.is_request() {
            LlmError::Connect {
                url: self.config.display_url(),
                reason,
            }
        } else {
            LlmError::StreamBroken { reason }
        }
    }
}

/// Why [`sent`] has no response.
enum Sent {
    Failed(reqwest::Error),
    /// Its task was cancelled: the runtime is shutting down.
    Cancelled,
}

/// `builder` sent on a task of its own, up to the response's head: its connection is
/// opened and its request written as soon as the socket is ready, not when the caller's
/// task comes round to it again. Extraction's fan-out polls a hundred calls on one task,
/// and a first round of 80 new connections waited for all of their first polls (~25 ms
/// more latency for most of the round). Dropping the future aborts the task, so a dropped
/// call still cancels its request. Without a runtime (never in archie), sent here.
async fn sent(builder: reqwest::RequestBuilder) -> Result<reqwest::Response, Sent> {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        return builder.send().await.map_err(Sent::Failed);
    };
    let mut task = AbortOnDrop(runtime.spawn(builder.send()));
    match (&mut task.0).await {
        Ok(result) => result.map_err(Sent::Failed),
        Err(err) => match err.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(_) => Err(Sent::Cancelled),
        },
    }
}

/// A task aborted when its handle is dropped.
struct AbortOnDrop<T>(tokio::task::JoinHandle<T>);

impl<T> Drop for AbortOnDrop<T> {
    fn drop(&mut self) {
        self.0.abort();
    }
}

#[cfg(test)]
mod tests {
    use super::sent;
    use std::time::Duration;
    use tokio::io::AsyncReadExt;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_call_dropped_while_its_request_is_out_closes_the_connection() {
        crate::tls::install();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!(
            "http://{}/v1/chat/completions",
            listener.local_addr().unwrap()
        );
        // A server that reads the request and never answers; it ends when the connection
        // closes, with how much it read.
        let server = tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.unwrap();
            let mut buf = vec![0u8; 4096];
            let mut read = 0;
            loop {
                match socket.read(&mut buf).await {
                    Ok(0) | Err(_) => return read,
                    Ok(n) => read += n,
                }
            }
        });
        let client = reqwest::Client::new();
        // The caller gives up (as Ctrl-C or a stopped fan-out drops its calls).
        let gave_up = tokio::time::timeout(
            Duration::from_millis(300),
            sent(client.post(url).body("{}")),
        )
        .await;
        assert!(gave_up.is_err(), "the server never answers");
        // The send's own task was aborted with it: the connection closes.
        let read = tokio::time::timeout(Duration::from_secs(5), server)
            .await
            .expect("the connection closed once the call was dropped")
            .unwrap();
        assert!(read > 0, "the request had been sent");
    }
}
