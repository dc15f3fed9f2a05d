//! The default output: rustc-style findings with the source line, the span underlined, and the
//! fix's title; colour only on a terminal and never with `NO_COLOR` set.

use std::borrow::Cow;
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
        let (line, start, width) = excerpt(line, start, width);
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

/// The most characters of a source line shown: a longer line (minified or generated code) is
/// cut around the finding; hand-written lines are shown whole.
const MAX_SHOWN_CHARS: usize = 200;

/// How many characters before the finding a cut line keeps.
const SHOWN_BEFORE: usize = 60;

/// The part of `line` shown for a finding on characters `start..start + width`: the whole line,
/// or at most [`MAX_SHOWN_CHARS`] of it around the finding with `…` where it is cut; and where
/// the finding is in what is shown.
fn excerpt(line: &str, start: usize, width: usize) -> (Cow<'_, str>, usize, usize) {
    let length = line.chars().count();
    if length <= MAX_SHOWN_CHARS {
        return (Cow::Borrowed(line), start, width);
    }
    let from = start.min(length).saturating_sub(SHOWN_BEFORE);
    let to = (from + MAX_SHOWN_CHARS).min(length);
    let byte = |n: usize| line.char_indices().nth(n).map_or(line.len(), |(i, _)| i);
    let cut_before = if from > 0 { "…" } else { "" };
    let cut_after = if to < length { "…" } else { "" };
    let shown = format!("{cut_before}{}{cut_after}", &line[byte(from)..byte(to)]);
    let start_shown = start - from + cut_before.chars().count();
    let width_shown = width.min(to.saturating_sub(start)).max(1);
    (Cow::Owned(shown), start_shown, width_shown)
}

#[cfg(test)]
mod tests {
    use super::excerpt;

    #[test]
    fn a_long_line_is_cut_around_the_finding() {
        let line = format!("{}FIND{}", "a".repeat(200_000), "b".repeat(200_000));
        let (shown, start, width) = excerpt(&line, 200_000, 4);
        assert_eq!(shown.chars().count(), 202);
        assert!(shown.starts_with("…a") && shown.ends_with("b…"), "{shown}");
        assert_eq!(
            shown.chars().skip(start).take(width).collect::<String>(),
            "FIND"
        );
        // A range running past what is shown is underlined up to the cut.
        let (shown, start, width) = excerpt(&line, 10, 300_000);
        assert!(!shown.starts_with('…'));
        assert_eq!((start, width), (10, 190));
        // A short line is shown whole.
        assert_eq!(excerpt("int x;", 4, 1), ("int x;".into(), 4, 1));
    }
}
