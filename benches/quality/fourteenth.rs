//! The fourteenth set (issue 36, fourteenth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! thirteen sets had all been written (and twelve of them looked at by the people
//! improving the rules). Nobody develops archie against this file: it is a yardstick for
//! the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what Node
//! monorepos, ADRs, documentation sites, log platforms, Kubernetes operators, Kafka's
//! schema registry, PDF text extraction, domain-prefixed naming conventions, models'
//! own hedges and coordinated phrases, and models answering in Dutch, Czech or Hebrew
//! write:
//! - A model answering in Dutch: the words built into one compound with the kind word as
//!   Dutch engineering documents write them (`Bestelservice`, the order service;
//!   `Betalingendatabase`, `Notificatiewachtrij`, `Bestelevents-topic`), a vendor's API
//!   as the integration Dutch teams call it (`Stripe-koppeling`), `API-gateway`,
//!   `Webwinkel`.
//! - A model answering in Czech: the kind word first and the words in the genitive, the
//!   head noun first (`Služba objednávek`, `Databáze plateb`, `Fronta notifikací`,
//!   `Topic událostí objednávek`), a vendor's API as `API služby Stripe`, `API brána`,
//!   `E-shop`.
//! - A model answering in Hebrew: the kind word first, in construct, and the words after
//!   it with the article on the last one, in Hebrew letters (`שירות ההזמנות`, the service
//!   of the orders; `מסד נתוני התשלומים`, `תור ההתראות`), a vendor's API as `ה-API של
//!   Stripe`.
//! - A Node monorepo's workspace package, as package.json files, READMEs and build logs
//!   name a service (`@novamart/order-service`).
//! - An ADR cross reference a model kept with the name from the sentence it was cut from
//!   (`Order Service (see ADR-0012)`).
//! - A coordinated phrase split by a model, the plural kind word kept ("the Order and
//!   Payment Services" gives `Order Services`; `Orders DBs`, `Stripe APIs`).
//! - A model's own hedge left in the name (`Order Service (inferred)`, `Orders DB
//!   (implied)`, `Stripe API (assumed)`).
//! - A documentation site's HTML page title, the site's name after a pipe, as a model
//!   reading scraped pages copies it (`Order Service | NovaMart Engineering`).
//! - A Kibana / OpenSearch Dashboards index pattern for the component's logs, as
//!   runbooks say "search `logs-order-service-*`" (`logs-orders-db-*`).
//! - A vendor named by its role in apposition, as design prose introduces it
//!   (`payment provider Stripe`, `identity provider Okta`, `carrier FedEx`).
//! - A Kafka topic named by its Confluent Schema Registry subject, the topic and
//!   `-value` (`order-events-value`).
//! - The Kubernetes Service a database or cache operator creates for the component:
//!   CloudNativePG's read-write service (`orders-db-rw`), the Spotahome Redis operator's
//!   master service (`rfrm-session-cache`), ECK's HTTP service (`search-index-es-http`).
//! - Typographic ligatures left by PDF text extraction (`Notiﬁcation Service`,
//!   `Fulﬁllment Service`: U+FB01 for `fi`).
//! - A naming convention that puts the owning business domain in front
//!   (`commerce-order-service`, `finance-payments-db`, `logistics-shipment-queue`).
//!
//! Type words come from the same sources (Dutch, Czech, Hebrew, npm workspaces,
//! CloudNativePG, ECK, Spotahome's RedisFailover, Confluent) and relationship phrases from
//! ADRs and design prose and a model answering in Dutch, Czech or Hebrew, some written
//! from the object's end (`sits behind`, `serves reads to`, `persists data for`,
//! `receives publications from`, `is tailed by`, `props up`) and two that only sound
//! passive (Dutch `is geabonneerd op`, is subscribed to, and `is afhankelijk van`, is
//! dependent on: the subject acts).
//!
//! The near-named pairs of this set are `FOURTEENTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, capitalised, hash, looked_up, translated};

/// One way of writing a name, in the fourteenth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Bestelservice`, `Betalingendatabase`, `Stripe-koppeling`: a Dutch answer.
    Dutch,
    /// `Služba objednávek`, `Databáze plateb`, `API služby Stripe`: a Czech answer.
    Czech,
    /// `שירות ההזמנות`, `מסד נתוני התשלומים`, `ה-API של Stripe`: a Hebrew answer.
    Hebrew,
    /// `@novamart/order-service`: a Node monorepo's workspace package.
    NpmPackage,
    /// `Order Service (see ADR-0012)`: an ADR cross reference left on.
    AdrReference,
    /// `Order Services`, `Orders DBs`: a coordinated phrase's plural kind word kept.
    KindPlural,
    /// `Order Service (inferred)`: a model's hedge left in.
    Hedge,
    /// `Order Service | NovaMart Engineering`: a documentation page's HTML title.
    PageTitle,
    /// `logs-order-service-*`: a log platform's index pattern.
    LogIndexPattern,
    /// `payment provider Stripe`: a vendor named by its role in apposition.
    ProviderRole,
    /// `order-events-value`: a topic's Schema Registry subject.
    SchemaSubject,
    /// `orders-db-rw`, `rfrm-session-cache`, `search-index-es-http`: an operator's Service.
    OperatorService,
    /// `Notiﬁcation Service`: a PDF's typographic ligature left in.
    Ligature,
    /// `commerce-order-service`: the owning business domain in front.
    DomainPrefix,
}

/// The fourteenth styles (the canonical `Camel` form stays, as a document's own name).
pub const FOURTEENTH: &[Style] = &[
    Style::Camel,
    Style::Fourteenth(Name::Dutch),
    Style::Fourteenth(Name::Czech),
    Style::Fourteenth(Name::Hebrew),
    Style::Fourteenth(Name::NpmPackage),
    Style::Fourteenth(Name::AdrReference),
    Style::Fourteenth(Name::KindPlural),
    Style::Fourteenth(Name::Hedge),
    Style::Fourteenth(Name::PageTitle),
    Style::Fourteenth(Name::LogIndexPattern),
    Style::Fourteenth(Name::ProviderRole),
    Style::Fourteenth(Name::SchemaSubject),
    Style::Fourteenth(Name::OperatorService),
    Style::Fourteenth(Name::Ligature),
    Style::Fourteenth(Name::DomainPrefix),
];

/// The corpus's words as the first part of a Dutch compound (a linking `s` where Dutch
/// puts one).
const DUTCH: &[(&str, &str)] = &[
    ("Order", "bestel"),
    ("Orders", "bestellingen"),
    ("Checkout", "afreken"),
    ("Cart", "winkelwagen"),
    ("Payment", "betaal"),
    ("Payments", "betalingen"),
    ("Pricing", "prijs"),
    ("Price", "prijs"),
    ("Inventory", "voorraad"),
    ("Catalog", "catalogus"),
    ("Search", "zoek"),
    ("Index", "index"),
    ("Shipping", "verzend"),
    ("Shipment", "zending"),
    ("Shipments", "zendingen"),
    ("Fulfillment", "orderafhandelings"),
    ("Notification", "notificatie"),
    ("Customer", "klant"),
    ("Customers", "klanten"),
    ("Auth", "authenticatie"),
    ("Recommendation", "aanbevelings"),
    ("Review", "review"),
    ("Reviews", "reviews"),
    ("Promotion", "promotie"),
    ("Promotions", "promoties"),
    ("Tax", "belasting"),
    ("Fraud", "fraudedetectie"),
    ("Returns", "retour"),
    ("Loyalty", "loyaliteits"),
    ("Reporting", "rapportage"),
    ("Invoice", "facturatie"),
    ("Session", "sessie"),
    ("Events", "events"),
];

/// The corpus's words in Czech, in the genitive as they follow the kind word.
const CZECH: &[(&str, &str)] = &[
    ("Order", "objednávek"),
    ("Orders", "objednávek"),
    ("Checkout", "pokladny"),
    ("Cart", "košíku"),
    ("Payment", "plateb"),
    ("Payments", "plateb"),
    ("Pricing", "cen"),
    ("Price", "cen"),
    ("Inventory", "skladu"),
    ("Catalog", "katalogu"),
    ("Search", "vyhledávání"),
    ("Index", "indexu"),
    ("Shipping", "dopravy"),
    ("Shipment", "zásilek"),
    ("Shipments", "zásilek"),
    ("Fulfillment", "vyřizování objednávek"),
    ("Notification", "notifikací"),
    ("Customer", "zákazníků"),
    ("Customers", "zákazníků"),
    ("Auth", "autentizace"),
    ("Recommendation", "doporučení"),
    ("Review", "recenzí"),
    ("Reviews", "recenzí"),
    ("Promotion", "akcí"),
    ("Promotions", "akcí"),
    ("Tax", "daní"),
    ("Fraud", "detekce podvodů"),
    ("Returns", "vratek"),
    ("Loyalty", "věrnostního programu"),
    ("Reporting", "reportingu"),
    ("Invoice", "fakturace"),
    ("Session", "relací"),
    ("Events", "událostí"),
];

/// The corpus's words in Hebrew: (the word as the last of the phrase, without its
/// article; the word in construct, when another word follows it).
const HEBREW: &[(&str, (&str, &str))] = &[
    ("Order", ("הזמנות", "הזמנות")),
    ("Orders", ("הזמנות", "הזמנות")),
    ("Checkout", ("קופה", "קופת")),
    ("Cart", ("עגלה", "עגלת")),
    ("Payment", ("תשלומים", "תשלומי")),
    ("Payments", ("תשלומים", "תשלומי")),
    ("Pricing", ("תמחור", "תמחור")),
    ("Price", ("מחירים", "מחירי")),
    ("Inventory", ("מלאי", "מלאי")),
    ("Catalog", ("קטלוג", "קטלוג")),
    ("Search", ("חיפוש", "חיפוש")),
    ("Index", ("אינדקס", "אינדקס")),
    ("Shipping", ("משלוחים", "משלוחי")),
    ("Shipment", ("משלוחים", "משלוחי")),
    ("Shipments", ("משלוחים", "משלוחי")),
    ("Fulfillment", ("מימוש הזמנות", "מימוש הזמנות")),
    ("Notification", ("התראות", "התראות")),
    ("Customer", ("לקוחות", "לקוחות")),
    ("Customers", ("לקוחות", "לקוחות")),
    ("Auth", ("אימות", "אימות")),
    ("Recommendation", ("המלצות", "המלצות")),
    ("Review", ("ביקורות", "ביקורות")),
    ("Reviews", ("ביקורות", "ביקורות")),
    ("Promotion", ("מבצעים", "מבצעי")),
    ("Promotions", ("מבצעים", "מבצעי")),
    ("Tax", ("מיסים", "מיסי")),
    ("Fraud", ("זיהוי הונאות", "זיהוי הונאות")),
    ("Returns", ("החזרות", "החזרות")),
    ("Loyalty", ("מועדון לקוחות", "מועדון לקוחות")),
    ("Reporting", ("דוחות", "דוחות")),
    ("Invoice", ("חשבוניות", "חשבוניות")),
    ("Session", ("סשנים", "סשנים")),
    ("Events", ("אירועים", "אירועי")),
];

/// The business domain that owns a component, by its first word (the naming
/// convention's first part).
const DOMAINS: &[(&str, &str)] = &[
    ("Order", "commerce"),
    ("Orders", "commerce"),
    ("Checkout", "commerce"),
    ("Cart", "commerce"),
    ("Payment", "finance"),
    ("Payments", "finance"),
    ("Tax", "finance"),
    ("Fraud", "finance"),
    ("Invoice", "finance"),
    ("Pricing", "merch"),
    ("Price", "merch"),
    ("Promotion", "merch"),
    ("Promotions", "merch"),
    ("Catalog", "merch"),
    ("Search", "discovery"),
    ("Recommendation", "discovery"),
    ("Review", "discovery"),
    ("Reviews", "discovery"),
    ("Inventory", "logistics"),
    ("Shipping", "logistics"),
    ("Shipment", "logistics"),
    ("Shipments", "logistics"),
    ("Fulfillment", "logistics"),
    ("Returns", "logistics"),
    ("Customer", "customer"),
    ("Customers", "customer"),
    ("Auth", "customer"),
    ("Session", "customer"),
    ("Loyalty", "customer"),
    ("Notification", "customer"),
    ("Reporting", "data"),
];

/// What design prose calls each vendor, in apposition before its name.
const ROLES: &[(&str, &str)] = &[
    ("Stripe", "payment provider"),
    ("TaxJar", "tax engine"),
    ("Okta", "identity provider"),
    ("SendGrid", "email provider"),
    ("FedEx", "carrier"),
    ("Twilio", "SMS provider"),
];

/// `word` with its last word in the plural, as a coordinated phrase leaves it.
fn plural(word: &str) -> String {
    if word.ends_with('x') || word.ends_with('s') {
        format!("{word}es")
    } else {
        format!("{word}s")
    }
}

/// The Hebrew phrase for `words`, head first: every word but the last in construct, the
/// article on the last word of all.
fn hebrew(words: &[&str]) -> Option<String> {
    let mut reversed: Vec<&str> = words.to_vec();
    reversed.reverse();
    let n = reversed.len();
    let parts: Vec<&str> = reversed
        .iter()
        .enumerate()
        .map(|(i, w)| {
            HEBREW
                .iter()
                .find(|(en, _)| en == w)
                .map(|(_, (free, construct))| if i + 1 == n { *free } else { *construct })
        })
        .collect::<Option<_>>()?;
    let phrase = parts.join(" ");
    // The article goes on the phrase's last word.
    Some(match phrase.rsplit_once(' ') {
        Some((head, last)) => format!("{head} ה{last}"),
        None => format!("ה{phrase}"),
    })
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no operator's Service for a service, no schema subject for a queue).
pub fn write(
    style: Name,
    words: &[&str],
    kind_word: &str,
    kind: Kind,
    system: &str,
) -> Option<String> {
    let (all, lower) = crate::styles::with_kind(words, kind_word);
    let spaced = all.join(" ");
    let kebab = lower.join("-");
    let runs = matches!(kind, Kind::Service | Kind::Gateway | Kind::Frontend);
    Some(match style {
        Name::Dutch => {
            let tail = match kind {
                Kind::Service => "service",
                Kind::Database => "database",
                Kind::Cache => "cache",
                Kind::Topic => "-topic",
                Kind::Queue => "wachtrij",
                Kind::External => return Some(format!("{}-koppeling", words.concat())),
                Kind::Gateway => return Some("API-gateway".into()),
                Kind::Frontend => return Some("Webwinkel".into()),
                Kind::Index => return Some("Zoekindex".into()),
            };
            let nl = translated(words, DUTCH)?;
            capitalised(&format!("{}{tail}", nl.concat()))
        }
        Name::Czech => {
            let head = match kind {
                Kind::Service => "Služba",
                Kind::Database => "Databáze",
                Kind::Cache => "Mezipaměť",
                Kind::Topic => "Topic",
                Kind::Queue => "Fronta",
                Kind::External => return Some(format!("API služby {}", words.concat())),
                Kind::Gateway => return Some("API brána".into()),
                Kind::Frontend => return Some("E-shop".into()),
                Kind::Index => return Some("Vyhledávací index".into()),
            };
            // The head noun first (`událostí objednávek`: events of orders).
            let mut cs = translated(words, CZECH)?;
            cs.reverse();
            format!("{head} {}", cs.join(" "))
        }
        Name::Hebrew => {
            let head = match kind {
                Kind::Service => "שירות",
                Kind::Database => "מסד נתוני",
                Kind::Cache => "מטמון",
                Kind::Topic => "טופיק",
                Kind::Queue => "תור",
                Kind::External => return Some(format!("ה-API של {}", words.concat())),
                Kind::Gateway => return Some("שער ה-API".into()),
                Kind::Frontend => return Some("החנות המקוונת".into()),
                Kind::Index => return Some("אינדקס החיפוש".into()),
            };
            // The construct's head takes no article: the phrase after it does.
            format!("{head} {}", hebrew(words)?)
        }
        Name::NpmPackage => match kind {
            _ if runs => format!("@{}/{kebab}", system.to_lowercase()),
            _ => return None,
        },
        Name::AdrReference => {
            let n = 3 + hash(&spaced, "adr") % 60;
            format!("{spaced} (see ADR-{n:04})")
        }
        Name::KindPlural => {
            let (head, last) = all.split_at(all.len() - 1);
            let mut ws: Vec<String> = head.to_vec();
            ws.push(plural(&last[0]));
            ws.join(" ")
        }
        Name::Hedge => {
            let hedge = ["inferred", "implied", "assumed"][(hash(&spaced, "hedge") % 3) as usize];
            format!("{spaced} ({hedge})")
        }
        Name::PageTitle => format!("{spaced} | {system} Engineering"),
        Name::LogIndexPattern => match kind {
            Kind::External | Kind::Topic | Kind::Queue => return None,
            _ => format!("logs-{kebab}-*"),
        },
        Name::ProviderRole => match kind {
            Kind::External => {
                let vendor = words.concat();
                format!("{} {vendor}", looked_up(&vendor, ROLES)?)
            }
            _ => return None,
        },
        Name::SchemaSubject => match kind {
            // The topic's name in Kafka has no kind word.
            Kind::Topic => format!("{}-value", words.join("-").to_lowercase()),
            _ => return None,
        },
        Name::OperatorService => match kind {
            Kind::Database => format!("{kebab}-rw"),
            Kind::Cache => format!("rfrm-{kebab}"),
            Kind::Index => format!("{kebab}-es-http"),
            _ => return None,
        },
        Name::Ligature => {
            let text = spaced
                .replace("ffi", "\u{fb03}")
                .replace("ffl", "\u{fb04}")
                .replace("ff", "\u{fb00}")
                .replace("fi", "\u{fb01}")
                .replace("fl", "\u{fb02}");
            if text == spaced {
                return None;
            }
            text
        }
        Name::DomainPrefix => {
            let domain = looked_up(words.first()?, DOMAINS)?;
            format!("{domain}-{kebab}")
        }
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "dienst",
            "služba",
            "שירות",
            "npm workspace package",
            "Node.js service",
        ],
        Kind::Database => &[
            "database",
            "databank",
            "databáze",
            "מסד נתונים",
            "CloudNativePG cluster",
        ],
        Kind::Cache => &["cache", "mezipaměť", "מטמון", "RedisFailover"],
        Kind::Topic => &[
            "queue",
            "Kafka-topic",
            "téma Kafka",
            "Confluent Cloud topic",
        ],
        Kind::Queue => &["queue", "wachtrij", "fronta zpráv", "תור הודעות"],
        Kind::External => &[
            "external_system",
            "externe dienst",
            "externí systém",
            "מערכת חיצונית",
            "third-party provider",
        ],
        Kind::Gateway => &["service", "API-gateway", "API brána", "edge gateway"],
        Kind::Frontend => &["frontend", "webwinkel", "e-shop", "Next.js app"],
        Kind::Index => &[
            "database",
            "zoekindex",
            "vyhledávací index",
            "Elasticsearch (ECK) cluster",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B sits behind A`: A calls B), and the answer then has
/// `from` and `to` the other way round. Dutch `A is geabonneerd op B` (A is subscribed to
/// B) and `A is afhankelijk van B` (A is dependent on B) only sound passive (A acts);
/// `B sits behind A`, `B serves reads to A`, `B persists data for A`, `B receives
/// publications from A`, `B is tailed by A` and `B props up A` are written from the
/// object. Each relationship has one Dutch, one Czech and one Hebrew phrase, as a model
/// answering in that language writes it. The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("roept aan", "roept aan", false),
            ("volá", "volá", false),
            ("קורא ל", "קורא ל", false),
            ("fires requests at", "fires requests at", false),
            ("sits behind", "sits behind", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("leest uit", "leest uit", false),
            ("čte z", "čte z", false),
            ("קורא מ", "קורא מ", false),
            ("pulls its data from", "pulls its data from", false),
            ("serves reads to", "serves reads to", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("schrijft naar", "schrijft naar", false),
            ("zapisuje do", "zapisuje do", false),
            ("כותב ל", "כותב ל", false),
            ("lands its writes in", "lands its writes in", false),
            ("persists data for", "persists data for", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("publiceert naar", "publiceert naar", false),
            ("publikuje do", "publikuje do", false),
            ("מפרסם ל", "מפרסם ל", false),
            ("emits onto", "emits onto", false),
            (
                "receives publications from",
                "receives publications from",
                true,
            ),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("is geabonneerd op", "is geabonneerd op", false),
            ("odebírá", "odebírá", false),
            ("מנוי על", "מנוי על", false),
            (
                "wakes up on messages from",
                "wakes up on messages from",
                false,
            ),
            ("is tailed by", "is tailed by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("is afhankelijk van", "is afhankelijk van", false),
            ("závisí na", "závisí na", false),
            ("תלוי ב", "תלוי ב", false),
            ("breaks without", "breaks without", false),
            ("props up", "props up", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("maakt deel uit van", "maakt deel uit van", false),
            ("je součástí", "je součástí", false),
            ("חלק מ", "חלק מ", false),
            ("lives inside", "lives inside", false),
        ],
    }
}
