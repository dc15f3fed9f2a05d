! Block lengths and displacements as named constant arrays.
program parameter_arrays
  use mpi
  implicit none
  integer, parameter :: nb = 3
  integer, parameter :: blocks(nb) = (/ 2, 3, 1 /)
  integer, parameter :: displs(nb) = (/ 0, 5, 12 /)
  integer :: pick, ierr
  call MPI_Init(ierr)
  call MPI_Type_indexed(nb, blocks, displs, MPI_INTEGER, pick, ierr)
  call MPI_Type_commit(pick, ierr)
  call MPI_Type_free(pick, ierr)
  call MPI_Finalize(ierr)
end program parameter_arrays
