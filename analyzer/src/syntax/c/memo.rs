//! Functions lowered for the previous version of the main file, reused for this one where
//! nothing they were lowered from changed: after an edit inside one function, the language
//! server lowers that function again, not the file.
//!
//! A function definition at the top of the main file is reused when
//! - its text, as written and after the pre-pass, and what the pre-pass marked in it are the
//!   same, relative to its start;
//! - the context it is lowered in is the same: the options, the headers' texts, the statement
//!   macros, and the text of every item before it that changed the lowerer's state (every item
//!   but the functions whose lowering changed nothing of it), all in one fingerprint;
//! - its lowering was self-contained: it changed nothing but the program's functions, notes and
//!   macro uses, every position it made lies in its own text, and it left the expansion and
//!   include budgets unexhausted, as it would leave them now.
//!
//! Its function, notes and macro uses are then moved to where its text now is.
//!
//! When an item before it changed, a function is reused if what its lowering read of the state
//! the items before it made is the same: the macros, typedef names and enumerators it asked
//! for by name (found or not), the `#pragma once` headers it asked about, and the globals'
//! names where it read them all. A struct's declaration is none of these: a function that
//! names the struct is lowered from the same text to the same IR when the struct changes.
//!
//! An item outside the part of the text an edit changed is the previous version's item moved:
//! its text's fingerprint is the one the previous version made, not made again from its bytes.

use std::cell::{Cell, RefCell};
use std::hash::Hash;
use std::ops::Range;
use std::sync::Arc;

use tree_sitter::Node;

use super::{FileCtx, Lowerer, MacroState, MainParse};
use crate::fingerprint::Fingerprint;
use crate::hash::HashMap;
use crate::ir::{placed, spans, Function, PlacedFunction};
use crate::source::{Note, Span};
use crate::syntax::reparse::differing_middle;
use crate::syntax::TextBudget;

/// The functions one version's lowering made, for the next version's.
#[derive(Debug, Default)]
pub(crate) struct FunctionMemo {
    /// By the context of every item before the function and its text.
    entries: HashMap<Fingerprint, Arc<Lowered>>,
    /// By its text alone (with the options, headers and statement macros): reused when what it
    /// read is what the state now holds.
    by_text: HashMap<Fingerprint, Arc<Lowered>>,
    /// The top-level items in order, with their texts' fingerprints.
    items: Vec<KeptItem>,
    /// How many of those fingerprints were made from the text, not taken from the previous
    /// version's.
    made: usize,
}

/// A top-level item's range and its text's fingerprint (as written and after the pre-pass,
/// without the marks); a function's kept text with it.
#[derive(Debug)]
struct KeptItem {
    range: Range<usize>,
    text: Fingerprint,
    kept: Option<Arc<KeptText>>,
}

/// Where this version's text, as written and after the pre-pass, is the previous version's:
/// before `prefix`, and from `suffix_from` on, where it is the previous one's moved by `delta`.
#[derive(Clone, Copy)]
struct Unchanged {
    prefix: usize,
    suffix_from: usize,
    delta: isize,
}

impl Unchanged {
    /// Between the previous version's texts (as written, after the pre-pass) and this one's.
    fn between(old: (&str, &str), new: (&str, &str)) -> Option<Unchanged> {
        // The pre-pass keeps every offset; texts of other lengths are no pair.
        if old.0.len() != old.1.len() || new.0.len() != new.1.len() {
            return None;
        }
        let written = differing_middle(old.0, new.0);
        let prepassed = differing_middle(old.1, new.1);
        let suffix = (old.0.len() - written.1).min(old.0.len() - prepassed.1);
        Some(Unchanged {
            prefix: written.0.min(prepassed.0),
            suffix_from: new.0.len() - suffix,
            delta: new.0.len() as isize - old.0.len() as isize,
        })
    }

    /// Where the previous version had the text that `range` has in this one, if it had.
    fn previous(&self, range: &Range<usize>) -> Option<Range<usize>> {
        if range.end <= self.prefix {
            return Some(range.clone());
        }
        if range.start < self.suffix_from {
            return None;
        }
        let start = range.start.checked_add_signed(-self.delta)?;
        Some(start..start + range.len())
    }
}

/// The memo's state during one lowering.
#[derive(Default)]
pub(super) struct Memo {
    previous: Option<Arc<FunctionMemo>>,
    next: FunctionMemo,
    /// What the items lowered so far make of the lowerer's state.
    context: Fingerprint,
    marks: MarkIndex,
    unchanged: Option<Unchanged>,
    made: Cell<usize>,
    /// The context before the first item: the options, the headers' texts, the statement
    /// macros.
    base: Fingerprint,
    /// What the function being lowered read, other than macros, when being kept.
    reads: RefCell<Option<Vec<Read>>>,
}

/// Something a function's lowering read of the state the items before it made.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Read {
    Macro(String),
    /// Whether the name is a typedef's.
    TypeName(String),
    Enumerator(String),
    /// Whether the header was included with `#pragma once`, or is being included.
    IncludedOnce(String),
    /// The names of every global declared so far.
    GlobalNames,
}

/// One function's lowering, with what it was lowered from.
#[derive(Debug)]
struct Lowered {
    text: Arc<KeptText>,
    /// Where the text started when it was lowered: the positions below are there.
    start: usize,
    function: Option<Arc<Function>>,
    notes: Vec<Note>,
    macro_uses: Vec<Span>,
    /// What the lowering took of the expansion and include budgets (pieces, bytes).
    expansions: (usize, usize),
    includes: (usize, usize),
    /// What it read, each with the fingerprint of what it found.
    reads: Vec<(Read, Fingerprint)>,
}

/// An item's text as written and after the pre-pass, with the pre-pass's marks in it, all
/// relative to its start.
struct ItemText<'a> {
    original: &'a str,
    prepassed: &'a str,
    marks: Marks,
}

/// An [`ItemText`] kept for the next version.
#[derive(Debug)]
struct KeptText {
    original: Arc<str>,
    prepassed: Arc<str>,
    marks: Marks,
}

impl ItemText<'_> {
    /// Whether `kept` is this text; `known` when its text (not its marks) is known to be.
    fn is(&self, kept: &KeptText, known: bool) -> bool {
        self.marks == kept.marks
            && (known || (self.original == &*kept.original && self.prepassed == &*kept.prepassed))
    }

    fn kept(self) -> KeptText {
        KeptText {
            original: Arc::from(self.original),
            prepassed: Arc::from(self.prepassed),
            marks: self.marks,
        }
    }

    fn text_fingerprint(&self) -> Fingerprint {
        Fingerprint::default().mix(&(self.original, self.prepassed))
    }
}

#[derive(Debug, Default, PartialEq, Eq, Hash)]
struct Marks {
    complex: Vec<usize>,
    offsetof: Vec<(usize, String)>,
    attributes: Vec<(usize, Range<usize>)>,
    replaced: Vec<(usize, usize)>,
}

/// The pre-pass's marks of the main file, sorted by offset.
#[derive(Default)]
struct MarkIndex {
    complex: Vec<usize>,
    offsetof: Vec<(usize, String)>,
    attributes: Vec<(usize, Range<usize>)>,
    replaced: Vec<(usize, usize)>,
}

impl MarkIndex {
    fn of(file: &FileCtx) -> MarkIndex {
        let mut index = MarkIndex {
            complex: file.complex_at.iter().copied().collect(),
            offsetof: file
                .offsetof_members
                .iter()
                .map(|(&at, path)| (at, path.clone()))
                .collect(),
            attributes: file
                .hidden_attributes
                .iter()
                .map(|(&at, range)| (at, range.clone()))
                .collect(),
            replaced: file
                .replaced_uses
                .iter()
                .map(|(&start, &end)| (start, end))
                .collect(),
        };
        index.complex.sort_unstable();
        index.offsetof.sort_unstable();
        index.attributes.sort_unstable_by_key(|(at, _)| *at);
        index.replaced.sort_unstable();
        index
    }

    /// The marks in `range`, relative to its start (a mark's end may lie past it).
    fn within(&self, range: &Range<usize>) -> Marks {
        let start = range.start;
        Marks {
            complex: in_range(&self.complex, range, |&at| at)
                .iter()
                .map(|at| at - start)
                .collect(),
            offsetof: in_range(&self.offsetof, range, |(at, _)| *at)
                .iter()
                .map(|(at, path)| (at - start, path.clone()))
                .collect(),
            attributes: in_range(&self.attributes, range, |(at, _)| *at)
                .iter()
                .map(|(at, r)| (at - start, r.start - start..r.end - start))
                .collect(),
            replaced: in_range(&self.replaced, range, |(at, _)| *at)
                .iter()
                .map(|(at, end)| (at - start, end - start))
                .collect(),
        }
    }
}

/// The entries of `sorted` whose offset lies in `range`.
fn in_range<'a, T>(sorted: &'a [T], range: &Range<usize>, at: impl Fn(&T) -> usize) -> &'a [T] {
    let from = sorted.partition_point(|t| at(t) < range.start);
    let to = sorted.partition_point(|t| at(t) < range.end);
    &sorted[from..to]
}

/// What of the lowerer's state a function's lowering may change only when it is not
/// self-contained (counts and values; each changes whenever the state does).
#[derive(PartialEq, Eq)]
struct StateSignature([usize; 16], Option<u32>);

impl Lowerer<'_> {
    /// Starts the memo of a main file whose pre-pass is done, with the previous version's: the
    /// context is the options, the headers' texts and the statement macros.
    pub(super) fn start_memo(&mut self, previous: Option<&MainParse>) {
        let unchanged = previous.and_then(|p| {
            let old = (p.prepass.as_ref()?.original(), &**p.parse.text());
            Unchanged::between(old, (&self.file.original, &self.file.text))
        });
        let mut headers: Vec<(&String, &Option<std::rc::Rc<str>>)> =
            self.include_texts.iter().collect();
        headers.sort_unstable_by_key(|(name, _)| *name);
        let headers: Vec<(&String, Option<&str>)> = headers
            .into_iter()
            .map(|(name, text)| (name, text.as_deref()))
            .collect();
        let context = Fingerprint::default()
            .mix(&self.target)
            .mix(&self.options.defines)
            .mix(&(self.options.max_include_depth, self.options.max_bytes))
            .mix(&headers)
            .mix(&self.statement_macros);
        self.memo = Memo {
            previous: previous.map(|p| p.functions.clone()),
            next: FunctionMemo::default(),
            context,
            marks: MarkIndex::of(&self.file),
            unchanged,
            made: Cell::new(0),
            base: context,
            reads: RefCell::new(None),
        };
    }

    /// The memo of this version's functions, for the next; sets the program's declarations.
    pub(super) fn finish_memo(&mut self) -> FunctionMemo {
        self.program.declarations = Some(self.memo.context);
        self.memo.next.made = self.memo.made.take();
        std::mem::take(&mut self.memo.next)
    }

    fn item_text(&self, range: &Range<usize>) -> ItemText<'_> {
        ItemText {
            original: self.file.original.get(range.clone()).unwrap_or(""),
            prepassed: self.file.text.get(range.clone()).unwrap_or(""),
            marks: self.memo.marks.within(range),
        }
    }

    /// The fingerprint of the text in `range` and, for a function, its text as the previous
    /// version kept it: the previous version's where the edit left the text alone, made anew
    /// otherwise.
    fn text_of(
        &self,
        range: &Range<usize>,
        text: &ItemText,
    ) -> (Fingerprint, Option<Arc<KeptText>>) {
        let previous = self.memo.unchanged.and_then(|u| u.previous(range));
        let kept = previous.and_then(|old| {
            let items = &self.memo.previous.as_ref()?.items;
            let i = items
                .binary_search_by_key(&old.start, |item| item.range.start)
                .ok()?;
            (items[i].range == old).then(|| (items[i].text, items[i].kept.clone()))
        });
        kept.unwrap_or_else(|| {
            self.memo.made.set(self.memo.made.get() + 1);
            (text.text_fingerprint(), None)
        })
    }

    /// Counts a top-level item that was not a self-contained function into the context.
    pub(super) fn memo_item(&mut self, node: Node<'_>) {
        let range = node.byte_range();
        let text = self.item_text(&range);
        let (fingerprint, _) = self.text_of(&range, &text);
        self.memo.context = self
            .memo
            .context
            .mix(&(node.kind(), fingerprint, &text.marks));
        self.memo.next.items.push(KeptItem {
            range,
            text: fingerprint,
            kept: None,
        });
    }

    /// Lowers a function definition at the top of the main file without syntax errors, from
    /// the previous version's lowering of it when that can be reused.
    pub(super) fn lower_memoised_function(&mut self, node: Node<'_>) {
        let range = node.byte_range();
        let text = self.item_text(&range);
        let (fingerprint, kept) = self.text_of(&range, &text);
        let key = self.memo.context.mix(&(fingerprint, &text.marks));
        let text_key = self.memo.base.mix(&(fingerprint, &text.marks));
        let reusable_as = |lowered: &&Arc<Lowered>| {
            let known = kept.as_ref().is_some_and(|k| Arc::ptr_eq(k, &lowered.text));
            text.is(&lowered.text, known)
                && replays(&self.expansion_budget, lowered.expansions)
                && replays(&self.include_budget, lowered.includes)
        };
        let previous = self.memo.previous.as_ref();
        let reusable = previous
            .and_then(|memo| memo.entries.get(&key))
            .filter(reusable_as)
            .or_else(|| {
                previous?
                    .by_text
                    .get(&text_key)
                    .filter(reusable_as)
                    .filter(|lowered| {
                        lowered
                            .reads
                            .iter()
                            .all(|(read, found)| self.read_value(read) == *found)
                    })
            })
            .cloned();
        let lowered = match reusable {
            Some(lowered) => {
                self.reuse(&lowered, range.start);
                lowered
            }
            None => match self.lower_self_contained(node, text_key) {
                Some(lowered) => Arc::new(lowered),
                None => {
                    self.memo_item(node);
                    return;
                }
            },
        };
        self.memo.next.items.push(KeptItem {
            range,
            text: fingerprint,
            kept: Some(lowered.text.clone()),
        });
        self.memo.next.entries.insert(key, lowered.clone());
        self.memo.next.by_text.insert(text_key, lowered);
    }

    /// Adds what `lowered` made, moved to `start`, to the program. The memo keeps it where it
    /// was lowered: the function is moved only when read (`ir::PlacedFunction`).
    fn reuse(&mut self, lowered: &Lowered, start: usize) {
        replay(&mut self.expansion_budget, lowered.expansions);
        replay(&mut self.include_budget, lowered.includes);
        let delta = start as isize - lowered.start as isize;
        let function = lowered.function.as_ref();
        self.program
            .functions
            .extend(function.map(|function| PlacedFunction::moved(function.clone(), delta)));
        self.program
            .notes
            .extend(lowered.notes.iter().map(|note| Note {
                span: placed::moved_span(note.span, delta),
                message: note.message.clone(),
            }));
        let macro_uses = lowered
            .macro_uses
            .iter()
            .map(|&span| placed::moved_span(span, delta));
        self.program.macro_uses.extend(macro_uses);
    }

    /// Lowers a function afresh; what it made when the lowering was self-contained.
    fn lower_self_contained(&mut self, node: Node<'_>, text_key: Fingerprint) -> Option<Lowered> {
        let range = node.byte_range();
        let before = self.state_signature();
        let (functions, notes, macro_uses) = (
            self.program.functions.len(),
            self.program.notes.len(),
            self.program.macro_uses.len(),
        );
        let budgets = (self.expansion_budget.left(), self.include_budget.left());
        self.macros.start_reads();
        *self.memo.reads.borrow_mut() = Some(Vec::new());
        self.lower_top_item(node);
        let mut reads: Vec<Read> = self.memo.reads.borrow_mut().take().unwrap_or_default();
        reads.extend(self.macros.take_reads().into_iter().map(Read::Macro));
        let budget_use = |before: Option<(usize, usize)>, after: Option<(usize, usize)>| {
            let (before, after) = (before?, after?);
            Some((before.0 - after.0, before.1 - after.1))
        };
        let expansions = budget_use(budgets.0, self.expansion_budget.left())?;
        let includes = budget_use(budgets.1, self.include_budget.left())?;
        if self.state_signature() != before || self.program.functions.len() > functions + 1 {
            return None;
        }
        reads.sort_unstable();
        reads.dedup();
        let reads: Vec<(Read, Fingerprint)> = reads
            .into_iter()
            .map(|read| {
                let found = self.read_value(&read);
                (read, found)
            })
            .collect();
        // Equal identities are equal lowerings: the same text read the same state.
        let identity = text_key.mix(&reads);
        let within = |span: &Span| placed::moves_with(span, &range);
        let mut function = None;
        if self.program.functions.len() > functions {
            let last = self.program.functions.last_mut()?;
            let lowered = last.get_mut()?;
            let mut all_within = true;
            spans::each_span(lowered, &mut |span| all_within &= within(span));
            if !all_within {
                return None;
            }
            lowered.identity = Some(identity);
            function = Some(last.lowered().clone());
        }
        let notes = self.program.notes[notes..].to_vec();
        let macro_uses = self.program.macro_uses[macro_uses..].to_vec();
        if !notes.iter().all(|n| within(&n.span)) || !macro_uses.iter().all(within) {
            return None;
        }
        Some(Lowered {
            text: Arc::new(self.item_text(&range).kept()),
            start: range.start,
            function,
            notes,
            macro_uses,
            expansions,
            includes,
            reads,
        })
    }

    /// Keeps `read` among what the function being lowered read, if it is being kept.
    pub(super) fn read(&self, read: impl FnOnce() -> Read) {
        if let Some(reads) = self.memo.reads.borrow_mut().as_mut() {
            reads.push(read());
        }
    }

    /// What the state holds now of `read`.
    fn read_value(&self, read: &Read) -> Fingerprint {
        let found = Fingerprint::default();
        match read {
            Read::Macro(name) => match self.macros.peek(name) {
                None => found.mix(&0),
                Some(MacroState::Undefined) => found.mix(&1),
                Some(MacroState::Uncertain) => found.mix(&2),
                Some(MacroState::Defined { params, body }) => {
                    found.mix(&(3, params, body.fingerprint))
                }
                Some(MacroState::MaybeDefined { body }) => found.mix(&(4, body.fingerprint)),
            },
            Read::TypeName(name) => found.mix(&self.typedef_names.contains(name)),
            Read::Enumerator(name) => found.mix(&self.enum_values.get(name)),
            Read::IncludedOnce(name) => found.mix(&(
                self.included_once.contains(name),
                self.include_stack.contains(name),
            )),
            Read::GlobalNames => found.mix(&self.global_names().collect::<Vec<_>>()),
        }
    }

    fn state_signature(&self) -> StateSignature {
        let program = &self.program;
        StateSignature(
            [
                self.macros.changes(),
                self.typedef_names.len(),
                self.enum_changes,
                self.pack_stack.len(),
                self.anon_counter,
                self.included_once.len(),
                self.include_texts.len(),
                usize::from(self.saw_pragma_once),
                self.statement_macros.len(),
                self.pending.len(),
                program.aggregates.len(),
                program.typedefs.len(),
                program.macro_names.len(),
                program.globals.len(),
                program.fortran_modules.len(),
                // The depth note comes once a file: a lowering past the limit reads the others.
                self.depth.refusals(),
            ],
            self.pack,
        )
    }
}

/// Whether taking `used` again leaves `budget` unexhausted, as the lowering that took it did.
fn replays(budget: &TextBudget, used: (usize, usize)) -> bool {
    budget
        .left()
        .is_some_and(|(pieces, bytes)| pieces > used.0 && bytes >= used.1)
}

fn replay(budget: &mut TextBudget, used: (usize, usize)) {
    budget.take_again(used.0, used.1);
}

#[cfg(test)]
mod tests {
    use super::super::{lower, COptions, MainParse};
    use crate::ir::Program;
    use crate::layout::Target;
    use crate::syntax::NoIncludes;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::sync::Arc;

    fn lowered(text: &str, previous: Option<&MainParse>) -> (Program, Option<MainParse>) {
        lower(
            text,
            &COptions::default(),
            Target::default(),
            &mut NoIncludes,
            previous,
        )
    }

    /// `FILE` lowered from nothing, and its parse, which the next version starts from.
    fn first_version() -> (Program, MainParse) {
        let (program, parse) = lowered(FILE, None);
        (program, parse.expect("parsed"))
    }

    /// Whether the `i`th function of `new` is the one lowered for `old`.
    fn same(old: &Program, new: &Program, i: usize) -> bool {
        Arc::ptr_eq(old.functions[i].lowered(), new.functions[i].lowered())
    }

    /// A version lowered from the previous one is the fresh lowering of its text.
    fn next_version(previous: &MainParse, text: &str) -> (Program, MainParse) {
        let (program, parse) = lowered(text, Some(previous));
        let (fresh, _) = lowered(text, None);
        assert_eq!(format!("{program:?}"), format!("{fresh:?}"), "{text}");
        (program, parse.expect("parsed"))
    }

    #[test]
    fn a_function_past_the_depth_limit_is_lowered_every_time() {
        // The depth note comes once a file: whether a function gets it depends on those before.
        let deep = vec!["1"; 300].join(" + ");
        let text = format!(
            "int before(void) {{ return {deep}; }}\nint after(void) {{ return {deep}; }}\n"
        );
        let (_, parse) = lowered(&text, None);
        next_version(&parse.expect("parsed"), &text.replacen(&deep, "1", 1));
    }

    const FILE: &str = "#include <mpi.h>
#define N 4
struct cell { int id; double v[N]; };

void first(MPI_Datatype *t) { MPI_Type_contiguous(N, MPI_INT, t); }

/* between */
void second(struct cell *c) {
    MPI_Datatype t;
    MPI_Type_contiguous(sizeof *c, MPI_BYTE, &t);
}

#define M 2
void third(void) { int a[M]; MPI_Datatype t; MPI_Type_vector(M, 1, N, MPI_INT, &t); }
void fourth(void) { enum { K = 3 }; int k = K; (void)k; }
";

    #[test]
    fn functions_before_an_edit_are_shared_and_those_after_it_moved() {
        let (old, parse) = first_version();
        let edited = FILE.replace("MPI_Datatype t;\n", "MPI_Datatype t;\n    int extra = 2;\n");
        let (new, _) = lowered(&edited, Some(&parse));
        assert!(same(&old, &new, 0));
        assert!(!same(&old, &new, 1));
        // Moved where it is read, not before.
        assert!(same(&old, &new, 2));
        assert!(!new.functions[2].is_in_place());
        let moved = new.functions[2].span().start - old.functions[2].span().start;
        assert_eq!(moved, "    int extra = 2;\n".len());
        assert_eq!(new.functions[2].span, new.functions[2].span());
        assert!(new.functions[2].is_in_place());
        next_version(&parse, &edited);
    }

    #[test]
    fn only_the_items_an_edit_changed_have_their_texts_fingerprinted_again() {
        let (_, parse) = first_version();
        assert!(parse.functions.made >= 6, "{}", parse.functions.made);
        let edited = FILE.replace("MPI_Datatype t;\n", "MPI_Datatype t;\n    int extra = 2;\n");
        let (_, next) = next_version(&parse, &edited);
        assert_eq!(next.functions.made, 1);
        // A comment between items is none of them.
        let (_, next) = next_version(&parse, &FILE.replace("/* between */", "/* b_tween */"));
        assert_eq!(next.functions.made, 0);
    }

    #[test]
    fn a_change_to_what_functions_see_lowers_the_functions_after_it_again() {
        let (old, parse) = first_version();
        // Same length: the functions after the change stay where they were.
        let (new, _) = next_version(&parse, &FILE.replace("#define M 2", "#define M 7"));
        assert!(same(&old, &new, 1));
        assert!(!same(&old, &new, 2));
        // An edit to a comment between functions changes nothing they see.
        let (new, _) = next_version(&parse, &FILE.replace("/* between */", "/* b_tween */"));
        assert!(same(&old, &new, 2));
        // `fourth` declares an enumerator, which the functions after it would see: it is
        // lowered again every time.
        assert!(!same(&old, &new, 3));
    }

    #[test]
    fn a_changed_declaration_lowers_again_only_the_functions_that_read_it() {
        let (old, parse) = first_version();
        // `second` names the struct: the same text lowers to the same IR.
        let (new, _) = next_version(&parse, &FILE.replace("int id;", "int id, extra;"));
        assert!(same(&old, &new, 1));
        assert!(same(&old, &new, 2));
        // `first` and `third` expand `N`; `second` does not read it.
        let (new, _) = next_version(&parse, &FILE.replace("#define N 4", "#define N 5"));
        assert!(!same(&old, &new, 0));
        assert!(same(&old, &new, 1));
        assert!(!same(&old, &new, 2));
        // A typedef of a name no function reads as a type.
        let (new, _) = next_version(&parse, &FILE.replace("/* between */", "typedef int t;"));
        assert!(same(&old, &new, 1));
    }

    #[test]
    fn what_a_lowering_read_decides_whether_it_is_reused() {
        let sizeof = "int y;\nvoid h(void) { int x = 1; MPI_Datatype d; MPI_Type_contiguous(sizeof(x), MPI_BYTE, &d); }\n";
        let bound = "enum { K = 3 };\nstruct s { int a; };\nvoid f(void) { int a[K]; MPI_Datatype t; MPI_Type_contiguous(sizeof a, MPI_BYTE, &t); }\nvoid g(void) { int b[2]; (void)b; }\n";
        // (file, text replaced, by, function, reused)
        let cases = [
            // `sizeof(x)` is of a type now.
            (sizeof, "int y;", "typedef int x;", 0, false),
            (sizeof, "int y;", "typedef int z;", 0, true),
            // The bound folds `K`.
            (bound, "K = 3", "K = 4", 0, false),
            (bound, "K = 3", "K = 4", 1, true),
            // The struct is named, not read.
            (bound, "int a; }", "int a, b; }", 0, true),
        ];
        for (file, replaced, by, function, reused) in cases {
            let (old, parse) = lowered(file, None);
            let (new, _) = next_version(&parse.expect("parsed"), &file.replace(replaced, by));
            assert_eq!(same(&old, &new, function), reused, "{replaced} -> {by}");
        }
    }

    #[test]
    fn a_function_that_changes_the_lowerers_state_is_no_context_for_reuse() {
        // `#define` inside a function body: the functions after it see the macro.
        let file = FILE.replace(
            "void third",
            "void inner(void) {\n#define P 5\n}\nvoid third",
        );
        let (_, parse) = lowered(&file, None);
        let parse = parse.expect("parsed");
        next_version(&parse, &file.replace("#define P 5", "#define P 6"));
        next_version(&parse, &file.replace("#define P 5", "#define M 9"));
    }

    #[test]
    fn hundreds_of_random_edits_lower_as_fresh_lowerings_do() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let pieces = [
            "x",
            ";",
            "}",
            "{",
            "\n",
            "#define N 5\n",
            "int q = N;",
            "/*",
            "*/",
            "struct q { int a; };\n",
            "typedef int q;\n",
            "typedef int t;\n",
            "enum { K = 5 };\n",
            "#undef N\n",
            "int a[K];",
            "int g;\n",
        ];
        let mut text = FILE.repeat(3);
        let (_, parse) = lowered(&text, None);
        let mut parse = parse.expect("parsed");
        for _ in 0..300 {
            let mut at = rng.gen_range(0..=text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            if rng.gen_bool(0.5) {
                text.insert_str(at, pieces[rng.gen_range(0..pieces.len())]);
            } else {
                let end = (at + rng.gen_range(1..8)).min(text.len());
                if text.is_char_boundary(end) {
                    text.replace_range(at..end, "");
                }
            }
            parse = next_version(&parse, &text).1;
        }
    }
}
