//! The seventh set (issue 36, seventh round): naming styles, type words and relationship
//! phrases written without reading archie's identity rules, after the other six sets had
//! all been written (and five of them looked at by the people improving the rules).
//! Nobody develops archie against this file: it is a yardstick for the work done against
//! the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what real
//! clusters, infrastructure code, diagrams-as-code, exported documents, dashboards and
//! Chinese engineering documents write, and what a model copies out of them:
//! - A pod's name as `kubectl get pods` and the logs show it: a Deployment's pod carries
//!   its ReplicaSet's pod-template hash and five random characters
//!   (`order-service-7c9d8f6b4q-x2k4p`, from Kubernetes' vowel-free alphabet), a
//!   StatefulSet's its ordinal (`orders-db-0`).
//! - An AWS CDK logical ID from a synthesized CloudFormation template or `cdk diff`: the
//!   construct path and eight hex digits of its hash (`OrdersDB4F2A9C1E`).
//! - Diagrams as code: a Mermaid flowchart node copied with its id and shape
//!   (`orders_db[(Orders DB)]`), a node of the Python `diagrams` library
//!   (`RDS("orders db")`), and a draw.io label with its HTML line break
//!   (`Orders<br>DB`).
//! - An OpenTelemetry attribute from a trace or a service map: `service.name=order-service`,
//!   `db.namespace=orders`, `messaging.destination.name=order-events`,
//!   `peer.service=stripe`.
//! - A model answering in Chinese: the name translated (`订单服务`, `订单数据库`,
//!   `API 网关`), or written as Chinese documents gloss it, the code name in full-width
//!   parentheses (`订单服务（order-service）`).
//! - What document pipelines do to a name: a word broken at a PDF line end and joined with
//!   a space (`Notifi- cation Service`), a label a dashboard cut with an ellipsis
//!   (`Recommendation…`), a space left percent-encoded from a link (`Order%20Service`), a
//!   Notion export's page id after the title (`Order Service 1f3e…`, 32 hex digits).
//! - An Azure Resource Manager id (`/subscriptions/…/providers/Microsoft.ServiceBus/
//!   namespaces/sb-novamart/queues/shipment`).
//! - A Windows estate's names: the process image (`OrderService.exe`), a SQL Server named
//!   instance (`SQLPROD01\ORDERS`), an MSMQ private queue's path (`.\private$\shipment`).
//! - A Serverless Framework function's deployed name, service, stage and function key
//!   (`novamart-prod-orderService`), and a Bazel target's label (`//services/order:server`).
//!
//! Type words come from the same sources (CloudFormation resource types, OpenTelemetry,
//! Windows, Chinese) and relationship phrases from C4 relationship labels, runbooks and a
//! model answering in Chinese, some written from the object's end (`gets traffic from`,
//! `returns rows to`, `dispatches to`) and one that only sounds passive (`is a consumer
//! of`: the subject acts).
//!
//! The near-named pairs of this set are `SEVENTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash};

/// One way of writing a name, in the seventh set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `order-service-7c9d8f6b4q-x2k4p`, `orders-db-0`: the pod's name.
    Pod,
    /// `OrdersDB4F2A9C1E`: the AWS CDK logical ID.
    CdkLogicalId,
    /// `orders_db[(Orders DB)]`: a Mermaid flowchart node, id and shape left on.
    MermaidNode,
    /// `RDS("orders db")`: a node of the Python `diagrams` library.
    DiagramsNode,
    /// `Orders<br>DB`: a draw.io label's HTML line break left in.
    DrawioLabel,
    /// `service.name=order-service`: an OpenTelemetry attribute.
    OtelAttribute,
    /// `订单服务`, `API 网关`: the name in Chinese.
    Chinese,
    /// `订单服务（order-service）`: Chinese with the code name in full-width parentheses.
    ChineseGloss,
    /// `Notifi- cation Service`: a word broken at a PDF line end.
    PdfHyphenation,
    /// `Recommendation…`: a dashboard's label cut short.
    Truncated,
    /// `Order%20Service`: a space left percent-encoded.
    PercentEncoded,
    /// `/subscriptions/…/providers/Microsoft.Cache/redis/session-cache`: the Azure
    /// resource id.
    AzureResourceId,
    /// `OrderService.exe`, `SQLPROD01\ORDERS`, `.\private$\shipment`: a Windows name.
    Windows,
    /// `novamart-prod-orderService`: the Serverless Framework function's name.
    ServerlessFunction,
    /// `//services/order:server`: the Bazel target.
    BazelLabel,
    /// `Order Service 1f3e9c0a…`: a Notion export's page id after the title.
    NotionPageId,
}

/// The seventh styles (the canonical `Camel` form stays, as a document's own name).
pub const SEVENTH: &[Style] = &[
    Style::Camel,
    Style::Seventh(Name::Pod),
    Style::Seventh(Name::CdkLogicalId),
    Style::Seventh(Name::MermaidNode),
    Style::Seventh(Name::DiagramsNode),
    Style::Seventh(Name::DrawioLabel),
    Style::Seventh(Name::OtelAttribute),
    Style::Seventh(Name::Chinese),
    Style::Seventh(Name::ChineseGloss),
    Style::Seventh(Name::PdfHyphenation),
    Style::Seventh(Name::Truncated),
    Style::Seventh(Name::PercentEncoded),
    Style::Seventh(Name::AzureResourceId),
    Style::Seventh(Name::Windows),
    Style::Seventh(Name::ServerlessFunction),
    Style::Seventh(Name::BazelLabel),
    Style::Seventh(Name::NotionPageId),
];

/// The Azure subscription and resource group every resource id of the corpus is in.
const AZURE: &str =
    "/subscriptions/5f1c2d3e-8a9b-4c7d-9e0f-1a2b3c4d5e6f/resourceGroups/rg-novamart-prod/providers";

/// The corpus's words in Chinese, as Chinese engineering documents name these things.
const CHINESE: &[(&str, &str)] = &[
    ("Order", "订单"),
    ("Orders", "订单"),
    ("Checkout", "结算"),
    ("Cart", "购物车"),
    ("Payment", "支付"),
    ("Payments", "支付"),
    ("Pricing", "定价"),
    ("Price", "价格"),
    ("Inventory", "库存"),
    ("Catalog", "商品目录"),
    ("Search", "搜索"),
    ("Index", "索引"),
    ("Shipping", "物流"),
    ("Shipment", "运单"),
    ("Shipments", "运单"),
    ("Fulfillment", "履约"),
    ("Notification", "通知"),
    ("Customer", "客户"),
    ("Customers", "客户"),
    ("Auth", "认证"),
    ("Recommendation", "推荐"),
    ("Review", "评价"),
    ("Reviews", "评价"),
    ("Promotion", "促销"),
    ("Promotions", "促销"),
    ("Tax", "税务"),
    ("Fraud", "风控"),
    ("Returns", "退货"),
    ("Loyalty", "会员积分"),
    ("Reporting", "报表"),
    ("Invoice", "发票"),
    ("Session", "会话"),
    ("Events", "事件"),
];

/// Where a PDF's typesetting breaks the corpus's long words at a line end (the
/// dictionary's hyphenation points), as `(before, after)`.
const HYPHENATION: &[(&str, &str, &str)] = &[
    ("Notification", "Notifi", "cation"),
    ("Recommendation", "Recommen", "dation"),
    ("Fulfillment", "Fulfill", "ment"),
    ("Inventory", "Inven", "tory"),
    ("Promotion", "Promo", "tion"),
    ("Promotions", "Promo", "tions"),
    ("Customer", "Cus", "tomer"),
    ("Customers", "Cus", "tomers"),
    ("Reporting", "Report", "ing"),
    ("Shipment", "Ship", "ment"),
    ("Shipments", "Ship", "ments"),
    ("Checkout", "Check", "out"),
    ("Payments", "Pay", "ments"),
    ("Storefront", "Store", "front"),
];

/// `n` characters of `alphabet` drawn from the hash of `text` and `salt`.
fn drawn(text: &str, salt: &str, alphabet: &[u8], n: usize) -> String {
    let mut h = hash(text, salt);
    let mut out = String::new();
    for i in 0..n {
        if i % 8 == 7 {
            h = hash(text, &format!("{salt}{i}"));
        }
        let base = alphabet.len() as u64;
        out.push(char::from(alphabet[(h % base) as usize]));
        h /= base;
    }
    out
}

/// Kubernetes' alphabet for generated names (no vowels, no look-alike digits).
const K8S: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";
const HEX_UPPER: &[u8] = b"0123456789ABCDEF";
const HEX_LOWER: &[u8] = b"0123456789abcdef";

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no pod for a topic, no Chinese name for a vendor's API).
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
    let camel = all.concat();
    let kebab = lower.join("-");
    let own_kebab = own_lower.join("-");
    let sys = system.to_lowercase();
    // The name in Chinese: each word translated, the kind word last (`订单事件主题`).
    let chinese = || -> Option<String> {
        let kind_zh = match kind {
            Kind::Service => "服务",
            Kind::Database => "数据库",
            Kind::Cache => "缓存",
            Kind::Topic => "主题",
            Kind::Queue => "队列",
            Kind::Gateway if words == ["API", "Gateway"] => return Some("API 网关".into()),
            Kind::Frontend if words == ["Web", "Storefront"] => return Some("网上商城".into()),
            Kind::Index => "",
            _ => return None,
        };
        let own: Option<Vec<&str>> = words
            .iter()
            .map(|w| CHINESE.iter().find(|(en, _)| en == w).map(|(_, zh)| *zh))
            .collect();
        Some(format!("{}{kind_zh}", own?.concat()))
    };
    Some(match style {
        Name::Pod => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => format!(
                "{kebab}-{}-{}",
                drawn(&kebab, "pod-template-hash", K8S, 10),
                drawn(&kebab, "pod", K8S, 5)
            ),
            Kind::Database | Kind::Cache | Kind::Index => format!("{kebab}-0"),
            Kind::Topic | Kind::Queue | Kind::External => return None,
        },
        Name::CdkLogicalId => match kind {
            Kind::External => return None,
            _ => format!("{camel}{}", drawn(&camel, "cdk", HEX_UPPER, 8)),
        },
        Name::MermaidNode => {
            let id = lower.join("_");
            match kind {
                Kind::Service => format!("{id}[{spaced}]"),
                Kind::Database | Kind::Cache | Kind::Index => format!("{id}[({spaced})]"),
                Kind::Topic => format!("{id}[/{spaced}/]"),
                Kind::Queue => format!("{id}>{spaced}]"),
                Kind::External => format!("{id}(({spaced}))"),
                Kind::Gateway => format!("{id}{{{{{spaced}}}}}"),
                Kind::Frontend => format!("{id}([{spaced}])"),
            }
        }
        Name::DiagramsNode => {
            let node = match kind {
                Kind::Service => "ECS",
                Kind::Database => "RDS",
                Kind::Cache => "ElastiCache",
                Kind::Topic => "SNS",
                Kind::Queue => "SQS",
                Kind::Gateway => "APIGateway",
                Kind::Frontend => "CloudFront",
                Kind::Index => "ElasticsearchService",
                Kind::External => return None,
            };
            format!("{node}(\"{}\")", lower.join(" "))
        }
        Name::DrawioLabel => {
            // The break goes before the kind word, or before the last word of a name that
            // is its words (`API<br>Gateway`).
            let (first, last) = all.split_last().map(|(l, rest)| (rest.join(" "), l))?;
            if first.is_empty() {
                return None;
            }
            format!("{first}<br>{last}")
        }
        Name::OtelAttribute => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => format!("service.name={kebab}"),
            Kind::Database => format!("db.namespace={}", own_lower.join("_")),
            Kind::Index => format!("db.namespace={kebab}"),
            Kind::Cache => format!("server.address={kebab}"),
            Kind::Topic => format!("messaging.destination.name={own_kebab}"),
            Kind::Queue => format!("messaging.destination.name={kebab}"),
            Kind::External => format!("peer.service={}", own_lower.concat()),
        },
        Name::Chinese => chinese()?,
        Name::ChineseGloss => format!("{}\u{ff08}{kebab}\u{ff09}", chinese()?),
        Name::PdfHyphenation => {
            // The longest word the dictionary breaks, broken; the rest as written.
            let (i, before, after) = all
                .iter()
                .enumerate()
                .filter_map(|(i, w)| {
                    HYPHENATION
                        .iter()
                        .find(|(word, _, _)| word == w)
                        .map(|(_, b, a)| (i, *b, *a))
                })
                .max_by_key(|(i, _, _)| all[*i].len())?;
            let mut ws = all.clone();
            ws[i] = format!("{before}- {after}");
            ws.join(" ")
        }
        Name::Truncated => {
            if spaced.chars().count() <= 16 {
                return None;
            }
            let cut: String = spaced.chars().take(15).collect();
            format!("{}\u{2026}", cut.trim_end())
        }
        Name::PercentEncoded => {
            if all.len() < 2 {
                return None;
            }
            all.join("%20")
        }
        Name::AzureResourceId => {
            let path = match kind {
                Kind::Service => format!("Microsoft.App/containerApps/{kebab}"),
                Kind::Database => {
                    format!("Microsoft.Sql/servers/sql-{sys}/databases/{own_kebab}")
                }
                Kind::Cache => format!("Microsoft.Cache/redis/{kebab}"),
                Kind::Topic => {
                    format!("Microsoft.ServiceBus/namespaces/sb-{sys}/topics/{own_kebab}")
                }
                Kind::Queue => {
                    format!("Microsoft.ServiceBus/namespaces/sb-{sys}/queues/{own_kebab}")
                }
                Kind::Gateway => format!("Microsoft.ApiManagement/service/{kebab}"),
                Kind::Frontend => format!("Microsoft.Web/staticSites/{kebab}"),
                Kind::Index => format!("Microsoft.Search/searchServices/{kebab}"),
                Kind::External => return None,
            };
            format!("{AZURE}/{path}")
        }
        Name::Windows => match kind {
            Kind::Service | Kind::Gateway => format!("{camel}.exe"),
            Kind::Database => format!("SQLPROD01\\{}", words.concat().to_uppercase()),
            Kind::Queue => format!(".\\private$\\{}", own_lower.join("_")),
            _ => return None,
        },
        Name::ServerlessFunction => match kind {
            Kind::Service => {
                let key: String = lower
                    .iter()
                    .enumerate()
                    .map(|(i, w)| {
                        if i == 0 {
                            w.clone()
                        } else {
                            let mut c = w.chars();
                            c.next()
                                .map(|f| f.to_uppercase().chain(c).collect())
                                .unwrap_or_default()
                        }
                    })
                    .collect();
                format!("{sys}-prod-{key}")
            }
            _ => return None,
        },
        Name::BazelLabel => match kind {
            Kind::Service => format!("//services/{own_kebab}:server"),
            Kind::Gateway => format!("//edge/{kebab}:server"),
            Kind::Frontend => format!("//web/{kebab}:bundle"),
            _ => return None,
        },
        Name::NotionPageId => format!("{spaced} {}", drawn(&spaced, "notion", HEX_LOWER, 32)),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "Lambda function",
            "Pod",
            "Windows service",
            "微服务",
        ],
        Kind::Database => &[
            "database",
            "AWS::RDS::DBInstance",
            "SQL Server database",
            "数据库",
            "transactional store",
        ],
        Kind::Cache => &[
            "cache",
            "AWS::ElastiCache::CacheCluster",
            "缓存",
            "caching tier",
        ],
        Kind::Topic => &[
            "queue",
            "AWS::Events::EventBus",
            "消息主题",
            "broadcast channel",
        ],
        Kind::Queue => &[
            "queue",
            "Azure Storage queue",
            "MSMQ private queue",
            "消息队列",
            "delivery queue",
        ],
        Kind::External => &[
            "external_system",
            "peer service",
            "第三方服务",
            "external SaaS",
        ],
        Kind::Gateway => &[
            "service",
            "AWS::ApiGatewayV2::Api",
            "API 网关",
            "Envoy proxy",
        ],
        Kind::Frontend => &[
            "frontend",
            "AWS::CloudFront::Distribution",
            "前端",
            "web UI",
        ],
        Kind::Index => &[
            "database",
            "AWS::OpenSearchService::Domain",
            "全文索引",
            "Lucene index",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B returns rows to A`: A reads from B), and the answer
/// then has `from` and `to` the other way round. `A is a consumer of B` only sounds
/// passive (A subscribes); `B gets traffic from A`, `B returns rows to A`, `B dispatches
/// to A` are active in form but written from the object. Each relationship has one
/// Chinese phrase (`调用`, `写入`, …), as a model answering in Chinese writes it, and
/// `calls` one C4 relationship label with its technology in brackets. The prompt's word
/// first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("调用", "调用", false),
            (
                "makes API calls to [JSON/HTTPS]",
                "makes API calls to [JSON/HTTPS]",
                false,
            ),
            ("gets traffic from", "gets traffic from", true),
            ("routes to", "routes to", false),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("读取", "读取", false),
            ("runs queries against", "runs queries against", false),
            ("returns rows to", "returns rows to", true),
            ("hydrates from", "hydrates from", false),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("写入", "写入", false),
            ("sinks data into", "sinks data into", false),
            ("is the write target of", "is the write target of", true),
            ("mutates", "mutates", false),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("发布到", "发布到", false),
            ("drops events onto", "drops events onto", false),
            ("collects events from", "collects events from", true),
            ("announces changes on", "announces changes on", false),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("订阅", "订阅", false),
            ("is a consumer of", "is a consumer of", false),
            ("dispatches to", "dispatches to", true),
            ("processes messages from", "processes messages from", false),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("依赖", "依赖", false),
            ("cannot run without", "cannot run without", false),
            ("is a prerequisite for", "is a prerequisite for", true),
            ("sits on top of", "sits on top of", false),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("属于", "属于", false),
            ("is bundled into", "is bundled into", false),
            ("rolls up into", "rolls up into", false),
        ],
    }
}
