//! The forty-sixth set (issue 36, forty-sixth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Tajik, IoT and telecom tooling (MQTT topic trees, AWS IoT device
//! shadows, Sparkplug B, OPC UA, Modbus register maps, LwM2M) and localisation tooling
//! (gettext, ICU message keys, Xcode `.strings`, Crowdin, Transifex) write:
//! - A model answering in Tajik: the kind word first with the izofat `-и`, then the
//!   name's words, the last English word first, each but the last with its own izofat
//!   (`Хизмати фармоишҳо`, the orders service; `Пойгоҳи додаҳои пардохтҳо`, `Навбати
//!   огоҳиномаҳо`, `Кэши сессияҳо`, `Хизмати ҷустуҷӯи каталог`), a vendor's API as
//!   `API-и Stripe`, `Дарвозаи API`, `Мағозаи онлайн`, `Индекси ҷустуҷӯ`.
//! - An MQTT topic tree a device publishes its state on
//!   (`novamart/prod/order-service/status`).
//! - An AWS IoT thing's shadow update topic (`$aws/things/order-service/shadow/update`).
//! - A Sparkplug B device data topic, group, message type, edge node and device
//!   (`spBv1.0/NovaMart/DDATA/edge-01/OrderService`).
//! - An OPC UA node id with its namespace index and string identifier
//!   (`ns=2;s=OrderService`).
//! - A Modbus register map row, the holding register's address then its description
//!   (`40017 Order Service`).
//! - An LwM2M registration's endpoint client name (`/rd?ep=order-service`).
//! - A gettext PO entry's msgid (`msgid "Order Service"`).
//! - An ICU message key in a translation bundle (`components.orderService.title`).
//! - An Xcode `.strings` line, key and value
//!   (`"order_service.title" = "Order Service";`).
//! - A Crowdin export path with its locale placeholder
//!   (`/locales/%locale%/order-service.json`).
//! - A Transifex API v3 resource id, organization, project and resource slug
//!   (`o:novamart:p:novamart:r:order-service`).
//!
//! Type words come from the same sources (Tajik, AWS IoT, MQTT, OPC UA, LwM2M, Crowdin)
//! and relationship phrases from IoT and localisation design prose and a model answering
//! in Tajik, some written from the object's end (`is pinged by`, `is polled by`, `is fed
//! by`, `is listened to by`, `is relied on by`, Tajik `даъват мешавад аз ҷониби`, is
//! called by, `хонда мешавад аз ҷониби`, is read by, `навишта мешавад аз ҷониби`, is
//! written by, `рӯйдод мегирад аз`, receives events from) and some that only look
//! passive (`is synced to`, `is woken by` and `is provisioned against`; Tajik `обуна
//! мешавад ба`, subscribes to, and `дохил мешавад ба`, is included in, whose `мешавад`
//! (becomes) reads like a passive: the subject acts or is the part) and one written from
//! the part (`is localized under`).
//!
//! The near-named pairs of this set are `FORTYSIXTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the forty-sixth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Хизмати фармоишҳо`: a Tajik answer.
    Tajik,
    /// `novamart/prod/order-service/status`: an MQTT topic tree.
    Mqtt,
    /// `$aws/things/order-service/shadow/update`: an AWS IoT shadow topic.
    Shadow,
    /// `spBv1.0/NovaMart/DDATA/edge-01/OrderService`: a Sparkplug B topic.
    Sparkplug,
    /// `ns=2;s=OrderService`: an OPC UA node id.
    OpcUa,
    /// `40017 Order Service`: a Modbus register map row.
    Modbus,
    /// `/rd?ep=order-service`: an LwM2M endpoint client name.
    Lwm2m,
    /// `msgid "Order Service"`: a gettext msgid.
    Gettext,
    /// `components.orderService.title`: an ICU message key.
    Icu,
    /// `"order_service.title" = "Order Service";`: an Xcode `.strings` line.
    Strings,
    /// `/locales/%locale%/order-service.json`: a Crowdin export path.
    Crowdin,
    /// `o:novamart:p:novamart:r:order-service`: a Transifex resource id.
    Transifex,
}

/// The forty-sixth styles (the canonical `Camel` form stays, as a document's own name).
pub const FORTYSIXTH: &[Style] = &[
    Style::Camel,
    Style::Fortysixth(Name::Tajik),
    Style::Fortysixth(Name::Mqtt),
    Style::Fortysixth(Name::Shadow),
    Style::Fortysixth(Name::Sparkplug),
    Style::Fortysixth(Name::OpcUa),
    Style::Fortysixth(Name::Modbus),
    Style::Fortysixth(Name::Lwm2m),
    Style::Fortysixth(Name::Gettext),
    Style::Fortysixth(Name::Icu),
    Style::Fortysixth(Name::Strings),
    Style::Fortysixth(Name::Crowdin),
    Style::Fortysixth(Name::Transifex),
];

/// The corpus's words in Tajik, as they stand after a noun with the izofat.
const TAJIK: &[(&str, &str)] = &[
    ("Order", "фармоишҳо"),
    ("Orders", "фармоишҳо"),
    ("Checkout", "касса"),
    ("Cart", "сабад"),
    ("Payment", "пардохтҳо"),
    ("Payments", "пардохтҳо"),
    ("Pricing", "нархгузорӣ"),
    ("Price", "нарх"),
    ("Inventory", "захираҳо"),
    ("Catalog", "каталог"),
    ("Search", "ҷустуҷӯ"),
    ("Index", "индекс"),
    ("Shipping", "интиқол"),
    ("Shipment", "борфиристиҳо"),
    ("Shipments", "борфиристиҳо"),
    ("Fulfillment", "иҷро"),
    ("Notification", "огоҳиномаҳо"),
    ("Customer", "муштариён"),
    ("Customers", "муштариён"),
    ("Auth", "аутентификатсия"),
    ("Recommendation", "тавсияҳо"),
    ("Review", "шарҳҳо"),
    ("Reviews", "шарҳҳо"),
    ("Promotion", "аксияҳо"),
    ("Promotions", "аксияҳо"),
    ("Tax", "андоз"),
    ("Fraud", "қаллобӣ"),
    ("Returns", "баргардониҳо"),
    ("Loyalty", "вафодорӣ"),
    ("Reporting", "ҳисоботдиҳӣ"),
    ("Invoice", "ҳисобномаҳо"),
    ("Session", "сессияҳо"),
    ("Events", "рӯйдодҳо"),
];

/// The Tajik kind words, each with its izofat.
const TAJIK_HEADS: &[(&str, &str)] = &[
    ("Service", "Хизмати"),
    ("DB", "Пойгоҳи додаҳои"),
    ("Cache", "Кэши"),
    ("Queue", "Навбати"),
    ("Topic", "Мавзӯи"),
];

/// A Tajik word with the izofat after it (`ҷустуҷӯ` → `ҷустуҷӯи`, `қаллобӣ` →
/// `қаллобии`).
fn with_izofat(word: &str) -> String {
    match word.strip_suffix('ӣ') {
        Some(stem) => format!("{stem}ии"),
        None => format!("{word}и"),
    }
}

/// The Tajik answer for a name, `None` for a word the table lacks.
fn tajik(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("API-и {}", words.concat()),
        Kind::Gateway => "Дарвозаи API".into(),
        Kind::Frontend => "Мағозаи онлайн".into(),
        Kind::Index => "Индекси ҷустуҷӯ".into(),
        _ => {
            let own = translated(words, TAJIK)?;
            let head = TAJIK_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            // Head first; the last English word follows it, the ones before it after,
            // each but the very last with its izofat.
            let mut out = head.to_string();
            let n = own.len();
            for (i, word) in own.iter().rev().enumerate() {
                out.push(' ');
                if i + 1 < n {
                    out.push_str(&with_izofat(word));
                } else {
                    out.push_str(word);
                }
            }
            out
        }
    })
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Tajik table lacks).
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
    let lower_camel = {
        let mut it = all.iter();
        let first = it.next().map(|w| w.to_lowercase()).unwrap_or_default();
        first + &it.map(String::as_str).collect::<String>()
    };
    let h = hash(&spaced, "fortysixth");
    Some(match style {
        Name::Tajik => tajik(words, kind_word, kind)?,
        Name::Mqtt => format!("novamart/prod/{kebab}/status"),
        Name::Shadow => format!("$aws/things/{kebab}/shadow/update"),
        Name::Sparkplug => format!("spBv1.0/NovaMart/DDATA/edge-01/{camel}"),
        Name::OpcUa => format!("ns=2;s={camel}"),
        Name::Modbus => format!("{} {spaced}", 40001 + h % 900),
        Name::Lwm2m => format!("/rd?ep={kebab}"),
        Name::Gettext => format!("msgid \"{spaced}\""),
        Name::Icu => format!("components.{lower_camel}.title"),
        Name::Strings => format!("\"{snake}.title\" = \"{spaced}\";"),
        Name::Crowdin => format!("/locales/%locale%/{kebab}.json"),
        Name::Transifex => format!("o:novamart:p:novamart:r:{kebab}"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "хизмат", "IoT thing", "OPC UA server"],
        Kind::Database => &[
            "database",
            "пойгоҳи додаҳо",
            "device registry",
            "translation memory",
        ],
        Kind::Cache => &["cache", "кэш", "device shadow", "retained message store"],
        Kind::Topic => &["queue", "мавзӯъ", "MQTT topic", "Sparkplug edge node"],
        Kind::Queue => &["queue", "навбат", "IoT rule action queue", "work queue"],
        Kind::External => &[
            "external_system",
            "системаи беруна",
            "LwM2M server",
            "Crowdin project",
        ],
        Kind::Gateway => &["service", "дарвозаи API", "MQTT broker", "protocol gateway"],
        Kind::Frontend => &[
            "frontend",
            "барномаи веб",
            "device console",
            "localized web app",
        ],
        Kind::Index => &[
            "database",
            "индекси ҷустуҷӯ",
            "glossary index",
            "lookup index",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is pinged by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is synced to B` (A writes to B), `A is woken
/// by B` (A listens to B) and `A is provisioned against B` (A leans on B) only look
/// passive (A acts), and so do Tajik `A обуна мешавад ба B` (subscribes to) and `A
/// дохил мешавад ба B` (is included in: A is the part), and so does `A is localized
/// under B` (A is the part); `B is pinged by A`, `B is polled by A`, `B is fed by A`,
/// `B is listened to by A` and `B is relied on by A` are written from the object, and so
/// are Tajik `B даъват мешавад аз ҷониби A` (is called by), `B хонда мешавад аз ҷониби
/// A` (is read by), `B навишта мешавад аз ҷониби A` (is written by) and `B рӯйдод
/// мегирад аз A` (receives events from). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("даъват мекунад", "даъват мекунад", false),
            ("даъват мешавад аз ҷониби", "даъват мешавад аз ҷониби", true),
            ("is pinged by", "is pinged by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("мехонад аз", "мехонад аз", false),
            ("хонда мешавад аз ҷониби", "хонда мешавад аз ҷониби", true),
            ("is polled by", "is polled by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("менависад ба", "менависад ба", false),
            (
                "навишта мешавад аз ҷониби",
                "навишта мешавад аз ҷониби",
                true,
            ),
            ("is synced to", "is synced to", false),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("нашр мекунад ба", "нашр мекунад ба", false),
            ("рӯйдод мегирад аз", "рӯйдод мегирад аз", true),
            ("is fed by", "is fed by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("обуна мешавад ба", "обуна мешавад ба", false),
            ("is woken by", "is woken by", false),
            ("is listened to by", "is listened to by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("вобаста аст ба", "вобаста аст ба", false),
            ("is provisioned against", "is provisioned against", false),
            ("is relied on by", "is relied on by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("дохил мешавад ба", "дохил мешавад ба", false),
            ("is localized under", "is localized under", false),
        ],
    }
}
