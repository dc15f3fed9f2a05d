//! The rules. Each lives in its own file with its documentation on it; [`RULES`] is the one
//! registry. A rule reads the evaluated program and reports only what evaluation proves: every
//! evaluation of a call that reaches it must show the problem (a rule that reports a
//! path-dependent "maybe" says so in its message and uses a lower severity).

mod address_kind;
mod address_widening;
mod bound_markers;
mod buffer_overflow;
mod buffer_type_mismatch;
mod c_edit;
mod count_mismatch;
mod deprecated_api;
mod displacement_mismatch;
mod expression_names;
mod extent_mismatch;
mod field_type_mismatch;
mod fields;
mod findings_memo;
mod fortran_edit;
mod function_index;
mod invalid_argument;
mod misaligned_displacement;
mod missing_commit;
mod old_library;
mod overlapping_receive;
mod related;
mod scalar;
mod signature_mismatch;
mod suppression;
mod type_leak;
mod use_after_free;

use std::cell::OnceCell;
use std::rc::Rc;

use crate::analysis::Analysis;
use crate::catalog::{MpiFunction, Role};
use crate::dtype::{Datatype, MpiModel};
use crate::eval::value::HandleId;
use crate::eval::{ArgumentValue, Buffer, MpiCall, TypeDefinition};
use crate::fix::Fix;
use crate::ir::{Expr, ExprKind, Ty};
use crate::layout::{FortranType, Target};
use crate::source::{Language, Span};

pub(crate) use expression_names::NamesMemo;
pub(crate) use findings_memo::FindingsMemo;
pub(crate) use suppression::Suppressions;

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The program is wrong on every path that reaches the finding.
    Error,
    /// Wrong on some paths, or wrong by the standard while libraries may accept it.
    Warning,
    Info,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

/// A rule: its stable id, its documentation and its check.
pub struct Rule {
    /// Kebab-case id; part of the public contract (config, suppressions, JSON, SARIF).
    pub id: &'static str,
    /// One line: what the rule finds.
    pub summary: &'static str,
    /// Markdown: what it finds, why it is a bug, an example, the fix, references.
    pub docs: &'static str,
    pub severity: Severity,
    /// What its findings depend on, which decides whether they can be kept for the next
    /// version of the file.
    scope: Scope,
    check: fn(&Context<'_>, &mut Vec<Diagnostic>),
}

/// What a rule's findings depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    /// Anything in the file.
    File,
    /// Only roots: what it finds in a function is about a call or definition of one of the
    /// functions a set of roots runs (the roots that run that function, and the roots those
    /// share a function with) and depends only on those roots' evaluations, the texts of
    /// the functions they run, and what the functions see of the globals; the program's types
    /// it reads only through those evaluations, whose keys hold them (`check` asserts it in
    /// debug builds). Its positions and messages move with those functions. Such findings are
    /// kept for the next version (see `findings_memo`).
    Roots,
}

impl std::fmt::Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)
    }
}

/// Every rule, in the order analyzer/RULES.md lists them.
pub static RULES: &[&Rule] = &[
    &missing_commit::RULE,
    &use_after_free::RULE,
    &type_leak::RULE,
    &deprecated_api::RULE,
    &extent_mismatch::RULE,
    &displacement_mismatch::RULE,
    &field_type_mismatch::RULE,
    &signature_mismatch::RULE,
    &buffer_type_mismatch::RULE,
    &buffer_overflow::RULE,
    &overlapping_receive::RULE,
    &misaligned_displacement::RULE,
    &count_mismatch::RULE,
    &address_kind::RULE,
    &invalid_argument::RULE,
];

/// Looks a rule up by id.
pub fn rule(id: &str) -> Option<&'static Rule> {
    RULES.iter().copied().find(|r| r.id == id)
}

/// A finding.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub rule: &'static Rule,
    pub severity: Severity,
    pub span: Span,
    pub message: String,
    pub fixes: Vec<Fix>,
    /// Other places the finding is about (the constructor of the handle, its commit or free).
    pub related: Vec<Related>,
}

/// A place a finding points to, with what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    pub span: Span,
    pub message: String,
}

/// Which rules run.
#[derive(Clone, Debug, Default)]
pub struct RuleSelection {
    /// Only these rules (all when `None`).
    pub select: Option<Vec<String>>,
    pub ignore: Vec<String>,
}

impl RuleSelection {
    pub(crate) fn enabled(&self, rule: &Rule) -> bool {
        let selected = self
            .select
            .as_ref()
            .is_none_or(|s| s.iter().any(|id| rule.is_named_by(id)));
        selected && !self.ignore.iter().any(|id| rule.is_named_by(id))
    }
}

impl Rule {
    /// `id` is this rule's id, or `all` (which names every rule, as ruff's `ALL`).
    pub(crate) fn is_named_by(&self, id: &str) -> bool {
        id == self.id || id == "all"
    }
}

/// Runs the selected rules over one analysis; findings come sorted by position, suppressed
/// ones removed.
pub fn check(analysis: &Analysis, selection: &RuleSelection) -> Vec<Diagnostic> {
    let cx = Context::new(analysis);
    let enabled = |scope: Scope| {
        RULES
            .iter()
            .copied()
            .filter(move |r| r.scope == scope && selection.enabled(r))
    };
    let mut out = Vec::new();
    for rule in enabled(Scope::File) {
        (rule.check)(&cx, &mut out);
    }
    let roots_rules: Vec<&Rule> = enabled(Scope::Roots).collect();
    let groups = findings_memo::Groups::of(&cx, &roots_rules);
    let kept = groups.kept_functions();
    // Without the sites of the functions whose findings are kept, when some are (on opening a
    // file none is).
    let without_kept;
    let roots_cx = match kept.contains(&true) {
        true => {
            without_kept = cx.without(kept);
            &without_kept
        }
        false => &cx,
    };
    let mut found = Vec::new();
    let ((), read) = crate::layout::reads::recording(|| {
        for rule in &roots_rules {
            (rule.check)(roots_cx, &mut found);
        }
    });
    // Their findings are kept on the roots' keys, which hold the types the evaluation read.
    debug_assert!(
        read.is_empty(),
        "a rule that reads roots read the types {read:?} of its own (see `Scope::Roots`)"
    );
    out.extend(groups.keep(&cx, found));
    let suppressions = Suppressions::parse(analysis.text(), analysis.language);
    out.retain(|d| {
        let (line, _) = analysis.position(d.span.start);
        !suppressions.allows(d.rule, line)
    });
    // The text of a statement macro's use is not the code its expansion runs: no edit there.
    for d in &mut out {
        if cx.in_macro_use(d.span) {
            d.fixes.clear();
        }
        d.fixes
            .retain(|f| !f.edits.iter().any(|e| cx.touches_macro_use(e.span)));
    }
    out.sort_by(|a, b| {
        (a.span.start, a.span.end, a.rule.id).cmp(&(b.span.start, b.span.end, b.rule.id))
    });
    out.dedup_by(|a, b| a.span == b.span && a.rule.id == b.rule.id && a.message == b.message);
    related::add_related(analysis, &mut out);
    out
}

/// One MPI call in the source and every evaluation of it (one per loop iteration, call
/// context or root function that reached it).
#[derive(Clone)]
pub(crate) struct CallSite<'a> {
    pub function: &'static MpiFunction,
    pub span: Span,
    pub name_span: Span,
    pub evaluations: Vec<&'a MpiCall>,
}

impl CallSite<'_> {
    /// The source span of argument `i`.
    pub(crate) fn arg_span(&self, i: usize) -> Option<Span> {
        self.evaluations.first()?.arg_span(i)
    }

    /// Argument `i` of every evaluation (`None` where an evaluation lacks it).
    pub(crate) fn values(&self, i: usize) -> impl Iterator<Item = Option<&ArgumentValue>> + '_ {
        self.evaluations
            .iter()
            .map(move |c| c.args.get(i).map(|a| &a.value))
    }

    /// The integer argument `i` has on every evaluation, when they all agree.
    pub(crate) fn int(&self, i: usize) -> Option<i128> {
        let mut seen = None;
        for v in self.values(i) {
            match (v?, seen) {
                (ArgumentValue::Int(n), None) => seen = Some(*n),
                (ArgumentValue::Int(n), Some(s)) if *n == s => {}
                _ => return None,
            }
        }
        seen
    }

    /// True when argument `i` satisfies `proven` on every evaluation.
    pub(crate) fn always(&self, i: usize, proven: impl Fn(&ArgumentValue) -> bool) -> bool {
        !self.evaluations.is_empty() && self.values(i).all(|v| v.is_some_and(&proven))
    }
}

/// A message argument triple of a call: buffer, element count and datatype (positions).
#[derive(Clone, Copy, Debug)]
pub struct Message {
    pub buf: usize,
    pub count: usize,
    pub datatype: usize,
}

/// The (buffer, count, datatype) triples of a function, in parameter order.
pub fn messages(function: &MpiFunction) -> Vec<Message> {
    function
        .params
        .windows(3)
        .enumerate()
        .filter(|(_, w)| {
            w.iter()
                .map(|p| p.role)
                .eq([Role::Buf, Role::Count, Role::MessageType])
        })
        .map(|(i, _)| Message {
            buf: i,
            count: i + 1,
            datatype: i + 2,
        })
        .collect()
}

/// The buffer argument `i` has on every evaluation, when they agree on the object, its offset
/// and element; the first one.
pub(crate) fn same_buffer<'a>(site: &CallSite<'a>, i: usize) -> Option<&'a Buffer> {
    let mut found: Option<&Buffer> = None;
    for c in &site.evaluations {
        let Some(ArgumentValue::Buffer(b)) = c.args.get(i).map(|a| &a.value) else {
            return None;
        };
        match found {
            Some(f)
                if f.object != b.object
                    || f.offset != b.offset
                    || f.object_bytes != b.object_bytes =>
            {
                return None
            }
            _ => found = Some(b),
        }
    }
    found
}

/// What the rules read: the analysis, its call sites grouped by source position.
pub(crate) struct Context<'a> {
    pub analysis: &'a Analysis,
    /// The sites the rules report on: every one for the rules that read the whole file; for
    /// those that read roots, the sites of the functions whose findings are not kept from the
    /// previous version (see `findings_memo`).
    pub sites: Vec<CallSite<'a>>,
    /// What both kinds of rules read of the whole file, made once for both.
    file: Rc<FileFacts>,
    /// Per program function, whether its findings are kept: the rules do not report on its
    /// calls and definitions (empty when none is).
    kept: Vec<bool>,
    misfits: OnceCell<Vec<fields::SiteMisfit>>,
}

/// The parts of a context that do not depend on its sites.
struct FileFacts {
    functions: function_index::FunctionIndex,
    /// The C code without comments, literals and directives, for the fixes that need it.
    c_code: OnceCell<Vec<u8>>,
    names: OnceCell<expression_names::ExpressionNames>,
}

impl<'a> Context<'a> {
    fn new(analysis: &'a Analysis) -> Self {
        // Calls in one statement macro's expansion share the span of its use: the function
        // tells them apart. A stable sort keeps each site's evaluations in their order.
        let site_of = |call: &MpiCall| (call.span.start, call.span.end, call.function.name);
        let mut calls: Vec<&MpiCall> = analysis.evaluation.calls.iter().collect();
        calls.sort_by_key(|c| site_of(c));
        let mut sites: Vec<CallSite<'a>> = Vec::new();
        for call in calls {
            match sites.last_mut() {
                Some(site) if site_of(site.evaluations[0]) == site_of(call) => {
                    site.evaluations.push(call)
                }
                _ => sites.push(CallSite {
                    function: call.function,
                    span: call.span,
                    name_span: call.name_span,
                    evaluations: vec![call],
                }),
            }
        }
        Context {
            analysis,
            sites,
            file: Rc::new(FileFacts {
                functions: function_index::FunctionIndex::new(&analysis.program.functions),
                c_code: OnceCell::new(),
                names: OnceCell::new(),
            }),
            kept: Vec::new(),
            misfits: OnceCell::new(),
        }
    }

    /// The same file, but for the functions whose findings are `kept`.
    fn without(&self, kept: Vec<bool>) -> Self {
        let mut cx = Context {
            analysis: self.analysis,
            sites: Vec::new(),
            file: self.file.clone(),
            kept,
            misfits: OnceCell::new(),
        };
        cx.sites = self
            .sites
            .iter()
            .filter(|s| cx.reports_on(s.span))
            .cloned()
            .collect();
        cx
    }

    /// Whether the rules report on what is at `span` (its function's findings are not kept).
    pub(crate) fn reports_on(&self, span: Span) -> bool {
        self.kept.is_empty() || self.function_index_at(span).is_none_or(|f| !self.kept[f])
    }

    /// The definitions the rules report on.
    pub(crate) fn definitions(&self) -> impl Iterator<Item = &'a TypeDefinition> + '_ {
        self.analysis
            .evaluation
            .definitions
            .iter()
            .map(|d| &**d)
            .filter(|d| self.reports_on(d.span))
    }

    /// The text's bytes with comments, literals and preprocessor directives blanked (C).
    pub(crate) fn c_code(&self) -> &[u8] {
        self.file
            .c_code
            .get_or_init(|| crate::syntax::c::prepass::code_only(self.analysis.text()))
    }

    /// The bound markers and rank variables the program's expressions name.
    pub(crate) fn expression_names(&self) -> &expression_names::ExpressionNames {
        self.file
            .names
            .get_or_init(|| expression_names::expression_names(self))
    }

    /// The definition of the constructor call at `site` (the first, if a statement macro's
    /// expansion has several alike).
    pub(crate) fn definition_at(&self, site: &CallSite<'_>) -> Option<&'a TypeDefinition> {
        self.analysis
            .evaluation
            .definition_of_call(site.span, site.function.name)
    }

    /// The definition of the constructor call that made `handle`.
    pub(crate) fn definition_of(&self, handle: HandleId) -> Option<&'a TypeDefinition> {
        self.analysis.evaluation.definition_of(handle)
    }

    pub(crate) fn model(&self) -> MpiModel {
        self.analysis.model
    }

    pub(crate) fn language(&self) -> Language {
        self.analysis.language
    }

    /// The source text of a span.
    pub(crate) fn text(&self, span: Span) -> &'a str {
        self.analysis.slice(span)
    }

    /// The datatype a handle stands for, when known and valid.
    pub(crate) fn datatype(&self, handle: HandleId) -> Option<&'a Datatype> {
        match &self.analysis.evaluation.handles.get(handle)?.datatype {
            Some(Ok(dt)) => Some(dt),
            _ => None,
        }
    }

    /// True for a handle the program created (not a predefined one).
    pub(crate) fn is_derived(&self, handle: HandleId) -> bool {
        self.analysis
            .evaluation
            .handles
            .get(handle)
            .is_some_and(|h| !h.is_predefined())
    }

    /// The datatype argument `i` names on every evaluation of `site`, when it is the same
    /// known datatype on all of them.
    pub(crate) fn datatype_at(&self, site: &CallSite<'_>, i: usize) -> Option<&'a Datatype> {
        let mut found: Option<&Datatype> = None;
        for v in site.values(i) {
            let Some(ArgumentValue::Datatype { handle, .. }) = v else {
                return None;
            };
            let dt = self.datatype(*handle)?;
            match found {
                Some(f) if !f.same_as(dt) => return None,
                _ => found = Some(dt),
            }
        }
        found
    }

    /// Whether `span` lies inside the use of a statement macro (see
    /// [`crate::ir::Program::macro_uses`]).
    pub(crate) fn in_macro_use(&self, span: Span) -> bool {
        self.analysis.program.in_macro_use(span)
    }

    /// The name of the function `site` calls, as written; the catalog's name where the text
    /// is no name (a statement macro's use, whose body writes the call).
    pub(crate) fn written_name(&self, site: &CallSite<'_>) -> &'a str {
        let written = self.text(site.name_span);
        let is_name = !written.is_empty()
            && written
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'_');
        if is_name {
            written
        } else {
            site.function.name
        }
    }

    /// Whether an edit of `span` would change the text of a statement macro's use.
    fn touches_macro_use(&self, span: Span) -> bool {
        self.analysis
            .program
            .macro_uses
            .iter()
            .any(|u| span.start < u.end && u.start < span.end.max(span.start + 1))
    }

    /// The innermost function (C function, Fortran program unit or internal procedure) whose
    /// text contains `span`.
    pub(crate) fn function_at(&self, span: Span) -> Option<&'a crate::ir::PlacedFunction> {
        self.file
            .functions
            .at(&self.analysis.program.functions, span)
    }

    /// The index among the program's functions of the one [`function_at`](Self::function_at)
    /// finds.
    fn function_index_at(&self, span: Span) -> Option<usize> {
        self.file
            .functions
            .index_at(&self.analysis.program.functions, span)
    }

    /// The line (1-based) and its indentation at a byte offset.
    pub(crate) fn line_indent(&self, offset: usize) -> (&'a str, usize) {
        let text = self.analysis.text();
        let start = text[..offset.min(text.len())]
            .rfind('\n')
            .map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let line = &text[start..line_end];
        let indent = line.len() - line.trim_start().len();
        (&line[..indent], line_end)
    }

    pub(crate) fn diagnostic(
        &self,
        rule: &'static Rule,
        span: Span,
        message: String,
    ) -> Diagnostic {
        Diagnostic {
            rule,
            severity: rule.severity,
            span,
            message,
            fixes: Vec::new(),
            related: Vec::new(),
        }
    }
}

/// The spelling of an MPI name in the case style of `like` (`MPI_TYPE_COMMIT`, `mpi_type_commit`,
/// `MPI_Type_commit`).
pub(crate) fn in_case_of(like: &str, c_name: &str) -> String {
    let letters: Vec<char> = like.chars().filter(|c| c.is_ascii_alphabetic()).collect();
    if letters.iter().all(|c| c.is_ascii_uppercase()) {
        c_name.to_ascii_uppercase()
    } else if letters.iter().all(|c| c.is_ascii_lowercase()) {
        c_name.to_ascii_lowercase()
    } else {
        c_name.to_owned()
    }
}

/// The handle an argument names: `&t` is `t`.
pub(crate) fn handle_text(argument: &str) -> &str {
    let trimmed = argument.trim();
    trimmed.strip_prefix('&').map_or(trimmed, str::trim_start)
}

/// The size of `MPI_Aint` and of Fortran's `INTEGER(KIND=MPI_ADDRESS_KIND)`.
pub(crate) fn address_bytes(target: Target) -> i128 {
    i128::from(target.c(crate::layout::CType::MpiAint).size)
}

/// The size of a Fortran integer type whose kind is written as a literal, left default or
/// `MPI_ADDRESS_KIND`; `None` for anything else (another named kind parameter stays unknown).
pub(crate) fn integer_bytes(ty: &Ty, target: Target) -> Option<i128> {
    let ty = match ty {
        Ty::Array(inner, _) => inner,
        other => other,
    };
    let Ty::Fortran {
        ty: FortranType::Integer,
        kind,
        ..
    } = ty
    else {
        return None;
    };
    let kind = match kind.as_deref() {
        None => target.fortran_default_kind(FortranType::Integer),
        Some(Expr {
            kind: ExprKind::Int(k),
            ..
        }) => u32::try_from(*k).ok()?,
        Some(Expr {
            kind: ExprKind::Name(n),
            ..
        }) if n.eq_ignore_ascii_case("MPI_ADDRESS_KIND") => return Some(address_bytes(target)),
        Some(_) => return None,
    };
    target
        .fortran(FortranType::Integer, kind)
        .map(|l| i128::from(l.size))
}
