use super::{
    c_edit, fortran_edit, handle_text, in_case_of, CallSite, Context, Diagnostic, Rule, Scope,
    Severity,
};
use crate::catalog::Role;
use crate::eval::value::Tri;
use crate::eval::ArgumentValue;
use crate::fix::{Applicability, Edit, Fix};
use crate::source::{Language, Span};

pub(crate) static RULE: Rule = Rule {
    id: "missing-commit",
    summary: "a derived datatype used in communication, packing or I/O before it is committed",
    docs: DOCS,
    severity: Severity::Error,
    scope: Scope::Roots,
    check,
};

const DOCS: &str = r#"## What it finds

A derived datatype passed to a communication, packing, one-sided or I/O call (`MPI_Send`,
`MPI_Bcast`, `MPI_Pack`, `MPI_File_set_view`, ...) on a path where `MPI_Type_commit` has not
been called on it. The check is flow-sensitive: a commit after the use does not count. When
the type is committed on some paths only (for example inside an `if`), the finding is a
lower-severity warning that says so. A commit and a use under `if`s on the same condition, whose
variables nothing changes in between (`if (ok) MPI_Type_commit(&t); ... if (ok) MPI_Send(..., t,
...)`, or `if (rank != 0) return;` after the commit under `if (rank == 0)`), are on the same
paths: not a finding.

Queries (`MPI_Type_size`, `MPI_Type_get_extent`, ...) and using the type as the old type of
another constructor do not need a commit, and are not reported.

## Why it is a bug

MPI-4.1 §5.1.9: "A datatype object has to be committed before it can be used in a
communication." An uncommitted type is an invalid argument: MPICH aborts with
`Invalid datatype`, Open MPI returns `MPI_ERR_TYPE`, or the call silently misbehaves in
builds without argument checking.

## Example

```c
MPI_Type_vector(n, 1, n, MPI_DOUBLE, &column);
MPI_Send(a, 1, column, 1, 0, comm);   /* column was never committed */
```

## Fix

Commit the type right after constructing it:

```c
MPI_Type_vector(n, 1, n, MPI_DOUBLE, &column);
MPI_Type_commit(&column);
```

The fix writes the commit on the line after the constructor, and when the constructor is the
body of an `if`, `else`, `for`, `while` or `do` without braces, puts braces around the two
(after the body, the commit would run whether or not the constructor did).
"#;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for site in &cx.sites {
        // One finding per handle and call: `MPI_Sendrecv(.., t, .., t, ..)` is one mistake.
        let mut reported = Vec::new();
        for (i, role) in site.function.roles().enumerate() {
            if role != Role::MessageType {
                continue;
            }
            if let Some((name, d)) = finding(cx, site, i) {
                if !reported.contains(&name) {
                    reported.push(name);
                    out.push(d);
                }
            }
        }
    }
}

/// The finding on argument `i`, with the handle's name as written.
fn finding<'a>(cx: &Context<'a>, site: &CallSite<'_>, i: usize) -> Option<(&'a str, Diagnostic)> {
    let mut states = Vec::new();
    let mut handle = None;
    for v in site.values(i) {
        let Some(ArgumentValue::Datatype {
            handle: h,
            committed,
            ..
        }) = v
        else {
            return None;
        };
        if !cx.is_derived(*h) {
            return None;
        }
        handle.get_or_insert(*h);
        states.push(*committed);
    }
    let span = site.arg_span(i)?;
    let name = handle_text(cx.text(span));
    let never = states.iter().all(|s| *s == Tri::No);
    let (severity, message) = if never {
        (
            Severity::Error,
            format!(
                "datatype `{name}` is used in `{}` but is not committed",
                site.function.name
            ),
        )
    } else if states.iter().any(|s| *s != Tri::Yes) {
        (
            Severity::Warning,
            format!(
                "datatype `{name}` may be uncommitted when `{}` uses it: it is committed on some paths only",
                site.function.name
            ),
        )
    } else {
        return None;
    };
    let mut d = cx.diagnostic(&RULE, span, message);
    d.severity = severity;
    if never {
        d.fixes.extend(commit_fix(cx, handle?));
    }
    Some((name, d))
}

/// Inserts the commit on the line after the constructor call that made the handle.
fn commit_fix(cx: &Context<'_>, handle: usize) -> Option<Fix> {
    let definition = cx.definition_of(handle)?;
    // Inside a statement macro's expansion the text is the macro's use.
    if cx.in_macro_use(definition.span) {
        return None;
    }
    let target = handle_text(cx.text(definition.target_span));
    let call_text = cx.text(definition.span);
    let text = cx.analysis.text();
    let (indent, _) = cx.line_indent(definition.span.start);
    let mut edits = Vec::new();
    let insertion = match cx.language() {
        Language::C => {
            // After the `;` ending the constructor's statement, when it ends its line, and
            // with it in braces when it is the body of a control statement.
            let semicolon = definition.span.end + text[definition.span.end..].find(';')?;
            let line_end = c_edit::after_statement(text, semicolon)?;
            let scope = cx.function_at(definition.span)?.span();
            let (place, _) = c_edit::statement_at(text, cx.c_code(), scope, definition.span.start)?;
            edits.extend(place.open());
            // The commit takes the same `MPI_Datatype *` the constructor wrote through.
            let written = cx.text(definition.target_span).trim();
            let commit = in_case_of(call_text, "MPI_Type_commit");
            let close = place.close();
            (line_end, format!("\n{indent}{commit}({written});{close}"))
        }
        Language::Fortran { .. } => {
            let (_, end) = cx.line_indent(definition.span.end.saturating_sub(1));
            let commit = in_case_of(call_text, "MPI_Type_commit");
            let call = in_case_of(call_text, "call");
            let ierror = fortran_ierror(text, definition.target_span, definition.span);
            let args = match ierror {
                Some(e) => format!("{target}, {e}"),
                None => target.to_owned(),
            };
            let statement = format!("{call} {commit}({args})");
            let lines = fortran_edit::render(&[statement], indent, fortran_edit::fixed(cx));
            // After the constructor's line, before its line break.
            (end, format!("\n{}", lines.trim_end_matches('\n')))
        }
    };
    edits.push(Edit::insert(insertion.0, insertion.1));
    Some(Fix {
        title: format!("Commit `{target}` after it is constructed"),
        applicability: Applicability::Safe,
        edits,
    })
}

/// The `ierror` argument written after the new-type argument of a Fortran constructor call.
fn fortran_ierror(text: &str, target: Span, call: Span) -> Option<String> {
    let after = text.get(target.end..call.end)?;
    let after = after.trim_start().strip_prefix(',')?;
    let close = after.rfind(')')?;
    let ierror = after[..close].trim();
    (!ierror.is_empty() && !ierror.contains([',', '\n'])).then(|| ierror.to_owned())
}
