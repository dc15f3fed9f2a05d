//! Statements and control flow: declarations, assignments, branches joined (loops: `loops.rs`;
//! calls into the file's own functions: `function.rs`).

use std::rc::Rc;

use super::value::{Declaration, ObjectKind, Place, State, Value};
use super::Evaluator;
use crate::catalog::MpiFunction;
use crate::ir::{
    statements, visit_expr, visit_stmt_exprs, Expr, ExprKind, Function, Stmt, StmtKind, Storage, Ty,
};
use crate::source::Span;

/// States of the paths that left a loop or a function early, collected until they rejoin.
#[derive(Default)]
pub(crate) struct Exits {
    pub(super) breaks: Vec<State>,
    pub(super) continues: Vec<State>,
    /// Paths that jumped forward, by label, until the label joins them.
    pub(super) jumps: Vec<(String, State)>,
    pub(super) returns: Vec<(State, Value)>,
}

/// Whether the current path goes on after a statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    Normal,
    /// Every path through the statement left by `break`, `continue` or `return`.
    Dead,
}

impl Exits {
    /// The paths that jumped to `label`, joined, and no longer pending.
    fn take_jumps(&mut self, label: &str) -> Option<State> {
        let (to_label, others) = std::mem::take(&mut self.jumps)
            .into_iter()
            .partition(|(l, _)| l == label);
        self.jumps = others;
        join_all(to_label.into_iter().map(|(_, s)| s).collect())
    }

    /// Hands what left an inner statement list by `return` or a forward jump to the outer one.
    pub(super) fn pass_on(&mut self, inner: &mut Exits) {
        for (state, value) in std::mem::take(&mut inner.returns) {
            self.ret(state, value);
        }
        for (label, state) in std::mem::take(&mut inner.jumps) {
            self.jump(label, state);
        }
    }

    /// A path that returns `value`: joined at once with the other returns, which the call
    /// joins anyway, so that a `return` inside a loop keeps one state.
    pub(super) fn ret(&mut self, state: State, value: Value) {
        match self.returns.first_mut() {
            Some((pending, returned)) => {
                *pending = pending.join(&state);
                *returned = returned.join(&value);
            }
            None => self.returns.push((state, value)),
        }
    }

    /// A path that jumps to `label`: joined at once with the others pending there, so that a
    /// jump inside a loop keeps one state however many iterations take it.
    pub(super) fn jump(&mut self, label: String, state: State) {
        match self.jumps.iter_mut().find(|(l, _)| *l == label) {
            Some((_, pending)) => *pending = pending.join(&state),
            None => self.jumps.push((label, state)),
        }
    }
}

pub(super) fn join_all(states: Vec<State>) -> Option<State> {
    let mut it = states.into_iter();
    let first = it.next()?;
    Some(it.fold(first, |acc, s| acc.join(&s)))
}

impl<'p> Evaluator<'p> {
    /// Runs file-scope statements (C globals, Fortran module variables) in the outermost scope,
    /// which every function sees.
    pub(crate) fn exec_globals(&mut self, state: &mut State, stmts: &'p [Stmt]) {
        if state.scopes.is_empty() {
            state.scopes.push(Rc::default());
        }
        let mut exits = Exits::default();
        for stmt in stmts {
            if self.exec(state, stmt, &mut exits) == Flow::Dead {
                break;
            }
            if let StmtKind::Decl(decl) = &stmt.kind {
                if !decl.constant {
                    self.variable_globals.extend(state.lookup(&decl.name));
                }
            }
        }
    }

    pub(super) fn exec_stmts(
        &mut self,
        state: &mut State,
        stmts: &'p [Stmt],
        exits: &mut Exits,
    ) -> Flow {
        state.scopes.push(Rc::default());
        let mut flow = Flow::Normal;
        let mut next = 0;
        while let Some(stmt) = stmts.get(next) {
            next += 1;
            flow = self.exec(state, stmt, exits);
            if flow == Flow::Dead {
                // The path ended; the paths that jumped to a later label of this list go on from it.
                let resumed = stmts[next..]
                    .iter()
                    .enumerate()
                    .find_map(|(at, s)| match &s.kind {
                        StmtKind::Label(label) => {
                            exits.take_jumps(label).map(|joined| (at, joined))
                        }
                        _ => None,
                    });
                let Some((at, joined)) = resumed else {
                    break;
                };
                let scopes = std::mem::take(&mut state.scopes);
                *state = joined;
                state.scopes = scopes;
                next += at + 1;
                flow = Flow::Normal;
            }
        }
        state.scopes.pop();
        flow
    }

    fn exec(&mut self, state: &mut State, stmt: &'p Stmt, exits: &mut Exits) -> Flow {
        self.steps_left = self.steps_left.saturating_sub(1);
        match &stmt.kind {
            StmtKind::Decl(decl) => {
                let declaration = Declaration::Local(std::ptr::from_ref(decl) as usize);
                // A COMMON member is another name for its component of the block.
                if let Storage::Common(member) = &decl.storage {
                    if let Some(place) = self.place(state, member) {
                        let alias = ObjectKind::Alias(place);
                        self.declare_local(state, &decl.name, alias, declaration);
                        return Flow::Normal;
                    }
                }
                let id = self.declare_local(
                    state,
                    &decl.name,
                    ObjectKind::Variable(decl.ty.clone()),
                    declaration,
                );
                if let Some(init) = &decl.init {
                    let place = Place {
                        object: id,
                        path: Vec::new(),
                    };
                    self.initialize(state, &place, &decl.ty, init);
                } else {
                    self.mark_unwritten(state, id, &decl.ty, stmt.span);
                }
                Flow::Normal
            }
            StmtKind::Assign { target, value } => {
                // A section assigned elementwise; one that is not (its bounds unknown) has no
                // place below, and the array is forgotten.
                if let Some((base, subscripts)) = self.as_section(state, target) {
                    if self.assign_section(state, base, &subscripts, value) {
                        return Flow::Normal;
                    }
                }
                let v = self.eval(state, value);
                match self.place(state, target) {
                    Some(place) => {
                        let ty = self
                            .place_type(state, &place)
                            .unwrap_or(crate::ir::Ty::Unknown);
                        self.assign_value(state, &place, &ty, value, v);
                    }
                    None => self.forget_root(state, target),
                }
                Flow::Normal
            }
            StmtKind::Eval(e) => {
                self.eval(state, e);
                Flow::Normal
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => match self.eval(state, cond) {
                Value::Int(0) => self.exec_stmts(state, otherwise, exits),
                Value::Int(_) | Value::Handle(_) | Value::Ref(_) | Value::Addr { .. } => {
                    self.exec_stmts(state, then, exits)
                }
                _ => {
                    let branch = self.branch(state, cond);
                    let mut other = state.clone();
                    self.assume(state, branch.as_ref(), true);
                    self.assume(&mut other, branch.as_ref(), false);
                    let f1 = self.exec_stmts(state, then, exits);
                    let f2 = self.exec_stmts(&mut other, otherwise, exits);
                    match (f1, f2) {
                        (Flow::Dead, Flow::Dead) => Flow::Dead,
                        (Flow::Dead, Flow::Normal) => {
                            *state = other;
                            Flow::Normal
                        }
                        (Flow::Normal, Flow::Dead) => Flow::Normal,
                        (Flow::Normal, Flow::Normal) => {
                            let then = std::mem::replace(state, state.join(&other));
                            self.remember(state, branch, &then, &other);
                            Flow::Normal
                        }
                    }
                }
            },
            StmtKind::Loop {
                init,
                cond,
                step,
                body,
                test_first,
            } => {
                // The init's declarations (`for (int i = 0; ...)`) live in the loop's scope.
                state.scopes.push(Rc::default());
                let mut inner = Exits::default();
                let mut flow = Flow::Normal;
                for stmt in init {
                    flow = self.exec(state, stmt, &mut inner);
                    if flow == Flow::Dead {
                        break;
                    }
                }
                let flow = if flow == Flow::Normal {
                    self.run_loop(
                        state,
                        cond.as_ref(),
                        step,
                        body,
                        *test_first,
                        stmt.span,
                        exits,
                    )
                } else {
                    flow
                };
                state.scopes.pop();
                flow
            }
            StmtKind::Return(value) => {
                let v = value
                    .as_ref()
                    .map_or(Value::Unknown, |e| self.eval(state, e));
                exits.ret(state.clone(), v);
                Flow::Dead
            }
            StmtKind::Break => {
                exits.breaks.push(state.clone());
                Flow::Dead
            }
            StmtKind::Continue => {
                exits.continues.push(state.clone());
                Flow::Dead
            }
            StmtKind::Block(stmts) => self.exec_stmts(state, stmts, exits),
            StmtKind::Goto(label) => {
                exits.jump(label.clone(), state.clone());
                Flow::Dead
            }
            StmtKind::Label(label) => {
                if let Some(jumped) = exits.take_jumps(label) {
                    *state = state.join(&jumped);
                }
                Flow::Normal
            }
            StmtKind::Opaque { names } => {
                for name in names {
                    if let Some(id) = state.lookup(name) {
                        // A dummy argument or COMMON member: what it names is forgotten.
                        let place = self.resolve_alias(
                            state,
                            Place {
                                object: id,
                                path: Vec::new(),
                            },
                        );
                        state.forget_passed(&place);
                    }
                }
                Flow::Normal
            }
            StmtKind::Allocate { name, dims } => {
                self.allocate(state, name, Some(dims));
                Flow::Normal
            }
            StmtKind::Deallocate(name) => {
                self.allocate(state, name, None);
                Flow::Normal
            }
        }
    }

    /// Forgets the variable an expression is rooted at (an assignment the evaluator could not
    /// place).
    pub(crate) fn forget_root(&mut self, state: &mut State, e: &Expr) {
        if let Some(name) = e.root_name() {
            let through = !matches!(e.kind, ExprKind::Name(_));
            self.forget_variable(state, name, through);
        }
    }

    /// Forgets a variable, or, for a pointer written through (`p[i].x = ..`), what it points
    /// to.
    pub(super) fn forget_variable(&mut self, state: &mut State, name: &str, through: bool) {
        let Some(id) = state.lookup(name) else {
            return;
        };
        let place = self.resolve_alias(
            state,
            Place {
                object: id,
                path: Vec::new(),
            },
        );
        let pointer = matches!(
            self.place_type(state, &place),
            Some(crate::ir::Ty::Pointer(_))
        );
        if pointer && through {
            if let Value::Ref(target) = state.read(&place) {
                state.forget(&Place {
                    object: target.object,
                    path: Vec::new(),
                });
                return;
            }
        }
        state.forget(&place);
    }

    /// A call to a function of the same file, inlined; or its effect forgotten when too deep.
    pub(crate) fn call_user(
        &mut self,
        state: &mut State,
        function: &'p Function,
        args: &[Expr],
        span: Span,
    ) -> Value {
        if self.call_stack.len() >= self.limits.call_depth
            || self
                .call_stack
                .iter()
                .any(|f| f.function.name == function.name)
            || self.steps_left == 0
        {
            self.note(
                span,
                "call not followed: too deep, recursive, or over the step budget",
            );
            self.forget_arguments(state, args);
            self.forget_host_variables(state, function);
            return Value::Unknown;
        }
        let mut params = Vec::new();
        let mut aliases = Vec::new();
        for (param, arg) in function.params.iter().zip(args) {
            if param.by_reference {
                match self.place(state, arg) {
                    Some(place) => aliases.push((param.name.clone(), place)),
                    None => {
                        // What the callee writes to a substring or section is not followed
                        // into the variable.
                        if matches!(
                            arg.kind,
                            ExprKind::Substring { .. } | ExprKind::Section { .. }
                        ) {
                            self.forget_root(state, arg);
                        }
                        let v = self.eval(state, arg);
                        params.push((param.name.clone(), v));
                    }
                }
            } else {
                let v = self.eval(state, arg);
                params.push((param.name.clone(), v));
            }
        }
        self.call_sites.push(span);
        let value = self.run_function(state, function, params, &aliases);
        self.call_sites.pop();
        value
    }

    /// What an unknown function may do to its arguments: write through every pointer and, in
    /// Fortran, to every variable passed.
    pub(crate) fn forget_arguments(&mut self, state: &mut State, args: &[Expr]) {
        for arg in args {
            // Writing characters of a substring writes the string; a section, the array.
            let arg = match &arg.kind {
                ExprKind::Substring { base, .. } | ExprKind::Section { base, .. } => base,
                _ => arg,
            };
            let (value, place) = self.value_and_place(state, arg);
            let target = match value {
                Value::Ref(target) => Some(target),
                // `(char *)&x`: the callee may write anywhere in the object.
                Value::Addr { object, .. } => Some(Place {
                    object,
                    path: Vec::new(),
                }),
                // C passes a scalar by value: the callee has a copy (`check(rc)`).
                _ if self.case_sensitive
                    && place
                        .as_ref()
                        .is_some_and(|p| self.holds_c_scalar(state, p)) =>
                {
                    None
                }
                _ => place,
            };
            if let Some(target) = target {
                let target = self.resolve_alias(state, target);
                state.forget_passed(&target);
            }
        }
    }

    /// Whether a C place holds a value that is no address: a number or an MPI handle, which a
    /// call is given a copy of.
    fn holds_c_scalar(&mut self, state: &mut State, place: &Place) -> bool {
        self.place_type(state, place).is_some_and(|ty| {
            matches!(
                self.resolve(&ty),
                Ty::C(_) | Ty::MpiDatatype | Ty::MpiOpaque | Ty::Vector(..)
            )
        })
    }
}

/// Names whose only writes in the statements go through them (`p[i] = ..`, `p->f = ..`), never
/// to the variable itself (`p = ..`, `&p`, `p++`).
fn written_through(stmts: &[Stmt], out: &mut Vec<String>) {
    let mut direct = Vec::new();
    let mut indirect = Vec::new();
    for (stmt, _) in statements(stmts) {
        if let StmtKind::Assign { target, .. } = &stmt.kind {
            match &target.kind {
                ExprKind::Name(n) => direct.push(n.clone()),
                _ => indirect.extend(target.root_name().map(str::to_owned)),
            }
        }
    }
    visit_stmt_exprs(stmts, &mut |e| {
        visit_expr(e, &mut |e| match &e.kind {
            ExprKind::IncDec { target, .. } | ExprKind::AddrOf(target) => {
                direct.extend(target.root_name().map(str::to_owned))
            }
            ExprKind::Call { args, .. } => {
                direct.extend(args.iter().filter_map(|a| match &a.kind {
                    ExprKind::Name(n) => Some(n.clone()),
                    _ => None,
                }))
            }
            _ => {}
        })
    });
    out.extend(indirect.into_iter().filter(|n| !direct.contains(n)));
}

/// Names of the variables a statement list may assign (targets, `&x` arguments, Fortran call
/// arguments), for forgetting them.
/// The variables `lists` may assign, each with whether it is written through (what a pointer
/// points to, rather than the pointer).
pub(super) fn assignments(lists: &[&[Stmt]]) -> Vec<(String, bool)> {
    let (mut assigned, mut through) = (Vec::new(), Vec::new());
    for stmts in lists {
        collect_assigned(stmts, &mut assigned);
        written_through(stmts, &mut through);
    }
    assigned
        .into_iter()
        .map(|name| {
            let written_through = through.contains(&name);
            (name, written_through)
        })
        .collect()
}

/// Functions of numbers only, C and Fortran (lower case): calling them changes nothing.
pub(crate) const PURE_NUMERIC: &[&str] = &[
    "abs", "acos", "aimag", "aint", "anint", "asin", "atan", "atan2", "cbrt", "ceil", "ceiling",
    "cmplx", "conjg", "cos", "cosh", "dble", "dprod", "erf", "exp", "expf", "fabs", "fabsf",
    "float", "floor", "fmax", "fmin", "fmod", "hypot", "int", "labs", "log", "log10", "logf",
    "max", "min", "mod", "modulo", "nint", "pow", "powf", "real", "round", "sign", "sin", "sinh",
    "sqrt", "sqrtf", "tan", "tanh", "trunc",
];

pub(super) fn collect_assigned(stmts: &[Stmt], out: &mut Vec<String>) {
    for (stmt, _) in statements(stmts) {
        match &stmt.kind {
            StmtKind::Decl(d) => out.push(d.name.clone()),
            StmtKind::Assign { target, value } => {
                out.extend(target.root_name().map(str::to_owned));
                collect_in_expr(value, out);
            }
            StmtKind::Eval(e)
            | StmtKind::Return(Some(e))
            | StmtKind::If { cond: e, .. }
            | StmtKind::Loop { cond: Some(e), .. } => collect_in_expr(e, out),
            StmtKind::Opaque { names } => out.extend(names.iter().cloned()),
            StmtKind::Allocate { name, .. } | StmtKind::Deallocate(name) => out.push(name.clone()),
            _ => {}
        }
    }
}

fn collect_in_expr(e: &Expr, out: &mut Vec<String>) {
    visit_expr(e, &mut |e| match &e.kind {
        ExprKind::IncDec { target, .. } => out.extend(target.root_name().map(str::to_owned)),
        ExprKind::Call { callee, args, .. } => {
            // An MPI call writes only the arguments its roles say it may (`t` in
            // `MPI_Send(buf, 1, t, ...)` is read); another call may write any of them.
            let function = MpiFunction::find(callee);
            for (i, a) in args.iter().enumerate() {
                if function.is_some_and(|f| f.role(i).is_some_and(|r| !r.may_write())) {
                    continue;
                }
                if matches!(
                    a.kind,
                    ExprKind::AddrOf(_)
                        | ExprKind::Name(_)
                        | ExprKind::Index { .. }
                        | ExprKind::Member { .. }
                        | ExprKind::Substring { .. }
                        | ExprKind::Section { .. }
                ) {
                    out.extend(a.root_name().map(str::to_owned));
                }
            }
        }
        _ => {}
    });
}
