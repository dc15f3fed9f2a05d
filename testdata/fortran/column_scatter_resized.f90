! Scatter of matrix columns: a vector resized to one element so consecutive columns follow.
program column_scatter
  use mpi
  implicit none
  integer, parameter :: n = 12, m = 9
  real*8 :: a(m, n)
  integer :: col, coltype, ierr
  integer(kind=MPI_ADDRESS_KIND) :: lb, extent
  call MPI_Init(ierr)
  call MPI_Type_vector(n, 1, m, MPI_REAL8, col, ierr)
  lb = 0
  extent = 8
  call MPI_Type_create_resized(col, lb, extent, coltype, ierr)
  call MPI_Type_commit(coltype, ierr)
  a = 1.0d0
  call MPI_Finalize(ierr)
end program column_scatter
