//! Naming styles: the ways real models and people write a component's name, its type and
//! a relationship, split into the styles archie's rules were developed against and the
//! styles they are only measured on (held out). A gap between the two columns means the
//! rules were tuned to their examples.
//!
//! Drawn from what extraction outputs, issue threads (GraphRAG, LightRAG, Graphiti) and
//! public architecture documents write: bare names without their kind word, kind-word
//! synonyms (`Microservice`, `Datastore`, `Stream`), the system's name in front, a
//! technology in parentheses, SCREAMING_SNAKE and glued lower case from code, singular and
//! plural swapped, dotted package-like names; types like `PostgreSQL database` or
//! `third-party API`; relationship phrases, some in the passive voice (and so written the
//! other way round). A fourth set, blind, lives in benches/quality/blind.rs, a fifth,
//! written after the other four had all been looked at, in benches/quality/fifth.rs, a
//! sixth, written the same way after the fifth, in benches/quality/sixth.rs, a seventh,
//! written the same way after the sixth, in benches/quality/seventh.rs, an eighth,
//! written the same way after the seventh, in benches/quality/eighth.rs, a ninth,
//! written the same way after the eighth, in benches/quality/ninth.rs, a tenth,
//! written the same way after the ninth, in benches/quality/tenth.rs, an eleventh,
//! written the same way after the tenth, in benches/quality/eleventh.rs, a twelfth,
//! written the same way after the eleventh, in benches/quality/twelfth.rs, a
//! thirteenth, written the same way after the twelfth, in benches/quality/thirteenth.rs,
//! a fourteenth, written the same way after the thirteenth, in
//! benches/quality/fourteenth.rs, a fifteenth, written the same way after the
//! fourteenth, in benches/quality/fifteenth.rs, a sixteenth, written the same way
//! after the fifteenth, in benches/quality/sixteenth.rs, a seventeenth, written the
//! same way after the sixteenth, in benches/quality/seventeenth.rs, an eighteenth,
//! written the same way after the seventeenth, in benches/quality/eighteenth.rs, a
//! nineteenth, written the same way after the eighteenth, in
//! benches/quality/nineteenth.rs, a twentieth, written the same way after the
//! nineteenth, in benches/quality/twentieth.rs, a twenty-first, written the same way
//! after the twentieth, in benches/quality/twentyfirst.rs, a twenty-second, written
//! the same way after the twenty-first, in benches/quality/twentysecond.rs, a
//! twenty-third, written the same way after the twenty-second, in
//! benches/quality/twentythird.rs, a twenty-fourth, written the same way after the
//! twenty-third, in benches/quality/twentyfourth.rs, a twenty-fifth, written the same
//! way after the twenty-fourth, in benches/quality/twentyfifth.rs, a twenty-sixth,
//! written the same way after the twenty-fifth, in benches/quality/twentysixth.rs, and a
//! twenty-seventh and a twenty-eighth, each written the same way after the twenty-sixth
//! (side by side, by two sessions), in benches/quality/twentyseventh.rs and
//! benches/quality/twentyeighth.rs, a twenty-ninth and a thirtieth, each written the
//! same way after the twenty-eighth (side by side), in benches/quality/twentyninth.rs
//! and benches/quality/thirtieth.rs, and a thirty-first and a thirty-second, each
//! written the same way after the thirtieth (side by side), in
//! benches/quality/thirtyfirst.rs and benches/quality/thirtysecond.rs, and a
//! thirty-third and a thirty-fourth, each written the same way after the thirty-second
//! (side by side), in benches/quality/thirtythird.rs and benches/quality/thirtyfourth.rs,
//! and a thirty-fifth and a thirty-sixth, each written the same way after the
//! thirty-fourth (side by side), in benches/quality/thirtyfifth.rs and
//! benches/quality/thirtysixth.rs, and a thirty-seventh and a thirty-eighth, each
//! written the same way after the thirty-sixth (side by side), in
//! benches/quality/thirtyseventh.rs and benches/quality/thirtyeighth.rs, and a
//! thirty-ninth and a fortieth, each written the same way after the thirty-eighth (side
//! by side), in benches/quality/thirtyninth.rs and benches/quality/fortieth.rs, and a
//! forty-first and a forty-second, each written the same way after the fortieth (side
//! by side), in benches/quality/fortyfirst.rs and benches/quality/fortysecond.rs, and a
//! forty-third and a forty-fourth, each written the same way after the forty-second
//! (side by side), in benches/quality/fortythird.rs and benches/quality/fortyfourth.rs,
//! and a forty-fifth and a forty-sixth, each written the same way after the
//! forty-fourth (side by side), in benches/quality/fortyfifth.rs and
//! benches/quality/fortysixth.rs, and a forty-seventh and a forty-eighth, written the
//! same way after the forty-sixth (side by side), in benches/quality/fortyseventh.rs and
//! benches/quality/fortyeighth.rs, and a forty-ninth and a fiftieth, written the same way
//! side by side after the forty-eighth, in benches/quality/fortyninth.rs and fiftieth.rs.

use crate::corpus::{Kind, Rel};

/// One way of writing a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    // Developed against (the styles of the first rounds and the examples).
    /// `OrderService`
    Camel,
    /// `Order Service`
    Spaced,
    /// `order-service`
    Kebab,
    /// `order_service`
    Snake,
    /// `Orders Database`, `Order Svc`: the kind word's other spelling.
    KindAbbreviation,
    /// `Order` (the type says it is a service).
    Bare,
    // Held out: measured only.
    /// `NovaMart Order Service`
    SystemPrefix,
    /// `Orders DB (PostgreSQL)`, `Order Service (Go)`
    Technology,
    /// `Order Microservice`, `Orders Datastore`, `Order Events Stream`, `Shipment MQ`
    KindSynonym,
    /// `ORDER_SERVICE`
    Screaming,
    /// `orderservice`, `ordersdb`
    Glued,
    /// `Orders Service`, `Order DB`: the first word's number swapped.
    PluralSwap,
    /// `order.service`
    Dotted,
    /// `Order_Service`
    TitleSnake,
    // Fresh (issue 36, third round): written by a later session before it read the
    // identity rules, and never developed against. Measured only.
    /// `svc-order`, `db-orders`, `q-notification`: the kind's short word in front.
    KindPrefix,
    /// `Order Service v2`
    VersionSuffix,
    /// `order-service-prod`
    EnvSuffix,
    /// `novamart/order-service`: the repository path.
    RepoPath,
    /// `Order Dienst`, `Orders Datenbank`: the kind word in another language.
    ForeignKind,
    /// `OrderManager`, `OrdersRepository`: a class name for the thing.
    ClassName,
    /// `com.novamart.order.OrderService`: a Java package and class.
    JavaPackage,
    /// `order-service-deployment`, `orders-db-statefulset`: the Kubernetes object.
    K8sObject,
    /// `` `order_service` ``: code quotes a model left in.
    Backticked,
    /// `Order Service:`, `Orders DB.`: punctuation a model left in.
    TrailingPunct,
    /// `OS`, `OET`: the initials.
    Acronym,
    /// `the order service`: sentence case with an article.
    ArticleLower,
    /// Blind (issue 36, fourth round): written without reading the identity rules, never
    /// developed against (benches/quality/blind.rs). Measured only.
    Blind(crate::blind::Name),
    /// Fifth (issue 36, fifth round): written without reading the identity rules after
    /// the other four sets had all been looked at, never developed against
    /// (benches/quality/fifth.rs). Measured only.
    Fifth(crate::fifth::Name),
    /// Sixth (issue 36, sixth round): written without reading the identity rules after
    /// the other five sets had been written, never developed against
    /// (benches/quality/sixth.rs). Measured only.
    Sixth(crate::sixth::Name),
    /// Seventh (issue 36, seventh round): written without reading the identity rules
    /// after the other six sets had been written, never developed against
    /// (benches/quality/seventh.rs). Measured only.
    Seventh(crate::seventh::Name),
    /// Eighth (issue 36, eighth round): written without reading the identity rules
    /// after the other seven sets had been written, never developed against
    /// (benches/quality/eighth.rs). Measured only.
    Eighth(crate::eighth::Name),
    /// Ninth (issue 36, ninth round): written without reading the identity rules after
    /// the other eight sets had been written, never developed against
    /// (benches/quality/ninth.rs). Measured only.
    Ninth(crate::ninth::Name),
    /// Tenth (issue 36, tenth round): written without reading the identity rules after
    /// the other nine sets had been written, never developed against
    /// (benches/quality/tenth.rs). Measured only.
    Tenth(crate::tenth::Name),
    /// Eleventh (issue 36, eleventh round): written without reading the identity rules
    /// after the other ten sets had been written, never developed against
    /// (benches/quality/eleventh.rs). Measured only.
    Eleventh(crate::eleventh::Name),
    /// Twelfth (issue 36, twelfth round): written without reading the identity rules
    /// after the other eleven sets had been written, never developed against
    /// (benches/quality/twelfth.rs). Measured only.
    Twelfth(crate::twelfth::Name),
    /// Thirteenth (issue 36, thirteenth round): written without reading the identity
    /// rules after the other twelve sets had been written, never developed against
    /// (benches/quality/thirteenth.rs). Measured only.
    Thirteenth(crate::thirteenth::Name),
    /// Fourteenth (issue 36, fourteenth round): written without reading the identity
    /// rules after the other thirteen sets had been written, never developed against
    /// (benches/quality/fourteenth.rs). Measured only.
    Fourteenth(crate::fourteenth::Name),
    /// Fifteenth (issue 36, fifteenth round): written without reading the identity
    /// rules after the other fourteen sets had been written, never developed against
    /// (benches/quality/fifteenth.rs). Measured only.
    Fifteenth(crate::fifteenth::Name),
    /// Sixteenth (issue 36, sixteenth round): written without reading the identity
    /// rules after the other fifteen sets had been written, never developed against
    /// (benches/quality/sixteenth.rs). Measured only.
    Sixteenth(crate::sixteenth::Name),
    /// Seventeenth (issue 36, seventeenth round): written without reading the identity
    /// rules after the other sixteen sets had been written, never developed against
    /// (benches/quality/seventeenth.rs). Measured only.
    Seventeenth(crate::seventeenth::Name),
    /// Eighteenth (issue 36, eighteenth round): written without reading the identity
    /// rules after the other seventeen sets had been written, never developed against
    /// (benches/quality/eighteenth.rs). Measured only.
    Eighteenth(crate::eighteenth::Name),
    /// Nineteenth (issue 36, nineteenth round): written without reading the identity
    /// rules after the other eighteen sets had been written, never developed against
    /// (benches/quality/nineteenth.rs). Measured only.
    Nineteenth(crate::nineteenth::Name),
    /// Twentieth (issue 36, twentieth round): written without reading the identity rules
    /// after the other nineteen sets had been written, never developed against
    /// (benches/quality/twentieth.rs). Measured only.
    Twentieth(crate::twentieth::Name),
    /// Twenty-first (issue 36, twenty-first round): written without reading the identity
    /// rules after the other twenty sets had been written, never developed against
    /// (benches/quality/twentyfirst.rs). Measured only.
    TwentyFirst(crate::twentyfirst::Name),
    /// Twenty-second (issue 36, twenty-second round): written without reading the
    /// identity rules after the other twenty-one sets had been written, never developed
    /// against (benches/quality/twentysecond.rs). Measured only.
    TwentySecond(crate::twentysecond::Name),
    /// Twenty-third (issue 36, twenty-third round): written without reading the
    /// identity rules after the other twenty-two sets had been written, never developed
    /// against (benches/quality/twentythird.rs). Measured only.
    TwentyThird(crate::twentythird::Name),
    /// Twenty-fourth (issue 36, twenty-fourth round): written without reading the
    /// identity rules after the other twenty-three sets had been written, never developed
    /// against (benches/quality/twentyfourth.rs). Measured only.
    TwentyFourth(crate::twentyfourth::Name),
    /// Twenty-fifth (issue 36, twenty-fifth round): written without reading the
    /// identity rules after the other twenty-four sets had been written, never developed
    /// against (benches/quality/twentyfifth.rs). Measured only.
    TwentyFifth(crate::twentyfifth::Name),
    /// Twenty-sixth (issue 36, twenty-sixth round): written without reading the
    /// identity rules after the other twenty-five sets had been written, never developed
    /// against (benches/quality/twentysixth.rs). Measured only.
    TwentySixth(crate::twentysixth::Name),
    /// Twenty-seventh (issue 36, twenty-seventh round): written without reading the
    /// identity rules, after the twenty-sixth, and never developed against
    /// (benches/quality/twentyseventh.rs). Measured only.
    TwentySeventh(crate::twentyseventh::Name),
    /// The twenty-eighth set's styles, written blind and never developed against
    /// (benches/quality/twentyeighth.rs). Measured only.
    TwentyEighth(crate::twentyeighth::Name),
    /// The twenty-ninth set's styles, written blind and never developed against
    /// (benches/quality/twentyninth.rs). Measured only.
    TwentyNinth(crate::twentyninth::Name),
    /// The thirtieth set's styles, written blind and never developed against
    /// (benches/quality/thirtieth.rs). Measured only.
    Thirtieth(crate::thirtieth::Name),
    /// The thirty-first set's styles, written blind and never developed against
    /// (benches/quality/thirtyfirst.rs). Measured only.
    ThirtyFirst(crate::thirtyfirst::Name),
    /// The thirty-second set's styles, written blind and never developed against
    /// (benches/quality/thirtysecond.rs). Measured only.
    ThirtySecond(crate::thirtysecond::Name),
    /// The thirty-third set's styles, written blind and never developed against
    /// (benches/quality/thirtythird.rs). Measured only.
    ThirtyThird(crate::thirtythird::Name),
    /// The thirty-fourth set's styles, written blind and never developed against
    /// (benches/quality/thirtyfourth.rs). Measured only.
    ThirtyFourth(crate::thirtyfourth::Name),
    /// The thirty-fifth set's styles, written blind and never developed against
    /// (benches/quality/thirtyfifth.rs). Measured only.
    ThirtyFifth(crate::thirtyfifth::Name),
    /// The thirty-sixth set's styles, written blind and never developed against
    /// (benches/quality/thirtysixth.rs). Measured only.
    ThirtySixth(crate::thirtysixth::Name),
    /// The thirty-seventh set's styles, written blind and never developed against
    /// (benches/quality/thirtyseventh.rs). Measured only.
    ThirtySeventh(crate::thirtyseventh::Name),
    /// The thirty-eighth set's styles, written blind and never developed against
    /// (benches/quality/thirtyeighth.rs). Measured only.
    ThirtyEighth(crate::thirtyeighth::Name),
    /// The thirty-ninth set's styles, written blind and never developed against
    /// (benches/quality/thirtyninth.rs). Measured only.
    ThirtyNinth(crate::thirtyninth::Name),
    /// The fortieth set's styles, written blind and never developed against
    /// (benches/quality/fortieth.rs). Measured only.
    Fortieth(crate::fortieth::Name),
    /// The forty-first set's styles, written blind and never developed against
    /// (benches/quality/fortyfirst.rs). Measured only.
    Fortyfirst(crate::fortyfirst::Name),
    /// The forty-second set's styles, written blind and never developed against
    /// (benches/quality/fortysecond.rs). Measured only.
    Fortysecond(crate::fortysecond::Name),
    /// The forty-third set's styles, written blind and never developed against
    /// (benches/quality/fortythird.rs). Measured only.
    Fortythird(crate::fortythird::Name),
    /// The forty-fourth set's styles, written blind and never developed against
    /// (benches/quality/fortyfourth.rs). Measured only.
    Fortyfourth(crate::fortyfourth::Name),
    /// The forty-fifth set's styles, written blind and never developed against
    /// (benches/quality/fortyfifth.rs). Measured only.
    Fortyfifth(crate::fortyfifth::Name),
    /// The forty-sixth set's styles, written blind and never developed against
    /// (benches/quality/fortysixth.rs). Measured only.
    Fortysixth(crate::fortysixth::Name),
    /// The forty-eighth set's styles, written blind and never developed against
    /// (benches/quality/fortyeighth.rs). Measured only.
    Fortyeighth(crate::fortyeighth::Name),
    /// The forty-seventh set's styles, written blind and never developed against
    /// (benches/quality/fortyseventh.rs). Measured only.
    Fortyseventh(crate::fortyseventh::Name),
    /// The forty-ninth set's styles, written blind and never developed against
    /// (benches/quality/fortyninth.rs). Measured only.
    Fortyninth(crate::fortyninth::Name),
    /// The fiftieth set's styles, written blind and never developed against
    /// (benches/quality/fiftieth.rs). Measured only.
    Fiftieth(crate::fiftieth::Name),
}

/// Which set of styles, type words and relationship words a corpus is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Set {
    Development,
    HeldOut,
    Fresh,
    Blind,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
    Ninth,
    Tenth,
    Eleventh,
    Twelfth,
    Thirteenth,
    Fourteenth,
    Fifteenth,
    Sixteenth,
    Seventeenth,
    Eighteenth,
    Nineteenth,
    Twentieth,
    TwentyFirst,
    TwentySecond,
    TwentyThird,
    TwentyFourth,
    TwentyFifth,
    TwentySixth,
    TwentySeventh,
    TwentyEighth,
    TwentyNinth,
    Thirtieth,
    ThirtyFirst,
    ThirtySecond,
    ThirtyThird,
    ThirtyFourth,
    ThirtyFifth,
    ThirtySixth,
    ThirtySeventh,
    ThirtyEighth,
    ThirtyNinth,
    Fortieth,
    Fortyfirst,
    Fortysecond,
    Fortythird,
    Fortyfourth,
    Fortyfifth,
    Fortysixth,
    Fortyseventh,
    Fortyeighth,
    Fortyninth,
    Fiftieth,
}

impl Set {
    /// Every set, in the order the bench runs them.
    pub const ALL: [Set; 50] = [
        Set::Development,
        Set::HeldOut,
        Set::Fresh,
        Set::Blind,
        Set::Fifth,
        Set::Sixth,
        Set::Seventh,
        Set::Eighth,
        Set::Ninth,
        Set::Tenth,
        Set::Eleventh,
        Set::Twelfth,
        Set::Thirteenth,
        Set::Fourteenth,
        Set::Fifteenth,
        Set::Sixteenth,
        Set::Seventeenth,
        Set::Eighteenth,
        Set::Nineteenth,
        Set::Twentieth,
        Set::TwentyFirst,
        Set::TwentySecond,
        Set::TwentyThird,
        Set::TwentyFourth,
        Set::TwentyFifth,
        Set::TwentySixth,
        Set::TwentySeventh,
        Set::TwentyEighth,
        Set::TwentyNinth,
        Set::Thirtieth,
        Set::ThirtyFirst,
        Set::ThirtySecond,
        Set::ThirtyThird,
        Set::ThirtyFourth,
        Set::ThirtyFifth,
        Set::ThirtySixth,
        Set::ThirtySeventh,
        Set::ThirtyEighth,
        Set::ThirtyNinth,
        Set::Fortieth,
        Set::Fortyfirst,
        Set::Fortysecond,
        Set::Fortythird,
        Set::Fortyfourth,
        Set::Fortyfifth,
        Set::Fortysixth,
        Set::Fortyseventh,
        Set::Fortyeighth,
        Set::Fortyninth,
        Set::Fiftieth,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Set::Development => "development",
            Set::HeldOut => "held-out",
            Set::Fresh => "fresh",
            Set::Blind => "blind",
            Set::Fifth => "fifth",
            Set::Sixth => "sixth",
            Set::Seventh => "seventh",
            Set::Eighth => "eighth",
            Set::Ninth => "ninth",
            Set::Tenth => "tenth",
            Set::Eleventh => "eleventh",
            Set::Twelfth => "twelfth",
            Set::Thirteenth => "thirteenth",
            Set::Fourteenth => "fourteenth",
            Set::Fifteenth => "fifteenth",
            Set::Sixteenth => "sixteenth",
            Set::Seventeenth => "seventeenth",
            Set::Eighteenth => "eighteenth",
            Set::Nineteenth => "nineteenth",
            Set::Twentieth => "twentieth",
            Set::TwentyFirst => "twentyfirst",
            Set::TwentySecond => "twentysecond",
            Set::TwentyThird => "twentythird",
            Set::TwentyFourth => "twentyfourth",
            Set::TwentyFifth => "twentyfifth",
            Set::TwentySixth => "twentysixth",
            Set::TwentySeventh => "twentyseventh",
            Set::TwentyEighth => "twentyeighth",
            Set::TwentyNinth => "twentyninth",
            Set::Thirtieth => "thirtieth",
            Set::ThirtyFirst => "thirtyfirst",
            Set::ThirtySecond => "thirtysecond",
            Set::ThirtyThird => "thirtythird",
            Set::ThirtyFourth => "thirtyfourth",
            Set::ThirtyFifth => "thirtyfifth",
            Set::ThirtySixth => "thirtysixth",
            Set::ThirtySeventh => "thirtyseventh",
            Set::ThirtyEighth => "thirtyeighth",
            Set::ThirtyNinth => "thirtyninth",
            Set::Fortieth => "fortieth",
            Set::Fortyfirst => "fortyfirst",
            Set::Fortysecond => "fortysecond",
            Set::Fortythird => "fortythird",
            Set::Fortyfourth => "fortyfourth",
            Set::Fortyfifth => "fortyfifth",
            Set::Fortysixth => "fortysixth",
            Set::Fortyseventh => "fortyseventh",
            Set::Fortyeighth => "fortyeighth",
            Set::Fortyninth => "fortyninth",
            Set::Fiftieth => "fiftieth",
        }
    }

    pub fn styles(self) -> &'static [Style] {
        match self {
            Set::Development => DEVELOPMENT,
            Set::HeldOut => HELD_OUT,
            Set::Fresh => FRESH,
            Set::Blind => crate::blind::BLIND,
            Set::Fifth => crate::fifth::FIFTH,
            Set::Sixth => crate::sixth::SIXTH,
            Set::Seventh => crate::seventh::SEVENTH,
            Set::Eighth => crate::eighth::EIGHTH,
            Set::Ninth => crate::ninth::NINTH,
            Set::Tenth => crate::tenth::TENTH,
            Set::Eleventh => crate::eleventh::ELEVENTH,
            Set::Twelfth => crate::twelfth::TWELFTH,
            Set::Thirteenth => crate::thirteenth::THIRTEENTH,
            Set::Fourteenth => crate::fourteenth::FOURTEENTH,
            Set::Fifteenth => crate::fifteenth::FIFTEENTH,
            Set::Sixteenth => crate::sixteenth::SIXTEENTH,
            Set::Seventeenth => crate::seventeenth::SEVENTEENTH,
            Set::Eighteenth => crate::eighteenth::EIGHTEENTH,
            Set::Nineteenth => crate::nineteenth::NINETEENTH,
            Set::Twentieth => crate::twentieth::TWENTIETH,
            Set::TwentyFirst => crate::twentyfirst::TWENTY_FIRST,
            Set::TwentySecond => crate::twentysecond::TWENTY_SECOND,
            Set::TwentyThird => crate::twentythird::TWENTY_THIRD,
            Set::TwentyFourth => crate::twentyfourth::TWENTY_FOURTH,
            Set::TwentyFifth => crate::twentyfifth::TWENTY_FIFTH,
            Set::TwentySixth => crate::twentysixth::TWENTY_SIXTH,
            Set::TwentySeventh => crate::twentyseventh::TWENTY_SEVENTH,
            Set::TwentyEighth => crate::twentyeighth::TWENTY_EIGHTH,
            Set::TwentyNinth => crate::twentyninth::TWENTY_NINTH,
            Set::Thirtieth => crate::thirtieth::THIRTIETH,
            Set::ThirtyFirst => crate::thirtyfirst::THIRTY_FIRST,
            Set::ThirtySecond => crate::thirtysecond::THIRTY_SECOND,
            Set::ThirtyThird => crate::thirtythird::THIRTY_THIRD,
            Set::ThirtyFourth => crate::thirtyfourth::THIRTY_FOURTH,
            Set::ThirtyFifth => crate::thirtyfifth::THIRTY_FIFTH,
            Set::ThirtySixth => crate::thirtysixth::THIRTY_SIXTH,
            Set::ThirtySeventh => crate::thirtyseventh::THIRTY_SEVENTH,
            Set::ThirtyEighth => crate::thirtyeighth::THIRTY_EIGHTH,
            Set::ThirtyNinth => crate::thirtyninth::THIRTY_NINTH,
            Set::Fortieth => crate::fortieth::FORTIETH,
            Set::Fortyfirst => crate::fortyfirst::FORTYFIRST,
            Set::Fortysecond => crate::fortysecond::FORTYSECOND,
            Set::Fortythird => crate::fortythird::FORTYTHIRD,
            Set::Fortyfourth => crate::fortyfourth::FORTYFOURTH,
            Set::Fortyfifth => crate::fortyfifth::FORTYFIFTH,
            Set::Fortysixth => crate::fortysixth::FORTYSIXTH,
            Set::Fortyeighth => crate::fortyeighth::FORTYEIGHTH,
            Set::Fortyseventh => crate::fortyseventh::FORTYSEVENTH,
            Set::Fortyninth => crate::fortyninth::FORTYNINTH,
            Set::Fiftieth => crate::fiftieth::FIFTIETH,
        }
    }
}

/// The styles archie's rules were developed against.
pub const DEVELOPMENT: &[Style] = &[
    Style::Camel,
    Style::Spaced,
    Style::Kebab,
    Style::Snake,
    Style::KindAbbreviation,
    Style::Bare,
];

/// The styles archie's rules are only measured on (the canonical `Camel` form stays, as
/// a document's own name for a thing).
pub const HELD_OUT: &[Style] = &[
    Style::Camel,
    Style::SystemPrefix,
    Style::Technology,
    Style::KindSynonym,
    Style::Screaming,
    Style::Glued,
    Style::PluralSwap,
    Style::Dotted,
    Style::TitleSnake,
];

/// Styles written before reading the identity rules (the canonical `Camel` form stays).
pub const FRESH: &[Style] = &[
    Style::Camel,
    Style::KindPrefix,
    Style::VersionSuffix,
    Style::EnvSuffix,
    Style::RepoPath,
    Style::ForeignKind,
    Style::ClassName,
    Style::JavaPackage,
    Style::K8sObject,
    Style::Backticked,
    Style::TrailingPunct,
    Style::Acronym,
    Style::ArticleLower,
];

/// The technology a component of this kind is written with.
fn technology(kind: Kind) -> &'static str {
    match kind {
        Kind::Service => "Go",
        Kind::Database => "PostgreSQL",
        Kind::Cache => "Redis",
        Kind::Topic => "Kafka",
        Kind::Queue => "RabbitMQ",
        Kind::External => "SaaS",
        Kind::Gateway => "Envoy",
        Kind::Frontend => "React",
        Kind::Index => "Elasticsearch",
    }
}

/// A word in the other number (`Orders` → `Order`, `Inventory` → `Inventories`); an
/// acronym (`API`) stays.
fn swap_number(word: &str) -> String {
    if word.chars().all(|c| c.is_uppercase()) {
        return word.to_string();
    }
    if let Some(stem) = word.strip_suffix("ies") {
        return format!("{stem}y");
    }
    match word.strip_suffix('s') {
        Some(stem) if stem.len() >= 3 => stem.to_string(),
        _ => match word.strip_suffix('y') {
            Some(stem) => format!("{stem}ies"),
            None => format!("{word}s"),
        },
    }
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no synonym for a cache, no bare form of a name that is its kind word).
pub fn write(
    style: Style,
    words: &[&str],
    kind_word: &str,
    kind: Kind,
    system: &str,
) -> Option<String> {
    let with = |ws: &[String], kw: &str, sep: &str| -> String {
        let mut all: Vec<String> = ws.to_vec();
        if !kw.is_empty() {
            all.push(kw.to_string());
        }
        all.join(sep)
    };
    let own: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let lower: Vec<String> = own.iter().map(|w| w.to_lowercase()).collect();
    let kw_lower = kind_word.to_lowercase();
    Some(match style {
        Style::Camel => with(&own, kind_word, ""),
        Style::Spaced => with(&own, kind_word, " "),
        Style::Kebab => with(&lower, &kw_lower, "-"),
        Style::Snake => with(&lower, &kw_lower, "_"),
        Style::KindAbbreviation => {
            let other = match kind_word {
                "Service" => "Svc",
                "DB" => "Database",
                "API" => "Api",
                _ => return None,
            };
            with(&own, other, " ")
        }
        Style::Bare => {
            if kind_word.is_empty() || matches!(kind, Kind::External) {
                return None;
            }
            own.join(" ")
        }
        Style::SystemPrefix => format!("{system} {}", with(&own, kind_word, " ")),
        Style::Technology => format!("{} ({})", with(&own, kind_word, " "), technology(kind)),
        Style::KindSynonym => {
            let other = match kind {
                Kind::Service => "Microservice",
                Kind::Database => "Datastore",
                Kind::Topic => "Stream",
                Kind::Queue => "MQ",
                _ => return None,
            };
            with(&own, other, " ")
        }
        Style::Screaming => with(&own, kind_word, "_").to_uppercase(),
        Style::Glued => with(&lower, &kw_lower, ""),
        Style::PluralSwap => {
            let mut ws = own;
            ws[0] = swap_number(&ws[0]);
            with(&ws, kind_word, " ")
        }
        Style::Dotted => with(&lower, &kw_lower, "."),
        Style::TitleSnake => with(&own, kind_word, "_"),
        Style::KindPrefix => {
            let short = match kind {
                Kind::Service => "svc",
                Kind::Database => "db",
                Kind::Cache => "cache",
                Kind::Topic => "topic",
                Kind::Queue => "q",
                _ => return None,
            };
            format!("{short}-{}", lower.join("-"))
        }
        Style::VersionSuffix => format!("{} v2", with(&own, kind_word, " ")),
        Style::EnvSuffix => format!("{}-prod", with(&lower, &kw_lower, "-")),
        Style::RepoPath => format!("{}/{}", system.to_lowercase(), with(&lower, &kw_lower, "-")),
        Style::ForeignKind => {
            let other = match kind {
                Kind::Service => "Dienst",
                Kind::Database => "Datenbank",
                Kind::Cache => "Zwischenspeicher",
                Kind::Queue => "Warteschlange",
                _ => return None,
            };
            with(&own, other, " ")
        }
        Style::ClassName => {
            let other = match kind {
                Kind::Service => "Manager",
                Kind::Database => "Repository",
                Kind::Topic | Kind::Queue => "Channel",
                Kind::External => "Client",
                _ => return None,
            };
            with(&own, other, "")
        }
        Style::JavaPackage => format!(
            "com.{}.{}.{}",
            system.to_lowercase(),
            lower.concat(),
            with(&own, kind_word, "")
        ),
        Style::K8sObject => {
            let object = match kind {
                Kind::Service | Kind::Gateway | Kind::Frontend => "deployment",
                Kind::Database | Kind::Cache | Kind::Queue | Kind::Index => "statefulset",
                _ => return None,
            };
            format!("{}-{object}", with(&lower, &kw_lower, "-"))
        }
        Style::Backticked => format!("`{}`", with(&lower, &kw_lower, "_")),
        Style::TrailingPunct => format!("{}:", with(&own, kind_word, " ")),
        Style::Acronym => {
            let mut all: Vec<&str> = words.to_vec();
            if !kind_word.is_empty() {
                all.push(kind_word);
            }
            if all.len() < 2 {
                return None;
            }
            all.iter()
                .filter_map(|w| w.chars().next())
                .collect::<String>()
                .to_uppercase()
        }
        Style::ArticleLower => format!("the {}", with(&lower, &kw_lower, " ")),
        Style::Blind(name) => return crate::blind::write(name, words, kind_word, kind, system),
        Style::Fifth(name) => return crate::fifth::write(name, words, kind_word, kind, system),
        Style::Sixth(name) => return crate::sixth::write(name, words, kind_word, kind, system),
        Style::Seventh(name) => {
            return crate::seventh::write(name, words, kind_word, kind, system);
        }
        Style::Eighth(name) => return crate::eighth::write(name, words, kind_word, kind, system),
        Style::Ninth(name) => return crate::ninth::write(name, words, kind_word, kind, system),
        Style::Tenth(name) => return crate::tenth::write(name, words, kind_word, kind, system),
        Style::Eleventh(name) => {
            return crate::eleventh::write(name, words, kind_word, kind, system);
        }
        Style::Twelfth(name) => {
            return crate::twelfth::write(name, words, kind_word, kind, system);
        }
        Style::Thirteenth(name) => {
            return crate::thirteenth::write(name, words, kind_word, kind, system);
        }
        Style::Fourteenth(name) => {
            return crate::fourteenth::write(name, words, kind_word, kind, system);
        }
        Style::Fifteenth(name) => {
            return crate::fifteenth::write(name, words, kind_word, kind, system);
        }
        Style::Sixteenth(name) => {
            return crate::sixteenth::write(name, words, kind_word, kind, system);
        }
        Style::Seventeenth(name) => {
            return crate::seventeenth::write(name, words, kind_word, kind, system);
        }
        Style::Eighteenth(name) => {
            return crate::eighteenth::write(name, words, kind_word, kind, system);
        }
        Style::Nineteenth(name) => {
            return crate::nineteenth::write(name, words, kind_word, kind, system);
        }
        Style::Twentieth(name) => {
            return crate::twentieth::write(name, words, kind_word, kind, system);
        }
        Style::TwentyFirst(name) => {
            return crate::twentyfirst::write(name, words, kind_word, kind, system);
        }
        Style::TwentySecond(name) => {
            return crate::twentysecond::write(name, words, kind_word, kind, system);
        }
        Style::TwentyThird(name) => {
            return crate::twentythird::write(name, words, kind_word, kind, system);
        }
        Style::TwentyFourth(name) => {
            return crate::twentyfourth::write(name, words, kind_word, kind, system);
        }
        Style::TwentyFifth(name) => {
            return crate::twentyfifth::write(name, words, kind_word, kind, system);
        }
        Style::TwentySixth(name) => {
            return crate::twentysixth::write(name, words, kind_word, kind, system);
        }
        Style::TwentySeventh(name) => {
            return crate::twentyseventh::write(name, words, kind_word, kind, system);
        }
        Style::TwentyEighth(name) => {
            return crate::twentyeighth::write(name, words, kind_word, kind, system);
        }
        Style::TwentyNinth(name) => {
            return crate::twentyninth::write(name, words, kind_word, kind, system);
        }
        Style::Thirtieth(name) => {
            return crate::thirtieth::write(name, words, kind_word, kind, system);
        }
        Style::ThirtyFirst(name) => {
            return crate::thirtyfirst::write(name, words, kind_word, kind, system);
        }
        Style::ThirtySecond(name) => {
            return crate::thirtysecond::write(name, words, kind_word, kind, system);
        }
        Style::ThirtyThird(name) => {
            return crate::thirtythird::write(name, words, kind_word, kind, system);
        }
        Style::ThirtyFourth(name) => {
            return crate::thirtyfourth::write(name, words, kind_word, kind, system);
        }
        Style::ThirtyFifth(name) => {
            return crate::thirtyfifth::write(name, words, kind_word, kind, system);
        }
        Style::ThirtySixth(name) => {
            return crate::thirtysixth::write(name, words, kind_word, kind, system);
        }
        Style::ThirtySeventh(name) => {
            return crate::thirtyseventh::write(name, words, kind_word, kind, system);
        }
        Style::ThirtyEighth(name) => {
            return crate::thirtyeighth::write(name, words, kind_word, kind, system);
        }
        Style::ThirtyNinth(name) => {
            return crate::thirtyninth::write(name, words, kind_word, kind, system);
        }
        Style::Fortieth(name) => {
            return crate::fortieth::write(name, words, kind_word, kind, system);
        }
        Style::Fortyfirst(name) => {
            return crate::fortyfirst::write(name, words, kind_word, kind, system);
        }
        Style::Fortysecond(name) => {
            return crate::fortysecond::write(name, words, kind_word, kind, system);
        }
        Style::Fortythird(name) => {
            return crate::fortythird::write(name, words, kind_word, kind, system);
        }
        Style::Fortyfourth(name) => {
            return crate::fortyfourth::write(name, words, kind_word, kind, system);
        }
        Style::Fortyfifth(name) => {
            return crate::fortyfifth::write(name, words, kind_word, kind, system);
        }
        Style::Fortysixth(name) => {
            return crate::fortysixth::write(name, words, kind_word, kind, system);
        }
        Style::Fortyeighth(name) => {
            return crate::fortyeighth::write(name, words, kind_word, kind, system);
        }
        Style::Fortyseventh(name) => {
            return crate::fortyseventh::write(name, words, kind_word, kind, system);
        }
        Style::Fortyninth(name) => {
            return crate::fortyninth::write(name, words, kind_word, kind, system);
        }
        Style::Fiftieth(name) => {
            return crate::fiftieth::write(name, words, kind_word, kind, system);
        }
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind, set: Set) -> &'static [&'static str] {
    if set == Set::Blind {
        return crate::blind::type_words(kind);
    }
    if set == Set::Fifth {
        return crate::fifth::type_words(kind);
    }
    if set == Set::Sixth {
        return crate::sixth::type_words(kind);
    }
    if set == Set::Seventh {
        return crate::seventh::type_words(kind);
    }
    if set == Set::Eighth {
        return crate::eighth::type_words(kind);
    }
    if set == Set::Ninth {
        return crate::ninth::type_words(kind);
    }
    if set == Set::Tenth {
        return crate::tenth::type_words(kind);
    }
    if set == Set::Eleventh {
        return crate::eleventh::type_words(kind);
    }
    if set == Set::Twelfth {
        return crate::twelfth::type_words(kind);
    }
    if set == Set::Thirteenth {
        return crate::thirteenth::type_words(kind);
    }
    if set == Set::Fourteenth {
        return crate::fourteenth::type_words(kind);
    }
    if set == Set::Fifteenth {
        return crate::fifteenth::type_words(kind);
    }
    if set == Set::Sixteenth {
        return crate::sixteenth::type_words(kind);
    }
    if set == Set::Seventeenth {
        return crate::seventeenth::type_words(kind);
    }
    if set == Set::Eighteenth {
        return crate::eighteenth::type_words(kind);
    }
    if set == Set::Nineteenth {
        return crate::nineteenth::type_words(kind);
    }
    if set == Set::Twentieth {
        return crate::twentieth::type_words(kind);
    }
    if set == Set::TwentyFirst {
        return crate::twentyfirst::type_words(kind);
    }
    if set == Set::TwentySecond {
        return crate::twentysecond::type_words(kind);
    }
    if set == Set::TwentyThird {
        return crate::twentythird::type_words(kind);
    }
    if set == Set::TwentyFourth {
        return crate::twentyfourth::type_words(kind);
    }
    if set == Set::TwentyFifth {
        return crate::twentyfifth::type_words(kind);
    }
    if set == Set::TwentySixth {
        return crate::twentysixth::type_words(kind);
    }
    if set == Set::TwentySeventh {
        return crate::twentyseventh::type_words(kind);
    }
    if set == Set::TwentyEighth {
        return crate::twentyeighth::type_words(kind);
    }
    if set == Set::TwentyNinth {
        return crate::twentyninth::type_words(kind);
    }
    if set == Set::Thirtieth {
        return crate::thirtieth::type_words(kind);
    }
    if set == Set::ThirtyFirst {
        return crate::thirtyfirst::type_words(kind);
    }
    if set == Set::ThirtySecond {
        return crate::thirtysecond::type_words(kind);
    }
    if set == Set::ThirtyThird {
        return crate::thirtythird::type_words(kind);
    }
    if set == Set::ThirtyFourth {
        return crate::thirtyfourth::type_words(kind);
    }
    if set == Set::ThirtyFifth {
        return crate::thirtyfifth::type_words(kind);
    }
    if set == Set::ThirtySixth {
        return crate::thirtysixth::type_words(kind);
    }
    if set == Set::ThirtySeventh {
        return crate::thirtyseventh::type_words(kind);
    }
    if set == Set::ThirtyEighth {
        return crate::thirtyeighth::type_words(kind);
    }
    if set == Set::ThirtyNinth {
        return crate::thirtyninth::type_words(kind);
    }
    if set == Set::Fortieth {
        return crate::fortieth::type_words(kind);
    }
    if set == Set::Fortyfirst {
        return crate::fortyfirst::type_words(kind);
    }
    if set == Set::Fortysecond {
        return crate::fortysecond::type_words(kind);
    }
    if set == Set::Fortythird {
        return crate::fortythird::type_words(kind);
    }
    if set == Set::Fortyfourth {
        return crate::fortyfourth::type_words(kind);
    }
    if set == Set::Fortyfifth {
        return crate::fortyfifth::type_words(kind);
    }
    if set == Set::Fortysixth {
        return crate::fortysixth::type_words(kind);
    }
    if set == Set::Fortyeighth {
        return crate::fortyeighth::type_words(kind);
    }
    if set == Set::Fiftieth {
        return crate::fiftieth::type_words(kind);
    }
    if set == Set::Fortyseventh {
        return crate::fortyseventh::type_words(kind);
    }
    if set == Set::Fortyninth {
        return crate::fortyninth::type_words(kind);
    }
    if set == Set::Fresh {
        return match kind {
            Kind::Service => &["service", "Microservice (Go)", "k8s Deployment", "worker"],
            Kind::Database => &["database", "RDS instance", "Postgres", "persistence"],
            Kind::Cache => &["cache", "ElastiCache", "Memcached"],
            Kind::Topic => &["queue", "Kafka stream", "pub/sub topic", "SNS"],
            Kind::Queue => &["queue", "SQS queue", "job queue", "broker"],
            Kind::External => &["external_system", "Vendor", "3rd-party", "partner API"],
            Kind::Gateway => &["service", "BFF", "ingress", "reverse proxy"],
            Kind::Frontend => &["frontend", "SPA", "UI", "client"],
            Kind::Index => &["database", "OpenSearch cluster", "search"],
        };
    }
    if set == Set::Development {
        return match kind {
            Kind::Service => &["service", "Service", "microservice"],
            Kind::Database => &["database", "datastore", "DB"],
            Kind::Cache => &["cache", "Cache", "in-memory cache"],
            Kind::Topic => &["queue", "topic", "kafka topic"],
            Kind::Queue => &["queue", "message queue", "Queue"],
            Kind::External => &["external_system", "api", "external API", "third-party API"],
            Kind::Gateway => &["service", "gateway", "API gateway"],
            Kind::Frontend => &["frontend", "web app", "Frontend"],
            Kind::Index => &["database", "search index", "index"],
        };
    }
    match kind {
        Kind::Service => &["service", "backend service", "Go service", "Application"],
        Kind::Database => &[
            "database",
            "PostgreSQL database",
            "relational DB",
            "data store",
        ],
        Kind::Cache => &["cache", "Redis cache", "key-value cache"],
        Kind::Topic => &["queue", "event stream", "Kafka Topic", "event bus"],
        Kind::Queue => &["queue", "message broker", "work queue", "MQ"],
        Kind::External => &[
            "external_system",
            "ExternalApi",
            "SaaS",
            "third-party service",
        ],
        Kind::Gateway => &["service", "API Gateway", "edge proxy"],
        Kind::Frontend => &["frontend", "single-page app", "web frontend"],
        Kind::Index => &["database", "search engine", "full-text index"],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is called by A`), and the answer then has `from` and
/// `to` the other way round, as models write it. The prompt's word first.
pub fn rel_words(rel: Rel, set: Set) -> &'static [(&'static str, &'static str, bool)] {
    if set == Set::Blind {
        return crate::blind::rel_words(rel);
    }
    if set == Set::Fifth {
        return crate::fifth::rel_words(rel);
    }
    if set == Set::Sixth {
        return crate::sixth::rel_words(rel);
    }
    if set == Set::Seventh {
        return crate::seventh::rel_words(rel);
    }
    if set == Set::Eighth {
        return crate::eighth::rel_words(rel);
    }
    if set == Set::Ninth {
        return crate::ninth::rel_words(rel);
    }
    if set == Set::Tenth {
        return crate::tenth::rel_words(rel);
    }
    if set == Set::Eleventh {
        return crate::eleventh::rel_words(rel);
    }
    if set == Set::Twelfth {
        return crate::twelfth::rel_words(rel);
    }
    if set == Set::Thirteenth {
        return crate::thirteenth::rel_words(rel);
    }
    if set == Set::Fourteenth {
        return crate::fourteenth::rel_words(rel);
    }
    if set == Set::Fifteenth {
        return crate::fifteenth::rel_words(rel);
    }
    if set == Set::Sixteenth {
        return crate::sixteenth::rel_words(rel);
    }
    if set == Set::Seventeenth {
        return crate::seventeenth::rel_words(rel);
    }
    if set == Set::Eighteenth {
        return crate::eighteenth::rel_words(rel);
    }
    if set == Set::Nineteenth {
        return crate::nineteenth::rel_words(rel);
    }
    if set == Set::Twentieth {
        return crate::twentieth::rel_words(rel);
    }
    if set == Set::TwentyFirst {
        return crate::twentyfirst::rel_words(rel);
    }
    if set == Set::TwentySecond {
        return crate::twentysecond::rel_words(rel);
    }
    if set == Set::TwentyThird {
        return crate::twentythird::rel_words(rel);
    }
    if set == Set::TwentyFourth {
        return crate::twentyfourth::rel_words(rel);
    }
    if set == Set::TwentyFifth {
        return crate::twentyfifth::rel_words(rel);
    }
    if set == Set::TwentySixth {
        return crate::twentysixth::rel_words(rel);
    }
    if set == Set::TwentySeventh {
        return crate::twentyseventh::rel_words(rel);
    }
    if set == Set::TwentyEighth {
        return crate::twentyeighth::rel_words(rel);
    }
    if set == Set::TwentyNinth {
        return crate::twentyninth::rel_words(rel);
    }
    if set == Set::Thirtieth {
        return crate::thirtieth::rel_words(rel);
    }
    if set == Set::ThirtyFirst {
        return crate::thirtyfirst::rel_words(rel);
    }
    if set == Set::ThirtySecond {
        return crate::thirtysecond::rel_words(rel);
    }
    if set == Set::ThirtyThird {
        return crate::thirtythird::rel_words(rel);
    }
    if set == Set::ThirtyFourth {
        return crate::thirtyfourth::rel_words(rel);
    }
    if set == Set::ThirtyFifth {
        return crate::thirtyfifth::rel_words(rel);
    }
    if set == Set::ThirtySixth {
        return crate::thirtysixth::rel_words(rel);
    }
    if set == Set::ThirtySeventh {
        return crate::thirtyseventh::rel_words(rel);
    }
    if set == Set::ThirtyEighth {
        return crate::thirtyeighth::rel_words(rel);
    }
    if set == Set::ThirtyNinth {
        return crate::thirtyninth::rel_words(rel);
    }
    if set == Set::Fortieth {
        return crate::fortieth::rel_words(rel);
    }
    if set == Set::Fortyfirst {
        return crate::fortyfirst::rel_words(rel);
    }
    if set == Set::Fortysecond {
        return crate::fortysecond::rel_words(rel);
    }
    if set == Set::Fortythird {
        return crate::fortythird::rel_words(rel);
    }
    if set == Set::Fortyfourth {
        return crate::fortyfourth::rel_words(rel);
    }
    if set == Set::Fortyfifth {
        return crate::fortyfifth::rel_words(rel);
    }
    if set == Set::Fortysixth {
        return crate::fortysixth::rel_words(rel);
    }
    if set == Set::Fortyeighth {
        return crate::fortyeighth::rel_words(rel);
    }
    if set == Set::Fiftieth {
        return crate::fiftieth::rel_words(rel);
    }
    if set == Set::Fortyseventh {
        return crate::fortyseventh::rel_words(rel);
    }
    if set == Set::Fortyninth {
        return crate::fortyninth::rel_words(rel);
    }
    if set == Set::Fresh {
        return match rel {
            Rel::Calls => &[
                ("calls", "calls", false),
                ("hits", "hits", false),
                ("POSTs to", "POSTs to", false),
                ("is requested by", "is requested by", true),
                ("calls into", "calls into", false),
            ],
            Rel::ReadsFrom => &[
                ("reads_from", "reads from", false),
                ("pulls from", "pulls from", false),
                ("is queried by", "is queried by", true),
                ("looks up", "looks up", false),
            ],
            Rel::WritesTo => &[
                ("writes_to", "writes to", false),
                ("upserts into", "upserts into", false),
                ("is updated by", "is updated by", true),
                ("records to", "records to", false),
            ],
            Rel::PublishesTo => &[
                ("publishes_to", "publishes to", false),
                ("pushes to", "pushes events to", false),
                ("fans out to", "fans out to", false),
                ("is fed by", "is fed by", true),
            ],
            Rel::SubscribesTo => &[
                ("subscribes_to", "subscribes to", false),
                ("tails", "tails", false),
                ("pulls messages off", "pulls messages off", false),
                ("is drained by", "is drained by", true),
            ],
            Rel::DependsOn => &[
                ("depends_on", "depends on", false),
                ("needs", "needs", false),
                ("is required by", "is required by", true),
                ("leans on", "leans on", false),
            ],
            Rel::PartOf => &[
                ("part_of", "is part of", false),
                ("lives in", "lives in", false),
                ("is a component of", "is a component of", false),
            ],
        };
    }
    if set == Set::Development {
        return match rel {
            Rel::Calls => &[
                ("calls", "calls", false),
                ("invokes", "invokes", false),
                ("CALLS", "calls", false),
                ("sends requests to", "sends requests to", false),
                ("Calls", "calls", false),
            ],
            Rel::ReadsFrom => &[
                ("reads_from", "reads from", false),
                ("reads from", "reads from", false),
                ("queries", "queries", false),
                ("READS_FROM", "reads from", false),
            ],
            Rel::WritesTo => &[
                ("writes_to", "writes to", false),
                ("writes to", "writes to", false),
                ("stores data in", "stores its data in", false),
                ("persists to", "persists to", false),
            ],
            Rel::PublishesTo => &[
                ("publishes_to", "publishes to", false),
                ("publishes to", "publishes to", false),
                ("emits", "emits events to", false),
                ("PUBLISHES_TO", "publishes to", false),
            ],
            Rel::SubscribesTo => &[
                ("subscribes_to", "subscribes to", false),
                ("subscribes to", "subscribes to", false),
                ("consumes", "consumes", false),
                ("listens to", "listens to", false),
            ],
            Rel::DependsOn => &[
                ("depends_on", "depends on", false),
                ("depends on", "depends on", false),
                ("uses", "uses", false),
                ("relies on", "relies on", false),
            ],
            Rel::PartOf => &[
                ("part_of", "is part of", false),
                ("part of", "is part of", false),
                ("belongs to", "belongs to", false),
            ],
        };
    }
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("is called by", "is called by", true),
            ("makes HTTP requests to", "makes HTTP requests to", false),
            ("Invoked_By", "is invoked by", true),
            ("talks to", "talks to", false),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("fetches data from", "fetches data from", false),
            ("is read by", "is read by", true),
            ("loads records from", "loads records from", false),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("persists records in", "persists records in", false),
            ("is written to by", "is written to by", true),
            ("saves into", "saves into", false),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("produces messages to", "produces messages to", false),
            ("sends events to", "sends events to", false),
            ("PRODUCES_TO", "produces to", false),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("consumed_by", "is consumed by", true),
            ("reads events from", "reads events from", false),
            ("listens on", "listens on", false),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("relies upon", "relies upon", false),
            ("is used by", "is used by", true),
            ("requires", "requires", false),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("belongs to", "belongs to", false),
            ("member of", "is a member of", false),
        ],
    }
}

/// `text` with its first letter in upper case.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A stable 64-bit hash of `text` and `salt` (FNV-1a): the same name always gets the same
/// made-up part (a port, a chart version, a revision, a table id), in every set that
/// writes one.
pub fn hash(text: &str, salt: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in salt.bytes().chain([0]).chain(text.bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A name's own words with its kind word after them (none when empty), as written and
/// in lower case: what every set's forms are made from.
pub fn with_kind(words: &[&str], kind_word: &str) -> (Vec<String>, Vec<String>) {
    let mut all: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    if !kind_word.is_empty() {
        all.push(kind_word.to_string());
    }
    let lower = all.iter().map(|w| w.to_lowercase()).collect();
    (all, lower)
}

/// Each of `words` looked up in `table` (English word, the set's word); `None` when one
/// is missing.
pub fn translated<'a>(words: &[&str], table: &[(&str, &'a str)]) -> Option<Vec<&'a str>> {
    words.iter().map(|w| looked_up(w, table)).collect()
}

/// `word` looked up in `table`.
pub fn looked_up<'a>(word: &str, table: &[(&str, &'a str)]) -> Option<&'a str> {
    table.iter().find(|(en, _)| *en == word).map(|(_, t)| *t)
}
