//! Suppression comments: `// mpi-dtype-lint: allow(rule-id, ...)` (or `! ...` in Fortran, or a
//! `/* */` comment) silences those rules on its own line and the next one;
//! `mpi-dtype-lint: allow-file(rule-id, ...)` silences them in the whole file. `all` names every
//! rule.

use super::Rule;
use crate::source::Language;

const MARKER: &str = "mpi-dtype-lint:";

/// The suppressions a file declares.
#[derive(Debug, Default)]
pub(crate) struct Suppressions {
    /// (1-based line of the comment, rule id).
    lines: Vec<(u32, String)>,
    file: Vec<String>,
}

impl Suppressions {
    pub(crate) fn parse(text: &str, language: Language) -> Suppressions {
        let mut s = Suppressions::default();
        for (i, line) in text.lines().enumerate() {
            let Some(at) = line.find(MARKER) else {
                continue;
            };
            if !in_comment(&line[..at], language) {
                continue;
            }
            let rest = line[at + MARKER.len()..].trim_start();
            let (file_level, ids) = if let Some(r) = rest.strip_prefix("allow-file(") {
                (true, r)
            } else if let Some(r) = rest.strip_prefix("allow(") {
                (false, r)
            } else {
                continue;
            };
            let Some(close) = ids.find(')') else {
                continue;
            };
            for id in ids[..close]
                .split(',')
                .map(str::trim)
                .filter(|id| !id.is_empty())
            {
                if file_level {
                    s.file.push(id.to_owned());
                } else {
                    s.lines.push((i as u32 + 1, id.to_owned()));
                }
            }
        }
        s
    }

    /// True when a finding of `rule` on `line` (1-based) is suppressed.
    pub(crate) fn allows(&self, rule: &Rule, line: u32) -> bool {
        self.file.iter().any(|id| rule.is_named_by(id))
            || self
                .lines
                .iter()
                .any(|(l, id)| (*l == line || *l + 1 == line) && rule.is_named_by(id))
    }
}

/// True when text ending just before the marker opens a comment in the language.
fn in_comment(before: &str, language: Language) -> bool {
    match language {
        // `// ...`, `/* ...`, or a continuation line of a block comment (` * ...`).
        Language::C => {
            before.contains("//")
                || before.contains("/*")
                || before.trim().chars().all(|c| c == '*')
        }
        Language::Fortran { .. } => {
            before.contains('!')
                || before
                    .chars()
                    .next()
                    .is_some_and(|c| matches!(c, 'c' | 'C' | '*'))
                    && before.len() < 6
        }
    }
}
