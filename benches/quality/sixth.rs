//! The sixth set (issue 36, sixth round): naming styles, type words and relationship
//! phrases written without reading archie's identity rules, after the other five sets had
//! all been written (and four of them looked at by the people improving the rules).
//! Nobody develops archie against this file: it is a yardstick for the work done against
//! the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what real
//! cluster listings, infrastructure state, service registries, code and documents write,
//! and what a model copies out of them:
//! - `kubectl get` prints an object as `resource.group/name`: `deployment.apps/order-service`,
//!   `statefulset.apps/orders-db`, and for operators' custom resources
//!   `kafkatopic.kafka.strimzi.io/order-events` (Strimzi) or `queue.rabbitmq.com/…`
//!   (RabbitMQ's messaging topology operator); a vendor's API behind an ExternalName
//!   Service is `service/stripe-api`.
//! - Consul's DNS interface names a registered service `<service>.service.consul`
//!   (`order-service.service.consul`: the word "service" twice).
//! - Pulumi's URNs, `urn:pulumi:<stack>::<project>::<type token>::<name>`
//!   (`urn:pulumi:prod::novamart::aws:rds/instance:Instance::orders-db`).
//! - Google Cloud resource names (AIP-122): `projects/novamart-prod/topics/order-events`,
//!   a Cloud Run service under `locations/…/services/…`, Cloud SQL `instances/…`, a Cloud
//!   Tasks queue under `locations/…/queues/…`.
//! - A mesh workload's SPIFFE identity as Istio issues it:
//!   `spiffe://cluster.local/ns/novamart/sa/order-service`.
//! - systemd units from runbooks: `order-service.service`, Debian's PostgreSQL cluster
//!   units `postgresql@15-orders.service`, `redis-server@session-cache.service`.
//! - Maven coordinates from a build or a bill of materials:
//!   `com.novamart:order-service:2.3.0`.
//! - .NET types from code-derived documents: the interface `IOrderService`, the EF Core
//!   context `OrdersDbContext`, a Refit client `IStripeApi`.
//! - A PlantUML stereotype a model copies with the name: `Order Service <<microservice>>`.
//! - An Obsidian wikilink with its display text: `[[order-service|Order Service]]`.
//! - Decoration from headings: a section number (`3.4 Order Service`) or a Notion-style
//!   emoji (`⚙️ Order Service`).
//! - A model answering in French (the kind word first, the proper name kept, names that
//!   are all words translated: `Base de données Orders`, `API Stripe`, `Passerelle API`)
//!   or in Japanese (the kind word in katakana glued after the Latin name, as Japanese
//!   engineering documents write it: `Orderサービス`, `APIゲートウェイ`, `検索インデックス`).
//! - British spelling of the name's own words: `Catalogue Service`, `Fulfilment Service`.
//!
//! Type words come from the same sources (Cloud Run, Cloud SQL, Kubernetes kinds,
//! ArchiMate, Enterprise Integration Patterns, French) and relationship phrases from
//! design documents, some in French, some in the passive voice (`answers queries from`,
//! `feeds`, `underpins`) and two that only sound passive (`is subscribed to`, `is built
//! on`: the subject acts).
//!
//! The near-named pairs of this set are `SIXTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::Style;

/// One way of writing a name, in the sixth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `deployment.apps/order-service`: as `kubectl get` prints the object.
    KubectlResource,
    /// `order-service.service.consul`: Consul's DNS name.
    ConsulDns,
    /// `urn:pulumi:prod::novamart::aws:rds/instance:Instance::orders-db`: Pulumi's URN.
    PulumiUrn,
    /// `projects/novamart-prod/topics/order-events`: a Google Cloud resource name.
    GcpResource,
    /// `spiffe://cluster.local/ns/novamart/sa/order-service`: the mesh identity.
    SpiffeId,
    /// `order-service.service`, `postgresql@15-orders.service`: the systemd unit.
    SystemdUnit,
    /// `com.novamart:order-service:2.3.0`: Maven coordinates.
    MavenCoordinates,
    /// `IOrderService`, `OrdersDbContext`, `IStripeApi`: the .NET type for it.
    DotNetType,
    /// `Order Service <<microservice>>`: a PlantUML stereotype left on.
    PlantUmlStereotype,
    /// `[[order-service|Order Service]]`: an Obsidian wikilink with display text.
    WikiLink,
    /// `3.4 Order Service`: the heading's section number left on.
    SectionNumber,
    /// `⚙️ Order Service`: the heading's emoji left on.
    EmojiPrefix,
    /// `Base de données Orders`, `API Stripe`, `Passerelle API`: a French answer.
    FrenchKind,
    /// `Orderサービス`, `APIゲートウェイ`, `検索インデックス`: a Japanese answer.
    JapaneseKind,
    /// `Catalogue Service`, `Fulfilment Service`: British spelling.
    BritishSpelling,
}

/// The sixth styles (the canonical `Camel` form stays, as a document's own name).
pub const SIXTH: &[Style] = &[
    Style::Camel,
    Style::Sixth(Name::KubectlResource),
    Style::Sixth(Name::ConsulDns),
    Style::Sixth(Name::PulumiUrn),
    Style::Sixth(Name::GcpResource),
    Style::Sixth(Name::SpiffeId),
    Style::Sixth(Name::SystemdUnit),
    Style::Sixth(Name::MavenCoordinates),
    Style::Sixth(Name::DotNetType),
    Style::Sixth(Name::PlantUmlStereotype),
    Style::Sixth(Name::WikiLink),
    Style::Sixth(Name::SectionNumber),
    Style::Sixth(Name::EmojiPrefix),
    Style::Sixth(Name::FrenchKind),
    Style::Sixth(Name::JapaneseKind),
    Style::Sixth(Name::BritishSpelling),
];

/// The Google Cloud project and region every resource name of the corpus is in.
const PROJECT: &str = "projects/novamart-prod";
const REGION: &str = "locations/europe-west1";

/// American spellings of the corpus's words and their British ones.
const BRITISH: &[(&str, &str)] = &[("Catalog", "Catalogue"), ("Fulfillment", "Fulfilment")];

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no Consul name for a topic, no Maven artifact for a database).
pub fn write(
    style: Name,
    words: &[&str],
    kind_word: &str,
    kind: Kind,
    system: &str,
) -> Option<String> {
    let (all, lower) = crate::styles::with_kind(words, kind_word);
    let own_kebab = words
        .iter()
        .map(|w| w.to_lowercase())
        .collect::<Vec<_>>()
        .join("-");
    let spaced = all.join(" ");
    let kebab = lower.join("-");
    let sys = system.to_lowercase();
    // Everything before the last word, for names that are their words (`API Gateway`).
    let but_last = |last: &str| -> Option<String> {
        match words.split_last() {
            Some((l, rest)) if *l == last && !rest.is_empty() => Some(rest.join(" ")),
            _ => None,
        }
    };
    Some(match style {
        Name::KubectlResource => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => format!("deployment.apps/{kebab}"),
            Kind::Database | Kind::Cache | Kind::Index => format!("statefulset.apps/{kebab}"),
            Kind::Topic => format!("kafkatopic.kafka.strimzi.io/{own_kebab}"),
            Kind::Queue => format!("queue.rabbitmq.com/{kebab}"),
            // A vendor's API reached through an ExternalName Service.
            Kind::External => format!("service/{kebab}"),
        },
        Name::ConsulDns => match kind {
            Kind::Topic | Kind::Queue | Kind::External => return None,
            _ => format!("{kebab}.service.consul"),
        },
        Name::PulumiUrn => {
            let token = match kind {
                Kind::Service => "aws:ecs/service:Service",
                Kind::Database => "aws:rds/instance:Instance",
                Kind::Cache => "aws:elasticache/cluster:Cluster",
                Kind::Topic => "aws:sns/topic:Topic",
                Kind::Queue => "aws:sqs/queue:Queue",
                Kind::Gateway => "aws:apigateway/restApi:RestApi",
                Kind::Frontend => "aws:cloudfront/distribution:Distribution",
                Kind::Index => "aws:opensearch/domain:Domain",
                Kind::External => return None,
            };
            format!("urn:pulumi:prod::{sys}::{token}::{kebab}")
        }
        Name::GcpResource => match kind {
            // Cloud Run, Cloud SQL, Memorystore, Pub/Sub, Cloud Tasks, API Gateway.
            Kind::Service => format!("{PROJECT}/{REGION}/services/{kebab}"),
            Kind::Database => format!("{PROJECT}/instances/{kebab}"),
            Kind::Cache => format!("{PROJECT}/{REGION}/instances/{kebab}"),
            Kind::Topic => format!("{PROJECT}/topics/{own_kebab}"),
            Kind::Queue => format!("{PROJECT}/{REGION}/queues/{own_kebab}"),
            Kind::Gateway => format!("{PROJECT}/{REGION}/gateways/{kebab}"),
            Kind::Frontend | Kind::Index | Kind::External => return None,
        },
        Name::SpiffeId => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => {
                format!("spiffe://cluster.local/ns/{sys}/sa/{kebab}")
            }
            _ => return None,
        },
        Name::SystemdUnit => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => format!("{kebab}.service"),
            // Debian's units: one per PostgreSQL cluster, one per Redis instance.
            Kind::Database => format!("postgresql@15-{own_kebab}.service"),
            Kind::Cache => format!("redis-server@{kebab}.service"),
            _ => return None,
        },
        Name::MavenCoordinates => match kind {
            Kind::Service | Kind::Gateway => format!("com.{sys}:{kebab}:2.3.0"),
            _ => return None,
        },
        Name::DotNetType => match kind {
            Kind::Service | Kind::Cache => format!("I{}", all.concat()),
            Kind::Database => format!("{}DbContext", words.concat()),
            Kind::External => format!("I{}Api", words.concat()),
            _ => return None,
        },
        Name::PlantUmlStereotype => {
            let stereotype = match kind {
                Kind::Service => "microservice",
                Kind::Database => "database",
                Kind::Cache => "cache",
                Kind::Topic => "topic",
                Kind::Queue => "queue",
                Kind::External => "external",
                Kind::Gateway => "gateway",
                Kind::Frontend => "webapp",
                Kind::Index => "search",
            };
            format!("{spaced} <<{stereotype}>>")
        }
        Name::WikiLink => format!("[[{kebab}|{spaced}]]"),
        Name::SectionNumber => {
            let chapter = match kind {
                Kind::Gateway | Kind::Frontend => 2,
                Kind::Service => 3,
                Kind::Database => 4,
                Kind::Cache | Kind::Index => 5,
                Kind::Topic | Kind::Queue => 6,
                Kind::External => 7,
            };
            let section = spaced.bytes().map(usize::from).sum::<usize>() % 9 + 1;
            format!("{chapter}.{section} {spaced}")
        }
        Name::EmojiPrefix => {
            let emoji = match kind {
                Kind::Service => "\u{2699}\u{fe0f}",
                Kind::Database => "\u{1f5c4}\u{fe0f}",
                Kind::Cache => "\u{26a1}",
                Kind::Topic => "\u{1f4e3}",
                Kind::Queue => "\u{1f4ec}",
                Kind::External => "\u{1f310}",
                Kind::Gateway => "\u{1f6aa}",
                Kind::Frontend => "\u{1f5a5}\u{fe0f}",
                Kind::Index => "\u{1f50e}",
            };
            format!("{emoji} {spaced}")
        }
        Name::FrenchKind => {
            let own = words.join(" ");
            match kind {
                Kind::Service => format!("Service {own}"),
                Kind::Database => format!("Base de données {own}"),
                Kind::Cache => format!("Cache {own}"),
                Kind::Topic => format!("Topic {own}"),
                Kind::Queue => format!("File d'attente {own}"),
                Kind::External => format!("API {own}"),
                Kind::Gateway => format!("Passerelle {}", but_last("Gateway")?),
                Kind::Frontend => format!("Vitrine {}", but_last("Storefront")?),
                Kind::Index if words == ["Search", "Index"] => "Index de recherche".into(),
                Kind::Index => return None,
            }
        }
        Name::JapaneseKind => {
            let own = words.join(" ");
            match kind {
                Kind::Service => format!("{own}サービス"),
                Kind::Database => format!("{own}データベース"),
                Kind::Cache => format!("{own}キャッシュ"),
                Kind::Topic => format!("{own}トピック"),
                Kind::Queue => format!("{own}キュー"),
                Kind::Gateway => format!("{}ゲートウェイ", but_last("Gateway")?),
                Kind::Frontend => format!("{}ストアフロント", but_last("Storefront")?),
                Kind::Index if words == ["Search", "Index"] => "検索インデックス".into(),
                Kind::Index | Kind::External => return None,
            }
        }
        Name::BritishSpelling => {
            let british: Vec<&str> = all
                .iter()
                .map(|w| {
                    BRITISH
                        .iter()
                        .find(|(us, _)| us == w)
                        .map_or(w.as_str(), |(_, uk)| *uk)
                })
                .collect();
            if british.iter().zip(&all).all(|(b, w)| *b == w.as_str()) {
                return None;
            }
            british.join(" ")
        }
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "Cloud Run service",
            "Deployment",
            "application component",
            "systemd unit",
        ],
        Kind::Database => &[
            "database",
            "Cloud SQL instance",
            "base de données",
            "RDBMS",
            "StatefulSet",
        ],
        Kind::Cache => &[
            "cache",
            "Memorystore instance",
            "Redis cluster",
            "cache layer",
        ],
        Kind::Topic => &["queue", "Cloud Pub/Sub topic", "event log", "fan-out topic"],
        Kind::Queue => &[
            "queue",
            "Cloud Tasks queue",
            "file d'attente",
            "point-to-point channel",
        ],
        Kind::External => &[
            "external_system",
            "système externe",
            "hosted API",
            "ExternalName Service",
        ],
        Kind::Gateway => &[
            "service",
            "Istio ingress gateway",
            "passerelle",
            "edge router",
        ],
        Kind::Frontend => &["frontend", "PWA", "storefront app", "interface web"],
        Kind::Index => &[
            "database",
            "Solr core",
            "index de recherche",
            "search backend",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B answers queries from A`: A reads from B), and the
/// answer then has `from` and `to` the other way round. `A is subscribed to B` and `A is
/// built on B` only sound passive (A subscribes, A depends); `B feeds A` and `B underpins
/// A` are active in form but written from the object. Each relationship has one French
/// phrase (`appelle`, `écrit dans`, …), as a model answering in French writes it. The
/// prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("appelle", "appelle", false),
            ("issues REST calls to", "issues REST calls to", false),
            ("is reached from", "is reached from", true),
            ("is a client of", "is a client of", false),
            ("exposes endpoints to", "exposes endpoints to", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("lit depuis", "lit depuis", false),
            ("does lookups against", "does lookups against", false),
            ("answers queries from", "answers queries from", true),
            ("is the read source for", "is the read source for", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("écrit dans", "écrit dans", false),
            ("flushes to", "flushes to", false),
            ("persists its state in", "persists its state in", false),
            ("takes writes from", "takes writes from", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("publie sur", "publie sur", false),
            ("posts events to", "posts events to", false),
            ("raises events on", "raises events on", false),
            ("gets events from", "gets events from", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("s'abonne à", "s'abonne à", false),
            ("is subscribed to", "is subscribed to", false),
            ("feeds", "feeds", true),
            ("picks up messages from", "picks up messages from", false),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("dépend de", "dépend de", false),
            ("is built on", "is built on", false),
            ("underpins", "underpins", true),
            ("requires access to", "requires access to", false),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("fait partie de", "fait partie de", false),
            ("is a module of", "is a module of", false),
            ("is a building block of", "is a building block of", false),
        ],
    }
}
