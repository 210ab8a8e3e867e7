//! The thirty-second set (issue 36, thirty-second round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Bengali, publishing and content systems (Sanity, WordPress, Hugo, Drupal,
//! Contentful, Strapi), e-commerce platforms (Magento, Shopify), spreadsheets of
//! architecture inventories and notes typed up from a whiteboard photo write:
//! - A model answering in Bengali: the English words written out in Bengali script, as
//!   Bengali technical writing borrows them (`অর্ডার সার্ভিস`, the order service;
//!   `পেমেন্ট ডেটাবেস`, `নোটিফিকেশন কিউ`, `সেশন ক্যাশ`), a vendor's API with its name
//!   kept in Latin letters (`Stripe এপিআই`), `এপিআই গেটওয়ে`, `ওয়েব স্টোরফ্রন্ট`.
//! - A Sanity document id of an unpublished draft (`drafts.order-service`).
//! - A WordPress shortcode with the component's slug (`[component slug="order-service"]`).
//! - A Hugo `ref` shortcode to the component's page (`{{< ref "order-service.md" >}}`).
//! - A Drupal field's machine name, `field_` and at most 32 characters
//!   (`field_order_service`).
//! - A Contentful GraphQL collection field (`orderServiceCollection`).
//! - A Magento module name, vendor and module (`Novamart_OrderService`).
//! - A Shopify Liquid lookup of a metaobject by its handle
//!   (`metaobjects.component['order-service']`).
//! - An architecture inventory's application id before the name, as an APM spreadsheet
//!   lists it (`APP-0042 Order Service`).
//! - A whiteboard photo's label the model was unsure it read right (`Orders DB (?)`).
//! - A Shopify product export's variant title, a product without variants
//!   (`Order Service - Default Title`).
//! - A Strapi content type's UID (`api::order-service.order-service`).
//! - A spreadsheet cell's text prefix, the apostrophe that forces text, copied from the
//!   formula bar (`'Order Service`).
//!
//! Type words come from the same sources (Bengali, Magento, Shopify, CMSs, inventories)
//! and relationship phrases from design prose, store and CMS documentation and a model
//! answering in Bengali, some written from the object's end (`is hit by`, `is fronted
//! by`, `is queried by`, `is populated by`, `receives webhooks from`, `is tailed by`, `is
//! a prerequisite for`) and some that only look passive (`is fed from`, `is synced to`,
//! `is published to`, `is notified by`, `is backed by`: the subject acts) and one written
//! from the part (`is bundled in`); the Bengali ones are active labels (`কল করে`, calls;
//! `থেকে পড়ে`, reads from; `এ লেখে`, writes to; `এ পাবলিশ করে`, publishes to; `সাবস্ক্রাইব
//! করে`, subscribes to; `এর উপর নির্ভর করে`, depends on; `এর অংশ`, is part of).
//!
//! The near-named pairs of this set are `THIRTY_SECOND_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, looked_up, translated};

/// One way of writing a name, in the thirty-second set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `অর্ডার সার্ভিস`: the words in Bengali script.
    Bengali,
    /// `drafts.order-service`: a Sanity draft's document id.
    SanityDraft,
    /// `[component slug="order-service"]`: a WordPress shortcode.
    Shortcode,
    /// `{{< ref "order-service.md" >}}`: a Hugo ref shortcode.
    HugoRef,
    /// `field_order_service`: a Drupal field machine name.
    DrupalField,
    /// `orderServiceCollection`: a Contentful GraphQL collection field.
    Contentful,
    /// `Novamart_OrderService`: a Magento module.
    Magento,
    /// `metaobjects.component['order-service']`: a Shopify metaobject by handle.
    Metaobject,
    /// `APP-0042 Order Service`: an inventory's application id.
    Inventory,
    /// `Orders DB (?)`: a whiteboard label read with doubt.
    Whiteboard,
    /// `Order Service - Default Title`: a Shopify variant title.
    DefaultTitle,
    /// `api::order-service.order-service`: a Strapi content type UID.
    Strapi,
    /// `'Order Service`: a spreadsheet cell's text prefix.
    TextPrefix,
}

/// The thirty-second styles (the canonical `Camel` form stays, as a document's own name).
pub const THIRTY_SECOND: &[Style] = &[
    Style::Camel,
    Style::ThirtySecond(Name::Bengali),
    Style::ThirtySecond(Name::SanityDraft),
    Style::ThirtySecond(Name::Shortcode),
    Style::ThirtySecond(Name::HugoRef),
    Style::ThirtySecond(Name::DrupalField),
    Style::ThirtySecond(Name::Contentful),
    Style::ThirtySecond(Name::Magento),
    Style::ThirtySecond(Name::Metaobject),
    Style::ThirtySecond(Name::Inventory),
    Style::ThirtySecond(Name::Whiteboard),
    Style::ThirtySecond(Name::DefaultTitle),
    Style::ThirtySecond(Name::Strapi),
    Style::ThirtySecond(Name::TextPrefix),
];

/// The corpus's words written out in Bengali script, as Bengali technical prose borrows
/// them (a plural as its singular: Bengali marks number apart).
const BENGALI: &[(&str, &str)] = &[
    ("Order", "অর্ডার"),
    ("Orders", "অর্ডার"),
    ("Checkout", "চেকআউট"),
    ("Cart", "কার্ট"),
    ("Payment", "পেমেন্ট"),
    ("Payments", "পেমেন্ট"),
    ("Pricing", "প্রাইসিং"),
    ("Price", "প্রাইস"),
    ("Inventory", "ইনভেন্টরি"),
    ("Catalog", "ক্যাটালগ"),
    ("Search", "সার্চ"),
    ("Index", "ইনডেক্স"),
    ("Shipping", "শিপিং"),
    ("Shipment", "শিপমেন্ট"),
    ("Shipments", "শিপমেন্ট"),
    ("Fulfillment", "ফুলফিলমেন্ট"),
    ("Notification", "নোটিফিকেশন"),
    ("Customer", "কাস্টমার"),
    ("Customers", "কাস্টমার"),
    ("Auth", "অথ"),
    ("Recommendation", "রেকমেন্ডেশন"),
    ("Review", "রিভিউ"),
    ("Reviews", "রিভিউ"),
    ("Promotion", "প্রোমোশন"),
    ("Promotions", "প্রোমোশন"),
    ("Tax", "ট্যাক্স"),
    ("Fraud", "ফ্রড"),
    ("Returns", "রিটার্ন"),
    ("Loyalty", "লয়্যালটি"),
    ("Reporting", "রিপোর্টিং"),
    ("Invoice", "ইনভয়েস"),
    ("Session", "সেশন"),
    ("Events", "ইভেন্ট"),
    ("API", "এপিআই"),
    ("Gateway", "গেটওয়ে"),
    ("Web", "ওয়েব"),
    ("Storefront", "স্টোরফ্রন্ট"),
    // The kind words.
    ("Service", "সার্ভিস"),
    ("DB", "ডেটাবেস"),
    ("Cache", "ক্যাশ"),
    ("Queue", "কিউ"),
    ("Topic", "টপিক"),
];

/// The Bengali answer for a name, `None` for a word the table lacks.
fn bengali(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    if kind == Kind::External {
        // The vendor's name stays in Latin letters.
        return Some(format!("{} {}", words.concat(), looked_up("API", BENGALI)?));
    }
    let mut parts = translated(words, BENGALI)?;
    if !kind_word.is_empty() {
        parts.push(looked_up(kind_word, BENGALI)?);
    }
    Some(parts.join(" "))
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Bengali table lacks).
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
    let pascal: String = all.concat();
    let camel: String = {
        let mut chars = pascal.chars();
        let first = chars.next()?;
        // `API Gateway` as `apiGateway`: a leading initialism all in lower case.
        let lead: String = all[0].to_lowercase();
        if all[0].chars().all(|ch| ch.is_ascii_uppercase()) {
            format!("{lead}{}", all[1..].concat())
        } else {
            first.to_lowercase().chain(chars).collect()
        }
    };
    let h = hash(&spaced, "thirtysecond");
    Some(match style {
        Name::Bengali => bengali(words, kind_word, kind)?,
        Name::SanityDraft => format!("drafts.{kebab}"),
        Name::Shortcode => format!("[component slug=\"{kebab}\"]"),
        Name::HugoRef => format!("{{{{< ref \"{kebab}.md\" >}}}}"),
        Name::DrupalField => {
            let field = format!("field_{snake}");
            field.chars().take(32).collect()
        }
        Name::Contentful => format!("{camel}Collection"),
        Name::Magento => format!("Novamart_{pascal}"),
        Name::Metaobject => format!("metaobjects.component['{kebab}']"),
        Name::Inventory => format!("APP-{:04} {spaced}", 1 + h % 900),
        Name::Whiteboard => format!("{spaced} (?)"),
        Name::DefaultTitle => format!("{spaced} - Default Title"),
        Name::Strapi => format!("api::{kebab}.{kebab}"),
        Name::TextPrefix => format!("'{spaced}"),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "সার্ভিস", "Magento module", "content type"],
        Kind::Database => &["database", "ডেটাবেস", "content store", "system of record"],
        Kind::Cache => &["cache", "ক্যাশ", "full-page cache", "CDN cache"],
        Kind::Topic => &["queue", "ইভেন্ট টপিক", "webhook topic", "event stream"],
        Kind::Queue => &["queue", "কিউ", "consumer queue", "job queue"],
        Kind::External => &[
            "external_system",
            "বাহ্যিক সিস্টেম",
            "Shopify app",
            "third-party integration",
        ],
        Kind::Gateway => &["service", "এপিআই গেটওয়ে", "storefront API", "edge gateway"],
        Kind::Frontend => &["frontend", "ওয়েবসাইট", "Hydrogen storefront", "theme"],
        Kind::Index => &["database", "সার্চ ইনডেক্স", "Algolia index", "search index"],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is hit by A`: A calls B), and the answer then has
/// `from` and `to` the other way round. `A is fed from B` (A reads B), `A is synced to
/// B` (A writes B), `A is published to B` (A's events go to B), `A is notified by B` (A
/// listens to B) and `A is backed by B` (A leans on B) only look passive (A acts), and
/// so does `A is bundled in B` (A is the part); `B is hit by A`, `B is fronted by A`, `B
/// is queried by A`, `B is populated by A`, `B receives webhooks from A`, `B is tailed by
/// A` and `B is a prerequisite for A` are written from the object. The Bengali labels
/// (`কল করে`, `থেকে পড়ে`, `এ লেখে`, `এ পাবলিশ করে`, `সাবস্ক্রাইব করে`, `এর উপর নির্ভর
/// করে`, `এর অংশ`) are all active. The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("কল করে", "কল করে", false),
            ("is hit by", "is hit by", true),
            ("is fronted by", "is fronted by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("থেকে পড়ে", "থেকে পড়ে", false),
            ("is fed from", "is fed from", false),
            ("is queried by", "is queried by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("এ লেখে", "এ লেখে", false),
            ("is synced to", "is synced to", false),
            ("is populated by", "is populated by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("এ পাবলিশ করে", "এ পাবলিশ করে", false),
            ("is published to", "is published to", false),
            ("receives webhooks from", "receives webhooks from", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("সাবস্ক্রাইব করে", "সাবস্ক্রাইব করে", false),
            ("is notified by", "is notified by", false),
            ("is tailed by", "is tailed by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("এর উপর নির্ভর করে", "এর উপর নির্ভর করে", false),
            ("is backed by", "is backed by", false),
            ("is a prerequisite for", "is a prerequisite for", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("এর অংশ", "এর অংশ", false),
            ("is bundled in", "is bundled in", false),
        ],
    }
}
