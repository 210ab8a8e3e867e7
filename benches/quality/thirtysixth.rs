//! The thirty-sixth set (issue 36, thirty-sixth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Luxembourgish, infrastructure-as-code and delivery tooling (Pulumi,
//! Ansible, Bicep, Docker registries, Artifactory), enterprise architecture tools
//! (Archi's ArchiMate CSV export, LeanIX), service catalogs and on-call (Cortex,
//! PagerDuty) and code-quality tools (SonarCloud, Snyk) write:
//! - A model answering in Luxembourgish: the kind word first, then `fir` (for) and the
//!   name's words as one compound noun with its article, `d'` for a plural or a
//!   feminine, `de`/`den` for a masculine (`Déngscht fir d'Bestellungen`, the orders
//!   service; `Datebank fir d'Bezuelungen`, `Schlaang fir d'Notifikatiounen`, `Cache fir
//!   d'Sessiounen`, `Déngscht fir d'Katalogsich`), a vendor's API as `d'API vu Stripe`
//!   (the Eifel rule dropping `vun`'s n), `d'API-Paart`, `den Online-Buttek`, `de
//!   Sichindex`.
//! - A Pulumi URN with its stack, project and resource type
//!   (`urn:pulumi:prod::novamart::aws:ecs/service:Service::order-service`).
//! - An Ansible dynamic inventory group made from an EC2 tag
//!   (`tag_Role_order_service`).
//! - A Bicep resource declaration's head, its symbolic name and its type with API version
//!   (`resource orderService 'Microsoft.App/containerApps@2023-05-01'`).
//! - A Docker image reference with its registry and tag
//!   (`ghcr.io/novamart/order-service:2.7.1`).
//! - A Docker image reference pinned by digest
//!   (`registry.novamart.io/order-service@sha256:3f9c…`, 64 hex digits).
//! - An Artifactory Docker repository path to a tag's manifest
//!   (`docker-local/order-service/2.7.1/manifest.json`).
//! - A row of Archi's ArchiMate CSV export, its element type and name in quotes
//!   (`"ApplicationComponent","Order Service"`).
//! - A LeanIX fact sheet's display name, the name with its release after it
//!   (`Order Service 2.3`).
//! - A Cortex catalog descriptor's tag line (`x-cortex-tag: order-service`).
//! - The escalation policy PagerDuty creates with a service, named after it with `-ep`
//!   (`Order Service-ep`).
//! - A SonarCloud project key made on import, the organisation and the repository
//!   (`novamart_order-service`).
//! - A Snyk project's name, organisation, repository, branch and target file
//!   (`novamart/order-service(main):Dockerfile`).
//!
//! Type words come from the same sources (Luxembourgish, ArchiMate, Pulumi, Bicep,
//! PagerDuty, Cortex) and relationship phrases from runbooks, architecture repositories
//! and a model answering in Luxembourgish, some written from the object's end (`is
//! fronted by`, `is scraped by`, `is populated by`, `is tailed by`, `is relied upon by`,
//! Luxembourgish `gëtt opgeruff vun`, is called by, `gëtt gelies vun`, is read by,
//! `gëtt geschriwwe vun`, is written by, and `kritt Evenementer vun`, receives events
//! from) and some that only look passive (`is fed by`, the subscriber fed by its topic,
//! `is underpinned by`, the dependant underpinned by what it needs, `is wired to`, the
//! publisher wired to its topic, and `is rolled up into`, the part rolled up into the
//! whole; the subject acts).
//!
//! The near-named pairs of this set are `THIRTY_SIXTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash};

/// One way of writing a name, in the thirty-sixth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Déngscht fir d'Bestellungen`: a Luxembourgish answer.
    Luxembourgish,
    /// `urn:pulumi:prod::novamart::aws:ecs/service:Service::order-service`: a Pulumi URN.
    Pulumi,
    /// `tag_Role_order_service`: an Ansible dynamic inventory group.
    Ansible,
    /// `resource orderService 'Microsoft.App/containerApps@2023-05-01'`: a Bicep
    /// declaration.
    Bicep,
    /// `ghcr.io/novamart/order-service:2.7.1`: a Docker image with its tag.
    DockerTag,
    /// `registry.novamart.io/order-service@sha256:…`: a Docker image by digest.
    DockerDigest,
    /// `docker-local/order-service/2.7.1/manifest.json`: an Artifactory path.
    Artifactory,
    /// `"ApplicationComponent","Order Service"`: an Archi CSV row.
    ArchiCsv,
    /// `Order Service 2.3`: a LeanIX fact sheet with its release.
    LeanIx,
    /// `x-cortex-tag: order-service`: a Cortex tag.
    Cortex,
    /// `Order Service-ep`: a PagerDuty escalation policy.
    PagerDuty,
    /// `novamart_order-service`: a SonarCloud project key.
    SonarCloud,
    /// `novamart/order-service(main):Dockerfile`: a Snyk project.
    Snyk,
}

/// The thirty-sixth styles (the canonical `Camel` form stays, as a document's own name).
pub const THIRTY_SIXTH: &[Style] = &[
    Style::Camel,
    Style::ThirtySixth(Name::Luxembourgish),
    Style::ThirtySixth(Name::Pulumi),
    Style::ThirtySixth(Name::Ansible),
    Style::ThirtySixth(Name::Bicep),
    Style::ThirtySixth(Name::DockerTag),
    Style::ThirtySixth(Name::DockerDigest),
    Style::ThirtySixth(Name::Artifactory),
    Style::ThirtySixth(Name::ArchiCsv),
    Style::ThirtySixth(Name::LeanIx),
    Style::ThirtySixth(Name::Cortex),
    Style::ThirtySixth(Name::PagerDuty),
    Style::ThirtySixth(Name::SonarCloud),
    Style::ThirtySixth(Name::Snyk),
];

/// The corpus's words in Luxembourgish: the article the word takes after `fir` and the
/// noun.
const LUXEMBOURGISH: &[(&str, (&str, &str))] = &[
    ("Order", ("d'", "Bestellungen")),
    ("Orders", ("d'", "Bestellungen")),
    ("Checkout", ("d'", "Keess")),
    ("Cart", ("de ", "Wuerekuerf")),
    ("Payment", ("d'", "Bezuelungen")),
    ("Payments", ("d'", "Bezuelungen")),
    ("Pricing", ("d'", "Präisser")),
    ("Price", ("de ", "Präis")),
    ("Inventory", ("de ", "Lagerbestand")),
    ("Catalog", ("de ", "Katalog")),
    ("Search", ("d'", "Sich")),
    ("Index", ("den ", "Index")),
    ("Shipping", ("de ", "Versand")),
    ("Shipment", ("d'", "Liwwerungen")),
    ("Shipments", ("d'", "Liwwerungen")),
    ("Fulfillment", ("d'", "Ofwécklung")),
    ("Notification", ("d'", "Notifikatiounen")),
    ("Customer", ("d'", "Clienten")),
    ("Customers", ("d'", "Clienten")),
    ("Auth", ("d'", "Authentifikatioun")),
    ("Recommendation", ("d'", "Recommandatiounen")),
    ("Review", ("d'", "Bewäertungen")),
    ("Reviews", ("d'", "Bewäertungen")),
    ("Promotion", ("d'", "Promotiounen")),
    ("Promotions", ("d'", "Promotiounen")),
    ("Tax", ("d'", "Steieren")),
    ("Fraud", ("de ", "Bedruch")),
    ("Returns", ("d'", "Retouren")),
    ("Loyalty", ("d'", "Trei")),
    ("Reporting", ("d'", "Rapporten")),
    ("Invoice", ("d'", "Rechnungen")),
    ("Session", ("d'", "Sessiounen")),
    ("Events", ("d'", "Evenementer")),
];

/// The Luxembourgish kind words.
const LUXEMBOURGISH_HEADS: &[(&str, &str)] = &[
    ("Service", "Déngscht"),
    ("DB", "Datebank"),
    ("Cache", "Cache"),
    ("Queue", "Schlaang"),
    ("Topic", "Thema"),
];

/// The Luxembourgish answer for a name, `None` for a word the table lacks.
fn luxembourgish(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => {
            let vendor = words.concat();
            // The Eifel rule: `vun` keeps its n only before a vowel or n, d, t, z, h.
            let keep = vendor
                .chars()
                .next()
                .is_some_and(|ch| "AEIOUaeiouNDTZHndtzh".contains(ch));
            format!("d'API {} {vendor}", if keep { "vun" } else { "vu" })
        }
        Kind::Gateway => "d'API-Paart".into(),
        Kind::Frontend => "den Online-Buttek".into(),
        Kind::Index => "de Sichindex".into(),
        _ => {
            let own: Vec<(&str, &str)> = words
                .iter()
                .map(|w| {
                    LUXEMBOURGISH
                        .iter()
                        .find(|(en, _)| en == w)
                        .map(|(_, lb)| *lb)
                })
                .collect::<Option<_>>()?;
            let head = LUXEMBOURGISH_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            // One compound noun: the words in order, the later ones in lower case, with
            // the last word's article.
            let (article, _) = *own.last()?;
            let compound: String = own
                .iter()
                .enumerate()
                .map(|(i, (_, noun))| {
                    if i == 0 {
                        noun.to_string()
                    } else {
                        noun.to_lowercase()
                    }
                })
                .collect();
            format!("{head} fir {article}{compound}")
        }
    })
}

/// The Pulumi resource type of a component of `kind`.
fn pulumi_type(kind: Kind) -> &'static str {
    match kind {
        Kind::Service => "aws:ecs/service:Service",
        Kind::Database => "aws:rds/instance:Instance",
        Kind::Cache => "aws:elasticache/replicationGroup:ReplicationGroup",
        Kind::Topic => "aws:sns/topic:Topic",
        Kind::Queue => "aws:sqs/queue:Queue",
        Kind::External => "novamart:index:ExternalApi",
        Kind::Gateway => "aws:apigateway/restApi:RestApi",
        Kind::Frontend => "aws:cloudfront/distribution:Distribution",
        Kind::Index => "aws:opensearch/domain:Domain",
    }
}

/// The Azure resource type and API version a Bicep file declares a component of `kind`
/// with.
fn bicep_type(kind: Kind) -> &'static str {
    match kind {
        Kind::Service => "Microsoft.App/containerApps@2023-05-01",
        Kind::Database => "Microsoft.DBforPostgreSQL/flexibleServers@2022-12-01",
        Kind::Cache => "Microsoft.Cache/redis@2023-08-01",
        Kind::Topic => "Microsoft.ServiceBus/namespaces/topics@2022-10-01-preview",
        Kind::Queue => "Microsoft.ServiceBus/namespaces/queues@2022-10-01-preview",
        Kind::External => "Microsoft.Web/connections@2016-06-01",
        Kind::Gateway => "Microsoft.ApiManagement/service@2023-05-01-preview",
        Kind::Frontend => "Microsoft.Web/staticSites@2022-09-01",
        Kind::Index => "Microsoft.Search/searchServices@2023-11-01",
    }
}

/// The ArchiMate element type Archi's CSV export gives a component of `kind`.
fn archimate_type(kind: Kind) -> &'static str {
    match kind {
        Kind::Service | Kind::Frontend => "ApplicationComponent",
        Kind::Database | Kind::Cache => "SystemSoftware",
        Kind::Topic | Kind::Queue => "TechnologyService",
        Kind::External | Kind::Gateway => "ApplicationInterface",
        Kind::Index => "DataObject",
    }
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Luxembourgish table lacks).
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
    let lower_camel = {
        let mut chars = camel.chars();
        match chars.next() {
            Some(first) => first.to_lowercase().chain(chars).collect::<String>(),
            None => String::new(),
        }
    };
    let kebab = lower.join("-");
    let snake = lower.join("_");
    let h = hash(&spaced, "thirtysixth");
    let version = format!("{}.{}.{}", 1 + h % 4, (h >> 8) % 20, (h >> 16) % 10);
    Some(match style {
        Name::Luxembourgish => luxembourgish(words, kind_word, kind)?,
        Name::Pulumi => format!("urn:pulumi:prod::novamart::{}::{kebab}", pulumi_type(kind)),
        Name::Ansible => format!("tag_Role_{snake}"),
        Name::Bicep => format!("resource {lower_camel} '{}'", bicep_type(kind)),
        Name::DockerTag => format!("ghcr.io/novamart/{kebab}:{version}"),
        Name::DockerDigest => {
            let digest: String = (0..4)
                .map(|i| format!("{:016x}", hash(&spaced, &format!("thirtysixth-digest-{i}"))))
                .collect();
            format!("registry.novamart.io/{kebab}@sha256:{digest}")
        }
        Name::Artifactory => format!("docker-local/{kebab}/{version}/manifest.json"),
        Name::ArchiCsv => format!("\"{}\",\"{spaced}\"", archimate_type(kind)),
        Name::LeanIx => format!("{spaced} {}.{}", 1 + h % 5, (h >> 12) % 10),
        Name::Cortex => format!("x-cortex-tag: {kebab}"),
        Name::PagerDuty => format!("{spaced}-ep"),
        Name::SonarCloud => format!("novamart_{kebab}"),
        Name::Snyk => format!("novamart/{kebab}(main):Dockerfile"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "Déngscht",
            "ApplicationComponent",
            "PagerDuty service",
        ],
        Kind::Database => &["database", "Datebank", "SystemSoftware", "rds.Instance"],
        Kind::Cache => &["cache", "Zwëschespäicher", "Microsoft.Cache/redis", "Node"],
        Kind::Topic => &["queue", "Thema", "sns.Topic", "TechnologyService"],
        Kind::Queue => &["queue", "Schlaang", "sqs.Queue", "Cortex resource"],
        Kind::External => &[
            "external_system",
            "externe System",
            "ApplicationInterface",
            "LeanIX Provider",
        ],
        Kind::Gateway => &["service", "API-Paart", "ApplicationInterface", "Ingress"],
        Kind::Frontend => &["frontend", "Webapplikatioun", "Interface", "static site"],
        Kind::Index => &["database", "Sichindex", "DataObject", "opensearch.Domain"],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is fronted by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is fed by B` (A subscribes to B), `A is
/// underpinned by B` (A depends on B), `A is wired to B` (A publishes to B) and `A is
/// rolled up into B` (A is the part) only look passive (A acts); `B is fronted by A`, `B
/// is scraped by A`, `B is populated by A`, `B is tailed by A` and `B is relied upon by
/// A` are written from the object, and so are Luxembourgish `B gëtt opgeruff vun A` (is
/// called by), `B gëtt gelies vun A` (is read by), `B gëtt geschriwwe vun A` (is written
/// by) and `B kritt Evenementer vun A` (receives events from). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("rifft op", "rifft op", false),
            ("gëtt opgeruff vun", "gëtt opgeruff vun", true),
            ("is fronted by", "is fronted by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("liest aus", "liest aus", false),
            ("gëtt gelies vun", "gëtt gelies vun", true),
            ("is scraped by", "is scraped by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("schreift an", "schreift an", false),
            ("gëtt geschriwwe vun", "gëtt geschriwwe vun", true),
            ("is populated by", "is populated by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("publizéiert op", "publizéiert op", false),
            ("kritt Evenementer vun", "kritt Evenementer vun", true),
            ("is wired to", "is wired to", false),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("abonnéiert", "abonnéiert", false),
            ("is fed by", "is fed by", false),
            ("is tailed by", "is tailed by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("hänkt of vun", "hänkt of vun", false),
            ("is underpinned by", "is underpinned by", false),
            ("is relied upon by", "is relied upon by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("ass Deel vun", "ass Deel vun", false),
            ("is rolled up into", "is rolled up into", false),
        ],
    }
}
