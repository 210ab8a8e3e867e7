//! The thirty-fourth set (issue 36, thirty-fourth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Tamil, diagramming and documentation tools (Lucidchart, arc42), version
//! control and review (CODEOWNERS, Gerrit, Phabricator) and observability UIs (Grafana,
//! Honeycomb, Sentry) write:
//! - A model answering in Tamil: the name's words translated or transliterated, in
//!   English order, then the kind word (`ஆர்டர் சேவை`, the order service;
//!   `கட்டண தரவுத்தளம்`, the payments database; `அறிவிப்பு வரிசை`,
//!   `அமர்வு தற்காலிக நினைவகம்`), a vendor's API as `Stripe ஏபிஐ`,
//!   `ஏபிஐ நுழைவாயில்`, `இணைய அங்காடி`, `தேடல் குறியீடு`.
//! - A CODEOWNERS owner, the GitHub team that owns the component's folder
//!   (`@novamart/order-service`).
//! - A Gerrit change triplet, project, branch and Change-Id
//!   (`order-service~main~I4f0c…`, forty hex digits).
//! - A Gerrit search operator on the project (`project:novamart/order-service`).
//! - A Phabricator repository callsign monogram (`rORDERSERVICE`).
//! - A Phabricator Phriction wiki page slug (`w/services/order_service/`).
//! - A Sentry issue short id, the project slug in capitals and the issue's counter
//!   (`ORDER-SERVICE-3K`).
//! - A Sentry release name, the project and its version (`order-service@2.14.3`).
//! - A Grafana dashboard URL path, uid and slug (`/d/k3p9x2qa/order-service`).
//! - A Honeycomb dataset's path in an environment
//!   (`environments/prod/datasets/order-service`).
//! - An arc42 building block view's black box heading (`Blackbox Order Service`).
//! - A Lucidchart CSV export's text field, copied with its column name
//!   (`Text Area 1: Order Service`).
//!
//! Type words come from the same sources (Tamil, IcePanel's object types, Sentry,
//! Lucidchart shapes) and relationship phrases from design prose, runbooks and a model
//! answering in Tamil, some written from the object's end (`is hit by`, `is polled by`,
//! `is populated by`, `is fed by`, `is tailed by`, `is relied on by`, Tamil
//! `அழைக்கப்படுகிறது`, is called by, `எழுதப்படுகிறது`, is written by) and some that
//! only look passive (`is fed from`, `is subscribed to`, `is dependent on`, `is nested
//! in`: the subject acts, or is the part).
//!
//! The near-named pairs of this set are `THIRTY_FOURTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the thirty-fourth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `ஆர்டர் சேவை`: a Tamil answer.
    Tamil,
    /// `@novamart/order-service`: a CODEOWNERS team.
    CodeOwners,
    /// `order-service~main~I4f0c…`: a Gerrit change triplet.
    GerritChange,
    /// `project:novamart/order-service`: a Gerrit search operator.
    GerritProject,
    /// `rORDERSERVICE`: a Phabricator callsign.
    Callsign,
    /// `w/services/order_service/`: a Phriction slug.
    Phriction,
    /// `ORDER-SERVICE-3K`: a Sentry issue short id.
    SentryIssue,
    /// `order-service@2.14.3`: a Sentry release.
    SentryRelease,
    /// `/d/k3p9x2qa/order-service`: a Grafana dashboard path.
    Grafana,
    /// `environments/prod/datasets/order-service`: a Honeycomb dataset.
    Honeycomb,
    /// `Blackbox Order Service`: an arc42 black box.
    Arc42,
    /// `Text Area 1: Order Service`: a Lucidchart export's text field.
    Lucidchart,
}

/// The thirty-fourth styles (the canonical `Camel` form stays, as a document's own name).
pub const THIRTY_FOURTH: &[Style] = &[
    Style::Camel,
    Style::ThirtyFourth(Name::Tamil),
    Style::ThirtyFourth(Name::CodeOwners),
    Style::ThirtyFourth(Name::GerritChange),
    Style::ThirtyFourth(Name::GerritProject),
    Style::ThirtyFourth(Name::Callsign),
    Style::ThirtyFourth(Name::Phriction),
    Style::ThirtyFourth(Name::SentryIssue),
    Style::ThirtyFourth(Name::SentryRelease),
    Style::ThirtyFourth(Name::Grafana),
    Style::ThirtyFourth(Name::Honeycomb),
    Style::ThirtyFourth(Name::Arc42),
    Style::ThirtyFourth(Name::Lucidchart),
];

/// The corpus's words in Tamil, as they stand before a kind word.
const TAMIL: &[(&str, &str)] = &[
    ("Order", "ஆர்டர்"),
    ("Orders", "ஆர்டர்"),
    ("Checkout", "செக்அவுட்"),
    ("Cart", "கூடை"),
    ("Payment", "கட்டண"),
    ("Payments", "கட்டண"),
    ("Pricing", "விலை நிர்ணய"),
    ("Price", "விலை"),
    ("Inventory", "சரக்கு இருப்பு"),
    ("Catalog", "பட்டியல்"),
    ("Search", "தேடல்"),
    ("Index", "குறியீட்டு"),
    ("Shipping", "அனுப்புகை"),
    ("Shipment", "ஏற்றுமதி"),
    ("Shipments", "ஏற்றுமதி"),
    ("Fulfillment", "நிறைவேற்ற"),
    ("Notification", "அறிவிப்பு"),
    ("Customer", "வாடிக்கையாளர்"),
    ("Customers", "வாடிக்கையாளர்"),
    ("Auth", "அங்கீகார"),
    ("Recommendation", "பரிந்துரை"),
    ("Review", "மதிப்புரை"),
    ("Reviews", "மதிப்புரை"),
    ("Promotion", "சலுகை"),
    ("Promotions", "சலுகை"),
    ("Tax", "வரி"),
    ("Fraud", "மோசடி"),
    ("Returns", "திருப்பியனுப்பல்"),
    ("Loyalty", "விசுவாச"),
    ("Reporting", "அறிக்கை"),
    ("Invoice", "விலைப்பட்டியல்"),
    ("Session", "அமர்வு"),
    ("Events", "நிகழ்வு"),
];

/// The Tamil kind words, after the name's words.
const TAMIL_HEADS: &[(&str, &str)] = &[
    ("Service", "சேவை"),
    ("DB", "தரவுத்தளம்"),
    ("Cache", "தற்காலிக நினைவகம்"),
    ("Queue", "வரிசை"),
    ("Topic", "தலைப்பு"),
];

/// The Tamil answer for a name, `None` for a word the table lacks.
fn tamil(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("{} ஏபிஐ", words.concat()),
        Kind::Gateway => "ஏபிஐ நுழைவாயில்".into(),
        Kind::Frontend => "இணைய அங்காடி".into(),
        Kind::Index => "தேடல் குறியீடு".into(),
        _ => {
            let own = translated(words, TAMIL)?;
            let head = TAMIL_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            format!("{} {head}", own.join(" "))
        }
    })
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Tamil table lacks).
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
    let h = hash(&spaced, "thirtyfourth");
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let pick = |i: u32| ALPHABET[((h >> (i * 5)) % ALPHABET.len() as u64) as usize] as char;
    Some(match style {
        Name::Tamil => tamil(words, kind_word, kind)?,
        Name::CodeOwners => format!("@novamart/{kebab}"),
        Name::GerritChange => format!(
            "{kebab}~main~I{:016x}{:016x}{:08x}",
            h,
            h.rotate_left(23),
            (h >> 11) as u32
        ),
        Name::GerritProject => format!("project:novamart/{kebab}"),
        Name::Callsign => format!("r{}", lower.concat().to_uppercase()),
        Name::Phriction => format!("w/services/{snake}/"),
        Name::SentryIssue => format!(
            "{}-{}{}",
            kebab.to_uppercase(),
            1 + h % 9,
            (b'A' + ((h >> 8) % 26) as u8) as char
        ),
        Name::SentryRelease => {
            format!("{kebab}@{}.{}.{}", 1 + h % 3, (h >> 8) % 20, (h >> 16) % 10)
        }
        Name::Grafana => {
            let uid: String = (0..8).map(pick).collect();
            format!("/d/{uid}/{kebab}")
        }
        Name::Honeycomb => format!("environments/prod/datasets/{kebab}"),
        Name::Arc42 => format!("Blackbox {spaced}"),
        Name::Lucidchart => format!("Text Area 1: {spaced}"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "சேவை", "App", "Sentry project"],
        Kind::Database => &["database", "தரவுத்தளம்", "Store", "data store"],
        Kind::Cache => &[
            "cache",
            "தற்காலிக நினைவகம்",
            "in-memory Store",
            "cache cluster",
        ],
        Kind::Topic => &["queue", "செய்தித் தலைப்பு", "event channel", "message channel"],
        Kind::Queue => &["queue", "செய்தி வரிசை", "work queue", "job buffer"],
        Kind::External => &[
            "external_system",
            "வெளிப்புற அமைப்பு",
            "external System",
            "vendor API",
        ],
        Kind::Gateway => &["service", "ஏபிஐ நுழைவாயில்", "edge App", "ingress"],
        Kind::Frontend => &["frontend", "இணைய முகப்பு", "web App", "client"],
        Kind::Index => &["database", "தேடல் குறியீடு", "search Store", "index"],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is hit by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is fed from B` (A reads B), `A is subscribed
/// to B` (A subscribes), `A is dependent on B` (A depends) only look passive (A acts),
/// and so does `A is nested in B` (A is the part); `B is hit by A`, `B is polled by A`,
/// `B is populated by A`, `B is fed by A`, `B is tailed by A` and `B is relied on by A`
/// are written from the object, and so are Tamil `B அழைக்கப்படுகிறது A` (is called by)
/// and `B எழுதப்படுகிறது A` (is written by). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("அழைக்கிறது", "அழைக்கிறது", false),
            ("அழைக்கப்படுகிறது", "அழைக்கப்படுகிறது", true),
            ("is hit by", "is hit by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("படிக்கிறது", "படிக்கிறது", false),
            ("is fed from", "is fed from", false),
            ("is polled by", "is polled by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("எழுதுகிறது", "எழுதுகிறது", false),
            ("எழுதப்படுகிறது", "எழுதப்படுகிறது", true),
            ("is populated by", "is populated by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("வெளியிடுகிறது", "வெளியிடுகிறது", false),
            ("is fed by", "is fed by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("சந்தா செலுத்துகிறது", "சந்தா செலுத்துகிறது", false),
            ("is subscribed to", "is subscribed to", false),
            ("is tailed by", "is tailed by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("சார்ந்துள்ளது", "சார்ந்துள்ளது", false),
            ("is dependent on", "is dependent on", false),
            ("is relied on by", "is relied on by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("இன் பகுதி", "இன் பகுதி", false),
            ("is nested in", "is nested in", false),
        ],
    }
}
