use super::{handle_text, Context, Diagnostic, Rule, Severity};
use crate::catalog::Role;
use crate::eval::ArgumentValue;

pub(crate) static RULE: Rule = Rule {
    id: "invalid-argument",
    summary: "arguments MPI rejects: negative counts, invalid constructor arguments, a predefined type freed, MPI_DATATYPE_NULL used",
    docs: DOCS,
    severity: Severity::Error,
    check,
};

const DOCS: &str = r#"## What it finds

Datatype arguments that every evaluation of a call proves invalid:

- constructor arguments the MPI standard rejects (a negative count or block length, a subarray
  that does not fit its array, a darray grid that does not match the communicator size, a
  resized type whose bounds overflow `MPI_Aint`, values beyond the range of `int`, ...);
- `MPI_Type_free` of a predefined datatype (`MPI_INT`, `MPI_DOUBLE_PRECISION`, ...);
- `MPI_DATATYPE_NULL` passed where a datatype is needed;
- a negative element count in communication, packing or I/O.

## Why it is a bug

The call fails (`MPI_ERR_TYPE`, `MPI_ERR_COUNT`, `MPI_ERR_ARG`), which by default aborts the
job, and with `MPI_ERRORS_RETURN` leaves the output handle undefined. MPI-4.1 §5.1.10:
freeing a predefined datatype is erroneous (MPICH and Open MPI both return an error).

## Example

```c
MPI_Type_vector(-1, 1, n, MPI_DOUBLE, &column);   /* count must be >= 0 */
MPI_Type_free(&MPI_INT);
```

## Fix

Correct the argument; free only the datatypes the program created.
"#;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for d in &cx.analysis.evaluation.definitions {
        if let Some(Err(e)) = &d.datatype {
            out.push(cx.diagnostic(
                &RULE,
                d.span,
                format!(
                        "invalid arguments to `{}`: {e}",
                        cx.text(d.span)
                            .split('(')
                            .next()
                            .unwrap_or(d.constructor.name)
                            .trim()
                    ),
            ));
        }
    }
    for site in &cx.sites {
        for (i, role) in site.function.roles().enumerate() {
            let Some(span) = site.arg_span(i) else {
                continue;
            };
            let message = match role {
                Role::FreeType
                    if site.always(i, |v| {
                        matches!(v, ArgumentValue::Datatype { handle, .. } if !cx.is_derived(*handle))
                    }) =>
                {
                    format!(
                        "`{}` is a predefined datatype: it must not be freed",
                        handle_text(cx.text(span))
                    )
                }
                Role::TypeIn | Role::MessageType | Role::CommitType | Role::FreeType
                    if site.always(i, |v| {
                        matches!(v, ArgumentValue::Named(n) if n.eq_ignore_ascii_case("MPI_DATATYPE_NULL"))
                    }) =>
                {
                    format!("`{}` receives `MPI_DATATYPE_NULL`", site.function.name)
                }
                Role::Count if site.int(i).is_some_and(|n| n < 0) => format!(
                    "negative count {} in `{}`",
                    site.int(i).unwrap_or_default(),
                    site.function.name
                ),
                _ => continue,
            };
            out.push(cx.diagnostic(&RULE, span, message));
        }
    }
}
