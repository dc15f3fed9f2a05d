//! The MPI calls the evaluator understands: their parameters' roles, and what they do to the
//! abstract state (constructors build datatypes with the engine; queries write results; address
//! calls compute addresses). Every call in the table is recorded with its evaluated arguments.

use super::expr::denotes_a_place;
use super::value::{HandleState, ObjectKind, PathElem, Place, State, Tri, Value};
use super::{Argument, ArgumentValue, Buffer, Evaluator, Handle, MpiCall, TypeDefinition};
use crate::catalog::{ConstructorKind, Effect, Mpi1Bound, MpiFunction, Role};

use crate::dtype::{Api, Constructor, Datatype, Distribution, DtypeError, Order, Predefined};
use crate::ir::{Expr, ExprKind, Ty};
use crate::layout::CType;
use crate::source::Span;
use ConstructorKind as K;
use Role::*;

/// Handles one constructor call may make in one evaluation (see `Evaluator::define`).
const MAX_HANDLES_PER_CALL: usize = 64;
/// Heap blocks one `malloc` call may make in one evaluation: blocks are live together (a list
/// being built), so unlike locals they cannot share an object, and states that grow an object per
/// iteration make every join cost as much as the iterations so far.
const MAX_BLOCKS_PER_CALL: usize = 64;
/// Evaluations of one MPI call recorded one by one (see `Evaluator::record`).
const MAX_RECORDS_PER_CALL: usize = 64;
impl<'p> Evaluator<'p> {
    pub(crate) fn predefined_handle(&mut self, p: Predefined) -> usize {
        if let Some(&h) = self.predefined_handles.get(&p) {
            return h;
        }
        let datatype = Some(self.engine.predefined(p));
        self.handles.push(Handle {
            datatype,
            predefined: Some(p),
            defined_at: None,
        });
        let h = self.handles.len() - 1;
        self.predefined_handles.insert(p, h);
        h
    }

    /// The object absolute addresses are relative to (`MPI_BOTTOM`), created on first use.
    pub(crate) fn bottom(state: &mut State) -> usize {
        match state
            .objects
            .iter()
            .position(|o| matches!(o.kind, ObjectKind::Bottom))
        {
            Some(id) => id,
            None => state.new_object("MPI_BOTTOM", ObjectKind::Bottom),
        }
    }

    /// A call by name: MPI, a function of this file, a function-like macro, a known library
    /// function, or an unknown one.
    pub(crate) fn call(
        &mut self,
        state: &mut State,
        callee: &str,
        callee_span: Span,
        args: &[Expr],
        span: Span,
    ) -> Value {
        if self.typing {
            // Only macros are expanded while typing: a call has no type-level value, and running
            // it again would repeat its effects (and its nested calls', at every level).
            return match self.macros.get(callee).copied() {
                Some(m) if m.params.is_some() => self.expand(state, m, args),
                _ => Value::Unknown,
            };
        }
        if let Some(function) = MpiFunction::find(callee) {
            return self.mpi_call(state, function, callee_span, args, span);
        }
        if let Some(function) = self.functions.get(callee).copied() {
            return self.call_user(state, function, args, span);
        }
        if let Some(m) = self.macros.get(callee).copied() {
            if m.params.is_some() {
                return self.expand(state, m, args);
            }
        }
        self.library_call(state, callee, args, span)
    }

    fn library_call(
        &mut self,
        state: &mut State,
        callee: &str,
        args: &[Expr],
        span: Span,
    ) -> Value {
        if let Some(v) = self.intrinsic_call(state, callee, args) {
            return v;
        }
        let ints = |ev: &mut Self, state: &mut State| -> Option<Vec<i128>> {
            args.iter().map(|a| ev.eval_const(state, a)).collect()
        };
        match callee {
            "malloc" | "calloc" | "aligned_alloc" => {
                let bytes = ints(self, state).map(|v| v.iter().product::<i128>());
                let made = self.heap_blocks.entry(span).or_default();
                if *made >= MAX_BLOCKS_PER_CALL {
                    self.note(
                        span,
                        "the memory this call allocates after its first 64 blocks is not followed",
                    );
                    return Value::Unknown;
                }
                *made += 1;
                let id = state.new_object(callee, ObjectKind::Heap { bytes });
                Value::Ref(Place {
                    object: id,
                    path: Vec::new(),
                })
            }
            "abs" | "labs" | "llabs" => ints(self, state)
                .and_then(|v| v.first().map(|x| Value::Int(x.abs())))
                .unwrap_or(Value::Unknown),
            "max" | "min" if !args.is_empty() => match ints(self, state) {
                Some(v) => Value::Int(if callee == "max" {
                    v.into_iter().max().unwrap_or(0)
                } else {
                    v.into_iter().min().unwrap_or(0)
                }),
                None => Value::Unknown,
            },
            "mod" if args.len() == 2 => match ints(self, state).as_deref() {
                Some([a, b]) if *b != 0 => Value::Int(a % b),
                _ => Value::Unknown,
            },
            "printf" | "fprintf" | "puts" | "free" | "assert" | "exit" | "abort" => {
                for a in args {
                    self.eval(state, a);
                }
                Value::Unknown
            }
            _ => {
                self.forget_arguments(state, args);
                Value::Unknown
            }
        }
    }

    /// Evaluates an MPI call: arguments by role, its effect, and a record of it.
    fn mpi_call(
        &mut self,
        state: &mut State,
        function: &'static MpiFunction,
        name_span: Span,
        args: &[Expr],
        span: Span,
    ) -> Value {
        // The array arguments' length: the count (`ndims` of darray), which comes before them.
        let length_at = match function.effect {
            Effect::Construct(K::Darray) => 2,
            _ => 0,
        };
        let mut array_len = None;
        let mut evaluated = Vec::with_capacity(args.len());
        let mut raw = Vec::with_capacity(args.len());
        for (i, arg) in args.iter().enumerate() {
            let role = function.role(i).unwrap_or(Other);
            let (value, v) = self.argument(state, role, arg, array_len);
            if i == length_at {
                if let RawArg::Value(Value::Int(n)) = &v {
                    array_len = Some(*n);
                }
            }
            let declared = match arg.kind {
                ExprKind::Name(_) | ExprKind::Index { .. } | ExprKind::Member { .. } => {
                    self.static_type(state, arg)
                }
                _ => None,
            };
            evaluated.push(Argument {
                span: arg.span,
                value,
                declared,
            });
            raw.push(v);
        }
        let result = self.effect(state, function, args, &raw, span);
        self.record(MpiCall {
            function,
            span,
            name_span,
            args: evaluated,
        });
        result
    }

    /// Keeps the evaluated call for the rules. A call evaluated more than
    /// [`MAX_RECORDS_PER_CALL`] times (in a loop run to the step budget) has its later
    /// evaluations stand as one whose values are all unknown: the rules see that the call's
    /// arguments are not the same on every path, and memory stays bounded by the code.
    fn record(&mut self, mut call: MpiCall) {
        let recorded = self.recorded.entry(call.span).or_default();
        *recorded += 1;
        if *recorded > MAX_RECORDS_PER_CALL + 1 {
            return;
        }
        if *recorded == MAX_RECORDS_PER_CALL + 1 {
            for arg in &mut call.args {
                arg.value = ArgumentValue::Unknown;
            }
            self.note(
                call.span,
                "the evaluations of this call after its first 64 are not told apart",
            );
        }
        self.calls.push(call);
    }

    /// One argument: its recorded value, and the raw value the effect works with.
    fn argument(
        &mut self,
        state: &mut State,
        role: Role,
        arg: &Expr,
        array_len: Option<i128>,
    ) -> (ArgumentValue, RawArg) {
        match role {
            Int | Aint | Count | Order => {
                let v = self.eval(state, arg);
                let recorded = match &v {
                    Value::Int(i) => ArgumentValue::Int(*i),
                    Value::Named(n) => ArgumentValue::Named(n),
                    _ => ArgumentValue::Unknown,
                };
                (recorded, RawArg::Value(v))
            }
            IntArray | AintArray | DatatypeArray | DistribArray => {
                let start = self.eval(state, arg);
                let values = array_len.and_then(|n| self.read_array(state, &start, n));
                let capacity = self.array_capacity(state, &start);
                (
                    ArgumentValue::Array { capacity },
                    values.map_or(RawArg::None, RawArg::Array),
                )
            }
            TypeIn | MessageType | CommitType | FreeType => {
                let v = if matches!(role, CommitType | FreeType) {
                    self.handle_by_reference(state, arg)
                } else {
                    self.eval(state, arg)
                };
                let recorded = match &v {
                    Value::Handle(h) => {
                        let s = self.handle_state(state, *h);
                        ArgumentValue::Datatype {
                            handle: *h,
                            committed: s.committed,
                            freed: s.freed,
                        }
                    }
                    Value::Named(n) => ArgumentValue::Named(n),
                    _ => ArgumentValue::Unknown,
                };
                (recorded, RawArg::Value(v))
            }
            Buf | Location => {
                let v = self.location(state, arg);
                (self.buffer(state, arg, &v), RawArg::Value(v))
            }
            NewType | OutInt | OutAint => (
                ArgumentValue::Unknown,
                self.out_place(state, arg).map_or(RawArg::None, RawArg::Out),
            ),
            Other => {
                // Evaluated for their effects (a nested call), not recorded.
                if matches!(arg.kind, ExprKind::Call { .. }) {
                    self.eval(state, arg);
                }
                (ArgumentValue::Unknown, RawArg::None)
            }
        }
    }

    /// How many elements of a one-dimensional array there are from `start` to its end.
    fn array_capacity(&mut self, state: &mut State, start: &Value) -> Option<i128> {
        let Value::Ref(place) = start else {
            return None;
        };
        let mut array = self.resolve_alias(state, place.clone());
        let first = match array.path.last() {
            Some(PathElem::Index(i)) => {
                let i = *i;
                array.path.pop();
                i
            }
            _ => 0,
        };
        let ty = self.place_type(state, &array)?;
        match self.resolve(&ty).clone() {
            Ty::Array(_, dims) if dims.len() == 1 => {
                Some(self.element_count(state, &dims)? - first)
            }
            _ => None,
        }
    }

    /// The handle a commit or free works on: `&t` or a pointer to it in C, `t` in Fortran.
    fn handle_by_reference(&mut self, state: &mut State, arg: &Expr) -> Value {
        if let ExprKind::AddrOf(inner) = &arg.kind {
            return self.eval(state, inner);
        }
        match self.eval(state, arg) {
            Value::Ref(place) => self.read_place(state, &place),
            v => v,
        }
    }

    /// Where a by-reference argument lives: a pointer value in C, the variable itself in
    /// Fortran.
    fn location(&mut self, state: &mut State, arg: &Expr) -> Value {
        let (value, place) = self.value_and_place(state, arg);
        match value {
            v @ (Value::Ref(_) | Value::Addr { .. }) => v,
            // A C pointer whose target is unknown is not itself the location.
            _ => match place.or_else(|| self.place(state, arg)) {
                Some(p) if !matches!(self.place_type(state, &p), Some(Ty::Pointer(_))) => {
                    Value::Ref(p)
                }
                _ => Value::Unknown,
            },
        }
    }

    /// The place an output argument writes to: `&x`, a pointer, or an array (its first
    /// element) in C; `x` in Fortran.
    fn out_place(&mut self, state: &mut State, arg: &Expr) -> Option<Place> {
        if let ExprKind::AddrOf(inner) = &arg.kind {
            return self.place(state, inner);
        }
        let Some(mut place) = self.place(state, arg) else {
            if denotes_a_place(arg) {
                return None;
            }
            // Pointer arithmetic: `disp + 1`.
            return match self.eval(state, arg) {
                Value::Ref(place) => Some(place),
                _ => None,
            };
        };
        match self.place_type(state, &place) {
            Some(crate::ir::Ty::Pointer(_)) => match self.read_place(state, &place) {
                Value::Ref(target) => Some(target),
                _ => None,
            },
            Some(crate::ir::Ty::Array(_, dims)) => {
                place.path.push(if dims.len() > 1 {
                    PathElem::Element(0)
                } else {
                    PathElem::Index(0)
                });
                Some(place)
            }
            _ => Some(place),
        }
    }

    fn buffer(&mut self, state: &mut State, arg: &Expr, v: &Value) -> ArgumentValue {
        let (object, offset) = match v {
            Value::Ref(place) => {
                let place = self.resolve_alias(state, place.clone());
                let offset = match self.address_of(state, &place) {
                    Value::Addr { offset, .. } => Some(offset),
                    _ => None,
                };
                (place.object, offset)
            }
            Value::Addr { object, offset } => (*object, Some(*offset)),
            _ => return self.unknown_target(state, arg),
        };
        let Some(o) = state.objects.get(object).cloned() else {
            return ArgumentValue::Unknown;
        };
        let (declared, object_bytes) = match &o.kind {
            ObjectKind::Variable(ty) => (Some(ty.clone()), self.layout(state, ty).map(|l| l.size)),
            ObjectKind::Heap { bytes } => (None, *bytes),
            _ => (None, None),
        };
        let element = self
            .static_type(state, arg)
            .and_then(|ty| self.element_info(state, &ty));
        ArgumentValue::Buffer(Box::new(Buffer {
            object: o.name.clone(),
            declared,
            offset,
            object_bytes,
            element,
        }))
    }

    /// A buffer pointer whose target is unknown (a parameter of a function nobody in the file
    /// calls): its type still says what one element is, which the element rules need; where it
    /// points and how far the memory goes stay unknown.
    fn unknown_target(&mut self, state: &mut State, arg: &Expr) -> ArgumentValue {
        let Some(ty) = self.static_type(state, arg) else {
            return ArgumentValue::Unknown;
        };
        // `char *` is the C idiom for raw memory of any type: its type says nothing.
        if let Ty::Pointer(pointee) = self.resolve(&ty) {
            if matches!(
                self.resolve(pointee),
                Ty::C(CType::Char | CType::UnsignedChar | CType::SignedChar)
            ) {
                return ArgumentValue::Unknown;
            }
        }
        let element = self.element_info(state, &ty);
        match (element, arg.root_name()) {
            (Some(element), Some(name)) => ArgumentValue::Buffer(Box::new(Buffer {
                object: name.to_owned(),
                declared: None,
                offset: None,
                object_bytes: None,
                element: Some(element),
            })),
            _ => ArgumentValue::Unknown,
        }
    }

    pub(crate) fn handle_state(&self, state: &State, h: usize) -> HandleState {
        if self.handles.get(h).is_some_and(|x| x.predefined.is_some()) {
            return HandleState {
                committed: Tri::Yes,
                freed: Tri::No,
            };
        }
        state.handles.get(&h).copied().unwrap_or(HandleState {
            committed: Tri::No,
            freed: Tri::No,
        })
    }

    fn datatype_of(&self, v: &Value) -> Option<Datatype> {
        match v {
            Value::Handle(h) => match &self.handles.get(*h)?.datatype {
                Some(Ok(dt)) => Some(dt.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    fn effect(
        &mut self,
        state: &mut State,
        function: &'static MpiFunction,
        args: &[Expr],
        raw: &[RawArg],
        span: Span,
    ) -> Value {
        let value = |i: usize| {
            raw.get(i)
                .and_then(RawArg::value)
                .cloned()
                .unwrap_or(Value::Unknown)
        };
        let model = self.model;
        match function.effect {
            Effect::Construct(kind) => {
                let out = raw.last().and_then(RawArg::out).cloned();
                if out.is_none() {
                    // Written somewhere the evaluator cannot place (`&types[i]`, i unknown).
                    if let Some(arg) = args.last() {
                        self.forget_root(state, arg);
                    }
                }
                let target_span = args.last().map_or(span, |a| a.span);
                let datatype = self.build(kind, function.api(), raw);
                let h = self.define(state, function, span, target_span, out.as_ref(), datatype);
                // MPI_Type_dup: "the new datatype has the same committed state as the old one".
                if let (Some(h), K::Dup) = (h, kind) {
                    if let Value::Handle(old) = value(0) {
                        let committed = self.handle_state(state, old).committed;
                        if let Some(entry) = state.handles.get_mut(&h) {
                            entry.committed = committed;
                        }
                        if committed == Tri::Yes {
                            self.ever_committed.insert(h);
                        }
                    }
                }
            }
            Effect::Commit | Effect::Free => {
                if let Value::Handle(h) = value(0) {
                    if self.handles[h].predefined.is_none() {
                        let entry = state.handles.entry(h).or_insert(HandleState {
                            committed: Tri::No,
                            freed: Tri::No,
                        });
                        if function.effect == Effect::Commit {
                            entry.committed = Tri::Yes;
                            self.ever_committed.insert(h);
                        } else {
                            entry.freed = Tri::Yes;
                        }
                    }
                }
                // MPI_Type_free sets the variable to MPI_DATATYPE_NULL; it keeps the freed handle
                // here so that later uses are known as uses after the free.
            }
            Effect::Size => {
                let v = self
                    .datatype_of(&value(0))
                    .map_or(Value::Unknown, |d| Value::Int(d.size()));
                self.write_out(state, raw.get(1), v);
            }
            Effect::Extent { true_extent } => {
                let s = self.datatype_of(&value(0)).map(|d| *d.summary(model));
                let (lb, extent) = match s {
                    Some(s) if true_extent => (Value::Int(s.true_lb), Value::Int(s.true_extent())),
                    Some(s) => (Value::Int(s.lb), Value::Int(s.extent())),
                    None => (Value::Unknown, Value::Unknown),
                };
                self.write_out(state, raw.get(1), lb);
                self.write_out(state, raw.get(2), extent);
            }
            Effect::Mpi1Bound(which) => {
                let v = self.datatype_of(&value(0)).map_or(Value::Unknown, |d| {
                    let s = d.summary(model);
                    Value::Int(match which {
                        Mpi1Bound::Extent => s.extent(),
                        Mpi1Bound::Lb => s.lb,
                        Mpi1Bound::Ub => s.ub,
                    })
                });
                self.write_out(state, raw.get(1), v);
            }
            Effect::GetAddress => {
                let v = match value(0) {
                    Value::Ref(place) => self.address_of(state, &place),
                    v @ Value::Addr { .. } => v,
                    _ => Value::Unknown,
                };
                self.write_out(state, raw.get(1), v);
            }
            Effect::Sizeof => {
                let ty = args
                    .first()
                    .and_then(|a| self.static_type(state, a))
                    .map(|t| self.element_type(&t));
                let v = ty
                    .and_then(|t| self.layout(state, &t))
                    .map_or(Value::Unknown, |l| Value::Int(l.size));
                self.write_out(state, raw.get(1), v);
            }
            Effect::AintAdd => return self.add(value(0), value(1), 1),
            Effect::AintDiff => return self.sub(state, value(0), value(1)),
            Effect::Use | Effect::Query => {}
        }
        // Under the default error handler (MPI_ERRORS_ARE_FATAL) a call that returns succeeded.
        Value::Int(0)
    }

    fn write_out(&mut self, state: &mut State, arg: Option<&RawArg>, v: Value) {
        if let Some(RawArg::Out(place)) = arg {
            self.write_place(state, place, v);
        }
    }

    /// Builds the datatype a constructor call describes; `None` when an argument is unknown.
    fn build(
        &mut self,
        kind: ConstructorKind,
        api: Api,
        raw: &[RawArg],
    ) -> Option<Result<Datatype, DtypeError>> {
        let int = |i: usize| raw.get(i)?.value()?.as_int();
        let ints = |i: usize| -> Option<Vec<i128>> {
            raw.get(i)?.array()?.iter().map(Value::as_int).collect()
        };
        // Byte displacements: numbers, or absolute addresses (for use with MPI_BOTTOM) that all
        // lie in one object, which then give the type relative to that object.
        let byte_displacements = |i: usize| -> Option<Vec<i128>> {
            let values = raw.get(i)?.array()?;
            ints(i).or_else(|| {
                let first = match values.first()? {
                    Value::Addr { object, .. } => *object,
                    _ => return None,
                };
                values
                    .iter()
                    .map(|v| match v {
                        Value::Addr { object, offset } if *object == first => Some(*offset),
                        _ => None,
                    })
                    .collect()
            })
        };
        let old = |ev: &Self, i: usize| ev.datatype_of(raw.get(i)?.value()?);
        let order = |i: usize| match raw.get(i)?.value()? {
            Value::Named("MPI_ORDER_C") => Some(Order::C),
            Value::Named("MPI_ORDER_FORTRAN") => Some(Order::Fortran),
            _ => None,
        };
        let optional = |i: usize| match raw.get(i)?.value()? {
            Value::Named("MPI_UNDEFINED") => Some(None),
            Value::Int(v) => Some(Some(*v)),
            _ => None,
        };
        let (ctor, olds) = match kind {
            K::Contiguous => (
                Constructor::Contiguous { count: int(0)? },
                vec![old(self, 1)?],
            ),
            K::Vector => (
                Constructor::Vector {
                    count: int(0)?,
                    blocklength: int(1)?,
                    stride: int(2)?,
                },
                vec![old(self, 3)?],
            ),
            K::Hvector => (
                Constructor::Hvector {
                    count: int(0)?,
                    blocklength: int(1)?,
                    stride: int(2)?,
                },
                vec![old(self, 3)?],
            ),
            K::Indexed => (
                Constructor::Indexed {
                    blocklengths: ints(1)?,
                    displacements: ints(2)?,
                },
                vec![old(self, 3)?],
            ),
            K::Hindexed => (
                Constructor::Hindexed {
                    blocklengths: ints(1)?,
                    displacements: byte_displacements(2)?,
                },
                vec![old(self, 3)?],
            ),
            K::IndexedBlock => (
                Constructor::IndexedBlock {
                    blocklength: int(1)?,
                    displacements: ints(2)?,
                },
                vec![old(self, 3)?],
            ),
            K::HindexedBlock => (
                Constructor::HindexedBlock {
                    blocklength: int(1)?,
                    displacements: byte_displacements(2)?,
                },
                vec![old(self, 3)?],
            ),
            K::Struct => {
                let types: Option<Vec<Datatype>> = raw
                    .get(3)?
                    .array()?
                    .iter()
                    .map(|v| self.datatype_of(v))
                    .collect();
                (
                    Constructor::Struct {
                        blocklengths: ints(1)?,
                        displacements: byte_displacements(2)?,
                    },
                    types?,
                )
            }
            K::Subarray => (
                Constructor::Subarray {
                    sizes: ints(1)?,
                    subsizes: ints(2)?,
                    starts: ints(3)?,
                    order: order(4)?,
                },
                vec![old(self, 5)?],
            ),
            K::Darray => {
                let distribs: Option<Vec<Distribution>> =
                    raw.get(4)?.array()?.iter().map(distribution).collect();
                let ctor = Constructor::Darray {
                    size: int(0)?,
                    rank: int(1)?,
                    gsizes: ints(3)?,
                    distribs: distribs?,
                    dargs: ints(5)?,
                    psizes: ints(6)?,
                    order: order(7)?,
                };
                (ctor, vec![old(self, 8)?])
            }
            K::Resized => (
                Constructor::Resized {
                    lb: int(1)?,
                    extent: int(2)?,
                },
                vec![old(self, 0)?],
            ),
            K::Dup => (Constructor::Dup, vec![old(self, 0)?]),
            K::F90Real => (
                Constructor::F90Real {
                    precision: optional(0)?,
                    range: optional(1)?,
                },
                vec![],
            ),
            K::F90Complex => (
                Constructor::F90Complex {
                    precision: optional(0)?,
                    range: optional(1)?,
                },
                vec![],
            ),
            K::F90Integer => (Constructor::F90Integer { range: int(0)? }, vec![]),
        };
        Some(self.engine.construct(&ctor, api, &olds))
    }

    /// Records a new handle made by a constructor call and stores it in the output argument.
    /// A call that has made [`MAX_HANDLES_PER_CALL`] handles already stores an unknown value
    /// instead: a constructor in a long loop would otherwise make the handle states, and every
    /// join of them, grow with the iterations.
    fn define(
        &mut self,
        state: &mut State,
        function: &'static MpiFunction,
        span: Span,
        target_span: Span,
        out: Option<&Place>,
        datatype: Option<Result<Datatype, DtypeError>>,
    ) -> Option<usize> {
        let made = self
            .definition_index
            .get(&(span, target_span))
            .map_or(0, |&i| self.definitions[i].handles.len());
        if made >= MAX_HANDLES_PER_CALL {
            self.note(
                span,
                "the datatypes this call makes after its first 64 are not followed",
            );
            if let Some(out) = out {
                self.write_place(state, out, Value::Unknown);
            }
            return None;
        }
        self.handles.push(Handle {
            datatype: datatype.clone(),
            predefined: None,
            defined_at: Some(span),
        });
        let h = self.handles.len() - 1;
        state.handles.insert(
            h,
            HandleState {
                committed: Tri::No,
                freed: Tri::No,
            },
        );
        if let Some(out) = out {
            self.write_place(state, out, Value::Handle(h));
        }
        match self.definition_index.get(&(span, target_span)) {
            Some(&i) => {
                let d = &mut self.definitions[i];
                if !same_result(&d.datatype, &datatype) {
                    d.datatype = None;
                }
                d.handles.push(h);
            }
            None => {
                self.definition_index
                    .insert((span, target_span), self.definitions.len());
                self.definitions.push(TypeDefinition {
                    span,
                    constructor: function,
                    target_span,
                    datatype,
                    committed: Tri::No,
                    handle: h,
                    handles: vec![h],
                });
            }
        }
        Some(h)
    }
}

fn distribution(v: &Value) -> Option<Distribution> {
    match v {
        Value::Named("MPI_DISTRIBUTE_BLOCK") => Some(Distribution::Block),
        Value::Named("MPI_DISTRIBUTE_CYCLIC") => Some(Distribution::Cyclic),
        Value::Named("MPI_DISTRIBUTE_NONE") => Some(Distribution::None),
        _ => None,
    }
}

/// Two evaluations of one constructor call agree when they built the same datatype.
fn same_result(
    a: &Option<Result<Datatype, DtypeError>>,
    b: &Option<Result<Datatype, DtypeError>>,
) -> bool {
    match (a, b) {
        (Some(Ok(x)), Some(Ok(y))) => x.same_as(y),
        (Some(Err(x)), Some(Err(y))) => x == y,
        _ => false,
    }
}

/// An argument as the effect of a call sees it.
pub(crate) enum RawArg {
    Value(Value),
    Array(Vec<Value>),
    Out(Place),
    None,
}

impl RawArg {
    fn value(&self) -> Option<&Value> {
        match self {
            RawArg::Value(v) => Some(v),
            _ => None,
        }
    }

    fn array(&self) -> Option<&[Value]> {
        match self {
            RawArg::Array(v) => Some(v),
            _ => None,
        }
    }

    fn out(&self) -> Option<&Place> {
        match self {
            RawArg::Out(p) => Some(p),
            _ => None,
        }
    }
}
