//! The one token estimate in archie: every budget (chunk sizes, the relevant-memory
//! view, prompt sizes) and every estimated usage figure (an endpoint that reports no
//! usage) uses [`estimate_tokens`].

/// UTF-8 bytes per estimated token.
pub const BYTES_PER_TOKEN: usize = 4;

/// A cheap token estimate: UTF-8 bytes / 4, rounded up.
///
/// For English and code this is the usual "characters / 4"; for other scripts it grows the
/// way tokenizers do (Cyrillic or Greek ≈ 0.5 token per character, CJK ≈ 0.75, emoji 1),
/// so budgets stay on the safe side. It costs O(1).
pub fn estimate_tokens(text: &str) -> usize {
    text.len().div_ceil(BYTES_PER_TOKEN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimate_is_bytes_over_four_rounded_up() {
        assert_eq!(estimate_tokens(""), 0);
        assert_eq!(estimate_tokens("abcd"), 1);
        assert_eq!(estimate_tokens("abcde"), 2);
        assert_eq!(estimate_tokens(&"x".repeat(4000)), 1000);
        assert_eq!(estimate_tokens("日本"), 2); // 6 bytes
        assert_eq!(estimate_tokens("привет"), 3); // 12 bytes
    }
}
