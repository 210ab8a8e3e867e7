//! Where a fact came from: the sources an [`Entity`](super::Entity) or a
//! [`Relationship`](super::Relationship) keeps, one short string each, so the memory file
//! stays small, sorted and readable in a pull request's diff:
//!
//! | source | written | what stated the fact |
//! |---|---|---|
//! | a document chunk | `doc:1f2e3d4c5b6a` | a chunk of a document: the first 12 hex digits of its content's SHA-256, whose path (beside the memory file) and heading the file's `chunks` table gives (`"1f2e3d4c5b6a": "docs/001-overview.md § Main request path"`) |
//! | a run | `run:r7k3`, `run:r7k3 turn 2` | the model's answer in that run (the overview; an analysis turn), grounded in its documents, the memory and the conversation |
//! | an import | `import:catalog-info.yaml` | `archie memory import` of that file |
//! | an MCP client | `mcp:claude-code` | an agent's write through `archie mcp` |
//! | a person | `person:merge` | a decision at the command line (`memory merge`, `dedupe`) |
//!
//! A fact with one source writes it as a string, with several as a list; a chunk is named
//! once in the `chunks` table however many facts it states. So sources cost little: about
//! a fifth more file on a large memory (docs/performance.md).
//!
//! A fact with no source was written before archie kept them: as far as archie can tell,
//! a person's. Only facts whose every source is a document chunk follow the documents
//! (see [`Memory::follow`](super::Memory::follow)).

/// The digits of a chunk's hash a source keeps: enough to tell a document's chunks and
/// their versions apart.
pub const HASH_DIGITS: usize = 12;

/// What a source string says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source<'a> {
    /// A chunk of a document, by its hash's first [`HASH_DIGITS`] digits (the memory's
    /// `chunks` table gives its document and section: [`Memory::chunk_place`]).
    Chunk(&'a str),
    /// A run's conversation.
    Run(&'a str),
    /// A file brought in by `memory import`.
    Import(&'a str),
    /// A client of `archie mcp`.
    Mcp(&'a str),
    /// A person's decision (`merge`, `dedupe`, …).
    Person(&'a str),
    /// Anything else (a hand-edited file): kept, never followed.
    Other(&'a str),
}

const CHUNK: &str = "doc:";
const RUN: &str = "run:";
const IMPORT: &str = "import:";
const MCP: &str = "mcp:";
const PERSON: &str = "person:";
const SECTION: &str = " § ";

/// The file's table of the chunks sources name: hash → `path § section`.
pub const CHUNKS_KEY: &str = "chunks";

/// The source of a document chunk whose text has SHA-256 `hash` (lowercase hex).
pub fn chunk(hash: &str) -> String {
    format!("{CHUNK}{}", &hash[..hash.len().min(HASH_DIGITS)])
}

/// Where a chunk is, as the `chunks` table keeps it: `path § section`, or the path.
pub fn place(path: &str, section: &str) -> String {
    let section = one_line(section);
    if section.is_empty() {
        path.to_string()
    } else {
        format!("{path}{SECTION}{section}")
    }
}

/// The path of a chunk's place (`docs/a.md § Payments` → `docs/a.md`).
pub fn place_path(place: &str) -> &str {
    place.split_once(SECTION).map_or(place, |(path, _)| path)
}

/// The source of what a run's conversation stated (`run:r7k3`), in turn `turn` of an
/// analysis (`run:r7k3 turn 2`).
pub fn run(id: &str, turn: Option<u32>) -> String {
    match turn {
        Some(turn) => format!("{RUN}{id} turn {turn}"),
        None => format!("{RUN}{id}"),
    }
}

/// The source of what `memory import FILE` brought.
pub fn import(file: &str) -> String {
    format!("{IMPORT}{}", one_line(file))
}

/// The source of an `archie mcp` client's write.
pub fn mcp(client: &str) -> String {
    let client = one_line(client);
    format!(
        "{MCP}{}",
        if client.is_empty() { "client" } else { &client }
    )
}

/// The source of a person's decision.
pub fn person(what: &str) -> String {
    format!("{PERSON}{what}")
}

/// Reads a source string.
pub fn parse(source: &str) -> Source<'_> {
    if let Some(hash) = source.strip_prefix(CHUNK) {
        Source::Chunk(hash)
    } else if let Some(id) = source.strip_prefix(RUN) {
        Source::Run(id)
    } else if let Some(file) = source.strip_prefix(IMPORT) {
        Source::Import(file)
    } else if let Some(client) = source.strip_prefix(MCP) {
        Source::Mcp(client)
    } else if let Some(what) = source.strip_prefix(PERSON) {
        Source::Person(what)
    } else {
        Source::Other(source)
    }
}

impl super::Memory {
    /// Records where chunk `hash` is (its document's path beside the memory file, and
    /// its section), so its source names it.
    pub fn note_chunk(&mut self, hash: &str, path: &str, section: &str) {
        let hash = &hash[..hash.len().min(HASH_DIGITS)];
        let place = place(path, section);
        let table = self
            .extra
            .entry(CHUNKS_KEY)
            .or_insert_with(|| serde_json::Value::Object(serde_json::Map::new()));
        if !table.is_object() {
            *table = serde_json::Value::Object(serde_json::Map::new());
        }
        if let serde_json::Value::Object(map) = table
            && map.get(hash).and_then(serde_json::Value::as_str) != Some(place.as_str())
        {
            map.insert(hash.to_string(), serde_json::Value::String(place));
            self.touch();
        }
    }

    /// Where chunk `hash` is: `path § section`.
    pub fn chunk_place(&self, hash: &str) -> Option<&str> {
        self.extra.get(CHUNKS_KEY)?.as_object()?.get(hash)?.as_str()
    }

    /// The document a source is a chunk of, if it is one this memory knows.
    pub fn source_document(&self, source: &str) -> Option<&str> {
        match parse(source) {
            Source::Chunk(hash) => self.chunk_place(hash).map(place_path),
            _ => None,
        }
    }

    /// A source as a person reads it: `docs/001-overview.md § Main request path`, `run
    /// r7k3`, `import of catalog.yaml`, `MCP client claude-code`, `a person (merge)`.
    pub fn describe_source(&self, source: &str) -> String {
        match parse(source) {
            Source::Chunk(hash) => self
                .chunk_place(hash)
                .map_or_else(|| format!("a document chunk ({hash})"), str::to_string),
            Source::Run(id) => format!("run {}", id.replacen(" turn ", ", turn ", 1)),
            Source::Import(file) => format!("import of {file}"),
            Source::Mcp(client) => format!("MCP client {client}"),
            Source::Person(what) => format!("a person ({what})"),
            Source::Other(text) => text.to_string(),
        }
    }

    /// A fact's sources as a person reads them ([`Memory::describe_source`]), each once,
    /// in order: what `memory show`, the view and the MCP tools cite.
    pub fn cite_sources(&self, sources: &[String]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for s in sources {
            let d = self.describe_source(s);
            if !out.contains(&d) {
                out.push(d);
            }
        }
        out
    }

    /// Takes out of the `chunks` table the chunks no fact (nor a retracted one) names.
    pub(super) fn forget_unnamed_chunks(&mut self, named: &std::collections::HashSet<&str>) {
        let Some(serde_json::Value::Object(map)) = self.extra.get_mut(CHUNKS_KEY) else {
            return;
        };
        let before = map.len();
        map.retain(|hash, _| named.contains(hash.as_str()));
        let changed = map.len() != before;
        if map.is_empty() {
            self.extra.remove(CHUNKS_KEY);
        }
        if changed {
            self.touch();
        }
    }

    /// Adds `source` to every entity and relationship (what `memory import FILE`
    /// brings is stated by that file too).
    pub fn add_source(&mut self, source: &str) {
        for e in &mut self.entities {
            add(&mut e.sources, source.to_string());
        }
        for r in &mut self.relationships {
            add(&mut r.sources, source.to_string());
        }
        self.touch();
    }
}

/// Adds `source` to a sorted list without duplicates; whether it was new.
pub fn add(list: &mut Vec<String>, source: String) -> bool {
    match list.binary_search(&source) {
        Ok(_) => false,
        Err(at) => {
            list.insert(at, source);
            true
        }
    }
}

/// Adds every source of `more` to `list` (sorted, without duplicates); whether any was new.
pub fn unite(list: &mut Vec<String>, more: Vec<String>) -> bool {
    let mut changed = false;
    for source in more {
        changed |= add(list, source);
    }
    changed
}

/// Whether `more` holds a source `list` lacks.
pub fn adds_to(list: &[String], more: &[String]) -> bool {
    more.iter().any(|s| !list.contains(s))
}

/// A sorted, deduplicated copy of sources as read from a file.
pub(super) fn tidy(mut list: Vec<String>) -> Vec<String> {
    list.retain(|s| !s.trim().is_empty());
    list.sort();
    list.dedup();
    list
}

/// Text on one line: a heading or a file name never breaks a source string in two.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `sources` as the file writes them: one as a string, several as a list (most facts
/// have one, and a pretty-printed list costs three lines).
pub(super) fn serialize<S: serde::Serializer>(list: &[String], s: S) -> Result<S::Ok, S::Error> {
    use serde::Serialize;
    match list {
        [one] => one.serialize(s),
        many => many.serialize(s),
    }
}

/// `sources` as a file may have them: a string, a list of strings, or `null`. Read in
/// one pass, without buffering (a 100k-entity memory reads 300k of them).
pub(super) fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct Sources;
    impl<'de> serde::de::Visitor<'de> for Sources {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a source (a string) or a list of them")
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Vec<String>, E> {
            Ok(vec![v.to_string()])
        }
        fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Vec<String>, E> {
            Ok(vec![v])
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Vec<String>, E> {
            Ok(Vec::new())
        }
        fn visit_none<E: serde::de::Error>(self) -> Result<Vec<String>, E> {
            Ok(Vec::new())
        }
        fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Vec<String>, D::Error> {
            d.deserialize_any(self)
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> Result<Vec<String>, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(2));
            while let Some(s) = seq.next_element::<String>()? {
                out.push(s);
            }
            Ok(out)
        }
    }
    d.deserialize_any(Sources)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_read_back_as_written() {
        let mut m = super::super::Memory::new();
        let c = chunk("0123456789abcdef0123");
        assert_eq!(c, "doc:0123456789ab");
        assert_eq!(parse(&c), Source::Chunk("0123456789ab"));
        m.note_chunk("0123456789abcdef0123", "docs/a b.md", "Payments >\nRetries");
        assert_eq!(
            m.chunk_place("0123456789ab"),
            Some("docs/a b.md § Payments > Retries")
        );
        assert_eq!(m.source_document(&c), Some("docs/a b.md"));
        assert_eq!(m.describe_source(&c), "docs/a b.md § Payments > Retries");
        m.note_chunk("ff", "x.md", "");
        assert_eq!(m.describe_source(&chunk("ff")), "x.md");
        assert_eq!(m.describe_source(&chunk("00")), "a document chunk (00)");
        assert_eq!(parse(&run("r7k3", None)), Source::Run("r7k3"));
        assert_eq!(m.describe_source(&run("r7k3", Some(2))), "run r7k3, turn 2");
        assert_eq!(parse(&import("c.yaml")), Source::Import("c.yaml"));
        assert_eq!(parse(&mcp("")), Source::Mcp("client"));
        assert_eq!(parse(&person("merge")), Source::Person("merge"));
        assert_eq!(parse("hand written"), Source::Other("hand written"));
    }

    #[test]
    fn one_source_is_a_string_several_a_list() {
        let e = super::super::Entity::new("A", "service").source("run:1");
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(json["sources"], serde_json::json!("run:1"));
        let e = e.source("mcp:x");
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(json["sources"], serde_json::json!(["mcp:x", "run:1"]));
        for (text, want) in [
            (r#"{"name":"A","sources":"run:1"}"#, vec!["run:1"]),
            (r#"{"name":"A","sources":["a","b"]}"#, vec!["a", "b"]),
            (r#"{"name":"A","sources":null}"#, vec![]),
            (r#"{"name":"A"}"#, vec![]),
        ] {
            let e: super::super::Entity = serde_json::from_str(text).unwrap();
            assert_eq!(e.sources, want, "{text}");
        }
    }

    #[test]
    fn lists_stay_sorted_and_unique() {
        let mut list = Vec::new();
        assert!(add(&mut list, "run:b".into()));
        assert!(add(&mut list, "doc:a @1".into()));
        assert!(!add(&mut list, "run:b".into()));
        assert!(unite(&mut list, vec!["mcp:x".into(), "run:b".into()]));
        assert_eq!(list, ["doc:a @1", "mcp:x", "run:b"]);
        assert!(!adds_to(&list, &["mcp:x".to_string()]));
    }
}
