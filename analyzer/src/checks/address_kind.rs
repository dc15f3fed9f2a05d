use super::{
    address_bytes, fortran_edit, integer_bytes, CallSite, Context, Diagnostic, Rule, Scope,
    Severity,
};
use crate::catalog::Role;
use crate::fix::{Applicability, Edit, Fix};
use crate::ir::Ty;
use crate::layout::FortranType;
use crate::source::{Language, Span};

const DEFAULT_INTEGER: Ty = Ty::Fortran {
    ty: FortranType::Integer,
    kind: None,
    len: None,
};

/// `32`, `-8`: digits with no kind parameter (`0_MPI_ADDRESS_KIND` has one).
fn is_plain_integer_literal(text: &str) -> bool {
    let digits = text.trim().trim_start_matches(['-', '+']).trim_start();
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

pub(crate) static RULE: Rule = Rule {
    id: "address-kind",
    summary: "Fortran: a displacement, stride or address argument that is not INTEGER(KIND=MPI_ADDRESS_KIND)",
    docs: DOCS,
    severity: Severity::Error,
    scope: Scope::Roots,
    check,
};

const DOCS: &str = r#"## What it finds

In Fortran, a variable or a literal without a kind passed where MPI expects an address-sized
integer — the byte stride of
`MPI_TYPE_CREATE_HVECTOR`, the displacements of `MPI_TYPE_CREATE_HINDEXED` and
`MPI_TYPE_CREATE_STRUCT`, the lower bound and extent of `MPI_TYPE_CREATE_RESIZED`, the outputs
of `MPI_GET_ADDRESS` and `MPI_TYPE_GET_EXTENT` — declared as a default `INTEGER` (or any kind
narrower than `MPI_ADDRESS_KIND`); a literal such as the `0` of
`MPI_TYPE_CREATE_RESIZED(t, 0, extent, ...)` is a default `INTEGER` too. The MPI-1 functions removed in MPI-3.0, which did take
default integers, are `deprecated-api`'s business, not this rule's.

## Why it is a bug

MPI-4.1 §19.1.2 (and §2.5.6): these arguments are `INTEGER(KIND=MPI_ADDRESS_KIND)`, 8 bytes on
64-bit targets. With `use mpi_f08` (and usually `use mpi`) a default `INTEGER` does not compile.
With `include 'mpif.h'` there is no interface: the compiler passes the address of a 4-byte
integer where MPI reads 8 bytes (garbage in the upper half), or MPI writes 8 bytes into 4
(overwriting the neighbouring variable). Addresses above 2 GiB do not fit at all.

## Example

```fortran
integer :: stride
stride = nx * ny * 4
call MPI_TYPE_CREATE_HVECTOR(nz, 1, stride, rowtype, planetype, ierr)
```

## Fix

Declare the variable `INTEGER(KIND=MPI_ADDRESS_KIND)`, and give a literal that kind (the
quick-fix does, where the unit sees `MPI_ADDRESS_KIND`):

```fortran
integer(kind=MPI_ADDRESS_KIND) :: stride
call MPI_TYPE_CREATE_RESIZED(t, 0_MPI_ADDRESS_KIND, extent, resized, ierr)
```
"#;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    if !matches!(cx.language(), Language::Fortran { .. }) {
        return;
    }
    let address_bytes = address_bytes(cx.analysis.target);
    for site in cx.sites.iter().filter(|s| s.function.removed.is_none()) {
        // The kindless literals of the call, which the fixes give their kind together.
        let literals: Vec<Span> = address_roles(site)
            .filter_map(|i| site.arg_span(i))
            .filter(|&span| is_plain_integer_literal(cx.text(span)))
            .collect();
        for i in address_roles(site) {
            let sizes: Option<Vec<i128>> = site
                .evaluations
                .iter()
                .map(|c| {
                    let arg = c.args.get(i)?;
                    match &arg.declared {
                        Some(declared) => integer_bytes(declared, cx.analysis.target),
                        // A literal without a kind (`0`, `32`) is a default INTEGER.
                        None if is_plain_integer_literal(cx.text(c.span_of(arg))) => {
                            integer_bytes(&DEFAULT_INTEGER, cx.analysis.target)
                        }
                        None => None,
                    }
                })
                .collect();
            let Some(bytes) = sizes.and_then(|s| s.into_iter().max()) else {
                continue;
            };
            let Some(span) = site.arg_span(i).filter(|_| bytes < address_bytes) else {
                continue;
            };
            let mut d = cx.diagnostic(
                &RULE,
                span,
                format!(
                    "`{}` is a {bytes}-byte INTEGER, but `{}` takes INTEGER(KIND=MPI_ADDRESS_KIND) ({address_bytes} bytes) here",
                    cx.text(span).trim(),
                    cx.written_name(site)
                ),
            );
            // A literal takes the kind where the unit sees MPI_ADDRESS_KIND.
            let function = cx
                .function_at(span)
                .filter(|f| fortran_edit::address_kind_visible(f));
            if let (Some(function), true) = (function, is_plain_integer_literal(cx.text(span))) {
                let upper = fortran_edit::keywords_upper(cx, function);
                let literal = fortran_edit::address_value(cx.text(span), upper);
                if fits_fixed_form(cx, span, &literals) {
                    d.fixes.push(Fix {
                        title: "Give the literal the kind MPI_ADDRESS_KIND".to_owned(),
                        applicability: Applicability::Safe,
                        edits: vec![Edit::replace(span, literal)],
                    });
                }
            }
            out.push(d);
        }
    }
}

/// The arguments of a call that take an address-sized integer.
fn address_roles<'s>(site: &'s CallSite<'_>) -> impl Iterator<Item = usize> + 's {
    site.function
        .roles()
        .enumerate()
        .filter(|(_, role)| matches!(role, Role::Aint | Role::AintArray | Role::OutAint))
        .map(|(i, _)| i)
}

/// Whether the line of `span` keeps its code within column 72 in fixed form (the compiler drops
/// what lies beyond) once the `literals` on it have their kind; a `!` comment does not count.
fn fits_fixed_form(cx: &Context<'_>, span: Span, literals: &[Span]) -> bool {
    if !fortran_edit::fixed(cx) {
        return true;
    }
    let text = cx.analysis.text();
    let start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let end = text[span.end..]
        .find('\n')
        .map_or(text.len(), |i| span.end + i);
    let growth: usize = literals
        .iter()
        .filter(|l| start <= l.start && l.end <= end)
        .map(|&l| fortran_edit::address_value(cx.text(l), true).len() - l.len())
        .sum();
    let mut quote = None;
    let code_end = text[start..end]
        .char_indices()
        .find(|&(_, c)| match (quote, c) {
            (None, '\'' | '"') => {
                quote = Some(c);
                false
            }
            (Some(q), c) if c == q => {
                quote = None;
                false
            }
            (None, '!') => true,
            _ => false,
        })
        .map_or(end, |(i, _)| start + i);
    let width = text[start..code_end].trim_end().chars().count();
    code_end >= span.end && width + growth <= 72
}
