//! What each fuzz target checks, shared by the targets in `fuzz/fuzz_targets/` and by the
//! regression test that replays `fuzz/regressions/` in archie's own test suite
//! (`tests/it/fuzz_regressions.rs`), so a kept input is checked the same way without
//! cargo-fuzz.
//!
//! Every check takes the fuzzer's raw bytes. Besides "no panic", each states a property
//! of the code under test (an `assert!` here is a finding, like a panic inside archie).
//!
//! Targets that cut their input into pieces (streamed text, network reads) read the
//! cut points from the input itself ([`cuts`]): the first byte says how many pieces
//! lengths follow (up to 15), each one byte; the rest is the body.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use archie::flows::reply::{self, AgentOnly, Knowledge, MAX_ENTITIES, Vocabulary};
use archie::graph::{Question, Scripted};
use archie::memory::{Memory, MermaidOptions};
use archie::prompts::{Prompts, Source};
use std::path::Path;

/// The names of the targets, as `fuzz/fuzz_targets/NAME.rs` and `fuzz/regressions/NAME/`.
pub const TARGETS: &[&str] = &[
    "memory_file",
    "structured",
    "reply",
    "sse",
    "answers",
    "prompts_config",
    "redact",
];

/// Runs the check named `target` on `data`.
pub fn check(target: &str, data: &[u8]) {
    match target {
        "memory_file" => memory_file(data),
        "structured" => structured(data),
        "reply" => reply(data),
        "sse" => sse(data),
        "answers" => answers(data),
        "prompts_config" => prompts_config(data),
        "redact" => redact(data),
        other => panic!("no fuzz target named {other}"),
    }
}

/// The lengths of the pieces to cut the body into, and the body.
fn cuts(data: &[u8]) -> (Vec<usize>, &[u8]) {
    let Some((&n, rest)) = data.split_first() else {
        return (Vec::new(), data);
    };
    let n = (n as usize % 16).min(rest.len());
    let (lengths, body) = rest.split_at(n);
    (lengths.iter().map(|&l| l as usize + 1).collect(), body)
}

/// `body` cut into pieces of `lengths` (then the rest).
fn cut_bytes(body: &[u8], lengths: &[usize]) -> Vec<Vec<u8>> {
    let mut pieces = Vec::new();
    let mut rest = body;
    for &len in lengths {
        let (piece, after) = rest.split_at(len.min(rest.len()));
        pieces.push(piece.to_vec());
        rest = after;
    }
    pieces.push(rest.to_vec());
    pieces
}

/// `text` cut into pieces of about `lengths` bytes, each moved to a char boundary.
fn cut_str(text: &str, lengths: &[usize]) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut rest = text;
    for &len in lengths {
        let mut at = len.min(rest.len());
        while !rest.is_char_boundary(at) {
            at += 1;
        }
        let (piece, after) = rest.split_at(at);
        pieces.push(piece.to_string());
        rest = after;
    }
    pieces.push(rest.to_string());
    pieces
}

/// The memory file reader: whatever it accepts, archie can write and read back to the
/// same file (a second save changes nothing), and the views over it work.
pub fn memory_file(data: &[u8]) {
    let Ok(memory) = Memory::from_json(data) else {
        return;
    };
    let once = memory.to_json();
    let again = Memory::from_json(once.as_bytes()).expect("archie reads the file it wrote");
    assert_eq!(again.to_json(), once, "the second save changed the file");
    let _ = memory.stats();
    let _ = memory.to_mermaid(&MermaidOptions::default());
    let _ = memory.relevant("checkout payments ledger", 300);
    if let Some(first) = memory.entities().first() {
        let _ = memory.subgraph(std::slice::from_ref(&first.name), 2, 20);
        let _ = memory.suggest(&first.name, 3);
        let _ = memory.neighbours(&first.name);
    }
}

/// Structured-output repair: what it accepts is JSON that reads back as the value it
/// returned; knowledge it accepts merges within archie's limits into a memory that
/// saves and loads.
pub fn structured(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok((value, json)) = archie::llm::parse_structured::<serde_json::Value>(&text) {
        let reread: serde_json::Value =
            serde_json::from_str(&json).expect("the repaired text is JSON");
        assert_eq!(reread, value);
    }
    if let Ok((knowledge, _)) = archie::llm::parse_structured::<Knowledge>(&text) {
        merged(knowledge);
    }
}

/// `knowledge` merged into an empty memory: within limits, and saved and loaded whole.
fn merged(knowledge: Knowledge) {
    let mut memory = Memory::new();
    let capped = knowledge.merge_into(&mut memory, &Vocabulary::default(), &reply::Origin::none());
    let _ = capped.warning();
    assert!(memory.entities().len() <= MAX_ENTITIES);
    let saved = memory.to_json();
    let loaded = Memory::from_json(saved.as_bytes()).expect("merged knowledge loads");
    assert_eq!(
        loaded.to_json(),
        saved,
        "merged knowledge changed at a reload"
    );
}

/// The agent/knowledge split of a reply, whole and streamed: the streamed filter shows
/// the same text however the tokens cut the reply.
pub fn reply(data: &[u8]) {
    let (lengths, body) = cuts(data);
    let text = String::from_utf8_lossy(body);
    let parsed = reply::parse(&text);
    if let Some(knowledge) = parsed.knowledge {
        merged(knowledge);
    }
    let whole = shown(&[text.to_string()]);
    let streamed = shown(&cut_str(&text, &lengths));
    assert_eq!(
        streamed, whole,
        "the streamed reply shows other text when cut differently"
    );
}

/// What [`AgentOnly`] shows of `tokens`.
fn shown(tokens: &[String]) -> String {
    let recorder = archie::events::Recorder::new();
    let filter = AgentOnly::new(recorder.clone());
    for token in tokens {
        archie::events::EventSink::emit(
            &filter,
            archie::events::Event::Token {
                text: token.clone(),
            },
        );
    }
    archie::events::EventSink::emit(&filter, archie::events::Event::TokensDone);
    recorder
        .events()
        .into_iter()
        .filter_map(|e| match e {
            archie::events::Event::Token { text } => Some(text),
            _ => None,
        })
        .collect()
}

thread_local! {
    static RUNTIME: tokio::runtime::Runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime");
}

/// SSE decoding of a streamed answer: the same answer (or a failure) however the
/// network cut the body.
pub fn sse(data: &[u8]) {
    let (lengths, body) = cuts(data);
    let decode =
        |pieces: Vec<Vec<u8>>| RUNTIME.with(|rt| rt.block_on(archie::llm::text_of_sse(pieces)));
    let whole = decode(vec![body.to_vec()]);
    let cut = decode(cut_bytes(body, &lengths));
    match (&whole, &cut) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "the answer depends on how the body was cut"),
        (Err(_), Err(_)) => {}
        _ => panic!("whole: {whole:?}, cut: {cut:?}"),
    }
}

/// The `--answers` file: one answer per line (or a JSON list), each one read as the
/// answer to a text question with commands, a yes/no question and a choice.
pub fn answers(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(answers) = Scripted::parse_answers(text, Path::new("answers.txt")) else {
        return;
    };
    if !text.trim_start().starts_with('[') {
        assert_eq!(answers.len(), text.lines().count());
    }
    let questions = [
        Question::text("Which region?")
            .with_commands(&[("approve", "write it"), ("abort", "stop")]),
        Question::confirm("Delete it?", false),
        Question::choose("Which one?", vec!["alpha".into(), "beta".into()]),
    ];
    for answer in answers.iter().take(64) {
        for question in &questions {
            let _ = question.classify(answer);
            let _ = question.parse_answer(answer);
        }
    }
}

thread_local! {
    static PROMPTS_DIR: tempfile::TempDir = tempfile::tempdir().expect("a temporary folder");
}

/// The `--prompts-config` reader (the original Archie's JSON): the input is the config,
/// then a NUL byte, then the text of `t.md` beside it, which the config may name. Every
/// prompt it replaces is rendered.
pub fn prompts_config(data: &[u8]) {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let (config, template) = data.split_at(split);
    let template = template.get(1..).unwrap_or_default();
    PROMPTS_DIR.with(|dir| {
        let config_path = dir.path().join("config.json");
        std::fs::write(&config_path, config).expect("write the config");
        std::fs::write(dir.path().join("t.md"), template).expect("write the template");
        let Ok(prompts) = Prompts::load(None, Some(&config_path)) else {
            return;
        };
        let ctx = serde_json::json!({
            "goal": "Can checkout survive a payments outage?",
            "system": "shop",
            "memory": "- Checkout Service (service)",
            "documents": [{"path": "docs/a.md", "excerpt": "The {{goal}} Checkout Service."}, "docs/b.md"],
            "history": [{"role": "assistant", "content": "Which region?"}, {"role": "", "content": "eu"}],
        });
        for name in Prompts::names() {
            if matches!(prompts.source(name), Some(Source::Original(_))) {
                let _ = prompts.render(name, &ctx);
            }
        }
    });
}

/// The key [`redact`] registers.
pub const FUZZ_KEY: &str = "probeFUZZKEY-0042";

/// The redactor, whole and streamed: a registered key never survives, however the
/// stream cuts the text, and redacting twice changes nothing more.
pub fn redact(data: &[u8]) {
    archie::secrets::register(FUZZ_KEY);
    let (lengths, body) = cuts(data);
    let text = String::from_utf8_lossy(body);
    let whole = archie::secrets::redact_text(&text);
    assert!(!whole.contains(FUZZ_KEY), "{whole:?}");
    assert_eq!(
        archie::secrets::redact_text(&whole),
        whole,
        "not idempotent"
    );
    let mut stream = archie::secrets::StreamRedactor::new();
    let mut streamed: String = cut_str(&text, &lengths)
        .iter()
        .map(|piece| stream.push(piece))
        .collect();
    streamed.push_str(&stream.finish());
    assert!(!streamed.contains(FUZZ_KEY), "{streamed:?}");
    let _ = archie::secrets::redact_args(&text.split(' ').collect::<Vec<_>>());
}
