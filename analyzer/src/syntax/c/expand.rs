//! Macros in code, expanded where they are used: a statement, a declaration, a condition or a
//! file-scope declaration whose text uses a macro is expanded as the preprocessor expands it
//! ([`super::cpp`], with the macros in force at that point of the file), the result is parsed on
//! its own, and that tree is lowered in place of the original. So `MPI_##T`, a type name as an
//! argument (`BYTES(long double)`, which tree-sitter cannot parse as written), a macro that
//! declares (`FIELD(pos, 3, 0);`), one that expands to a statement (`do { ... } while (0)`),
//! and a macro redefined or `#undef`'d between two uses all read as the compiler reads them.
//!
//! Spans: a token copied from the text maps to where it is written; a token the expansion made
//! maps to the whole use (the macro's name and its arguments), so that a value from a macro
//! points at its use; a node made of both maps to the hull of its copied tokens and of the uses
//! of the words in it (the body's punctuation alone maps to nothing, so `&t` for a parameter `t`
//! is the argument as written).
//!
//! What cannot be expanded exactly (see [`super::cpp`]), an expansion that does not parse, and
//! anything past the file's budget is refused: a statement is then lowered as written, where
//! each expression that uses a macro is unknown.

use std::collections::HashMap;
use std::rc::Rc;

use tree_sitter::{Node, Tree};

use super::cpp::{Expander, Lookup, Refusal};
use super::kinds as k;
use super::tokens::{tokenize, Origin, Token};
use super::{FileCtx, Lowerer, MacroState, SpanMode};
use crate::source::Span;

/// How many pieces of code one file's analysis expands in all (each statement, condition or
/// declaration that uses macros counts once; those expanded again to find what a label may see
/// assigned too). In bytes, the expansions may come to what is parsed of the file itself
/// ([`super::COptions`]'s `max_bytes`), so that they at most double its lowering.
pub(super) const MAX_EXPANSIONS: usize = 20_000;

pub(super) const STATEMENTS_PREFIX: &str = "void __mpi_dtype_lint_statement_macro(void) {";
const STATEMENTS_SUFFIX: &str = "\n;}\n";
pub(super) const EXPRESSION_PREFIX: &str = "int __mpi_dtype_lint_fragment = (";
pub(super) const EXPRESSION_SUFFIX: &str = "\n);\n";

/// What an expansion is parsed as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Unit {
    /// Statements of a function body.
    Statements,
    /// One expression.
    Expression,
    /// Declarations at file scope.
    TopItems,
}

/// A piece of code, expanded.
pub(super) enum Expansion {
    /// It uses no macro (or lies in an expansion already): lowered as parsed.
    Clean,
    /// It uses macros that are not expanded exactly here.
    Refused,
    /// Expanded and parsed on its own.
    Parsed(Tree, Box<FileCtx>),
}

/// What a byte range of an expansion maps to in the main text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PieceKind {
    /// Made by an expansion: its words map to the span of the macro's use.
    Body(Span),
    /// Text that maps byte for byte, starting at this offset of the main text.
    Linear(usize),
    /// Text that maps to one span (it came through a header).
    Fixed(Span),
}

#[derive(Debug)]
struct Piece {
    start: usize,
    end: usize,
    kind: PieceKind,
}

/// The span map of an expansion: its pieces in order, and the span of the whole.
#[derive(Debug)]
pub(super) struct PieceMap {
    pieces: Vec<Piece>,
    whole: Span,
}

impl PieceMap {
    /// The span in the main text of `start..end` of the expansion `text`: the hull of what
    /// its copied text and its made words map to (made punctuation maps to nothing, unless
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
}

/// Builds an expansion's text and its pieces, up to a length.
struct Builder {
    text: String,
    pieces: Vec<Piece>,
    limit: usize,
    /// The text is longer than `limit`: the rest was not written.
    over: bool,
}

impl Builder {
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
        let end = self.text.len();
        // A piece continues the last one when it is more of the same body, or the text that
        // follows the last piece's text.
        let continues = |last: &Piece| match (last.kind, kind) {
            (PieceKind::Body(a), PieceKind::Body(b)) => a == b,
            (PieceKind::Linear(a), PieceKind::Linear(b)) => a + (last.end - last.start) == b,
            _ => false,
        };
        match self.pieces.last_mut() {
            Some(last) if continues(last) => last.end = end,
            _ => self.pieces.push(Piece { start, end, kind }),
        }
    }
}

/// The identifiers in `text`.
pub(super) fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
}

/// What the code met in one search for assigned names assigns, by its text (expanded with
/// the macros in force where the search is made).
pub(super) type SeenExpansions = HashMap<(String, Unit), Rc<[String]>>;

impl Lowerer<'_> {
    /// What a name is at the point being lowered.
    fn lookup(&self, name: &str) -> Lookup {
        match self.macros.get(name) {
            Some(MacroState::Defined { body, .. } | MacroState::MaybeDefined { body }) => {
                Lookup::Macro(Rc::clone(&body.definition))
            }
            Some(MacroState::Uncertain) => Lookup::Unknown,
            Some(MacroState::Undefined) | None => Lookup::Plain,
        }
    }

    /// Whether `name` is a macro whose definition is known here.
    pub(super) fn is_defined_macro(&self, name: &str) -> bool {
        matches!(self.lookup(name), Lookup::Macro(_))
    }

    /// Whether `node` is the use of a macro (a name, or a call by name) that may be one here.
    pub(super) fn is_macro_use(&self, node: Node<'_>) -> bool {
        let name = match node.kind() {
            k::IDENTIFIER => Some(node),
            k::CALL_EXPRESSION => node
                .child_by_field_name(k::F_FUNCTION)
                .filter(|f| f.kind() == k::IDENTIFIER),
            _ => None,
        };
        name.is_some_and(|n| !matches!(self.lookup(self.text(n)), Lookup::Plain))
    }

    /// The bytes the code at `node` stands for: its own, or, for a statement the pre-pass
    /// replaced by a `;` (a statement macro's use before a directive), the use's.
    pub(super) fn code_range(&self, node: Node<'_>) -> (usize, usize) {
        let start = node.start_byte();
        match self.file.replaced_uses.get(&start) {
            Some(&end)
                if node.kind() == k::EXPRESSION_STATEMENT && node.named_child_count() == 0 =>
            {
                (start, end)
            }
            _ => (start, node.end_byte()),
        }
    }

    /// Expands the code at `start..end` of the text being lowered and parses it as `unit`.
    pub(super) fn expansion(&mut self, start: usize, end: usize, unit: Unit) -> Expansion {
        let clean = &self.file.clean;
        if !self.file.expands || (clean.start <= start && end <= clean.end) {
            return Expansion::Clean;
        }
        let original = Rc::clone(&self.file.original);
        let Some(tokens) = original.get(start..end).and_then(|t| tokenize(t, start)) else {
            return Expansion::Refused;
        };
        let lookup = |name: &str| self.lookup(name);
        // A token takes at least two bytes of the text (itself and a blank).
        let mut expander = Expander {
            lookup: &lookup,
            budget: self.expansion_budget.bytes_left() / 2,
        };
        let expanded = match expander.expand_text(tokens) {
            Ok(Some(expanded)) => expanded,
            Ok(None) => return Expansion::Clean,
            Err(Refusal::Inexact) => return Expansion::Refused,
            Err(Refusal::Budget) => {
                self.refuse_over_budget(start, end);
                return Expansion::Refused;
            }
        };
        let (prefix, suffix) = match unit {
            Unit::Statements => (STATEMENTS_PREFIX, STATEMENTS_SUFFIX),
            Unit::Expression => (EXPRESSION_PREFIX, EXPRESSION_SUFFIX),
            Unit::TopItems => ("", "\n"),
        };
        let whole = self.span_of(start, end);
        let mut built = Builder {
            text: String::new(),
            pieces: Vec::new(),
            limit: self.options.max_bytes,
            over: false,
        };
        built.push(prefix, PieceKind::Body(whole));
        self.write_tokens(&expanded.tokens, &original, &mut built);
        built.push(suffix, PieceKind::Body(whole));
        let bytes = if built.over {
            usize::MAX
        } else {
            built.text.len()
        };
        if !self.expansion_budget.take(bytes) {
            self.refuse_over_budget(start, end);
            return Expansion::Refused;
        }
        let spans = match self.file.spans {
            SpanMode::Fixed(span) => SpanMode::Fixed(span),
            _ => SpanMode::Pieces(Rc::new(PieceMap {
                pieces: built.pieces,
                whole,
            })),
        };
        let Some((tree, mut ctx)) = self.parse(&built.text, spans, true) else {
            return Expansion::Refused;
        };
        let root = tree.root_node();
        let shaped = match unit {
            Unit::Statements => {
                root.named_child_count() == 1
                    && root
                        .named_child(0)
                        .is_some_and(|f| f.kind() == k::FUNCTION_DEFINITION && f.start_byte() == 0)
            }
            Unit::Expression => expression_of(root).is_some(),
            Unit::TopItems => true,
        };
        if root.has_error() || !shaped {
            return Expansion::Refused;
        }
        if !matches!(self.file.spans, SpanMode::Fixed(_)) {
            for &(s, e) in &expanded.uses {
                let span = self.span_of(s, e);
                self.program.macro_uses.push(span);
            }
        }
        ctx.expands = false;
        Expansion::Parsed(tree, Box::new(ctx))
    }

    /// Spends the expansion budget (nothing is expanded from here on), with a note (once) at
    /// the code at `start..end`.
    fn refuse_over_budget(&mut self, start: usize, end: usize) {
        self.expansion_budget.take(usize::MAX);
        let max_bytes = self.options.max_bytes;
        let note = self.expansion_budget.refusal_note(|| {
            format!(
                "macros here and after not expanded: this file's expansions come to more \
                 than {MAX_EXPANSIONS} pieces of code or {} KiB in all; what they do is unknown",
                max_bytes >> 10
            )
        });
        if let Some(note) = note {
            let span = self.span_of(start, end);
            self.note(span, note);
        }
    }

    /// Writes the tokens of an expansion: tokens copied from consecutive places of the text
    /// keep what separates them there (line breaks and comments included), others one blank.
    fn write_tokens(&self, tokens: &[Token], original: &str, out: &mut Builder) {
        let mut previous: Option<&Token> = None;
        for token in tokens {
            let separator = match (previous.map(|p| p.origin), token.origin) {
                (None, _) => None,
                (Some(Origin::Text(p)), Origin::Text(at)) => {
                    let gap_start = p + previous.map_or(0, |t| t.text.len());
                    original
                        .get(gap_start..at)
                        .filter(|gap| tokenize(gap, 0).is_some_and(|t| t.is_empty()))
                        .map(|gap| (gap, self.text_piece(gap_start)))
                }
                _ => Some((" ", self.piece_of(token))),
            };
            match separator {
                Some((gap, kind)) => out.push(gap, kind),
                None if previous.is_some() => out.push(" ", self.piece_of(token)),
                None => {}
            }
            out.push(&token.text, self.piece_of(token));
            previous = Some(token);
        }
    }

    /// The piece of the main text a token stands for.
    fn piece_of(&self, token: &Token) -> PieceKind {
        match token.origin {
            Origin::Text(at) => self.text_piece(at),
            Origin::Made(start, end) => PieceKind::Body(self.span_of(start, end)),
        }
    }

    /// The piece of the main text at byte `at` of the text being lowered.
    fn text_piece(&self, at: usize) -> PieceKind {
        match &self.file.spans {
            SpanMode::Fixed(span) => PieceKind::Fixed(*span),
            _ => PieceKind::Linear(self.span_of(at, at).start),
        }
    }

    /// Lowers the code at `node` as `unit`: when it uses macros, the root of its expansion
    /// with `expanded` (in the expansion's file context); else as written with `written`, told
    /// whether it is clean (uses no macro) or its expansion was refused.
    pub(super) fn lower_expanding<T>(
        &mut self,
        node: Node<'_>,
        unit: Unit,
        expanded: impl FnOnce(&mut Self, Node<'_>) -> T,
        written: impl FnOnce(&mut Self, bool) -> T,
    ) -> T {
        let (start, end) = self.code_range(node);
        match self.expansion(start, end, unit) {
            Expansion::Parsed(tree, ctx) => {
                // Its syntax errors were the macros' (a type name given to one).
                if node.has_error() {
                    self.file.repaired.push(node.byte_range());
                }
                let outer = self.swap_file(*ctx);
                let saved = self.outer_file.replace(outer);
                let result = expanded(self, tree.root_node());
                if let Some(outer) = std::mem::replace(&mut self.outer_file, saved) {
                    self.file = outer;
                }
                result
            }
            Expansion::Clean => {
                let saved = std::mem::replace(&mut self.file.clean, start..end);
                let result = written(self, true);
                self.file.clean = saved;
                result
            }
            Expansion::Refused => written(self, false),
        }
    }

    /// The names what the code at `node` assigns when it uses macros (what its expansion
    /// assigns, or every name written in it when it cannot be expanded), as a statement
    /// (`Unit::Statements`) or a condition (`Unit::Expression`); `None` when it uses none.
    /// Code alike at the same place is expanded once per search (`seen`).
    pub(super) fn expansion_assigned_names(
        &mut self,
        node: Node<'_>,
        unit: Unit,
        seen: &mut SeenExpansions,
    ) -> Option<Rc<[String]>> {
        let (start, end) = self.code_range(node);
        let text = self.file.original.get(start..end).unwrap_or("");
        let key = (text.to_owned(), unit);
        if let Some(names) = seen.get(&key) {
            return Some(Rc::clone(names));
        }
        let names: Rc<[String]> = match self.expansion(start, end, unit) {
            Expansion::Clean => return None,
            Expansion::Parsed(tree, ctx) => {
                let saved = self.swap_file(*ctx);
                let names = self.assigned_names_in(tree.root_node(), seen);
                self.file = saved;
                names.into()
            }
            Expansion::Refused => words(&key.0).map(str::to_owned).collect(),
        };
        seen.insert(key, Rc::clone(&names));
        Some(names)
    }

    /// Whether the statement at `node` uses macros whose expansion may hold a `continue`.
    pub(super) fn expansion_may_continue(&mut self, node: Node<'_>) -> bool {
        let (start, end) = self.code_range(node);
        match self.expansion(start, end, Unit::Statements) {
            Expansion::Clean => false,
            Expansion::Refused => true,
            Expansion::Parsed(_, ctx) => words(&ctx.text).any(|w| w == "continue"),
        }
    }
}

/// How the code at `node` is expanded, when it is expanded as one piece: a statement that
/// holds no other statement, or the condition (the header part, the case value) of one that
/// does, known by the kind of its parent and the field it is in there (asking a node for its
/// parent costs the depth of the tree).
pub(super) fn expansion_unit(
    node: Node<'_>,
    parent: Option<&str>,
    field: Option<&str>,
) -> Option<Unit> {
    match node.kind() {
        k::EXPRESSION_STATEMENT | k::DECLARATION | k::RETURN_STATEMENT | k::ERROR => {
            return Some(Unit::Statements)
        }
        k::COMMENT => return None,
        _ => {}
    }
    let fields: &[&str] = match parent? {
        k::IF_STATEMENT | k::WHILE_STATEMENT | k::DO_STATEMENT | k::SWITCH_STATEMENT => {
            &[k::F_CONDITION]
        }
        k::FOR_STATEMENT => &[k::F_INITIALIZER, k::F_CONDITION, k::F_UPDATE],
        k::CASE_STATEMENT => &[k::F_VALUE],
        _ => return None,
    };
    fields.contains(&field?).then_some(Unit::Expression)
}

/// The expression an expansion parsed as [`Unit::Expression`] holds (`root` is its tree's).
pub(super) fn expression_of(root: Node<'_>) -> Option<Node<'_>> {
    let declaration = root.named_child(0).filter(|d| d.kind() == k::DECLARATION)?;
    let value = declaration
        .child_by_field_name(k::F_DECLARATOR)
        .filter(|d| d.kind() == k::INIT_DECLARATOR)
        .and_then(|d| d.child_by_field_name(k::F_VALUE))
        .filter(|v| {
            v.kind() == k::PARENTHESIZED_EXPRESSION && v.start_byte() == EXPRESSION_PREFIX.len() - 1
        })?;
    let mut cursor = value.walk();
    let inner: Vec<Node<'_>> = value
        .named_children(&mut cursor)
        .filter(|c| c.kind() != k::COMMENT)
        .collect();
    match inner[..] {
        [only] if root.named_child_count() == 1 => Some(only),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_of_copied_text_made_words_and_punctuation() {
        // `F(v)` at 100..104 of the main text, with `v` at 102; expanded to `g(&v);`.
        let whole = Span::new(100, 104);
        let mut b = Builder {
            text: String::new(),
            pieces: Vec::new(),
            limit: usize::MAX,
            over: false,
        };
        b.push("g(&", PieceKind::Body(whole));
        b.push("v", PieceKind::Linear(102));
        b.push(");", PieceKind::Body(whole));
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
    }
}
