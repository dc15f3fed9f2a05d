//! What an editor shows of an analysis, as plain data: hovers rendered as Markdown, inlay hints,
//! the datatype handles a file defines, the definition of a handle, struct layouts, and the code
//! that builds an MPI datatype for a struct. Free of any editor protocol: the language server
//! converts these into its messages, and the CLI may render them as they are.

use std::fmt::Write;

use crate::analysis::{signature_text, Analysis};
use crate::catalog::Role;
use crate::checks::Diagnostic;
use crate::dtype::{Datatype, MpiModel, Partial, Predefined, Repr};
use crate::eval::value::{HandleId, Tri};
use crate::eval::{self, ArgumentValue, EvalOptions, TypeDefinition};
use crate::fix::Edit;
use crate::ir::{Aggregate, AggregateKind, FortranUnit, Ty};
use crate::source::{FortranForm, Language, Span};

mod generate;

pub use generate::{generate_datatype, GeneratedDatatype};

/// Width of the byte-layout picture, in characters.
const PICTURE_WIDTH: usize = 64;
/// Signature runs shown before "...".
const SIGNATURE_RUNS: usize = 8;
/// The values of an argument that differs between evaluations shown before "not known".
const SHOWN_VALUES: usize = 4;
/// Typemap entries shown at the start and at the end.
const TYPEMAP_HEAD: u128 = 3;
const TYPEMAP_TAIL: u128 = 2;

/// A hover: the range it is about and its Markdown text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hover {
    pub span: Span,
    pub markdown: String,
}

/// A hint shown in the text after `offset`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlayHint {
    pub offset: usize,
    pub label: String,
}

/// A datatype handle the file defines, at its constructor call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeSymbol {
    /// The handle as written.
    pub name: String,
    /// The constructor and the values, in one line.
    pub detail: String,
    /// The whole constructor call, and the handle's name in it (without a C `&`).
    pub span: Span,
    pub name_span: Span,
}

/// True when `offset` is in `span` or just after it (a cursor at the end of a word is on it).
fn touches(span: Span, offset: usize) -> bool {
    span.start <= offset && offset <= span.end
}

/// The smallest of the spans around `offset`, found by `span_of`.
fn innermost<'a, T>(
    items: impl IntoIterator<Item = &'a T>,
    offset: usize,
    span_of: impl Fn(&T) -> Span,
) -> Option<&'a T>
where
    T: 'a,
{
    items
        .into_iter()
        .filter(|item| touches(span_of(item), offset))
        .min_by_key(|item| span_of(item).len())
}

/// A datatype handle passed to an MPI call, with its state there joined over every evaluation
/// of the call that reached it.
struct HandleUse {
    span: Span,
    handles: Vec<HandleId>,
    committed: Tri,
    freed: Tri,
}

fn handle_use_at(analysis: &Analysis, offset: usize) -> Option<HandleUse> {
    let mut found: Option<HandleUse> = None;
    for call in analysis.evaluation.calls.iter() {
        for arg in call.args.iter() {
            let ArgumentValue::Datatype {
                handle,
                committed,
                freed,
            } = arg.value
            else {
                continue;
            };
            // The handle as written, without the `&` of a C output argument.
            let span = handle_span(analysis, call.span_of(arg));
            if !touches(span, offset) {
                continue;
            }
            match &mut found {
                Some(u) if u.span == span => {
                    if !u.handles.contains(&handle) {
                        u.handles.push(handle);
                    }
                    u.committed = u.committed.join(committed);
                    u.freed = u.freed.join(freed);
                }
                Some(u) if u.span.len() <= span.len() => {}
                _ => {
                    found = Some(HandleUse {
                        span,
                        handles: vec![handle],
                        committed,
                        freed,
                    })
                }
            }
        }
    }
    found
}

/// `span` without what surrounds the handle's name: blanks and a C `&`.
fn handle_span(analysis: &Analysis, span: Span) -> Span {
    let text = analysis.slice(span);
    let rest = text.trim_start_matches(|c: char| c == '&' || c.is_whitespace());
    let start = span.start + (text.len() - rest.len());
    Span::new(start, start + rest.trim_end().len())
}

const UNKNOWN_DATATYPE: &str =
    "The datatype is not known here (unknown arguments, or it differs between paths).";

/// What all of `handles` have alike of their datatypes, when they are known at least in part.
fn common_knowledge(analysis: &Analysis, handles: &[HandleId]) -> Option<Partial> {
    let of = |h: &HandleId| analysis.evaluation.handles.get(*h)?.knowledge();
    let (first, rest) = handles.split_first()?;
    rest.iter()
        .try_fold(of(first)?, |known, h| known.meet(&of(h)?))
}

/// The datatype all of `handles` stand for, when they agree on one.
fn common_datatype<'a>(analysis: &'a Analysis, handles: &[HandleId]) -> Option<&'a Datatype> {
    let mut found: Option<&Datatype> = None;
    for &h in handles {
        let Some(Ok(dt)) = &analysis.evaluation.handles.get(h)?.datatype else {
            return None;
        };
        match found {
            Some(f) if !f.same_as(dt) => return None,
            _ => found = Some(dt),
        }
    }
    found
}

fn tri_text(t: Tri) -> &'static str {
    match t {
        Tri::Yes => "yes",
        Tri::No => "no",
        Tri::Maybe => "on some paths",
    }
}

/// The 1-based line, in the text a hover is shown in, of a byte offset of the analysed text;
/// `None` where that text was edited since the analysis.
pub type LineOf<'a> = &'a dyn Fn(usize) -> Option<u32>;

/// The hover at `offset`: a datatype handle, a constructor call, a struct or derived type, an
/// MPI basic type; and the rule of every diagnostic whose range is there.
pub fn hover(analysis: &Analysis, diagnostics: &[Diagnostic], offset: usize) -> Option<Hover> {
    hover_in_edited_text(analysis, diagnostics, offset, &|at| {
        Some(analysis.position(at).0)
    })
}

/// [`hover`], shown in a text edited since the analysis: the lines it names are `line_of`'s.
pub fn hover_in_edited_text(
    analysis: &Analysis,
    diagnostics: &[Diagnostic],
    offset: usize,
    line_of: LineOf<'_>,
) -> Option<Hover> {
    let mut sections = Vec::new();
    let mut span = None;
    let definitions = &analysis.evaluation.definitions;
    if let Some(u) = handle_use_at(analysis, offset) {
        span = Some(u.span);
        sections.push(handle_hover(analysis, &u, line_of));
    } else if let Some(d) = innermost(definitions, offset, |d| d.span) {
        span = Some(d.span);
        sections.push(constructor_hover(analysis, d, line_of));
    } else if let Some(a) = innermost(&analysis.program.aggregates, offset, |a| a.name_span) {
        span = Some(a.name_span);
        sections.push(aggregate_hover(analysis, a));
    } else if let Some((name, a)) = typedef_at(analysis, offset) {
        span = Some(name);
        sections.push(aggregate_hover(analysis, a));
    }
    // The finding's own message is the editor's to show, next to the hover: the hover says
    // what the rule is about.
    for d in diagnostics.iter().filter(|d| touches(d.span, offset)) {
        span.get_or_insert(d.span);
        let section = format!(
            "**{}** ({}): {}",
            d.rule.id,
            d.severity.name(),
            d.rule.summary
        );
        if !sections.contains(&section) {
            sections.push(section);
        }
    }
    Some(Hover {
        span: span?,
        markdown: sections.join("\n\n---\n\n"),
    })
}

/// `line N`, or what stands for it where the line was edited since.
fn line_name(line_of: LineOf<'_>, offset: usize) -> String {
    match line_of(offset) {
        Some(line) => format!("line {line}"),
        None => "a line edited since".to_owned(),
    }
}

fn handle_hover(analysis: &Analysis, u: &HandleUse, line_of: LineOf<'_>) -> String {
    let name = analysis.slice(u.span).trim();
    let handles = &analysis.evaluation.handles;
    if let Some(p) = u.handles.iter().find_map(|&h| handles.get(h)?.predefined) {
        return basic_hover(analysis, p);
    }
    let mut out = format!(
        "**`{name}`**: committed here: {}, freed: {}",
        tri_text(u.committed),
        tri_text(u.freed)
    );
    let defined_at: Vec<Span> = u
        .handles
        .iter()
        .filter_map(|&h| analysis.evaluation.built_at(h))
        .collect();
    if let [first, ..] = defined_at.as_slice() {
        let _ = write!(out, " (defined on {})", line_name(line_of, first.start));
    }
    out.push_str("\n\n");
    match common_datatype(analysis, &u.handles) {
        Some(dt) => out.push_str(&datatype_markdown(analysis, dt)),
        None => {
            match common_knowledge(analysis, &u.handles) {
                Some(known) => out.push_str(partial_markdown(analysis, &known).trim_end()),
                None => out.push_str(UNKNOWN_DATATYPE),
            }
            if let [only] = defined_at.as_slice() {
                if defined_at.iter().all(|s| s == only) {
                    out.push_str(&known_arguments(analysis, *only));
                }
            }
        }
    }
    out
}

/// What is known of a constructor call whose datatype is not: the integer arguments every
/// evaluation agrees on, and the size and extent of the old type (those of one element), as a
/// paragraph; empty when nothing is.
fn known_arguments(analysis: &Analysis, call: Span) -> String {
    let calls: Vec<&eval::MpiCall> = analysis
        .evaluation
        .calls
        .iter()
        .filter(|c| c.span == call)
        .collect();
    let Some(first) = calls.first() else {
        return String::new();
    };
    let mut known = Vec::new();
    for (i, param) in first.function.params.iter().enumerate() {
        let values: Vec<&ArgumentValue> = calls
            .iter()
            .filter_map(|c| Some(&c.args.get(i)?.value))
            .collect();
        match param.role {
            Role::Int | Role::Aint => {
                known.push(format!("`{}` {}", param.name, integer_values(&values)));
            }
            Role::TypeIn => {
                let handles: Option<Vec<HandleId>> = values
                    .iter()
                    .map(|v| match v {
                        ArgumentValue::Datatype { handle, .. } => Some(*handle),
                        _ => None,
                    })
                    .collect();
                let old = handles
                    .as_deref()
                    .and_then(|h| common_datatype(analysis, h));
                let in_part = handles
                    .as_deref()
                    .and_then(|h| common_knowledge(analysis, h));
                known.push(match (old, in_part) {
                    (Some(dt), _) => format!(
                        "`{}` `{}`: size {}, extent {} per element",
                        param.name,
                        dt.describe(),
                        dt.size(),
                        dt.summary(analysis.model).extent()
                    ),
                    (None, Some(part)) => format!(
                        "`{}` known in part: {}",
                        param.name,
                        known_values(analysis, &part).0
                    ),
                    (None, None) => format!("`{}` not known", param.name),
                });
            }
            _ => {}
        }
    }
    if known.is_empty() {
        return String::new();
    }
    format!(
        "\n\nKnown of `{}`: {}.",
        first.function.name,
        known.join("; ")
    )
}

/// The values an integer argument had in the evaluations of a call: one, a few, or not known.
fn integer_values(values: &[&ArgumentValue]) -> String {
    let mut ints: Vec<i128> = Vec::new();
    for value in values {
        match value {
            ArgumentValue::Int(v) if !ints.contains(v) => ints.push(*v),
            ArgumentValue::Int(_) => {}
            _ => return "not known".to_owned(),
        }
    }
    match ints.as_slice() {
        [] => "not known".to_owned(),
        [one] => one.to_string(),
        [rest @ .., last] if rest.len() < SHOWN_VALUES => {
            let rest: Vec<String> = rest.iter().map(i128::to_string).collect();
            format!("{} or {last}", rest.join(", "))
        }
        _ => "not known (it differs between evaluations)".to_owned(),
    }
}

/// The name of a typedef of a struct or union at `offset`, where it is declared or used, and
/// the aggregate it names.
fn typedef_at(analysis: &Analysis, offset: usize) -> Option<(Span, &Aggregate)> {
    let text = analysis.text();
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let start = text.get(..offset)?.trim_end_matches(is_word).len();
    let end = offset + text.get(offset..)?.len() - text[offset..].trim_start_matches(is_word).len();
    let word = &text[start..end];
    let (_, ty) = analysis
        .program
        .typedefs
        .iter()
        .find(|(name, _)| !word.is_empty() && name == word)?;
    let Ty::Named(aggregate) = ty else {
        return None;
    };
    let found = analysis
        .program
        .aggregates
        .iter()
        .find(|a| a.name == *aggregate)?;
    Some((Span::new(start, end), found))
}

fn constructor_hover(analysis: &Analysis, d: &TypeDefinition, line_of: LineOf<'_>) -> String {
    let committed = if d.unfollowed && d.committed != Tri::Yes {
        "not known (the handle is stored through a pointer the analysis does not follow)"
    } else {
        tri_text(d.committed)
    };
    let mut out = format!(
        "**{}** -> `{}` (committed later: {committed})\n\n",
        d.constructor.name,
        crate::checks::handle_text(analysis.handle_written(d)),
    );
    match &d.datatype {
        Some(Ok(dt)) => out.push_str(&datatype_markdown(analysis, dt)),
        Some(Err(e)) => {
            let _ = write!(out, "Invalid arguments: {e}");
        }
        None if d.variants.len() > 1 => variants_markdown(analysis, d, line_of, &mut out),
        None => {
            match &d.partial {
                Some(known) => out.push_str(partial_markdown(analysis, known).trim_end()),
                None => out.push_str(UNKNOWN_DATATYPE),
            }
            out.push_str(&known_arguments(analysis, d.span));
        }
    }
    out
}

/// The datatype a call builds per chain of calls that reached it, for a helper called with
/// other arguments from several places.
fn variants_markdown(
    analysis: &Analysis,
    d: &TypeDefinition,
    line_of: LineOf<'_>,
    out: &mut String,
) {
    out.push_str("The datatype differs between the calls that reach it:\n");
    for v in d.variants.iter() {
        let chain: Vec<String> = v.via.iter().map(|s| line_name(line_of, s.start)).collect();
        let values = match &v.datatype {
            Some(Ok(dt)) => {
                let s = dt.summary(analysis.model);
                format!("size {}, lb {}, extent {}", dt.size(), s.lb, s.extent())
            }
            Some(Err(e)) => format!("invalid arguments: {e}"),
            None => match &v.partial {
                Some(known) => format!("known in part: {}", known_values(analysis, known).0),
                None => "not known".to_owned(),
            },
        };
        let from = if chain.is_empty() {
            "the function run on its own".to_owned()
        } else {
            chain.join(" > ")
        };
        let _ = writeln!(out, "- from {from}: {values}");
    }
}

fn basic_hover(analysis: &Analysis, p: Predefined) -> String {
    match p.basic_layout(analysis.target) {
        Some(l) => format!(
            "**{p}**: basic datatype, size {}, alignment {} on {}",
            l.size,
            l.align,
            analysis.target.triple()
        ),
        None => format!("**{p}**: predefined datatype"),
    }
}

/// The fields whose values differ between the MPI models, each model's value (those it knows).
fn differences_markdown(out: &mut String, known: &Partial) {
    for field in known.implementation_dependent() {
        let values: Vec<String> = MpiModel::ALL
            .iter()
            .filter_map(|&m| Some(format!("{m} {}", known.summary(m).field(field)?)))
            .collect();
        let _ = writeln!(
            out,
            "\n**{field} differs between MPI libraries**: {}",
            values.join(", ")
        );
    }
}

/// The values of a datatype known in part, under the analysis' model (`size 12, lb 0`), and
/// the names of those not known.
fn known_values(analysis: &Analysis, known: &Partial) -> (String, Vec<&'static str>) {
    let s = known.summary(analysis.model);
    let labels = [
        ("size", "size"),
        ("extent", "extent"),
        ("lb", "lb"),
        ("ub", "ub"),
        ("true_extent", "true extent"),
        ("true_lb", "true lb"),
    ];
    let (mut shown, mut missing) = (Vec::new(), Vec::new());
    for (field, label) in labels {
        match s.field(field) {
            Some(v) => shown.push(format!("{label} {v}")),
            None => missing.push(label),
        }
    }
    (shown.join(", "), missing)
}

/// What MPI fixes of a datatype known in part, and what it leaves to the unknown arguments.
fn partial_markdown(analysis: &Analysis, known: &Partial) -> String {
    let (shown, missing) = known_values(analysis, known);
    let mut out = format!(
        "The datatype is known in part: {shown}. Not known: {} (they depend on arguments the \
         analysis does not know, or differ between the evaluations of the call).\n",
        missing.join(", ")
    );
    differences_markdown(&mut out, known);
    out
}

/// Everything MPI reports about a datatype, under the analysis' model and target.
pub fn datatype_markdown(analysis: &Analysis, dt: &Datatype) -> String {
    let model = analysis.model;
    let s = dt.summary(model);
    let mut out = format!("`{}`\n\n", dt.describe());
    let _ = writeln!(
        out,
        "size {}, extent {} (lb {}, ub {}), true extent {} (true lb {})",
        s.size,
        s.extent(),
        s.lb,
        s.ub,
        s.true_extent(),
        s.true_lb
    );
    differences_markdown(&mut out, &Partial::of(dt));
    let signature = signature_text(dt, SIGNATURE_RUNS).unwrap_or_else(|| "?".to_owned());
    let _ = writeln!(out, "\nsignature: `{signature}`");
    let _ = writeln!(out, "\ntypemap: {}", typemap_text(dt, model));
    if let Some(picture) = dt.layout_picture(model, PICTURE_WIDTH) {
        let _ = writeln!(out, "\n```text\n{picture}\n```");
    }
    let _ = write!(
        out,
        "\n_{} model, {}_",
        model.name(),
        analysis.target.triple()
    );
    out
}

/// The first and last entries of the typemap, with the total: `9 entries: {(MPI_INT, 0), ...}`.
fn typemap_text(dt: &Datatype, model: MpiModel) -> String {
    let total = dt.entry_count();
    let entry = |e: crate::dtype::Entry| format!("({}, {})", e.basic, e.disp);
    let mut shown: Vec<String> = dt
        .typemap(model)
        .take(TYPEMAP_HEAD.min(total) as usize)
        .map(entry)
        .collect();
    if total > TYPEMAP_HEAD {
        let tail_start = total.saturating_sub(TYPEMAP_TAIL).max(TYPEMAP_HEAD);
        if tail_start > TYPEMAP_HEAD {
            shown.push("...".to_owned());
        }
        shown.extend(dt.typemap_from(model, tail_start).map(entry));
    }
    let noun = if total == 1 { "entry" } else { "entries" };
    format!("{total} {noun}: `{{{}}}`", shown.join(", "))
}

/// The layout of a struct, derived type or COMMON block on the analysis' target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AggregateLayout {
    pub size: i128,
    pub align: i128,
    /// Scalar members (nested aggregates flattened, arrays as one member), in order.
    pub members: Vec<MemberLayout>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberLayout {
    /// `d`, `pos.x`.
    pub name: String,
    pub offset: i128,
    /// Elements (1 for a scalar).
    pub count: i128,
    /// Bytes of one element.
    pub element_size: i128,
    /// The MPI basic datatype of one element, when there is one for its type.
    pub basic: Option<Predefined>,
}

/// The layout of the innermost struct, derived type or COMMON block declared around `offset`,
/// when the target's ABI (or, for a derived type without `SEQUENCE` or `BIND(C)` and a COMMON
/// block, gfortran) fixes it.
pub fn aggregate_layout_at(analysis: &Analysis, offset: usize) -> Option<AggregateLayout> {
    let aggregate = innermost(&analysis.program.aggregates, offset, |a| a.span)?;
    aggregate_layout(analysis, aggregate)
}

/// The layout of `aggregate`, when the target's ABI or compiler fixes it.
pub(crate) fn aggregate_layout(
    analysis: &Analysis,
    aggregate: &Aggregate,
) -> Option<AggregateLayout> {
    let options = EvalOptions {
        target: analysis.target,
        model: analysis.model,
        ..EvalOptions::default()
    };
    let element = eval::element_of(
        &analysis.program,
        &options,
        &Ty::Named(aggregate.name.clone()),
    )?;
    let members = element.members?;
    Some(AggregateLayout {
        size: element.size?,
        align: element.align?,
        members: members
            .into_iter()
            .map(|m| MemberLayout {
                basic: basic_for(analysis, &m.ty, m.size),
                name: m.name,
                offset: m.offset,
                count: m.count,
                element_size: m.size,
            })
            .collect(),
    })
}

/// The MPI basic datatype for a scalar of type `ty` and `size` bytes.
fn basic_for(analysis: &Analysis, ty: &Ty, size: i128) -> Option<Predefined> {
    let fits = |p: &Predefined| {
        p.basic_layout(analysis.target)
            .is_some_and(|l| i128::from(l.size) == size)
    };
    let candidates = Predefined::ALL.iter().copied();
    match ty {
        Ty::C(c) => candidates
            .filter(|p| p.repr() == Repr::C(*c))
            .find(|p| fits(p)),
        Ty::Fortran { ty, .. } => candidates
            .filter(|p| matches!(p.repr(), Repr::Fortran(t, _) if t == *ty))
            .find(|p| fits(p)),
        _ => None,
    }
}

/// An aggregate's name as the program uses it: an anonymous struct by the typedef that names it.
fn display_name<'a>(analysis: &'a Analysis, aggregate: &'a Aggregate) -> &'a str {
    // A unit's view of a COMMON block is named after the block and numbered.
    if aggregate.kind == AggregateKind::FortranCommon {
        return aggregate
            .name
            .rsplit_once(" #")
            .map_or(&aggregate.name, |(block, _)| block);
    }
    if !aggregate.anonymous {
        return &aggregate.name;
    }
    analysis
        .program
        .typedefs
        .iter()
        .find(|(_, ty)| matches!(ty, Ty::Named(n) if *n == aggregate.name))
        .map_or(&aggregate.name, |(name, _)| name)
}

fn aggregate_hover(analysis: &Analysis, aggregate: &Aggregate) -> String {
    let title = format!("**{}**", display_name(analysis, aggregate));
    let Some(layout) = aggregate_layout(analysis, aggregate) else {
        return format!(
            "{title}: layout not known on {} (a bit-field, an unknown size, an allocatable or pointer component, or something the analysis does not follow)",
            analysis.target.triple()
        );
    };
    let size = match aggregate.kind {
        AggregateKind::FortranCommon => "size",
        _ => "sizeof",
    };
    let mut out = format!(
        "{title}: {size} {}, alignment {} on {}\n\n",
        layout.size,
        layout.align,
        analysis.target.triple()
    );
    // Only C and BIND(C) or SEQUENCE types have a layout the language fixes.
    match aggregate.kind {
        AggregateKind::FortranDerived => out.push_str(
            "This is gfortran's layout (the compiler's choice: without `SEQUENCE` or `BIND(C)` the standard does not fix it, and `-fpack-derived` or another compiler may differ).\n\n",
        ),
        AggregateKind::FortranCommon => out.push_str(
            "This is how gfortran places the COMMON block's members (each aligned to its type, `-falign-commons`; `-fno-align-commons` packs them).\n\n",
        ),
        _ => {}
    }
    out.push_str("| member | offset | size |\n|---|---:|---:|\n");
    let mut end = 0;
    for m in &layout.members {
        if m.offset > end {
            let _ = writeln!(out, "| _padding_ | {end} | {} |", m.offset - end);
        }
        let bytes = m.count * m.element_size;
        let _ = writeln!(out, "| `{}` | {} | {bytes} |", m.name, m.offset);
        end = end.max(m.offset + bytes);
    }
    if layout.size > end {
        let _ = writeln!(out, "| _padding_ | {end} | {} |", layout.size - end);
    }
    out
}

/// One constructor call per span (a call evaluated in a loop has one definition).
fn definitions_by_span(analysis: &Analysis) -> Vec<&TypeDefinition> {
    let mut definitions: Vec<&TypeDefinition> = analysis
        .evaluation
        .definitions
        .iter()
        .map(|d| &**d)
        .collect();
    definitions.sort_by_key(|d| (d.span.start, d.span.end));
    definitions.dedup_by_key(|d| d.span);
    definitions
}

/// The extent and size of a call's datatype, when both are known (a datatype known in part may
/// have them).
fn values_label(analysis: &Analysis, d: &TypeDefinition) -> Option<String> {
    let known = eval::knowledge(&d.datatype, &d.partial)?;
    let s = known.summary(analysis.model);
    Some(format!("extent {}, size {}", s.extent?, s.size?))
}

/// `extent 64, size 59` after every constructor call whose datatype's extent and size are
/// known.
pub fn inlay_hints(analysis: &Analysis) -> Vec<InlayHint> {
    definitions_by_span(analysis)
        .into_iter()
        .filter_map(|d| {
            Some(InlayHint {
                offset: d.span.end,
                label: values_label(analysis, d)?,
            })
        })
        .collect()
}

/// Every datatype handle the file defines, at its constructor call, in source order.
pub fn type_symbols(analysis: &Analysis) -> Vec<TypeSymbol> {
    definitions_by_span(analysis)
        .into_iter()
        .map(|d| {
            let values = values_label(analysis, d).unwrap_or_else(|| {
                if d.variants.len() > 1 {
                    "values differ per call site".into()
                } else {
                    "values unknown".into()
                }
            });
            TypeSymbol {
                name: crate::checks::handle_text(analysis.handle_written(d)).to_owned(),
                detail: format!("{}: {values}", d.constructor.name),
                span: d.span,
                name_span: handle_span(analysis, d.target_span),
            }
        })
        .collect()
}

/// The constructor calls that define the handle used at `offset`.
pub fn definition(analysis: &Analysis, offset: usize) -> Vec<Span> {
    let Some(u) = handle_use_at(analysis, offset) else {
        return Vec::new();
    };
    let mut spans: Vec<Span> = u
        .handles
        .iter()
        .filter_map(|&h| analysis.evaluation.built_at(h))
        .collect();
    spans.sort_by_key(|s| (s.start, s.end));
    spans.dedup();
    spans
}
