//! The LLM settings the command line gives, described once: [`FLAGS`]. clap builds the
//! options from it (`cli/llm.rs`), the configuration's flag layer reads it
//! ([`LlmConfig::resolve`](super::LlmConfig::resolve)), and a resume walks it to find
//! the settings given again, to combine them with the recorded ones and to write them
//! into the run's command line. Adding a flag is a field of [`LlmOverrides`] and one
//! entry here.

use super::config::{Combine, Layer, LlmOverrides, LlmSection, Origin, StructuredMode};

impl Layer {
    /// The command line, flag by flag as [`FLAGS`] describes them (`--no-stream` and
    /// `--no-cache` set their setting off; leaving them out leaves it to the layers
    /// below). Here, beside the table, so the configuration does not import it back.
    pub(super) fn flags(args: &LlmOverrides) -> Self {
        FLAGS.iter().fold(Self::default(), |layer, flag| {
            let mut one = LlmSection::default();
            (flag.configure)(args, &mut one);
            layer.combine(Self::section(&one, Origin::Flag(flag.flag)))
        })
    }
}

/// What a flag takes after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Takes {
    /// Nothing: a switch (`--no-stream`).
    Switch,
    /// Text (`--model NAME`).
    Text,
    /// A number of seconds, fractions allowed.
    Seconds,
    /// A whole number from 0.
    Count,
    /// A whole number from 1.
    Positive,
    /// One of these words, each with what it means.
    OneOf(&'static [(&'static str, &'static str)]),
}

/// One LLM setting of the command line.
pub struct LlmFlag {
    /// As written: `--model`.
    pub flag: &'static str,
    pub short: Option<char>,
    /// The value's name in the help (`NAME`); empty for a switch.
    pub value_name: &'static str,
    /// What `--help` says of it.
    pub help: &'static str,
    pub takes: Takes,
    /// The value given, as it is written on a command line; `None` when not given (a
    /// switch given is `Some("")`).
    pub get: fn(&LlmOverrides) -> Option<String>,
    /// Sets the value from how it is written (a switch: turns it on); the error says
    /// what is wrong with `value`.
    pub set: fn(&mut LlmOverrides, &str) -> Result<(), String>,
    /// The setting of the `[llm]` table this flag sets when given (the configuration's
    /// layers are combined setting by setting).
    pub(super) configure: fn(&LlmOverrides, &mut LlmSection),
}

impl LlmFlag {
    /// The long name without `--`: `model`.
    pub fn long(&self) -> &'static str {
        self.flag.trim_start_matches("--")
    }

    /// Whether it takes a value (what a resume keeps in the run's command line).
    pub fn takes_value(&self) -> bool {
        self.takes != Takes::Switch
    }
}

fn number<T: std::str::FromStr>(value: &str) -> Result<T, String>
where
    T::Err: std::fmt::Display,
{
    value.parse::<T>().map_err(|e| e.to_string())
}

/// `--structured`'s words, each with what it means.
const STRUCTURED: &[(&str, &str)] = &[
    (
        "auto",
        "Try `schema`, then `object`, then `prompt`, as the endpoint rejects each",
    ),
    (
        "schema",
        "Always send `response_format: {type: json_schema}`",
    ),
    (
        "object",
        "Always send `response_format: {type: json_object, schema}` (llama.cpp)",
    ),
    ("prompt", "Always put the schema in the prompt"),
];

fn structured_word(mode: StructuredMode) -> &'static str {
    match mode {
        StructuredMode::Auto => "auto",
        StructuredMode::Schema => "schema",
        StructuredMode::Object => "object",
        StructuredMode::Prompt => "prompt",
    }
}

fn structured_mode(word: &str) -> Result<StructuredMode, String> {
    match word {
        "auto" => Ok(StructuredMode::Auto),
        "schema" => Ok(StructuredMode::Schema),
        "object" => Ok(StructuredMode::Object),
        "prompt" => Ok(StructuredMode::Prompt),
        other => Err(format!(
            "`{other}` is not one of auto, schema, object, prompt"
        )),
    }
}

/// Every LLM setting of the command line, in the order `--help` lists them.
pub const FLAGS: &[LlmFlag] = &[
    LlmFlag {
        flag: "--model",
        short: Some('m'),
        value_name: "NAME",
        help: "The model to use (env ARCHIE_MODEL; default gpt-4o-mini)",
        takes: Takes::Text,
        get: |o| o.model.clone(),
        set: |o, v| {
            o.model = Some(v.to_string());
            Ok(())
        },
        configure: |o, s| s.model = o.model.clone(),
    },
    LlmFlag {
        flag: "--base-url",
        short: None,
        value_name: "URL",
        help: "An OpenAI-compatible endpoint, e.g. http://localhost:11434/v1 for Ollama (env \
               OPENAI_BASE_URL, OPENAI_API_BASE or BASE_URL)",
        takes: Takes::Text,
        get: |o| o.base_url.clone(),
        set: |o, v| {
            o.base_url = Some(v.to_string());
            Ok(())
        },
        configure: |o, s| s.base_url = o.base_url.clone(),
    },
    LlmFlag {
        flag: "--no-stream",
        short: None,
        value_name: "",
        help: "Print answers whole instead of token by token",
        takes: Takes::Switch,
        get: |o| o.no_stream.then(String::new),
        set: |o, _| {
            o.no_stream = true;
            Ok(())
        },
        configure: |o, s| s.stream = o.no_stream.then_some(false),
    },
    LlmFlag {
        flag: "--no-cache",
        short: None,
        value_name: "",
        help: "Neither read nor write the LLM response cache (in .archie/archie.db)",
        takes: Takes::Switch,
        get: |o| o.no_cache.then(String::new),
        set: |o, _| {
            o.no_cache = true;
            Ok(())
        },
        configure: |o, s| s.cache = o.no_cache.then_some(false),
    },
    LlmFlag {
        flag: "--structured",
        short: None,
        value_name: "HOW",
        help: "How to ask for JSON: `schema` sends response_format json_schema, `object` sends \
               json_object with the schema (llama.cpp), `prompt` puts the schema in the \
               prompt, `auto` tries each in that order",
        takes: Takes::OneOf(STRUCTURED),
        get: |o| o.structured.map(|m| structured_word(m).to_string()),
        set: |o, v| {
            o.structured = Some(structured_mode(v)?);
            Ok(())
        },
        configure: |o, s| s.structured = o.structured,
    },
    LlmFlag {
        flag: "--timeout",
        short: None,
        value_name: "SECS",
        help: "Give up on an LLM call after SECS seconds in all, retries and waits included \
               (default 600; 900 for a local server)",
        takes: Takes::Seconds,
        get: |o| o.timeout.map(|t| t.to_string()),
        set: |o, v| {
            o.timeout = Some(number(v)?);
            Ok(())
        },
        configure: |o, s| s.timeout_secs = o.timeout,
    },
    LlmFlag {
        flag: "--retries",
        short: None,
        value_name: "N",
        help: "Retry a failed LLM request up to N times (default 3)",
        takes: Takes::Count,
        get: |o| o.retries.map(|r| r.to_string()),
        set: |o, v| {
            o.retries = Some(number(v)?);
            Ok(())
        },
        configure: |o, s| s.retries = o.retries,
    },
    LlmFlag {
        flag: "--max-tokens",
        short: None,
        value_name: "TOKENS",
        help: "Longest answer to ask for, in tokens (default: 2048 for extraction, 1024 for a \
               chat turn, 4096 for a final analysis or overview)",
        takes: Takes::Positive,
        get: |o| o.max_tokens.map(|m| m.to_string()),
        set: |o, v| {
            let n: u32 = number(v)?;
            if n == 0 {
                return Err("0 is not in 1..=4294967295".into());
            }
            o.max_tokens = Some(n);
            Ok(())
        },
        configure: |o, s| s.max_tokens = o.max_tokens,
    },
];

impl LlmOverrides {
    /// `self`'s settings where it has them, `lower`'s elsewhere.
    pub fn or(self, lower: LlmOverrides) -> LlmOverrides {
        let mut out = self;
        for flag in FLAGS {
            if (flag.get)(&out).is_none()
                && let Some(value) = (flag.get)(&lower)
            {
                // Both hold values the flag wrote, so reading one back cannot fail.
                let _ = (flag.set)(&mut out, &value);
            }
        }
        out
    }

    /// The settings given, as they are written on a command line: `(flag, value)`, a
    /// switch with an empty value.
    pub fn given(&self) -> Vec<(&'static LlmFlag, String)> {
        FLAGS
            .iter()
            .filter_map(|flag| (flag.get)(self).map(|value| (flag, value)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every flag reads back what it was set to, and `or` keeps the higher's value.
    #[test]
    fn each_flag_reads_back_what_it_set() {
        for flag in FLAGS {
            let value = match flag.takes {
                Takes::Switch => "",
                Takes::Text => "x",
                Takes::Seconds => "2.5",
                Takes::Count | Takes::Positive => "7",
                Takes::OneOf(words) => words[1].0,
            };
            let mut o = LlmOverrides::default();
            assert_eq!((flag.get)(&o), None, "{}", flag.flag);
            (flag.set)(&mut o, value).unwrap_or_else(|e| panic!("{}: {e}", flag.flag));
            assert_eq!((flag.get)(&o).as_deref(), Some(value), "{}", flag.flag);
            let mut section = LlmSection::default();
            (flag.configure)(&o, &mut section);
            assert_ne!(
                format!("{section:?}"),
                format!("{:?}", LlmSection::default()),
                "{} sets no setting",
                flag.flag
            );
            let merged = LlmOverrides::default().or(o.clone());
            assert_eq!(merged, o, "{}", flag.flag);
        }
    }
}
