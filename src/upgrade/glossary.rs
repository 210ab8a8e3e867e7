//! UpGrade's glossary (`upgrade-terms.md`, embedded): what the terminology capability
//! answers from. A question that names a term exactly ("what is a decision point?",
//! "consistencyRule") is answered here without asking a model.

use std::sync::OnceLock;

const TEXT: &str = include_str!("upgrade-terms.md");

/// One glossary entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Term {
    /// `Decision point`
    pub title: String,
    /// The entry as written (markdown), title included.
    pub text: String,
    /// Normalised names that find it: the title, its parts, its API fields, and a few
    /// words people use.
    keys: Vec<String>,
}

/// Extra names for entries, by title: words people use that the entry does not spell.
const ALIASES: &[(&str, &[&str])] = &[
    ("App context", &["context", "app contexts", "contexts"]),
    (
        "Decision point",
        &["site", "target", "partition", "decision points"],
    ),
    (
        "Condition",
        &[
            "weight",
            "weights",
            "assignment weight",
            "condition code",
            "arm",
        ],
    ),
    ("Condition payload", &["payload", "payloads"]),
    (
        "Group membership and working group",
        &[
            "group membership",
            "working group",
            "group memberships",
            "groups",
        ],
    ),
    (
        "Post-experiment rule",
        &["revert to", "post experiment rules"],
    ),
    (
        "Experiment states",
        &[
            "state",
            "states",
            "experiment state",
            "running",
            "paused",
            "completed",
            "enrolling",
            "enrollment complete",
            "inactive",
        ],
    ),
    (
        "Inclusion and exclusion lists",
        &[
            "inclusion list",
            "exclusion list",
            "inclusion lists",
            "exclusion lists",
            "lists",
        ],
    ),
    ("Feature flag", &["flag", "flags"]),
    (
        "Experiment type",
        &["factorial", "simple experiment", "factor", "level"],
    ),
    (
        "Assign vs mark",
        &["assign", "mark", "assign and mark", "marking"],
    ),
    ("Enrollment", &["enrolment", "enrollments", "enrolled"]),
    ("Exclusion", &["exclusions", "excluded"]),
];

/// Question framing stripped before an exact match.
const PREFIXES: &[&str] = &[
    "what is the meaning of ",
    "what is meant by ",
    "what exactly is ",
    "what is ",
    "what's ",
    "whats ",
    "what are ",
    "what does ",
    "what do ",
    "explain ",
    "define ",
    "definition of ",
    "meaning of ",
    "tell me about ",
    "describe ",
];
const SUFFIXES: &[&str] = &[" in upgrade", " mean", " means", " stand for"];
const ARTICLES: &[&str] = &["a ", "an ", "the "];

/// The glossary.
pub fn terms() -> &'static [Term] {
    static TERMS: OnceLock<Vec<Term>> = OnceLock::new();
    TERMS.get_or_init(|| parse(TEXT))
}

/// The titles, in glossary order.
pub fn titles() -> Vec<&'static str> {
    terms().iter().map(|t| t.title.as_str()).collect()
}

/// Lowercase letters and digits only: `Decision point`, `decision-point` and
/// `decisionPoint` are the same.
fn norm(s: &str) -> String {
    crate::words::compact(s)
}

fn parse(text: &str) -> Vec<Term> {
    let mut starts: Vec<usize> = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.starts_with("**") {
            starts.push(offset);
        }
        offset += line.len();
    }
    let mut terms = Vec::new();
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        let entry = text[start..end].trim();
        let Some(rest) = entry.strip_prefix("**") else {
            continue;
        };
        let Some(close) = rest.find("**") else {
            continue;
        };
        let title = rest[..close].to_string();
        let mut names: Vec<String> = vec![title.clone()];
        // The API fields in the parenthetical after the title: (`partitions[]`, `site` + `target`).
        let after = &rest[close + 2..];
        if let Some(paren) = after.trim_start().strip_prefix('(')
            && let Some(end) = paren.find(')')
        {
            for field in paren[..end].split('`').skip(1).step_by(2) {
                names.push(field.trim_end_matches("[]").to_string());
            }
        }
        for (t, aliases) in ALIASES {
            if *t == title {
                names.extend(aliases.iter().map(|a| a.to_string()));
            }
        }
        let mut keys: Vec<String> = Vec::new();
        for name in names {
            let k = norm(&name);
            if k.is_empty() {
                continue;
            }
            let singular = k.strip_suffix('s').map(str::to_string);
            keys.push(k.clone());
            keys.push(format!("{k}s"));
            keys.extend(singular);
        }
        keys.sort();
        keys.dedup();
        terms.push(Term {
            title,
            text: entry.to_string(),
            keys,
        });
    }
    terms
}

/// The entry a name refers to exactly (title, API field or alias; case, spaces and
/// plurals aside). A title beats an alias.
pub fn lookup(name: &str) -> Option<&'static Term> {
    let k = norm(name);
    if k.is_empty() {
        return None;
    }
    let all = terms();
    all.iter()
        .find(|t| norm(&t.title) == k)
        .or_else(|| all.iter().find(|t| t.keys.contains(&k)))
}

/// The entry a whole question asks about, when it names exactly one term: "What is a
/// decision point?", "explain consistencyRule", "assignment unit". `None` for anything
/// else (those questions go to the router).
pub fn exact_question(message: &str) -> Option<&'static Term> {
    let mut q = message
        .trim()
        .trim_end_matches(['?', '.', '!', ' '])
        .to_lowercase();
    for prefix in PREFIXES {
        if let Some(rest) = q.strip_prefix(prefix) {
            q = rest.to_string();
            break;
        }
    }
    for suffix in SUFFIXES {
        if let Some(rest) = q.strip_suffix(suffix) {
            q = rest.to_string();
        }
    }
    for article in ARTICLES {
        if let Some(rest) = q.strip_prefix(article) {
            q = rest.to_string();
            break;
        }
    }
    let q = q.trim_matches(|c: char| c == '`' || c == '"' || c == '\'' || c.is_whitespace());
    // A question with more than a few words is not a bare term.
    if q.split_whitespace().count() > 5 {
        return None;
    }
    lookup(q)
}

/// The closest entry to a name that is not exact (for "did you mean").
pub fn closest(name: &str) -> Option<&'static Term> {
    let k = norm(name);
    if k.len() < 3 {
        return None;
    }
    terms()
        .iter()
        .flat_map(|t| t.keys.iter().map(move |key| (t, key)))
        .map(|(t, key)| (strsim::jaro_winkler(&k, key), t))
        .filter(|(score, _)| *score >= 0.88)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, t)| t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_is_read() {
        let titles = titles();
        assert_eq!(titles.len(), 18, "{titles:?}");
        assert_eq!(titles[0], "App context");
        assert!(titles.contains(&"Exclusion"));
        let states = lookup("Experiment states").unwrap();
        assert!(states.text.contains("| `enrolling` | running |"));
    }

    #[test]
    fn bare_questions_match_exactly() {
        let title = |q: &str| exact_question(q).map(|t| t.title.as_str());
        assert_eq!(title("What is a decision point?"), Some("Decision point"));
        assert_eq!(title("what's an app context"), Some("App context"));
        assert_eq!(title("explain consistencyRule"), Some("Consistency rule"));
        assert_eq!(title("Decision points"), Some("Decision point"));
        assert_eq!(title("What does excludeIfReached mean?"), None);
        assert_eq!(title("what is exclusion?"), Some("Exclusion"));
        assert_eq!(
            title("what is a working group?"),
            Some("Group membership and working group")
        );
        assert_eq!(title("What does paused mean?"), Some("Experiment states"));
        assert_eq!(title("list the experiments in assign-prog"), None);
        assert_eq!(
            title("how do assignment unit and consistency rule work together?"),
            None
        );
    }

    #[test]
    fn close_names_are_suggested() {
        assert_eq!(
            closest("decison point").map(|t| t.title.as_str()),
            Some("Decision point")
        );
        assert!(closest("kubernetes").is_none());
    }
}
