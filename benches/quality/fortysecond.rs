//! The forty-second set (issue 36, forty-second round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Kurmanji Kurdish or Mongolian (Cyrillic), edge and hosting platforms
//! (Fastly, Akamai, Vercel, Netlify, Firebase), identity and access (Okta, Keycloak,
//! Auth0, AWS IAM, Kubernetes RBAC) and release management (LaunchDarkly,
//! semantic-release, Renovate) write:
//! - A model answering in Kurmanji Kurdish: the kind word first with its ezafe, then the
//!   name's words from the last English word back, each linked by its own ezafe and the
//!   last in the oblique (`Xizmeta sîparîşan`, the orders service; `Danegeha dravdanan`,
//!   `Rêza agahdariyan`, `Kaşa danişînan`, `Mijara bûyerên sîparîşan`, `Xizmeta lêgerîna
//!   katalogê`), a vendor's API as `API-ya Stripe`, `Deriyê API-yê`, `Firoşgeha online`,
//!   `Îndeksa lêgerînê`.
//! - A model answering in Mongolian (Cyrillic): the name's words in the genitive in front,
//!   in English order, the kind word last (`Захиалгын үйлчилгээ`, the order service;
//!   `Төлбөрийн мэдээллийн сан`, `Мэдэгдлийн дараалал`, `Сессийн кэш`, `Каталогийн
//!   хайлтын үйлчилгээ`), a vendor's API as `Stripe-ийн API`, `API гарц`, `Онлайн
//!   дэлгүүр`, `Хайлтын индекс`.
//! - A Fastly backend as the generated VCL names it (`F_order_service`).
//! - An Akamai edge hostname (`order-service.novamart.io.edgekey.net`).
//! - A Vercel branch deployment URL, project, branch and team scope
//!   (`order-service-git-main-novamart.vercel.app`).
//! - A Netlify deploy preview URL (`deploy-preview-42--order-service.netlify.app`).
//! - A Firebase project id with its generated suffix (`order-service-4f2d1`).
//! - An Okta app instance name, org and name run together and instance number
//!   (`novamart_orderservice_1`).
//! - A Keycloak client's service-account user (`service-account-order-service`).
//! - An Auth0 API identifier, the audience URI (`https://api.novamart.io/order-service`).
//! - An ECS task's IAM role name (`order-service-task-role`).
//! - A Kubernetes service account's username as RBAC bindings and audit logs write it
//!   (`system:serviceaccount:novamart:order-service`).
//! - A LaunchDarkly flag key (`enable-order-service`).
//! - A semantic-release monorepo tag (`order-service-v2.3.0`).
//! - A Renovate pull request title (`Update dependency order-service to v2.3.0`).
//!
//! Type words come from the same sources (Kurmanji, Mongolian, Okta, Keycloak, Vercel,
//! Fastly, Firebase) and relationship phrases from edge, identity and release write-ups,
//! some written from the object's end (`receives traffic from`, `is hit by`, `serves
//! reads for`, `is fed by`, `is published to by`, `is consumed by`, `is pinned by`) and
//! some that only look passive (`is notified by`, `is authenticated by`, `is rolled out
//! behind`: the subject acts) and two written from the part (`is scoped to`, `is
//! deployed under`).
//!
//! The near-named pairs of this set are `FORTYSECOND_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the forty-second set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Xizmeta sîparîşan`: a Kurmanji answer.
    Kurmanji,
    /// `Захиалгын үйлчилгээ`: a Mongolian answer.
    Mongolian,
    /// `F_order_service`: a Fastly backend.
    Fastly,
    /// `order-service.novamart.io.edgekey.net`: an Akamai edge hostname.
    Akamai,
    /// `order-service-git-main-novamart.vercel.app`: a Vercel branch deployment.
    Vercel,
    /// `deploy-preview-42--order-service.netlify.app`: a Netlify deploy preview.
    Netlify,
    /// `order-service-4f2d1`: a Firebase project id.
    Firebase,
    /// `novamart_orderservice_1`: an Okta app instance name.
    Okta,
    /// `service-account-order-service`: a Keycloak service-account user.
    Keycloak,
    /// `https://api.novamart.io/order-service`: an Auth0 API identifier.
    Auth0,
    /// `order-service-task-role`: an IAM role name.
    IamRole,
    /// `system:serviceaccount:novamart:order-service`: a Kubernetes RBAC username.
    RbacUser,
    /// `enable-order-service`: a LaunchDarkly flag key.
    LaunchDarkly,
    /// `order-service-v2.3.0`: a semantic-release tag.
    SemanticRelease,
    /// `Update dependency order-service to v2.3.0`: a Renovate pull request title.
    Renovate,
}

/// The forty-second styles (the canonical `Camel` form stays, as a document's own name).
pub const FORTYSECOND: &[Style] = &[
    Style::Camel,
    Style::Fortysecond(Name::Kurmanji),
    Style::Fortysecond(Name::Mongolian),
    Style::Fortysecond(Name::Fastly),
    Style::Fortysecond(Name::Akamai),
    Style::Fortysecond(Name::Vercel),
    Style::Fortysecond(Name::Netlify),
    Style::Fortysecond(Name::Firebase),
    Style::Fortysecond(Name::Okta),
    Style::Fortysecond(Name::Keycloak),
    Style::Fortysecond(Name::Auth0),
    Style::Fortysecond(Name::IamRole),
    Style::Fortysecond(Name::RbacUser),
    Style::Fortysecond(Name::LaunchDarkly),
    Style::Fortysecond(Name::SemanticRelease),
    Style::Fortysecond(Name::Renovate),
];

/// The corpus's words in Kurmanji: (English, with the ezafe that links a following
/// word, in the oblique as the last word of the chain).
const KURMANJI: &[(&str, (&str, &str))] = &[
    ("Order", ("sîparîşên", "sîparîşan")),
    ("Orders", ("sîparîşên", "sîparîşan")),
    ("Checkout", ("kaseya", "kaseyê")),
    ("Cart", ("sepeta", "sepetê")),
    ("Payment", ("dravdanên", "dravdanan")),
    ("Payments", ("dravdanên", "dravdanan")),
    ("Pricing", ("bihayên", "bihayan")),
    ("Price", ("bihayê", "bihayê")),
    ("Inventory", ("envantera", "envanterê")),
    ("Catalog", ("kataloga", "katalogê")),
    ("Search", ("lêgerîna", "lêgerînê")),
    ("Index", ("îndeksa", "îndeksê")),
    ("Shipping", ("şandina", "şandinê")),
    ("Shipment", ("barkirinên", "barkirinan")),
    ("Shipments", ("barkirinên", "barkirinan")),
    ("Fulfillment", ("bicîanîna", "bicîanînê")),
    ("Notification", ("agahdariyên", "agahdariyan")),
    ("Customer", ("kiriyarên", "kiriyaran")),
    ("Customers", ("kiriyarên", "kiriyaran")),
    ("Auth", ("rastandina", "rastandinê")),
    ("Recommendation", ("pêşniyarên", "pêşniyaran")),
    ("Review", ("nirxandinên", "nirxandinan")),
    ("Reviews", ("nirxandinên", "nirxandinan")),
    ("Promotion", ("kampanyayên", "kampanyayan")),
    ("Promotions", ("kampanyayên", "kampanyayan")),
    ("Tax", ("bacên", "bacan")),
    ("Fraud", ("sextekariya", "sextekariyê")),
    ("Returns", ("vegerandinên", "vegerandinan")),
    ("Loyalty", ("dilsoziya", "dilsoziyê")),
    ("Reporting", ("raporên", "raporan")),
    ("Invoice", ("fatûreyên", "fatûreyan")),
    ("Session", ("danişînên", "danişînan")),
    ("Events", ("bûyerên", "bûyeran")),
];

/// The Kurmanji kind words with their ezafe.
const KURMANJI_HEADS: &[(&str, &str)] = &[
    ("Service", "Xizmeta"),
    ("DB", "Danegeha"),
    ("Cache", "Kaşa"),
    ("Queue", "Rêza"),
    ("Topic", "Mijara"),
];

/// The Kurmanji answer for a name, `None` for a word the table lacks.
fn kurmanji(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("API-ya {}", words.concat()),
        Kind::Gateway => "Deriyê API-yê".into(),
        Kind::Frontend => "Firoşgeha online".into(),
        Kind::Index => "Îndeksa lêgerînê".into(),
        _ => {
            let forms: Vec<(&str, &str)> = words
                .iter()
                .map(|w| KURMANJI.iter().find(|(en, _)| en == w).map(|(_, f)| *f))
                .collect::<Option<_>>()?;
            let head = KURMANJI_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            // Head first; then the name's words from the last back, each linking the
            // next with its ezafe, the first English word last and in the oblique.
            let mut out = head.to_string();
            for (i, (linked, oblique)) in forms.iter().rev().enumerate() {
                out.push(' ');
                out.push_str(if i + 1 == forms.len() {
                    oblique
                } else {
                    linked
                });
            }
            out
        }
    })
}

/// The corpus's words in Mongolian, in the genitive.
const MONGOLIAN: &[(&str, &str)] = &[
    ("Order", "захиалгын"),
    ("Orders", "захиалгын"),
    ("Checkout", "тооцооны"),
    ("Cart", "сагсны"),
    ("Payment", "төлбөрийн"),
    ("Payments", "төлбөрийн"),
    ("Pricing", "үнийн"),
    ("Price", "үнийн"),
    ("Inventory", "нөөцийн"),
    ("Catalog", "каталогийн"),
    ("Search", "хайлтын"),
    ("Index", "индексийн"),
    ("Shipping", "тээврийн"),
    ("Shipment", "ачааны"),
    ("Shipments", "ачааны"),
    ("Fulfillment", "биелэлтийн"),
    ("Notification", "мэдэгдлийн"),
    ("Customer", "харилцагчийн"),
    ("Customers", "харилцагчийн"),
    ("Auth", "баталгаажуулалтын"),
    ("Recommendation", "зөвлөмжийн"),
    ("Review", "үнэлгээний"),
    ("Reviews", "үнэлгээний"),
    ("Promotion", "урамшууллын"),
    ("Promotions", "урамшууллын"),
    ("Tax", "татварын"),
    ("Fraud", "залилангийн"),
    ("Returns", "буцаалтын"),
    ("Loyalty", "үнэнч байдлын"),
    ("Reporting", "тайлангийн"),
    ("Invoice", "нэхэмжлэхийн"),
    ("Session", "сессийн"),
    ("Events", "үйл явдлын"),
];

/// The Mongolian kind words.
const MONGOLIAN_HEADS: &[(&str, &str)] = &[
    ("Service", "үйлчилгээ"),
    ("DB", "мэдээллийн сан"),
    ("Cache", "кэш"),
    ("Queue", "дараалал"),
    ("Topic", "сэдэв"),
];

/// The Mongolian answer for a name, `None` for a word the table lacks.
fn mongolian(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("{}-ийн API", words.concat()),
        Kind::Gateway => "API гарц".into(),
        Kind::Frontend => "Онлайн дэлгүүр".into(),
        Kind::Index => "Хайлтын индекс".into(),
        _ => {
            let own = translated(words, MONGOLIAN)?;
            let head = MONGOLIAN_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            let text = format!("{} {head}", own.join(" "));
            // Sentence case: the first letter capital.
            let mut chars = text.chars();
            let first = chars.next()?;
            first.to_uppercase().chain(chars).collect()
        }
    })
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Kurmanji or Mongolian table lacks).
pub fn write(
    style: Name,
    words: &[&str],
    kind_word: &str,
    kind: Kind,
    _system: &str,
) -> Option<String> {
    let (_, lower) = crate::styles::with_kind(words, kind_word);
    let kebab = lower.join("-");
    let snake = lower.join("_");
    let h = hash(&kebab, "fortysecond");
    let version = format!("{}.{}.{}", 1 + h % 4, (h >> 8) % 10, (h >> 16) % 6);
    Some(match style {
        Name::Kurmanji => kurmanji(words, kind_word, kind)?,
        Name::Mongolian => mongolian(words, kind_word, kind)?,
        Name::Fastly => format!("F_{snake}"),
        Name::Akamai => format!("{kebab}.novamart.io.edgekey.net"),
        Name::Vercel => format!("{kebab}-git-main-novamart.vercel.app"),
        Name::Netlify => format!("deploy-preview-{}--{kebab}.netlify.app", 2 + h % 97),
        Name::Firebase => {
            const HEX: &[u8] = b"0123456789abcdef";
            let suffix: String = (0..4)
                .map(|i| HEX[((h >> (i * 4)) % 16) as usize] as char)
                .collect();
            // A digit first, as Firebase's suffixes mostly start.
            format!("{kebab}-{}{suffix}", (h >> 20) % 10)
        }
        Name::Okta => format!("novamart_{}_1", lower.concat()),
        Name::Keycloak => format!("service-account-{kebab}"),
        Name::Auth0 => format!("https://api.novamart.io/{kebab}"),
        Name::IamRole => format!("{kebab}-task-role"),
        Name::RbacUser => format!("system:serviceaccount:novamart:{kebab}"),
        Name::LaunchDarkly => format!("enable-{kebab}"),
        Name::SemanticRelease => format!("{kebab}-v{version}"),
        Name::Renovate => format!("Update dependency {kebab} to v{version}"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "xizmet",
            "Keycloak client",
            "Okta app integration",
        ],
        Kind::Database => &[
            "database",
            "мэдээллийн сан",
            "Firestore database",
            "datastore",
        ],
        Kind::Cache => &["cache", "kaş", "edge cache", "KV store"],
        Kind::Topic => &["queue", "сэдэв", "event bus", "webhook stream"],
        Kind::Queue => &["queue", "rêz", "task queue", "job queue"],
        Kind::External => &[
            "external_system",
            "гадаад систем",
            "Auth0 API",
            "SaaS dependency",
        ],
        Kind::Gateway => &["service", "deriyê API", "Fastly service", "edge gateway"],
        Kind::Frontend => &[
            "frontend",
            "вэб аппликейшн",
            "Vercel project",
            "Netlify site",
        ],
        Kind::Index => &[
            "database",
            "îndeksa lêgerînê",
            "search index",
            "lookup index",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is hit by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is notified by B` (A listens to B), `A is
/// authenticated by B` and `A is rolled out behind B` (A leans on B) only look passive
/// (A acts), and so do `A is scoped to B` and `A is deployed under B` (A is the part);
/// `B receives traffic from A`, `B is hit by A`, `B serves reads for A`, `B is fed by A`,
/// `B is published to by A`, `B is consumed by A` and `B is pinned by A` are written from
/// the object. The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("invokes upstream", "invokes upstream", false),
            ("receives traffic from", "receives traffic from", true),
            ("is hit by", "is hit by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("pulls config from", "pulls config from", false),
            ("serves reads for", "serves reads for", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("persists into", "persists into", false),
            ("is fed by", "is fed by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("emits to", "emits to", false),
            ("is published to by", "is published to by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("is notified by", "is notified by", false),
            ("is consumed by", "is consumed by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("is authenticated by", "is authenticated by", false),
            ("is rolled out behind", "is rolled out behind", false),
            ("is pinned by", "is pinned by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("is scoped to", "is scoped to", false),
            ("is deployed under", "is deployed under", false),
        ],
    }
}
