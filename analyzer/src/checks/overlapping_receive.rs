use super::{handle_text, messages, Context, Diagnostic, Rule, Scope, Severity};
use crate::dtype::{Api, Constructor, Engine};

pub(crate) static RULE: Rule = Rule {
    id: "overlapping-receive",
    summary: "a receive datatype whose entries overlap",
    docs: DOCS,
    severity: Severity::Error,
    scope: Scope::Roots,
    check,
};

const DOCS: &str = r#"## What it finds

A datatype used to receive data (a receive, the receive side of `MPI_Sendrecv`, a broadcast,
the result of a reduction or gather, `MPI_Unpack`, `MPI_Get`, a file read) whose typemap, over
the `count` elements received, names some byte twice.

## Why it is a bug

MPI-4.1 §3.2.2 / §5.1.11: the typemap of a receive must not specify overlapping entries ("a
datatype used in a receive operation ... should not contain overlapping entries"). Which value
ends up in such a byte is undefined; with element counts > 1, an extent smaller than the data
(for example a resized column type used with the wrong count) makes elements overwrite each
other.

## Example

```c
MPI_Type_vector(2, 2, 1, MPI_INT, &t);   /* blocks at ints 0-1 and 1-2 overlap */
MPI_Recv(buf, 1, t, ...);
```

## Fix

Receive into a type whose blocks are disjoint; overlapping types are only valid for sends.
"#;

/// Functions whose message triple `n` (0-based, in parameter order) is written by the call.
const RECEIVES: &[(&str, usize)] = &[
    ("MPI_Recv", 0),
    ("MPI_Irecv", 0),
    ("MPI_Recv_init", 0),
    ("MPI_Mrecv", 0),
    ("MPI_Imrecv", 0),
    ("MPI_Sendrecv", 1),
    ("MPI_Sendrecv_replace", 0),
    ("MPI_Bcast", 0),
    ("MPI_Ibcast", 0),
    ("MPI_Reduce", 0),
    ("MPI_Allreduce", 0),
    ("MPI_Scan", 0),
    ("MPI_Exscan", 0),
    ("MPI_Gather", 1),
    ("MPI_Scatter", 1),
    ("MPI_Allgather", 1),
    ("MPI_Alltoall", 1),
    ("MPI_Unpack", 0),
    ("MPI_Get", 0),
    ("MPI_File_read", 0),
    ("MPI_File_read_all", 0),
    ("MPI_File_read_at", 0),
    ("MPI_File_read_at_all", 0),
];

/// Work allowed for the walk over one message's typemap.
const BUDGET: u64 = 1 << 20;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let engine = Engine::new(cx.analysis.target);
    for site in &cx.sites {
        let Some(&(_, n)) = RECEIVES
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(site.function.name))
        else {
            continue;
        };
        let Some(m) = messages(site.function).get(n).copied() else {
            continue;
        };
        let (Some(count), Some(dt)) = (site.int(m.count), cx.datatype_at(site, m.datatype)) else {
            continue;
        };
        if count < 1 {
            continue;
        }
        let Ok(message) = engine.construct(
            &Constructor::Contiguous { count },
            Api::Standard,
            std::slice::from_ref(dt),
        ) else {
            continue;
        };
        if message.overlaps(cx.model(), BUDGET) != Some(true) {
            continue;
        }
        let Some(span) = site.arg_span(m.datatype) else {
            continue;
        };
        let within = if dt.overlaps(cx.model(), BUDGET) == Some(true) {
            "its entries overlap".to_owned()
        } else {
            format!(
                "its {count} elements overlap each other (extent {}, true extent {})",
                dt.summary(cx.model()).extent(),
                dt.summary(cx.model()).true_extent()
            )
        };
        out.push(cx.diagnostic(
            &RULE,
            span,
            format!(
                "`{}` receives into `{}`, but {within}",
                site.function.name,
                handle_text(cx.text(span))
            ),
        ));
    }
}
