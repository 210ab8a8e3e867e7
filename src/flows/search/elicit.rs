//! A server's questions (MCP elicitation) put to the human through the same prompter as
//! archie's own: scripted answers (`--answer`, `--answers FILE`, `--yes` for yes/no
//! fields), then the terminal; with nobody to ask the request is declined and the run
//! says so.

use crate::events::{Event, Events};
use crate::graph::{Prompter, Question};
use crate::mcp::{Elicitation, Elicited, Elicitor, FieldKind};
use futures_util::future::BoxFuture;
use serde_json::{Map, Value};
use std::sync::Arc;

/// Answers elicitation requests with a [`Prompter`], one request at a time.
pub struct PromptElicitor {
    prompter: Arc<dyn Prompter>,
    events: Events,
    one_at_a_time: tokio::sync::Mutex<()>,
}

impl PromptElicitor {
    pub fn new(prompter: Arc<dyn Prompter>, events: Events) -> Self {
        Self {
            prompter,
            events,
            one_at_a_time: tokio::sync::Mutex::new(()),
        }
    }

    /// Asks `question`, shown as an interrupt like archie's own.
    async fn ask(&self, question: &Question) -> Result<Option<String>, String> {
        self.events.emit(Event::Interrupt {
            run: None,
            question: question.text.clone(),
            kind: question.kind.name(),
            options: question.kind.options().to_vec(),
        });
        match self.prompter.ask(question).await {
            Ok(answer) => Ok(answer.map(|a| a.as_text().to_string())),
            Err(err) => Err(err.to_string()),
        }
    }

    fn declined(&self, server: &str, message: &str, why: &str) -> Elicited {
        self.events.emit(Event::Warning {
            message: format!("{server} asked \u{201c}{message}\u{201d}: declined, {why}"),
        });
        Elicited::Decline
    }

    async fn run(&self, server: &str, request: &Elicitation) -> Elicited {
        let _turn = self.one_at_a_time.lock().await;
        let message = crate::secrets::redact_text(request.message.trim());
        let intro = format!("{server} asks: {message}");
        if request.fields.is_empty() {
            let question = Question::confirm(format!("{intro} Agree?"), false);
            return match self.ask(&question).await {
                Ok(Some(yes)) if yes == "yes" => Elicited::Accept(Map::new()),
                Ok(Some(_)) => Elicited::Decline,
                Ok(None) => self.declined(server, &message, NOBODY),
                Err(err) => self.declined(server, &message, &err),
            };
        }
        let mut content = Map::new();
        for (n, field) in request.fields.iter().enumerate() {
            let label = field.label.as_deref().unwrap_or(&field.name);
            let mut text = if n == 0 {
                format!("{intro}\n{label}")
            } else {
                label.to_string()
            };
            // A field with a default is asked as text: an empty answer takes the default
            // (SEP-1034), whatever the field's kind.
            if let Some(default) = &field.default {
                match &field.kind {
                    FieldKind::Boolean => text.push_str(" (yes or no)"),
                    FieldKind::Choice(options) => {
                        text.push_str(&format!(" (one of: {})", options.join(", ")))
                    }
                    _ => {}
                }
                text.push_str(&format!(" (empty: the default, {})", shown(default)));
            } else if !field.required {
                text.push_str(" (optional: an empty answer leaves it out)");
            }
            text.push_str(" (/decline or /cancel to refuse)");
            let question = match (&field.kind, &field.default) {
                (_, Some(_)) => Question::text(text),
                (FieldKind::Boolean, None) => Question::confirm(text, false),
                (FieldKind::Choice(options), None) => Question::choose(text, options.clone()),
                _ => Question::text(text),
            };
            let answer = match self.ask(&question).await {
                Ok(Some(answer)) => answer,
                Ok(None) => return self.declined(server, &message, NOBODY),
                Err(err) => return self.declined(server, &message, &err),
            };
            let answer = answer.trim();
            match answer {
                "/decline" => return Elicited::Decline,
                "/cancel" => return Elicited::Cancel,
                "" => {
                    if let Some(default) = &field.default {
                        content.insert(field.name.clone(), default.clone());
                        continue;
                    }
                    if !field.required {
                        continue;
                    }
                }
                _ => {}
            }
            let value = match &field.kind {
                FieldKind::Boolean => match answer.to_ascii_lowercase().as_str() {
                    "yes" | "y" | "true" | "1" => Some(Value::Bool(true)),
                    "no" | "n" | "false" | "0" => Some(Value::Bool(false)),
                    _ => None,
                },
                FieldKind::Integer => answer.parse::<i64>().ok().map(Value::from),
                FieldKind::Number => answer
                    .parse::<f64>()
                    .ok()
                    .and_then(serde_json::Number::from_f64)
                    .map(Value::Number),
                FieldKind::Choice(options) => options
                    .iter()
                    .find(|o| o.eq_ignore_ascii_case(answer))
                    .map(|o| Value::String(o.clone())),
                FieldKind::Text => Some(Value::String(answer.to_string())),
            };
            match value {
                Some(value) => {
                    content.insert(field.name.clone(), value);
                }
                None => {
                    let wanted = match &field.kind {
                        FieldKind::Boolean => "yes or no".to_string(),
                        FieldKind::Choice(options) => format!("one of {}", options.join(", ")),
                        _ => "a number".to_string(),
                    };
                    return self.declined(
                        server,
                        &message,
                        &format!("`{answer}` is not {wanted} for {label}"),
                    );
                }
            }
        }
        Elicited::Accept(content)
    }
}

/// A default as the question shows it: text as it is, anything else as JSON.
fn shown(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Bool(true) => "yes".into(),
        Value::Bool(false) => "no".into(),
        other => other.to_string(),
    }
}

const NOBODY: &str =
    "there is nobody to answer (no terminal, or --no-input; script answers with --answer)";

impl Elicitor for PromptElicitor {
    fn elicit<'a>(&'a self, server: &'a str, request: &'a Elicitation) -> BoxFuture<'a, Elicited> {
        Box::pin(self.run(server, request))
    }
}
