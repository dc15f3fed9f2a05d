! overlapping-receive, corrected twin of stencil_pairs_overlap.f90: the
! pairs are received with stride 2, so they are disjoint.
program stencil_pairs_overlap_ok
  use mpi
  implicit none
  integer, parameter :: n = 12
  real :: u(2 * n), src(2 * n)
  integer :: ptype, rank, ierr, i
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  do i = 1, 2 * n
     src(i) = real(i)
  end do

  call MPI_TYPE_VECTOR(n, 2, 2, MPI_REAL, ptype, ierr)
  call MPI_TYPE_COMMIT(ptype, ierr)
  call MPI_SENDRECV(src, 2*n, MPI_REAL, rank, 1, u, 1, ptype, rank, 1, MPI_COMM_WORLD, status, ierr)
  print *, rank, u(2)

  call MPI_TYPE_FREE(ptype, ierr)
  call MPI_FINALIZE(ierr)
end program stencil_pairs_overlap_ok
