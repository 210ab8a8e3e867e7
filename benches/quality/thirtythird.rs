//! The thirty-third set (issue 36, thirty-third round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Uzbek, cloud-native platform tooling (Crossplane, Backstage, Knative,
//! Linkerd, Cilium), database tooling (Flyway, dbdiagram, Prisma) and API gateways
//! (Kong, Apigee, Tyk) write:
//! - A model answering in Uzbek (Latin script): the name's words in English order, the
//!   kind word last with its possessive suffix (`Buyurtma xizmati`, the order service;
//!   `To'lov ma'lumotlar bazasi`, `Bildirishnoma navbati`, `Sessiya keshi`, `Katalog
//!   qidiruv xizmati`), a vendor's API as `Stripe API'si`, `API shlyuzi`,
//!   `Internet-do'kon`, `Qidiruv indeksi`.
//! - A Crossplane composite resource kind, with its `X` (`XOrderService`).
//! - A Backstage catalog entity reference, kind, namespace and name
//!   (`component:default/order-service`, `resource:default/order-db`,
//!   `api:default/stripe-api`).
//! - A Knative Serving revision name (`order-service-00003`).
//! - A Linkerd workload identity (`order-service.prod.serviceaccount.identity.linkerd.cluster.local`).
//! - A Cilium endpoint label as Hubble prints it (`k8s:app=order-service`).
//! - A Flyway versioned migration file (`V7__order_service.sql`).
//! - A dbdiagram.io table declaration with its alias (`Table order_db as OD`).
//! - A Prisma schema model declaration (`model OrderService`).
//! - A Kong upstream name (`order_service_upstream`).
//! - An Apigee API proxy's management path (`organizations/novamart/apis/order-service`).
//! - A Tyk API definition's listen path (`/order-service/`).
//!
//! Type words come from the same sources (Uzbek, Backstage, Crossplane, Kong, Prisma)
//! and relationship phrases from design prose, gateway and migration documents and a
//! model answering in Uzbek, some written from the object's end (`is proxied by`, `is
//! polled by`, `is fed by`, `is consumed by`, `is relied on by`, Uzbek `tomonidan
//! chaqiriladi`, is called by, `tomonidan o'qiladi`, is read by, `tomonidan yoziladi`,
//! is written by, `tomonidan to'ldiriladi`, is filled by) and some that only look
//! passive (`is persisted to`, `is subscribed to`, `is dependent on`, `is bundled in`:
//! the subject acts or is the part).
//!
//! The near-named pairs of this set are `THIRTY_THIRD_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the thirty-third set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Buyurtma xizmati`: an Uzbek answer.
    Uzbek,
    /// `XOrderService`: a Crossplane composite resource kind.
    Crossplane,
    /// `component:default/order-service`: a Backstage entity reference.
    Backstage,
    /// `order-service-00003`: a Knative revision.
    Knative,
    /// `order-service.prod.serviceaccount.identity.linkerd.cluster.local`: a Linkerd
    /// identity.
    Linkerd,
    /// `k8s:app=order-service`: a Cilium endpoint label.
    Cilium,
    /// `V7__order_service.sql`: a Flyway migration.
    Flyway,
    /// `Table order_db as OD`: a dbdiagram table.
    Dbdiagram,
    /// `model OrderService`: a Prisma model.
    Prisma,
    /// `order_service_upstream`: a Kong upstream.
    Kong,
    /// `organizations/novamart/apis/order-service`: an Apigee proxy.
    Apigee,
    /// `/order-service/`: a Tyk listen path.
    Tyk,
}

/// The thirty-third styles (the canonical `Camel` form stays, as a document's own name).
pub const THIRTY_THIRD: &[Style] = &[
    Style::Camel,
    Style::ThirtyThird(Name::Uzbek),
    Style::ThirtyThird(Name::Crossplane),
    Style::ThirtyThird(Name::Backstage),
    Style::ThirtyThird(Name::Knative),
    Style::ThirtyThird(Name::Linkerd),
    Style::ThirtyThird(Name::Cilium),
    Style::ThirtyThird(Name::Flyway),
    Style::ThirtyThird(Name::Dbdiagram),
    Style::ThirtyThird(Name::Prisma),
    Style::ThirtyThird(Name::Kong),
    Style::ThirtyThird(Name::Apigee),
    Style::ThirtyThird(Name::Tyk),
];

/// The corpus's words in Uzbek (Latin script).
const UZBEK: &[(&str, &str)] = &[
    ("Order", "buyurtma"),
    ("Orders", "buyurtmalar"),
    ("Checkout", "kassa"),
    ("Cart", "savat"),
    ("Payment", "to'lov"),
    ("Payments", "to'lovlar"),
    ("Pricing", "narxlash"),
    ("Price", "narx"),
    ("Inventory", "inventar"),
    ("Catalog", "katalog"),
    ("Search", "qidiruv"),
    ("Index", "indeks"),
    ("Shipping", "yetkazish"),
    ("Shipment", "jo'natma"),
    ("Shipments", "jo'natmalar"),
    ("Fulfillment", "bajarish"),
    ("Notification", "bildirishnoma"),
    ("Customer", "mijoz"),
    ("Customers", "mijozlar"),
    ("Auth", "autentifikatsiya"),
    ("Recommendation", "tavsiya"),
    ("Review", "sharh"),
    ("Reviews", "sharhlar"),
    ("Promotion", "aksiya"),
    ("Promotions", "aksiyalar"),
    ("Tax", "soliq"),
    ("Fraud", "firibgarlik"),
    ("Returns", "qaytarish"),
    ("Loyalty", "sodiqlik"),
    ("Reporting", "hisobot"),
    ("Invoice", "hisob-faktura"),
    ("Session", "sessiya"),
    ("Events", "hodisalar"),
];

/// The Uzbek kind words with their third-person possessive suffix.
const UZBEK_HEADS: &[(&str, &str)] = &[
    ("Service", "xizmati"),
    ("DB", "ma'lumotlar bazasi"),
    ("Cache", "keshi"),
    ("Queue", "navbati"),
    ("Topic", "mavzusi"),
];

/// The Uzbek answer for a name, `None` for a word the table lacks.
fn uzbek(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("{} API'si", words.concat()),
        Kind::Gateway => "API shlyuzi".into(),
        Kind::Frontend => "Internet-do'kon".into(),
        Kind::Index => "Qidiruv indeksi".into(),
        _ => {
            let own = translated(words, UZBEK)?;
            let head = crate::styles::looked_up(kind_word, UZBEK_HEADS)?;
            let text = format!("{} {head}", own.join(" "));
            let mut chars = text.chars();
            let first = chars.next()?;
            format!("{}{}", first.to_uppercase(), chars.as_str())
        }
    })
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Uzbek table lacks).
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
    let h = hash(&spaced, "thirtythird");
    Some(match style {
        Name::Uzbek => uzbek(words, kind_word, kind)?,
        Name::Crossplane => format!("X{camel}"),
        Name::Backstage => {
            let entity = match kind {
                Kind::Service | Kind::Gateway | Kind::Frontend => "component",
                Kind::External => "api",
                _ => "resource",
            };
            format!("{entity}:default/{kebab}")
        }
        Name::Knative => format!("{kebab}-{:05}", 1 + h % 12),
        Name::Linkerd => {
            format!("{kebab}.prod.serviceaccount.identity.linkerd.cluster.local")
        }
        Name::Cilium => format!("k8s:app={kebab}"),
        Name::Flyway => format!("V{}__{snake}.sql", 1 + h % 40),
        Name::Dbdiagram => {
            let alias: String = all
                .iter()
                .filter_map(|w| w.chars().next())
                .map(|ch| ch.to_ascii_uppercase())
                .collect();
            format!("Table {snake} as {alias}")
        }
        Name::Prisma => format!("model {camel}"),
        Name::Kong => format!("{snake}_upstream"),
        Name::Apigee => format!("organizations/novamart/apis/{kebab}"),
        Name::Tyk => format!("/{kebab}/"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "xizmat",
            "Backstage component",
            "Knative service",
        ],
        Kind::Database => &[
            "database",
            "ma'lumotlar bazasi",
            "Prisma datasource",
            "Crossplane database claim",
        ],
        Kind::Cache => &["cache", "kesh", "Backstage resource", "managed cache"],
        Kind::Topic => &["queue", "mavzu", "Knative broker", "event channel"],
        Kind::Queue => &["queue", "navbat", "Knative channel", "job queue"],
        Kind::External => &[
            "external_system",
            "tashqi tizim",
            "Kong upstream",
            "third-party API",
        ],
        Kind::Gateway => &["service", "API shlyuzi", "Kong gateway", "Apigee proxy"],
        Kind::Frontend => &["frontend", "veb-ilova", "Backstage website", "web client"],
        Kind::Index => &[
            "database",
            "qidiruv indeksi",
            "search resource",
            "lookup index",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is proxied by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is persisted to B` (A writes to B), `A is
/// subscribed to B` (A subscribes), `A is dependent on B` (A depends) and `A is bundled
/// in B` (A is the part) only look passive; `B is proxied by A`, `B is polled by A`, `B
/// is fed by A`, `B is consumed by A` and `B is relied on by A` are written from the
/// object, and so are Uzbek `B tomonidan chaqiriladi A` (is called by), `tomonidan
/// o'qiladi` (is read by), `tomonidan yoziladi` (is written by) and `tomonidan
/// to'ldiriladi` (is filled by). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("chaqiradi", "chaqiradi", false),
            ("tomonidan chaqiriladi", "tomonidan chaqiriladi", true),
            ("is proxied by", "is proxied by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("o'qiydi", "o'qiydi", false),
            ("tomonidan o'qiladi", "tomonidan o'qiladi", true),
            ("is polled by", "is polled by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("yozadi", "yozadi", false),
            ("tomonidan yoziladi", "tomonidan yoziladi", true),
            ("is persisted to", "is persisted to", false),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("e'lon qiladi", "e'lon qiladi", false),
            ("tomonidan to'ldiriladi", "tomonidan to'ldiriladi", true),
            ("is fed by", "is fed by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("obuna bo'ladi", "obuna bo'ladi", false),
            ("is subscribed to", "is subscribed to", false),
            ("is consumed by", "is consumed by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("bog'liq", "bog'liq", false),
            ("is dependent on", "is dependent on", false),
            ("is relied on by", "is relied on by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("tarkibiga kiradi", "tarkibiga kiradi", false),
            ("is bundled in", "is bundled in", false),
        ],
    }
}
