//! The twenty-fifth set (issue 36, twenty-fifth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! twenty-four sets had all been written (and twenty-three of them looked at by the
//! people improving the rules). Nobody develops archie against this file: it is a
//! yardstick for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Estonian or Slovenian, Python pipelines that dump JSON with its defaults,
//! Markdown documents with diagrams, Jupyter notebooks, scraped HTML attributes, Spring
//! XML configurations, Salesforce orgs, access logs, people's own typing, pull requests,
//! static-site front matter, Matrix chat rooms and diagrams.net files write:
//! - A model answering in Estonian: the name's words as genitive modifiers in front, in
//!   the order English has them, the plural genitive for things there are many of, and
//!   the kind word last, in sentence case (`Tellimuste teenus`, the orders' service;
//!   `Maksete andmebaas`, `Teavituste järjekord`, `Seansside vahemälu`, `Tellimuste
//!   sündmuste teema`, and `Maksude teenus` for the tax service, a letter from the
//!   payments'), a vendor's API with the genitive ending Estonian puts on a foreign name,
//!   after an apostrophe where the name ends in a letter not said (`Stripe'i API`,
//!   `TaxJari API`, `Okta API`), `API lüüs`, `Veebipood`, `Otsinguindeks`.
//! - A model answering in Slovenian: the kind word first and the words after it in the
//!   genitive plural, head first, in sentence case (`Storitev naročil`, the service of
//!   orders; `Podatkovna baza plačil`, `Čakalna vrsta obvestil`, `Predpomnilnik sej`,
//!   `Tema dogodkov naročil`), a vendor's API as `Vmesnik API Stripe`, `Prehod API`,
//!   `Spletna trgovina`, `Iskalni indeks`.
//! - A non-English name as Python's `json.dumps` writes it with its default
//!   `ensure_ascii=True`, every letter outside ASCII a `\u` escape, kept as text by a
//!   pipeline that encoded the answer once too often (`Storitev naro\u010dil`,
//!   `Teavituste j\u00e4rjekord`); a name all in ASCII has nothing to show.
//! - A Markdown image whose alt text is the name, from a design document that shows each
//!   component's diagram (`![Order Service](img/order-service.svg)`).
//! - A Jupyter notebook's output prompt copied with the value, a Python string's quotes
//!   on (`Out[12]: 'Order Service'`).
//! - The quotes of an HTML attribute's value escaped as entities, from a page whose
//!   `data-` attribute or JSON island a scraper read (`&quot;Order Service&quot;`).
//! - A Spring XML bean definition copied whole, the bean's id and its class, as legacy
//!   `applicationContext.xml` files and the documents written from them name a client or a
//!   resource (`<bean id="ordersDb" class="com.zaxxer.hikari.HikariDataSource"/>`).
//! - A Salesforce API name, the words joined by underscores and the custom object's
//!   `__c` after them, one in four with a managed package's namespace in front, as a CRM
//!   team's integration documents name the systems they sync with (`Order_Service__c`,
//!   `nm__Orders_DB__c`).
//! - A caller's User-Agent product token from an access log, the name and its version
//!   after a slash, one in three with a comment after it (`order-service/2.3.1`,
//!   `web-storefront/3.1.4 (novamart; +https://novamart.io)`); a store or a vendor sends
//!   none.
//! - A letter hit with its neighbour on a QWERTY keyboard, in the name's longest word
//!   (`Ordet Service`, `Paynent Service`).
//! - A line of a pull request's unified diff, the added line's `+` and the YAML list's
//!   dash left on (`+ order-service`, `+  - orders-db`).
//! - A static site's front matter, the page's `title:` key in front, the value quoted or
//!   not (`title: Order Service`, `title: "Orders DB"`).
//! - A Matrix room alias from incident notes, the room and the homeserver
//!   (`#order-service:matrix.novamart.io`).
//! - A diagrams.net (draw.io) label from the file's XML, its line break written as a
//!   character reference (`Order&#xa;Service`, `Orders&#10;DB`).
//!
//! Type words come from the same sources (Estonian, Slovenian, Salesforce, Spring's
//! classes) and relationship phrases from design prose and a model answering in Estonian
//! or Slovenian, some written from the object's end (`fields calls from`, `is where the
//! rows come from for`, `soaks up the writes of`, `collects what is emitted by`, `has
//! its stream drained by`, `holds up`, Estonian `saab päringuid komponendilt`, receives
//! requests from the component, `annab andmeid komponendile`, gives data to the
//! component, `võtab vastu kirjutusi komponendilt`, takes writes from the component, and
//! `saab sündmusi komponendilt`, receives events from the component, and Slovenian `je
//! klican s strani`, is called by, `je bran s strani`, is read by, `prejema zapise od`,
//! receives writes from, and `prejema dogodke od`, receives events from) and five that
//! only look passive (Estonian `on tellinud`, has subscribed, and `on sõltuv
//! komponendist`, is dependent on the component, Slovenian `je naročen na`, is
//! subscribed to, and `je odvisen od`, is dependent on, and `is tapped into`: the subject
//! acts) and one written from the part (`is folded into`).
//!
//! The near-named pairs of this set are `TWENTY_FIFTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, looked_up, translated};

/// One way of writing a name, in the twenty-fifth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Tellimuste teenus`, `Maksete andmebaas`: an Estonian answer, the kind word last.
    Estonian,
    /// `Storitev naročil`, `Čakalna vrsta obvestil`: a Slovenian answer, head first.
    Slovenian,
    /// `Storitev naro\u010dil`: JSON's `\u` escapes kept as text.
    AsciiEscaped,
    /// `![Order Service](img/order-service.svg)`: a Markdown image's alt text.
    MarkdownImage,
    /// `Out[12]: 'Order Service'`: a notebook's output prompt.
    NotebookOutput,
    /// `&quot;Order Service&quot;`: quotes escaped as HTML entities.
    QuotEntity,
    /// `<bean id="ordersDb" class="com.zaxxer.hikari.HikariDataSource"/>`: a Spring bean.
    SpringBean,
    /// `Order_Service__c`: a Salesforce custom object's API name.
    SalesforceApi,
    /// `order-service/2.3.1`: a User-Agent product token.
    UserAgent,
    /// `Ordet Service`: a neighbouring key hit.
    NeighbourKey,
    /// `+ order-service`: a unified diff's added line.
    DiffLine,
    /// `title: Order Service`: a page's front matter.
    FrontMatter,
    /// `#order-service:matrix.novamart.io`: a Matrix room alias.
    MatrixRoom,
    /// `Order&#xa;Service`: a diagrams.net label's line break as a character reference.
    DrawioBreak,
}

/// The twenty-fifth styles (the canonical `Camel` form stays, as a document's own name).
pub const TWENTY_FIFTH: &[Style] = &[
    Style::Camel,
    Style::TwentyFifth(Name::Estonian),
    Style::TwentyFifth(Name::Slovenian),
    Style::TwentyFifth(Name::AsciiEscaped),
    Style::TwentyFifth(Name::MarkdownImage),
    Style::TwentyFifth(Name::NotebookOutput),
    Style::TwentyFifth(Name::QuotEntity),
    Style::TwentyFifth(Name::SpringBean),
    Style::TwentyFifth(Name::SalesforceApi),
    Style::TwentyFifth(Name::UserAgent),
    Style::TwentyFifth(Name::NeighbourKey),
    Style::TwentyFifth(Name::DiffLine),
    Style::TwentyFifth(Name::FrontMatter),
    Style::TwentyFifth(Name::MatrixRoom),
    Style::TwentyFifth(Name::DrawioBreak),
];

/// The corpus's words in Estonian, as genitive modifiers (the plural for things there
/// are many of), in lower case.
const ESTONIAN: &[(&str, &str)] = &[
    ("Order", "tellimuste"),
    ("Orders", "tellimuste"),
    ("Checkout", "kassa"),
    ("Cart", "ostukorvi"),
    ("Payment", "maksete"),
    ("Payments", "maksete"),
    ("Pricing", "hinnastamise"),
    ("Price", "hindade"),
    ("Inventory", "laoseisu"),
    ("Catalog", "kataloogi"),
    ("Search", "otsingu"),
    ("Index", "indeksi"),
    ("Shipping", "tarne"),
    ("Shipment", "saadetiste"),
    ("Shipments", "saadetiste"),
    ("Fulfillment", "tellimuste täitmise"),
    ("Notification", "teavituste"),
    ("Customer", "klientide"),
    ("Customers", "klientide"),
    ("Auth", "autentimise"),
    ("Recommendation", "soovituste"),
    ("Review", "arvustuste"),
    ("Reviews", "arvustuste"),
    ("Promotion", "kampaaniate"),
    ("Promotions", "kampaaniate"),
    ("Tax", "maksude"),
    ("Fraud", "pettuste"),
    ("Returns", "tagastuste"),
    ("Loyalty", "lojaalsuse"),
    ("Reporting", "aruandluse"),
    ("Invoice", "arvete"),
    ("Session", "seansside"),
    ("Events", "sündmuste"),
];

/// The Estonian kind words, which come last.
const ESTONIAN_HEADS: &[(&str, &str)] = &[
    ("Service", "teenus"),
    ("DB", "andmebaas"),
    ("Cache", "vahemälu"),
    ("Queue", "järjekord"),
    ("Topic", "teema"),
];

/// The corpus's words in Slovenian, in the genitive (the plural for things there are
/// many of), in lower case.
const SLOVENIAN: &[(&str, &str)] = &[
    ("Order", "naročil"),
    ("Orders", "naročil"),
    ("Checkout", "zaključka nakupa"),
    ("Cart", "košarice"),
    ("Payment", "plačil"),
    ("Payments", "plačil"),
    ("Pricing", "določanja cen"),
    ("Price", "cen"),
    ("Inventory", "zalog"),
    ("Catalog", "kataloga"),
    ("Search", "iskanja"),
    ("Index", "indeksa"),
    ("Shipping", "dostave"),
    ("Shipment", "pošiljk"),
    ("Shipments", "pošiljk"),
    ("Fulfillment", "izvrševanja naročil"),
    ("Notification", "obvestil"),
    ("Customer", "strank"),
    ("Customers", "strank"),
    ("Auth", "avtentikacije"),
    ("Recommendation", "priporočil"),
    ("Review", "ocen"),
    ("Reviews", "ocen"),
    ("Promotion", "promocij"),
    ("Promotions", "promocij"),
    ("Tax", "davkov"),
    ("Fraud", "goljufij"),
    ("Returns", "vračil"),
    ("Loyalty", "zvestobe"),
    ("Reporting", "poročanja"),
    ("Invoice", "računov"),
    ("Session", "sej"),
    ("Events", "dogodkov"),
];

/// The Slovenian kind words, which come first.
const SLOVENIAN_HEADS: &[(&str, &str)] = &[
    ("Service", "Storitev"),
    ("DB", "Podatkovna baza"),
    ("Cache", "Predpomnilnik"),
    ("Queue", "Čakalna vrsta"),
    ("Topic", "Tema"),
];

/// The letters next to each letter on a QWERTY keyboard (same row and the rows above
/// and below).
const NEIGHBOURS: &[(char, &str)] = &[
    ('a', "qwsz"),
    ('b', "vghn"),
    ('c', "xdfv"),
    ('d', "serfcx"),
    ('e', "wsdr"),
    ('f', "drtgvc"),
    ('g', "ftyhbv"),
    ('h', "gyujnb"),
    ('i', "ujko"),
    ('j', "huikmn"),
    ('k', "jiolm"),
    ('l', "kop"),
    ('m', "njk"),
    ('n', "bhjm"),
    ('o', "iklp"),
    ('p', "ol"),
    ('q', "wa"),
    ('r', "edft"),
    ('s', "awedxz"),
    ('t', "rfgy"),
    ('u', "yhji"),
    ('v', "cfgb"),
    ('w', "qase"),
    ('x', "zsdc"),
    ('y', "tghu"),
    ('z', "asx"),
];

/// The Estonian genitive of a vendor's name: `i` after a consonant, `'i` after an `e`
/// not said, nothing after a vowel said.
fn estonian_vendor(name: &str) -> String {
    match name.chars().last() {
        Some('e') => format!("{name}'i"),
        Some(ch) if "aiouAIOU".contains(ch) => name.to_string(),
        Some(_) => format!("{name}i"),
        None => String::new(),
    }
}

/// The Estonian answer for a name, `None` for a word the table lacks.
fn estonian(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("{} API", estonian_vendor(&words.concat())),
        Kind::Gateway => "API lüüs".into(),
        Kind::Frontend => "Veebipood".into(),
        Kind::Index => "Otsinguindeks".into(),
        _ => {
            let own = translated(words, ESTONIAN)?;
            let head = looked_up(kind_word, ESTONIAN_HEADS)?;
            crate::styles::capitalised(&format!("{} {head}", own.join(" ")))
        }
    })
}

/// The Slovenian answer for a name, `None` for a word the table lacks.
fn slovenian(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("Vmesnik API {}", words.concat()),
        Kind::Gateway => "Prehod API".into(),
        Kind::Frontend => "Spletna trgovina".into(),
        Kind::Index => "Iskalni indeks".into(),
        _ => {
            let mut own = translated(words, SLOVENIAN)?;
            own.reverse();
            let head = looked_up(kind_word, SLOVENIAN_HEADS)?;
            format!("{head} {}", own.join(" "))
        }
    })
}

/// `text` as `json.dumps` writes it inside its quotes with `ensure_ascii=True`: every
/// character outside ASCII a `\u` escape with four lower-case hex digits (a surrogate
/// pair beyond the first plane). `None` when the text is all ASCII.
fn ascii_escaped(text: &str) -> Option<String> {
    if text.is_ascii() {
        return None;
    }
    let mut out = String::new();
    for ch in text.chars() {
        if ch.is_ascii() {
            out.push(ch);
        } else {
            let mut units = [0u16; 2];
            for unit in ch.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        }
    }
    Some(out)
}

/// `words` in upper camel case (`OrdersDB`, `StripeAPI`).
fn upper_camel(words: &[String]) -> String {
    words.concat()
}

/// `words` in lower camel case, an acronym's letters after the first in lower case as
/// Java code writes them (`ordersDb`, `apiGateway`).
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

/// `word` with one of its letters after the first replaced by a neighbouring key, chosen
/// by `h`; the case is kept.
fn neighbour_hit(word: &str, h: u64) -> Option<String> {
    let chars: Vec<char> = word.chars().collect();
    let places: Vec<usize> = (1..chars.len())
        .filter(|&i| chars[i].is_ascii_alphabetic())
        .collect();
    if places.is_empty() {
        return None;
    }
    let at = places[(h % places.len() as u64) as usize];
    let lower = chars[at].to_ascii_lowercase();
    let keys: Vec<char> = NEIGHBOURS
        .iter()
        .find(|(k, _)| *k == lower)?
        .1
        .chars()
        .collect();
    let mut hit = keys[((h >> 8) % keys.len() as u64) as usize];
    if chars[at].is_ascii_uppercase() {
        hit = hit.to_ascii_uppercase();
    }
    let mut out = chars;
    out[at] = hit;
    Some(out.into_iter().collect())
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a store sends no User-Agent).
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
    let h = hash(&spaced, "twentyfifth");
    Some(match style {
        Name::Estonian => estonian(words, kind_word, kind)?,
        Name::Slovenian => slovenian(words, kind_word, kind)?,
        Name::AsciiEscaped => {
            let slovenian = slovenian(words, kind_word, kind).and_then(|t| ascii_escaped(&t));
            let estonian = estonian(words, kind_word, kind).and_then(|t| ascii_escaped(&t));
            if h.is_multiple_of(2) {
                slovenian.or(estonian)?
            } else {
                estonian.or(slovenian)?
            }
        }
        Name::MarkdownImage => {
            let folder = ["img", "diagrams", "assets/architecture"][((h >> 4) % 3) as usize];
            let ext = ["svg", "png"][((h >> 6) % 2) as usize];
            format!("![{spaced}]({folder}/{kebab}.{ext})")
        }
        Name::NotebookOutput => format!("Out[{}]: '{spaced}'", 1 + (h >> 8) % 40),
        Name::QuotEntity => format!("&quot;{spaced}&quot;"),
        Name::SpringBean => {
            let class = match kind {
                Kind::Service | Kind::Gateway | Kind::External => {
                    format!("com.novamart.clients.{}Client", upper_camel(&all))
                }
                Kind::Database => "com.zaxxer.hikari.HikariDataSource".into(),
                Kind::Cache => "org.springframework.data.redis.cache.RedisCacheManager".into(),
                Kind::Topic => "org.apache.kafka.clients.admin.NewTopic".into(),
                Kind::Queue => "org.springframework.amqp.core.Queue".into(),
                Kind::Index => "co.elastic.clients.elasticsearch.ElasticsearchClient".into(),
                Kind::Frontend => return None,
            };
            format!("<bean id=\"{}\" class=\"{class}\"/>", lower_camel(&all))
        }
        Name::SalesforceApi => {
            let api = format!("{}__c", all.join("_"));
            if (h >> 12).is_multiple_of(4) {
                format!("nm__{api}")
            } else {
                api
            }
        }
        Name::UserAgent => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => {
                let version = format!("{}.{}.{}", 1 + (h >> 14) % 3, (h >> 16) % 10, (h >> 20) % 7);
                if (h >> 24).is_multiple_of(3) {
                    format!("{kebab}/{version} (novamart; +https://novamart.io)")
                } else {
                    format!("{kebab}/{version}")
                }
            }
            _ => return None,
        },
        Name::NeighbourKey => {
            let longest = (0..all.len())
                .max_by_key(|&i| (all[i].chars().count(), usize::MAX - i))
                .unwrap_or(0);
            let mut typed = all.clone();
            typed[longest] = neighbour_hit(&all[longest], h >> 28)?;
            typed.join(" ")
        }
        Name::DiffLine => {
            if (h >> 32).is_multiple_of(2) {
                format!("+ {kebab}")
            } else {
                format!("+  - {kebab}")
            }
        }
        Name::FrontMatter => {
            if (h >> 34).is_multiple_of(2) {
                format!("title: {spaced}")
            } else {
                format!("title: \"{spaced}\"")
            }
        }
        Name::MatrixRoom => format!("#{kebab}:matrix.novamart.io"),
        Name::DrawioBreak => {
            let reference = if (h >> 36).is_multiple_of(3) {
                "&#10;"
            } else {
                "&#xa;"
            };
            let at = all.len().div_ceil(2).max(1);
            format!("{}{reference}{}", all[..at].join(" "), all[at..].join(" "))
        }
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "teenus", "storitev", "integration client"],
        Kind::Database => &[
            "database",
            "andmebaas",
            "podatkovna baza",
            "JDBC data source",
        ],
        Kind::Cache => &["cache", "vahemälu", "predpomnilnik", "Redis cache manager"],
        Kind::Topic => &[
            "queue",
            "sündmuste teema",
            "tema dogodkov",
            "Kafka topic bean",
        ],
        Kind::Queue => &[
            "queue",
            "sõnumijärjekord",
            "čakalna vrsta sporočil",
            "AMQP queue",
        ],
        Kind::External => &[
            "external_system",
            "väline teenus",
            "zunanja storitev",
            "Named Credential",
        ],
        Kind::Gateway => &["service", "API lüüs", "prehod API", "edge proxy"],
        Kind::Frontend => &[
            "frontend",
            "veebirakendus",
            "spletna aplikacija",
            "browser client",
        ],
        Kind::Index => &[
            "database",
            "otsinguindeks",
            "iskalni indeks",
            "full-text search engine",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B fields calls from A`: A calls B), and the answer then
/// has `from` and `to` the other way round. Estonian `A on tellinud B` (has subscribed)
/// and `A on sõltuv komponendist B` (is dependent on the component), Slovenian `A je
/// naročen na B` (is subscribed to) and `A je odvisen od B` (is dependent on), and `A is
/// tapped into B` only look passive (A acts), and so does `A is folded into B` (A is the
/// part); `B fields calls from A`, `B is where the rows come from for A`, `B soaks up the
/// writes of A`, `B collects what is emitted by A`, `B has its stream drained by A` and
/// `B holds up A` are written from the object, and so are Estonian `B saab päringuid
/// komponendilt A` (receives requests from the component), `B annab andmeid komponendile
/// A` (gives data to the component), `B võtab vastu kirjutusi komponendilt A` (takes
/// writes from the component) and `B saab sündmusi komponendilt A` (receives events from
/// the component), and Slovenian `B je klican s strani A` (is called by), `B je bran s
/// strani A` (is read by), `B prejema zapise od A` (receives writes from) and `B prejema
/// dogodke od A` (receives events from). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("kutsub välja", "kutsub välja", false),
            ("kliče", "kliče", false),
            (
                "saab päringuid komponendilt",
                "saab päringuid komponendilt",
                true,
            ),
            ("je klican s strani", "je klican s strani", true),
            ("fields calls from", "fields calls from", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            (
                "loeb andmeid komponendist",
                "loeb andmeid komponendist",
                false,
            ),
            ("bere iz", "bere iz", false),
            (
                "annab andmeid komponendile",
                "annab andmeid komponendile",
                true,
            ),
            ("je bran s strani", "je bran s strani", true),
            (
                "is where the rows come from for",
                "is where the rows come from for",
                true,
            ),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("kirjutab komponenti", "kirjutab komponenti", false),
            ("piše v", "piše v", false),
            (
                "võtab vastu kirjutusi komponendilt",
                "võtab vastu kirjutusi komponendilt",
                true,
            ),
            ("prejema zapise od", "prejema zapise od", true),
            ("soaks up the writes of", "soaks up the writes of", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            (
                "saadab sündmusi komponenti",
                "saadab sündmusi komponenti",
                false,
            ),
            ("objavlja v", "objavlja v", false),
            (
                "saab sündmusi komponendilt",
                "saab sündmusi komponendilt",
                true,
            ),
            ("prejema dogodke od", "prejema dogodke od", true),
            (
                "collects what is emitted by",
                "collects what is emitted by",
                true,
            ),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("on tellinud", "on tellinud", false),
            ("je naročen na", "je naročen na", false),
            ("is tapped into", "is tapped into", false),
            (
                "has its stream drained by",
                "has its stream drained by",
                true,
            ),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("on sõltuv komponendist", "on sõltuv komponendist", false),
            ("je odvisen od", "je odvisen od", false),
            ("holds up", "holds up", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("on osa süsteemist", "on osa süsteemist", false),
            ("je del sistema", "je del sistema", false),
            ("is folded into", "is folded into", false),
        ],
    }
}
