//! Fortran: the variables the fix of a removed MPI-1 call declares
//! `INTEGER(KIND=MPI_ADDRESS_KIND)`, and the other removed calls that must change with them.
//!
//! A variable is widened only when that is safe: it is a local of the program unit, declared in
//! an INTEGER statement the fix can rewrite, and every mention of it in the unit's code is one
//! the analysis follows and that means the same with a wider integer (assignments, arithmetic,
//! comparisons, subscripts, the address arguments of MPI calls). A variable passed to another
//! procedure (the user's, an intrinsic, an MPI argument that is no address), named in a
//! statement the analysis does not model (I/O, COMMON, EQUIVALENCE, NAMELIST, DIMENSION, ...),
//! a dummy argument, a function result or a variable of another unit is not widened.

use super::fortran_edit::{self, Declaration};
use super::{address_bytes, integer_bytes, CallSite, Context};
use crate::catalog::{MpiFunction, Role};
use crate::ir::{
    visit_expr, visit_stmt_exprs, BinOp, Decl, Expr, ExprKind, Function, StmtKind, UnOp,
};
use crate::source::Span;

/// What the fix of a removed call changes besides the call.
pub(crate) struct Widening<'c, 'a> {
    /// The variables to declare `INTEGER(KIND=MPI_ADDRESS_KIND)`: as written, and the
    /// statement declaring them.
    pub vars: Vec<(&'a str, Declaration<'a>)>,
    /// The removed calls passing them as addresses, the one asked about first: they must
    /// become the MPI-2 calls together (an MPI-1 call reads a default INTEGER there).
    pub calls: Vec<&'c CallSite<'a>>,
}

/// The variables to widen so that every address argument of `site` (and of the removed calls
/// that share them) has the address kind, when each can be widened safely.
pub(crate) fn widening<'c, 'a>(
    cx: &'c Context<'a>,
    site: &'c CallSite<'a>,
) -> Option<Widening<'c, 'a>> {
    let function = cx.function_at(site.span)?;
    let mut found = Widening {
        vars: Vec::new(),
        calls: vec![site],
    };
    let mut next = 0;
    while let Some(&call) = found.calls.get(next) {
        next += 1;
        let args = call_args(function, call.name_span)?;
        for (i, role) in call.function.roles().enumerate() {
            if !address(role) || declared_wide(cx, call, i) {
                continue;
            }
            let Some(decl) = needs(cx, function, args.get(i)?)? else {
                continue;
            };
            if found
                .vars
                .iter()
                .any(|(v, _)| v.eq_ignore_ascii_case(&decl.name))
            {
                continue;
            }
            let (declaration, calls) = safe(cx, function, decl)?;
            for span in calls {
                if !found.calls.iter().any(|c| c.name_span == span) {
                    found
                        .calls
                        .push(cx.sites.iter().find(|s| s.name_span == span)?);
                }
            }
            found.vars.push((cx.text(decl.name_span), declaration));
        }
    }
    Some(found)
}

fn address(role: Role) -> bool {
    matches!(role, Role::Aint | Role::AintArray | Role::OutAint)
}

/// True when argument `i` names a variable (element, component) declared at least
/// address-sized on every evaluation.
fn declared_wide(cx: &Context<'_>, site: &CallSite<'_>, i: usize) -> bool {
    site.evaluations.iter().all(|c| {
        c.args
            .get(i)
            .and_then(|a| a.declared.as_ref())
            .and_then(|ty| integer_bytes(ty, cx.analysis.target))
            .is_some_and(|bytes| bytes >= address_bytes(cx.analysis.target))
    })
}

/// The arguments of the call named at `name_span`, in the order of the MPI function's
/// parameters.
fn call_args(function: &Function, name_span: Span) -> Option<Vec<Expr>> {
    let mut found = None;
    visit_stmt_exprs(&function.body, &mut |e| {
        visit_expr(e, &mut |e| {
            if let ExprKind::Call {
                callee_span, args, ..
            } = &e.kind
            {
                if *callee_span == name_span {
                    found = Some(args.clone());
                }
            }
        })
    });
    found
}

/// The declaration of the unit's local `name` (not of a dummy argument).
fn local<'f>(function: &'f Function, name: &str) -> Option<&'f Decl> {
    function.body.iter().find_map(|s| match &s.kind {
        StmtKind::Decl(d) if d.name == name => Some(d),
        _ => None,
    })
}

/// The variable to widen for an address argument: `Some(None)` when the argument has the
/// address kind already, `None` when no single local variable gives it that kind. The argument
/// is a variable or an element of one, or arithmetic (`100*sizeofreal`) whose integer kind is
/// the widest of its operands'.
fn needs<'f>(cx: &Context<'_>, function: &'f Function, arg: &Expr) -> Option<Option<&'f Decl>> {
    let mut narrow: Vec<&Decl> = Vec::new();
    let mut wide = false;
    let mut stack = vec![arg];
    while let Some(e) = stack.pop() {
        let name = match &e.kind {
            ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div, a, b) => {
                stack.extend([a.as_ref(), b.as_ref()]);
                continue;
            }
            ExprKind::Unary(UnOp::Neg | UnOp::Plus, a) => {
                stack.push(a);
                continue;
            }
            ExprKind::Int(_) => continue,
            ExprKind::Name(name) => name,
            ExprKind::Index { base, .. } => match &base.kind {
                ExprKind::Name(name) => name,
                _ => return None,
            },
            _ => return None,
        };
        let decl = local(function, name)?;
        let bytes = integer_bytes(&decl.ty, cx.analysis.target)?;
        if bytes >= address_bytes(cx.analysis.target) {
            wide = true;
        } else if !decl.constant && !narrow.iter().any(|d| d.name == decl.name) {
            narrow.push(decl);
        }
    }
    match (wide, narrow.as_slice()) {
        (true, _) => Some(None),
        (false, [one]) => Some(Some(one)),
        _ => None,
    }
}

/// Where a mention of the variable is.
#[derive(Clone, Copy)]
enum Place {
    /// Assigned, computed with, compared, used as a subscript.
    Value,
    /// In an address argument of the MPI call named at `call`.
    Address { call: Span, removed: bool },
    /// Passed to a procedure as anything else.
    Passed,
}

/// The mentions of a variable the unit's statements show.
struct Uses<'v> {
    var: &'v str,
    /// Where each mention starts.
    at: Vec<usize>,
    /// A mention in a place where a wider integer means something else.
    unsafe_use: bool,
    /// The removed calls (by the span of their name) the variable is an address argument of.
    removed_calls: Vec<Span>,
}

impl Uses<'_> {
    fn walk(&mut self, e: &Expr, place: Place) {
        match &e.kind {
            ExprKind::Name(n) if n == self.var => {
                self.at.push(e.span.start);
                match place {
                    Place::Passed => self.unsafe_use = true,
                    Place::Address {
                        call,
                        removed: true,
                    } => self.removed_calls.push(call),
                    _ => {}
                }
            }
            ExprKind::Index { base, indices } => {
                self.walk(base, place);
                indices.iter().for_each(|i| self.walk(i, Place::Value));
            }
            ExprKind::Call {
                callee,
                callee_span,
                args,
            } => {
                let function = MpiFunction::find(callee);
                for (i, a) in args.iter().enumerate() {
                    let inner = match function.map(|f| (f, f.role(i))) {
                        Some((f, Some(role))) if address(role) => Place::Address {
                            call: *callee_span,
                            removed: f.removed.is_some(),
                        },
                        _ => Place::Passed,
                    };
                    self.walk(a, inner);
                }
            }
            // The kind of integer arithmetic is the widest of its operands'.
            ExprKind::Binary(op, a, b) => {
                let arithmetic = matches!(
                    op,
                    BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Pow
                );
                let inner = if arithmetic { place } else { Place::Value };
                self.walk(a, inner);
                self.walk(b, inner);
            }
            ExprKind::Unary(op, a) => {
                let sign = matches!(op, UnOp::Neg | UnOp::Plus);
                self.walk(a, if sign { place } else { Place::Value });
            }
            ExprKind::ArrayCtor(items) => items.iter().for_each(|i| self.walk(i, place)),
            _ => visit_expr(e, &mut |e| {
                self.unsafe_use |= matches!(&e.kind, ExprKind::Name(n) if n == self.var)
            }),
        }
    }
}

/// The statement declaring a narrow local and the removed calls it is an address argument
/// of, when widening it is safe.
fn safe<'a>(
    cx: &Context<'a>,
    function: &Function,
    decl: &Decl,
) -> Option<(Declaration<'a>, Vec<Span>)> {
    if decl.constant || decl.name_span.start == decl.name_span.end {
        return None;
    }
    let declaration = Declaration::integer_at(cx, decl.name_span)?;
    let mut uses = Uses {
        var: &decl.name,
        at: vec![decl.name_span.start],
        unsafe_use: false,
        removed_calls: Vec::new(),
    };
    visit_stmt_exprs(&function.body, &mut |e| uses.walk(e, Place::Value));
    // Every mention in the text must be one of those: the others are in statements the
    // analysis does not follow, in the unit's header or in its internal procedures.
    let all_seen = fortran_edit::mentioned_only_at(cx, function, &decl.name, &uses.at);
    (declaration.declares(&decl.name) && all_seen && !uses.unsafe_use)
        .then_some((declaration, uses.removed_calls))
}
