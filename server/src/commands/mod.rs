//! The subcommands.

pub mod lint;
pub mod rules;
pub mod types;
