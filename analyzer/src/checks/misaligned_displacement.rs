use super::{Context, Diagnostic, Rule, Scope, Severity};
use crate::catalog::{ConstructorKind, Effect, Role};
use crate::eval::ArgumentValue;

pub(crate) static RULE: Rule = Rule {
    id: "misaligned-displacement",
    summary: "a byte displacement or stride that puts a basic type off its alignment",
    docs: DOCS,
    severity: Severity::Warning,
    scope: Scope::Roots,
    check,
};

const DOCS: &str = r#"## What it finds

`MPI_Type_create_hvector`, `MPI_Type_create_hindexed` and `MPI_Type_create_hindexed_block`
(and their MPI-1 and large-count forms) over a predefined basic type, with a byte stride or
displacement that is not a multiple of the type's alignment on the target: an `MPI_FLOAT`
every 3 bytes, an `MPI_DOUBLE` at byte 6.

## Why it is a bug

No C or Fortran object of that type can live at such an address, so the typemap does not
describe the program's data. Almost always the stride or displacement was given in elements
where these constructors take bytes (`MPI_Type_vector` takes elements; the `h` variants take
bytes), and the message mixes bytes of neighbouring values.

## Example

```c
MPI_Type_create_hvector(n, 1, 3, MPI_FLOAT, &every_third);   /* 3 bytes, not 3 floats */
```

## Fix

Multiply by the element size (`3 * sizeof(float)`), or use `MPI_Type_vector`, whose stride
counts elements.
"#;

/// Typemap entries looked at per datatype.
const BUDGET: u64 = 1 << 16;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let target = cx.analysis.target;
    for site in &cx.sites {
        if !matches!(
            site.function.effect,
            Effect::Construct(
                ConstructorKind::Hvector
                    | ConstructorKind::Hindexed
                    | ConstructorKind::HindexedBlock
            )
        ) {
            continue;
        }
        let Some(old) = site.function.roles().position(|r| r == Role::TypeIn) else {
            continue;
        };
        let basic_old = site.always(
            old,
            |v| matches!(v, ArgumentValue::Datatype { handle, .. } if !cx.is_derived(*handle)),
        );
        if !basic_old {
            continue;
        }
        let Some(Some(Ok(dt))) = cx.definition_at(site).map(|d| d.datatype.as_ref()) else {
            continue;
        };
        let mut walk = dt.typemap(cx.model()).with_budget(BUDGET);
        let misplaced = walk.by_ref().find(|e| {
            e.basic
                .basic_layout(target)
                .is_some_and(|l| l.align > 1 && e.disp % i128::from(l.align) != 0)
        });
        let Some(entry) = misplaced.filter(|_| !walk.over_budget()) else {
            continue;
        };
        let align = entry.basic.basic_layout(target).map_or(1, |l| l.align);
        out.push(cx.diagnostic(
            &RULE,
            site.span,
            format!(
                "`{}` puts `{}` at byte {}, which is not a multiple of its alignment {align}: byte strides and displacements count bytes, not elements",
                cx.written_name(site),
                entry.basic,
                entry.disp
            ),
        ));
    }
}
