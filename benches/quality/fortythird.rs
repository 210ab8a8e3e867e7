//! The forty-third set (issue 36, forty-third round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Amharic or Armenian, data engineering orchestration and catalogs
//! (Dagster, Prefect, AWS Glue, Unity Catalog, Snowflake, dbt) and mobile app stores and
//! crash reporting (TestFlight, Crashlytics, Bugsnag, dSYM bundles) write:
//! - A model answering in Amharic (Ge'ez script): the genitive `የ` on the name's first
//!   word, the words in English order, the kind word last (`የትዕዛዝ አገልግሎት`, the order
//!   service; `የክፍያ መረጃ ቋት`, `የማሳወቂያ ወረፋ`, `የክፍለ ጊዜ ካሽ`, `የካታሎግ ፍለጋ
//!   አገልግሎት`), a vendor's API as `Stripe ኤፒአይ`, `የኤፒአይ መግቢያ በር`, `የመስመር ላይ
//!   መደብር`, `የፍለጋ ማውጫ`.
//! - A model answering in Armenian: the name's words in the genitive in English order,
//!   the kind word last, sentence case (`Պատվերների ծառայություն`, the orders service;
//!   `Վճարումների տվյալների բազա`, `Ծանուցումների հերթ`, `Սեսիաների քեշ`), a vendor's
//!   API as `Stripe-ի API`, `API դարպաս`, `Առցանց խանութ`, `Որոնման ինդեքս`.
//! - A Dagster asset key as Dagster's logs and reprs print it
//!   (`AssetKey(['novamart', 'order_service'])`).
//! - A Dagster op, the function's name with `_op` (`order_service_op`).
//! - A Prefect deployment, flow name and deployment name (`order-service/prod`).
//! - An AWS Glue crawler (`order_service_crawler`).
//! - A Unity Catalog three-part name, catalog, schema and table
//!   (`main.novamart.order_service`).
//! - A Snowflake fully qualified object name, upper case as Snowflake folds it
//!   (`NOVAMART_DB.PUBLIC.ORDER_SERVICE`).
//! - A dbt source reference (`source('novamart', 'order_service')`).
//! - A TestFlight build as App Store Connect lists it, version and build number
//!   (`Order Service 2.3.0 (417)`).
//! - A Crashlytics issue title, the file and line of the crash (`OrderService.swift line
//!   214`).
//! - A Bugsnag project's dashboard address (`app.bugsnag.com/novamart/order-service`).
//! - A dSYM bundle uploaded for symbolication (`OrderService.app.dSYM`).
//!
//! Type words come from the same sources (Amharic, Armenian, Dagster, Prefect, Glue,
//! Unity Catalog, Snowflake, App Store Connect, Bugsnag) and relationship phrases from
//! pipeline and mobile write-ups, some written from the object's end (`is triggered
//! by`, `is launched by`, `is queried by`, `is materialized by`, `is loaded by`, `is
//! published into by`, `is drained by`, `is upstream of`) and some that only look passive
//! (`is scheduled off`, `is blocked on`, `is gated by`: the subject acts) and two written
//! from the part (`is grouped under`, `is packaged in`).
//!
//! The near-named pairs of this set are `FORTYTHIRD_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the forty-third set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `የትዕዛዝ አገልግሎት`: an Amharic answer.
    Amharic,
    /// `Պատվերների ծառայություն`: an Armenian answer.
    Armenian,
    /// `AssetKey(['novamart', 'order_service'])`: a Dagster asset key.
    DagsterAsset,
    /// `order_service_op`: a Dagster op.
    DagsterOp,
    /// `order-service/prod`: a Prefect deployment.
    Prefect,
    /// `order_service_crawler`: an AWS Glue crawler.
    GlueCrawler,
    /// `main.novamart.order_service`: a Unity Catalog three-part name.
    UnityCatalog,
    /// `NOVAMART_DB.PUBLIC.ORDER_SERVICE`: a Snowflake fully qualified name.
    Snowflake,
    /// `source('novamart', 'order_service')`: a dbt source reference.
    DbtSource,
    /// `Order Service 2.3.0 (417)`: a TestFlight build.
    TestFlight,
    /// `OrderService.swift line 214`: a Crashlytics issue title.
    Crashlytics,
    /// `app.bugsnag.com/novamart/order-service`: a Bugsnag project.
    Bugsnag,
    /// `OrderService.app.dSYM`: a dSYM bundle.
    Dsym,
}

/// The forty-third styles (the canonical `Camel` form stays, as a document's own name).
pub const FORTYTHIRD: &[Style] = &[
    Style::Camel,
    Style::Fortythird(Name::Amharic),
    Style::Fortythird(Name::Armenian),
    Style::Fortythird(Name::DagsterAsset),
    Style::Fortythird(Name::DagsterOp),
    Style::Fortythird(Name::Prefect),
    Style::Fortythird(Name::GlueCrawler),
    Style::Fortythird(Name::UnityCatalog),
    Style::Fortythird(Name::Snowflake),
    Style::Fortythird(Name::DbtSource),
    Style::Fortythird(Name::TestFlight),
    Style::Fortythird(Name::Crashlytics),
    Style::Fortythird(Name::Bugsnag),
    Style::Fortythird(Name::Dsym),
];

/// The corpus's words in Amharic.
const AMHARIC: &[(&str, &str)] = &[
    ("Order", "ትዕዛዝ"),
    ("Orders", "ትዕዛዝ"),
    ("Checkout", "ክፍያ መፈጸሚያ"),
    ("Cart", "ጋሪ"),
    ("Payment", "ክፍያ"),
    ("Payments", "ክፍያ"),
    ("Pricing", "ዋጋ አወሳሰን"),
    ("Price", "ዋጋ"),
    ("Inventory", "ክምችት"),
    ("Catalog", "ካታሎግ"),
    ("Search", "ፍለጋ"),
    ("Index", "ማውጫ"),
    ("Shipping", "ማጓጓዣ"),
    ("Shipment", "ጭነት"),
    ("Shipments", "ጭነት"),
    ("Fulfillment", "ማሟያ"),
    ("Notification", "ማሳወቂያ"),
    ("Customer", "ደንበኛ"),
    ("Customers", "ደንበኛ"),
    ("Auth", "ማረጋገጫ"),
    ("Recommendation", "ምክረ ሐሳብ"),
    ("Review", "ግምገማ"),
    ("Reviews", "ግምገማ"),
    ("Promotion", "ቅናሽ"),
    ("Promotions", "ቅናሽ"),
    ("Tax", "ግብር"),
    ("Fraud", "ማጭበርበር"),
    ("Returns", "ተመላሽ"),
    ("Loyalty", "ታማኝነት"),
    ("Reporting", "ሪፖርት"),
    ("Invoice", "ደረሰኝ"),
    ("Session", "ክፍለ ጊዜ"),
    ("Events", "ክስተቶች"),
];

/// The Amharic kind words.
const AMHARIC_HEADS: &[(&str, &str)] = &[
    ("Service", "አገልግሎት"),
    ("DB", "መረጃ ቋት"),
    ("Cache", "ካሽ"),
    ("Queue", "ወረፋ"),
    ("Topic", "ርዕስ"),
];

/// The Amharic answer for a name, `None` for a word the table lacks.
fn amharic(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("{} ኤፒአይ", words.concat()),
        Kind::Gateway => "የኤፒአይ መግቢያ በር".into(),
        Kind::Frontend => "የመስመር ላይ መደብር".into(),
        Kind::Index => "የፍለጋ ማውጫ".into(),
        _ => {
            let own = translated(words, AMHARIC)?;
            let head = AMHARIC_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            // The genitive prefix on the first word of the modifier only.
            format!("የ{} {head}", own.join(" "))
        }
    })
}

/// The corpus's words in Armenian, in the genitive.
const ARMENIAN: &[(&str, &str)] = &[
    ("Order", "պատվերների"),
    ("Orders", "պատվերների"),
    ("Checkout", "դրամարկղի"),
    ("Cart", "զամբյուղի"),
    ("Payment", "վճարումների"),
    ("Payments", "վճարումների"),
    ("Pricing", "գնագոյացման"),
    ("Price", "գնի"),
    ("Inventory", "պաշարների"),
    ("Catalog", "կատալոգի"),
    ("Search", "որոնման"),
    ("Index", "ինդեքսի"),
    ("Shipping", "առաքման"),
    ("Shipment", "բեռների"),
    ("Shipments", "բեռների"),
    ("Fulfillment", "կատարման"),
    ("Notification", "ծանուցումների"),
    ("Customer", "հաճախորդների"),
    ("Customers", "հաճախորդների"),
    ("Auth", "նույնականացման"),
    ("Recommendation", "առաջարկությունների"),
    ("Review", "կարծիքների"),
    ("Reviews", "կարծիքների"),
    ("Promotion", "ակցիաների"),
    ("Promotions", "ակցիաների"),
    ("Tax", "հարկերի"),
    ("Fraud", "խարդախության"),
    ("Returns", "վերադարձների"),
    ("Loyalty", "հավատարմության"),
    ("Reporting", "հաշվետվությունների"),
    ("Invoice", "հաշիվների"),
    ("Session", "սեսիաների"),
    ("Events", "իրադարձությունների"),
];

/// The Armenian kind words.
const ARMENIAN_HEADS: &[(&str, &str)] = &[
    ("Service", "ծառայություն"),
    ("DB", "տվյալների բազա"),
    ("Cache", "քեշ"),
    ("Queue", "հերթ"),
    ("Topic", "թեմա"),
];

/// The Armenian answer for a name, `None` for a word the table lacks.
fn armenian(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("{}-ի API", words.concat()),
        Kind::Gateway => "API դարպաս".into(),
        Kind::Frontend => "Առցանց խանութ".into(),
        Kind::Index => "Որոնման ինդեքս".into(),
        _ => {
            let own = translated(words, ARMENIAN)?;
            let head = ARMENIAN_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            let text = format!("{} {head}", own.join(" "));
            // Sentence case: the first letter capital.
            let mut chars = text.chars();
            let first = chars.next()?;
            first.to_uppercase().chain(chars).collect()
        }
    })
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Amharic or Armenian table lacks).
pub fn write(
    style: Name,
    words: &[&str],
    kind_word: &str,
    kind: Kind,
    _system: &str,
) -> Option<String> {
    let (all, lower) = crate::styles::with_kind(words, kind_word);
    let kebab = lower.join("-");
    let snake = lower.join("_");
    let pascal = all.concat();
    let h = hash(&kebab, "fortythird");
    let version = format!("{}.{}.{}", 1 + h % 4, (h >> 8) % 10, (h >> 16) % 6);
    Some(match style {
        Name::Amharic => amharic(words, kind_word, kind)?,
        Name::Armenian => armenian(words, kind_word, kind)?,
        Name::DagsterAsset => format!("AssetKey(['novamart', '{snake}'])"),
        Name::DagsterOp => format!("{snake}_op"),
        Name::Prefect => format!("{kebab}/prod"),
        Name::GlueCrawler => format!("{snake}_crawler"),
        Name::UnityCatalog => format!("main.novamart.{snake}"),
        Name::Snowflake => format!("NOVAMART_DB.PUBLIC.{}", snake.to_uppercase()),
        Name::DbtSource => format!("source('novamart', '{snake}')"),
        Name::TestFlight => format!("{} {version} ({})", all.join(" "), 100 + h % 900),
        Name::Crashlytics => format!("{pascal}.swift line {}", 20 + (h >> 4) % 400),
        Name::Bugsnag => format!("app.bugsnag.com/novamart/{kebab}"),
        Name::Dsym => format!("{pascal}.app.dSYM"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "አገልግሎት", "Prefect flow", "iOS target"],
        Kind::Database => &[
            "database",
            "տվյալների բազա",
            "Unity Catalog table",
            "Snowflake database",
        ],
        Kind::Cache => &["cache", "ካሽ", "materialized cache", "in-memory store"],
        Kind::Topic => &["queue", "թեմա", "Dagster sensor source", "event stream"],
        Kind::Queue => &["queue", "ወረፋ", "work queue", "Prefect work pool"],
        Kind::External => &[
            "external_system",
            "արտաքին համակարգ",
            "third-party SDK",
            "dbt source",
        ],
        Kind::Gateway => &["service", "መግቢያ በር", "API front door", "edge router"],
        Kind::Frontend => &[
            "frontend",
            "մոբայլ հավելված",
            "App Store app",
            "Bugsnag project",
        ],
        Kind::Index => &["database", "የፍለጋ ማውጫ", "Glue table", "search index"],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is triggered by A`: A calls B), and the answer then
/// has `from` and `to` the other way round. `A is scheduled off B` (A listens to B), `A
/// is blocked on B` and `A is gated by B` (A leans on B) only look passive (A acts), and
/// so do `A is grouped under B` and `A is packaged in B` (A is the part); `B is triggered
/// by A`, `B is launched by A`, `B is queried by A`, `B is materialized by A`, `B is
/// loaded by A`, `B is published into by A`, `B is drained by A` and `B is upstream of A`
/// are written from the object. The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("kicks off", "kicks off", false),
            ("is triggered by", "is triggered by", true),
            ("is launched by", "is launched by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("sources from", "sources from", false),
            ("is queried by", "is queried by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("materializes into", "materializes into", false),
            ("is materialized by", "is materialized by", true),
            ("is loaded by", "is loaded by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("pushes events to", "pushes events to", false),
            ("is published into by", "is published into by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("is scheduled off", "is scheduled off", false),
            ("is drained by", "is drained by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("is blocked on", "is blocked on", false),
            ("is gated by", "is gated by", false),
            ("is upstream of", "is upstream of", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("is grouped under", "is grouped under", false),
            ("is packaged in", "is packaged in", false),
        ],
    }
}
