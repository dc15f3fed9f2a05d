//! `mpi-dtype-lint` as a library: the command line's commands and the language server, two thin
//! front ends over the analyzer sharing configuration, compilation databases, file reading and
//! the settings that decide how each file is analysed. `main.rs` only parses the arguments; tests
//! and benchmarks drive the language server in process.

pub mod cli;
pub mod lsp;

mod commands;
mod compile_db;
mod config;
mod files;
mod lint;
mod modules;
mod output;
mod progress;
mod settings;
