use std::collections::HashSet;

use super::{Context, Diagnostic, Rule, Scope, Severity};
use crate::catalog::{Effect, MpiFunction, Role};
use crate::eval::value::HandleId;
use crate::eval::{ArgumentValue, TypeDefinition};
use crate::ir::{
    statements, visit_expr, visit_stmt_exprs, Expr, ExprKind, Function, Stmt, StmtKind, Storage,
};
use crate::source::{Language, Span};

pub(crate) static RULE: Rule = Rule {
    id: "type-leak",
    summary: "a datatype created in a loop or a function and never freed",
    docs: DOCS,
    severity: Severity::Warning,
    scope: Scope::Roots,
    check,
};

const DOCS: &str = r#"## What it finds

- A constructor inside a loop that writes the same handle variable on every iteration, where
  the handles of earlier iterations are never passed to `MPI_Type_free`: each iteration loses
  the previous datatype.
- A constructor in a function (not the main program) writing a local handle variable that the
  function never frees, returns, or stores anywhere: the datatype is lost when the function
  returns.

A handle kept where it outlives the call (a C global, a Fortran module variable, a `SAVE`d
variable, a COMMON member) is not reported: the program may build it once and reuse it. Nor is
one whose variable the function passes to `MPI_Type_free` where the analysis does not know what
it holds (after a loop whose trip count is not known): that free may release it.

## Why it is a bug

Every datatype holds memory inside the MPI library (its typemap description, its optimised
representation, often a GPU-side copy). Time-stepping codes that build halo types each step
leak steadily until the job runs out of memory or datatype handles (Open MPI and MPICH cap the
number of live datatypes).

## Example

```c
for (int step = 0; step < nsteps; step++) {
    MPI_Type_vector(n, 1, stride, MPI_DOUBLE, &halo);
    MPI_Type_commit(&halo);
    MPI_Sendrecv(..., halo, ...);
}                                    /* nsteps - 1 datatypes lost */
```

## Fix

Free the type when done with it (`MPI_Type_free(&halo)` at the end of the loop body), or build
it once outside the loop.
"#;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let freed = freed_handles(cx);
    // Looked for at the first handle not freed: it reads every call of the file.
    let mut unknown = None;
    for d in cx.definitions() {
        if matches!(d.constructor.effect, Effect::Construct(k) if k.returns_predefined()) {
            continue;
        }
        // Most handles are freed: those need not be looked at further (a free through an
        // unknown value only frees more, and a handle of `main` is lost in fewer ways).
        if !loss(&d.handles, |h| !freed.contains(h), false).0 {
            continue;
        }
        let Some((function, target)) = local_handle(cx, d) else {
            continue;
        };
        let unknown = unknown.get_or_insert_with(|| unknown_frees(cx));
        let maybe_freed = freed_through_unknown(cx, unknown, d, function, &target);
        let kept = |h: &HandleId| !freed.contains(h) && !maybe_freed.contains(h);
        let (lost, lost_in_loop) = loss(&d.handles, kept, function.is_main);
        // Last, as it walks the whole function: most handles are freed.
        if !lost || escapes(function, &target) {
            continue;
        }
        if lost_in_loop {
            let never_freed = d.handles[..d.handles.len() - 1]
                .iter()
                .filter(|h| kept(h))
                .count();
            out.push(cx.diagnostic(
                &RULE,
                d.span,
                format!(
                    "`{target}` is created again before the previous datatype is freed: {never_freed} of the {} datatypes this call creates are never freed",
                    d.handles.len()
                ),
            ));
        } else {
            out.push(cx.diagnostic(
                &RULE,
                d.span,
                format!(
                    "`{target}` is a local datatype that is never freed, returned or stored: it is lost when the function returns"
                ),
            ));
        }
    }
}

/// Whether the handles one constructor call made are lost, given which of them are `kept` (not
/// freed): one made again before the previous one was freed (in a loop), or, outside `main`,
/// all of them never freed. Also whether it is the first.
fn loss(handles: &[HandleId], kept: impl Fn(&HandleId) -> bool, in_main: bool) -> (bool, bool) {
    let lost_in_loop = handles.len() >= 2 && handles[..handles.len() - 1].iter().any(&kept);
    let lost = lost_in_loop || (handles.iter().all(&kept) && !in_main);
    (lost, lost_in_loop)
}

/// Every handle some call the rule reports on passes to `MPI_Type_free`: the handles of one
/// root's definitions are freed, if at all, by its own calls, which lie in the functions it
/// runs, all of which the rule reports on or none.
fn freed_handles(cx: &Context<'_>) -> HashSet<HandleId> {
    let mut freed = HashSet::new();
    for call in cx.sites.iter().flat_map(|s| &s.evaluations) {
        for (role, arg) in call.function.roles().zip(call.args.iter()) {
            if let (Role::FreeType, ArgumentValue::Datatype { handle, .. }) = (role, &arg.value) {
                freed.insert(*handle);
            }
        }
    }
    freed
}

/// An `MPI_Type_free` whose argument's value the analysis did not know (after a loop whose
/// trip count is not known): its index among the evaluated calls, the variable it names, and
/// the function it is in.
struct UnknownFree {
    call: usize,
    variable: String,
    function: Span,
}

fn unknown_frees(cx: &Context<'_>) -> Vec<UnknownFree> {
    let calls = &cx.analysis.evaluation.calls;
    calls
        .iter()
        .enumerate()
        .filter_map(|(i, call)| {
            let (_, arg) = call
                .function
                .roles()
                .zip(call.args.iter())
                .find(|(role, arg)| {
                    *role == Role::FreeType && !matches!(arg.value, ArgumentValue::Datatype { .. })
                })?;
            Some(UnknownFree {
                call: i,
                variable: freed_variable(cx, call.span_of(arg))?,
                function: cx.function_at(call.span)?.span(),
            })
        })
        .collect()
}

/// The handles of `d` that an `MPI_Type_free` of its variable in `function` may have released
/// where the variable's value was not known: at each such free, the handle the variable held,
/// the last one `d` had made (the evaluations of the constructor and of the frees are recorded
/// in the order they ran).
fn freed_through_unknown(
    cx: &Context<'_>,
    unknown: &[UnknownFree],
    d: &TypeDefinition,
    function: &Function,
    target: &str,
) -> HashSet<HandleId> {
    let frees: HashSet<usize> = unknown
        .iter()
        .filter(|f| f.variable == target && f.function == function.span)
        .map(|f| f.call)
        .collect();
    let mut freed = HashSet::new();
    let Some(&last) = frees.iter().max() else {
        return freed;
    };
    let mut made = 0usize;
    for (i, call) in cx
        .analysis
        .evaluation
        .calls
        .iter()
        .take(last + 1)
        .enumerate()
    {
        if call.span == d.span {
            made += 1;
        } else if frees.contains(&i) {
            freed.extend(made.checked_sub(1).and_then(|last| d.handles.get(last)));
        }
    }
    freed
}

/// The variable an `MPI_Type_free` argument names, as written: `&t` in C, `t` in Fortran
/// (lower case).
fn freed_variable(cx: &Context<'_>, span: Span) -> Option<String> {
    let written = cx.text(span).trim();
    let name = match cx.language() {
        Language::C => written.strip_prefix('&')?.trim(),
        Language::Fortran { .. } => written,
    };
    let plain = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    plain.then(|| name.to_ascii_lowercase())
}

/// The function a definition is in and the local handle variable it writes: `&t` in C, `t` in
/// Fortran, declared in that function and not one of its parameters.
fn local_handle<'a>(cx: &Context<'a>, d: &TypeDefinition) -> Option<(&'a Function, String)> {
    let variable = match (cx.language(), &d.target.kind) {
        (Language::C, ExprKind::AddrOf(inner)) => &inner.kind,
        (Language::Fortran { .. }, kind) => kind,
        _ => return None,
    };
    let ExprKind::Name(name) = variable else {
        return None;
    };
    let name = name.to_ascii_lowercase();
    let function = cx.function_at(d.span)?;
    let is_param = function
        .params
        .iter()
        .any(|p| p.name.eq_ignore_ascii_case(&name));
    let local =
        !is_param && !function.name.eq_ignore_ascii_case(&name) && declares(&function.body, &name);
    local.then_some((function, name))
}

/// Whether `stmts` declare `name` as a variable of one call: a `SAVE`d variable or a COMMON
/// member keeps its handle for the next call, which may use it again.
fn declares(stmts: &[Stmt], name: &str) -> bool {
    statements(stmts).any(|(s, _)| {
        matches!(&s.kind, StmtKind::Decl(d)
            if d.name.eq_ignore_ascii_case(name) && matches!(d.storage, Storage::Automatic))
    })
}

/// Whether the handle variable's value can leave the function.
fn escapes(function: &Function, name: &str) -> bool {
    let mut escapes = false;
    let mentions = |e: &Expr| {
        let mut found = false;
        visit_expr(e, &mut |e| {
            if matches!(&e.kind, ExprKind::Name(n) if n.eq_ignore_ascii_case(name)) {
                found = true;
            }
        });
        found
    };
    let mut on_expr = |e: &Expr| {
        visit_expr(e, &mut |e| {
            if let ExprKind::Call { callee, args, .. } = &e.kind {
                if MpiFunction::find(callee).is_none() && args.iter().any(mentions) {
                    escapes = true;
                }
            }
        })
    };
    visit_stmt_exprs(&function.body, &mut on_expr);
    escapes || stores_or_returns(&function.body, name, &mentions)
}

fn stores_or_returns(stmts: &[Stmt], name: &str, mentions: &dyn Fn(&Expr) -> bool) -> bool {
    statements(stmts).any(|(s, _)| match &s.kind {
        // The value of an MPI call is an error code (or an address): `err = MPI_...(&t)`, and
        // Fortran's `CALL MPI_...(t, ierr)` lowered the same way, store nothing.
        StmtKind::Assign { value, .. } => !is_mpi_call(value) && mentions(value),
        StmtKind::Return(Some(e)) => mentions(e),
        StmtKind::Decl(d) => {
            matches!(&d.init, Some(crate::ir::Init::Expr(e)) if !is_mpi_call(e) && mentions(e))
        }
        // A statement the front end could not model may store it.
        StmtKind::Opaque { names } => names.iter().any(|n| n.eq_ignore_ascii_case(name)),
        _ => false,
    })
}

fn is_mpi_call(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Call { callee, .. } if MpiFunction::find(callee).is_some())
}
