//! The roots of a program, each evaluated on its own from the evaluation of the globals, and
//! what they found merged in their order. A root's result is kept for the next version of the
//! file and reused when nothing it depends on changed: the program's context (its items but
//! the functions with an identity, and their places: `Program::context`), the options, and the
//! identities of the root and of every function of the file it calls, directly or not. The
//! result is then moved to where those functions now are.
//!
//! The limits on one call's evaluations (64 handles, 64 records) hold per root: the handles a
//! call makes and the calls that free them are followed alike in every root.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::sync::Arc;

use super::mpi::{join, Built};
use super::value::{HandleId, State, Tri};
use super::{
    ArgumentValue, DefinitionKey, EvalOptions, Evaluation, Evaluator, Handle, MpiCall,
    TypeDefinition,
};
use crate::fingerprint::Fingerprint;
use crate::ir::spans::{self, Visitor};
use crate::ir::{Function, Program};
use crate::source::{Note, Span};

/// The roots' results of one version's evaluation, for the next.
#[derive(Debug, Default)]
pub(crate) struct RootMemo {
    entries: HashMap<Fingerprint, Arc<RootResult>>,
    /// The names each function with an identity calls.
    callees: HashMap<Fingerprint, Arc<[String]>>,
}

/// What one root's evaluation added to the globals'.
#[derive(Clone, Debug)]
struct RootResult {
    /// The handles it made, numbered on from the globals'.
    handles: Vec<Handle>,
    definitions: Vec<TypeDefinition>,
    calls: Vec<MpiCall>,
    notes: Vec<Note>,
    committed: Vec<HandleId>,
    unfollowed: Vec<HandleId>,
    /// Where the functions it ran were: the root's and those it calls, by identity.
    places: Vec<(Fingerprint, Span)>,
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
    globals_ev.exec_globals(&mut globals, &program.globals);
    let mut merged = Merged::from_globals(&mut globals_ev);
    let context = program.context.map(|c| {
        c.mix(&(
            options.target,
            options.model,
            options.limits.steps,
            options.limits.call_depth,
            options.case_sensitive,
        ))
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
        .map(|(i, f)| (f.name.as_str(), i))
        .collect();
    let called: HashSet<&str> = program
        .functions
        .iter()
        .zip(&callees)
        .flat_map(|(f, names)| names.iter().filter(move |&name| *name != f.name))
        .filter_map(|name| by_name.get_key_value(name.as_str()).map(|(n, _)| *n))
        .collect();
    let mut results = Vec::new();
    for (i, root) in program.functions.iter().enumerate() {
        if !root.is_main && called.contains(root.name.as_str()) {
            continue;
        }
        let ran = context.and_then(|c| closure(c, i, program, &by_name, &callees));
        let kept = ran.as_ref().and_then(|(key, places)| {
            let kept = previous?.entries.get(key)?;
            Some((kept.clone(), kept.moves_to(places)))
        });
        let (result, moves) = kept.unwrap_or_else(|| {
            let mut ev = globals_ev.clone();
            ev.steps_left = options.limits.steps;
            ev.run_root(&mut globals.clone(), root);
            let places = ran.as_ref().map(|(_, places)| places.clone());
            let result = RootResult::of(ev, merged.globals, places);
            (Arc::new(result), Vec::new())
        });
        // Kept as it is: its positions are moved from its own places every time.
        if let Some((key, _)) = ran {
            memo.entries.insert(key, result.clone());
        }
        results.push((result, moves));
    }
    merged.reserve(results.iter().map(|(result, _)| &**result));
    for (result, moves) in &results {
        merged.add(result, moves);
    }
    (merged.finish(), memo)
}

/// The names `function` calls (anywhere: a type's dimension too), from the previous version's
/// memo when it has the function's identity.
fn callees(function: &Function, previous: Option<&RootMemo>, memo: &mut RootMemo) -> Arc<[String]> {
    let kept = function
        .identity
        .and_then(|identity| previous?.callees.get(&identity).cloned());
    let names = kept.unwrap_or_else(|| {
        let mut names = Vec::new();
        spans::each_callee(function, &mut |callee| names.push(callee.to_owned()));
        names.sort_unstable();
        names.dedup();
        names.into()
    });
    if let Some(identity) = function.identity {
        memo.callees.insert(identity, names.clone());
    }
    names
}

/// The key of the result of the root `root` (an index into the program's functions), and where
/// the functions it runs are; `None` when one of them has no identity. A call runs the last
/// function of its name, as in the evaluator.
fn closure(
    context: Fingerprint,
    root: usize,
    program: &Program,
    by_name: &HashMap<&str, usize>,
    callees: &[Arc<[String]>],
) -> Option<(Fingerprint, Vec<(Fingerprint, Span)>)> {
    let mut functions = vec![root];
    let mut seen: HashSet<usize> = HashSet::from([root]);
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
    let places: Vec<(Fingerprint, Span)> = functions
        .iter()
        .map(|&i| {
            let f = &program.functions[i];
            Some((f.identity?, f.span))
        })
        .collect::<Option<_>>()?;
    let identities: Vec<Fingerprint> = places.iter().map(|(identity, _)| *identity).collect();
    Some((context.mix(&identities), places))
}

impl RootResult {
    /// What `ev` added to the `globals` handles and its other (empty) results.
    fn of(ev: Evaluator<'_>, globals: usize, places: Option<Vec<(Fingerprint, Span)>>) -> Self {
        RootResult {
            handles: ev.handles[globals..].to_vec(),
            definitions: ev.definitions,
            calls: ev.calls,
            notes: ev.notes,
            committed: ev.ever_committed.into_iter().collect(),
            unfollowed: ev.unfollowed.into_iter().collect(),
            places: places.unwrap_or_default(),
        }
    }

    /// How to move its positions to where its functions now are (`places`, in the order of its
    /// own): each function's text that moved, and by how much.
    fn moves_to(&self, places: &[(Fingerprint, Span)]) -> Moves {
        self.places
            .iter()
            .zip(places)
            .filter(|((_, old), (_, new))| old.start != new.start)
            .map(|((_, old), (_, new))| {
                (old.start..old.end, new.start as isize - old.start as isize)
            })
            .collect()
    }
}

/// Texts that moved, and by how much.
type Moves = Vec<(Range<usize>, isize)>;

/// Moves a span that lies in a text that moved.
fn move_span(moves: &Moves, span: &mut Span) {
    if let Some((_, delta)) = moves
        .iter()
        .find(|(range, _)| range.start <= span.start && span.end <= range.end)
    {
        span.start = span.start.wrapping_add_signed(*delta);
        span.end = span.end.wrapping_add_signed(*delta);
    }
}

fn ty_spans(ty: &mut crate::ir::Ty, visit: &mut dyn FnMut(&mut Span)) {
    spans::exclusive::ty(
        ty,
        &mut Visitor {
            span: visit,
            expr: &mut |_| {},
        },
    );
}

fn definition_spans(d: &mut TypeDefinition, visit: &mut dyn FnMut(&mut Span)) {
    visit(&mut d.span);
    visit(&mut d.target_span);
    spans::exclusive::expr(
        &mut d.target,
        &mut Visitor {
            span: visit,
            expr: &mut |_| {},
        },
    );
    for variant in &mut d.variants {
        variant.via.iter_mut().for_each(&mut *visit);
    }
}

fn call_spans(call: &mut MpiCall, visit: &mut dyn FnMut(&mut Span)) {
    visit(&mut call.span);
    visit(&mut call.name_span);
    for arg in &mut call.args {
        visit(&mut arg.span);
        if let Some(declared) = &mut arg.declared {
            ty_spans(declared, visit);
        }
        match &mut arg.value {
            ArgumentValue::Buffer(buffer) => {
                if let Some(declared) = &mut buffer.declared {
                    ty_spans(declared, visit);
                }
                if let Some(element) = &mut buffer.element {
                    ty_spans(&mut element.ty, visit);
                    ty_spans(&mut element.resolved, visit);
                    for member in element.members.iter_mut().flatten() {
                        ty_spans(&mut member.ty, visit);
                    }
                }
            }
            ArgumentValue::Array { unwritten, .. } => {
                if let Some(unwritten) = unwritten {
                    visit(&mut unwritten.declaration);
                }
            }
            ArgumentValue::Int(_)
            | ArgumentValue::Datatype { .. }
            | ArgumentValue::Named(_)
            | ArgumentValue::NotADatatype
            | ArgumentValue::Unknown => {}
        }
    }
}

/// The roots' results merged in order, as one evaluation.
struct Merged {
    /// How many handles the globals made: the roots' own are numbered on from there.
    globals: usize,
    handles: Vec<Handle>,
    definitions: Vec<TypeDefinition>,
    index: HashMap<DefinitionKey, usize>,
    calls: Vec<MpiCall>,
    notes: Vec<Note>,
    noted: HashSet<(Span, String)>,
    committed: HashSet<HandleId>,
    unfollowed: HashSet<HandleId>,
}

impl Merged {
    /// Starts with what evaluating the globals found, which the roots' evaluators start from
    /// without it (but for the handles).
    fn from_globals(ev: &mut Evaluator<'_>) -> Self {
        let mut merged = Merged {
            globals: ev.handles.len(),
            handles: ev.handles.clone(),
            definitions: Vec::new(),
            index: HashMap::new(),
            calls: Vec::new(),
            notes: Vec::new(),
            noted: HashSet::new(),
            committed: std::mem::take(&mut ev.ever_committed),
            unfollowed: std::mem::take(&mut ev.unfollowed),
        };
        ev.noted.clear();
        merged.add(
            &RootResult {
                handles: Vec::new(),
                definitions: std::mem::take(&mut ev.definitions),
                calls: std::mem::take(&mut ev.calls),
                notes: std::mem::take(&mut ev.notes),
                committed: Vec::new(),
                unfollowed: Vec::new(),
                places: Vec::new(),
            },
            &Moves::new(),
        );
        ev.definition_index.clear();
        ev.recorded.clear();
        merged
    }

    /// Makes room for `results` at once: growing the merged lists one root at a time copied
    /// them again and again.
    fn reserve<'r>(&mut self, results: impl Iterator<Item = &'r RootResult> + Clone) {
        let total = |part: fn(&RootResult) -> usize| results.clone().map(part).sum::<usize>();
        self.handles.reserve(total(|r| r.handles.len()));
        self.definitions.reserve(total(|r| r.definitions.len()));
        self.index.reserve(total(|r| r.definitions.len()));
        self.calls.reserve(total(|r| r.calls.len()));
        self.notes.reserve(total(|r| r.notes.len()));
    }

    /// Adds a root's result, its positions moved by `moves` and its handles numbered on.
    fn add(&mut self, result: &RootResult, moves: &Moves) {
        let (globals, offset) = (self.globals, self.handles.len() - self.globals);
        let number = |h: HandleId| if h < globals { h } else { h + offset };
        let mut moved = |span: &mut Span| move_span(moves, span);
        let moving = !moves.is_empty();
        for handle in &result.handles {
            let mut handle = handle.clone();
            if moving {
                handle.defined_at.iter_mut().for_each(&mut moved);
            }
            self.handles.push(handle);
        }
        for d in &result.definitions {
            let mut d = d.clone();
            if moving {
                definition_spans(&mut d, &mut moved);
            }
            d.handles.iter_mut().for_each(|h| *h = number(*h));
            let key: DefinitionKey = (
                d.span,
                d.target_span,
                d.constructor.name,
                d.target.root_name().map(str::to_owned),
            );
            match self.index.get(&key) {
                Some(&i) => merge_definition(&mut self.definitions[i], d),
                None => {
                    self.index.insert(key, self.definitions.len());
                    self.definitions.push(d);
                }
            }
        }
        for call in &result.calls {
            let mut call = call.clone();
            if moving {
                call_spans(&mut call, &mut moved);
            }
            for arg in &mut call.args {
                if let ArgumentValue::Datatype { handle, .. } = &mut arg.value {
                    *handle = number(*handle);
                }
            }
            self.calls.push(call);
        }
        for note in &result.notes {
            let mut note = note.clone();
            moved(&mut note.span);
            self.note(note);
        }
        self.committed
            .extend(result.committed.iter().map(|&h| number(h)));
        self.unfollowed
            .extend(result.unfollowed.iter().map(|&h| number(h)));
    }

    fn note(&mut self, note: Note) {
        if self.noted.insert((note.span, note.message.clone())) {
            self.notes.push(note);
        }
    }

    fn finish(mut self) -> Evaluation {
        for d in &mut self.definitions {
            let committed = d
                .handles
                .iter()
                .filter(|h| self.committed.contains(h))
                .count();
            let unfollowed = d.handles.iter().any(|h| self.unfollowed.contains(h));
            d.unfollowed = unfollowed;
            d.committed = match committed {
                n if n == d.handles.len() => Tri::Yes,
                0 if !unfollowed => Tri::No,
                _ => Tri::Maybe,
            };
        }
        Evaluation {
            handles: self.handles,
            definitions: self.definitions,
            calls: self.calls,
            notes: self.notes,
        }
    }
}

/// Folds what other roots' evaluations of one constructor call made into `into`, as the
/// evaluations of one root fold into each other.
fn merge_definition(into: &mut TypeDefinition, d: TypeDefinition) {
    join(
        &mut into.datatype,
        &mut into.partial,
        &Built {
            datatype: d.datatype,
            partial: d.partial,
        },
    );
    into.handles.extend(d.handles);
    for variant in d.variants {
        match into.variants.iter_mut().find(|v| v.via == variant.via) {
            Some(v) => join(
                &mut v.datatype,
                &mut v.partial,
                &Built {
                    datatype: variant.datatype,
                    partial: variant.partial,
                },
            ),
            None => into.variants.push(variant),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::analysis::{analyze, reanalyze, Analysis, AnalysisOptions};
    use crate::source::Language;
    use crate::syntax::NoIncludes;
    use std::sync::Arc;

    const FILE: &str = "#include <mpi.h>
static int helper(int n) { return 2 * n; }
void a(void) { MPI_Datatype t; MPI_Type_contiguous(helper(2), MPI_INT, &t); }
void b(void) { MPI_Datatype t; MPI_Type_contiguous(3, MPI_INT, &t); MPI_Type_commit(&t); }
void c(void) { MPI_Datatype t; MPI_Type_contiguous(helper(5), MPI_INT, &t); }
int main(void) { MPI_Datatype t; MPI_Type_vector(2, 1, 4, MPI_INT, &t); return 0; }
";

    fn analysis(text: &str, previous: Option<&Analysis>) -> Analysis {
        let options = AnalysisOptions::default();
        reanalyze(previous, text, Language::C, &options, &mut NoIncludes)
    }

    /// The roots whose results the new analysis kept from the old one, by the roots' names.
    fn kept(old: &Analysis, new: &Analysis) -> usize {
        new.roots
            .entries
            .iter()
            .filter(|(key, result)| {
                old.roots
                    .entries
                    .get(key)
                    .is_some_and(|kept| Arc::ptr_eq(kept, result))
            })
            .count()
    }

    fn same_as_fresh(new: &Analysis) {
        let fresh = analyze(
            new.text(),
            Language::C,
            &AnalysisOptions::default(),
            &mut NoIncludes,
        );
        assert_eq!(
            format!("{:?}", new.evaluation),
            format!("{:?}", fresh.evaluation)
        );
    }

    #[test]
    fn an_edit_in_one_root_evaluates_that_root_again_and_moves_the_others() {
        let old = analysis(FILE, None);
        assert_eq!(old.roots.entries.len(), 4);
        let new = analysis(&FILE.replace("(3, MPI_INT", "(3 + 1, MPI_INT"), Some(&old));
        same_as_fresh(&new);
        assert_eq!(kept(&old, &new), 3);
    }

    #[test]
    fn an_edit_in_a_helper_evaluates_the_roots_that_call_it_again() {
        let old = analysis(FILE, None);
        let new = analysis(&FILE.replace("2 * n", "3 * n"), Some(&old));
        same_as_fresh(&new);
        // `b` and `main` do not call the helper.
        assert_eq!(kept(&old, &new), 2);
    }

    #[test]
    fn an_edit_to_what_every_function_sees_evaluates_every_root_again() {
        let old = analysis(FILE, None);
        let with_global = FILE.replace("static int helper", "int g = 1;\nstatic int helper");
        let new = analysis(&with_global, Some(&old));
        same_as_fresh(&new);
        assert_eq!(kept(&old, &new), 0);
    }
}
