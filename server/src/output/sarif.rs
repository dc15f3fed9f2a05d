//! `--format sarif`: SARIF 2.1.0, with the rules' documentation as rule metadata and fixes as
//! SARIF fixes; file URIs relative to the working directory (`%SRCROOT%`), as GitHub code
//! scanning expects. With `--diff`, the run's properties have the fixes as a unified diff
//! (`"diff"`).

use std::io::{self, Write};

use analyzer::checks::{Severity, RULES};
use serde_json::{json, Value};

use super::display_path;
use crate::lint::{FileReport, Located};

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

fn region(at: &Located) -> Value {
    json!({
        "startLine": at.start.line,
        "startColumn": at.start.column,
        "endLine": at.end.line,
        "endColumn": at.end.column,
    })
}

fn artifact(uri: &str) -> Value {
    json!({ "uri": uri, "uriBaseId": "%SRCROOT%" })
}

pub fn document(reports: &[FileReport]) -> Value {
    let rules: Vec<Value> = RULES
        .iter()
        .map(|r| {
            json!({
                "id": r.id,
                "name": r.id,
                "shortDescription": { "text": r.summary },
                "fullDescription": { "text": r.summary },
                "help": { "text": r.docs, "markdown": r.docs },
                "helpUri": format!("https://github.com/mpi-dtype-lint/mpi-dtype-lint/blob/main/docs/rules.md#{}", r.id),
                "defaultConfiguration": { "level": level(r.severity) },
            })
        })
        .collect();
    let mut results = Vec::new();
    for r in reports {
        let uri = display_path(&r.path);
        for f in &r.findings {
            let rule_index = RULES.iter().position(|x| x.id == f.rule.id).unwrap_or(0);
            let fixes: Vec<Value> = f
                .fixes
                .iter()
                .map(|(fix, located)| {
                    let replacements: Vec<Value> = fix
                        .edits
                        .iter()
                        .zip(located)
                        .map(|(e, at)| {
                            json!({
                                "deletedRegion": region(at),
                                "insertedContent": { "text": e.new_text },
                            })
                        })
                        .collect();
                    json!({
                        "description": { "text": fix.title },
                        "artifactChanges": [{
                            "artifactLocation": artifact(&uri),
                            "replacements": replacements,
                        }],
                    })
                })
                .collect();
            let mut result = json!({
                "ruleId": f.rule.id,
                "ruleIndex": rule_index,
                "level": level(f.severity),
                "message": { "text": f.message },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": artifact(&uri),
                        "region": region(&f.at),
                    }
                }],
            });
            if !fixes.is_empty() {
                result["fixes"] = Value::Array(fixes);
            }
            results.push(result);
        }
    }
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "mpi-dtype-lint",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": "https://github.com/mpi-dtype-lint/mpi-dtype-lint",
                    "rules": rules,
                }
            },
            "columnKind": "unicodeCodePoints",
            "results": results,
        }]
    })
}

pub fn write(out: &mut dyn Write, reports: &[FileReport], diff: Option<&str>) -> io::Result<()> {
    let mut document = document(reports);
    if let Some(diff) = diff {
        document["runs"][0]["properties"] = json!({ "diff": diff });
    }
    serde_json::to_writer_pretty(&mut *out, &document)?;
    writeln!(out)
}
