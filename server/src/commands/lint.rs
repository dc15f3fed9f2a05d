//! `mpi-dtype-lint [PATH]...`: lint, report in the chosen format, optionally fix.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use analyzer::fix;

use super::Problems;
use crate::cli::{Format, LintArgs};
use crate::files;
use crate::lint::{self, applicable, Contexts, FileReport, Settings};
use crate::output::{self, human::Style};
use crate::progress::Progress;

pub fn run(args: &LintArgs, settings: &Settings) -> Result<ExitCode, String> {
    let contexts = Contexts::new(settings);
    let mut walk = files::collect(&args.analysis.paths, !args.analysis.no_ignore, &|path| {
        contexts.language(path)
    });
    let sources = std::mem::take(&mut walk.files);
    let progress = Progress::new(sources.len(), args.quiet);
    let reports = lint::lint(&sources, &contexts, &progress);
    let problems = Problems::of(walk, &reports);

    if args.fix || args.diff {
        return fix_files(&reports, args, &contexts, problems);
    }
    let mut out = std::io::stdout().lock();
    let written = match args.format {
        Format::Human => {
            let color = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            if args.quiet {
                Ok(())
            } else {
                output::human::write(&mut out, &reports, &Style::new(color))
            }
        }
        Format::Json => output::json::write(&mut out, &reports),
        Format::Sarif => output::sarif::write(&mut out, &reports),
        Format::Github => output::github::write(&mut out, &reports),
        Format::Gcc => output::gcc::write(&mut out, &reports),
    };
    quiet_on_broken_pipe(written)?;
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
    problems.tell(args.quiet);
    Ok(exit_status(&reports, &problems.errors))
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

/// Rounds of fixing per file: a fix may make another one applicable (or clash with it).
const FIX_ROUNDS: usize = 4;

/// `--fix` (write) and `--diff` (print, write nothing).
fn fix_files(
    reports: &[FileReport],
    args: &LintArgs,
    contexts: &Contexts,
    mut problems: Problems,
) -> Result<ExitCode, String> {
    let mut out = std::io::stdout().lock();
    let write_errors = &mut problems.errors;
    let mut remaining = Vec::new();
    let mut fixed_total = 0;
    for report in reports {
        if report.error.is_some() {
            continue;
        }
        if report.lossy {
            let fixable = report.findings.iter().any(|f| {
                f.fixes
                    .iter()
                    .any(|(fix, _)| applicable(fix, args.unsafe_fixes))
            });
            if fixable {
                let shown = output::display_path(&report.path);
                write_errors.push(format!("{shown}: not valid UTF-8; not fixed"));
            }
            remaining.push(report.findings.iter().filter(|f| lint::fails(f)).count());
            continue;
        }
        let (text, applied, still) = match fix_text(report, args, contexts) {
            Ok(fixed) => fixed,
            Err(e) => {
                write_errors.push(e);
                continue;
            }
        };
        remaining.push(still);
        if applied == 0 {
            continue;
        }
        if args.diff {
            let name = output::display_path(&report.path);
            let diff = similar::TextDiff::from_lines(&report.text, &text);
            write!(out, "{}", diff.unified_diff().header(&name, &name))
                .map_err(|e| e.to_string())?;
        } else if let Err(e) = files::write_fixed(&report.path, &report.text, &text) {
            write_errors.push(e);
            continue;
        }
        // Only what was written (or, with --diff, would be) counts as fixed.
        fixed_total += applied;
    }
    if !args.quiet {
        let verb = if args.diff { "would fix" } else { "fixed" };
        eprintln!(
            "mpi-dtype-lint: {verb} {fixed_total} finding{}",
            if fixed_total == 1 { "" } else { "s" }
        );
    }
    problems.tell(args.quiet);
    Ok(if !problems.errors.is_empty() {
        ExitCode::from(2)
    } else if remaining.iter().any(|&n| n > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Applies the applicable fixes, re-analysing between rounds; the new text, how many fixes
/// applied, and how many failing findings remain.
fn fix_text(
    report: &FileReport,
    args: &LintArgs,
    contexts: &Contexts,
) -> Result<(String, usize, usize), String> {
    let language = contexts
        .language(&report.path)?
        .ok_or_else(|| format!("{}: not a C or Fortran file", report.path.display()))?;
    let source = files::SourceFile {
        path: report.path.clone(),
        language,
    };
    let settings = contexts.for_file(&report.path)?;
    let mut text = report.text.clone();
    let mut applied_total = 0;
    let mut findings = report.findings.clone();
    for _ in 0..FIX_ROUNDS {
        let fixes: Vec<&fix::Fix> = findings
            .iter()
            .filter_map(|f| {
                f.fixes
                    .iter()
                    .map(|(fix, _)| fix)
                    .find(|fix| applicable(fix, args.unsafe_fixes))
            })
            .collect();
        if fixes.is_empty() {
            break;
        }
        let applied = fix::apply(&text, &fixes);
        if applied.applied == 0 {
            break;
        }
        applied_total += applied.applied;
        text = applied.text;
        findings = lint::lint_text(&source, &text, &settings);
    }
    let remaining = findings.iter().filter(|f| lint::fails(f)).count();
    Ok((text, applied_total, remaining))
}
