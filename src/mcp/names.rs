//! The names tools are offered to a model under: `server__tool`, with anything outside
//! `[A-Za-z0-9_-]` turned into `_`, at most 64 characters (what LLM providers accept),
//! and a short hash of the raw names appended when two tools would otherwise share a
//! name or a name had to be cut. The raw names are what archie calls.

use std::collections::HashSet;

/// The longest name LLM providers accept for a tool.
pub const MAX_LEN: usize = 64;
/// `_` and 6 hex digits.
const SUFFIX_LEN: usize = 7;

fn sanitize(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn suffixed(base: &str, server: &str, tool: &str) -> String {
    let hash = crate::hash::sha256_hex(format!("{server}\0{tool}").as_bytes());
    let keep = base.len().min(MAX_LEN - SUFFIX_LEN);
    format!("{}_{}", &base[..keep], &hash[..SUFFIX_LEN - 1])
}

/// The offered name of every `(server, tool)` pair, in order, all distinct.
pub fn offered_names<S: AsRef<str>, T: AsRef<str>>(pairs: &[(S, T)]) -> Vec<String> {
    let mut taken = HashSet::new();
    let mut out = Vec::with_capacity(pairs.len());
    for (server, tool) in pairs {
        let (server, tool) = (server.as_ref(), tool.as_ref());
        // Sanitised text is ASCII, so byte slicing is safe.
        let base = sanitize(&format!("{server}__{tool}"));
        let mut name = if base.len() > MAX_LEN {
            suffixed(&base, server, tool)
        } else {
            base.clone()
        };
        if taken.contains(&name) {
            name = suffixed(&base, server, tool);
        }
        let mut salt = 0u32;
        while taken.contains(&name) {
            salt += 1;
            name = suffixed(&base, server, &format!("{tool}\0{salt}"));
        }
        taken.insert(name.clone());
        out.push(name);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid(name: &str) -> bool {
        !name.is_empty()
            && name.len() <= MAX_LEN
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    }

    #[test]
    fn names_are_sanitised_bounded_and_distinct() {
        let long = "x".repeat(100);
        let longer = format!("{long}y");
        let pairs = [
            ("files", "read_file"),
            ("my server", "search.files"),
            ("my_server", "search_files"),
            ("a", long.as_str()),
            ("a", longer.as_str()),
            ("日本", "ツール"),
        ];
        let names = offered_names(&pairs);
        assert_eq!(names[0], "files__read_file");
        assert_eq!(names[1], "my_server__search_files");
        assert!(names[2].starts_with("my_server__search_files_") && names[2].len() == 30);
        assert!(names.iter().all(|n| valid(n)), "{names:?}");
        let distinct: HashSet<_> = names.iter().collect();
        assert_eq!(distinct.len(), names.len());
        assert_eq!(names[3].len(), MAX_LEN);
        // Deterministic.
        assert_eq!(names, offered_names(&pairs));
    }
}
