//! The Fortran front end: node kinds against the grammar, snippets with inline expectations,
//! spans of fixed-form code mapped back to the original text, and bad input.

use analyzer::analysis::{analyze, Analysis, AnalysisOptions};
use analyzer::dtype::MpiModel;
use analyzer::source::{FortranForm, Language, SourceText};
use analyzer::syntax::fortran::{self, kinds};
use analyzer::syntax::NoIncludes;

const FREE: Language = Language::fortran(FortranForm::Free, false);
const FREE_CPP: Language = Language::fortran(FortranForm::Free, true);
const FIXED: Language = Language::fortran(FortranForm::Fixed, false);

fn run(text: &str, language: Language) -> Analysis {
    let options = AnalysisOptions {
        model: MpiModel::Mpich,
        ..AnalysisOptions::default()
    };
    analyze(text, language, &options, &mut NoIncludes)
}

/// The kinds the grammar's node types let hold a procedure's header at some depth: those with
/// a child (or a subtype) that is a header or holds one.
#[test]
fn the_kinds_walked_for_procedure_headers_are_all_that_may_hold_one() {
    let types: serde_json::Value =
        serde_json::from_str(tree_sitter_fortran::NODE_TYPES).expect("the grammar's node types");
    let named = |list: &serde_json::Value| -> Vec<String> {
        let list = list.as_array().into_iter().flatten();
        list.filter(|t| t["named"] == true)
            .map(|t| t["type"].as_str().expect("a type").to_owned())
            .collect()
    };
    let mut below = std::collections::HashMap::<String, Vec<String>>::new();
    for node in types.as_array().expect("a list of node types") {
        if node["named"] != true {
            continue;
        }
        let mut children = named(&node["subtypes"]);
        children.extend(named(&node["children"]["types"]));
        let fields = node["fields"].as_object().into_iter().flatten();
        children.extend(fields.flat_map(|(_, field)| named(&field["types"])));
        below.insert(node["type"].as_str().expect("a type").to_owned(), children);
    }
    let headers = ["subroutine_statement", "function_statement"];
    let mut hold: std::collections::BTreeSet<String> =
        headers.iter().map(|h| h.to_string()).collect();
    while let Some(more) = (below.iter())
        .find(|(kind, children)| !hold.contains(*kind) && children.iter().any(|c| hold.contains(c)))
        .map(|(kind, _)| kind.clone())
    {
        hold.insert(more);
    }
    // Supertypes (`_statements`) are no node of a tree.
    hold.retain(|kind| !kind.starts_with('_') && !headers.contains(&kind.as_str()));
    let walked: std::collections::BTreeSet<String> = kinds::HOLD_PROCEDURES
        .iter()
        .map(|k| k.to_string())
        .collect();
    assert_eq!(walked, hold);
}

#[test]
fn every_node_kind_is_in_the_grammar() {
    let language = fortran::language();
    for name in kinds::NAMED {
        assert_ne!(
            language.id_for_node_kind(name, true),
            0,
            "named kind {name}"
        );
    }
    for name in kinds::ANONYMOUS {
        assert_ne!(
            language.id_for_node_kind(name, false),
            0,
            "anonymous kind {name}"
        );
    }
}

/// Checks every `! expect: size=.. lb=.. extent=..` (or `! expect: unknown`) comment against
/// the type the constructor call on that line defines, and that every such call has one.
fn check_expectations(label: &str, text: &str, language: Language) {
    let analysis = run(text, language);
    let reports = analysis.types();
    let mut expected = 0;
    for (index, line) in text.lines().enumerate() {
        let Some((_, expectation)) = line.split_once("! expect:") else {
            continue;
        };
        expected += 1;
        let number = index as u32 + 1;
        let report = reports
            .iter()
            .find(|r| r.line == number)
            .unwrap_or_else(|| panic!("{label}:{number}: no datatype defined"));
        let actual = match &report.datatype {
            None => "unknown".to_owned(),
            Some(dt) => {
                let s = dt.summary(MpiModel::Mpich);
                format!("size={} lb={} extent={}", dt.size(), s.lb, s.extent())
            }
        };
        assert_eq!(actual, expectation.trim(), "{label}:{number}");
    }
    assert_eq!(
        expected,
        reports.len(),
        "{label}: a constructor without an expectation"
    );
}

const SNIPPETS: &[(&str, Language, &str)] = &[
    (
        "kinds and star lengths",
        FREE,
        r#"
program kinds
  use mpi
  integer*8 :: a8(4)
  real(kind=8) :: r8
  real*4 :: r4(10)
  complex*16 :: z
  character*12 :: label
  integer, parameter :: nl = 132
  character*(nl) :: line
  character :: tag*6
  logical :: flag
  double precision :: dp(3)
  integer :: t1, t2, t3, t4, t5, t6, ierr, n
  call MPI_Type_contiguous(storage_size(a8)/8, MPI_BYTE, t1, ierr) ! expect: size=8 lb=0 extent=8
  call MPI_Type_contiguous(storage_size(z)/8, MPI_BYTE, t2, ierr) ! expect: size=16 lb=0 extent=16
  call MPI_Sizeof(label, n, ierr)
  call MPI_Type_contiguous(n, MPI_CHARACTER, t3, ierr) ! expect: size=12 lb=0 extent=12
  call MPI_Type_contiguous(size(r4) + size(dp), MPI_REAL, t4, ierr) ! expect: size=52 lb=0 extent=52
  call MPI_Type_contiguous(kind(r8) + kind(flag), MPI_INTEGER, t5, ierr) ! expect: size=48 lb=0 extent=48
  call MPI_Type_contiguous(storage_size(line)/8 + storage_size(tag)/8, MPI_BYTE, t6, ierr) ! expect: size=138 lb=0 extent=138
end program
"#,
    ),
    (
        "parameters, bounds and column-major elements",
        FREE,
        r#"
program bounds
  use mpi
  integer, parameter :: nx = 4, ny = nx + 1
  integer :: grid(0:nx, -1:ny), t, ierr
  grid = 0
  grid(2, 3) = 7
  grid(nx, -1) = 2
  call MPI_Type_vector(grid(2, 3), grid(nx, -1), size(grid), MPI_INTEGER, t, ierr) ! expect: size=56 lb=0 extent=848
end program
"#,
    ),
    (
        "labelled and counted loops with a negative step, IF and SELECT CASE",
        FREE,
        r#"
program loops
  use mpi
  integer :: i, total, mode, t, u, ierr
  total = 0
  do 10 i = 10, 1, -2
     total = total + i
10 continue
  mode = 2
  select case (mode)
  case (1)
     total = -1
  case (2, 3)
     total = total * 2
  case default
     total = 0
  end select
  if (total > 50) then
     call MPI_Type_contiguous(total, MPI_INTEGER, t, ierr) ! expect: size=240 lb=0 extent=240
  else
     total = 1
  end if
  ! The call that returned wrote MPI_SUCCESS to ierr.
  if (ierr == 0) total = 3
  call MPI_Type_contiguous(total, MPI_INTEGER, u, ierr) ! expect: size=12 lb=0 extent=12
end program
"#,
    ),
    (
        "a subroutine's dummy arguments alias the actual ones; a function returns its result",
        FREE,
        r#"
module helpers
  implicit none
contains
  subroutine fill(v, n, step)
    integer, intent(in) :: n, step
    integer, intent(out) :: v(n)
    integer :: i
    do i = 1, n
      v(i) = (i - 1) * step
    end do
  end subroutine fill
  integer function twice(k)
    integer, intent(in) :: k
    twice = 2 * k
  end function twice
end module helpers

program main
  use mpi
  use helpers
  implicit none
  integer :: disps(3), t, ierr
  call fill(disps, 3, 5)
  call MPI_Type_create_indexed_block(3, twice(1), disps, MPI_REAL, t, ierr) ! expect: size=24 lb=0 extent=48
end program main
"#,
    ),
    (
        "mpi_f08 keyword arguments in any order, a keyword nobody knows",
        FREE,
        r#"
program f08
  use mpi_f08
  type(MPI_Datatype) :: t, u, w
  integer :: blocks(2) = [2, 3]
  integer(kind=MPI_ADDRESS_KIND) :: disps(2) = [0_MPI_ADDRESS_KIND, 16_MPI_ADDRESS_KIND]
  call MPI_Type_create_hindexed(2, blocks, disps, newtype=t, oldtype=MPI_INTEGER) ! expect: size=20 lb=0 extent=28
  call MPI_Type_vector(stride=4, count=2, blocklength=1, oldtype=MPI_REAL, newtype=u, ierror=ierr) ! expect: size=8 lb=0 extent=20
  call MPI_Type_contiguous(count=2, oldtype=MPI_REAL, newtype=w, colour=3)
end program
"#,
    ),
    (
        "preprocessor: decided branches, an undecidable one, case-sensitive macros",
        FREE_CPP,
        r#"
#define N 6
#if defined(N) && N > 4
#define BLOCK 2
#else
#define BLOCK 1
#endif
program cpp
  use mpi
  integer :: t, u, ierr, n
  n = 3
  call MPI_Type_vector(N, BLOCK, n, MPI_REAL, t, ierr) ! expect: size=48 lb=0 extent=68
#ifdef FROM_THE_COMMAND_LINE_ONLY
  n = 5
#endif
  call MPI_Type_contiguous(n, MPI_REAL, u, ierr) ! expect: size=12 lb=0 extent=12
end program
"#,
    ),
    (
        "preprocessor: what the compiler defines is not guessed; #elif chains",
        FREE_CPP,
        r#"
#ifdef _OPENMP
#define NB 2
#else
#define NB 3
#endif
program cpp
  use mpi
  integer :: t, u, v, ierr, n
  n = 3
#ifdef __GFORTRAN__
  n = 5
#endif
  call MPI_Type_contiguous(NB, MPI_REAL, t, ierr) ! expect: unknown
  call MPI_Type_contiguous(n, MPI_REAL, u, ierr) ! expect: unknown
#undef NB
#define NB 7
#if NB == 2
#define NC 1
#elif !defined(NB) || 2 > 4
#define NC 2
#elif (NB - 7) || 1
#define NC 4
#endif
  call MPI_Type_vector(NB, NC, 8, MPI_REAL, v, ierr) ! expect: size=112 lb=0 extent=208
end program
"#,
    ),
    (
        "implicit typing, IMPLICIT NONE and GO TO",
        FIXED,
        "      PROGRAM IMPL
      INCLUDE 'mpif.h'
      INTEGER T, U, V, IERR
      K = 4
      CALL MPI_TYPE_CONTIGUOUS(K, MPI_REAL, T, IERR) ! expect: size=16 lb=0 extent=16
      IF (IERR .NE. 0) GO TO 10
      K = 6
   10 CONTINUE
      CALL MPI_TYPE_CONTIGUOUS(K, MPI_REAL, V, IERR) ! expect: size=24 lb=0 extent=24
      READ (*, *) M
      IF (M .NE. 0) GO TO 20
      K = 8
   20 CONTINUE
      CALL MPI_TYPE_CONTIGUOUS(K, MPI_REAL, U, IERR) ! expect: unknown
      END
",
    ),
    (
        "COMMON: values assigned in the unit, forgotten at calls; EQUIVALENCE keeps members apart",
        FREE,
        r#"
subroutine other_unit
  integer :: nx, ny
  common /grid/ nx, ny
  nx = 99
end subroutine other_unit

program commons
  use mpi
  implicit none
  integer :: nx, ny, a, b, t, u, v, w, ierr
  real(8) :: x, y
  common /grid/ nx, ny
  common /pair/ x, y
  common /shared/ a, b
  equivalence (b, w)
  integer(kind=MPI_ADDRESS_KIND) :: d(2)
  nx = 4
  ny = 2
  call MPI_Type_vector(ny, 1, nx, MPI_REAL, t, ierr) ! expect: size=8 lb=0 extent=20
  call other_unit
  call MPI_Type_contiguous(nx, MPI_REAL, u, ierr) ! expect: unknown
  call MPI_Get_address(x, d(1), ierr)
  call MPI_Get_address(y, d(2), ierr)
  call MPI_Type_create_hvector(2, 1, d(2) - d(1), MPI_REAL8, v, ierr) ! expect: size=16 lb=0 extent=16
  call MPI_Get_address(a, d(1), ierr)
  call MPI_Get_address(b, d(2), ierr)
  call MPI_Type_create_hvector(2, 1, d(2) - d(1), MPI_INTEGER, w, ierr) ! expect: unknown
  call external_routine
  call MPI_Type_contiguous(ny, MPI_REAL, u, ierr) ! expect: unknown
end program
"#,
    ),
    (
        "SAVE: an initial value holds at each call only while nothing assigns the variable",
        FREE,
        r#"
subroutine exchange(n)
  use mpi
  implicit none
  integer, intent(in) :: n
  integer, save :: built = 0
  integer :: width = 3
  integer :: count, t, u, v, ierr
  logical :: first
  data first /.true./
  if (built == 0) count = 2
  call MPI_Type_contiguous(width, MPI_REAL, t, ierr) ! expect: size=12 lb=0 extent=12
  call MPI_Type_contiguous(built + 1, MPI_REAL, u, ierr) ! expect: unknown
  if (first) then
     call MPI_Type_contiguous(n, MPI_REAL, v, ierr) ! expect: unknown
     first = .false.
  end if
  built = 1
end subroutine exchange
"#,
    ),
    (
        "ALLOCATE: bounds when known, forgotten after DEALLOCATE and where paths differ",
        FREE,
        r#"
program allocs
  use mpi
  implicit none
  real(8), allocatable :: a(:), b(:, :)
  integer :: n, m, t, u, v, w, x, ierr
  n = 5
  read (*, *) m
  allocate(a(n))
  call MPI_Type_contiguous(size(a), MPI_REAL8, t, ierr) ! expect: size=40 lb=0 extent=40
  deallocate(a)
  call MPI_Type_contiguous(size(a), MPI_REAL8, u, ierr) ! expect: unknown
  if (m == 0) then
     allocate(b(n, 2))
  else
     allocate(b(n, 3))
  end if
  call MPI_Type_contiguous(size(b), MPI_REAL8, v, ierr) ! expect: unknown
  call MPI_Type_contiguous(size(b, 1), MPI_REAL8, w, ierr) ! expect: unknown
  deallocate(b)
  allocate(b(2, 2))
  call MPI_Type_contiguous(size(b), MPI_REAL8, x, ierr) ! expect: size=32 lb=0 extent=32
  call resize(b)
  call MPI_Type_contiguous(size(b), MPI_REAL8, x, ierr) ! expect: unknown
end program
"#,
    ),
    (
        "sections: contiguous ones start at their first element, others are unknown",
        FREE,
        r#"
program sections
  use mpi
  implicit none
  integer :: disp(6), blens(6), m(3, 4), i, n, t, u, v, w, ierr
  disp = [(2*i, i = 0, 5)]
  blens = 1
  m = 1
  call MPI_Type_indexed(3, blens, disp(4:), MPI_REAL, t, ierr) ! expect: size=12 lb=24 extent=20
  call MPI_Type_indexed(3, blens, disp(1:6:2), MPI_REAL, u, ierr) ! expect: unknown
  call MPI_Type_indexed(3, m(2, :), disp, MPI_REAL, v, ierr) ! expect: unknown
  call MPI_Type_indexed(2, [(1, i = 1, n)], disp, MPI_REAL, w, ierr) ! expect: unknown
end program
"#,
    ),
    (
        "a freed handle is MPI_DATATYPE_NULL; what an unanswered query writes is unknown",
        FREE,
        r#"
program handles
  use mpi
  implicit none
  integer :: t, u, v, w, n, ierr
  n = 7
  call MPI_Type_contiguous(2, MPI_REAL, t, ierr) ! expect: size=8 lb=0 extent=8
  if (t /= MPI_DATATYPE_NULL) n = 3
  call MPI_Type_contiguous(n, MPI_REAL, u, ierr) ! expect: size=12 lb=0 extent=12
  call MPI_Type_free(t, ierr)
  if (t == MPI_DATATYPE_NULL) n = 4
  call MPI_Type_contiguous(n, MPI_REAL, v, ierr) ! expect: size=16 lb=0 extent=16
  call MPI_Pack_size(1, MPI_REAL, MPI_COMM_WORLD, n, ierr)
  call MPI_Type_contiguous(n, MPI_REAL, w, ierr) ! expect: unknown
end program
"#,
    ),
];

#[test]
fn snippets_meet_their_expectations() {
    for (label, language, text) in SNIPPETS {
        check_expectations(label, text, *language);
    }
}

#[test]
fn command_line_defines_reach_preprocessed_fortran() {
    let text = "program d\n  use mpi\n  integer :: t, ierr\n#if NX > 2\n  \
                call MPI_Type_contiguous(NX, MPI_REAL, t, ierr)\n#endif\nend program\n";
    let sizes = |defines: Vec<(String, Option<String>)>, language| {
        let mut options = AnalysisOptions::default();
        options.c.defines = defines;
        let analysis = analyze(text, language, &options, &mut NoIncludes);
        let types = analysis.types();
        types
            .iter()
            .map(|r| r.datatype.as_ref().map(|d| d.size()))
            .collect::<Vec<_>>()
    };
    let nx = || vec![("NX".to_owned(), Some("5".to_owned()))];
    assert_eq!(sizes(nx(), FREE_CPP), [Some(20)]);
    // Without the definition the branch is not compiled; without cpp there is no macro.
    assert_eq!(sizes(Vec::new(), FREE_CPP), []);
    assert_eq!(sizes(nx(), FREE).len(), 0);
}

#[test]
fn unplaceable_keyword_argument_is_noted_and_not_guessed() {
    let analysis = run(SNIPPETS[4].2, FREE);
    assert!(analysis.notes.iter().any(|n| n
        .message
        .contains("keyword arguments of `mpi_type_contiguous`")));
}

#[test]
fn unparsable_code_gives_notes_and_keeps_the_rest() {
    let text = "program broken
  use mpi
  integer :: t, ierr
  this is ((( not fortran
  call MPI_Type_contiguous(4, MPI_REAL, t, ierr)
end program
";
    let analysis = run(text, FREE);
    assert!(analysis
        .notes
        .iter()
        .any(|n| n.message.contains("syntax error")));
}

#[test]
fn invalid_utf8_is_decoded_with_a_note_and_analysed() {
    let mut bytes = b"program p\n  integer :: t\n  ! caf\xe9\n".to_vec();
    bytes.extend_from_slice(b"  call MPI_Type_contiguous(2, MPI_REAL, t, ierr)\nend program\n");
    let source = match SourceText::decode(&bytes) {
        analyzer::source::Decoded::Text(s) => s,
        other => panic!("not text: {other:?}"),
    };
    assert!(!source.notes().is_empty());
    let analysis = run(source.as_str(), FREE);
    assert_eq!(analysis.types().len(), 1);
}

#[test]
fn a_50_mb_file_is_refused_with_a_note() {
    let line = "      x = 1\n";
    let text = line.repeat(50 * 1024 * 1024 / line.len());
    let analysis = run(&text, FIXED);
    assert!(analysis
        .notes
        .iter()
        .any(|n| n.message.contains("larger than")));
}

#[test]
fn deep_parentheses_stop_at_the_depth_limit() {
    let depth = 10_000;
    let text = format!(
        "program deep\n  x = {}1{}\nend program\n",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    // The walk must fit the default 2 MiB test-thread stack.
    let analysis = run(&text, FREE);
    assert!(analysis
        .notes
        .iter()
        .any(|n| n.message.contains("nesting deeper than")));
}

#[test]
fn very_long_fixed_form_lines_are_cut_at_column_72() {
    let long = format!(
        "      PROGRAM LONG\n      INTEGER T, IERR\n      CALL MPI_TYPE_CONTIGUOUS(4, MPI_REAL, T, IERR){}\n      END\n",
        "X".repeat(10_000)
    );
    let analysis = run(&long, FIXED);
    assert_eq!(analysis.types().len(), 1);
    assert!(analysis.types()[0].datatype.is_some());
}
