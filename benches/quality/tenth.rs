//! The tenth set (issue 36, tenth round): naming styles, type words and relationship
//! phrases written without reading archie's identity rules, after the other nine sets had
//! all been written (and eight of them looked at by the people improving the rules).
//! Nobody develops archie against this file: it is a yardstick for the work done against
//! the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what
//! infrastructure code, proxies, configuration databases, GraphQL federation, Go code,
//! C4 prose, internal code names, scanned diagrams, models answering in Italian or Polish
//! and models' own slips write:
//! - A model answering in Italian: the kind word first and the words after it, the head
//!   noun first, juxtaposed as Italian engineering documents write them (`Servizio
//!   Ordini`, `Database Pagamenti`, `Coda Notifiche`, `Topic Eventi Ordini`, `API di
//!   Stripe`, `Negozio Online`).
//! - A model answering in Polish: the kind word first and the words in the genitive, a
//!   vendor's name declined as Polish declines it (`Serwis zamówień`, `Baza danych
//!   płatności`, `Kolejka powiadomień`, `API Stripe'a`, `API Okty`, `Bramka API`).
//! - A service called by what it does, an agent noun, as teams say it (`Order
//!   Processor`, `Notifier`, `Recommender`, `Fraud Detector`, `Tax Calculator`).
//! - An internal code name with the plain name after it in parentheses, as ADRs and
//!   wikis introduce it (`Hermes (Notification Service)`, `Atlas (Order Service)`).
//! - C4 prose: the element's level word after the name (`Order Service container`,
//!   `Orders DB container`) and a vendor as an external software system (`Stripe
//!   software system`).
//! - A Terraform address under `for_each`, the key in quotes and brackets
//!   (`module.ecs_service["order-service"]`, `module.rds["orders-db"]`,
//!   `aws_sqs_queue.queues["shipment-queue"]`).
//! - A Helm chart with its version, as `helm list`'s CHART column prints it
//!   (`order-service-1.14.2`).
//! - A Traefik router or service with its provider (`order-service@docker`), as the
//!   dashboard and the access log show it.
//! - An HAProxy backend, named with the `be_` prefix HAProxy configurations use
//!   (`be_order_service`, `be_orders_db`, `be_stripe_api`).
//! - A possessive a model left on the name from the sentence it was cut from (`Order
//!   Service's`, `Orders DB's`).
//! - A component table's id in front of the name, as ADRs and service catalogues number
//!   them (`SVC-014 Order Service`, `DS-031 Orders DB`, `MQ-022 Shipment Queue`).
//! - A configuration item's name in a CMDB: the organisation's code, the name, the class
//!   code and the environment, in capitals (`NM-ORDER-SVC-PRD`, `NM-ORDERS-DB-PRD`).
//! - Letters a scan's text recognition confused, from a diagram or a PDF read by OCR or
//!   a vision model (`Payrnent Service`, `0rders DB`, `APl Gateway`, `lnventory Service`).
//! - An Apollo Federation subgraph, the service called by the part of the graph it serves
//!   (`orders subgraph`, `reviews subgraph`).
//! - A Go package as Go code bases name them, glued lower case with a short suffix
//!   (`ordersvc`, `paymentsvc`; a store package for a database: `orderstore`).
//!
//! Type words come from the same sources (C4, CMDB classes, Italian, Polish) and
//! relationship phrases from ADRs and a model answering in Italian or Polish, some written
//! from the object's end (`handles calls from`, `serves lookups for`, `is the system of
//! record for`, `carries events emitted by`, `hands messages to`, `must be up
//! before`) and one that only sounds passive (`è iscritto a`, is subscribed to: the subject
//! subscribes).
//!
//! The near-named pairs of this set are `TENTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, looked_up, translated};

/// One way of writing a name, in the tenth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Servizio Ordini`, `Database Pagamenti`, `API di Stripe`: an Italian answer.
    Italian,
    /// `Serwis zamówień`, `Baza danych płatności`, `API Stripe'a`: a Polish answer.
    Polish,
    /// `Order Processor`, `Notifier`, `Recommender`: the service called by what it does.
    AgentNoun,
    /// `Hermes (Notification Service)`: an internal code name, the name in parentheses.
    Codename,
    /// `Order Service container`, `Stripe software system`: C4's level word after it.
    C4Element,
    /// `module.ecs_service["order-service"]`: a Terraform address under `for_each`.
    TerraformForEach,
    /// `order-service-1.14.2`: a Helm chart and its version.
    HelmChart,
    /// `order-service@docker`: a Traefik router with its provider.
    Traefik,
    /// `be_order_service`: an HAProxy backend.
    HaproxyBackend,
    /// `Order Service's`: a possessive left on.
    TrailingPossessive,
    /// `SVC-014 Order Service`: a component table's id in front.
    CatalogId,
    /// `NM-ORDER-SVC-PRD`: a CMDB configuration item's name.
    CmdbCi,
    /// `Payrnent Service`, `0rders DB`: letters text recognition confused.
    OcrConfusion,
    /// `orders subgraph`: an Apollo Federation subgraph.
    Subgraph,
    /// `ordersvc`, `orderstore`: a Go package.
    GoPackage,
}

/// The tenth styles (the canonical `Camel` form stays, as a document's own name).
pub const TENTH: &[Style] = &[
    Style::Camel,
    Style::Tenth(Name::Italian),
    Style::Tenth(Name::Polish),
    Style::Tenth(Name::AgentNoun),
    Style::Tenth(Name::Codename),
    Style::Tenth(Name::C4Element),
    Style::Tenth(Name::TerraformForEach),
    Style::Tenth(Name::HelmChart),
    Style::Tenth(Name::Traefik),
    Style::Tenth(Name::HaproxyBackend),
    Style::Tenth(Name::TrailingPossessive),
    Style::Tenth(Name::CatalogId),
    Style::Tenth(Name::CmdbCi),
    Style::Tenth(Name::OcrConfusion),
    Style::Tenth(Name::Subgraph),
    Style::Tenth(Name::GoPackage),
];

/// The corpus's words in Italian, as they follow the kind word.
const ITALIAN: &[(&str, &str)] = &[
    ("Order", "Ordini"),
    ("Orders", "Ordini"),
    ("Checkout", "Checkout"),
    ("Cart", "Carrello"),
    ("Payment", "Pagamenti"),
    ("Payments", "Pagamenti"),
    ("Pricing", "Prezzi"),
    ("Price", "Prezzi"),
    ("Inventory", "Magazzino"),
    ("Catalog", "Catalogo"),
    ("Search", "Ricerca"),
    ("Index", "Indice"),
    ("Shipping", "Spedizioni"),
    ("Shipment", "Spedizioni"),
    ("Shipments", "Spedizioni"),
    ("Fulfillment", "Evasione Ordini"),
    ("Notification", "Notifiche"),
    ("Customer", "Clienti"),
    ("Customers", "Clienti"),
    ("Auth", "Autenticazione"),
    ("Recommendation", "Raccomandazioni"),
    ("Review", "Recensioni"),
    ("Reviews", "Recensioni"),
    ("Promotion", "Promozioni"),
    ("Promotions", "Promozioni"),
    ("Tax", "Imposte"),
    ("Fraud", "Antifrode"),
    ("Returns", "Resi"),
    ("Loyalty", "Fedeltà"),
    ("Reporting", "Reportistica"),
    ("Invoice", "Fatturazione"),
    ("Session", "Sessioni"),
    ("Events", "Eventi"),
];

/// The corpus's words in Polish, in the genitive (`Serwis zamówień`: the service of
/// orders).
const POLISH: &[(&str, &str)] = &[
    ("Order", "zamówień"),
    ("Orders", "zamówień"),
    ("Checkout", "finalizacji zamówień"),
    ("Cart", "koszyka"),
    ("Payment", "płatności"),
    ("Payments", "płatności"),
    ("Pricing", "wyceny"),
    ("Price", "cen"),
    ("Inventory", "stanów magazynowych"),
    ("Catalog", "katalogu"),
    ("Search", "wyszukiwania"),
    ("Index", "indeksu"),
    ("Shipping", "wysyłki"),
    ("Shipment", "przesyłek"),
    ("Shipments", "przesyłek"),
    ("Fulfillment", "realizacji zamówień"),
    ("Notification", "powiadomień"),
    ("Customer", "klientów"),
    ("Customers", "klientów"),
    ("Auth", "uwierzytelniania"),
    ("Recommendation", "rekomendacji"),
    ("Review", "opinii"),
    ("Reviews", "opinii"),
    ("Promotion", "promocji"),
    ("Promotions", "promocji"),
    ("Tax", "podatków"),
    ("Fraud", "wykrywania oszustw"),
    ("Returns", "zwrotów"),
    ("Loyalty", "programu lojalnościowego"),
    ("Reporting", "raportowania"),
    ("Invoice", "faktur"),
    ("Session", "sesji"),
    ("Events", "zdarzeń"),
];

/// A vendor's name in the Polish genitive (`API Okty`: Okta's API); a name Polish does
/// not decline stays.
const POLISH_VENDOR: &[(&str, &str)] = &[
    ("Stripe", "Stripe'a"),
    ("TaxJar", "TaxJara"),
    ("Okta", "Okty"),
    ("SendGrid", "SendGrida"),
    ("FedEx", "FedExu"),
    ("Twilio", "Twilio"),
];

/// A service called by what it does (not every service has such a name).
const AGENT: &[(&str, &str)] = &[
    ("Order", "Order Processor"),
    ("Checkout", "Checkout Orchestrator"),
    ("Payment", "Payment Processor"),
    ("Pricing", "Pricing Engine"),
    ("Fulfillment", "Fulfillment Orchestrator"),
    ("Notification", "Notifier"),
    ("Auth", "Authenticator"),
    ("Recommendation", "Recommender"),
    ("Promotion", "Promotions Engine"),
    ("Tax", "Tax Calculator"),
    ("Fraud", "Fraud Detector"),
    ("Returns", "Returns Processor"),
    ("Reporting", "Report Generator"),
    ("Invoice", "Invoice Generator"),
];

/// Internal code names of some services.
const CODENAME: &[(&str, &str)] = &[
    ("Order", "Atlas"),
    ("Checkout", "Falcon"),
    ("Payment", "Midas"),
    ("Pricing", "Abacus"),
    ("Inventory", "Granary"),
    ("Catalog", "Almanac"),
    ("Search", "Beacon"),
    ("Shipping", "Mercury"),
    ("Notification", "Hermes"),
    ("Customer", "Orion"),
    ("Auth", "Cerberus"),
    ("Recommendation", "Muse"),
    ("Fraud", "Sentinel"),
    ("Loyalty", "Phoenix"),
    ("Reporting", "Chronicle"),
];

/// The part of the graph a service's subgraph serves, by the service's words.
const SUBGRAPH: &[(&str, &str)] = &[
    ("Order", "orders"),
    ("Checkout", "checkout"),
    ("Cart", "cart"),
    ("Payment", "payments"),
    ("Pricing", "pricing"),
    ("Inventory", "inventory"),
    ("Catalog", "catalog"),
    ("Search", "search"),
    ("Shipping", "shipping"),
    ("Fulfillment", "fulfillment"),
    ("Customer", "customers"),
    ("Recommendation", "recommendations"),
    ("Review", "reviews"),
    ("Promotion", "promotions"),
    ("Returns", "returns"),
    ("Loyalty", "loyalty"),
    ("Invoice", "invoices"),
];

/// A word in the singular, as a Go package name has it (`orderstore`).
const SINGULAR: &[(&str, &str)] = &[
    ("Orders", "order"),
    ("Payments", "payment"),
    ("Customers", "customer"),
    ("Reviews", "review"),
    ("Promotions", "promotion"),
    ("Shipments", "shipment"),
];

/// The first confusion text recognition makes in `text` (`m` read as `rn`, `cl` as `d`,
/// a capital `O` as a zero, `l` as a one, a capital `I` as an `l`, `w` as `vv`); `None`
/// when the name has none of those letters.
fn ocr(text: &str) -> Option<String> {
    const CONFUSIONS: &[(&str, &str)] = &[
        ("m", "rn"),
        ("cl", "d"),
        ("O", "0"),
        ("l", "1"),
        ("I", "l"),
        ("w", "vv"),
    ];
    CONFUSIONS
        .iter()
        .find(|(from, _)| text.contains(from))
        .map(|(from, to)| text.replacen(from, to, 1))
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no subgraph for a database, no code name for most stores).
pub fn write(
    style: Name,
    words: &[&str],
    kind_word: &str,
    kind: Kind,
    system: &str,
) -> Option<String> {
    let (all, lower) = crate::styles::with_kind(words, kind_word);
    let own_lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let spaced = all.join(" ");
    let kebab = lower.join("-");
    let snake = lower.join("_");
    let own_kebab = own_lower.join("-");
    let one = |table: &[(&str, &'static str)]| -> Option<&'static str> {
        match words {
            [w] => looked_up(w, table),
            _ => None,
        }
    };
    Some(match style {
        Name::Italian => {
            let head = match kind {
                Kind::Service => "Servizio",
                Kind::Database => "Database",
                Kind::Cache => "Cache",
                Kind::Topic => "Topic",
                Kind::Queue => "Coda",
                Kind::External => return Some(format!("API di {}", words.concat())),
                Kind::Gateway => return Some("Gateway API".into()),
                Kind::Frontend => return Some("Negozio Online".into()),
                Kind::Index => return Some("Indice di Ricerca".into()),
            };
            // The head noun first: `Eventi Ordini` (the events of orders).
            let mut it = translated(words, ITALIAN)?;
            it.reverse();
            format!("{head} {}", it.join(" "))
        }
        Name::Polish => {
            let head = match kind {
                Kind::Service => "Serwis",
                Kind::Database => "Baza danych",
                Kind::Cache => "Cache",
                Kind::Topic => "Topic",
                Kind::Queue => "Kolejka",
                Kind::External => {
                    let vendor = words.concat();
                    let declined = looked_up(&vendor, POLISH_VENDOR).unwrap_or(&vendor);
                    return Some(format!("API {declined}"));
                }
                Kind::Gateway => return Some("Bramka API".into()),
                Kind::Frontend => return Some("Sklep internetowy".into()),
                Kind::Index => return Some("Indeks wyszukiwania".into()),
            };
            let mut pl = translated(words, POLISH)?;
            pl.reverse();
            format!("{head} {}", pl.join(" "))
        }
        Name::AgentNoun => match kind {
            Kind::Service => one(AGENT)?.to_string(),
            _ => return None,
        },
        Name::Codename => match kind {
            Kind::Service => format!("{} ({spaced})", one(CODENAME)?),
            _ => return None,
        },
        Name::C4Element => match kind {
            Kind::External => format!("{} software system", words.concat()),
            _ => format!("{spaced} container"),
        },
        Name::TerraformForEach => match kind {
            Kind::Service => format!("module.ecs_service[\"{kebab}\"]"),
            Kind::Database => format!("module.rds[\"{kebab}\"]"),
            Kind::Cache => format!("aws_elasticache_replication_group.this[\"{kebab}\"]"),
            Kind::Topic => format!("aws_sns_topic.topics[\"{own_kebab}\"]"),
            Kind::Queue => format!("aws_sqs_queue.queues[\"{kebab}\"]"),
            Kind::Index => format!("aws_opensearch_domain.this[\"{kebab}\"]"),
            Kind::Gateway => format!("aws_apigatewayv2_api.this[\"{kebab}\"]"),
            Kind::Frontend => format!("module.static_site[\"{kebab}\"]"),
            Kind::External => return None,
        },
        Name::HelmChart => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => {
                let h = hash(&kebab, "chart");
                format!("{kebab}-{}.{}.{}", h % 3, (h / 3) % 20, (h / 60) % 10)
            }
            _ => return None,
        },
        Name::Traefik => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => format!("{kebab}@docker"),
            _ => return None,
        },
        Name::HaproxyBackend => match kind {
            Kind::Topic | Kind::Queue => return None,
            _ => format!("be_{snake}"),
        },
        Name::TrailingPossessive => format!("{spaced}'s"),
        Name::CatalogId => {
            let prefix = match kind {
                Kind::Service => "SVC",
                Kind::Database | Kind::Cache | Kind::Index => "DS",
                Kind::Topic | Kind::Queue => "MQ",
                Kind::External => "EXT",
                Kind::Gateway | Kind::Frontend => "EDGE",
            };
            format!("{prefix}-{:03} {spaced}", 1 + hash(&spaced, "catalog") % 60)
        }
        Name::CmdbCi => {
            let class = match kind {
                Kind::Service => "SVC",
                Kind::Database => "DB",
                Kind::Cache => "REDIS",
                Kind::Topic => "KAFKA",
                Kind::Queue => "MQ",
                Kind::Gateway => "GW",
                Kind::Frontend => "WEB",
                Kind::Index => "ES",
                Kind::External => return None,
            };
            // The organisation's code is its initials (`NM`); a name that is its own
            // words (`API Gateway`) needs no class code after it.
            let code: String = system.chars().filter(char::is_ascii_uppercase).collect();
            let own = own_lower.join("-");
            if kind_word.is_empty() {
                format!("{code}-{own}-PRD").to_uppercase()
            } else {
                format!("{code}-{own}-{class}-PRD").to_uppercase()
            }
        }
        Name::OcrConfusion => ocr(&spaced)?,
        Name::Subgraph => match kind {
            Kind::Service => format!("{} subgraph", one(SUBGRAPH)?),
            _ => return None,
        },
        Name::GoPackage => match kind {
            Kind::Service => format!("{}svc", own_lower.concat()),
            Kind::Database => {
                let singular: Vec<String> = words
                    .iter()
                    .map(|w| looked_up(w, SINGULAR).map_or(w.to_lowercase(), str::to_string))
                    .collect();
                format!("{}store", singular.concat())
            }
            _ => return None,
        },
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "servizio",
            "serwis",
            "business application",
            "C4 container",
        ],
        Kind::Database => &["database", "banca dati", "baza danych", "database instance"],
        Kind::Cache => &["cache", "memoria cache", "pamięć podręczna", "cache tier"],
        Kind::Topic => &["queue", "topic Kafka", "temat Kafki", "topic resource"],
        Kind::Queue => &[
            "queue",
            "coda di messaggi",
            "kolejka komunikatów",
            "queue resource",
        ],
        Kind::External => &[
            "external_system",
            "sistema esterno",
            "system zewnętrzny",
            "external software system",
        ],
        Kind::Gateway => &["service", "gateway API", "bramka API", "edge entrypoint"],
        Kind::Frontend => &[
            "frontend",
            "negozio online",
            "sklep internetowy",
            "web application",
        ],
        Kind::Index => &[
            "database",
            "indice di ricerca",
            "indeks wyszukiwania",
            "search index resource",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B serves lookups for A`: A reads from B), and the
/// answer then has `from` and `to` the other way round. `A è iscritto a B` (A is
/// subscribed to B) only sounds passive (A subscribes); `B handles calls from A`, `B
/// serves lookups for A`, `B is the system of record for A`, `B carries events emitted by
/// A`, `B hands messages to A` and `B must be up before A` are written from the
/// object. Each relationship has one Italian and one Polish phrase, as a model answering
/// in that language writes it. The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("chiama", "chiama", false),
            ("wywołuje", "wywołuje", false),
            ("makes REST calls to", "makes REST calls to", false),
            ("handles calls from", "handles calls from", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("legge da", "legge da", false),
            ("odczytuje dane z", "odczytuje dane z", false),
            ("sources its data from", "sources its data from", false),
            ("serves lookups for", "serves lookups for", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("scrive su", "scrive su", false),
            ("zapisuje do", "zapisuje do", false),
            ("inserts rows into", "inserts rows into", false),
            (
                "is the system of record for",
                "is the system of record for",
                true,
            ),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("pubblica su", "pubblica su", false),
            ("publikuje zdarzenia do", "publikuje zdarzenia do", false),
            (
                "broadcasts state changes to",
                "broadcasts state changes to",
                false,
            ),
            (
                "carries events emitted by",
                "carries events emitted by",
                true,
            ),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("è iscritto a", "è iscritto a", false),
            ("subskrybuje", "subskrybuje", false),
            ("registers a consumer on", "registers a consumer on", false),
            ("hands messages to", "hands messages to", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("dipende da", "dipende da", false),
            ("zależy od", "zależy od", false),
            ("cannot start without", "cannot start without", false),
            ("must be up before", "must be up before", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("fa parte di", "fa parte di", false),
            ("wchodzi w skład", "wchodzi w skład", false),
            (
                "is one of the building blocks of",
                "is one of the building blocks of",
                false,
            ),
        ],
    }
}
