//! The `GO TO`s of a unit: which labels only forward jumps reach (an error exit), so that the
//! paths jumping there can be joined where the label stands.

use std::collections::HashSet;

use tree_sitter::Node;

use super::{kinds as k, named_children};

/// The jumps of a unit (not of its internal procedures).
#[derive(Clone, Debug, Default)]
pub(crate) struct Jumps {
    /// The unit has a `GO TO` of some kind.
    pub any: bool,
    /// Labels that only plain `GO TO`s before them reach (an error exit), so that the paths
    /// that jump there can be joined where it stands.
    pub forward: HashSet<u64>,
}

impl Jumps {
    pub(crate) fn scan(unit: Node, text: &str) -> Jumps {
        let mut any = false;
        let mut gotos: Vec<(u64, usize)> = Vec::new();
        let mut labels: Vec<(u64, usize)> = Vec::new();
        let mut elsewhere: HashSet<u64> = HashSet::new();
        super::visit_nodes(unit, |n| {
            match n.kind() {
                k::KEYWORD_STATEMENT => {
                    let words = text.get(n.start_byte()..n.end_byte()).unwrap_or("");
                    if words
                        .trim_start()
                        .get(..2)
                        .is_some_and(|w| w.eq_ignore_ascii_case("go"))
                    {
                        any = true;
                        if let Some(label) = plain_goto(n, text) {
                            gotos.push((label, n.start_byte()));
                        }
                    }
                }
                // The grammar nests a label (and a reference) in a node of the same span: the
                // outermost one counts.
                k::STATEMENT_LABEL if !n.parent().is_some_and(|p| is_label(p.kind())) => {
                    let label = text
                        .get(n.start_byte()..n.end_byte())
                        .and_then(label_number);
                    labels.extend(label.map(|l| (l, n.start_byte())));
                }
                // A label named elsewhere (a computed GO TO, ERR=, an arithmetic IF) may be
                // reached from anywhere; a DO's own label is its loop's end.
                k::STATEMENT_LABEL_REFERENCE
                    if n.parent().is_some_and(|p| {
                        !is_label(p.kind())
                            && plain_goto(p, text).is_none()
                            && !p.kind().contains("do")
                    }) =>
                {
                    let label = text
                        .get(n.start_byte()..n.end_byte())
                        .and_then(label_number);
                    elsewhere.extend(label);
                }
                _ => {}
            }
            n.kind() != k::INTERNAL_PROCEDURES
        });
        let forward = labels
            .iter()
            .filter(|(label, at)| {
                !elsewhere.contains(label)
                    && labels.iter().filter(|(l, _)| l == label).count() == 1
                    && gotos.iter().any(|(l, _)| l == label)
                    && gotos.iter().all(|(l, from)| l != label || from < at)
            })
            .map(|(label, _)| *label)
            .collect();
        Jumps { any, forward }
    }
}

/// The label of a plain `GO TO label` statement (not a computed or assigned one).
pub(super) fn plain_goto(node: Node, text: &str) -> Option<u64> {
    if node.kind() != k::KEYWORD_STATEMENT {
        return None;
    }
    let words = text.get(node.start_byte()..node.end_byte())?;
    if !words.trim_start().get(..2)?.eq_ignore_ascii_case("go") {
        return None;
    }
    let mut children = named_children(node);
    let label = children.next()?;
    if label.kind() != k::STATEMENT_LABEL_REFERENCE || children.next().is_some() {
        return None;
    }
    label_number(text.get(label.start_byte()..label.end_byte())?)
}

fn is_label(kind: &str) -> bool {
    kind == k::STATEMENT_LABEL || kind == k::STATEMENT_LABEL_REFERENCE
}

pub(super) fn label_number(text: &str) -> Option<u64> {
    text.trim().parse().ok()
}
