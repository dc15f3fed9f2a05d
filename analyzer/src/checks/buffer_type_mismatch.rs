use super::scalar::{self, Scalar};
use super::{handle_text, messages, same_buffer, Context, Diagnostic, Rule, Scope, Severity};
use crate::ir::Ty;

pub(crate) static RULE: Rule = Rule {
    id: "buffer-type-mismatch",
    summary: "the buffer's element type differs from the datatype's basic types",
    docs: DOCS,
    severity: Severity::Error,
    scope: Scope::Roots,
    check,
};

const DOCS: &str = r#"## What it finds

A communication, packing or I/O call whose buffer is declared as an array of (or pointer to) a
scalar type — C `long`, `double`, `int32_t`, Fortran `real(8)`, `integer` — while the datatype's
typemap holds basic types of another class or size: `MPI_INT` on a `long` buffer,
`contiguous(2, MPI_INT)` on `long`, `MPI_FLOAT` on `double`, `MPI_REAL` on `real(kind=8)`.
`MPI_BYTE` and `MPI_PACKED` match any buffer; one-byte character and integer types match each
other. An integer buffer whose datatype has the same size but the other signedness
(`unsigned int` described by `MPI_INT`, `size_t` by `MPI_AINT`) is a warning: the bytes are the
same, but values past the signed range are read as negative numbers.

A complex buffer described by the reals of its kind (`2*n` `MPI_DOUBLE_PRECISION` on
`complex(8) :: c(n)`), or a real one by the complexes of twice its size, is not reported: a
complex is a pair of reals in memory (C11 6.2.5, Fortran's storage association), and FFT codes
send and reduce complex arrays so (a sum of pairs is the pair of the sums).

A buffer of raw storage says nothing about what it holds, and is not checked: a `char *`,
`unsigned char *` or `void *` pointer, or an array of `char`, `signed char` or `unsigned char`
(the C idiom for a byte buffer that a datatype describes).

## Why it is a bug

MPI-4.1 §3.3.1: the types of the buffer's entries must match the basic types of the datatype.
Otherwise a send transmits half-values and the wrong representation, and a receive writes
values the program then reads with another type. Heterogeneous-safe conversions make it worse:
the library converts the bytes to the wrong type.

## Example

```c
long counts[64];
MPI_Bcast(counts, 64, MPI_INT, 0, comm);     /* long is 8 bytes, MPI_INT 4 */
```

```fortran
real(8) :: u(100)
call MPI_Send(u, 100, MPI_REAL, 1, 0, comm, ierr)   ! MPI_REAL is real(4)
```

## Fix

Use the datatype of the declared type (`MPI_LONG`, `MPI_DOUBLE`, `MPI_DOUBLE_PRECISION` or
`MPI_REAL8`), or change the declaration.
"#;

/// Signature runs looked at per call.
const BUDGET: u64 = 1 << 16;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let target = cx.analysis.target;
    for site in &cx.sites {
        for m in messages(site.function) {
            let buffer = same_buffer(site, m.buf);
            let Some(element) = buffer.and_then(|b| b.element.as_ref()) else {
                continue;
            };
            // A member of a record (`&s.b`) as the buffer: past the member the datatype may
            // describe the record's next members, which the member's type says nothing about
            // (field-type-mismatch compares those); only the first run is the member's.
            let member_of_record = buffer
                .and_then(|b| b.declared.as_ref())
                .is_some_and(|d| matches!(**d, Ty::Named(_)))
                && !matches!(element.resolved, Ty::Named(_));
            let compared = if member_of_record { 1 } else { usize::MAX };
            let Some(size) = element.size else {
                continue;
            };
            let Some(declared) = scalar::of_type(&element.resolved, size) else {
                continue;
            };
            let Some(dt) = cx.datatype_at(site, m.datatype) else {
                continue;
            };
            let mut runs = dt.signature_runs(1).with_budget(BUDGET);
            let mut sign_only = None;
            let mismatch = runs.by_ref().take(compared).find_map(|run| {
                let basic: Scalar = scalar::of_basic(run.basic, target)?;
                if basic.differs_in_sign(declared) {
                    sign_only.get_or_insert(run.basic);
                }
                (!basic.same_storage(declared)).then_some(run.basic)
            });
            if runs.over_budget() {
                continue;
            }
            let (basic, severity, why) = match (mismatch, sign_only) {
                (Some(basic), _) => (basic, Severity::Error, ""),
                (None, Some(basic)) => {
                    (basic, Severity::Warning, ": they differ only in signedness")
                }
                (None, None) => continue,
            };
            let (Some(span), Some(type_span)) = (site.arg_span(m.buf), site.arg_span(m.datatype))
            else {
                continue;
            };
            let declared_name = cx.text(span).trim().to_owned();
            let mut d = cx.diagnostic(
                &RULE,
                span,
                format!(
                    "`{declared_name}` holds {} ({} each) but `{}` describes {} ({}){why}",
                    type_words(&element.ty),
                    bytes(size),
                    handle_text(cx.text(type_span)),
                    basic,
                    bytes(basic.basic_layout(target).map_or(0, |l| l.size).into())
                ),
            );
            d.severity = severity;
            out.push(d);
        }
    }
}

fn type_words(ty: &Ty) -> String {
    match ty {
        Ty::C(c) => format!("`{}`", c.spelling()),
        Ty::Named(n) => format!("`{n}`"),
        Ty::Fortran { ty, .. } => format!("`{}`", ty.keyword()),
        _ => "values".to_owned(),
    }
}

/// `1 byte`, `4 bytes`: a one-character element is common in Fortran.
fn bytes(n: i128) -> String {
    if n == 1 {
        "1 byte".to_owned()
    } else {
        format!("{n} bytes")
    }
}
