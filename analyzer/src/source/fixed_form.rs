//! Rewriting Fortran fixed form as free form; the rules are documented on
//! [`normalize_fixed_form`].

use super::offset_map::OffsetMap;

/// Where fixed-form statement text ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum FixedLineLength {
    /// Column 72, the standard (and gfortran's default).
    #[default]
    Columns72,
    /// Column 132 (gfortran `-ffixed-line-length-132`).
    Columns132,
    /// No limit (gfortran `-ffixed-line-length-none`).
    Unlimited,
}

impl FixedLineLength {
    fn last_column(self) -> Option<usize> {
        match self {
            FixedLineLength::Columns72 => Some(72),
            FixedLineLength::Columns132 => Some(132),
            FixedLineLength::Unlimited => None,
        }
    }
}

/// Options of the fixed-form rewrite, matching the compiler options of the project.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FixedFormOptions {
    /// Where statement text ends.
    pub line_length: FixedLineLength,
    /// Compile `D`/`d` debug lines as code (gfortran `-fd-lines-as-code`) instead of treating
    /// them as comments.
    pub debug_lines_are_code: bool,
}

/// Free-form text rewritten from fixed form, with the map back to the original offsets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NormalizedSource {
    /// The free-form text, line for line the same as the original.
    pub text: String,
    /// Maps offsets of `text` to offsets of the original.
    pub offset_map: OffsetMap,
}

/// The statement columns start at column 7: columns 1-5 are the label, column 6 the marker.
const STATEMENT_COLUMN: usize = 7;
const LABEL_COLUMNS: usize = 5;

/// A piece of the rewritten text.
#[derive(Debug, Clone, Copy)]
enum Piece {
    /// Original bytes `start..end`.
    Copy { start: usize, end: usize },
    /// `count` copies of an ASCII byte, standing at original offset `at`.
    Insert { byte: u8, count: usize, at: usize },
    /// Original bytes `start..end` moved up to the previous statement line, standing at
    /// original offset `at` there (so the map stays monotonic).
    Relocated { start: usize, end: usize, at: usize },
}

/// One line of the original, as byte offsets into the whole text.
#[derive(Debug, Clone, Copy)]
struct RawLine {
    start: usize,
    /// End of the content, start of the terminator.
    content_end: usize,
    /// End of the terminator.
    end: usize,
}

fn split_lines(text: &str) -> impl Iterator<Item = RawLine> + '_ {
    let bytes = text.as_bytes();
    let mut start = 0;
    std::iter::from_fn(move || {
        if start >= bytes.len() {
            return None;
        }
        let content_end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .map_or(bytes.len(), |p| start + p);
        let end = match bytes.get(content_end) {
            Some(b'\r') if bytes.get(content_end + 1) == Some(&b'\n') => content_end + 2,
            Some(_) => content_end + 1,
            None => content_end,
        };
        let line = RawLine {
            start,
            content_end,
            end,
        };
        start = end;
        Some(line)
    })
}

/// The fixed fields of a statement line, as offsets into the whole text.
#[derive(Debug, Clone, Copy)]
struct StatementLine {
    /// The label field `line.start..label_end` (may contain a tab).
    label_end: usize,
    /// The column-6 character, if the line reaches column 6.
    marker: Option<(usize, usize)>,
    continuation: bool,
    /// Column 1 held a `D` included as code: it becomes a blank.
    debug_marker: bool,
    statement_start: usize,
    /// End of the statement columns (the line-length limit, on a character boundary).
    statement_end: usize,
}

enum LineKind {
    Blank,
    Preprocessor,
    /// A comment line (a column-1 comment character other than `!` becomes `!`).
    Comment,
    Statement(StatementLine),
}

fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\x0c')
}

fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

fn classify(text: &str, line: RawLine, options: &FixedFormOptions) -> LineKind {
    let content = &text.as_bytes()[line.start..line.content_end];
    if content.iter().all(|&b| is_blank(b)) {
        return LineKind::Blank;
    }
    let debug_marker = match content[0] {
        b'#' => return LineKind::Preprocessor,
        b'C' | b'c' | b'*' | b'!' => return LineKind::Comment,
        b'D' | b'd' if !options.debug_lines_are_code => return LineKind::Comment,
        b'D' | b'd' => true,
        _ => false,
    };

    let at = |index: usize| line.start + index;
    let statement_end = |statement_start: usize| match options.line_length.last_column() {
        Some(last) => floor_char_boundary(
            &text[..line.content_end],
            statement_start + (last + 1 - STATEMENT_COLUMN),
        )
        .max(statement_start),
        None => line.content_end,
    };

    for (index, &byte) in content.iter().enumerate().take(LABEL_COLUMNS + 1) {
        match byte {
            b'!' if index < LABEL_COLUMNS => {
                let only_blanks_before = content[..index].iter().all(|&b| is_blank(b));
                if only_blanks_before {
                    return LineKind::Comment;
                }
                // A label followed by a comment: the "statement" is the comment.
                return LineKind::Statement(StatementLine {
                    label_end: at(index),
                    marker: None,
                    continuation: false,
                    debug_marker,
                    statement_start: at(index),
                    statement_end: line.content_end,
                });
            }
            b'\t' => {
                let after_tab = index + 1;
                let continuation = matches!(content.get(after_tab), Some(b'1'..=b'9'));
                let statement_start = if continuation {
                    after_tab + 1
                } else {
                    after_tab
                };
                return LineKind::Statement(StatementLine {
                    label_end: at(after_tab),
                    marker: continuation.then(|| (at(after_tab), at(after_tab + 1))),
                    continuation,
                    debug_marker,
                    statement_start: at(statement_start),
                    statement_end: statement_end(at(statement_start)),
                });
            }
            _ => {}
        }
    }

    let Some(marker_char) = text[line.start..line.content_end]
        .char_indices()
        .find(|&(index, c)| index + c.len_utf8() > LABEL_COLUMNS)
    else {
        // The line ends within the label field.
        return LineKind::Statement(StatementLine {
            label_end: line.content_end,
            marker: None,
            continuation: false,
            debug_marker,
            statement_start: line.content_end,
            statement_end: line.content_end,
        });
    };
    let (marker_index, marker) = marker_char;
    let marker_end = marker_index + marker.len_utf8();
    LineKind::Statement(StatementLine {
        label_end: at(marker_index),
        marker: Some((at(marker_index), at(marker_end))),
        continuation: marker != ' ' && marker != '0',
        debug_marker,
        statement_start: at(marker_end),
        statement_end: statement_end(at(marker_end)),
    })
}

/// The statement line an `&` will be appended to if a continuation line follows.
#[derive(Debug, Clone, Copy)]
struct PendingJoin {
    /// Index in the piece list where the `&` goes.
    piece_index: usize,
    /// The original offset just after the line's last statement byte.
    at: usize,
    /// The line's statement text ends with a character of a name or number, outside any
    /// character literal: a continuation starting with one splits that token.
    ends_in_token: bool,
}

/// Characters of names, keywords and numbers (`$` is a common extension in names).
fn is_token_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'$'
}

struct Rewriter<'a> {
    text: &'a str,
    pieces: Vec<Piece>,
    /// The quote that opened a character literal still open at the end of the last statement
    /// line.
    open_quote: Option<u8>,
    pending: Option<PendingJoin>,
}

impl Rewriter<'_> {
    fn copy(&mut self, start: usize, end: usize) {
        if start < end {
            self.pieces.push(Piece::Copy { start, end });
        }
    }

    fn insert(&mut self, byte: u8, count: usize, at: usize) {
        if count > 0 {
            self.pieces.push(Piece::Insert { byte, count, at });
        }
    }

    /// Finds where the statement text ends and a `!` comment starts, following character
    /// literals (which may continue from the previous line) and updating the open quote.
    fn scan_statement(&mut self, start: usize, end: usize) -> Option<usize> {
        let bytes = self.text.as_bytes();
        for (offset, &byte) in bytes.iter().enumerate().take(end).skip(start) {
            match (self.open_quote, byte) {
                (Some(quote), _) if byte == quote => self.open_quote = None,
                (Some(_), _) => {}
                (None, b'\'' | b'"') => self.open_quote = Some(byte),
                (None, b'!') => return Some(offset),
                (None, _) => {}
            }
        }
        None
    }

    fn statement(&mut self, line: RawLine, fields: StatementLine) {
        let bytes = self.text.as_bytes();
        if !fields.continuation {
            self.open_quote = None;
        }
        let comment_start = self.scan_statement(fields.statement_start, fields.statement_end);
        let code_end = comment_start.unwrap_or(fields.statement_end);
        let has_statement = bytes[fields.statement_start..code_end]
            .iter()
            .any(|&b| !is_blank(b));
        let label_blank = bytes[line.start..fields.label_end]
            .iter()
            .enumerate()
            .all(|(i, &b)| is_blank(b) || (i == 0 && fields.debug_marker));

        let joins = fields.continuation && has_statement && self.pending.is_some();
        let mut continued_text_start = fields.statement_start;
        if let (true, Some(pending)) = (joins, self.pending) {
            // tree-sitter-fortran cannot rejoin a name or number split across lines (gfortran
            // can), so the continuation's part of the token moves up to the other part, unless
            // that would leave the continuation line without any statement text.
            let fragment_end = bytes[fields.statement_start..code_end]
                .iter()
                .position(|&b| !is_token_byte(b))
                .map_or(code_end, |p| fields.statement_start + p);
            let rest_has_statement = bytes[fragment_end..code_end].iter().any(|&b| !is_blank(b));
            let mut join = vec![Piece::Insert {
                byte: b'&',
                count: 1,
                at: pending.at,
            }];
            if pending.ends_in_token && fragment_end > fields.statement_start && rest_has_statement
            {
                join.insert(
                    0,
                    Piece::Relocated {
                        start: fields.statement_start,
                        end: fragment_end,
                        at: pending.at,
                    },
                );
                continued_text_start = fragment_end;
            }
            self.pieces
                .splice(pending.piece_index..pending.piece_index, join);
        }

        // Label field. A label on a continuation line is ignored by compilers and would be an
        // error in free form, so it is blanked.
        if fields.continuation && !label_blank {
            self.insert(b' ', fields.label_end - line.start, line.start);
        } else if fields.debug_marker {
            self.insert(b' ', 1, line.start);
            self.copy(line.start + 1, fields.label_end);
        } else {
            self.copy(line.start, fields.label_end);
        }

        // Column 6.
        if let Some((marker_start, marker_end)) = fields.marker {
            if joins {
                self.insert(b'&', 1, marker_start);
            } else if bytes[marker_start] == b' ' {
                self.copy(marker_start, marker_end);
            } else {
                self.insert(b' ', 1, marker_start);
            }
        }

        self.copy(continued_text_start, code_end);
        // A label counts as content on an initial line only (it was blanked on a continuation).
        if has_statement || (!fields.continuation && !label_blank) {
            self.pending = Some(PendingJoin {
                piece_index: self.pieces.len(),
                at: code_end,
                ends_in_token: self.open_quote.is_none()
                    && code_end > continued_text_start
                    && is_token_byte(bytes[code_end - 1]),
            });
        }
        // A comment is kept whole, even past the line-length limit; other text past it is
        // dropped.
        if let Some(comment_start) = comment_start {
            self.copy(comment_start, line.content_end);
        }
        self.copy(line.content_end, line.end);
    }

    fn finish(self) -> NormalizedSource {
        let mut text = String::with_capacity(self.text.len() + self.pieces.len());
        let mut offset_map = OffsetMap::for_original(self.text.len());
        for piece in self.pieces {
            match piece {
                Piece::Copy { start, end } => {
                    text.push_str(&self.text[start..end]);
                    offset_map.push_copied(start, end - start);
                }
                Piece::Insert { byte, count, at } => {
                    for _ in 0..count {
                        text.push(char::from(byte));
                    }
                    offset_map.push_inserted(at, count);
                }
                Piece::Relocated { start, end, at } => {
                    text.push_str(&self.text[start..end]);
                    offset_map.push_inserted(at, end - start);
                }
            }
        }
        NormalizedSource { text, offset_map }
    }
}

/// Rewrites fixed-form Fortran as free form. Never fails: text that is not valid Fortran is
/// passed through for the parser to report.
///
/// tree-sitter-fortran parses free form only, so fixed-form files are rewritten line by line
/// into equivalent free form, with an [`OffsetMap`] from the rewritten text back to the
/// original. Line structure is kept 1:1, so line numbers never change, and nearly every byte is
/// copied, so spans map back exactly. The rules are gfortran's:
///
/// - a line with `C`, `c`, `*` or `!` in column 1 is a comment; it becomes a `!` comment (so
///   inline expectations and suppressions in comments survive); `D`/`d` in column 1 is a debug
///   line, a comment unless [`FixedFormOptions::debug_lines_are_code`] is set;
/// - a line starting with `#` is a preprocessor directive and is copied unchanged (with its
///   backslash continuation lines);
/// - columns 1-5 hold the statement label, which stays in front of the statement (free form
///   accepts `10 CONTINUE`); a `0` in column 6 becomes a blank;
/// - any other character in column 6 marks a continuation line: the marker becomes `&` and an
///   `&` is appended to the previous statement line, right after its last statement column (so
///   a character literal split across lines is rejoined exactly, and trailing blanks that
///   separated two words keep separating them); comment and blank lines in between are allowed
///   in free form too; a continuation line with nothing on it becomes a blank line;
/// - a name or number split across a continuation (`CALL MPI_TYPE_VEC` / `&TOR(...)`) is valid
///   free form, but tree-sitter-fortran cannot rejoin it, so the continuation's part moves up:
///   `CALL MPI_TYPE_VECTOR&` / `&(...)`; the moved bytes map to the end of the first line's
///   statement text (the map must stay monotonic), so they are not "copied" bytes;
/// - a TAB in columns 1-6 starts tab format: a TAB followed by a digit 1-9 is a continuation
///   (the digit is the marker), otherwise the statement starts right after the TAB;
/// - text after column 72 (or 132, or never: [`FixedLineLength`]) is dropped, except that a
///   `!` comment that starts within the statement columns is kept whole;
/// - `!` outside a character literal starts a comment.
///
/// Columns are counted in bytes, as gfortran does (this matters only for non-ASCII text before
/// the line-length limit). Not handled: fixed form's insensitivity to blanks inside tokens
/// (`DO10I=1,10`, `CALL MPI_TYPE_ COMMIT(t)` and the like are passed through as written, so
/// only the keyword spellings free form itself accepts parse), Hollerith constants containing
/// `!` or quotes, and the blank padding of short lines inside a continued character literal.
pub fn normalize_fixed_form(original: &str, options: &FixedFormOptions) -> NormalizedSource {
    let mut rewriter = Rewriter {
        text: original,
        pieces: Vec::new(),
        open_quote: None,
        pending: None,
    };
    let mut in_directive = false;
    for line in split_lines(original) {
        let content = &original.as_bytes()[line.start..line.content_end];
        if in_directive {
            // A backslash-continued preprocessor directive.
            in_directive = content.last() == Some(&b'\\');
            rewriter.copy(line.start, line.end);
            continue;
        }
        match classify(original, line, options) {
            LineKind::Blank => rewriter.copy(line.start, line.end),
            LineKind::Preprocessor => {
                in_directive = content.last() == Some(&b'\\');
                rewriter.copy(line.start, line.end);
            }
            LineKind::Comment => {
                // Only a comment character in column 1 needs replacing (`!` comments, also
                // those that start after a few blanks, are free-form comments already).
                if matches!(content.first(), Some(b'C' | b'c' | b'D' | b'd' | b'*')) {
                    rewriter.insert(b'!', 1, line.start);
                    rewriter.copy(line.start + 1, line.end);
                } else {
                    rewriter.copy(line.start, line.end);
                }
            }
            LineKind::Statement(fields) => rewriter.statement(line, fields),
        }
    }
    rewriter.finish()
}
