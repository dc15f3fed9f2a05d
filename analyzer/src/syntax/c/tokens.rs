//! Preprocessing tokens (C11 6.4), as the macro expander ([`super::cpp`]) reads text: the
//! words, numbers, literals and punctuators of a piece of code, each with its spelling, whether
//! white space came before it, and where it comes from.

use std::rc::Rc;

use super::lex::{block_comment_end, line_comment_end, literal_end};

/// What a token is, as far as expansion needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Ident,
    /// A pp-number: any digit-led run of letters, digits, `.`, and signs after an exponent.
    Number,
    /// A string or character literal (with its prefix).
    Literal,
    Punct,
    /// What a parameter next to `##` stands for when its argument is empty (C11 6.10.3.3).
    Placemarker,
}

/// Where a token comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// Copied from the text being expanded, at this byte offset.
    Text(usize),
    /// Made by expanding the macro used at this byte range of that text.
    Made(usize, usize),
}

impl Origin {
    /// The byte range of the text it stands for (`len` is its spelling's length).
    pub(crate) fn range(self, len: usize) -> (usize, usize) {
        match self {
            Origin::Text(at) => (at, at + len),
            Origin::Made(start, end) => (start, end),
        }
    }
}

/// The macros whose expansion made a token, which it does not invoke again (its "hide set").
pub(crate) type HideSet = Rc<[Rc<str>]>;

/// One preprocessing token.
#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub kind: Kind,
    pub text: Rc<str>,
    /// White space (or a comment) came before it.
    pub space: bool,
    pub origin: Origin,
    pub hide: HideSet,
}

impl Token {
    pub(crate) fn is(&self, punct: &str) -> bool {
        self.kind == Kind::Punct && &*self.text == punct
    }

    /// The byte range of the text it stands for.
    pub(crate) fn range(&self) -> (usize, usize) {
        self.origin.range(self.text.len())
    }

    /// A token as written in the text at byte `at`.
    fn written(kind: Kind, spelling: &str, space: bool, at: usize, hide: &HideSet) -> Token {
        Token {
            kind,
            text: Rc::from(spelling),
            space,
            origin: Origin::Text(at),
            hide: Rc::clone(hide),
        }
    }
}

/// Punctuators, longest first (digraphs included: `%:%:` is `##`).
const PUNCTUATORS: &[&str] = &[
    "%:%:", "...", "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
    "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##", "<:", ":>", "<%", "%>", "%:",
];

/// A byte that continues an identifier (bytes of non-ASCII characters included).
fn ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80
}

/// The end of the token starting at `i` (not blank, not a comment), and its kind.
fn token_end(b: &[u8], i: usize) -> (usize, Kind) {
    let c = b[i];
    let digit_after_dot = c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit);
    if c.is_ascii_digit() || digit_after_dot {
        let mut j = i + 1;
        while j < b.len() {
            let signed_exponent =
                matches!(b[j], b'+' | b'-') && matches!(b[j - 1], b'e' | b'E' | b'p' | b'P');
            if ident_byte(b[j]) || b[j] == b'.' || signed_exponent {
                j += 1;
            } else {
                break;
            }
        }
        return (j, Kind::Number);
    }
    if ident_byte(c) {
        let mut j = i;
        while j < b.len() && ident_byte(b[j]) {
            j += 1;
        }
        // `L"..."`, `u8'x'`: a prefix is part of the literal.
        let prefix = matches!(&b[i..j], b"L" | b"u" | b"U" | b"u8");
        if prefix && matches!(b.get(j), Some(b'"' | b'\'')) {
            return (literal_end(b, j), Kind::Literal);
        }
        return (j, Kind::Ident);
    }
    if c == b'"' || c == b'\'' {
        return (literal_end(b, i), Kind::Literal);
    }
    let rest = &b[i..];
    let len = PUNCTUATORS
        .iter()
        .find(|p| rest.starts_with(p.as_bytes()))
        .map_or(1, |p| p.len());
    // One character of whatever is not a token (a stray `\`, `@`): kept as it is.
    let len = (1..=len.max(1))
        .rev()
        .find(|&n| std::str::from_utf8(&b[i..i + n]).is_ok())
        .unwrap_or(1);
    (i + len, Kind::Punct)
}

/// The tokens of `text`, found at byte `base` of the text being expanded. `None` when the
/// text holds a directive (a `#` first on a line), which only the walk of the tree follows.
pub(super) fn tokenize(text: &str, base: usize) -> Option<Vec<Token>> {
    scan(text, base, true)
}

/// The tokens of a macro's body (one logical line, where `#` is an operator).
pub(super) fn tokenize_body(body: &str) -> Vec<Token> {
    scan(body, 0, false).unwrap_or_default()
}

fn scan(text: &str, base: usize, directives: bool) -> Option<Vec<Token>> {
    let b = text.as_bytes();
    let no_hide: HideSet = Rc::from(Vec::new());
    let mut out = Vec::new();
    let mut i = 0;
    let mut space = false;
    let mut line_start = true;
    while i < b.len() {
        match b[i] {
            b'\n' => {
                line_start = true;
                space = true;
                i += 1;
            }
            b'\\' if b.get(i + 1) == Some(&b'\n') => {
                space = true;
                i += 2;
            }
            c if c.is_ascii_whitespace() => {
                space = true;
                i += 1;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                space = true;
                i = block_comment_end(b, i);
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                space = true;
                i = line_comment_end(b, i);
            }
            _ => {
                let (end, kind) = token_end(b, i);
                let spelling = text.get(i..end)?;
                if directives && line_start && (spelling == "#" || spelling == "%:") {
                    return None;
                }
                out.push(Token::written(kind, spelling, space, base + i, &no_hide));
                space = false;
                line_start = false;
                i = end;
            }
        }
    }
    Some(out)
}

/// The tokens of one line of Fortran code (found at byte `base`) as cpp reads Fortran, in
/// traditional mode: no C comment, so `//` is concatenation; a `'` or `"` literal ends at its
/// closing quote (doubled inside it, with no `\` escape) or at the line's end; and the tokens
/// end at a `!` outside literals, where Fortran's comment starts.
pub(crate) fn tokenize_fortran(code: &str, base: usize) -> Vec<Token> {
    let b = code.as_bytes();
    let no_hide: HideSet = Rc::from(Vec::new());
    let mut out = Vec::new();
    let mut i = 0;
    let mut space = false;
    while i < b.len() {
        let (end, kind) = match b[i] {
            b'!' => break,
            c if c.is_ascii_whitespace() => {
                space = true;
                i += 1;
                continue;
            }
            quote @ (b'\'' | b'"') => {
                let mut j = i + 1;
                while j < b.len() {
                    if b[j] == quote {
                        if b.get(j + 1) != Some(&quote) {
                            break;
                        }
                        j += 1;
                    }
                    j += 1;
                }
                ((j + 1).min(b.len()), Kind::Literal)
            }
            _ => token_end(b, i),
        };
        let Some(spelling) = code.get(i..end) else {
            break;
        };
        out.push(Token::written(kind, spelling, space, base + i, &no_hide));
        space = false;
        i = end;
    }
    out
}

/// The one token `text` spells (a pasted token), `None` when it is not exactly one.
pub(super) fn single(text: &str) -> Option<(Kind, Rc<str>)> {
    let b = text.as_bytes();
    if b.is_empty()
        || b[0].is_ascii_whitespace()
        || text.starts_with("/*")
        || text.starts_with("//")
    {
        return None;
    }
    let (end, kind) = token_end(b, 0);
    (end == b.len() && (kind != Kind::Literal || closed_literal(b))).then(|| (kind, Rc::from(text)))
}

/// Whether the literal `b` (prefix included) ends with the quote that closes it.
fn closed_literal(b: &[u8]) -> bool {
    let Some(open) = b.iter().position(|&c| c == b'"' || c == b'\'') else {
        return false;
    };
    let mut i = open + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            c if c == b[open] => return i + 1 == b.len(),
            _ => i += 1,
        }
    }
    false
}

/// The string literal `#` makes of an argument (C11 6.10.3.2): its tokens' spellings, one
/// space where white space separated them, `"` and `\` escaped inside literals.
pub(super) fn stringize(tokens: &[Token]) -> String {
    let mut out = String::from("\"");
    for (i, t) in tokens.iter().enumerate() {
        if t.kind == Kind::Placemarker {
            continue;
        }
        if i > 0 && t.space {
            out.push(' ');
        }
        for c in t.text.chars() {
            if t.kind == Kind::Literal && (c == '"' || c == '\\') {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spellings(text: &str) -> Vec<String> {
        tokenize(text, 0)
            .unwrap()
            .iter()
            .map(|t| t.text.to_string())
            .collect()
    }

    #[test]
    fn tokens_of_code() {
        assert_eq!(
            spellings("a->b += 0x1Fu*1e-5 /* c */ L\"s\\\"\" 'x' ... ## x.y .5"),
            [
                "a",
                "->",
                "b",
                "+=",
                "0x1Fu",
                "*",
                "1e-5",
                "L\"s\\\"\"",
                "'x'",
                "...",
                "##",
                "x",
                ".",
                "y",
                ".5"
            ]
        );
        assert_eq!(spellings("1 - -2"), ["1", "-", "-", "2"]);
        assert_eq!(spellings("x//c\n+y"), ["x", "+", "y"]);
        let tokens = tokenize("f (x)", 10).unwrap();
        assert!(!tokens[0].space && tokens[1].space && !tokens[2].space);
        assert_eq!(tokens[2].origin, Origin::Text(13));
    }

    #[test]
    fn tokens_of_fortran_code() {
        let spellings = |code: &str| -> Vec<String> {
            tokenize_fortran(code, 0)
                .iter()
                .map(|t| t.text.to_string())
                .collect()
        };
        assert_eq!(
            spellings("s = 'it''s\\' // \"q\" ! _RL x"),
            ["s", "=", "'it''s\\'", "/", "/", "\"q\""]
        );
        assert_eq!(
            spellings("x .EQ. 1.5D0_RL"),
            ["x", ".", "EQ", ".", "1.5D0_RL"]
        );
        assert_eq!(spellings("c = 'open"), ["c", "=", "'open"]);
    }

    #[test]
    fn a_directive_is_not_tokenized() {
        assert!(tokenize("a;\n  # define X\nb;", 0).is_none());
        assert!(tokenize("a # b", 0).is_some());
    }

    #[test]
    fn single_tokens() {
        assert_eq!(single("MPI_INT").map(|t| t.0), Some(Kind::Ident));
        assert_eq!(single("12").map(|t| t.0), Some(Kind::Number));
        assert_eq!(single("1e-").map(|t| t.0), Some(Kind::Number));
        assert_eq!(single("->").map(|t| t.0), Some(Kind::Punct));
        assert_eq!(single("\"a\"").map(|t| t.0), Some(Kind::Literal));
        for not_one in ["", "a b", "+-", "x(", "\"a", "/**/", "1+"] {
            assert!(single(not_one).is_none(), "{not_one:?}");
        }
    }

    #[test]
    fn stringized_arguments() {
        let tokens = tokenize(" a  +\n b  \"s\\n\" 'q' ", 0).unwrap();
        assert_eq!(stringize(&tokens), "\"a + b \\\"s\\\\n\\\" 'q'\"");
    }
}
