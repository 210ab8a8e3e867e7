//! The twentieth set (issue 36, twentieth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! nineteen sets had all been written (and eighteen of them looked at by the people
//! improving the rules). Nobody develops archie against this file: it is a yardstick for
//! the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Japanese, `.env` files, README badges and headings, Word documents,
//! reStructuredText and Markdown sources, D2 diagrams, Bazel monorepos, Python code
//! bases, PDF tables of contents and people's own typing write:
//! - A model answering in Japanese: the words translated (kanji for the native words,
//!   katakana for the loans) and glued to the kind word with no space (`注文サービス`, the
//!   order service; `決済データベース` or, as engineers write it half the time,
//!   `決済DB`; `セッションキャッシュ`, `注文イベントトピック`, `APIゲートウェイ`), a
//!   vendor's API with the possessive particle (`StripeのAPI`).
//! - A model answering in Japanese that transliterates instead: each English word in
//!   katakana, the words parted by the middle dot (nakaguro) Japanese puts between the
//!   words of a foreign compound (`オーダー・サービス`, `ペイメンツ・データベース`,
//!   `ストライプ・API`).
//! - An environment variable from a `.env` file or a deployment's settings, the name in
//!   screaming snake case with what the variable holds after it (`ORDER_SERVICE_URL`,
//!   `ORDERS_DB_HOST`, `SESSION_CACHE_ADDR`, `ORDER_EVENTS_TOPIC_NAME`,
//!   `STRIPE_API_KEY`).
//! - An emoji in front, as README headings, Slack canvases and Notion pages put one per
//!   kind (`⚙️ Order Service`, `🗄️ Orders DB`, `📨 Shipment Queue`).
//! - A kebab-case identifier whose hyphens a word processor made non-breaking (U+2011),
//!   as Word's Ctrl+Shift+- and some style sheets do (`order‑service`).
//! - A reStructuredText hyperlink reference, the name in backquotes with the trailing
//!   underscore (`` `Order Service`_ ``).
//! - A Markdown reference-style link, the text and the link label in brackets
//!   (`[Order Service][order-service]`).
//! - A D2 diagram's node declaration copied whole: the key, the label after a colon and
//!   the shape in braces (`orders_db: Orders DB {shape: cylinder}`).
//! - A Bazel target label from a monorepo's BUILD files and CI logs, the package after
//!   `//` and the target after a colon (`//services/order-service:order_service`).
//! - A Python module's dotted path, as code-derived documents and stack traces name a
//!   component (`novamart.services.order_service`, `novamart.clients.stripe_api`).
//! - A table of contents line from a PDF, the dot leaders and the page number left on
//!   (`Order Service ........................ 12`).
//! - A letter dropped by someone typing fast, in the name's longest word, as design
//!   documents keep such typos for years (`Notifcation Service`, `Ordrs DB`).
//!
//! Type words come from the same sources (Japanese, D2 shapes, Bazel, Python, `.env`
//! files) and relationship phrases from design prose and a model answering in Japanese,
//! some written from the object's end (`answers calls from`, `serves reads for`, `takes
//! the writes of`, `carries the events of`, `fans out to`, `is relied on by`, and Japanese
//! `から呼び出される`, is called from, `に参照される`, is referred to by, `の書き込み先である`,
//! is the write target of, `に購読される`, is subscribed to by) and four that only look
//! passive (`is subscribed to`, `is underpinned by`, Japanese `に支えられている`, is
//! supported by, and `に含まれる`, is contained in: the subject acts, or is the part).
//!
//! The near-named pairs of this set are `TWENTIETH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, looked_up};

/// One way of writing a name, in the twentieth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `注文サービス`, `決済DB`: a Japanese answer, the words translated.
    Japanese,
    /// `オーダー・サービス`: a Japanese answer, the words in katakana.
    Katakana,
    /// `ORDER_SERVICE_URL`, `ORDERS_DB_HOST`: an environment variable.
    EnvVar,
    /// `⚙️ Order Service`: an emoji in front.
    Emoji,
    /// `order‑service`: kebab case with non-breaking hyphens.
    NonBreakingHyphen,
    /// `` `Order Service`_ ``: a reStructuredText hyperlink reference.
    RestReference,
    /// `[Order Service][order-service]`: a Markdown reference-style link.
    ReferenceLink,
    /// `orders_db: Orders DB {shape: cylinder}`: a D2 node declaration.
    D2Node,
    /// `//services/order-service:order_service`: a Bazel label.
    BazelLabel,
    /// `novamart.services.order_service`: a Python module path.
    PythonModule,
    /// `Order Service ........ 12`: a table of contents line.
    TocLine,
    /// `Notifcation Service`: a letter dropped.
    Typo,
}

/// The twentieth styles (the canonical `Camel` form stays, as a document's own name).
pub const TWENTIETH: &[Style] = &[
    Style::Camel,
    Style::Twentieth(Name::Japanese),
    Style::Twentieth(Name::Katakana),
    Style::Twentieth(Name::EnvVar),
    Style::Twentieth(Name::Emoji),
    Style::Twentieth(Name::NonBreakingHyphen),
    Style::Twentieth(Name::RestReference),
    Style::Twentieth(Name::ReferenceLink),
    Style::Twentieth(Name::D2Node),
    Style::Twentieth(Name::BazelLabel),
    Style::Twentieth(Name::PythonModule),
    Style::Twentieth(Name::TocLine),
    Style::Twentieth(Name::Typo),
];

/// The corpus's words in Japanese, as a Japanese engineer names a component: kanji for
/// what Japanese has a word for, katakana for what it borrows.
const JAPANESE: &[(&str, &str)] = &[
    ("Order", "注文"),
    ("Orders", "注文"),
    ("Checkout", "チェックアウト"),
    ("Cart", "カート"),
    ("Payment", "決済"),
    ("Payments", "決済"),
    ("Pricing", "価格設定"),
    ("Price", "価格"),
    ("Inventory", "在庫"),
    ("Catalog", "カタログ"),
    ("Search", "検索"),
    ("Index", "インデックス"),
    ("Shipping", "配送"),
    ("Shipment", "出荷"),
    ("Shipments", "出荷"),
    ("Fulfillment", "フルフィルメント"),
    ("Notification", "通知"),
    ("Customer", "顧客"),
    ("Customers", "顧客"),
    ("Auth", "認証"),
    ("Recommendation", "レコメンド"),
    ("Review", "レビュー"),
    ("Reviews", "レビュー"),
    ("Promotion", "プロモーション"),
    ("Promotions", "プロモーション"),
    ("Tax", "税計算"),
    ("Fraud", "不正検知"),
    ("Returns", "返品"),
    ("Loyalty", "ロイヤルティ"),
    ("Reporting", "レポート"),
    ("Invoice", "請求書"),
    ("Session", "セッション"),
    ("Events", "イベント"),
    ("Service", "サービス"),
    ("Cache", "キャッシュ"),
    ("Topic", "トピック"),
    ("Queue", "キュー"),
];

/// English words as Japanese writes them in katakana, sound for sound.
const KATAKANA: &[(&str, &str)] = &[
    ("Order", "オーダー"),
    ("Orders", "オーダーズ"),
    ("Checkout", "チェックアウト"),
    ("Cart", "カート"),
    ("Payment", "ペイメント"),
    ("Payments", "ペイメンツ"),
    ("Pricing", "プライシング"),
    ("Price", "プライス"),
    ("Inventory", "インベントリ"),
    ("Catalog", "カタログ"),
    ("Search", "サーチ"),
    ("Index", "インデックス"),
    ("Shipping", "シッピング"),
    ("Shipment", "シップメント"),
    ("Shipments", "シップメンツ"),
    ("Fulfillment", "フルフィルメント"),
    ("Notification", "ノーティフィケーション"),
    ("Customer", "カスタマー"),
    ("Customers", "カスタマーズ"),
    ("Auth", "オース"),
    ("Recommendation", "レコメンデーション"),
    ("Review", "レビュー"),
    ("Reviews", "レビューズ"),
    ("Promotion", "プロモーション"),
    ("Promotions", "プロモーションズ"),
    ("Tax", "タックス"),
    ("Fraud", "フロード"),
    ("Returns", "リターンズ"),
    ("Loyalty", "ロイヤルティ"),
    ("Reporting", "レポーティング"),
    ("Invoice", "インボイス"),
    ("Session", "セッション"),
    ("Events", "イベンツ"),
    ("Web", "ウェブ"),
    ("Storefront", "ストアフロント"),
    ("Gateway", "ゲートウェイ"),
    ("API", "API"),
    ("Service", "サービス"),
    ("DB", "データベース"),
    ("Cache", "キャッシュ"),
    ("Topic", "トピック"),
    ("Queue", "キュー"),
    ("Stripe", "ストライプ"),
    ("TaxJar", "タックスジャー"),
    ("Okta", "オクタ"),
    ("SendGrid", "センドグリッド"),
    ("FedEx", "フェデックス"),
    ("Twilio", "トゥイリオ"),
];

/// `word` with one letter dropped near its middle, not one of a double letter (which
/// would only change the spelling: `Fulfillment` → `Fulfilment`).
fn dropped(word: &str) -> String {
    let chars: Vec<char> = word.chars().collect();
    let mut at = chars.len() / 2;
    while at + 1 < chars.len() && (chars[at] == chars[at - 1] || chars[at] == chars[at + 1]) {
        at += 1;
    }
    chars
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != at)
        .map(|(_, ch)| ch)
        .collect()
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (no letter to drop from `Okta API`).
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
    let h = hash(&spaced, "twentieth");
    Some(match style {
        Name::Japanese => match kind {
            Kind::External => format!("{}のAPI", words.concat()),
            Kind::Gateway => "APIゲートウェイ".into(),
            Kind::Frontend => "Webストアフロント".into(),
            Kind::Index => "検索インデックス".into(),
            _ => {
                let own: Vec<&str> = words
                    .iter()
                    .map(|w| looked_up(w, JAPANESE))
                    .collect::<Option<_>>()?;
                let head = match kind {
                    Kind::Database if h.is_multiple_of(2) => "DB",
                    Kind::Database => "データベース",
                    _ => looked_up(kind_word, JAPANESE)?,
                };
                format!("{}{head}", own.concat())
            }
        },
        Name::Katakana => {
            let all: Vec<&str> = all
                .iter()
                .map(|w| looked_up(w, KATAKANA))
                .collect::<Option<_>>()?;
            all.join("\u{30fb}")
        }
        Name::EnvVar => {
            let what = match kind {
                Kind::Service | Kind::Gateway | Kind::Frontend | Kind::Queue => "URL",
                Kind::Database => "HOST",
                Kind::Cache => "ADDR",
                Kind::Topic | Kind::Index => "NAME",
                Kind::External => "KEY",
            };
            format!("{}_{what}", snake.to_uppercase())
        }
        Name::Emoji => {
            let emoji = match kind {
                Kind::Service => "\u{2699}\u{fe0f}",
                Kind::Database => "\u{1f5c4}\u{fe0f}",
                Kind::Cache => "\u{26a1}",
                Kind::Topic => "\u{1f4e3}",
                Kind::Queue => "\u{1f4e8}",
                Kind::External => "\u{1f50c}",
                Kind::Gateway => "\u{1f6aa}",
                Kind::Frontend => "\u{1f6cd}\u{fe0f}",
                Kind::Index => "\u{1f50e}",
            };
            format!("{emoji} {spaced}")
        }
        Name::NonBreakingHyphen => lower.join("\u{2011}"),
        Name::RestReference => format!("`{spaced}`_"),
        Name::ReferenceLink => format!("[{spaced}][{kebab}]"),
        Name::D2Node => {
            let shape = match kind {
                Kind::Service | Kind::Frontend => "rectangle",
                Kind::Database => "cylinder",
                Kind::Cache | Kind::Index => "stored_data",
                Kind::Topic | Kind::Queue => "queue",
                Kind::External => "cloud",
                Kind::Gateway => "hexagon",
            };
            format!("{snake}: {spaced} {{shape: {shape}}}")
        }
        Name::BazelLabel => {
            let package = match kind {
                Kind::Service => "services",
                Kind::Database | Kind::Cache | Kind::Index => "data",
                Kind::Topic | Kind::Queue => "messaging",
                Kind::External => "third_party",
                Kind::Gateway => "edge",
                Kind::Frontend => "web",
            };
            format!("//{package}/{kebab}:{snake}")
        }
        Name::PythonModule => {
            let package = match kind {
                Kind::Service => "services",
                Kind::Database => "db",
                Kind::Cache => "cache",
                Kind::Topic => "events",
                Kind::Queue => "queues",
                Kind::External => "clients",
                Kind::Gateway => "gateway",
                Kind::Frontend => "web",
                Kind::Index => "search",
            };
            format!("{}.{package}.{snake}", system.to_lowercase())
        }
        Name::TocLine => {
            let leaders = ".".repeat(40usize.saturating_sub(spaced.len()).max(4));
            format!("{spaced} {leaders} {}", 3 + h % 58)
        }
        Name::Typo => {
            let longest = all
                .iter()
                .enumerate()
                .filter(|(_, w)| w.chars().count() >= 5 && w.chars().all(char::is_alphabetic))
                .max_by_key(|(i, w)| (w.chars().count(), usize::MAX - i))?
                .0;
            let mut typed = all.clone();
            typed[longest] = dropped(&all[longest]);
            typed.join(" ")
        }
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &[
            "service",
            "マイクロサービス",
            "Bazel target",
            "Python module",
        ],
        Kind::Database => &["database", "データベース", "D2 cylinder", "DB host"],
        Kind::Cache => &["cache", "キャッシュ", "D2 stored_data", "Redis address"],
        Kind::Topic => &["queue", "イベントトピック", "D2 queue", "topic name"],
        Kind::Queue => &["queue", "メッセージキュー", "D2 queue", "queue URL"],
        Kind::External => &[
            "external_system",
            "外部サービス",
            "D2 cloud",
            "third-party API key",
        ],
        Kind::Gateway => &["service", "APIゲートウェイ", "D2 hexagon", "edge service"],
        Kind::Frontend => &["frontend", "フロントエンド", "web app", "Bazel web target"],
        Kind::Index => &[
            "database",
            "検索インデックス",
            "D2 stored_data",
            "index name",
        ],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B answers calls from A`: A calls B), and the answer
/// then has `from` and `to` the other way round. `A is subscribed to B`, `A is
/// underpinned by B`, Japanese `AはBに支えられている` (is supported by) and `AはBに含まれる`
/// (is contained in) only look passive (A acts, or A is the part); `B answers calls from
/// A`, `B serves reads for A`, `B takes the writes of A`, `B carries the events of A`, `B
/// fans out to A` and `B is relied on by A` are written from the object, and so are
/// Japanese `BはAから呼び出される` (is called from), `BはAに参照される` (is referred to by),
/// `BはAの書き込み先である` (is the write target of) and `BはAに購読される` (is subscribed
/// to by). The prompt's word first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("を呼び出す", "を呼び出す", false),
            ("sends requests to", "sends requests to", false),
            ("から呼び出される", "から呼び出される", true),
            ("answers calls from", "answers calls from", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("から読み取る", "から読み取る", false),
            ("looks things up in", "looks things up in", false),
            ("に参照される", "に参照される", true),
            ("serves reads for", "serves reads for", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("に書き込む", "に書き込む", false),
            ("persists into", "persists into", false),
            ("の書き込み先である", "の書き込み先である", true),
            ("takes the writes of", "takes the writes of", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("に発行する", "に発行する", false),
            ("emits onto", "emits onto", false),
            ("carries the events of", "carries the events of", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("を購読する", "を購読する", false),
            ("is subscribed to", "is subscribed to", false),
            ("に購読される", "に購読される", true),
            ("fans out to", "fans out to", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("に依存する", "に依存する", false),
            ("に支えられている", "に支えられている", false),
            ("is underpinned by", "is underpinned by", false),
            ("is relied on by", "is relied on by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("の一部である", "の一部である", false),
            ("に含まれる", "に含まれる", false),
            ("is housed within", "is housed within", false),
        ],
    }
}
