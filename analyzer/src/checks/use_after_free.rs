use super::{handle_text, Context, Diagnostic, Rule, Scope, Severity};
use crate::catalog::Role;
use crate::eval::value::Tri;
use crate::eval::ArgumentValue;

pub(crate) static RULE: Rule = Rule {
    id: "use-after-free",
    summary: "a datatype handle used after `MPI_Type_free`",
    docs: DOCS,
    severity: Severity::Error,
    scope: Scope::Roots,
    check,
};

const DOCS: &str = r#"## What it finds

A datatype handle passed to any MPI call (communication, a constructor, a query, a commit or a
second `MPI_Type_free`) after `MPI_Type_free` released it, on every path that reaches the call.

## Why it is a bug

MPI-4.1 §5.1.10: `MPI_Type_free` marks the datatype for deallocation and sets the handle to
`MPI_DATATYPE_NULL`. Any later use passes `MPI_DATATYPE_NULL` (an invalid datatype: the call
fails with `MPI_ERR_TYPE`), or, through a copy of the handle, a datatype that may already be
gone.

## Example

```c
MPI_Type_commit(&row);
MPI_Type_free(&row);
MPI_Send(buf, 1, row, 1, 0, comm);   /* row is MPI_DATATYPE_NULL now */
```

## Fix

Free the type after its last use (communication that is still pending counts as a use: free
after `MPI_Wait`).
"#;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for site in &cx.sites {
        // One finding per handle and call: `MPI_Sendrecv(.., t, .., t, ..)` is one mistake.
        let mut reported = Vec::new();
        for (i, role) in site.function.roles().enumerate() {
            if !matches!(
                role,
                Role::TypeIn | Role::MessageType | Role::CommitType | Role::FreeType
            ) {
                continue;
            }
            let freed = site.always(i, |v| {
                matches!(v, ArgumentValue::Datatype { freed: Tri::Yes, handle, .. } if cx.is_derived(*handle))
            });
            let Some(span) = site.arg_span(i).filter(|_| freed) else {
                continue;
            };
            let name = handle_text(cx.text(span));
            if reported.contains(&name) {
                continue;
            }
            reported.push(name);
            let what = if role == Role::FreeType {
                "freed twice"
            } else {
                "used after it was freed"
            };
            out.push(cx.diagnostic(
                &RULE,
                span,
                format!("datatype `{name}` is {what} (in `{}`)", site.function.name),
            ));
        }
    }
}
