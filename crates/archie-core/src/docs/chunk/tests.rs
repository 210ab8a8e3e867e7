//! Tests of chunking: invariants every chunking keeps, sections, overlap, multibyte text.

use super::*;

fn doc(text: &str) -> Document {
    Document {
        path: "t.md".into(),
        source: "t.md".into(),
        text: text.into(),
        size: text.len() as u64,
        hash: sha256_hex(text.as_bytes()),
        withheld: Vec::new(),
        secrets_sent: false,
    }
}

fn opts(target_tokens: usize, overlap_tokens: usize) -> ChunkOptions {
    ChunkOptions {
        target_tokens,
        overlap_tokens,
    }
}

/// A paragraph of `words` distinct words (so overlaps and cuts can be located).
fn paragraph(tag: &str, words: usize) -> String {
    (0..words)
        .map(|i| format!("{tag}{i}"))
        .collect::<Vec<_>>()
        .join(" ")
        + "."
}

/// Every invariant a chunking must keep, whatever the text.
fn check_invariants(d: &Document, chunks: &[Chunk], o: ChunkOptions) {
    let text = d.text.as_str();
    if text.trim().is_empty() {
        assert!(chunks.is_empty());
        return;
    }
    assert!(!chunks.is_empty(), "a document with text gives a chunk");
    let mut covered = vec![false; text.len()];
    for (k, c) in chunks.iter().enumerate() {
        assert_eq!(c.index, k);
        assert_eq!(c.doc, d.path);
        assert!(!c.text.trim().is_empty(), "empty chunk {k}");
        assert_eq!(c.text, c.text.trim(), "chunk {k} is not trimmed");
        assert!(text.is_char_boundary(c.start) && text.is_char_boundary(c.end));
        assert_eq!(
            &text[c.start..c.end],
            c.text,
            "chunk {k} is a slice of the doc"
        );
        assert_eq!(c.tokens, estimate_tokens(&c.text));
        assert!(
            c.tokens <= o.target_tokens.max(1),
            "chunk {k} has {} tokens, over the target {}",
            c.tokens,
            o.target_tokens
        );
        assert_eq!(c.hash, sha256_hex(c.text.as_bytes()));
        assert!(c.overlap <= c.text.len());
        if k == 0 {
            assert_eq!(c.overlap, 0);
        } else {
            let prev = &chunks[k - 1];
            assert!(c.start >= prev.start, "chunks go forward");
            assert!(c.end > prev.end, "each chunk brings new text");
            let repeated = c.text[..c.overlap].trim_end();
            assert!(
                prev.text.ends_with(repeated),
                "chunk {k} repeats the end of chunk {}: {repeated:?}",
                k - 1
            );
            assert!(
                c.overlap <= o.overlap_tokens * BYTES_PER_TOKEN,
                "overlap of chunk {k} is {} bytes",
                c.overlap
            );
        }
        covered[c.start..c.end].iter_mut().for_each(|b| *b = true);
    }
    for (i, ch) in text.char_indices() {
        assert!(
            covered[i] || ch.is_whitespace(),
            "{ch:?} at byte {i} is in no chunk"
        );
    }
}

#[test]
fn a_tiny_document_is_one_chunk() {
    let d = doc("\n\n# Payments\n\nCheckout calls PaymentGateway.\n\n");
    let chunks = chunk(&d, ChunkOptions::default());
    assert_eq!(chunks.len(), 1);
    assert_eq!(
        chunks[0].text,
        "# Payments\n\nCheckout calls PaymentGateway."
    );
    assert_eq!(chunks[0].heading_path, "Payments");
    assert_eq!(chunks[0].overlap, 0);
    assert_eq!(chunks[0].start, 2);
}

#[test]
fn whitespace_only_text_gives_no_chunk() {
    assert!(chunk(&doc(" \n\n\t\n"), ChunkOptions::default()).is_empty());
    assert!(chunk(&doc(""), ChunkOptions::default()).is_empty());
}

#[test]
fn sections_are_kept_whole_and_chunks_start_at_headings() {
    // An intro and three sections of ~60 tokens each; a chunk holds 100.
    let mut text = format!("# Payments\n\n{}\n\n", paragraph("intro", 25));
    for name in ["Retries", "Timeouts", "Refunds"] {
        text.push_str(&format!(
            "## {name}\n\n{}\n\n{}\n\n",
            paragraph(name, 12),
            paragraph(&name.to_lowercase(), 12)
        ));
    }
    let d = doc(&text);
    let o = opts(100, 20);
    let chunks = chunk(&d, o);
    check_invariants(&d, &chunks, o);
    let paths: Vec<&str> = chunks.iter().map(|c| c.heading_path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "Payments",
            "Payments > Retries",
            "Payments > Timeouts",
            "Payments > Refunds"
        ]
    );
    for c in &chunks[1..] {
        let new = &c.text[c.overlap..];
        assert!(new.trim_start().starts_with("## "), "{new:?}");
        let name = c.heading_path.rsplit(" > ").next().unwrap();
        assert_eq!(new.matches("## ").count(), 1, "one section per chunk");
        let last = format!("{}11.", name.to_lowercase());
        assert!(new.ends_with(&last), "the whole section: {new:?}");
    }
}

#[test]
fn small_sections_are_packed_together() {
    let text = "# A\n\none.\n\n# B\n\ntwo.\n\n# C\n\nthree.\n";
    let chunks = chunk(&doc(text), ChunkOptions::default());
    assert_eq!(chunks.len(), 1);
    assert_eq!(chunks[0].heading_path, "A");
}

#[test]
fn heading_paths_nest_and_pop() {
    let body = paragraph("w", 60); // ~60 tokens: two sections do not fit in 100
    let text = format!(
        "# A\n\n{body}\n\n## B\n\n{body}\n\n### C\n\n{body}\n\n## D\n\n{body}\n\n# E\n\n{body}\n"
    );
    let d = doc(&text);
    let o = opts(100, 10);
    let chunks = chunk(&d, o);
    check_invariants(&d, &chunks, o);
    let paths: Vec<&str> = chunks.iter().map(|c| c.heading_path.as_str()).collect();
    assert_eq!(paths, ["A", "A > B", "A > B > C", "A > D", "E"]);
}

#[test]
fn a_heading_is_never_left_at_the_end_of_a_chunk() {
    let text = format!(
        "{}\n\n## Retries\n\n### Backoff\n\n{}\n",
        paragraph("a", 80),
        paragraph("b", 80)
    );
    let d = doc(&text);
    let o = opts(100, 10);
    let chunks = chunk(&d, o);
    check_invariants(&d, &chunks, o);
    assert_eq!(chunks.len(), 2);
    assert!(!chunks[0].text.contains('#'), "{:?}", chunks[0].text);
    assert!(chunks[1].text[chunks[1].overlap..].starts_with("## Retries\n\n### Backoff"));
    assert_eq!(chunks[1].heading_path, "Retries > Backoff");
}

#[test]
fn headings_in_code_fences_do_not_count() {
    let text = format!(
        "# Real\n\n```sh\n# not a heading\n\necho hi\n```\n\n{}\n",
        paragraph("x", 10)
    );
    let chunks = chunk(&doc(&text), opts(20, 2));
    assert!(
        chunks.iter().all(|c| c.heading_path == "Real"),
        "{chunks:#?}"
    );
}

#[test]
fn setext_headings_count() {
    let body = paragraph("w", 50);
    let text = format!("Payments\n========\n\n{body}\n\nRetries\n-------\n\n{body}\n");
    let d = doc(&text);
    let o = opts(100, 10);
    let chunks = chunk(&d, o);
    check_invariants(&d, &chunks, o);
    let paths: Vec<&str> = chunks.iter().map(|c| c.heading_path.as_str()).collect();
    assert_eq!(paths, ["Payments", "Payments > Retries"]);
    assert!(chunks[1].text[chunks[1].overlap..].starts_with("Retries\n-------"));
}

#[test]
fn consecutive_chunks_overlap_at_paragraph_boundaries() {
    // One section of many ~25-token paragraphs.
    let text = (0..40)
        .map(|i| paragraph(&format!("p{i}w"), 12))
        .collect::<Vec<_>>()
        .join("\n\n");
    let d = doc(&text);
    let o = opts(200, 60);
    let chunks = chunk(&d, o);
    check_invariants(&d, &chunks, o);
    assert!(chunks.len() >= 4, "{} chunks", chunks.len());
    for c in &chunks[1..] {
        assert!(c.overlap > 0, "chunk {} has no overlap", c.index);
        // Overlap is whole paragraphs: it starts where a paragraph starts.
        assert!(
            c.text.starts_with('p') && d.text[..c.start].ends_with("\n\n"),
            "chunk {} starts mid-paragraph: {:?}",
            c.index,
            &c.text[..20]
        );
        // Roughly the budget: at least a third of it.
        assert!(c.overlap >= 60 * 4 / 3, "overlap {} bytes", c.overlap);
    }
}

#[test]
fn long_paragraphs_are_cut_between_sentences_not_words() {
    let text = (0..200)
        .map(|i| format!("Sentence number {i} says something."))
        .collect::<Vec<_>>()
        .join(" ");
    let d = doc(&text);
    let o = opts(100, 20);
    let chunks = chunk(&d, o);
    check_invariants(&d, &chunks, o);
    assert!(chunks.len() > 5);
    for c in &chunks {
        let new = &c.text[c.overlap..];
        assert!(new.starts_with("Sentence number "), "{new:?}");
        assert!(c.text.ends_with("something."), "{:?}", c.text);
        if c.index > 0 {
            assert!(c.text.starts_with("Sentence number "), "{:?}", c.text);
        }
    }
}

#[test]
fn multibyte_text_is_never_cut_inside_a_character() {
    // CJK without spaces or stops: only hard cuts are possible.
    let cjk = "支付网关超时后结账服务快速失败".repeat(200);
    // Emoji (4 bytes), Cyrillic (2 bytes) and combining marks, with spaces.
    let mixed = "платёж 💳 отказ e\u{301}tat ".repeat(300);
    for text in [cjk.as_str(), mixed.as_str()] {
        for (target, overlap) in [(1, 0), (2, 1), (3, 1), (7, 2), (50, 10), (333, 77)] {
            let d = doc(text);
            let o = opts(target, overlap);
            let chunks = chunk(&d, o);
            check_invariants(&d, &chunks, o);
        }
    }
    let chunks = chunk(&doc(&cjk), opts(50, 10));
    assert!(chunks.len() > 10);
    assert!(chunks[1].overlap > 0);
}

#[test]
fn cjk_sentences_are_cut_at_full_stops() {
    let text = "结账服务调用支付网关。".repeat(100);
    let d = doc(&text);
    let o = opts(40, 0);
    let chunks = chunk(&d, o);
    check_invariants(&d, &chunks, o);
    for c in &chunks {
        assert!(c.text.ends_with('。'), "{:?}", c.text);
    }
}

#[test]
fn chunking_is_deterministic() {
    let text = format!(
        "# A\n\n{}\n\n## B\n\n{}\n",
        paragraph("x", 500),
        paragraph("y", 300)
    );
    let d = doc(&text);
    let first = chunk(&d, ChunkOptions::default());
    assert_eq!(first, chunk(&d, ChunkOptions::default()));
    assert_eq!(first, chunk(&d, ChunkOptions::default()));
}

#[test]
fn random_markdown_keeps_every_invariant() {
    let mut rng = fastrand::Rng::with_seed(7);
    let words = [
        "checkout",
        "payments",
        "gateway",
        "retry",
        "queue",
        "kafka",
        "ledger",
        "платёж",
        "支付",
        "🚀",
        "e\u{301}",
        "svc.",
        "ok!",
        "why?",
        "a",
        "long_identifier_without_break",
    ];
    for round in 0..200 {
        let mut text = String::new();
        for _ in 0..rng.usize(1..60) {
            match rng.u8(0..10) {
                0 => text.push_str(&format!("{} Head {round}\n", "#".repeat(rng.usize(1..7)))),
                1 => text.push('\n'),
                2 => text.push_str("```\n# code\n\nx = 1\n```\n"),
                3 => text.push_str("Title\n===\n"),
                _ => {
                    for _ in 0..rng.usize(1..80) {
                        text.push_str(words[rng.usize(..words.len())]);
                        text.push(if rng.u8(0..8) == 0 { '\n' } else { ' ' });
                    }
                    text.push('\n');
                }
            }
        }
        let d = doc(&text);
        let o = opts(rng.usize(1..300), rng.usize(0..100));
        let chunks = chunk(&d, o);
        check_invariants(&d, &chunks, o);
    }
}

#[test]
fn extreme_options_do_not_overflow() {
    let d = doc("# A\n\nsome text\n");
    let chunks = chunk(&d, opts(usize::MAX, usize::MAX));
    assert_eq!(chunks.len(), 1);
    let o = opts(0, 0);
    let chunks = chunk(&d, o);
    check_invariants(&d, &chunks, o);
    let words: Vec<&str> = chunks.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(words, ["# A", "some", "text"]);
}

#[test]
fn chunk_all_keeps_document_order() {
    let mut a = doc("alpha");
    a.path = "a.md".into();
    let mut b = doc("beta");
    b.path = "b.md".into();
    let chunks = chunk_all(&[a, b], ChunkOptions::default());
    let docs: Vec<&str> = chunks.iter().map(|c| c.doc.as_str()).collect();
    assert_eq!(docs, ["a.md", "b.md"]);
}
