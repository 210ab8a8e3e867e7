//! The eighth set (issue 36, eighth round): naming styles, type words and relationship
//! phrases written without reading archie's identity rules, after the other seven sets had
//! all been written (and six of them looked at by the people improving the rules).
//! Nobody develops archie against this file: it is a yardstick for the work done against
//! the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what real
//! models answering in other languages, logs, infrastructure code, cluster tooling,
//! wikis, retrieval-augmented answers and design prose write:
//! - A model answering in German: the name's words translated and built into one
//!   compound, as German engineering documents write them (`Bestellservice`,
//!   `Zahlungsdatenbank`, `Versandwarteschlange`), an English word kept joined with a
//!   hyphen (`Checkout-Service`, `Session-Cache`, `API-Gateway`, `Stripe-API`).
//! - A model answering in Brazilian Portuguese: the kind word first and the words
//!   translated after `de`, the head noun first (`Serviço de Pedidos`, `Banco de Dados de
//!   Pagamentos`, `Tópico de Eventos de Pedidos`, `API do Stripe`).
//! - A model answering in Russian: the kind word first and the words translated in the
//!   genitive (`Сервис заказов`, `База данных платежей`, `Очередь уведомлений`,
//!   `API-шлюз`).
//! - A model answering in Korean: the words translated, spaced, the kind word last, `DB`
//!   and `API` kept in Latin letters as Korean documents do (`주문 서비스`, `결제 DB`,
//!   `API 게이트웨이`).
//! - A syslog / journald line's tag copied with the process id (`order-service[2817]:`).
//! - An application log's bracketed prefix, a service shortened to `-svc`
//!   (`[order-svc]`, `[api-gateway]`).
//! - A Terraform address inside a registry module (terraform-aws-modules' `this[0]`,
//!   the RDS module's nested `db_instance` module):
//!   `module.orders_db.module.db_instance.aws_db_instance.this[0]`.
//! - A Bitnami Helm chart's full name, the release and the chart joined, as the
//!   Kubernetes Services it creates are named (`orders-db-postgresql`,
//!   `session-cache-redis-master`).
//! - A CloudWatch Logs group as runbooks and dashboards quote it: ECS's default
//!   `/ecs/order-service`, RDS's `/aws/rds/instance/orders-db/postgresql`, SNS's delivery
//!   status `sns/eu-west-1/123456789012/order-events`, OpenSearch's
//!   `/aws/OpenSearchService/domains/search-index/application-logs`.
//! - A Nomad allocation's name, job, group and index (`order-service.server[0]`).
//! - A Confluence page's breadcrumb left on the title (`Architecture / Services / Order
//!   Service`).
//! - A retrieval-augmented answer's citation marker left on the name: `Order Service
//!   [3]`, a Markdown footnote `Order Service[^3]`, or an assistant's file citation
//!   `Order Service【4:0†source】`.
//! - A glossary's or a wiki's disambiguation: the kind word lower case in parentheses
//!   after the bare name (`Orders (database)`, `Order (service)`).
//! - The industry's initialism for the system the component is (`OMS` for the order
//!   service, `IMS`, `PIM` for the catalogue, `RecSys`).
//! - A store or a topic named by its owner, as design prose does (`Order Service's
//!   database`, `Pricing Service's cache`, `Payment Service's event topic`).
//!
//! Type words come from the same sources (ECS, Nomad, RDS, ElastiCache, Amazon MQ, Spring
//! Cloud Gateway, and German, Portuguese, Russian and Korean) and relationship phrases
//! from ADRs and design prose and a model answering in German, Portuguese or Russian,
//! some written from the object's end (`sits downstream of`, `backs the read path of`,
//! `is written by`, `takes events from`, `pushes messages to`, `is upstream of`) and three
//! that only sound passive (`is the sole writer of`, `is the producer for`, `is notified
//! by`: the subject acts).
//!
//! The near-named pairs of this set are `EIGHTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the eighth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Bestellservice`, `Zahlungsdatenbank`, `Checkout-Service`: a German compound.
    GermanCompound,
    /// `Serviço de Pedidos`, `Banco de Dados de Pagamentos`: a Portuguese answer.
    Portuguese,
    /// `Сервис заказов`, `База данных платежей`: a Russian answer.
    Russian,
    /// `주문 서비스`, `결제 DB`: a Korean answer.
    Korean,
    /// `order-service[2817]:`: a syslog tag with its process id.
    SyslogTag,
    /// `[order-svc]`: an application log's prefix.
    LogPrefix,
    /// `module.orders_db.module.db_instance.aws_db_instance.this[0]`: an address in a
    /// Terraform registry module.
    TerraformModule,
    /// `orders-db-postgresql`, `session-cache-redis-master`: a Bitnami chart's full name.
    HelmFullname,
    /// `/ecs/order-service`, `/aws/rds/instance/orders-db/postgresql`: a CloudWatch Logs
    /// group.
    LogGroup,
    /// `order-service.server[0]`: a Nomad allocation.
    NomadAlloc,
    /// `Architecture / Services / Order Service`: a Confluence breadcrumb.
    Breadcrumb,
    /// `Order Service [3]`, `Order Service[^3]`, `Order Service【4:0†source】`: a
    /// citation marker left on.
    Citation,
    /// `Orders (database)`, `Order (service)`: the kind word in parentheses.
    KindInParens,
    /// `OMS`, `IMS`, `PIM`, `RecSys`: the industry's initialism for the system.
    SystemAcronym,
    /// `Order Service's database`: a store or topic named by the service that owns it.
    OwnerPossessive,
}

/// The eighth styles (the canonical `Camel` form stays, as a document's own name).
pub const EIGHTH: &[Style] = &[
    Style::Camel,
    Style::Eighth(Name::GermanCompound),
    Style::Eighth(Name::Portuguese),
    Style::Eighth(Name::Russian),
    Style::Eighth(Name::Korean),
    Style::Eighth(Name::SyslogTag),
    Style::Eighth(Name::LogPrefix),
    Style::Eighth(Name::TerraformModule),
    Style::Eighth(Name::HelmFullname),
    Style::Eighth(Name::LogGroup),
    Style::Eighth(Name::NomadAlloc),
    Style::Eighth(Name::Breadcrumb),
    Style::Eighth(Name::Citation),
    Style::Eighth(Name::KindInParens),
    Style::Eighth(Name::SystemAcronym),
    Style::Eighth(Name::OwnerPossessive),
];

/// The corpus's words as the first part of a German compound (with its linking `s`
/// where German puts one), and whether German keeps the English word (then the parts
/// are joined with hyphens: `Checkout-Service`).
const GERMAN: &[(&str, &str, bool)] = &[
    ("Order", "Bestell", true),
    ("Orders", "Bestell", true),
    ("Checkout", "Checkout", false),
    ("Cart", "Warenkorb", true),
    ("Payment", "Zahlungs", true),
    ("Payments", "Zahlungs", true),
    ("Pricing", "Preisfindungs", true),
    ("Price", "Preis", true),
    ("Inventory", "Lagerbestands", true),
    ("Catalog", "Katalog", true),
    ("Search", "Such", true),
    ("Index", "Index", true),
    ("Shipping", "Versand", true),
    ("Shipment", "Sendungs", true),
    ("Shipments", "Sendungs", true),
    ("Fulfillment", "Fulfillment", false),
    ("Notification", "Benachrichtigungs", true),
    ("Customer", "Kunden", true),
    ("Customers", "Kunden", true),
    ("Auth", "Authentifizierungs", true),
    ("Recommendation", "Empfehlungs", true),
    ("Review", "Bewertungs", true),
    ("Reviews", "Bewertungs", true),
    ("Promotion", "Aktions", true),
    ("Promotions", "Aktions", true),
    ("Tax", "Steuer", true),
    ("Fraud", "Betrugserkennungs", true),
    ("Returns", "Retouren", true),
    ("Loyalty", "Treueprogramm", true),
    ("Reporting", "Reporting", false),
    ("Invoice", "Rechnungs", true),
    ("Session", "Session", false),
    ("Events", "Ereignis", true),
];

/// The corpus's words in Brazilian Portuguese.
const PORTUGUESE: &[(&str, &str)] = &[
    ("Order", "Pedidos"),
    ("Orders", "Pedidos"),
    ("Checkout", "Checkout"),
    ("Cart", "Carrinho"),
    ("Payment", "Pagamentos"),
    ("Payments", "Pagamentos"),
    ("Pricing", "Precificação"),
    ("Price", "Preços"),
    ("Inventory", "Estoque"),
    ("Catalog", "Catálogo"),
    ("Search", "Busca"),
    ("Index", "Índice"),
    ("Shipping", "Frete"),
    ("Shipment", "Remessas"),
    ("Shipments", "Remessas"),
    ("Fulfillment", "Expedição"),
    ("Notification", "Notificações"),
    ("Customer", "Clientes"),
    ("Customers", "Clientes"),
    ("Auth", "Autenticação"),
    ("Recommendation", "Recomendações"),
    ("Review", "Avaliações"),
    ("Reviews", "Avaliações"),
    ("Promotion", "Promoções"),
    ("Promotions", "Promoções"),
    ("Tax", "Impostos"),
    ("Fraud", "Fraude"),
    ("Returns", "Devoluções"),
    ("Loyalty", "Fidelidade"),
    ("Reporting", "Relatórios"),
    ("Invoice", "Faturas"),
    ("Session", "Sessão"),
    ("Events", "Eventos"),
];

/// The corpus's words in Russian, in the genitive (`Сервис заказов`: the service of
/// orders).
const RUSSIAN: &[(&str, &str)] = &[
    ("Order", "заказов"),
    ("Orders", "заказов"),
    ("Checkout", "оформления заказа"),
    ("Cart", "корзины"),
    ("Payment", "платежей"),
    ("Payments", "платежей"),
    ("Pricing", "ценообразования"),
    ("Price", "цен"),
    ("Inventory", "остатков"),
    ("Catalog", "каталога"),
    ("Search", "поиска"),
    ("Shipping", "доставки"),
    ("Shipment", "отправлений"),
    ("Shipments", "отправлений"),
    ("Fulfillment", "фулфилмента"),
    ("Notification", "уведомлений"),
    ("Customer", "клиентов"),
    ("Customers", "клиентов"),
    ("Auth", "аутентификации"),
    ("Recommendation", "рекомендаций"),
    ("Review", "отзывов"),
    ("Reviews", "отзывов"),
    ("Promotion", "акций"),
    ("Promotions", "акций"),
    ("Tax", "налогов"),
    ("Fraud", "антифрода"),
    ("Returns", "возвратов"),
    ("Loyalty", "программы лояльности"),
    ("Reporting", "отчётности"),
    ("Invoice", "счетов"),
    ("Session", "сессий"),
    ("Events", "событий"),
];

/// The corpus's words in Korean.
const KOREAN: &[(&str, &str)] = &[
    ("Order", "주문"),
    ("Orders", "주문"),
    ("Checkout", "체크아웃"),
    ("Cart", "장바구니"),
    ("Payment", "결제"),
    ("Payments", "결제"),
    ("Pricing", "가격 책정"),
    ("Price", "가격"),
    ("Inventory", "재고"),
    ("Catalog", "카탈로그"),
    ("Search", "검색"),
    ("Index", "인덱스"),
    ("Shipping", "배송"),
    ("Shipment", "출고"),
    ("Shipments", "출고"),
    ("Fulfillment", "풀필먼트"),
    ("Notification", "알림"),
    ("Customer", "고객"),
    ("Customers", "고객"),
    ("Auth", "인증"),
    ("Recommendation", "추천"),
    ("Review", "리뷰"),
    ("Reviews", "리뷰"),
    ("Promotion", "프로모션"),
    ("Promotions", "프로모션"),
    ("Tax", "세금"),
    ("Fraud", "이상거래 탐지"),
    ("Returns", "반품"),
    ("Loyalty", "멤버십"),
    ("Reporting", "리포팅"),
    ("Invoice", "청구서"),
    ("Session", "세션"),
    ("Events", "이벤트"),
];

/// The service that owns a store, cache or topic (its only writer or publisher in the
/// corpus), by the store's words.
const OWNER: &[(&str, &str)] = &[
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
    ("Order Events", "Order"),
    ("Payment Events", "Payment"),
    ("Inventory Events", "Inventory"),
];

/// The name as a German compound: the parts glued (later ones lower case), or joined
/// with hyphens when an English word is kept; `suffix` the kind word's part.
fn german(words: &[&str], suffix: &str) -> Option<String> {
    let parts: Option<Vec<(&str, bool)>> = words
        .iter()
        .map(|w| {
            GERMAN
                .iter()
                .find(|(en, _, _)| en == w)
                .map(|(_, de, native)| (*de, *native))
        })
        .collect();
    let parts = parts?;
    let all_native = parts.iter().all(|(_, native)| *native);
    let mut out = String::new();
    for (i, (part, _)) in parts.iter().enumerate() {
        if i == 0 || !all_native {
            if i > 0 {
                out.push('-');
            }
            out.push_str(part);
        } else {
            out.push_str(&part.to_lowercase());
        }
    }
    if suffix.is_empty() {
        return Some(out);
    }
    if all_native && suffix != "Topic" {
        out.push_str(&suffix.to_lowercase());
    } else {
        out.push('-');
        out.push_str(suffix);
    }
    Some(out)
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no syslog tag for a database, no initialism for most services).
pub fn write(
    style: Name,
    words: &[&str],
    kind_word: &str,
    kind: Kind,
    system: &str,
) -> Option<String> {
    let _ = system;
    let (all, lower) = crate::styles::with_kind(words, kind_word);
    let own_lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let spaced = all.join(" ");
    let own_spaced = words.join(" ");
    let kebab = lower.join("-");
    let snake = lower.join("_");
    let own_kebab = own_lower.join("-");
    Some(match style {
        Name::GermanCompound => match kind {
            Kind::Service => german(words, "Service")?,
            Kind::Database => german(words, "Datenbank")?,
            Kind::Cache => german(words, "Cache")?,
            Kind::Topic => german(words, "Topic")?,
            Kind::Queue => german(words, "Warteschlange")?,
            Kind::External => format!("{}-API", words.concat()),
            Kind::Gateway => "API-Gateway".into(),
            Kind::Frontend => "Webshop".into(),
            Kind::Index => german(words, "")?,
        },
        Name::Portuguese => {
            match kind {
                Kind::External => return Some(format!("API do {}", words.concat())),
                Kind::Gateway => return Some("Gateway de API".into()),
                Kind::Frontend => return Some("Loja Virtual".into()),
                _ => {}
            }
            // The head noun first: `Eventos de Pedidos`, `Índice de Busca`.
            let mut pt = translated(words, PORTUGUESE)?;
            pt.reverse();
            let own = pt.join(" de ");
            match kind {
                Kind::Service => format!("Serviço de {own}"),
                Kind::Database => format!("Banco de Dados de {own}"),
                Kind::Cache => format!("Cache de {own}"),
                Kind::Topic => format!("Tópico de {own}"),
                Kind::Queue => format!("Fila de {own}"),
                _ => own,
            }
        }
        Name::Russian => {
            match kind {
                Kind::External => return Some(format!("API {}", words.concat())),
                Kind::Gateway => return Some("API-шлюз".into()),
                Kind::Frontend => return Some("Веб-витрина".into()),
                Kind::Index => return Some("Поисковый индекс".into()),
                _ => {}
            }
            let own = if words == ["Search", "Index"] {
                "поискового индекса".to_string()
            } else {
                let mut ru = translated(words, RUSSIAN)?;
                ru.reverse();
                ru.join(" ")
            };
            match kind {
                Kind::Service => format!("Сервис {own}"),
                Kind::Database => format!("База данных {own}"),
                Kind::Cache => format!("Кэш {own}"),
                Kind::Topic => format!("Топик {own}"),
                _ => format!("Очередь {own}"),
            }
        }
        Name::Korean => {
            let kind_ko = match kind {
                Kind::Service => "서비스",
                Kind::Database => "DB",
                Kind::Cache => "캐시",
                Kind::Topic => "토픽",
                Kind::Queue => "큐",
                Kind::Gateway => return Some("API 게이트웨이".into()),
                Kind::Frontend => return Some("웹 쇼핑몰".into()),
                Kind::Index => "",
                Kind::External => return None,
            };
            let mut ko = translated(words, KOREAN)?;
            if !kind_ko.is_empty() {
                ko.push(kind_ko);
            }
            ko.join(" ")
        }
        Name::SyslogTag => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => {
                format!("{kebab}[{}]:", 1000 + hash(&kebab, "pid") % 30000)
            }
            _ => return None,
        },
        Name::LogPrefix => match kind {
            Kind::Service => format!("[{own_kebab}-svc]"),
            Kind::Gateway | Kind::Frontend => format!("[{kebab}]"),
            _ => return None,
        },
        Name::TerraformModule => {
            let resource = match kind {
                Kind::Service => "aws_ecs_service.this[0]",
                Kind::Database => "module.db_instance.aws_db_instance.this[0]",
                Kind::Cache => "aws_elasticache_replication_group.this[0]",
                Kind::Topic => "aws_sns_topic.this[0]",
                Kind::Queue => "aws_sqs_queue.this[0]",
                Kind::Gateway => "aws_apigatewayv2_api.this[0]",
                Kind::Frontend => "aws_cloudfront_distribution.this[0]",
                Kind::Index => "aws_opensearch_domain.this[0]",
                Kind::External => return None,
            };
            format!("module.{snake}.{resource}")
        }
        Name::HelmFullname => match kind {
            Kind::Database => format!("{kebab}-postgresql"),
            Kind::Cache => format!("{kebab}-redis-master"),
            Kind::Index => format!("{kebab}-elasticsearch"),
            _ => return None,
        },
        Name::LogGroup => match kind {
            Kind::Service => format!("/ecs/{kebab}"),
            Kind::Database => format!("/aws/rds/instance/{kebab}/postgresql"),
            Kind::Cache => format!("/aws/elasticache/{kebab}"),
            Kind::Topic => format!("sns/eu-west-1/123456789012/{own_kebab}"),
            Kind::Gateway => format!("/aws/apigateway/{kebab}"),
            Kind::Index => {
                format!("/aws/OpenSearchService/domains/{kebab}/application-logs")
            }
            Kind::Queue | Kind::Frontend | Kind::External => return None,
        },
        Name::NomadAlloc => {
            let group = match kind {
                Kind::Service => "server",
                Kind::Database => "postgres",
                Kind::Cache => "redis",
                Kind::Gateway => "envoy",
                Kind::Frontend => "web",
                Kind::Index => "opensearch",
                Kind::Topic | Kind::Queue | Kind::External => return None,
            };
            format!("{kebab}.{group}[0]")
        }
        Name::Breadcrumb => {
            let section = match kind {
                Kind::Service => "Services",
                Kind::Database => "Data Stores",
                Kind::Cache => "Caches",
                Kind::Topic | Kind::Queue => "Messaging",
                Kind::External => "Third-Party Integrations",
                Kind::Gateway => "Edge",
                Kind::Frontend => "Frontends",
                Kind::Index => "Search",
            };
            format!("Architecture / {section} / {spaced}")
        }
        Name::Citation => {
            let h = hash(&spaced, "cite");
            let n = 1 + h % 9;
            match (h / 9) % 3 {
                0 => format!("{spaced} [{n}]"),
                1 => format!("{spaced}[^{n}]"),
                _ => format!("{spaced}\u{3010}{n}:0\u{2020}source\u{3011}"),
            }
        }
        Name::KindInParens => {
            let label = match kind {
                Kind::Service => "service",
                Kind::Database => "database",
                Kind::Cache => "cache",
                Kind::Topic => "topic",
                Kind::Queue => "queue",
                Kind::External => "third-party API",
                Kind::Frontend => "frontend",
                Kind::Gateway | Kind::Index => return None,
            };
            format!("{own_spaced} ({label})")
        }
        Name::SystemAcronym => match (kind, words) {
            (Kind::Service, ["Order"]) => "OMS".into(),
            (Kind::Service, ["Inventory"]) => "IMS".into(),
            (Kind::Service, ["Catalog"]) => "PIM".into(),
            (Kind::Service, ["Recommendation"]) => "RecSys".into(),
            _ => return None,
        },
        Name::OwnerPossessive => {
            let owner = OWNER
                .iter()
                .find(|(store, _)| *store == own_spaced)
                .map(|(_, owner)| *owner)?;
            let what = match kind {
                Kind::Database => "database",
                Kind::Cache => "cache",
                Kind::Topic => "event topic",
                _ => return None,
            };
            format!("{owner} Service's {what}")
        }
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "ECS service", "Nomad job", "serviço", "сервис"],
        Kind::Database => &[
            "database",
            "RDS for PostgreSQL",
            "Datenbank",
            "banco de dados",
            "база данных",
        ],
        Kind::Cache => &[
            "cache",
            "ElastiCache replication group",
            "Redis master",
            "кэш",
            "캐시",
        ],
        Kind::Topic => &["queue", "SNS standard topic", "tópico", "Ereignis-Topic"],
        Kind::Queue => &[
            "queue",
            "Amazon MQ queue",
            "fila",
            "Warteschlange",
            "очередь",
        ],
        Kind::External => &[
            "external_system",
            "Drittanbieter-API",
            "API externa",
            "vendor dependency",
            "внешний сервис",
        ],
        Kind::Gateway => &["service", "Spring Cloud Gateway", "шлюз", "gateway de API"],
        Kind::Frontend => &["frontend", "loja virtual", "Webshop", "CloudFront site"],
        Kind::Index => &[
            "database",
            "OpenSearch domain",
            "Suchindex",
            "índice de busca",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B backs the read path of A`: A reads from B), and the
/// answer then has `from` and `to` the other way round. `A is the sole writer of B`, `A
/// is the producer for B` and `A is notified by B` only sound passive (A writes, A
/// publishes, A subscribes); `B sits downstream of A`, `B takes events from A`, `B pushes
/// messages to A` and `B is upstream of A` are written from the object. Each relationship
/// but one has a phrase in German, Portuguese or Russian, as a model answering in that
/// language writes it. The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("sendet Anfragen an", "sendet Anfragen an", false),
            ("synchronously calls", "synchronously calls", false),
            ("sits downstream of", "sits downstream of", true),
            ("chama", "chama", false),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("lê de", "lê de", false),
            (
                "pulls reference data from",
                "pulls reference data from",
                false,
            ),
            ("backs the read path of", "backs the read path of", true),
            ("читает из", "читает из", false),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("записывает в", "записывает в", false),
            ("is the sole writer of", "is the sole writer of", false),
            ("is written by", "is written by", true),
            ("appends to", "appends to", false),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("publica em", "publica em", false),
            ("emits domain events to", "emits domain events to", false),
            ("is the producer for", "is the producer for", false),
            ("takes events from", "takes events from", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("abonniert", "abonniert", false),
            ("has a consumer group on", "has a consumer group on", false),
            ("is notified by", "is notified by", false),
            ("pushes messages to", "pushes messages to", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("зависит от", "зависит от", false),
            (
                "has a hard dependency on",
                "has a hard dependency on",
                false,
            ),
            ("is upstream of", "is upstream of", true),
            ("depende de", "depende de", false),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("входит в состав", "входит в состав", false),
            ("ships as part of", "ships as part of", false),
            ("is a subsystem of", "is a subsystem of", false),
        ],
    }
}
