//! The ninth set (issue 36, ninth round): naming styles, type words and relationship
//! phrases written without reading archie's identity rules, after the other eight sets
//! had all been written (and seven of them looked at by the people improving the rules).
//! Nobody develops archie against this file: it is a yardstick for the work done against
//! the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what
//! monitoring, service meshes, cloud endpoints, source hosting, chat, documentation
//! tool chains, retail teams and models answering in Turkish or Vietnamese write:
//! - A model answering in Turkish: the words translated, the kind word last with the
//!   compound's possessive suffix (`Sipariş Servisi`, `Ödeme Veritabanı`, `Bildirim
//!   Kuyruğu`), a foreign word's suffix after an apostrophe (`Stripe API'si`, `Sipariş
//!   Olayları Topic'i`).
//! - A model answering in Vietnamese: the kind word first, the words translated head
//!   first after it, in sentence case (`Dịch vụ đơn hàng`, `Cơ sở dữ liệu thanh toán`,
//!   `Hàng đợi thông báo`, `API của Stripe`).
//! - A retail team's own words for the same things: `Basket Service` for the cart,
//!   `Stock DB` for inventory, `Delivery Service` for shipping, `Rewards DB` for loyalty,
//!   `Ordering Service` (the bounded context's name, as eShopOnContainers has it).
//! - A service named by the REST API it serves, as its repository and deployment often
//!   are (`order-api`, `checkout-api`).
//! - The technology in place of the kind word, as people say it (`Orders Postgres`,
//!   `Session Redis`, `Order Events SNS`, `Shipment SQS`).
//! - A Git remote as a README's clone line has it
//!   (`git@github.com:novamart/order-service.git`).
//! - A Slack channel named after the service, from incident notes (`#order-service`).
//! - The team that owns it, as prose says it (`the Orders team's service`, `the Payments
//!   team's database`).
//! - Markdown's escaped underscore, as converters (pandoc, Confluence exports) and some
//!   models write snake case (`order\_service`, `orders\_db`).
//! - A Prometheus selector from an alert or a dashboard query: `up{job="order-service"}`,
//!   `pg_up{job="orders-db"}`, `kafka_topic_partitions{topic="order-events"}`, the
//!   blackbox exporter's `probe_success{instance="https://api.stripe.com"}`.
//! - Istio's Envoy cluster name, from `istioctl proxy-config` and access logs
//!   (`outbound|8080||order-service.novamart.svc.cluster.local`, `outbound|443||api.stripe.com`).
//! - An AWS endpoint from configuration: an internal load balancer's DNS name
//!   (`internal-order-service-1234567890.eu-west-1.elb.amazonaws.com`), an RDS endpoint
//!   (`orders-db.c7k2xq9mzt4p.eu-west-1.rds.amazonaws.com`), an ElastiCache primary
//!   endpoint (`master.session-cache.x4tq2b.euw1.cache.amazonaws.com`), an SQS queue URL,
//!   an OpenSearch VPC endpoint.
//! - A heading copied with its explicit anchor (Pandoc, kramdown, MkDocs attr_list):
//!   `Order Service {#order-service}`.
//! - An AsciiDoc (Antora) cross reference: `<<order-service,Order Service>>`.
//! - A Datadog tag from a monitor or a dashboard: `service:order-service`, `db:orders`,
//!   `queuename:shipment-queue`.
//! - Abbreviations with dots, as meeting notes and slides write them: `Notif. Svc.`,
//!   `Pmts. DB`, `Recomm. Svc.`.
//!
//! Type words come from the same sources (Istio, Datadog, AWS endpoints, Turkish and
//! Vietnamese) and relationship phrases from ADRs, runbooks and a model answering in
//! Vietnamese, some written from the object's end (`receives requests from`, `is the
//! read store behind`, `is mutated by`, `is the event sink of`, `is polled by`, `is a
//! critical dependency for`) and two that only sound passive (`is the event source for`,
//! `is gated on`: the subject acts).
//!
//! The near-named pairs of this set are `NINTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the ninth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Sipariş Servisi`, `Ödeme Veritabanı`, `Stripe API'si`: a Turkish answer.
    Turkish,
    /// `Dịch vụ đơn hàng`, `Cơ sở dữ liệu thanh toán`: a Vietnamese answer.
    Vietnamese,
    /// `Basket Service`, `Stock DB`, `Delivery Service`: a retail team's own word.
    RetailSynonym,
    /// `order-api`: the service named by the API it serves.
    RestApi,
    /// `Orders Postgres`, `Session Redis`, `Shipment SQS`: the technology for the kind.
    TechForKind,
    /// `git@github.com:novamart/order-service.git`: the Git remote.
    GitRemote,
    /// `#order-service`: the Slack channel.
    SlackChannel,
    /// `the Orders team's service`: named by its team.
    TeamPossessive,
    /// `order\_service`: Markdown's escaped underscore.
    MarkdownEscaped,
    /// `up{job="order-service"}`: a Prometheus selector.
    PromSelector,
    /// `outbound|8080||order-service.novamart.svc.cluster.local`: Istio's Envoy cluster.
    EnvoyCluster,
    /// `orders-db.c7k2xq9mzt4p.eu-west-1.rds.amazonaws.com`: an AWS endpoint.
    AwsEndpoint,
    /// `Order Service {#order-service}`: a heading's explicit anchor left on.
    HeadingAnchor,
    /// `<<order-service,Order Service>>`: an AsciiDoc cross reference.
    AsciidocXref,
    /// `service:order-service`, `db:orders`: a Datadog tag.
    DatadogTag,
    /// `Notif. Svc.`, `Pmts. DB`: abbreviations with dots.
    DottedAbbreviation,
}

/// The ninth styles (the canonical `Camel` form stays, as a document's own name).
pub const NINTH: &[Style] = &[
    Style::Camel,
    Style::Ninth(Name::Turkish),
    Style::Ninth(Name::Vietnamese),
    Style::Ninth(Name::RetailSynonym),
    Style::Ninth(Name::RestApi),
    Style::Ninth(Name::TechForKind),
    Style::Ninth(Name::GitRemote),
    Style::Ninth(Name::SlackChannel),
    Style::Ninth(Name::TeamPossessive),
    Style::Ninth(Name::MarkdownEscaped),
    Style::Ninth(Name::PromSelector),
    Style::Ninth(Name::EnvoyCluster),
    Style::Ninth(Name::AwsEndpoint),
    Style::Ninth(Name::HeadingAnchor),
    Style::Ninth(Name::AsciidocXref),
    Style::Ninth(Name::DatadogTag),
    Style::Ninth(Name::DottedAbbreviation),
];

/// The corpus's words as the first part of a Turkish compound.
const TURKISH: &[(&str, &str)] = &[
    ("Order", "Sipariş"),
    ("Orders", "Sipariş"),
    ("Checkout", "Checkout"),
    ("Cart", "Sepet"),
    ("Payment", "Ödeme"),
    ("Payments", "Ödeme"),
    ("Pricing", "Fiyatlandırma"),
    ("Price", "Fiyat"),
    ("Inventory", "Stok"),
    ("Catalog", "Katalog"),
    ("Search", "Arama"),
    ("Index", "İndeksi"),
    ("Shipping", "Kargo"),
    ("Shipment", "Gönderi"),
    ("Shipments", "Gönderi"),
    ("Fulfillment", "Fulfillment"),
    ("Notification", "Bildirim"),
    ("Customer", "Müşteri"),
    ("Customers", "Müşteri"),
    ("Auth", "Kimlik Doğrulama"),
    ("Recommendation", "Öneri"),
    ("Review", "Değerlendirme"),
    ("Reviews", "Değerlendirme"),
    ("Promotion", "Kampanya"),
    ("Promotions", "Kampanya"),
    ("Tax", "Vergi"),
    ("Fraud", "Dolandırıcılık Tespit"),
    ("Returns", "İade"),
    ("Loyalty", "Sadakat"),
    ("Reporting", "Raporlama"),
    ("Invoice", "Fatura"),
    ("Session", "Oturum"),
    ("Events", "Olayları"),
];

/// The corpus's words in Vietnamese, lower case (they follow the kind word).
const VIETNAMESE: &[(&str, &str)] = &[
    ("Order", "đơn hàng"),
    ("Orders", "đơn hàng"),
    ("Checkout", "checkout"),
    ("Cart", "giỏ hàng"),
    ("Payment", "thanh toán"),
    ("Payments", "thanh toán"),
    ("Pricing", "định giá"),
    ("Price", "giá"),
    ("Inventory", "tồn kho"),
    ("Catalog", "danh mục sản phẩm"),
    ("Search", "tìm kiếm"),
    ("Index", "chỉ mục"),
    ("Shipping", "vận chuyển"),
    ("Shipment", "lô hàng"),
    ("Shipments", "lô hàng"),
    ("Fulfillment", "xử lý đơn hàng"),
    ("Notification", "thông báo"),
    ("Customer", "khách hàng"),
    ("Customers", "khách hàng"),
    ("Auth", "xác thực"),
    ("Recommendation", "gợi ý"),
    ("Review", "đánh giá"),
    ("Reviews", "đánh giá"),
    ("Promotion", "khuyến mãi"),
    ("Promotions", "khuyến mãi"),
    ("Tax", "thuế"),
    ("Fraud", "chống gian lận"),
    ("Returns", "đổi trả"),
    ("Loyalty", "tích điểm"),
    ("Reporting", "báo cáo"),
    ("Invoice", "hóa đơn"),
    ("Session", "phiên"),
    ("Events", "sự kiện"),
];

/// A retail team's word for the corpus's word (British retail and DDD bounded
/// contexts): the same thing, another word.
const RETAIL: &[(&str, &str)] = &[
    ("Cart", "Basket"),
    ("Inventory", "Stock"),
    ("Shipping", "Delivery"),
    ("Shipment", "Consignment"),
    ("Shipments", "Consignments"),
    ("Loyalty", "Rewards"),
    ("Promotion", "Offers"),
    ("Promotions", "Offers"),
    ("Auth", "Identity"),
];

/// The team that owns a service, and the service that owns a store or a cache (its only
/// writer in the corpus), by the component's words.
const TEAM: &[(&str, &str)] = &[
    ("Order", "Orders"),
    ("Checkout", "Checkout"),
    ("Cart", "Cart"),
    ("Payment", "Payments"),
    ("Pricing", "Pricing"),
    ("Inventory", "Inventory"),
    ("Catalog", "Catalog"),
    ("Search", "Search"),
    ("Shipping", "Shipping"),
    ("Fulfillment", "Fulfillment"),
    ("Notification", "Notifications"),
    ("Customer", "Customer"),
    ("Auth", "Auth"),
    ("Recommendation", "Recommendations"),
    ("Review", "Reviews"),
    ("Promotion", "Promotions"),
    ("Tax", "Tax"),
    ("Fraud", "Fraud"),
    ("Returns", "Returns"),
    ("Loyalty", "Loyalty"),
    ("Reporting", "Reporting"),
    ("Invoice", "Invoicing"),
];

/// The service that owns a database or a cache, by its words.
const STORE_OWNER: &[(&str, &str)] = &[
    ("Orders", "Order"),
    ("Payments", "Payment"),
    ("Inventory", "Inventory"),
    ("Catalog", "Catalog"),
    ("Customers", "Customer"),
    ("Reviews", "Review"),
    ("Promotions", "Promotion"),
    ("Shipments", "Shipping"),
    ("Loyalty", "Loyalty"),
    ("Session", "Auth"),
    ("Cart", "Cart"),
    ("Price", "Pricing"),
];

/// Abbreviations with dots, as notes write them.
const DOTTED: &[(&str, &str)] = &[
    ("Notification", "Notif."),
    ("Recommendation", "Recomm."),
    ("Payment", "Pmt."),
    ("Payments", "Pmts."),
    ("Customer", "Cust."),
    ("Customers", "Custs."),
    ("Promotion", "Promo."),
    ("Promotions", "Promos."),
    ("Reporting", "Rptg."),
];

/// The AWS region every endpoint of the corpus is in, and the account's ids in RDS and
/// ElastiCache endpoints (one per account and region).
const REGION: &str = "eu-west-1";
const RDS_ID: &str = "c7k2xq9mzt4p";
const CACHE_ID: &str = "x4tq2b";

/// `n` lower-case letters and digits drawn from the hash of `text` and `salt`.
fn drawn(text: &str, salt: &str, n: usize) -> String {
    const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut out = String::new();
    let mut h = hash(text, salt);
    for i in 0..n {
        if i % 10 == 9 {
            h = hash(text, &format!("{salt}{i}"));
        }
        out.push(char::from(ALNUM[(h % 36) as usize]));
        h /= 36;
    }
    out
}

/// `words` with each word found in `table` replaced; `None` when none is.
fn replaced(words: &[String], table: &[(&str, &str)]) -> Option<Vec<String>> {
    let out: Vec<String> = words
        .iter()
        .map(|w| {
            table
                .iter()
                .find(|(en, _)| en == w)
                .map_or(w.clone(), |(_, t)| t.to_string())
        })
        .collect();
    (out != words).then_some(out)
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no Slack channel for a database, no endpoint for a vendor's API).
pub fn write(
    style: Name,
    words: &[&str],
    kind_word: &str,
    kind: Kind,
    system: &str,
) -> Option<String> {
    let (all, lower) = crate::styles::with_kind(words, kind_word);
    let own_lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let spaced = all.join(" ");
    let own_spaced = words.join(" ");
    let kebab = lower.join("-");
    let own_kebab = own_lower.join("-");
    let sys = system.to_lowercase();
    Some(match style {
        Name::Turkish => {
            let suffix = match kind {
                Kind::Service => "Servisi",
                Kind::Database => "Veritabanı",
                Kind::Cache => "Önbelleği",
                Kind::Topic => "Topic'i",
                Kind::Queue => "Kuyruğu",
                Kind::External => return Some(format!("{} API'si", words.concat())),
                Kind::Gateway => return Some("API Geçidi".into()),
                Kind::Frontend => return Some("Web Mağazası".into()),
                Kind::Index => "",
            };
            let mut tr = translated(words, TURKISH)?;
            if !suffix.is_empty() {
                tr.push(suffix);
            }
            tr.join(" ")
        }
        Name::Vietnamese => {
            let head = match kind {
                Kind::Service => "Dịch vụ",
                Kind::Database => "Cơ sở dữ liệu",
                Kind::Cache => "Bộ nhớ đệm",
                Kind::Topic => "Topic",
                Kind::Queue => "Hàng đợi",
                Kind::External => return Some(format!("API của {}", words.concat())),
                Kind::Gateway => return Some("Cổng API".into()),
                Kind::Frontend => return Some("Website bán hàng".into()),
                Kind::Index => return Some("Chỉ mục tìm kiếm".into()),
            };
            // The head noun first: `sự kiện đơn hàng` (the events of orders).
            let mut vi = translated(words, VIETNAMESE)?;
            vi.reverse();
            format!("{head} {}", vi.join(" "))
        }
        Name::RetailSynonym => match kind {
            // The bounded context's name for the order service only: `Ordering Events`
            // is nobody's word.
            Kind::Service if words == ["Order"] => "Ordering Service".into(),
            Kind::Service | Kind::Database | Kind::Cache | Kind::Queue => {
                replaced(&all, RETAIL)?.join(" ")
            }
            _ => return None,
        },
        Name::RestApi => match kind {
            Kind::Service => format!("{own_kebab}-api"),
            _ => return None,
        },
        Name::TechForKind => {
            let tech = match kind {
                Kind::Database => "Postgres",
                Kind::Cache => "Redis",
                Kind::Topic => "SNS",
                Kind::Queue => "SQS",
                _ => return None,
            };
            format!("{own_spaced} {tech}")
        }
        Name::GitRemote => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => {
                format!("git@github.com:{sys}/{kebab}.git")
            }
            _ => return None,
        },
        Name::SlackChannel => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => format!("#{kebab}"),
            _ => return None,
        },
        Name::TeamPossessive => {
            let (service, what) = match kind {
                Kind::Service => (own_spaced.as_str(), "service"),
                Kind::Database | Kind::Cache => {
                    let owner = STORE_OWNER
                        .iter()
                        .find(|(store, _)| *store == own_spaced)
                        .map(|(_, owner)| *owner)?;
                    (
                        owner,
                        if kind == Kind::Database {
                            "database"
                        } else {
                            "cache"
                        },
                    )
                }
                _ => return None,
            };
            let team = TEAM
                .iter()
                .find(|(s, _)| *s == service)
                .map(|(_, team)| *team)?;
            format!("the {team} team's {what}")
        }
        Name::MarkdownEscaped => {
            if lower.len() < 2 {
                return None;
            }
            lower.join("\\_")
        }
        Name::PromSelector => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => format!("up{{job=\"{kebab}\"}}"),
            Kind::Database => format!("pg_up{{job=\"{kebab}\"}}"),
            Kind::Cache => format!("redis_up{{job=\"{kebab}\"}}"),
            Kind::Topic => format!("kafka_topic_partitions{{topic=\"{own_kebab}\"}}"),
            Kind::Queue => format!("rabbitmq_queue_messages_ready{{queue=\"{kebab}\"}}"),
            Kind::Index => format!("elasticsearch_cluster_health_up{{cluster=\"{kebab}\"}}"),
            Kind::External => format!(
                "probe_success{{instance=\"https://api.{}.com\"}}",
                own_lower.concat()
            ),
        },
        Name::EnvoyCluster => {
            let port = match kind {
                Kind::Service | Kind::Gateway | Kind::Frontend => 8080,
                Kind::Database => 5432,
                Kind::Cache => 6379,
                Kind::Index => 9200,
                Kind::External => {
                    return Some(format!("outbound|443||api.{}.com", own_lower.concat()));
                }
                Kind::Topic | Kind::Queue => return None,
            };
            format!("outbound|{port}||{kebab}.{sys}.svc.cluster.local")
        }
        Name::AwsEndpoint => match kind {
            Kind::Service => format!(
                "internal-{kebab}-{}.{REGION}.elb.amazonaws.com",
                1_000_000_000 + hash(&kebab, "alb") % 999_999_999
            ),
            Kind::Database => format!("{kebab}.{RDS_ID}.{REGION}.rds.amazonaws.com"),
            Kind::Cache => format!("master.{kebab}.{CACHE_ID}.euw1.cache.amazonaws.com"),
            Kind::Queue => format!("https://sqs.{REGION}.amazonaws.com/123456789012/{kebab}"),
            Kind::Index => format!(
                "https://vpc-{kebab}-{}.{REGION}.es.amazonaws.com",
                drawn(&kebab, "opensearch", 26)
            ),
            Kind::Topic | Kind::External | Kind::Gateway | Kind::Frontend => return None,
        },
        Name::HeadingAnchor => format!("{spaced} {{#{kebab}}}"),
        Name::AsciidocXref => format!("<<{kebab},{spaced}>>"),
        Name::DatadogTag => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => format!("service:{kebab}"),
            Kind::Database => format!("db:{}", own_lower.join("_")),
            Kind::Cache => format!("cacheclusterid:{kebab}"),
            Kind::Topic => format!("topic:{own_kebab}"),
            Kind::Queue => format!("queuename:{kebab}"),
            Kind::Index => format!("domainname:{kebab}"),
            Kind::External => return None,
        },
        Name::DottedAbbreviation => {
            let own: Vec<String> = words.iter().map(|w| w.to_string()).collect();
            let mut short = replaced(&own, DOTTED)?;
            match kind {
                Kind::Service => short.push("Svc.".into()),
                _ if !kind_word.is_empty() => short.push(kind_word.into()),
                _ => {}
            }
            short.join(" ")
        }
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "servis",
            "dịch vụ",
            "Istio workload",
            "Datadog APM service",
        ],
        Kind::Database => &[
            "database",
            "veritabanı",
            "cơ sở dữ liệu",
            "RDS endpoint",
            "Postgres primary",
        ],
        Kind::Cache => &[
            "cache",
            "önbellek",
            "bộ nhớ đệm",
            "ElastiCache primary endpoint",
        ],
        Kind::Topic => &["queue", "olay kanalı", "chủ đề sự kiện", "message topic"],
        Kind::Queue => &["queue", "kuyruk", "hàng đợi", "SQS standard queue"],
        Kind::External => &[
            "external_system",
            "harici servis",
            "dịch vụ bên thứ ba",
            "ServiceEntry host",
            "vendor endpoint",
        ],
        Kind::Gateway => &["service", "API geçidi", "cổng API", "north-south gateway"],
        Kind::Frontend => &[
            "frontend",
            "web mağazası",
            "website bán hàng",
            "storefront SPA",
        ],
        Kind::Index => &[
            "database",
            "arama indeksi",
            "chỉ mục tìm kiếm",
            "OpenSearch VPC endpoint",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is polled by A`: A subscribes to B), and the answer
/// then has `from` and `to` the other way round. `A is the event source for B` and `A is
/// gated on B` only sound passive (A publishes, A depends); `B receives requests from
/// A`, `B is the read store behind A`, `B is the event sink of A` and `B is a critical
/// dependency for A` are written from the object. Each relationship has one Vietnamese
/// phrase, as a model answering in Vietnamese writes it. The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("gọi API của", "gọi API của", false),
            ("opens a gRPC channel to", "opens a gRPC channel to", false),
            ("receives requests from", "receives requests from", true),
            ("proxies through to", "proxies through to", false),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("đọc dữ liệu từ", "đọc dữ liệu từ", false),
            ("has read-only access to", "has read-only access to", false),
            ("is the read store behind", "is the read store behind", true),
            ("looks things up in", "looks things up in", false),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("ghi vào", "ghi vào", false),
            ("stores its writes in", "stores its writes in", false),
            ("is mutated by", "is mutated by", true),
            ("commits rows to", "commits rows to", false),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("đẩy sự kiện lên", "đẩy sự kiện lên", false),
            ("fires events at", "fires events at", false),
            ("is the event source for", "is the event source for", false),
            ("is the event sink of", "is the event sink of", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("lắng nghe", "lắng nghe", false),
            ("has a subscription on", "has a subscription on", false),
            ("is polled by", "is polled by", true),
            ("long-polls", "long-polls", false),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("phụ thuộc vào", "phụ thuộc vào", false),
            ("takes a dependency on", "takes a dependency on", false),
            (
                "is a critical dependency for",
                "is a critical dependency for",
                true,
            ),
            ("is gated on", "is gated on", false),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("là một phần của", "là một phần của", false),
            (
                "sits under the umbrella of",
                "sits under the umbrella of",
                false,
            ),
            ("is grouped under", "is grouped under", false),
        ],
    }
}
