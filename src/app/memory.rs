//! The memory commands' work (`archie memory …`): look at the knowledge graph, import
//! into it, decide which names are one thing, draw and export it. The command line only
//! dispatches here.

use super::App;
use crate::error::UsageError;
use crate::events::Event;
use crate::memory::{Memory, MemoryFile, MermaidOptions};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How `archie memory export` writes the memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    Json,
    Mermaid,
    Dot,
    Graphml,
    Structurizr,
    #[value(name = "c4-mermaid")]
    C4Mermaid,
    Backstage,
}

/// What the judge of a memory command needs: an LLM client and the prompts.
type JudgeParts = (Arc<dyn crate::llm::Llm>, crate::prompts::Prompts);

impl App {
    /// `memory stats`: the counts by type and the most connected entities.
    pub fn memory_stats(&self) -> anyhow::Result<()> {
        let path = self.settings.memory_file.clone();
        let json = self.settings.json;
        let (_, memory) = self.open_memory()?;
        if !json && !path.exists() {
            self.events.emit(Event::Result {
                text: format!(
                    "{}: no memory file yet (analyze, build-context and memory import \
                     create it)",
                    path.display()
                ),
            });
            return Ok(());
        }
        let stats = memory.stats();
        self.events.emit(if json {
            Event::Data {
                value: serde_json::to_value(&stats)?,
            }
        } else {
            Event::Result {
                text: crate::ui::memory::render_stats(&path, &stats),
            }
        });
        exiting(memory);
        Ok(())
    }

    /// `memory diff OLD [NEW]`: what changed between two memory files (`-`: stdin; NEW
    /// defaults to the memory file).
    pub fn memory_diff(&self, old: &Path, new: Option<PathBuf>) -> anyhow::Result<()> {
        let path = self.settings.memory_file.clone();
        let json = self.settings.json;
        let new = new.unwrap_or_else(|| path.clone());
        let (old_memory, new_memory) = (read_for_diff(self, old)?, read_for_diff(self, &new)?);
        let diff = new_memory.diff_from(&old_memory);
        self.events.emit(if json {
            Event::Data {
                value: serde_json::to_value(&diff)?,
            }
        } else {
            Event::Result {
                text: diff.markdown().trim_end().to_string(),
            }
        });
        Ok(())
    }

    /// `memory show NAME [--history]`: one entity with its relationships (and what the
    /// documents no longer state about it).
    pub fn memory_show(&self, name: &str, history: bool) -> anyhow::Result<()> {
        let path = self.settings.memory_file.clone();
        let json = self.settings.json;
        let (_, memory) = self.open_memory()?;
        let retracted = memory.history();
        let Some(entity) = memory.entity(name) else {
            if history
                && retracted
                    .entities
                    .iter()
                    .any(|r| crate::memory::key(&r.entity.name) == crate::memory::key(name))
            {
                self.events.emit(Event::Result {
                    text: format!(
                        "{name}: no longer in the graph{}",
                        crate::ui::memory::render_history(&memory, name, &retracted)
                    ),
                });
                return Ok(());
            }
            let close = memory.suggest(name, 5);
            let hint = if close.is_empty() {
                format!(
                    "`archie memory stats --memory-file {}` lists the most connected entities.",
                    crate::shell::quote(&path.display().to_string())
                )
            } else {
                format!("Did you mean: {}?", close.join(", "))
            };
            return Err(UsageError::new(format!(
                "no entity named \"{name}\" in {}",
                path.display()
            ))
            .hint(hint)
            .into());
        };
        let outgoing = memory.outgoing(name);
        let incoming = memory.incoming(name);
        let k = crate::memory::key(&entity.name);
        let gone = serde_json::json!({
            "entities": retracted.entities.iter().filter(|r| crate::memory::key(&r.entity.name) == k).collect::<Vec<_>>(),
            "relationships": retracted.relationships.iter().filter(|r| crate::memory::key(&r.relationship.from) == k || crate::memory::key(&r.relationship.to) == k).collect::<Vec<_>>(),
        });
        self.events.emit(if json {
            let mut value = serde_json::json!({
                "entity": entity,
                "outgoing": outgoing,
                "incoming": incoming,
            });
            if history {
                value["retracted"] = gone;
            }
            Event::Data { value }
        } else {
            let mut text = crate::ui::memory::render_entity(&memory, entity, &outgoing, &incoming);
            if history {
                text.push_str(&crate::ui::memory::render_history(
                    &memory,
                    &entity.name,
                    &retracted,
                ));
            }
            Event::Result { text }
        });
        exiting(memory);
        Ok(())
    }

    /// `memory import CATALOG`: a Backstage catalog (a YAML file or a folder) merged into
    /// the memory, then the pairs of names decided.
    pub async fn import_catalog(&self, file: &Path, no_judge: bool) -> anyhow::Result<()> {
        let (texts, files) = catalog_texts(file)?;
        let catalog = crate::memory::read_backstage(&texts).map_err(|e| {
            UsageError::new(format!("cannot read the Backstage catalog: {e}"))
                .hint("Each file must be YAML: one or more documents separated by `---`.")
        })?;
        if catalog.entities == 0 {
            return Err(UsageError::new(format!(
                "{} holds no Backstage entities (Component, API, Resource, System, Domain, Group, User) in {files} YAML file(s)",
                file.display()
            ))
            .into());
        }
        let mut what = format!(
            "read {} catalog entities from {files} file(s)",
            catalog.entities
        );
        if !catalog.skipped.is_empty() {
            what.push_str(&format!(
                "; not entities archie keeps: {}",
                catalog.skipped.join(", ")
            ));
        }
        self.events.emit(Event::Done { message: what });
        let (target, memory) = self.open_memory()?;
        // Each entity and relationship is sourced to the catalog file that states it.
        self.import(&target, memory, catalog.memory, no_judge).await
    }

    /// `memory import FILE`: another memory file merged into this one, then the pairs of
    /// names decided.
    pub async fn import_memory(&self, file: &Path, no_judge: bool) -> anyhow::Result<()> {
        let (target, memory) = self.open_memory()?;
        let Some((other, problems)) = MemoryFile::read(file)? else {
            return Err(
                UsageError::new(format!("{} does not exist", file.display()))
                    .hint("Give the path of a memory file (a context.json) to import.")
                    .into(),
            );
        };
        self.memory_problems(file, problems);
        let mut other = other;
        other.add_source(&crate::memory::source::import(&file.display().to_string()));
        self.import(&target, memory, other, no_judge).await
    }

    /// `other` merged into `memory` (the memory file `target` as loaded) and saved, what
    /// changed said (fact by fact under `--json`), then the pairs of names decided.
    async fn import(
        &self,
        target: &MemoryFile,
        mut memory: Memory,
        other: Memory,
        no_judge: bool,
    ) -> anyhow::Result<()> {
        let before = self.settings.json.then(|| memory.clone());
        let merged = memory.merge(other);
        memory.note_duplicates();
        let saved = target.save(&memory)?;
        self.events.emit(Event::memory_saved(&saved, &merged));
        if let Some(before) = &before {
            self.report_diff(before, &memory);
        }
        exiting(memory);
        self.review(target, no_judge).await?;
        Ok(())
    }

    /// `memory dedupe`: the pairs of names that are probably one thing, decided.
    pub async fn memory_dedupe(&self, no_judge: bool) -> anyhow::Result<()> {
        let path = self.settings.memory_file.clone();
        let (file, _) = self.open_memory()?;
        if self.review(&file, no_judge).await? == 0 {
            self.events.emit(Event::Done {
                message: format!(
                    "no pairs in {} look like one thing (pairs kept apart are not asked again)",
                    path.display()
                ),
            });
        }
        Ok(())
    }

    /// `memory merge NAME INTO`: one entity merged into another.
    pub fn memory_merge(&self, name: &str, into: &str) -> anyhow::Result<()> {
        let saved = self.update_two(name, into, |m| {
            let merged = m.merge_entities(name, into);
            merged.map(|merged| *m = merged).is_some()
        })?;
        self.events.emit(Event::Done {
            message: format!(
                "merged `{name}` into `{into}` in {} (`archie memory unmerge {}` takes it back)",
                saved.path.display(),
                crate::shell::quote(name)
            ),
        });
        Ok(())
    }

    /// `change` made to the memory file, which must hold `a` and `b` as two entities
    /// (checked before, and by `change` itself under the file's lock: it says whether it
    /// found them).
    fn update_two(
        &self,
        a: &str,
        b: &str,
        change: impl FnOnce(&mut Memory) -> bool,
    ) -> anyhow::Result<crate::memory::SaveReport> {
        let path = &self.settings.memory_file;
        let (file, memory) = self.open_memory()?;
        if let Some(err) = not_two(path, &memory, a, b) {
            return Err(err.into());
        }
        let (done, _, saved) = file.update(change)?;
        if !done {
            return Err(not_both(path, a, b).into());
        }
        Ok(saved)
    }

    /// `memory unmerge NAME`: a merge taken back.
    pub fn memory_unmerge(&self, name: &str) -> anyhow::Result<()> {
        let path = self.settings.memory_file.clone();
        let (file, _) = self.open_memory()?;
        let mut same_words = Vec::new();
        let (done, _, _) = file.update(|m| {
            let back = m.unmerge(name);
            if back.is_none() {
                same_words = m
                    .decisions()
                    .merges_by_words(name)
                    .map(|(_, r)| {
                        // The spelling that says which one (`Ledger (EU)`).
                        let written = std::iter::once(r.entity.name.as_str())
                            .chain(r.entity.aliases())
                            .find(|n| crate::memory::identity::Mark::of(n).is_some())
                            .unwrap_or(&r.entity.name);
                        format!("`{written}` (into `{}`)", r.into)
                    })
                    .collect();
            }
            back.map(|back| *m = back).is_some()
        })?;
        if !done && !same_words.is_empty() {
            return Err(UsageError::new(format!(
                "\"{name}\" names more than one merge in {}: {}",
                path.display(),
                same_words.join(", ")
            ))
            .hint("Name the one to take back as it is written there.")
            .into());
        }
        if !done {
            return Err(UsageError::new(format!(
                "no merge of \"{name}\" is recorded in {}",
                path.display()
            ))
            .hint("Only merges archie made (memory merge, memory dedupe, a run's question) can be taken back.")
            .into());
        }
        self.events.emit(Event::Done {
            message: format!("took back the merge of `{name}`; archie will not suggest it again"),
        });
        Ok(())
    }

    /// `memory keep-apart A B`: two entities remembered as two things.
    pub fn memory_keep_apart(&self, a: &str, b: &str) -> anyhow::Result<()> {
        self.update_two(a, b, |m| {
            let found = m.entity(a).is_some() && m.entity(b).is_some();
            if found {
                let mut d = m.decisions();
                d.keep_apart(a, b);
                m.set_decisions(&d);
            }
            found
        })?;
        self.events.emit(Event::Done {
            message: format!(
                "`{a}` and `{b}` are two things; archie will not suggest merging them"
            ),
        });
        Ok(())
    }

    /// `memory view [-o FILE] [--open]`: the graph as one HTML page.
    pub fn memory_view(&self, output: Option<PathBuf>, open: bool) -> anyhow::Result<()> {
        let path = self.settings.memory_file.clone();
        let (_, memory) = self.open_memory()?;
        let explicit = output.is_some();
        let output = output.unwrap_or_else(|| path.with_extension("html"));
        self.write_view(&memory, &output, explicit)?;
        exiting(memory);
        if open {
            self.open_in_browser(&output);
        }
        Ok(())
    }

    /// `memory export --format F`: the memory as JSON, a diagram or a catalog, on stdout.
    pub fn memory_export(
        &self,
        format: ExportFormat,
        focus: Vec<String>,
        max_nodes: usize,
        system: Option<String>,
    ) -> anyhow::Result<()> {
        let path = self.settings.memory_file.clone();
        let json = self.settings.json;
        let (_, memory) = self.open_memory()?;
        // Not named: the memory's one system, else the memory file's folder.
        let system = system.unwrap_or_else(|| {
            let mut systems = memory
                .entities()
                .iter()
                .filter(|e| crate::memory::identity::entity_type(&e.kind) == "system");
            match (systems.next(), systems.next()) {
                (Some(only), None) => only.name.clone(),
                _ => system_name(&path),
            }
        });
        let text = match format {
            // Under --json, the memory itself rather than its text in a string.
            ExportFormat::Json if json => {
                let value = serde_json::from_str(&memory.to_json())?;
                self.events.emit(Event::Data { value });
                return Ok(());
            }
            ExportFormat::Json => memory.to_json().trim_end().to_string(),
            ExportFormat::Mermaid => {
                let opts = MermaidOptions::default()
                    .focus(focus)
                    .max_nodes(max_nodes.max(1));
                memory.to_mermaid(&opts).trim_end().to_string()
            }
            ExportFormat::Dot => memory.to_dot(),
            ExportFormat::Graphml => memory.to_graphml(),
            ExportFormat::Structurizr => memory.to_structurizr(&system),
            ExportFormat::C4Mermaid => memory.to_c4_mermaid(&system),
            ExportFormat::Backstage => memory.to_backstage(),
        };
        let text = text.trim_end().to_string();
        exiting(memory);
        self.events.emit(Event::Result { text });
        Ok(())
    }

    /// The model as judge for a memory command: `None` when it is off, or when no LLM is
    /// configured (then said once: the pairs are left to the person).
    fn memory_judge(&self, no_judge: bool) -> anyhow::Result<Option<JudgeParts>> {
        if !super::dedupe::judge_on(no_judge, &self.settings.memory_file)? {
            return Ok(None);
        }
        let config = match self.llm_config() {
            Ok(config) => config,
            Err(err) => {
                self.events.emit(Event::Detail {
                    message: format!(
                        "no model to judge pairs of names ({err}); they are left to you"
                    ),
                });
                return Ok(None);
            }
        };
        let prompts = self.prompts()?;
        let llm = self.connect_llm(config, self.events.clone())?;
        Ok(Some((llm, prompts)))
    }

    /// Decides the pairs in `file` with the model as judge (unless `no_judge`), then says
    /// what the model used.
    async fn review(&self, file: &MemoryFile, no_judge: bool) -> anyhow::Result<usize> {
        let judge = self.memory_judge(no_judge)?;
        let found = self
            .review_duplicates(
                file,
                judge.as_ref().map(|(llm, prompts)| super::dedupe::Judge {
                    llm: &**llm,
                    prompts,
                    ahead: None,
                }),
            )
            .await?;
        self.emit_usage();
        Ok(found)
    }

    /// Writes the view page of `memory` to `output` and says so. A page there that archie
    /// did not write is replaced only when the user named the file (`explicit`).
    fn write_view(&self, memory: &Memory, output: &Path, explicit: bool) -> anyhow::Result<()> {
        let ours = explicit
            || std::fs::read(output).map_or(true, |old| {
                old.windows(GENERATOR.len())
                    .any(|w| w == GENERATOR.as_bytes())
            });
        if !ours {
            return Err(UsageError::new(format!(
                "{} exists and is not a page archie wrote",
                output.display()
            ))
            .hint("Name another file with -o FILE, or remove it.")
            .into());
        }
        let memory_file = &self.settings.memory_file;
        let title = format!("{} · archie", system_name(memory_file));
        let page = memory.to_html(&title);
        crate::files::write_atomic(output, page.as_bytes())
            .map_err(|e| UsageError::new(format!("cannot write {}: {e}", output.display())))?;
        self.events.emit(Event::Wrote {
            path: output.display().to_string(),
            what: format!(
                "view of {}",
                crate::text::graph_size(
                    memory.entities().len() as u64,
                    memory.relationships().len() as u64
                )
            ),
        });
        Ok(())
    }
    /// `--view` of a finished run: the page of the memory as saved. The run's work is done,
    /// so a page that cannot be written is a warning, not a failure.
    pub(super) fn write_view_after_run(&self, page: &Path) {
        let written = self
            .open_memory()
            .map_err(anyhow::Error::from)
            .and_then(|(_, memory)| self.write_view(&memory, page, false));
        if let Err(err) = written {
            self.events.emit(Event::Warning {
                message: format!("the view was not written: {err:#}"),
            });
        }
    }
    /// Opens `page` with the desktop's opener; says so when there is none.
    fn open_in_browser(&self, page: &Path) {
        let opener = if cfg!(target_os = "macos") {
            "open"
        } else {
            "xdg-open"
        };
        let started = std::process::Command::new(opener)
            .arg(page)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
        if let Err(e) = started {
            self.events.emit(Event::Warning {
                message: format!(
                    "could not open it ({opener}: {e}); open {} in a browser",
                    page.display()
                ),
            });
        }
    }
}

/// A Backstage catalog rather than a memory file: a YAML file or a folder.
pub fn is_catalog(path: &Path) -> bool {
    path.is_dir()
        || path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"))
}

/// The YAML files of a catalog (the file, or every `*.yaml`/`*.yml` under the folder,
/// outside hidden folders and `node_modules`), each read with a bound.
fn catalog_texts(path: &Path) -> anyhow::Result<(Vec<(String, String)>, usize)> {
    const LIMIT: u64 = 16 * 1024 * 1024;
    let files: Vec<PathBuf> = if path.is_dir() {
        walkdir::WalkDir::new(path)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| {
                let name = e.file_name().to_string_lossy();
                e.depth() == 0 || !(name.starts_with('.') || name == "node_modules")
            })
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file() && is_catalog(e.path()))
            .map(|e| e.into_path())
            .collect()
    } else {
        vec![path.to_path_buf()]
    };
    let mut texts = Vec::new();
    for file in &files {
        let bytes = crate::files::read_regular(file, LIMIT)
            .map_err(|e| UsageError::new(format!("cannot read {}: {e}", file.display())))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| UsageError::new(format!("{} is not UTF-8 text", file.display())))?;
        texts.push((file.display().to_string(), text));
    }
    Ok((texts, files.len()))
}

/// What marks a page `archie memory view` wrote.
const GENERATOR: &str = "<meta name=\"generator\" content=\"archie memory view\">";

/// The system a memory describes, when not named: the folder its memory file is in
/// (`payments/context.json` → `payments`).
fn system_name(memory_file: &Path) -> String {
    std::path::absolute(memory_file)
        .ok()
        .and_then(|p| Some(p.parent()?.file_name()?.to_string_lossy().into_owned()))
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "System".to_string())
}

/// The process ends right after a read-only memory command: freeing a large memory entry
/// by entry (some 40 ms at 100k entities) is work the operating system does at once.
fn exiting(memory: Memory) {
    std::mem::forget(memory);
}

/// A memory file for `memory diff` (`-`: stdin). A missing file is an error here: a
/// diff against nothing is a mistake more often than a wish.
fn read_for_diff(app: &App, file: &Path) -> anyhow::Result<Memory> {
    if file.as_os_str() == "-" {
        let mut bytes = Vec::new();
        use std::io::Read;
        std::io::stdin()
            .take(crate::memory::DEFAULT_MAX_SIZE + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| UsageError::new(format!("cannot read the memory from stdin: {e}")))?;
        if bytes.len() as u64 > crate::memory::DEFAULT_MAX_SIZE {
            return Err(UsageError::new("the memory on stdin is larger than archie reads").into());
        }
        return Memory::from_json(&bytes).map_err(|e| {
            UsageError::new(format!("the memory on stdin is not a memory file: {e}")).into()
        });
    }
    let Some((memory, problems)) = MemoryFile::read(file)? else {
        return Err(UsageError::new(format!("{} does not exist", file.display()))
            .hint("Give two memory files; `git show REF:context.json > old.json` makes one from history.")
            .into());
    };
    app.memory_problems(file, problems);
    Ok(memory)
}

/// Why `a` and `b` cannot be merged, said precisely: they are one entity already, or
/// one of them is not in the memory (with the names it might have meant).
fn not_two(path: &Path, memory: &Memory, a: &str, b: &str) -> Option<UsageError> {
    let (ea, eb) = (memory.entity(a), memory.entity(b));
    if let (Some(ea), Some(eb)) = (ea, eb) {
        return (ea.name == eb.name).then(|| {
            UsageError::new(format!(
                "\"{a}\" and \"{b}\" are already one entity, `{}`, in {}",
                ea.name,
                path.display()
            ))
            .hint("Nothing to merge. `archie memory show NAME` shows it with all its spellings.")
        });
    }
    let missing = if ea.is_none() { a } else { b };
    let close = memory.suggest(missing, 5);
    let hint = if close.is_empty() {
        "`archie memory show NAME` finds an entity by any of its spellings.".to_string()
    } else {
        format!("Did you mean: {}?", close.join(", "))
    };
    Some(
        UsageError::new(format!(
            "no entity named \"{missing}\" in {}",
            path.display()
        ))
        .hint(hint),
    )
}

/// Two names of which one is not in the memory, or both are one entity already.
fn not_both(path: &Path, a: &str, b: &str) -> UsageError {
    UsageError::new(format!(
        "\"{a}\" and \"{b}\" are not two entities of {}",
        path.display()
    ))
    .hint("`archie memory show NAME` finds an entity by any of its spellings.")
}
