//! When two names are one thing: the one place that decides.
//!
//! - [`key`]: the identity of a name. Case, separators (space, `-`, `_`, `.`, `/`), camelCase
//!   boundaries, a plural `s` and the architecture words that mean the same (`DB` =
//!   `Database`) are set aside, so "Pricing Service", "pricing-service", "PricingService"
//!   and "pricing_service" are one key, and "Orders DB", "OrdersDB", "Order Database" and
//!   "ordersdb" another. Kind words stay: `OrderService`, `OrdersDB`, `OrderEventsTopic`
//!   and `OrderEventsQueue` are four keys.
//! - [`entity_type`] and [`relationship_kind`]: the extraction prompt's vocabulary
//!   (`microservice` → `service`, `invokes` → `calls`, `owned by` → `owns` reversed); a
//!   word outside it is kept, in lower snake case.
//! - [`Family`]: what kind of thing a type is; a rule never merges a store into a service.
//! - [`without_api`]: the key of a name without a trailing "API", for the rule that an
//!   external system and its API are one thing.
//!
//! The rest of archie finds entities through these (the memory's index holds keys and
//! the keys of every alias), so a mention in any spelling lands on the same node.

use std::borrow::Cow;

/// Words that mean the same thing in a name, mapped to the one the key uses.
const SYNONYMS: &[(&str, &str)] = &[("db", "database"), ("dbs", "database")];

/// Kind words a name may end with, written without a separator in lower case
/// (`ordersdb`, `orderservice`): split off so those agree with their spaced forms.
/// Longest first, so `database` is tried before `db`.
const KIND_SUFFIXES: &[&str] = &[
    "database", "service", "gateway", "queue", "topic", "cache", "store", "db", "api",
];

/// The identity key of `name`: its words, lower-cased, each in its singular and with
/// its synonyms mapped, joined without a separator. Empty for a name with no letter or
/// digit.
///
/// ```text
/// "Pricing Service" | "pricing-service" | "PricingService" | "pricing_service" → "pricingservice"
/// "Orders DB" | "OrdersDB" | "Order Database" | "ordersdb"                     → "orderdatabase"
/// ```
pub fn key(name: &str) -> String {
    key_cow(name).into_owned()
}

/// [`key`] without an allocation when the name is its own key (lower-case letters and
/// digits only, and no plural or kind word to normalise: the common case of a key
/// written back as a name).
pub fn key_cow(name: &str) -> Cow<'_, str> {
    // Words are lower-cased straight into `out` and normalised in place as each ends:
    // one allocation, none when the name is its own key.
    let mut out = String::with_capacity(name.len());
    let mut count = 0;
    let mut start = 0;
    let mut prev: Option<char> = None;
    let end_word = |out: &mut String, start: usize, count: &mut usize| {
        if out.len() == start {
            return;
        }
        *count += 1;
        let replacement = {
            let word = &out[start..];
            let normal = normal_word(word);
            (normal != word).then(|| normal.into_owned())
        };
        if let Some(normal) = replacement {
            out.truncate(start);
            out.push_str(&normal);
        }
    };
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        if !c.is_alphanumeric() {
            end_word(&mut out, start, &mut count);
            start = out.len();
            prev = None;
            continue;
        }
        if c.is_uppercase()
            && out.len() > start
            && let Some(p) = prev
        {
            let next_lower = chars.peek().is_some_and(|n| n.is_lowercase());
            // aB → a|B; ABc → A|Bc (the end of an acronym).
            if p.is_lowercase() || p.is_ascii_digit() || (p.is_uppercase() && next_lower) {
                end_word(&mut out, start, &mut count);
                start = out.len();
            }
        }
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else {
            out.extend(c.to_lowercase());
        }
        prev = Some(c);
    }
    end_word(&mut out, start, &mut count);
    if count == 1
        && let Some([head, suffix]) = split_kind_suffix(&out)
    {
        out.clear();
        out.push_str(&normal_word(&head));
        out.push_str(&normal_word(&suffix));
    }
    if out == name {
        Cow::Borrowed(name)
    } else {
        Cow::Owned(out)
    }
}

/// The key of `name` without a trailing "API" word (`"TaxJar API"` → the key of
/// `"TaxJar"`), or `None` when it has no such word or nothing else.
pub fn without_api(name: &str) -> Option<String> {
    let mut words = words(name);
    if let [only] = words.as_slice() {
        words = split_kind_suffix(only)?.to_vec();
    }
    if words.len() < 2 || words.last().map(String::as_str) != Some("api") {
        return None;
    }
    words.pop();
    Some(words.iter().map(|w| normal_word(w)).collect())
}

/// The words of a name, lower-cased: split at anything but letters and digits, and at
/// camelCase boundaries (`OrderService` → order, service; `HTTPServer` → http, server).
pub fn words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    for_each_word(name, |word| words.push(word.to_string()));
    words
}

/// Calls `f` with each word of `name`, lower-cased (see [`words`]), from one buffer.
fn for_each_word(name: &str, mut f: impl FnMut(&str)) {
    let mut current = String::new();
    let mut prev: Option<char> = None;
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        if !c.is_alphanumeric() {
            if !current.is_empty() {
                f(&current);
                current.clear();
            }
            prev = None;
            continue;
        }
        if c.is_uppercase()
            && !current.is_empty()
            && let Some(p) = prev
        {
            let next_lower = chars.peek().is_some_and(|n| n.is_lowercase());
            // aB → a|B; ABc → A|Bc (the end of an acronym).
            if p.is_lowercase() || p.is_ascii_digit() || (p.is_uppercase() && next_lower) {
                f(&current);
                current.clear();
            }
        }
        if c.is_ascii() {
            current.push(c.to_ascii_lowercase());
        } else {
            current.extend(c.to_lowercase());
        }
        prev = Some(c);
    }
    if !current.is_empty() {
        f(&current);
    }
}

/// A single lower-case word that ends with a kind word (`ordersdb`), split in two.
fn split_kind_suffix(word: &str) -> Option<[String; 2]> {
    KIND_SUFFIXES.iter().find_map(|suffix| {
        let head = word.strip_suffix(suffix)?;
        (head.chars().count() >= 3).then(|| [head.to_string(), (*suffix).to_string()])
    })
}

/// A word as the key holds it: a synonym mapped, a plural made singular.
fn normal_word(word: &str) -> Cow<'_, str> {
    if let Some((_, to)) = SYNONYMS.iter().find(|(from, _)| *from == word) {
        return Cow::Borrowed(to);
    }
    singular(word)
}

/// The singular of an English plural, for the words of names: `orders` → `order`,
/// `inventories` → `inventory`, `addresses` → `address`. Words of three letters or fewer
/// (`aws`, `sms`) and endings that are not plurals (`status`, `redis`, `class`) stay.
fn singular(word: &str) -> Cow<'_, str> {
    let n = word.len();
    if n <= 3 || !word.is_ascii() {
        return Cow::Borrowed(word);
    }
    if let Some(stem) = word.strip_suffix("ies") {
        return Cow::Owned(format!("{stem}y"));
    }
    if let Some(stem) = word.strip_suffix("sses") {
        return Cow::Owned(format!("{stem}ss"));
    }
    if ["ss", "us", "is", "os"]
        .iter()
        .any(|end| word.ends_with(end))
    {
        return Cow::Borrowed(word);
    }
    match word.strip_suffix('s') {
        Some(stem) => Cow::Borrowed(stem),
        None => Cow::Borrowed(word),
    }
}

/// A name case-folded with its whitespace collapsed: the match key archie used before
/// these rules, still the test of "the same name" (`Order  Service` = `order service`).
pub fn fold(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for word in name.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().flat_map(char::to_lowercase));
    }
    out
}

/// Letters and digits only, lower case: `Decision point`, `decision-point` and
/// `decisionPoint` are the same. For words of a fixed vocabulary (UpGrade's states and
/// terms, enum-like values) where only spelling differs: names of things go through
/// [`key`], which also sets plurals and synonyms aside, and experiment names through
/// [`fold`], since `Button test` and `Button tests` are two experiments.
pub fn compact(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Whether `kind` is already one of the prompt's relationship words (the common case:
/// nothing to map).
pub fn is_relationship_word(kind: &str) -> bool {
    RELATIONSHIP_TYPES.iter().any(|(word, _)| *word == kind)
}

/// Lower snake case: `Writes To`, `WRITES_TO`, `writes-to`, `writesTo` → `writes_to`.
pub fn snake(text: &str) -> String {
    words(text).join("_")
}

/// Entity types as the extraction prompt names them, and the words models use instead.
const ENTITY_TYPES: &[(&str, &[&str])] = &[
    (
        "service",
        &[
            "microservice",
            "micro_service",
            "services",
            "backend_service",
            "web_service",
            "backend",
            "application",
            "app",
            "svc",
            "worker",
            "server",
        ],
    ),
    (
        "database",
        &[
            "db",
            "datastore",
            "data_store",
            "databases",
            "data_base",
            "rdbms",
            "sql_database",
            "nosql_database",
            "relational_database",
            "document_store",
            "storage",
            "store",
        ],
    ),
    (
        "queue",
        &[
            "message_queue",
            "mq",
            "queues",
            "topic",
            "kafka_topic",
            "event_stream",
            "stream",
            "event_bus",
            "message_broker",
            "broker",
        ],
    ),
    (
        "api",
        &[
            "rest_api",
            "http_api",
            "graphql_api",
            "endpoint",
            "apis",
            "interface",
        ],
    ),
    ("library", &["lib", "sdk", "package", "module", "libraries"]),
    ("team", &["squad", "group", "teams", "owner"]),
    (
        "external_system",
        &[
            "external",
            "external_service",
            "external_api",
            "third_party",
            "third_party_service",
            "third_party_api",
            "saas",
            "vendor",
            "external_systems",
            "external_provider",
            "provider",
        ],
    ),
    (
        "concept",
        &["domain", "idea", "concepts", "entity", "model"],
    ),
];

/// An entity type in the extraction prompt's words: `Microservice` → `service`,
/// `Data Store` → `database`, `Third-party API` → `external_system`. Another word is
/// kept in lower snake case (`cache`, `cdn`); an empty one stays empty.
pub fn entity_type(kind: &str) -> String {
    // The common case: already one of the prompt's words, or a snake-case word of its own.
    let plain = !kind.is_empty()
        && kind
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if plain && ENTITY_TYPES.iter().any(|(word, _)| *word == kind) {
        return kind.to_string();
    }
    let snake = snake(kind);
    for (word, synonyms) in ENTITY_TYPES {
        if snake == *word || synonyms.contains(&snake.as_str()) {
            return (*word).to_string();
        }
    }
    snake
}

/// Relationship types as the extraction prompt names them, and the words models use
/// instead. Each synonym is `(word, reversed)`: a reversed word names the relationship
/// from the other end (`owned_by`: `A owned_by B` is `B owns A`).
const RELATIONSHIP_TYPES: &[(&str, &[(&str, bool)])] = &[
    (
        "calls",
        &[
            ("call", false),
            ("invokes", false),
            ("invoke", false),
            ("calls_api", false),
            ("calls_api_of", false),
            ("sends_requests_to", false),
            ("sends_request_to", false),
            ("requests", false),
            ("talks_to", false),
            ("communicates_with", false),
            ("http_call", false),
            ("rpc", false),
            ("grpc", false),
            ("uses_api", false),
            ("uses_api_of", false),
            ("called_by", true),
            ("invoked_by", true),
        ],
    ),
    (
        "reads_from",
        &[
            ("reads", false),
            ("read_from", false),
            ("reads_data_from", false),
            ("queries", false),
            ("fetches_from", false),
            ("loads_from", false),
            ("read_by", true),
        ],
    ),
    (
        "writes_to",
        &[
            ("writes", false),
            ("write_to", false),
            ("writes_data_to", false),
            ("stores_in", false),
            ("stores_data_in", false),
            ("persists_to", false),
            ("persists_in", false),
            ("saves_to", false),
            ("updates", false),
            ("written_by", true),
        ],
    ),
    (
        "publishes_to",
        &[
            ("publishes", false),
            ("publish_to", false),
            ("publishes_events_to", false),
            ("emits", false),
            ("emits_to", false),
            ("emits_events_to", false),
            ("produces", false),
            ("produces_to", false),
            ("sends_events_to", false),
            ("sends_messages_to", false),
            ("enqueues", false),
            ("enqueues_to", false),
        ],
    ),
    (
        "subscribes_to",
        &[
            ("subscribes", false),
            ("subscribe_to", false),
            ("consumes", false),
            ("consumes_from", false),
            ("consumes_events_from", false),
            ("listens_to", false),
            ("listens_on", false),
            ("reads_events_from", false),
            ("dequeues_from", false),
            ("consumed_by", true),
        ],
    ),
    (
        "depends_on",
        &[
            ("depends", false),
            ("depend_on", false),
            ("dependent_on", false),
            ("uses", false),
            ("requires", false),
            ("relies_on", false),
            ("used_by", true),
            ("required_by", true),
            ("dependency_of", true),
        ],
    ),
    (
        "owns",
        &[
            ("own", false),
            ("maintains", false),
            ("is_owner_of", false),
            ("responsible_for", false),
            ("owned_by", true),
            ("maintained_by", true),
        ],
    ),
];

/// A relationship type in the extraction prompt's words (`CALLS`, `invokes` → `calls`;
/// `publishes to` → `publishes_to`), and whether the word named it from the other end
/// (`owned by` → `owns`, reversed). Another word is kept in lower snake case.
pub fn relationship_kind(kind: &str) -> (String, bool) {
    let snake = snake(kind);
    for (word, synonyms) in RELATIONSHIP_TYPES {
        if snake == *word {
            return (snake, false);
        }
        if let Some((_, reversed)) = synonyms.iter().find(|(s, _)| *s == snake) {
            return ((*word).to_string(), *reversed);
        }
    }
    (snake, false)
}

/// What kind of thing an entity type is. Two entities of different families are never
/// one thing by a rule, however alike their names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// Something that runs and answers: a service, an API, an external system.
    Component,
    /// Something that keeps data: a database, a cache, a bucket.
    Store,
    /// Something that carries messages: a queue, a topic, a stream.
    Channel,
    /// People.
    Team,
    /// Code others link: a library.
    Library,
    /// An idea or a domain.
    Concept,
    /// Not known (`unknown`, or a word archie has no family for).
    Unknown,
}

impl Family {
    /// The family of a type (normalised by [`entity_type`] first).
    pub fn of(kind: &str) -> Family {
        match entity_type(kind).as_str() {
            "service" | "api" | "external_system" | "gateway" | "frontend" | "system"
            | "component" | "load_balancer" | "cdn" => Family::Component,
            "database" | "cache" | "bucket" | "object_store" | "search_index" | "index" => {
                Family::Store
            }
            "queue" => Family::Channel,
            "team" | "person" => Family::Team,
            "library" => Family::Library,
            "concept" => Family::Concept,
            _ => Family::Unknown,
        }
    }

    /// Whether things of these two families may be one thing.
    pub fn compatible(self, other: Family) -> bool {
        self == other || self == Family::Unknown || other == Family::Unknown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_one_name_share_a_key() {
        for group in [
            &[
                "Pricing Service",
                "pricing-service",
                "PricingService",
                "pricing_service",
                "pricing.service",
                "PRICING SERVICE",
                "  Pricing   Service ",
                "pricingservice",
            ][..],
            &[
                "Inventory DB",
                "Inventory Database",
                "inventory_db",
                "InventoryDB",
                "inventorydb",
                "Inventories DB",
            ],
            &[
                "Orders DB",
                "OrdersDB",
                "Order Database",
                "ordersdb",
                "orders-db",
            ],
            &["TaxJar", "taxjar", "Tax Jar", "TAXJAR"],
            &["HTTPServer", "http server", "Http-Server"],
            &[
                "Order Events Topic",
                "OrderEventsTopic",
                "order_events_topic",
            ],
        ] {
            let first = key(group[0]);
            for name in group {
                assert_eq!(key(name), first, "{name:?} vs {:?}", group[0]);
            }
        }
    }

    #[test]
    fn near_names_stay_apart() {
        let names = [
            "OrderService",
            "OrdersDB",
            "OrderEventsTopic",
            "OrderEventsQueue",
            "Order Events",
            "Payment Service",
            "Payments DB",
            "Okta",
            "Okta API",
            "Checkout",
            "Checkout Service",
            "Inventory Service",
            "Inventory DB",
            "Inventory Svc",
            "Notification Service",
            "Notifications Queue",
            "Redis",
            "Status Service",
            "Address Service",
            "S3",
            "S3 Bucket",
        ];
        let keys: Vec<String> = names.iter().map(|n| key(n)).collect();
        for (i, a) in keys.iter().enumerate() {
            for (j, b) in keys.iter().enumerate() {
                if i != j {
                    assert_ne!(a, b, "{:?} and {:?} must stay apart", names[i], names[j]);
                }
            }
        }
    }

    #[test]
    fn a_key_is_its_own_key() {
        for name in [
            "Pricing Service",
            "OrdersDB",
            "TaxJar API",
            "status",
            "redis",
        ] {
            let k = key(name);
            assert_eq!(key(&k), k, "{name:?}");
            assert!(matches!(key_cow(&k), Cow::Borrowed(_)), "{name:?}");
        }
        assert_eq!(key("   "), "");
        assert_eq!(key("--"), "");
    }

    #[test]
    fn plurals_that_are_not_plurals_stay() {
        assert_eq!(key("Redis"), "redis");
        assert_eq!(key("Status"), "status");
        assert_eq!(key("AWS"), "aws");
        assert_eq!(key("Addresses"), key("Address"));
        assert_eq!(key("Inventories"), key("Inventory"));
    }

    #[test]
    fn a_trailing_api_is_set_aside_only_on_request() {
        assert_ne!(key("TaxJar API"), key("TaxJar"));
        assert_eq!(without_api("TaxJar API"), Some(key("TaxJar")));
        assert_eq!(without_api("TaxJarAPI"), Some(key("TaxJar")));
        assert_eq!(without_api("taxjarapi"), Some(key("TaxJar")));
        assert_eq!(without_api("API"), None);
        assert_eq!(without_api("Stripe"), None);
    }

    #[test]
    fn types_map_onto_the_prompts_words() {
        for (raw, want) in [
            ("service", "service"),
            ("Service", "service"),
            ("microservice", "service"),
            ("Micro-Service", "service"),
            ("datastore", "database"),
            ("Data Store", "database"),
            ("DB", "database"),
            ("message queue", "queue"),
            ("Kafka Topic", "queue"),
            ("third-party", "external_system"),
            ("External System", "external_system"),
            ("REST API", "api"),
            ("Cache", "cache"),
            ("Load Balancer", "load_balancer"),
            ("", ""),
        ] {
            assert_eq!(entity_type(raw), want, "{raw:?}");
        }
    }

    #[test]
    fn relationship_words_map_onto_the_prompts_words() {
        for (raw, want, reversed) in [
            ("calls", "calls", false),
            ("CALLS", "calls", false),
            ("invokes", "calls", false),
            ("sends requests to", "calls", false),
            ("publishes to", "publishes_to", false),
            ("PublishesTo", "publishes_to", false),
            ("emits", "publishes_to", false),
            ("consumes", "subscribes_to", false),
            ("reads", "reads_from", false),
            ("Writes To", "writes_to", false),
            ("stores data in", "writes_to", false),
            ("uses", "depends_on", false),
            ("owned by", "owns", true),
            ("used_by", "depends_on", true),
            ("HTTP call", "calls", false),
            ("replicates to", "replicates_to", false),
        ] {
            assert_eq!(
                relationship_kind(raw),
                (want.to_string(), reversed),
                "{raw:?}"
            );
        }
    }

    #[test]
    fn families_keep_stores_from_services() {
        assert!(!Family::of("service").compatible(Family::of("database")));
        assert!(!Family::of("queue").compatible(Family::of("database")));
        assert!(Family::of("microservice").compatible(Family::of("api")));
        assert!(Family::of("unknown").compatible(Family::of("database")));
        assert!(Family::of("third party").compatible(Family::of("api")));
    }
}
