//! The output formats of the lint command. Each writes every report to `out`.

pub mod gcc;
pub mod github;
pub mod human;
pub mod json;
pub mod sarif;

use crate::lint::FileReport;

pub use crate::files::display_path;

/// Where a rule's documentation is: its section of analyzer/RULES.md.
pub fn rule_docs_url(id: &str) -> String {
    format!("https://github.com/mpi-dtype-lint/mpi-dtype-lint/blob/main/analyzer/RULES.md#{id}")
}

/// Counts over all reports.
#[derive(Default, serde::Serialize)]
pub struct Summary {
    pub files: usize,
    pub findings: usize,
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
    /// Findings `--fix` can fix.
    pub fixable: usize,
    /// Findings only `--fix --unsafe-fixes` can fix.
    pub unsafe_fixable: usize,
}

impl Summary {
    pub fn of(reports: &[FileReport]) -> Summary {
        let mut s = Summary {
            files: reports.len(),
            ..Summary::default()
        };
        for f in reports.iter().flat_map(|r| &r.findings) {
            s.findings += 1;
            match f.severity {
                analyzer::checks::Severity::Error => s.errors += 1,
                analyzer::checks::Severity::Warning => s.warnings += 1,
                analyzer::checks::Severity::Info => s.infos += 1,
            }
            let fixable = |unsafe_fixes| {
                f.fixes
                    .iter()
                    .any(|(fix, _)| crate::lint::applicable(fix, unsafe_fixes))
            };
            if fixable(false) {
                s.fixable += 1;
            } else if fixable(true) {
                s.unsafe_fixable += 1;
            }
        }
        s
    }
}
