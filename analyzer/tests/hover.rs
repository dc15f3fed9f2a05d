//! Hovers, straight from `analyzer::ide::hover`, snapshotted with insta.
//!
//! Each fixture is a small program with one cursor marker, `$0` (as in rust-analyzer's tests),
//! placed where the editor's cursor is. The marker is removed before the analysis and the
//! hover is asked for at its byte offset. The snapshot holds the cursor's line (marker
//! included), the range the hover is about (1-based `line:column-line:column`, the end just
//! past the range) with the text of that range, then the hover's Markdown.

use std::path::Path;

use analyzer::analysis::{analyze, AnalysisOptions};
use analyzer::checks::{self, RuleSelection};
use analyzer::ide;
use analyzer::source::Language;
use analyzer::syntax::NoIncludes;

const CURSOR: &str = "$0";

/// Snapshots the hover at the `$0` in the fixture under the test's name (a macro, so that
/// insta sees the test function). The fixture is in the snapshot's cursor line, not in an
/// escaped expression header.
macro_rules! assert_hover {
    ($file_name:expr, $fixture:expr) => {
        insta::with_settings!({ omit_expression => true }, {
            insta::assert_snapshot!(hover($file_name, $fixture));
        })
    };
}

/// The hover at the `$0` in `fixture`, analysed as a file named `file_name` (its extension
/// picks the language), with the diagnostics of every rule.
fn hover(file_name: &str, fixture: &str) -> String {
    let offset = fixture.find(CURSOR).expect("the fixture has a `$0` cursor");
    assert_eq!(fixture.matches(CURSOR).count(), 1, "one cursor per fixture");
    let cursor_line = fixture[..offset].matches('\n').count() + 1;
    let cursor_text = fixture.lines().nth(cursor_line - 1).unwrap_or("");
    let cursor = format!("cursor {cursor_line}: {}", cursor_text.trim());
    let text = fixture.replacen(CURSOR, "", 1);
    let language = Language::from_path(Path::new(file_name)).expect("a C or Fortran file name");
    let analysis = analyze(
        &text,
        language,
        &AnalysisOptions::default(),
        &mut NoIncludes,
    );
    let diagnostics = checks::check(&analysis, &RuleSelection::default());
    let Some(hover) = ide::hover(&analysis, &diagnostics, offset) else {
        return format!("{cursor}\n(no hover)");
    };
    let (start_line, start_column) = analysis.position(hover.span.start);
    let (end_line, end_column) = analysis.position(hover.span.end);
    format!(
        "{cursor}\nrange {start_line}:{start_column}-{end_line}:{end_column}: `{}`\n\n{}",
        analysis.slice(hover.span),
        hover.markdown
    )
}

#[test]
fn c_handle_after_its_constructor() {
    assert_hover!(
        "column.c",
        r#"#include <mpi.h>

void send_column(double a[8][8], int dest)
{
    MPI_Datatype column;
    MPI_Type_vector(8, 1, 8, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    MPI_Send(&a[0][0], 1, col$0umn, dest, 0, MPI_COMM_WORLD);
    MPI_Type_free(&column);
}
"#
    );
}

/// The handle as the address argument of `MPI_Type_commit`: the hover names it without `&`.
#[test]
fn c_handle_passed_by_address() {
    assert_hover!(
        "column.c",
        r#"#include <mpi.h>

void send_column(double a[8][8], int dest)
{
    MPI_Datatype column;
    MPI_Type_vector(8, 1, 8, MPI_DOUBLE, &column);
    MPI_Type_commit(&col$0umn);
    MPI_Send(&a[0][0], 1, column, dest, 0, MPI_COMM_WORLD);
    MPI_Type_free(&column);
}
"#
    );
}

#[test]
fn fortran_handle_after_its_constructor() {
    assert_hover!(
        "rows.f90",
        r#"subroutine send_row(a, dest)
  use mpi
  implicit none
  real(kind=8), intent(in) :: a(4, 6)
  integer, intent(in) :: dest
  integer :: rowtype, ierr
  call MPI_TYPE_VECTOR(6, 1, 4, MPI_DOUBLE_PRECISION, rowtype, ierr)
  call MPI_TYPE_COMMIT(rowtype, ierr)
  call MPI_SEND(a(1, 1), 1, row$0type, dest, 0, MPI_COMM_WORLD, ierr)
  call MPI_TYPE_FREE(rowtype, ierr)
end subroutine send_row
"#
    );
}

/// A helper called with other arguments from two places: the constructor in it shows what each
/// call builds.
#[test]
fn c_constructor_in_a_helper_called_twice() {
    assert_hover!(
        "helper.c",
        r#"#include <mpi.h>

static void make_column(int rows, MPI_Datatype *t)
{
    MPI_Type_vec$0tor(rows, 1, 10, MPI_DOUBLE, t);
    MPI_Type_commit(t);
}

int main(void)
{
    MPI_Datatype a, b;
    make_column(4, &a);
    make_column(5, &b);
    MPI_Type_free(&a);
    MPI_Type_free(&b);
    return 0;
}
"#
    );
}

#[test]
fn c_constructor_call_name() {
    assert_hover!(
        "particle.c",
        r#"#include <stddef.h>
#include <mpi.h>

struct particle {
    int id;
    double pos[3];
    char tag;
};

void particle_type(MPI_Datatype *out)
{
    int blocklens[3] = {1, 3, 1};
    MPI_Aint disps[3] = {offsetof(struct particle, id), offsetof(struct particle, pos),
                         offsetof(struct particle, tag)};
    MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
    MPI_Datatype tmp;
    MPI_Type_create_$0struct(3, blocklens, disps, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct particle), out);
    MPI_Type_free(&tmp);
    MPI_Type_commit(out);
}
"#
    );
}

#[test]
fn fortran_constructor_call_name() {
    assert_hover!(
        "plane.f90",
        r#"subroutine plane_type(planetype)
  use mpi
  implicit none
  integer, intent(out) :: planetype
  integer :: rowtype, ierr
  integer(kind=MPI_ADDRESS_KIND) :: stride
  call MPI_TYPE_VECTOR(4, 1, 8, MPI_REAL, rowtype, ierr)
  stride = 8 * 8 * 4
  call MPI_TYPE_CREATE_H$0VECTOR(3, 1, stride, rowtype, planetype, ierr)
  call MPI_TYPE_FREE(rowtype, ierr)
  call MPI_TYPE_COMMIT(planetype, ierr)
end subroutine plane_type
"#
    );
}

#[test]
fn c_basic_type_name() {
    assert_hover!(
        "basic.c",
        r#"#include <mpi.h>

void send_values(double *values, int n, int dest)
{
    MPI_Send(values, n, MPI_DOU$0BLE, dest, 0, MPI_COMM_WORLD);
}
"#
    );
}

/// A basic type as the old type of a constructor, in Fortran.
#[test]
fn fortran_basic_type_name_in_a_constructor() {
    assert_hover!(
        "basic.f90",
        r#"subroutine pair_type(pairtype)
  use mpi
  implicit none
  integer, intent(out) :: pairtype
  integer :: ierr
  call MPI_TYPE_CONTIGUOUS(2, MPI_DOUBLE_$0PRECISION, pairtype, ierr)
  call MPI_TYPE_COMMIT(pairtype, ierr)
end subroutine pair_type
"#
    );
}

#[test]
fn c_struct_declaration() {
    assert_hover!(
        "particle.c",
        r#"struct par$0ticle {
    int id;
    double pos[3];
    char tag;
};
"#
    );
}

/// An anonymous struct known only by its typedef name, hovered on that name.
#[test]
fn c_typedef_struct_declaration() {
    assert_hover!(
        "cell.c",
        r#"typedef struct {
    double temperature;
    int flags;
    float velocity[3];
} cell$0_t;
"#
    );
}

/// The same, hovered on the `struct` keyword.
#[test]
fn c_typedef_struct_keyword() {
    assert_hover!(
        "cell.c",
        r#"typedef str$0uct {
    double temperature;
    int flags;
    float velocity[3];
} cell_t;
"#
    );
}

#[test]
fn fortran_bind_c_derived_type_declaration() {
    assert_hover!(
        "cell.f90",
        r#"module cells
  use iso_c_binding
  implicit none
  type, bind(c) :: ce$0ll
    real(c_double) :: temperature
    integer(c_int) :: flags
    real(c_float) :: velocity(3)
  end type cell
end module cells
"#
    );
}

/// Without SEQUENCE or BIND(C) the layout is gfortran's, and the hover says so; an extended
/// type starts with its parent's components.
#[test]
fn fortran_derived_type_declaration() {
    assert_hover!(
        "particles.f90",
        r#"module particles
  implicit none
  type body
    character :: tag
    real(8) :: pos(3)
  end type body
  type, extends(body) :: par$0ticle
    integer :: id
    character(len=3) :: kind
  contains
    procedure :: bump
  end type particle
contains
  subroutine bump(p)
    class(particle) :: p
  end subroutine bump
end module particles
"#
    );
}

/// An allocatable component is a descriptor whose layout is the compiler's.
#[test]
fn fortran_derived_type_with_an_allocatable_component() {
    assert_hover!(
        "field.f90",
        r#"module fields
  implicit none
  type fie$0ld
    integer :: n
    real(8), allocatable :: values(:)
  end type field
end module fields
"#
    );
}

/// A COMMON block's members as gfortran places them, padding included.
#[test]
fn fortran_common_block() {
    assert_hover!(
        "grid.f",
        r#"      program grid
      integer nx, ny
      double precision field(10, 8)
      character code
      double precision time
      common /gr$0id/ nx, ny, field, code, time
      nx = 10
      end
"#
    );
}

/// One constructor call evaluated for several values of the loop variable.
#[test]
fn c_type_built_in_a_loop() {
    assert_hover!(
        "loop.c",
        r#"#include <mpi.h>

void band_types(MPI_Datatype bands[3])
{
    for (int i = 0; i < 3; i++) {
        MPI_Type_$0vector(i + 1, 2, 8, MPI_FLOAT, &bands[i]);
        MPI_Type_commit(&bands[i]);
    }
}
"#
    );
}

/// The handle of a type built in a loop, used after the loop: one handle per iteration.
#[test]
fn c_handle_of_a_type_built_in_a_loop() {
    assert_hover!(
        "loop.c",
        r#"#include <mpi.h>

void send_bands(float *field, int dest)
{
    MPI_Datatype band;
    for (int i = 0; i < 3; i++) {
        MPI_Type_vector(i + 1, 2, 8, MPI_FLOAT, &band);
        MPI_Type_commit(&band);
        MPI_Send(field, 1, ba$0nd, dest, i, MPI_COMM_WORLD);
        MPI_Type_free(&band);
    }
}
"#
    );
}

/// A count that is a parameter of the function: the datatype is not known.
#[test]
fn c_type_with_an_unknown_count() {
    assert_hover!(
        "unknown.c",
        r#"#include <mpi.h>

void send_block(int *block, int n, int dest)
{
    MPI_Datatype blocktype;
    MPI_Type_contiguous(n, MPI_INT, &blocktype);
    MPI_Type_commit(&blocktype);
    MPI_Send(block, 1, block$0type, dest, 0, MPI_COMM_WORLD);
    MPI_Type_free(&blocktype);
}
"#
    );
}

/// A finding on the handle: the handle's hover, then the finding's rule.
#[test]
fn c_diagnostic_on_a_handle() {
    assert_hover!(
        "uncommitted.c",
        r#"#include <mpi.h>

void send_column(double a[8][8], int dest)
{
    MPI_Datatype column;
    MPI_Type_vector(8, 1, 8, MPI_DOUBLE, &column);
    MPI_Send(&a[0][0], 1, col$0umn, dest, 0, MPI_COMM_WORLD);
    MPI_Type_free(&column);
}
"#
    );
}

/// A finding on a removed function, which is no constructor the analysis evaluates.
#[test]
fn fortran_diagnostic_on_a_removed_function() {
    assert_hover!(
        "extent.f90",
        r#"subroutine real_extent(extent)
  use mpi
  implicit none
  integer, intent(out) :: extent
  integer :: ierr
  call MPI_TYPE_EXT$0ENT(MPI_REAL, extent, ierr)
end subroutine real_extent
"#
    );
}

/// A finding on a constructor call: the constructor's hover, then the finding's rule.
#[test]
fn c_diagnostic_on_a_constructor_call() {
    assert_hover!(
        "misaligned.c",
        r#"#include <mpi.h>

void x_components(MPI_Datatype *xcomp)
{
    MPI_Type_create_h$0vector(16, 1, 3, MPI_FLOAT, xcomp);
    MPI_Type_commit(xcomp);
}
"#
    );
}

/// A finding on a removed constructor, which the analysis evaluates: the constructor's hover,
/// then the finding's rule.
#[test]
fn c_diagnostic_on_a_removed_constructor() {
    assert_hover!(
        "transpose.c",
        r#"#include <mpi.h>

void transpose_type(MPI_Datatype *xpose)
{
    MPI_Datatype column;
    MPI_Aint sizeofdouble = sizeof(double);
    MPI_Type_vector(4, 1, 4, MPI_DOUBLE, &column);
    MPI_Type_hv$0ector(4, 1, sizeofdouble, column, xpose);
    MPI_Type_commit(xpose);
    MPI_Type_free(&column);
}
"#
    );
}

#[test]
fn no_hover_away_from_anything() {
    let hover = hover("nothing.c", "int tw$0ice(int x)\n{\n    return 2 * x;\n}\n");
    assert!(hover.ends_with("(no hover)"), "{hover}");
}

#[test]
fn c_sparse_vector_picture_tells_the_data_share() {
    assert_hover!(
        "particles.c",
        r#"#include <mpi.h>
#include <stddef.h>
typedef struct { double x; int n; } particle_t;
void f(int n)
{
    particle_t p[10];
    MPI_Datatype pt, v, c;
    int lens[2] = {1, 1};
    MPI_Aint disps[2] = {offsetof(particle_t, x), offsetof(particle_t, n)};
    MPI_Datatype types[2] = {MPI_DOUBLE, MPI_INT};
    MPI_Type_create_struct(2, lens, disps, types, &pt);
    MPI_Type_commit(&pt);
    MPI_Send(p, 10, pt, 0, 0, MPI_COMM_WORLD);
    MPI_Send(p, 10, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Type_vector(64, 1, 102, MPI_DOUBLE, &v);
    MPI_Type_commit(&$0v);
    MPI_Type_contiguous(n, MPI_DOUBLE, &c);
    MPI_Type_commit(&c);
    MPI_Type_free(&c);
    MPI_Type_free(&v);
    MPI_Type_free(&pt);
}
"#
    );
}

/// One program for the hovers on a typedef'd struct and on the types built from it; each test
/// places the cursor with [`with_cursor`].
const PARTICLES: &str = r#"#include <mpi.h>
#include <stddef.h>
typedef struct { double x; int n; } particle_t;
void f(int n)
{
    particle_t p[10];
    MPI_Datatype pt, v, c;
    int lens[2] = {1, 1};
    MPI_Aint disps[2] = {offsetof(particle_t, x), offsetof(particle_t, n)};
    MPI_Datatype types[2] = {MPI_DOUBLE, MPI_INT};
    MPI_Type_create_struct(2, lens, disps, types, &pt);
    MPI_Type_commit(&pt);
    MPI_Send(p, 10, pt, 0, 0, MPI_COMM_WORLD);
    MPI_Send(p, 10, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Type_vector(64, 1, 102, MPI_DOUBLE, &v);
    MPI_Type_commit(&v);
    MPI_Type_contiguous(n, MPI_DOUBLE, &c);
    MPI_Type_commit(&c);
    MPI_Type_free(&c);
    MPI_Type_free(&v);
    MPI_Type_free(&pt);
}
"#;

/// `program` with the cursor marker right after the first `before` in it.
fn with_cursor(program: &str, before: &str) -> String {
    let at = program.find(before).expect("the text before the cursor") + before.len();
    format!("{}{CURSOR}{}", &program[..at], &program[at..])
}

#[test]
fn c_typedef_struct_by_its_typedef_name() {
    assert_hover!("particles.c", &with_cursor(PARTICLES, "} parti"));
}

#[test]
fn c_typedef_struct_at_its_keyword() {
    assert_hover!("particles.c", &with_cursor(PARTICLES, "typedef str"));
}

#[test]
fn c_unknown_count_shows_what_is_known() {
    assert_hover!(
        "particles.c",
        &with_cursor(PARTICLES, "&c);\n    MPI_Type_commit(&")
    );
}

#[test]
fn c_struct_type_handle() {
    assert_hover!("particles.c", &with_cursor(PARTICLES, "MPI_Send(p, 10, p"));
}

#[test]
fn c_finding_message_not_repeated() {
    assert_hover!(
        "particles.c",
        &with_cursor(PARTICLES, "MPI_Send(p, 10, MPI_I")
    );
}

/// A struct placed by the rank, resized to a fixed frame: the size, lb and extent MPI fixes are
/// shown, the true bounds (which follow the rank) are said to be unknown.
const RANK_FRAME: &str = r#"#include <mpi.h>

void send_frame(double *field, int dest)
{
    int rank, one = 1;
    MPI_Aint place;
    MPI_Datatype placed, frame, member = MPI_DOUBLE;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    place = rank * 8;
    MPI_Type_create_struct(1, &one, &place, &member, &placed);
    MPI_Type_create_resized(placed, 0, 64, &frame);
    MPI_Type_commit(&frame);
    MPI_Send(field, 4, frame, dest, 0, MPI_COMM_WORLD);
    MPI_Type_free(&frame);
    MPI_Type_free(&placed);
}
"#;

#[test]
fn c_resized_type_known_in_part() {
    assert_hover!("frame.c", &with_cursor(RANK_FRAME, "MPI_Type_create_res"));
}

#[test]
fn c_handle_known_in_part() {
    assert_hover!("frame.c", &with_cursor(RANK_FRAME, "MPI_Send(field, 4, fr"));
}
