! invalid-argument, corrected twin of subarray_one_based_starts.f90: the
! starts are 0-based, (nx+1, 1), for the ghost column u(nx+2, 2:ny+1).
program subarray_one_based_starts_ok
  use mpi
  implicit none
  integer, parameter :: nx = 20, ny = 10
  real :: u(nx + 2, ny + 2), col(ny)
  integer :: ghost, rank, ierr, j
  integer :: sizes(2), subsizes(2), starts(2)
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  u = 0.0
  do j = 1, ny
     col(j) = real(j)
  end do

  sizes = (/ nx + 2, ny + 2 /)
  subsizes = (/ 1, ny /)
  starts = (/ nx + 1, 1 /)
  call MPI_TYPE_CREATE_SUBARRAY(2, sizes, subsizes, starts, MPI_ORDER_FORTRAN, MPI_REAL, ghost, ierr)
  call MPI_TYPE_COMMIT(ghost, ierr)
  call MPI_SENDRECV(col, ny, MPI_REAL, rank, 0, u, 1, ghost, rank, 0, MPI_COMM_WORLD, status, ierr)
  print *, rank, u(nx + 2, 2)

  call MPI_TYPE_FREE(ghost, ierr)
  call MPI_FINALIZE(ierr)
end program subarray_one_based_starts_ok
