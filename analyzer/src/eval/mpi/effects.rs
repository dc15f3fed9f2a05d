//! What an MPI call does to the abstract state: commits, frees, queries that write results,
//! address arithmetic, and the constructors (built in `constructors`).

use super::RawArg;
use crate::catalog::{ConstructorKind, Effect, Mpi1Bound, MpiFunction};
use crate::dtype::Datatype;
use crate::eval::value::{HandleState, ObjectKind, Place, State, Tri, Value};
use crate::eval::{Evaluator, Handle};
use crate::ir::{BinOp, Expr};
use crate::source::Span;
use ConstructorKind as K;

impl Evaluator<'_> {
    pub(crate) fn handle_state(&self, state: &State, h: usize) -> HandleState {
        if self.handles.get(h).is_some_and(Handle::is_predefined) {
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

    /// `t == MPI_DATATYPE_NULL` (or `/=`) of a handle the program holds: a datatype is never
    /// the null handle, but `MPI_Type_free` sets its variable to it (where the evaluator keeps
    /// the freed handle, for use-after-free).
    pub(crate) fn null_comparison(
        &self,
        state: &State,
        op: BinOp,
        a: &Value,
        b: &Value,
    ) -> Option<Value> {
        let handle = match (a, b) {
            (Value::Handle(h), Value::Named("MPI_DATATYPE_NULL"))
            | (Value::Named("MPI_DATATYPE_NULL"), Value::Handle(h)) => *h,
            _ => return None,
        };
        let null = match self.handle_state(state, handle).freed {
            Tri::No => false,
            Tri::Yes => true,
            Tri::Maybe => return Some(Value::Unknown),
        };
        match op {
            BinOp::Eq => Some(Value::Int(i128::from(null))),
            BinOp::Ne => Some(Value::Int(i128::from(!null))),
            _ => None,
        }
    }

    pub(super) fn datatype_of(&self, v: &Value) -> Option<Datatype> {
        match v {
            Value::Handle(h) => match &self.handles.get(*h)?.datatype {
                Some(Ok(dt)) => Some(dt.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    pub(super) fn effect(
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
            // MPI rejects a null `newtype` and makes no datatype.
            Effect::Construct(_) if matches!(raw.last(), Some(RawArg::Null)) => {}
            Effect::Construct(kind) => {
                let out = raw.last().and_then(RawArg::out).cloned();
                if out.is_none() {
                    // Written somewhere the evaluator cannot place (`&types[i]`, i unknown).
                    if let Some(arg) = args.last() {
                        self.forget_root(state, arg);
                    }
                }
                let target = args
                    .last()
                    .cloned()
                    .unwrap_or_else(|| crate::ir::Expr::unknown(span));
                let built = self.build(kind, function.api(), raw);
                let h = self.define(state, function, span, &target, out.as_ref(), built);
                if let (Some(h), None) = (h, &out) {
                    self.unfollowed.insert(h);
                }
                if let (Some(h), true) = (h, kind.returns_predefined()) {
                    self.ever_committed.insert(h);
                }
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
                    if !self.handles[h].is_predefined() {
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
            // A datatype known in part answers with the values MPI fixes.
            Effect::Size | Effect::Extent { .. } | Effect::Mpi1Bound(_) => {
                let s = self
                    .knowledge_of(&value(0))
                    .map(|p| *p.summary(model))
                    .unwrap_or_default();
                let fields: &[(usize, Option<i128>)] = match function.effect {
                    Effect::Extent { true_extent: true } => &[(1, s.true_lb), (2, s.true_extent)],
                    Effect::Extent { .. } => &[(1, s.lb), (2, s.extent)],
                    Effect::Mpi1Bound(Mpi1Bound::Extent) => &[(1, s.extent)],
                    Effect::Mpi1Bound(Mpi1Bound::Lb) => &[(1, s.lb)],
                    Effect::Mpi1Bound(Mpi1Bound::Ub) => &[(1, s.ub())],
                    _ => &[(1, s.size)],
                };
                for &(at, field) in fields {
                    self.write_out(state, raw.get(at), field.map_or(Value::Unknown, Value::Int));
                }
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

    /// What a buffer MPI writes held is gone: the whole object it points into (a derived
    /// datatype reaches past the element the pointer names), or, for `MPI_BOTTOM`, every object
    /// whose address the program took.
    pub(super) fn forget_written(&mut self, state: &mut State, buffer: &RawArg) {
        let Some(object) = buffer.value().and_then(Value::object) else {
            return;
        };
        let objects: Vec<usize> = match state.objects.get(object).map(|o| &o.kind) {
            Some(ObjectKind::Bottom) => {
                let mut addressed: Vec<usize> = state
                    .objects
                    .iter()
                    .flat_map(|o| o.values.values())
                    .filter(|v| matches!(v, Value::Addr { .. }))
                    .filter_map(Value::object)
                    .collect();
                addressed.sort_unstable();
                addressed.dedup();
                addressed
            }
            _ => vec![object],
        };
        for object in objects {
            state.forget(&Place {
                object,
                path: Vec::new(),
            });
        }
    }

    pub(super) fn write_out(&mut self, state: &mut State, arg: Option<&RawArg>, v: Value) {
        if let Some(RawArg::Out(place)) = arg {
            self.write_place(state, place, v);
        }
    }
}
