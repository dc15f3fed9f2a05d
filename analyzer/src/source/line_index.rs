//! Conversion between byte offsets and (line, column) positions.

use std::ops::Range;

use super::text::Span;

/// The unit in which columns are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PositionEncoding {
    /// UTF-8 bytes (what the analyzer uses internally, and LSP's `utf-8`).
    Utf8,
    /// UTF-16 code units (LSP's default, `utf-16`): characters outside the Basic Multilingual
    /// Plane count twice.
    #[default]
    Utf16,
    /// Unicode scalar values, i.e. `char`s (LSP's `utf-32`; what a human counts).
    Utf32,
}

/// A zero-based line and column; what the column counts depends on the [`PositionEncoding`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct LineColumn {
    /// Zero-based line number.
    pub line: u32,
    /// Zero-based column, in the units of the encoding used.
    pub column: u32,
}

/// A character that takes more than one UTF-8 byte, with the running totals that let columns in
/// other encodings be computed by binary search instead of by scanning the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct MultiByteChar {
    offset: usize,
    utf8_len: usize,
    /// Sum over this and all earlier multibyte characters of (UTF-8 length - UTF-16 length).
    extra_over_utf16_through: usize,
    /// The same for (UTF-8 length - 1).
    extra_over_utf32_through: usize,
}

impl MultiByteChar {
    fn units(&self, encoding: PositionEncoding) -> usize {
        match encoding {
            PositionEncoding::Utf8 => self.utf8_len,
            PositionEncoding::Utf16 if self.utf8_len == 4 => 2,
            PositionEncoding::Utf16 | PositionEncoding::Utf32 => 1,
        }
    }

    fn extra_through(&self, encoding: PositionEncoding) -> usize {
        match encoding {
            PositionEncoding::Utf8 => 0,
            PositionEncoding::Utf16 => self.extra_over_utf16_through,
            PositionEncoding::Utf32 => self.extra_over_utf32_through,
        }
    }
}

/// Line starts and multibyte characters of a text, for O(log n) conversions between byte
/// offsets and line/column positions in any [`PositionEncoding`]. Lines end at `\n`, `\r\n` or a
/// lone `\r`. Out-of-range input is clamped, never rejected: offsets past the end go to the end,
/// columns past the end of a line go to the end of that line (before its terminator), lines past
/// the last go to the end of the text, and positions inside a character go to its start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    line_starts: Vec<usize>,
    /// Where each line's content ends, i.e. where its terminator starts.
    content_ends: Vec<usize>,
    multibyte: Vec<MultiByteChar>,
    len: usize,
}

fn saturating_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

impl LineIndex {
    /// Indexes `text`.
    pub fn new(text: &str) -> Self {
        let mut index = LineIndex {
            line_starts: vec![0],
            content_ends: Vec::new(),
            multibyte: Vec::new(),
            len: text.len(),
        };
        index.index_from(text, 0, |_, _| false);
        index
    }

    /// The index of `new`, made from this index of `old`: the lines before the part of the
    /// text that changed are this index's, those after it this index's moved, and only the
    /// lines between are read. An index of another text than `old` is no start: `new` is
    /// indexed whole.
    pub fn edited(&self, old: &str, new: &str) -> Self {
        if self.len != old.len() {
            return LineIndex::new(new);
        }
        let (prefix, old_end, new_end) = crate::syntax::reparse::differing_middle(old, new);
        self.changed(new, prefix..old_end, new_end)
    }

    /// The index of `new`, which is this index's text with the bytes in `replaced` replaced by
    /// those from `replaced.start` to `new_end` (see [`LineIndex::edited`]).
    pub fn changed(&self, new: &str, replaced: Range<usize>, new_end: usize) -> Self {
        let (prefix, old_end) = (replaced.start, replaced.end);
        let consistent = prefix <= old_end
            && old_end <= self.len
            && prefix <= new_end
            && new.len().checked_add(old_end - prefix) == Some(self.len + (new_end - prefix));
        if !consistent {
            return LineIndex::new(new);
        }
        // From the line before the one the change starts in: a `\n` typed after a `\r` ends
        // that line, not the one after.
        let restart_line = self.line_index_of(prefix).saturating_sub(1);
        let restart = self.line_starts[restart_line];
        let kept_multibyte = self.multibyte.partition_point(|c| c.offset < restart);
        let mut index = LineIndex {
            line_starts: self.line_starts[..=restart_line].to_vec(),
            content_ends: self.content_ends[..restart_line].to_vec(),
            multibyte: self.multibyte[..kept_multibyte].to_vec(),
            len: new.len(),
        };
        let delta = new.len() as isize - self.len as isize;
        // A line start in the unchanged end that was one in `old`: the lines from it on are
        // `old`'s, read from the same bytes.
        index.index_from(new, restart, |index, start| {
            let Some(old_start) = start.checked_add_signed(-delta) else {
                return false;
            };
            if start < new_end || old_start < old_end {
                return false;
            }
            let Ok(line) = self.line_starts.binary_search(&old_start) else {
                return false;
            };
            let moved = |offset: &usize| offset.wrapping_add_signed(delta);
            index
                .line_starts
                .extend(self.line_starts[line + 1..].iter().map(moved));
            index
                .content_ends
                .extend(self.content_ends[line..].iter().map(moved));
            let first = self.multibyte.partition_point(|c| c.offset < old_start);
            let through = |chars: &[MultiByteChar]| {
                chars.last().map_or((0, 0), |c| {
                    (c.extra_over_utf16_through, c.extra_over_utf32_through)
                })
            };
            let (new16, new32) = through(&index.multibyte);
            let (old16, old32) = through(&self.multibyte[..first]);
            index
                .multibyte
                .extend(self.multibyte[first..].iter().map(|c| MultiByteChar {
                    offset: moved(&c.offset),
                    extra_over_utf16_through: c.extra_over_utf16_through - old16 + new16,
                    extra_over_utf32_through: c.extra_over_utf32_through - old32 + new32,
                    ..*c
                }));
            true
        });
        index
    }

    /// Indexes `text` from `offset`, the start of the last line indexed so far, to its end;
    /// or, after a line start for which `rest` indexes the remainder and says so, to that
    /// line start.
    fn index_from(
        &mut self,
        text: &str,
        mut offset: usize,
        mut rest: impl FnMut(&mut LineIndex, usize) -> bool,
    ) {
        let bytes = text.as_bytes();
        let (mut extra16, mut extra32) = self.multibyte.last().map_or((0, 0), |c| {
            (c.extra_over_utf16_through, c.extra_over_utf32_through)
        });
        while offset < bytes.len() {
            // The bytes up to the next line break: only a run with a non-ASCII byte in it has
            // its characters read, one by one.
            let run_end =
                memchr::memchr2(b'\n', b'\r', &bytes[offset..]).map_or(bytes.len(), |i| offset + i);
            if !bytes[offset..run_end].is_ascii() {
                for (at, c) in text[offset..run_end].char_indices() {
                    let utf8_len = c.len_utf8();
                    if utf8_len == 1 {
                        continue;
                    }
                    extra16 += utf8_len - if utf8_len == 4 { 2 } else { 1 };
                    extra32 += utf8_len - 1;
                    self.multibyte.push(MultiByteChar {
                        offset: offset + at,
                        utf8_len,
                        extra_over_utf16_through: extra16,
                        extra_over_utf32_through: extra32,
                    });
                }
            }
            offset = run_end;
            let terminator = match bytes.get(offset) {
                Some(b'\r') if bytes.get(offset + 1) == Some(&b'\n') => 2,
                Some(_) => 1,
                None => break,
            };
            self.content_ends.push(offset);
            offset += terminator;
            self.line_starts.push(offset);
            if rest(self, offset) {
                return;
            }
        }
        self.content_ends.push(bytes.len());
    }

    /// Number of lines (a text ending with a line terminator has an empty last line).
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// Length of the indexed text in bytes.
    pub fn text_len(&self) -> usize {
        self.len
    }

    /// The byte span of a line's content, without its terminator; `None` past the last line.
    pub fn line_span(&self, line: u32) -> Option<Span> {
        let line = usize::try_from(line).ok()?;
        Some(Span::new(
            *self.line_starts.get(line)?,
            *self.content_ends.get(line)?,
        ))
    }

    /// The zero-based line containing `offset` (clamped to the text).
    pub fn line_of(&self, offset: usize) -> u32 {
        saturating_u32(self.line_index_of(offset.min(self.len)))
    }

    fn line_index_of(&self, offset: usize) -> usize {
        self.line_starts
            .partition_point(|&start| start <= offset)
            .saturating_sub(1)
    }

    /// Total extra UTF-8 bytes (relative to `encoding`) of the multibyte characters that start
    /// before `offset`.
    fn extra_before(&self, offset: usize, encoding: PositionEncoding) -> usize {
        let count = self.multibyte.partition_point(|c| c.offset < offset);
        count
            .checked_sub(1)
            .map_or(0, |last| self.multibyte[last].extra_through(encoding))
    }

    /// Moves an offset inside a multibyte character back to that character's start.
    fn floor_to_char(&self, offset: usize) -> usize {
        let count = self.multibyte.partition_point(|c| c.offset < offset);
        match count.checked_sub(1).map(|last| self.multibyte[last]) {
            Some(c) if offset < c.offset + c.utf8_len => c.offset,
            _ => offset,
        }
    }

    /// The line and column of a byte offset. Offsets past the end, inside a character or
    /// inside a line terminator are clamped first.
    pub fn line_column(&self, offset: usize, encoding: PositionEncoding) -> LineColumn {
        let offset = self.floor_to_char(offset.min(self.len));
        let line = self.line_index_of(offset);
        let start = self.line_starts[line];
        let offset = offset.min(self.content_ends[line]);
        let column = (offset - start)
            - (self.extra_before(offset, encoding) - self.extra_before(start, encoding));
        LineColumn {
            line: saturating_u32(line),
            column: saturating_u32(column),
        }
    }

    /// The byte offset of a position, clamped as described on [`LineIndex`].
    pub fn offset(&self, position: LineColumn, encoding: PositionEncoding) -> usize {
        let Some(line_span) = self.line_span(position.line) else {
            return self.len;
        };
        let column = usize::try_from(position.column).unwrap_or(usize::MAX);
        let start = line_span.start;
        let base_extra = self.extra_before(start, encoding);
        let first = self.multibyte.partition_point(|c| c.offset < start);
        let last = self.multibyte.partition_point(|c| c.offset < line_span.end);
        // Column of a multibyte character of this line: its byte column minus the extra bytes
        // of the multibyte characters between the line start and it.
        let column_of = |c: &MultiByteChar| {
            let extra_before_char = c.extra_through(encoding) + c.units(encoding) - c.utf8_len;
            (c.offset - start) - (extra_before_char - base_extra)
        };
        // The last multibyte character of the line that starts at or before the column.
        let in_line = &self.multibyte[first..last];
        let before = in_line.partition_point(|c| column_of(c) <= column);
        let offset = match before.checked_sub(1).map(|k| in_line[k]) {
            None => start.saturating_add(column),
            Some(c) => {
                let char_column = column_of(&c);
                if column < char_column + c.units(encoding) {
                    c.offset
                } else {
                    (c.offset + c.utf8_len).saturating_add(column - char_column - c.units(encoding))
                }
            }
        };
        offset.min(line_span.end)
    }
}
