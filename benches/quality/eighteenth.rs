//! The eighteenth set (issue 36, eighteenth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! seventeen sets had all been written (and sixteen of them looked at by the people
//! improving the rules). Nobody develops archie against this file: it is a yardstick for
//! the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Catalan or Serbian, Chef run lists, Dapr's HTTP API, NATS subjects, UML
//! tools, Graphviz, scraped HTML, other languages' quotation marks, footnoted tables,
//! social posts, lettered lists, Markdown task lists and models' own slips write:
//! - A model answering in Catalan: the kind word first and the words after `de`, the
//!   head noun first, the preposition elided before a vowel (`Servei de comandes`, the
//!   service of orders; `Base de dades de pagaments`, `Cua de notificacions`, `Servei
//!   d'inventari`, `Tema d'esdeveniments de comandes`), the article elided in front of a
//!   vendor's API (`L'API de Stripe`, `L'API d'Okta`), the apostrophe sometimes the
//!   typographic one a word processor puts (`d’enviaments`), the middle dot of `l·l`
//!   (`Passarel·la d'API`), `Botiga en línia`.
//! - A model answering in Serbian, in the Latin script Serbian IT writing mostly uses:
//!   the kind word first and what it is for after `za`, in the accusative (`Servis za
//!   porudžbine`, the service for orders; `Baza podataka za plaćanja`, `Red za
//!   notifikacije`, `Keš za sesije`, `Topik za događaje porudžbina`), a vendor's API with
//!   the possessive adjective (`Stripe-ov API`, `Oktin API`), `API gejtvej`, `Veb
//!   prodavnica`.
//! - A Chef run-list item, as node attributes, `knife node show` and runbooks name what a
//!   node runs (`recipe[order_service::default]`, `role[orders_db]`).
//! - A Dapr HTTP API path from a sidecar's logs or a sequence diagram, the app id or the
//!   component's name in it (`/v1.0/invoke/order-service/method/order`,
//!   `/v1.0/state/orders-db`, `/v1.0/publish/pubsub/order-events`,
//!   `/v1.0/bindings/shipment-queue`).
//! - A NATS subject with its wildcard, as a subscriber's code and the docs write a topic
//!   (`novamart.order.events.>`).
//! - A UML stereotype in guillemets in front of the name, as Enterprise Architect and
//!   MagicDraw exports put it (`«component» Order Service`, `«datastore» Orders DB`).
//! - A Graphviz DOT node statement copied with its id and attributes (`orders_db
//!   [label="Orders DB", shape=cylinder]`).
//! - HTML tags left by a page scraped for retrieval (`<code>orders-db</code>`,
//!   `<strong>Order Service</strong>`).
//! - The quotation marks of other typographies: French, Catalan and Russian guillemets,
//!   German and Czech low-high quotes, Japanese corner brackets (`«Order Service»`,
//!   `„Orders DB“`, `「Shipment Queue」`).
//! - A footnote mark glued on from a table in a PDF or a slide (`Order Service¹`, `Stripe
//!   API†`).
//! - Mathematical sans-serif bold letters, as posts on LinkedIn and slides copied from
//!   them write a name in bold (`𝗢𝗿𝗱𝗲𝗿 𝗦𝗲𝗿𝘃𝗶𝗰𝗲`).
//! - A lettered or Roman-numbered list item's marker left in front (`a) Order Service`,
//!   `(iv) Orders DB`, `ii. Shipment Queue`).
//! - A Markdown task list's checkbox left in front, from a migration checklist in an
//!   issue (`[x] Order Service`, `[ ] Orders DB`).
//! - A model's description run into the name after a colon, the name and description
//!   fields of its answer joined (`Order Service: handles order`, `Orders DB: stores
//!   orders data`).
//!
//! Type words come from the same sources (Catalan, Serbian, Dapr, NATS, UML, Chef) and
//! relationship phrases from design prose and a model answering in Catalan or Serbian,
//! some written from the object's end (`is the server for`, `returns query results to`,
//! `takes the writes of`, `relays the events of`, `supplies events to`, `is indispensable
//! to`) and three that only look passive (Catalan `està subscrit a`, is subscribed to,
//! `is reliant on`: the subject acts; `is embedded in`: the subject is the part).
//!
//! The near-named pairs of this set are `EIGHTEENTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, looked_up};

/// One way of writing a name, in the eighteenth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Servei de comandes`, `Base de dades d'inventari`: a Catalan answer.
    Catalan,
    /// `Servis za porudžbine`, `Baza podataka za plaćanja`: a Serbian answer.
    Serbian,
    /// `recipe[order_service::default]`, `role[orders_db]`: a Chef run-list item.
    ChefRunList,
    /// `/v1.0/invoke/order-service/method/order`, `/v1.0/state/orders-db`: a Dapr path.
    DaprPath,
    /// `novamart.order.events.>`: a NATS subject with its wildcard.
    NatsSubject,
    /// `«component» Order Service`: a UML stereotype in front.
    UmlStereotype,
    /// `orders_db [label="Orders DB", shape=cylinder]`: a Graphviz node statement.
    DotNode,
    /// `<code>orders-db</code>`, `<strong>Order Service</strong>`: HTML tags left in.
    HtmlTag,
    /// `«Order Service»`, `„Orders DB“`, `「Shipment Queue」`: other quotation marks.
    ForeignQuotes,
    /// `Order Service¹`, `Stripe API†`: a footnote mark.
    FootnoteMark,
    /// `𝗢𝗿𝗱𝗲𝗿 𝗦𝗲𝗿𝘃𝗶𝗰𝗲`: mathematical sans-serif bold letters.
    MathBold,
    /// `a) Order Service`, `(iv) Orders DB`: a list item's marker.
    ListMarker,
    /// `[x] Order Service`: a task list's checkbox.
    TaskBox,
    /// `Order Service: handles order`: the description run into the name.
    Described,
}

/// The eighteenth styles (the canonical `Camel` form stays, as a document's own name).
pub const EIGHTEENTH: &[Style] = &[
    Style::Camel,
    Style::Eighteenth(Name::Catalan),
    Style::Eighteenth(Name::Serbian),
    Style::Eighteenth(Name::ChefRunList),
    Style::Eighteenth(Name::DaprPath),
    Style::Eighteenth(Name::NatsSubject),
    Style::Eighteenth(Name::UmlStereotype),
    Style::Eighteenth(Name::DotNode),
    Style::Eighteenth(Name::HtmlTag),
    Style::Eighteenth(Name::ForeignQuotes),
    Style::Eighteenth(Name::FootnoteMark),
    Style::Eighteenth(Name::MathBold),
    Style::Eighteenth(Name::ListMarker),
    Style::Eighteenth(Name::TaskBox),
    Style::Eighteenth(Name::Described),
];

/// The corpus's words in Catalan, as the head of what follows the kind word (plural
/// where Catalan names the domain by its things: `comandes`, orders).
const CATALAN: &[(&str, &str)] = &[
    ("Order", "comandes"),
    ("Orders", "comandes"),
    ("Checkout", "finalització de compra"),
    ("Cart", "cistelles"),
    ("Payment", "pagaments"),
    ("Payments", "pagaments"),
    ("Pricing", "preus"),
    ("Price", "preus"),
    ("Inventory", "inventari"),
    ("Catalog", "catàleg"),
    ("Search", "cerca"),
    ("Index", "índex"),
    ("Shipping", "enviaments"),
    ("Shipment", "enviaments"),
    ("Shipments", "enviaments"),
    ("Fulfillment", "preparació de comandes"),
    ("Notification", "notificacions"),
    ("Customer", "clients"),
    ("Customers", "clients"),
    ("Auth", "autenticació"),
    ("Recommendation", "recomanacions"),
    ("Review", "ressenyes"),
    ("Reviews", "ressenyes"),
    ("Promotion", "promocions"),
    ("Promotions", "promocions"),
    ("Tax", "impostos"),
    ("Fraud", "frau"),
    ("Returns", "devolucions"),
    ("Loyalty", "fidelització"),
    ("Reporting", "informes"),
    ("Invoice", "factures"),
    ("Session", "sessions"),
    ("Events", "esdeveniments"),
];

/// What a component is for in Serbian (Latin script), in the accusative `za` asks for,
/// by the name's words.
const SERBIAN: &[(&str, &str)] = &[
    ("Order", "porudžbine"),
    ("Orders", "porudžbine"),
    ("Checkout", "naplatu"),
    ("Cart", "korpu"),
    ("Payment", "plaćanja"),
    ("Payments", "plaćanja"),
    ("Pricing", "formiranje cena"),
    ("Price", "cene"),
    ("Inventory", "zalihe"),
    ("Catalog", "katalog"),
    ("Search", "pretragu"),
    ("Shipping", "isporuku"),
    ("Shipment", "pošiljke"),
    ("Shipments", "pošiljke"),
    ("Fulfillment", "obradu porudžbina"),
    ("Notification", "notifikacije"),
    ("Customer", "kupce"),
    ("Customers", "kupce"),
    ("Auth", "autentifikaciju"),
    ("Recommendation", "preporuke"),
    ("Review", "recenzije"),
    ("Reviews", "recenzije"),
    ("Promotion", "promocije"),
    ("Promotions", "promocije"),
    ("Tax", "poreze"),
    ("Fraud", "otkrivanje prevara"),
    ("Returns", "povraćaj robe"),
    ("Loyalty", "program lojalnosti"),
    ("Reporting", "izveštavanje"),
    ("Invoice", "fakture"),
    ("Session", "sesije"),
    ("Order Events", "događaje porudžbina"),
    ("Payment Events", "događaje plaćanja"),
    ("Inventory Events", "događaje zaliha"),
    ("Search Index", "indeks pretrage"),
];

/// `de` before `words`, elided before a vowel or a mute `h` as Catalan writes it, with
/// `apostrophe` (the typewriter one or the typographic one).
fn catalan_de(words: &str, apostrophe: char) -> String {
    let vowel = |ch: char| "aeiouàèéíïòóúüAEIOUÀÈÉÍÒÓÚ".contains(ch);
    let mut chars = words.chars();
    let elided = match chars.next() {
        Some(first) if vowel(first) => true,
        Some('h' | 'H') => chars.next().is_some_and(vowel),
        _ => false,
    };
    if elided {
        format!("d{apostrophe}{words}")
    } else {
        format!("de {words}")
    }
}

/// `text` in mathematical sans-serif bold (U+1D5D4 on), as a bold text generator writes
/// it; what is no ASCII letter or digit stays.
pub fn math_bold(text: &str) -> String {
    text.chars()
        .map(|ch| {
            let base = match ch {
                'A'..='Z' => 0x1D5D4 + (ch as u32 - 'A' as u32),
                'a'..='z' => 0x1D5EE + (ch as u32 - 'a' as u32),
                '0'..='9' => 0x1D7EC + (ch as u32 - '0' as u32),
                _ => return ch,
            };
            char::from_u32(base).unwrap_or(ch)
        })
        .collect()
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no Chef role for a topic, no NATS subject for a database).
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
    let snake = lower.join("_");
    let words_kebab = words.join("-").to_lowercase();
    let org = system.to_lowercase();
    let h = hash(&spaced, "eighteenth");
    Some(match style {
        Name::Catalan => {
            let apostrophe = if h.is_multiple_of(3) {
                '\u{2019}'
            } else {
                '\''
            };
            let head = match kind {
                Kind::Service => "Servei",
                Kind::Database => "Base de dades",
                Kind::Cache => "Memòria cau",
                Kind::Topic => "Tema",
                Kind::Queue => "Cua",
                Kind::External => {
                    let vendor = words.concat();
                    return Some(format!(
                        "L{apostrophe}API {}",
                        catalan_de(&vendor, apostrophe)
                    ));
                }
                Kind::Gateway => return Some(format!("Passarel·la d{apostrophe}API")),
                Kind::Frontend => return Some("Botiga en línia".into()),
                Kind::Index => return Some("Índex de cerca".into()),
            };
            // The head noun first (`esdeveniments de comandes`: events of orders).
            let mut ca: Vec<&str> = words
                .iter()
                .map(|w| looked_up(w, CATALAN))
                .collect::<Option<_>>()?;
            ca.reverse();
            let mut phrase = ca[ca.len() - 1].to_string();
            for w in ca.iter().rev().skip(1) {
                phrase = format!("{w} {}", catalan_de(&phrase, apostrophe));
            }
            format!("{head} {}", catalan_de(&phrase, apostrophe))
        }
        Name::Serbian => {
            let head = match kind {
                Kind::Service => "Servis",
                Kind::Database => "Baza podataka",
                Kind::Cache => "Keš",
                Kind::Topic => "Topik",
                Kind::Queue => "Red",
                Kind::External => {
                    let vendor = words.concat();
                    // The possessive adjective: `Oktin` of a name in `-a`, `Stripe-ov`
                    // (a hyphen before the suffix on a foreign name) of the others.
                    return Some(match vendor.strip_suffix('a') {
                        Some(stem) => format!("{stem}in API"),
                        None => format!("{vendor}-ov API"),
                    });
                }
                Kind::Gateway => return Some("API gejtvej".into()),
                Kind::Frontend => return Some("Veb prodavnica".into()),
                Kind::Index => return Some("Indeks za pretragu".into()),
            };
            format!("{head} za {}", looked_up(&words.join(" "), SERBIAN)?)
        }
        Name::ChefRunList => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => {
                format!("recipe[{snake}::default]")
            }
            Kind::Database | Kind::Cache | Kind::Queue | Kind::Index => format!("role[{snake}]"),
            Kind::Topic | Kind::External => return None,
        },
        Name::DaprPath => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => {
                format!("/v1.0/invoke/{kebab}/method/{words_kebab}")
            }
            Kind::Database | Kind::Cache => format!("/v1.0/state/{kebab}"),
            Kind::Topic => format!("/v1.0/publish/pubsub/{words_kebab}"),
            Kind::Queue | Kind::Index | Kind::External => format!("/v1.0/bindings/{kebab}"),
        },
        Name::NatsSubject => match kind {
            Kind::Topic => format!("{org}.{}.>", words.join(".").to_lowercase()),
            _ => return None,
        },
        Name::UmlStereotype => {
            let stereotype = match kind {
                Kind::Service | Kind::Gateway | Kind::Frontend => "component",
                Kind::Database | Kind::Index => "datastore",
                Kind::Cache => "cache",
                Kind::Topic => "topic",
                Kind::Queue => "queue",
                Kind::External => "external system",
            };
            format!("\u{ab}{stereotype}\u{bb} {spaced}")
        }
        Name::DotNode => {
            let shape = match kind {
                Kind::Service => "component",
                Kind::Database | Kind::Index => "cylinder",
                Kind::Cache => "box3d",
                Kind::Topic | Kind::Queue => "cds",
                Kind::External => "box, style=dashed",
                Kind::Gateway => "hexagon",
                Kind::Frontend => "tab",
            };
            format!("{snake} [label=\"{spaced}\", shape={shape}]")
        }
        Name::HtmlTag => {
            if h.is_multiple_of(2) {
                format!("<code>{kebab}</code>")
            } else {
                format!("<strong>{spaced}</strong>")
            }
        }
        Name::ForeignQuotes => match h % 3 {
            0 => format!("\u{ab}{spaced}\u{bb}"),
            1 => format!("\u{201e}{spaced}\u{201c}"),
            _ => format!("\u{300c}{spaced}\u{300d}"),
        },
        Name::FootnoteMark => {
            let marks = ['\u{b9}', '\u{b2}', '\u{b3}', '\u{2020}', '\u{2021}'];
            format!("{spaced}{}", marks[(h % 5) as usize])
        }
        Name::MathBold => math_bold(&spaced),
        Name::ListMarker => {
            let markers = ["a)", "b)", "(c)", "(iv)", "ii.", "d)", "(vi)"];
            format!("{} {spaced}", markers[(h % 7) as usize])
        }
        Name::TaskBox => {
            let tick = if h.is_multiple_of(3) { ' ' } else { 'x' };
            format!("[{tick}] {spaced}")
        }
        Name::Described => {
            let subject = words.join(" ").to_lowercase();
            let what = match kind {
                Kind::Service => format!("handles {subject}"),
                Kind::Database => format!("stores {subject} data"),
                Kind::Cache => format!("caches {subject} data"),
                Kind::Topic => format!("carries {subject}"),
                Kind::Queue => format!("buffers {subject} jobs"),
                Kind::External => "third-party integration".into(),
                Kind::Gateway => "entry point for clients".into(),
                Kind::Frontend => "the web shop".into(),
                Kind::Index => "product search documents".into(),
            };
            format!("{spaced}: {what}")
        }
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "servei",
            "mikroservis",
            "UML component",
            "Dapr app",
        ],
        Kind::Database => &[
            "database",
            "base de dades",
            "baza podataka",
            "UML datastore",
            "Dapr state store",
        ],
        Kind::Cache => &[
            "cache",
            "memòria cau",
            "keš memorija",
            "in-memory state store",
        ],
        Kind::Topic => &["queue", "tema de missatges", "topik poruka", "NATS subject"],
        Kind::Queue => &[
            "queue",
            "cua de missatges",
            "red poruka",
            "Dapr input binding",
        ],
        Kind::External => &[
            "external_system",
            "sistema extern",
            "spoljni sistem",
            "Dapr output binding",
        ],
        Kind::Gateway => &[
            "service",
            "passarel·la d'API",
            "API gejtvej",
            "Chef edge role",
        ],
        Kind::Frontend => &["frontend", "botiga en línia", "veb prodavnica", "web tier"],
        Kind::Index => &[
            "database",
            "índex de cerca",
            "indeks za pretragu",
            "Dapr search binding",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is the server for A`: A calls B), and the answer then
/// has `from` and `to` the other way round. Catalan `A està subscrit a B`, `A is reliant
/// on B` and `A is embedded in B` only look passive (A acts, or A is the part); `B is the
/// server for A`, `B returns query results to A`, `B takes the writes of A`, `B relays
/// the events of A`, `B supplies events to A` and `B is indispensable to A` are written
/// from the object. Each relationship has one Catalan and one Serbian phrase, as a model
/// answering in them writes it. The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("crida", "crida", false),
            ("poziva", "poziva", false),
            ("opens gRPC streams to", "opens gRPC streams to", false),
            ("is the server for", "is the server for", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("llegeix de", "llegeix de", false),
            ("čita iz", "čita iz", false),
            ("runs its reads on", "runs its reads on", false),
            ("returns query results to", "returns query results to", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("escriu a", "escriu a", false),
            ("upisuje u", "upisuje u", false),
            ("flushes its changes to", "flushes its changes to", false),
            ("takes the writes of", "takes the writes of", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("publica a", "publica a", false),
            ("objavljuje na", "objavljuje na", false),
            ("fires events into", "fires events into", false),
            ("relays the events of", "relays the events of", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("està subscrit a", "està subscrit a", false),
            ("prati", "prati", false),
            ("pops events off", "pops events off", false),
            ("supplies events to", "supplies events to", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("depèn de", "depèn de", false),
            ("zavisi od", "zavisi od", false),
            ("is reliant on", "is reliant on", false),
            (
                "refuses to start without",
                "refuses to start without",
                false,
            ),
            ("is indispensable to", "is indispensable to", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("forma part de", "forma part de", false),
            ("je deo", "je deo", false),
            ("is embedded in", "is embedded in", false),
        ],
    }
}
