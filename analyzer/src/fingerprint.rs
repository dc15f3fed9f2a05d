//! A 128-bit hash of what a result was computed from: the key under which the language server
//! keeps a result for the next version of a file (`syntax/c/memo.rs`, `eval/roots.rs`).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Fingerprint(u64, u64);

impl Fingerprint {
    /// This fingerprint with `part` added.
    pub(crate) fn mix(self, part: &impl Hash) -> Fingerprint {
        let hash = |salt: u8| {
            let mut hasher = DefaultHasher::new();
            (salt, self).hash(&mut hasher);
            part.hash(&mut hasher);
            hasher.finish()
        };
        Fingerprint(hash(0), hash(1))
    }
}
