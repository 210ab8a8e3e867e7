//! The forty-eighth set (issue 36, forty-eighth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Kyrgyz, database administration tooling (Postgres `pg_stat_activity`
//! and roles, MySQL accounts, Oracle TNS descriptors, MongoDB namespaces, Redis key
//! prefixes) and browser and frontend devtools (HAR entries, service worker scripts,
//! Lighthouse's third-party table, source maps, heap snapshots) write:
//! - A model answering in Kyrgyz: the name's words first, in the English order, then the
//!   kind word with its third-person possessive (`Буйрутма кызматы`, the order service;
//!   `Төлөм маалымат базасы`, `Билдирүү кезеги`, `Сессия кэши`, `Каталог издөө
//!   кызматы`), a vendor's API as `Stripe API-си`, `API шлюзу`, `Онлайн дүкөн`, `Издөө
//!   индекси`.
//! - A `pg_stat_activity` filter on the client's `application_name`
//!   (`pg_stat_activity.application_name = 'order-service'`).
//! - A MySQL account name, user and host pattern, as `performance_schema.accounts` and
//!   `GRANT` write it (`'order_service'@'%'`).
//! - An Oracle TNS connect descriptor's service name (`(SERVICE_NAME=ORDER_SERVICE)`).
//! - A MongoDB namespace, database and collection (`novamart.orderService`).
//! - A Redis key prefix with its colons and glob, as `SCAN MATCH` takes it
//!   (`novamart:order-service:*`).
//! - A Postgres login role with its read-write suffix (`order_service_rw`).
//! - A HAR entry as DevTools' Network panel lists it, method, path, status and initiator
//!   type (`GET /api/order-service 200 (fetch)`).
//! - A service worker script, its folder being its scope (`/order-service/sw.js`).
//! - A Lighthouse third-party usage row, the entity and its badge copied together
//!   (`Order Service 1st Party`).
//! - A source map's source, as DevTools' Sources panel shows it
//!   (`webpack://novamart/./src/order-service/index.ts`).
//! - A heap snapshot's constructor with its object id (`OrderService @418273`).
//!
//! Type words come from the same sources (Kyrgyz, Postgres, MongoDB, Redis, DevTools,
//! Lighthouse) and relationship phrases from DBA runbooks, frontend performance notes and
//! a model answering in Kyrgyz, some written from the object's end (`is fetched by`, `is
//! scanned by`, `is upserted by`, `is NOTIFYed by`, `is tailed by`, `is needed by`,
//! Kyrgyz `тарабынан чакырылат`, is called by, `тарабынан окулат`, is read by,
//! `тарабынан жазылат`, is written by, `окуяларды алат`, receives events from) and some
//! that only look passive (`is served from` and `is pooled through`; Kyrgyz `жазылат`,
//! subscribes to, the same word as `is written`, and `көз каранды`, depends on, whose
//! `-ды` reads like a participle: the subject acts) and one written from the part (`is
//! mounted under`).
//!
//! The near-named pairs of this set are `FORTYEIGHTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the forty-eighth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Буйрутма кызматы`: a Kyrgyz answer.
    Kyrgyz,
    /// `pg_stat_activity.application_name = 'order-service'`: a Postgres client.
    PgActivity,
    /// `'order_service'@'%'`: a MySQL account.
    MysqlAccount,
    /// `(SERVICE_NAME=ORDER_SERVICE)`: an Oracle TNS service name.
    Tns,
    /// `novamart.orderService`: a MongoDB namespace.
    Mongo,
    /// `novamart:order-service:*`: a Redis key prefix.
    Redis,
    /// `order_service_rw`: a Postgres login role.
    PgRole,
    /// `GET /api/order-service 200 (fetch)`: a HAR entry.
    Har,
    /// `/order-service/sw.js`: a service worker script.
    ServiceWorker,
    /// `Order Service 1st Party`: a Lighthouse third-party row.
    Lighthouse,
    /// `webpack://novamart/./src/order-service/index.ts`: a source map's source.
    SourceMap,
    /// `OrderService @418273`: a heap snapshot constructor.
    HeapSnapshot,
}

/// The forty-eighth styles (the canonical `Camel` form stays, as a document's own name).
pub const FORTYEIGHTH: &[Style] = &[
    Style::Camel,
    Style::Fortyeighth(Name::Kyrgyz),
    Style::Fortyeighth(Name::PgActivity),
    Style::Fortyeighth(Name::MysqlAccount),
    Style::Fortyeighth(Name::Tns),
    Style::Fortyeighth(Name::Mongo),
    Style::Fortyeighth(Name::Redis),
    Style::Fortyeighth(Name::PgRole),
    Style::Fortyeighth(Name::Har),
    Style::Fortyeighth(Name::ServiceWorker),
    Style::Fortyeighth(Name::Lighthouse),
    Style::Fortyeighth(Name::SourceMap),
    Style::Fortyeighth(Name::HeapSnapshot),
];

/// The corpus's words in Kyrgyz, as they stand before a head noun.
const KYRGYZ: &[(&str, &str)] = &[
    ("Order", "буйрутма"),
    ("Orders", "буйрутмалар"),
    ("Checkout", "касса"),
    ("Cart", "себет"),
    ("Payment", "төлөм"),
    ("Payments", "төлөмдөр"),
    ("Pricing", "баа коюу"),
    ("Price", "баа"),
    ("Inventory", "кампа"),
    ("Catalog", "каталог"),
    ("Search", "издөө"),
    ("Index", "индекс"),
    ("Shipping", "жеткирүү"),
    ("Shipment", "жөнөтмө"),
    ("Shipments", "жөнөтмөлөр"),
    ("Fulfillment", "аткаруу"),
    ("Notification", "билдирүү"),
    ("Customer", "кардар"),
    ("Customers", "кардарлар"),
    ("Auth", "аутентификация"),
    ("Recommendation", "сунуш"),
    ("Review", "сын-пикир"),
    ("Reviews", "сын-пикирлер"),
    ("Promotion", "акция"),
    ("Promotions", "акциялар"),
    ("Tax", "салык"),
    ("Fraud", "алдамчылык"),
    ("Returns", "кайтаруу"),
    ("Loyalty", "берилгендик"),
    ("Reporting", "отчеттуулук"),
    ("Invoice", "эсеп-фактура"),
    ("Session", "сессия"),
    ("Events", "окуялар"),
];

/// The Kyrgyz kind words, each with its third-person possessive.
const KYRGYZ_HEADS: &[(&str, &str)] = &[
    ("Service", "кызматы"),
    ("DB", "маалымат базасы"),
    ("Cache", "кэши"),
    ("Queue", "кезеги"),
    ("Topic", "темасы"),
];

/// `text` with its first letter in upper case.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The Kyrgyz answer for a name, `None` for a word the table lacks.
fn kyrgyz(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("{} API-си", words.concat()),
        Kind::Gateway => "API шлюзу".into(),
        Kind::Frontend => "Онлайн дүкөн".into(),
        Kind::Index => "Издөө индекси".into(),
        _ => {
            let own = translated(words, KYRGYZ)?;
            let head = KYRGYZ_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            // The modifiers first, in the English order, the head last with its
            // possessive.
            capitalized(&format!("{} {head}", own.join(" ")))
        }
    })
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Kyrgyz table lacks).
pub fn write(
    style: Name,
    words: &[&str],
    kind_word: &str,
    kind: Kind,
    _system: &str,
) -> Option<String> {
    let (all, lower) = crate::styles::with_kind(words, kind_word);
    let spaced = all.join(" ");
    let camel = all.concat();
    let kebab = lower.join("-");
    let snake = lower.join("_");
    let upper_snake = snake.to_uppercase();
    let lower_camel = {
        let mut it = all.iter();
        let first = it.next().map(|w| w.to_lowercase()).unwrap_or_default();
        first + &it.map(String::as_str).collect::<String>()
    };
    let h = hash(&spaced, "fortyeighth");
    Some(match style {
        Name::Kyrgyz => kyrgyz(words, kind_word, kind)?,
        Name::PgActivity => format!("pg_stat_activity.application_name = '{kebab}'"),
        Name::MysqlAccount => format!("'{snake}'@'%'"),
        Name::Tns => format!("(SERVICE_NAME={upper_snake})"),
        Name::Mongo => format!("novamart.{lower_camel}"),
        Name::Redis => format!("novamart:{kebab}:*"),
        Name::PgRole => format!("{snake}_rw"),
        Name::Har => format!("GET /api/{kebab} 200 (fetch)"),
        Name::ServiceWorker => format!("/{kebab}/sw.js"),
        Name::Lighthouse => format!("{spaced} 1st Party"),
        Name::SourceMap => format!("webpack://novamart/./src/{kebab}/index.ts"),
        Name::HeapSnapshot => format!("{camel} @{}", 100_001 + h % 899_999),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "кызмат", "application_name", "origin"],
        Kind::Database => &[
            "database",
            "маалымат базасы",
            "tablespace",
            "MongoDB namespace",
        ],
        Kind::Cache => &["cache", "кэш", "Redis keyspace", "Cache Storage"],
        Kind::Topic => &["queue", "тема", "NOTIFY channel", "change stream"],
        Kind::Queue => &["queue", "кезек", "job table", "Bull queue"],
        Kind::External => &[
            "external_system",
            "тышкы система",
            "foreign server",
            "third-party origin",
        ],
        Kind::Gateway => &["service", "API шлюзу", "connection pooler", "edge origin"],
        Kind::Frontend => &["frontend", "веб-тиркеме", "PWA", "page"],
        Kind::Index => &[
            "database",
            "издөө индекси",
            "GIN index",
            "Atlas Search index",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is fetched by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is served from B` (A reads from B), `A is
/// pooled through B` (A depends on B), Kyrgyz `A жазылат B` (subscribes to; the same
/// word as `is written`) and `A көз каранды B` (depends on) only look passive (A acts),
/// and so does `A is mounted under B` (A is the part); `B is fetched by A`, `B is
/// scanned by A`, `B is upserted by A`, `B is NOTIFYed by A`, `B is tailed by A` and `B
/// is needed by A` are written from the object, and so are Kyrgyz `B тарабынан
/// чакырылат A` (is called by), `B тарабынан окулат A` (is read by), `B тарабынан
/// жазылат A` (is written by) and `B окуяларды алат A` (receives events from). The
/// prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("чакырат", "чакырат", false),
            ("тарабынан чакырылат", "тарабынан чакырылат", true),
            ("is fetched by", "is fetched by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("окуйт", "окуйт", false),
            ("тарабынан окулат", "тарабынан окулат", true),
            ("is scanned by", "is scanned by", true),
            ("is served from", "is served from", false),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("жазат", "жазат", false),
            ("тарабынан жазылат", "тарабынан жазылат", true),
            ("is upserted by", "is upserted by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("жарыялайт", "жарыялайт", false),
            ("окуяларды алат", "окуяларды алат", true),
            ("is NOTIFYed by", "is NOTIFYed by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("жазылат", "жазылат", false),
            ("LISTENs on", "LISTENs on", false),
            ("is tailed by", "is tailed by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("көз каранды", "көз каранды", false),
            ("is pooled through", "is pooled through", false),
            ("is needed by", "is needed by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("курамына кирет", "курамына кирет", false),
            ("is mounted under", "is mounted under", false),
        ],
    }
}
