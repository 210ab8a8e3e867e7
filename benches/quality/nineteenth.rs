//! The nineteenth set (issue 36, nineteenth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! eighteen sets had all been written (and seventeen of them looked at by the people
//! improving the rules). Nobody develops archie against this file: it is a yardstick for
//! the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Lithuanian or Icelandic, PlantUML sequence diagrams, commit logs and
//! changelogs, Jenkins, terminal sessions pasted into runbooks, hosts files, Confluence
//! links, shared drives, Org mode notes, Azure DevOps work items and models' own slips
//! write:
//! - A model answering in Lithuanian: the name's words as genitive modifiers in front, in
//!   the order English has them, and the kind word last, in sentence case (`Užsakymų
//!   paslauga`, the orders' service; `Mokėjimų duomenų bazė`, `Pranešimų eilė`, `Sesijų
//!   podėlis`, `Užsakymų įvykių tema`), a vendor's API as an interface (`Stripe API
//!   sąsaja`, `Oktos API sąsaja`: a name in `-a` declined), `API šliuzas`, `Internetinė
//!   parduotuvė`; one name in three copied from a file name saved on a Mac, its letters
//!   decomposed (NFD: `u` and a combining ogonek for `ų`), which looks the same.
//! - A model answering in Icelandic: one compound of native words, the modifier in the
//!   genitive as Icelandic joins them, so the stem changes with the number
//!   (`Pöntunarþjónusta`, the order service, but `Pantanagagnagrunnur`, the orders
//!   database; `Tilkynningabiðröð`, `Lotuskyndiminni`, `Pöntunaratburðastraumur` for the
//!   order events topic), a vendor's API as `Forritaskil Stripe`, `API-gátt`,
//!   `Vefverslun`, `Leitarskrá`.
//! - A PlantUML sequence diagram's participant declaration copied whole, the participant
//!   keyword its kind and an alias after `as` (`participant "Order Service" as
//!   orderService`, `database "Orders DB" as ordersDb`, `queue "Shipment Queue" as
//!   shipmentQueue`).
//! - A Conventional Commits type and scope from a changelog or a commit log, as a model
//!   summarising release notes keeps them (`feat(order-service)`, `fix(orders-db)`).
//! - A Jenkins job's full display name, folder, multibranch job and branch joined by `»`
//!   as the Jenkins UI and build notifications print it (`NovaMart » order-service »
//!   main`).
//! - A shell prompt left on a name from a terminal session pasted into a runbook: an SSH
//!   login on the service's host (`deploy@order-service:~$`), psql's prompt for a database
//!   (`orders_db=#`), redis-cli's for a cache (`session-cache:6379>`).
//! - A hosts-file line, the address in front of the name (`10.21.4.37 orders-db`), as
//!   runbooks tell you what to add to `/etc/hosts`.
//! - The plural hedged in parentheses, as people write when they do not know how many
//!   there are (`Order(s) Service`, `Payment(s) DB`, `Order Event(s) Topic`, `Stripe
//!   API(s)`, `Search Index(es)`).
//! - A Confluence page's title as its URL writes it, spaces as `+` (`Order+Service`, from
//!   `…/display/ARCH/Order+Service`).
//! - A copy's name from a shared drive or a diagram tool, as Google Drive (`Copy of Order
//!   Service`), macOS Finder (`Order Service copy`) and Windows Explorer (`Order Service -
//!   Copy`) name a duplicate.
//! - Org mode markup from an engineer's notes: a file link with its description
//!   (`[[file:order-service.org][Order Service]]`) or the code markers (`~orders-db~`).
//! - An Azure DevOps area path, the project and the area in front with backslashes, as
//!   work items and boards name the component (`NovaMart\Services\Order Service`,
//!   `NovaMart\Data\Orders DB`).
//! - The escaped quotes of a JSON string a model encoded twice (`\"Order Service\"`).
//! - The arrow of a flow written `A → B → C` left on the name a model cut out of it
//!   (`Order Service →`, `→ Orders DB`, `Order Service ->`).
//!
//! Type words come from the same sources (Lithuanian, Icelandic, PlantUML, psql,
//! redis-cli) and relationship phrases from design prose and a model answering in
//! Lithuanian or Icelandic, some written from the object's end (`fulfils the requests
//! of`, `is the lookup store for`, `stores the records of`, `is the outlet for the events
//! of`, `delivers its backlog to`, `is a lifeline for`) and three that only look passive
//! (Icelandic `er áskrifandi að`, is a subscriber to, and `er háð`, is dependent on, and
//! `is hard-wired to`: the subject acts), with a Lithuanian trap: `priklauso` is belongs
//! to (part of), `priklauso nuo` depends on.
//!
//! The near-named pairs of this set are `NINETEENTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, capitalised, hash, looked_up};

/// One way of writing a name, in the nineteenth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Užsakymų paslauga`, `Mokėjimų duomenų bazė`: a Lithuanian answer.
    Lithuanian,
    /// `Pöntunarþjónusta`, `Pantanagagnagrunnur`: an Icelandic answer.
    Icelandic,
    /// `participant "Order Service" as orderService`: a PlantUML participant.
    PlantUmlParticipant,
    /// `feat(order-service)`: a Conventional Commits type and scope.
    CommitScope,
    /// `NovaMart » order-service » main`: a Jenkins job's full display name.
    JenkinsJob,
    /// `deploy@order-service:~$`, `orders_db=#`: a shell prompt left on.
    ShellPrompt,
    /// `10.21.4.37 orders-db`: a hosts-file line.
    HostsLine,
    /// `Order(s) Service`: the plural hedged in parentheses.
    HedgedPlural,
    /// `Order+Service`: a Confluence URL's title.
    ConfluenceUrl,
    /// `Copy of Order Service`, `Order Service copy`: a duplicate's name.
    CopyOf,
    /// `[[file:order-service.org][Order Service]]`, `~orders-db~`: Org mode markup.
    OrgMode,
    /// `NovaMart\Services\Order Service`: an Azure DevOps area path.
    AreaPath,
    /// `\"Order Service\"`: the escaped quotes of a JSON string encoded twice.
    EscapedQuotes,
    /// `Order Service →`, `→ Orders DB`: a flow's arrow left on.
    FlowArrow,
}

/// The nineteenth styles (the canonical `Camel` form stays, as a document's own name).
pub const NINETEENTH: &[Style] = &[
    Style::Camel,
    Style::Nineteenth(Name::Lithuanian),
    Style::Nineteenth(Name::Icelandic),
    Style::Nineteenth(Name::PlantUmlParticipant),
    Style::Nineteenth(Name::CommitScope),
    Style::Nineteenth(Name::JenkinsJob),
    Style::Nineteenth(Name::ShellPrompt),
    Style::Nineteenth(Name::HostsLine),
    Style::Nineteenth(Name::HedgedPlural),
    Style::Nineteenth(Name::ConfluenceUrl),
    Style::Nineteenth(Name::CopyOf),
    Style::Nineteenth(Name::OrgMode),
    Style::Nineteenth(Name::AreaPath),
    Style::Nineteenth(Name::EscapedQuotes),
    Style::Nineteenth(Name::FlowArrow),
];

/// The corpus's words in Lithuanian, as the genitive that modifies the kind word
/// (plural where Lithuanian names the domain by its things: `užsakymų`, of orders).
const LITHUANIAN: &[(&str, &str)] = &[
    ("Order", "užsakymų"),
    ("Orders", "užsakymų"),
    ("Checkout", "atsiskaitymo"),
    ("Cart", "krepšelio"),
    ("Payment", "mokėjimų"),
    ("Payments", "mokėjimų"),
    ("Pricing", "kainodaros"),
    ("Price", "kainų"),
    ("Inventory", "atsargų"),
    ("Catalog", "katalogo"),
    ("Search", "paieškos"),
    ("Index", "indekso"),
    ("Shipping", "siuntimo"),
    ("Shipment", "siuntų"),
    ("Shipments", "siuntų"),
    ("Fulfillment", "užsakymų vykdymo"),
    ("Notification", "pranešimų"),
    ("Customer", "klientų"),
    ("Customers", "klientų"),
    ("Auth", "autentifikavimo"),
    ("Recommendation", "rekomendacijų"),
    ("Review", "atsiliepimų"),
    ("Reviews", "atsiliepimų"),
    ("Promotion", "akcijų"),
    ("Promotions", "akcijų"),
    ("Tax", "mokesčių"),
    ("Fraud", "sukčiavimo prevencijos"),
    ("Returns", "grąžinimų"),
    ("Loyalty", "lojalumo programos"),
    ("Reporting", "ataskaitų"),
    ("Invoice", "sąskaitų faktūrų"),
    ("Session", "sesijų"),
    ("Events", "įvykių"),
];

/// Each component's name in Icelandic, by its canonical words spaced (`Order Service`):
/// one compound, the modifier's genitive joined to the kind word.
const ICELANDIC: &[(&str, &str)] = &[
    ("Order Service", "Pöntunarþjónusta"),
    ("Checkout Service", "Afgreiðsluþjónusta"),
    ("Cart Service", "Körfuþjónusta"),
    ("Payment Service", "Greiðsluþjónusta"),
    ("Pricing Service", "Verðlagningarþjónusta"),
    ("Inventory Service", "Birgðaþjónusta"),
    ("Catalog Service", "Vörulistaþjónusta"),
    ("Search Service", "Leitarþjónusta"),
    ("Shipping Service", "Sendingarþjónusta"),
    ("Fulfillment Service", "Pantanaafgreiðsluþjónusta"),
    ("Notification Service", "Tilkynningaþjónusta"),
    ("Customer Service", "Viðskiptavinaþjónusta"),
    ("Auth Service", "Auðkenningarþjónusta"),
    ("Recommendation Service", "Meðmælaþjónusta"),
    ("Review Service", "Umsagnaþjónusta"),
    ("Promotion Service", "Tilboðsþjónusta"),
    ("Tax Service", "Skattaþjónusta"),
    ("Fraud Service", "Svikavarnaþjónusta"),
    ("Returns Service", "Vöruskilaþjónusta"),
    ("Loyalty Service", "Vildarþjónusta"),
    ("Reporting Service", "Skýrsluþjónusta"),
    ("Invoice Service", "Reikningaþjónusta"),
    ("Orders DB", "Pantanagagnagrunnur"),
    ("Payments DB", "Greiðslugagnagrunnur"),
    ("Inventory DB", "Birgðagagnagrunnur"),
    ("Catalog DB", "Vörulistagagnagrunnur"),
    ("Customers DB", "Viðskiptavinagagnagrunnur"),
    ("Reviews DB", "Umsagnagagnagrunnur"),
    ("Promotions DB", "Tilboðagagnagrunnur"),
    ("Shipments DB", "Sendingagagnagrunnur"),
    ("Loyalty DB", "Vildargagnagrunnur"),
    ("Session Cache", "Lotuskyndiminni"),
    ("Cart Cache", "Körfuskyndiminni"),
    ("Price Cache", "Verðskyndiminni"),
    ("Order Events Topic", "Pöntunaratburðastraumur"),
    ("Payment Events Topic", "Greiðsluatburðastraumur"),
    ("Inventory Events Topic", "Birgðaatburðastraumur"),
    ("Order Events Queue", "Pöntunaratburðabiðröð"),
    ("Notification Queue", "Tilkynningabiðröð"),
    ("Shipment Queue", "Sendingabiðröð"),
    ("Search Index Queue", "Leitarskrárbiðröð"),
    ("API Gateway", "API-gátt"),
    ("Web Storefront", "Vefverslun"),
    ("Search Index", "Leitarskrá"),
];

/// Lithuanian letters and their decomposed form (NFD): the base letter and a combining
/// ogonek, dot above, caron or macron.
const DECOMPOSED: &[(char, &str)] = &[
    ('ą', "a\u{328}"),
    ('č', "c\u{30c}"),
    ('ę', "e\u{328}"),
    ('ė', "e\u{307}"),
    ('į', "i\u{328}"),
    ('š', "s\u{30c}"),
    ('ų', "u\u{328}"),
    ('ū', "u\u{304}"),
    ('ž', "z\u{30c}"),
    ('Ą', "A\u{328}"),
    ('Č', "C\u{30c}"),
    ('Ę', "E\u{328}"),
    ('Ė', "E\u{307}"),
    ('Į', "I\u{328}"),
    ('Š', "S\u{30c}"),
    ('Ų', "U\u{328}"),
    ('Ū', "U\u{304}"),
    ('Ž', "Z\u{30c}"),
];

/// `text` with its Lithuanian letters decomposed (NFD), as a file name saved on a Mac
/// keeps them.
pub fn decomposed(text: &str) -> String {
    text.chars()
        .map(|ch| {
            DECOMPOSED
                .iter()
                .find(|(c, _)| *c == ch)
                .map_or_else(|| ch.to_string(), |(_, d)| (*d).to_string())
        })
        .collect()
}

/// `text` with decomposed Lithuanian letters composed again (NFC).
pub fn composed(text: &str) -> String {
    let mut out = text.to_string();
    for (ch, d) in DECOMPOSED {
        out = out.replace(d, &ch.to_string());
    }
    out
}

/// `words` in lower camel case, as a PlantUML alias (`ordersDb`, `apiGateway`).
fn lower_camel(words: &[String]) -> String {
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let lower = w.to_lowercase();
            if i == 0 { lower } else { capitalised(&lower) }
        })
        .collect()
}

/// `word` with its plural hedged in parentheses (`Orders` → `Order(s)`, `Index` →
/// `Index(es)`, `Order` → `Order(s)`).
fn hedged(word: &str) -> String {
    if let Some(stem) = word.strip_suffix('s')
        && stem.len() >= 3
        && !stem.ends_with('s')
    {
        return format!("{stem}(s)");
    }
    if word.ends_with('x') || word.ends_with("ch") || word.ends_with("sh") {
        return format!("{word}(es)");
    }
    format!("{word}(s)")
}

/// Whether `word` takes a hedged plural in front of the kind word: a count noun, not one
/// whose plural changes its ending (`Inventory`) nor a mass noun (`Pricing`, `Fraud`).
fn countable(word: &str) -> bool {
    const MASS: &[&str] = &[
        "Auth",
        "Fraud",
        "Fulfillment",
        "Checkout",
        "Search",
        "Tax",
        "Catalog",
    ];
    let consonant_y = word.ends_with('y')
        && !word
            .chars()
            .rev()
            .nth(1)
            .is_some_and(|ch| "aeiou".contains(ch));
    !consonant_y
        && !word.ends_with("ing")
        && !MASS.contains(&word)
        && !word.chars().all(|ch| ch.is_uppercase())
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no psql prompt for a topic, no hosts-file line for a vendor's API).
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
    let snake = lower.join("_");
    let h = hash(&spaced, "nineteenth");
    Some(match style {
        Name::Lithuanian => {
            let name = match kind {
                Kind::External => {
                    let vendor = words.concat();
                    // A name in `-a` declined (`Okta` → `Oktos`), the others as written.
                    match vendor.strip_suffix('a') {
                        Some(stem) => format!("{stem}os API sąsaja"),
                        None => format!("{vendor} API sąsaja"),
                    }
                }
                Kind::Gateway => "API šliuzas".into(),
                Kind::Frontend => "Internetinė parduotuvė".into(),
                Kind::Index => "Paieškos indeksas".into(),
                _ => {
                    let head = match kind {
                        Kind::Service => "paslauga",
                        Kind::Database => "duomenų bazė",
                        Kind::Cache => "podėlis",
                        Kind::Topic => "tema",
                        _ => "eilė",
                    };
                    let modifiers: Vec<&str> = words
                        .iter()
                        .map(|w| looked_up(w, LITHUANIAN))
                        .collect::<Option<_>>()?;
                    capitalised(&format!("{} {head}", modifiers.join(" ")))
                }
            };
            if h.is_multiple_of(3) {
                decomposed(&name)
            } else {
                name
            }
        }
        Name::Icelandic => match kind {
            Kind::External => format!("Forritaskil {}", words.concat()),
            _ => looked_up(&spaced, ICELANDIC)?.to_string(),
        },
        Name::PlantUmlParticipant => {
            let keyword = match kind {
                Kind::Service | Kind::Frontend => "participant",
                Kind::Database => "database",
                Kind::Cache | Kind::Index => "collections",
                Kind::Topic | Kind::Queue => "queue",
                Kind::External => "entity",
                Kind::Gateway => "boundary",
            };
            format!("{keyword} \"{spaced}\" as {}", lower_camel(&all))
        }
        Name::CommitScope => {
            let types = ["feat", "fix", "chore", "refactor", "perf"];
            format!("{}({kebab})", types[(h % 5) as usize])
        }
        Name::JenkinsJob => match kind {
            Kind::Topic | Kind::External => return None,
            _ => format!("{system} \u{bb} {kebab} \u{bb} main"),
        },
        Name::ShellPrompt => match kind {
            Kind::Service | Kind::Gateway | Kind::Frontend => format!("deploy@{kebab}:~$"),
            Kind::Database => format!("{snake}=#"),
            Kind::Cache => format!("{kebab}:6379>"),
            Kind::Topic | Kind::Queue | Kind::External | Kind::Index => return None,
        },
        Name::HostsLine => match kind {
            Kind::Topic | Kind::External => return None,
            _ => {
                let (b, c, d) = (20 + h % 8, (h >> 8) % 250, 2 + (h >> 16) % 250);
                format!("10.{b}.{c}.{d} {kebab}")
            }
        },
        Name::HedgedPlural => {
            let mut ws: Vec<String> = words.iter().map(|w| w.to_string()).collect();
            match kind {
                Kind::External => format!("{} API(s)", ws.concat()),
                Kind::Gateway | Kind::Frontend | Kind::Index => {
                    let last = ws.len() - 1;
                    ws[last] = hedged(&ws[last]);
                    ws.join(" ")
                }
                _ => {
                    // A plural word hedged first (`Order Event(s)`), else the first word
                    // if it counts, else the kind word (`Inventory Service(s)`).
                    let plural = ws
                        .iter()
                        .position(|w| w.ends_with('s') && w.len() > 4 && !w.ends_with("ss"));
                    let at = plural.or_else(|| countable(&ws[0]).then_some(0));
                    match at {
                        Some(i) => {
                            ws[i] = hedged(&ws[i]);
                            format!("{} {kind_word}", ws.join(" "))
                        }
                        None => format!("{} {}", ws.join(" "), hedged(kind_word)),
                    }
                }
            }
        }
        Name::ConfluenceUrl => all.join("+"),
        Name::CopyOf => match h % 3 {
            0 => format!("Copy of {spaced}"),
            1 => format!("{spaced} copy"),
            _ => format!("{spaced} - Copy"),
        },
        Name::OrgMode => {
            if h.is_multiple_of(2) {
                format!("[[file:{kebab}.org][{spaced}]]")
            } else {
                format!("~{kebab}~")
            }
        }
        Name::AreaPath => {
            let area = match kind {
                Kind::Service => "Services",
                Kind::Database | Kind::Cache | Kind::Index => "Data",
                Kind::Topic | Kind::Queue => "Messaging",
                Kind::External => "Integrations",
                Kind::Gateway => "Edge",
                Kind::Frontend => "Web",
            };
            format!("{system}\\{area}\\{spaced}")
        }
        Name::EscapedQuotes => format!("\\\"{spaced}\\\""),
        Name::FlowArrow => match h % 3 {
            0 => format!("{spaced} \u{2192}"),
            1 => format!("\u{2192} {spaced}"),
            _ => format!("{spaced} ->"),
        },
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "mikropaslauga",
            "örþjónusta",
            "PlantUML participant",
        ],
        Kind::Database => &[
            "database",
            "duomenų bazė",
            "gagnagrunnur",
            "psql database",
            "PlantUML database",
        ],
        Kind::Cache => &["cache", "podėlis", "skyndiminni", "redis-cli host"],
        Kind::Topic => &["queue", "įvykių tema", "atburðastraumur", "PlantUML queue"],
        Kind::Queue => &["queue", "pranešimų eilė", "biðröð", "PlantUML queue"],
        Kind::External => &[
            "external_system",
            "išorinė sistema",
            "ytra kerfi",
            "PlantUML entity",
        ],
        Kind::Gateway => &["service", "API šliuzas", "API-gátt", "PlantUML boundary"],
        Kind::Frontend => &[
            "frontend",
            "internetinė parduotuvė",
            "vefverslun",
            "web client",
        ],
        Kind::Index => &[
            "database",
            "paieškos indeksas",
            "leitarskrá",
            "PlantUML collections",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B fulfils the requests of A`: A calls B), and the
/// answer then has `from` and `to` the other way round. Icelandic `A er áskrifandi að B`
/// (is a subscriber to), `A er háð B` (is dependent on) and `A is hard-wired to B` only
/// look passive (A acts), and `A is folded into B` has A the part; `B fulfils the
/// requests of A`, `B is the lookup store for A`, `B stores the records of A`, `B is the
/// outlet for the events of A`, `B delivers its backlog to A` and `B is a lifeline for A`
/// are written from the object. Lithuanian `priklauso` is belongs to (part of) and
/// `priklauso nuo` depends on. Each relationship has one Lithuanian and one Icelandic
/// phrase, as a model answering in them writes it. The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("kviečia", "kviečia", false),
            ("kallar á", "kallar á", false),
            ("places calls to", "places calls to", false),
            ("fulfils the requests of", "fulfils the requests of", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("skaito iš", "skaito iš", false),
            ("les úr", "les úr", false),
            ("pages through", "pages through", false),
            ("is the lookup store for", "is the lookup store for", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("rašo į", "rašo į", false),
            ("skrifar í", "skrifar í", false),
            ("stashes its records in", "stashes its records in", false),
            ("stores the records of", "stores the records of", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("publikuoja į", "publikuoja į", false),
            ("birtir á", "birtir á", false),
            ("announces its events on", "announces its events on", false),
            (
                "is the outlet for the events of",
                "is the outlet for the events of",
                true,
            ),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("prenumeruoja", "prenumeruoja", false),
            ("er áskrifandi að", "er áskrifandi að", false),
            ("keeps a cursor on", "keeps a cursor on", false),
            ("delivers its backlog to", "delivers its backlog to", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("priklauso nuo", "priklauso nuo", false),
            ("er háð", "er háð", false),
            ("is hard-wired to", "is hard-wired to", false),
            ("is a lifeline for", "is a lifeline for", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("priklauso", "priklauso", false),
            ("er hluti af", "er hluti af", false),
            ("is folded into", "is folded into", false),
        ],
    }
}
