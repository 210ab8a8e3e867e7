//! The Chat Completions wire format: the request body (messages, `response_format` or the
//! schema in the prompt, stream options), and reading what comes back: a whole answer, a
//! streamed chunk, an error status. async-openai supplies the types; lenient fallbacks
//! read servers that leave out fields it requires.

use super::config::LlmConfig;
use super::error::LlmError;
use super::{Message, Request, Role};
use crate::secrets::redact_text;
use async_openai::types::chat as oa;

/// How a structured answer is asked for, from the most to the least constrained.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Level {
    /// `response_format: {type: json_schema, json_schema: {name, schema}}`.
    Schema,
    /// `response_format: {type: json_object, schema}`: llama.cpp's grammar-constrained
    /// JSON; the schema is also in the user message.
    Object,
    /// The schema in the user message only.
    Prompt,
}

impl Level {
    pub(super) fn next(self) -> Option<Level> {
        match self {
            Self::Schema => Some(Self::Object),
            Self::Object => Some(Self::Prompt),
            Self::Prompt => None,
        }
    }

    pub(super) fn label(self) -> &'static str {
        match self {
            Self::Schema => "a JSON Schema response_format",
            Self::Object => "a json_object response_format with a schema",
            Self::Prompt => "the schema in the prompt",
        }
    }
}

/// What one successful attempt produced.
#[derive(Debug, Default)]
pub(super) struct ModelAnswer {
    pub(super) text: String,
    /// (prompt, completion) tokens as reported by the server.
    pub(super) usage: Option<(u64, u64)>,
    /// The finish_reason (`stop`, `length`, …) when the server gave one.
    pub(super) finish: Option<String>,
    /// The `max_tokens` the request asked for.
    pub(super) max_tokens: Option<u32>,
    /// The model fell into a loop: the text was cut after the passage's first copy, and
    /// this many repeats were left out (see `repeats.rs`).
    pub(super) looped: Option<usize>,
}

impl ModelAnswer {
    /// The answer stopped at `max_tokens`.
    pub(super) fn truncated(&self) -> bool {
        self.finish.as_deref() == Some("length")
    }
}

/// What one streamed chunk carried.
#[derive(Debug, Default)]
pub(super) struct Delta {
    pub(super) text: String,
    /// The chunk's finish_reason, if it has one.
    pub(super) finish: Option<String>,
    pub(super) usage: Option<(u64, u64)>,
}

/// The JSON body of a Chat Completions request. A schema goes out as `level` says: as
/// `response_format`, and (levels `Object` and `Prompt`) in the last user message, where
/// chat templates that drop system messages still show it to the model. With `stream`,
/// usage is asked for in the stream's last chunk.
pub(super) fn request_body(
    config: &LlmConfig,
    request: &Request,
    level: Level,
    stream: bool,
    max_tokens: Option<u32>,
) -> Result<Vec<u8>, LlmError> {
    let mut messages = request.messages.clone();
    let mut response_format = None;
    let schema = request.schema.as_ref();
    if let Some(schema) = schema {
        if level == Level::Schema {
            response_format = Some(oa::ResponseFormat::JsonSchema {
                json_schema: oa::ResponseFormatJsonSchema {
                    description: None,
                    name: schema.name.clone(),
                    schema: schema.schema.as_ref().clone(),
                    strict: None,
                },
            });
        } else {
            let pretty = serde_json::to_string_pretty(schema.schema.as_ref()).unwrap_or_default();
            let instruction = format!(
                "Answer with a single JSON value that conforms to this JSON Schema, and \
                 nothing else (no prose, no code fences):\n{pretty}"
            );
            match messages.iter_mut().rev().find(|m| m.role == Role::User) {
                Some(user) => {
                    user.content.push_str("\n\n");
                    user.content.push_str(&instruction);
                }
                None => messages.push(Message::user(instruction)),
            }
        }
    }
    #[allow(deprecated)]
    let body = oa::CreateChatCompletionRequest {
        model: config.model.clone(),
        messages: messages.into_iter().map(to_wire).collect(),
        temperature: request.temperature.or(config.temperature),
        max_tokens,
        response_format,
        stream: stream.then_some(true),
        stream_options: stream.then_some(oa::ChatCompletionStreamOptions {
            include_usage: Some(true),
            include_obfuscation: None,
        }),
        ..Default::default()
    };
    let encode =
        |e: serde_json::Error| LlmError::Protocol(format!("the request could not be encoded: {e}"));
    match (level, schema) {
        (Level::Object, Some(schema)) => {
            // async-openai's json_object carries no schema: add llama.cpp's extension.
            let mut value = serde_json::to_value(&body).map_err(encode)?;
            value["response_format"] =
                serde_json::json!({"type": "json_object", "schema": schema.schema.as_ref()});
            serde_json::to_vec(&value).map_err(encode)
        }
        _ => serde_json::to_vec(&body).map_err(encode),
    }
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

/// A whole (not streamed) answer: its text, usage and finish_reason, or why it cannot be
/// read.
pub(super) fn parse_whole(bytes: &[u8]) -> Result<ModelAnswer, LlmError> {
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
        let finish = choice
            .finish_reason
            .as_ref()
            .and_then(|f| serde_json::to_value(f).ok())
            .and_then(|v| v.as_str().map(str::to_string));
        return Ok(ModelAnswer {
            text,
            usage: response.usage.as_ref().map(usage_of),
            finish,
            max_tokens: None,
            looped: None,
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
    let finish = value
        .pointer("/choices/0/finish_reason")
        .and_then(|f| f.as_str())
        .map(str::to_string);
    Ok(ModelAnswer {
        text,
        usage,
        finish,
        max_tokens: None,
        looped: None,
    })
}

/// One streamed chunk (an SSE `data:` payload other than `[DONE]`): its content delta,
/// its finish_reason, its usage; an error object in the stream is
/// [`LlmError::StreamBroken`] (or [`LlmError::ContextOverflow`] when it says so).
pub(super) fn parse_chunk(data: &str) -> Result<Delta, LlmError> {
    if let Ok(chunk) = serde_json::from_str::<oa::CreateChatCompletionStreamResponse>(data) {
        let choice = chunk.choices.first();
        return Ok(Delta {
            text: choice
                .and_then(|c| c.delta.content.clone())
                .unwrap_or_default(),
            finish: choice
                .and_then(|c| c.finish_reason.as_ref())
                .and_then(|f| serde_json::to_value(f).ok())
                .and_then(|v| v.as_str().map(str::to_string)),
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
            .or_else(|| error.as_str())
            .unwrap_or("unknown error");
        let message = one_line(&redact_text(message));
        if let Some(overflow) = context_overflow(&message, &error.to_string()) {
            return Err(overflow);
        }
        return Err(LlmError::StreamBroken { reason: message });
    }
    let num = |p: &str| value.pointer(p).and_then(|v| v.as_u64());
    Ok(Delta {
        text: value
            .pointer("/choices/0/delta/content")
            .and_then(|c| c.as_str())
            .unwrap_or_default()
            .to_string(),
        finish: value
            .pointer("/choices/0/finish_reason")
            .and_then(|f| f.as_str())
            .map(str::to_string),
        usage: num("/usage/prompt_tokens").zip(num("/usage/completion_tokens")),
    })
}

/// The error for a non-2xx answer, from its status, headers and body (OpenAI's
/// `{"error": {"message", "code", "type"}}` shape, FastAPI's `{"detail": …}`, or any
/// text). A context overflow is recognised in the forms servers use, whatever the status.
pub(super) fn http_error(
    status: u16,
    headers: &reqwest::header::HeaderMap,
    body: &str,
    model: &str,
) -> LlmError {
    let json: Option<serde_json::Value> = serde_json::from_str(body).ok();
    let error = json
        .as_ref()
        .and_then(|j| j.get("error").or_else(|| j.get("detail")));
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
                body.to_string()
            }
        });
    let message = one_line(&redact_text(&message));
    let code = field("code").or_else(|| field("type"));
    let quota = [field("code"), field("type")]
        .iter()
        .flatten()
        .any(|c| c == "insufficient_quota");
    if status == 429 && quota {
        return LlmError::InsufficientQuota { message };
    }
    if !matches!(status, 401 | 403 | 404 | 429)
        && let Some(overflow) = context_overflow(&message, body)
    {
        return overflow;
    }
    LlmError::Http {
        status,
        code,
        message,
        model: model.to_string(),
        retry_after: crate::retry::retry_after(headers),
    }
}

/// A server's error message on one line of at most 300 characters: a Python or Java
/// traceback cut off (the exception line kept), whitespace collapsed.
pub(super) fn one_line(message: &str) -> String {
    let mut kept: Vec<&str> = Vec::new();
    let mut lines = message.lines().peekable();
    while let Some(line) = lines.next() {
        let t = line.trim();
        if t.starts_with("Traceback (most recent call last)") {
            // Python prints the frames, then the exception on the last unindented line.
            let rest: Vec<&str> = lines.by_ref().collect();
            if let Some(exception) = rest
                .iter()
                .rev()
                .find(|l| !l.trim().is_empty() && !l.starts_with(' ') && !l.starts_with('\t'))
            {
                kept.push(exception.trim());
            }
            break;
        }
        if t.starts_with("File \"") || t.starts_with("at ") && t.contains('(') {
            // A stack frame: everything from here on is the trace.
            break;
        }
        if !t.is_empty() {
            kept.push(t);
        }
    }
    let text = kept.join(" ");
    let mut out: String = text.chars().take(300).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

/// Phrases servers use when the prompt does not fit (OpenAI and vLLM, llama.cpp's two
/// servers, Ollama, LM Studio, TGI).
const OVERFLOW_PHRASES: &[&str] = &[
    "context_length_exceeded",
    "maximum context length",
    "exceed context window",
    "exceeds context window",
    "exceeds the context window",
    "exceed_context_size",
    "exceeds the available context size",
    "context length exceeded",
    "input length exceeds",
    "prompt is too long",
    "input is too long",
    "too many input tokens",
    "inputs tokens + `max_new_tokens`",
    "reduce the length of the messages",
];

/// A [`LlmError::ContextOverflow`] when `message` (or the raw `body`) says the prompt
/// does not fit, with the sizes the server gave.
pub(super) fn context_overflow(message: &str, body: &str) -> Option<LlmError> {
    let text = format!("{message} {body}").to_lowercase();
    if !OVERFLOW_PHRASES.iter().any(|p| text.contains(p)) {
        return None;
    }
    let context = number_after(&text, "maximum context length is")
        .or_else(|| number_after(&text, "context window of"))
        .or_else(|| number_after(&text, "\"n_ctx\":"))
        .or_else(|| number_after(&text, "context length of"))
        .or_else(|| number_after(&text, "context size of"))
        .or_else(|| number_after(&text, "context length ("));
    let prompt = number_before(&text, "in the messages")
        .or_else(|| number_after(&text, "\"n_prompt_tokens\":"))
        .or_else(|| number_after(&text, "requested tokens ("))
        .or_else(|| number_after(&text, "prompt has"))
        .or_else(|| number_after(&text, "input length of"));
    Some(LlmError::ContextOverflow {
        prompt_tokens: prompt,
        context,
        max_tokens: None,
        message: message.to_string(),
    })
}

/// The number right after `phrase` (spaces and an opening bracket skipped).
fn number_after(text: &str, phrase: &str) -> Option<u64> {
    let start = text.find(phrase)? + phrase.len();
    let rest = text[start..].trim_start_matches([' ', '(', '"', ':']);
    let digits: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The number right before `phrase` (`6010 in the messages`).
fn number_before(text: &str, phrase: &str) -> Option<u64> {
    let end = text.find(phrase)?;
    let before = text[..end].trim_end_matches([' ', '(']);
    let digits: String = before
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    digits.parse().ok()
}

/// An error that says the endpoint does not take our `response_format` (or its
/// `json_schema` or `json_object` type), whatever its status: 400 and 422 from most
/// servers, 500 from llama-cpp-python.
pub(super) fn rejects_response_format(err: &LlmError) -> bool {
    match err {
        LlmError::Http {
            status,
            message,
            code,
            ..
        } if !matches!(status, 401 | 403 | 404 | 408 | 429) => {
            let text = format!("{message} {}", code.as_deref().unwrap_or_default()).to_lowercase();
            [
                "response_format",
                "response format",
                "json_schema",
                "json_object",
                "guided_json",
                "structured output",
            ]
            .iter()
            .any(|p| text.contains(p))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LLAMA_CPP_PYTHON_500: &str = r#"{"error":{"message":"1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema', 'ctx': {'expected': \"'text' or 'json_object'\"}}\n\n  File \"/venv/lib/python3.11/site-packages/llama_cpp/server/app.py\", line 376, in create_chat_completion\n    POST /v1/chat/completions","type":"internal_server_error","param":null,"code":null}}"#;

    #[test]
    fn a_500_naming_response_format_is_a_rejection_and_its_trace_is_cut() {
        let err = http_error(500, &Default::default(), LLAMA_CPP_PYTHON_500, "m");
        assert!(rejects_response_format(&err), "{err}");
        let text = err.to_string();
        assert!(!text.contains("File \""), "{text}");
        assert!(!text.contains('\n'), "{text}");
        assert!(
            text.contains("Input should be 'text' or 'json_object'"),
            "{text}"
        );
    }

    #[test]
    fn overflows_are_recognised_in_every_form_with_their_sizes() {
        let cases: &[(u16, &str, Option<u64>, Option<u64>)] = &[
            // llama-cpp-python and vLLM
            (
                400,
                r#"{"error":{"message":"This model's maximum context length is 4096 tokens. However, you requested 6020 tokens (6010 in the messages, 10 in the completion). Please reduce the length of the messages or completion.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}"#,
                Some(6010),
                Some(4096),
            ),
            // llama.cpp's own server
            (
                400,
                r#"{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error","n_prompt_tokens":5000,"n_ctx":4096}}"#,
                Some(5000),
                Some(4096),
            ),
            // llama-cpp-python's Llama, raised inside a handler
            (
                500,
                r#"{"error":{"message":"Requested tokens (5000) exceed context window of 2048","type":"internal_server_error"}}"#,
                Some(5000),
                Some(2048),
            ),
            (
                400,
                r#"{"error":{"message":"prompt is too long"}}"#,
                None,
                None,
            ),
        ];
        for (status, body, prompt, context) in cases {
            match http_error(*status, &Default::default(), body, "m") {
                LlmError::ContextOverflow {
                    prompt_tokens,
                    context: ctx,
                    ..
                } => assert_eq!((prompt_tokens, ctx), (*prompt, *context), "{body}"),
                other => panic!("{body}: {other:?}"),
            }
        }
        let plain = http_error(
            400,
            &Default::default(),
            r#"{"error":{"message":"bad temperature"}}"#,
            "m",
        );
        assert!(matches!(plain, LlmError::Http { .. }));
    }

    #[test]
    fn a_python_traceback_keeps_its_exception_line() {
        let body = "Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\n    boom()\nValueError: the model is not loaded\n";
        assert_eq!(one_line(body), "ValueError: the model is not loaded");
    }
}
