//! `mpi-dtype-lint [PATH]...`: lint, optionally fix, and report in the chosen format.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use super::{fix, Problems};
use crate::cli::{Format, LintArgs};
use crate::files;
use crate::lint::{self, Contexts, FileReport, Settings};
use crate::output::{self, human::Style};
use crate::progress::Progress;

pub fn run(args: &LintArgs, settings: &Settings) -> Result<ExitCode, String> {
    let mut contexts = Contexts::new(settings);
    let mut walk = files::collect(&args.analysis.paths, !args.analysis.no_ignore, &|path| {
        contexts.language(path)
    });
    let sources = std::mem::take(&mut walk.files);
    contexts.index_modules(&sources);
    let progress = Progress::new(sources.len(), args.quiet);
    let reports = lint::lint(&sources, &contexts, &progress);
    let mut problems = Problems::of(walk, &reports);

    let (reports, diff, fixed) = if args.fix || args.diff {
        let fixed = fix::fix(reports, args, &contexts, &mut problems.errors);
        let diff = args.diff.then_some(fixed.diff);
        (fixed.reports, diff, Some(fixed.count))
    } else {
        (reports, None, None)
    };
    let mut out = std::io::stdout().lock();
    quiet_on_broken_pipe(report(&mut out, args, &reports, diff.as_deref()))?;
    if args.statistics {
        // After a human report on stdout; beside a machine format on stderr, so that stdout
        // stays one valid document.
        let counted = match args.format {
            Format::Human => statistics(&mut out, &reports),
            _ => statistics(&mut std::io::stderr().lock(), &reports),
        };
        quiet_on_broken_pipe(counted)?;
    }
    drop(out);
    if let Some(n) = fixed.filter(|_| !args.quiet) {
        let verb = if args.diff { "would fix" } else { "fixed" };
        eprintln!(
            "mpi-dtype-lint: {verb} {n} finding{}",
            if n == 1 { "" } else { "s" }
        );
    }
    problems.tell(args.quiet);
    Ok(exit_status(&reports, &problems.errors))
}

/// The findings in the chosen format, after the fixes as a unified diff when there is one: in
/// a line-oriented format the diff comes first, in json and sarif it goes inside the document.
fn report(
    out: &mut dyn Write,
    args: &LintArgs,
    reports: &[FileReport],
    diff: Option<&str>,
) -> std::io::Result<()> {
    let diff_first = |out: &mut dyn Write| out.write_all(diff.unwrap_or_default().as_bytes());
    match args.format {
        Format::Json => output::json::write(out, reports, diff),
        Format::Sarif => output::sarif::write(out, reports, diff),
        Format::Human => {
            diff_first(out)?;
            let color = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            if args.quiet {
                Ok(())
            } else {
                output::human::write(out, reports, &Style::new(color))
            }
        }
        Format::Github => {
            diff_first(out)?;
            output::github::write(out, reports)
        }
        Format::Gcc => {
            diff_first(out)?;
            output::gcc::write(out, reports)
        }
    }
}

/// A reader that stopped reading (`| head`) ends the output, not the run: no error.
fn quiet_on_broken_pipe(written: std::io::Result<()>) -> Result<(), String> {
    match written {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        written => written.map_err(|e| e.to_string()),
    }
}

fn exit_status(reports: &[FileReport], errors: &[String]) -> ExitCode {
    if !errors.is_empty() {
        ExitCode::from(2)
    } else if reports.iter().flat_map(|r| &r.findings).any(lint::fails) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn statistics(out: &mut dyn Write, reports: &[FileReport]) -> std::io::Result<()> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for f in reports.iter().flat_map(|r| &r.findings) {
        *counts.entry(f.rule.id).or_default() += 1;
    }
    for (rule, n) in counts {
        writeln!(out, "{n:>6}  {rule}")?;
    }
    Ok(())
}
