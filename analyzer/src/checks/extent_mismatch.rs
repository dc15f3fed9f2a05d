use super::{handle_text, messages, same_buffer, Context, Diagnostic, Rule, Severity};
use crate::eval::Element;
use crate::fix::{Applicability, Edit, Fix};
use crate::ir::Ty;
use crate::source::Language;

pub(crate) static RULE: Rule = Rule {
    id: "extent-mismatch",
    summary: "a datatype describing one struct or array element whose extent differs from the element's size, used for several elements",
    docs: DOCS,
    severity: Severity::Error,
    check,
};

const DOCS: &str = r#"## What it finds

A datatype whose data lies within one element of the buffer (one struct, one derived-type
value), used with a count greater than 1 on an array of such elements, while its extent is not
the element's size (nor a multiple of it, which would skip elements on purpose).

## Why it is a bug

MPI places element `i` of a message at `i * extent` bytes from the buffer (MPI-4.1 §5.1.2,
5.1.7). A struct type built from its fields ends at the last field: trailing padding is not
part of it, so its extent can be smaller than `sizeof` (and with MPI-1 `MPI_UB` markers or
`MPI_Type_create_resized` it can be anything). Then the second element is read from the wrong
place, and a receive scatters the data over the wrong bytes — silently.

## Example

```c
struct particle { double x, y, z; char kind; };          /* sizeof = 32 */
...
MPI_Type_create_struct(2, blocklens, disps, types, &ptype); /* extent 25 under MPICH */
MPI_Type_commit(&ptype);
MPI_Send(particles, 100, ptype, dest, 0, comm);           /* element 1 read at byte 25 */
```

## Fix

Resize the type to the element's size before committing it:

```c
MPI_Datatype tmp;
MPI_Type_create_resized(ptype, 0, sizeof(struct particle), &tmp);
MPI_Type_free(&ptype);
ptype = tmp;
```

In Fortran, take the extent from the addresses of two consecutive elements
(`MPI_Get_address(p(1), a1)`, `MPI_Get_address(p(2), a2)`, extent `a2 - a1`) or from
`storage_size(p(1)) / 8`.
"#;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for site in &cx.sites {
        for m in messages(site.function) {
            let Some(count) = site.int(m.count).filter(|n| *n > 1) else {
                continue;
            };
            let Some(element) = same_buffer(site, m.buf).and_then(|b| b.element.as_ref()) else {
                continue;
            };
            let (Some(size), Some(members)) = (element.size, &element.members) else {
                continue;
            };
            if members.is_empty() || size <= 0 {
                continue;
            }
            // A predefined type counts bytes or values, not elements of the struct.
            let Some(dt) = cx
                .datatype_at(site, m.datatype)
                .filter(|d| d.predefined().is_none())
            else {
                continue;
            };
            let s = dt.summary(cx.model());
            let within_one = dt.size() > 0 && s.true_lb >= 0 && s.true_ub <= size;
            let extent = s.extent();
            let skips_on_purpose = extent > 0 && extent % size == 0;
            if !within_one || extent == size || skips_on_purpose {
                continue;
            }
            let Some(span) = site.arg_span(m.datatype) else {
                continue;
            };
            let name = handle_text(cx.text(span));
            let ty = spelling(&element.ty);
            let mut d = cx.diagnostic(
                &RULE,
                span,
                format!(
                    "`{name}` describes one `{ty}` ({size} bytes) but its extent is {extent}: element 1 of the {count} in `{}` starts at byte {extent} instead of {size}",
                    site.function.name
                ),
            );
            let depends = dt.implementation_dependent();
            if !depends.is_empty() {
                d.message
                    .push_str(" (this extent is the MPI library's: see the type's hover)");
            }
            d.fixes
                .extend(resize_fix(cx, site, m.datatype, element, s.lb));
            out.push(d);
        }
    }
}

/// The C spelling of an element type (`struct particle`, `particle_t`, `double`).
fn spelling(ty: &Ty) -> String {
    match ty {
        Ty::Named(n) => n.clone(),
        Ty::C(c) => c.spelling().to_owned(),
        _ => "element".to_owned(),
    }
}

/// In C: resize the type right after the constructor that made it.
fn resize_fix(
    cx: &Context<'_>,
    site: &super::CallSite<'_>,
    i: usize,
    element: &Element,
    lb: i128,
) -> Option<Fix> {
    if cx.language() != Language::C || !matches!(element.ty, Ty::Named(_) | Ty::C(_)) {
        return None;
    }
    let handle = site
        .evaluations
        .iter()
        .find_map(|c| match c.args.get(i)?.value {
            crate::eval::ArgumentValue::Datatype { handle, .. } => Some(handle),
            _ => None,
        })?;
    let definition = cx
        .analysis
        .evaluation
        .definitions
        .iter()
        .find(|d| d.handles.contains(&handle))?;
    let target = handle_text(cx.text(definition.target_span));
    let text = cx.analysis.text();
    let semicolon = definition.span.end + text[definition.span.end..].find(';')?;
    let (_, line_end) = cx.line_indent(semicolon);
    let (start_indent, _) = cx.line_indent(definition.span.start);
    if !text[semicolon + 1..line_end].trim().is_empty() {
        return None;
    }
    let ty = spelling(&element.ty);
    let insertion = format!(
        "\n{start_indent}{{\n{start_indent}    MPI_Datatype resized;\n{start_indent}    MPI_Type_create_resized({target}, {lb}, (MPI_Aint)sizeof({ty}), &resized);\n{start_indent}    MPI_Type_free(&{target});\n{start_indent}    {target} = resized;\n{start_indent}}}"
    );
    Some(Fix {
        title: format!("Resize `{target}` to sizeof({ty})"),
        applicability: Applicability::Unsafe,
        edits: vec![Edit::insert(line_end, insertion)],
    })
}
