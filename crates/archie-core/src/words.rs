//! Plain text folded for comparison, with no idea of what it names: case and spacing
//! ([`fold`]), or everything but letters and digits ([`compact`]). Entity identity (plurals,
//! kind words, types) is `memory::identity`'s; UpGrade's experiment names and vocabulary
//! use these as they are.

/// A name case-folded with its whitespace collapsed: the match key archie used before
/// these rules, still the test of "the same name" (`Order  Service` = `order service`).
pub fn fold(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for word in name.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().flat_map(char::to_lowercase));
    }
    out
}

/// Letters and digits only, lower case: `Decision point`, `decision-point` and
/// `decisionPoint` are the same. For words of a fixed vocabulary (UpGrade's states and
/// terms, enum-like values) where only spelling differs: names of things go through
/// `memory::identity::key`, which also sets plurals and kind words aside, and experiment names through
/// [`fold`], since `Button test` and `Button tests` are two experiments.
pub fn compact(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}
