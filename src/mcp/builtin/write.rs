//! The tools that change the memory file (offered by `archie mcp` only): add and
//! delete entities, relationships and observations, in archie's shapes and in the
//! reference memory server's (`create_entities`, `create_relations`,
//! `delete_relations`, and its shapes of `add_observations`, `delete_entities` and
//! `delete_observations`), each under the file's lock ([`Call::write`]), with their
//! arguments and results.

use super::Call;
use super::read::{MemoryEntity, MemoryRelation};
use super::reply::{Reply, js_pretty};
use super::schema::one_of_required;
use crate::mcp::McpError;
use crate::memory::identity::split_note;
use crate::memory::{Entity, MergeReport, Relationship, key, relationship_type};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashSet;

impl Call<'_> {
    /// `entities` and `relationships` with this call's client as their source.
    fn sourced(
        &self,
        entities: Vec<Entity>,
        relationships: Vec<Relationship>,
    ) -> (Vec<Entity>, Vec<Relationship>) {
        let source = self.source();
        (
            entities
                .into_iter()
                .map(|e| e.source(source.clone()))
                .collect(),
            relationships
                .into_iter()
                .map(|r| r.source(source.clone()))
                .collect(),
        )
    }

    /// Merges `entities` and `relationships` into the memory file by the memory's rules.
    fn merge(
        &self,
        entities: Vec<Entity>,
        relationships: Vec<Relationship>,
    ) -> Result<MergeReport, McpError> {
        let (entities, relationships) = self.sourced(entities, relationships);
        self.write(|memory| {
            let mut report = MergeReport::default();
            memory.merge_parts(entities, relationships, &mut report);
            report
        })
    }

    pub(super) fn add_entities(&self, a: AddEntities) -> Result<Reply<EntityCounts>, McpError> {
        let entities = a.entities.into_iter().map(NewEntity::into_entity).collect();
        let report = self.merge(entities, Vec::new())?;
        Ok(Reply::ok(EntityCounts {
            added: report.entities_added,
            updated: report.entities_updated,
            unchanged: report.entities_unchanged,
            skipped: report.skipped,
        }))
    }

    pub(super) fn add_relationships(&self, a: Rels) -> Result<Reply<RelationshipCounts>, McpError> {
        let rels = a
            .relationships
            .into_iter()
            .map(|r| {
                Relationship::new(r.from, r.kind.or(r.relation_type).unwrap_or_default(), r.to)
            })
            .collect();
        let report = self.merge(Vec::new(), rels)?;
        Ok(Reply::ok(RelationshipCounts {
            added: report.relationships_added,
            unchanged: report.relationships_unchanged,
            entities_created: report.stubs_added,
            skipped: report.skipped,
        }))
    }

    pub(super) fn add_observations(
        &self,
        a: AddObservations,
    ) -> Result<Reply<ObservationsAdded>, McpError> {
        let source = self.source();
        let (results, missing) = self.write(|memory| {
            let mut results = Vec::new();
            let mut missing = Vec::new();
            for o in a.observations {
                let name = o.entity.or(o.entity_name).unwrap_or_default();
                let Some(entity) = memory.entity_mut(&name) else {
                    missing.push(name);
                    continue;
                };
                let added = with_observations(entity, |list| {
                    let mut added = Vec::new();
                    for c in o.contents {
                        let c = c.trim().to_string();
                        let v = Value::String(c.clone());
                        if !list.contains(&v) {
                            list.push(v);
                            added.push(c);
                        }
                    }
                    added
                });
                if !added.is_empty() {
                    // An observation is stated by its client (kept per entity).
                    crate::memory::source::add(&mut entity.sources, source.clone());
                }
                results.push(AddedTo {
                    entity_name: name,
                    added_observations: added,
                });
            }
            (results, missing)
        })?;
        let error = (!missing.is_empty()).then(|| {
            format!(
                "no entity named {}: create it first (add_entities or create_entities); \
                 the observations for the other entities were added",
                missing
                    .iter()
                    .map(|m| format!("\"{m}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        });
        let text = vec![js_pretty(&results)];
        Ok(Reply::partial(
            ObservationsAdded {
                added: results.iter().map(|r| r.added_observations.len()).sum(),
                results,
                unknown_entities: missing,
            },
            error,
        )
        .text(text))
    }

    pub(super) fn delete_entities(
        &self,
        a: DeleteEntities,
    ) -> Result<Reply<EntitiesRemoved>, McpError> {
        let names = a.names.or(a.entity_names).unwrap_or_default();
        let (entities, relationships) = self.write(|memory| {
            let (rest, e, r) = memory.without(&names, &[]);
            *memory = rest;
            (e, r)
        })?;
        Ok(Reply::ok(EntitiesRemoved {
            success: true,
            message: ENTITIES_DELETED.into(),
            entities_removed: entities,
            relationships_removed: relationships,
        })
        .text(vec![ENTITIES_DELETED.into()]))
    }

    pub(super) fn delete_relationships(
        &self,
        a: Rels,
    ) -> Result<Reply<RelationshipsRemoved>, McpError> {
        let gone = a
            .relationships
            .into_iter()
            .map(|r| (r.from, r.to, r.kind.or(r.relation_type).unwrap_or_default()))
            .collect();
        self.remove_relationships(gone)
    }

    fn remove_relationships(
        &self,
        gone: Vec<(String, String, String)>,
    ) -> Result<Reply<RelationshipsRemoved>, McpError> {
        let removed = self.write(|memory| {
            let (rest, _, r) = memory.without(&[], &gone);
            *memory = rest;
            r
        })?;
        Ok(Reply::ok(RelationshipsRemoved {
            success: true,
            message: RELATIONS_DELETED.into(),
            relationships_removed: removed,
        })
        .text(vec![RELATIONS_DELETED.into()]))
    }

    pub(super) fn delete_observations(
        &self,
        a: DeleteObservations,
    ) -> Result<Reply<ObservationsRemoved>, McpError> {
        let removed = self.write(|memory| {
            let mut removed = 0;
            for d in a.deletions {
                let name = d.entity.or(d.entity_name).unwrap_or_default();
                if let Some(entity) = memory.entity_mut(&name) {
                    removed += with_observations(entity, |list| {
                        let before = list.len();
                        list.retain(|o| !d.observations.iter().any(|x| o.as_str() == Some(x)));
                        before - list.len()
                    });
                }
            }
            removed
        })?;
        Ok(Reply::ok(ObservationsRemoved {
            success: true,
            message: OBSERVATIONS_DELETED.into(),
            observations_removed: removed,
        })
        .text(vec![OBSERVATIONS_DELETED.into()]))
    }

    /// The reference server's `create_entities`: answers the entities that were new, as
    /// stored (its text block: the bare array, as it writes it). One that exists already (by archie's
    /// identity: case and spacing ignored) is merged into, where the reference server
    /// would skip it; a merge that changed the entity, or that took a name spelled
    /// otherwise, is said in a second text block and in `merged`.
    pub(super) fn create_entities(
        &self,
        a: CreateEntities,
    ) -> Result<Reply<CreatedEntities>, McpError> {
        let (created, merged) = self.write(|memory| {
            let mut seen = HashSet::new();
            let created: Vec<MemoryEntity> = a
                .entities
                .iter()
                .filter(|e| memory.entity(&e.name).is_none() && seen.insert(key(&e.name)))
                .cloned()
                .collect();
            let before: Vec<(String, MemoryEntity)> = a
                .entities
                .iter()
                .filter_map(|e| {
                    let had = memory.entity(&e.name)?;
                    Some((e.name.clone(), MemoryEntity::from(had)))
                })
                .collect();
            let entities = a
                .entities
                .into_iter()
                .map(|e| {
                    NewEntity {
                        name: e.name,
                        kind: None,
                        entity_type: Some(e.entity_type),
                        description: String::new(),
                        tags: Vec::new(),
                        observations: e.observations,
                    }
                    .into_entity()
                })
                .collect();
            let (entities, _) = self.sourced(entities, Vec::new());
            let mut report = MergeReport::default();
            memory.merge_parts(entities, Vec::new(), &mut report);
            // What was new, as stored: its type in the identity vocabulary (`ExternalApi`
            // → `external_system`), a note in parentheses set aside; two spellings of one
            // thing in one call are one entity.
            let mut stored = HashSet::new();
            let created: Vec<MemoryEntity> = created
                .into_iter()
                .map(|asked| {
                    memory
                        .entity(&asked.name)
                        .or_else(|| memory.entity(&split_note(&asked.name).0))
                        .map_or(asked, MemoryEntity::from)
                })
                .filter(|e| stored.insert(key(&e.name)))
                .collect();
            let merged: Vec<Merged> = before
                .into_iter()
                .filter_map(|(asked, had)| {
                    let now = memory.entity(&asked).map(MemoryEntity::from)?;
                    Merged::of(asked, &had, &now)
                })
                .collect();
            (created, merged)
        })?;
        let mut text = vec![js_pretty(&created)];
        if !merged.is_empty() {
            text.push(format!(
                "Merged into entities that exist (archie takes names that differ only in case \
                 and spacing for one entity), not created: {}.",
                merged
                    .iter()
                    .map(Merged::sentence)
                    .collect::<Vec<_>>()
                    .join("; ")
            ));
        }
        Ok(Reply::ok(CreatedEntities {
            entities: created,
            merged,
        })
        .text(text))
    }

    /// The reference server's `create_relations`: answers the relations that were new,
    /// as stored (archie writes relationship types in snake_case).
    pub(super) fn create_relations(
        &self,
        a: CreateRelations,
    ) -> Result<Reply<CreatedRelations>, McpError> {
        let created = self.write(|memory| {
            let had: HashSet<(String, String, String)> = memory
                .relationships()
                .iter()
                .map(|r| (key(&r.from), key(&r.to), relationship_type(&r.kind)))
                .collect();
            let rels = a
                .relations
                .into_iter()
                .map(|r| Relationship::new(r.from, r.relation_type, r.to))
                .collect();
            let (_, rels) = self.sourced(Vec::new(), rels);
            let mut report = MergeReport::default();
            memory.merge_parts(Vec::new(), rels, &mut report);
            memory
                .relationships()
                .iter()
                .filter(|r| !had.contains(&(key(&r.from), key(&r.to), relationship_type(&r.kind))))
                .map(MemoryRelation::from)
                .collect::<Vec<_>>()
        })?;
        let text = vec![js_pretty(&created)];
        Ok(Reply::ok(CreatedRelations { relations: created }).text(text))
    }

    pub(super) fn delete_relations(
        &self,
        a: CreateRelations,
    ) -> Result<Reply<RelationshipsRemoved>, McpError> {
        let gone = a
            .relations
            .into_iter()
            .map(|r| (r.from, r.to, r.relation_type))
            .collect();
        self.remove_relationships(gone)
    }
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

#[derive(Deserialize, JsonSchema)]
pub(super) struct AddEntities {
    entities: Vec<NewEntity>,
}

#[derive(Deserialize, JsonSchema)]
pub(super) struct NewEntity {
    name: String,
    /// service, database, queue, api, team, …
    #[serde(rename = "type")]
    kind: Option<String>,
    /// The reference memory server's name for `type`
    #[serde(rename = "entityType")]
    entity_type: Option<String>,
    #[serde(default)]
    description: String,
    #[serde(default)]
    tags: Vec<String>,
    /// Short facts about the entity
    #[serde(default)]
    observations: Vec<String>,
}

impl NewEntity {
    fn into_entity(self) -> Entity {
        let mut e = Entity::new(
            self.name,
            self.kind.or(self.entity_type).unwrap_or_default(),
        );
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

#[derive(Deserialize, JsonSchema)]
pub(super) struct Rels {
    relationships: Vec<RelArg>,
}

fn type_or_relation_type(s: &mut schemars::Schema) {
    one_of_required(s, "type", "relationType");
}

#[derive(Deserialize, JsonSchema)]
#[schemars(transform = type_or_relation_type)]
pub(super) struct RelArg {
    from: String,
    to: String,
    /// e.g. writes_to, calls, owns
    #[serde(rename = "type")]
    kind: Option<String>,
    /// The reference memory server's name for `type`
    #[serde(rename = "relationType")]
    relation_type: Option<String>,
}

#[derive(Deserialize, JsonSchema)]
pub(super) struct AddObservations {
    observations: Vec<ObservationArg>,
}

fn entity_or_entity_name(s: &mut schemars::Schema) {
    one_of_required(s, "entity", "entityName");
}

#[derive(Deserialize, JsonSchema)]
#[schemars(transform = entity_or_entity_name)]
pub(super) struct ObservationArg {
    /// The entity's name
    entity: Option<String>,
    /// The reference memory server's name for `entity`
    #[serde(rename = "entityName")]
    entity_name: Option<String>,
    /// The observations to add
    contents: Vec<String>,
}

fn names_or_entity_names(s: &mut schemars::Schema) {
    one_of_required(s, "names", "entityNames");
}

#[derive(Deserialize, JsonSchema)]
#[schemars(transform = names_or_entity_names)]
pub(super) struct DeleteEntities {
    /// The names of the entities to remove
    names: Option<Vec<String>>,
    /// The reference memory server's name for `names`
    #[serde(rename = "entityNames")]
    entity_names: Option<Vec<String>>,
}

#[derive(Deserialize, JsonSchema)]
pub(super) struct DeleteObservations {
    deletions: Vec<DeletionArg>,
}

#[derive(Deserialize, JsonSchema)]
#[schemars(transform = entity_or_entity_name)]
pub(super) struct DeletionArg {
    /// The entity's name
    entity: Option<String>,
    /// The reference memory server's name for `entity`
    #[serde(rename = "entityName")]
    entity_name: Option<String>,
    /// The observations to remove
    observations: Vec<String>,
}

#[derive(Deserialize, JsonSchema)]
pub(super) struct CreateEntities {
    entities: Vec<MemoryEntity>,
}

#[derive(Deserialize, JsonSchema)]
pub(super) struct CreateRelations {
    relations: Vec<MemoryRelation>,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct EntityCounts {
    added: usize,
    updated: usize,
    unchanged: usize,
    skipped: usize,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct RelationshipCounts {
    added: usize,
    unchanged: usize,
    /// Entities created because a relationship named them
    entities_created: usize,
    skipped: usize,
}

#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct AddedTo {
    entity_name: String,
    added_observations: Vec<String>,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct ObservationsAdded {
    /// Per entity, the observations that were new (the reference memory server's shape)
    results: Vec<AddedTo>,
    /// Observations added in all
    added: usize,
    /// Names that match no entity (nothing was added to them)
    unknown_entities: Vec<String>,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct EntitiesRemoved {
    success: bool,
    message: String,
    entities_removed: usize,
    relationships_removed: usize,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct RelationshipsRemoved {
    success: bool,
    message: String,
    relationships_removed: usize,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct ObservationsRemoved {
    success: bool,
    message: String,
    observations_removed: usize,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct CreatedEntities {
    /// The entities that were new
    entities: Vec<MemoryEntity>,
    /// Entities given that were merged into one that exists, when that changed it or
    /// its name was spelled otherwise
    #[serde(skip_serializing_if = "Vec::is_empty")]
    merged: Vec<Merged>,
}

/// An entity `create_entities` merged into one that exists.
#[derive(Serialize, JsonSchema)]
pub(super) struct Merged {
    /// The name as given
    name: String,
    /// The entity it was merged into
    into: String,
    /// What the merge changed (entityType, observations added)
    changed: Vec<String>,
}

impl Merged {
    /// `None` when the name was the entity's own and nothing changed (the reference
    /// server skips such an entity without a word, and so does archie).
    fn of(asked: String, had: &MemoryEntity, now: &MemoryEntity) -> Option<Self> {
        let mut changed = Vec::new();
        if had.entity_type != now.entity_type {
            changed.push(format!(
                "entityType \"{}\" became \"{}\"",
                had.entity_type, now.entity_type
            ));
        }
        let added = now
            .observations
            .iter()
            .filter(|o| !had.observations.contains(o))
            .count();
        if added > 0 {
            changed.push(format!(
                "{added} observation{} added",
                if added == 1 { "" } else { "s" }
            ));
        }
        (asked != now.name || !changed.is_empty()).then(|| Self {
            name: asked,
            into: now.name.clone(),
            changed,
        })
    }

    fn sentence(&self) -> String {
        let what = if self.changed.is_empty() {
            "unchanged".to_string()
        } else {
            self.changed.join(", ")
        };
        format!("\"{}\" into \"{}\" ({what})", self.name, self.into)
    }
}

/// The sentences the reference memory server answers its delete tools with.
const ENTITIES_DELETED: &str = "Entities deleted successfully";
const RELATIONS_DELETED: &str = "Relations deleted successfully";
const OBSERVATIONS_DELETED: &str = "Observations deleted successfully";

#[derive(Serialize, JsonSchema)]
pub(super) struct CreatedRelations {
    /// The relations that were new
    relations: Vec<MemoryRelation>,
}
