! ALLOCATE with bounds from parameters and variables: the bounds stay known afterwards and
! give the counts of a column type.
program allocate_bounds
  use mpi
  implicit none
  integer :: nx, ny, coltype, ierr
  real(kind=8), allocatable :: u(:, :)
  call MPI_Init(ierr)
  nx = 50
  ny = 30
  allocate(u(nx, ny))
  u = 0.0d0
  call MPI_Type_vector(ny, 1, nx, MPI_DOUBLE_PRECISION, coltype, ierr)
  call MPI_Type_commit(coltype, ierr)
  call MPI_Bcast(u, 1, coltype, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(coltype, ierr)
  deallocate(u)
  call MPI_Finalize(ierr)
end program allocate_bounds
