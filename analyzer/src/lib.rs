//! The pure analysis core of mpi-dtype-lint.
//!
//! Text in, plain data out: no file system, no network, no async, no LSP types. Errors in the
//! user's code are data (unknown values, notes), never `Err` and never a panic.

#![warn(unreachable_pub)]

pub mod analysis;
pub(crate) mod catalog;
pub mod checks;
pub mod dtype;
pub(crate) mod eval;
pub(crate) mod fingerprint;
pub mod fix;
pub(crate) mod hash;
pub mod ide;
pub(crate) mod ir;
pub mod layout;
pub mod source;
pub mod syntax;
