//! A byte-for-byte same-length rewrite of the text before parsing, for the few constructs
//! tree-sitter-c does not parse:
//!
//! - `offsetof(T, a.b[2])`: the grammar accepts only a single member name, so a member path is
//!   replaced by an identifier of the same length and remembered;
//! - `__builtin_offsetof` becomes `offsetof` followed by spaces;
//! - `_Complex` / `__complex__` (not in the grammar) become the qualifier `volatile` and their
//!   offsets are remembered, so the type lowering can restore them.
//!
//! Offsets are unchanged, so every span in the tree is a span of the original text. The scan is
//! linear and skips comments, string and character literals.

use std::collections::{HashMap, HashSet};

pub(super) struct Prepassed {
    pub text: String,
    /// Offsets of `volatile` keywords that were `_Complex` / `__complex__`.
    pub complex_at: HashSet<usize>,
    /// Start offset of a rewritten `offsetof` member → the original member path text.
    pub offsetof_members: HashMap<usize, String>,
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

pub(super) fn prepass(text: &str) -> Prepassed {
    let src = text.as_bytes();
    let mut out: Option<Vec<u8>> = None;
    let mut complex_at = HashSet::new();
    let mut offsetof_members = HashMap::new();
    let n = src.len();
    let mut i = 0;
    while i < n {
        let b = src[i];
        match b {
            b'/' if i + 1 < n && src[i + 1] == b'/' => {
                while i < n && src[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if i + 1 < n && src[i + 1] == b'*' => {
                i += 2;
                while i < n && !(src[i] == b'*' && i + 1 < n && src[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b'"' | b'\'' => {
                i += 1;
                while i < n && src[i] != b && src[i] != b'\n' {
                    if src[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
            }
            _ if is_ident(b) => {
                let start = i;
                while i < n && is_ident(src[i]) {
                    i += 1;
                }
                let word = &src[start..i];
                if b.is_ascii_digit() {
                    continue;
                }
                match word {
                    b"_Complex" | b"__complex__" => {
                        let buf = out.get_or_insert_with(|| src.to_vec());
                        buf[start..start + 8].copy_from_slice(b"volatile");
                        for c in &mut buf[start + 8..i] {
                            *c = b' ';
                        }
                        complex_at.insert(start);
                    }
                    b"offsetof" | b"__builtin_offsetof" => {
                        if word.len() != 8 {
                            let buf = out.get_or_insert_with(|| src.to_vec());
                            buf[start..start + 8].copy_from_slice(b"offsetof");
                            for c in &mut buf[start + 8..i] {
                                *c = b' ';
                            }
                        }
                        if let Some((ms, me)) = member_range(src, i) {
                            let member = &text[ms..me];
                            let simple = member.bytes().all(is_ident);
                            if !simple {
                                let buf = out.get_or_insert_with(|| src.to_vec());
                                for c in &mut buf[ms..me] {
                                    if !is_ident(*c) {
                                        *c = b'_';
                                    }
                                }
                                offsetof_members.insert(ms, member.to_owned());
                            }
                        }
                    }
                    _ => {}
                }
            }
            _ => i += 1,
        }
    }
    let text = match out {
        // Only ASCII bytes were written over whole characters, so this cannot fail; fall back to
        // the original text rather than panic.
        Some(bytes) => String::from_utf8(bytes).unwrap_or_else(|_| text.to_owned()),
        None => text.to_owned(),
    };
    Prepassed {
        text,
        complex_at,
        offsetof_members,
    }
}

/// After `offsetof` at `i`: `( type , member )` → the trimmed byte range of `member`.
fn member_range(src: &[u8], mut i: usize) -> Option<(usize, usize)> {
    let n = src.len();
    while i < n && src[i].is_ascii_whitespace() {
        i += 1;
    }
    if i >= n || src[i] != b'(' {
        return None;
    }
    i += 1;
    let mut depth = 0usize;
    let mut comma: Option<usize> = None;
    // Bounded: an offsetof argument list longer than this is not one.
    let limit = (i + 4096).min(n);
    while i < limit {
        match src[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                if depth == 0 {
                    if src[i] != b')' {
                        return None;
                    }
                    let start = comma? + 1;
                    let mut s = start;
                    let mut e = i;
                    while s < e && src[s].is_ascii_whitespace() {
                        s += 1;
                    }
                    while e > s && src[e - 1].is_ascii_whitespace() {
                        e -= 1;
                    }
                    // Only member paths made of names, `.`, and subscripts; anything else (a
                    // comment, a string) is left for the parser to report.
                    let ok = s < e
                        && (src[s].is_ascii_alphabetic() || src[s] == b'_')
                        && src[s..e]
                            .iter()
                            .all(|&c| c.is_ascii() && c != b'"' && c != b'\'' && c != b'/');
                    return ok.then_some((s, e));
                }
                depth -= 1;
            }
            b',' if depth == 0 => {
                if comma.is_some() {
                    return None;
                }
                comma = Some(i);
            }
            b';' => return None,
            _ => {}
        }
        i += 1;
    }
    None
}
