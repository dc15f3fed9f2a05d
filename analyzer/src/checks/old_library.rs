//! The code only MPI libraries older than MPI-3.0 compile: the branches of a conditional group
//! on `MPI_VERSION` (`#if MPI_VERSION < 2`, the `#else` of `#if MPI_VERSION >= 3`) that no
//! library implementing MPI-3.0 or later takes, and some older one may. The removed API is
//! right there: it is what those libraries have.
//!
//! Each branch is decided as cpp would for each `MPI_VERSION` and `MPI_SUBVERSION` a library
//! may define; every other name in the conditions is unknown (it may be defined anywhere), so a
//! branch that depends on one is not known to be old-only.

use std::collections::HashMap;

use tree_sitter::{Node, Parser};

use super::Context;
use crate::fix::Fix;
use crate::source::{FortranForm, Language, Span};
use crate::syntax::preproc::{kinds as k, Condition, MacroState, Macros};

/// Versions of the standard that still have the MPI-1 datatype API, and those that do not.
const OLD: &[(i128, i128)] = &[(1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2)];
const CURRENT: &[(i128, i128)] = &[(3, 0), (3, 1), (4, 0), (4, 1), (5, 0)];

/// The byte ranges of a file's old-library branches.
pub(crate) struct OldLibraryCode(Vec<Span>);

impl OldLibraryCode {
    pub(crate) fn of(cx: &Context<'_>) -> OldLibraryCode {
        let text = cx.analysis.text();
        let grammar: tree_sitter::Language = match cx.language() {
            Language::C => tree_sitter_c::LANGUAGE.into(),
            Language::Fortran {
                form: FortranForm::Free,
                preprocessed: true,
            } => tree_sitter_fortran::LANGUAGE.into(),
            Language::Fortran { .. } => return OldLibraryCode(Vec::new()),
        };
        if !text.contains("MPI_VERSION") {
            return OldLibraryCode(Vec::new());
        }
        let mut parser = Parser::new();
        let Some(tree) = parser
            .set_language(&grammar)
            .ok()
            .and_then(|()| parser.parse(text, None))
        else {
            return OldLibraryCode(Vec::new());
        };
        let mut regions = Vec::new();
        let mut stack = vec![tree.root_node()];
        while let Some(node) = stack.pop() {
            if matches!(node.kind(), k::PREPROC_IF | k::PREPROC_IFDEF) {
                old_branches(text, node, &mut regions);
            }
            let mut cursor = node.walk();
            stack.extend(node.children(&mut cursor));
        }
        OldLibraryCode(regions)
    }

    /// Whether `span` lies in an old-library branch.
    pub(crate) fn contains(&self, span: Span) -> bool {
        self.0
            .iter()
            .any(|r| r.start <= span.start && span.end <= r.end)
    }

    /// Whether a fix edits inside an old-library branch.
    pub(crate) fn touched_by(&self, fix: &Fix) -> bool {
        fix.edits.iter().any(|e| {
            self.0
                .iter()
                .any(|r| e.span.start < r.end && r.start < e.span.end.max(e.span.start + 1))
        })
    }
}

/// The old-library branches of the conditional group whose first branch is `head`.
fn old_branches(text: &str, head: Node<'_>, out: &mut Vec<Span>) {
    let mut branches = Vec::new();
    let mut current = Some(head);
    while let Some(branch) = current {
        let alternative = branch.child_by_field_name("alternative");
        let end = alternative.map_or(branch.end_byte(), |a| a.start_byte());
        branches.push((branch, Span::new(branch.start_byte(), end)));
        current = alternative;
    }
    let mut names = Vec::new();
    for (branch, _) in &branches {
        if let Some(condition) = branch
            .child_by_field_name("condition")
            .or_else(|| branch.child_by_field_name("name"))
        {
            identifiers(text, condition, &mut names);
        }
    }
    if !names.contains(&"MPI_VERSION") {
        return;
    }
    let taken = |version: (i128, i128)| taken_branches(text, &branches, &names, version);
    let current: Vec<Vec<Option<bool>>> = CURRENT.iter().map(|v| taken(*v)).collect();
    let old: Vec<Vec<Option<bool>>> = OLD.iter().map(|v| taken(*v)).collect();
    for (i, (_, region)) in branches.iter().enumerate() {
        let never_now = current.iter().all(|t| t[i] == Some(false));
        let maybe_before = old.iter().any(|t| t[i] != Some(false));
        if never_now && maybe_before {
            out.push(*region);
        }
    }
}

/// Whether each branch is the one compiled, for a library of `version`.
fn taken_branches(
    text: &str,
    branches: &[(Node<'_>, Span)],
    names: &[&str],
    (version, subversion): (i128, i128),
) -> Vec<Option<bool>> {
    let mut macros: Macros<i128> = Macros::default();
    for name in names {
        macros.set((*name).to_owned(), MacroState::Uncertain);
    }
    for (name, value) in [("MPI_VERSION", version), ("MPI_SUBVERSION", subversion)] {
        macros.set(
            name.to_owned(),
            MacroState::Defined {
                params: None,
                body: value,
            },
        );
    }
    let body_value = |b: &i128, _: &HashMap<String, i128>| Some(*b);
    let condition = Condition {
        text,
        macros: &macros,
        body_value: &body_value,
    };
    // Taken: its own test holds and no branch before it was taken.
    let mut before = Some(false);
    let mut out = Vec::new();
    for (branch, _) in branches {
        let holds = match branch.kind() {
            k::PREPROC_ELSE => Some(true),
            _ => condition.decide(*branch),
        };
        out.push(match (before, holds) {
            (Some(true), _) | (_, Some(false)) => Some(false),
            (Some(false), Some(true)) => Some(true),
            _ => None,
        });
        before = match (before, holds) {
            (Some(true), _) | (_, Some(true)) => Some(true),
            (Some(false), Some(false)) => Some(false),
            _ => None,
        };
    }
    out
}

fn identifiers<'t>(text: &'t str, node: Node<'_>, out: &mut Vec<&'t str>) {
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if n.kind() == k::IDENTIFIER {
            if let Some(name) = text.get(n.byte_range()) {
                out.push(name.trim());
            }
        }
        let mut cursor = n.walk();
        stack.extend(n.children(&mut cursor));
    }
}
