//! The UpGrade REST client: where requests go ([`UpgradeConfig`]), how they are sent
//! (admin token, `User-Id`, client JWT), retried (the shared [`RetryPolicy`]: network,
//! timeout and 5xx; never a 4xx) and how failures become [`UpgradeError`]s.
//!
//! A write is never sent twice by accident. Reads, and the writes that are idempotent
//! (`init` with the same body leaves the same user), are retried as above. The other
//! writes (create, update, state change, delete, mark) are retried only when the request
//! certainly did not reach UpGrade (the connection was never made); after a 5xx, a
//! timeout or a connection lost mid-answer the write may have been applied, so the
//! client gives up and the caller reads back ([`UpgradeClient::write_checked`]) before
//! anything is sent again.

use super::error::{Credential, UpgradeError};
use super::types::*;
use crate::config::{ConfigError, EnvLookup};
use crate::env_vars::EnvVars;
use crate::events::{Event, Events};
use crate::retry::{RetryPolicy, retry_after};
use reqwest::Method;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::fmt;
use std::future::Future;
use std::path::Path;
use std::time::Duration;

/// Where UpGrade is when nothing says otherwise.
pub const DEFAULT_URL: &str = "http://localhost:3030/api";

/// A secret value: never shown by `Debug`, redacted from everything archie writes.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        let value = value.into();
        crate::secrets::register(&value);
        Self(value)
    }

    fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret([redacted])")
    }
}

/// The `[upgrade]` table of `archie.toml`. Secrets never go in the file: only the names
/// of the variables that hold them.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct UpgradeSection {
    /// The API's base URL (`http://HOST:3030/api`).
    pub url: Option<String>,
    /// The variable holding the admin token (default `UPGRADE_TOKEN`).
    pub token_env: Option<String>,
    /// The variables holding the client API key and secret (defaults
    /// `UPGRADE_CLIENT_API_KEY`, `UPGRADE_CLIENT_API_SECRET`).
    pub client_api_key_env: Option<String>,
    pub client_api_secret_env: Option<String>,
    /// Give up on one request after this many seconds (default 30).
    pub timeout_secs: Option<f64>,
    /// Retries of one request after a network, timeout or 5xx failure (default 3).
    pub retries: Option<u32>,
    /// Simulated users in flight at once in balance and consistency tests (default 16).
    pub concurrency: Option<usize>,
    /// How long a change waits for another archie process changing the same experiment
    /// (default 30 s).
    pub lock_wait_secs: Option<f64>,
}

/// Everything the client needs.
#[derive(Debug, Clone)]
pub struct UpgradeConfig {
    /// The base URL without a trailing slash.
    pub url: String,
    /// The admin token (`Authorization: Bearer`).
    pub token: Option<Secret>,
    /// The variable the token is read from (named in hints).
    pub token_var: String,
    /// The client API key and secret: `/v6` calls carry a signed JWT when both are set.
    pub client_key: Option<(String, Secret)>,
    pub timeout: Duration,
    pub connect_timeout: Duration,
    pub retry: RetryPolicy,
    pub concurrency: usize,
    /// Where the experiments' advisory locks are ([`super::lock`]).
    pub lock_dir: std::path::PathBuf,
    /// How long a change waits for another archie's lock.
    pub lock_wait: Duration,
}

impl UpgradeConfig {
    /// Defaults for `url`: no token, 30 s per request, 4 attempts (1 + 3 retries) with a
    /// 250 ms backoff base, 16 simulated users at once. This is the only retry layer:
    /// the upgrade flow reports a failure the client gave up on, it does not re-run it.
    pub fn new(url: impl Into<String>) -> Self {
        Self {
            url: url.into().trim_end_matches('/').to_string(),
            token: None,
            token_var: EnvVars::UPGRADE_TOKEN.into(),
            client_key: None,
            timeout: Duration::from_secs(30),
            connect_timeout: Duration::from_secs(5),
            retry: RetryPolicy {
                max_attempts: 4,
                base: Duration::from_millis(250),
                max_delay: Duration::from_secs(10),
                deadline: Some(Duration::from_secs(120)),
            },
            concurrency: 16,
            // `resolve` puts it in the user's folder (`super::lock::lock_dir`).
            lock_dir: std::env::temp_dir().join("archie-upgrade-locks"),
            lock_wait: super::lock::DEFAULT_LOCK_WAIT,
        }
    }

    /// Flags > environment > `archie.toml` (current directory, then `memory_dir`) > user
    /// config > default: `url` from `--upgrade-url`, `UPGRADE_API_URL`, `[upgrade] url`;
    /// the token from `UPGRADE_TOKEN` (or the variable `[upgrade] token_env` names).
    pub fn resolve(
        url_flag: Option<&str>,
        concurrency_flag: Option<usize>,
        memory_dir: &Path,
        env: EnvLookup<'_>,
    ) -> Result<Self, UpgradeError> {
        let file: UpgradeSection = crate::config::section("upgrade", memory_dir, env).map_err(
            |ConfigError { path, reason }| UpgradeError::Config {
                message: format!("{path} is not a valid archie configuration: {reason}"),
            },
        )?;
        let var = |name: &str| {
            env(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let url = url_flag
            .map(str::to_string)
            .or_else(|| var(EnvVars::UPGRADE_API_URL))
            .or(file.url.clone())
            .unwrap_or_else(|| DEFAULT_URL.to_string());
        match reqwest::Url::parse(&url) {
            Ok(u) if matches!(u.scheme(), "http" | "https") => {}
            _ => return Err(UpgradeError::BadUrl { url }),
        }
        let mut config = UpgradeConfig::new(url);
        config.token_var = file
            .token_env
            .clone()
            .unwrap_or_else(|| EnvVars::UPGRADE_TOKEN.into());
        config.token = var(&config.token_var).map(Secret::new);
        let key_var = file
            .client_api_key_env
            .as_deref()
            .unwrap_or(EnvVars::UPGRADE_CLIENT_API_KEY);
        let secret_var = file
            .client_api_secret_env
            .as_deref()
            .unwrap_or(EnvVars::UPGRADE_CLIENT_API_SECRET);
        config.client_key = match (var(key_var), var(secret_var)) {
            (Some(key), Some(secret)) => Some((key, Secret::new(secret))),
            (None, None) => None,
            _ => {
                return Err(UpgradeError::Config {
                    message: format!(
                        "only one of {key_var} and {secret_var} is set; client calls need both \
                         to sign their token"
                    ),
                });
            }
        };
        if let Some(secs) = file.timeout_secs {
            if !(secs.is_finite() && secs > 0.0) {
                return Err(UpgradeError::Config {
                    message: format!("[upgrade] timeout_secs = {secs} is not a positive number"),
                });
            }
            config.timeout = Duration::from_secs_f64(secs);
        }
        if let Some(secs) = file.lock_wait_secs {
            if !(secs.is_finite() && secs >= 0.0) {
                return Err(UpgradeError::Config {
                    message: format!(
                        "[upgrade] lock_wait_secs = {secs} is not a number of seconds"
                    ),
                });
            }
            config.lock_wait = Duration::from_secs_f64(secs);
        }
        config.lock_dir = super::lock::lock_dir(env);
        if let Some(retries) = file.retries {
            config.retry.max_attempts = retries.saturating_add(1);
        }
        config.concurrency = concurrency_flag
            .or(file.concurrency)
            .unwrap_or(config.concurrency)
            .max(1);
        // For tests that run the binary against a double which injects failures.
        if let Some(ms) = crate::env_vars::knob(var, EnvVars::ARCHIE_UPGRADE_BACKOFF_MS)
            .and_then(|v| v.parse::<u64>().ok())
        {
            config.retry.base = Duration::from_millis(ms);
        }
        Ok(config)
    }
}

/// The client. Cheap to share by reference; requests reuse connections.
pub struct UpgradeClient {
    http: reqwest::Client,
    config: UpgradeConfig,
    /// The signed client token, when a key and secret are configured.
    client_jwt: Option<Secret>,
    events: Events,
}

/// UpGrade's JSON error body.
#[derive(Debug, Default, Deserialize)]
struct ErrorBody {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    message: Option<String>,
    #[serde(default, rename = "type")]
    error_type: Option<String>,
}

/// One request.
struct Call<'a> {
    method: Method,
    path: String,
    body: Option<Value>,
    /// Client calls: the `User-Id` header (and the JWT when configured).
    user: Option<&'a str>,
    /// A write that is not idempotent: not retried once it may have been applied.
    write: bool,
}

/// How a write that was checked ([`UpgradeClient::write_checked`]) ended.
#[derive(Debug)]
pub enum Written<T> {
    /// UpGrade answered.
    Answered(T),
    /// The answer was lost (`cause`), and reading back showed the write was applied.
    ReadBack { cause: String },
}

/// What reading back a write found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Landed {
    /// The write is in UpGrade.
    Yes,
    /// It is not: sending it again is safe.
    No,
    /// Something else changed it, or the read-back cannot tell: the reason.
    Unknown(String),
}

impl UpgradeClient {
    pub fn new(config: UpgradeConfig, events: Events) -> Result<Self, UpgradeError> {
        crate::tls::install();
        let http = reqwest::Client::builder()
            .connect_timeout(config.connect_timeout)
            .timeout(config.timeout)
            .tcp_nodelay(true)
            .pool_max_idle_per_host(64)
            .build()
            .map_err(|e| UpgradeError::Config {
                message: format!("cannot build the HTTP client: {e}"),
            })?;
        let client_jwt = config
            .client_key
            .as_ref()
            .map(|(key, secret)| super::jwt::client_token(key, secret.expose()).map(Secret::new))
            .transpose()
            .map_err(|e| UpgradeError::Config {
                message: format!("cannot sign the client token: {e}"),
            })?;
        Ok(Self {
            http,
            config,
            client_jwt,
            events,
        })
    }

    pub fn config(&self) -> &UpgradeConfig {
        &self.config
    }

    pub fn url(&self) -> &str {
        &self.config.url
    }

    /// Takes the advisory lock on experiment `id` of this server, so that no other archie
    /// process on this machine changes it until the guard is dropped ([`super::lock`]).
    pub async fn lock_experiment(
        &self,
        id: &str,
    ) -> Result<super::lock::ExperimentLock, UpgradeError> {
        let path = super::lock::lock_path(&self.config.lock_dir, &self.config.url, id);
        super::lock::lock(&path, self.config.lock_wait).await
    }

    /// `GET /api` (the base URL itself): never needs a token.
    pub async fn health(&self) -> Result<Health, UpgradeError> {
        self.call(Method::GET, "", None).await
    }

    /// `GET /version`: a bare JSON string.
    pub async fn version(&self) -> Result<String, UpgradeError> {
        self.call(Method::GET, "/version", None).await
    }

    /// `GET /experiments/contextMetaData`.
    pub async fn context_metadata(&self) -> Result<ContextMetadata, UpgradeError> {
        let r: ContextMetadataResponse = self
            .call(Method::GET, "/experiments/contextMetaData", None)
            .await?;
        Ok(r.context_metadata)
    }

    /// `GET /experiments/names`.
    pub async fn experiment_names(&self) -> Result<Vec<ExperimentName>, UpgradeError> {
        self.call(Method::GET, "/experiments/names", None).await
    }

    /// `GET /experiments`: every experiment, whole.
    pub async fn experiments(&self) -> Result<Vec<Experiment>, UpgradeError> {
        let values: Vec<Value> = self.call(Method::GET, "/experiments", None).await?;
        values
            .into_iter()
            .map(|v| experiment("GET", "/experiments", v))
            .collect()
    }

    /// `POST /experiments/paginated`: one page (nodes carry no conditions).
    pub async fn page(&self, request: &PageRequest) -> Result<Page, UpgradeError> {
        let path = "/experiments/paginated";
        let raw: Value = self
            .call(Method::POST, path, Some(to_value(request)))
            .await?;
        let total = raw["total"].as_u64().unwrap_or(0);
        let nodes = match raw.get("nodes") {
            Some(Value::Array(nodes)) => nodes
                .iter()
                .cloned()
                .map(|v| experiment("POST", path, v))
                .collect::<Result<_, _>>()?,
            _ => Vec::new(),
        };
        Ok(Page { total, nodes })
    }

    /// Every page of a search, `take` at a time.
    pub async fn all_pages(
        &self,
        search: Option<Search>,
        sort: Option<Sort>,
        take: u64,
    ) -> Result<Vec<Experiment>, UpgradeError> {
        let mut out = Vec::new();
        loop {
            let page = self
                .page(&PageRequest {
                    skip: out.len() as u64,
                    take,
                    search_params: search.clone(),
                    sort_params: sort.clone(),
                })
                .await?;
            let got = page.nodes.len();
            out.extend(page.nodes);
            if got == 0 || out.len() as u64 >= page.total {
                return Ok(out);
            }
        }
    }

    /// `GET /experiments/single/{id}`.
    pub async fn experiment(&self, id: &str) -> Result<Experiment, UpgradeError> {
        let path = format!("/experiments/single/{id}");
        let raw: Value = self.call(Method::GET, &path, None).await?;
        experiment("GET", &path, raw)
    }

    /// `POST /experiments`: create. Returns the server's answer (re-read for the
    /// canonical shape).
    pub async fn create(&self, body: &NewExperiment) -> Result<Value, UpgradeError> {
        self.write(Method::POST, "/experiments", Some(body.to_json()))
            .await
    }

    /// `PUT /experiments/{id}`: replaces the experiment with `body` (the whole document).
    pub async fn update(&self, id: &str, body: &Value) -> Result<Value, UpgradeError> {
        self.write(
            Method::PUT,
            &format!("/experiments/{id}"),
            Some(body.clone()),
        )
        .await
    }

    /// `POST /experiments/state`.
    pub async fn set_state(
        &self,
        id: &str,
        state: &ExperimentState,
    ) -> Result<Value, UpgradeError> {
        self.write(
            Method::POST,
            "/experiments/state",
            Some(json!({ "experimentId": id, "state": state })),
        )
        .await
    }

    /// `DELETE /experiments/{id}`.
    pub async fn delete(&self, id: &str) -> Result<(), UpgradeError> {
        let _: Value = self
            .write(Method::DELETE, &format!("/experiments/{id}"), None)
            .await?;
        Ok(())
    }

    /// `POST /stats/enrollment/detail`.
    pub async fn enrollment(&self, id: &str) -> Result<EnrollmentDetail, UpgradeError> {
        self.call(
            Method::POST,
            "/stats/enrollment/detail",
            Some(json!({ "experimentId": id })),
        )
        .await
    }

    /// `POST /v6/init` as `user`: a write (it creates the user and replaces the group
    /// memberships and working group it is sent), but an idempotent one, so retried.
    pub async fn init(
        &self,
        user: &str,
        request: &InitRequest,
    ) -> Result<InitResponse, UpgradeError> {
        self.send(Call {
            method: Method::POST,
            path: "/v6/init".into(),
            body: Some(to_value(request)),
            user: Some(user),
            write: false,
        })
        .await
    }

    /// `POST /v6/assign` as `user`: what they would get in `context` (changes nothing).
    pub async fn assign(&self, user: &str, context: &str) -> Result<Vec<Assignment>, UpgradeError> {
        self.send(Call {
            method: Method::POST,
            path: "/v6/assign".into(),
            body: Some(json!({ "context": context })),
            user: Some(user),
            write: false,
        })
        .await
    }

    /// `POST /v6/mark` as `user`: they reached a decision point (this enrols them in a
    /// running experiment). Not retried once it may have been applied: UpGrade stores
    /// every mark it receives.
    pub async fn mark(
        &self,
        user: &str,
        request: &MarkRequest,
    ) -> Result<MarkResponse, UpgradeError> {
        self.send(Call {
            method: Method::POST,
            path: "/v6/mark".into(),
            body: Some(to_value(request)),
            user: Some(user),
            write: true,
        })
        .await
    }

    async fn call<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> Result<T, UpgradeError> {
        self.send(Call {
            method,
            path: path.to_string(),
            body,
            user: None,
            write: false,
        })
        .await
    }

    /// An admin write that is not idempotent (see the module's notes).
    async fn write<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> Result<T, UpgradeError> {
        self.send(Call {
            method,
            path: path.to_string(),
            body,
            user: None,
            write: true,
        })
        .await
    }

    /// Sends a write with `write` and, when it fails in a way that may have left it
    /// applied ([`UpgradeError::may_have_applied`]), reads back with `landed` before
    /// anything is sent again: applied, the write is done ([`Written::ReadBack`]); not
    /// applied, it is sent again (within the retry policy's attempts and backoff); the
    /// read-back cannot tell, or fails, [`UpgradeError::Unconfirmed`].
    pub async fn write_checked<T, W, WF, C, CF>(
        &self,
        (method, path): (&str, &str),
        mut write: W,
        mut landed: C,
    ) -> Result<Written<T>, UpgradeError>
    where
        W: FnMut() -> WF,
        WF: Future<Output = Result<T, UpgradeError>>,
        C: FnMut() -> CF,
        CF: Future<Output = Result<Landed, UpgradeError>>,
    {
        let policy = self.config.retry;
        let max = policy.max_attempts.max(1);
        let mut attempt = 1;
        loop {
            let err = match write().await {
                Ok(answer) => return Ok(Written::Answered(answer)),
                Err(err) if err.may_have_applied() => err,
                Err(err) => return Err(err),
            };
            let cause = err.to_string();
            let unconfirmed = |check: String| UpgradeError::Unconfirmed {
                method: method.to_string(),
                path: path.to_string(),
                cause: cause.clone(),
                check,
            };
            match landed().await {
                Ok(Landed::Yes) => return Ok(Written::ReadBack { cause }),
                Ok(Landed::Unknown(why)) => return Err(unconfirmed(why)),
                Err(read) => {
                    return Err(unconfirmed(format!("reading it back failed too ({read})")));
                }
                Ok(Landed::No) if attempt >= max => return Err(err.after_retries(attempt - 1)),
                Ok(Landed::No) => {}
            }
            let delay = policy.delay(attempt, None);
            attempt += 1;
            self.events.emit(Event::Retry {
                attempt,
                max_attempts: max,
                delay_ms: delay.as_millis() as u64,
                reason: format!("{cause}; read back: not applied, so it is sent again"),
            });
            tokio::time::sleep(delay).await;
        }
    }

    /// Sends `call`, retried by the shared policy, and reads the answer as `T`. A
    /// non-idempotent write is not retried once it may have been applied.
    async fn send<T: DeserializeOwned>(&self, call: Call<'_>) -> Result<T, UpgradeError> {
        let write = call.write;
        let result = self
            .config
            .retry
            .run(
                |_| self.attempt(&call),
                |err: &UpgradeError| {
                    if write && err.may_have_applied() {
                        None
                    } else {
                        err.retryable()
                    }
                },
                |notice| {
                    self.events.emit(Event::Retry {
                        attempt: notice.attempt,
                        max_attempts: notice.max_attempts,
                        delay_ms: notice.delay.as_millis() as u64,
                        reason: notice.reason.clone(),
                    })
                },
            )
            .await;
        let bytes = result.map_err(|gave_up| {
            gave_up
                .last
                .after_retries(gave_up.attempts.saturating_sub(1))
        })?;
        serde_json::from_slice(&bytes).map_err(|e| UpgradeError::Protocol {
            method: call.method.to_string(),
            path: call.path.clone(),
            reason: format!("{e} in {}", excerpt(&bytes)),
        })
    }

    async fn attempt(&self, call: &Call<'_>) -> Result<Vec<u8>, UpgradeError> {
        let url = format!("{}{}", self.config.url, call.path);
        let mut request = self.http.request(call.method.clone(), &url);
        match call.user {
            Some(user) => {
                request = request.header("User-Id", user);
                if let Some(jwt) = &self.client_jwt {
                    request = request.bearer_auth(jwt.expose());
                }
            }
            None => {
                if let Some(token) = &self.config.token {
                    request = request.bearer_auth(token.expose());
                }
            }
        }
        if let Some(body) = &call.body {
            request = request.json(body);
        }
        let response = request.send().await.map_err(|e| self.transport(&e))?;
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.bytes().await.map_err(|e| self.transport(&e))?;
        if status.is_success() {
            return Ok(bytes.to_vec());
        }
        Err(self.failure(call, status.as_u16(), &headers, &bytes))
    }

    fn transport(&self, err: &reqwest::Error) -> UpgradeError {
        if err.is_timeout() {
            UpgradeError::Timeout {
                url: self.config.url.clone(),
                secs: self.config.timeout.as_secs().max(1),
                retries: 0,
            }
        } else {
            let mut reason = err.to_string();
            let mut source = std::error::Error::source(err);
            while let Some(s) = source {
                reason = s.to_string();
                source = s.source();
            }
            UpgradeError::Network {
                url: self.config.url.clone(),
                reason,
                retries: 0,
                // A connection never made carried no request.
                sent: !err.is_connect(),
            }
        }
    }

    /// A non-2xx answer as an error of the right kind.
    fn failure(
        &self,
        call: &Call<'_>,
        status: u16,
        headers: &reqwest::header::HeaderMap,
        bytes: &[u8],
    ) -> UpgradeError {
        let method = call.method.to_string();
        let path = call.path.clone();
        let body: Option<ErrorBody> = serde_json::from_slice(bytes).ok();
        let Some(body) = body else {
            return if status == 404 {
                // Express's HTML "Cannot GET …": the route does not exist here.
                UpgradeError::NoRoute {
                    method,
                    path,
                    base: self.config.url.clone(),
                }
            } else if status >= 500 {
                UpgradeError::Server {
                    method,
                    path,
                    status,
                    message: excerpt(bytes),
                    retry_after: retry_after(headers),
                    retries: 0,
                }
            } else {
                UpgradeError::Protocol {
                    method,
                    path,
                    reason: format!("HTTP {status}: {}", excerpt(bytes)),
                }
            };
        };
        // The server's words: shown as data, never as archie's own lines or markup.
        let message = crate::text::literal(
            &body
                .message
                .clone()
                .or(body.name.clone())
                .unwrap_or_else(|| format!("HTTP {status}")),
        );
        match status {
            401 | 403 => {
                let credential = if call.user.is_some() {
                    Credential::ClientJwt {
                        set: self.client_jwt.is_some(),
                    }
                } else {
                    Credential::AdminToken {
                        set: self.config.token.is_some(),
                    }
                };
                UpgradeError::Unauthorized {
                    method,
                    path,
                    status,
                    message,
                    credential,
                }
            }
            404 => UpgradeError::NotFound {
                method,
                path,
                message,
            },
            s if s >= 500 && body.error_type.is_none() => UpgradeError::Server {
                method,
                path,
                status,
                message,
                retry_after: retry_after(headers),
                retries: 0,
            },
            _ => UpgradeError::Validation {
                method,
                path,
                status,
                message,
                error_type: body.error_type,
            },
        }
    }
}

fn to_value<T: serde::Serialize>(value: &T) -> Value {
    // Plain structs of strings, numbers and maps with string keys always serialise.
    serde_json::to_value(value).unwrap_or(Value::Null)
}

fn experiment(method: &str, path: &str, value: Value) -> Result<Experiment, UpgradeError> {
    Experiment::from_value(value).map_err(|e| UpgradeError::Protocol {
        method: method.into(),
        path: path.into(),
        reason: format!("not an experiment: {e}"),
    })
}

/// The start of a body, for messages (server text: shown as data).
fn excerpt(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim();
    if text.is_empty() {
        return "(empty body)".into();
    }
    let cut: String = text.chars().take(160).collect();
    if cut.len() < text.len() {
        format!("{}…", crate::text::literal(&cut))
    } else {
        crate::text::literal(&cut)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn resolve(vars: &[(&str, &str)], flag: Option<&str>) -> Result<UpgradeConfig, UpgradeError> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let dir = tempfile::tempdir().unwrap();
        let env = move |k: &str| map.get(k).cloned();
        UpgradeConfig::resolve(flag, None, dir.path(), &env)
    }

    #[test]
    fn the_url_comes_from_the_flag_then_the_environment_then_the_default() {
        assert_eq!(resolve(&[], None).unwrap().url, DEFAULT_URL);
        assert_eq!(
            resolve(&[(EnvVars::UPGRADE_API_URL, "http://up:3030/api/")], None)
                .unwrap()
                .url,
            "http://up:3030/api"
        );
        assert_eq!(
            resolve(
                &[(EnvVars::UPGRADE_API_URL, "http://a/api")],
                Some("http://b/api")
            )
            .unwrap()
            .url,
            "http://b/api"
        );
        assert!(matches!(
            resolve(&[], Some("localhost:3030")),
            Err(UpgradeError::BadUrl { .. })
        ));
    }

    #[test]
    fn tokens_are_read_from_the_environment_and_never_shown() {
        let c = resolve(
            &[
                (EnvVars::UPGRADE_TOKEN, "ya29.secret-admin-token"),
                (EnvVars::UPGRADE_CLIENT_API_KEY, "key-123456"),
                (EnvVars::UPGRADE_CLIENT_API_SECRET, "client-secret-value"),
            ],
            None,
        )
        .unwrap();
        assert!(c.token.is_some());
        assert!(!format!("{c:?}").contains("ya29.secret-admin-token"));
        assert!(!format!("{c:?}").contains("client-secret-value"));
        assert_eq!(
            crate::secrets::redact_text("t=ya29.secret-admin-token"),
            "t=[redacted]"
        );
        let half = resolve(&[(EnvVars::UPGRADE_CLIENT_API_KEY, "key-123456")], None);
        assert!(matches!(half, Err(UpgradeError::Config { .. })));
    }
}
