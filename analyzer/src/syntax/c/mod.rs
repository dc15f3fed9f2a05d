//! The C front end: one tree-sitter parse of the main text, one hand-written walk that lowers
//! it into [`crate::ir::Program`].
//!
//! What it models: function definitions, declarations with initializers, typedefs, structs and
//! unions (anywhere, with bit-fields, alignment and packing), enums (as constant declarations),
//! all statements, expressions, `#define`/`#undef`, `#include "..."` through an
//! [`IncludeResolver`], and `#if` evaluated against the macros known so far. Code that uses
//! macros is expanded where it stands, with the macros in force there, and lowered from its
//! expansion (`expand.rs`, `cpp.rs`).
//!
//! What it does not model becomes [`ExprKind::Unknown`] or [`StmtKind::Opaque`], never a guess,
//! and never a panic: parse errors become notes, and nesting deeper than [`MAX_DEPTH`] lowers to
//! `Unknown` / `Opaque` instead of overflowing the stack.

mod attributes;
pub(crate) mod cpp;
mod enums;
mod expand;
mod expr;
mod headers;
pub mod kinds;
mod lex;
pub(crate) mod literals;
mod memo;
pub(crate) mod prepass;
mod preproc;
mod recovery;
mod reparse;
pub(crate) use reparse::MainParse;
mod statement_macros;
mod stmt;
pub(crate) mod tokens;
mod types;

use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::sync::Arc;

use tree_sitter::{Node, Parser, Tree};

use super::preproc::Macros;
pub use super::IncludeResolver;
use super::TextBudget;
use super::{BoundedWalk, Depth};
use crate::fingerprint::Fingerprint;
use crate::ir::{Expr, ExprKind, PlacedFunction, Program, Stmt, StmtKind};
use crate::layout::Target;
use crate::source::{Note, Span};
pub(crate) use expr::binop;

use kinds as k;

/// How deep the lowering walk recurses (statements, expressions, types, `#if` nesting) before
/// lowering the rest of a subtree to `Unknown` / `Opaque`. Real code stays far below; this keeps
/// the walk well inside a 2 MiB thread stack.
pub(crate) const MAX_DEPTH: usize = 200;

/// Front-end options.
#[derive(Clone, Debug)]
pub struct COptions {
    /// `-D NAME[=VALUE]` from the configuration or `compile_commands.json`; `None` means `1`.
    pub defines: Vec<(String, Option<String>)>,
    /// How deep `#include "..."` nests (default 8).
    pub max_include_depth: usize,
    /// How much of a file (and of each header) is parsed: the analysis of a larger one stops
    /// at the last line that closes a block before this many bytes (default
    /// [`super::MAX_PARSED_BYTES`]).
    pub max_bytes: usize,
}

impl Default for COptions {
    fn default() -> Self {
        COptions {
            defines: Vec::new(),
            max_include_depth: 8,
            max_bytes: super::MAX_PARSED_BYTES,
        }
    }
}

/// Lowers one C translation unit (the main file's text) into the IR, with the standard headers
/// of `target`; the parse of a previous version of the text, when given, is parsed from. Also
/// returns this version's parse, for the next.
pub(crate) fn lower(
    text: &str,
    options: &COptions,
    target: Target,
    includes: &mut dyn IncludeResolver,
    previous: Option<&MainParse>,
) -> (Program, Option<MainParse>) {
    let mut lowerer = Lowerer::new(options, target, includes);
    lowerer.previous_parse = previous.cloned();
    lowerer.lower_command_line_defines();
    lowerer.lower_main(text, previous);
    PARSER.set(lowerer.parser.take());
    let functions = Arc::new(lowerer.finish_memo());
    let main_parse = lowerer.main_parse.map(|mut parse| {
        parse.functions = functions;
        parse
    });
    (lowerer.program, main_parse)
}

thread_local! {
    /// The parser of the lowerings on this thread: making one takes as long as reparsing a
    /// small edit.
    static PARSER: std::cell::Cell<Option<Parser>> = const { std::cell::Cell::new(None) };
}

/// A line that ends a function or a struct: where a file too large to parse whole is cut.
fn closes_block(line: &str) -> bool {
    line.starts_with('}')
}

/// How the spans of the file being lowered map to the main text.
#[derive(Clone, Debug)]
enum SpanMode {
    /// `offset - sub + add`, clamped to `add..add + len` (the main file is `0, 0, usize::MAX`;
    /// fragments parsed separately are shifted to where they came from).
    Shift { sub: usize, add: usize, len: usize },
    /// Everything maps to one span (declarations of an included header: the `#include` line).
    Fixed(Span),
    /// The expansion of a statement macro (see `expand.rs`).
    Pieces(Rc<expand::PieceMap>),
}

/// The text being walked: the main file, a header, or a fragment (macro body, offsetof index).
struct FileCtx {
    /// The text the tree was parsed from (after the same-length pre-pass).
    text: Rc<str>,
    /// The text before the pre-pass (for macro bodies and `offsetof` paths).
    original: Rc<str>,
    spans: SpanMode,
    /// A macro body or another piece parsed on its own, not a whole file.
    fragment: bool,
    /// Macros in its code are expanded (not in an expansion, nor in a macro's body).
    expands: bool,
    /// Bytes of it found to use no macro: the code inside is not looked at again.
    clean: std::ops::Range<usize>,
    /// Code with syntax errors whose expansion parsed (a macro given a type name).
    repaired: Vec<std::ops::Range<usize>>,
    complex_at: HashSet<usize>,
    offsetof_members: HashMap<usize, String>,
    hidden_attributes: HashMap<usize, std::ops::Range<usize>>,
    /// Statement macro uses the pre-pass replaced by a `;`: start → end.
    replaced_uses: HashMap<usize, usize>,
}

/// A macro's body in C terms: lowered as an expression (for `#if`), and its definition, which
/// code that uses the macro is expanded with.
#[derive(Clone, Debug)]
struct MacroBody {
    expr: Rc<Expr>,
    definition: Rc<cpp::Definition>,
    /// Of the parameters and the body's text: what a use of the macro expands to.
    fingerprint: Fingerprint,
}

/// What the C front end knows about a macro.
type MacroState = super::preproc::MacroState<MacroBody>;

struct Lowerer<'a> {
    program: Program,
    options: &'a COptions,
    /// Whose standard headers the code sees.
    target: Target,
    includes: &'a mut dyn IncludeResolver,
    file: FileCtx,
    /// The parser of every text the lowering parses whole, taken from [`PARSER`].
    parser: Option<Parser>,
    /// `#include` names being lowered (cycle guard) and headers with `#pragma once` done.
    include_stack: Vec<String>,
    included_once: HashSet<String>,
    /// The header being lowered has `#pragma once`.
    saw_pragma_once: bool,
    macros: Macros<MacroBody>,
    /// Macros that expand to a statement, as the pre-pass of the main file left them.
    statement_macros: statement_macros::StatementMacros,
    /// The text of each `#include "..."` asked for (the pre-pass reads headers before the
    /// lowering does).
    include_texts: HashMap<String, Option<Rc<str>>>,
    /// What the pre-pass and the lowering may still include, all headers together.
    include_budget: TextBudget,
    /// While an expansion is lowered: the text it was expanded from.
    outer_file: Option<FileCtx>,
    /// The main file's tree, where the function around a use is found from inside its
    /// expansion.
    main_tree: Option<Tree>,
    /// The previous version's parse, to parse this one from (`reparse.rs`).
    previous_parse: Option<MainParse>,
    /// This version's parse, for the next.
    main_parse: Option<MainParse>,
    /// What the expansions of code may still come to, all together.
    expansion_budget: TextBudget,
    typedef_names: crate::hash::HashSet<String>,
    enum_values: crate::hash::HashMap<String, i128>,
    /// How many times `enum_values` was changed (see `memo.rs`).
    enum_changes: usize,
    pack: Option<u32>,
    pack_stack: Vec<Option<u32>>,
    anon_counter: usize,
    depth: Depth,
    /// Enumerator declarations produced while lowering a type, waiting for the enclosing scope.
    pending: Vec<Stmt>,
    /// Variables assigned inside an expression (`if ((x = f()))`): the statement that contains
    /// it is preceded by an `Opaque` naming them.
    clobbers: Vec<String>,
    /// Names assigned anywhere in the function being lowered (for labels, lazily).
    function_body: Option<FunctionNames>,
    /// The stand-ins for the broken lines of the function being lowered (`recovery.rs`).
    stand_ins: Option<recovery::StandIns>,
    /// Lowering a header: function definitions are skipped.
    in_header: bool,
    memo: memo::Memo,
}

struct FunctionNames {
    names: Option<Vec<String>>,
    /// Where the function is in the main file.
    range: std::ops::Range<usize>,
}

impl<'a> Lowerer<'a> {
    fn new(options: &'a COptions, target: Target, includes: &'a mut dyn IncludeResolver) -> Self {
        let mut macros = Macros::default();
        macros.set("__cplusplus".to_owned(), MacroState::Undefined);
        Lowerer {
            program: Program::default(),
            options,
            target,
            includes,
            file: FileCtx {
                text: Rc::from(""),
                original: Rc::from(""),
                spans: SpanMode::Shift {
                    sub: 0,
                    add: 0,
                    len: usize::MAX,
                },
                fragment: false,
                expands: true,
                clean: 0..0,
                repaired: Vec::new(),
                complex_at: HashSet::new(),
                offsetof_members: HashMap::new(),
                hidden_attributes: HashMap::new(),
                replaced_uses: HashMap::new(),
            },
            parser: PARSER.take(),
            include_stack: Vec::new(),
            included_once: HashSet::new(),
            saw_pragma_once: false,
            macros,
            statement_macros: statement_macros::StatementMacros::default(),
            include_texts: HashMap::new(),
            include_budget: TextBudget::includes(),
            outer_file: None,
            main_tree: None,
            previous_parse: None,
            main_parse: None,
            expansion_budget: TextBudget::new(expand::MAX_EXPANSIONS, options.max_bytes),
            typedef_names: crate::hash::HashSet::default(),
            enum_values: crate::hash::HashMap::default(),
            enum_changes: 0,
            pack: None,
            pack_stack: Vec::new(),
            anon_counter: 0,
            depth: Depth::default(),
            pending: Vec::new(),
            clobbers: Vec::new(),
            function_body: None,
            stand_ins: None,
            in_header: false,
            memo: memo::Memo::default(),
        }
    }

    fn new_parser() -> Option<Parser> {
        let mut parser = Parser::new();
        parser.set_language(&tree_sitter_c::LANGUAGE.into()).ok()?;
        Some(parser)
    }

    /// The text of `#include "name"` (asked of the resolver once), each use taken from the
    /// include budget; `None` when not found or over the budget.
    fn include_text(&mut self, name: &str) -> Option<Rc<str>> {
        if self.include_budget.exhausted() {
            return None;
        }
        let text = match self.include_texts.get(name) {
            Some(text) => text.clone(),
            None => {
                let text: Option<Rc<str>> = self.includes.resolve(name).map(Rc::from);
                self.include_texts.insert(name.to_owned(), text.clone());
                text
            }
        }?;
        let parsed = super::parsed_prefix(&text, self.options.max_bytes, closes_block).len();
        self.include_budget.take(parsed).then_some(text)
    }

    /// Pre-passes and parses `text`; returns the tree and the file context to walk it with.
    /// The pre-pass of the main file also reads the headers it includes.
    fn parse(&mut self, text: &str, spans: SpanMode, fragment: bool) -> Option<(Tree, FileCtx)> {
        self.parse_with(text, spans, fragment, false)
    }

    fn parse_with(
        &mut self,
        text: &str,
        spans: SpanMode,
        fragment: bool,
        main: bool,
    ) -> Option<(Tree, FileCtx)> {
        // The previous pre-pass, with its output (the text its parse kept).
        let previous_prepass = self
            .previous_parse
            .as_ref()
            .and_then(|p| Some((p.prepass.clone()?, p.parse.text().clone())));
        let mut prepass = None;
        let pre = if main {
            let max_bytes = self.options.max_bytes;
            let max_depth = self.options.max_include_depth;
            let mut macros = std::mem::take(&mut self.statement_macros);
            let mut resolve = |name: &str| {
                let text = self.include_text(name)?;
                Some(Rc::from(super::parsed_prefix(
                    &text,
                    max_bytes,
                    closes_block,
                )))
            };
            let mut includes = prepass::Includes {
                resolve: &mut resolve,
                max_depth,
                seen: HashSet::new(),
                read: Default::default(),
            };
            let previous = previous_prepass.as_ref().map(|(p, text)| (&**p, &**text));
            let (pre, kept) = prepass::prepass_main(text, &mut macros, &mut includes, previous);
            self.statement_macros = macros;
            prepass = Some(Arc::new(kept));
            pre
        } else {
            prepass::prepass(text, &mut self.statement_macros, None)
        };
        let mut parser = self.parser.take().or_else(Self::new_parser)?;
        // Nothing of a parse that did not finish is resumed.
        parser.reset();
        let tree = if main {
            self.parse_main(&mut parser, &pre.text, prepass)
        } else {
            parser.parse(&pre.text, None)
        };
        self.parser = Some(parser);
        let tree = tree?;
        let ctx = FileCtx {
            text: Rc::from(pre.text),
            original: Rc::from(text),
            spans,
            fragment,
            expands: !fragment,
            clean: 0..0,
            repaired: Vec::new(),
            complex_at: pre.complex_at,
            offsetof_members: pre.offsetof_members,
            hidden_attributes: pre.hidden_attributes,
            replaced_uses: pre.replaced_uses,
        };
        Some((tree, ctx))
    }

    fn lower_main(&mut self, text: &str, previous: Option<&MainParse>) {
        let parsed = super::parsed_prefix(text, self.options.max_bytes, closes_block);
        if parsed.len() < text.len() {
            self.note(
                Span::new(parsed.len(), text.len()),
                format!(
                    "the file is larger than {} KiB: only the first {} bytes are analysed",
                    self.options.max_bytes >> 10,
                    parsed.len()
                ),
            );
        }
        let text = parsed;
        let main = SpanMode::Shift {
            sub: 0,
            add: 0,
            len: usize::MAX,
        };
        let Some((tree, ctx)) = self.parse_with(text, main, false, true) else {
            self.note(
                Span::new(0, text.len()),
                "could not parse the file".to_owned(),
            );
            return;
        };
        self.file = ctx;
        self.start_memo(previous);
        self.main_tree = Some(tree.clone());
        let root = tree.root_node();
        // The whole file failed to parse as one unit; its pieces are still read one by one.
        if root.is_error() {
            let span = self.span(root);
            self.note(
                span,
                "syntax errors throughout the file: what could be read is used".to_owned(),
            );
        }
        self.lower_main_items_recovering(root, text.len());
    }

    // ----- small helpers -----

    fn span(&self, node: Node<'_>) -> Span {
        self.span_of(node.start_byte(), node.end_byte())
    }

    fn span_of(&self, start: usize, end: usize) -> Span {
        match &self.file.spans {
            SpanMode::Fixed(span) => *span,
            SpanMode::Shift { sub, add, len } => {
                let map = |o: usize| add.saturating_add(o.saturating_sub(*sub).min(*len));
                Span::new(map(start), map(end))
            }
            SpanMode::Pieces(map) => map.span(start, end, &self.file.text),
        }
    }

    /// How the spans of `len` bytes at `start` of the text being lowered map to the main text
    /// once parsed on their own after `prefix` bytes: shifted to where they are or, in a header
    /// or a statement macro's expansion, all at their one span there.
    fn fragment_spans(&self, start: usize, len: usize, prefix: usize) -> SpanMode {
        match &self.file.spans {
            SpanMode::Fixed(span) => SpanMode::Fixed(*span),
            SpanMode::Shift { .. } => SpanMode::Shift {
                sub: prefix,
                add: self.span_of(start, start).start,
                len,
            },
            SpanMode::Pieces(_) => SpanMode::Fixed(self.span_of(start, start + len)),
        }
    }

    fn text(&self, node: Node<'_>) -> &str {
        self.file.text.get(node.byte_range()).unwrap_or("")
    }

    /// The text of a node before the pre-pass (macro bodies are pre-passed again on their own).
    fn original_text(&self, node: Node<'_>) -> &str {
        self.file.original.get(node.byte_range()).unwrap_or("")
    }

    fn note(&mut self, span: Span, message: String) {
        self.program.notes.push(Note { span, message });
    }

    /// Enters one level of recursion; `false` (with a note, once) past [`MAX_DEPTH`].
    fn enter(&mut self, node: Node<'_>) -> bool {
        self.enter_level(node)
    }

    fn leave(&mut self) {
        self.leave_level();
    }

    fn error_note(&mut self, node: Node<'_>) {
        let (span, quoted) = (self.span(node), self.quote(node, self.text(node)));
        self.note(span, format!("could not parse {quoted}; skipped"));
    }

    /// What a note shows of `text`, found at `node`: in the file being linted, its first 40
    /// characters (blanks collapsed) in backquotes; in an included file only the file's name and
    /// the line, never its text, which is not the linted file's to print.
    fn quote(&self, node: Node<'_>, text: &str) -> String {
        match self.include_stack.last() {
            None => {
                let head: String = text.chars().take(40).collect();
                format!(
                    "`{}`",
                    head.split_whitespace().collect::<Vec<_>>().join(" ")
                )
            }
            // A macro body is parsed on its own: its rows are not the header's.
            Some(header) if self.file.fragment => format!("a macro of `{header}`"),
            Some(header) => format!("line {} of `{header}`", node.start_position().row + 1),
        }
    }

    fn fresh_anon(&mut self, keyword: &str) -> String {
        self.anon_counter += 1;
        format!("{keyword} (anonymous #{})", self.anon_counter)
    }

    // ----- file scope -----

    fn lower_top_items(&mut self, parent: Node<'_>) {
        let mut cursor = parent.walk();
        let children: Vec<Node<'_>> = parent.named_children(&mut cursor).collect();
        for child in children {
            self.lower_top_item(child);
        }
    }

    fn lower_top_item(&mut self, node: Node<'_>) {
        // A declaration that uses macros is lowered from its expansion.
        if matches!(
            node.kind(),
            k::DECLARATION
                | k::TYPE_DEFINITION
                | k::STRUCT_SPECIFIER
                | k::UNION_SPECIFIER
                | k::ENUM_SPECIFIER
                | k::EXPRESSION_STATEMENT
                | k::ERROR
        ) {
            self.lower_expanding(
                node,
                expand::Unit::TopItems,
                |this, root| this.lower_top_items(root),
                |this, _| this.lower_top_item_checked(node),
            );
        } else {
            self.lower_top_item_checked(node);
        }
    }

    /// Lowers an item at file scope as written, with a note when it has a syntax error.
    fn lower_top_item_checked(&mut self, node: Node<'_>) {
        let notes_before = self.program.notes.len();
        self.lower_top_item_kind(node);
        // A missing token (an unclosed brace) is no ERROR node: tell of it here, once per item.
        if types::has_syntax_error(node, &self.file.repaired)
            && self.program.notes.len() == notes_before
        {
            let (span, quoted) = (self.span(node), self.quote(node, self.text(node)));
            self.note(
                span,
                format!("syntax error in {quoted}: its analysis may be incomplete"),
            );
        }
    }

    fn lower_top_item_kind(&mut self, node: Node<'_>) {
        match node.kind() {
            k::FUNCTION_DEFINITION => {
                if self.in_header {
                    return;
                }
                if let Some(function) = self.lower_function(node) {
                    self.program.functions.push(PlacedFunction::new(function));
                }
            }
            k::DECLARATION => {
                let mut out = Vec::new();
                self.lower_declaration(node, &mut out);
                self.program.globals.append(&mut out);
            }
            k::TYPE_DEFINITION => self.lower_typedef(node),
            k::STRUCT_SPECIFIER | k::UNION_SPECIFIER | k::ENUM_SPECIFIER => {
                let _ = self.lower_type_specifier(node);
                let mut pending = std::mem::take(&mut self.pending);
                self.program.globals.append(&mut pending);
            }
            k::LINKAGE_SPECIFICATION => {
                if let Some(body) = node.child_by_field_name(k::F_BODY) {
                    if body.kind() == k::DECLARATION_LIST {
                        if self.enter(node) {
                            self.lower_top_items(body);
                            self.leave();
                        }
                    } else {
                        self.lower_top_item(body);
                    }
                }
            }
            k::PREPROC_IF | k::PREPROC_IFDEF => {
                if self.enter(node) {
                    self.lower_conditional_top(node);
                    self.leave();
                }
            }
            k::PREPROC_DEF | k::PREPROC_FUNCTION_DEF | k::PREPROC_CALL | k::PREPROC_INCLUDE => {
                self.lower_directive(node);
            }
            k::COMMENT => {}
            k::ERROR => self.error_note(node),
            // A statement at file scope is not C (tree-sitter accepts it for robustness).
            _ => {
                if node.has_error() {
                    self.error_note(node);
                }
            }
        }
    }

    /// `Opaque` statement naming `names` (sorted, deduplicated).
    fn opaque(&self, mut names: Vec<String>, span: Span) -> Stmt {
        names.sort();
        names.dedup();
        Stmt {
            kind: StmtKind::Opaque { names },
            span,
        }
    }

    /// Root variables assigned (or whose address is taken, or incremented) anywhere in `node`,
    /// in the expansions of the code there that uses macros included, found without recursion
    /// (but for those expansions, which hold no more macros).
    fn assigned_names(&mut self, node: Node<'_>) -> Vec<String> {
        self.assigned_names_in(node, &mut HashMap::new())
    }

    /// [`Self::assigned_names`], with what the code expanded so far assigns in `seen`.
    fn assigned_names_in(
        &mut self,
        node: Node<'_>,
        seen: &mut expand::SeenExpansions,
    ) -> Vec<String> {
        let mut names = Vec::new();
        let mut cursor = node.walk();
        // The kinds of the nodes above the cursor.
        let mut parents: Vec<&str> = Vec::new();
        'outer: loop {
            let n = cursor.node();
            let unit = expand::expansion_unit(n, parents.last().copied(), cursor.field_name());
            let expanded = match unit {
                Some(unit) => self.expansion_assigned_names(n, unit, seen),
                None => None,
            };
            if let Some(assigned) = expanded {
                names.extend_from_slice(&assigned);
            } else {
                let target = match n.kind() {
                    k::ASSIGNMENT_EXPRESSION => n.child_by_field_name(k::F_LEFT),
                    k::UPDATE_EXPRESSION => n.child_by_field_name(k::F_ARGUMENT),
                    k::POINTER_EXPRESSION
                        if n.child_by_field_name(k::F_OPERATOR).map(|o| o.kind())
                            == Some(k::OP_BITAND) =>
                    {
                        n.child_by_field_name(k::F_ARGUMENT)
                    }
                    _ => None,
                };
                if let Some(name) = target.and_then(|t| self.root_identifier(t)) {
                    names.push(name);
                }
                if cursor.goto_first_child() {
                    parents.push(n.kind());
                    continue;
                }
            }
            loop {
                if cursor.goto_next_sibling() {
                    continue 'outer;
                }
                if !cursor.goto_parent() {
                    break 'outer;
                }
                parents.pop();
            }
        }
        names.sort();
        names.dedup();
        names
    }

    /// The variable an lvalue expression names, looking through members, subscripts, `*` and
    /// parentheses (iteratively).
    fn root_identifier(&self, mut node: Node<'_>) -> Option<String> {
        for _ in 0..10_000 {
            node = match node.kind() {
                k::IDENTIFIER => return Some(self.text(node).to_owned()),
                k::FIELD_EXPRESSION | k::SUBSCRIPT_EXPRESSION | k::POINTER_EXPRESSION => {
                    node.child_by_field_name(k::F_ARGUMENT)?
                }
                k::PARENTHESIZED_EXPRESSION | k::CAST_EXPRESSION => node
                    .child_by_field_name(k::F_VALUE)
                    .or_else(|| node.named_child(0))?,
                _ => return None,
            };
        }
        None
    }
}

/// `Expr` with `Unknown` kind at `span`.
fn unknown(span: Span) -> Expr {
    Expr::new(ExprKind::Unknown, span)
}

impl BoundedWalk for Lowerer<'_> {
    const MAX_DEPTH: usize = MAX_DEPTH;

    fn depth(&mut self) -> &mut Depth {
        &mut self.depth
    }

    fn span_of(&self, node: Node<'_>) -> Span {
        self.span(node)
    }

    fn push_note(&mut self, span: Span, message: String) {
        self.note(span, message);
    }
}
