//! The tools that only read: `find_entities`, `get_entity`, `find_paths` (over the
//! knowledge graph), `search_documents` (over the input documents), and the reference
//! memory server's `read_graph`, `search_nodes` and `open_nodes`, with their arguments,
//! their results and the queries behind them (word scoring, shortest paths).

use super::reply::Reply;
use super::{Inner, MAX_LIMIT};
use crate::mcp::{BUILTIN_SERVER, McpError};
use crate::memory::{Entity, Memory, Relationship, key};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::{HashMap, HashSet, VecDeque};

impl Inner {
    pub(super) fn find_entities(&self, a: FindArgs) -> Result<Reply<Found>, McpError> {
        let memory = self.memory()?;
        let words = query_words(&a.query);
        let phrase = a.query.trim().to_lowercase();
        // The entity the query names, by any of its spellings.
        let named = memory.entity(&a.query).map(|e| key(&e.name));
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
                if named.as_deref() == Some(key(&e.name).as_str()) {
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
        let entities = scored
            .into_iter()
            .take(limit)
            .map(|(_, e)| EntityOut::of(e, &memory))
            .collect();
        Ok(Reply::ok(Found { entities, total }))
    }

    pub(super) fn get_entity(&self, a: EntityArgs) -> Result<Reply<EntityView>, McpError> {
        let memory = self.memory()?;
        let Some(entity) = memory.entity(&a.name) else {
            let suggestions = memory.suggest(&a.name, 5);
            return Ok(Reply::error(if suggestions.is_empty() {
                format!("no entity named \"{}\"", a.name)
            } else {
                format!(
                    "no entity named \"{}\"; did you mean: {}?",
                    a.name,
                    suggestions.join(", ")
                )
            }));
        };
        let direction = a.direction.unwrap_or_default();
        let outgoing = if direction == Direction::In {
            Vec::new()
        } else {
            memory
                .outgoing(&a.name)
                .into_iter()
                .map(|r| RelOut::of(r, &memory))
                .collect()
        };
        let incoming = if direction == Direction::Out {
            Vec::new()
        } else {
            memory
                .incoming(&a.name)
                .into_iter()
                .map(|r| RelOut::of(r, &memory))
                .collect()
        };
        Ok(Reply::ok(EntityView {
            entity: EntityOut::of(entity, &memory),
            outgoing,
            incoming,
        }))
    }

    pub(super) fn find_paths(&self, a: PathArgs) -> Result<Reply<Paths>, McpError> {
        let memory = self.memory()?;
        for name in [&a.from, &a.to] {
            if memory.entity(name).is_none() {
                return Ok(Reply::error(format!("no entity named \"{name}\"")));
            }
        }
        let max_hops = a.max_hops.unwrap_or(4).clamp(1, 6) as usize;
        let limit = a.limit.unwrap_or(5).clamp(1, 20) as usize;
        let paths = shortest_paths(&memory, &a.from, &a.to, max_hops, limit)
            .into_iter()
            .map(|p| p.into_iter().map(|r| RelOut::of(r, &memory)).collect())
            .collect();
        Ok(Reply::ok(Paths { paths }))
    }

    pub(super) fn search_documents(&self, a: DocArgs) -> Result<Reply<DocMatches>, McpError> {
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
        let matches = hits
            .into_iter()
            .take(limit)
            .map(|(_, path, line, text)| DocMatch {
                path: path.to_string(),
                line,
                text: text.chars().take(400).collect(),
            })
            .collect();
        Ok(Reply::ok(DocMatches {
            matches,
            documents: retrieved.documents.len(),
        }))
    }

    pub(super) fn read_graph(&self, _: NoArgs) -> Result<Reply<Graph>, McpError> {
        let memory = self.memory()?;
        Ok(Reply::ok(Graph::of(&memory, |_| true)))
    }

    /// The reference server's search: the query as one case-insensitive substring of
    /// the name, the type or an observation (archie also looks in the description).
    pub(super) fn search_nodes(&self, a: SearchArgs) -> Result<Reply<Graph>, McpError> {
        let memory = self.memory()?;
        let q = a.query.to_lowercase();
        Ok(Reply::ok(Graph::of(&memory, |e| {
            e.name.to_lowercase().contains(&q)
                || e.aliases().any(|a| a.to_lowercase().contains(&q))
                || e.kind.to_lowercase().contains(&q)
                || e.description.to_lowercase().contains(&q)
                || observations(e)
                    .iter()
                    .any(|o| o.to_lowercase().contains(&q))
        })))
    }

    /// The named entities (names resolved as archie resolves them: case and spacing
    /// ignored) and every relation that touches one of them.
    pub(super) fn open_nodes(&self, a: OpenArgs) -> Result<Reply<Graph>, McpError> {
        let memory = self.memory()?;
        let wanted: HashSet<String> = a
            .names
            .iter()
            .filter_map(|n| memory.entity(n))
            .map(|e| key(&e.name))
            .collect();
        Ok(Reply::ok(Graph::of(&memory, |e| {
            wanted.contains(&key(&e.name))
        })))
    }
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct FindArgs {
    /// Words to look for, e.g. "orders database"
    query: String,
    /// Only entities of this type, e.g. "service"
    #[serde(rename = "type")]
    kind: Option<String>,
    /// At most this many entities (default 10)
    #[schemars(range(min = 1, max = 50))]
    limit: Option<u64>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct EntityArgs {
    name: String,
    /// Which relationships to include (default both)
    direction: Option<Direction>,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub(super) enum Direction {
    In,
    Out,
    #[default]
    Both,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct PathArgs {
    from: String,
    to: String,
    /// Longest path, in relationships (default 4)
    #[schemars(range(min = 1, max = 6))]
    max_hops: Option<u64>,
    /// At most this many paths (default 5)
    #[schemars(range(min = 1, max = 20))]
    limit: Option<u64>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct DocArgs {
    query: String,
    /// At most this many lines (default 10)
    #[schemars(range(min = 1, max = 50))]
    limit: Option<u64>,
}

#[derive(Deserialize, JsonSchema)]
pub(super) struct NoArgs {}

#[derive(Deserialize, JsonSchema)]
pub(super) struct SearchArgs {
    /// The search query to match against entity names, types, and observation content
    query: String,
}

#[derive(Deserialize, JsonSchema)]
pub(super) struct OpenArgs {
    /// An array of entity names to retrieve
    names: Vec<String>,
}

/// An entity as archie's tools answer it.
#[derive(Serialize, JsonSchema)]
pub(super) struct EntityOut {
    name: String,
    #[serde(rename = "type")]
    kind: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    description: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tags: Vec<String>,
    #[serde(skip_serializing_if = "Map::is_empty")]
    properties: Map<String, Value>,
    /// Where it was stated: a document's section, a run, an import, an MCP client, a
    /// person (none recorded for what was written before archie kept sources)
    #[serde(skip_serializing_if = "Vec::is_empty")]
    sources: Vec<String>,
}

impl EntityOut {
    fn of(e: &Entity, memory: &Memory) -> Self {
        Self {
            name: e.name.clone(),
            kind: e.kind.clone(),
            description: e.description.clone(),
            tags: e.tags.clone(),
            properties: e.properties.clone(),
            sources: memory.cite_sources(&e.sources),
        }
    }
}

#[derive(Serialize, JsonSchema)]
pub(super) struct RelOut {
    from: String,
    #[serde(rename = "type")]
    kind: String,
    to: String,
    /// Where it was stated, as for an entity
    #[serde(skip_serializing_if = "Vec::is_empty")]
    sources: Vec<String>,
}

impl RelOut {
    fn of(r: &Relationship, memory: &Memory) -> Self {
        Self {
            from: r.from.clone(),
            kind: r.kind.clone(),
            to: r.to.clone(),
            sources: memory.cite_sources(&r.sources),
        }
    }
}

#[derive(Serialize, JsonSchema)]
pub(super) struct Found {
    entities: Vec<EntityOut>,
    /// Matches before the limit
    total: usize,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct EntityView {
    entity: EntityOut,
    outgoing: Vec<RelOut>,
    incoming: Vec<RelOut>,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct Paths {
    paths: Vec<Vec<RelOut>>,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct DocMatch {
    path: String,
    line: usize,
    text: String,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct DocMatches {
    matches: Vec<DocMatch>,
    /// Documents searched
    documents: usize,
}

/// An entity in the reference memory server's shape.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(super) struct MemoryEntity {
    /// The name of the entity
    pub name: String,
    /// The type of the entity
    pub entity_type: String,
    /// An array of observation contents associated with the entity
    pub observations: Vec<String>,
}

impl From<&Entity> for MemoryEntity {
    fn from(e: &Entity) -> Self {
        Self {
            name: e.name.clone(),
            entity_type: e.kind.clone(),
            observations: observations(e),
        }
    }
}

/// A relation in the reference memory server's shape.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(super) struct MemoryRelation {
    /// The name of the entity where the relation starts
    pub from: String,
    /// The name of the entity where the relation ends
    pub to: String,
    /// The type of the relation
    pub relation_type: String,
}

impl From<&Relationship> for MemoryRelation {
    fn from(r: &Relationship) -> Self {
        Self {
            from: r.from.clone(),
            to: r.to.clone(),
            relation_type: r.kind.clone(),
        }
    }
}

/// A (part of the) graph in the reference memory server's shape.
#[derive(Serialize, JsonSchema)]
pub(super) struct Graph {
    entities: Vec<MemoryEntity>,
    relations: Vec<MemoryRelation>,
}

impl Graph {
    /// The entities `keep` accepts and every relation that touches one of them.
    fn of(memory: &Memory, keep: impl Fn(&Entity) -> bool) -> Self {
        let kept: Vec<&Entity> = memory.entities().iter().filter(|e| keep(e)).collect();
        let names: HashSet<String> = kept.iter().map(|e| key(&e.name)).collect();
        Self {
            entities: kept.into_iter().map(MemoryEntity::from).collect(),
            relations: memory
                .relationships()
                .iter()
                .filter(|r| names.contains(&key(&r.from)) || names.contains(&key(&r.to)))
                .map(MemoryRelation::from)
                .collect(),
        }
    }
}

/// An entity's observations (`properties.observations`) as text.
pub(super) fn observations(e: &Entity) -> Vec<String> {
    match e.properties.get("observations") {
        Some(Value::Array(list)) => list
            .iter()
            .map(|o| match o {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .collect(),
        Some(Value::String(s)) => vec![s.clone()],
        _ => Vec::new(),
    }
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
