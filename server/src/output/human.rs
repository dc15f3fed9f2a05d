//! The default output: rustc-style findings with the source line, the span underlined, and the
//! fix's title; colour only on a terminal and never with `NO_COLOR` set.

use std::io::{self, Write};

use analyzer::checks::Severity;

use super::{display_path, Summary};
use crate::lint::{FileReport, Finding};

/// ANSI styles, or nothing.
pub struct Style {
    on: bool,
}

impl Style {
    pub fn new(on: bool) -> Style {
        Style { on }
    }

    fn paint(&self, code: &str, text: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }
}

pub fn write(out: &mut dyn Write, reports: &[FileReport], style: &Style) -> io::Result<()> {
    for r in reports {
        for f in &r.findings {
            finding(out, r, f, style)?;
        }
    }
    let s = Summary::of(reports);
    if s.findings == 0 {
        writeln!(out, "No findings in {} file{}.", s.files, plural(s.files))
    } else {
        writeln!(
            out,
            "Found {} finding{} ({} error{}, {} warning{}) in {} file{}; {} fixable with --fix{}.",
            s.findings,
            plural(s.findings),
            s.errors,
            plural(s.errors),
            s.warnings,
            plural(s.warnings),
            s.files,
            plural(s.files),
            s.fixable,
            if s.unsafe_fixable > 0 {
                format!(" ({} more with --unsafe-fixes)", s.unsafe_fixable)
            } else {
                String::new()
            }
        )
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn finding(out: &mut dyn Write, r: &FileReport, f: &Finding, style: &Style) -> io::Result<()> {
    let (label, code) = match f.severity {
        Severity::Error => ("error", "1;31"),
        Severity::Warning => ("warning", "1;33"),
        Severity::Info => ("info", "1;36"),
    };
    writeln!(
        out,
        "{}: {}",
        style.paint(code, &format!("{label}[{}]", f.rule.id)),
        style.paint("1", &f.message)
    )?;
    let line_no = f.at.start.line.to_string();
    let gutter = " ".repeat(line_no.len());
    writeln!(
        out,
        "{gutter}{} {}:{}:{}",
        style.paint("1;34", "-->"),
        display_path(&r.path),
        f.at.start.line,
        f.at.start.column
    )?;
    if let Some(line) = r.text.lines().nth(f.at.start.line as usize - 1) {
        let bar = style.paint("1;34", "|");
        let start = f.at.start.column as usize - 1;
        let width = if f.at.end.line == f.at.start.line {
            (f.at.end.column.saturating_sub(f.at.start.column) as usize).max(1)
        } else {
            line.chars().count().saturating_sub(start).max(1)
        };
        let prefix: String = line
            .chars()
            .take(start)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        writeln!(out, "{gutter} {bar}")?;
        writeln!(out, "{} {bar} {line}", style.paint("1;34", &line_no))?;
        writeln!(
            out,
            "{gutter} {bar} {prefix}{}",
            style.paint(code, &"^".repeat(width))
        )?;
    }
    for (fix, _) in &f.fixes {
        writeln!(
            out,
            "{gutter} {} fix: {} ({})",
            style.paint("1;34", "="),
            fix.title,
            fix.applicability.name()
        )?;
    }
    writeln!(out)
}
