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
        // The marker is searched for in the whole text, and lines are counted only up to where
        // it is: the language server parses the suppressions after every edit.
        let (mut line_number, mut counted_to, mut searched_from) = (1, 0, 0);
        let finder = memchr::memmem::Finder::new(MARKER);
        while let Some(found) = finder.find(&text.as_bytes()[searched_from..]) {
            let marker = searched_from + found;
            let line_start =
                memchr::memrchr(b'\n', &text.as_bytes()[..marker]).map_or(0, |n| n + 1);
            let line_end = memchr::memchr(b'\n', &text.as_bytes()[marker..])
                .map_or(text.len(), |n| marker + n);
            line_number +=
                memchr::memchr_iter(b'\n', &text.as_bytes()[counted_to..line_start]).count();
            counted_to = line_start;
            // Only the first marker of a line counts.
            searched_from = line_end;
            let line = &text[line_start..line_end];
            let at = marker - line_start;
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
                    s.lines.push((line_number as u32, id.to_owned()));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_counted_to_each_marker_and_only_a_lines_first_marker_counts() {
        let text = "int a;\r\n// mpi-dtype-lint: allow(type-leak)\n\n\
                    x; /* mpi-dtype-lint: allow(missing-commit) */ // mpi-dtype-lint: allow(use-after-free)\n\
                    int s = \"mpi-dtype-lint: allow(extent-mismatch)\";\n\
                    // mpi-dtype-lint: allow-file(deprecated-api)";
        let s = Suppressions::parse(text, Language::C);
        assert_eq!(
            s.lines,
            [
                (2, "type-leak".to_owned()),
                (4, "missing-commit".to_owned())
            ]
        );
        assert_eq!(s.file, ["deprecated-api"]);
    }
}
