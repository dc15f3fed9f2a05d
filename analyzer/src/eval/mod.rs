//! Abstract evaluation of a lowered program: runs function bodies in order on abstract values,
//! builds every datatype the code constructs with the engine, and records every MPI call with
//! its evaluated arguments. What cannot be proven stays unknown.

mod arrays;
mod assign;
mod definition_index;
mod expr;
mod function;
mod intrinsics;
mod loops;
mod mpi;
mod numeric;
mod pointers;
mod roots;
mod stmt;
mod storage;
#[cfg(test)]
mod tests;
mod types;
pub(crate) mod value;

use std::rc::Rc;
use std::sync::{Arc, OnceLock};

use crate::catalog::MpiFunction;
use crate::dtype::{Datatype, DtypeError, Engine, MpiModel, Partial, Predefined};
use crate::hash::{HashMap, HashSet};
use crate::ir::{Function, PlacedFunction, Program};
use crate::layout::aggregate::Member;
use crate::layout::Target;
use crate::source::Span;

use value::{Declaration, HandleId, ObjectId, Origin, State, Tri};

/// Evaluation limits: the cost of evaluation follows the code, never the data.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Statements one root function may execute (loop iterations included) before the rest of
    /// a loop is evaluated once with its variables unknown.
    pub steps: u64,
    /// Depth of calls into functions of the same file.
    pub call_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            steps: 200_000,
            call_depth: 8,
        }
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct EvalOptions {
    pub target: Target,
    /// Whose values the queries (`MPI_Type_get_extent`, ...) return.
    pub model: MpiModel,
    pub limits: Limits,
    /// C: names are case-sensitive, and `mpi_address` is not `MPI_Address`.
    pub case_sensitive: bool,
}

/// A datatype handle the program works with.
#[derive(Clone, Debug)]
pub(crate) struct Handle {
    /// The datatype, when every argument of its constructor was known; the engine's error when
    /// the arguments were invalid; `None` when unknown.
    pub datatype: Option<Result<Datatype, DtypeError>>,
    /// What MPI fixes of the datatype when it is not known.
    pub partial: Option<Partial>,
    /// The predefined handle this is, if it is one.
    pub predefined: Option<Predefined>,
    /// A predefined datatype a call returned (`MPI_Type_create_f90_real`,
    /// `MPI_Type_match_size`): committed, and not the program's to free.
    pub returned_predefined: bool,
}

impl Handle {
    /// A predefined datatype: named (`MPI_INT`) or returned as one.
    pub(crate) fn is_predefined(&self) -> bool {
        self.predefined.is_some() || self.returned_predefined
    }

    /// Everything known of its datatype.
    pub(crate) fn knowledge(&self) -> Option<Partial> {
        knowledge(&self.datatype, &self.partial)
    }
}

/// Everything known of a datatype as a partial summary: all of it, part, or (unknown, or an
/// invalid call that makes no datatype) nothing.
pub(crate) fn knowledge(
    datatype: &Option<Result<Datatype, DtypeError>>,
    partial: &Option<Partial>,
) -> Option<Partial> {
    match datatype {
        Some(Ok(dt)) => Some(Partial::of(dt)),
        Some(Err(_)) => None,
        None => partial.clone(),
    }
}

/// What tells one constructor call from another: its span and its new-type argument's, and,
/// for the calls in one statement macro's expansion (whose words all have the span of its use),
/// the function and the variable the argument names. Two calls in one expansion alike in these
/// are taken for one, whose datatype is then known only when they agree.
pub(crate) type DefinitionKey = (Span, Span, &'static str, Option<String>);

/// One constructor call that defines a handle, evaluated on every path that reaches it.
#[derive(Clone, Debug)]
pub(crate) struct TypeDefinition {
    /// The whole call.
    pub span: Span,
    /// The function name as written (`MPI_Type_vector`, `mpi_type_vector`).
    pub constructor: &'static MpiFunction,
    /// The new-type argument (`&newtype`, `types[i]`).
    pub target_span: Span,
    /// That argument as lowered (its text may be a statement macro's use, see
    /// [`crate::ir::Program::macro_uses`]), without positions: what it names is read, and a
    /// definition an edit moves shares it with the one before.
    pub target: Arc<crate::ir::Expr>,
    /// The datatype; `None` when it is unknown or differs between the paths reaching the call.
    pub datatype: Option<Result<Datatype, DtypeError>>,
    /// When the datatype is not known: the values MPI fixes alike on every path.
    pub partial: Option<Partial>,
    /// Whether the handles the call made are committed somewhere: all of them, some, or none
    /// (`Maybe` too when one was written where the evaluator cannot follow it).
    pub committed: Tri,
    /// Some handle the call made was written through a pointer the evaluator cannot follow.
    pub unfollowed: bool,
    /// The handles the call made, one per evaluation of the call (shared, as the variants, by
    /// the definition's moved copies).
    pub handles: Arc<Vec<HandleId>>,
    /// The datatype per chain of call sites that reached the call (a helper called from two
    /// places with other arguments), in the order first reached.
    pub variants: Arc<Vec<Variant>>,
}

/// What one constructor call built when reached through one chain of calls.
#[derive(Clone, Debug)]
pub(crate) struct Variant {
    /// The calls of the file's own functions that led to it, outermost first; empty in a root.
    pub via: Vec<Span>,
    /// The datatype; `None` when it is unknown or differs between the paths of this chain.
    pub datatype: Option<Result<Datatype, DtypeError>>,
    /// When the datatype is not known: the values MPI fixes alike on every path of the chain.
    pub partial: Option<Partial>,
}

/// Entries of a local array that a call reads and nothing wrote since its declaration.
#[derive(Clone, Debug)]
pub(crate) struct Unwritten {
    /// Positions from the argument's start.
    pub entries: Vec<i128>,
    /// The array's name and declaration statement.
    pub array: String,
    pub declaration: Span,
}

/// An evaluated argument of an MPI call.
#[derive(Clone, Debug)]
pub(crate) struct Argument {
    /// Where the argument is, counted from its call's start ([`MpiCall::span_of`]): a call an
    /// edit moves keeps its arguments as they are.
    from_call: Offset,
    pub value: ArgumentValue,
    /// The declared type of the variable (or element, or component) the argument names: the
    /// Fortran kind of a displacement, stride or address, for the address-kind rule. Without
    /// positions (as the buffer's types below): no rule reads them, and a call an edit moves
    /// would have to move them.
    pub declared: Option<Arc<crate::ir::Ty>>,
}

/// A span counted from another's start.
#[derive(Clone, Copy, Debug)]
struct Offset {
    start: isize,
    len: usize,
}

impl Offset {
    fn between(from: Span, span: Span) -> Self {
        Offset {
            start: span.start as isize - from.start as isize,
            len: span.len(),
        }
    }

    /// The span, counted from `from`'s start again.
    fn counted_from(self, from: Span) -> Span {
        let start = from.start.wrapping_add_signed(self.start);
        Span::new(start, start + self.len)
    }

    /// Whether the span lies in `from`.
    fn within(self, from: Span) -> bool {
        self.start >= 0 && self.start as usize + self.len <= from.len()
    }
}

#[derive(Clone, Debug)]
pub(crate) enum ArgumentValue {
    Int(i128),
    /// A datatype handle and its state at the call.
    Datatype {
        handle: HandleId,
        committed: Tri,
        freed: Tri,
    },
    /// A buffer: what it points into (variable name, declared type) and where.
    Buffer(Arc<Buffer>),
    /// An array argument (block lengths, displacements, types, sizes): how many elements the
    /// array has from the argument to its end, when it is a declared one-dimensional array.
    Array {
        capacity: Option<i128>,
        /// The entries the call reads that nothing wrote, when the array is a local one.
        unwritten: Option<Unwritten>,
    },
    Named(&'static str),
    /// A C variable whose type cannot hold a datatype handle (a pointer, a number) where a
    /// datatype is expected, and that is not shown to hold one.
    NotADatatype,
    Unknown,
}

#[derive(Clone, Debug)]
pub(crate) struct Buffer {
    /// The variable (or `malloc` block, or `MPI_BOTTOM`) the buffer argument points into.
    pub object: String,
    /// The declared type of that object, when it is a variable.
    pub declared: Option<Arc<crate::ir::Ty>>,
    /// Byte offset of the buffer from the start of the object, when known.
    pub offset: Option<i128>,
    /// Size of the object in bytes, when known.
    pub object_bytes: Option<i128>,
    /// What one element of the buffer is, from the argument's static type.
    pub element: Option<Arc<Element>>,
}

/// The element type of a buffer: what the data in it is declared as.
#[derive(Clone, Debug)]
pub(crate) struct Element {
    /// The type (typedefs not resolved: the name the program uses).
    pub ty: crate::ir::Ty,
    /// The type with typedefs resolved.
    pub resolved: crate::ir::Ty,
    pub size: Option<i128>,
    pub align: Option<i128>,
    /// For a struct or a `SEQUENCE`/`BIND(C)` derived type, its scalar members in declaration
    /// order (nested aggregates flattened); `None` when the layout is not known; empty for a
    /// scalar type.
    pub(crate) members: Option<Vec<Member>>,
}

impl Element {
    /// The element with its types' positions reset (see [`Argument::declared`]).
    fn without_positions(self) -> Self {
        use crate::ir::spans::without_positions;
        Element {
            ty: without_positions(self.ty),
            resolved: without_positions(self.resolved),
            members: self.members.map(|members| {
                members
                    .into_iter()
                    .map(|member| Member {
                        ty: without_positions(member.ty),
                        ..member
                    })
                    .collect()
            }),
            ..self
        }
    }
}

/// An MPI call as evaluated on one path.
#[derive(Clone, Debug)]
pub(crate) struct MpiCall {
    pub function: &'static MpiFunction,
    pub span: Span,
    pub name_span: Span,
    /// Shared by the copies of the call that edits moved.
    pub args: Arc<[Argument]>,
    /// Whether every position the arguments hold lies in the call: they then move with it.
    args_in_call: bool,
}

impl MpiCall {
    pub(crate) fn new(
        function: &'static MpiFunction,
        span: Span,
        name_span: Span,
        args: Vec<Argument>,
    ) -> Self {
        let args_in_call = args.iter().all(|arg| {
            arg.from_call.within(span)
                && !matches!(
                    arg.value,
                    ArgumentValue::Array {
                        unwritten: Some(_),
                        ..
                    }
                )
        });
        MpiCall {
            function,
            span,
            name_span,
            args: args.into(),
            args_in_call,
        }
    }

    /// Where `arg`, one of the call's arguments, is in the text.
    pub(crate) fn span_of(&self, arg: &Argument) -> Span {
        arg.from_call.counted_from(self.span)
    }

    pub(crate) fn arg_span(&self, i: usize) -> Option<Span> {
        Some(self.span_of(self.args.get(i)?))
    }
}

/// The handles of an evaluation, numbered in order: the globals' and then each root's, each
/// list shared with the root's result that the next version may reuse.
#[derive(Clone, Debug, Default)]
pub(crate) struct Handles {
    /// Each list with the number of its first handle, in order.
    parts: Vec<(HandleId, Arc<[Handle]>)>,
}

impl Handles {
    /// Numbers `handles` on from those already in.
    fn push(&mut self, handles: Arc<[Handle]>) {
        if !handles.is_empty() {
            self.parts.push((self.len(), handles));
        }
    }

    pub(crate) fn get(&self, handle: HandleId) -> Option<&Handle> {
        let part = self.parts.partition_point(|(first, _)| *first <= handle);
        let (first, handles) = self.parts.get(part.checked_sub(1)?)?;
        handles.get(handle - first)
    }

    pub(crate) fn len(&self) -> usize {
        self.parts
            .last()
            .map_or(0, |(first, handles)| first + handles.len())
    }
}

/// Everything evaluation found.
#[derive(Clone, Debug, Default)]
pub(crate) struct Evaluation {
    pub handles: Handles,
    pub definitions: Vec<Arc<TypeDefinition>>,
    /// The definitions by call and by handle, made when first asked for.
    definition_index: OnceLock<definition_index::DefinitionIndex>,
    pub calls: Calls,
    /// Things the evaluator could not do, as notes (step budget exhausted, recursion, ...).
    pub notes: Vec<crate::source::Note>,
    /// Whether some definition is a struct with an `MPI_LB` or `MPI_UB` block, which only
    /// deprecated-api's rewrite looks for: without one it looks at no definition.
    pub marker_structs: bool,
}

impl Evaluation {
    fn definition_index(&self) -> &definition_index::DefinitionIndex {
        self.definition_index
            .get_or_init(|| definition_index::DefinitionIndex::new(&self.definitions))
    }

    /// The definition of the constructor call at `span` (the first, if a statement macro's
    /// expansion has several alike).
    pub(crate) fn definition_of_call(
        &self,
        span: Span,
        constructor: &'static str,
    ) -> Option<&TypeDefinition> {
        let i = self.definition_index().of_call(span, constructor)?;
        Some(&self.definitions[i])
    }

    /// The definition of the constructor call that made `handle`.
    pub(crate) fn definition_of(&self, handle: HandleId) -> Option<&TypeDefinition> {
        let i = self.definition_index().of_handle(handle)?;
        Some(&self.definitions[i])
    }

    /// The constructor call that made `handle`.
    pub(crate) fn built_at(&self, handle: HandleId) -> Option<Span> {
        self.definition_of(handle).map(|d| d.span)
    }
}

/// What one object of type `ty` is, with the program's globals evaluated: the layout a hover on
/// a struct declaration shows, outside any function.
pub(crate) fn element_of(
    program: &Program,
    options: &EvalOptions,
    ty: &crate::ir::Ty,
) -> Option<Element> {
    let mut ev = Evaluator::new(program, options);
    let mut globals = State::default();
    ev.exec_globals(&mut globals, &program.globals);
    ev.element_info(&mut globals, ty)
}

pub(crate) use roots::{evaluate, Calls, RootMemo};

/// A call of one of the file's own functions, being followed.
#[derive(Clone, Copy)]
struct Frame<'p> {
    function: &'p Function,
    /// How many scopes of the state that runs it are not its own: the globals, and its host's.
    outer_scopes: usize,
}

/// The evaluator's context, shared by all paths of one root.
#[derive(Clone)]
pub(crate) struct Evaluator<'p> {
    program: &'p Program,
    engine: Engine,
    model: MpiModel,
    limits: Limits,
    case_sensitive: bool,
    steps_left: u64,
    /// Arrays whose store was found full (by object and name): a loop that fills one is run
    /// without its body (`stmt.rs`), also after an earlier loop forgot what it stored.
    full_stores: HashSet<(ObjectId, String)>,
    functions: Rc<HashMap<&'p str, &'p PlacedFunction>>,
    /// The calls of the file's own functions being followed, innermost last.
    call_stack: Vec<Frame<'p>>,
    /// The calls of the file's own functions being followed, outermost first.
    call_sites: Vec<Span>,
    handles: Vec<Handle>,
    predefined_handles: HashMap<Predefined, HandleId>,
    /// The index of each definition, by [`DefinitionKey`].
    definition_index: HashMap<DefinitionKey, usize>,
    definitions: Vec<TypeDefinition>,
    calls: Vec<MpiCall>,
    notes: Vec<crate::source::Note>,
    noted: HashSet<(Span, &'static str)>,
    /// Handles some evaluated path commits.
    ever_committed: HashSet<HandleId>,
    /// Handles written where the evaluator cannot follow them (through an unknown pointer):
    /// whether they are committed later is not known.
    unfollowed: HashSet<HandleId>,
    /// The object each local declaration made last, to reuse when it runs again.
    locals: HashMap<Origin, ObjectId>,
    /// The objects some path stored a pointer or address into an object in, by that object: a
    /// new lifetime of it must not be reached through them.
    holders: HashMap<ObjectId, HashSet<ObjectId>>,
    /// Set while an expression is looked at for its static type only: calls in it are not run.
    typing: bool,
    /// Constants being evaluated for a type's layout, one inside another (an array whose size
    /// names the array, `double u[sizeof u / 8]`, would nest without end).
    layout_constants: usize,
    /// Evaluations each MPI call had, by its span.
    recorded: HashMap<Span, usize>,
    /// Blocks each allocation call made.
    heap_blocks: HashMap<Span, usize>,
    /// Objects a function returned the address of, on some path: never reused, since the value
    /// may still be in use when the function runs again (`f() - f()`).
    returned: HashSet<ObjectId>,
    /// The local arrays whose elements start [`value::Value::Uninit`], with their declaration.
    unwritten_arrays: HashMap<ObjectId, Span>,
    /// Per `if` condition (by address): whether the program leaves its variables unchanged
    /// after it (see `mpi::guards`).
    unchanged_conditions: HashMap<usize, bool>,
    /// The types of the program's Fortran COMMON blocks, whose variables calls must forget.
    common_blocks: HashSet<&'p str>,
    /// The program's variables at file or module scope (not its constants), which calls of
    /// functions of other files must forget.
    variable_globals: Vec<ObjectId>,
}

impl<'p> Evaluator<'p> {
    fn new(program: &'p Program, options: &EvalOptions) -> Self {
        Evaluator {
            program,
            engine: Engine::new(options.target),
            model: options.model,
            limits: options.limits,
            case_sensitive: options.case_sensitive,
            steps_left: options.limits.steps,
            full_stores: HashSet::default(),
            functions: Rc::new(program.functions.iter().map(|f| (f.name(), f)).collect()),
            call_stack: Vec::new(),
            call_sites: Vec::new(),
            handles: Vec::new(),
            predefined_handles: HashMap::default(),
            definition_index: HashMap::default(),
            definitions: Vec::new(),
            calls: Vec::new(),
            notes: Vec::new(),
            noted: HashSet::default(),
            ever_committed: HashSet::default(),
            unfollowed: HashSet::default(),
            locals: HashMap::default(),
            holders: HashMap::default(),
            heap_blocks: HashMap::default(),
            recorded: HashMap::default(),
            typing: false,
            layout_constants: 0,
            returned: HashSet::default(),
            unwritten_arrays: HashMap::default(),
            unchanged_conditions: HashMap::default(),
            common_blocks: program
                .aggregates
                .iter()
                .filter(|a| a.kind == crate::ir::AggregateKind::FortranCommon)
                .map(|a| a.name.as_str())
                .collect(),
            variable_globals: Vec::new(),
        }
    }

    /// Declares a local of the function at the top of the call stack.
    fn declare_local(
        &mut self,
        state: &mut State,
        name: &str,
        kind: value::ObjectKind,
        declaration: Declaration,
    ) -> ObjectId {
        let id = self.local_object(state, name, kind, declaration);
        state.bind(name, id);
        id
    }

    /// The object of a local or temporary: the one its last lifetime had (with the pointers
    /// into that lifetime forgotten), unless a function returned its address.
    fn local_object(
        &mut self,
        state: &mut State,
        name: &str,
        kind: value::ObjectKind,
        declaration: Declaration,
    ) -> ObjectId {
        let origin = Origin {
            depth: self.call_stack.len(),
            declaration,
        };
        let reusable = self
            .locals
            .get(&origin)
            .copied()
            .filter(|id| !self.returned.contains(id));
        let id = state.local_object(name, kind, origin, reusable);
        if reusable == Some(id) {
            if let Some(holders) = self.holders.get(&id) {
                state.scrub(id, holders);
            }
        }
        self.locals.insert(origin, id);
        id
    }

    /// Notes that `holder` now stores `value`, when that is a pointer or address.
    fn hold(&mut self, holder: ObjectId, value: &value::Value) {
        if let Some(target) = value.object() {
            self.holders.entry(target).or_default().insert(holder);
        }
    }

    fn note(&mut self, span: Span, message: &'static str) {
        if self.noted.insert((span, message)) {
            self.notes.push(crate::source::Note {
                span,
                message: message.to_owned(),
            });
        }
    }
}
