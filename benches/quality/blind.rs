//! The blind set (issue 36, fourth round): naming styles, type words and relationship
//! phrases written without reading archie's identity rules, and never developed against.
//! Nobody improves archie against this file: it is the yardstick for the work done
//! against the development and fresh sets. Measured only.
//!
//! Drawn from what real extraction outputs and real architecture sources write, and
//! chosen to avoid the other three sets' styles:
//! - GraphRAG's extraction prompt answers in upper case (`ORDER SERVICE`) and types
//!   companies `ORGANIZATION`; LLMGraphTransformer-style answers use labels like
//!   `COMPONENT`, `TECHNOLOGY`.
//! - C4 / Structurizr / C4-PlantUML: the technology in brackets (`Order Service
//!   [Container: Kotlin]`), element types `Container`, `ContainerDb`, `ContainerQueue`,
//!   `System_Ext`, relationship text like "Reads from and writes to".
//! - Backstage catalogs: entity references (`component:default/order-service`,
//!   `resource:default/orders-db`), kinds (`Resource`), `spec.type: website`, and the
//!   `dependencyOf` / `subcomponentOf` relations (one of them written from the other end).
//! - Terraform resource addresses (`aws_db_instance.orders`, `aws_sqs_queue.shipment`)
//!   and resource types as entity types.
//! - Helm values and JSON keys in lower camel case (`orderService`, `ordersDb`); the
//!   environment variables that configure a client (`ORDERS_DB_DSN`,
//!   `ORDER_SERVICE_URL`); Kubernetes service DNS (`order-service.novamart.svc.cluster.local`)
//!   and `host:port` pairs (`orders-db:5432`); vendors' API hosts (`api.stripe.com`).
//! - .NET solution projects, as in eShopOnContainers (`NovaMart.Order.API`).
//! - What people write in prose: the possessive (`NovaMart's Order Service`), the kind
//!   first (`Database for Orders`), a filler word a model adds (`Order Management
//!   Service`), short forms of the words themselves (`Notif Service`, `Pmts DB`, `API
//!   GW`), and typos (`Invetory Service`).
//!
//! The near-named pairs of this set are `BLIND_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::Style;

/// One way of writing a name, in the blind set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `ORDER SERVICE`: GraphRAG's upper case, spaces kept.
    SpacedUpper,
    /// `orderService`, `ordersDb`: a Helm value or JSON key.
    LowerCamel,
    /// `Order Service [Container: Kotlin]`: C4-PlantUML's technology in brackets.
    C4Bracket,
    /// `component:default/order-service`: a Backstage entity reference.
    EntityRef,
    /// `aws_db_instance.orders`: a Terraform resource address (its type in place of the
    /// kind word).
    Terraform,
    /// `order-service.novamart.svc.cluster.local`: the Kubernetes service's DNS name.
    ClusterDns,
    /// `orders-db:5432`, `api.stripe.com`: where a client connects.
    HostPort,
    /// `ORDERS_DB_DSN`, `ORDER_SERVICE_URL`: the environment variable that configures it.
    EnvVar,
    /// `NovaMart's Order Service`.
    Possessive,
    /// `Database for Orders`, `Queue for Notification`: the kind first.
    KindFirst,
    /// `Order Management Service`, `Notification Work Queue`: a filler word a model adds.
    FillerWord,
    /// `Notif Service`, `Pmts DB`, `API GW`: short forms of the name's own words.
    WordShort,
    /// `Invetory Service`: a letter dropped from the longest word.
    Typo,
    /// `NovaMart.Order.API`: a .NET solution's project.
    DotNetProject,
}

/// The blind styles (the canonical `Camel` form stays, as a document's own name).
pub const BLIND: &[Style] = &[
    Style::Camel,
    Style::Blind(Name::SpacedUpper),
    Style::Blind(Name::LowerCamel),
    Style::Blind(Name::C4Bracket),
    Style::Blind(Name::EntityRef),
    Style::Blind(Name::Terraform),
    Style::Blind(Name::ClusterDns),
    Style::Blind(Name::HostPort),
    Style::Blind(Name::EnvVar),
    Style::Blind(Name::Possessive),
    Style::Blind(Name::KindFirst),
    Style::Blind(Name::FillerWord),
    Style::Blind(Name::WordShort),
    Style::Blind(Name::Typo),
    Style::Blind(Name::DotNetProject),
];

/// Short forms people write for words of this corpus (`Notif`, `Pmt`, `GW`, `Idx`).
const SHORT: &[(&str, &str)] = &[
    ("Payment", "Pmt"),
    ("Payments", "Pmts"),
    ("Inventory", "Inv"),
    ("Invoice", "Invc"),
    ("Notification", "Notif"),
    ("Recommendation", "Reco"),
    ("Promotion", "Promo"),
    ("Promotions", "Promos"),
    ("Customer", "Cust"),
    ("Customers", "Custs"),
    ("Fulfillment", "Fulfil"),
    ("Shipping", "Ship"),
    ("Shipment", "Shpmt"),
    ("Shipments", "Shpmts"),
    ("Events", "Evts"),
    ("Session", "Sess"),
    ("Gateway", "GW"),
    ("Index", "Idx"),
];

/// The C4 bracket a component of this kind is drawn with.
fn c4(kind: Kind) -> &'static str {
    match kind {
        Kind::Service => "Container: Kotlin",
        Kind::Database => "Container: MySQL",
        Kind::Cache => "Container: Memcached",
        Kind::Topic => "Container: NATS",
        Kind::Queue => "Container: Amazon SQS",
        Kind::External => "Software System",
        Kind::Gateway => "Container: Kong",
        Kind::Frontend => "Container: Next.js",
        Kind::Index => "Container: OpenSearch",
    }
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name.
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
    let snake = lower.join("_");
    Some(match style {
        Name::SpacedUpper => spaced.to_uppercase(),
        Name::LowerCamel => lower
            .iter()
            .enumerate()
            .map(|(i, w)| {
                if i == 0 {
                    w.clone()
                } else {
                    let mut c = w.chars();
                    c.next()
                        .map(|f| f.to_uppercase().chain(c).collect())
                        .unwrap_or_default()
                }
            })
            .collect(),
        Name::C4Bracket => format!("{spaced} [{}]", c4(kind)),
        Name::EntityRef => {
            let entity = match kind {
                Kind::Service | Kind::Gateway | Kind::Frontend => "component",
                Kind::External => "system",
                _ => "resource",
            };
            format!("{entity}:default/{kebab}")
        }
        Name::Terraform => {
            let resource = match kind {
                Kind::Service => "aws_ecs_service",
                Kind::Database => "aws_db_instance",
                Kind::Cache => "aws_elasticache_cluster",
                Kind::Topic => "aws_sns_topic",
                Kind::Queue => "aws_sqs_queue",
                Kind::Gateway => "aws_api_gateway_rest_api",
                Kind::Frontend => "aws_cloudfront_distribution",
                Kind::Index => "aws_opensearch_domain",
                Kind::External => return None,
            };
            format!("{resource}.{}", own_lower.join("_"))
        }
        Name::ClusterDns => match kind {
            Kind::Topic | Kind::Queue | Kind::External => return None,
            _ => format!("{kebab}.{}.svc.cluster.local", system.to_lowercase()),
        },
        Name::HostPort => {
            let port = match kind {
                Kind::Service => "8080",
                Kind::Database => "5432",
                Kind::Cache => "6379",
                Kind::Gateway => "443",
                Kind::Frontend => "3000",
                Kind::Index => "9200",
                Kind::External => return Some(format!("api.{}.com", own_lower.concat())),
                Kind::Topic | Kind::Queue => return None,
            };
            format!("{kebab}:{port}")
        }
        Name::EnvVar => {
            let suffix = match kind {
                Kind::Database => "DSN",
                Kind::Cache => "ADDR",
                Kind::Topic | Kind::Queue => "NAME",
                Kind::Index => "ENDPOINT",
                _ => "URL",
            };
            format!("{}_{suffix}", snake.to_uppercase())
        }
        Name::Possessive => format!("{system}'s {spaced}"),
        Name::KindFirst => {
            let long = match kind {
                Kind::Database => "Database",
                Kind::Cache => "Cache",
                Kind::Topic => "Topic",
                Kind::Queue => "Queue",
                _ => return None,
            };
            format!("{long} for {}", words.join(" "))
        }
        Name::FillerWord => {
            let filler = match kind {
                Kind::Service => "Management",
                Kind::Queue => "Work",
                Kind::Cache => "Data",
                _ => return None,
            };
            format!("{} {filler} {kind_word}", words.join(" "))
        }
        Name::WordShort => {
            let short: Vec<&str> = all
                .iter()
                .map(|w| {
                    SHORT
                        .iter()
                        .find(|(long, _)| long == w)
                        .map_or(w.as_str(), |(_, s)| *s)
                })
                .collect();
            if short.iter().zip(&all).all(|(s, w)| *s == w.as_str()) {
                return None;
            }
            short.join(" ")
        }
        Name::Typo => {
            let (i, longest) = words.iter().enumerate().max_by_key(|(_, w)| w.len())?;
            if longest.len() < 6 || !longest.is_ascii() {
                return None;
            }
            let middle = longest.len() / 2;
            let typo = format!("{}{}", &longest[..middle], &longest[middle + 1..]);
            let mut ws: Vec<String> = all;
            ws[i] = typo;
            ws.join(" ")
        }
        Name::DotNetProject => match kind {
            Kind::Service => format!("{system}.{}.API", words.concat()),
            _ => return None,
        },
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "Container",
            "COMPONENT",
            "Spring Boot application",
        ],
        Kind::Database => &[
            "database",
            "ContainerDb",
            "aws_db_instance",
            "Resource",
            "MySQL schema",
        ],
        Kind::Cache => &["cache", "aws_elasticache_cluster", "KV store", "TECHNOLOGY"],
        Kind::Topic => &["queue", "ContainerQueue", "aws_sns_topic", "event channel"],
        Kind::Queue => &[
            "queue",
            "aws_sqs_queue",
            "ContainerQueue",
            "task queue",
            "AMQP exchange",
        ],
        Kind::External => &[
            "external_system",
            "System_Ext",
            "ORGANIZATION",
            "external dependency",
            "upstream provider",
        ],
        Kind::Gateway => &[
            "service",
            "aws_api_gateway_rest_api",
            "load balancer",
            "Container",
        ],
        Kind::Frontend => &["frontend", "website", "Container", "browser app"],
        Kind::Index => &[
            "database",
            "aws_opensearch_domain",
            "ContainerDb",
            "search cluster",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B serves requests from A`: A calls B), and the answer
/// then has `from` and `to` the other way round. Some passive-sounding phrases are not
/// (`A is backed by B`: A depends on B) and some active verbs are (`B triggers A`: A
/// subscribes to B). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("delegates to", "delegates to", false),
            ("serves requests from", "serves requests from", true),
            ("CALLS_API_OF", "calls the API of", false),
            ("is fronted by", "is fronted by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("SELECTs from", "SELECTs from", false),
            ("provides data to", "provides data to", true),
            ("retrieves records from", "retrieves records from", false),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("INSERTs into", "INSERTs into", false),
            ("holds the data of", "holds the data of", true),
            ("commits transactions to", "commits transactions to", false),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("emits events onto", "emits events onto", false),
            ("receives events from", "receives events from", true),
            ("broadcasts on", "broadcasts on", false),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("dequeues from", "dequeues from", false),
            ("triggers", "triggers", true),
            ("reacts to", "reacts to events on", false),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("dependencyOf", "is a dependency of", true),
            ("integrates with", "integrates with", false),
            ("is backed by", "is backed by", false),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("subcomponentOf", "is a subcomponent of", false),
            ("runs inside", "runs inside", false),
        ],
    }
}
