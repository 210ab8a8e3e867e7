//! The twenty-sixth set (issue 36, twenty-sixth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! twenty-five sets had all been written. Nobody develops archie against this file: it is
//! a yardstick for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Afrikaans or Croatian, Croatians typing on a US keyboard, desktop
//! packaging, Rails configurations, mail headers, TOML configurations, SQL Server
//! scripts, jq one-liners, Go modules, Graphite dashboards, enterprise chat posts and
//! narrow table columns write:
//! - A model answering in Afrikaans: the name's words and the kind word closed up into
//!   one compound, the linking `s` where Afrikaans puts it, in sentence case
//!   (`Bestellingsdiens`, the orders service; `Betalingsdatabasis`, `Kennisgewingstou`,
//!   `Sessiekas`, `Bestellingsgebeurtenisonderwerp`, and `Belastingdiens` for the tax
//!   service), a vendor's API hyphenated as Afrikaans joins a proper noun (`Stripe-API`),
//!   `API-poort`, `Webwinkel`, `Soekindeks`.
//! - A model answering in Croatian: the kind word first and the words after it in the
//!   genitive plural, head first (`Servis narudžbi`, the service of orders; `Baza
//!   podataka plaćanja`, `Red čekanja obavijesti`, `Predmemorija sesija`, `Tema događaja
//!   narudžbi`), a vendor's API as `API servisa Stripe`, `API pristupnik`, `Web
//!   trgovina`, `Indeks pretraživanja`.
//! - The Croatian answer in "shorn Latin" (ošišana latinica), its diacritics dropped as
//!   people typing on a US keyboard write it (`Servis narudzbi`, `Red cekanja
//!   obavijesti`, `Tema dogadjaja narudzbi`); a name with nothing to shear has nothing
//!   to show.
//! - A reverse-DNS application id, as a launchd label, a Flatpak id or an Android
//!   application id names the thing (`io.novamart.order-service`).
//! - A Ruby symbol, from a Rails or Capistrano configuration (`:order_service`,
//!   `:orders_db`).
//! - A mail header's name-addr, the display name and the address of the team's or the
//!   service's mailbox (`Order Service <order-service@novamart.io>`).
//! - A TOML table header, the kind's table and the name's key (`[services.order-service]`,
//!   `[databases.orders-db]`).
//! - A SQL Server identifier, bracket-quoted and schema-qualified, from a T-SQL script
//!   that registers the components (`[dbo].[Order Service]`).
//! - A jq path into a JSON configuration, the key in brackets and quotes
//!   (`.services["order-service"]`).
//! - A Go module path (`github.com/novamart/order-service`).
//! - A Graphite (StatsD) metric path, the name's segment in snake case between the
//!   prefix and the measurement (`novamart.order_service.requests.count`).
//! - A hashtag in camel case, from an enterprise chat's or a status page's post
//!   (`#OrderService`).
//! - A name cut short by a narrow table column, an ellipsis after its first twelve
//!   characters (`Notification…`, `Order Events…`); a name that fits is left whole.
//!
//! Type words come from the same sources (Afrikaans, Croatian, Go, T-SQL) and
//! relationship phrases from design prose and a model answering in Afrikaans or
//! Croatian, some written from the object's end (`is polled by`, `takes the writes
//! of`, `carries what is sent by`, `has as a listener`, `is leaned on by`, `answers
//! calls from`, Afrikaans `word geroep deur`, is called by, `word gelees deur`, is read
//! by, `ontvang skrywes van`, receives writes from, and `ontvang gebeurtenisse van`,
//! receives events from, and Croatian `je pozvan od`, is called by, `je čitan od`, is
//! read by, `prima zapise od`, receives writes from,
//! and `prima događaje od`, receives events from) and five that only look passive
//! (Afrikaans `is ingeteken op`, is subscribed to, and `is afhanklik van`, is dependent
//! on, Croatian `je pretplaćen na`, is subscribed to, and `je ovisan o`, is dependent
//! on, and `is hooked onto`: the subject acts) and one written from the part (`is
//! nested under`).
//!
//! The near-named pairs of this set are `TWENTY_SIXTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, looked_up, translated};

/// One way of writing a name, in the twenty-sixth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `Bestellingsdiens`: an Afrikaans answer, one compound.
    Afrikaans,
    /// `Servis narudžbi`: a Croatian answer, head first.
    Croatian,
    /// `Servis narudzbi`: the Croatian answer without its diacritics.
    ShornLatin,
    /// `io.novamart.order-service`: a reverse-DNS application id.
    ReverseDns,
    /// `:order_service`: a Ruby symbol.
    RubySymbol,
    /// `Order Service <order-service@novamart.io>`: a mail header's name-addr.
    Mailbox,
    /// `[services.order-service]`: a TOML table header.
    TomlTable,
    /// `[dbo].[Order Service]`: a T-SQL identifier.
    SqlServer,
    /// `.services["order-service"]`: a jq path.
    JqPath,
    /// `github.com/novamart/order-service`: a Go module path.
    GoModule,
    /// `novamart.order_service.requests.count`: a Graphite metric path.
    Graphite,
    /// `#OrderService`: a hashtag.
    Hashtag,
    /// `Notification…`: a name cut short by a narrow column.
    Truncated,
}

/// The twenty-sixth styles (the canonical `Camel` form stays, as a document's own name).
pub const TWENTY_SIXTH: &[Style] = &[
    Style::Camel,
    Style::TwentySixth(Name::Afrikaans),
    Style::TwentySixth(Name::Croatian),
    Style::TwentySixth(Name::ShornLatin),
    Style::TwentySixth(Name::ReverseDns),
    Style::TwentySixth(Name::RubySymbol),
    Style::TwentySixth(Name::Mailbox),
    Style::TwentySixth(Name::TomlTable),
    Style::TwentySixth(Name::SqlServer),
    Style::TwentySixth(Name::JqPath),
    Style::TwentySixth(Name::GoModule),
    Style::TwentySixth(Name::Graphite),
    Style::TwentySixth(Name::Hashtag),
    Style::TwentySixth(Name::Truncated),
];

/// The corpus's words as the first parts of an Afrikaans compound (the linking `s`
/// where Afrikaans puts one).
const AFRIKAANS: &[(&str, &str)] = &[
    ("Order", "bestellings"),
    ("Orders", "bestellings"),
    ("Checkout", "betaalpunt"),
    ("Cart", "mandjie"),
    ("Payment", "betalings"),
    ("Payments", "betalings"),
    ("Pricing", "prysbepalings"),
    ("Price", "prys"),
    ("Inventory", "voorraad"),
    ("Catalog", "katalogus"),
    ("Search", "soek"),
    ("Index", "indeks"),
    ("Shipping", "versendings"),
    ("Shipment", "besendings"),
    ("Shipments", "besendings"),
    ("Fulfillment", "bestellingsvervullings"),
    ("Notification", "kennisgewings"),
    ("Customer", "kliënte"),
    ("Customers", "kliënte"),
    ("Auth", "verifikasie"),
    ("Recommendation", "aanbevelings"),
    ("Review", "resensie"),
    ("Reviews", "resensie"),
    ("Promotion", "promosie"),
    ("Promotions", "promosie"),
    ("Tax", "belasting"),
    ("Fraud", "bedrog"),
    ("Returns", "terugsendings"),
    ("Loyalty", "lojaliteits"),
    ("Reporting", "verslagdoenings"),
    ("Invoice", "faktuur"),
    ("Session", "sessie"),
    ("Events", "gebeurtenis"),
];

/// The Afrikaans kind words, which close the compound.
const AFRIKAANS_HEADS: &[(&str, &str)] = &[
    ("Service", "diens"),
    ("DB", "databasis"),
    ("Cache", "kas"),
    ("Queue", "tou"),
    ("Topic", "onderwerp"),
];

/// The corpus's words in Croatian, in the genitive (the plural for things there are
/// many of), in lower case.
const CROATIAN: &[(&str, &str)] = &[
    ("Order", "narudžbi"),
    ("Orders", "narudžbi"),
    ("Checkout", "naplate"),
    ("Cart", "košarice"),
    ("Payment", "plaćanja"),
    ("Payments", "plaćanja"),
    ("Pricing", "određivanja cijena"),
    ("Price", "cijena"),
    ("Inventory", "zaliha"),
    ("Catalog", "kataloga"),
    ("Search", "pretraživanja"),
    ("Index", "indeksa"),
    ("Shipping", "dostave"),
    ("Shipment", "pošiljaka"),
    ("Shipments", "pošiljaka"),
    ("Fulfillment", "ispunjenja narudžbi"),
    ("Notification", "obavijesti"),
    ("Customer", "kupaca"),
    ("Customers", "kupaca"),
    ("Auth", "autentifikacije"),
    ("Recommendation", "preporuka"),
    ("Review", "recenzija"),
    ("Reviews", "recenzija"),
    ("Promotion", "promocija"),
    ("Promotions", "promocija"),
    ("Tax", "poreza"),
    ("Fraud", "prijevara"),
    ("Returns", "povrata"),
    ("Loyalty", "lojalnosti"),
    ("Reporting", "izvještavanja"),
    ("Invoice", "računa"),
    ("Session", "sesija"),
    ("Events", "događaja"),
];

/// The Croatian kind words, which come first.
const CROATIAN_HEADS: &[(&str, &str)] = &[
    ("Service", "Servis"),
    ("DB", "Baza podataka"),
    ("Cache", "Predmemorija"),
    ("Queue", "Red čekanja"),
    ("Topic", "Tema"),
];

/// The Afrikaans answer for a name, `None` for a word the table lacks.
fn afrikaans(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("{}-API", words.concat()),
        Kind::Gateway => "API-poort".into(),
        Kind::Frontend => "Webwinkel".into(),
        Kind::Index => "Soekindeks".into(),
        _ => {
            let own = translated(words, AFRIKAANS)?;
            let head = looked_up(kind_word, AFRIKAANS_HEADS)?;
            crate::styles::capitalised(&format!("{}{head}", own.concat()))
        }
    })
}

/// The Croatian answer for a name, `None` for a word the table lacks.
fn croatian(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("API servisa {}", words.concat()),
        Kind::Gateway => "API pristupnik".into(),
        Kind::Frontend => "Web trgovina".into(),
        Kind::Index => "Indeks pretraživanja".into(),
        _ => {
            let mut own = translated(words, CROATIAN)?;
            own.reverse();
            let head = looked_up(kind_word, CROATIAN_HEADS)?;
            format!("{head} {}", own.join(" "))
        }
    })
}

/// `text` in shorn Latin: `č`, `ć` as `c`, `š` as `s`, `ž` as `z` and `đ` as `dj`.
/// `None` when there is nothing to shear.
fn shorn(text: &str) -> Option<String> {
    let out: String = text
        .chars()
        .flat_map(|ch| {
            let s: &str = match ch {
                'č' | 'ć' => "c",
                'Č' | 'Ć' => "C",
                'š' => "s",
                'Š' => "S",
                'ž' => "z",
                'Ž' => "Z",
                'đ' => "dj",
                'Đ' => "Dj",
                _ => return vec![ch],
            };
            s.chars().collect()
        })
        .collect();
    (out != text).then_some(out)
}

/// The TOML table a component of `kind` is listed under.
fn toml_table(kind: Kind) -> &'static str {
    match kind {
        Kind::Service | Kind::Gateway => "services",
        Kind::Database | Kind::Index => "databases",
        Kind::Cache => "caches",
        Kind::Topic => "topics",
        Kind::Queue => "queues",
        Kind::External => "vendors",
        Kind::Frontend => "apps",
    }
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (an all-ASCII answer in shorn Latin).
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
    let h = hash(&spaced, "twentysixth");
    Some(match style {
        Name::Afrikaans => afrikaans(words, kind_word, kind)?,
        Name::Croatian => croatian(words, kind_word, kind)?,
        Name::ShornLatin => shorn(&croatian(words, kind_word, kind)?)?,
        Name::ReverseDns => format!("io.novamart.{kebab}"),
        Name::RubySymbol => format!(":{snake}"),
        Name::Mailbox => format!("{spaced} <{kebab}@novamart.io>"),
        Name::TomlTable => format!("[{}.{kebab}]", toml_table(kind)),
        Name::SqlServer => {
            let schema = if (h >> 4).is_multiple_of(3) {
                "ops"
            } else {
                "dbo"
            };
            format!("[{schema}].[{spaced}]")
        }
        Name::JqPath => format!(".{}[\"{kebab}\"]", toml_table(kind)),
        Name::GoModule => format!("github.com/novamart/{kebab}"),
        Name::Graphite => {
            let measure = ["requests.count", "latency.p99", "errors.rate"][((h >> 8) % 3) as usize];
            format!("novamart.{snake}.{measure}")
        }
        Name::Hashtag => format!("#{}", all.concat()),
        Name::Truncated => {
            let chars: Vec<char> = spaced.chars().collect();
            if chars.len() <= 13 {
                spaced
            } else {
                let cut: String = chars[..12].iter().collect();
                format!("{}…", cut.trim_end())
            }
        }
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "diens", "servis", "Go module"],
        Kind::Database => &[
            "database",
            "databasis",
            "baza podataka",
            "SQL Server database",
        ],
        Kind::Cache => &["cache", "kas", "predmemorija", "memcached pool"],
        Kind::Topic => &[
            "queue",
            "gebeurtenisonderwerp",
            "tema događaja",
            "Kafka topic",
        ],
        Kind::Queue => &["queue", "boodskaptou", "red poruka", "work queue"],
        Kind::External => &[
            "external_system",
            "eksterne stelsel",
            "vanjski sustav",
            "third-party vendor",
        ],
        Kind::Gateway => &["service", "API-poort", "API pristupnik", "reverse proxy"],
        Kind::Frontend => &[
            "frontend",
            "webtoepassing",
            "web aplikacija",
            "storefront SPA",
        ],
        Kind::Index => &[
            "database",
            "soekindeks",
            "indeks pretraživanja",
            "search cluster",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B answers calls from A`: A calls B), and the answer
/// then has `from` and `to` the other way round. Afrikaans `A is ingeteken op B` (is
/// subscribed to) and `A is afhanklik van B` (is dependent on), Croatian `A je
/// pretplaćen na B` (is subscribed to) and `A je ovisan o B` (is dependent on), and `A
/// is hooked onto B` only look passive (A acts), and so does `A is nested under B` (A is
/// the part); `B answers calls from A`, `B is polled by A`, `B takes the writes of A`,
/// `B carries what is sent by A`, `B has as a listener A` and `B is leaned on by A` are
/// written from the object, and so are Afrikaans `B word geroep deur A` (is called by),
/// `B word gelees deur A` (is read by), `B ontvang skrywes van A` (receives writes from)
/// and `B ontvang gebeurtenisse van A` (receives events from), and Croatian `B je pozvan
/// od A` (is called by), `B je čitan od A` (is read by), `B prima zapise od A` (receives
/// writes from) and `B prima događaje od A` (receives events from). The prompt's word
/// first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("roep", "roep", false),
            ("poziva", "poziva", false),
            ("word geroep deur", "word geroep deur", true),
            ("je pozvan od", "je pozvan od", true),
            ("answers calls from", "answers calls from", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("lees uit", "lees uit", false),
            ("čita iz", "čita iz", false),
            ("word gelees deur", "word gelees deur", true),
            ("je čitan od", "je čitan od", true),
            ("is polled by", "is polled by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("skryf na", "skryf na", false),
            ("piše u", "piše u", false),
            ("ontvang skrywes van", "ontvang skrywes van", true),
            ("prima zapise od", "prima zapise od", true),
            ("takes the writes of", "takes the writes of", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("publiseer na", "publiseer na", false),
            ("objavljuje u", "objavljuje u", false),
            (
                "ontvang gebeurtenisse van",
                "ontvang gebeurtenisse van",
                true,
            ),
            ("prima događaje od", "prima događaje od", true),
            ("carries what is sent by", "carries what is sent by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("is ingeteken op", "is ingeteken op", false),
            ("je pretplaćen na", "je pretplaćen na", false),
            ("is hooked onto", "is hooked onto", false),
            ("has as a listener", "has as a listener", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("is afhanklik van", "is afhanklik van", false),
            ("je ovisan o", "je ovisan o", false),
            ("is leaned on by", "is leaned on by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("is deel van", "is deel van", false),
            ("dio je sustava", "dio je sustava", false),
            ("is nested under", "is nested under", false),
        ],
    }
}
