//! Text edits in C source for the fixes: where the statement a fix changes stands, so that what
//! the fix adds before or after it stays with it. The body of an `if`, `else`, `for`, `while`
//! or `do` written without braces gets them: a declaration there would not compile, and a
//! statement added after it would run whether or not the body does.

use crate::fix::Edit;
use crate::source::Span;

/// Where a statement stands.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Place<'a> {
    /// In a block: declarations and statements may go before and after it.
    Block,
    /// The whole body of a control statement without braces: what a fix adds goes inside
    /// braces put around it, `{` after the head (which ends at `head_end`), `}` on a line of
    /// its own indented as the head's first line (`indent`).
    Body { head_end: usize, indent: &'a str },
}

impl Place<'_> {
    /// The edit that opens the braces, if they are needed.
    pub(crate) fn open(&self) -> Option<Edit> {
        match self {
            Place::Block => None,
            Place::Body { head_end, .. } => Some(Edit::insert(*head_end, " {")),
        }
    }

    /// The text that closes them, to write after the statement (and what follows it).
    pub(crate) fn close(&self) -> String {
        match self {
            Place::Block => String::new(),
            Place::Body { indent, .. } => format!("\n{indent}}}"),
        }
    }
}

/// The statement the code at `at` in `text` is part of: where it stands and the offset of its
/// first token, judged from the code before it in `scope` (the function); `code` is the text's
/// own tokens ([`code_only`](crate::syntax::c::prepass::code_only)). `None` when that code does
/// not say: after a label or in a `?:`, inside a control statement's head, or as the body of a
/// `switch`.
pub(crate) fn statement_at<'a>(
    text: &'a str,
    code: &[u8],
    scope: Span,
    at: usize,
) -> Option<(Place<'a>, usize)> {
    let from = scope.start.min(at);
    let code = code.get(from..at)?;
    let word_at = |end: usize| {
        let start = code[..end]
            .iter()
            .rposition(|&b| !is_word(b))
            .map_or(0, |i| i + 1);
        (start, &code[start..end])
    };
    let body = |head_end: usize, head_start: usize| Place::Body {
        head_end: from + head_end,
        indent: line_indent(text, from + head_start),
    };
    let mut i = code.len();
    let mut start = at;
    loop {
        i = code[..i].iter().rposition(|b| !b.is_ascii_whitespace())? + 1;
        match code[i - 1] {
            b';' | b'{' | b'}' => return Some((Place::Block, start)),
            b')' => {
                let open = matching_open(&code[..i])?;
                let keyword_end = code[..open]
                    .iter()
                    .rposition(|b| !b.is_ascii_whitespace())
                    .map_or(0, |k| k + 1);
                match word_at(keyword_end) {
                    (head, b"if" | b"for" | b"while") => return Some((body(i, head), start)),
                    (_, b"switch") => return None,
                    _ => i = open,
                }
            }
            // Inside parentheses: an argument, unless of a control statement's head.
            b'(' => {
                let keyword_end = code[..i - 1]
                    .iter()
                    .rposition(|b| !b.is_ascii_whitespace())
                    .map_or(0, |k| k + 1);
                if let (_, b"if" | b"for" | b"while" | b"switch") = word_at(keyword_end) {
                    return None;
                }
                i -= 1;
            }
            b':' => return None,
            b if is_word(b) => match word_at(i) {
                (head, b"else" | b"do") => return Some((body(i, head), start)),
                (word_start, _) => i = word_start,
            },
            _ => i -= 1,
        }
        start = from + i;
    }
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// The offset of the `(` matching the `)` that ends `code`.
fn matching_open(code: &[u8]) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &b) in code.iter().enumerate().rev() {
        match b {
            b')' => depth += 1,
            b'(' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The blanks that start the line `offset` is on.
fn line_indent(text: &str, offset: usize) -> &str {
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[start..];
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// The end of the line of the `;` at `semicolon`, when only blanks or a comment follow it
/// there (what a fix adds after the statement goes there).
pub(crate) fn after_statement(text: &str, semicolon: usize) -> Option<usize> {
    let line_end = text[semicolon..]
        .find('\n')
        .map_or(text.len(), |i| semicolon + i);
    let rest = text.get(semicolon + 1..line_end)?.trim();
    let comment = rest.starts_with("//")
        || (rest.starts_with("/*") && rest.ends_with("*/") && rest.matches("*/").count() == 1);
    (rest.is_empty() || comment).then_some(line_end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::c::prepass::code_only;

    /// Where the statement at the `$` in `code` stands: `block`, or the braces' indent and the
    /// line of the head the `{` goes after (up to there); `None` when unclear.
    fn place(code: &str) -> Option<String> {
        let at = code.find('$').unwrap();
        let text = code.replace('$', "");
        let (place, _) = statement_at(&text, &code_only(&text), Span::new(0, text.len()), at)?;
        Some(match place {
            Place::Block => "block".to_owned(),
            Place::Body { head_end, indent } => {
                let head = text[..head_end].lines().last().unwrap();
                format!("{indent:?} {}", head.trim())
            }
        })
    }

    #[test]
    fn statements_in_blocks() {
        for code in [
            "void f() {\n  $g();\n}",
            "void f() {\n  x = 1; /* if (c) */\n  $g();\n}",
            "void f() {\n  if (c) {\n    x = 1;\n  }\n  $g();\n}",
            "void f() {\n#if A\n  x = 1;\n#endif\n  $g();\n}",
            "void f() {\n  s = \"if (c)\";\n  $g();\n}",
        ] {
            assert_eq!(place(code).as_deref(), Some("block"), "{code}");
        }
    }

    #[test]
    fn bodies_without_braces() {
        for (code, head) in [
            (
                "void f() {\n  if (c) // only when asked\n    $g();\n}",
                "if (c)",
            ),
            (
                "void f() {\n  for (i = 0; i < (n); i++)\n    $g();\n}",
                "for (i = 0; i < (n); i++)",
            ),
            ("void f() {\n  if (c) {\n  } else\n    $g();\n}", "} else"),
            ("void f() {\n  while (c) /* { */\n    $g();\n}", "while (c)"),
            ("void f() {\n  do\n    $g();\n  while (c);\n}", "do"),
            (
                "void f() {\n  if (c)\n#ifdef X\n    $g();\n#endif\n}",
                "if (c)",
            ),
        ] {
            assert_eq!(place(code), Some(format!("\"  \" {head}")), "{code}");
        }
    }

    #[test]
    fn a_statement_starts_at_its_first_token() {
        let code = "void f() {\n  if (c)\n    err = CHECK(\n      g());\n}";
        let at = code.find("g()").unwrap();
        let scope = Span::new(0, code.len());
        let (place, start) = statement_at(code, &code_only(code), scope, at).unwrap();
        assert!(matches!(place, Place::Body { .. }));
        assert!(code[start..].starts_with("err ="));
    }

    #[test]
    fn unclear_places_are_none() {
        for code in [
            "void f() {\n  done:\n    $g();\n}",
            "void f() {\n  x = c ? 1 :\n    $g();\n}",
            "void f() {\n  if (c &&\n    $g());\n}",
            "void f() {\n  switch (c)\n    $g();\n}",
        ] {
            assert_eq!(place(code), None, "{code}");
        }
    }
}
