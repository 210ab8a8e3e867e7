//! A Backstage catalog (`catalog-info.yaml`) read into a memory: Components, APIs,
//! Resources, Systems, Domains, Groups and Users become entities, and `spec.owner`,
//! `spec.system`, `spec.domain`, `dependsOn`, `dependencyOf`, `providesApis`,
//! `consumesApis` and `subcomponentOf` relationships. The result goes through the same
//! merge as extraction, so the catalog's names land on the entities the documents
//! mention, and theirs become aliases.
//!
//! Each entity keeps its catalog identity in `properties.backstage` (`kind`, `name`), and
//! what archie does not model (namespace, links, labels, annotations, lifecycle,
//! `spec.type`, an API's definition, unknown fields) in [`Entity::catalog`], so an export
//! ([`Memory::to_backstage`]) writes it back under the same reference, unchanged: a
//! catalog goes through archie and back without loss. What archie does model is written
//! from the memory: the title is the entity's name, `metadata.tags` its tags, and the
//! references (`owner`, `system`, `dependsOn`, `memberOf` …) its relationships.

use super::Memory;
use super::export::{Graph, Node};
use super::identity::{Family, entity_type};
use super::model::{Entity, Relationship};
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write;
use yaml_rust2::{Yaml, YamlLoader};

/// Where an entity's catalog identity is kept.
pub const BACKSTAGE_KEY: &str = "backstage";

/// What reading a catalog found.
#[derive(Debug, Default)]
pub struct Catalog {
    pub memory: Memory,
    /// Catalog entities read.
    pub entities: usize,
    /// Documents that are not Backstage entities archie knows (a `Location`, a
    /// `Template`, another tool's YAML), by kind.
    pub skipped: Vec<String>,
}

/// A catalog document archie reads.
struct Doc {
    /// The file it was read from: the source of what it states.
    origin: String,
    kind: String,
    name: String,
    namespace: String,
    /// `metadata.title`, else `metadata.name`: the entity's name in archie.
    display: String,
    description: String,
    tags: Vec<String>,
    spec: Map<String, Value>,
    annotations: Map<String, Value>,
    /// What archie does not model (see [`Entity::catalog`]).
    extras: Map<String, Value>,
}

/// The namespace of an entity that names none.
const DEFAULT_NAMESPACE: &str = "default";

/// The `spec` fields archie reads as relationships (and writes from them): field,
/// default kind of its references, relationship, and whether the relationship goes from
/// this entity to the referenced one.
const RELATIONS: &[(&str, &str, &str, bool)] = &[
    ("owner", "group", "owns", false),
    ("system", "system", "part_of", true),
    ("domain", "domain", "part_of", true),
    ("subcomponentOf", "component", "part_of", true),
    ("dependsOn", "component", "depends_on", true),
    ("dependencyOf", "component", "depends_on", false),
    ("providesApis", "api", "exposes", true),
    ("consumesApis", "api", "calls", true),
    ("parent", "group", "part_of", true),
    ("children", "group", "part_of", false),
    ("memberOf", "group", "part_of", true),
    ("members", "user", "part_of", false),
];

/// The spellings of a relation from its other end: written back (from the
/// relationships) only on entities whose catalog document used them.
const INVERSE_FIELDS: [&str; 2] = ["dependencyOf", "members"];

/// The annotations archie writes on an entity it exports (its own: not kept on import).
const ARCHIE_ANNOTATIONS: [&str; 3] = [BACKSTAGE_ANNOTATION, "archie/type", "archie/aliases"];

/// Reads the YAML documents of one or more catalog files (the texts) into one memory.
pub fn read(texts: &[(String, String)]) -> Result<Catalog, String> {
    let mut docs = Vec::new();
    let mut skipped = Vec::new();
    for (origin, text) in texts {
        let yaml = YamlLoader::load_from_str(text).map_err(|e| format!("{origin}: {e}"))?;
        for doc in yaml {
            let value = to_json(&doc);
            if value.is_null() {
                continue;
            }
            match parse_doc(&value) {
                Some(mut doc) => {
                    doc.origin.clone_from(origin);
                    docs.push(doc);
                }
                None => skipped.push(
                    value["kind"]
                        .as_str()
                        .map_or_else(|| format!("a document of {origin}"), str::to_string),
                ),
            }
        }
    }
    // Catalog references name `kind:namespace/name`; archie names entities by title.
    let mut by_ref: HashMap<(String, String, String), usize> = HashMap::new();
    let mut by_name: HashMap<String, usize> = HashMap::new();
    for (i, doc) in docs.iter().enumerate() {
        by_ref.insert(
            (
                doc.kind.to_ascii_lowercase(),
                doc.namespace.clone(),
                doc.name.clone(),
            ),
            i,
        );
        by_name.entry(doc.name.clone()).or_insert(i);
    }
    let mut memory = Memory::new();
    for doc in &docs {
        memory.upsert_entity(entity(doc).source(super::source::import(&doc.origin)));
    }
    // A reference without a namespace is in the referring entity's.
    let resolve =
        |reference: &str, default_kind: &str, namespace: &str| -> (String, Option<String>) {
            let (kind, name, namespace) = parse_ref(reference, default_kind, namespace);
            let found = by_ref
                .get(&(kind.clone(), namespace, name.clone()))
                .or_else(|| by_name.get(&name));
            match found {
                Some(&i) => (docs[i].display.clone(), None),
                // A reference to an entity not in these files: named as referenced.
                None => (name, archie_type(&kind, "")),
            }
        };
    for doc in &docs {
        let stated = super::source::import(&doc.origin);
        for &(field, default_kind, kind, outgoing) in RELATIONS {
            for reference in strings(doc.spec.get(field)) {
                let (other, other_type) = resolve(&reference, default_kind, &doc.namespace);
                if let Some(other_type) = other_type {
                    memory.upsert_entity(
                        Entity::new(other.clone(), other_type).source(stated.clone()),
                    );
                }
                let (from, to) = if outgoing {
                    (doc.display.clone(), other)
                } else {
                    (other, doc.display.clone())
                };
                memory
                    .upsert_relationship(Relationship::new(from, kind, to).source(stated.clone()));
            }
        }
    }
    Ok(Catalog {
        memory,
        entities: docs.len(),
        skipped,
    })
}

fn parse_doc(value: &Value) -> Option<Doc> {
    let api = value["apiVersion"].as_str()?;
    if !api.starts_with("backstage.io/") {
        return None;
    }
    let kind = value["kind"].as_str()?;
    if !BACKSTAGE_KINDS.contains(&kind) {
        return None;
    }
    let metadata = value["metadata"].as_object()?;
    let name = metadata.get("name")?.as_str()?.to_string();
    let display = metadata
        .get("title")
        .and_then(Value::as_str)
        .filter(|t| !t.trim().is_empty())
        .unwrap_or(&name)
        .to_string();
    let tags = match metadata.get("tags") {
        Some(Value::Array(items)) if items.iter().all(Value::is_string) => {
            strings(Some(&json!(items)))
        }
        _ => Vec::new(),
    };
    Some(Doc {
        origin: String::new(),
        kind: kind.to_string(),
        namespace: metadata
            .get("namespace")
            .and_then(Value::as_str)
            .unwrap_or(DEFAULT_NAMESPACE)
            .to_string(),
        description: metadata
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        annotations: metadata
            .get("annotations")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default(),
        spec: value["spec"].as_object().cloned().unwrap_or_default(),
        extras: extras(value, !tags.is_empty()),
        tags,
        name,
        display,
    })
}

/// What of a catalog document archie does not model: everything but `kind`, the name,
/// title, description and tags (when `tagged`: the entity's tags are those), archie's own
/// annotations and the references of [`RELATIONS`] (the inverse spellings stay, as a
/// mark of where the catalog writes them).
fn extras(value: &Value, tagged: bool) -> Map<String, Value> {
    let mut out = value.as_object().cloned().unwrap_or_default();
    out.remove("kind");
    if let Some(Value::Object(metadata)) = out.get_mut("metadata") {
        for field in ["name", "title", "description"] {
            metadata.remove(field);
        }
        if tagged {
            metadata.remove("tags");
        }
        if let Some(Value::Object(annotations)) = metadata.get_mut("annotations") {
            annotations.retain(|k, _| !ARCHIE_ANNOTATIONS.contains(&k.as_str()));
            if annotations.is_empty() {
                metadata.remove("annotations");
            }
        }
    }
    if let Some(Value::Object(spec)) = out.get_mut("spec") {
        spec.retain(|k, _| {
            INVERSE_FIELDS.contains(&k.as_str()) || !RELATIONS.iter().any(|r| r.0 == k)
        });
    }
    for part in ["metadata", "spec"] {
        if out
            .get(part)
            .and_then(Value::as_object)
            .is_some_and(Map::is_empty)
        {
            out.remove(part);
        }
    }
    // The version archie writes anyway is no news.
    if out.get("apiVersion").and_then(Value::as_str) == Some(API_VERSION) {
        out.remove("apiVersion");
    }
    out
}

/// A reference's kind (lower case), name and namespace: `kind:namespace/name`, where
/// the kind and namespace may be left out.
fn parse_ref(reference: &str, default_kind: &str, namespace: &str) -> (String, String, String) {
    let (kind, rest) = match reference.split_once(':') {
        Some((kind, rest)) => (kind.to_ascii_lowercase(), rest),
        None => (default_kind.to_string(), reference),
    };
    let (namespace, name) = rest.split_once('/').unwrap_or((namespace, rest));
    (kind, name.to_string(), namespace.to_string())
}

fn entity(doc: &Doc) -> Entity {
    let spec_type = doc.spec.get("type").and_then(Value::as_str).unwrap_or("");
    // An entity archie exported says what archie called it.
    let kind = doc
        .annotations
        .get("archie/type")
        .and_then(Value::as_str)
        .filter(|_| doc.annotations.contains_key(BACKSTAGE_ANNOTATION))
        .map(str::to_string)
        .or_else(|| archie_type(&doc.kind.to_ascii_lowercase(), spec_type))
        .unwrap_or_else(|| "unknown".to_string());
    let mut entity = Entity::new(doc.display.clone(), kind)
        .description(doc.description.clone())
        .property(BACKSTAGE_KEY, json!({"kind": doc.kind, "name": doc.name}));
    entity.tags.clone_from(&doc.tags);
    entity.catalog.clone_from(&doc.extras);
    let mut aliases: Vec<String> = doc
        .annotations
        .get("archie/aliases")
        .and_then(Value::as_str)
        .map(|a| a.split(", ").map(str::to_string).collect())
        .unwrap_or_default();
    if doc.name != doc.display {
        aliases.push(doc.name.clone());
    }
    if !aliases.is_empty() {
        entity = entity.property(super::model::ALIASES, json!(aliases));
    }
    entity
}

/// archie's type for a catalog kind (lower case) and its `spec.type`. A Resource is a
/// store or a channel by its type's words (`kafka-topic` is a queue, `s3-bucket` a
/// bucket), a database when they say neither.
fn archie_type(kind: &str, spec_type: &str) -> Option<String> {
    Some(
        match (kind, spec_type) {
            ("component", "website") => "frontend",
            ("component", "library") => "library",
            ("component", _) => "service",
            ("api", _) => "api",
            ("resource", _) => {
                let kind = entity_type(spec_type);
                return Some(match Family::of(&kind) {
                    Family::Store | Family::Channel => kind,
                    _ => "database".to_string(),
                });
            }
            ("system", _) => "system",
            ("domain", _) => "concept",
            ("group", _) => "team",
            ("user", _) => "person",
            _ => return None,
        }
        .to_string(),
    )
}

fn strings(value: Option<&Value>) -> Vec<String> {
    match value {
        Some(Value::String(s)) => vec![s.clone()],
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect(),
        _ => Vec::new(),
    }
}

fn to_json(yaml: &Yaml) -> Value {
    match yaml {
        Yaml::String(s) | Yaml::Real(s) => Value::String(s.clone()),
        Yaml::Integer(i) => json!(i),
        Yaml::Boolean(b) => json!(b),
        Yaml::Array(items) => Value::Array(items.iter().map(to_json).collect()),
        Yaml::Hash(hash) => Value::Object(
            hash.iter()
                .filter_map(|(k, v)| {
                    let key = match k {
                        Yaml::String(s) | Yaml::Real(s) => s.clone(),
                        Yaml::Integer(i) => i.to_string(),
                        Yaml::Boolean(b) => b.to_string(),
                        _ => return None,
                    };
                    Some((key, to_json(v)))
                })
                .collect(),
        ),
        Yaml::Null | Yaml::BadValue | Yaml::Alias(_) => Value::Null,
    }
}

/// The annotation that says archie wrote an entity.
pub const BACKSTAGE_ANNOTATION: &str = "archie/generated-by";

/// The `apiVersion` archie writes when the catalog said none.
const API_VERSION: &str = "backstage.io/v1alpha1";

const BACKSTAGE_KINDS: [&str; 7] = [
    "Component",
    "API",
    "Resource",
    "System",
    "Domain",
    "Group",
    "User",
];

impl Memory {
    /// A Backstage catalog: one YAML document per entity (see [`backstage_entities`]).
    pub fn to_backstage(&self) -> String {
        let mut out = String::new();
        for entity in backstage_entities(self) {
            out.push_str("---\n");
            yaml(&entity, 0, &mut out);
        }
        out
    }
}

/// The entities of a Backstage catalog, as JSON values: services, frontends and
/// libraries are Components, APIs are APIs, stores and queues are Resources, systems
/// and external systems Systems, teams Groups, domains Domains; an entity read from a
/// catalog keeps its kind. Names are Backstage names (`[a-z0-9-]`, at most 63
/// characters, unique per kind and namespace); the original name is the title. The
/// references (`spec.owner`, `system`, `domain`, `dependsOn`, `providesApis`,
/// `consumesApis`, `subcomponentOf`, `parent`, `children`, `memberOf`, and `dependencyOf`
/// and `members` where the catalog wrote them) come from the relationships; everything
/// else a catalog said of the entity ([`Entity::catalog`]) is written back as it was.
pub fn backstage_entities(memory: &Memory) -> Vec<Value> {
    let graph = Graph::of(memory);
    let placed = Placed::of(&graph);
    let mut refs = references(&graph, &placed);
    let mut out = Vec::new();
    for (i, node) in graph.nodes.iter().enumerate() {
        let Some(kind) = placed.kinds[i] else {
            continue;
        };
        let mut doc = node.entity.catalog.clone();
        let metadata = catalog_metadata(node, &placed.names[i]);
        let mut spec = catalog_spec(node, kind);
        relations_into(&mut spec, &mut refs, i);
        doc.insert(
            "apiVersion".into(),
            doc.get("apiVersion").cloned().unwrap_or(json!(API_VERSION)),
        );
        doc.insert("kind".into(), json!(kind));
        doc.insert("metadata".into(), Value::Object(metadata));
        doc.insert("spec".into(), Value::Object(spec));
        out.push(Value::Object(doc));
    }
    out
}

/// The references of each entity (by node index), by field.
type Refs = BTreeMap<(usize, &'static str), Vec<String>>;

/// Where each node of the graph goes in the catalog: its kind (`None`: not exported), its
/// namespace and its name there.
struct Placed {
    kinds: Vec<Option<&'static str>>,
    namespaces: Vec<String>,
    names: Vec<String>,
}

impl Placed {
    fn of(graph: &Graph<'_>) -> Self {
        let kinds: Vec<Option<&str>> = graph.nodes.iter().map(backstage_kind).collect();
        let namespaces: Vec<String> = graph
            .nodes
            .iter()
            .map(|n| {
                n.entity
                    .catalog
                    .get("metadata")
                    .and_then(|m| m.get("namespace"))
                    .and_then(Value::as_str)
                    .unwrap_or(DEFAULT_NAMESPACE)
                    .to_string()
            })
            .collect();
        let mut used: HashSet<(String, String, String)> = HashSet::new();
        // An entity read from a catalog keeps its name there; the others get one after.
        let mut names: Vec<String> = vec![String::new(); graph.nodes.len()];
        for (i, node) in graph.nodes.iter().enumerate() {
            let kind = kinds[i].unwrap_or("");
            if let Some(name) = catalog_identity(node.entity).map(|(_, name)| name)
                && valid_backstage_name(name)
                && used.insert((kind.to_string(), namespaces[i].clone(), name.to_string()))
            {
                names[i] = name.to_string();
            }
        }
        for (i, node) in graph.nodes.iter().enumerate() {
            if names[i].is_empty() {
                names[i] = backstage_name(
                    &node.entity.name,
                    kinds[i].unwrap_or(""),
                    &namespaces[i],
                    &mut used,
                );
            }
        }
        Self {
            kinds,
            namespaces,
            names,
        }
    }

    /// `kind:namespace/name`, the form every reference field reads.
    fn full(&self, i: usize) -> Option<String> {
        Some(format!(
            "{}:{}/{}",
            self.kinds[i]?.to_ascii_lowercase(),
            self.namespaces[i],
            self.names[i]
        ))
    }

    /// A single reference (`system`, `domain`, `parent`) as the catalog spells it: the
    /// bare name in the entity's own namespace.
    fn short(&self, from: usize, to: usize) -> Option<String> {
        if self.namespaces[from] == self.namespaces[to] {
            Some(self.names[to].clone())
        } else {
            self.full(to)
        }
    }
}

/// The references the graph's relationships make, by entity and field (both ends of a
/// relation Backstage keeps on both sides).
fn references(graph: &Graph<'_>, placed: &Placed) -> Refs {
    let kinds = &placed.kinds;
    let full = |i: usize| placed.full(i);
    let short = |from: usize, to: usize| placed.short(from, to);
    let mut refs = Refs::new();
    let mut put = |i: usize, field: &'static str, reference: Option<String>| {
        if let Some(reference) = reference {
            refs.entry((i, field)).or_default().push(reference);
        }
    };
    for edge in &graph.edges {
        let (a, b) = (edge.from, edge.to);
        let (Some(ka), Some(kb)) = (kinds[a], kinds[b]) else {
            continue;
        };
        if a == b {
            continue;
        }
        let kind = super::identity::relationship_kind(&edge.relationship.kind).0;
        match (ka, kb, kind.as_str()) {
            ("Group", _, "owns") if kb != "Group" && kb != "User" => put(b, "owner", full(a)),
            (_, "Group", "owned_by") => put(a, "owner", full(b)),
            ("Component" | "API" | "Resource", "System", "part_of") => {
                put(a, "system", short(a, b));
            }
            ("System", "Domain", "part_of") => put(a, "domain", short(a, b)),
            ("Group", "Group", "part_of") => {
                put(a, "parent", short(a, b));
                put(b, "children", full(a));
            }
            ("User", "Group", "part_of") => {
                put(a, "memberOf", full(b));
                put(b, "members", short(b, a));
            }
            ("Component", "Component", "part_of") => put(a, "subcomponentOf", full(b)),
            ("Component", "API", "exposes" | "provides" | "implements") => {
                put(a, "providesApis", full(b));
            }
            ("Component", "API", _) => put(a, "consumesApis", full(b)),
            ("Component" | "Resource", "Component" | "Resource", _) => {
                put(a, "dependsOn", full(b));
                put(b, "dependencyOf", full(a));
            }
            _ => {}
        }
    }
    refs
}

/// What the catalog said of an entity under `part` (`metadata`, `spec`), empty if nothing.
fn catalog_part(entity: &Entity, part: &str) -> Map<String, Value> {
    entity
        .catalog
        .get(part)
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default()
}

/// An entity's `metadata`: the catalog's, with archie's name, title, description, tags
/// and annotations.
fn catalog_metadata(node: &Node<'_>, name: &str) -> Map<String, Value> {
    let entity = node.entity;
    let mut metadata = catalog_part(entity, "metadata");
    metadata.insert("name".into(), json!(name));
    metadata.insert("title".into(), json!(entity.name));
    if !entity.description.is_empty() {
        metadata.insert("description".into(), json!(entity.description));
    }
    let tags = backstage_tags(&entity.tags);
    if !tags.is_empty() {
        metadata.insert("tags".into(), json!(tags));
    }
    let mut annotations = metadata
        .get("annotations")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    annotations.insert(BACKSTAGE_ANNOTATION.into(), json!("archie"));
    annotations.insert("archie/type".into(), json!(node.kind));
    let aliases: Vec<&str> = entity.aliases().collect();
    if !aliases.is_empty() {
        annotations.insert("archie/aliases".into(), json!(aliases.join(", ")));
    }
    metadata.insert("annotations".into(), Value::Object(annotations));
    metadata
}

/// An entity's `spec` without its relations: the catalog's, with the defaults and the
/// type its kind needs.
fn catalog_spec(node: &Node<'_>, kind: &str) -> Map<String, Value> {
    let entity = node.entity;
    let mut spec = catalog_part(entity, "spec");
    // The catalog's `spec.type` unless archie's type of the entity changed since (a
    // Component's and a Resource's type say what archie's type is).
    let stated_type = spec
        .get("type")
        .and_then(Value::as_str)
        .filter(|t| {
            !matches!(kind, "Component" | "Resource")
                || archie_type(&kind.to_ascii_lowercase(), t).as_deref() == Some(node.kind.as_str())
        })
        .map(str::to_string);
    let mut default = |field: &str, value: Value| {
        spec.entry(field.to_string()).or_insert(value);
    };
    match kind {
        "Component" => {
            let kind_of = match node.kind.as_str() {
                "frontend" => "website",
                "library" => "library",
                _ => "service",
            };
            default("lifecycle", json!("production"));
            spec.insert(
                "type".into(),
                json!(stated_type.as_deref().unwrap_or(kind_of)),
            );
        }
        "API" => {
            default("type", json!("openapi"));
            default("lifecycle", json!("production"));
            let definition = if entity.description.is_empty() {
                format!("{} (described by archie; no definition known)", entity.name)
            } else {
                entity.description.clone()
            };
            default("definition", json!(definition));
        }
        "Resource" => {
            let type_of = stated_type.unwrap_or_else(|| node.kind.clone());
            spec.insert("type".into(), json!(type_of));
        }
        "Group" => default("type", json!("team")),
        _ => {}
    }
    if matches!(kind, "Component" | "API" | "Resource" | "System" | "Domain") {
        spec.insert("owner".into(), json!("unknown"));
    }
    if kind == "Group" {
        spec.insert("children".into(), json!([]));
    }
    if kind == "User" {
        spec.insert("memberOf".into(), json!([]));
    }
    spec
}

/// The relation fields of entity `i` into its `spec` (taken out of `refs`).
fn relations_into(spec: &mut Map<String, Value>, refs: &mut Refs, i: usize) {
    for &(field, ..) in RELATIONS {
        let inverse = INVERSE_FIELDS.contains(&field);
        let Some(mut list) = refs.remove(&(i, field)) else {
            if inverse && spec.contains_key(field) {
                spec.insert(field.into(), json!([]));
            }
            continue;
        };
        if inverse && !spec.contains_key(field) {
            continue;
        }
        list.sort();
        list.dedup();
        // `owner`, `system`, `domain`, `parent` and `subcomponentOf` name one entity:
        // the first.
        let single = matches!(
            field,
            "owner" | "system" | "domain" | "parent" | "subcomponentOf"
        );
        let value = if single { json!(list[0]) } else { json!(list) };
        spec.insert(field.into(), value);
    }
}

/// An entity's tags as Backstage takes them (`[a-z0-9:+#]` words joined by `-`, at most
/// 63 characters): lower case, other characters turned into `-`.
fn backstage_tags(tags: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for tag in tags {
        let mut clean = String::new();
        for c in tag.to_lowercase().chars() {
            if c.is_ascii_alphanumeric() || matches!(c, ':' | '+' | '#') {
                clean.push(c);
            } else if !clean.is_empty() && !clean.ends_with('-') {
                clean.push('-');
            }
        }
        clean.truncate(63);
        let clean = clean.trim_end_matches('-').to_string();
        if !clean.is_empty() && !out.contains(&clean) {
            out.push(clean);
        }
    }
    out
}

/// The kind and name an entity read from a catalog had there.
fn catalog_identity(entity: &Entity) -> Option<(&str, &str)> {
    let identity = entity.properties.get(BACKSTAGE_KEY)?;
    Some((identity["kind"].as_str()?, identity["name"].as_str()?))
}

fn valid_backstage_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    !name.is_empty()
        && name.len() <= 63
        && bytes[0].is_ascii_alphanumeric()
        && bytes[bytes.len() - 1].is_ascii_alphanumeric()
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

fn backstage_kind(node: &Node) -> Option<&'static str> {
    if let Some((kind, _)) = catalog_identity(node.entity)
        && let Some(known) = BACKSTAGE_KINDS.iter().find(|k| **k == kind)
    {
        return Some(known);
    }
    Some(match (node.family, node.kind.as_str()) {
        (_, "api") => "API",
        (_, "system" | "external_system") => "System",
        (Family::Concept, "concept") => return None,
        (_, "domain") => "Domain",
        (Family::Team, _) => "Group",
        (Family::Store | Family::Channel, _) => "Resource",
        (Family::Component | Family::Library, _) => "Component",
        _ => return None,
    })
}

/// A Backstage name: letters, digits and `-`, `_`, `.` between them, at most 63
/// characters, unique among entities of one kind in one namespace.
fn backstage_name(
    name: &str,
    kind: &str,
    namespace: &str,
    used: &mut HashSet<(String, String, String)>,
) -> String {
    let mut base = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            base.push(c.to_ascii_lowercase());
        } else if !base.is_empty() && !base.ends_with('-') {
            base.push('-');
        }
    }
    let mut base = base.trim_end_matches('-').to_string();
    if base.is_empty() {
        base = "entity".into();
    }
    base.truncate(56);
    let base = base.trim_end_matches('-').to_string();
    let mut candidate = base.clone();
    let mut n = 2;
    while !used.insert((kind.to_string(), namespace.to_string(), candidate.clone())) {
        candidate = format!("{base}-{n}");
        n += 1;
    }
    candidate
}

/// Block-style YAML of a JSON value: maps and lists indented, every string
/// double-quoted (JSON's escapes are YAML's), so no value is read as another type.
fn yaml(value: &Value, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    match value {
        Value::Object(map) => {
            // Backstage's own order first (apiVersion, kind, metadata, spec; name before
            // title …), then the rest alphabetically.
            const FIRST: &[&str] = &[
                "apiVersion",
                "kind",
                "metadata",
                "spec",
                "name",
                "namespace",
                "title",
                "description",
                "type",
                "lifecycle",
                "owner",
                "system",
            ];
            let rank = |k: &str| FIRST.iter().position(|f| *f == k).unwrap_or(FIRST.len());
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by_key(|(k, _)| rank(k));
            for (key, item) in entries {
                // A key as a plain YAML scalar when it is one, else quoted.
                let plain = key
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphanumeric())
                    && key
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'));
                let key = if plain {
                    key.clone()
                } else {
                    Value::String(key.clone()).to_string()
                };
                match item {
                    Value::Object(inner) if !inner.is_empty() => {
                        let _ = writeln!(out, "{pad}{key}:");
                        yaml(item, indent + 2, out);
                    }
                    Value::Array(items) if !items.is_empty() => {
                        let _ = writeln!(out, "{pad}{key}:");
                        yaml(item, indent + 2, out);
                    }
                    _ => {
                        let _ = writeln!(out, "{pad}{key}: {}", scalar(item));
                    }
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                match item {
                    // A map in a list (`links`): its first line after the `- `.
                    Value::Object(inner) if !inner.is_empty() => {
                        let mut block = String::new();
                        yaml(item, indent + 2, &mut block);
                        let _ = write!(out, "{pad}- {}", &block[indent + 2..]);
                    }
                    _ => {
                        let _ = writeln!(out, "{pad}- {}", scalar(item));
                    }
                }
            }
        }
        _ => {
            let _ = writeln!(out, "{pad}{}", scalar(value));
        }
    }
}

fn scalar(value: &Value) -> String {
    match value {
        Value::Object(map) if map.is_empty() => "{}".into(),
        Value::Array(items) if items.is_empty() => "[]".into(),
        // A list inside a list: JSON's flow form is YAML too.
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CATALOG: &str = r#"
apiVersion: backstage.io/v1alpha1
kind: Component
metadata:
  name: order-service
  title: Order Service
  description: Takes orders
spec:
  type: service
  lifecycle: production
  owner: team-payments
  system: shop
  dependsOn: [resource:default/orders-db, component:stripe-adapter]
  providesApis: [orders-api]
  consumesApis: [pricing-api]
---
apiVersion: backstage.io/v1alpha1
kind: Resource
metadata: {name: orders-db}
spec: {type: database, owner: team-payments}
---
apiVersion: backstage.io/v1alpha1
kind: API
metadata: {name: orders-api, title: Orders API}
spec: {type: openapi, lifecycle: production, owner: team-payments, definition: "openapi: 3.0.0"}
---
apiVersion: backstage.io/v1alpha1
kind: Group
metadata: {name: team-payments, title: Payments Team}
spec: {type: team, children: []}
---
apiVersion: backstage.io/v1alpha1
kind: System
metadata: {name: shop}
spec: {owner: team-payments, domain: commerce}
---
apiVersion: backstage.io/v1alpha1
kind: Location
metadata: {name: everything}
spec: {targets: [./other.yaml]}
"#;

    #[test]
    fn a_catalog_becomes_entities_and_relationships() {
        let catalog = read(&[("catalog-info.yaml".into(), CATALOG.into())]).unwrap();
        assert_eq!(catalog.entities, 5);
        assert_eq!(catalog.skipped, ["Location"]);
        let m = &catalog.memory;
        let service = m.entity("Order Service").unwrap();
        assert_eq!(service.kind, "service");
        assert_eq!(service.description, "Takes orders");
        assert_eq!(
            service.properties[BACKSTAGE_KEY],
            json!({"kind": "Component", "name": "order-service"})
        );
        assert_eq!(m.entity("Payments Team").unwrap().kind, "team");
        assert_eq!(m.entity("team-payments").unwrap().name, "Payments Team");
        assert_eq!(m.entity("orders-db").unwrap().kind, "database");
        // References to entities in no file become entities of the referenced kind.
        assert_eq!(m.entity("stripe-adapter").unwrap().kind, "service");
        assert_eq!(m.entity("pricing-api").unwrap().kind, "api");
        assert_eq!(m.entity("commerce").unwrap().kind, "concept");
        let mut rels: Vec<String> = m
            .relationships()
            .iter()
            .map(|r| format!("{} {} {}", r.from, r.kind, r.to))
            .collect();
        rels.sort();
        assert_eq!(
            rels,
            [
                "Order Service calls pricing-api",
                "Order Service depends_on orders-db",
                "Order Service depends_on stripe-adapter",
                "Order Service exposes Orders API",
                "Order Service part_of shop",
                "Payments Team owns Order Service",
                "Payments Team owns Orders API",
                "Payments Team owns orders-db",
                "Payments Team owns shop",
                "shop part_of commerce",
            ]
        );
    }

    use super::super::export::tests::memory;

    #[test]
    fn backstage_kinds_names_and_relations() {
        let entities = backstage_entities(&memory());
        let find = |name: &str| {
            entities
                .iter()
                .find(|e| e["metadata"]["title"] == name)
                .cloned()
                .unwrap()
        };
        let service = find("Order Service");
        assert_eq!(service["kind"], "Component");
        assert_eq!(service["metadata"]["name"], "order-service");
        assert_eq!(service["spec"]["owner"], "group:default/payments-team");
        assert_eq!(
            service["spec"]["dependsOn"],
            json!([
                "resource:default/order-events",
                "resource:default/orders-db"
            ])
        );
        assert_eq!(
            service["spec"]["providesApis"],
            json!(["api:default/orders-api"])
        );
        assert_eq!(find("Orders DB")["kind"], "Resource");
        assert_eq!(find("Payments Team")["kind"], "Group");
        assert_eq!(find("Stripe")["kind"], "System");
        assert!(
            entities
                .iter()
                .all(|e| e["metadata"]["title"] != "3D Secure")
        );
        let yaml = memory().to_backstage();
        assert_eq!(yaml.matches("---\n").count(), 6);
        assert!(yaml.contains("  title: \"Order Service\"\n"), "{yaml}");
    }

    #[test]
    fn names_are_valid_and_unique() {
        let mut used = HashSet::new();
        let mut name = |name: &str, kind: &str, namespace: &str| {
            backstage_name(name, kind, namespace, &mut used)
        };
        assert_eq!(name("Orders DB", "Resource", "default"), "orders-db");
        assert_eq!(name("orders_db", "Resource", "default"), "orders-db-2");
        assert_eq!(name("orders_db", "Component", "default"), "orders-db");
        assert_eq!(name("orders_db", "Resource", "payments"), "orders-db");
        assert_eq!(name("¿¿", "Component", "default"), "entity");
        assert!(name(&"x".repeat(100), "Component", "default").len() <= 63);
        assert_eq!(
            backstage_tags(&[
                "Java".into(),
                "event sourcing".into(),
                "java".into(),
                "--".into()
            ]),
            ["java", "event-sourcing"]
        );
    }

    const RICH: &str = r#"
apiVersion: backstage.io/v1alpha1
kind: Resource
metadata:
  name: order-events
  namespace: payments
  labels: {tier: gold}
spec: {type: kafka-topic, owner: group:default/team-payments, partitions: 12}
---
apiVersion: backstage.io/v1alpha1
kind: API
metadata:
  name: orders-grpc
  namespace: payments
  tags: [grpc, orders]
  links: [{url: "https://example.com/docs", title: Docs, icon: docs}]
spec:
  type: grpc
  lifecycle: experimental
  owner: team-payments
  definition: "syntax = \"proto3\";\nservice Orders {}\n"
"#;

    #[test]
    fn what_archie_does_not_model_is_kept_and_written_back() {
        let catalog = read(&[("c.yaml".into(), RICH.into())]).unwrap();
        let m = &catalog.memory;
        let topic = m.entity("order-events").unwrap();
        // A topic is a queue to archie, and a kafka-topic again in the catalog.
        assert_eq!(topic.kind, "queue");
        assert_eq!(
            Value::Object(topic.catalog.clone()),
            json!({"metadata": {"namespace": "payments", "labels": {"tier": "gold"}},
                   "spec": {"type": "kafka-topic", "partitions": 12}})
        );
        let api = m.entity("orders-grpc").unwrap();
        assert_eq!(api.tags, ["grpc", "orders"]);
        // The owner is a relationship, across namespaces.
        assert!(
            m.relationships()
                .iter()
                .any(|r| r.from == "team-payments" && r.to == "orders-grpc" && r.kind == "owns")
        );
        let out = backstage_entities(m);
        let find = |name: &str| out.iter().find(|e| e["metadata"]["name"] == name).unwrap();
        let topic = find("order-events");
        assert_eq!(topic["spec"]["type"], "kafka-topic");
        assert_eq!(topic["spec"]["partitions"], 12);
        assert_eq!(topic["metadata"]["namespace"], "payments");
        assert_eq!(topic["metadata"]["labels"]["tier"], "gold");
        let api = find("orders-grpc");
        assert_eq!(api["spec"]["type"], "grpc");
        assert_eq!(api["spec"]["lifecycle"], "experimental");
        assert_eq!(
            api["spec"]["definition"],
            "syntax = \"proto3\";\nservice Orders {}\n"
        );
        assert_eq!(api["spec"]["owner"], "group:default/team-payments");
        assert_eq!(api["metadata"]["tags"], json!(["grpc", "orders"]));
        assert_eq!(api["metadata"]["links"][0]["icon"], "docs");
        // The YAML reads back as the same values.
        let yaml = m.to_backstage();
        let again = read(&[("again.yaml".into(), yaml.clone())]).unwrap();
        assert_eq!(
            again.memory.entity("orders-grpc").unwrap().catalog,
            m.entity("orders-grpc").unwrap().catalog,
            "{yaml}"
        );
        assert_eq!(again.memory.entity("order-events").unwrap().kind, "queue");
    }

    #[test]
    fn a_type_archie_changed_wins_over_the_catalogs() {
        let mut m = read(&[("c.yaml".into(), RICH.into())]).unwrap().memory;
        m.upsert_entity(Entity::new("order-events", "cache"));
        let out = backstage_entities(&m);
        let topic = out
            .iter()
            .find(|e| e["metadata"]["name"] == "order-events")
            .unwrap();
        assert_eq!(topic["spec"]["type"], "cache");
    }

    #[test]
    fn reading_a_catalog_again_replaces_its_extras_and_another_entity_adds_to_them() {
        let mut m = read(&[("c.yaml".into(), RICH.into())]).unwrap().memory;
        let changed = RICH.replace("labels: {tier: gold}", "labels: {tier: silver}");
        let again = read(&[("c.yaml".into(), changed)]).unwrap().memory;
        m.merge(again);
        let topic = m.entity("order-events").unwrap();
        assert_eq!(
            topic.catalog["metadata"]["labels"],
            json!({"tier": "silver"})
        );
        // Documents that mention it change nothing of what the catalog said.
        m.upsert_entity(Entity::new("Order Events", "queue").description("Orders as they happen"));
        assert_eq!(
            m.entity("order-events").unwrap().catalog["spec"]["partitions"],
            12
        );
        // The same thing under another catalog name: its fields are added, the later
        // one's winning where both speak.
        let other = "apiVersion: backstage.io/v1alpha1\nkind: Resource\nmetadata: {name: orders-topic, title: order-events, annotations: {a/b: c}}\nspec: {type: topic, partitions: 24}\n";
        m.merge(read(&[("d.yaml".into(), other.into())]).unwrap().memory);
        let topic = m.entity("order-events").unwrap();
        assert_eq!(topic.catalog["spec"]["partitions"], 24);
        assert_eq!(topic.catalog["metadata"]["annotations"]["a/b"], "c");
        assert_eq!(topic.catalog["metadata"]["labels"]["tier"], "silver");
    }

    #[test]
    fn bad_yaml_names_the_file() {
        let err = read(&[("a.yaml".into(), "kind: [unclosed".into())]).unwrap_err();
        assert!(err.starts_with("a.yaml: "), "{err}");
    }
}
