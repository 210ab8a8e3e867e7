//! What `analyze` and `build-context` share: their environment, the retrieve and
//! extract nodes, document excerpts for prompts, and writing output files.
//!
//! Both flows begin `retrieve → extract`: read the design documents, then extract a
//! knowledge graph from every chunk of them with bounded concurrency. What the run
//! learns is kept in the state (`Sources::learned`), apart from the memory loaded at the
//! start, so a checkpoint carries only this run's knowledge and a resumed run re-applies
//! it to the memory file as it is then. A checkpoint refers to documents by path, size and
//! hash, not their text: a resumed run reads them again and says if one changed.
//!
//! One job a file:
//!
//! | file | job |
//! |---|---|
//! | `env.rs` | [`SourcesEnv`], what the nodes use, handing learned knowledge over while a run goes on, and the link to the view page |
//! | `state.rs` | [`Sources`], the part of a flow's state these nodes keep |
//! | `retrieve.rs` | the retrieve node |
//! | `extract.rs` | the extract node |
//! | `later.rs` | work a step needs once the model answered (grounds), done on a blocking thread meanwhile |
//! | `learning.rs` | extraction's answers merged in the chunks' order as they arrive, on a blocking thread |
//! | `cache.rs` | extraction answers kept for the next run: fingerprint, keys, reading, writing |
//! | `plan.rs` | what extraction would ask (`--dry-run`) |
//! | `ask.rs` | asking for a reply the user reads, within [`Budgets`] fitted to the context |
//! | `excerpts.rs` | document [`Excerpt`]s for a prompt |
//! | `markdown.rs` | the model's sections named, its headings demoted |
//! | `output.rs` | writing output files |

mod ask;
mod cache;
mod env;
mod excerpts;
mod extract;
mod later;
mod learning;
mod markdown;
mod output;
mod plan;
mod retrieve;
mod state;

pub use ask::{Budgets, ask_model, prompt_tokens};
pub use cache::extraction_fingerprint;
pub use env::{ExtractOptions, SourcesEnv, keeping_learned, view_link};
pub use excerpts::{Excerpt, about, excerpts, paths};
pub use extract::extract;
pub use later::{Later, chunk_ground, ground_of_all};
pub use markdown::{counted, demote_headings, outline, sections};
pub use output::{generated_header, is_stdout, output_name, write_output};
pub use plan::{ExtractionPlan, extraction_plan};
pub use retrieve::retrieve;
pub use state::{HasSources, Sources};

/// The node that reads the documents.
pub const RETRIEVE: &str = "retrieve";
/// The node that extracts knowledge from them.
pub const EXTRACT: &str = "extract";

/// The progress line of extraction.
const EXTRACTING: &str = "extracting knowledge";
/// The progress line of reading the documents.
const READING: &str = "reading the documents";
/// The progress line while waiting for the model's first words.
pub const ASKING: &str = "asking the model";
/// The nodes above as the user reads them, for the flows that run them.
pub const STEPS: [(&str, &str); 2] = [(RETRIEVE, READING), (EXTRACT, EXTRACTING)];
