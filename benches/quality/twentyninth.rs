//! The twenty-ninth set (issue 36, twenty-ninth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Azerbaijani, Android and iOS projects, Xcode, game engines (Unreal,
//! Godot), embedded firmware (devicetree, PlatformIO), SAP (ABAP, registered
//! namespaces), CAD and PLM tools (Teamcenter, SolidWorks) and desktop apps (the Windows
//! registry, macOS app bundles) write:
//! - A model answering in Azerbaijani: the name's words first, the kind word last with
//!   its possessive suffix (izafet: `Sifariş xidməti`, the orders service; `Ödəniş
//!   verilənlər bazası`, `Bildiriş növbəsi`, `Sessiya keşi`, `Sifariş hadisələri
//!   mövzusu`), a vendor's API with the suffix after a hyphen (`Stripe API-si`), `API
//!   şlüzü`, `Veb mağaza`, `Axtarış indeksi`.
//! - An Android component name as `adb` and logcat flatten it, package, slash and the
//!   class with a leading dot (`com.novamart.app/.OrderService`).
//! - An Android resource reference (`@string/order_service`).
//! - An Xcode binary framework bundle (`OrderService.xcframework`).
//! - An Unreal Engine Blueprint asset with its `BP_` prefix (`BP_OrderService`).
//! - A Godot resource path to a script (`res://services/order_service.gd`).
//! - A devicetree node name with its unit address (`order-service@4000a000`).
//! - A PlatformIO build environment section (`[env:order_service]`).
//! - An ABAP class in the customer namespace (`ZCL_ORDER_SERVICE`).
//! - An SAP object in a registered namespace (`/NOVAMART/ORDER_SERVICE`).
//! - A Teamcenter item revision as its tree shows it, item id, revision, sequence and
//!   name (`000123/A;1-Order Service`).
//! - A SolidWorks assembly component instance (`Order Service<1>`).
//! - A Windows registry key (`HKLM\SOFTWARE\NovaMart\OrderService`).
//! - A macOS app bundle (`Order Service.app`).
//!
//! Type words come from the same sources (Azerbaijani, Android, iOS, Unreal, FreeRTOS,
//! SAP) and relationship phrases from design prose, mobile and firmware reviews and a
//! model answering in Azerbaijani, some written from the object's end (`is bound by`, `is
//! polled by`, `is fed by`, `is broadcast into by`, `has as an observer`, `is a
//! prerequisite of`, Azerbaijani `tərəfindən çağırılır`, is called by, `tərəfindən
//! oxunur`, is read by, `tərəfindən yazılır`, is written by, `tərəfindən doldurulur`, is
//! filled by) and some that only look passive (`is subscribed to` and `is linked
//! against`: the subject acts; Azerbaijani `asılıdır`, depends on) and one written from
//! the part (`is embedded in`).
//!
//! The near-named pairs of this set are `TWENTY_NINTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, looked_up, translated};

/// One way of writing a name, in the twenty-ninth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Sifariş xidməti`: an Azerbaijani answer, the kind word last.
    Azerbaijani,
    /// `com.novamart.app/.OrderService`: an Android component name.
    AndroidComponent,
    /// `@string/order_service`: an Android resource reference.
    AndroidResource,
    /// `OrderService.xcframework`: an Xcode binary framework.
    XcFramework,
    /// `BP_OrderService`: an Unreal Blueprint asset.
    Blueprint,
    /// `res://services/order_service.gd`: a Godot resource path.
    GodotRes,
    /// `order-service@4000a000`: a devicetree node with its unit address.
    Devicetree,
    /// `[env:order_service]`: a PlatformIO environment.
    PlatformIo,
    /// `ZCL_ORDER_SERVICE`: an ABAP class in the customer namespace.
    AbapClass,
    /// `/NOVAMART/ORDER_SERVICE`: an SAP registered namespace.
    SapNamespace,
    /// `000123/A;1-Order Service`: a Teamcenter item revision.
    Teamcenter,
    /// `Order Service<1>`: a SolidWorks component instance.
    SolidWorks,
    /// `HKLM\SOFTWARE\NovaMart\OrderService`: a Windows registry key.
    Registry,
    /// `Order Service.app`: a macOS app bundle.
    MacApp,
}

/// The twenty-ninth styles (the canonical `Camel` form stays, as a document's own name).
pub const TWENTY_NINTH: &[Style] = &[
    Style::Camel,
    Style::TwentyNinth(Name::Azerbaijani),
    Style::TwentyNinth(Name::AndroidComponent),
    Style::TwentyNinth(Name::AndroidResource),
    Style::TwentyNinth(Name::XcFramework),
    Style::TwentyNinth(Name::Blueprint),
    Style::TwentyNinth(Name::GodotRes),
    Style::TwentyNinth(Name::Devicetree),
    Style::TwentyNinth(Name::PlatformIo),
    Style::TwentyNinth(Name::AbapClass),
    Style::TwentyNinth(Name::SapNamespace),
    Style::TwentyNinth(Name::Teamcenter),
    Style::TwentyNinth(Name::SolidWorks),
    Style::TwentyNinth(Name::Registry),
    Style::TwentyNinth(Name::MacApp),
];

/// The corpus's words in Azerbaijani, as a modifier before the kind word (the first
/// one is capitalised when written).
const AZERBAIJANI: &[(&str, &str)] = &[
    ("Order", "sifariş"),
    ("Orders", "sifariş"),
    ("Checkout", "kassa"),
    ("Cart", "səbət"),
    ("Payment", "ödəniş"),
    ("Payments", "ödəniş"),
    ("Pricing", "qiymətləndirmə"),
    ("Price", "qiymət"),
    ("Inventory", "anbar"),
    ("Catalog", "kataloq"),
    ("Search", "axtarış"),
    ("Index", "indeks"),
    ("Shipping", "göndərmə"),
    ("Shipment", "göndəriş"),
    ("Shipments", "göndəriş"),
    ("Fulfillment", "sifariş icrası"),
    ("Notification", "bildiriş"),
    ("Customer", "müştəri"),
    ("Customers", "müştəri"),
    ("Auth", "autentifikasiya"),
    ("Recommendation", "tövsiyə"),
    ("Review", "rəy"),
    ("Reviews", "rəy"),
    ("Promotion", "aksiya"),
    ("Promotions", "aksiya"),
    ("Tax", "vergi"),
    ("Fraud", "fırıldaqçılıq"),
    ("Returns", "qaytarma"),
    ("Loyalty", "loyallıq"),
    ("Reporting", "hesabat"),
    ("Invoice", "faktura"),
    ("Session", "sessiya"),
    ("Events", "hadisələri"),
];

/// The Azerbaijani kind words with their possessive suffix, which come last.
const AZERBAIJANI_HEADS: &[(&str, &str)] = &[
    ("Service", "xidməti"),
    ("DB", "verilənlər bazası"),
    ("Cache", "keşi"),
    ("Queue", "növbəsi"),
    ("Topic", "mövzusu"),
];

/// `text` with its first letter in upper case (Azerbaijani `i` becomes `İ`).
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some('i') => format!("İ{}", chars.as_str()),
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The Azerbaijani answer for a name, `None` for a word the table lacks.
fn azerbaijani(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("{} API-si", words.concat()),
        Kind::Gateway => "API şlüzü".into(),
        Kind::Frontend => "Veb mağaza".into(),
        Kind::Index => "Axtarış indeksi".into(),
        _ => {
            let own = translated(words, AZERBAIJANI)?;
            let head = looked_up(kind_word, AZERBAIJANI_HEADS)?;
            capitalised(&format!("{} {head}", own.join(" ")))
        }
    })
}

/// The folder a Godot project keeps a component of `kind`'s script in.
fn folder(kind: Kind) -> &'static str {
    match kind {
        Kind::Service | Kind::Gateway => "services",
        Kind::Database | Kind::Index => "storage",
        Kind::Cache => "caches",
        Kind::Topic | Kind::Queue => "messaging",
        Kind::External => "vendors",
        Kind::Frontend => "ui",
    }
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (an Azerbaijani word the table lacks).
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
    let upper_snake = snake.to_uppercase();
    let camel = all.concat();
    let h = hash(&spaced, "twentyninth");
    Some(match style {
        Name::Azerbaijani => azerbaijani(words, kind_word, kind)?,
        Name::AndroidComponent => format!("com.novamart.app/.{camel}"),
        Name::AndroidResource => format!("@string/{snake}"),
        Name::XcFramework => format!("{camel}.xcframework"),
        Name::Blueprint => format!("BP_{camel}"),
        Name::GodotRes => format!("res://{}/{snake}.gd", folder(kind)),
        Name::Devicetree => format!("{kebab}@{:x}", 0x4000_0000 + (h % 64) * 0x1000),
        Name::PlatformIo => format!("[env:{snake}]"),
        Name::AbapClass => format!("ZCL_{upper_snake}"),
        Name::SapNamespace => format!("/NOVAMART/{upper_snake}"),
        Name::Teamcenter => {
            let rev = ['A', 'B', 'C'][((h >> 8) % 3) as usize];
            format!("{:06}/{rev};{}-{spaced}", 100 + h % 900, 1 + (h >> 12) % 3)
        }
        Name::SolidWorks => format!("{spaced}<{}>", 1 + (h >> 16) % 3),
        Name::Registry => format!("HKLM\\SOFTWARE\\NovaMart\\{camel}"),
        Name::MacApp => format!("{spaced}.app"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "xidmət", "Android Service", "ABAP class"],
        Kind::Database => &[
            "database",
            "verilənlər bazası",
            "Room database",
            "HANA schema",
        ],
        Kind::Cache => &["cache", "keş", "NSCache", "firmware RAM cache"],
        Kind::Topic => &["queue", "hadisə mövzusu", "MQTT topic", "event dispatcher"],
        Kind::Queue => &["queue", "mesaj növbəsi", "FreeRTOS queue", "qRFC queue"],
        Kind::External => &[
            "external_system",
            "xarici sistem",
            "CocoaPods SDK",
            "RFC destination",
        ],
        Kind::Gateway => &["service", "API şlüzü", "IoT gateway", "SAP Gateway"],
        Kind::Frontend => &["frontend", "veb tətbiq", "iOS app target", "WebGL build"],
        Kind::Index => &[
            "database",
            "axtarış indeksi",
            "Core Spotlight index",
            "search index",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is bound by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is subscribed to B` (A listens to B), `A is
/// linked against B` (A leans on B) and Azerbaijani `A asılıdır B` (depends on) only
/// look passive or read backwards (A acts), and so does `A is embedded in B` (A is the
/// part); `B is bound by A`, `B is polled by A`, `B is fed by A`, `B is broadcast into by
/// A`, `B has as an observer A` and `B is a prerequisite of A` are written from the
/// object, and so are Azerbaijani `B tərəfindən çağırılır A` (is called by), `B
/// tərəfindən oxunur A` (is read by), `B tərəfindən yazılır A` (is written by) and `B
/// tərəfindən doldurulur A` (is filled by). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("çağırır", "çağırır", false),
            ("tərəfindən çağırılır", "tərəfindən çağırılır", true),
            ("is bound by", "is bound by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("oxuyur", "oxuyur", false),
            ("tərəfindən oxunur", "tərəfindən oxunur", true),
            ("is polled by", "is polled by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("yazır", "yazır", false),
            ("tərəfindən yazılır", "tərəfindən yazılır", true),
            ("is fed by", "is fed by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("dərc edir", "dərc edir", false),
            ("tərəfindən doldurulur", "tərəfindən doldurulur", true),
            ("is broadcast into by", "is broadcast into by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("abunə olur", "abunə olur", false),
            ("is subscribed to", "is subscribed to", false),
            ("has as an observer", "has as an observer", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("asılıdır", "asılıdır", false),
            ("is linked against", "is linked against", false),
            ("is a prerequisite of", "is a prerequisite of", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("hissəsidir", "hissəsidir", false),
            ("is embedded in", "is embedded in", false),
        ],
    }
}
