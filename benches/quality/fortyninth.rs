//! The forty-ninth set (issue 36, forty-ninth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Bulgarian, network operations tooling (SNMP `sysName` and `ifAlias`,
//! LLDP neighbour tables, NetFlow/IPFIX exporters, BGP community lists, VLAN names, Cacti
//! graph titles) and ERP and finance integrations (NetSuite script ids, Workday
//! integration systems, QuickBooks companies, Oracle EBS concurrent programs, Dynamics
//! 365 table logical names) write:
//! - A model answering in Bulgarian: the kind word first with its postpositive definite
//!   article, then `за` and what it is for (`Услугата за поръчки`, the order service;
//!   `Базата данни за плащания`, `Кешът за сесии`, `Опашката за известия`, `Темата за
//!   събития за поръчки`), a vendor's API with the article on `API` (`Stripe API-то`),
//!   `API шлюзът`, `Онлайн магазинът`, `Индексът за търсене`.
//! - An `snmpget` answer for the device's `sysName`
//!   (`SNMPv2-MIB::sysName.0 = STRING: order-service`).
//! - An `snmpwalk` line for a switch port's `ifAlias`, the server-port description
//!   convention (`IF-MIB::ifAlias.10124 = STRING: SRV: order-service eth0`).
//! - An LLDP neighbour row, device id, its port and the local port
//!   (`order-service (eth0) on Gi1/0/24`).
//! - A NetFlow/IPFIX exporter as a collector lists it, name and observation domain id
//!   (`Exporter order-service/1402`).
//! - A named BGP community list with its community (`CL-ORDER-SERVICE (65010:412)`).
//! - A VLAN's configuration line, number and name (`vlan 412 name ORDER_SERVICE`).
//! - A Cacti interface graph's default title (`order-service - Traffic - Gi1/0/24`).
//! - A NetSuite script record's id (`customscript_order_service`).
//! - A Workday integration system's name, number, title-case words and direction
//!   (`INT047_Order_Service_Outbound`).
//! - A QuickBooks Online company with its realm id
//!   (`Order Service (realmId 9130350211847362)`).
//! - An Oracle EBS custom concurrent program's short name (`XXNM_ORDER_SERVICE`).
//! - A Dynamics 365 (Dataverse) table's logical name, publisher prefix and the words run
//!   together in lower case (`nm_orderservice`).
//!
//! Type words come from the same sources (Bulgarian, SNMP, IPFIX, Workday, NetSuite,
//! Dataverse) and relationship phrases from network runbooks, ERP integration specs and a
//! model answering in Bulgarian, some written from the object's end (`is polled by`,
//! `is queried by`, `is journaled by`, `is fed by`, `is consumed by`, `is relied on by`,
//! Bulgarian `се извиква от`, is called by, `се чете от`, is read by, `се записва от`,
//! is written by, `получава събития от`, receives events from) and some that only look
//! passive (`is sourced from`, `is uplinked through`; Bulgarian `е абониран за`, is
//! subscribed to: the subject acts) and one written from the part (`is trunked into`).
//!
//! The near-named pairs of this set are `FORTYNINTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash};

/// One way of writing a name, in the forty-ninth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Услугата за поръчки`: a Bulgarian answer.
    Bulgarian,
    /// `SNMPv2-MIB::sysName.0 = STRING: order-service`: an SNMP sysName.
    SnmpSystem,
    /// `IF-MIB::ifAlias.10124 = STRING: SRV: order-service eth0`: a port's ifAlias.
    IfAlias,
    /// `order-service (eth0) on Gi1/0/24`: an LLDP neighbour row.
    Lldp,
    /// `Exporter order-service/1402`: an IPFIX exporter.
    Exporter,
    /// `CL-ORDER-SERVICE (65010:412)`: a BGP community list.
    Community,
    /// `vlan 412 name ORDER_SERVICE`: a VLAN.
    Vlan,
    /// `order-service - Traffic - Gi1/0/24`: a Cacti graph title.
    Cacti,
    /// `customscript_order_service`: a NetSuite script id.
    NetSuite,
    /// `INT047_Order_Service_Outbound`: a Workday integration system.
    Workday,
    /// `Order Service (realmId 9130350211847362)`: a QuickBooks company.
    QuickBooks,
    /// `XXNM_ORDER_SERVICE`: an Oracle EBS concurrent program.
    Ebs,
    /// `nm_orderservice`: a Dataverse table's logical name.
    Dataverse,
}

/// The forty-ninth styles (the canonical `Camel` form stays, as a document's own name).
pub const FORTYNINTH: &[Style] = &[
    Style::Camel,
    Style::Fortyninth(Name::Bulgarian),
    Style::Fortyninth(Name::SnmpSystem),
    Style::Fortyninth(Name::IfAlias),
    Style::Fortyninth(Name::Lldp),
    Style::Fortyninth(Name::Exporter),
    Style::Fortyninth(Name::Community),
    Style::Fortyninth(Name::Vlan),
    Style::Fortyninth(Name::Cacti),
    Style::Fortyninth(Name::NetSuite),
    Style::Fortyninth(Name::Workday),
    Style::Fortyninth(Name::QuickBooks),
    Style::Fortyninth(Name::Ebs),
    Style::Fortyninth(Name::Dataverse),
];

/// The corpus's words in Bulgarian, as they stand after `за`.
const BULGARIAN: &[(&str, &str)] = &[
    ("Order", "поръчки"),
    ("Orders", "поръчки"),
    ("Checkout", "финализиране на покупки"),
    ("Cart", "количка"),
    ("Payment", "плащания"),
    ("Payments", "плащания"),
    ("Pricing", "ценообразуване"),
    ("Price", "цени"),
    ("Inventory", "наличности"),
    ("Catalog", "каталог"),
    ("Search", "търсене"),
    ("Index", "индекс"),
    ("Shipping", "доставка"),
    ("Shipment", "пратки"),
    ("Shipments", "пратки"),
    ("Fulfillment", "изпълнение"),
    ("Notification", "известия"),
    ("Customer", "клиенти"),
    ("Customers", "клиенти"),
    ("Auth", "удостоверяване"),
    ("Recommendation", "препоръки"),
    ("Review", "отзиви"),
    ("Reviews", "отзиви"),
    ("Promotion", "промоции"),
    ("Promotions", "промоции"),
    ("Tax", "данъци"),
    ("Fraud", "измами"),
    ("Returns", "връщания"),
    ("Loyalty", "лоялност"),
    ("Reporting", "отчети"),
    ("Invoice", "фактури"),
    ("Session", "сесии"),
    ("Events", "събития"),
];

/// The Bulgarian kind words, each with its definite article.
const BULGARIAN_HEADS: &[(&str, &str)] = &[
    ("Service", "Услугата"),
    ("DB", "Базата данни"),
    ("Cache", "Кешът"),
    ("Queue", "Опашката"),
    ("Topic", "Темата"),
];

/// The Bulgarian answer for a name, `None` for a word the table lacks.
fn bulgarian(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("{} API-то", words.concat()),
        Kind::Gateway => "API шлюзът".into(),
        Kind::Frontend => "Онлайн магазинът".into(),
        Kind::Index => "Индексът за търсене".into(),
        _ => {
            let head = crate::styles::looked_up(kind_word, BULGARIAN_HEADS)?;
            // The head first, then what it is for, the last word first: `Order Events`
            // is `събития за поръчки`, events about orders.
            let mut parts = Vec::new();
            for w in words.iter().rev() {
                parts.push(crate::styles::looked_up(w, BULGARIAN)?);
            }
            format!("{head} за {}", parts.join(" за "))
        }
    })
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Bulgarian table lacks).
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
    let upper_snake = snake.to_uppercase();
    let upper_kebab = kebab.to_uppercase();
    let h = hash(&spaced, "fortyninth");
    let port = 1 + h % 48;
    Some(match style {
        Name::Bulgarian => bulgarian(words, kind_word, kind)?,
        Name::SnmpSystem => format!("SNMPv2-MIB::sysName.0 = STRING: {kebab}"),
        Name::IfAlias => format!(
            "IF-MIB::ifAlias.{} = STRING: SRV: {kebab} eth0",
            10_100 + port
        ),
        Name::Lldp => format!("{kebab} (eth0) on Gi1/0/{port}"),
        Name::Exporter => format!("Exporter {kebab}/{}", 256 + h % 4_000),
        Name::Community => format!("CL-{upper_kebab} (65010:{})", 100 + h % 800),
        Name::Vlan => format!("vlan {} name {upper_snake}", 100 + h % 3_000),
        Name::Cacti => format!("{kebab} - Traffic - Gi1/0/{port}"),
        Name::NetSuite => format!("customscript_{snake}"),
        Name::Workday => format!("INT{:03}_{}_Outbound", 1 + h % 300, all.join("_")),
        Name::QuickBooks => format!(
            "{spaced} (realmId {})",
            9_130_350_000_000_000 + h % 1_000_000_000_000
        ),
        Name::Ebs => format!("XXNM_{upper_snake}"),
        Name::Dataverse => format!("nm_{}", lower.concat()),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "услуга", "SNMP agent", "concurrent program"],
        Kind::Database => &["database", "база данни", "Dataverse table", "company file"],
        Kind::Cache => &["cache", "кеш", "flow cache", "saved search cache"],
        Kind::Topic => &["queue", "тема", "IPFIX collector", "integration event"],
        Kind::Queue => &["queue", "опашка", "concurrent manager", "work queue"],
        Kind::External => &[
            "external_system",
            "външна система",
            "BGP peer",
            "Workday tenant",
        ],
        Kind::Gateway => &[
            "service",
            "API шлюз",
            "border router",
            "integration gateway",
        ],
        Kind::Frontend => &["frontend", "уеб магазин", "portal", "storefront"],
        Kind::Index => &[
            "database",
            "индекс за търсене",
            "saved search",
            "lookup index",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is polled by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is sourced from B` (A reads from B), `A is
/// uplinked through B` (A depends on B) and Bulgarian `A е абониран за B` (A is
/// subscribed to B) only look passive (A acts), and so does `A is trunked into B` (A is
/// the part); `B is polled by A`, `B is queried by A`, `B is journaled by A`, `B is fed
/// by A`, `B is consumed by A` and `B is relied on by A` are written from the object, and
/// so are Bulgarian `B се извиква от A` (is called by), `B се чете от A` (is read by), `B
/// се записва от A` (is written by) and `B получава събития от A` (receives events
/// from). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("извиква", "извиква", false),
            ("се извиква от", "се извиква от", true),
            ("is polled by", "is polled by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("чете от", "чете от", false),
            ("се чете от", "се чете от", true),
            ("is queried by", "is queried by", true),
            ("is sourced from", "is sourced from", false),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("записва в", "записва в", false),
            ("се записва от", "се записва от", true),
            ("is journaled by", "is journaled by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("публикува в", "публикува в", false),
            ("получава събития от", "получава събития от", true),
            ("is fed by", "is fed by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("е абониран за", "е абониран за", false),
            ("collects from", "collects from", false),
            ("is consumed by", "is consumed by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("зависи от", "зависи от", false),
            ("is uplinked through", "is uplinked through", false),
            ("is relied on by", "is relied on by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("е част от", "е част от", false),
            ("is trunked into", "is trunked into", false),
        ],
    }
}
