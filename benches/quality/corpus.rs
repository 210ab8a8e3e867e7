//! The NovaMart system as ground truth, and markdown documents about it.
//!
//! 50 components (services, databases, caches, queues and topics, external APIs, a
//! gateway, a frontend, a search index) and 67 dependencies among them, typed with the
//! extraction prompt's words. Every mention in a document is written in one surface form
//! of its component (with probability `p` not the canonical one), and the sentence that
//! carries it is recorded as a [`Fact`] with its byte range, so the answerer can give
//! exactly a chunk's ground truth, in the words the document used.

use crate::styles::{self, Set, Style};
use std::collections::{BTreeMap, BTreeSet};

/// The whole system, named by the overview document.
pub const SYSTEM: &str = "NovaMart";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Service,
    Database,
    Cache,
    Topic,
    Queue,
    External,
    Gateway,
    Frontend,
    Index,
}

impl Kind {
    /// What a document says a component of this kind does (`{}`: its subject, lower case).
    fn purpose(self) -> &'static str {
        match self {
            Kind::Service => "handles everything about {} for the shop",
            Kind::Database => "stores the {} records",
            Kind::Cache => "keeps hot {} data in memory",
            Kind::Topic => "carries {} to every interested consumer",
            Kind::Queue => "buffers {} work until a worker takes it",
            Kind::External => "is the third-party service behind the {} integration",
            Kind::Gateway => "is the single entry point for {}",
            Kind::Frontend => "is the {} customers use",
            Kind::Index => "holds the {} documents",
        }
    }
}

/// One way of writing a component's name. `ambiguous`: a form no rule can be sure of
/// (`Okta` for the Okta API, `Checkout` for the CheckoutService); a human decides those.
#[derive(Debug, Clone)]
pub struct Form {
    pub text: String,
    pub ambiguous: bool,
}

#[derive(Debug, Clone)]
pub struct Component {
    /// The canonical name (`forms[0]`).
    pub name: String,
    pub kind: Kind,
    pub forms: Vec<Form>,
    /// What it is about, lower case, for prose ("order events").
    subject: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rel {
    Calls,
    ReadsFrom,
    WritesTo,
    PublishesTo,
    SubscribesTo,
    DependsOn,
    PartOf,
}

impl Rel {
    /// The extraction prompt's word (`part_of` is the one word outside it).
    pub fn word(self) -> &'static str {
        crate::styles::rel_words(self, Set::Development)[0].0
    }
}

#[derive(Debug, Clone)]
pub struct Edge {
    pub from: usize,
    pub to: usize,
    pub rel: Rel,
}

/// The ground truth: components and the dependencies among them.
pub struct Truth {
    pub components: Vec<Component>,
    pub edges: Vec<Edge>,
    /// Components the overview names as NovaMart's main parts.
    main_parts: Vec<usize>,
    /// The set of types and relationship words.
    pub set: Set,
}

/// A component whose words are `words` (its kind word last, where it has one) written
/// in each of `styles` (the canonical form first: CamelCase, or `TaxJar API` for an
/// external system).
fn component(words: &[&str], kind: Kind, styles: &[Style]) -> Component {
    let joined = words.concat();
    let (own, kind_word): (Vec<&str>, &str) = match kind {
        Kind::Service => (words.to_vec(), "Service"),
        Kind::Database => (words.to_vec(), "DB"),
        Kind::Cache => (words.to_vec(), "Cache"),
        Kind::Topic => (words.to_vec(), "Topic"),
        Kind::Queue => (words.to_vec(), "Queue"),
        // Names that are their words: "API Gateway", "Search Index", "Web Storefront".
        Kind::Gateway | Kind::Frontend | Kind::Index => (words.to_vec(), ""),
        Kind::External => (vec![joined.as_str()], "API"),
    };
    let canonical = if kind == Kind::External {
        format!("{} API", own.concat())
    } else {
        format!("{}{kind_word}", own.concat())
    };
    let mut texts = vec![canonical];
    for style in styles {
        if let Some(text) = styles::write(*style, &own, kind_word, kind, SYSTEM)
            && !texts.contains(&text)
        {
            texts.push(text);
        }
    }
    let forms: Vec<Form> = texts
        .into_iter()
        .map(|text| Form {
            text,
            ambiguous: false,
        })
        .collect();
    let mut subject = words.join(" ").to_lowercase();
    if matches!(kind, Kind::Gateway | Kind::Frontend | Kind::Index) {
        subject = match kind {
            Kind::Gateway => "client requests".into(),
            Kind::Frontend => "web shop".into(),
            _ => "product search".into(),
        };
    }
    Component {
        name: forms[0].text.clone(),
        kind,
        forms,
        subject,
    }
}

impl Truth {
    /// NovaMart with its names written in the development styles.
    pub fn novamart() -> Self {
        Self::novamart_with(Set::Development)
    }

    /// NovaMart with its names, types and relationship words written in `set`.
    pub fn novamart_with(set: Set) -> Self {
        let styles = set.styles();
        use Kind::*;
        // Kind, then names separated by commas, words by spaces.
        let specs: &[(Kind, &str)] = &[
            (Frontend, "Web Storefront"),
            (Gateway, "API Gateway"),
            (Index, "Search Index"),
            (
                Service,
                "Order, Checkout, Cart, Payment, Pricing, Inventory, Catalog, Search, Shipping, Fulfillment, Notification, Customer, Auth, Recommendation, Review, Promotion, Tax, Fraud, Returns, Loyalty, Reporting, Invoice",
            ),
            (
                Database,
                "Orders, Payments, Inventory, Catalog, Customers, Reviews, Promotions, Shipments, Loyalty",
            ),
            (Cache, "Session, Cart, Price"),
            (Topic, "Order Events, Payment Events, Inventory Events"),
            (Queue, "Order Events, Notification, Shipment, Search Index"),
            (External, "Stripe, TaxJar, Okta, SendGrid, FedEx, Twilio"),
        ];
        let mut components: Vec<Component> = specs
            .iter()
            .flat_map(|(kind, names)| names.split(", ").map(move |n| (*kind, n)))
            .map(|(kind, n)| component(&n.split(' ').collect::<Vec<_>>(), kind, styles))
            .collect();
        // A form two components would share (`Inventory` for the service and the
        // database) is no one's: the scorer could not tell whose it is.
        let fold = |t: &str| {
            t.split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .to_lowercase()
        };
        let mut owners: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
        for (c, comp) in components.iter().enumerate() {
            for f in &comp.forms {
                owners.entry(fold(&f.text)).or_default().insert(c);
            }
        }
        for comp in &mut components {
            let name = comp.name.clone();
            comp.forms
                .retain(|f| f.text == name || owners[&fold(&f.text)].len() == 1);
        }
        // The pairs the issue leaves to a human: counted apart from the rule forms.
        let undecidable: &[(&str, &str)] = if set != Set::Development {
            &[]
        } else {
            &[("Okta API", "Okta"), ("CheckoutService", "Checkout")]
        };
        for &(name, form) in undecidable {
            if let Some(c) = components.iter_mut().find(|c| c.name == name) {
                c.forms.retain(|f| f.text != form);
                c.forms.push(Form {
                    text: form.into(),
                    ambiguous: true,
                });
            }
        }
        let index = |name: &str| {
            components
                .iter()
                .position(|c| c.name == name)
                .unwrap_or_else(|| panic!("no component {name}"))
        };
        use Rel::*;
        let spec: &[(&str, Rel, &str)] = &[
            ("WebStorefront", Calls, "APIGateway"),
            ("APIGateway", DependsOn, "Okta API"),
            ("APIGateway", Calls, "AuthService"),
            ("APIGateway", Calls, "CatalogService"),
            ("APIGateway", Calls, "SearchService"),
            ("APIGateway", Calls, "CartService"),
            ("APIGateway", Calls, "CheckoutService"),
            ("APIGateway", Calls, "OrderService"),
            ("APIGateway", Calls, "CustomerService"),
            ("APIGateway", Calls, "ReviewService"),
            ("APIGateway", Calls, "RecommendationService"),
            ("AuthService", Calls, "Okta API"),
            ("AuthService", WritesTo, "SessionCache"),
            ("AuthService", DependsOn, "CustomerService"),
            ("CatalogService", WritesTo, "CatalogDB"),
            ("CatalogService", PublishesTo, "SearchIndexQueue"),
            ("SearchService", SubscribesTo, "SearchIndexQueue"),
            ("SearchService", ReadsFrom, "SearchIndex"),
            ("CartService", WritesTo, "CartCache"),
            ("CartService", Calls, "PricingService"),
            ("CartService", Calls, "InventoryService"),
            ("PricingService", ReadsFrom, "PriceCache"),
            ("PricingService", Calls, "PromotionService"),
            ("PromotionService", ReadsFrom, "PromotionsDB"),
            ("CheckoutService", Calls, "CartService"),
            ("CheckoutService", Calls, "PricingService"),
            ("CheckoutService", Calls, "TaxService"),
            ("CheckoutService", Calls, "PaymentService"),
            ("CheckoutService", Calls, "OrderService"),
            ("CheckoutService", Calls, "FraudService"),
            ("TaxService", Calls, "TaxJar API"),
            ("PaymentService", Calls, "Stripe API"),
            ("PaymentService", WritesTo, "PaymentsDB"),
            ("PaymentService", PublishesTo, "PaymentEventsTopic"),
            ("FraudService", SubscribesTo, "PaymentEventsTopic"),
            ("FraudService", ReadsFrom, "CustomersDB"),
            ("OrderService", WritesTo, "OrdersDB"),
            ("OrderService", PublishesTo, "OrderEventsTopic"),
            ("OrderService", Calls, "InventoryService"),
            ("OrderService", SubscribesTo, "PaymentEventsTopic"),
            ("OrderEventsQueue", SubscribesTo, "OrderEventsTopic"),
            ("InventoryService", WritesTo, "InventoryDB"),
            ("InventoryService", PublishesTo, "InventoryEventsTopic"),
            ("InventoryService", SubscribesTo, "OrderEventsQueue"),
            ("FulfillmentService", SubscribesTo, "OrderEventsTopic"),
            ("FulfillmentService", PublishesTo, "ShipmentQueue"),
            ("FulfillmentService", Calls, "InventoryService"),
            ("ShippingService", SubscribesTo, "ShipmentQueue"),
            ("ShippingService", Calls, "FedEx API"),
            ("ShippingService", WritesTo, "ShipmentsDB"),
            ("ShippingService", PublishesTo, "NotificationQueue"),
            ("NotificationService", SubscribesTo, "NotificationQueue"),
            ("NotificationService", Calls, "SendGrid API"),
            ("NotificationService", Calls, "Twilio API"),
            ("CustomerService", WritesTo, "CustomersDB"),
            ("ReviewService", WritesTo, "ReviewsDB"),
            ("ReviewService", Calls, "CustomerService"),
            ("RecommendationService", Calls, "CatalogService"),
            ("RecommendationService", SubscribesTo, "OrderEventsTopic"),
            ("LoyaltyService", WritesTo, "LoyaltyDB"),
            ("LoyaltyService", SubscribesTo, "OrderEventsTopic"),
            ("ReturnsService", Calls, "OrderService"),
            ("InvoiceService", ReadsFrom, "OrdersDB"),
            ("InvoiceService", Calls, "TaxService"),
            ("ReportingService", ReadsFrom, "OrdersDB"),
            ("ReportingService", ReadsFrom, "PaymentsDB"),
            ("ReportingService", SubscribesTo, "InventoryEventsTopic"),
        ];
        let edges = spec
            .iter()
            .map(|(f, rel, t)| Edge {
                from: index(f),
                to: index(t),
                rel: *rel,
            })
            .collect();
        let main_parts = [
            "WebStorefront",
            "APIGateway",
            "CheckoutService",
            "OrderService",
            "PaymentService",
            "InventoryService",
            "CatalogService",
            "SearchService",
            "ShippingService",
            "NotificationService",
            "CustomerService",
            "OrdersDB",
            "OrderEventsTopic",
        ]
        .iter()
        .map(|n| index(n))
        .collect();
        Self {
            components,
            edges,
            main_parts,
            set,
        }
    }
}

/// A named thing in an answer: a component (or NovaMart itself) written as the document
/// wrote it, with the type word the model chose.
#[derive(Debug, Clone)]
pub struct Mention {
    pub form: String,
    pub type_word: String,
    pub description: String,
}

/// One sentence of a document and what a model extracts from it.
#[derive(Debug, Clone)]
pub struct Fact {
    /// Byte range of the sentence in the document's text.
    pub start: usize,
    pub end: usize,
    pub entities: Vec<Mention>,
    /// (from form, to form, relationship word).
    pub relationship: Option<(String, String, String)>,
}

pub struct Doc {
    pub file: String,
    pub text: String,
    pub facts: Vec<Fact>,
}

/// The documents, and every surface form they used, with its component.
pub struct Corpus {
    pub docs: Vec<Doc>,
    pub forms_used: BTreeMap<String, usize>,
    pub mentions: usize,
    pub ambiguous_mentions: usize,
    pub ambiguous_forms: Vec<String>,
}

/// Prose between the facts: documents are not only lists of dependencies.
const FILLER: &[&str] = &[
    "Deployments go out twice a week behind a feature flag, and every release is rolled back automatically when the error rate doubles.",
    "The on-call rotation owns this area; runbooks live next to the code and are reviewed every quarter.",
    "Latency targets are a p99 under 300 ms for reads and under 800 ms for writes, measured at the edge.",
    "Personal data is encrypted at rest and in transit, and access is logged for the yearly audit.",
    "Capacity is planned for three times the Black Friday peak of last year, with autoscaling on CPU and queue depth.",
    "Retries use exponential backoff with jitter, at most three attempts, and every write is idempotent by request id.",
];

struct Writer<'a> {
    rng: fastrand::Rng,
    p: f64,
    truth: &'a Truth,
    text: String,
    facts: Vec<Fact>,
    corpus_forms: &'a mut BTreeMap<String, usize>,
    mentions: usize,
    ambiguous: usize,
}

impl Writer<'_> {
    /// With probability `p` one of the other choices, else the first.
    fn vary(&mut self, n: usize) -> usize {
        if n > 1 && self.rng.f64() < self.p {
            1 + self.rng.usize(..n - 1)
        } else {
            0
        }
    }

    fn mention(&mut self, c: usize) -> Mention {
        let component = &self.truth.components[c];
        let form = component.forms[self.vary(component.forms.len())].clone();
        let types = styles::type_words(component.kind, self.truth.set);
        let type_word = types[self.vary(types.len())].to_string();
        self.mentions += 1;
        if form.ambiguous {
            self.ambiguous += 1;
        }
        self.corpus_forms.insert(form.text.clone(), c);
        let purpose = component.kind.purpose().replace("{}", &component.subject);
        Mention {
            description: format!("{} {purpose}.", form.text),
            form: form.text,
            type_word,
        }
    }

    fn system(&mut self) -> Mention {
        let words = ["system", "platform", "System"];
        Mention {
            form: SYSTEM.into(),
            type_word: words[self.vary(words.len())].into(),
            description: "The e-commerce platform as a whole.".into(),
        }
    }

    /// Appends a sentence (and a space), recording what it states.
    /// `word`: the relationship word, from the first entity to the second.
    fn sentence(&mut self, text: &str, entities: Vec<Mention>, word: Option<&str>) {
        let start = self.text.len();
        self.text.push_str(text);
        let end = self.text.len();
        self.text.push(' ');
        let relationship = word.map(|w| {
            let (from, to) = (entities[0].form.clone(), entities[1].form.clone());
            (from, to, w.to_string())
        });
        self.facts.push(Fact {
            start,
            end,
            entities,
            relationship,
        });
    }

    fn describe(&mut self, c: usize) {
        let m = self.mention(c);
        let text = m.description.clone();
        self.sentence(&text, vec![m], None);
    }

    fn edge(&mut self, edge: &Edge) {
        let from = self.mention(edge.from);
        let to = self.mention(edge.to);
        let words = styles::rel_words(edge.rel, self.truth.set);
        let (word, phrase, passive) = words[self.vary(words.len())];
        // The passive voice names the relationship from its object: `B is called by A`.
        let (first, second) = if passive { (to, from) } else { (from, to) };
        let text = format!("{} {phrase} {}.", first.form, second.form);
        self.sentence(&text, vec![first, second], Some(word));
    }

    fn part_of(&mut self, c: usize) {
        let part = self.mention(c);
        let whole = self.system();
        let words = styles::rel_words(Rel::PartOf, self.truth.set);
        let (word, phrase, _) = words[self.vary(words.len())];
        let text = format!("{} {phrase} {SYSTEM}.", part.form);
        self.sentence(&text, vec![part, whole], Some(word));
    }

    fn heading(&mut self, title: &str) {
        self.paragraph();
        self.text.push_str(&format!("## {title}\n\n"));
    }

    fn paragraph(&mut self) {
        let trimmed = self.text.trim_end().len();
        self.text.truncate(trimmed);
        if !self.text.is_empty() {
            self.text.push_str("\n\n");
        }
    }

    fn filler(&mut self, sentences: usize) {
        let first = self.rng.usize(..FILLER.len());
        for k in 0..sentences {
            self.text.push_str(FILLER[(first + k) % FILLER.len()]);
            self.text.push(' ');
        }
    }

    fn finish(&mut self, file: String) -> Doc {
        self.paragraph();
        Doc {
            file,
            text: std::mem::take(&mut self.text),
            facts: std::mem::take(&mut self.facts),
        }
    }
}

impl Corpus {
    /// `docs` documents (the first an overview naming NovaMart as the whole system),
    /// every dependency stated in at least one of them, mentions in other forms with
    /// probability `p`; the same seed gives the same corpus.
    pub fn generate(truth: &Truth, docs: usize, p: f64, seed: u64) -> Self {
        let mut forms_used = BTreeMap::new();
        let mut w = Writer {
            rng: fastrand::Rng::with_seed(seed),
            p,
            truth,
            text: String::new(),
            facts: Vec::new(),
            corpus_forms: &mut forms_used,
            mentions: 0,
            ambiguous: 0,
        };
        let mut out = Vec::new();

        // The overview: NovaMart is the whole system, and its main parts.
        w.text
            .push_str(&format!("# {SYSTEM} platform overview\n\n"));
        let system = w.system();
        w.sentence(
            &format!(
                "{SYSTEM} is the e-commerce platform these notes describe: the whole system, from the web shop to the warehouses."
            ),
            vec![system],
            None,
        );
        w.heading("Main parts");
        for &c in &truth.main_parts {
            w.part_of(c);
        }
        w.heading("Request path");
        for e in truth.edges.iter().take(4) {
            w.edge(e);
        }
        out.push(w.finish("00-overview.md".into()));

        // The rest: each dependency in at least one note (round robin), plus a few
        // more drawn at random, as notes repeat each other.
        let notes = docs.saturating_sub(1).max(1);
        let mut assigned: Vec<Vec<usize>> = vec![Vec::new(); notes];
        for e in 0..truth.edges.len() {
            assigned[e % notes].push(e);
        }
        for (n, mut edges) in assigned.into_iter().enumerate() {
            for _ in 0..w.rng.usize(2..5) {
                edges.push(w.rng.usize(..truth.edges.len()));
            }
            w.rng.shuffle(&mut edges);
            let mut described: Vec<usize> = Vec::new();
            for &e in &edges {
                for c in [truth.edges[e].from, truth.edges[e].to] {
                    if !described.contains(&c) {
                        described.push(c);
                    }
                }
            }
            w.text.push_str(&format!(
                "# Design note {:02}\n\nThis note covers one part of {SYSTEM}, the e-commerce platform. ",
                n + 1
            ));
            w.heading("Components");
            for (i, &c) in described.iter().enumerate() {
                if i > 0 && i % 3 == 0 {
                    w.paragraph();
                }
                w.describe(c);
            }
            let half = edges.len() / 2;
            w.heading("Interactions");
            for &e in &edges[..half] {
                w.edge(&truth.edges[e]);
            }
            // About half the notes are long enough to be cut into two or three chunks.
            w.heading("Operations");
            for _ in 0..w.rng.usize(0..16) {
                let sentences = w.rng.usize(3..7);
                w.filler(sentences);
                w.paragraph();
            }
            w.heading("Data flows");
            for &e in &edges[half..] {
                w.edge(&truth.edges[e]);
            }
            w.heading("Failure modes");
            w.filler(2);
            out.push(w.finish(format!("{:02}-note.md", n + 1)));
        }
        let (mentions, ambiguous_mentions) = (w.mentions, w.ambiguous);
        let ambiguous_forms = truth
            .components
            .iter()
            .flat_map(|c| c.forms.iter())
            .filter(|f| f.ambiguous)
            .map(|f| f.text.clone())
            .collect();
        Self {
            docs: out,
            forms_used,
            mentions,
            ambiguous_mentions,
            ambiguous_forms,
        }
    }

    pub fn write(&self, dir: &std::path::Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        for doc in &self.docs {
            std::fs::write(dir.join(&doc.file), &doc.text)?;
        }
        Ok(())
    }
}
