//! The MPI calls the evaluator understands: their parameters' roles, and what they do to the
//! abstract state (constructors build datatypes with the engine; queries write results; address
//! calls compute addresses). Every call in the catalog is recorded with its evaluated arguments.

mod arguments;
mod constructors;
mod effects;
pub(crate) mod guards;
mod libc;
mod unwritten;

pub(crate) use arguments::RawArg;
pub(in crate::eval) use constructors::{join, Built};

use std::sync::Arc;

use super::value::{ObjectKind, State, Value};
use super::{Argument, ArgumentValue, Evaluator, Handle, MpiCall, Offset};
use crate::catalog::{ConstructorKind, Effect, MpiFunction, Read, Role};

use crate::dtype::Predefined;
use crate::ir::{spans, Expr, ExprKind};
use crate::source::Span;
use ConstructorKind as K;
use Role::*;

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
            partial: None,
            predefined: Some(p),
            returned_predefined: false,
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

    /// A call by name: MPI, a function of this file, a known library function, or an unknown
    /// one.
    pub(crate) fn call(
        &mut self,
        state: &mut State,
        callee: &str,
        callee_span: Span,
        args: &[Expr],
        span: Span,
    ) -> Value {
        if self.typing {
            // A call has no type-level value, and running it again would repeat its effects
            // (and its nested calls', at every level).
            return Value::Unknown;
        }
        let mpi = if self.case_sensitive {
            MpiFunction::find_c(callee)
        } else {
            MpiFunction::find(callee)
        };
        if let Some(function) = mpi {
            return self.mpi_call(state, function, callee_span, args, span);
        }
        if let Some(function) = self.functions.get(callee).copied() {
            self.forget_common_blocks(state);
            return self.call_user(state, function, args, span);
        }
        self.library_call(state, callee, args, span)
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
                ExprKind::Name(_) | ExprKind::Index { .. } | ExprKind::Member { .. } => self
                    .static_type(state, arg)
                    .map(|ty| Arc::new(spans::without_positions(ty))),
                _ => None,
            };
            evaluated.push(Argument {
                from_call: Offset::between(span, arg.span),
                value,
                declared,
            });
            raw.push(v);
        }
        // What the call writes is not known until its effect says what.
        for arg in &raw {
            if let RawArg::Out(place) = arg {
                self.write_place(state, place, Value::Unknown);
            }
        }
        self.forget_unread(state, function, args, &raw, &mut evaluated);
        let result = self.effect(state, function, args, &raw, span);
        for (param, arg) in function.params.iter().zip(&raw) {
            if param.written {
                self.forget_written(state, arg);
            }
        }
        self.record(MpiCall::new(function, span, name_span, evaluated));
        result
    }

    /// Records the arguments MPI may not read on this call as unknown: what MPI ignores cannot
    /// be wrong (`MPI_DATATYPE_NULL` as the receive type on a process that is not the root, the
    /// send count beside `MPI_IN_PLACE`).
    fn forget_unread(
        &mut self,
        state: &mut State,
        function: &'static MpiFunction,
        args: &[Expr],
        raw: &[RawArg],
        evaluated: &mut [Argument],
    ) {
        let in_place = match function.in_place_position() {
            None => Some(false),
            Some(at) => match raw.get(at).and_then(RawArg::value) {
                Some(Value::Named("MPI_IN_PLACE")) => Some(true),
                Some(Value::Ref(_) | Value::Addr { .. }) => Some(false),
                // A pointer whose target is unknown: `MPI_IN_PLACE` is a `void *`.
                _ => match args.get(at).and_then(|a| self.static_type(state, a)) {
                    Some(ty) if self.points_to_data(&ty) => Some(false),
                    _ => None,
                },
            },
        };
        for (i, arg) in evaluated.iter_mut().enumerate() {
            if function.reads(i, in_place) != Read::Yes {
                arg.value = ArgumentValue::Unknown;
                arg.declared = None;
            }
        }
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
            for arg in Arc::make_mut(&mut call.args) {
                arg.value = ArgumentValue::Unknown;
            }
            self.note(
                call.span,
                "the evaluations of this call after its first 64 are not told apart",
            );
        }
        self.calls.push(call);
    }
}
