//! `mpi-dtype-lint`: the command line front end; the commands, and the language server that
//! `mpi-dtype-lint lsp` starts, live in the library.

use std::process::ExitCode;

use clap::Parser;
use mpi_dtype_lint::cli::{self, Cli};

fn main() -> ExitCode {
    cli::run(Cli::parse())
}
