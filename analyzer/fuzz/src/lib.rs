//! The fuzz targets' bodies (see `targets.rs`).

mod targets;

pub use targets::*;
