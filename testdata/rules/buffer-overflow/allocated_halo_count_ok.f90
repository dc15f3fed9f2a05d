! Not a finding: the halo buffer receives the n interior values of the row, the n it was
! allocated for.
program allocated_halo_count
  use mpi
  implicit none
  integer :: n, rank, ierr
  double precision, allocatable :: row(:), halo(:)
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  n = 64
  allocate(row(0:n+1), halo(n))
  row = 1.0d0
  call MPI_SENDRECV(row(1), n, MPI_DOUBLE_PRECISION, rank, 0, halo, n, MPI_DOUBLE_PRECISION, rank, 0, MPI_COMM_WORLD, status, ierr)
  deallocate(row, halo)
  call MPI_FINALIZE(ierr)
end program allocated_halo_count
