//! A monotonic map from offsets in rewritten text back to offsets in the original text.

use super::text::Span;

/// A run of rewritten text: either bytes copied from the original, or bytes inserted by the
/// rewrite (which all map to one original position).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Segment {
    normalized_start: usize,
    original_start: usize,
    len: usize,
    inserted: bool,
    /// The original bytes inserted ones replace (none for a pure insertion).
    replaces: usize,
}

impl Segment {
    /// End of the original bytes this segment stands for (inserted bytes stand for those they
    /// replace).
    fn original_end(&self) -> usize {
        if self.inserted {
            self.original_start + self.replaces
        } else {
            self.original_start + self.len
        }
    }
}

/// Maps every byte offset of a rewritten ("normalised") text to an offset of the original
/// text, and back. Copied bytes map exactly; inserted bytes map to the original position they
/// were inserted at; original bytes that were dropped map forward to the next rewritten byte.
/// The map is monotonic (non-decreasing) in both directions, and lookups are O(log segments).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OffsetMap {
    /// Sorted by `normalized_start`, and (because the map is monotonic) by `original_start`.
    segments: Vec<Segment>,
    normalized_len: usize,
    original_len: usize,
}

impl OffsetMap {
    /// The map of a text that was not rewritten (C, free-form Fortran).
    pub fn identity(len: usize) -> Self {
        let mut map = OffsetMap::default();
        map.push_copied(0, len);
        map.original_len = len;
        map
    }

    /// An empty map for a rewrite of an original text of `original_len` bytes, to be filled
    /// in order with [`OffsetMap::push_copied`] and [`OffsetMap::push_inserted`].
    pub(crate) fn for_original(original_len: usize) -> Self {
        OffsetMap {
            original_len,
            ..OffsetMap::default()
        }
    }

    /// Appends `len` bytes copied from the original starting at `original_start`.
    pub(crate) fn push_copied(&mut self, original_start: usize, len: usize) {
        self.push(original_start, len, false);
    }

    /// Appends `len` inserted bytes that stand at original position `at`.
    pub(crate) fn push_inserted(&mut self, at: usize, len: usize) {
        self.push(at, len, true);
    }

    /// Appends `len` bytes written instead of the `replaced` original bytes at `at` (a macro's
    /// use and its expansion): a span inside them maps to all of those.
    pub(crate) fn push_replaced(&mut self, at: usize, replaced: usize, len: usize) {
        if len == 0 {
            return;
        }
        self.segments.push(Segment {
            normalized_start: self.normalized_len,
            original_start: at,
            len,
            inserted: true,
            replaces: replaced,
        });
        self.normalized_len += len;
    }

    fn push(&mut self, original_start: usize, len: usize, inserted: bool) {
        if len == 0 {
            return;
        }
        let normalized_start = self.normalized_len;
        self.normalized_len += len;
        if let Some(last) = self.segments.last_mut() {
            let continues = last.inserted == inserted
                && last.replaces == 0
                && if inserted {
                    last.original_start == original_start
                } else {
                    last.original_end() == original_start
                };
            if continues {
                last.len += len;
                return;
            }
        }
        self.segments.push(Segment {
            normalized_start,
            original_start,
            len,
            inserted,
            replaces: 0,
        });
    }

    /// Length of the rewritten text.
    pub fn normalized_len(&self) -> usize {
        self.normalized_len
    }

    /// Length of the original text.
    pub fn original_len(&self) -> usize {
        self.original_len
    }

    /// The original offset of a rewritten offset; the end of the rewritten text (or beyond)
    /// maps to the end of the original.
    pub fn to_original(&self, normalized: usize) -> usize {
        if normalized >= self.normalized_len {
            return self.original_len;
        }
        match self.segment_at(normalized) {
            Some(s) if s.inserted => s.original_start,
            Some(s) => s.original_start + (normalized - s.normalized_start),
            None => self.original_len,
        }
    }

    /// True when the byte at a rewritten offset was copied from the original (false for bytes
    /// the rewrite inserted, and past the end).
    pub fn is_copied(&self, normalized: usize) -> bool {
        normalized < self.normalized_len && !self.segment_at(normalized).is_some_and(|s| s.inserted)
    }

    fn segment_at(&self, normalized: usize) -> Option<&Segment> {
        let index = self
            .segments
            .partition_point(|s| s.normalized_start <= normalized)
            .checked_sub(1)?;
        self.segments.get(index)
    }

    /// The original span of a rewritten span: the start maps like [`OffsetMap::to_original`],
    /// the end is just past the original of the span's last byte, so a span of copied text
    /// maps to exactly the same text in the original.
    pub fn to_original_span(&self, span: Span) -> Span {
        let start = self.to_original(span.start);
        if span.is_empty() || span.start >= self.normalized_len {
            return Span::new(start, start);
        }
        let last = span.end.min(self.normalized_len) - 1;
        let end = match self.segment_at(last) {
            Some(s) if !s.inserted => s.original_start + (last - s.normalized_start) + 1,
            Some(s) => s.original_end(),
            None => self.to_original(last),
        };
        Span::new(start, end.max(start))
    }

    /// The rewritten offset of an original offset: exact for copied bytes; a dropped or
    /// replaced original byte maps to the first rewritten byte that stands at or after it.
    pub fn to_normalized(&self, original: usize) -> usize {
        if original >= self.original_len {
            return self.normalized_len;
        }
        let containing = self
            .segments
            .partition_point(|s| s.original_end() <= original);
        if let Some(s) = self.segments.get(containing) {
            if !s.inserted && s.original_start <= original {
                return s.normalized_start + (original - s.original_start);
            }
        }
        let following = self
            .segments
            .partition_point(|s| s.original_start < original);
        self.segments
            .get(following)
            .map_or(self.normalized_len, |s| s.normalized_start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replacement_maps_to_the_whole_use() {
        // "x = _RL + 1" with `_RL` (4..7) written as `Real*8` (4..10).
        let mut map = OffsetMap::for_original(11);
        map.push_copied(0, 4);
        map.push_replaced(4, 3, 6);
        map.push_copied(7, 4);
        assert_eq!(map.normalized_len(), 14);
        assert_eq!(map.to_original_span(Span::new(4, 8)), Span::new(4, 7));
        assert_eq!(map.to_original_span(Span::new(0, 14)), Span::new(0, 11));
        assert_eq!(map.to_original_span(Span::new(11, 14)), Span::new(8, 11));
        assert_eq!(map.to_normalized(4), 4);
        assert_eq!(map.to_normalized(7), 10);
        // A pure insertion next to it stays a point.
        map.push_inserted(11, 1);
        assert_eq!(map.to_original_span(Span::new(14, 15)), Span::new(11, 11));
    }
}
