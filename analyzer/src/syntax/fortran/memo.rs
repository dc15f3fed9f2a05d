//! Units lowered for the previous version of the main file, reused for this one where nothing
//! they were lowered from changed: after an edit inside one subroutine, the language server
//! lowers that subroutine again, not the file.
//!
//! A main program, subroutine or function at the top of the main file, or a procedure of one
//! of its modules, is reused when
//! - its text, relative to its start, is the same;
//! - the context it is lowered in is the same: the options, every procedure's dummy argument
//!   names (keyword arguments), the text of every item before it that is neither such a
//!   reused unit nor a module (a module that changes the preprocessor's macros counts as an
//!   item), what the include resolver answered for every `INCLUDE` and other file's module
//!   read before it and, for a module's procedure, its module's key, all in one fingerprint;
//! - every module of the file it uses (`USE`) has the key it had: a module's key is the
//!   context, its specification part's text, the keys of the modules it uses and the count of
//!   COMMON blocks so far;
//! - its lowering was self-contained: it changed nothing but the program's functions (its own
//!   and its internal procedures) and notes, every position it made lies in its own text, it
//!   asked the include resolver nothing, and it never went past the depth limit (whose note
//!   comes once a file).
//!
//! Its functions and notes are then moved to where its text now is. Only files lowered as
//! written (free form, no preprocessor) have a memo: the positions of the others go through a
//! map that a move of the text does not keep.

use std::sync::Arc;

use tree_sitter::Node;

use super::{Lowerer, SpanMode};
use crate::fingerprint::Fingerprint;
use crate::hash::HashMap;
use crate::ir::{placed, spans, Function, PlacedFunction};
use crate::source::{Note, Span};
use crate::syntax::reparse::KeptParse;

/// A Fortran main file's parse and units, kept for the next version.
#[derive(Clone, Debug)]
pub(crate) struct FortranParse {
    pub(crate) parse: KeptParse,
    units: Arc<UnitMemo>,
}

/// The units one version's lowering made, by the context before each and its text.
#[derive(Debug, Default)]
pub(crate) struct UnitMemo {
    entries: HashMap<Fingerprint, Arc<Lowered>>,
}

/// One unit's lowering, with the text it was lowered from.
#[derive(Debug)]
struct Lowered {
    text: Arc<str>,
    /// Where the text started when it was lowered: the positions below are there.
    start: usize,
    /// The modules of this file its lowering used, with their keys then.
    reads: ModuleReads,
    functions: Vec<Arc<Function>>,
    notes: Vec<Note>,
}

/// Modules by name, each with the key it had when it was used.
type ModuleReads = Vec<(String, Fingerprint)>;

/// The memo's state during one lowering.
#[derive(Default)]
pub(super) struct Memo {
    /// Off for files whose positions are mapped (fixed form, preprocessed).
    active: bool,
    previous: Option<Arc<UnitMemo>>,
    next: UnitMemo,
    /// What the items lowered so far make of the lowerer's state, but the modules: the
    /// options, the procedures' dummy names, what the include resolver answered, and the
    /// text of every item that is neither a module that changed no macro nor a self-contained
    /// unit.
    context: Fingerprint,
    /// What a module is to the units after it that use it (`module_key`), by name.
    module_keys: HashMap<String, Fingerprint>,
    /// The modules the unit (or module) being lowered used so far (outside one, nobody reads
    /// them).
    reads: ModuleReads,
    /// All that `context` has, and every module's text around its procedures, in the order of
    /// the file: what the program's declarations come from (`Program::declarations`).
    declared: Fingerprint,
    /// How many includes and other files' modules were looked for.
    resolutions: usize,
}

/// What of the lowerer's state a unit's lowering may change only when it is not
/// self-contained (counts; each changes whenever the state does).
#[derive(PartialEq, Eq)]
struct StateSignature([usize; 10], bool);

impl Lowerer<'_> {
    /// Starts the memo of the main file, once its procedures are collected.
    pub(super) fn start_memo(&mut self, previous: Option<&FortranParse>) {
        let mut procedures: Vec<(&String, &Vec<String>)> = self
            .procedures
            .iter()
            .map(|(name, info)| (name, &info.params))
            .collect();
        procedures.sort_unstable();
        let context = Fingerprint::default()
            .mix(&(self.kinds, self.foreign_modules.form_override))
            .mix(&procedures);
        self.memo = Memo {
            active: matches!(self.file.spans, SpanMode::Identity) && !self.preprocessed,
            previous: previous.map(|p| p.units.clone()),
            next: UnitMemo::default(),
            context,
            declared: context,
            ..Memo::default()
        };
    }

    /// This version's parse and units, for the next; sets the program's declarations.
    pub(super) fn finish_memo(&mut self) -> Option<FortranParse> {
        if self.memo.active {
            self.program.declarations = Some(self.memo.declared);
        }
        Some(FortranParse {
            parse: self.main_parse.take()?,
            units: Arc::new(std::mem::take(&mut self.memo.next)),
        })
    }

    /// Counts an include or another file's module looked for: the lowering that looks for one
    /// is not self-contained, whatever it finds.
    pub(super) fn memo_asked(&mut self) {
        self.memo.resolutions += 1;
    }

    /// Counts what the include resolver answered (a file's text, or nothing) into the
    /// context: the items after it may read what it brought.
    pub(super) fn memo_resolved(&mut self, answer: &impl std::hash::Hash) {
        self.memo.context = self.memo.context.mix(answer);
        self.memo.declared = self.memo.declared.mix(answer);
    }

    /// Lowers one item at the top of the main file, or after a `CONTAINS` of one of its
    /// modules: a unit from the previous version's lowering of it when that can be reused.
    pub(super) fn memoised_top_item(&mut self, node: Node<'_>) {
        let is_unit = matches!(
            node.kind(),
            super::k::PROGRAM | super::k::SUBROUTINE | super::k::FUNCTION
        );
        let range = node.byte_range();
        let text = self.file.text.get(range.clone()).unwrap_or("");
        let key = (self.memo.active && is_unit)
            .then(|| self.memo.context.mix(&(node.kind(), text)))
            // A unit whose text and context are another's of this version (a file that
            // repeats one) would share its identities: it is lowered as any other item.
            .filter(|key| !self.memo.next.entries.contains_key(key));
        let Some(key) = key else {
            let macros = self.macros.changes();
            self.top_item(node, &mut Vec::new());
            // What a module is to the units after it is its key, which each that uses it
            // reads, unless it changed what the preprocessor's conditions decide.
            let by_key = node.kind() == super::k::MODULE && self.macros.changes() == macros;
            self.memo_item(node, by_key);
            return;
        };
        let module_keys = &self.memo.module_keys;
        let same_reads = |reads: &ModuleReads| {
            (reads.iter()).all(|(name, key)| module_keys.get(name) == Some(key))
        };
        let reusable = (self.memo.previous.as_ref())
            .and_then(|memo| memo.entries.get(&key))
            .filter(|lowered| *lowered.text == *text && same_reads(&lowered.reads))
            .cloned();
        let lowered = match reusable {
            Some(lowered) => {
                self.reuse(&lowered, range.start);
                lowered
            }
            None => match self.lower_self_contained(node, key) {
                Some(lowered) => Arc::new(lowered),
                None => {
                    self.memo_item(node, false);
                    return;
                }
            },
        };
        self.memo.next.entries.insert(key, lowered);
    }

    /// Starts the lowering of a module: what it uses is read apart from what the unit that
    /// may be reading it (from another file) uses; the unit's reads, to give back.
    pub(super) fn start_module_reads(&mut self) -> ModuleReads {
        std::mem::take(&mut self.memo.reads)
    }

    /// What module `module` is to the units after it, once its specification part (up to
    /// `procedures`) is lowered: the context, its text, the modules it used (each by its
    /// key) and the COMMON blocks' count, which its lowering read. Gives back the `outer`
    /// reads. `None` without the memo.
    pub(super) fn module_key(
        &mut self,
        module: Node<'_>,
        procedures: Option<Node<'_>>,
        outer: ModuleReads,
    ) -> Option<Fingerprint> {
        let reads = std::mem::replace(&mut self.memo.reads, outer);
        if !self.memo.active {
            return None;
        }
        let end = procedures.map_or(module.end_byte(), |p| p.start_byte());
        let specification = self.file.text.get(module.start_byte()..end).unwrap_or("");
        let counted = (module.kind(), specification, reads, self.common_counter);
        Some(self.memo.context.mix(&counted))
    }

    /// Module `name` is now the one of `key`.
    pub(super) fn module_defined(&mut self, name: &str, key: Option<Fingerprint>) {
        if let Some(key) = key {
            self.memo.module_keys.insert(name.to_owned(), key);
        }
    }

    /// A unit (or module) uses module `name` of this file: the units that do are reused only
    /// while it is the same. Every module lowered with the memo on has a key; one without
    /// would be one the memo cannot follow.
    pub(super) fn module_read(&mut self, name: &str) {
        if !self.memo.active {
            return;
        }
        match self.memo.module_keys.get(name) {
            Some(key) => self.memo.reads.push((name.to_owned(), *key)),
            None => self.memo_asked(),
        }
    }

    /// The procedures after a `CONTAINS` of a module of the main file (of key `module`), each
    /// memoised as a unit at the top of the file is, in a context that adds the module.
    pub(super) fn module_procedures(&mut self, procedures: Node<'_>, module: Option<Fingerprint>) {
        // Not in an included file: its positions are all at the `INCLUDE`.
        let module = module.filter(|_| matches!(self.file.spans, SpanMode::Identity));
        let Some(module) = module else {
            self.internal_procedures(procedures, None);
            return;
        };
        let before = self.memo.context;
        let inside = before.mix(&module);
        self.memo.context = inside;
        let outer = self.host.take();
        for child in super::named_children(procedures) {
            self.memoised_top_item(child);
        }
        self.host = outer;
        // Only what the procedures counted in (an include's text, a procedure that was not
        // self-contained; not the `CONTAINS`) keeps the module in the context of the items
        // after it.
        if self.memo.context == inside {
            self.memo.context = before;
        }
    }

    /// Counts a top-level item that is not a self-contained unit into what the program is
    /// declared from and, unless `by_key` (a module the units after it read by its key), into
    /// the context.
    fn memo_item(&mut self, node: Node<'_>, by_key: bool) {
        // Without the memo the context is never read; `top_item` lowers nothing of a
        // `CONTAINS` (nor of a comment, which `named_children` leaves out).
        if !self.memo.active || node.kind() == super::k::CONTAINS_STATEMENT {
            return;
        }
        let text = &self.file.text;
        let range = node.byte_range();
        // A module's procedures count themselves in (`module_procedures`): only what is
        // around them is counted here.
        let is_module = node.kind() == super::k::MODULE;
        let procedures = is_module
            .then(|| {
                super::named_children(node).find(|c| c.kind() == super::k::INTERNAL_PROCEDURES)
            })
            .flatten()
            .map_or(range.end..range.end, |p| p.byte_range());
        let before = text.get(range.start..procedures.start).unwrap_or("");
        let after = text.get(procedures.end..range.end).unwrap_or("");
        let counted = (node.kind(), before, after);
        self.memo.declared = self.memo.declared.mix(&counted);
        if !by_key {
            self.memo.context = self.memo.context.mix(&counted);
        }
    }

    /// Adds what `lowered` made, moved to `start`, to the program.
    fn reuse(&mut self, lowered: &Lowered, start: usize) {
        let delta = start as isize - lowered.start as isize;
        let functions = lowered.functions.iter();
        self.program
            .functions
            .extend(functions.map(|function| PlacedFunction::moved(function.clone(), delta)));
        self.program
            .notes
            .extend(lowered.notes.iter().map(|note| Note {
                span: placed::moved_span(note.span, delta),
                message: note.message.clone(),
            }));
    }

    /// Lowers a unit afresh; what it made when the lowering was self-contained. Its functions'
    /// identities are `key`, the modules it read and their place among them.
    fn lower_self_contained(&mut self, node: Node<'_>, key: Fingerprint) -> Option<Lowered> {
        let range = node.byte_range();
        let before = self.state_signature();
        let (functions, notes) = (self.program.functions.len(), self.program.notes.len());
        let outer = std::mem::take(&mut self.memo.reads);
        self.top_item(node, &mut Vec::new());
        let reads = std::mem::replace(&mut self.memo.reads, outer);
        if self.state_signature() != before {
            return None;
        }
        let within = |span: &Span| placed::moves_with(span, &range);
        let made = &mut self.program.functions[functions..];
        let mut all_within = self.program.notes[notes..].iter().all(|n| within(&n.span));
        for placed in made.iter_mut() {
            let function = placed.get_mut()?;
            spans::each_span(function, &mut |span| all_within &= within(span));
        }
        // Only then an identity: a function that holds a position outside its unit's text is
        // not the same wherever that text goes.
        if !all_within {
            return None;
        }
        // The same text in the same context lowers to the same functions while the modules
        // it uses are the same.
        let identity = key.mix(&reads);
        for (i, placed) in made.iter_mut().enumerate() {
            placed.get_mut()?.identity = Some(identity.mix(&i));
        }
        let made = made.iter().map(|placed| placed.lowered().clone()).collect();
        let notes = self.program.notes[notes..].to_vec();
        Some(Lowered {
            text: Arc::from(self.file.text.get(range.clone()).unwrap_or("")),
            start: range.start,
            reads,
            functions: made,
            notes,
        })
    }

    fn state_signature(&self) -> StateSignature {
        let program = &self.program;
        StateSignature(
            [
                self.memo.resolutions,
                self.modules.len(),
                self.macros.changes(),
                self.common_counter,
                program.aggregates.len(),
                program.typedefs.len(),
                program.globals.len(),
                program.fortran_modules.len(),
                program.macro_uses.len() + program.macro_names.len(),
                self.depth.refusals(),
            ],
            self.unseen_at_file_scope,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::{lower, FortranOptions};
    use super::FortranParse;
    use crate::ir::Program;
    use crate::source::FortranForm;
    use crate::syntax::IncludeResolver;
    use std::collections::HashMap;
    use std::sync::Arc;

    fn lowered(
        text: &str,
        includes: &mut dyn IncludeResolver,
        previous: Option<&FortranParse>,
    ) -> (Program, FortranParse) {
        lowered_with(&[], text, includes, previous)
    }

    /// [`lowered`] with the `-D` definitions `defines`.
    fn lowered_with(
        defines: &[(String, Option<String>)],
        text: &str,
        includes: &mut dyn IncludeResolver,
        previous: Option<&FortranParse>,
    ) -> (Program, FortranParse) {
        let options = FortranOptions {
            form: FortranForm::Free,
            preprocessed: false,
            form_override: Default::default(),
            kinds: Default::default(),
            defines,
        };
        let (program, parse) = lower(text, &options, includes, previous);
        (program, parse.expect("parsed"))
    }

    /// A version lowered from the previous one is the fresh lowering of its text.
    fn next_version(
        previous: &FortranParse,
        text: &str,
        includes: &mut dyn IncludeResolver,
    ) -> Program {
        let (program, _) = lowered(text, includes, Some(previous));
        let (fresh, _) = lowered(text, includes, None);
        assert_eq!(format!("{program:?}"), format!("{fresh:?}"), "{text}");
        program
    }

    /// Whether the function named `name` of `new` is the one lowered for `old`.
    fn same(old: &Program, new: &Program, name: &str) -> bool {
        let of = |program: &Program| {
            let function = program.functions.iter().find(|f| f.name() == name);
            function.expect(name).lowered().clone()
        };
        Arc::ptr_eq(&of(old), &of(new))
    }

    const FILE: &str = "module sizes
  integer, parameter :: rows = 4
end module sizes

subroutine first(a, n)
  use mpi
  double precision :: a(*)
  integer :: n, i, t, ierr
  do i = 1, n
    call MPI_Type_contiguous(i, MPI_DOUBLE_PRECISION, t, ierr)
  end do
end subroutine first

subroutine second(a)
  use sizes
  double precision :: a(*)
  integer :: t, ierr, k
  do k = 1, rows + 1
    call MPI_Type_vector(rows, 1, k, MPI_DOUBLE_PRECISION, t, ierr)
  end do
contains
  subroutine inner()
    integer :: j
    do j = 1, rows
    end do
  end subroutine inner
end subroutine second

subroutine third(a, m)
  double precision :: a(*)
  integer :: m, t, ierr, i
  common /shared/ i
  call MPI_Type_contiguous(m, MPI_DOUBLE_PRECISION, t, ierr)
end subroutine third
";

    /// The lowering of `text`, and of it with one more loop at the end of subroutine `first`
    /// (whose statements are indented by `indent`) made from it; how far that moved the
    /// function after `first`, the `next`th.
    fn one_more_loop_in_first(text: &str, indent: &str, next: usize) -> (Program, Program) {
        let (old, parse) = lowered(text, &mut crate::syntax::NoIncludes, None);
        let (end_do, end) = (
            format!("{indent}end do\n"),
            format!("{}end subroutine first", &indent[2..]),
        );
        let added = format!("{indent}do i = 1, n\n{indent}end do\n");
        let edited = text.replace(&format!("{end_do}{end}"), &format!("{end_do}{added}{end}"));
        let new = next_version(&parse, &edited, &mut crate::syntax::NoIncludes);
        assert!(!same(&old, &new, "first"));
        // The loops of the unit after it are numbered from its own start.
        let moved = new.functions[next].span().start - old.functions[next].span().start;
        assert_eq!(moved, added.len());
        (old, new)
    }

    #[test]
    fn units_around_an_edit_are_reused_and_moved() {
        let (old, new) = one_more_loop_in_first(FILE, "  ", 1);
        assert!(same(&old, &new, "second"));
        assert!(same(&old, &new, "inner"));
        // A COMMON block is an aggregate of the whole program: `third` is lowered every time.
        assert!(!same(&old, &new, "third"));
    }

    #[test]
    fn an_edit_to_a_module_lowers_again_the_units_that_use_it() {
        let (old, parse) = lowered(FILE, &mut crate::syntax::NoIncludes, None);
        let edited = FILE.replace("rows = 4", "rows = 5");
        let new = next_version(&parse, &edited, &mut crate::syntax::NoIncludes);
        assert!(same(&old, &new, "first"));
        assert!(!same(&old, &new, "second"));
        assert!(!same(&old, &new, "inner"));
    }

    #[test]
    fn a_unit_depends_on_the_modules_its_modules_use() {
        let text = "module base
  integer, parameter :: n = 2
end module base

module middle
  use base
  integer, parameter :: m = n + 1
end module middle

module apart
  integer, parameter :: k = 7
end module apart

subroutine user(a)
  use middle
  double precision :: a(*)
  integer :: t, ierr
  call MPI_Type_contiguous(m, MPI_DOUBLE_PRECISION, t, ierr)
end subroutine user

subroutine other(a)
  use apart
  double precision :: a(*)
  integer :: t, ierr
  call MPI_Type_contiguous(k, MPI_DOUBLE_PRECISION, t, ierr)
end subroutine other
";
        let (old, parse) = lowered(text, &mut crate::syntax::NoIncludes, None);
        let edited = text.replace("n = 2", "n = 3");
        let new = next_version(&parse, &edited, &mut crate::syntax::NoIncludes);
        assert!(!same(&old, &new, "user"));
        assert!(same(&old, &new, "other"));
        // Lowered again from the same text in the same context, it is not the same function:
        // the roots' memo must not take it for the one it was.
        let identity = |program: &Program| {
            let function = program.functions.iter().find(|f| f.name() == "user");
            function.expect("user").identity().expect("an identity")
        };
        assert_ne!(identity(&old), identity(&new));
        // An edit to the module one unit uses lowers that unit again, not the other.
        let (old, parse) = lowered(&edited, &mut crate::syntax::NoIncludes, Some(&parse));
        let renamed = edited.replace("k = 7", "k = 8");
        let new = next_version(&parse, &renamed, &mut crate::syntax::NoIncludes);
        assert!(same(&old, &new, "user"));
        assert!(!same(&old, &new, "other"));
    }

    const MODULE_FILE: &str = "module halo
  integer, parameter :: depth = 2
contains
  subroutine first(a, n)
    use mpi
    double precision :: a(*)
    integer :: n, i, t, ierr
    do i = 1, n
      call MPI_Type_contiguous(i, MPI_DOUBLE_PRECISION, t, ierr)
    end do
  end subroutine first

  subroutine second(a)
    use mpi
    double precision :: a(*)
    integer :: t, ierr, k
    do k = 1, depth
      call MPI_Type_vector(depth, 1, k, MPI_DOUBLE_PRECISION, t, ierr)
    end do
  end subroutine second
end module halo

subroutine outside(a)
  use halo
  double precision :: a(*)
  integer :: t, ierr
  call MPI_Type_contiguous(depth, MPI_DOUBLE_PRECISION, t, ierr)
end subroutine outside

subroutine apart(a)
  double precision :: a(*)
  integer :: t, ierr
  call MPI_Type_contiguous(2, MPI_DOUBLE_PRECISION, t, ierr)
end subroutine apart
";

    #[test]
    fn the_procedures_of_a_module_around_an_edit_are_reused_and_moved() {
        let (old, new) = one_more_loop_in_first(MODULE_FILE, "    ", 2);
        assert!(same(&old, &new, "second"));
        // What a unit after the module sees of it is its specification part.
        assert!(same(&old, &new, "outside"));
    }

    #[test]
    fn an_edit_to_a_module_specification_lowers_again_its_procedures_and_the_units_using_it() {
        let (old, parse) = lowered(MODULE_FILE, &mut crate::syntax::NoIncludes, None);
        let edited = MODULE_FILE.replace("depth = 2", "depth = 3");
        let new = next_version(&parse, &edited, &mut crate::syntax::NoIncludes);
        for name in ["first", "second", "outside"] {
            assert!(!same(&old, &new, name), "{name}");
        }
        assert!(same(&old, &new, "apart"));
    }

    #[test]
    fn a_comment_between_units_moves_the_units_after_it() {
        let (old, parse) = lowered(FILE, &mut crate::syntax::NoIncludes, None);
        let edited = FILE.replace("\nsubroutine second", "\n! a note\nsubroutine second");
        let new = next_version(&parse, &edited, &mut crate::syntax::NoIncludes);
        assert!(same(&old, &new, "first"));
        assert!(same(&old, &new, "second"));
    }

    #[test]
    fn a_module_that_defines_a_macro_is_part_of_what_the_units_after_it_are_lowered_in() {
        let text = "module config
#define WIDE
  integer, parameter :: n = 4
end module config

subroutine build(t)
  use mpi
  integer :: t, ierr
#ifdef WIDE
  call MPI_Type_contiguous(8, MPI_INTEGER, t, ierr)
#else
  call MPI_Type_contiguous(2, MPI_INTEGER, t, ierr)
#endif
end subroutine build
";
        let (old, parse) = lowered(text, &mut crate::syntax::NoIncludes, None);
        let new = next_version(
            &parse,
            &text.replace("#define WIDE\n", ""),
            &mut crate::syntax::NoIncludes,
        );
        assert!(!same(&old, &new, "build"));
    }

    /// Another file's module, preprocessed: what it declares follows the `-D` definitions.
    struct FarModule;

    impl IncludeResolver for FarModule {
        fn resolve(&mut self, _name: &str) -> Option<String> {
            None
        }

        fn module(&mut self, name: &str) -> Option<crate::syntax::ModuleSource> {
            (name == "far").then(|| crate::syntax::ModuleSource {
                text: "module far\n#ifdef BIG\n  integer, parameter :: n = 8\n#else\n  \
                       integer, parameter :: n = 2\n#endif\nend module far\n"
                    .to_owned(),
                language: crate::source::Language::fortran(FortranForm::Free, true),
                includes: Box::new(crate::syntax::NoIncludes),
            })
        }
    }

    /// What another file's module is read as, after cpp, is its key: the `-D` definitions
    /// need no place of their own in the context.
    #[test]
    fn the_definitions_another_files_module_is_read_with_are_part_of_its_key() {
        let text = "subroutine loader()
  use far
end subroutine loader

subroutine user(a)
  use far
  double precision :: a(*)
  integer :: t, ierr
  call MPI_Type_contiguous(n, MPI_DOUBLE_PRECISION, t, ierr)
end subroutine user
";
        let (old, parse) = lowered(text, &mut FarModule, None);
        let big = [("BIG".to_owned(), None)];
        let (new, _) = lowered_with(&big, text, &mut FarModule, Some(&parse));
        let (fresh, _) = lowered_with(&big, text, &mut FarModule, None);
        assert_eq!(format!("{new:?}"), format!("{fresh:?}"));
        assert!(!same(&old, &new, "user"));
    }

    #[test]
    fn loops_at_module_scope_are_numbered_from_the_module() {
        let text = "subroutine counted(n)
  integer :: n, i
  do i = 1, n
  end do
end subroutine counted

module g
  integer :: i, n
#if 1
  do i = 1, n
  end do
#endif
end module g
";
        let (old, parse) = lowered(text, &mut crate::syntax::NoIncludes, None);
        // `counted` is reused: its loops are not lowered again before the module's.
        let new = next_version(
            &parse,
            &text.replace("i, n\n#if", "i, n, m\n#if"),
            &mut crate::syntax::NoIncludes,
        );
        assert!(same(&old, &new, "counted"));
    }

    #[test]
    fn a_unit_past_the_depth_limit_is_lowered_every_time() {
        // The depth note comes once a file: whether a unit gets it depends on those before.
        let deep = vec!["1"; 450].join(" + ");
        let text = format!(
            "module m
  integer, parameter :: big = {deep}
end module m

subroutine u(k)
  integer :: k
  k = {deep}
end subroutine u
"
        );
        let (_, parse) = lowered(&text, &mut crate::syntax::NoIncludes, None);
        let shallow = text.replacen(&deep, "1", 1);
        next_version(&parse, &shallow, &mut crate::syntax::NoIncludes);
    }

    #[test]
    fn a_unit_written_twice_has_no_identity_the_other_has() {
        let unit = "subroutine twice(n)\n  integer :: n\nend subroutine twice\n";
        let (program, _) = lowered(
            &format!("{unit}{unit}"),
            &mut crate::syntax::NoIncludes,
            None,
        );
        let identities: Vec<_> = program.functions.iter().map(|f| f.identity()).collect();
        assert_eq!(identities.len(), 2);
        assert!(identities[0].is_some());
        assert_ne!(identities[0], identities[1]);
    }

    #[test]
    fn what_an_include_brings_is_part_of_what_the_units_after_it_are_lowered_in() {
        let text = "include 'sizes.inc'

subroutine user(a)
  use sizes
  double precision :: a(*)
  integer :: t, ierr
  call MPI_Type_contiguous(n, MPI_DOUBLE_PRECISION, t, ierr)
end subroutine user
";
        let include = |module: &str| HashMap::from([("sizes.inc".to_owned(), module.to_owned())]);
        let mut declared = include("module sizes\n  integer :: q\nend module sizes\n");
        let (_, parse) = lowered(text, &mut declared, None);
        // The same text, but the module now includes a file that is not found: `n` may be
        // declared there, and is no longer implicitly an integer.
        let mut unseen = include("module sizes\n  include 'gone.inc'\nend module sizes\n");
        next_version(&parse, text, &mut unseen);
    }
}
