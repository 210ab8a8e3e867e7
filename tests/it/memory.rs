//! The memory file through the real binary: `archie memory stats|show|import|export`
//! over real files, including two archie processes saving one file at once.

use crate::support::TestEnv;
use serde_json::{Value, json};
use std::fs;
use std::path::{Path, PathBuf};

/// Copies `fixtures/original-archie/NAME` to `to` in the world.
fn copy_fixture(env: &TestEnv, name: &str, to: &str) -> PathBuf {
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/original-archie")
        .join(name);
    env.write(to, fs::read(from).expect("read fixture"))
}

fn read_json(env: &TestEnv, rel: &str) -> Value {
    serde_json::from_str(&env.read(rel)).expect("valid json")
}

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    k.sort();
    k
}

/// A memory file `rel` with `n` entities named `{prefix} service {i}`, each calling the
/// shared `gateway`.
fn generated(env: &TestEnv, rel: &str, prefix: &str, n: usize) {
    let entities: Vec<Value> = (0..n)
        .map(|i| json!({"name": format!("{prefix} service {i}"), "type": "service"}))
        .collect();
    let relationships: Vec<Value> = (0..n)
        .map(|i| json!({"from": format!("{prefix} service {i}"), "to": "gateway", "type": "calls"}))
        .collect();
    let text = json!({"entities": entities, "relationships": relationships});
    env.write(rel, serde_json::to_vec_pretty(&text).expect("json"));
}

#[test]
fn reads_the_original_archies_file_and_writes_its_shape_back() {
    let env = TestEnv::new();
    copy_fixture(&env, "context.json", "context.json");
    copy_fixture(&env, "context-relations.json", "old.json");

    let text = env.ok(&["memory", "stats"]).stdout;
    insta::assert_snapshot!(env.normalize(&text), @r"
        context.json: 4 entities, 3 relationships

        entities by type:
               2  service
               1  database
               1  queue

        relationships by type:
               1  calls
               1  publishes_to
               1  writes_to

        most connected:
               2  orderservice
               2  paymentgateway
               1  orderevents
               1  paymentsdb
        ");

    // A file in the older `relations` shape merges into it.
    let ran = env.ok(&["memory", "import", "old.json"]);
    insta::assert_snapshot!(env.normalize(&ran.stderr), @"✔ memory context.json: +2 entities, +2 relationships, 1 updated");

    let v = read_json(&env, "context.json");
    assert_eq!(keys(&v), ["entities", "relationships"]);
    let entities = v["entities"].as_array().expect("entities");
    assert_eq!(entities.len(), 6);
    // The original's keys, and where each fact came from (which its reader ignores).
    for e in entities {
        let mut want = vec![
            "description",
            "name",
            "properties",
            "sources",
            "tags",
            "type",
        ];
        if e.get("sources").is_none() {
            // Only in the original's file (no source recorded: a person's).
            want.retain(|k| *k != "sources");
        }
        assert_eq!(keys(e), want);
    }
    for r in v["relationships"].as_array().expect("relationships") {
        let mut want = vec!["from", "properties", "sources", "to", "type"];
        match r.get("sources") {
            // What the import brought is stated by it.
            Some(sources) => assert!(sources.to_string().contains("import:old.json"), "{r}"),
            None => want.retain(|k| *k != "sources"),
        }
        assert_eq!(keys(r), want);
    }
    let order = entities
        .iter()
        .find(|e| e["name"] == "orderservice")
        .expect("orderservice kept under its exact name");
    assert_eq!(
        order["tags"],
        json!(["checkout", "core", "inventory-client"])
    );
    assert_eq!(
        order["description"],
        json!("Accepts orders from the storefront and starts payment."),
        "an empty description does not replace one"
    );
    assert_eq!(
        order["properties"],
        json!({"language": "typescript", "owner": "team-orders"})
    );
    assert!(
        v["relationships"]
            .as_array()
            .expect("rels")
            .contains(&json!({"from": "orderservice", "to": "inventoryservice", "type": "calls", "properties": {"protocol": "grpc"}, "sources": "import:old.json"}))
    );

    // Found by any spelling: the original's `orderservice` is `Order  Service`.
    let spaced = env.ok(&["memory", "show", "Order  Service"]).stdout;
    let text = env.ok(&["memory", "show", "OrderService"]).stdout;
    assert_eq!(spaced, text);
    assert!(text.starts_with("orderservice (service)"), "{text}");
    assert!(text.contains("--calls--> inventoryservice"), "{text}");
    assert!(text.contains("--publishes_to--> orderevents"), "{text}");
}

#[test]
fn output_is_deterministic_and_an_unchanged_memory_is_not_rewritten() {
    let env = TestEnv::new();
    let ctx = copy_fixture(&env, "context.json", "context.json");
    copy_fixture(&env, "context-relations.json", "old.json");
    env.ok(&["memory", "import", "old.json"]);
    let first = fs::read(&ctx).expect("read");
    let text = String::from_utf8(first.clone()).expect("utf-8");
    assert!(text.ends_with("}\n") && !text.ends_with("\n\n"));
    assert!(text.starts_with("{\n  \"entities\": [\n    {\n      \"name\": "));
    let mtime = fs::metadata(&ctx)
        .and_then(|m| m.modified())
        .expect("mtime");

    // The same content again: nothing new, the file is not touched.
    let ran = env.ok(&["memory", "import", "old.json"]);
    assert!(ran.stderr.contains("nothing new"), "{}", ran.stderr);
    assert_eq!(fs::read(&ctx).expect("read"), first);
    assert_eq!(
        fs::metadata(&ctx)
            .and_then(|m| m.modified())
            .expect("mtime"),
        mtime
    );

    // Export is the file's text; importing it into a fresh memory gives the same bytes,
    // but for the import that now states each fact too.
    let ran = env.ok(&["memory", "export"]);
    assert_eq!(ran.output.stdout, first);
    env.write("export.json", &ran.output.stdout);
    env.ok(&[
        "--memory-file",
        "fresh.json",
        "memory",
        "import",
        "export.json",
    ]);
    // (One source is a string, several a list.)
    let without_the_import = |bytes: Vec<u8>| {
        let mut v: Value = serde_json::from_slice(&bytes).expect("json");
        for list in ["entities", "relationships"] {
            for item in v[list].as_array_mut().expect("list") {
                let object = item.as_object_mut().expect("object");
                let mut sources: Vec<Value> = match object.remove("sources") {
                    Some(Value::Array(list)) => list,
                    Some(one) => vec![one],
                    None => Vec::new(),
                };
                sources.retain(|s| s != "import:export.json");
                match sources.len() {
                    0 => {}
                    1 => {
                        object.insert("sources".into(), sources.remove(0));
                    }
                    _ => {
                        object.insert("sources".into(), Value::Array(sources));
                    }
                }
            }
        }
        v
    };
    assert_eq!(
        without_the_import(fs::read(env.path().join("fresh.json")).expect("read")),
        without_the_import(first)
    );

    // The imported files in the other order give the same bytes too.
    env.ok(&[
        "--memory-file",
        "other.json",
        "memory",
        "import",
        "old.json",
    ]);
    copy_fixture(&env, "context.json", "orig.json");
    env.ok(&[
        "--memory-file",
        "other.json",
        "memory",
        "import",
        "orig.json",
    ]);
    let other = env.read("other.json");
    // Descriptions differ by who came first; the structure and order do not.
    let names = |t: &str| -> Vec<String> {
        let v: Value = serde_json::from_str(t).expect("json");
        v["entities"]
            .as_array()
            .expect("entities")
            .iter()
            .map(|e| e["name"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    assert_eq!(names(&other), names(&text));
}

#[test]
fn a_corrupt_memory_file_stops_archie_and_is_left_untouched() {
    let env = TestEnv::new();
    let corrupt = "{\n  \"entities\": [\n    {\"name\": \"a\", \"type\": \"service\"}\n    {\"name\": \"b\"}\n  ]\n}\n";
    env.write("context.json", corrupt);
    generated(&env, "more.json", "more", 3);

    for args in [
        &["memory", "stats"][..],
        &["memory", "import", "more.json"][..],
        &["memory", "export", "--format", "mermaid"][..],
    ] {
        let err = env.code(args, 2).stderr;
        insta::allow_duplicates! {
            insta::assert_snapshot!(env.normalize(&err), @r"
                error: context.json is not valid JSON (line 4, column 5: expected `,` or `]`)
                  The file was left untouched.
                  Fix the file and run the command again.
                ");
        }
        assert_eq!(env.read("context.json"), corrupt);
    }
    assert!(!env.path().join("context.json.bak").exists());

    // A corrupt file to import: exit 2, naming that file; the memory is not touched.
    env.write("context.json", "{\"entities\": []}\n");
    env.write("bad.json", "{\"entities\": 7}");
    let ran = env.code(&["memory", "import", "bad.json"], 2);
    insta::assert_snapshot!(env.normalize(&ran.stderr), @r"
        error: bad.json is not a valid memory file (line 1, column 14: invalid type: integer `7`, expected a JSON list of entities)
          The file was left untouched.
          Fix the file and run the command again.
        ");
    assert_eq!(env.read("context.json"), "{\"entities\": []}\n");
}

#[test]
fn a_save_keeps_the_last_good_version_and_the_error_points_to_it() {
    let env = TestEnv::new();
    let ctx = copy_fixture(&env, "context.json", "context.json");
    let original = fs::read(&ctx).expect("read");
    generated(&env, "more.json", "more", 2);
    env.ok(&["memory", "import", "more.json"]);
    assert_eq!(
        fs::read(env.path().join("context.json.bak")).expect("bak"),
        original
    );
    env.write("context.json", "{\"entities\": [");
    let ran = env.code(&["memory", "stats"], 2);
    insta::assert_snapshot!(env.normalize(&ran.stderr), @r"
        error: context.json is not valid JSON (line 1, column 14: EOF while parsing a list)
          The file was left untouched. A copy of the last good version is context.json.bak.
          Fix the file (or restore the copy) and run the command again.
        ");
}

#[test]
fn unknown_top_level_keys_survive_a_save() {
    let env = TestEnv::new();
    env.write(
        "context.json",
        r#"{"version": 2, "entities": [{"name": "a", "type": "service"}],
            "meta": {"owner": "arch team", "tags": ["x"]}}"#,
    );
    generated(&env, "more.json", "more", 2);
    env.ok(&["memory", "import", "more.json"]);
    let v = read_json(&env, "context.json");
    assert_eq!(v["version"], json!(2));
    assert_eq!(v["meta"], json!({"owner": "arch team", "tags": ["x"]}));
    assert_eq!(v["entities"].as_array().map(Vec::len), Some(4));
}

/// Forced, not hoped for: the first import is held between writing its temporary file
/// and renaming it, under the lock (`ARCHIE_TEST_PAUSE_BEFORE_RENAME=PATH`); the second
/// loads the file as it was, then waits for the lock; only then is the first released.
/// So the second saves over a file another process changed since its load, and must
/// merge on top of it.
#[cfg(unix)]
#[test]
fn two_archie_processes_saving_at_once_keep_each_others_additions() {
    use std::time::{Duration, Instant};
    let env = TestEnv::new();
    generated(&env, "left.json", "left", 200);
    generated(&env, "right.json", "right", 200);
    let lock = env
        .path()
        .canonicalize()
        .expect("the folder")
        .join("context.json.lock");
    let wait_for = |what: &str, done: &mut dyn FnMut() -> bool| {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !done() {
            assert!(Instant::now() < deadline, "{what}");
            std::thread::sleep(Duration::from_millis(10));
        }
    };
    for round in 0..2 {
        let _ = fs::remove_file(env.path().join("context.json"));
        let release = env.path().join(format!("release-{round}"));
        let held = TestEnv::new().env(
            "ARCHIE_TEST_PAUSE_BEFORE_RENAME",
            release.display().to_string(),
        );
        let mut cmd = held.process(crate::support::archie_bin());
        cmd.current_dir(env.path())
            .args(["--json", "memory", "import", "left.json"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        let left = cmd.spawn().expect("spawn archie");
        wait_for("the first import wrote its temporary file", &mut || {
            names_in(&env, ".").iter().any(|n| {
                n.starts_with(".archie-")
                    && n.ends_with(".tmp")
                    && fs::read_to_string(env.path().join(n)).is_ok_and(|t| t.ends_with("}\n"))
            })
        });
        assert!(
            !env.path().join("context.json").exists(),
            "held before its rename"
        );
        let right = env.spawn(&["--json", "memory", "import", "right.json"]);
        let pid = right.child.id();
        wait_for("the second import waits for the lock", &mut || {
            fs::read_dir(format!("/proc/{pid}/fd")).is_ok_and(|fds| {
                fds.flatten()
                    .any(|fd| fs::read_link(fd.path()).is_ok_and(|target| target == lock))
            })
        });
        assert!(!env.path().join("context.json").exists(), "still held");
        fs::write(&release, "").expect("release the first import");
        let left = left.wait_with_output().expect("wait");
        assert!(left.status.success(), "{left:?}");
        let right = right.wait();
        right.expect_code(0);
        let saved = right.event("memory_saved").expect("a memory_saved event");
        assert_eq!(
            saved["merged_with_disk"],
            json!(true),
            "round {round}: the second merged on top of the first: {saved}"
        );
        let v = read_json(&env, "context.json");
        let entities = v["entities"].as_array().expect("entities");
        assert_eq!(entities.len(), 401, "round {round}: 400 services + gateway");
        assert_eq!(
            v["relationships"].as_array().map(Vec::len),
            Some(400),
            "round {round}"
        );
    }
}

#[test]
fn show_suggests_close_names_for_an_unknown_one() {
    let env = TestEnv::new();
    copy_fixture(&env, "context.json", "context.json");
    let err = env.code(&["memory", "show", "paymentgatway"], 2).stderr;
    insta::assert_snapshot!(env.normalize(&err), @r#"
        error: no entity named "paymentgatway" in context.json
          Did you mean: paymentgateway?
        "#);
}

#[test]
fn json_mode_prints_results_as_events() {
    let env = TestEnv::new();
    copy_fixture(&env, "context.json", "context.json");
    let ran = env.ok(&["--json", "memory", "stats"]);
    // The data event, then the final result event.
    let line: Value =
        serde_json::from_str(ran.stdout.lines().next().unwrap_or_default()).expect("a JSON line");
    assert_eq!(line["event"], json!("data"));
    let stats = &line["value"];
    assert_eq!(stats["entities"], json!(4));
    assert_eq!(
        stats["most_connected"][0],
        json!({"name": "orderservice", "count": 2})
    );

    // show and export give the data itself too.
    let data = |args: &[&str]| -> Value {
        let ran = env.ok(args);
        // The data event, then the final result event.
        let line: Value = serde_json::from_str(ran.stdout.lines().next().unwrap_or_default())
            .expect("a JSON line");
        assert_eq!(line["event"], json!("data"), "{line}");
        line["value"].clone()
    };
    let shown = data(&["--json", "memory", "show", "OrderService"]);
    assert_eq!(shown["entity"]["name"], json!("orderservice"));
    assert!(
        shown["outgoing"]
            .as_array()
            .expect("outgoing")
            .iter()
            .any(|r| r["to"] == json!("paymentgateway")),
        "{shown}"
    );
    let exported = data(&["--json", "memory", "export"]);
    let on_disk = read_json(&env, "context.json");
    assert_eq!(
        exported["entities"].as_array().map(Vec::len),
        on_disk["entities"].as_array().map(Vec::len)
    );
}

#[test]
fn a_missing_memory_file_is_an_empty_memory() {
    let env = TestEnv::new();
    let ran = env.ok(&["--memory-file", "nope/none.json", "memory", "stats"]);
    assert!(ran.stdout.contains("no memory file yet"), "{}", ran.stdout);
    let ran = env.ok(&[
        "--json",
        "--memory-file",
        "nope/none.json",
        "memory",
        "stats",
    ]);
    assert!(ran.stdout.contains("\"entities\":0"), "{}", ran.stdout);
    assert!(!env.path().join("nope").exists());
}

#[test]
fn mermaid_export_of_a_small_graph() {
    let env = TestEnv::new();
    copy_fixture(&env, "context.json", "context.json");
    let stdout = |args: &[&str]| env.ok(args).stdout;
    let out = ["memory", "export", "--format", "mermaid"];
    insta::assert_snapshot!(stdout(&out));

    let out = [
        "memory",
        "export",
        "--format",
        "mermaid",
        "--focus",
        "PaymentsDB",
        "--max-nodes",
        "1",
    ];
    insta::assert_snapshot!("mermaid_focus_capped", stdout(&out));
}

#[test]
fn a_save_merges_on_top_of_what_another_process_saved_meanwhile() {
    use archie::memory::{Entity, MemoryFile, Relationship};
    let env = TestEnv::new();
    let path = copy_fixture(&env, "context.json", "context.json");
    let (file_a, mut a) = MemoryFile::open(&path).expect("open a");
    let (file_b, mut b) = MemoryFile::open(&path).expect("open b");

    a.upsert_entity(Entity::new("Fraud Check", "service").tag("a"));
    let saved = file_a.save(&a).expect("save a");
    assert!(saved.written && !saved.merged_with_disk);

    b.upsert_entity(Entity::new("fraud check", "unknown").tag("b"));
    b.upsert_relationship(Relationship::new("orderservice", "Calls", "FRAUD CHECK"));
    let saved = file_b.save(&b).expect("save b");
    assert!(saved.written && saved.merged_with_disk);
    assert_eq!(saved.from_disk.entities_updated, 1, "a's type and tag");
    assert_eq!((saved.entities, saved.relationships), (5, 4));

    let (_, merged) = MemoryFile::open(&path).expect("reopen");
    let fraud = merged.entity("FRAUD check").expect("kept");
    assert_eq!(
        fraud.name, "Fraud Check",
        "the first display name on disk wins"
    );
    assert_eq!(fraud.kind, "service");
    assert_eq!(fraud.tags, ["a", "b"]);
    let calls = merged.outgoing("orderservice");
    assert!(
        calls
            .iter()
            .any(|r| r.to == "Fraud Check" && r.kind == "calls")
    );

    // Saving b's unchanged memory again writes nothing and loses nothing.
    let bytes = fs::read(&path).expect("read");
    let saved = file_b.save(&b).expect("save b again");
    assert!(!saved.written);
    assert_eq!(fs::read(&path).expect("read"), bytes);
}

#[test]
fn a_save_never_overwrites_a_file_that_became_corrupt() {
    use archie::memory::{Entity, MemoryError, MemoryFile};
    let env = TestEnv::new();
    let path = copy_fixture(&env, "context.json", "context.json");
    let (file, mut memory) = MemoryFile::open(&path).expect("open");
    fs::write(&path, "{\n  \"entities\": [}\n").expect("corrupt it");
    memory.upsert_entity(Entity::new("new", "service"));
    let err = file.save(&memory).expect_err("must not overwrite");
    assert!(
        matches!(
            err,
            MemoryError::Corrupt {
                line: 2,
                column: 16,
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(crate::support::failure(err).0, 2);
    assert_eq!(
        fs::read_to_string(&path).expect("read"),
        "{\n  \"entities\": [}\n"
    );
}

/// Makes `rel` a named pipe (a failure fails the test).
fn fifo(env: &TestEnv, rel: &str) {
    crate::support::other_side::mkfifo(&env.path().join(rel));
}

#[cfg(unix)]
#[test]
fn a_memory_file_that_is_a_pipe_or_a_device_is_refused_at_once() {
    let env = TestEnv::new();
    fifo(&env, "context.json");
    // Opening a pipe for reading would wait for a writer for ever.
    let ran = env.code(&["memory", "stats"], 2);
    insta::assert_snapshot!(env.normalize(&ran.stderr), @r"
        error: context.json is a named pipe: a memory file is a regular file
          Point --memory-file at a JSON file (one that does not exist yet starts an empty memory).
        ");
    let ran = env.code(&["memory", "import", "context.json"], 2);
    insta::assert_snapshot!(env.normalize(&ran.stderr), @r"
        error: context.json is a named pipe: a memory file is a regular file
          Point --memory-file at a JSON file (one that does not exist yet starts an empty memory).
        ");
    fs::remove_file(env.path().join("context.json")).expect("remove the pipe");
    std::os::unix::fs::symlink("/dev/zero", env.path().join("zero.json")).expect("link");
    let ran = env.code(&["--memory-file", "zero.json", "echo", "hi"], 2);
    insta::assert_snapshot!(env.normalize(&ran.stderr), @r"
        error: zero.json is a device: a memory file is a regular file
          Point --memory-file at a JSON file (one that does not exist yet starts an empty memory).
        ");
    let ran = env.code(&["memory", "import", "zero.json"], 2);
    insta::assert_snapshot!(env.normalize(&ran.stderr), @r"
        error: zero.json is a device: a memory file is a regular file
          Point --memory-file at a JSON file (one that does not exist yet starts an empty memory).
        ");
    env.write("folder.json/x", "");
    let ran = env.code(&["--memory-file", "folder.json", "memory", "stats"], 2);
    insta::assert_snapshot!(env.normalize(&ran.stderr), @r"
        error: folder.json is a folder: a memory file is a regular file
          Point --memory-file at a JSON file (one that does not exist yet starts an empty memory).
        ");
}

#[test]
fn a_memory_file_over_the_size_limit_says_the_limit_and_how_to_raise_it() {
    let small = TestEnv::new().env("ARCHIE_MAX_MEMORY_SIZE", "64K");
    generated(&small, "context.json", "big", 600);
    let size = fs::metadata(small.path().join("context.json"))
        .expect("size")
        .len();
    assert!(size > 64 * 1024, "{size}");
    let ran = small.code(&["memory", "stats"], 2);
    insta::assert_snapshot!(small.normalize(&ran.stderr), @r"
        error: context.json is 94.2 KiB, over the limit of 64 KiB for a memory file
          Raise the limit with ARCHIE_MAX_MEMORY_SIZE=1M (or more), or use a smaller memory file.
        ");
    // A file being imported has the same limit; the memory file is left as it was.
    small.write("mine.json", "{}\n");
    let ran = small.code(
        &[
            "--memory-file",
            "mine.json",
            "memory",
            "import",
            "context.json",
        ],
        2,
    );
    insta::assert_snapshot!(small.normalize(&ran.stderr), @r"
        error: context.json is 94.2 KiB, over the limit of 64 KiB for a memory file
          Raise the limit with ARCHIE_MAX_MEMORY_SIZE=1M (or more), or use a smaller memory file.
        ");
    assert_eq!(small.read("mine.json"), "{}\n");
    // Raised, it is read.
    let raised = TestEnv::new().env("ARCHIE_MAX_MEMORY_SIZE", "1M");
    generated(&raised, "context.json", "big", 600);
    let ran = raised.ok(&["memory", "stats"]);
    assert!(ran.stdout.contains("601 entities"), "{}", ran.stdout);
}

#[test]
fn what_a_save_would_lose_is_said_with_the_entity() {
    let env = TestEnv::new();
    env.write(
        "context.json",
        r#"{"entities": [
            {"name": "", "type": "service", "description": "the nameless one"},
            {"name": "Checkout", "type": "service", "properties": {"owner": "a", "owner": "b"}}
          ], "relationships": []}"#,
    );
    let ran = env.ok(&["memory", "stats"]);
    insta::assert_snapshot!(env.normalize(&ran.stderr), @r#"
        ! context.json: entity 1 has no name, so it is dropped when the memory is next saved: {"name":"","type":"service","description":"the nameless one","tags":[],"properties":{}}
        ! context.json: entity "Checkout" has the property "owner" more than once; only the last value is kept
        "#);
    // The same as warning events under --json, and for a file being imported.
    env.write(
        "other.json",
        r#"{"entities": [{"name": " ", "type": "queue"}]}"#,
    );
    let ran = env.ok(&["--json", "memory", "import", "other.json"]);
    let warnings: Vec<String> = ran
        .events()
        .iter()
        .filter(|e| e["event"] == "warning")
        .map(|e| e["message"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(warnings.len(), 3, "{warnings:#?}");
    assert!(
        warnings[2].starts_with("other.json: entity 1 has no name"),
        "{warnings:#?}"
    );
}

#[cfg(unix)]
#[test]
fn a_linked_memory_file_is_saved_through_the_link() {
    let env = TestEnv::new();
    copy_fixture(&env, "context.json", "shared/real.json");
    std::os::unix::fs::symlink("shared/real.json", env.path().join("context.json")).expect("link");
    generated(&env, "other.json", "other", 3);
    env.ok(&["memory", "import", "other.json"]);
    let link = fs::symlink_metadata(env.path().join("context.json")).expect("meta");
    assert!(link.file_type().is_symlink(), "still a link");
    let real = read_json(&env, "shared/real.json");
    assert!(
        real["entities"]
            .as_array()
            .expect("entities")
            .iter()
            .any(|e| e["name"] == "other service 0"),
        "the target was updated"
    );
    // The backup is the previous content, beside the link.
    let backup = fs::read(env.path().join("context.json.bak")).expect("backup");
    let original = fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/original-archie/context.json"),
    )
    .expect("fixture");
    assert_eq!(backup, original);
    let stray: Vec<String> = fs::read_dir(env.path().join("shared"))
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(stray, ["real.json"], "no temporary file beside the target");
}

/// The names in the folder `rel` of the world, sorted.
fn names_in(env: &TestEnv, rel: &str) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(env.path().join(rel))
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[cfg(unix)]
#[test]
fn a_save_killed_between_write_and_rename_leaves_nothing_a_later_save_does_not_remove() {
    use std::time::{Duration, Instant};
    let env = TestEnv::new();
    copy_fixture(&env, "context.json", "context.json");
    let original = env.read("context.json");
    generated(&env, "a.json", "a", 50);
    generated(&env, "b.json", "b", 5);
    // Debug builds pause between writing the temporary file and renaming it.
    let paused = TestEnv::new().env("ARCHIE_TEST_PAUSE_BEFORE_RENAME", "60000");
    let mut cmd = paused.process(crate::support::archie_bin());
    cmd.current_dir(env.path())
        .args(["memory", "import", "a.json"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    let mut child = cmd.spawn().expect("spawn archie");
    let deadline = Instant::now() + Duration::from_secs(30);
    let temp = loop {
        let written = names_in(&env, ".")
            .into_iter()
            .find(|n| n.starts_with(".archie-") && n.ends_with(".tmp"))
            .filter(|n| fs::read_to_string(env.path().join(n)).is_ok_and(|t| t.ends_with("}\n")));
        if let Some(name) = written {
            break name;
        }
        assert!(Instant::now() < deadline, "no temporary file appeared");
        std::thread::sleep(Duration::from_millis(20));
    };
    child.kill().expect("SIGKILL");
    child.wait().expect("wait");
    assert!(env.path().join(&temp).exists(), "the kill left {temp}");
    assert_eq!(env.read("context.json"), original, "the file is untouched");

    // Any later save removes it (once nobody holds it and it is a second old).
    std::thread::sleep(Duration::from_millis(1100));
    env.ok(&["memory", "import", "b.json"]);
    assert_eq!(
        names_in(&env, "."),
        ["a.json", "b.json", "context.json", "context.json.bak"]
    );
    let text = env.read("context.json");
    assert!(text.contains("b service 0") && !text.contains("a service 0"));
}
