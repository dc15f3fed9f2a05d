use super::{handle_text, CallSite, Context, Diagnostic, Rule, Scope, Severity};
use crate::catalog::Role;
use crate::dtype::MpiModel;
use crate::eval::ArgumentValue;
use crate::ir::Ty;

pub(crate) static RULE: Rule = Rule {
    id: "invalid-argument",
    summary: "arguments MPI rejects: negative counts, invalid constructor arguments, a predefined type freed, MPI_DATATYPE_NULL used",
    docs: DOCS,
    severity: Severity::Error,
    scope: Scope::Roots,
    check,
};

const DOCS: &str = r#"## What it finds

Datatype arguments that every evaluation of a call proves invalid:

- constructor arguments the MPI standard rejects (a negative count or block length, a subarray
  that does not fit its array, a darray grid that does not match the communicator size, a
  resized type whose bounds overflow `MPI_Aint`, values beyond the range of `int`, ...);
- `MPI_Type_free` of a predefined datatype (`MPI_INT`, `MPI_DOUBLE_PRECISION`, ..., and those
  `MPI_Type_create_f90_real`/`_complex`/`_integer` and `MPI_Type_match_size` return);
- `MPI_DATATYPE_NULL` passed where a datatype is needed. With a zero element count it is a
  warning (an error under `--mpi openmpi`, nothing under `--mpi mpich`): Open MPI rejects it
  with `MPI_ERR_TYPE`, MPICH accepts it, and the standard does not say;
- a negative element count in communication, packing or I/O;
- a null pointer (`NULL`, `0`) as the new-type argument of a constructor;
- in C, a variable that cannot hold a datatype handle where a datatype is read: a pointer
  (`void *`, `MPI_Datatype *`), a floating value, or an integer holding a number.

Arguments MPI ignores are not checked: the send count and type beside `MPI_IN_PLACE`, and the
arguments that only the root of `MPI_Gather`, `MPI_Scatter`, `MPI_Reduce`, ... reads, unless
the call shows that the process is the root (MPI-4.1 §6.5-§6.9: they are "significant only at
root").

## Why it is a bug

The call fails (`MPI_ERR_TYPE`, `MPI_ERR_COUNT`, `MPI_ERR_ARG`), which by default aborts the
job, and with `MPI_ERRORS_RETURN` leaves the output handle undefined. MPI-4.1 §2.5.1: of the
predefined objects, "the user must not free such objects"; MPICH and Open MPI both return an error for
`MPI_INT`, and for a type `MPI_Type_match_size` returned. The `MPI_Type_create_f90_*` types are
predefined as well (§19.2.5): Open MPI returns an error, MPICH frees them and aborts in
`MPI_Finalize`.

## Example

```c
MPI_Type_vector(-1, 1, n, MPI_DOUBLE, &column);   /* count must be >= 0 */
MPI_Type_free(&MPI_INT);
```

## Fix

Correct the argument; free only the datatypes the program created.
"#;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for d in cx.definitions() {
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
                        "`{}` is a predefined datatype{}: it must not be freed",
                        handle_text(cx.text(span)),
                        returned_by(cx, site, i)
                            .map_or_else(String::new, |f| format!(" (`{f}` returns one)"))
                    )
                }
                Role::TypeIn | Role::MessageType | Role::CommitType | Role::FreeType
                    if site.always(i, |v| {
                        matches!(v, ArgumentValue::Named(n) if n.eq_ignore_ascii_case("MPI_DATATYPE_NULL"))
                    }) =>
                {
                    let message = format!("`{}` receives `MPI_DATATYPE_NULL`", site.function.name);
                    if !zero_count_message(site, i) {
                        message
                    } else {
                        // MPICH accepts it, Open MPI does not; the standard does not say.
                        let mut d = match cx.model() {
                            MpiModel::Mpich => continue,
                            MpiModel::OpenMpi => cx.diagnostic(&RULE, span, message),
                            MpiModel::Standard => {
                                let mut d = cx.diagnostic(&RULE, span, message);
                                d.severity = Severity::Warning;
                                d
                            }
                        };
                        d.message.push_str(
                            " with a zero count: Open MPI rejects it (MPI_ERR_TYPE), MPICH accepts it",
                        );
                        out.push(d);
                        continue;
                    }
                }
                Role::Count if site.int(i).is_some_and(|n| n < 0) => format!(
                    "negative count {} in `{}`",
                    site.int(i).unwrap_or_default(),
                    site.function.name
                ),
                Role::NewType if site.int(i) == Some(0) => format!(
                    "`{}` writes the new datatype through a null pointer",
                    site.function.name
                ),
                Role::TypeIn | Role::MessageType
                    if site.always(i, |v| matches!(v, ArgumentValue::NotADatatype)) =>
                {
                    let declared = site
                        .evaluations
                        .first()
                        .and_then(|c| c.args.get(i)?.declared.as_deref())
                        .map_or_else(|| "?".to_owned(), c_spelling);
                    format!(
                        "`{}` is declared `{declared}`, not `MPI_Datatype`: `{}` reads a datatype handle there",
                        cx.text(span).trim(),
                        site.function.name
                    )
                }
                _ => continue,
            };
            out.push(cx.diagnostic(&RULE, span, message));
        }
    }
}

/// Whether argument `i` is the datatype of a message whose count every evaluation shows is 0.
fn zero_count_message(site: &CallSite<'_>, i: usize) -> bool {
    super::messages(site.function)
        .iter()
        .any(|m| m.datatype == i && site.int(m.count) == Some(0))
}

/// The call that returned the predefined datatype argument `i` holds, when every evaluation
/// has one such (`MPI_Type_create_f90_real`, `MPI_Type_match_size`).
fn returned_by(cx: &Context<'_>, site: &CallSite<'_>, i: usize) -> Option<&'static str> {
    let mut found = None;
    for v in site.values(i) {
        let Some(ArgumentValue::Datatype { handle, .. }) = v else {
            return None;
        };
        let d = cx.definition_of(*handle)?;
        match found {
            Some(f) if f != d.constructor.name => return None,
            _ => found = Some(d.constructor.name),
        }
    }
    found
}

/// A C type as written in a declaration (`void *`, `int`, `MPI_Datatype *`).
fn c_spelling(ty: &Ty) -> String {
    match ty {
        Ty::C(c) => c.spelling().to_owned(),
        Ty::Pointer(inner) => format!("{} *", c_spelling(inner)),
        Ty::Named(name) => name.clone(),
        Ty::Void => "void".to_owned(),
        Ty::MpiDatatype => "MPI_Datatype".to_owned(),
        _ => "?".to_owned(),
    }
}
