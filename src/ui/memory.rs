//! `archie memory`: the knowledge graph's counts and one entity, as text.

use crate::memory::{Entity, Relationship, Stats};
use std::fmt::Write;
use std::path::Path;

/// The text of `archie memory stats`.
pub fn render_stats(path: &Path, stats: &Stats) -> String {
    let mut out = format!(
        "{}: {} entities, {} relationships",
        path.display(),
        stats.entities,
        stats.relationships
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

/// The text of `archie memory show NAME`: the entity and its relationships.
pub fn render_entity(
    entity: &Entity,
    outgoing: &[&Relationship],
    incoming: &[&Relationship],
) -> String {
    let mut out = format!("{} ({})", entity.name, entity.kind);
    if !entity.description.is_empty() {
        let _ = write!(out, "\n  {}", entity.description);
    }
    if !entity.tags.is_empty() {
        let _ = write!(out, "\n  tags: {}", entity.tags.join(", "));
    }
    for (k, v) in &entity.properties {
        let v = match v {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        let _ = write!(out, "\n  {k}: {v}");
    }
    if !outgoing.is_empty() {
        let _ = write!(out, "\n\nout ({}):", outgoing.len());
        for r in outgoing {
            let _ = write!(out, "\n  --{}--> {}", r.kind, r.to);
        }
    }
    if !incoming.is_empty() {
        let _ = write!(out, "\n\nin ({}):", incoming.len());
        for r in incoming {
            let _ = write!(out, "\n  {} --{}-->", r.from, r.kind);
        }
    }
    if outgoing.is_empty() && incoming.is_empty() {
        out.push_str("\n\nno relationships");
    }
    out
}
