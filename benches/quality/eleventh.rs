//! The eleventh set (issue 36, eleventh round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! ten sets had all been written (and nine of them looked at by the people improving the
//! rules). Nobody develops archie against this file: it is a yardstick for the work done
//! against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what container
//! platforms, Spring Cloud, graph databases and knowledge-graph tooling, infrastructure
//! code, UML diagrams, Ruby code, documents typed with a CJK input method or copied from
//! web pages, and models answering in Swedish, Indonesian or Greek write:
//! - A model answering in Swedish: the words built into one compound with the kind word,
//!   in the definite form Swedish running text uses (`Ordertjänsten`, the order service;
//!   `Betalningsdatabasen`, `Aviseringskön`), an English loan word joined with a hyphen
//!   (`Orderhändelse-topicen`), a vendor's API in the genitive (`Stripes API`).
//! - A model answering in Indonesian: the kind word first and the words after it, head
//!   first (`Layanan Pesanan`, `Basis Data Pembayaran`, `Antrean Notifikasi`, `Topik Event
//!   Pesanan`, `API Stripe`).
//! - A model answering in Greek: the kind word first and the words in the genitive, in
//!   Greek letters (`Υπηρεσία Παραγγελιών`, `Βάση Δεδομένων Πληρωμών`, `API του Stripe`).
//! - An ECS task definition as the console, `aws ecs describe-services` and deploy logs
//!   print it, the family and its revision (`order-service:17`).
//! - A Spring Cloud load-balanced URI, as a Spring Cloud Gateway route or a Feign client
//!   names a service, the Eureka application name in capitals (`lb://ORDER-SERVICE`).
//! - A Neo4j Cypher node pattern, as graph-building pipelines and models asked for a graph
//!   write it (`(:Service {name: 'Order Service'})`).
//! - A compact IRI (CURIE) from an RDF or OWL knowledge graph, the system's prefix and the
//!   local name (`nm:OrderService`, `nm:OrdersDB`).
//! - Full-width Latin letters, as a document typed with a Chinese or Japanese input method
//!   writes a Latin name (`Ｏｒｄｅｒ Ｓｅｒｖｉｃｅ`).
//! - Zero-width spaces between the words of a CamelCase name, left from the `<wbr>` tags
//!   documentation sites put in long identifiers (`Order\u{200B}Service`: it reads
//!   `OrderService`).
//! - A Kafka consumer group named after the service that owns it (`order-service-cg`),
//!   as lag alerts and runbooks name the consumer.
//! - A service named by its REST route prefix, as gateway routing tables and sequence
//!   prose do (`/api/orders`, `/api/payments`).
//! - The file that defines it: a Kubernetes manifest for what runs (`order-service.yaml`)
//!   and a Terraform file for what stores (`orders-db.tf`).
//! - A Ruby constant path, as a Rails code base names a client or a model
//!   (`NovaMart::OrderService`, `NovaMart::OrdersDB`).
//! - An AWS CDK stack class, one stack per component (`OrderServiceStack`,
//!   `OrdersDbStack`).
//! - A UML sequence diagram's anonymous lifeline (`:OrderService`).
//!
//! Type words come from the same sources (Swedish, Indonesian, Greek, Spring, ECS,
//! Meilisearch, Next.js) and relationship phrases from design prose and a model answering
//! in Swedish, Indonesian or Greek, some written from the object's end (`fields requests
//! from`, Indonesian's passive `dibaca oleh`, `accepts inserts from`, `receives the events
//! of`, `streams records to`, `must be healthy for`) and two that only sound passive
//! (`is listening on`, Swedish `är beroende av`: the subject acts).
//!
//! The near-named pairs of this set are `ELEVENTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, capitalised, hash, looked_up, translated};

/// One way of writing a name, in the eleventh set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Ordertjänsten`, `Betalningsdatabasen`, `Stripes API`: a Swedish answer.
    Swedish,
    /// `Layanan Pesanan`, `Basis Data Pembayaran`, `API Stripe`: an Indonesian answer.
    Indonesian,
    /// `Υπηρεσία Παραγγελιών`, `Βάση Δεδομένων Πληρωμών`: a Greek answer.
    Greek,
    /// `order-service:17`: an ECS task definition, family and revision.
    EcsTaskDefinition,
    /// `lb://ORDER-SERVICE`: a Spring Cloud load-balanced URI.
    SpringLoadBalanced,
    /// `(:Service {name: 'Order Service'})`: a Cypher node pattern.
    CypherNode,
    /// `nm:OrderService`: a compact IRI from an RDF graph.
    Curie,
    /// `Ｏｒｄｅｒ Ｓｅｒｖｉｃｅ`: full-width Latin letters.
    FullWidth,
    /// `Order\u{200B}Service`: zero-width spaces between the words.
    ZeroWidthSpace,
    /// `order-service-cg`: the service's Kafka consumer group.
    ConsumerGroup,
    /// `/api/orders`: the service's REST route prefix.
    RestRoute,
    /// `order-service.yaml`, `orders-db.tf`: the file that defines it.
    DefinitionFile,
    /// `NovaMart::OrderService`: a Ruby constant path.
    RubyConstant,
    /// `OrderServiceStack`: an AWS CDK stack class.
    CdkStack,
    /// `:OrderService`: a UML sequence diagram's anonymous lifeline.
    UmlLifeline,
}

/// The eleventh styles (the canonical `Camel` form stays, as a document's own name).
pub const ELEVENTH: &[Style] = &[
    Style::Camel,
    Style::Eleventh(Name::Swedish),
    Style::Eleventh(Name::Indonesian),
    Style::Eleventh(Name::Greek),
    Style::Eleventh(Name::EcsTaskDefinition),
    Style::Eleventh(Name::SpringLoadBalanced),
    Style::Eleventh(Name::CypherNode),
    Style::Eleventh(Name::Curie),
    Style::Eleventh(Name::FullWidth),
    Style::Eleventh(Name::ZeroWidthSpace),
    Style::Eleventh(Name::ConsumerGroup),
    Style::Eleventh(Name::RestRoute),
    Style::Eleventh(Name::DefinitionFile),
    Style::Eleventh(Name::RubyConstant),
    Style::Eleventh(Name::CdkStack),
    Style::Eleventh(Name::UmlLifeline),
];

/// The corpus's words as the first part of a Swedish compound (`Betalnings` +
/// `databasen`).
const SWEDISH: &[(&str, &str)] = &[
    ("Order", "order"),
    ("Orders", "order"),
    ("Checkout", "kassa"),
    ("Cart", "varukorgs"),
    ("Payment", "betalnings"),
    ("Payments", "betalnings"),
    ("Pricing", "prissättnings"),
    ("Price", "pris"),
    ("Inventory", "lager"),
    ("Catalog", "katalog"),
    ("Search", "sök"),
    ("Index", "index"),
    ("Shipping", "frakt"),
    ("Shipment", "försändelse"),
    ("Shipments", "försändelse"),
    ("Fulfillment", "orderhanterings"),
    ("Notification", "aviserings"),
    ("Customer", "kundkonto"),
    ("Customers", "kund"),
    ("Auth", "autentiserings"),
    ("Recommendation", "rekommendations"),
    ("Review", "recensions"),
    ("Reviews", "recensions"),
    ("Promotion", "kampanj"),
    ("Promotions", "kampanj"),
    ("Tax", "skatte"),
    ("Fraud", "bedrägerikontroll"),
    ("Returns", "retur"),
    ("Loyalty", "lojalitets"),
    ("Reporting", "rapporterings"),
    ("Invoice", "faktura"),
    ("Session", "sessions"),
    ("Events", "händelse"),
];

/// The corpus's words in Indonesian, as they follow the kind word.
const INDONESIAN: &[(&str, &str)] = &[
    ("Order", "Pesanan"),
    ("Orders", "Pesanan"),
    ("Checkout", "Checkout"),
    ("Cart", "Keranjang"),
    ("Payment", "Pembayaran"),
    ("Payments", "Pembayaran"),
    ("Pricing", "Penetapan Harga"),
    ("Price", "Harga"),
    ("Inventory", "Stok"),
    ("Catalog", "Katalog"),
    ("Search", "Pencarian"),
    ("Index", "Indeks"),
    ("Shipping", "Pengiriman"),
    ("Shipment", "Pengiriman"),
    ("Shipments", "Pengiriman"),
    ("Fulfillment", "Pemenuhan Pesanan"),
    ("Notification", "Notifikasi"),
    ("Customer", "Pelanggan"),
    ("Customers", "Pelanggan"),
    ("Auth", "Autentikasi"),
    ("Recommendation", "Rekomendasi"),
    ("Review", "Ulasan"),
    ("Reviews", "Ulasan"),
    ("Promotion", "Promosi"),
    ("Promotions", "Promosi"),
    ("Tax", "Pajak"),
    ("Fraud", "Deteksi Penipuan"),
    ("Returns", "Retur"),
    ("Loyalty", "Loyalitas"),
    ("Reporting", "Pelaporan"),
    ("Invoice", "Faktur"),
    ("Session", "Sesi"),
    ("Events", "Event"),
];

/// The corpus's words in Greek, in the genitive (`Υπηρεσία Παραγγελιών`: the service of
/// orders).
const GREEK: &[(&str, &str)] = &[
    ("Order", "Παραγγελιών"),
    ("Orders", "Παραγγελιών"),
    ("Checkout", "Ολοκλήρωσης Αγοράς"),
    ("Cart", "Καλαθιού"),
    ("Payment", "Πληρωμών"),
    ("Payments", "Πληρωμών"),
    ("Pricing", "Τιμολόγησης"),
    ("Price", "Τιμών"),
    ("Inventory", "Αποθέματος"),
    ("Catalog", "Καταλόγου"),
    ("Search", "Αναζήτησης"),
    ("Index", "Ευρετηρίου"),
    ("Shipping", "Αποστολών"),
    ("Shipment", "Αποστολών"),
    ("Shipments", "Αποστολών"),
    ("Fulfillment", "Εκτέλεσης Παραγγελιών"),
    ("Notification", "Ειδοποιήσεων"),
    ("Customer", "Πελατών"),
    ("Customers", "Πελατών"),
    ("Auth", "Αυθεντικοποίησης"),
    ("Recommendation", "Προτάσεων"),
    ("Review", "Κριτικών"),
    ("Reviews", "Κριτικών"),
    ("Promotion", "Προσφορών"),
    ("Promotions", "Προσφορών"),
    ("Tax", "Φόρων"),
    ("Fraud", "Εντοπισμού Απάτης"),
    ("Returns", "Επιστροφών"),
    ("Loyalty", "Επιβράβευσης"),
    ("Reporting", "Αναφορών"),
    ("Invoice", "Τιμολογίων"),
    ("Session", "Συνεδριών"),
    ("Events", "Συμβάντων"),
];

/// A service's REST route prefix, by the service's words (the resource it serves, in the
/// plural where the word has one).
const ROUTE: &[(&str, &str)] = &[
    ("Order", "/api/orders"),
    ("Checkout", "/api/checkout"),
    ("Cart", "/api/carts"),
    ("Payment", "/api/payments"),
    ("Pricing", "/api/prices"),
    ("Inventory", "/api/inventory"),
    ("Catalog", "/api/products"),
    ("Search", "/api/search"),
    ("Shipping", "/api/shipments"),
    ("Fulfillment", "/api/fulfillments"),
    ("Notification", "/api/notifications"),
    ("Customer", "/api/customers"),
    ("Auth", "/api/auth"),
    ("Recommendation", "/api/recommendations"),
    ("Review", "/api/reviews"),
    ("Promotion", "/api/promotions"),
    ("Tax", "/api/tax"),
    ("Fraud", "/api/fraud-checks"),
    ("Returns", "/api/returns"),
    ("Loyalty", "/api/loyalty"),
    ("Reporting", "/api/reports"),
    ("Invoice", "/api/invoices"),
];

/// `word` as a PascalCase part of a class name (`DB` → `Db`, `API` → `Api`).
fn pascal(word: &str) -> String {
    capitalised(&word.to_lowercase())
}

/// `text` in full-width forms (U+FF01–U+FF5E), as a CJK input method types Latin
/// letters and digits; spaces stay.
fn full_width(text: &str) -> String {
    text.chars()
        .map(|ch| match ch {
            '!'..='~' => char::from_u32(ch as u32 - 0x21 + 0xFF01).unwrap_or(ch),
            _ => ch,
        })
        .collect()
}

/// A vendor's name in the Swedish genitive (`Stripes`); a name ending in s, x or z takes
/// no `s`.
fn swedish_genitive(name: &str) -> String {
    if name.ends_with(['s', 'x', 'z']) {
        name.to_string()
    } else {
        format!("{name}s")
    }
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no consumer group for a database, no route for a store).
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
    let runs = matches!(kind, Kind::Service | Kind::Gateway | Kind::Frontend);
    let one = |table: &[(&str, &'static str)]| -> Option<&'static str> {
        match words {
            [w] => looked_up(w, table),
            _ => None,
        }
    };
    Some(match style {
        Name::Swedish => {
            let kind_part = match kind {
                Kind::Service => "tjänsten",
                Kind::Database => "databasen",
                Kind::Cache => "cachen",
                Kind::Queue => "kön",
                Kind::Topic => "-topicen",
                Kind::External => {
                    return Some(format!("{} API", swedish_genitive(&words.concat())));
                }
                Kind::Gateway => return Some("API-gatewayen".into()),
                Kind::Frontend => return Some("Webbutiken".into()),
                Kind::Index => return Some("Sökindexet".into()),
            };
            let parts = translated(words, SWEDISH)?;
            capitalised(&format!("{}{kind_part}", parts.concat()))
        }
        Name::Indonesian => {
            let head = match kind {
                Kind::Service => "Layanan",
                Kind::Database => "Basis Data",
                Kind::Cache => "Cache",
                Kind::Topic => "Topik",
                Kind::Queue => "Antrean",
                Kind::External => return Some(format!("API {}", words.concat())),
                Kind::Gateway => return Some("Gateway API".into()),
                Kind::Frontend => return Some("Toko Web".into()),
                Kind::Index => return Some("Indeks Pencarian".into()),
            };
            // The head noun first: `Event Pesanan` (the events of orders).
            let mut id = translated(words, INDONESIAN)?;
            id.reverse();
            format!("{head} {}", id.join(" "))
        }
        Name::Greek => {
            let head = match kind {
                Kind::Service => "Υπηρεσία",
                Kind::Database => "Βάση Δεδομένων",
                Kind::Cache => "Cache",
                Kind::Topic => "Topic",
                Kind::Queue => "Ουρά",
                Kind::External => return Some(format!("API του {}", words.concat())),
                Kind::Gateway => return Some("Πύλη API".into()),
                Kind::Frontend => return Some("Ηλεκτρονικό Κατάστημα".into()),
                Kind::Index => return Some("Ευρετήριο Αναζήτησης".into()),
            };
            let mut el = translated(words, GREEK)?;
            el.reverse();
            format!("{head} {}", el.join(" "))
        }
        Name::EcsTaskDefinition => {
            if !runs {
                return None;
            }
            format!("{kebab}:{}", 1 + hash(&kebab, "revision") % 40)
        }
        Name::SpringLoadBalanced => match kind {
            Kind::Service => format!("lb://{}", kebab.to_uppercase()),
            _ => return None,
        },
        Name::CypherNode => {
            let label = match kind {
                Kind::Service => "Service",
                Kind::Database => "Database",
                Kind::Cache => "Cache",
                Kind::Topic => "Topic",
                Kind::Queue => "Queue",
                Kind::External => "ExternalSystem",
                Kind::Gateway => "Gateway",
                Kind::Frontend => "Frontend",
                Kind::Index => "SearchIndex",
            };
            format!("(:{label} {{name: '{spaced}'}})")
        }
        Name::Curie => {
            let prefix: String = system
                .chars()
                .filter(char::is_ascii_uppercase)
                .collect::<String>()
                .to_lowercase();
            format!("{prefix}:{camel}")
        }
        Name::FullWidth => full_width(&spaced),
        Name::ZeroWidthSpace => {
            if all.len() < 2 {
                return None;
            }
            all.join("\u{200B}")
        }
        Name::ConsumerGroup => match kind {
            Kind::Service => format!("{kebab}-cg"),
            _ => return None,
        },
        Name::RestRoute => match kind {
            Kind::Service => one(ROUTE)?.to_string(),
            _ => return None,
        },
        Name::DefinitionFile => match kind {
            Kind::External => return None,
            _ if runs => format!("{kebab}.yaml"),
            _ => format!("{kebab}.tf"),
        },
        Name::RubyConstant => format!("{system}::{camel}"),
        Name::CdkStack => match kind {
            Kind::External => return None,
            _ => format!("{}Stack", all.iter().map(|w| pascal(w)).collect::<String>()),
        },
        Name::UmlLifeline => format!(":{camel}"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "tjänst",
            "layanan",
            "υπηρεσία",
            "Spring Boot service",
            "ECS task family",
        ],
        Kind::Database => &[
            "database",
            "databas",
            "basis data",
            "βάση δεδομένων",
            "relational store",
        ],
        Kind::Cache => &[
            "cache",
            "cacheminne",
            "tembolok",
            "κρυφή μνήμη",
            "in-memory store",
        ],
        Kind::Topic => &[
            "queue",
            "Kafka-topic",
            "topik Kafka",
            "θέμα Kafka",
            "append-only log",
        ],
        Kind::Queue => &[
            "queue",
            "meddelandekö",
            "antrean pesan",
            "ουρά μηνυμάτων",
            "FIFO work queue",
        ],
        Kind::External => &[
            "external_system",
            "extern tjänst",
            "sistem eksternal",
            "εξωτερικό σύστημα",
            "SaaS provider",
        ],
        Kind::Gateway => &[
            "service",
            "API-gateway",
            "gerbang API",
            "πύλη API",
            "Spring Cloud Gateway route",
        ],
        Kind::Frontend => &[
            "frontend",
            "webbutik",
            "toko web",
            "διαδικτυακό κατάστημα",
            "Next.js app",
        ],
        Kind::Index => &[
            "database",
            "sökindex",
            "indeks pencarian",
            "ευρετήριο αναζήτησης",
            "Meilisearch index",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B fields requests from A`: A calls B), and the answer
/// then has `from` and `to` the other way round. `A is listening on B` (A subscribes to
/// B) and Swedish `A är beroende av B` (A is dependent on B: A depends on B) only sound
/// passive; `B fields requests from A`, Indonesian `B dibaca oleh A` (B is read by A),
/// `B accepts inserts from A`, `B receives the events of A`, `B streams records to A` and
/// `B must be healthy for A` are written from the object. Each relationship has one Swedish,
/// one Indonesian and one Greek phrase, as a model answering in that language writes it.
/// The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("anropar", "anropar", false),
            ("memanggil", "memanggil", false),
            ("καλεί", "καλεί", false),
            ("issues requests against", "issues requests against", false),
            ("fields requests from", "fields requests from", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("läser från", "läser från", false),
            ("dibaca oleh", "dibaca oleh", true),
            ("διαβάζει από", "διαβάζει από", false),
            ("runs SELECTs against", "runs SELECTs against", false),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("skriver till", "skriver till", false),
            ("menulis ke", "menulis ke", false),
            ("γράφει στη", "γράφει στη", false),
            ("accepts inserts from", "accepts inserts from", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("publicerar till", "publicerar till", false),
            ("mem-publish ke", "mem-publish ke", false),
            ("δημοσιεύει στο", "δημοσιεύει στο", false),
            ("receives the events of", "receives the events of", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("prenumererar på", "prenumererar på", false),
            ("berlangganan ke", "berlangganan ke", false),
            ("εγγράφεται στο", "εγγράφεται στο", false),
            ("is listening on", "is listening on", false),
            ("streams records to", "streams records to", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("är beroende av", "är beroende av", false),
            ("bergantung pada", "bergantung pada", false),
            ("εξαρτάται από", "εξαρτάται από", false),
            ("must be healthy for", "must be healthy for", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("ingår i", "ingår i", false),
            ("bagian dari", "bagian dari", false),
            ("αποτελεί μέρος του", "αποτελεί μέρος του", false),
            ("sits inside", "sits inside", false),
        ],
    }
}
