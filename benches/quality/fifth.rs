//! The fifth set (issue 36, fifth round): naming styles, type words and relationship
//! phrases written without reading archie's identity rules, after all four other sets had
//! been looked at by the people improving them. Nobody develops archie against this file:
//! it is the yardstick for the work done against the other four. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what real
//! deployment files, cloud consoles, documents and model answers write:
//! - docker-compose (v1) names a service's container `project_service_index`
//!   (`novamart_order-service_1`), as docker/compose#1206 explains, and that is the name
//!   `docker ps` and the logs quoted in a document show.
//! - AWS resource names (ARNs: `arn:aws:sqs:eu-west-1:123456789012:shipment-queue`,
//!   `arn:aws:rds:…:db:orders-db`) as IAM policies, CloudFormation outputs and runbooks
//!   quote them.
//! - Azure's Cloud Adoption Framework abbreviations as resource-name prefixes (`ca-`
//!   container app, `sqldb-`, `redis-`, `sbq-` Service Bus queue, `sbt-` Service Bus
//!   topic, `apim-`, `stapp-`, `srch-`): `sqldb-novamart-orders`.
//! - Kafka topic naming conventions (dot-separated, the owning domain first, a version
//!   last, as in published topic-naming standards): `novamart.order.events.v1`.
//! - gRPC / Protobuf: a service's full name is its versioned package and the service
//!   (`novamart.order.v1.OrderService`, Buf's style guide).
//! - Container image references as a deployment or a document pins them:
//!   `ghcr.io/novamart/order-service:1.4.2`.
//! - Connection URIs from configuration sections: `postgresql://orders-db:5432/orders`,
//!   `redis://session-cache:6379/0`.
//! - What documents and models leave around a name: the owning team in parentheses
//!   (`Order Service (owner: team-commerce)`, as service catalogs and ownership tables
//!   write it), a trailing description after an en dash from a bullet list (`Order Service
//!   – core backend`), Markdown bold and links left in (`**Order Service**`,
//!   `[Order Service](./order-service.md)`), word-processor quotes (`“Order Service”`) and
//!   non-breaking hyphens (`order‑service`, U+2011) from documents exported from Word or
//!   Confluence, and an acronym defined at first use (`Order Service (OS)`, `Orders DB
//!   (ODB)`).
//! - A model that answers in Spanish for part of a document, putting the kind word first
//!   as Spanish does and keeping the proper name (`Servicio de Order`, `Base de datos de
//!   Orders`).
//!
//! Type words come from the same sources (Azure's resource types, AWS's, gRPC, catalogs)
//! and relationship phrases from how runbooks and design documents phrase them, some in
//! the passive voice (`is populated by`, `delivers events to`) and one that only sounds
//! passive (`is powered by`: the subject depends on the object).
//!
//! The near-named pairs of this set are `FIFTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::Style;

/// One way of writing a name, in the fifth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `novamart_order-service_1`: docker-compose's container name.
    ComposeContainer,
    /// `arn:aws:sqs:eu-west-1:123456789012:shipment-queue`: the AWS resource name.
    Arn,
    /// `sqldb-novamart-orders`, `sbq-novamart-shipment`: Azure's naming convention.
    AzureCaf,
    /// `novamart.order.events.v1`: a Kafka topic naming convention (topics only).
    KafkaTopic,
    /// `novamart.order.v1.OrderService`: the gRPC service's full name (services only).
    GrpcService,
    /// `ghcr.io/novamart/order-service:1.4.2`: the container image.
    ImageRef,
    /// `postgresql://orders-db:5432/orders`: a connection URI.
    ConnectionUri,
    /// `Order Service (owner: team-commerce)`: the owning team in parentheses.
    OwnerTeam,
    /// `Order Service – core backend`: a description after an en dash.
    DashDescription,
    /// `**Order Service**`: Markdown bold left in.
    MarkdownBold,
    /// `[Order Service](./order-service.md)`: a Markdown link left in.
    MarkdownLink,
    /// `“Order Service”`: typographic quotes left in.
    SmartQuoted,
    /// `order‑service`: kebab case with non-breaking hyphens (U+2011).
    NonBreakingHyphen,
    /// `Order Service (OS)`: an acronym defined at first use.
    DefinedAcronym,
    /// `Servicio de Order`, `Base de datos de Orders`: the kind word in Spanish, first.
    SpanishKind,
}

/// The fifth styles (the canonical `Camel` form stays, as a document's own name).
pub const FIFTH: &[Style] = &[
    Style::Camel,
    Style::Fifth(Name::ComposeContainer),
    Style::Fifth(Name::Arn),
    Style::Fifth(Name::AzureCaf),
    Style::Fifth(Name::KafkaTopic),
    Style::Fifth(Name::GrpcService),
    Style::Fifth(Name::ImageRef),
    Style::Fifth(Name::ConnectionUri),
    Style::Fifth(Name::OwnerTeam),
    Style::Fifth(Name::DashDescription),
    Style::Fifth(Name::MarkdownBold),
    Style::Fifth(Name::MarkdownLink),
    Style::Fifth(Name::SmartQuoted),
    Style::Fifth(Name::NonBreakingHyphen),
    Style::Fifth(Name::DefinedAcronym),
    Style::Fifth(Name::SpanishKind),
];

/// The AWS account and region every ARN of the corpus is in.
const ACCOUNT: &str = "eu-west-1:123456789012";

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no ARN for a vendor's API, no gRPC name for a database).
pub fn write(
    style: Name,
    words: &[&str],
    kind_word: &str,
    kind: Kind,
    system: &str,
) -> Option<String> {
    let (all, lower) = crate::styles::with_kind(words, kind_word);
    let own_lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let spaced = all.join(" ");
    let kebab = lower.join("-");
    let sys = system.to_lowercase();
    Some(match style {
        Name::ComposeContainer => match kind {
            Kind::Topic | Kind::Queue | Kind::External => return None,
            _ => format!("{sys}_{kebab}_1"),
        },
        Name::Arn => match kind {
            Kind::Service => format!("arn:aws:ecs:{ACCOUNT}:service/{sys}/{kebab}"),
            Kind::Database => format!("arn:aws:rds:{ACCOUNT}:db:{kebab}"),
            Kind::Cache => format!("arn:aws:elasticache:{ACCOUNT}:cluster:{kebab}"),
            Kind::Topic => format!("arn:aws:sns:{ACCOUNT}:{kebab}"),
            Kind::Queue => format!("arn:aws:sqs:{ACCOUNT}:{kebab}"),
            Kind::Index => format!("arn:aws:es:{ACCOUNT}:domain/{kebab}"),
            // API Gateway's ARNs carry an id, not a name; a front end or a vendor none.
            Kind::Gateway | Kind::Frontend | Kind::External => return None,
        },
        Name::AzureCaf => {
            // The resource type's abbreviation stands in for the kind word.
            let (prefix, name) = match kind {
                Kind::Service => ("ca", own_lower.join("-")),
                Kind::Database => ("sqldb", own_lower.join("-")),
                Kind::Cache => ("redis", own_lower.join("-")),
                Kind::Topic => ("sbt", own_lower.join("-")),
                Kind::Queue => ("sbq", own_lower.join("-")),
                Kind::Gateway => ("apim", "gateway".to_string()),
                Kind::Frontend => ("stapp", kebab),
                Kind::Index => ("srch", kebab),
                Kind::External => return None,
            };
            format!("{prefix}-{sys}-{name}")
        }
        Name::KafkaTopic => match kind {
            Kind::Topic => format!("{sys}.{}.v1", own_lower.join(".")),
            _ => return None,
        },
        Name::GrpcService => match kind {
            Kind::Service => format!("{sys}.{}.v1.{}", own_lower.concat(), all.concat()),
            _ => return None,
        },
        Name::ImageRef => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => {
                format!("ghcr.io/{sys}/{kebab}:1.4.2")
            }
            _ => return None,
        },
        Name::ConnectionUri => match kind {
            Kind::Database => format!("postgresql://{kebab}:5432/{}", own_lower.join("_")),
            Kind::Cache => format!("redis://{kebab}:6379/0"),
            Kind::Index => format!("https://{kebab}.{sys}.internal:9200"),
            _ => return None,
        },
        Name::OwnerTeam => {
            let team = match kind {
                Kind::Service => "commerce",
                Kind::Database => "data",
                Kind::Cache | Kind::Queue => "platform",
                Kind::Topic => "streaming",
                Kind::External => "integrations",
                Kind::Gateway => "edge",
                Kind::Frontend => "web",
                Kind::Index => "search",
            };
            format!("{spaced} (owner: team-{team})")
        }
        Name::DashDescription => {
            let what = match kind {
                Kind::Service => "core backend",
                Kind::Database => "system of record",
                Kind::Cache => "hot data",
                Kind::Topic => "domain events",
                Kind::Queue => "async jobs",
                Kind::External => "vendor integration",
                Kind::Gateway => "public entry point",
                Kind::Frontend => "customer-facing UI",
                Kind::Index => "product search",
            };
            format!("{spaced} \u{2013} {what}")
        }
        Name::MarkdownBold => format!("**{spaced}**"),
        Name::MarkdownLink => format!("[{spaced}](./{kebab}.md)"),
        Name::SmartQuoted => format!("\u{201c}{spaced}\u{201d}"),
        Name::NonBreakingHyphen => lower.join("\u{2011}"),
        Name::DefinedAcronym => {
            if matches!(kind, Kind::External | Kind::Gateway) || all.len() < 2 {
                return None;
            }
            // An all-capitals word stays whole (`Orders DB` → `ODB`).
            let acronym: String = all
                .iter()
                .map(|w| {
                    if w.chars().all(|c| c.is_uppercase()) {
                        w.clone()
                    } else {
                        w.chars().take(1).flat_map(char::to_uppercase).collect()
                    }
                })
                .collect();
            format!("{spaced} ({acronym})")
        }
        Name::SpanishKind => {
            let kind = match kind {
                Kind::Service => "Servicio",
                Kind::Database => "Base de datos",
                Kind::Cache => "Caché",
                Kind::Topic => "Tópico",
                Kind::Queue => "Cola",
                _ => return None,
            };
            format!("{kind} de {}", words.join(" "))
        }
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "Azure Container App",
            "gRPC service",
            "ECS task",
            "workload",
        ],
        Kind::Database => &[
            "database",
            "Azure SQL Database",
            "system of record",
            "Aurora cluster",
            "OLTP database",
        ],
        Kind::Cache => &[
            "cache",
            "Azure Cache for Redis",
            "distributed cache",
            "Valkey",
        ],
        Kind::Topic => &["queue", "SNS topic", "Service Bus topic", "Event Hub"],
        Kind::Queue => &[
            "queue",
            "Service Bus queue",
            "SQS FIFO queue",
            "RabbitMQ queue",
        ],
        Kind::External => &[
            "external_system",
            "SaaS vendor",
            "vendor API",
            "external integration",
        ],
        Kind::Gateway => &[
            "service",
            "API Management",
            "Application Gateway",
            "ingress controller",
        ],
        Kind::Frontend => &["frontend", "Static Web App", "web client", "Next.js site"],
        Kind::Index => &[
            "database",
            "Azure AI Search",
            "Elasticsearch index",
            "inverted index",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is populated by A`: A writes to B), and the answer
/// then has `from` and `to` the other way round. `A is powered by B` only sounds passive
/// (A depends on B); `B delivers events to A` is active in form but written from the
/// topic (A subscribes to B). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("sends gRPC requests to", "sends gRPC requests to", false),
            ("is invoked from", "is invoked from", true),
            ("forwards requests to", "forwards requests to", false),
            ("receives calls from", "receives calls from", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("queries data in", "queries data in", false),
            ("is read from by", "is read from by", true),
            ("scans", "scans", false),
            ("serves reads for", "serves reads for", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("stores records in", "stores records in", false),
            ("is populated by", "is populated by", true),
            ("updates", "updates", false),
            ("receives writes from", "receives writes from", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("produces events on", "produces events on", false),
            ("sends messages to", "sends messages to", false),
            ("is published to by", "is published to by", true),
            ("enqueues into", "enqueues into", false),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("consumes events from", "consumes events from", false),
            ("polls", "polls", false),
            ("delivers events to", "delivers events to", true),
            ("is subscribed to by", "is subscribed to by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("has a dependency on", "has a dependency on", false),
            ("is needed by", "is needed by", true),
            ("makes use of", "makes use of", false),
            ("is powered by", "is powered by", false),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("is deployed as part of", "is deployed as part of", false),
            ("sits within", "sits within", false),
            ("is included in", "is included in", false),
        ],
    }
}
