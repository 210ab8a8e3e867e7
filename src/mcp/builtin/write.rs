//! The tools that change the memory file (offered by `archie mcp` only): add and
//! delete entities, relationships and observations, each under the file's lock
//! (`Inner::write`), with their arguments.

use super::Inner;
use crate::mcp::{McpError, ToolOutput};
use crate::memory::{Entity, MergeReport, Relationship};
use serde::Deserialize;
use serde_json::{Value, json};

impl Inner {
    /// Merges `entities` and `relationships` into the memory file by the memory's rules.
    fn merge(
        &self,
        entities: Vec<Entity>,
        relationships: Vec<Relationship>,
    ) -> Result<MergeReport, McpError> {
        self.write(|memory| {
            let mut report = MergeReport::default();
            memory.merge_parts(entities, relationships, &mut report);
            report
        })
    }

    pub(super) fn add_entities(&self, a: AddEntities) -> Result<ToolOutput, McpError> {
        let entities = a.entities.into_iter().map(NewEntity::into_entity).collect();
        let report = self.merge(entities, Vec::new())?;
        Ok(ToolOutput::structured(json!({
            "added": report.entities_added,
            "updated": report.entities_updated,
            "unchanged": report.entities_unchanged,
            "skipped": report.skipped,
        })))
    }

    pub(super) fn add_relationships(&self, a: Rels) -> Result<ToolOutput, McpError> {
        let rels = a
            .relationships
            .into_iter()
            .map(|r| Relationship::new(r.from, r.kind, r.to))
            .collect();
        let report = self.merge(Vec::new(), rels)?;
        Ok(ToolOutput::structured(json!({
            "added": report.relationships_added,
            "unchanged": report.relationships_unchanged,
            "entities_created": report.stubs_added,
            "skipped": report.skipped,
        })))
    }

    pub(super) fn add_observations(&self, a: AddObservations) -> Result<ToolOutput, McpError> {
        let (added, missing) = self.write(|memory| {
            let mut added = 0;
            let mut missing = Vec::new();
            for o in a.observations {
                let Some(entity) = memory.entity_mut(&o.entity) else {
                    missing.push(o.entity);
                    continue;
                };
                added += with_observations(entity, |list| {
                    let mut n = 0;
                    for c in o.contents {
                        let c = Value::String(c.trim().to_string());
                        if !list.contains(&c) {
                            list.push(c);
                            n += 1;
                        }
                    }
                    n
                });
            }
            (added, missing)
        })?;
        let value = json!({"added": added, "unknown_entities": missing});
        Ok(if missing_is_empty(&value) {
            ToolOutput::structured(value)
        } else {
            ToolOutput {
                is_error: true,
                ..ToolOutput::structured(value)
            }
        })
    }

    pub(super) fn delete_entities(&self, a: DeleteEntities) -> Result<ToolOutput, McpError> {
        let (entities, relationships) = self.write(|memory| {
            let (rest, e, r) = memory.without(&a.names, &[]);
            *memory = rest;
            (e, r)
        })?;
        Ok(ToolOutput::structured(json!({
            "entities_removed": entities,
            "relationships_removed": relationships,
        })))
    }

    pub(super) fn delete_relationships(&self, a: Rels) -> Result<ToolOutput, McpError> {
        let removed = self.write(|memory| {
            let gone: Vec<(String, String, String)> = a
                .relationships
                .into_iter()
                .map(|r| (r.from, r.to, r.kind))
                .collect();
            let (rest, _, r) = memory.without(&[], &gone);
            *memory = rest;
            r
        })?;
        Ok(ToolOutput::structured(
            json!({ "relationships_removed": removed }),
        ))
    }

    pub(super) fn delete_observations(
        &self,
        a: DeleteObservations,
    ) -> Result<ToolOutput, McpError> {
        let removed = self.write(|memory| {
            let mut removed = 0;
            for d in a.deletions {
                if let Some(entity) = memory.entity_mut(&d.entity) {
                    removed += with_observations(entity, |list| {
                        let before = list.len();
                        list.retain(|o| !d.observations.iter().any(|x| o.as_str() == Some(x)));
                        before - list.len()
                    });
                }
            }
            removed
        })?;
        Ok(ToolOutput::structured(
            json!({ "observations_removed": removed }),
        ))
    }
}

fn missing_is_empty(v: &Value) -> bool {
    v["unknown_entities"].as_array().is_none_or(Vec::is_empty)
}

/// Runs `f` over an entity's observations (`properties.observations`, a list of
/// strings), storing the list back if it is not empty.
fn with_observations<R>(entity: &mut Entity, f: impl FnOnce(&mut Vec<Value>) -> R) -> R {
    let mut list = match entity.properties.remove("observations") {
        Some(Value::Array(list)) => list,
        None | Some(Value::Null) => Vec::new(),
        Some(other) => vec![other],
    };
    let result = f(&mut list);
    if !list.is_empty() {
        entity
            .properties
            .insert("observations".into(), Value::Array(list));
    }
    result
}

#[derive(Deserialize)]
pub(super) struct AddEntities {
    entities: Vec<NewEntity>,
}

#[derive(Deserialize)]
pub(super) struct NewEntity {
    name: String,
    #[serde(rename = "type", alias = "entityType", default)]
    kind: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default)]
    observations: Vec<String>,
}

impl NewEntity {
    fn into_entity(self) -> Entity {
        let mut e = Entity::new(self.name, self.kind);
        e.description = self.description;
        e.tags = self.tags;
        if !self.observations.is_empty() {
            e.properties.insert(
                "observations".into(),
                Value::Array(self.observations.into_iter().map(Value::String).collect()),
            );
        }
        e
    }
}

#[derive(Deserialize)]
pub(super) struct Rels {
    relationships: Vec<RelArg>,
}

#[derive(Deserialize)]
pub(super) struct RelArg {
    from: String,
    to: String,
    #[serde(rename = "type", alias = "relationType")]
    kind: String,
}

#[derive(Deserialize)]
pub(super) struct AddObservations {
    observations: Vec<ObservationArg>,
}

#[derive(Deserialize)]
pub(super) struct ObservationArg {
    #[serde(alias = "entityName")]
    entity: String,
    contents: Vec<String>,
}

#[derive(Deserialize)]
pub(super) struct DeleteEntities {
    #[serde(alias = "entityNames")]
    names: Vec<String>,
}

#[derive(Deserialize)]
pub(super) struct DeleteObservations {
    deletions: Vec<DeletionArg>,
}

#[derive(Deserialize)]
pub(super) struct DeletionArg {
    #[serde(alias = "entityName")]
    entity: String,
    observations: Vec<String>,
}
