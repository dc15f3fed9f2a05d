//! The fuzz target's body (see `targets.rs`).

mod targets;

pub use targets::*;
