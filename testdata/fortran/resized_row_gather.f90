! Rows of a column-major matrix gathered one per rank: a vector resized to one element so
! that rank k's row starts at element k.
program resized_rows
  use mpi
  implicit none
  integer, parameter :: m = 6, n = 5
  real :: a(m, n), row(n)
  integer :: rowvec, rowtype, ierr
  integer(kind=MPI_ADDRESS_KIND) :: lb, extent, realsize
  call MPI_Init(ierr)
  call MPI_Type_vector(n, 1, m, MPI_REAL, rowvec, ierr)
  realsize = 4
  lb = 0
  extent = realsize
  call MPI_Type_create_resized(rowvec, lb, extent, rowtype, ierr)
  call MPI_Type_commit(rowtype, ierr)
  a = 1.0
  call MPI_Scatter(a, 1, rowtype, row, n, MPI_REAL, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(rowtype, ierr)
  call MPI_Type_free(rowvec, ierr)
  call MPI_Finalize(ierr)
end program resized_rows
