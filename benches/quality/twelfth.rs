//! The twelfth set (issue 36, twelfth round): naming styles, type words and relationship
//! phrases written without reading archie's identity rules, after the other eleven sets
//! had all been written (and ten of them looked at by the people improving the rules).
//! Nobody develops archie against this file: it is a yardstick for the work done against
//! the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what wikis,
//! meeting transcripts, legacy and enterprise code, templated infrastructure, cloud
//! identities, directory services, inventories sorted by kind, vendors' product pages,
//! text typed on two keyboard layouts and models answering in Finnish, Arabic or Hindi
//! write:
//! - A model answering in Finnish: the words built into one compound with the kind word,
//!   as Finnish engineering documents write them (`Tilauspalvelu`, the order service;
//!   `Maksutietokanta`, `Ilmoitusjono`), an English loan word joined with a hyphen
//!   (`Tilaustapahtuma-topic`), a vendor's API in the genitive (`Stripen API`).
//! - A model answering in Arabic: the kind word first and the words after it in the
//!   construct state, the last one with its article, in Arabic letters (`خدمة الطلبات`, the
//!   service of the orders; `قاعدة بيانات المدفوعات`, `طابور الإشعارات`), a vendor's API
//!   as Arabic documents name it (`واجهة برمجة تطبيقات Stripe`).
//! - A model answering in Hindi as Hindi technical writing does: the English words
//!   transliterated into Devanagari, spaced, the kind word last (`ऑर्डर सर्विस`,
//!   `पेमेंट्स डेटाबेस`, `नोटिफिकेशन क्यू`), a vendor's API with the genitive `का`
//!   (`Stripe का API`).
//! - A Confluence wiki-markup link to the component's page in its space
//!   (`[ARCH:Order Service]`).
//! - An automatic meeting transcript's homophones and spelled-out letters (`Orders D B`,
//!   `Session Cash`, `Shipment Q`, `Stripe A P I`).
//! - An identifier read aloud in a meeting and transcribed as spoken (`order dash
//!   service`, `orders dash db`).
//! - Hungarian notation from legacy code and its documents: the kind's short prefix in
//!   lower case glued before the words (`svcOrder`, `dbOrders`, `qShipment`,
//!   `extStripe`).
//! - A name with its template expression left in, copied from a Helm chart's templates
//!   (`{{ .Release.Name }}-order-service`) or a Terraform resource's `name`
//!   (`${var.env}-orders-db`).
//! - A Google Cloud service account's email, as IAM policies and audit logs name a
//!   workload (`order-service@novamart-prod.iam.gserviceaccount.com`).
//! - A look-alike Cyrillic letter in a Latin name, as text typed by someone switching
//!   between a Russian and an English keyboard layout has it (`Оrder Service` with a
//!   Cyrillic `О`, `Сart Service`).
//! - An Azure Service Fabric service name, the application's URI and the service
//!   (`fabric:/NovaMart/OrderService`).
//! - A Java EE JNDI name, as an EJB's global name or a resource reference in
//!   `web.xml` and application-server consoles (`java:global/novamart/OrderService`,
//!   `java:comp/env/jdbc/OrdersDB`, `java:comp/env/jms/ShipmentQueue`).
//! - An inventory sorted by kind, the kind word first and a comma, as spreadsheets and
//!   back-of-book indexes invert a name (`Service, Order`, `DB, Orders`, `API, Stripe`).
//! - A vendor's own product name for the API used (`Stripe Payments`, `TaxJar
//!   SmartCalcs`, `Twilio SendGrid`, `FedEx Web Services`).
//! - An LDAP distinguished name: an application's entry (`cn=order-service,
//!   ou=applications,dc=novamart,dc=com`), a database's Oracle Net service name
//!   (`cn=ORDERSDB,cn=OracleContext,dc=novamart,dc=com`).
//!
//! Type words come from the same sources (Service Fabric, Java EE, KeyDB, Finnish,
//! Arabic, Hindi) and relationship phrases from design prose and a model answering in
//! Finnish, Arabic or Hindi, some written from the object's end (`is the callee of`,
//! `hands rows back to`, `absorbs the writes of`, `is the outbound channel of`, `pushes
//! deliveries to`, `is a hard prerequisite of`) and one that only sounds passive (`is a
//! subscriber of`: the subject subscribes).
//!
//! The near-named pairs of this set are `TWELFTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, capitalised, looked_up, translated};

/// One way of writing a name, in the twelfth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Tilauspalvelu`, `Maksutietokanta`, `Stripen API`: a Finnish answer.
    Finnish,
    /// `خدمة الطلبات`, `قاعدة بيانات المدفوعات`: an Arabic answer.
    Arabic,
    /// `ऑर्डर सर्विस`, `पेमेंट्स डेटाबेस`: a Hindi answer, the English words in Devanagari.
    Hindi,
    /// `[ARCH:Order Service]`: a Confluence wiki-markup link.
    ConfluenceLink,
    /// `Orders D B`, `Session Cash`, `Shipment Q`: a meeting transcript's homophones.
    Transcript,
    /// `order dash service`: an identifier read aloud and transcribed.
    SpokenIdentifier,
    /// `svcOrder`, `dbOrders`, `qShipment`: Hungarian notation.
    Hungarian,
    /// `{{ .Release.Name }}-order-service`, `${var.env}-orders-db`: a template left in.
    TemplatePlaceholder,
    /// `order-service@novamart-prod.iam.gserviceaccount.com`: a GCP service account.
    ServiceAccount,
    /// `Оrder Service` (a Cyrillic `О`): a look-alike letter from another layout.
    Homoglyph,
    /// `fabric:/NovaMart/OrderService`: a Service Fabric service name.
    ServiceFabric,
    /// `java:comp/env/jdbc/OrdersDB`: a JNDI name.
    Jndi,
    /// `Service, Order`, `DB, Orders`: an inventory's inverted entry.
    Inverted,
    /// `Twilio SendGrid`, `TaxJar SmartCalcs`: the vendor's product name.
    VendorProduct,
    /// `cn=order-service,ou=applications,dc=novamart,dc=com`: an LDAP entry.
    LdapDn,
}

/// The twelfth styles (the canonical `Camel` form stays, as a document's own name).
pub const TWELFTH: &[Style] = &[
    Style::Camel,
    Style::Twelfth(Name::Finnish),
    Style::Twelfth(Name::Arabic),
    Style::Twelfth(Name::Hindi),
    Style::Twelfth(Name::ConfluenceLink),
    Style::Twelfth(Name::Transcript),
    Style::Twelfth(Name::SpokenIdentifier),
    Style::Twelfth(Name::Hungarian),
    Style::Twelfth(Name::TemplatePlaceholder),
    Style::Twelfth(Name::ServiceAccount),
    Style::Twelfth(Name::Homoglyph),
    Style::Twelfth(Name::ServiceFabric),
    Style::Twelfth(Name::Jndi),
    Style::Twelfth(Name::Inverted),
    Style::Twelfth(Name::VendorProduct),
    Style::Twelfth(Name::LdapDn),
];

/// The corpus's words as the first part of a Finnish compound (`Maksu` + `tietokanta`).
const FINNISH: &[(&str, &str)] = &[
    ("Order", "tilaus"),
    ("Orders", "tilaus"),
    ("Checkout", "kassa"),
    ("Cart", "ostoskori"),
    ("Payment", "maksu"),
    ("Payments", "maksu"),
    ("Pricing", "hinnoittelu"),
    ("Price", "hinta"),
    ("Inventory", "varasto"),
    ("Catalog", "tuoteluettelo"),
    ("Search", "haku"),
    ("Index", "indeksi"),
    ("Shipping", "toimitus"),
    ("Shipment", "lähetys"),
    ("Shipments", "lähetys"),
    ("Fulfillment", "tilaustenkäsittely"),
    ("Notification", "ilmoitus"),
    ("Customer", "asiakas"),
    ("Customers", "asiakas"),
    ("Auth", "tunnistautumis"),
    ("Recommendation", "suositus"),
    ("Review", "arvostelu"),
    ("Reviews", "arvostelu"),
    ("Promotion", "kampanja"),
    ("Promotions", "kampanja"),
    ("Tax", "vero"),
    ("Fraud", "petostentorjunta"),
    ("Returns", "palautus"),
    ("Loyalty", "kanta-asiakas"),
    ("Reporting", "raportointi"),
    ("Invoice", "laskutus"),
    ("Session", "istunto"),
    ("Events", "tapahtuma"),
];

/// A vendor's name in the Finnish genitive (`Stripen`, `Oktan`, `TaxJarin`).
const FINNISH_VENDOR: &[(&str, &str)] = &[
    ("Stripe", "Stripen"),
    ("TaxJar", "TaxJarin"),
    ("Okta", "Oktan"),
    ("SendGrid", "SendGridin"),
    ("FedEx", "FedExin"),
    ("Twilio", "Twilion"),
];

/// The corpus's words in Arabic, with the article, as the last word of a construct
/// (`خدمة الطلبات`: the service of the orders); a word before another loses its article.
const ARABIC: &[(&str, &str)] = &[
    ("Order", "الطلبات"),
    ("Orders", "الطلبات"),
    ("Checkout", "إتمام الشراء"),
    ("Cart", "سلة التسوق"),
    ("Payment", "المدفوعات"),
    ("Payments", "المدفوعات"),
    ("Pricing", "التسعير"),
    ("Price", "الأسعار"),
    ("Inventory", "المخزون"),
    ("Catalog", "الكتالوج"),
    ("Search", "البحث"),
    ("Index", "الفهرس"),
    ("Shipping", "الشحن"),
    ("Shipment", "الشحنات"),
    ("Shipments", "الشحنات"),
    ("Fulfillment", "تنفيذ الطلبات"),
    ("Notification", "الإشعارات"),
    ("Customer", "العملاء"),
    ("Customers", "العملاء"),
    ("Auth", "المصادقة"),
    ("Recommendation", "التوصيات"),
    ("Review", "المراجعات"),
    ("Reviews", "المراجعات"),
    ("Promotion", "العروض الترويجية"),
    ("Promotions", "العروض الترويجية"),
    ("Tax", "الضرائب"),
    ("Fraud", "كشف الاحتيال"),
    ("Returns", "المرتجعات"),
    ("Loyalty", "الولاء"),
    ("Reporting", "التقارير"),
    ("Invoice", "الفواتير"),
    ("Session", "الجلسات"),
    ("Events", "أحداث"),
];

/// The corpus's words transliterated into Devanagari, as Hindi technical writing
/// writes English words.
const HINDI: &[(&str, &str)] = &[
    ("Order", "ऑर्डर"),
    ("Orders", "ऑर्डर्स"),
    ("Checkout", "चेकआउट"),
    ("Cart", "कार्ट"),
    ("Payment", "पेमेंट"),
    ("Payments", "पेमेंट्स"),
    ("Pricing", "प्राइसिंग"),
    ("Price", "प्राइस"),
    ("Inventory", "इन्वेंटरी"),
    ("Catalog", "कैटलॉग"),
    ("Search", "सर्च"),
    ("Index", "इंडेक्स"),
    ("Shipping", "शिपिंग"),
    ("Shipment", "शिपमेंट"),
    ("Shipments", "शिपमेंट्स"),
    ("Fulfillment", "फुलफिलमेंट"),
    ("Notification", "नोटिफिकेशन"),
    ("Customer", "कस्टमर"),
    ("Customers", "कस्टमर्स"),
    ("Auth", "ऑथ"),
    ("Recommendation", "रिकमेंडेशन"),
    ("Review", "रिव्यू"),
    ("Reviews", "रिव्यूज़"),
    ("Promotion", "प्रमोशन"),
    ("Promotions", "प्रमोशन्स"),
    ("Tax", "टैक्स"),
    ("Fraud", "फ्रॉड"),
    ("Returns", "रिटर्न्स"),
    ("Loyalty", "लॉयल्टी"),
    ("Reporting", "रिपोर्टिंग"),
    ("Invoice", "इनवॉइस"),
    ("Session", "सेशन"),
    ("Events", "इवेंट्स"),
];

/// The vendor's product name for the API the shop uses.
const VENDOR_PRODUCT: &[(&str, &str)] = &[
    ("Stripe", "Stripe Payments"),
    ("TaxJar", "TaxJar SmartCalcs"),
    ("Okta", "Okta Workforce Identity"),
    ("SendGrid", "Twilio SendGrid"),
    ("FedEx", "FedEx Web Services"),
    ("Twilio", "Twilio Programmable Messaging"),
];

/// Latin letters and the Cyrillic letters that look the same.
const LOOK_ALIKE: &[(char, char)] = &[
    ('O', '\u{41e}'),
    ('C', '\u{421}'),
    ('P', '\u{420}'),
    ('A', '\u{410}'),
    ('E', '\u{415}'),
    ('T', '\u{422}'),
    ('H', '\u{41d}'),
    ('K', '\u{41a}'),
    ('M', '\u{41c}'),
    ('B', '\u{412}'),
    ('X', '\u{425}'),
    ('o', '\u{43e}'),
    ('e', '\u{435}'),
    ('a', '\u{430}'),
    ('c', '\u{441}'),
    ('p', '\u{440}'),
    ('x', '\u{445}'),
];

/// `text` with its first letter that has a Cyrillic look-alike written in Cyrillic;
/// `None` when no letter has one.
fn homoglyph(text: &str) -> Option<String> {
    let at = text.char_indices().find_map(|(i, ch)| {
        LOOK_ALIKE
            .iter()
            .find(|(l, _)| *l == ch)
            .map(|(_, c)| (i, ch, *c))
    })?;
    let (i, latin, cyrillic) = at;
    Some(format!(
        "{}{cyrillic}{}",
        &text[..i],
        &text[i + latin.len_utf8()..]
    ))
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no service account for a database, no JNDI name for a cache).
pub fn write(
    style: Name,
    words: &[&str],
    kind_word: &str,
    kind: Kind,
    system: &str,
) -> Option<String> {
    let (all, lower) = crate::styles::with_kind(words, kind_word);
    let spaced = all.join(" ");
    let camel = all.concat();
    let kebab = lower.join("-");
    let runs = matches!(kind, Kind::Service | Kind::Gateway | Kind::Frontend);
    Some(match style {
        Name::Finnish => {
            let kind_part = match kind {
                Kind::Service => "palvelu",
                Kind::Database => "tietokanta",
                Kind::Cache => "välimuisti",
                Kind::Queue => "jono",
                Kind::Topic => "-topic",
                Kind::External => {
                    let vendor = words.concat();
                    let genitive = looked_up(&vendor, FINNISH_VENDOR)?;
                    return Some(format!("{genitive} API"));
                }
                Kind::Gateway => return Some("API-yhdyskäytävä".into()),
                Kind::Frontend => return Some("Verkkokauppa".into()),
                Kind::Index => return Some("Hakuindeksi".into()),
            };
            let parts = translated(words, FINNISH)?;
            capitalised(&format!("{}{kind_part}", parts.concat()))
        }
        Name::Arabic => {
            let head = match kind {
                Kind::Service => "خدمة",
                Kind::Database => "قاعدة بيانات",
                Kind::Cache => "كاش",
                Kind::Topic => "موضوع",
                Kind::Queue => "طابور",
                Kind::External => {
                    return Some(format!("واجهة برمجة تطبيقات {}", words.concat()));
                }
                Kind::Gateway => return Some("بوابة API".into()),
                Kind::Frontend => return Some("المتجر الإلكتروني".into()),
                Kind::Index => return Some("فهرس البحث".into()),
            };
            // The head noun first (`أحداث الطلبات`: the events of the orders); only the
            // last word of the construct keeps its article.
            let mut ar = translated(words, ARABIC)?;
            ar.reverse();
            let last = ar.len() - 1;
            let chain: Vec<&str> = ar
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    if i < last {
                        w.strip_prefix("ال").unwrap_or(w)
                    } else {
                        w
                    }
                })
                .collect();
            format!("{head} {}", chain.join(" "))
        }
        Name::Hindi => {
            let tail = match kind {
                Kind::Service => "सर्विस",
                Kind::Database => "डेटाबेस",
                Kind::Cache => "कैश",
                Kind::Topic => "टॉपिक",
                Kind::Queue => "क्यू",
                Kind::External => return Some(format!("{} का API", words.concat())),
                Kind::Gateway => return Some("API गेटवे".into()),
                Kind::Frontend => return Some("वेब स्टोरफ्रंट".into()),
                Kind::Index => return Some("सर्च इंडेक्स".into()),
            };
            let hi = translated(words, HINDI)?;
            format!("{} {tail}", hi.join(" "))
        }
        Name::ConfluenceLink => format!("[ARCH:{spaced}]"),
        Name::Transcript => {
            let own = words.join(" ");
            match kind {
                Kind::Database => format!("{own} D B"),
                Kind::Cache => format!("{own} Cash"),
                Kind::Queue => format!("{own} Q"),
                Kind::External => format!("{} A P I", words.concat()),
                Kind::Gateway => "A P I Gateway".into(),
                _ => return None,
            }
        }
        Name::SpokenIdentifier => lower.join(" dash "),
        Name::Hungarian => {
            let prefix = match kind {
                Kind::Service => "svc",
                Kind::Database => "db",
                Kind::Cache => "cache",
                Kind::Queue => "q",
                Kind::Topic => "topic",
                Kind::External => "ext",
                _ => return None,
            };
            format!("{prefix}{}", words.concat())
        }
        Name::TemplatePlaceholder => match kind {
            Kind::External => return None,
            _ if runs => format!("{{{{ .Release.Name }}}}-{kebab}"),
            _ => format!("${{var.env}}-{kebab}"),
        },
        Name::ServiceAccount => {
            if !runs {
                return None;
            }
            format!(
                "{kebab}@{}-prod.iam.gserviceaccount.com",
                system.to_lowercase()
            )
        }
        Name::Homoglyph => homoglyph(&spaced)?,
        Name::ServiceFabric => {
            if !runs {
                return None;
            }
            format!("fabric:/{system}/{camel}")
        }
        Name::Jndi => match kind {
            Kind::Service => format!("java:global/{}/{camel}", system.to_lowercase()),
            Kind::Database => format!("java:comp/env/jdbc/{camel}"),
            Kind::Queue | Kind::Topic => format!("java:comp/env/jms/{camel}"),
            _ => return None,
        },
        Name::Inverted => {
            if kind_word.is_empty() {
                // A name that is its words (`API Gateway`): its last word first.
                let (last, rest) = words.split_last()?;
                if rest.is_empty() {
                    return None;
                }
                format!("{last}, {}", rest.join(" "))
            } else {
                format!("{kind_word}, {}", words.join(" "))
            }
        }
        Name::VendorProduct => match kind {
            Kind::External => looked_up(&words.concat(), VENDOR_PRODUCT)?.to_string(),
            _ => return None,
        },
        Name::LdapDn => {
            let dc = format!("dc={},dc=com", system.to_lowercase());
            match kind {
                _ if runs => format!("cn={kebab},ou=applications,{dc}"),
                Kind::Database => format!("cn={},cn=OracleContext,{dc}", camel.to_uppercase()),
                _ => return None,
            }
        }
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "palvelu",
            "خدمة",
            "सर्विस",
            "stateless reliable service",
            "EJB session bean",
        ],
        Kind::Database => &[
            "database",
            "tietokanta",
            "قاعدة بيانات",
            "डेटाबेस",
            "JDBC DataSource",
            "Oracle Net service",
        ],
        Kind::Cache => &[
            "cache",
            "välimuisti",
            "ذاكرة تخزين مؤقت",
            "कैश",
            "KeyDB node",
        ],
        Kind::Topic => &[
            "queue",
            "Kafka-aihe",
            "موضوع كافكا",
            "काफ्का टॉपिक",
            "JMS topic",
        ],
        Kind::Queue => &[
            "queue",
            "viestijono",
            "طابور رسائل",
            "मैसेज क्यू",
            "JMS queue destination",
        ],
        Kind::External => &[
            "external_system",
            "ulkoinen järjestelmä",
            "نظام خارجي",
            "एक्सटर्नल सिस्टम",
            "vendor platform",
        ],
        Kind::Gateway => &[
            "service",
            "API-yhdyskäytävä",
            "بوابة API",
            "API गेटवे",
            "edge gateway service",
        ],
        Kind::Frontend => &[
            "frontend",
            "verkkokauppa",
            "واجهة أمامية",
            "फ्रंटएंड",
            "storefront web app",
        ],
        Kind::Index => &[
            "database",
            "hakuindeksi",
            "فهرس بحث",
            "सर्च इंडेक्स",
            "search collection",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B hands rows back to A`: A reads from B), and the
/// answer then has `from` and `to` the other way round. `A is a subscriber of B` only
/// sounds passive (A subscribes); `B is the callee of A`, `B hands rows back to A`, `B
/// absorbs the writes of A`, `B is the outbound channel of A`, `B pushes deliveries to A` and
/// `B is a hard prerequisite of A` are written from the object. Each relationship has one
/// Finnish, one Arabic and one Hindi phrase, as a model answering in that language writes
/// it (Hindi's verb last: `A B से पढ़ता है`, A reads from B). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("kutsuu", "kutsuu", false),
            ("يستدعي", "يستدعي", false),
            ("को कॉल करता है", "को कॉल करता है", false),
            ("sends RPCs to", "sends RPCs to", false),
            ("is the callee of", "is the callee of", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("lukee tietoja kohteesta", "lukee tietoja kohteesta", false),
            ("يقرأ من", "يقرأ من", false),
            ("से पढ़ता है", "से पढ़ता है", false),
            ("pulls rows out of", "pulls rows out of", false),
            ("hands rows back to", "hands rows back to", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("kirjoittaa kohteeseen", "kirjoittaa kohteeseen", false),
            ("يكتب إلى", "يكتب إلى", false),
            ("में लिखता है", "में लिखता है", false),
            (
                "durably records state in",
                "durably records state in",
                false,
            ),
            ("absorbs the writes of", "absorbs the writes of", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("julkaisee kohteeseen", "julkaisee kohteeseen", false),
            ("ينشر إلى", "ينشر إلى", false),
            ("पर पब्लिश करता है", "पर पब्लिश करता है", false),
            ("broadcasts deltas over", "broadcasts deltas over", false),
            (
                "is the outbound channel of",
                "is the outbound channel of",
                true,
            ),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("tilaa viestit kohteesta", "tilaa viestit kohteesta", false),
            ("يشترك في", "يشترك في", false),
            ("को सब्सक्राइब करता है", "को सब्सक्राइब करता है", false),
            ("is a subscriber of", "is a subscriber of", false),
            ("pushes deliveries to", "pushes deliveries to", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("riippuu", "riippuu", false),
            ("يعتمد على", "يعتمد على", false),
            ("पर निर्भर है", "पर निर्भर है", false),
            ("breaks without", "breaks without", false),
            (
                "is a hard prerequisite of",
                "is a hard prerequisite of",
                true,
            ),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("on osa", "on osa", false),
            ("جزء من", "جزء من", false),
            ("का हिस्सा है", "का हिस्सा है", false),
            ("is nested under", "is nested under", false),
        ],
    }
}
