use super::{CallSite, Context, Diagnostic, Rule, Scope, Severity};
use crate::catalog::{ConstructorKind, Effect, MpiFunction};
use crate::eval::{ArgumentValue, Unwritten};
use crate::ir::{statements, visit_expr, visit_stmt_exprs, Expr, ExprKind, StmtKind};
use crate::source::Language;

pub(crate) static RULE: Rule = Rule {
    id: "count-mismatch",
    summary: "a constructor's count is larger than the arrays passed beside it, or than the entries written in them",
    docs: DOCS,
    severity: Severity::Error,
    scope: Scope::Roots,
    check,
};

const DOCS: &str = r#"## What it finds

A datatype constructor whose count (`count` of `MPI_Type_indexed`, `MPI_Type_create_struct`,
`MPI_Type_create_hindexed`, ..., `ndims` of `MPI_Type_create_subarray` and
`MPI_Type_create_darray`) is larger than the number of elements the array arguments beside it
have, on every evaluation of the call.

In C, also an entry that the constructor reads from a local array (block lengths,
displacements, types, sizes) when nothing has written it since the array was declared without
an initializer: `int bl[3]; bl[0] = 1; bl[1] = 1; MPI_Type_indexed(3, bl, ...)`. The array
must be one whose every use the function shows: it is only subscripted, measured with
`sizeof`, or passed to MPI calls (a pointer to it given to another function, or kept in a
variable, may be written through), and not `static` or `extern` (those start at zero, or are
defined elsewhere).

## Why it is a bug

MPI reads `count` entries from each array: the extra ones come from whatever memory follows
the array — typically the next array, so block lengths become displacements and datatypes
become garbage handles. A common source is a field added to a struct (and to the count) but not
to the arrays, or arrays sized with a stale macro. An entry never written holds whatever the
stack held (C11 6.7.9: its value is indeterminate): a garbage block length, displacement or
handle.

## Example

```c
int          blocklens[2] = {1, 3};
MPI_Aint     disps[2];
MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};
MPI_Type_create_struct(3, blocklens, disps, types, &t);   /* arrays have 2 elements */
```

```c
int bl[3], disp[3];
bl[0] = 1; bl[1] = 1;
disp[0] = 0; disp[1] = 4; disp[2] = 8;
MPI_Type_indexed(3, bl, disp, MPI_INT, &t);   /* bl[2] is never written */
```

## Fix

Make the count match the arrays (or the arrays the count), and set every entry the count
covers.
"#;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for site in &cx.sites {
        let Effect::Construct(kind) = site.function.effect else {
            continue;
        };
        if cx.language() == Language::C {
            unwritten_entries(cx, site, out);
        }
        // The count the arrays are read with: `ndims` is darray's third argument.
        let count_at = if kind == ConstructorKind::Darray {
            2
        } else {
            0
        };
        let Some(count) = site.int(count_at) else {
            continue;
        };
        let mut short = Vec::new();
        for i in 0..site.function.params.len() {
            let capacities: Option<Vec<i128>> = site
                .values(i)
                .map(|v| match v {
                    Some(ArgumentValue::Array {
                        capacity: Some(c), ..
                    }) => Some(*c),
                    _ => None,
                })
                .collect();
            let Some(max) = capacities.and_then(|c| c.into_iter().max()) else {
                continue;
            };
            if let (true, Some(span)) = (max < count, site.arg_span(i)) {
                short.push(format!("`{}` has {max}", cx.text(span).trim()));
            }
        }
        let Some(span) = site.arg_span(count_at).filter(|_| !short.is_empty()) else {
            continue;
        };
        out.push(cx.diagnostic(
            &RULE,
            span,
            format!(
                "`{}` reads {count} elements of each array, but {}",
                site.function.name,
                short.join(", ")
            ),
        ));
    }
}

/// The entries of local arrays the constructor at `site` reads that nothing wrote.
fn unwritten_entries(cx: &Context<'_>, site: &CallSite<'_>, out: &mut Vec<Diagnostic>) {
    for i in 0..site.function.params.len() {
        let Some(unwritten) = unwritten_on_every_evaluation(site, i) else {
            continue;
        };
        let Some(span) = site
            .arg_span(i)
            .filter(|_| is_followed_local_array(cx, &unwritten))
        else {
            continue;
        };
        let name = unwritten.array.as_str();
        let written = cx.text(span).trim();
        let entries: Vec<String> = unwritten
            .entries
            .iter()
            .map(|k| {
                if written == name {
                    format!("`{name}[{k}]`")
                } else {
                    format!("entry {k} of `{written}`")
                }
            })
            .collect();
        let (which, they) = match entries.len() {
            1 => ("which is", "it holds"),
            _ => ("which are", "they hold"),
        };
        out.push(cx.diagnostic(
            &RULE,
            span,
            format!(
                "`{}` reads {}, {which} never written: {they} whatever the stack held",
                site.function.name,
                entries.join(", "),
            ),
        ));
    }
}

/// The unwritten entries of argument `i` that every evaluation of the call shows, of one array.
fn unwritten_on_every_evaluation(site: &CallSite<'_>, i: usize) -> Option<Unwritten> {
    let mut common: Option<Unwritten> = None;
    for v in site.values(i) {
        let Some(ArgumentValue::Array {
            unwritten: Some(u), ..
        }) = v
        else {
            return None;
        };
        common = Some(match common {
            None => u.clone(),
            Some(c) if (&c.array, c.declaration) == (&u.array, u.declaration) => Unwritten {
                entries: c
                    .entries
                    .into_iter()
                    .filter(|k| u.entries.contains(k))
                    .collect(),
                ..c
            },
            Some(_) => return None,
        });
    }
    common.filter(|c| !c.entries.is_empty())
}

/// Whether the array has automatic storage and every use of it in its function is one the
/// evaluation follows exactly: a subscript, `sizeof`, or an argument of an MPI call (itself, or
/// the address of one of its entries).
fn is_followed_local_array(cx: &Context<'_>, unwritten: &Unwritten) -> bool {
    let (name, span) = (unwritten.array.as_str(), unwritten.declaration);
    let Some(function) = cx.function_at(span) else {
        return false;
    };
    let declared = statements(&function.body).any(|(s, _)| {
        matches!(&s.kind, StmtKind::Decl(d) if s.span == span && d.name == name && d.init.is_none())
    });
    // The declarator's statement back to the end of the one before: its specifiers.
    let statement_start = cx.c_code()[..span.start]
        .iter()
        .rposition(|b| matches!(b, b';' | b'{' | b'}'))
        .map_or(0, |i| i + 1);
    let specifiers = cx
        .analysis
        .text()
        .get(statement_start..span.start)
        .unwrap_or("#");
    let storage = specifiers
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|w| w == "static" || w == "extern");
    if !declared || storage || specifiers.contains('#') || !cx.text(span).contains(name) {
        return false;
    }
    let mut uses = Uses::default();
    visit_stmt_exprs(&function.body, &mut |e| {
        visit_expr(e, &mut |e| uses.count(e, name))
    });
    let opaque = statements(&function.body).any(
        |(s, _)| matches!(&s.kind, StmtKind::Opaque { names } if names.iter().any(|n| n == name)),
    );
    !opaque && uses.all_followed()
}

/// How an array's name is used in a function.
#[derive(Default)]
struct Uses {
    /// Every mention.
    names: usize,
    /// Mentions as the array subscripted (`a[k]`).
    subscripted: usize,
    /// `&a[k]` anywhere, and those that are an argument of an MPI call.
    addresses: usize,
    addresses_to_mpi: usize,
    /// `a` itself as an argument of an MPI call, or under `sizeof`.
    followed_whole: usize,
}

impl Uses {
    fn count(&mut self, e: &Expr, name: &str) {
        let is_name = |e: &Expr| matches!(&e.kind, ExprKind::Name(n) if n == name);
        let is_entry_address = |e: &Expr| {
            matches!(&e.kind, ExprKind::AddrOf(inner)
                if matches!(&inner.kind, ExprKind::Index { base, .. } if is_name(base)))
        };
        match &e.kind {
            ExprKind::Name(n) if n == name => self.names += 1,
            ExprKind::Index { base, .. } if is_name(base) => self.subscripted += 1,
            ExprKind::SizeofExpr(inner) if is_name(inner) => self.followed_whole += 1,
            _ if is_entry_address(e) => self.addresses += 1,
            ExprKind::Call { callee, args, .. } if MpiFunction::find_c(callee).is_some() => {
                self.followed_whole += args.iter().filter(|a| is_name(a)).count();
                self.addresses_to_mpi += args.iter().filter(|a| is_entry_address(a)).count();
            }
            _ => {}
        }
    }

    fn all_followed(&self) -> bool {
        self.addresses == self.addresses_to_mpi
            && self.names == self.subscripted + self.followed_whole
    }
}
