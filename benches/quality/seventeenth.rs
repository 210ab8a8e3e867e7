//! The seventeenth set (issue 36, seventeenth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sixteen sets had all been written (and fifteen of them looked at by the people
//! improving the rules). Nobody develops archie against this file: it is a yardstick for
//! the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Persian or Tagalog, web pages' hyphenation, text copied out of
//! right-to-left documents, Puppet manifests, software bills of materials, Vault runbooks,
//! Clojure systems, IBM MQ estates, Nix flakes, capability maps, modular monoliths and
//! page mentions in Notion and Google Docs write:
//! - A model answering in Persian: the kind word first and the words after it, the head
//!   noun first (the ezafe left unwritten, as technical Persian mostly does), the plural
//!   suffix joined with a zero-width non-joiner (`سرویس سفارش`, the service of order;
//!   `پایگاه داده پرداخت‌ها`, `صف اعلان`, `تاپیک رویدادهای سفارش`), a vendor's API as
//!   `رابط برنامه‌نویسی Stripe`, `درگاه API`, `فروشگاه اینترنتی`.
//! - A model answering in Tagalog as Filipino engineers write it (Taglish): the kind word
//!   first, the words after `ng`, head first, English nouns kept and their plural marked
//!   with `mga` before them (`Serbisyo ng Order`, `Database ng mga Bayad`, `Pila ng
//!   Abiso`, `Topic ng mga Event ng Order`, `API ng Stripe`, `Gateway ng API`).
//! - Soft hyphens (U+00AD) a documentation site's hyphenation (`&shy;`, CSS `hyphens`)
//!   put inside long words, invisible until copied
//!   (`No\u{ad}ti\u{ad}fi\u{ad}ca\u{ad}tion Ser\u{ad}vice`).
//! - Directional marks (U+200E) around a Latin name copied out of a Hebrew, Arabic or
//!   Persian page (`\u{200e}Order Service\u{200e}`: it reads `Order Service`).
//! - A Puppet resource reference, as manifests and Puppet run reports name what they
//!   manage (`Service['order-service']`, `Postgresql::Server::Db['orders-db']`,
//!   `Rabbitmq_queue['shipment-queue@/']`, the queue's vhost after `@`).
//! - A package URL (purl) from a software bill of materials or a scanner's report
//!   (`pkg:docker/novamart/order-service@2.7.1`).
//! - A HashiCorp Vault path, as runbooks say where a component's credentials live
//!   (`secret/data/novamart/order-service`, `database/creds/orders-db`,
//!   `rabbitmq/creds/shipment-queue`).
//! - An Integrant (Clojure) system map's namespaced key, the kind in the namespace and
//!   the name without it after the slash (`:novamart.service/order`,
//!   `:novamart.db/orders`, `:novamart.api/stripe`).
//! - IBM MQ object names: a local queue with the `QL.` prefix MQ naming standards give
//!   it, in capitals and dotted (`QL.NOVAMART.SHIPMENT`), a topic by its topic string
//!   (`novamart/order/events`).
//! - A Nix flake's output, as READMEs say `nix run .#order-service` (`.#order-service`).
//! - A service named by the business capability it carries, from an enterprise
//!   architecture's capability map (`Order Management`, `Payment Processing`, `Fraud
//!   Prevention`).
//! - A modular monolith's words: a service as a module, a database as the schema it
//!   owns (`Order Module`, `Orders Schema`).
//! - A page mention copied from Notion or Google Docs, the `@` before the page's title
//!   (`@Order Service`).
//!
//! Type words come from the same sources (Persian, Tagalog, Puppet, IBM MQ, Nix, SBOMs,
//! capability maps) and relationship phrases from runbooks and design prose and a model
//! answering in Persian or Tagalog, some written from the object's end (`takes calls
//! from`, `is consulted by`, `keeps the records written by`, `collects messages from`,
//! `feeds its messages to`, `is a must-have for`) and three that only look passive
//! (Tagalog `ay naka-subscribe sa`, is subscribed to, Persian `وابسته است به`, is
//! dependent on: the subject acts; `is nested in`: the subject is the part).
//!
//! The near-named pairs of this set are `SEVENTEENTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, looked_up, translated};

/// One way of writing a name, in the seventeenth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `سرویس سفارش`, `پایگاه داده پرداخت‌ها`: a Persian answer.
    Persian,
    /// `Serbisyo ng Order`, `Database ng mga Bayad`: a Tagalog (Taglish) answer.
    Tagalog,
    /// `No\u{ad}ti\u{ad}fi\u{ad}ca\u{ad}tion Ser\u{ad}vice`: soft hyphens inside the words.
    SoftHyphen,
    /// `\u{200e}Order Service\u{200e}`: left-to-right marks around the name.
    BidiMark,
    /// `Service['order-service']`: a Puppet resource reference.
    PuppetRef,
    /// `pkg:docker/novamart/order-service@2.7.1`: a package URL.
    PackageUrl,
    /// `secret/data/novamart/order-service`: a Vault path.
    VaultPath,
    /// `:novamart.service/order`: an Integrant key.
    IntegrantKey,
    /// `QL.NOVAMART.SHIPMENT`, `novamart/order/events`: IBM MQ object names.
    IbmMq,
    /// `.#order-service`: a Nix flake's output.
    FlakeOutput,
    /// `Order Management`: a business capability.
    Capability,
    /// `Order Module`, `Orders Schema`: a modular monolith's words.
    Module,
    /// `@Order Service`: a page mention.
    PageMention,
}

/// The seventeenth styles (the canonical `Camel` form stays, as a document's own name).
pub const SEVENTEENTH: &[Style] = &[
    Style::Camel,
    Style::Seventeenth(Name::Persian),
    Style::Seventeenth(Name::Tagalog),
    Style::Seventeenth(Name::SoftHyphen),
    Style::Seventeenth(Name::BidiMark),
    Style::Seventeenth(Name::PuppetRef),
    Style::Seventeenth(Name::PackageUrl),
    Style::Seventeenth(Name::VaultPath),
    Style::Seventeenth(Name::IntegrantKey),
    Style::Seventeenth(Name::IbmMq),
    Style::Seventeenth(Name::FlakeOutput),
    Style::Seventeenth(Name::Capability),
    Style::Seventeenth(Name::Module),
    Style::Seventeenth(Name::PageMention),
];

/// The corpus's words in Persian (U+200C, the zero-width non-joiner, before a plural's
/// `ها` and inside compounds).
const PERSIAN: &[(&str, &str)] = &[
    ("Order", "سفارش"),
    ("Orders", "سفارش\u{200c}ها"),
    ("Checkout", "تسویه\u{200c}حساب"),
    ("Cart", "سبد خرید"),
    ("Payment", "پرداخت"),
    ("Payments", "پرداخت\u{200c}ها"),
    ("Pricing", "قیمت\u{200c}گذاری"),
    ("Price", "قیمت"),
    ("Inventory", "موجودی انبار"),
    ("Catalog", "کاتالوگ"),
    ("Search", "جستجو"),
    ("Index", "ایندکس"),
    ("Shipping", "ارسال"),
    ("Shipment", "محموله"),
    ("Shipments", "محموله\u{200c}ها"),
    ("Fulfillment", "انجام سفارش"),
    ("Notification", "اعلان"),
    ("Customer", "مشتری"),
    ("Customers", "مشتریان"),
    ("Auth", "احراز هویت"),
    ("Recommendation", "پیشنهاد"),
    ("Review", "نظرات"),
    ("Reviews", "نظرات"),
    ("Promotion", "تخفیف"),
    ("Promotions", "تخفیف\u{200c}ها"),
    ("Tax", "مالیات"),
    ("Fraud", "تشخیص تقلب"),
    ("Returns", "مرجوعی"),
    ("Loyalty", "باشگاه مشتریان"),
    ("Reporting", "گزارش\u{200c}گیری"),
    ("Invoice", "فاکتور"),
    ("Session", "نشست"),
    ("Events", "رویدادها"),
];

/// The corpus's words as a Tagalog answer writes them: English nouns kept, a plural
/// marked with `mga`, a few words in Tagalog.
const TAGALOG: &[(&str, &str)] = &[
    ("Order", "Order"),
    ("Orders", "mga Order"),
    ("Checkout", "Checkout"),
    ("Cart", "Cart"),
    ("Payment", "Bayad"),
    ("Payments", "mga Bayad"),
    ("Pricing", "Presyuhan"),
    ("Price", "Presyo"),
    ("Inventory", "Imbentaryo"),
    ("Catalog", "Katalogo"),
    ("Search", "Paghahanap"),
    ("Index", "Index"),
    ("Shipping", "Pagpapadala"),
    ("Shipment", "Padala"),
    ("Shipments", "mga Padala"),
    ("Fulfillment", "Fulfillment"),
    ("Notification", "Abiso"),
    ("Customer", "Customer"),
    ("Customers", "mga Customer"),
    ("Auth", "Pagpapatunay"),
    ("Recommendation", "Rekomendasyon"),
    ("Review", "Review"),
    ("Reviews", "mga Review"),
    ("Promotion", "Promo"),
    ("Promotions", "mga Promo"),
    ("Tax", "Buwis"),
    ("Fraud", "Panloloko"),
    ("Returns", "Pagbabalik"),
    ("Loyalty", "Loyalty"),
    ("Reporting", "Pag-uulat"),
    ("Invoice", "Invoice"),
    ("Session", "Session"),
    ("Events", "mga Event"),
];

/// The business capability a service carries, as a capability map names it.
const CAPABILITY: &[(&str, &str)] = &[
    ("Order", "Order Management"),
    ("Payment", "Payment Processing"),
    ("Pricing", "Price Management"),
    ("Inventory", "Inventory Management"),
    ("Catalog", "Catalog Management"),
    ("Search", "Product Search"),
    ("Shipping", "Shipping Management"),
    ("Fulfillment", "Order Fulfillment"),
    ("Notification", "Customer Notifications"),
    ("Customer", "Customer Management"),
    ("Auth", "Identity and Access Management"),
    ("Recommendation", "Product Recommendations"),
    ("Review", "Ratings and Reviews"),
    ("Promotion", "Promotion Management"),
    ("Tax", "Tax Calculation"),
    ("Fraud", "Fraud Prevention"),
    ("Returns", "Returns Management"),
    ("Loyalty", "Loyalty Management"),
    ("Reporting", "Business Reporting"),
    ("Invoice", "Billing"),
];

/// `word` with soft hyphens where a hyphenation routine would put them: before a
/// consonant followed by a vowel, with a vowel before it and at least three letters
/// after it. Acronyms and short words stay.
fn hyphenated(word: &str) -> String {
    let chars: Vec<char> = word.chars().collect();
    if chars.len() < 6 || chars.iter().all(|ch| ch.is_uppercase()) {
        return word.to_string();
    }
    let vowel = |ch: char| "aeiouyAEIOUY".contains(ch);
    let mut out = String::new();
    for (i, &ch) in chars.iter().enumerate() {
        let breaks = i >= 2
            && i + 3 <= chars.len()
            && !vowel(ch)
            && chars.get(i + 1).is_some_and(|&next| vowel(next))
            && chars[..i].iter().any(|&before| vowel(before));
        if breaks {
            out.push('\u{ad}');
        }
        out.push(ch);
    }
    out
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no package URL for a database, no capability for a cache).
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
    let words_kebab = words.join("-").to_lowercase();
    let org = system.to_lowercase();
    Some(match style {
        Name::Persian => {
            let head = match kind {
                Kind::Service => "سرویس",
                Kind::Database => "پایگاه داده",
                Kind::Cache => "کش",
                Kind::Topic => "تاپیک",
                Kind::Queue => "صف",
                Kind::External => {
                    return Some(format!("رابط برنامه\u{200c}نویسی {}", words.concat()));
                }
                Kind::Gateway => return Some("درگاه API".into()),
                Kind::Frontend => return Some("فروشگاه اینترنتی".into()),
                Kind::Index => return Some("ایندکس جستجو".into()),
            };
            // The head noun first (`رویدادهای سفارش`: events of order); a word ending
            // in a long vowel takes the ezafe's `ی`.
            let mut fa = translated(words, PERSIAN)?;
            fa.reverse();
            let joined = fa
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    if i + 1 < fa.len() && (w.ends_with('ا') || w.ends_with('و')) {
                        format!("{w}ی")
                    } else {
                        w.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ");
            format!("{head} {joined}")
        }
        Name::Tagalog => {
            let head = match kind {
                Kind::Service => "Serbisyo",
                Kind::Database => "Database",
                Kind::Cache => "Cache",
                Kind::Topic => "Topic",
                Kind::Queue => "Pila",
                Kind::External => return Some(format!("API ng {}", words.concat())),
                Kind::Gateway => return Some("Gateway ng API".into()),
                Kind::Frontend => return Some("Online na Tindahan".into()),
                Kind::Index => return Some("Index ng Paghahanap".into()),
            };
            let mut tl = translated(words, TAGALOG)?;
            tl.reverse();
            format!("{head} ng {}", tl.join(" ng "))
        }
        Name::SoftHyphen => {
            let text = all
                .iter()
                .map(|w| hyphenated(w))
                .collect::<Vec<_>>()
                .join(" ");
            if !text.contains('\u{ad}') {
                return None;
            }
            text
        }
        Name::BidiMark => format!("\u{200e}{spaced}\u{200e}"),
        Name::PuppetRef => match kind {
            Kind::Service => format!("Service['{kebab}']"),
            Kind::Gateway | Kind::Frontend => format!("Nginx::Resource::Server['{kebab}']"),
            Kind::Database => format!("Postgresql::Server::Db['{kebab}']"),
            Kind::Cache => format!("Redis::Instance['{kebab}']"),
            Kind::Queue => format!("Rabbitmq_queue['{kebab}@/']"),
            Kind::Topic => format!("Kafka::Topic['{words_kebab}']"),
            Kind::Index => format!("Elasticsearch::Index['{kebab}']"),
            Kind::External => return None,
        },
        Name::PackageUrl => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => {
                let h = hash(&kebab, "purl");
                format!(
                    "pkg:docker/{org}/{kebab}@{}.{}.{}",
                    1 + h % 4,
                    (h / 4) % 20,
                    (h / 80) % 10
                )
            }
            _ => return None,
        },
        Name::VaultPath => match kind {
            Kind::Database => format!("database/creds/{kebab}"),
            Kind::Queue => format!("rabbitmq/creds/{kebab}"),
            Kind::Service | Kind::Gateway | Kind::Cache | Kind::External => {
                format!("secret/data/{org}/{kebab}")
            }
            _ => return None,
        },
        Name::IntegrantKey => {
            let ns = match kind {
                Kind::Service => "service",
                Kind::Database => "db",
                Kind::Cache => "cache",
                Kind::Topic => "topic",
                Kind::Queue => "queue",
                Kind::External => "api",
                _ => return None,
            };
            format!(":{org}.{ns}/{words_kebab}")
        }
        Name::IbmMq => match kind {
            Kind::Queue => format!(
                "QL.{}.{}",
                system.to_uppercase(),
                words.join(".").to_uppercase()
            ),
            Kind::Topic => format!("{org}/{}", words.join("/").to_lowercase()),
            _ => return None,
        },
        Name::FlakeOutput => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => format!(".#{kebab}"),
            _ => return None,
        },
        Name::Capability => match kind {
            Kind::Service => looked_up(words.first()?, CAPABILITY)?.to_string(),
            _ => return None,
        },
        Name::Module => match kind {
            Kind::Service => format!("{} Module", words.join(" ")),
            Kind::Database => format!("{} Schema", words.join(" ")),
            _ => return None,
        },
        Name::PageMention => format!("@{spaced}"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "سرویس",
            "serbisyo",
            "business capability",
            "Nix flake package",
        ],
        Kind::Database => &[
            "database",
            "پایگاه داده",
            "imbakan ng datos",
            "module schema",
            "postgresql::server::db",
        ],
        Kind::Cache => &[
            "cache",
            "حافظه نهان",
            "pansamantalang imbakan",
            "redis::instance",
        ],
        Kind::Topic => &["queue", "تاپیک کافکا", "IBM MQ topic string"],
        Kind::Queue => &["queue", "صف پیام", "pila ng mensahe", "IBM MQ local queue"],
        Kind::External => &[
            "external_system",
            "سامانه خارجی",
            "panlabas na sistema",
            "third-party credential holder",
        ],
        Kind::Gateway => &["service", "درگاه API", "nginx::resource::server"],
        Kind::Frontend => &["frontend", "فروشگاه اینترنتی", "online na tindahan"],
        Kind::Index => &["database", "ایندکس جستجو", "elasticsearch::index"],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B takes calls from A`: A calls B), and the answer then
/// has `from` and `to` the other way round. Tagalog `A ay naka-subscribe sa B`, Persian
/// `A وابسته است به B` and `A is nested in B` only look passive (A acts, or A is the
/// part); `B takes calls from A`, `B is consulted by A`, `B keeps the records written by
/// A`, `B collects messages from A`, `B feeds its messages to A` and `B is a must-have
/// for A` are written from the object. Each relationship has one Persian and one Tagalog
/// phrase, as a model answering in them writes it. The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("فراخوانی می\u{200c}کند", "فراخوانی می\u{200c}کند", false),
            ("ay tumatawag sa", "ay tumatawag sa", false),
            ("takes calls from", "takes calls from", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("می\u{200c}خواند از", "می\u{200c}خواند از", false),
            (
                "ay kumukuha ng datos mula sa",
                "ay kumukuha ng datos mula sa",
                false,
            ),
            (
                "issues its SELECTs against",
                "issues its SELECTs against",
                false,
            ),
            ("is consulted by", "is consulted by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("می\u{200c}نویسد در", "می\u{200c}نویسد در", false),
            ("ay sumusulat sa", "ay sumusulat sa", false),
            ("commits its writes to", "commits its writes to", false),
            (
                "keeps the records written by",
                "keeps the records written by",
                true,
            ),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("منتشر می\u{200c}کند در", "منتشر می\u{200c}کند در", false),
            ("ay naglalathala sa", "ay naglalathala sa", false),
            ("puts messages on", "puts messages on", false),
            ("collects messages from", "collects messages from", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("مشترک است در", "مشترک است در", false),
            ("ay naka-subscribe sa", "ay naka-subscribe sa", false),
            ("gets messages off", "gets messages off", false),
            ("feeds its messages to", "feeds its messages to", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("وابسته است به", "وابسته است به", false),
            ("ay umaasa sa", "ay umaasa sa", false),
            ("will not boot without", "will not boot without", false),
            ("is a must-have for", "is a must-have for", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("بخشی است از", "بخشی است از", false),
            ("ay bahagi ng", "ay bahagi ng", false),
            ("is nested in", "is nested in", false),
        ],
    }
}
