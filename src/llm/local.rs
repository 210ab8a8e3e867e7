//! Local LLM servers found when none is configured: archie looks at the usual ports on
//! the loopback interface only (Ollama 11434, llama.cpp's server 8080, LM Studio 1234,
//! vLLM 8000), briefly and all at once, and offers what answers `GET /v1/models` with the
//! exact flags to use it. It never uses one unasked.
//!
//! `ARCHIE_PROBE_PORTS` replaces the list (`11434,9000`); empty turns the looking off.

use crate::env_vars::EnvVars;
use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// The ports looked at, with the server that usually listens there.
pub const USUAL_PORTS: &[(u16, &str)] = &[
    (11434, "Ollama"),
    (8080, "llama.cpp server"),
    (1234, "LM Studio"),
    (8000, "vLLM"),
];

/// How long connecting may take (a closed loopback port refuses at once).
const CONNECT: Duration = Duration::from_millis(250);
/// How long a port's whole answer may take.
const ANSWER: Duration = Duration::from_millis(800);
/// The most of an answer read.
const MAX_ANSWER: usize = 256 * 1024;
/// The most models named in an offer.
const MAX_MODELS: usize = 5;

/// An OpenAI-compatible server found on this machine.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct LocalServer {
    /// What usually listens on its port (`Ollama`), or `an OpenAI-compatible server`.
    pub name: String,
    /// `http://127.0.0.1:11434/v1`
    pub base_url: String,
    /// The models it lists (at most a few).
    pub models: Vec<String>,
}

impl LocalServer {
    /// The flags that use it: `--base-url http://127.0.0.1:11434/v1 --model llama3.1`.
    pub fn flags(&self) -> String {
        let model = self.models.first().map_or("MODEL", String::as_str);
        format!(
            "--base-url {} --model {}",
            self.base_url,
            crate::shell::quote(model)
        )
    }

    /// One line: `Ollama at http://127.0.0.1:11434/v1 (llama3.1, qwen2.5)`.
    pub fn describe(&self) -> String {
        let models = if self.models.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.models.join(", "))
        };
        format!("{} at {}{models}", self.name, self.base_url)
    }
}

/// The ports to look at: `ARCHIE_PROBE_PORTS` when set, else [`USUAL_PORTS`].
fn ports() -> Vec<(u16, String)> {
    match std::env::var(EnvVars::ARCHIE_PROBE_PORTS) {
        Ok(list) => list
            .split(',')
            .filter_map(|p| p.trim().parse::<u16>().ok())
            .map(|port| (port, name_of(port)))
            .collect(),
        Err(_) => USUAL_PORTS
            .iter()
            .map(|(port, name)| (*port, (*name).to_string()))
            .collect(),
    }
}

fn name_of(port: u16) -> String {
    USUAL_PORTS
        .iter()
        .find(|(p, _)| *p == port)
        .map_or("an OpenAI-compatible server", |(_, name)| name)
        .to_string()
}

/// The servers answering on the loopback ports, in the order of the list. Takes at
/// most about a second, whatever listens.
pub fn find() -> Vec<LocalServer> {
    let ports = ports();
    std::thread::scope(|scope| {
        // Collected so that every port is asked before the first answer is awaited.
        #[allow(clippy::needless_collect)]
        let asked: Vec<_> = ports
            .iter()
            .map(|(port, name)| scope.spawn(move || ask(*port, name)))
            .collect();
        asked
            .into_iter()
            .filter_map(|h| h.join().ok().flatten())
            .collect()
    })
}

/// Asks `127.0.0.1:port` for its models.
fn ask(port: u16, name: &str) -> Option<LocalServer> {
    let started = Instant::now();
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let mut stream = TcpStream::connect_timeout(&addr, CONNECT).ok()?;
    let left = ANSWER.checked_sub(started.elapsed())?;
    stream.set_write_timeout(Some(left)).ok()?;
    stream
        .write_all(
            format!("GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: application/json\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .ok()?;
    let mut answer = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        let left = ANSWER.checked_sub(started.elapsed())?;
        stream.set_read_timeout(Some(left)).ok()?;
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                answer.extend_from_slice(&buf[..n]);
                if answer.len() > MAX_ANSWER {
                    return None;
                }
            }
            Err(_) => break,
        }
    }
    let text = String::from_utf8_lossy(&answer);
    let (head, body) = text.split_once("\r\n\r\n")?;
    let status = head.split_whitespace().nth(1)?;
    if status != "200" {
        return None;
    }
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_string()
    };
    let json: serde_json::Value = serde_json::from_str(&body).ok()?;
    let listed = json["data"].as_array()?;
    let models = listed
        .iter()
        .filter_map(|m| m["id"].as_str())
        .take(MAX_MODELS)
        .map(str::to_string)
        .collect();
    Some(LocalServer {
        name: name.to_string(),
        base_url: format!("http://127.0.0.1:{port}/v1"),
        models,
    })
}

/// A chunked HTTP body put together.
fn dechunk(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if size == 0 || after.len() < size {
            break;
        }
        out.push_str(&after[..size]);
        rest = after[size..].trim_start_matches("\r\n");
    }
    out
}

/// What to say when no LLM is configured: the servers found, each with the command that
/// uses it (`archie FLAGS` then `command`, the arguments as given, or `…`), or nothing
/// when none answered.
pub fn offers(found: &[LocalServer], command: Option<&str>) -> Option<String> {
    if found.is_empty() {
        return None;
    }
    let mut lines = vec!["Found on this machine (not used unless you ask):".to_string()];
    for server in found {
        lines.push(format!(
            "  {}\n    archie {} {}",
            server.describe(),
            server.flags(),
            command.unwrap_or("…")
        ));
    }
    Some(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunked_body_is_put_together() {
        assert_eq!(
            dechunk("5\r\n{\"a\":\r\n3\r\n1}\n\r\n0\r\n\r\n"),
            "{\"a\":1}\n"
        );
    }

    #[test]
    fn an_offer_names_the_exact_flags() {
        let server = LocalServer {
            name: "Ollama".into(),
            base_url: "http://127.0.0.1:11434/v1".into(),
            models: vec!["llama3.1:8b".into(), "qwen2.5".into()],
        };
        assert_eq!(
            server.flags(),
            "--base-url http://127.0.0.1:11434/v1 --model llama3.1:8b"
        );
        assert_eq!(
            server.describe(),
            "Ollama at http://127.0.0.1:11434/v1 (llama3.1:8b, qwen2.5)"
        );
        assert_eq!(offers(&[], None), None);
        assert_eq!(
            offers(&[server], Some("analyze -i docs")).as_deref(),
            Some(
                "Found on this machine (not used unless you ask):\n  Ollama at \
                 http://127.0.0.1:11434/v1 (llama3.1:8b, qwen2.5)\n    archie --base-url \
                 http://127.0.0.1:11434/v1 --model llama3.1:8b analyze -i docs"
            )
        );
    }
}
