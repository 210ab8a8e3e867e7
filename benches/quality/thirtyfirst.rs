//! The thirty-first set (issue 36, thirty-first round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Albanian, healthcare and finance standards (HL7 v2, FHIR, FIX), telecom
//! (SIP, 3GPP network domain names), workflow engines (Camunda/BPMN, Temporal, Airflow)
//! and CI/CD artefacts (Argo CD, Tekton, Spinnaker) write:
//! - A model answering in Albanian: the kind word first with its definite article, then
//!   the linking article and the name's words in the definite genitive, the last English
//!   word first (`Shërbimi i porosive`, the orders service; `Databaza e pagesave`,
//!   `Radha e njoftimeve`, `Cache-i i sesioneve`, `Shërbimi i kërkimit të katalogut`), a
//!   vendor's API as `API-ja e Stripe`, `Porta e API-ve`, `Dyqani në internet`,
//!   `Indeksi i kërkimit`.
//! - A FHIR resource reference to an Endpoint (`Endpoint/order-service`).
//! - An HL7 v2 hierarchic designator, as MSH-3 (sending application) writes it
//!   (`ORDER_SERVICE^novamart.io^DNS`).
//! - A FIX session's SenderCompID, as a FIX engine's session settings write it
//!   (`SenderCompID=ORDER_SERVICE`).
//! - A SIP URI (`sip:order-service@novamart.io`).
//! - A 3GPP network domain name for a 5G core function
//!   (`order-service.5gc.mnc015.mcc234.3gppnetwork.org`).
//! - A Camunda (BPMN) service task id (`ServiceTask_OrderService`).
//! - A Temporal workflow type (`OrderServiceWorkflow`).
//! - An Airflow DAG id (`order_service_dag`).
//! - An Argo CD application with its project namespace and environment
//!   (`argocd/order-service-prod`).
//! - A Tekton PipelineRun's generated name (`order-service-run-k3x9q`).
//! - A Spinnaker server group, application, stack and version, the application's words
//!   run together as Spinnaker's naming wants (`orderservice-prod-v042`).
//!
//! Type words come from the same sources (Albanian, FHIR, 3GPP, FIX, Temporal) and
//! relationship phrases from design prose, payment and clinical integration documents
//! and a model answering in Albanian, some written from the object's end (`is invoked
//! by`, `is queried by`, `is booked by`, `is signalled by`, `is drained by`, `is required
//! by`, Albanian `thirret nga`, is called by, `lexohet nga`, is read by, `shkruhet nga`,
//! is written by, `merr ngjarje nga`, receives events from) and some that only look
//! passive (`is triggered by` and `is backed by`; Albanian `abonohet në`, subscribes to,
//! and `varet nga`, depends on, whose mediopassive verbs and `nga` (by, from) read like a
//! passive: the subject acts) and one written from the part (`is enrolled in`).
//!
//! The near-named pairs of this set are `THIRTY_FIRST_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the thirty-first set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Shërbimi i porosive`: an Albanian answer.
    Albanian,
    /// `Endpoint/order-service`: a FHIR reference.
    Fhir,
    /// `ORDER_SERVICE^novamart.io^DNS`: an HL7 v2 hierarchic designator.
    Hl7,
    /// `SenderCompID=ORDER_SERVICE`: a FIX session id.
    Fix,
    /// `sip:order-service@novamart.io`: a SIP URI.
    Sip,
    /// `order-service.5gc.mnc015.mcc234.3gppnetwork.org`: a 3GPP domain name.
    ThreeGpp,
    /// `ServiceTask_OrderService`: a BPMN service task id.
    Bpmn,
    /// `OrderServiceWorkflow`: a Temporal workflow type.
    Temporal,
    /// `order_service_dag`: an Airflow DAG id.
    Airflow,
    /// `argocd/order-service-prod`: an Argo CD application.
    ArgoCd,
    /// `order-service-run-k3x9q`: a Tekton PipelineRun.
    Tekton,
    /// `orderservice-prod-v042`: a Spinnaker server group.
    Spinnaker,
}

/// The thirty-first styles (the canonical `Camel` form stays, as a document's own name).
pub const THIRTY_FIRST: &[Style] = &[
    Style::Camel,
    Style::ThirtyFirst(Name::Albanian),
    Style::ThirtyFirst(Name::Fhir),
    Style::ThirtyFirst(Name::Hl7),
    Style::ThirtyFirst(Name::Fix),
    Style::ThirtyFirst(Name::Sip),
    Style::ThirtyFirst(Name::ThreeGpp),
    Style::ThirtyFirst(Name::Bpmn),
    Style::ThirtyFirst(Name::Temporal),
    Style::ThirtyFirst(Name::Airflow),
    Style::ThirtyFirst(Name::ArgoCd),
    Style::ThirtyFirst(Name::Tekton),
    Style::ThirtyFirst(Name::Spinnaker),
];

/// The corpus's words in Albanian, in the definite genitive (after `i`, `e` or `të`).
const ALBANIAN: &[(&str, &str)] = &[
    ("Order", "porosive"),
    ("Orders", "porosive"),
    ("Checkout", "arkës"),
    ("Cart", "shportës"),
    ("Payment", "pagesave"),
    ("Payments", "pagesave"),
    ("Pricing", "çmimeve"),
    ("Price", "çmimit"),
    ("Inventory", "inventarit"),
    ("Catalog", "katalogut"),
    ("Search", "kërkimit"),
    ("Index", "indeksit"),
    ("Shipping", "transportit"),
    ("Shipment", "dërgesave"),
    ("Shipments", "dërgesave"),
    ("Fulfillment", "përmbushjes"),
    ("Notification", "njoftimeve"),
    ("Customer", "klientëve"),
    ("Customers", "klientëve"),
    ("Auth", "autentikimit"),
    ("Recommendation", "rekomandimeve"),
    ("Review", "vlerësimeve"),
    ("Reviews", "vlerësimeve"),
    ("Promotion", "promocioneve"),
    ("Promotions", "promocioneve"),
    ("Tax", "taksave"),
    ("Fraud", "mashtrimit"),
    ("Returns", "kthimeve"),
    ("Loyalty", "besnikërisë"),
    ("Reporting", "raportimit"),
    ("Invoice", "faturave"),
    ("Session", "sesioneve"),
    ("Events", "ngjarjeve"),
];

/// The Albanian kind words with their definite article, and the linking article after
/// them.
const ALBANIAN_HEADS: &[(&str, (&str, &str))] = &[
    ("Service", ("Shërbimi", "i")),
    ("DB", ("Databaza", "e")),
    ("Cache", ("Cache-i", "i")),
    ("Queue", ("Radha", "e")),
    ("Topic", ("Tema", "e")),
];

/// The Albanian answer for a name, `None` for a word the table lacks.
fn albanian(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("API-ja e {}", words.concat()),
        Kind::Gateway => "Porta e API-ve".into(),
        Kind::Frontend => "Dyqani në internet".into(),
        Kind::Index => "Indeksi i kërkimit".into(),
        _ => {
            let own = translated(words, ALBANIAN)?;
            let (head, link) = ALBANIAN_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            // Head first; the last English word is the first genitive, the ones before
            // it follow with `të`.
            let mut out = format!("{head} {link}");
            for (i, word) in own.iter().rev().enumerate() {
                if i > 0 {
                    out.push_str(" të");
                }
                out.push(' ');
                out.push_str(word);
            }
            out
        }
    })
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Albanian table lacks).
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
    let kebab = lower.join("-");
    let snake = lower.join("_");
    let upper_snake = snake.to_uppercase();
    let h = hash(&spaced, "thirtyfirst");
    Some(match style {
        Name::Albanian => albanian(words, kind_word, kind)?,
        Name::Fhir => format!("Endpoint/{kebab}"),
        Name::Hl7 => format!("{upper_snake}^novamart.io^DNS"),
        Name::Fix => format!("SenderCompID={upper_snake}"),
        Name::Sip => format!("sip:{kebab}@novamart.io"),
        Name::ThreeGpp => format!("{kebab}.5gc.mnc015.mcc234.3gppnetwork.org"),
        Name::Bpmn => format!("ServiceTask_{camel}"),
        Name::Temporal => format!("{camel}Workflow"),
        Name::Airflow => format!("{snake}_dag"),
        Name::ArgoCd => format!("argocd/{kebab}-prod"),
        Name::Tekton => {
            const ALPHABET: &[u8] = b"bcdfghjklmnpqrstvwxz0123456789";
            let suffix: String = (0..5)
                .map(|i| ALPHABET[((h >> (i * 6)) % ALPHABET.len() as u64) as usize] as char)
                .collect();
            format!("{kebab}-run-{suffix}")
        }
        Name::Spinnaker => format!("{}-prod-v{:03}", lower.concat(), 1 + h % 120),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "shërbim", "FHIR Endpoint", "network function"],
        Kind::Database => &[
            "database",
            "bazë të dhënash",
            "clinical data repository",
            "ledger",
        ],
        Kind::Cache => &["cache", "memorie e përkohshme", "UDSF", "session store"],
        Kind::Topic => &["queue", "temë", "FIX drop copy", "event stream"],
        Kind::Queue => &["queue", "radhë", "Temporal task queue", "work queue"],
        Kind::External => &[
            "external_system",
            "sistem i jashtëm",
            "SWIFT counterparty",
            "third-party endpoint",
        ],
        Kind::Gateway => &["service", "portë API", "SEPP", "edge proxy"],
        Kind::Frontend => &["frontend", "aplikacion web", "SIP user agent", "web client"],
        Kind::Index => &[
            "database",
            "indeks kërkimi",
            "FHIR search index",
            "lookup index",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is invoked by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is triggered by B` (A listens to B), `A is
/// backed by B` (A leans on B), Albanian `A abonohet në B` (subscribes to) and `A varet
/// nga B` (depends on) only look passive (A acts), and so does `A is enrolled in B` (A
/// is the part); `B is invoked by A`, `B is queried by A`, `B is booked by A`, `B is
/// signalled by A`, `B is drained by A` and `B is required by A` are written from the
/// object, and so are Albanian `B thirret nga A` (is called by), `B lexohet nga A` (is
/// read by), `B shkruhet nga A` (is written by) and `B merr ngjarje nga A` (receives
/// events from). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("thërret", "thërret", false),
            ("thirret nga", "thirret nga", true),
            ("is invoked by", "is invoked by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("lexon nga", "lexon nga", false),
            ("lexohet nga", "lexohet nga", true),
            ("is queried by", "is queried by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("shkruan në", "shkruan në", false),
            ("shkruhet nga", "shkruhet nga", true),
            ("is booked by", "is booked by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("publikon në", "publikon në", false),
            ("merr ngjarje nga", "merr ngjarje nga", true),
            ("is signalled by", "is signalled by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("abonohet në", "abonohet në", false),
            ("is triggered by", "is triggered by", false),
            ("is drained by", "is drained by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("varet nga", "varet nga", false),
            ("is backed by", "is backed by", false),
            ("is required by", "is required by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("është pjesë e", "është pjesë e", false),
            ("is enrolled in", "is enrolled in", false),
        ],
    }
}
