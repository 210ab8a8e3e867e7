//! The tools that only read: `find_entities`, `get_entity`, `find_paths` (over the
//! knowledge graph) and `search_documents` (over the input documents), with their
//! arguments and the queries behind them (word scoring, shortest paths).

use super::{Inner, MAX_LIMIT};
use crate::mcp::{BUILTIN_SERVER, McpError, ToolOutput};
use crate::memory::{Entity, Memory, Relationship, key};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet, VecDeque};

impl Inner {
    pub(super) fn find_entities(&self, a: &FindArgs) -> Result<ToolOutput, McpError> {
        let memory = self.memory()?;
        let words = query_words(&a.query);
        let phrase = a.query.trim().to_lowercase();
        let mut scored: Vec<(usize, &Entity)> = memory
            .entities()
            .iter()
            .filter(|e| {
                a.kind
                    .as_ref()
                    .is_none_or(|t| e.kind.eq_ignore_ascii_case(t))
            })
            .filter_map(|e| {
                let name = e.name.to_lowercase();
                let rest = format!(
                    "{} {} {} {}",
                    e.kind,
                    e.description,
                    e.tags.join(" "),
                    Value::Object(e.properties.clone())
                )
                .to_lowercase();
                let mut score = 0;
                if !phrase.is_empty() && key(&e.name) == key(&phrase) {
                    score += 100;
                } else if !phrase.is_empty() && name.contains(&phrase) {
                    score += 50;
                }
                for w in &words {
                    if name.contains(w.as_str()) {
                        score += 10;
                    } else if rest.contains(w.as_str()) {
                        score += 3;
                    }
                }
                (score > 0).then_some((score, e))
            })
            .collect();
        scored.sort_by(|x, y| {
            y.0.cmp(&x.0)
                .then_with(|| key(&x.1.name).cmp(&key(&y.1.name)))
        });
        let total = scored.len();
        let limit = a.limit.unwrap_or(10).clamp(1, MAX_LIMIT) as usize;
        let entities: Vec<Value> = scored
            .into_iter()
            .take(limit)
            .map(|(_, e)| entity_json(e))
            .collect();
        Ok(ToolOutput::structured(
            json!({"entities": entities, "total": total}),
        ))
    }

    pub(super) fn get_entity(&self, a: &EntityArgs) -> Result<ToolOutput, McpError> {
        let memory = self.memory()?;
        let Some(entity) = memory.entity(&a.name) else {
            let suggestions = memory.suggest(&a.name, 5);
            return Ok(ToolOutput::error(if suggestions.is_empty() {
                format!("no entity named \"{}\"", a.name)
            } else {
                format!(
                    "no entity named \"{}\"; did you mean: {}?",
                    a.name,
                    suggestions.join(", ")
                )
            }));
        };
        let direction = a.direction.as_deref().unwrap_or("both");
        let out: Vec<Value> = if direction == "in" {
            Vec::new()
        } else {
            memory.outgoing(&a.name).into_iter().map(rel_json).collect()
        };
        let inc: Vec<Value> = if direction == "out" {
            Vec::new()
        } else {
            memory.incoming(&a.name).into_iter().map(rel_json).collect()
        };
        Ok(ToolOutput::structured(json!({
            "entity": entity_json(entity),
            "outgoing": out,
            "incoming": inc,
        })))
    }

    pub(super) fn find_paths(&self, a: &PathArgs) -> Result<ToolOutput, McpError> {
        let memory = self.memory()?;
        for name in [&a.from, &a.to] {
            if memory.entity(name).is_none() {
                return Ok(ToolOutput::error(format!("no entity named \"{name}\"")));
            }
        }
        let max_hops = a.max_hops.unwrap_or(4).clamp(1, 6) as usize;
        let limit = a.limit.unwrap_or(5).clamp(1, 20) as usize;
        let paths = shortest_paths(&memory, &a.from, &a.to, max_hops, limit);
        let paths: Vec<Vec<Value>> = paths
            .into_iter()
            .map(|p| p.into_iter().map(rel_json).collect())
            .collect();
        Ok(ToolOutput::structured(json!({ "paths": paths })))
    }

    pub(super) fn search_documents(&self, a: &DocArgs) -> Result<ToolOutput, McpError> {
        let Some(options) = &self.options.documents else {
            return Err(McpError::UnknownTool {
                server: BUILTIN_SERVER.into(),
                tool: "search_documents".into(),
            });
        };
        let retrieved =
            crate::docs::retrieve(options).map_err(|e| self.failed("reading documents", e))?;
        let words = query_words(&a.query);
        let phrase = a.query.trim().to_lowercase();
        let mut hits: Vec<(usize, &str, usize, &str)> = Vec::new();
        for doc in &retrieved.documents {
            for (i, line) in doc.text.lines().enumerate() {
                let lower = line.to_lowercase();
                let mut score = words.iter().filter(|w| lower.contains(w.as_str())).count();
                if !phrase.is_empty() && lower.contains(&phrase) {
                    score += words.len().max(1);
                }
                if score > 0 {
                    hits.push((score, &doc.path, i + 1, line.trim()));
                }
            }
        }
        hits.sort_by(|x, y| y.0.cmp(&x.0).then_with(|| (x.1, x.2).cmp(&(y.1, y.2))));
        let limit = a.limit.unwrap_or(10).clamp(1, MAX_LIMIT) as usize;
        let matches: Vec<Value> = hits
            .into_iter()
            .take(limit)
            .map(|(_, path, line, text)| {
                let text: String = text.chars().take(400).collect();
                json!({"path": path, "line": line, "text": text})
            })
            .collect();
        Ok(ToolOutput::structured(json!({
            "matches": matches,
            "documents": retrieved.documents.len(),
        })))
    }
}

#[derive(Deserialize)]
pub(super) struct FindArgs {
    query: String,
    #[serde(rename = "type")]
    kind: Option<String>,
    limit: Option<u64>,
}

#[derive(Deserialize)]
pub(super) struct EntityArgs {
    name: String,
    direction: Option<String>,
}

#[derive(Deserialize)]
pub(super) struct PathArgs {
    from: String,
    to: String,
    max_hops: Option<u64>,
    limit: Option<u64>,
}

#[derive(Deserialize)]
pub(super) struct DocArgs {
    query: String,
    limit: Option<u64>,
}

/// Lower-case query words of 2 characters or more.
fn query_words(query: &str) -> Vec<String> {
    let mut seen = HashSet::new();
    query
        .split(|c: char| !c.is_alphanumeric() && c != '_' && c != '-')
        .map(str::to_lowercase)
        .filter(|w| w.chars().count() >= 2 && seen.insert(w.clone()))
        .collect()
}

fn entity_json(e: &Entity) -> Value {
    let mut v = json!({"name": e.name, "type": e.kind});
    if !e.description.is_empty() {
        v["description"] = json!(e.description);
    }
    if !e.tags.is_empty() {
        v["tags"] = json!(e.tags);
    }
    if !e.properties.is_empty() {
        v["properties"] = Value::Object(e.properties.clone());
    }
    v
}

fn rel_json(r: &Relationship) -> Value {
    json!({"from": r.from, "type": r.kind, "to": r.to})
}

/// Up to `limit` shortest simple paths from `from` to `to` of at most `max_hops`
/// relationships, following relationships either way. Bounded: at most 20,000 partial
/// paths are explored.
fn shortest_paths<'m>(
    memory: &'m Memory,
    from: &str,
    to: &str,
    max_hops: usize,
    limit: usize,
) -> Vec<Vec<&'m Relationship>> {
    let (start, goal) = (key(from), key(to));
    let mut edges: HashMap<String, Vec<(&Relationship, String)>> = HashMap::new();
    for r in memory.relationships() {
        let (f, t) = (key(&r.from), key(&r.to));
        edges.entry(f.clone()).or_default().push((r, t.clone()));
        edges.entry(t).or_default().push((r, f));
    }
    let mut found = Vec::new();
    let mut queue: VecDeque<(String, Vec<&Relationship>, Vec<String>)> =
        VecDeque::from([(start.clone(), Vec::new(), vec![start])]);
    let mut explored = 0;
    let mut shortest = None;
    while let Some((at, path, visited)) = queue.pop_front() {
        explored += 1;
        if explored > 20_000 || found.len() >= limit {
            break;
        }
        if shortest.is_some_and(|s| path.len() > s) {
            break;
        }
        if at == goal && !path.is_empty() {
            shortest.get_or_insert(path.len());
            found.push(path);
            continue;
        }
        if path.len() >= max_hops {
            continue;
        }
        for (r, next) in edges.get(&at).into_iter().flatten() {
            if visited.contains(next) {
                continue;
            }
            let mut p = path.clone();
            p.push(*r);
            let mut v = visited.clone();
            v.push(next.clone());
            queue.push_back((next.clone(), p, v));
        }
    }
    found
}
