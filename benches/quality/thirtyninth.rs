//! The thirty-ninth set (issue 36, thirty-ninth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Faroese, enterprise integration (MuleSoft, TIBCO BusinessWorks, SAP PI/PO,
//! IBM App Connect, BizTalk), low-code automation (n8n, Power Automate, Retool) and API
//! descriptions (AsyncAPI, GraphQL, gRPC, protobuf) write:
//! - A model answering in Faroese: the name's words and the kind word run together into
//!   one compound, the first parts in their compound (genitive) form, the kind word last
//!   with its suffixed definite article (`Bíleggingartænastan`, the order service;
//!   `Bíleggingardátugrunnurin`, `Setuskjótgoymslan`, `Fráboðanarbíðirøðin`,
//!   `Bíleggingarhendingaevnið`), a vendor's API as `Stripe API-ið`, `API-portrið`,
//!   `Vevhandilin`, `Leitiindeksið`.
//! - A MuleSoft APIkit router flow's name, method, resource and config
//!   (`get:\order-service:novamart-api-config`).
//! - A TIBCO BusinessWorks 6 process file (`Processes/OrderService.bwp`).
//! - An SAP PI/PO service interface, with its direction and mode
//!   (`SI_OrderService_Out_Async`).
//! - An IBM App Connect Enterprise message flow file (`OrderService.msgflow`).
//! - A BizTalk send port with its adapter (`SendPort_OrderService_WCF`).
//! - An n8n expression's node reference (`$('Order Service')`).
//! - A Power Automate expression's action reference, spaces as underscores
//!   (`outputs('Order_Service')`).
//! - A Retool query's data reference in mustaches (`{{ orderServiceQuery.data }}`).
//! - An AsyncAPI channel address with a parameter
//!   (`novamart/1/0/event/order-service/{id}`).
//! - A GraphQL resolver path (`Query.orderService`).
//! - A gRPC full method name (`/novamart.orderservice.v1.OrderService/Get`).
//! - A protobuf package, as Buf's layout wants (`novamart.order_service.v1`).
//!
//! Type words come from the same sources (Faroese, MuleSoft, SAP PI, BizTalk, GraphQL)
//! and relationship phrases from integration design documents, interface catalogues and
//! a model answering in Faroese, some written from the object's end (`is orchestrated
//! by`, `is looked up by`, `is upserted by`, `receives messages from`, `is consumed by`,
//! `is needed by`, Faroese `verður kallað av`, is called by, and `verður lisið av`, is
//! read by) and some that only look passive (`is wired to`, `is contingent on`, Faroese
//! `er bundin av`, is bound by, depends on: the subject acts) and one written from the
//! part (`is deployed in`).
//!
//! The near-named pairs of this set are `THIRTY_NINTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the thirty-ninth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Bíleggingartænastan`: a Faroese answer.
    Faroese,
    /// `get:\order-service:novamart-api-config`: a MuleSoft APIkit flow.
    Mule,
    /// `Processes/OrderService.bwp`: a TIBCO BusinessWorks process.
    Tibco,
    /// `SI_OrderService_Out_Async`: an SAP PI/PO service interface.
    SapPi,
    /// `OrderService.msgflow`: an IBM App Connect message flow.
    AppConnect,
    /// `SendPort_OrderService_WCF`: a BizTalk send port.
    BizTalk,
    /// `$('Order Service')`: an n8n node reference.
    N8n,
    /// `outputs('Order_Service')`: a Power Automate action reference.
    PowerAutomate,
    /// `{{ orderServiceQuery.data }}`: a Retool query reference.
    Retool,
    /// `novamart/1/0/event/order-service/{id}`: an AsyncAPI channel.
    AsyncApi,
    /// `Query.orderService`: a GraphQL resolver path.
    GraphQl,
    /// `/novamart.orderservice.v1.OrderService/Get`: a gRPC method.
    Grpc,
    /// `novamart.order_service.v1`: a protobuf package.
    Protobuf,
}

/// The thirty-ninth styles (the canonical `Camel` form stays, as a document's own name).
pub const THIRTY_NINTH: &[Style] = &[
    Style::Camel,
    Style::ThirtyNinth(Name::Faroese),
    Style::ThirtyNinth(Name::Mule),
    Style::ThirtyNinth(Name::Tibco),
    Style::ThirtyNinth(Name::SapPi),
    Style::ThirtyNinth(Name::AppConnect),
    Style::ThirtyNinth(Name::BizTalk),
    Style::ThirtyNinth(Name::N8n),
    Style::ThirtyNinth(Name::PowerAutomate),
    Style::ThirtyNinth(Name::Retool),
    Style::ThirtyNinth(Name::AsyncApi),
    Style::ThirtyNinth(Name::GraphQl),
    Style::ThirtyNinth(Name::Grpc),
    Style::ThirtyNinth(Name::Protobuf),
];

/// The corpus's words in Faroese, in the form they take as the first part of a compound.
const FAROESE: &[(&str, &str)] = &[
    ("Order", "bíleggingar"),
    ("Orders", "bíleggingar"),
    ("Checkout", "kassa"),
    ("Cart", "handilsvogns"),
    ("Payment", "gjaldingar"),
    ("Payments", "gjaldingar"),
    ("Pricing", "prís"),
    ("Price", "prís"),
    ("Inventory", "vørugoymslu"),
    ("Catalog", "vørulista"),
    ("Search", "leitingar"),
    ("Index", "indeks"),
    ("Shipping", "sendingar"),
    ("Shipment", "sendingar"),
    ("Shipments", "sendingar"),
    ("Fulfillment", "avgreiðslu"),
    ("Notification", "fráboðanar"),
    ("Customer", "kunda"),
    ("Customers", "kunda"),
    ("Auth", "samgildingar"),
    ("Recommendation", "tilmælis"),
    ("Review", "metingar"),
    ("Reviews", "metingar"),
    ("Promotion", "tilboðs"),
    ("Promotions", "tilboðs"),
    ("Tax", "skatta"),
    ("Fraud", "svika"),
    ("Returns", "afturskila"),
    ("Loyalty", "trúfestis"),
    ("Reporting", "frágreiðingar"),
    ("Invoice", "rokningar"),
    ("Session", "setu"),
    ("Events", "hendinga"),
];

/// The Faroese kind words with their suffixed definite article.
const FAROESE_HEADS: &[(&str, &str)] = &[
    ("Service", "tænastan"),
    ("DB", "dátugrunnurin"),
    ("Cache", "skjótgoymslan"),
    ("Queue", "bíðirøðin"),
    ("Topic", "evnið"),
];

/// The Faroese answer for a name, `None` for a word the table lacks.
fn faroese(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("{} API-ið", words.concat()),
        Kind::Gateway => "API-portrið".into(),
        Kind::Frontend => "Vevhandilin".into(),
        Kind::Index => "Leitiindeksið".into(),
        _ => {
            let own = translated(words, FAROESE)?;
            let head = FAROESE_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            let compound = format!("{}{head}", own.concat());
            let mut chars = compound.chars();
            let first = chars.next()?;
            first.to_uppercase().chain(chars).collect()
        }
    })
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Faroese table lacks).
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
    let lower_camel = {
        let mut out = lower[0].clone();
        for word in &all[1..] {
            out.push_str(word);
        }
        out
    };
    let h = hash(&spaced, "thirtyninth");
    Some(match style {
        Name::Faroese => faroese(words, kind_word, kind)?,
        Name::Mule => format!("get:\\{kebab}:novamart-api-config"),
        Name::Tibco => format!("Processes/{camel}.bwp"),
        Name::SapPi => format!("SI_{camel}_Out_Async"),
        Name::AppConnect => format!("{camel}.msgflow"),
        Name::BizTalk => format!("SendPort_{camel}_WCF"),
        Name::N8n => format!("$('{spaced}')"),
        Name::PowerAutomate => format!("outputs('{}')", all.join("_")),
        Name::Retool => format!("{{{{ {lower_camel}Query.data }}}}"),
        Name::AsyncApi => format!("novamart/1/0/event/{kebab}/{{id}}"),
        Name::GraphQl => format!("Query.{lower_camel}"),
        Name::Grpc => {
            const METHODS: &[&str] = &["Get", "List", "Create", "Watch"];
            let method = METHODS[(h % METHODS.len() as u64) as usize];
            format!("/novamart.{}.v1.{camel}/{method}", lower.concat())
        }
        Name::Protobuf => format!("novamart.{snake}.v1"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "tænasta", "Mule application", "gRPC service"],
        Kind::Database => &["database", "dátugrunnur", "SAP backend", "system of record"],
        Kind::Cache => &["cache", "skjótgoymsla", "Object Store", "lookup cache"],
        Kind::Topic => &["queue", "evni", "AsyncAPI channel", "event channel"],
        Kind::Queue => &["queue", "bíðirøð", "JMS queue", "BizTalk MessageBox"],
        Kind::External => &[
            "external_system",
            "uttanhýsis kervi",
            "SAP PI communication component",
            "third-party API",
        ],
        Kind::Gateway => &["service", "API-portur", "API proxy", "API manager"],
        Kind::Frontend => &["frontend", "vevhandil", "Retool app", "GraphQL client"],
        Kind::Index => &["database", "leitiindeks", "search index", "lookup table"],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is orchestrated by A`: A calls B), and the answer then
/// has `from` and `to` the other way round. `A is wired to B` (A listens to B), `A is
/// contingent on B` and Faroese `A er bundin av B` (is bound by: depends on) only look
/// passive (A acts), and so does `A is deployed in B` (A is the part); `B is orchestrated
/// by A`, `B is looked up by A`, `B is upserted by A`, `B receives messages from A`, `B is
/// consumed by A` and `B is needed by A` are written from the object, and so are Faroese
/// `B verður kallað av A` (is called by) and `B verður lisið av A` (is read by). The
/// prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("kallar á", "kallar á", false),
            ("verður kallað av", "verður kallað av", true),
            ("is orchestrated by", "is orchestrated by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("lesur úr", "lesur úr", false),
            ("verður lisið av", "verður lisið av", true),
            ("is looked up by", "is looked up by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("skrivar í", "skrivar í", false),
            ("is upserted by", "is upserted by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("sendir til", "sendir til", false),
            ("receives messages from", "receives messages from", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("lurtar eftir", "lurtar eftir", false),
            ("is wired to", "is wired to", false),
            ("is consumed by", "is consumed by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("er bundin av", "er bundin av", false),
            ("is contingent on", "is contingent on", false),
            ("is needed by", "is needed by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("er partur av", "er partur av", false),
            ("is deployed in", "is deployed in", false),
        ],
    }
}
