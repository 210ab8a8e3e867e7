//! The fifteenth set (issue 36, fifteenth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! fourteen sets had all been written (and thirteen of them looked at by the people
//! improving the rules). Nobody develops archie against this file: it is a yardstick for
//! the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what Jira,
//! Terraform's private module registry, Java code bases, PDF text extraction, process
//! supervisors, Apache Pulsar, vendors' legal names in sub-processor lists, build
//! artefacts, regional naming conventions, Markdown tables, people's own word forms and
//! models answering in Thai or Ukrainian write:
//! - A model answering in Thai: the kind word first and the words after it, head first,
//!   with no space between Thai words as Thai writes them (`บริการคำสั่งซื้อ`, the
//!   service of orders; `ฐานข้อมูลการชำระเงิน`, `คิวการแจ้งเตือน`,
//!   `หัวข้อเหตุการณ์คำสั่งซื้อ`), a vendor's API as `API ของ Stripe`, `เกตเวย์ API`.
//! - A model answering in Ukrainian: the kind word first and the words in the genitive,
//!   the head noun first (`Сервіс замовлень`, `База даних платежів`, `Черга сповіщень`,
//!   `Топік подій замовлень`), a vendor's API as `API сервісу Stripe`, `Шлюз API`.
//! - A Jira project's component, the layer it belongs to in front as teams name their
//!   components (`BE: Order Service`, `Data: Orders DB`, `3P: Stripe API`).
//! - A module address in Terraform's private registry, as a `source =` line and the
//!   infrastructure docs quote it (`app.terraform.io/novamart/orders-db/aws`).
//! - A Java implementation class, as code-derived documents and stack traces name a
//!   service (`OrderServiceImpl`).
//! - A letter-spaced heading as PDF text extraction gives it, each letter apart and the
//!   words two spaces apart (`O R D E R  S E R V I C E`).
//! - Another word of the same family for the name's first word, as people say it
//!   (`Ordering Service`, `Authentication Service`, `Taxation Service`, `Price Service`
//!   for the pricing service and `Pricing Cache` for the price cache).
//! - A supervisord program section, as runbooks of services on virtual machines write it
//!   (`[program:order-service]`).
//! - An Apache Pulsar topic's full name, tenant and namespace in front
//!   (`persistent://novamart/events/order-events`, `persistent://novamart/jobs/shipment-queue`).
//! - A vendor by its legal name, as sub-processor lists and contracts write it (`Stripe,
//!   Inc.`, `Okta, Inc.`, `Federal Express Corporation`).
//! - Jira's wiki markup for monospace left around an identifier (`{{orders-db}}`: Jira's
//!   own, not Markdown's backticks).
//! - A service's build artefact, as `java -jar` lines in runbooks name it
//!   (`order-service-0.0.1-SNAPSHOT.jar`, `api-gateway-2.4.1.jar`).
//! - A region code at the end, as regional naming conventions put it
//!   (`orders-db-euw1`: there is one region).
//! - A Markdown table cell copied with its pipes (`| Order Service |`).
//!
//! Type words come from the same sources (Thai, Ukrainian, Spring, supervisord, RDS,
//! Hazelcast, Pulsar, sub-processor lists, Tyk, Remix, Vespa) and relationship phrases from
//! runbooks and design prose and a model answering in Thai or Ukrainian, some written from
//! the object's end (`answers calls from`, `supplies rows to`, `stores the output of`,
//! `gets its events from`, `streams events to`, `is relied on by`) and three that only
//! sound passive (Ukrainian `підписаний на`, is subscribed to, `is contingent on` and `is
//! housed in`: the subject acts).
//!
//! The near-named pairs of this set are `FIFTEENTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, looked_up, translated};

/// One way of writing a name, in the fifteenth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `บริการคำสั่งซื้อ`, `ฐานข้อมูลการชำระเงิน`, `API ของ Stripe`: a Thai answer.
    Thai,
    /// `Сервіс замовлень`, `База даних платежів`, `API сервісу Stripe`: a Ukrainian answer.
    Ukrainian,
    /// `BE: Order Service`, `3P: Stripe API`: a Jira component with its layer.
    JiraComponent,
    /// `app.terraform.io/novamart/orders-db/aws`: a private registry module address.
    RegistryModule,
    /// `OrderServiceImpl`: a Java implementation class.
    JavaImpl,
    /// `O R D E R  S E R V I C E`: a PDF's letter-spaced heading.
    LetterSpaced,
    /// `Ordering Service`, `Price Service`, `Pricing Cache`: another word of the family.
    WordFamily,
    /// `[program:order-service]`: a supervisord program section.
    SupervisorProgram,
    /// `persistent://novamart/events/order-events`: an Apache Pulsar topic.
    PulsarTopic,
    /// `Stripe, Inc.`, `Federal Express Corporation`: a vendor's legal name.
    LegalEntity,
    /// `{{orders-db}}`: Jira's monospace markup left in.
    JiraMonospace,
    /// `order-service-0.0.1-SNAPSHOT.jar`: the service's build artefact.
    JarArtifact,
    /// `orders-db-euw1`: a region code at the end.
    RegionSuffix,
    /// `| Order Service |`: a Markdown table cell with its pipes.
    TableCell,
}

/// The fifteenth styles (the canonical `Camel` form stays, as a document's own name).
pub const FIFTEENTH: &[Style] = &[
    Style::Camel,
    Style::Fifteenth(Name::Thai),
    Style::Fifteenth(Name::Ukrainian),
    Style::Fifteenth(Name::JiraComponent),
    Style::Fifteenth(Name::RegistryModule),
    Style::Fifteenth(Name::JavaImpl),
    Style::Fifteenth(Name::LetterSpaced),
    Style::Fifteenth(Name::WordFamily),
    Style::Fifteenth(Name::SupervisorProgram),
    Style::Fifteenth(Name::PulsarTopic),
    Style::Fifteenth(Name::LegalEntity),
    Style::Fifteenth(Name::JiraMonospace),
    Style::Fifteenth(Name::JarArtifact),
    Style::Fifteenth(Name::RegionSuffix),
    Style::Fifteenth(Name::TableCell),
];

/// The corpus's words in Thai, as they follow the kind word (Thai puts the head first
/// and writes no space between words).
const THAI: &[(&str, &str)] = &[
    ("Order", "คำสั่งซื้อ"),
    ("Orders", "คำสั่งซื้อ"),
    ("Checkout", "เช็คเอาท์"),
    ("Cart", "ตะกร้าสินค้า"),
    ("Payment", "การชำระเงิน"),
    ("Payments", "การชำระเงิน"),
    ("Pricing", "การกำหนดราคา"),
    ("Price", "ราคา"),
    ("Inventory", "สินค้าคงคลัง"),
    ("Catalog", "แคตตาล็อกสินค้า"),
    ("Search", "การค้นหา"),
    ("Index", "ดัชนี"),
    ("Shipping", "การจัดส่ง"),
    ("Shipment", "พัสดุ"),
    ("Shipments", "พัสดุ"),
    ("Fulfillment", "ฟูลฟิลเมนต์"),
    ("Notification", "การแจ้งเตือน"),
    ("Customer", "ลูกค้า"),
    ("Customers", "ลูกค้า"),
    ("Auth", "การยืนยันตัวตน"),
    ("Recommendation", "การแนะนำสินค้า"),
    ("Review", "รีวิวสินค้า"),
    ("Reviews", "รีวิวสินค้า"),
    ("Promotion", "โปรโมชัน"),
    ("Promotions", "โปรโมชัน"),
    ("Tax", "ภาษี"),
    ("Fraud", "การตรวจจับการฉ้อโกง"),
    ("Returns", "การคืนสินค้า"),
    ("Loyalty", "โปรแกรมสะสมแต้ม"),
    ("Reporting", "รายงาน"),
    ("Invoice", "ใบแจ้งหนี้"),
    ("Session", "เซสชัน"),
    ("Events", "เหตุการณ์"),
];

/// The corpus's words in Ukrainian, in the genitive as they follow the kind word.
const UKRAINIAN: &[(&str, &str)] = &[
    ("Order", "замовлень"),
    ("Orders", "замовлень"),
    ("Checkout", "оформлення замовлень"),
    ("Cart", "кошика"),
    ("Payment", "платежів"),
    ("Payments", "платежів"),
    ("Pricing", "ціноутворення"),
    ("Price", "цін"),
    ("Inventory", "складських запасів"),
    ("Catalog", "каталогу"),
    ("Search", "пошуку"),
    ("Index", "індексу"),
    ("Shipping", "доставки"),
    ("Shipment", "відправлень"),
    ("Shipments", "відправлень"),
    ("Fulfillment", "виконання замовлень"),
    ("Notification", "сповіщень"),
    ("Customer", "клієнтів"),
    ("Customers", "клієнтів"),
    ("Auth", "автентифікації"),
    ("Recommendation", "рекомендацій"),
    ("Review", "відгуків"),
    ("Reviews", "відгуків"),
    ("Promotion", "акцій"),
    ("Promotions", "акцій"),
    ("Tax", "податків"),
    ("Fraud", "виявлення шахрайства"),
    ("Returns", "повернень"),
    ("Loyalty", "програми лояльності"),
    ("Reporting", "звітності"),
    ("Invoice", "рахунків-фактур"),
    ("Session", "сесій"),
    ("Events", "подій"),
];

/// A service's first word as people also say it: another word of the same family
/// (not every word has one that names the same thing).
const SERVICE_FAMILY: &[(&str, &str)] = &[
    ("Order", "Ordering"),
    ("Pricing", "Price"),
    ("Auth", "Authentication"),
    ("Invoice", "Invoicing"),
    ("Tax", "Taxation"),
    ("Reporting", "Report"),
    ("Catalog", "Cataloging"),
    ("Checkout", "Check-out"),
];

/// A cache's first word in its family's other form.
const CACHE_FAMILY: &[(&str, &str)] = &[("Price", "Pricing")];

/// Each vendor's legal name, as a sub-processor list writes it (none where the company
/// trades under another's name).
const LEGAL: &[(&str, &str)] = &[
    ("Stripe", "Stripe, Inc."),
    ("Okta", "Okta, Inc."),
    ("SendGrid", "SendGrid, Inc."),
    ("FedEx", "Federal Express Corporation"),
    ("Twilio", "Twilio Inc."),
];

/// The Jira component's layer for a component of `kind`.
fn layer(kind: Kind) -> &'static str {
    match kind {
        Kind::Service => "BE",
        Kind::Database | Kind::Cache | Kind::Index => "Data",
        Kind::Topic | Kind::Queue => "Messaging",
        Kind::External => "3P",
        Kind::Gateway => "Platform",
        Kind::Frontend => "FE",
    }
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no build artefact for a database, no Pulsar topic for a service).
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
    Some(match style {
        Name::Thai => {
            let head = match kind {
                Kind::Service => "บริการ",
                Kind::Database => "ฐานข้อมูล",
                Kind::Cache => "แคช",
                Kind::Topic => "หัวข้อ",
                Kind::Queue => "คิว",
                Kind::External => return Some(format!("API ของ {}", words.concat())),
                Kind::Gateway => return Some("เกตเวย์ API".into()),
                Kind::Frontend => return Some("หน้าร้านออนไลน์".into()),
                Kind::Index => return Some("ดัชนีการค้นหา".into()),
            };
            // The head noun first (`เหตุการณ์คำสั่งซื้อ`: events of orders).
            let mut th = translated(words, THAI)?;
            th.reverse();
            format!("{head}{}", th.concat())
        }
        Name::Ukrainian => {
            let head = match kind {
                Kind::Service => "Сервіс",
                Kind::Database => "База даних",
                Kind::Cache => "Кеш",
                Kind::Topic => "Топік",
                Kind::Queue => "Черга",
                Kind::External => return Some(format!("API сервісу {}", words.concat())),
                Kind::Gateway => return Some("Шлюз API".into()),
                Kind::Frontend => return Some("Вебвітрина".into()),
                Kind::Index => return Some("Пошуковий індекс".into()),
            };
            // The head noun first (`подій замовлень`: of events of orders).
            let mut uk = translated(words, UKRAINIAN)?;
            uk.reverse();
            format!("{head} {}", uk.join(" "))
        }
        Name::JiraComponent => format!("{}: {spaced}", layer(kind)),
        Name::RegistryModule => match kind {
            Kind::External => return None,
            _ => format!("app.terraform.io/{}/{kebab}/aws", system.to_lowercase()),
        },
        Name::JavaImpl => match kind {
            Kind::Service => format!("{camel}Impl"),
            _ => return None,
        },
        Name::LetterSpaced => all
            .iter()
            .map(|w| {
                w.to_uppercase()
                    .chars()
                    .map(String::from)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("  "),
        Name::WordFamily => {
            let table = match kind {
                Kind::Service => SERVICE_FAMILY,
                Kind::Cache => CACHE_FAMILY,
                _ => return None,
            };
            let mut ws: Vec<String> = all;
            ws[0] = looked_up(words.first()?, table)?.to_string();
            ws.join(" ")
        }
        Name::SupervisorProgram => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => format!("[program:{kebab}]"),
            _ => return None,
        },
        Name::PulsarTopic => {
            let tenant = system.to_lowercase();
            match kind {
                // The topic's name has no kind word; a work queue's keeps it.
                Kind::Topic => format!(
                    "persistent://{tenant}/events/{}",
                    words.join("-").to_lowercase()
                ),
                Kind::Queue => format!("persistent://{tenant}/jobs/{kebab}"),
                _ => return None,
            }
        }
        Name::LegalEntity => match kind {
            Kind::External => looked_up(&words.concat(), LEGAL)?.to_string(),
            _ => return None,
        },
        Name::JiraMonospace => format!("{{{{{kebab}}}}}"),
        Name::JarArtifact => match kind {
            Kind::Service | Kind::Gateway => {
                let h = hash(&kebab, "jar");
                let version = if h.is_multiple_of(3) {
                    "0.0.1-SNAPSHOT".to_string()
                } else {
                    format!("{}.{}.{}", 1 + h % 3, (h / 3) % 10, (h / 30) % 10)
                };
                format!("{kebab}-{version}.jar")
            }
            _ => return None,
        },
        Name::RegionSuffix => match kind {
            Kind::External => return None,
            _ => format!("{kebab}-euw1"),
        },
        Name::TableCell => format!("| {spaced} |"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "сервіс",
            "บริการ",
            "Spring @Service bean",
            "supervisord program",
            "Spring Boot fat jar",
        ],
        Kind::Database => &[
            "database",
            "база даних",
            "ฐานข้อมูล",
            "Postgres on RDS Multi-AZ",
        ],
        Kind::Cache => &["cache", "кеш", "แคช", "Hazelcast map"],
        Kind::Topic => &[
            "queue",
            "топік Kafka",
            "หัวข้อ Kafka",
            "Pulsar persistent topic",
        ],
        Kind::Queue => &[
            "queue",
            "черга повідомлень",
            "คิวข้อความ",
            "Pulsar shared-subscription queue",
        ],
        Kind::External => &[
            "external_system",
            "зовнішня система",
            "ระบบภายนอก",
            "sub-processor",
            "vendor of record",
        ],
        Kind::Gateway => &["service", "шлюз API", "เกตเวย์ API", "Tyk gateway"],
        Kind::Frontend => &["frontend", "вебвітрина", "หน้าร้านออนไลน์", "Remix app"],
        Kind::Index => &[
            "database",
            "пошуковий індекс",
            "ดัชนีการค้นหา",
            "Vespa application",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B answers calls from A`: A calls B), and the answer then
/// has `from` and `to` the other way round. Ukrainian `A підписаний на B` (A is subscribed
/// to B), `A is contingent on B` and `A is housed in B` only sound passive (A acts, or A is
/// the part); `B answers calls from A`, `B supplies rows to A`, `B stores the output of A`,
/// `B gets its events from A`, `B streams events to A` and `B is relied on by A` are
/// written from the object. Each relationship has one Thai and one Ukrainian phrase, as a
/// model answering in that language writes it. The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("เรียกใช้", "เรียกใช้", false),
            ("викликає", "викликає", false),
            ("dials", "dials", false),
            ("answers calls from", "answers calls from", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("อ่านข้อมูลจาก", "อ่านข้อมูลจาก", false),
            ("читає з", "читає з", false),
            (
                "runs its queries against",
                "runs its queries against",
                false,
            ),
            ("supplies rows to", "supplies rows to", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("บันทึกข้อมูลลง", "บันทึกข้อมูลลง", false),
            ("записує в", "записує в", false),
            ("commits its changes to", "commits its changes to", false),
            ("stores the output of", "stores the output of", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("เผยแพร่ไปยัง", "เผยแพร่ไปยัง", false),
            ("публікує в", "публікує в", false),
            ("pipes events into", "pipes events into", false),
            ("gets its events from", "gets its events from", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("สมัครรับข้อมูลจาก", "สมัครรับข้อมูลจาก", false),
            ("підписаний на", "підписаний на", false),
            ("consumes events off", "consumes events off", false),
            ("streams events to", "streams events to", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("ขึ้นอยู่กับ", "ขึ้นอยู่กับ", false),
            ("залежить від", "залежить від", false),
            ("is contingent on", "is contingent on", false),
            ("hinges on", "hinges on", false),
            ("is relied on by", "is relied on by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("เป็นส่วนหนึ่งของ", "เป็นส่วนหนึ่งของ", false),
            ("є частиною", "є частиною", false),
            ("falls under", "falls under", false),
            ("is housed in", "is housed in", false),
        ],
    }
}
