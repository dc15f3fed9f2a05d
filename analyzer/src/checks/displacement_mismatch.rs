use super::fields::{misfits, Misfit, SiteMisfit};
use super::{handle_text, Context, Diagnostic, Rule, Scope, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "displacement-mismatch",
    summary:
        "datatype displacements that do not match the field offsets of the struct the buffer holds",
    docs: DOCS,
    severity: Severity::Error,
    scope: Scope::Roots,
    check,
};

const DOCS: &str = r#"## What it finds

A message whose buffer is an array of (or a pointer to) a known struct or `SEQUENCE`/`BIND(C)`
derived type, sent or received with a datatype one of whose entries starts in the struct's
padding or in the middle of a field, under the target ABI (`--target`; x86_64-linux-gnu by
default).

## Why it is a bug

The datatype tells MPI where the values are. Displacements computed by hand — sums of
`sizeof` that forget alignment padding, offsets from another version of the struct, a
32-bit layout on a 64-bit machine — make MPI send bytes of padding and halves of neighbouring
fields, and a receive scatters values over the wrong fields.

## Example

```c
struct cell { char tag; double value; int id; };   /* offsets 0, 8, 16; sizeof 24 */
MPI_Aint disps[3] = {0, sizeof(char), sizeof(char) + sizeof(double)};   /* 0, 1, 9 */
MPI_Type_create_struct(3, lens, disps, types, &cell_type);
MPI_Send(cells, n, cell_type, ...);   /* MPI_DOUBLE at byte 1: padding */
```

## Fix

Take displacements from `offsetof(struct cell, value)` (C) or from `MPI_Get_address` of the
fields minus the address of the struct (C and Fortran), then resize the type to
`sizeof(struct cell)`.
"#;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for SiteMisfit { datatype, misfit } in misfits(cx) {
        let span = *datatype;
        let Misfit::Displacement { basic, at, inside } = misfit else {
            continue;
        };
        let place = match inside {
            Some(field) => format!("inside field `{field}`"),
            None => "in padding between fields".to_owned(),
        };
        out.push(cx.diagnostic(
            &RULE,
            span,
            format!(
                "`{}` places `{basic}` at byte {at} of each element, {place}: its displacements do not match the struct's field offsets",
                handle_text(cx.text(span))
            ),
        ));
    }
}
