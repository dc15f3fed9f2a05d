//! The `deprecated-api` rewrite of a struct whose type list holds `MPI_LB` / `MPI_UB` markers:
//! a struct of the remaining blocks, then `MPI_Type_create_resized` to the markers' bounds.
//!
//! Offered only for the literal pattern (count written as a number; block lengths,
//! displacements and types each a local array initialised with exactly `count` elements, named
//! nowhere else; marker displacements written as constant expressions), and only when the
//! engine evaluates the rewritten type to the original's typemap, bounds and extent under every
//! MPI model.

use super::{handle_text, in_case_of, CallSite, Context};
use crate::dtype::{Api, Constructor, Datatype, Engine, Marker, MpiModel, DEFAULT_BUDGET};
use crate::fix::{Applicability, Edit, Fix};
use crate::ir::{visit_expr, visit_stmt_exprs, Decl, Expr, ExprKind, Function, Init, Stmt};
use crate::ir::{StmtKind, Ty};
use crate::source::{Language, Span};

/// The struct constructor arguments: count, block lengths, displacements, types, new type.
const ARRAYS: [usize; 3] = [1, 2, 3];

/// What the rewrite keeps and the bounds it sets.
struct Plan {
    /// Indices of the blocks that are not markers.
    kept: Vec<usize>,
    /// Displacement index of the `MPI_LB` marker (the lower bound is 0 when there is none).
    lb: Option<usize>,
    /// Displacement index of the `MPI_UB` marker.
    ub: usize,
    /// Number of blocks of the original struct.
    count: usize,
}

/// The fix for a struct call whose datatype has bound markers, when the pattern is recognised
/// and the rewrite is proven exact.
pub(crate) fn fix(cx: &Context<'_>, site: &CallSite<'_>) -> Option<Fix> {
    if !matches!(
        site.function.name,
        "MPI_Type_struct" | "MPI_Type_create_struct"
    ) {
        return None;
    }
    let dt = cx
        .analysis
        .evaluation
        .definitions
        .iter()
        .find(|d| d.span == site.span)
        .and_then(|d| d.datatype.as_ref()?.as_ref().ok())?;
    let plan = plan(cx, dt)?;
    let function = cx.function_at(site.span)?;
    let n = site.int(0)?;
    if i128::try_from(plan.count).ok()? != n || cx.text(site.arg_span(0)?).trim() != n.to_string() {
        return None;
    }
    let mut edits = Vec::new();
    let mut items: Vec<Vec<&Expr>> = Vec::new();
    for i in ARRAYS {
        let name = cx.text(site.arg_span(i)?).trim();
        let (decl, list) = local_list(cx, function, name)?;
        if i128::try_from(list.len()).ok()? != n {
            return None;
        }
        edits.extend(shrink(cx, decl, &list, &plan.kept)?);
        items.push(list);
    }
    let displacement = |k: usize| -> Option<&str> {
        let e = items.get(1)?.get(k)?;
        constant(cx, e).then(|| cx.text(e.span).trim())
    };
    let ub = displacement(plan.ub)?;
    let lb = match plan.lb {
        Some(k) => displacement(k)?,
        None => "0",
    };
    let extent = match (lb, cx.language()) {
        ("0", _) => ub.to_owned(),
        (_, Language::C) => format!("(MPI_Aint)({ub}) - (MPI_Aint)({lb})"),
        (_, Language::Fortran { .. }) => format!("({ub}) - ({lb})"),
    };
    edits.push(call_edit(cx, site, plan.kept.len(), lb, &extent)?);
    Some(Fix {
        title: format!(
            "Replace the MPI_LB/MPI_UB markers with `{}`",
            in_case_of(cx.text(site.name_span), "MPI_Type_create_resized")
        ),
        applicability: Applicability::Safe,
        edits,
    })
}

/// Which blocks are markers, when the rewrite without them is proven to give the same type.
fn plan(cx: &Context<'_>, dt: &Datatype) -> Option<Plan> {
    let blocks = dt.struct_blocks()?;
    let (mut lb, mut ub, mut kept) = (None, None, Vec::new());
    for (k, (blocklength, _, old)) in blocks.iter().enumerate() {
        match old.marker() {
            Some(m) if *blocklength >= 1 => {
                let slot = match m {
                    Marker::Lb => &mut lb,
                    Marker::Ub => &mut ub,
                };
                if slot.replace(k).is_some() {
                    return None;
                }
            }
            Some(_) => return None,
            None => kept.push(k),
        }
    }
    let ub = ub?;
    if kept.is_empty() {
        return None;
    }
    let disp = |k: usize| blocks.get(k).map(|b| b.1);
    let (lb_value, ub_value) = (lb.map_or(Some(0), disp)?, disp(ub)?);
    let engine = Engine::new(cx.analysis.target);
    let remaining = engine
        .construct(
            &Constructor::Struct {
                blocklengths: kept.iter().map(|&k| blocks[k].0).collect(),
                displacements: kept.iter().map(|&k| blocks[k].1).collect(),
            },
            Api::Standard,
            &kept
                .iter()
                .map(|&k| blocks[k].2.clone())
                .collect::<Vec<_>>(),
        )
        .ok()?;
    let resized = engine
        .construct(
            &Constructor::Resized {
                lb: lb_value,
                extent: ub_value.checked_sub(lb_value)?,
            },
            Api::Standard,
            &[remaining],
        )
        .ok()?;
    same_type(dt, &resized).then_some(Plan {
        kept,
        lb,
        ub,
        count: blocks.len(),
    })
}

/// True when two datatypes have the same typemap, bounds and extent under every MPI model.
pub(crate) fn same_type(a: &Datatype, b: &Datatype) -> bool {
    MpiModel::ALL.iter().all(|&model| {
        let (sa, sb) = (a.summary(model), b.summary(model));
        let bounds = |s: &crate::dtype::Summary| (s.size, s.lb, s.ub, s.true_lb, s.true_ub);
        if bounds(sa) != bounds(sb) || a.entry_count() != b.entry_count() {
            return false;
        }
        let (mut ta, mut tb) = (
            a.typemap(model).with_budget(DEFAULT_BUDGET),
            b.typemap(model).with_budget(DEFAULT_BUDGET),
        );
        let same = ta.by_ref().zip(tb.by_ref()).all(|(x, y)| x == y);
        same && !ta.over_budget() && !tb.over_budget() && ta.next().is_none() && tb.next().is_none()
    })
}

/// The declaration of a local array `name` of `function` initialised with a positional list,
/// and the list's elements, when `function` names the array nowhere but in one place (the call).
fn local_list<'a>(
    cx: &Context<'_>,
    function: &'a Function,
    name: &str,
) -> Option<(&'a Decl, Vec<&'a Expr>)> {
    let fortran = matches!(cx.language(), Language::Fortran { .. });
    let same = |n: &str| {
        if fortran {
            n.eq_ignore_ascii_case(name)
        } else {
            n == name
        }
    };
    let decl = find_decl(&function.body, &same)?;
    let mut uses = 0;
    visit_stmt_exprs(&function.body, &mut |e| {
        visit_expr(e, &mut |e| {
            if matches!(&e.kind, ExprKind::Name(n) if same(n)) {
                uses += 1;
            }
        })
    });
    if uses != 1 || function.params.iter().any(|p| same(&p.name)) {
        return None;
    }
    if !matches!(decl.ty, Ty::Array(_, ref dims) if dims.len() == 1) {
        return None;
    }
    let list = match decl.init.as_ref()? {
        Init::List(items) => items
            .iter()
            .map(|(designators, init)| match init {
                Init::Expr(e) if designators.is_empty() => Some(e),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?,
        Init::Expr(Expr {
            kind: ExprKind::ArrayCtor(items),
            ..
        }) => items.iter().collect(),
        Init::Expr(_) => return None,
    };
    Some((decl, list))
}

fn find_decl<'a>(stmts: &'a [Stmt], same: &dyn Fn(&str) -> bool) -> Option<&'a Decl> {
    stmts.iter().find_map(|s| match &s.kind {
        StmtKind::Decl(d) if same(&d.name) => Some(d),
        StmtKind::Block(b) => find_decl(b, same),
        _ => None,
    })
}

/// Edits that keep only the `kept` elements of an array's initialiser and its dimension.
fn shrink(cx: &Context<'_>, decl: &Decl, list: &[&Expr], kept: &[usize]) -> Option<Vec<Edit>> {
    let text = cx.analysis.text();
    let (first, last) = (list.first()?, list.last()?);
    // Between two elements: a comma and blanks only (no comment that would be lost).
    let separated = list.windows(2).all(|w| {
        let between = text.get(w[0].span.end..w[1].span.start).unwrap_or("!");
        between.trim() == ","
    });
    if !separated {
        return None;
    }
    let kept_text: Vec<&str> = kept
        .iter()
        .map(|&k| Some(cx.text(list.get(k)?.span).trim()))
        .collect::<Option<_>>()?;
    let (open, close) = match cx.language() {
        Language::C => ('[', ']'),
        Language::Fortran { .. } => ('(', ')'),
    };
    let after_name = text.get(decl.name_span.end..)?;
    let dimension = after_name.trim_start();
    let mut edits = Vec::new();
    if let Some(inner) = dimension.strip_prefix(open) {
        let end = inner.find(close)?;
        let written = inner[..end].trim();
        let start = decl.name_span.end + (after_name.len() - dimension.len()) + 1;
        if written.parse::<usize>().ok()? != list.len() {
            return None;
        }
        edits.push(Edit::replace(
            Span::new(start, start + end),
            kept.len().to_string(),
        ));
    } else {
        // `[]`, `DIMENSION(n)` and the like: not rewritten.
        return None;
    }
    edits.push(Edit::replace(
        Span::new(first.span.start, last.span.end),
        kept_text.join(", "),
    ));
    Some(edits)
}

/// True when an expression's value cannot change between the declaration and the call: it
/// names no variable (literals, `sizeof`, `offsetof`, macros and named constants only).
fn constant(cx: &Context<'_>, e: &Expr) -> bool {
    let program = &cx.analysis.program;
    let mut ok = true;
    visit_expr(e, &mut |e| match &e.kind {
        ExprKind::Name(n) | ExprKind::Call { callee: n, .. } => {
            ok &= program
                .macros
                .iter()
                .any(|m| m.name.eq_ignore_ascii_case(n))
        }
        ExprKind::IncDec { .. } | ExprKind::Unknown | ExprKind::Index { .. } => ok = false,
        ExprKind::Deref(_) | ExprKind::Member { .. } | ExprKind::AddrOf(_) => ok = false,
        _ => {}
    });
    ok
}

/// The struct call, replaced by a struct of the kept blocks into a temporary, resized into the
/// original new type, and the temporary freed. The call must be a statement on its own line.
fn call_edit(
    cx: &Context<'_>,
    site: &CallSite<'_>,
    kept: usize,
    lb: &str,
    extent: &str,
) -> Option<Edit> {
    let text = cx.analysis.text();
    let (indent, _) = cx.line_indent(site.span.start);
    let line_start = text[..site.span.start].rfind('\n').map_or(0, |i| i + 1);
    let args: Vec<&str> = (1..=4)
        .map(|i| Some(cx.text(site.arg_span(i)?).trim()))
        .collect::<Option<_>>()?;
    let stem: String = handle_text(args[3])
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '_' })
        .collect();
    let written = cx.text(site.name_span);
    let create = in_case_of(written, "MPI_Type_create_struct");
    let resized = in_case_of(written, "MPI_Type_create_resized");
    let free = in_case_of(written, "MPI_Type_free");
    match cx.language() {
        Language::C => {
            if !text[line_start..site.span.start].trim().is_empty() {
                return None;
            }
            let semicolon = site.span.end + text[site.span.end..].find(';')?;
            if !text[site.span.end..semicolon].trim().is_empty() {
                return None;
            }
            let tmp = format!("{stem}_unresized");
            let (b, d, t, new) = (args[0], args[1], args[2], args[3]);
            let code = format!(
                "{{\n{indent}    MPI_Datatype {tmp};\n{indent}    {create}({kept}, {b}, {d}, {t}, &{tmp});\n{indent}    {resized}({tmp}, {lb}, {extent}, {new});\n{indent}    {free}(&{tmp});\n{indent}}}"
            );
            Some(Edit::replace(
                Span::new(site.span.start, semicolon + 1),
                code,
            ))
        }
        Language::Fortran { .. } => None,
    }
}
