//! The twenty-eighth set (issue 36, twenty-eighth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Esperanto, Esperanto typed in the x-system, Rust, Kotlin and C++ code,
//! package managers (pip, conda, apt), OpenAPI documents, editors' views and meeting
//! minutes write:
//! - A model answering in Esperanto: the kind word first, the name's words after it with
//!   `de`, in the plural for things there are many of (`Servo de mendoj`, the orders
//!   service; `Datumbazo de pagoj`, `Vico de sciigoj`, `Kaŝmemoro de seancoj`, `Temo de
//!   eventoj de mendoj`), a vendor's API as `API de Stripe`, `API-kluzo`, `Retbutiko`,
//!   `Serĉindekso`.
//! - The Esperanto answer in the x-system, as people typing without the circumflex keys
//!   write it (`Kasxmemoro de seancoj`, `Servo de auxtentigo`); a name with nothing to
//!   write so has nothing to show.
//! - A Rust field's shared handle, as a code-derived document copies a struct's type
//!   (`Arc<OrderService>`).
//! - A Kotlin or Swift nullable type (`OrderService?`).
//! - A C++ member with its `m_` prefix (`m_orderService`).
//! - A pip requirement pinned to a version, from `requirements.txt` (`order-service==2.3.1`).
//! - A conda package with its channel (`novamart::order-service`).
//! - An OpenAPI document's JSON pointer to a schema (`#/components/schemas/OrderService`).
//! - An editor's breadcrumbs, as VS Code shows them above a file
//!   (`novamart › services › order-service`).
//! - A property declaration, name and type, as an IDE's structure view lists it
//!   (`orderService: OrderService`).
//! - A line of meeting minutes, the time it was said in front (`10:42 Order Service`).
//! - A source location, file and line, as a stack trace or an editor's problems view
//!   gives it (`order_service.py:42`).
//! - An apt (dpkg) package with its architecture (`order-service:amd64`).
//!
//! Type words come from the same sources (Esperanto, Rust, Kotlin, pip, OpenAPI) and
//! relationship phrases from design prose, code reviews and a model answering in
//! Esperanto, some written from the object's end (`is invoked by`, `is queried by`, `is
//! written into by`, `is emitted into by`, `has as a subscriber`, `is required by`,
//! Esperanto `estas vokata de`, is called by, `estas legata de`, is read by, `ricevas
//! skribojn de`, receives writes from, `ricevas eventojn de`, receives events from) and
//! some that only look passive (`is notified by` and `is backed by`, Esperanto
//! `dependas de`, depends on: the subject acts) and one written from the part (`is owned
//! by`).
//!
//! The near-named pairs of this set are `TWENTY_EIGHTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, looked_up, translated};

/// One way of writing a name, in the twenty-eighth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Servo de mendoj`: an Esperanto answer, head first.
    Esperanto,
    /// `Kasxmemoro de seancoj`: the Esperanto answer in the x-system.
    XSystem,
    /// `Arc<OrderService>`: a Rust shared handle.
    RustArc,
    /// `OrderService?`: a nullable type.
    Nullable,
    /// `m_orderService`: a C++ member.
    Member,
    /// `order-service==2.3.1`: a pinned pip requirement.
    PipPin,
    /// `novamart::order-service`: a conda package with its channel.
    Conda,
    /// `#/components/schemas/OrderService`: an OpenAPI JSON pointer.
    JsonPointer,
    /// `novamart › services › order-service`: an editor's breadcrumbs.
    Breadcrumbs,
    /// `orderService: OrderService`: a property declaration.
    Property,
    /// `10:42 Order Service`: a line of meeting minutes.
    Minutes,
    /// `order_service.py:42`: a source location.
    SourceLine,
    /// `order-service:amd64`: an apt package with its architecture.
    AptArch,
}

/// The twenty-eighth styles (the canonical `Camel` form stays, as a document's own name).
pub const TWENTY_EIGHTH: &[Style] = &[
    Style::Camel,
    Style::TwentyEighth(Name::Esperanto),
    Style::TwentyEighth(Name::XSystem),
    Style::TwentyEighth(Name::RustArc),
    Style::TwentyEighth(Name::Nullable),
    Style::TwentyEighth(Name::Member),
    Style::TwentyEighth(Name::PipPin),
    Style::TwentyEighth(Name::Conda),
    Style::TwentyEighth(Name::JsonPointer),
    Style::TwentyEighth(Name::Breadcrumbs),
    Style::TwentyEighth(Name::Property),
    Style::TwentyEighth(Name::Minutes),
    Style::TwentyEighth(Name::SourceLine),
    Style::TwentyEighth(Name::AptArch),
];

/// The corpus's words in Esperanto, after `de`, in lower case.
const ESPERANTO: &[(&str, &str)] = &[
    ("Order", "mendoj"),
    ("Orders", "mendoj"),
    ("Checkout", "kaso"),
    ("Cart", "ĉaretoj"),
    ("Payment", "pagoj"),
    ("Payments", "pagoj"),
    ("Pricing", "prezigado"),
    ("Price", "prezoj"),
    ("Inventory", "stoko"),
    ("Catalog", "katalogo"),
    ("Search", "serĉado"),
    ("Index", "indekso"),
    ("Shipping", "sendado"),
    ("Shipment", "sendaĵoj"),
    ("Shipments", "sendaĵoj"),
    ("Fulfillment", "plenumado de mendoj"),
    ("Notification", "sciigoj"),
    ("Customer", "klientoj"),
    ("Customers", "klientoj"),
    ("Auth", "aŭtentigo"),
    ("Recommendation", "rekomendoj"),
    ("Review", "recenzoj"),
    ("Reviews", "recenzoj"),
    ("Promotion", "promocioj"),
    ("Promotions", "promocioj"),
    ("Tax", "impostoj"),
    ("Fraud", "fraŭdo"),
    ("Returns", "resendoj"),
    ("Loyalty", "lojaleco"),
    ("Reporting", "raportado"),
    ("Invoice", "fakturoj"),
    ("Session", "seancoj"),
    ("Events", "eventoj"),
];

/// The Esperanto kind words, which come first.
const ESPERANTO_HEADS: &[(&str, &str)] = &[
    ("Service", "Servo"),
    ("DB", "Datumbazo"),
    ("Cache", "Kaŝmemoro"),
    ("Queue", "Vico"),
    ("Topic", "Temo"),
];

/// The Esperanto answer for a name, `None` for a word the table lacks.
fn esperanto(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("API de {}", words.concat()),
        Kind::Gateway => "API-kluzo".into(),
        Kind::Frontend => "Retbutiko".into(),
        Kind::Index => "Serĉindekso".into(),
        _ => {
            let mut own = translated(words, ESPERANTO)?;
            own.reverse();
            let head = looked_up(kind_word, ESPERANTO_HEADS)?;
            format!("{head} de {}", own.join(" de "))
        }
    })
}

/// `text` in the x-system: each circumflexed letter (and `ŭ`) as its base letter and
/// `x`. `None` when there is nothing to rewrite.
fn x_system(text: &str) -> Option<String> {
    let mut out = String::new();
    for ch in text.chars() {
        let base = match ch {
            'ĉ' => "cx",
            'Ĉ' => "Cx",
            'ĝ' => "gx",
            'Ĝ' => "Gx",
            'ĥ' => "hx",
            'Ĥ' => "Hx",
            'ĵ' => "jx",
            'Ĵ' => "Jx",
            'ŝ' => "sx",
            'Ŝ' => "Sx",
            'ŭ' => "ux",
            'Ŭ' => "Ux",
            _ => {
                out.push(ch);
                continue;
            }
        };
        out.push_str(base);
    }
    (out != text).then_some(out)
}

/// The folder an editor's breadcrumbs show a component of `kind` under.
fn folder(kind: Kind) -> &'static str {
    match kind {
        Kind::Service | Kind::Gateway => "services",
        Kind::Database | Kind::Index => "datastores",
        Kind::Cache => "caches",
        Kind::Topic | Kind::Queue => "messaging",
        Kind::External => "vendors",
        Kind::Frontend => "web",
    }
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (an answer with no circumflex in the x-system).
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
    let camel = all.concat();
    let lower_camel = {
        let mut chars = camel.chars();
        match chars.next() {
            Some(first) => first.to_lowercase().chain(chars).collect::<String>(),
            None => String::new(),
        }
    };
    let h = hash(&spaced, "twentyeighth");
    Some(match style {
        Name::Esperanto => esperanto(words, kind_word, kind)?,
        Name::XSystem => x_system(&esperanto(words, kind_word, kind)?)?,
        Name::RustArc => format!("Arc<{camel}>"),
        Name::Nullable => format!("{camel}?"),
        Name::Member => format!("m_{lower_camel}"),
        Name::PipPin => format!("{kebab}=={}.{}.{}", 1 + h % 3, (h >> 4) % 10, (h >> 8) % 10),
        Name::Conda => format!("novamart::{kebab}"),
        Name::JsonPointer => format!("#/components/schemas/{camel}"),
        Name::Breadcrumbs => format!("novamart › {} › {kebab}", folder(kind)),
        Name::Property => format!("{lower_camel}: {camel}"),
        Name::Minutes => format!("{:02}:{:02} {spaced}", 9 + h % 8, (h >> 4) % 60),
        Name::SourceLine => {
            let ext = ["py", "rs", "kt"][((h >> 12) % 3) as usize];
            format!("{snake}.{ext}:{}", 10 + (h >> 16) % 400)
        }
        Name::AptArch => {
            let arch = if (h >> 20).is_multiple_of(2) {
                "amd64"
            } else {
                "arm64"
            };
            format!("{kebab}:{arch}")
        }
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "servo", "Rust struct", "pip package"],
        Kind::Database => &["database", "datumbazo", "DataSource", "Postgres schema"],
        Kind::Cache => &["cache", "kaŝmemoro", "LruCache", "cache client"],
        Kind::Topic => &[
            "queue",
            "temo de eventoj",
            "AsyncAPI channel",
            "event stream",
        ],
        Kind::Queue => &["queue", "mesaĝvico", "mpsc channel", "job queue"],
        Kind::External => &[
            "external_system",
            "ekstera sistemo",
            "OpenAPI client",
            "third-party SDK",
        ],
        Kind::Gateway => &["service", "API-kluzo", "ingress", "BFF"],
        Kind::Frontend => &[
            "frontend",
            "retaplikaĵo",
            "Kotlin Multiplatform app",
            "SPA bundle",
        ],
        Kind::Index => &[
            "database",
            "serĉindekso",
            "search index",
            "OpenSearch domain",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is invoked by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is notified by B` (A listens to B), `A is
/// backed by B` (A leans on B) and Esperanto `A dependas de B` (depends on) only look
/// passive (A acts), and so does `A is owned by B` (A is the part); `B is invoked by A`,
/// `B is queried by A`, `B is written into by A`, `B is emitted into by A`, `B has as a
/// subscriber A` and `B is required by A` are written from the object, and so are
/// Esperanto `B estas vokata de A` (is called by), `B estas legata de A` (is read by),
/// `B ricevas skribojn de A` (receives writes from) and `B ricevas eventojn de A`
/// (receives events from). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("vokas", "vokas", false),
            ("estas vokata de", "estas vokata de", true),
            ("is invoked by", "is invoked by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("legas el", "legas el", false),
            ("estas legata de", "estas legata de", true),
            ("is queried by", "is queried by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("skribas al", "skribas al", false),
            ("ricevas skribojn de", "ricevas skribojn de", true),
            ("is written into by", "is written into by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("publikigas al", "publikigas al", false),
            ("ricevas eventojn de", "ricevas eventojn de", true),
            ("is emitted into by", "is emitted into by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("abonas", "abonas", false),
            ("is notified by", "is notified by", false),
            ("has as a subscriber", "has as a subscriber", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("dependas de", "dependas de", false),
            ("is backed by", "is backed by", false),
            ("is required by", "is required by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("estas parto de", "estas parto de", false),
            ("is owned by", "is owned by", false),
        ],
    }
}
