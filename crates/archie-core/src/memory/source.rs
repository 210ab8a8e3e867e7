//! Where a fact came from: the sources an [`Entity`](super::Entity) or a
//! [`Relationship`](super::Relationship) keeps, one short string each, so the memory file
//! stays small, sorted and readable in a pull request's diff:
//!
//! | source | written | what stated the fact |
//! |---|---|---|
//! | a document chunk | `doc:docs/001-overview.md § Main request path @1f2e3d4c5b6a` | a chunk of a document (its path beside the memory file, its heading, the first 12 hex digits of its content's SHA-256) |
//! | a run | `run:r7k3` | the model's or the person's words in that run's conversation |
//! | an import | `import:catalog-info.yaml` | `archie memory import` of that file |
//! | an MCP client | `mcp:claude-code` | an agent's write through `archie mcp` |
//! | a person | `person:merge` | a decision at the command line (`memory merge`, `dedupe`) |
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
    /// A chunk of a document: its path (relative to the memory file's folder, `/`
    /// separators), the headings it falls under (may be empty) and its hash's first
    /// [`HASH_DIGITS`] digits.
    Chunk {
        path: &'a str,
        section: &'a str,
        hash: &'a str,
    },
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
const HASH: &str = " @";

/// The source of a document chunk.
pub fn chunk(path: &str, section: &str, hash: &str) -> String {
    let hash = &hash[..hash.len().min(HASH_DIGITS)];
    let section = one_line(section);
    if section.is_empty() {
        format!("{CHUNK}{path}{HASH}{hash}")
    } else {
        format!("{CHUNK}{path}{SECTION}{section}{HASH}{hash}")
    }
}

/// The source of what a run's conversation stated.
pub fn run(id: &str) -> String {
    format!("{RUN}{id}")
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
    if let Some(rest) = source.strip_prefix(CHUNK) {
        let (rest, hash) = rest.rsplit_once(HASH).unwrap_or((rest, ""));
        let (path, section) = rest.split_once(SECTION).unwrap_or((rest, ""));
        return Source::Chunk {
            path,
            section,
            hash,
        };
    }
    if let Some(id) = source.strip_prefix(RUN) {
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

/// The document a source is a chunk of, if it is one.
pub fn document(source: &str) -> Option<&str> {
    match parse(source) {
        Source::Chunk { path, .. } => Some(path),
        _ => None,
    }
}

/// A source as a person reads it: `001-overview.md § Main request path`, `run r7k3`,
/// `import of catalog.yaml`, `MCP client claude-code`, `a person (merge)`.
pub fn describe(source: &str) -> String {
    match parse(source) {
        Source::Chunk { path, section, .. } if section.is_empty() => path.to_string(),
        Source::Chunk { path, section, .. } => format!("{path} § {section}"),
        Source::Run(id) => format!("run {id}"),
        Source::Import(file) => format!("import of {file}"),
        Source::Mcp(client) => format!("MCP client {client}"),
        Source::Person(what) => format!("a person ({what})"),
        Source::Other(text) => text.to_string(),
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

impl super::Memory {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_read_back_as_written() {
        let c = chunk("docs/a b.md", "Payments > Retries", "0123456789abcdef0123");
        assert_eq!(c, "doc:docs/a b.md § Payments > Retries @0123456789ab");
        assert_eq!(
            parse(&c),
            Source::Chunk {
                path: "docs/a b.md",
                section: "Payments > Retries",
                hash: "0123456789ab"
            }
        );
        assert_eq!(document(&c), Some("docs/a b.md"));
        let bare = chunk("x.md", "", "ff");
        assert_eq!(
            parse(&bare),
            Source::Chunk {
                path: "x.md",
                section: "",
                hash: "ff"
            }
        );
        assert_eq!(parse(&run("r7k3")), Source::Run("r7k3"));
        assert_eq!(parse(&import("c.yaml")), Source::Import("c.yaml"));
        assert_eq!(parse(&mcp("")), Source::Mcp("client"));
        assert_eq!(parse(&person("merge")), Source::Person("merge"));
        assert_eq!(parse("hand written"), Source::Other("hand written"));
        assert_eq!(describe(&c), "docs/a b.md § Payments > Retries");
    }

    #[test]
    fn a_heading_with_a_line_break_stays_on_one_line() {
        let c = chunk("a.md", "Two\nlines", "ab");
        assert_eq!(c, "doc:a.md § Two lines @ab");
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
