use super::{handle_text, messages, same_buffer, Context, Diagnostic, Rule, Scope, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "buffer-overflow",
    summary: "count x extent reaches outside a buffer of known size",
    docs: DOCS,
    severity: Severity::Error,
    scope: Scope::Roots,
    check,
};

const DOCS: &str = r#"## What it finds

A communication, packing or I/O call whose message — `count` elements of the datatype, element
`i` at `i * extent` from the buffer, each covering the type's true extent — reaches past the end
of the buffer's object (an array, a struct, a `malloc` block of known size), or before its
start (a negative lower bound).

## Why it is a bug

MPI reads (send) or writes (receive) exactly the bytes the typemap names. Past the object they
belong to other variables or to nothing: a send transmits garbage or faults, a receive
overwrites unrelated memory.

## Example

```c
double a[100];
MPI_Type_vector(10, 1, 10, MPI_DOUBLE, &column);   /* true extent 728 bytes */
MPI_Type_commit(&column);
MPI_Recv(&a[5], 1, column, ...);   /* a[5], a[15], ..., a[95]: fine */
MPI_Recv(&a[5], 2, column, ...);   /* element 1 starts at byte 768 and ends at 1496 */
```

## Fix

Correct the count, the type's stride or extent, or the buffer's size.
"#;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for site in &cx.sites {
        for m in messages(site.function) {
            let Some(count) = site.int(m.count).filter(|n| *n > 0) else {
                continue;
            };
            let Some(buffer) = same_buffer(site, m.buf) else {
                continue;
            };
            let (Some(offset), Some(bytes)) = (buffer.offset, buffer.object_bytes) else {
                continue;
            };
            let Some(dt) = cx.datatype_at(site, m.datatype) else {
                continue;
            };
            if dt.size() == 0 {
                continue;
            }
            let s = dt.summary(cx.model());
            let last = (count - 1) * s.extent();
            let first_byte = offset + s.true_lb + last.min(0);
            let end_byte = offset + s.true_ub + last.max(0);
            if first_byte >= 0 && end_byte <= bytes {
                continue;
            }
            let (Some(span), Some(type_span)) = (site.arg_span(m.buf), site.arg_span(m.datatype))
            else {
                continue;
            };
            let reach = if end_byte > bytes {
                format!(
                    "reaches byte {end_byte} of `{}`, which has {bytes} bytes",
                    buffer.object
                )
            } else {
                format!("starts {} bytes before `{}`", -first_byte, buffer.object)
            };
            out.push(cx.diagnostic(
                &RULE,
                span,
                format!(
                    "`{}` with {count} x `{}` (extent {}, true extent {}) {reach}",
                    site.function.name,
                    handle_text(cx.text(type_span)),
                    s.extent(),
                    s.true_extent()
                ),
            ));
        }
    }
}
