//! `mpi-dtype-lint rules` and `mpi-dtype-lint explain RULE`: the rules' own documentation.

use std::io::Write;
use std::process::ExitCode;

use analyzer::checks::{self, RULES};

pub fn list() -> Result<ExitCode, String> {
    let mut out = std::io::stdout().lock();
    let width = RULES.iter().map(|r| r.id.len()).max().unwrap_or(0);
    for r in RULES {
        writeln!(
            out,
            "{:<width$}  {:<7}  {}",
            r.id,
            r.severity.name(),
            r.summary
        )
        .map_err(|e| e.to_string())?;
    }
    Ok(ExitCode::SUCCESS)
}

pub fn explain(id: &str) -> Result<ExitCode, String> {
    let rule =
        checks::rule(id).ok_or_else(|| format!("no rule `{id}` (see `mpi-dtype-lint rules`)"))?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "# {}\n\n{}\n\n{}",
        rule.id,
        rule.summary,
        rule.docs.trim_end()
    )
    .map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}
