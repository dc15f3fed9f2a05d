! missing-commit: Fortran halo exchange of one row of a column-major array.
! The row type (stride = leading dimension) is built but MPI_TYPE_COMMIT was
! never called before the exchange.
program vector_no_commit
  use mpi
  implicit none
  integer, parameter :: nx = 40, ny = 30
  real :: a(nx, ny), row(ny)
  integer :: rowtype, rank, ierr, i, j
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  do j = 1, ny
     do i = 1, nx
        a(i, j) = i + 1000.0 * j
     end do
  end do

  call MPI_TYPE_VECTOR(ny, 1, nx, MPI_REAL, rowtype, ierr)
  call MPI_SENDRECV(a(2, 1), 1, rowtype, rank, 3, row, ny, MPI_REAL, rank, 3, MPI_COMM_WORLD, status, ierr) ! expect: missing-commit
  print *, rank, row(1), row(ny)

  call MPI_TYPE_FREE(rowtype, ierr)
  call MPI_FINALIZE(ierr)
end program vector_no_commit
