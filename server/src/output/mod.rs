//! The output formats of the lint command. Each writes every report to `out`.

pub mod gcc;
pub mod github;
pub mod human;
pub mod json;
pub mod sarif;

use std::path::Path;

use crate::lint::FileReport;

/// A path as shown: relative to the working directory when it is below it.
pub fn display_path(path: &Path) -> String {
    let cwd = std::env::current_dir().ok();
    let shown = cwd
        .as_deref()
        .and_then(|c| path.strip_prefix(c).ok())
        .unwrap_or(path);
    shown.display().to_string().replace('\\', "/")
}

/// Counts over all reports.
#[derive(Default, serde::Serialize)]
pub struct Summary {
    pub files: usize,
    pub findings: usize,
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
    pub fixable: usize,
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
            if f.fixes
                .iter()
                .any(|(fix, _)| crate::lint::applicable(fix, true))
            {
                s.fixable += 1;
            }
        }
        s
    }
}
