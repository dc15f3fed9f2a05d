! buffer-overflow: the halo buffer is allocated for n values, but the exchange receives the
! n + 2 values of a row with its ghost cells into it.
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
  call MPI_SENDRECV(row, n+2, MPI_DOUBLE_PRECISION, rank, 0, halo, n+2, MPI_DOUBLE_PRECISION, rank, 0, MPI_COMM_WORLD, status, ierr) ! expect: buffer-overflow
  deallocate(row, halo)
  call MPI_FINALIZE(ierr)
end program allocated_halo_count
