//! Byte-level scanning of C text, shared by the pre-pass and the statement macros: identifiers,
//! comments, string and character literals, parenthesized arguments. Each scan is linear and
//! ends at the end of the text when what it reads is not closed.

/// A byte of an identifier (or of a number).
pub(super) fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// How far a function-like macro's arguments are looked for.
const MAX_ARGUMENT_BYTES: usize = 1 << 16;

/// The comments of `src` (outside string and character literals), each as its range.
pub(super) fn comment_ranges(src: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < src.len() {
        i = match src[i] {
            b'"' | b'\'' => literal_end(src, i),
            b'/' if src.get(i + 1) == Some(&b'*') => {
                let end = block_comment_end(src, i);
                out.push((i, end));
                end
            }
            b'/' if src.get(i + 1) == Some(&b'/') => {
                let end = line_comment_end(src, i);
                out.push((i, end));
                end
            }
            _ => i + 1,
        };
    }
    out
}

/// The end of the `//` comment at `i` (its newline, or the end of the text).
pub(super) fn line_comment_end(src: &[u8], mut i: usize) -> usize {
    while i < src.len() && src[i] != b'\n' {
        i += 1;
    }
    i
}

/// The end of the `/* */` comment at `i` (after its `*/`, or the end of the text).
pub(super) fn block_comment_end(src: &[u8], mut i: usize) -> usize {
    i += 2;
    while i < src.len() && !(src[i] == b'*' && i + 1 < src.len() && src[i + 1] == b'/') {
        i += 1;
    }
    (i + 2).min(src.len())
}

/// The end of the string or character literal at `i` (after its closing quote, or at the end
/// of the line when it has none).
pub(super) fn literal_end(src: &[u8], mut i: usize) -> usize {
    let quote = src[i];
    i += 1;
    while i < src.len() && src[i] != quote && src[i] != b'\n' {
        if src[i] == b'\\' {
            i += 1;
        }
        i += 1;
    }
    (i + 1).min(src.len())
}

/// The first offset at or after `i` that is not a blank or inside a comment.
pub(super) fn skip_blanks(src: &[u8], mut i: usize) -> Option<usize> {
    while i < src.len() {
        match src[i] {
            b'/' if src.get(i + 1) == Some(&b'*') => i = block_comment_end(src, i),
            b'/' if src.get(i + 1) == Some(&b'/') => i = line_comment_end(src, i),
            c if c.is_ascii_whitespace() => i += 1,
            _ => return Some(i),
        }
    }
    None
}

/// The `)` closing the `(` at `open`, skipping literals and comments (bounded).
pub(super) fn closing_paren(src: &[u8], open: usize) -> Option<usize> {
    let limit = open.saturating_add(MAX_ARGUMENT_BYTES).min(src.len());
    let mut depth = 0usize;
    let mut i = open;
    while i < limit {
        match src[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            b'"' | b'\'' => {
                i = literal_end(src, i);
                continue;
            }
            b'/' if src.get(i + 1) == Some(&b'*') => {
                i = block_comment_end(src, i);
                continue;
            }
            b'/' if src.get(i + 1) == Some(&b'/') => {
                i = line_comment_end(src, i);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}
