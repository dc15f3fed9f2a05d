//! `mpi-dtype-lint`: the command line front end and (later) the language server.

use clap::Parser;

/// Lint C and Fortran code that builds MPI derived datatypes.
#[derive(Parser)]
#[command(name = "mpi-dtype-lint", version, about)]
struct Cli {}

fn main() {
    let _cli = Cli::parse();
}
