//! Every position and every expression a lowered function holds, one walk over `&mut` and one
//! over `&`: to tell whether its positions all lie in its own text and move them with that
//! text, when a function lowered for an earlier version of a file is reused at its new place
//! (`syntax/c/memo.rs`), and to find every function it calls (`eval/roots.rs`). Exhaustive on
//! purpose: a position this missed would be left behind by a move.

use super::{
    Aggregate, ArrayDim, Designator, Expr, ExprKind, Function, Init, Param, Program, Stmt,
    StmtKind, Storage, Subscript, Ty,
};
use crate::source::Span;

/// What a walk calls on the spans and on the expressions (outermost first) it meets.
pub(crate) struct Visitor<'v, S: ?Sized, E: ?Sized> {
    pub span: &'v mut S,
    pub expr: &'v mut E,
}

macro_rules! walker {
    ($module:ident $(, $m:ident)?) => {
        pub(crate) mod $module {
            use super::*;

            type Visit<'v, 'x> = Visitor<
                'v,
                dyn FnMut(&$($m)? Span) + 'x,
                dyn FnMut(&$($m)? Expr) + 'x,
            >;

            /// Walks the function's name, parameters and body (not its Fortran unit).
            pub(crate) fn function(function: &$($m)? Function, v: &mut Visit<'_, '_>) {
                (v.span)(&$($m)? function.name_span);
                (v.span)(&$($m)? function.span);
                for Param { ty: t, .. } in &$($m)? function.params {
                    ty(t, v);
                }
                stmts(&$($m)? function.body, v);
            }

            pub(crate) fn stmts(list: &$($m)? [Stmt], v: &mut Visit<'_, '_>) {
                for stmt in list {
                    (v.span)(&$($m)? stmt.span);
                    match &$($m)? stmt.kind {
                        StmtKind::Decl(decl) => {
                            (v.span)(&$($m)? decl.name_span);
                            ty(&$($m)? decl.ty, v);
                            if let Some(i) = &$($m)? decl.init {
                                init(i, v);
                            }
                            match &$($m)? decl.storage {
                                Storage::Automatic | Storage::Saved => {}
                                Storage::Common(e) => expr(e, v),
                            }
                        }
                        StmtKind::Assign { target, value } => {
                            expr(target, v);
                            expr(value, v);
                        }
                        StmtKind::Eval(e) | StmtKind::Return(Some(e)) => expr(e, v),
                        StmtKind::If { cond, then, otherwise } => {
                            expr(cond, v);
                            stmts(then, v);
                            stmts(otherwise, v);
                        }
                        StmtKind::Loop { init, cond, step, body, test_first: _ } => {
                            stmts(init, v);
                            if let Some(cond) = cond {
                                expr(cond, v);
                            }
                            stmts(step, v);
                            stmts(body, v);
                        }
                        StmtKind::Block(body) => stmts(body, v),
                        StmtKind::Allocate { dims: d, .. } => dims(d, v),
                        StmtKind::Return(None)
                        | StmtKind::Break
                        | StmtKind::Continue
                        | StmtKind::Goto(_)
                        | StmtKind::Label(_)
                        | StmtKind::Deallocate(_)
                        | StmtKind::Opaque { .. } => {}
                    }
                }
            }

            fn init(i: &$($m)? Init, v: &mut Visit<'_, '_>) {
                match i {
                    Init::Expr(e) => expr(e, v),
                    Init::List(items) => {
                        for (list, item) in items {
                            designators(list, v);
                            init(item, v);
                        }
                    }
                }
            }

            fn designators(list: &$($m)? [Designator], v: &mut Visit<'_, '_>) {
                for designator in list {
                    match designator {
                        Designator::Index(e) => expr(e, v),
                        Designator::Field(_) => {}
                    }
                }
            }

            fn dims(list: &$($m)? [ArrayDim], v: &mut Visit<'_, '_>) {
                for ArrayDim { lower, upper } in list {
                    expr(lower, v);
                    if let Some(upper) = upper {
                        expr(upper, v);
                    }
                }
            }

            pub(crate) fn aggregate(a: &$($m)? Aggregate, v: &mut Visit<'_, '_>) {
                (v.span)(&$($m)? a.name_span);
                (v.span)(&$($m)? a.span);
                for field in &$($m)? a.fields {
                    ty(&$($m)? field.ty, v);
                    if let Some(e) = &$($m)? field.bit_width {
                        expr(e, v);
                    }
                    if let Some(e) = &$($m)? field.align {
                        expr(e, v);
                    }
                }
                if let Some(e) = &$($m)? a.align {
                    expr(e, v);
                }
            }

            pub(crate) fn ty(t: &$($m)? Ty, v: &mut Visit<'_, '_>) {
                match t {
                    Ty::Fortran { kind, len, .. } => {
                        for e in kind.into_iter().chain(len) {
                            expr(e, v);
                        }
                    }
                    Ty::Pointer(inner) => ty(inner, v),
                    Ty::Array(element, d) => {
                        ty(element, v);
                        dims(d, v);
                    }
                    Ty::Aligned(inner, e) | Ty::Vector(inner, e) => {
                        ty(inner, v);
                        expr(e, v);
                    }
                    Ty::C(_)
                    | Ty::MpiDatatype
                    | Ty::MpiOpaque
                    | Ty::Named(_)
                    | Ty::Void
                    | Ty::Unknown => {}
                }
            }

            pub(crate) fn expr(e: &$($m)? Expr, v: &mut Visit<'_, '_>) {
                (v.expr)(e);
                (v.span)(&$($m)? e.span);
                match &$($m)? e.kind {
                    ExprKind::Unary(_, a)
                    | ExprKind::SizeofExpr(a)
                    | ExprKind::AddrOf(a)
                    | ExprKind::Deref(a)
                    | ExprKind::Member { base: a, .. }
                    | ExprKind::IncDec { target: a, .. } => expr(a, v),
                    ExprKind::Cast(t, a) => {
                        ty(t, v);
                        expr(a, v);
                    }
                    ExprKind::Binary(_, a, b) => {
                        expr(a, v);
                        expr(b, v);
                    }
                    ExprKind::Cond(a, b, c) => {
                        expr(a, v);
                        expr(b, v);
                        expr(c, v);
                    }
                    ExprKind::Call { callee_span, args, .. } => {
                        (v.span)(callee_span);
                        for a in args {
                            expr(a, v);
                        }
                    }
                    ExprKind::ArrayCtor(items) => {
                        for a in items {
                            expr(a, v);
                        }
                    }
                    ExprKind::Index { base, indices } => {
                        expr(base, v);
                        for a in indices {
                            expr(a, v);
                        }
                    }
                    ExprKind::Substring { base, lower, upper } => {
                        expr(base, v);
                        for bound in lower.into_iter().chain(upper) {
                            expr(bound, v);
                        }
                    }
                    ExprKind::Section { base, subscripts } => {
                        expr(base, v);
                        for subscript in subscripts {
                            match subscript {
                                Subscript::Index(e) => expr(e, v),
                                Subscript::Range { lower, upper, stride } => {
                                    for e in [lower, upper, stride].into_iter().flatten() {
                                        expr(e, v);
                                    }
                                }
                            }
                        }
                    }
                    ExprKind::SizeofType(t) | ExprKind::AlignofType(t) => ty(t, v),
                    ExprKind::Offsetof(t, list) => {
                        ty(t, v);
                        designators(list, v);
                    }
                    ExprKind::ImpliedDo { items, start, end, step, .. } => {
                        for a in items {
                            expr(a, v);
                        }
                        expr(start, v);
                        expr(end, v);
                        if let Some(step) = step {
                            expr(step, v);
                        }
                    }
                    ExprKind::Int(_)
                    | ExprKind::Float(_)
                    | ExprKind::Str(_)
                    | ExprKind::Name(_)
                    | ExprKind::Defined(_)
                    | ExprKind::Unknown => {}
                }
            }
        }
    };
}

walker!(shared);
walker!(exclusive, mut);

/// `ty` with every position in it (an array's bounds, a kind) reset: for a type kept where
/// nothing reads them, so that nothing has to move them after an edit.
pub(crate) fn without_positions(ty: Ty) -> Ty {
    forgetting_positions(ty, exclusive::ty)
}

/// `e` with every position in it reset (see [`without_positions`]).
pub(crate) fn expr_without_positions(e: Expr) -> Expr {
    forgetting_positions(e, exclusive::expr)
}

/// `a` with every position in it reset: what an evaluation that read it saw, wherever it is.
pub(crate) fn aggregate_without_positions(a: &Aggregate) -> Aggregate {
    forgetting_positions(a.clone(), exclusive::aggregate)
}

/// `list` with every offset in it replaced by its rank among them: which spans are equal, which
/// comes first and which lies in which, as the evaluator tells objects apart by where they were
/// made (two compound literals of one macro use are one object), without where they are.
pub(crate) fn stmts_with_ranked_positions(list: &[Stmt]) -> Vec<Stmt> {
    let mut offsets = Vec::new();
    shared::stmts(
        list,
        &mut Visitor {
            span: &mut |span: &Span| offsets.extend([span.start, span.end]),
            expr: &mut |_: &Expr| {},
        },
    );
    offsets.sort_unstable();
    offsets.dedup();
    let rank = |offset: usize| offsets.partition_point(|&o| o < offset);
    let mut list = list.to_vec();
    exclusive::stmts(
        &mut list,
        &mut Visitor {
            span: &mut |span: &mut Span| *span = Span::new(rank(span.start), rank(span.end)),
            expr: &mut |_: &mut Expr| {},
        },
    );
    list
}

fn forgetting_positions<T>(
    mut value: T,
    walk: impl for<'x> FnOnce(
        &mut T,
        &mut Visitor<'_, dyn FnMut(&mut Span) + 'x, dyn FnMut(&mut Expr) + 'x>,
    ),
) -> T {
    walk(
        &mut value,
        &mut Visitor {
            span: &mut |span: &mut Span| *span = Span::default(),
            expr: &mut |_: &mut Expr| {},
        },
    );
    value
}

/// Calls `visit` on every span of `function`, and on its Fortran specification end as an empty
/// span.
pub(crate) fn each_span(function: &mut Function, visit: &mut dyn FnMut(&mut Span)) {
    exclusive::function(
        function,
        &mut Visitor {
            span: visit,
            expr: &mut |_| {},
        },
    );
    if let Some(end) = function
        .fortran
        .as_mut()
        .and_then(|unit| unit.specification_end.as_mut())
    {
        let mut span = Span::new(*end, *end);
        visit(&mut span);
        *end = span.start;
    }
}

/// Calls `visit` with the callee of every call in `function`, wherever it is (a type's
/// dimension too).
pub(crate) fn each_callee(function: &Function, visit: &mut dyn FnMut(&str)) {
    calls_in(visit, |v| shared::function(function, v));
}

/// Calls `visit` with the callee of every call outside the functions: in the globals, and in
/// the aggregates' and typedefs' types (a dimension, an alignment), whose evaluation may run
/// the file's functions.
pub(crate) fn each_declaration_callee(program: &Program, visit: &mut dyn FnMut(&str)) {
    calls_in(visit, |v| {
        shared::stmts(&program.globals, v);
        for a in &program.aggregates {
            shared::aggregate(a, v);
        }
        for (_, t) in &program.typedefs {
            shared::ty(t, v);
        }
    });
}

fn calls_in(
    visit: &mut dyn FnMut(&str),
    walk: impl for<'x> FnOnce(&mut Visitor<'_, dyn FnMut(&Span) + 'x, dyn FnMut(&Expr) + 'x>),
) {
    let mut on_expr = |e: &Expr| {
        if let ExprKind::Call { callee, .. } = &e.kind {
            visit(callee);
        }
    };
    walk(&mut Visitor {
        span: &mut |_| {},
        expr: &mut on_expr,
    });
}
