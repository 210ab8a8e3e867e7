//! The thirty-eighth set (issue 36, thirty-eighth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Kazakh, networking and edge configuration (Nginx, HAProxy, AWS security
//! groups and target groups, Cloudflare Workers, F5 BIG-IP) and office and planning tools
//! (Outlook, e-mail gateways, Google Sheets, Airtable, Jira's e-mail notifications, OKR
//! sheets) write:
//! - A model answering in Kazakh: the name's words first in the nominative, then the kind
//!   word with its third-person possessive suffix (`Тапсырыс қызметі`, the order
//!   service; `Тапсырыстар дерекқоры`, `Сессия кэші`, `Хабарлама кезегі`, `Тапсырыс
//!   оқиғалар тақырыбы`), a vendor as `Stripe сервисі`, `API шлюзі`, `Веб-дүкен`,
//!   `Іздеу индексі`.
//! - An Nginx `upstream` block's header, as `nginx -T` prints it (`upstream
//!   order_service`).
//! - An HAProxy ACL's name, the `is_` a frontend's `use_backend … if` tests
//!   (`is_order_service`).
//! - An AWS security group as the console's pickers show it, its id and its name in
//!   parentheses with the `-sg` suffix (`sg-0a1b2c3d4e5f67890 (order-service-sg)`).
//! - An AWS target group as CloudWatch's `TargetGroup` dimension and ALB logs write it
//!   (`targetgroup/order-service-tg/73e2d6bc24d8a067`).
//! - A Cloudflare Workers route pattern (`api.novamart.io/order-service/*`).
//! - An F5 BIG-IP pool with its partition (`/Common/order_service_pool`).
//! - An Outlook meeting response's subject (`Accepted: Order Service weekly sync`).
//! - An e-mail reply's subject with the mail gateway's external-sender tag
//!   (`RE: [EXT] Order Service`).
//! - A Google Sheets named range with the `rng_` prefix spreadsheet people use
//!   (`rng_OrderService`).
//! - An Airtable record with its record id in parentheses
//!   (`Order Service (recX7k2PqL9mN4tR1)`).
//! - A Jira notification e-mail's subject, its issue key in parentheses
//!   (`[JIRA] (NOVA-142) Order Service`).
//! - An OKR sheet's key result number in front (`KR2.3 Order Service`).
//!
//! Type words come from the same sources (Kazakh, Nginx, F5, Cloudflare, Airtable) and
//! relationship phrases from design prose, runbooks and a model answering in Kazakh,
//! some written from the object's end (`is fronted by`, `is polled by`, `is fed by`, `is
//! watched by`, `is relied on by`, Kazakh `тарапынан шақырылады`, is called by, and
//! `тарапынан жазылады`, is written by) and some that only look passive (`is persisted
//! to`, `is routed to`, `is invited to`, `is pinned to`, and Kazakh `жазылады`,
//! subscribes, whose form is also the passive of `жазу`, to write: the subject acts) and
//! one written from the part (`is a pool member of`).
//!
//! The near-named pairs of this set are `THIRTY_EIGHTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the thirty-eighth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Тапсырыс қызметі`: a Kazakh answer.
    Kazakh,
    /// `upstream order_service`: an Nginx upstream block.
    Nginx,
    /// `is_order_service`: an HAProxy ACL.
    HaproxyAcl,
    /// `sg-0a1b2c3d4e5f67890 (order-service-sg)`: an AWS security group.
    SecurityGroup,
    /// `targetgroup/order-service-tg/73e2d6bc24d8a067`: an AWS target group.
    TargetGroup,
    /// `api.novamart.io/order-service/*`: a Cloudflare Workers route.
    Cloudflare,
    /// `/Common/order_service_pool`: an F5 BIG-IP pool.
    F5Pool,
    /// `Accepted: Order Service weekly sync`: an Outlook meeting response.
    Outlook,
    /// `RE: [EXT] Order Service`: an e-mail subject with an external tag.
    ExternalTag,
    /// `rng_OrderService`: a Google Sheets named range.
    NamedRange,
    /// `Order Service (recX7k2PqL9mN4tR1)`: an Airtable record.
    Airtable,
    /// `[JIRA] (NOVA-142) Order Service`: a Jira notification's subject.
    JiraMail,
    /// `KR2.3 Order Service`: an OKR sheet's key result.
    Okr,
}

/// The thirty-eighth styles (the canonical `Camel` form stays, as a document's own name).
pub const THIRTY_EIGHTH: &[Style] = &[
    Style::Camel,
    Style::ThirtyEighth(Name::Kazakh),
    Style::ThirtyEighth(Name::Nginx),
    Style::ThirtyEighth(Name::HaproxyAcl),
    Style::ThirtyEighth(Name::SecurityGroup),
    Style::ThirtyEighth(Name::TargetGroup),
    Style::ThirtyEighth(Name::Cloudflare),
    Style::ThirtyEighth(Name::F5Pool),
    Style::ThirtyEighth(Name::Outlook),
    Style::ThirtyEighth(Name::ExternalTag),
    Style::ThirtyEighth(Name::NamedRange),
    Style::ThirtyEighth(Name::Airtable),
    Style::ThirtyEighth(Name::JiraMail),
    Style::ThirtyEighth(Name::Okr),
];

/// The corpus's words in Kazakh, in the nominative (a modifier before the kind word).
const KAZAKH: &[(&str, &str)] = &[
    ("Order", "тапсырыс"),
    ("Orders", "тапсырыстар"),
    ("Checkout", "рәсімдеу"),
    ("Cart", "себет"),
    ("Payment", "төлем"),
    ("Payments", "төлемдер"),
    ("Pricing", "бағалау"),
    ("Price", "баға"),
    ("Inventory", "қор"),
    ("Catalog", "каталог"),
    ("Search", "іздеу"),
    ("Index", "индекс"),
    ("Shipping", "жеткізу"),
    ("Shipment", "жөнелтім"),
    ("Shipments", "жөнелтімдер"),
    ("Fulfillment", "орындау"),
    ("Notification", "хабарлама"),
    ("Customer", "клиент"),
    ("Customers", "клиенттер"),
    ("Auth", "аутентификация"),
    ("Recommendation", "ұсыныс"),
    ("Review", "пікір"),
    ("Reviews", "пікірлер"),
    ("Promotion", "акция"),
    ("Promotions", "акциялар"),
    ("Tax", "салық"),
    ("Fraud", "алаяқтық"),
    ("Returns", "қайтару"),
    ("Loyalty", "адалдық"),
    ("Reporting", "есептілік"),
    ("Invoice", "шот-фактура"),
    ("Session", "сессия"),
    ("Events", "оқиғалар"),
];

/// The Kazakh kind words with their third-person possessive suffix.
const KAZAKH_HEADS: &[(&str, &str)] = &[
    ("Service", "қызметі"),
    ("DB", "дерекқоры"),
    ("Cache", "кэші"),
    ("Queue", "кезегі"),
    ("Topic", "тақырыбы"),
];

/// The first letter of `text` in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The Kazakh answer for a name, `None` for a word the table lacks.
fn kazakh(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("{} сервисі", words.concat()),
        Kind::Gateway => "API шлюзі".into(),
        Kind::Frontend => "Веб-дүкен".into(),
        Kind::Index => "Іздеу индексі".into(),
        _ => {
            let own = translated(words, KAZAKH)?;
            let head = KAZAKH_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            capitalised(&format!("{} {head}", own.join(" ")))
        }
    })
}

/// `n` characters drawn from `alphabet` by `h`.
fn drawn(h: u64, n: usize, alphabet: &[u8]) -> String {
    let mut x = h;
    (0..n)
        .map(|_| {
            let ch = alphabet[(x % alphabet.len() as u64) as usize] as char;
            x = x.rotate_right(7) ^ 0x9e37_79b9_7f4a_7c15;
            ch
        })
        .collect()
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Kazakh table lacks).
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
    let snake = lower.join("_");
    let h = hash(&spaced, "thirtyeighth");
    const HEX: &[u8] = b"0123456789abcdef";
    const ALNUM: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789";
    Some(match style {
        Name::Kazakh => kazakh(words, kind_word, kind)?,
        Name::Nginx => format!("upstream {snake}"),
        Name::HaproxyAcl => format!("is_{snake}"),
        Name::SecurityGroup => format!("sg-{} ({kebab}-sg)", drawn(h, 17, HEX)),
        Name::TargetGroup => format!("targetgroup/{kebab}-tg/{}", drawn(h ^ 0x55, 16, HEX)),
        Name::Cloudflare => format!("api.novamart.io/{kebab}/*"),
        Name::F5Pool => format!("/Common/{snake}_pool"),
        Name::Outlook => format!("Accepted: {spaced} weekly sync"),
        Name::ExternalTag => format!("RE: [EXT] {spaced}"),
        Name::NamedRange => format!("rng_{camel}"),
        Name::Airtable => format!("{spaced} (rec{})", drawn(h ^ 0xa1, 14, ALNUM)),
        Name::JiraMail => format!("[JIRA] (NOVA-{}) {spaced}", 100 + h % 900),
        Name::Okr => format!("KR{}.{} {spaced}", 1 + h % 4, 1 + (h >> 8) % 5),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "қызмет", "nginx upstream", "F5 pool"],
        Kind::Database => &["database", "дерекқор", "RDS target", "Airtable base"],
        Kind::Cache => &["cache", "кэш", "proxy_cache zone", "cache tier"],
        Kind::Topic => &["queue", "тақырып", "event feed", "distribution list"],
        Kind::Queue => &["queue", "кезек", "work queue", "backlog"],
        Kind::External => &[
            "external_system",
            "сыртқы жүйе",
            "egress destination",
            "[EXT] sender",
        ],
        Kind::Gateway => &["service", "API шлюзі", "HAProxy frontend", "edge route"],
        Kind::Frontend => &[
            "frontend",
            "веб-қосымша",
            "Cloudflare Worker",
            "web property",
        ],
        Kind::Index => &[
            "database",
            "іздеу индексі",
            "search appliance",
            "lookup range",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is fronted by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is persisted to B` (A writes to B), `A is
/// routed to B` (A publishes to B), `A is invited to B` (A subscribes to B), `A is pinned
/// to B` (A depends on B) and Kazakh `A жазылады B` (subscribes; the same form is the
/// passive of `жазу`, to write) only look passive (A acts), and so does `A is a pool
/// member of B` (A is the part); `B is fronted by A`, `B is polled by A`, `B is fed by
/// A`, `B is watched by A` and `B is relied on by A` are written from the object, and so
/// are Kazakh `B тарапынан шақырылады A` (is called by) and `B тарапынан жазылады A` (is
/// written by). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("шақырады", "шақырады", false),
            ("тарапынан шақырылады", "тарапынан шақырылады", true),
            ("is fronted by", "is fronted by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("оқиды", "оқиды", false),
            ("pulls rows from", "pulls rows from", false),
            ("is polled by", "is polled by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("жазады", "жазады", false),
            ("тарапынан жазылады", "тарапынан жазылады", true),
            ("is persisted to", "is persisted to", false),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("жариялайды", "жариялайды", false),
            ("is routed to", "is routed to", false),
            ("is fed by", "is fed by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("жазылады", "жазылады", false),
            ("is invited to", "is invited to", false),
            ("is watched by", "is watched by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("тәуелді", "тәуелді", false),
            ("is pinned to", "is pinned to", false),
            ("is relied on by", "is relied on by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("құрамына кіреді", "құрамына кіреді", false),
            ("is a pool member of", "is a pool member of", false),
        ],
    }
}
