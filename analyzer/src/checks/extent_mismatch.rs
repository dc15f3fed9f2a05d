use super::{c_edit, fortran_edit, handle_text, in_case_of, messages, same_buffer};
use super::{Context, Diagnostic, Rule, Scope, Severity};
use crate::eval::Element;
use crate::fix::{Applicability, Edit, Fix};
use crate::ir::Ty;
use crate::source::Language;

pub(crate) static RULE: Rule = Rule {
    id: "extent-mismatch",
    summary: "a datatype describing one struct or array element whose extent differs from the element's size, used for several elements",
    docs: DOCS,
    severity: Severity::Error,
    scope: Scope::Roots,
    check,
};

const DOCS: &str = r#"## What it finds

A datatype whose data lies within one element of the buffer (one struct, one derived-type
value), used with a count greater than 1 on an array of such elements, while its extent is not
the element's size (nor a multiple of it, which would skip elements on purpose). A pointer
whose target the file does not show (a parameter of a routine nobody in the file calls) counts
by its type: `MPI_Send(recs, 16, t, ...)` with `record_t *recs` sends 16 records.

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

The fix writes this after the constructor, and puts braces around the two when the constructor
is the body of an `if`, `else`, `for`, `while` or `do` without braces.

In Fortran, take the extent from the addresses of two consecutive elements
(`MPI_Get_address(p(1), a1)`, `MPI_Get_address(p(2), a2)`, extent `a2 - a1`) or from
`storage_size(p(1)) / 8`. The fix does the former, in free and fixed form, with `use mpi`,
`mpif.h` or `use mpi_f08`: after the constructor it adds

```fortran
call MPI_GET_ADDRESS(cells(1), celltype_a1, ierr)
call MPI_GET_ADDRESS(cells(2), celltype_a2, ierr)
call MPI_TYPE_CREATE_RESIZED(celltype, 0_MPI_ADDRESS_KIND, celltype_a2 - celltype_a1, celltype_resized, ierr)
call MPI_TYPE_FREE(celltype, ierr)
celltype = celltype_resized
```

and declares `celltype_a1`, `celltype_a2` (`INTEGER(KIND=MPI_ADDRESS_KIND)`) and
`celltype_resized` after the unit's declarations. It is offered when the constructor and the
communication are in the same program unit, the buffer is a one-dimensional array with a
literal lower bound holding at least two elements, the constructor call is a statement on its
own line, the unit's declarations are recognised and `MPI_ADDRESS_KIND` is visible in it (the
unit, its host or its module has `use mpi`, `use mpi_f08` or `include 'mpif.h'`).
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
            d.fixes.extend(match cx.language() {
                Language::C => resize_fix(cx, site, m.datatype, element, s.lb),
                Language::Fortran { .. } => {
                    fortran_resize_fix(cx, site, m.datatype, same_buffer(site, m.buf), s.lb)
                }
            });
            out.push(d);
        }
    }
}

/// In Fortran: resize the type right after the constructor, to the distance between the
/// addresses of the first two elements of the array the communication uses.
fn fortran_resize_fix(
    cx: &Context<'_>,
    site: &super::CallSite<'_>,
    i: usize,
    buffer: Option<&crate::eval::Buffer>,
    lb: i128,
) -> Option<Fix> {
    let buffer = buffer?;
    let (Ty::Array(_, dims), Some(size)) =
        (buffer.declared.as_deref()?, buffer.element.as_ref()?.size)
    else {
        return None;
    };
    let [dim] = dims.as_slice() else {
        return None;
    };
    let first = match dim.lower.kind {
        crate::ir::ExprKind::Int(l) => l,
        _ => return None,
    };
    if buffer.offset != Some(0) || buffer.object_bytes? < 2 * size {
        return None;
    }
    let definition = definition_of(cx, site, i)?;
    let function = cx.function_at(definition.span)?;
    if cx.function_at(site.span).map(|f| f.span()) != Some(function.span()) {
        return None;
    }
    let constructor = cx
        .sites
        .iter()
        .find(|s| s.span == definition.span && s.function.name == definition.constructor.name)?;
    let ierr = fortran_edit::ierror(cx, constructor)?;
    let target = handle_text(cx.text(definition.target_span));
    if target.is_empty() || !target.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let text = cx.analysis.text();
    let (indent, line_end) = cx.line_indent(definition.span.start);
    let rest = text.get(definition.span.end..line_end)?.trim_start();
    let line_start = text[..definition.span.start]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    // The statement starts its line: `call` before the span, or as the span's first word.
    let before = text[line_start..definition.span.start].trim();
    let statement = before.eq_ignore_ascii_case("call")
        || (before.is_empty()
            && cx
                .text(definition.span)
                .to_ascii_lowercase()
                .starts_with("call"));
    if !(rest.is_empty() || rest.starts_with('!')) || !statement {
        return None;
    }
    let fixed = fortran_edit::fixed(cx);
    if fixed && indent.len() < 6 {
        return None;
    }
    let declarations = fortran_edit::declarations_end(cx, function)?;
    if !fortran_edit::address_kind_visible(function) {
        return None;
    }
    if declarations > definition.span.start {
        return None;
    }
    let (a1, a2, resized) = (
        format!("{target}_a1"),
        format!("{target}_a2"),
        format!("{target}_resized"),
    );
    if [&a1, &a2, &resized]
        .iter()
        .any(|n| fortran_edit::name_taken(cx, function, n))
    {
        return None;
    }
    let written = cx.written_name(constructor);
    let name = |c: &str| in_case_of(written, c);
    let f08 = fortran_edit::uses_f08(function);
    let handle = if f08 { "type(MPI_Datatype)" } else { "integer" };
    let array = &buffer.object;
    let call = name("call");
    let kind = name("MPI_ADDRESS_KIND");
    let declaration = fortran_edit::render(
        &[
            format!("{} :: {a1}, {a2}", name(&format!("integer(kind={kind})"))),
            format!("{} :: {resized}", name(handle)),
        ],
        indent,
        fixed,
    );
    let statements = fortran_edit::render(
        &[
            format!(
                "{call} {}({array}({first}), {a1}{ierr})",
                name("MPI_Get_address")
            ),
            format!(
                "{call} {}({array}({}), {a2}{ierr})",
                name("MPI_Get_address"),
                first + 1
            ),
            format!(
                "{call} {}({target}, {lb}_{kind}, {a2} - {a1}, {resized}{ierr})",
                name("MPI_Type_create_resized")
            ),
            format!("{call} {}({target}{ierr})", name("MPI_Type_free")),
            format!("{target} = {resized}"),
        ],
        indent,
        fixed,
    );
    let after = (line_end + 1).min(text.len());
    let statements = if after == line_end {
        format!("\n{statements}")
    } else {
        statements
    };
    Some(Fix {
        title: format!(
            "Resize `{target}` to the distance between {array}({first}) and {array}({})",
            first + 1
        ),
        applicability: Applicability::Unsafe,
        edits: vec![
            Edit::insert(declarations, declaration),
            Edit::insert(after, statements),
        ],
    })
}

/// The constructor call that defines the handle argument `i` of `site` names.
fn definition_of<'a>(
    cx: &Context<'a>,
    site: &super::CallSite<'_>,
    i: usize,
) -> Option<&'a crate::eval::TypeDefinition> {
    let handle = site
        .evaluations
        .iter()
        .find_map(|c| match c.args.get(i)?.value {
            crate::eval::ArgumentValue::Datatype { handle, .. } => Some(handle),
            _ => None,
        })?;
    cx.definition_of(handle)
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
    let definition = definition_of(cx, site, i)?;
    // Inside a statement macro's expansion the text is the macro's use.
    if cx.in_macro_use(definition.span) {
        return None;
    }
    let target = handle_text(cx.text(definition.target_span));
    let text = cx.analysis.text();
    let semicolon = definition.span.end + text[definition.span.end..].find(';')?;
    let line_end = c_edit::after_statement(text, semicolon)?;
    let (start_indent, _) = cx.line_indent(definition.span.start);
    // Resized only where constructed: in braces with it when it is a control statement's body.
    let scope = cx.function_at(definition.span)?.span();
    let (place, _) = c_edit::statement_at(text, cx.c_code(), scope, definition.span.start)?;
    let ty = spelling(&element.ty);
    let close = place.close();
    let insertion = format!(
        "\n{start_indent}{{\n{start_indent}    MPI_Datatype resized;\n{start_indent}    MPI_Type_create_resized({target}, {lb}, (MPI_Aint)sizeof({ty}), &resized);\n{start_indent}    MPI_Type_free(&{target});\n{start_indent}    {target} = resized;\n{start_indent}}}{close}"
    );
    let mut edits: Vec<Edit> = place.open().into_iter().collect();
    edits.push(Edit::insert(line_end, insertion));
    Some(Fix {
        title: format!("Resize `{target}` to sizeof({ty})"),
        applicability: Applicability::Unsafe,
        edits,
    })
}
