//! Every position a lowered function holds: to tell whether they all lie in its own text, and
//! to move them with that text, when a function lowered for an earlier version of a file is
//! reused at its new place (`syntax/c/memo.rs`).

use super::{
    ArrayDim, Designator, Expr, ExprKind, Function, Init, Param, Stmt, StmtKind, Storage,
    Subscript, Ty,
};
use crate::source::Span;

/// Calls `visit` on every span of `function`, and on its Fortran specification end as an empty
/// span. Exhaustive on purpose: a position this misses would be left behind by a move.
pub(crate) fn each_span(function: &mut Function, visit: &mut dyn FnMut(&mut Span)) {
    visit(&mut function.name_span);
    visit(&mut function.span);
    for Param { ty, .. } in &mut function.params {
        ty_spans(ty, visit);
    }
    stmts_spans(&mut function.body, visit);
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

fn stmts_spans(stmts: &mut [Stmt], visit: &mut dyn FnMut(&mut Span)) {
    for stmt in stmts {
        visit(&mut stmt.span);
        match &mut stmt.kind {
            StmtKind::Decl(decl) => {
                visit(&mut decl.name_span);
                ty_spans(&mut decl.ty, visit);
                if let Some(init) = &mut decl.init {
                    init_spans(init, visit);
                }
                match &mut decl.storage {
                    Storage::Automatic | Storage::Saved => {}
                    Storage::Common(e) => expr_spans(e, visit),
                }
            }
            StmtKind::Assign { target, value } => {
                expr_spans(target, visit);
                expr_spans(value, visit);
            }
            StmtKind::Eval(e) | StmtKind::Return(Some(e)) => expr_spans(e, visit),
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                expr_spans(cond, visit);
                stmts_spans(then, visit);
                stmts_spans(otherwise, visit);
            }
            StmtKind::Loop {
                init,
                cond,
                step,
                body,
                test_first: _,
            } => {
                stmts_spans(init, visit);
                if let Some(cond) = cond {
                    expr_spans(cond, visit);
                }
                stmts_spans(step, visit);
                stmts_spans(body, visit);
            }
            StmtKind::Block(body) => stmts_spans(body, visit),
            StmtKind::Allocate { dims, .. } => dims_spans(dims, visit),
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

fn init_spans(init: &mut Init, visit: &mut dyn FnMut(&mut Span)) {
    match init {
        Init::Expr(e) => expr_spans(e, visit),
        Init::List(items) => {
            for (designators, item) in items {
                designators_spans(designators, visit);
                init_spans(item, visit);
            }
        }
    }
}

fn designators_spans(designators: &mut [Designator], visit: &mut dyn FnMut(&mut Span)) {
    for designator in designators {
        match designator {
            Designator::Index(e) => expr_spans(e, visit),
            Designator::Field(_) => {}
        }
    }
}

fn dims_spans(dims: &mut [ArrayDim], visit: &mut dyn FnMut(&mut Span)) {
    for ArrayDim { lower, upper } in dims {
        expr_spans(lower, visit);
        if let Some(upper) = upper {
            expr_spans(upper, visit);
        }
    }
}

fn ty_spans(ty: &mut Ty, visit: &mut dyn FnMut(&mut Span)) {
    match ty {
        Ty::Fortran { kind, len, .. } => {
            for e in kind.iter_mut().chain(len.iter_mut()) {
                expr_spans(e, visit);
            }
        }
        Ty::Pointer(inner) => ty_spans(inner, visit),
        Ty::Array(element, dims) => {
            ty_spans(element, visit);
            dims_spans(dims, visit);
        }
        Ty::Aligned(inner, e) | Ty::Vector(inner, e) => {
            ty_spans(inner, visit);
            expr_spans(e, visit);
        }
        Ty::C(_) | Ty::MpiDatatype | Ty::MpiOpaque | Ty::Named(_) | Ty::Void | Ty::Unknown => {}
    }
}

fn expr_spans(e: &mut Expr, visit: &mut dyn FnMut(&mut Span)) {
    visit(&mut e.span);
    match &mut e.kind {
        ExprKind::Unary(_, a)
        | ExprKind::SizeofExpr(a)
        | ExprKind::AddrOf(a)
        | ExprKind::Deref(a)
        | ExprKind::Member { base: a, .. }
        | ExprKind::IncDec { target: a, .. } => expr_spans(a, visit),
        ExprKind::Cast(ty, a) => {
            ty_spans(ty, visit);
            expr_spans(a, visit);
        }
        ExprKind::Binary(_, a, b) => {
            expr_spans(a, visit);
            expr_spans(b, visit);
        }
        ExprKind::Cond(a, b, c) => {
            expr_spans(a, visit);
            expr_spans(b, visit);
            expr_spans(c, visit);
        }
        ExprKind::Call {
            callee_span, args, ..
        } => {
            visit(callee_span);
            args.iter_mut().for_each(|a| expr_spans(a, visit));
        }
        ExprKind::ArrayCtor(items) => items.iter_mut().for_each(|a| expr_spans(a, visit)),
        ExprKind::Index { base, indices } => {
            expr_spans(base, visit);
            indices.iter_mut().for_each(|a| expr_spans(a, visit));
        }
        ExprKind::Substring { base, lower, upper } => {
            expr_spans(base, visit);
            for bound in lower.iter_mut().chain(upper.iter_mut()) {
                expr_spans(bound, visit);
            }
        }
        ExprKind::Section { base, subscripts } => {
            expr_spans(base, visit);
            for subscript in subscripts {
                match subscript {
                    Subscript::Index(e) => expr_spans(e, visit),
                    Subscript::Range {
                        lower,
                        upper,
                        stride,
                    } => {
                        for e in [lower, upper, stride].into_iter().flatten() {
                            expr_spans(e, visit);
                        }
                    }
                }
            }
        }
        ExprKind::SizeofType(ty) | ExprKind::AlignofType(ty) => ty_spans(ty, visit),
        ExprKind::Offsetof(ty, designators) => {
            ty_spans(ty, visit);
            designators_spans(designators, visit);
        }
        ExprKind::ImpliedDo {
            items,
            start,
            end,
            step,
            ..
        } => {
            items.iter_mut().for_each(|a| expr_spans(a, visit));
            expr_spans(start, visit);
            expr_spans(end, visit);
            if let Some(step) = step {
                expr_spans(step, visit);
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
