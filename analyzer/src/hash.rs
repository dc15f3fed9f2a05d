//! The hash maps and sets the analysis fills for every version of a file: foldhash's fast
//! hasher, with a fixed seed. Their keys are the file's own positions, names and fingerprints,
//! where SipHash's defence against chosen keys buys nothing; it was 9 to 13% of the analysis
//! after a one-line edit (BENCHMARKS.md, session 38).

pub(crate) type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;
pub(crate) type HashSet<T> = std::collections::HashSet<T, foldhash::fast::FixedState>;
