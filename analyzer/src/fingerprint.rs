//! A 128-bit hash of what a result was computed from: the key under which the language server
//! keeps a result for the next version of a file (`syntax/c/memo.rs`, `eval/roots.rs`).

use std::fmt::{Debug, Write};
use std::hash::{Hash, Hasher};

use xxhash_rust::xxh3::Xxh3;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Fingerprint(u128);

impl Fingerprint {
    /// This fingerprint with `part` added, in one pass of XXH3-128: the language server hashes
    /// every item's text after each edit (two passes of SipHash were half a millisecond of it).
    pub(crate) fn mix(self, part: &impl Hash) -> Fingerprint {
        let mut hasher = Xxh3::new();
        hasher.write_u128(self.0);
        part.hash(&mut hasher);
        Fingerprint(hasher.digest128())
    }

    /// This fingerprint with what `part` prints with `{:?}` added: for the lowered program's
    /// values, which derive `Debug` but not `Hash`. Printed straight into the hasher.
    pub(crate) fn mix_debug(self, part: &impl Debug) -> Fingerprint {
        let mut hasher = Printed(Xxh3::new());
        hasher.0.write_u128(self.0);
        // Writing into a hasher cannot fail.
        let _ = write!(hasher, "{part:?}");
        Fingerprint(hasher.0.digest128())
    }
}

struct Printed(Xxh3);

impl Write for Printed {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.write(s.as_bytes());
        Ok(())
    }
}
