//! Only grounded facts: a name a model gives is stored only when the text it came from
//! names it, by identity rather than letter for letter (`PaymentService`, `payment
//! service` and `Payments Svc` name one thing; the text's `payments-svc` grounds all of
//! them). A model that echoes the example of its own prompt (`Order Service writes_to
//! Orders DB`) or invents a name stores nothing.

use super::identity;
use std::collections::BTreeSet;

/// Words of a name that do not say which thing it is, besides identity's kind words
/// ([`identity::KIND_WORDS`]) and generic words ([`identity::GENERIC_WORDS`]): glue. A
/// name made only of them (`Database`) must be grounded by those words themselves.
const GLUE: &[&str] = &[
    "the", "a", "an", "of", "for", "and", "to", "in", "on", "by", "with",
];

/// Whether a word of a name (lower case) says nothing of which thing it is.
fn says_nothing(word: &str) -> bool {
    GLUE.contains(&word)
        || identity::GENERIC_WORDS.contains(&word)
        || identity::Kind::of_word(&identity::singular(word)).is_some()
}

/// The text facts must be named in: a document chunk, or what a conversation had in
/// front of it (the documents, the memory, the person's words).
#[derive(Debug, Clone, Default)]
pub struct Ground {
    /// Every word of the text in its [`identity::key`] form, sorted (a prefix is a range).
    words: BTreeSet<String>,
    /// The first letter of each of the text's words in order, keyed: what an acronym is
    /// made of (one `char` a word, not a copy of it: a corpus has a hundred thousand).
    initials: Vec<char>,
    /// The text's letters and digits, lower case, its words apart (see [`compact`]):
    /// `payment-service` and `PaymentService` both hold `paymentservice`.
    compact: String,
    /// `compact` without its spaces, made once when asked for (see [`Ground::holds`]).
    joined: std::sync::OnceLock<String>,
}

impl Ground {
    pub fn new() -> Self {
        Self::default()
    }

    /// A ground of one text.
    pub fn of(text: &str) -> Self {
        let mut ground = Self::new();
        ground.add(text);
        ground
    }

    /// Adds a text.
    pub fn add(&mut self, text: &str) {
        // The words of `identity::words`, each keyed, without a copy of either unless
        // the word is new.
        let (words, initials) = (&mut self.words, &mut self.initials);
        identity::for_each_word(&identity::plain_text(text), |word| {
            let k = identity::key_cow(word);
            if let Some(first) = k.chars().next() {
                if !words.contains(k.as_ref()) {
                    words.insert(k.into_owned());
                }
                initials.push(first);
            }
        });
        if !self.compact.is_empty() {
            self.compact.push(' ');
        }
        self.compact.push_str(&compact(text, true));
        self.joined = std::sync::OnceLock::new();
    }

    /// Whether the text names `name`: at least half the words of it that say which thing
    /// it is (not a kind word, not a note in parentheses), and at least one, are in the
    /// text, whole or as the start of a word (`Inv Svc`, `NovaMart Inventory Service` in
    /// a text about the inventory service); or the name is written there as one word; or
    /// it is an acronym of words written there in order.
    pub fn names(&self, name: &str) -> bool {
        let (bare, _) = identity::split_note(name);
        // The name's tokens (`NovaMart`, `Payments`, `Service`), each with its words
        // (`Nova`, `Mart`): a token is in the text when its telling words all are, so a
        // brand (`PayPal`) is not grounded by half of it (`pay` of `payment`).
        let tokens: Vec<Vec<String>> = bare
            .split(|c: char| !identity::is_word_char(c))
            .filter(|t| !t.is_empty())
            .map(|t| {
                identity::words(t)
                    .into_iter()
                    .map(|w| identity::key(&w))
                    .filter(|w| !w.is_empty())
                    .collect::<Vec<_>>()
            })
            .filter(|parts| !parts.is_empty())
            .collect();
        if tokens.is_empty() {
            return false;
        }
        let generic = |parts: &Vec<String>| parts.iter().all(|p| says_nothing(p));
        let telling: Vec<&Vec<String>> = tokens.iter().filter(|t| !generic(t)).collect();
        let telling = if telling.is_empty() {
            tokens.iter().collect()
        } else {
            telling
        };
        let found = telling
            .iter()
            .filter(|parts| {
                let own: Vec<&String> = parts.iter().filter(|p| !says_nothing(p)).collect();
                let own = if own.is_empty() {
                    parts.iter().collect()
                } else {
                    own
                };
                own.iter().all(|p| self.has_word(p)) || self.has_word(&parts.concat())
            })
            .count();
        if found > 0 && found * 2 >= telling.len() {
            return true;
        }
        let words: Vec<String> = tokens.concat();
        // Written as one word in the text (`paymentservice`, `payments-svc` →
        // `paymentssvc`): the telling words run together.
        let joined = compact(&bare, false);
        if joined.chars().count() >= 4 && self.compact_has(&joined) {
            return true;
        }
        // An acronym (`OMS`) of words written in order (`Order Management Service`).
        if let [only] = words.as_slice()
            && (2..=6).contains(&only.len())
            && bare
                .trim()
                .chars()
                .all(|c| c.is_uppercase() || c.is_ascii_digit())
        {
            return self.has_acronym(only);
        }
        false
    }

    /// Whether the text holds `name` written out, its letters and digits in a row (`as
    /// the text writes it` in `name: as the text writes it (keep …)`).
    pub fn holds(&self, name: &str) -> bool {
        let compact = compact(name, false);
        !compact.is_empty() && self.joined().contains(&compact)
    }

    /// The text's letters and digits in a row, without spaces (made once: a prompt's
    /// ground is asked about every name of every answer).
    fn joined(&self) -> &str {
        self.joined.get_or_init(|| {
            self.compact
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect()
        })
    }

    fn has_word(&self, word: &str) -> bool {
        if self.words.contains(word) {
            return true;
        }
        // The start of a word of the text (`inv` of `inventory`).
        if word.chars().count() >= 3
            && self
                .words
                .range::<str, _>((std::ops::Bound::Included(word), std::ops::Bound::Unbounded))
                .next()
                .is_some_and(|w| w.starts_with(word))
        {
            return true;
        }
        // A word the text writes fused with another (`paymentservice`): found in the
        // compact text when it is long enough not to match by chance.
        word.chars().count() >= 5 && self.compact_has(word)
    }

    /// Whether a word of the compact text holds `text` (made compact too). Text without
    /// spaces in a compact text of only letters, digits and spaces is held by a word of
    /// it exactly when the whole holds it: one search, not one per word.
    fn compact_has(&self, text: &str) -> bool {
        if text.contains(char::is_whitespace) {
            return false;
        }
        let text = compact(text, false);
        !text.is_empty() && self.compact.contains(&text)
    }

    fn has_acronym(&self, acronym: &str) -> bool {
        let letters: Vec<char> = acronym.chars().collect();
        let n = letters.len();
        self.initials.windows(n).any(|window| window == letters)
    }
}

/// `text`'s letters and digits, lower case, and its spaces when `spaces`: no mark, so
/// `İyzico` (lower case `i` and a combining dot) holds `Iyzico`, and a word with its
/// Thai tone marks or Devanagari's virama the same word written without.
fn compact(text: &str, spaces: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        // ASCII, most of any corpus, without the tables.
        if c.is_ascii() {
            if c.is_ascii_alphanumeric() {
                out.push(c.to_ascii_lowercase());
            } else if spaces && c.is_whitespace() {
                out.push(c);
            }
            continue;
        }
        out.extend(
            c.to_lowercase()
                .filter(|&c| c.is_alphanumeric() || (spaces && c.is_whitespace())),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capital_dotted_i_holds_the_plain_one() {
        let g = Ground::of("İyzico handles cards.");
        assert!(g.names("Iyzico") && g.holds("Iyzico"));
    }

    #[test]
    fn a_name_with_combining_marks_is_grounded_where_it_is_written() {
        let g = Ground::of("शिपमेंट क्यू buffers shipment work. ขึ้นอยู่กับ คิวข้อความ");
        for name in ["शिपमेंट क्यू", "คิวข้อความ"] {
            assert!(g.names(name), "{name}");
            assert!(g.holds(name), "{name}");
        }
        assert!(!g.names("ऑर्डर सर्विस"));
    }

    #[test]
    fn a_name_is_grounded_by_any_spelling_of_it() {
        let g = Ground::of(
            "The payments-svc calls Stripe. Orders go to the OrdersDB; the Order Management \
             Service keeps them. FedEx handles shipping.",
        );
        for name in [
            "Payments Svc",
            "payments service",
            "PaymentsSvc",
            "Stripe",
            "Stripe API",
            "Orders DB",
            "orders database",
            "OMS",
            "Order Management Service",
            "FedEx",
            "Fed Ex",
            "Orders DB (PostgreSQL)",
            "NovaMart Payments Service",
            "Pay Svc",
        ] {
            assert!(g.names(name), "{name:?} is in the text");
        }
    }

    #[test]
    fn a_name_the_text_does_not_hold_is_not_grounded() {
        let g = Ground::of("PaymentService calls the Stripe API to charge cards.");
        for name in [
            "Order Service",
            "Orders DB",
            "Inventory Service",
            "PayPal",
            "Database",
            "NovaMart",
            "XYZ",
        ] {
            assert!(!g.names(name), "{name:?} is not in the text");
        }
    }

    #[test]
    fn a_name_written_as_one_word_is_found_in_a_text_with_or_without_marks() {
        // One search over the compact text, and per word where a lower-case form left a
        // mark in it (`İ` lower-cased is `i` and a combining dot): the same answers.
        let plain = Ground::of("Calls go through the paymentsgateway and ledgerwriter.");
        assert!(plain.names("Payments Gateway") && plain.names("LedgerWriter"));
        // Not across the space between two words of the text.
        assert!(!plain.names("paymentsgatewayand") && !plain.names("Inventory Service"));
        let marked = Ground::of("İzmir paymentsgateway, then the ledgerwriter.");
        assert!(marked.names("Payments Gateway") && marked.names("LedgerWriter"));
        assert!(!marked.names("paymentsgatewayand") && !marked.names("Inventory Service"));
    }

    #[test]
    fn a_ground_added_to_after_a_question_answers_for_all_of_it() {
        let mut g = Ground::of("- name: as the text writes it");
        assert!(!g.holds("keep its capitals"));
        g.add("(keep its capitals and spelling)");
        assert!(g.holds("keep its capitals"));
    }

    #[test]
    fn the_prompts_own_words_are_held_by_its_text() {
        let prompt = Ground::of("- name: as the text writes it (keep its capitals and spelling).");
        assert!(prompt.holds("as the text writes it ."));
        assert!(prompt.holds("Keep its capitals"));
        assert!(!prompt.holds("Payment Service"));
    }
}
