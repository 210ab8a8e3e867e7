//! What the nodes of `analyze` and `build-context` use: the run's environment, rebuilt
//! from the command line on every run, and what it answers about the memory.

use super::ask::Budgets;
use crate::docs::{ChunkOptions, RetrieveOptions, Retrieved};
use crate::flows::FlowError;
use crate::llm::{Llm, Message, ResponseCache};
use crate::memory::Memory;
use crate::prompts::Prompts;
use serde_json::json;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// Options of the extraction step.
#[derive(Debug, Clone)]
pub struct ExtractOptions {
    pub enabled: bool,
    /// Whether the memory follows the documents read (`--keep-stale` turns it off).
    pub follow: bool,
    pub concurrency: usize,
    pub chunk: ChunkOptions,
}

/// What the nodes of `analyze` and `build-context` use. Rebuilt from the command line
/// on every run (and on resume); never checkpointed.
pub struct SourcesEnv {
    pub llm: Arc<dyn Llm>,
    pub prompts: Prompts,
    /// The memory as loaded at the start of the run.
    pub memory: Memory,
    pub inputs: RetrieveOptions,
    pub extract: ExtractOptions,
    /// Token budget for the knowledge-graph part of a prompt.
    pub memory_budget: usize,
    /// Token budget for document excerpts in a prompt.
    pub document_budget: usize,
    /// Where the flow writes its markdown.
    pub output: PathBuf,
    /// Where extraction answers are kept for the next run (`None` with `--no-cache`).
    pub cache: Option<Arc<dyn ResponseCache>>,
    /// What determines an extraction answer besides the chunk: the prompt templates, the
    /// model and the schema (see [`extraction_fingerprint`](super::extraction_fingerprint)).
    pub extraction_fingerprint: String,
    /// Token budget for the conversation history in an analysis prompt.
    pub history_budget: usize,
    /// Documents read before the run was recorded (so a folder with nothing to read is a
    /// usage error, not a failed run); the retrieve step takes them.
    pub prefetched: Mutex<Option<Retrieved>>,
    /// Where the extract step hands what the run has learned when it ends, to be saved
    /// into the memory file at once (see [`keeping_learned`]): whatever ends the run
    /// next (Ctrl-C during a long overview), the memory file has it. `None`: the
    /// checkpoint keeps it until the run's own save.
    pub keep_learned: Option<tokio::sync::mpsc::UnboundedSender<Memory>>,
    /// `--view`: the page of the knowledge graph written after the run (see
    /// `archie memory view`), which the output links to.
    pub view: Option<PathBuf>,
    /// The memory file's folder, absolute: document sources are paths beside it.
    pub memory_dir: PathBuf,
    /// [`SourcesEnv::memory`] following what extraction read, made once (see
    /// [`SourcesEnv::known`]).
    pub followed: std::sync::OnceLock<Memory>,
    /// The ground of the documents extraction read, made while the model answered: see
    /// [`super::later::DocumentsGround`].
    pub documents_ground: super::later::DocumentsGround,
}

impl SourcesEnv {
    /// The loaded memory, less what the documents the run read no longer state (once
    /// extraction has read them; with what it learned): what prompts and diagrams read.
    pub fn known(&self, sources: &super::Sources) -> &Memory {
        match &sources.reading {
            None => &self.memory,
            Some(reading) => self.followed.get_or_init(|| {
                let mut all = self.memory.clone();
                all.follow(
                    sources.learned.clone(),
                    reading,
                    &crate::memory::FollowStamp::default(),
                );
                all
            }),
        }
    }

    /// The loaded memory with this run's knowledge merged in, following the documents
    /// the run read (what they no longer state is left out).
    pub fn memory_with(&self, sources: &super::Sources) -> Memory {
        let mut all = self.known(sources).clone();
        all.merge(sources.learned.clone());
        // The names the save will write, so this run's diagram draws what the next one
        // (over the same documents) draws.
        all.readable_names();
        all
    }

    /// Where the knowledge of a model's answer in run `run` (its turn `turn` of an
    /// analysis) comes from, and what grounds
    /// it: the documents the run read, the memory's names and `conversation` (the goal,
    /// the person's answers, the model's earlier turns).
    pub fn conversation_origin(
        &self,
        sources: &super::Sources,
        run: Option<&str>,
        turn: Option<u32>,
        conversation: &[&str],
    ) -> crate::flows::reply::Origin {
        let ground = match self.documents_ground.copy_if_ready(&sources.documents) {
            Some(mut ground) => {
                let documents = sources.documents.len();
                for text in self
                    .conversation_texts(sources, conversation)
                    .skip(documents)
                {
                    ground.add(text);
                }
                ground
            }
            None => super::later::ground_of_all(self.conversation_texts(sources, conversation)),
        };
        Self::conversation_origin_of(ground, run, turn)
    }

    /// [`SourcesEnv::conversation_origin`] with its ground made from
    /// [`SourcesEnv::conversation_texts`] already (on a blocking thread while the model
    /// answered: see [`super::later`]).
    pub fn conversation_origin_of(
        ground: crate::memory::ground::Ground,
        run: Option<&str>,
        turn: Option<u32>,
    ) -> crate::flows::reply::Origin {
        crate::flows::reply::Origin {
            source: run.map(|id| crate::memory::source::run(id, turn)),
            ground: Some(ground),
            not_components: Vec::new(),
            prompt: None,
        }
    }

    /// What a conversation's knowledge must be found in, in order: the documents the run
    /// read, the names (and aliases) of the memory and of what the run learned, and
    /// `conversation`.
    pub fn conversation_texts<'a>(
        &'a self,
        sources: &'a super::Sources,
        conversation: &'a [&'a str],
    ) -> impl Iterator<Item = &'a str> + 'a {
        let documents = sources.documents.iter().map(|doc| doc.text.as_str());
        let names = [&self.memory, &sources.learned]
            .into_iter()
            .flat_map(|memory| memory.entities())
            .flat_map(|e| std::iter::once(e.name.as_str()).chain(e.aliases()));
        documents.chain(names).chain(conversation.iter().copied())
    }

    /// [`SourcesEnv::conversation_origin`]'s ground made on a blocking thread from now on,
    /// for an answer the caller is about to ask for: see [`super::later`].
    pub fn conversation_ground_later(
        &self,
        sources: &super::Sources,
        conversation: &[&str],
    ) -> super::later::Later<crate::memory::ground::Ground> {
        let texts: Vec<String> = self
            .conversation_texts(sources, conversation)
            .map(str::to_string)
            .collect();
        // The documents come first: their ground is made already, or on its way.
        let documents = sources.documents.len();
        let made = self.documents_ground.take(&sources.documents);
        super::later::Later::start(move || match made.and_then(super::later::Pending::wait) {
            Some(mut ground) => {
                for text in &texts[documents..] {
                    ground.add(text);
                }
                ground
            }
            None => super::later::ground_of_all(texts),
        })
    }

    /// The path a document's source has in the memory: `path` (as reachable from the
    /// current folder) relative to the memory file's folder, with `/` separators; an
    /// absolute path when it is not below that folder.
    pub fn source_path(&self, path: &std::path::Path) -> String {
        beside(&self.memory_dir, path)
    }

    /// The relevant part of the knowledge graph for a prompt about `text`.
    pub fn relevant_memory(&self, sources: &super::Sources, text: &str) -> String {
        self.relevant_memory_within(sources, text, self.memory_budget)
    }

    /// Like [`SourcesEnv::relevant_memory`] within `budget` tokens. Reads through both, without
    /// merging a copy of the whole memory per prompt.
    pub fn relevant_memory_within(
        &self,
        sources: &super::Sources,
        text: &str,
        budget: usize,
    ) -> String {
        self.known(sources)
            .relevant_with(&sources.learned, text, budget)
            .text
    }

    /// The system prompt every call of these flows starts with.
    pub fn system_message(&self) -> Result<Message, FlowError> {
        Ok(Message::system(self.prompts.render("system", json!({}))?))
    }

    /// The user's budgets for the parts of a prompt.
    pub fn budgets(&self) -> Budgets {
        Budgets {
            documents: self.document_budget,
            memory: self.memory_budget,
        }
    }
}

/// Runs `run` (a flow over an [`SourcesEnv`] whose `keep_learned` sends to `learned`), calling
/// `keep` with each memory handed over while it runs; returns what `run` returns.
pub async fn keeping_learned<T>(
    run: impl std::future::Future<Output = T>,
    learned: &mut tokio::sync::mpsc::UnboundedReceiver<Memory>,
    mut keep: impl FnMut(Memory),
) -> T {
    tokio::pin!(run);
    loop {
        tokio::select! {
            biased;
            out = &mut run => {
                // Handed over just before the run ended (it failed at once, say).
                while let Ok(memory) = learned.try_recv() {
                    keep(memory);
                }
                return out;
            }
            Some(memory) = learned.recv() => keep(memory),
        }
    }
}

/// `path` relative to `dir` (both made absolute and lexically clean), with `/`
/// separators; absolute when it is not below `dir`.
pub fn beside(dir: &std::path::Path, path: &std::path::Path) -> String {
    let clean = |p: &std::path::Path| {
        crate::files::lexical(&std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf()))
    };
    let (dir, path) = (clean(dir), clean(path));
    let shown = path.strip_prefix(&dir).unwrap_or(&path);
    let text = shown
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/");
    match text.as_str() {
        "" => ".".to_string(),
        _ if shown.is_absolute() => format!("/{}", text.trim_start_matches('/')),
        _ => text,
    }
}

/// The line that links an output written to `output` to the view page, if there is one:
/// a path relative to the output's folder, so the link works wherever the two are moved
/// together.
pub fn view_link(env: &SourcesEnv, output: &std::path::Path) -> Option<String> {
    let view = env.view.as_ref()?;
    let absolute = |p: &std::path::Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let from = if output.as_os_str() == "-" {
        absolute(std::path::Path::new("."))
    } else {
        absolute(output)
            .parent()
            .map(std::path::Path::to_path_buf)?
    };
    let to = absolute(view);
    let common = from
        .components()
        .zip(to.components())
        .take_while(|(a, b)| a == b)
        .count();
    let mut relative = PathBuf::new();
    for _ in from.components().skip(common) {
        relative.push("..");
    }
    for part in to.components().skip(common) {
        relative.push(part);
    }
    let target = relative.display().to_string().replace(' ', "%20");
    Some(format!(
        "\n\n[Explore the knowledge graph: search, filter, neighbours]({target})\n"
    ))
}
