//! Calls to the C library and Fortran intrinsics the evaluator models: allocation (a heap object
//! per call, bounded), integer helpers, and output or exit calls that only read their arguments.

use crate::eval::value::{ObjectKind, Place, State, Value};
use crate::eval::Evaluator;
use crate::ir::{BinOp, Expr};
use crate::source::Span;

/// Heap blocks one `malloc` call may make in one evaluation: blocks are live together (a list
/// being built), so unlike locals they cannot share an object, and states that grow an object per
/// iteration make every join cost as much as the iterations so far.
const MAX_BLOCKS_PER_CALL: usize = 64;

impl Evaluator<'_> {
    pub(super) fn library_call(
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
                let bytes = ints(self, state)
                    .and_then(|v| v.into_iter().try_fold(1, |n, x| BinOp::Mul.apply(n, x)));
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
            // Zeroing a whole object; any other fill or length leaves it unknown.
            "memset" if args.len() == 3 => {
                let target = self.eval(state, &args[0]);
                let fill = self.eval_const(state, &args[1]);
                let bytes = self.eval_const(state, &args[2]);
                let whole = match &target {
                    Value::Ref(place) => {
                        let place = self.resolve_alias(state, place.clone());
                        let ty = self.place_type(state, &place);
                        ty.filter(|ty| self.layout(state, ty).map(|l| l.size) == bytes)
                            .map(|ty| (place, ty))
                    }
                    _ => None,
                };
                match (fill, whole) {
                    (Some(0), Some((place, ty))) => self.zero_fill(state, &place, &ty),
                    _ => self.forget_arguments(state, &args[..1]),
                }
                target
            }
            // The length of a literal.
            "strlen" if args.len() == 1 => match &args[0].kind {
                crate::ir::ExprKind::Str(s) if s.is_ascii() => {
                    i128::try_from(s.len()).map_or(Value::Unknown, Value::Int)
                }
                _ => Value::Unknown,
            },
            "abs" | "labs" | "llabs" => ints(self, state)
                .and_then(|v| v.first().and_then(|x| x.checked_abs()).map(Value::Int))
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
                Some(&[a, b]) => BinOp::Rem.apply(a, b).map_or(Value::Unknown, Value::Int),
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
}
