use super::{Context, Diagnostic, Rule, Severity};
use crate::catalog::{ConstructorKind, Effect};
use crate::eval::ArgumentValue;

pub(crate) static RULE: Rule = Rule {
    id: "count-mismatch",
    summary: "a constructor's count is larger than the arrays passed beside it",
    docs: DOCS,
    severity: Severity::Error,
    check,
};

const DOCS: &str = r#"## What it finds

A datatype constructor whose count (`count` of `MPI_Type_indexed`, `MPI_Type_create_struct`,
`MPI_Type_create_hindexed`, ..., `ndims` of `MPI_Type_create_subarray` and
`MPI_Type_create_darray`) is larger than the number of elements the array arguments beside it
have, on every evaluation of the call.

## Why it is a bug

MPI reads `count` entries from each array: the extra ones come from whatever memory follows
the array — typically the next array, so block lengths become displacements and datatypes
become garbage handles. A common source is a field added to a struct (and to the count) but not
to the arrays, or arrays sized with a stale macro.

## Example

```c
int          blocklens[2] = {1, 3};
MPI_Aint     disps[2];
MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};
MPI_Type_create_struct(3, blocklens, disps, types, &t);   /* arrays have 2 elements */
```

## Fix

Make the count match the arrays (or the arrays the count).
"#;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for site in &cx.sites {
        let Effect::Construct(kind) = site.function.effect else {
            continue;
        };
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
                    Some(ArgumentValue::Array { capacity: Some(c) }) => Some(*c),
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
