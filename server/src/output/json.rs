//! `--format json`: one object, `{"diagnostics": [...], "summary": {...}}`, as ARCHITECTURE.md
//! fixes it; with `--diff`, the summary has the fixes as a unified diff (`"diff"`).

use std::io::{self, Write};

use serde::Serialize;

use super::{display_path, Summary};
use crate::lint::{FileReport, Located};

#[derive(Serialize)]
struct Document<'a> {
    diagnostics: Vec<JsonDiagnostic<'a>>,
    summary: JsonSummary<'a>,
}

#[derive(Serialize)]
struct JsonSummary<'a> {
    #[serde(flatten)]
    counts: Summary,
    #[serde(skip_serializing_if = "Option::is_none")]
    diff: Option<&'a str>,
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    file: String,
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    rule: &'a str,
    severity: &'a str,
    message: &'a str,
    fixes: Vec<JsonFix<'a>>,
}

#[derive(Serialize)]
struct JsonFix<'a> {
    title: &'a str,
    applicability: &'a str,
    edits: Vec<JsonEdit<'a>>,
}

#[derive(Serialize)]
struct JsonEdit<'a> {
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    new_text: &'a str,
}

pub fn write(out: &mut dyn Write, reports: &[FileReport], diff: Option<&str>) -> io::Result<()> {
    let mut diagnostics = Vec::new();
    for r in reports {
        let file = display_path(&r.path);
        for f in &r.findings {
            diagnostics.push(JsonDiagnostic {
                file: file.clone(),
                line: f.at.start.line,
                column: f.at.start.column,
                end_line: f.at.end.line,
                end_column: f.at.end.column,
                rule: f.rule.id,
                severity: f.severity.name(),
                message: &f.message,
                fixes: f
                    .fixes
                    .iter()
                    .map(|(fix, located)| JsonFix {
                        title: &fix.title,
                        applicability: fix.applicability.name(),
                        edits: fix
                            .edits
                            .iter()
                            .zip(located)
                            .map(|(e, at): (_, &Located)| JsonEdit {
                                line: at.start.line,
                                column: at.start.column,
                                end_line: at.end.line,
                                end_column: at.end.column,
                                new_text: &e.new_text,
                            })
                            .collect(),
                    })
                    .collect(),
            });
        }
    }
    let document = Document {
        diagnostics,
        summary: JsonSummary {
            counts: Summary::of(reports),
            diff,
        },
    };
    serde_json::to_writer_pretty(&mut *out, &document)?;
    writeln!(out)
}
