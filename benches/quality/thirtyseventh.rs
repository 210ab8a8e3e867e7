//! The thirty-seventh set (issue 36, thirty-seventh round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Zulu, frontend and mobile tooling (React/JSX, Storybook, Next.js, webpack,
//! Xcode), test tooling (JUnit, pytest, Cypress, Pact) and BI and data catalogs (Looker,
//! Tableau, Metabase, dbt) write:
//! - A model answering in Zulu: the kind word as a Zulu noun, then the name's words as a
//!   chain of possessives, each possessive concord joined to the noun after it with its
//!   vowel contracted (`isevisi yama-oda`, the service of orders; `isizindalwazi
//!   sezinkokhelo`, the payments database; `ulayini lwezaziso`, the notifications queue;
//!   `isihloko semicimbi yama-oda`, the order events topic), a vendor's API as `i-API
//!   ye-Stripe`, `isango le-API` (the gateway), `iwebhusayithi yesitolo` (the shop's web
//!   site) and `inkomba yokusesha` (the search index).
//! - A JSX element, self-closing (`<OrderService />`).
//! - A Storybook story id, its title's folder and the story's export
//!   (`services-order-service--default`).
//! - A Next.js App Router page file in a route group (`app/(services)/order-service/page.tsx`).
//! - A webpack chunk file with its content hash (`order-service.3f9c2a1b.chunk.js`).
//! - An Xcode scheme file (`OrderService.xcscheme`).
//! - A JUnit test class named after the class under test (`OrderServiceTest`).
//! - A pytest node id, its file, class and test
//!   (`tests/test_order_service.py::TestOrderService::test_smoke`).
//! - A Cypress end-to-end spec file (`cypress/e2e/order-service.cy.ts`).
//! - A Pact contract file, consumer then provider (`pacts/storefront-web-order-service.json`).
//! - A Looker explore's path (`/explore/novamart/order_service`).
//! - A Tableau packaged data source file (`Order Service.tdsx`).
//! - A Metabase collection's path, its id and slug (`/collection/42-order-service`).
//! - A dbt exposure selector (`exposure:order_service`).
//!
//! Type words come from the same sources (Zulu, Pact, LookML, Tableau, Next.js, Storybook)
//! and relationship phrases from test plans, dashboards' lineage notes and a model
//! answering in Zulu, some written from the object's end (`is exercised by`, `is explored
//! by`, `is hydrated by`, `is observed by`, `is mocked by`, Zulu `ibizwa ngu`, is called
//! by, `ifundwa ngu`, is read by, `ibhalwa ngu`, is written by, and `ithola imicimbi ku`,
//! receives events from) and some that only look passive (`is bound to`, the publisher
//! bound to its topic, `is hooked into`, the subscriber hooked into its topic, `is tested
//! against`, the dependant tested against what it needs, and `is mounted into`, the part
//! mounted into the whole; the subject acts).
//!
//! The near-named pairs of this set are `THIRTY_SEVENTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash};

/// One way of writing a name, in the thirty-seventh set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `isevisi yama-oda`: a Zulu answer.
    Zulu,
    /// `<OrderService />`: a JSX element.
    Jsx,
    /// `services-order-service--default`: a Storybook story id.
    Storybook,
    /// `app/(services)/order-service/page.tsx`: a Next.js page file.
    NextPage,
    /// `order-service.3f9c2a1b.chunk.js`: a webpack chunk.
    WebpackChunk,
    /// `OrderService.xcscheme`: an Xcode scheme.
    XcodeScheme,
    /// `OrderServiceTest`: a JUnit test class.
    JUnit,
    /// `tests/test_order_service.py::TestOrderService::test_smoke`: a pytest node id.
    Pytest,
    /// `cypress/e2e/order-service.cy.ts`: a Cypress spec.
    Cypress,
    /// `pacts/storefront-web-order-service.json`: a Pact contract file.
    Pact,
    /// `/explore/novamart/order_service`: a Looker explore.
    Looker,
    /// `Order Service.tdsx`: a Tableau data source.
    Tableau,
    /// `/collection/42-order-service`: a Metabase collection.
    Metabase,
    /// `exposure:order_service`: a dbt exposure selector.
    DbtExposure,
}

/// The thirty-seventh styles (the canonical `Camel` form stays, as a document's own name).
pub const THIRTY_SEVENTH: &[Style] = &[
    Style::Camel,
    Style::ThirtySeventh(Name::Zulu),
    Style::ThirtySeventh(Name::Jsx),
    Style::ThirtySeventh(Name::Storybook),
    Style::ThirtySeventh(Name::NextPage),
    Style::ThirtySeventh(Name::WebpackChunk),
    Style::ThirtySeventh(Name::XcodeScheme),
    Style::ThirtySeventh(Name::JUnit),
    Style::ThirtySeventh(Name::Pytest),
    Style::ThirtySeventh(Name::Cypress),
    Style::ThirtySeventh(Name::Pact),
    Style::ThirtySeventh(Name::Looker),
    Style::ThirtySeventh(Name::Tableau),
    Style::ThirtySeventh(Name::Metabase),
    Style::ThirtySeventh(Name::DbtExposure),
];

/// The corpus's words in Zulu: the noun (with its initial vowel) and the possessive
/// concord of its class (what a noun after it, its possessor, is joined to).
const ZULU: &[(&str, (&str, &str))] = &[
    ("Order", ("ama-oda", "a")),
    ("Orders", ("ama-oda", "a")),
    ("Checkout", ("ukukhokha", "kwa")),
    ("Cart", ("inqola", "ya")),
    ("Payment", ("izinkokhelo", "za")),
    ("Payments", ("izinkokhelo", "za")),
    ("Pricing", ("amanani", "a")),
    ("Price", ("amanani", "a")),
    ("Inventory", ("isitoko", "sa")),
    ("Catalog", ("ikhathalogi", "ya")),
    ("Search", ("ukusesha", "kwa")),
    ("Index", ("inkomba", "ya")),
    ("Shipping", ("ukuthumela", "kwa")),
    ("Shipment", ("ukuthumela", "kwa")),
    ("Shipments", ("ukuthumela", "kwa")),
    ("Fulfillment", ("ukufeza", "kwa")),
    ("Notification", ("izaziso", "za")),
    ("Customer", ("amakhasimende", "a")),
    ("Customers", ("amakhasimende", "a")),
    ("Auth", ("ukuqinisekisa", "kwa")),
    ("Recommendation", ("izincomo", "za")),
    ("Review", ("izibuyekezo", "za")),
    ("Reviews", ("izibuyekezo", "za")),
    ("Promotion", ("izaphulelo", "za")),
    ("Promotions", ("izaphulelo", "za")),
    ("Tax", ("intela", "ya")),
    ("Fraud", ("inkohliso", "ya")),
    ("Returns", ("ukubuyisela", "kwa")),
    ("Loyalty", ("ukwethembeka", "kwa")),
    ("Reporting", ("imibiko", "ya")),
    ("Invoice", ("ama-invoyisi", "a")),
    ("Session", ("iseshini", "ya")),
    ("Events", ("imicimbi", "ya")),
];

/// The Zulu kind words: the noun and its possessive concord.
const ZULU_HEADS: &[(&str, (&str, &str))] = &[
    ("Service", ("isevisi", "ya")),
    ("DB", ("isizindalwazi", "sa")),
    ("Cache", ("i-cache", "ya")),
    ("Queue", ("ulayini", "lwa")),
    ("Topic", ("isihloko", "sa")),
];

/// A possessive concord (`ya`, `kwa`, `a`) joined to the noun after it: the concord's
/// `a` and the noun's initial vowel make one (`a`+`a` → `a`, `a`+`i` → `e`, `a`+`u` →
/// `o`, where a `w` before the `o` drops: `kwa`+`ukusesha` → `kokusesha`).
fn possessive(concord: &str, noun: &str) -> String {
    let stem = concord.strip_suffix('a').unwrap_or(concord);
    let mut chars = noun.chars();
    match chars.next() {
        Some('a') => format!("{stem}a{}", chars.as_str()),
        Some('i') => format!("{stem}e{}", chars.as_str()),
        Some('u') => format!(
            "{}o{}",
            stem.strip_suffix('w').unwrap_or(stem),
            chars.as_str()
        ),
        _ => format!("{concord}{noun}"),
    }
}

/// The Zulu answer for a name, `None` for a word the table lacks.
fn zulu(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("i-API ye-{}", words.concat()),
        Kind::Gateway => "isango le-API".into(),
        Kind::Frontend => "iwebhusayithi yesitolo".into(),
        Kind::Index => "inkomba yokusesha".into(),
        _ => {
            let (head, concord) = ZULU_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            let own: Vec<(&str, &str)> = words
                .iter()
                .map(|w| ZULU.iter().find(|(en, _)| en == w).map(|(_, z)| *z))
                .collect::<Option<_>>()?;
            // The head first, then the last word (what the head is of), then the word
            // before it (what that is of), and so on.
            let mut out = head.to_string();
            let mut concord = concord;
            for (noun, next) in own.iter().rev() {
                out.push(' ');
                out.push_str(&possessive(concord, noun));
                concord = next;
            }
            out
        }
    })
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Zulu table lacks).
pub fn write(
    style: Name,
    words: &[&str],
    kind_word: &str,
    kind: Kind,
    _system: &str,
) -> Option<String> {
    let (all, lower) = crate::styles::with_kind(words, kind_word);
    let spaced = all.join(" ");
    let camel: String = all
        .iter()
        .map(|w| {
            let mut chars = w.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect::<String>(),
                None => String::new(),
            }
        })
        .collect();
    let kebab = lower.join("-");
    let snake = lower.join("_");
    let h = hash(&spaced, "thirtyseventh");
    Some(match style {
        Name::Zulu => zulu(words, kind_word, kind)?,
        Name::Jsx => format!("<{camel} />"),
        Name::Storybook => format!("services-{kebab}--default"),
        Name::NextPage => format!("app/(services)/{kebab}/page.tsx"),
        Name::WebpackChunk => format!("{kebab}.{:08x}.chunk.js", h & 0xffff_ffff),
        Name::XcodeScheme => format!("{camel}.xcscheme"),
        Name::JUnit => format!("{camel}Test"),
        Name::Pytest => {
            let test = ["smoke", "happy_path", "contract"][(h >> 40) as usize % 3];
            format!("tests/test_{snake}.py::Test{camel}::test_{test}")
        }
        Name::Cypress => format!("cypress/e2e/{kebab}.cy.ts"),
        Name::Pact => format!("pacts/storefront-web-{kebab}.json"),
        Name::Looker => format!("/explore/novamart/{snake}"),
        Name::Tableau => format!("{spaced}.tdsx"),
        Name::Metabase => format!("/collection/{}-{kebab}", 2 + (h >> 20) % 90),
        Name::DbtExposure => format!("exposure:{snake}"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "isevisi", "Pact provider", "React component"],
        Kind::Database => &[
            "database",
            "isizindalwazi",
            "LookML view",
            "Tableau data source",
        ],
        Kind::Cache => &["cache", "i-cache", "SWR cache", "Looker PDT"],
        Kind::Topic => &["queue", "isihloko", "dbt source", "event stream"],
        Kind::Queue => &["queue", "ulayini", "Cypress fixture", "Metabase table"],
        Kind::External => &[
            "external_system",
            "uhlelo lwangaphandle",
            "Pact stub",
            "Tableau connector",
        ],
        Kind::Gateway => &["service", "isango", "Next.js middleware", "API route"],
        Kind::Frontend => &["frontend", "iwebhusayithi", "Next.js app", "Xcode target"],
        Kind::Index => &["database", "inkomba", "Looker explore", "dbt exposure"],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is exercised by A`: A calls B), and the answer then
/// has `from` and `to` the other way round. `A is bound to B` (A publishes to B), `A is
/// hooked into B` (A subscribes to B), `A is tested against B` (A depends on B) and `A is
/// mounted into B` (A is the part) only look passive (A acts); `B is exercised by A`, `B
/// is explored by A`, `B is hydrated by A`, `B is observed by A` and `B is mocked by A`
/// are written from the object, and so are Zulu `B ibizwa ngu A` (is called by), `B
/// ifundwa ngu A` (is read by), `B ibhalwa ngu A` (is written by) and `B ithola imicimbi
/// ku A` (receives events from). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("ibiza", "ibiza", false),
            ("ibizwa ngu", "ibizwa ngu", true),
            ("is exercised by", "is exercised by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("ifunda ku", "ifunda ku", false),
            ("ifundwa ngu", "ifundwa ngu", true),
            ("is explored by", "is explored by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("ibhala ku", "ibhala ku", false),
            ("ibhalwa ngu", "ibhalwa ngu", true),
            ("is hydrated by", "is hydrated by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("ishicilela ku", "ishicilela ku", false),
            ("ithola imicimbi ku", "ithola imicimbi ku", true),
            ("is bound to", "is bound to", false),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("ibhalisele ku", "ibhalisele ku", false),
            ("is hooked into", "is hooked into", false),
            ("is observed by", "is observed by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("incike ku", "incike ku", false),
            ("is tested against", "is tested against", false),
            ("is mocked by", "is mocked by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("iyingxenye ya", "iyingxenye ya", false),
            ("is mounted into", "is mounted into", false),
        ],
    }
}
