//! The `deprecated-api` rewrite of a struct whose type list holds `MPI_LB` / `MPI_UB` markers:
//! a struct of the remaining blocks, then `MPI_Type_create_resized` to the markers' bounds.
//!
//! Offered only for the literal pattern (count written as a number; block lengths,
//! displacements and types each a local array initialised with exactly `count` elements, named
//! nowhere else -- in Fortran filled by assignments before the call; marker displacements
//! written as constant expressions), and only when the engine evaluates the rewritten type to
//! the original's typemap, bounds and extent under every MPI model.

use super::{
    address_bytes, fortran_edit, handle_text, in_case_of, integer_bytes, CallSite, Context,
};
use crate::dtype::{Api, Constructor, Datatype, Engine, Marker, MpiModel, DEFAULT_BUDGET};
use crate::fix::{Applicability, Edit, Fix};
use crate::ir::Ty;
use crate::ir::{
    statements, visit_expr, visit_stmt_exprs, Decl, Expr, ExprKind, Function, Init, Stmt, StmtKind,
};
use crate::source::{Language, Span};

/// The struct constructor arguments: count, block lengths, displacements, types, new type.
const ARRAYS: [usize; 3] = [1, 2, 3];

/// An array the struct call reads: its declaration, its elements (as the call sees them) and
/// the edits that keep only the blocks that are no markers.
struct Array<'f> {
    decl: &'f Decl,
    items: Vec<&'f Expr>,
    edits: Vec<Edit>,
}

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
        .definition_at(site)
        .and_then(|d| d.datatype.as_ref()?.as_ref().ok())?;
    let plan = plan(cx, dt)?;
    let function = cx.function_at(site.span)?;
    let n = site.int(0)?;
    if i128::try_from(plan.count).ok()? != n || cx.text(site.arg_span(0)?).trim() != n.to_string() {
        return None;
    }
    let arrays = ARRAYS
        .iter()
        .map(|&i| match cx.language() {
            Language::C => c_array(cx, function, cx.text(site.arg_span(i)?).trim(), &plan.kept),
            Language::Fortran { .. } => fortran_array(cx, function, site, i, &plan.kept),
        })
        .collect::<Option<Vec<Array<'_>>>>()?;
    if arrays
        .iter()
        .any(|a| i128::try_from(a.items.len()).ok() != Some(n))
    {
        return None;
    }
    let mut edits: Vec<Edit> = arrays.iter().flat_map(|a| a.edits.clone()).collect();
    let displacement = |k: usize| -> Option<&str> {
        let e = arrays[1].items.get(k)?;
        constant(cx, function, e).then(|| cx.text(e.span).trim())
    };
    let ub = displacement(plan.ub)?;
    let lb = match plan.lb {
        Some(k) => displacement(k)?,
        None => "0",
    };
    match cx.language() {
        Language::C => {
            let extent = match lb {
                "0" => ub.to_owned(),
                _ => format!("(MPI_Aint)({ub}) - (MPI_Aint)({lb})"),
            };
            edits.push(c_call_edit(cx, site, plan.kept.len(), lb, &extent)?);
        }
        Language::Fortran { .. } => {
            edits.extend(fortran_edits(cx, function, site, &plan, &arrays, (lb, ub))?);
        }
    }
    Some(Fix {
        title: format!(
            "Replace the MPI_LB/MPI_UB markers with `{}`",
            in_case_of(cx.written_name(site), "MPI_Type_create_resized")
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

/// The declaration of a local C array `name` of `function` initialised with a positional list,
/// and the list's elements, when `function` names the array nowhere but in one place (the call).
fn local_list<'a>(function: &'a Function, name: &str) -> Option<(&'a Decl, Vec<&'a Expr>)> {
    let same = |n: &str| n == name;
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
    let Init::List(items) = decl.init.as_ref()? else {
        return None;
    };
    let list = items
        .iter()
        .map(|(designators, init)| match init {
            Init::Expr(e) if designators.is_empty() => Some(e),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    Some((decl, list))
}

fn find_decl<'a>(stmts: &'a [Stmt], same: &dyn Fn(&str) -> bool) -> Option<&'a Decl> {
    // Declarations in blocks, not inside branches or loops.
    statements(stmts)
        .entering(|k| matches!(k, StmtKind::Block(_)))
        .find_map(|(s, _)| match &s.kind {
            StmtKind::Decl(d) if same(&d.name) => Some(d),
            _ => None,
        })
}

/// The edit that keeps only the `kept` elements of a list.
fn shrink_list(cx: &Context<'_>, list: &[&Expr], kept: &[usize]) -> Option<Edit> {
    let text = cx.analysis.text();
    let (first, last) = (list.first()?, list.last()?);
    // Between two elements: a comma and blanks only (no comment that would be lost).
    let separated = list.windows(2).all(|w| {
        let between = text.get(w[0].span.end..w[1].span.start).unwrap_or("!");
        between.trim() == ","
    });
    let kept_text: Vec<&str> = kept
        .iter()
        .map(|&k| Some(cx.text(list.get(k)?.span).trim()))
        .collect::<Option<_>>()?;
    separated.then(|| {
        Edit::replace(
            Span::new(first.span.start, last.span.end),
            kept_text.join(", "),
        )
    })
}

/// A local array of C: its declaration, the elements of its initialiser and the edits that
/// keep only the `kept` ones (initialiser and dimension).
fn c_array<'f>(
    cx: &Context<'_>,
    function: &'f Function,
    name: &str,
    kept: &[usize],
) -> Option<Array<'f>> {
    let (decl, items) = local_list(function, name)?;
    let text = cx.analysis.text();
    let after_name = text.get(decl.name_span.end..)?;
    let dimension = after_name.trim_start();
    // `[]` and the like are not rewritten.
    let inner = dimension.strip_prefix('[')?;
    let end = inner.find(']')?;
    let start = decl.name_span.end + (after_name.len() - dimension.len()) + 1;
    if inner[..end].trim().parse::<usize>().ok()? != items.len() {
        return None;
    }
    let edits = vec![
        Edit::replace(Span::new(start, start + end), kept.len().to_string()),
        shrink_list(cx, &items, kept)?,
    ];
    Some(Array { decl, items, edits })
}

/// True when an expression's value cannot change between the declaration and the call: it
/// names no variable (literals, `sizeof`, `offsetof` and named constants only; C code is
/// lowered from its expansion, so its macros are literals there).
fn constant(cx: &Context<'_>, function: &Function, e: &Expr) -> bool {
    let fortran = matches!(cx.language(), Language::Fortran { .. });
    let mut ok = true;
    visit_expr(e, &mut |e| match &e.kind {
        ExprKind::Name(n) | ExprKind::Call { callee: n, .. } => {
            ok &= fortran && find_decl(&function.body, &|d| d == n).is_some_and(|d| d.constant);
        }
        ExprKind::IncDec { .. } | ExprKind::Unknown | ExprKind::Index { .. } => ok = false,
        ExprKind::Deref(_) | ExprKind::Member { .. } | ExprKind::AddrOf(_) => ok = false,
        _ => {}
    });
    ok
}

/// The parts of the rewritten calls: the arguments as written (block lengths, displacements,
/// types, new type), the temporary's name, and the struct, resize and free functions in the
/// case of the call.
fn parts<'a>(cx: &Context<'a>, site: &CallSite<'_>) -> Option<([&'a str; 4], String, [String; 3])> {
    let [Some(b), Some(d), Some(t), Some(new)] = [1, 2, 3, 4].map(|i| site.arg_span(i)) else {
        return None;
    };
    let args = [b, d, t, new].map(|s| cx.text(s).trim());
    let stem: String = handle_text(args[3])
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '_' })
        .collect();
    let written = cx.written_name(site);
    let functions = [
        "MPI_Type_create_struct",
        "MPI_Type_create_resized",
        "MPI_Type_free",
    ];
    Some((
        args,
        format!("{stem}{}", in_case_of(&stem, "_unresized")),
        functions.map(|f| in_case_of(written, f)),
    ))
}

/// The struct call, replaced by a struct of the kept blocks into a temporary, resized into the
/// original new type, and the temporary freed. The call must be a statement on its own line.
fn c_call_edit(
    cx: &Context<'_>,
    site: &CallSite<'_>,
    kept: usize,
    lb: &str,
    extent: &str,
) -> Option<Edit> {
    let text = cx.analysis.text();
    let (indent, _) = cx.line_indent(site.span.start);
    let line_start = text[..site.span.start].rfind('\n').map_or(0, |i| i + 1);
    if !text[line_start..site.span.start].trim().is_empty() {
        return None;
    }
    let semicolon = site.span.end + text[site.span.end..].find(';')?;
    if !text[site.span.end..semicolon].trim().is_empty() {
        return None;
    }
    let ([b, d, t, new], tmp, [create, resized, free]) = parts(cx, site)?;
    let code = format!(
        "{{\n{indent}    MPI_Datatype {tmp};\n{indent}    {create}({kept}, {b}, {d}, {t}, &{tmp});\n{indent}    {resized}({tmp}, {lb}, {extent}, {new});\n{indent}    {free}(&{tmp});\n{indent}}}"
    );
    Some(Edit::replace(
        Span::new(site.span.start, semicolon + 1),
        code,
    ))
}

/// A Fortran array the struct call reads: its declaration, its elements and the edits that
/// keep only the `kept` ones. It is a local of the unit, filled before the call and at the
/// unit's top level by one assignment of an array constructor (or one `DATA` statement), or by
/// one assignment of each element `a(k) = ...` on a line of its own, and named nowhere else.
fn fortran_array<'f>(
    cx: &Context<'_>,
    function: &'f Function,
    site: &CallSite<'_>,
    i: usize,
    kept: &[usize],
) -> Option<Array<'f>> {
    let argument = site.arg_span(i)?;
    let name = cx.text(argument).trim().to_ascii_lowercase();
    let decl = find_decl(&function.body, &|n| n == name)?;
    let Ty::Array(_, dims) = &decl.ty else {
        return None;
    };
    if decl.constant
        || decl.init.is_some()
        || !matches!(dims.as_slice(), [d] if matches!(d.lower.kind, ExprKind::Int(1)))
    {
        return None;
    }
    let mut seen = vec![decl.name_span.start, argument.start];
    let mut whole = None;
    let mut elements = Vec::new();
    for stmt in &function.body {
        let StmtKind::Assign { target, value } = &stmt.kind else {
            continue;
        };
        let (root, index) = match &target.kind {
            ExprKind::Name(n) => (n, None),
            ExprKind::Index { base, indices } => match (&base.kind, indices.as_slice()) {
                (ExprKind::Name(n), [i]) => (n, Some(i)),
                _ => continue,
            },
            _ => continue,
        };
        if *root != name {
            continue;
        }
        if stmt.span.end > site.span.start {
            return None;
        }
        seen.push(target.span.start);
        match (index, &value.kind) {
            (None, ExprKind::ArrayCtor(items)) if whole.is_none() => whole = Some(items),
            (Some(i), _) => elements.push((stmt.span, i, value)),
            _ => return None,
        }
    }
    if !fortran_edit::mentioned_only_at(cx, function, &name, &seen) {
        return None;
    }
    match (whole, elements.is_empty()) {
        (Some(items), true) => {
            let items: Vec<&Expr> = items.iter().collect();
            let edits = vec![shrink_list(cx, &items, kept)?];
            Some(Array { decl, items, edits })
        }
        (None, false) => {
            // Each element once, `a(1)` to `a(n)` in any order.
            elements.sort_by_key(|(_, i, _)| match i.kind {
                ExprKind::Int(k) => k,
                _ => 0,
            });
            let mut edits = Vec::new();
            for (k, (span, index, _)) in elements.iter().enumerate() {
                if !matches!(index.kind, ExprKind::Int(i) if i128::try_from(k + 1).ok() == Some(i))
                {
                    return None;
                }
                match kept.iter().position(|&p| p == k) {
                    Some(p) if p == k => {}
                    Some(p) => edits.push(Edit::replace(index.span, (p + 1).to_string())),
                    None => {
                        let (start, end) = fortran_edit::own_line(cx, *span)?;
                        let text = cx.analysis.text();
                        edits.push(Edit::replace(
                            Span::new(start, (end + 1).min(text.len())),
                            "",
                        ));
                    }
                }
            }
            let items = elements.iter().map(|(_, _, v)| *v).collect();
            Some(Array { decl, items, edits })
        }
        _ => None,
    }
}

/// The Fortran struct call replaced by `MPI_TYPE_CREATE_STRUCT` of the kept blocks into a
/// temporary declared after the unit's declarations, resized to the markers' displacements `lb`
/// and `ub` (as written) and freed; the arrays redimensioned, the displacements declared
/// `INTEGER(KIND=MPI_ADDRESS_KIND)`. The call must be alone on its line.
fn fortran_edits(
    cx: &Context<'_>,
    function: &Function,
    site: &CallSite<'_>,
    plan: &Plan,
    arrays: &[Array<'_>],
    (lb, ub): (&str, &str),
) -> Option<Vec<Edit>> {
    let (line_start, _) = fortran_edit::own_line(cx, site.span)?;
    let at = fortran_edit::declarations_end(cx, function)?;
    if !fortran_edit::address_kind_visible(function) {
        return None;
    }
    let ierror = fortran_edit::ierror(cx, site)?;
    let ([b, d, t, new], tmp, [create, resized, free]) = parts(cx, site)?;
    if at > line_start || fortran_edit::name_taken(cx, function, &tmp) {
        return None;
    }
    let mut redeclarations = fortran_edit::Redeclarations::default();
    for (i, array) in arrays.iter().enumerate() {
        let declaration = fortran_edit::Declaration::integer_at(cx, array.decl.name_span)?;
        let name = cx.text(array.decl.name_span);
        // The displacements (`ARRAYS[1]`) take the address kind.
        if i == 1
            && integer_bytes(&array.decl.ty, cx.analysis.target)?
                < address_bytes(cx.analysis.target)
        {
            redeclarations.widen(declaration.clone(), name);
        }
        redeclarations.resize(declaration, name, plan.count, plan.kept.len());
    }
    let mut edits = redeclarations.edits(cx)?;
    let upper = fortran_edit::keywords_upper(cx, function);
    let (call, integer) = if upper {
        ("CALL", "INTEGER")
    } else {
        ("call", "integer")
    };
    let lb_value = fortran_edit::address_value(lb, upper);
    let extent = match lb {
        "0" => fortran_edit::address_value(ub, upper),
        _ => format!("{} - {lb_value}", fortran_edit::address_value(ub, upper)),
    };
    let kept = plan.kept.len();
    let (indent, _) = cx.line_indent(site.span.start);
    let fixed = fortran_edit::fixed(cx);
    let mut calls = fortran_edit::render(
        &[
            format!("{call} {create}({kept}, {b}, {d}, {t}, {tmp}{ierror})"),
            format!("{call} {resized}({tmp}, {lb_value}, {extent}, {new}{ierror})"),
            format!("{call} {free}({tmp}{ierror})"),
        ],
        indent,
        fixed,
    );
    calls.pop();
    edits.push(Edit::replace(Span::new(line_start, site.span.end), calls));
    edits.push(Edit::insert(
        at,
        fortran_edit::render(&[format!("{integer} :: {tmp}")], indent, fixed),
    ));
    Some(edits)
}
