//! The one place LSP positions and byte offsets are converted, in the encoding negotiated at
//! `initialize` (UTF-16 unless the client offers UTF-8). Out-of-range positions are clamped by
//! the line index, never rejected.

use analyzer::source::{LineColumn, LineIndex, PositionEncoding, Span};
use tower_lsp_server::ls_types::{InitializeParams, Position, PositionEncodingKind, Range};

/// UTF-8 when the client lists it, else LSP's default UTF-16.
pub fn negotiate(params: &InitializeParams) -> PositionEncoding {
    let offered = params
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_ref());
    if offered.is_some_and(|kinds| kinds.contains(&PositionEncodingKind::UTF8)) {
        PositionEncoding::Utf8
    } else {
        PositionEncoding::Utf16
    }
}

pub fn encoding_kind(encoding: PositionEncoding) -> PositionEncodingKind {
    match encoding {
        PositionEncoding::Utf8 => PositionEncodingKind::UTF8,
        PositionEncoding::Utf16 => PositionEncodingKind::UTF16,
        PositionEncoding::Utf32 => PositionEncodingKind::UTF32,
    }
}

/// Converts between one text's byte offsets and LSP positions.
#[derive(Clone, Copy)]
pub struct Converter<'a> {
    pub index: &'a LineIndex,
    pub encoding: PositionEncoding,
}

impl Converter<'_> {
    pub fn offset(&self, position: Position) -> usize {
        let at = LineColumn {
            line: position.line,
            column: position.character,
        };
        self.index.offset(at, self.encoding)
    }

    pub fn position(&self, offset: usize) -> Position {
        let at = self.index.line_column(offset, self.encoding);
        Position::new(at.line, at.column)
    }

    pub fn range(&self, span: Span) -> Range {
        Range::new(self.position(span.start), self.position(span.end))
    }

    /// The span of a range; a reversed range is read from its earlier end.
    pub fn span(&self, range: Range) -> Span {
        let (a, b) = (self.offset(range.start), self.offset(range.end));
        Span::new(a.min(b), a.max(b))
    }
}
