use std::collections::{HashMap, HashSet};

use super::{handle_text, CallSite, Context, Diagnostic, Rule, Scope, Severity};
use crate::dtype::{compare_signatures, SignatureComparison};
use crate::eval::ArgumentValue;
use crate::ir::{
    statements, visit_calls, visit_expr, visit_stmt_exprs, BinOp, Expr, ExprKind, PlacedFunction,
    Stmt, StmtKind,
};
use crate::source::Span;

pub(crate) static RULE: Rule = Rule {
    id: "signature-mismatch",
    summary: "send and receive signatures that cannot match, or a message longer than the receive",
    docs: DOCS,
    severity: Severity::Error,
    scope: Scope::File,
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
  `MPI_ANY_SOURCE`), with the same tag (or `MPI_ANY_TAG`) and communicator, when they can only
  match each other: no other call of the function that rank `B` may run may receive that
  message, no other call may send to that receive, and no function of the file that sends or
  receives is called there. Messages with one tag in successive rounds (a ping-pong of growing
  sizes) are matched in order at run time, which the analysis does not follow: they are not
  compared.

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
    let ranks = &cx.expression_names().ranks;
    for site in &cx.sites {
        if site.function.name == "MPI_Sendrecv" {
            sendrecv_to_self(cx, site, ranks, out);
        }
    }
    // Only a function with rank branches pairs its calls: the rest is made for those.
    let mut talking = None;
    let mut sites = None;
    for function in &cx.analysis.program.functions {
        let mut branches = Vec::new();
        // Most functions have none: their bodies are looked at where they were lowered, and
        // only the others are moved to where they are (`ir::PlacedFunction`).
        rank_branches(function.unmoved_body(), ranks, &mut branches);
        if branches.is_empty() {
            continue;
        }
        branches.clear();
        rank_branches(&function.body, ranks, &mut branches);
        let talking =
            talking.get_or_insert_with(|| communicating_functions(&cx.analysis.program.functions));
        let sites: &HashMap<(usize, usize), &CallSite<'_>> = sites.get_or_insert_with(|| {
            cx.sites
                .iter()
                .map(|s| ((s.span.start, s.span.end), s))
                .collect()
        });
        let calls = calls_of(&function.body, &branches);
        if calls.iter().any(|c| talking.contains(c.callee.as_str())) {
            // A helper that sends or receives may take the message.
            continue;
        }
        pairs(cx, sites, &branches, &calls, out);
    }
}

/// A call in a function: its callee (lower case), span, and the ranks that may run it (`None`:
/// any rank; `Some(r)`: only rank `r`, inside `if (rank == r)`).
struct Call {
    callee: String,
    span: Span,
    rank: Option<i128>,
    /// Inside rank branches that exclude each other: no rank runs it.
    never: bool,
}

impl Call {
    fn may_run_on(&self, rank: i128) -> bool {
        !self.never && self.rank.is_none_or(|r| r == rank)
    }
}

fn calls_of(body: &[Stmt], branches: &[Branch]) -> Vec<Call> {
    let mut calls = Vec::new();
    visit_stmt_exprs(body, &mut |e| {
        visit_expr(e, &mut |e| {
            if let ExprKind::Call { callee, .. } = &e.kind {
                let mut ranks = branches
                    .iter()
                    .filter(|b| b.calls.contains(&e.span))
                    .map(|b| b.rank);
                let rank = ranks.next();
                let never = ranks.any(|r| Some(r) != rank);
                calls.push(Call {
                    callee: callee.to_ascii_lowercase(),
                    span: e.span,
                    rank,
                    never,
                });
            }
        })
    });
    calls
}

/// The file's functions that send or receive, themselves or through the file's other functions
/// they call (lower case).
fn communicating_functions(functions: &[PlacedFunction]) -> HashSet<String> {
    let callees: Vec<(String, HashSet<String>)> = functions
        .iter()
        .map(|f| {
            let mut names = HashSet::new();
            visit_calls(f.unmoved_body(), &mut |callee| {
                names.insert(callee.to_ascii_lowercase());
            });
            (f.name().to_ascii_lowercase(), names)
        })
        .collect();
    let mut talking: HashSet<String> = HashSet::new();
    loop {
        let before = talking.len();
        for (name, names) in &callees {
            if names
                .iter()
                .any(|c| is_send_like(c) || is_recv_like(c) || talking.contains(c))
            {
                talking.insert(name.clone());
            }
        }
        if talking.len() == before {
            return talking;
        }
    }
}

fn is_send_like(callee: &str) -> bool {
    callee.contains("send")
}

fn is_recv_like(callee: &str) -> bool {
    callee.contains("recv")
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

/// Pairs each send in a rank branch with the receive that must take its message: the one call
/// of the function that may receive it, which no other call may have sent to.
fn pairs(
    cx: &Context<'_>,
    by_span: &HashMap<(usize, usize), &CallSite<'_>>,
    branches: &[Branch],
    calls: &[Call],
    out: &mut Vec<Diagnostic>,
) {
    let site = |c: &Call| by_span.get(&(c.span.start, c.span.end)).copied();
    for sender in branches {
        for send in sender
            .calls
            .iter()
            .filter_map(|s| by_span.get(&(s.start, s.end)).copied())
            .filter(|s| SENDS.contains(&s.function.name))
        {
            let (Some(dest), Some(tag)) = (send.int(PEER), send.int(TAG)) else {
                continue;
            };
            let receives: Vec<&Call> = calls
                .iter()
                .filter(|c| is_recv_like(&c.callee) && c.may_run_on(dest))
                .filter(|c| site(c).is_none_or(|r| may_receive(r, sender.rank, tag)))
                .collect();
            let [only] = receives.as_slice() else {
                continue;
            };
            let Some(recv) = site(only).filter(|r| RECVS.contains(&r.function.name)) else {
                continue;
            };
            if only.rank != Some(dest) || dest == sender.rank {
                continue;
            }
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
            let senders = calls
                .iter()
                .filter(|c| is_send_like(&c.callee))
                .filter(|c| match recv.int(PEER) {
                    Some(source) => c.may_run_on(source),
                    None => !c.never,
                })
                .filter(|c| site(c).is_none_or(|s| may_send(s, dest, recv)))
                .count();
            if source_ok && tag_ok && same_comm && senders == 1 {
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

/// Whether a receive-like call may take a message from `source` with `tag` (an argument not
/// known may be anything; a call without such a parameter may receive anything).
fn may_receive(r: &CallSite<'_>, source: i128, tag: i128) -> bool {
    let f = r.function;
    let source_at = f.position("source");
    let tag_at = f.position("recvtag").or(f.position("tag"));
    let may_be = |at: Option<usize>, value: i128| {
        at.is_none_or(|i| r.int(i).is_none_or(|v| v == value) && !r.always(i, is_proc_null))
    };
    may_be(source_at, source) && may_be(tag_at, tag)
}

/// Whether a send-like call may send to `dest` a message `recv` accepts.
fn may_send(s: &CallSite<'_>, dest: i128, recv: &CallSite<'_>) -> bool {
    let f = s.function;
    let dest_ok = f
        .position("dest")
        .is_none_or(|i| s.int(i).is_none_or(|v| v == dest) && !s.always(i, is_proc_null));
    let tag_ok = match (f.position("sendtag").or(f.position("tag")), recv.int(TAG)) {
        (Some(i), Some(tag)) => s.int(i).is_none_or(|v| v == tag),
        _ => true,
    };
    dest_ok && tag_ok
}

fn is_proc_null(v: &ArgumentValue) -> bool {
    matches!(v, ArgumentValue::Named("MPI_PROC_NULL"))
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
