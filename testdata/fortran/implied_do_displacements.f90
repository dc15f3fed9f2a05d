! Displacements from an implied-DO array constructor: every third element of a row.
program implied_do
  use mpi
  implicit none
  integer, parameter :: k = 6, n = 3
  integer :: i, displs(k), blocks(k), picked, ierr
  real :: a(k*n)
  call MPI_Init(ierr)
  displs = (/ (i*n, i = 0, k - 1) /)
  blocks = (/ (1, i = 1, k) /)
  a = 0.0
  call MPI_Type_indexed(k, blocks, displs, MPI_REAL, picked, ierr)
  call MPI_Type_commit(picked, ierr)
  call MPI_Bcast(a, 1, picked, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(picked, ierr)
  call MPI_Finalize(ierr)
end program implied_do
