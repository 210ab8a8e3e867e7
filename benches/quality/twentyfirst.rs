//! The twenty-first set (issue 36, twenty-first round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! twenty sets had all been written (and nineteen of them looked at by the people
//! improving the rules). Nobody develops archie against this file: it is a yardstick for
//! the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Danish or Malay, software running under a Turkish locale, READMEs' `tree`
//! listings and box diagrams, Slack messages, scraped pages decoded with the wrong
//! character set, Objective-C code bases, ordered manifest folders, command lines in
//! runbooks, Django shells, people's own typing and hard-wrapped text write:
//! - A model answering in Danish: one compound of the name's words and the kind word, the
//!   linking `s` where Danish puts one (`Ordreservice`, the order service;
//!   `Betalingsdatabase`, `Notifikationskø`, `Sessionscache`), an English loan word joined
//!   with a hyphen (`Ordrehændelses-topic`), a vendor's API in the genitive (`Stripes
//!   API`, and with the bare apostrophe after an `x`: `FedEx' API`), `API-gateway`,
//!   `Webbutik`, `Søgeindeks`; one name in three written in ASCII as Danish file names,
//!   URLs and identifiers spell it (`æ` → `ae`, `ø` → `oe`, `å` → `aa`:
//!   `Soegeservice`, `Notifikationskoe`).
//! - A model answering in Malay (Bahasa Melayu, as Malaysian engineers write it): the kind
//!   word first and the words after it, head first (`Perkhidmatan Pesanan`, the service of
//!   orders; `Pangkalan Data Pembayaran`, `Baris Gilir Pemberitahuan`, `Topik Peristiwa
//!   Pesanan`, `Cache Sesi`), a vendor's API as `API Stripe`, `Get Laluan API`, `Kedai
//!   Dalam Talian`, `Indeks Carian`.
//! - A name upper-cased by software running under a Turkish locale, where a lower-case
//!   `i` becomes a dotted capital `İ` (U+0130: the "Turkish I" bug of `toUpperCase()`
//!   without a locale), spaced or in snake case (`ORDER SERVİCE`,
//!   `NOTİFİCATİON_QUEUE`); a name with no `i` has nothing to show.
//! - A line of a `tree` listing from a README or a monorepo's layout, the branch drawn in
//!   box-drawing characters in front (`├── order-service`, `└── orders-db`, nested:
//!   `│   ├── order-service`).
//! - A box's label copied out of a diagram drawn in box-drawing characters (Monodraw,
//!   asciiflow's Unicode mode), the box's sides left on (`│ Order Service │`).
//! - A Slack message's link as its markup (mrkdwn) writes it, the address and the text
//!   after a pipe inside angle brackets, as exports and bots leave it
//!   (`<https://docs.novamart.io/order-service|Order Service>`).
//! - Mojibake: British single quotes around the name, their UTF-8 bytes read as
//!   Windows-1252 by the page scraper (`â€˜Order Serviceâ€™`).
//! - An Objective-C (and Swift bridging) class with the company's two-letter prefix, as
//!   iOS and macOS code bases and the documents generated from them name a client or a
//!   store (`NMOrderService`, `NMOrdersDB`, `NMStripeAPI`).
//! - A folder or manifest with the number in front that orders how it is applied, as
//!   Kustomize bases, Helmfile and Ansible layouts name them (`10-orders-db`,
//!   `20-shipment-queue`, `30-order-service`).
//! - A command-line flag left in front of the name, copied from a runbook's command
//!   (`--service order-service`, `--db-instance-identifier orders-db`, `--topic
//!   order-events`, `--queue-name shipment-queue`, `--cache-cluster-id session-cache`).
//! - A Django model instance's repr from a shell session or a log, the model's class and
//!   the object's name in angle brackets (`<Service: Order Service>`, `<Datastore:
//!   Orders DB>`).
//! - Two letters swapped by someone typing fast, in the name's longest word
//!   (`Notifiaction Service`, `Paymnet Service`).
//! - A name broken across a hard-wrapped line, the line break left in it, as text wrapped
//!   at a fixed width gives it to an extractor (`Order\nService`).
//!
//! Type words come from the same sources (Danish, Malay, AWS, Django, Next.js,
//! Elasticsearch) and relationship phrases from design prose and a model answering in
//! Danish or Malay, some written from the object's end (`accepts calls from`, `hands data
//! to`, `is kept up to date by`, `is filled with events by`, `is worked off by`, `is
//! leaned on by`, Danish `kaldes af`, is called by, `læses af`, is read by, and `modtager
//! hændelser fra`, receives events from, and Malay `dipanggil oleh`, is called by,
//! `ditulis oleh`, is written by, and `dilanggan oleh`, is subscribed to by) and four that
//! only look passive (Danish `er abonneret på`, is subscribed to, and `er afhængig af`, is
//! dependent on, and `is propped up by`: the subject acts; `is slotted into`: the subject
//! is the part).
//!
//! The near-named pairs of this set are `TWENTY_FIRST_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, looked_up, translated};

/// One way of writing a name, in the twenty-first set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Ordreservice`, `Notifikationskø`: a Danish answer, one compound.
    Danish,
    /// `Perkhidmatan Pesanan`: a Malay answer, the kind word first.
    Malay,
    /// `ORDER SERVİCE`: upper-cased under a Turkish locale.
    TurkishUpper,
    /// `├── order-service`: a `tree` listing's line.
    TreeBranch,
    /// `│ Order Service │`: a box-drawing diagram's label.
    BoxLabel,
    /// `<https://docs.novamart.io/order-service|Order Service>`: a Slack link.
    SlackLink,
    /// `â€˜Order Serviceâ€™`: quotes read in the wrong character set.
    Mojibake,
    /// `NMOrderService`: an Objective-C class with the company's prefix.
    ClassPrefix,
    /// `30-order-service`: a folder numbered for the order it is applied in.
    Ordered,
    /// `--service order-service`: a command-line flag in front.
    CliFlag,
    /// `<Service: Order Service>`: a Django model instance's repr.
    DjangoRepr,
    /// `Paymnet Service`: two letters swapped.
    Swapped,
    /// `Order\nService`: a line break from hard-wrapped text.
    Wrapped,
}

/// The twenty-first styles (the canonical `Camel` form stays, as a document's own name).
pub const TWENTY_FIRST: &[Style] = &[
    Style::Camel,
    Style::TwentyFirst(Name::Danish),
    Style::TwentyFirst(Name::Malay),
    Style::TwentyFirst(Name::TurkishUpper),
    Style::TwentyFirst(Name::TreeBranch),
    Style::TwentyFirst(Name::BoxLabel),
    Style::TwentyFirst(Name::SlackLink),
    Style::TwentyFirst(Name::Mojibake),
    Style::TwentyFirst(Name::ClassPrefix),
    Style::TwentyFirst(Name::Ordered),
    Style::TwentyFirst(Name::CliFlag),
    Style::TwentyFirst(Name::DjangoRepr),
    Style::TwentyFirst(Name::Swapped),
    Style::TwentyFirst(Name::Wrapped),
];

/// The corpus's words as the first part of a Danish compound: the stem, with the linking
/// `s` Danish puts after `-ing`, `-else`, `-tion`, `-itet` and `Session`.
const DANISH: &[(&str, &str)] = &[
    ("Order", "Ordre"),
    ("Orders", "Ordre"),
    ("Checkout", "Kasse"),
    ("Cart", "Kurv"),
    ("Payment", "Betalings"),
    ("Payments", "Betalings"),
    ("Pricing", "Pris"),
    ("Price", "Pris"),
    ("Inventory", "Lager"),
    ("Catalog", "Katalog"),
    ("Search", "Søge"),
    ("Index", "Indeks"),
    ("Shipping", "Forsendelses"),
    ("Shipment", "Forsendelses"),
    ("Shipments", "Forsendelses"),
    ("Fulfillment", "Fulfillment"),
    ("Notification", "Notifikations"),
    ("Customer", "Kunde"),
    ("Customers", "Kunde"),
    ("Auth", "Login"),
    ("Recommendation", "Anbefalings"),
    ("Review", "Anmeldelses"),
    ("Reviews", "Anmeldelses"),
    ("Promotion", "Kampagne"),
    ("Promotions", "Kampagne"),
    ("Tax", "Moms"),
    ("Fraud", "Svindel"),
    ("Returns", "Retur"),
    ("Loyalty", "Loyalitets"),
    ("Reporting", "Rapporterings"),
    ("Invoice", "Faktura"),
    ("Session", "Sessions"),
    ("Events", "Hændelses"),
];

/// The kind words as the last part of a Danish compound (a loan word after a hyphen).
const DANISH_HEADS: &[(&str, &str)] = &[
    ("Service", "service"),
    ("DB", "database"),
    ("Cache", "cache"),
    ("Queue", "kø"),
    ("Topic", "-topic"),
];

/// The corpus's words in Malay, each a unit (`Daftar Keluar`, check out).
const MALAY: &[(&str, &str)] = &[
    ("Order", "Pesanan"),
    ("Orders", "Pesanan"),
    ("Checkout", "Daftar Keluar"),
    ("Cart", "Troli"),
    ("Payment", "Pembayaran"),
    ("Payments", "Pembayaran"),
    ("Pricing", "Penetapan Harga"),
    ("Price", "Harga"),
    ("Inventory", "Inventori"),
    ("Catalog", "Katalog"),
    ("Search", "Carian"),
    ("Index", "Indeks"),
    ("Shipping", "Penghantaran"),
    ("Shipment", "Penghantaran"),
    ("Shipments", "Penghantaran"),
    ("Fulfillment", "Pemenuhan"),
    ("Notification", "Pemberitahuan"),
    ("Customer", "Pelanggan"),
    ("Customers", "Pelanggan"),
    ("Auth", "Pengesahan"),
    ("Recommendation", "Cadangan"),
    ("Review", "Ulasan"),
    ("Reviews", "Ulasan"),
    ("Promotion", "Promosi"),
    ("Promotions", "Promosi"),
    ("Tax", "Cukai"),
    ("Fraud", "Penipuan"),
    ("Returns", "Pemulangan"),
    ("Loyalty", "Kesetiaan"),
    ("Reporting", "Pelaporan"),
    ("Invoice", "Invois"),
    ("Session", "Sesi"),
    ("Events", "Peristiwa"),
];

/// The Malay kind words, which come first.
const MALAY_HEADS: &[(&str, &str)] = &[
    ("Service", "Perkhidmatan"),
    ("DB", "Pangkalan Data"),
    ("Cache", "Cache"),
    ("Queue", "Baris Gilir"),
    ("Topic", "Topik"),
];

/// `text` in ASCII as Danish spells it without its three letters.
fn danish_ascii(text: &str) -> String {
    text.replace('æ', "ae")
        .replace('ø', "oe")
        .replace('å', "aa")
        .replace('Æ', "Ae")
        .replace('Ø', "Oe")
        .replace('Å', "Aa")
}

/// `text` upper-cased as a Turkish locale does it: `i` → `İ`, `ı` → `I`.
fn turkish_upper(text: &str) -> String {
    text.chars()
        .flat_map(|ch| match ch {
            'i' => vec!['\u{130}'],
            'ı' => vec!['I'],
            other => other.to_uppercase().collect(),
        })
        .collect()
}

/// `word` with two neighbouring letters near its middle swapped (two different ones:
/// swapping `ll` would change nothing).
fn swapped(word: &str) -> Option<String> {
    let mut chars: Vec<char> = word.chars().collect();
    let mut at = chars.len() / 2;
    while at + 1 < chars.len() && chars[at] == chars[at + 1] {
        at += 1;
    }
    if at + 1 >= chars.len() {
        return None;
    }
    chars.swap(at, at + 1);
    Some(chars.into_iter().collect())
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no `i` to upper-case the Turkish way in `Orders DB`).
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
    let h = hash(&spaced, "twentyfirst");
    Some(match style {
        Name::Danish => {
            let name = match kind {
                Kind::External => {
                    let vendor = words.concat();
                    if vendor.ends_with(['s', 'x', 'z']) {
                        format!("{vendor}' API")
                    } else {
                        format!("{vendor}s API")
                    }
                }
                Kind::Gateway => "API-gateway".into(),
                Kind::Frontend => "Webbutik".into(),
                Kind::Index => "Søgeindeks".into(),
                _ => {
                    let own = translated(words, DANISH)?;
                    let mut compound = own[0].to_string();
                    for w in &own[1..] {
                        compound.push_str(&w.to_lowercase());
                    }
                    compound.push_str(looked_up(kind_word, DANISH_HEADS)?);
                    compound
                }
            };
            if h.is_multiple_of(3) {
                danish_ascii(&name)
            } else {
                name
            }
        }
        Name::Malay => match kind {
            Kind::External => format!("API {}", words.concat()),
            Kind::Gateway => "Get Laluan API".into(),
            Kind::Frontend => "Kedai Dalam Talian".into(),
            Kind::Index => "Indeks Carian".into(),
            _ => {
                let mut own = translated(words, MALAY)?;
                own.reverse();
                format!("{} {}", looked_up(kind_word, MALAY_HEADS)?, own.join(" "))
            }
        },
        Name::TurkishUpper => {
            if !spaced.contains('i') {
                return None;
            }
            if h.is_multiple_of(2) {
                turkish_upper(&spaced)
            } else {
                turkish_upper(&all.join("_"))
            }
        }
        Name::TreeBranch => {
            let branch = if h.is_multiple_of(2) {
                "\u{251c}\u{2500}\u{2500}"
            } else {
                "\u{2514}\u{2500}\u{2500}"
            };
            if h % 3 == 1 {
                format!("\u{2502}   {branch} {kebab}")
            } else {
                format!("{branch} {kebab}")
            }
        }
        Name::BoxLabel => format!("\u{2502} {spaced} \u{2502}"),
        Name::SlackLink => format!(
            "<https://docs.{}.io/{kebab}|{spaced}>",
            system.to_lowercase()
        ),
        Name::Mojibake => format!("\u{e2}\u{20ac}\u{2dc}{spaced}\u{e2}\u{20ac}\u{2122}"),
        Name::ClassPrefix => {
            let prefix: String = system.chars().filter(char::is_ascii_uppercase).collect();
            format!("{prefix}{}", all.concat())
        }
        Name::Ordered => {
            let order = match kind {
                Kind::Database | Kind::Cache | Kind::Index => "10",
                Kind::Topic | Kind::Queue => "20",
                Kind::Service => "30",
                Kind::Gateway => "40",
                Kind::Frontend => "50",
                Kind::External => return None,
            };
            format!("{order}-{kebab}")
        }
        Name::CliFlag => {
            let flag = match kind {
                Kind::Service | Kind::Gateway => "--service",
                Kind::Frontend => "--app",
                Kind::Database => "--db-instance-identifier",
                Kind::Cache => "--cache-cluster-id",
                Kind::Topic => "--topic",
                Kind::Queue => "--queue-name",
                Kind::Index => "--domain-name",
                Kind::External => return None,
            };
            format!("{flag} {kebab}")
        }
        Name::DjangoRepr => {
            let model = match kind {
                Kind::Service => "Service",
                Kind::Database => "Datastore",
                Kind::Cache => "Cache",
                Kind::Topic => "Topic",
                Kind::Queue => "Queue",
                Kind::External => "Vendor",
                Kind::Gateway => "Gateway",
                Kind::Frontend => "Application",
                Kind::Index => "SearchIndex",
            };
            format!("<{model}: {spaced}>")
        }
        Name::Swapped => {
            let longest = all
                .iter()
                .enumerate()
                .filter(|(_, w)| w.chars().count() >= 5 && w.chars().all(char::is_alphabetic))
                .max_by_key(|(i, w)| (w.chars().count(), usize::MAX - i))?
                .0;
            let mut typed = all.clone();
            typed[longest] = swapped(&all[longest])?;
            typed.join(" ")
        }
        Name::Wrapped => {
            if all.len() < 2 {
                return None;
            }
            let at = 1 + (h as usize) % (all.len() - 1);
            format!("{}\n{}", all[..at].join(" "), all[at..].join(" "))
        }
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "mikrotjeneste",
            "perkhidmatan mikro",
            "Fargate service",
        ],
        Kind::Database => &["database", "datalager", "pangkalan data", "Django database"],
        Kind::Cache => &["cache", "mellemlager", "storan cache", "cache cluster"],
        Kind::Topic => &["queue", "hændelsesstrøm", "aliran peristiwa", "MSK topic"],
        Kind::Queue => &["queue", "beskedkø", "baris gilir mesej", "AMQP queue"],
        Kind::External => &[
            "external_system",
            "ekstern tjeneste",
            "sistem luaran",
            "penyedia luaran",
        ],
        Kind::Gateway => &["service", "gateway-tjeneste", "get laluan", "API edge"],
        Kind::Frontend => &["frontend", "netbutik", "aplikasi web", "Next.js storefront"],
        Kind::Index => &[
            "database",
            "søgeindeks",
            "indeks carian",
            "Elasticsearch alias",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B accepts calls from A`: A calls B), and the answer
/// then has `from` and `to` the other way round. `A is propped up by B`, Danish `A er
/// abonneret på B` (is subscribed to) and `A er afhængig af B` (is dependent on) only look
/// passive (A acts), and so does `A is slotted into B` (A is the part); `B accepts calls
/// from A`, `B hands data to A`, `B is kept up to date by A`, `B is filled with events by A`,
/// `B is worked off by A` and `B is leaned on by A` are written from the object, and so
/// are Danish `B kaldes af A` (is called by), `B læses af A` (is read by) and `B modtager
/// hændelser fra A` (receives events from) and Malay `B dipanggil oleh A` (is called by),
/// `B ditulis oleh A` (is written by) and `B dilanggan oleh A` (is subscribed to by). The
/// prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("kalder", "kalder", false),
            ("membuat panggilan ke", "membuat panggilan ke", false),
            ("kaldes af", "kaldes af", true),
            ("dipanggil oleh", "dipanggil oleh", true),
            ("accepts calls from", "accepts calls from", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("læser fra", "læser fra", false),
            ("membaca daripada", "membaca daripada", false),
            ("læses af", "læses af", true),
            ("hands data to", "hands data to", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("skriver til", "skriver til", false),
            ("menyimpan ke dalam", "menyimpan ke dalam", false),
            ("ditulis oleh", "ditulis oleh", true),
            ("is kept up to date by", "is kept up to date by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("publicerer til", "publicerer til", false),
            ("menerbitkan ke", "menerbitkan ke", false),
            ("modtager hændelser fra", "modtager hændelser fra", true),
            ("is filled with events by", "is filled with events by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("abonnerer på", "abonnerer på", false),
            ("melanggan", "melanggan", false),
            ("er abonneret på", "er abonneret på", false),
            ("dilanggan oleh", "dilanggan oleh", true),
            ("is worked off by", "is worked off by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("afhænger af", "afhænger af", false),
            ("bergantung kepada", "bergantung kepada", false),
            ("er afhængig af", "er afhængig af", false),
            ("is propped up by", "is propped up by", false),
            ("is leaned on by", "is leaned on by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("er en del af", "er en del af", false),
            ("sebahagian daripada", "adalah sebahagian daripada", false),
            ("is slotted into", "is slotted into", false),
        ],
    }
}
