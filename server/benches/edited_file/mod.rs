//! The C file the editing benchmarks (`lsp_latency`, `edit_analysis`) edit: 10,000 lines of
//! functions that all use one struct declaration, and one in ten another, and Fortran files of
//! the same kind (subroutines, and the same as a module's procedures). Not a benchmark itself.

#![allow(dead_code)] // lsp_latency edits the C file only

use std::fmt::Write;

const LINES: usize = 10_000;

/// Functions that each build, commit, use and free a few datatypes, to `LINES` lines; one in
/// ten sends a `struct halo` too.
pub fn text() -> String {
    let mut text = String::from(
        "#include <mpi.h>\n\nstruct cell { int id; double v[3]; char tag; };\n\
         struct halo { int lo; int hi; double w[2]; };\n\n",
    );
    let mut n = 0;
    while text.lines().count() < LINES {
        let halo = match n % 10 {
            0 => format!(
                "    struct halo h[2];\n    MPI_Send(h, (int) sizeof h, MPI_BYTE, rank, {n}, MPI_COMM_WORLD);\n"
            ),
            _ => String::new(),
        };
        let _ = write!(
            text,
            "void exchange_{n}(double *a, struct cell *cells, int rank)
{{
    /* halo exchange {n} */
    MPI_Datatype column, plane, cell_type;
    int lengths[3] = {{1, 3, 1}};
    MPI_Aint displacements[3] = {{0, 8, 32}};
    MPI_Datatype types[3] = {{MPI_INT, MPI_DOUBLE, MPI_CHAR}};
    MPI_Type_vector({rows}, 1, 64, MPI_DOUBLE, &column);
    MPI_Type_create_hvector(8, 1, 4096, column, &plane);
    MPI_Type_create_struct(3, lengths, displacements, types, &cell_type);
    MPI_Type_commit(&plane);
    MPI_Type_commit(&cell_type);
    MPI_Send(a, 1, plane, rank, {n}, MPI_COMM_WORLD);
    MPI_Send(cells, 4, cell_type, rank, {n}, MPI_COMM_WORLD);
{halo}    MPI_Type_free(&cell_type);
    MPI_Type_free(&plane);
    MPI_Type_free(&column);
}}

",
            rows = 8 + n % 16
        );
        n += 1;
    }
    text
}

/// The same in free-form Fortran: subroutines that each build, commit, use and free a few
/// datatypes, to `LINES` lines.
pub fn fortran_text() -> String {
    fortran_units(String::new(), |_| false)
}

/// Subroutines as in [`fortran_text`] after `text`; those `uses_the_module` picks by their
/// number use `halo_sizes` and send `halo_rows` rows.
fn fortran_units(mut text: String, uses_the_module: fn(usize) -> bool) -> String {
    let mut n = 0;
    while text.lines().count() < LINES {
        let (uses, rows) = match uses_the_module(n) {
            true => ("  use halo_sizes\n", "halo_rows".to_owned()),
            false => ("", (8 + n % 16).to_string()),
        };
        let _ = write!(
            text,
            "subroutine exchange_{n}(a, rank)
  use mpi
{uses}  implicit none
  double precision :: a(*)
  integer :: rank
  integer :: column, plane, ierr
  ! halo exchange {n}
  call MPI_Type_vector({rows}, 1, 64, MPI_DOUBLE_PRECISION, column, ierr)
  call MPI_Type_create_hvector(8, 1, 4096_MPI_ADDRESS_KIND, column, plane, ierr)
  call MPI_Type_commit(plane, ierr)
  call MPI_Send(a, 1, plane, rank, {n}, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(plane, ierr)
  call MPI_Type_free(column, ierr)
end subroutine exchange_{n}

"
        );
        n += 1;
    }
    text
}

/// The same subroutines as the procedures of one module, the way most Fortran code is written.
pub fn fortran_module_text() -> String {
    format!(
        "module exchanges
  use mpi
  implicit none
  integer, parameter :: halo_depth = 2
contains

{}end module exchanges
",
        fortran_text()
    )
}

/// Subroutines as in [`fortran_text`] after a module whose parameter one in ten of them uses:
/// an edit to the module lowers and evaluates again what uses it.
pub fn fortran_units_using_a_module() -> String {
    let module = "module halo_sizes
  implicit none
  integer, parameter :: halo_rows = 8
end module halo_sizes

";
    fortran_units(module.to_owned(), |n| n % 10 == 0)
}
