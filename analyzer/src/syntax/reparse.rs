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

    /// The text it was parsed from.
    pub(crate) fn text(&self) -> &Arc<str> {
        &self.text
    }

    pub(crate) fn tree(&self) -> &Tree {
        &self.tree
    }
}

/// The one edit that turns `old` into `new`: what lies between their common start and end.
fn edit_between(old: &str, new: &str) -> InputEdit {
    let (a, b) = (old.as_bytes(), new.as_bytes());
    let (prefix, old_end, new_end) = differing_middle(old, new);
    InputEdit {
        start_byte: prefix,
        old_end_byte: old_end,
        new_end_byte: new_end,
        start_position: point_at(a, prefix),
        old_end_position: point_at(a, old_end),
        new_end_position: point_at(b, new_end),
    }
}

/// Where `old` and `new` differ: the length of their common start, and where their common end
/// starts in each (the common end does not overlap the common start).
pub(crate) fn differing_middle(old: &str, new: &str) -> (usize, usize, usize) {
    let (a, b) = (old.as_bytes(), new.as_bytes());
    let prefix = common_prefix(a, b);
    let suffix = common_suffix(&a[prefix..], &b[prefix..]);
    (prefix, a.len() - suffix, b.len() - suffix)
}

/// Bytes compared at once (as slices, by `memcmp`) before the bytes of a block that differs.
const BLOCK: usize = 64;

/// How many bytes `a` and `b` start with alike.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let blocks = a
        .chunks(BLOCK)
        .zip(b.chunks(BLOCK))
        .take_while(|(x, y)| x == y)
        .count();
    // The last block may be a short one.
    let same = (blocks * BLOCK).min(a.len()).min(b.len());
    let rest = a[same..].iter().zip(&b[same..]).take_while(|(x, y)| x == y);
    same + rest.count()
}

/// How many bytes `a` and `b` end with alike.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    let blocks = a
        .rchunks(BLOCK)
        .zip(b.rchunks(BLOCK))
        .take_while(|(x, y)| x == y)
        .count();
    let same = (blocks * BLOCK).min(a.len()).min(b.len());
    let (a, b) = (&a[..a.len() - same], &b[..b.len() - same]);
    let rest = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y);
    same + rest.count()
}

/// Row and byte column of a byte offset.
fn point_at(text: &[u8], offset: usize) -> Point {
    let before = &text[..offset];
    let row = memchr::memchr_iter(b'\n', before).count();
    let line_start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
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

    /// Byte by byte, as the blocks must agree with.
    fn naive(a: &[u8], b: &[u8]) -> (usize, usize) {
        let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
        let (a, b) = (&a[prefix..], &b[prefix..]);
        let suffix = a
            .iter()
            .rev()
            .zip(b.iter().rev())
            .take_while(|(x, y)| x == y)
            .count();
        (prefix, suffix)
    }

    #[test]
    fn the_common_start_and_end_are_those_of_a_byte_by_byte_comparison() {
        // Lengths around the block size, and edits at its boundaries.
        for len in [0, 1, 63, 64, 65, 127, 128, 129, 300] {
            let base: Vec<u8> = (0..len).map(|i| b"abcab\n"[i % 6]).collect();
            for at in [0, 1, 62, 63, 64, 65, 128, len / 2, len] {
                let at = at.min(len);
                for insert in [&b""[..], b"x", b"ab", &[b'y'; 70]] {
                    for delete in [0, 1, 64] {
                        let mut edited = base[..at].to_vec();
                        edited.extend_from_slice(insert);
                        edited.extend_from_slice(&base[(at + delete).min(len)..]);
                        let prefix = common_prefix(&base, &edited);
                        let suffix = common_suffix(&base[prefix..], &edited[prefix..]);
                        assert_eq!((prefix, suffix), naive(&base, &edited), "{len} {at}");
                    }
                }
            }
        }
    }
}
