//! The thirtieth set (issue 36, thirtieth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in West Frisian, security tooling (SBOMs, IAM, Kerberos, SIEM queries and
//! log sources, IDS rules), networking (firewall objects, DNS zone files), the mainframe
//! (z/OS data set names, COBOL working storage), data catalogs (DataHub) and academic
//! writing write:
//! - A model answering in West Frisian: one compound, the name's words first and the
//!   kind word last, with the linking `s` after `-ing` (`Bestellingstsjinst`, the orders
//!   service; `Betellingsdatabank`, `Notifikaasjewachtrige`, `Sesjecache`), a vendor's
//!   API as `API fan Stripe`, `API-poarte`, `Webwinkel`, `Sykyndeks`.
//! - A DataHub URN, a dataset with its platform or a data flow with its orchestrator
//!   (`urn:li:dataset:(urn:li:dataPlatform:postgres,order_db,PROD)`,
//!   `urn:li:dataFlow:(novamart,order_service,PROD)`).
//! - An SPDX element id from an SBOM (`SPDXRef-order-service`).
//! - A Google Cloud service account, as an IAM policy binding names it
//!   (`order-service@novamart-prod.iam.gserviceaccount.com`).
//! - A Kerberos service principal (`HTTP/order-service.novamart.internal@NOVAMART.IO`).
//! - A firewall's network object, as an ASA or FortiGate configuration names it
//!   (`OBJ-ORDER-SERVICE`).
//! - A DNS zone file's owner name, fully qualified with its trailing dot
//!   (`order-service.novamart.internal.`).
//! - A z/OS data set name, each qualifier cut to eight letters
//!   (`NOVAMRT.PROD.ORDER.SERVICE`, `NOVAMRT.PROD.NOTIFICA.QUEUE`).
//! - A COBOL working-storage data name (`WS-ORDER-SERVICE`).
//! - A KQL filter on the ECS service field, as a SIEM query writes it
//!   (`service.name:"order-service"`).
//! - A QRadar log source, name and address (`Order Service @ 10.0.4.12`).
//! - A paper's numbered section heading with the section sign (`§4.2 Order Service`).
//! - A Suricata (Snort) address variable for the component's servers
//!   (`$ORDER_SERVICE_SERVERS`).
//!
//! Type words come from the same sources (Frisian, DataHub, SPDX, the mainframe, SIEMs,
//! papers) and relationship phrases from design prose, security reviews and a model
//! answering in West Frisian, some written from the object's end (`is reached by`, `is
//! scanned by`, `is updated by`, `is fed by`, `is consumed by`, `is relied upon by`,
//! Frisian `wurdt oanroppen troch`, is called by, `wurdt lêzen troch`, is read by,
//! `wurdt skreaun troch`, is written by, `krijt barrens fan`, receives events from) and
//! some that only look passive (`is alerted by` and `is gated by`, Frisian `hinget ôf
//! fan`, depends on: the subject acts) and one written from the part (`is scoped under`).
//!
//! The near-named pairs of this set are `THIRTIETH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, looked_up, translated};

/// One way of writing a name, in the thirtieth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Bestellingstsjinst`: a West Frisian compound.
    Frisian,
    /// `urn:li:dataFlow:(novamart,order_service,PROD)`: a DataHub URN.
    DataHub,
    /// `SPDXRef-order-service`: an SPDX element id.
    Spdx,
    /// `order-service@novamart-prod.iam.gserviceaccount.com`: a service account.
    ServiceAccount,
    /// `HTTP/order-service.novamart.internal@NOVAMART.IO`: a Kerberos principal.
    Kerberos,
    /// `OBJ-ORDER-SERVICE`: a firewall network object.
    FirewallObject,
    /// `order-service.novamart.internal.`: a zone file's owner name.
    ZoneOwner,
    /// `NOVAMRT.PROD.ORDER.SERVICE`: a z/OS data set name.
    Dataset,
    /// `WS-ORDER-SERVICE`: a COBOL working-storage name.
    Cobol,
    /// `service.name:"order-service"`: a KQL filter.
    Kql,
    /// `Order Service @ 10.0.4.12`: a QRadar log source.
    LogSource,
    /// `§4.2 Order Service`: a numbered section heading.
    Section,
    /// `$ORDER_SERVICE_SERVERS`: a Suricata address variable.
    Suricata,
}

/// The thirtieth styles (the canonical `Camel` form stays, as a document's own name).
pub const THIRTIETH: &[Style] = &[
    Style::Camel,
    Style::Thirtieth(Name::Frisian),
    Style::Thirtieth(Name::DataHub),
    Style::Thirtieth(Name::Spdx),
    Style::Thirtieth(Name::ServiceAccount),
    Style::Thirtieth(Name::Kerberos),
    Style::Thirtieth(Name::FirewallObject),
    Style::Thirtieth(Name::ZoneOwner),
    Style::Thirtieth(Name::Dataset),
    Style::Thirtieth(Name::Cobol),
    Style::Thirtieth(Name::Kql),
    Style::Thirtieth(Name::LogSource),
    Style::Thirtieth(Name::Section),
    Style::Thirtieth(Name::Suricata),
];

/// The corpus's words in West Frisian, as the first parts of a compound, lower case.
const FRISIAN: &[(&str, &str)] = &[
    ("Order", "bestelling"),
    ("Orders", "bestelling"),
    ("Checkout", "kassa"),
    ("Cart", "winkelkarre"),
    ("Payment", "betelling"),
    ("Payments", "betelling"),
    ("Pricing", "priisbepaling"),
    ("Price", "priis"),
    ("Inventory", "foarried"),
    ("Catalog", "katalogus"),
    ("Search", "syk"),
    ("Index", "yndeks"),
    ("Shipping", "ferstjoering"),
    ("Shipment", "ferstjoering"),
    ("Shipments", "ferstjoering"),
    ("Fulfillment", "oarderôfhanneling"),
    ("Notification", "notifikaasje"),
    ("Customer", "klant"),
    ("Customers", "klant"),
    ("Auth", "autentikaasje"),
    ("Recommendation", "oanbefelling"),
    ("Review", "beoardieling"),
    ("Reviews", "beoardieling"),
    ("Promotion", "promoasje"),
    ("Promotions", "promoasje"),
    ("Tax", "belesting"),
    ("Fraud", "fraude"),
    ("Returns", "retoer"),
    ("Loyalty", "loyaliteit"),
    ("Reporting", "rapportaazje"),
    ("Invoice", "faktuer"),
    ("Session", "sesje"),
    ("Events", "barren"),
];

/// The Frisian kind words, which come last in the compound.
const FRISIAN_HEADS: &[(&str, &str)] = &[
    ("Service", "tsjinst"),
    ("DB", "databank"),
    ("Cache", "cache"),
    ("Queue", "wachtrige"),
    ("Topic", "kanaal"),
];

/// The West Frisian answer for a name, `None` for a word the table lacks.
fn frisian(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("API fan {}", words.concat()),
        Kind::Gateway => "API-poarte".into(),
        Kind::Frontend => "Webwinkel".into(),
        Kind::Index => "Sykyndeks".into(),
        _ => {
            let own = translated(words, FRISIAN)?;
            let head = looked_up(kind_word, FRISIAN_HEADS)?;
            let mut compound = String::new();
            for part in own.iter().copied().chain([head]) {
                // The linking `s` after `-ing`, a hyphen where two vowels would meet.
                if compound.ends_with("ing") {
                    compound.push('s');
                } else if compound.ends_with(['a', 'e', 'i', 'o', 'u'])
                    && part.starts_with(['a', 'e', 'i', 'o', 'u'])
                {
                    compound.push('-');
                }
                compound.push_str(part);
            }
            let mut chars = compound.chars();
            let first = chars.next()?;
            first.to_uppercase().chain(chars).collect()
        }
    })
}

/// The DataHub platform a component of `kind` is a dataset on, `None` for a data flow.
fn platform(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::Database => Some("postgres"),
        Kind::Index => Some("elasticsearch"),
        Kind::Cache => Some("redis"),
        Kind::Topic => Some("kafka"),
        Kind::Queue => Some("rabbitmq"),
        Kind::Service | Kind::Gateway | Kind::Frontend | Kind::External => None,
    }
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Frisian table lacks).
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
    let upper_kebab = kebab.to_uppercase();
    let upper_snake = snake.to_uppercase();
    let h = hash(&spaced, "thirtieth");
    Some(match style {
        Name::Frisian => frisian(words, kind_word, kind)?,
        Name::DataHub => match platform(kind) {
            Some(p) => format!("urn:li:dataset:(urn:li:dataPlatform:{p},{snake},PROD)"),
            None => format!("urn:li:dataFlow:(novamart,{snake},PROD)"),
        },
        Name::Spdx => format!("SPDXRef-{kebab}"),
        Name::ServiceAccount => format!("{kebab}@novamart-prod.iam.gserviceaccount.com"),
        Name::Kerberos => format!("HTTP/{kebab}.novamart.internal@NOVAMART.IO"),
        Name::FirewallObject => format!("OBJ-{upper_kebab}"),
        Name::ZoneOwner => format!("{kebab}.novamart.internal."),
        Name::Dataset => {
            let qualifiers: Vec<String> = lower
                .iter()
                .map(|w| w.to_uppercase().chars().take(8).collect())
                .collect();
            format!("NOVAMRT.PROD.{}", qualifiers.join("."))
        }
        Name::Cobol => format!("WS-{upper_kebab}"),
        Name::Kql => format!("service.name:\"{kebab}\""),
        Name::LogSource => format!("{spaced} @ 10.0.{}.{}", 1 + h % 12, 2 + (h >> 8) % 250),
        Name::Section => format!("§{}.{} {spaced}", 2 + h % 6, 1 + (h >> 4) % 9),
        Name::Suricata => format!("${upper_snake}_SERVERS"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "tsjinst", "CICS transaction", "SPDX package"],
        Kind::Database => &["database", "databank", "VSAM cluster", "DataHub dataset"],
        Kind::Cache => &["cache", "tydlik ûnthâld", "host object", "cache tier"],
        Kind::Topic => &["queue", "barrenkanaal", "kafka dataset", "event bus"],
        Kind::Queue => &["queue", "wachtrige", "MQ local queue", "work queue"],
        Kind::External => &[
            "external_system",
            "eksterne tsjinst",
            "third-party principal",
            "external log source",
        ],
        Kind::Gateway => &["service", "API-poarte", "DMZ host", "reverse proxy"],
        Kind::Frontend => &["frontend", "webapplikaasje", "client tier", "web UI"],
        Kind::Index => &["database", "sykyndeks", "SIEM index", "inverted index"],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is reached by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is alerted by B` (A listens to B), `A is gated
/// by B` (A leans on B) and Frisian `A hinget ôf fan B` (depends on) only look passive (A
/// acts), and so does `A is scoped under B` (A is the part); `B is reached by A`, `B is
/// scanned by A`, `B is updated by A`, `B is fed by A`, `B is consumed by A` and `B is
/// relied upon by A` are written from the object, and so are Frisian `B wurdt oanroppen
/// troch A` (is called by), `B wurdt lêzen troch A` (is read by), `B wurdt beskreaun
/// troch A` (is written by) and `B krijt barrens fan A` (receives events from). The
/// prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("ropt oan", "ropt oan", false),
            ("wurdt oanroppen troch", "wurdt oanroppen troch", true),
            ("is reached by", "is reached by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("lêst út", "lêst út", false),
            ("wurdt lêzen troch", "wurdt lêzen troch", true),
            ("is scanned by", "is scanned by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("skriuwt nei", "skriuwt nei", false),
            ("wurdt skreaun troch", "wurdt skreaun troch", true),
            ("is updated by", "is updated by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("publisearret op", "publisearret op", false),
            ("krijt barrens fan", "krijt barrens fan", true),
            ("is fed by", "is fed by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("abonnearret op", "abonnearret op", false),
            ("is alerted by", "is alerted by", false),
            ("is consumed by", "is consumed by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("hinget ôf fan", "hinget ôf fan", false),
            ("is gated by", "is gated by", false),
            ("is relied upon by", "is relied upon by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("is diel fan", "is diel fan", false),
            ("is scoped under", "is scoped under", false),
        ],
    }
}
