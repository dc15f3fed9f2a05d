! signature-mismatch: rank 0 sends its temperatures as
! MPI_DOUBLE_PRECISION, rank 1 (a single-precision post-processor) receives
! MPI_REAL into a real buffer.  Same tag and communicator, different
! signatures.
program pair_dp_vs_real
  use mpi
  implicit none
  integer, parameter :: n = 32, tag_t = 5
  double precision :: t(n)
  real :: tr(n)
  integer :: rank, ierr, i
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)

  if (rank == 0) then
     do i = 1, n
        t(i) = 273.15d0 + i
     end do
     call MPI_SEND(t, n, MPI_DOUBLE_PRECISION, 1, tag_t, MPI_COMM_WORLD, ierr)
  else if (rank == 1) then
     call MPI_RECV(tr, n, MPI_REAL, 0, tag_t, MPI_COMM_WORLD, status, ierr) ! expect: signature-mismatch
     print *, tr(1)
  end if

  call MPI_FINALIZE(ierr)
end program pair_dp_vs_real
