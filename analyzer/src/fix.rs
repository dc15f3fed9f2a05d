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
pub fn apply(text: &str, fixes: &[&Fix]) -> Applied {
    let mut order: Vec<&Fix> = fixes.to_vec();
    order.sort_by_key(|f| f.edits.iter().map(|e| (e.span.start, e.span.end)).min());
    let mut accepted: Vec<&Edit> = Vec::new();
    let (mut applied, mut skipped) = (0, 0);
    for fix in order {
        let valid = !fix.edits.is_empty()
            && fix.edits.iter().all(|e| {
                e.span.end <= text.len()
                    && text.is_char_boundary(e.span.start)
                    && text.is_char_boundary(e.span.end)
            });
        let own_clash = fix
            .edits
            .iter()
            .enumerate()
            .any(|(i, a)| fix.edits[i + 1..].iter().any(|b| overlaps(a.span, b.span)));
        let clashes = own_clash
            || fix
                .edits
                .iter()
                .any(|e| accepted.iter().any(|a| overlaps(a.span, e.span)));
        if valid && !clashes {
            accepted.extend(fix.edits.iter());
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
        out.push_str(&edit.new_text);
        at = edit.span.end;
    }
    out.push_str(&text[at..]);
    Applied {
        text: out,
        applied,
        skipped,
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
