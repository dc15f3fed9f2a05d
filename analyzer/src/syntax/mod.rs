//! Tree-sitter front ends: each parses a file once, walks the tree by hand (dispatching on node
//! kinds, no query files) and lowers it into the language-neutral [`crate::ir`].

pub mod c;
pub mod fortran;
pub(crate) mod preproc;
pub(crate) mod reparse;

use std::collections::{HashMap, HashSet};

use crate::catalog::MpiFunction;
use crate::ir::{statements, visit_expr, visit_stmt_exprs, ExprKind, Stmt, StmtKind};
use crate::source::{Language, Span};

/// Finds what a file's analysis reads besides the file itself, for the front ends, which never
/// do I/O: the text of `#include "name"` (and Fortran's `INCLUDE`), and the file that defines a
/// Fortran module the file `USE`s. The CLI and the language server implement it over the file
/// system and their index of the tree's modules.
pub trait IncludeResolver {
    /// Text of `#include "name"` seen from the main file, or `None` when not found.
    fn resolve(&mut self, name: &str) -> Option<String>;

    /// The file that defines the Fortran module `name` (lower case), or `None` when no file
    /// is known to (or several files do: which one is compiled is the build's choice).
    fn module(&mut self, _name: &str) -> Option<ModuleSource> {
        None
    }
}

/// The file that defines a Fortran module, as a resolver finds it.
pub struct ModuleSource {
    pub text: String,
    pub language: Language,
    /// Resolves what that file includes and uses, seen from it.
    pub includes: Box<dyn IncludeResolver>,
}

/// A resolver that resolves nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoIncludes;

impl IncludeResolver for NoIncludes {
    fn resolve(&mut self, _name: &str) -> Option<String> {
        None
    }
}

/// A resolver over an in-memory map from include name to text.
impl<S: std::hash::BuildHasher> IncludeResolver for HashMap<String, String, S> {
    fn resolve(&mut self, name: &str) -> Option<String> {
        self.get(name).cloned()
    }
}

/// How deep a front end's recursive walk has gone, bounded so that no input can exhaust the
/// stack: past the limit the inner part lowers to unknown, with one note per file.
#[derive(Debug, Default)]
pub(crate) struct Depth {
    level: usize,
    noted: bool,
    /// How many times the walk did not go deeper.
    refusals: usize,
}

impl Depth {
    /// How many times the walk did not go deeper: a lowering that hit the limit notes it
    /// only when nothing before it did.
    pub(crate) fn refusals(&self) -> usize {
        self.refusals
    }
}

/// What bounding a front end's recursion needs of its lowerer.
pub(crate) trait BoundedWalk {
    /// Levels the walk may go down.
    const MAX_DEPTH: usize;
    fn depth(&mut self) -> &mut Depth;
    fn span_of(&self, node: tree_sitter::Node<'_>) -> Span;
    fn push_note(&mut self, span: Span, message: String);

    /// Enters one level below `node`; `false` (with a note, once per file) past the limit.
    fn enter_level(&mut self, node: tree_sitter::Node<'_>) -> bool {
        let limit = Self::MAX_DEPTH;
        let depth = self.depth();
        if depth.level < limit {
            depth.level += 1;
            return true;
        }
        depth.refusals += 1;
        if !std::mem::replace(&mut depth.noted, true) {
            let span = self.span_of(node);
            let message =
                format!("nesting deeper than {limit} levels: the inner part is not analysed");
            self.push_note(span, message);
        }
        false
    }

    fn leave_level(&mut self) {
        let depth = self.depth();
        depth.level = depth.level.saturating_sub(1);
    }
}

/// How many includes one file's analysis reads in all, each time one is included (a header
/// included twice counts twice), nested ones too: without a bound over them all, headers that
/// each include the next several times grow exponentially.
pub const MAX_INCLUDES: usize = 1000;

/// How many bytes of included text one file's analysis reads in all, counted as
/// [`MAX_INCLUDES`] counts includes: four times what is parsed of a main file. At 4 MiB, one
/// header of struct declarations included until the budget ran out took 2 s (BENCHMARKS.md).
pub const MAX_INCLUDED_BYTES: usize = 2 << 20;

/// What is left of one of a file's budgets for text its analysis reads besides the file itself:
/// the includes ([`MAX_INCLUDES`], [`MAX_INCLUDED_BYTES`]), or the expansions of C code that
/// uses macros. Once a piece does not fit, no later one is read: what they hold is unknown.
#[derive(Debug)]
pub(crate) struct TextBudget {
    pieces: usize,
    bytes: usize,
    exhausted: bool,
    told: bool,
}

impl TextBudget {
    pub(crate) fn new(pieces: usize, bytes: usize) -> Self {
        TextBudget {
            pieces,
            bytes,
            exhausted: false,
            told: false,
        }
    }

    /// The budget of one file's includes.
    pub(crate) fn includes() -> Self {
        TextBudget::new(MAX_INCLUDES, MAX_INCLUDED_BYTES)
    }

    /// True once no piece is left or one did not fit: no more are read, not even asked for.
    pub(crate) fn exhausted(&self) -> bool {
        self.exhausted || self.pieces == 0
    }

    /// How many bytes are left (none once exhausted).
    pub(crate) fn bytes_left(&self) -> usize {
        if self.exhausted() {
            0
        } else {
            self.bytes
        }
    }

    /// The pieces and bytes left, `None` once exhausted.
    pub(crate) fn left(&self) -> Option<(usize, usize)> {
        (!self.exhausted()).then_some((self.pieces, self.bytes))
    }

    /// Takes again what a lowering took of it (pieces and bytes), which the caller made sure
    /// fits and leaves it unexhausted (see `c/memo.rs`).
    pub(crate) fn take_again(&mut self, pieces: usize, bytes: usize) {
        self.pieces -= pieces;
        self.bytes -= bytes;
    }

    /// Takes one piece of `bytes`; `false`, for it and every later one, when it does not fit.
    pub(crate) fn take(&mut self, bytes: usize) -> bool {
        if self.exhausted() || bytes > self.bytes {
            self.exhausted = true;
            return false;
        }
        self.pieces -= 1;
        self.bytes -= bytes;
        true
    }

    /// The note (made by `note`) for the first piece refused; `None` for the later ones.
    pub(crate) fn refusal_note(&mut self, note: impl FnOnce() -> String) -> Option<String> {
        if !self.exhausted() || std::mem::replace(&mut self.told, true) {
            return None;
        }
        Some(note())
    }
}

/// The note for `#include "name"` (or Fortran's `INCLUDE`) refused by the include budget.
pub(crate) fn include_refusal(name: &str) -> String {
    format!(
        "`{name}` and every include after it not read: this file's includes bring more than \
         {MAX_INCLUDES} files or {} MiB in all; what they declare is unknown",
        MAX_INCLUDED_BYTES >> 20
    )
}

/// How much of a file the front ends parse by default: this keeps one file's analysis well under
/// a second (tree-sitter's parse and the walks grow with the text).
pub(crate) const MAX_PARSED_BYTES: usize = 512 << 10;

/// The prefix of `text` that is parsed: all of it, or up to the end of the last line before
/// `max_bytes` that `closes_unit` accepts (the end of a function), else the last line.
pub(crate) fn parsed_prefix(text: &str, max_bytes: usize, closes_unit: fn(&str) -> bool) -> &str {
    if text.len() <= max_bytes {
        return text;
    }
    let mut end = max_bytes;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let head = &text[..end];
    let mut lines = head.split_inclusive('\n').collect::<Vec<_>>();
    // The last line may be cut short: only whole lines count.
    if !head.ends_with('\n') {
        lines.pop();
    }
    let whole: usize = lines.iter().map(|l| l.len()).sum();
    let mut at = whole;
    for line in lines.iter().rev() {
        if closes_unit(line) {
            return &text[..at];
        }
        at -= line.len();
    }
    &text[..if whole > 0 { whole } else { end }]
}

/// The variables a procedure's statements may assign: targets of assignments, increments and
/// `&x` (C), arguments of calls (a Fortran procedure may write any of them, a C function an
/// array's elements; an MPI routine those its catalog entry says), and names in statements the
/// front end does not model (loop variables are assigned in the loop's own statements).
pub(crate) fn written_names(body: &[Stmt]) -> HashSet<String> {
    let mut names = HashSet::new();
    for (stmt, _) in statements(body) {
        match &stmt.kind {
            StmtKind::Assign { target, .. } => names.extend(target.root_name().map(str::to_owned)),
            StmtKind::Opaque { names: opaque } => names.extend(opaque.iter().cloned()),
            StmtKind::Allocate { name, .. } | StmtKind::Deallocate(name) => {
                names.insert(name.clone());
            }
            _ => {}
        }
    }
    visit_stmt_exprs(body, &mut |e| {
        visit_expr(e, &mut |e| {
            let (callee, args) = match &e.kind {
                ExprKind::Call { callee, args, .. } => (callee, args),
                ExprKind::IncDec { target, .. } | ExprKind::AddrOf(target) => {
                    names.extend(target.root_name().map(str::to_owned));
                    return;
                }
                _ => return,
            };
            // An MPI routine writes only the arguments its catalog entry says it may.
            let mpi = MpiFunction::find(callee);
            let written = args
                .iter()
                .enumerate()
                .filter(|(i, _)| mpi.is_none_or(|f| f.role(*i).is_none_or(|r| r.may_write())));
            names.extend(written.filter_map(|(_, a)| a.root_name().map(str::to_owned)));
        })
    });
    names
}
