//! gfortran's `-fdefault-*-8` options (`AnalysisOptions::fortran_kinds`): the user's
//! declarations without a kind change size, MPI's predefined types do not (the library is not
//! compiled with the user's flags).

use analyzer::analysis::{analyze, Analysis, AnalysisOptions};
use analyzer::checks::{self, RuleSelection};
use analyzer::layout::FortranKinds;
use analyzer::source::{FortranForm, Language};
use analyzer::syntax::NoIncludes;

const FREE: Language = Language::Fortran {
    form: FortranForm::Free,
    preprocessed: false,
};

/// A SEQUENCE type measured with `MPI_Get_address`, a contiguous type of `MPI_REAL`, and a
/// default `REAL` array sent as `MPI_REAL`.
const PROGRAM: &str = "program kinds
  use mpi
  implicit none
  type rec
    sequence
    double precision :: d
    real :: x
    integer :: n
  end type
  type(rec) :: r
  real :: a(10)
  integer :: ierr, rtype, ctype, blocks(3), types(3)
  integer(kind=MPI_ADDRESS_KIND) :: base, disps(3)
  call MPI_Init(ierr)
  blocks = 1
  types(1) = MPI_DOUBLE_PRECISION
  types(2) = MPI_REAL
  types(3) = MPI_INTEGER
  call MPI_Get_address(r, base, ierr)
  call MPI_Get_address(r%d, disps(1), ierr)
  call MPI_Get_address(r%x, disps(2), ierr)
  call MPI_Get_address(r%n, disps(3), ierr)
  disps = disps - base
  call MPI_Type_create_struct(3, blocks, disps, types, rtype, ierr)
  call MPI_Type_contiguous(10, MPI_REAL, ctype, ierr)
  call MPI_Type_commit(rtype, ierr)
  call MPI_Type_commit(ctype, ierr)
  call MPI_Send(a, 10, MPI_REAL, 1, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(rtype, ierr)
  call MPI_Type_free(ctype, ierr)
  call MPI_Finalize(ierr)
end program kinds
";

fn run(text: &str, kinds: FortranKinds) -> Analysis {
    let options = AnalysisOptions {
        fortran_kinds: kinds,
        ..AnalysisOptions::default()
    };
    analyze(text, FREE, &options, &mut NoIncludes)
}

/// `(true_lb, true_extent)` of the struct, and the size of the contiguous type.
fn sizes(analysis: &Analysis) -> ((i128, i128), i128) {
    let types = analysis.types();
    let datatype = |name: &str| {
        types
            .iter()
            .find(|t| t.name == name)
            .and_then(|t| t.datatype.clone())
            .unwrap_or_else(|| panic!("no datatype for {name}: {types:?}"))
    };
    let record = datatype("rtype");
    let summary = record.summary(analysis.model);
    (
        (summary.true_lb, summary.true_extent()),
        datatype("ctype").size(),
    )
}

fn rules_found(analysis: &Analysis) -> Vec<&'static str> {
    checks::check(analysis, &RuleSelection::default())
        .iter()
        .map(|d| d.rule.id)
        .collect()
}

#[test]
fn gfortran_defaults_without_options() {
    let analysis = run(PROGRAM, FortranKinds::default());
    // DOUBLE PRECISION (8) at 0, REAL (4) at 8, INTEGER (4) at 12.
    assert_eq!(sizes(&analysis), ((0, 16), 40));
    assert_eq!(rules_found(&analysis), Vec::<&str>::new());
}

#[test]
fn default_real_8_promotes_real_and_double_precision_but_not_mpi_real() {
    let kinds = FortranKinds {
        real: Some(8),
        ..FortranKinds::default()
    };
    let analysis = run(PROGRAM, kinds);
    // DOUBLE PRECISION becomes 16 bytes, REAL 8: REAL at 16, INTEGER (4) at 24; the struct
    // still says MPI_INTEGER (4 bytes) there.
    assert_eq!(sizes(&analysis), ((0, 28), 40));
    assert_eq!(rules_found(&analysis), ["buffer-type-mismatch"]);
}

#[test]
fn default_double_8_keeps_double_precision_at_8() {
    let kinds = FortranKinds {
        integer: Some(8),
        real: Some(8),
        double: Some(8),
    };
    let analysis = run(PROGRAM, kinds);
    // DOUBLE PRECISION (8) at 0, REAL (8) at 8, INTEGER (8) at 16; MPI_INTEGER is 4 bytes.
    assert_eq!(sizes(&analysis), ((0, 20), 40));
}

#[test]
fn default_integer_8_sizes_integer_and_logical_and_implicit_names() {
    let text = "subroutine s(comm)
  use mpi
  integer comm, ierr
  logical flags(4)
  dimension ncount(4)
  call MPI_Send(ncount, 4, MPI_INTEGER, 1, 0, comm, ierr)
  call MPI_Send(flags, 4, MPI_LOGICAL, 1, 0, comm, ierr)
end subroutine s
";
    assert_eq!(
        rules_found(&run(text, FortranKinds::default())),
        Vec::<&str>::new()
    );
    let kinds = FortranKinds {
        integer: Some(8),
        ..FortranKinds::default()
    };
    assert_eq!(
        rules_found(&run(text, kinds)),
        ["buffer-type-mismatch", "buffer-type-mismatch"]
    );
}

#[test]
fn explicit_kinds_are_kept() {
    let text = "subroutine s(comm)
  use mpi
  integer(4) comm, ierr
  real*4 a(10)
  real(kind=4) b(10)
  call MPI_Send(a, 10, MPI_REAL, 1, 0, comm, ierr)
  call MPI_Send(b, 10, MPI_REAL, 1, 0, comm, ierr)
end subroutine s
";
    let kinds = FortranKinds {
        integer: Some(8),
        real: Some(8),
        double: None,
    };
    assert_eq!(rules_found(&run(text, kinds)), Vec::<&str>::new());
}
