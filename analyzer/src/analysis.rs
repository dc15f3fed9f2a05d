//! One file's analysis: decode, parse and lower, evaluate; and the views the front ends of the
//! tool (CLI, language server) show of it.

use std::sync::{Arc, OnceLock};

use crate::checks::{FindingsMemo, NamesMemo};
use crate::dtype::{Datatype, DtypeError, MpiModel, Partial};
use crate::eval::value::Tri;
use crate::eval::{self, EvalOptions, Evaluation, Limits};
use crate::ir::Program;
use crate::layout::{FortranKinds, Target};
use crate::source::{FortranFormOverride, Language};
use crate::source::{LineIndex, Note, PositionEncoding, Span, MAX_SOURCE_BYTES};
use crate::syntax::c::{self, COptions};
use crate::syntax::IncludeResolver;

/// The stack a thread analysing one file needs: every recursion of the analysis is bounded by
/// depth (front ends, evaluator, engine), and the deepest inputs of the adversarial tests run
/// on a quarter of this (`analyzer/tests/adversarial.rs`).
pub const STACK_BYTES: usize = 16 << 20;

/// Everything that steers an analysis.
#[derive(Clone, Debug, Default)]
pub struct AnalysisOptions {
    pub target: Target,
    pub model: MpiModel,
    pub c: COptions,
    pub fortran_form: FortranFormOverride,
    /// Kinds of Fortran declarations without one (the MPI library's types keep the target's).
    pub fortran_kinds: FortranKinds,
    pub limits: Limits,
}

/// The result of analysing one file.
#[derive(Debug)]
pub struct Analysis {
    pub language: Language,
    /// The target and MPI model the values were computed for.
    pub target: Target,
    pub model: MpiModel,
    pub(crate) program: Program,
    pub(crate) evaluation: Evaluation,
    /// Notes about the input (parse errors, skipped constructs, evaluation limits reached).
    pub notes: Vec<Note>,
    pub line_index: LineIndex,
    text: String,
    /// The C main file's parse, which the analysis of the next version parses from.
    parse: Option<c::MainParse>,
    /// The same of a Fortran main file.
    fortran_parse: Option<crate::syntax::fortran::FortranParse>,
    /// The roots' evaluations, which the analysis of the next version reuses.
    pub(crate) roots: Arc<eval::RootMemo>,
    /// The names the rules read of each function, kept by the checks for the next version.
    pub(crate) names: Carried<NamesMemo>,
    /// The findings the checks keep for the next version (see `checks/findings_memo.rs`).
    pub(crate) findings: Carried<FindingsMemo>,
}

/// What the checks of one version keep for the next: this version's, once a check made it, and
/// the previous version's, which that check reused.
#[derive(Debug)]
pub(crate) struct Carried<T> {
    /// Set by the first check of the analysis.
    pub(crate) next: OnceLock<Arc<T>>,
    pub(crate) previous: Option<Arc<T>>,
}

impl<T> Carried<T> {
    /// Empty, with what `previous` carries (when its analysis was checked).
    fn after(previous: Option<&Carried<T>>) -> Self {
        Carried {
            next: OnceLock::new(),
            previous: previous.and_then(|p| p.next.get().cloned()),
        }
    }
}

/// Analyses a text with no includes under `model`, for the unit tests.
#[cfg(test)]
pub(crate) fn analyze_under(text: &str, language: Language, model: MpiModel) -> Analysis {
    let options = AnalysisOptions {
        model,
        ..AnalysisOptions::default()
    };
    analyze(text, language, &options, &mut crate::syntax::NoIncludes)
}

/// Analyses one file's text. Never fails: what cannot be analysed becomes notes and unknowns.
pub fn analyze(
    text: &str,
    language: Language,
    options: &AnalysisOptions,
    includes: &mut dyn IncludeResolver,
) -> Analysis {
    reanalyze(None, text, language, options, includes)
}

/// [`analyze`] of a new version of a text that `previous` analysed (an editor's): the same
/// result, sooner, as the parse of the text is made from the previous one's.
pub fn reanalyze(
    previous: Option<&Analysis>,
    text: &str,
    language: Language,
    options: &AnalysisOptions,
    includes: &mut dyn IncludeResolver,
) -> Analysis {
    let mut notes = Vec::new();
    let (mut parse, mut fortran_parse) = (None, None);
    let program = match language.with_form_override(options.fortran_form) {
        Language::C => {
            let previous = previous.and_then(|p| p.parse.as_ref());
            let program;
            (program, parse) = c::lower(text, &options.c, options.target, includes, previous);
            program
        }
        Language::Fortran { .. } if text.len() > MAX_SOURCE_BYTES => {
            notes.push(Note {
                span: Span::new(0, 0),
                message: format!(
                    "file not analysed: larger than {} MiB",
                    MAX_SOURCE_BYTES >> 20
                ),
            });
            Program::default()
        }
        Language::Fortran { form, preprocessed } => {
            let fortran = crate::syntax::fortran::FortranOptions {
                form,
                preprocessed,
                form_override: options.fortran_form,
                kinds: options.fortran_kinds,
                defines: &options.c.defines,
            };
            let previous = previous.and_then(|p| p.fortran_parse.as_ref());
            let program;
            (program, fortran_parse) =
                crate::syntax::fortran::lower(text, &fortran, includes, previous);
            program
        }
    };
    let eval_options = EvalOptions {
        target: options.target,
        model: options.model,
        limits: options.limits,
        case_sensitive: language == Language::C,
    };
    let (evaluation, roots) = eval::evaluate(&program, &eval_options, previous.map(|p| &*p.roots));
    notes.extend(program.notes.iter().cloned());
    notes.extend(evaluation.notes.iter().cloned());
    notes.sort_by_key(|n| n.span.start);
    Analysis {
        language,
        target: options.target,
        model: options.model,
        program,
        evaluation,
        notes,
        line_index: previous.map_or_else(
            || LineIndex::new(text),
            |p| p.line_index.edited(&p.text, text),
        ),
        text: text.to_owned(),
        parse,
        fortran_parse,
        roots: Arc::new(roots),
        names: Carried::after(previous.map(|p| &p.names)),
        findings: Carried::after(previous.map(|p| &p.findings)),
    }
}

/// A datatype the code defines, as the `types` command reports it.
#[derive(Clone, Debug)]
pub struct TypeReport {
    /// 1-based line and column of the constructor call.
    pub line: u32,
    pub column: u32,
    pub span: Span,
    /// For one of several chains of calls that reached the call with other results: the
    /// calls of the file's own functions on it, outermost first (1-based line and column).
    pub via: Vec<(u32, u32)>,
    /// The handle as written (`newtype`, `types[i]`).
    pub name: String,
    /// The constructor's C name (`MPI_Type_create_struct`).
    pub constructor: &'static str,
    /// The datatype, when every evaluation of the call (on this chain) agreed on one.
    pub datatype: Option<Datatype>,
    /// The engine's error, when the arguments are invalid.
    pub error: Option<DtypeError>,
    /// When the datatype is not known: what MPI fixes of it on every evaluation.
    pub partial: Option<Partial>,
    /// `Some(true)` when the handle is committed on every evaluated path, `None` when on some.
    pub committed: Option<bool>,
}

impl Analysis {
    pub fn text(&self) -> &str {
        &self.text
    }

    /// How many groups of functions the last check of this analysis took the findings of from
    /// the previous version's (see `checks/findings_memo.rs`).
    pub fn findings_kept(&self) -> usize {
        self.findings.next.get().map_or(0, |memo| memo.kept)
    }

    /// Whether the parse was made from the previous version's (see [`reanalyze`]).
    pub fn parse_reused(&self) -> bool {
        let c = self.parse.as_ref().map(|p| &p.parse);
        let fortran = self.fortran_parse.as_ref().map(|p| &p.parse);
        c.or(fortran).is_some_and(|p| p.reused)
    }

    /// What the C pre-pass of this version scanned of the text: all of it, or the lines around
    /// the edit since the previous version (`syntax/c/prepass/resume.rs`).
    pub fn prepass_scanned(&self) -> Option<std::ops::Range<usize>> {
        self.parse.as_ref()?.scanned()
    }

    /// The text of a span (empty when out of range).
    pub fn slice(&self, span: Span) -> &str {
        self.text.get(span.start..span.end).unwrap_or("")
    }

    /// The text that names a definition's handle: its new-type argument as written or, where
    /// that text is a statement macro's use not naming it (a variable of the macro's body),
    /// the variable.
    pub(crate) fn handle_written<'a>(&'a self, d: &'a eval::TypeDefinition) -> &'a str {
        let written = self.slice(d.target_span);
        match d.target.root_name() {
            Some(root)
                if self.program.in_macro_use(d.target_span)
                    && !written
                        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .any(|w| w == root) =>
            {
                root
            }
            _ => written,
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn position(&self, offset: usize) -> (u32, u32) {
        let lc = self.line_index.line_column(offset, PositionEncoding::Utf32);
        (lc.line + 1, lc.column + 1)
    }

    /// Every constructor call that defines a handle, in source order. A call that built other
    /// datatypes when reached through other calls of the file's functions (a helper called
    /// with other arguments) is reported once per such chain of calls, with its `via`.
    pub fn types(&self) -> Vec<TypeReport> {
        let mut reports: Vec<TypeReport> = Vec::new();
        for d in &self.evaluation.definitions {
            let (line, column) = self.position(d.span.start);
            let report = |datatype: &Option<Result<Datatype, DtypeError>>,
                          partial: &Option<Partial>,
                          via: &[Span]| {
                let (datatype, error) = match datatype {
                    Some(Ok(dt)) => (Some(dt.clone()), None),
                    Some(Err(e)) => (None, Some(e.clone())),
                    None => (None, None),
                };
                TypeReport {
                    line,
                    column,
                    span: d.span,
                    via: via.iter().map(|s| self.position(s.start)).collect(),
                    name: handle_name(self.handle_written(d)),
                    constructor: d.constructor.name,
                    partial: partial
                        .clone()
                        .filter(|_| datatype.is_none() && error.is_none()),
                    datatype,
                    error,
                    committed: match d.committed {
                        Tri::Yes => Some(true),
                        Tri::No => Some(false),
                        Tri::Maybe => None,
                    },
                }
            };
            if d.datatype.is_none() && d.variants.len() > 1 {
                reports.extend(
                    d.variants
                        .iter()
                        .map(|v| report(&v.datatype, &v.partial, &v.via)),
                );
            } else {
                reports.push(report(&d.datatype, &d.partial, &[]));
            }
        }
        reports.sort_by_key(|r| (r.span.start, r.span.end));
        reports
    }
}

/// The handle an output argument names: `&t` is `t`.
fn handle_name(argument: &str) -> String {
    let trimmed = argument.trim();
    let without_ref = trimmed.strip_prefix('&').map_or(trimmed, str::trim_start);
    let name = without_ref
        .strip_prefix('(')
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or(without_ref);
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The signature of one element as runs (`1 x MPI_INT, 6 x MPI_DOUBLE, 7 x MPI_CHAR`), at most
/// `max_runs` of them; `None` when walking it exceeds the budget.
pub fn signature_text(dt: &Datatype, max_runs: usize) -> Option<String> {
    let mut runs = dt.signature_runs(1);
    let mut parts = Vec::new();
    let mut more = false;
    for run in runs.by_ref() {
        if parts.len() == max_runs {
            more = true;
            break;
        }
        parts.push(format!("{} x {}", run.count, run.basic));
    }
    if runs.over_budget() {
        return None;
    }
    if more {
        parts.push("...".to_owned());
    }
    Some(parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::{analyze, reanalyze, AnalysisOptions};
    use crate::checks::{check, RuleSelection};
    use crate::source::Language;
    use crate::syntax::NoIncludes;

    /// Functions like most of a file's: they build, commit, use and free datatypes, without
    /// a finding, and no rule reads their bodies.
    fn file(functions: usize) -> String {
        let mut text = String::from("#include <mpi.h>\nstruct cell { int id; double v[3]; };\n");
        for n in 0..functions {
            text.push_str(&format!(
                "void f{n}(double *a, struct cell *cells, int rank) {{
    MPI_Datatype column, cell_type;
    int lengths[2] = {{1, 3}};
    MPI_Aint displacements[2] = {{0, 8}};
    MPI_Datatype types[2] = {{MPI_INT, MPI_DOUBLE}};
    MPI_Type_vector(4, 1, 8, MPI_DOUBLE, &column);
    MPI_Type_create_struct(2, lengths, displacements, types, &cell_type);
    MPI_Type_commit(&column);
    MPI_Type_commit(&cell_type);
    MPI_Send(a, 1, column, rank, {n}, MPI_COMM_WORLD);
    MPI_Send(cells, 2, cell_type, rank, {n}, MPI_COMM_WORLD);
    MPI_Type_free(&cell_type);
    MPI_Type_free(&column);
}}
"
            ));
        }
        text
    }

    #[test]
    fn an_edit_before_every_function_moves_none_that_the_evaluation_and_the_checks_reuse() {
        let (options, rules) = (AnalysisOptions::default(), RuleSelection::default());
        let text = file(6);
        let old = analyze(&text, Language::C, &options, &mut NoIncludes);
        let found = check(&old, &rules);
        // A line added to the first function: every other one moves.
        let edited = text.replacen(
            "    MPI_Type_free(&column);",
            "    rank = rank + 0;\n    MPI_Type_free(&column);",
            1,
        );
        let new = reanalyze(Some(&old), &edited, Language::C, &options, &mut NoIncludes);
        assert_eq!(check(&new, &rules).len(), found.len());
        let moved: Vec<bool> = new
            .program
            .functions
            .iter()
            .map(|f| f.is_in_place())
            .collect();
        assert_eq!(moved, [true, false, false, false, false, false]);
        let fresh = analyze(&edited, Language::C, &options, &mut NoIncludes);
        assert_eq!(format!("{:?}", new.program), format!("{:?}", fresh.program));
    }
}
