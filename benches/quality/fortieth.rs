//! The fortieth set (issue 36, fortieth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Marathi, FinOps and cost tooling (AWS Cost and Usage Report queries,
//! Kubecost allocations, Azure cost exports), security tooling (Wiz issues, CVE
//! advisories, SARIF results, OPA/Rego, Falco) and status and uptime monitoring
//! (Statuspage, UptimeRobot, Pingdom, Checkly) write:
//! - A model answering in Marathi (Devanagari): the name's words as a compound before the
//!   kind word, English loans kept where Marathi speakers keep them (`ऑर्डर सेवा`, the
//!   order service; `पेमेंट डेटाबेस`, `सूचना रांग`, `सत्र कॅशे`, `कॅटलॉग शोध सेवा`),
//!   native words where they are usual (`साठा`, inventory; `कर`, tax; `फसवणूक`, fraud), a
//!   vendor's API as `Stripe चे API`, `API प्रवेशद्वार`, `वेब दुकान`, `शोध निर्देशांक`.
//! - A CUR 2.0 Athena predicate on a user cost allocation tag, as a FinOps notebook
//!   writes the component (`resource_tags['user_app']='order-service'`).
//! - A Kubecost allocation aggregated by cluster, namespace and controller
//!   (`cluster-one/novamart/deployment:order-service`).
//! - An Azure cost export's Tags cell, which Azure writes as JSON pairs without the
//!   braces (`"app": "order-service"`).
//! - A Wiz issue as the Jira integration titles it, the control then the resource
//!   (`Wiz Issue: Publicly exposed container with critical vulnerability -
//!   order-service`).
//! - A CVE advisory naming the affected component (`CVE-2024-31337 in order-service`).
//! - A SARIF result's artifact location under its `%SRCROOT%` base id
//!   (`%SRCROOT%/order-service/Dockerfile`).
//! - An OPA/Rego rule's full data path (`data.novamart.order_service.allow`).
//! - A Falco exception macro in the `user_known_…_activities` convention
//!   (`user_known_order_service_activities`).
//! - A Statuspage notification subject (`[NovaMart Status] Order Service - Degraded
//!   Performance`).
//! - An UptimeRobot alert subject (`Monitor is DOWN: Order Service`).
//! - A Pingdom alert subject, the check's name and host (`DOWN alert: Order Service
//!   (order-service.novamart.io) is DOWN`).
//! - A Checkly CLI check file (`__checks__/order-service.check.ts`).
//!
//! Type words come from the same sources (Marathi, Kubecost, Wiz, Statuspage, Checkly)
//! and relationship phrases from FinOps, security and monitoring write-ups and a model
//! answering in Marathi, some written from the object's end (`is probed by`, `is scanned
//! by`, `is populated by`, `is sourced from`, `is tailed by`, `is a hard dependency of`,
//! Marathi `कडून कॉल केली जाते`, is called by, `कडून वाचली जाते`, is read by) and some
//! that only look passive (`is alerted by`, `is gated by`, the subject acts) and one
//! written from the part (`is allocated to`, Kubecost's word for a cost's owner).
//!
//! The near-named pairs of this set are `FORTIETH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the fortieth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `ऑर्डर सेवा`: a Marathi answer.
    Marathi,
    /// `resource_tags['user_app']='order-service'`: a CUR 2.0 Athena tag predicate.
    CurTag,
    /// `cluster-one/novamart/deployment:order-service`: a Kubecost allocation.
    Kubecost,
    /// `"app": "order-service"`: an Azure cost export's Tags cell.
    AzureTags,
    /// `Wiz Issue: Publicly exposed container with critical vulnerability -
    /// order-service`: a Wiz issue.
    Wiz,
    /// `CVE-2024-31337 in order-service`: a CVE advisory.
    Cve,
    /// `%SRCROOT%/order-service/Dockerfile`: a SARIF artifact location.
    Sarif,
    /// `data.novamart.order_service.allow`: an OPA/Rego rule path.
    Rego,
    /// `user_known_order_service_activities`: a Falco exception macro.
    Falco,
    /// `[NovaMart Status] Order Service - Degraded Performance`: a Statuspage subject.
    Statuspage,
    /// `Monitor is DOWN: Order Service`: an UptimeRobot alert.
    UptimeRobot,
    /// `DOWN alert: Order Service (order-service.novamart.io) is DOWN`: a Pingdom alert.
    Pingdom,
    /// `__checks__/order-service.check.ts`: a Checkly check file.
    Checkly,
}

/// The fortieth styles (the canonical `Camel` form stays, as a document's own name).
pub const FORTIETH: &[Style] = &[
    Style::Camel,
    Style::Fortieth(Name::Marathi),
    Style::Fortieth(Name::CurTag),
    Style::Fortieth(Name::Kubecost),
    Style::Fortieth(Name::AzureTags),
    Style::Fortieth(Name::Wiz),
    Style::Fortieth(Name::Cve),
    Style::Fortieth(Name::Sarif),
    Style::Fortieth(Name::Rego),
    Style::Fortieth(Name::Falco),
    Style::Fortieth(Name::Statuspage),
    Style::Fortieth(Name::UptimeRobot),
    Style::Fortieth(Name::Pingdom),
    Style::Fortieth(Name::Checkly),
];

/// The corpus's words in Marathi, as a modifier before the kind word.
const MARATHI: &[(&str, &str)] = &[
    ("Order", "ऑर्डर"),
    ("Orders", "ऑर्डर"),
    ("Checkout", "चेकआउट"),
    ("Cart", "कार्ट"),
    ("Payment", "पेमेंट"),
    ("Payments", "पेमेंट"),
    ("Pricing", "किंमत"),
    ("Price", "किंमत"),
    ("Inventory", "साठा"),
    ("Catalog", "कॅटलॉग"),
    ("Search", "शोध"),
    ("Index", "निर्देशांक"),
    ("Shipping", "शिपिंग"),
    ("Shipment", "पाठवणी"),
    ("Shipments", "पाठवणी"),
    ("Fulfillment", "पूर्तता"),
    ("Notification", "सूचना"),
    ("Customer", "ग्राहक"),
    ("Customers", "ग्राहक"),
    ("Auth", "प्रमाणीकरण"),
    ("Recommendation", "शिफारस"),
    ("Review", "पुनरावलोकन"),
    ("Reviews", "पुनरावलोकने"),
    ("Promotion", "सवलत"),
    ("Promotions", "सवलती"),
    ("Tax", "कर"),
    ("Fraud", "फसवणूक"),
    ("Returns", "परतावा"),
    ("Loyalty", "निष्ठा"),
    ("Reporting", "अहवाल"),
    ("Invoice", "बीजक"),
    ("Session", "सत्र"),
    ("Events", "घटना"),
];

/// The Marathi kind words.
const MARATHI_HEADS: &[(&str, &str)] = &[
    ("Service", "सेवा"),
    ("DB", "डेटाबेस"),
    ("Cache", "कॅशे"),
    ("Queue", "रांग"),
    ("Topic", "विषय"),
];

/// The Marathi answer for a name, `None` for a word the table lacks.
fn marathi(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("{} चे API", words.concat()),
        Kind::Gateway => "API प्रवेशद्वार".into(),
        Kind::Frontend => "वेब दुकान".into(),
        Kind::Index => "शोध निर्देशांक".into(),
        _ => {
            let own = translated(words, MARATHI)?;
            let head = MARATHI_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            format!("{} {head}", own.join(" "))
        }
    })
}

/// The Wiz controls an issue may be titled with.
const WIZ_CONTROLS: &[&str] = &[
    "Publicly exposed container with critical vulnerability",
    "Workload with high privileges and exposed secrets",
    "Unencrypted data store reachable from the internet",
];

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Marathi table lacks).
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
    let h = hash(&spaced, "fortieth");
    Some(match style {
        Name::Marathi => marathi(words, kind_word, kind)?,
        Name::CurTag => format!("resource_tags['user_app']='{kebab}'"),
        Name::Kubecost => format!("cluster-one/novamart/deployment:{kebab}"),
        Name::AzureTags => format!("\"app\": \"{kebab}\""),
        Name::Wiz => format!(
            "Wiz Issue: {} - {kebab}",
            WIZ_CONTROLS[(h % WIZ_CONTROLS.len() as u64) as usize]
        ),
        Name::Cve => format!("CVE-2024-{} in {kebab}", 20_000 + h % 40_000),
        Name::Sarif => format!("%SRCROOT%/{kebab}/Dockerfile"),
        Name::Rego => format!("data.novamart.{snake}.allow"),
        Name::Falco => format!("user_known_{snake}_activities"),
        Name::Statuspage => format!("[NovaMart Status] {spaced} - Degraded Performance"),
        Name::UptimeRobot => format!("Monitor is DOWN: {spaced}"),
        Name::Pingdom => format!("DOWN alert: {spaced} ({kebab}.novamart.io) is DOWN"),
        Name::Checkly => format!("__checks__/{kebab}.check.ts"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "सेवा",
            "Kubecost controller",
            "Statuspage component",
        ],
        Kind::Database => &[
            "database",
            "डेटाबेस",
            "Wiz data store",
            "cost center resource",
        ],
        Kind::Cache => &["cache", "कॅशे", "ElastiCache line item", "monitored cache"],
        Kind::Topic => &["queue", "विषय", "Falco event source", "alert feed"],
        Kind::Queue => &["queue", "रांग", "SQS usage line", "job backlog"],
        Kind::External => &[
            "external_system",
            "बाह्य प्रणाली",
            "third-party Statuspage component",
            "vendor dependency",
        ],
        Kind::Gateway => &["service", "API प्रवेशद्वार", "Wiz exposed endpoint", "ingress"],
        Kind::Frontend => &["frontend", "वेब ॲप", "Checkly browser target", "web app"],
        Kind::Index => &[
            "database",
            "शोध निर्देशांक",
            "OpenSearch domain",
            "search index",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is probed by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is alerted by B` (A subscribes to B) and `A is
/// gated by B` (A depends on B) only look passive (A acts), and so does `A is allocated
/// to B` (A is the part); `B is probed by A`, `B is scanned by A`, `B is populated by A`,
/// `B is sourced from A`, `B is tailed by A` and `B is a hard dependency of A` are
/// written from the object, and so are Marathi `B कडून कॉल केली जाते A` (is called by)
/// and `B कडून वाचली जाते A` (is read by). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("कॉल करते", "कॉल करते", false),
            ("कडून कॉल केली जाते", "कडून कॉल केली जाते", true),
            ("is probed by", "is probed by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("मधून वाचते", "मधून वाचते", false),
            ("कडून वाचली जाते", "कडून वाचली जाते", true),
            ("is scanned by", "is scanned by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("मध्ये लिहिते", "मध्ये लिहिते", false),
            ("is populated by", "is populated by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("वर प्रकाशित करते", "वर प्रकाशित करते", false),
            ("is sourced from", "is sourced from", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("ची सदस्यता घेते", "ची सदस्यता घेते", false),
            ("is alerted by", "is alerted by", false),
            ("is tailed by", "is tailed by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("वर अवलंबून आहे", "वर अवलंबून आहे", false),
            ("is gated by", "is gated by", false),
            ("is a hard dependency of", "is a hard dependency of", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("चा भाग आहे", "चा भाग आहे", false),
            ("is allocated to", "is allocated to", false),
        ],
    }
}
