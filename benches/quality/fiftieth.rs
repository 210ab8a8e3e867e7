//! The fiftieth set (issue 36, fiftieth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Macedonian, governance, risk and compliance tooling (SOC 2 control
//! matrices, GRC risk registers, GDPR Art. 30 records of processing, DPIA registers,
//! vendor-risk SIG questionnaires) and video and media pipelines (FFmpeg filtergraphs,
//! HLS playlists, MediaConvert job templates, Wowza applications, DRM key servers) write:
//! - A model answering in Macedonian: the kind word first with its postfixed definite
//!   article, then `за` and the name's words (`Сервисот за нарачки`, the order service;
//!   `Базата на податоци за плаќањата`, `Редицата за известувања`, `Кешот за сесии`),
//!   several words joined from the last with `на` (`Темата за настани на нарачки`), a
//!   vendor's API as `Stripe API-то`, `API портата`, `Веб-продавницата`, `Индексот за
//!   пребарување`.
//! - A SOC 2 control matrix row, the Trust Services criterion in front (`CC6.1 Order
//!   Service`).
//! - A GRC risk register's risk title, the name at the end of a loss phrase (`Loss of
//!   availability of Order Service`).
//! - A GDPR records-of-processing label (`Art. 30 record: Order Service`).
//! - A DPIA register entry, its id with the year and month in front (`DPIA-2024-07 Order
//!   Service`).
//! - A vendor-risk questionnaire row with the questionnaire after a slash (`Order Service
//!   / SIG Lite`).
//! - An FFmpeg filtergraph output label (`[order_service_out]`).
//! - An HLS rendition playlist (`order-service_720p.m3u8`).
//! - An HLS master playlist's `EXT-X-MEDIA` name attribute (`NAME="Order Service"`).
//! - A MediaConvert job template (`OrderService_HLS_JobTemplate`).
//! - A Wowza application with its default instance (`order-service/_definst_`).
//! - A DRM key server's content id, as a SPEKE request logs it
//!   (`content_id=order-service`).
//!
//! Type words come from the same sources (Macedonian, SOC 2 system descriptions, RoPA
//! asset inventories, vendor-risk registers, media pipelines) and relationship phrases
//! from audit narratives, media pipeline runbooks and a model answering in Macedonian,
//! some written from the object's end (`is invoked by`, `is demuxed by`, `is processed
//! by`, `is pulled by`, `is relied upon by`; Macedonian `се повикува од`, is called by,
//! `се чита од`, is read by, `се запишува од`, is written by, `прима настани од`,
//! receives events from) and some that only look passive (`is fed from`, `is packaged
//! into`, `is segmented into`, `is covered by`; Macedonian `е претплатен на`, is
//! subscribed to: the subject acts, and `зависи од`, depends on, whose `од` is the same
//! word as the passive's `by`) and one written from the part (`is in scope of`).
//!
//! The near-named pairs of this set are `FIFTIETH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the fiftieth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Сервисот за нарачки`: a Macedonian answer.
    Macedonian,
    /// `CC6.1 Order Service`: a SOC 2 control matrix row.
    Soc2,
    /// `Loss of availability of Order Service`: a GRC risk title.
    Risk,
    /// `Art. 30 record: Order Service`: a GDPR record of processing.
    Ropa,
    /// `DPIA-2024-07 Order Service`: a DPIA register entry.
    Dpia,
    /// `Order Service / SIG Lite`: a vendor-risk questionnaire row.
    SigLite,
    /// `[order_service_out]`: an FFmpeg filtergraph label.
    Ffmpeg,
    /// `order-service_720p.m3u8`: an HLS rendition playlist.
    HlsRendition,
    /// `NAME="Order Service"`: an HLS `EXT-X-MEDIA` name.
    HlsMedia,
    /// `OrderService_HLS_JobTemplate`: a MediaConvert job template.
    MediaConvert,
    /// `order-service/_definst_`: a Wowza application.
    Wowza,
    /// `content_id=order-service`: a DRM content id.
    Drm,
}

/// The fiftieth styles (the canonical `Camel` form stays, as a document's own name).
pub const FIFTIETH: &[Style] = &[
    Style::Camel,
    Style::Fiftieth(Name::Macedonian),
    Style::Fiftieth(Name::Soc2),
    Style::Fiftieth(Name::Risk),
    Style::Fiftieth(Name::Ropa),
    Style::Fiftieth(Name::Dpia),
    Style::Fiftieth(Name::SigLite),
    Style::Fiftieth(Name::Ffmpeg),
    Style::Fiftieth(Name::HlsRendition),
    Style::Fiftieth(Name::HlsMedia),
    Style::Fiftieth(Name::MediaConvert),
    Style::Fiftieth(Name::Wowza),
    Style::Fiftieth(Name::Drm),
];

/// The corpus's words in Macedonian, as they stand after `за`.
const MACEDONIAN: &[(&str, &str)] = &[
    ("Order", "нарачки"),
    ("Orders", "нарачките"),
    ("Checkout", "наплата"),
    ("Cart", "кошничка"),
    ("Payment", "плаќања"),
    ("Payments", "плаќањата"),
    ("Pricing", "определување цени"),
    ("Price", "цени"),
    ("Inventory", "залиха"),
    ("Catalog", "каталог"),
    ("Search", "пребарување"),
    ("Index", "индекс"),
    ("Shipping", "испорака"),
    ("Shipment", "пратка"),
    ("Shipments", "пратките"),
    ("Fulfillment", "исполнување"),
    ("Notification", "известувања"),
    ("Customer", "клиенти"),
    ("Customers", "клиентите"),
    ("Auth", "автентикација"),
    ("Recommendation", "препораки"),
    ("Review", "рецензии"),
    ("Reviews", "рецензиите"),
    ("Promotion", "промоции"),
    ("Promotions", "промоциите"),
    ("Tax", "данок"),
    ("Fraud", "измами"),
    ("Returns", "враќања"),
    ("Loyalty", "лојалност"),
    ("Reporting", "извештаи"),
    ("Invoice", "фактури"),
    ("Session", "сесии"),
    ("Events", "настани"),
];

/// The Macedonian kind words, each with its postfixed definite article.
const MACEDONIAN_HEADS: &[(&str, &str)] = &[
    ("Service", "Сервисот"),
    ("DB", "Базата на податоци"),
    ("Cache", "Кешот"),
    ("Queue", "Редицата"),
    ("Topic", "Темата"),
];

/// The Macedonian answer for a name, `None` for a word the table lacks.
fn macedonian(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("{} API-то", words.concat()),
        Kind::Gateway => "API портата".into(),
        Kind::Frontend => "Веб-продавницата".into(),
        Kind::Index => "Индексот за пребарување".into(),
        _ => {
            let mut own = translated(words, MACEDONIAN)?;
            let head = MACEDONIAN_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            // The head first, then `за` and the words from the last, joined with `на`.
            own.reverse();
            format!("{head} за {}", own.join(" на "))
        }
    })
}

/// SOC 2 Trust Services criteria a control matrix row starts with.
const CRITERIA: &[&str] = &["CC6.1", "CC6.6", "CC7.2", "CC8.1", "A1.2", "C1.1"];

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Macedonian table lacks).
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
    let h = hash(&spaced, "fiftieth");
    Some(match style {
        Name::Macedonian => macedonian(words, kind_word, kind)?,
        Name::Soc2 => format!(
            "{} {spaced}",
            CRITERIA[(h % CRITERIA.len() as u64) as usize]
        ),
        Name::Risk => format!("Loss of availability of {spaced}"),
        Name::Ropa => format!("Art. 30 record: {spaced}"),
        Name::Dpia => format!("DPIA-{}-{:02} {spaced}", 2021 + h % 4, 1 + (h / 7) % 12),
        Name::SigLite => format!("{spaced} / SIG Lite"),
        Name::Ffmpeg => format!("[{snake}_out]"),
        Name::HlsRendition => {
            let rendition = ["360p", "480p", "720p", "1080p"][(h % 4) as usize];
            format!("{kebab}_{rendition}.m3u8")
        }
        Name::HlsMedia => format!("NAME=\"{spaced}\""),
        Name::MediaConvert => format!("{camel}_HLS_JobTemplate"),
        Name::Wowza => format!("{kebab}/_definst_"),
        Name::Drm => format!("content_id={kebab}"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "сервис", "in-scope system", "transcoder"],
        Kind::Database => &[
            "database",
            "база на податоци",
            "personal data store",
            "asset store",
        ],
        Kind::Cache => &["cache", "кеш", "segment cache", "edge cache"],
        Kind::Topic => &["queue", "тема", "event stream", "SCTE-35 feed"],
        Kind::Queue => &["queue", "редица", "transcode queue", "job queue"],
        Kind::External => &[
            "external_system",
            "надворешен систем",
            "subprocessor",
            "third-party vendor",
        ],
        Kind::Gateway => &["service", "API порта", "boundary control", "packager"],
        Kind::Frontend => &[
            "frontend",
            "веб-апликација",
            "player",
            "customer-facing asset",
        ],
        Kind::Index => &[
            "database",
            "индекс за пребарување",
            "metadata index",
            "asset catalog",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is invoked by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is fed from B` (A reads from B), `A is
/// packaged into B` (A writes to B), `A is segmented into B` (A publishes to B), `A is
/// covered by B` (A depends on B), Macedonian `A е претплатен на B` (subscribes to) and
/// `A зависи од B` (depends on) only look passive (A acts), and so does `A is in scope
/// of B` (A is the part); `B is invoked by A`, `B is demuxed by A`, `B is processed by
/// A`, `B is pulled by A` and `B is relied upon by A` are written from the object, and so
/// are Macedonian `B се повикува од A` (is called by), `B се чита од A` (is read by), `B
/// се запишува од A` (is written by) and `B прима настани од A` (receives events from).
/// The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("повикува", "повикува", false),
            ("се повикува од", "се повикува од", true),
            ("is invoked by", "is invoked by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("чита од", "чита од", false),
            ("се чита од", "се чита од", true),
            ("is demuxed by", "is demuxed by", true),
            ("is fed from", "is fed from", false),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("запишува во", "запишува во", false),
            ("се запишува од", "се запишува од", true),
            ("is processed by", "is processed by", true),
            ("is packaged into", "is packaged into", false),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("објавува на", "објавува на", false),
            ("прима настани од", "прима настани од", true),
            ("is segmented into", "is segmented into", false),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("е претплатен на", "е претплатен на", false),
            ("is pulled by", "is pulled by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("зависи од", "зависи од", false),
            ("is relied upon by", "is relied upon by", true),
            ("is covered by", "is covered by", false),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("е дел од", "е дел од", false),
            ("is in scope of", "is in scope of", false),
        ],
    }
}
