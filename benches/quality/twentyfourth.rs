//! The twenty-fourth set (issue 36, twenty-fourth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! twenty-three sets had all been written (and twenty-two of them looked at by the people
//! improving the rules). Nobody develops archie against this file: it is a yardstick for
//! the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Irish or Maltese, extraction pipelines whose model nested its answer,
//! alert e-mails, forums, Spring code bases, people's own typing, migration trackers,
//! spreadsheets, enum-heavy code, linked-data knowledge graphs, quoted e-mails and
//! Markdown sources, and Kubernetes runbooks write:
//! - A model answering in Irish: the kind word first and the name's words after it in
//!   the genitive, head first (`Seirbhís Orduithe`, the service of orders; `Bunachar
//!   Sonraí Íocaíochtaí`, `Scuaine Fógraí`, `Taisce Seisiún`, `Ábhar Imeachtaí
//!   Orduithe`), one name in three with the article `na` on the last plural noun and the
//!   eclipsis it brings, a lower-case letter glued before the capital (`Seirbhís na
//!   nOrduithe`, `Scuaine na bhFógraí`, `Seirbhís na gCustaiméirí`), a vendor's API as
//!   `API Stripe`, `Geata API`, `Siopa Ar Líne`, `Innéacs Cuardaigh`.
//! - A model answering in Maltese: the kind word first and the words after `ta'` with the
//!   article, assimilated to the sun letters as Maltese writes it (`Servizz
//!   tal-Ordnijiet`, the service of the orders; `Database tal-Pagamenti`, `Kju
//!   tan-Notifiki`, `Cache tas-Sessjonijiet`, `Servizz taċ-Checkout`, `Suġġett
//!   tal-Avvenimenti tal-Ordnijiet`), a vendor's API as `L-API ta' Stripe`, `Gateway
//!   tal-API`, `Ħanut Online`, `Indiċi tat-Tfittxija`.
//! - A model that nested its answer, the entity's JSON object given for the name and the
//!   pipeline that kept it as a string (`{"name": "Order Service", "type": "service"}`).
//! - An RFC 2047 encoded word from an alert e-mail's subject pasted raw, spaces as
//!   underscores in the `Q` encoding (`=?UTF-8?Q?Order_Service?=`) and one name in four in
//!   base64 (`=?UTF-8?B?T3JkZXIgU2VydmljZQ==?=`).
//! - BBCode from an internal forum or a phpBB-style board (`[b]Order Service[/b]`,
//!   `[i]Orders DB[/i]`, `[code]orders-db[/code]`).
//! - A Spring annotation that names the thing, from code-derived documents
//!   (`@FeignClient(name = "order-service")`, `@KafkaListener(topics =
//!   "order-events-topic")`, `@RabbitListener(queues = "shipment-queue")`,
//!   `@Cacheable(cacheNames = "session-cache")`, `@Qualifier("ordersDb")`,
//!   `@Document(indexName = "search-index")`).
//! - A letter typed twice by a key that stuck, in the name's longest word (`Order
//!   Serrvice`, `Notiffication Service`).
//! - A migration tracker's status mark after the name (`Order Service ✅`, `Orders DB
//!   🚧`, `Shipment Queue ⚠️`).
//! - A spreadsheet cell exported as a formula so the text stays text (`="Order
//!   Service"`).
//! - An enum constant with its type, as code that lists its dependencies names them
//!   (`ServiceName.ORDER_SERVICE`, `DataSource.ORDERS_DB`, `Vendor.STRIPE_API`).
//! - A DBpedia-style resource IRI in angle brackets from N-Triples or a SPARQL result,
//!   the words joined by underscores (`<https://kg.novamart.io/resource/Order_Service>`).
//! - A Markdown blockquote's marker left in front, from a quoted e-mail or a design
//!   review's quoted paragraph (`> Order Service`).
//! - An HTML comment left after the name in a Markdown source (`Order Service <!--
//!   owner: @commerce -->`).
//! - A Kubernetes recommended label, as runbooks select a workload
//!   (`app.kubernetes.io/name=order-service`).
//!
//! Type words come from the same sources (Irish, Maltese, Spring's annotations and
//! interfaces) and relationship phrases from design prose and a model answering in Irish
//! or Maltese, some written from the object's end (`is dialled by`, `lends its records
//! to`, `is the landing zone for writes from`, `picks up the events put out by`, `has its
//! feed read by`, `keeps the lights on for`, Irish `á ghlaoch ag`, being called by, `á
//! léamh ag`, being read by, `á scríobh ag`, being written by, and Maltese `jissejjaħ
//! minn`, is called by, `jinqara minn`, is read by, `jirċievi l-avvenimenti ta'`,
//! receives the events of) and four that only look passive (Maltese `huwa abbonat
//! għal`, is subscribed to, `is signed up to` and `is hooked up to`: the subject acts;
//! `is bolted onto`: the subject is the part).
//!
//! The near-named pairs of this set are `TWENTY_FOURTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, looked_up, translated};

/// One way of writing a name, in the twenty-fourth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Seirbhís Orduithe`, `Scuaine na bhFógraí`: an Irish answer, head first.
    Irish,
    /// `Servizz tal-Ordnijiet`, `Kju tan-Notifiki`: a Maltese answer, head first.
    Maltese,
    /// `{"name": "Order Service", "type": "service"}`: the entity's JSON for its name.
    JsonObject,
    /// `=?UTF-8?Q?Order_Service?=`: an e-mail header's encoded word.
    EncodedWord,
    /// `[b]Order Service[/b]`: BBCode.
    BbCode,
    /// `@FeignClient(name = "order-service")`: a Spring annotation.
    SpringAnnotation,
    /// `Order Serrvice`: a letter typed twice.
    DoubledLetter,
    /// `Order Service ✅`: a migration tracker's status mark.
    StatusMark,
    /// `="Order Service"`: a spreadsheet's text formula.
    ExcelText,
    /// `ServiceName.ORDER_SERVICE`: an enum constant with its type.
    EnumConstant,
    /// `<https://kg.novamart.io/resource/Order_Service>`: a resource IRI.
    ResourceIri,
    /// `> Order Service`: a blockquote's marker.
    Blockquote,
    /// `Order Service <!-- owner: @commerce -->`: an HTML comment after the name.
    HtmlComment,
    /// `app.kubernetes.io/name=order-service`: a recommended label.
    LabelSelector,
}

/// The twenty-fourth styles (the canonical `Camel` form stays, as a document's own name).
pub const TWENTY_FOURTH: &[Style] = &[
    Style::Camel,
    Style::TwentyFourth(Name::Irish),
    Style::TwentyFourth(Name::Maltese),
    Style::TwentyFourth(Name::JsonObject),
    Style::TwentyFourth(Name::EncodedWord),
    Style::TwentyFourth(Name::BbCode),
    Style::TwentyFourth(Name::SpringAnnotation),
    Style::TwentyFourth(Name::DoubledLetter),
    Style::TwentyFourth(Name::StatusMark),
    Style::TwentyFourth(Name::ExcelText),
    Style::TwentyFourth(Name::EnumConstant),
    Style::TwentyFourth(Name::ResourceIri),
    Style::TwentyFourth(Name::Blockquote),
    Style::TwentyFourth(Name::HtmlComment),
    Style::TwentyFourth(Name::LabelSelector),
];

/// The corpus's words in Irish, as the genitive after the kind word takes them (the
/// plural for things there are many of, the verbal noun's genitive for an activity).
const IRISH: &[(&str, &str)] = &[
    ("Order", "Orduithe"),
    ("Orders", "Orduithe"),
    ("Checkout", "Seiceála"),
    ("Cart", "Ciseáin"),
    ("Payment", "Íocaíochta"),
    ("Payments", "Íocaíochtaí"),
    ("Pricing", "Praghsála"),
    ("Price", "Praghsanna"),
    ("Inventory", "Stoic"),
    ("Catalog", "Catalóige"),
    ("Search", "Cuardaigh"),
    ("Index", "Innéacs"),
    ("Shipping", "Seolta"),
    ("Shipment", "Lastaí"),
    ("Shipments", "Lastaí"),
    ("Fulfillment", "Comhlíonta"),
    ("Notification", "Fógraí"),
    ("Customer", "Custaiméirí"),
    ("Customers", "Custaiméirí"),
    ("Auth", "Fíordheimhnithe"),
    ("Recommendation", "Moltaí"),
    ("Review", "Léirmheasanna"),
    ("Reviews", "Léirmheasanna"),
    ("Promotion", "Tairiscintí"),
    ("Promotions", "Tairiscintí"),
    ("Tax", "Cánach"),
    ("Fraud", "Calaoise"),
    ("Returns", "Earraí ar Ais"),
    ("Loyalty", "Dílseachta"),
    ("Reporting", "Tuairiscithe"),
    ("Invoice", "Sonrasc"),
    ("Session", "Seisiún"),
    ("Events", "Imeachtaí"),
];

/// The Irish plural genitives with the article `na` and the eclipsis it brings (none
/// before `l`, `m` or `s`; `n` before a vowel, glued to the capital).
const IRISH_DEFINITE: &[(&str, &str)] = &[
    ("Orduithe", "na nOrduithe"),
    ("Íocaíochtaí", "na nÍocaíochtaí"),
    ("Praghsanna", "na bPraghsanna"),
    ("Lastaí", "na Lastaí"),
    ("Fógraí", "na bhFógraí"),
    ("Custaiméirí", "na gCustaiméirí"),
    ("Moltaí", "na Moltaí"),
    ("Léirmheasanna", "na Léirmheasanna"),
    ("Tairiscintí", "na dTairiscintí"),
    ("Seisiún", "na Seisiún"),
    ("Imeachtaí", "na nImeachtaí"),
    ("Sonrasc", "na Sonrasc"),
];

/// The Irish kind words, which come first.
const IRISH_HEADS: &[(&str, &str)] = &[
    ("Service", "Seirbhís"),
    ("DB", "Bunachar Sonraí"),
    ("Cache", "Taisce"),
    ("Queue", "Scuaine"),
    ("Topic", "Ábhar"),
];

/// The corpus's words in Maltese with `ta'` and the article before them, the article's
/// `l` assimilated to a sun letter (`tan-Notifiki`, `tas-Sessjonijiet`, `taċ-Checkout`).
const MALTESE: &[(&str, &str)] = &[
    ("Order", "tal-Ordnijiet"),
    ("Orders", "tal-Ordnijiet"),
    ("Checkout", "taċ-Checkout"),
    ("Cart", "tal-Karrettun"),
    ("Payment", "tal-Ħlas"),
    ("Payments", "tal-Pagamenti"),
    ("Pricing", "tal-Prezzijiet"),
    ("Price", "tal-Prezzijiet"),
    ("Inventory", "tal-Inventarju"),
    ("Catalog", "tal-Katalgu"),
    ("Search", "tat-Tfittxija"),
    ("Index", "tal-Indiċi"),
    ("Shipping", "tat-Tbaħħir"),
    ("Shipment", "tal-Kunsinni"),
    ("Shipments", "tal-Kunsinni"),
    ("Fulfillment", "tal-Eżekuzzjoni"),
    ("Notification", "tan-Notifiki"),
    ("Customer", "tal-Klijenti"),
    ("Customers", "tal-Klijenti"),
    ("Auth", "tal-Awtentikazzjoni"),
    ("Recommendation", "tar-Rakkomandazzjonijiet"),
    ("Review", "tar-Reviżjonijiet"),
    ("Reviews", "tar-Reviżjonijiet"),
    ("Promotion", "tal-Promozzjonijiet"),
    ("Promotions", "tal-Promozzjonijiet"),
    ("Tax", "tat-Taxxa"),
    ("Fraud", "tal-Frodi"),
    ("Returns", "tar-Ritorni"),
    ("Loyalty", "tal-Lealtà"),
    ("Reporting", "tar-Rappurtar"),
    ("Invoice", "tal-Fatturi"),
    ("Session", "tas-Sessjonijiet"),
    ("Events", "tal-Avvenimenti"),
];

/// The Maltese kind words, which come first.
const MALTESE_HEADS: &[(&str, &str)] = &[
    ("Service", "Servizz"),
    ("DB", "Database"),
    ("Cache", "Cache"),
    ("Queue", "Kju"),
    ("Topic", "Suġġett"),
];

/// The enum a constant naming a component of `kind` belongs to.
fn enum_type(kind: Kind) -> &'static str {
    match kind {
        Kind::Service | Kind::Gateway | Kind::Frontend => "ServiceName",
        Kind::Database => "DataSource",
        Kind::Cache => "CacheName",
        Kind::Topic => "TopicName",
        Kind::Queue => "QueueName",
        Kind::External => "Vendor",
        Kind::Index => "IndexName",
    }
}

/// `words` in lower camel case, an acronym's letters after the first in lower case as
/// Java code writes them (`ordersDb`).
fn lower_camel(words: &[String]) -> String {
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let lower = w.to_lowercase();
            if i == 0 {
                lower
            } else {
                crate::styles::capitalised(&lower)
            }
        })
        .collect()
}

/// `text` in base64 (RFC 4648, with padding).
fn base64(text: &str) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let bytes = text.as_bytes();
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// `word` with one of its consonants inside it typed twice, chosen by `h` (the first and
/// the last letters, and a consonant already doubled, are left alone).
fn doubled(word: &str, h: u64) -> Option<String> {
    let chars: Vec<char> = word.chars().collect();
    let places: Vec<usize> = (1..chars.len().saturating_sub(1))
        .filter(|&i| {
            let ch = chars[i];
            ch.is_ascii_alphabetic()
                && !"aeiouyAEIOUY".contains(ch)
                && chars[i - 1] != ch
                && chars.get(i + 1) != Some(&ch)
        })
        .collect();
    if places.is_empty() {
        return None;
    }
    let at = places[(h % places.len() as u64) as usize];
    let mut out: String = chars[..=at].iter().collect();
    out.extend(&chars[at..]);
    Some(out)
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no Spring annotation names a web shop).
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
    let h = hash(&spaced, "twentyfourth");
    Some(match style {
        Name::Irish => match kind {
            Kind::External => format!("API {}", words.concat()),
            Kind::Gateway => "Geata API".into(),
            Kind::Frontend => "Siopa Ar Líne".into(),
            Kind::Index => "Innéacs Cuardaigh".into(),
            _ => {
                // Head first: the kind word, then the words from the last to the first.
                let mut own = translated(words, IRISH)?;
                own.reverse();
                let head = looked_up(kind_word, IRISH_HEADS)?;
                let last = own.len() - 1;
                if h.is_multiple_of(3)
                    && let Some(definite) = looked_up(own[last], IRISH_DEFINITE)
                {
                    own[last] = definite;
                }
                format!("{head} {}", own.join(" "))
            }
        },
        Name::Maltese => match kind {
            Kind::External => format!("L-API ta' {}", words.concat()),
            Kind::Gateway => "Gateway tal-API".into(),
            Kind::Frontend => "Ħanut Online".into(),
            Kind::Index => "Indiċi tat-Tfittxija".into(),
            _ => {
                let mut own = translated(words, MALTESE)?;
                own.reverse();
                let head = looked_up(kind_word, MALTESE_HEADS)?;
                format!("{head} {}", own.join(" "))
            }
        },
        Name::JsonObject => format!(
            "{{\"name\": \"{spaced}\", \"type\": \"{}\"}}",
            type_words(kind)[0]
        ),
        Name::EncodedWord => {
            if (h >> 4).is_multiple_of(4) {
                format!("=?UTF-8?B?{}?=", base64(&spaced))
            } else {
                format!("=?UTF-8?Q?{}?=", spaced.replace(' ', "_"))
            }
        }
        Name::BbCode => match (h >> 8) % 3 {
            0 => format!("[b]{spaced}[/b]"),
            1 => format!("[i]{spaced}[/i]"),
            _ => format!("[code]{kebab}[/code]"),
        },
        Name::SpringAnnotation => match kind {
            Kind::Service | Kind::Gateway | Kind::External => {
                format!("@FeignClient(name = \"{kebab}\")")
            }
            Kind::Database => format!("@Qualifier(\"{}\")", lower_camel(&all)),
            Kind::Cache => format!("@Cacheable(cacheNames = \"{kebab}\")"),
            Kind::Topic => format!("@KafkaListener(topics = \"{kebab}\")"),
            Kind::Queue => format!("@RabbitListener(queues = \"{kebab}\")"),
            Kind::Index => format!("@Document(indexName = \"{kebab}\")"),
            Kind::Frontend => return None,
        },
        Name::DoubledLetter => {
            let longest = (0..all.len())
                .max_by_key(|&i| (all[i].chars().count(), usize::MAX - i))
                .unwrap_or(0);
            let mut typed = all.clone();
            typed[longest] = doubled(&all[longest], h >> 12)?;
            typed.join(" ")
        }
        Name::StatusMark => {
            let mark =
                ["\u{2705}", "\u{1f6a7}", "\u{26a0}\u{fe0f}", "\u{274c}"][((h >> 16) % 4) as usize];
            format!("{spaced} {mark}")
        }
        Name::ExcelText => format!("=\"{spaced}\""),
        Name::EnumConstant => format!("{}.{}", enum_type(kind), lower.join("_").to_uppercase()),
        Name::ResourceIri => format!("<https://kg.novamart.io/resource/{}>", all.join("_")),
        Name::Blockquote => format!("> {spaced}"),
        Name::HtmlComment => {
            let note = [
                "owner: @commerce",
                "TODO: add runbook link",
                "reviewed 2024-03",
            ][((h >> 20) % 3) as usize];
            format!("{spaced} <!-- {note} -->")
        }
        Name::LabelSelector => format!("app.kubernetes.io/name={kebab}"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "seirbhís", "servizz", "FeignClient"],
        Kind::Database => &[
            "database",
            "bunachar sonraí",
            "database relazzjonali",
            "DataSource",
        ],
        Kind::Cache => &["cache", "taisce", "memorja cache", "CacheManager"],
        Kind::Topic => &[
            "queue",
            "ábhar imeachtaí",
            "suġġett tal-avvenimenti",
            "KafkaTopic",
        ],
        Kind::Queue => &[
            "queue",
            "scuaine teachtaireachtaí",
            "kju tal-messaġġi",
            "RabbitQueue",
        ],
        Kind::External => &[
            "external_system",
            "seirbhís tríú páirtí",
            "servizz estern",
            "RestClient",
        ],
        Kind::Gateway => &["service", "geata API", "gateway tal-API", "ApiGateway"],
        Kind::Frontend => &[
            "frontend",
            "feidhmchlár gréasáin",
            "applikazzjoni web",
            "WebApp",
        ],
        Kind::Index => &[
            "database",
            "innéacs cuardaigh",
            "indiċi tat-tfittxija",
            "ElasticsearchRepository",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B lends its records to A`: A reads from B), and the
/// answer then has `from` and `to` the other way round. Maltese `A huwa abbonat għal B`
/// (is subscribed to), `A is signed up to B` and `A is hooked up to B` only look passive
/// (A acts), and so does `A is bolted onto B` (A is the part); `B is dialled by A`, `B
/// lends its records to A`, `B is the landing zone for writes from A`, `B picks up the
/// events put out by A`, `B has its feed read by A` and `B keeps the lights on for A` are
/// written from the object, and so are Irish `B á ghlaoch ag A` (being called by), `B á
/// léamh ag A` (being read by), `B á scríobh ag A` (being written by) and Maltese `B
/// jissejjaħ minn A` (is called by), `B jinqara minn A` (is read by) and `B jirċievi
/// l-avvenimenti ta' A` (receives the events of). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("glaonn ar", "glaonn ar", false),
            ("isejjaħ lil", "isejjaħ lil", false),
            ("á ghlaoch ag", "á ghlaoch ag", true),
            ("jissejjaħ minn", "jissejjaħ minn", true),
            ("is dialled by", "is dialled by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("léann ó", "léann ó", false),
            ("jaqra minn", "jaqra minn", false),
            ("á léamh ag", "á léamh ag", true),
            ("jinqara minn", "jinqara minn", true),
            ("lends its records to", "lends its records to", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("scríobhann chuig", "scríobhann chuig", false),
            ("jikteb fi", "jikteb fi", false),
            ("á scríobh ag", "á scríobh ag", true),
            (
                "is the landing zone for writes from",
                "is the landing zone for writes from",
                true,
            ),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("foilsíonn chuig", "foilsíonn chuig", false),
            ("jippubblika fuq", "jippubblika fuq", false),
            (
                "jirċievi l-avvenimenti ta'",
                "jirċievi l-avvenimenti ta'",
                true,
            ),
            (
                "picks up the events put out by",
                "picks up the events put out by",
                true,
            ),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("liostálann le", "liostálann le", false),
            ("huwa abbonat għal", "huwa abbonat għal", false),
            ("is signed up to", "is signed up to", false),
            ("has its feed read by", "has its feed read by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("braitheann ar", "braitheann ar", false),
            ("jiddependi minn", "jiddependi minn", false),
            ("is hooked up to", "is hooked up to", false),
            ("keeps the lights on for", "keeps the lights on for", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("is cuid de", "is cuid de", false),
            ("huwa parti minn", "huwa parti minn", false),
            ("is bolted onto", "is bolted onto", false),
        ],
    }
}
