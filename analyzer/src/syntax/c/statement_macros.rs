//! Macros that expand to a statement (a `{ ... }` block, `do { ... } while (...)`, an `if`,
//! `for`, `while` or `switch` ending in a block, anything ending in `;`) or to nothing.
//!
//! tree-sitter-c parses the text before preprocessing, so such a macro used without a `;`
//! (`err = f(); ERR` followed by a declaration) runs into the next statement and mangles it.
//! The pre-pass uses this table to find those uses (see [`super::prepass`]).
//!
//! Never a guess: a name counts only when every definition seen (in the file and in the
//! headers it includes, before the use) is a statement or empty; a name defined nowhere in
//! sight, or once as a statement and once as something else, stays as written. A name defined
//! as a statement in one `#if` branch and as nothing in another is a statement.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use super::lex::{block_comment_end, comment_ranges, is_ident, line_comment_end};

/// What a macro used as a statement expands to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Expansion {
    /// A complete statement: the use needs no `;`.
    Statement,
    /// Nothing at all: the use (name and arguments) is blank.
    Nothing,
}

/// What the definitions of one name seen so far expand to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Shape {
    /// `function_like` when defined with parameters.
    Known {
        expansion: Expansion,
        function_like: bool,
    },
    /// Anything else, or definitions that disagree.
    Other,
}

/// The statement-like macros known at a point of the text, updated in text order.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct StatementMacros {
    shapes: HashMap<String, Shape>,
    /// complex.h's `complex` is defined (its header included, the name not redefined or
    /// `#undef`'d since): the pre-pass reads the word as `_Complex`.
    complex_macro: bool,
}

impl StatementMacros {
    /// Records `#define name body` (`function_like` for `name(...)`).
    pub(super) fn define(&mut self, name: &str, function_like: bool, body: &str) {
        self.complex_macro &= name != "complex";
        let expansion = if body.trim().is_empty() {
            Some(Expansion::Nothing)
        } else if is_statement(body) {
            Some(Expansion::Statement)
        } else {
            None
        };
        let shape = match expansion {
            Some(expansion) => Shape::Known {
                expansion,
                function_like,
            },
            None => Shape::Other,
        };
        self.shapes
            .entry(name.to_owned())
            .and_modify(|s| *s = merge(*s, shape))
            .or_insert(shape);
    }

    /// Records `#undef name`.
    pub(super) fn undef(&mut self, name: &str) {
        self.complex_macro &= name != "complex";
        self.shapes.remove(name);
    }

    /// What `name` expands to as a statement, and whether it is function-like; `None` when
    /// that is not known.
    pub(super) fn lookup(&self, name: &str) -> Option<(Expansion, bool)> {
        match self.shapes.get(name)? {
            Shape::Known {
                expansion,
                function_like,
            } => Some((*expansion, *function_like)),
            Shape::Other => None,
        }
    }

    /// Records `#include <name>` of a system header.
    pub(super) fn include_system(&mut self, name: &str) {
        self.complex_macro |= super::headers::defines_complex(name);
    }

    /// Whether the word `complex` is complex.h's macro here.
    pub(super) fn complex_macro(&self) -> bool {
        self.complex_macro
    }

    /// How many names it knows.
    pub(super) fn len(&self) -> usize {
        self.shapes.len()
    }

    /// Whether `name` is defined as a macro of any kind.
    pub(super) fn defines(&self, name: &str) -> bool {
        self.shapes.contains_key(name)
    }
}

/// Everything it knows, names in order.
impl Hash for StatementMacros {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut shapes: Vec<(&String, &Shape)> = self.shapes.iter().collect();
        shapes.sort_unstable_by_key(|(name, _)| *name);
        shapes.hash(state);
        self.complex_macro.hash(state);
    }
}

/// Two definitions of one name (in different `#if` branches): a statement where one of them
/// is empty is still complete without `;`.
fn merge(a: Shape, b: Shape) -> Shape {
    match (a, b) {
        (
            Shape::Known {
                expansion: x,
                function_like: f,
            },
            Shape::Known {
                expansion: y,
                function_like: g,
            },
        ) if f == g => Shape::Known {
            expansion: if x == y { x } else { Expansion::Statement },
            function_like: f,
        },
        _ => Shape::Other,
    }
}

/// Whether a macro body (comments and line continuations already removed) is a statement (or
/// empty): `{ ... }`, `do { ... } while (...)`, `if`/`for`/`while`/`switch` ending in a block
/// that closes at the end, or anything ending in `;`.
pub(super) fn is_statement(body: &str) -> bool {
    let b = body.trim().as_bytes();
    let Some(&last) = b.last() else {
        return true;
    };
    if last == b';' {
        return true;
    }
    if b[0] == b'{' {
        return matching(b, 0) == Some(b.len() - 1);
    }
    let word = leading_word(b);
    match word {
        b"do" => {
            let Some(open) = skip_space(b, 2).filter(|&i| b[i] == b'{') else {
                return false;
            };
            let Some(close) = matching(b, open) else {
                return false;
            };
            let Some(w) = skip_space(b, close + 1) else {
                return false;
            };
            if leading_word(&b[w..]) != b"while" {
                return false;
            }
            skip_space(b, w + 5)
                .filter(|&i| b[i] == b'(')
                .and_then(|i| matching(b, i))
                == Some(b.len() - 1)
        }
        // The controlled statement is a block that ends the body (an `else` block included).
        b"if" | b"for" | b"while" | b"switch" => {
            last == b'}' && block_ending_at(b).is_some_and(|open| open > word.len())
        }
        _ => false,
    }
}

/// `text` with each comment replaced by a space and line continuations removed (string and
/// character literals kept as they are).
pub(super) fn strip_comments(text: &str) -> String {
    let text = text.replace("\\\r\n", "").replace("\\\n", "");
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for (start, end) in comment_ranges(text.as_bytes()) {
        out.push_str(&text[copied..start]);
        out.push(' ');
        copied = end;
    }
    out.push_str(&text[copied..]);
    out
}

/// A name (`src[start..end]`) that reads as a statement macro whose definition is not seen
/// (its header was not found): in upper case, alone on the rest of its line, and followed by
/// what starts another statement (a word, `}` or a directive). Read as a declaration instead,
/// `err = f(); CHECK_ERR` followed by `sizes[0] = n;` declares an array of 0 elements that hides
/// `sizes`. With the end of what it read (see `prepass::resume`).
pub(super) fn unknown_statement_macro(src: &[u8], start: usize, end: usize) -> (bool, usize) {
    let name = &src[start..end];
    let upper = name.iter().any(u8::is_ascii_uppercase)
        && name
            .iter()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_');
    if !upper || name.len() < 2 {
        return (false, end);
    }
    let mut j = end;
    let mut crossed_line = false;
    while j < src.len() {
        match src[j] {
            b'\n' => {
                crossed_line = true;
                j += 1;
            }
            c if c.is_ascii_whitespace() => j += 1,
            b'/' if src.get(j + 1) == Some(&b'*') => j = block_comment_end(src, j),
            b'/' if src.get(j + 1) == Some(&b'/') => j = line_comment_end(src, j),
            c => {
                let statement =
                    crossed_line && (is_ident(c) && !c.is_ascii_digit() || c == b'}' || c == b'#');
                return (statement, j + 1);
            }
        }
    }
    (false, src.len())
}

/// The identifier at the start of `b` (empty when it does not start with one).
fn leading_word(b: &[u8]) -> &[u8] {
    let end = b
        .iter()
        .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
        .unwrap_or(b.len());
    &b[..end]
}

/// The first non-space index at or after `i`.
fn skip_space(b: &[u8], i: usize) -> Option<usize> {
    (i..b.len()).find(|&j| !b[j].is_ascii_whitespace())
}

/// The index of the bracket closing the one at `open`, skipping string and character literals.
fn matching(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = open;
    while i < b.len() {
        match b[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            q @ (b'"' | b'\'') => i = closing_quote(b, i, q),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The index of the quote `q` that closes the literal opened at `open` (past the end when
/// unclosed), escapes skipped.
fn closing_quote(b: &[u8], open: usize, q: u8) -> usize {
    let mut i = open + 1;
    while i < b.len() && b[i] != q {
        if b[i] == b'\\' {
            i += 1;
        }
        i += 1;
    }
    i
}

/// The index of the `{` whose block closes at the last byte of `b`.
fn block_ending_at(b: &[u8]) -> Option<usize> {
    // Scan forward for each top-level `{` and see which one closes at the end.
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'{' => {
                let close = matching(b, i)?;
                if close == b.len() - 1 {
                    return Some(i);
                }
                i = close;
            }
            b'(' | b'[' => i = matching(b, i)?,
            q @ (b'"' | b'\'') => i = closing_quote(b, i, q),
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statement_bodies() {
        for body in [
            "",
            "  ",
            "{if(err!=NC_NOERR){printf(\"Error at line %d\\n\", __LINE__); nerrs++;}}",
            "do { f(x); } while (0)",
            "do{f(x);}while(0);",
            "f(x);",
            "if (e) { g(); }",
            "if (e) { g(); } else { h(\"}\"); }",
            "for (i = 0; i < n; i++) { a[i] = 0; }",
            "{ tmp = x; x = y; y = tmp; }",
        ] {
            assert!(is_statement(body), "{body:?}");
        }
    }

    #[test]
    fn other_bodies() {
        for body in [
            "4",
            "(2 * (x))",
            "f(x)",
            "({ int y = x; y; })",
            "{",
            "{ 1, 2 } + 1",
            "do { f(); }",
            "do { f(); } while (0) + 1",
            "if (e) g()",
            "for (i = 0; i < n; i++)",
            "ifx { }",
            "\"a;\" + 0",
        ] {
            assert!(!is_statement(body), "{body:?}");
        }
    }

    #[test]
    fn comments_and_continuations_removed() {
        assert_eq!(
            strip_comments("{ a(); /* c */ \\\n b(\"/*\"); } // d"),
            "{ a();    b(\"/*\"); }  "
        );
    }

    #[test]
    fn definitions_that_disagree_are_not_statements() {
        let mut m = StatementMacros::default();
        m.define("ERR", false, "{ nerrs++; }");
        m.define("ERR", false, "{ nerrs += 2; }");
        assert_eq!(m.lookup("ERR"), Some((Expansion::Statement, false)));
        m.define("ERR", false, "1");
        assert_eq!(m.lookup("ERR"), None);
        m.undef("ERR");
        m.define("ERR", true, "do { } while (0)");
        assert_eq!(m.lookup("ERR"), Some((Expansion::Statement, true)));
        m.define("ERR", false, "{ }");
        assert_eq!(m.lookup("ERR"), None);
        assert_eq!(m.lookup("NEVER_DEFINED"), None);
        m.define("TRC", true, "  ");
        assert_eq!(m.lookup("TRC"), Some((Expansion::Nothing, true)));
        m.define("TRC", true, "{ printf(x); }");
        assert_eq!(m.lookup("TRC"), Some((Expansion::Statement, true)));
    }
}
