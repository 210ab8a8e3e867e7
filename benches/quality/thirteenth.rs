//! The thirteenth set (issue 36, thirteenth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! twelve sets had all been written (and eleven of them looked at by the people improving
//! the rules). Nobody develops archie against this file: it is a yardstick for the work
//! done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what Markdown
//! answers, HTML exports, runbook prose, architecture diagrams, infrastructure naming
//! conventions, OpenAPI documents, PHP code, vendors' marketing copy, Docker Compose
//! files, Unix daemons, dashboards and models answering in Romanian or Hungarian write:
//! - A model answering in Romanian: the kind word first with its definite article (a
//!   suffix in Romanian, after a hyphen on a loan word), the words after `de` or
//!   `pentru` (`Serviciul de comenzi`, the order service; `Baza de date pentru plăți`,
//!   `Coada de notificări`, `Cache-ul de sesiuni`, `API-ul Stripe`, `Gateway-ul API`).
//! - A model answering in Hungarian: the words as an adjective in `-i` or a noun
//!   modifier, the kind word last (`Rendelési szolgáltatás`, `Fizetési adatbázis`,
//!   `Értesítési sor`, `Munkamenet gyorsítótár`), a vendor's API with the possessive
//!   suffix after a hyphen (`Stripe API-ja`), `API-átjáró`, `Webáruház`.
//! - A Markdown heading's hashes a model copied with the name (`## Order Service`,
//!   `### Orders DB`).
//! - A non-breaking space left as its HTML entity, from a page copied out of an HTML or
//!   Confluence storage-format export (`Order&nbsp;Service`).
//! - The identifier with the kind word after it, as runbook prose says "the `orders-db`
//!   database" and a model copies (`orders-db database`, `order-service service`).
//! - An architecture diagram's replica count left on the label (`Order Service ×3`,
//!   `Orders DB ×2`).
//! - A naming convention that drops the vowels to keep names short, as some
//!   infrastructure standards do (`ordr-svc`, `pymnts-db`, `ntfctn-q`, `strp-api`).
//! - A store or a vendor's API named by its domain in the possessive, as prose says
//!   "Checkout's DB" (`Orders' database`, `Session's cache`, `Stripe's API`).
//! - A service named by its OpenAPI document's title (`Order Service API`).
//! - A PHP (Laravel) class with its namespace, from a code base's documentation
//!   (`App\Services\OrderService`, `App\Integrations\StripeApi`).
//! - A vendor's name with the registered-trademark sign its own pages use (`Stripe®
//!   API`, `FedEx® API`).
//! - A Docker Compose file's key path, as READMEs tell you where to change a setting
//!   (`services.order-service`, `services.orders-db`).
//! - A service named as a Unix daemon, the words glued and a `d` after them (`orderd`,
//!   `paymentd`, `invoiced`).
//! - A dashboard's or an on-call tool's environment tag in front (`[PROD] Order
//!   Service`).
//!
//! Type words come from the same sources (Romanian, Hungarian, Compose, Laravel, Dragonfly,
//! Beanstalkd, Redpanda, Kong, Nuxt, Typesense) and relationship phrases from runbooks and
//! design prose and a model answering in Romanian or Hungarian, some written from the
//! object's end (`is the backend of`, `answers the queries of`, `holds the writes of`, `collects
//! the events of`, `fans events out to`, `is load-bearing for`) and one that only sounds
//! passive (Romanian `este abonat la`, is subscribed to: the subject subscribes).
//!
//! The near-named pairs of this set are `THIRTEENTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, capitalised, hash, translated};

/// One way of writing a name, in the thirteenth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Serviciul de comenzi`, `Baza de date pentru plăți`: a Romanian answer.
    Romanian,
    /// `Rendelési szolgáltatás`, `Fizetési adatbázis`, `Stripe API-ja`: a Hungarian answer.
    Hungarian,
    /// `## Order Service`: a Markdown heading's hashes left on.
    HeadingHashes,
    /// `Order&nbsp;Service`: a non-breaking space left as its HTML entity.
    HtmlEntity,
    /// `orders-db database`: the identifier and the kind word after it.
    KindRepeated,
    /// `Order Service ×3`: a diagram's replica count left on.
    ReplicaCount,
    /// `ordr-svc`, `pymnts-db`: a vowel-dropping naming convention.
    Disemvowelled,
    /// `Orders' database`, `Stripe's API`: named by its domain, in the possessive.
    DomainPossessive,
    /// `Order Service API`: the OpenAPI document's title.
    OpenApiTitle,
    /// `App\Services\OrderService`: a PHP class with its namespace.
    PhpNamespace,
    /// `Stripe® API`: the registered-trademark sign left on.
    Trademark,
    /// `services.order-service`: a Docker Compose key path.
    ComposeKey,
    /// `orderd`: a Unix daemon's name.
    Daemon,
    /// `[PROD] Order Service`: an environment tag in front.
    EnvTag,
}

/// The thirteenth styles (the canonical `Camel` form stays, as a document's own name).
pub const THIRTEENTH: &[Style] = &[
    Style::Camel,
    Style::Thirteenth(Name::Romanian),
    Style::Thirteenth(Name::Hungarian),
    Style::Thirteenth(Name::HeadingHashes),
    Style::Thirteenth(Name::HtmlEntity),
    Style::Thirteenth(Name::KindRepeated),
    Style::Thirteenth(Name::ReplicaCount),
    Style::Thirteenth(Name::Disemvowelled),
    Style::Thirteenth(Name::DomainPossessive),
    Style::Thirteenth(Name::OpenApiTitle),
    Style::Thirteenth(Name::PhpNamespace),
    Style::Thirteenth(Name::Trademark),
    Style::Thirteenth(Name::ComposeKey),
    Style::Thirteenth(Name::Daemon),
    Style::Thirteenth(Name::EnvTag),
];

/// The corpus's words in Romanian, as they follow `de` (plural nouns without their
/// article, or loan words Romanian engineers keep).
const ROMANIAN: &[(&str, &str)] = &[
    ("Order", "comenzi"),
    ("Orders", "comenzi"),
    ("Checkout", "checkout"),
    ("Cart", "coș"),
    ("Payment", "plăți"),
    ("Payments", "plăți"),
    ("Pricing", "prețuri"),
    ("Price", "prețuri"),
    ("Inventory", "stocuri"),
    ("Catalog", "catalog"),
    ("Search", "căutare"),
    ("Index", "index"),
    ("Shipping", "livrare"),
    ("Shipment", "expedieri"),
    ("Shipments", "expedieri"),
    ("Fulfillment", "onorare a comenzilor"),
    ("Notification", "notificări"),
    ("Customer", "clienți"),
    ("Customers", "clienți"),
    ("Auth", "autentificare"),
    ("Recommendation", "recomandări"),
    ("Review", "recenzii"),
    ("Reviews", "recenzii"),
    ("Promotion", "promoții"),
    ("Promotions", "promoții"),
    ("Tax", "taxe"),
    ("Fraud", "detectare a fraudelor"),
    ("Returns", "retururi"),
    ("Loyalty", "fidelizare"),
    ("Reporting", "raportare"),
    ("Invoice", "facturare"),
    ("Session", "sesiuni"),
    ("Events", "evenimente"),
];

/// The corpus's words in Hungarian, as the modifier before the kind word (an adjective
/// in `-i`, or a noun).
const HUNGARIAN: &[(&str, &str)] = &[
    ("Order", "rendelési"),
    ("Orders", "rendelési"),
    ("Checkout", "pénztári"),
    ("Cart", "kosár"),
    ("Payment", "fizetési"),
    ("Payments", "fizetési"),
    ("Pricing", "árazási"),
    ("Price", "ár"),
    ("Inventory", "készlet"),
    ("Catalog", "katalógus"),
    ("Search", "keresési"),
    ("Index", "index"),
    ("Shipping", "szállítási"),
    ("Shipment", "szállítmány"),
    ("Shipments", "szállítmány"),
    ("Fulfillment", "teljesítési"),
    ("Notification", "értesítési"),
    ("Customer", "ügyfél"),
    ("Customers", "ügyfél"),
    ("Auth", "hitelesítési"),
    ("Recommendation", "ajánlási"),
    ("Review", "értékelési"),
    ("Reviews", "értékelési"),
    ("Promotion", "promóciós"),
    ("Promotions", "promóciós"),
    ("Tax", "adó"),
    ("Fraud", "csalásfelderítési"),
    ("Returns", "visszárú"),
    ("Loyalty", "hűségprogram"),
    ("Reporting", "riport"),
    ("Invoice", "számlázási"),
    ("Session", "munkamenet"),
    ("Events", "esemény"),
];

/// A word without its vowels after the first letter, lower case (`Notification` →
/// `ntfctn`); an acronym (`API`, `DB`) stays whole.
fn disemvowelled(word: &str) -> String {
    let lower = word.to_lowercase();
    if word.chars().all(|c| c.is_ascii_uppercase()) {
        return lower;
    }
    let mut chars = lower.chars();
    let first = chars.next().map(String::from).unwrap_or_default();
    first
        + &chars
            .filter(|c| !matches!(c, 'a' | 'e' | 'i' | 'o' | 'u'))
            .collect::<String>()
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no replica count for a vendor, no daemon for a database).
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
    let runs = matches!(kind, Kind::Service | Kind::Gateway | Kind::Frontend);
    Some(match style {
        Name::Romanian => {
            let head = match kind {
                Kind::Service => "Serviciul de",
                Kind::Database => "Baza de date pentru",
                Kind::Cache => "Cache-ul de",
                Kind::Topic => "Topicul de",
                Kind::Queue => "Coada de",
                Kind::External => return Some(format!("API-ul {}", words.concat())),
                Kind::Gateway => return Some("Gateway-ul API".into()),
                Kind::Frontend => return Some("Magazinul online".into()),
                Kind::Index => return Some("Indexul de căutare".into()),
            };
            // The head noun first (`evenimente de comenzi`: events of orders).
            let mut ro = translated(words, ROMANIAN)?;
            ro.reverse();
            format!("{head} {}", ro.join(" de "))
        }
        Name::Hungarian => {
            let tail = match kind {
                Kind::Service => "szolgáltatás",
                Kind::Database => "adatbázis",
                Kind::Cache => "gyorsítótár",
                Kind::Topic => "topic",
                Kind::Queue => "sor",
                Kind::External => return Some(format!("{} API-ja", words.concat())),
                Kind::Gateway => return Some("API-átjáró".into()),
                Kind::Frontend => return Some("Webáruház".into()),
                Kind::Index => return Some("Keresési index".into()),
            };
            let hu = translated(words, HUNGARIAN)?;
            capitalised(&format!("{} {tail}", hu.join(" ")))
        }
        Name::HeadingHashes => {
            let hashes = if kind == Kind::Service { "##" } else { "###" };
            format!("{hashes} {spaced}")
        }
        Name::HtmlEntity => all.join("&nbsp;"),
        Name::KindRepeated => {
            let noun = match kind {
                Kind::Service => "service",
                Kind::Database => "database",
                Kind::Cache => "cache",
                Kind::Topic => "topic",
                Kind::Queue => "queue",
                Kind::Gateway => "gateway",
                Kind::Index => "index",
                Kind::Frontend => "app",
                Kind::External => return None,
            };
            format!("{kebab} {noun}")
        }
        Name::ReplicaCount => {
            let n = match kind {
                _ if runs => 2 + hash(&spaced, "replicas") % 5,
                Kind::Database | Kind::Cache | Kind::Index => 2 + hash(&spaced, "replicas") % 2,
                _ => return None,
            };
            format!("{spaced} \u{d7}{n}")
        }
        Name::Disemvowelled => {
            let short = match kind_word {
                "Service" => "svc".to_string(),
                "Cache" => "cch".to_string(),
                "Queue" => "q".to_string(),
                "Topic" => "tpc".to_string(),
                "" => String::new(),
                other => disemvowelled(other),
            };
            let mut parts: Vec<String> = words.iter().map(|w| disemvowelled(w)).collect();
            if !short.is_empty() {
                parts.push(short);
            }
            parts.join("-")
        }
        Name::DomainPossessive => {
            let noun = match kind {
                Kind::Database => "database",
                Kind::Cache => "cache",
                Kind::Topic => "topic",
                Kind::Queue => "queue",
                Kind::External => "API",
                _ => return None,
            };
            let owner = words.join(" ");
            let mark = if owner.ends_with('s') { "'" } else { "'s" };
            format!("{owner}{mark} {noun}")
        }
        Name::OpenApiTitle => match kind {
            Kind::Service => format!("{spaced} API"),
            _ => return None,
        },
        Name::PhpNamespace => match kind {
            Kind::Service => format!("App\\Services\\{camel}"),
            Kind::External => format!("App\\Integrations\\{}Api", words.concat()),
            _ => return None,
        },
        Name::Trademark => match kind {
            Kind::External => format!("{}\u{ae} API", words.concat()),
            _ => return None,
        },
        Name::ComposeKey => match kind {
            Kind::Topic | Kind::Queue | Kind::External => return None,
            _ => format!("services.{kebab}"),
        },
        Name::Daemon => match kind {
            Kind::Service => format!("{}d", words.concat().to_lowercase()),
            _ => return None,
        },
        Name::EnvTag => format!("[PROD] {spaced}"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "serviciu",
            "szolgáltatás",
            "Compose service",
            "Laravel service class",
            "daemon",
        ],
        Kind::Database => &[
            "database",
            "bază de date",
            "adatbázis",
            "managed Postgres cluster",
            "primary datastore",
        ],
        Kind::Cache => &["cache", "memorie cache", "gyorsítótár", "Dragonfly cache"],
        Kind::Topic => &["queue", "topic Kafka", "Kafka-téma", "Redpanda topic"],
        Kind::Queue => &["queue", "coadă de mesaje", "üzenetsor", "Beanstalkd tube"],
        Kind::External => &[
            "external_system",
            "sistem extern",
            "külső rendszer",
            "commercial SaaS product",
        ],
        Kind::Gateway => &[
            "service",
            "poartă de acces API",
            "API-átjáró",
            "Kong gateway",
        ],
        Kind::Frontend => &["frontend", "magazin online", "webáruház", "Nuxt storefront"],
        Kind::Index => &[
            "database",
            "index de căutare",
            "keresési index",
            "Typesense collection",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B answers the queries of A`: A reads from B), and the answer
/// then has `from` and `to` the other way round. Romanian `A este abonat la B` (A is
/// subscribed to B) only sounds passive (A subscribes); `B is the backend of A`, `B answers
/// the queries of A`, `B holds the writes of A`, `B collects the events of A`, `B fans
/// events out to A` and `B is load-bearing for A` are written from the object. Each
/// relationship has one Romanian and one Hungarian phrase, as a model answering in that
/// language writes it. The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("apelează", "apelează", false),
            ("meghívja", "meghívja", false),
            (
                "dispatches HTTP calls to",
                "dispatches HTTP calls to",
                false,
            ),
            ("is the backend of", "is the backend of", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("citește din", "citește din", false),
            ("adatokat olvas ki", "adatokat olvas ki", false),
            ("sources its reads from", "sources its reads from", false),
            ("answers the queries of", "answers the queries of", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("scrie în", "scrie în", false),
            ("adatokat ír", "adatokat ír", false),
            ("flushes its state into", "flushes its state into", false),
            ("holds the writes of", "holds the writes of", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("publică în", "publică în", false),
            ("publikál", "publikál", false),
            ("relays its outbox to", "relays its outbox to", false),
            ("collects the events of", "collects the events of", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("este abonat la", "este abonat la", false),
            ("feliratkozik", "feliratkozik", false),
            ("drains events from", "drains events from", false),
            ("fans events out to", "fans events out to", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("depinde de", "depinde de", false),
            ("függ", "függ", false),
            ("won't boot without", "won't boot without", false),
            ("is load-bearing for", "is load-bearing for", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("face parte din", "face parte din", false),
            ("része", "része", false),
            ("ships inside", "ships inside", false),
        ],
    }
}
