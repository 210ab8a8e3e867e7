//! Document retrieval over real files in temporary folders: what is read, what is
//! skipped and why, and the errors that send the user back to `-i`.

use crate::support::{TestEnv, failure};
use archie::cli::inputs::InputArgs;
use archie::docs::{
    ChunkOptions, DocsError, GENERATED_MARKER, RetrieveOptions, Retrieved, SkipReason, chunk_all,
    retrieve,
};
use sha2::{Digest, Sha256};
use std::fs;

fn read(opts: &RetrieveOptions) -> Retrieved {
    retrieve(opts).unwrap_or_else(|err| panic!("retrieve failed: {err}"))
}

fn paths(r: &Retrieved) -> Vec<&str> {
    r.documents.iter().map(|d| d.path.as_str()).collect()
}

fn skipped(r: &Retrieved) -> Vec<(&str, &SkipReason)> {
    r.skipped
        .iter()
        .map(|s| (s.path.as_str(), &s.reason))
        .collect()
}

#[test]
fn folders_are_read_recursively_md_and_txt_only_in_path_order() {
    let env = TestEnv::new();
    let root = env.path();
    // Written out of order: the result is sorted anyway.
    env.write("zeta.md", "# Zeta\n");
    env.write("sub/deep/checkout.md", "# Checkout\n\nCalls payments.\n");
    env.write("notes.txt", "plain notes\n");
    env.write("UPPER.MD", "upper-case extension\n");
    env.write("alpha.md", "# Alpha\n");
    env.write("main.rs", "fn main() {}\n");
    env.write("diagram.png", [0x89, b'P', b'N', b'G']);
    env.write("sub/data.json", "{}");

    let r = read(&RetrieveOptions::new([root]));
    assert_eq!(
        paths(&r),
        [
            "UPPER.MD",
            "alpha.md",
            "notes.txt",
            "sub/deep/checkout.md",
            "zeta.md"
        ]
    );
    assert!(r.skipped.is_empty(), "{:?}", r.skipped);
    assert_eq!(r.ignored, 3, "main.rs, diagram.png, sub/data.json");

    let checkout = &r.documents[3];
    assert_eq!(checkout.text, "# Checkout\n\nCalls payments.\n");
    assert_eq!(checkout.size, checkout.text.len() as u64);
    assert_eq!(checkout.source, root.join("sub/deep/checkout.md"));
    let expected: String = Sha256::digest(checkout.text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(checkout.hash, expected);
    assert_ne!(r.documents[1].hash, r.documents[4].hash);
    assert_eq!(r.summary(), "read 5 documents");
    assert_eq!(r.total_bytes(), 7 + 28 + 12 + 21 + 8);
}

#[test]
fn the_same_tree_gives_the_same_result_and_hashes_follow_content() {
    let env = TestEnv::new();
    env.write("a.md", "same text\n");
    env.write("b/c.md", "same text\n");
    env.write("d.md", "other text\n");
    let opts = RetrieveOptions::new([env.path()]);
    let first = read(&opts);
    assert_eq!(first, read(&opts));
    assert_eq!(first.documents[0].hash, first.documents[1].hash);
    assert_ne!(first.documents[0].hash, first.documents[2].hash);
}

#[test]
fn include_globs_replace_the_default_extensions() {
    let env = TestEnv::new();
    let root = env.path();
    env.write("guide.rst", "Guide\n=====\n");
    env.write("api/spec.rst", "Spec\n");
    env.write("readme.md", "# Readme\n");
    env.write("api/openapi.yaml", "openapi: 3.1\n");

    let mut opts = RetrieveOptions::new([root]);
    opts.include = vec!["*.rst".into()];
    let r = read(&opts);
    assert_eq!(
        paths(&r),
        ["api/spec.rst", "guide.rst"],
        "readme.md is not read"
    );

    // A glob with a folder matches the path relative to the input folder.
    opts.include = vec!["api/*.yaml".into(), "readme.md".into()];
    let r = read(&opts);
    assert_eq!(paths(&r), ["api/openapi.yaml", "readme.md"]);
}

#[test]
fn exclude_globs_leave_out_files_and_whole_folders() {
    let env = TestEnv::new();
    let root = env.path();
    env.write("keep.md", "keep\n");
    env.write("plan.old.md", "old\n");
    env.write("drafts/wip.md", "draft\n");
    env.write("archive/2019/notes.md", "ancient\n");
    env.write("archive/index.md", "index\n");

    let mut opts = RetrieveOptions::new([root]);
    opts.exclude = vec!["*.old.md".into(), "drafts".into(), "archive/2019/**".into()];
    let r = read(&opts);
    assert_eq!(paths(&r), ["archive/index.md", "keep.md"]);
    assert!(r.skipped.is_empty(), "excluded files are not 'skipped'");
}

#[test]
fn a_file_given_directly_is_read_whatever_its_extension() {
    let env = TestEnv::new();
    let file = env.write("notes/design.adoc", "= Design\n");
    let md = env.write("notes/payments_context.md", "# Payments\n");
    let r = read(&RetrieveOptions::new([&file, &md]));
    let shown: Vec<String> = [&file, &md]
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    assert_eq!(paths(&r), [shown[0].as_str(), shown[1].as_str()]);
    assert_eq!(r.documents[0].text, "= Design\n");
}

#[test]
fn binary_files_are_skipped_by_a_nul_byte_in_the_first_8_kib() {
    let env = TestEnv::new();
    let root = env.path();
    env.write("ok.md", "# Fine\n");
    env.write("blob.md", b"PK\x03\x04\x00\x00binary");
    // A NUL after the first 8 KiB does not make a file binary.
    let mut late = "x".repeat(9000).into_bytes();
    late.push(0);
    env.write("late.md", late);

    let r = read(&RetrieveOptions::new([root]));
    assert_eq!(paths(&r), ["late.md", "ok.md"]);
    assert_eq!(skipped(&r), [("blob.md", &SkipReason::Binary)]);
    assert_eq!(r.summary(), "read 2 documents (1 skipped: 1 binary)");
}

#[test]
fn non_utf8_files_are_skipped_with_the_offset_of_the_bad_byte() {
    let env = TestEnv::new();
    env.write("ok.txt", "fine\n");
    env.write("latin1.txt", b"caf\xe9 au lait\n");
    let r = read(&RetrieveOptions::new([env.path()]));
    assert_eq!(paths(&r), ["ok.txt"]);
    assert_eq!(
        skipped(&r),
        [("latin1.txt", &SkipReason::NotUtf8 { offset: 3 })]
    );
    assert_eq!(
        r.skipped[0].to_string(),
        "latin1.txt: not UTF-8 text (invalid byte at offset 3)"
    );
}

#[test]
fn a_utf8_byte_order_mark_is_dropped_and_multibyte_text_is_kept() {
    let env = TestEnv::new();
    env.write("bom.md", "\u{feff}# Платежи 支付\n");
    let r = read(&RetrieveOptions::new([env.path()]));
    assert_eq!(r.documents[0].text, "# Платежи 支付\n");
}

#[test]
fn files_over_the_size_limit_are_skipped() {
    let env = TestEnv::new();
    let root = env.path();
    env.write("small.md", "# Small\n");
    env.write("huge.md", "a".repeat(1024 * 1024 + 1));
    env.write("exactly.md", "b".repeat(1024 * 1024));

    let r = read(&RetrieveOptions::new([root]));
    assert_eq!(paths(&r), ["exactly.md", "small.md"]);
    assert_eq!(
        skipped(&r),
        [(
            "huge.md",
            &SkipReason::TooLarge {
                size: 1024 * 1024 + 1,
                limit: 1024 * 1024
            }
        )]
    );
    assert_eq!(r.summary(), "read 2 documents (1 skipped: 1 over 1 MiB)");
    assert_eq!(
        r.skipped[0].to_string(),
        "huge.md: 1 MiB (1048577 bytes) is over the 1 MiB limit (raise it with --max-file-size)"
    );

    // The limit comes from the flag, in human units.
    let mut opts = RetrieveOptions::new([root]);
    opts.max_file_size = archie::docs::parse_size("2M").unwrap();
    assert_eq!(read(&opts).documents.len(), 3);
}

#[test]
fn hidden_files_and_folders_are_skipped_and_listed_once() {
    let env = TestEnv::new();
    let root = env.path();
    env.write("visible.md", "# Visible\n");
    env.write(".secret.md", "# hidden file\n");
    env.write(".git/notes.md", "# inside .git\n");
    env.write(".git/deep/more.md", "# deeper\n");
    env.write("sub/.drafts/x.md", "# hidden folder below\n");
    env.write(".gitignore", "target\n"); // not a document anyway: not listed

    let r = read(&RetrieveOptions::new([root]));
    assert_eq!(paths(&r), ["visible.md"]);
    assert_eq!(
        skipped(&r),
        [
            (".git", &SkipReason::Hidden),
            (".secret.md", &SkipReason::Hidden),
            ("sub/.drafts", &SkipReason::Hidden),
        ]
    );
    assert_eq!(r.summary(), "read 1 document (3 skipped: 3 hidden)");
}

#[test]
fn a_hidden_folder_given_as_input_is_read() {
    let env = TestEnv::new();
    env.write(".design/a.md", "# A\n");
    let r = read(&RetrieveOptions::new([env.path().join(".design")]));
    assert_eq!(paths(&r), ["a.md"]);
}

#[test]
fn symlinks_are_followed_and_loops_are_skipped() {
    use std::os::unix::fs::symlink;
    let env = TestEnv::new();
    let outside = TestEnv::new();
    let root = env.path();
    env.write("a.md", "# A\n");
    outside.write("shared.md", "# Shared\n");
    symlink(outside.path().join("shared.md"), root.join("linked.md")).unwrap();
    fs::create_dir_all(root.join("sub")).unwrap();
    symlink(root, root.join("sub/loop")).unwrap();
    symlink(root.join("nowhere.md"), root.join("broken.md")).unwrap();
    symlink(root.join("nowhere.png"), root.join("broken.png")).unwrap();

    let r = read(&RetrieveOptions::new([root]));
    assert_eq!(paths(&r), ["a.md", "linked.md"]);
    assert_eq!(r.documents[1].text, "# Shared\n");
    let s = skipped(&r);
    assert_eq!(s.len(), 2, "{s:?}");
    assert_eq!(s[0].0, "broken.md");
    assert!(
        matches!(s[0].1, SkipReason::Io { message } if message.contains("broken symbolic link"))
    );
    assert_eq!(s[1].0, "sub/loop");
    assert!(
        matches!(s[1].1, SkipReason::SymlinkLoop { target } if target == root),
        "{:?}",
        s[1].1
    );
    assert_eq!(
        r.summary(),
        "read 2 documents (2 skipped: 1 symlink loop, 1 unreadable)"
    );
}

#[test]
fn archies_own_outputs_are_skipped() {
    let env = TestEnv::new();
    let root = env.path();
    env.write("design.md", "# Design\n");
    env.write("payments_context.md", "# Payments context\n");
    env.write("old/analysis_result.md", "# Analysis\n");
    env.write(
        "summary.md",
        format!("{GENERATED_MARKER} 0.1: analyze -->\n# Written by archie\n"),
    );
    let memory = env.write("context.json", "{\"entities\": []}\n");
    let report = env.write("report.md", "# This run's output\n");
    env.write("custom_report.md", "# An older output\n");

    let mut opts = RetrieveOptions::new([root])
        .skip_path(&memory)
        .skip_path(&report)
        .own_output("*_report.md");
    opts.include = vec!["*.md".into(), "*.json".into()];
    let r = read(&opts);
    assert_eq!(paths(&r), ["design.md"]);
    let s = skipped(&r);
    assert_eq!(
        s.iter().map(|(p, _)| *p).collect::<Vec<_>>(),
        [
            "context.json",
            "custom_report.md",
            "old/analysis_result.md",
            "payments_context.md",
            "report.md",
            "summary.md",
        ]
    );
    assert!(
        s.iter()
            .all(|(_, reason)| matches!(reason, SkipReason::OwnOutput { .. }))
    );
    assert_eq!(r.summary(), "read 1 document (6 skipped: 6 archie outputs)");
    assert!(
        r.skipped[3].to_string().contains("named like *_context.md"),
        "{}",
        r.skipped[3]
    );

    // Even given directly, a file this run writes is not read.
    let err = retrieve(&RetrieveOptions::new([&report]).skip_path(&report)).unwrap_err();
    assert!(matches!(err, DocsError::NoDocuments { .. }), "{err}");
}

#[test]
fn empty_files_are_skipped() {
    let env = TestEnv::new();
    env.write("a.md", "# A\n");
    env.write("blank.md", "\n  \n\t\n");
    env.write("zero.txt", "");
    let r = read(&RetrieveOptions::new([env.path()]));
    assert_eq!(paths(&r), ["a.md"]);
    assert_eq!(r.summary(), "read 1 document (2 skipped: 2 empty)");
}

#[test]
fn unreadable_files_are_skipped_with_the_io_reason() {
    use std::os::unix::fs::PermissionsExt;
    // Permissions do not stop root: as root, this test runs itself again as `nobody`.
    if !crate::support::other_side::unprivileged(
        "docs::unreadable_files_are_skipped_with_the_io_reason",
    ) {
        return;
    }
    let env = TestEnv::new();
    env.write("a.md", "# A\n");
    let locked = env.write("locked.md", "# secret\n");
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
    assert!(fs::read(&locked).is_err(), "mode 000 stops this user");
    let r = read(&RetrieveOptions::new([env.path()]));
    assert_eq!(paths(&r), ["a.md"]);
    assert_eq!(
        skipped(&r),
        [(
            "locked.md",
            &SkipReason::Io {
                message: "permission denied".into()
            }
        )]
    );
}

#[test]
fn fifos_are_not_read() {
    let env = TestEnv::new();
    env.write("a.md", "# A\n");
    let fifo = env.path().join("pipe.md");
    crate::support::other_side::mkfifo(&fifo);
    let r = read(&RetrieveOptions::new([env.path()]));
    assert_eq!(paths(&r), ["a.md"]);
    assert_eq!(skipped(&r), [("pipe.md", &SkipReason::NotAFile)]);
}

#[test]
fn several_inputs_are_prefixed_with_their_folder_name_and_read_once() {
    let env = TestEnv::new();
    let root = env.path();
    env.write("payments/api.md", "# Payments API\n");
    env.write("checkout/flow.md", "# Checkout flow\n");
    let direct = env.write("notes.txt", "loose notes\n");

    let r = read(&RetrieveOptions::new([
        root.join("payments"),
        root.join("checkout"),
        direct.clone(),
        // The same file again, through its folder: read once.
        root.join("payments/api.md"),
    ]));
    assert_eq!(
        paths(&r),
        [
            direct.to_string_lossy().as_ref(),
            "checkout/flow.md",
            "payments/api.md"
        ]
    );
}

#[test]
fn no_input_is_a_usage_error_with_a_hint() {
    let err = retrieve(&RetrieveOptions::default()).unwrap_err();
    assert!(matches!(err, DocsError::NoInputs));
    let (code, text) = failure(err);
    assert!(text.contains("no input was given"), "{text}");
    assert!(text.contains("-i docs/"), "{text}");
    assert_eq!(code, 2);
}

#[test]
fn a_missing_input_is_a_usage_error_naming_it() {
    let env = TestEnv::new();
    env.write("docs/a.md", "# A\n");
    let missing = env.path().join("dcos");
    let err = retrieve(&RetrieveOptions::new([
        env.path().join("docs"),
        missing.clone(),
    ]))
    .unwrap_err();
    assert!(matches!(&err, DocsError::NotFound { path } if *path == missing));
    assert_eq!(
        err.message(),
        format!("input {} does not exist", missing.display())
    );
    // Wrapped in anyhow (as commands do), it still exits with 2, with the same message
    // and hint.
    let wrapped = anyhow::Error::new(err).context("cannot read the design documents");
    let (code, text) = failure(wrapped);
    assert_eq!(code, 2);
    assert!(text.contains("does not exist"), "{text}");
    assert!(text.contains("-i docs/"), "{text}");
}

#[test]
fn an_empty_folder_is_a_usage_error() {
    let env = TestEnv::new();
    let err = retrieve(&RetrieveOptions::new([env.path()])).unwrap_err();
    assert!(matches!(err, DocsError::NoDocuments { .. }));
    assert!(
        err.message().ends_with("it holds no files"),
        "{}",
        err.message()
    );
    assert_eq!(failure(err).0, 2);
}

#[test]
fn a_folder_without_usable_documents_says_what_was_skipped() {
    let env = TestEnv::new();
    env.write("blob.md", b"\x00\x01\x02");
    env.write("huge.txt", "x".repeat(2000));
    env.write("design.rst", "Design\n");
    env.write("code.rs", "fn main() {}\n");
    let mut opts = RetrieveOptions::new([env.path()]);
    opts.max_file_size = 1000;
    let err = retrieve(&opts).unwrap_err();
    let msg = err.message();
    assert!(
        msg.ends_with(": 2 skipped (1 binary, 1 over 1000 B); 2 other files are not .md or .txt"),
        "{msg}"
    );
    let (code, hint) = failure(err);
    assert!(hint.contains("skipped blob.md: binary"), "{hint}");
    assert!(
        hint.contains("skipped huge.txt: 2 KiB is over the 1000 B limit"),
        "{hint}"
    );
    assert!(hint.contains("--include '*.rst'"), "{hint}");
    assert_eq!(code, 2);
}

#[test]
fn a_bad_glob_is_a_usage_error() {
    let env = TestEnv::new();
    env.write("a.md", "# A\n");
    let mut opts = RetrieveOptions::new([env.path()]);
    opts.exclude = vec!["drafts/[".into()];
    let err = retrieve(&opts).unwrap_err();
    assert!(
        err.message()
            .starts_with("invalid --exclude glob `drafts/[`"),
        "{err}"
    );
    assert_eq!(failure(err).0, 2);
}

#[test]
fn input_args_drive_retrieval() {
    use clap::Parser;
    #[derive(Parser)]
    struct Cmd {
        #[command(flatten)]
        inputs: InputArgs,
    }
    let env = TestEnv::new();
    env.write("a.md", "# A\n");
    env.write("b.rst", "B\n");
    env.write("big.rst", "x".repeat(600 * 1024));
    let root = env.path().to_string_lossy().into_owned();
    let cmd = Cmd::try_parse_from([
        "archie",
        "-i",
        root.as_str(),
        "--include",
        "*.rst",
        "--max-file-size",
        "512K",
    ])
    .unwrap();
    let r = read(&cmd.inputs.to_options());
    assert_eq!(paths(&r), ["b.rst"]);
    assert_eq!(r.summary(), "read 1 document (1 skipped: 1 over 512 KiB)");
}

#[test]
fn retrieved_documents_chunk_into_non_empty_pieces() {
    let env = TestEnv::new();
    let mut long = String::from("# Payments\n\n");
    for i in 0..300 {
        long.push_str(&format!(
            "## Rule {i}\n\nPaymentGateway retries {i} times.\n\n"
        ));
    }
    env.write("payments.md", &long);
    env.write("tiny.txt", "CheckoutService calls PaymentGateway.");
    let r = read(&RetrieveOptions::new([env.path()]));
    let chunks = chunk_all(&r.documents, ChunkOptions::default());
    let tiny: Vec<_> = chunks.iter().filter(|c| c.doc == "tiny.txt").collect();
    assert_eq!(tiny.len(), 1);
    assert_eq!(tiny[0].text, "CheckoutService calls PaymentGateway.");
    let payments: Vec<_> = chunks.iter().filter(|c| c.doc == "payments.md").collect();
    assert!(payments.len() > 2);
    assert!(
        payments
            .iter()
            .all(|c| !c.text.is_empty() && c.tokens <= 1200)
    );
    assert!(
        payments[1..]
            .iter()
            .all(|c| c.heading_path.starts_with("Payments > Rule "))
    );
}

/// A 2 GiB document (sparse: no disk used) with `--max-file-size 4G` is looked at before
/// it is read: its first 8 KiB show it is binary, and the rest is never read. Under a
/// 1.5 GiB address-space limit, reading it whole could not even be tried.
#[cfg(target_os = "linux")]
#[test]
fn a_huge_document_is_sniffed_before_it_is_read() {
    let env = crate::flows::scripted_env(1);
    let big = std::fs::File::create(env.path().join("docs/huge.md")).expect("create");
    big.set_len(2 << 30).expect("a sparse 2 GiB file");
    drop(big);
    let ran = env.run_program(
        "bash",
        &[
            "-c",
            r#"ulimit -v 1500000 && exec "$ARCHIE" -v build-context sys -i docs --max-file-size 4G --no-extract"#,
        ],
    );
    ran.expect_code(0);
    assert!(ran.stderr.contains("huge.md: binary"), "{}", ran.stderr);
}
