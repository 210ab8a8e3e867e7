//! The thirty-fifth set (issue 36, thirty-fifth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Māori, models drifting as they lift a name out of prose (paraphrases,
//! role names, qualifiers and hedges left in) and streaming and data-integration tooling
//! (Kafka Connect, Debezium, MirrorMaker 2, Kafka Streams, ksqlDB, lakehouse medallion
//! layers, Airbyte) write:
//! - A model answering in Māori: the definite article `Te`, the kind word, then the
//!   name's words as modifiers after it, the last English word first (`Te Ratonga Ota`,
//!   the orders service; `Te Pātengi Raraunga Utu`, `Te Rārangi Tatari Pānui`, `Te
//!   Rokiroki Poto Wātū`, `Te Kaupapa Takahanga Ota`), a vendor's API with the
//!   possessive `o` (`Te API o Stripe`), `Te Kūaha API`, `Te Toa Ipurangi`, `Te Kuputohu
//!   Rapu`.
//! - A paraphrase with no word in common with the name: both the name's word and the
//!   kind word swapped for what a model finds equivalent (`Purchase System` for the
//!   Order Service, `Purchase Records` for the Orders DB, `Visitor Memory` for the
//!   Session Cache, `Purchase Updates Feed`, `Alerting Inbox`, `Front Door`, `Online
//!   Shop`, `Lookup Catalogue`).
//! - A role name in lower case with its article, as a model summarising prose writes it
//!   (`the order backend`, `the orders system of record`, `the session hot store`, `the
//!   order events firehose`, `the notification backlog`, `the Stripe integration`, `the
//!   edge layer`, `the shopfront`, `the search engine`).
//! - A qualifier from the sentence left in front (`internal Order Service`, `primary
//!   Orders DB`, `shared Session Cache`, `main Order Events Topic`, `durable
//!   Notification Queue`, `third-party Stripe API`, `public API Gateway`,
//!   `customer-facing Web Storefront`, `full-text Search Index`).
//! - A model's distancing hedge in front (`so-called Order Service`).
//! - The system after the name with `of` (`Order Service of NovaMart`).
//! - A Kafka Connect connector named for what it moves (`orders-db-source-connector`,
//!   `order-events-topic-s3-sink`, `order-service-http-sink`).
//! - A Debezium change-event topic, server, schema and table (`novamart-pg.public.orders_db`).
//! - A topic replicated by MirrorMaker 2, the source cluster's alias in front
//!   (`primary.order-service`).
//! - A Kafka Streams state store's changelog topic, application id and store
//!   (`novamart-streams-order-service-store-changelog`).
//! - A ksqlDB stream (`ORDER_SERVICE_STREAM`).
//! - A lakehouse table in the bronze (raw) layer (`bronze.order_service`).
//! - An Airbyte raw table (`_airbyte_raw_order_service`).
//!
//! Type words come from the same sources (Māori, the role names, streaming tooling) and
//! relationship phrases from design prose, pipeline documents and a model answering in
//! Māori, some written from the object's end (`is hit by`, `is populated by`, `is
//! filled by`, `is polled by`, `is leaned on by`, Māori `ka karangatia e`, is called by,
//! `ka pānuitia e`, is read by, `ka tuhia e`, is written by) and some that only look
//! passive (`is hydrated from`, `is fed from`, `is underpinned by`, `is grouped under`:
//! the subject acts, or is the part).
//!
//! The near-named pairs of this set are `THIRTY_FIFTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, translated};

/// One way of writing a name, in the thirty-fifth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Te Ratonga Ota`: a Māori answer.
    Maori,
    /// `Purchase System`, `Visitor Memory`: a paraphrase sharing no word with the name.
    Paraphrase,
    /// `the order backend`: a role name with its article.
    Role,
    /// `internal Order Service`: a qualifier from the sentence left in.
    Qualifier,
    /// `so-called Order Service`: a distancing hedge.
    SoCalled,
    /// `Order Service of NovaMart`: the system after the name.
    OfSystem,
    /// `orders-db-source-connector`: a Kafka Connect connector.
    Connector,
    /// `novamart-pg.public.orders_db`: a Debezium topic.
    Debezium,
    /// `primary.order-service`: a MirrorMaker 2 replicated topic.
    MirrorMaker,
    /// `novamart-streams-order-service-store-changelog`: a Kafka Streams changelog.
    Changelog,
    /// `ORDER_SERVICE_STREAM`: a ksqlDB stream.
    Ksql,
    /// `bronze.order_service`: a bronze-layer table.
    Bronze,
    /// `_airbyte_raw_order_service`: an Airbyte raw table.
    Airbyte,
}

/// The thirty-fifth styles (the canonical `Camel` form stays, as a document's own name).
pub const THIRTY_FIFTH: &[Style] = &[
    Style::Camel,
    Style::ThirtyFifth(Name::Maori),
    Style::ThirtyFifth(Name::Paraphrase),
    Style::ThirtyFifth(Name::Role),
    Style::ThirtyFifth(Name::Qualifier),
    Style::ThirtyFifth(Name::SoCalled),
    Style::ThirtyFifth(Name::OfSystem),
    Style::ThirtyFifth(Name::Connector),
    Style::ThirtyFifth(Name::Debezium),
    Style::ThirtyFifth(Name::MirrorMaker),
    Style::ThirtyFifth(Name::Changelog),
    Style::ThirtyFifth(Name::Ksql),
    Style::ThirtyFifth(Name::Bronze),
    Style::ThirtyFifth(Name::Airbyte),
];

/// The corpus's words in Māori, as modifiers after the kind word.
const MAORI: &[(&str, &str)] = &[
    ("Order", "Ota"),
    ("Orders", "Ota"),
    ("Checkout", "Whakaoti Hoko"),
    ("Cart", "Kāta"),
    ("Payment", "Utu"),
    ("Payments", "Utu"),
    ("Pricing", "Whakatau Utu"),
    ("Price", "Utu Hoko"),
    ("Inventory", "Rārangi Taonga"),
    ("Catalog", "Rārangi Hua"),
    ("Search", "Rapu"),
    ("Index", "Kuputohu"),
    ("Shipping", "Kawe"),
    ("Shipment", "Tukunga"),
    ("Shipments", "Tukunga"),
    ("Fulfillment", "Whakatutuki"),
    ("Notification", "Pānui"),
    ("Customer", "Kiritaki"),
    ("Customers", "Kiritaki"),
    ("Auth", "Motuhēhē"),
    ("Recommendation", "Tūtohu"),
    ("Review", "Arotake"),
    ("Reviews", "Arotake"),
    ("Promotion", "Whakatairanga"),
    ("Promotions", "Whakatairanga"),
    ("Tax", "Tāke"),
    ("Fraud", "Tinihanga"),
    ("Returns", "Whakahoki"),
    ("Loyalty", "Piripono"),
    ("Reporting", "Pūrongo"),
    ("Invoice", "Nama"),
    ("Session", "Wātū"),
    ("Events", "Takahanga"),
];

/// The Māori kind words with their article.
const MAORI_HEADS: &[(&str, &str)] = &[
    ("Service", "Te Ratonga"),
    ("DB", "Te Pātengi Raraunga"),
    ("Cache", "Te Rokiroki Poto"),
    ("Queue", "Te Rārangi Tatari"),
    ("Topic", "Te Kaupapa"),
];

/// The corpus's words as a model's paraphrase (no word in common with them).
const PARAPHRASE: &[(&str, &str)] = &[
    ("Order", "Purchase"),
    ("Orders", "Purchase"),
    ("Checkout", "Till"),
    ("Cart", "Trolley"),
    ("Payment", "Billing"),
    ("Payments", "Billing"),
    ("Pricing", "Tariff"),
    ("Price", "Tariff"),
    ("Inventory", "Stockroom"),
    ("Catalog", "Assortment"),
    ("Search", "Lookup"),
    ("Index", "Register"),
    ("Shipping", "Carriage"),
    ("Shipment", "Consignment"),
    ("Shipments", "Consignment"),
    ("Fulfillment", "Dispatch"),
    ("Notification", "Alerting"),
    ("Customer", "Clientele"),
    ("Customers", "Clientele"),
    ("Auth", "Sign-In"),
    ("Recommendation", "Suggestion"),
    ("Review", "Rating"),
    ("Reviews", "Rating"),
    ("Promotion", "Discount"),
    ("Promotions", "Discount"),
    ("Tax", "Levy"),
    ("Fraud", "Risk"),
    ("Returns", "Refund"),
    ("Loyalty", "Points"),
    ("Reporting", "Analytics"),
    ("Invoice", "Statement"),
    ("Session", "Visitor"),
    ("Events", "Updates"),
];

/// The paraphrased kind words.
const PARAPHRASE_HEADS: &[(&str, &str)] = &[
    ("Service", "System"),
    ("DB", "Records"),
    ("Cache", "Memory"),
    ("Queue", "Inbox"),
    ("Topic", "Feed"),
];

/// The Māori answer for a name, `None` for a word the table lacks.
fn maori(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("Te API o {}", words.concat()),
        Kind::Gateway => "Te Kūaha API".into(),
        Kind::Frontend => "Te Toa Ipurangi".into(),
        Kind::Index => "Te Kuputohu Rapu".into(),
        _ => {
            let own = translated(words, MAORI)?;
            let head = crate::styles::looked_up(kind_word, MAORI_HEADS)?;
            // Head first; the modifiers follow it, the last English word first.
            let mut out = head.to_string();
            for word in own.iter().rev() {
                out.push(' ');
                out.push_str(word);
            }
            out
        }
    })
}

/// The paraphrase of a name, `None` for a vendor's API (its name has no synonym).
fn paraphrase(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => return None,
        Kind::Gateway => "Front Door".into(),
        Kind::Frontend => "Online Shop".into(),
        Kind::Index => "Lookup Catalogue".into(),
        _ => {
            let own = translated(words, PARAPHRASE)?;
            let head = crate::styles::looked_up(kind_word, PARAPHRASE_HEADS)?;
            format!("{} {head}", own.join(" "))
        }
    })
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word a table lacks, a vendor's API paraphrased).
pub fn write(
    style: Name,
    words: &[&str],
    kind_word: &str,
    kind: Kind,
    _system: &str,
) -> Option<String> {
    let (all, lower) = crate::styles::with_kind(words, kind_word);
    let spaced = all.join(" ");
    let kebab = lower.join("-");
    let snake = lower.join("_");
    let own_lower = words.join(" ").to_lowercase();
    Some(match style {
        Name::Maori => maori(words, kind_word, kind)?,
        Name::Paraphrase => paraphrase(words, kind_word, kind)?,
        Name::Role => match kind {
            Kind::Service => format!("the {own_lower} backend"),
            Kind::Database => format!("the {own_lower} system of record"),
            Kind::Cache => format!("the {own_lower} hot store"),
            Kind::Topic => format!("the {own_lower} firehose"),
            Kind::Queue => format!("the {own_lower} backlog"),
            Kind::External => format!("the {} integration", words.concat()),
            Kind::Gateway => "the edge layer".into(),
            Kind::Frontend => "the shopfront".into(),
            Kind::Index => "the search engine".into(),
        },
        Name::Qualifier => {
            let qualifier = match kind {
                Kind::Service => "internal",
                Kind::Database => "primary",
                Kind::Cache => "shared",
                Kind::Topic => "main",
                Kind::Queue => "durable",
                Kind::External => "third-party",
                Kind::Gateway => "public",
                Kind::Frontend => "customer-facing",
                Kind::Index => "full-text",
            };
            format!("{qualifier} {spaced}")
        }
        Name::SoCalled => format!("so-called {spaced}"),
        Name::OfSystem => format!("{spaced} of NovaMart"),
        Name::Connector => match kind {
            Kind::Database | Kind::Cache | Kind::Index => format!("{kebab}-source-connector"),
            Kind::Topic | Kind::Queue => format!("{kebab}-s3-sink"),
            _ => format!("{kebab}-http-sink"),
        },
        Name::Debezium => format!("novamart-pg.public.{snake}"),
        Name::MirrorMaker => format!("primary.{kebab}"),
        Name::Changelog => format!("novamart-streams-{kebab}-store-changelog"),
        Name::Ksql => format!("{}_STREAM", snake.to_uppercase()),
        Name::Bronze => format!("bronze.{snake}"),
        Name::Airbyte => format!("_airbyte_raw_{snake}"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "ratonga", "backend", "stream processor"],
        Kind::Database => &[
            "database",
            "pātengi raraunga",
            "system of record",
            "CDC source",
        ],
        Kind::Cache => &["cache", "rokiroki poto", "hot store", "state store"],
        Kind::Topic => &["queue", "kaupapa", "firehose", "ksqlDB stream"],
        Kind::Queue => &["queue", "rārangi tatari", "backlog", "replicated topic"],
        Kind::External => &[
            "external_system",
            "pūnaha o waho",
            "integration",
            "HTTP sink target",
        ],
        Kind::Gateway => &["service", "kūaha", "edge layer", "ingress point"],
        Kind::Frontend => &["frontend", "paetukutuku", "shopfront", "web client"],
        Kind::Index => &["database", "kuputohu", "search engine", "sink index"],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is hit by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is hydrated from B` (A reads from B), `A is
/// fed from B` (A subscribes to B), `A is underpinned by B` (A depends on B) and `A is
/// grouped under B` (A is the part) only look passive; `B is hit by A`, `B is populated
/// by A`, `B is filled by A`, `B is polled by A` and `B is leaned on by A` are written
/// from the object, and so are Māori `B ka karangatia e A` (is called by), `B ka
/// pānuitia e A` (is read by) and `B ka tuhia e A` (is written by). The prompt's word
/// first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("ka karanga ki", "ka karanga ki", false),
            ("ka karangatia e", "ka karangatia e", true),
            ("is hit by", "is hit by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("ka pānui i", "ka pānui i", false),
            ("ka pānuitia e", "ka pānuitia e", true),
            ("is hydrated from", "is hydrated from", false),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("ka tuhi ki", "ka tuhi ki", false),
            ("ka tuhia e", "ka tuhia e", true),
            ("is populated by", "is populated by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("ka whakaputa ki", "ka whakaputa ki", false),
            ("streams into", "streams into", false),
            ("is filled by", "is filled by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("ka ohauru ki", "ka ohauru ki", false),
            ("is fed from", "is fed from", false),
            ("is polled by", "is polled by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("ka whakawhirinaki ki", "ka whakawhirinaki ki", false),
            ("is underpinned by", "is underpinned by", false),
            ("is leaned on by", "is leaned on by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("he wāhanga o", "he wāhanga o", false),
            ("is grouped under", "is grouped under", false),
        ],
    }
}
