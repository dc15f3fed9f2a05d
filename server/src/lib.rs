//! `mpi-dtype-lint` as a library: the command line's commands and the language server, two thin
//! front ends over the analyzer sharing configuration, compilation databases, file reading and
//! the settings that decide how each file is analysed. `main.rs` only parses the arguments; tests
//! and benchmarks drive the language server in process.

pub mod cli;
pub mod lsp;

/// The allocator of the binary and of everything linked with this library (tests, benches), as
/// ruff has it: an analysis makes and frees millions of small objects, which jemalloc does
/// faster than glibc's malloc, and without the page faults after each analysis that made a
/// hover after a keystroke wait (BENCHMARKS.md, `lsp_latency`).
#[cfg(unix)]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

mod commands;
mod compile_db;
mod config;
mod files;
mod lint;
mod modules;
mod output;
mod progress;
mod settings;
