//! The twenty-second set (issue 36, twenty-second round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! twenty-one sets had all been written (and twenty of them looked at by the people
//! improving the rules). Nobody develops archie against this file: it is a yardstick for
//! the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Norwegian or Latvian, LightRAG's extraction answers, Prometheus
//! Alertmanager, GitHub Actions, code read by a model, MediaWiki and Redmine wikis, RDF
//! data, coloured terminal logs, Structurizr workspaces, people's own typing and PDF
//! figure captions write:
//! - A model answering in Norwegian (Bokmål): one compound of the name's words and the
//!   native kind word, the linking `s` where Norwegian puts one (`Ordretjeneste`, the
//!   order service; `Betalingsdatabase`, `Varslingskø`, `Sesjonscache`,
//!   `Ordrehendelses-topic`), a hyphen after an abbreviation or a foreign word
//!   (`Mva-tjeneste` for the tax service, `Fulfillment-tjeneste`), one name in three in
//!   the definite form running text uses (`Ordretjenesten`, `Betalingsdatabasen`,
//!   `Varslingskøen`), a vendor's API with the prepositional genitive Norwegian prefers
//!   (`API-et til Stripe`), `API-gateway`, `Nettbutikk`, `Søkeindeks`.
//! - A model answering in Latvian: the name's words as genitive modifiers in front, in
//!   the order English has them, and the kind word last, in sentence case
//!   (`Pasūtījumu serviss`, the orders' service; `Maksājumu datubāze`, `Paziņojumu
//!   rinda`, `Sesiju kešatmiņa`, `Pasūtījumu notikumu tēma`, `Cenu noteikšanas
//!   serviss`), a vendor's API as an interface (`Stripe API saskarne`), `API vārteja`,
//!   `Interneta veikals`, `Meklēšanas indekss`.
//! - A LightRAG answer whose tuple delimiter the model wrote wrong (`<||>`, `< | >`, as
//!   HKUDS/LightRAG#2035 repairs), so the parser kept the type in the name (`Order
//!   Service<||>service`, `Orders DB< | >database`).
//! - A Prometheus Alertmanager alert's name, the component and the condition glued in
//!   CamelCase, as runbooks' headings and incident notes name what fired
//!   (`OrderServiceDown`, `OrdersDBReplicationLag`, `ShipmentQueueBacklog`,
//!   `SearchIndexClusterRed`).
//! - A GitHub Actions matrix job as the checks list shows it, the job and the matrix
//!   value in parentheses (`deploy (order-service)`, `migrate (orders-db)`,
//!   `provision (shipment-queue)`).
//! - A field of the code that holds a client, read with its receiver (`this.orderService`,
//!   `self.orders_db`, and C#'s `_stripeApi`).
//! - A call on the component from a sequence diagram or a code walk-through, the method
//!   and its parentheses left on (`OrderService.handle()`, `OrdersDB.query()`,
//!   `ShipmentQueue.enqueue()`).
//! - MediaWiki's bold or italic markup from an internal wiki, the apostrophes left on
//!   (`'''Order Service'''`, `''Orders DB''`).
//! - Redmine's Textile code markup from an issue or a wiki page (`@orders-db@`).
//! - An RDF literal from a knowledge graph's Turtle or a SPARQL result, its language tag
//!   or its datatype on (`"Order Service"@en`, `"Orders DB"^^xsd:string`).
//! - A name copied out of a coloured terminal log with its ANSI colour codes, the escape
//!   character kept or, as web log viewers copy it, dropped
//!   (`\u{1b}[32morder-service\u{1b}[0m`, `[36morders-db[0m`).
//! - A Structurizr DSL element declaration copied whole, the identifier, the element
//!   keyword and the name in quotes (`orderService = container "Order Service"`,
//!   `stripeApi = softwareSystem "Stripe API"`).
//! - A name typed with caps lock on, every letter's case inverted (`oRDER sERVICE`,
//!   `oRDERS db`).
//! - A figure's caption from a PDF, the figure's number in front (`Figure 4: Order
//!   Service`, `Fig. 9: Orders DB`).
//!
//! Type words come from the same sources (Norwegian, Latvian, LightRAG's merged types
//! joined by `<SEP>`, schema.org) and relationship phrases from design prose and a model
//! answering in Norwegian or Latvian, some written from the object's end (`services the
//! requests of`, `is the read source of`, `gets its rows from`, `is the publish target
//! of`, `is listened to by`, `is counted on by`, Norwegian `kalles av`, is called by,
//! `leses av`, is read by, `skrives til av`, is written to by, and Latvian `saņem
//! izsaukumus no`, receives calls from, `saņem notikumus no`, receives events from) and
//! five that only look passive (Norwegian `er abonnert på`, is subscribed to, and `er
//! avhengig av`, is dependent on, Latvian `ir atkarīgs no`, is dependent on, and `is
//! built around`: the subject acts; `is rolled into`: the subject is the part).
//!
//! The near-named pairs of this set are `TWENTY_SECOND_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, looked_up, translated};

/// One way of writing a name, in the twenty-second set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Ordretjeneste`, `Betalingsdatabasen`: a Norwegian answer, one compound.
    Norwegian,
    /// `Pasūtījumu serviss`: a Latvian answer, the genitives first.
    Latvian,
    /// `Order Service<||>service`: a LightRAG tuple with a broken delimiter.
    LightRagDelimiter,
    /// `OrderServiceDown`: an Alertmanager alert's name.
    Alert,
    /// `deploy (order-service)`: a GitHub Actions matrix job.
    MatrixJob,
    /// `this.orderService`: a field read with its receiver.
    Receiver,
    /// `OrderService.handle()`: a method call.
    MethodCall,
    /// `'''Order Service'''`: MediaWiki bold or italic.
    WikiBold,
    /// `@orders-db@`: Textile's code markup.
    Textile,
    /// `"Order Service"@en`: an RDF literal.
    RdfLiteral,
    /// `\u{1b}[32morder-service\u{1b}[0m`: ANSI colour codes.
    Ansi,
    /// `orderService = container "Order Service"`: a Structurizr DSL element.
    Structurizr,
    /// `oRDER sERVICE`: typed with caps lock on.
    CapsLock,
    /// `Figure 4: Order Service`: a figure's caption.
    Figure,
}

/// The twenty-second styles (the canonical `Camel` form stays, as a document's own name).
pub const TWENTY_SECOND: &[Style] = &[
    Style::Camel,
    Style::TwentySecond(Name::Norwegian),
    Style::TwentySecond(Name::Latvian),
    Style::TwentySecond(Name::LightRagDelimiter),
    Style::TwentySecond(Name::Alert),
    Style::TwentySecond(Name::MatrixJob),
    Style::TwentySecond(Name::Receiver),
    Style::TwentySecond(Name::MethodCall),
    Style::TwentySecond(Name::WikiBold),
    Style::TwentySecond(Name::Textile),
    Style::TwentySecond(Name::RdfLiteral),
    Style::TwentySecond(Name::Ansi),
    Style::TwentySecond(Name::Structurizr),
    Style::TwentySecond(Name::CapsLock),
    Style::TwentySecond(Name::Figure),
];

/// The corpus's words as the first part of a Norwegian compound: the stem, with the
/// linking `s` Norwegian puts after `-ing`, `-else`, `-het` and `Sesjon`; a part ending
/// in a hyphen (an abbreviation, a foreign word) is joined with it.
const NORWEGIAN: &[(&str, &str)] = &[
    ("Order", "Ordre"),
    ("Orders", "Ordre"),
    ("Checkout", "Kasse"),
    ("Cart", "Handlekurv"),
    ("Payment", "Betalings"),
    ("Payments", "Betalings"),
    ("Pricing", "Pris"),
    ("Price", "Pris"),
    ("Inventory", "Lager"),
    ("Catalog", "Katalog"),
    ("Search", "Søke"),
    ("Index", "Indeks"),
    ("Shipping", "Frakt"),
    ("Shipment", "Forsendelses"),
    ("Shipments", "Forsendelses"),
    ("Fulfillment", "Fulfillment-"),
    ("Notification", "Varslings"),
    ("Customer", "Kunde"),
    ("Customers", "Kunde"),
    ("Auth", "Innloggings"),
    ("Recommendation", "Anbefalings"),
    ("Review", "Anmeldelses"),
    ("Reviews", "Anmeldelses"),
    ("Promotion", "Kampanje"),
    ("Promotions", "Kampanje"),
    ("Tax", "Mva-"),
    ("Fraud", "Svindel"),
    ("Returns", "Retur"),
    ("Loyalty", "Lojalitets"),
    ("Reporting", "Rapporterings"),
    ("Invoice", "Faktura"),
    ("Session", "Sesjons"),
    ("Events", "Hendelses"),
];

/// The kind words as the last part of a Norwegian compound, indefinite and definite.
const NORWEGIAN_HEADS: &[(&str, (&str, &str))] = &[
    ("Service", ("tjeneste", "tjenesten")),
    ("DB", ("database", "databasen")),
    ("Cache", ("cache", "cachen")),
    ("Queue", ("kø", "køen")),
    ("Topic", ("-topic", "-topicen")),
];

/// The corpus's words in Latvian, in the genitive a modifier takes.
const LATVIAN: &[(&str, &str)] = &[
    ("Order", "pasūtījumu"),
    ("Orders", "pasūtījumu"),
    ("Checkout", "norēķinu"),
    ("Cart", "groza"),
    ("Payment", "maksājumu"),
    ("Payments", "maksājumu"),
    ("Pricing", "cenu noteikšanas"),
    ("Price", "cenu"),
    ("Inventory", "krājumu"),
    ("Catalog", "kataloga"),
    ("Search", "meklēšanas"),
    ("Index", "indeksa"),
    ("Shipping", "piegādes"),
    ("Shipment", "sūtījumu"),
    ("Shipments", "sūtījumu"),
    ("Fulfillment", "izpildes"),
    ("Notification", "paziņojumu"),
    ("Customer", "klientu"),
    ("Customers", "klientu"),
    ("Auth", "autentifikācijas"),
    ("Recommendation", "ieteikumu"),
    ("Review", "atsauksmju"),
    ("Reviews", "atsauksmju"),
    ("Promotion", "akciju"),
    ("Promotions", "akciju"),
    ("Tax", "nodokļu"),
    ("Fraud", "krāpšanas"),
    ("Returns", "atgriešanas"),
    ("Loyalty", "lojalitātes"),
    ("Reporting", "atskaišu"),
    ("Invoice", "rēķinu"),
    ("Session", "sesiju"),
    ("Events", "notikumu"),
];

/// The Latvian kind words, which come last.
const LATVIAN_HEADS: &[(&str, &str)] = &[
    ("Service", "serviss"),
    ("DB", "datubāze"),
    ("Cache", "kešatmiņa"),
    ("Queue", "rinda"),
    ("Topic", "tēma"),
];

/// The condition an Alertmanager rule names after a component of `kind`.
fn alert(kind: Kind) -> &'static str {
    match kind {
        Kind::Service | Kind::Frontend => "Down",
        Kind::Database => "ReplicationLag",
        Kind::Cache => "HighEvictions",
        Kind::Topic => "UnderReplicated",
        Kind::Queue => "Backlog",
        Kind::External => "Errors",
        Kind::Gateway => "High5xxRate",
        Kind::Index => "ClusterRed",
    }
}

/// The method a sequence diagram calls on a component of `kind`.
fn method(kind: Kind) -> &'static str {
    match kind {
        Kind::Service => "handle",
        Kind::Database => "query",
        Kind::Cache => "get",
        Kind::Topic => "publish",
        Kind::Queue => "enqueue",
        Kind::External => "request",
        Kind::Gateway => "route",
        Kind::Frontend => "render",
        Kind::Index => "search",
    }
}

/// The extraction prompt's type word for `kind`, as a LightRAG tuple carries it.
fn prompt_type(kind: Kind) -> &'static str {
    type_words(kind)[0]
}

/// `words` in lower camel case, an acronym's letters after the first in lower case as
/// code writes them (`ordersDb`, `apiGateway`, `stripeApi`).
fn lower_camel(words: &[String]) -> String {
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let lower = w.to_lowercase();
            if i == 0 {
                lower
            } else {
                crate::styles::capitalised(&lower)
            }
        })
        .collect()
}

/// `text` with every letter's case inverted, as caps lock types it.
fn inverted(text: &str) -> String {
    text.chars()
        .flat_map(|ch| {
            if ch.is_uppercase() {
                ch.to_lowercase().collect::<Vec<_>>()
            } else {
                ch.to_uppercase().collect()
            }
        })
        .collect()
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no matrix job provisions a vendor's API).
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
    let h = hash(&spaced, "twentysecond");
    Some(match style {
        Name::Norwegian => {
            let definite = h.is_multiple_of(3);
            match kind {
                Kind::External => format!("API-et til {}", words.concat()),
                Kind::Gateway if definite => "API-gatewayen".into(),
                Kind::Gateway => "API-gateway".into(),
                Kind::Frontend if definite => "Nettbutikken".into(),
                Kind::Frontend => "Nettbutikk".into(),
                Kind::Index if definite => "Søkeindeksen".into(),
                Kind::Index => "Søkeindeks".into(),
                _ => {
                    let own = translated(words, NORWEGIAN)?;
                    let mut compound = own[0].to_string();
                    for w in &own[1..] {
                        compound.push_str(&w.to_lowercase());
                    }
                    let (plain, the) = NORWEGIAN_HEADS
                        .iter()
                        .find(|(en, _)| *en == kind_word)
                        .map(|(_, heads)| *heads)?;
                    compound.push_str(if definite { the } else { plain });
                    compound
                }
            }
        }
        Name::Latvian => match kind {
            Kind::External => format!("{} API saskarne", words.concat()),
            Kind::Gateway => "API vārteja".into(),
            Kind::Frontend => "Interneta veikals".into(),
            Kind::Index => "Meklēšanas indekss".into(),
            _ => {
                let own = translated(words, LATVIAN)?;
                let head = looked_up(kind_word, LATVIAN_HEADS)?;
                crate::styles::capitalised(&format!("{} {head}", own.join(" ")))
            }
        },
        Name::LightRagDelimiter => {
            let delimiter = if h.is_multiple_of(2) { "<||>" } else { "< | >" };
            format!("{spaced}{delimiter}{}", prompt_type(kind))
        }
        Name::Alert => format!("{}{}", all.concat(), alert(kind)),
        Name::MatrixJob => {
            let job = match kind {
                Kind::Service | Kind::Gateway | Kind::Frontend => "deploy",
                Kind::Database => "migrate",
                Kind::Cache | Kind::Topic | Kind::Queue | Kind::Index => "provision",
                Kind::External => return None,
            };
            format!("{job} ({kebab})")
        }
        Name::Receiver => match h % 3 {
            0 => format!("this.{}", lower_camel(&all)),
            1 => format!("self.{}", lower.join("_")),
            _ => format!("_{}", lower_camel(&all)),
        },
        Name::MethodCall => format!("{}.{}()", all.concat(), method(kind)),
        Name::WikiBold => {
            if h.is_multiple_of(2) {
                format!("'''{spaced}'''")
            } else {
                format!("''{spaced}''")
            }
        }
        Name::Textile => format!("@{kebab}@"),
        Name::RdfLiteral => {
            if h.is_multiple_of(3) {
                format!("\"{spaced}\"^^xsd:string")
            } else {
                format!("\"{spaced}\"@en")
            }
        }
        Name::Ansi => {
            let colour = ["32", "33", "36", "1;34"][(h % 4) as usize];
            if h.is_multiple_of(2) {
                format!("\u{1b}[{colour}m{kebab}\u{1b}[0m")
            } else {
                format!("[{colour}m{kebab}[0m")
            }
        }
        Name::Structurizr => {
            let element = if kind == Kind::External {
                "softwareSystem"
            } else {
                "container"
            };
            format!("{} = {element} \"{spaced}\"", lower_camel(&all))
        }
        Name::CapsLock => inverted(&spaced),
        Name::Figure => {
            let number = 2 + h % 18;
            if h % 5 < 2 {
                format!("Fig. {number}: {spaced}")
            } else {
                format!("Figure {number}: {spaced}")
            }
        }
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "backend-tjeneste",
            "mikroserviss",
            "service<SEP>component",
            "SoftwareApplication",
        ],
        Kind::Database => &[
            "database",
            "relasjonsdatabase",
            "relāciju datubāze",
            "database<SEP>storage",
        ],
        Kind::Cache => &["cache", "hurtigbuffer", "kešatmiņa", "cache<SEP>storage"],
        Kind::Topic => &[
            "queue",
            "hendelsesstrøm",
            "notikumu plūsma",
            "queue<SEP>topic",
        ],
        Kind::Queue => &[
            "queue",
            "meldingskø",
            "ziņojumu rinda",
            "queue<SEP>message queue",
        ],
        Kind::External => &[
            "external_system",
            "tredjepartstjeneste",
            "ārējs pakalpojums",
            "WebAPI",
        ],
        Kind::Gateway => &[
            "service",
            "inngangsproxy",
            "API vārteja",
            "service<SEP>gateway",
        ],
        Kind::Frontend => &[
            "frontend",
            "nettbutikk",
            "tīmekļa lietotne",
            "WebApplication",
        ],
        Kind::Index => &[
            "database",
            "søkeindeks",
            "meklēšanas indekss",
            "database<SEP>search index",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B services the requests of A`: A calls B), and the
/// answer then has `from` and `to` the other way round. Norwegian `A er abonnert på B` (is
/// subscribed to) and `A er avhengig av B` (is dependent on), Latvian `A ir atkarīgs no B`
/// (is dependent on) and `A is built around B` only look passive (A acts), and so does `A
/// is rolled into B` (A is the part); `B services the requests of A`, `B is the read
/// source of A`, `B gets its rows from A`, `B is the publish target of A`, `B is listened
/// to by A` and `B is counted on by A` are written from the object, and so are Norwegian
/// `B kalles av A` (is called by), `B leses av A` (is read by) and `B skrives til av A` (is
/// written to by) and Latvian `B saņem izsaukumus no A` (receives calls from) and `B saņem
/// notikumus no A` (receives events from). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("kaller", "kaller", false),
            ("izsauc", "izsauc", false),
            ("kalles av", "kalles av", true),
            ("saņem izsaukumus no", "saņem izsaukumus no", true),
            ("services the requests of", "services the requests of", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("leser fra", "leser fra", false),
            ("lasa no", "lasa no", false),
            ("leses av", "leses av", true),
            ("is the read source of", "is the read source of", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("lagrer data i", "lagrer data i", false),
            ("raksta uz", "raksta uz", false),
            ("skrives til av", "skrives til av", true),
            ("gets its rows from", "gets its rows from", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("publiserer til", "publiserer til", false),
            ("publicē uz", "publicē uz", false),
            ("saņem notikumus no", "saņem notikumus no", true),
            ("is the publish target of", "is the publish target of", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("abonnerer på", "abonnerer på", false),
            ("abonē", "abonē", false),
            ("er abonnert på", "er abonnert på", false),
            ("is listened to by", "is listened to by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("avhenger av", "avhenger av", false),
            ("ir atkarīgs no", "ir atkarīgs no", false),
            ("er avhengig av", "er avhengig av", false),
            ("is built around", "is built around", false),
            ("is counted on by", "is counted on by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("er en del av", "er en del av", false),
            ("ir daļa no", "ir daļa no", false),
            ("is rolled into", "is rolled into", false),
        ],
    }
}
