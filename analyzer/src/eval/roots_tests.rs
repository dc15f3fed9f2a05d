//! Tests of the roots' evaluation and merge (`roots.rs`).

use crate::analysis::{analyze, reanalyze, Analysis, AnalysisOptions};
use crate::eval::ArgumentValue;
use crate::source::Language;
use crate::syntax::NoIncludes;
use std::sync::Arc;

const FILE: &str = "#include <mpi.h>
static int helper(int n) { return 2 * n; }
void a(void) { MPI_Datatype t; MPI_Type_contiguous(helper(2), MPI_INT, &t); }
void b(void) { MPI_Datatype t; MPI_Type_contiguous(3, MPI_INT, &t); MPI_Type_commit(&t); }
void c(void) { MPI_Datatype t; MPI_Type_contiguous(helper(5), MPI_INT, &t); }
int main(void) { MPI_Datatype t; MPI_Type_vector(2, 1, 4, MPI_INT, &t); return 0; }
";

fn analysis(text: &str, previous: Option<&Analysis>) -> Analysis {
    let options = AnalysisOptions::default();
    reanalyze(previous, text, Language::C, &options, &mut NoIncludes)
}

/// How many roots of the new analysis share `part` of what it keeps with the old one.
fn shared<T>(old: &Analysis, new: &Analysis, part: fn(&super::Kept) -> &Arc<T>) -> usize {
    new.roots
        .entries
        .iter()
        .filter(|(key, kept)| {
            old.roots
                .entries
                .get(key)
                .is_some_and(|old| Arc::ptr_eq(part(old), part(kept)))
        })
        .count()
}

/// The roots whose results the new analysis kept from the old one.
fn kept(old: &Analysis, new: &Analysis) -> usize {
    shared(old, new, |kept| &kept.result)
}

/// The roots whose calls the new analysis shares with the old one.
fn calls_shared(old: &Analysis, new: &Analysis) -> usize {
    shared(old, new, |kept| &kept.placed)
}

fn same_as_fresh(new: &Analysis) {
    same_as_fresh_in(new, Language::C);
}

fn same_as_fresh_in(new: &Analysis, language: Language) {
    let fresh = analyze(
        new.text(),
        language,
        &AnalysisOptions::default(),
        &mut NoIncludes,
    );
    assert_eq!(
        format!("{:?}", new.evaluation),
        format!("{:?}", fresh.evaluation)
    );
}

#[test]
fn an_edit_in_one_root_evaluates_that_root_again_and_moves_the_others() {
    let old = analysis(FILE, None);
    assert_eq!(old.roots.entries.len(), 4);
    let new = analysis(&FILE.replace("(3, MPI_INT", "(3 + 1, MPI_INT"), Some(&old));
    same_as_fresh(&new);
    assert_eq!(kept(&old, &new), 3);
    // `a`'s calls are where they were; those of `c` and `main` moved.
    assert_eq!(calls_shared(&old, &new), 1);
}

#[test]
fn a_moved_call_shares_its_arguments_and_its_definition_what_holds_no_position() {
    let old = analysis(FILE, None);
    let new = analysis(&FILE.replace("(3, MPI_INT", "(3 + 1, MPI_INT"), Some(&old));
    same_as_fresh(&new);
    let vector = |analysis: &Analysis| {
        let calls = &analysis.evaluation.calls;
        calls
            .iter()
            .find(|c| c.function.name == "MPI_Type_vector")
            .cloned()
            .expect("main's call")
    };
    let (before, after) = (vector(&old), vector(&new));
    assert_eq!(after.span.start, before.span.start + 4);
    assert!(Arc::ptr_eq(&before.args, &after.args));
    let written: Vec<&str> = after
        .args
        .iter()
        .map(|arg| new.slice(after.span_of(arg)))
        .collect();
    assert_eq!(written, ["2", "1", "4", "MPI_INT", "&t"]);
    let definition = |analysis: &Analysis| {
        let definitions = &analysis.evaluation.definitions;
        definitions
            .iter()
            .find(|d| d.constructor.name == "MPI_Type_vector")
            .cloned()
            .expect("main's definition")
    };
    let (before, after) = (definition(&old), definition(&new));
    assert_eq!(new.slice(after.target_span), "&t");
    assert!(Arc::ptr_eq(&before.target, &after.target));
    assert!(Arc::ptr_eq(&before.handles, &after.handles));
    assert!(Arc::ptr_eq(&before.variants, &after.variants));
}

#[test]
fn a_call_in_a_helper_that_stayed_keeps_its_arguments_when_its_caller_moved() {
    let text = "#include <mpi.h>
static void pair(MPI_Datatype *t) { MPI_Type_contiguous(2, MPI_INT, t); }
void b(void) { MPI_Datatype u; MPI_Type_contiguous(3, MPI_INT, &u); }
int main(void) { MPI_Datatype t; pair(&t); MPI_Type_commit(&t); return 0; }
";
    let old = analysis(text, None);
    let new = analysis(&text.replace("(3, MPI_INT", "(3 + 1, MPI_INT"), Some(&old));
    same_as_fresh(&new);
    let pair = |analysis: &Analysis| {
        let calls = &analysis.evaluation.calls;
        calls
            .iter()
            .find(|c| analysis.slice(c.span) == "MPI_Type_contiguous(2, MPI_INT, t)")
            .cloned()
            .expect("the helper's call")
    };
    let (before, after) = (pair(&old), pair(&new));
    assert_eq!(before.span, after.span);
    assert!(Arc::ptr_eq(&before.args, &after.args));
}

#[test]
fn a_moved_call_naming_a_declaration_out_of_it_moves_that_position_too() {
    let text = "#include <mpi.h>
void a(void) { MPI_Datatype t; MPI_Type_contiguous(3, MPI_INT, &t); }
void b(void) {
int lengths[2];
int offsets[2] = {0, 4};
MPI_Datatype t;
MPI_Type_indexed(2, lengths, offsets, MPI_INT, &t);
}
";
    let old = analysis(text, None);
    let new = analysis(&text.replace("(3, MPI_INT", "(3 + 1, MPI_INT"), Some(&old));
    same_as_fresh(&new);
    let indexed = new
        .evaluation
        .calls
        .iter()
        .find(|c| c.function.name == "MPI_Type_indexed")
        .expect("b's call");
    let declaration = indexed.args.iter().find_map(|arg| match &arg.value {
        ArgumentValue::Array {
            unwritten: Some(unwritten),
            ..
        } => Some(unwritten.declaration),
        _ => None,
    });
    assert!(!indexed.args_in_call);
    assert_eq!(new.slice(declaration.expect("unwritten")), "lengths[2]");
}

#[test]
fn an_edit_in_a_helper_evaluates_the_roots_that_call_it_again() {
    let old = analysis(FILE, None);
    let new = analysis(&FILE.replace("2 * n", "3 * n"), Some(&old));
    same_as_fresh(&new);
    // `b` and `main` do not call the helper; nothing moved, and their handles are numbered
    // as before.
    assert_eq!(kept(&old, &new), 2);
    assert_eq!(calls_shared(&old, &new), 2);
}

#[test]
fn an_edit_to_what_every_function_sees_evaluates_every_root_again() {
    let old = analysis(FILE, None);
    let with_global = FILE.replace("static int helper", "int g = 1;\nstatic int helper");
    let new = analysis(&with_global, Some(&old));
    same_as_fresh(&new);
    assert_eq!(kept(&old, &new), 0);
}

/// A helper that builds a datatype, called from two roots: one commits what it returns,
/// the other does not. Its one definition joins both roots' evaluations.
const SHARED_HELPER: &str = "#include <mpi.h>
static MPI_Datatype pair(void) { MPI_Datatype t; MPI_Type_contiguous(2, MPI_INT, &t); return t; }
void a(void) { MPI_Datatype t = pair(); MPI_Type_commit(&t); }
void b(void) { MPI_Datatype u = pair(); }
void c(void) { MPI_Datatype v; MPI_Type_vector(2, 1, 4, MPI_INT, &v); MPI_Type_commit(&v); }
";

#[test]
fn a_definition_two_roots_reach_is_joined_and_its_commit_flags_set_from_both() {
    let old = analysis(SHARED_HELPER, None);
    let pair = |analysis: &Analysis| {
        let d = analysis
            .evaluation
            .definitions
            .iter()
            .find(|d| d.constructor.name == "MPI_Type_contiguous")
            .expect("the helper's definition");
        (d.handles.len(), d.committed)
    };
    assert_eq!(pair(&old), (2, crate::eval::value::Tri::Maybe));
    // An edit in `c` only: `a` and `b` are kept, and their joined definition is made again
    // from their shared ones.
    let new = analysis(&SHARED_HELPER.replace("(2, 1, 4", "(3, 1, 4"), Some(&old));
    same_as_fresh(&new);
    assert_eq!(kept(&old, &new), 2);
    assert_eq!(pair(&new), (2, crate::eval::value::Tri::Maybe));
    // An edit in `b` that commits its handle too.
    let both = SHARED_HELPER.replace("pair(); }", "pair(); MPI_Type_commit(&u); }");
    let new = analysis(&both, Some(&old));
    same_as_fresh(&new);
    assert_eq!(pair(&new), (2, crate::eval::value::Tri::Yes));
}

#[test]
fn an_edit_that_moves_a_declaration_keeps_the_roots_that_did_not_change() {
    let text = "#include <mpi.h>
void a(void) { MPI_Datatype t; MPI_Type_contiguous(3, MPI_INT, &t); }
struct s { int x; double y; };
#define N 2
void b(void) { MPI_Datatype t; MPI_Type_contiguous(N, MPI_INT, &t); }
int main(void) { struct s v; MPI_Datatype t; MPI_Type_contiguous(sizeof v, MPI_BYTE, &t); return 0; }
";
    let old = analysis(text, None);
    assert_eq!(old.roots.entries.len(), 3);
    // `a` grows: the struct, the macro and the functions after them move.
    let new = analysis(&text.replace("(3, MPI_INT", "(3 + 1, MPI_INT"), Some(&old));
    same_as_fresh(&new);
    assert_eq!(kept(&old, &new), 2);
}

/// Roots that read one struct, another through a typedef, one that is not declared, and none;
/// a global that reads a third.
const TYPES: &str = "#include <mpi.h>
struct s { int x; double y; };
struct t { char c; };
typedef struct t t_t;
struct g { int k[2]; };
int n = sizeof(struct g);
void a(void) { struct s v; MPI_Datatype d; MPI_Type_contiguous(sizeof v, MPI_BYTE, &d); }
void b(void) { t_t v; MPI_Datatype d; MPI_Type_contiguous(sizeof v, MPI_BYTE, &d); }
void c(void) { MPI_Datatype d; MPI_Type_contiguous(3, MPI_INT, &d); }
void e(void) { struct u v; MPI_Datatype d; MPI_Type_contiguous(sizeof v, MPI_BYTE, &d); }
int main(void) { MPI_Datatype d; MPI_Type_contiguous(n, MPI_BYTE, &d); return 0; }
";

#[test]
fn an_edit_to_a_struct_evaluates_again_only_the_roots_that_read_it() {
    let old = analysis(TYPES, None);
    assert_eq!(old.roots.entries.len(), 5);
    let cases = [
        // `a` reads `struct s`.
        ("double y;", "double y; int z;", 4),
        // `b` reads `struct t` through the typedef.
        ("char c;", "char c, d;", 4),
        // A new typedef of the name: `b` reads it.
        ("typedef struct t t_t;", "typedef struct s t_t;", 4),
        // `e` read `struct u`, which was not declared.
        (
            "struct t { char c; };",
            "struct t { char c; };\nstruct u { int k; };",
            4,
        ),
        // What the globals hold is every root's start: they are all evaluated again.
        ("int k[2];", "int k[3];", 0),
        // A struct no root reads, declared between them: every result is kept.
        ("int n =", "struct w { int k; };\nint n =", 5),
    ];
    for (from, to, kept_roots) in cases {
        let new = analysis(&TYPES.replace(from, to), Some(&old));
        same_as_fresh(&new);
        assert_eq!(kept(&old, &new), kept_roots, "{to}");
    }
}

#[test]
fn globals_that_tell_objects_apart_by_where_they_are_made_are_no_key_for_reuse() {
    // Two compound literals of one macro use are one object; written out, two.
    let text = "#include <mpi.h>
#define TWO int *a = (int[]){8, 2}; int *b = (int[]){5, 5};
TWO
int main(void) { MPI_Datatype d; MPI_Type_contiguous(a[0], MPI_INT, &d); return 0; }
";
    let written = text.replace(
        "\nTWO\n",
        "\nint *a = (int[]){8, 2}; int *b = (int[]){5, 5};\n",
    );
    for (from, to) in [(text, written.as_str()), (written.as_str(), text)] {
        let old = analysis(from, None);
        let new = analysis(to, Some(&old));
        same_as_fresh(&new);
        assert_eq!(kept(&old, &new), 0);
    }
}

#[test]
fn an_edit_to_a_function_a_declaration_calls_evaluates_every_root_again() {
    // Not C, but what the evaluator accepts: the global's value is the helper's.
    let text = "#include <mpi.h>
static int helper(void) { return 3; }
int n = helper();
void a(void) { MPI_Datatype d; MPI_Type_contiguous(2, MPI_INT, &d); }
int main(void) { MPI_Datatype d; MPI_Type_contiguous(n, MPI_INT, &d); return 0; }
";
    let old = analysis(text, None);
    let new = analysis(&text.replace("return 3;", "return -1;"), Some(&old));
    same_as_fresh(&new);
    assert_eq!(kept(&old, &new), 0);
}

#[test]
fn an_edit_to_a_fortran_module_parameter_evaluates_as_a_fresh_analysis() {
    let text = "module sizes
  integer, parameter :: rows = 4
end module sizes

subroutine user(a)
  use mpi
  use sizes
  double precision :: a(*)
  integer :: t, ierr
  call MPI_Type_contiguous(rows, MPI_DOUBLE_PRECISION, t, ierr)
end subroutine user
";
    let language = Language::fortran(crate::source::FortranForm::Free, false);
    let options = AnalysisOptions::default();
    let old = reanalyze(None, text, language, &options, &mut NoIncludes);
    let edited = text.replace("rows = 4", "rows = 5");
    let new = reanalyze(Some(&old), &edited, language, &options, &mut NoIncludes);
    same_as_fresh_in(&new, language);
}

#[test]
fn nowhere_does_not_move() {
    let moves = vec![(0..5, 7)];
    assert_eq!(
        super::delta_of(&moves, &crate::source::Span::default()),
        None
    );
    assert_eq!(
        super::delta_of(&moves, &crate::source::Span::new(1, 2)),
        Some(7)
    );
}
