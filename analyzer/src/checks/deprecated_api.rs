use std::collections::{BTreeSet, HashSet};

use super::old_library::OldLibraryCode;
use super::{
    address_widening, bound_markers, c_edit, fortran_edit, in_case_of, CallSite, Context,
    Diagnostic, Rule, Scope, Severity,
};
use crate::fix::{Applicability, Edit, Fix};
use crate::ir::StmtKind;
use crate::source::{Language, Span};

pub(crate) static RULE: Rule = Rule {
    id: "deprecated-api",
    summary: "MPI-1 datatype API removed in MPI-3.0 (MPI_Type_struct, MPI_Address, MPI_UB, ...)",
    docs: DOCS,
    severity: Severity::Warning,
    scope: Scope::File,
    check,
};

const DOCS: &str = r#"## What it finds

Calls to the MPI-1 datatype functions that MPI-2.0 deprecated and MPI-3.0 removed:
`MPI_Type_hvector`, `MPI_Type_hindexed`, `MPI_Type_struct`, `MPI_Address`, `MPI_Type_extent`,
`MPI_Type_lb`, `MPI_Type_ub`, and the bound markers `MPI_LB` and `MPI_UB`.

Code that only libraries older than MPI-3.0 compile is not reported: a branch of `#if` on
`MPI_VERSION` that no MPI-3.0 library takes and an older one may (`#if MPI_VERSION < 2`, the
`#else` of `#if MPI_VERSION >= 3`) is where the removed API belongs, and no fix edits it.

## Why it is a bug

They are gone from the standard (MPI-4.1 §17.2, "Removed Interfaces"), and current libraries
follow it: Open MPI 4 and 5 no longer declare them unless built with MPI-1 compatibility, and
MPI_LB/MPI_UB fail to compile there; the Fortran `mpi_f08` module never had them. In Fortran the
MPI-1 versions take default-`INTEGER` displacements, which overflow beyond 2 GiB.

## Example

```c
MPI_Address(&p.x, &disp[1]);
MPI_Type_struct(3, blocklens, disp, types, &ptype);
MPI_Type_extent(ptype, &extent);
```

## Fix

The MPI-2 replacements take the same arguments in C:

| removed | replacement |
|---|---|
| `MPI_Type_hvector` | `MPI_Type_create_hvector` |
| `MPI_Type_hindexed` | `MPI_Type_create_hindexed` |
| `MPI_Type_struct` | `MPI_Type_create_struct` |
| `MPI_Address` | `MPI_Get_address` |
| `MPI_Type_extent(t, &e)` | `MPI_Type_get_extent(t, &lb, &e)` |
| `MPI_Type_lb(t, &lb)` | `MPI_Type_get_extent(t, &lb, &extent)` |
| `MPI_Type_ub(t, &ub)` | `MPI_Type_get_extent(t, &lb, &extent)`, `ub = lb + extent` |
| `MPI_LB`, `MPI_UB` markers | `MPI_Type_create_resized(t, lb, extent, &newtype)` |

The new variable of `MPI_Type_extent(t, &e)` and `MPI_Type_lb(t, &lb)` is `e_lb` (`lb_extent`),
numbered (`e_lb2`, `e_lb3`, ...) when a word of the file or a name its headers declare already
has that name, or another call's new variable took it: the declaration can neither clash with
a name nor hide one. In C it is declared on the line before the call, and a call that is the
body of an `if`, `else`, `for`, `while` or `do` without braces gets them.

The markers are rewritten automatically for the usual MPI-1 pattern: a struct call
(`MPI_Type_struct` or `MPI_Type_create_struct`) whose count is written as a number and whose
block lengths, displacements and types are local arrays initialised with exactly that many
elements and named nowhere else, with one `MPI_UB` marker and at most one `MPI_LB` marker
displaced by constant expressions. The arrays lose the marker elements, and the call becomes a
struct of the remaining blocks into a temporary, `MPI_Type_create_resized(tmp, lb, ub - lb,
&newtype)` (lb, ub: the markers' displacements; lb 0 without an `MPI_LB` marker) and the
temporary's free:

```c
int          blocklens[3] = {1, 1, 1};                 int          blocklens[1] = {1};
MPI_Aint     disps[3] = {0, off, sizeof(struct cell)};  MPI_Aint     disps[1] = {off};
MPI_Datatype types[3] = {MPI_LB, MPI_DOUBLE, MPI_UB};   MPI_Datatype types[1] = {MPI_DOUBLE};
MPI_Type_struct(3, blocklens, disps, types, &t);        { MPI_Datatype t_unresized;
                                                          MPI_Type_create_struct(1, blocklens, disps, types, &t_unresized);
                                                          MPI_Type_create_resized(t_unresized, 0, sizeof(struct cell), &t);
                                                          MPI_Type_free(&t_unresized); }
```

The fix is offered only when the engine evaluates the rewritten type to the original's
typemap, bounds and extent under every MPI model; otherwise (displacements computed at run
time, only an `MPI_LB` marker, markers inside other types) the finding stays without a fix.

In Fortran the displacement, stride and address arguments of the replacements are
`INTEGER(KIND=MPI_ADDRESS_KIND)` where MPI-1 took a default `INTEGER`. The fix renames the call
and redeclares the variables passed there with that kind, on a statement of their own after
their declaration and in its case (`integer(kind=MPI_ADDRESS_KIND)`,
`INTEGER(KIND=MPI_ADDRESS_KIND)`); the other removed calls passing one of them as an address
change with it, and the new variable of `MPI_TYPE_GET_EXTENT` is declared after the unit's
declarations:

```fortran
integer :: blocklens(2), types(2), disps(2), ptype     integer :: blocklens(2), types(2), ptype
                                                       integer(kind=MPI_ADDRESS_KIND) :: disps(2)
call MPI_ADDRESS(p%id, disps(2), ierr)                 call MPI_GET_ADDRESS(p%id, disps(2), ierr)
call MPI_TYPE_STRUCT(2, blocklens, disps, types, ...)  call MPI_TYPE_CREATE_STRUCT(2, blocklens, disps, types, ...)
```

A variable is redeclared only when it is a local of the program unit (no dummy argument,
function result or module variable), declared by an `INTEGER`, `INTEGER*n` or `INTEGER(n)`
statement alone on its line and without attributes, and every other mention of it in the unit
is an assignment, arithmetic, a comparison, a subscript or an address argument of an MPI call.
An argument written as arithmetic (`100*sizeofreal`) takes the widest kind of its operands: its
one default-integer variable is redeclared. When a variable is passed to any other procedure
(the program's own, an intrinsic, an MPI count or buffer), named in I/O or in a statement the
analysis does not follow (COMMON, EQUIVALENCE, NAMELIST, DIMENSION, SAVE, ...), in an internal
procedure, or the unit includes a file other than `mpif.h`, nothing is redeclared and the
finding only says what to change. `MPI_TYPE_UB` has no fix. In fixed form the code stays in
columns 7-72, counted as gfortran counts them (a tab in columns 1-6 reaches column 7): a
statement that the fix makes longer is continued in column 6. Declarations are only written where `MPI_ADDRESS_KIND` is visible: the unit, a
unit containing it or its module has `use mpi`, `use mpi_f08` or `include 'mpif.h'` (MPI
brought in through a module of the program's own is not followed, and the fix is not offered).
The fix is marked unsafe: the uses are judged from the unit's own text.

The marker rewrite works in Fortran for arrays filled before the call, at the unit's top level,
by one array constructor assignment (`types = (/ MPI_LB, MPI_REAL, MPI_UB /)`) or `DATA`
statement, or by one assignment per element on a line of its own (`TYPES(3) = MPI_UB`), each
array declared with its count in an `INTEGER` statement as above. The arrays are
redimensioned, the displacements declared `INTEGER(KIND=MPI_ADDRESS_KIND)`, the temporary
declared after the unit's declarations, and the bounds passed as address-kind values
(`8_MPI_ADDRESS_KIND`, `INT(ncell * 8, MPI_ADDRESS_KIND)`).
"#;

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let mut found = Vec::new();
    findings(cx, &mut found);
    // The old libraries' own code, and edits into it, stay as written.
    let old = OldLibraryCode::of(cx);
    for mut d in found.into_iter().filter(|d| !old.contains(d.span)) {
        d.fixes.retain(|f| !old.touched_by(f));
        out.push(d);
    }
}

fn findings(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let marker_fixes: Vec<(Span, Fix)> = match cx.analysis.evaluation.marker_structs {
        true => cx
            .sites
            .iter()
            .filter_map(|s| Some((s.span, bound_markers::fix(cx, s)?)))
            .collect(),
        false => Vec::new(),
    };
    let names = FreshNames::of(cx);
    for site in cx.sites.iter().filter(|s| s.function.removed.is_some()) {
        let mut d = removed_call(cx, site, &names);
        // The markers' rewrite replaces the call too: it is the fix, not the rename.
        if let Some((_, fix)) = marker_fixes.iter().find(|(span, _)| *span == site.span) {
            d.fixes = vec![fix.clone()];
        }
        out.push(d);
    }
    let fixes: Vec<Fix> = marker_fixes.into_iter().map(|(_, f)| f).collect();
    marker_uses(cx, &fixes, out);
}

fn removed_call(cx: &Context<'_>, site: &CallSite<'_>, names: &FreshNames) -> Diagnostic {
    let written = cx.written_name(site);
    let replacement = replacement(cx, site);
    let mut d = cx.diagnostic(
        &RULE,
        site.name_span,
        format!("`{written}` was removed in MPI-3.0; use `{replacement}`"),
    );
    match cx.language() {
        Language::C => d.fixes.extend(c_fix(cx, site, names)),
        Language::Fortran { .. } => match fortran_fix(cx, site, names) {
            Some(fix) => d.fixes.push(fix),
            None => {
                d.message.push_str(
                    "; its displacement, stride and address arguments must become INTEGER(KIND=MPI_ADDRESS_KIND)",
                );
                d.fixes.extend(renamed(site).map(|_| Fix {
                    title: format!("Replace with `{replacement}`"),
                    applicability: Applicability::DisplayOnly,
                    edits: vec![Edit::replace(site.name_span, replacement)],
                }));
            }
        },
    }
    d
}

/// The replacement of a removed function that takes the same arguments (in C).
fn renamed(site: &CallSite<'_>) -> Option<&'static str> {
    site.function
        .removed
        .filter(|r| r.same_arguments)
        .map(|r| r.replacement)
}

/// The MPI-2 function replacing a removed one, in the case the call is written in.
fn replacement(cx: &Context<'_>, site: &CallSite<'_>) -> String {
    let new = site
        .function
        .removed
        .map_or(site.function.name, |r| r.replacement);
    in_case_of(cx.written_name(site), new)
}

/// The edits that replace one removed call, and the new variable they need declared.
struct Rewrite {
    title: String,
    edits: Vec<Edit>,
    fresh: Option<String>,
}

fn rewrite(cx: &Context<'_>, site: &CallSite<'_>, names: &FreshNames) -> Option<Rewrite> {
    let replacement = replacement(cx, site);
    if renamed(site).is_some() {
        return Some(Rewrite {
            title: format!("Replace with `{replacement}`"),
            edits: vec![Edit::replace(site.name_span, replacement)],
            fresh: None,
        });
    }
    let fresh = names.of_call(site)?;
    let edit = extent_call(cx, site, &replacement, fresh)?;
    Some(Rewrite {
        title: format!("Replace with `{replacement}` and a new variable `{fresh}`"),
        edits: vec![edit],
        fresh: Some(fresh.to_owned()),
    })
}

/// In C the replacements take the same arguments; the new variable is declared on the line
/// before the call when the call is a statement starting its line (the body of a control
/// statement without braces gets them).
fn c_fix(cx: &Context<'_>, site: &CallSite<'_>, names: &FreshNames) -> Option<Fix> {
    let mut rewrite = rewrite(cx, site, names)?;
    if let Some(fresh) = &rewrite.fresh {
        let text = cx.analysis.text();
        let (indent, _) = cx.line_indent(site.span.start);
        let line_start = text[..site.span.start].rfind('\n').map_or(0, |i| i + 1);
        let scope = cx.function_at(site.span)?.span();
        let (place, start) = c_edit::statement_at(text, cx.c_code(), scope, site.span.start)?;
        if start != site.span.start || !text[line_start..start].trim().is_empty() {
            return None;
        }
        rewrite.edits.insert(
            0,
            Edit::insert(line_start, format!("{indent}MPI_Aint {fresh};\n")),
        );
        if let Some(open) = place.open() {
            // The call is the whole statement: the `}` goes after its `;`.
            let after_call = text[site.span.end..].trim_start();
            let semicolon = text.len() - after_call.len();
            if !after_call.starts_with(';') {
                return None;
            }
            rewrite.edits.insert(0, open);
            let end = c_edit::after_statement(text, semicolon)?;
            rewrite.edits.push(Edit::insert(end, place.close()));
        }
    }
    Some(Fix {
        title: rewrite.title,
        applicability: Applicability::Safe,
        edits: rewrite.edits,
    })
}

/// In Fortran the replacements take INTEGER(KIND=MPI_ADDRESS_KIND) where MPI-1 took INTEGER:
/// the variables passed there are redeclared with that kind when it is safe, with every
/// removed call passing them, and new variables are declared after the unit's declarations.
fn fortran_fix(cx: &Context<'_>, site: &CallSite<'_>, names: &FreshNames) -> Option<Fix> {
    let widening = address_widening::widening(cx, site)?;
    let function = cx.function_at(site.span)?;
    let mut edits = Vec::new();
    let mut fresh = BTreeSet::new();
    let mut title = None;
    for call in &widening.calls {
        let rewrite = rewrite(cx, call, names)?;
        title.get_or_insert(rewrite.title);
        fresh.extend(rewrite.fresh);
        edits.extend(fortran_edit::fit(cx, &rewrite.edits)?);
    }
    let mut title = title?;
    if (!widening.vars.is_empty() || !fresh.is_empty())
        && !fortran_edit::address_kind_visible(function)
    {
        return None;
    }
    let mut redeclarations = fortran_edit::Redeclarations::default();
    for (var, declaration) in &widening.vars {
        redeclarations.widen(declaration.clone(), var);
    }
    edits.extend(redeclarations.edits(cx)?);
    if !fresh.is_empty() {
        let at = fortran_edit::declarations_end(cx, function)?;
        let first_call = widening.calls.iter().map(|c| c.span.start).min()?;
        if at > first_call {
            return None;
        }
        let upper = fortran_edit::keywords_upper(cx, function);
        let names: Vec<&str> = fresh.iter().map(String::as_str).collect();
        let declaration = format!(
            "{} :: {}",
            fortran_edit::address_integer(upper),
            names.join(", ")
        );
        let (indent, _) = cx.line_indent(site.span.start);
        let fixed = fortran_edit::fixed(cx);
        edits.push(Edit::insert(
            at,
            fortran_edit::render(&[declaration], indent, fixed),
        ));
    }
    if !widening.vars.is_empty() {
        let vars: Vec<String> = widening
            .vars
            .iter()
            .map(|(v, _)| format!("`{v}`"))
            .collect();
        title.push_str(&format!(
            ", declaring {} INTEGER(KIND=MPI_ADDRESS_KIND)",
            vars.join(", ")
        ));
    }
    if widening.calls.len() > 1 {
        title.push_str(&format!(
            " (and the {} other removed calls passing them)",
            widening.calls.len() - 1
        ));
    }
    Some(Fix {
        title,
        applicability: Applicability::Unsafe,
        edits,
    })
}

/// `MPI_Type_extent(t, &e)` and `MPI_Type_lb(t, &lb)` become `MPI_Type_get_extent` with a new
/// variable, `fresh`, for the value the old call did not return.
fn extent_call(
    cx: &Context<'_>,
    site: &CallSite<'_>,
    replacement: &str,
    fresh: &str,
) -> Option<Edit> {
    let (datatype, out) = (site.arg_span(0)?, site.arg_span(1)?);
    let out_text = cx.text(out).trim();
    let (reference, ierror) = match cx.language() {
        Language::C => ("&", String::new()),
        Language::Fortran { .. } => ("", fortran_edit::ierror(cx, site)?),
    };
    let datatype = cx.text(datatype);
    let args = match site.function.name {
        "MPI_Type_extent" => format!("{datatype}, {reference}{fresh}, {out_text}{ierror}"),
        "MPI_Type_lb" => format!("{datatype}, {out_text}, {reference}{fresh}{ierror}"),
        _ => return None,
    };
    let call = Span::new(site.name_span.start, site.span.end);
    Some(Edit::replace(call, format!("{replacement}({args})")))
}

/// The new variable of each `MPI_Type_extent` and `MPI_Type_lb` call of a file: the name of the
/// variable it writes with `_lb` (`_extent`), numbered from 2 when that is taken: by any word
/// of the file or any name its headers declare (a declaration would clash with it or hide it),
/// or by the variable of an earlier call.
struct FreshNames(Vec<(Span, String)>);

impl FreshNames {
    fn of(cx: &Context<'_>) -> FreshNames {
        let calls: Vec<&CallSite<'_>> = cx
            .sites
            .iter()
            .filter(|s| matches!(s.function.name, "MPI_Type_extent" | "MPI_Type_lb"))
            .collect();
        if calls.is_empty() {
            return FreshNames(Vec::new());
        }
        // Fortran names are the same in any case.
        let fold = |name: &str| match cx.language() {
            Language::C => name.to_owned(),
            Language::Fortran { .. } => name.to_ascii_lowercase(),
        };
        let mut taken: HashSet<String> = program_names(cx).map(fold).collect();
        let mut names = Vec::new();
        for call in calls {
            let Some(out) = call.arg_span(1) else {
                continue;
            };
            let stem: String = cx
                .text(out)
                .trim()
                .trim_start_matches('&')
                .chars()
                .map(|c| if c.is_alphanumeric() { c } else { '_' })
                .collect();
            let suffix = match call.function.name {
                "MPI_Type_extent" => in_case_of(&stem, "_lb"),
                _ => in_case_of(&stem, "_extent"),
            };
            let Some(name) = (1usize..)
                .map(|n| match n {
                    1 => format!("{stem}{suffix}"),
                    n => format!("{stem}{suffix}{n}"),
                })
                .find(|name| !taken.contains(&fold(name)))
            else {
                continue;
            };
            taken.insert(fold(&name));
            names.push((call.span, name));
        }
        FreshNames(names)
    }

    fn of_call(&self, site: &CallSite<'_>) -> Option<&str> {
        self.0
            .iter()
            .find(|(span, _)| *span == site.span)
            .map(|(_, name)| name.as_str())
    }
}

/// Every word of the file, and the names its headers declare (macros, types, functions and
/// variables).
fn program_names<'a>(cx: &Context<'a>) -> impl Iterator<Item = &'a str> {
    let program = &cx.analysis.program;
    let words = cx
        .analysis
        .text()
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty());
    let globals = program.globals.iter().filter_map(|s| match &s.kind {
        StmtKind::Decl(d) => Some(d.name.as_str()),
        _ => None,
    });
    words
        .chain(program.macro_names.iter().map(String::as_str))
        .chain(program.typedefs.iter().map(|(name, _)| name.as_str()))
        .chain(program.functions.iter().map(|f| f.name()))
        .chain(globals)
}

/// `MPI_LB` and `MPI_UB` anywhere in the code; a marker in the type list of a struct whose
/// markers can be rewritten carries that rewrite (the edit that drops it from the list).
fn marker_uses(cx: &Context<'_>, marker_fixes: &[Fix], out: &mut Vec<Diagnostic>) {
    let mut spans = cx.expression_names().markers.clone();
    spans.sort_by_key(|(s, _)| (s.start, s.end));
    spans.dedup_by_key(|(s, _)| *s);
    for (span, name) in spans {
        let written = cx.text(span);
        let resized = match cx.language() {
            Language::C => "MPI_Type_create_resized".to_owned(),
            Language::Fortran { .. } => in_case_of(written, "MPI_Type_create_resized"),
        };
        // A macro's use stands where its expansion names the marker.
        let subject = if written == name {
            format!("`{written}`")
        } else {
            format!("`{name}` (in the expansion of `{written}`)")
        };
        let mut d = cx.diagnostic(
            &RULE,
            span,
            format!("{subject} was removed in MPI-3.0; set the bounds with `{resized}` instead"),
        );
        d.fixes.extend(
            marker_fixes
                .iter()
                .find(|f| {
                    f.edits
                        .iter()
                        .any(|e| e.span.start <= span.start && span.end <= e.span.end)
                })
                .cloned(),
        );
        out.push(d);
    }
}
