! ONLY lists and renames through two modules: nrow is layout's rows, which is sizes' n.
program only_renames
  use mpi
  use layout, only: nrow => rows, total
  use sizes, only: m
  use oracle_report
  implicit none
  integer :: whole, col, ierr

  call MPI_Init(ierr)
  call MPI_Type_contiguous(total, MPI_INTEGER, whole, ierr)
  call MPI_Type_vector(nrow, 1, m, MPI_INTEGER, col, ierr)
  call report('whole', whole)
  call report('col', col)
  call MPI_Type_free(whole, ierr)
  call MPI_Type_free(col, ierr)
  call MPI_Finalize(ierr)
end program only_renames
