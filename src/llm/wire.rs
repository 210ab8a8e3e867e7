//! The Chat Completions wire format: the request body (messages, `response_format` or the
//! schema in the prompt, stream options), and reading what comes back: a whole answer, a
//! streamed chunk, an error status. async-openai supplies the types; lenient fallbacks
//! read servers that leave out fields it requires.

use super::config::LlmConfig;
use super::error::LlmError;
use super::{Message, Request, Role};
use crate::secrets::redact_text;
use async_openai::types::chat as oa;

/// What one successful attempt produced.
pub(super) struct Answer {
    pub(super) text: String,
    /// (prompt, completion) tokens as reported by the server.
    pub(super) usage: Option<(u64, u64)>,
}

/// What one streamed chunk carried.
#[derive(Debug, Default)]
pub(super) struct Delta {
    pub(super) text: String,
    /// The chunk has a finish_reason.
    pub(super) finished: bool,
    pub(super) usage: Option<(u64, u64)>,
}

/// The JSON body of a Chat Completions request. With `prompt_mode` a schema goes into the
/// system prompt instead of `response_format`; with `stream` usage is asked for in the
/// stream's last chunk.
pub(super) fn request_body(
    config: &LlmConfig,
    request: &Request,
    prompt_mode: bool,
    stream: bool,
) -> Result<Vec<u8>, LlmError> {
    let mut messages = request.messages.clone();
    let mut response_format = None;
    if let Some(schema) = &request.schema {
        if prompt_mode {
            let pretty = serde_json::to_string_pretty(&schema.schema).unwrap_or_default();
            let instruction = format!(
                "Answer with a single JSON value that conforms to this JSON Schema, and \
                 nothing else (no prose, no code fences):\n{pretty}"
            );
            match messages.iter_mut().find(|m| m.role == Role::System) {
                Some(system) => {
                    system.content.push_str("\n\n");
                    system.content.push_str(&instruction);
                }
                None => messages.insert(0, Message::system(instruction)),
            }
        } else {
            response_format = Some(oa::ResponseFormat::JsonSchema {
                json_schema: oa::ResponseFormatJsonSchema {
                    description: None,
                    name: schema.name.clone(),
                    schema: schema.schema.clone(),
                    strict: None,
                },
            });
        }
    }
    #[allow(deprecated)]
    let body = oa::CreateChatCompletionRequest {
        model: config.model.clone(),
        messages: messages.into_iter().map(to_wire).collect(),
        temperature: request.temperature.or(config.temperature),
        max_tokens: request.max_tokens,
        response_format,
        stream: stream.then_some(true),
        stream_options: stream.then_some(oa::ChatCompletionStreamOptions {
            include_usage: Some(true),
            include_obfuscation: None,
        }),
        ..Default::default()
    };
    serde_json::to_vec(&body)
        .map_err(|e| LlmError::Protocol(format!("the request could not be encoded: {e}")))
}

/// One of our messages as async-openai's request message.
fn to_wire(message: Message) -> oa::ChatCompletionRequestMessage {
    match message.role {
        Role::System => {
            oa::ChatCompletionRequestMessage::System(oa::ChatCompletionRequestSystemMessage {
                content: oa::ChatCompletionRequestSystemMessageContent::Text(message.content),
                name: None,
            })
        }
        Role::User => {
            oa::ChatCompletionRequestMessage::User(oa::ChatCompletionRequestUserMessage {
                content: oa::ChatCompletionRequestUserMessageContent::Text(message.content),
                name: None,
            })
        }
        Role::Assistant => {
            oa::ChatCompletionRequestMessage::Assistant(oa::ChatCompletionRequestAssistantMessage {
                content: Some(oa::ChatCompletionRequestAssistantMessageContent::Text(
                    message.content,
                )),
                ..Default::default()
            })
        }
    }
}

/// A whole (not streamed) answer: its text and usage, or why it cannot be read.
pub(super) fn parse_whole(bytes: &[u8]) -> Result<Answer, LlmError> {
    let usage_of = |u: &oa::CompletionUsage| (u.prompt_tokens as u64, u.completion_tokens as u64);
    if let Ok(response) = serde_json::from_slice::<oa::CreateChatCompletionResponse>(bytes) {
        let choice = response
            .choices
            .first()
            .ok_or_else(|| LlmError::Protocol("the answer has no choices".into()))?;
        let text = match (&choice.message.content, &choice.message.refusal) {
            (Some(text), _) => text.clone(),
            (None, Some(refusal)) => {
                return Err(LlmError::Protocol(format!(
                    "the model refused: {}",
                    redact_text(refusal)
                )));
            }
            (None, None) => String::new(),
        };
        return Ok(Answer {
            text,
            usage: response.usage.as_ref().map(usage_of),
        });
    }
    // Lenient fallback for servers that leave out fields async-openai requires.
    let value: serde_json::Value = serde_json::from_slice(bytes)
        .map_err(|e| LlmError::Protocol(format!("the response is not JSON ({e})")))?;
    let text = value
        .pointer("/choices/0/message/content")
        .and_then(|c| c.as_str())
        .ok_or_else(|| LlmError::Protocol("the response has no choices[0].message.content".into()))?
        .to_string();
    let num = |p: &str| value.pointer(p).and_then(|v| v.as_u64());
    let usage = num("/usage/prompt_tokens").zip(num("/usage/completion_tokens"));
    Ok(Answer { text, usage })
}

/// One streamed chunk (an SSE `data:` payload other than `[DONE]`): its content delta,
/// whether it carries a finish_reason, its usage; an error object in the stream is
/// [`LlmError::StreamBroken`].
pub(super) fn parse_chunk(data: &str) -> Result<Delta, LlmError> {
    if let Ok(chunk) = serde_json::from_str::<oa::CreateChatCompletionStreamResponse>(data) {
        let choice = chunk.choices.first();
        return Ok(Delta {
            text: choice
                .and_then(|c| c.delta.content.clone())
                .unwrap_or_default(),
            finished: choice.is_some_and(|c| c.finish_reason.is_some()),
            usage: chunk
                .usage
                .map(|u| (u.prompt_tokens as u64, u.completion_tokens as u64)),
        });
    }
    // Lenient fallback for servers that leave out fields async-openai requires.
    let value: serde_json::Value = serde_json::from_str(data)
        .map_err(|e| LlmError::Protocol(format!("a streamed chunk is not JSON ({e})")))?;
    if let Some(error) = value.get("error") {
        let message = error
            .get("message")
            .and_then(|m| m.as_str())
            .unwrap_or("unknown error");
        return Err(LlmError::StreamBroken {
            reason: redact_text(message),
        });
    }
    let num = |p: &str| value.pointer(p).and_then(|v| v.as_u64());
    Ok(Delta {
        text: value
            .pointer("/choices/0/delta/content")
            .and_then(|c| c.as_str())
            .unwrap_or_default()
            .to_string(),
        finished: value
            .pointer("/choices/0/finish_reason")
            .is_some_and(|f| !f.is_null()),
        usage: num("/usage/prompt_tokens").zip(num("/usage/completion_tokens")),
    })
}

/// The error for a non-2xx answer, from its status, headers and body (OpenAI's
/// `{"error": {"message", "code", "type"}}` shape, or any text).
pub(super) fn http_error(
    status: u16,
    headers: &reqwest::header::HeaderMap,
    body: &str,
    model: &str,
) -> LlmError {
    let json: Option<serde_json::Value> = serde_json::from_str(body).ok();
    let error = json.as_ref().and_then(|j| j.get("error"));
    let field = |name: &str| {
        error
            .and_then(|e| e.get(name))
            .and_then(|v| v.as_str())
            .map(str::to_string)
    };
    let message = field("message")
        .or_else(|| error.and_then(|e| e.as_str()).map(str::to_string))
        .unwrap_or_else(|| {
            let body = body.trim();
            if body.is_empty() {
                "(no details)".to_string()
            } else {
                body.chars().take(300).collect()
            }
        });
    let message = redact_text(&message);
    let code = field("code").or_else(|| field("type"));
    let quota = [field("code"), field("type")]
        .iter()
        .flatten()
        .any(|c| c == "insufficient_quota");
    if status == 429 && quota {
        return LlmError::InsufficientQuota { message };
    }
    LlmError::Http {
        status,
        code,
        message,
        model: model.to_string(),
        retry_after: crate::retry::retry_after(headers),
    }
}

/// A 400/422 that says the endpoint does not take our `response_format`.
pub(super) fn rejects_response_format(err: &LlmError) -> bool {
    match err {
        LlmError::Http {
            status: 400 | 422,
            message,
            code,
            ..
        } => {
            let text = format!("{message} {}", code.as_deref().unwrap_or_default()).to_lowercase();
            text.contains("response_format") || text.contains("json_schema")
        }
        _ => false,
    }
}
