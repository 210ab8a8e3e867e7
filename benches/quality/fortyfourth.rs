//! The forty-fourth set (issue 36, forty-fourth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Yoruba, IT service management and on-call tools (Opsgenie, ServiceNow
//! change requests and assignment groups, incident.io, FireHydrant) and infrastructure
//! inventories (NetBox, Ansible, SaltStack, Nomad, HashiCorp Boundary) write:
//! - A model answering in Yoruba: the kind word first, then the name's words from the
//!   last English word back, each the possessor of the one before, with tone marks
//!   (`Iṣẹ́ ìbéèrè`, the order service; `Ibi ìpamọ́ dátà ìsanwó`, `Ìlà ìfitónilétí`,
//!   `Káàṣì ìjókòó`, `Kókó ìṣẹ̀lẹ̀ ìbéèrè`, `Iṣẹ́ ìwádìí àkọsílẹ̀ ọjà`), a vendor's API as
//!   `API ti Stripe`, `Ẹnu-ọ̀nà API`, `Ilé ìtajà orí ayélujára`, `Atọ́ka ìwádìí`.
//! - An Opsgenie schedule as Opsgenie creates it for a team (`Order Service_schedule`).
//! - A ServiceNow change request number before the thing it changes
//!   (`CHG0030412 - Order Service`).
//! - An incident.io incident reference and name (`INC-214: Order Service outage`).
//! - A FireHydrant runbook's name (`Order Service Runbook`).
//! - A ServiceNow assignment group (`Order Service L2 Support`).
//! - A NetBox virtual machine's name with its number (`order-service-vm01`).
//! - An Ansible `host_vars` file (`host_vars/order-service.yml`).
//! - A SaltStack pillar file path (`/srv/pillar/order_service/init.sls`).
//! - A SaltStack compound matcher's grain (`G@role:order_service`).
//! - A Nomad job block's head as the job file writes it (`job "order-service"`).
//! - A HashiCorp Boundary target's name (`order-service-ssh`).
//!
//! Type words come from the same sources (Yoruba, Opsgenie, NetBox, Nomad, Boundary,
//! ServiceNow) and relationship phrases from on-call and inventory write-ups, some
//! written from the object's end (`takes traffic from`, `is paged by`, `is queried by`,
//! `is written by`, `is fired into by`, `is drained by`, `is relied on by`) and some that
//! only look passive (`is alerted by`, `is backed by`, `is gated by`: the subject acts)
//! and two written from the part (`is inventoried under`, `is grouped in`).
//!
//! The near-named pairs of this set are `FORTYFOURTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the forty-fourth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Iṣẹ́ ìbéèrè`: a Yoruba answer.
    Yoruba,
    /// `Order Service_schedule`: an Opsgenie team schedule.
    Opsgenie,
    /// `CHG0030412 - Order Service`: a ServiceNow change request.
    ChangeRequest,
    /// `INC-214: Order Service outage`: an incident.io incident.
    IncidentIo,
    /// `Order Service Runbook`: a FireHydrant runbook.
    FireHydrant,
    /// `Order Service L2 Support`: a ServiceNow assignment group.
    AssignmentGroup,
    /// `order-service-vm01`: a NetBox virtual machine.
    NetBox,
    /// `host_vars/order-service.yml`: an Ansible host_vars file.
    HostVars,
    /// `/srv/pillar/order_service/init.sls`: a SaltStack pillar file.
    Pillar,
    /// `G@role:order_service`: a SaltStack grain matcher.
    Grain,
    /// `job "order-service"`: a Nomad job block.
    NomadJob,
    /// `order-service-ssh`: a Boundary target.
    Boundary,
}

/// The forty-fourth styles (the canonical `Camel` form stays, as a document's own name).
pub const FORTYFOURTH: &[Style] = &[
    Style::Camel,
    Style::Fortyfourth(Name::Yoruba),
    Style::Fortyfourth(Name::Opsgenie),
    Style::Fortyfourth(Name::ChangeRequest),
    Style::Fortyfourth(Name::IncidentIo),
    Style::Fortyfourth(Name::FireHydrant),
    Style::Fortyfourth(Name::AssignmentGroup),
    Style::Fortyfourth(Name::NetBox),
    Style::Fortyfourth(Name::HostVars),
    Style::Fortyfourth(Name::Pillar),
    Style::Fortyfourth(Name::Grain),
    Style::Fortyfourth(Name::NomadJob),
    Style::Fortyfourth(Name::Boundary),
];

/// The corpus's words in Yoruba.
const YORUBA: &[(&str, &str)] = &[
    ("Order", "ìbéèrè"),
    ("Orders", "ìbéèrè"),
    ("Checkout", "ìparí rírà"),
    ("Cart", "agbọ̀n"),
    ("Payment", "ìsanwó"),
    ("Payments", "ìsanwó"),
    ("Pricing", "iye owó"),
    ("Price", "iye owó"),
    ("Inventory", "àkójọ ọjà"),
    ("Catalog", "àkọsílẹ̀ ọjà"),
    ("Search", "ìwádìí"),
    ("Index", "atọ́ka"),
    ("Shipping", "ìfiránṣẹ́"),
    ("Shipment", "ẹrù"),
    ("Shipments", "ẹrù"),
    ("Fulfillment", "ìmúṣẹ"),
    ("Notification", "ìfitónilétí"),
    ("Customer", "oníbàárà"),
    ("Customers", "oníbàárà"),
    ("Auth", "ìfọwọ́sí"),
    ("Recommendation", "ìmọ̀ràn"),
    ("Review", "àyẹ̀wò"),
    ("Reviews", "àyẹ̀wò"),
    ("Promotion", "ìpolówó"),
    ("Promotions", "ìpolówó"),
    ("Tax", "owó-orí"),
    ("Fraud", "jìbìtì"),
    ("Returns", "ìdápadà"),
    ("Loyalty", "ìdúróṣinṣin"),
    ("Reporting", "ìròyìn"),
    ("Invoice", "ìwé owó"),
    ("Session", "ìjókòó"),
    ("Events", "ìṣẹ̀lẹ̀"),
];

/// The Yoruba kind words (the possessed, first).
const YORUBA_HEADS: &[(&str, &str)] = &[
    ("Service", "Iṣẹ́"),
    ("DB", "Ibi ìpamọ́ dátà"),
    ("Cache", "Káàṣì"),
    ("Queue", "Ìlà"),
    ("Topic", "Kókó"),
];

/// The Yoruba answer for a name, `None` for a word the table lacks.
fn yoruba(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("API ti {}", words.concat()),
        Kind::Gateway => "Ẹnu-ọ̀nà API".into(),
        Kind::Frontend => "Ilé ìtajà orí ayélujára".into(),
        Kind::Index => "Atọ́ka ìwádìí".into(),
        _ => {
            let own = translated(words, YORUBA)?;
            let head = YORUBA_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            // The possessed before its possessor: the head, then the last word back.
            let mut out = head.to_string();
            for w in own.iter().rev() {
                out.push(' ');
                out.push_str(w);
            }
            out
        }
    })
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Yoruba table lacks).
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
    let h = hash(&kebab, "fortyfourth");
    Some(match style {
        Name::Yoruba => yoruba(words, kind_word, kind)?,
        Name::Opsgenie => format!("{spaced}_schedule"),
        Name::ChangeRequest => format!("CHG{:07} - {spaced}", 30_000 + h % 9_000),
        Name::IncidentIo => format!("INC-{}: {spaced} outage", 100 + (h >> 12) % 800),
        Name::FireHydrant => format!("{spaced} Runbook"),
        Name::AssignmentGroup => format!("{spaced} L2 Support"),
        Name::NetBox => format!("{kebab}-vm{:02}", 1 + (h >> 24) % 4),
        Name::HostVars => format!("host_vars/{kebab}.yml"),
        Name::Pillar => format!("/srv/pillar/{snake}/init.sls"),
        Name::Grain => format!("G@role:{snake}"),
        Name::NomadJob => format!("job \"{kebab}\""),
        Name::Boundary => format!("{kebab}-ssh"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "iṣẹ́", "Opsgenie team", "Nomad job"],
        Kind::Database => &[
            "database",
            "ibi ìpamọ́ dátà",
            "NetBox device",
            "Boundary target",
        ],
        Kind::Cache => &["cache", "káàṣì", "NetBox virtual machine", "Salt minion"],
        Kind::Topic => &["queue", "kókó", "event stream", "incident.io alert source"],
        Kind::Queue => &["queue", "ìlà", "work queue", "Nomad batch job"],
        Kind::External => &[
            "external_system",
            "ètò ìta",
            "ServiceNow vendor CI",
            "third-party service",
        ],
        Kind::Gateway => &["service", "ẹnu-ọ̀nà API", "NetBox service", "edge proxy"],
        Kind::Frontend => &[
            "frontend",
            "ohun èlò wẹ́ẹ̀bù",
            "business service",
            "customer-facing app",
        ],
        Kind::Index => &["database", "atọ́ka ìwádìí", "search cluster", "lookup index"],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is paged by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is alerted by B` (A listens to B), `A is
/// backed by B` and `A is gated by B` (A leans on B) only look passive (A acts), and so
/// do `A is inventoried under B` and `A is grouped in B` (A is the part); `B takes
/// traffic from A`, `B is paged by A`, `B is queried by A`, `B is written by A`, `B is
/// fired into by A`, `B is drained by A` and `B is relied on by A` are written from the
/// object. The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("escalates to", "escalates to", false),
            ("takes traffic from", "takes traffic from", true),
            ("is paged by", "is paged by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("looks up in", "looks up in", false),
            ("is queried by", "is queried by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("commits records to", "commits records to", false),
            ("is written by", "is written by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("fires events into", "fires events into", false),
            ("is fired into by", "is fired into by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("is alerted by", "is alerted by", false),
            ("is drained by", "is drained by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("is backed by", "is backed by", false),
            ("is gated by", "is gated by", false),
            ("is relied on by", "is relied on by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("is inventoried under", "is inventoried under", false),
            ("is grouped in", "is grouped in", false),
        ],
    }
}
