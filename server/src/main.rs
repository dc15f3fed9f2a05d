//! `mpi-dtype-lint`: the command line front end over the analyzer.

mod commands;
mod files;

use std::path::PathBuf;
use std::process::ExitCode;

use analyzer::dtype::MpiModel;
use analyzer::layout::Target;
use clap::{Parser, Subcommand, ValueEnum};

/// Lint C and Fortran code that builds MPI derived datatypes.
#[derive(Parser)]
#[command(name = "mpi-dtype-lint", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Every datatype the code defines, evaluated as MPI will.
    Types(TypesArgs),
}

/// Options every analysing command takes.
#[derive(clap::Args, Clone, Debug)]
pub struct AnalysisArgs {
    /// Target ABI (x86_64-linux-gnu, i686-linux-gnu, aarch64-linux-gnu, powerpc64le-linux-gnu,
    /// x86_64-windows-msvc).
    #[arg(long, value_parser = parse_target, default_value = "x86_64-linux-gnu")]
    pub target: Target,
    /// Whose arithmetic to reproduce where MPI libraries differ: standard, mpich or openmpi.
    #[arg(long, value_parser = parse_model, default_value = "standard")]
    pub mpi: MpiModel,
    /// Files and directories to analyse.
    #[arg(default_value = ".")]
    pub paths: Vec<PathBuf>,
}

#[derive(clap::Args)]
struct TypesArgs {
    #[command(flatten)]
    analysis: AnalysisArgs,
    #[arg(long, value_enum, default_value = "human")]
    format: TypesFormat,
}

#[derive(Clone, Copy, ValueEnum)]
enum TypesFormat {
    Human,
    Json,
}

fn parse_target(s: &str) -> Result<Target, String> {
    s.parse()
}

fn parse_model(s: &str) -> Result<MpiModel, String> {
    s.parse()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Types(args) => {
            commands::types::run(&args.analysis, matches!(args.format, TypesFormat::Json))
        }
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("mpi-dtype-lint: {message}");
            ExitCode::from(2)
        }
    }
}
