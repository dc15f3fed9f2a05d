//! A byte-for-byte same-length rewrite of the text before parsing, for the few constructs
//! tree-sitter-c does not parse:
//!
//! - `offsetof(T, a.b[2])`: the grammar accepts only a single member name, so a member path is
//!   replaced by an identifier of the same length and remembered;
//! - `__builtin_offsetof` becomes `offsetof` followed by spaces;
//! - `_Complex` / `__complex__` (not in the grammar) become the qualifier `volatile`, and
//!   complex.h's `complex` (after `#include <complex.h>`) becomes `const`; their offsets are
//!   remembered, so the type lowering can restore them;
//! - GNU attributes between `struct`, `union` or `enum` and the tag (the grammar has no place
//!   for them after `union` and `enum`, and one only after `struct`) become spaces, their range
//!   remembered by the keyword's offset for the type lowering;
//! - comments inside preprocessor directives become spaces (the grammar ends a `#define` body
//!   at a comment, and the rest of the body then reads as code);
//! - a macro that expands to a statement ([`StatementMacros`]), used as a statement without
//!   a `;` (`err = f(); ERR` then a declaration), gets a `;` written over a blank after it, so
//!   the parse sees the statement the preprocessor makes and not a declaration of type `ERR`;
//!   with no blank to write on before the next line's directive, the use itself becomes a `;`
//!   and blanks, and is remembered (the lowering expands it from there);
//! - a macro that expands to nothing, used as a statement, becomes blanks.
//!
//! Offsets are unchanged, so every span in the tree is a span of the original text. The scan is
//! linear and skips comments, string and character literals. It follows the `#define`s and
//! `#undef`s in text order and, for the main file, the `#include "..."`d headers (each read once,
//! for their definitions only). A new version of the main file is scanned from the last line
//! before the edit to the first line after it where the scan is as the previous version's was
//! (`prepass/resume.rs`).

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::rc::Rc;

use super::lex::{
    block_comment_end, closing_paren, is_ident, line_comment_end, literal_end, skip_blanks,
};
use super::statement_macros::{unknown_statement_macro, Expansion, StatementMacros};
use crate::fingerprint::Fingerprint;
use resume::{Directive, Line, Trail};

mod resume;
pub(super) use resume::{prepass_main, KeptPrepass};

pub(super) struct Prepassed {
    pub text: String,
    /// Offsets of the qualifiers written over `_Complex`, `__complex__` and `complex`.
    pub complex_at: HashSet<usize>,
    /// Start offset of a rewritten `offsetof` member → the original member path text.
    pub offsetof_members: HashMap<usize, String>,
    /// Offset of a `struct`, `union` or `enum` keyword → the attributes blanked after it.
    pub hidden_attributes: HashMap<usize, Range<usize>>,
    /// Statement macro uses replaced by a `;` and blanks: start → end.
    pub replaced_uses: HashMap<usize, usize>,
}

/// What [`Scanner::complete_use`] did.
enum Completed {
    /// Wrote a `;` at this offset.
    Semicolon(usize),
    /// Replaced the use by a `;` and blanks, up to this offset.
    Replaced(usize),
}

/// How the pre-pass of the main file reads `#include "..."`d headers.
pub(super) struct Includes<'a> {
    /// The text of a header to scan (already cut to what the lowering reads), or `None`.
    pub resolve: &'a mut dyn FnMut(&str) -> Option<Rc<str>>,
    /// How deep includes nest, as in the lowering.
    pub max_depth: usize,
    /// Headers already scanned.
    pub seen: HashSet<String>,
    /// The names and texts of the headers looked for so far.
    pub read: Fingerprint,
}

/// Pre-passes `text`, updating `macros` with the definitions it (and, with `includes`, the
/// headers it includes) makes, in order.
pub(super) fn prepass(
    text: &str,
    macros: &mut StatementMacros,
    mut includes: Option<&mut Includes<'_>>,
) -> Prepassed {
    let mut scanner = Scanner::new(text, macros, true);
    scanner.run(&mut includes, &mut Vec::new(), Line::START);
    scanner.finish()
}

struct Scanner<'t, 'm> {
    src: &'t [u8],
    text: &'t str,
    /// `false` for a header read for its definitions only.
    emit: bool,
    out: Option<Vec<u8>>,
    macros: &'m mut StatementMacros,
    complex_at: HashSet<usize>,
    offsetof_members: HashMap<usize, String>,
    hidden_attributes: HashMap<usize, Range<usize>>,
    replaced_uses: HashMap<usize, usize>,
    /// One past the furthest byte read ahead of the scan (by lookaheads and directives).
    reach: usize,
    /// The main file's lines and directives, recorded for the next version's pre-pass.
    trail: Option<Trail>,
    /// Where the scan may stop, the rest being the previous version's (`resume.rs`).
    resync: Option<resume::Resync<'t>>,
}

impl<'t, 'm> Scanner<'t, 'm> {
    fn new(text: &'t str, macros: &'m mut StatementMacros, emit: bool) -> Self {
        Scanner {
            src: text.as_bytes(),
            text,
            emit,
            out: None,
            macros,
            complex_at: HashSet::new(),
            offsetof_members: HashMap::new(),
            hidden_attributes: HashMap::new(),
            replaced_uses: HashMap::new(),
            reach: 0,
            trail: None,
            resync: None,
        }
    }

    fn finish(self) -> Prepassed {
        let text = match self.out {
            // Only ASCII bytes were written over whole characters, so this cannot fail; fall
            // back to the original text rather than panic.
            Some(bytes) => String::from_utf8(bytes).unwrap_or_else(|_| self.text.to_owned()),
            None => self.text.to_owned(),
        };
        Prepassed {
            text,
            complex_at: self.complex_at,
            offsetof_members: self.offsetof_members,
            hidden_attributes: self.hidden_attributes,
            replaced_uses: self.replaced_uses,
        }
    }

    /// Notes that the scan read up to `end` (exclusive).
    fn reached(&mut self, end: usize) {
        self.reach = self.reach.max(end);
    }
    fn buf(&mut self) -> &mut Vec<u8> {
        let src = self.src;
        self.out.get_or_insert_with(|| src.to_vec())
    }

    fn blank(&mut self, from: usize, to: usize) {
        if self.emit && from < to {
            for c in &mut self.buf()[from..to] {
                *c = b' ';
            }
        }
    }

    /// Scans from the start of the line `from` to the end, or to the first line where the
    /// previous version's scan can be resumed (`resync`), whose start it returns.
    fn run(
        &mut self,
        includes: &mut Option<&mut Includes<'_>>,
        stack: &mut Vec<String>,
        from: Line,
    ) -> Option<usize> {
        let src = self.src;
        let n = src.len();
        let mut i = from.at;
        // Only blanks (or comments) since the last newline: a `#` starts a directive.
        let mut line_start = true;
        // The next token may start a statement (after `;`, `{`, `}`, `:`, `)`, `else`, `do`,
        // a directive, or a `;` written here).
        let mut statement_start = from.statement_start;
        let mut directive_end: Option<usize> = None;
        let mut written_semicolon: Option<usize> = None;
        // Braces open outside directives: inside a function body when positive.
        let mut depth = from.depth;
        while i < n {
            if written_semicolon.is_some_and(|at| i > at) {
                written_semicolon = None;
                statement_start = true;
            }
            if directive_end.is_some_and(|end| i >= end) {
                directive_end = None;
                statement_start = true;
            }
            let b = src[i];
            match b {
                b'\n' => {
                    line_start = true;
                    i += 1;
                    if directive_end.is_none() && written_semicolon.is_none() {
                        let line = Line {
                            at: i,
                            depth,
                            statement_start,
                            clean: self.reach <= i,
                        };
                        if self.line_ends_scan(line) {
                            return Some(i);
                        }
                    }
                }
                _ if b.is_ascii_whitespace() => i += 1,
                b'/' if i + 1 < n && src[i + 1] == b'/' => i = line_comment_end(src, i),
                b'/' if i + 1 < n && src[i + 1] == b'*' => i = block_comment_end(src, i),
                b'#' if line_start && directive_end.is_none() => {
                    let end = self.directive(i, includes, stack);
                    self.reached(end + 1);
                    directive_end = Some(end);
                    line_start = false;
                    i += 1;
                }
                b'"' | b'\'' => {
                    i = literal_end(src, i);
                    statement_start = false;
                    line_start = false;
                }
                _ if is_ident(b) => {
                    line_start = false;
                    let start = i;
                    while i < n && is_ident(src[i]) {
                        i += 1;
                    }
                    if b.is_ascii_digit() {
                        statement_start = false;
                        continue;
                    }
                    let word = &src[start..i];
                    if self.emit {
                        self.rewrite_word(start, i, directive_end.is_some());
                        if statement_start && directive_end.is_none() {
                            let name = &self.text[start..i];
                            let known = self.macros.lookup(name);
                            let statement = match known {
                                Some(_) => known,
                                None if depth > 0
                                    && !self.macros.defines(name)
                                    && self.unknown_statement_macro(start, i) =>
                                {
                                    Some((Expansion::Statement, false))
                                }
                                None => None,
                            };
                            if let Some((expansion, function_like)) = statement {
                                match self.complete_use(start, i, expansion, function_like) {
                                    Some(Completed::Semicolon(at)) => written_semicolon = Some(at),
                                    Some(Completed::Replaced(end)) => {
                                        i = end;
                                        statement_start = true;
                                        continue;
                                    }
                                    None => {}
                                }
                            }
                        }
                    }
                    statement_start = matches!(word, b"else" | b"do");
                }
                _ => {
                    if directive_end.is_none() {
                        match b {
                            b'{' => depth += 1,
                            b'}' => depth = depth.saturating_sub(1),
                            _ => {}
                        }
                    }
                    statement_start = matches!(b, b';' | b'{' | b'}' | b':' | b')');
                    line_start = false;
                    i += 1;
                }
            }
        }
        None
    }

    fn unknown_statement_macro(&mut self, start: usize, end: usize) -> bool {
        let (statement, reach) = unknown_statement_macro(self.src, start, end);
        self.reached(reach);
        statement
    }

    /// `_Complex`, `complex` (outside directives, which name the header), attributes after
    /// `struct`, `union` and `enum`, and `offsetof` (the word at `start..end`).
    fn rewrite_word(&mut self, start: usize, end: usize, in_directive: bool) {
        let (src, text) = (self.src, self.text);
        match &src[start..end] {
            b"complex" if self.macros.complex_macro() && !in_directive => {
                self.buf()[start..end].copy_from_slice(b"const  ");
                self.complex_at.insert(start);
            }
            b"_Complex" | b"__complex__" => {
                let buf = self.buf();
                buf[start..start + 8].copy_from_slice(b"volatile");
                for c in &mut buf[start + 8..end] {
                    *c = b' ';
                }
                self.complex_at.insert(start);
            }
            b"struct" | b"union" | b"enum" => {
                let (range, reach) = super::attributes::attributes_after(src, end);
                self.reached(reach);
                if !range.is_empty() {
                    self.blank(range.start, range.end);
                    self.hidden_attributes.insert(start, range);
                }
            }
            word @ (b"offsetof" | b"__builtin_offsetof") => {
                if word.len() != 8 {
                    let buf = self.buf();
                    buf[start..start + 8].copy_from_slice(b"offsetof");
                    for c in &mut buf[start + 8..end] {
                        *c = b' ';
                    }
                }
                let (member, reach) = member_range(src, end);
                self.reached(reach);
                if let Some((ms, me)) = member {
                    let member = &text[ms..me];
                    let simple = member.bytes().all(is_ident);
                    if !simple {
                        let buf = self.buf();
                        for c in &mut buf[ms..me] {
                            if !is_ident(*c) {
                                *c = b'_';
                            }
                        }
                        self.offsetof_members.insert(ms, member.to_owned());
                    }
                }
            }
            _ => {}
        }
    }

    /// A directive starting with the `#` at `hash`: blanks the comments inside it (not one that
    /// ends it, which the grammar reads, while it reads no blanks after an `#include`),
    /// records `#define`, `#undef` and (with `includes`) the definitions of `#include "..."`d
    /// headers; returns the offset of the newline that ends it.
    fn directive(
        &mut self,
        hash: usize,
        includes: &mut Option<&mut Includes<'_>>,
        stack: &mut Vec<String>,
    ) -> usize {
        let src = self.src;
        let n = src.len();
        // The logical line without comments and line continuations.
        let mut line = Vec::new();
        let mut comments = Vec::new();
        let mut last_content = hash;
        let mut i = hash + 1;
        while i < n && src[i] != b'\n' {
            match src[i] {
                b'\\' if src.get(i + 1) == Some(&b'\n') => i += 2,
                b'\\' if src.get(i + 1) == Some(&b'\r') && src.get(i + 2) == Some(&b'\n') => i += 3,
                b'/' if src.get(i + 1) == Some(&b'*') => {
                    let end = block_comment_end(src, i);
                    comments.push((i, end));
                    line.push(b' ');
                    i = end;
                }
                // To the end of the line: nothing follows it.
                b'/' if src.get(i + 1) == Some(&b'/') => i = line_comment_end(src, i),
                b'"' | b'\'' => {
                    let end = literal_end(src, i);
                    line.extend_from_slice(&src[i..end]);
                    last_content = end - 1;
                    i = end;
                }
                c => {
                    line.push(c);
                    if !c.is_ascii_whitespace() {
                        last_content = i;
                    }
                    i += 1;
                }
            }
        }
        for (start, end) in comments {
            if start < last_content {
                self.blank(start, end);
            }
        }
        let end = i;
        let line = String::from_utf8_lossy(&line);
        let rest = line.trim_start();
        let (keyword, rest) = split_word(rest);
        let mut reads_header = false;
        match keyword {
            "define" => {
                let (name, body) = split_word(rest.trim_start());
                if !name.is_empty() {
                    match body.strip_prefix('(') {
                        Some(params) => {
                            if let Some(close) = params.find(')') {
                                self.macros.define(name, true, &params[close + 1..]);
                            }
                        }
                        None => self.macros.define(name, false, body),
                    }
                }
            }
            "undef" => {
                let (name, _) = split_word(rest.trim_start());
                self.macros.undef(name);
            }
            "include" => {
                if let Some((system, _)) = rest
                    .trim()
                    .strip_prefix('<')
                    .and_then(|r| r.split_once('>'))
                {
                    self.macros.include_system(system.trim());
                }
                let header = rest
                    .trim()
                    .strip_prefix('"')
                    .and_then(|r| r.split_once('"'))
                    .map(|(name, _)| name.to_owned());
                if let (Some(name), Some(inc)) = (header, includes.as_deref_mut()) {
                    reads_header = true;
                    self.scan_header(name, inc, stack);
                }
            }
            _ => {}
        }
        if let Some(trail) = &mut self.trail {
            trail.directives.push(Directive {
                at: hash,
                reads_header,
                read: includes
                    .as_ref()
                    .map_or(Fingerprint::default(), |inc| inc.read),
            });
        }
        end
    }

    /// Reads the definitions of an included header (once, bounded in depth).
    fn scan_header(&mut self, name: String, inc: &mut Includes<'_>, stack: &mut Vec<String>) {
        if stack.len() >= inc.max_depth || inc.seen.contains(&name) {
            return;
        }
        inc.seen.insert(name.clone());
        let found = (inc.resolve)(&name);
        inc.read = inc.read.mix(&(&name, &found));
        let Some(text) = found else {
            return;
        };
        stack.push(name);
        let mut header = Scanner::new(&text, &mut *self.macros, false);
        header.run(&mut Some(inc), stack, Line::START);
        stack.pop();
    }

    /// A statement-like macro used in statement position, its name at `start..name_end`. One
    /// that expands to nothing is blanked (its arguments with it). For a statement: when no
    /// `;` follows, writes one over the first blank after it (not on the line of a following
    /// directive), or else replaces the use by a `;` and blanks.
    fn complete_use(
        &mut self,
        start: usize,
        name_end: usize,
        expansion: Expansion,
        function_like: bool,
    ) -> Option<Completed> {
        let src = self.src;
        let n = src.len();
        let mut end = name_end;
        if function_like {
            // Without arguments the name is not an invocation. (What is not found was looked
            // for up to the end, at most.)
            let open = skip_blanks(src, name_end).filter(|&j| j < n && src[j] == b'(');
            let Some(close) = open.and_then(|open| closing_paren(src, open)) else {
                self.reached(n);
                return None;
            };
            end = close + 1;
            self.reached(end);
        }
        if expansion == Expansion::Nothing {
            // Newlines stay, so that the lines do.
            for c in &mut self.buf()[start..end] {
                if *c != b'\n' {
                    *c = b' ';
                }
            }
            return None;
        }
        let mut j = end;
        let mut blank = None;
        let mut newline = None;
        let mut last_newline = None;
        while j < n {
            match src[j] {
                b' ' | b'\t' | b'\r' => {
                    blank.get_or_insert(j);
                    j += 1;
                }
                b'\n' => {
                    newline.get_or_insert(j);
                    last_newline = Some(j);
                    j += 1;
                }
                b'/' if src.get(j + 1) == Some(&b'*') => j = block_comment_end(src, j),
                b'/' if src.get(j + 1) == Some(&b'/') => {
                    j = line_comment_end(src, j);
                    // The newline that ends a line comment cannot become a `;`.
                    if j < n {
                        last_newline = Some(j);
                        j += 1;
                    }
                }
                c if c.is_ascii_whitespace() => j += 1,
                _ => break,
            }
        }
        self.reached((j + 1).min(n));
        if j >= n || src[j] == b';' {
            return None;
        }
        // A directive keeps its line: the `;` goes before it.
        let limit = match (src[j], last_newline) {
            (b'#', Some(newline)) => newline,
            (b'#', None) => return None,
            _ => j,
        };
        match [blank, newline]
            .into_iter()
            .flatten()
            .find(|&at| at < limit)
        {
            Some(at) => {
                self.buf()[at] = b';';
                Some(Completed::Semicolon(at))
            }
            None => {
                let buf = self.buf();
                buf[start] = b';';
                for c in &mut buf[start + 1..end] {
                    if *c != b'\n' {
                        *c = b' ';
                    }
                }
                self.replaced_uses.insert(start, end);
                Some(Completed::Replaced(end))
            }
        }
    }
}

/// `word rest` → (`word`, `rest`) for an identifier at the start of `s`.
fn split_word(s: &str) -> (&str, &str) {
    let end = s.bytes().position(|c| !is_ident(c)).unwrap_or(s.len());
    s.split_at(end)
}

/// The bytes of `text` with its comments, string and character literals and preprocessor
/// directives blanked (line breaks kept), so that only the code's own tokens are left, each at
/// its offset.
pub(crate) fn code_only(text: &str) -> Vec<u8> {
    let src = text.as_bytes();
    let mut out = src.to_vec();
    let mut line_start = true;
    let mut i = 0;
    while i < src.len() {
        let end = match src[i] {
            b'/' if src.get(i + 1) == Some(&b'/') => line_comment_end(src, i),
            b'/' if src.get(i + 1) == Some(&b'*') => block_comment_end(src, i),
            b'"' | b'\'' => literal_end(src, i),
            b'#' if line_start => directive_end(src, i),
            c => {
                line_start = c == b'\n' || (line_start && c.is_ascii_whitespace());
                i += 1;
                continue;
            }
        };
        for b in &mut out[i..end] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
        line_start = false;
        i = end;
    }
    out
}

/// The end of the directive whose `#` is at `i`: its newline (after any line continued with a
/// backslash), or the end of the text.
fn directive_end(src: &[u8], mut i: usize) -> usize {
    while i < src.len() && src[i] != b'\n' {
        if src[i] == b'\\' && src[i + 1..].starts_with(b"\n") {
            i += 1;
        } else if src[i] == b'\\' && src[i + 1..].starts_with(b"\r\n") {
            i += 2;
        }
        i += 1;
    }
    i
}

/// After `offsetof` at `i`: `( type , member )` → the trimmed byte range of `member`; and one
/// past the last byte read.
fn member_range(src: &[u8], mut i: usize) -> (Option<(usize, usize)>, usize) {
    let n = src.len();
    let reach = |i: usize| (i + 1).min(n);
    while i < n && src[i].is_ascii_whitespace() {
        i += 1;
    }
    if i >= n || src[i] != b'(' {
        return (None, reach(i));
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
                    let Some(comma) = comma.filter(|_| src[i] == b')') else {
                        return (None, reach(i));
                    };
                    let start = comma + 1;
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
                    return (ok.then_some((s, e)), reach(i));
                }
                depth -= 1;
            }
            b',' if depth == 0 => {
                if comma.is_some() {
                    return (None, reach(i));
                }
                comma = Some(i);
            }
            b';' => return (None, reach(i)),
            _ => {}
        }
        i += 1;
    }
    (None, limit)
}

#[cfg(test)]
#[path = "prepass_tests.rs"]
mod tests;
