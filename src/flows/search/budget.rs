//! Token budgets for the results sent to synthesis, and cutting results to them with
//! a visible `[truncated: X of Y bytes]` marker.

use crate::tokens::BYTES_PER_TOKEN;
use serde::{Deserialize, Serialize};

/// Token budgets for the results sent to synthesis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budget {
    /// Tokens of one result at most.
    pub per_result: usize,
    /// Tokens of all results together at most.
    pub total: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Self {
            per_result: 2_000,
            total: 6_000,
        }
    }
}

/// Cuts each text to its share of the budget: at most `per_result` tokens each and
/// `total` together, what a short result leaves unused going to the longer ones. A cut
/// text ends with `[truncated: X of Y bytes]`.
pub fn budget_texts(texts: &[Option<String>], budget: Budget) -> Vec<Option<String>> {
    let per = budget.per_result.saturating_mul(BYTES_PER_TOKEN);
    let mut left = budget.total.saturating_mul(BYTES_PER_TOKEN);
    let mut sizes: Vec<(usize, usize)> = texts
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.as_ref().map(|t| (i, t.len())))
        .collect();
    // Smallest first: each takes what it needs of an equal share of what is left.
    sizes.sort_by_key(|&(_, len)| len);
    let mut allowed = vec![0usize; texts.len()];
    let mut remaining = sizes.len();
    for (i, len) in sizes {
        let share = left / remaining.max(1);
        let take = len.min(per).min(share);
        allowed[i] = take;
        left -= take;
        remaining -= 1;
    }
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            t.as_ref().map(|text| {
                if text.len() <= allowed[i] {
                    return text.clone();
                }
                let mut cut = allowed[i];
                while cut > 0 && !text.is_char_boundary(cut) {
                    cut -= 1;
                }
                format!(
                    "{}\n[truncated: {cut} of {} bytes]",
                    text[..cut].trim_end(),
                    text.len()
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_cut_with_a_visible_marker_and_share_what_is_left() {
        let budget = Budget {
            per_result: 100,
            total: 150,
        };
        let texts = vec![
            Some("a".repeat(1000)),
            None,
            Some("b".repeat(40)),
            Some("c".repeat(1000)),
        ];
        let out = budget_texts(&texts, budget);
        assert_eq!(out[1], None);
        assert_eq!(out[2].as_deref(), Some(&*"b".repeat(40)));
        // 600 bytes in all: 40 for the short one, 280 each for the others.
        assert!(
            out[0]
                .as_ref()
                .unwrap()
                .ends_with("[truncated: 280 of 1000 bytes]")
        );
        assert!(
            out[3]
                .as_ref()
                .unwrap()
                .ends_with("[truncated: 280 of 1000 bytes]")
        );
    }
}
