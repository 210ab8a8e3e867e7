//! The forty-seventh set (issue 36, forty-seventh round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Somali, mobile messaging and notification platforms (APNs collapse ids,
//! FCM topics, Twilio Messaging Services, SendGrid dynamic templates, OneSignal
//! segments) and payments and banking back offices (ISO 20022 message definitions and
//! party elements, SWIFT MT fields, card statement descriptors, Stripe custom product
//! ids, PCI DSS cardholder-data-environment zones, SWIFT gpi UETRs) write:
//! - A model answering in Somali: the kind word first, then the name's words in the
//!   genitive, the last English word first, each with its definite article (`Adeegga
//!   dalabaadka`, the orders service; `Kaydka xogta lacag-bixinta`, `Safka
//!   ogeysiisyada`, `Kaydka ku-meel-gaarka ah ee fadhiyada`, `Adeegga raadinta
//!   kataloogga`), a vendor's API as `API-ga Stripe`, `Albaabka API-ga`, `Dukaanka
//!   onlaynka`, `Tusmada raadinta`.
//! - An APNs request's collapse id header (`apns-collapse-id: order-service`).
//! - An FCM legacy topic (`/topics/order-service`).
//! - A Twilio Messaging Service's friendly name with its SID
//!   (`Order Service (MG0c4f…)`, 32 hex digits).
//! - A SendGrid dynamic template's name with its environment tag
//!   (`[Prod] Order Service Template`).
//! - A OneSignal segment of a component's subscribers (`Order Service Subscribers`).
//! - An ISO 20022 message definition name with its version (`OrderServiceV08`).
//! - An ISO 20022 creditor party element (`<Cdtr><Nm>Order Service</Nm></Cdtr>`).
//! - A SWIFT MT103 ordering customer field (`:50K:ORDER SERVICE`).
//! - A card statement descriptor, prefix and suffix (`NOVAMART* ORDER SERVICE`).
//! - A Stripe product created with a custom id (`prod_order_service`).
//! - A PCI DSS cardholder-data-environment zone path (`pci-cde/order-service`).
//! - A name with the SWIFT gpi UETR of its payment after it
//!   (`Order Service uetr:0c4f…-…`, a UUID).
//!
//! Type words come from the same sources (Somali, APNs, FCM, Twilio, ISO 20022, PCI DSS)
//! and relationship phrases from messaging and payments design prose and a model
//! answering in Somali, some written from the object's end (`is messaged by`, `is
//! queried by`, `is credited by`, `is notified by`, `is subscribed to by`, `is depended
//! upon by`) and some that only look passive (`is dispatched through`, `is reconciled
//! against`, `is posted to`, `is fanned out to`, `is opted in to`, `is backed by`: the
//! subject acts or leans) and two written from the part (`is in scope of`, Somali `ka
//! mid ah`, is one of). The Somali phrases are all active (`wacaa`, calls; `ka
//! akhriyaa`, reads from; `ku qoraa`, writes to; `u diraa`, sends to; `ku biiraa`,
//! joins; `ku tiirsan yahay`, depends on).
//!
//! The near-named pairs of this set are `FORTYSEVENTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the forty-seventh set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Adeegga dalabaadka`: a Somali answer.
    Somali,
    /// `apns-collapse-id: order-service`: an APNs collapse id.
    Apns,
    /// `/topics/order-service`: an FCM topic.
    Fcm,
    /// `Order Service (MG0c4f…)`: a Twilio Messaging Service and its SID.
    Twilio,
    /// `[Prod] Order Service Template`: a SendGrid dynamic template.
    SendGrid,
    /// `Order Service Subscribers`: a OneSignal segment.
    OneSignal,
    /// `OrderServiceV08`: an ISO 20022 message definition name.
    IsoMessage,
    /// `<Cdtr><Nm>Order Service</Nm></Cdtr>`: an ISO 20022 creditor element.
    IsoParty,
    /// `:50K:ORDER SERVICE`: a SWIFT MT ordering customer field.
    Mt50k,
    /// `NOVAMART* ORDER SERVICE`: a card statement descriptor.
    Descriptor,
    /// `prod_order_service`: a Stripe product's custom id.
    StripeProduct,
    /// `pci-cde/order-service`: a PCI DSS CDE zone path.
    PciZone,
    /// `Order Service uetr:0c4f…`: a name with a gpi UETR.
    Uetr,
}

/// The forty-seventh styles (the canonical `Camel` form stays, as a document's own name).
pub const FORTYSEVENTH: &[Style] = &[
    Style::Camel,
    Style::Fortyseventh(Name::Somali),
    Style::Fortyseventh(Name::Apns),
    Style::Fortyseventh(Name::Fcm),
    Style::Fortyseventh(Name::Twilio),
    Style::Fortyseventh(Name::SendGrid),
    Style::Fortyseventh(Name::OneSignal),
    Style::Fortyseventh(Name::IsoMessage),
    Style::Fortyseventh(Name::IsoParty),
    Style::Fortyseventh(Name::Mt50k),
    Style::Fortyseventh(Name::Descriptor),
    Style::Fortyseventh(Name::StripeProduct),
    Style::Fortyseventh(Name::PciZone),
    Style::Fortyseventh(Name::Uetr),
];

/// The corpus's words in Somali, in the definite form they take in a genitive.
const SOMALI: &[(&str, &str)] = &[
    ("Order", "dalabaadka"),
    ("Orders", "dalabaadka"),
    ("Checkout", "bixinta"),
    ("Cart", "dambiisha"),
    ("Payment", "lacag-bixinta"),
    ("Payments", "lacag-bixinta"),
    ("Pricing", "qiimeynta"),
    ("Price", "qiimaha"),
    ("Inventory", "kaydka alaabta"),
    ("Catalog", "kataloogga"),
    ("Search", "raadinta"),
    ("Index", "tusmada"),
    ("Shipping", "rarista"),
    ("Shipment", "shixnadaha"),
    ("Shipments", "shixnadaha"),
    ("Fulfillment", "fulinta"),
    ("Notification", "ogeysiisyada"),
    ("Customer", "macaamiisha"),
    ("Customers", "macaamiisha"),
    ("Auth", "aqoonsiga"),
    ("Recommendation", "talooyinka"),
    ("Review", "faallooyinka"),
    ("Reviews", "faallooyinka"),
    ("Promotion", "xayaysiinta"),
    ("Promotions", "xayaysiinta"),
    ("Tax", "canshuurta"),
    ("Fraud", "khiyaanada"),
    ("Returns", "celinta"),
    ("Loyalty", "daacadnimada"),
    ("Reporting", "warbixinta"),
    ("Invoice", "qaansheegadka"),
    ("Session", "fadhiyada"),
    ("Events", "dhacdooyinka"),
];

/// The Somali kind words, each as the head of a genitive.
const SOMALI_HEADS: &[(&str, &str)] = &[
    ("Service", "Adeegga"),
    ("DB", "Kaydka xogta"),
    ("Cache", "Kaydka ku-meel-gaarka ah ee"),
    ("Queue", "Safka"),
    ("Topic", "Mawduuca"),
];

/// The Somali answer for a name, `None` for a word the table lacks.
fn somali(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("API-ga {}", words.concat()),
        Kind::Gateway => "Albaabka API-ga".into(),
        Kind::Frontend => "Dukaanka onlaynka".into(),
        Kind::Index => "Tusmada raadinta".into(),
        _ => {
            let own = translated(words, SOMALI)?;
            let head = SOMALI_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            // Head first; the last English word follows it, the ones before it after.
            let mut out = head.to_string();
            for word in own.iter().rev() {
                out.push(' ');
                out.push_str(word);
            }
            out
        }
    })
}

/// 32 hex digits made from `text`: a Twilio SID's body.
fn hex32(text: &str) -> String {
    format!(
        "{:016x}{:016x}",
        hash(text, "fortyseventh-sid"),
        hash(text, "fortyseventh-sid-2")
    )
}

/// A version 4 UUID made from `text`: a UETR.
fn uuid(text: &str) -> String {
    let h = hex32(text);
    format!(
        "{}-{}-4{}-a{}-{}",
        &h[0..8],
        &h[8..12],
        &h[13..16],
        &h[17..20],
        &h[20..32]
    )
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Somali table lacks).
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
    let h = hash(&spaced, "fortyseventh");
    Some(match style {
        Name::Somali => somali(words, kind_word, kind)?,
        Name::Apns => format!("apns-collapse-id: {kebab}"),
        Name::Fcm => format!("/topics/{kebab}"),
        Name::Twilio => format!("{spaced} (MG{})", hex32(&spaced)),
        Name::SendGrid => format!("[Prod] {spaced} Template"),
        Name::OneSignal => format!("{spaced} Subscribers"),
        Name::IsoMessage => format!("{camel}V{:02}", 1 + h % 12),
        Name::IsoParty => format!("<Cdtr><Nm>{spaced}</Nm></Cdtr>"),
        Name::Mt50k => format!(":50K:{}", spaced.to_uppercase()),
        Name::Descriptor => format!("NOVAMART* {}", spaced.to_uppercase()),
        Name::StripeProduct => format!("prod_{snake}"),
        Name::PciZone => format!("pci-cde/{kebab}"),
        Name::Uetr => format!("{spaced} uetr:{}", uuid(&spaced)),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "adeeg", "APNs provider", "Messaging Service"],
        Kind::Database => &["database", "kayd xog", "ledger", "cardholder data store"],
        Kind::Cache => &[
            "cache",
            "kayd ku-meel-gaar ah",
            "token vault",
            "collapse store",
        ],
        Kind::Topic => &["queue", "mawduuc", "FCM topic", "OneSignal segment"],
        Kind::Queue => &["queue", "saf", "payment queue", "send queue"],
        Kind::External => &[
            "external_system",
            "nidaam dibadda ah",
            "payment service provider",
            "correspondent bank",
        ],
        Kind::Gateway => &[
            "service",
            "albaabka API-ga",
            "push gateway",
            "payment gateway",
        ],
        Kind::Frontend => &["frontend", "barnaamij web", "checkout page", "in-app inbox"],
        Kind::Index => &["database", "tusmo raadin", "BIC directory", "segment index"],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is messaged by A`: A calls B), and the answer then
/// has `from` and `to` the other way round. `A is dispatched through B` (A calls B), `A
/// is reconciled against B` (A reads B), `A is posted to B` (A writes to B), `A is
/// fanned out to B` (A publishes to B), `A is opted in to B` (A subscribes to B) and `A
/// is backed by B` (A leans on B) only look passive (A acts), and `A is in scope of B`
/// and Somali `A ka mid ah B` (is one of) are written from the part; `B is messaged by
/// A`, `B is queried by A`, `B is credited by A`, `B is notified by A`, `B is subscribed
/// to by A` and `B is depended upon by A` are written from the object. The Somali
/// phrases are active. The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("wacaa", "wacaa", false),
            ("is messaged by", "is messaged by", true),
            ("is dispatched through", "is dispatched through", false),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("ka akhriyaa", "ka akhriyaa", false),
            ("is queried by", "is queried by", true),
            ("is reconciled against", "is reconciled against", false),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("ku qoraa", "ku qoraa", false),
            ("is credited by", "is credited by", true),
            ("is posted to", "is posted to", false),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("u diraa", "u diraa", false),
            ("is notified by", "is notified by", true),
            ("is fanned out to", "is fanned out to", false),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("ku biiraa", "ku biiraa", false),
            ("is opted in to", "is opted in to", false),
            ("is subscribed to by", "is subscribed to by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("ku tiirsan yahay", "ku tiirsan yahay", false),
            ("is backed by", "is backed by", false),
            ("is depended upon by", "is depended upon by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("ka mid ah", "ka mid ah", false),
            ("is in scope of", "is in scope of", false),
        ],
    }
}
