//! A test double of the UpGrade 6.4 backend: real HTTP on 127.0.0.1, the endpoints the
//! agent uses, with the status codes, error bodies and quirks the reference
//! (`upgrade-api.md`, corrections included) records, so that what archie learns against
//! the double holds against the real server:
//!
//! - every success is HTTP 200; errors are `{name, message, endPoint, errorCode, type?,
//!   request}` with `type` absent for untyped failures (500 TypeErrors, some 404s);
//!   an unknown route is Express's HTML "Cannot GET …" with 404;
//! - admin endpoints need `Authorization: Bearer TOKEN` only when a token is required
//!   ([`UpgradeDouble::require_token`]); `/v6` calls need `User-Id` (400 without) and,
//!   with `toCheckAuth` on ([`UpgradeDouble::require_client_jwt`]), an HS256 JWT;
//! - create validates the DTO, the group rule, the context against `CONTEXT_METADATA`
//!   and the `default` code; it keeps the experiment id, replaces condition and
//!   partition ids, renumbers `order`, forces `postExperimentRule: continue`, fails with
//!   500 on an alias state or a non-UUID `revertTo`, and generates no payloads;
//! - reads show the state aliases (`running`, `paused`, `completed`); PUT needs the whole
//!   document (500 without `conditionPayloads`, or a partition without `description`),
//!   takes `versionNumber` from the body when it differs (a stale PUT overwrites and
//!   rolls the version back), rebuilds payloads and ignores lists; non-UUID ids give 400
//!   on single/PUT/DELETE/state and 500 on enrollment statistics;
//! - assign: only `enrolling` experiments draw new conditions, `enrollmentComplete`
//!   serves enrolled users (continue: their own; assign: `revertTo`); a weighted draw
//!   seeded per experiment and user (or working group) with leftover mass to the first
//!   condition; individual, group and experiment consistency; one experiment per pool of
//!   shared decision points; assign is side-effect free, mark enrols with the condition
//!   the server computes (`condition not applied` excludes);
//! - from the third live run: a state change increments `versionNumber`; an experiment
//!   created through the API has no payloads until its first update
//!   ([`UpgradeDouble::seed_unedited`]; [`UpgradeDouble::seed`] stands for one edited
//!   since); `/v6/init` is a write ([`Logged::is_write`]); `/experiments/names` comes in
//!   no particular order (shuffled per call); paginated nodes lack `factors`, `queries`,
//!   `experimentSegmentExclusion` and `stratificationFactor`; an `assign` by a user
//!   without a working group while a group experiment runs answers 200 and logs a 417
//!   "Group not valid" ([`UpgradeDouble::logged_errors`]);
//! - every mark is stored ([`UpgradeDouble::marks`]), so a mark sent twice shows;
//! - as a live trial with two writers showed (issue 37): another client's PUT interleaves with archie's
//!   ([`UpgradeDouble::interleave_put`]): before it (archie's stale body overwrites it and
//!   the version goes back) or right after it (apply-then-overwrite: the other client's
//!   body, read before archie's PUT, puts the old values back);
//! - faults before a request is applied ([`UpgradeDouble::fail_next`]) and after
//!   ([`UpgradeDouble::fail_after_applying`]: a 503, a dropped connection or an answer
//!   that comes too late), and the real server's latency as an option
//!   ([`UpgradeDouble::latency`]).
//!
//! Not reproduced: inclusion/exclusion lists and filter modes, segments, `excludeIfReached`
//! exclusion on start, within-subjects and factorial assignment, feature flags.
//!
//! ```ignore
//! let up = UpgradeDouble::start();
//! let id = up.seed(json!({"name": "Fractions Hints", "state": "enrolling", ...}));
//! up.fail_next("GET", "/api/experiments/names", 503, 2);
//! // run archie with up.env() ...
//! assert!(up.writes().is_empty());
//! ```

#![allow(dead_code)]

use super::http::Background;
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::Response;
use hmac::{Hmac, KeyInit, Mac};
use serde_json::{Map, Value, json};
use sha2::Sha256;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

/// One request the double received.
#[derive(Debug, Clone)]
pub struct Logged {
    pub method: String,
    /// The path, `/api` included.
    pub path: String,
    pub body: Value,
    pub user_id: Option<String>,
    pub authorization: Option<String>,
}

impl Logged {
    /// Whether this call changes UpGrade (create, update, state, delete, mark, and init,
    /// which creates the user and replaces its group memberships).
    pub fn is_write(&self) -> bool {
        matches!(
            (self.method.as_str(), self.path.as_str()),
            ("POST", "/api/experiments")
                | ("POST", "/api/experiments/state")
                | ("POST", "/api/v6/mark")
                | ("POST", "/api/v6/init")
                | ("PUT", _)
                | ("DELETE", _)
        )
    }
}

struct Fault {
    method: String,
    path: String,
    status: u16,
    remaining: usize,
}

/// How a request fails *after* the double has applied it (the write is stored; only the
/// answer is lost), as a real server behind a flaky network or proxy does.
#[derive(Debug, Clone, Copy)]
pub enum AfterApplying {
    /// Answer this status (a 5xx without a type).
    Status(u16),
    /// Close the connection instead of sending the body.
    Drop,
    /// Answer only after this long (longer than the client waits: a timeout).
    Hang(std::time::Duration),
}

/// When another client's PUT lands, relative to the next PUT of an experiment (UpGrade
/// has no optimistic locking; the third live run saw both orders).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interleave {
    /// Between the writer's read and its PUT: the other client's edit is stored (the
    /// version moves on), then the PUT, built on the older read, overwrites it and takes
    /// its stale version (the version goes back).
    Before,
    /// Right after the PUT is applied, before it is answered: the other client read the
    /// experiment before the PUT, so its edit puts back everything the PUT changed
    /// (apply-then-overwrite), with its stale version.
    After,
}

struct Interleaving {
    id: String,
    when: Interleave,
    edit: Box<dyn FnOnce(&mut Value) + Send>,
}

struct LateFault {
    method: String,
    path: String,
    how: AfterApplying,
    remaining: usize,
}

#[derive(Default, Clone)]
struct UserRec {
    group: BTreeMap<String, Vec<String>>,
    working_group: BTreeMap<String, String>,
}

#[derive(Clone)]
struct Enrollment {
    condition: String,
    partition: String,
    group: Option<String>,
}

struct World {
    metadata: Value,
    experiments: Vec<Value>,
    users: HashMap<String, UserRec>,
    /// (experiment, user) → enrollment.
    enrollments: HashMap<(String, String), Enrollment>,
    /// (experiment, group id) → condition id.
    group_enrollments: HashMap<(String, String), String>,
    exclusions: HashSet<(String, String)>,
    admin_token: Option<String>,
    client_jwt: Option<(String, String)>,
    clock: u64,
    /// Every mark the server stored, as (experiment id or "", user): a resent mark is
    /// stored twice, as on the real server.
    marks: Vec<(String, String)>,
    /// Errors the server logged while answering 200 (e.g. 417 "Group not valid").
    logged_errors: Vec<String>,
    /// A broken server (a fault for tests): group experiments draw each member's
    /// condition on their own, as if the experiment were individual.
    split_groups: bool,
}

#[derive(Default)]
struct Shared {
    world: Mutex<Option<World>>,
    log: Mutex<Vec<Logged>>,
    faults: Mutex<VecDeque<Fault>>,
    late_faults: Mutex<Vec<LateFault>>,
    /// Another client's PUT, interleaved with the next PUT of an experiment.
    interleavings: Mutex<Vec<Interleaving>>,
    /// Each answer waits a uniform time in this range (ms), as a loaded real server's do.
    latency: Mutex<Option<(u64, u64)>>,
}

/// The running double. Dropping it stops the server.
pub struct UpgradeDouble {
    addr: SocketAddr,
    shared: Arc<Shared>,
    /// Where archie's experiment locks go (`ARCHIE_UPGRADE_LOCK_DIR`) for runs against
    /// this double.
    locks: tempfile::TempDir,
    /// Stops the server when the double is dropped.
    _server: Background,
}

/// The context metadata of a dev server (`CONTEXT_METADATA`).
pub fn default_metadata() -> Value {
    json!({
        "assign-prog": {
            "CONDITIONS": ["control", "variant"],
            "GROUP_TYPES": ["schoolId", "classId", "instructorId"],
            "EXP_IDS": ["absolute_value_plot_equality", "analyzing_step_functions"],
            "EXP_POINTS": ["SelectSection"]
        }
    })
}

impl UpgradeDouble {
    /// Serves on a runtime of its own thread (tests run the archie binary and wait).
    pub fn start() -> Self {
        let shared = Arc::new(Shared::default());
        *shared.world.lock().unwrap() = Some(World {
            metadata: default_metadata(),
            experiments: Vec::new(),
            users: HashMap::new(),
            enrollments: HashMap::new(),
            group_enrollments: HashMap::new(),
            exclusions: HashSet::new(),
            admin_token: None,
            client_jwt: None,
            clock: 0,
            marks: Vec::new(),
            logged_errors: Vec::new(),
            split_groups: false,
        });
        let server = Background::start(Router::new().fallback(handle).with_state(shared.clone()));
        Self {
            addr: server.addr,
            shared,
            locks: tempfile::tempdir().unwrap(),
            _server: server,
        }
    }

    /// The advisory lock file archie takes while it changes experiment `id` of this
    /// double (as `src/upgrade/lock.rs` names it).
    pub fn lock_path(&self, id: &str) -> std::path::PathBuf {
        let safe = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || matches!(c, '-' | '.') {
                        c
                    } else {
                        '_'
                    }
                })
                .collect()
        };
        self.locks
            .path()
            .join(format!("{}@{}.lock", safe(id), safe(&self.url())))
    }

    /// The API base URL (`http://127.0.0.1:PORT/api`).
    pub fn url(&self) -> String {
        format!("http://{}/api", self.addr)
    }

    /// Variables that point archie at the double (with fast backoff).
    pub fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("UPGRADE_API_URL", self.url()),
            ("ARCHIE_TEST_KNOBS", "1".into()),
            ("ARCHIE_UPGRADE_BACKOFF_MS", "5".into()),
            (
                "ARCHIE_UPGRADE_LOCK_DIR",
                self.locks.path().display().to_string(),
            ),
        ]
    }

    fn world<R>(&self, f: impl FnOnce(&mut World) -> R) -> R {
        let mut guard = self.shared.world.lock().unwrap();
        f(guard.as_mut().expect("world"))
    }

    /// Admin endpoints answer 401 without `Authorization: Bearer token`.
    pub fn require_token(&self, token: &str) {
        self.world(|w| w.admin_token = Some(token.into()));
    }

    /// `toCheckAuth` on: `/v6` calls need a JWT signed with `secret` over `{"APIKey": key}`.
    pub fn require_client_jwt(&self, key: &str, secret: &str) {
        self.world(|w| w.client_jwt = Some((key.into(), secret.into())));
    }

    /// The next `times` requests to `method path` answer `status` (a 5xx without a type).
    pub fn fail_next(&self, method: &str, path: &str, status: u16, times: usize) {
        self.shared.faults.lock().unwrap().push_back(Fault {
            method: method.into(),
            path: path.into(),
            status,
            remaining: times,
        });
    }

    /// The next `times` requests to `method path` are applied (the write is stored) and
    /// then fail as `how` says: the answer is lost, not the write.
    pub fn fail_after_applying(&self, method: &str, path: &str, how: AfterApplying, times: usize) {
        self.shared.late_faults.lock().unwrap().push(LateFault {
            method: method.into(),
            path: path.into(),
            how,
            remaining: times,
        });
    }

    /// Every answer waits a uniform `min_ms..=max_ms` first (the real server answers in
    /// 120–420 ms per call at 16 concurrent simulated users).
    pub fn latency(&self, min_ms: u64, max_ms: u64) {
        *self.shared.latency.lock().unwrap() = Some((min_ms, max_ms.max(min_ms)));
    }

    /// Creates an experiment as `POST /experiments` would (the body needs only what
    /// differs from a minimal valid one), then puts it in `state` if given (storable
    /// name), and gives it payloads as its first edit (in the UI, say) would. Not
    /// logged. Returns its id.
    pub fn seed(&self, spec: Value) -> String {
        self.seed_with(spec, true)
    }

    /// [`seed`](Self::seed) as an experiment created through the API and never edited:
    /// no payloads, so `assign` answers `payload: null`.
    pub fn seed_unedited(&self, spec: Value) -> String {
        self.seed_with(spec, false)
    }

    fn seed_with(&self, spec: Value, edited: bool) -> String {
        let mut body = json!({
            "name": "Experiment", "context": ["assign-prog"], "state": "inactive",
            "assignmentUnit": "individual", "consistencyRule": "individual",
            "postExperimentRule": "continue", "filterMode": "includeAll", "type": "Simple",
            "tags": [],
            "conditions": [
                {"id": "c1", "conditionCode": "control", "assignmentWeight": 50, "order": 1},
                {"id": "c2", "conditionCode": "variant", "assignmentWeight": 50, "order": 2}
            ],
            "partitions": [{"id": "d1", "site": "SelectSection", "target": "absolute_value_plot_equality", "order": 1, "excludeIfReached": false}]
        });
        let spec_map = spec.as_object().cloned().unwrap_or_default();
        let wanted_state = spec_map
            .get("state")
            .and_then(Value::as_str)
            .map(str::to_string);
        for (k, v) in spec_map {
            if k != "state" {
                body[k] = v;
            }
        }
        self.world(|w| {
            let created = w.create(&body).unwrap_or_else(|(_, b)| panic!("seed: {b}"));
            let id = created["id"].as_str().unwrap().to_string();
            let e = w.find_mut(&id).unwrap();
            if let Some(state) = wanted_state {
                e["state"] = json!(state);
            }
            // Payloads exist once an experiment has been edited (in the UI, say).
            if edited {
                rebuild_payloads(e);
            }
            id
        })
    }

    /// Another client reads experiment `id`, edits it with `edit` and PUTs it back, as
    /// the server handles any PUT (version + 1, payload records added or rebuilt).
    pub fn put(&self, id: &str, edit: impl FnOnce(&mut Value)) {
        self.world(|w| {
            let mut body = w.find(id).cloned().expect("experiment");
            edit(&mut body);
            if body.get("conditionPayloads").is_none() {
                body["conditionPayloads"] = json!([]);
            }
            w.update(id, &body)
                .unwrap_or_else(|(_, b)| panic!("put: {b}"));
        })
    }

    /// Another client's PUT of experiment `id` interleaves with the next PUT of it
    /// ([`Interleave`]): `edit` gets the document that client read.
    pub fn interleave_put(
        &self,
        id: &str,
        when: Interleave,
        edit: impl FnOnce(&mut Value) + Send + 'static,
    ) {
        self.shared
            .interleavings
            .lock()
            .unwrap()
            .push(Interleaving {
                id: id.to_string(),
                when,
                edit: Box::new(edit),
            });
    }

    /// Another admin edits the experiment (a concurrent change): `edit` gets the stored
    /// document; the version and update time move on.
    pub fn edit(&self, id: &str, edit: impl FnOnce(&mut Value)) {
        self.world(|w| {
            w.clock += 1;
            let clock = w.clock;
            let e = w.find_mut(id).expect("experiment");
            edit(e);
            e["versionNumber"] = json!(e["versionNumber"].as_i64().unwrap_or(0) + 1);
            e["updatedAt"] = json!(timestamp(clock));
        })
    }

    /// The experiment as a read shows it, if it exists.
    pub fn experiment(&self, id: &str) -> Option<Value> {
        self.world(|w| w.find(id).map(shown))
    }

    /// Every experiment as stored.
    pub fn experiments(&self) -> Vec<Value> {
        self.world(|w| w.experiments.iter().map(shown).collect())
    }

    /// Users enrolled in the experiment per condition code.
    pub fn enrolled(&self, id: &str) -> BTreeMap<String, u64> {
        self.world(|w| {
            let e = w.find(id).cloned().unwrap_or(Value::Null);
            let mut out = BTreeMap::new();
            for ((exp, _), en) in &w.enrollments {
                if exp == id {
                    let code = conditions(&e)
                        .iter()
                        .find(|c| c["id"] == json!(en.condition))
                        .and_then(|c| c["conditionCode"].as_str())
                        .unwrap_or("?")
                        .to_string();
                    *out.entry(code).or_insert(0) += 1;
                }
            }
            out
        })
    }

    /// From the server's own records: for each working group, the condition codes its
    /// members were enrolled with in experiment `id`.
    pub fn conditions_by_group(&self, id: &str) -> BTreeMap<String, BTreeSet<String>> {
        self.world(|w| {
            let e = w.find(id).cloned().unwrap_or(Value::Null);
            let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
            for ((exp, _), en) in &w.enrollments {
                if exp != id {
                    continue;
                }
                let code = conditions(&e)
                    .iter()
                    .find(|c| c["id"] == json!(en.condition))
                    .and_then(|c| c["conditionCode"].as_str())
                    .unwrap_or("?")
                    .to_string();
                let group = en.group.clone().unwrap_or_else(|| "(none)".into());
                out.entry(group).or_default().insert(code);
            }
            out
        })
    }

    /// Breaks the server: from now on, group experiments draw each member's condition
    /// on their own (seeded by user, no group enrollment), so classes are split.
    pub fn split_groups(&self) {
        self.world(|w| w.split_groups = true);
    }

    /// How many marks the server stored for `user` (in any experiment).
    pub fn marks(&self, user: &str) -> usize {
        self.world(|w| w.marks.iter().filter(|(_, u)| u == user).count())
    }

    /// Whether `POST /v6/init` ever created `user`.
    pub fn has_user(&self, user: &str) -> bool {
        self.world(|w| w.users.contains_key(user))
    }

    /// The errors the server logged while still answering 200.
    pub fn logged_errors(&self) -> Vec<String> {
        self.world(|w| w.logged_errors.clone())
    }

    /// Every request so far, in arrival order.
    pub fn requests(&self) -> Vec<Logged> {
        self.shared.log.lock().unwrap().clone()
    }

    /// The requests that changed UpGrade.
    pub fn writes(&self) -> Vec<Logged> {
        self.requests()
            .into_iter()
            .filter(Logged::is_write)
            .collect()
    }

    /// How many requests matched `method path` (path without the query).
    pub fn count(&self, method: &str, path: &str) -> usize {
        self.requests()
            .iter()
            .filter(|r| r.method == method && r.path == path)
            .count()
    }
}

// ---------------------------------------------------------------- helpers

type Answer = (u16, Value);

fn timestamp(clock: u64) -> String {
    format!(
        "2025-01-01T{:02}:{:02}:{:02}.{:03}Z",
        clock / 3_600_000 % 24,
        clock / 60_000 % 60,
        clock / 1000 % 60,
        clock % 1000
    )
}

/// An UpGrade error body.
fn error(status: u16, name: &str, message: &str, kind: Option<&str>) -> Answer {
    let mut body = json!({"name": name, "message": message, "errorCode": status, "request": {}});
    if let Some(kind) = kind {
        body["type"] = json!(kind);
    }
    (status, body)
}

fn bad_request(message: &str) -> Answer {
    error(
        400,
        "BadRequestError",
        message,
        Some("Parameter not in the correct format"),
    )
}

fn invalid_body() -> Answer {
    bad_request("Invalid body, check 'errors' property for more info.")
}

fn invalid_params() -> Answer {
    bad_request("Invalid params, check 'errors' property for more info.")
}

fn type_error(message: &str) -> Answer {
    error(500, "TypeError", message, None)
}

fn is_uuid(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

fn uuid() -> String {
    let hex: String = (0..32)
        .map(|_| format!("{:x}", fastrand::u8(..16)))
        .collect();
    uuid_of(&hex)
}

/// A stable pseudo-UUID for a key (mark ids are stable per user and point).
fn stable_uuid(key: &str) -> String {
    let a = hash(key);
    let b = hash(&format!("{key}#"));
    uuid_of(&format!("{a:016x}{b:016x}"))
}

/// 32 hex digits as a version-4 UUID.
fn uuid_of(hex: &str) -> String {
    format!(
        "{}-{}-4{}-a{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[13..16],
        &hex[17..20],
        &hex[20..32]
    )
}

/// FNV-1a then a SplitMix64 finish: a deterministic 64-bit hash.
fn hash(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// A uniform number in [0, 1) seeded by `seed` (UpGrade uses `seedrandom`).
fn uniform(seed: &str) -> f64 {
    (hash(seed) >> 11) as f64 / (1u64 << 53) as f64
}

const STORED: &[&str] = &[
    "inactive",
    "enrolling",
    "enrollmentComplete",
    "cancelled",
    "preview",
    "scheduled",
    "archived",
    "draft",
];

fn alias_to_stored(state: &str) -> Option<&'static str> {
    match state {
        "running" => Some("enrolling"),
        "paused" => Some("enrollmentComplete"),
        "completed" => Some("cancelled"),
        s => STORED.iter().copied().find(|x| *x == s),
    }
}

fn stored_to_shown(state: &str) -> &str {
    match state {
        "enrolling" => "running",
        "enrollmentComplete" => "paused",
        "cancelled" => "completed",
        s => s,
    }
}

/// The experiment as reads show it: state aliases.
fn shown(e: &Value) -> Value {
    let mut e = e.clone();
    if let Some(s) = e["state"].as_str() {
        e["state"] = json!(stored_to_shown(s));
    }
    if let Some(logs) = e["stateTimeLogs"].as_array_mut() {
        for log in logs {
            for k in ["fromState", "toState"] {
                if let Some(s) = log[k].as_str() {
                    log[k] = json!(stored_to_shown(s));
                }
            }
        }
    }
    e
}

fn conditions(e: &Value) -> Vec<Value> {
    let mut c: Vec<Value> = e["conditions"].as_array().cloned().unwrap_or_default();
    c.sort_by_key(|c| c["order"].as_i64().unwrap_or(0));
    c
}

fn partitions(e: &Value) -> Vec<Value> {
    let mut p: Vec<Value> = e["partitions"].as_array().cloned().unwrap_or_default();
    p.sort_by_key(|p| p["order"].as_i64().unwrap_or(0));
    p
}

/// Every partition × condition pair gets a payload; existing custom ones are kept.
fn rebuild_payloads(e: &mut Value) {
    let old: Vec<Value> = e["conditionPayloads"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let mut out = Vec::new();
    for p in partitions(e) {
        for c in conditions(e) {
            let existing = old
                .iter()
                .find(|x| x["parentCondition"] == c["id"] && x["decisionPoint"] == p["id"]);
            out.push(existing.cloned().unwrap_or_else(|| {
                json!({"id": uuid(), "parentCondition": c["id"], "decisionPoint": p["id"],
                       "payload": {"type": "string", "value": c["conditionCode"]}})
            }));
        }
    }
    e["conditionPayloads"] = Value::Array(out);
}

fn context_of(e: &Value) -> String {
    e["context"][0].as_str().unwrap_or("").to_lowercase()
}

fn point_is(p: &Value, site: &str, target: Option<&str>) -> bool {
    p["site"].as_str() == Some(site)
        && p["target"].as_str().filter(|t| !t.is_empty()) == target.filter(|t| !t.is_empty())
}

fn base64url_decode(s: &str) -> Option<Vec<u8>> {
    let mut bits = 0u32;
    let mut n = 0;
    let mut out = Vec::new();
    for c in s.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' => 62,
            b'_' => 63,
            _ => return None,
        };
        bits = (bits << 6) | u32::from(v);
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
        }
    }
    Some(out)
}

// ---------------------------------------------------------------- the world

impl World {
    fn find(&self, id: &str) -> Option<&Value> {
        self.experiments.iter().find(|e| e["id"] == json!(id))
    }

    fn find_mut(&mut self, id: &str) -> Option<&mut Value> {
        self.experiments.iter_mut().find(|e| e["id"] == json!(id))
    }

    fn tick(&mut self) -> String {
        self.clock += 1;
        timestamp(self.clock)
    }

    /// The DTO validation of create and update.
    fn validate(&self, body: &Value) -> Result<(), Answer> {
        let s = |k: &str| body.get(k).and_then(Value::as_str);
        let one_of = |k: &str, allowed: &[&str]| s(k).is_some_and(|v| allowed.contains(&v));
        if s("name").is_none()
            || !body["context"]
                .as_array()
                .is_some_and(|c| !c.is_empty() && c.iter().all(Value::is_string))
            || !body["tags"].is_array()
            || !body["conditions"].is_array()
            || !body["partitions"].is_array()
        {
            return Err(invalid_body());
        }
        let states = [STORED, &["running", "paused", "completed"]].concat();
        let unit_ok = one_of(
            "assignmentUnit",
            &["individual", "group", "within-subjects"],
        );
        let within = s("assignmentUnit") == Some("within-subjects");
        if !one_of("state", &states)
            || !unit_ok
            || (!within && !one_of("consistencyRule", &["individual", "group", "experiment"]))
            || !one_of("postExperimentRule", &["continue", "assign", "revert"])
            || !one_of("filterMode", &["includeAll", "excludeAll"])
            || !one_of("type", &["Simple", "Factorial"])
        {
            return Err(invalid_body());
        }
        for c in body["conditions"].as_array().into_iter().flatten() {
            if c["id"].as_str().is_none_or(|i| i.is_empty())
                || !c["conditionCode"].is_string()
                || !c["assignmentWeight"].is_number()
                || !(c["order"].is_i64() || c["order"].is_u64())
            {
                return Err(invalid_body());
            }
        }
        for p in body["partitions"].as_array().into_iter().flatten() {
            if p["id"].as_str().is_none_or(|i| i.is_empty())
                || !p["site"].is_string()
                || !(p["order"].is_i64() || p["order"].is_u64())
                || !p["excludeIfReached"].is_boolean()
            {
                return Err(invalid_body());
            }
        }
        let group = body.get("group").filter(|g| !g.is_null());
        match (s("assignmentUnit"), group) {
            (Some("group"), Some(g)) if g.is_string() => {}
            (Some("group"), _) => return Err(invalid_body()),
            (_, Some(_)) => return Err(invalid_body()),
            _ => {}
        }
        if within && body.get("conditionOrder").is_none_or(Value::is_null) {
            return Err(invalid_body());
        }
        let context = body["context"][0].as_str().unwrap_or("");
        if self.metadata.get(context).is_none() {
            return Err(bad_request(&format!(
                "The app context \"{context}\" is not defined in CONTEXT_METADATA."
            )));
        }
        for c in body["conditions"].as_array().into_iter().flatten() {
            if c["conditionCode"]
                .as_str()
                .is_some_and(|c| c.eq_ignore_ascii_case("default"))
            {
                return Err(bad_request("'default' as ConditionCode is not allowed."));
            }
        }
        Ok(())
    }

    fn create(&mut self, body: &Value) -> Result<Value, Answer> {
        self.validate(body)?;
        let state = body["state"].as_str().unwrap_or("");
        if !STORED.contains(&state) {
            return Err(error(
                500,
                "QueryFailedError",
                &format!("invalid input value for enum experiment_state_enum: \"{state}\""),
                Some("Query Failed"),
            ));
        }
        if let Some(r) = body["revertTo"].as_str()
            && !is_uuid(r)
        {
            return Err(error(
                500,
                "QueryFailedError",
                &format!("invalid input syntax for type uuid: \"{r}\""),
                Some("Query Failed"),
            ));
        }
        let id = body["id"].as_str().map_or_else(uuid, str::to_string);
        if self.find(&id).is_some() {
            return Err(error(
                500,
                "QueryFailedError",
                "duplicate key value violates unique constraint \"PK_experiment\"",
                Some("Query Failed"),
            ));
        }
        let now = self.tick();
        let mut taken = HashSet::new();
        let mut two = || loop {
            let id: String = (0..2)
                .map(|_| char::from(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[fastrand::usize(..36)]))
                .collect();
            if taken.insert(id.clone()) {
                return id;
            }
        };
        let conditions: Vec<Value> = body["conditions"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
            .map(|(i, c)| {
                json!({"id": uuid(), "twoCharacterId": c.get("twoCharacterId").cloned().unwrap_or_else(|| json!(two())),
                       "name": null, "description": null, "conditionCode": c["conditionCode"],
                       "assignmentWeight": c["assignmentWeight"], "order": i + 1,
                       "levelCombinationElements": [], "conditionPayloads": []})
            })
            .collect();
        let partitions: Vec<Value> = body["partitions"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
            .map(|(i, p)| {
                json!({"id": uuid(), "twoCharacterId": two(), "site": p["site"],
                       "target": p.get("target").cloned().unwrap_or(Value::Null),
                       "description": p.get("description").cloned().unwrap_or(json!("")),
                       "order": i + 1, "excludeIfReached": p["excludeIfReached"]})
            })
            .collect();
        let context: Vec<Value> = body["context"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| json!(c.as_str().unwrap_or("").to_lowercase()))
            .collect();
        let logs = if state == "inactive" {
            json!([])
        } else {
            json!([{"fromState": "inactive", "toState": state, "timeLog": now}])
        };
        let stored = json!({
            "id": id, "name": body["name"], "description": body.get("description").cloned().unwrap_or(json!("")),
            "context": context, "state": state, "startOn": null, "endOn": null,
            "enrollmentCompleteCondition": null, "assignmentUnit": body["assignmentUnit"],
            "consistencyRule": body.get("consistencyRule").cloned().unwrap_or(Value::Null),
            "group": body.get("group").cloned().unwrap_or(Value::Null),
            "postExperimentRule": "continue", "revertTo": body.get("revertTo").cloned().unwrap_or(Value::Null),
            "filterMode": body["filterMode"], "type": body["type"], "assignmentAlgorithm": "random",
            "conditionOrder": body.get("conditionOrder").cloned().unwrap_or(Value::Null),
            "tags": body["tags"], "backendVersion": "6.4.0", "stratificationFactor": null,
            "createdAt": now, "updatedAt": now, "versionNumber": 1,
            "conditions": conditions, "partitions": partitions, "conditionPayloads": [],
            "factors": [], "queries": [], "stateTimeLogs": logs,
            "experimentSegmentInclusion": [], "experimentSegmentExclusion": []
        });
        self.experiments.push(stored.clone());
        // Unknown top-level keys are echoed in the answer, not kept.
        let mut answer = shown(&stored);
        if let (Some(a), Some(b)) = (answer.as_object_mut(), body.as_object()) {
            a.remove("stateTimeLogs");
            for (k, v) in b {
                if !a.contains_key(k) {
                    a.insert(k.clone(), v.clone());
                }
            }
        }
        Ok(answer)
    }

    fn update(&mut self, id: &str, body: &Value) -> Result<Value, Answer> {
        if !is_uuid(id) {
            return Err(invalid_params());
        }
        self.validate(body)?;
        if self.find(id).is_none() {
            return Err(type_error(
                "Cannot read properties of undefined (reading 'state')",
            ));
        }
        if body.get("conditionPayloads").is_none() {
            return Err(type_error(
                "Cannot read properties of undefined (reading 'reduce')",
            ));
        }
        for p in body["partitions"].as_array().into_iter().flatten() {
            if p.get("description").is_none_or(Value::is_null) {
                return Err(error(
                    500,
                    "QueryFailedError",
                    "Error in creating conditions, decision points, queries \"updateExperimentInDB\"",
                    Some("Query Failed"),
                ));
            }
        }
        for x in body["conditions"]
            .as_array()
            .into_iter()
            .flatten()
            .chain(body["partitions"].as_array().into_iter().flatten())
        {
            let xid = x["id"].as_str().unwrap_or("");
            if !is_uuid(xid) {
                return Err(error(
                    500,
                    "QueryFailedError",
                    &format!("invalid input syntax for type uuid: \"{xid}\""),
                    Some("Query Failed"),
                ));
            }
        }
        let now = self.tick();
        let old = self.find(id).cloned().unwrap_or(Value::Null);
        let mut new = body.clone();
        new["id"] = json!(id);
        let state = alias_to_stored(body["state"].as_str().unwrap_or("")).unwrap_or("inactive");
        new["state"] = json!(state);
        let mut logs = old["stateTimeLogs"].as_array().cloned().unwrap_or_default();
        if old["state"] != json!(state) {
            logs.push(json!({"fromState": old["state"], "toState": state, "timeLog": now}));
        }
        new["stateTimeLogs"] = Value::Array(logs);
        // Lists persist whatever the body says.
        new["experimentSegmentInclusion"] = old["experimentSegmentInclusion"].clone();
        new["experimentSegmentExclusion"] = old["experimentSegmentExclusion"].clone();
        // The version: the body's when it differs from the stored one, else one more.
        let stored = old["versionNumber"].as_i64().unwrap_or(1);
        let sent = body["versionNumber"].as_i64();
        new["versionNumber"] = json!(match sent {
            Some(v) if v != stored => v,
            _ => stored + 1,
        });
        new["updatedAt"] = json!(now);
        new["createdAt"] = old["createdAt"].clone();
        new["backendVersion"] = json!("6.4.0");
        let mut order = 0;
        if let Some(cs) = new["conditions"].as_array_mut() {
            for c in cs.iter_mut() {
                order += 1;
                c["order"] = json!(order);
            }
        }
        rebuild_payloads(&mut new);
        if let Some(e) = self.find_mut(id) {
            *e = new.clone();
        }
        Ok(shown(&new))
    }

    fn set_state(&mut self, body: &Value) -> Result<Value, Answer> {
        let id = body["experimentId"].as_str().unwrap_or("");
        let Some(state) = body["state"].as_str().and_then(alias_to_stored) else {
            return Err(invalid_body());
        };
        if !is_uuid(id) {
            return Err(invalid_body());
        }
        let now = self.tick();
        let Some(e) = self.find_mut(id) else {
            return Err(type_error(
                "Cannot read properties of null (reading 'context')",
            ));
        };
        let from = e["state"].clone();
        e["state"] = json!(state);
        e["updatedAt"] = json!(now);
        // A state change is a save: the version moves on (1 → 2 → 3), as with a PUT.
        e["versionNumber"] = json!(e["versionNumber"].as_i64().unwrap_or(1) + 1);
        if let Some(logs) = e["stateTimeLogs"].as_array_mut() {
            logs.push(json!({"fromState": from, "toState": state, "timeLog": now}));
        }
        let mut answer = shown(e);
        if let Some(a) = answer.as_object_mut() {
            a.remove("conditions");
        }
        Ok(answer)
    }

    /// The condition `user` gets from `e`, as assign computes it (None: nothing).
    fn condition_for(&self, e: &Value, user: &str) -> Option<String> {
        let id = e["id"].as_str()?.to_string();
        let state = e["state"].as_str()?;
        let rec = self.users.get(user).cloned().unwrap_or_default();
        let group_exp = e["assignmentUnit"] == json!("group");
        let working = if group_exp {
            let group_type = e["group"].as_str()?;
            let wg = rec.working_group.get(group_type)?;
            if !rec.group.get(group_type).is_some_and(|g| g.contains(wg)) {
                return None;
            }
            Some(wg.clone())
        } else {
            None
        };
        if self.exclusions.contains(&(id.clone(), user.to_string())) {
            return None;
        }
        let own = self
            .enrollments
            .get(&(id.clone(), user.to_string()))
            .map(|en| en.condition.clone());
        let by_group = working
            .as_ref()
            .filter(|_| !self.split_groups)
            .and_then(|g| {
                self.group_enrollments
                    .get(&(id.clone(), g.clone()))
                    .cloned()
            });
        let earlier = match e["consistencyRule"].as_str() {
            Some("group") => by_group.or(own),
            Some("experiment") if group_exp => by_group,
            Some("experiment") => own,
            _ => own.or(by_group),
        };
        match state {
            "enrolling" => {}
            "enrollmentComplete" => {
                earlier.as_ref()?;
                if e["postExperimentRule"] == json!("assign") {
                    return e["revertTo"].as_str().map(str::to_string);
                }
                return earlier;
            }
            _ => return None,
        }
        if earlier.is_some() {
            return earlier;
        }
        let seed = if self.split_groups {
            format!("{id}_{user}")
        } else {
            format!("{id}_{}", working.as_deref().unwrap_or(user))
        };
        let r = uniform(&seed) * 100.0;
        let cs = conditions(e);
        let mut sum = 0.0;
        for c in &cs {
            sum += c["assignmentWeight"].as_f64().unwrap_or(0.0);
            if r <= sum {
                return c["id"].as_str().map(str::to_string);
            }
        }
        cs.first()
            .and_then(|c| c["id"].as_str())
            .map(str::to_string)
    }

    /// Experiments of `context` that may serve conditions, one per pool of experiments
    /// sharing decision points.
    fn serving(&self, context: &str, user: &str) -> Vec<&Value> {
        let eligible: Vec<&Value> = self
            .experiments
            .iter()
            .filter(|e| context_of(e) == context)
            .filter(|e| match e["state"].as_str() {
                Some("enrolling") => true,
                Some("enrollmentComplete") => {
                    !(e["postExperimentRule"] == json!("assign") && e["revertTo"].is_null())
                }
                _ => false,
            })
            .collect();
        // Pools: experiments connected by shared decision points.
        let key = |p: &Value| format!("{}/{}", p["site"], p["target"]);
        let mut pool: Vec<usize> = (0..eligible.len()).collect();
        fn root(pool: &mut Vec<usize>, i: usize) -> usize {
            if pool[i] == i {
                i
            } else {
                let r = root(pool, pool[i]);
                pool[i] = r;
                r
            }
        }
        for i in 0..eligible.len() {
            for j in 0..i {
                let shares = partitions(eligible[i])
                    .iter()
                    .any(|p| partitions(eligible[j]).iter().any(|q| key(p) == key(q)));
                if shares {
                    let (a, b) = (root(&mut pool, i), root(&mut pool, j));
                    pool[a] = b;
                }
            }
        }
        let mut groups: BTreeMap<usize, Vec<&Value>> = BTreeMap::new();
        for (i, e) in eligible.iter().enumerate() {
            let r = root(&mut pool, i);
            groups.entry(r).or_default().push(e);
        }
        let mut out = Vec::new();
        for (_, members) in groups {
            if members.len() == 1 {
                out.extend(members);
                continue;
            }
            let enrolled = members.iter().find(|e| {
                let id = e["id"].as_str().unwrap_or("").to_string();
                self.enrollments.contains_key(&(id, user.to_string()))
            });
            let chosen = enrolled.copied().or_else(|| {
                let live: Vec<&&Value> = members
                    .iter()
                    .filter(|e| e["state"] == json!("enrolling"))
                    .filter(|e| {
                        let id = e["id"].as_str().unwrap_or("").to_string();
                        !self.exclusions.contains(&(id, user.to_string()))
                    })
                    .collect();
                if live.is_empty() {
                    return None;
                }
                let mut ids: Vec<&str> = live.iter().filter_map(|e| e["id"].as_str()).collect();
                ids.sort();
                let pick =
                    (uniform(&format!("{user}_{}", ids.join(","))) * live.len() as f64) as usize;
                live.get(pick.min(live.len() - 1)).map(|e| **e)
            });
            out.extend(chosen);
        }
        out
    }

    fn assign(&mut self, user: &str, context: &str) -> Vec<Value> {
        // A running group experiment and a user without a working group of its type:
        // the server answers 200 (without it) and logs a 417.
        let rec = self.users.get(user).cloned().unwrap_or_default();
        let invalid: Vec<String> = self
            .serving(context, user)
            .iter()
            .filter(|e| e["assignmentUnit"] == json!("group"))
            .filter(|e| {
                e["group"]
                    .as_str()
                    .is_none_or(|t| !rec.working_group.contains_key(t))
            })
            .map(|e| format!("417 Group not valid: user {user}, experiment {}", e["id"]))
            .collect();
        self.logged_errors.extend(invalid);
        let mut out = Vec::new();
        for e in self.serving(context, user) {
            let Some(cid) = self.condition_for(e, user) else {
                continue;
            };
            let Some(c) = conditions(e).into_iter().find(|c| c["id"] == json!(cid)) else {
                continue;
            };
            for p in partitions(e) {
                let payload = e["conditionPayloads"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .find(|x| x["parentCondition"] == c["id"] && x["decisionPoint"] == p["id"])
                    .map(|x| x["payload"].clone())
                    .unwrap_or(Value::Null);
                out.push(json!({
                    "site": p["site"], "target": p["target"], "experimentType": e["type"],
                    "assignedCondition": [{"id": c["id"], "conditionCode": c["conditionCode"],
                                           "payload": payload, "experimentId": e["id"]}]
                }));
            }
        }
        out
    }

    fn mark(&mut self, user: &str, body: &Value) -> Result<Value, Answer> {
        let Some(data) = body.get("data").filter(|d| d.is_object()) else {
            return Err(invalid_body());
        };
        let status = body.get("status").and_then(Value::as_str);
        if body.get("status").is_some_and(|s| !s.is_null())
            && !matches!(
                status,
                Some("condition applied" | "condition not applied" | "no condition assigned")
            )
        {
            return Err(invalid_body());
        }
        let Some(site) = data["site"].as_str() else {
            return Err(invalid_body());
        };
        let target = data["target"].as_str();
        let code = data["assignedCondition"]["conditionCode"].as_str();
        let wanted = data["assignedCondition"]["experimentId"].as_str();
        let at: Vec<Value> = self
            .experiments
            .iter()
            .filter(|e| partitions(e).iter().any(|p| point_is(p, site, target)))
            .cloned()
            .collect();
        let mark_id = stable_uuid(&format!("{user}|{site}|{}", target.unwrap_or("")));
        let answer = |experiment: Value| {
            json!({"id": mark_id, "userId": user, "site": site, "target": target,
                   "experimentId": experiment, "condition": code})
        };
        if at.is_empty() {
            self.marks.push((String::new(), user.to_string()));
            return Ok(answer(Value::Null));
        }
        let e = match wanted {
            Some(w) => match at.iter().find(|e| e["id"] == json!(w)) {
                Some(e) => e.clone(),
                None => {
                    return Err(error(
                        404,
                        "Error",
                        "Experiment ID not provided for shared Decision Point or experiment not found",
                        Some("Query Failed"),
                    ));
                }
            },
            None => at[(uniform(user) * at.len() as f64) as usize % at.len()].clone(),
        };
        let id = e["id"].as_str().unwrap_or("").to_string();
        if let Some(code) = code {
            let known = conditions(&e)
                .iter()
                .any(|c| c["conditionCode"] == json!(code))
                || e["conditionPayloads"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .any(|p| p["payload"]["value"] == json!(code));
            if !known {
                return Err(error(
                    500,
                    "Error",
                    &format!("Condition not found: {code}"),
                    Some("Condition not found"),
                ));
            }
        }
        let key = (id.clone(), user.to_string());
        match e["state"].as_str() {
            Some("enrolling") => {
                if status == Some("condition not applied") {
                    self.exclusions.insert(key);
                } else if !self.enrollments.contains_key(&key) {
                    match self.condition_for(&e, user) {
                        Some(cid) => {
                            let partition = partitions(&e)
                                .into_iter()
                                .find(|p| point_is(p, site, target))
                                .and_then(|p| p["id"].as_str().map(str::to_string))
                                .unwrap_or_default();
                            let group = if e["assignmentUnit"] == json!("group") {
                                let gt = e["group"].as_str().unwrap_or("");
                                self.users
                                    .get(user)
                                    .and_then(|u| u.working_group.get(gt).cloned())
                            } else {
                                None
                            };
                            if let Some(g) = &group {
                                self.group_enrollments
                                    .entry((id.clone(), g.clone()))
                                    .or_insert_with(|| cid.clone());
                            }
                            self.enrollments.insert(
                                key,
                                Enrollment {
                                    condition: cid,
                                    partition,
                                    group,
                                },
                            );
                        }
                        None => {
                            self.exclusions.insert(key);
                        }
                    }
                }
            }
            Some("enrollmentComplete") if !self.enrollments.contains_key(&key) => {
                self.exclusions.insert(key);
            }
            _ => {}
        }
        self.marks.push((id.clone(), user.to_string()));
        Ok(answer(json!(id)))
    }

    fn enrollment_detail(&self, body: &Value) -> Result<Value, Answer> {
        let Some(id) = body.get("experimentId").and_then(Value::as_str) else {
            return Err(invalid_body());
        };
        if !is_uuid(id) {
            return Err(error(
                500,
                "QueryFailedError",
                &format!("invalid input syntax for type uuid: \"{id}\""),
                None,
            ));
        }
        let Some(e) = self.find(id) else {
            return Err(type_error(
                "Cannot read properties of undefined (reading 'conditions')",
            ));
        };
        let mine: Vec<&Enrollment> = self
            .enrollments
            .iter()
            .filter(|((x, _), _)| x == id)
            .map(|(_, en)| en)
            .collect();
        let groups: HashSet<&String> = mine.iter().filter_map(|en| en.group.as_ref()).collect();
        let excluded = self.exclusions.iter().filter(|(x, _)| x == id).count();
        let conds: Vec<Value> = conditions(e)
            .iter()
            .map(|c| {
                let cid = c["id"].as_str().unwrap_or("");
                let of: Vec<&&Enrollment> = mine.iter().filter(|en| en.condition == cid).collect();
                let cg: HashSet<&String> = of.iter().filter_map(|en| en.group.as_ref()).collect();
                let parts: Vec<Value> = partitions(e)
                    .iter()
                    .map(|p| {
                        let pid = p["id"].as_str().unwrap_or("");
                        let n = of.iter().filter(|en| en.partition == pid).count();
                        json!({"id": pid, "users": n, "groups": 0})
                    })
                    .collect();
                json!({"id": cid, "users": of.len(), "groups": cg.len(), "partitions": parts})
            })
            .collect();
        Ok(
            json!({"id": id, "users": mine.len(), "groups": groups.len(),
                  "usersExcluded": excluded, "groupsExcluded": 0, "conditions": conds}),
        )
    }

    fn init(&mut self, user: &str, body: &Value) -> Result<Value, Answer> {
        let Some(map) = body.as_object() else {
            return Err(invalid_body());
        };
        if map.keys().any(|k| k != "group" && k != "workingGroup") {
            return Err(invalid_body());
        }
        let mut rec = self.users.get(user).cloned().unwrap_or_default();
        if let Some(g) = map.get("group") {
            let Some(g) = g.as_object() else {
                return Err(invalid_body());
            };
            let mut out = BTreeMap::new();
            for (k, v) in g {
                let ids: Option<Vec<String>> = v.as_array().and_then(|a| {
                    a.iter()
                        .map(|x| x.as_str().filter(|s| !s.is_empty()).map(str::to_string))
                        .collect()
                });
                let Some(ids) = ids else {
                    return Err(invalid_body());
                };
                out.insert(k.clone(), ids);
            }
            rec.group = out;
        }
        if let Some(w) = map.get("workingGroup") {
            let Some(w) = w.as_object() else {
                return Err(invalid_body());
            };
            let mut out = BTreeMap::new();
            for (k, v) in w {
                let Some(v) = v.as_str().filter(|s| !s.is_empty()) else {
                    return Err(invalid_body());
                };
                out.insert(k.clone(), v.to_string());
            }
            rec.working_group = out;
        }
        self.users.insert(user.to_string(), rec.clone());
        let mut answer = json!({"id": user});
        if !rec.group.is_empty() {
            answer["group"] = json!(rec.group);
        }
        if !rec.working_group.is_empty() {
            answer["workingGroup"] = json!(rec.working_group);
        }
        Ok(answer)
    }

    fn check_client_jwt(&self, headers: &HeaderMap) -> Result<(), Answer> {
        let Some((key, secret)) = &self.client_jwt else {
            return Ok(());
        };
        let Some(auth) = headers.get("authorization").and_then(|v| v.to_str().ok()) else {
            return Err(error(
                401,
                "Error",
                "Token is not present in request",
                Some("Token is not present in request"),
            ));
        };
        let token = auth.strip_prefix("Bearer ").unwrap_or(auth);
        let parts: Vec<&str> = token.split('.').collect();
        let malformed = || {
            error(
                401,
                "JsonWebTokenError",
                "jwt malformed",
                Some("User ID not found"),
            )
        };
        let [header, payload, signature] = parts.as_slice() else {
            return Err(malformed());
        };
        // Checked by RustCrypto's HMAC directly, not by archie's signer.
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(secret.as_bytes())
            .expect("HMAC takes any key");
        mac.update(format!("{header}.{payload}").as_bytes());
        let signed = mac.finalize().into_bytes();
        if archie::upgrade::jwt::base64url(&signed) != *signature {
            return Err(error(
                401,
                "JsonWebTokenError",
                "invalid signature",
                Some("Invalid token"),
            ));
        }
        let claims: Value = base64url_decode(payload)
            .and_then(|b| serde_json::from_slice(&b).ok())
            .ok_or_else(malformed)?;
        let only_known = claims.as_object().is_some_and(|c| {
            c.keys()
                .all(|k| matches!(k.as_str(), "APIKey" | "iat" | "exp"))
        });
        if claims["APIKey"] != json!(key) || !only_known {
            return Err(error(401, "Error", "Invalid token", Some("Invalid token")));
        }
        Ok(())
    }
}

// ---------------------------------------------------------------- HTTP

async fn handle(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path().to_string();
    let text_header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    let parsed: Result<Value, _> = if body.is_empty() {
        Ok(Value::Null)
    } else {
        serde_json::from_slice(&body)
    };
    shared.log.lock().unwrap().push(Logged {
        method: method.to_string(),
        path: path.clone(),
        body: parsed.as_ref().cloned().unwrap_or(Value::Null),
        user_id: text_header("user-id"),
        authorization: text_header("authorization"),
    });
    {
        let mut faults = shared.faults.lock().unwrap();
        if let Some(f) = faults
            .iter_mut()
            .find(|f| f.remaining > 0 && f.method == method.as_str() && f.path == path)
        {
            f.remaining -= 1;
            let status = f.status;
            faults.retain(|f| f.remaining > 0);
            return respond(
                status,
                json!({"name": "Error", "message": "Service Unavailable", "errorCode": status}),
                &path,
            );
        }
    }
    // Without a JSON content type the body is not parsed, and validation fails.
    let json_type = text_header("content-type").is_some_and(|t| t.starts_with("application/json"));
    if !body.is_empty() && !json_type {
        return respond(
            400,
            json!({"name": "BadRequestError", "message": "Invalid body, check 'errors' property for more info.",
                                    "errorCode": 400, "type": "Parameter not in the correct format"}),
            &path,
        );
    }
    let Ok(body) = parsed else {
        return respond(
            400,
            json!({"name": "SyntaxError", "message": "Unexpected token in JSON", "errorCode": 400}),
            &path,
        );
    };
    let latency = *shared.latency.lock().unwrap();
    if let Some((min, max)) = latency {
        let ms = fastrand::u64(min..=max);
        tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
    }
    let interleaving = if method == Method::PUT {
        let mut all = shared.interleavings.lock().unwrap();
        all.iter()
            .position(|i| path == format!("/api/experiments/{}", i.id))
            .map(|at| all.remove(at))
    } else {
        None
    };
    let (status, value) = {
        let mut guard = shared.world.lock().unwrap();
        let Some(world) = guard.as_mut() else {
            return respond(500, json!({}), &path);
        };
        match interleaving {
            None => route(world, &method, &path, &headers, &body),
            Some(other) => {
                let read = world.find(&other.id).cloned().unwrap_or(Value::Null);
                let mut theirs = read;
                (other.edit)(&mut theirs);
                if theirs.get("conditionPayloads").is_none() {
                    theirs["conditionPayloads"] = json!([]);
                }
                match other.when {
                    Interleave::Before => {
                        // Theirs first, from a fresh read: the version moves on.
                        let _ = world.update(&other.id, &theirs);
                        route(world, &method, &path, &headers, &body)
                    }
                    Interleave::After => {
                        let answer = route(world, &method, &path, &headers, &body);
                        // Theirs, built on the read from before this PUT, lands on it.
                        let _ = world.update(&other.id, &theirs);
                        answer
                    }
                }
            }
        }
    };
    // Applied; now the answer may be lost.
    let late = {
        let mut faults = shared.late_faults.lock().unwrap();
        let how = faults
            .iter_mut()
            .find(|f| f.remaining > 0 && f.method == method.as_str() && f.path == path)
            .map(|f| {
                f.remaining -= 1;
                f.how
            });
        faults.retain(|f| f.remaining > 0);
        how
    };
    match late {
        Some(AfterApplying::Status(status)) => {
            return respond(
                status,
                json!({"name": "Error", "message": "Service Unavailable", "errorCode": status}),
                &path,
            );
        }
        Some(AfterApplying::Drop) => {
            let broken = futures_util::stream::once(async {
                Err::<Bytes, std::io::Error>(std::io::Error::other("connection dropped"))
            });
            return Response::builder()
                .status(200)
                .header("content-type", "application/json; charset=utf-8")
                .body(Body::from_stream(broken))
                .unwrap();
        }
        Some(AfterApplying::Hang(wait)) => tokio::time::sleep(wait).await,
        None => {}
    }
    if status == 404 && value.is_null() {
        return Response::builder()
            .status(404)
            .header("content-type", "text/html; charset=utf-8")
            .body(Body::from(format!(
                "<!DOCTYPE html>\n<html><body><pre>Cannot {method} {path}</pre></body></html>\n"
            )))
            .unwrap();
    }
    respond(status, value, &path)
}

fn respond(status: u16, mut value: Value, path: &str) -> Response {
    if status >= 400
        && let Some(map) = value.as_object_mut()
    {
        map.entry("endPoint").or_insert(json!(path));
    }
    Response::builder()
        .status(StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR))
        .header("content-type", "application/json; charset=utf-8")
        .body(Body::from(value.to_string()))
        .unwrap()
}

fn route(
    world: &mut World,
    method: &Method,
    path: &str,
    headers: &HeaderMap,
    body: &Value,
) -> Answer {
    let Some(rest) = path.strip_prefix("/api") else {
        return (404, Value::Null);
    };
    let segments: Vec<&str> = rest.split('/').filter(|s| !s.is_empty()).collect();
    if method == Method::GET && segments.is_empty() {
        return (
            200,
            json!({"name": "A/B Testing Backend", "version": "6.4.0",
                            "description": "Backend for the UpGrade A/B Testing Platform"}),
        );
    }
    let result = if segments.first() == Some(&"v6") {
        client_route(world, method, &segments[1..], headers, body)
    } else {
        if let Some(token) = &world.admin_token {
            let sent = headers
                .get("authorization")
                .and_then(|v| v.to_str().ok())
                .map(|v| v.strip_prefix("Bearer ").unwrap_or(v));
            if sent != Some(token.as_str()) {
                return error(
                    401,
                    "AuthorizationRequiredError",
                    &format!("Authorization is required for request on {method} {path}"),
                    Some("User ID not found"),
                );
            }
        }
        admin_route(world, method, &segments, body)
    };
    match result {
        Ok(v) => (200, v),
        Err(e) => e,
    }
}

fn admin_route(
    world: &mut World,
    method: &Method,
    segments: &[&str],
    body: &Value,
) -> Result<Value, Answer> {
    match (method.as_str(), segments) {
        ("GET", ["version"]) => Ok(json!("6.4.0")),
        ("GET", ["experiments", "contextMetaData"]) => {
            Ok(json!({"contextMetadata": world.metadata}))
        }
        ("GET", ["experiments", "names"]) => {
            // In no particular order (the real server's is whatever the database gives).
            let mut names: Vec<Value> = world
                .experiments
                .iter()
                .map(|e| json!({"id": e["id"], "name": e["name"]}))
                .collect();
            fastrand::shuffle(&mut names);
            Ok(Value::Array(names))
        }
        ("GET", ["experiments"]) => Ok(Value::Array(world.experiments.iter().map(shown).collect())),
        ("POST", ["experiments", "paginated"]) => paginated(world, body),
        ("GET", ["experiments", "single", id]) => {
            if !is_uuid(id) {
                return Err(invalid_params());
            }
            world
                .find(id)
                .map(shown)
                .ok_or_else(|| error(404, "Error", "Experiment not found!", Some("Query Failed")))
        }
        ("POST", ["experiments"]) => world.create(body),
        ("PUT", ["experiments", id]) => world.update(id, body),
        ("POST", ["experiments", "state"]) => world.set_state(body),
        ("DELETE", ["experiments", id]) => {
            if !is_uuid(id) {
                return Err(invalid_params());
            }
            let Some(i) = world.experiments.iter().position(|e| e["id"] == json!(id)) else {
                return Err(error(
                    404,
                    "NotFoundException",
                    "Experiment not found.",
                    None,
                ));
            };
            let e = world.experiments.remove(i);
            let mut row: Map<String, Value> = e.as_object().cloned().unwrap_or_default();
            for k in [
                "conditions",
                "partitions",
                "conditionPayloads",
                "factors",
                "queries",
                "stateTimeLogs",
                "experimentSegmentInclusion",
                "experimentSegmentExclusion",
            ] {
                row.remove(k);
            }
            row.insert(
                "stratificationFactorStratificationFactorName".into(),
                Value::Null,
            );
            Ok(json!([row]))
        }
        ("POST", ["stats", "enrollment", "detail"]) => world.enrollment_detail(body),
        ("POST", ["stats", "enrollment"]) => {
            let ids = body["experimentIds"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            Ok(Value::Array(
                ids.iter()
                    .filter_map(|id| id.as_str())
                    .filter_map(|id| world.enrollment_detail(&json!({"experimentId": id})).ok())
                    .map(|d| json!({"id": d["id"], "users": d["users"], "groups": d["groups"]}))
                    .collect(),
            ))
        }
        _ => Err((404, Value::Null)),
    }
}

fn paginated(world: &World, body: &Value) -> Result<Value, Answer> {
    let (Some(skip), Some(take)) = (body["skip"].as_u64(), body["take"].as_u64()) else {
        return Err(invalid_body());
    };
    let mut nodes: Vec<Value> = world.experiments.clone();
    if let Some(search) = body.get("searchParams").filter(|s| !s.is_null()) {
        let key = search["key"].as_str().unwrap_or("all");
        let needle = search["string"].as_str().unwrap_or("").to_lowercase();
        nodes.retain(|e| {
            let has = |v: &Value| {
                v.as_str()
                    .is_some_and(|s| s.to_lowercase().contains(&needle))
            };
            match key {
                "name" => has(&e["name"]),
                "context" => e["context"].as_array().is_some_and(|c| c.iter().any(has)),
                "tag" => e["tags"].as_array().is_some_and(|c| c.iter().any(has)),
                "id" => has(&e["id"]),
                "status" => {
                    let s = e["state"].as_str().unwrap_or("");
                    alias_to_stored(&needle).is_some_and(|x| x == s)
                }
                _ => has(&e["name"]) || e["context"].as_array().is_some_and(|c| c.iter().any(has)),
            }
        });
    }
    match body.get("sortParams").filter(|s| !s.is_null()) {
        Some(sort) => {
            let key = sort["key"].as_str().unwrap_or("");
            if !["name", "state", "updatedAt", "postExperimentRule"].contains(&key) {
                return Err(invalid_body());
            }
            // Case-sensitive, as the real server sorts ("Zeta" before "alpha").
            nodes.sort_by(|a, b| {
                a[key]
                    .as_str()
                    .unwrap_or("")
                    .cmp(b[key].as_str().unwrap_or(""))
            });
            if sort["sortAs"] == json!("DESC") {
                nodes.reverse();
            }
        }
        None => nodes.sort_by(|a, b| b["updatedAt"].as_str().cmp(&a["updatedAt"].as_str())),
    }
    let total = nodes.len();
    let page: Vec<Value> = nodes
        .into_iter()
        .skip(skip as usize)
        .take(take as usize)
        .map(|e| {
            // Nodes are lighter than a single read: no conditions, payloads, factors,
            // queries, exclusions or stratification factor; they do carry state logs.
            let mut e = shown(&e);
            if let Some(m) = e.as_object_mut() {
                for k in [
                    "conditions",
                    "conditionPayloads",
                    "factors",
                    "queries",
                    "experimentSegmentExclusion",
                    "stratificationFactor",
                ] {
                    m.remove(k);
                }
            }
            e
        })
        .collect();
    let mut answer = json!({"total": total, "nodes": page, "skip": skip, "take": take});
    for k in ["searchParams", "sortParams"] {
        if let Some(v) = body.get(k) {
            answer[k] = v.clone();
        }
    }
    Ok(answer)
}

fn client_route(
    world: &mut World,
    method: &Method,
    segments: &[&str],
    headers: &HeaderMap,
    body: &Value,
) -> Result<Value, Answer> {
    world.check_client_jwt(headers)?;
    let Some(user) = headers
        .get("user-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
    else {
        return Err(error(
            400,
            "Error",
            "User-Id header not found.",
            Some("Parameter not in the correct format"),
        ));
    };
    let unknown_user = || {
        error(
            404,
            "Error",
            &format!("User not found: {user}"),
            Some("Experiment user not defined"),
        )
    };
    match (method.as_str(), segments) {
        ("POST", ["init"]) => world.init(&user, body),
        ("POST", ["assign"]) => {
            let Some(context) = body["context"].as_str() else {
                return Err(invalid_body());
            };
            if world.metadata.get(context).is_none() {
                return Err(error(
                    400,
                    "Error",
                    &format!("Invalid app context: {context}"),
                    Some("Parameter not in the correct format"),
                ));
            }
            if !world.users.contains_key(&user) {
                return Err(unknown_user());
            }
            Ok(Value::Array(world.assign(&user, &context.to_lowercase())))
        }
        ("POST", ["mark"]) => {
            if !world.users.contains_key(&user) {
                return Err(unknown_user());
            }
            world.mark(&user, body)
        }
        _ => Err((404, Value::Null)),
    }
}
