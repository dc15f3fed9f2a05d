//! `--fix` (write the fixed files) and `--diff` (show the fixes as a unified diff, write
//! nothing): the fixes applied round after round, and each file's report after them.

use analyzer::fix;

use crate::cli::LintArgs;
use crate::files;
use crate::lint::{self, applicable, Contexts, FileReport, Finding};
use crate::output::display_path;

/// What fixing did.
pub struct Fixed {
    /// Each file's report after the fixes: its fixed text and the findings that remain there.
    /// A file left as it was (not fixable, or not written) keeps its report.
    pub reports: Vec<FileReport>,
    /// The fixes as a unified diff, file after file.
    pub diff: String,
    /// Findings fixed: with `--fix`, in the files written.
    pub count: usize,
}

/// Fixes every file (with `--diff`, only in memory); what goes wrong is added to `errors`.
pub fn fix(
    reports: Vec<FileReport>,
    args: &LintArgs,
    contexts: &Contexts,
    errors: &mut Vec<String>,
) -> Fixed {
    let mut fixed = Fixed {
        reports: Vec::with_capacity(reports.len()),
        diff: String::new(),
        count: 0,
    };
    for mut report in reports {
        match fix_file(&report, args, contexts) {
            Ok(Some((text, applied, findings))) => {
                let written = if args.diff {
                    let name = display_path(&report.path);
                    let diff = similar::TextDiff::from_lines(&report.text, &text);
                    fixed
                        .diff
                        .push_str(&diff.unified_diff().header(&name, &name).to_string());
                    Ok(())
                } else {
                    files::write_fixed(&report.path, &report.text, &text)
                };
                match written {
                    Ok(()) => {
                        fixed.count += applied;
                        report.text = text;
                        report.findings = findings;
                    }
                    Err(e) => errors.push(e),
                }
            }
            Ok(None) => {}
            Err(e) => errors.push(e),
        }
        fixed.reports.push(report);
    }
    fixed
}

/// The fixed text of a file, how many fixes applied and the findings that remain; `None` when
/// nothing applies.
fn fix_file(
    report: &FileReport,
    args: &LintArgs,
    contexts: &Contexts,
) -> Result<Option<(String, usize, Vec<Finding>)>, String> {
    let fixable = report.findings.iter().any(|f| {
        f.fixes
            .iter()
            .any(|(fix, _)| applicable(fix, args.unsafe_fixes))
    });
    if report.error.is_some() || !fixable {
        return Ok(None);
    }
    if let Some(why) = &report.not_rewritable {
        let shown = display_path(&report.path);
        return Err(format!("{shown}: {why}; not fixed"));
    }
    let (text, applied, findings) = fix_text(report, args, contexts)?;
    Ok((applied > 0).then_some((text, applied, findings)))
}

/// Rounds of fixing per file: a fix may make another one applicable (or clash with it).
const FIX_ROUNDS: usize = 4;

/// Applies the applicable fixes, re-analysing between rounds; the new text, how many fixes
/// applied, and the findings that remain.
fn fix_text(
    report: &FileReport,
    args: &LintArgs,
    contexts: &Contexts,
) -> Result<(String, usize, Vec<Finding>), String> {
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
    Ok((text, applied_total, findings))
}
