! Three separate arrays sent as one message: MPI_TYPE_CREATE_HINDEXED with
! the absolute addresses of the arrays (INTEGER(KIND=MPI_ADDRESS_KIND)) and
! MPI_BOTTOM as the buffer.
program hindexed_bottom_absolute
  use mpi
  implicit none
  integer, parameter :: n1 = 10, n2 = 20, n3 = 5
  double precision :: rho(n1), e(n2), p(n3)
  integer :: blocklens(3), msgtype, rank, ierr
  integer(kind=MPI_ADDRESS_KIND) :: addrs(3)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) then
     rho = 1.0d0
     e = 2.5d0
     p = 0.4d0
  end if

  call MPI_GET_ADDRESS(rho, addrs(1), ierr)
  call MPI_GET_ADDRESS(e, addrs(2), ierr)
  call MPI_GET_ADDRESS(p, addrs(3), ierr)
  blocklens = (/ n1, n2, n3 /)
  call MPI_TYPE_CREATE_HINDEXED(3, blocklens, addrs, MPI_DOUBLE_PRECISION, msgtype, ierr)
  call MPI_TYPE_COMMIT(msgtype, ierr)

  call MPI_BCAST(MPI_BOTTOM, 1, msgtype, 0, MPI_COMM_WORLD, ierr)
  print *, rank, rho(1), e(n2), p(n3)

  call MPI_TYPE_FREE(msgtype, ierr)
  call MPI_FINALIZE(ierr)
end program hindexed_bottom_absolute
