//! The forty-first set (issue 36, forty-first round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Georgian, ML and data platforms (MLflow, Kubeflow Pipelines, SageMaker,
//! Feast, Ray Serve), search and observability UIs (Elasticsearch, Kibana, Datadog, New
//! Relic) and documentation sites (MkDocs, Notion, Read the Docs) write:
//! - A model answering in Georgian (Mkhedruli): the name's words as a genitive before the
//!   kind word (`შეკვეთების სერვისი`, the service of orders; `გადახდების მონაცემთა ბაზა`,
//!   `შეტყობინებების რიგი`, `სესიის ქეში`), a vendor's API as `Stripe-ის API`, `API
//!   კარიბჭე`, `ვებ-მაღაზია`, `საძიებო ინდექსი`.
//! - An MLflow registered model URI with its stage (`models:/order-service/Production`).
//! - A Kubeflow Pipelines v2 component id in the compiled pipeline spec
//!   (`comp-order-service`).
//! - A SageMaker endpoint named by the Python SDK's default, the base name and a
//!   millisecond timestamp (`order-service-2024-05-14-09-31-07-412`).
//! - A Feast feature reference, the feature view then the feature
//!   (`order_service_stats:event_count`).
//! - A Ray Serve replica's actor name, the application then the deployment
//!   (`ServeReplica:novamart:OrderService`).
//! - An Elasticsearch data stream's backing index, with its `.ds-` prefix, type,
//!   namespace, date and generation (`.ds-logs-order_service-default-2024.05.14-000001`).
//! - A Kibana saved dashboard titled as the sample dashboards are (`[Logs] Order Service
//!   Overview`).
//! - A Datadog Service Catalog definition's key (`dd-service: order-service`).
//! - A New Relic NRQL condition on the APM application name (`appName =
//!   'order-service'`).
//! - An MkDocs `nav:` entry, the label and its page (`Order Service:
//!   services/order-service.md`).
//! - A Notion page address in a workspace, the title's words hyphenated before the page
//!   id (`www.notion.so/novamart/Order-Service-1f3e…`, 32 hex digits).
//! - A Read the Docs project's host (`novamart-order-service.readthedocs.io`).
//!
//! Type words come from the same sources (Georgian, Ray Serve, Feast, SageMaker,
//! Elasticsearch, Datadog, New Relic) and relationship phrases from ML and observability
//! write-ups and a model answering in Georgian, some written from the object's end (`is
//! scored by`, `is indexed by`, `is fanned out to`, `is a feature source of`, Georgian
//! `მიერ გამოიძახება`, is called by, `მიერ იკითხება`, is read by) and some that only
//! look passive (`is logged to`, `is registered under`, Georgian
//! `გამოწერილია`, the subject acts).
//!
//! The near-named pairs of this set are `FORTYFIRST_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the forty-first set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `შეკვეთების სერვისი`: a Georgian answer.
    Georgian,
    /// `models:/order-service/Production`: an MLflow registered model URI.
    Mlflow,
    /// `comp-order-service`: a Kubeflow Pipelines component id.
    Kubeflow,
    /// `order-service-2024-05-14-09-31-07-412`: a SageMaker endpoint's default name.
    SageMaker,
    /// `order_service_stats:event_count`: a Feast feature reference.
    Feast,
    /// `ServeReplica:novamart:OrderService`: a Ray Serve replica actor.
    RayServe,
    /// `.ds-logs-order_service-default-2024.05.14-000001`: a data stream backing index.
    BackingIndex,
    /// `[Logs] Order Service Overview`: a Kibana dashboard.
    Kibana,
    /// `dd-service: order-service`: a Datadog Service Catalog key.
    DdService,
    /// `appName = 'order-service'`: a New Relic NRQL condition.
    Nrql,
    /// `Order Service: services/order-service.md`: an MkDocs nav entry.
    MkDocs,
    /// `www.notion.so/novamart/Order-Service-1f3e…`: a Notion page address.
    Notion,
    /// `novamart-order-service.readthedocs.io`: a Read the Docs host.
    ReadTheDocs,
}

/// The forty-first styles (the canonical `Camel` form stays, as a document's own name).
pub const FORTYFIRST: &[Style] = &[
    Style::Camel,
    Style::Fortyfirst(Name::Georgian),
    Style::Fortyfirst(Name::Mlflow),
    Style::Fortyfirst(Name::Kubeflow),
    Style::Fortyfirst(Name::SageMaker),
    Style::Fortyfirst(Name::Feast),
    Style::Fortyfirst(Name::RayServe),
    Style::Fortyfirst(Name::BackingIndex),
    Style::Fortyfirst(Name::Kibana),
    Style::Fortyfirst(Name::DdService),
    Style::Fortyfirst(Name::Nrql),
    Style::Fortyfirst(Name::MkDocs),
    Style::Fortyfirst(Name::Notion),
    Style::Fortyfirst(Name::ReadTheDocs),
];

/// The corpus's words in Georgian, as a genitive before the kind word.
const GEORGIAN: &[(&str, &str)] = &[
    ("Order", "შეკვეთის"),
    ("Orders", "შეკვეთების"),
    ("Checkout", "გაფორმების"),
    ("Cart", "კალათის"),
    ("Payment", "გადახდის"),
    ("Payments", "გადახდების"),
    ("Pricing", "ფასწარმოქმნის"),
    ("Price", "ფასის"),
    ("Inventory", "მარაგების"),
    ("Catalog", "კატალოგის"),
    ("Search", "ძიების"),
    ("Index", "ინდექსის"),
    ("Shipping", "მიწოდების"),
    ("Shipment", "გზავნილის"),
    ("Shipments", "გზავნილების"),
    ("Fulfillment", "შესრულების"),
    ("Notification", "შეტყობინებების"),
    ("Customer", "მომხმარებლის"),
    ("Customers", "მომხმარებლების"),
    ("Auth", "ავთენტიფიკაციის"),
    ("Recommendation", "რეკომენდაციების"),
    ("Review", "შეფასების"),
    ("Reviews", "შეფასებების"),
    ("Promotion", "აქციის"),
    ("Promotions", "აქციების"),
    ("Tax", "გადასახადის"),
    ("Fraud", "თაღლითობის"),
    ("Returns", "დაბრუნებების"),
    ("Loyalty", "ლოიალობის"),
    ("Reporting", "ანგარიშგების"),
    ("Invoice", "ინვოისის"),
    ("Session", "სესიის"),
    ("Events", "მოვლენების"),
];

/// The Georgian kind words.
const GEORGIAN_HEADS: &[(&str, &str)] = &[
    ("Service", "სერვისი"),
    ("DB", "მონაცემთა ბაზა"),
    ("Cache", "ქეში"),
    ("Queue", "რიგი"),
    ("Topic", "თემა"),
];

/// The Georgian answer for a name, `None` for a word the table lacks.
fn georgian(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("{}-ის API", words.concat()),
        Kind::Gateway => "API კარიბჭე".into(),
        Kind::Frontend => "ვებ-მაღაზია".into(),
        Kind::Index => "საძიებო ინდექსი".into(),
        _ => {
            let own = translated(words, GEORGIAN)?;
            let head = GEORGIAN_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            format!("{} {head}", own.join(" "))
        }
    })
}

/// The MLflow stages a registered model URI may name.
const STAGES: &[&str] = &["Production", "Staging"];

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Georgian table lacks).
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
    let pascal: String = all
        .iter()
        .map(|w| {
            let mut cs = w.chars();
            match cs.next() {
                Some(f) => f.to_uppercase().chain(cs).collect::<String>(),
                None => String::new(),
            }
        })
        .collect();
    let title = all
        .iter()
        .map(|w| {
            let mut cs = w.chars();
            match cs.next() {
                Some(f) => f.to_uppercase().chain(cs).collect::<String>(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join("-");
    let h = hash(&spaced, "fortyfirst");
    Some(match style {
        Name::Georgian => georgian(words, kind_word, kind)?,
        Name::Mlflow => format!(
            "models:/{kebab}/{}",
            STAGES[(h % STAGES.len() as u64) as usize]
        ),
        Name::Kubeflow => format!("comp-{kebab}"),
        Name::SageMaker => format!(
            "{kebab}-2024-05-{:02}-{:02}-{:02}-{:02}-{:03}",
            1 + h % 28,
            h / 7 % 24,
            h / 11 % 60,
            h / 13 % 60,
            h / 17 % 1000
        ),
        Name::Feast => format!("{snake}_stats:event_count"),
        Name::RayServe => format!("ServeReplica:novamart:{pascal}"),
        Name::BackingIndex => format!(
            ".ds-logs-{snake}-default-2024.05.{:02}-{:06}",
            1 + h % 28,
            1 + h / 29 % 9
        ),
        Name::Kibana => format!("[Logs] {spaced} Overview"),
        Name::DdService => format!("dd-service: {kebab}"),
        Name::Nrql => format!("appName = '{kebab}'"),
        Name::MkDocs => format!("{spaced}: services/{kebab}.md"),
        Name::Notion => format!(
            "www.notion.so/novamart/{title}-{:016x}{:016x}",
            h,
            h.rotate_left(29)
        ),
        Name::ReadTheDocs => format!("novamart-{kebab}.readthedocs.io"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "სერვისი",
            "Ray Serve deployment",
            "New Relic APM application",
        ],
        Kind::Database => &[
            "database",
            "მონაცემთა ბაზა",
            "Feast offline store",
            "Datadog datastore",
        ],
        Kind::Cache => &["cache", "ქეში", "Feast online store", "hot tier"],
        Kind::Topic => &["queue", "თემა", "Kafka data source", "event stream"],
        Kind::Queue => &["queue", "რიგი", "SageMaker async queue", "work queue"],
        Kind::External => &[
            "external_system",
            "გარე სისტემა",
            "New Relic external service",
            "third-party API",
        ],
        Kind::Gateway => &["service", "API კარიბჭე", "SageMaker endpoint", "ingress"],
        Kind::Frontend => &[
            "frontend",
            "ვებ-აპლიკაცია",
            "Datadog RUM application",
            "web app",
        ],
        Kind::Index => &[
            "database",
            "საძიებო ინდექსი",
            "Elasticsearch data stream",
            "search index",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is scored by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is logged to B` (A publishes to B), Georgian `A
/// გამოწერილია B` (A subscribes to B) and `A is
/// registered under B` (A is the part) only look passive (A acts); `B is scored by A`,
/// `B is a feature source of A`, `B is indexed by A`, `B is fanned out to A` and `B is
/// a hard requirement of A` are written from the object, and so are Georgian `B მიერ
/// გამოიძახება A` (is called by) and `B მიერ იკითხება A` (is read by). The prompt's
/// word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("იძახებს", "იძახებს", false),
            ("მიერ გამოიძახება", "მიერ გამოიძახება", true),
            ("is scored by", "is scored by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("კითხულობს", "კითხულობს", false),
            ("მიერ იკითხება", "მიერ იკითხება", true),
            ("is a feature source of", "is a feature source of", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("წერს", "წერს", false),
            ("is indexed by", "is indexed by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("აქვეყნებს", "აქვეყნებს", false),
            ("is logged to", "is logged to", false),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("გამოწერილია", "გამოწერილია", false),
            ("is fanned out to", "is fanned out to", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("დამოკიდებულია", "დამოკიდებულია", false),
            ("is a hard requirement of", "is a hard requirement of", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("ნაწილია", "ნაწილია", false),
            ("is registered under", "is registered under", false),
        ],
    }
}
