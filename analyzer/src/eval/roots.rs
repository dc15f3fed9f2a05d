//! The roots of a program, each evaluated on its own from the evaluation of the globals, and
//! what they found merged in their order. A root's result is kept for the next version of the
//! file and reused when nothing it depends on changed:
//! - the globals, with their positions ranked but not where they are, the types their
//!   evaluation read (see `layout/reads.rs`), the names of the COMMON blocks, the identities of
//!   the functions the declarations call (a global's initialiser, an array bound of a struct's
//!   member), and the options;
//! - the identities of the root and of every function of the file it calls, directly or not;
//! - every type the root's evaluation read: what the program declares under each name it
//!   looked up (found or not) is what it was.
//!
//! The result is then moved to where those functions now are; where the declarations are is no
//! part of the key, so a result is kept only when every position it holds lies in those
//! functions. While the program's declarations are the same (`Program::declarations`: its items
//! but the functions with an identity, as written), so are the globals and the types, and
//! nothing of them is looked at again.
//!
//! The limits on one call's evaluations (64 handles, 64 records) hold per root: the handles a
//! call makes and the calls that free them are followed alike in every root.

use std::collections::hash_map::Entry;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use super::mpi::{join, Built};
use super::value::{HandleId, State, Tri};
use super::{
    Argument, ArgumentValue, DefinitionKey, EvalOptions, Evaluation, Evaluator, Handle, Handles,
    MpiCall, Offset, TypeDefinition,
};
use crate::fingerprint::Fingerprint;
use crate::hash::{HashMap, HashSet};
use crate::ir::{placed, spans};
use crate::ir::{AggregateKind, PlacedFunction, Program};
use crate::layout::reads::{recording, TypeReads, TypeValues};
use crate::source::{Note, Span};

/// The roots' results of one version's evaluation, for the next.
#[derive(Debug, Default)]
pub(crate) struct RootMemo {
    entries: HashMap<Fingerprint, Kept>,
    /// The names each function with an identity calls.
    callees: HashMap<Fingerprint, Arc<[String]>>,
    /// This version's roots, in order.
    runs: Vec<RootRun>,
    /// What the declarations make of every root's start.
    globals: Option<Globals>,
    /// What every root's result is keyed on besides its functions and the types it read.
    context: Option<Fingerprint>,
    /// What the program declares under the type names its evaluations read.
    type_values: TypeValues,
}

/// A root of one version: the key of its result with the types it read (`None` when a function
/// it runs has no identity) and the functions it runs, itself first (indices into the program's
/// functions).
#[derive(Debug)]
pub(crate) struct RootRun {
    pub key: Option<Fingerprint>,
    pub functions: Vec<usize>,
}

impl RootMemo {
    /// This version's roots, in the order they were evaluated and merged.
    pub(crate) fn runs(&self) -> &[RootRun] {
        &self.runs
    }

    /// What every root's result is keyed on besides its functions and the types it read: the
    /// globals, the functions the declarations run, the options; `None` when the roots' results
    /// have no key.
    pub(crate) fn context(&self) -> Option<Fingerprint> {
        self.context
    }
}

/// What the program's declarations make of every root's start, the same while they are.
#[derive(Clone, Debug)]
struct Globals {
    /// `Program::declarations`.
    declarations: Fingerprint,
    /// See [`globals_key`].
    key: Fingerprint,
    /// The names the declarations call (`spans::each_declaration_callee`).
    callees: Arc<[String]>,
}

/// A root's result, and its calls and definitions as the last merge made them.
#[derive(Clone, Debug)]
struct Kept {
    result: Arc<RootResult>,
    placed: Arc<Placed>,
}

/// What one root's evaluation added to the globals'.
#[derive(Clone, Debug)]
struct RootResult {
    /// The handles it made, numbered on from the globals'. They hold no position, so the
    /// merged evaluation shares them as they are.
    handles: Arc<[Handle]>,
    notes: Vec<Note>,
    committed: Vec<HandleId>,
    unfollowed: Vec<HandleId>,
    /// Where the functions it ran were: the root's and those it calls, by identity.
    places: Vec<(Fingerprint, Span)>,
    /// Whether one of its definitions is a struct with a bound marker's block.
    marker_structs: bool,
    /// The types its evaluation read.
    reads: TypeReads,
}

/// A root's calls and the definitions of its constructor calls, shared with the merged
/// evaluation: those of a root that an edit did not reach nor move, and whose handles are
/// numbered as before, are not copied. Most of a file's are in such roots, and copying them was
/// most of the merge. A definition's commit flags are those of its root (another root cannot
/// name its handles); the merge sets them again only for one that other roots' evaluations of
/// the same call joined.
#[derive(Clone, Debug)]
struct Placed {
    /// By how much their handles are numbered on from the roots' own numbers.
    offset: usize,
    /// Where the functions they are in were.
    places: Vec<(Fingerprint, Span)>,
    calls: Vec<MpiCall>,
    definitions: Vec<Arc<TypeDefinition>>,
}

/// The MPI calls the evaluation found, in order: the lists of the roots' calls, shared with
/// their results. Copying every call into one list after each edit was a third of the merge.
#[derive(Clone, Default)]
pub(crate) struct Calls {
    parts: Vec<Arc<Placed>>,
}

impl Calls {
    pub(crate) fn iter(&self) -> impl Iterator<Item = &MpiCall> + Clone {
        self.parts.iter().flat_map(|part| part.calls.iter())
    }

    fn push(&mut self, placed: &Arc<Placed>) {
        if !placed.calls.is_empty() {
            self.parts.push(placed.clone());
        }
    }
}

impl std::fmt::Debug for Calls {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Evaluates a program: every function that no other function calls is a root, run with
/// unknown parameters; the others run inline at their call sites with the actual arguments.
/// Each root's result is taken from `previous` where it can be (see the module's comment).
pub(crate) fn evaluate(
    program: &Program,
    options: &EvalOptions,
    previous: Option<&RootMemo>,
) -> (Evaluation, RootMemo) {
    let mut globals_ev = Evaluator::new(program, options);
    let mut globals = State::default();
    let ((), globals_read) = recording(|| globals_ev.exec_globals(&mut globals, &program.globals));
    let mut merged = Merged::from_globals(&mut globals_ev);
    let same = previous
        .and_then(|p| p.globals.clone())
        .filter(|g| Some(g.declarations) == program.declarations);
    let same_declarations = same.is_some();
    let mut type_values = match (same_declarations, previous) {
        (true, Some(previous)) => previous.type_values.clone(),
        _ => TypeValues::default(),
    };
    let declared = program.declarations.map(|declarations| {
        same.unwrap_or_else(|| {
            let mut callees = Vec::new();
            spans::each_declaration_callee(program, &mut |name| callees.push(name.to_owned()));
            callees.sort_unstable();
            callees.dedup();
            Globals {
                declarations,
                key: globals_key(program, type_values.reads(program, globals_read)),
                callees: callees.into(),
            }
        })
    });
    let mut memo = RootMemo::default();
    let callees: Vec<Arc<[String]>> = program
        .functions
        .iter()
        .map(|f| callees(f, previous, &mut memo))
        .collect();
    let by_name: HashMap<&str, usize> = program
        .functions
        .iter()
        .enumerate()
        .map(|(i, f)| (f.name(), i))
        .collect();
    let called: HashSet<&str> = program
        .functions
        .iter()
        .zip(&callees)
        .flat_map(|(f, names)| names.iter().filter(move |name| name.as_str() != f.name()))
        .filter_map(|name| by_name.get_key_value(name.as_str()).map(|(n, _)| *n))
        .collect();
    let context = context_of(declared.as_ref(), program, options, &by_name, &callees);
    memo.globals = declared;
    memo.context = context;
    let mut results = Vec::new();
    for (i, root) in program.functions.iter().enumerate() {
        if !root.is_main() && called.contains(root.name()) {
            continue;
        }
        let functions = reached(i, &by_name, &callees);
        let ran = context.and_then(|c| key_of(c, &functions, program));
        let reused = ran
            .as_ref()
            .and_then(|(key, _)| previous?.entries.get(key))
            .filter(|kept| same_declarations || type_values.unchanged(program, &kept.result.reads))
            .cloned();
        // Moved only with its functions, a result is kept only when its positions are theirs.
        let fresh = reused.is_none();
        let kept = reused.unwrap_or_else(|| {
            let mut ev = globals_ev.clone();
            ev.steps_left = options.limits.steps;
            let ((), read) = recording(|| ev.run_root(&mut globals.clone(), root));
            let places = ran.as_ref().map(|(_, places)| places.clone());
            let reads = match places {
                Some(_) => type_values.reads(program, read),
                None => TypeReads::default(),
            };
            Kept::of(ev, merged.globals, places, reads)
        });
        memo.runs.push(RootRun {
            key: ran.as_ref().map(|(key, _)| key.mix(&kept.result.reads)),
            functions,
        });
        let keep = ran
            .as_ref()
            .is_some_and(|(_, places)| !fresh || kept.lies_in(places));
        results.push((ran, kept, keep));
    }
    memo.type_values = type_values;
    merged.reserve(results.iter().map(|(_, kept, _)| kept));
    for (ran, kept, keep) in results {
        let places = ran.as_ref().map_or(&[][..], |(_, places)| places);
        // The result as it was made, its positions moved from its own places every time; its
        // calls as merged now.
        let kept = merged.add(kept, places);
        if let Some((key, _)) = ran.filter(|_| keep) {
            memo.entries.insert(key, kept);
        }
    }
    (merged.finish(), memo)
}

/// What every root's result is keyed on besides its functions and the types it read: the
/// globals' key, the identities of the functions the declarations run, and the options; `None`
/// without declarations or when one of those functions has no identity.
fn context_of(
    declared: Option<&Globals>,
    program: &Program,
    options: &EvalOptions,
    by_name: &HashMap<&str, usize>,
    callees: &[Arc<[String]>],
) -> Option<Fingerprint> {
    let declared = declared?;
    let mut runs: Vec<usize> = (declared.callees.iter())
        .filter_map(|name| by_name.get(name.as_str()))
        .flat_map(|&f| reached(f, by_name, callees))
        .collect();
    runs.sort_unstable();
    runs.dedup();
    let identities: Vec<Fingerprint> = (runs.iter())
        .map(|&f| program.functions[f].identity())
        .collect::<Option<_>>()?;
    Some(declared.key.mix(&(
        identities,
        options.target,
        options.model,
        options.limits.steps,
        options.limits.call_depth,
        options.case_sensitive,
    )))
}

/// What every root's evaluation depends on of the program's declarations but the types it
/// reads and the functions they run: the globals with their positions ranked (see
/// `spans::stmts_with_ranked_positions`), the types their evaluation read, and the names of the
/// COMMON blocks (every unit's evaluation knows them).
fn globals_key(program: &Program, read: TypeReads) -> Fingerprint {
    let commons: Vec<&str> = program
        .aggregates
        .iter()
        .filter(|a| a.kind == AggregateKind::FortranCommon)
        .map(|a| a.name.as_str())
        .collect();
    Fingerprint::default()
        .mix_debug(&spans::stmts_with_ranked_positions(&program.globals))
        .mix(&(commons, read))
}

/// The names `function` calls (anywhere: a type's dimension too), from the previous version's
/// memo when it has the function's identity.
fn callees(
    function: &PlacedFunction,
    previous: Option<&RootMemo>,
    memo: &mut RootMemo,
) -> Arc<[String]> {
    let kept = function
        .identity()
        .and_then(|identity| previous?.callees.get(&identity).cloned());
    let names = kept.unwrap_or_else(|| {
        let mut names = Vec::new();
        spans::each_callee(function, &mut |callee| names.push(callee.to_owned()));
        names.sort_unstable();
        names.dedup();
        names.into()
    });
    if let Some(identity) = function.identity() {
        memo.callees.insert(identity, names.clone());
    }
    names
}

/// The functions the root `root` (an index into the program's functions) runs, itself first. A
/// call runs the last function of its name, as in the evaluator.
fn reached(root: usize, by_name: &HashMap<&str, usize>, callees: &[Arc<[String]>]) -> Vec<usize> {
    let mut functions = vec![root];
    let mut seen: HashSet<usize> = HashSet::from_iter([root]);
    let mut next = 0;
    while let Some(&function) = functions.get(next) {
        next += 1;
        for callee in callees[function].iter() {
            if let Some(&called) = by_name.get(callee.as_str()) {
                if seen.insert(called) {
                    functions.push(called);
                }
            }
        }
    }
    functions
}

/// The key of the result of a root that runs `functions`, and where they are; `None` when one
/// of them has no identity.
fn key_of(
    context: Fingerprint,
    functions: &[usize],
    program: &Program,
) -> Option<(Fingerprint, Vec<(Fingerprint, Span)>)> {
    let places: Vec<(Fingerprint, Span)> = functions
        .iter()
        .map(|&i| {
            let f = &program.functions[i];
            Some((f.identity()?, f.span()))
        })
        .collect::<Option<_>>()?;
    let identities: Vec<Fingerprint> = places.iter().map(|(identity, _)| *identity).collect();
    Some((context.mix(&identities), places))
}

impl Kept {
    /// Whether every position it holds lies in one of the texts of `places`.
    fn lies_in(&self, places: &[(Fingerprint, Span)]) -> bool {
        let texts = places.iter().map(|(_, place)| place.start..place.end);
        let inside = |span: &Span| placed::moves_with_one_of(span, texts.clone());
        let call_inside = |call: &MpiCall| {
            inside(&call.span)
                && inside(&call.name_span)
                && call.args.iter().all(|arg| {
                    let unwritten = match &arg.value {
                        ArgumentValue::Array {
                            unwritten: Some(unwritten),
                            ..
                        } => inside(&unwritten.declaration),
                        _ => true,
                    };
                    unwritten && inside(&call.span_of(arg))
                })
        };
        let definition_inside = |d: &Arc<TypeDefinition>| {
            inside(&d.span)
                && inside(&d.target_span)
                && d.variants.iter().all(|v| v.via.iter().all(inside))
        };
        self.result.notes.iter().all(|note| inside(&note.span))
            && self.placed.calls.iter().all(call_inside)
            && self.placed.definitions.iter().all(definition_inside)
    }

    /// What `ev` added to the `globals` handles and its other (empty) results.
    fn of(
        ev: Evaluator<'_>,
        globals: usize,
        places: Option<Vec<(Fingerprint, Span)>>,
        reads: TypeReads,
    ) -> Self {
        let places = places.unwrap_or_default();
        let definitions = finished(ev.definitions, &ev.ever_committed, &ev.unfollowed);
        let marker_structs = has_marker_structs(&definitions);
        Kept {
            placed: Placed::unmerged(ev.calls, definitions, places.clone()),
            result: Arc::new(RootResult {
                handles: ev.handles[globals..].into(),
                notes: ev.notes,
                committed: ev.ever_committed.into_iter().collect(),
                unfollowed: ev.unfollowed.into_iter().collect(),
                places,
                marker_structs,
                reads,
            }),
        }
    }
}

impl Placed {
    /// An evaluation's calls and definitions, numbered and placed as it made them.
    fn unmerged(
        calls: Vec<MpiCall>,
        definitions: Vec<TypeDefinition>,
        places: Vec<(Fingerprint, Span)>,
    ) -> Arc<Self> {
        Arc::new(Placed {
            offset: 0,
            places,
            calls,
            definitions: definitions.into_iter().map(Arc::new).collect(),
        })
    }
}

fn has_marker_structs(definitions: &[TypeDefinition]) -> bool {
    definitions
        .iter()
        .any(|d| matches!(&d.datatype, Some(Ok(dt)) if dt.has_marker_block()))
}

/// The definitions with their commit flags set from the handles `committed` and `unfollowed`.
fn finished(
    mut definitions: Vec<TypeDefinition>,
    committed: &HashSet<HandleId>,
    unfollowed: &HashSet<HandleId>,
) -> Vec<TypeDefinition> {
    for d in &mut definitions {
        (d.committed, d.unfollowed) = commit_flags(&d.handles, committed, unfollowed);
    }
    definitions
}

/// Whether the handles a constructor call made are committed (all, some or none), and whether
/// one of them was written where the evaluator cannot follow it.
fn commit_flags(
    handles: &[HandleId],
    committed: &HashSet<HandleId>,
    unfollowed: &HashSet<HandleId>,
) -> (Tri, bool) {
    let count = handles.iter().filter(|h| committed.contains(h)).count();
    let unfollowed = handles.iter().any(|h| unfollowed.contains(h));
    let committed = match count {
        n if n == handles.len() => Tri::Yes,
        0 if !unfollowed => Tri::No,
        _ => Tri::Maybe,
    };
    (committed, unfollowed)
}

/// How to move positions in the functions at `old` to where they now are (`new`, in the same
/// order): each function's text that moved, and by how much.
fn moves_between(old: &[(Fingerprint, Span)], new: &[(Fingerprint, Span)]) -> Moves {
    old.iter()
        .zip(new)
        .filter(|((_, old), (_, new))| old.start != new.start)
        .map(|((_, old), (_, new))| (old.start..old.end, new.start as isize - old.start as isize))
        .collect()
}

/// Texts that moved, and by how much.
type Moves = Vec<(Range<usize>, isize)>;

/// How far a span moves: by the delta of the moved text it lies in; nowhere does not move.
fn delta_of(moves: &Moves, span: &Span) -> Option<isize> {
    if *span == Span::default() {
        return None;
    }
    moves
        .iter()
        .find(|(range, _)| range.start <= span.start && span.end <= range.end)
        .map(|(_, delta)| *delta)
}

/// Moves a span that lies in a text that moved.
fn move_span(moves: &Moves, span: &mut Span) {
    if let Some(delta) = delta_of(moves, span) {
        *span = span.moved_by(delta);
    }
}

/// Moves a definition whose function's text moved: its call, and the calls that led to it
/// (which copies the variants only when one did).
fn move_definition(d: &mut TypeDefinition, moves: &Moves) {
    move_span(moves, &mut d.span);
    move_span(moves, &mut d.target_span);
    if d.variants
        .iter()
        .any(|v| v.via.iter().any(|s| delta_of(moves, s).is_some()))
    {
        for variant in Arc::make_mut(&mut d.variants) {
            variant
                .via
                .iter_mut()
                .for_each(|span| move_span(moves, span));
        }
    }
}

/// Moves a call of a root some of whose functions' texts moved. Arguments that lie in the call
/// (see [`MpiCall::new`]) lie in the text it moved with, or, when it stayed, in none that moved
/// (unless the functions' texts overlap): they are left as they are. The others are copied to
/// be moved one by one.
fn move_call(call: &mut MpiCall, moves: &Moves) {
    let old = call.span;
    move_span(moves, &mut call.span);
    move_span(moves, &mut call.name_span);
    let moves_apart = |arg: &Argument| delta_of(moves, &arg.from_call.counted_from(old)).is_some();
    let in_place = call.args_in_call && (call.span != old || !call.args.iter().any(moves_apart));
    if !in_place {
        move_arguments(call, old, moves);
    }
}

/// Moves each position of the arguments of a call that was at `old`.
fn move_arguments(call: &mut MpiCall, old: Span, moves: &Moves) {
    let new = call.span;
    for arg in Arc::make_mut(&mut call.args) {
        let mut span = arg.from_call.counted_from(old);
        move_span(moves, &mut span);
        arg.from_call = Offset::between(new, span);
        if let ArgumentValue::Array {
            unwritten: Some(unwritten),
            ..
        } = &mut arg.value
        {
            move_span(moves, &mut unwritten.declaration);
        }
    }
}

/// The roots' results merged in order, as one evaluation.
struct Merged {
    /// How many handles the globals made: the roots' own are numbered on from there.
    globals: usize,
    handles: Handles,
    definitions: Vec<Arc<TypeDefinition>>,
    /// The definitions by call: the first of each span, constructor and new-type argument's
    /// span, and the others of one statement macro's expansion (whose calls share all three)
    /// by the variable they name too.
    index: HashMap<(Span, Span, &'static str), usize>,
    alike: HashMap<DefinitionKey, usize>,
    calls: Calls,
    notes: Vec<Note>,
    noted: HashSet<(Span, String)>,
    committed: HashSet<HandleId>,
    unfollowed: HashSet<HandleId>,
    marker_structs: bool,
}

impl Merged {
    /// Starts with what evaluating the globals found, which the roots' evaluators start from
    /// without it (but for the handles).
    fn from_globals(ev: &mut Evaluator<'_>) -> Self {
        let definitions = finished(
            std::mem::take(&mut ev.definitions),
            &ev.ever_committed,
            &ev.unfollowed,
        );
        let mut handles = Handles::default();
        handles.push(ev.handles.as_slice().into());
        let mut merged = Merged {
            globals: ev.handles.len(),
            handles,
            definitions: Vec::new(),
            index: HashMap::default(),
            alike: HashMap::default(),
            calls: Calls::default(),
            notes: Vec::new(),
            noted: HashSet::default(),
            committed: std::mem::take(&mut ev.ever_committed),
            unfollowed: std::mem::take(&mut ev.unfollowed),
            marker_structs: false,
        };
        ev.noted.clear();
        let globals = Kept {
            result: Arc::new(RootResult {
                handles: Arc::new([]),
                notes: std::mem::take(&mut ev.notes),
                committed: Vec::new(),
                unfollowed: Vec::new(),
                places: Vec::new(),
                marker_structs: has_marker_structs(&definitions),
                reads: TypeReads::default(),
            }),
            placed: Placed::unmerged(std::mem::take(&mut ev.calls), definitions, Vec::new()),
        };
        merged.add(globals, &[]);
        ev.definition_index.clear();
        ev.recorded.clear();
        merged
    }

    /// Makes room for `results` at once: growing the merged lists one root at a time copied
    /// them again and again.
    fn reserve<'r>(&mut self, results: impl Iterator<Item = &'r Kept> + Clone) {
        let total = |part: fn(&Kept) -> usize| results.clone().map(part).sum::<usize>();
        self.definitions
            .reserve(total(|k| k.placed.definitions.len()));
        self.index.reserve(total(|k| k.placed.definitions.len()));
        self.calls.parts.reserve(results.clone().count());
        self.notes.reserve(total(|k| k.result.notes.len()));
    }

    /// Adds a root's result, its positions moved to where its functions now are (`places`)
    /// and its handles numbered on; returns it with its calls and definitions as merged.
    fn add(&mut self, kept: Kept, places: &[(Fingerprint, Span)]) -> Kept {
        let placed = self.place(kept.placed, places);
        self.calls.push(&placed);
        for d in &placed.definitions {
            self.add_definition(d);
        }
        let result = &*kept.result;
        // A joined definition keeps a datatype only where the roots' agree.
        self.marker_structs |= result.marker_structs;
        let moves = moves_between(&result.places, places);
        let (globals, offset) = (self.globals, self.handles.len() - self.globals);
        let number = |h: HandleId| if h < globals { h } else { h + offset };
        self.handles.push(result.handles.clone());
        for note in &result.notes {
            let mut note = note.clone();
            move_span(&moves, &mut note.span);
            self.note(note);
        }
        self.committed
            .extend(result.committed.iter().map(|&h| number(h)));
        self.unfollowed
            .extend(result.unfollowed.iter().map(|&h| number(h)));
        Kept {
            result: kept.result,
            placed,
        }
    }

    /// A root's calls and definitions moved to `places`, their handles numbered on from the
    /// root's own numbers by the handles merged so far (before the root's). One that the
    /// previous version's analysis holds too is copied to be changed; one just evaluated is
    /// changed in place.
    fn place(&self, placed: Arc<Placed>, places: &[(Fingerprint, Span)]) -> Arc<Placed> {
        let globals = self.globals;
        let offset = self.handles.len() - globals;
        let moves = moves_between(&placed.places, places);
        if moves.is_empty() && offset == placed.offset {
            return placed;
        }
        let mut placed = Arc::unwrap_or_clone(placed);
        let number = |h: HandleId| {
            if h < globals {
                h
            } else {
                h - placed.offset + offset
            }
        };
        let renumbered = |arg: &Argument| match arg.value {
            ArgumentValue::Datatype { handle, .. } => number(handle) != handle,
            _ => false,
        };
        for call in &mut placed.calls {
            if !moves.is_empty() {
                move_call(call, &moves);
            }
            if call.args.iter().any(renumbered) {
                for arg in Arc::make_mut(&mut call.args) {
                    if let ArgumentValue::Datatype { handle, .. } = &mut arg.value {
                        *handle = number(*handle);
                    }
                }
            }
        }
        for d in &mut placed.definitions {
            let d = Arc::make_mut(d);
            if !moves.is_empty() {
                move_definition(d, &moves);
            }
            if d.handles.iter().any(|&h| number(h) != h) {
                Arc::make_mut(&mut d.handles)
                    .iter_mut()
                    .for_each(|h| *h = number(*h));
            }
        }
        (placed.offset, placed.places) = (offset, places.to_vec());
        Arc::new(placed)
    }

    /// Adds a constructor call's definition, or joins it to the one another root's evaluation
    /// of the same call made.
    fn add_definition(&mut self, d: &Arc<TypeDefinition>) {
        let call = (d.span, d.target_span, d.constructor.name);
        let same = match self.index.get(&call) {
            None => None,
            Some(&i) if self.definitions[i].target.root_name() == d.target.root_name() => Some(i),
            Some(_) => {
                let key = (
                    call.0,
                    call.1,
                    call.2,
                    d.target.root_name().map(str::to_owned),
                );
                match self.alike.entry(key) {
                    Entry::Occupied(first) => Some(*first.get()),
                    Entry::Vacant(entry) => {
                        entry.insert(self.definitions.len());
                        None
                    }
                }
            }
        };
        match same {
            Some(i) => merge_definition(Arc::make_mut(&mut self.definitions[i]), d),
            None => {
                self.index.entry(call).or_insert(self.definitions.len());
                self.definitions.push(d.clone());
            }
        }
    }

    fn note(&mut self, note: Note) {
        if self.noted.insert((note.span, note.message.clone())) {
            self.notes.push(note);
        }
    }

    fn finish(mut self) -> Evaluation {
        for d in &mut self.definitions {
            let flags = commit_flags(&d.handles, &self.committed, &self.unfollowed);
            if flags != (d.committed, d.unfollowed) {
                let d = Arc::make_mut(d);
                (d.committed, d.unfollowed) = flags;
            }
        }
        Evaluation {
            handles: self.handles,
            definitions: self.definitions,
            definition_index: OnceLock::new(),
            calls: self.calls,
            notes: self.notes,
            marker_structs: self.marker_structs,
        }
    }
}

/// Folds what other roots' evaluations of one constructor call made into `into`, as the
/// evaluations of one root fold into each other.
fn merge_definition(into: &mut TypeDefinition, d: &TypeDefinition) {
    let built = |datatype: &Option<_>, partial: &Option<_>| Built {
        datatype: datatype.clone(),
        partial: partial.clone(),
    };
    join(
        &mut into.datatype,
        &mut into.partial,
        &built(&d.datatype, &d.partial),
    );
    Arc::make_mut(&mut into.handles).extend(d.handles.iter());
    let variants = Arc::make_mut(&mut into.variants);
    for variant in d.variants.iter() {
        match variants.iter_mut().find(|v| v.via == variant.via) {
            Some(v) => join(
                &mut v.datatype,
                &mut v.partial,
                &built(&variant.datatype, &variant.partial),
            ),
            None => variants.push(variant.clone()),
        }
    }
}

#[cfg(test)]
#[path = "roots_tests.rs"]
mod tests;
