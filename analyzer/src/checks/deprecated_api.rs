use super::{
    bound_markers, in_case_of, integer_bytes, CallSite, Context, Diagnostic, Rule, Severity,
};
use crate::eval::Role;
use crate::fix::{Applicability, Edit, Fix};
use crate::ir::{visit_expr, visit_stmt_exprs, ExprKind};
use crate::layout::CType;
use crate::source::{Language, Span};

pub(crate) static RULE: Rule = Rule {
    id: "deprecated-api",
    summary: "MPI-1 datatype API removed in MPI-3.0 (MPI_Type_struct, MPI_Address, MPI_UB, ...)",
    docs: DOCS,
    severity: Severity::Warning,
    check,
};

const DOCS: &str = r#"## What it finds

Calls to the MPI-1 datatype functions that MPI-2.0 deprecated and MPI-3.0 removed:
`MPI_Type_hvector`, `MPI_Type_hindexed`, `MPI_Type_struct`, `MPI_Address`, `MPI_Type_extent`,
`MPI_Type_lb`, `MPI_Type_ub`, and the bound markers `MPI_LB` and `MPI_UB`.

## Why it is a bug

They are gone from the standard (MPI-4.1 §17.2, "Removed Interfaces"), and current libraries
follow it: Open MPI 4 and 5 no longer declare them unless built with MPI-1 compatibility, and
MPI_LB/MPI_UB fail to compile there; the Fortran `mpi_f08` module never had them. In Fortran the
MPI-1 versions take default-`INTEGER` displacements, which overflow beyond 2 GiB.

## Example

```c
MPI_Address(&p.x, &disp[1]);
MPI_Type_struct(3, blocklens, disp, types, &ptype);
MPI_Type_extent(ptype, &extent);
```

## Fix

The MPI-2 replacements take the same arguments in C:

| removed | replacement |
|---|---|
| `MPI_Type_hvector` | `MPI_Type_create_hvector` |
| `MPI_Type_hindexed` | `MPI_Type_create_hindexed` |
| `MPI_Type_struct` | `MPI_Type_create_struct` |
| `MPI_Address` | `MPI_Get_address` |
| `MPI_Type_extent(t, &e)` | `MPI_Type_get_extent(t, &lb, &e)` |
| `MPI_Type_lb(t, &lb)` | `MPI_Type_get_extent(t, &lb, &extent)` |
| `MPI_Type_ub(t, &ub)` | `MPI_Type_get_extent(t, &lb, &extent)`, `ub = lb + extent` |
| `MPI_LB`, `MPI_UB` markers | `MPI_Type_create_resized(t, lb, extent, &newtype)` |

The markers are rewritten automatically for the usual MPI-1 pattern: a struct call
(`MPI_Type_struct` or `MPI_Type_create_struct`) whose count is written as a number and whose
block lengths, displacements and types are local arrays initialised with exactly that many
elements and named nowhere else, with one `MPI_UB` marker and at most one `MPI_LB` marker
displaced by constant expressions. The arrays lose the marker elements, and the call becomes a
struct of the remaining blocks into a temporary, `MPI_Type_create_resized(tmp, lb, ub - lb,
&newtype)` (lb, ub: the markers' displacements; lb 0 without an `MPI_LB` marker) and the
temporary's free:

```c
int          blocklens[3] = {1, 1, 1};                 int          blocklens[1] = {1};
MPI_Aint     disps[3] = {0, off, sizeof(struct cell)};  MPI_Aint     disps[1] = {off};
MPI_Datatype types[3] = {MPI_LB, MPI_DOUBLE, MPI_UB};   MPI_Datatype types[1] = {MPI_DOUBLE};
MPI_Type_struct(3, blocklens, disps, types, &t);        { MPI_Datatype t_unresized;
                                                          MPI_Type_create_struct(1, blocklens, disps, types, &t_unresized);
                                                          MPI_Type_create_resized(t_unresized, 0, sizeof(struct cell), &t);
                                                          MPI_Type_free(&t_unresized); }
```

The fix is offered only when the engine evaluates the rewritten type to the original's
typemap, bounds and extent under every MPI model; otherwise (displacements computed at run
time, only an `MPI_LB` marker, markers inside other types) the finding stays without a fix.

In Fortran the displacement, stride and address arguments of the replacements are
`INTEGER(KIND=MPI_ADDRESS_KIND)`: change the variables' declarations with the call (the fix is
marked unsafe there for that reason).
"#;

/// Removed functions whose replacement takes the same arguments (in C).
const RENAMES: &[(&str, &str)] = &[
    ("MPI_Type_hvector", "MPI_Type_create_hvector"),
    ("MPI_Type_hindexed", "MPI_Type_create_hindexed"),
    ("MPI_Type_struct", "MPI_Type_create_struct"),
    ("MPI_Address", "MPI_Get_address"),
];

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let marker_fixes: Vec<(Span, Fix)> = cx
        .sites
        .iter()
        .filter_map(|s| Some((s.span, bound_markers::fix(cx, s)?)))
        .collect();
    for site in cx.sites.iter().filter(|s| s.function.removed) {
        let mut d = removed_call(cx, site);
        // The markers' rewrite replaces the call too: it is the fix, not the rename.
        if let Some((_, fix)) = marker_fixes.iter().find(|(span, _)| *span == site.span) {
            d.fixes = vec![fix.clone()];
        }
        out.push(d);
    }
    let fixes: Vec<Fix> = marker_fixes.into_iter().map(|(_, f)| f).collect();
    marker_uses(cx, &fixes, out);
}

fn removed_call(cx: &Context<'_>, site: &CallSite<'_>) -> Diagnostic {
    let written = cx.text(site.name_span);
    let name = site.function.name;
    let rename = RENAMES.iter().find(|(old, _)| *old == name);
    let replacement = match rename {
        Some((_, new)) => in_case_of(written, new),
        None => in_case_of(written, "MPI_Type_get_extent"),
    };
    let mut d = cx.diagnostic(
        &RULE,
        site.name_span,
        format!("`{written}` was removed in MPI-3.0; use `{replacement}`"),
    );
    let applicability = match cx.language() {
        Language::C => Applicability::Safe,
        // The replacements take INTEGER(KIND=MPI_ADDRESS_KIND) where MPI-1 took INTEGER: the
        // rename alone is right only when those arguments already have that kind.
        Language::Fortran { .. } if address_arguments_fit(cx, site) => Applicability::Unsafe,
        Language::Fortran { .. } => {
            d.message.push_str(
                "; its displacement, stride and address arguments must become INTEGER(KIND=MPI_ADDRESS_KIND)",
            );
            Applicability::DisplayOnly
        }
    };
    if rename.is_some() {
        d.fixes.push(Fix {
            title: format!("Replace with `{replacement}`"),
            applicability,
            edits: vec![Edit::replace(site.name_span, replacement)],
        });
    } else if let Some(fix) = extent_fix(cx, site, &replacement, applicability) {
        d.fixes.push(fix);
    }
    d
}

/// True when every argument the replacement takes as an address-sized integer is a variable
/// declared with at least that size.
fn address_arguments_fit(cx: &Context<'_>, site: &CallSite<'_>) -> bool {
    let address_bytes = i128::from(cx.analysis.target.c(CType::MpiAint).size);
    site.function.params.iter().enumerate().all(|(i, role)| {
        let address = matches!(role, Role::Aint | Role::AintArray | Role::OutAint);
        !address
            || site.evaluations.iter().all(|c| {
                c.args
                    .get(i)
                    .and_then(|a| a.declared.as_ref())
                    .and_then(|ty| integer_bytes(ty, cx.analysis.target))
                    .is_some_and(|bytes| bytes >= address_bytes)
            })
    })
}

/// `MPI_Type_extent(t, &e)` and `MPI_Type_lb(t, &lb)` become `MPI_Type_get_extent` with a new
/// variable for the value the old call did not return, declared on the line before the call
/// when the call starts its line (a statement of its own).
fn extent_fix(
    cx: &Context<'_>,
    site: &CallSite<'_>,
    replacement: &str,
    applicability: Applicability,
) -> Option<Fix> {
    let (datatype, out) = (site.arg_span(0)?, site.arg_span(1)?);
    let out_text = cx.text(out).trim();
    let stem: String = out_text
        .trim_start_matches('&')
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '_' })
        .collect();
    let (indent, _) = cx.line_indent(site.span.start);
    let line_start = statement_line_start(cx.analysis.text(), site.span.start)?;
    let (fresh, args) = match site.function.name {
        "MPI_Type_extent" => {
            let lb = format!("{stem}_lb");
            let args = match cx.language() {
                Language::C => format!("{}, &{lb}, {out_text}", cx.text(datatype)),
                Language::Fortran { .. } => format!("{}, {lb}, {out_text}", cx.text(datatype)),
            };
            (lb, args)
        }
        "MPI_Type_lb" => {
            let extent = format!("{stem}_extent");
            let args = match cx.language() {
                Language::C => format!("{}, {out_text}, &{extent}", cx.text(datatype)),
                Language::Fortran { .. } => format!("{}, {out_text}, {extent}", cx.text(datatype)),
            };
            (extent, args)
        }
        _ => return None,
    };
    let declaration = match cx.language() {
        Language::C => format!("{indent}MPI_Aint {fresh};\n"),
        Language::Fortran { .. } => {
            // A declaration cannot follow executable statements in Fortran.
            return None;
        }
    };
    Some(Fix {
        title: format!("Replace with `{replacement}` and a new variable `{fresh}`"),
        applicability,
        edits: vec![
            Edit::insert(line_start, declaration),
            Edit::replace(
                Span::new(site.name_span.start, site.span.end),
                format!("{replacement}({args})"),
            ),
        ],
    })
}

/// The start of the line `offset` is on, when the call there begins its line and the previous
/// code line ends a statement or opens or closes a block (so a declaration may go between).
fn statement_line_start(text: &str, offset: usize) -> Option<usize> {
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    if !text[start..offset].trim().is_empty() {
        return None;
    }
    let before = text[..start].trim_end();
    let ends_statement = before.is_empty() || before.ends_with([';', '{', '}']);
    ends_statement.then_some(start)
}

/// `MPI_LB` and `MPI_UB` anywhere in the code; a marker in the type list of a struct whose
/// markers can be rewritten carries that rewrite (the edit that drops it from the list).
fn marker_uses(cx: &Context<'_>, marker_fixes: &[Fix], out: &mut Vec<Diagnostic>) {
    let program = &cx.analysis.program;
    let mut spans = Vec::new();
    let mut on_expr = |e: &crate::ir::Expr| {
        visit_expr(e, &mut |e| {
            if let ExprKind::Name(n) = &e.kind {
                if n.eq_ignore_ascii_case("MPI_LB") || n.eq_ignore_ascii_case("MPI_UB") {
                    spans.push(e.span);
                }
            }
        })
    };
    visit_stmt_exprs(&program.globals, &mut on_expr);
    for f in &program.functions {
        visit_stmt_exprs(&f.body, &mut on_expr);
    }
    spans.sort_by_key(|s| (s.start, s.end));
    spans.dedup();
    for span in spans {
        let written = cx.text(span);
        let resized = match cx.language() {
            Language::C => "MPI_Type_create_resized".to_owned(),
            Language::Fortran { .. } => in_case_of(written, "MPI_Type_create_resized"),
        };
        let mut d = cx.diagnostic(
            &RULE,
            span,
            format!("`{written}` was removed in MPI-3.0; set the bounds with `{resized}` instead"),
        );
        d.fixes.extend(
            marker_fixes
                .iter()
                .find(|f| {
                    f.edits
                        .iter()
                        .any(|e| e.span.start <= span.start && span.end <= e.span.end)
                })
                .cloned(),
        );
        out.push(d);
    }
}
