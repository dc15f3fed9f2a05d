//! The subcommands.

pub mod types;
