//! GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` annotation per finding.

use std::io::{self, Write};

use analyzer::checks::Severity;

use super::display_path;
use crate::lint::FileReport;

pub fn write(out: &mut dyn Write, reports: &[FileReport]) -> io::Result<()> {
    for r in reports {
        for f in &r.findings {
            let level = match f.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Info => "notice",
            };
            writeln!(
                out,
                "::{level} file={},line={},col={},endLine={},endColumn={},title={}::{}",
                property(&display_path(&r.path)),
                f.at.start.line,
                f.at.start.column,
                f.at.end.line,
                f.at.end.column,
                property(f.rule.id),
                data(&format!("{} [{}]", f.message, f.rule.id))
            )?;
        }
    }
    Ok(())
}

/// Escaping of a workflow command's message.
fn data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escaping of a workflow command's property value.
fn property(s: &str) -> String {
    data(s).replace(':', "%3A").replace(',', "%2C")
}
