//! The twenty-third set (issue 36, twenty-third round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! twenty-two sets had all been written (and twenty-one of them looked at by the people
//! improving the rules). Nobody develops archie against this file: it is a yardstick for
//! the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Welsh or Basque, LangChain's graph transformer, Python pipelines that
//! stringify a list, CloudFormation templates, C# XML documentation, Unix man pages, Jira
//! tickets, migration documents, Trac wikis, spreadsheets exported to CSV, terminals,
//! people's own typing and C4-PlantUML diagrams write:
//! - A model answering in Welsh: the kind word first and the words after it in the
//!   genitive, head first, the nouns in the plural Welsh uses for them (`Gwasanaeth
//!   Archebion`, the service of orders; `Cronfa Ddata Taliadau`, `Ciw Hysbysiadau`,
//!   `Storfa Dros Dro Sesiynau`, `Pwnc Digwyddiadau Archebion`), one name in three with
//!   the definite article on the last noun of the chain, as running text has it, elided
//!   after a vowel (`Gwasanaeth yr Archebion`, `Cronfa Ddata'r Taliadau`, `Ciw'r
//!   Hysbysiadau`), a vendor's API as `Rhyngwyneb API Stripe`, `Porth API`, `Siop
//!   Ar-lein`, `Mynegai Chwilio`.
//! - A model answering in Basque: the name's words as modifiers in front, in the genitive
//!   plural where the thing is many (`Ordainketen`, of the payments), and the kind word
//!   last with its definite article `-a`, in sentence case (`Eskaera zerbitzua`, the order
//!   service; `Ordainketen datu-basea`, `Jakinarazpenen ilara`, `Saioen cachea`, `Eskaera
//!   gertaeren gaia`), a vendor's API with the genitive suffix after a hyphen, `-ren`
//!   after a vowel and `-en` after a consonant (`Stripe-ren APIa`, `TaxJar-en APIa`), `API
//!   pasabidea`, `Lineako denda`, `Bilaketa-indizea`.
//! - A LangChain `LLMGraphTransformer` node's repr pasted from a notebook or a debug log,
//!   the type capitalised as the transformer does (`Node(id='Order Service',
//!   type='Service', properties={})`).
//! - A model that answered a list for the name, and the pipeline that stringified it with
//!   Python's `str()` (`['Order Service']`).
//! - A CloudFormation intrinsic function from a template, the logical ID and, for
//!   `!GetAtt`, the attribute read (`!Ref OrderService`, `!GetAtt OrdersDB.Endpoint.Address`,
//!   `!GetAtt ShipmentQueue.QueueName`).
//! - A C# XML documentation comment's cross reference, as docs generated from a .NET code
//!   base keep it, with or without the documentation ID's `T:` and namespace (`<see
//!   cref="OrderService"/>`, `<see cref="T:NovaMart.Data.OrdersDb"/>`).
//! - A man page's troff font escapes left around a name, bold or italic
//!   (`\fBorder-service\fR`, `\fIorders-db\fP`).
//! - Jira's colour markup from a ticket or a status table (`{color:#de350b}Order
//!   Service{color}`).
//! - A name struck through in a migration document's Markdown, for the part being
//!   replaced (`~~Orders DB~~`).
//! - A Trac wiki's escaped WikiWord, the `!` that stops a CamelCase name becoming a link
//!   (`!OrderService`).
//! - The byte-order mark a spreadsheet's UTF-8 CSV export puts before the first cell, left
//!   on the name (`\u{feff}Order Service`).
//! - A folder's name with its spaces escaped, as a shell's tab completion writes it
//!   (`Order\ Service`).
//! - Train case, each word capitalised and joined with hyphens, as people write a
//!   service's name in prose and headers (`Order-Service`, `Orders-DB`).
//! - A C4-PlantUML element macro copied whole, the alias, the label and the technology
//!   (`Container(orderService, "Order Service", "Go")`, `ContainerDb(ordersDb, "Orders
//!   DB", "PostgreSQL")`, `System_Ext(stripeApi, "Stripe API")`).
//!
//! Type words come from the same sources (Welsh, Basque, LangChain's capitalised labels,
//! C4-PlantUML's macros) and relationship phrases from design prose and a model answering
//! in Welsh or Basque, some written from the object's end (`is on the receiving end of
//! calls from`, `serves up rows to`, `is the sink for the writes of`, `gathers the
//! announcements of`, `is watched by`, `is a pillar of`, and Welsh `yn cael ei alw gan`,
//! is called by, `yn cael ei ddarllen gan`, is read by, `yn cael ei ysgrifennu gan`, is
//! written by, and `yn derbyn digwyddiadau gan`, receives events from) and five that only
//! look passive (Welsh `yn ddibynnol ar`, is dependent on, Basque `menpe dago`, is under
//! the dependence of, `is tuned in to` and `is anchored to`: the subject acts; `is tucked
//! into`: the subject is the part).
//!
//! The near-named pairs of this set are `TWENTY_THIRD_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, looked_up, translated};

/// One way of writing a name, in the twenty-third set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Gwasanaeth Archebion`, `Cronfa Ddata'r Taliadau`: a Welsh answer, head first.
    Welsh,
    /// `Eskaera zerbitzua`, `Stripe-ren APIa`: a Basque answer, the kind word last.
    Basque,
    /// `Node(id='Order Service', type='Service', properties={})`: LangChain's node repr.
    LangChainNode,
    /// `['Order Service']`: a list stringified by Python.
    PythonList,
    /// `!GetAtt OrdersDB.Endpoint.Address`: a CloudFormation intrinsic function.
    CloudFormation,
    /// `<see cref="OrderService"/>`: a C# XML documentation cross reference.
    Cref,
    /// `\fBorder-service\fR`: troff font escapes.
    Troff,
    /// `{color:#de350b}Order Service{color}`: Jira's colour markup.
    JiraColour,
    /// `~~Orders DB~~`: Markdown strikethrough.
    Strikethrough,
    /// `!OrderService`: a Trac wiki's escaped WikiWord.
    TracEscape,
    /// `\u{feff}Order Service`: a CSV export's byte-order mark.
    ByteOrderMark,
    /// `Order\ Service`: spaces escaped by a shell.
    ShellEscaped,
    /// `Order-Service`: train case.
    TrainCase,
    /// `Container(orderService, "Order Service", "Go")`: a C4-PlantUML macro.
    C4PlantUml,
}

/// The twenty-third styles (the canonical `Camel` form stays, as a document's own name).
pub const TWENTY_THIRD: &[Style] = &[
    Style::Camel,
    Style::TwentyThird(Name::Welsh),
    Style::TwentyThird(Name::Basque),
    Style::TwentyThird(Name::LangChainNode),
    Style::TwentyThird(Name::PythonList),
    Style::TwentyThird(Name::CloudFormation),
    Style::TwentyThird(Name::Cref),
    Style::TwentyThird(Name::Troff),
    Style::TwentyThird(Name::JiraColour),
    Style::TwentyThird(Name::Strikethrough),
    Style::TwentyThird(Name::TracEscape),
    Style::TwentyThird(Name::ByteOrderMark),
    Style::TwentyThird(Name::ShellEscaped),
    Style::TwentyThird(Name::TrainCase),
    Style::TwentyThird(Name::C4PlantUml),
];

/// The corpus's words in Welsh, as the genitive after the kind word takes them (the
/// plural for things there are many of, the verbal noun for an activity).
const WELSH: &[(&str, &str)] = &[
    ("Order", "Archebion"),
    ("Orders", "Archebion"),
    ("Checkout", "Til"),
    ("Cart", "Basged"),
    ("Payment", "Talu"),
    ("Payments", "Taliadau"),
    ("Pricing", "Prisio"),
    ("Price", "Prisiau"),
    ("Inventory", "Stoc"),
    ("Catalog", "Catalog"),
    ("Search", "Chwilio"),
    ("Index", "Mynegai"),
    ("Shipping", "Cludo"),
    ("Shipment", "Llwythi"),
    ("Shipments", "Llwythi"),
    ("Fulfillment", "Cyflawni"),
    ("Notification", "Hysbysiadau"),
    ("Customer", "Cwsmeriaid"),
    ("Customers", "Cwsmeriaid"),
    ("Auth", "Dilysu"),
    ("Recommendation", "Argymhellion"),
    ("Review", "Adolygiadau"),
    ("Reviews", "Adolygiadau"),
    ("Promotion", "Hyrwyddo"),
    ("Promotions", "Hyrwyddiadau"),
    ("Tax", "Treth"),
    ("Fraud", "Twyll"),
    ("Returns", "Dychweliadau"),
    ("Loyalty", "Teyrngarwch"),
    ("Reporting", "Adrodd"),
    ("Invoice", "Anfonebau"),
    ("Session", "Sesiynau"),
    ("Events", "Digwyddiadau"),
];

/// The Welsh nouns that take the definite article in running text (a verbal noun, an
/// abstract noun, does not here).
const WELSH_DEFINITE: &[&str] = &[
    "Archebion",
    "Basged",
    "Taliadau",
    "Prisiau",
    "Stoc",
    "Catalog",
    "Llwythi",
    "Hysbysiadau",
    "Cwsmeriaid",
    "Argymhellion",
    "Adolygiadau",
    "Hyrwyddiadau",
    "Dychweliadau",
    "Anfonebau",
    "Sesiynau",
];

/// The Welsh kind words, which come first.
const WELSH_HEADS: &[(&str, &str)] = &[
    ("Service", "Gwasanaeth"),
    ("DB", "Cronfa Ddata"),
    ("Cache", "Storfa Dros Dro"),
    ("Queue", "Ciw"),
    ("Topic", "Pwnc"),
];

/// The corpus's words in Basque, as a modifier before the kind word: the bare stem, or
/// the genitive plural (`-en`) for things there are many of.
const BASQUE: &[(&str, &str)] = &[
    ("Order", "eskaera"),
    ("Orders", "eskaeren"),
    ("Checkout", "kutxa"),
    ("Cart", "saski"),
    ("Payment", "ordainketa"),
    ("Payments", "ordainketen"),
    ("Pricing", "prezio"),
    ("Price", "prezioen"),
    ("Inventory", "inbentario"),
    ("Catalog", "katalogo"),
    ("Search", "bilaketa"),
    ("Index", "indizearen"),
    ("Shipping", "bidalketa"),
    ("Shipment", "bidalketen"),
    ("Shipments", "bidalketen"),
    ("Fulfillment", "betetze"),
    ("Notification", "jakinarazpenen"),
    ("Customer", "bezero"),
    ("Customers", "bezeroen"),
    ("Auth", "autentifikazio"),
    ("Recommendation", "gomendio"),
    ("Review", "iritzi"),
    ("Reviews", "iritzien"),
    ("Promotion", "promozio"),
    ("Promotions", "promozioen"),
    ("Tax", "zerga"),
    ("Fraud", "iruzur"),
    ("Returns", "itzulketa"),
    ("Loyalty", "leialtasun"),
    ("Reporting", "txosten"),
    ("Invoice", "faktura"),
    ("Session", "saioen"),
    ("Events", "gertaeren"),
];

/// The Basque kind words with their definite article, which come last.
const BASQUE_HEADS: &[(&str, &str)] = &[
    ("Service", "zerbitzua"),
    ("DB", "datu-basea"),
    ("Cache", "cachea"),
    ("Queue", "ilara"),
    ("Topic", "gaia"),
];

/// The extraction prompt's type word for `kind`, capitalised as Python's
/// `str.capitalize()` does it (`External_system`).
fn langchain_type(kind: Kind) -> String {
    crate::styles::capitalised(&type_words(kind)[0].to_lowercase())
}

/// The technology a C4-PlantUML element of `kind` names.
fn technology(kind: Kind) -> &'static str {
    match kind {
        Kind::Service => "Go",
        Kind::Database => "PostgreSQL",
        Kind::Cache => "Redis",
        Kind::Topic => "Kafka",
        Kind::Queue => "RabbitMQ",
        Kind::External => "",
        Kind::Gateway => "Envoy",
        Kind::Frontend => "React",
        Kind::Index => "Elasticsearch",
    }
}

/// `words` in lower camel case, an acronym's letters after the first in lower case as
/// code writes them (`ordersDb`, `apiGateway`, `stripeApi`).
fn lower_camel(words: &[String]) -> String {
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let lower = w.to_lowercase();
            if i == 0 {
                lower
            } else {
                crate::styles::capitalised(&lower)
            }
        })
        .collect()
}

/// `words` in .NET's Pascal case, an acronym as a word (`OrdersDb`, `ApiGateway`), a
/// name's own capitals kept (`TaxJarApi`).
fn pascal(words: &[String]) -> String {
    words
        .iter()
        .map(|w| {
            if w.len() > 1 && w.chars().all(|ch| ch.is_ascii_uppercase()) {
                crate::styles::capitalised(&w.to_lowercase())
            } else {
                w.clone()
            }
        })
        .collect()
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no CloudFormation resource stands for a vendor's API).
pub fn write(
    style: Name,
    words: &[&str],
    kind_word: &str,
    kind: Kind,
    system: &str,
) -> Option<String> {
    let (all, lower) = crate::styles::with_kind(words, kind_word);
    let spaced = all.join(" ");
    let kebab = lower.join("-");
    let camel = all.concat();
    let h = hash(&spaced, "twentythird");
    Some(match style {
        Name::Welsh => match kind {
            Kind::External => format!("Rhyngwyneb API {}", words.concat()),
            Kind::Gateway => "Porth API".into(),
            Kind::Frontend => "Siop Ar-lein".into(),
            Kind::Index => "Mynegai Chwilio".into(),
            _ => {
                // Head first: the kind word, then the words from the last to the first.
                let mut own = translated(words, WELSH)?;
                own.reverse();
                let head = looked_up(kind_word, WELSH_HEADS)?;
                let last = own.len() - 1;
                let definite = h.is_multiple_of(3) && WELSH_DEFINITE.contains(&own[last]);
                let mut chain: Vec<String> = vec![head.to_string()];
                chain.extend(own.iter().map(|w| w.to_string()));
                if definite {
                    // The article before the last noun: `'r` after a vowel, `yr` before
                    // a vowel or `h`, `y` before a consonant.
                    let before = &chain[chain.len() - 2];
                    let noun = chain[chain.len() - 1].clone();
                    let vowel = |ch: char| "aeiouwyAEIOUWY".contains(ch);
                    if before.ends_with(vowel) {
                        let n = chain.len() - 2;
                        chain[n].push_str("'r");
                    } else if noun.starts_with(|ch: char| vowel(ch) || ch == 'H') {
                        let n = chain.len() - 1;
                        chain[n] = format!("yr {noun}");
                    } else {
                        let n = chain.len() - 1;
                        chain[n] = format!("y {noun}");
                    }
                }
                chain.join(" ")
            }
        },
        Name::Basque => match kind {
            Kind::External => {
                let vendor = words.concat();
                let vowel = vendor.ends_with(|ch: char| "aeiou".contains(ch));
                format!("{vendor}-{}en APIa", if vowel { "r" } else { "" })
            }
            Kind::Gateway => "API pasabidea".into(),
            Kind::Frontend => "Lineako denda".into(),
            Kind::Index => "Bilaketa-indizea".into(),
            _ => {
                let own = translated(words, BASQUE)?;
                let head = looked_up(kind_word, BASQUE_HEADS)?;
                crate::styles::capitalised(&format!("{} {head}", own.join(" ")))
            }
        },
        Name::LangChainNode => {
            format!(
                "Node(id='{spaced}', type='{}', properties={{}})",
                langchain_type(kind)
            )
        }
        Name::PythonList => format!("['{spaced}']"),
        Name::CloudFormation => {
            let get_att = (h >> 4).is_multiple_of(2);
            let attribute = match kind {
                Kind::External => return None,
                Kind::Service => get_att.then_some("Name"),
                Kind::Database => Some("Endpoint.Address"),
                Kind::Cache => Some("RedisEndpoint.Address"),
                Kind::Topic => get_att.then_some("TopicName"),
                Kind::Queue => get_att.then_some("QueueName"),
                Kind::Gateway => None,
                Kind::Frontend => Some("DomainName"),
                Kind::Index => Some("DomainEndpoint"),
            };
            match attribute {
                Some(attribute) => format!("!GetAtt {camel}.{attribute}"),
                None => format!("!Ref {camel}"),
            }
        }
        Name::Cref => {
            let class = pascal(&all);
            if (h >> 8).is_multiple_of(2) {
                let namespace = match kind {
                    Kind::Service | Kind::Gateway | Kind::Frontend => "Services",
                    Kind::Database | Kind::Cache | Kind::Index => "Data",
                    Kind::Topic | Kind::Queue => "Messaging",
                    Kind::External => "Clients",
                };
                format!("<see cref=\"T:{system}.{namespace}.{class}\"/>")
            } else {
                format!("<see cref=\"{class}\"/>")
            }
        }
        Name::Troff => {
            if (h >> 12).is_multiple_of(3) {
                format!("\\fI{kebab}\\fP")
            } else {
                format!("\\fB{kebab}\\fR")
            }
        }
        Name::JiraColour => {
            let colour = ["#de350b", "#00875a", "#0052cc", "red"][((h >> 16) % 4) as usize];
            format!("{{color:{colour}}}{spaced}{{color}}")
        }
        Name::Strikethrough => format!("~~{spaced}~~"),
        Name::TracEscape => format!("!{camel}"),
        Name::ByteOrderMark => format!("\u{feff}{spaced}"),
        Name::ShellEscaped => all.join("\\ "),
        Name::TrainCase => all
            .iter()
            .map(|w| crate::styles::capitalised(w))
            .collect::<Vec<_>>()
            .join("-"),
        Name::C4PlantUml => {
            let alias = lower_camel(&all);
            match kind {
                Kind::External => format!("System_Ext({alias}, \"{spaced}\")"),
                _ => {
                    let macro_name = match kind {
                        Kind::Database | Kind::Cache | Kind::Index => "ContainerDb",
                        Kind::Topic | Kind::Queue => "ContainerQueue",
                        _ => "Container",
                    };
                    format!(
                        "{macro_name}({alias}, \"{spaced}\", \"{}\")",
                        technology(kind)
                    )
                }
            }
        }
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "gwasanaeth cefn", "mikrozerbitzua", "Container"],
        Kind::Database => &["database", "cronfa ddata", "datu-basea", "ContainerDb"],
        Kind::Cache => &["cache", "storfa dros dro", "cache memoria", "Cache"],
        Kind::Topic => &[
            "queue",
            "ffrwd digwyddiadau",
            "gertaera-jarioa",
            "ContainerQueue",
        ],
        Kind::Queue => &["queue", "ciw negeseuon", "mezu-ilara", "Message_queue"],
        Kind::External => &[
            "external_system",
            "gwasanaeth trydydd parti",
            "kanpoko zerbitzua",
            "System_Ext",
        ],
        Kind::Gateway => &["service", "porth API", "API pasabidea", "Gateway"],
        Kind::Frontend => &["frontend", "rhaglen we", "web aplikazioa", "Web_app"],
        Kind::Index => &[
            "database",
            "mynegai chwilio",
            "bilaketa-indizea",
            "Search_index",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B serves up rows to A`: A reads from B), and the answer
/// then has `from` and `to` the other way round. Welsh `A yn ddibynnol ar B` (is
/// dependent on), Basque `A menpe dago B` (is under the dependence of), `A is tuned in
/// to B` and `A is anchored to B` only look passive (A acts), and so does `A is tucked
/// into B` (A is the part); `B is on the receiving end of calls from A`, `B serves up
/// rows to A`, `B is the sink for the writes of A`, `B gathers the announcements of A`,
/// `B is watched by A` and `B is a pillar of A` are written from the object, and so are
/// Welsh `B yn cael ei alw gan A` (is called by), `B yn cael ei ddarllen gan A` (is read
/// by), `B yn cael ei ysgrifennu gan A` (is written by) and `B yn derbyn digwyddiadau gan
/// A` (receives events from). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("yn galw", "yn galw", false),
            ("deitzen du", "deitzen du", false),
            ("yn cael ei alw gan", "yn cael ei alw gan", true),
            (
                "is on the receiving end of calls from",
                "is on the receiving end of calls from",
                true,
            ),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("yn darllen o", "yn darllen o", false),
            ("irakurtzen du", "irakurtzen du", false),
            ("yn cael ei ddarllen gan", "yn cael ei ddarllen gan", true),
            ("serves up rows to", "serves up rows to", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("yn ysgrifennu i", "yn ysgrifennu i", false),
            ("idazten du", "idazten du", false),
            (
                "yn cael ei ysgrifennu gan",
                "yn cael ei ysgrifennu gan",
                true,
            ),
            (
                "is the sink for the writes of",
                "is the sink for the writes of",
                true,
            ),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("yn cyhoeddi i", "yn cyhoeddi i", false),
            ("argitaratzen du", "argitaratzen du", false),
            (
                "yn derbyn digwyddiadau gan",
                "yn derbyn digwyddiadau gan",
                true,
            ),
            (
                "gathers the announcements of",
                "gathers the announcements of",
                true,
            ),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("yn tanysgrifio i", "yn tanysgrifio i", false),
            ("harpidetzen da", "harpidetzen da", false),
            ("is tuned in to", "is tuned in to", false),
            ("is watched by", "is watched by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("yn dibynnu ar", "yn dibynnu ar", false),
            ("yn ddibynnol ar", "yn ddibynnol ar", false),
            ("menpe dago", "menpe dago", false),
            ("is anchored to", "is anchored to", false),
            ("is a pillar of", "is a pillar of", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("yn rhan o", "yn rhan o", false),
            ("parte da", "parte da", false),
            ("is tucked into", "is tucked into", false),
        ],
    }
}
