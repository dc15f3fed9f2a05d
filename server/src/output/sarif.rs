//! `--format sarif`: SARIF 2.1.0, with the rules' documentation as rule metadata and fixes as
//! SARIF fixes; file URIs percent-encoded and relative to one base, `%SRCROOT%`, the working
//! directory (as GitHub code scanning expects), which `originalUriBaseIds` gives.
//! With `--diff`, the run's properties have the fixes as a unified diff (`"diff"`).

use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};

use analyzer::checks::{Severity, RULES};
use serde_json::{json, Value};

use crate::files::absolute;
use crate::lint::{FileReport, Located};

const SRCROOT: &str = "%SRCROOT%";

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

/// Where a file is: relative to `%SRCROOT%` (`..` climbing out of it when it is elsewhere), or
/// by its absolute URI, without a base, when no relative path leads there (another drive).
fn artifact(path: &Path, root: &Path) -> Value {
    let path = lexically_normal(&absolute(path));
    match relative_uri(&path, root) {
        Some(uri) => json!({ "uri": uri, "uriBaseId": SRCROOT }),
        None => json!({ "uri": file_uri(&path) }),
    }
}

/// `path` with `.` and `..` resolved by name (as the user sees it, links not followed).
fn lexically_normal(path: &Path) -> PathBuf {
    let mut normal = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                normal.pop();
            }
            other => normal.push(other),
        }
    }
    normal
}

/// The percent-encoded relative reference from the directory `root` to `path` (both absolute
/// and normal); `None` when they share no root.
fn relative_uri(path: &Path, root: &Path) -> Option<String> {
    let (mut to, mut from) = (path.components().peekable(), root.components().peekable());
    if to.peek() != from.peek() {
        return None;
    }
    while to.peek().is_some() && to.peek() == from.peek() {
        to.next();
        from.next();
    }
    let up = from.map(|_| "..".to_owned());
    let down = to.map(|c| percent_encode(c.as_os_str().as_encoded_bytes()));
    Some(up.chain(down).collect::<Vec<_>>().join("/"))
}

/// `file:///...` for an absolute, normal path.
fn file_uri(path: &Path) -> String {
    let mut uri = "file://".to_owned();
    for component in path.components() {
        match component {
            // A Windows drive (`C:`) stays as it is.
            Component::Prefix(drive) => {
                uri.push('/');
                uri.push_str(&drive.as_os_str().to_string_lossy());
            }
            Component::RootDir => {}
            other => {
                uri.push('/');
                uri.push_str(&percent_encode(other.as_os_str().as_encoded_bytes()));
            }
        }
    }
    uri
}

/// Every byte but RFC 3986's unreserved characters as `%XX`.
fn percent_encode(bytes: &[u8]) -> String {
    let mut encoded = String::with_capacity(bytes.len());
    for &b in bytes {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            encoded.push(char::from(b));
        } else {
            let _ = write!(encoded, "%{b:02X}");
        }
    }
    encoded
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
                "helpUri": super::rule_docs_url(r.id),
                "defaultConfiguration": { "level": level(r.severity) },
            })
        })
        .collect();
    let root = lexically_normal(&absolute(Path::new(".")));
    let mut results = Vec::new();
    for r in reports {
        let location = artifact(&r.path, &root);
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
                            "artifactLocation": location.clone(),
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
                        "artifactLocation": location.clone(),
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
            "originalUriBaseIds": {
                SRCROOT: { "uri": format!("{}/", file_uri(&root).trim_end_matches('/')) },
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
