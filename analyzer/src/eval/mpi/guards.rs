//! Branches on the same condition. After `if (c)` whose value is unknown, the two sides are
//! joined: a handle committed on one side only is "maybe committed". A later `if (c)` on the
//! same unchanged condition takes the same side, so its branches start from what the first
//! `if`'s matching side did to the handles (`if (ok) commit(&t); ... if (ok) send(t)` sends a
//! committed type). Commits and frees are never undone, so only "yes" is carried over.
//!
//! "Unchanged" is proven twice: by the program (every variable of the condition is a local or
//! parameter of the function, whose address is never taken, which no call may write, and which
//! is assigned only before the first `if`), and by the evaluation (each variable's object is
//! still the one the first `if` saw: any write replaces it, as does a new lifetime).

use std::collections::HashMap;
use std::rc::Rc;

use crate::eval::value::{
    Declaration, HandleId, HandleState, Object, ObjectId, Place, State, Tri, Value,
};
use crate::eval::Evaluator;
use crate::ir::{
    statements, visit_expr, visit_stmt_exprs, BinOp, Expr, ExprKind, StmtKind, Ty, UnOp,
};

/// Guards a state keeps; the oldest go first.
const MAX_GUARDS: usize = 8;

/// What an `if` on an unknown condition made certain on each side.
#[derive(Debug)]
pub(crate) struct Guard {
    condition: Expr,
    /// The condition's variables: name, object, and the object as the `if` saw it.
    variables: Vec<(String, ObjectId, Rc<Object>)>,
    /// Handles committed (freed) on every path through the side, and not on every path of the
    /// other: when the condition holds, and when it does not.
    holds: Vec<(HandleId, HandleState)>,
    fails: Vec<(HandleId, HandleState)>,
}

impl Guard {
    /// The same condition, seeing the same values, making the same handle states certain.
    pub(crate) fn same_as(&self, other: &Guard) -> bool {
        self.condition.span == other.condition.span
            && self.holds == other.holds
            && self.fails == other.fails
            && self.variables.len() == other.variables.len()
            && self
                .variables
                .iter()
                .zip(&other.variables)
                .all(|((_, a, x), (_, b, y))| a == b && x.same_as(y))
    }
}

/// A condition an `if` is about to branch on, when a later `if` may rely on it.
pub(crate) struct Branch {
    condition: Expr,
    variables: Vec<(String, ObjectId, Rc<Object>)>,
}

impl<'p> Evaluator<'p> {
    /// The condition of an `if` whose value is unknown, when its variables cannot change unseen
    /// after it.
    pub(crate) fn branch(&mut self, state: &mut State, condition: &'p Expr) -> Option<Branch> {
        let mut names = Vec::new();
        if !simple(condition, &mut names) {
            return None;
        }
        let mut variables = Vec::new();
        for name in names {
            match state.lookup(&name) {
                Some(id) => {
                    let object = state.objects.get(id)?;
                    // File-scope variables: any call may write them.
                    let file_scope = object.origin.is_none_or(|o| {
                        o.depth == 0 && !matches!(o.declaration, Declaration::Param(..))
                    });
                    if file_scope {
                        return None;
                    }
                    if !variables.iter().any(|(n, _, _)| *n == name) {
                        variables.push((name, id, Rc::clone(object)));
                    }
                }
                // A constant (an enumerator, a macro for a number, an MPI constant).
                None => {
                    let e = Expr {
                        kind: ExprKind::Name(name),
                        span: condition.span,
                    };
                    if !matches!(self.eval(state, &e), Value::Int(_) | Value::Named(_)) {
                        return None;
                    }
                }
            }
        }
        let fixed = self.unchanged_after(condition, state, &variables);
        fixed.then(|| Branch {
            condition: condition.clone(),
            variables,
        })
    }

    /// Starts one side of a branch: the handles that every earlier `if` on the same unchanged
    /// condition committed or freed on that side are committed or freed here.
    pub(crate) fn assume(&self, state: &mut State, branch: Option<&Branch>, holds: bool) {
        let Some(branch) = branch else {
            return;
        };
        let mut certain = Vec::new();
        for guard in &state.guards {
            let Some(same_side) = relation(&guard.condition, &branch.condition) else {
                continue;
            };
            let valid = guard.variables.iter().all(|(name, id, seen)| {
                state.lookup(name) == Some(*id)
                    && state.objects.get(*id).is_some_and(|o| Rc::ptr_eq(o, seen))
            });
            if valid {
                let side = if holds == same_side {
                    &guard.holds
                } else {
                    &guard.fails
                };
                certain.extend(side.iter().copied());
            }
        }
        for (h, facts) in certain {
            if let Some(entry) = state.handles.get_mut(&h) {
                if facts.committed == Tri::Yes {
                    entry.committed = Tri::Yes;
                }
                if facts.freed == Tri::Yes {
                    entry.freed = Tri::Yes;
                }
            }
        }
    }

    /// Keeps, in the state after the two sides of a branch met, what each side made certain.
    pub(crate) fn remember(
        &self,
        joined: &mut State,
        branch: Option<Branch>,
        holds: &State,
        fails: &State,
    ) {
        let Some(Branch {
            condition,
            variables,
        }) = branch
        else {
            return;
        };
        let certain = |side: &State, other: &State| -> Vec<(HandleId, HandleState)> {
            side.handles
                .iter()
                .filter(|(h, s)| {
                    let theirs = other.handles.get(h);
                    (s.committed == Tri::Yes && theirs.is_none_or(|t| t.committed != Tri::Yes))
                        || (s.freed == Tri::Yes && theirs.is_none_or(|t| t.freed != Tri::Yes))
                })
                .map(|(h, s)| (*h, *s))
                .collect()
        };
        let (on_holds, on_fails) = (certain(holds, fails), certain(fails, holds));
        if on_holds.is_empty() && on_fails.is_empty() {
            return;
        }
        if joined.guards.len() >= MAX_GUARDS {
            joined.guards.remove(0);
        }
        joined.guards.push(Rc::new(Guard {
            condition,
            variables,
            holds: on_holds,
            fails: on_fails,
        }));
    }

    /// Whether the program changes none of `variables` after the `if` whose condition this is:
    /// in the function running, each is assigned only before it, never has its address taken,
    /// and, unless it is a C variable (passed by value), is passed to no call.
    fn unchanged_after(
        &mut self,
        condition: &'p Expr,
        state: &mut State,
        variables: &[(String, ObjectId, Rc<Object>)],
    ) -> bool {
        let key = std::ptr::from_ref(condition) as usize;
        if let Some(&known) = self.unchanged_conditions.get(&key) {
            return known;
        }
        let Some(function) = self.call_stack.last().map(|frame| frame.function) else {
            return false;
        };
        let mut by_value = HashMap::new();
        for (name, id, _) in variables {
            let c_scalar = matches!(
                self.place_type(
                    state,
                    &Place {
                        object: *id,
                        path: Vec::new(),
                    }
                ),
                Some(Ty::C(_) | Ty::Pointer(_) | Ty::MpiDatatype)
            );
            by_value.insert(name.as_str(), c_scalar);
        }
        let start = condition.span.start;
        let is_variable = |e: &Expr| e.root_name().is_some_and(|n| by_value.contains_key(n));
        let mut fixed = statements(&function.body).all(|(stmt, _)| {
            let after = stmt.span.start >= start;
            match &stmt.kind {
                StmtKind::Assign { target, .. } => !(after && is_variable(target)),
                StmtKind::Decl(d) => !(after && by_value.contains_key(d.name.as_str())),
                StmtKind::Opaque { names } => {
                    !names.iter().any(|n| by_value.contains_key(n.as_str()))
                }
                _ => true,
            }
        });
        // `&v` given to a call before the `if` (`MPI_Comm_rank(comm, &rank)`): the call writes
        // it then, as the evaluation assumes of every call, unless it is one that writes later.
        let mut given_before = Vec::new();
        visit_stmt_exprs(&function.body, &mut |e| {
            visit_expr(e, &mut |e| match &e.kind {
                ExprKind::Call { callee, args, .. }
                    if e.span.start < start && !writes_later(callee) =>
                {
                    given_before.extend(args.iter().filter_map(|a| match &a.kind {
                        ExprKind::AddrOf(inner) if is_variable(inner) => Some(a.span),
                        _ => None,
                    }));
                }
                ExprKind::AddrOf(inner)
                    if is_variable(inner) && !given_before.contains(&e.span) =>
                {
                    fixed = false;
                }
                ExprKind::IncDec { target, .. }
                    if target.root_name().is_some_and(|n| by_value.contains_key(n))
                        && e.span.start >= start =>
                {
                    fixed = false;
                }
                ExprKind::Call { args, .. } => {
                    let passed = args.iter().any(|a| {
                        matches!(&a.kind, ExprKind::Name(n) if by_value.get(n.as_str()) == Some(&false))
                    });
                    if passed {
                        fixed = false;
                    }
                }
                _ => {}
            })
        });
        self.unchanged_conditions.insert(key, fixed);
        fixed
    }
}

/// MPI's nonblocking and persistent calls write their buffers when the request completes.
fn writes_later(callee: &str) -> bool {
    const NONBLOCKING: &[&str] = &[
        "send",
        "bsend",
        "ssend",
        "rsend",
        "recv",
        "mrecv",
        "bcast",
        "reduce",
        "allreduce",
        "gather",
        "scatter",
        "allgather",
        "alltoall",
        "scan",
        "exscan",
        "neighbor",
    ];
    let lower = callee.to_ascii_lowercase();
    let Some(rest) = lower
        .strip_prefix("mpi_")
        .or_else(|| lower.strip_prefix("pmpi_"))
    else {
        return false;
    };
    let nonblocking = rest
        .strip_prefix('i')
        .is_some_and(|op| NONBLOCKING.iter().any(|n| op.starts_with(n)));
    nonblocking || rest.contains("_iread") || rest.contains("_iwrite") || rest.ends_with("_init")
}

/// Whether a condition is made of names, numbers and operators only (no call, no memory read
/// through a pointer or subscript), collecting its names.
fn simple(e: &Expr, names: &mut Vec<String>) -> bool {
    match &e.kind {
        ExprKind::Int(_) => true,
        ExprKind::Name(n) => {
            names.push(n.clone());
            true
        }
        ExprKind::Unary(_, a) => simple(a, names),
        ExprKind::Binary(_, a, b) => simple(a, names) && simple(b, names),
        _ => false,
    }
}

/// How two conditions relate: `Some(true)` when they are the same, `Some(false)` when one is
/// the other's negation (`!c`, `==` against `!=`).
fn relation(a: &Expr, b: &Expr) -> Option<bool> {
    if same(a, b) {
        return Some(true);
    }
    let negation = |x: &Expr, y: &Expr| match (&x.kind, &y.kind) {
        (ExprKind::Unary(UnOp::Not, inner), _) => same(inner, y),
        (ExprKind::Binary(BinOp::Eq, l1, r1), ExprKind::Binary(BinOp::Ne, l2, r2)) => {
            same(l1, l2) && same(r1, r2)
        }
        _ => false,
    };
    (negation(a, b) || negation(b, a)).then_some(false)
}

/// Structural equality, whatever the spans.
fn same(a: &Expr, b: &Expr) -> bool {
    match (&a.kind, &b.kind) {
        (ExprKind::Int(x), ExprKind::Int(y)) => x == y,
        (ExprKind::Name(x), ExprKind::Name(y)) => x == y,
        (ExprKind::Unary(o1, x), ExprKind::Unary(o2, y)) => o1 == o2 && same(x, y),
        (ExprKind::Binary(o1, l1, r1), ExprKind::Binary(o2, l2, r2)) => {
            o1 == o2 && same(l1, l2) && same(r1, r2)
        }
        _ => false,
    }
}
