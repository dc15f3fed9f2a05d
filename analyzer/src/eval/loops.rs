//! Loops: iterations run one by one while the condition is known and steps remain; a body that
//! can change nothing the analysis tracks runs as the condition and step alone; past the step
//! budget, what the loop assigns is forgotten and the body runs once.

use super::stmt::{assignments, collect_assigned, join_all, Exits, Flow, PURE_NUMERIC};
use super::value::{ObjectKind, Place, State, Value, MAX_STORED_VALUES};
use super::Evaluator;
use crate::ir::{statements, visit_calls, visit_expr, Expr, ExprKind, Stmt, StmtKind, Ty};
use crate::source::Span;

impl<'p> Evaluator<'p> {
    /// A loop: iterations run one by one while the condition is known and steps remain; then
    /// the rest runs once on a state where everything the loop assigns is unknown.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn run_loop(
        &mut self,
        state: &mut State,
        cond: Option<&'p Expr>,
        step: &'p [Stmt],
        body: &'p [Stmt],
        test_first: bool,
        span: Span,
        outer: &mut Exits,
    ) -> Flow {
        let mut skip_body = self.body_is_arithmetic(state, cond, step, body);
        let mut first = true;
        let mut exit_states: Vec<State> = Vec::new();
        let mut previous: Option<State> = None;
        let mut iteration: u64 = 0;
        loop {
            if self.steps_left == 0 {
                self.note(span, "loop not evaluated to its end: step budget exhausted");
                return self.havoc_loop(state, cond, step, body, exit_states, outer);
            }
            // An iteration that changed nothing is what every later one does: no iteration
            // after it adds anything. The loop is left by the paths that left it, or from here
            // by what the analysis does not see (a global a called function sets).
            if previous.as_ref().is_some_and(|p| p.same_as(state)) {
                if let Some(s) = join_all(exit_states) {
                    *state = state.join(&s);
                }
                return Flow::Normal;
            }
            if test_first || !first {
                // Kept at iterations 2, 4, 8, ...: a loop that settles is seen within twice
                // the iterations it took (plus one), and a long loop copies its state log(n)
                // times. Not at the first: an inner loop that runs once per iteration of a long
                // outer one would copy the whole state each time.
                iteration += 1;
                if iteration.is_power_of_two() && iteration > 1 {
                    previous = Some(state.clone());
                } else if (iteration - 1).is_power_of_two() {
                    previous = None;
                }
                // An array the body fills may have become full on the way.
                if !skip_body && iteration.is_power_of_two() {
                    skip_body = self.body_is_arithmetic(state, cond, step, body);
                }
                match cond.map(|c| self.eval(state, c)) {
                    Some(Value::Int(0)) => break,
                    Some(Value::Int(_)) | None => {}
                    Some(_) => return self.havoc_loop(state, cond, step, body, exit_states, outer),
                }
            }
            first = false;
            // Each iteration costs a step, even one with no statement (`DO` ... `END DO` empty).
            self.steps_left = self.steps_left.saturating_sub(1);
            let mut exits = Exits::default();
            let depth = state.scopes.len();
            let flow = if skip_body {
                Flow::Normal
            } else {
                self.exec_stmts(state, body, &mut exits)
            };
            // A path that left by `break` or `continue` still has the scopes of the blocks it
            // left: kept, they piled up one iteration after another.
            for s in exits.breaks.iter_mut().chain(exits.continues.iter_mut()) {
                s.scopes.truncate(depth);
            }
            // Joined at once: one state however many iterations break.
            exit_states.append(&mut exits.breaks);
            exit_states = join_all(exit_states).into_iter().collect();
            outer.pass_on(&mut exits);
            let mut continuing: Vec<State> = exits.continues;
            if flow == Flow::Normal {
                continuing.push(std::mem::take(state));
            }
            match join_all(continuing) {
                Some(s) => *state = s,
                None => {
                    // Every path left by break or return.
                    return match join_all(exit_states) {
                        Some(s) => {
                            *state = s;
                            Flow::Normal
                        }
                        None => Flow::Dead,
                    };
                }
            }
            self.exec_stmts(state, step, &mut Exits::default());
        }
        if skip_body {
            self.forget_all(state, &assignments(&[body]));
        }
        if let Some(s) = join_all(exit_states) {
            *state = state.join(&s);
        }
        Flow::Normal
    }

    /// A loop body that can change nothing the analysis tracks nor the loop's course: it calls
    /// only pure numeric functions, assigns only floating-point data, arrays of numbers whose
    /// store is full (writes to them are forgotten already: a data buffer, not a table of
    /// counts), its own declarations and the counters of its inner loops, never leaves the
    /// loop early, and assigns nothing the condition reads. Run iteration by iteration, a
    /// Jacobi sweep would spend the step budget on arithmetic; its iterations run only the
    /// condition and the step, exactly, and what the body assigns is forgotten once at the
    /// end.
    fn body_is_arithmetic(
        &mut self,
        state: &State,
        cond: Option<&'p Expr>,
        step: &'p [Stmt],
        body: &'p [Stmt],
    ) -> bool {
        if leaves_early(body) {
            return false;
        }
        let mut pure = true;
        let mut check_call = |callee: &str| {
            pure &= PURE_NUMERIC.contains(&callee.to_ascii_lowercase().as_str());
        };
        if let Some(c) = cond {
            visit_expr(c, &mut |e| {
                if let ExprKind::Call { callee, .. } = &e.kind {
                    check_call(callee);
                }
            });
        }
        visit_calls(step, &mut check_call);
        visit_calls(body, &mut check_call);
        if !pure {
            return false;
        }
        let mut assigned = Vec::new();
        collect_assigned(body, &mut assigned);
        let mut read = Vec::new();
        if let Some(c) = cond {
            visit_expr(c, &mut |e| read.extend(e.root_name().map(str::to_owned)));
        }
        if assigned.iter().any(|name| read.contains(name)) {
            return false;
        }
        let mut locals = Vec::new();
        loop_locals(body, &mut locals);
        assigned.iter().all(|name| {
            let ty = self.variable_type(state, name);
            locals.contains(name) && ty.is_none_or(is_integer)
                || ty.is_some_and(is_floating_data)
                || ty.is_some_and(is_array_of_numbers) && self.store_is_full(state, name)
        })
    }

    /// The variable `name` stores, or stored before it was forgotten, as many values as an
    /// object may.
    fn store_is_full(&mut self, state: &State, name: &str) -> bool {
        let Some(object) = state.lookup(name) else {
            return false;
        };
        let object = self
            .resolve_alias(
                state,
                Place {
                    object,
                    path: Vec::new(),
                },
            )
            .object;
        let key = (object, name.to_owned());
        if self.full_stores.contains(&key) {
            return true;
        }
        let full = state
            .objects
            .get(object)
            .is_some_and(|o| o.values.len() >= MAX_STORED_VALUES);
        if full {
            self.full_stores.insert(key);
        }
        full
    }

    /// Makes unknown what [`assignments`] found.
    fn forget_all(&mut self, state: &mut State, assigned: &[(String, bool)]) {
        for (name, through) in assigned {
            self.forget_variable(state, name, *through);
        }
    }

    /// The declared type of variable `name` (through Fortran dummy aliases).
    fn variable_type<'s>(&self, state: &'s State, name: &str) -> Option<&'s Ty> {
        let place = self.resolve_alias(
            state,
            Place {
                object: state.lookup(name)?,
                path: Vec::new(),
            },
        );
        match &state.objects.get(place.object)?.kind {
            ObjectKind::Variable(ty) if place.path.is_empty() => Some(ty),
            _ => None,
        }
    }

    /// The loop's effect when its iterations cannot be followed: what it assigns becomes
    /// unknown, and the body runs once on that state so that the calls in it are seen.
    fn havoc_loop(
        &mut self,
        state: &mut State,
        cond: Option<&'p Expr>,
        step: &'p [Stmt],
        body: &'p [Stmt],
        exit_states: Vec<State>,
        outer: &mut Exits,
    ) -> Flow {
        let assigned = assignments(&[body, step]);
        self.forget_all(state, &assigned);
        if let Some(c) = cond {
            self.eval(state, c);
        }
        let before = state.clone();
        let mut exits = Exits::default();
        // The one pass runs even when the budget is spent (so the calls in it are seen), but
        // what it costs is charged: an outer loop around it must not get it for one step.
        let saved = self.steps_left;
        let granted = self.steps_left.max(self.limits.steps / 64);
        self.steps_left = granted;
        self.exec_stmts(state, body, &mut exits);
        self.exec_stmts(state, step, &mut Exits::default());
        let used = granted - self.steps_left;
        self.steps_left = saved.saturating_sub(used.max(1));
        outer.pass_on(&mut exits);
        let mut joined = before;
        for s in exits
            .breaks
            .iter()
            .chain(exits.continues.iter())
            .chain(exit_states.iter())
            .chain(std::iter::once(&*state))
        {
            joined = joined.join(s);
        }
        *state = joined;
        self.forget_all(state, &assigned);
        Flow::Normal
    }
}

/// `float`, `double`, complex, Fortran `REAL`/`COMPLEX`, and arrays of them.
fn is_floating_data(ty: &Ty) -> bool {
    use crate::layout::FortranType;
    match ty {
        Ty::Array(element, _) => is_floating_data(element),
        Ty::C(c) => c.is_floating(),
        Ty::Fortran { ty, .. } => matches!(ty, FortranType::Real | FortranType::Complex),
        _ => false,
    }
}

/// An array (of arrays) of scalars that are not pointers.
fn is_array_of_numbers(ty: &Ty) -> bool {
    match ty {
        Ty::Array(element, _) => match element.as_ref() {
            Ty::C(c) => *c != crate::layout::CType::Pointer,
            Ty::Fortran { .. } => true,
            nested => is_array_of_numbers(nested),
        },
        _ => false,
    }
}

/// A `return` (or an opaque statement) anywhere in `stmts`, or a `break` outside the loops in it.
fn leaves_early(stmts: &[Stmt]) -> bool {
    statements(stmts).any(|(stmt, loops)| match &stmt.kind {
        StmtKind::Return(_) | StmtKind::Opaque { .. } => true,
        StmtKind::Break => loops == 0,
        _ => false,
    })
}

/// An integer scalar (a loop counter).
fn is_integer(ty: &Ty) -> bool {
    match ty {
        Ty::C(c) => !c.is_floating() && *c != crate::layout::CType::Pointer,
        Ty::Fortran { ty, .. } => *ty == crate::layout::FortranType::Integer,
        _ => false,
    }
}

/// Names a loop body owns: its declarations and the counters its nested loops set.
fn loop_locals(stmts: &[Stmt], out: &mut Vec<String>) {
    for (stmt, _) in statements(stmts) {
        match &stmt.kind {
            StmtKind::Decl(d) => out.push(d.name.clone()),
            StmtKind::Loop { init, step, .. } => {
                collect_assigned(init, out);
                collect_assigned(step, out);
            }
            _ => {}
        }
    }
}
