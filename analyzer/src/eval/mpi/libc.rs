//! Calls to the C library and Fortran intrinsics the evaluator models: allocation (a heap object
//! per call, bounded), integer helpers, and output or exit calls that only read their arguments.

use crate::eval::stmt::PURE_NUMERIC;
use crate::eval::value::{HeapElement, ObjectKind, PathElem, Place, State, Value};
use crate::eval::Evaluator;
use crate::ir::{is_mpi_name, BinOp, Expr};
use crate::source::Span;

/// Heap blocks one `malloc` call may make in one evaluation: blocks are live together (a list
/// being built), so unlike locals they cannot share an object, and states that grow an object per
/// iteration make every join cost as much as the iterations so far.
const MAX_BLOCKS_PER_CALL: usize = 64;

/// C library functions that never call the program's functions (unlike `qsort`, `atexit` or
/// `pthread_create`): they may write through their pointer arguments, nothing else.
const NO_CALLBACK: &[&str] = &[
    "atof",
    "atoi",
    "atol",
    "atoll",
    "clock",
    "fclose",
    "fflush",
    "fgets",
    "fopen",
    "fputs",
    "fread",
    "fscanf",
    "fwrite",
    "getenv",
    "gettimeofday",
    "isalpha",
    "isdigit",
    "isspace",
    "memcmp",
    "rand",
    "scanf",
    "snprintf",
    "sprintf",
    "srand",
    "sscanf",
    "strcat",
    "strchr",
    "strcmp",
    "strcpy",
    "strdup",
    "strerror",
    "strncat",
    "strncmp",
    "strncpy",
    "strrchr",
    "strstr",
    "strtod",
    "strtok",
    "strtol",
    "strtoll",
    "strtoul",
    "time",
    "tolower",
    "toupper",
];

impl Evaluator<'_> {
    pub(super) fn library_call(
        &mut self,
        state: &mut State,
        callee: &str,
        args: &[Expr],
        span: Span,
    ) -> Value {
        if let Some(v) = self.intrinsic_call(state, callee, args, span) {
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
                let id = state.new_object(
                    callee,
                    ObjectKind::Heap {
                        bytes,
                        element: HeapElement::Untyped,
                    },
                );
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
                match (fill, self.whole_object(state, &target, bytes)) {
                    (Some(0), Some((place, ty))) => self.zero_fill(state, &place, &ty),
                    _ => self.forget_arguments(state, &args[..1]),
                }
                target
            }
            // A whole object copied onto one of the same type takes its values; any other copy
            // leaves the destination unknown.
            "memcpy" | "memmove" if args.len() == 3 => {
                let target = self.eval(state, &args[0]);
                let source = self.eval(state, &args[1]);
                let bytes = self.eval_const(state, &args[2]);
                let to = self.whole_object(state, &target, bytes);
                let from = self.whole_object(state, &source, bytes);
                match (to, from) {
                    (Some((to, to_ty)), Some((from, from_ty)))
                        if self.same_type(&to_ty, &from_ty) =>
                    {
                        for pointed in state.copy_subtree(&from, &to) {
                            self.holders.entry(pointed).or_default().insert(to.object);
                        }
                    }
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
                self.forget_common_blocks(state);
                // MPI, the numeric functions and the C library's string, conversion, I/O and
                // time functions never run the program's own code.
                let numeric = PURE_NUMERIC.contains(&callee.to_ascii_lowercase().as_str());
                if !is_mpi_name(callee) && !numeric && !NO_CALLBACK.contains(&callee) {
                    self.forget_variable_globals(state);
                }
                Value::Unknown
            }
        }
    }

    /// The object (or array) `pointer` points at the start of, when it is `bytes` long: the
    /// place itself, or the array whose first element it is (`a` for `double a[4]`).
    fn whole_object(
        &mut self,
        state: &mut State,
        pointer: &Value,
        bytes: Option<i128>,
    ) -> Option<(Place, crate::ir::Ty)> {
        let Value::Ref(place) = pointer else {
            return None;
        };
        let place = self.resolve_alias(state, place.clone());
        let mut candidates = vec![place.clone()];
        if let Some((PathElem::Index(0), parent)) = place.path.split_last() {
            candidates.push(Place {
                object: place.object,
                path: parent.to_vec(),
            });
        }
        candidates.into_iter().find_map(|place| {
            let ty = self.place_type(state, &place)?;
            (self.layout(state, &ty).map(|l| l.size) == bytes).then_some((place, ty))
        })
    }

    /// Whether values stored for one type mean the same for the other: the same scalar, record
    /// or handle type, or one-dimensional arrays of such of the same length (the callers have
    /// checked that both are as long).
    fn same_type(&self, a: &crate::ir::Ty, b: &crate::ir::Ty) -> bool {
        use crate::ir::Ty;
        match (self.resolve(a), self.resolve(b)) {
            (Ty::C(x), Ty::C(y)) => x == y,
            (Ty::Named(x), Ty::Named(y)) => x == y,
            (Ty::MpiDatatype, Ty::MpiDatatype) => true,
            (Ty::Array(x, dx), Ty::Array(y, dy)) => {
                dx.len() == 1 && dy.len() == 1 && self.same_type(x, y)
            }
            _ => false,
        }
    }
}
