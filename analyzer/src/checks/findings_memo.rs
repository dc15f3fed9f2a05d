//! The findings of the rules that read only roots (`Scope::Roots`), kept for the next version of
//! the file: after an edit, the language server checks the functions of the roots the edit
//! reached, not the file.
//!
//! The program's functions are grouped: the functions one root runs are in its group, and two
//! roots that share a function share a group. A group's findings are kept under a key made of
//! what they depend on: the keys of its roots' results (`eval/roots.rs`; they hold the
//! globals, the options, the identities of every function the roots run and the types their
//! evaluations read), the rules that ran, and the rest of the lines the group's functions start
//! and end on. The rules read the program's types only through those evaluations (`check`
//! asserts it in debug builds): an edit to a struct no root of the group read keeps the group's
//! findings. A group whose root or function has no identity is checked every time, as are the
//! calls outside functions, and every group of a file whose functions' texts overlap.

use std::sync::Arc;

use super::{Context, Diagnostic, Rule};
use crate::fingerprint::Fingerprint;
use crate::hash::HashMap;
use crate::source::Span;

/// One version's kept findings, for the next.
#[derive(Debug, Default)]
pub(crate) struct FindingsMemo {
    entries: HashMap<Fingerprint, Arc<GroupFindings>>,
    /// How many groups' findings were taken from the previous version's.
    pub(crate) kept: usize,
}

/// The findings in each function of a group, in the group's order, with positions relative to
/// the function's start.
#[derive(Debug)]
struct GroupFindings(Vec<Vec<Diagnostic>>);

/// The program's functions in groups, each with its key and, when the previous version has
/// them, its findings.
pub(super) struct Groups {
    /// Per program function: its group and its place in the group, when the group has a key.
    of_function: Vec<Option<(usize, usize)>>,
    groups: Vec<Group>,
}

struct Group {
    key: Fingerprint,
    functions: Vec<usize>,
    kept: Option<Arc<GroupFindings>>,
}

impl Groups {
    /// Groups the program's functions and looks their keys up in the previous version's memo.
    pub(super) fn of(cx: &Context<'_>, rules: &[&Rule]) -> Groups {
        let analysis = cx.analysis;
        let functions = &analysis.program.functions;
        let mut groups = Groups {
            of_function: vec![None; functions.len()],
            groups: Vec::new(),
        };
        // Where functions overlap, finding each site's function would look at every function.
        let Some(context) = analysis
            .roots
            .context()
            .filter(|_| !cx.file.functions.is_tangled())
        else {
            return groups;
        };
        let runs = analysis.roots.runs();
        let mut sets = DisjointSets::new(functions.len());
        for run in runs {
            for &f in &run.functions[1..] {
                sets.join(run.functions[0], f);
            }
        }
        // Each group's functions in the order its roots run them and its roots' keys, by the
        // set's first function; the functions no root runs each alone.
        let mut members: Vec<(Vec<usize>, Vec<Option<Fingerprint>>)> =
            vec![Default::default(); functions.len()];
        let mut placed = vec![false; functions.len()];
        for run in runs {
            let (group, keys) = &mut members[sets.find(run.functions[0])];
            keys.push(run.key);
            for &f in &run.functions {
                if !std::mem::replace(&mut placed[f], true) {
                    group.push(f);
                }
            }
        }
        for (f, placed) in placed.into_iter().enumerate() {
            if !placed {
                members[f].0.push(f);
            }
        }
        let rules: Vec<&str> = rules.iter().map(|r| r.id).collect();
        let base = Fingerprint::default().mix(&(context, analysis.target, analysis.model, rules));
        let previous = analysis.findings.previous.as_deref();
        for (group, keys) in members.into_iter().filter(|(group, _)| !group.is_empty()) {
            let Some(key) = group_key(cx, base, &group, &keys) else {
                continue;
            };
            let index = groups.groups.len();
            for (place, &f) in group.iter().enumerate() {
                groups.of_function[f] = Some((index, place));
            }
            groups.groups.push(Group {
                key,
                kept: previous.and_then(|p| p.entries.get(&key).cloned()),
                functions: group,
            });
        }
        groups
    }

    /// Per program function, whether its findings are kept from the previous version.
    pub(super) fn kept_functions(&self) -> Vec<bool> {
        self.of_function
            .iter()
            .map(|place| place.is_some_and(|(group, _)| self.groups[group].kept.is_some()))
            .collect()
    }

    fn place_of(&self, cx: &Context<'_>, span: Span) -> Option<(usize, usize)> {
        self.of_function[cx.function_index_at(span)?]
    }

    /// The findings of the rules that read roots: those `found` in the groups that were
    /// checked, and the kept ones moved to where their functions now are. Keeps them all for
    /// the next version (but a group with a finding that reaches outside its function).
    pub(super) fn keep(self, cx: &Context<'_>, found: Vec<Diagnostic>) -> Vec<Diagnostic> {
        let functions = &cx.analysis.program.functions;
        // The checked groups' findings, relative to their functions; `None` for a kept group
        // and for one with a finding that cannot move with its function.
        let mut checked: Vec<Option<Vec<Vec<Diagnostic>>>> = self
            .groups
            .iter()
            .map(|g| {
                g.kept
                    .is_none()
                    .then(|| vec![Vec::new(); g.functions.len()])
            })
            .collect();
        let mut out = Vec::with_capacity(found.len());
        for d in found {
            if let Some((group, place)) = self.place_of(cx, d.span) {
                if self.groups[group].kept.is_some() {
                    continue;
                }
                let function = functions[self.groups[group].functions[place]].span();
                let relative = relative_to(&d, function);
                match (&mut checked[group], relative) {
                    (Some(findings), Some(relative)) => findings[place].push(relative),
                    (checked, _) => *checked = None,
                }
            }
            out.push(d);
        }
        let mut memo = FindingsMemo::default();
        for (group, checked) in self.groups.into_iter().zip(checked) {
            let findings = match (group.kept, checked) {
                (Some(kept), _) => {
                    memo.kept += 1;
                    for (&f, findings) in group.functions.iter().zip(&kept.0) {
                        let start = functions[f].span().start as isize;
                        out.extend(findings.iter().map(|d| moved(d, start)));
                    }
                    kept
                }
                (None, Some(checked)) => Arc::new(GroupFindings(checked)),
                (None, None) => continue,
            };
            memo.entries.insert(group.key, findings);
        }
        // A second check of the same analysis keeps the first one's.
        let _ = cx.analysis.findings.next.set(Arc::new(memo));
        out
    }
}

/// The key of a group's findings; `None` when a root or function of it has no identity.
fn group_key(
    cx: &Context<'_>,
    base: Fingerprint,
    group: &[usize],
    keys: &[Option<Fingerprint>],
) -> Option<Fingerprint> {
    let text = cx.analysis.text();
    let keys: Vec<Fingerprint> = keys.iter().copied().collect::<Option<_>>()?;
    let mut key = base.mix(&keys);
    for &f in group {
        let function = &cx.analysis.program.functions[f];
        let span = function.span();
        // The rest of the lines it starts and ends on, which a fix's indentation and line end
        // read.
        let (before, after) = (text.get(..span.start)?, text.get(span.end..)?);
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line_end = after.find('\n').unwrap_or(after.len());
        key = key.mix(&(
            function.identity()?,
            &before[line_start..],
            &after[..line_end],
        ));
    }
    Some(key)
}

/// A finding with positions relative to the start of `function`, when they all lie in it.
/// Nowhere (`Span::default()`) is in no function: relative to one, it would be a position.
fn relative_to(d: &Diagnostic, function: Span) -> Option<Diagnostic> {
    let inside = |span: &Span| {
        *span != Span::default() && function.start <= span.start && span.end <= function.end
    };
    let spans_inside = inside(&d.span)
        && d.related.iter().all(|r| inside(&r.span))
        && d.fixes
            .iter()
            .flat_map(|f| &f.edits)
            .all(|e| inside(&e.span));
    spans_inside.then(|| moved(d, -(function.start as isize)))
}

/// A finding with its positions moved by `delta`.
fn moved(d: &Diagnostic, delta: isize) -> Diagnostic {
    let mut d = d.clone();
    d.span = d.span.moved_by(delta);
    for related in &mut d.related {
        related.span = related.span.moved_by(delta);
    }
    for edit in d.fixes.iter_mut().flat_map(|f| &mut f.edits) {
        edit.span = edit.span.moved_by(delta);
    }
    d
}

/// Sets of functions, joined one pair at a time.
struct DisjointSets(Vec<usize>);

impl DisjointSets {
    fn new(len: usize) -> Self {
        DisjointSets((0..len).collect())
    }

    fn find(&mut self, mut i: usize) -> usize {
        while self.0[i] != i {
            self.0[i] = self.0[self.0[i]];
            i = self.0[i];
        }
        i
    }

    fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        self.0[a.max(b)] = a.min(b);
    }
}

#[cfg(test)]
mod tests {
    use crate::analysis::{analyze, reanalyze, Analysis, AnalysisOptions};
    use crate::checks::{check, RuleSelection};
    use crate::source::Language;
    use crate::syntax::NoIncludes;
    use std::sync::Arc;

    /// `a` sends a type it never commits; `b` and `c` share a helper, and `c` loses a type;
    /// `d` is clean.
    const FILE: &str = "#include <mpi.h>
void a(double *x) {
    MPI_Datatype t;
    MPI_Type_vector(2, 1, 4, MPI_DOUBLE, &t);
    MPI_Send(x, 1, t, 0, 0, MPI_COMM_WORLD);
    MPI_Type_free(&t);
}
static void helper(MPI_Datatype *t) { MPI_Type_contiguous(3, MPI_INT, t); }
void b(void) { MPI_Datatype u; helper(&u); MPI_Type_commit(&u); }
void c(void) { MPI_Datatype v, lost; helper(&v); MPI_Type_contiguous(5, MPI_INT, &lost); }
void d(void) { MPI_Datatype w; MPI_Type_contiguous(2, MPI_INT, &w); MPI_Type_free(&w); }
";

    fn checked(text: &str, previous: Option<&Analysis>) -> (Analysis, String) {
        let options = AnalysisOptions::default();
        let analysis = reanalyze(previous, text, Language::C, &options, &mut NoIncludes);
        let findings = format!("{:?}", check(&analysis, &RuleSelection::default()));
        (analysis, findings)
    }

    fn fresh(text: &str) -> String {
        let analysis = analyze(
            text,
            Language::C,
            &AnalysisOptions::default(),
            &mut NoIncludes,
        );
        format!("{:?}", check(&analysis, &RuleSelection::default()))
    }

    #[test]
    fn a_finding_that_points_nowhere_is_not_kept_relative_to_its_function() {
        let analysis = analyze(
            FILE,
            Language::C,
            &AnalysisOptions::default(),
            &mut NoIncludes,
        );
        let findings = check(&analysis, &RuleSelection::default());
        let finding = findings.first().expect("a finding");
        let function = crate::source::Span::new(0, FILE.len());
        assert!(super::relative_to(finding, function).is_some());
        let mut nowhere = finding.clone();
        nowhere.related.push(crate::checks::Related {
            span: crate::source::Span::default(),
            message: String::new(),
        });
        // Relative to a function at the start of the file, nowhere would be its first byte.
        assert!(super::relative_to(&nowhere, function).is_none());
    }

    /// How many of the new version's groups share their findings with the old one.
    fn shared(old: &Analysis, new: &Analysis) -> usize {
        let (old, new) = (
            old.findings.next.get().unwrap(),
            new.findings.next.get().unwrap(),
        );
        new.entries
            .iter()
            .filter(|(key, f)| old.entries.get(key).is_some_and(|o| Arc::ptr_eq(o, f)))
            .count()
    }

    #[test]
    fn an_edit_in_one_function_checks_its_group_again_and_moves_the_others_findings() {
        let (old, findings) = checked(FILE, None);
        assert!(findings.contains("missing-commit"), "{findings}");
        assert!(findings.contains("type-leak"), "{findings}");
        // Groups: `a`; `helper`, `b` and `c`; `d`.
        assert_eq!(old.findings.next.get().unwrap().entries.len(), 3);
        // After an edit, checked as fresh: how many groups kept their findings, and how many
        // share them with the old version.
        let after = |edited: &str| {
            let (new, findings) = checked(edited, Some(&old));
            assert_eq!(findings, fresh(edited));
            (new.findings_kept(), shared(&old, &new))
        };
        // An edit in `d` that moves nothing else.
        assert_eq!(
            after(&FILE.replace("(2, MPI_INT, &w)", "(2 + 1, MPI_INT, &w)")),
            (2, 2)
        );
        // An edit in `a` that moves every other function and its findings.
        let in_a = FILE.replace("MPI_Datatype t;", "MPI_Datatype t; /* moved */ int n = 4;");
        assert_eq!(after(&in_a), (2, 2));
        // An edit in the helper: its group, with `b` and `c`, is checked again.
        assert_eq!(
            after(&FILE.replace("(3, MPI_INT, t)", "(4, MPI_INT, t)")).0,
            2
        );
    }

    #[test]
    fn a_group_is_checked_again_when_the_rules_or_the_rest_of_its_first_line_change() {
        let (old, _) = checked(FILE, None);
        let options = AnalysisOptions::default();
        let new = reanalyze(Some(&old), FILE, Language::C, &options, &mut NoIncludes);
        let only_commit = RuleSelection {
            select: Some(vec!["missing-commit".to_owned()]),
            ignore: Vec::new(),
        };
        let findings = check(&new, &only_commit);
        assert_eq!(new.findings_kept(), 0);
        assert!(findings.iter().all(|d| d.rule.id == "missing-commit"));
        // `c` ends on the line `d` starts on, and the blanks between them change: `a`'s
        // findings are kept, those of `c`'s group and of `d` are looked for again.
        let joined = |gap: &str| FILE.replace("}\nvoid d(", &format!("}}{gap}void d("));
        let (previous, _) = checked(&joined("   "), None);
        let (new, findings) = checked(&joined("  "), Some(&previous));
        assert_eq!(findings, fresh(&joined("  ")));
        assert_eq!(new.findings_kept(), 1);
    }

    /// `a` sends a struct with a datatype that misfits it; `b` leaks a type; `c` is clean.
    const STRUCTS: &str = "#include <mpi.h>
struct p { int id; double x; };
struct q { char c; };
void a(struct p *ps) {
    int len[2] = {1, 1};
    MPI_Aint disp[2] = {0, 4};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, t;
    MPI_Type_create_struct(2, len, disp, types, &t);
    MPI_Type_commit(&t);
    MPI_Send(ps, 1, t, 0, 0, MPI_COMM_WORLD);
    MPI_Type_free(&t);
}
void b(void) { MPI_Datatype u; MPI_Type_contiguous(3, MPI_INT, &u); }
void c(void) { MPI_Datatype v; MPI_Type_contiguous(2, MPI_INT, &v); MPI_Type_free(&v); }
";

    #[test]
    fn an_edit_to_a_struct_checks_again_only_the_groups_that_read_it() {
        let (old, findings) = checked(STRUCTS, None);
        assert!(findings.contains("displacement-mismatch"), "{findings}");
        assert_eq!(old.findings.next.get().unwrap().entries.len(), 3);
        let cases = [
            // `a` reads `struct p`, its buffer's type.
            ("double x; };", "double x; int y; };", 2),
            // No root reads `struct q`.
            ("char c; };", "char c, d; };", 3),
            // Moved down a line, the structs are the same.
            ("struct p {", "\nstruct p {", 3),
        ];
        for (from, to, kept) in cases {
            let edited = STRUCTS.replace(from, to);
            let (new, findings) = checked(&edited, Some(&old));
            assert_eq!(findings, fresh(&edited));
            assert_eq!(new.findings_kept(), kept, "{to}");
        }
    }
}
