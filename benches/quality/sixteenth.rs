//! The sixteenth set (issue 36, sixteenth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! fifteen sets had all been written (and fourteen of them looked at by the people
//! improving the rules). Nobody develops archie against this file: it is a yardstick for
//! the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what style
//! guides, monorepo build tools, documentation generators, Java code, Terragrunt, AWS's
//! FIFO queues and its console, issue trackers, LaTeX write-ups, DNS, platform teams'
//! habits and a model answering in Swahili write:
//! - A model answering in Swahili: the kind word first and the words after the
//!   connective `ya` (`wa`, `la` where the noun's class asks for it), the head noun first
//!   (`Huduma ya Maagizo`, the service of orders; `Hifadhidata ya Malipo`, `Foleni ya
//!   Arifa`, `Mada ya Matukio ya Maagizo`), a vendor's API as `API ya Stripe`, `Lango la
//!   API`, `Duka la Mtandaoni`.
//! - Sentence case as style guides (Google's, Microsoft's) and ADR prose ask for it, the
//!   kind word spelled out in lower case (`Order service`, `Orders database`, `Session
//!   cache`, `API gateway`): no article, the first letter alone in capitals.
//! - A microservice's repository and deployment name with the `-ms` suffix some
//!   organisations give every microservice (`order-ms`, `payment-ms`).
//! - A Gradle subproject's path in a multi-project build, as `./gradlew
//!   :services:order-service:bootRun` and build logs name it (`:services:order-service`,
//!   `:platform:api-gateway`, `:apps:web-storefront`).
//! - A Sphinx cross-reference role copied with its label from reStructuredText docs
//!   (`` :ref:`Order Service <order-service>` ``).
//! - A Javadoc inline link, from documentation generated out of Java code
//!   (`{@link OrderService}`).
//! - A Terragrunt unit's directory in a `live` repository, environment and region first
//!   (`live/prod/eu-west-1/orders-db`).
//! - An AWS FIFO queue's or topic's name with the `.fifo` suffix SQS and SNS require
//!   (`shipment-queue.fifo`, `order-events.fifo`).
//! - A GitHub issue label in the `area/` scheme Kubernetes-style projects use
//!   (`area/order-service`).
//! - LaTeX's typewriter command left around an identifier, from a design write-up kept in
//!   LaTeX (`\texttt{orders-db}`).
//! - A service called an engine, as people name the services that decide something
//!   (`Pricing Engine`, `Recommendation Engine`, `Fraud Engine`, `Promotions Engine`).
//! - A store named by its deployment unit, `cluster` after the name, as runbooks and
//!   capacity plans say it (`Orders DB cluster`, `Session Cache cluster`).
//! - The AWS console's navigation path, as runbooks tell you where to click (`RDS >
//!   Databases > orders-db`, `SQS > Queues > shipment-queue`, `ECS > Clusters >
//!   novamart-prod > Services > order-service`).
//! - A DNS SRV record's owner name, as service discovery docs write it
//!   (`_http._tcp.order-service`, `_postgresql._tcp.orders-db`).
//! - A monorepo directory with its trailing slash, as CODEOWNERS files and pull request
//!   descriptions name the code (`services/order-service/`).
//!
//! Type words come from the same sources (Swahili, Gradle, Terragrunt, AWS's console
//! words, Sphinx, Javadoc) and relationship phrases from runbooks and design prose and a
//! model answering in Swahili, some written from the object's end (`is hit by`, `is the
//! data source for`, `captures the writes of`, `receives messages from`, `forwards
//! messages to`, `is critical to`) and two that only sound passive (`is dependent upon`,
//! `is filed under`: the subject acts, or is the part).
//!
//! The near-named pairs of this set are `SIXTEENTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, looked_up, translated};

/// One way of writing a name, in the sixteenth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Huduma ya Maagizo`, `Hifadhidata ya Malipo`, `API ya Stripe`: a Swahili answer.
    Swahili,
    /// `Order service`, `Orders database`: sentence case, the kind word spelled out.
    SentenceCase,
    /// `order-ms`: a microservice's `-ms` name.
    MicroserviceSuffix,
    /// `:services:order-service`: a Gradle subproject's path.
    GradleProject,
    /// `` :ref:`Order Service <order-service>` ``: a Sphinx cross-reference.
    SphinxRef,
    /// `{@link OrderService}`: a Javadoc inline link.
    JavadocLink,
    /// `live/prod/eu-west-1/orders-db`: a Terragrunt unit's directory.
    TerragruntUnit,
    /// `shipment-queue.fifo`: an SQS or SNS FIFO name.
    FifoSuffix,
    /// `area/order-service`: an issue tracker's area label.
    AreaLabel,
    /// `\texttt{orders-db}`: LaTeX's typewriter command.
    LatexTypewriter,
    /// `Pricing Engine`: a deciding service called an engine.
    Engine,
    /// `Orders DB cluster`: a store named by its deployment unit.
    Cluster,
    /// `RDS > Databases > orders-db`: the AWS console's navigation path.
    ConsolePath,
    /// `_http._tcp.order-service`: a DNS SRV record's owner name.
    SrvRecord,
    /// `services/order-service/`: a monorepo directory.
    MonorepoDir,
}

/// The sixteenth styles (the canonical `Camel` form stays, as a document's own name).
pub const SIXTEENTH: &[Style] = &[
    Style::Camel,
    Style::Sixteenth(Name::Swahili),
    Style::Sixteenth(Name::SentenceCase),
    Style::Sixteenth(Name::MicroserviceSuffix),
    Style::Sixteenth(Name::GradleProject),
    Style::Sixteenth(Name::SphinxRef),
    Style::Sixteenth(Name::JavadocLink),
    Style::Sixteenth(Name::TerragruntUnit),
    Style::Sixteenth(Name::FifoSuffix),
    Style::Sixteenth(Name::AreaLabel),
    Style::Sixteenth(Name::LatexTypewriter),
    Style::Sixteenth(Name::Engine),
    Style::Sixteenth(Name::Cluster),
    Style::Sixteenth(Name::ConsolePath),
    Style::Sixteenth(Name::SrvRecord),
    Style::Sixteenth(Name::MonorepoDir),
];

/// The corpus's words in Swahili, as they follow the kind word and its connective.
const SWAHILI: &[(&str, &str)] = &[
    ("Order", "Maagizo"),
    ("Orders", "Maagizo"),
    ("Checkout", "Kulipia"),
    ("Cart", "Kikapu"),
    ("Payment", "Malipo"),
    ("Payments", "Malipo"),
    ("Pricing", "Upangaji Bei"),
    ("Price", "Bei"),
    ("Inventory", "Hesabu ya Bidhaa"),
    ("Catalog", "Katalogi"),
    ("Search", "Utafutaji"),
    ("Index", "Faharasa"),
    ("Shipping", "Usafirishaji"),
    ("Shipment", "Mizigo"),
    ("Shipments", "Mizigo"),
    ("Fulfillment", "Utekelezaji wa Maagizo"),
    ("Notification", "Arifa"),
    ("Customer", "Wateja"),
    ("Customers", "Wateja"),
    ("Auth", "Uthibitishaji"),
    ("Recommendation", "Mapendekezo"),
    ("Review", "Maoni"),
    ("Reviews", "Maoni"),
    ("Promotion", "Ofa"),
    ("Promotions", "Ofa"),
    ("Tax", "Kodi"),
    ("Fraud", "Kugundua Udanganyifu"),
    ("Returns", "Marejesho"),
    ("Loyalty", "Mpango wa Uaminifu"),
    ("Reporting", "Ripoti"),
    ("Invoice", "Ankara"),
    ("Session", "Vikao"),
    ("Events", "Matukio"),
];

/// The services people call an engine: the ones that decide something.
const ENGINE: &[(&str, &str)] = &[
    ("Pricing", "Pricing Engine"),
    ("Recommendation", "Recommendation Engine"),
    ("Fraud", "Fraud Engine"),
    ("Promotion", "Promotions Engine"),
];

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no Gradle project for a database, no FIFO name for a service).
pub fn write(
    style: Name,
    words: &[&str],
    kind_word: &str,
    kind: Kind,
    system: &str,
) -> Option<String> {
    let (all, lower) = crate::styles::with_kind(words, kind_word);
    let spaced = all.join(" ");
    let camel = all.concat();
    let kebab = lower.join("-");
    let words_kebab = words.join("-").to_lowercase();
    Some(match style {
        Name::Swahili => {
            let head = match kind {
                Kind::Service => "Huduma",
                Kind::Database => "Hifadhidata",
                Kind::Cache => "Akiba",
                Kind::Topic => "Mada",
                Kind::Queue => "Foleni",
                Kind::External => return Some(format!("API ya {}", words.concat())),
                Kind::Gateway => return Some("Lango la API".into()),
                Kind::Frontend => return Some("Duka la Mtandaoni".into()),
                Kind::Index => return Some("Faharasa ya Utafutaji".into()),
            };
            // The head noun first (`Matukio ya Maagizo`: events of orders).
            let mut sw = translated(words, SWAHILI)?;
            sw.reverse();
            format!("{head} ya {}", sw.join(" ya "))
        }
        Name::SentenceCase => {
            if kind == Kind::External {
                // A vendor's name is a proper noun: sentence case leaves it as it is.
                return None;
            }
            let kind_word = match kind_word {
                "DB" => "database",
                other => other,
            };
            let (all, _) = crate::styles::with_kind(words, kind_word);
            all.iter()
                .enumerate()
                .map(|(i, w)| {
                    if i == 0 || w.chars().all(|ch| ch.is_uppercase()) {
                        w.clone()
                    } else {
                        w.to_lowercase()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        }
        Name::MicroserviceSuffix => match kind {
            Kind::Service => format!("{words_kebab}-ms"),
            _ => return None,
        },
        Name::GradleProject => match kind {
            Kind::Service => format!(":services:{kebab}"),
            Kind::Gateway => format!(":platform:{kebab}"),
            Kind::Frontend => format!(":apps:{kebab}"),
            _ => return None,
        },
        Name::SphinxRef => format!(":ref:`{spaced} <{kebab}>`"),
        Name::JavadocLink => match kind {
            Kind::Service | Kind::Gateway => format!("{{@link {camel}}}"),
            _ => return None,
        },
        Name::TerragruntUnit => match kind {
            Kind::External => return None,
            _ => format!("live/prod/eu-west-1/{kebab}"),
        },
        Name::FifoSuffix => match kind {
            // An SNS topic is named by its events; an SQS queue keeps its kind word.
            Kind::Topic => format!("{words_kebab}.fifo"),
            Kind::Queue => format!("{kebab}.fifo"),
            _ => return None,
        },
        Name::AreaLabel => match kind {
            Kind::External => return None,
            _ => format!("area/{kebab}"),
        },
        Name::LatexTypewriter => format!("\\texttt{{{kebab}}}"),
        Name::Engine => match kind {
            Kind::Service => looked_up(words.first()?, ENGINE)?.to_string(),
            _ => return None,
        },
        Name::Cluster => match kind {
            Kind::Database | Kind::Cache | Kind::Index => format!("{spaced} cluster"),
            _ => return None,
        },
        Name::ConsolePath => {
            let cluster = format!("{}-prod", system.to_lowercase());
            match kind {
                Kind::Service => format!("ECS > Clusters > {cluster} > Services > {kebab}"),
                Kind::Database => format!("RDS > Databases > {kebab}"),
                Kind::Cache => format!("ElastiCache > Redis OSS caches > {kebab}"),
                Kind::Topic => format!("SNS > Topics > {words_kebab}"),
                Kind::Queue => format!("SQS > Queues > {kebab}"),
                Kind::Index => format!("OpenSearch Service > Domains > {kebab}"),
                Kind::Gateway => format!("API Gateway > APIs > {kebab}"),
                Kind::Frontend => format!("Amplify > All apps > {kebab}"),
                Kind::External => return None,
            }
        }
        Name::SrvRecord => match kind {
            Kind::Service | Kind::Gateway => format!("_http._tcp.{kebab}"),
            Kind::Database => format!("_postgresql._tcp.{kebab}"),
            Kind::Cache => format!("_redis._tcp.{kebab}"),
            _ => return None,
        },
        Name::MonorepoDir => match kind {
            Kind::Service => format!("services/{kebab}/"),
            Kind::Gateway => format!("platform/{kebab}/"),
            Kind::Frontend => format!("apps/{kebab}/"),
            _ => return None,
        },
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "huduma",
            "Gradle subproject",
            "ECS service",
            "decision engine",
        ],
        Kind::Database => &[
            "database",
            "hifadhidata",
            "RDS DB instance",
            "Terragrunt unit",
        ],
        Kind::Cache => &["cache", "akiba", "ElastiCache Redis OSS cache"],
        Kind::Topic => &["queue", "mada ya Kafka", "SNS FIFO topic"],
        Kind::Queue => &["queue", "foleni ya ujumbe", "SQS FIFO queue"],
        Kind::External => &[
            "external_system",
            "mfumo wa nje",
            "upstream vendor",
            "integration partner",
        ],
        Kind::Gateway => &["service", "lango la API", "REST API (API Gateway)"],
        Kind::Frontend => &["frontend", "duka la mtandaoni", "Amplify app"],
        Kind::Index => &["database", "faharasa ya utafutaji", "OpenSearch domain"],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is hit by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is dependent upon B` and `A is filed under B`
/// only sound passive (A acts, or A is the part); `B is hit by A`,
/// `B is the data source for A`, `B captures the writes of A`, `B receives messages from A`,
/// `B forwards messages to A` and `B is critical to A` are written from the object.
/// Each relationship has one Swahili phrase, as a model answering in Swahili writes it.
/// The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("inaita", "inaita", false),
            ("issues requests to", "issues requests to", false),
            ("is hit by", "is hit by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("inasoma kutoka", "inasoma kutoka", false),
            ("draws its data from", "draws its data from", false),
            ("is the data source for", "is the data source for", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("inaandika kwenye", "inaandika kwenye", false),
            ("flushes its writes to", "flushes its writes to", false),
            ("captures the writes of", "captures the writes of", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("inachapisha kwenye", "inachapisha kwenye", false),
            ("emits messages onto", "emits messages onto", false),
            ("receives messages from", "receives messages from", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("inajiandikisha kwa", "inajiandikisha kwa", false),
            ("reads messages off", "reads messages off", false),
            ("forwards messages to", "forwards messages to", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("inategemea", "inategemea", false),
            ("won't start without", "won't start without", false),
            ("is dependent upon", "is dependent upon", false),
            ("is critical to", "is critical to", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("ni sehemu ya", "ni sehemu ya", false),
            ("rolls up to", "rolls up to", false),
            ("is filed under", "is filed under", false),
        ],
    }
}
