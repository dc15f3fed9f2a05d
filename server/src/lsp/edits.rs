//! Where the text an older analysis was made of lies in a document's current text: the byte
//! edits made since, so that hovers and the other queries answer at once from the latest
//! analysis while the current version is still being analysed.

use analyzer::source::Span;

/// One replacement: bytes `start..old_end` of the text before it became `start..new_end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByteEdit {
    pub start: usize,
    pub old_end: usize,
    pub new_end: usize,
}

/// The edits made to a text since it was analysed, in the order they were made.
#[derive(Clone, Debug, Default)]
pub struct EditMap(Vec<ByteEdit>);

/// More edits than this since an analysis count as one replacement of the whole text: a query
/// then waits for the current analysis rather than map through all of them.
const MAX_EDITS: usize = 4096;

impl EditMap {
    pub fn new(edits: Vec<ByteEdit>) -> Self {
        EditMap(edits)
    }

    /// Whether mapping through these edits is cheaper than waiting for a new analysis.
    pub fn usable(&self) -> bool {
        self.0.len() <= MAX_EDITS
    }

    /// The analysed text's offset of the current text's byte `offset`; `None` when that byte
    /// was written since.
    pub fn to_analysed(&self, mut offset: usize) -> Option<usize> {
        for e in self.0.iter().rev() {
            if offset >= e.new_end {
                offset = offset - e.new_end + e.old_end;
            } else if offset >= e.start {
                return None;
            }
        }
        Some(offset)
    }

    /// The current text's span of a span of the analysed text; `None` when text at one of its
    /// ends was replaced since (an edit strictly inside it leaves it standing, resized).
    pub fn to_current(&self, span: Span) -> Option<Span> {
        let (mut start, mut end) = (span.start, span.end);
        for e in &self.0 {
            // A start at the edit's end, or an end at its start, still borders the same text.
            start = if start < e.start {
                start
            } else if start >= e.old_end {
                start - e.old_end + e.new_end
            } else {
                return None;
            };
            end = if end <= e.start {
                end
            } else if end > e.old_end || (end == e.old_end && e.start < e.old_end) {
                end - e.old_end + e.new_end
            } else {
                return None;
            };
        }
        (start <= end).then(|| Span::new(start, end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Applies `(start, old_end, new text)` replacements to `text` in order, with the map.
    fn edited(text: &str, edits: &[(usize, usize, &str)]) -> (String, EditMap) {
        let mut text = text.to_owned();
        let mut map = Vec::new();
        for &(start, old_end, new) in edits {
            text.replace_range(start..old_end, new);
            map.push(ByteEdit {
                start,
                old_end,
                new_end: start + new.len(),
            });
        }
        (text, EditMap::new(map))
    }

    #[test]
    fn unchanged_bytes_map_both_ways_and_new_bytes_do_not() {
        let old = "int a; int bb; int c;";
        // `bb` becomes `xyz`, then `int ` is inserted before `a`.
        let (new, map) = edited(old, &[(11, 13, "xyz"), (0, 0, "int ")]);
        assert_eq!(new, "int int a; int xyz; int c;");
        for (i, c) in new.char_indices() {
            match map.to_analysed(i) {
                Some(j) => assert_eq!(old[j..].chars().next(), Some(c), "byte {i}"),
                None => assert!((0..4).contains(&i) || (15..18).contains(&i), "byte {i}"),
            }
        }
        let c = old.find('c').unwrap();
        assert_eq!(map.to_current(Span::new(c, c + 1)), Some(Span::new(24, 25)));
        // The span of `bb` was replaced; the statement around it stands, resized.
        assert_eq!(map.to_current(Span::new(11, 13)), None);
        assert_eq!(map.to_current(Span::new(7, 14)), Some(Span::new(11, 19)));
        // `a` keeps its text: an insertion just before it does not cover it.
        assert_eq!(map.to_current(Span::new(4, 5)), Some(Span::new(8, 9)));
    }

    #[test]
    fn a_span_ending_where_text_is_inserted_does_not_take_it_in() {
        let (_, map) = edited("ab", &[(1, 1, "xx")]);
        assert_eq!(map.to_current(Span::new(0, 1)), Some(Span::new(0, 1)));
        assert_eq!(map.to_current(Span::new(1, 2)), Some(Span::new(3, 4)));
        assert_eq!(map.to_analysed(1), None);
        assert_eq!(map.to_analysed(3), Some(1));
    }

    #[test]
    fn a_deleted_span_has_no_place() {
        let (_, map) = edited("abcdef", &[(1, 4, "")]);
        assert_eq!(map.to_current(Span::new(2, 3)), None);
        assert_eq!(map.to_current(Span::new(0, 6)), Some(Span::new(0, 3)));
        assert_eq!(map.to_current(Span::new(4, 6)), Some(Span::new(1, 3)));
        assert_eq!(map.to_analysed(1), Some(4));
    }
}
