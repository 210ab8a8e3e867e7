//! `archie memory`: the knowledge graph's counts and one entity, as text.

use crate::memory::{Entity, Relationship, Stats};
use std::fmt::Write;
use std::path::Path;

/// The text of `archie memory stats`.
pub fn render_stats(path: &Path, stats: &Stats) -> String {
    let mut out = format!(
        "{}: {}",
        path.display(),
        crate::text::graph_size(stats.entities as u64, stats.relationships as u64)
    );
    if !stats.entity_types.is_empty() {
        out.push_str("\n\nentities by type:");
        for c in &stats.entity_types {
            let _ = write!(out, "\n  {:>6}  {}", c.count, c.name);
        }
    }
    if !stats.relationship_types.is_empty() {
        out.push_str("\n\nrelationships by type:");
        for c in &stats.relationship_types {
            let _ = write!(out, "\n  {:>6}  {}", c.count, c.name);
        }
    }
    if !stats.most_connected.is_empty() {
        out.push_str("\n\nmost connected:");
        for c in &stats.most_connected {
            let _ = write!(out, "\n  {:>6}  {}", c.count, c.name);
        }
    }
    out
}

/// A property's value as a person writes it: a list as `a, b`, an object as
/// `key value, key value`, text without quotes.
fn plain(value: &serde_json::Value) -> String {
    use serde_json::Value;
    match value {
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(plain).collect::<Vec<_>>().join(", "),
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| match v {
                Value::Array(_) | Value::Object(_) => format!("{k} ({})", plain(v)),
                _ => format!("{k} {}", plain(v)),
            })
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    }
}

/// The text of `archie memory show NAME`: the entity and its relationships.
pub fn render_entity(
    memory: &crate::memory::Memory,
    entity: &Entity,
    outgoing: &[&Relationship],
    incoming: &[&Relationship],
) -> String {
    let mut out = format!("{} ({})", entity.name, entity.kind);
    let _ = write!(out, "\n  stated by: {}", stated_by(memory, &entity.sources));
    if !entity.description.is_empty() {
        let _ = write!(out, "\n  {}", entity.description);
    }
    if !entity.tags.is_empty() {
        let _ = write!(out, "\n  tags: {}", entity.tags.join(", "));
    }
    for (k, v) in &entity.properties {
        let _ = write!(out, "\n  {k}: {}", plain(v));
    }
    if !outgoing.is_empty() {
        let _ = write!(out, "\n\nout ({}):", outgoing.len());
        for r in outgoing {
            let _ = write!(
                out,
                "\n  --{}--> {}  · {}",
                r.kind,
                r.to,
                stated_by(memory, &r.sources)
            );
        }
    }
    if !incoming.is_empty() {
        let _ = write!(out, "\n\nin ({}):", incoming.len());
        for r in incoming {
            let _ = write!(
                out,
                "\n  {} --{}-->  · {}",
                r.from,
                r.kind,
                stated_by(memory, &r.sources)
            );
        }
    }
    if outgoing.is_empty() && incoming.is_empty() {
        out.push_str("\n\nno relationships");
    }
    out
}

/// Where a fact came from, as a person reads it: `docs/001.md § Payments; run r7k3`, or
/// `no source recorded` for a fact written before archie kept them.
pub fn stated_by(memory: &crate::memory::Memory, sources: &[String]) -> String {
    if sources.is_empty() {
        return "no source recorded (written before archie kept sources)".into();
    }
    // A path or a heading from outside: one line, inert.
    memory
        .cite_sources(sources)
        .iter()
        .map(|d| crate::text::inert_line(d).into_owned())
        .collect::<Vec<_>>()
        .join("; ")
}

/// The facts the documents no longer state that involve `name`, with when and why.
pub fn render_history(
    memory: &crate::memory::Memory,
    name: &str,
    history: &crate::memory::History,
) -> String {
    let k = crate::memory::key(name);
    let mut out = String::new();
    for r in &history.entities {
        if crate::memory::key(&r.entity.name) == k {
            let _ = write!(
                out,
                "\n  {} ({}) — {}; was stated by {}",
                r.entity.name,
                r.entity.kind,
                retraction(&r.retracted),
                stated_by(memory, &r.entity.sources)
            );
        }
    }
    for r in &history.relationships {
        let rel = &r.relationship;
        if crate::memory::key(&rel.from) == k || crate::memory::key(&rel.to) == k {
            let _ = write!(
                out,
                "\n  {} --{}--> {} — {}; was stated by {}",
                rel.from,
                rel.kind,
                rel.to,
                retraction(&r.retracted),
                stated_by(memory, &rel.sources)
            );
        }
    }
    if out.is_empty() {
        "\n\nno longer stated: nothing".into()
    } else {
        format!("\n\nno longer stated:{out}")
    }
}

fn retraction(r: &crate::memory::Retraction) -> String {
    let mut out = format!("retracted {}", r.at);
    if !r.run.is_empty() {
        let _ = write!(out, " by run {}", r.run);
    }
    if !r.because.is_empty() {
        let _ = write!(out, " ({})", r.because.join(", "));
    }
    out
}

#[cfg(test)]
mod plain_tests {
    use serde_json::json;

    #[test]
    fn properties_read_as_text_not_json() {
        assert_eq!(super::plain(&json!(["Okta", "okta-sso"])), "Okta, okta-sso");
        assert_eq!(
            super::plain(&json!({"p99": "200ms", "zones": ["a", "b"]})),
            "p99 200ms, zones (a, b)"
        );
        assert_eq!(super::plain(&json!(3)), "3");
        assert_eq!(super::plain(&json!("team-a")), "team-a");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_entity_and_one_relationship_are_counted_in_the_singular() {
        let stats = Stats {
            entities: 1,
            relationships: 1,
            entity_types: Vec::new(),
            relationship_types: Vec::new(),
            most_connected: Vec::new(),
        };
        let text = render_stats(Path::new("context.json"), &stats);
        assert_eq!(text, "context.json: 1 entity, 1 relationship");
    }
}
