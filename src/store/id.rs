//! Run ids: short, typeable, unique within a store.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Deref;

/// Lowercase letters and digits without the ones that are easy to misread (0 o 1 i l).
pub(super) const ALPHABET: &[u8] = b"23456789abcdefghjkmnpqrstuvwxyz";

/// How many ids `create_run` tries before giving up (ids grow longer as it retries).
pub(super) const MAX_ID_ATTEMPTS: u32 = 40;

/// Tries per length before ids get one character longer.
const TRIES_PER_LENGTH: u32 = 4;

/// The id of a recorded run, like `r7k2x`: `r` and four characters (more once a store
/// holds so many runs that four characters keep colliding). Derefs to `&str`, so it can
/// be passed wherever the store takes a run id.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RunId(String);

impl RunId {
    /// Wraps an id read from the user or the database (lowercased and trimmed).
    pub fn new(id: &str) -> Self {
        Self(id.trim().to_ascii_lowercase())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Deref for RunId {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for RunId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RunId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<RunId> for String {
    fn from(id: RunId) -> String {
        id.0
    }
}

/// How long the id for the `attempt`-th try (0-based) is, after the `r`.
pub(super) fn id_len(attempt: u32) -> usize {
    4 + (attempt / TRIES_PER_LENGTH) as usize
}

/// A random id of `len` characters after the `r`.
pub(super) fn random_id(rng: &mut fastrand::Rng, len: usize) -> RunId {
    let mut id = String::with_capacity(len + 1);
    id.push('r');
    for _ in 0..len {
        id.push(char::from(ALPHABET[rng.usize(..ALPHABET.len())]));
    }
    RunId(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_r_and_unambiguous_characters() {
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..1000 {
            let id = random_id(&mut rng, 4);
            assert_eq!(id.len(), 5);
            assert!(id.starts_with('r'));
            assert!(!id[1..].contains(['0', '1', 'o', 'i', 'l']), "{id}");
            assert!(
                id.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            );
        }
    }

    #[test]
    fn ids_grow_after_repeated_collisions() {
        assert_eq!(id_len(0), 4);
        assert_eq!(id_len(TRIES_PER_LENGTH - 1), 4);
        assert_eq!(id_len(TRIES_PER_LENGTH), 5);
        assert_eq!(id_len(3 * TRIES_PER_LENGTH), 7);
    }

    #[test]
    fn typed_ids_are_normalised() {
        assert_eq!(RunId::new("  R7K2 ").as_str(), "r7k2");
    }
}
