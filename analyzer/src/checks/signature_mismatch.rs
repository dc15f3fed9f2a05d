use std::collections::HashMap;

use super::{handle_text, CallSite, Context, Diagnostic, Rule, Severity};
use crate::dtype::{compare_signatures, SignatureComparison};
use crate::eval::ArgumentValue;
use crate::ir::{statements, visit_expr, visit_stmt_exprs, BinOp, Expr, ExprKind, Stmt, StmtKind};
use crate::source::Span;

pub(crate) static RULE: Rule = Rule {
    id: "signature-mismatch",
    summary: "send and receive signatures that cannot match, or a message longer than the receive",
    docs: DOCS,
    severity: Severity::Error,
    check,
};

const DOCS: &str = r#"## What it finds

Messages whose sender and receiver are both visible in the code, where the sequence of basic
types sent (count x the send type's signature) differs from the sequence the receive expects, or
is longer than the receive:

- `MPI_Sendrecv` to the calling process itself (destination and source both the rank
  `MPI_Comm_rank` returned), with equal tags;
- `MPI_Send`/`MPI_Isend`/`MPI_Ssend` in a branch `if (rank == A)` to destination `B`, and
  `MPI_Recv`/`MPI_Irecv` in a branch `if (rank == B)` of the same function from source `A` (or
  `MPI_ANY_SOURCE`), with the same tag (or `MPI_ANY_TAG`) and communicator.

Only the signatures are compared, as MPI does: `1 x contiguous(2, MPI_INT)` matches
`2 x MPI_INT`.

## Why it is a bug

MPI-4.1 §3.3.1: the type signature of the message must match the receive's (a shorter message
is allowed). A mismatch is undefined behaviour — most libraries copy the bytes regardless, so
the receiver reads doubles as longs — and a longer message is `MPI_ERR_TRUNCATE`.

## Example

```c
if (rank == 0) {
    MPI_Send(a, 4, MPI_DOUBLE, 1, 7, MPI_COMM_WORLD);
} else if (rank == 1) {
    MPI_Recv(b, 1, four_floats, 0, 7, MPI_COMM_WORLD, &st);   /* element 0: MPI_DOUBLE sent, MPI_FLOAT received */
}
```

## Fix

Make both sides describe the same sequence of basic types: same basic types, and a receive at
least as long as the message.
"#;

const SENDS: &[&str] = &[
    "MPI_Send",
    "MPI_Isend",
    "MPI_Ssend",
    "MPI_Issend",
    "MPI_Bsend",
    "MPI_Rsend",
];
const RECVS: &[&str] = &["MPI_Recv", "MPI_Irecv"];
/// Work allowed per signature comparison.
const BUDGET: u64 = 1 << 20;

/// Positions of a point-to-point call's arguments.
const BUF_COUNT: usize = 1;
const BUF_TYPE: usize = 2;
const PEER: usize = 3;
const TAG: usize = 4;
const COMM: usize = 5;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let ranks = rank_variables(cx);
    for site in &cx.sites {
        if site.function.name == "MPI_Sendrecv" {
            sendrecv_to_self(cx, site, &ranks, out);
        }
    }
    for function in &cx.analysis.program.functions {
        let mut branches = Vec::new();
        rank_branches(&function.body, &ranks, &mut branches);
        pairs(cx, &branches, out);
    }
}

/// The variables `MPI_Comm_rank` writes (lower case).
fn rank_variables(cx: &Context<'_>) -> Vec<String> {
    let program = &cx.analysis.program;
    let mut ranks = Vec::new();
    let mut on_expr = |e: &Expr| {
        visit_expr(e, &mut |e| {
            let ExprKind::Call { callee, args, .. } = &e.kind else {
                return;
            };
            if !callee.eq_ignore_ascii_case("MPI_Comm_rank") {
                return;
            }
            let target = match args.get(1).map(|a| &a.kind) {
                Some(ExprKind::AddrOf(inner)) => &inner.kind,
                Some(other) => other,
                None => return,
            };
            if let ExprKind::Name(n) = target {
                ranks.push(n.to_ascii_lowercase());
            }
        })
    };
    visit_stmt_exprs(&program.globals, &mut on_expr);
    for f in &program.functions {
        visit_stmt_exprs(&f.body, &mut on_expr);
    }
    ranks
}

fn sendrecv_to_self(
    cx: &Context<'_>,
    site: &CallSite<'_>,
    ranks: &[String],
    out: &mut Vec<Diagnostic>,
) {
    let text = |i: usize| {
        site.arg_span(i)
            .map(|s| cx.text(s).trim().to_ascii_lowercase())
    };
    let (Some(dest), Some(source)) = (text(3), text(8)) else {
        return;
    };
    if dest != source || !ranks.contains(&dest) {
        return;
    }
    let tags_match = site.int(4).is_some() && site.int(4) == site.int(9)
        || site.always(9, |v| matches!(v, ArgumentValue::Named("MPI_ANY_TAG")));
    if !tags_match {
        return;
    }
    compare(cx, (site, 1, 2), (site, 6, 7), out);
}

/// A branch taken by exactly one rank: the rank, and the calls in it.
struct Branch {
    rank: i128,
    calls: Vec<Span>,
}

/// Collects `if (rank == K)` branches (and `else if` chains) anywhere in the statements.
fn rank_branches(stmts: &[Stmt], ranks: &[String], out: &mut Vec<Branch>) {
    for (stmt, _) in statements(stmts) {
        let StmtKind::If { cond, then, .. } = &stmt.kind else {
            continue;
        };
        if let Some(rank) = rank_test(cond, ranks) {
            let mut calls = Vec::new();
            let mut on_expr = |e: &Expr| {
                visit_expr(e, &mut |e| {
                    if matches!(e.kind, ExprKind::Call { .. }) {
                        calls.push(e.span);
                    }
                })
            };
            visit_stmt_exprs(then, &mut on_expr);
            out.push(Branch { rank, calls });
        }
    }
}

/// `rank == K` or `K == rank` with a literal `K`.
fn rank_test(cond: &Expr, ranks: &[String]) -> Option<i128> {
    let ExprKind::Binary(BinOp::Eq, a, b) = &cond.kind else {
        return None;
    };
    let is_rank =
        |e: &Expr| matches!(&e.kind, ExprKind::Name(n) if ranks.contains(&n.to_ascii_lowercase()));
    match (&a.kind, &b.kind) {
        (_, ExprKind::Int(k)) if is_rank(a) => Some(*k),
        (ExprKind::Int(k), _) if is_rank(b) => Some(*k),
        _ => None,
    }
}

fn pairs(cx: &Context<'_>, branches: &[Branch], out: &mut Vec<Diagnostic>) {
    let by_span: HashMap<(usize, usize), &CallSite<'_>> = cx
        .sites
        .iter()
        .map(|s| ((s.span.start, s.span.end), s))
        .collect();
    let sites = |b: &Branch, names: &[&str]| -> Vec<&CallSite<'_>> {
        b.calls
            .iter()
            .filter_map(|s| by_span.get(&(s.start, s.end)).copied())
            .filter(|s| names.contains(&s.function.name))
            .collect()
    };
    for sender in branches {
        for send in sites(sender, SENDS) {
            let (Some(dest), Some(tag)) = (send.int(PEER), send.int(TAG)) else {
                continue;
            };
            for receiver in branches
                .iter()
                .filter(|b| b.rank == dest && b.rank != sender.rank)
            {
                for recv in sites(receiver, RECVS) {
                    let source_ok = recv.int(PEER) == Some(sender.rank)
                        || recv.always(PEER, |v| {
                            matches!(v, ArgumentValue::Named("MPI_ANY_SOURCE"))
                        });
                    let tag_ok = recv.int(TAG) == Some(tag)
                        || recv.always(TAG, |v| matches!(v, ArgumentValue::Named("MPI_ANY_TAG")));
                    let same_comm = match (send.arg_span(COMM), recv.arg_span(COMM)) {
                        (Some(a), Some(b)) => cx.text(a).trim() == cx.text(b).trim(),
                        _ => false,
                    };
                    if source_ok && tag_ok && same_comm {
                        compare(
                            cx,
                            (send, BUF_COUNT, BUF_TYPE),
                            (recv, BUF_COUNT, BUF_TYPE),
                            out,
                        );
                    }
                }
            }
        }
    }
}

/// Compares the message (site, count position, type position) with the receive.
fn compare(
    cx: &Context<'_>,
    sent: (&CallSite<'_>, usize, usize),
    received: (&CallSite<'_>, usize, usize),
    out: &mut Vec<Diagnostic>,
) {
    let (send, sc, st) = sent;
    let (recv, rc, rt) = received;
    let (Some(send_count), Some(recv_count)) = (send.int(sc), recv.int(rc)) else {
        return;
    };
    let (Some(send_type), Some(recv_type)) = (cx.datatype_at(send, st), cx.datatype_at(recv, rt))
    else {
        return;
    };
    let (Ok(send_count), Ok(recv_count)) = (u128::try_from(send_count), u128::try_from(recv_count))
    else {
        return;
    };
    let verdict = compare_signatures(send_type, send_count, recv_type, recv_count, BUDGET);
    let Some(span) = recv.arg_span(rt) else {
        return;
    };
    let sent_text = format!(
        "{send_count} x `{}`",
        handle_text(send.arg_span(st).map_or("", |s| cx.text(s)))
    );
    let recv_text = format!("{recv_count} x `{}`", handle_text(cx.text(span)));
    let message = match verdict {
        SignatureComparison::Mismatch { element, sent, received } => format!(
            "the message ({sent_text}) does not match the receive ({recv_text}): element {element}: `{sent}` sent, `{received}` received"
        ),
        SignatureComparison::Longer => format!(
            "the message ({sent_text}) is longer than the receive ({recv_text}): MPI_ERR_TRUNCATE"
        ),
        _ => return,
    };
    let mut d = cx.diagnostic(&RULE, span, message);
    if !std::ptr::eq(send, recv) {
        let (line, _) = cx.analysis.position(send.span.start);
        d.message.push_str(&format!(" (sent at line {line})"));
    }
    out.push(d);
}
