//! What two rules read of every expression of the program: the bound markers named
//! (deprecated-api) and the variables `MPI_Comm_rank` writes (signature-mismatch). Each
//! function's are kept for the next version of the file under the function's identity
//! (`c/memo.rs`), with positions relative to the function's start: after an edit, the language
//! server walks only the functions it lowered again.

use std::sync::Arc;

use super::Context;
use crate::fingerprint::Fingerprint;
use crate::hash::HashMap;
use crate::ir::{visit_expr, visit_stmt_exprs, ExprKind, Stmt};
use crate::source::{Language, Span};

/// The names of one function's body, or of the whole program.
#[derive(Debug, Default)]
pub(crate) struct ExpressionNames {
    /// Where `MPI_LB` or `MPI_UB` is named, with the name as the expansion writes it.
    pub markers: Vec<(Span, String)>,
    /// The variables `MPI_Comm_rank` writes (lower case).
    pub ranks: Vec<String>,
}

/// The functions' names of one version's checks, for the next.
#[derive(Debug, Default)]
pub(crate) struct NamesMemo {
    entries: HashMap<Fingerprint, Arc<ExpressionNames>>,
}

impl ExpressionNames {
    fn of(statements: &[Stmt], language: Language) -> Self {
        // C names are case-sensitive (a variable `mpi_lb` is not the marker); Fortran's are not.
        let is_marker = |n: &str| match language {
            Language::C => n == "MPI_LB" || n == "MPI_UB",
            Language::Fortran { .. } => {
                n.eq_ignore_ascii_case("MPI_LB") || n.eq_ignore_ascii_case("MPI_UB")
            }
        };
        let mut names = ExpressionNames::default();
        visit_stmt_exprs(statements, &mut |e| {
            visit_expr(e, &mut |e| match &e.kind {
                ExprKind::Name(n) if is_marker(n) => names.markers.push((e.span, n.clone())),
                ExprKind::Call { callee, args, .. }
                    if callee.eq_ignore_ascii_case("MPI_Comm_rank") =>
                {
                    let target = match args.get(1).map(|a| &a.kind) {
                        Some(ExprKind::AddrOf(inner)) => &inner.kind,
                        Some(other) => other,
                        None => return,
                    };
                    if let ExprKind::Name(n) = target {
                        names.ranks.push(n.to_ascii_lowercase());
                    }
                }
                _ => {}
            })
        });
        names
    }

    /// Adds `names`, whose positions are relative to `start`.
    fn add(&mut self, names: &ExpressionNames, start: usize) {
        let moved = |span: Span| Span {
            start: span.start.wrapping_add(start),
            end: span.end.wrapping_add(start),
        };
        self.markers.extend(
            names
                .markers
                .iter()
                .map(|(span, n)| (moved(*span), n.clone())),
        );
        self.ranks.extend(names.ranks.iter().cloned());
    }

    /// These names with positions relative to `start`.
    fn relative_to(mut self, start: usize) -> Self {
        for (span, _) in &mut self.markers {
            span.start = span.start.wrapping_sub(start);
            span.end = span.end.wrapping_sub(start);
        }
        self
    }
}

/// The names of the whole program; each function's from the previous version's checks when
/// they have it.
pub(super) fn expression_names(cx: &Context<'_>) -> ExpressionNames {
    let analysis = cx.analysis;
    let (program, language) = (&analysis.program, analysis.language);
    let previous = analysis.names.previous.as_deref();
    let mut memo = NamesMemo::default();
    let mut all = ExpressionNames::of(&program.globals, language);
    for function in &program.functions {
        let Some(identity) = function.identity() else {
            all.add(&ExpressionNames::of(&function.body, language), 0);
            continue;
        };
        let start = function.span().start;
        let names = previous
            .and_then(|p| p.entries.get(&identity).cloned())
            .unwrap_or_else(|| {
                Arc::new(ExpressionNames::of(&function.body, language).relative_to(start))
            });
        all.add(&names, start);
        memo.entries.insert(identity, names);
    }
    // A second check of the same analysis keeps the first one's.
    let _ = analysis.names.next.set(Arc::new(memo));
    all
}

#[cfg(test)]
mod tests {
    use crate::analysis::{reanalyze, Analysis, AnalysisOptions};
    use crate::checks::{check, RuleSelection};
    use crate::source::Language;
    use crate::syntax::NoIncludes;
    use std::sync::Arc;

    const FILE: &str = "#include <mpi.h>
void first(void) { int r; MPI_Comm_rank(MPI_COMM_WORLD, &r); }
void second(MPI_Datatype *t) {
    int b[2] = {1, 1}; MPI_Aint d[2] = {0, 16}; MPI_Datatype ts[2] = {MPI_INT, MPI_UB};
    MPI_Type_struct(2, b, d, ts, t);
}
";

    fn checked(text: &str, previous: Option<&Analysis>) -> (Analysis, String) {
        let options = AnalysisOptions::default();
        let analysis = reanalyze(previous, text, Language::C, &options, &mut NoIncludes);
        let findings = format!("{:?}", check(&analysis, &RuleSelection::default()));
        (analysis, findings)
    }

    #[test]
    fn a_functions_names_are_kept_for_the_next_version_and_moved_with_it() {
        let (old, _) = checked(FILE, None);
        let edited = FILE.replace("int r;", "int r, extra;");
        let (new, findings) = checked(&edited, Some(&old));
        let (_, fresh) = checked(&edited, None);
        assert_eq!(findings, fresh);
        assert!(findings.contains("MPI_UB"), "{findings}");
        let (old, new) = (old.names.next.get().unwrap(), new.names.next.get().unwrap());
        let kept = new
            .entries
            .iter()
            .filter(|(identity, names)| {
                old.entries
                    .get(identity)
                    .is_some_and(|o| Arc::ptr_eq(o, names))
            })
            .count();
        // `second` moved and kept its names; `first` changed.
        assert_eq!((new.entries.len(), kept), (2, 1));
    }
}
