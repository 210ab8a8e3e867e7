//! Secrets never reach anything archie writes or prints: for each of three secrets (an
//! `sk-…` key, a key with no recognisable prefix, the password in a `--base-url`), real
//! runs spread the secret everywhere a careless user and a chatty model would, then every
//! artefact is searched for it.
//!
//! Where the secret goes in: the environment (`OPENAI_API_KEY`, `OPENAI_BASE_URL`), the
//! command line (`--base-url`, `-q`, `--answer`), an answers file, a design document, and
//! the mock model's replies (a structured extraction answer, an invalid one that archie
//! repairs, streamed agent text cut into 3-character pieces so the secret arrives split
//! across tokens, the knowledge part, the final analysis and overview, a 500 that is
//! retried, a 400 that fails a run), and a failed run's error chain (a closed port).
//!
//! Where it is searched for: every file under the folder but the user's own inputs (the
//! memory file and its `.bak`, the outputs, `.archie/archie.db` and any `-wal`/`-shm`, the
//! LLM cache inside it), stdout and stderr of every run, `archie runs show RUN`,
//! `archie --json runs list` and `archie --json runs show RUN`.

use crate::flows::is_extraction;
use crate::support::TestEnv;
use crate::support::mcp_servers::{events, fake, named, plan, task_results, write_config};
use crate::support::mock_llm::{MockRequest, Reply};
use serde_json::json;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How the secret is handed to archie.
#[derive(Clone, Copy)]
enum Given {
    /// As `OPENAI_API_KEY`.
    ApiKey,
    /// As the password in `--base-url http://archieuser:SECRET@127.0.0.1:PORT/v1` (and
    /// in `OPENAI_BASE_URL`).
    UrlPassword,
}

/// A model that repeats the secret wherever it can: in extraction answers (the first one
/// for the document that names it invalid JSON, to make archie repair it), in every agent
/// turn and its knowledge part (streamed in 3-character pieces; a new entity each time, so
/// every run saves the memory and keeps a `.bak`), in the final analysis and the overview; and that fails the first conversation call with a 500 whose body names it.
fn leaky_model(secret: &'static str) -> impl Fn(&MockRequest) -> Reply + Send + Sync + 'static {
    let chats = Arc::new(AtomicUsize::new(0));
    let broken = Arc::new(AtomicUsize::new(0));
    move |req| {
        let text = req.text();
        if is_extraction(req) {
            if text.contains("deploy key") && broken.fetch_add(1, Ordering::SeqCst) == 0 {
                return Reply::text(format!(
                    "Sure! {{\"entities\": [{{\"name\": \"Vault\", \"type\": \"service\", \"description\": \"stores {secret}\"}}"
                ));
            }
            return Reply::json(json!({
                "entities": [
                    {"name": "Checkout Service", "type": "service", "description": format!("signs with {secret}")},
                    {"name": format!("Key {secret}"), "type": "concept", "tags": [secret]}
                ],
                "relationships": [
                    {"from": "Checkout Service", "to": format!("Key {secret}"), "type": "uses"}
                ]
            }));
        }
        let chat = chats.fetch_add(1, Ordering::SeqCst);
        if chat == 0 {
            return Reply::error(500, &format!("upstream rejected credential {secret}"), None);
        }
        let knowledge = format!(
            r#"<system>{{"entities":[{{"name":"Vault {chat}","type":"service","description":"holds {secret}"}}],"relationships":[]}}</system>"#
        );
        let agent = if text.contains("write the final architecture analysis") {
            format!(
                "## Assumptions\n- the key {secret} is rotated\n\n## Main components\n- Vault\n\n## Alternatives and trade-offs\n- none\n\n## Decisions\n- keep {secret} out of git\n\n## Open questions\n- none"
            )
        } else if text.contains("context overview") {
            format!(
                "## Purpose\nSigns with {secret}.\n\n## Key components\n- Vault\n\n## Interactions and data flows\nCheckout reads {secret} from Vault."
            )
        } else {
            format!("Is {secret} the production key, and who rotates it?")
        };
        Reply::split(format!("<agent>{agent}</agent>\n{knowledge}"), 3)
    }
}

/// Runs everything a careless user would with `secret` given as `given`, then fails the
/// test if the secret appears in any artefact.
fn nothing_leaks(secret: &'static str, given: Given) {
    let env = TestEnv::with_llm();
    env.mock().answer_with(leaky_model(secret));
    let password_url = |port: u16| format!("http://archieuser:{secret}@127.0.0.1:{port}/v1");
    let mock_port: u16 = env
        .mock()
        .url()
        .trim_start_matches("http://127.0.0.1:")
        .trim_end_matches("/v1")
        .parse()
        .expect("the mock's port");
    let env = match given {
        Given::ApiKey => env.env("OPENAI_API_KEY", secret),
        Given::UrlPassword => env.env("OPENAI_BASE_URL", password_url(mock_port)),
    };
    // The user's own files: they hold the secret because the user put it there.
    env.docs("docs", 2);
    env.write(
        "docs/deploy.md",
        format!("# Deploy\n\nThe deploy key is {secret}. The Checkout Service signs with it.\n"),
    );
    env.write("answers.txt", format!("The key is {secret}.\n/approve\n"));
    let inputs = [env.path().join("docs"), env.path().join("answers.txt")];

    let url_flag: Vec<String> = match given {
        Given::ApiKey => Vec::new(),
        Given::UrlPassword => vec!["--base-url".into(), password_url(mock_port)],
    };
    let with_url = |args: &[&str]| -> Vec<String> {
        url_flag
            .iter()
            .cloned()
            .chain(args.iter().map(|a| a.to_string()))
            .collect()
    };
    let query = format!("Is {secret} safe to keep in the repo?");
    let answer = format!("We use {secret} in production.");
    let mut outputs = Vec::new();
    let mut run = |code: i32, args: Vec<String>| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let ran = env.code(&args, code);
        outputs.push((args.join(" "), ran.stdout.clone(), ran.stderr.clone()));
        ran
    };

    // An analysis streamed to the terminal, with the secret in the query and an answer.
    run(
        0,
        with_url(&[
            "-v", "analyze", "-i", "docs", "-q", &query, "--answer", &answer, "--answer",
            "/approve",
        ]),
    );
    // The same as JSON events, answers from a file.
    run(
        0,
        with_url(&[
            "--json",
            "analyze",
            "-i",
            "docs",
            "-o",
            "second.md",
            "--answers",
            "answers.txt",
        ]),
    );
    // Not streamed: the answer arrives whole.
    run(
        0,
        with_url(&[
            "--no-stream",
            "analyze",
            "-i",
            "docs",
            "-o",
            "third.md",
            "--answer",
            &answer,
            "--answer",
            "/approve",
        ]),
    );
    // A context overview, on the terminal and as JSON.
    run(0, with_url(&["-v", "build-context", "shop", "-i", "docs"]));
    run(
        0,
        with_url(&["--json", "build-context", "vault", "-i", "docs"]),
    );
    // A 400 whose message names the secret fails a run.
    env.mock().push(Reply::bad_request(&format!(
        "credential {secret} is not allowed for this model"
    )));
    run(1, with_url(&["analyze", "-i", "docs", "--no-extract"]));
    env.mock().push(Reply::bad_request(&format!(
        "credential {secret} is not allowed for this model"
    )));
    run(
        1,
        with_url(&["--json", "analyze", "-i", "docs", "--no-extract"]),
    );
    // A closed port: the error chain names the URL it could not reach.
    let held = crate::support::ClosedPort::new();
    let closed = held.port();
    let closed_url = match given {
        Given::ApiKey => format!("http://127.0.0.1:{closed}/v1"),
        Given::UrlPassword => password_url(closed),
    };
    for json in [false, true] {
        let mut args = vec!["--base-url".to_string(), closed_url.clone()];
        if json {
            args.push("--json".into());
        }
        args.extend(["--retries", "0", "analyze", "-i", "docs", "--no-extract"].map(String::from));
        let ran = run(1, args);
        if let Given::UrlPassword = given {
            // The error names the host it could not reach, without the password.
            assert!(
                ran.stderr.contains(&format!("127.0.0.1:{closed}/v1")),
                "{}",
                ran.stderr
            );
        }
    }

    // The secret did reach the places it was put.
    let requests = env.mock().received();
    match given {
        Given::ApiKey => assert!(
            requests
                .iter()
                .any(|r| r.authorization.as_deref() == Some(&format!("Bearer {secret}"))),
            "the key was sent to the server"
        ),
        Given::UrlPassword => assert!(
            requests.iter().any(|r| r
                .authorization
                .as_deref()
                .is_some_and(|a| a.starts_with("Basic "))),
            "the URL's credentials were sent to the server"
        ),
    }
    assert!(requests.iter().any(|r| r.text().contains(secret)));
    // What archie tells about its runs.
    let listed = run(0, vec!["--json".into(), "runs".into(), "list".into()]);
    let event: serde_json::Value =
        serde_json::from_str(listed.stdout.lines().next().unwrap_or("")).expect("one JSON line");
    let ids: Vec<String> = event["value"]
        .as_array()
        .expect("a list of runs")
        .iter()
        .filter_map(|r| r["id"].as_str().map(str::to_string))
        .collect();
    assert_eq!(ids.len(), 9, "{}", listed.stdout);
    run(0, vec!["runs".into(), "list".into()]);
    for id in &ids {
        run(0, vec!["runs".into(), "show".into(), id.clone()]);
        run(
            0,
            vec!["--json".into(), "runs".into(), "show".into(), id.clone()],
        );
    }

    // Nothing anywhere, in any form: the secret, a long prefix of it, its base64 (alone or
    // as HTTP Basic credentials) and its percent-encoding.
    let forms = leak_forms(secret);
    let mut leaks = Vec::new();
    for (command, stdout, stderr) in &outputs {
        // A script joins the streamed tokens: the secret must not appear there either.
        let streamed: String = stdout
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|e| e["event"] == "token")
            .filter_map(|e| e["text"].as_str().map(str::to_string))
            .collect();
        for (form, needle) in &forms {
            if streamed.contains(needle.as_str()) {
                leaks.push(format!(
                    "{form} in the token events of `{command}`: {streamed}"
                ));
            }
            for (stream, text) in [("stdout", stdout), ("stderr", stderr)] {
                for line in text.lines().filter(|l| l.contains(needle.as_str())) {
                    leaks.push(format!("{form} in {stream} of `{command}`: {line}"));
                }
            }
        }
    }
    let mut searched = 0;
    for entry in walkdir::WalkDir::new(env.path()) {
        let entry = entry.expect("walk the folder");
        let path = entry.path();
        if !entry.file_type().is_file() || inputs.iter().any(|i| path.starts_with(i)) {
            continue;
        }
        searched += 1;
        let bytes = std::fs::read(path).expect("read an artefact");
        for (form, needle) in &forms {
            for at in find_all(&bytes, needle.as_bytes()) {
                let context =
                    &bytes[at.saturating_sub(60)..(at + needle.len() + 20).min(bytes.len())];
                leaks.push(format!(
                    "{form} in the file {}: …{}…",
                    relative(path, env.path()),
                    String::from_utf8_lossy(context)
                ));
            }
        }
    }
    for artefact in [
        "context.json",
        "context.json.bak",
        "analysis_result.md",
        "second.md",
        "third.md",
        "shop_context.md",
        "vault_context.md",
        ".archie/archie.db",
    ] {
        assert!(
            env.path().join(artefact).is_file(),
            "{artefact} was not written\n{}",
            env.files()
        );
    }
    assert!(searched >= 8, "{}", env.files());
    assert!(
        leaks.is_empty(),
        "the secret {secret} leaked into:\n{}",
        leaks.join("\n")
    );
    for (file, what) in [
        ("context.json", "the memory file"),
        ("analysis_result.md", "the analysis"),
        ("shop_context.md", "the overview"),
    ] {
        assert!(
            env.read(file).contains("[redacted]"),
            "{what} never met the secret, so this test proves nothing about it"
        );
    }
}

/// The forms a leaked `secret` could take, named: itself, its first two thirds, its
/// percent-encoding, and base64 of it alone and of `archieuser:SECRET` (HTTP Basic). A
/// base64 form is cut to its whole 3-byte groups, so it is found wherever the encoded
/// text starts on such a group.
fn leak_forms(secret: &str) -> Vec<(&'static str, String)> {
    let b64 = |text: &str| base64(text)[..text.len() / 3 * 4].to_string();
    let prefix = &secret[..secret.len() * 2 / 3];
    let forms = vec![
        ("the secret", secret.to_string()),
        ("a long prefix of the secret", prefix.to_string()),
        ("the secret percent-encoded", percent(secret)),
        ("the secret in base64", b64(secret)),
        (
            "HTTP Basic credentials",
            b64(&format!("archieuser:{secret}")),
        ),
    ];
    assert!(forms.iter().all(|(_, f)| f.len() >= 12), "{forms:?}");
    forms
}

/// Where `needle` starts in `haystack`.
fn find_all(haystack: &[u8], needle: &[u8]) -> Vec<usize> {
    haystack
        .windows(needle.len())
        .enumerate()
        .filter(|(_, w)| *w == needle)
        .map(|(i, _)| i)
        .collect()
}

fn relative(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn an_sk_key_reaches_no_artefact() {
    nothing_leaks("sk-probeSKKEY-UNIQUE789xyz", Given::ApiKey);
}

#[test]
fn a_key_without_a_known_prefix_reaches_no_artefact() {
    nothing_leaks("probeNOPREFIX-UNIQUE456", Given::ApiKey);
}

#[test]
fn a_password_in_the_base_url_reaches_no_artefact() {
    nothing_leaks("probePASSWORD-UNIQUE321", Given::UrlPassword);
}

// --- MCP servers: what they are given, what they echo --------------------------------------

/// archie's own credentials, each from a different source, and a token of the user's
/// shell that no server asked for.
const OWN: &[(&str, &str)] = &[
    ("OPENAI_API_KEY", "probeOPENAIKEY-111aaa"),
    ("PROBE_LLM_KEY", "probeAPIKEYENV-222bbb"),
    ("UPGRADE_TOKEN", "probeUPGRADETOKEN-333ccc"),
    ("UPGRADE_CLIENT_API_SECRET", "probeUPGRADESECRET-444ddd"),
    ("GITHUB_TOKEN", "ghp_probeSHELLTOKEN666fff"),
];

fn env_dump(env: &TestEnv, file: &str) -> serde_json::Map<String, serde_json::Value> {
    serde_json::from_str::<serde_json::Value>(&env.read(file))
        .unwrap()
        .as_object()
        .unwrap()
        .clone()
}

#[test]
fn a_stdio_server_gets_a_minimal_environment_and_none_of_archies_secrets() {
    let mut env = TestEnv::new()
        .env("PASS_ME", "passed-through-value")
        .env("OTHER_SRV_TOKEN", "probeOTHERSERVER-555eee");
    for (k, v) in OWN {
        env = env.env(k, *v);
    }
    // The LLM key is read from the variable `api_key_env` names.
    env.write("archie.toml", "[llm]\napi_key_env = \"PROBE_LLM_KEY\"\n");
    let mut rec = fake(&["--dump-env", "rec.json"]);
    rec["env"] = json!({"REC_OWN": "own-value-777", "LEAK": "${OPENAI_API_KEY}"});
    rec["env_vars"] = json!(["PASS_ME", "UPGRADE_TOKEN", "PROBE_LLM_KEY"]);
    let mut other = fake(&["--dump-env", "other.json"]);
    other["env"] = json!({"OTHER_TOKEN": "${OTHER_SRV_TOKEN}"});
    let config = write_config(
        env.path(),
        json!({"rec": rec, "bare": fake(&["--dump-env", "bare.json"]), "other": other}),
    );
    let ran = env.ok(&["mcp", "list", "--mcp-config", config.to_str().unwrap()]);

    let rec = env_dump(&env, "rec.json");
    let bare = env_dump(&env, "bare.json");
    let other = env_dump(&env, "other.json");
    assert_eq!(rec["REC_OWN"], "own-value-777", "its own env: {rec:?}");
    assert_eq!(rec["PASS_ME"], "passed-through-value", "env_vars: {rec:?}");
    assert!(
        rec.contains_key("PATH") && rec.contains_key("HOME"),
        "{rec:?}"
    );
    assert!(!bare.contains_key("PASS_ME"), "only when asked: {bare:?}");
    assert_eq!(other["OTHER_TOKEN"], "probeOTHERSERVER-555eee");
    for (name, dump) in [("rec", &rec), ("bare", &bare), ("other", &other)] {
        let text = serde_json::to_string(dump).unwrap();
        for (var, secret) in OWN {
            assert!(!text.contains(secret), "{name} was given {var}: {text}");
        }
        if name != "other" {
            assert!(
                !text.contains("probeOTHERSERVER"),
                "{name} was given another server's token: {text}"
            );
        }
    }
    // Nothing a server asked for is kept from it silently.
    assert!(
        ran.stderr.contains("rec: env LEAK is left out"),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr
            .contains("rec: UPGRADE_TOKEN (env_vars) is left out"),
        "{}",
        ran.stderr
    );
}

/// `text` in base64 (standard alphabet, padded).
fn base64(text: &str) -> String {
    const ABC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in text.as_bytes().chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// `text` percent-encoded (everything but unreserved characters).
fn percent(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[test]
fn a_server_echoing_its_tokens_leaves_them_nowhere_archie_writes() {
    // One value by its variable's name, one from a variable whose name says secret.
    let token = "probeSRVTOKEN/42+x=";
    let password = "probeDBPASSWORD-9z9z";
    let env = TestEnv::with_llm().env("DB_PASSWORD", password);
    let mut leaky = fake(&["--echo-env", "SRV_API_TOKEN,DB_DSN"]);
    leaky["env"] = json!({"SRV_API_TOKEN": token, "DB_DSN": "${DB_PASSWORD}"});
    let config = write_config(env.path(), json!({"leaky": leaky}));
    let cfg = config.to_str().unwrap();
    let tasks = plan(&[("leaky__env", json!({"query": "settings"}))]);
    env.mock().answer_with(move |req| {
        if req.has_response_format() || req.text().contains("plan tool calls") {
            Reply::json(tasks.clone())
        } else {
            Reply::split(
                format!("The server's token is {token} and its password {password}."),
                3,
            )
        }
    });
    let mut outputs = Vec::new();
    for args in [
        vec![
            "-v",
            "--json",
            "search",
            "--mcp-config",
            cfg,
            "What are its settings?",
        ],
        vec![
            "-v",
            "search",
            "--mcp-config",
            cfg,
            "What are its settings?",
        ],
        vec!["mcp", "list", "--mcp-config", cfg],
        vec!["-v", "mcp", "list", "--mcp-config", cfg],
        vec!["--json", "mcp", "list", "--mcp-config", cfg],
    ] {
        let ran = env.ok(&args);
        outputs.push((args.join(" "), ran.stdout, ran.stderr));
    }
    // The run met the secrets: the tool ran, and its result reached the model.
    let evs = events(&outputs[0].1);
    assert_eq!(task_results(&evs)[0]["status"], "done", "{evs:?}");
    assert!(!named(&evs, "result").is_empty());
    assert!(outputs[0].1.contains("[redacted]"), "{}", outputs[0].1);
    assert!(
        outputs[1].2.contains("leaky stderr: fake: starting with"),
        "{}",
        outputs[1].2
    );

    let forms = |secret: &str| {
        vec![
            secret.to_string(),
            secret[..12].to_string(),
            base64(secret),
            percent(secret),
        ]
    };
    let mut leaks = Vec::new();
    for secret in [token, password] {
        for form in forms(secret) {
            for (command, stdout, stderr) in &outputs {
                for (stream, text) in [("stdout", stdout), ("stderr", stderr)] {
                    for line in text.lines().filter(|l| l.contains(&form)) {
                        leaks.push(format!("{stream} of `{command}` ({form}): {line}"));
                    }
                }
            }
            for entry in walkdir::WalkDir::new(env.path()) {
                let entry = entry.unwrap();
                let path = entry.path();
                if !entry.file_type().is_file() || path == config {
                    continue;
                }
                let bytes = std::fs::read(path).unwrap();
                if !find_all(&bytes, form.as_bytes()).is_empty() {
                    leaks.push(format!("{} ({form})", relative(path, env.path())));
                }
            }
        }
    }
    // Nor is the model told them (the tool result, the server's instructions).
    for req in env.mock().received() {
        for secret in [token, password] {
            assert!(!req.text().contains(secret), "the model was told {secret}");
        }
    }
    assert!(
        env.path().join(".archie/archie.db").is_file(),
        "{}",
        env.files()
    );
    assert!(leaks.is_empty(), "leaked:\n{}", leaks.join("\n"));
}

#[test]
fn mcp_list_shows_the_configuration_as_written_with_its_secrets_redacted() {
    let env = TestEnv::new().env("SRV_TOKEN", "probeEXPANDED-token-88");
    let mut server = fake(&["--token", "probeLITERAL-token-99"]);
    server["args"]
        .as_array_mut()
        .unwrap()
        .extend([json!("--home"), json!("${SRV_TOKEN}")]);
    let config = write_config(env.path(), json!({"s": server}));
    let ran = env.ok(&["mcp", "list", "--mcp-config", config.to_str().unwrap()]);
    assert!(
        ran.stdout.contains("--home '${SRV_TOKEN}'"),
        "{}",
        ran.stdout
    );
    assert!(
        ran.stdout.contains("--token '[redacted]'"),
        "{}",
        ran.stdout
    );
    assert!(!ran.stdout.contains("probeEXPANDED"), "{}", ran.stdout);
    assert!(!ran.stdout.contains("probeLITERAL"), "{}", ran.stdout);
}

/// The secrets a runbook holds, assembled at run time (so no scanner flags this file),
/// each with what archie calls it.
fn runbook_secrets() -> Vec<(String, &'static str)> {
    let k = |parts: &[&str]| parts.concat();
    vec![
        (k(&["0rd3rs", "-Adm1n-pw"]), "postgres password"),
        (k(&["AKIA", "Z7Q3MX2LP4ND8RTE"]), "aws access key id"),
        (
            k(&["q8Lw2Zr/Fs7Bn1Kd", "Xy4Tm9Hp3Vc6Jg0Ue5Ro+WaQ"]),
            "aws secret access key",
        ),
        (
            k(&["sk_", "live_", "51Hq8ZxKLm2Np4Qr7St9Vw3Yz"]),
            "stripe live key",
        ),
        (
            k(&["sk_", "test_", "4eC39HqLyjWDarjtT1zdp7dc"]),
            "stripe test key",
        ),
        (
            k(&["ghp_", "Zq9Xw8Vu7Ts6Rq5Po4Nm3Lk2Jh1Gf0EdCbA9"]),
            "github token",
        ),
        (
            k(&["xoxb-", "2231507-8842391-QmZxTfLp9RkWnBv3YsHc"]),
            "slack token",
        ),
        (
            k(&["AIza", "SyD4rT8uVwXy2Zq3-9kLmNpQrStUvW0xYzA"]),
            "google api key",
        ),
        (k(&["MIIEpAIBAAKCAQEA", "7vKq3ZcF9mX2pL8w"]), "private key"),
        (k(&["Zr8#kP2", "vL9qW4xN"]), "password"),
    ]
}

/// Ordinary text that looks a little like secrets and must reach the model as written.
const ORDINARY: &[&str] = &[
    "Release v2.14.3-rc.1 (rustc 1.89.0, OpenSSL 3.0.13, schema 2024-06-01).",
    "commit 9fceb02d0ae598e95dc970b74767f19372d61af8 sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "order 123e4567-e89b-12d3-a456-426614174000 trace 4bf92f3577b34da6a3ce929d0e0e4736",
    "![flow](https://mermaid.ink/img/pako:eNpVkMFqwzAMhl9F6JRC8wI5DNqxw2Ds0MEOwQfXVhIzxw6W3VFK331OuhU2XyT9-j9JaVFlZWhBnXFi4MeAhbz2KOEL2dF0p3ElkGOwphB5H9iM4w3L8WVpKiBTnLpkFoxJBWmVKiB8sKaq2ACrOvCAJWf7P5)",
    "DATABASE_URL=postgres://orders-db.internal:5432/orders; the password: required; primary key: order_id",
];

/// A design folder with a runbook full of secrets and a document of ordinary text.
fn secret_runbook(env: &TestEnv) -> Vec<(String, &'static str)> {
    let s = runbook_secrets();
    env.write(
        "docs/runbook.md",
        format!(
            "# Orders runbook\n\nThe Orders Service writes to OrdersDB at \
             postgres://orders_admin:{}@orders-db.internal:5432/orders.\n\n\
             Backups go to S3 with aws_access_key_id = {} and\naws_secret_access_key = {}\n\n\
             Payments call Stripe with {} (staging: {}). CI pushes with {}; alerts post with {}.\n\
             The map widget uses {}.\n\n-----BEGIN RSA PRIVATE KEY-----\n{}\n\
             -----END RSA PRIVATE KEY-----\n\nadmin password={}\n",
            s[0].0, s[1].0, s[2].0, s[3].0, s[4].0, s[5].0, s[6].0, s[7].0, s[8].0, s[9].0
        ),
    );
    env.write(
        "docs/ordinary.md",
        format!("# Release notes\n\n{}\n", ORDINARY.join("\n\n")),
    );
    s
}

/// A model that answers extraction with an empty graph, plans one document search, and
/// answers everything else with a short overview.
fn quiet_model(req: &MockRequest) -> Reply {
    let text = req.text();
    if is_extraction(req) {
        Reply::json(json!({"entities": [], "relationships": []}))
    } else if text.contains("plan tool calls") {
        Reply::json(plan(&[(
            "archie__search_documents",
            json!({"query": "orders password key stripe aws"}),
        )]))
    } else if text.contains("context overview") {
        Reply::text("## Purpose\nOrders.\n\n## Key components\n- Orders Service")
    } else {
        Reply::text(
            "<agent>## Assumptions\n- a\n\n## Main components\n- b\n\n## Alternatives and trade-offs\n- c\n\n## Decisions\n- d\n\n## Open questions\n- e</agent>",
        )
    }
}

#[test]
fn secrets_written_in_documents_never_reach_the_model_and_ordinary_text_does() {
    let env = TestEnv::with_llm();
    env.mock().answer_with(quiet_model);
    let secrets = secret_runbook(&env);
    // The dry run says what would be kept back, and where.
    let planned = env.ok(&["build-context", "orders", "-i", "docs", "--dry-run"]);
    assert!(
        planned.stdout.contains(
            "secrets    10 in 1 document kept back: placeholders are sent instead (--send-secrets sends them)\n  runbook.md: postgres password, aws access key id, aws secret access key, stripe live key"
        ),
        "{}",
        planned.stdout
    );
    // Extraction and the overview; an analysis; a search whose tool reads the documents.
    let built = env.ok(&["build-context", "orders", "-i", "docs"]);
    env.ok(&[
        "analyze",
        "-i",
        "docs",
        "-q",
        "Who holds the keys?",
        "--answer",
        "/approve",
    ]);
    env.ok(&[
        "search",
        "-i",
        "docs",
        "What do the docs say about the orders password?",
    ]);
    let received = env.mock().received();
    assert!(received.len() >= 5, "{} requests", received.len());
    let bodies: Vec<String> = env
        .mock()
        .requests()
        .iter()
        .map(|r| r.to_string())
        .collect();
    for (secret, kind) in &secrets {
        for body in &bodies {
            assert!(
                !body.contains(secret.as_str()),
                "the {kind} reached the model: {body}"
            );
        }
        let placeholder = format!("[secret: {kind} 1]");
        assert!(
            received.iter().any(|r| r.text().contains(&placeholder)),
            "no request carried {placeholder}"
        );
    }
    // Ordinary text arrives as written, in extraction, the overview's excerpts and search.
    for line in ORDINARY {
        assert!(
            received.iter().filter(|r| r.text().contains(line)).count() >= 2,
            "{line} did not reach the model as written"
        );
    }
    // The run says what it kept back, and how to send it.
    assert!(
        built
            .stderr
            .contains("10 secrets in 1 document were not sent; --send-secrets sends them"),
        "{}",
        built.stderr
    );
    // Nothing archie kept holds them either.
    let db = std::fs::read(env.path().join(".archie/archie.db")).unwrap();
    let memory = env.read("context.json");
    for (secret, kind) in &secrets {
        assert!(!memory.contains(secret.as_str()), "{kind} in the memory");
        assert!(
            !db.windows(secret.len()).any(|w| w == secret.as_bytes()),
            "{kind} in the run store"
        );
    }

    // --send-secrets sends them as written (the test above can fail).
    let before = env.mock().requests().len();
    env.ok(&[
        "build-context",
        "orders",
        "-i",
        "docs",
        "--send-secrets",
        "--no-cache",
    ]);
    let sent: String = env.mock().requests()[before..]
        .iter()
        .map(|r| r.to_string())
        .collect();
    for (secret, kind) in &secrets {
        assert!(
            sent.contains(secret.as_str()),
            "--send-secrets kept back the {kind}"
        );
    }
}
