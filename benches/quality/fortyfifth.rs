//! The forty-fifth set (issue 36, forty-fifth round): naming styles, type words and
//! relationship phrases written without reading archie's identity rules, after the other
//! sets had all been written. Nobody develops archie against this file: it is a yardstick
//! for the work done against the others. Measured only.
//!
//! Every style here is one none of the other sets has; each is drawn from what models
//! answering in Lao, game and media pipelines (Unity Addressables, Perforce, ShotGrid,
//! Houdini, FMOD, USD) and scientific and HPC computing (Slurm, Snakemake, Nextflow,
//! HDF5, Jupyter, Lmod) write:
//! - A model answering in Lao: the kind word first, then the name's words from the last
//!   English word back, run together with no space as Lao is written
//!   (`ບໍລິການຄຳສັ່ງຊື້`, the order service; `ຖານຂໍ້ມູນການຊຳລະເງິນ`, `ຄິວການແຈ້ງເຕືອນ`,
//!   `ແຄຊເຊສຊັນ`, `ຫົວຂໍ້ເຫດການຄຳສັ່ງຊື້`), a vendor's API as `API ຂອງ Stripe`,
//!   `ປະຕູ API`, `ໜ້າຮ້ານອອນລາຍ`, `ດັດຊະນີຄົ້ນຫາ`.
//! - A Unity Addressables key, the asset's path in the project
//!   (`Assets/Prefabs/OrderService.prefab`).
//! - A Perforce depot path with its `...` wildcard (`//depot/order-service/...`).
//! - A ShotGrid (Flow Production Tracking) entity as shotgun_api3 prints it
//!   (`{'type': 'Asset', 'id': 4127, 'name': 'Order Service'}`).
//! - A Houdini node path, the node numbered as Houdini names new nodes
//!   (`/obj/order_service1`).
//! - An FMOD Studio event path (`event:/NovaMart/Order Service`).
//! - A USD prim path under the stage's default prim (`/World/OrderService`).
//! - A Slurm array task's output file from `--output=%x_%A_%a.out`
//!   (`order-service_4417302_3.out`).
//! - A Snakemake rule's head (`rule order_service:`).
//! - A Nextflow process's fully qualified name in its workflow (`NOVAMART:ORDER_SERVICE`).
//! - An HDF5 dataset as file and path (`novamart.h5:/order_service`).
//! - A Jupyter kernel spec's display name (`Python 3 (order-service)`).
//! - An Lmod / Environment Modules module with its version (`order-service/2.4.1`).
//!
//! Type words come from the same sources (Lao, Snakemake, Nextflow, HDF5, Perforce,
//! Addressables, FMOD, Slurm, ShotGrid, Houdini, Unity, USD) and relationship phrases
//! from pipeline and cluster write-ups, some written from the object's end (`is invoked
//! by`, `is sampled by`, `is checked into by`, `is fed by`, `is polled by`, `is required
//! by`) and some that only look passive (`is triggered by`, `is scheduled after`, `is
//! linked against`: the subject acts) and two written from the part (`is nested under`,
//! `is a stage of`).
//!
//! The near-named pairs of this set are `FORTYFIFTH_NEAR_PAIRS` in benches/quality.rs.

use crate::corpus::{Kind, Rel};
use crate::styles::{Style, hash, translated};

/// One way of writing a name, in the forty-fifth set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Name {
    /// `ບໍລິການຄຳສັ່ງຊື້`: a Lao answer.
    Lao,
    /// `Assets/Prefabs/OrderService.prefab`: a Unity Addressables key.
    Addressables,
    /// `//depot/order-service/...`: a Perforce depot path.
    Perforce,
    /// `{'type': 'Asset', 'id': 4127, 'name': 'Order Service'}`: a ShotGrid entity.
    ShotGrid,
    /// `/obj/order_service1`: a Houdini node path.
    Houdini,
    /// `event:/NovaMart/Order Service`: an FMOD event path.
    Fmod,
    /// `/World/OrderService`: a USD prim path.
    Usd,
    /// `order-service_4417302_3.out`: a Slurm array task's output file.
    Slurm,
    /// `rule order_service:`: a Snakemake rule.
    Snakemake,
    /// `NOVAMART:ORDER_SERVICE`: a Nextflow process.
    Nextflow,
    /// `novamart.h5:/order_service`: an HDF5 dataset.
    Hdf5,
    /// `Python 3 (order-service)`: a Jupyter kernel spec.
    Kernel,
    /// `order-service/2.4.1`: an Lmod module.
    Lmod,
}

/// The forty-fifth styles (the canonical `Camel` form stays, as a document's own name).
pub const FORTYFIFTH: &[Style] = &[
    Style::Camel,
    Style::Fortyfifth(Name::Lao),
    Style::Fortyfifth(Name::Addressables),
    Style::Fortyfifth(Name::Perforce),
    Style::Fortyfifth(Name::ShotGrid),
    Style::Fortyfifth(Name::Houdini),
    Style::Fortyfifth(Name::Fmod),
    Style::Fortyfifth(Name::Usd),
    Style::Fortyfifth(Name::Slurm),
    Style::Fortyfifth(Name::Snakemake),
    Style::Fortyfifth(Name::Nextflow),
    Style::Fortyfifth(Name::Hdf5),
    Style::Fortyfifth(Name::Kernel),
    Style::Fortyfifth(Name::Lmod),
];

/// The corpus's words in Lao.
const LAO: &[(&str, &str)] = &[
    ("Order", "ຄຳສັ່ງຊື້"),
    ("Orders", "ຄຳສັ່ງຊື້"),
    ("Checkout", "ເຊັກເອົາ"),
    ("Cart", "ກະຕ່າສິນຄ້າ"),
    ("Payment", "ການຊຳລະເງິນ"),
    ("Payments", "ການຊຳລະເງິນ"),
    ("Pricing", "ລາຄາ"),
    ("Price", "ລາຄາ"),
    ("Inventory", "ສິນຄ້າຄົງຄັງ"),
    ("Catalog", "ລາຍການສິນຄ້າ"),
    ("Search", "ການຄົ້ນຫາ"),
    ("Index", "ດັດຊະນີ"),
    ("Shipping", "ການຂົນສົ່ງ"),
    ("Shipment", "ພັດສະດຸ"),
    ("Shipments", "ພັດສະດຸ"),
    ("Fulfillment", "ການຈັດການຄຳສັ່ງ"),
    ("Notification", "ການແຈ້ງເຕືອນ"),
    ("Customer", "ລູກຄ້າ"),
    ("Customers", "ລູກຄ້າ"),
    ("Auth", "ການຢືນຢັນຕົວຕົນ"),
    ("Recommendation", "ການແນະນຳ"),
    ("Review", "ຄຳຕິຊົມ"),
    ("Reviews", "ຄຳຕິຊົມ"),
    ("Promotion", "ໂປຣໂມຊັນ"),
    ("Promotions", "ໂປຣໂມຊັນ"),
    ("Tax", "ພາສີ"),
    ("Fraud", "ການສໍ້ໂກງ"),
    ("Returns", "ການສົ່ງຄືນ"),
    ("Loyalty", "ຄວາມພັກດີ"),
    ("Reporting", "ການລາຍງານ"),
    ("Invoice", "ໃບແຈ້ງໜີ້"),
    ("Session", "ເຊສຊັນ"),
    ("Events", "ເຫດການ"),
];

/// The Lao kind words (the head, first).
const LAO_HEADS: &[(&str, &str)] = &[
    ("Service", "ບໍລິການ"),
    ("DB", "ຖານຂໍ້ມູນ"),
    ("Cache", "ແຄຊ"),
    ("Queue", "ຄິວ"),
    ("Topic", "ຫົວຂໍ້"),
];

/// The Lao answer for a name, `None` for a word the table lacks.
fn lao(words: &[&str], kind_word: &str, kind: Kind) -> Option<String> {
    Some(match kind {
        Kind::External => format!("API ຂອງ {}", words.concat()),
        Kind::Gateway => "ປະຕູ API".into(),
        Kind::Frontend => "ໜ້າຮ້ານອອນລາຍ".into(),
        Kind::Index => "ດັດຊະນີຄົ້ນຫາ".into(),
        _ => {
            let own = translated(words, LAO)?;
            let head = LAO_HEADS
                .iter()
                .find(|(en, _)| *en == kind_word)
                .map(|(_, h)| *h)?;
            // The head before what qualifies it, the last word back, with no spaces.
            let mut out = head.to_string();
            for w in own.iter().rev() {
                out.push_str(w);
            }
            out
        }
    })
}

/// `words` (the name's own words) and `kind_word` (its kind word as the canonical name
/// writes it, empty for none) in `style`; `None` when the style has nothing to say for
/// this name (a word the Lao table lacks).
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
    let h = hash(&kebab, "fortyfifth");
    Some(match style {
        Name::Lao => lao(words, kind_word, kind)?,
        Name::Addressables => format!("Assets/Prefabs/{camel}.prefab"),
        Name::Perforce => format!("//depot/{kebab}/..."),
        Name::ShotGrid => format!(
            "{{'type': 'Asset', 'id': {}, 'name': '{spaced}'}}",
            1_000 + h % 9_000
        ),
        Name::Houdini => format!("/obj/{snake}{}", 1 + (h >> 14) % 3),
        Name::Fmod => format!("event:/NovaMart/{spaced}"),
        Name::Usd => format!("/World/{camel}"),
        Name::Slurm => format!(
            "{kebab}_{}_{}.out",
            4_400_000 + (h >> 20) % 90_000,
            (h >> 40) % 16
        ),
        Name::Snakemake => format!("rule {snake}:"),
        Name::Nextflow => format!("NOVAMART:{}", snake.to_uppercase()),
        Name::Hdf5 => format!("novamart.h5:/{snake}"),
        Name::Kernel => format!("Python 3 ({kebab})"),
        Name::Lmod => format!(
            "{kebab}/{}.{}.{}",
            1 + (h >> 8) % 4,
            (h >> 30) % 10,
            (h >> 50) % 6
        ),
    })
}

/// The entity types a model writes for a component of `kind`: the prompt's word first.
pub fn type_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Service => &["service", "ບໍລິການ", "Snakemake rule", "Nextflow process"],
        Kind::Database => &["database", "ຖານຂໍ້ມູນ", "HDF5 file", "Perforce depot"],
        Kind::Cache => &["cache", "ແຄຊ", "Addressables cache", "scratch space"],
        Kind::Topic => &["queue", "ຫົວຂໍ້", "FMOD event bus", "event channel"],
        Kind::Queue => &["queue", "ຄິວ", "Slurm partition", "job array"],
        Kind::External => &[
            "external_system",
            "ລະບົບພາຍນອກ",
            "ShotGrid site",
            "third-party API",
        ],
        Kind::Gateway => &["service", "ປະຕູ API", "Houdini subnet", "ingress node"],
        Kind::Frontend => &["frontend", "ແອັບເວັບ", "Unity scene", "player build"],
        Kind::Index => &["database", "ດັດຊະນີຄົ້ນຫາ", "USD stage", "lookup table"],
    }
}

/// (word in the answer, phrase in the document, passive): a passive word names the
/// relationship from its object (`B is invoked by A`: A calls B), and the answer then
/// has `from` and `to` the other way round. `A is triggered by B` (A listens to B), `A
/// is scheduled after B` and `A is linked against B` (A leans on B) only look passive (A
/// acts), and so do `A is nested under B` and `A is a stage of B` (A is the part); `B is
/// invoked by A`, `B is sampled by A`, `B is checked into by A`, `B is fed by A`, `B is
/// polled by A` and `B is required by A` are written from the object. The prompt's word
/// first.
pub fn rel_words(rel: Rel) -> &'static [(&'static str, &'static str, bool)] {
    match rel {
        Rel::Calls => &[
            ("calls", "calls", false),
            ("dispatches to", "dispatches to", false),
            ("is invoked by", "is invoked by", true),
        ],
        Rel::ReadsFrom => &[
            ("reads_from", "reads from", false),
            ("loads from", "loads from", false),
            ("is sampled by", "is sampled by", true),
        ],
        Rel::WritesTo => &[
            ("writes_to", "writes to", false),
            ("checks in to", "checks in to", false),
            ("is checked into by", "is checked into by", true),
        ],
        Rel::PublishesTo => &[
            ("publishes_to", "publishes to", false),
            ("emits into", "emits into", false),
            ("is fed by", "is fed by", true),
        ],
        Rel::SubscribesTo => &[
            ("subscribes_to", "subscribes to", false),
            ("is triggered by", "is triggered by", false),
            ("is polled by", "is polled by", true),
        ],
        Rel::DependsOn => &[
            ("depends_on", "depends on", false),
            ("is scheduled after", "is scheduled after", false),
            ("is linked against", "is linked against", false),
            ("is required by", "is required by", true),
        ],
        Rel::PartOf => &[
            ("part_of", "is part of", false),
            ("is nested under", "is nested under", false),
            ("is a stage of", "is a stage of", false),
        ],
    }
}
