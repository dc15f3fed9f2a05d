//! A main file's parse, kept for the next version of its text: tree-sitter parses again only
//! what changed between the two (the language server's edits), and the lowering walks a tree
//! equal to a fresh parse's. Both front ends keep theirs (`c::MainParse`, the Fortran lowering's
//! own).

use std::sync::Arc;

use tree_sitter::{InputEdit, Parser, Point, Tree};

/// A tree and the text it was parsed from (what the front end hands tree-sitter: C's pre-pass
/// output, Fortran's normalised or preprocessed text).
#[derive(Clone, Debug)]
pub(crate) struct KeptParse {
    text: Arc<str>,
    tree: Tree,
    /// The tree was parsed from the previous version's.
    pub(crate) reused: bool,
}

impl KeptParse {
    /// Parses `text`, from `previous`'s tree when there is one. Error recovery after an edit
    /// may not be a fresh parse's: a reused tree with an error is parsed again from nothing.
    pub(crate) fn parse(
        parser: &mut Parser,
        previous: Option<KeptParse>,
        text: &str,
    ) -> Option<KeptParse> {
        let reused = previous.and_then(|previous| {
            let mut old = previous.tree;
            old.edit(&edit_between(&previous.text, text));
            parser
                .parse(text, Some(&old))
                .filter(|tree| !tree.root_node().has_error())
        });
        let (tree, reused) = match reused {
            Some(tree) => (tree, true),
            None => (parser.parse(text, None)?, false),
        };
        Some(KeptParse {
            text: Arc::from(text),
            tree,
            reused,
        })
    }

    pub(crate) fn tree(&self) -> &Tree {
        &self.tree
    }
}

/// The one edit that turns `old` into `new`: what lies between their common start and end.
fn edit_between(old: &str, new: &str) -> InputEdit {
    let (a, b) = (old.as_bytes(), new.as_bytes());
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (old_end, new_end) = (a.len() - suffix, b.len() - suffix);
    InputEdit {
        start_byte: prefix,
        old_end_byte: old_end,
        new_end_byte: new_end,
        start_position: point_at(a, prefix),
        old_end_position: point_at(a, old_end),
        new_end_position: point_at(b, new_end),
    }
}

/// Row and byte column of a byte offset.
fn point_at(text: &[u8], offset: usize) -> Point {
    let before = &text[..offset];
    let row = before.iter().filter(|&&b| b == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    Point::new(row, offset - line_start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_edit_between_two_texts_is_their_differing_middle() {
        let edit = edit_between("int a;\nint bb;\n", "int a;\nint xyz;\n");
        assert_eq!(
            (edit.start_byte, edit.old_end_byte, edit.new_end_byte),
            (11, 13, 14)
        );
        assert_eq!(edit.start_position, Point::new(1, 4));
        assert_eq!(edit.old_end_position, Point::new(1, 6));
        assert_eq!(edit.new_end_position, Point::new(1, 7));
        // A repeated character: the common end does not overlap the common start.
        let edit = edit_between("aa", "aaa");
        assert_eq!(
            (edit.start_byte, edit.old_end_byte, edit.new_end_byte),
            (2, 2, 3)
        );
        let same = edit_between("x\n", "x\n");
        assert_eq!(
            (same.start_byte, same.old_end_byte, same.new_end_byte),
            (2, 2, 2)
        );
    }
}
