//! The twenty-seventh set (issue 36, twenty-seventh round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! twenty-six sets had all been written. Nobody develops archie against this file: it is
//! a yardstick for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Slovak or Galician, data warehouses, dbt projects, Power BI models, data
//! lakes, Azure resource names, cloud cost reports, spreadsheet pivot tables, message
//! broker admin consoles, incident channels, ITSM tickets and log search write:
//! - A model answering in Slovak: the kind word first and the words after it in the
//!   genitive, head first (`Služba objednávok`, the service of orders; `Databáza
//!   platieb`, `Front notifikácií`, `Vyrovnávacia pamäť relácií`, `Téma udalostí
//!   objednávok`), a vendor's API as `API služby Stripe`, `API brána`, `Webový obchod`,
//!   `Vyhľadávací index`.
//! - A model answering in Galician: the kind word first and the words after `de`
//!   (`Servizo de pedidos`, `Base de datos de pagamentos`, `Cola de notificacións`,
//!   `Caché de sesións`, `Tema de eventos de pedidos`), a vendor's API as `API de
//!   Stripe`, `Pasarela de API`, `Tenda web`, `Índice de busca`.
//! - A BigQuery table reference in backticks, project, dataset and the name in snake case
//!   (`` `novamart-prod.ops.order_service` ``).
//! - A dbt model reference, as a dbt project's SQL names its models
//!   (`{{ ref('order_service') }}`).
//! - A Power BI (DAX) column reference, the table quoted and the column in brackets
//!   (`'Components'[Order Service]`).
//! - A Hive-style partition directory of a data lake, the name as the partition's value
//!   (`component=order-service/`).
//! - An Azure resource name in the Cloud Adoption Framework's convention, as a cost report
//!   lists it: the resource type's abbreviation, the name's own words without the kind
//!   word, the environment (`app-order-prod`, `sqldb-orders-prod`, `redis-session-prod`,
//!   `sbq-notification-prod`).
//! - An AWS Cost Explorer cost allocation tag grouping, the tag key, `$` and the value
//!   (`Component$Order Service`).
//! - A spreadsheet pivot table's value header (`Sum of Order Service`).
//! - A RabbitMQ management console address, the vhost `/` escaped (`/#/queues/%2F/order-
//!   notifications`, `/#/exchanges/%2F/order-events-topic` for a topic); only queues and
//!   topics have one (every kind had one at first: see docs/quality.md).
//! - An incident channel as incident tooling opens it, the date and the component
//!   (`#inc-0427-order-service`).
//! - A ServiceNow reference, the display name and the configuration item's class in
//!   brackets (`Order Service [cmdb_ci_service]`, `Orders DB [cmdb_ci_db_instance]`).
//! - A Splunk source type from a log search (`sourcetype=order_service`).
//!
//! Type words come from the same sources (Slovak, Galician, Azure, BigQuery, RabbitMQ) and
//! relationship phrases from data-platform and ticketing prose and a model answering in
//! Slovak or Galician, some written from the object's end (`is hit by`, `is loaded by`,
//! `has as its producer`, `blocks`, `is queried by`, Slovak `je volaná z`, is called
//! from, `je čítaná z`, is read from, `prijíma zápisy od`, receives writes from, and
//! `prijíma udalosti od`, receives events from, and Galician `é chamado por`, is called
//! by, `é lido por`, is read by, `recibe escritas de`, receives writes from, and `recibe
//! eventos de`, receives events from) and six that only look passive (`is sourced from`,
//! `is fed from` and Jira's `is blocked by`: the subject acts; Slovak `je prihlásená na
//! odber`, is subscribed to, and `je závislá od`, is dependent on, and Galician `está
//! subscrito a`, is subscribed to) and one written from the part, as cost reports roll
//! costs up (`rolls up into`).
//!
//! The near-named pairs of this set are `TWENTY_SEVENTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, looked_up, translated};

/// One way of writing a name, in the twenty-seventh set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Služba objednávok`: a Slovak answer, head first.
    Slovak,
    /// `Servizo de pedidos`: a Galician answer.
    Galician,
    /// `` `novamart-prod.ops.order_service` ``: a BigQuery table reference.
    BigQuery,
    /// `{{ ref('order_service') }}`: a dbt model reference.
    DbtRef,
    /// `'Components'[Order Service]`: a DAX column reference.
    Dax,
    /// `component=order-service/`: a Hive-style partition directory.
    HivePartition,
    /// `app-order-prod`: an Azure resource name (Cloud Adoption Framework).
    AzureCaf,
    /// `Component$Order Service`: an AWS cost allocation tag grouping.
    CostTag,
    /// `Sum of Order Service`: a pivot table's value header.
    Pivot,
    /// `/#/queues/%2F/order-service`: a RabbitMQ management console address.
    RabbitConsole,
    /// `#inc-0427-order-service`: an incident channel.
    IncidentChannel,
    /// `Order Service [cmdb_ci_service]`: a ServiceNow reference.
    ServiceNow,
    /// `sourcetype=order_service`: a Splunk source type.
    Splunk,
}

/// The twenty-seventh styles (the canonical `Camel` form stays, as a document's own name).
pub const TWENTY_SEVENTH: &[Style] = &[
    Style::Camel,
    Style::TwentySeventh(Name::Slovak),
    Style::TwentySeventh(Name::Galician),
    Style::TwentySeventh(Name::BigQuery),
    Style::TwentySeventh(Name::DbtRef),
    Style::TwentySeventh(Name::Dax),
    Style::TwentySeventh(Name::HivePartition),
    Style::TwentySeventh(Name::AzureCaf),
    Style::TwentySeventh(Name::CostTag),
    Style::TwentySeventh(Name::Pivot),
    Style::TwentySeventh(Name::RabbitConsole),
    Style::TwentySeventh(Name::IncidentChannel),
    Style::TwentySeventh(Name::ServiceNow),
    Style::TwentySeventh(Name::Splunk),
];

/// The corpus's words in Slovak, in the genitive (the plural for things there are many
/// of), in lower case.
const SLOVAK: &[(&str, &str)] = &[
    ("Order", "objednávok"),
    ("Orders", "objednávok"),
    ("Checkout", "pokladne"),
    ("Cart", "košíka"),
    ("Payment", "platieb"),
    ("Payments", "platieb"),
    ("Pricing", "tvorby cien"),
    ("Price", "cien"),
    ("Inventory", "zásob"),
    ("Catalog", "katalógu"),
    ("Search", "vyhľadávania"),
    ("Index", "indexu"),
    ("Shipping", "dopravy"),
    ("Shipment", "zásielok"),
    ("Shipments", "zásielok"),
    ("Fulfillment", "vybavovania objednávok"),
    ("Notification", "notifikácií"),
    ("Customer", "zákazníkov"),
    ("Customers", "zákazníkov"),
    ("Auth", "autentifikácie"),
    ("Recommendation", "odporúčaní"),
    ("Review", "recenzií"),
    ("Reviews", "recenzií"),
    ("Promotion", "akcií"),
    ("Promotions", "akcií"),
    ("Tax", "daní"),
    ("Fraud", "podvodov"),
    ("Returns", "vrátení"),
    ("Loyalty", "vernostného programu"),
    ("Reporting", "výkazníctva"),
    ("Invoice", "faktúr"),
    ("Session", "relácií"),
    ("Events", "udalostí"),
];

/// The Slovak kind words, which come first.
const SLOVAK_HEADS: &[(&str, &str)] = &[
    ("Service", "Služba"),
    ("DB", "Databáza"),
    ("Cache", "Vyrovnávacia pamäť"),
    ("Queue", "Front"),
    ("Topic", "Téma"),
];

/// The corpus's words in Galician, in lower case (the plural for things there are many
/// of).
const GALICIAN: &[(&str, &str)] = &[
    ("Order", "pedidos"),
    ("Orders", "pedidos"),
    ("Checkout", "caixa"),
    ("Cart", "carriño"),
    ("Payment", "pagamentos"),
    ("Payments", "pagamentos"),
    ("Pricing", "fixación de prezos"),
    ("Price", "prezos"),
    ("Inventory", "inventario"),
    ("Catalog", "catálogo"),
    ("Search", "busca"),
    ("Index", "índice"),
    ("Shipping", "envíos"),
    ("Shipment", "remesas"),
    ("Shipments", "remesas"),
    ("Fulfillment", "preparación de pedidos"),
    ("Notification", "notificacións"),
    ("Customer", "clientes"),
    ("Customers", "clientes"),
    ("Auth", "autenticación"),
    ("Recommendation", "recomendacións"),
    ("Review", "valoracións"),
    ("Reviews", "valoracións"),
    ("Promotion", "promocións"),
    ("Promotions", "promocións"),
    ("Tax", "impostos"),
    ("Fraud", "fraude"),
    ("Returns", "devolucións"),
    ("Loyalty", "fidelización"),
    ("Reporting", "informes"),
    ("Invoice", "facturas"),
    ("Session", "sesións"),
    ("Events", "eventos"),
];

/// The Galician kind words, which come first.
const GALICIAN_HEADS: &[(&str, &str)] = &[
    ("Service", "Servizo"),
    ("DB", "Base de datos"),
    ("Cache", "Caché"),
    ("Queue", "Cola"),
    ("Topic", "Tema"),
];

/// The Slovak answer for a name, `None` for a word the table lacks.
fn slovak(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("API služby {}", words.concat()),
        Kind::Gateway => "API brána".into(),
        Kind::Frontend => "Webový obchod".into(),
        Kind::Index => "Vyhľadávací index".into(),
        _ => {
            let mut own = translated(words, SLOVAK)?;
            own.reverse();
            let head = looked_up(kind_word, SLOVAK_HEADS)?;
            format!("{head} {}", own.join(" "))
        }
    })
}

/// The Galician answer for a name, `None` for a word the table lacks.
fn galician(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("API de {}", words.concat()),
        Kind::Gateway => "Pasarela de API".into(),
        Kind::Frontend => "Tenda web".into(),
        Kind::Index => "Índice de busca".into(),
        _ => {
            let mut own = translated(words, GALICIAN)?;
            own.reverse();
            let head = looked_up(kind_word, GALICIAN_HEADS)?;
            format!("{head} de {}", own.join(" de "))
        }
    })
}

/// The Cloud Adoption Framework's abbreviation for the Azure resource a component of
/// `kind` runs as.
fn caf(kind: Kind) -> &'static str {
    match kind {
        Kind::Service => "app",
        Kind::Gateway => "apim",
        Kind::Database => "sqldb",
        Kind::Index => "srch",
        Kind::Cache => "redis",
        Kind::Queue => "sbq",
        Kind::Topic => "sbt",
        Kind::External => "ext",
        Kind::Frontend => "stapp",
    }
}

/// The ServiceNow configuration item class a component of `kind` is recorded under.
fn ci_class(kind: Kind) -> &'static str {
    match kind {
        Kind::Service | Kind::Gateway => "cmdb_ci_service",
        Kind::Database | Kind::Index => "cmdb_ci_db_instance",
        Kind::Cache => "cmdb_ci_appl",
        Kind::Topic | Kind::Queue => "cmdb_ci_queue",
        Kind::External => "cmdb_ci_service_external",
        Kind::Frontend => "cmdb_ci_web_site",
    }
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name.
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
    let h = hash(&spaced, "twentyseventh");
    Some(match style {
        Name::Slovak => slovak(words, kind_word, kind)?,
        Name::Galician => galician(words, kind_word, kind)?,
        Name::BigQuery => {
            let dataset = if (h >> 4).is_multiple_of(3) {
                "analytics"
            } else {
                "ops"
            };
            format!("`novamart-prod.{dataset}.{snake}`")
        }
        Name::DbtRef => format!("{{{{ ref('{snake}') }}}}"),
        Name::Dax => format!("'Components'[{spaced}]"),
        Name::HivePartition => format!("component={kebab}/"),
        Name::AzureCaf => {
            let own: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
            let own = if own.is_empty() { lower } else { own };
            format!("{}-{}-prod", caf(kind), own.join("-"))
        }
        Name::CostTag => format!("Component${spaced}"),
        Name::Pivot => format!("Sum of {spaced}"),
        // The console lists queues and exchanges only: another thing has no page there
        // (written on every kind at first, which filed a search index under the queues).
        Name::RabbitConsole => {
            let page = match kind {
                Kind::Topic => "exchanges",
                Kind::Queue => "queues",
                _ => return None,
            };
            format!("/#/{page}/%2F/{kebab}")
        }
        Name::IncidentChannel => {
            let day = 1 + (h >> 8) % 28;
            format!("#inc-04{day:02}-{kebab}")
        }
        Name::ServiceNow => format!("{spaced} [{}]", ci_class(kind)),
        Name::Splunk => format!("sourcetype={snake}"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "služba", "servizo", "Azure App Service"],
        Kind::Database => &["database", "databáza", "base de datos", "BigQuery dataset"],
        Kind::Cache => &[
            "cache",
            "vyrovnávacia pamäť",
            "caché",
            "Azure Cache for Redis",
        ],
        Kind::Topic => &[
            "queue",
            "téma udalostí",
            "tema de eventos",
            "RabbitMQ exchange",
        ],
        Kind::Queue => &[
            "queue",
            "front správ",
            "cola de mensaxes",
            "Service Bus queue",
        ],
        Kind::External => &[
            "external_system",
            "externý systém",
            "sistema externo",
            "third-party SaaS",
        ],
        Kind::Gateway => &["service", "API brána", "pasarela de API", "API Management"],
        Kind::Frontend => &[
            "frontend",
            "webová aplikácia",
            "aplicación web",
            "Static Web App",
        ],
        Kind::Index => &[
            "database",
            "vyhľadávací index",
            "índice de busca",
            "Azure AI Search index",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is hit by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is sourced from B` (A reads B), `A is fed from
/// B` (A subscribes to B), Jira's `A is blocked by B` (A depends on B), Slovak `A je
/// prihlásená na odber B` (is subscribed to) and `A je závislá od B` (is dependent on)
/// and Galician `A está subscrito a B` (is subscribed to) only look passive (A acts), and
/// `A rolls up into B` is written from the part; `B is hit by A`, `B is queried by A`, `B
/// is loaded by A`, `B has as its producer A` and Jira's `B blocks A` are written from the
/// object, and so are Slovak `B je volaná z A` (is called from), `B je čítaná z A` (is
/// read from), `B prijíma zápisy od A` (receives writes from) and `B prijíma udalosti od
/// A` (receives events from), and Galician `B é chamado por A` (is called by), `B é lido
/// por A` (is read by), `B recibe escritas de A` (receives writes from) and `B recibe
/// eventos de A` (receives events from). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("volá", "volá", false),
            ("chama a", "chama a", false),
            ("je volaná z", "je volaná z", true),
            ("é chamado por", "é chamado por", true),
            ("is hit by", "is hit by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("číta z", "číta z", false),
            ("le de", "le de", false),
            ("is sourced from", "is sourced from", false),
            ("je čítaná z", "je čítaná z", true),
            ("é lido por", "é lido por", true),
            ("is queried by", "is queried by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("zapisuje do", "zapisuje do", false),
            ("escribe en", "escribe en", false),
            ("prijíma zápisy od", "prijíma zápisy od", true),
            ("recibe escritas de", "recibe escritas de", true),
            ("is loaded by", "is loaded by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("publikuje do", "publikuje do", false),
            ("publica en", "publica en", false),
            ("prijíma udalosti od", "prijíma udalosti od", true),
            ("recibe eventos de", "recibe eventos de", true),
            ("has as its producer", "has as its producer", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("je prihlásená na odber", "je prihlásená na odber", false),
            ("está subscrito a", "está subscrito a", false),
            ("is fed from", "is fed from", false),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("je závislá od", "je závislá od", false),
            ("depende de", "depende de", false),
            ("is blocked by", "is blocked by", false),
            ("blocks", "blocks", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("je súčasťou", "je súčasťou", false),
            ("forma parte de", "forma parte de", false),
            ("rolls up into", "rolls up into", false),
        ],
    }
}
