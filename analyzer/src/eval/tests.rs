//! Unit tests of the evaluator's budgets on inputs the fuzzers found
//! (`analyzer/fuzz/regressions`): what it keeps stays bounded however long the code loops.

use crate::analysis::{analyze_under, Analysis};
use crate::checks::{check, RuleSelection};
use crate::dtype::MpiModel;
use crate::source::{FortranForm, Language};

const C: Language = Language::C;
const FREE: Language = Language::fortran(FortranForm::Free, false);
const FREE_CPP: Language = Language::fortran(FortranForm::Free, true);

fn run(text: &str, language: Language) -> Analysis {
    analyze_under(text, language, MpiModel::default())
}

fn fuzz_regression(file: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions");
    String::from_utf8_lossy(&std::fs::read(dir.join(file)).unwrap()).into_owned()
}

fn assert_note(analysis: &Analysis, fragment: &str) {
    let notes: Vec<&str> = analysis.notes.iter().map(|n| n.message.as_str()).collect();
    assert!(notes.iter().any(|n| n.contains(fragment)), "{notes:?}");
}

/// Constructor calls inside loops run to the step budget (two fuzz timeouts): a call makes at
/// most 64 handles, so joins stay as cheap as the code is small.
#[test]
fn constructors_in_loops_run_to_the_budget() {
    for (file, language) in [
        ("handles-in-loop-c_frontend.c", C),
        ("handles-in-loop-fortran_free.f90", FREE),
    ] {
        let analysis = run(&fuzz_regression(file), language);
        assert_note(&analysis, "not followed");
        assert!(analysis.evaluation.handles.len() < 200, "{file}");
    }
    let c = "void f(void) {\n  MPI_Datatype t[1000];\n\
             for (int i = 0; i < 1000; i++) {\n    MPI_Type_contiguous(i + 1, MPI_INT, &t[i]);\n\
             if (i % 7) MPI_Type_commit(&t[i]);\n  }\n  MPI_Type_free(&t[999]);\n\
             MPI_Send(0, 1, t[998], 0, 0, MPI_COMM_WORLD);\n}\n";
    let analysis = run(c, C);
    assert_note(&analysis, "not followed");
    // Handles past the 64th are unknown: no finding about them is guessed.
    let diagnostics = check(&analysis, &RuleSelection::default());
    assert!(
        diagnostics.iter().all(|d| d.rule.id != "use-after-free"),
        "{diagnostics:?}"
    );
}

/// MPI calls in a loop run to the budget (a fuzz out-of-memory: 175k calls recorded, 460 MB):
/// a call's evaluations after its 64th are recorded as one with unknown values.
#[test]
fn calls_in_loops_are_recorded_up_to_a_bound() {
    let analysis = run(&fuzz_regression("calls-in-loop-fortran_free.F90"), FREE_CPP);
    assert!(analysis.evaluation.calls.iter().count() < 2_000);
    // A count that changes every iteration: the state never repeats.
    let c = "void f(double *buf) {
  for (int i = 1; i < 1000000; i++)
                 MPI_Send(buf, i, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
}
";
    let analysis = run(c, C);
    assert_note(&analysis, "not told apart");
    assert!(analysis.evaluation.calls.iter().count() < 2_000);
}

/// Declarations that share a span (a header's all stand at its `#include`) are distinct
/// variables: a header of globals once made every one of them the last one declared.
#[test]
fn declarations_at_one_span_are_distinct_variables() {
    let text = "#include <mpi.h>\n#include \"g.h\"\nvoid f(void) {\n  \
                MPI_Send(a, 10, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);\n  \
                MPI_Send(&flag, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);\n  \
                MPI_Send(name, 16, MPI_CHAR, 0, 0, MPI_COMM_WORLD);\n}\n";
    let mut includes = std::collections::HashMap::new();
    includes.insert(
        "g.h".to_owned(),
        "double a[10];\nint flag;\nchar name[16];\n".to_owned(),
    );
    let analysis = crate::analysis::analyze(
        text,
        C,
        &crate::analysis::AnalysisOptions::default(),
        &mut includes,
    );
    let diagnostics = check(&analysis, &RuleSelection::default());
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let sizes: Vec<Option<i128>> = analysis
        .evaluation
        .calls
        .iter()
        .map(|call| match &call.args[0].value {
            super::ArgumentValue::Buffer(buffer) => buffer.object_bytes,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(sizes, [Some(80), Some(4), Some(16)]);
}

/// The sizes of the types the file builds, in order (`None` where unknown).
fn sizes(text: &str, language: Language) -> Vec<Option<i128>> {
    run(text, language)
        .types()
        .iter()
        .map(|t| t.datatype.as_ref().map(crate::dtype::Datatype::size))
        .collect()
}

/// Double arithmetic converted to an integer, as C and Fortran do it; `float`, `long double`
/// and default-REAL arithmetic round otherwise than doubles and stay unknown.
#[test]
fn doubles_convert_to_integers_by_truncation() {
    let c = "void f(int argc) {\n  MPI_Datatype a, b, c, d, e, g;\n  int half = 9 * 0.5;\n  \
             double w = 2.75;\n  \
             MPI_Type_contiguous((int)(10 * 0.5), MPI_INT, &a);\n  \
             MPI_Type_contiguous(half, MPI_INT, &b);\n  \
             MPI_Type_contiguous(-w * -2, MPI_INT, &c);\n  \
             MPI_Type_contiguous((int)(10 * 0.5f), MPI_INT, &d);\n  \
             MPI_Type_contiguous((int)(1e300 * 1e300), MPI_INT, &e);\n  \
             MPI_Type_contiguous((unsigned char)(300.0), MPI_INT, &g);\n}\n";
    assert_eq!(
        sizes(c, C),
        [Some(20), Some(16), Some(20), None, None, None]
    );
    let fortran = "subroutine s\n  use mpi\n  integer :: a, b, n, m, ierr\n  \
                   n = 10 * 0.25d0\n  m = 10 * 0.25\n  \
                   call MPI_TYPE_CONTIGUOUS(n, MPI_INTEGER, a, ierr)\n  \
                   call MPI_TYPE_CONTIGUOUS(m, MPI_INTEGER, b, ierr)\nend subroutine\n";
    assert_eq!(sizes(fortran, FREE), [Some(8), None]);
}

/// `sizeof` of what the declarations type even where the value is unknown, and of a literal.
#[test]
fn sizeof_forms_take_the_declared_type() {
    let c = "struct s { int a; double f[3]; };\n\
             void g(double (*rows)[7], struct s *p) {\n  MPI_Datatype a, b, c, d, e, h;\n  \
             MPI_Type_contiguous(sizeof \"hello\", MPI_CHAR, &a);\n  \
             MPI_Type_contiguous(sizeof rows[0], MPI_CHAR, &b);\n  \
             MPI_Type_contiguous(sizeof(((struct s *)0)->f), MPI_CHAR, &c);\n  \
             MPI_Type_contiguous(sizeof p->f[1], MPI_CHAR, &d);\n  \
             MPI_Type_contiguous(sizeof L\"wide\", MPI_CHAR, &e);\n  \
             MPI_Type_contiguous(sizeof \"caf\\xe9\", MPI_CHAR, &h);\n}\n";
    assert_eq!(
        sizes(c, C),
        [Some(6), Some(56), Some(24), Some(8), None, None]
    );
}

/// C's zero initialisation: what an initialiser list leaves out, and `memset` of a whole object
/// to 0; a partial or non-zero `memset` forgets the object.
#[test]
fn zero_initialisation_and_memset() {
    let c = "struct s { int n; double w; int k[2]; };\nvoid f(void) {\n  \
             MPI_Datatype a, b, c, d, e;\n  int lens[4] = {3};\n  struct s r = {.w = 1.0};\n  \
             int m[2] = {5, 6}, q[2] = {7, 8};\n  \
             memset(m, 0, sizeof m);\n  memset(q, 0, sizeof q[0]);\n  \
             MPI_Type_contiguous(lens[0] + lens[3] + 1, MPI_INT, &a);\n  \
             MPI_Type_contiguous(r.n + r.k[1] + 2, MPI_INT, &b);\n  \
             MPI_Type_contiguous(m[1] + 3, MPI_INT, &c);\n  \
             MPI_Type_contiguous(q[1], MPI_INT, &d);\n  \
             MPI_Type_contiguous(strlen(\"abc\"), MPI_INT, &e);\n}\n";
    assert_eq!(sizes(c, C), [Some(16), Some(8), Some(12), None, Some(12)]);
}

/// A forward GO TO to an error exit leaves the values known on the path that does not jump, and
/// the exit's code runs on the paths that jumped; a label a backward or computed jump reaches
/// still forgets.
#[test]
fn forward_gotos_join_at_their_label() {
    let fortran =
        "subroutine s(flag)\n  use mpi\n  integer :: flag, t, u, v, n, m, ierr\n  n = 4\n  \
                   call MPI_TYPE_CONTIGUOUS(n, MPI_REAL, t, ierr)\n  \
                   if (ierr /= 0) goto 99\n  \
                   call MPI_TYPE_VECTOR(n, 1, 2, t, u, ierr)\n  call MPI_TYPE_FREE(u, ierr)\n  \
                   if (flag > 0) go to 98\n  m = 7\n\
                   98 continue\n  call MPI_TYPE_CONTIGUOUS(3, t, v, ierr)\n  \
                   call MPI_TYPE_FREE(v, ierr)\n\
                   99 call MPI_TYPE_FREE(t, ierr)\nend subroutine\n";
    assert_eq!(sizes(fortran, FREE), [Some(16), Some(64), Some(48)]);
    let diagnostics = check(&run(fortran, FREE), &RuleSelection::default());
    assert!(
        diagnostics.iter().all(|d| d.rule.id != "type-leak"),
        "{diagnostics:#?}"
    );
    let backward = "subroutine s\n  use mpi\n  integer :: t, n, ierr\n  n = 4\n\
                    10 continue\n  call MPI_TYPE_CONTIGUOUS(n, MPI_REAL, t, ierr)\n  \
                    call MPI_TYPE_FREE(t, ierr)\n  n = n + 1\n  if (n < 6) goto 10\nend subroutine\n";
    assert_eq!(sizes(backward, FREE), [None]);
}

/// What the oracle suite found wrong: `(n) + 2 * 2` read as a cast of `+2` to a type `n`;
/// integers not narrowed to the type that receives them; a macro and a variable of one name
/// (where the macro is defined, the name is the macro: 10 ints, as MPICH says).
#[test]
fn casts_narrowing_and_names_that_are_macros_too() {
    let c = "#include <stddef.h>\n#define ROWLEN(n) ((n) + 2 * 2)\nvoid f(void) {\n  \
             MPI_Datatype a, b, c, d, e;\n  int n = 8, big = 65538;\n  short s = big;\n  \
             MPI_Type_contiguous(ROWLEN(n), MPI_INT, &a);\n  \
             MPI_Type_contiguous((unsigned char)260, MPI_INT, &b);\n  \
             MPI_Type_contiguous(s, MPI_INT, &c);\n  int width = 6;\n#define width 10\n  \
             MPI_Type_contiguous(width, MPI_INT, &d);\n  \
             MPI_Type_contiguous((size_t)-1 > 0, MPI_INT, &e);\n}\n";
    assert_eq!(sizes(c, C), [None, Some(16), None, Some(40), Some(4)]);
}

/// Paths that leave a loop by `goto`, `return` or `break`, one per iteration, are joined as
/// they leave: what is pending stays one state per label, per function and per loop however
/// many iterations run (a tree of real C grew to 400 MB while they piled up).
#[test]
fn exits_from_long_loops_stay_one_state_each() {
    let c = "int g(int);\nint f(int m) {\n  MPI_Datatype t; int i, n = 3, k = 2;\n  \
             for (i = 0; i < 100000; i++) {\n    if (g(i)) goto fail;\n    \
             if (g(i + 1)) return n;\n    if (g(i + 2)) break;\n  }\n  \
             MPI_Type_contiguous(k, MPI_INT, &t);\nfail:\n  \
             MPI_Type_contiguous(n, MPI_INT, &t);\n  return 0;\n}\n";
    assert_eq!(sizes(c, C), [Some(8), Some(12)]);
    let mut exits = super::stmt::Exits::default();
    for i in 0..1000 {
        exits.jump("fail".to_owned(), super::value::State::default());
        exits.ret(super::value::State::default(), super::value::Value::Int(i));
    }
    assert_eq!((exits.jumps.len(), exits.returns.len()), (1, 1));
    assert!(matches!(exits.returns[0].1, super::value::Value::Unknown));
}

/// A loop whose iteration leaves the state as it found it does the same forever: it ends at
/// once with the paths that left it (a retry loop of MPICH's, `while (1)` with an unknown
/// `break`, ran to the step budget in every function that used it, 60 s for one header).
#[test]
fn loops_that_change_nothing_end_at_once() {
    let c = "int g(void);\nint limit;\nvoid f(void) {\n  MPI_Datatype t; int r, n = 4, retry = limit;\n  \
             while (1) {\n    r = g();\n    if (r == 0) break;\n    \
             if (retry > 0) { retry--; }\n  }\n  MPI_Type_contiguous(n, MPI_INT, &t);\n  \
             do { n = 5; } while (n != 5);\n  MPI_Type_contiguous(n, MPI_INT, &t);\n  \
             for (;;) { n = 6; }\n  MPI_Type_contiguous(n, MPI_INT, &t);\n}\n";
    let analysis = run(c, C);
    let notes: Vec<&str> = analysis.notes.iter().map(|n| n.message.as_str()).collect();
    assert!(notes.iter().all(|n| !n.contains("budget")), "{notes:?}");
    // What the analysis does not see may end even `for (;;)` (a global a call sets).
    assert_eq!(sizes(c, C), [Some(16), Some(20), Some(24)]);
}
