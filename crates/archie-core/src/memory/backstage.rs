//! A Backstage catalog (`catalog-info.yaml`) read into a memory: Components, APIs,
//! Resources, Systems, Domains, Groups and Users become entities, and `spec.owner`,
//! `spec.system`, `spec.domain`, `dependsOn`, `dependencyOf`, `providesApis`,
//! `consumesApis` and `subcomponentOf` relationships. The result goes through the same
//! merge as extraction, so the catalog's names land on the entities the documents
//! mention, and theirs become aliases.
//!
//! Each entity keeps its catalog identity in `properties.backstage` (`kind`, `name`), so an
//! export writes it back under the same reference.

use super::Memory;
use super::export::BACKSTAGE_ANNOTATION;
use super::model::{Entity, Relationship};
use serde_json::{Map, Value, json};
use std::collections::HashMap;
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
    /// `metadata.title`, else `metadata.name`: the entity's name in archie.
    display: String,
    description: String,
    spec: Map<String, Value>,
    annotations: Map<String, Value>,
}

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
    let mut by_ref: HashMap<(String, String), usize> = HashMap::new();
    let mut by_name: HashMap<String, usize> = HashMap::new();
    for (i, doc) in docs.iter().enumerate() {
        by_ref.insert((doc.kind.to_ascii_lowercase(), doc.name.clone()), i);
        by_name.entry(doc.name.clone()).or_insert(i);
    }
    let mut memory = Memory::new();
    for doc in &docs {
        memory.upsert_entity(entity(doc).source(super::source::import(&doc.origin)));
    }
    let resolve = |reference: &str, default_kind: &str| -> (String, Option<&'static str>) {
        let (kind, rest) = match reference.split_once(':') {
            Some((kind, rest)) => (kind.to_ascii_lowercase(), rest),
            None => (default_kind.to_string(), reference),
        };
        let name = rest.rsplit('/').next().unwrap_or(rest).to_string();
        let found = by_ref
            .get(&(kind.clone(), name.clone()))
            .or_else(|| by_name.get(&name));
        match found {
            Some(&i) => (docs[i].display.clone(), None),
            // A reference to an entity not in these files: named as referenced.
            None => (name, archie_type(&kind, "")),
        }
    };
    for doc in &docs {
        let stated = super::source::import(&doc.origin);
        let mut relate = |field: &str, default_kind: &str, kind: &str, outgoing: bool| {
            for reference in strings(doc.spec.get(field)) {
                let (other, other_type) = resolve(&reference, default_kind);
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
        };
        relate("owner", "group", "owns", false);
        relate("system", "system", "part_of", true);
        relate("domain", "domain", "part_of", true);
        relate("subcomponentOf", "component", "part_of", true);
        relate("dependsOn", "component", "depends_on", true);
        relate("dependencyOf", "component", "depends_on", false);
        relate("providesApis", "api", "exposes", true);
        relate("consumesApis", "api", "calls", true);
        relate("parent", "group", "part_of", true);
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
    if !matches!(
        kind,
        "Component" | "API" | "Resource" | "System" | "Domain" | "Group" | "User"
    ) {
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
    Some(Doc {
        origin: String::new(),
        kind: kind.to_string(),
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
        name,
        display,
    })
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
        .or_else(|| archie_type(&doc.kind.to_ascii_lowercase(), spec_type).map(str::to_string))
        .unwrap_or_else(|| "unknown".to_string());
    let mut entity = Entity::new(doc.display.clone(), kind)
        .description(doc.description.clone())
        .property(BACKSTAGE_KEY, json!({"kind": doc.kind, "name": doc.name}));
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
        entity = entity.property(super::merge::ALIASES, json!(aliases));
    }
    entity
}

/// archie's type for a catalog kind (lower case) and its `spec.type`.
fn archie_type(kind: &str, spec_type: &str) -> Option<&'static str> {
    Some(match (kind, spec_type) {
        ("component", "website") => "frontend",
        ("component", "library") => "library",
        ("component", _) => "service",
        ("api", _) => "api",
        ("resource", "cache") => "cache",
        ("resource", "queue" | "topic" | "stream") => "queue",
        ("resource", "bucket" | "s3-bucket" | "storage") => "bucket",
        ("resource", _) => "database",
        ("system", _) => "system",
        ("domain", _) => "concept",
        ("group", _) => "team",
        ("user", _) => "person",
        _ => return None,
    })
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

    #[test]
    fn bad_yaml_names_the_file() {
        let err = read(&[("a.yaml".into(), "kind: [unclosed".into())]).unwrap_err();
        assert!(err.starts_with("a.yaml: "), "{err}");
    }
}
