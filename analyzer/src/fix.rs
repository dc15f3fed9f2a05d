//! Fixes: text edits attached to a finding, how safe they are, and applying them to a text.

use crate::source::Span;

/// How far a fix may be applied without a human looking at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Applicability {
    /// Keeps the program's meaning apart from removing the bug (`--fix`).
    Safe,
    /// Changes behaviour on purpose or needs a look (`--fix --unsafe-fixes`).
    Unsafe,
    /// Shown to explain the finding; never applied automatically.
    DisplayOnly,
}

impl Applicability {
    pub fn name(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
            Applicability::DisplayOnly => "display-only",
        }
    }
}

/// Replace the bytes of `span` (in the analysed text) with `new_text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub span: Span,
    pub new_text: String,
}

impl Edit {
    pub fn replace(span: Span, new_text: impl Into<String>) -> Edit {
        Edit {
            span,
            new_text: new_text.into(),
        }
    }

    pub fn insert(at: usize, new_text: impl Into<String>) -> Edit {
        Edit::replace(Span::new(at, at), new_text)
    }
}

/// One way to fix a finding: edits that must be applied together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub title: String,
    pub applicability: Applicability,
    pub edits: Vec<Edit>,
}

/// The result of applying fixes to a text.
#[derive(Debug, PartialEq, Eq)]
pub struct Applied {
    pub text: String,
    /// Fixes applied; the others touched text an earlier fix had changed (run again for them).
    pub applied: usize,
    pub skipped: usize,
}

/// Applies every fix whose edits are valid and do not overlap an edit already accepted; fixes
/// are taken in the order of their first edit, so the result does not depend on input order.
/// Each line keeps its own line ending, and the lines an edit writes take the ending of the line
/// they go into (a file may mix `\n` and `\r\n`).
pub fn apply(text: &str, fixes: &[&Fix]) -> Applied {
    let mut order: Vec<Vec<Edit>> = fixes
        .iter()
        .map(|f| {
            f.edits
                .iter()
                .map(|e| outside_line_breaks(text, e))
                .collect()
        })
        .collect();
    order.sort_by_key(|edits| edits.iter().map(|e| (e.span.start, e.span.end)).min());
    let mut accepted: Vec<Edit> = Vec::new();
    let (mut applied, mut skipped) = (0, 0);
    for edits in order {
        let valid = !edits.is_empty()
            && edits.iter().all(|e| {
                e.span.end <= text.len()
                    && text.is_char_boundary(e.span.start)
                    && text.is_char_boundary(e.span.end)
            });
        let own_clash = edits
            .iter()
            .enumerate()
            .any(|(i, a)| edits[i + 1..].iter().any(|b| overlaps(a.span, b.span)));
        let clashes = own_clash
            || edits
                .iter()
                .any(|e| accepted.iter().any(|a| overlaps(a.span, e.span)));
        if valid && !clashes {
            accepted.extend(edits);
            applied += 1;
        } else {
            skipped += 1;
        }
    }
    accepted.sort_by_key(|e| (e.span.start, e.span.end));
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for edit in accepted {
        out.push_str(&text[at..edit.span.start]);
        let ending = line_ending_at(text, edit.span.start);
        let mut lines = edit.new_text.split('\n').peekable();
        while let Some(line) = lines.next() {
            if lines.peek().is_some() {
                out.push_str(line.strip_suffix('\r').unwrap_or(line));
                out.push_str(ending);
            } else {
                out.push_str(line);
            }
        }
        at = edit.span.end;
    }
    out.push_str(&text[at..]);
    Applied {
        text: out,
        applied,
        skipped,
    }
}

/// The edit with its ends moved off the middle of a `\r\n`: the checks find line ends by `\n`,
/// and an edit there belongs before the whole line break (its `\r` is no part of the line).
fn outside_line_breaks(text: &str, edit: &Edit) -> Edit {
    let before_break = |offset: usize| {
        let inside = offset > 0
            && text.as_bytes().get(offset - 1) == Some(&b'\r')
            && text.as_bytes().get(offset) == Some(&b'\n');
        offset - usize::from(inside)
    };
    Edit::replace(
        Span::new(before_break(edit.span.start), before_break(edit.span.end)),
        edit.new_text.clone(),
    )
}

/// The line ending of the line `offset` is on; the last line, when it has none, takes the one
/// before it.
fn line_ending_at(text: &str, offset: usize) -> &'static str {
    let newline = text
        .get(offset..)
        .and_then(|rest| rest.find('\n'))
        .map(|i| offset + i)
        .or_else(|| text[..offset].rfind('\n'));
    match newline {
        Some(n) if text[..n].ends_with('\r') => "\r\n",
        _ => "\n",
    }
}

/// Two edits clash when their ranges share a byte, or when both insert at the same point
/// (their order would be arbitrary).
fn overlaps(a: Span, b: Span) -> bool {
    if a.start == a.end || b.start == b.end {
        a.start == b.start
            || (a.start > b.start && a.start < b.end)
            || (b.start > a.start && b.start < a.end)
    } else {
        a.start < b.end && b.start < a.end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fix(edits: Vec<Edit>) -> Fix {
        Fix {
            title: String::new(),
            applicability: Applicability::Safe,
            edits,
        }
    }

    #[test]
    fn each_line_keeps_its_ending_and_new_lines_take_their_neighbours() {
        let text = "a;\r\nb;\nc;\r\nd;";
        // Before `b` (an LF line), after `c` at its `\n` (a CRLF line), at the end (no ending:
        // the line before is CRLF).
        let fixed = apply(
            text,
            &[
                &fix(vec![Edit::insert(4, "x;\n")]),
                &fix(vec![Edit::insert(text.rfind('\n').unwrap(), "\ny;")]),
                &fix(vec![Edit::insert(text.len(), "\nz;\r\n")]),
            ],
        );
        assert_eq!(fixed.text, "a;\r\nx;\nb;\nc;\r\ny;\r\nd;\r\nz;\r\n");
    }

    #[test]
    fn a_line_replaced_up_to_its_newline_keeps_its_carriage_return() {
        let text = "int a;\r\nint b;\r\n";
        let fixed = apply(
            text,
            &[&fix(vec![Edit::replace(
                Span::new(0, 7),
                "long a;\nlong c;",
            )])],
        );
        assert_eq!(fixed.text, "long a;\r\nlong c;\r\nint b;\r\n");
    }
}
