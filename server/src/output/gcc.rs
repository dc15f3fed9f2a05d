//! `file:line:col: warning: message [rule]`, the format editors and CI log parsers know; the
//! column in bytes from 1, as gcc counts it with `-fdiagnostics-column-unit=byte`.

use std::io::{self, Write};

use super::display_path;
use crate::lint::FileReport;

pub fn write(out: &mut dyn Write, reports: &[FileReport]) -> io::Result<()> {
    for r in reports {
        for f in &r.findings {
            writeln!(
                out,
                "{}:{}:{}: {}: {} [{}]",
                display_path(&r.path),
                f.at.start.line,
                f.at.start.byte_column,
                f.severity.name(),
                f.message,
                f.rule.id
            )?;
        }
    }
    Ok(())
}
