//! Macros that expand to a statement, expanded where they are used as one: `ERR;`,
//! `CHECK(MPI_Type_vector(...));`, `MAKE_TYPE(t);` with `#define MAKE_TYPE(t) do {
//! MPI_Type_vector(..., &t); } while (0)`. The body is a statement, not an expression, so the
//! evaluator cannot expand it from [`crate::ir::Program::macros`]: the front end substitutes
//! the arguments into the body text, as the preprocessor does, parses the result on its own and
//! lowers its statements in place of the use.
//!
//! Spans: text copied from an argument maps to where the argument is written; a node that
//! holds words of the macro body maps to the whole use (the macro name and its arguments); a
//! node made of argument text and the body's punctuation only (`&t` for a parameter `t`) maps
//! to the arguments in it, so that a handle is named as written at the use. Through nested
//! macros, argument text keeps the pieces it had in the outer expansion.
//!
//! What cannot be expanded exactly (`##`, `__VA_OPT__`, a wrong number of arguments, a body
//! that does not parse once substituted, a macro inside its own expansion, past the budgets)
//! is lowered as written, as before: a call of an unknown function.

use std::collections::HashMap;
use std::rc::Rc;

use tree_sitter::Node;

use super::kinds as k;
use super::lex::{block_comment_end, comment_ranges, is_ident, line_comment_end, literal_end};
use super::{FileCtx, Lowerer, MacroBody, MacroState, SpanMode};
use crate::source::Span;

/// How many uses of statement macros one file's analysis expands in all, nested ones and
/// those expanded again to find what a label may see assigned included. In bytes, the
/// expansions may come to what is parsed of the file itself ([`super::COptions`]'s
/// `max_bytes`), so that they at most double its lowering. The real trees measured need at
/// most 334 uses and 135 KiB in one file; a file that spends all 5,000 takes 0.3 s
/// (BENCHMARKS.md, "Statement macros").
pub(super) const MAX_EXPANSIONS: usize = 5_000;
/// How deep statement macros nest inside each other's expansions.
pub(super) const MAX_NESTING: usize = 32;

const PREFIX: &str = "void __mpi_dtype_lint_statement_macro(void) {";
const SUFFIX: &str = "\n;}\n";

/// The definition of a macro whose body is a statement.
#[derive(Debug)]
pub(super) struct StatementBody {
    /// `Some` for a function-like macro (without the `...`).
    pub params: Option<Vec<String>>,
    pub variadic: bool,
    /// The body without its comments and line continuations.
    pub text: String,
}

/// What a byte range of an expansion maps to in the main text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PieceKind {
    /// Text of a macro body: its words map to the span of the macro's use.
    Body(Span),
    /// Argument text that maps byte for byte, starting at this offset of the main text.
    Linear(usize),
    /// Argument text that maps to one span (it came through a header).
    Fixed(Span),
}

#[derive(Debug)]
struct Piece {
    start: usize,
    end: usize,
    kind: PieceKind,
}

/// The span map of an expansion: its pieces in order, and the span of the use.
#[derive(Debug)]
pub(super) struct PieceMap {
    pieces: Vec<Piece>,
    whole: Span,
}

impl PieceMap {
    /// The span in the main text of `start..end` of the expansion `text`: the hull of what
    /// its argument text and its body words map to (body punctuation maps to nothing, unless
    /// there is nothing else).
    pub(super) fn span(&self, start: usize, end: usize, text: &str) -> Span {
        let bytes = text.as_bytes();
        let mut hull: Option<(usize, usize)> = None;
        let mut include = |span: Span| {
            hull = Some(match hull {
                Some((a, b)) => (a.min(span.start), b.max(span.end)),
                None => (span.start, span.end),
            });
        };
        let mut punctuation = None;
        let first = self.pieces.partition_point(|p| p.end <= start);
        for piece in &self.pieces[first..] {
            if piece.start >= end.max(start + 1) {
                break;
            }
            let (s, e) = (start.max(piece.start), end.min(piece.end).max(start));
            match piece.kind {
                PieceKind::Body(whole) => {
                    let words = bytes.get(s..e).unwrap_or(&[]).iter().any(|&c| {
                        c.is_ascii_alphanumeric() || c == b'_' || c == b'"' || c == b'\''
                    });
                    if words {
                        include(whole);
                    } else {
                        punctuation.get_or_insert(whole);
                    }
                }
                PieceKind::Linear(at) => {
                    include(Span::new(at + (s - piece.start), at + (e - piece.start)));
                }
                PieceKind::Fixed(span) => include(span),
            }
        }
        match hull {
            Some((s, e)) => Span::new(s, e),
            None => punctuation.unwrap_or(self.whole),
        }
    }

    /// The pieces of `start..end` of the expansion, relative to `start`.
    fn clip(&self, start: usize, end: usize) -> Vec<(usize, usize, PieceKind)> {
        let mut out = Vec::new();
        for piece in &self.pieces {
            let (s, e) = (start.max(piece.start), end.min(piece.end));
            if s >= e {
                continue;
            }
            let kind = match piece.kind {
                PieceKind::Linear(at) => PieceKind::Linear(at + (s - piece.start)),
                kind => kind,
            };
            out.push((s - start, e - start, kind));
        }
        out
    }
}

/// Builds an expansion and its pieces, up to a length.
struct Builder {
    text: String,
    pieces: Vec<Piece>,
    /// The span of the use.
    whole: Span,
    limit: usize,
    /// The expansion is longer than `limit`: the rest was not written.
    over: bool,
}

impl Builder {
    fn new(text: &str, whole: Span, limit: usize) -> Self {
        let mut b = Builder {
            text: String::new(),
            pieces: Vec::new(),
            whole,
            limit,
            over: false,
        };
        b.body(text);
        b
    }

    fn push(&mut self, s: &str, kind: PieceKind) {
        if s.is_empty() || self.over {
            return;
        }
        if self.text.len() + s.len() > self.limit {
            self.over = true;
            return;
        }
        let start = self.text.len();
        self.text.push_str(s);
        match self.pieces.last_mut() {
            Some(last) if last.kind == kind && matches!(kind, PieceKind::Body(_)) => {
                last.end = self.text.len();
            }
            _ => self.pieces.push(Piece {
                start,
                end: self.text.len(),
                kind,
            }),
        }
    }

    fn body(&mut self, s: &str) {
        self.push(s, PieceKind::Body(self.whole));
    }

    /// Argument text, with the pieces it has in the text being lowered.
    fn argument(&mut self, s: &str, parts: &[(usize, usize, PieceKind)]) {
        for &(start, end, kind) in parts {
            if let Some(part) = s.get(start..end) {
                self.push(part, kind);
            }
        }
    }
}

/// A macro argument: its byte range in the text being lowered.
#[derive(Clone, Copy, Debug)]
struct Argument {
    start: usize,
    end: usize,
}

/// The arguments between the parentheses of `inner` (the text inside them, at `base`), split
/// at the commas outside parentheses as the preprocessor does; blanks around each trimmed.
fn split_arguments(inner: &str, base: usize) -> Vec<Argument> {
    let b = inner.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    let mut i = 0;
    let push = |s: usize, e: usize, out: &mut Vec<Argument>| {
        let text = &inner[s..e];
        let lead = text.len() - text.trim_start().len();
        let trail = text.len() - text.trim_end().len();
        let (s, e) = (s + lead, (e - trail).max(s + lead));
        out.push(Argument {
            start: base + s,
            end: base + e,
        });
    };
    while i < b.len() {
        match b[i] {
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                push(start, i, &mut out);
                start = i + 1;
            }
            b'"' | b'\'' => {
                i = literal_end(b, i);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = block_comment_end(b, i);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = line_comment_end(b, i);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    push(start, b.len(), &mut out);
    out
}

/// `text` with each comment blanked (its newlines kept), as the preprocessor reads an
/// argument: the same length, so that offsets in it stay.
fn blank_comments(text: &str) -> String {
    let mut out = text.as_bytes().to_vec();
    for (start, end) in comment_ranges(text.as_bytes()) {
        for c in &mut out[start..end] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    }
    // Whole comments became blanks: the text is still UTF-8.
    String::from_utf8(out).unwrap_or_default()
}

/// The C string literal `#x` makes of an argument's text.
fn stringify(arg: &str) -> String {
    let mut out = String::from("\"");
    for word in arg.split_whitespace().collect::<Vec<_>>().join(" ").chars() {
        if word == '"' || word == '\\' {
            out.push('\\');
        }
        out.push(word);
    }
    out.push('"');
    out
}

/// What the uses expanded in one search for assigned names assign: by nesting depth, macro
/// name and argument text.
pub(super) type SeenUses = HashMap<(usize, String, Option<String>), Rc<[String]>>;

/// The identifiers in `text`.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
        .map(str::to_owned)
}

/// A use of a statement macro in the text being lowered.
pub(super) struct Use {
    name: String,
    /// The text between the parentheses of a function-like macro's use.
    args: Option<(usize, usize)>,
    /// The span of the whole use in the main text.
    whole: Span,
}

impl Lowerer<'_> {
    /// The statement macro an expression statement uses: `stmt`'s expression (`ERR`,
    /// `CHECK(x)`), or a use the pre-pass replaced by a `;` (`stmt` is that `;`).
    pub(super) fn statement_macro_use(&self, stmt: Node<'_>) -> Option<Use> {
        if stmt.kind() != k::EXPRESSION_STATEMENT {
            return None;
        }
        let u = match stmt.named_child(0) {
            Some(expr) => self.use_of_expression(expr)?,
            None => {
                let end = *self.file.replaced_uses.get(&stmt.start_byte())?;
                self.use_of_replaced(stmt.start_byte(), end)?
            }
        };
        self.statement_body(&u)?;
        Some(u)
    }

    fn use_of_expression(&self, expr: Node<'_>) -> Option<Use> {
        let (name_node, args) = match expr.kind() {
            k::IDENTIFIER => (expr, None),
            k::CALL_EXPRESSION => {
                let function = expr.child_by_field_name(k::F_FUNCTION)?;
                let list = expr.child_by_field_name(k::F_ARGUMENTS)?;
                let args = (list.start_byte() + 1, list.end_byte().saturating_sub(1));
                (function.kind() == k::IDENTIFIER).then_some((function, Some(args)))?
            }
            _ => return None,
        };
        Some(Use {
            name: self.text(name_node).to_owned(),
            args,
            whole: self.span(expr),
        })
    }

    /// A use the pre-pass replaced (`NAME` or `NAME(...)` at `start..end`).
    fn use_of_replaced(&self, start: usize, end: usize) -> Option<Use> {
        let text = self.file.original.get(start..end)?;
        let name_len = text
            .bytes()
            .position(|c| !is_ident(c))
            .unwrap_or(text.len());
        let args = text[name_len..]
            .find('(')
            .filter(|_| text.ends_with(')'))
            .map(|open| (start + name_len + open + 1, end - 1));
        Some(Use {
            name: text[..name_len].to_owned(),
            args,
            whole: self.span_of(start, end),
        })
    }

    /// The definition a use expands, when it is a statement macro that may be expanded here.
    fn statement_body(&self, u: &Use) -> Option<Rc<StatementBody>> {
        let MacroState::Defined {
            body:
                MacroBody {
                    statement: Some(body),
                    ..
                },
            ..
        } = self.macros.state(&u.name)
        else {
            return None;
        };
        let nested = self.expanding.contains(&u.name);
        (body.params.is_some() == u.args.is_some() && !nested).then_some(body)
    }

    /// The expansion of a use, parsed: the tree and the file context to walk it with. `None`
    /// when it cannot be expanded exactly.
    fn expansion(&mut self, u: &Use) -> Option<(tree_sitter::Tree, FileCtx)> {
        let body = self.statement_body(u)?;
        let name = &u.name;
        if self.expanding.len() >= MAX_NESTING {
            return None;
        }
        let args = match u.args {
            Some((s, e)) => {
                let inner = self.file.original.get(s..e.max(s))?;
                let mut args = split_arguments(inner, s);
                // `F()` passes no argument to a macro without parameters.
                if body.params.as_ref().is_some_and(Vec::is_empty)
                    && args.len() == 1
                    && args[0].start == args[0].end
                {
                    args.clear();
                }
                args
            }
            None => Vec::new(),
        };
        let params: &[String] = body.params.as_deref().unwrap_or(&[]);
        let arity_ok = if body.variadic {
            args.len() >= params.len()
        } else {
            args.len() == params.len()
        };
        if !arity_ok {
            return None;
        }
        let whole = u.whole;
        let max_bytes = self.options.max_bytes;
        let mut within_budget = !self.expansion_budget.exhausted();
        let mut built = Builder::new(PREFIX, whole, max_bytes);
        if within_budget {
            self.substitute(&body, &args, &mut built)?;
            built.body(SUFFIX);
            let bytes = if built.over {
                usize::MAX
            } else {
                built.text.len()
            };
            within_budget = self.expansion_budget.take(bytes);
        }
        if !within_budget {
            // Only the first use refused tells: the others follow from it.
            let note = self.expansion_budget.refusal_note(|| {
                format!(
                    "`{name}` and every statement macro used after it not expanded: this \
                     file's expansions come to more than {MAX_EXPANSIONS} uses or {} KiB in \
                     all; what they do is unknown",
                    max_bytes >> 10
                )
            });
            if let Some(note) = note {
                self.note(whole, note);
            }
            return None;
        }
        let Builder {
            text: src, pieces, ..
        } = built;
        let spans = match self.file.spans {
            SpanMode::Fixed(span) => SpanMode::Fixed(span),
            _ => SpanMode::Pieces(Rc::new(PieceMap { pieces, whole })),
        };
        let (tree, ctx) = self.parse(&src, spans, true)?;
        let root = tree.root_node();
        let function_ok = root
            .named_child(0)
            .is_some_and(|f| f.kind() == k::FUNCTION_DEFINITION && f.start_byte() == 0);
        if root.has_error() || root.named_child_count() != 1 || !function_ok {
            return None;
        }
        Some((tree, ctx))
    }

    /// The body with the arguments substituted; `None` for what is not modelled (`##`,
    /// `__VA_OPT__`, `#` before something other than a parameter).
    fn substitute(&self, body: &StatementBody, args: &[Argument], out: &mut Builder) -> Option<()> {
        let params: &[String] = body.params.as_deref().unwrap_or(&[]);
        let text = &body.text;
        let b = text.as_bytes();
        let original = Rc::clone(&self.file.original);
        let argument_text =
            |a: Argument| blank_comments(original.get(a.start..a.end).unwrap_or(""));
        // `__VA_ARGS__`: from the first variadic argument to the last, commas included.
        let variadic = match args.get(params.len()..) {
            Some([first, .., last]) => Some(Argument {
                start: first.start,
                end: last.end,
            }),
            Some([only]) => Some(*only),
            _ => None,
        };
        let param_at = |word: &str| -> Option<Option<Argument>> {
            if let Some(i) = params.iter().position(|p| p == word) {
                return Some(Some(args[i]));
            }
            (body.variadic && word == "__VA_ARGS__").then_some(variadic)
        };
        let mut i = 0;
        while i < b.len() && !out.over {
            match b[i] {
                b'#' if b.get(i + 1) == Some(&b'#') => return None,
                b'#' if body.params.is_some() => {
                    let mut j = i + 1;
                    while j < b.len() && (b[j] == b' ' || b[j] == b'\t') {
                        j += 1;
                    }
                    let end = (j..b.len()).find(|&e| !is_ident(b[e])).unwrap_or(b.len());
                    let arg = param_at(&text[j..end])?;
                    out.body(&stringify(&arg.map(argument_text).unwrap_or_default()));
                    i = end;
                }
                b'"' | b'\'' => {
                    let end = literal_end(b, i);
                    out.body(&text[i..end]);
                    i = end;
                }
                c if is_ident(c) => {
                    let end = (i..b.len()).find(|&e| !is_ident(b[e])).unwrap_or(b.len());
                    let word = &text[i..end];
                    if word == "__VA_OPT__" {
                        return None;
                    }
                    match param_at(word) {
                        Some(Some(arg)) => {
                            let parts = self.argument_parts(arg.start, arg.end);
                            out.argument(&argument_text(arg), &parts);
                        }
                        Some(None) => {}
                        None => out.body(word),
                    }
                    i = end;
                }
                _ => {
                    let end = (i + 1..=b.len())
                        .find(|&e| text.is_char_boundary(e))
                        .unwrap_or(b.len());
                    out.body(&text[i..end]);
                    i = end;
                }
            }
        }
        Some(())
    }

    /// Where argument text at `start..end` of the text being lowered maps in the main text:
    /// its pieces, relative to `start`.
    fn argument_parts(&self, start: usize, end: usize) -> Vec<(usize, usize, PieceKind)> {
        let kind = match &self.file.spans {
            SpanMode::Pieces(map) => return map.clip(start, end),
            SpanMode::Shift { .. } => PieceKind::Linear(self.span_of(start, start).start),
            SpanMode::Fixed(span) => PieceKind::Fixed(*span),
        };
        vec![(0, end - start, kind)]
    }

    /// Lowers the statement macro the expression statement `stmt` uses, in place of the use;
    /// `false` (nothing lowered) when it uses none or it cannot be expanded.
    pub(super) fn lower_statement_macro(
        &mut self,
        stmt: Node<'_>,
        out: &mut Vec<crate::ir::Stmt>,
    ) -> bool {
        let Some(u) = self.statement_macro_use(stmt) else {
            return false;
        };
        let Some((tree, ctx)) = self.expansion(&u) else {
            return false;
        };
        if self.expanding.is_empty() && !matches!(self.file.spans, SpanMode::Fixed(_)) {
            self.program.macro_uses.push(u.whole);
        }
        let outer = self.swap_file(ctx);
        self.outer_files.push(outer);
        self.expanding.push(u.name);
        if let Some(body) = tree
            .root_node()
            .named_child(0)
            .and_then(|f| f.child_by_field_name(k::F_BODY))
        {
            self.lower_stmt_children(body, out);
        }
        self.expanding.pop();
        if let Some(outer) = self.outer_files.pop() {
            self.file = outer;
        }
        true
    }

    /// The names the expansion of `u` assigns (for `Opaque` statements around it); when it is
    /// not expanded (it is then lowered as a call), every name in the use. A use written alike
    /// at the same depth assigns the same names: `seen` has them after the first.
    pub(super) fn expansion_assigned_names(&mut self, u: Use, seen: &mut SeenUses) -> Rc<[String]> {
        let arguments = u
            .args
            .and_then(|(s, e)| self.file.original.get(s..e))
            .map(str::to_owned);
        let key = (self.expanding.len(), u.name.clone(), arguments);
        if let Some(names) = seen.get(&key) {
            return Rc::clone(names);
        }
        let names: Rc<[String]> = match self.expansion(&u) {
            Some((tree, ctx)) => {
                let saved = self.swap_file(ctx);
                self.expanding.push(u.name);
                let names = self.assigned_names_in(tree.root_node(), seen);
                self.expanding.pop();
                self.file = saved;
                names.into()
            }
            None => words(&u.name)
                .chain(key.2.iter().flat_map(|a| words(a)))
                .collect(),
        };
        seen.insert(key, Rc::clone(&names));
        names
    }

    /// Every name in the text of the use the pre-pass replaced at `start` (what it may assign,
    /// at most); none when there is no such use.
    pub(super) fn replaced_use_names(&self, start: usize) -> Vec<String> {
        let Some(text) = self
            .file
            .replaced_uses
            .get(&start)
            .and_then(|&end| self.file.original.get(start..end))
        else {
            return Vec::new();
        };
        words(text).collect()
    }

    /// A use the pre-pass replaced by a `;` that cannot be expanded: as written, a call of an
    /// unknown function (its arguments evaluated) or a name.
    pub(super) fn lower_replaced_use(&mut self, stmt: Node<'_>, out: &mut Vec<crate::ir::Stmt>) {
        let start = stmt.start_byte();
        let Some(&end) = self.file.replaced_uses.get(&start) else {
            return;
        };
        let Some(text) = self.file.original.get(start..end).map(str::to_owned) else {
            return;
        };
        let e = self.lower_fragment_expr(&text, start);
        let span = self.span_of(start, end);
        if matches!(e.kind, crate::ir::ExprKind::Unknown) {
            // Its arguments may still assign: forget what it names.
            let names = self.replaced_use_names(start);
            out.push(self.opaque(names, span));
            return;
        }
        out.push(crate::ir::Stmt {
            kind: crate::ir::StmtKind::Eval(e),
            span,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_split_like_the_preprocessor() {
        let text = " a , f(b, c) ,\"x,)\" , /* , */ d ";
        let args: Vec<&str> = split_arguments(text, 10)
            .iter()
            .map(|a| &text[a.start - 10..a.end - 10])
            .collect();
        assert_eq!(args, ["a", "f(b, c)", "\"x,)\"", "/* , */ d"]);
        assert_eq!(split_arguments("", 0).len(), 1);
        let text = "a, // b, c\n d";
        let args: Vec<&str> = split_arguments(text, 0)
            .iter()
            .map(|a| &text[a.start..a.end])
            .collect();
        assert_eq!(args, ["a", "// b, c\n d"]);
    }

    #[test]
    fn comments_in_arguments_are_blanks() {
        assert_eq!(
            blank_comments("a /* x\ny */ + \"/*\" // z\n b"),
            "a     \n     + \"/*\"     \n b"
        );
    }

    #[test]
    fn stringified_arguments() {
        assert_eq!(stringify(" a  +\n b "), "\"a + b\"");
        assert_eq!(stringify("\"s\\n\""), "\"\\\"s\\\\n\\\"\"");
    }

    #[test]
    fn spans_of_arguments_body_words_and_punctuation() {
        // `F(v)` at 100..104 of the main text, with `v` at 102; body `g(&x);` with x -> v.
        let whole = Span::new(100, 104);
        let mut b = Builder::new("g(&", whole, usize::MAX);
        b.argument("v", &[(0, 1, PieceKind::Linear(102))]);
        b.body(");");
        let map = PieceMap {
            pieces: b.pieces,
            whole,
        };
        let text = b.text;
        assert_eq!(map.span(2, 4, &text), Span::new(102, 103)); // `&v`
        assert_eq!(map.span(3, 4, &text), Span::new(102, 103)); // `v`
        assert_eq!(map.span(0, 5, &text), whole); // `g(&v)`
        assert_eq!(map.span(0, 1, &text), whole); // `g`
        assert_eq!(map.span(5, 6, &text), whole); // `;`
                                                  // Nested: `&v` passed on to a macro used in that body keeps its pieces there (`&` of
                                                  // the outer body, `v` of the outer argument), so the inner `&v` is still `v`.
        let parts = map.clip(2, 4);
        assert_eq!(
            parts,
            [
                (0, 1, PieceKind::Body(whole)),
                (1, 2, PieceKind::Linear(102))
            ]
        );
        let inner_whole = Span::new(100, 104);
        let mut inner = Builder::new("k(", inner_whole, usize::MAX);
        inner.argument("&v", &parts);
        inner.body(");");
        let inner_map = PieceMap {
            pieces: inner.pieces,
            whole: inner_whole,
        };
        assert_eq!(inner_map.span(2, 4, &inner.text), Span::new(102, 103)); // `&v`
    }
}
