//! The Fortran front end: fixed form is first rewritten as free form (with a map back to the
//! original offsets), then one tree-sitter parse and one hand-written walk lower the file into
//! [`crate::ir::Program`].
//!
//! What it models: programs, modules (their variables are globals), subroutines and functions
//! (also `contains`ed ones), declarations with kinds, `PARAMETER`s, `DIMENSION`, `DATA`,
//! implicit typing, derived types, assignments, `DO` loops (labelled, counted, `WHILE`), `IF`
//! blocks, `SELECT CASE`, calls (MPI calls with their arguments placed in the C order), and the
//! C preprocessor of `.F`/`.F90` files (`#define` of constants, `#if`/`#ifdef` decided when the
//! macros involved are known).
//!
//! Names are case-insensitive: they are lowered to lower case, except MPI names (`MPI_REAL`),
//! which keep the upper-case C spelling. What is not modelled becomes `Unknown` or `Opaque`,
//! never a guess, and never a panic: parse errors become notes, and nesting deeper than
//! [`MAX_DEPTH`] lowers to `Unknown`.

mod conditionals;
mod constructs;
mod decl;
mod expansion;
mod expr;
mod jumps;
pub mod kinds;
mod memo;
mod modules;
mod mpi_args;
mod preproc;
mod statement_functions;
mod stmt;
mod storage;
#[cfg(test)]
mod tests;
mod types;
mod unit;

use std::collections::{BTreeSet, HashMap};

use tree_sitter::{Node, Parser, Tree};

use super::{include_refusal, BoundedWalk, Depth, IncludeResolver, TextBudget};
use crate::ir::{Program, Ty};
use crate::layout::FortranKinds;
use crate::source::{
    normalize_fixed_form, FixedFormOptions, FortranForm, FortranFormOverride, Note, OffsetMap, Span,
};

use crate::syntax::preproc::Macros;
use crate::syntax::reparse::KeptParse;
use decl::Scope;
use kinds as k;
pub(crate) use memo::FortranParse;
pub use modules::{module_names, MAX_MODULE_BYTES, MAX_MODULE_FILES};

/// How deep the lowering walk recurses (units, statements, expressions, `#if` nesting) before
/// lowering the rest of a subtree to `Unknown`; real code stays far below.
pub(crate) const MAX_DEPTH: usize = 400;

/// How deep `INCLUDE` / `#include` nest.
const MAX_INCLUDE_DEPTH: usize = 8;

/// The tree-sitter grammar the front end parses with.
pub fn language() -> tree_sitter::Language {
    tree_sitter_fortran::LANGUAGE.into()
}

/// A parser of the grammar; `None` when tree-sitter refuses it (a grammar of another ABI).
fn parser() -> Option<Parser> {
    let mut parser = Parser::new();
    parser.set_language(&language()).ok()?;
    Some(parser)
}

/// How one Fortran file is read: its form, whether cpp runs over it, the kinds of declarations
/// without one, and the `-D` definitions.
pub(crate) struct FortranOptions<'o> {
    pub form: FortranForm,
    pub preprocessed: bool,
    /// The configuration's form for every Fortran file (the modules other files define too).
    pub form_override: FortranFormOverride,
    pub kinds: FortranKinds,
    pub defines: &'o [(String, Option<String>)],
}

/// Lowers one Fortran file. `preprocessed` files (`.F`, `.F90`) have their `#` directives
/// evaluated; in others they are parse errors, as for the compiler. Declarations without a
/// kind get the `kinds` the compiler is told to use.
pub(crate) fn lower(
    text: &str,
    options: &FortranOptions,
    includes: &mut dyn IncludeResolver,
    previous: Option<&FortranParse>,
) -> (Program, Option<FortranParse>) {
    let mut lowerer = Lowerer {
        program: Program::default(),
        includes,
        form: options.form,
        preprocessed: options.preprocessed,
        kinds: options.kinds,
        defines: options.defines.to_vec(),
        file: FileCtx::default(),
        macros: Macros::default(),
        modules: HashMap::new(),
        foreign: false,
        foreign_modules: modules::ForeignModules::new(options.form_override),
        procedures: HashMap::new(),
        scopes: Vec::new(),
        host: None,
        associated: HashMap::new(),
        depth: Depth::default(),
        include_depth: 0,
        include_budget: TextBudget::includes(),
        unseen_at_file_scope: false,
        common_counter: 0,
        loop_counter: 0,
        main_parse: previous.map(|p| p.parse.clone()),
        memo: memo::Memo::default(),
    };
    if options.preprocessed {
        lowerer.macros = preproc::command_line_macros(options.defines);
    }
    lowerer.lower_main(text, previous);
    let kept = lowerer.finish_memo();
    (lowerer.program, kept)
}

/// An `END`, `END PROGRAM`, `END SUBROUTINE`, ... line: where a file too large to parse whole is
/// cut.
fn ends_unit(line: &str) -> bool {
    const ENDS: [&str; 6] = [
        "end",
        "endprogram",
        "endsubroutine",
        "endfunction",
        "endmodule",
        "endsubmodule",
    ];
    let code = line.split('!').next().unwrap_or("").to_ascii_lowercase();
    let mut words = code.split_whitespace();
    let first = words.next().unwrap_or("");
    let joined = format!("{first}{}", words.next().unwrap_or(""));
    ENDS.contains(&first) || ENDS.contains(&joined.as_str())
}

/// Where the spans of the text being walked go in the main file.
#[derive(Clone, Debug, Default)]
enum SpanMode {
    /// The main file as written (free form).
    #[default]
    Identity,
    /// The main file rewritten: from fixed form to free form (`fixed` leads back to the text
    /// cpp left), and by cpp's expansions (`expanded` leads back to the file as written).
    Rewritten {
        fixed: Option<OffsetMap>,
        expanded: Option<OffsetMap>,
    },
    /// An included file or a macro body: everything is at the `INCLUDE` line or macro use.
    At(Span),
}

/// The text being walked and how its spans map.
#[derive(Clone, Debug, Default)]
struct FileCtx {
    text: std::rc::Rc<str>,
    spans: SpanMode,
}

/// What the file says about a procedure, collected before lowering (for keyword arguments).
#[derive(Clone, Debug)]
struct ProcedureInfo {
    params: Vec<String>,
}

struct Lowerer<'a> {
    program: Program,
    includes: &'a mut dyn IncludeResolver,
    form: FortranForm,
    preprocessed: bool,
    kinds: FortranKinds,
    /// The `-D` definitions, which every preprocessed file starts with.
    defines: Vec<(String, Option<String>)>,
    file: FileCtx,
    /// The preprocessor's macros (`preprocessed` files only), bodies as written.
    macros: Macros<String>,
    /// Modules of this file and of the other files read, by name: the scope of their
    /// specification part.
    modules: HashMap<String, Scope>,
    /// Another file's modules are being lowered: only what `USE` brings of them.
    foreign: bool,
    foreign_modules: modules::ForeignModules,
    procedures: HashMap<String, ProcedureInfo>,
    /// Scopes of the units being lowered, innermost last (module or host, then the unit).
    scopes: Vec<Scope>,
    /// The program or procedure whose internal procedures are being lowered.
    host: Option<String>,
    /// The names of the ASSOCIATE constructs being lowered that stand for a variable, with it.
    associated: HashMap<String, crate::ir::Expr>,
    depth: Depth,
    include_depth: usize,
    /// What `INCLUDE` and `#include` may still bring in, all files together.
    include_budget: TextBudget,
    /// An include at file scope was not read: every unit may see declarations from it.
    unseen_at_file_scope: bool,
    /// Numbers the views of COMMON blocks, which are aggregates of the whole program.
    common_counter: usize,
    /// Numbers the hidden temporaries of `DO` loops, from each unit at file scope, module of
    /// the file and module procedure on: a unit's lowering is the same wherever the file has
    /// it (`memo.rs`).
    loop_counter: usize,
    /// The previous version's parse of the main file, which its parse is made from; then this
    /// version's, for the next.
    main_parse: Option<KeptParse>,
    memo: memo::Memo,
}

impl<'a> Lowerer<'a> {
    /// Parses a file's text (normalised first when it is fixed form); also returns the text
    /// parsed, and the map of its positions to the file's.
    fn parse(&mut self, text: &str) -> Option<(Tree, std::rc::Rc<str>, Option<OffsetMap>)> {
        let (parsed, map) = self.for_parser(text);
        let tree = parser()?.parse(&parsed, None)?;
        Some((tree, std::rc::Rc::from(parsed), map))
    }

    /// The text tree-sitter parses of a file's (fixed form normalised to free form), and the map
    /// of its positions to the file's.
    fn for_parser(&self, text: &str) -> (String, Option<OffsetMap>) {
        match self.form {
            FortranForm::Fixed => {
                let normalized = normalize_fixed_form(text, &FixedFormOptions::default());
                (normalized.text, Some(normalized.offset_map))
            }
            FortranForm::Free => (text.to_owned(), None),
        }
    }

    fn lower_main(&mut self, text: &str, previous: Option<&FortranParse>) {
        let whole = text;
        let text = super::parsed_prefix(whole, super::MAX_PARSED_BYTES, ends_unit);
        if text.len() < whole.len() {
            self.note(
                Span::new(text.len(), whole.len()),
                format!(
                    "the file is larger than {} KiB: only the first {} bytes are analysed",
                    super::MAX_PARSED_BYTES >> 10,
                    text.len()
                ),
            );
        }
        let analysed = Span::new(0, text.len());
        let (text, expanded) = match self.preprocessed(text, true) {
            Some(p) => (std::borrow::Cow::Owned(p.text), p.expansions),
            None => (std::borrow::Cow::Borrowed(text), None),
        };
        // The main file's parse is made from the previous version's, and kept for the next.
        let (parsed, fixed) = self.for_parser(&text);
        let previous_parse = self.main_parse.take();
        let parse =
            parser().and_then(|mut parser| KeptParse::parse(&mut parser, previous_parse, &parsed));
        let Some(parse) = parse else {
            self.note(analysed, "could not parse the file".to_owned());
            return;
        };
        let tree = parse.tree().clone();
        self.main_parse = Some(parse);
        let parsed = std::rc::Rc::from(parsed);
        let spans = if fixed.is_none() && expanded.is_none() {
            SpanMode::Identity
        } else {
            SpanMode::Rewritten { fixed, expanded }
        };
        self.file = FileCtx {
            text: parsed,
            spans,
        };
        let root = tree.root_node();
        self.collect_procedures(root);
        self.note_errors(root);
        self.start_memo(previous);
        for child in named_children(root) {
            self.memoised_top_item(child);
        }
    }

    /// `text` (of a file cpp runs over) as cpp leaves it with the macros known here: the
    /// conditional groups they decide reduced to their compiled branch, and, when `expand`, the
    /// macros of its code expanded; `None` when cpp changes nothing.
    fn preprocessed(&mut self, text: &str, expand: bool) -> Option<conditionals::Preprocessed> {
        if !self.preprocessed {
            return None;
        }
        let macros = self.macros.clone();
        let form = expand.then_some(self.form);
        let resolver = self.resolver();
        conditionals::resolve(text, &macros, &mut |name| resolver.resolve(name), form)
    }

    /// The original span of a node.
    fn span(&self, node: Node) -> Span {
        self.map_span(Span::new(node.start_byte(), node.end_byte()))
    }

    fn map_span(&self, span: Span) -> Span {
        match &self.file.spans {
            SpanMode::Identity => span,
            SpanMode::Rewritten { fixed, expanded } => {
                let span = fixed.as_ref().map_or(span, |m| m.to_original_span(span));
                expanded.as_ref().map_or(span, |m| m.to_original_span(span))
            }
            SpanMode::At(at) => *at,
        }
    }

    fn text(&self, node: Node) -> &str {
        self.file
            .text
            .get(node.start_byte()..node.end_byte())
            .unwrap_or("")
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

    /// One note per syntax error (and per missing token), walking the tree without recursion.
    fn note_errors(&mut self, root: Node) {
        if !root.has_error() {
            return;
        }
        let mut spans = Vec::new();
        visit_nodes(root, |node| {
            if node.is_error() || node.is_missing() {
                spans.push((
                    Span::new(node.start_byte(), node.end_byte()),
                    node.is_missing(),
                ));
                false
            } else {
                node.has_error()
            }
        });
        for (span, missing) in spans {
            let span = self.map_span(span);
            let message = if missing {
                "syntax error: something is missing here"
            } else {
                "syntax error: this code is not analysed"
            };
            self.note(span, message.to_owned());
        }
    }

    /// Records every subroutine's and function's dummy argument names.
    fn collect_procedures(&mut self, root: Node) {
        let mut found = Vec::new();
        visit_nodes(root, |node| {
            if matches!(node.kind(), k::SUBROUTINE_STATEMENT | k::FUNCTION_STATEMENT) {
                found.push(node);
                return false;
            }
            // Not into statements and expressions: after an edit this walk is over every unit.
            node.has_error() || k::HOLD_PROCEDURES.contains(&node.kind())
        });
        for node in found {
            if let Some((name, params)) = self.procedure_header(node) {
                self.procedures.insert(name, ProcedureInfo { params });
            }
        }
    }

    /// The name and dummy argument names of a `SUBROUTINE` or `FUNCTION` statement.
    fn procedure_header(&self, statement: Node) -> Option<(String, Vec<String>)> {
        let name = statement.child_by_field_name("name")?;
        let params = statement
            .child_by_field_name("parameters")
            .map(|p| {
                named_children(p)
                    .filter(|c| c.kind() == k::IDENTIFIER)
                    .map(|c| fortran_name(self.text(c)))
                    .collect()
            })
            .unwrap_or_default();
        Some((fortran_name(self.text(name)), params))
    }

    /// What resolves the includes and modules of the file being lowered.
    fn resolver(&mut self) -> &mut dyn IncludeResolver {
        match self.foreign_modules.resolvers.last_mut() {
            Some(resolver) => resolver.as_mut(),
            None => &mut *self.includes,
        }
    }

    /// An include was not read: any name of the unit being lowered (or, at file scope, of every
    /// unit after it) may be declared there.
    fn declarations_unseen(&mut self) {
        match self.scopes.last_mut() {
            Some(scope) => scope.unseen.add(None),
            None => self.unseen_at_file_scope = true,
        }
    }

    /// Lowers the text of an `INCLUDE`d file or (`cpp`) `#include`d header in place, every span
    /// at the directive.
    fn lower_included(
        &mut self,
        name: &str,
        cpp: bool,
        at: Span,
        out: &mut Vec<crate::ir::Stmt>,
        item: preproc::ItemLowering<'a>,
    ) {
        let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
        // The MPI header's names are known to the evaluator.
        if base.eq_ignore_ascii_case("mpif.h") || base.eq_ignore_ascii_case("mpi.h") {
            if let Some(scope) = self.scopes.last_mut() {
                scope.mpi.address_kind = true;
            }
            return;
        }
        self.memo_asked();
        if self.include_depth >= MAX_INCLUDE_DEPTH {
            self.note(at, format!("`{name}` not included: includes nest too deep"));
            self.declarations_unseen();
            return;
        }
        let within_budget = if self.include_budget.exhausted() {
            None
        } else {
            let text = self.resolver().resolve(name);
            self.memo_resolved(&(name, text.as_deref()));
            let Some(text) = text else {
                self.note(
                    at,
                    format!("`{name}` not found: its declarations are unknown"),
                );
                self.declarations_unseen();
                return;
            };
            self.include_budget.take(text.len()).then_some(text)
        };
        let Some(text) = within_budget else {
            // Only the first include refused tells: the others follow from it.
            if let Some(note) = self.include_budget.refusal_note(|| include_refusal(name)) {
                self.note(at, note);
            }
            self.declarations_unseen();
            return;
        };
        // cpp expands the macros of a `#include`d header, not of a Fortran `INCLUDE`d file.
        let text = self.preprocessed(&text, cpp).map_or(text, |p| p.text);
        let Some((tree, parsed, _)) = self.parse(&text) else {
            return;
        };
        let saved = std::mem::replace(
            &mut self.file,
            FileCtx {
                text: parsed,
                spans: SpanMode::At(at),
            },
        );
        self.include_depth += 1;
        // A file of bare statements parses as one implicit main program, and one of bare
        // declarations as an error around them: either way its items are the includer's.
        for child in named_children(tree.root_node()) {
            match child.kind() {
                k::PROGRAM | k::ERROR => {
                    for inner in named_children(child).filter(|c| {
                        !matches!(c.kind(), k::PROGRAM_STATEMENT | k::END_PROGRAM_STATEMENT)
                    }) {
                        item(self, inner, out);
                    }
                }
                _ => item(self, child, out),
            }
        }
        self.include_depth -= 1;
        self.file = saved;
    }
}

/// A Fortran name as the IR spells it: lower case, MPI names upper case.
pub(crate) fn fortran_name(text: &str) -> String {
    let text = text.trim();
    if crate::ir::is_mpi_name(text) {
        text.to_ascii_uppercase()
    } else {
        text.to_ascii_lowercase()
    }
}

/// The named children, without comments (tree-sitter puts them anywhere, even between the
/// arguments of a continued call).
fn named_children(node: Node) -> impl Iterator<Item = Node> {
    let mut cursor = node.walk();
    let children: Vec<Node> = node
        .named_children(&mut cursor)
        .filter(|c| c.kind() != k::COMMENT)
        .collect();
    children.into_iter()
}

fn children(node: Node) -> impl Iterator<Item = Node> {
    let mut cursor = node.walk();
    let children: Vec<Node> = node.children(&mut cursor).collect();
    children.into_iter()
}

/// Pre-order walk without recursion; `descend` says whether to visit a node's children.
fn visit_nodes<'t>(root: Node<'t>, mut descend: impl FnMut(Node<'t>) -> bool) {
    let mut cursor = root.walk();
    loop {
        let node = cursor.node();
        if descend(node) && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.node() == root {
                return;
            }
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return;
            }
        }
    }
}

/// The names of the identifiers below a node (for forgetting what unmodelled code may change).
fn identifiers_in(node: Node, text: &str) -> Vec<String> {
    let mut names = BTreeSet::new();
    visit_nodes(node, |n| {
        if n.kind() == k::IDENTIFIER {
            if let Some(t) = text.get(n.start_byte()..n.end_byte()) {
                names.insert(fortran_name(t));
            }
        }
        true
    });
    names.into_iter().collect()
}

/// The type `ty` with array dimensions, if any.
fn with_dims(ty: Ty, dims: Option<Vec<crate::ir::ArrayDim>>) -> Ty {
    match dims {
        Some(dims) => Ty::Array(Box::new(ty), dims),
        None => ty,
    }
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
