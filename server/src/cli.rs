//! The command line: its arguments and what each command runs.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use analyzer::dtype::MpiModel;
use analyzer::layout::Target;
use clap::{Parser, Subcommand, ValueEnum};

use crate::commands;
use crate::compile_db::CompileDb;
use crate::config::Config;
use crate::lint::Settings;
use crate::settings::Overrides;

/// Lint C and Fortran code that builds MPI derived datatypes.
#[derive(Parser)]
#[command(
    name = "mpi-dtype-lint",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    lint: LintArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Every datatype the code defines, evaluated as MPI will.
    Types(TypesArgs),
    /// The rules, with their default severity.
    Rules,
    /// A rule's documentation.
    Explain {
        /// The rule id (see `rules`).
        rule: String,
    },
    /// The language server, on stdin and stdout.
    Lsp(LspArgs),
}

#[derive(clap::Args)]
struct LspArgs {
    /// Serve on stdin and stdout, the only transport (accepted because vscode-languageclient
    /// and other clients pass it).
    #[arg(long)]
    stdio: bool,
}

/// Options every analysing command takes.
#[derive(clap::Args, Clone, Debug)]
pub struct AnalysisArgs {
    /// Target ABI: x86_64-linux-gnu (default), i686-linux-gnu, aarch64-linux-gnu,
    /// powerpc64le-linux-gnu, x86_64-windows-msvc.
    #[arg(long, value_parser = parse_target)]
    pub target: Option<Target>,
    /// Whose arithmetic to reproduce where MPI libraries differ: standard (default), mpich,
    /// openmpi.
    #[arg(long, value_parser = parse_model)]
    pub mpi: Option<MpiModel>,
    /// Use this configuration file for every file instead of the nearest `.mpi-dtype-lint.toml`.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Take `-I` and `-D` from this compilation database instead of the nearest
    /// `compile_commands.json`.
    #[arg(long, value_name = "FILE")]
    pub compile_commands: Option<PathBuf>,
    /// Do not respect .gitignore and .ignore files.
    #[arg(long)]
    pub no_ignore: bool,
    /// Files and directories to analyse.
    #[arg(default_value = ".")]
    pub paths: Vec<PathBuf>,
}

#[derive(clap::Args, Clone, Debug)]
pub struct LintArgs {
    #[command(flatten)]
    pub analysis: AnalysisArgs,
    /// Output format (with --fix or --diff, of the findings that remain after the fixes).
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,
    /// Only these rules (comma-separated ids, or `all`).
    #[arg(long, value_delimiter = ',')]
    pub select: Option<Vec<String>>,
    /// Skip these rules (comma-separated ids, or `all`).
    #[arg(long, value_delimiter = ',')]
    pub ignore: Vec<String>,
    /// Apply the safe fixes to the files (through links, keeping owner and permissions; a
    /// read-only file is not fixed), then report the findings that remain.
    #[arg(long)]
    pub fix: bool,
    /// With --fix or --diff, also apply fixes marked unsafe.
    #[arg(long)]
    pub unsafe_fixes: bool,
    /// Print the fixes as a unified diff and write nothing: before the findings that would
    /// remain, or with --format json in the summary's "diff", with sarif in the run's
    /// properties.
    #[arg(long)]
    pub diff: bool,
    /// Print the number of findings per rule after the findings.
    #[arg(long)]
    pub statistics: bool,
    /// Print nothing but errors: no human report, notes or fix counts (the exit status still
    /// tells; a machine format or --statistics asked for is still written).
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Format {
    Human,
    Json,
    Sarif,
    Github,
    Gcc,
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

/// Runs the command; the exit status is as ARCHITECTURE.md's contracts say.
pub fn run(cli: Cli) -> ExitCode {
    // Files are analysed on rayon's threads: each gets the stack the analysis is sized for.
    // (Built once; a second `run` in the same process finds it built.)
    let _ = rayon::ThreadPoolBuilder::new()
        .stack_size(analyzer::analysis::STACK_BYTES)
        .build_global();
    let result = match cli.command {
        Some(Command::Types(args)) => settings(&args.analysis, None, &[]).and_then(|s| {
            commands::types::run(&args.analysis, &s, matches!(args.format, TypesFormat::Json))
        }),
        Some(Command::Rules) => commands::rules::list(),
        Some(Command::Explain { rule }) => commands::rules::explain(&rule),
        Some(Command::Lsp(_)) => tokio::runtime::Runtime::new()
            .map_err(|e| e.to_string())
            .map(|runtime| {
                let status = runtime.block_on(crate::lsp::run_stdio());
                // A blocking read of stdin cannot be cancelled: waiting for it would keep the
                // server alive after `exit` until the client closes stdin.
                runtime.shutdown_background();
                status
            }),
        None => settings(
            &cli.lint.analysis,
            cli.lint.select.as_deref(),
            &cli.lint.ignore,
        )
        .and_then(|s| commands::lint::run(&cli.lint, &s)),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("mpi-dtype-lint: {message}");
            ExitCode::from(2)
        }
    }
}

fn settings(
    args: &AnalysisArgs,
    select: Option<&[String]>,
    ignore: &[String],
) -> Result<Settings, String> {
    let overrides = Overrides {
        target: args.target,
        model: args.mpi,
        select: select.map(<[String]>::to_vec),
        ignore: ignore.to_vec(),
    };
    overrides
        .check_rule_ids()
        .map_err(|e| format!("{e} (see `mpi-dtype-lint rules`)"))?;
    Ok(Settings {
        overrides,
        config: load(args.config.as_deref(), Config::load)?,
        compile_commands: load(args.compile_commands.as_deref(), CompileDb::load)?,
    })
}

/// A file given on the command line, loaded once and shared by every file's analysis.
fn load<T>(
    path: Option<&Path>,
    load: fn(&Path) -> Result<T, String>,
) -> Result<Option<Arc<T>>, String> {
    path.map(load).transpose().map(|t| t.map(Arc::new))
}
