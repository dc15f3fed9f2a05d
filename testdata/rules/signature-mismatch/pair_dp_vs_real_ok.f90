! signature-mismatch, corrected twin of pair_dp_vs_real.f90: the receiver
! takes MPI_DOUBLE_PRECISION into a double precision buffer and converts
! locally.
program pair_dp_vs_real_ok
  use mpi
  implicit none
  integer, parameter :: n = 32, tag_t = 5
  double precision :: t(n), tin(n)
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
     call MPI_RECV(tin, n, MPI_DOUBLE_PRECISION, 0, tag_t, MPI_COMM_WORLD, status, ierr)
     tr = real(tin)
     print *, tr(1)
  end if

  call MPI_FINALIZE(ierr)
end program pair_dp_vs_real_ok
