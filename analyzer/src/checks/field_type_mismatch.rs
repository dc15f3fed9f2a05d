use super::fields::{misfits, Misfit, SiteMisfit};
use super::{handle_text, Context, Diagnostic, Rule, Scope, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "field-type-mismatch",
    summary: "a basic type or block length that does not match the struct field it covers",
    docs: DOCS,
    severity: Severity::Error,
    scope: Scope::Roots,
    check,
};

const DOCS: &str = r#"## What it finds

A message whose buffer holds a known struct (or `SEQUENCE`/`BIND(C)` derived type), sent or
received with a datatype whose entry sits at the start of a field element but has another type
(`MPI_INT` on a `double` field, `MPI_FLOAT` on `double`), or whose block runs past the end of
the field it starts in (three `MPI_DOUBLE` on `double x[2]`) into the next field.

## Why it is a bug

MPI converts and copies by the datatype's basic types. A wrong basic type transmits half a
value (or a value and a half); a block that is too long copies the next field under the wrong
type, and a receive overwrites it.

## Example

```c
struct particle { double pos[3]; double mass; int id; };
int          lens[3]  = {3, 1, 1};
MPI_Aint     disps[3] = {offsetof(struct particle, pos), offsetof(struct particle, mass),
                         offsetof(struct particle, id)};
MPI_Datatype types[3] = {MPI_DOUBLE, MPI_FLOAT, MPI_INT};   /* mass is a double */
```

## Fix

Use the MPI datatype of each field's declared type, and block lengths equal to the field's
number of elements.
"#;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for SiteMisfit { datatype, misfit } in misfits(cx) {
        let span = *datatype;
        let Misfit::FieldType {
            basic,
            at,
            field,
            field_type,
            ran_past,
        } = misfit
        else {
            continue;
        };
        let name = handle_text(cx.text(span));
        let message = match ran_past {
            Some(previous) => format!(
                "`{name}`: the block of `{basic}` over field `{previous}` runs past it into field `{field}` ({field_type}) at byte {at}"
            ),
            None => format!(
                "`{name}` places `{basic}` on field `{field}` ({field_type}) at byte {at}"
            ),
        };
        out.push(cx.diagnostic(&RULE, span, message));
    }
}
