//! `mpi-dtype-lint`: the command line front end; the commands, and the language server that
//! `mpi-dtype-lint lsp` starts, live in the library.

use std::process::ExitCode;

use clap::Parser;

use mpi_dtype_lint::cli::{self, Cli};

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The commands analyse on this thread too (`--fix` re-analyses between rounds): it gets
    // the stack the analysis is sized for, as the worker threads do.
    std::thread::Builder::new()
        .name("mpi-dtype-lint".to_owned())
        .stack_size(analyzer::analysis::STACK_BYTES)
        .spawn(move || cli::run(cli))
        .and_then(|thread| {
            thread
                .join()
                .map_err(|_| std::io::Error::other("the command panicked"))
        })
        .unwrap_or_else(|e| {
            eprintln!("mpi-dtype-lint: {e}");
            ExitCode::from(2)
        })
}
